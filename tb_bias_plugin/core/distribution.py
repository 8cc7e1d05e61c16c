"""Histograms, kernel densities and quantiles of association values.

Every function takes the values themselves or, with ``weights``, distinct
values and how many times each occurs (a table whose labels repeat their
counts repeats its values). Counts and quantiles are then the same numbers
as over the repeated values; a density differs only by rounding, in its
bandwidth's standard deviation.
"""

import math

import numpy as np

MIN_BINS = 10
MAX_BINS = 100
#: Up to this many values a summary lists them: a density from a handful is a shape they do not have.
FEW_VALUES = 20
# The binned kernel density estimate's grid: at least this many points over
# the domain, and at least four per bandwidth, up to a cap.
_KDE_GRID = 512
_KDE_MAX_GRID = 1 << 16
# Bounds beyond this are clamped so that widths and bin edges stay finite.
_LARGEST = np.finfo(np.float64).max / 8


def percentiles(values, q, weights=None):
    """``np.percentile(values, q)`` (its default, linear method), or of
    ``values`` each repeated ``weights`` times without repeating them: the
    same order statistics and the same interpolation, so the same numbers.

    Examples
    --------
    >>> percentiles(np.array([3.0, 1.0, 2.0]), [25, 50], weights=np.array([1, 2, 1])).tolist()
    [1.0, 1.5]
    >>> np.percentile([1.0, 1.0, 2.0, 3.0], [25, 50]).tolist()
    [1.0, 1.5]
    """
    if weights is None:
        return np.percentile(values, q)
    weights = np.asarray(weights, dtype=np.int64)
    values = np.asarray(values, dtype=np.float64)[weights > 0]
    weights = weights[weights > 0]
    if values.size > 1 and not (values[1:] >= values[:-1]).all():
        order = np.argsort(values, kind="stable")
        values, weights = values[order], weights[order]
    # else already in order: the distinct values of a table come sorted, and
    # a pass that checks costs a tenth of a sort
    ordered = values
    cumulative = np.cumsum(weights)
    n = int(cumulative[-1])
    qs = np.asarray(q, dtype=np.float64) / 100
    virtual = (n - 1) * qs  # the linear method's virtual index, as NumPy computes it
    previous = np.floor(virtual)
    gamma = virtual - previous
    low = np.clip(previous, 0, n - 1).astype(np.int64)
    high = np.clip(previous + 1, 0, n - 1).astype(np.int64)
    high[virtual >= n - 1] = n - 1
    a = ordered[np.searchsorted(cumulative, low, side="right")]
    b = ordered[np.searchsorted(cumulative, high, side="right")]
    a[virtual >= n - 1] = b[virtual >= n - 1] = ordered[-1]
    a[virtual < 0] = b[virtual < 0] = ordered[0]
    # NumPy's interpolation, term for term
    difference = b - a
    out = a + difference * gamma
    np.subtract(b, difference * (1 - gamma), out=out, where=gamma >= 0.5)
    return out


def five_numbers(values, weights=None):
    """The five-number summary of finite ``values`` (each repeated ``weights`` times), as
    ``{"min", "q1", "median", "q3", "max"}`` by `percentiles`; None for no values.

    Examples
    --------
    >>> five_numbers(np.array([4.0, 1.0, 2.0, 3.0, 0.0]))
    {'min': 0.0, 'q1': 1.0, 'median': 2.0, 'q3': 3.0, 'max': 4.0}
    >>> five_numbers(np.array([])) is None
    True
    """
    if not np.size(values):
        return None
    q = percentiles(values, [0, 25, 50, 75, 100], weights)
    return dict(zip(("min", "q1", "median", "q3", "max"), (float(v) for v in q)))


def choose_bins(values, domain, weights=None):
    """Number of bins for ``values`` over ``domain`` (Freedman-Diaconis rule).

    Clipped to [MIN_BINS, MAX_BINS]; MIN_BINS for fewer than two values or
    no spread.

    Examples
    --------
    >>> choose_bins(np.linspace(0, 1, 1000), (0.0, 1.0))  # IQR 0.5: bins of width 0.1
    10
    """
    values = np.asarray(values, dtype=np.float64)
    finite = np.isfinite(values)
    values = values[finite]
    weights = None if weights is None else np.asarray(weights)[finite]
    n = values.shape[0] if weights is None else int(weights.sum())
    width = domain[1] - domain[0]
    if n < 2 or not 0 < width < np.inf:
        return MIN_BINS
    q1, q3 = percentiles(values, [25, 75], weights)
    with np.errstate(over="ignore"):  # a spread past the largest float is infinite, and gives MIN_BINS below
        bin_width = 2.0 * (q3 - q1) / n ** (1.0 / 3.0)
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


def scott_bandwidth(values, weights=None):
    """Scott's rule, sigma * n ** (-1/5); None when it is undefined."""
    values = np.asarray(values, dtype=np.float64)
    n = values.shape[0] if weights is None else int(np.sum(weights))
    if n < 2:
        return None
    with np.errstate(over="ignore"):  # a spread past the largest float is infinite, and gives None below
        if weights is None:
            sigma = float(np.std(values, ddof=1))
        else:
            # sums, not np.dot: BLAS threads cost more than these short vectors
            mean = float(np.sum(weights * values)) / n
            sigma = math.sqrt(float(np.sum(weights * (values - mean) ** 2)) / (n - 1))
    if not 0 < sigma < np.inf:
        return None
    return sigma * n ** (-1.0 / 5.0)


def binned_density(values, edges, weights=None):
    """Gaussian kernel density of ``values`` averaged over each bin of ``edges``.

    Scott's bandwidth; computed on a fine grid (binned KDE, linear in the
    number of values). Averaging over bins rather than sampling at bin
    centres keeps the total right when the bandwidth is narrower than a
    bin: ``sum(density * bin_width)`` is the share of the estimate inside
    the edges, about 1. All zeros for fewer than two distinct values.
    """
    values = np.asarray(values, dtype=np.float64)
    finite = np.isfinite(values)
    values = values[finite]
    weights = None if weights is None else np.asarray(weights, dtype=np.float64)[finite]
    n = values.shape[0] if weights is None else float(weights.sum())
    edges = np.asarray(edges, dtype=np.float64)
    bandwidth = scott_bandwidth(values, weights)
    if bandwidth is None:
        return np.zeros(edges.shape[0] - 1)
    # Pad the grid so mass near the edges is smoothed, not clipped.
    low, high = edges[0] - 3 * bandwidth, edges[-1] + 3 * bandwidth
    points = int(min(_KDE_MAX_GRID, max(_KDE_GRID, math.ceil(4 * (high - low) / bandwidth))))
    counts, grid = np.histogram(values, bins=points, range=(low, high), weights=weights)
    step = grid[1] - grid[0]
    # Kept shorter than the grid so np.convolve(mode="same") stays centred.
    half = min(points // 2 - 1, int(math.ceil(4 * bandwidth / step)))
    kernel = np.exp(-0.5 * (np.arange(-half, half + 1) * step / bandwidth) ** 2)
    kernel /= kernel.sum() * step  # a discrete kernel of unit mass
    smoothed = np.convolve(counts, kernel, mode="same") / n
    cumulative = np.concatenate([[0.0], np.cumsum(smoothed) * step])
    mass = np.diff(np.interp(edges, grid, cumulative))
    return mass / np.diff(edges)


def summarize(values, edges, weights=None):
    """Histogram counts, binned density and quantiles of ``values``, and the defined values
    themselves, in ascending order, when there are at most `FEW_VALUES` (else None).

    Non-finite values are counted as ``undefined`` and otherwise ignored;
    values outside the edges fall into the first or last bin.

    Examples
    --------
    >>> s = summarize([0.5, np.nan, -0.25, 0.5], np.linspace(-1, 1, 5))
    >>> s["n"], s["undefined"], s["counts"], s["values"]
    (3, 1, [0, 1, 0, 2], [-0.25, 0.5, 0.5])
    >>> summarize(np.zeros(21), np.linspace(-1, 1, 5))["values"] is None
    True
    """
    values = np.asarray(values, dtype=np.float64)
    finite = np.isfinite(values)
    defined = values[finite]
    clipped = np.clip(defined, edges[0], edges[-1])
    if weights is None:
        counts, _ = np.histogram(clipped, bins=edges)
        n, undefined = int(defined.shape[0]), int(values.shape[0] - defined.shape[0])
    else:
        weights = np.asarray(weights, dtype=np.int64)
        defined_weights = weights[finite]
        keep = defined_weights > 0  # distinct values no selected label has
        defined, clipped, defined_weights = defined[keep], clipped[keep], defined_weights[keep]
        counts = np.histogram(clipped, bins=edges, weights=defined_weights)[0].astype(np.int64)
        n, undefined = int(defined_weights.sum()), int(weights[~finite].sum())
    repeats = None if weights is None else defined_weights
    result = {
        "n": n,
        "undefined": undefined,
        "counts": counts.tolist(),
        "density": binned_density(defined, edges, repeats).tolist(),
        "quantiles": five_numbers(defined, repeats),
    }
    few = n <= FEW_VALUES
    repeated = defined if weights is None or not few else np.repeat(defined, defined_weights)
    result["values"] = np.sort(repeated).tolist() if few else None
    return result
