"""The prediction-sensitivity view in a real TensorBoard on a copy of demo_logs, driven by Chromium."""

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import Tab, serving
from tb_harness import PLUGIN_IFRAME, assert_sideways_cue, tab_url

TEXT_RUN = "sensitivity_text"
TAB_RUN = "sensitivity_tabular"
TAG = "sensitivity"
WORDS = {"he", "him", "she", "her"}


def open_view(tab, run, width=1400, **state):
    tab.page.set_viewport_size({"width": width, "height": 1000})
    tab.page.goto(tab_url(tab.tb.url, {"measure": "sensitivity", "sensitivity.run": run, **state}))
    expect(tab.testid("measure-sensitivity")).to_have_attribute("aria-selected", "true")
    expect(tab.testid("sens-summary")).to_be_visible()
    expect(tab.testid("run-select")).to_have_value(run)


def test_text_run_shows_distributions_steps_and_the_v_comparison(tab):
    body = tab.tb.get("sensitivity", [("run", TEXT_RUN), ("tag", TAG)])
    names = [c["name"] for c in body["choices"]]
    open_view(tab, TEXT_RUN)
    rows = tab.testid("sens-summary-row")
    expect(rows).to_have_count(len(names))
    assert rows.evaluate_all("rs => rs.map((r) => r.dataset.choice)") == names
    for c in body["choices"]:
        cell = tab.ui.locator('[data-testid="sens-summary-row"][data-choice="%s"] [data-testid="sens-mean"]' % c["name"])
        expect(cell).to_have_text("%.4f" % c["mean"])
    # one histogram per v choice, with bars
    hists = tab.testid("sens-hist")
    expect(hists).to_have_count(len(names))
    for name in names:
        assert tab.ui.locator('[data-testid="sens-hist"][data-choice="%s"] rect' % name).count() > 5
    # the aggregates over steps: one line per choice, through every step
    steps = tab.tb.get("sensitivity_steps", [("run", TEXT_RUN), ("tag", TAG)])
    lines = tab.testid("sens-steps-line")
    expect(lines).to_have_count(len(names))
    for d in lines.evaluate_all("ls => ls.map((l) => l.getAttribute('d'))"):
        assert d.count("L") == len(steps["steps"]) - 1
    # nested strokes, each thinner than the one under it, 8 px at most however many choices (review: 2 + 2k grew)
    widths = lines.evaluate_all("ls => ls.map((l) => Number(l.getAttribute('stroke-width')))")
    assert widths == sorted(widths, reverse=True) and len(set(widths)) == len(widths), widths
    assert widths[0] == pytest.approx(8) and widths[-1] == pytest.approx(2), widths
    # v comparison: P under word_list vs uniform with Spearman's rho, as the backend computes it
    tab.testid("sens-a-select").select_option("word_list")
    tab.testid("sens-b-select").select_option("uniform")
    compare = tab.tb.get("sensitivity_compare", [("run", TEXT_RUN), ("tag", TAG), ("a", "word_list"), ("b", "uniform")])
    expect(tab.testid("sens-rho")).to_have_text("%.3f" % compare["rho"])
    expect(tab.testid("sens-point")).to_have_count(compare["n"])
    tab.wait_for_hash("sensitivity.a", "word_list")
    tab.screenshot("sensitivity_text_view")
    assert tab.page_errors == []


def test_top_examples_have_two_per_token_strips(tab):
    open_view(tab, TEXT_RUN, **{"sensitivity.a": "word_list_emb"})
    expect(tab.testid("sens-a-select")).to_have_value("word_list_emb")
    backend = tab.tb.get("sensitivity_examples", [("run", TEXT_RUN), ("tag", TAG), ("choice", "word_list_emb")])
    examples = tab.testid("sens-example")
    expect(examples).to_have_count(len(backend["examples"]))
    assert examples.evaluate_all("es => es.map((e) => e.dataset.id)") == [e["id"] for e in backend["examples"]]
    for i, want in enumerate(backend["examples"][:3]):
        example = examples.nth(i)
        u = example.locator('[data-testid="sens-strip-u"] .tok')
        v = example.locator('[data-testid="sens-strip-v"] .tok')
        expect(u).to_have_count(len(want["tokens"]))
        expect(v).to_have_count(len(want["tokens"]))
        assert u.all_inner_texts() == want["tokens"] == v.all_inner_texts()
        # the protected-weight strip lights up exactly the listed words; the other strip every token
        shades = v.evaluate_all("ts => ts.map((t) => getComputedStyle(t).backgroundColor)")
        lit = [tok for tok, shade in zip(want["tokens"], shades) if shade not in ("rgba(0, 0, 0, 0)", "transparent")]
        assert lit and set(lit) <= WORDS and set(lit) == {t for t in want["tokens"] if t in WORDS}
        assert all(float(x) > 0 for x in u.evaluate_all("ts => ts.map((t) => t.dataset.value)"))
        expect(example.locator('[data-testid="sens-example-p"]')).to_have_text("%.4f" % want["P"]["word_list_emb"])
    expect(tab.testid("sens-token-types")).to_be_visible()
    expect(tab.testid("sens-groups")).to_contain_text("female")
    expect(tab.testid("sens-note")).to_contain_text("input space")
    tab.screenshot("sensitivity_text_examples")
    assert tab.page_errors == []


#: The WCAG contrast of each token's text on its shade (drawn over the white panel), in the page.
TOKEN_CONTRAST_JS = """(tokens) => {
  const channels = (text) => text.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const c = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
  };
  return tokens.map((t) => {
    const style = getComputedStyle(t);
    const [r, g, b, a = 1] = channels(style.backgroundColor);
    const shade = [r, g, b].map((v) => 255 + (v - 255) * a);
    const [l1, l2] = [lum(channels(style.color)), lum(shade)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  });
}"""


def test_every_token_is_readable_on_its_shade(tab):
    # the most sensitive tokens have the strongest shades: dark text on them read 3.18:1 (blue) and 4.26:1 (vermillion)
    open_view(tab, TEXT_RUN, width=1000)
    tokens = tab.ui.locator('[data-testid="sens-example"] .tok')
    expect(tokens.first).to_be_visible()
    ratios = tokens.evaluate_all(TOKEN_CONTRAST_JS)
    assert len(ratios) > 50
    assert min(ratios) >= 4.5, sorted(ratios)[:5]
    tab.testid("sens-examples").scroll_into_view_if_needed()
    tab.screenshot("sensitivity_text_tokens_1000")
    tab.page.set_viewport_size({"width": 1600, "height": 1000})
    tab.testid("sens-examples").scroll_into_view_if_needed()
    tab.screenshot("sensitivity_text_tokens_1600")
    assert tab.page_errors == []


def test_tabular_run_shows_per_feature_bars_and_steps(tab):
    open_view(tab, TAB_RUN)
    body = tab.tb.get("sensitivity", [("run", TAB_RUN), ("tag", TAG)])
    assert [c["name"] for c in body["choices"]] == ["proxy_adjusted", "mask_gender", "uniform"]
    expect(tab.testid("sens-a-select")).to_have_value("proxy_adjusted")
    expect(tab.testid("sens-features")).to_contain_text("hair_length")
    first = tab.testid("sens-example").first
    expect(first.locator('[data-testid="sens-example-features"]')).to_contain_text("education")
    # gender's bar is the largest although the model never reads it: the legend says why, for proxy_adjusted only
    expect(tab.testid("sens-proxy-note")).to_contain_text("total effect")
    tab.testid("sens-a-select").select_option("uniform")
    expect(tab.testid("sens-proxy-note")).to_have_count(0)
    tab.testid("sens-a-select").select_option("proxy_adjusted")
    # the gender mask stays at 0 over the steps while the proxy-adjusted choice rises
    steps = tab.tb.get("sensitivity_steps", [("run", TAB_RUN), ("tag", TAG)])
    series = {c["name"]: c["mean"] for c in steps["choices"]}
    assert series["mask_gender"] == [0.0] * len(steps["steps"]) and series["proxy_adjusted"][-1] > series["proxy_adjusted"][0]
    expect(tab.ui.locator('[data-testid="sens-summary-row"][data-choice="mask_gender"] [data-testid="sens-mean"]')).to_have_text("0.0000")
    # the state survives a reload
    tab.testid("sens-stat-select").select_option("p90")
    tab.wait_for_hash("sensitivity.stat", "p90")
    tab.page.reload()
    expect(tab.testid("sens-stat-select")).to_have_value("p90")
    expect(tab.testid("run-select")).to_have_value(TAB_RUN)
    tab.screenshot("sensitivity_tabular_view")
    assert tab.page_errors == [], json.dumps(tab.page_errors)


def test_the_steps_chart_chooses_the_step_by_click_and_keys(tab):
    """Walk-through: 'Over steps' was an image (role img, no tab stop) while DIPDI's and representation's
    curves choose the step by a click and the arrow keys; it does the same now, through the same code."""
    open_view(tab, TAB_RUN, 1000)
    steps = tab.tb.get("sensitivity_steps", [("run", TAB_RUN), ("tag", TAG)])["steps"]
    assert len(steps) >= 3
    expect(tab.testid("step-select")).to_have_value(str(steps[-1]))
    tab.ui.locator('[data-testid="sens-steps-point"][data-step="%d"]' % steps[0]).first.click()
    expect(tab.testid("step-select")).to_have_value(str(steps[0]))
    expect(tab.testid("sens-summary")).to_contain_text("at step %d" % steps[0])
    tab.wait_for_hash("sensitivity.step", str(steps[0]))
    chart = tab.testid("sens-steps-chart")
    expect(chart).to_have_attribute("role", "slider")
    chart.focus()
    chart.press("ArrowRight")
    expect(tab.testid("sens-summary")).to_contain_text("at step %d" % steps[1])
    expect(chart).to_have_attribute("aria-valuenow", str(steps[1]))
    chart.press("End")
    expect(tab.testid("sens-summary")).to_contain_text("at step %d" % steps[-1])
    expect(chart).to_be_focused()
    chart.press("Home")
    expect(tab.testid("sens-summary")).to_contain_text("at step %d" % steps[0])
    # the click was a move of its own, the keys' walk in place: Back shows the step before the click
    tab.page.go_back()
    expect(tab.testid("step-select")).to_have_value(str(steps[-1]))
    tab.screenshot("sensitivity_steps_chart_keys_1000")
    assert tab.page_errors == []


def test_description_panel_widths_and_feature_numbers(tab):
    """Issue 23, items 1, 7 and 8 in the sensitivity view: the step's
    description, charts as wide as their panels, and the number beside
    each per-feature bar is that bar's value."""
    body = tab.tb.get("sensitivity", [("run", TAB_RUN), ("tag", TAG)])
    assert "never reads gender" in body["description"]
    features = {f["name"]: f["sensitivity"] for f in body["choices"][0]["features"]}
    for width in (1000, 1600):
        open_view(tab, TAB_RUN, width)
        expect(tab.testid("description")).to_contain_text("never reads gender")
        # the same picker (and testids) as every view
        expect(tab.testid("tag-select")).to_have_value(TAG)
        expect(tab.testid("step-select")).to_have_value(str(body["step"]))
        # the over-steps chart and the scatter fill their panels (not ~300 px inside a wide one)
        expect(tab.testid("sens-scatter")).to_be_visible()
        for chart in ("sens-steps-chart", "sens-scatter"):
            fill = tab.testid(chart).evaluate(
                "e => e.getBoundingClientRect().width / e.closest('section').getBoundingClientRect().width")
            assert fill > 0.85, (chart, width, fill)
        # each per-feature number is the value its bar draws
        bars = tab.testid("sens-feature-bar")
        values = tab.testid("sens-feature-value")
        expect(bars).to_have_count(len(features))
        shown = [float(t.split()[0]) for t in values.all_inner_texts()]
        drawn = [float(v) for v in bars.evaluate_all("bs => bs.map((b) => b.dataset.value)")]
        assert shown == [round(v, 4) for v in drawn] == [round(v, 4) for v in features.values()]
        tab.screenshot("issue23_sensitivity_%d" % width)
    assert tab.page_errors == []


# -- a route that fails, said in its own panel ------------------------------------


def fail_route(tab, route, message, status=500):
    """Makes every request of ``route`` answer ``status`` with the backend's JSON error body;
    returns the pattern, for ``unroute``."""
    body = json.dumps({"error": message})
    pattern = re.compile(r"/data/plugin/tb_bias/%s\?" % route)
    tab.page.route(pattern, lambda r: r.fulfill(status=status, content_type="application/json", body=body))
    return pattern


def full_screenshot(tab, name):
    """The whole view, lower panels included: the plugin scrolls inside its
    iframe, so the viewport is made as tall as the view for the shot."""
    size = tab.page.viewport_size
    top = tab.page.locator(PLUGIN_IFRAME).bounding_box()["y"]
    height = tab.frame.evaluate("() => document.documentElement.scrollHeight")
    view = tab.frame.evaluate(
        "() => { const v = document.querySelector('tb-bias-app').shadowRoot.querySelector('tb-bias-sensitivity-view');"
        " return v ? v.scrollHeight : 0; }")
    tab.page.set_viewport_size({"width": size["width"], "height": int(top + max(height, view + 120) + 20)})
    path = tab.screenshot(name)
    tab.page.set_viewport_size(size)
    return path


def failure_of(tab, route):
    return tab.ui.locator('[data-testid="error-message"][data-request="%s"]' % route)


def expect_inside_view(tab, locator):
    """``locator``'s box lies inside the view's width: not cut off at the right edge."""
    right, view_right = locator.evaluate(
        "e => { let h = e; while (h && h.tagName !== 'TB-BIAS-SENSITIVITY-VIEW') h = h.getRootNode().host || h.parentElement;"
        " return [e.getBoundingClientRect().right, h.getBoundingClientRect().right]; }")
    assert right <= view_right + 1, (right, view_right)


def test_failed_step_and_steps_are_said_in_their_panels_with_a_retry(tab):
    """The step's detail (sensitivity) and the series (sensitivity_steps) answer 500:
    each panel says which route failed with the server's message and a Retry, the
    pickers stay usable, and Retry fills the view once the server answers."""
    body = tab.tb.get("sensitivity", [("run", TAB_RUN), ("tag", TAG)])
    names = [c["name"] for c in body["choices"]]
    for width in (1000, 1600):
        detail = fail_route(tab, "sensitivity", "step exploded")
        steps = fail_route(tab, "sensitivity_steps", "series exploded")
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.page.goto("about:blank")  # a new page load: a goto that changes only the hash would keep the old view
        tab.page.goto(tab_url(tab.tb.url, {"measure": "sensitivity", "sensitivity.run": TAB_RUN}))
        expect(tab.testid("measure-sensitivity")).to_have_attribute("aria-selected", "true")
        expect(failure_of(tab, "sensitivity")).to_contain_text("sensitivity failed (HTTP 500): step exploded")
        expect(failure_of(tab, "sensitivity_steps")).to_contain_text("sensitivity_steps failed (HTTP 500): series exploded")
        for route in ("sensitivity", "sensitivity_steps"):
            expect(failure_of(tab, route)).to_have_attribute("role", "alert")
            expect(failure_of(tab, route).get_by_role("button", name="Retry")).to_be_visible()
            expect_inside_view(tab, failure_of(tab, route))
        # the comparison, which waits for the step's detail, says why it is not shown
        expect(tab.testid("sens-scatter-section")).to_contain_text("Not shown: sensitivity failed.")
        expect(tab.testid("loading")).to_have_count(0)
        # the pickers stay usable: the runs listing named the steps
        expect(tab.testid("run-select")).to_be_enabled()
        expect(tab.testid("run-select")).to_have_value(TAB_RUN)
        expect(tab.testid("tag-select")).to_have_value(TAG)
        expect(tab.testid("step-select")).to_have_value(str(body["step"]))
        # no answer named the v choices: their pickers are disabled, not empty boxes
        expect(tab.testid("sens-a-select")).to_be_disabled()
        expect(tab.testid("sens-b-select")).to_be_disabled()
        full_screenshot(tab, "sensitivity_step_and_steps_failed_%d" % width)
        # another run still fails in its panels, and back
        tab.testid("run-select").select_option(TEXT_RUN)
        expect(failure_of(tab, "sensitivity")).to_be_visible()
        tab.testid("run-select").select_option(TAB_RUN)
        expect(failure_of(tab, "sensitivity")).to_be_visible()
        # the failure lifted: Retry asks again, the series' answer names the v choices
        tab.page.unroute(steps)
        failure_of(tab, "sensitivity_steps").get_by_role("button", name="Retry").click()
        expect(tab.testid("sens-steps-line")).to_have_count(len(names))
        expect(tab.testid("sens-a-select").locator("option")).to_have_count(len(names))
        expect(tab.testid("sens-a-select")).to_be_enabled()
        expect(failure_of(tab, "sensitivity")).to_be_visible()  # one answer clears no other failure
        tab.page.unroute(detail)
        failure_of(tab, "sensitivity").get_by_role("button", name="Retry").click()
        expect(tab.testid("sens-summary-row")).to_have_count(len(names))
        expect(tab.testid("sens-example").first).to_be_visible()
        expect(tab.testid("sens-rho")).to_be_visible()
        expect(tab.testid("error-message")).to_have_count(0)
    assert tab.page_errors == []


def test_failed_examples_and_refused_comparison_leave_the_rest_usable(tab):
    """sensitivity_examples answers 500 (a Retry) and sensitivity_compare 422
    (refused: asking again cannot help, so no Retry); the summary, histograms,
    series and v pickers still work."""
    body = tab.tb.get("sensitivity", [("run", TEXT_RUN), ("tag", TAG)])
    names = [c["name"] for c in body["choices"]]
    for width in (1000, 1600):
        examples = fail_route(tab, "sensitivity_examples", "examples exploded")
        compare = fail_route(tab, "sensitivity_compare", "choice 'nope' was not logged", status=422)
        tab.page.goto("about:blank")  # a new page load: a goto that changes only the hash would keep the old view
        open_view(tab, TEXT_RUN, width)
        expect(failure_of(tab, "sensitivity_examples")).to_contain_text(
            "sensitivity_examples failed (HTTP 500): examples exploded")
        expect(tab.testid("sens-examples").locator('[data-testid="error-message"]')).to_have_count(1)
        expect(failure_of(tab, "sensitivity_examples").get_by_role("button", name="Retry")).to_be_visible()
        expect(failure_of(tab, "sensitivity_compare")).to_contain_text(
            "sensitivity_compare failed (HTTP 422): choice 'nope' was not logged")
        expect(tab.testid("sens-scatter-section").locator('[data-testid="error-message"]')).to_have_count(1)
        expect(failure_of(tab, "sensitivity_compare").get_by_role("button")).to_have_count(0)
        for route in ("sensitivity_examples", "sensitivity_compare"):
            expect_inside_view(tab, failure_of(tab, route))
        # the rest of the view
        expect(tab.testid("sens-summary-row")).to_have_count(len(names))
        expect(tab.testid("sens-hist")).to_have_count(len(names))
        expect(tab.testid("sens-steps-line")).to_have_count(len(names))
        expect(tab.testid("sens-token-types")).to_be_visible()
        expect(tab.testid("loading")).to_have_count(0)
        full_screenshot(tab, "sensitivity_examples_compare_failed_%d" % width)
        # the examples' failure lifted: Retry shows them
        tab.page.unroute(examples)
        failure_of(tab, "sensitivity_examples").get_by_role("button", name="Retry").click()
        expect(tab.testid("sens-example").first).to_be_visible()
        expect(failure_of(tab, "sensitivity_examples")).to_have_count(0)
        # the comparison is asked again on a new pick of the v choices
        tab.page.unroute(compare)
        tab.testid("sens-a-select").select_option("word_list")
        tab.testid("sens-b-select").select_option("uniform")
        expect(tab.testid("sens-rho")).to_be_visible()
        expect(tab.testid("error-message")).to_have_count(0)
    assert tab.page_errors == []


def test_histograms_fill_their_rows_evenly(tab):
    """Walk of the demo at 1000 px: the text run's five histograms sat four
    in a row and one alone below; rows now differ by at most one histogram."""
    body = tab.tb.get("sensitivity", [("run", TEXT_RUN), ("tag", TAG)])
    n = len(body["choices"])
    assert n == 5
    for width in (1000, 1600):
        open_view(tab, TEXT_RUN, width)
        hists = tab.testid("sens-hist")
        expect(hists).to_have_count(n)
        tops = [round(y) for y in hists.evaluate_all("hs => hs.map((h) => h.getBoundingClientRect().top)")]
        rows = [tops.count(t) for t in sorted(set(tops))]
        assert max(rows) - min(rows) <= 1, (width, rows)
        # and they stay inside their panel
        right, panel = hists.last.evaluate(
            "h => [h.getBoundingClientRect().right, h.closest('section').getBoundingClientRect().right]")
        assert right <= panel, (width, right, panel)
        full_screenshot(tab, "sensitivity_histograms_%d" % width)
    assert tab.page_errors == []


def test_undefined_column_says_why_in_words(tab):
    """Walk of the demo: the undefined column showed the writer's codes
    (``no_listed_tokens: 982``); it says why in words, the code in a tooltip."""
    body = tab.tb.get("sensitivity", [("run", TEXT_RUN), ("tag", TAG)])
    listed = next(c for c in body["choices"] if c["name"] == "word_list")
    count = listed["reasons"]["no_listed_tokens"]
    for width in (1000, 1600):
        open_view(tab, TEXT_RUN, width)
        cell = tab.ui.locator('[data-testid="sens-summary-row"][data-choice="word_list"] [data-testid="sens-undefined"]')
        expect(cell).to_have_text("no listed word in the text: {:,}".format(count))
        expect(cell.locator('[title="no_listed_tokens"]')).to_have_count(1)
        full_screenshot(tab, "sensitivity_undefined_%d" % width)
    assert tab.page_errors == []


def test_a_sample_all_at_zero_is_one_spike_not_an_axis_to_one(tab):
    """Walk of the demo: the tabular run's mask_gender has every P at 0 but its
    histogram's axis ran 0-1.000 (the writer's bins for a zero-width sample)."""
    body = tab.tb.get("sensitivity", [("run", TAB_RUN), ("tag", TAG)])
    gender = next(c for c in body["choices"] if c["name"] == "mask_gender")
    assert gender["max"] == 0 and gender["histogram"]["edges"][-1] == 1.0
    for width in (1000, 1600):
        open_view(tab, TAB_RUN, width)
        hist = tab.ui.locator('[data-testid="sens-hist"][data-choice="mask_gender"]')
        labels = hist.locator("text").evaluate_all("ts => ts.map((t) => t.textContent.trim())")
        assert "1.000" not in labels, labels
        assert "all {:,} at P = 0".format(sum(gender["histogram"]["counts"])) in labels, labels
        # the others keep their logged range
        other = tab.ui.locator('[data-testid="sens-hist"][data-choice="uniform"] text')
        assert "0.000" in other.evaluate_all("ts => ts.map((t) => t.textContent.trim())")
        full_screenshot(tab, "sensitivity_all_zero_%d" % width)
    assert tab.page_errors == []


def test_comparison_with_a_constant_choice_says_why_rho_is_undefined(tab):
    """Walk of the demo: mask_gender against uniform showed rho "—" with no
    reason, an x axis "mask_gender → 1.000" though every P is 0, and the
    points piled on the y axis over its "uniform" label."""
    compare = tab.tb.get("sensitivity_compare", [("run", TAB_RUN), ("tag", TAG), ("a", "mask_gender"), ("b", "uniform")])
    assert compare["rho"] is None and {p["a"] for p in compare["points"]} == {0.0}
    for width in (1000, 1600):
        open_view(tab, TAB_RUN, width, **{"sensitivity.a": "mask_gender", "sensitivity.b": "uniform"})
        expect(tab.testid("sens-rho")).to_have_text("\u2014")
        expect(tab.testid("sens-rho-reason")).to_have_text("(undefined: P under mask_gender is constant: 0.0000 for every example)")
        scatter = tab.testid("sens-scatter")
        labels = scatter.locator("text").evaluate_all("ts => ts.map((t) => t.textContent.trim())")
        assert "1.000" not in labels, labels
        expect(tab.testid("sens-scatter-x-tick")).to_have_text(["0.000"])
        # no point covers the y axis's name
        name = tab.testid("sens-scatter-y-name").bounding_box()
        points = [p.bounding_box() for p in tab.testid("sens-point").all()]
        assert len(points) == compare["n"]
        assert all(p["y"] >= name["y"] + name["height"] or p["x"] >= name["x"] + name["width"] or p["x"] + p["width"] <= name["x"]
                   for p in points)
        full_screenshot(tab, "sensitivity_constant_comparison_%d" % width)
    assert tab.page_errors == []


def test_link_values_the_logdir_lacks_are_said(tab):
    """Walk-through: a link's step or v choice the table lacks was replaced without a word."""
    open_view(tab, TEXT_RUN, 1000, **{"sensitivity.step": "999", "sensitivity.a": "no_such_choice"})
    notice = tab.testid("link-notice")
    expect(notice).to_contain_text("Step 999 of %s/%s is not among the steps TensorBoard kept; showing the latest." % (TEXT_RUN, TAG))
    expect(notice).to_contain_text("The v choice \u201cno_such_choice\u201d is not logged in this table")
    tab.screenshot("sensitivity_bad_link_1000")
    # the reader's first pick makes it go: it spoke of the link, which no longer decides what is shown
    tab.testid("step-select").select_option(index=0)
    expect(notice).to_have_count(0)
    tab.page.goto("about:blank")
    open_view(tab, TEXT_RUN, 1000, **{"sensitivity.a": "word_list_emb"})
    expect(tab.testid("sens-a-select")).to_have_value("word_list_emb")
    expect(notice).to_have_count(0)
    assert tab.page_errors == []


def test_scatter_points_reach_the_keyboard(tab):
    """Walk-through: the v comparison's example ids showed only on hover; its table opens from the keyboard."""
    # the walk-through's choices: word_list's longer name widened the table past the panel at 1000 px
    open_view(tab, TEXT_RUN, 1000, **{"sensitivity.a": "word_list", "sensitivity.b": "uniform"})
    a, b = tab.testid("sens-a-select").input_value(), tab.testid("sens-b-select").input_value()
    assert (a, b) == ("word_list", "uniform")
    compare = tab.tb.get("sensitivity_compare", [("run", TEXT_RUN), ("tag", TAG), ("a", a), ("b", b)])
    values = tab.testid("sens-scatter-values")
    values.locator("summary").focus()
    tab.page.keyboard.press("Enter")
    rows = values.locator("tbody tr")
    expect(rows).to_have_count(len(compare["points"]))
    top = max(compare["points"], key=lambda p: p["a"])
    assert rows.nth(0).locator("th").inner_text() == top["id"]  # the row's header
    values.scroll_into_view_if_needed()
    # in fixed decimals the table fits at 1000 px; a wider one would be shaded, no number cut
    assert_sideways_cue(values.locator(".sideways"), "points at 1000 px", more=False)
    tab.screenshot("sensitivity_scatter_values_1000")
    assert tab.page_errors == []


@pytest.fixture(scope="module")
def p_only_server(tmp_path_factory):
    """docs/guides/sensitivity.md's P computed elsewhere: `tb-bias log --measure sensitivity --p-column`
    logs one v choice's P with groups, and no per-feature or per-token detail."""
    from tb_bias_plugin.cli import main

    root = tmp_path_factory.mktemp("p_only")
    rows = ["id,sex,P_gendered"] + ["r%02d,%s,%.4f" % (i, "fm"[i % 2], (i * 37 % 60) / 200) for i in range(60)]
    (root / "sens.csv").write_text("\n".join(rows) + "\n")
    logdir = root / "logs"
    assert main(["log", "--measure", "sensitivity", str(root / "sens.csv"), "--logdir", str(logdir / "eval"),
                 "--name", "sensitivity", "--p-column", "P_gendered", "--group-column", "sex", "--id-column", "id"]) == 0
    yield from serving(logdir, ("eval",))


def test_a_record_of_p_only_shows_no_empty_detail(browser, p_only_server):
    """Review: a record of P alone showed a tiny empty "compared with" dropdown, a legend of per-feature
    bars that did not exist and a "Token types" panel saying no token strings were logged (the record
    is not text). Its distribution, aggregates, groups and top examples show; nothing that is empty."""
    body = p_only_server.get("sensitivity", [("run", "eval"), ("tag", TAG)])
    assert [c["name"] for c in body["choices"]] == ["P_gendered"] and body["choices"][0]["features"] is None
    for width in (1000, 1600):
        context = browser.new_context(viewport={"width": width, "height": 1000})
        try:
            tab = Tab(context.new_page(), p_only_server)
            open_view(tab, "eval", width=width)
            expect(tab.testid("sens-summary-row")).to_have_count(1)
            expect(tab.testid("sens-hist")).to_have_count(1)
            expect(tab.testid("sens-groups")).to_be_visible()
            expect(tab.testid("sens-example").first).to_be_visible()
            # one choice: a short note, not an empty dropdown
            expect(tab.testid("sens-b-select")).to_have_count(0)
            expect(tab.testid("sens-b-none")).to_have_text("compared with: no other v choice logged")
            expect(tab.testid("sens-a-select")).to_have_value("P_gendered")
            # no legend of bars, no per-feature or token-type panel, no empty per-example grid
            examples = tab.testid("sens-examples")
            expect(examples).not_to_contain_text("per-feature sensitivity")
            expect(examples.locator(".legend")).to_have_count(0)
            expect(tab.testid("sens-example-features")).to_have_count(0)
            expect(tab.ui.get_by_text("Token types by mean")).to_have_count(0)
            expect(tab.ui.get_by_text("No token strings were logged.")).to_have_count(0)
            expect(tab.testid("sens-features")).to_have_count(0)
            # the groups' panel takes the row its empty neighbour left; so do the steps (no empty comparison
            # panel saying to log two choices beside them: a11y review)
            breakdowns = tab.testid("sens-breakdowns").bounding_box()
            summary = tab.testid("sens-summary").bounding_box()
            assert breakdowns["width"] == pytest.approx(summary["width"], abs=2), (breakdowns, summary)
            expect(tab.testid("sens-scatter-section")).to_have_count(0)
            steps = tab.testid("sens-steps").bounding_box()
            assert steps["width"] == pytest.approx(summary["width"], abs=2), (steps, summary)
            full_screenshot(tab, "sensitivity_p_only_%d" % width)
            assert tab.page_errors == []
        finally:
            context.close()
