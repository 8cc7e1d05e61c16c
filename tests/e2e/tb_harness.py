"""A real TensorBoard process and Debian's headless Chromium, for the
browser tests in this directory and for ``benchmarks/bench_browser.py``.

Nothing here downloads a browser: Playwright drives ``/usr/bin/chromium``
(``scripts/install-system-packages`` installs it on CI).
"""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PLUGIN_IFRAME = 'iframe[src*="plugin_entry.html?name=tb_bias"]'
PREFIX = "p.tb_bias."


def chromium_problem():
    """Why Chromium cannot be used, or None."""
    if not CHROMIUM.exists():
        return (
            "%s is missing: the browser tests drive Debian's Chromium and never download one. "
            "Install it with scripts/install-system-packages (apt-get install chromium)." % CHROMIUM
        )
    if not os.access(CHROMIUM, os.X_OK):
        return "%s is not executable" % CHROMIUM
    return None


def launch_chromium(playwright):
    return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("localhost", 0))
        return s.getsockname()[1]


class TensorBoard:
    """``tensorboard --logdir LOGDIR --port PORT`` from this interpreter's
    environment, with default flags (so the Rust data server loads the logs).

    Use as a context manager; leaving it stops the process group it started.
    """

    def __init__(self, logdir, *, log_path=None, expected_runs=(), start_timeout=120.0, extra_args=(), empty=False):
        self.logdir = Path(logdir)
        self.executable = Path(sys.executable).parent / "tensorboard"
        self.log_path = Path(log_path) if log_path else self.logdir.parent / "tensorboard.log"
        self.expected_runs = set(expected_runs)
        self.extra_args = list(extra_args)
        self.start_timeout = start_timeout
        #: the logdir holds nothing: ready once `runs` answers (else once it lists a run with tables)
        self.empty = empty
        self.port = None
        self.process = None
        self._log = None

    @property
    def url(self):
        return "http://localhost:%d" % self.port

    def api_url(self, route, params=()):
        query = urllib.parse.urlencode(list(params.items()) if isinstance(params, dict) else list(params), doseq=True)
        return "%s/data/plugin/tb_bias/%s%s" % (self.url, route, "?" + query if query else "")

    def get(self, route, params=(), *, raw=False, timeout=60):
        """GET a plugin route directly (not through the browser)."""
        with urllib.request.urlopen(self.api_url(route, params), timeout=timeout) as response:
            body = response.read()
            return body if raw else json.loads(body)

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def start(self):
        if not self.executable.exists():
            raise RuntimeError("no tensorboard console script at %s" % self.executable)
        last_error = None
        for _ in range(3):  # another process may grab the free port first
            self.port = free_port()
            self._log = open(self.log_path, "wb")
            env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
            self.process = subprocess.Popen(
                [str(self.executable), "--logdir", str(self.logdir), "--port", str(self.port), *self.extra_args],
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,  # its own process group, data server included
            )
            try:
                self._wait_ready()
                return
            except RuntimeError as error:
                last_error = error
                self.stop()
                if "Address already in use" not in self.log_tail():
                    break
        raise last_error

    def _wait_ready(self):
        deadline = time.monotonic() + self.start_timeout
        last = "no answer yet"
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    "tensorboard exited with code %s before answering:\n%s" % (self.process.returncode, self.log_tail())
                )
            try:
                runs = self.get("runs", timeout=5)
                have = {r["run"] for r in runs["runs"] if r["tags"]}
                if self.expected_runs <= have and (have or self.empty):
                    return
                last = "runs so far: %s" % sorted(have)
            except (urllib.error.URLError, ConnectionError, OSError, ValueError) as error:
                last = repr(error)
            time.sleep(0.25)  # polling interval while the server starts, not a synchronisation
        raise RuntimeError(
            "tensorboard did not serve the tables within %.0f s (%s):\n%s" % (self.start_timeout, last, self.log_tail())
        )

    def log_tail(self, limit=4000):
        try:
            return self.log_path.read_text(errors="replace")[-limit:]
        except OSError:
            return ""

    def stop(self):
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGTERM)  # the group this object started
            except ProcessLookupError:
                pass
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                process.wait(timeout=15)
        if self._log is not None:
            self._log.close()
            self._log = None


def tab_url(base_url, state=None):
    """The Bias tab's URL with view state in TensorBoard's hash."""
    items = ["tb_bias"]
    for key, value in (state or {}).items():
        if isinstance(value, (list, tuple)):
            value = json.dumps(list(value))
        items.append("%s=%s" % (urllib.parse.quote(PREFIX + key, safe=""), urllib.parse.quote(str(value), safe="")))
    return "%s/#%s" % (base_url, "&".join(items))


def hash_state(url):
    """The plugin's entries of a TensorBoard URL's hash, prefix stripped."""
    fragment = urllib.parse.urlsplit(url).fragment
    out = {}
    for item in fragment.split("&"):
        if "=" in item:
            key, value = item.split("=", 1)
            key = urllib.parse.unquote(key)
            if key.startswith(PREFIX):
                out[key[len(PREFIX):]] = urllib.parse.unquote(value)
    return out


def plugin_frame(page, timeout=30_000):
    """The Playwright Frame of the plugin's iframe (for evaluate / wait_for_function)."""
    handle = page.wait_for_selector(PLUGIN_IFRAME, timeout=timeout)
    frame = handle.content_frame()
    if frame is None:
        raise RuntimeError("the plugin iframe has no frame")
    return frame


# JavaScript run inside the plugin's frame. Shadow roots are open, so a
# recursive walk finds every element the plugin rendered.
DEEP_QUERY_JS = """
(selector) => {
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll(selector)) out.push(el);
    for (const el of root.querySelectorAll("*")) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document);
  return out;
}
"""

TABLE_STATE_JS = """
() => {
  // tb-bias-app > the measure's view (tb-bias-association-view) > tb-bias-table
  const app = document.querySelector("tb-bias-app");
  const view = app && app.shadowRoot && app.shadowRoot.querySelector("tb-bias-association-view");
  const table = view && view.shadowRoot && view.shadowRoot.querySelector("tb-bias-table");
  const root = table && table.shadowRoot;
  if (!root) return null;
  const t = root.querySelector('[data-testid="ranked-table"]');
  const rows = [...root.querySelectorAll('[data-testid="table-row"]')].map((r) => ({
    rank: Number(r.dataset.rank),
    label: r.dataset.label,
    text: r.querySelector('[data-testid="cell-label"]').textContent,
    stale: r.classList.contains("stale"),
    gap: r.querySelector('[data-testid="cell-gap"]').textContent.trim(),
    values: Object.fromEntries([...r.querySelectorAll('[data-testid="cell-value"]')].map(
      (c) => [c.dataset.identity, c.textContent.trim()])),
  })).sort((a, b) => a.rank - b.rank);
  return {
    total: t.dataset.total === "" ? null : Number(t.dataset.total),
    loading: t.dataset.loading === "true",
    placeholders: root.querySelectorAll('[data-testid="table-row-placeholder"]').length,
    rows,
  };
}
"""


# A table that scrolls sideways (the ranked and compare tables' `.table`, an
# "as numbers" table's `.sideways` box): whether columns lie past its right
# edge, whether it is marked so, and whether the column its visible edge cuts
# is covered whole (`--cover` from that column's left to the frame's right).
SIDEWAYS_JS = """(frame) => {
  const box = frame.getBoundingClientRect();
  const scrollers = [...frame.querySelectorAll(".header-viewport, lit-virtualizer, .sideways-scroll")].filter((s) => s.clientWidth > 0);
  const edge = Math.min(...scrollers.map((s) => s.getBoundingClientRect().left + s.clientWidth));
  const cut = [...frame.querySelectorAll('[role="columnheader"], thead th')].map((c) => c.getBoundingClientRect())
    .find((r) => r.left < edge - 1 && r.right > edge + 1);
  const shade = getComputedStyle(frame, "::after");
  return {
    more: scrollers.some((s) => s.scrollWidth - s.clientWidth - s.scrollLeft > 1),
    marked: frame.hasAttribute("data-more-right"),
    shade: shade.content !== "none" && shade.backgroundImage.includes("gradient"),
    cut: cut ? box.right - cut.left : 0,
    cover: parseFloat(frame.style.getPropertyValue("--cover")) || 0,
  };
}"""


def assert_sideways_cue(frame_locator, where, more=None):
    """The frame is marked and shaded exactly while columns lie to its right, the column its edge cuts
    covered whole (no number shows cut mid-value); ``more``: whether columns must lie there."""
    state = frame_locator.evaluate(SIDEWAYS_JS)
    assert state["marked"] == state["more"] == state["shade"], (where, state)
    if more is not None:
        assert state["more"] == more, (where, state)
    assert state["cover"] >= state["cut"] - 1, ("a column shows cut at the right edge", where, state)
    return state
