"""The shared rank, test and normal kernels against scipy and direct formulas."""

import math
import warnings

import numpy as np
import pytest
import scipy.stats
from signed_rank_oracle import scipy_default_signed_rank, ties_or_zeros

from tb_bias_plugin.core import stats


def _series(rng, n, ties):
    x = rng.normal(size=n)
    return np.round(x * 2) / 2 if ties else x


@pytest.mark.parametrize("n", [0, 1, 2, 7, 100, 1000])
@pytest.mark.parametrize("ties", [False, True])
def test_average_ranks_equal_scipy_rankdata(n, ties):
    x = _series(np.random.default_rng(n), n, ties)
    np.testing.assert_allclose(stats.average_ranks(x), scipy.stats.rankdata(x, method="average"), rtol=0, atol=1e-12)


def test_average_ranks_of_integers_and_infinities():
    x = [3, -np.inf, 3, np.inf, 0, np.inf]
    np.testing.assert_allclose(stats.average_ranks(x), scipy.stats.rankdata(x), rtol=0, atol=1e-12)


def test_tie_sizes_are_the_runs_of_equal_values_in_order():
    x = np.random.default_rng(1).integers(0, 6, 200)
    _, sizes = stats.average_ranks(x, return_tie_sizes=True)
    assert sizes.tolist() == np.unique(x, return_counts=True)[1].tolist()


@pytest.mark.parametrize("bad", [[1.0, np.nan], [[1.0, 2.0]]])
def test_average_ranks_refuse_nan_and_2d(bad):
    with pytest.raises(ValueError, match="values"):
        stats.average_ranks(bad)


@pytest.mark.parametrize("n", [3, 4, 10, 57, 500])
@pytest.mark.parametrize("ties", [False, True])
def test_spearman_equals_scipy_from_three_pairs(n, ties):
    rng = np.random.default_rng(n)
    a, b = _series(rng, n, ties), _series(rng, n, ties)
    b = b + 0.5 * a  # correlated, so rho is far from 0
    rho, used = stats.spearman(a, b)
    assert used == n
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scipy warns where a tied series is constant
        expected = scipy.stats.spearmanr(a, b)[0]
    if math.isnan(expected):
        assert math.isnan(rho)
    else:
        assert rho == pytest.approx(expected, abs=1e-12)


def test_spearman_leaves_out_pairs_with_a_nan():
    rng = np.random.default_rng(3)
    a, b = rng.normal(size=50), rng.normal(size=50)
    a[::7], b[3::11] = np.nan, np.nan
    keep = ~(np.isnan(a) | np.isnan(b))
    rho, n = stats.spearman(a, b)
    assert n == keep.sum()
    assert rho == pytest.approx(scipy.stats.spearmanr(a[keep], b[keep])[0], abs=1e-12)


@pytest.mark.parametrize(
    "a, b, n",
    [
        ([], [], 0),
        ([1.0], [2.0], 1),
        # two pairs: scipy says -1.0 here; +-1 whatever the values is no evidence, so NaN
        ([1.0, 2.0], [2.0, 1.0], 2),
        ([1.0, 2.0, np.nan, 4.0], [1.0, 2.0, 3.0, np.nan], 2),
        ([1.0, 2.0, 3.0], [5.0, 5.0, 5.0], 3),  # a constant series
        ([7.0, 7.0, 7.0, 7.0], [1.0, 2.0, 3.0, 4.0], 4),
    ],
)
def test_spearman_is_nan_below_three_pairs_or_for_a_constant_series(a, b, n):
    rho, used = stats.spearman(a, b)
    assert math.isnan(rho) and used == n
    if len(a) >= 2 and not np.isnan(a).any():
        assert math.isnan(stats.rank_correlation(stats.average_ranks(a), stats.average_ranks(b)))


def test_three_pairs_are_enough():
    assert stats.spearman([1.0, 2.0, 3.0], [1.0, 3.0, 2.0]) == (pytest.approx(0.5, abs=1e-12), 3)
    assert stats.MIN_SPEARMAN_PAIRS == 3


def test_rank_correlation_of_ranks_is_spearman():
    rng = np.random.default_rng(4)
    a, b = rng.normal(size=40), np.round(rng.normal(size=40))
    ranked = stats.rank_correlation(stats.average_ranks(a), stats.average_ranks(b))
    assert ranked == stats.spearman(a, b).rho


def test_spearman_refuses_series_of_different_lengths():
    with pytest.raises(ValueError, match="shapes"):
        stats.spearman([1.0, 2.0, 3.0], [1.0, 2.0])


def _wilcoxon_cases():
    rng = np.random.default_rng(0)
    cases = []
    for size in (2, 5, 9, 13, 14, 30, 50, 51, 120):
        for shift in (0.0, 0.8):
            x = rng.normal(shift, 1.0, size)
            cases.append(("n%d-s%g" % (size, shift), x))
            if size != 13:  # scipy enumerates 2**13 sign flips there: slow
                cases.append(("n%d-s%g-ties" % (size, shift), np.round(x * 2) / 2))
    cases += [("zeros-small", np.zeros(5)), ("zeros-large", np.zeros(30)), ("mixed", np.array([1.0, -1, 1, 1, 2, 2, -2, 0]))]
    return cases


@pytest.mark.parametrize("name, x", _wilcoxon_cases(), ids=[c[0] for c in _wilcoxon_cases()])
def test_wilcoxon_equals_scipy_default(name, x):
    ours = stats.wilcoxon_signed_rank(x)
    ref = scipy_default_signed_rank(x)
    assert ours.statistic == pytest.approx(float(ref.statistic), abs=1e-9)
    if math.isnan(ref.pvalue):
        assert math.isnan(ours.pvalue)
    else:
        assert ours.pvalue == pytest.approx(float(ref.pvalue), rel=1e-10, abs=1e-15)
    assert ours.method == ("exact" if len(x) <= (13 if ties_or_zeros(x) else 50) else "normal")


@pytest.mark.parametrize("bad, match", [([], "empty"), ([1.0, np.inf], r"positions \[1\]"), ([[1.0]], "1-D")])
def test_wilcoxon_refuses_bad_values(bad, match):
    with pytest.raises(ValueError, match=match):
        stats.wilcoxon_signed_rank(bad)


def _direct_bh(p):
    """q_i = min over j with p_j >= p_i of min(1, p_j m / #{k: p_k <= p_j})."""
    m = p.size
    return np.array([min(1.0, min(pj * m / np.sum(p <= pj) for pj in p if pj >= pi)) for pi in p])


@pytest.mark.parametrize("seed", range(5))
def test_bh_equals_the_direct_formula(seed):
    rng = np.random.default_rng(seed)
    p = np.round(rng.uniform(size=120) ** 2, 2)  # ties
    p[::13] = np.nan
    mask = rng.uniform(size=120) < 0.7
    q = stats.bh_q_values(p, mask)
    tested = mask & ~np.isnan(p)
    np.testing.assert_allclose(q[tested], _direct_bh(p[tested]), rtol=1e-12, atol=0)
    assert np.isnan(q[~tested]).all()
    order = np.argsort(p, kind="stable")
    np.testing.assert_array_equal(stats.bh_q_values(p, mask, order), q)


def test_bh_counts_are_repeated_p_values():
    rng = np.random.default_rng(7)
    p = np.round(rng.uniform(size=40), 1)
    counts = rng.integers(0, 4, 40)
    q = stats.bh_q_values(p, counts=counts)
    repeated = stats.bh_q_values(np.repeat(p, counts))
    np.testing.assert_array_equal(q[counts > 0], repeated[np.cumsum(counts)[counts > 0] - 1])
    assert np.isnan(q[counts == 0]).all()
    np.testing.assert_allclose(repeated, _direct_bh(np.repeat(p, counts)), rtol=1e-12, atol=0)


def test_bh_of_nothing_is_nan():
    assert np.isnan(stats.bh_q_values([0.1, np.nan], [False, True])).all()
    assert stats.bh_q_values([]).shape == (0,)


@pytest.mark.parametrize("p", [1e-300, 1e-20, 1e-5, 0.025, 0.3, 0.5, 0.8, 0.975, 1 - 1e-10])
def test_normal_quantile_equals_scipy(p):
    assert stats.normal_quantile(p) == pytest.approx(scipy.stats.norm.ppf(p), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("p", [0.0, 1.0, -0.1, float("nan")])
def test_normal_quantile_needs_an_open_unit_interval(p):
    with pytest.raises(ValueError, match="probability"):
        stats.normal_quantile(p)


def test_two_sided_normal_p_equals_scipy_into_the_far_tail():
    z = np.array([-37.0, -8.0, -1.5, 0.0, 0.3, 1.959963984540054, 6.0, 37.0])
    np.testing.assert_allclose(stats.two_sided_normal_p(z), 2 * scipy.stats.norm.sf(np.abs(z)), rtol=1e-12, atol=0)
    assert stats.two_sided_normal_p(37.0) > 0  # where 1 - erf(z / sqrt 2) is 0.0
    assert np.isnan(stats.two_sided_normal_p([np.nan, 1.0])[0])
    assert stats.two_sided_normal_p(np.inf) == 0.0
