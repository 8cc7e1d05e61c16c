"""DIPDI one-shot function: the contract's worked examples, properties, errors."""

import importlib
import math
import warnings

import numpy as np
import pytest
from scipy.spatial.distance import jensenshannon

from tb_bias_plugin.core import validation
from tb_bias_plugin.measures.discrepancy.dipdi import dipdi, pair_discrepancies

# the package re-exports the function under the module's name
dipdi_module = importlib.import_module("tb_bias_plugin.measures.discrepancy.dipdi")

A1 = [10, 20, 30, 40]
A2 = [12, 18, 33, 40]
B1 = [15, 25, 28, 50]
B2 = [14, 22, 35, 47]
POOL_A = np.array([A1, A2], dtype=float)
POOL_B = np.array([B1, B2], dtype=float)

CA1 = [[0.9, 0.1], [0.2, 0.8], [0.5, 0.5]]
CA2 = [[0.8, 0.2], [0.3, 0.7], [0.6, 0.4]]
CB1 = [[0.6, 0.4], [0.7, 0.3], [0.5, 0.5]]
CB2 = [[0.5, 0.5], [0.6, 0.4], [0.4, 0.6]]
CLS_A = np.array([CA1, CA2])
CLS_B = np.array([CB1, CB2])


def oracle_index(pool_a, pool_b, d, pairing, sqrt_n=False):
    """Straight from the definitions, one pair at a time (test oracle)."""
    a = [np.asarray(x, float) for x in pool_a]
    b = [np.asarray(x, float) for x in pool_b]

    def big_n(x, y):
        value = np.mean(d(x, y))
        return math.sqrt(value) if sqrt_n else value

    if pairing == "paired":
        h = len(a) // 2
        ab = [big_n(a[i], b[i]) for i in range(len(a))]
        aa = [big_n(a[i], a[i + h]) for i in range(h)]
        bb = [big_n(b[i], b[i + h]) for i in range(h)]
    else:
        ab = [big_n(x, y) for x in a for y in b]
        aa = [big_n(a[i], a[j]) for i in range(len(a)) for j in range(i + 1, len(a))]
        bb = [big_n(b[i], b[j]) for i in range(len(b)) for j in range(i + 1, len(b))]
    return 2 * np.mean(np.log(ab)) - np.mean(np.log(aa)) - np.mean(np.log(bb))


def abs_d(x, y):
    return np.abs(x - y).reshape(x.shape[0], -1).mean(axis=1)


def sq_d(x, y):
    return ((x - y) ** 2).reshape(x.shape[0], -1).mean(axis=1)


def jsd_d(p, q):
    return jensenshannon(p, q, axis=-1, base=2) ** 2


# ---------------------------------------------------------------- worked examples


def test_regression_abs_worked_example():
    r = dipdi(POOL_A, POOL_B)
    m = r.pair_matrix
    # models: A1=0, A2=1, B1=2, B2=3
    assert m[0, 2] == pytest.approx(5.5)
    assert m[1, 3] == pytest.approx(3.75)
    assert m[0, 1] == pytest.approx(1.75)
    assert m[2, 3] == pytest.approx(3.5)
    assert m[0, 3] == pytest.approx(4.5)
    assert m[1, 2] == pytest.approx(6.25)
    np.testing.assert_array_equal(m, m.T)
    np.testing.assert_array_equal(np.diag(m), 0)
    assert r.dipdi == pytest.approx(math.log(20.625 / 6.125), abs=1e-12)
    assert r.dipdi == pytest.approx(1.214125, abs=5e-7)
    assert r.dipdi_bits == pytest.approx(1.751612, abs=5e-7)
    assert r.reason is None and r.n == 4 and (r.m_a, r.m_b) == (2, 2)
    assert r.between == pytest.approx((5.5 + 3.75) / 2)
    assert r.within_a == pytest.approx(1.75) and r.within_b == pytest.approx(3.5)
    assert r.pairs.between == ((0, 2), (1, 3))
    assert r.pairs.within_a == ((0, 1),) and r.pairs.within_b == ((2, 3),)
    assert r.pairs.mask(4).sum() == 8
    assert r.groups is None


def test_regression_all_pairs_worked_example():
    r = dipdi(POOL_A, POOL_B, pairing="all_pairs")
    assert r.dipdi == pytest.approx(1.369203, abs=5e-7)
    assert r.between == pytest.approx((5.5 + 3.75 + 4.5 + 6.25) / 4)
    assert len(r.pairs.between) == 4


@pytest.mark.parametrize("pairing,expected", [("paired", 2.274691), ("all_pairs", 2.487375)])
def test_regression_sq_worked_example(pairing, expected):
    assert dipdi(POOL_A, POOL_B, discrepancy="sq", pairing=pairing).dipdi == pytest.approx(
        expected, abs=5e-7
    )


@pytest.mark.parametrize("discrepancy", ["abs", "sq"])
@pytest.mark.parametrize("pairing", ["paired", "all_pairs"])
def test_affine_change_of_units_leaves_index_unchanged(discrepancy, pairing):
    before = dipdi(POOL_A, POOL_B, discrepancy=discrepancy, pairing=pairing).dipdi
    after = dipdi(12 * POOL_A + 7, 12 * POOL_B + 7, discrepancy=discrepancy, pairing=pairing).dipdi
    assert after == pytest.approx(before, rel=1e-12)
    flipped = dipdi(-3 * POOL_A + 1, -3 * POOL_B + 1, discrepancy=discrepancy, pairing=pairing)
    assert flipped.dipdi == pytest.approx(before, rel=1e-12)


def test_groups_and_excess_worked_example():
    r = dipdi(POOL_A, POOL_B, groups=["M", "M", "F", "F"])
    assert list(r.groups) == ["F", "M"]
    assert r.groups["M"].dipdi == pytest.approx(math.log(3.75), abs=1e-12)
    assert r.groups["F"].dipdi == pytest.approx(math.log(3.6), abs=1e-12)
    assert r.groups["M"].dipdi == pytest.approx(1.321756, abs=5e-7)
    assert r.groups["F"].dipdi == pytest.approx(1.280934, abs=5e-7)
    assert r.groups["M"].n == 2 and r.groups["F"].n == 2
    assert r.groups["M"].reason is None
    np.testing.assert_allclose(r.excess_discrepancy, [2, 2, -3, 7], atol=1e-12)
    assert r.excess_discrepancy.mean() == pytest.approx(2.0)
    assert r.excess_discrepancy.mean() == pytest.approx(r.between - (r.within_a + r.within_b) / 2)


def test_integer_groups_are_sorted_and_counted():
    r = dipdi(POOL_A, POOL_B, groups=np.array([7, 3, 7, 3]))
    assert list(r.groups) == [3, 7]
    assert r.groups[3].n == 2


def test_classification_worked_example():
    per = pair_discrepancies(CLS_A, CLS_B, discrepancy="jsd")
    np.testing.assert_allclose(per.between[0], [0.091305, 0.191165, 0], atol=5e-7)
    assert per.between[0][2] == 0.0  # identical rows: exactly zero
    r = dipdi(CLS_A, CLS_B, discrepancy="jsd")
    m = r.pair_matrix
    np.testing.assert_allclose([m[0, 2], m[1, 3]], [0.09415666, 0.05626904], atol=5e-9)
    np.testing.assert_allclose([m[0, 1], m[2, 3]], [0.01044875, 0.00751521], atol=5e-9)
    assert r.dipdi == pytest.approx(4.211694, abs=5e-7)
    d = dipdi(CLS_A, CLS_B, discrepancy="js_distance")
    assert d.dipdi == pytest.approx(2.105847, abs=5e-7)
    assert d.dipdi == pytest.approx(r.dipdi / 2, rel=1e-12)
    np.testing.assert_allclose(d.pair_matrix, np.sqrt(r.pair_matrix), rtol=1e-12)


def test_binary_probability_and_logits_give_the_same_index():
    expected = dipdi(CLS_A, CLS_B, discrepancy="jsd").dipdi
    binary = dipdi(CLS_A[..., 1], CLS_B[..., 1], discrepancy="jsd").dipdi
    assert binary == pytest.approx(expected, rel=1e-10)
    logits = dipdi(np.log(CLS_A) + 3.0, np.log(CLS_B) - 1.0, discrepancy="jsd", from_logits=True)
    assert logits.dipdi == pytest.approx(expected, rel=1e-10)
    binary_logit = np.log(CLS_A[..., 1] / CLS_A[..., 0]), np.log(CLS_B[..., 1] / CLS_B[..., 0])
    assert dipdi(*binary_logit, discrepancy="jsd", from_logits=True).dipdi == pytest.approx(
        expected, rel=1e-10
    )


def test_jsd_matches_scipy_including_zero_probabilities():
    rng = np.random.default_rng(3)
    p = rng.dirichlet(np.ones(6) * 0.5, size=(3, 400))
    p[:, ::7, :3] = 0.0  # exact zeros exercise 0 log 0
    p /= p.sum(axis=-1, keepdims=True)
    q = rng.dirichlet(np.ones(6) * 0.5, size=(3, 400))
    per = pair_discrepancies(p, q, discrepancy="jsd", pairing="all_pairs")
    for row, (i, j) in zip(per.between, per.pairs.between):
        np.testing.assert_allclose(row, jsd_d(p[i], q[j - 3]), rtol=1e-9, atol=1e-14)
    for row, (i, j) in zip(per.within_a, per.pairs.within_a):
        np.testing.assert_allclose(row, jsd_d(p[i], p[j]), rtol=1e-9, atol=1e-14)
    assert np.all(per.between >= 0) and np.all(per.between <= 1)


@pytest.mark.parametrize("pairing", ["paired", "all_pairs"])
def test_against_direct_oracle_with_many_chunks(monkeypatch, pairing):
    monkeypatch.setattr(dipdi_module, "_CHUNK_ELEMENTS", 64)  # many chunks
    rng = np.random.default_rng(5)
    a = rng.normal(size=(4, 1000, 3))
    b = rng.normal(0.3, 1.2, size=(4, 1000, 3))
    for name, d in (("abs", abs_d), ("sq", sq_d)):
        r = dipdi(a, b, discrepancy=name, pairing=pairing)
        assert r.dipdi == pytest.approx(oracle_index(a, b, d, pairing), rel=1e-10)
    p = rng.dirichlet(np.ones(4), size=(4, 500))
    q = rng.dirichlet(np.ones(4) * 2, size=(4, 500))
    for name, sqrt_n in (("jsd", False), ("js_distance", True)):
        r = dipdi(p, q, discrepancy=name, pairing=pairing)
        assert r.dipdi == pytest.approx(oracle_index(p, q, jsd_d, pairing, sqrt_n), rel=1e-9)


def test_excess_mean_identity_on_random_data():
    rng = np.random.default_rng(11)
    a, b = rng.normal(size=(4, 300)), rng.normal(1, 2, size=(4, 300))
    r = dipdi(a, b, pairing="all_pairs")
    assert r.excess_discrepancy.shape == (300,)
    assert r.excess_discrepancy.mean() == pytest.approx(r.between - (r.within_a + r.within_b) / 2)


# ---------------------------------------------------------------- properties


@pytest.mark.parametrize("discrepancy", ["abs", "sq", "jsd"])
@pytest.mark.parametrize("pairing", ["paired", "all_pairs"])
def test_symmetric_in_the_pools(discrepancy, pairing):
    rng = np.random.default_rng(1)
    if discrepancy == "jsd":
        a, b = rng.dirichlet(np.ones(3), size=(4, 200)), rng.dirichlet(np.ones(3) * 3, size=(4, 200))
    else:
        a, b = rng.normal(size=(4, 200)), rng.normal(0.5, 2, size=(4, 200))
    ab = dipdi(a, b, discrepancy=discrepancy, pairing=pairing).dipdi
    ba = dipdi(b, a, discrepancy=discrepancy, pairing=pairing).dipdi
    assert ab == pytest.approx(ba, rel=1e-12, abs=1e-14)


@pytest.mark.parametrize("m", [4, 6, 8])
def test_paired_pool_is_mean_of_two_model_subindices(m):
    rng = np.random.default_rng(m)
    a = rng.normal(size=(m, 250))
    b = rng.normal(0.2, 1.5, size=(m, 250))
    h = m // 2
    subs = [dipdi(a[[j, h + j]], b[[j, h + j]]).dipdi for j in range(h)]
    assert dipdi(a, b).dipdi == pytest.approx(np.mean(subs), rel=1e-12)
    # the published eq. 3 would scale the sum by 1/log2(m) instead
    if m == 8:
        assert dipdi(a, b).dipdi != pytest.approx(np.sum(subs) / math.log2(m), rel=1e-3)


def test_m2_paired_is_the_papers_equation_2():
    rng = np.random.default_rng(2)
    a, b = rng.normal(size=(2, 50)), rng.normal(size=(2, 50))
    n = lambda x, y: np.mean(np.abs(x - y))  # noqa: E731
    eq2 = math.log(n(a[0], b[0]) * n(a[1], b[1]) / (n(a[0], a[1]) * n(b[0], b[1])))
    assert dipdi(a, b).dipdi == pytest.approx(eq2, rel=1e-12)


def test_exchangeable_models_have_mean_zero():
    rng = np.random.default_rng(2024)
    x = rng.normal(size=(60, 3))
    draws = 2000
    values = np.empty(draws)
    for k in range(draws):
        w = rng.normal(size=(3, 4))  # four i.i.d. random linear models
        preds = (x @ w).T
        values[k] = dipdi(preds[:2], preds[2:]).dipdi
    se = values.std(ddof=1) / math.sqrt(draws)
    assert abs(values.mean()) < 4 * se
    assert values.std() > 0.1  # the test has power: the draws really vary


@pytest.mark.parametrize(
    "sigma_a,sigma_b", [(1.0, 2.0), (3.0, 5.0), (1.0, 1.0)]
)
def test_appendix_b_limit(sigma_a, sigma_b):
    rng = np.random.default_rng(int(10 * sigma_a + sigma_b))
    limit = math.log((sigma_a**2 + sigma_b**2) / (2 * sigma_a * sigma_b))
    draws, n = 200, 1000
    values_abs, values_sq = np.empty(draws), np.empty(draws)
    for k in range(draws):
        y = rng.uniform(30, 80, size=n)
        a = y + rng.normal(0, sigma_a, size=(2, n))
        b = y + rng.normal(0, sigma_b, size=(2, n))
        values_abs[k] = dipdi(a, b).dipdi
        values_sq[k] = dipdi(a, b, discrepancy="sq").dipdi
    se = values_abs.std(ddof=1) / math.sqrt(draws)
    assert abs(values_abs.mean() - limit) < max(5 * se, 0.01)
    # with N = mean square the index doubles (correction 6)
    assert abs(values_sq.mean() - 2 * limit) < max(5 * values_sq.std(ddof=1) / math.sqrt(draws), 0.02)


# ---------------------------------------------------------------- undefined values


def test_identical_models_in_pool_a_give_nan():
    r = dipdi([A1, A1], POOL_B)
    assert math.isnan(r.dipdi) and r.reason == "zero_within_a"
    assert r.within_a == 0.0 and r.between > 0


def test_identical_models_in_pool_b_give_nan():
    r = dipdi(POOL_A, [B2, B2], pairing="all_pairs")
    assert math.isnan(r.dipdi) and r.reason == "zero_within_b"


def test_zero_between_gives_nan():
    r = dipdi(POOL_A, POOL_A.copy())
    assert math.isnan(r.dipdi) and r.reason == "zero_between"


def test_agreeing_classifiers_give_nan():
    r = dipdi([CA1, CA1], CLS_B, discrepancy="jsd")
    assert math.isnan(r.dipdi) and r.reason == "zero_within_a"


def test_one_model_per_pool_gives_nan_but_between_and_excess():
    r = dipdi([A1], [B1], pairing="all_pairs")
    assert math.isnan(r.dipdi) and r.reason == "single_model"
    assert r.between == pytest.approx(5.5)
    assert math.isnan(r.within_a) and math.isnan(r.within_b)
    np.testing.assert_allclose(r.excess_discrepancy, [5, 5, 2, 10])
    r = dipdi([A1], POOL_B, pairing="all_pairs")
    assert r.reason == "single_model"
    # only pool B has a within pair: e_k = mean between d - within-B d
    np.testing.assert_allclose(r.excess_discrepancy, [4.5 - 1, 3.5 - 3, 3.5 - 7, 8.5 - 3])


def test_group_where_a_pool_agrees_is_nan_while_overall_is_defined():
    a = np.array([[1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 5.0, 1.0]])
    r = dipdi(a, POOL_B, groups=["x", "x", "y", "y"])
    assert r.reason is None and math.isfinite(r.dipdi)
    assert math.isnan(r.groups["x"].dipdi) and r.groups["x"].reason == "zero_within_a"
    assert r.groups["y"].reason is None


def test_no_examples_gives_nan():
    r = dipdi(np.zeros((2, 0)), np.zeros((2, 0)))
    assert math.isnan(r.dipdi) and r.reason == "empty" and r.n == 0


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "kwargs,a,b,match",
    [
        ({}, POOL_A, POOL_B[:, :3], "same examples"),
        ({}, [[1.0, np.nan, 3, 4], A2], POOL_B, "non-finite"),
        ({}, [[1.0, np.inf, 3, 4], A2], POOL_B, "non-finite"),
        ({}, np.array([A1, A2, A1]), np.array([B1, B2, B1]), "all_pairs"),
        ({}, POOL_A, np.array([B1, B2, B1, B2]), "all_pairs"),
        ({"discrepancy": "kl"}, POOL_A, POOL_B, "unknown discrepancy"),
        ({"pairing": "random"}, POOL_A, POOL_B, "unknown pairing"),
        ({}, np.array(A1), np.array(B1), "ndim=1"),
        ({}, np.zeros((2, 4, 1, 1)), np.zeros((2, 4, 1, 1)), "ndim=4"),
        ({}, np.zeros((0, 4)), POOL_B, "no model"),
        ({}, np.zeros((2, 4, 2)), np.zeros((2, 4, 3)), "output shape"),
        ({}, np.array([["a", "b"]] * 2), np.array([["a", "b"]] * 2), "real numbers"),
        ({"groups": ["M", "F"]}, POOL_A, POOL_B, "2 labels but there are 4"),
        ({"groups": [["M", "F"], ["M", "F"]]}, POOL_A, POOL_B, r"all strings or all integers; got \['M', 'F'\]"),
        ({"groups": [1.0, np.nan, 2.0, 2.0]}, POOL_A, POOL_B, "all strings or all integers; got 1.0"),
        ({"discrepancy": "sq", "from_logits": True}, POOL_A, POOL_B, "from_logits"),
        ({"discrepancy": "jsd"}, CLS_A[..., :1], CLS_B[..., :1], "single class"),
        # logits said to be so, with the option that reads them (was the range alone)
        ({"discrepancy": "jsd"}, [[[1.2, -0.2]] * 3, CA2], CLS_B, r"outside .*; for logits pass from_logits=True$"),
        ({"discrepancy": "jsd"}, [[[0.7, 0.4]] * 3, CA2], CLS_B, r"sums to .*; for logits pass from_logits=True$"),
        ({"discrepancy": "jsd"}, [[0.2, 1.5, 0.1], [0.3, 0.2, 0.1]], CLS_B[..., 1], "outside"),
        ({"discrepancy": "jsd", "from_logits": True}, [[[np.nan, 1.0]] * 3, CA2], CLS_B, r"non-finite [^;]*$"),
        ({"discrepancy": "jsd"}, [[[np.nan, 1.0]] * 3, CA2], CLS_B, r"non-finite [^;]*$"),  # no logits hint
        # pools given as [examples, models] fail the pairing or the example count before any warning could say so
        ({}, np.zeros((301, 4)), np.zeros((301, 4)), r"m_a=301 .* \(the pools hold more models, 301 and 301, than "
                                                     r"examples; a pool is \[models, examples, \.\.\.\]: were they "
                                                     r"transposed\?\)$"),
        ({}, np.zeros((300, 4)), np.zeros((300, 6)), r"pool_a has 4 examples, pool_b has 6 \(the pools hold more "
                                                     r"models, 300 and 300, than examples; .*transposed\?\)$"),
        ({}, np.zeros((3, 5)), np.zeros((3, 5)), r"odd or unequal pool sizes$"),  # 3 models of 5 examples: no hint
        # once NumPy's "inhomogeneous shape", naming no pool
        ({}, POOL_A, [[0.1, 0.2, 0.3, 0.4], [0.1, 0.2]], "pool_b is ragged"),
    ],
)
def test_bad_input_raises_value_error_naming_the_problem(kwargs, a, b, match):
    with pytest.raises(ValueError, match=match):
        dipdi(a, b, **kwargs)


def test_probability_row_sum_tolerance_is_1e_4():
    ok = CLS_A.copy()
    ok[0, 0] = [0.9 + 5e-5, 0.1]
    assert math.isfinite(dipdi(ok, CLS_B, discrepancy="jsd").dipdi)
    bad = CLS_A.copy()
    bad[0, 0] = [0.9 + 2e-4, 0.1]
    with pytest.raises(ValueError, match="model 0, example 0"):
        dipdi(bad, CLS_B, discrepancy="jsd")


def test_a_float32_softmax_over_many_classes_is_a_probability_row():
    """A float32 softmax over 30,000 classes sums to 1 within about 1e-5, not 1e-6: DIPDI refused
    what sensitivity accepted from the same model (review). One rule for both now."""
    from tb_bias_plugin.measures.sensitivity.sensitivity import check_probabilities

    rng = np.random.default_rng(0)
    z = rng.normal(size=(4, 8, 30_000)).astype(np.float32) * 3
    p = np.exp(z - z.max(axis=-1, keepdims=True))
    p = p / p.sum(axis=-1, keepdims=True, dtype=np.float32)
    p[0, 0] *= np.float32(1 + 2e-5)  # as far off as PyTorch's float32 softmax gets here
    assert 1e-6 < abs(p[0, 0].sum(dtype=np.float64) - 1) < 1e-4
    assert math.isfinite(dipdi(p[:2], p[2:], discrepancy="jsd").dipdi)
    check_probabilities(p[0])
    # and a value past 1, however little, is no probability to either (sensitivity allowed 1 + 1e-4)
    with pytest.raises(ValueError, match="not probabilities"):
        check_probabilities(np.array([[1 + 5e-5]]), "sigmoid")
    with pytest.raises(ValueError, match="outside"):
        dipdi(np.full((2, 3), 1 + 5e-5), np.full((2, 3), 0.5), discrepancy="jsd")


def _float16_softmax(rng, shape):
    z = rng.normal(size=shape) * 2
    p = np.exp(z - z.max(axis=-1, keepdims=True))
    return (p / p.sum(axis=-1, keepdims=True)).astype(np.float16)


def test_a_float16_softmax_is_a_probability_row_as_it_is_to_sensitivity():
    """A float16 softmax over 3 classes sums to 1 only to float16's rounding (about 1e-3): DIPDI refused
    it against float32's 1e-4 ("sums to 1.0001220703125") while sensitivity took it (review)."""
    from tb_bias_plugin.measures.sensitivity.sensitivity import check_probabilities

    rng = np.random.default_rng(0)
    a, b = _float16_softmax(rng, (2, 50, 3)), _float16_softmax(rng, (2, 50, 3))
    assert np.abs(a.sum(axis=-1, dtype=np.float64) - 1).max() > 1e-4  # what was refused
    a64, b64 = (p.astype(np.float64) / p.sum(axis=-1, keepdims=True, dtype=np.float64) for p in (a, b))
    want = dipdi(a64, b64, discrepancy="jsd").dipdi
    assert dipdi(a, b, discrepancy="jsd").dipdi == pytest.approx(want, rel=1e-9)  # the rows renormalised
    np.testing.assert_allclose(pair_discrepancies(a, b, discrepancy="jsd").between,
                               pair_discrepancies(a64, b64, discrepancy="jsd").between, rtol=1e-9, atol=1e-15)
    check_probabilities(a[0], tol=validation.probability_sum_tolerance("float16"))
    # a row that is off by more than float16's rounding is still no probability row, to both
    a[1, 7] = np.array([0.5, 0.5, 0.01], dtype=np.float16)
    with pytest.raises(ValueError, match=r"pool_a has a probability row that sums to 1\.0.*\(model 1, example 7\)"):
        dipdi(a, b, discrepancy="jsd")
    with pytest.raises(ValueError, match=r"sums to 1\.0.* \(row 7\)"):
        check_probabilities(a[1], tol=validation.probability_sum_tolerance("float16"))


def test_a_pytorch_bfloat16_softmax_keeps_bfloat16s_tolerance_through_widening():
    """NumPy has no bfloat16, so a PyTorch bfloat16 pool arrives widened to float32: its rows, off by
    bfloat16's rounding (about 1e-2), were held to float32's 1e-4 and refused (review)."""
    torch = pytest.importorskip("torch")
    from tb_bias_plugin import DipdiAccumulator

    rng = np.random.default_rng(1)
    a, b = (torch.softmax(torch.tensor(rng.normal(size=(2, 40, 5)) * 2), dim=-1).to(torch.bfloat16)
            for _ in range(2))
    sums = a.float().sum(dim=-1).double().numpy()
    assert np.abs(sums - 1).max() > 1e-3  # past float32's and float16's tolerance
    a64, b64 = (p.double().numpy() / p.double().sum(dim=-1, keepdim=True).numpy() for p in (a, b))
    want = dipdi(a64, b64, discrepancy="jsd").dipdi
    assert dipdi(a, b, discrepancy="jsd").dipdi == pytest.approx(want, rel=1e-6)
    got = DipdiAccumulator(discrepancy="jsd").update(a, b).result().dipdi
    assert got == pytest.approx(want, rel=1e-6)
    np.testing.assert_allclose(pair_discrepancies(a, b, discrepancy="jsd").between,
                               pair_discrepancies(a64, b64, discrepancy="jsd").between, rtol=1e-6, atol=1e-12)
    # the same values as a float32 tensor are held to float32's tolerance: the dtype, not the values, decides
    with pytest.raises(ValueError, match=r"pool_a has a probability row that sums to"):
        dipdi(a.float(), b.float(), discrepancy="jsd")


def test_pair_discrepancies_validates_like_dipdi():
    with pytest.raises(ValueError, match="all_pairs"):
        pair_discrepancies(np.array([A1, A2, A1]), np.array([B1, B2, B1]))


def test_empty_pools_are_an_error_in_the_summary_though_dipdi_answers_nan(tmp_path):
    from tb_bias_plugin import DipdiAccumulator, summary

    with summary.Writer(tmp_path) as writer:
        with pytest.raises(ValueError, match=r"hold no examples \(shapes \(4, 0\) and \(4, 0\)\)"):
            writer.prediction_discrepancy("x", np.zeros((4, 0)), np.zeros((4, 0)), step=0)
        with pytest.raises(ValueError, match="hold no examples"):
            writer.prediction_discrepancy("x", np.zeros((2, 0, 3)), np.zeros((2, 0, 3)), discrepancy="jsd")
    acc = DipdiAccumulator().update(np.zeros((4, 0)), np.zeros((4, 0)))  # an empty shard adds nothing
    assert acc.n == 0


@pytest.mark.parametrize("groups, match", [
    (["M", 1, "F", "F"], r"groups must be all strings or all integers; got 1"),
    (["M", None, "F", "F"], r"got None"),
    ([True, False, True, False], r"got True"),
    ([0.5, 0.5, 1.5, 1.5], r"got 0.5"),
    ("MMFF", "not a single string"),
])
def test_groups_are_all_strings_or_all_integers(groups, match):
    # a record names a group by its text: ["M", 1] once became strings without a word, and None reached a sort
    a, b = np.zeros((2, 4)), np.ones((2, 4))
    with pytest.raises(ValueError, match=match):
        dipdi(a, b, groups=groups)
    assert sorted(dipdi(a, b, groups=np.array(["M", "M", "F", "F"], dtype=object)).groups) == ["F", "M"]
    assert sorted(dipdi(a, b, groups=[np.int64(2), 1, 1, 2]).groups) == [1, 2]


def test_example_ids_may_mix_strings_and_integers():
    # a record stores ids as text and never groups by them: mixed ids are fine (only groups are one kind);
    # what an id may be is the one rule of core/example_ids.py (tests/measures/test_example_ids.py)
    from tb_bias_plugin.measures.discrepancy.accumulator import DipdiAccumulator

    acc = DipdiAccumulator(top_k=4).update(np.zeros((2, 4)), np.ones((2, 4)), example_ids=[1, "b", 3, b"d"])
    assert sorted(map(str, acc.result().top_examples.example_ids.tolist())) == ["1", "3", "b", "d"]


def test_pools_that_look_transposed_are_warned_about():
    # 4 models x 50 examples given as 50 models on 4 examples logged silently, with another value
    rng = np.random.default_rng(0)
    a, b = rng.random((4, 50)), rng.random((4, 50)) + 0.3
    with pytest.warns(UserWarning, match=r"more models \(50 \+ 50\) than examples \(4\).*transposed"):
        dipdi(a.T, b.T)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.isfinite(dipdi(a, b).dipdi)


@pytest.mark.parametrize("discrepancy", ["abs", "sq"])
def test_per_example_d_of_several_outputs_is_every_pairs_own(discrepancy):
    # paired pools of 2: model 0's pairs (0, 2) and (0, 1) are not in a run, and their d of [n, t]
    # outputs was averaged into a copy, leaving uninitialised memory in the stored per-example d
    rng = np.random.default_rng(3)
    a, b = rng.random((2, 50, 3)), rng.random((2, 50, 3))
    per = pair_discrepancies(a, b, discrepancy=discrepancy)
    models = np.concatenate([a, b])
    for values, pairs in ((per.between, per.pairs.between), (per.within_a, per.pairs.within_a),
                          (per.within_b, per.pairs.within_b)):
        for row, (i, j) in zip(values, pairs):
            diff = models[i] - models[j]
            want = (np.abs(diff) if discrepancy == "abs" else diff**2).mean(axis=-1)
            np.testing.assert_allclose(row, want, rtol=1e-12, atol=0)


def test_per_example_excess_equal_up_to_rounding_is_logged(tmp_path):
    # NumPy's "Too many bins for data range" when e_k was one value at 1e17, a few ULPs apart
    import plugin_fixtures as fx
    from tb_bias_plugin import summary

    a = np.zeros((2, 6))
    b = np.full((2, 6), 1e17)
    b[0, 3] = np.nextafter(1e17, 2e17)
    with summary.Writer(tmp_path) as writer:
        writer.prediction_discrepancy("x", a, b, step=0)
    (_, _, stored), = fx.read_logdir(tmp_path).values()
    edges = stored.replicates[0].excess_edges
    assert edges.size == 41 and (np.diff(edges) > 0).all()


# ---------------------------------------------------------------- the default discrepancy


def test_class_probabilities_scored_by_the_default_are_warned_of():
    from tb_bias_plugin.measures.discrepancy.dipdi import ClassProbabilitiesWarning

    with pytest.warns(ClassProbabilitiesWarning, match=r"pool_a's rows look like class probabilities .*2 outputs.* "
                                                        r"Pass discrepancy='jsd'"):
        defaulted = dipdi(CLS_A, CLS_B)
    # the warning changes nothing of the index: it is "abs", as when given
    assert defaulted.dipdi == dipdi(CLS_A, CLS_B, discrepancy="abs").dipdi
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dipdi(CLS_A, CLS_B, discrepancy="abs")  # given: not warned
        dipdi(CLS_A, CLS_B, discrepancy="jsd")
        pair_discrepancies(CLS_A, CLS_B, discrepancy="abs")
        dipdi(CLS_A + 0.5, CLS_B + 0.5)  # several regression outputs, rows not summing to 1
        dipdi(np.abs(CLS_A - 1.5), np.abs(CLS_B - 1.5))
        dipdi(CLS_A[:, :, 0], CLS_B[:, :, 0])  # one output per example: as often a regression target
    with pytest.warns(ClassProbabilitiesWarning):
        pair_discrepancies(CLS_A, CLS_B)
    # either pool: pool B's class probabilities against pool A's regression outputs (only A was looked at)
    with pytest.warns(ClassProbabilitiesWarning, match=r"^pool_b's rows look like class probabilities") as caught:
        dipdi(CLS_A + 0.5, CLS_B)
    assert [(w.message.pool, w.message.outputs) for w in caught] == [("pool_b", 2)]


def test_logits_without_a_discrepancy_are_scored_by_the_jsd():
    logits_a, logits_b = np.log(CLS_A) + 3.0, np.log(CLS_B) - 1.0
    assert dipdi(logits_a, logits_b, from_logits=True).dipdi == pytest.approx(
        dipdi(CLS_A, CLS_B, discrepancy="jsd").dipdi, rel=1e-12)
    with pytest.raises(ValueError, match="from_logits=True needs a probability discrepancy"):
        dipdi(logits_a, logits_b, discrepancy="abs", from_logits=True)
