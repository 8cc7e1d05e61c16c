"""Fixtures of the browser tests: one TensorBoard process on a copy of
``demo_logs`` (plus a run with hostile label names) and one headless
Chromium for the whole session; a fresh browser context per test, which
leaves a full-page screenshot in ``test-artifacts/e2e/``.
"""

import os
import re
import shutil
from pathlib import Path

import pytest

from e2e_data import (
    HOSTILE_RUN,
    REPRESENTATION_RUN,
    WIDE_RUN,
    write_hostile_run,
    write_representation_run,
    write_wide_run,
)
from tb_harness import (
    PLUGIN_IFRAME,
    TABLE_STATE_JS,
    TensorBoard,
    chromium_problem,
    hash_state,
    launch_chromium,
    plugin_frame,
    tab_url,
)

REPO = Path(__file__).resolve().parents[2]
DEMO_LOGS = REPO / "demo_logs"
ARTIFACTS = REPO / "test-artifacts" / "e2e"


@pytest.fixture(scope="session")
def e2e_logdir(tmp_path_factory):
    root = tmp_path_factory.mktemp("tb_bias_e2e")
    logdir = root / "logs"
    # Flags are written beside the logs: never let the tests touch demo_logs.
    shutil.copytree(DEMO_LOGS, logdir, ignore=shutil.ignore_patterns(".tb_bias"))
    write_hostile_run(logdir / HOSTILE_RUN)
    write_wide_run(logdir / WIDE_RUN)
    write_representation_run(logdir / REPRESENTATION_RUN)
    return logdir


def serving(logdir, expected_runs, empty=False):
    """A started TensorBoard on ``logdir`` (a fixture's generator: yields it, then stops it);
    ``empty``: the logdir holds nothing, so no run is waited for."""
    server = TensorBoard(logdir, log_path=logdir.parent / "tensorboard.log", expected_runs=expected_runs, empty=empty)
    try:
        server.start()
    except RuntimeError as error:
        pytest.fail("cannot start TensorBoard: %s" % error, pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def tensorboard(e2e_logdir):
    # every run of every measure's demo, so no test starts before its data is loaded
    yield from serving(e2e_logdir, tuple(p.name for p in e2e_logdir.iterdir() if p.is_dir() and not p.name.startswith(".")))


@pytest.fixture(scope="session")
def browser():
    problem = chromium_problem()
    if problem:
        # CI must run the browser tests; elsewhere a missing browser is a
        # reported skip (`make test` installs it; `make check` leaves them out).
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(problem, pytrace=False)
        pytest.skip(problem)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


class Tab:
    """One browser page showing the Bias tab, with helpers to read it."""

    def __init__(self, page, tensorboard):
        self.page = page
        self.tb = tensorboard
        self.dialogs = []
        self.page_errors = []
        page.on("dialog", self._on_dialog)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))

    def _on_dialog(self, dialog):
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    @property
    def ui(self):
        """A FrameLocator of the plugin's iframe; CSS locators pierce its shadow roots."""
        return self.page.frame_locator(PLUGIN_IFRAME)

    @property
    def frame(self):
        return plugin_frame(self.page)

    def testid(self, name):
        return self.ui.locator('[data-testid="%s"]' % name)

    def row(self, label):
        return self.ui.locator('[data-testid="table-row"][data-label=%s]' % css_string(label))

    def open(self, state=None, **table):
        """Open the tab with view state in the hash; wait until the table has settled."""
        self.page.goto(tab_url(self.tb.url, state))
        return self.settled(**table)

    def reload(self, **table):
        self.page.reload()
        return self.settled(**table)

    @property
    def state(self):
        """The plugin's view state in the top window's hash."""
        return hash_state(self.page.url)

    def table(self):
        return self.frame.evaluate(TABLE_STATE_JS)

    def settled(self, total=None, top=25, timeout=30_000):
        """Waits until the ranked table shows fresh rows 1..top (fewer if the
        result is smaller) and nothing is loading; with ``total``, until it
        shows that many rows in total. Returns the table's state."""
        predicate = """
        ([total, top]) => {
          const s = (%s)();
          if (!s || s.loading || s.total === null || s.placeholders > 0) return false;
          if (total !== null && s.total !== total) return false;
          if (s.rows.some((r) => r.stale)) return false;
          const want = Math.min(top, s.total);
          return s.rows.filter((r) => r.rank <= want).length === want;
        }
        """ % TABLE_STATE_JS
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.frame.wait_for_function(predicate, arg=[total, top], timeout=timeout)
        except PlaywrightTimeout:
            current = self.table()
            summary = None if current is None else {
                "total": current["total"], "loading": current["loading"],
                "placeholders": current["placeholders"], "rows": [r["label"] for r in current["rows"][:5]],
            }
            raise AssertionError(
                "the table did not settle (wanted total=%r, top %d rows); it shows %r; page errors: %r"
                % (total, top, summary, self.page_errors)
            ) from None
        return self.table()

    def wait_for_hash(self, key, value=None, contains=None, timeout=10_000):
        """Waits until the top window's hash has the plugin entry ``key``
        (equal to ``value``, or containing ``contains``)."""

        def ready(url):
            entry = hash_state(url).get(key)
            if entry is None:
                return False
            return (value is None or entry == value) and (contains is None or contains in entry)

        self.page.wait_for_url(ready, timeout=timeout)

    def screenshot(self, name):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / ("%s.png" % re.sub(r"[^A-Za-z0-9_.-]+", "_", name))
        self.page.screenshot(path=str(path), full_page=True)
        return path


def css_string(text):
    """A CSS string literal (for attribute selectors)."""
    return '"%s"' % "".join(
        "\\%06x " % ord(c) if c in '"\\\n\r' or ord(c) < 0x20 else c for c in text
    )


@pytest.fixture
def tab(browser, tensorboard, request):
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    t = Tab(page, tensorboard)
    try:
        yield t
    finally:
        try:
            t.screenshot(request.node.name)  # after the test, passed or failed
        finally:
            context.close()


# -- the backend, asked directly --------------------------------------------


def backend_page(tensorboard, params, limit=100, offset=0):
    query = list(params.items()) if isinstance(params, dict) else list(params)
    return tensorboard.get("table", query + [("limit", limit), ("offset", offset)])


def backend_all(tensorboard, params):
    """Every row of the filtered, sorted result, page by page."""
    rows, offset = [], 0
    while True:
        page = backend_page(tensorboard, params, limit=1000, offset=offset)
        rows += page["rows"]
        offset += 1000
        if offset >= page["total"]:
            return rows, page["total"]


@pytest.fixture
def backend(tensorboard):
    class Backend:
        page = staticmethod(lambda params, limit=100, offset=0: backend_page(tensorboard, params, limit, offset))
        all = staticmethod(lambda params: backend_all(tensorboard, params))
        flags = staticmethod(lambda tag: tensorboard.get("flags", {"tag": tag}))

    return Backend
