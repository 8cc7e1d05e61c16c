"""Association metrics, gaps and rankings computed from co-occurrence counts.

Every function here is pure NumPy and vectorised over identities and labels.
The contract is docs/measures/association.md: probabilities are
``C(.) / N``, undefined values are NaN, and ``npmi_xy`` uses its limits
(-1 when x and y never co-occur, +1 when they always do).

`METRICS` names the ten metrics (id to a readable name, in display order);
`DEFAULT_METRIC` is the one shown first and `METRIC_RANGES` the interval
each one's values lie in.
"""

import numpy as np

from tb_bias_plugin.core.validation import (
    check_finite_array,
    check_integer,
    check_number,
    check_numeric_array,
    is_integer,
)


class MetricNames(dict):
    """The association metrics: each id `association` takes, in display order, with a readable name.

    See Also
    --------
    association : computes the metric of an id.
    DEFAULT_METRIC : the one shown first.

    References
    ----------
    .. [1] O. Aka, K. Burke, A. Bäuerle, C. Greer, M. Mitchell, "Measuring
       Model Biases in the Absence of Ground Truth", AIES 2021.
    .. [2] ``docs/measures/association.md``, "The ten metrics A(x, y)" (the formulas).

    Examples
    --------
    >>> list(METRICS)[:3]
    ['npmi_xy', 'npmi_y', 'pmi']
    >>> METRICS["dp"]
    'demographic parity p(y|x)'
    """


METRICS = MetricNames({
    "npmi_xy": "nPMI normalised by p(x,y)",
    "npmi_y": "nPMI normalised by p(y)",
    "pmi": "pointwise mutual information",
    "pmi2": "squared PMI",
    "dp": "demographic parity p(y|x)",
    "sdc": "Sorensen-Dice coefficient",
    "ji": "Jaccard index",
    "llr": "log-likelihood ratio ln p(x|y)",
    "tau_b": "Kendall tau-b",
    "ttest": "t-test",
})

DEFAULT_METRIC = "npmi_xy"

#: The interval each metric's values lie in (None where unbounded).
METRIC_RANGES = {
    "npmi_xy": (-1.0, 1.0),
    "npmi_y": (None, None),
    "pmi": (None, None),
    "pmi2": (None, None),
    "dp": (0.0, 1.0),
    "sdc": (0.0, 0.5),
    "ji": (0.0, 1.0),
    "llr": (None, 0.0),
    "tau_b": (-1.0, 1.0),
    "ttest": (None, None),
}

ORDERS = ("desc", "asc", "abs")


# one-vs-rest compares x1 with the mean of the others: there must be one
REST_NEEDS_TWO = "one-vs-rest needs at least two identities"

def check_metric(metric):
    """Return ``metric`` if it is a known metric id, else raise ValueError."""
    if metric not in METRICS:
        raise ValueError(
            "unknown metric %r; expected one of %s" % (metric, ", ".join(METRICS))
        )
    return metric


def check_counts(num_examples, identity_counts, label_counts, cooccurrence, slack=0.0):
    """Raise a ValueError unless the counts can come from one set of examples: C(y) <= N, C(x) <= N,
    C(x, y) <= min(C(x), C(y)) and C(x) + C(y) - C(x, y) <= N, with `slack` for the rounding of expected
    counts (sums of identity probabilities). The last axes are (identities, labels); any leading ones
    (thresholds) broadcast."""
    n = num_examples
    shown = "%d" % n if float(n).is_integer() else "%g" % n  # N = 123456789 printed whole
    if (label_counts > n).any() or (identity_counts > n + slack).any():
        raise ValueError("a count exceeds num_examples=%s" % shown)
    cx = identity_counts[..., :, None]
    cy = label_counts[..., None, :]
    if (cooccurrence > np.minimum(cx, cy) + slack).any():
        raise ValueError("cooccurrence C(x,y) exceeds C(x) or C(y)")
    if (cx + cy - cooccurrence > n + slack).any():
        raise ValueError("C(x) + C(y) - C(x,y) exceeds num_examples=%s" % shown)


def _checked_counts(num_examples, identity_counts, label_counts, cooccurrence):
    """`association`'s counts as float arrays (N a float), each finite, non-negative and of its shape, and
    consistent (`check_counts`; slack for expected counts)."""
    n = check_number(num_examples, "num_examples", low=0)
    arrays = []
    for values, name, ndim in ((identity_counts, "identity_counts", 1), (label_counts, "label_counts", 1),
                               (cooccurrence, "cooccurrence", 2)):
        array = check_finite_array(values, name, ndim=ndim)
        if array.size and array.min() < 0:
            raise ValueError("%s must not be negative" % name)
        arrays.append(array)
    cx, cy, a = arrays
    if a.shape != (cx.shape[0], cy.shape[0]):
        raise ValueError("cooccurrence has shape %s, expected (identities, labels) = %s"
                         % (a.shape, (cx.shape[0], cy.shape[0])))
    check_counts(n, cx, cy, a, slack=1e-9 * max(1.0, n))
    return n, cx, cy, a


def _cells(num_examples, identity_counts, label_counts, cooccurrence, smoothing):
    """The four cells of each identity-vs-label 2x2 table, as float arrays.

    Returns ``(a, b, c, d)`` of shape (k, L): a = C(x,y), b = C(x) - C(x,y),
    c = C(y) - C(x,y), d = the rest, each plus ``smoothing``.
    """
    check_number(smoothing, "smoothing", low=0)
    cx = np.asarray(identity_counts, dtype=np.float64)[:, None]
    cy = np.asarray(label_counts, dtype=np.float64)[None, :]
    a = np.asarray(cooccurrence, dtype=np.float64)
    b = cx - a
    c = cy - a
    d = float(num_examples) - cx - cy + a
    if smoothing:
        a, b, c, d = a + smoothing, b + smoothing, c + smoothing, d + smoothing
    return a, b, c, d


def association(
    metric,
    num_examples,
    identity_counts,
    label_counts,
    cooccurrence,
    *,
    smoothing=0.0,
):
    """Compute an association metric A(x, y) for every identity and label.

    Parameters
    ----------
    metric : str
        A metric id from :data:`METRICS`, e.g. ``"npmi_xy"``.
    num_examples : int
        N, the number of examples counted.
    identity_counts : array-like of shape (k,)
        C(x) for each identity x.
    label_counts : array-like of shape (L,)
        C(y) for each label y.
    cooccurrence : array-like of shape (k, L)
        C(x, y) for each identity and label.
    smoothing : float, default 0
        Additive smoothing applied to each cell of the 2x2 table of x vs y
        before computing; any value > 0 makes every metric finite.

    Returns
    -------
    ndarray of shape (k, L)
        float64 values; NaN where the metric is undefined (a zero marginal,
        ln 0, 0/0). ``npmi_xy`` is -1 where C(x,y) = 0 and +1 where
        p(x,y) = 1, its limits.

    See Also
    --------
    gap : the difference of two identities' values for every label.
    AssociationTable.association : the same from a logged table of counts.
    CooccurrenceCounter : counts the inputs over batches of predictions.

    References
    ----------
    .. [1] O. Aka, K. Burke, A. Bäuerle, C. Greer, M. Mitchell, "Measuring
       Model Biases in the Absence of Ground Truth", AIES 2021.
       The metrics are those of its appendix, with two departures (the sign
       of nPMI, tau-b) given in [3].
    .. [2] G. Bouma, "Normalized (Pointwise) Mutual Information in
       Collocation Extraction", GSCL 2009 (the normalisation of nPMI).
    .. [3] ``docs/measures/association.md``, "The ten metrics A(x, y)".

    Examples
    --------
    >>> association("dp", 10, [4], [5, 2], [[3, 0]])
    array([[0.75, 0.  ]])
    """
    check_metric(metric)
    return association_of_checked(metric, *_checked_counts(num_examples, identity_counts, label_counts, cooccurrence),
                                  smoothing=smoothing)


def association_of_checked(metric, num_examples, identity_counts, label_counts, cooccurrence, *, smoothing=0.0):
    """`association` of counts already checked, by `check_counts` (an `AssociationTable`'s): no pass over them
    again on the server's path."""
    a, b, c, d = _cells(num_examples, identity_counts, label_counts, cooccurrence, smoothing)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        out = _FORMULAS[metric](a, b, c, d)
    # A zero marginal leaves every metric undefined (docs/measures/association.md,
    # "The ten metrics A(x, y)"), even where the formula would evaluate, e.g. Jaccard 0 / C(y).
    marginals_positive = (a + b > 0) & (a + c > 0)
    out = np.where(np.isfinite(out) & marginals_positive, out, np.nan)
    if metric == "npmi_xy":
        out[(a == 0) & marginals_positive] = -1.0
        # x and y always together (p(x,y) = p(x) = p(y), incl. p(x,y) = 1):
        # exactly 1, which rounding would miss by an ulp.
        out[(b == 0) & (c == 0) & marginals_positive] = 1.0
    return out


def _pmi(a, b, c, d):
    # One log of one ratio: exactly 0 for independent counts, and the same
    # expression as the nPMI denominators, so x == y gives exactly 1.
    return np.log(a * (a + b + c + d) / ((a + b) * (a + c)))


def _npmi_y(a, b, c, d):
    return _pmi(a, b, c, d) / np.log((a + b + c + d) / (a + c))


def _npmi_xy(a, b, c, d):
    # Bounded by [-1, 1] in exact arithmetic; clip rounding at the ends.
    return np.clip(_pmi(a, b, c, d) / np.log((a + b + c + d) / a), -1.0, 1.0)


def _pmi2(a, b, c, d):
    return np.log(a * a / ((a + b) * (a + c)))


def _dp(a, b, c, d):
    return a / (a + b)


def _sdc(a, b, c, d):
    return a / ((a + b) + (a + c))


def _ji(a, b, c, d):
    return a / (a + b + c)


def _llr(a, b, c, d):
    return np.log(a / (a + c))


def _phi_numerator(a, b, c, d):
    # N C(x,y) - C(x) C(y) == a d - b c, without the cancellation.
    return a * d - b * c


def _tau_b(a, b, c, d):
    phi = _phi_numerator(a, b, c, d) / np.sqrt((a + b) * (c + d) * (a + c) * (b + d))
    return np.clip(phi, -1.0, 1.0)


def _ttest(a, b, c, d):
    n = a + b + c + d
    return _phi_numerator(a, b, c, d) / (n * np.sqrt((a + b) * (a + c)))


_FORMULAS = {
    "dp": _dp,
    "pmi": _pmi,
    "npmi_y": _npmi_y,
    "npmi_xy": _npmi_xy,
    "pmi2": _pmi2,
    "sdc": _sdc,
    "ji": _ji,
    "llr": _llr,
    "tau_b": _tau_b,
    "ttest": _ttest,
}


def gap(values, x1, x2):
    """Association gap G(y | x1, x2) = A(x1, y) - A(x2, y) for every label.

    Parameters
    ----------
    values : ndarray of shape (k, L)
        A(x, y) per identity and label, e.g. from :func:`association`.
    x1 : int
        Row index of the first identity.
    x2 : int or "rest"
        Row index of the second identity, or ``"rest"`` for the mean of
        A(x', y) over every identity x' other than x1 (one-vs-rest).

    Returns
    -------
    ndarray of shape (L,)
        Positive where y leans towards x1; NaN where either side is NaN.

    See Also
    --------
    association : the values A(x, y) compared.
    rank : labels ordered by their gap.
    AssociationTable.gap : the same by identity name, from a table.

    References
    ----------
    .. [1] O. Aka, K. Burke, A. Bäuerle, C. Greer, M. Mitchell, "Measuring
       Model Biases in the Absence of Ground Truth", AIES 2021.
    .. [2] ``docs/measures/association.md``, "Gaps and rankings".

    Examples
    --------
    >>> gap(np.array([[0.5, 0.1], [0.2, 0.3], [0.0, 0.1]]), 0, "rest")
    array([ 0.4, -0.1])
    """
    values = check_numeric_array(values, "values", ndim=2)
    k = values.shape[0]
    _check_identity_index(x1, k, "x1")
    if isinstance(x2, str):
        if x2 != "rest":
            raise ValueError("x2 must be an identity index or 'rest', got %r" % x2)
        if k < 2:
            raise ValueError(REST_NEEDS_TWO)
        others = np.delete(values, x1, axis=0)
        return values[x1] - others.mean(axis=0)
    _check_identity_index(x2, k, "x2")
    if x1 == x2:
        raise ValueError("x1 and x2 must be different identities")
    return values[x1] - values[x2]


def cooccurs_with_both(cooccurrence, x1, x2):
    """Mask of labels seen with both compared sides (the default rule of docs/measures/association.md, "Gaps and rankings").

    For a pair, a label qualifies when C(x1,y) > 0 and C(x2,y) > 0. For
    one-vs-rest (``x2 == "rest"``) the second side is the mean of A(x',y)
    over every x' != x1, and a single x' never seen with y brings in the
    artefact the rule exists to remove (nPMI's -1 limit, ln 0): the label
    qualifies when C(x,y) > 0 for every identity x.

    Examples
    --------
    >>> cxy = np.array([[5, 1, 3], [4, 0, 2], [2, 7, 0]])
    >>> cooccurs_with_both(cxy, 0, 1).tolist(), cooccurs_with_both(cxy, 0, "rest").tolist()
    ([True, False, True], [True, False, False])
    """
    cooccurrence = np.asarray(cooccurrence)
    k = cooccurrence.shape[0]
    _check_identity_index(x1, k, "x1")
    with_x1 = cooccurrence[x1] > 0
    if isinstance(x2, str):
        if x2 != "rest":
            raise ValueError("x2 must be an identity index or 'rest', got %r" % x2)
        return (cooccurrence > 0).all(axis=0)
    _check_identity_index(x2, k, "x2")
    return with_x1 & (cooccurrence[x2] > 0)


def ranking_mask(
    gap,
    cooccurrence,
    x1,
    x2,
    identity_rows=(),
    *,
    include_identities=False,
    include_zero_cooccurrence=False,
    include_undefined=False,
):
    """Labels that a gap ranking considers, by the default rules of docs/measures/association.md, "Gaps and rankings".

    Leaves out the identity labels' own rows (``identity_rows``), labels
    that never co-occur with one of the compared sides (see
    :func:`cooccurs_with_both`; skipped when ``cooccurrence`` is None) and
    labels whose gap is undefined; each rule can be switched off.

    Examples
    --------
    >>> cxy = np.array([[5, 0, 3, 2], [4, 2, 3, 2]])
    >>> ranking_mask(np.array([0.1, -1.0, np.nan, 0.0]), cxy, 0, 1, identity_rows=[3]).tolist()
    [True, False, False, False]
    """
    gap = np.asarray(gap)
    mask = np.ones(gap.shape[0], dtype=bool)
    for _, kept in ranking_rules(gap, cooccurrence, x1, x2, identity_rows, include_identities=include_identities,
                                 include_zero_cooccurrence=include_zero_cooccurrence,
                                 include_undefined=include_undefined):
        mask &= kept
    return mask


def ranking_rules(gap, cooccurrence, x1, x2, identity_rows=(), *, include_identities=False,
                  include_zero_cooccurrence=False, include_undefined=False):
    """The rules of `ranking_mask` in force, in its order, each as ``(name, the labels it keeps)``: names
    ``identities``, ``zero_cooccurrence`` and ``undefined`` (how many labels each leaves out is said beside
    a table).

    Examples
    --------
    >>> cxy = np.array([[5, 0, 3], [4, 2, 3]])
    >>> [(name, kept.tolist()) for name, kept in ranking_rules(np.array([0.1, -1.0, np.nan]), cxy, 0, 1)]
    [('zero_cooccurrence', [True, False, True]), ('undefined', [True, True, False])]
    """
    gap = np.asarray(gap)
    rules = []
    if not include_identities and len(identity_rows):
        kept = np.ones(gap.shape[0], dtype=bool)
        kept[np.asarray(identity_rows)] = False
        rules.append(("identities", kept))
    if not include_zero_cooccurrence and cooccurrence is not None and x2 is not None:
        rules.append(("zero_cooccurrence", cooccurs_with_both(cooccurrence, x1, x2)))
    if not include_undefined:
        rules.append(("undefined", ~np.isnan(gap)))
    return rules


def _check_identity_index(index, k, name):
    if not is_integer(index):
        raise ValueError("%s must be an identity index (an integer), got %r" % (name, index))
    if not 0 <= index < k:
        raise ValueError("%s=%d is out of range for %d identities" % (name, index, k))


def rank(values, order="desc", *, mask=None, limit=None):
    """Indices of ``values`` in ranked order, NaN last, ties by index.

    How the Label associations tab orders labels by their gap: the defined
    values in ``order``, then the undefined ones (NaN) by index, leaving
    out the indices ``mask`` leaves out.

    Parameters
    ----------
    values : array_like of shape (L,)
        Sort key, e.g. a gap; NaN where undefined.
    order : {"desc", "asc", "abs"}, default "desc"
        Descending, ascending, or descending by absolute value.
    mask : ndarray of bool of shape (L,), optional
        Only indices where ``mask`` is True are ranked.
    limit : int, optional
        Return only the first ``limit`` indices (a non-negative integer); the
        work is then linear in L plus ``limit log limit``.

    Returns
    -------
    ndarray of int64
        Best first; at most ``limit`` of them.

    Raises
    ------
    ValueError
        An unknown ``order``, ``values`` that are not a 1-D array of numbers,
        a ``mask`` that is not a bool array of their shape, or a ``limit``
        that is not a non-negative integer.

    See Also
    --------
    top_k : the first ``k`` indices of this ranking.
    ranking_mask : the mask of the tab's default rules.
    gap : the usual sort key.

    References
    ----------
    .. [1] O. Aka, K. Burke, A. Bäuerle, C. Greer, M. Mitchell, "Measuring
       Model Biases in the Absence of Ground Truth", AIES 2021.
    .. [2] ``docs/measures/association.md``, "Gaps and rankings".

    Examples
    --------
    >>> gaps = np.array([0.2, np.nan, -0.9, 0.5])
    >>> rank(gaps, "abs")
    array([2, 3, 0, 1])
    >>> rank(gaps, mask=np.array([True, True, False, True]), limit=2)
    array([3, 0])
    >>> rank([0.5, 0.1, 0.5])  # ties by index
    array([0, 2, 1])
    """
    if order not in ORDERS:
        raise ValueError("order must be one of %s, got %r" % (", ".join(ORDERS), order))
    values = check_numeric_array(values, "values", ndim=1)
    if mask is not None:  # checked even when nothing is asked for: a bad mask is a bug of the caller's
        mask = np.asarray(mask)
        if mask.dtype != bool or mask.shape != values.shape:
            raise ValueError("mask must be a bool array of the values' shape %s, got %s of shape %s"
                             % (values.shape, mask.dtype, mask.shape))
    if limit is not None:
        limit = check_integer(limit, "limit", low=0)
        if limit == 0:
            return np.zeros(0, dtype=np.int64)
    # One key over every row, NaN where a row is not ranked (NaN sorts last):
    # a million-row table is then a few passes, with no gathers.
    if order == "desc":
        key = np.negative(values)
    elif order == "abs":
        key = np.negative(np.abs(values))
    else:
        key = values.copy()
    if mask is not None:
        key[~mask] = np.nan
    if limit is not None and limit < key.shape[0]:
        # everything tied with the limit-th key is kept, so ties break stably
        candidates = _smallest(key, limit)
    else:
        candidates = np.flatnonzero(~np.isnan(key))
    ranked = candidates[np.lexsort((candidates, key[candidates]))]
    if limit is not None and ranked.shape[0] >= limit:
        return ranked[:limit].astype(np.int64)
    undefined = np.isnan(values)
    if mask is not None:
        undefined &= mask
    undefined_idx = np.flatnonzero(undefined)
    if limit is not None:
        undefined_idx = undefined_idx[: limit - ranked.shape[0]]
    return np.concatenate([ranked, undefined_idx]).astype(np.int64)


# Past this many rows, the candidates for the first ``limit`` are first
# looked for below an estimate taken from a sample (see _smallest).
SAMPLED_SELECTION_ROWS = 100_000
_SAMPLE = 4096


def _smallest(key, k):
    """Indices of the defined keys at or below a key that has at least ``k``
    keys at or below it: every key tied with the k-th smallest, and usually
    few more (NaN sorts last).

    A full partition of a million keys costs more than the rest of a ranking.
    So a strided sample first gives a key that probably has a few times
    ``k`` keys at or below it; if it has at least ``k``, those keys are the
    candidates, else the whole array is partitioned. Either way no key that
    ranks in the first ``k`` is left out.
    """
    n = key.shape[0]
    if n >= SAMPLED_SELECTION_ROWS and n > 64 * k:
        sample = key[:: max(1, n // _SAMPLE)]
        at = min(sample.shape[0] - 1, int(4 * k * sample.shape[0] / n) + 8)
        estimate = np.partition(sample, at)[at]
        if not np.isnan(estimate):
            keep = key <= estimate
            if np.count_nonzero(keep) >= k:
                return np.flatnonzero(keep)
    kth = np.partition(key, k - 1)[k - 1]
    return np.flatnonzero(~np.isnan(key) if np.isnan(kth) else key <= kth)


def top_k(values, k, order="desc", *, mask=None):
    """The ``k`` best-ranked indices of ``values``: the first ``k`` of :func:`rank`.

    Parameters
    ----------
    values : array_like of shape (L,)
        Sort key, e.g. a gap; NaN where undefined (ranked last).
    k : int
        How many indices, a non-negative integer; fewer come back when
        fewer are ranked.
    order : {"desc", "asc", "abs"}, default "desc"
        Descending, ascending, or descending by absolute value.
    mask : ndarray of bool of shape (L,), optional
        Only indices where ``mask`` is True are ranked.

    Returns
    -------
    ndarray of int64
        At most ``k`` indices, best first, ties by index.

    Raises
    ------
    ValueError
        A ``k`` that is not a non-negative integer, or anything `rank`
        refuses.

    See Also
    --------
    rank : the whole ranking.
    tb_bias_plugin.AssociationTable.rank_labels : labels and their gaps, by the tab's default rules.

    References
    ----------
    .. [1] O. Aka, K. Burke, A. Bäuerle, C. Greer, M. Mitchell, "Measuring
       Model Biases in the Absence of Ground Truth", AIES 2021.
    .. [2] ``docs/measures/association.md``, "Gaps and rankings".

    Examples
    --------
    >>> gaps = np.array([0.4, -0.7, np.nan, 0.1])
    >>> top_k(gaps, 2)
    array([0, 3])
    >>> top_k(gaps, 2, "abs")
    array([1, 0])
    >>> top_k(gaps, 10, "asc")  # more than there are: every index, NaN last
    array([1, 3, 0, 2])
    """
    return rank(values, order, mask=mask, limit=check_integer(k, "k", low=0))
