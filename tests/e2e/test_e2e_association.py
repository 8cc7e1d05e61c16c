"""Issue 10 in a real browser: intervals, q-values and the significance
filter in the ranked table, compare ranked by the interval bound and signed
later minus earlier, the distributions' empty state, column headers that
fit, and a precomputed `metric_table` run with a Markdown description.
Expectations come from the backend's own answers; screenshots at 1000 and
1600 px go to test-artifacts/e2e/."""

import numpy as np
import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, Tab, serving
from e2e_data import DEMO_TAG, HOSTILE_RUN, HOSTILE_TAG
from tb_harness import TensorBoard, assert_sideways_cue, tab_url

DEFAULT = {"run": "model_a", "tag": DEMO_TAG}
TOP = 25

ROWS_JS = """() => {
  const app = document.querySelector("tb-bias-app");
  const view = app.shadowRoot.querySelector("tb-bias-association-view");
  const root = view.shadowRoot.querySelector("tb-bias-table").shadowRoot;
  return [...root.querySelectorAll('[data-testid="table-row"]')].map((r) => ({
    rank: Number(r.dataset.rank),
    label: r.dataset.label,
    muted: r.classList.contains("muted"),
    q: r.querySelector('[data-testid="cell-q"]')?.textContent.trim() ?? null,
    low: r.querySelector('[data-testid="cell-gap"]').dataset.low,
    high: r.querySelector('[data-testid="cell-gap"]').dataset.high,
    whisker: getComputedStyle(r.querySelector('[data-testid="cell-gap"]')).getPropertyValue("--ww"),
  })).sort((a, b) => a.rank - b.rank);
}"""

CUT_HEADERS_JS = """() => {
  const app = document.querySelector("tb-bias-app");
  const view = app.shadowRoot.querySelector("tb-bias-association-view");
  const root = view.shadowRoot.querySelector("tb-bias-table").shadowRoot;
  return [...root.querySelectorAll('[role="columnheader"] .t')]
    .filter((t) => t.scrollWidth > t.clientWidth + 1).map((t) => t.textContent);
}"""


def shot(tab, name, width):
    tab.page.set_viewport_size({"width": width, "height": 1000})
    tab.page.wait_for_timeout(400)
    return tab.screenshot("%s_%d" % (name, width))


def test_table_shows_intervals_q_values_and_filters_by_significance(tab, tensorboard):
    tab.open(DEFAULT)
    expected = tensorboard.get("table", dict(DEFAULT, limit=TOP))
    rows = tab.frame.evaluate(ROWS_JS)
    assert [r["label"] for r in rows[:TOP]] == [r["label"] for r in expected["rows"]]
    for shown, want in zip(rows, expected["rows"]):
        assert float(shown["low"]) == pytest.approx(want["gap_low"]) and float(shown["high"]) == pytest.approx(want["gap_high"])
        assert float(shown["whisker"]) > 0, "no whisker on %s" % want["label"]
        q = want["q_value"]
        assert shown["q"] == ("<0.001" if q < 0.001 else "%.3f" % q)
        assert shown["muted"] == (q > 0.05), want["label"]
    for width in (1000, 1600):
        shot(tab, "association_intervals", width)
    tab.page.set_viewport_size({"width": 1400, "height": 1000})
    tab.testid("significant-only").check()
    tab.wait_for_hash("qmax", "0.05")
    significant = tensorboard.get("table", dict(DEFAULT, q_max=0.05, limit=TOP))
    assert 0 < significant["total"] < expected["total"]
    tab.settled(total=significant["total"])
    assert not any(r["muted"] for r in tab.frame.evaluate(ROWS_JS))
    tab.testid("level-select").select_option("0.99")
    tab.wait_for_hash("level", "0.99")
    wide = tensorboard.get("table", dict(DEFAULT, q_max=0.05, level=0.99, limit=TOP))
    tab.settled(total=wide["total"])
    first = tab.frame.evaluate(ROWS_JS)[0]
    assert float(first["low"]) == pytest.approx(wide["rows"][0]["gap_low"])
    assert tab.page_errors == []


def test_compare_leads_with_planted_labels_later_minus_earlier(tab, tensorboard):
    from tb_harness import tab_url

    tab.page.goto(tab_url(tensorboard.url, dict(DEFAULT, view="compare", run2="model_a", step2=1)))
    expected = tensorboard.get("compare", dict(DEFAULT, run2="model_a", step2=1, limit=TOP))
    assert expected["sort"] == "bound" and expected["delta_sign"] == "a - b"  # A is the latest step
    table = tab.testid("compare-table")
    expect(table).to_have_attribute("data-total", str(expected["total"]))
    expect(table).to_have_attribute("data-loading", "false")
    rows = tab.testid("compare-row")
    expect(rows.first).to_have_attribute("data-label", expected["rows"][0]["label"])
    # the top of the default ranking is not made of rare labels
    leaders = expected["rows"][:10]
    assert all(min(r["count_a"], r["count_b"]) >= 20 for r in leaders), [(r["label"], r["count_a"]) for r in leaders]
    expect(tab.ui.locator('[data-testid="compare-sort-header-delta"]')).to_contain_text("A \u2212 B")
    expect(tab.testid("delta-sign")).to_contain_text("later minus earlier")
    expect(tab.testid("delta-whisker").first).to_be_visible()
    # the total is of labels that pass the filters (fewer than A's own, by the zero co-occurrence rule
    # applied to B too), not of labels the two tables share, which are counted apart
    expect(tab.testid("compare-summary")).to_contain_text(
        "%s labels pass the filters (labels in only one table: %d in A, %d in B)"
        % (format(expected["total"], ","), expected["only_in_a"], expected["only_in_b"]))
    for width in (1000, 1600):
        shot(tab, "association_compare", width)
    # the old default, |delta|, led with labels seen a handful of times
    by_delta = tensorboard.get("compare", dict(DEFAULT, run2="model_a", step2=1, sort="delta", limit=10))
    assert min(min(r["count_a"], r["count_b"]) for r in by_delta["rows"]) < min(
        min(r["count_a"], r["count_b"]) for r in leaders)


def test_compare_says_the_sort_it_shows(tab, tensorboard):
    """The default ranking (by the end of \u0394's interval nearest 0) shows its arrow on \u0394, and the summary
    follows a click on \u0394's header to |\u0394|: it kept saying 'the interval bound' with the rows by |\u0394|."""
    tab.page.goto(tab_url(tensorboard.url, dict(DEFAULT, view="compare", run2="model_a", step2=1)))
    header = tab.testid("compare-sort-header-delta")
    ranking = tab.testid("compare-ranking")
    expect(ranking).to_contain_text("ranked by the end of \u0394's 95% interval nearest 0")
    expect(header).to_contain_text("\u25bc")
    expect(header.locator(".sort-note")).to_have_text("95% bound")
    expect(tab.ui.locator('[role="columnheader"]:has([data-testid="compare-sort-header-delta"])')).to_have_attribute("aria-sort", "other")
    header.click()
    by_delta = tensorboard.get("compare", dict(DEFAULT, run2="model_a", step2=1, sort="delta", order="abs", limit=1))
    expect(tab.testid("compare-row").first).to_have_attribute("data-label", by_delta["rows"][0]["label"])
    expect(ranking).to_have_text("ranked by |\u0394|, largest first")
    expect(header).to_have_text("|\u0394 = A \u2212 B| \u25bc")
    expect(header).to_have_attribute("aria-label", "\u0394 = A \u2212 B, sorted by absolute value, descending")
    tab.testid("compare-sort-header-gap_a").click()
    expect(ranking).to_have_text("ranked by Gap A, highest first")
    expect(tab.testid("compare-sort-header-gap_a")).to_have_text("Gap A \u25bc")
    for width in (1000, 1600):
        shot(tab, "association_compare_sorted", width)
    assert tab.page_errors == []


MEDIANS_JS = """() => {
  const app = document.querySelector("tb-bias-app");
  const view = app.shadowRoot.querySelector("tb-bias-association-view");
  const root = view.shadowRoot.querySelector("tb-bias-distributions").shadowRoot;
  return [...root.querySelectorAll(".row-head .n")].map((n) => n.textContent.trim());
}"""


def test_distribution_medians_read_as_the_table_does(tab, tensorboard):
    """Brushed to the most gendered labels, boy's median of npmi_xy is about 4e-5: the panel said
    'median 3.79e-5' beside 'median 0.229' while the table writes the column with 3 decimals."""
    state = dict(DEFAULT, range=["gap:0.2:0.59"])
    tab.open(state)
    answer = tensorboard.get("distribution", dict(DEFAULT, range="gap:0.2:0.59"))
    medians = {h["identity"]: h["quantiles"]["median"] for h in answer["identities"]}
    assert 0 < abs(medians["boy"]) < 1e-3, medians  # the case the panel wrote with an exponent
    expected = ["median %s" % ("%.3f" % m).replace("-0.000", "0.000") for m in medians.values()]
    expected.append("median %+.3f" % answer["gap"]["quantiles"]["median"])
    tab.frame.wait_for_function("(n) => (%s)().length === n" % MEDIANS_JS, arg=len(expected))
    texts = tab.frame.evaluate(MEDIANS_JS)
    assert [t.split(" \u00b7 ")[-1] for t in texts] == expected, texts
    for width in (1000, 1600):
        shot(tab, "association_distribution_medians", width)


LAYOUT_JS = """() => {
  const app = document.querySelector("tb-bias-app");
  const view = app.shadowRoot.querySelector("tb-bias-association-view");
  const aside = view.shadowRoot.querySelector("aside");
  const root = view.shadowRoot.querySelector("tb-bias-table").shadowRoot;
  const rows = root.querySelector("lit-virtualizer").getBoundingClientRect();
  const bottom = Math.min(rows.bottom, window.innerHeight);
  const whole = [...root.querySelectorAll('[data-testid="table-row"]')].map((r) => r.getBoundingClientRect())
    .filter((r) => r.top >= rows.top - 1 && r.bottom <= bottom + 1).length;
  const cutNumbers = [...root.querySelectorAll('[data-testid="cell-value"], [data-testid="cell-gap"], [data-testid="cell-q"]')]
    .filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent.trim());
  return {aside: aside.getBoundingClientRect().width, rows: whole, cutNumbers,
          identities: root.querySelectorAll('[data-testid="table-row"]:first-of-type [data-testid="cell-value"]').length};
}"""


def test_the_table_keeps_its_rows_at_1000_px_with_both_panels_open(tab, tensorboard):
    """Walk-through at 1000 x 1000: the 360 px controls left the table 618 px, one identity's column
    cut mid-number ('0.4'), and with the selected labels' chart and the Examples panel open the table
    showed 2 rows. The controls take a quarter of the width and fold away, the two panels sit side by
    side, and the column the edge cuts is covered whole."""
    tab.page.set_viewport_size({"width": 1000, "height": 1000})
    tab.open(dict(DEFAULT, sel=["Beard", "Suit"], examples="Beard"), top=10)
    expect(tab.testid("examples-panel")).to_be_visible()
    expect(tab.testid("pcp-line")).to_have_count(2)
    layout = tab.frame.evaluate(LAYOUT_JS)
    assert layout["aside"] <= 300, layout
    assert layout["rows"] >= 10, layout
    assert layout["cutNumbers"] == [], layout
    assert_sideways_cue(tab.testid("ranked-table"), "1000 px, both panels", more=True)
    shot(tab, "association_both_panels", 1000)
    # folded, the table takes the width: more identities in view
    tab.testid("aside-toggle").click()
    expect(tab.testid("aside-toggle")).to_have_attribute("aria-expanded", "false")
    tab.page.wait_for_timeout(300)
    folded = tab.frame.evaluate(LAYOUT_JS)
    assert folded["aside"] < 60 and folded["rows"] >= layout["rows"], folded
    assert_sideways_cue(tab.testid("ranked-table"), "1000 px, folded")
    shot(tab, "association_both_panels_folded", 1000)
    tab.testid("aside-toggle").click()
    expect(tab.testid("run-select")).to_be_visible()
    shot(tab, "association_both_panels", 1600)
    assert tab.frame.evaluate(LAYOUT_JS)["aside"] == 360
    assert tab.page_errors == []


def test_search_matching_nothing_shows_an_empty_state(tab):
    tab.open(dict(DEFAULT, q="zzz_no_label_has_this"), total=0)
    expect(tab.testid("distributions-empty")).to_be_visible()
    assert tab.page_errors == []
    shot(tab, "association_empty_search", 1000)


def test_count_headers_fit_at_1400_and_1000(tab):
    tab.open(dict(DEFAULT, counts="1"))
    for width in (1400, 1000):
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.page.wait_for_timeout(400)
        assert tab.frame.evaluate(CUT_HEADERS_JS) == [], "cut headers at %d px" % width
    shot(tab, "association_counts", 1000)


SCROLL_LEFTS_JS = """() => {
  const app = document.querySelector("tb-bias-app");
  const view = app.shadowRoot.querySelector("tb-bias-association-view");
  const root = view.shadowRoot.querySelector("tb-bias-table").shadowRoot;
  return {header: root.querySelector(".header-viewport").scrollLeft, rows: root.querySelector("lit-virtualizer").scrollLeft};
}"""


def test_tabbing_to_a_header_out_of_view_scrolls_the_rows_with_it(tab):
    """Audit: focus scrolled the header strip sideways but not the rows, so
    the headers sat over the wrong columns."""
    tab.page.set_viewport_size({"width": 1000, "height": 1000})
    tab.open(dict(DEFAULT, counts="1"))
    buttons = tab.ui.locator('[data-testid="table-header"] button')
    buttons.last.focus()
    tab.page.keyboard.press("Shift+Tab")
    tab.page.keyboard.press("Tab")  # focus arrives by keyboard, as the audit's did
    expect(buttons.last).to_be_focused()
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        tab.frame.wait_for_function("() => { const s = (%s)(); return s.header > 0 && s.header === s.rows; }" % SCROLL_LEFTS_JS, timeout=5_000)
    except PlaywrightTimeout:
        raise AssertionError("header and rows apart: %r" % tab.frame.evaluate(SCROLL_LEFTS_JS)) from None
    shot(tab, "association_header_focus_scrolled", 1000)
    assert tab.page_errors == []


def test_one_row_takes_the_tab_key_and_the_arrows_walk_the_rows(tab):
    """Walk-through: every row's checkbox and three buttons were tab stops, four a row. Now one row's
    are; Up and Down move to the same control of the next row, scrolling it into view."""
    tab.page.set_viewport_size({"width": 1000, "height": 1000})
    tab.open(DEFAULT)
    rows = tab.ui.locator('[data-testid="table-row"]')
    expect(rows.first).to_be_visible()
    tab.testid("search-input").focus()
    # search, its case box, the toggles, the links, the bulk buttons, the headers... then the rows' scroller
    for _ in range(40):
        tab.page.keyboard.press("Tab")
        if tab.frame.evaluate("() => { let a = document.activeElement; while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement; return a && a.tagName; }") == "LIT-VIRTUALIZER":
            break
    tab.page.keyboard.press("Tab")
    first = rows.first.locator('[data-testid="select-checkbox"]')
    expect(first).to_be_focused()
    for testid in ("flag-button", "hide-button", "examples-button"):
        tab.page.keyboard.press("Tab")
        expect(rows.first.locator('[data-testid="%s"]' % testid)).to_be_focused()
    tab.page.keyboard.press("Tab")  # past the rows: not the second row's checkbox
    expect(rows.nth(1).locator('[data-testid="select-checkbox"]')).not_to_be_focused()
    # the arrows, past the rows drawn at first
    rows.first.locator('[data-testid="flag-button"]').focus()
    for _ in range(45):
        tab.page.keyboard.press("ArrowDown")
    target = tab.ui.locator('[data-testid="table-row"][data-rank="46"] [data-testid="flag-button"]')
    expect(target).to_be_focused()
    expect(target).to_be_in_viewport()
    tab.page.keyboard.press("ArrowUp")
    expect(tab.ui.locator('[data-testid="table-row"][data-rank="45"] [data-testid="flag-button"]')).to_be_focused()
    shot(tab, "association_row_focus", 1000)
    # a page down and End keep the focus on a row (review: the scroller scrolled it away, to the page's body)
    tab.page.keyboard.press("PageDown")
    focused_rank = "() => { let a = document.activeElement; while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement; const r = a && a.closest('[role=row]'); return r ? Number(r.dataset.rank) : null; }"
    tab.frame.wait_for_function("() => (%s)() > 50" % focused_rank, timeout=5_000)
    tab.page.keyboard.press("End")
    total = int(tab.testid("ranked-table").get_attribute("data-total"))
    tab.frame.wait_for_function("() => (%s)() === %d" % (focused_rank, total), timeout=5_000)
    # one long scroll away from the focused row (a scrollbar drag): Tab still reaches a row in view
    scroller = tab.ui.locator("lit-virtualizer").first
    scroller.evaluate("s => { s.scrollTop = 4000; }")
    tab.page.wait_for_timeout(300)
    scroller.focus()
    tab.page.keyboard.press("Tab")
    rank = tab.frame.evaluate("(%s)()" % focused_rank)
    assert rank is not None and abs(rank - 4000 / 30) < 40, rank
    assert tab.page_errors == []


@pytest.fixture(scope="module")
def metric_table_server(tmp_path_factory):
    from tb_bias_plugin import summary

    logdir = tmp_path_factory.mktemp("metric_table") / "logs"
    labels = ["dress", "beard", "tie", "tree"]
    values = np.array([[0.4, -0.2, 30, 5, 40], [-0.3, 0.5, 2, 25, 30], [-0.1, 0.3, 4, 20, 28], [0.0, 0.01, 9, 10, 60]])
    with summary.Writer(logdir / "precomputed") as writer:
        writer.metric_table("npmi", values, label_names=labels,
                            metric_names=["nPMI@woman", "nPMI@man", "count@woman", "count@man", "count"],
                            step=0, description="**Synthetic demo data**, computed *elsewhere*")
    server = TensorBoard(logdir, log_path=logdir.parent / "tb.log", expected_runs=("precomputed",))
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_metric_table_lists_its_identities_and_renders_its_description(browser, metric_table_server):
    runs = metric_table_server.get("runs")
    table = metric_table_server.get("table", {"run": "precomputed", "tag": "npmi"})
    assert table["identities"] == ["woman", "man"]
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    try:
        tab = Tab(context.new_page(), metric_table_server)
        tab.open({"run": "precomputed", "tag": "npmi"}, total=table["total"])
        for identity in ("woman", "man"):
            expect(tab.testid("sort-header-nPMI@%s" % identity)).to_be_visible()
        description = tab.testid("description")
        expect(description.locator("strong")).to_have_text("Synthetic demo data")
        expect(description.locator("em")).to_have_text("elsewhere")
        expect(description).not_to_contain_text("**")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        tab.screenshot("association_metric_table_1000")
        assert tab.page_errors == []
    finally:
        context.close()
    assert runs  # listed


CUE_JS = """(testid) => {
  const app = document.querySelector("tb-bias-app");
  const view = app.shadowRoot.querySelector("tb-bias-association-view");
  const host = view.shadowRoot.querySelector(testid === "ranked-table" ? "tb-bias-table" : "tb-bias-compare");
  const table = host.shadowRoot.querySelector('[data-testid="' + testid + '"]');
  const rows = table.querySelector("lit-virtualizer");
  const shade = getComputedStyle(table, "::after");
  return {marked: table.hasAttribute("data-more-right"), shade: shade.content !== "none" && shade.backgroundImage.includes("gradient"),
          hidden: rows.scrollWidth - rows.clientWidth - rows.scrollLeft};
}"""

SCROLL_BY_JS = """(testid) => {
  const app = document.querySelector("tb-bias-app");
  const view = app.shadowRoot.querySelector("tb-bias-association-view");
  const host = view.shadowRoot.querySelector(testid === "ranked-table" ? "tb-bias-table" : "tb-bias-compare");
  const rows = host.shadowRoot.querySelector('[data-testid="' + testid + '"] lit-virtualizer');
  rows.scrollLeft = 37;
  rows.dispatchEvent(new Event("scroll"));
}"""

SCROLL_END_JS = """(testid) => {
  const app = document.querySelector("tb-bias-app");
  const view = app.shadowRoot.querySelector("tb-bias-association-view");
  const host = view.shadowRoot.querySelector(testid === "ranked-table" ? "tb-bias-table" : "tb-bias-compare");
  const rows = host.shadowRoot.querySelector('[data-testid="' + testid + '"] lit-virtualizer');
  rows.scrollLeft = rows.scrollWidth;
}"""


def test_tables_that_scroll_sideways_shade_their_right_edge(tab, tensorboard):
    """Walk of the demo: at 1000 px the ranked and compare tables scroll
    sideways, but headless Chromium (and overlay scrollbars) show no bar; a
    shade at the right edge says more columns are there, until the end."""
    from tb_harness import tab_url

    # compare fits at 1000 px since the controls take 300 px: at 800 px it scrolls
    cases = (("ranked-table", DEFAULT, "association_sideways_cue", 1000),
             ("compare-table", dict(DEFAULT, view="compare", run2="model_a", step2=1), "association_compare_sideways_cue", 800))
    for testid, state, name, narrow in cases:
        tab.page.set_viewport_size({"width": narrow, "height": 1000})
        tab.page.goto(tab_url(tensorboard.url, dict(state, counts="1")))
        expect(tab.testid(testid)).to_have_attribute("data-loading", "false")
        for width in (narrow, 1600):
            tab.page.set_viewport_size({"width": width, "height": 1000})
            tab.frame.wait_for_function("(t) => { const s = (%s)(t); return s.marked === s.hidden > 1; }" % CUE_JS, arg=testid)
            cue = tab.frame.evaluate(CUE_JS, testid)
            assert cue["shade"] == cue["marked"], (testid, width, cue)
            if width == narrow:
                assert cue["marked"] and cue["hidden"] > 1, (testid, cue)
            # the column the edge cuts is covered whole: no "0.4" of 0.443 (walk-through at 1000 px)
            assert_sideways_cue(tab.testid(testid), (testid, width))
            shot(tab, name, width)
        # scrolled part way: the edge cuts another column, covered as well
        tab.page.set_viewport_size({"width": narrow, "height": 1000})
        tab.frame.evaluate(SCROLL_BY_JS, testid)
        tab.page.wait_for_timeout(200)
        assert_sideways_cue(tab.testid(testid), (testid, "scrolled"), more=True)
        # scrolled to the end: nothing more to the right, no shade
        tab.page.set_viewport_size({"width": narrow, "height": 1000})
        tab.frame.evaluate(SCROLL_END_JS, testid)
        tab.frame.wait_for_function("(t) => !(%s)(t).marked" % CUE_JS, arg=testid)
        shot(tab, name + "_end", narrow)
    assert tab.page_errors == []


def table_requests(tab):
    """The `table` requests the page sends from now on, as (status, query) pairs."""
    seen = []
    tab.page.on("response", lambda r: seen.append((r.status, r.url.split("?", 1)[1]))
                if "/data/plugin/tb_bias/table?" in r.url else None)
    return seen


def test_a_link_with_a_bad_sort_or_search_shows_the_table_and_says_so_once(tab, tensorboard):
    """Walk of the demo: `sort=zzz` sent 10 identical failing `table`
    requests in a second, `q=((` 27; the link's bad value is dropped (the
    default sort, no search), said once, and the table shows."""
    everything = tensorboard.get("table", dict(DEFAULT, limit=1))["total"]
    seen = table_requests(tab)
    tab.open(dict(DEFAULT, sort="zzz"), total=everything)
    expect(tab.testid("notice")).to_contain_text("sort \u201czzz\u201d")
    assert "sort" not in tab.state
    assert not any("sort=zzz" in query for _, query in seen), seen
    shot(tab, "association_bad_sort_link", 1000)
    seen.clear()
    tab.open(dict(DEFAULT, q="(("), total=everything, top=10)
    expect(tab.testid("notice")).to_contain_text("invalid RE2 pattern")
    tab.page.wait_for_timeout(1000)
    refused = [query for status, query in seen if status == 400]
    assert len(refused) == 1, seen
    assert "q" not in tab.state
    expect(tab.testid("search-input")).to_have_value("")
    for width in (1000, 1600):
        shot(tab, "association_bad_search_link", width)
    assert tab.page_errors == []


def test_a_link_to_a_run_or_step_not_logged_says_what_it_shows_instead(tab, tensorboard):
    """UI walk-through: such a link showed model_a at its latest step without a word, and the URL was
    rewritten, so the reader saw other numbers than the sender."""
    tab.open(dict(DEFAULT, run="nope"))
    expect(tab.testid("notice")).to_contain_text("Run \u201cnope\u201d has no table here; showing model_a.")
    tab.open(dict(DEFAULT, step="99"))
    expect(tab.testid("notice")).to_contain_text("Step 99 of model_a/%s is not among the steps" % DEFAULT["tag"])
    tab.open(dict(DEFAULT, metric="bogus", x1="martian"))
    expect(tab.testid("notice")).to_contain_text("Metric \u201cbogus\u201d is not one of this table's; showing npmi_xy.")
    expect(tab.testid("notice")).to_contain_text("Identity \u201cmartian\u201d is not in this table; showing man.")
    # the reader's first pick makes it go: it spoke of the link, which no longer decides what is shown
    # (walk-through: "Step 999 of model_a/gender ..." stayed over model_b's table picked since)
    tab.testid("run-select").select_option("model_b")
    tab.settled()
    expect(tab.testid("notice")).to_have_count(0)
    assert tab.page_errors == []


def test_an_empty_result_names_the_filters_and_clears_them(tab, tensorboard):
    """Walk-through: "No labels match the current filters." named none, and offered no way back."""
    everything = tensorboard.get("table", dict(DEFAULT, limit=1))["total"]
    tab.open(dict(DEFAULT, range='["gap:5:"]', flagged="1"), total=0)
    empty = tab.testid("table-empty")
    expect(empty).to_contain_text("No labels match gap \u2265 5, flagged only.")
    tab.testid("empty-clear-filters").click()
    tab.settled(total=everything)
    expect(tab.testid("filter-chip")).to_have_count(0)
    assert tab.page_errors == []


def test_a_pick_in_the_tab_that_another_run_lacks_is_not_said_as_a_link(tab, tensorboard):
    """Review: picking a run without the current table said "Run untrusted_labels has no table
    “gender”", worded as a link's, and each pick added a sentence to the last."""
    tab.open(DEFAULT)
    expect(tab.testid("notice")).to_have_count(0)
    tab.testid("run-select").select_option(HOSTILE_RUN)
    tab.settled()
    assert tab.state["tag"] == HOSTILE_TAG
    tab.testid("run-select").select_option(DEFAULT["run"])  # which has no table "hostile"
    tab.settled()
    assert tab.state["tag"] == DEFAULT["tag"]
    expect(tab.testid("notice")).to_have_count(0)
    assert tab.page_errors == []


def test_smoothing_is_said_in_the_summary_and_a_bad_one_is_said_not_dropped(tab, tensorboard):
    tab.open(DEFAULT)
    expect(tab.testid("table-total")).not_to_contain_text("smoothing")
    box = tab.testid("smoothing-input")
    box.fill("-1")
    box.press("Enter")
    # put back, with the reason as the field's own message (it was put back, or set to 0, without a word)
    expect(box).to_have_value("0")
    assert "Smoothing is a number from 0" in box.evaluate("e => e.validationMessage")
    box.fill("2")
    # the message goes once the field is edited (it stayed, the field :invalid, until a value was taken)
    assert box.evaluate("e => e.validity.valid && e.validationMessage === ''")
    box.press("Enter")
    tab.wait_for_hash("smoothing", "2")
    expect(tab.testid("table-total")).to_contain_text("smoothing 2")
    assert tab.page_errors == []


def test_a_refused_table_request_is_asked_once_not_in_a_loop(tab):
    seen = table_requests(tab)
    tab.page.route("**/data/plugin/tb_bias/table?*", lambda r: r.fulfill(
        status=400, content_type="application/json", body='{"error": "refused for the test"}'))
    tab.page.goto(tab_url(tab.tb.url, DEFAULT))
    expect(tab.testid("error-message")).to_contain_text("refused for the test")
    tab.page.wait_for_timeout(2000)
    assert len(seen) == 1, seen
    expect(tab.testid("error-message")).to_have_count(1)
    assert tab.page_errors == []


def test_comparing_a_table_with_itself_says_so(tab, tensorboard):
    """Walk of the demo: B = A (same run and step) showed a column of 0.000
    deltas under "later minus earlier step", with no warning."""
    latest = tensorboard.get("table", dict(DEFAULT, limit=1))["step"]
    tab.page.goto(tab_url(tensorboard.url, dict(DEFAULT, view="compare", run2="model_a", step2=latest)))
    expect(tab.testid("compare-same")).to_contain_text("A and B are the same table")
    expect(tab.testid("delta-sign")).to_have_count(0)
    for width in (1000, 1600):
        shot(tab, "association_compare_same", width)
    # another step: the sign of the change again, no warning
    tab.testid("compare-step-select").select_option("1")
    expect(tab.testid("delta-sign")).to_contain_text("later minus earlier")
    expect(tab.testid("compare-same")).to_have_count(0)
    assert tab.page_errors == []


@pytest.fixture(scope="module")
def one_identity_server(tmp_path_factory):
    """docs/large_eval_sets.md's soft identities with one identity classifier (p_female): no pair, no gap."""
    from tb_bias_plugin import CooccurrenceCounter, summary

    logdir = tmp_path_factory.mktemp("one_identity") / "logs"
    counter = CooccurrenceCounter(["nurse", "doctor"], ["p_female"], soft_identities=True)
    counter.update(np.array([[0.9, 0.1], [0.2, 0.8], [0.7, 0.6]]), identities=np.array([[0.9], [0.2], [0.6]]))
    with summary.Writer(logdir / "soft") as writer:
        writer.association_table("soft", counter, step=0)
    yield from serving(logdir, ("soft",))


def test_a_table_of_one_identity_does_not_speak_of_a_gap(browser, one_identity_server):
    context = browser.new_context(viewport={"width": 1000, "height": 1000})
    try:
        tab = Tab(context.new_page(), one_identity_server)
        tab.page.goto(tab_url(tab.tb.url))
        expect(tab.testid("table-row")).to_have_count(2)
        # "npmi_xy per identity over 2 labels, and the gap": there is no gap to draw
        expect(tab.testid("distributions-caption")).to_have_text("npmi_xy per identity over 2 labels")
        tab.screenshot("association_one_identity_1000")
        assert tab.page_errors == []
    finally:
        context.close()


FIT_JS = """() => {
  const app = document.querySelector("tb-bias-app");
  const view = app.shadowRoot.querySelector("tb-bias-association-view");
  const table = view.shadowRoot.querySelector("tb-bias-table").shadowRoot.querySelector('[data-testid="ranked-table"]');
  const rows = table.querySelector("lit-virtualizer");
  const header = table.querySelector(".header-viewport");
  const right = table.getBoundingClientRect().right;
  const row = table.querySelector('[data-testid="table-row"]');
  return {box: table.clientWidth, header: header.scrollWidth, rowsOver: rows.scrollWidth - rows.clientWidth,
          marked: table.hasAttribute("data-more-right"),
          cellsPast: [...row.children].filter((c) => c.getBoundingClientRect().right > right + 1).map((c) => c.textContent.trim())};
}"""


def test_two_identities_fit_the_table_at_1000_px(tab, tensorboard):
    """Walk-through: a run of two identities needed 642 px in a 618 px box at 1000 px, so the last
    identity's values read "-0.1" for "-0.130", cut without a sideways cue."""
    state = {"run": HOSTILE_RUN, "tag": HOSTILE_TAG}
    assert len(tensorboard.get("table", dict(state, limit=1))["identities"]) == 2
    for width in (1000, 1600):
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.open(state)
        fit = tab.frame.evaluate(FIT_JS)
        assert fit["header"] <= fit["box"] and fit["rowsOver"] <= 1 and not fit["marked"], (width, fit)
        assert fit["cellsPast"] == [], (width, fit)
        assert tab.frame.evaluate(CUT_HEADERS_JS) == []
        shot(tab, "association_two_identities_fit", width)
    assert tab.page_errors == []


# the ranked table's identity headers: which lie past the rows' visible right edge, the rows' and the
# header's scroll, and each header's hover text and whether its name shows cut
COLUMNS_JS = """() => {
  const app = document.querySelector("tb-bias-app");
  const view = app.shadowRoot.querySelector("tb-bias-association-view");
  const root = view.shadowRoot.querySelector("tb-bias-table").shadowRoot;
  const rows = root.querySelector("lit-virtualizer");
  const edge = rows.getBoundingClientRect().left + rows.clientWidth;
  const heads = [...root.querySelectorAll('[data-testid="table-header"] [role="columnheader"]')]
    .filter((h) => h.querySelector('[data-testid^="sort-header-npmi_xy@"]'));
  return {
    rows: rows.scrollLeft, header: root.querySelector(".header-viewport").scrollLeft,
    identities: heads.map((h) => {
      const r = h.getBoundingClientRect(), t = h.querySelector(".t");
      return {name: h.querySelector("button").dataset.testid.split("@")[1], past: r.right > edge + 1,
              title: h.title, cut: t.scrollWidth > t.clientWidth + 1};
    }),
  };
}"""

# how much wider the select's shown text is than the room its box gives it (arrow and padding aside)
SELECT_TEXT_JS = """(s) => {
  const c = document.createElement("canvas").getContext("2d");
  const style = getComputedStyle(s);
  c.font = style.font;
  const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  return {text: s.selectedOptions[0].textContent, over: c.measureText(s.selectedOptions[0].textContent).width - room};
}"""


def test_columns_past_the_right_edge_are_named_and_reached_by_a_button(tab, tensorboard):
    """Review at 1000 px: the ranked table showed man alone, woman, boy and girl behind a sideways scroll
    whose only cue was a faint shade; the Metric select read "nPMI normalised by p(x,y) (npmi_xy". A
    "more columns" button above the table's right end (its tooltip names them) scrolls to the columns
    past the edge (header and rows together), then back; the select shows its metric's whole name, the id beside its label."""
    identities = tensorboard.get("table", dict(DEFAULT, limit=1))["identities"]
    assert identities == ["man", "woman", "boy", "girl"], identities
    tab.page.set_viewport_size({"width": 1000, "height": 1000})
    tab.open(DEFAULT)
    more = tab.testid("more-columns")
    state = tab.frame.evaluate(COLUMNS_JS)
    past = [c["name"] for c in state["identities"] if c["past"]]
    assert past, state
    expect(more).to_be_visible()
    expect(more).to_have_text("more columns \u2192")
    expect(more).to_have_attribute("title", "More columns to the right: %s" % ", ".join(past))
    # beside the table's other actions, on no line of its own
    assert abs(more.bounding_box()["y"] - tab.testid("select-all-button").bounding_box()["y"]) < 4
    shot(tab, "association_more_columns", 1000)
    more.click()
    tab.frame.wait_for_function("() => { const s = (%s)(); return s.rows > 0 && s.header === s.rows; }" % COLUMNS_JS)
    after = tab.frame.evaluate(COLUMNS_JS)
    assert not next(c for c in after["identities"] if c["name"] == past[0])["past"], after
    assert_sideways_cue(tab.testid("ranked-table"), "after more columns")
    expect(more).to_be_focused()  # the same button, for the keyboard's next press
    for _ in range(len(identities)):  # to the end, by keyboard
        if "first columns" in more.inner_text():
            break
        tab.page.keyboard.press("Enter")
        tab.page.wait_for_timeout(100)
    expect(more).to_have_text("\u2190 first columns")
    assert not any(c["past"] for c in tab.frame.evaluate(COLUMNS_JS)["identities"])
    shot(tab, "association_more_columns_end", 1000)
    tab.page.keyboard.press("Enter")
    tab.frame.wait_for_function("() => { const s = (%s)(); return s.rows === 0 && s.header === 0; }" % COLUMNS_JS)
    expect(more).to_contain_text("more columns")
    # the table's own keyboard is the same: a header out of view still scrolls the rows with it
    # (test_tabbing_to_a_header_out_of_view_scrolls_the_rows_with_it); the metric select's text fits
    select = tab.testid("metric-select")
    for metric in select.evaluate("s => [...s.options].map((o) => o.value)"):
        select.select_option(metric)
        fit = select.evaluate(SELECT_TEXT_JS)
        assert fit["over"] <= 0, (metric, fit)
        expect(tab.testid("metric-id")).to_have_text(metric)
        assert metric in select.get_attribute("title")
    select.select_option("npmi_xy")
    tab.settled()
    # at 1600 px every identity fits: no button
    tab.page.set_viewport_size({"width": 1600, "height": 1000})
    expect(more).to_have_count(0)
    shot(tab, "association_more_columns", 1600)
    assert tab.page_errors == []


@pytest.fixture(scope="module")
def cli_identities_server(tmp_path_factory):
    """A table logged by `tb-bias log --identity-column gender`: identities named gender=female and so on."""
    from tb_bias_plugin.cli import main

    root = tmp_path_factory.mktemp("cli_identities")
    rng = np.random.default_rng(5)
    labels = ["Nurse", "Doctor", "Pilot", "Chef", "Teacher"]
    rows = ["labels,gender"]
    for i in range(300):
        gender = ("female", "male", "nonbinary")[i % 3]
        rows.append("%s,%s" % ("|".join(y for y in labels if rng.random() < 0.4) or "Chef", gender))
    (root / "preds.csv").write_text("\n".join(rows) + "\n")
    logdir = root / "logs"
    assert main(["log", str(root / "preds.csv"), "--logdir", str(logdir / "cli"), "--name", "gender",
                 "--labels-column", "labels", "--separator", "|", "--identity-column", "gender"]) == 0
    yield from serving(logdir, ("cli",))


def test_a_cut_identity_header_says_its_name_on_hover(browser, cli_identities_server):
    """Review: a CLI table's identity headers read "gender=fe\u2026" at 1000 px; each breaks after its
    "=" to show its whole name, and says it on hover too."""
    state = {"run": "cli", "tag": "gender"}
    for width in (1000, 1600):
        context = browser.new_context(viewport={"width": width, "height": 1000})
        try:
            tab = Tab(context.new_page(), cli_identities_server)
            tab.open(state)
            columns = tab.frame.evaluate(COLUMNS_JS)["identities"]
            assert [c["name"] for c in columns] == ["gender=female", "gender=male", "gender=nonbinary"], columns
            for c in columns:
                assert c["name"] in c["title"], c
            # "gender=" over "female": whole, where "gender=fe…" was (the header grew a line)
            assert not any(c["cut"] for c in columns), (width, columns)
            shot(tab, "association_cli_identities", width)
            assert tab.page_errors == []
        finally:
            context.close()
