"""Replicate statistics and the bootstrap over examples, against scipy and brute force."""

import math
import statistics

import numpy as np
import pytest
from scipy.stats import wilcoxon
from signed_rank_oracle import scipy_default_signed_rank, ties_or_zeros

from tb_bias_plugin.measures.discrepancy.dipdi import dipdi, pair_discrepancies
from tb_bias_plugin.measures.discrepancy.replicates import (
    bootstrap_dipdi,
    replicate_summary,
    wilcoxon_signed_rank,
)


def wilcoxon_cases():
    rng = np.random.default_rng(0)
    cases = []
    for size in (2, 3, 5, 6, 9, 13, 14, 20, 35, 50, 51, 80):
        for shift in (0.0, 0.4, 1.5):
            x = rng.normal(shift, 1.0, size)
            cases.append((f"n{size}-s{shift}", x))
            if size != 13 or shift == 1.5:  # scipy's own n=13 permutation test is slow
                cases.append((f"n{size}-s{shift}-ties", np.round(x * 2) / 2))  # ties and zeros
    cases.append(("all-zero-small", np.zeros(5)))
    cases.append(("all-zero-large", np.zeros(20)))
    cases.append(("mixed", np.array([1.0, -1, 1, 1, 2, 2, -2, 0])))
    return cases


@pytest.mark.parametrize("name,x", wilcoxon_cases(), ids=[c[0] for c in wilcoxon_cases()])
def test_wilcoxon_matches_scipy_default(name, x):
    ours = wilcoxon_signed_rank(x)
    ref = scipy_default_signed_rank(x)
    assert ours.statistic == pytest.approx(float(ref.statistic), abs=1e-9)
    if math.isnan(ref.pvalue):
        assert math.isnan(ours.pvalue)
    else:
        assert ours.pvalue == pytest.approx(float(ref.pvalue), rel=1e-10, abs=1e-15)
    expected_method = "exact" if len(x) <= (13 if ties_or_zeros(x) else 50) else "normal"
    assert ours.method == expected_method


@pytest.mark.parametrize("size,floor", [(5, 0.0625), (6, 0.03125), (10, 0.001953125)])
def test_exact_test_floor_is_two_over_two_to_the_r(size, floor):
    assert wilcoxon_signed_rank(np.arange(1.0, size + 1)).pvalue == pytest.approx(floor, rel=1e-12)
    assert wilcoxon_signed_rank(-np.arange(1.0, size + 1)).pvalue == pytest.approx(floor, rel=1e-12)


def test_replicate_summary_mean_std_and_test():
    values = [1.2, 1.9, 1.1, 1.45, 1.6, 1.28, 1.7, 1.3, 1.05, 1.9]
    s = replicate_summary(values)
    assert s.mean == pytest.approx(statistics.mean(values))
    assert s.std == pytest.approx(statistics.stdev(values))  # ddof = 1
    assert s.n == 10
    assert s.pvalue == pytest.approx(wilcoxon(values).pvalue)


def test_single_replicate_has_nan_std():
    s = replicate_summary([0.4])
    assert s.mean == 0.4 and math.isnan(s.std) and s.pvalue == 1.0


@pytest.mark.parametrize("values,match", [([], "empty"), ([1.0, np.nan], r"positions \[1\]"), ([[1.0, 2.0]], "1-D")])
def test_replicate_summary_rejects_bad_input(values, match):
    with pytest.raises(ValueError, match=match):
        replicate_summary(values)


@pytest.mark.parametrize("seed", [-1, "x", 1.5, True])
def test_bootstrap_names_a_bad_seed(seed):
    per = pair_discrepancies([[10, 20, 30, 40], [12, 18, 33, 40]], [[15, 25, 28, 50], [14, 22, 35, 47]])
    with pytest.raises(ValueError, match="seed must be a non-negative integer"):
        bootstrap_dipdi(per, seed=seed)


@pytest.mark.parametrize("n_resamples", [0, 10**12])  # 10**12 was a MemoryError
def test_bootstrap_names_a_number_of_resamples_out_of_range(n_resamples):
    per = pair_discrepancies([[10, 20, 30, 40], [12, 18, 33, 40]], [[15, 25, 28, 50], [14, 22, 35, 47]])
    with pytest.raises(ValueError, match=f"^n_resamples must be an integer from 1 to 1000000, got {n_resamples}$"):
        bootstrap_dipdi(per, n_resamples=n_resamples)


def _pools(rng, n, shift=0.5):
    y = rng.uniform(30, 80, n)
    a = y + rng.normal(0, 1.0, size=(2, n))
    b = y + shift + rng.normal(0, 2.0, size=(2, n))
    return a, b


def test_bootstrap_equals_brute_force_resampling():
    rng = np.random.default_rng(4)
    a, b = _pools(rng, 40)
    ci = bootstrap_dipdi(pair_discrepancies(a, b), n_resamples=300, confidence=0.9, seed=17)
    # the same generator stream, resampled by hand and recomputed with dipdi()
    draws = np.random.default_rng(17).integers(0, 40, size=(300, 40))
    values = [dipdi(a[:, idx], b[:, idx]).dipdi for idx in draws]
    low, high = np.quantile(values, [0.05, 0.95])
    assert ci.low == pytest.approx(low, rel=1e-9)
    assert ci.high == pytest.approx(high, rel=1e-9)
    assert ci.estimate == pytest.approx(dipdi(a, b).dipdi, rel=1e-12)
    assert ci.n_resamples == 300 and ci.n_undefined == 0 and ci.confidence == 0.9


def test_bootstrap_contains_estimate_shrinks_with_n_and_is_labelled():
    rng = np.random.default_rng(5)
    widths = []
    for n in (200, 5000):
        a, b = _pools(rng, n)
        ci = bootstrap_dipdi(pair_discrepancies(a, b, pairing="all_pairs"), seed=1)
        assert ci.low <= ci.estimate <= ci.high
        assert ci.n_resamples == 1000
        assert ci.covers == "test-set sampling only"
        widths.append(ci.high - ci.low)
    # the width scales like 1/sqrt(n): 25x the examples, about 1/5 the width
    assert widths[1] < widths[0] / 3


def test_bootstrap_is_seeded():
    rng = np.random.default_rng(6)
    per = pair_discrepancies(*_pools(rng, 300))
    assert bootstrap_dipdi(per, seed=3) == bootstrap_dipdi(per, seed=3)
    assert bootstrap_dipdi(per, seed=3).low != bootstrap_dipdi(per, seed=4).low


def test_bootstrap_js_distance_is_half_of_jsd():
    rng = np.random.default_rng(7)
    p = rng.dirichlet(np.ones(3), size=(2, 300))
    q = rng.dirichlet(np.ones(3) * 4, size=(2, 300))
    jsd = bootstrap_dipdi(pair_discrepancies(p, q, discrepancy="jsd"), n_resamples=200)
    dist = bootstrap_dipdi(pair_discrepancies(p, q, discrepancy="js_distance"), n_resamples=200)
    for attr in ("estimate", "low", "high"):
        assert getattr(dist, attr) == pytest.approx(getattr(jsd, attr) / 2, rel=1e-10)


def test_bootstrap_counts_undefined_resamples():
    # pool A agrees except on one example: resamples missing it have N_AA = 0
    a = np.array([[1.0, 2, 3, 4, 5, 6], [1.0, 2, 3, 4, 5, 9]])
    b = np.array([[2.0, 1, 5, 3, 7, 6], [0.0, 3, 4, 6, 5, 8]])
    ci = bootstrap_dipdi(pair_discrepancies(a, b), n_resamples=500, seed=2)
    # P(example 6 never drawn in 6 draws) = (5/6)^6 ~ 0.335
    assert 0.25 < ci.n_undefined / 500 < 0.42
    assert ci.low <= ci.estimate <= ci.high


def test_bootstrap_single_model_is_nan():
    ci = bootstrap_dipdi(pair_discrepancies([[1.0, 2, 3]], [[2.0, 2, 5]], pairing="all_pairs"))
    assert math.isnan(ci.estimate) and math.isnan(ci.low) and math.isnan(ci.high)


@pytest.mark.parametrize(
    "kwargs,match",
    [({"n_resamples": 0}, "n_resamples"), ({"confidence": 1.0}, "confidence"), ({"confidence": 0}, "confidence")],
)
def test_bootstrap_rejects_bad_options(kwargs, match):
    per = pair_discrepancies([[1.0, 2], [2.0, 3]], [[0.0, 1], [5.0, 2]])
    with pytest.raises(ValueError, match=match):
        bootstrap_dipdi(per, **kwargs)


def test_bootstrap_rejects_raw_arrays_and_no_examples():
    with pytest.raises(ValueError, match="pair_discrepancies"):
        bootstrap_dipdi(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="no examples"):
        bootstrap_dipdi(pair_discrepancies(np.zeros((2, 0)), np.zeros((2, 0))))
