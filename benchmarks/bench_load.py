"""Serving under load (prints figures; not a test).

A real `tensorboard` process (loopback only) serves one 100k-label x
16-identity table. Eight client threads send `table` queries for 60 s each
round, every query with a new regex and two range filters, as users of a
shared team server would; one round without flags, one with a flags file
of the maximum size. First it asks for every metric one-vs-rest at 16
smoothing values and prints the server's RSS (the bounded cache of
computed values); then each round prints requests/s, p50/p95/p99, how
many ordinary patterns were answered "too slow", and the RSS (the flags
round's includes the flags held in memory).

Targets (issue 9): p95 under 250 ms on 2 cores, no ordinary pattern "too
slow", server memory for one 100k-label table under 1 GB.

Run: python benchmarks/bench_load.py [--seconds 60] [--clients 8] [--smoke]
"""

import argparse
import json
import os
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "e2e"))
sys.path.insert(0, str(HERE))

from bench_backend import WORDS, synthetic_table  # noqa: E402

from tb_bias_plugin import summary  # noqa: E402
from tb_bias_plugin.measures.association.metrics import METRICS  # noqa: E402
from tb_bias_plugin.serving import flags  # noqa: E402
from tb_harness import TensorBoard  # noqa: E402

RUN, TAG = "big", "gender"


def rss_mb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def ordinary_pattern(rng_state):
    """A new, ordinary regex each time: a word, a wildcard, a digit class."""
    i = rng_state[0] = (rng_state[0] * 1103515245 + 12345) % 2**31
    word = WORDS[i % len(WORDS)]
    return [r"%s.*%d" % (word, i % 10), r"%d\d{2}$" % (i % 10), r"^%s \w+ %d" % (word.title(), i % 97)][i % 3]


def client_loop(tb, stop, results, seed):
    state = [seed]
    while not stop.is_set():
        params = {
            "run": RUN, "tag": TAG, "limit": 100, "q": ordinary_pattern(state),
            "range": ["count:10:", "npmi_xy@identity_01:-0.5:0.9"],
        }
        url = tb.api_url("table", params)
        start = time.perf_counter()
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                response.read()
                results.append((time.perf_counter() - start, 200, ""))
        except urllib.error.HTTPError as error:
            results.append((time.perf_counter() - start, error.code, error.read().decode()[:200]))


def load_round(tb, seconds, clients):
    stop, results = threading.Event(), []
    threads = [threading.Thread(target=client_loop, args=(tb, stop, results, 1000 + c)) for c in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    time.sleep(seconds)  # the round's length, not a synchronisation
    stop.set()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    times = sorted(r[0] for r in results)
    slow = [r for r in results if r[1] == 400 and "too slow" in r[2]]
    errors = [r for r in results if r[1] != 200 and r not in slow]

    def q(p):
        return times[min(len(times) - 1, int(p * len(times)))] * 1000

    return {
        "requests": len(results), "rps": len(results) / elapsed, "p50": q(0.50), "p95": q(0.95), "p99": q(0.99),
        "too_slow": len(slow), "errors": len(errors), "first_error": errors[0][2] if errors else "",
    }


def fill_flags(directory, label_names):
    """A flags file of the maximum size: every tag at its per-tag bound, up to the total."""
    store = flags.FlagStore(directory)
    per_tag = []
    size = 0
    i = 0
    while size < flags.MAX_TAG_BYTES - 200:
        name = label_names[i % len(label_names)] if i < len(label_names) else "not a label %d" % i
        per_tag.append(name)
        size += len(name.encode()) + 1
        i += 1
    tags = [TAG] + ["other tag %d" % t for t in range(flags.MAX_TOTAL_BYTES // flags.MAX_TAG_BYTES - 1)]
    for tag in tags:
        store.put(tag, per_tag[: len(per_tag) // 2], per_tag[len(per_tag) // 2:], store.get(tag)["version"])
    return os.path.getsize(store.path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--labels", type=int, default=100_000)
    parser.add_argument("--smoke", action="store_true", help="a tiny size: checks the script runs, not speed")
    args = parser.parse_args()
    smoothings = [0, 0.01, 0.1, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10000]
    if args.smoke:
        args.seconds, args.clients, args.labels, smoothings = 1, 2, 2_000, [0, 1]
    with tempfile.TemporaryDirectory() as tmp:
        logdir = Path(tmp) / "logs"
        table = synthetic_table(num_labels=args.labels, k=16, n=20 * args.labels)
        with summary.Writer(logdir / RUN) as writer:
            writer.association_table(TAG, table, step=0)
        print("table: %d labels x %d identities; %d clients, %g s per round, loopback only"
              % (len(table.label_names), len(table.identity_names), args.clients, args.seconds))
        with TensorBoard(logdir, log_path=Path(tmp) / "tensorboard.log", expected_runs=[RUN]) as tb:
            baseline = rss_mb(tb.process.pid)
            first = tb.get("table", {"run": RUN, "tag": TAG})  # load the table once
            assert first["num_labels"] == args.labels and first["rows"], "the server must serve the table"
            print("server RSS before the first table request: %.0f MB (TensorBoard itself, with TensorFlow "
                  "imported); after loading the table: %.0f MB" % (baseline, rss_mb(tb.process.pid)))
            start = time.perf_counter()
            for smoothing in smoothings:
                for metric in METRICS:
                    page = tb.get("table", {"run": RUN, "tag": TAG, "metric": metric, "x2": "rest",
                                            "smoothing": smoothing, "limit": 10})
                    assert (page["metric"], page["smoothing"]) == (metric, smoothing), page["metric"]
            rss = rss_mb(tb.process.pid)
            print("every metric one-vs-rest at %d smoothing values (%d queries, %.1f s): server RSS %.0f MB, "
                  "%.0f MB above TensorBoard's own (target: under 1 GB)" % (
                      len(smoothings), len(smoothings) * len(METRICS), time.perf_counter() - start, rss, rss - baseline))
            for name in ("no flags", "maximum-size flags"):
                if name != "no flags":
                    size = fill_flags(str(logdir / ".tb_bias"), table.label_names)
                    print("flags file: %.1f MB (bounds: %d MB per tag, %d MB in total)"
                          % (size / 2**20, flags.MAX_TAG_BYTES >> 20, flags.MAX_TOTAL_BYTES >> 20))
                r = load_round(tb, args.seconds, args.clients)
                assert r["requests"] > 0 and r["errors"] == 0, r
                print("%-20s %6d requests  %5.1f req/s  p50 %6.1f ms  p95 %6.1f ms  p99 %6.1f ms  "
                      "'too slow' %d  other errors %d %s  server RSS %.0f MB"
                      % (name, r["requests"], r["rps"], r["p50"], r["p95"], r["p99"], r["too_slow"], r["errors"],
                         r["first_error"], rss_mb(tb.process.pid)))
            print(json.dumps({"note": "RSS of the tensorboard Python process; the data server is separate"}))


if __name__ == "__main__":
    main()
