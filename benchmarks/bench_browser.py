"""Bias tab speed in a real browser: every measure's view, and the label
table at 100k labels (prints figures; not a test).

Target: each action below shows its result in under 200 ms.

Setup
    A 100,000-label counts table with 16 identities (``synthetic_table`` of
    ``bench_backend.py``: Zipf label popularity, per-identity leanings;
    ``--identities`` for fewer) is logged to a temporary logdir beside a
    copy of the other measures' demo runs (``demo_logs``: DIPDI,
    sensitivity, representation), a real ``tensorboard`` process (default
    flags, so the Rust data server) serves it on a free local port, and
    Debian's headless Chromium (``/usr/bin/chromium``, driven by
    Playwright, 1400x1000 viewport; ``tests/e2e/tb_harness.py``) opens the
    Bias tab on ``identity_00`` vs. ``identity_01``. The backend is warmed
    up first (the table decoded and the metric computed once, as after any
    first view).

Views (first render)
    For each view (Label associations, DIPDI, Sensitivity, Representation):
    the plugin's frame is reloaded on another view, so the measure's view
    element does not exist yet; then its tab is clicked, and the clock runs
    until every part of the view shows data (checked at each animation
    frame, so within a frame of the truth) and that frame is painted. The
    requests made meanwhile are then replayed one after another with
    ``urllib`` (no browser): the ratio of the two is what the browser adds
    to the backend's own time.

Actions on the label table (each series starts with one untimed run, for
the first-use costs of code paths, then ``--repeats`` timed runs; every run
uses parameters not used before, so no answer comes from a cache a real
user would not have):

    filter   Add a range filter ``gap >= LOW`` through the filter form (the
             column select, the min input and the Add button of
             ``tb-bias-filters``), LOW different each time, starting from
             the unfiltered table (21,603 of 100,000 labels pass the
             default filters). The table is ranked by gap, so its top rows
             stay the same: the rows on screen are only dimmed while
             loading, then shown again.
    filter2  The same with ``npmi_xy@identity_02 >= LOW``, which changes
             every row on screen.
    search   Type a regular expression into the search box: its ``input``
             event with the whole pattern starts the clock (the last
             keystroke), so the search box's debounce is inside the figure.
    page     A table page switch: scroll the virtualised list so that the
             first row of a page not fetched yet (a different page each
             run) is in view.
    scroll   Scroll the table to the end: ``scrollTop`` of the virtualised
             list set to its ``scrollHeight``, on a result just shown (a new
             ``count >= N`` filter each time, so no page of it is cached).

Method
    Timing is taken inside the plugin's iframe with ``performance.now()``:
    t0 immediately before the action is dispatched; "in the DOM" in the
    first ``MutationObserver`` callback (on the ranked table's shadow root,
    subtree) in which the table has been loading and now shows fresh rows
    (not the previous result's, dimmed while loading), nothing loading, and
    the row wanted (ranked 1 for filter and search, the page's first for
    page, the last for scroll); "painted" when a message posted from the
    next ``requestAnimationFrame`` callback arrives, i.e. after that
    frame's style, layout and paint. What the table then shows (total,
    rank, label) is checked against the backend's answer for the same
    parameters; the backend is asked only afterwards, so it does not warm
    the backend's caches. Between runs the view is reset through
    TensorBoard's URL hash (untimed), and the bench waits until the table
    and the distributions show the reset view.

    The Resource Timing entries of the requests made meanwhile split the
    time: before the first request (frontend work, debounce), the table
    request itself (network + backend; the slowest if there are several),
    and after its response until the rows are in the DOM (parsing,
    rendering). The same table requests are then replayed with ``urllib``
    (no browser) to show the backend's own time.

    The machine's load is printed too: on a shared 2-core VM the CPU time
    stolen by the hypervisor moves every figure, backend included.

``--smoke`` runs it all at 2,000 labels x 4 identities with one timed run
per series: it checks that every view and action still shows what the
backend answers, not how fast.

Run: python benchmarks/bench_browser.py [--labels 100000] [--identities 16] [--repeats 9] [--verbose] [--smoke]
"""

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "e2e"))
sys.path.insert(0, str(HERE))

from tb_harness import (  # noqa: E402
    DEEP_QUERY_JS,
    TABLE_STATE_JS,
    TensorBoard,
    chromium_problem,
    launch_chromium,
    plugin_frame,
    tab_url,
)

TARGET_MS = 200.0
RUN, TAG = "model", "gender"
DEMO_LOGS = HERE.parent / "demo_logs"


class View:
    """A measure's view: its element, the demo runs it shows, the hash state
    that opens them, and what must be on screen for it to count as shown."""

    def __init__(self, measure, title, element, runs, state, ready):
        self.measure, self.title, self.element = measure, title, element
        self.runs, self.state, self.ready = runs, state, ready

    def owns(self, request):
        """Whether a request (route?query) is this view's: each other measure's routes start with its id."""
        route = request.split("?")[0]
        if self is ASSOCIATION:
            return not any(route.startswith(view.measure) for view in VIEWS if view is not ASSOCIATION)
        return route.startswith(self.measure)


ASSOCIATION = View("association", "Label associations", "tb-bias-association-view", (), {}, [
    '[data-testid="ranked-table"][data-loading="false"]:not([data-total=""])',
    '[data-testid="table-row"][data-rank="1"]:not(.stale)',
    '.plots[aria-busy="false"]',
])
VIEWS = [
    ASSOCIATION,
    View("discrepancy", "DIPDI", "tb-bias-discrepancy-view", ("dipdi_development", "dipdi_deployment"),
         {"discrepancy.run": "dipdi_development"},
         ['[data-testid="dipdi-point"]', '[data-testid="dipdi-heatmap"]', '[data-testid="group-bar"]',
          '[data-testid="top-row"]', '[data-testid="compare-delta"]']),
    View("sensitivity", "Sensitivity", "tb-bias-sensitivity-view", ("sensitivity_text", "sensitivity_tabular"),
         {"sensitivity.run": "sensitivity_text"},
         ['[data-testid="sens-summary-row"]', '[data-testid="sens-hist"] rect', '[data-testid="sens-steps-line"]',
          '[data-testid="sens-example"]']),
    View("representation", "Representation", "tb-bias-representation-view", ("representation_demo",),
         {"representation.run": "representation_demo", "representation.tag": "sex"},
         ['[data-testid="repr-series-line"]', '[data-testid="repr-profile-row"]',
          '[data-testid="repr-curve-heldout"]']),
]

# The plugin's view element of a measure, by tag name, inside tb-bias-app.
VIEW_ROOT_JS = """
(element) => {
  const app = document.querySelector("tb-bias-app");
  const view = app && app.shadowRoot && app.shadowRoot.querySelector(element);
  return view && view.shadowRoot;
}
"""

# True when the view is mounted, nothing in it says "Loading" and every
# selector matches (shadow roots are walked: parts sit in nested elements).
VIEW_READY_JS = """
({element, ready}) => {
  const viewRoot = (%s);
  const deep = (%s);
  if (!viewRoot(element)) return false;
  if (deep('[data-testid="loading"]').length) return false;
  return ready.every((selector) => deep(selector).length > 0);
}
""" % (VIEW_ROOT_JS, DEEP_QUERY_JS)

# The plugin's requests since t0 (Resource Timing), route and query only.
RESOURCES_JS = """
const resourcesSince = (t0) => performance.getEntriesByType("resource")
  .filter((e) => e.startTime >= t0 - 1 && e.name.includes("/data/plugin/tb_bias/"))
  .map((e) => ({name: e.name.replace(/^.*\\/tb_bias\\//, ""), start: e.startTime - t0,
                end: e.responseEnd - t0, duration: e.duration}));
"""

# Clicks a measure's tab; resolves when its view shows every part (checked
# at each animation frame) and that frame has been painted.
SWITCH_JS = """
async ({measure, element, ready, timeoutMs}) => {
  const isReady = (%s);
  const app = document.querySelector("tb-bias-app").shadowRoot;
  const button = app.querySelector(`[data-testid="measure-${measure}"]`);
  if (!button) return {error: `no tab for ${measure}`};
  performance.clearResourceTimings();
  %s
  return await new Promise((resolve) => {
    const t0 = performance.now();
    const frame = () => {
      if (isReady({element, ready})) {
        const tDom = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({dom: tDom - t0, painted: performance.now() - t0,
                                                 resources: resourcesSince(t0)});
        channel.port2.postMessage(null);
      } else if (performance.now() - t0 > timeoutMs) {
        resolve({timeout: true});
      } else {
        requestAnimationFrame(frame);
      }
    };
    button.click();
    requestAnimationFrame(frame);
  });
}
""" % (VIEW_READY_JS, RESOURCES_JS)


# Runs an action in the plugin's frame; resolves when the table shows its
# result (see Method above) with the times and the requests made.
MEASURE_JS = """
async ({action, rank, timeoutMs}) => {
  %s
  const view = (%s)("tb-bias-association-view");
  const root = view.querySelector("tb-bias-table").shadowRoot;
  const filters = view.querySelector("tb-bias-filters").shadowRoot;
  const q = (r, sel) => r.querySelector(sel);
  let sawLoading = false;
  const shown = () => {
    const t = q(root, '[data-testid="ranked-table"]');
    if (t.dataset.loading === "true") sawLoading = true;
    if (!sawLoading || t.dataset.loading !== "false" || t.dataset.total === "") return null;
    const want = rank === "last" ? Number(t.dataset.total) : rank;
    if (t.dataset.total === "0") return {total: 0, rank: want, label: null};  // nothing passes: nothing to wait for
    const row = q(root, `[data-testid="table-row"][data-rank="${want}"]`);
    if (!row || row.classList.contains("stale")) return null;
    return {total: Number(t.dataset.total), rank: want, label: row.dataset.label};
  };
  performance.clearResourceTimings();
  return await new Promise((resolve) => {
    let t0 = 0;
    let finished = false;
    const check = (records) => {
      if (finished) return;
      for (const r of records || []) {
        if (r.type === "attributes" && r.attributeName === "data-loading" && r.oldValue === "true") sawLoading = true;
      }
      const result = shown();
      if (!result) return;
      finished = true;
      const tDom = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const tPainted = performance.now();
          resolve({dom: tDom - t0, painted: tPainted - t0, resources: resourcesSince(t0), shown: result});
        };
        channel.port2.postMessage(null);
      });
    };
    const observer = new MutationObserver(check);
    observer.observe(root, {subtree: true, childList: true, attributes: true, attributeOldValue: true,
                            characterData: true});
    setTimeout(() => { if (!finished) { finished = true; observer.disconnect(); resolve({timeout: true}); } },
               timeoutMs);
    t0 = performance.now();
    if (action.kind === "filter") {
      q(filters, '[data-testid="range-column"]').value = action.column;
      q(filters, '[data-testid="range-min"]').value = action.low;
      q(filters, '[data-testid="range-max"]').value = "";
      q(filters, '[data-testid="range-add"]').click();
    } else if (action.kind === "search") {
      const input = q(root, '[data-testid="search-input"]');
      input.value = action.text;
      input.dispatchEvent(new InputEvent("input", {bubbles: true, composed: true, data: action.text.slice(-1)}));
    } else if (action.kind === "scroll") {
      const scroller = q(root, "lit-virtualizer");
      scroller.scrollTop = scroller.scrollHeight;
    } else if (action.kind === "page") {
      const scroller = q(root, "lit-virtualizer");
      const rowHeight = q(root, '[data-testid="table-row"]').getBoundingClientRect().height;
      scroller.scrollTop = (rank - 1) * rowHeight;
    }
    check();
  });
}
""" % (RESOURCES_JS, VIEW_ROOT_JS)

SETTLED_JS = """
(done) => {
  const view = (%s)("tb-bias-association-view");
  const root = view?.querySelector("tb-bias-table")?.shadowRoot;
  const dist = view?.querySelector("tb-bias-distributions")?.shadowRoot;
  if (!root || !dist) return false;
  const t = root.querySelector('[data-testid="ranked-table"]');
  const row = root.querySelector('[data-testid="table-row"][data-rank="1"]');
  const plots = dist.querySelector(".plots");
  const sub = dist.querySelector(".sub");
  return !!t && t.dataset.loading === "false" && t.dataset.total === String(done.total)
    && !!row && row.dataset.label === done.label && !row.classList.contains("stale")
    && !!plots && plots.getAttribute("aria-busy") === "false"
    && !!sub && sub.textContent.includes(" " + done.total.toLocaleString("en-US") + " labels");
}
""" % VIEW_ROOT_JS

# Scrolls the ranked table back to its first row.
TO_TOP_JS = """
() => {
  const view = (%s)("tb-bias-association-view");
  const scroller = view?.querySelector("tb-bias-table")?.shadowRoot?.querySelector("lit-virtualizer");
  if (scroller) scroller.scrollTop = 0;
}
""" % VIEW_ROOT_JS


def write_logdir(logdir, num_labels, identities):
    """The synthetic label table, and a copy of the other measures' demo runs."""
    from bench_backend import synthetic_table

    from tb_bias_plugin import summary

    table = synthetic_table(num_labels=num_labels, k=identities, n=20 * num_labels)
    with summary.Writer(Path(logdir) / RUN) as writer:
        writer.association_table(TAG, table, step=0)
    for view in VIEWS:
        for run in view.runs:
            if not (DEMO_LOGS / run).is_dir():
                sys.exit("%s has no run %r for the %s view (make demo_logs)" % (DEMO_LOGS, run, view.title))
            shutil.copytree(DEMO_LOGS / run, Path(logdir) / run)
    return table


def stats(values):
    return "median %6.1f ms   max %6.1f ms" % (statistics.median(values), max(values))


class CpuClock:
    """Load average and the share of CPU time stolen by the hypervisor (Linux)."""

    def __init__(self):
        self.start = self._ticks()

    @staticmethod
    def _ticks():
        try:
            with open("/proc/stat") as f:
                fields = [int(v) for v in f.readline().split()[1:]]
        except (OSError, ValueError):
            return None
        return fields

    def summary(self):
        load = "load average %.2f (%d CPUs)" % (os.getloadavg()[0], os.cpu_count() or 0)
        end = self._ticks()
        if self.start is None or end is None or len(end) < 8:
            return load
        delta = [b - a for a, b in zip(self.start, end)]
        total = sum(delta[:8]) or 1
        return "%s; %.0f%% of the CPU time stolen by the hypervisor" % (load, 100.0 * delta[7] / total)


class Bench:
    def __init__(self, tb, page, base):
        self.tb = tb
        self.page = page
        self.base = base  # the view's table parameters
        measures = {m["measure"]: m for m in tb.get("runs")["measures"]}
        self.page_size = measures["association"]["config"]["limits"]["page_size"]

    @property
    def frame(self):
        return plugin_frame(self.page)

    def params(self, *more):
        return list(self.base.items()) + list(more)

    def expected(self, params, rank=1):
        page = self.tb.get("table", params + [("offset", max(0, rank - 1)), ("limit", 1)])
        return {"total": page["total"], "rank": rank, "label": page["rows"][0]["label"] if page["rows"] else None}

    def measure(self, action, params, rank=1):
        """Times ``action``; checks that the table then shows the backend's answer for ``params``."""
        result = self.frame.evaluate(MEASURE_JS, {"action": action, "rank": rank, "timeoutMs": 20_000})
        if result.get("timeout"):
            raise RuntimeError("%s: the table never showed fresh rows" % (action,))
        shown = result["shown"]
        expected = self.expected(params, shown["rank"])
        if shown != expected:
            raise RuntimeError("%s: the table shows %r, the backend answers %r" % (action, shown, expected))
        return result

    def show(self, state, params):
        """Untimed: open a view through the URL and wait until the table and
        the distributions show it and two frames passed."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        self.page.goto(tab_url(self.tb.url, state))
        self.frame.evaluate(TO_TOP_JS)  # a page switch left the list scrolled down
        expected = self.expected(params)
        try:
            self.frame.wait_for_function(SETTLED_JS, arg=expected, timeout=60_000)
        except PlaywrightTimeout:
            table = self.frame.evaluate(TABLE_STATE_JS) or {}
            rows = [(r["rank"], r["label"], "stale" if r["stale"] else "") for r in table.get("rows", [])[:2]]
            raise RuntimeError("%s never settled on %s; the table shows %s rows (loading %s): %s" % (
                self.page.url, expected, table.get("total"), table.get("loading"), rows)) from None
        self.frame.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")

    def open_fresh(self, view):
        """Untimed: reload the plugin's frame on ``view`` (so no other view's
        element exists yet) and wait until every part of it is shown."""
        state = dict(self.base)
        for each in VIEWS:
            state.update(each.state)
        state["measure"] = view.measure
        self.page.goto(tab_url(self.tb.url, state))
        frame = self.frame
        frame.goto(frame.url)
        self.frame.wait_for_function(VIEW_READY_JS, arg={"element": view.element, "ready": view.ready}, timeout=60_000)
        self.frame.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")

    def switch(self, view):
        """Times the first render of ``view``: its tab clicked, until every part is shown and painted."""
        result = self.frame.evaluate(
            SWITCH_JS, {"measure": view.measure, "element": view.element, "ready": view.ready, "timeoutMs": 30_000})
        if result.get("timeout") or result.get("error"):
            raise RuntimeError("%s: %s" % (view.title, result.get("error") or "never showed every part: %s" % view.ready))
        if not result["resources"]:
            raise RuntimeError("%s: shown without asking the backend anything" % view.title)
        return result

    def backend_ms(self, resource):
        """The same request, replayed without the browser."""
        url = "%s/data/plugin/tb_bias/%s" % (self.tb.url, resource)
        start = time.perf_counter()
        with urllib.request.urlopen(url, timeout=60) as response:
            response.read()
        return (time.perf_counter() - start) * 1e3


def breakdown(result):
    """(before the first request, the slowest table request, after its response, its URL)."""
    tables = [r for r in result["resources"] if r["name"].startswith("table?")]
    if not tables:
        return None
    first = min(r["start"] for r in result["resources"])
    last = max(tables, key=lambda r: r["end"])
    return first, last["duration"], result["dom"] - last["end"], last["name"]


def report(name, results, bench):
    if not results:
        print("%-8s no successful measurement" % name)
        return
    painted = [r["painted"] for r in results]
    verdict = ("met" if max(painted) < TARGET_MS else
               "median met, max not" if statistics.median(painted) < TARGET_MS else "NOT met")
    print("%-8s until the rows are in the DOM: %s" % (name, stats([r["dom"] for r in results])))
    print("%-8s until they are painted:        %s   (target < %.0f ms: %s)" % ("", stats(painted), TARGET_MS, verdict))
    parts = [p for p in map(breakdown, results) if p]
    if parts:
        print("%-8s   before the first request (frontend, debounce): median %5.1f ms" % (
            "", statistics.median(p[0] for p in parts)))
        print("%-8s   table request (network + backend):             median %5.1f ms" % (
            "", statistics.median(p[1] for p in parts)))
        print("%-8s   after its response until the rows are in the DOM: median %5.1f ms" % (
            "", statistics.median(p[2] for p in parts)))
        replay = [bench.backend_ms(p[3]) for p in parts]
        print("%-8s   the same table requests replayed without a browser: %s" % ("", stats(replay)))
    counts = sorted({len(r["resources"]) for r in results})
    routes = sorted({r["name"].split("?")[0] for res in results for r in res["resources"]})
    print("%-8s   requests during an action: %s (%s)" % ("", "/".join(map(str, counts)), ", ".join(routes)))


def report_view(view, results, bench):
    if not results:
        print("%-18s no successful measurement" % view.title)
        return
    painted = [r["painted"] for r in results]
    own = [[x["name"] for x in r["resources"] if view.owns(x["name"])] for r in results]
    others = sorted({x["name"].split("?")[0] for r in results for x in r["resources"] if not view.owns(x["name"])})
    replay = [sum(bench.backend_ms(name) for name in names) for names in own]
    routes = sorted({name.split("?")[0] for names in own for name in names})
    print("%-18s first render, until every part is in the DOM: %s" % (view.title, stats([r["dom"] for r in results])))
    print("%-18s until painted:                                %s" % ("", stats(painted)))
    print("%-18s its %s requests (%s) replayed one after another without a browser: %s;" % (
        "", "/".join(map(str, sorted({len(names) for names in own}))), ", ".join(routes), stats(replay)))
    print("%-18s ratio painted / replayed: median %.2fx" % (
        "", statistics.median(p / max(b, 1e-3) for p, b in zip(painted, replay))))
    if others:
        print("%-18s meanwhile, requests of views not shown: %s" % ("", ", ".join(others)))


def run_views(bench, repeats, verbose, warm_up=True):
    """The first render of each measure's view; returns the failures."""
    failures = []
    print("first render of each view (its tab clicked in a freshly loaded frame showing another view):")
    for view in VIEWS:
        start = VIEWS[1] if view is not VIEWS[1] else VIEWS[2]  # a light view to start from
        results = []
        for i in range(-1 if warm_up else 0, repeats):  # -1: the untimed first run
            bench.open_fresh(start)
            try:
                result = bench.switch(view)
            except Exception as error:  # report it and go on
                failures.append(error)
                print("  %s FAILED: %s" % (view.title, error))
                continue
            if i >= 0:
                results.append(result)
                if verbose:
                    print("  %s: in the DOM %.1f ms, painted %.1f ms; requests (start-end ms): %s" % (
                        view.title, result["dom"], result["painted"],
                        ", ".join("%s %.0f-%.0f" % (r["name"].split("?")[0], r["start"], r["end"])
                                  for r in result["resources"])))
        report_view(view, results, bench)
    return failures


def run_actions(bench, repeats, verbose, warm_up=True):
    """The timed actions on the label table; returns the failures."""
    failures = []

    def series(name, prepare, action, params, rank=lambda i: 1, describe=str):
        results = []
        for i in range(-1 if warm_up else 0, repeats):  # -1: the untimed first run
            prepare(i)
            try:
                result = bench.measure(action(i), params(i), rank(i))
            except Exception as error:  # report it and go on: one bad run should not hide the others
                failures.append(error)
                print("  %s %s FAILED: %s" % (name, describe(i), error))
                continue
            if i < 0:
                continue
            results.append(result)
            if verbose:
                print("  %s %s: %d rows, in the DOM %.1f ms, painted %.1f ms; requests (start-end ms): %s" % (
                    name, describe(i), result["shown"]["total"], result["dom"], result["painted"],
                    ", ".join("%s %.0f-%.0f" % (r["name"].split("?")[0], r["start"], r["end"])
                              for r in result["resources"])))
        print()
        report(name, results, bench)

    def unfiltered(i):
        bench.show(bench.base, bench.params())

    # (a) a range filter through the form
    low = lambda i: "%.2f" % (0.02 + 0.02 * ((i + 1) % 10))  # 0.02 .. 0.20: 12,660 .. 39 rows
    series("filter", unfiltered,
           lambda i: {"kind": "filter", "column": "gap", "low": low(i)},
           lambda i: bench.params(("range", "gap:%s:" % low(i))),
           describe=lambda i: "gap >= %s" % low(i))

    # (a') a range filter that changes the rows on screen (a gap filter keeps
    # the top rows by gap, so the rows above only need dimming and undimming)
    low2 = lambda i: "%.2f" % (0.01 * ((i + 1) % 10 + 1))  # 0.01 .. 0.10
    series("filter2", unfiltered,
           lambda i: {"kind": "filter", "column": "npmi_xy@identity_02", "low": low2(i)},
           lambda i: bench.params(("range", "npmi_xy@identity_02:%s:" % low2(i))),
           describe=lambda i: "npmi_xy@identity_02 >= %s" % low2(i))

    # (a'') a regular expression typed into the search box
    patterns = [r"^Hair hair \d*40$", r"beard 1\d*6$", r"^Dress shirt \d{3}$", r"kitchen 7\d*7$", r"^Sky dog .*44$",
                r"tie \d+2$", r"field 5\d*0$", r"^Long car .*6$", r"^Road sport \d*1$", r"^Cat tree .*29$"]
    pattern = lambda i: patterns[(i + 1) % len(patterns)]
    series("search", unfiltered,
           lambda i: {"kind": "search", "text": pattern(i)},
           lambda i: bench.params(("q", pattern(i))),
           describe=lambda i: repr(pattern(i)))

    # (b) a table page switch: the first row of a page not fetched yet, a different page each run
    pages = max(1, bench.expected(bench.params())["total"] // bench.page_size)
    first_of_page = lambda i: min(2 + 2 * (i + 1), pages - 1) * bench.page_size + 1
    series("page", unfiltered,
           lambda i: {"kind": "page"},
           lambda i: bench.params(),
           rank=first_of_page, describe=lambda i: "to rank %d" % first_of_page(i))

    # (b') scroll to the end of a result just shown
    bound = lambda i: "count:%d:" % (i + 3)
    series("scroll", lambda i: bench.show(dict(bench.base, range=json.dumps([bound(i)])),
                                          bench.params(("range", bound(i)))),
           lambda i: {"kind": "scroll"},
           lambda i: bench.params(("range", bound(i))),
           rank=lambda i: "last", describe=lambda i: "to the end of count >= %d" % (i + 3))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--labels", type=int, default=100_000)
    parser.add_argument("--identities", type=int, default=16)
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--verbose", action="store_true", help="print every measurement")
    parser.add_argument("--bundle", type=Path, help="serve this frontend bundle instead of the installed "
                        "tb_bias_plugin/static/index.js (to compare builds)")
    parser.add_argument("--smoke", action="store_true", help="a tiny size: checks every view and action, not speed")
    args = parser.parse_args()
    if args.smoke:
        args.labels, args.identities, args.repeats = 10_000, 4, 1
    problem = chromium_problem()
    if problem:
        sys.exit(problem)
    with tempfile.TemporaryDirectory() as tmp:
        logdir = Path(tmp) / "logs"
        start = time.perf_counter()
        table = write_logdir(logdir, args.labels, args.identities)
        print("logged %d labels x %d identities in %.1f s, beside the demo runs of %s" % (
            len(table.label_names), len(table.identity_names), time.perf_counter() - start,
            ", ".join(sorted({run for view in VIEWS for run in view.runs}))))
        identities = table.identity_names
        base = {"run": RUN, "tag": TAG, "metric": "npmi_xy", "x1": identities[0], "x2": identities[1]}
        runs = [RUN] + [run for view in VIEWS for run in view.runs]
        start = time.perf_counter()
        with TensorBoard(logdir, log_path=Path(tmp) / "tensorboard.log", expected_runs=runs) as tb:
            print("tensorboard answering after %.1f s (port %d)" % (time.perf_counter() - start, tb.port))
            start = time.perf_counter()
            first = tb.get("table", base)
            print("first table query (decode the table, compute the metric): %.0f ms; %d of %d labels pass" % (
                (time.perf_counter() - start) * 1e3, first["total"], first["num_labels"]))
            failures = in_browser(tb, base, args)
    if failures:
        sys.exit("%d measurement(s) failed (see FAILED above)" % len(failures))


def in_browser(tb, base, args):
    """Every measurement in one headless Chromium; returns the failures."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            if args.bundle:
                bundle = str(args.bundle.resolve())
                page.route("**/data/plugin/tb_bias/index.js",
                           lambda route: route.fulfill(path=bundle, content_type="text/javascript"))
                print("serving the frontend bundle %s" % bundle)
            bench = Bench(tb, page, base)
            start = time.perf_counter()
            bench.show(base, bench.params())
            print("tab loaded with the first rows and distributions in %.1f s" % (time.perf_counter() - start))
            clock, start = CpuClock(), time.perf_counter()
            # the table first: a view left in the page keeps answering hash changes
            failures = run_actions(bench, args.repeats, args.verbose, warm_up=not args.smoke)
            print("\n(the table's actions took %.0f s)\n" % (time.perf_counter() - start))
            start = time.perf_counter()
            failures += run_views(bench, args.repeats, args.verbose, warm_up=not args.smoke)
            print("(the views took %.0f s)" % (time.perf_counter() - start))
            print("\nmachine during the measurements: %s" % clock.summary())
            shot = HERE.parent / "test-artifacts" / "bench_browser.png"
            shot.parent.mkdir(exist_ok=True)
            page.screenshot(path=str(shot), full_page=True)
            print("screenshot: %s" % shot.relative_to(HERE.parent))
        finally:
            browser.close()
    return failures

if __name__ == "__main__":
    main()
