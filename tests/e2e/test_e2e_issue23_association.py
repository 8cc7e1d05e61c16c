"""Issue 23, the label-association view in a real browser at 1000 and 1600
px (1400 where the issue measured there): the q header's first sort, the
trend sort said in the tab, sticky label, gap and q columns, the total and
compare's columns whole, a refused search pattern said by the search box,
plurals, the across-steps chart's colours and axes, and an empty table
that names the default rule that emptied it. Expectations come from the
backend's answers; screenshots go to test-artifacts/e2e/."""

import json

import pytest
from playwright.sync_api import expect

from conftest import Tab, serving
from e2e_data import DEMO_TAG, WIDE_RUN, WIDE_TAG

DEFAULT = {"run": "model_a", "tag": DEMO_TAG}
WIDTHS = (1000, 1600)
OKABE_ITO = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#f0e442", "#000000"}

TABLE_ROOT = """() => document.querySelector("tb-bias-app").shadowRoot
  .querySelector("tb-bias-association-view").shadowRoot.querySelector("%s").shadowRoot"""

# where the cells of the first row and the header sit relative to the table's box
STICKY_JS = """(scroll) => {
  const root = (%s)();
  const scroller = root.querySelector("lit-virtualizer");
  if (scroll) scroller.scrollLeft = scroller.scrollWidth;
  const box = root.querySelector('[data-testid="ranked-table"]').getBoundingClientRect();
  const row = root.querySelector('[data-testid="table-row"][data-rank="1"]');
  const rect = (e) => { const b = e.getBoundingClientRect(); return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; };
  const cells = {};
  for (const id of ["cell-label", "cell-gap", "cell-q"]) {
    const c = row.querySelector('[data-testid="' + id + '"]');
    if (c) cells[id] = rect(c);
  }
  const counts = [...row.querySelectorAll('[data-testid="cell-count"]')].map(rect);
  const headers = {};
  for (const id of ["sort-header-label", "sort-header-gap", "sort-header-q_value"]) {
    const h = root.querySelector('[data-testid="' + id + '"]');
    if (h) headers[id] = rect(h);
  }
  return {box: rect(root.querySelector('[data-testid="ranked-table"]')), cells, counts, headers,
          scrolled: scroller.scrollLeft, scrollable: scroller.scrollWidth > scroller.clientWidth + 1};
}""" % (TABLE_ROOT % "tb-bias-table")


def shot(tab, name, width):
    tab.page.set_viewport_size({"width": width, "height": 1000})
    tab.page.wait_for_timeout(300)
    return tab.screenshot("issue23_%s_%d" % (name, width))


def inside(cell, box):
    return cell["left"] >= box["left"] - 1 and cell["right"] <= box["right"] + 1


def test_q_header_sorts_ascending_first_and_the_trend_sort_says_what_it_ranks_by(tab, tensorboard):
    for width in WIDTHS:
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.open(DEFAULT)
        tab.testid("sort-header-q_value").click()
        tab.wait_for_hash("sort", "q_value")
        tab.wait_for_hash("order", "asc")
        ranked = tensorboard.get("table", dict(DEFAULT, sort="q_value", order="asc", limit=25))
        state = tab.settled(total=ranked["total"])
        assert [r["label"] for r in state["rows"][:25]] == [r["label"] for r in ranked["rows"]]
        qs = [r["q_value"] for r in ranked["rows"]]
        assert qs == sorted(qs)  # the most significant first
        expect(tab.testid("sort-note")).to_have_count(0)
        # the trend sort ranks by a bound, and says so in the tab
        tab.testid("sort-header-change_bound").click()
        tab.wait_for_hash("sort", "change_bound")
        expect(tab.testid("sort-note")).to_be_visible()
        expect(tab.testid("sort-note")).to_contain_text("nearest 0")
        expect(tab.testid("sort-note")).to_contain_text("the number shown is the change")
        shot(tab, "sort_note", width)
    assert tab.page_errors == []


def test_label_gap_and_q_stay_in_view_when_rows_scroll_sideways(tab):
    for width in WIDTHS:
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.open({"run": WIDE_RUN, "tag": WIDE_TAG}, top=10)
        tab.frame.wait_for_function("() => (%s)().querySelector('[data-testid=\"cell-q\"]') !== null" % (TABLE_ROOT % "tb-bias-table"))
        at = tab.frame.evaluate(STICKY_JS, True)
        assert at["scrollable"] and at["scrolled"] > 0, at
        for cell in ("cell-label", "cell-gap", "cell-q"):
            assert inside(at["cells"][cell], at["box"]), (width, cell, at)
        for header in ("sort-header-label", "sort-header-gap", "sort-header-q_value"):
            assert inside(at["headers"][header], at["box"]), (width, header, at)
        shot(tab, "sticky_columns", width)
    assert tab.page_errors == []


def test_counts_total_and_compare_fit(tab):
    # at 1400 px with Counts on, C(y) is on screen without scrolling
    tab.page.set_viewport_size({"width": 1400, "height": 1000})
    tab.open(dict(DEFAULT, counts="1"))
    at = tab.frame.evaluate(STICKY_JS, False)
    assert at["counts"] and inside(at["counts"][0], at["box"]), at
    shot(tab, "counts", 1400)
    for width in WIDTHS:
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.open(DEFAULT)
        total = tab.testid("table-total")
        cut = total.evaluate("t => t.scrollWidth > t.clientWidth + 1")
        assert not cut, total.inner_text()
        expect(total).to_contain_text("labels")
        # compare: the last columns are reached by scrolling sideways, the label staying
        tab.testid("view-compare").click()
        expect(tab.testid("compare-table")).to_be_visible()
        tab.frame.wait_for_function("() => (%s)().querySelector('[role=row][data-label]') !== null" % (TABLE_ROOT % "tb-bias-compare"))
        reach = tab.frame.evaluate("""() => {
          const root = (%s)();
          const scroller = root.querySelector("lit-virtualizer");
          scroller.scrollLeft = scroller.scrollWidth;
          scroller.dispatchEvent(new Event("scroll"));
          const box = root.querySelector('[data-testid="compare-table"]').getBoundingClientRect();
          const row = root.querySelector("[role=row][data-label]");
          const cells = [...row.children].map((c) => c.getBoundingClientRect());
          const last = cells[cells.length - 2];  // the last number (Count B) before the flag column
          const label = cells[0];
          return {lastRight: last.right, labelLeft: label.left, left: box.left, right: box.right};
        }""" % (TABLE_ROOT % "tb-bias-compare"))
        assert reach["lastRight"] <= reach["right"] + 1 and reach["labelLeft"] >= reach["left"] - 1, reach
        shot(tab, "compare_scrolled", width)
    assert tab.page_errors == []


def test_a_refused_search_pattern_is_said_by_the_search_box_without_retry(tab, tensorboard):
    for width in WIDTHS:
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.page.goto("about:blank")
        tab.open(DEFAULT)
        tab.testid("search-input").fill("hai(")
        tab.testid("search-input").press("Enter")
        error = tab.testid("search-error")
        expect(error).to_be_visible()
        expect(error).to_contain_text("hai(")
        expect(tab.ui.locator("button", has_text="Retry")).to_have_count(0)
        expect(tab.ui.locator('tb-bias-table [data-testid="error-message"]')).to_have_count(0)
        # the table says why it is empty (it was blank)
        expect(tab.testid("table-search-refused")).to_contain_text("the search pattern was refused")
        # the message sits by the box: right below it
        box, msg = tab.testid("search-input").bounding_box(), error.bounding_box()
        assert 0 <= msg["y"] - (box["y"] + box["height"]) < 40, (box, msg)
        shot(tab, "search_error", width)
        tab.testid("search-input").fill("hair")
        tab.testid("search-input").press("Enter")
        expect(tab.testid("search-error")).to_have_count(0)
    assert tab.page_errors == []


BULK = ("flag-all-button", "unflag-all-button", "hide-all-button", "unhide-all-button", "select-all-button")


def test_a_refused_search_is_said_once_keeps_the_count_and_offers_no_bulk_action(tab, tensorboard):
    """Walk-through with 'Ba(rd': the refusal was said twice (the Distributions panel too, whose
    request was a second 400 in the console), the count line lost 'N of M labels' and Unhide stayed
    enabled beside a disabled Flag, Hide and Select."""
    refused = []
    tab.page.on("response", lambda r: refused.append(r.url) if r.status == 400 and "/distribution?" in r.url else None)
    tab.page.set_viewport_size({"width": 1000, "height": 1000})
    tab.open(DEFAULT)
    whole = tab.testid("table-total").inner_text().split(" of ", 1)[1].split(" \u00b7 ")[0]  # "2,056 labels"
    tab.testid("search-input").fill("Ba(rd")
    tab.testid("search-input").press("Enter")
    expect(tab.testid("search-error")).to_contain_text("Ba(rd")
    expect(tab.testid("distributions-search-refused")).to_be_visible()
    # one message: none in the Distributions panel, none above the table
    expect(tab.ui.locator('[role="alert"]', has_text="Ba(rd")).to_have_count(1)
    expect(tab.ui.locator('tb-bias-distributions [data-testid="error-message"]')).to_have_count(0)
    expect(tab.testid("table-total")).to_contain_text("0 of %s" % whole)
    for button in BULK:
        expect(tab.testid(button)).to_be_disabled()
    tab.page.wait_for_timeout(500)
    assert refused == [], "the distribution was asked for a search the table's route refused"
    shot(tab, "search_refused_once", 1000)
    # a search that matches nothing: Unhide only if hidden labels could match it
    tab.testid("search-input").fill("zzzz_no_label")
    tab.testid("search-input").press("Enter")
    expect(tab.testid("table-empty")).to_be_visible()
    hidden = tensorboard.get("flags", {"tag": DEMO_TAG})["hidden"]
    expect(tab.testid("unhide-all-button")).to_be_enabled() if hidden else expect(tab.testid("unhide-all-button")).to_be_disabled()
    expect(tab.testid("hide-all-button")).to_be_disabled()
    # fixed: the distributions come back
    tab.testid("search-input").fill("Ba(rd)?")
    tab.testid("search-input").press("Enter")
    expect(tab.testid("search-error")).to_have_count(0)
    expect(tab.testid("distributions-caption")).to_be_visible()
    assert tab.page_errors == []


def test_one_label_is_counted_in_the_singular_of_the_whole(tab, tensorboard):
    first = tensorboard.get("table", dict(DEFAULT, limit=1))["rows"][0]["label"]
    pattern = "^%s$" % first
    one = tensorboard.get("table", dict(DEFAULT, q=pattern, limit=1))
    assert one["total"] == 1
    for width in WIDTHS:
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.open(dict(DEFAULT, q=pattern), total=1)
        expect(tab.testid("table-total")).to_contain_text("1 of %s labels" % format(one["num_labels"], ","))
    assert tab.page_errors == []


def test_across_steps_chart_uses_label_colours_round_ticks_and_a_step_title(tab):
    tab.open(dict(DEFAULT, sel='["Long Hair","Beard","Lipstick"]'), top=10)
    for width in WIDTHS:
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.testid("selected-plot-steps").click()
        expect(tab.testid("trend-line")).to_have_count(3)
        colours = [c.lower() for c in tab.testid("trend-line").evaluate_all("ls => ls.map((l) => l.getAttribute('stroke'))")]
        assert not set(colours) & OKABE_ITO, colours  # never an identity's colour
        ticks = tab.testid("trend-y-tick").evaluate_all("ts => ts.map((t) => t.textContent)")
        values = [float(t) for t in ticks]
        steps = [b - a for a, b in zip(values, values[1:])]
        assert len(values) >= 3 and all(abs(s - steps[0]) < 1e-9 for s in steps), ticks
        # round ticks: each a multiple of 1, 2 or 5 times a power of ten, written with at most 2 decimals
        assert all(len(t.split(".")[1]) <= 2 if "." in t else True for t in ticks), ticks
        expect(tab.testid("trend-x-title")).to_have_text("step")
        shot(tab, "trend_chart", width)
        tab.testid("selected-plot-identities").click()
    assert tab.page_errors == []


@pytest.fixture(scope="module")
def default_rule_server(tmp_path_factory):
    """A table whose every label is an identity label or never seen with one
    of the pair: the default rules leave nothing (as the README's Beam example)."""
    from tb_bias_plugin import summary

    logdir = tmp_path_factory.mktemp("default_rules") / "logs"
    predictions = [["man"], ["woman", "dress"], ["woman"], ["man", "woman"], ["woman", "dress"]]
    with summary.Writer(logdir / "beam_like") as writer:
        writer.association_table("gender", predictions, label_names=["man", "woman", "dress"],
                                 identity_labels=["man", "woman"], step=0)
    yield from serving(logdir, ("beam_like",))


def test_empty_table_names_the_default_rule_and_offers_its_switch(browser, default_rule_server):
    state = {"run": "beam_like", "tag": "gender"}
    assert default_rule_server.get("table", dict(state, limit=1))["total"] == 0
    for width in WIDTHS:
        context = browser.new_context(viewport={"width": width, "height": 900})
        try:
            tab = Tab(context.new_page(), default_rule_server)
            tab.open(state, total=0)
            expect(tab.testid("empty-rule-zero")).to_contain_text("1 label never seen")
            expect(tab.testid("empty-rule-identities")).to_contain_text("2 identity labels")
            tab.screenshot("issue23_empty_default_rules_%d" % width)
            tab.testid("empty-include-zero").click()
            tab.wait_for_hash("zero", "1")
            state_after = tab.settled(total=1)
            assert [r["label"] for r in state_after["rows"]] == ["dress"]
            expect(tab.testid("include-zero-checkbox")).to_be_checked()
            tab.page.goto("about:blank")
            tab.open(state, total=0)
            tab.testid("empty-include-identities").click()
            tab.wait_for_hash("ids", "1")
            tab.settled(total=2)
            assert tab.page_errors == [], json.dumps(tab.page_errors)
        finally:
            context.close()
