"""Association tables: the counts a metric needs, and precomputed values."""

import functools
import math
import numbers

import numpy as np

from tb_bias_plugin.core.validation import (
    check_integer,
    check_names,
    check_number,
    check_numeric_array,
    host_values,
    preview,
)
from tb_bias_plugin.measures.association import metrics as metrics_lib
from tb_bias_plugin.measures.association.sampling import CellExamples
from tb_bias_plugin.storage.arrays import MAX_RECORD_BYTES
from tb_bias_plugin.storage.values import MAX_COUNT, check_count

#: Thresholds this close are the same threshold (a value read back from
#: JSON or typed by hand need not be bit-identical to the logged one).
THRESHOLD_TOLERANCE = 1e-9

#: Not allowed as an identity name: it means "every other identity" in gaps.
REST = "rest"

#: Most cells a table may hold: each is read as a 64-bit number, so that a
#: table is read within the bytes a record may hold (`arrays.MAX_RECORD_BYTES`).
#: A stored table is checked against it before any array is inflated: zeros
#: compress about 1000:1 and widen 8x, so a table of kilobytes could
#: otherwise ask for gigabytes.
MAX_TABLE_CELLS = MAX_RECORD_BYTES // 8


def check_counts_size(thresholds, identities, labels, what):
    """Refuse a table of counts past `MAX_TABLE_CELLS`: per threshold, C(y) per
    label, C(x) per identity, C(x, y) per identity and label and C(x_i, x_j)
    per pair of identities, T x (L + k) x (1 + k) cells; ``what`` names the table."""
    _check_cells(thresholds * (labels + identities) * (1 + identities), "%d thresholds x (%d labels + %d identities)"
                 " x (1 + %d identities)" % (thresholds, labels, identities, identities), what)


def check_values_size(labels, columns, what):
    """Refuse a table of precomputed values past `MAX_TABLE_CELLS` (labels x metric columns)."""
    _check_cells(labels * columns, "%d labels x %d metric columns" % (labels, columns), what)


def _check_cells(cells, parts, what):
    if cells > MAX_TABLE_CELLS:
        raise ValueError("%s: %s is %d cells, more than the %d a table may hold (%d MiB of 64-bit numbers; log "
                         "fewer thresholds or identities, or split the labels into several tables)" % (
                             what, parts, cells, MAX_TABLE_CELLS, MAX_TABLE_CELLS * 8 >> 20))


def check_identity_names(names, what, max_length=None):
    """`check_names`, and no identity may be called "rest"."""
    names = check_names(names, what, max_length=max_length)
    if REST in names:
        raise ValueError('%s must not contain "rest": it names one-vs-rest gaps' % what)
    return names


def parse_column(name):
    """Split a ``family@identity`` column name; None if it is not one.

    Examples
    --------
    >>> parse_column("nPMI@woman"), parse_column("count")
    (('nPMI', 'woman'), None)
    """
    family, sep, identity = name.partition("@")
    if not sep or not family or not identity:
        return None
    return family, identity


#: Score thresholds of a table made from scores when none are given.
DEFAULT_THRESHOLDS = (0.5,)


def check_thresholds(thresholds):
    """Validate thresholds (finite, in [0, 1], unique); return a float tuple."""
    thresholds = host_values(thresholds)  # a tensor's items would be 0-d tensors, not numbers
    if isinstance(thresholds, np.ndarray):
        if thresholds.dtype.kind == "f" and thresholds.dtype.itemsize < 8:  # float32 0.3 is 0.3, not 0.30000001
            thresholds = np.array([float(str(t)) for t in thresholds.ravel()]).reshape(thresholds.shape)
        thresholds = thresholds.tolist()  # a 0-d array too: one Python number
    if isinstance(thresholds, numbers.Real):
        thresholds = (thresholds,)
    try:
        items = tuple(thresholds)
    except TypeError:
        items = None
    # "0.5" would convert, but a string where a number belongs is a mistake to report
    if items is None or isinstance(thresholds, (str, bytes, dict)) or not all(
        isinstance(t, numbers.Real) and not isinstance(t, (bool, np.bool_)) for t in items
    ):
        raise ValueError("thresholds must be numbers in [0, 1], got %r" % (thresholds,))
    values = tuple(float(t) for t in items)
    if not values:
        raise ValueError("thresholds must not be empty")
    for t in values:
        if not math.isfinite(t) or not 0.0 <= t <= 1.0:
            raise ValueError("threshold %r is outside [0, 1]" % t)
    ordered = sorted(values)
    if any(b - a <= THRESHOLD_TOLERANCE for a, b in zip(ordered, ordered[1:])):
        raise ValueError("thresholds must be unique (more than %g apart), got %r" % (THRESHOLD_TOLERANCE, values))
    return values


def check_identity_label_index(index, num_identities, num_labels):
    """Which label column each identity is (-1: none), as int64: one entry per identity, each in range."""
    index = np.asarray(index, dtype=np.int64)
    if index.shape != (num_identities,):
        raise ValueError("identity_label_index must have one entry per identity")
    bad = (index < -1) | (index >= num_labels)
    if bad.any():
        raise ValueError("identity_label_index %d is out of range" % index[np.argmax(bad)])
    return index


#: What joins the parts of an intersection's name (``sex=f & age=60+``).
PART_SEPARATOR = " & "


def identity_name(parts):
    """The identity that attribute values name: ``column=value``, and ``(column, value)`` parts joined
    by `PART_SEPARATOR` for an intersection (`intersection_parts` splits it again).

    Examples
    --------
    >>> identity_name([("sex", "f")]), identity_name([("sex", "f"), ("age", "60+")])
    ('sex=f', 'sex=f & age=60+')
    """
    return PART_SEPARATOR.join("%s=%s" % part for part in parts)


def intersection_parts(name):
    """The parts of an intersectional identity's name; None for any other name.

    An intersection is two or more ``column=value`` parts joined by
    `PART_SEPARATOR`, as `identity_name` names them.

    Examples
    --------
    >>> intersection_parts("sex=f & age=60+")
    ['sex=f', 'age=60+']
    >>> intersection_parts("Rock & Roll") is None
    True
    """
    parts = name.split(PART_SEPARATOR)
    if len(parts) < 2 or not all(part.partition("=")[0] and "=" in part for part in parts):
        return None
    return parts


class _Labelled:
    """Lookups over ``label_names`` shared by both kinds of table, built once."""

    @functools.cached_property
    def label_index(self):
        """Mapping of label name to row index."""
        return {name: i for i, name in enumerate(self.label_names)}

    @functools.cached_property
    def alphabetical_rank(self):
        """Position of each label in case-insensitive alphabetical order."""
        order = sorted(range(len(self.label_names)), key=lambda i: (self.label_names[i].casefold(), i))
        rank = np.empty(len(order), np.int64)
        rank[order] = np.arange(len(order))
        rank.setflags(write=False)
        return rank


class AssociationTable(_Labelled):
    """Sufficient statistics of a set of predictions, per threshold.

    Counts, not probabilities, are kept so that any metric, smoothing or
    identity pair can be derived later. ``T`` is the number of thresholds,
    ``L`` of labels and ``k`` of identities.

    Attributes
    ----------
    label_names : tuple of str, length L
    identity_names : tuple of str, length k
    thresholds : tuple of float, length T
    num_examples : int
        N.
    label_counts : ndarray of int64, shape (T, L)
        C(y).
    identity_counts : ndarray of int64 or float64, shape (T, k)
        C(x); float64 expected counts when identities were probabilities
        (see :attr:`expected_counts`).
    cooccurrence : ndarray of int64 or float64, shape (T, k, L)
        C(x, y).
    identity_cooccurrence : ndarray of int64 or float64, shape (T, k, k)
        C(x_i, x_j); the diagonal equals ``identity_counts``.
    identity_label_index : ndarray of int64, shape (k,)
        Column of each identity among the labels, or -1 where the identity
        is a separate per-example attribute.
    examples : sampling.CellExamples or None
        The examples behind each cell (``CooccurrenceCounter(examples_per_cell=k)``), or None.

    See Also
    --------
    CooccurrenceCounter : counts predictions into a table (`CooccurrenceCounter.table`).
    association : A(x, y) from counts such as these.
    PrecomputedTable : per-label values computed elsewhere, without counts.

    References
    ----------
    .. [1] O. Aka, K. Burke, A. Bäuerle, C. Greer, M. Mitchell, "Measuring
       Model Biases in the Absence of Ground Truth", AIES 2021.
    .. [2] ``docs/measures/association.md``, "What is counted" and "Gaps and
       rankings".

    Examples
    --------
    Four images: two of a man (one with a bike), two of a woman (one with a bike).

    >>> table = AssociationTable(
    ...     ["man", "woman", "bike"], ["man", "woman"], [0.5], 4,
    ...     label_counts=[[2, 2, 2]], identity_counts=[[2, 2]],
    ...     cooccurrence=[[[2, 0, 1], [0, 2, 1]]], identity_cooccurrence=[[[2, 0], [0, 2]]])
    >>> table.gap("man", "woman", "dp").tolist()
    [1.0, -1.0, 0.0]
    >>> table.rank_labels("man", "woman", "dp")  # the identity labels' own rows are left out
    [('bike', 0.0)]
    """

    def __init__(
        self,
        label_names,
        identity_names,
        thresholds,
        num_examples,
        label_counts,
        identity_counts,
        cooccurrence,
        identity_cooccurrence,
        identity_label_index=None,
        examples=None,
    ):
        self.label_names = check_names(label_names, "label_names")
        self.identity_names = check_identity_names(identity_names, "identity_names")
        self.thresholds = check_thresholds(thresholds)
        n_t, n_l, n_k = len(self.thresholds), len(self.label_names), len(self.identity_names)
        check_counts_size(n_t, n_k, n_l, "AssociationTable")
        self.num_examples = check_count(check_integer(num_examples, "num_examples"), "num_examples")
        self.label_counts = _counts(label_counts, (n_t, n_l), "label_counts")
        identity_arrays = [
            _counts(array, shape, what, expected=True)
            for array, shape, what in (
                (identity_counts, (n_t, n_k), "identity_counts"),
                (cooccurrence, (n_t, n_k, n_l), "cooccurrence"),
                (identity_cooccurrence, (n_t, n_k, n_k), "identity_cooccurrence"),
            )
        ]
        if any(a.dtype.kind == "f" for a in identity_arrays):
            # expected counts (soft identities): all identity counts in float64
            identity_arrays = [a.astype(np.float64) for a in identity_arrays]
        self.identity_counts, self.cooccurrence, self.identity_cooccurrence = identity_arrays
        if identity_label_index is None:
            lookup = {name: i for i, name in enumerate(self.label_names)}
            identity_label_index = [lookup.get(x, -1) for x in self.identity_names]
        self.identity_label_index = check_identity_label_index(identity_label_index, n_k, n_l)
        self._check_consistency()
        if examples is not None:
            if not isinstance(examples, CellExamples):
                raise ValueError("examples must be a CellExamples, got %r" % type(examples).__name__)
            if examples.cell_offsets.shape[0] != n_t + 1 or examples.num_labels != n_l:
                raise ValueError("examples do not match the table's thresholds and labels")
        self.examples = examples

    @property
    def expected_counts(self):
        """Whether the identity counts are expected counts (float64) from
        identity probabilities rather than whole examples."""
        return self.identity_counts.dtype.kind == "f"

    def _check_consistency(self):
        n = self.num_examples
        # sums of probabilities carry rounding: allow it, nothing more
        slack = 1e-9 * max(1, n) if self.expected_counts else 0
        metrics_lib.check_counts(n, self.identity_counts, self.label_counts, self.cooccurrence, slack)
        diagonal = np.diagonal(self.identity_cooccurrence, axis1=1, axis2=2)
        if not (np.array_equal(diagonal, self.identity_counts) or (slack and np.allclose(diagonal, self.identity_counts, rtol=0, atol=slack))):
            raise ValueError("identity_cooccurrence diagonal must equal identity_counts")
        pair_max = np.minimum(self.identity_counts[:, :, None], self.identity_counts[:, None, :])
        if (self.identity_cooccurrence > pair_max + slack).any():
            raise ValueError("identity_cooccurrence C(xi,xj) exceeds C(xi) or C(xj)")
        for j, col in enumerate(self.identity_label_index):
            if col >= 0:
                if self.label_names[col] != self.identity_names[j]:
                    raise ValueError("identity_label_index does not match the names")
                if not np.array_equal(self.label_counts[:, col], self.identity_counts[:, j]):
                    raise ValueError(
                        "identity %r is a label but its counts differ" % self.identity_names[j]
                    )

    def __repr__(self):
        return "AssociationTable(%d labels, identities=%r, thresholds=%r, N=%d)" % (
            len(self.label_names),
            self.identity_names,
            self.thresholds,
            self.num_examples,
        )

    def __eq__(self, other):
        if not isinstance(other, AssociationTable):
            return NotImplemented
        return (
            self.label_names == other.label_names
            and self.identity_names == other.identity_names
            and self.thresholds == other.thresholds
            and self.num_examples == other.num_examples
            and np.array_equal(self.identity_label_index, other.identity_label_index)
            and all(
                np.array_equal(getattr(self, f), getattr(other, f))
                for f in ("label_counts", "identity_counts", "cooccurrence", "identity_cooccurrence")
            )
            and self.examples == other.examples
        )

    __hash__ = None  # type: ignore[assignment]  # mutable arrays: equal, not hashable

    def threshold_index(self, threshold=None):
        """Position of ``threshold`` in :attr:`thresholds` (None: the first)."""
        if threshold is None:
            return 0
        value = check_number(threshold, "threshold")  # "0.5" where a number belongs is a mistake to report
        for i, t in enumerate(self.thresholds):
            if math.isclose(t, value, rel_tol=0, abs_tol=THRESHOLD_TOLERANCE):
                return i
        raise ValueError(
            "threshold %r was not logged; available: %s"
            % (threshold, ", ".join(repr(t) for t in self.thresholds))
        )

    def identity_index(self, name):
        """Position of identity ``name`` (or "rest" passed through)."""
        if name == "rest":
            return "rest"
        try:
            return self.identity_names.index(name)
        except ValueError:
            raise ValueError(
                "unknown identity %r; available: %s" % (name, preview(self.identity_names, 20))
            )

    def association(self, metric=metrics_lib.DEFAULT_METRIC, *, threshold=None, smoothing=0.0):
        """A(x, y) for every identity and label, shape (k, L); see `metrics.association`."""
        t = self.threshold_index(threshold)
        metrics_lib.check_metric(metric)
        return metrics_lib.association_of_checked(
            metric,
            self.num_examples,
            self.identity_counts[t],
            self.label_counts[t],
            self.cooccurrence[t],
            smoothing=smoothing,
        )

    def gap(self, x1, x2, metric=metrics_lib.DEFAULT_METRIC, *, threshold=None, smoothing=0.0):
        """G(y | x1, x2) for every label; ``x2`` may be "rest". Names, not indices."""
        values = self.association(metric, threshold=threshold, smoothing=smoothing)
        return metrics_lib.gap(values, self.identity_index(x1), self.identity_index(x2))

    def rank_labels(
        self,
        x1,
        x2,
        metric=metrics_lib.DEFAULT_METRIC,
        *,
        order="desc",
        limit=None,
        threshold=None,
        smoothing=0.0,
        **rules,
    ):
        """Labels ranked by their gap G(y | x1, x2), with the default rules of docs/measures/association.md, "Gaps and rankings".

        Identity labels, labels never seen with one of the compared sides
        and undefined gaps are left out unless ``rules`` says otherwise (see
        `metrics.ranking_mask`: ``include_identities``,
        ``include_zero_cooccurrence``, ``include_undefined``).

        Returns
        -------
        list of (label, gap) pairs, best first.
        """
        t = self.threshold_index(threshold)
        gap = self.gap(x1, x2, metric, threshold=threshold, smoothing=smoothing)
        mask = metrics_lib.ranking_mask(
            gap,
            self.cooccurrence[t],
            self.identity_index(x1),
            self.identity_index(x2),
            self.identity_label_index[self.identity_label_index >= 0],
            **rules,
        )
        return [(self.label_names[i], float(gap[i])) for i in metrics_lib.rank(gap, order, mask=mask, limit=limit)]


def _counts(array, shape, what, *, expected=False):
    """Counts as int64; with ``expected``, non-integral float counts (sums of
    identity probabilities) are kept as float64."""
    array = np.asarray(array)
    if array.shape != shape:
        raise ValueError("%s has shape %s, expected %s" % (what, array.shape, shape))
    if array.dtype.kind not in "iu":
        if array.dtype.kind != "f" or not np.all(np.isfinite(array)):
            raise ValueError("%s must hold finite counts, got dtype %s" % (what, array.dtype))
        integral = bool(np.all(array == np.round(array)))
        if not expected and not integral:
            raise ValueError("%s must hold integer counts, got dtype %s" % (what, array.dtype))
        if array.size and array.min() < 0:
            raise ValueError("%s must not be negative" % what)
        return np.ascontiguousarray(array, dtype=np.int64 if integral else np.float64)
    if array.size and array.min() < 0:
        raise ValueError("%s must not be negative" % what)
    return np.ascontiguousarray(array, dtype=np.int64)


class PrecomputedTable(_Labelled):
    """Per-label metric values computed elsewhere (the old nPMI plugin's format).

    Columns are named ``family@identity`` (``nPMI@man``), ``family_diff@a-b``
    for a precomputed gap, ``count@identity`` for C(x, y) and ``count`` for
    C(y). Values are float64 of shape (L, M); NaN where missing. Counts are
    whole numbers unless ``fractional_counts`` (the old plugin put no such
    limit on its ``count@`` columns, so its tables are read with it).

    See Also
    --------
    AssociationTable : counts, from which any metric can be computed.
    tb_bias_plugin.summary.Writer.metric_table : logs such values.

    References
    ----------
    .. [1] O. Aka, K. Burke, A. Bäuerle, C. Greer, M. Mitchell, "Measuring
       Model Biases in the Absence of Ground Truth", AIES 2021. The old TensorBoard nPMI plugin
       came with it.
    .. [2] ``docs/measures/association.md``, "Precomputed tables".

    Examples
    --------
    >>> table = PrecomputedTable(["bike", "dress"], ["nPMI@man", "nPMI@woman", "count"],
    ...                          [[0.3, -0.2, 10], [-0.4, 0.5, 8]])
    >>> table.families, table.identity_names
    (('nPMI',), ('man', 'woman'))
    >>> table.association("nPMI").tolist()
    [[0.3, -0.4], [-0.2, 0.5]]
    """

    def __init__(self, label_names, metric_names, values, fractional_counts=False):
        self.label_names = check_names(label_names, "label_names")
        self.metric_names = check_names(metric_names, "metric_names")
        check_values_size(len(self.label_names), len(self.metric_names), "PrecomputedTable")
        values = check_numeric_array(values, "values").copy()
        expected = (len(self.label_names), len(self.metric_names))
        if values.shape != expected:
            raise ValueError(
                "values has shape %s, expected (labels, metrics) = %s" % (values.shape, expected)
            )
        if np.isinf(values).any():
            raise ValueError("values must not be infinite (use NaN for undefined)")
        self.values = values
        self.families, self.identity_names = metric_families(self.metric_names)
        if not self.families:
            raise ValueError(
                "metric_names need at least one METRIC@IDENTITY column such as 'nPMI@woman', got %s"
                % preview(self.metric_names)
            )
        check_identity_names(self.identity_names, "identities in metric_names")
        self._check_values(fractional_counts)

    def _check_values(self, fractional_counts):
        """Values no metric takes: counts that are negative, past 2**53 or (unless ``fractional_counts``) not
        whole, a count C(x, y) above C(y), nPMI outside its bounds. The writer's rule and the reader's (a
        stored one is a 422)."""
        kind = "numbers" if fractional_counts else "whole numbers"
        for j, name in enumerate(self.metric_names):
            column = self.values[:, j]
            given = column[~np.isnan(column)]
            if name == "count" or name.startswith("count@"):
                wrong = (given < 0) | (given > MAX_COUNT)
                if not fractional_counts:
                    wrong |= given != np.round(given)
                bad = given[wrong]
                if bad.size:
                    raise ValueError("column %r holds counts, which must be %s from 0 to 2**53 (NaN where "
                                     "missing); got %r" % (name, kind, float(bad[0])))
            bound = _BOUNDS.get(name.split("@")[0].lower())
            if bound is not None and given.size and np.abs(given).max() > bound + _ROUNDING:
                raise ValueError("column %r holds %s values, which lie in [-%g, %g]; got %r"
                                 % (name, name.split("@")[0], bound, bound, float(given[np.abs(given) > bound][0])))
        total = self.column("count")
        # counts divided by N in float32 (the old plugin's) may land one rounding apart
        slack = 0.0 if total is None or not fractional_counts else np.abs(total) * 1e-6
        for x in self.identity_names:
            joint = self.column("count@%s" % x)
            if total is not None and joint is not None and (joint > total + slack).any():
                i = int(np.argmax(joint > total + slack))
                raise ValueError("column 'count@%s' is %r for label %r, above its count %r: C(x, y) is at most C(y)"
                                 % (x, float(joint[i]), self.label_names[i], float(total[i])))

    def __repr__(self):
        return "PrecomputedTable(%d labels, metrics=%r)" % (len(self.label_names), self.metric_names)

    def __eq__(self, other):
        if not isinstance(other, PrecomputedTable):
            return NotImplemented
        return (
            self.label_names == other.label_names
            and self.metric_names == other.metric_names
            and np.array_equal(self.values, other.values, equal_nan=True)
        )

    __hash__ = None  # type: ignore[assignment]  # mutable arrays: equal, not hashable

    def column(self, name):
        """Values of column ``name``, or None if it was not logged."""
        try:
            return self.values[:, self.metric_names.index(name)]
        except ValueError:
            return None

    def association(self, family):
        """Values of ``family@x`` for every identity x, shape (k, L), NaN if absent."""
        if family not in self.families:
            raise ValueError(
                "unknown metric %r; this table has: %s" % (family, ", ".join(self.families))
            )
        out = np.full((len(self.identity_names), len(self.label_names)), np.nan)
        for j, identity in enumerate(self.identity_names):
            column = self.column("%s@%s" % (family, identity))
            if column is not None:
                out[j] = column
        return out

    def cooccurrence(self):
        """C(x, y) from ``count@x`` columns, shape (k, L), or None if any is absent."""
        columns = [self.column("count@%s" % x) for x in self.identity_names]
        if not columns or any(c is None for c in columns):
            return None
        return np.stack(columns)


#: Metrics whose values are bounded whatever the data: nPMI in [-1, 1], so a gap of two in [-2, 2].
_BOUNDS = {"npmi": 1.0, "npmi_diff": 2.0}
#: How far past its bound a value computed in float32 may land by rounding (up to about 1e-4 at the ends
#: for nPMI of a pair that always co-occurs), and is taken as given.
_ROUNDING = 1e-3


def metric_families(metric_names):
    """Metric families and identities named by ``family@identity`` columns.

    ``count`` columns and precomputed gaps (``family_diff@a-b``) are not
    families. Returns two tuples, in order of first appearance.

    Examples
    --------
    >>> metric_families(["count", "count@f", "nPMI@f", "nPMI@m", "nPMI_diff@f-m"])
    (('nPMI',), ('f', 'm'))
    """
    families, identities = [], []
    for name in metric_names:
        parsed = parse_column(name)
        if parsed is None or parsed[0].endswith("_diff"):
            continue
        family, identity = parsed
        if family != "count" and family not in families:
            families.append(family)
        if identity not in identities:
            identities.append(identity)
    return tuple(families), tuple(identities)
