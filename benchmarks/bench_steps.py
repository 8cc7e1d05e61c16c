"""Across-steps routes and the label associations' trend at 10, 100 and
1,000 steps, under both TensorBoard data loaders (prints figures; not a test).

Target (issue 22): each answers in under 1 s at 1,000 steps under the
default loader, the first time (nothing cached) included.

Setup
    The first record of each measure in the committed ``demo_logs``
    (discrepancy, sensitivity, representation: 20-40 KB each) is written
    again at steps 0..N-1 of runs ``<measure>_N`` of a temporary logdir;
    for label associations, a table of its own at each step (71 labels, 30 examples),
    whose ``trend`` reads at most 200 of them (a power-of-two stride).
    A real ``tensorboard`` process (``tests/e2e/tb_harness.py``) serves it
    with ``--samples_per_plugin=tb_bias=0`` (every step), once with default
    flags (the Rust data server) and once with ``--load_fast=false`` (the
    Python multiplexer), after it lists every step.

Figures, per loader, route and N: ``first`` (the first request: the series
listed, every record read and decoded) and ``again`` (median of
``--repeats`` more, the decoded parts cached), wall time of the HTTP GET;
and ``first cpu``, the CPU time the tensorboard process spent on the first
request (its data server, a process of its own, not counted): on a shared
machine it moves less with the load than the wall time does. The logdir is
local, so the plugin reads each record from its event file; the data
server only lists the series.

Run: python benchmarks/bench_steps.py [--repeats 5] [--sizes 10,100,1000] [--measures association] [--smoke]
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "e2e")]

import plugin_fixtures as fx  # noqa: E402
import tb_harness  # noqa: E402
from tb_bias_plugin import summary  # noqa: E402
from tb_bias_plugin.measures.association import routes, trends  # noqa: E402
from tb_bias_plugin.measures.registry import REGISTRY  # noqa: E402
from tb_bias_plugin.storage import record  # noqa: E402

#: measure: (route, its parameters beside run and tag)
ROUTES = {
    "discrepancy": ("discrepancy_steps", {}),
    "sensitivity": ("sensitivity_steps", {}),
    "representation": ("representation/series", {}),
    # a label's gaps at every step, sampled on a power-of-two stride past 200 steps
    "association": ("trend", {"label": "label 05"}),
}
LOADERS = {"default (Rust data server)": [], "--load_fast=false": ["--load_fast=false"]}


def write_logdir(logdir, sizes, measures):
    """``{run: (measure, tag, N)}`` of the runs written."""
    demo = fx.demo_records()
    runs = {}
    for measure in measures:
        for n in sizes:
            run = "%s_%d" % (measure, n)
            if measure == "association":  # a small table (71 labels, 30 examples) of its own at each step
                tag = "gender"
                with summary.Writer(logdir / run) as writer:
                    for step in range(n):
                        writer.association_table(tag, fx.counter(seed=step, n=30), step=step)
            else:
                _, tag, value, payload = demo[measure]
                fx.write_record(logdir, run, value, record.encode(REGISTRY[measure].payload_number, payload), steps=range(n))
            runs[run] = (measure, tag, n)
    return runs


def wait_for_every_step(board, runs, timeout=600.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        listed = {r["run"]: max((len(t["steps"]) for t in r["tags"]), default=0) for r in board.get("runs")["runs"]}
        if all(listed.get(run) == n for run, (_, _, n) in runs.items()):
            return
        time.sleep(0.5)  # polling while the loader reads the logdir, not a synchronisation
    raise RuntimeError("tensorboard did not list every step within %.0f s" % timeout)


def timed_get(board, route, params):
    start = time.perf_counter()
    body = board.get(route, params, timeout=600)
    return time.perf_counter() - start, body


def cpu_seconds(pid):
    """User and system CPU time of a process so far (Linux), or NaN."""
    try:
        fields = Path("/proc/%d/stat" % pid).read_text().rpartition(")")[2].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(board, runs, repeats):
    """``[(run, route, first, first cpu, again)]``; checks each answer has every step."""
    rows = []
    for run, (measure_id, tag, n) in runs.items():
        route, extra = ROUTES[measure_id]
        params = {"run": run, "tag": tag, **extra}
        cpu = cpu_seconds(board.process.pid)
        first, body = timed_get(board, route, params)
        cpu = cpu_seconds(board.process.pid) - cpu
        expected = len(trends.sample_steps(list(range(n)), routes.LIMITS["max_trend_steps"])) if route == "trend" else n
        if len(body["steps"]) != expected:
            raise RuntimeError("%s of %s answered %d steps, not %d" % (route, run, len(body["steps"]), expected))
        again = statistics.median(timed_get(board, route, params)[0] for _ in range(repeats))
        rows.append((run, route, first, cpu, again))
    return rows


def one_new_step(sizes, measures, repeats):
    """In process (the Python loader, no tensorboard): the answer at N steps cached, then
    one more step written and the answer asked again, as a running job's tab does at each
    reload. ``[(measure, route, N, cached s, new step s)]``, medians over ``repeats``."""
    rows = []
    demo = fx.demo_records()
    for measure_id in measures:
        if measure_id == "association":
            continue  # the trend's per-step gaps: tests/serving/test_long_lived.py counts them
        route, extra = ROUTES[measure_id]
        _, tag, value, payload = demo[measure_id]
        data = record.encode(REGISTRY[measure_id].payload_number, payload)
        for n in sizes:
            cached, new = [], []
            for _ in range(repeats):
                with tempfile.TemporaryDirectory() as tmp:
                    fx.write_record(Path(tmp), "run", value, data, steps=range(n))
                    app, multiplexer = fx.make_app(Path(tmp))
                    client = fx.Client(app)
                    fx.get_json(client, route, run="run", tag=tag, **extra)
                    start = time.perf_counter()
                    fx.get_json(client, route, run="run", tag=tag, **extra)
                    cached.append(time.perf_counter() - start)
                    fx.write_record(Path(tmp), "run", value, data, steps=[n])
                    multiplexer.Reload()
                    start = time.perf_counter()
                    body = fx.get_json(client, route, run="run", tag=tag, **extra)
                    new.append(time.perf_counter() - start)
                    last = body["steps"][-1]
                    if (last if isinstance(last, int) else last["step"]) != n:
                        raise RuntimeError("%s did not answer the new step %d" % (route, n))
            rows.append((measure_id, route, n, statistics.median(cached), statistics.median(new)))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="timings of the cached answer; the median is reported")
    parser.add_argument("--sizes", default="10,100,1000", help="numbers of steps, comma-separated")
    parser.add_argument("--measures", default=",".join(ROUTES), help="comma-separated, of: %s" % ", ".join(ROUTES))
    parser.add_argument("--smoke", action="store_true", help="10 steps, one repeat: checks the script runs, figures mean nothing")
    args = parser.parse_args()
    sizes = [10] if args.smoke else [int(s) for s in args.sizes.split(",")]
    repeats = 1 if args.smoke else args.repeats
    with tempfile.TemporaryDirectory() as tmp:
        logdir = Path(tmp) / "logs"
        runs = write_logdir(logdir, sizes, args.measures.split(","))
        for loader, flags in LOADERS.items():
            with tb_harness.TensorBoard(logdir, log_path=Path(tmp) / "tensorboard.log",
                                        extra_args=["--samples_per_plugin=tb_bias=0", *flags]) as board:
                wait_for_every_step(board, runs)
                print("loader: %s" % loader)
                print("  %-24s %-24s %6s %10s %14s %10s" % ("run", "route", "steps", "first ms", "first cpu ms", "again ms"))
                for run, route, first, cpu, again in measure(board, runs, repeats):
                    print("  %-24s %-24s %6d %10.1f %14.0f %10.1f" % (run, route, runs[run][2], 1e3 * first, 1e3 * cpu, 1e3 * again))
    print("in process: one new step of a running job, answered again (median of %d)" % repeats)
    print("  %-24s %6s %10s %12s %8s" % ("route", "steps", "cached ms", "new step ms", "ratio"))
    for _, route, n, cached, new in one_new_step(sizes, args.measures.split(","), repeats):
        print("  %-24s %6d %10.1f %12.1f %8.1f" % (route, n, 1e3 * cached, 1e3 * new, new / cached))
    print("ok")


if __name__ == "__main__":
    main()
