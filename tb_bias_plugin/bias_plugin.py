"""The tb_bias TensorBoard plugin: HTTP routes over the association engine.

Routes parse and validate parameters, load tables through `TableSource`
and call `query` for all filtering, ranking and summarising. The API is
documented in docs/http_api.md.
"""

import csv
import io
import json
import logging
import math
import os
import re
import urllib.parse

import numpy as np
from werkzeug import wrappers

from tensorboard import errors, plugin_util
from tensorboard.backend import http_util
from tensorboard.plugins import base_plugin

from tb_bias_plugin import metadata, metrics
from tb_bias_plugin.flags import FlagStore, StaleVersion
from tb_bias_plugin.http_params import HttpError, Params, bad_request, parse_range
from tb_bias_plugin.label_search import MAX_PATTERN_LENGTH, PatternError
from tb_bias_plugin.query import Query, QueryError, compare, distributions, select
from tb_bias_plugin.table_source import LEGACY_PLUGIN_NAME, TableSource, UnreadableTable

logger = logging.getLogger(__name__)

_STATIC_DIR = os.path.join(os.path.dirname(__file__), "static")
_MAX_LIMIT = 1000
_MAX_OFFSET = 10_000_000
_MAX_RANGES = 20
_MAX_LABELS = 1000
_MAX_BINS = 200
_MAX_FLAGS_BODY = 8 << 20
_MAX_NAME = 1000
_STEP_RANGE = (-(2**63), 2**63 - 1)
# Text cells starting with these (after any spaces or NULs, which some
# spreadsheets skip) are formulas to a spreadsheet; full-width forms too.
_FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def _json_value(value):
    """A JSON-safe number: NaN and infinities become None."""
    if value is None:
        return None
    value = float(value)
    return value if math.isfinite(value) else None


def _count(counts, i):
    """Count ``i`` of ``counts`` as an int; None where there are no counts,
    or where a precomputed table holds NaN."""
    if counts is None:
        return None
    value = float(counts[i])
    return int(value) if math.isfinite(value) else None


def _respond(request, body, code=200):
    return http_util.Respond(
        request,
        json.dumps(body, separators=(",", ":"), allow_nan=False),
        "application/json",
        code=code,
    )


def _route(*methods):
    """Wrap a route: JSON errors for every failure the client can cause."""

    def decorate(handler):
        @wrappers.Request.application
        def serve(self, request):
            try:
                if request.method not in methods:
                    raise HttpError(405, "method %s not allowed; use %s" % (request.method, " or ".join(methods)))
                return handler(self, request)
            except HttpError as e:
                return _respond(request, dict({"error": e.message}, **e.extra), e.status)
            except (QueryError, PatternError) as e:
                return _respond(request, {"error": str(e)}, 400)
            except errors.PublicError as e:
                return _respond(request, {"error": str(e)}, e.http_code)
            except UnreadableTable as e:
                return _respond(request, {"error": "stored table cannot be read: %s" % e}, 422)
            except Exception:  # a bug: log it, never send a stack trace
                logger.exception("tb_bias: %s %s failed", request.method, request.path)
                return _respond(request, {"error": "internal error; see the TensorBoard log"}, 500)

        serve.__name__ = handler.__name__
        return serve

    return decorate


class BiasPlugin(base_plugin.TBPlugin):
    """Serves association tables to the Bias tab."""

    plugin_name = metadata.PLUGIN_NAME

    def __init__(self, context):
        self._data_provider = context.data_provider
        hint = (context.sampling_hints or {}).get(self.plugin_name)
        self._tables = TableSource(self._data_provider, downsample=hint or None)
        logdir = context.logdir
        if not logdir and context.flags is not None:
            logdir = getattr(context.flags, "logdir_spec", "")
        self._flags = FlagStore.for_logdir(logdir or "")

    def get_plugin_apps(self):
        return {
            "/index.js": self._serve_index_js,
            "/runs": self._serve_runs,
            "/table": self._serve_table,
            "/distribution": self._serve_distribution,
            "/compare": self._serve_compare,
            "/csv": self._serve_csv,
            "/flags": self._serve_flags,
        }

    def is_active(self):
        # TensorBoard core decides from `data_plugin_names` and its data.
        return False

    def data_plugin_names(self):
        return (metadata.PLUGIN_NAME, LEGACY_PLUGIN_NAME)

    def frontend_metadata(self):
        return base_plugin.FrontendMetadata(es_module_path="/index.js", tab_name="Bias")

    # Routes -------------------------------------------------------------

    @_route("GET", "HEAD")
    def _serve_index_js(self, request):
        try:
            with open(os.path.join(_STATIC_DIR, "index.js"), "rb") as f:
                contents = f.read()
        except FileNotFoundError:
            raise HttpError(404, "the frontend bundle is missing; reinstall tb-bias-plugin")
        return http_util.Respond(request, contents, "text/javascript")

    @_route("GET", "HEAD")
    def _serve_runs(self, request):
        ctx, experiment = _context(request)
        Params(request.args, request.query_string)
        listing = self._tables.list_tables(ctx, experiment)
        runs = []
        for run in sorted(listing):
            tags = []
            for tag in sorted(listing[run]):
                info, steps = listing[run][tag]
                tags.append(
                    {
                        "tag": tag,
                        "kind": info.kind,
                        "format": info.format,
                        "steps": steps,
                        "identities": info.identities,
                        "thresholds": info.thresholds,
                        "num_labels": info.num_labels,
                        "metrics": info.metrics,
                        "description": info.description,
                    }
                )
            runs.append({"run": run, "tags": tags})
        return _respond(request, {"runs": runs, "metrics": metrics.METRICS})

    @_route("GET", "HEAD")
    def _serve_table(self, request):
        params = Params(request.args, request.query_string)
        selection = self._select(request, params)
        query = selection["query"]
        self._sort(params, selection)
        query.offset = params.integer("offset", 0, low=0, high=_MAX_OFFSET)
        query.limit = params.integer("limit", 100, low=1, high=_MAX_LIMIT)
        view = selection["view"]
        indices, total, gap = select(view, query)
        body = self._describe(selection)
        body.update(
            sort=query.sort,
            order=query.order,
            offset=query.offset,
            limit=query.limit,
            total=total,
            rows=[self._row(view, query, selection, int(i), gap) for i in indices],
        )
        return _respond(request, body)

    @_route("GET", "HEAD")
    def _serve_distribution(self, request):
        params = Params(request.args, request.query_string)
        selection = self._select(request, params)
        bins = params.integer("bins", None, low=1, high=_MAX_BINS)
        body = distributions(selection["view"], selection["query"], bins)
        return _respond(request, body)

    @_route("GET", "HEAD")
    def _serve_compare(self, request):
        params = Params(request.args, request.query_string)
        selection = self._select(request, params)
        ctx, experiment = _context(request)
        run_b = params.string("run2", selection["run"], max_length=_MAX_NAME)
        tag_b = params.string("tag2", selection["tag"], max_length=_MAX_NAME)
        step_b = params.integer("step2", None, low=_STEP_RANGE[0], high=_STEP_RANGE[1])
        step_b, table_b, key_b = self._tables.load(ctx, experiment, run_b, tag_b, step_b)
        view_a = selection["view"]
        if view_a.kind == "counts" and hasattr(table_b, "thresholds"):
            try:
                threshold_b = table_b.threshold_index(view_a.threshold)
            except ValueError:
                raise bad_request("the second table has no threshold %r" % view_a.threshold)
            view_b = self._tables.view(key_b, table_b, threshold_b, view_a.smoothing)
        else:
            view_b = self._tables.view(key_b, table_b)
        if view_b.kind != view_a.kind:
            raise bad_request("cannot compare a %s table with a %s table" % (view_a.kind, view_b.kind))
        query = selection["query"]
        query.offset = params.integer("offset", 0, low=0, high=_MAX_OFFSET)
        query.limit = params.integer("limit", 100, low=1, high=_MAX_LIMIT)
        sort = params.choice("sort", ("delta", "gap_a", "gap_b", "label"), "delta")
        order = params.choice("order", metrics.ORDERS, "asc" if sort == "label" else "abs")
        rows, total, only_a, only_b = compare(view_a, view_b, query, sort=sort, order=order)
        counts_a, counts_b = view_a.label_counts, view_b.label_counts
        flagged = selection["flags_mask"][0]
        body = self._describe(selection)
        body.update(
            a={"run": selection["run"], "tag": selection["tag"], "step": selection["step"]},
            b={"run": run_b, "tag": tag_b, "step": step_b},
            sort=sort,
            order=order,
            offset=query.offset,
            limit=query.limit,
            total=total,
            only_in_a=only_a,
            only_in_b=only_b,
            rows=[
                {
                    "label": view_a.label_names[i],
                    "gap_a": _json_value(gap_a),
                    "gap_b": _json_value(gap_b),
                    "delta": _json_value(gap_b - gap_a),
                    "count_a": _count(counts_a, i),
                    "count_b": _count(counts_b, j),
                    "flagged": bool(flagged[i]),
                }
                for i, j, gap_a, gap_b in rows
            ],
        )
        return _respond(request, body)

    @_route("GET", "HEAD")
    def _serve_csv(self, request):
        params = Params(request.args, request.query_string)
        selection = self._select(request, params)
        query = selection["query"]
        self._sort(params, selection)
        query.limit = None
        view = selection["view"]
        indices, _, gap = select(view, query)
        identities = view.identity_names
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        header = ["label", "count"]
        header += ["count@%s" % x for x in identities]
        header += ["%s@%s" % (query.metric, x) for x in identities]
        header += ["gap", "flagged", "hidden"]
        writer.writerow([_csv_text(h) for h in header])
        values = [view.values(query.metric, j) for j in range(len(identities))]
        flagged, hidden = selection["flags_mask"]
        for i in indices:
            row = [_csv_text(view.label_names[i]), _csv_count(view.label_counts, i)]
            row += [_csv_count(None if view.cooccurrence is None else view.cooccurrence[j], i) for j in range(len(identities))]
            row += [_csv_number(v[i]) for v in values]
            row += [_csv_number(gap[i]), int(flagged[i]), int(hidden[i])]
            writer.writerow(row)
        filename = "tb_bias_%s_%s_%s.csv" % (selection["run"], selection["tag"], query.metric)
        response = http_util.Respond(request, out.getvalue(), "text/csv; charset=utf-8")
        response.headers["Content-Disposition"] = _attachment(filename)
        return response

    @_route("GET", "HEAD", "POST")
    def _serve_flags(self, request):
        if request.method == "POST":
            return self._write_flags(request)
        params = Params(request.args, request.query_string)
        tag = params.string("tag", required=True, max_length=_MAX_NAME)
        return _respond(request, self._flags.get(tag))

    def _write_flags(self, request):
        if request.content_length is not None and request.content_length > _MAX_FLAGS_BODY:
            raise HttpError(413, "flags body is larger than %d bytes" % _MAX_FLAGS_BODY)
        raw = request.stream.read(_MAX_FLAGS_BODY + 1)
        if len(raw) > _MAX_FLAGS_BODY:
            raise HttpError(413, "flags body is larger than %d bytes" % _MAX_FLAGS_BODY)
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: deeply nested
            raise bad_request("flags body must be a JSON object")
        if not isinstance(body, dict):
            raise bad_request("flags body must be a JSON object")
        tag = body.get("tag")
        if not isinstance(tag, str) or not tag or len(tag) > _MAX_NAME:
            raise bad_request("flags body needs 'tag', a non-empty string")
        version = body.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or version < 0:
            raise bad_request("flags body needs 'version', a non-negative integer")
        lists = {}
        for name in ("flagged", "hidden"):
            value = body.get(name, [])
            if not isinstance(value, list) or not all(_is_name(v) for v in value):
                raise bad_request("'%s' must be a list of label names" % name)
            lists[name] = value
        if not _is_name(tag):
            raise bad_request("flags body has a 'tag' that is not valid text")
        try:
            state = self._flags.put(tag, lists["flagged"], lists["hidden"], version)
        except StaleVersion as e:
            raise HttpError(
                409,
                "flags of %r were changed elsewhere (now version %d); reload and try again"
                % (tag, e.current["version"]),
                current=e.current,
            )
        except OSError as e:
            logger.warning("tb_bias: cannot save flags: %s", e)
            raise HttpError(503, "cannot save flags: %s" % e.strerror)
        return _respond(request, state)

    # Helpers --------------------------------------------------------------

    def _select(self, request, params):
        """Resolve the common table parameters into a table, a view and a Query."""
        ctx, experiment = _context(request)
        run = params.string("run", required=True, max_length=_MAX_NAME)
        tag = params.string("tag", required=True, max_length=_MAX_NAME)
        step = params.integer("step", None, low=_STEP_RANGE[0], high=_STEP_RANGE[1])
        step, table, key = self._tables.load(ctx, experiment, run, tag, step)
        counts = hasattr(table, "thresholds")
        if counts:
            threshold = params.number("threshold", None, low=0.0, high=1.0)
            try:
                threshold_index = table.threshold_index(threshold)
            except ValueError as e:
                raise bad_request("parameter 'threshold': %s" % e)
            smoothing = params.number("smoothing", 0.0, low=0.0, high=1e9)
            view = self._tables.view(key, table, threshold_index, smoothing)
            metric = params.choice("metric", tuple(metrics.METRICS), metrics.DEFAULT_METRIC)
        else:
            for name in ("threshold", "smoothing"):
                if params.string(name):
                    raise bad_request("parameter %r needs a table of counts; this one is precomputed" % name)
            view = self._tables.view(key, table)
            if not view.metrics:
                raise bad_request("this precomputed table has no METRIC@IDENTITY columns")
            default = "nPMI" if "nPMI" in view.metrics else view.metrics[0]
            metric = params.choice("metric", view.metrics, default)
        identities = view.identity_names
        x1_name = params.string("x1", identities[0] if identities else None, max_length=_MAX_NAME)
        if x1_name not in identities:
            raise bad_request("parameter 'x1': unknown identity %r; identities: %s" % (x1_name, ", ".join(identities)))
        x1 = identities.index(x1_name)
        default_x2 = next((x for x in identities if x != x1_name), None)
        x2_name = params.string("x2", default_x2, max_length=_MAX_NAME)
        if x2_name in (None, ""):
            x2 = None
        elif x2_name == "rest":
            if len(identities) < 2:
                raise bad_request("parameter 'x2': one-vs-rest needs at least two identities")
            x2 = "rest"
        elif x2_name not in identities:
            raise bad_request("parameter 'x2': unknown identity %r; identities: %s, or rest" % (x2_name, ", ".join(identities)))
        elif x2_name == x1_name:
            raise bad_request("parameters 'x1' and 'x2' must differ")
        else:
            x2 = identities.index(x2_name)

        query = Query(metric=metric, x1=x1, x2=x2)
        q = params.string("q", "", max_length=MAX_PATTERN_LENGTH)
        if q:
            query.label_mask = self._tables.search(key, table).mask(q, params.flag("case_sensitive"))
        labels = params.strings("label", max_count=_MAX_LABELS)
        if labels:
            index = table.label_index
            query.labels = np.array([index[name] for name in labels if name in index], dtype=np.int64)
        ranges = params.strings("range", max_count=_MAX_RANGES)
        query.ranges = [parse_range(text) for text in ranges]
        query.min_count = params.integer("min_count", 0, low=0, high=2**62)
        query.undefined = params.choice("undefined", ("drop", "include"), "drop")
        query.zero_cooccurrence = params.choice("zero_cooccurrence", ("exclude", "include"), "exclude")
        query.include_identities = params.flag("include_identities")
        query.flagged_only = params.flag("flagged_only")
        query.show_hidden = params.flag("show_hidden")
        flags = self._flags.get(tag)
        query.flagged = _mask_of(table, flags["flagged"])
        query.hidden = _mask_of(table, flags["hidden"])
        return {
            "run": run,
            "tag": tag,
            "step": step,
            "table": table,
            "view": view,
            "query": query,
            "flags_mask": (query.flagged, query.hidden),
        }

    @staticmethod
    def _sort(params, selection):
        """Set the query's sort column and order; without a gap (a single
        identity) the default is the metric of that identity."""
        query, view = selection["query"], selection["view"]
        default = "gap" if query.x2 is not None else "%s@%s" % (query.metric, view.identity_names[query.x1])
        query.sort = params.string("sort", default, max_length=_MAX_NAME)
        query.order = params.choice("order", metrics.ORDERS, "asc" if query.sort == "label" else "desc")

    @staticmethod
    def _describe(selection):
        view, query = selection["view"], selection["query"]
        names = view.identity_names
        return {
            "run": selection["run"],
            "tag": selection["tag"],
            "step": selection["step"],
            "kind": view.kind,
            "threshold": view.threshold,
            "metric": query.metric,
            "x1": names[query.x1],
            "x2": None if query.x2 is None else ("rest" if query.x2 == "rest" else names[query.x2]),
            "smoothing": view.smoothing,
            "identities": list(names),
            "num_examples": view.num_examples,
            "num_labels": len(view.label_names),
        }

    @staticmethod
    def _row(view, query, selection, i, gap):
        names = view.identity_names
        flagged, hidden = selection["flags_mask"]
        return {
            "label": view.label_names[i],
            "index": i,
            "count": _count(view.label_counts, i),
            "cooccurrence": None
            if view.cooccurrence is None
            else {x: _count(view.cooccurrence[j], i) for j, x in enumerate(names)},
            "values": {x: _json_value(view.values(query.metric, j)[i]) for j, x in enumerate(names)},
            "gap": _json_value(gap[i]),
            "flagged": bool(flagged[i]),
            "hidden": bool(hidden[i]),
        }


def _is_name(value):
    """A label or tag name as stored: a string of valid Unicode text."""
    if not isinstance(value, str) or len(value) > 10_000:
        return False
    try:
        value.encode("utf-8")  # rejects lone surrogates, which JSON allows
    except UnicodeEncodeError:
        return False
    return True


def _context(request):
    return plugin_util.context(request.environ), plugin_util.experiment_id(request.environ)


def _mask_of(table, names):
    mask = np.zeros(len(table.label_names), dtype=bool)
    index = table.label_index
    rows = [index[name] for name in names if name in index]
    mask[rows] = True
    return mask


def _csv_text(text):
    """Neutralise spreadsheet formulas in a text cell."""
    return "'" + text if text.lstrip(" \x00").startswith(_FORMULA_PREFIXES) else text


def _csv_count(counts, i):
    count = _count(counts, i)
    return "" if count is None else count


def _csv_number(value):
    value = float(value)
    return repr(value) if math.isfinite(value) else ""


def _attachment(filename):
    ascii_name = re.sub(r"[^A-Za-z0-9._-]+", "_", filename)
    return "attachment; filename=\"%s\"; filename*=UTF-8''%s" % (
        ascii_name,
        urllib.parse.quote(filename, safe=""),
    )
