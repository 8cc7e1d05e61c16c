"""The representation-bias view in a real TensorBoard on a copy of demo_logs, driven by Chromium."""

import json
import re

from playwright.sync_api import expect

from e2e_data import REPRESENTATION_LAYERS, REPRESENTATION_RUN
from tb_harness import tab_url

RUN = "representation_demo"
TAG = "sex"


def open_view(tab, width):
    tab.page.set_viewport_size({"width": width, "height": 1000})
    tab.page.goto(tab_url(tab.tb.url, {"measure": "representation"}))
    switch = tab.testid("measure-representation")
    expect(switch).to_be_visible()
    if switch.get_attribute("aria-selected") != "true":
        switch.click()
    expect(switch).to_have_attribute("aria-selected", "true")
    expect(tab.testid("repr-series-chart")).to_be_visible()
    tab.testid("run-select").select_option(RUN)
    tab.testid("tag-select").select_option(TAG)
    expect(tab.testid("tag-select")).to_have_value(TAG)


def test_representation_view_shows_layers_band_curve_and_flags(tab):
    series = tab.tb.get("representation/series", [("run", RUN), ("tag", TAG)])
    last = series["steps"][-1]
    detail = tab.tb.get("representation", [("run", RUN), ("tag", TAG), ("step", last)])
    for width in (1000, 1600):
        open_view(tab, width)
        lines = tab.testid("repr-series-line")
        expect(lines).to_have_count(len(series["layers"]))
        assert lines.evaluate_all("ls => ls.map((l) => l.dataset.layer)") == series["layers"]
        assert all(d.count("L") == len(series["steps"]) - 1
                   for d in lines.evaluate_all("ls => ls.map((l) => l.getAttribute('d'))"))
        band = tab.testid("repr-control-band")
        assert band.get_attribute("d").startswith("M")
        # the latest step by default: its profile lists every layer with the backend's B
        expect(tab.testid("repr-profile-row")).to_have_count(len(detail["layers"]))
        expect(tab.testid("repr-profile-bias")).to_have_text(["%.3f" % l["bias"] for l in detail["layers"]])
        expect(tab.testid("repr-entropy")).to_have_text("%.3f" % detail["entropy"])
        expect(tab.testid("repr-n")).to_have_text(format(detail["n"], ","))
        expect(tab.testid("repr-class-counts")).to_contain_text("female: %s" % format(detail["class_counts"][0], ","))
        # the MINE curve of the last layer with its H(Z) and control lines
        for part in ("repr-curve-train", "repr-curve-heldout", "repr-curve-entropy", "repr-curve-control"):
            expect(tab.testid(part)).to_have_count(1)
        assert tab.testid("repr-curve-heldout").get_attribute("d").count("L") == 29
        # the validation line is drawn over the held-out one, with a point per evaluation
        assert tab.ui.locator('[data-testid="repr-curve-heldout"] ~ [data-testid="repr-curve-validation"]').count() == 1
        expect(tab.testid("repr-curve-validation-point")).to_have_count(30)
        # both bounds per layer; the one B took is marked; the conv layers' MINE underfits: loose, with its reason
        expect(tab.testid("repr-profile-bound")).to_have_text(
            ["MINE" if l["bound"] == "mine" else "classifier (%s)" % l["classifier"] for l in detail["layers"]])
        for l in detail["layers"]:
            row = tab.ui.locator('[data-testid="repr-profile-row"][data-layer="%s"]' % l["layer"])
            expect(row.locator('[data-testid="repr-profile-%s"]' % l["bound"])).to_have_attribute("data-taken", "true")
            expect(row.locator('[data-testid="repr-profile-mine"]')).to_contain_text("%.3f" % l["mine_bias"])
            expect(row.locator('[data-testid="repr-profile-classifier"]')).to_contain_text("%.3f" % l["classifier_bias"])
            if l["loose_reason"]:
                expect(row.locator('[data-testid="repr-flag"][data-flag="loose"]')).to_be_visible()
                # each flag's chip says what to do about it
                expect(row.locator('[data-testid="repr-flag"][data-flag="loose"]')).to_have_attribute(
                    "title", re.compile("B takes the larger"))
                expect(row.locator('[data-testid="repr-loose-reason"]')).to_have_text(l["loose_reason"])
        assert any(l["loose_reason"] for l in detail["layers"])
        # the flags and their reasons wrap inside the width: nothing runs past the right edge at 1000 px
        table = tab.testid("repr-profile-row").first.locator("xpath=ancestor::table")
        view_right, table_right = table.evaluate(
            "t => [t.getRootNode().host.getBoundingClientRect().right, t.getBoundingClientRect().right]")
        assert table_right <= view_right + 1, (width, table_right, view_right)
        tab.screenshot("representation_view_%d" % width)
    # the chart's points were a mouse's only: it is one tab stop whose arrows choose the step
    chart = tab.testid("repr-series-chart")
    chart.focus()
    chart.press("Home")
    tab.wait_for_hash("representation.step", str(series["steps"][0]))
    chart.press("ArrowRight")
    tab.wait_for_hash("representation.step", str(series["steps"][1]))
    expect(chart).to_have_attribute("aria-valuenow", str(series["steps"][1]))
    # the step before debiasing (4), opened from a link: the embedding's B above 1 is flagged, not clipped
    tab.page.goto(tab_url(tab.tb.url, {"measure": "representation", "representation.run": RUN,
                                       "representation.tag": TAG, "representation.step": 4,
                                       "representation.layer": "embedding"}))
    row = tab.ui.locator('[data-testid="repr-profile-row"][data-layer="embedding"]')
    expect(row.locator('[data-testid="repr-flag"][data-flag="outside_unit_interval"]')).to_be_visible()
    expect(row.locator('[data-testid="repr-profile-bias"]')).to_have_text("1.012")
    expect(tab.ui.locator("h2", has_text="MINE curve: embedding, step 4")).to_be_visible()
    tab.screenshot("representation_view_step6")
    # layers measured at the first epoch sit inside the noise floor (conv1)
    tab.page.goto(tab_url(tab.tb.url, {"measure": "representation", "representation.run": RUN,
                                       "representation.tag": TAG, "representation.step": 0}))
    tab.page.reload()
    conv1 = tab.ui.locator('[data-testid="repr-profile-row"][data-layer="conv1"]')
    expect(conv1.locator('[data-testid="repr-flag"][data-flag="inside_noise_floor"]')).to_be_visible()
    # MINE stopped early on the embedding: the chip's words are whole and short, the tooltip says what to do
    for width in (1000, 1600):
        tab.page.set_viewport_size({"width": width, "height": 1000})
        chip = tab.ui.locator('[data-testid="repr-profile-row"][data-layer="embedding"] [data-testid="repr-flag"][data-flag="not_converged"]')
        expect(chip).to_have_text("not converged")
        expect(chip).to_have_attribute("title", re.compile("steps="))
        chip.scroll_into_view_if_needed()
        tab.screenshot("representation_view_step0_%d" % width)
    assert tab.page_errors == []


def test_description_curve_labels_control_format_and_no_fetch_while_hidden(tab):
    """Issue 23, items 1 and 7 in the representation view, and its requests
    after a switch to another view."""
    series = tab.tb.get("representation/series", [("run", RUN), ("tag", TAG)])
    detail = tab.tb.get("representation", [("run", RUN), ("tag", TAG), ("step", series["steps"][-1])])
    assert "Synthetic values" in detail["description"]
    for width in (1000, 1600):
        open_view(tab, width)
        expect(tab.testid("description")).to_contain_text("representation bias B = I(R;Z)/H(Z) of protected attribute sex")
        expect(tab.testid("step-select")).to_have_value(str(series["steps"][-1]))
        # the reference lines' names sit right of every curve, apart from each other
        expect(tab.testid("repr-curve-train")).to_be_visible()
        curves_right = max(tab.testid(c).bounding_box()["x"] + tab.testid(c).bounding_box()["width"]
                           for c in ("repr-curve-train", "repr-curve-heldout", "repr-curve-validation"))
        labels = [tab.testid("repr-curve-ref-label").nth(i).bounding_box()
                  for i in range(tab.testid("repr-curve-ref-label").count())]
        assert len(labels) >= 2
        for box in labels:
            assert box["x"] >= curves_right, (box, curves_right)
        tops = sorted(b["y"] for b in labels)
        assert all(b - a >= 10 for a, b in zip(tops, tops[1:])), tops
        # H(Z) 0.673 over curves below 0.2 is named above, off the scale: the curves keep the chart's height
        # (on the scale they took its bottom 7 %, where the three merged)
        expect(tab.testid("repr-curve-entropy")).to_have_attribute("data-off-scale", "true")
        expect(tab.testid("repr-curve-entropy-legend")).to_contain_text("above the curves")
        chart = tab.testid("repr-curve-chart").bounding_box()
        assert tab.testid("repr-curve-train").bounding_box()["height"] > 0.5 * chart["height"]
        # the validation curve is drawn last and no thinner than the held-out one
        widths = [float(tab.testid(c).get_attribute("stroke-width")) for c in ("repr-curve-heldout", "repr-curve-validation")]
        assert widths[1] >= widths[0], widths
        # hue means a layer in both charts: the curve's validation line takes its layer's, no other curve
        # line takes any layer's, and each legend swatch is drawn as its line is
        layer = tab.ui.locator("h2", has_text="MINE curve").inner_text().split(": ")[1].split(",")[0]
        hues = {tab.ui.locator('[data-testid="repr-series-line"][data-layer="%s"]' % name).get_attribute("stroke")
                for name in series["layers"]}
        mine = tab.ui.locator('[data-testid="repr-series-line"][data-layer="%s"]' % layer).get_attribute("stroke")
        expect(tab.testid("repr-curve-validation")).to_have_attribute("stroke", mine)
        lines = {c: tab.testid(c).get_attribute("stroke") for c in ("repr-curve-train", "repr-curve-heldout")}
        refs = tab.ui.locator('[data-testid="repr-curve-chart"] g[data-testid^="repr-curve-"] line').evaluate_all(
            "ls => ls.map(l => l.getAttribute('stroke'))")
        assert not (set(lines.values()) | set(refs)) & hues, (lines, refs, hues)
        swatches = tab.testid("repr-curve-legend").locator("line").evaluate_all(
            "ls => ls.map(l => [l.getAttribute('stroke'), l.getAttribute('stroke-dasharray')])")
        assert swatches[:3] == [[lines["repr-curve-train"], "none"], [lines["repr-curve-heldout"], "none"],
                                [mine, tab.testid("repr-curve-validation").get_attribute("stroke-dasharray")]], swatches
        # the control column: one fixed format, three decimals, never exponents
        texts = tab.testid("repr-profile-control").all_inner_texts()
        assert texts and all(re.fullmatch(r"-?\d+\.\d{3} \[-?\d+\.\d{3}, -?\d+\.\d{3}\]", t.strip()) for t in texts), texts
        tab.screenshot("issue23_representation_%d" % width)
    # a switch to another view: no request of this view's routes after it
    asked = []
    tab.page.on("request", lambda r: asked.append(r.url) if "/representation" in r.url else None)
    tab.testid("measure-discrepancy").click()
    expect(tab.testid("dipdi-line")).to_be_visible()
    expect(tab.testid("top-row").first).to_be_visible()
    assert asked == [], asked
    assert tab.page_errors == []


def fail_route(tab, pattern, message):
    """Makes every request whose URL matches ``pattern`` answer 500 with the backend's JSON error body."""
    body = json.dumps({"error": message})
    tab.page.route(re.compile(pattern), lambda r: r.fulfill(status=500, content_type="application/json", body=body))


def open_failing(tab, width=1000):
    tab.page.set_viewport_size({"width": width, "height": 1000})
    tab.page.goto(tab_url(tab.tb.url, {"measure": "representation", "representation.run": RUN, "representation.tag": TAG}))


def test_a_failed_series_is_said_in_its_panel_and_the_step_still_shows(tab):
    """Audit: a 500 left "Loading…" forever, the Step picker at 0, the Layer picker empty and no Retry."""
    series = tab.tb.get("representation/series", [("run", RUN), ("tag", TAG)])
    fail_route(tab, r"/representation/series\?", "series exploded")
    open_failing(tab)
    failure = tab.ui.locator('[data-testid="error-message"][data-request="representation/series"]')
    expect(failure).to_contain_text("representation/series failed (HTTP 500): series exploded")
    expect(tab.testid("step-select")).to_have_value(str(series["steps"][-1]))
    expect(tab.testid("repr-layer-select").locator("option")).to_have_count(len(series["layers"]))
    expect(tab.testid("repr-layer-select")).to_have_value(series["layers"][-1])
    expect(tab.testid("repr-profile-row")).to_have_count(len(series["layers"]))
    expect(tab.testid("repr-curve-chart")).to_be_visible()
    expect(tab.testid("loading")).to_have_count(0)
    # the bound columns hold B, not the nats the curve's "MINE I =" gives (audit)
    expect(tab.testid("repr-profile-table").locator("thead th")).to_have_text(
        ["layer", re.compile("^B \\(bar"), "B", "B (MINE)", "B (classifier)", "control B (band)", "flags"])
    tab.screenshot("representation_series_failed_1000")
    tab.page.unroute(re.compile(r"/representation/series\?"))
    failure.get_by_role("button", name="Retry").click()
    expect(tab.testid("repr-series-chart")).to_be_visible()
    expect(tab.testid("error-message")).to_have_count(0)
    assert tab.page_errors == []


def test_a_failed_step_is_said_where_its_summary_would_show(tab):
    fail_route(tab, r"/representation\?", "step exploded")
    open_failing(tab)
    failure = tab.ui.locator('[data-testid="error-message"][data-request="representation"]')
    expect(failure).to_contain_text("representation failed (HTTP 500): step exploded")
    expect(failure.get_by_role("button", name="Retry")).to_be_visible()
    expect(tab.testid("repr-series-chart")).to_be_visible()
    expect(tab.testid("repr-curve-chart")).to_be_visible()  # the series named the layer
    expect(tab.testid("not-shown")).to_contain_text("representation failed")
    expect(tab.testid("loading")).to_have_count(0)
    tab.screenshot("representation_step_failed_1000")
    assert tab.page_errors == []


def test_only_the_taken_value_is_bold_not_its_control_band(tab):
    """Walk of the demo: in the column of the bound B took, the "control [...]"
    band was bold like the value, as if it mattered as much; only the value is."""
    detail = tab.tb.get("representation", [("run", RUN), ("tag", TAG), ("step", tab.tb.get(
        "representation/series", [("run", RUN), ("tag", TAG)])["steps"][-1])])
    weight = "e => Number(getComputedStyle(e).fontWeight)"
    # the weight of the element whose own text is the value, whatever wraps it
    value_weight = ("(c, v) => { const e = [c, ...c.querySelectorAll('*')].find((e) => [...e.childNodes].some("
                    "(n) => n.nodeType === 3 && n.textContent.trim() === v)); return Number(getComputedStyle(e).fontWeight); }")
    for width in (1000, 1600):
        open_view(tab, width)
        expect(tab.testid("repr-profile-row")).to_have_count(len(detail["layers"]))
        for l in detail["layers"]:
            row = tab.ui.locator('[data-testid="repr-profile-row"][data-layer="%s"]' % l["layer"])
            for name in ("mine", "classifier"):
                cell = row.locator('[data-testid="repr-profile-%s"]' % name)
                taken = name == l["bound"]
                expect(cell).to_have_attribute("data-taken", "true" if taken else "false")
                # the step's own values first: the row of the step shown before can still be drawn
                expect(cell).to_contain_text("%.3f" % l["%s_bias" % name])
                band = cell.locator(".band")
                if band.count():
                    assert band.evaluate(weight) < 600, (l["layer"], name)
                assert (cell.evaluate(value_weight, "%.3f" % l["%s_bias" % name]) >= 600) == taken, (l["layer"], name)
        tab.testid("repr-profile-table").screenshot(path=str(tab.screenshot("representation_bold_value_%d" % width).with_name(
            "representation_bold_value_%d_table.png" % width)))
    assert tab.page_errors == []


def test_link_values_the_logdir_lacks_are_said(tab):
    """Walk-through: a link's step or layer the series lacks was replaced without a word."""
    tab.page.set_viewport_size({"width": 1000, "height": 1000})
    tab.page.goto(tab_url(tab.tb.url, {"measure": "representation", "representation.run": RUN,
                                       "representation.tag": TAG, "representation.step": 12345,
                                       "representation.layer": "conv9"}))
    notice = tab.testid("link-notice")
    expect(notice).to_contain_text("Step 12345 of %s/%s is not among the steps TensorBoard kept; showing the latest." % (RUN, TAG))
    expect(notice).to_contain_text("Layer \u201cconv9\u201d is not logged in %s/%s" % (RUN, TAG))
    tab.screenshot("representation_bad_link_1000")
    # the reader's first pick makes it go: it spoke of the link, which no longer decides what is shown
    tab.testid("step-select").select_option(index=0)
    expect(notice).to_have_count(0)
    tab.page.goto("about:blank")
    tab.page.goto(tab_url(tab.tb.url, {"measure": "representation", "representation.run": RUN,
                                       "representation.tag": TAG, "representation.layer": "embedding"}))
    expect(tab.ui.locator("h2", has_text="MINE curve: embedding")).to_be_visible()
    # the layer is checked when the series answers: its chart's points are drawn by then
    expect(tab.ui.locator('[data-testid="repr-series-line"]').first).to_be_attached()
    expect(notice).to_have_count(0)
    assert tab.page_errors == []


def test_a_pick_is_not_undone_by_another_part_of_the_hash_changing_before_its_answer(tab):
    """Review: the view compared the hash with what it shows, so another view's or the shell's write
    between a pick and its series' answer (when the hash is written) took the pick back."""
    open_view(tab, 1000)
    shown = tab.testid("tag-select").input_value()
    other = next(t for t in tab.testid("tag-select").locator("option").all_inner_texts() if t != shown)
    held = []
    tab.page.route("**/representation/series?*", lambda route: held.append(route))
    tab.testid("tag-select").select_option(other)
    tab.page.wait_for_timeout(200)
    assert held, "the series request was not held"
    tab.page.evaluate("() => { location.hash = location.hash + '&' + encodeURIComponent('p.tb_bias.association.q') + '=zz'; }")
    tab.page.wait_for_timeout(300)
    for route in held:
        route.continue_()
    tab.page.unroute("**/representation/series?*")
    tab.wait_for_hash("representation.tag", other)
    expect(tab.testid("tag-select")).to_have_value(other)
    assert tab.page_errors == []


def test_a_run_switch_asks_no_curve_of_the_old_runs_layer(tab):
    """Walk-through: a switch between runs whose layers are named otherwise asked the new run for
    the old run's layer (representation/curve?...&layer=fc1): a 400 and two console errors each time."""
    demo_layers = tab.tb.get("representation/series", [("run", RUN), ("tag", TAG)])["layers"]
    assert not set(demo_layers) & set(REPRESENTATION_LAYERS)
    open_view(tab, 1000)
    expect(tab.testid("repr-curve-heldout")).to_be_visible()
    failed, curves, errors = [], [], []
    tab.page.on("response", lambda r: failed.append((r.status, r.url)) if r.status >= 400 else None)
    tab.page.on("request", lambda r: curves.append(r.url.split("?", 1)[1]) if "/representation/curve?" in r.url else None)
    tab.page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    for run, layer in ((REPRESENTATION_RUN, REPRESENTATION_LAYERS[-1]), (RUN, demo_layers[-1])):
        tab.testid("run-select").select_option(run)
        tab.wait_for_hash("representation.run", run)
        expect(tab.ui.locator("h2").filter(has_text="MINE curve: %s," % layer)).to_have_count(1)
        expect(tab.testid("repr-curve-heldout")).to_be_visible()
        expect(tab.testid("repr-layer-select")).to_have_value(layer)
        tab.screenshot("representation_run_switch_%s" % run)
    assert failed == [] and errors == [], (failed, errors)
    assert [dict(p.split("=", 1) for p in q.split("&"))["run"] for q in curves] == [REPRESENTATION_RUN, RUN], curves
    assert tab.page_errors == []
