"""The DIPDI view in a real TensorBoard on a copy of demo_logs, driven by Chromium."""

from playwright.sync_api import expect

from tb_harness import tab_url

RUN = "dipdi_development"
TAG = "age_regressor"


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
    expect(tab.testid("compare-run-select")).to_have_value("dipdi_deployment")


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
        # significance marks where the backend has them (8 replicates)
        starred = [s for s in backend["steps"] if s["uncertainty"]["stars"]]
        expect(tab.testid("dipdi-star")).to_have_count(len(starred))
        # the heatmap over 4 + 4 models, with the paired cells outlined (8 between + 4 within, both halves)
        expect(tab.testid("dipdi-heatmap")).to_be_visible()
        expect(tab.testid("heat-cell-used")).to_have_count(2 * (4 + 2 + 2))
        expect(tab.testid("heat-cell")).to_have_count(64 - 16)
        # the subgroup bars with n
        bars = tab.testid("group-bar")
        expect(bars).to_have_count(2)
        expect(bars.first).to_contain_text("n=300")
        expect(tab.testid("excess-histogram")).to_be_visible()
        expect(tab.testid("top-row")).to_have_count(15)
        # development vs deployment: the change of DIPDI, as the backend computes it
        expect(tab.testid("compare-summary")).to_be_visible()
        compare = tab.tb.get("discrepancy_compare", [("run", RUN), ("tag", TAG), ("step", 0), ("run2", "dipdi_deployment"), ("step2", 0)])
        expect(tab.testid("compare-delta")).to_have_text("%+.3f" % compare["delta"])
        tab.screenshot("discrepancy_view_%d" % width)
    # selecting the balanced step shows a near-zero index in the heatmap caption
    tab.ui.locator('[data-testid="dipdi-point"][data-step="50"]').click()
    expect(tab.testid("dipdi-matrix")).to_contain_text("step 50")
    tab.screenshot("discrepancy_view_step50")
    assert tab.page_errors == []
