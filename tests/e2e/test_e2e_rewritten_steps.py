"""A step written twice under one run and tag (two quickstart blocks logging
"gender" at step 0 into logs/eval): TensorBoard keeps one write and drops
the other silently; `runs` and the tab say so, naming the write shown, with
each of TensorBoard's two data loaders."""

import pytest

import plugin_fixtures as fx
from conftest import ARTIFACTS, serving
from tb_bias_plugin import summary
from tb_harness import PLUGIN_IFRAME, TensorBoard, tab_url

SIZES = {1: 301, 2: 302}  # write number -> examples in its table


@pytest.fixture(scope="module")
def rewritten_logdir(tmp_path_factory):
    logdir = tmp_path_factory.mktemp("rewritten") / "logs"
    for n in SIZES.values():
        with summary.Writer(logdir / "eval") as writer:
            writer.association_table("gender", fx.counter(n, n=n), step=0)
    with summary.Writer(logdir / "clean") as writer:
        writer.association_table("gender", fx.counter(7), step=0)
    for step in (0, 1, 2, 3, 2):  # steps 0-3, then step 2 logged again: a fix into the same run
        with summary.Writer(logdir / "restarted") as writer:
            writer.association_table("gender", fx.counter(20 + step), step=step)
    return logdir


@pytest.mark.parametrize("loader", ["--load_fast=true", "--load_fast=false"])
def test_runs_names_the_write_the_table_shows(rewritten_logdir, loader):
    server = TensorBoard(rewritten_logdir, log_path=rewritten_logdir.parent / ("tb%s.log" % loader),
                         expected_runs={"eval", "clean", "restarted"}, extra_args=[loader])
    server.start()
    try:
        tags = {(r["run"], t["tag"]): t for r in server.get("runs")["runs"] for t in r["tags"]}
        assert tags["clean", "gender"]["rewritten_steps"] == []
        [rewrite] = tags["eval", "gender"]["rewritten_steps"]
        assert rewrite["step"] == 0 and rewrite["writes"] == 2
        shown = server.get("table", {"run": "eval", "tag": "gender"})["num_examples"]
        assert SIZES[rewrite["shown"]] == shown
        # the data server drops step 3 when step 2 is written after it; the Python loader keeps it
        restarted = tags["restarted", "gender"]
        listed = [0, 1, 2] if loader == "--load_fast=true" else [0, 1, 2, 3]
        assert restarted["steps"] == listed
        assert restarted["hidden_steps"] == ([3] if loader == "--load_fast=true" else [])
        assert tags["clean", "gender"]["hidden_steps"] == tags["eval", "gender"]["hidden_steps"] == []
    finally:
        server.stop()


@pytest.fixture(scope="module")
def tensorboard_default_loader(rewritten_logdir):
    yield from serving(rewritten_logdir, {"eval", "clean", "restarted"})


def test_the_tab_warns_of_the_rewritten_step(tensorboard_default_loader, browser):
    server = tensorboard_default_loader
    for width in (1000, 1600):
        page = browser.new_page(viewport={"width": width, "height": 800})
        page.goto(tab_url(server.url))
        ui = page.frame_locator(PLUGIN_IFRAME)
        ui.locator('[data-testid="table-row"]').first.wait_for()
        notice = ui.locator('[data-testid="rewritten"]')
        assert notice.inner_text().startswith("2 steps were written more than once; 1 step is hidden by a later "
                                              "write of an earlier one under the same run and tag")
        notice.locator("summary").click()
        lines = ui.locator('[data-testid="rewritten-step"]')
        assert lines.nth(0).inner_text().startswith('"eval" / "gender" step 0: written 2 times; the tab shows the ')
        assert lines.nth(1).inner_text().startswith('"restarted" / "gender" step 2: written 2 times')
        hidden = ui.locator('[data-testid="hidden-steps"]').inner_text()
        assert hidden.startswith('"restarted" / "gender": step 3 is on disk but not shown: an earlier step was '
                                 "written after")
        box = notice.bounding_box()
        assert box["width"] <= width and box["height"] < 0.4 * 800  # the table keeps its room
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / ("rewritten_steps_%d.png" % width)), full_page=True)
        page.close()
