"""Confidence intervals, p-values and Benjamini-Hochberg q-values of
association values and gaps, from the stored counts alone.

Method (docs/measures/association.md, "Intervals and significance"). Every
metric is a function f(a, b, c, d) of the four cells of an
identity-versus-label 2x2 table (a = C(x,y), b = C(x) - C(x,y), c = C(y) -
C(x,y), d = the rest). A value's interval moves each cell alone to the ends
of its own Poisson interval (Byar's form of the Garwood bounds) and adds
the changes of f in quadrature, each side apart: nothing is linearised.
Counts may be non-integer (expected counts of soft identities): nothing
here assumes integers, and treating a sum of probabilities as a Poisson
count overstates its variance, so the intervals of soft counts are
conservative.

Gaps: the two values of a pair share the examples where both identities
and the label occur, C(x1, x2, y), which is not stored. Their correlation
comes from the multinomial delta method over the eight cells of (x1, x2,
y), Var f ~= sum_i n_i g_i^2 with g_i = df/dn_i (every metric here is
scale-free, so the mean term vanishes), the derivatives taken at the
counts plus 1/2, finite at a zero cell. The covariance is linear in the
triple count, so it is evaluated at both ends of the range the stored
pairwise counts allow and the smaller one (the wider interval) is used:
exact when the identities never co-occur, conservative otherwise.
One-vs-rest gaps use the Cauchy-Schwarz bound sd(A1) + mean sd(A_j):
always conservative.
"""

from __future__ import annotations

import functools

import numpy as np

from tb_bias_plugin.core.stats import bh_q_values, normal_quantile, two_sided_normal_p
from tb_bias_plugin.core.validation import check_number
from tb_bias_plugin.measures.association import metrics

#: Added to each cell where the derivatives are evaluated (see the module doc).
VARIANCE_PSEUDOCOUNT = 0.5

#: The interval level where none is asked for; p-values are read off the widths at this level.
DEFAULT_LEVEL = 0.95


@functools.lru_cache(maxsize=64)
def z_of(level):
    """The two-sided standard normal quantile of ``level``.

    Examples
    --------
    >>> round(z_of(0.95), 4)
    1.96
    """
    level = check_number(level, "level", low=0.5, high=1.0, include="left")
    return normal_quantile(0.5 + level / 2.0)


def cells(num_examples, identity_count, label_counts, cooccurrence):
    """The four cells (a, b, c, d) of each x-vs-y table, float64, shape (L,)."""
    a = np.asarray(cooccurrence, dtype=np.float64)
    cy = np.asarray(label_counts, dtype=np.float64)
    cx = np.asarray(identity_count, dtype=np.float64)
    return a, cx - a, cy - a, float(num_examples) - cx - cy + a


def gradients(metric, a, b, c, d):
    """Derivatives of ``metric`` with respect to the four cell counts.

    Examples
    --------
    >>> ga, gb, gc, gd = gradients("dp", np.array([3.0]), np.array([1.0]), np.array([2.0]), np.array([4.0]))
    >>> float(ga[0]), float(gb[0]), float(gc[0]), float(gd[0])
    (0.0625, -0.1875, 0.0, 0.0)
    """
    metrics.check_metric(metric)
    n = a + b + c + d
    zero = np.zeros_like(a)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if metric in ("pmi", "npmi_xy", "npmi_y"):
            pmi = (1 / a - 1 / (a + b) - 1 / (a + c) + 1 / n, 1 / n - 1 / (a + b), 1 / n - 1 / (a + c), 1 / n + zero)
            if metric == "pmi":
                return pmi
            value = np.log(a * n / ((a + b) * (a + c)))
            if metric == "npmi_xy":
                h = np.log(n / a)
                dh = (1 / n - 1 / a, 1 / n + zero, 1 / n + zero, 1 / n + zero)
            else:
                h = np.log(n / (a + c))
                dh = (1 / n - 1 / (a + c), 1 / n + zero, 1 / n - 1 / (a + c), 1 / n + zero)
            return tuple((gp * h - value * gh) / (h * h) for gp, gh in zip(pmi, dh))
        if metric == "pmi2":
            return 2 / a - 1 / (a + b) - 1 / (a + c), -1 / (a + b), -1 / (a + c), zero
        if metric == "dp":
            s = (a + b) ** 2
            return b / s, -a / s, zero, zero
        if metric == "sdc":
            s = (2 * a + b + c) ** 2
            return (b + c) / s, -a / s, -a / s, zero
        if metric == "ji":
            s = (a + b + c) ** 2
            return (b + c) / s, -a / s, -a / s, zero
        if metric == "llr":
            return 1 / a - 1 / (a + c), zero, -1 / (a + c), zero
        det = a * d - b * c
        if metric == "tau_b":
            root = np.sqrt((a + b) * (c + d) * (a + c) * (b + d))
            f = det / root
            dlog = (1 / (a + b) + 1 / (a + c), 1 / (a + b) + 1 / (b + d), 1 / (c + d) + 1 / (a + c), 1 / (c + d) + 1 / (b + d))
            ddet = (d, -c, -b, a)
            return tuple(dd / root - 0.5 * f * dl for dd, dl in zip(ddet, dlog))
        # ttest = det / (n sqrt((a+b)(a+c)))
        root = n * np.sqrt((a + b) * (a + c))
        f = det / root
        dlog = (1 / (a + b) + 1 / (a + c), 1 / (a + b), 1 / (a + c), zero)
        ddet = (d, -c, -b, a)
        return tuple(dd / root - f * (1 / n + 0.5 * dl) for dd, dl in zip(ddet, dlog))


def _variance_cells(num_examples, identity_count, label_counts, cooccurrence):
    a, b, c, d = cells(num_examples, identity_count, label_counts, cooccurrence)
    k = VARIANCE_PSEUDOCOUNT
    return a + k, b + k, c + k, d + k


def standard_error(metric, num_examples, identity_count, label_counts, cooccurrence):
    """Delta-method standard error of A(x, y) for one identity and every label.

    Parameters
    ----------
    metric : str
    num_examples : float
        N.
    identity_count : float
        C(x).
    label_counts, cooccurrence : array-like of shape (L,)
        C(y) and C(x, y); floats are fine (expected counts).

    Returns
    -------
    ndarray of shape (L,)

    Examples
    --------
    >>> se = standard_error("dp", 1000, 100, [50, 500], [10, 60])
    >>> se.round(4).tolist()   # close to sqrt(p(1-p)/C(x)) = 0.0300, 0.0490
    [0.0304, 0.0488]
    """
    cell = _variance_cells(num_examples, identity_count, label_counts, cooccurrence)
    grads = gradients(metric, *cell)
    variance = sum(n * g * g for n, g in zip(cell, grads))
    with np.errstate(invalid="ignore"):
        return np.sqrt(variance)


def pair_covariance_bounds(metric, num_examples, counts_1, counts_2, pair_count, label_counts, cooc_1, cooc_2):
    """The smallest delta-method Cov(A(x1, y), A(x2, y)) the stored counts allow.

    The eight cells of (x1, x2, y) are fixed by the pairwise counts up to
    the unstored triple count t = C(x1, x2, y); the covariance is linear in
    t, so its minimum over the feasible t is at one end.

    Examples
    --------
    >>> # identities that never co-occur: t = 0 exactly, and here the covariance is positive
    >>> float(pair_covariance_bounds("dp", 100, 40, 30, 0, [20], [10], [5])[0]) > 0
    True
    """
    n = float(num_examples)
    cx1, cx2, c12 = (np.asarray(v, dtype=np.float64) for v in (counts_1, counts_2, pair_count))
    cy = np.asarray(label_counts, dtype=np.float64)
    a1 = np.asarray(cooc_1, dtype=np.float64)
    a2 = np.asarray(cooc_2, dtype=np.float64)
    k = VARIANCE_PSEUDOCOUNT
    g1 = gradients(metric, *_variance_cells(n, cx1, cy, a1))
    g2 = gradients(metric, *_variance_cells(n, cx2, cy, a2))
    low = np.maximum.reduce([np.zeros_like(a1), c12 + a1 - cx1 + 0 * a1, c12 + a2 - cx2, a1 + a2 - cy])
    high = np.minimum.reduce([c12 + 0 * a1, a1, a2, n - cx1 - cx2 - cy + c12 + a1 + a2])
    high = np.maximum(high, low)  # rounding of soft counts
    # cell index of table 1 / table 2 in (a, b, c, d) order, for (x1, x2, y)
    q = k / 2.0  # the 2x2 pseudocount spread over the two cells of (x1,x2,y) in it

    def covariance(t):
        eight = (
            (t, 0, 0),  # x1 x2 y
            (c12 - t, 1, 1),  # x1 x2 -y
            (a1 - t, 0, 2),  # x1 -x2 y
            (a2 - t, 2, 0),  # -x1 x2 y
            (cx1 - c12 - a1 + t, 1, 3),  # x1 -x2 -y
            (cx2 - c12 - a2 + t, 3, 1),  # -x1 x2 -y
            (cy - a1 - a2 + t, 2, 2),  # -x1 -x2 y
            (n - cx1 - cx2 - cy + c12 + a1 + a2 - t, 3, 3),  # none
        )
        with np.errstate(invalid="ignore"):
            return sum((count + q) * g1[i] * g2[j] for count, i, j in eight)

    with np.errstate(invalid="ignore"):
        return np.fmin(covariance(low), covariance(high))


def poisson_bounds(counts, z):
    """Approximate exact (Garwood) Poisson bounds of each count, Byar's form.

    Closed form and vectorised; within a few percent of the exact
    chi-square bounds (0.60 for 0.62 at a count of 3, exact to 0.01 from
    10 up), and defined for float counts.

    Examples
    --------
    >>> low, high = poisson_bounds(np.array([0.0, 3.0, 100.0]), 1.959964)
    >>> low.round(2).tolist(), high.round(2).tolist()
    ([0.0, 0.6, 81.36], [3.67, 8.77, 121.63])
    """
    n = np.asarray(counts, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        low = n * (1.0 - 1.0 / (9.0 * n) - z / (3.0 * np.sqrt(n))) ** 3
    low = np.where(n > 0, np.maximum(low, 0.0), 0.0)
    m = n + 1.0
    high = m * (1.0 - 1.0 / (9.0 * m) + z / (3.0 * np.sqrt(m))) ** 3
    return low, high


def evaluate(metric, a, b, c, d):
    """A(x, y) from the four cells, with npmi_xy's limits (see `metrics.association`)."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        out = metrics._FORMULAS[metric](a, b, c, d)
    marginals = (a + b > 0) & (a + c > 0)
    out = np.where(np.isfinite(out) & marginals, out, np.nan)
    if metric == "npmi_xy":
        out[(a <= 0) & marginals] = -1.0
        out[(b <= 0) & (c <= 0) & marginals] = 1.0
    return out


def half_widths(metric, num_examples, identity_count, label_counts, cooccurrence, z, *, smoothing=0.0):
    """Lower and upper half-widths of the interval of A(x, y), every label.

    Each of the four cells is moved, alone, to its Poisson bounds and the
    resulting change of the metric is taken exactly (no linearisation, so a
    rare label's log terms get their real, asymmetric spread); the changes
    that lower the value are added in quadrature for the lower side, those
    that raise it for the upper side. A change that makes the value
    undefined (PMI as C(x, y) reaches 0) makes that side unbounded (inf).

    Examples
    --------
    >>> low, high = half_widths("pmi", 10000, 1000, [100], [30], 1.959964)
    >>> bool(low[0] > high[0] > 0)   # a log of a small count: longer below
    True
    """
    metrics.check_metric(metric)
    a, b, c, d = cells(num_examples, identity_count, label_counts, cooccurrence)
    s = float(smoothing)
    base = (a + s, b + s, c + s, d + s)
    value = evaluate(metric, *base)
    down = np.zeros_like(value)
    up = np.zeros_like(value)
    for i, n in enumerate((a, b, c, d)):
        for bound in poisson_bounds(np.maximum(n, 0.0), z):
            moved = list(base)
            moved[i] = bound + s
            change = evaluate(metric, *moved) - value
            change = np.where(np.isnan(change) & ~np.isnan(value), -np.inf if _falls_to_undefined(metric) else np.inf, change)
            with np.errstate(invalid="ignore"):
                down += np.where(change < 0, change * change, 0.0)
                up += np.where(change > 0, change * change, 0.0)
    return np.sqrt(down), np.sqrt(up)


def _falls_to_undefined(metric):
    # A log metric becomes undefined when a count reaches 0: towards -inf.
    return metric in ("pmi", "pmi2", "npmi_y", "llr")


def interval(metric, value, low_width, high_width):
    """``(low, high)`` = value -/+ the half-widths, clipped to the metric's range."""
    low_end, high_end = metrics.METRIC_RANGES[metric]
    low = value - low_width
    high = value + high_width
    if low_end is not None:
        low = np.maximum(low, low_end)
    if high_end is not None:
        high = np.minimum(high, high_end)
    return low, high


def correlation(metric, num_examples, counts_1, counts_2, pair_count, label_counts, cooc_1, cooc_2):
    """The correlation of A(x1, y) and A(x2, y) that gives the widest gap interval.

    From the delta-method variances and the smallest covariance allowed by
    the stored counts (:func:`pair_covariance_bounds`), clipped to [-1, 1].

    Examples
    --------
    >>> # identities that never co-occur, a metric of disjoint examples: ~0
    >>> abs(float(correlation("dp", 1000, 400, 300, 0, [200], [100], [50])[0])) < 0.01
    True
    """
    se_1 = standard_error(metric, num_examples, counts_1, label_counts, cooc_1)
    se_2 = standard_error(metric, num_examples, counts_2, label_counts, cooc_2)
    cov = pair_covariance_bounds(metric, num_examples, counts_1, counts_2, pair_count, label_counts, cooc_1, cooc_2)
    with np.errstate(invalid="ignore", divide="ignore"):
        rho = cov / (se_1 * se_2)
    return np.clip(np.nan_to_num(rho, nan=0.0), -1.0, 1.0)


def gap_widths(w1, w2, rho=None):
    """Half-widths ``(below, above)`` of G = A1 - A2 from each side's.

    ``w1``, ``w2`` are ``(below, above)`` pairs; G's lower side combines A1's
    lower and A2's upper side. ``rho`` is their correlation; None means
    the Cauchy-Schwarz bound (the widths add up), used for one-vs-rest.

    Examples
    --------
    >>> [x.tolist() for x in gap_widths((np.array([0.3]), np.array([0.3])), (np.array([0.4]), np.array([0.4])), np.array([0.0]))]
    [[0.5], [0.5]]
    """
    (l1, h1), (l2, h2) = w1, w2
    if rho is None:
        return l1 + h2, h1 + l2
    with np.errstate(invalid="ignore"):
        below = np.sqrt(np.maximum(l1 * l1 + h2 * h2 - 2 * rho * l1 * h2, 0.0))
        above = np.sqrt(np.maximum(h1 * h1 + l2 * l2 - 2 * rho * h1 * l2, 0.0))
    # inf - inf is NaN above: an unbounded side stays unbounded
    below = np.where(np.isinf(l1) | np.isinf(h2), np.inf, below)
    above = np.where(np.isinf(h1) | np.isinf(l2), np.inf, above)
    return below, above


def p_values_from_widths(estimate, below_95, above_95):
    """Two-sided p-values of "the true value is 0" from the half-widths at `DEFAULT_LEVEL` (95%).

    The half-width on the side towards 0, divided by z(0.95), is the
    standard error, so at level 0.95 an interval excludes 0 exactly when
    p < 0.05.

    Examples
    --------
    >>> z = z_of(0.95)
    >>> p_values_from_widths(np.array([z, -1.0]), np.array([z, 1.0]), np.array([1.0, z])).round(3).tolist()
    [0.05, 0.317]
    """
    estimate = np.asarray(estimate, dtype=np.float64)
    toward = np.where(estimate > 0, below_95, above_95)
    return p_values(estimate, toward / z_of(DEFAULT_LEVEL))


def p_values(estimate, se):
    """Two-sided normal p-values of "the true value is 0"; NaN where undefined.

    Examples
    --------
    >>> p_values(np.array([1.96, 0.0, np.nan]), np.array([1.0, 1.0, 1.0])).round(3).tolist()
    [0.05, 1.0, nan]
    """
    estimate = np.asarray(estimate, dtype=np.float64)
    se = np.asarray(se, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.abs(estimate) / se
    z = np.where(se > 0, z, np.where(estimate == 0, 0.0, np.inf))
    out = two_sided_normal_p(z)
    out[np.isnan(estimate) | np.isnan(se)] = np.nan
    return out


def bh_q_values_of_groups(group_p, inverse, mask=None, order=None):
    """`bh_q_values` of ``group_p[inverse]``, sorting the groups only.

    Entries that share a p-value share their q-value: a run of ties takes
    the q of its last rank, whatever the order within it. So each group
    needs only how many of its entries are in ``mask``, and the q-values
    are the same floats as `bh_q_values` computes entry by entry.
    ``order``, if given, is ``np.argsort(group_p)``, kept for every mask.

    Examples
    --------
    >>> p, inverse = np.array([0.01, 0.04, 0.5]), np.array([0, 1, 1, 2, 0])
    >>> bh_q_values_of_groups(p, inverse).round(4).tolist()
    [0.025, 0.05, 0.05, 0.5, 0.025]
    >>> bh_q_values(p[inverse]).round(4).tolist()
    [0.025, 0.05, 0.05, 0.5, 0.025]
    """
    inverse = np.asarray(inverse)
    mask = None if mask is None else np.asarray(mask, dtype=bool)
    out = group_q_values(group_p, inverse, mask, order)[inverse]
    if mask is not None:
        out[~mask] = np.nan
    return out


def group_q_values(group_p, inverse, mask=None, order=None):
    """The q-value of each group's entries in ``mask`` (see `bh_q_values_of_groups`)."""
    group_p = np.asarray(group_p, dtype=np.float64)
    counts = np.bincount(inverse if mask is None else inverse[mask], minlength=group_p.shape[0])
    return bh_q_values(group_p, order=order, counts=counts)


def bound_nearest_zero(low, high):
    """The end of each interval nearest zero, 0 where it holds zero.

    Sorting by its magnitude ranks gaps by "at least this large".

    Examples
    --------
    >>> bound_nearest_zero(np.array([0.2, -0.5, -0.1]), np.array([0.6, -0.3, 0.4])).tolist()
    [0.2, -0.3, 0.0]
    """
    with np.errstate(invalid="ignore"):
        out = np.where(low > 0, low, np.where(high < 0, high, 0.0))
    out[np.isnan(low) | np.isnan(high)] = np.nan
    return out
