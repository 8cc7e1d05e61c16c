"""Across steps (trend route, trend values and the sort by change in
``table``) and the paper's views (``top_counts``, ``agreement``), against
oracles computed here from the per-step ``table`` route, the stored counts
and scipy."""

import math

import numpy as np
import pytest
import scipy.stats

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import summary
from tb_bias_plugin.measures.association import metrics
from tb_bias_plugin.measures.association.counting import CooccurrenceCounter

STEPS = (0, 1, 2, 5)
BASE = dict(run="model_a", tag="gender", x1="man", x2="woman")


@pytest.fixture(scope="module")
def logdir(tmp_path_factory):
    path = tmp_path_factory.mktemp("logs")
    tables = fx.write_logdir(path, runs=("model_a",), steps=STEPS)
    # labels that differ between steps: "late" appears at step 1 only, "early" at step 0 only
    with summary.Writer(path / "moving") as writer:
        for step, labels in ((0, ["early", "both", "man", "woman"]), (1, ["both", "late", "man", "woman"])):
            c = CooccurrenceCounter(labels, ["man", "woman"], thresholds=(0.5,))
            rng = np.random.default_rng(step)
            c.update(rng.random((300, len(labels))))
            writer.association_table("gender", c, step=step, description="step %d of moving" % step)
    return path, tables


@pytest.fixture(scope="module")
def client(logdir):
    app, _ = fx.make_app(logdir[0])
    return Client(app)


def _rows_at(client, step, **params):
    body = fx.get_json(client, "table", step=step, limit=1000, **{**BASE, **params})
    return {row["label"]: row for row in body["rows"]}


def _bh(p):
    """Benjamini-Hochberg from its definition (step-up), an oracle."""
    p = np.asarray(p, dtype=float)
    m = p.size
    order = np.argsort(p)
    q = np.empty(m)
    for rank_, i in enumerate(order, start=1):
        q[i] = min(1.0, min(p[order[r - 1]] * m / r for r in range(rank_, m + 1)))
    return q


def test_trend_gives_each_steps_gap_and_interval(client):
    per_step = {step: _rows_at(client, step) for step in STEPS}
    labels = ["label 05", "label 06", "label 10"]
    body = fx.get_json(client, "trend", label=labels + ["no such label"], **BASE)
    assert body["steps"] == list(STEPS)
    assert body["missing"] == ["no such label"]
    assert [line["label"] for line in body["labels"]] == labels
    for line in body["labels"]:
        for k, step in enumerate(STEPS):
            row = per_step[step][line["label"]]
            assert line["gap"][k] == row["gap"]  # exact, not rounded
            assert line["low"][k] == pytest.approx(row["gap_low"], rel=1e-6)
            assert line["high"][k] == pytest.approx(row["gap_high"], rel=1e-6)


def test_table_trend_column_and_change_match_the_steps(client):
    per_step = {step: _rows_at(client, step) for step in STEPS}
    body = fx.get_json(client, "table", trend="1", limit=1000, **BASE)
    assert body["trend_steps"] == list(STEPS)
    assert body["rows"]
    z95 = 1.959963984540054
    ps, qs = [], []
    for row in body["rows"]:
        label = row["label"]
        assert row["trend"] == [per_step[s][label]["gap"] for s in STEPS]
        first, last = per_step[STEPS[0]][label], per_step[STEPS[-1]][label]
        assert row["change"] == pytest.approx(last["gap"] - first["gap"], abs=1e-12)
        # the documented test: independent steps, widths in quadrature
        below = math.hypot(last["gap"] - last["gap_low"], first["gap_high"] - first["gap"])
        above = math.hypot(last["gap_high"] - last["gap"], first["gap"] - first["gap_low"])
        assert row["change_low"] == pytest.approx(row["change"] - below, rel=1e-5, abs=1e-9)
        assert row["change_high"] == pytest.approx(row["change"] + above, rel=1e-5, abs=1e-9)
        toward = below if row["change"] > 0 else above
        expected_p = math.erfc(abs(row["change"]) / (toward / z95) / math.sqrt(2)) if toward > 0 else 1.0
        assert row["change_p"] == pytest.approx(expected_p, rel=1e-4, abs=1e-9)
        ps.append(row["change_p"])
        qs.append(row["change_q"])
    assert np.allclose(qs, _bh(ps), rtol=1e-9)


def test_sort_by_change_ranks_the_whole_result(client):
    every = fx.get_json(client, "table", trend="1", limit=1000, **BASE)["rows"]
    change = {row["label"]: row["change"] for row in every}
    for order in ("desc", "asc", "abs"):
        body = fx.get_json(client, "table", sort="change", order=order, limit=10, **BASE)
        expected = sorted(change, key=lambda x: {"desc": -change[x], "asc": change[x], "abs": -abs(change[x])}[order])
        got = [row["label"] for row in body["rows"]]
        assert [change[x] for x in got] == [change[x] for x in expected[:10]]
    bound = fx.get_json(client, "table", sort="change_bound", order="abs", limit=1000, **BASE)["rows"]
    keys = [0.0 if r["change_low"] <= 0 <= r["change_high"] else min(abs(r["change_low"]), abs(r["change_high"])) for r in bound]
    assert keys == sorted(keys, reverse=True)
    # a range on the change filters like any column
    ranged = fx.get_json(client, "table", range="change:0.05:", limit=1000, **BASE)
    assert ranged["total"] == sum(1 for v in change.values() if v >= 0.05)


def test_labels_missing_at_a_step_are_null(client):
    body = fx.get_json(client, "trend", run="moving", tag="gender", step=1, label=["both", "late"], x1="man", x2="woman")
    assert body["steps"] == [0, 1]
    late = next(line for line in body["labels"] if line["label"] == "late")
    both = next(line for line in body["labels"] if line["label"] == "both")
    assert late["gap"][0] is None and late["gap"][1] is not None
    at0 = _rows_at(client, 0, run="moving", include_identities="1", zero_cooccurrence="include", undefined="include")
    assert both["gap"][0] == at0["both"]["gap"]
    # the description is the selected step's own
    assert fx.get_json(client, "table", run="moving", tag="gender", step=0)["description"] == "step 0 of moving"
    assert fx.get_json(client, "table", run="moving", tag="gender", step=1)["description"] == "step 1 of moving"


def test_trend_errors_are_client_errors(client):
    fx.get_json(client, "trend", 400, **BASE)  # no label
    fx.get_json(client, "top_counts", 400, k=0, **BASE)
    fx.get_json(client, "agreement", 400, metrics="nope", **BASE)
    fx.get_json(client, "top_counts", 400, run="precomputed", tag="scores", x1="man", x2="woman", metric="nPMI", k=1, metrics="nope")


def test_top_counts_against_the_counts(logdir, client):
    table = logdir[1]["model_a", "gender", STEPS[-1]]
    body = fx.get_json(client, "top_counts", k=10, metrics=["pmi", "dp", "npmi_xy"], **BASE)
    t = 0  # the lowest threshold is the default
    counts = table.label_counts[t].astype(float)
    cooc = table.cooccurrence[t].astype(float)
    keep = (cooc[0] > 0) & (cooc[1] > 0)  # labels seen with both identities (the default filter)
    keep &= ~np.isin(np.array(table.label_names), ["man", "woman", "boy"])
    assert [m["metric"] for m in body["metrics"]] == ["pmi", "dp", "npmi_xy"]
    for entry in body["metrics"]:
        values = metrics.association(entry["metric"], table.num_examples, table.identity_counts[t], counts, cooc)
        gap = values[0] - values[1]
        idx = np.flatnonzero(keep & np.isfinite(gap))
        best = idx[np.argsort(-gap[idx], kind="stable")][:10]
        # ties may order differently: the k-th value decides, compare the gaps and counts as multisets
        names = [table.label_names[i] for i in best]
        assert sorted(gap[[table.label_names.index(x) for x in entry["labels"]]]) == pytest.approx(sorted(gap[best]))
        if len(set(np.round(gap[best], 12))) == len(best):
            assert entry["labels"] == names
            assert entry["counts"] == counts[best].tolist()
        assert entry["quantiles"]["median"] == pytest.approx(float(np.median(entry["counts"])))


def test_agreement_is_spearman_over_the_filtered_labels(client):
    chosen = ["npmi_xy", "pmi", "dp", "ttest"]
    gaps = {m: {label: row["gap"] for label, row in _rows_at(client, STEPS[-1], metric=m).items()} for m in chosen}
    common = [x for x in gaps["npmi_xy"] if all(gaps[m].get(x) is not None for m in chosen)]
    body = fx.get_json(client, "agreement", metric="npmi_xy", metrics=chosen, **BASE)
    assert body["metrics"] == chosen and body["n"] == len(common)
    for a, ma in enumerate(chosen):
        for b, mb in enumerate(chosen):
            rho = scipy.stats.spearmanr([gaps[ma][x] for x in common], [gaps[mb][x] for x in common])[0]
            assert body["matrix"][a][b] == pytest.approx(rho, abs=1e-9)
    # the disagreements are the largest differences of rank percentiles
    ranks = {m: scipy.stats.rankdata([gaps[m][x] for x in common]) for m in chosen}
    for entry in body["disagreements"]:
        diff = np.abs(ranks["npmi_xy"] - ranks[entry["metric"]]) / (len(common) - 1)
        got = [abs(r["percentile"] - r["other_percentile"]) for r in entry["rows"]]
        assert got == pytest.approx(sorted(diff, reverse=True)[: len(got)])
