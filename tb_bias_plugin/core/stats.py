"""Rank statistics, multiple testing and the normal distribution, NumPy only.

The one implementation of each, shared by the measures: average ranks,
Spearman's rank correlation, the Wilcoxon signed-rank test,
Benjamini-Hochberg q-values and the standard normal's quantile and
two-sided tail.
"""

from __future__ import annotations

import math
import statistics
from typing import Any, NamedTuple

import numpy as np

from tb_bias_plugin.core.validation import check_finite_array

#: Spearman's rho is NaN with fewer pairs than this (see `rank_correlation`).
MIN_SPEARMAN_PAIRS = 3
# Same switch points as scipy.stats.wilcoxon's default method="auto".
_EXACT_MAX_N = 50
_EXACT_MAX_N_WITH_TIES = 13
_STANDARD_NORMAL = statistics.NormalDist()
_ERFC = np.frompyfunc(math.erfc, 1, 1)


def average_ranks(values: Any, *, return_tie_sizes: bool = False) -> Any:
    """Ranks 1..n of ``values``, ties given the mean of the ranks they span.

    ``scipy.stats.rankdata(values, method="average")``.

    Parameters
    ----------
    values : array_like, 1-D
        Numbers without NaN (infinities rank as the extremes).
    return_tie_sizes : bool, default False
        Also return the size of every run of equal values, in sorted order.

    Returns
    -------
    ranks : numpy.ndarray of float64, shape (n,)
    tie_sizes : numpy.ndarray of int64
        Only with ``return_tie_sizes``.

    Raises
    ------
    ValueError
        For a NaN (it has no place in the order) or a non-1-D input.

    Examples
    --------
    >>> average_ranks([10.0, 30.0, 20.0, 20.0]).tolist()
    [1.0, 4.0, 2.5, 2.5]
    >>> average_ranks([5, 5, 1], return_tie_sizes=True)[1].tolist()
    [1, 2]
    """
    x = np.asarray(values, dtype=np.float64)
    if x.ndim != 1:
        raise ValueError("values must be 1-D, got shape %s" % (x.shape,))
    if np.isnan(x).any():
        raise ValueError("values has NaN entries: drop them before ranking")
    n = x.shape[0]
    order = np.argsort(x, kind="stable")
    ordered = x[order]
    # every run of equal values, positions s .. s + size - 1, gets s + (size + 1) / 2
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]]) if n else np.zeros(0, np.int64)
    sizes = np.diff(np.r_[starts, n]).astype(np.int64)
    ranks = np.empty(n, dtype=np.float64)
    ranks[order] = np.repeat(starts + (sizes + 1) / 2.0, sizes)
    return (ranks, sizes) if return_tie_sizes else ranks


class Correlation(NamedTuple):
    """A correlation coefficient and the number of pairs it was computed on."""

    rho: float
    n: int


def rank_correlation(ranks_a: Any, ranks_b: Any) -> float:
    """Pearson's correlation of two rank vectors: Spearman's rho from ranks.

    The rule for an undefined rho, the same wherever rho is computed: NaN
    with fewer than `MIN_SPEARMAN_PAIRS` (3) pairs, or when either series
    is constant. With two pairs rho is +1 or -1 whatever the values, a
    certainty the data do not carry, so it is reported as undefined
    (``scipy.stats.spearmanr`` returns the +-1 there; it agrees everywhere
    else).

    Parameters
    ----------
    ranks_a, ranks_b : array_like, shape (n,)
        Ranks of the same n items (e.g. from `average_ranks`), no NaN.

    Returns
    -------
    float

    Examples
    --------
    >>> round(rank_correlation(average_ranks([1, 2, 3, 4]), average_ranks([1, 3, 2, 4])), 3)
    0.8
    >>> rank_correlation([1.0, 2.0], [1.0, 2.0])
    nan
    """
    a = np.asarray(ranks_a, dtype=np.float64)
    b = np.asarray(ranks_b, dtype=np.float64)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError("ranks must be two 1-D arrays of one shape, got %s and %s" % (a.shape, b.shape))
    if a.shape[0] < MIN_SPEARMAN_PAIRS:
        return math.nan
    a = a - a.mean()
    b = b - b.mean()
    denominator = math.sqrt(float((a * a).sum()) * float((b * b).sum()))
    return float((a * b).sum() / denominator) if denominator > 0 else math.nan


def spearman(a: Any, b: Any) -> Correlation:
    """Spearman's rank correlation of the pairs where both values are defined.

    Pairs with a NaN on either side are left out; ties get average ranks
    (`average_ranks`), as in ``scipy.stats.spearmanr``. rho is NaN with
    fewer than 3 pairs or a constant series (`rank_correlation`).

    Parameters
    ----------
    a, b : array_like, shape (n,)
        Two series over the same items (NaN where undefined).

    Returns
    -------
    Correlation
        ``(rho, n)``: n is the number of pairs used.

    Raises
    ------
    ValueError
        If the series differ in shape.

    Examples
    --------
    >>> spearman([0.1, 0.2, 0.3, np.nan], [1.0, 3.0, 2.0, 5.0])
    Correlation(rho=0.5, n=3)
    """
    x = np.asarray(a, dtype=np.float64).ravel()
    y = np.asarray(b, dtype=np.float64).ravel()
    if x.shape != y.shape:
        raise ValueError("series have shapes %s and %s" % (x.shape, y.shape))
    keep = ~(np.isnan(x) | np.isnan(y))
    x, y = x[keep], y[keep]
    return Correlation(rank_correlation(average_ranks(x), average_ranks(y)), int(x.shape[0]))


class WilcoxonResult(NamedTuple):
    """Two-sided Wilcoxon signed-rank test of values against 0.

    ``statistic`` is min(R+, R-); ``method`` is ``"exact"`` or ``"normal"``.
    """

    statistic: float
    pvalue: float
    method: str


def _subset_sum_distribution(weights: np.ndarray) -> np.ndarray:
    """P(sum of a random subset of the integer weights = s), each kept w.p. 1/2."""
    dist = np.ones(1, dtype=np.float64)
    for w in weights:
        new = np.zeros(len(dist) + int(w), dtype=np.float64)
        new[: len(dist)] += 0.5 * dist
        new[int(w):] += 0.5 * dist
        dist = new
    return dist


def wilcoxon_signed_rank(values: Any) -> WilcoxonResult:
    """Two-sided Wilcoxon signed-rank test of ``values`` against 0.

    Follows ``scipy.stats.wilcoxon``'s defaults: zeros are dropped
    (``zero_method="wilcox"``), tied absolute values get average ranks, and
    there is no continuity correction. The p-value is exact (dynamic
    programming over the sign flips) when there are at most 50 values and no
    zeros or ties, or at most 13 values with zeros or ties (scipy enumerates
    every sign flip there, which the exact distribution of the doubled
    ranks reproduces); otherwise the normal approximation with the tie
    correction of the variance is used.

    Parameters
    ----------
    values : array_like, 1-D
        Finite values, e.g. the differences of paired measurements.

    Returns
    -------
    WilcoxonResult
        ``statistic`` min(R+, R-), ``pvalue`` and ``method``. With every value
        zero the p-value is 1 (exact) or NaN (normal), as in scipy.

    Raises
    ------
    ValueError
        For a non-1-D input, an empty one or non-finite entries.

    See Also
    --------
    scipy.stats.wilcoxon : whose defaults and p-values it reproduces (SciPy is not needed).
    tb_bias_plugin.measures.discrepancy.replicates.replicate_summary : the test over DIPDI's replicates.

    References
    ----------
    .. [1] F. Wilcoxon, "Individual comparisons by ranking methods",
       Biometrics Bulletin 1(6), 80-83, 1945.

    Examples
    --------
    The exact test cannot reach below 2 / 2**n:

    >>> wilcoxon_signed_rank([0.5, 1.2, 0.9, 2.0, 1.4])
    WilcoxonResult(statistic=0.0, pvalue=0.0625, method='exact')
    """
    x = check_finite_array(values, "values", ndim=1)
    if x.size == 0:
        raise ValueError("values is empty")
    nonzero = x[x != 0]
    count = nonzero.size
    ranks, tie_sizes = average_ranks(np.abs(nonzero), return_tie_sizes=True)
    r_plus = float(ranks[nonzero > 0].sum())
    r_minus = float(ranks[nonzero < 0].sum())
    statistic = min(r_plus, r_minus)
    has_ties_or_zeros = bool(np.any(tie_sizes > 1)) or count < x.size

    if x.size <= _EXACT_MAX_N and (not has_ties_or_zeros or x.size <= _EXACT_MAX_N_WITH_TIES):
        # average ranks are multiples of 1/2: double them to stay in integers
        doubled = np.rint(2.0 * ranks).astype(np.int64)
        dist = _subset_sum_distribution(doubled)
        observed = int(round(2.0 * r_plus))
        p_low = dist[: observed + 1].sum()
        p_high = dist[observed:].sum()
        return WilcoxonResult(statistic, float(min(1.0, 2.0 * min(p_low, p_high))), "exact")

    mean = count * (count + 1) / 4.0
    var = (count * (count + 1) * (2 * count + 1) - np.sum(tie_sizes**3 - tie_sizes) / 2.0) / 24.0
    if var <= 0:
        return WilcoxonResult(statistic, math.nan, "normal")
    z = (r_plus - mean) / math.sqrt(var)
    return WilcoxonResult(statistic, float(two_sided_normal_p(z)), "normal")


def bh_q_values(p: Any, mask: Any = None, order: Any = None, *, counts: Any = None) -> np.ndarray:
    """Benjamini-Hochberg q-values of the p-values ``p`` in ``mask``.

    q_(i) = min over j >= i of min(1, p_(j) m / j), p sorted ascending, m
    the number of tests. Tied p-values share one q-value (that of the last
    of them), whatever their order.

    Parameters
    ----------
    p : array_like of float, shape (n,)
        p-values; a NaN is no test (its q is NaN and it does not count in m).
    mask : array_like of bool, shape (n,), optional
        The entries tested; the others get NaN. Default all.
    order : array_like of int, optional
        ``np.argsort(p, kind="stable")``: kept with the p-values, it saves
        each new mask a sort. The q-values are the same either way.
    counts : array_like of int, shape (n,), optional
        How many tests each entry stands for (default 1): the q-values of
        ``np.repeat(p, counts)`` without repeating. An entry with count 0
        gets NaN.

    Returns
    -------
    numpy.ndarray of float64, shape (n,)

    References
    ----------
    .. [1] Y. Benjamini and Y. Hochberg, "Controlling the false discovery
       rate", J. R. Stat. Soc. B 57(1), 289-300, 1995.

    Examples
    --------
    >>> bh_q_values([0.01, 0.04, 0.03, 0.5]).round(3).tolist()
    [0.04, 0.053, 0.053, 0.5]
    >>> bh_q_values([0.01, 0.04, 0.5], counts=[2, 1, 0]).round(3).tolist()
    [0.015, 0.04, nan]
    """
    p = np.asarray(p, dtype=np.float64)
    keep = ~np.isnan(p)
    if mask is not None:
        keep &= np.asarray(mask, dtype=bool)
    if counts is not None:
        counts = np.asarray(counts, dtype=np.int64)
        keep &= counts > 0
    if order is None:
        tested = np.flatnonzero(keep)
        ranked = tested[np.argsort(p[tested], kind="stable")]
    else:
        ranked = np.asarray(order)[keep[order]]  # a stable sort, restricted: the same order
    out = np.full(p.shape, np.nan)
    if not ranked.shape[0]:
        return out
    # the rank of the last test of each entry: ties then share the q of the last
    last_rank = np.arange(1, ranked.shape[0] + 1) if counts is None else np.cumsum(counts[ranked])
    m = int(last_rank[-1])
    q = p[ranked] * m / last_rank
    out[ranked] = np.minimum(np.minimum.accumulate(q[::-1])[::-1], 1.0)
    return out


def normal_quantile(probability: float) -> float:
    """The standard normal quantile: x with P(Z <= x) = ``probability``.

    ``statistics.NormalDist().inv_cdf``, to about 1e-16 relative error.

    Raises
    ------
    ValueError
        Unless 0 < probability < 1.

    Examples
    --------
    >>> round(normal_quantile(0.975), 6)
    1.959964
    """
    if not 0.0 < probability < 1.0:
        raise ValueError("probability must be in (0, 1), got %r" % (probability,))
    return _STANDARD_NORMAL.inv_cdf(probability)


def two_sided_normal_p(z: Any) -> np.ndarray:
    """P(|Z| >= |z|) for a standard normal Z, element-wise; NaN stays NaN.

    ``erfc(|z| / sqrt 2)`` with ``math.erfc``, exact in the far tails where
    ``1 - erf`` would round to 0.

    Examples
    --------
    >>> two_sided_normal_p([1.959963984540054, 0.0, -40.0, np.nan]).round(4).tolist()
    [0.05, 1.0, 0.0, nan]
    >>> float(two_sided_normal_p(-30.0)) > 0  # where 1 - erf(...) is 0.0
    True
    """
    z = np.abs(np.asarray(z, dtype=np.float64))
    out = np.full(z.shape, np.nan)
    defined = ~np.isnan(z)
    if defined.any():
        out[defined] = _ERFC(z[defined] / math.sqrt(2.0)).astype(np.float64)
    return out
