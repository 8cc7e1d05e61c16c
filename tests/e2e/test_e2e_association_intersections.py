"""Issue 14 items 3 and 4 in a real browser: intersectional identities
(``attribute_identities``) shown with their parts in the identity pickers
(grouped after the single identities), the table's column headers and the
distributions; and a table of soft identities (probabilities) marked as
expected counts, its co-occurrence counts shown with decimals. The logdir
is this module's own; expectations come from the backend's answers;
screenshots at 1000 and 1600 px go to test-artifacts/e2e/."""

import numpy as np
import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, Tab
from tb_harness import TensorBoard

RUN = "attributes"
HARD_TAG = "intersections"
SOFT_TAG = "soft_identities"
FA = "sex=f & age=60+"
LABELS = ["bike", "dress", "tie", "tree", "walking stick", "skateboard", "handbag", "beard"]
SOFT_IDENTITIES = ["woman", "man"]

VIEW_JS = """() => {
  const app = document.querySelector("tb-bias-app");
  return app.shadowRoot.querySelector("tb-bias-association-view").shadowRoot;
}"""

PICKER_JS = """(id) => {
  const controls = (%s)().querySelector("tb-bias-controls").shadowRoot;
  const select = controls.querySelector('[data-testid="' + id + '"]');
  return {
    value: select.value,
    selectedText: select.selectedOptions[0].textContent.trim(),
    groups: [...select.querySelectorAll("optgroup")].map((g) => ({
      label: g.label,
      options: [...g.querySelectorAll("option")].map((o) => ({value: o.value, text: o.textContent.trim(), title: o.title})),
    })),
    loose: [...select.children].filter((c) => c.tagName === "OPTION").map((o) => o.value),
  };
}""" % VIEW_JS

# Every column header: its chips, and whether its text is cut or leaves the header.
HEADERS_JS = """() => {
  const root = (%s)().querySelector("tb-bias-table").shadowRoot;
  return [...root.querySelectorAll('[role="columnheader"]')].map((h) => {
    const t = h.querySelector(".t");
    const box = h.getBoundingClientRect();
    const parts = [...h.querySelectorAll('[data-testid="identity-parts"] .part')];
    return {
      testid: h.querySelector("button")?.dataset.testid ?? null,
      title: h.getAttribute("title"),
      text: t ? t.textContent.replace(/\\s+/g, " ").trim() : null,
      chipsTitle: h.querySelector('[data-testid="identity-parts"]')?.title ?? null,
      parts: parts.map((p) => p.textContent),
      cut: t ? t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1 : false,
      outside: parts.some((p) => {
        const r = p.getBoundingClientRect();
        return r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1;
      }),
    };
  });
}""" % VIEW_JS

# Chips of the table's header outside the visible header strip (issue 23: clipped top and bottom).
CLIPPED_CHIPS_JS = """() => {
  const root = (%s)().querySelector("tb-bias-table").shadowRoot;
  const strip = root.querySelector('[data-testid="table-header"]').getBoundingClientRect();
  return [...root.querySelectorAll('[data-testid="table-header"] [data-testid="identity-parts"] .part')]
    .filter((p) => { const r = p.getBoundingClientRect(); return r.width > 0 && (r.top < strip.top - 0.5 || r.bottom > strip.bottom + 0.5); })
    .map((p) => p.textContent);
}""" % VIEW_JS

# The parallel coordinates' axis titles: their lines and boxes.
AXIS_TITLES_JS = """() => {
  const root = (%s)().querySelector("tb-bias-pcp").shadowRoot;
  return [...root.querySelectorAll('[data-testid="pcp-axis-title"]')].map((t) => {
    const b = t.getBoundingClientRect();
    return {identity: t.dataset.identity, lines: [...t.querySelectorAll("tspan")].map((s) => s.textContent),
            tooltip: t.querySelector("title").textContent, left: b.left, right: b.right, top: b.top,
            bottom: b.bottom};
  });
}""" % VIEW_JS

COUNTS_JS = """() => {
  const root = (%s)().querySelector("tb-bias-table").shadowRoot;
  return [...root.querySelectorAll('[data-testid="table-row"]')].map((r) => ({
    label: r.dataset.label,
    counts: [...r.querySelectorAll('[data-testid="cell-count"]')].map((c) => c.textContent.trim()),
  }));
}""" % VIEW_JS


# Scrolls the rows sideways (the header follows) until a column is just right of the sticky label.
SCROLL_TO_JS = """(testid) => {
  const root = (%s)().querySelector("tb-bias-table").shadowRoot;
  const scroller = root.querySelector("lit-virtualizer");
  const header = root.querySelector('[data-testid="' + testid + '"]').closest('[role="columnheader"]');
  const lead = root.querySelector(".header .lead");
  scroller.scrollLeft += header.getBoundingClientRect().left - lead.getBoundingClientRect().right;
  scroller.dispatchEvent(new Event("scroll"));
  return scroller.scrollLeft;
}""" % VIEW_JS


def write_logs(logdir):
    """One run: a hard table whose identities are two attribute columns and
    their intersections, and a table of identity probabilities."""
    from tb_bias_plugin import CooccurrenceCounter, summary
    from tb_bias_plugin.measures.association.counting import attribute_identities

    rng = np.random.default_rng(14)
    n = 1200
    sex = rng.choice(["f", "m"], size=n).tolist()
    age = rng.choice(["<30", "30-59", "60+"], size=n, p=[0.4, 0.4, 0.2]).tolist()
    base = rng.random((n, len(LABELS))) < 0.2
    # planted associations: walking sticks with 60+, handbags with women
    base[:, LABELS.index("walking stick")] |= (np.array(age) == "60+") & (rng.random(n) < 0.5)
    base[:, LABELS.index("handbag")] |= (np.array(sex) == "f") & (rng.random(n) < 0.4)
    names, indicator = attribute_identities({"sex": sex, "age": age}, [("sex", "age")])
    hard = CooccurrenceCounter(LABELS, list(names)).update(base, identities=indicator).table()
    probabilities = np.column_stack([rng.beta(2, 2, n), rng.beta(2, 2, n)])
    probabilities[:, 0] = np.clip(probabilities[:, 0] + 0.3 * (np.array(sex) == "f"), 0, 1)
    soft = (
        CooccurrenceCounter(LABELS, SOFT_IDENTITIES, soft_identities=True)
        .update(base, identities=probabilities)
        .table()
    )
    with summary.Writer(logdir / RUN) as writer:
        writer.association_table(HARD_TAG, hard, step=0, description="Attributes `sex` and `age` and their intersections")
        writer.association_table(SOFT_TAG, soft, step=0, description="Identities from a classifier's probabilities")
    return list(names)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    logdir = tmp_path_factory.mktemp("intersections") / "logs"
    names = write_logs(logdir)
    tb = TensorBoard(logdir, log_path=logdir.parent / "tb.log", expected_runs=(RUN,))
    try:
        tb.start()
    except RuntimeError as error:
        pytest.fail("cannot start TensorBoard: %s" % error, pytrace=False)
    tb.identity_names = names
    try:
        yield tb
    finally:
        tb.stop()


@pytest.fixture
def page_tab(browser, server):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(20_000)
    try:
        yield Tab(context.new_page(), server)
    finally:
        context.close()


def shot(tab, name, width):
    tab.page.set_viewport_size({"width": width, "height": 1000})
    tab.page.wait_for_timeout(400)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return tab.screenshot("%s_%d" % (name, width))


def test_intersections_show_their_parts(page_tab, server):
    tab = page_tab
    state = {"run": RUN, "tag": HARD_TAG, "x1": FA, "x2": "rest", "counts": "1", "sel": ["walking stick", "handbag"]}
    answer = server.get("table", {"run": RUN, "tag": HARD_TAG, "x1": FA, "x2": "rest", "limit": 25})
    parts = answer["identity_parts"]
    assert parts[FA] == ["sex=f", "age=60+"] and len(parts) == 6 and answer["expected_counts"] is False
    singles = [x for x in answer["identities"] if x not in parts]
    assert singles == ["sex=f", "sex=m", "age=30-59", "age=60+", "age=<30"]
    tab.open(state, total=answer["total"])

    # the pickers: single identities, then the intersections as their parts joined by ∩
    tab.frame.wait_for_function("() => (%s)('x1-select').groups.length === 2" % PICKER_JS)
    x1 = tab.frame.evaluate(PICKER_JS, "x1-select")
    assert [g["label"] for g in x1["groups"]] == ["Single identities", "Intersections"]
    assert [o["value"] for o in x1["groups"][0]["options"]] == singles
    intersections = x1["groups"][1]["options"]
    assert [o["value"] for o in intersections] == list(parts)
    for option in intersections:
        assert option["text"] == " \u2229 ".join(parts[option["value"]])
        assert option["title"] == "intersection of %s and %s" % tuple(parts[option["value"]])
    assert x1["value"] == FA and x1["selectedText"] == "sex=f \u2229 age=60+"
    x2 = tab.frame.evaluate(PICKER_JS, "x2-select")
    assert x2["value"] == "rest" and x2["loose"] == ["rest"]
    assert FA not in [o["value"] for g in x2["groups"] for o in g["options"]]

    # the column headers: chips of the parts for intersections, the name for the others
    headers = {h["testid"]: h for h in tab.frame.evaluate(HEADERS_JS)}
    value = headers["sort-header-npmi_xy@%s" % FA]
    assert value["parts"] == ["sex=f", "age=60+"]
    assert value["chipsTitle"] == "intersection of sex=f and age=60+"
    assert "intersection of sex=f and age=60+" in value["title"]
    assert headers["sort-header-count@%s" % FA]["parts"] == ["sex=f", "age=60+"]
    assert headers["sort-header-npmi_xy@sex=f"]["parts"] == [] and headers["sort-header-npmi_xy@sex=f"]["text"] == "sex=f"
    expect(tab.testid("table-total")).to_contain_text("gap = sex=f \u2229 age=60+ \u2212 mean of the rest")
    # the distributions name intersections by their parts too
    violins = tab.ui.locator('tb-bias-distributions [data-testid="identity-parts"][data-identity="%s"]' % FA)
    expect(violins.locator(".part")).to_have_text(["sex=f", "age=60+"])
    violins.scroll_into_view_if_needed()
    # eight labels are eight dots, not a violin: a density from eight values would draw a shape they lack
    for key in ("sex=f", FA, "gap"):
        expect(tab.testid("violin-%s" % key).locator('[data-testid="violin-dot"]')).to_have_count(len(LABELS))
        expect(tab.testid("violin-%s" % key).locator("path")).to_have_count(0)
        # the brush covers the dots' own tooltips: their values are in the plot's label and the n's tooltip
        label = tab.testid("violin-%s" % key).get_attribute("aria-label")
        assert "8 labels, a dot each: " in label and label.count(",") >= 8, label
    shot(tab, "association_intersections_distributions", 1000)
    tab.page.set_viewport_size({"width": 1400, "height": 1000})
    # hard table: no note, whole counts
    expect(tab.testid("expected-counts-note")).to_have_count(0)
    rows = tab.frame.evaluate(COUNTS_JS)
    assert rows and all("." not in c for r in rows for c in r["counts"]), rows[:2]

    for width in (1000, 1600):
        shot(tab, "association_intersections", width)
        # the selected labels' axes: an intersection's title is its parts, one a line; no title runs into the next
        titles = tab.frame.evaluate(AXIS_TITLES_JS)
        assert [t["identity"] for t in titles] == answer["identities"]
        title = next(t for t in titles if t["identity"] == FA)
        assert len(title["lines"]) == 2 and title["lines"][1].startswith("\u2229 ")
        assert title["tooltip"] == "intersection of sex=f and age=60+"
        if width == 1600:
            assert title["lines"] == ["sex=f", "\u2229 age=60+"]
        overlaps = [(a["identity"], b["identity"]) for k, a in enumerate(titles) for b in titles[k + 1:]
                    if a["right"] > b["left"] and b["right"] > a["left"] and a["bottom"] > b["top"] and b["bottom"] > a["top"]]
        assert overlaps == [], "axis titles overlap at %d px: %r" % (width, overlaps)
        # at 1000 px eleven titles take two rows, and so the single identities are whole
        cut = [t["identity"] for t in titles if "\u2026" in "".join(t["lines"])]
        assert not [c for c in cut if "&" not in c], "single identities cut at %d px: %r" % (width, cut)
        cut = [h["testid"] for h in tab.frame.evaluate(HEADERS_JS) if h["cut"] or h["outside"]]
        assert cut == [], "headers cut at %d px: %r" % (width, cut)
        # the intersections' value columns, then their counts, scrolled into view
        for name, column in (("values", "npmi_xy@sex=f & age=30-59"), ("counts", "count@sex=f & age=30-59")):
            tab.frame.evaluate(SCROLL_TO_JS, "sort-header-%s" % column)
            clipped = tab.frame.evaluate(CLIPPED_CHIPS_JS)
            assert clipped == [], "header chips clipped at %d px: %r" % (width, clipped)
            shot(tab, "association_intersections_%s" % name, width)
        tab.frame.evaluate(SCROLL_TO_JS, "sort-header-gap")
    tab.page.set_viewport_size({"width": 1400, "height": 1000})

    # picking another intersection from its group
    tab.testid("x1-select").select_option("sex=m & age=60+")
    tab.wait_for_hash("x1", "sex=m & age=60+")
    tab.settled()
    expect(tab.testid("table-total")).to_contain_text("gap = sex=m \u2229 age=60+ \u2212 mean of the rest")
    assert tab.page_errors == []


def test_soft_table_says_expected_counts_and_shows_decimals(page_tab, server):
    tab = page_tab
    state = {"run": RUN, "tag": SOFT_TAG, "x1": "woman", "x2": "man", "counts": "1"}
    answer = server.get("table", {"run": RUN, "tag": SOFT_TAG, "x1": "woman", "x2": "man", "limit": 25})
    assert answer["expected_counts"] is True and answer["identity_parts"] == {}
    tab.open(state, total=answer["total"])
    note = tab.testid("expected-counts-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Expected counts: identities were given as probabilities")
    rows = {r["label"]: r["counts"] for r in tab.frame.evaluate(COUNTS_JS)}
    fractional = 0
    for want in answer["rows"]:
        shown = rows[want["label"]]
        # C(y) counts examples (whole); C(woman, y), C(man, y) are sums of probabilities
        assert shown[0] == "{:,}".format(want["count"])
        for text, identity in zip(shown[1:], SOFT_IDENTITIES):
            assert text == "{:,.2f}".format(want["cooccurrence"][identity]), (want["label"], identity, text)
        fractional += sum(v != round(v) for v in want["cooccurrence"].values())
    assert fractional > 0
    # no intersections here: the pickers stay flat
    x1 = tab.frame.evaluate(PICKER_JS, "x1-select")
    assert x1["groups"] == [] and x1["value"] == "woman"
    for width in (1000, 1600):
        shot(tab, "association_soft_identities", width)
    # at 1000 px the co-occurrence counts are a sideways scroll away (C(y) follows the gap, in view)
    tab.page.set_viewport_size({"width": 1000, "height": 1000})
    tab.page.wait_for_timeout(400)
    assert tab.frame.evaluate(SCROLL_TO_JS, "sort-header-count@man") > 0
    shot(tab, "association_soft_identities_counts", 1000)

    # back to the hard table: the note goes, counts are whole again
    tab.testid("tag-select").select_option(HARD_TAG)
    tab.wait_for_hash("tag", HARD_TAG)
    tab.settled()
    expect(tab.testid("expected-counts-note")).to_have_count(0)
    tab.frame.wait_for_function(
        "() => (%s)().every((r) => r.counts.every((c) => !c.includes('.')))" % COUNTS_JS
    )
    assert tab.page_errors == []
