"""DIPDI speed and memory (prints figures; not a test).

16 models (8 per pool), 10 classes, discrepancy "jsd", in one process:
(a) time per million examples of the streaming DipdiAccumulator, 10 batches
    of 10^5 fresh examples with 4 groups and top_k=100 (validation, group
    sums and top-K included), for both pairings. Both pairings compute N for
    all 120 model pairs (the full matrix is part of the result), so they cost
    about the same. The one-shot dipdi() on 10^5 examples for reference.
(b) the same 120 pairs with scipy.spatial.distance.jensenshannon(p, q,
    axis=-1, base=2) ** 2 (vectorised over examples): measured on 6 of the
    120 pairs x 10^5 examples and scaled to 120 pairs x 10^6 examples, so the
    benchmark stays under two minutes.
(c) peak memory allocated inside accumulator updates (tracemalloc) over
    streams of 10^5 and 10^6 examples: it must not grow with n.

Wall time and CPU time (time.process_time) are printed side by side; on a
shared, loaded machine the CPU-time ratio is the meaningful one.

Run: python benchmarks/bench_discrepancy.py [--batches 10] [--smoke]
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


class Clock:
    """Wall (perf_counter) and CPU (process_time) seconds, accumulated."""

    def __init__(self):
        self.wall = 0.0
        self.cpu = 0.0

    def __enter__(self):
        self._w, self._c = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc):
        self.wall += time.perf_counter() - self._w
        self.cpu += time.process_time() - self._c

    def per_million(self, n):
        return self.wall / n * 1e6, self.cpu / n * 1e6


def batch(rng, n):
    """Softmax of noisy logits around a shared signal: realistic, not uniform."""
    base = rng.normal(size=(1, n, CLASSES))
    logits = base + 0.5 * rng.normal(size=(2 * M_PER_POOL, n, CLASSES))
    logits -= logits.max(axis=-1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=-1, keepdims=True)
    return p[:M_PER_POOL], p[M_PER_POOL:]


def stream(rng, pairing, batches, size, measure_memory=False):
    """Feed `batches` fresh batches of `size`; return (clock of the updates, peak bytes, result)."""
    acc = DipdiAccumulator(discrepancy="jsd", pairing=pairing, top_k=100)
    clock, peak = Clock(), 0
    for _ in range(batches):
        a, b = batch(rng, size)
        groups = rng.integers(0, 4, size=size)
        gc.collect()
        if measure_memory:
            tracemalloc.start()
        with clock:
            acc.update(a, b, groups=groups)
        if measure_memory:
            peak = max(peak, tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
        del a, b
    return clock, peak, acc.result()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=10, help="batches of --batch examples")
    parser.add_argument("--batch", type=int, default=BATCH)
    parser.add_argument("--smoke", action="store_true", help="a tiny size: checks the script runs, not speed")
    args = parser.parse_args()
    if args.smoke:
        args.batches, args.batch = 2, 2_000
    started = time.perf_counter(), time.process_time()
    rng = np.random.default_rng(0)
    size = args.batch
    n_total = args.batches * size
    pairs = (2 * M_PER_POOL) * (2 * M_PER_POOL - 1) // 2
    print(f"DIPDI jsd: {2 * M_PER_POOL} models ({M_PER_POOL} per pool), {CLASSES} classes, "
          f"{pairs} model pairs; seconds per 10^6 examples as wall / CPU")

    ours = {}
    for pairing in ("paired", "all_pairs"):
        clock, _, result = stream(rng, pairing, args.batches, size)
        assert result.n == n_total and np.isfinite(result.dipdi), (result.n, result.dipdi)
        ours[pairing] = clock.per_million(n_total)
        print(f"  accumulator, {pairing:9s}: {n_total:,} examples; "
              f"{ours[pairing][0]:6.2f} / {ours[pairing][1]:6.2f} s per 10^6 "
              f"(dipdi={result.dipdi:.4f})")
    a, b = batch(rng, size)
    with Clock() as once:
        one_shot = dipdi(a, b, discrepancy="jsd", pairing="paired")
    wall, cpu = once.per_million(size)
    print(f"  one-shot dipdi(), paired : {size:,} examples; {wall:6.2f} / {cpu:6.2f} s per 10^6")
    acc = DipdiAccumulator(discrepancy="jsd", pairing="paired")
    acc.update(a, b)
    assert abs(acc.result().dipdi - one_shot.dipdi) <= 1e-9, "the accumulator must agree with dipdi()"

    # scipy on 6 of the 120 pairs and 10^5 examples, scaled to 120 pairs x 10^6
    both = np.concatenate([a, b])
    pi, pj = np.triu_indices(2 * M_PER_POOL, k=1)
    subset = np.linspace(0, pairs - 1, 6).astype(int)
    with Clock() as ref:
        reference = [np.mean(jensenshannon(both[pi[k]], both[pj[k]], axis=-1, base=2) ** 2) for k in subset]
    # the same quantity: scipy's mean JSD of a pair is that pair's cell of our matrix
    np.testing.assert_allclose(reference, one_shot.pair_matrix[pi[subset], pj[subset]], rtol=1e-6, atol=1e-12)
    scale = (pairs / len(subset)) / size * 1e6
    scipy_wall, scipy_cpu = ref.wall * scale, ref.cpu * scale
    print(f"  scipy jensenshannon(...)**2, same {pairs} pairs: {scipy_wall:6.2f} / "
          f"{scipy_cpu:6.2f} s per 10^6 (measured on {len(subset)} pairs x {size:,} "
          f"examples and scaled by {scale:.0f})")
    for pairing, (wall, cpu) in ours.items():
        print(f"  speed-up vs scipy, {pairing:9s}: {scipy_wall / wall:4.1f}x wall, "
              f"{scipy_cpu / cpu:4.1f}x CPU (target >= 2x)")

    print("Peak memory allocated inside accumulator updates (tracemalloc), all_pairs, top_k=100:")
    for batches in (1, args.batches):
        _, peak, _ = stream(rng, "all_pairs", batches, size, measure_memory=True)
        assert peak > 0, "tracemalloc saw no allocation inside the updates"
        print(f"  {batches * size:>9,} examples: {peak / 2**20:5.1f} MiB")
    print(f"  (each input batch itself is 2 x {M_PER_POOL} x {size:,} x {CLASSES} float64 = "
          f"{2 * M_PER_POOL * size * CLASSES * 8 / 2**20:.0f} MiB, allocated outside the updates)")
    print(f"Benchmark total: {time.perf_counter() - started[0]:.0f} s wall, "
          f"{time.process_time() - started[1]:.0f} s CPU")


if __name__ == "__main__":
    main()
