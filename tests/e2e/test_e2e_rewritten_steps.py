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
    return logdir


@pytest.mark.parametrize("loader", ["--load_fast=true", "--load_fast=false"])
def test_runs_names_the_write_the_table_shows(rewritten_logdir, loader):
    server = TensorBoard(rewritten_logdir, log_path=rewritten_logdir.parent / ("tb%s.log" % loader),
                         expected_runs={"eval", "clean"}, extra_args=[loader])
    server.start()
    try:
        tags = {(r["run"], t["tag"]): t for r in server.get("runs")["runs"] for t in r["tags"]}
        assert tags["clean", "gender"]["rewritten_steps"] == []
        [rewrite] = tags["eval", "gender"]["rewritten_steps"]
        assert rewrite["step"] == 0 and rewrite["writes"] == 2
        shown = server.get("table", {"run": "eval", "tag": "gender"})["num_examples"]
        assert SIZES[rewrite["shown"]] == shown
    finally:
        server.stop()


@pytest.fixture(scope="module")
def tensorboard_default_loader(rewritten_logdir):
    yield from serving(rewritten_logdir, {"eval", "clean"})


def test_the_tab_warns_of_the_rewritten_step(tensorboard_default_loader, browser):
    server = tensorboard_default_loader
    for width in (1000, 1600):
        page = browser.new_page(viewport={"width": width, "height": 800})
        page.goto(tab_url(server.url))
        ui = page.frame_locator(PLUGIN_IFRAME)
        ui.locator('[data-testid="table-row"]').first.wait_for()
        notice = ui.locator('[data-testid="rewritten"]')
        assert "1 step was written more than once" in notice.inner_text()
        notice.locator("summary").click()
        line = ui.locator('[data-testid="rewritten-step"]')
        assert line.inner_text().startswith('"eval" / "gender" step 0: written 2 times; the tab shows the ')
        box = notice.bounding_box()
        assert box["width"] <= width and box["height"] < 0.4 * 800  # the table keeps its room
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / ("rewritten_steps_%d.png" % width)), full_page=True)
        page.close()
