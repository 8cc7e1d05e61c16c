"""Histograms and densities for the distribution view."""

import numpy as np
import pytest
from scipy.stats import gaussian_kde

from tb_bias_plugin.core import distribution


def _scipy_binned(values, edges):
    kde = gaussian_kde(values)  # Scott's rule as well
    return np.array([kde.integrate_box_1d(a, b) for a, b in zip(edges[:-1], edges[1:])]) / np.diff(edges)


@pytest.mark.parametrize("seed", range(5))
def test_density_matches_scipy_gaussian_kde(seed):
    rng = np.random.default_rng(seed)
    values = np.concatenate([rng.normal(-0.4, 0.1, 300), rng.normal(0.3, 0.2, 700)]).clip(-1, 1)
    edges = np.linspace(-1, 1, 41)
    got = distribution.binned_density(values, edges)
    want = _scipy_binned(values, edges)
    assert np.abs(got - want).max() < 0.01 * want.max()


def test_density_keeps_its_mass_when_the_bandwidth_is_narrower_than_a_bin():
    rng = np.random.default_rng(0)
    values = rng.normal(0, 0.002, 20_000)
    edges = np.linspace(-1, 1, 51)
    got = distribution.binned_density(values, edges)
    assert np.sum(got * np.diff(edges)) == pytest.approx(1.0, abs=1e-3)
    assert got == pytest.approx(_scipy_binned(values, edges), rel=0.01, abs=1e-6)


def test_density_of_degenerate_data_is_zero():
    edges = np.linspace(0, 1, 6)
    assert distribution.binned_density([0.5], edges).tolist() == [0] * 5
    assert distribution.binned_density([0.5, 0.5, 0.5], edges).tolist() == [0] * 5


@pytest.mark.filterwarnings("error")  # an overflow it handles is no warning to the user
@pytest.mark.parametrize("weights", [None, [1.0, 2.0, 1.0, 1.0]])
def test_huge_values_stay_finite(weights):
    values = np.array([1e308, -1e308, 0.0, np.inf])
    domain = distribution.domain_of([values])
    edges = np.linspace(domain[0], domain[1], distribution.choose_bins(values, domain) + 1)
    assert np.isfinite(edges).all()
    summary = distribution.summarize(values, edges, weights)
    n = 3 if weights is None else 4
    assert summary["n"] == n and summary["undefined"] == 1 and sum(summary["counts"]) == n
    assert all(np.isfinite(summary["density"]))


def test_bins_follow_freedman_diaconis_within_limits():
    rng = np.random.default_rng(0)
    wide = rng.normal(0, 0.05, 100_000)
    assert distribution.choose_bins(wide, (-1, 1)) == distribution.MAX_BINS
    assert distribution.choose_bins(rng.uniform(-1, 1, 20), (-1, 1)) == distribution.MIN_BINS
    values = rng.normal(0, 0.1, 1000)
    iqr = np.subtract(*np.percentile(values, [75, 25]))
    assert distribution.choose_bins(values, (-1, 1)) == int(np.ceil(2 / (2 * iqr / 1000 ** (1 / 3))))


def test_summarize_counts_every_defined_value():
    values = np.array([-1.0, -0.5, 0.0, 0.0, 0.9, 1.0, 3.0, np.nan])
    edges = np.linspace(-1, 1, 5)
    s = distribution.summarize(values, edges)
    assert s["counts"] == [1, 1, 2, 3]  # 3.0 is clipped into the last bin
    assert (s["n"], s["undefined"]) == (7, 1)
    assert s["quantiles"]["min"] == -1.0 and s["quantiles"]["max"] == 3.0 and s["quantiles"]["median"] == 0.0
    assert distribution.summarize(np.array([np.nan]), edges)["quantiles"] is None


def test_domain_uses_natural_bounds_else_the_data():
    assert distribution.domain_of([np.array([0.2, 0.4])], (-1.0, 1.0)) == (-1.0, 1.0)
    assert distribution.domain_of([np.array([0.2, np.nan]), np.array([-3.0])]) == (-3.0, 0.2)
    assert distribution.domain_of([np.array([2.0])]) == (1.5, 2.5)
    assert distribution.domain_of([np.array([np.nan])], (None, 0.0)) == (-0.5, 0.5)


def test_weighted_summaries_equal_the_repeated_values():
    """Distinct values with multiplicities give the counts and quantiles of
    the repeated values bit for bit, and the density to rounding."""
    rng = np.random.default_rng(11)
    for trial in range(300):
        k = int(rng.integers(1, 40))
        distinct = np.round(rng.normal(size=k), int(rng.integers(0, 4)))  # ties among distinct values too
        if trial % 7 == 0:
            distinct[: max(1, k // 5)] = np.nan
        weights = rng.integers(0, 6, size=k)
        weights[int(rng.integers(0, k))] += 1  # at least one value
        if trial % 2:  # in order, as a table's distinct values come: no sort
            order = np.argsort(distinct, kind="stable")
            distinct, weights = distinct[order], weights[order]
        repeated = np.repeat(distinct, weights)
        defined = repeated[np.isfinite(repeated)]
        q = [0, 25, 50, 75, 100] + rng.uniform(0, 100, size=8).tolist()
        if defined.size:
            finite = np.isfinite(distinct)
            np.testing.assert_array_equal(
                distribution.percentiles(distinct[finite], q, weights[finite]), np.percentile(defined, q))
        edges = np.linspace(-3, 3, 11)
        got, want = distribution.summarize(distinct, edges, weights), distribution.summarize(repeated, edges)
        assert (got["n"], got["undefined"], got["counts"], got["quantiles"]) == (
            want["n"], want["undefined"], want["counts"], want["quantiles"])
        np.testing.assert_allclose(got["density"], want["density"], rtol=1e-9, atol=1e-12)
        assert distribution.choose_bins(distinct, (-3, 3), weights) == distribution.choose_bins(repeated, (-3, 3))


def test_a_few_values_are_listed_and_weights_repeat_them():
    edges = np.linspace(-1, 1, 11)
    few = distribution.summarize([0.3, -0.2, np.nan, 0.3], edges)
    assert few["values"] == [-0.2, 0.3, 0.3] and few["n"] == 3
    # distinct values with their multiplicities list the same values as the values themselves
    weighted = distribution.summarize([0.3, -0.2, np.nan, 0.7], edges, weights=[2, 1, 4, 0])
    assert weighted["values"] == [-0.2, 0.3, 0.3] and weighted["n"] == 3 and weighted["undefined"] == 4
    values = np.linspace(-0.5, 0.5, distribution.FEW_VALUES)
    assert distribution.summarize(values, edges)["values"] == pytest.approx(sorted(values), abs=0)
    assert distribution.summarize(np.append(values, 0.0), edges)["values"] is None
    assert distribution.summarize([0.1] * 3, edges, weights=[10, 10, 1])["values"] is None  # 21 labels
    assert distribution.summarize([], edges)["values"] == []
