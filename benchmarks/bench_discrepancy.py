"""DIPDI speed and memory (prints figures; not a test).

16 models (8 per pool), 10 classes, discrepancy "jsd":
(a) time per million examples of the streaming accumulator (10 batches of
    10^5 fresh examples, with 4 groups and top_k=100) for both pairings, and
    of the one-shot dipdi() on 10^5 examples. Both pairings compute N for all
    120 model pairs (the full matrix is part of the result), so they cost the
    same; the all_pairs stream runs under tracemalloc to measure (c).
(b) the same 120 pairs with scipy.spatial.distance.jensenshannon(p, q,
    axis=-1, base=2) ** 2, timed on 6 pairs x 10^5 examples and scaled.
(c) peak memory allocated inside accumulator updates (tracemalloc) over
    streams of 10^5 and 10^6 examples: it must not grow with n.

Run: python benchmarks/bench_discrepancy.py [--batches 10]
"""

import argparse
import gc
import time
import tracemalloc

import numpy as np
from scipy.spatial.distance import jensenshannon

from tb_bias_plugin.measures.discrepancy.accumulator import DipdiAccumulator
from tb_bias_plugin.measures.discrepancy.dipdi import dipdi

M_PER_POOL = 8
CLASSES = 10
BATCH = 100_000


def batch(rng, n):
    """Softmax of noisy logits around a shared signal: realistic, not uniform."""
    base = rng.normal(size=(1, n, CLASSES))
    logits = base + 0.5 * rng.normal(size=(2 * M_PER_POOL, n, CLASSES))
    logits -= logits.max(axis=-1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=-1, keepdims=True)
    return p[:M_PER_POOL], p[M_PER_POOL:]


def stream(rng, pairing, batches, measure_memory=False):
    """Feed `batches` fresh batches; return (update seconds, peak bytes in updates)."""
    acc = DipdiAccumulator(discrepancy="jsd", pairing=pairing, top_k=100)
    seconds, peak = 0.0, 0
    for _ in range(batches):
        a, b = batch(rng, BATCH)
        gc.collect()
        if measure_memory:
            tracemalloc.start()
        start = time.perf_counter()
        acc.update(a, b, groups=rng.integers(0, 4, size=BATCH))
        seconds += time.perf_counter() - start
        if measure_memory:
            peak = max(peak, tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
        del a, b
    return seconds, peak, acc.result()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=10, help="batches of 10^5 examples")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    n_total = args.batches * BATCH
    pairs = (2 * M_PER_POOL) * (2 * M_PER_POOL - 1) // 2
    print(f"DIPDI jsd: {2 * M_PER_POOL} models ({M_PER_POOL} per pool), {CLASSES} classes, "
          f"{pairs} model pairs")

    # paired and all_pairs both compute N for all 120 pairs; time each on 10^6
    # examples, the all_pairs stream under tracemalloc so it also gives memory
    ours = {}
    seconds, _, result = stream(rng, "paired", args.batches)
    ours["paired"] = seconds / n_total * 1e6
    print(f"  accumulator, paired   : {n_total:,} examples in {seconds:.2f} s "
          f"= {ours['paired']:.2f} s per 10^6 examples (dipdi={result.dipdi:.4f})")
    seconds, peak_large, result = stream(rng, "all_pairs", args.batches, measure_memory=True)
    ours["all_pairs"] = seconds / n_total * 1e6
    print(f"  accumulator, all_pairs: {n_total:,} examples in {seconds:.2f} s "
          f"= {ours['all_pairs']:.2f} s per 10^6 examples (dipdi={result.dipdi:.4f}; "
          f"tracemalloc on)")
    a, b = batch(rng, BATCH)
    start = time.perf_counter()
    dipdi(a, b, discrepancy="jsd", pairing="paired")
    seconds = time.perf_counter() - start
    print(f"  one-shot dipdi(), paired: {BATCH:,} examples in {seconds:.2f} s "
          f"= {seconds / BATCH * 1e6:.2f} s per 10^6 examples (validation included)")

    # scipy on 6 of the 120 pairs and 10^5 examples, scaled to 120 pairs x 10^6
    both = np.concatenate([a, b])
    pi, pj = np.triu_indices(2 * M_PER_POOL, k=1)
    subset = np.linspace(0, pairs - 1, 6).astype(int)
    start = time.perf_counter()
    for k in subset:
        jensenshannon(both[pi[k]], both[pj[k]], axis=-1, base=2) ** 2
    scipy_seconds = (time.perf_counter() - start) * (pairs / len(subset)) * (1e6 / BATCH)
    print(f"  scipy jensenshannon(...)**2 for the same {pairs} pairs: {scipy_seconds:.2f} s per "
          f"10^6 examples (measured on {len(subset)} pairs x {BATCH:,} examples, scaled)")
    for pairing, value in ours.items():
        print(f"  speed-up vs scipy, {pairing:9s}: {scipy_seconds / value:.1f}x (target >= 2x)")

    print("Peak memory allocated inside accumulator updates (tracemalloc), all_pairs, top_k=100:")
    _, peak_small, _ = stream(rng, "all_pairs", 1, measure_memory=True)
    print(f"  {BATCH:>9,} examples: {peak_small / 2**20:.1f} MiB")
    print(f"  {n_total:>9,} examples: {peak_large / 2**20:.1f} MiB")
    print(f"  (each input batch itself is 2 x {M_PER_POOL} x {BATCH:,} x {CLASSES} float64 = "
          f"{2 * M_PER_POOL * BATCH * CLASSES * 8 / 2**20:.0f} MiB, allocated outside the updates)")


if __name__ == "__main__":
    main()
