"""Histograms, kernel densities and quantiles of association values."""

import math

import numpy as np

MIN_BINS = 10
MAX_BINS = 100
# The binned kernel density estimate's grid: at least this many points over
# the domain, and at least four per bandwidth, up to a cap.
_KDE_GRID = 512
_KDE_MAX_GRID = 1 << 16
# Bounds beyond this are clamped so that widths and bin edges stay finite.
_LARGEST = np.finfo(np.float64).max / 8


def choose_bins(values, domain):
    """Number of bins for ``values`` over ``domain`` (Freedman-Diaconis rule).

    Clipped to [MIN_BINS, MAX_BINS]; MIN_BINS for fewer than two values or
    no spread.

    Examples
    --------
    >>> choose_bins(np.linspace(0, 1, 1000), (0.0, 1.0))  # IQR 0.5: bins of width 0.1
    10
    """
    values = np.asarray(values, dtype=np.float64)
    values = values[np.isfinite(values)]
    width = domain[1] - domain[0]
    if values.shape[0] < 2 or not 0 < width < np.inf:
        return MIN_BINS
    q1, q3 = np.percentile(values, [25, 75])
    bin_width = 2.0 * (q3 - q1) / values.shape[0] ** (1.0 / 3.0)
    if not bin_width > 0:
        return MIN_BINS
    return int(min(MAX_BINS, max(MIN_BINS, math.ceil(width / bin_width))))


def domain_of(values_list, natural=(None, None)):
    """The interval to bin over: the metric's natural bounds where it has
    them, else the range of the finite values (widened if degenerate)."""
    finite = [v[np.isfinite(v)] for v in values_list]
    finite = np.concatenate(finite) if finite else np.zeros(0)
    low, high = natural
    if low is None:
        low = float(finite.min()) if finite.size else 0.0
    if high is None:
        high = float(finite.max()) if finite.size else 1.0
    low, high = max(low, -_LARGEST), min(high, _LARGEST)
    if high <= low:
        low, high = low - 0.5, high + 0.5
    return float(low), float(high)


def scott_bandwidth(values):
    """Scott's rule, sigma * n ** (-1/5); None when it is undefined."""
    values = np.asarray(values, dtype=np.float64)
    n = values.shape[0]
    if n < 2:
        return None
    sigma = float(np.std(values, ddof=1))
    if not 0 < sigma < np.inf:
        return None
    return sigma * n ** (-1.0 / 5.0)


def binned_density(values, edges):
    """Gaussian kernel density of ``values`` averaged over each bin of ``edges``.

    Scott's bandwidth; computed on a fine grid (binned KDE, linear in the
    number of values). Averaging over bins rather than sampling at bin
    centres keeps the total right when the bandwidth is narrower than a
    bin: ``sum(density * bin_width)`` is the share of the estimate inside
    the edges, about 1. All zeros for fewer than two distinct values.
    """
    values = np.asarray(values, dtype=np.float64)
    values = values[np.isfinite(values)]
    edges = np.asarray(edges, dtype=np.float64)
    bandwidth = scott_bandwidth(values)
    if bandwidth is None:
        return np.zeros(edges.shape[0] - 1)
    # Pad the grid so mass near the edges is smoothed, not clipped.
    low, high = edges[0] - 3 * bandwidth, edges[-1] + 3 * bandwidth
    points = int(min(_KDE_MAX_GRID, max(_KDE_GRID, math.ceil(4 * (high - low) / bandwidth))))
    counts, grid = np.histogram(values, bins=points, range=(low, high))
    step = grid[1] - grid[0]
    # Kept shorter than the grid so np.convolve(mode="same") stays centred.
    half = min(points // 2 - 1, int(math.ceil(4 * bandwidth / step)))
    kernel = np.exp(-0.5 * (np.arange(-half, half + 1) * step / bandwidth) ** 2)
    kernel /= kernel.sum() * step  # a discrete kernel of unit mass
    smoothed = np.convolve(counts, kernel, mode="same") / values.shape[0]
    cumulative = np.concatenate([[0.0], np.cumsum(smoothed) * step])
    mass = np.diff(np.interp(edges, grid, cumulative))
    return mass / np.diff(edges)


def summarize(values, edges):
    """Histogram counts, binned density and quantiles of ``values``.

    Non-finite values are counted as ``undefined`` and otherwise ignored;
    values outside the edges fall into the first or last bin.
    """
    values = np.asarray(values, dtype=np.float64)
    defined = values[np.isfinite(values)]
    clipped = np.clip(defined, edges[0], edges[-1])
    counts, _ = np.histogram(clipped, bins=edges)
    result = {
        "n": int(defined.shape[0]),
        "undefined": int(values.shape[0] - defined.shape[0]),
        "counts": counts.tolist(),
        "density": binned_density(defined, edges).tolist(),
        "quantiles": None,
    }
    if defined.size:
        q = np.percentile(defined, [0, 25, 50, 75, 100])
        result["quantiles"] = dict(zip(("min", "q1", "median", "q3", "max"), (float(v) for v in q)))
    return result
