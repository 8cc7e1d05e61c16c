"""The Bias tab in a real browser against a real TensorBoard on the demo logs.

Every expectation is checked against the backend's own answer to the same
question (``/data/plugin/tb_bias/table?...`` fetched directly), so the
tests follow the data rather than hard-coding it.
"""

import csv
import io
import json
import re

import pytest
from playwright.sync_api import expect

from conftest import Tab, serving
from e2e_data import (
    DEMO_TAG,
    FORMULA_LABELS,
    HOSTILE_LABELS,
    HOSTILE_RUN,
    HOSTILE_TAG,
    WIDE_IDENTITIES,
    WIDE_RUN,
    WIDE_TAG,
    XSS_LABELS,
)
from tb_harness import TABLE_STATE_JS, chromium_problem, tab_url

DEFAULT = {"run": "model_a", "tag": DEMO_TAG}
TOP = 25


def labels_of(rows):
    return [r["label"] for r in rows]


def shown(text):
    """A number as the table prints it (3 decimals, '+' on positives, em dash if undefined)."""
    return None if text == "\u2014" else float(text)


def assert_close(shown_text, value, where):
    number = shown(shown_text)
    if value is None:
        assert number is None, "%s: shows %r, backend has no value" % (where, shown_text)
    else:
        assert number is not None and abs(number - value) <= 0.0006, "%s: shows %r, backend %r" % (
            where, shown_text, value)


def shows_backend_result(tab, backend, params):
    """Waits until the table shows the backend's whole result for ``params``
    (its total, and its top rows in order); returns the table's state and
    the backend's rows."""
    rows, total = backend.all(params)
    table = tab.settled(total=total, top=min(total, TOP))
    assert labels_of(table["rows"][:TOP]) == labels_of(rows[:TOP])
    return table, rows


def test_debian_chromium_is_installed():
    # Without it every other test here errors at setup with the same message.
    problem = chromium_problem()
    assert problem is None, problem


def test_tab_loads_and_shows_the_ranked_table(tab, backend):
    table = tab.open()  # no view state: the plugin picks the first table and its defaults
    expected = backend.page(DEFAULT, limit=TOP)

    assert table["total"] == expected["total"] > 1000
    assert len(table["rows"]) >= 20, "only %d rows rendered" % len(table["rows"])
    expect(tab.testid("run-select")).to_have_value("model_a")
    expect(tab.testid("metric-select")).to_have_value("npmi_xy")
    expect(tab.testid("x1-select")).to_have_value(expected["x1"])
    expect(tab.testid("x2-select")).to_have_value(expected["x2"])
    expect(tab.testid("table-total")).to_contain_text("%s of %s labels" % (
        format(expected["total"], ","), format(expected["num_labels"], ",")))
    # what each default rule left out, in the route's numbers, beside its switch
    left = expected["left_out"]
    assert left["identities"] > 0 and left["zero_cooccurrence"] > 0
    for rule, testid in (("identities", "include-identities-checkbox"), ("zero_cooccurrence", "include-zero-checkbox")):
        expect(tab.testid(testid).locator("xpath=..")).to_contain_text("(%s left out)" % format(left[rule], ","))
    header = tab.testid("sort-header-gap").locator("xpath=..")
    expect(header).to_have_attribute("aria-sort", "descending")
    # The distributions of the four identities and of the gap are drawn.
    for identity in expected["identities"] + ["gap"]:
        expect(tab.testid("violin-%s" % identity).locator("path").first).to_be_visible()
    expect(tab.testid("error-message")).to_have_count(0)
    # The resolved view was written to TensorBoard's hash.
    assert tab.state["run"] == "model_a" and tab.state["tag"] == DEMO_TAG
    assert tab.page_errors == []


def test_top_rows_equal_the_backend_ranking(tab, backend):
    table = tab.open(DEFAULT, top=TOP)
    expected = backend.page(DEFAULT, limit=TOP)
    rows = [r for r in table["rows"] if r["rank"] <= TOP]
    assert labels_of(rows) == labels_of(expected["rows"])
    for row, want in zip(rows, expected["rows"]):
        assert row["text"] == want["label"]
        assert_close(row["gap"], want["gap"], "gap of %s" % want["label"])
        for identity, value in want["values"].items():
            assert_close(row["values"][identity], value, "%s of %s" % (identity, want["label"]))

    # Another run, threshold, metric and pair, chosen with the controls.
    tab.testid("run-select").select_option("model_b")
    tab.testid("threshold-select").select_option("0.5")
    tab.testid("metric-select").select_option("dp")
    tab.testid("x1-select").select_option("woman")
    tab.testid("x2-select").select_option("rest")
    tab.wait_for_hash("x2", "rest")
    params = {"run": "model_b", "tag": DEMO_TAG, "threshold": "0.5", "metric": "dp", "x1": "woman", "x2": "rest"}
    expected = backend.page(params, limit=TOP)
    table = tab.settled(total=expected["total"], top=TOP)
    rows = [r for r in table["rows"] if r["rank"] <= TOP]
    assert labels_of(rows) == labels_of(expected["rows"])
    for row, want in zip(rows, expected["rows"]):
        assert_close(row["gap"], want["gap"], "dp gap of %s" % want["label"])


def test_range_filter_and_brush_narrow_the_table(tab, backend):
    table = tab.open(DEFAULT)
    unfiltered = table["total"]

    # A bad range is said, and the message goes once the form is edited (it stayed through every change)
    tab.testid("range-column").select_option("gap")
    tab.testid("range-min").fill("0.5")
    tab.testid("range-max").fill("0.1")
    tab.testid("range-add").click()
    alert = tab.ui.locator('[data-testid="range-form"] ~ [role="alert"]')
    expect(alert).to_have_text("The minimum is above the maximum.")
    tab.testid("range-max").fill("")
    expect(alert).to_have_count(0)
    # a bad minimum count is said too, and the count kept (it was put back without a word)
    tab.testid("min-count-input").fill("-3")
    tab.testid("min-count-input").press("Enter")
    expect(alert).to_contain_text("Min. count must be a whole number from 0")
    expect(tab.testid("min-count-input")).to_have_value("0")

    # A range filter through the form (no mouse needed).
    tab.testid("range-min").fill("0.2")
    tab.testid("range-add").click()
    expect(tab.ui.locator('[data-testid="filter-chip"][data-column="gap"]')).to_have_count(1)
    table, rows = shows_backend_result(tab, backend, dict(DEFAULT, range="gap:0.2:"))
    total = table["total"]
    assert 0 < total < unfiltered
    for row in table["rows"]:
        assert shown(row["gap"]) >= 0.2 - 0.0005, row

    # Brushing the distribution of `man` adds a second filter (AND).
    violin = tab.testid("violin-man")
    violin.scroll_into_view_if_needed()
    box = violin.bounding_box()
    y = box["y"] + box["height"] / 2
    tab.page.mouse.move(box["x"] + box["width"] * 0.6, y)
    tab.page.mouse.down()
    tab.page.mouse.move(box["x"] + box["width"] * 0.68, y, steps=8)
    tab.page.mouse.up()
    expect(tab.ui.locator('[data-testid="filter-chip"][data-column="npmi_xy@man"]')).to_have_count(1)
    tab.wait_for_hash("range", contains="npmi_xy@man")
    ranges = json.loads(tab.state["range"])
    brushed = [r for r in ranges if r.startswith("npmi_xy@man:")]
    assert len(ranges) == 2 and len(brushed) == 1, ranges
    low, high = (float(b) for b in brushed[0].split(":")[1:])
    assert 0 < low < high < 1, brushed
    table, rows = shows_backend_result(tab, backend, list(DEFAULT.items()) + [("range", r) for r in ranges])
    total_both = table["total"]
    assert 0 < total_both < total
    for row in table["rows"]:
        assert shown(row["gap"]) >= 0.2 - 0.0005, row
        assert low - 0.0005 <= shown(row["values"]["man"]) <= high + 0.0005, row

    # Removing the gap chip leaves only the brushed range.
    tab.ui.locator('[data-testid="filter-chip"][data-column="gap"] [data-testid="filter-chip-remove"]').press("Enter")
    expect(tab.testid("filter-chip")).to_have_count(1)
    # the focus goes to the chip that took the removed one's place (it fell to the page's body: walk-through)
    expect(tab.testid("filter-chip-remove")).to_be_focused()
    table, _ = shows_backend_result(tab, backend, list(DEFAULT.items()) + [("range", brushed[0])])
    assert total_both < table["total"] < unfiltered


def _click_sort(tab, backend, sort, order, aria):
    """Clicks `sort`'s header; once it shows `aria`, the table's top rows are the backend's for (sort, order)."""
    header = tab.testid("sort-header-%s" % sort)
    header.click()
    tab.wait_for_hash("sort", sort)
    expect(header.locator("xpath=..")).to_have_attribute("aria-sort", aria)
    expected = backend.page(dict(DEFAULT, sort=sort, order=order), limit=TOP)
    tab.settled(total=expected["total"])
    # the same total either way: wait for the new order's first row, not just a settled table
    tab.frame.wait_for_function("(first) => (%s)().rows[0].label === first" % TABLE_STATE_JS,
                                arg=expected["rows"][0]["label"], timeout=10_000)
    rows = tab.table()["rows"][:TOP]
    assert labels_of(rows) == labels_of(expected["rows"]), (sort, order)
    return rows


def test_sorting_by_clicking_a_header(tab, backend):
    tab.open(DEFAULT)
    for order, aria in (("desc", "descending"), ("asc", "ascending")):
        rows = _click_sort(tab, backend, "npmi_xy@woman", order, aria)
        values = [shown(r["values"]["woman"]) for r in rows]
        assert values == sorted(values, reverse=order == "desc")
    # labels A to Z first, then Z to A (the server's default order for labels is A to Z: "desc" must be sent)
    first = [_click_sort(tab, backend, "label", order, aria)[0]["label"]
             for order, aria in (("asc", "ascending"), ("desc", "descending"))]
    assert first[0] != first[1]
    expect(tab.testid("sort-header-gap").locator("xpath=..")).to_have_attribute("aria-sort", "none")


def test_scrolling_to_the_end_shows_the_last_rows(tab, backend):
    table = tab.open(DEFAULT)
    total = table["total"]
    expected = backend.page(DEFAULT, limit=30, offset=total - 30)["rows"]
    tab.ui.locator("lit-virtualizer").evaluate("(list) => { list.scrollTop = list.scrollHeight; }")
    expect(tab.ui.locator('[data-testid="table-row"][data-rank="%d"]' % total)).to_have_attribute(
        "data-label", expected[-1]["label"])
    expect(tab.testid("ranked-table")).to_have_attribute("data-loading", "false")
    expect(tab.testid("table-row-placeholder")).to_have_count(0)
    shown = {r["rank"]: r["label"] for r in tab.table()["rows"]}
    ranks = range(total - 29, total + 1)
    assert sum(rank in shown for rank in ranks) >= 15, sorted(shown)  # the rows in view, at least
    for rank, row in zip(ranks, expected):
        if rank in shown:
            assert shown[rank] == row["label"], rank


def test_a_flag_survives_a_reload(tab, backend, e2e_logdir):
    table = tab.open(DEFAULT)
    before = set(backend.flags(DEMO_TAG)["flagged"])
    label = next(r["label"] for r in table["rows"] if r["rank"] >= 3 and r["label"] not in before)
    button = tab.row(label).locator('[data-testid="flag-button"]')
    expect(button).to_have_attribute("aria-pressed", "false")
    with tab.page.expect_response(lambda r: "/flags" in r.url and r.request.method == "POST") as posted:
        button.click()
    assert posted.value.status == 200, posted.value.text()
    expect(button).to_have_attribute("aria-pressed", "true")
    flags = backend.flags(DEMO_TAG)
    assert set(flags["flagged"]) == before | {label}
    stored = json.loads((e2e_logdir / ".tb_bias" / "flags.json").read_text())
    assert label in json.dumps(stored, ensure_ascii=False)

    tab.reload()
    button = tab.row(label).locator('[data-testid="flag-button"]')
    expect(button).to_have_attribute("aria-pressed", "true")
    pressed = tab.ui.locator('[data-testid="flag-button"][aria-pressed="true"]')
    expect(pressed).to_have_count(len([r for r in tab.table()["rows"] if r["label"] in flags["flagged"]]))

    # The flagged-only view shows exactly the flagged labels that pass the filters.
    tab.testid("flagged-only-toggle").check()
    expected = backend.page(dict(DEFAULT, flagged_only="1"))
    assert label in labels_of(expected["rows"])
    table = tab.settled(total=expected["total"])
    assert labels_of(table["rows"]) == labels_of(expected["rows"])

    # Unflagging is saved too (and leaves the shared logdir as it was).
    with tab.page.expect_response(lambda r: "/flags" in r.url and r.request.method == "POST") as posted:
        tab.row(label).locator('[data-testid="flag-button"]').click()
    assert posted.value.status == 200
    assert set(backend.flags(DEMO_TAG)["flagged"]) == before


def read_csv(download):
    text = open(download.path(), encoding="utf-8", newline="").read()
    return list(csv.DictReader(io.StringIO(text)))


def test_downloaded_csv_matches_the_filtered_rows(tab, backend):
    tab.open(DEFAULT)
    tab.testid("search-input").fill("an")
    tab.wait_for_hash("q", "an")
    tab.testid("range-column").select_option("count")
    tab.testid("range-min").fill("40")
    tab.testid("range-add").click()
    tab.testid("sort-header-npmi_xy@girl").click()
    tab.wait_for_hash("sort", "npmi_xy@girl")
    params = dict(DEFAULT, q="an", range="count:40:", sort="npmi_xy@girl")
    rows, total = backend.all(params)
    assert 20 < total < backend.page(DEFAULT, limit=1)["total"]
    table = tab.settled(total=total)

    with tab.page.expect_download() as info:
        tab.testid("csv-link").click()
    download = info.value
    # the server's name: run, tag, step, metric, pair, threshold
    assert re.fullmatch(r"tb_bias_model_a_gender_step\d+_npmi_xy_[a-z]+-[a-z]+_t[0-9.]+\.csv", download.suggested_filename)
    got = read_csv(download)
    assert [r["label"] for r in got] == labels_of(rows)
    assert [r["label"] for r in got[: len(table["rows"])]] == labels_of(table["rows"])
    identities = ("man", "woman", "boy", "girl")
    assert set(got[0]) == {"label", "count", "gap", "gap_low", "gap_high", "p_value", "q_value", "flagged", "hidden"} | {
        "%s@%s" % (kind, x) for kind in ("count", "npmi_xy") for x in identities} | {
        "npmi_xy@%s_%s" % (x, end) for x in identities for end in ("low", "high")}
    for line, row in zip(got, rows):
        assert int(line["count"]) == row["count"] >= 40
        assert "an" in line["label"].lower()
        assert abs(float(line["gap"]) - row["gap"]) < 1e-9
        assert abs(float(line["npmi_xy@girl"]) - row["values"]["girl"]) < 1e-9
        # JSON rounds interval ends outwards to 7 significant digits; the CSV keeps every digit
        assert row["gap_low"] <= float(line["gap_low"]) <= row["gap_low"] + 1e-6 * abs(row["gap_low"]) + 1e-12
        assert abs(float(line["q_value"]) - row["q_value"]) < 1e-9

    # Labels that look like formulas are escaped; the others are verbatim.
    tab.open({"run": HOSTILE_RUN, "tag": HOSTILE_TAG})
    with tab.page.expect_download() as info:
        tab.testid("csv-link").click()
    got = [r["label"] for r in read_csv(info.value)]
    rows, _ = backend.all({"run": HOSTILE_RUN, "tag": HOSTILE_TAG})
    assert sorted(labels_of(rows)) == sorted(HOSTILE_LABELS)
    assert got == [("'" + label if label in FORMULA_LABELS else label) for label in labels_of(rows)]
    for label in FORMULA_LABELS:
        assert "'" + label in got
    for label in XSS_LABELS:
        assert label in got


def test_parallel_coordinates_draw_one_line_per_selected_label(tab, backend):
    table = tab.open(DEFAULT)
    expect(tab.testid("pcp-empty")).to_be_visible()
    expect(tab.testid("pcp-line")).to_have_count(0)
    picked = [r["label"] for r in table["rows"] if r["rank"] in (1, 3, 7)]
    for label in picked:
        tab.row(label).locator('[data-testid="select-checkbox"]').check()
    lines = tab.testid("pcp-line")
    expect(lines).to_have_count(3)
    assert sorted(lines.evaluate_all("ls => ls.map((l) => l.dataset.label)")) == sorted(picked)
    assert json.loads(tab.state["sel"]) == picked

    # Hovering a table row highlights its line.
    tab.row(picked[1]).hover()
    expect(tab.ui.locator('[data-testid="pcp-line"].hovered')).to_have_attribute("data-label", picked[1])
    expect(tab.testid("pcp-hover-label")).to_contain_text(picked[1])

    tab.row(picked[1]).locator('[data-testid="select-checkbox"]').uncheck()
    expect(lines).to_have_count(2)
    assert sorted(lines.evaluate_all("ls => ls.map((l) => l.dataset.label)")) == sorted([picked[0], picked[2]])

    # "Select all" of a searched result: one line per label of the result.
    tab.testid("clear-selection-button").click()
    expect(lines).to_have_count(0)
    tab.testid("search-input").fill("hair")
    tab.wait_for_hash("q", "hair")
    rows, total = backend.all(dict(DEFAULT, q="hair"))
    assert 3 <= total <= 100
    tab.settled(total=total)
    tab.testid("select-all-button").click()
    expect(lines).to_have_count(total)
    assert sorted(lines.evaluate_all("ls => ls.map((l) => l.dataset.label)")) == sorted(labels_of(rows))
    expect(tab.testid("pcp-missing")).to_have_count(0)


def test_parallel_coordinates_scale_to_the_selected_labels(tab, backend):
    """Walk of the demo: under ttest (values near 0.01) the axis spanned the
    whole table's range and every selected line lay flat on 0."""
    state = dict(DEFAULT, metric="ttest")
    rows, _ = backend.all(state)
    small = [r for r in rows if all(v is not None and abs(v) < 0.02 for v in r["values"].values())]
    picked = [r["label"] for r in small[:4]]
    everything = [abs(v) for r in rows for v in r["values"].values() if v is not None]
    assert len(picked) == 4 and max(everything) > 10 * 0.02  # the table's range dwarfs theirs
    tab.open(dict(state, sel=picked), top=10)
    lines = tab.testid("pcp-line")
    expect(lines).to_have_count(4)
    boxes = [b for b in (line.bounding_box() for line in lines.all()) if b]
    top, bottom = min(b["y"] for b in boxes), max(b["y"] + b["height"] for b in boxes)
    assert bottom - top > 60, boxes  # the lines spread over the axis (the plot is about 170 px tall)
    for width in (1000, 1600):
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.page.wait_for_timeout(400)
        tab.screenshot("association_pcp_ttest_%d" % width)
    assert tab.page_errors == []


# Elements a label would have created if it had been parsed as HTML, anywhere
# in the plugin's frame (through shadow roots).
CREATED_FROM_LABELS_JS = """() => {
  const found = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("img, iframe, script, [onerror], [onload]")) {
      // plugin_entry.html's own loader script is the only legitimate one
      if (el.tagName === "SCRIPT" && !el.textContent.includes("tbBiasXss")) continue;
      found.push(el.outerHTML.slice(0, 120));
    }
    for (const el of root.querySelectorAll("*")) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document);
  return found;
}"""


def assert_nothing_ran(tab):
    """No dialog opened, no global was set (plugin frame or top window), no
    element was created from a label, no uncaught error. (TensorBoard's CSP
    blocks inline handlers too, so an escaping bug shows first as created
    elements and as label text that is not verbatim.)"""
    assert tab.dialogs == [], "a label opened a dialog: %r" % tab.dialogs
    assert tab.frame.evaluate("() => window.__tbBiasXss") is None
    assert tab.page.evaluate("() => window.__tbBiasXss") is None
    created = tab.frame.evaluate(CREATED_FROM_LABELS_JS)
    assert created == [], created
    assert tab.page_errors == []


def test_hostile_labels_are_shown_as_text_and_run_nothing(tab, backend):
    rows, total = backend.all({"run": HOSTILE_RUN, "tag": HOSTILE_TAG})
    assert total == len(HOSTILE_LABELS)
    table = tab.open({"run": HOSTILE_RUN, "tag": HOSTILE_TAG, "sel": list(XSS_LABELS)}, total=total, top=total)
    assert labels_of(table["rows"]) == labels_of(rows)
    for row in table["rows"]:
        assert row["text"] == row["label"]  # the text node is the label, verbatim
    for label in XSS_LABELS:
        expect(tab.row(label).locator('[data-testid="cell-label"]')).to_have_text(label)
    # Selected, they are drawn in the parallel coordinates (SVG titles, data attributes).
    lines = tab.testid("pcp-line")
    expect(lines).to_have_count(len(XSS_LABELS))
    assert sorted(lines.evaluate_all("ls => ls.map((l) => l.dataset.label)")) == sorted(XSS_LABELS)
    tab.row(XSS_LABELS[1]).hover()
    expect(tab.testid("pcp-hover-label")).to_contain_text(XSS_LABELS[1])
    assert_nothing_ran(tab)
    tab.screenshot("test_hostile_labels_table_view")

    # ...and in the compare view.
    tab.testid("view-compare").click()
    expect(tab.testid("compare-row")).to_have_count(total)
    for label in XSS_LABELS:
        expect(tab.ui.locator('[data-testid="compare-row"]').filter(has_text=label)).to_have_count(1)
    assert_nothing_ran(tab)


def test_view_state_in_the_url_survives_a_reload(tab, backend):
    tab.open(DEFAULT)
    tab.testid("metric-select").select_option("pmi")
    tab.testid("x1-select").select_option("woman")
    tab.testid("x2-select").select_option("rest")
    tab.testid("range-column").select_option("count")
    tab.testid("range-min").fill("30")
    tab.testid("range-add").click()
    tab.testid("search-input").fill("e")
    tab.wait_for_hash("q", "e")
    tab.testid("sort-header-pmi@girl").click()
    tab.wait_for_hash("sort", "pmi@girl")
    params = dict(DEFAULT, metric="pmi", x1="woman", x2="rest", range="count:30:", q="e", sort="pmi@girl")
    expected = backend.page(params, limit=TOP)
    before = tab.settled(total=expected["total"])
    assert labels_of(before["rows"][:TOP]) == labels_of(expected["rows"])
    url = tab.page.url
    assert {k: tab.state.get(k) for k in ("metric", "x1", "x2", "q", "sort")} == {
        "metric": "pmi", "x1": "woman", "x2": "rest", "q": "e", "sort": "pmi@girl"}

    def assert_restored():
        expect(tab.testid("metric-select")).to_have_value("pmi")
        expect(tab.testid("x1-select")).to_have_value("woman")
        expect(tab.testid("x2-select")).to_have_value("rest")
        expect(tab.testid("search-input")).to_have_value("e")
        expect(tab.ui.locator('[data-testid="filter-chip"][data-column="count"]')).to_have_count(1)
        expect(tab.testid("sort-header-pmi@girl").locator("xpath=..")).to_have_attribute("aria-sort", "descending")
        table = tab.settled(total=expected["total"])
        assert labels_of(table["rows"][:TOP]) == labels_of(expected["rows"])

    tab.reload()
    assert_restored()
    assert tab.page.url == url
    # The same link opened afresh (a shared link) gives the same view.
    tab.page.goto("about:blank")
    tab.page.goto(url)
    assert_restored()


def test_compare_shows_the_gap_deltas_of_another_run(tab, tensorboard):
    tab.open(DEFAULT)
    tab.testid("view-compare").click()
    # Table B defaults to the same table of the other model, so deltas mean something.
    expect(tab.testid("compare-run-select")).to_have_value("model_b")
    expected = tensorboard.get("compare", dict(DEFAULT, run2="model_b", limit=TOP))
    assert expected["total"] > 1000 and expected["b"]["run"] == "model_b"
    table = tab.testid("compare-table")
    expect(table).to_have_attribute("data-total", str(expected["total"]))
    expect(table).to_have_attribute("data-loading", "false")
    rows = tab.testid("compare-row")
    expect(rows.first).to_have_attribute("data-label", expected["rows"][0]["label"])
    shown_rows = rows.evaluate_all("""rs => rs.map((r) => ({
        label: r.dataset.label,
        a: r.querySelector('[data-testid="cell-gap-a"]').textContent.trim(),
        b: r.querySelector('[data-testid="cell-gap-b"]').textContent.trim(),
        delta: r.querySelector('[data-testid="cell-delta"]').textContent.trim()}))""")
    assert len(shown_rows) >= 15
    for row, want in zip(shown_rows, expected["rows"]):
        assert row["label"] == want["label"]
        assert_close(row["a"], want["gap_a"], "gap A of %s" % want["label"])
        assert_close(row["b"], want["gap_b"], "gap B of %s" % want["label"])
        assert_close(row["delta"], want["delta"], "delta of %s" % want["label"])
    # ranked by the interval bound nearest 0 (issue 10), and for two runs the deltas are B - A
    assert expected["sort"] == "bound" and expected["delta_sign"] == "b - a"
    bounds = [abs(r["delta_low"] if r["delta_low"] > 0 else r["delta_high"] if r["delta_high"] < 0 else 0)
              for r in expected["rows"]]
    assert bounds == sorted(bounds, reverse=True) and bounds[0] > 0
    for r in expected["rows"]:
        assert abs(r["delta"] - (r["gap_b"] - r["gap_a"])) < 1e-9

    # Two steps of one run instead: B = model_a at step 1.
    tab.testid("compare-run-select").select_option("model_a")
    tab.testid("compare-step-select").select_option("1")
    tab.wait_for_hash("step2", "1")
    expected = tensorboard.get("compare", dict(DEFAULT, run2="model_a", step2=1, limit=TOP))
    assert expected["b"] == {"run": "model_a", "tag": DEMO_TAG, "step": 1}
    expect(rows.first).to_have_attribute("data-label", expected["rows"][0]["label"])
    expect(tab.testid("compare-summary")).to_contain_text("B = model_a step 1")


def test_hidden_labels_leave_the_table_until_shown(tab, backend):
    table = tab.open(DEFAULT)
    before = backend.flags(DEMO_TAG)
    label = next(r["label"] for r in table["rows"] if r["rank"] == 2)
    total = table["total"]
    with tab.page.expect_response(lambda r: "/flags" in r.url and r.request.method == "POST") as posted:
        tab.row(label).locator('[data-testid="hide-button"]').click()
    assert posted.value.status == 200
    assert label in backend.flags(DEMO_TAG)["hidden"]
    table = tab.settled(total=total - 1)
    assert label not in labels_of(table["rows"])
    assert labels_of(table["rows"][:TOP]) == labels_of(backend.page(DEFAULT, limit=TOP)["rows"])

    tab.testid("show-hidden-toggle").check()
    table = tab.settled(total=total)
    expect(tab.row(label)).to_have_class(re.compile(r"\bhidden-label\b"))
    expect(tab.row(label).locator('[data-testid="hide-button"]')).to_have_attribute("aria-pressed", "true")
    # pressed is a filled button, not a colour alone; not pressed, no fill
    expect(tab.row(label).locator('[data-testid="hide-button"]')).to_have_css("background-color", "rgb(31, 31, 31)")
    expect(tab.row(labels_of(table["rows"])[0]).locator('[data-testid="hide-button"]')).to_have_css(
        "background-color", "rgba(0, 0, 0, 0)")

    # The flagged CSV lists exactly the flagged labels, whatever the filters.
    flagged = next(r["label"] for r in table["rows"] if r["rank"] == 5)
    with tab.page.expect_response(lambda r: "/flags" in r.url and r.request.method == "POST") as posted:
        tab.row(flagged).locator('[data-testid="flag-button"]').click()
    assert posted.value.status == 200
    tab.testid("search-input").fill("no label contains this")
    tab.wait_for_hash("q", "no label contains this")
    with tab.page.expect_download() as info:
        tab.testid("flagged-csv-link").click()
    got = read_csv(info.value)
    assert sorted(r["label"] for r in got) == sorted(set(before["flagged"]) | {flagged})
    assert all(r["flagged"] == "1" for r in got)

    tab.testid("search-input").fill("")
    tab.settled(total=total)  # show-hidden is still on: every row is back
    for name, button in ((label, "hide-button"), (flagged, "flag-button")):
        with tab.page.expect_response(lambda r: "/flags" in r.url and r.request.method == "POST") as posted:
            tab.row(name).locator('[data-testid="%s"]' % button).click()
        assert posted.value.status == 200
    assert backend.flags(DEMO_TAG)["hidden"] == before["hidden"]
    assert backend.flags(DEMO_TAG)["flagged"] == before["flagged"]


def test_many_identities_scroll_sideways_under_the_label(tab, backend):
    table = tab.open({"run": WIDE_RUN, "tag": WIDE_TAG})
    expected = backend.page({"run": WIDE_RUN, "tag": WIDE_TAG}, limit=TOP)
    assert labels_of(table["rows"][:TOP]) == labels_of(expected["rows"])
    box = tab.testid("ranked-table").bounding_box()

    def inside(locator):
        b = locator.bounding_box()
        return b is not None and b["x"] >= box["x"] - 1 and b["x"] + b["width"] <= box["x"] + box["width"] + 1

    first = tab.row(expected["rows"][0]["label"])
    label_cell = first.locator('[data-testid="cell-label"]')
    last_header = tab.testid("sort-header-npmi_xy@%s" % WIDE_IDENTITIES[-1])
    # What the table is ranked by, and the row actions, are in view at once...
    assert inside(first.locator('[data-testid="flag-button"]'))
    assert inside(tab.testid("sort-header-gap")) and inside(first.locator('[data-testid="cell-gap"]'))
    assert not inside(last_header), "12 identities should not fit in %d px" % box["width"]
    label_x = label_cell.bounding_box()["x"]

    # ...and the other identities are a sideways scroll away, header included.
    rows = tab.ui.locator("lit-virtualizer")
    rows.evaluate("(list) => { list.scrollLeft = list.scrollWidth; }")
    scrolled = rows.evaluate("(list) => list.scrollLeft")
    assert scrolled > 0
    # the header follows on the rows' scroll event
    tab.frame.wait_for_function(
        """(left) => {
          const view = document.querySelector("tb-bias-app").shadowRoot.querySelector("tb-bias-association-view");
          const table = view.shadowRoot.querySelector("tb-bias-table");
          return table.shadowRoot.querySelector('[data-testid="table-header"]').scrollLeft === left;
        }""",
        arg=scrolled,
    )
    assert inside(last_header)
    assert inside(first.locator('[data-testid="cell-value"][data-identity="%s"]' % WIDE_IDENTITIES[-1]))
    assert abs(label_cell.bounding_box()["x"] - label_x) < 1  # the label stays put
    assert inside(first.locator('[data-testid="flag-button"]'))


def test_measure_switcher_lists_only_the_measures_present(tab, tensorboard):
    tab.open()
    present = [m["measure"] for m in tensorboard.get("runs")["measures"]]
    assert "association" in present
    switcher = tab.testid("measure-switcher")
    expect(switcher).to_be_visible()
    tabs = switcher.locator('[role="tab"]')
    # Every measure of the logdir that this frontend has a view for, in the backend's order; no other.
    shown = [testid[len("measure-"):] for testid in tabs.evaluate_all("ts => ts.map((t) => t.dataset.testid)")]
    assert shown == [m for m in present if m in shown] and "association" in shown
    assert set(shown) <= set(present)
    expect(tab.testid("measure-association")).to_have_attribute("aria-selected", "true")
    # Links without a measure (all links from before the switcher) open the association view.
    assert "measure" not in tab.state
    assert tab.page_errors == []


def test_a_link_to_a_measure_not_here_says_so(tab, tensorboard):
    """Walk-through: `measure=bogus` fell back to the first measure without a word, where a link's bad
    run or step is said."""
    for width in (1000, 1600):
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.page.goto("about:blank")
        tab.open(dict(DEFAULT, measure="bogus"), top=10)
        expect(tab.testid("measure-association")).to_have_attribute("aria-selected", "true")
        expect(tab.testid("link-notice").locator("span")).to_have_text(
            "Measure \u201cbogus\u201d is not logged here (or this tab has no view of it); showing Label associations.")
        tab.screenshot("measure_link_notice_%d" % width)
    assert tab.page_errors == []


def test_back_and_forward_walk_the_moves_made_in_the_tab(tab, tensorboard):
    """Every write replaced the history entry, so Back left TensorBoard for the page before it; a
    move (measure, tab, table, step, Examples panel) is an entry of its own, and Back shows it again."""
    tab.page.goto(tensorboard.url + "/#scalars")  # a page of TensorBoard's before the tab
    tab.open(DEFAULT)
    tab.testid("search-input").fill("hair")  # typing is an edit in place, not a move
    tab.wait_for_hash("q", "hair")
    tab.testid("view-compare").click()
    tab.wait_for_hash("view", "compare")
    tab.testid("measure-discrepancy").click()
    tab.wait_for_hash("measure", "discrepancy")
    expect(tab.testid("dipdi-curve")).to_be_visible()
    shown = tab.state["discrepancy.step"]
    step = tab.ui.locator('[data-testid="dipdi-point"]').last.get_attribute("data-step")
    assert step != shown
    tab.ui.locator('[data-testid="dipdi-point"]').last.click()
    tab.wait_for_hash("discrepancy.step", step)

    tab.page.go_back()
    expect(tab.testid("measure-discrepancy")).to_have_attribute("aria-selected", "true")
    tab.wait_for_hash("discrepancy.step", shown)
    expect(tab.ui.locator('[data-testid="dipdi-point"][r="5"]')).to_have_attribute("data-step", shown)
    tab.page.go_back()  # the measure before
    expect(tab.testid("measure-association")).to_have_attribute("aria-selected", "true")
    expect(tab.testid("view-compare")).to_have_attribute("aria-selected", "true")
    assert "measure" not in tab.state
    tab.page.go_back()  # the ranked table with the search typed in it: one entry
    expect(tab.testid("view-table")).to_have_attribute("aria-selected", "true")
    expect(tab.testid("search-input")).to_have_value("hair")
    assert tab.state.get("view") is None and tab.page.url.startswith(tensorboard.url)
    tab.page.go_forward()
    expect(tab.testid("view-compare")).to_have_attribute("aria-selected", "true")
    tab.page.go_forward()
    expect(tab.testid("measure-discrepancy")).to_have_attribute("aria-selected", "true")
    expect(tab.testid("dipdi-curve")).to_be_visible()
    tab.page.go_back()
    expect(tab.testid("view-compare")).to_have_attribute("aria-selected", "true")
    tab.page.go_back()
    expect(tab.testid("view-table")).to_have_attribute("aria-selected", "true")
    tab.page.go_back()  # the page opened before the tab, still TensorBoard
    tab.page.wait_for_url(lambda url: "#scalars" in url)
    assert tab.page.url.startswith(tensorboard.url)
    assert tab.page_errors == []


@pytest.fixture(scope="module")
def empty_server(tmp_path_factory):
    """TensorBoard on a log directory that holds nothing yet."""
    logdir = tmp_path_factory.mktemp("empty") / "logs"
    logdir.mkdir()
    yield from serving(logdir, (), empty=True)


def test_an_empty_logdir_says_how_to_log_any_measure(browser, empty_server):
    """The empty state is the shell's, every measure's: it named only label
    associations ("No association tables logged yet", an association snippet)."""
    for width in (1000, 1600):
        context = browser.new_context(viewport={"width": width, "height": 1000})
        try:
            tab = Tab(context.new_page(), empty_server)
            tab.page.goto(tab_url(empty_server.url))
            empty = tab.testid("empty-state")
            expect(empty).to_contain_text("No tb-bias data logged yet")
            expect(empty).to_contain_text("docs/guides/")
            expect(empty).to_contain_text("python -m tb_bias_plugin.demo --logdir demo_logs")
            assert "association" not in empty.inner_text().lower()
            expect(tab.testid("reload-button")).to_be_visible()
            tab.screenshot("empty_logdir_%d" % width)
            assert tab.page_errors == []
        finally:
            context.close()
