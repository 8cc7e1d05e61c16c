"""A review of the label-association view at 1000 and 1600 px: the metric
select shows its whole option, and the Metrics tab's "Top k" says what it
shows when the table has fewer labels than k. Screenshots go to
test-artifacts/e2e/."""

import pytest
from playwright.sync_api import expect

from conftest import Tab, serving
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


SMALL = {"run": "three_labels", "tag": "gender"}


@pytest.fixture(scope="module")
def small_table_server(tmp_path_factory):
    """A counts table of 3 labels (identities given per example), each seen with both identities."""
    import numpy as np

    from tb_bias_plugin import summary

    logdir = tmp_path_factory.mktemp("three_labels") / "logs"
    rng = np.random.default_rng(3)
    groups = rng.integers(0, 2, size=400)
    scores = rng.random((400, 3)) ** 2
    scores[:, 0] += 0.3 * groups  # "dress" leans to women, "tie" to men
    scores[:, 1] += 0.3 * (1 - groups)
    with summary.Writer(logdir / SMALL["run"]) as writer:
        writer.association_table(SMALL["tag"], np.clip(scores, 0, 1), label_names=["dress", "tie", "hat"],
                                 identity_labels=["man", "woman"], identities=[["man", "woman"][g] for g in groups],
                                 step=0)
    yield from serving(logdir, (SMALL["run"],))


def test_top_k_of_a_three_label_table_says_all_3(browser, small_table_server):
    """Review: the Metrics tab read "Top 100" over a table of 3 labels."""
    answer = small_table_server.get("top_counts", dict(SMALL, k=100))
    assert answer["num_labels"] == 3 and answer["all_n"] == 3
    assert {len(m["labels"]) for m in answer["metrics"]} == {3}
    for width in WIDTHS:
        context = browser.new_context(viewport={"width": width, "height": 1000})
        try:
            tab = Tab(context.new_page(), small_table_server)
            tab.open(SMALL, total=3)
            tab.testid("view-paper").click()
            expect(tab.testid("topk-row")).to_have_count(len(answer["metrics"]) + 1)
            select = tab.testid("topk-k")
            expect(select.locator("option")).to_have_text(["all 3"])
            expect(select).to_be_disabled()
            words = tab.testid("topk-words")
            expect(words).to_contain_text("C(y) of all 3 labels that pass the filters")
            for said in (tab.ui.locator('[data-testid="topk-panel"] .head'), words):  # the axis has a tick "100"
                expect(said).not_to_contain_text("100")
            tab.screenshot("association_topk_three_labels_%d" % width)
            assert tab.page_errors == []
        finally:
            context.close()


def test_top_k_of_a_large_table_offers_every_k(tab, tensorboard):
    """The demo's 2,056 labels: every k stays offered, and the words follow the chosen one."""
    assert tensorboard.get("top_counts", dict(DEFAULT, k=20))["num_labels"] > 500
    tab.open(DEFAULT)
    tab.testid("view-paper").click()
    select = tab.testid("topk-k")
    expect(select.locator("option")).to_have_text(["top 20", "top 100", "top 500"])
    expect(tab.testid("topk-words")).to_contain_text("each metric's top 100 labels by gap man \u2212 woman")
    select.select_option("500")
    expect(tab.testid("topk-words")).to_contain_text("each metric's top 500 labels")
    assert tab.page_errors == []
