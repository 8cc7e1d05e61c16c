"""Exact oracles for the NumPy half: entropy table, DV arithmetic, log-space EMA, validation."""

import dataclasses
import math

import numpy as np
import pytest

from tb_bias_plugin.measures.representation.entropy import (
    FLAG_NOISE_FLOOR,
    FLAG_NOT_CONVERGED,
    FLAG_OUTSIDE_UNIT,
    FLAG_SMALL_CLASS,
    FLAG_SMALL_SAMPLE,
    SINGLE_CONTROL_BAND,
    RepresentationBiasResult,
    bias_ratio,
    class_counts,
    control_half_width,
    convergence_rise,
    dv_bound,
    dv_bound_exact_marginal,
    log_ema,
    logmeanexp,
    loose_reason,
    result_flags,
    shannon_entropy,
    validate_protected,
    validate_representations,
)

# Class split -> (Shannon, the paper's eq. 2); docs/measures/representation.md, "Where we depart from the paper".
TABLE = [
    ([50, 50], 0.693147, 0.693147),
    ([61.4, 38.6], 0.666925, 0.719839),
    ([70, 30], 0.610864, 0.780324),
    ([90, 10], 0.325083, 1.203973),
    ([99, 1], 0.056002, 2.307610),
    ([40, 30, 20, 10], 1.279854, 1.508072),
]


@pytest.mark.parametrize("split, shannon, eq2", TABLE)
def test_entropy_table_is_shannon_not_eq2(split, shannon, eq2):
    assert shannon_entropy(split) == pytest.approx(shannon, abs=5e-7)
    # Counts rather than percentages give the same value.
    assert shannon_entropy(np.asarray(split) * 10) == pytest.approx(shannon, abs=5e-7)
    p = np.asarray(split, float) / sum(split)
    # eq. 2 is a different quantity wherever the split is not balanced.
    assert -np.mean(np.log(p)) == pytest.approx(eq2, abs=5e-7)
    if split[0] != 50:
        assert abs(shannon_entropy(split) - eq2) > 0.02


def test_single_class_entropy_is_zero_and_bias_nan():
    assert shannon_entropy([100, 0]) == 0.0
    assert math.isnan(bias_ratio(0.3, shannon_entropy([100, 0])))


def test_class_counts():
    assert class_counts(np.array([2, 0, 2, 2])).tolist() == [1, 0, 3]
    assert class_counts([0, 1], n_classes=4).tolist() == [1, 1, 0, 0]
    with pytest.raises(ValueError):
        class_counts([0, 5], n_classes=3)


def test_dv_arithmetic():
    expected = 2 - math.log((1 + math.e + math.e ** 2) / 3)
    assert dv_bound([1, 2, 3], [0, 1, 2]) == pytest.approx(0.6910063, abs=1e-7)
    assert dv_bound([1, 2, 3], [0, 1, 2]) == pytest.approx(expected, rel=1e-12)
    assert dv_bound([4.2] * 5, [4.2] * 7) == pytest.approx(0.0, abs=1e-12)


def test_dv_without_overflow():
    assert dv_bound([1000, 1001], [1000, 1002]) == pytest.approx(-0.9337808, abs=1e-7)
    assert logmeanexp([1e4, 1e4]) == 1e4


def test_exact_marginal_matches_brute_force():
    rng = np.random.default_rng(0)
    t = rng.normal(size=(50, 3))
    z = rng.integers(0, 3, 50)
    p = np.bincount(z, minlength=3) / 50
    joint = t[np.arange(50), z]
    # Brute force: the product of marginals as an explicit weighted list.
    brute = joint.mean() - math.log(sum(p[c] * math.exp(t[i, c]) for i in range(50) for c in range(3)) / 50)
    assert dv_bound_exact_marginal(joint, t, p) == pytest.approx(brute, rel=1e-12)
    # An empty class carries no weight.
    t4 = np.concatenate([t, np.full((50, 1), 50.0)], axis=1)
    assert dv_bound_exact_marginal(joint, t4, np.append(p, 0)) == pytest.approx(brute, rel=1e-12)


def test_log_ema_sequence_of_correction_5():
    got = np.exp(log_ema(np.log([1.0, 2.0, 4.0]), 0.5))
    np.testing.assert_allclose(got, [1.0, 1.5, 2.75], rtol=1e-12)


def test_log_ema_matches_linear_recursion_and_survives_large_values():
    rng = np.random.default_rng(1)
    m = rng.uniform(0.1, 5, 200)
    ema = [m[0]]
    for x in m[1:]:
        ema.append(0.99 * ema[-1] + 0.01 * x)
    np.testing.assert_allclose(np.exp(log_ema(np.log(m), 0.01)), ema, rtol=1e-10)
    big = log_ema(np.log(m) + 2000.0, 0.01)  # exp(2000) overflows; log space does not
    np.testing.assert_allclose(big - 2000.0, np.log(ema), rtol=1e-10)


def test_bias_ratio_is_not_clipped():
    assert bias_ratio(1.2770 * 1.0008, 1.2770) == pytest.approx(1.0008)
    assert bias_ratio(-0.01, 0.693) < 0


@pytest.mark.parametrize("bad, match", [
    (np.array([[1.0, np.nan], [0.0, 0.0]]), "non-finite"),
    (np.array([[1.0, np.inf], [0.0, 0.0]]), "non-finite"),
    (np.zeros(5), "2-D"),
    (np.zeros((0, 3)), "empty"),
    (np.zeros((3, 0)), "empty"),
    ([["a", "b"]], "array of numbers"),
    (np.array([["0.5", "1.5"], ["2", "3"]]), "representations must be an array of numbers"),  # not parsed
    (np.ones((2, 2), dtype=complex), "array of numbers"),
])
def test_bad_representations(bad, match):
    with pytest.raises(ValueError, match=match):
        validate_representations(bad)


@pytest.mark.parametrize("bad, match", [
    (np.array([0, 1]), "3 rows"),
    (np.array([[0, 1, 1]]), "1-D"),
    (np.array([0.0, 1.0, 1.0]), "float"),
    (np.array([0, -1, 1]), ">= 0"),
    (np.array(["a", "b", "a"]), "integer"),
    (np.array([0, 10**6, 1]), "at most 1023 .*got 1000000"),  # would need terabytes
    (np.array([0, 2**63 + 5, 1], dtype=np.uint64), "got 9223372036854775813"),  # the real value
])
def test_bad_protected(bad, match):
    with pytest.raises(ValueError, match=match):
        validate_protected(bad, 3)


def test_continuous_protected_is_accepted_only_when_asked():
    z = np.array([0.1, 2.5, -1.0])
    assert validate_protected(z, 3, continuous=True).dtype == np.float64
    with pytest.raises(ValueError, match="non-finite"):
        validate_protected(np.array([0.1, np.nan, 1.0]), 3, continuous=True)
    assert validate_protected(np.array([True, False, True]), 3).tolist() == [1, 0, 1]


def test_convergence_rise_and_flags():
    steps = np.arange(100, 3001, 100)
    rising = 0.3 + 1e-4 * steps  # still +0.06 nats over the last 600 steps
    flat = np.full(steps.shape, 0.3)
    assert convergence_rise(steps, rising, 3000) == pytest.approx(0.06)
    assert convergence_rise(steps, flat, 3000) == pytest.approx(0.0, abs=1e-12)
    assert FLAG_NOT_CONVERGED in result_flags(0.5, [], 0.06, 0.01, 8000, [100, 100])
    assert result_flags(0.5, [0.0], 0.0, 0.01, 8000, [100, 100]) == ()
    assert result_flags(-0.01, [0.0], 0.0, 0.01, 8000, [100, 100]) == (
        FLAG_NOISE_FLOOR, FLAG_OUTSIDE_UNIT)
    # A band from several permutations: 2 sd, pooled with the single-permutation guess.
    assert FLAG_NOISE_FLOOR in result_flags(0.05, [0.0, 0.04, -0.04], 0.0, 0.01, 8000, None)
    assert FLAG_NOISE_FLOOR not in result_flags(0.2, [0.0, 0.04, -0.04], 0.0, 0.01, 8000, None)
    # Permutations that all gave one value (the classifier bound's when every fold kept the class shares)
    # measure no spread: not a band of width 0.
    assert FLAG_NOISE_FLOOR in result_flags(0.01, [-1e-4] * 3, 0.0, 0.01, 8000, None)
    assert FLAG_NOISE_FLOOR not in result_flags(0.03, [-1e-4] * 3, 0.0, 0.01, 8000, None)
    # Continuous attribute (no counts): no [0, 1] flag on an MI value.
    assert result_flags(1.7, [], 0.0, 0.01, 8000, None) == ()
    assert result_flags(0.5, [], 0.0, 0.01, 500, [5, 495]) == (FLAG_SMALL_CLASS, FLAG_SMALL_SAMPLE)


def test_control_band_is_not_narrowed_by_few_runs():
    # One value and a rare excursion, as the classifier's controls are when one fold left `shares`:
    # 2 sd of the runs alone was 0.0045, which would call B = 0.01 outside the noise.
    runs = [0.0, 0.0, -0.0039]
    assert 2 * np.std(runs, ddof=1) == pytest.approx(0.0045, abs=1e-4)
    assert control_half_width(runs) == pytest.approx(2 * np.sqrt((2e-4 + np.var(runs) * 3) / 4), rel=1e-12)
    assert FLAG_NOISE_FLOOR in result_flags(0.01, runs, 0.0, 0.01, 8000, None)
    # a single run keeps the 0.02 band; many runs are read for themselves (about 2 sd of them)
    assert control_half_width([0.004]) == pytest.approx(SINGLE_CONTROL_BAND)
    many = np.random.default_rng(1).normal(0.0, 0.002, 2000)
    assert control_half_width(many) == pytest.approx(2 * many.std(ddof=1), rel=0.02)
    # the bounds' agreement reads the same bands: two bounds 0.012 apart with 3 runs each are not loose
    assert loose_reason(0.50, [0.001, -0.002, 0.0], 0.512, [0.0, 0.0, -0.001]) is None
    assert loose_reason(0.50, [0.001, -0.002, 0.0], 0.54, [0.0, 0.0, -0.001]) is not None


def test_result_round_trips_through_a_plain_dict():
    res = RepresentationBiasResult(
        bias=0.5, mutual_information=0.3466, mutual_information_sampled=0.31, entropy=0.6931,
        control_bias=0.001, control_mutual_information=0.0007, control_biases=[0.001],
        control_mutual_informations=[0.0007], train_curve=[0.1, 0.2], heldout_steps=[2],
        heldout_curve=[0.3], class_counts=[4000, 4000], n=8000, n_train=5600, n_heldout=2400,
        settings={"steps": 2, "seed": 0}, flags=["not_converged"])
    d = res.to_dict()
    assert isinstance(d["settings"], dict) and isinstance(d["flags"], list)
    assert all(isinstance(v, (int, float, str, list, dict, np.ndarray, type(None)))
               for v in d.values())
    back = RepresentationBiasResult.from_dict(d)
    assert back.to_dict().keys() == d.keys()
    for k, v in d.items():
        np.testing.assert_equal(back.to_dict()[k], v)
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.bias = 1.0  # frozen
    with pytest.raises(ValueError):
        res.train_curve[0] = 1.0  # read-only array


@pytest.mark.parametrize("data", [None, [("bias", 0.1)], "bias"])
def test_from_dict_of_something_else_than_a_mapping_says_so(data):
    with pytest.raises(ValueError, match="from_dict needs a mapping"):
        RepresentationBiasResult.from_dict(data)
