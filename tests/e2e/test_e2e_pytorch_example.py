"""The PyTorch example's logdir in a real TensorBoard: the Bias tab shows all
four measures, and TensorBoard's own Scalars dashboard the SummaryWriter's
scalars of the same run."""

import importlib.util

import pytest
from playwright.sync_api import expect

from conftest import REPO, Tab, serving
from tb_harness import tab_url

pytest.importorskip("torch")


@pytest.fixture(scope="module")
def example_tensorboard(tmp_path_factory):
    logdir = tmp_path_factory.mktemp("pytorch_example") / "logs"
    spec = importlib.util.spec_from_file_location("pytorch_all_measures", REPO / "examples" / "pytorch_all_measures.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    example.main(["--logdir", str(logdir), "--n", "300", "--epochs", "4", "--every", "2",
                  "--estimator-steps", "150"])
    yield from serving(logdir, (".",))


@pytest.mark.training
@pytest.mark.parametrize("width", [1000, 1600])
def test_the_bias_tab_shows_every_measure_of_the_pytorch_example(browser, example_tensorboard, width):
    context = browser.new_context(viewport={"width": width, "height": 1000})
    context.set_default_timeout(20_000)
    tab = Tab(context.new_page(), example_tensorboard)
    try:
        runs = example_tensorboard.get("runs")["runs"]
        measures = {t["measure"] for r in runs for t in r["tags"]}
        assert measures == {"association", "discrepancy", "sensitivity", "representation"}
        # Each view opens on the example's run with something of its own drawn.
        shows = {"association": ["table-row"], "discrepancy": ["dipdi-point", "dipdi-heatmap", "excess-histogram", "top-row"],
                 "sensitivity": ["sens-summary-row", "sens-hist"], "representation": ["repr-profile-row", "repr-curve-heldout"]}
        for measure, testids in shows.items():
            tab.page.goto(tab_url(example_tensorboard.url, {"measure": measure}))
            switch = tab.testid("measure-%s" % measure)
            if switch.get_attribute("aria-selected") != "true":
                switch.click()
            expect(switch).to_have_attribute("aria-selected", "true")
            for testid in testids:
                expect(tab.testid(testid).first).to_be_visible()
            expect(tab.ui.locator('[data-testid="loading"]:visible')).to_have_count(0)
            tab.screenshot("pytorch_example_%s_%d" % (measure, width))
        assert not tab.page_errors
        # The same run's scalars, in TensorBoard's own dashboard.
        tab.page.goto("%s/#timeseries" % example_tensorboard.url)
        for tag in ("loss", "accuracy"):
            expect(tab.page.get_by_text(tag, exact=True).first).to_be_visible(timeout=30_000)
        tab.screenshot("pytorch_example_scalars_%d" % width)
    finally:
        context.close()
