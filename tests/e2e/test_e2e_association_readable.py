"""A review of the label-association view at 1000 and 1600 px: the metric
select shows its whole option, and the Metrics tab's "Top k" says what it
shows when the table has fewer labels than k. Screenshots go to
test-artifacts/e2e/."""

import pytest
from conftest import Tab, serving
from playwright.sync_api import expect

from e2e_data import DEMO_TAG

DEFAULT = {"run": "model_a", "tag": DEMO_TAG}
WIDTHS = (1000, 1600)

# how much wider the select's text is than its box (0: shown whole), and the select's right edge against its panel's
FIT_JS = """(s) => {
  const panel = s.closest("section") || s.getRootNode().host.closest("section");
  return {over: s.scrollWidth - s.clientWidth, right: s.getBoundingClientRect().right,
          panelRight: panel.getBoundingClientRect().right, text: s.selectedOptions[0].textContent};
}"""


def test_metric_select_shows_each_metric_name_whole(tab):
    """Review: at 1000 px the metric select read "nPMI normalised by p(x,y) (np" (its text 30 px wider than it)."""
    for width in WIDTHS:
        tab.page.set_viewport_size({"width": width, "height": 1000})
        tab.open(DEFAULT)
        select = tab.testid("metric-select")
        metrics = select.evaluate("s => [...s.options].map((o) => o.value)")
        assert len(metrics) >= 10, metrics
        # every metric's name, chosen in turn (the default is the longest)
        for metric in metrics if width == 1000 else metrics[:1]:
            select.select_option(metric)
            fit = select.evaluate(FIT_JS)
            assert fit["over"] <= 0, (width, fit)
            assert fit["right"] <= fit["panelRight"], (width, fit)
        select.select_option(metrics[0])
        tab.settled()
        tab.screenshot("association_metric_select_%d" % width)
    assert tab.page_errors == []
