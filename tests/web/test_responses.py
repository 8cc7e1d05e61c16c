"""Rounding of served numbers: interval ends rounded outwards stay bounds."""

import numpy as np
import pytest

from tb_bias_plugin.web.responses import round_significant


def _near_decimals(seed):
    # doubles one ulp either side of short decimals: where scaling by a power
    # of ten rounds onto a whole number from the wrong side
    rng = np.random.default_rng(seed)
    places = 10.0 ** rng.integers(1, 8, size=20_000)
    decimals = np.round(rng.random(20_000) * places) / places * 10.0 ** rng.integers(-6, 6, size=20_000)
    return np.concatenate([np.nextafter(decimals, np.inf), np.nextafter(decimals, -np.inf), -decimals])


@pytest.mark.parametrize("digits", [1, 3, 7])
def test_outward_rounding_never_lands_inside(digits):
    x = _near_decimals(digits)
    low = round_significant(x, digits, np.floor)
    high = round_significant(x, digits, np.ceil)
    assert (low <= x).all() and (high >= x).all()
    # and still at most one unit of the last digit away
    finite = x != 0
    unit = 10.0 ** (np.floor(np.log10(np.abs(x[finite]))) - digits + 1)
    assert (x[finite] - low[finite] <= 1.0001 * unit).all()
    assert (high[finite] - x[finite] <= 1.0001 * unit).all()


def test_known_cases_that_used_to_land_inside():
    assert round_significant(np.array([7.1000000000000005]), 3, np.ceil)[0] >= 7.1000000000000005
    assert round_significant(np.array([2.6999999999999997]), 3, np.floor)[0] <= 2.6999999999999997
    assert round_significant(np.array([7.1000000000000005]), 3, np.ceil)[0] == 7.11


def test_nearest_rounding_gives_short_decimals():
    assert round_significant(np.array([0.12345678, np.nan, np.inf, 0.0]), 7).tolist()[0] == 0.1234568
    out = round_significant(np.array([np.nan, np.inf, -np.inf, 0.0]), 3)
    assert np.isnan(out[0]) and out[1] == np.inf and out[2] == -np.inf and out[3] == 0.0
