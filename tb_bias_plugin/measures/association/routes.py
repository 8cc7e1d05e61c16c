"""HTTP routes of the association measure: ``table``, ``distribution``,
``compare``, ``csv``, ``examples`` and the others of `ROUTES` (docs/http_api.md).

Each route parses its parameters, loads the table through the serving
layer's `Services`, and calls `query` for all filtering and ranking.
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import io
from typing import Any

import numpy as np

from tb_bias_plugin.measures.association import intervals, metrics, paper, trends
from tb_bias_plugin.measures.association.metadata import MEASURE_ID
from tb_bias_plugin.measures.association.metrics import DEFAULT_METRIC, METRICS
from tb_bias_plugin.measures.association.query import (
    CountsView,
    PrecomputedView,
    Query,
    cell_examples,
    compare,
    distributions,
    family_mask,
    gap_values,
    left_out,
    page_bounds,
    passing_rows,
    rest_examples,
    row_mask,
    select_with_statistics,
)
from tb_bias_plugin.measures.association.table import REST, AssociationTable, PrecomputedTable, intersection_parts
from tb_bias_plugin.web.params import MAX_NAME, Params, bad_request, parse_range
from tb_bias_plugin.web.responses import (
    csv_number,
    csv_text,
    json_counts,
    json_text,
    json_value,
    respond,
    respond_csv,
    round_significant,
)

#: Limits and defaults shared with the frontend (served in ``runs``).
LIMITS = {
    "page_size": 100,
    "max_limit": 1000,
    "max_offset": 10_000_000,
    "max_ranges": 20,
    "max_labels": 1000,
    "max_bins": 200,
    "max_name": MAX_NAME,
    "max_selected": 1000,
    "bulk_cap": 10_000,
    "max_pattern": 1000,
    "max_trend_steps": 200,
    "max_trend_labels": 50,
    "max_top_k": 1000,
}

#: Significant digits of interval ends in JSON answers, rounded outwards so
#: that the served interval holds the computed one: an interval is an
#: approximation (docs/measures/association.md), so more digits would only
#: cost encoding time; the CSV keeps every digit.
BOUND_DIGITS = 7

#: Sort columns of `table` computed from the first and last step.
CHANGE_COLUMNS = ("change", "change_bound")


def _count(counts: Any, i: int) -> int | float | None:
    """Count ``i`` of ``counts`` (see `json_counts`); None without counts."""
    return None if counts is None else json_counts(counts[i : i + 1])[0]


def _page(params: Params, query: Query) -> None:
    query.offset = params.integer("offset", 0, low=0, high=LIMITS["max_offset"])
    query.limit = params.integer("limit", LIMITS["page_size"], low=1, high=LIMITS["max_limit"])


def table(request: Any, services: Any) -> Any:
    params = Params(request.args, request.query_string)
    selection = _select(request, services, params)
    query = selection.query
    _sort(params, selection)
    _page(params, query)
    view = selection.view
    with_trend = params.flag("trend")
    across = _change_columns(request, services, selection, with_trend)
    indices, total, gap, stats = select_with_statistics(view, query)
    bounds = page_bounds(view, query, indices)
    body = _describe(selection)
    body.update(
        sort=query.sort,
        order=query.order,
        offset=query.offset,
        limit=query.limit,
        total=total,
        left_out=left_out(view, query, gap),
        rows=_rows(view, query, selection, indices, gap, stats, bounds),
    )
    if across is not None:
        _add_change(body, view, query, gap, across, indices, with_trend)
    return respond(request, body)


def _change_columns(request: Any, services: Any, selection: Selection, wanted: bool = False) -> dict[str, Any] | None:
    """The change from the first to the last step, as the query's extra columns, when it is ``wanted`` or the
    query sorts or filters by it (what `table` and `csv` both rank by); else None."""
    query = selection.query
    if not (wanted or query.sort in CHANGE_COLUMNS or any(r[0] in CHANGE_COLUMNS for r in query.ranges)):
        return None
    across = _trend(request, services, selection)
    change = across["change"]
    query.extra_columns = {"change": change["change"], "change_bound": change["bound"]}
    return across


def _add_change(body: dict[str, Any], view: Any, query: Query, gap: Any, across: dict[str, Any], indices: Any, with_trend: bool) -> None:
    """The change from the first to the last step on each row of the page,
    with its q-value over the tested family (`family_mask`); the gap at every
    step with ``trend``."""
    change = across["change"]
    q = intervals.bh_q_values(change["p"], family_mask(view, query, gap))
    body["trend_steps"] = across["steps"]
    values = trends.series(across["per_step"], indices)["gap"] if with_trend else None
    for k, (row, i) in enumerate(zip(body["rows"], indices)):
        row.update(
            change=json_value(change["change"][i]),
            change_low=json_value(change["low"][i]),
            change_high=json_value(change["high"][i]),
            change_p=json_value(change["p"][i]),
            change_q=json_value(q[i]),
        )
        if values is not None:
            row["trend"] = [json_value(v) for v in values[:, k].tolist()]


def trend(request: Any, services: Any) -> Any:
    """The gap of each requested label at every step, with its interval."""
    params = Params(request.args, request.query_string)
    selection = _select(request, services, params)
    names = params.strings("label", max_count=LIMITS["max_trend_labels"], max_length=MAX_NAME)
    if not names:
        raise bad_request("parameter 'label' is required (up to %d labels)" % LIMITS["max_trend_labels"])
    index = selection.table.label_index
    found = [name for name in names if name in index]
    across = _trend(request, services, selection)
    indices = [index[name] for name in found]
    lines = trends.series(across["per_step"], indices)
    change = across["change"]

    def column(array: Any, k: int) -> Any:
        return None if array is None else [json_value(v) for v in array[:, k].tolist()]

    body = _describe(selection)
    body.update(
        steps=across["steps"],
        missing=[name for name in names if name not in index],
        labels=[
            {
                "label": name,
                "index": i,
                "gap": column(lines["gap"], k),
                "low": column(lines["low"], k),
                "high": column(lines["high"], k),
                "change": json_value(change["change"][i]),
                "change_low": json_value(change["low"][i]),
                "change_high": json_value(change["high"][i]),
                "change_p": json_value(change["p"][i]),
            }
            for k, (name, i) in enumerate(zip(found, indices))
        ],
    )
    return respond(request, body)


def _trend(request: Any, services: Any, selection: Selection) -> dict[str, Any]:
    """Per-step gaps of every label of the selected table (cached per step),
    and the change from the first to the last step."""
    query, view = selection.query, selection.view
    series = selection.series  # listed once, not once per step read
    wall_times = series.wall_times
    # a sparkline has no room for more; picks that stay as the run grows
    steps = trends.sample_steps(list(wall_times), LIMITS["max_trend_steps"])
    names = view.identity_names
    x1 = names[query.x1]
    x2 = None if query.x2 is None else ("rest" if query.x2 == "rest" else names[query.x2])
    # A step's gaps depend on the reference only through its labels: keyed by them, not by the
    # reference record, they outlive a new latest step (the default reference of a running job).
    labels = services.derived(("association.labels_id", selection.key), lambda: trends.labels_id(view.label_names))
    # experiment, run and tag (two tags' steps may share labels and wall times), and the view's settings
    settings = (selection.key[:3], type(view).__name__, view.threshold, view.smoothing, query.metric, x1, x2)

    def at(step: int, level: float) -> trends.StepGaps:
        # the step's wall time: a step written again is read again
        key = ("association.trend", labels, settings, level, step, wall_times.get(step))
        return services.derived(key, lambda: _step_gaps(series, selection, step, x1, x2, level))

    per_step = [at(step, query.level) for step in steps]
    if not per_step:
        per_step = [at(selection.step, query.level)]
        steps = [selection.step]
    default = intervals.DEFAULT_LEVEL
    first95 = per_step[0] if query.level == default else at(steps[0], default)
    last95 = per_step[-1] if query.level == default else at(steps[-1], default)
    change = services.derived(
        ("association.change", labels, settings, query.level, *((s, wall_times.get(s)) for s in (steps[0], steps[-1]))),
        lambda: _frozen(trends.change_statistics(per_step[0], per_step[-1], first95, last95)),
    )
    return {"steps": steps, "per_step": per_step, "change": dict(change)}


class _Frozen(dict):
    """A dict of arrays whose size the cache of derived values can count."""

    @property
    def nbytes(self) -> int:
        return sum(int(a.nbytes) for a in self.values())


def _frozen(stats: dict[str, Any]) -> _Frozen:
    for array in stats.values():
        array.setflags(write=False)
    return _Frozen(stats)


def _step_gaps(series: Any, selection: Selection, step: int, x1: str, x2: Any, level: float) -> trends.StepGaps:
    view, query = selection.view, selection.query
    size = len(view.label_names)
    if step == selection.step:
        step_view, align = view, None
    else:
        table = series.load(step).value
        if isinstance(table, AssociationTable) != isinstance(view, CountsView):
            return trends.StepGaps(np.full(size, np.nan), None, None)
        # A view of its own, not the cached one: its values and widths are
        # needed once, and in the shared cache 50 steps of them would evict
        # the per-step gaps the trend keeps.
        if isinstance(table, AssociationTable):
            try:
                threshold_index = table.threshold_index(view.threshold)
            except ValueError:
                return trends.StepGaps(np.full(size, np.nan), None, None)
            step_view = CountsView(table, threshold_index, view.smoothing)
        else:
            step_view = PrecomputedView(table)
        if query.metric not in step_view.metrics:
            return trends.StepGaps(np.full(size, np.nan), None, None)
        align = trends.alignment(view.label_names, table.label_names, table.label_index)
    return trends.step_gaps(step_view, query.metric, x1, x2, level, align)


def top_counts(request: Any, services: Any) -> Any:
    """C(y) of the top-K labels of each metric (docs/http_api.md)."""
    params = Params(request.args, request.query_string)
    selection = _select(request, services, params)
    view, query = selection.view, selection.query
    if view.label_counts is None:
        raise bad_request("this table has no label counts C(y)")
    k = params.integer("k", 100, low=1, high=LIMITS["max_top_k"])
    order = params.choice("order", metrics.ORDERS, "desc")
    chosen = _metrics_param(params, view)
    scores, masks = {}, {}
    for metric in chosen:
        scores[metric], masks[metric] = _scores(view, query, metric)
    counts = np.asarray(view.label_counts, dtype=np.float64)
    current_gap = gap_values(view, query.metric, query.x1, query.x2)
    every = counts[passing_rows(view, query, current_gap)[0]]
    body = _describe(selection)
    body.update(
        k=k,
        order=order,
        by="gap" if query.x2 is not None else "value",
        all_counts=paper._quantiles(every),
        all_n=int(every.shape[0]),
        metrics=[
            {
                "metric": entry["metric"],
                "labels": [view.label_names[i] for i in entry["indices"]],
                "counts": [json_value(c) for c in entry["counts"]],
                "quantiles": entry["quantiles"],
            }
            for entry in paper.top_k_counts(scores, masks, counts, k, order)
        ],
    )
    return respond(request, body)


def agreement(request: Any, services: Any) -> Any:
    """Rank correlation of the gaps of several metrics over the filtered labels (docs/http_api.md)."""
    params = Params(request.args, request.query_string)
    selection = _select(request, services, params)
    view, query = selection.view, selection.query
    chosen = _metrics_param(params, view)
    if query.metric not in chosen:
        chosen = [query.metric] + chosen
    worst = params.integer("worst", 5, low=1, high=50)
    scores = {metric: _scores(view, query, metric)[0] for metric in chosen}
    current_gap = gap_values(view, query.metric, query.x1, query.x2)
    result = paper.agreement(scores, passing_rows(view, query, current_gap)[0], query.metric, worst)
    body = _describe(selection)
    body.update(
        by="gap" if query.x2 is not None else "value",
        metrics=result["metrics"],
        n=result["n"],
        matrix=[[json_value(v) for v in row] for row in result["matrix"]],
        disagreements=[
            {
                "metric": entry["metric"],
                "rows": [
                    {
                        "label": view.label_names[r["index"]],
                        "percentile": r["percentile"],
                        "other_percentile": r["other_percentile"],
                        "value": json_value(scores[query.metric][r["index"]]),
                        "other_value": json_value(scores[entry["metric"]][r["index"]]),
                    }
                    for r in entry["rows"]
                ],
            }
            for entry in result["disagreements"]
        ],
    )
    return respond(request, body)


def _metrics_param(params: Params, view: Any) -> list[str]:
    chosen = params.strings("metrics", max_count=len(view.metrics))
    for metric in chosen:
        if metric not in view.metrics:
            raise bad_request("parameter 'metrics': unknown metric %r; this table has: %s" % (metric, ", ".join(view.metrics)))
    return list(dict.fromkeys(chosen)) or list(view.metrics)


def _scores(view: Any, query: Query, metric: str) -> tuple[np.ndarray, np.ndarray]:
    """A metric's gap (or value of x1 without x2) and the rows that pass the filters under it
    (but those on the current metric's columns: ranges and q_max)."""
    q = dataclasses.replace(query, metric=metric, ranges=[], q_max=None)
    gap = gap_values(view, metric, query.x1, query.x2)
    score = gap if query.x2 is not None else np.asarray(view.values(metric, query.x1), dtype=np.float64)
    return score, row_mask(view, q, gap)


def distribution(request: Any, services: Any) -> Any:
    params = Params(request.args, request.query_string)
    selection = _select(request, services, params)
    bins = params.integer("bins", None, low=1, high=LIMITS["max_bins"])
    view, query = selection.view, selection.query
    gap = gap_values(view, query.metric, query.x1, query.x2)
    mask, _ = passing_rows(view, query, gap)
    # Keyed by the rows themselves: any filters that select the same rows
    # share one answer, and a change of flags or search is a new one.
    rows = hashlib.blake2b(np.packbits(mask).tobytes(), digest_size=16).hexdigest()
    key = ("association.distribution", selection.key, view.threshold, view.smoothing, query.metric, query.x1, query.x2, bins, rows)
    return respond(request, services.derived(key, lambda: json_text(distributions(view, query, bins, gap=gap, mask=mask))))


def compare_tables(request: Any, services: Any) -> Any:
    params = Params(request.args, request.query_string)
    selection = _select(request, services, params)
    run_b, tag_b, step_b = params.second_run_tag_step(selection.run, selection.tag)
    loaded_b = services.load(request, run_b, tag_b, step_b, MEASURE_ID)
    view_a = selection.view
    table_b = loaded_b.value
    if isinstance(view_a, CountsView) and isinstance(table_b, AssociationTable):
        try:
            threshold_b = table_b.threshold_index(view_a.threshold)
        except ValueError:
            raise bad_request("the second table has no threshold %r" % view_a.threshold)
        view_b = _view(services, loaded_b, threshold_b, view_a.smoothing)
    else:
        view_b = _view(services, loaded_b)
    if view_b.kind != view_a.kind:
        raise bad_request("cannot compare a %s table with a %s table" % (view_a.kind, view_b.kind))
    query = selection.query
    _page(params, query)
    counts = view_a.kind == "counts"
    sort = params.choice("sort", ("bound", "delta", "gap_a", "gap_b", "label"), "bound" if counts else "delta")
    order = params.choice("order", metrics.ORDERS, "asc" if sort == "label" else "abs")
    # Delta is later minus earlier for two steps of one run and tag, else B - A.
    same_series = (run_b, tag_b) == (selection.run, selection.tag)
    reverse = same_series and loaded_b.step < selection.step
    stats: dict[str, Any] = {}
    rows, total, only_a, only_b = compare(view_a, view_b, query, sort=sort, order=order, reverse=reverse, stats_out=stats)
    counts_a, counts_b = view_a.label_counts, view_b.label_counts
    flagged = selection.flag_masks[0]
    body = _describe(selection)
    body.update(
        a={"run": selection.run, "tag": selection.tag, "step": selection.step},
        b={"run": run_b, "tag": tag_b, "step": loaded_b.step},
        sort=sort,
        order=order,
        offset=query.offset,
        limit=query.limit,
        total=total,
        only_in_a=only_a,
        only_in_b=only_b,
        delta_sign="a - b" if reverse else "b - a",
        rows=[
            {
                "label": view_a.label_names[i],
                "gap_a": json_value(gap_a),
                "gap_b": json_value(gap_b),
                "delta": json_value(gap_a - gap_b if reverse else gap_b - gap_a),
                "delta_low": _stat(stats, "low", i),
                "delta_high": _stat(stats, "high", i),
                "p_value": _stat(stats, "p", i),
                "q_value": _stat(stats, "q", i),
                "count_a": _count(counts_a, i),
                "count_b": _count(counts_b, j),
                "flagged": bool(flagged[i]),
            }
            for i, j, gap_a, gap_b in rows
        ],
    )
    return respond(request, body)


def csv_export(request: Any, services: Any) -> Any:
    params = Params(request.args, request.query_string)
    selection = _select(request, services, params)
    query = selection.query
    _sort(params, selection)
    query.limit = None
    view = selection.view
    across = _change_columns(request, services, selection)
    indices, _, gap, stats = select_with_statistics(view, query)
    identities = view.identity_names
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    header = ["label", "count"]
    header += ["count@%s" % x for x in identities]
    header += ["%s@%s" % (query.metric, x) for x in identities]
    with_bounds = isinstance(view, CountsView)  # counts carry intervals; precomputed values do not
    if with_bounds:
        header += ["%s@%s_%s" % (query.metric, x, end) for x in identities for end in ("low", "high")]
    header += ["gap", "gap_low", "gap_high", "p_value", "q_value", "flagged", "hidden"]
    change = None if across is None else across["change"]
    if change is not None:  # sorted or filtered by the change: its columns too
        header += ["change", "change_low", "change_high"]
    writer.writerow([csv_text(h) for h in header])
    values = [view.values(query.metric, j) for j in range(len(identities))]
    bounds = []
    if isinstance(view, CountsView):
        z = intervals.z_of(query.level)
        for j, v in enumerate(values):
            bounds.extend(intervals.interval(query.metric, np.asarray(v, dtype=np.float64), *view.widths(query.metric, j, z)))
    flagged, hidden = selection.flag_masks
    cooccurrence = view.cooccurrence
    for i in indices:
        row = [csv_text(view.label_names[i]), _csv_count(view.label_counts, i)]
        row += [_csv_count(None if cooccurrence is None else cooccurrence[j], i) for j in range(len(identities))]
        row += [csv_number(v[i]) for v in values]
        row += [csv_number(b[i]) for b in bounds]
        row += [csv_number(gap[i])]
        row += ["" if stats is None else csv_number(stats[k][i]) for k in ("low", "high", "p", "q")]
        row += [int(flagged[i]), int(hidden[i])]
        if change is not None:
            row += [csv_number(change[k][i]) for k in ("change", "low", "high")]
        writer.writerow(row)
    return respond_csv(request, out.getvalue(), _csv_filename(selection))


def _csv_filename(selection: Selection) -> str:
    """What the file holds, in its name: run, tag, step, metric, the pair the gap is of, the threshold and
    any smoothing (two downloads of one tag differ by name); the flagged rows beside the full table, never
    over it."""
    query, view = selection.query, selection.view
    names = view.identity_names
    pair = names[query.x1] + ("" if query.x2 is None else "-" + ("rest" if query.x2 == "rest" else names[query.x2]))
    level = view.threshold  # None for precomputed values
    threshold = "" if level is None else "_t%g" % level
    smoothing = "_s%g" % view.smoothing if view.smoothing else ""
    return "tb_bias_%s_%s_step%d_%s_%s%s%s%s.csv" % (selection.run, selection.tag, selection.step, query.metric, pair,
                                                   threshold, smoothing, "_flagged" if query.flagged_only else "")


def examples(request: Any, services: Any) -> Any:
    """The sampled examples of a label, with one identity or alone (docs/http_api.md)."""
    params = Params(request.args, request.query_string)
    run, tag, step = params.run_tag_step()
    threshold = params.number("threshold", None, low=0.0, high=1.0)
    label = params.string("label", required=True, max_length=MAX_NAME)
    identity = params.string("identity", None, max_length=MAX_NAME)
    x1 = params.string("x1", None, max_length=MAX_NAME)
    loaded = services.load(request, run, tag, step, MEASURE_ID)
    body = {"run": run, "tag": tag, "step": loaded.step}
    body.update(examples_answer(loaded.value, threshold, label, identity, x1))
    return respond(request, body)


def examples_answer(table: Any, threshold: float | None, label: str, identity: str | None,
                    x1: str | None = None) -> dict[str, Any]:
    """What `examples` answers for a loaded table (``identity`` "rest": of y with any identity but ``x1``);
    the client's mistakes are 400s."""
    if not isinstance(table, AssociationTable):
        raise bad_request("this table holds precomputed values, not counts: it has no examples")
    try:
        t = table.threshold_index(threshold)
    except ValueError as e:
        raise bad_request("parameter 'threshold': %s" % e)
    if label not in table.label_index:
        raise bad_request("parameter 'label': unknown label %r" % label)
    if (identity == REST) != (x1 is not None):
        raise bad_request("parameter 'x1': identity=rest needs x1, the identity the rest is of (and only it reads x1)")
    if identity == REST:
        if x1 not in table.identity_names:
            raise bad_request("parameter 'x1': unknown identity %r; identities: %s" % (x1, ", ".join(table.identity_names)))
        if len(table.identity_names) < 2:
            raise bad_request("parameter 'identity': " + metrics.REST_NEEDS_TWO)
        answer = {"threshold": table.thresholds[t], "label": label, "identity": REST, "x1": x1}
        answer.update(rest_examples(table, t, table.label_index[label], table.identity_names.index(x1)))
        return answer
    x = None
    if identity not in (None, ""):
        if identity not in table.identity_names:
            raise bad_request("parameter 'identity': unknown identity %r; identities: %s"
                              % (identity, ", ".join(table.identity_names)))
        x = table.identity_names.index(identity)
    answer = {"threshold": table.thresholds[t], "label": label, "identity": None if x is None else identity}
    answer.update(cell_examples(table, t, table.label_index[label], x))
    return answer


ROUTES = {
    "/table": table,
    "/examples": examples,
    "/distribution": distribution,
    "/compare": compare_tables,
    "/csv": csv_export,
    "/trend": trend,
    "/top_counts": top_counts,
    "/agreement": agreement,
}


# Helpers -------------------------------------------------------------------


def _view(services: Any, loaded: Any, threshold_index: int = 0, smoothing: float = 0.0) -> Any:
    """The (cached) metric view of a loaded table."""
    table = loaded.value
    if isinstance(table, AssociationTable):
        key = ("association.view", loaded.key, threshold_index, float(smoothing))

        def store(value_key: tuple, make: Any) -> Any:
            # metric values live in the shared, bounded cache, not in the view
            return services.derived(key + value_key, make)

        return services.derived(key, lambda: CountsView(table, threshold_index, smoothing, store))
    return services.derived(("association.view", loaded.key), lambda: PrecomputedView(table))


@dataclasses.dataclass(frozen=True, eq=False)
class Selection:
    """What the parameters every table route shares select: one stored table, a view of it and the Query."""

    run: str
    tag: str
    step: int
    description: str  # the step's own description
    key: tuple  # identifies the stored table (the cache key of everything derived from it)
    table: AssociationTable | PrecomputedTable
    view: CountsView | PrecomputedView
    query: Query  # filters and metric; routes still set its sort and page
    flag_masks: tuple[np.ndarray, np.ndarray]  # (flagged, hidden) per label, read-only and shared between requests
    series: Any  # the tag's series as this request listed it (Services.series): the trend reads its steps from it


def _select(request: Any, services: Any, params: Params) -> Selection:
    """Resolve the common table parameters into a table, a view and a Query."""
    run, tag, step = params.run_tag_step()
    series = services.series(request, run, tag, MEASURE_ID)  # one listing, as one load would make
    loaded = series.load(step)
    table = loaded.value
    if isinstance(table, AssociationTable):
        threshold = params.number("threshold", None, low=0.0, high=1.0)
        try:
            threshold_index = table.threshold_index(threshold)
        except ValueError as e:
            raise bad_request("parameter 'threshold': %s" % e)
        smoothing = params.number("smoothing", 0.0, low=0.0, high=1e9)
        view = _view(services, loaded, threshold_index, smoothing)
        metric = params.choice("metric", tuple(metrics.METRICS), metrics.DEFAULT_METRIC)
    else:
        for name in ("threshold", "smoothing"):
            if params.string(name):
                raise bad_request("parameter %r needs a table of counts; this one is precomputed" % name)
        view = _view(services, loaded)
        if not view.metrics:
            raise bad_request("this precomputed table has no METRIC@IDENTITY columns")
        default = "nPMI" if "nPMI" in view.metrics else view.metrics[0]
        metric = params.choice("metric", view.metrics, default)
    identities = view.identity_names
    x1_name = params.string("x1", identities[0] if identities else None, max_length=MAX_NAME)
    if x1_name not in identities:
        raise bad_request("parameter 'x1': unknown identity %r; identities: %s" % (x1_name, ", ".join(identities)))
    x1 = identities.index(x1_name)
    default_x2 = next((x for x in identities if x != x1_name), None)
    x2_name = params.string("x2", default_x2, max_length=MAX_NAME, keep_empty=True)  # x2= is x1 alone
    x2: Any
    if x2_name in (None, ""):
        x2 = None
    elif x2_name == "rest":
        if len(identities) < 2:
            raise bad_request("parameter 'x2': " + metrics.REST_NEEDS_TWO)
        x2 = "rest"
    elif x2_name not in identities:
        raise bad_request("parameter 'x2': unknown identity %r; identities: %s, or rest" % (x2_name, ", ".join(identities)))
    elif x2_name == x1_name:
        raise bad_request("parameters 'x1' and 'x2' must differ")
    else:
        x2 = identities.index(x2_name)

    query = Query(metric=metric, x1=x1, x2=x2)
    q = params.string("q", "", max_length=LIMITS["max_pattern"])
    case_sensitive = params.flag("case_sensitive")  # checked without q too, as every parameter is
    if q:
        query.label_mask = services.label_search(loaded.key, table.label_names).mask(q, case_sensitive)
    labels = params.strings("label", max_count=LIMITS["max_labels"], max_length=MAX_NAME)
    if labels:
        index = table.label_index
        query.labels = np.array([index[name] for name in labels if name in index], dtype=np.int64)
    query.ranges = [parse_range(text) for text in params.strings("range", max_count=LIMITS["max_ranges"])]
    query.min_count = params.integer("min_count", 0, low=0, high=2**62)
    query.undefined = params.choice("undefined", ("drop", "include"), "drop")
    query.zero_cooccurrence = params.choice("zero_cooccurrence", ("exclude", "include"), "exclude")
    query.include_identities = params.flag("include_identities")
    query.flagged_only = params.flag("flagged_only")
    query.show_hidden = params.flag("show_hidden")
    query.level = params.number("level", intervals.DEFAULT_LEVEL, low=0.5, high=0.999)
    query.q_max = params.number("q_max", None, low=0.0, high=1.0)
    flags = services.flags.get(tag)
    flagged, hidden = services.derived(
        ("association.flags", loaded.key, tag, flags["version"]),
        lambda: (_mask_of(table, flags["flagged"]), _mask_of(table, flags["hidden"])),
    )
    query.flagged, query.hidden = flagged, hidden
    return Selection(run=run, tag=tag, step=loaded.step, description=loaded.description, key=loaded.key, table=table,
                     view=view, query=query, flag_masks=(flagged, hidden), series=series)


def _sort(params: Params, selection: Selection) -> None:
    """Set the query's sort column and order; without a gap (a single
    identity) the default is the metric of that identity."""
    query, view = selection.query, selection.view
    default = "gap" if query.x2 is not None else "%s@%s" % (query.metric, view.identity_names[query.x1])
    query.sort = params.string("sort", default, max_length=2 * MAX_NAME + 1)  # METRIC@IDENTITY, each a name
    query.order = params.choice("order", metrics.ORDERS, "asc" if query.sort == "label" else "desc")


def _describe(selection: Selection) -> dict[str, Any]:
    view, query = selection.view, selection.query
    names = view.identity_names
    return {
        "run": selection.run,
        "tag": selection.tag,
        "step": selection.step,
        "description": selection.description,
        "kind": view.kind,
        "threshold": view.threshold,
        "metric": query.metric,
        "x1": names[query.x1],
        "x2": None if query.x2 is None else ("rest" if query.x2 == "rest" else names[query.x2]),
        "smoothing": view.smoothing,
        "level": query.level,
        "intervals": view.kind == "counts",
        "q_max": query.q_max,
        "identities": list(names),
        # intersections with their parts, for the tab to show them
        "identity_parts": {x: parts for x in names if (parts := intersection_parts(x))},
        # identities given as probabilities: counts are expected counts
        "expected_counts": view.expected_counts,
        "num_examples": view.num_examples,
        "num_labels": len(view.label_names),
    }


def _stat(stats: Any, key: str, i: int) -> float | None:
    return None if not stats else json_value(stats[key][i])


def _rows(view: Any, query: Query, selection: Selection, indices: Any, gap: Any, stats: Any, bounds: Any) -> list:
    """The page's rows. Each column is gathered and converted for the whole
    page at once: per-value conversion dominated a page's cost. Non-finite
    numbers stay NaN here; the JSON encoder writes them as null."""
    names = view.identity_names
    idx = np.asarray(indices, dtype=np.int64)
    n = idx.size
    none = [None] * n

    def per_identity(table: list) -> list:
        # rows of a (label, identity, ...) nested list as {identity: ...}
        return [dict(zip(names, row)) for row in table]

    if names:
        values = per_identity(np.stack([view.values_at(query.metric, j, idx) for j in range(len(names))], axis=1).tolist())
    else:
        values = [{}] * n
    counts = none if view.label_counts is None else json_counts(np.asarray(view.label_counts)[idx])
    cooccurrence = none
    if view.cooccurrence is not None:
        cooccurrence = per_identity(list(zip(*[json_counts(c) for c in np.asarray(view.cooccurrence)[:, idx]])) if names else [()] * n)
    intervals_of = none
    if bounds is not None and names:
        lows = round_significant(np.stack([lo for lo, _ in bounds], axis=1), BOUND_DIGITS, np.floor)
        highs = round_significant(np.stack([hi for _, hi in bounds], axis=1), BOUND_DIGITS, np.ceil)
        intervals_of = per_identity(np.stack([lows, highs], axis=2).tolist())  # (label, identity, 2)
    statistics = dict.fromkeys(("low", "high", "p", "q"), none)
    if stats:
        statistics = {key: stats.at(key, idx).tolist() for key in ("p", "q")}
        statistics["low"] = round_significant(stats.at("low", idx), BOUND_DIGITS, np.floor).tolist()
        statistics["high"] = round_significant(stats.at("high", idx), BOUND_DIGITS, np.ceil).tolist()
    flagged, hidden = (mask[idx].tolist() for mask in selection.flag_masks)
    return [
        {
            "label": view.label_names[i],
            "index": i,
            "count": counts[k],
            "cooccurrence": cooccurrence[k],
            "values": values[k],
            "bounds": intervals_of[k],
            "gap": gap_k,
            "gap_low": statistics["low"][k],
            "gap_high": statistics["high"][k],
            "p_value": statistics["p"][k],
            "q_value": statistics["q"][k],
            "flagged": flagged[k],
            "hidden": hidden[k],
        }
        for k, (i, gap_k) in enumerate(zip(idx.tolist(), gap[idx].tolist()))
    ]


def _mask_of(table: Any, names: Any) -> np.ndarray:
    mask = np.zeros(len(table.label_names), dtype=bool)
    if names:  # the name index of a large table is built only when needed
        index = table.label_index
        mask[[index[name] for name in names if name in index]] = True
    mask.setflags(write=False)  # cached and shared between requests
    return mask


def _csv_count(counts: Any, i: int) -> Any:
    count = _count(counts, i)
    return "" if count is None else count


def config() -> dict[str, Any]:
    """Limits and defaults the view needs, served once in ``runs``."""
    return {"metrics": METRICS, "default_metric": DEFAULT_METRIC, "default_level": intervals.DEFAULT_LEVEL,
            "limits": LIMITS}
