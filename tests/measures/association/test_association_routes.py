"""The plugin's HTTP routes, against a real TensorBoard WSGI app."""

import csv
import io
import json
import os
import subprocess
import sys
import time

import numpy as np
import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import summary
from tb_bias_plugin.measures.association import intervals, metrics
from tb_bias_plugin.serving.flags import FlagStore, directory_for_logdir

PREFIX = "/data/plugin/tb_bias/"


@pytest.fixture(scope="module")
def logdir(tmp_path_factory):
    path = tmp_path_factory.mktemp("logs")
    tables = fx.write_logdir(path)
    fx.write_legacy_npmi(path)
    return path, tables


@pytest.fixture
def client(logdir, tmp_path, monkeypatch):
    # Each test gets its own flags directory.
    monkeypatch.setattr("tb_bias_plugin.serving.flags.directory_for_logdir", lambda _: str(tmp_path / "flags"))
    app, _ = fx.make_app(logdir[0])
    return Client(app)


get, get_json = fx.get, fx.get_json


def reference(table, metric="npmi_xy", x1=0, x2=1, threshold=0, smoothing=0.0, order="desc",
              zero_cooccurrence=True, identities=False, drop_undefined=True):
    """Expected ranking of labels, computed directly from the core engine."""
    values = metrics.association(
        metric, table.num_examples, table.identity_counts[threshold], table.label_counts[threshold],
        table.cooccurrence[threshold], smoothing=smoothing,
    )
    g = metrics.gap(values, x1, x2)
    mask = np.ones(len(table.label_names), bool)
    if not identities:
        mask[table.identity_label_index] = False
    if zero_cooccurrence:
        # the rule of docs/measures/association.md ("Gaps and rankings"), written out: seen with x1 and with every identity on the other side
        cxy = table.cooccurrence[threshold]
        others = [j for j in range(cxy.shape[0]) if j != x1] if x2 == "rest" else [x2]
        mask &= (cxy[x1] > 0) & np.all([cxy[j] > 0 for j in others], axis=0)
    if drop_undefined:
        mask &= ~np.isnan(g)
    return [table.label_names[i] for i in metrics.rank(g, order, mask=mask)], g, values


def labels_of(body):
    return [row["label"] for row in body["rows"]]


# Listing ------------------------------------------------------------------


def test_runs_lists_every_table_with_its_steps_and_capabilities(client):
    body = get_json(client, "runs")
    runs = {r["run"]: {t["tag"]: t for t in r["tags"]} for r in body["runs"]}
    assert [r["run"] for r in body["runs"]] == ["legacy", "model_a", "model_b", "precomputed"]
    gender = runs["model_a"]["gender"]
    assert gender["kind"] == "counts" and gender["format"] == "tb_bias"
    assert gender["steps"] == [0, 1, 2]
    assert gender["identities"] == fx.IDENTITIES
    assert gender["thresholds"] == list(fx.THRESHOLDS)
    assert gender["num_labels"] == len(fx.LABELS)
    assert gender["metrics"] == list(metrics.METRICS)
    assert gender["description"] == "fixture"
    legacy = runs["legacy"]["_npmi_"]
    assert legacy["format"] == "npmi_legacy" and legacy["kind"] == "precomputed"
    assert legacy["identities"] == ["male", "female"] and legacy["metrics"] == ["nPMI"]
    assert legacy["steps"] == [1] and legacy["num_labels"] == 4
    scores = runs["precomputed"]["scores"]
    assert scores["kind"] == "precomputed" and scores["metrics"] == ["nPMI"] and scores["steps"] == [4]
    # runs and table agree on a precomputed table's identities (they did not)
    assert scores["identities"] == get_json(client, "table", run="precomputed", tag="scores")["identities"]
    assert {t["measure"] for r in body["runs"] for t in r["tags"]} == {"association"}
    (association,) = body["measures"]
    assert association["measure"] == "association" and association["title"] == "Label associations"
    assert set(association["config"]["metrics"]) == set(metrics.METRICS)
    assert association["config"]["default_metric"] == metrics.DEFAULT_METRIC
    assert association["config"]["default_level"] == intervals.DEFAULT_LEVEL
    assert association["config"]["limits"]["page_size"] == 100


def test_tab_is_active_only_with_our_data_or_legacy_data(tmp_path, logdir):
    empty = tmp_path / "empty"
    empty.mkdir()
    for path, active in ((empty, False), (logdir[0], True)):
        app, _ = fx.make_app(path)
        listing = json.loads(Client(app).get("/data/plugins_listing").get_data(as_text=True))
        assert listing["tb_bias"]["enabled"] is active
        assert listing["tb_bias"]["loading_mechanism"]["module_path"] == "/data/plugin/tb_bias/index.js"
    legacy_only = tmp_path / "legacy_only"
    fx.write_legacy_npmi(legacy_only)
    app, _ = fx.make_app(legacy_only)
    assert json.loads(Client(app).get("/data/plugins_listing").get_data(as_text=True))["tb_bias"]["enabled"]


def test_new_steps_of_a_running_job_appear_on_reload(tmp_path):
    fx.write_logdir(tmp_path, runs=("live",), steps=(0,))
    app, multiplexer = fx.make_app(tmp_path)
    client = Client(app)
    assert get_json(client, "table", run="live", tag="gender")["step"] == 0
    with summary.Writer(tmp_path / "live") as writer:
        writer.association_table("gender", fx.counter(seed=9), step=5)
    multiplexer.Reload()
    runs = get_json(client, "runs")["runs"]
    assert runs[0]["tags"][0]["steps"] == [0, 5]
    body = get_json(client, "table", run="live", tag="gender")
    assert body["step"] == 5 and body["num_examples"] == fx.counter(seed=9).num_examples


def test_loaded_tables_are_cached(logdir, client, monkeypatch):
    from tb_bias_plugin.serving.source import Source

    calls = []
    original = Source._read_blob  # a record's bytes, from its event file or the data provider

    def counting_read_blob(self, ctx, run, tag, datum, *args):
        calls.append((run, tag, datum.step))
        return original(self, ctx, run, tag, datum, *args)

    monkeypatch.setattr(Source, "_read_blob", counting_read_blob)
    for params in ({}, {"metric": "pmi"}, {"q": "label"}, {"offset": 5}, {"threshold": 0.6}):
        get_json(client, "table", run="model_b", tag="gender", step=1, **params)
    get_json(client, "distribution", run="model_b", tag="gender", step=1)
    # the step once, and once the latest step's envelope, for the measure it holds (a tag whose records
    # name two measures is unreadable at every step, as runs lists it); `runs` would have read it already
    assert calls == [("model_b", "gender", 1), ("model_b", "gender", 2)]


# The table route ------------------------------------------------------------


def test_default_table_is_the_npmi_gap_ranking_of_the_latest_step(client, logdir):
    table = logdir[1]["model_a", "gender", 2]
    body = get_json(client, "table", run="model_a", tag="gender", limit=1000)
    want, g, values = reference(table)
    assert labels_of(body) == want
    assert body["total"] == len(want)
    assert (body["step"], body["metric"], body["x1"], body["x2"], body["threshold"]) == (2, "npmi_xy", "man", "woman", 0.3)
    assert body["num_examples"] == table.num_examples
    row = body["rows"][0]
    i = table.label_names.index(row["label"])
    assert row["index"] == i
    assert row["count"] == table.label_counts[0, i]
    assert row["cooccurrence"] == {x: int(table.cooccurrence[0, j, i]) for j, x in enumerate(fx.IDENTITIES)}
    assert row["values"] == pytest.approx({x: values[j, i] for j, x in enumerate(fx.IDENTITIES)})
    assert row["gap"] == pytest.approx(g[i])


@pytest.mark.parametrize("metric", list(metrics.METRICS))
@pytest.mark.parametrize("pair", [("man", "woman"), ("woman", "child"), ("child", "rest")])
def test_every_metric_and_identity_pair(client, logdir, metric, pair):
    table = logdir[1]["model_a", "gender", 1]
    x1 = fx.IDENTITIES.index(pair[0])
    x2 = "rest" if pair[1] == "rest" else fx.IDENTITIES.index(pair[1])
    body = get_json(client, "table", run="model_a", tag="gender", step=1, metric=metric,
                    x1=pair[0], x2=pair[1], threshold=0.6, limit=1000)
    want, _, _ = reference(table, metric, x1, x2, threshold=1)
    assert labels_of(body) == want


def test_smoothing_is_applied_at_query_time(client, logdir):
    table = logdir[1]["model_a", "gender", 0]
    body = get_json(client, "table", run="model_a", tag="gender", step=0, metric="pmi", smoothing=0.5,
                    limit=1000, undefined="include", zero_cooccurrence="include")
    want, g, _ = reference(table, "pmi", smoothing=0.5, zero_cooccurrence=False, drop_undefined=False)
    assert labels_of(body) == want
    assert all(row["gap"] is not None for row in body["rows"])  # smoothing makes every value finite


def test_regex_filter_and_exact_labels(client, logdir):
    body = get_json(client, "table", run="model_a", tag="gender", q=r"label [0-2]\d$", limit=1000,
                    zero_cooccurrence="include", undefined="include")
    assert body["total"] == len(body["rows"]) == 30
    assert all(row["label"].startswith(("label 0", "label 1", "label 2")) for row in body["rows"])
    assert get_json(client, "table", run="model_a", tag="gender", q="LABEL 1")["total"] > 0
    assert get_json(client, "table", run="model_a", tag="gender", q="LABEL 1", case_sensitive=1)["total"] == 0
    for route in ("table", "csv", "distribution", "top_counts"):  # was a 200 without q: read only with a pattern
        body = get_json(client, route, 400, run="model_a", tag="gender", case_sensitive="abc")
        assert body["error"] == "parameter 'case_sensitive' must be 0 or 1, got 'abc'"
    body = get_json(client, "table", run="model_a", tag="gender", label=["label 10", "+1", "nope"],
                    zero_cooccurrence="include")
    assert sorted(labels_of(body)) == ["+1", "label 10"]


def test_range_filters_combine_with_and(client, logdir):
    table = logdir[1]["model_a", "gender", 2]
    _, g, values = reference(table)
    body = get_json(client, "table", run="model_a", tag="gender", limit=1000,
                    range=["gap:0:", "npmi_xy@man:-0.05:0.5", "count:60:", "count@woman:1:"])
    rows = body["rows"]
    assert rows and body["total"] == len(rows)
    for row in rows:
        assert row["gap"] >= 0 and -0.05 <= row["values"]["man"] <= 0.5
        assert row["count"] >= 60 and row["cooccurrence"]["woman"] >= 1
    want, _, _ = reference(table)
    keep = [l for l in want if g[table.label_names.index(l)] >= 0
            and -0.05 <= values[0, table.label_names.index(l)] <= 0.5
            and table.label_counts[0, table.label_names.index(l)] >= 60
            and table.cooccurrence[0, 1, table.label_names.index(l)] >= 1]
    assert labels_of(body) == keep
    # a range on another metric than the one shown
    dp = metrics.association("dp", table.num_examples, table.identity_counts[0], table.label_counts[0],
                             table.cooccurrence[0])[2]
    other_metric = get_json(client, "table", run="model_a", tag="gender", range="dp@child::0.34", limit=1000)
    assert labels_of(other_metric) == [l for l in want if dp[table.label_names.index(l)] <= 0.34]
    assert 0 < other_metric["total"] < len(want)


def test_row_inclusion_rules(client, logdir):
    base = dict(run="model_a", tag="gender", limit=1000)
    default = labels_of(get_json(client, "table", **base))
    assert "label 01" not in default  # seen only with man: zero co-occurrence with woman
    assert "label 00" not in default  # never predicted: undefined
    assert not set(fx.IDENTITIES) & set(default)
    with_zero = labels_of(get_json(client, "table", zero_cooccurrence="include", **base))
    assert with_zero[0] == "label 01"  # never with woman: its gap rides on nPMI's -1 limit
    row = next(r for r in get_json(client, "table", zero_cooccurrence="include", **base)["rows"] if r["label"] == "label 01")
    assert row["values"]["woman"] == -1.0  # the nPMI limit for never-together
    with_undefined = get_json(client, "table", zero_cooccurrence="include", undefined="include", **base)
    assert labels_of(with_undefined)[-1] == "label 00" and with_undefined["rows"][-1]["gap"] is None
    with_ids = labels_of(get_json(client, "table", include_identities=1, zero_cooccurrence="include", **base))
    assert "child" in with_ids
    counted = get_json(client, "table", min_count=100, **base)["rows"]
    assert counted and all(r["count"] >= 100 for r in counted)


@pytest.mark.parametrize("sort", ["label", "gap", "count", "count@child", "npmi_xy@woman", "tau_b@man"])
@pytest.mark.parametrize("order", ["desc", "asc", "abs"])
def test_sorting_by_any_column(client, logdir, sort, order):
    if sort == "label" and order == "abs":
        body = get_json(client, "table", status=400, run="model_a", tag="gender", sort=sort, order=order)
        assert "abs" in body["error"]
        return
    body = get_json(client, "table", run="model_a", tag="gender", sort=sort, order=order, limit=1000)
    rows = body["rows"]

    def key(row):
        if sort == "label":
            return row["label"].casefold()
        if sort == "gap":
            return row["gap"]
        if sort == "count":
            return row["count"]
        family, _, x = sort.partition("@")
        if family == "count":
            return row["cooccurrence"][x]
        if family == "npmi_xy":
            return row["values"][x]
        return None

    keys = [key(r) for r in rows]
    if sort == "tau_b@man":
        table = logdir[1]["model_a", "gender", 2]
        tau = metrics.association("tau_b", table.num_examples, table.identity_counts[0], table.label_counts[0], table.cooccurrence[0])[0]
        keys = [tau[table.label_names.index(r["label"])] for r in rows]
    if order == "abs":
        keys = [abs(k) for k in keys]
    assert keys == sorted(keys, reverse=order != "asc")


def test_paging_is_stable_and_totals_are_constant(client):
    whole = get_json(client, "table", run="model_b", tag="gender", limit=1000, sort="count")
    pages = []
    for offset in range(0, whole["total"] + 7, 7):
        page = get_json(client, "table", run="model_b", tag="gender", limit=7, offset=offset, sort="count")
        assert page["total"] == whole["total"]
        pages += labels_of(page)
    assert pages == labels_of(whole)
    assert get_json(client, "table", run="model_b", tag="gender", offset=10_000)["rows"] == []


# Distribution, compare, CSV ----------------------------------------------------


def test_distribution_histograms_cover_the_filtered_rows(client):
    params = dict(run="model_a", tag="gender", q="label", range="count:20:")
    body = get_json(client, "distribution", **params)
    total = get_json(client, "table", limit=1, **params)["total"]
    assert body["total"] == total and body["domain"] == [-1.0, 1.0]
    edges = body["bin_edges"]
    assert 10 <= len(edges) - 1 <= 100 and edges[0] == -1.0 and edges[-1] == 1.0
    for entry in body["identities"]:
        assert sum(entry["counts"]) + entry["undefined"] == total == entry["n"] + entry["undefined"]
        width = edges[1] - edges[0]
        assert sum(entry["density"]) * width == pytest.approx(1.0, abs=0.05)
        q = entry["quantiles"]
        assert q["min"] <= q["q1"] <= q["median"] <= q["q3"] <= q["max"]
    assert [e["identity"] for e in body["identities"]] == fx.IDENTITIES
    assert body["gap"]["domain"] == [-2.0, 2.0] and sum(body["gap"]["counts"]) == total
    # more labels than a few: no list of values; a few: their values, as the table has them
    assert total > 20 and body["gap"]["values"] is None
    few = dict(params, q="^label 1[0-4]$")
    rows = get_json(client, "table", limit=100, **few)["rows"]
    body = get_json(client, "distribution", **few)
    assert body["total"] == len(rows) == 5
    assert body["gap"]["values"] == pytest.approx(sorted(r["gap"] for r in rows), rel=1e-12)
    assert len(get_json(client, "distribution", bins=7, **params)["bin_edges"]) == 8
    pmi = get_json(client, "distribution", run="model_a", tag="gender", metric="pmi")
    assert pmi["domain"][0] < 0 < pmi["domain"][1]


def test_every_route_counts_the_rows_the_table_counts_with_q_max(client):
    """The Bias tab's "Significant (only q <= 0.05)" filtered the table but not the
    distributions, the metric agreement or the label counts beside it (browser walk-through)."""
    params = dict(run="model_a", tag="gender", x1="man", x2="woman", q_max="0.5")
    total = get_json(client, "table", limit=1, **params)["total"]
    unfiltered = get_json(client, "table", limit=1, **dict(params, q_max="1"))["total"]
    assert 0 < total < unfiltered
    assert get_json(client, "distribution", **params)["total"] == total
    assert get_json(client, "agreement", **params)["n"] == total
    assert get_json(client, "top_counts", **params)["all_n"] == total
    # without intervals, q_max is refused on every one of them alike
    for route in ("table", "distribution", "agreement", "top_counts"):
        assert "q_max needs intervals" in get_json(client, route, status=400, run="model_a", tag="gender", x2="",
                                                   q_max="0.5")["error"]


def test_compare_runs_and_steps(client):
    body = get_json(client, "compare", run="model_a", tag="gender", run2="model_b", limit=1000, sort="delta", order="desc")
    a = {r["label"]: r for r in get_json(client, "table", run="model_a", tag="gender", limit=1000)["rows"]}
    b = {r["label"]: r for r in get_json(client, "table", run="model_b", tag="gender", limit=1000,
                                         zero_cooccurrence="include", undefined="include")["rows"]}
    assert body["a"]["run"] == "model_a" and body["b"]["run"] == "model_b" and body["b"]["step"] == 2
    assert body["total"] == len(body["rows"]) and body["only_in_a"] == body["only_in_b"] == 0
    deltas = []
    for row in body["rows"]:
        assert row["gap_a"] == pytest.approx(a[row["label"]]["gap"])
        assert row["gap_b"] == pytest.approx(b[row["label"]]["gap"])
        assert row["delta"] == pytest.approx(row["gap_b"] - row["gap_a"])
        deltas.append(row["delta"])
    assert deltas == sorted(deltas, reverse=True)
    # an empty tag2= or run2= is the default (this table's), as every empty optional parameter is: was a 404
    same = get_json(client, "compare", run="model_a", tag="gender", run2="model_b", tag2="", limit=1000, sort="delta",
                    order="desc")
    assert same == body
    itself = get_json(client, "compare", run="model_a", tag="gender", run2="", tag2="", limit=5)
    assert itself["b"]["run"] == "model_a" and all(row["delta"] == 0 for row in itself["rows"])
    steps = get_json(client, "compare", run="model_a", tag="gender", step=0, step2=2, limit=3)
    assert steps["a"]["step"] == 0 and steps["b"]["step"] == 2 and len(steps["rows"]) == 3
    same = get_json(client, "compare", run="model_a", tag="gender", step=1, step2=1)
    assert all(row["delta"] == 0 for row in same["rows"])


def test_csv_sorts_and_filters_by_the_change_as_the_table_does_and_writes_its_columns(client):
    # csv said "unknown column 'change'" for what the table sorted by: the tab's download of that view failed
    params = dict(run="model_a", tag="gender", sort="change", order="desc", range="change_bound:0:")
    page = get_json(client, "table", limit=1000, **params)
    code, response = get(client, "csv", **params)
    assert code == 200, response.get_data(as_text=True)
    lines = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert len(lines) == page["total"] > 0
    for line, row in zip(lines, page["rows"]):
        assert line["label"] in (row["label"], "'" + row["label"])  # formulas neutralised
        assert float(line["change"]) == pytest.approx(row["change"], rel=1e-6)
        assert float(line["change_low"]) == pytest.approx(row["change_low"], rel=1e-5, abs=1e-9)
    assert "change" not in next(csv.reader(io.StringIO(get(client, "csv", run="model_a", tag="gender")[1]
                                                     .get_data(as_text=True))))


def test_csv_is_the_whole_filtered_result_with_formulas_neutralised(client):
    params = dict(run="model_a", tag="gender", zero_cooccurrence="include", sort="count", order="asc", range="count:1:")
    code, response = get(client, "csv", limit=5, offset=3, **params)  # paging does not apply
    assert code == 200 and response.mimetype == "text/csv"
    disposition = response.headers["Content-Disposition"]
    step = get_json(client, "table", **params)["step"]
    # the name says what the file holds: two downloads of other steps, pairs or thresholds keep their names
    assert 'filename="tb_bias_model_a_gender_step%d_npmi_xy_man-woman_t0.3.csv"' % step in disposition
    _, other = get(client, "csv", step=0, x2="rest", metric="pmi", **params)
    assert 'filename="tb_bias_model_a_gender_step0_pmi_man-rest_t0.3.csv"' in other.headers["Content-Disposition"]
    _, smoothed = get(client, "csv", step=0, smoothing=2.5, **params)  # smoothing changes every value
    assert 'filename="tb_bias_model_a_gender_step0_npmi_xy_man-woman_t0.3_s2.5.csv"' in smoothed.headers["Content-Disposition"]
    # the flagged rows' file has a name of its own: a second download keeps the first
    _, flagged = get(client, "csv", flagged_only=1, **params)
    assert ('filename="tb_bias_model_a_gender_step%d_npmi_xy_man-woman_t0.3_flagged.csv"' % step
            in flagged.headers["Content-Disposition"])
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    header, rows = rows[0], rows[1:]
    assert header == (["label", "count", "count@man", "count@woman", "count@child",
                       "npmi_xy@man", "npmi_xy@woman", "npmi_xy@child",
                       "npmi_xy@man_low", "npmi_xy@man_high", "npmi_xy@woman_low", "npmi_xy@woman_high",
                       "npmi_xy@child_low", "npmi_xy@child_high",
                       "gap", "gap_low", "gap_high", "p_value", "q_value", "flagged", "hidden"])
    table = get_json(client, "table", limit=1000, **params)
    assert len(rows) == table["total"] > 5  # every row, not one page
    by_label = {r["label"]: r for r in table["rows"]}
    for cells, row in zip(rows, table["rows"]):
        label = cells[0]
        if label.startswith("'"):
            assert label[1:] == row["label"] and row["label"][0] in "=+-@\t\r"
        else:
            assert label == row["label"] and label[0] not in "=+-@\t\r"
        assert int(cells[1]) == row["count"]
        assert float(cells[14]) == pytest.approx(row["gap"])
        assert float(cells[5]) == pytest.approx(by_label[row["label"]]["values"]["man"])
        assert [float(c) for c in cells[8:10]] == pytest.approx(by_label[row["label"]]["bounds"]["man"])
        for column, key in zip(cells[15:19], ("gap_low", "gap_high", "p_value", "q_value")):
            assert (column == "" and row[key] is None) or float(column) == pytest.approx(row[key])
    escaped = {cells[0] for cells in rows}
    assert "'=HYPERLINK(\"x\")" in escaped and "'+1" in escaped and "'-2 items" in escaped and "'@home" in escaped
    assert "'\tleading tab" in escaped and "'\rreturn" in escaped and "<script>alert(1)</script>" in escaped


# Flags ----------------------------------------------------------------------------


def post_flags(client, body, status=200):
    response = client.post(PREFIX + "flags", data=json.dumps(body), content_type="application/json")
    data = json.loads(response.get_data(as_text=True))
    assert response.status_code == status, data
    return data


def test_flags_round_trip_with_versions_and_conflicts(client):
    assert get_json(client, "flags", tag="gender") == {"tag": "gender", "flagged": [], "hidden": [], "version": 0}
    state = post_flags(client, {"tag": "gender", "flagged": ["label 10", "+1"], "hidden": ["label 11"], "version": 0})
    assert state == {"tag": "gender", "flagged": ["label 10", "+1"], "hidden": ["label 11"], "version": 1}
    stale = post_flags(client, {"tag": "gender", "flagged": [], "hidden": [], "version": 0}, status=409)
    assert stale["current"]["version"] == 1 and stale["current"]["flagged"] == ["label 10", "+1"]
    assert get_json(client, "flags", tag="gender")["version"] == 1
    rows = {r["label"]: r for r in get_json(client, "table", run="model_a", tag="gender", limit=1000,
                                            zero_cooccurrence="include", show_hidden=1)["rows"]}
    assert rows["label 10"]["flagged"] and rows["label 11"]["hidden"] and not rows["label 12"]["flagged"]
    visible = labels_of(get_json(client, "table", run="model_a", tag="gender", limit=1000, zero_cooccurrence="include"))
    assert "label 11" not in visible and "label 10" in visible
    flagged = get_json(client, "table", run="model_b", tag="gender", flagged_only=1, zero_cooccurrence="include")
    assert sorted(labels_of(flagged)) == ["+1", "label 10"]
    code, response = get(client, "csv", run="model_a", tag="gender", flagged_only=1, zero_cooccurrence="include")
    assert sorted(r[0] for r in list(csv.reader(io.StringIO(response.get_data(as_text=True))))[1:]) == ["'+1", "label 10"]
    assert "no run has a tag 'other'" in get_json(client, "flags", 404, tag="other")["error"]


def test_flags_survive_a_restart(logdir, tmp_path, monkeypatch):
    monkeypatch.setattr("tb_bias_plugin.serving.flags.directory_for_logdir", lambda _: str(tmp_path / "f"))
    first = Client(fx.make_app(logdir[0])[0])
    post_flags(first, {"tag": "gender", "flagged": ["label 20"], "hidden": [], "version": 0})
    restarted = Client(fx.make_app(logdir[0])[0])
    assert get_json(restarted, "flags", tag="gender") == {"tag": "gender", "flagged": ["label 20"], "hidden": [], "version": 1}


def test_flags_are_intact_after_a_write_that_dies_half_way(tmp_path):
    store = FlagStore(str(tmp_path))
    store.put("gender", ["kept"], ["also kept"], 0)
    before = (tmp_path / "flags.json").read_bytes()
    # A writer process that dies (no cleanup, no exception handling) after
    # writing part of the new file and before the rename.
    code = (
        "import os, sys, json\n"
        "from tb_bias_plugin.serving import flags\n"
        "real_dump = json.dump\n"
        "def dying_dump(obj, f, **kw):\n"
        "    f.write(json.dumps(obj)[:20]); f.flush(); os._exit(3)\n"
        "flags.json.dump = dying_dump\n"
        "flags.FlagStore(sys.argv[1]).put('gender', ['lost'], [], 1)\n"
    )
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path)])
    assert result.returncode == 3
    assert (tmp_path / "flags.json").read_bytes() == before
    (temporary,) = [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]  # the half-written file
    state = FlagStore(str(tmp_path)).get("gender")
    assert state == {"tag": "gender", "flagged": ("kept",), "hidden": ("also kept",), "version": 1}
    assert FlagStore(str(tmp_path)).put("gender", ["next"], [], 1)["version"] == 2
    # a server starting later removes what the dead writer left (once it is stale)
    assert temporary in os.listdir(tmp_path)
    old = time.time() - 3600
    os.utime(tmp_path / temporary, (old, old))
    FlagStore(str(tmp_path))
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]
    assert FlagStore(str(tmp_path)).get("gender")["flagged"] == ("next",)


def test_flags_are_read_from_memory_until_the_file_changes(tmp_path, monkeypatch):
    from tb_bias_plugin.serving import flags as flags_module

    store = FlagStore(str(tmp_path))
    store.put("gender", ["a"], [], 0)
    parses = []
    real = flags_module.FlagStore._parse
    monkeypatch.setattr(flags_module.FlagStore, "_parse", lambda self: parses.append(1) or real(self))
    for _ in range(5):
        assert store.get("gender")["flagged"] == ("a",)
    assert parses == []  # written by this store: known without reading
    other = FlagStore(str(tmp_path))  # another server process on the same logdir
    other.put("gender", ["b"], [], 1)
    assert store.get("gender")["flagged"] == ("b",) and store.get("gender")["version"] == 2
    assert len(parses) == 2  # `other` read the file before writing; `store` once after the change


def test_flags_size_is_bounded_per_tag_and_in_total(tmp_path, monkeypatch):
    from tb_bias_plugin.serving import flags as flags_module

    monkeypatch.setattr(flags_module, "MAX_TAG_BYTES", 1000)
    monkeypatch.setattr(flags_module, "MAX_TOTAL_BYTES", 2500)
    store = FlagStore(str(tmp_path))
    names = ["label %03d" % i for i in range(90)]  # 10 bytes each
    store.put("a", names, [], 0)
    with pytest.raises(flags_module.TooLarge, match="one tag"):
        store.put("a", names + ["x" * 100], [], 1)
    store.put("b", names, [], 0)
    with pytest.raises(flags_module.TooLarge, match="this logdir"):
        store.put("c", names, [], 0)
    assert store.get("a")["version"] == 1 and store.get("c")["version"] == 0  # nothing lost, nothing half-written


def test_flags_location(tmp_path, monkeypatch):
    logs = tmp_path / "logs"
    logs.mkdir()
    assert directory_for_logdir(str(logs)) == str(logs / ".tb_bias")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    remote = directory_for_logdir("gs://bucket/logs")
    assert remote.startswith(str(tmp_path / "xdg" / "tb-bias"))
    monkeypatch.setattr(os, "access", lambda path, mode: False)  # a read-only logdir
    assert directory_for_logdir(str(logs)).startswith(str(tmp_path / "xdg" / "tb-bias"))
    assert directory_for_logdir(str(logs)) != remote


@pytest.mark.parametrize(
    "body,status",
    [
        ("not json", 400),
        ("[]", 400),
        (json.dumps({"flagged": [], "version": 0}), 400),
        (json.dumps({"tag": "t", "flagged": "x", "version": 0}), 400),
        (json.dumps({"tag": "t", "flagged": [1], "version": 0}), 400),
        (json.dumps({"tag": "t", "flagged": [], "version": -1}), 400),
        (json.dumps({"tag": "t", "flagged": [], "version": True}), 400),
        (json.dumps({"tag": "gender", "flagged": ["x" * 10], "hidden": [], "version": 5}), 409),
        (json.dumps({"tag": "no such tag", "flagged": [], "hidden": [], "version": 0}), 404),
        (b"\xff\xfe", 400),
    ],
)
def test_bad_flag_writes(client, body, status):
    response = client.post(PREFIX + "flags", data=body)
    assert response.status_code == status
    assert "error" in json.loads(response.get_data(as_text=True))
    assert get_json(client, "flags", tag="gender")["version"] == 0  # nothing written


def test_oversized_flag_body_is_refused(client):
    body = json.dumps({"tag": "t", "flagged": ["x" * 9000] * 1000, "version": 0})
    response = client.post(PREFIX + "flags", data=body)
    assert response.status_code == 413


# Other table kinds ----------------------------------------------------------------


def test_legacy_npmi_tables_are_served(client):
    body = get_json(client, "table", run="legacy", tag="_npmi_", include_identities=1)
    assert body["kind"] == "precomputed" and body["metric"] == "nPMI" and body["step"] == 1
    assert (body["x1"], body["x2"]) == ("male", "female")
    rows = {r["label"]: r for r in body["rows"]}
    assert rows["field"]["gap"] == pytest.approx(0.3)
    # float32 values are served as the decimals that were logged, not 0.20000000298023224
    assert rows["field"]["values"] == {"male": 0.2, "female": -0.1}
    assert rows["field"]["count"] == 30 and rows["field"]["cooccurrence"] == {"male": 15, "female": 10}
    assert labels_of(body) == ["field", "=SUM(A1)", "tree", "dress"]
    assert get_json(client, "table", run="legacy", tag="_npmi_", sort="count", order="asc")["rows"][0]["label"] == "=SUM(A1)"
    code, response = get(client, "csv", run="legacy", tag="_npmi_")
    assert "'=SUM(A1)" in response.get_data(as_text=True)
    assert get_json(client, "distribution", run="legacy", tag="_npmi_")["total"] == 4
    error = get_json(client, "table", status=400, run="legacy", tag="_npmi_", threshold=0.5)["error"]
    assert "threshold" in error


def test_legacy_npmi_tables_have_a_trend_like_any_other(client):
    # the steps of the old plugin's tags were asked only of tb_bias's own: trend, table?trend=1 and
    # sort=change answered 404 "run 'legacy' has no tb_bias tag '_npmi_'"
    body = get_json(client, "trend", run="legacy", tag="_npmi_", label="field")
    assert body["steps"] == [1] and body["labels"][0]["gap"] == [pytest.approx(0.3)]
    rows = get_json(client, "table", run="legacy", tag="_npmi_", trend=1)["rows"]
    assert {r["label"]: r["trend"] for r in rows}["field"] == [pytest.approx(0.3)]
    assert len(get_json(client, "table", run="legacy", tag="_npmi_", sort="change")["rows"]) == 4


def test_precomputed_tables_from_metric_table(client):
    body = get_json(client, "table", run="precomputed", tag="scores", undefined="include")
    assert body["step"] == 4 and body["identities"] == ["man", "woman"]
    assert labels_of(body) == ["alpha", "gamma", "beta"]
    assert body["rows"][0]["gap"] == pytest.approx(0.75) and body["rows"][-1]["gap"] is None
    assert body["rows"][0]["cooccurrence"] is None and body["rows"][0]["count"] == 10
    assert get_json(client, "table", run="precomputed", tag="scores")["total"] == 2
    assert "count@man" in get_json(client, "table", status=400, run="precomputed", tag="scores", sort="count@man")["error"]


# Errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "route,params,status,needle",
    [
        ("table", {}, 400, "run"),
        ("table", {"run": "model_a"}, 400, "tag"),
        ("table", {"run": "nope", "tag": "gender"}, 404, "nope"),
        ("table", {"run": "model_a", "tag": "nope"}, 404, "nope"),
        ("table", {"run": "model_a", "tag": "gender", "step": 7}, 404, "step"),
        ("table", {"run": "model_a", "tag": "gender", "step": "two"}, 400, "step"),
        ("table", {"run": "model_a", "tag": "gender", "metric": "npmi"}, 400, "metric"),
        ("table", {"run": "model_a", "tag": "gender", "x1": "alien"}, 400, "x1"),
        ("table", {"run": "model_a", "tag": "gender", "x2": "man", "x1": "man"}, 400, "differ"),
        ("table", {"run": "model_a", "tag": "gender", "threshold": 0.5}, 400, "threshold"),
        ("table", {"run": "model_a", "tag": "gender", "threshold": "nan"}, 400, "threshold"),
        ("table", {"run": "model_a", "tag": "gender", "smoothing": -1}, 400, "smoothing"),
        ("table", {"run": "model_a", "tag": "gender", "q": "(unclosed"}, 400, "RE2"),
        ("table", {"run": "model_a", "tag": "gender", "q": "x" * 1001}, 400, "q"),
        ("table", {"run": "model_a", "tag": "gender", "range": "gap"}, 400, "range"),
        ("table", {"run": "model_a", "tag": "gender", "range": "gap:1:0"}, 400, "LOW"),
        ("table", {"run": "model_a", "tag": "gender", "range": "gap:x:1"}, 400, "range"),
        ("table", {"run": "model_a", "tag": "gender", "range": "dp@alien:0:1"}, 400, "alien"),
        ("table", {"run": "model_a", "tag": "gender", "range": ["gap::"] * 21}, 400, "range"),
        ("table", {"run": "model_a", "tag": "gender", "sort": "bogus"}, 400, "bogus"),
        ("table", {"run": "model_a", "tag": "gender", "order": "up"}, 400, "order"),
        ("table", {"run": "model_a", "tag": "gender", "limit": 1001}, 400, "limit"),
        ("table", {"run": "model_a", "tag": "gender", "offset": -1}, 400, "offset"),
        ("table", {"run": "model_a", "tag": "gender", "flagged_only": "yes"}, 400, "flagged_only"),
        ("table", {"run": ["model_a", "model_b"], "tag": "gender"}, 400, "once"),
        ("distribution", {"run": "model_a", "tag": "gender", "bins": 0}, 400, "bins"),
        ("compare", {"run": "model_a", "tag": "gender", "run2": "precomputed", "tag2": "scores"}, 400, "compare"),
        ("compare", {"run": "model_a", "tag": "gender", "x2": "child", "run2": "legacy", "tag2": "_npmi_"}, 400, "compare"),
        ("compare", {"run": "model_a", "tag": "gender", "sort": "gap"}, 400, "sort"),
        ("compare", {"run": "model_a", "tag": "gender", "step2": 9}, 404, "step"),
        ("csv", {"run": "model_a", "tag": "gender", "sort": "label", "order": "abs"}, 400, "abs"),
        ("flags", {}, 400, "tag"),
    ],
)
def test_bad_requests_get_json_errors(client, route, params, status, needle):
    code, response = get(client, route, **params)
    body = json.loads(response.get_data(as_text=True))
    assert code == status, body
    assert needle in body["error"]
    assert "Traceback" not in body["error"]


def test_wrong_method(client):
    response = client.put(PREFIX + "table?run=model_a&tag=gender")
    assert response.status_code == 405 and "error" in json.loads(response.get_data(as_text=True))
    response = client.post(PREFIX + "runs")
    assert response.status_code == 405


def test_index_js_is_served_as_a_module(client):
    code, response = get(client, "index.js")
    assert code == 200 and response.mimetype == "text/javascript"
    assert b"render" in response.get_data()


def test_distributions_are_computed_once_per_set_of_rows(client, monkeypatch):
    from tb_bias_plugin.measures.association import routes

    calls = []
    real = routes.distributions
    monkeypatch.setattr(routes, "distributions", lambda *a, **k: calls.append(1) or real(*a, **k))
    params = dict(run="model_a", tag="gender", metric="pmi")
    first = get_json(client, "distribution", **params)
    # other filters that keep the same rows: the same answer, not computed again
    assert get_json(client, "distribution", range="count:0:", **params) == first
    assert len(calls) == 1
    narrower = get_json(client, "distribution", q="^[a-m]", **params)
    assert narrower["total"] < first["total"] and len(calls) == 2
    # a flag changes the rows of flagged_only
    label = get_json(client, "table", limit=1, **params)["rows"][0]["label"]
    post_flags(client, {"tag": "gender", "flagged": [label], "hidden": [], "version": 0})
    assert get_json(client, "distribution", flagged_only="true", **params)["total"] == 1 and len(calls) == 3


def test_distribution_axis_of_unbounded_metrics_does_not_move_with_filters(client):
    params = dict(run="model_a", tag="gender", metric="pmi")
    whole = get_json(client, "distribution", **params)
    narrow = get_json(client, "distribution", range="pmi@man:0:", **params)
    assert narrow["total"] < whole["total"]
    assert narrow["domain"] == whole["domain"] and narrow["gap"]["domain"] == whole["gap"]["domain"]


# Robustness (found in review) ------------------------------------------------------


def _write_raw(logdir, run, tag, payload, step=0):
    """Write a tb_bias summary whose payload is arbitrary bytes."""
    import time

    from tensorboard.compat.proto import event_pb2, summary_pb2

    from tb_bias_plugin.measures.association import codec, metadata
    from tb_bias_plugin.writing import events

    value = events.summary_value(tag, "association", metadata.PAYLOAD_NUMBER, codec.encode_table(fx.counter(0).table()), None)
    value.tensor.string_val[0] = payload
    with summary.Writer(logdir / run) as writer:
        writer._write_event(event_pb2.Event(wall_time=time.time(), step=step, summary=summary_pb2.Summary(value=[value])))


def test_corrupt_tables_are_422_not_500(tmp_path):
    from tb_bias_plugin.measures.association import codec, metadata
    from tb_bias_plugin.storage import record

    message = codec.encode_table(fx.counter(0).table())
    message.identity_label_index[0] = 999
    _write_raw(tmp_path, "bad_index", "gender", record.encode(metadata.PAYLOAD_NUMBER, message))
    _write_raw(tmp_path, "garbage", "gender", b"\x00\xff not a table")
    client = Client(fx.make_app(tmp_path)[0])
    # neither is listed as readable: the listing checks the index of each identity's label column too
    listing = get_json(client, "runs")
    assert listing["runs"] == [] and {u["run"] for u in listing["unreadable"]} == {"bad_index", "garbage"}
    for run in ("bad_index", "garbage"):
        body = get_json(client, "table", status=422, run=run, tag="gender")
        assert "cannot be read" in body["error"]


def test_nan_counts_in_precomputed_tables(tmp_path):
    with summary.Writer(tmp_path / "pre") as writer:
        writer.metric_table("s", [[0.1, 0.2, np.nan, 3], [0.3, -0.1, 10, np.nan]], label_names=["a", "b"],
                            metric_names=["nPMI@m", "nPMI@f", "count", "count@m"])
    client = Client(fx.make_app(tmp_path)[0])
    rows = {r["label"]: r for r in get_json(client, "table", run="pre", tag="s", include_identities=1)["rows"]}
    assert rows["a"]["count"] is None and rows["a"]["cooccurrence"] is None  # count@f was not logged
    assert rows["b"]["count"] == 10
    code, response = get(client, "csv", run="pre", tag="s")
    assert code == 200 and "a,,," in response.get_data(as_text=True).replace("\r\n", "\n")
    assert get(client, "compare", run="pre", tag="s")[0] == 200


def test_single_identity_tables_rank_by_that_identity(tmp_path):
    with summary.Writer(tmp_path / "one") as writer:
        writer.association_table("t", fx.predictions(3), label_names=fx.LABELS, identity_labels=["woman"])
    client = Client(fx.make_app(tmp_path)[0])
    body = get_json(client, "table", run="one", tag="t", limit=5)
    assert body["x2"] is None and body["sort"] == "npmi_xy@woman" and body["total"] > 0
    values = [r["values"]["woman"] for r in body["rows"]]
    assert values == sorted(values, reverse=True) and all(r["gap"] is None for r in body["rows"])
    # The rows whose value is undefined ("label 00", never predicted) are dropped by every route alike.
    for metric in ("npmi_xy", "pmi"):
        total = get_json(client, "table", run="one", tag="t", metric=metric)["total"]
        assert get_json(client, "distribution", run="one", tag="t", metric=metric)["total"] == total
        assert get_json(client, "table", run="one", tag="t", metric=metric, sort="count")["total"] == total
    assert "label 00" not in labels_of(get_json(client, "table", run="one", tag="t", limit=1000))
    assert "label 00" in labels_of(get_json(client, "table", run="one", tag="t", limit=1000, undefined="include"))
    for params in (dict(sort="gap"), dict(range="gap:0:")):
        assert "give x2" in get_json(client, "table", status=400, run="one", tag="t", **params)["error"]


def test_sorting_never_changes_which_rows_pass(client):
    base = dict(run="model_a", tag="gender", metric="pmi", zero_cooccurrence="include", limit=1000)
    # pmi@woman is undefined (ln 0) for "label 01", never seen with woman: ranked last, not dropped
    body = get_json(client, "table", sort="pmi@woman", x1="man", x2="child", **base)
    assert body["total"] == get_json(client, "table", x1="man", x2="child", **base)["total"]
    assert body["rows"][-1]["label"] == "label 01" and body["rows"][-1]["values"]["woman"] is None
    values = [r["values"]["woman"] for r in body["rows"]]
    defined = [v for v in values if v is not None]
    assert defined == sorted(defined, reverse=True) and values[: len(defined)] == defined


def test_one_vs_rest_leaves_out_labels_never_seen_with_one_of_the_rest(client, logdir):
    table = logdir[1]["model_a", "gender", 2]
    base = dict(run="model_a", tag="gender", x1="man", x2="rest", limit=1000)
    default = get_json(client, "table", **base)
    assert default["total"] > 20 and "label 01" not in labels_of(default)
    for label in labels_of(default):
        assert (table.cooccurrence[0, :, table.label_names.index(label)] > 0).all(), label
    i = table.label_names.index("label 01")  # seen with man and child, never with woman
    assert table.cooccurrence[0, 0, i] > 0 and table.cooccurrence[0, 2, i] > 0 and table.cooccurrence[0, 1, i] == 0
    assert labels_of(get_json(client, "table", zero_cooccurrence="include", **base))[0] == "label 01"


def _examples_table(path, run, examples):
    with summary.Writer(path / run) as writer:
        writer.association_table("t", examples, label_names=["man", "woman", "x", "y", "z"],
                                 identity_labels=["man", "woman"], step=0)


def test_compare_applies_the_zero_cooccurrence_rule_to_both_tables(tmp_path):
    common = [["man"]] * 30 + [["woman"]] * 30 + [[]] * 100
    common += [["man", "y"]] * 4 + [["woman", "y"]] * 3 + [["man", "z"]] * 2 + [["woman", "z"]] * 5
    _examples_table(tmp_path, "a", common + [["man", "x"]] * 5 + [["woman", "x"]] * 5)
    _examples_table(tmp_path, "b", common + [["man", "x"]] * 5)  # x never with woman in b
    client = Client(fx.make_app(tmp_path)[0])
    default = get_json(client, "compare", run="a", tag="t", run2="b")
    assert sorted(labels_of(default)) == ["y", "z"] and default["total"] == 2
    assert sorted(labels_of(get_json(client, "table", run="b", tag="t"))) == ["y", "z"]
    included = get_json(client, "compare", run="a", tag="t", run2="b", zero_cooccurrence="include")
    assert labels_of(included)[0] == "x" and included["rows"][0]["delta"] > 0.9


def test_precomputed_gap_columns_can_be_sorted_and_filtered(client):
    body = get_json(client, "table", run="legacy", tag="_npmi_", sort="nPMI_diff@male-female", include_identities=1)
    assert labels_of(body) == ["field", "=SUM(A1)", "tree", "dress"]
    body = get_json(client, "table", run="legacy", tag="_npmi_", range="nPMI_diff@male-female::-0.5")
    assert labels_of(body) == ["dress"]


def test_a_search_that_takes_too_long_is_a_400(client, monkeypatch):
    monkeypatch.setattr("tb_bias_plugin.serving.label_search.SEARCH_SECONDS", -1.0)  # its time is always up
    monkeypatch.setattr("tb_bias_plugin.serving.label_search.CHUNK_BYTES", 1)  # one label per chunk
    body = get_json(client, "table", status=400, run="model_a", tag="gender", q="(.*){50}$")
    assert "too slow" in body["error"] and "simplify" in body["error"]


def test_deeply_nested_flags_bodies_are_a_400(client):
    for data in ("[" * 100_000, '{"tag": "gender", "version": 0, "x": ' + "[" * 100_000 + "]" * 100_000 + "}"):
        response = client.post(PREFIX + "flags", data=data)
        assert response.status_code == 400, response.get_data(as_text=True)[:200]


@pytest.mark.parametrize("data, message", [
    (b'{"tag": "gender", "flagged": ["\xff"]}', "flags body is not UTF-8 (byte 31)"),  # all said "a JSON object"
    (b'{"tag": "gender",}', "flags body is not JSON: Expecting property name enclosed in double quotes: line 1 "
                            "column 18 (char 17)"),
    (b"[1]", "flags body must be a JSON object"),
])
def test_a_flags_body_that_is_not_a_json_object_says_what_it_is(client, data, message):
    response = client.post(PREFIX + "flags", data=data)
    assert response.status_code == 400 and json.loads(response.get_data(as_text=True))["error"] == message
    assert get_json(client, "flags", tag="gender")["version"] == 0


def test_runs_describe_the_latest_step(tmp_path):
    from tb_bias_plugin import CooccurrenceCounter

    with summary.Writer(tmp_path / "evolving") as writer:
        writer.association_table("t", fx.predictions(1), label_names=fx.LABELS, identity_labels=["man", "woman"], step=0)
        latest = CooccurrenceCounter(fx.LABELS, fx.IDENTITIES, thresholds=[0.2, 0.7]).update(fx.predictions(2))
        writer.association_table("t", latest, step=1)
    client = Client(fx.make_app(tmp_path)[0])
    (tag,) = get_json(client, "runs")["runs"][0]["tags"]
    assert tag["identities"] == fx.IDENTITIES and tag["thresholds"] == [0.2, 0.7] and tag["steps"] == [0, 1]
    assert get_json(client, "table", run="evolving", tag="t", threshold=0.7)["threshold"] == 0.7
    error = get_json(client, "table", status=400, run="evolving", tag="t", step=0, threshold=0.7)["error"]
    assert "0.5" in error  # says which thresholds that step has


def test_unusable_flag_files_never_break_routes(logdir, tmp_path, monkeypatch):
    flags_dir = tmp_path / "f"
    flags_dir.mkdir()
    monkeypatch.setattr("tb_bias_plugin.serving.flags.directory_for_logdir", lambda _: str(flags_dir))
    client = Client(fx.make_app(logdir[0])[0])
    for content in ('{"tags":{"gender":"x"}}', '{"tags":{"gender":{"flagged":5}}}',
                    '{"tags":{"gender":{"version":"abc"}}}', '{"tags":{"gender":{"flagged":[["a"]]}}}', "[1]"):
        (flags_dir / "flags.json").write_text(content)
        assert get_json(client, "flags", tag="gender")["version"] == 0
        assert get_json(client, "table", run="model_a", tag="gender")["total"] > 0
    state = post_flags(client, {"tag": "gender", "flagged": ["label 10"], "hidden": [], "version": 0})
    assert state["version"] == 1
    kept = [p for p in os.listdir(flags_dir) if ".unreadable-" in p]
    assert len(kept) == 1 and (flags_dir / kept[0]).read_text() == "[1]"  # kept, not overwritten


def test_flags_need_valid_text(client):
    response = client.post(PREFIX + "flags", data='{"tag": "gender", "flagged": ["\\ud800"], "version": 0}')
    assert response.status_code == 400 and "label names" in json.loads(response.get_data(as_text=True))["error"]
    response = client.post(PREFIX + "flags", data='{"tag": "\\udfff", "flagged": [], "version": 0}')
    assert response.status_code == 400


def test_read_only_flag_directory_falls_back_to_the_user_directory(tmp_path, monkeypatch):
    logs = tmp_path / "logs"
    (logs / ".tb_bias").mkdir(parents=True)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if str(path).endswith(".tb_bias") else real_access(path, mode))
    assert directory_for_logdir(str(logs)).startswith(str(tmp_path / "xdg"))


def test_more_csv_formula_forms_are_neutralised():
    from tb_bias_plugin.web.responses import csv_text as _csv_text

    for text in ["=1+1", " =1+1", "\x00=1", "\uff1dSUM(A1)", "-1", "@x", "\tx", "\rx"]:
        assert _csv_text(text) == "'" + text
    for text in ["label", "1-2", "a=b", "<script>"]:
        assert _csv_text(text) == text


def test_compare_sorts_by_label_and_label_is_not_a_range(client):
    body = get_json(client, "compare", run="model_a", tag="gender", sort="label", limit=5)
    labels = labels_of(body)
    assert labels == sorted(labels, key=str.casefold) and body["order"] == "asc"
    assert "label" in get_json(client, "table", status=400, run="model_a", tag="gender", range="label:0:5")["error"]


def test_float32_values_are_served_as_their_shortest_decimals():
    from tb_bias_plugin.measures.association.legacy import decimal_values as _decimal_values

    rng = np.random.default_rng(0)
    values = np.concatenate([
        (rng.standard_normal(20_000) * 10.0 ** rng.integers(-8, 8, 20_000)).astype(np.float32),
        np.array([0.2, -0.05, 1e-40, 3.4e38, 16777216, 0, np.nan, np.inf, -0.0], dtype=np.float32),
    ])
    decimal = _decimal_values(values)
    # lossless: every value rounds back to the same float32
    np.testing.assert_array_equal(decimal.astype(np.float32), values)
    # and as short as Python's float32 repr (numpy's shortest round-trip digits)
    for value, got in zip(values, decimal):
        if np.isfinite(value) and abs(value) >= np.finfo(np.float32).tiny:  # subnormals: lossless, not shortest
            want = float(np.format_float_positional(value, unique=True, trim="-")
                         if 1e-4 < abs(value) < 1e16 else np.format_float_scientific(value, unique=True))
            assert got == want, (value, got, want)
    assert decimal[[-9, -8, -6, -5]].tolist() == [0.2, -0.05, 3.4e38, 16777216.0]
    np.testing.assert_array_equal(_decimal_values(values.reshape(-1, 1)).ravel(), decimal)  # any shape
    assert _decimal_values(np.array([0.1], dtype=np.float64)).tolist() == [0.1]  # float64: as it is


def test_a_refused_search_names_its_parameter(client):
    """The tab drops a link's search only when the answer says the search was refused,
    not for any 400 that came while a search was set (frontend review)."""
    for q in ("((", "x" * 5000):
        body = get_json(client, "table", status=400, run="model_a", tag="gender", q=q)
        assert body["parameter"] == "q", body
    body = get_json(client, "table", status=400, run="model_a", tag="gender", q="Nurse", range="zzz:0:1")
    assert body["parameter"] == "range" and body["error"].startswith("parameter 'range': unknown column 'zzz'")


@pytest.mark.parametrize("params, error", [
    # "unknown column 'bound'; expected label, gap, bound, ...": refused while listed, and no parameter named
    (dict(range="bound:0:1"), "parameter 'range': column 'bound' can be sorted by, not filtered by range; use q_max"),
    (dict(range="p_value:0:0.05"), "parameter 'range': column 'p_value' can be sorted by, not filtered by range"),
    (dict(sort="npmi_xy@nobody"), "parameter 'sort': unknown identity 'nobody' in column 'npmi_xy@nobody'"),
    # a typo's answer listed every column but the two the table sorts and filters by across steps
    (dict(sort="chnage"), "parameter 'sort': unknown column 'chnage'; expected gap, count, count@IDENTITY, "
                          "METRIC@IDENTITY or, on table and csv, change or change_bound"),
])
def test_a_refused_column_names_its_parameter(client, params, error):
    body = get_json(client, "table", status=400, run="model_a", tag="gender", **params)
    assert body["error"].startswith(error) and body["parameter"] == next(iter(params)), body


@pytest.mark.parametrize("route", ["table", "trend", "csv"])
def test_a_label_parameter_past_the_longest_name_is_refused(client, route):
    # only examples checked the 1,000 characters the docs give: the others took up to 4,096
    body = get_json(client, route, status=400, run="model_a", tag="gender", label=["Nurse", "x" * 1001])
    assert body == {"error": "parameter 'label' is longer than 1000 characters", "parameter": "label"}


def test_left_out_counts_each_label_under_the_first_rule_that_drops_it(client, logdir):
    # "2 of 6 labels" said nothing of the labels never seen with one of the pair, the user's most gendered
    table = logdir[1]["model_a", "gender", 0]
    n = len(table.label_names)
    _, g, _ = reference(table, "npmi_xy", drop_undefined=False, zero_cooccurrence=False, identities=True)
    identity = np.zeros(n, bool)
    identity[[i for i in table.identity_label_index if i >= 0]] = True
    cxy = table.cooccurrence[0]
    zero = ~identity & ~((cxy[0] > 0) & (cxy[1] > 0))
    undefined = ~identity & ~zero & np.isnan(g)
    below = ~identity & ~zero & ~undefined & (table.label_counts[0] < 130)
    assert zero.sum() and below.sum()  # the fixture exercises the rules counted
    body = get_json(client, "table", run="model_a", tag="gender", step=0, x1=table.identity_names[0],
                    x2=table.identity_names[1], threshold=table.thresholds[0], min_count=130, q="label", limit=1)
    assert body["left_out"] == {"identities": int(identity.sum()), "zero_cooccurrence": int(zero.sum()),
                                "undefined": int(undefined.sum()), "min_count": int(below.sum())}
    body = get_json(client, "table", run="model_a", tag="gender", step=0, x1=table.identity_names[0],
                    x2=table.identity_names[1], threshold=table.thresholds[0], zero_cooccurrence="include",
                    include_identities=1, limit=1)
    assert body["left_out"] == {"undefined": int(np.isnan(g).sum())}
