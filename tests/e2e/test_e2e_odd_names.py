"""Runs and tags with quotes, backslashes, tabs, newlines and non-ASCII
names, served by a real TensorBoard with each of its two data loaders.

With the fast loader (Rust data server, the default) TensorBoard itself
cannot read records under such names; they must be listed as unreadable
with the reason, and every other table must still be served. With the
Python loader (--load_fast=false) every table is served.
"""

import time

import pytest

import plugin_fixtures as fx
from conftest import ARTIFACTS
from tb_bias_plugin import summary
from tb_harness import PLUGIN_IFRAME, TensorBoard, tab_url

ODD = ['quo"te', "back\\slash", "tab\there", "new\nline", "ünïcødé ✓"]
ODD_TAG = 'ta"g\\x\ty'


@pytest.fixture(scope="module")
def odd_logdir(tmp_path_factory):
    logdir = tmp_path_factory.mktemp("odd") / "logs"
    for run in ["good"] + ODD:
        with summary.Writer(logdir / run) as writer:
            writer.association_table("gender", fx.counter(0), step=1)
            writer.association_table(ODD_TAG, fx.counter(1), step=1)
    return logdir


def _serve(logdir, *args):
    server = TensorBoard(logdir, log_path=logdir.parent / ("tb%s.log" % "".join(args)), expected_runs={"good"}, extra_args=args)
    server.start()
    return server


def _status(server, route, params):
    import json
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(server.api_url(route, params), timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _settled_runs(server, want):
    """The runs listing once TensorBoard has loaded every run (it loads in the background)."""
    deadline = time.monotonic() + 60
    while True:
        body = server.get("runs")
        seen = {r["run"] for r in body["runs"]} | {u["run"] for u in body["unreadable"]}
        if seen >= want or time.monotonic() > deadline:
            return body
        time.sleep(0.5)  # polling while TensorBoard loads, not a synchronisation


def test_python_loader_serves_every_odd_name(odd_logdir):
    server = _serve(odd_logdir, "--load_fast=false")
    try:
        body = _settled_runs(server, {"good", *ODD})
        assert body["unreadable"] == []
        tags = {r["run"]: sorted(t["tag"] for t in r["tags"]) for r in body["runs"]}
        assert tags == {run: sorted(["gender", ODD_TAG]) for run in ["good"] + ODD}
        for run in ODD:
            table = server.get("table", {"run": run, "tag": ODD_TAG})
            assert table["run"] == run and table["tag"] == ODD_TAG and table["total"] > 0
    finally:
        server.stop()


def test_fast_loader_lists_what_it_cannot_read_and_serves_the_rest(odd_logdir, browser):
    server = _serve(odd_logdir, "--load_fast=true")
    try:
        body = _settled_runs(server, {"good", *ODD})
        readable = {(r["run"], t["tag"]) for r in body["runs"] for t in r["tags"]}
        unreadable = {(u["run"], u["tag"]): u["error"] for u in body["unreadable"]}
        assert ("good", "gender") in readable  # one odd name never hides the others
        assert readable | set(unreadable) == {(run, tag) for run in ["good"] + ODD for tag in ("gender", ODD_TAG)}
        assert unreadable, "the fast loader read every odd name: this test no longer tests anything"
        for (run, tag), error in unreadable.items():
            assert "--load_fast=false" in error, error
            status, answer = _status(server, "table", {"run": run, "tag": tag})
            assert status == 422 and "--load_fast=false" in answer["error"]
        for run, tag in readable:
            assert server.get("table", {"run": run, "tag": tag})["total"] > 0
        # the tab says so too, and still shows the readable tables
        for width in (1000, 1600):
            page = browser.new_page(viewport={"width": width, "height": 800})
            page.goto(tab_url(server.url))
            ui = page.frame_locator(PLUGIN_IFRAME)
            ui.locator('[data-testid="table-row"]').first.wait_for()
            notice = ui.locator('[data-testid="unreadable"]')
            notice.locator("summary").click()
            assert "%d logged tables cannot be read" % len(unreadable) in notice.inner_text()
            assert "--load_fast=false" in notice.inner_text()
            # opened, the notice leaves the table its room
            ui.locator('[data-testid="table-row"]').first.wait_for()
            assert notice.bounding_box()["height"] < 0.4 * 800
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / ("odd_names_fast_loader_%d.png" % width)), full_page=True)
            page.close()
    finally:
        server.stop()
