"""What keeping a sample of examples per cell costs (prints figures; not a test).

Counting 100k examples x 20k labels, sparse (~20 positives per example,
Zipf-like popularity as in bench_counting.py), with and without
``examples_per_cell=8`` and string ids, timed in the same process:
(a) 2 identity labels each in 30% of the examples, in one batch and in
    batches of 10k and of 1k (and, in one batch, ids given as a NumPy integer
    array);
(b) bench_counting's 8 identities each in 5%.
Target: counting with samples at most 1.5x counting without. Then what
`table()` costs (building the record's sample; the first call on a counter,
the one a writer makes) with and without the sample, and, in (a)'s one
batch, with a caption of 22-26 characters per example, which takes the
sample past its byte budget; and the record's size.

The script checks what it timed: every sampled cell holds min(k, C) ids
and every id sampled for (x, y) was counted with both.

Run: python benchmarks/bench_examples.py [--repeats 5] [--smoke]
"""

import argparse
import statistics
import time

import numpy as np
from bench_counting import sparse_predictions
from timing import timed

from tb_bias_plugin import CooccurrenceCounter
from tb_bias_plugin.measures.association import codec


def check(table, matrix, ids, identity_columns, k):
    """The sample of a few cells against the predictions themselves."""
    e = table.examples
    position = {name: i for i, name in enumerate(ids)}
    for x, column in enumerate(identity_columns):
        for y in np.flatnonzero(table.cooccurrence[0, x])[:50]:
            members, cut = e.cell(0, x, int(y))
            assert not cut and len(members) == min(k, int(table.cooccurrence[0, x, y])), (x, y)
            for m in members:
                row = matrix.getrow(position[e.ids[m]])
                assert row[0, column] and row[0, y], (x, y, e.ids[m])


def first_tables(makers, repeats):
    """Median seconds of the first `table()` of a fresh counter from each maker, interleaved (later calls
    find the store compacted and cost less)."""
    times = [[] for _ in makers]
    for _ in range(repeats):
        for make, taken in zip(makers, times):
            counter = make()
            start = time.perf_counter()
            counter.table()
            taken.append(time.perf_counter() - start)
    return [statistics.median(taken) for taken in times]


def bench(name, matrix, names, identity_columns, ids, repeats, batch, integer_ids=False):
    n = matrix.shape[0]
    identities = [names[c] for c in identity_columns]
    parts = [(lo, min(n, lo + batch)) for lo in range(0, n, batch)]

    def count(k, given=ids):
        counter = CooccurrenceCounter(names, identities, examples_per_cell=k)
        for lo, hi in parts:
            counter.update(matrix[lo:hi], example_ids=given[lo:hi] if k else None)
        # batches under sampling.DEFER_ROWS rows are sampled together later (before any read): timed here
        counter._settle_samples()
        return counter

    # the same examples also named by a NumPy integer array: no Python string per id
    numbers = np.arange(n, dtype=np.int64)
    runs = [lambda: count(0), lambda: count(8)] + ([lambda: count(8, numbers)] if integer_ids else [])
    # Interleaved, so that a machine whose load changes slows every variant alike.
    times = [[] for _ in runs]
    for _ in range(repeats):
        for run, taken in zip(runs, times):
            taken.append(timed(run, 1)[0])
    without, with_sample, *with_numbers = [statistics.median(taken) for taken in times]
    build, build_plain = first_tables([lambda: count(8), lambda: count(0)], repeats)
    table = count(8).table()
    check(table, matrix, ids, identity_columns, 8)
    size = len(codec.encode_table(table).examples.SerializeToString())
    print("%s, batches of %d: without ids %.1f ms, with examples_per_cell=8 %.1f ms (median of %d)"
          % (name, batch, without * 1e3, with_sample * 1e3, repeats))
    print("    ratio: %.2fx   (target <= 1.5x); %d cells, %d examples, stored sample %.2f MB"
          % (with_sample / without, table.examples.cell_keys.size, len(table.examples.ids), size / 1e6))
    print("    table() with the sample %.0f ms, without %.1f ms (median of %d); counting and table() together "
          "%.1fx counting and table() without ids" % (build * 1e3, build_plain * 1e3, repeats,
                                                     (with_sample + build) / (without + build_plain)))
    if with_numbers:
        print("    integer ids (np.arange): %.1f ms, ratio %.2fx" % (with_numbers[0] * 1e3, with_numbers[0] / without))
        # a caption per example: the sample passes the byte budget and is cut (`sampling.cut_to_budget`)
        captions = ["a caption of example %d" % i for i in range(n)]

        def captioned():
            counter = CooccurrenceCounter(names, identities, examples_per_cell=8)
            counter.update(matrix, example_ids=ids, example_text=captions)
            return counter

        build_cut, = first_tables([captioned], repeats)
        cut = captioned().table().examples
        print("    with a caption each: table() %.0f ms, %d of %d cells cut to the %.0f MB budget"
              % (build_cut * 1e3, int(cut.cut.sum()), cut.cut.size, cut.budget_bytes / 2**20))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--smoke", action="store_true", help="sizes / 50 and one repeat: checks the script runs, not speed")
    args = parser.parse_args()
    scale, repeats = (50, 1) if args.smoke else (1, args.repeats)
    rng = np.random.default_rng(0)
    n, num_labels = 100_000 // scale, 20_000 // scale
    names = ["label_%d" % i for i in range(num_labels)]
    ids = ["example-%06d" % i for i in range(n)]
    two = rng.choice(np.arange(100, num_labels), size=2, replace=False)
    matrix = sparse_predictions(rng, n, num_labels, 20, two, 0.3)
    print("%d examples x %d labels, %d positives" % (n, num_labels, matrix.nnz))
    bench("(a) 2 identities", matrix, names, two, ids, repeats, n, integer_ids=True)
    bench("(a) 2 identities", matrix, names, two, ids, repeats, max(1, n // 10))
    bench("(a) 2 identities", matrix, names, two, ids, repeats, max(1, n // 100))
    eight = rng.choice(np.arange(100, num_labels), size=8, replace=False)
    matrix = sparse_predictions(rng, n, num_labels, 20, eight, 0.05)
    bench("(b) 8 identities", matrix, names, eight, ids, repeats, n)


if __name__ == "__main__":
    main()
