"""Histograms and densities for the distribution view."""

import numpy as np
import pytest
from scipy.stats import gaussian_kde

from tb_bias_plugin import distribution


@pytest.mark.parametrize("seed", range(5))
def test_density_matches_scipy_gaussian_kde(seed):
    rng = np.random.default_rng(seed)
    values = np.concatenate([rng.normal(-0.4, 0.1, 300), rng.normal(0.3, 0.2, 700)]).clip(-1, 1)
    points = np.linspace(-1, 1, 81)
    got = distribution.density(values, points, (-1.0, 1.0))
    want = gaussian_kde(values)(points)  # Scott's rule as well
    assert np.abs(got - want).max() < 0.01 * want.max()


def test_density_of_degenerate_data_is_zero():
    points = np.linspace(0, 1, 5)
    assert distribution.density([0.5], points, (0, 1)).tolist() == [0] * 5
    assert distribution.density([0.5, 0.5, 0.5], points, (0, 1)).tolist() == [0] * 5


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
    s = distribution.summarize(values, edges, (-1.0, 1.0))
    assert s["counts"] == [1, 1, 2, 3]  # 3.0 is clipped into the last bin
    assert (s["n"], s["undefined"]) == (7, 1)
    assert s["quantiles"]["min"] == -1.0 and s["quantiles"]["max"] == 3.0 and s["quantiles"]["median"] == 0.0
    assert distribution.summarize(np.array([np.nan]), edges, (-1, 1))["quantiles"] is None


def test_domain_uses_natural_bounds_else_the_data():
    assert distribution.domain_of([np.array([0.2, 0.4])], (-1.0, 1.0)) == (-1.0, 1.0)
    assert distribution.domain_of([np.array([0.2, np.nan]), np.array([-3.0])]) == (-3.0, 0.2)
    assert distribution.domain_of([np.array([2.0])]) == (1.5, 2.5)
    assert distribution.domain_of([np.array([np.nan])], (None, 0.0)) == (-0.5, 0.5)
