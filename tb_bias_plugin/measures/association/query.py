"""Filtering, ranking and summarising the rows of a table.

Pure NumPy on top of `metrics`: the plugin parses HTTP parameters into a
:class:`Query` and calls :func:`select`, :func:`distributions` or
:func:`compare`. Values are computed per (metric, identity) on first use and
cached, so paging, re-sorting and filtering do not recompute them.
"""

import dataclasses
import threading

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from tb_bias_plugin.core import distribution
from tb_bias_plugin.measures.association import intervals, metrics, sampling
from tb_bias_plugin.measures.association.table import parse_column
from tb_bias_plugin.web.params import ClientError

COLUMN_HELP = ("gap, count, count@IDENTITY, METRIC@IDENTITY or, on table and csv, change or change_bound (and, to "
               "sort by only, label, bound, p_value, q_value)")

#: Above this many labels a page computes the values of identities it does
#: not rank or filter by for its own rows only, not for the whole column.
PAGE_ONLY_LABELS = 200_000

#: Sort columns that need intervals (a table of counts and two identities).
INTERVAL_COLUMNS = ("bound", "p_value", "q_value")


class QueryError(ClientError):
    """A query that cannot be answered for this table; the message says why, and ``parameter`` which
    request parameter was at fault when one was."""

    def __init__(self, message, parameter=None):
        super().__init__(message)
        self.parameter = parameter


def _column_of(parameter, view, name, query, gap):
    """`column_values` for request parameter ``parameter`` (sort or range), named in its errors."""
    try:
        return column_values(view, name, query, gap)
    except QueryError as e:
        raise QueryError("parameter %r: %s" % (parameter, e), parameter=parameter) from None


class CountsView:
    """Association values of an `AssociationTable` at one threshold and smoothing."""

    kind = "counts"

    def __init__(self, table, threshold_index, smoothing, store=None):
        """``store(key, make)``, if given, keeps computed values (the plugin's
        bounded cache); without it they are kept in the view."""
        self.table = table
        self.label_names = table.label_names
        self.identity_names = table.identity_names
        self.metrics = tuple(metrics.METRICS)
        self.threshold = table.thresholds[threshold_index]
        self.smoothing = float(smoothing)
        self._t = threshold_index
        self.label_counts = table.label_counts[threshold_index]
        self.cooccurrence = table.cooccurrence[threshold_index]
        self.expected_counts = table.expected_counts
        self.identity_rows = table.identity_label_index[table.identity_label_index >= 0]
        self._store = store or self._own_store
        self._cache = {}
        self._lock = threading.Lock()

    @property
    def num_examples(self):
        return self.table.num_examples

    def _own_store(self, key, make):
        with self._lock:
            cached = self._cache.get(key)
        if cached is None and make is not None:
            cached = make()
            with self._lock:
                self._cache[key] = cached
        return cached

    def distinct(self, identities):
        """``(rows, inverse)``: one label for each distinct combination of
        C(y) and C(x_j, y) over ``identities``, and each label's combination;
        None where that would not pay (expected counts, or few repeats).

        Every value and interval of a label is a function of these counts, so
        it is computed once per combination and spread back: the same
        numbers, at a fraction of the cost (in a long-tailed million-label
        table most labels share their counts with thousands of others).
        """

        # "does not pay" is stored as False: the cache takes None for a miss
        def compute():
            if self.table.expected_counts or not len(self.label_names):
                return False
            key = np.zeros(len(self.label_names), dtype=np.int64)
            scale = 1
            for column in [self.label_counts] + [self.cooccurrence[j] for j in identities]:
                top = int(column.max()) + 1
                if scale * top >= 1 << 62:
                    return False
                key += column.astype(np.int64) * scale
                scale *= top
            # a hash table (Arrow's) instead of np.unique's sort: 5x faster at 1M
            encoded = pc.dictionary_encode(pa.array(key))
            distinct = len(encoded.dictionary)
            if distinct > key.size // 4:
                return False
            inverse = encoded.indices.to_numpy()
            rows = np.empty(distinct, dtype=np.int64)
            rows[inverse] = np.arange(key.size)  # any label of each combination: they share their counts
            return rows, inverse

        found = self._store(("distinct",) + tuple(identities), compute)
        return found if found is not False else None

    def _spread(self, identities, compute):
        """``compute(rows)`` for every label, computed per distinct counts (see `distinct`)."""
        found = self.distinct(identities)
        if found is None:
            result = compute(slice(None))
        else:
            rows, inverse = found
            result = compute(rows)
            result = tuple(a[inverse] for a in result) if isinstance(result, tuple) else result[inverse]
        for array in result if isinstance(result, tuple) else (result,):
            array.setflags(write=False)
        return result

    def _values_at(self, metric, j, rows):
        return metrics.association_of_checked(
            metric,
            self.table.num_examples,
            self.table.identity_counts[self._t, j : j + 1],
            self.label_counts[rows],
            self.cooccurrence[j : j + 1, rows],
            smoothing=self.smoothing,
        )[0]

    def values(self, metric, j):
        """A(identity j, y) for every label y."""
        return self._store((metric, j), lambda: self._spread((j,), lambda rows: self._values_at(metric, j, rows)))

    def values_at(self, metric, j, rows):
        """A(identity j, y) for the labels ``rows``: from the column if it is
        already computed, else for those labels only, so a page of a large
        table does not compute every identity's column (same formula, same
        inputs: the same numbers)."""
        column = self._store((metric, j), None)
        if column is None and len(self.label_names) <= PAGE_ONLY_LABELS:
            column = self.values(metric, j)  # cheap, and every later page reads it
        return self._values_at(metric, j, rows) if column is None else column[rows]

    def widths_at(self, metric, j, z, rows):
        """Half-widths (below, above) of A(identity j, y) at normal quantile ``z``, labels ``rows``."""
        return intervals.half_widths(
            metric,
            self.table.num_examples,
            self.table.identity_counts[self._t, j],
            self.label_counts[rows],
            self.cooccurrence[j, rows],
            z,
            smoothing=self.smoothing,
        )

    def widths_of(self, metric, j, z, rows):
        """`widths_at`, read from the widths of each distinct (C(y), C(x_j, y))
        (see `distinct`): a pair of identities has many more distinct counts
        than either alone."""
        found = self.distinct((j,))
        if found is None:
            return self.widths_at(metric, j, z, rows)
        distinct_rows, inverse = found
        below, above = self._store(
            ("widths of counts", metric, j, round(z, 12)), lambda: self.widths_at(metric, j, z, distinct_rows)
        )
        return below[inverse[rows]], above[inverse[rows]]

    def widths(self, metric, j, z):
        """`widths_at` every label."""
        return self._store(
            ("widths", metric, j, round(z, 12)), lambda: self._spread((j,), lambda rows: self.widths_at(metric, j, z, rows))
        )

    def correlation_at(self, metric, j1, j2, rows):
        """The gap interval's correlation of A(j1, y) and A(j2, y) (see
        `intervals.correlation`), labels ``rows``."""
        t = self._t
        return intervals.correlation(
            metric,
            self.table.num_examples,
            self.table.identity_counts[t, j1],
            self.table.identity_counts[t, j2],
            self.table.identity_cooccurrence[t, j1, j2],
            self.label_counts[rows],
            self.cooccurrence[j1, rows],
            self.cooccurrence[j2, rows],
        )


class PrecomputedView:
    """Metric values logged as columns `family@identity` of a `PrecomputedTable`."""

    kind = "precomputed"
    threshold = None
    expected_counts = False
    smoothing = 0.0
    num_examples = None

    def __init__(self, table):
        self.table = table
        self.label_names = table.label_names
        self.identity_names = table.identity_names
        self.metrics = table.families
        self.label_counts = table.column("count")
        self.cooccurrence = table.cooccurrence()
        index = table.label_index
        self.identity_rows = np.array(
            [index[x] for x in table.identity_names if x in index], dtype=np.int64
        )

    def values(self, metric, j):
        column = self.table.column("%s@%s" % (metric, self.identity_names[j]))
        if column is None:
            return np.full(len(self.label_names), np.nan)
        return column

    def values_at(self, metric, j, rows):
        return self.values(metric, j)[rows]

    def _store(self, key, make):
        return make()  # values are stored columns: nothing derived is worth keeping


@dataclasses.dataclass
class Query:
    """What to select from a table; see docs/http_api.md for the meaning."""

    metric: str
    x1: int
    x2: object = None  # identity index, "rest", or None (no gap)
    label_mask: object = None  # bool array from the label search, or None
    labels: object = None  # exact label indices to keep, or None
    ranges: list = dataclasses.field(default_factory=list)  # (column, low, high)
    min_count: int = 0
    undefined: str = "drop"
    zero_cooccurrence: str = "exclude"
    include_identities: bool = False
    flagged: object = None  # bool array of flagged labels, or None
    flagged_only: bool = False
    hidden: object = None  # bool array of hidden labels, or None
    show_hidden: bool = False
    sort: str = "gap"
    order: str = "desc"
    offset: int = 0
    limit: object = 100  # int, or None for every row
    level: float = intervals.DEFAULT_LEVEL
    q_max: object = None  # keep rows with q <= q_max, or None
    extra_columns: dict = dataclasses.field(default_factory=dict)  # name -> values (e.g. change across steps)


def has_intervals(view, query):
    """Intervals exist for tables of counts; gaps need two identities."""
    return view.kind == "counts"


def gap_widths(view, metric, x1, x2, z, rows=None):
    """Half-widths (below, above) of the gap's interval for every label, or
    for the labels ``rows`` of a pair."""
    if x2 == "rest":
        w1 = view.widths(metric, x1, z)
        others = [view.widths(metric, j, z) for j in range(len(view.identity_names)) if j != x1]
        mean_below = np.mean([w[0] for w in others], axis=0)
        mean_above = np.mean([w[1] for w in others], axis=0)
        return intervals.gap_widths(w1, (mean_below, mean_above), None)
    if rows is None:
        rows = slice(None)
    return intervals.gap_widths(
        view.widths_of(metric, x1, z, rows), view.widths_of(metric, x2, z, rows), view.correlation_at(metric, x1, x2, rows)
    )


def gap_statistics(view, query, gap):
    """Interval, p-value (for "the gap is 0") and the bound nearest 0 of every
    label's gap; None without intervals or without a second identity."""
    if not has_intervals(view, query) or query.x2 is None:
        return None
    # the same for every request on this view, metric, pair and level: cached
    key = ("gap_statistics", query.metric, query.x1, query.x2, query.level)
    arrays = dict(view._store(key, lambda: _gap_statistics(view, query, gap)))
    inverse, p_order = arrays.pop("inverse", None), arrays.pop("p_order")
    return GapStatistics(arrays, p_order, inverse)


class GapStatistics(dict):
    """Gap statistics of every label, for one request.

    ``arrays`` hold "low", "high", "p" and "bound" per label, or, with
    ``inverse``, per distinct counts (see `CountsView.distinct`): those are
    spread to every label only when read whole, and `at` reads a page's
    rows without spreading. ``p_order`` sorts ``arrays["p"]``.
    """

    def __init__(self, arrays, p_order, inverse=None):
        super().__init__()
        self.arrays, self.p_order, self.inverse = arrays, p_order, inverse
        self.mask = None  # the rows q-values are over, once set (see set_q)
        if inverse is None:
            self.update(arrays)

    def set_q(self, mask):
        """Benjamini-Hochberg q-values over the rows in ``mask``."""
        if self.inverse is None:
            self["q"] = intervals.bh_q_values(self["p"], mask, self.p_order)
            return
        self.arrays["q"] = intervals.group_q_values(self.arrays["p"], self.inverse, mask, self.p_order)
        self.mask = mask

    def __missing__(self, key):
        value = self[key] = self.at(key, slice(None))
        return value

    def __bool__(self):
        return True

    def at(self, key, rows):
        """``self[key][rows]``."""
        if key in self or self.inverse is None:
            return self[key][rows]
        value = self.arrays[key][self.inverse[rows]]
        if key == "q":  # NaN outside the rows the q-values are over
            value[~self.mask[rows]] = np.nan
        return value


def _gap_statistics(view, query, gap):
    found = None if query.x2 == "rest" else view.distinct((query.x1, query.x2))
    if found is None:
        out = _statistics_at(view, query, gap, None)
    else:
        # once per distinct (C(y), C(x1, y), C(x2, y)): see CountsView.distinct
        rows, inverse = found
        out = _statistics_at(view, query, gap[rows], rows)
        out["inverse"] = inverse  # spread when read (see GapStatistics)
    out["p_order"] = np.argsort(out["p"], kind="stable")  # for q-values over any filter
    for array in out.values():
        array.setflags(write=False)
    return out


def _statistics_at(view, query, gap, rows):
    z = intervals.z_of(query.level)
    below, above = gap_widths(view, query.metric, query.x1, query.x2, z, rows)
    if query.level == intervals.DEFAULT_LEVEL:
        below95, above95 = below, above
    else:
        below95, above95 = gap_widths(view, query.metric, query.x1, query.x2, intervals.z_of(intervals.DEFAULT_LEVEL), rows)
    low, high = gap - below, gap + above
    return {
        "low": low,
        "high": high,
        "p": intervals.p_values_from_widths(gap, below95, above95),
        "bound": intervals.bound_nearest_zero(low, high),
    }


def page_bounds(view, query, indices):
    """(low, high) arrays of A(identity j, y) for the labels ``indices``, per
    identity; None without intervals. Computed for the page only, so a new
    level or metric costs identities x page rows, not x every label."""
    if not has_intervals(view, query):
        return None
    z = intervals.z_of(query.level)
    indices = np.asarray(indices, dtype=np.int64)
    table, t = view.table, view._t
    k = len(view.identity_names)
    if len(view.label_names) <= PAGE_ONLY_LABELS:
        # cheap per column (once per distinct counts), then every page reads them
        out = []
        for j in range(k):
            below, above = view.widths(query.metric, j, z)
            values = view.values(query.metric, j)[indices]
            out.append(intervals.interval(query.metric, values, below[indices], above[indices]))
        return out
    # one vectorised call over (identity, page row): per-call overhead, not size, dominates here
    below, above = intervals.half_widths(
        query.metric,
        table.num_examples,
        np.repeat(table.identity_counts[t].astype(np.float64), indices.size),
        # gather the page before converting: the whole matrix is identities x labels
        np.tile(np.asarray(view.label_counts)[indices].astype(np.float64), k),
        np.asarray(view.cooccurrence)[:, indices].astype(np.float64).ravel(),
        z,
        smoothing=view.smoothing,
    )
    values = np.concatenate([np.asarray(view.values_at(query.metric, j, indices), dtype=np.float64) for j in range(k)])
    low, high = intervals.interval(query.metric, values, below, above)
    n = indices.size
    return [(low[j * n : (j + 1) * n], high[j * n : (j + 1) * n]) for j in range(k)]


def gap_values(view, metric, x1, x2):
    """G(y | x1, x2) of ``metric`` for every label; NaN everywhere without x2.

    Non-finite gaps (precomputed values near the float limits) are NaN:
    undefined, like every other gap that has no number.
    """
    if x2 is None:
        return np.full(len(view.label_names), np.nan)

    def compute():
        if x2 == "rest":
            stacked = np.stack([view.values(metric, j) for j in range(len(view.identity_names))])
            gap = metrics.gap(stacked, x1, "rest")
        else:
            if x1 == x2:
                raise ValueError("x1 and x2 must be different identities")
            found = view.distinct((x1, x2)) if isinstance(view, CountsView) else None
            if found is None:
                gap = np.subtract(view.values(metric, x1), view.values(metric, x2), dtype=np.float64)
            else:  # once per distinct (C(y), C(x1, y), C(x2, y)), then spread
                rows, inverse = found
                at = np.subtract(view.values_at(metric, x1, rows), view.values_at(metric, x2, rows), dtype=np.float64)
                gap = at[inverse]
        gap[~np.isfinite(gap)] = np.nan
        gap.setflags(write=False)
        return gap

    # the same for every request on this view: kept with the view's values
    return view._store(("gap", metric, x1, x2), compute)


def column_values(view, name, query, gap=None):
    """The values of column ``name`` (see COLUMN_HELP) for every label."""
    if name in query.extra_columns:
        return query.extra_columns[name]
    if name == "gap":
        if query.x2 is None:
            raise QueryError("column 'gap' needs two identities to compare: give x2")
        return gap_values(view, query.metric, query.x1, query.x2) if gap is None else gap
    if name == "count":
        if view.label_counts is None:
            raise QueryError("column 'count' is not available: this table has no counts")
        return view.label_counts
    if name == "label":
        return view.table.alphabetical_rank
    if view.kind == "precomputed" and name in view.table.metric_names:
        return view.table.column(name)  # any logged column, e.g. a precomputed gap nPMI_diff@a-b
    parsed = parse_column(name)
    if parsed is None:
        raise QueryError("unknown column %r; expected %s" % (name, COLUMN_HELP))
    family, identity = parsed
    if identity not in view.identity_names:
        raise QueryError(
            "unknown identity %r in column %r; identities: %s"
            % (identity, name, ", ".join(view.identity_names))
        )
    j = view.identity_names.index(identity)
    if family == "count":
        if view.cooccurrence is None:
            raise QueryError("column %r is not available: this table has no counts" % name)
        return view.cooccurrence[j]
    if family not in view.metrics:
        raise QueryError(
            "unknown metric %r in column %r; this table has: %s" % (family, name, ", ".join(view.metrics))
        )
    return view.values(family, j)


def row_mask(view, query, gap):
    """Rows that pass every filter of ``query``: those of the tested family
    (`family_mask`) that its narrowing filters keep (`narrowed`)."""
    return narrowed(view, query, gap, family_mask(view, query, gap))


def family_mask(view, query, gap):
    """The labels whose gaps are tested together (`family_rules`): q-values are taken over these."""
    mask = np.ones(len(view.label_names), dtype=bool)
    for _, kept in family_rules(view, query, gap):
        mask &= kept
    return mask


def left_out(view, query, gap):
    """How many labels each rule of the family leaves out, each counted under the first rule that drops it
    (``{"identities": 1, "zero_cooccurrence": 2}``; rules in force only): said beside the table, since the
    labels a rule drops (never seen with one of the pair) can be the ones a user looks for."""
    kept, counts = np.ones(len(view.label_names), dtype=bool), {}
    for name, rule in family_rules(view, query, gap):
        counts[name] = counts.get(name, 0) + int(np.count_nonzero(kept & ~rule))
        kept &= rule
    return counts


def family_rules(view, query, gap):
    """The rules that make the tested family (`family_mask`), each in force as ``(name, the labels it keeps)``.

    The family is what the analysis decides before looking at the gaps: which
    identities are labels, the zero co-occurrence and undefined rules, and the
    minimum count. ``undefined="drop"`` drops the rows whose gap is undefined
    or, with a single identity (no x2), whose value of the metric is. What a
    user narrows the view to after seeing it (search, label list, ranges,
    flags, hidden labels) is left to `narrowed`, so it never changes a q-value.
    Each rule in force is ``(name, the labels it keeps)``.
    """
    rules = metrics.ranking_rules(
        gap,
        view.cooccurrence,
        query.x1,
        query.x2,
        view.identity_rows,
        include_identities=query.include_identities,
        include_zero_cooccurrence=query.zero_cooccurrence == "include",
        include_undefined=query.undefined == "include" or query.x2 is None,
    )
    if query.x2 is None and query.undefined == "drop":
        rules.append(("undefined", ~np.isnan(np.asarray(view.values(query.metric, query.x1), dtype=np.float64))))
    if query.min_count:
        if view.label_counts is None:
            raise QueryError("min_count needs counts, which this table does not have")
        rules.append(("min_count", view.label_counts >= query.min_count))
    return rules


def narrowed(view, query, gap, family):
    """The rows of ``family`` that the search, label list, ranges, flags and
    hidden labels of ``query`` keep."""
    mask = family.copy()
    if query.labels is not None:
        keep = np.zeros(len(view.label_names), dtype=bool)
        keep[query.labels] = True
        mask &= keep
    if query.label_mask is not None:
        mask &= query.label_mask
    for name, low, high in query.ranges:
        if name == "label" or name in INTERVAL_COLUMNS:
            raise QueryError("parameter 'range': column %r can be sorted by, not filtered by range; %s"
                             % (name, "use q" if name == "label" else "use q_max for q-values, or a range of gap"),
                             parameter="range")
        values = np.asarray(_column_of("range", view, name, query, gap), dtype=np.float64)
        with np.errstate(invalid="ignore"):
            inside = ~np.isnan(values)
            if low is not None:
                inside &= values >= low
            if high is not None:
                inside &= values <= high
        mask &= inside
    if query.flagged_only:
        mask &= query.flagged if query.flagged is not None else False
    if not query.show_hidden and query.hidden is not None:
        mask &= ~query.hidden
    return mask


def passing_rows(view, query, gap, *, statistics=False):
    """The rows that pass every filter of ``query``, ``q_max`` included, and the gap
    statistics (`gap_statistics`, with q-values over the tested family, `family_mask`),
    or None if not asked for (``statistics``) and ``q_max`` is None.

    Every route that says "the filtered labels" takes them from here, so a table, its
    distributions and its metric agreement count the same rows.
    """
    family = family_mask(view, query, gap)
    mask = narrowed(view, query, gap, family)
    if query.q_max is None and not statistics:
        return mask, None
    stats = gap_statistics(view, query, gap)
    if stats is None:
        if query.q_max is not None:
            raise QueryError("q_max needs intervals: a table of counts (not precomputed) and two identities (x2)")
        return mask, None
    stats.set_q(family)
    if query.q_max is not None:
        with np.errstate(invalid="ignore"):
            mask = mask & (stats["q"] <= query.q_max)
    return mask, stats


def select(view, query):
    """Filter and rank the rows.

    Returns
    -------
    (indices, total, gap)
        Indices of the requested page in ranked order, the number of rows
        that pass the filters, and the gap of every label.
    """
    indices, total, gap, _ = select_with_statistics(view, query)
    return indices, total, gap


def select_with_statistics(view, query):
    """:func:`select`, and the gap statistics (see :func:`gap_statistics`)
    with ``q``, the Benjamini-Hochberg q-values over the tested family
    (`family_mask`)."""
    gap = gap_values(view, query.metric, query.x1, query.x2)
    if query.sort == "label" and query.order == "abs":
        raise QueryError("order=abs needs a numeric column, not label")
    mask, stats = passing_rows(view, query, gap, statistics=True)  # sorting never changes which rows pass
    if stats is None and query.sort in INTERVAL_COLUMNS:
        raise QueryError(
            "sort %r needs intervals: a table of counts (not precomputed) and two identities (x2)" % query.sort
        )
    if query.sort in INTERVAL_COLUMNS:
        sort_values = stats[{"bound": "bound", "p_value": "p", "q_value": "q"}[query.sort]]
    else:
        sort_values = np.asarray(_column_of("sort", view, query.sort, query, gap))
    total = int(mask.sum())
    end = None if query.limit is None else query.offset + query.limit
    ranked = metrics.rank(sort_values.astype(np.float64), query.order, mask=mask, limit=end)
    return ranked[query.offset :], total, gap, stats


def natural_domain(view, metric):
    """Bounds of ``metric``'s values, (None, None) where unbounded or unknown."""
    if view.kind == "counts":
        return metrics.METRIC_RANGES[metric]
    return (None, None)


def distributions(view, query, bins=None, *, gap=None, mask=None):
    """Histogram, density and quantiles of the metric per identity and of the gap,
    over the rows that pass the filters (paging does not apply). ``gap`` and
    ``mask``, if the caller has them, are `gap_values` and `passing_rows`."""
    if gap is None:
        gap = gap_values(view, query.metric, query.x1, query.x2)
    if mask is None:
        mask, _ = passing_rows(view, query, gap)
    every_row = [view.values(query.metric, j) for j in range(len(view.identity_names))]
    per_identity = _samples(view, query.metric, [(j,) for j in range(len(every_row))], every_row, mask)
    low, high = natural_domain(view, query.metric)
    # Unbounded metrics are binned over every label, not just the filtered
    # ones, so the axis stays put while the user brushes; it is the same
    # for every filter, so it is computed once.
    if low is not None and high is not None:
        domain = distribution.domain_of([], (low, high))
    elif isinstance(view, CountsView):
        domain = view._store(("domain", query.metric), lambda: distribution.domain_of(every_row, (low, high)))
    else:
        domain = distribution.domain_of(every_row, (low, high))
    pooled = np.concatenate([values for values, _ in per_identity]) if per_identity else np.zeros(0)
    weighted = bool(per_identity) and per_identity[0][1] is not None
    pooled_weights = np.concatenate([weights for _, weights in per_identity]) if weighted else None
    count = bins or distribution.choose_bins(pooled, domain, pooled_weights)
    edges = np.linspace(domain[0], domain[1], count + 1)
    result = {
        "metric": query.metric,
        "domain": list(domain),
        "bin_edges": edges.tolist(),
        "total": int(mask.sum()),
        "identities": [],
        "gap": None,
    }
    for name, (values, weights) in zip(view.identity_names, per_identity):
        entry = {"identity": name}
        entry.update(distribution.summarize(values, edges, weights))
        result["identities"].append(entry)
    if query.x2 is not None:
        pair = [] if query.x2 == "rest" else [(query.x1, query.x2)]
        ((gap_selected, gap_weights),) = _samples(view, query.metric, pair, [gap], mask) if pair else [(gap[mask], None)]
        if low is not None and high is not None:
            gap_domain = (low - high, high - low)
        else:
            gap_domain = distribution.domain_of([gap])
        gap_count = bins or distribution.choose_bins(gap_selected, gap_domain, gap_weights)
        gap_edges = np.linspace(gap_domain[0], gap_domain[1], gap_count + 1)
        result["gap"] = {"domain": list(gap_domain), "bin_edges": gap_edges.tolist()}
        result["gap"].update(distribution.summarize(gap_selected, gap_edges, gap_weights))
    return result


def _samples(view, metric, identity_sets, columns, mask):
    """``(values, weights)`` of each column over the selected labels: the
    distinct values of a column (see `CountsView.distinct`), in ascending
    order, with how many selected labels have each; or, without distinct
    counts, the selected values themselves with weights None. Either way
    the same summaries."""
    found = [view.distinct(ids) for ids in identity_sets] if isinstance(view, CountsView) else []
    if not found or any(f is None for f in found):
        return [(column[mask], None) for column in columns]
    # Count the selected labels of each distinct value, or, when most labels
    # are selected, subtract the others from every label's count: the work
    # follows the smaller side.
    most = 2 * int(np.count_nonzero(mask)) > mask.size
    positions = np.flatnonzero(~mask if most else mask)
    samples = []
    for ids, column, (rows, inverse) in zip(identity_sets, columns, found):
        counts = np.bincount(inverse[positions], minlength=rows.size)
        if most:
            every = view._store(("distinct counts",) + ids, lambda rows=rows, inverse=inverse: np.bincount(inverse, minlength=rows.size))
            counts = every - counts
        # sorted once per metric: every filter's quantiles then sort sorted data
        order = view._store(
            ("distinct order", metric) + ids, lambda column=column, rows=rows: np.argsort(column[rows], kind="stable")
        )
        samples.append((column[rows[order]], counts[order]))
    return samples


def compare(view_a, view_b, query, *, sort="delta", order="abs", reverse=False, stats_out=None):
    """Join two tables by label and rank by the change of the gap.

    ``query`` filters table A; only labels present in both count. The
    change is ``delta = gap_b - gap_a``, or ``gap_a - gap_b`` with
    ``reverse`` (the routes pass it so that delta is later minus earlier).
    Returns ``(rows, total, only_in_a, only_in_b)`` where rows are
    ``(index_a, index_b, gap_a, gap_b)`` for the requested page. With
    intervals, ``stats_out`` (a dict) receives per label of A ``delta``,
    ``low``, ``high``, ``p``, ``q`` and ``bound``: the two evaluations are
    treated as independent, which overstates the spread when they share
    examples and agree (the usual case for two steps of one model).
    """
    if query.x2 is None:
        raise QueryError("compare needs a gap: give x2")
    x1 = view_a.identity_names[query.x1]
    x2 = "rest" if query.x2 == "rest" else view_a.identity_names[query.x2]
    for name in (x1, x2):
        if name != "rest" and name not in view_b.identity_names:
            raise QueryError("the second table has no identity %r" % name)
    if query.metric not in view_b.metrics:
        raise QueryError("the second table has no metric %r" % query.metric)
    x2_b = "rest" if x2 == "rest" else view_b.identity_names.index(x2)
    gap_a = gap_values(view_a, query.metric, query.x1, query.x2)
    gap_b_own = gap_values(view_b, query.metric, view_b.identity_names.index(x1), x2_b)
    index_b = view_b.table.label_index
    in_b = np.array([index_b.get(name, -1) for name in view_a.label_names], dtype=np.int64)
    present = in_b >= 0
    gap_b = np.full(gap_a.shape, np.nan)
    gap_b[present] = gap_b_own[in_b[present]]
    delta = gap_a - gap_b if reverse else gap_b - gap_a
    keys = {"delta": delta, "gap_a": gap_a, "gap_b": gap_b, "label": view_a.table.alphabetical_rank}
    stats = None
    if has_intervals(view_a, query) and has_intervals(view_b, query):
        z = intervals.z_of(query.level)
        z95 = intervals.z_of(intervals.DEFAULT_LEVEL)
        x1_b = view_b.identity_names.index(x1)

        def delta_widths(zz):
            wa = gap_widths(view_a, query.metric, query.x1, query.x2, zz)
            wb_own = gap_widths(view_b, query.metric, x1_b, x2_b, zz)
            wb = tuple(np.full(gap_a.shape, np.nan) for _ in range(2))
            for own, joined in zip(wb_own, wb):
                joined[present] = own[in_b[present]]
            later, earlier = (wa, wb) if reverse else (wb, wa)
            return intervals.gap_widths(later, earlier, np.zeros(gap_a.shape))

        below, above = delta_widths(z)
        below95, above95 = (below, above) if z == z95 else delta_widths(z95)
        stats = {"delta": delta, "low": delta - below, "high": delta + above}
        stats["p"] = intervals.p_values_from_widths(delta, below95, above95)
        stats["bound"] = intervals.bound_nearest_zero(stats["low"], stats["high"])
        keys["bound"] = stats["bound"]
    if sort == "bound" and "bound" not in keys:
        raise QueryError("sort 'bound' needs intervals: tables of counts, not precomputed ones")
    if sort not in keys:
        raise QueryError("sort must be one of %s for compare, got %r" % (", ".join(keys), sort))
    if sort == "label" and order == "abs":
        raise QueryError("order=abs needs a numeric column, not label")
    family = family_mask(view_a, query, gap_a) & present
    if query.zero_cooccurrence == "exclude" and view_b.cooccurrence is not None:
        # B's gaps obey the same rule, or its limits (nPMI's -1) top the deltas.
        seen_b = metrics.cooccurs_with_both(view_b.cooccurrence, view_b.identity_names.index(x1), x2_b)
        family[present] &= seen_b[in_b[present]]
    if query.min_count and view_b.label_counts is not None:
        family[present] &= view_b.label_counts[in_b[present]] >= query.min_count  # the rule holds in both, as the last
    if query.undefined == "drop":
        family &= ~np.isnan(delta)
    mask = narrowed(view_a, query, gap_a, family)
    if stats is not None:
        stats["q"] = intervals.bh_q_values(stats["p"], family)
        if query.q_max is not None:
            with np.errstate(invalid="ignore"):
                mask &= stats["q"] <= query.q_max
        if stats_out is not None:
            stats_out.update(stats)
    elif query.q_max is not None:
        raise QueryError("q_max needs intervals: tables of counts, not precomputed ones")
    total = int(mask.sum())
    end = None if query.limit is None else query.offset + query.limit
    ranked = metrics.rank(keys[sort].astype(np.float64), order, mask=mask, limit=end)[query.offset :]
    rows = [(int(i), int(in_b[i]), gap_a[i], gap_b[i]) for i in ranked]
    only_in_a = int((~present).sum())
    only_in_b = len(view_b.label_names) - int(present.sum())
    return rows, total, only_in_a, only_in_b


def cell_examples(table, threshold_index, label, identity=None):
    """The sampled examples of one cell: label y with identity x, or y alone.

    ``label`` and ``identity`` are indices (identity None: the label on its
    own). Returns ``{"examples": [{"id", "text", "uri"}], "cooccurrence":
    C(x, y) (or C(y)), "sampled": their number, "per_cell": k, "cut": bool}``;
    without a cut, ``sampled == min(k, cooccurrence)``.
    """
    sample = _sample_of(table)
    slot = len(table.identity_names) if identity is None else identity
    members, cut = sample.cell(threshold_index, slot, label)
    if identity is None:
        count = table.label_counts[threshold_index, label]
    else:
        count = table.cooccurrence[threshold_index, identity, label]
    return _examples_answer(sample, members, count.item(), cut)


def rest_examples(table, threshold_index, label, x1):
    """The sampled examples of label y with an identity other than x1: the rest of a one-vs-rest gap.

    Each other identity's cell keeps the k smallest id hashes of its examples, so the k smallest among
    those cells' samples are the k smallest of all the examples of y with another identity: the sample
    one cell of "the rest" would hold (docs/measures/association.md, "Examples behind a cell"). Returns
    what `cell_examples` does, with ``cooccurrence`` the number of such examples where the samples hold
    them all (each other cell holds as many examples as it counted, none cut), else None: C(x, y) of
    the others add up to more than it where an example has two of them. A cell counts examples logged
    without ids too, and soft identities count expected examples: then it is None. ``cooccurrence_range``
    bounds that number either way: at least the largest other C(x, y) (and, with hard identities, the
    distinct examples found), at most their sum; with soft identities both are expected counts, which a
    sample's examples, each counted with its share, may outnumber.
    """
    sample = _sample_of(table)
    members: dict[int, None] = {}  # in order, each example once
    cut, complete = False, not table.expected_counts
    for x in range(len(table.identity_names)):
        if x == x1:
            continue
        cell, cell_cut = sample.cell(threshold_index, x, label)
        members.update(dict.fromkeys(cell))
        cut |= cell_cut
        complete &= not cell_cut and len(cell) == table.cooccurrence[threshold_index, x, label]
    found = list(members)
    _, hashes = sampling.id_hashes([sample.ids[m] for m in found])
    kept = [found[i] for i in np.argsort(hashes, kind="stable")[: sample.per_cell]]
    answer = _examples_answer(sample, kept, len(found) if complete else None, cut)
    others = np.delete(table.cooccurrence[threshold_index, :, label], x1)
    count = answer["cooccurrence"]
    low = others.max().item() if table.expected_counts else max(others.max().item(), len(found))
    answer["cooccurrence_range"] = [count, count] if count is not None else [low, others.sum().item()]
    return answer


def _examples_answer(sample, members, count, cut):
    return {
        "examples": [{"id": sample.ids[m], "text": sample.texts[m], "uri": sample.uris[m]} for m in members],
        "cooccurrence": count,
        "sampled": len(members),
        "per_cell": sample.per_cell,
        "cut": cut,
    }


def _sample_of(table):
    if table.examples is None:
        raise QueryError("this table was logged without example ids, so it holds no examples")
    return table.examples
