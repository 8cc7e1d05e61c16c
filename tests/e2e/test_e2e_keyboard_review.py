"""The accessibility and keyboard review (WCAG 2.2) in a real browser: focus
stays on the control the reader used (2.4.3), a focused control stays in
view (2.4.11), the views reflow at 200% zoom (1.4.10). Screenshots at 1000
and 1600 px go to test-artifacts/e2e/."""

import pytest
from playwright.sync_api import expect

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
