"""Counting speed (prints figures; not a test).

(a) 100k examples x 20k labels, sparse, ~20 positives per example, 8
    identities, timed against one np.bincount over the same nonzeros in the
    same process (target: counting <= 2x that single pass).
(b) Per-example token lists of a 100k-document corpus: counting against one
    np.unique(tokens, return_inverse=True) over the same flattened tokens
    (target <= 1.5x), then end to end: counting, metrics, ranking, writing.
(c) Working memory of one dense float32 batch at 3 thresholds (tracemalloc
    peak over the batch's own size).

Run: python benchmarks/bench_counting.py [--repeats 7] [--smoke]
"""

import argparse
import statistics
import tempfile
import time

import numpy as np
import scipy.sparse as sp
from timing import timed

from tb_bias_plugin import CooccurrenceCounter, summary
from tb_bias_plugin.measures.association import backends as counting_module
from tb_bias_plugin.measures.association.inputs import Positives


def sparse_predictions(rng, n, num_labels, per_example, identity_columns, identity_rate):
    """Boolean CSR predictions with Zipf-like label popularity."""
    popularity = 1.0 / np.arange(1, num_labels + 1) ** 0.8
    popularity /= popularity.sum()
    cols = rng.choice(num_labels, size=n * per_example, p=popularity)
    rows = np.repeat(np.arange(n), per_example)
    # each identity label is predicted in identity_rate of the examples
    for col in identity_columns:
        hit = np.flatnonzero(rng.random(n) < identity_rate)
        rows, cols = np.concatenate([rows, hit]), np.concatenate([cols, np.full(hit.size, col)])
    matrix = sp.csr_matrix((np.ones(rows.size, dtype=bool), (rows, cols)), shape=(n, num_labels))
    matrix.sum_duplicates()
    return matrix


def bench_sparse(repeats, scale=1):
    rng = np.random.default_rng(0)
    n, num_labels, k = 100_000 // scale, 20_000 // scale, 8
    names = ["label_%d" % i for i in range(num_labels)]
    identity_columns = rng.choice(np.arange(100, num_labels), size=k, replace=False)
    identities = [names[c] for c in identity_columns]
    matrix = sparse_predictions(rng, n, num_labels, 20, identity_columns, 0.05)
    print("(a) sparse counting: %d examples x %d labels, %d positives (%.1f per example), %d identities"
          % (n, num_labels, matrix.nnz, matrix.nnz / n, k))
    baseline, _ = timed(lambda: np.bincount(matrix.indices, minlength=num_labels), repeats)
    counter = CooccurrenceCounter(names, identities)
    counting, all_times = timed(lambda: counter.update(matrix), repeats)
    print("    baseline np.bincount over the nonzeros: %7.2f ms (median of %d)" % (baseline * 1e3, repeats))
    print("    CooccurrenceCounter.update (labels):    %7.2f ms (median; min %.2f)" % (counting * 1e3, min(all_times) * 1e3))
    print("    ratio: %.2fx   (target <= 2x; the compiled kernel: one pass over the rows)" % (counting / baseline))
    # The fallbacks where the kernel was not built (no C compiler at install).
    # With scipy: one compiled pass over every cell finds each example's
    # identities, then the packed sums (a pass per 64-bit word) count C(y)
    # and C(x, y). Without: NumPy alone.
    import scipy.sparse

    positives = Positives(matrix.indptr.astype(np.int64), matrix.indices)
    find, _ = timed(lambda: counting_module._identity_rows(scipy.sparse, positives, identity_columns, num_labels), repeats)
    rows, slots = counting_module._identity_rows(scipy.sparse, positives, identity_columns, num_labels)
    held = np.bincount(slots, minlength=k)
    words, _ = counting_module._pack(n, held, np.bincount(slots, weights=np.diff(positives.indptr)[rows], minlength=k), matrix.nnz)
    fallbacks = {}
    real_kernel, real_sparse = counting_module._compiled_kernel, counting_module._sparse_module
    counting_module._compiled_kernel = lambda: None
    try:
        fallbacks["scipy"], _ = timed(lambda: counter.update(matrix), repeats)
        counting_module._sparse_module = lambda: None
        fallbacks["numpy"], _ = timed(lambda: counter.update(matrix), repeats)
    finally:
        counting_module._compiled_kernel, counting_module._sparse_module = real_kernel, real_sparse
    print("    without the kernel, with scipy (packed sums): %.2f ms, ratio %.2fx; of which finding each "
          "example's identities %.2f ms (%.2fx), then %d packed passes"
          % (fallbacks["scipy"] * 1e3, fallbacks["scipy"] / baseline, find * 1e3, find / baseline, len(words)))
    print("    without the kernel or scipy (NumPy alone): %.2f ms, ratio %.2fx"
          % (fallbacks["numpy"] * 1e3, fallbacks["numpy"] / baseline))
    # identities as a separate attribute: every example holds exactly one
    groups = rng.integers(0, k, size=n)
    attributes = sp.csr_matrix((np.ones(n, bool), (np.arange(n), groups)), shape=(n, k))
    counter = CooccurrenceCounter(names, ["group_%d" % j for j in range(k)])
    attr_time, _ = timed(lambda: counter.update(matrix, identities=attributes), repeats)
    counting_module._compiled_kernel = lambda: None
    try:
        attr_fallback, _ = timed(lambda: counter.update(matrix, identities=attributes), repeats)
    finally:
        counting_module._compiled_kernel = real_kernel
    print("    CooccurrenceCounter.update (attributes, one identity per example): %.2f ms, ratio %.2fx "
          "(without the kernel %.2fx)" % (attr_time * 1e3, attr_time / baseline, attr_fallback / baseline))
    dense_n = 5_000
    dense = matrix[:dense_n].toarray().astype(np.float32) * 0.9
    counter = CooccurrenceCounter(names, identities, thresholds=(0.3, 0.5, 0.7))
    dense_time, _ = timed(lambda: counter.update(dense), max(1, repeats // 2))
    print("    dense float scores, %d x %d, 3 thresholds: %.1f ms (%.0f examples/s)"
          % (dense_n, num_labels, dense_time * 1e3, dense_n / dense_time))


def bench_tokens(repeats, scale=1):
    rng = np.random.default_rng(1)
    docs, vocabulary_size, kept = 100_000 // scale, 50_000 // scale, 20_000 // scale
    words = ["w%d" % i for i in range(vocabulary_size)]
    words[0], words[1] = "he", "she"
    popularity = 1.0 / np.arange(1, vocabulary_size + 1)
    popularity /= popularity.sum()
    lengths = rng.integers(10, 60, size=docs)
    flat = rng.choice(vocabulary_size, size=int(lengths.sum()), p=popularity)
    bounds = np.concatenate([[0], np.cumsum(lengths)])
    corpus = [[words[t] for t in flat[bounds[i] : bounds[i + 1]]] for i in range(docs)]
    print("(b) token lists: %d documents, %d tokens, vocabulary %d, %d labels kept, identities he/she"
          % (docs, int(lengths.sum()), vocabulary_size, kept))
    labels = words[:kept]

    tokens = [t for doc in corpus for t in doc]
    unique_time, _ = timed(lambda: np.unique(tokens, return_inverse=True), max(1, repeats // 3))
    count_time, _ = timed(
        lambda: CooccurrenceCounter(labels, ["he", "she"], unknown_labels="ignore").update(corpus), max(1, repeats // 3)
    )
    print("    baseline np.unique(tokens, return_inverse=True): %.2f s; counting the same corpus in one batch: %.2f s"
          % (unique_time, count_time))
    print("    ratio: %.2fx   (target <= 1.5x)" % (count_time / unique_time))

    def end_to_end():
        stages = {}
        start = time.perf_counter()
        counter = CooccurrenceCounter(labels, ["he", "she"], unknown_labels="ignore")
        for lo in range(0, docs, 10_000):  # streamed in batches, as an eval loop would
            counter.update(corpus[lo : lo + 10_000])
        stages["count"] = time.perf_counter() - start
        table = counter.table()
        t = time.perf_counter()
        top = table.rank_labels("she", "he", order="abs", limit=100)
        stages["metrics+rank"] = time.perf_counter() - t
        t = time.perf_counter()
        with tempfile.TemporaryDirectory() as logdir, summary.Writer(logdir) as writer:
            writer.association_table("gender", counter, step=0)
        stages["write"] = time.perf_counter() - t
        stages["total"] = time.perf_counter() - start
        return stages, top

    results = [end_to_end()[0] for _ in range(max(1, repeats // 2))]
    for stage in ("count", "metrics+rank", "write", "total"):
        print("    %-13s %6.2f s" % (stage, statistics.median(r[stage] for r in results)))


def bench_memory(scale=1):
    import tracemalloc

    rng = np.random.default_rng(2)
    n, num_labels = 1000 // scale, 20_000 // scale  # 1k x 200k scaled down 10x in labels
    scores = rng.random((n, num_labels), dtype=np.float32)
    names = ["l%d" % i for i in range(num_labels)]
    counter = CooccurrenceCounter(names, names[:8], thresholds=(0.3, 0.5, 0.7))
    counter.update(scores[:10])
    tracemalloc.start()
    start = time.perf_counter()
    counter.update(scores)
    elapsed = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print("(c) dense float32 %d x %d (%.0f MB), 3 thresholds, most scores above them: peak extra memory %.0f MB "
          "= %.2fx the batch (target <= 2x), %.2f s" % (n, num_labels, scores.nbytes / 1e6, peak / 1e6, peak / scores.nbytes, elapsed))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--smoke", action="store_true", help="sizes / 50 and one repeat: checks the script runs, not speed")
    args = parser.parse_args()
    scale, repeats = (50, 1) if args.smoke else (1, args.repeats)
    bench_sparse(repeats, scale)
    bench_tokens(repeats, scale)
    bench_memory(scale)


if __name__ == "__main__":
    main()
