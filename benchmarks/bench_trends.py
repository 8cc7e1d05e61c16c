"""Speed and memory of the association measure across steps, and of the
paper's views (prints figures; not a test).

A 100k-label x 16-identity table is logged at 50 steps (the same labels,
counts drawn anew at each step) and served by TensorBoard's WSGI app in
process. Printed: the first load of all 50 steps (the first ``table``
request with the trend column: every step decoded once, its gaps kept),
in seconds and in server memory (resident set before and after); then,
with the steps loaded, the trend column for a page of 100 rows (target
p95 < 100 ms), the sort by the change from the first to the last step,
the ``trend`` route for 10 labels, and ``top_counts`` / ``agreement``.

Run: python benchmarks/bench_trends.py [--steps 50] [--smoke]
"""

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from bench_backend import checked_rows, percentiles, synthetic_table, timed_get  # noqa: E402

import plugin_fixtures  # noqa: E402  (builds the same WSGI app the tests use)
from tb_bias_plugin import summary  # noqa: E402
from tb_bias_plugin.measures.association.table import AssociationTable  # noqa: E402


def rss_mb():
    """Resident memory of this process (the server runs in it), MB."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def step_table(base, step):
    """``base`` with co-occurrences drawn anew: a model that changes a little at every step."""
    rng = np.random.default_rng(1000 + step)
    t = 0
    counts = base.label_counts[t]
    drift = np.exp(0.3 * np.sin(step / 7.0 + np.arange(counts.shape[0]) % 13))
    p = np.clip(base.cooccurrence[t] / np.maximum(counts, 1) * drift[None, :], 0, 1)
    cooccurrence = np.minimum(rng.binomial(counts[None, :], p), base.identity_counts[t][:, None])
    return AssociationTable(base.label_names, base.identity_names, list(base.thresholds), base.num_examples,
                            base.label_counts, base.identity_counts, cooccurrence[None], base.identity_cooccurrence)


def main():
    from werkzeug.test import Client

    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--labels", type=int, default=100_000)
    parser.add_argument("--smoke", action="store_true", help="a tiny size: checks the script runs, not speed")
    args = parser.parse_args()
    if args.smoke:
        args.steps, args.queries, args.labels = 3, 5, 2_000
    base = synthetic_table(num_labels=args.labels, n=20 * args.labels)
    with tempfile.TemporaryDirectory() as logdir:
        start = time.perf_counter()
        with summary.Writer(Path(logdir) / "model") as writer:
            for step in range(args.steps):
                writer.association_table("gender", step_table(base, step), step=step)
        print("logged %d labels x %d identities at %d steps in %.1f s (%.0f MB of event files)" % (
            len(base.label_names), len(base.identity_names), args.steps, time.perf_counter() - start,
            sum(f.stat().st_size for f in Path(logdir).rglob("events*")) / 1e6))
        del base
        before_reload = rss_mb()
        start = time.perf_counter()
        app, _ = plugin_fixtures.make_app(logdir)
        client = Client(app)
        print("TensorBoard read the logdir in %.1f s; server memory %.0f MB (was %.0f MB before)" % (
            time.perf_counter() - start, rss_mb(), before_reload))
        common = dict(run="model", tag="gender", metric="npmi_xy", x1="identity_00", x2="identity_01")
        before = rss_mb()
        elapsed, body = timed_get(client, "table", trend="1", limit=100, **common)
        after = rss_mb()
        assert all(len(row["trend"]) == args.steps and abs(row["trend"][-1] - row["gap"]) < 1e-9
                   for row in checked_rows(body, 100)), "the trend column holds the gap at every step, the last one's now"
        print("first load of all %d steps (table with the trend column): %.1f s; server memory %.0f MB -> %.0f MB (+%.0f MB)" % (
            args.steps, elapsed, before, after, after - before))

        times = []
        rng = np.random.default_rng(0)
        for _ in range(args.queries):
            offset = int(rng.integers(0, args.labels // 2)) // 100 * 100
            t, body = timed_get(client, "table", trend="1", limit=100, offset=offset, **common)
            assert all(len(row["trend"]) == args.steps for row in checked_rows(body, 100))
            times.append(t)
        print("table + trend column, page of 100 rows (steps loaded):      %s  (target p95 < 100 ms)" % percentiles(times))

        times = [timed_get(client, "table", trend="1", sort="change_bound", order="abs", limit=100,
                           offset=100 * (i % 20), **common)[0] for i in range(args.queries)]
        print("table sorted by the change's bound nearest 0, with trend:   %s" % percentiles(times))

        first = timed_get(client, "table", limit=10, **common)[1]
        labels = [row["label"] for row in json.loads(first)["rows"]]
        times = []
        for _ in range(args.queries):
            t, body = timed_get(client, "trend", label=labels, **common)
            trend = json.loads(body)
            assert [row["label"] for row in trend["labels"]] == labels and len(trend["steps"]) == args.steps
            assert all(len(row["gap"]) == args.steps for row in trend["labels"])
            times.append(t)
        print("trend route, 10 labels x %d steps with intervals:          %s" % (args.steps, percentiles(times)))

        after = rss_mb()
        print("server memory with every step's gaps cached: %.0f MB" % after)

        times = [timed_get(client, "top_counts", k=100, **common)[0] for _ in range(10)]
        print("top_counts, 10 metrics, K = 100 (first is cold):            %s" % percentiles(times))
        times = [timed_get(client, "agreement", **common)[0] for _ in range(10)]
        print("agreement, 10 metrics over every filtered label:            %s" % percentiles(times))


if __name__ == "__main__":
    main()
