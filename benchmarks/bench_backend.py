"""Backend query speed and payload size (prints figures; not a test).

A 100k-label x 16-identity table is logged, served by TensorBoard's WSGI app
in process, and queried as the Bias tab does: the top 100 labels by nPMI gap
with a regex and a range filter (target p95 < 50 ms over 200 queries; every
table answer carries intervals, p- and BH q-values), the same with the
significance filter and the sort by the bound nearest zero, the
distribution route, and the bytes of the default first view against the
whole table as JSON (target first view < 200 KB).

Run: python benchmarks/bench_backend.py [--labels 100000] [--queries 200] [--smoke]
"""

import argparse
import json
import math
import statistics
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import plugin_fixtures  # noqa: E402  (builds the same WSGI app the tests use)
from tb_bias_plugin import summary  # noqa: E402
from tb_bias_plugin.measures.association.table import AssociationTable  # noqa: E402

WORDS = ["hair", "dress", "car", "tree", "sky", "blue", "long", "shirt", "dog", "cat", "field",
         "road", "beard", "lipstick", "tie", "suit", "child", "sport", "ball", "kitchen"]


def synthetic_table(num_labels=100_000, k=16, n=2_000_000, seed=0):
    """Counts of a large, realistic-looking table (Zipf label popularity,
    identity leanings), built directly rather than by counting."""
    rng = np.random.default_rng(seed)
    names = ["%s %s %d" % (WORDS[i % 20].title(), WORDS[(i * 7) % 20], i) for i in range(num_labels)]
    identities = ["identity_%02d" % j for j in range(k)]
    label_counts = np.maximum(1, (n * 0.05 / np.arange(1, num_labels + 1) ** 0.9)).astype(np.int64)
    rng.shuffle(label_counts)
    share = rng.uniform(0.02, 0.2, size=k)
    identity_counts = (share * n).astype(np.int64)
    lean = rng.lognormal(0, 0.6, size=(k, num_labels))
    p = np.clip(share[:, None] * lean, 0, 1)
    cooccurrence = rng.binomial(label_counts[None, :], p)
    cooccurrence = np.minimum(cooccurrence, identity_counts[:, None])
    pair = np.minimum.outer(identity_counts, identity_counts) // 20
    np.fill_diagonal(pair, identity_counts)
    return AssociationTable(names, identities, [0.5], n, label_counts[None], identity_counts[None],
                            cooccurrence[None], pair[None])


def timed_get(client, route, **params):
    url = "/data/plugin/tb_bias/%s?%s" % (route, urllib.parse.urlencode(params, doseq=True))
    start = time.perf_counter()
    response = client.get(url)
    body = response.get_data()
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, body[:300]
    return elapsed, body


def percentiles(times):
    ms = sorted(t * 1e3 for t in times)
    nearest_rank = max(0, math.ceil(0.95 * len(ms)) - 1)  # of 200: the 190th; of 2: the larger
    return "p50 %6.1f ms  p95 %6.1f ms  max %6.1f ms" % (statistics.median(ms), ms[nearest_rank], ms[-1])


def checked_rows(body, limit):
    """The rows of a ``table`` answer, after checking it is a page of ranked rows."""
    page = json.loads(body)
    rows = page["rows"]
    assert len(rows) <= limit and len(rows) <= page["total"] <= page["num_labels"], (len(rows), page["total"])
    assert all(isinstance(row["label"], str) and row["count"] >= 0 for row in rows)
    return rows


def main():
    from werkzeug.test import Client

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labels", type=int, default=100_000)
    parser.add_argument("--identities", type=int, default=16)
    parser.add_argument("--queries", type=int, default=200, help="queries per series (some series use half)")
    parser.add_argument("--smoke", action="store_true", help="a tiny size: checks the script runs, not speed")
    args = parser.parse_args()
    if args.smoke:
        args.labels, args.identities, args.queries = 2_000, 4, 10
    table = synthetic_table(num_labels=args.labels, k=args.identities, n=20 * args.labels)
    with tempfile.TemporaryDirectory() as logdir:
        start = time.perf_counter()
        with summary.Writer(Path(logdir) / "model") as writer:
            writer.association_table("gender", table, step=0)
        print("logged %d labels x %d identities in %.1f s (%.1f MB event file)" % (
            len(table.label_names), len(table.identity_names), time.perf_counter() - start,
            sum(f.stat().st_size for f in Path(logdir).rglob("events*")) / 1e6))
        start = time.perf_counter()
        app, _ = plugin_fixtures.make_app(Path(logdir))
        client = Client(app)
        print("TensorBoard multiplexer load: %.1f s" % (time.perf_counter() - start))
        base = dict(run="model", tag="gender", x1="identity_00", x2="identity_01")

        cold, body = timed_get(client, "table", **base)
        assert len(checked_rows(body, 100)) == 100, "the first page must be full"
        print("first table query (reads and decodes the table, computes nPMI): %.0f ms" % (cold * 1e3))
        query_series(client, base, args.queries, args.identities)
        payload_sizes(client, base, table)


def query_series(client, base, queries, identities):
    """The timed series of table and distribution queries."""
    rng = np.random.default_rng(1)
    # different selective patterns, so no query reuses a cached label mask.
    shapes = [r"%s \d*%d$", r"^%s.*[%d]$", r"(?i)%s|x%d", r"\b%s \d{2,3}%d", r"%s .*%d\d$"]
    patterns = [shapes[i % 5] % (WORDS[i % 20], i % 10) for i in range(queries)]
    fresh = []
    for pattern in patterns:
        low_count, low_gap = rng.integers(1, 50), -rng.uniform(0, 1)
        t, body = timed_get(
            client, "table", q=pattern, order="abs", limit=100,
            range=["count:%d:" % low_count, "gap:%.2f:" % low_gap], **base)
        assert all(r["count"] >= low_count and r["gap"] >= round(low_gap, 2) for r in checked_rows(body, 100))
        fresh.append(t)
    print("table, top 100 by |nPMI gap|, a new regex + 2 range filters each, %d queries: %s"
          % (queries, percentiles(fresh)))
    paging = []
    for i in range(queries):
        t, body = timed_get(client, "table", q=patterns[0], order="abs", offset=100 * (i % 20),
                            sort=["gap", "count", "npmi_xy@identity_03"][i % 3], **base)
        checked_rows(body, 100)
        paging.append(t)
    print("same regex, paging and re-sorting (label mask cached), %d queries:          %s"
          % (queries, percentiles(paging)))
    significant = []
    for i, pattern in enumerate(patterns[: queries // 2]):
        t, body = timed_get(client, "table", q=pattern, sort="bound", order="abs", q_max=0.05,
                            level=[0.9, 0.95, 0.99][i % 3], **base)
        assert all(r["q_value"] <= 0.05 and r["gap_low"] <= r["gap"] <= r["gap_high"] for r in checked_rows(body, 100))
        significant.append(t)
    print("table with intervals + BH q-values, sort by bound, q <= 0.05, new regex, %d queries: %s"
          % (queries // 2, percentiles(significant)))
    broad = []
    for i in range(10):
        t, body = timed_get(client, "table", q=r"[a-z]+ \d*%d" % i, **base)
        checked_rows(body, 100)
        broad.append(t)
    print("a new regex matching ~100%% of the labels, 10 queries:                        %s" % percentiles(broad))
    for pattern in [r"(.*){1000}$", r"(.?){40}e(.?){40}$"]:
        url = "/data/plugin/tb_bias/table?" + urllib.parse.urlencode(dict(base, q=pattern))
        start = time.perf_counter()
        response = client.get(url)
        body = json.loads(response.get_data())
        assert response.status_code in (200, 400), response.status_code  # 400: refused as too slow
        print("a pattern slow for RE2 (DFA out of memory), %-20s -> %d after %.2f s: %s" % (
            pattern, response.status_code, time.perf_counter() - start,
            body["error"][:60] if "error" in body else "%d matches" % body["total"]))
    other = []
    for metric in ["pmi", "dp", "tau_b", "npmi_y"]:
        t, body = timed_get(client, "table", metric=metric, **base)
        assert json.loads(body)["metric"] == metric
        other.append(t)
    print("switching metric (first computation of a metric):                 %s" % percentiles(other))
    rest = []
    for j in range(identities):
        t, body = timed_get(client, "table", x1="identity_%02d" % j, x2="rest", run="model", tag="gender")
        assert json.loads(body)["x2"] == "rest"
        rest.append(t)
    print("one-vs-rest gap, each identity once:                              %s" % percentiles(rest))
    dist = []
    for i in range(queries // 4):
        t, body = timed_get(client, "distribution", q=patterns[i], **base)
        assert len(json.loads(body)["identities"]) == identities
        dist.append(t)
    print("distribution (%d identities + gap), %d queries:                    %s"
          % (identities, queries // 4, percentiles(dist)))


def payload_sizes(client, base, table):
    """Bytes of the first view against the whole table, as JSON rows and as CSV."""
    _, runs = timed_get(client, "runs")
    _, page = timed_get(client, "table", **base)
    _, distribution = timed_get(client, "distribution", **base)
    _, flags = timed_get(client, "flags", tag="gender")
    first_view = len(runs) + len(page) + len(distribution) + len(flags)
    whole, offset, seen = 0, 0, 0
    while True:
        _, body = timed_get(client, "table", offset=offset, limit=1000, zero_cooccurrence="include",
                            undefined="include", **base)
        rows = checked_rows(body, 1000)
        whole += len(body)
        seen += len(rows)
        offset += 1000
        if not rows:
            break
    assert seen == len(table.label_names), "paging with nothing filtered out must give every label once"
    print("bytes of the default first view (runs + table page + distribution + flags): %.1f KB" % (first_view / 1e3))
    print("  of which the table page (100 rows x %d identities): %.1f KB"
          % (len(table.identity_names), len(page) / 1e3))
    print("bytes of the whole table as JSON rows (all %d labels): %.1f MB (ratio %.0fx)" % (
        len(table.label_names), whole / 1e6, whole / first_view))
    _, csv_body = timed_get(client, "csv", zero_cooccurrence="include", undefined="include", **base)
    assert csv_body.count(b"\n") >= len(table.label_names), "the CSV must hold a line per label"
    print("CSV of the whole table: %.1f MB" % (len(csv_body) / 1e6))

if __name__ == "__main__":
    main()
