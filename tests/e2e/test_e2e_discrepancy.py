"""The DIPDI view in a real TensorBoard on a copy of demo_logs, driven by Chromium."""

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import Tab, serving
from tb_harness import PLUGIN_IFRAME, assert_sideways_cue, tab_url

RUN = "dipdi_development"
RUN2 = "dipdi_deployment"
TAG = "age_regressor"
KEY = "discrepancy."  # the view's keys in the hash, after p.tb_bias.


def open_view(tab, width):
    tab.page.set_viewport_size({"width": width, "height": 1000})
    tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy"}))
    switch = tab.testid("measure-discrepancy")
    expect(switch).to_be_visible()
    if switch.get_attribute("aria-selected") != "true":
        switch.click()
    expect(tab.testid("measure-discrepancy")).to_have_attribute("aria-selected", "true")
    expect(tab.testid("dipdi-line")).to_be_visible()
    tab.testid("run-select").select_option(RUN)
    expect(tab.testid("compare-run-select")).to_have_value(RUN2)


def full_screenshot(tab, name):
    """The whole view, lower panels included: the plugin scrolls inside its
    iframe, so the viewport is made as tall as the view for the shot."""
    size = tab.page.viewport_size
    top = tab.page.locator(PLUGIN_IFRAME).bounding_box()["y"]
    height = tab.frame.evaluate("() => document.documentElement.scrollHeight")
    tab.page.set_viewport_size({"width": size["width"], "height": int(top + height + 20)})
    expect(tab.testid("dipdi-compare")).to_be_in_viewport()
    path = tab.screenshot(name)
    tab.page.set_viewport_size(size)
    return path


def expect_restored(tab, run, step, pairing, run2):
    expect(tab.testid("run-select")).to_have_value(run)
    expect(tab.testid("tag-select")).to_have_value(TAG)
    expect(tab.testid("step-select")).to_have_value(str(step))
    expect(tab.testid("pairing-select")).to_have_value(pairing)
    expect(tab.testid("compare-run-select")).to_have_value(run2)
    expect(tab.testid("dipdi-matrix")).to_contain_text("step %d" % step)
    # as its select says it
    expect(tab.testid("dipdi-matrix")).to_contain_text("the paired estimator" if pairing == "paired" else "all pairs: every pair")


def test_dipdi_view_shows_the_falling_curve_heatmap_bars_and_compare(tab):
    backend = tab.tb.get("discrepancy_steps", [("run", RUN), ("tag", TAG)])
    for width in (1000, 1600):
        open_view(tab, width)
        points = tab.testid("dipdi-point")
        expect(points).to_have_count(len(backend["steps"]))
        # the curve falls: the first step's point is drawn highest, the last lowest
        ys = [float(y) for y in points.evaluate_all("ps => ps.map((p) => p.getAttribute('cy'))")]
        steps = [int(s) for s in points.evaluate_all("ps => ps.map((p) => p.dataset.step)")]
        assert steps == [s["step"] for s in backend["steps"]]
        assert ys == sorted(ys), ys  # SVG y grows downwards
        # significance marks at every imbalanced step and none at balance (50)
        starred = [s["step"] for s in backend["steps"] if s["uncertainty"]["stars"]]
        assert starred == [0, 10, 20, 30, 40]
        expect(tab.testid("dipdi-star")).to_have_count(len(starred))
        # the heatmap over 4 + 4 models, with the paired cells outlined (8 between + 4 within, both halves)
        expect(tab.testid("dipdi-heatmap")).to_be_visible()
        expect(tab.testid("pairing-select")).to_have_value("paired")
        expect(tab.testid("heat-cell-used")).to_have_count(2 * (4 + 2 + 2))
        expect(tab.testid("heat-cell")).to_have_count(64 - 16)
        # the subgroup bars with n
        bars = tab.testid("group-bar")
        expect(bars).to_have_count(2)
        expect(bars.first).to_contain_text("n=300")
        expect(tab.testid("excess-histogram")).to_be_visible()
        expect(tab.testid("top-row")).to_have_count(15)
        # walk-through: the y axis read 0.1, 0.1, 5.00e-2, 0.0; distinct ticks, one notation, one number of decimals
        ticks = tab.testid("dipdi-y-tick").all_text_contents()
        assert len(ticks) > 2 and len(set(ticks)) == len(ticks), ticks
        assert all(re.fullmatch(r"-?\d+(\.\d+)?", t) for t in ticks) and len({len(t.partition(".")[2]) for t in ticks}) == 1, ticks
        # ...and e_k 0.01 beside 9.42e-3: one notation down the column
        column = tab.testid("top-table").locator("thead th").all_inner_texts().index("ek")
        excess = tab.testid("top-row").evaluate_all("(rs, i) => rs.map((r) => r.cells[i].textContent)", column)
        assert all(re.fullmatch(r"-?\d+\.\d{3}", e) for e in excess) or all("e" in e or e == "0" for e in excess), excess
        # development vs deployment: the change of DIPDI, as the backend computes it
        expect(tab.testid("compare-summary")).to_be_visible()
        compare = tab.tb.get("discrepancy_compare", [("run", RUN), ("tag", TAG), ("step", 0), ("run2", RUN2), ("step2", 0)])
        expect(tab.testid("compare-delta")).to_have_text("%+.3f" % compare["delta"])
        full_screenshot(tab, "discrepancy_view_%d" % width)
    # selecting the balanced step shows a near-zero index in the heatmap caption
    tab.ui.locator('[data-testid="dipdi-point"][data-step="50"]').click()
    expect(tab.testid("dipdi-matrix")).to_contain_text("step 50")
    full_screenshot(tab, "discrepancy_view_step50")
    # the points were a mouse's only: the curve is one tab stop whose arrows choose the step
    steps = [s["step"] for s in tab.tb.get("discrepancy_steps", [("run", RUN), ("tag", TAG)])["steps"]]
    curve = tab.testid("dipdi-curve")
    curve.focus()
    curve.press("ArrowLeft")
    expect(tab.testid("dipdi-matrix")).to_contain_text("step %d" % steps[steps.index(50) - 1])
    curve.press("End")
    expect(tab.testid("dipdi-matrix")).to_contain_text("step %d" % steps[-1])
    expect(curve).to_have_attribute("aria-valuenow", str(steps[-1]))
    assert tab.page_errors == []


def fail_route(tab, route, message):
    """Makes every request of ``route`` answer 500 with the backend's JSON error body."""
    body = json.dumps({"error": message})
    tab.page.route("**/%s?*" % route, lambda r: r.fulfill(status=500, content_type="application/json", body=body))


def test_dipdi_failed_examples_are_said_where_they_would_show_with_a_retry(tab):
    """Audit: a 500 of discrepancy_examples left four empty panels and no message."""
    fail_route(tab, "discrepancy_examples", "examples exploded")
    open_view(tab, 1000)
    failure = tab.ui.locator('[data-testid="dipdi-histogram"] [data-testid="error-message"]')
    expect(failure).to_contain_text("discrepancy_examples failed (HTTP 500): examples exploded")
    expect(tab.testid("dipdi-top")).to_contain_text("discrepancy_examples failed")
    # the step's own answer still shows
    expect(tab.testid("heat-cell-used")).to_have_count(2 * (4 + 2 + 2))
    expect(tab.testid("group-bar")).to_have_count(2)
    expect(tab.testid("loading")).to_have_count(0)
    full_screenshot(tab, "discrepancy_examples_failed_1000")
    tab.page.unroute("**/discrepancy_examples?*")
    failure.get_by_role("button", name="Retry").click()
    expect(tab.testid("top-row")).to_have_count(15)
    expect(tab.testid("error-message")).to_have_count(0)
    assert tab.page_errors == []


def test_dipdi_show_all_lists_every_kept_top_example(tab):
    """Audit: the heading said "15 of 20 kept" with no way to see the other 5."""
    kept = tab.tb.get("discrepancy_examples", [("run", RUN), ("tag", TAG), ("step", 0), ("limit", 1000)])
    assert kept["top_total"] > 15
    open_view(tab, 1000)
    expect(tab.testid("top-row")).to_have_count(15)
    tab.testid("top-show-all").click()
    expect(tab.testid("top-row")).to_have_count(kept["top_total"])
    ids = tab.testid("top-row").locator("th:first-child").all_inner_texts()
    assert ids == [t["id"] for t in kept["top"]]
    expect(tab.testid("dipdi-top")).to_contain_text("%d of %d kept" % (kept["top_total"], kept["top_total"]))
    full_screenshot(tab, "discrepancy_top_all_1000")
    assert_sideways_cue(tab.testid("dipdi-top").locator(".sideways"), "top examples at 1000 px")
    # beside the histogram (1300 px) the models' columns run past the panel: the tables' shade says so
    tab.page.set_viewport_size({"width": 1300, "height": 1000})
    expect(tab.testid("dipdi-top").locator(".sideways")).to_have_attribute("data-more-right", "")
    assert_sideways_cue(tab.testid("dipdi-top").locator(".sideways"), "top examples at 1300 px", more=True)
    full_screenshot(tab, "discrepancy_top_all_1300")
    assert tab.page_errors == []


def test_dipdi_state_survives_a_reload_and_a_shared_link(tab):
    open_view(tab, 1300)
    # another run (the comparison run follows), a step, and every pair
    tab.testid("run-select").select_option(RUN2)
    expect(tab.testid("compare-run-select")).to_have_value(RUN)
    tab.ui.locator('[data-testid="dipdi-point"][data-step="30"]').click()
    tab.testid("pairing-select").select_option("all_pairs")
    # all_pairs uses every pair: none is set apart (every cell outlined said nothing), and the note says why
    expect(tab.testid("heat-cell-used")).to_have_count(0)
    expect(tab.testid("heat-cell")).to_have_count(64)
    expect(tab.testid("matrix-outline-note")).to_have_text("(log colour; all pairs: every pair enters DIPDI)")
    backend = tab.tb.get("discrepancy", [("run", RUN2), ("tag", TAG), ("step", 30), ("pairing", "all_pairs")])
    expect(tab.testid("dipdi-matrix")).to_contain_text("DIPDI %.3f" % backend["dipdi"])
    tab.wait_for_hash(KEY + "pairing", "all_pairs")
    tab.wait_for_hash(KEY + "step", "30")
    state = tab.state
    assert {k: v for k, v in state.items() if k.startswith(KEY) and k != KEY + "dev"} == {
        KEY + "run": RUN2, KEY + "tag": TAG, KEY + "step": "30", KEY + "run2": RUN, KEY + "pairing": "all_pairs",
    }
    assert state["measure"] == "discrepancy"

    tab.page.reload()
    expect_restored(tab, RUN2, 30, "all_pairs", RUN)
    expect(tab.testid("heat-cell-used")).to_have_count(0)
    expect(tab.testid("dipdi-matrix")).to_contain_text("DIPDI %.3f" % backend["dipdi"])
    # the comparison is asked with the chosen pairing too, development (named by
    # the runs' names) first whichever run is shown
    compare = tab.tb.get(
        "discrepancy_compare",
        [("run", RUN), ("tag", TAG), ("step", 30), ("run2", RUN2), ("step2", 30), ("pairing", "all_pairs")],
    )
    expect(tab.testid("compare-delta")).to_have_text("%+.3f" % compare["delta"])
    full_screenshot(tab, "discrepancy_view_all_pairs_reloaded")

    # a link pasted into a fresh page opens the same view
    link = {"measure": "discrepancy", KEY + "run": RUN, KEY + "step": "10", KEY + "pairing": "paired"}
    tab.page.goto("about:blank")
    tab.page.goto(tab_url(tab.tb.url, link))
    expect_restored(tab, RUN, 10, "paired", RUN2)
    expect(tab.testid("heat-cell-used")).to_have_count(2 * (4 + 2 + 2))
    expect(tab.testid("link-notice")).to_have_count(0)
    # a malformed step falls back to the first step, without an error, and says so
    tab.page.goto("about:blank")
    tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy", KEY + "step": "12x"}))
    expect(tab.testid("step-select")).to_have_value("0")
    expect(tab.testid("error-message")).to_have_count(0)
    expect(tab.testid("link-notice")).to_contain_text("Step 12x of %s/%s is not among the steps" % (RUN, TAG))
    assert tab.page_errors == []


def test_dipdi_replicate_picker_shows_each_replicates_matrix_and_examples(tab):
    """Walk-through: a step of 8 replicates showed replicate 0's matrix and examples, with no way to see another."""
    open_view(tab, 1000)
    first = tab.tb.get("discrepancy", [("run", RUN), ("tag", TAG), ("step", 0)])
    ids = [r["replicate"] for r in first["replicates"]]
    assert len(ids) > 1 and first["replicate"] == ids[0]
    picker = tab.testid("replicate-select")
    expect(picker).to_have_value(str(ids[0]))
    expect(picker.locator("option")).to_have_count(len(ids))
    other = ids[-1]
    backend = tab.tb.get("discrepancy", [("run", RUN), ("tag", TAG), ("step", 0), ("replicate", other)])
    examples = tab.tb.get("discrepancy_examples", [("run", RUN), ("tag", TAG), ("step", 0), ("replicate", other), ("limit", 15)])
    assert backend["matrix"] != first["matrix"]
    picker.select_option(str(other))
    tab.wait_for_hash(KEY + "replicate", str(other))
    own = next(r for r in backend["replicates"] if r["replicate"] == other)
    expect(tab.testid("dipdi-matrix")).to_contain_text("replicate %d: DIPDI %.3f" % (other, own["dipdi"]))
    expect(tab.testid("dipdi-histogram")).to_contain_text("replicate %d" % other)
    expect(tab.testid("top-row").first.locator("th").first).to_have_text(str(examples["top"][0]["id"]))
    shown = tab.testid("top-row").evaluate_all("rs => rs.map((r) => r.cells[0].textContent)")
    assert shown == [str(e["id"]) for e in examples["top"]][: len(shown)] and shown
    tab.screenshot("discrepancy_replicate_picked_1000")
    # kept by a reload; a link's replicate the record lacks falls back to the first, said
    tab.page.reload()
    expect(tab.testid("replicate-select")).to_have_value(str(other))
    # looked for among the step's own before it is asked for (review: two 400s in the console)
    tab.page.goto("about:blank")
    asked = []
    tab.page.on("response", lambda r: asked.append((r.status, r.url)) if "/data/plugin/tb_bias/discrepancy" in r.url else None)
    tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy", KEY + "run": RUN, KEY + "replicate": "99"}))
    expect(tab.testid("link-notice")).to_contain_text(
        "Replicate 99 is not logged at step 0 of %s/%s; showing replicate %d." % (RUN, TAG, ids[0]))
    expect(tab.testid("replicate-select")).to_have_value(str(ids[0]))
    expect(tab.testid("top-row").first).to_be_visible()
    expect(tab.testid("error-message")).to_have_count(0)
    assert asked and all(status == 200 for status, _ in asked), asked
    assert not any("replicate=99" in url for _, url in asked), asked
    # a malformed one is said too
    tab.page.goto("about:blank")
    tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy", KEY + "run": RUN, KEY + "replicate": "first"}))
    expect(tab.testid("link-notice")).to_contain_text("Replicate first is not logged at step 0")
    # a link's known replicate waits for the listing, then is shown
    tab.page.goto("about:blank")
    tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy", KEY + "run": RUN, KEY + "replicate": str(other)}))
    expect(tab.testid("replicate-select")).to_have_value(str(other))
    expect(tab.testid("dipdi-matrix")).to_contain_text("replicate %d: DIPDI %.3f" % (other, own["dipdi"]))
    expect(tab.testid("link-notice")).to_have_count(0)
    assert tab.page_errors == []


def test_dipdi_link_values_the_logdir_lacks_are_said(tab):
    """Walk-through: a link's run, comparison run or pairing the logdir lacks was replaced without a word."""
    tab.page.set_viewport_size({"width": 1000, "height": 1000})
    tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy", KEY + "run": "gone", KEY + "tag": TAG}))
    notice = tab.testid("link-notice")
    expect(notice).to_contain_text("Run \u201cgone\u201d has no DIPDI record here; showing %s." % RUN)
    tab.page.goto("about:blank")
    tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy", KEY + "run": RUN, KEY + "run2": "elsewhere",
                                       KEY + "pairing": "odd"}))
    expect(notice).to_contain_text("Run \u201celsewhere\u201d cannot be compared with %s/%s here" % (RUN, TAG))
    expect(notice).to_contain_text("Pairing \u201codd\u201d is not one of paired, all pairs")
    tab.screenshot("discrepancy_bad_link_1000")
    # closed, it stays closed when the user picks another step
    notice.get_by_role("button", name="Dismiss").click()
    expect(notice).to_have_count(0)
    tab.ui.locator('[data-testid="dipdi-point"][data-step="30"]').click()
    tab.wait_for_hash(KEY + "step", "30")
    expect(notice).to_have_count(0)
    # left open, it goes at the reader's first pick: it spoke of the link, which no longer decides what is shown
    # (walk-through: "Run gone has no table here" stayed over a run picked since)
    tab.page.goto("about:blank")
    tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy", KEY + "run": "gone", KEY + "tag": TAG}))
    expect(notice).to_contain_text("Run \u201cgone\u201d has no DIPDI record here")
    tab.testid("run-select").select_option(RUN2)
    expect(tab.testid("compare-run-select")).to_have_value(RUN)
    expect(notice).to_have_count(0)
    assert tab.page_errors == []


def test_dipdi_verdict_follows_the_named_development_run(tab):
    """Issue 23, item 2: the user names the development run (kept in the
    URL); ΔDIPDI is deployment minus development whichever run is shown."""
    forward = tab.tb.get("discrepancy_compare", [("run", RUN), ("tag", TAG), ("step", 0), ("run2", RUN2), ("step2", 0)])
    for width in (1000, 1600):
        open_view(tab, width)
        expect(tab.testid("compare-dev-select")).to_have_value(RUN)
        expect(tab.testid("compare-delta")).to_have_text("%+.3f" % forward["delta"])
        # showing the deployment run leaves the change and its verdict as they were
        tab.testid("run-select").select_option(RUN2)
        expect(tab.testid("compare-run-select")).to_have_value(RUN)
        expect(tab.testid("compare-dev-select")).to_have_value(RUN)
        expect(tab.testid("compare-delta")).to_have_text("%+.3f" % forward["delta"])
        verdict = tab.testid("compare-verdict").inner_text()
        # naming the other run development flips the sign and the verdict, and is remembered
        tab.testid("compare-dev-select").select_option(RUN2)
        expect(tab.testid("compare-delta")).to_have_text("%+.3f" % -forward["delta"])
        expect(tab.testid("compare-verdict")).not_to_have_text(verdict)
        expect(tab.testid("compare-development")).to_contain_text(RUN2)
        tab.wait_for_hash(KEY + "dev", RUN2)
        tab.page.reload()
        expect(tab.testid("compare-dev-select")).to_have_value(RUN2)
        expect(tab.testid("compare-delta")).to_have_text("%+.3f" % -forward["delta"])
        full_screenshot(tab, "issue23_dipdi_roles_%d" % width)
        # picked by hand and back, then the other run shown: the select showed the run picked last by hand
        # while the panel used the named one (the options' selected attribute no longer moved it)
        tab.testid("compare-dev-select").select_option(RUN)
        expect(tab.testid("compare-delta")).to_have_text("%+.3f" % forward["delta"])
        tab.testid("run-select").select_option(RUN)
        expect(tab.testid("compare-dev-select")).to_have_value(RUN)
        tab.testid("run-select").select_option(RUN2)
        expect(tab.testid("compare-run-select")).to_have_value(RUN)
        expect(tab.testid("compare-dev-select")).to_have_value(RUN)
        expect(tab.testid("compare-development")).to_contain_text(RUN)
        expect(tab.testid("compare-delta")).to_have_text("%+.3f" % forward["delta"])
        tab.page.goto("about:blank")
    assert tab.page_errors == []


def test_dipdi_description_matrix_scale_and_histogram_axes(tab):
    """Issue 23, items 1, 7 and 8 in the DIPDI view: the step's description,
    the matrix's colour scale and unclipped labels, the e_k histogram's axes."""
    detail = tab.tb.get("discrepancy", [("run", RUN), ("tag", TAG), ("step", 0)])
    assert "DIPDI experiment" in detail["description"]
    for width in (1000, 1400, 1600):
        open_view(tab, width)
        expect(tab.testid("description")).to_contain_text("the DIPDI experiment of Mansilla et al.")
        expect(tab.testid("heat-legend")).to_be_visible()
        values = [v for i, row in enumerate(detail["matrix"]) for j, v in enumerate(row) if i != j and v and v > 0]
        texts = [tab.testid("heat-legend-" + end).text_content() for end in ("low", "mid", "high")]
        # as many decimals as the three need to read differently, at least two
        digits = len(texts[0].split(".")[1])
        assert digits >= 2 and len(set(texts)) == 3, texts
        assert texts[0] == "%.*f" % (digits, min(values)) and texts[2] == "%.*f" % (digits, max(values)), texts
        # the histogram has a count axis, and no x tick repeats
        assert tab.testid("excess-y-tick").count() >= 2
        xs = tab.testid("excess-x-tick").evaluate_all("ts => ts.map((t) => t.textContent)")
        assert len(xs) >= 3 and len(set(xs)) == len(xs), xs
        # matrix labels: inside the svg, none overlapping its neighbour
        heat = tab.testid("dipdi-heatmap").evaluate("e => { const b = e.getBoundingClientRect(); return {x: b.left, y: b.top}; }")
        for kind in ("heat-row-label", "heat-col-label"):
            boxes = tab.testid(kind).evaluate_all("ls => ls.map((l) => { const b = l.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })")
            for b in boxes:
                assert b[0] >= heat["x"] - 1 and b[1] >= heat["y"] - 1, (kind, b, heat)
            for a, b in zip(boxes, boxes[1:]):
                if kind == "heat-row-label":
                    assert a[3] <= b[1] + 1, (a, b)
                else:  # turned labels: each starts right of the one before
                    assert a[0] < b[0]
        # the means table's last column ("within B") is on screen, not behind a sideways scroll
        last = tab.ui.locator('[data-testid="dipdi-means"] th').last
        box, panel = last.bounding_box(), tab.testid("dipdi-means").bounding_box()
        assert box["x"] + box["width"] <= panel["x"] + panel["width"] + 1, (width, box, panel)
        full_screenshot(tab, "issue23_dipdi_panels_%d" % width)
    assert tab.page_errors == []


#: runs of DIPDI records with long model names: the pools' names (models are named pool name + number)
LONG_NAMES = {
    "long_names": ("development_pool", "deployment_pool"),
    "readable_names": ("sees gender, large", "blind-to-age-v2"),
    "very_long_names": ("model trained on the balanced set, seed #", "model blind to age, seed #"),
}


@pytest.fixture(scope="module")
def long_names_server(tmp_path_factory):
    """DIPDI records whose model names are long: 16 to 19 characters, and past 24."""
    import numpy as np

    from tb_bias_plugin import summary

    logdir = tmp_path_factory.mktemp("dipdi_long_names") / "logs"
    rng = np.random.default_rng(0)
    for run, pool_names in LONG_NAMES.items():
        pool_a, pool_b = rng.normal(size=(4, 60)), rng.normal(1.0, 1.0, size=(4, 60))
        with summary.Writer(logdir / run) as writer:
            writer.prediction_discrepancy("scores", pool_a, pool_b, pool_names=pool_names, step=0)
    yield from serving(logdir, tuple(LONG_NAMES))


def label_texts(labels):
    """The shown text of each matrix label, without its <title>."""
    return labels.evaluate_all(
        "ls => ls.map((l) => [...l.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim())")


def test_dipdi_matrix_labels_show_long_model_names_whole_up_to_a_bound(browser, long_names_server):
    """Review: names past 12 characters were cut ("sees \u2026large1"). Names of up to 19 characters are
    shown whole at 1000 and 1600 px; longer ones are cut in the middle to at most 24, each with its
    full name as a tooltip; labels neither overlap nor leave the matrix, which fits its panel."""
    for width in (1000, 1600):
        context = browser.new_context(viewport={"width": width, "height": 1000})
        try:
            tab = Tab(context.new_page(), long_names_server)
            for run in LONG_NAMES:
                detail = long_names_server.get("discrepancy", [("run", run), ("tag", "scores"), ("step", 0)])
                assert all(len(m) > 12 for m in detail["models"])
                tab.page.goto("about:blank")
                tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy", KEY + "run": run}))
                expect(tab.testid("run-select")).to_have_value(run)
                expect(tab.testid("dipdi-heatmap")).to_be_visible()
                labels = tab.testid("heat-row-label")
                expect(labels.first).to_have_text(re.compile(re.escape(detail["models"][0][:4])))
                expect(labels).to_have_count(len(detail["models"]))
                for kind in ("heat-row-label", "heat-col-label"):
                    texts = label_texts(tab.testid(kind))
                    tooltips = tab.testid(kind).evaluate_all("ls => ls.map((l) => l.querySelector('title').textContent)")
                    assert tooltips == detail["models"], (kind, tooltips)
                    if run == "very_long_names":
                        assert all("\u2026" in t and 12 < len(t) <= 24 for t in texts), (width, texts)
                        assert len(set(texts)) == len(texts), texts  # cut in the middle: the numbered models stay apart
                    else:
                        assert texts == detail["models"], (width, run, texts)
                heat = tab.testid("dipdi-heatmap").evaluate(
                    "e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }")
                for kind in ("heat-row-label", "heat-col-label"):
                    boxes = tab.testid(kind).evaluate_all(
                        "ls => ls.map((l) => { const b = l.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })")
                    for b in boxes:
                        assert b[0] >= heat[0] - 1 and b[1] >= heat[1] - 1 and b[2] <= heat[2] + 1, (kind, b, heat)
                    if kind == "heat-row-label":
                        assert all(a[3] <= b[1] + 1 for a, b in zip(boxes, boxes[1:])), boxes
                        # the row labels end left of the first column
                        first = tab.testid("heat-cell").first.bounding_box()["x"]
                        assert all(b[2] <= first + 1 for b in boxes), (boxes, first)
                # turned column labels: neighbours a line of text apart, measured across the slant
                xs = tab.testid("heat-col-label").evaluate_all("ls => ls.map((l) => l.getBoundingClientRect().left)")
                assert all((b - a) * 0.7071 >= 10.5 for a, b in zip(xs, xs[1:])), xs
                # the matrix fits its panel: no sideways scroll to reach the last column
                scroll = tab.testid("dipdi-heatmap").evaluate("e => [e.parentElement.scrollWidth, e.parentElement.clientWidth]")
                assert scroll[0] <= scroll[1] + 1, (width, run, scroll)
                full_screenshot(tab, "dipdi_%s_%d" % (run, width))
            assert tab.page_errors == []
        finally:
            context.close()


def test_dipdi_significance_marks_keep_clear_of_the_axis_labels(tab):
    """Walk of the demo: step 0's "**" sat on the y axis's "5.0" (read as
    "5.0**"); every mark keeps a gap from every tick label."""
    for width in (1000, 1600):
        open_view(tab, width)
        expect(tab.testid("dipdi-star")).to_have_count(5)
        boxes = tab.testid("dipdi-curve").evaluate(
            """svg => [...svg.querySelectorAll('text')].map((t) => {
                 const b = t.getBoundingClientRect();
                 return {star: t.dataset.testid === 'dipdi-star', text: t.textContent, box: [b.left, b.top, b.right, b.bottom]};
               })""")
        stars = [b for b in boxes if b["star"]]
        labels = [b for b in boxes if not b["star"]]
        for s in stars:
            for t in labels:
                (l1, t1, r1, b1), (l2, t2, r2, b2) = s["box"], t["box"]
                apart = l1 >= r2 + 2 or l2 >= r1 + 2 or t1 >= b2 or t2 >= b1
                assert apart, (width, s, t)
        full_screenshot(tab, "dipdi_stars_clear_%d" % width)
    assert tab.page_errors == []


def test_dipdi_subgroup_bars_have_a_zero_line_at_the_balanced_step(tab):
    """Walk of the demo: at step 50 women's DIPDI is a small negative value
    (-0.0027) that looked like a short positive bar; it now lies left of a zero line."""
    detail = tab.tb.get("discrepancy", [("run", RUN), ("tag", TAG), ("step", 50)])
    values = {g["group"]: g["dipdi"] for g in detail["groups"]}
    negative = [g for g, v in values.items() if v is not None and v < 0]
    assert negative, values
    for width in (1000, 1600):
        open_view(tab, width)
        tab.ui.locator('[data-testid="dipdi-point"][data-step="50"]').click()
        expect(tab.testid("dipdi-matrix")).to_contain_text("step 50")
        for group, value in values.items():
            row = tab.ui.locator('[data-testid="group-bar"][data-group="%s"]' % group)
            bar = row.locator("rect").bounding_box()
            zero = row.locator('[data-testid="group-zero"]').bounding_box()
            zero_x = zero["x"] + zero["width"] / 2
            if value < 0:
                assert abs(bar["x"] + bar["width"] - zero_x) <= 1 and bar["x"] < zero_x - 3, (group, bar, zero)
            else:
                assert abs(bar["x"] - zero_x) <= 1 and bar["width"] > 3, (group, bar, zero)
        full_screenshot(tab, "dipdi_subgroup_zero_line_%d" % width)
    assert tab.page_errors == []


def test_dipdi_histogram_corner_labels_keep_apart(tab):
    """Walk of the demo: at step 0 the e_k histogram starts at 0, and its y-axis
    "0" and x-axis "0" touched at the corner; they now stand apart."""
    for width in (1000, 1600):
        open_view(tab, width)
        expect(tab.testid("step-select")).to_have_value("0")
        boxes = {}
        for kind in ("excess-y-tick", "excess-x-tick"):
            labels = tab.testid(kind)
            expect(labels.first).to_be_visible()
            texts = labels.evaluate_all("ls => ls.map((l) => l.textContent)")
            assert "0" in texts, (kind, texts)
            boxes[kind] = labels.nth(texts.index("0")).bounding_box()
        y0, x0 = boxes["excess-y-tick"], boxes["excess-x-tick"]
        apart = max(x0["x"] - (y0["x"] + y0["width"]), x0["y"] - (y0["y"] + y0["height"]))
        assert apart >= 3, (width, y0, x0)
        shot = full_screenshot(tab, "dipdi_histogram_corner_%d" % width)
        tab.testid("dipdi-histogram").screenshot(path=str(shot.with_name("dipdi_histogram_corner_%d_panel.png" % width)))
    assert tab.page_errors == []


def test_dipdi_opens_on_the_development_run_unless_a_link_names_one(tab):
    """Walk of the demo: the view opened on dipdi_deployment, first in the
    alphabet; it opens on the run the compare panel guesses is development."""
    for width in (1000, 1600):
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy"}))
        expect(tab.testid("run-select")).to_have_value(RUN)
        expect(tab.testid("compare-run-select")).to_have_value(RUN2)
        expect(tab.testid("compare-dev-select")).to_have_value(RUN)
        expect(tab.testid("dipdi-line")).to_be_visible()
        full_screenshot(tab, "dipdi_default_run_%d" % width)
        tab.page.goto("about:blank")
    # a run named in the link still wins
    tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy", KEY + "run": RUN2}))
    expect(tab.testid("run-select")).to_have_value(RUN2)
    expect(tab.testid("compare-run-select")).to_have_value(RUN)
    assert tab.page_errors == []


@pytest.fixture(scope="module")
def mixed_kinds_server(tmp_path_factory):
    """The README's DIPDI run (abs) beside the guide's PyTorch run (jsd, one step, pools men and women):
    a new user's logdir, where the compare panel opened on a 400 and the one step showed no interval."""
    import numpy as np

    from tb_bias_plugin import summary

    logdir = tmp_path_factory.mktemp("dipdi_kinds") / "logs"
    rng = np.random.default_rng(1)
    with summary.Writer(logdir / "deployment") as writer:
        writer.prediction_discrepancy("age", rng.normal(size=(4, 80)), rng.normal(0.5, 1.0, size=(4, 80)), step=0)
    probs = rng.dirichlet(np.ones(3), size=(8, 80))
    with summary.Writer(logdir / "torch_dipdi") as writer:
        writer.prediction_discrepancy("age", probs[:4], probs[4:], discrepancy="jsd", pool_names=("men", "women"),
                                      step=0)
    yield from serving(logdir, ("deployment", "torch_dipdi"))


def test_dipdi_compares_only_runs_of_the_same_discrepancy_and_shows_a_single_steps_interval(browser,
                                                                                             mixed_kinds_server):
    steps = mixed_kinds_server.get("discrepancy_steps", [("run", "torch_dipdi"), ("tag", "age")])["steps"]
    assert len(steps) == 1 and steps[0]["uncertainty"]["low"] < steps[0]["uncertainty"]["high"]
    for width in (1000, 1600):
        context = browser.new_context(viewport={"width": width, "height": 1000})
        try:
            tab = Tab(context.new_page(), mixed_kinds_server)
            tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy", KEY + "run": "torch_dipdi"}))
            expect(tab.testid("dipdi-line")).to_be_attached()
            expect(tab.testid("run-select")).to_have_value("torch_dipdi")
            # no comparison offered, so no failed request: the abs run is named as not comparable
            expect(tab.testid("compare-none")).to_contain_text("with the same discrepancy")
            expect(tab.testid("compare-other-kind")).to_have_text("Not comparable with jsd: deployment (abs).")
            expect(tab.testid("error-message")).to_have_count(0)
            # the one step's bootstrap interval, which the band cannot draw, as an error bar around the point
            expect(tab.testid("dipdi-whisker")).to_have_count(1)
            whisker = tab.testid("dipdi-whisker").bounding_box()
            point = tab.testid("dipdi-point").bounding_box()
            assert whisker["y"] < point["y"] and whisker["y"] + whisker["height"] > point["y"] + point["height"]
            # the pool names' headers are shown whole: a long one wraps instead of running out of the card
            headers = tab.frame.locator("table.means th.pool")
            expect(headers).to_have_text(["within men", "within women"])
            clipped = tab.frame.locator("table.means").evaluate(
                "t => t.parentElement.scrollWidth > t.parentElement.clientWidth + 1")
            assert not clipped, "the means table scrolls sideways at %d px" % width
            full_screenshot(tab, "dipdi_mixed_kinds_one_step_%d" % width)
            assert tab.page_errors == []
        finally:
            context.close()


def test_dipdi_matrix_values_reach_the_keyboard(tab):
    """Walk-through: the matrix's numbers showed only on hover. Its table opens from the keyboard and holds
    the route's values, the pairs the pairing uses in bold."""
    open_view(tab, 1000)
    backend = tab.tb.get("discrepancy", [("run", RUN), ("tag", TAG), ("step", 0)])
    summary = tab.testid("matrix-values").locator("summary")
    summary.focus()
    tab.page.keyboard.press("Enter")
    rows = tab.testid("matrix-values").locator("tbody tr")
    expect(rows).to_have_count(len(backend["models"]))
    first = [text.split("\n")[0] for text in rows.nth(0).locator("td").all_inner_texts()]
    want = ["\u2014"] + ["%.3f" % v for v in backend["matrix"][0][1:]]
    assert first == want, (first, want)
    used = sum(1 for pair in backend["used_pairs"]["between"] + backend["used_pairs"]["within_a"] if 0 in pair)
    # marked in bold, and in words for a screen reader
    assert rows.nth(0).locator("td b").count() == used
    assert sum("(used)" in text for text in rows.nth(0).locator("td").all_inner_texts()) == used
    tab.testid("matrix-values").scroll_into_view_if_needed()
    # at 1000 px the last models' columns lie to the right: said by the tables' shade, none cut mid-number
    assert_sideways_cue(tab.testid("matrix-values").locator(".sideways"), "matrix at 1000 px", more=True)
    tab.screenshot("discrepancy_matrix_values_1000")
    assert tab.page_errors == []
