"""The table and compare routes' intervals, p-values, q-values and their
filter and sorts (docs/http_api.md), against oracles written out here."""

import numpy as np
import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin.measures.association import intervals as iv


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    path = tmp_path_factory.mktemp("logs")
    fx.write_logdir(path)
    app, _ = fx.make_app(path)
    return Client(app)


BASE = dict(run="model_a", tag="gender", x1="man", x2="woman", limit=1000)


def _bh(p):
    """Benjamini-Hochberg written from its definition (step-up), an oracle."""
    p = np.asarray(p, dtype=float)
    m = p.size
    order = np.argsort(p)
    q = np.empty(m)
    for rank_, i in enumerate(order, start=1):
        q[i] = min(1.0, min(p[order[r - 1]] * m / r for r in range(rank_, m + 1)))
    return q


def test_every_row_carries_an_interval_that_holds_its_gap(client):
    body = fx.get_json(client, "table", **BASE)
    assert body["level"] == 0.95 and body["intervals"] is True and body["rows"]
    for row in body["rows"]:
        assert row["gap_low"] <= row["gap"] <= row["gap_high"]
        for x, (low, high) in row["bounds"].items():
            assert low <= row["values"][x] <= high
        assert 0 <= row["p_value"] <= row["q_value"] <= 1


def _q_by_label(body):
    return {r["label"]: r["q_value"] for r in body["rows"]}


def test_q_values_are_benjamini_hochberg_over_the_tested_family(client):
    body = fx.get_json(client, "table", **BASE)
    assert body["total"] == len(body["rows"])
    p = [row["p_value"] for row in body["rows"]]
    q = [row["q_value"] for row in body["rows"]]
    assert q == pytest.approx(list(_bh(p)))
    # a minimum count is decided before looking: it makes the family smaller, so the q-values change
    fewer = fx.get_json(client, "table", min_count=140, **BASE)
    assert 0 < fewer["total"] < body["total"]
    assert list(_q_by_label(fewer).values()) == pytest.approx(list(_bh([r["p_value"] for r in fewer["rows"]])))
    assert list(_q_by_label(fewer).values()) != pytest.approx([_q_by_label(body)[k] for k in _q_by_label(fewer)])


@pytest.mark.parametrize(
    "narrowing",
    [{"range": "gap:0:"}, {"q": "^label 1"}, {"label": ["label 03", "label 05"]}],
    ids=["gap range", "search", "label list"],
)
def test_narrowing_the_view_after_looking_never_changes_a_q_value(client, narrowing):
    """A search or range picked after seeing the gaps would otherwise make a label 'significant' by itself."""
    every = _q_by_label(fx.get_json(client, "table", **BASE))
    narrow = fx.get_json(client, "table", **narrowing, **BASE)
    assert 0 < narrow["total"] < len(every)
    assert _q_by_label(narrow) == {label: every[label] for label in _q_by_label(narrow)}


def test_significance_filter_keeps_exactly_the_rows_at_or_below_q(client):
    every = fx.get_json(client, "table", **BASE)
    kept = fx.get_json(client, "table", q_max=0.05, **BASE)
    expected = {r["label"] for r in every["rows"] if r["q_value"] <= 0.05}
    assert {r["label"] for r in kept["rows"]} == expected and 0 < len(expected) < every["total"]


def test_sort_by_bound_nearest_zero(client):
    body = fx.get_json(client, "table", sort="bound", order="abs", **BASE)
    keys = []
    for row in body["rows"]:
        low, high = row["gap_low"], row["gap_high"]
        keys.append(abs(low if low > 0 else high if high < 0 else 0.0))
    assert keys == sorted(keys, reverse=True) and keys[0] > 0


def test_level_widens_intervals(client):
    narrow = {r["label"]: r for r in fx.get_json(client, "table", level=0.8, **BASE)["rows"]}
    wide = {r["label"]: r for r in fx.get_json(client, "table", level=0.99, **BASE)["rows"]}
    for label, row in narrow.items():
        assert wide[label]["gap_low"] <= row["gap_low"] and wide[label]["gap_high"] >= row["gap_high"]
        assert wide[label]["p_value"] == pytest.approx(row["p_value"])  # p does not depend on the level


def test_bad_significance_parameters_are_400(client):
    for params in (dict(level=1.5), dict(q_max=-1), dict(level="x")):
        fx.get_json(client, "table", status=400, **dict(BASE, **params))


def test_compare_defaults_to_later_minus_earlier_ranked_by_the_bound(client):
    body = fx.get_json(client, "compare", step=2, step2=0, **BASE)
    assert body["sort"] == "bound" and body["delta_sign"] == "a - b"
    for row in body["rows"]:
        assert row["delta"] == pytest.approx(row["gap_a"] - row["gap_b"])  # step 2 minus step 0
        assert row["delta_low"] <= row["delta"] <= row["delta_high"]
    forward = fx.get_json(client, "compare", step=0, step2=2, **BASE)
    assert forward["delta_sign"] == "b - a"
    by_label = {r["label"]: r["delta"] for r in forward["rows"]}
    for row in body["rows"]:
        if row["label"] in by_label:
            assert by_label[row["label"]] == pytest.approx(row["delta"])


def test_p_values_of_the_route_match_the_interval_math(client):
    """The served gap interval of one label, recomputed from the logged counts."""
    body = fx.get_json(client, "table", **BASE)
    row = body["rows"][0]
    z = iv.z_of(0.95)
    below, above = row["gap"] - row["gap_low"], row["gap_high"] - row["gap"]
    expected = iv.p_values_from_widths(np.array([row["gap"]]), np.array([below]), np.array([above]))[0]
    assert row["p_value"] == pytest.approx(expected)
    assert (row["p_value"] < 0.05) == (row["gap_low"] > 0 or row["gap_high"] < 0)
    assert z == pytest.approx(1.959964, abs=1e-6)


def test_narrowing_a_compare_or_a_trend_never_changes_its_q_values(client):
    every = fx.get_json(client, "compare", step=2, step2=0, **BASE)["rows"]
    narrow = fx.get_json(client, "compare", step=2, step2=0, q="^label 1", **BASE)["rows"]
    assert 0 < len(narrow) < len(every)
    q_of = {r["label"]: r["q_value"] for r in every}
    assert {r["label"]: r["q_value"] for r in narrow} == {r["label"]: q_of[r["label"]] for r in narrow}
    trend = {r["label"]: r["change_q"] for r in fx.get_json(client, "table", trend="1", **BASE)["rows"]}
    narrow = fx.get_json(client, "table", trend="1", q="^label 1", **BASE)["rows"]
    assert 0 < len(narrow) < len(trend)
    assert {r["label"]: r["change_q"] for r in narrow} == {r["label"]: trend[r["label"]] for r in narrow}


def test_compare_keeps_a_minimum_count_in_both_tables(client):
    """Review: compare applied min_count to table A only, while the doc says the family rules hold in each."""
    every = fx.get_json(client, "compare", step=2, step2=0, **BASE)["rows"]
    kept = fx.get_json(client, "compare", step=2, step2=0, min_count=140, **BASE)["rows"]
    assert kept and all(r["count_a"] >= 140 and r["count_b"] >= 140 for r in kept)
    assert any(r["count_a"] >= 140 > r["count_b"] for r in every)  # such a label exists, and is left out


def test_flags_and_hidden_labels_never_change_a_q_value(tmp_path, monkeypatch):
    import json

    monkeypatch.setattr("tb_bias_plugin.serving.flags.directory_for_logdir", lambda _: str(tmp_path / "flags"))
    fx.write_logdir(tmp_path / "logs")
    client = Client(fx.make_app(tmp_path / "logs")[0])
    every = _q_by_label(fx.get_json(client, "table", **BASE))
    labels = sorted(every)
    body = {"tag": "gender", "flagged": labels[:5], "hidden": labels[5:40], "version": 0}
    response = client.post(fx.PREFIX + "flags", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 200
    for narrowing, shown in [({"flagged_only": 1}, labels[:5]), ({}, labels[:5] + labels[40:])]:
        narrow = _q_by_label(fx.get_json(client, "table", **narrowing, **BASE))
        assert sorted(narrow) == sorted(shown)
        assert narrow == {label: every[label] for label in narrow}
