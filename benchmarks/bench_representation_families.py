"""Representation-level bias against families with an exactly computable B, over seeds (prints; not a test).

For every family of tests/measures/representation/known_answers.py (FAMILIES, which the tests check at
seed 0, and CHECKED_FAMILIES): n rows drawn with seed 7 + s, the estimator run with seed s, default
settings, for s = 0..seeds-1. Prints B, the exact value, the error, both bounds, the classifier the
folds kept, both shuffled-Z controls and the `loose` flag, and a mark where B misses the exact value by
0.05 or more (0.03 for a Gaussian shift) or a control reaches 0.02.

Run: python benchmarks/bench_representation_families.py [--seeds 3] [--n 6000] [--smoke] [name ...]
"""

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "measures", "representation"))

from known_answers import CHECKED_FAMILIES, FAMILIES  # noqa: E402

from tb_bias_plugin.measures.representation import representation_bias  # noqa: E402


def main():
    families = {**FAMILIES, **CHECKED_FAMILIES}
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--n", type=int, default=6000)
    ap.add_argument("--smoke", action="store_true", help="one family, one seed, a tiny size: checks the script runs")
    ap.add_argument("names", nargs="*", help=f"families (default: all of {', '.join(families)})")
    args = ap.parse_args()
    settings = {}
    if args.smoke:
        args.names, args.seeds, args.n = args.names[:1] or [next(iter(FAMILIES))], 1, 600
        settings = dict(steps=100, classifier_steps=100, eval_every=50)
    for name in args.names or families:
        family = families[name]
        exact = family.exact_bias()
        tolerance = 0.03 if name.startswith("shift") else 0.05
        for seed in range(args.seeds):
            r, z = family.sample(args.n, np.random.default_rng(7 + seed))
            start = time.perf_counter()
            res = representation_bias(r, z, seed=seed, **settings)
            controls = (res.mine_control_biases[0], res.classifier_control_biases[0])
            miss = abs(res.bias - exact) >= tolerance or max(abs(c) for c in controls) >= 0.02
            print(f"{name:34s} seed {seed}: exact {exact:.3f}, B {res.bias:.3f} ({res.bias - exact:+.3f}), "
                  f"MINE {res.mine_bias:.3f}, classifier {res.classifier_bias:.3f} ({res.classifier}), controls "
                  f"{controls[0]:+.3f} {controls[1]:+.3f}{', loose' if 'loose' in res.flags else ''}, "
                  f"{time.perf_counter() - start:.1f} s{'  MISS' if miss else ''}", flush=True)


if __name__ == "__main__":
    main()
