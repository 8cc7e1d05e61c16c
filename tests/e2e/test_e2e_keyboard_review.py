"""The accessibility and keyboard review (WCAG 2.2) in a real browser: focus
stays on the control the reader used (2.4.3), a focused control stays in
view (2.4.11), the views reflow at 200% zoom (1.4.10). Screenshots at 1000
and 1600 px go to test-artifacts/e2e/."""

import pytest
from playwright.sync_api import expect

from conftest import Tab
from e2e_data import DEMO_TAG

pytestmark = pytest.mark.browser

DEFAULT = {"run": "model_a", "tag": DEMO_TAG}

# the element that has the focus, through the shadow roots
FOCUSED_JS = """() => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a && { tag: a.tagName, testid: a.dataset.testid || null, label: a.getAttribute("aria-label"),
                text: a.textContent.trim().slice(0, 60), rank: Number(a.closest("[role=row]")?.dataset.rank) || null };
}"""


def focused(tab):
    return tab.frame.evaluate(FOCUSED_JS)


def shot(tab, name, width, height=1000):
    tab.page.set_viewport_size({"width": width, "height": height})
    tab.page.wait_for_timeout(400)
    return tab.screenshot("%s_%d" % (name, width))


def test_folding_the_controls_keeps_the_focus_on_the_toggle(tab):
    tab.open(DEFAULT)
    toggle = tab.testid("aside-toggle")
    toggle.focus()
    controls = toggle.get_attribute("aria-controls")
    assert controls, "the toggle names the region it folds"
    tab.page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    assert focused(tab)["testid"] == "aside-toggle"
    assert toggle.get_attribute("aria-controls") == controls
    shot(tab, "keyboard_aside_folded", 1000)
    tab.page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    assert focused(tab)["testid"] == "aside-toggle"
    assert tab.page_errors == []


@pytest.mark.parametrize("width", [1000, 1600])
def test_selecting_a_row_by_keyboard_keeps_its_checkbox_focused_and_in_view(tab, width):
    """Space on a row's checkbox opens the selected labels' plot above the table: the checkbox stays
    focused and on screen, not pushed below the window or dropped with its row."""
    tab.page.set_viewport_size({"width": width, "height": 1000})
    tab.open(DEFAULT)
    tab.ui.locator('[data-testid="table-row"] [data-testid="select-checkbox"]').first.focus()
    tab.page.keyboard.press("PageDown")
    tab.frame.wait_for_function("() => (%s)()?.rank > 10" % FOCUSED_JS, timeout=5_000)
    rank = focused(tab)["rank"]
    tab.page.keyboard.press("Space")
    expect(tab.testid("pcp")).to_be_visible()
    tab.page.wait_for_timeout(500)  # the plot drawn and the rows laid out again
    now = focused(tab)
    assert now and now["testid"] == "select-checkbox" and now["rank"] == rank, now
    checkbox = tab.ui.locator('[data-testid="table-row"][data-rank="%d"] [data-testid="select-checkbox"]' % rank)
    expect(checkbox).to_be_checked()
    expect(checkbox).to_be_in_viewport()
    tab.screenshot("keyboard_select_in_view_%d" % width)
    assert tab.page_errors == []


# Elements of the plugin that scroll sideways, but for the tables' own sideways scrollers.
SIDEWAYS_SCROLLED_JS = """() => {
  const own = ".sideways-scroll, lit-virtualizer, .header-viewport";
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      const overflow = getComputedStyle(el).overflowX;
      if (!el.matches(own) && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && ["auto", "scroll"].includes(overflow))
        out.push(el.tagName + "." + el.className + " " + el.scrollWidth + ">" + el.clientWidth);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const d = document.documentElement;
  if (d.scrollWidth > d.clientWidth + 1) out.push("document " + d.scrollWidth + ">" + d.clientWidth);
  return out;
}"""

ASIDE_JS = """() => {
  const view = document.querySelector("tb-bias-app").shadowRoot.querySelector("tb-bias-association-view").shadowRoot;
  const box = (el) => el.getBoundingClientRect();
  const main = box(view.querySelector("main"));
  const table = view.querySelector("tb-bias-table").shadowRoot;
  const outside = [...table.querySelectorAll(".toolbar button, .toolbar input, .toolbar a, [data-testid^=bulk] button")]
    .filter((b) => b.offsetParent !== null && box(b).right > main.right + 1).map((b) => b.textContent.trim());
  return {aside: box(view.querySelector("aside")).width, main: main.width, view: box(view.host).width, outside};
}"""

ZOOMED_VIEWS = [
    ("association", "ranked-table"),
    ("discrepancy", "top-table"),
    ("sensitivity", "sens-summary"),
    ("representation", "repr-profile-table"),
]


@pytest.fixture
def zoomed_tab(browser, tensorboard, request):
    """A 1000 x 1000 px window at 200% zoom: 500 x 500 CSS px."""
    context = browser.new_context(viewport={"width": 500, "height": 500}, device_scale_factor=2)
    context.set_default_timeout(20_000)
    t = Tab(context.new_page(), tensorboard)
    try:
        yield t
    finally:
        try:
            t.screenshot(request.node.name)
        finally:
            context.close()


@pytest.mark.parametrize("measure,ready", ZOOMED_VIEWS)
def test_views_reflow_at_200_percent_zoom(zoomed_tab, measure, ready):
    """WCAG 1.4.10: at 500 CSS px no view scrolls sideways as a whole (only a wide table, in its own
    scroller), and the association view folds its controls, leaving the table the width."""
    from tb_harness import tab_url

    tab = zoomed_tab
    tab.page.goto(tab_url(tab.tb.url, {"measure": measure}))
    expect(tab.testid(ready).first).to_be_visible()
    tab.page.wait_for_timeout(500)
    assert tab.frame.evaluate(SIDEWAYS_SCROLLED_JS) == []
    if measure == "association":
        layout = tab.frame.evaluate(ASIDE_JS)
        assert layout["aside"] < 60 and layout["main"] > 400 and layout["outside"] == [], layout
        toggle = tab.testid("aside-toggle")
        expect(toggle).to_have_attribute("aria-expanded", "false")
        toggle.click()
        expect(toggle).to_have_attribute("aria-expanded", "true")
        layout = tab.frame.evaluate(ASIDE_JS)
        # unfolded, the controls go above the table, the tab's width each
        assert layout["aside"] == pytest.approx(layout["view"], abs=2) and layout["main"] > 400, layout
        assert tab.frame.evaluate(SIDEWAYS_SCROLLED_JS) == []
        tab.screenshot("zoomed_association_unfolded")
    assert tab.page_errors == []


# Tables of the plugin without a name or with header cells without a scope, headings holding controls,
# and sort buttons whose names repeat "Click to sort." (aria-sort says the sort).
UNNAMED_JS = """() => {
  const out = [];
  const walk = (root) => {
    for (const t of root.querySelectorAll("table")) {
      if (t.offsetParent === null && !t.closest("details")) continue;
      const labelled = (t.getAttribute("aria-labelledby") || "").split(" ").filter(Boolean).map((id) => root.getElementById(id));
      const named = (t.querySelector("caption")?.textContent.trim() || t.getAttribute("aria-label") || "") !== ""
        || (labelled.length > 0 && labelled.every((e) => e && e.textContent.trim()));
      const where = t.dataset.testid || t.className || t.parentElement?.closest("[data-testid]")?.dataset.testid || "?";
      if (!named) out.push("unnamed table " + where);
      for (const th of t.querySelectorAll("th")) {
        if (!th.getAttribute("scope")) { out.push("th without scope in " + where + ": " + th.textContent.trim()); break; }
      }
    }
    for (const h of root.querySelectorAll("h1, h2, h3, h4")) {
      if (h.querySelector("button, select, input")) out.push("control in heading " + h.textContent.trim().slice(0, 40));
    }
    for (const b of root.querySelectorAll("[role=columnheader] button")) {
      if ((b.getAttribute("aria-label") || "").includes("Click to sort")) { out.push("sort button " + b.getAttribute("aria-label")); break; }
    }
    for (const el of root.querySelectorAll("*")) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document);
  return out;
}"""


@pytest.mark.parametrize("measure,ready", ZOOMED_VIEWS)
def test_tables_have_names_and_scoped_headers(tab, measure, ready):
    from tb_harness import tab_url

    tab.page.set_viewport_size({"width": 1600, "height": 1000})
    tab.page.goto(tab_url(tab.tb.url, {"measure": measure}))
    expect(tab.testid(ready).first).to_be_visible()
    tab.page.wait_for_timeout(500)
    assert tab.frame.evaluate(UNNAMED_JS) == []
    assert tab.page_errors == []

def test_the_shown_step_and_layer_rows_are_current_and_a_layer_is_picked_by_keyboard(tab):
    from tb_harness import tab_url

    tab.page.goto(tab_url(tab.tb.url, {"measure": "discrepancy"}))
    expect(tab.testid("means-row").first).to_be_visible()
    current = tab.ui.locator('[data-testid="means-row"][aria-current="true"]')
    expect(current).to_have_count(1)
    step = tab.testid("dipdi-curve").get_attribute("aria-valuenow")
    expect(current.locator("th")).to_have_text(step)

    tab.page.goto("about:blank")
    tab.page.goto(tab_url(tab.tb.url, {"measure": "representation"}))
    rows = tab.testid("repr-profile-row")
    expect(rows.first).to_be_visible()
    layer = tab.testid("repr-layer-select").input_value()
    current = tab.ui.locator('[data-testid="repr-profile-row"][aria-current="true"]')
    expect(current).to_have_attribute("data-layer", layer)
    other = next(l for l in rows.evaluate_all("rs => rs.map((r) => r.dataset.layer)") if l != layer)
    button = tab.ui.locator('[data-testid="repr-profile-row"][data-layer="%s"] [data-testid="repr-profile-pick"]' % other)
    button.focus()
    tab.page.keyboard.press("Enter")
    expect(tab.testid("repr-layer-select")).to_have_value(other)
    expect(current).to_have_attribute("data-layer", other)
    assert tab.page_errors == []

def test_dismissing_a_link_notice_gives_the_focus_to_the_measure_tab(tab):
    from tb_harness import tab_url

    tab.page.goto(tab_url(tab.tb.url, {"measure": "bogus"}))
    notice = tab.testid("link-notice")
    expect(notice).to_be_visible()
    # the live region is on the page before its words, so that they are announced
    assert notice.evaluate("n => n.closest('[role=status]') !== null && n.getAttribute('role') === null")
    dismiss = notice.get_by_role("button", name="Dismiss")
    dismiss.focus()
    tab.page.keyboard.press("Enter")
    expect(notice).to_have_count(0)
    now = focused(tab)
    assert now and now["testid"] and now["testid"].startswith("measure-"), now
    expect(tab.ui.locator('[data-testid="%s"]' % now["testid"])).to_have_attribute("aria-selected", "true")
    assert tab.page_errors == []
