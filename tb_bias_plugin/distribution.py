"""Histograms, kernel densities and quantiles of association values."""

import math

import numpy as np

MIN_BINS = 10
MAX_BINS = 100
# Grid of the binned kernel density estimate: fine enough that binning error
# is far below what a violin plot shows.
_KDE_GRID = 512


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
    if values.shape[0] < 2 or width <= 0:
        return MIN_BINS
    q1, q3 = np.percentile(values, [25, 75])
    bin_width = 2.0 * (q3 - q1) / values.shape[0] ** (1.0 / 3.0)
    if bin_width <= 0:
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
    if sigma <= 0:
        return None
    return sigma * n ** (-1.0 / 5.0)


def density(values, points, domain):
    """Gaussian kernel density estimate of ``values`` at ``points``.

    Uses Scott's bandwidth, computed on a fine grid over ``domain`` (binned
    KDE: linear in the number of values). Integrates to about 1 over the
    real line; all zeros when there are fewer than two distinct values.
    """
    values = np.asarray(values, dtype=np.float64)
    values = values[np.isfinite(values)]
    points = np.asarray(points, dtype=np.float64)
    bandwidth = scott_bandwidth(values)
    if bandwidth is None:
        return np.zeros(points.shape[0])
    # Pad the grid so mass near the edges is smoothed, not clipped.
    low, high = domain[0] - 3 * bandwidth, domain[1] + 3 * bandwidth
    counts, edges = np.histogram(values, bins=_KDE_GRID, range=(low, high))
    step = edges[1] - edges[0]
    centres = edges[:-1] + step / 2
    # np.convolve(mode="same") stays centred only while the kernel is
    # shorter than the grid; beyond ~3 bandwidths the kernel is negligible.
    half = min(_KDE_GRID // 2 - 1, int(math.ceil(4 * bandwidth / step)))
    offsets = np.arange(-half, half + 1) * step
    kernel = np.exp(-0.5 * (offsets / bandwidth) ** 2) / (bandwidth * math.sqrt(2 * math.pi))
    smoothed = np.convolve(counts, kernel, mode="same") / values.shape[0]
    return np.interp(points, centres, smoothed, left=0.0, right=0.0)


def summarize(values, edges, domain):
    """Histogram counts, density at bin centres, and quantiles of ``values``.

    NaN values are counted as ``undefined`` and otherwise ignored; values
    outside the edges fall into the first or last bin.
    """
    values = np.asarray(values, dtype=np.float64)
    defined = values[~np.isnan(values)]
    clipped = np.clip(defined, edges[0], edges[-1])
    counts, _ = np.histogram(clipped, bins=edges)
    centres = (edges[:-1] + edges[1:]) / 2
    result = {
        "n": int(defined.shape[0]),
        "undefined": int(values.shape[0] - defined.shape[0]),
        "counts": counts.tolist(),
        "density": density(defined, centres, domain).tolist(),
        "quantiles": None,
    }
    if defined.size:
        q = np.percentile(defined, [0, 25, 50, 75, 100])
        result["quantiles"] = dict(zip(("min", "q1", "median", "q3", "max"), (float(v) for v in q)))
    return result
