"""Beam DirectRunner throughput next to the in-process counter (prints figures; not a test).

The same examples (label-name lists with one attribute identity each) are
counted by CooccurrenceCounter in batches and by CountAssociations on the
DirectRunner; the two tables must be identical.

Run: python benchmarks/bench_beam.py [--examples 100000] [--workers 1] [--smoke]
"""

import argparse
import os
import pickle
import tempfile
import time

import apache_beam as beam
import numpy as np
from apache_beam.options.pipeline_options import PipelineOptions

from tb_bias_plugin import CooccurrenceCounter
from tb_bias_plugin.measures.association.beam import CountAssociations


def make_examples(n, num_labels, seed=0):
    rng = np.random.default_rng(seed)
    names = ["label_%d" % i for i in range(num_labels)]
    popularity = 1.0 / np.arange(1, num_labels + 1) ** 0.8
    popularity /= popularity.sum()
    lengths = rng.integers(5, 30, size=n)
    flat = rng.choice(num_labels, size=int(lengths.sum()), p=popularity)
    bounds = np.concatenate([[0], np.cumsum(lengths)])
    groups = rng.choice(["f", "m", "x"], size=n)
    examples = [
        {"labels": [names[t] for t in flat[bounds[i] : bounds[i + 1]]], "identities": str(groups[i])} for i in range(n)
    ]
    return names, examples, int(lengths.sum())


def _save(table, path):
    with open(path, "wb") as f:
        pickle.dump(table, f)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100_000)
    parser.add_argument("--labels", type=int, default=5_000)
    parser.add_argument("--workers", type=int, default=1, help="DirectRunner workers")
    parser.add_argument("--smoke", action="store_true", help="a tiny size: checks the script runs, not speed")
    args = parser.parse_args()
    if args.smoke:
        args.examples, args.labels = 300, 50
    names, examples, tokens = make_examples(args.examples, args.labels)
    print("%d examples, %d label tokens, %d labels, 3 attribute identities" % (len(examples), tokens, len(names)))

    start = time.perf_counter()
    counter = CooccurrenceCounter(names, ["f", "m", "x"])
    for lo in range(0, len(examples), 10_000):
        batch = examples[lo : lo + 10_000]
        counter.update([e["labels"] for e in batch], identities=[e["identities"] for e in batch])
    in_process = time.perf_counter() - start
    want = counter.table()
    assert want.num_examples == len(examples) and int(want.identity_counts.sum()) == len(examples), \
        "every example holds exactly one of the three identities"

    options = PipelineOptions(["--runner=DirectRunner", "--direct_num_workers=%d" % args.workers])
    with tempfile.TemporaryDirectory(prefix="bench_beam_") as workdir:
        out = os.path.join(workdir, "table.pickle")
        start = time.perf_counter()
        with beam.Pipeline(options=options) as pipeline:
            tables = pipeline | beam.Create(examples, reshuffle=False) | CountAssociations(names, ["f", "m", "x"])
            tables | beam.Map(_save, out)  # functions are pickled: hand the table back through a file
        on_beam = time.perf_counter() - start
        with open(out, "rb") as f:
            got = pickle.load(f)
    assert got == want, "Beam counts differ from the in-process counter"
    start = time.perf_counter()
    with beam.Pipeline(options=options) as pipeline:
        pipeline | beam.Create(examples, reshuffle=False) | beam.CombineGlobally(beam.combiners.CountCombineFn())
    runner_only = time.perf_counter() - start
    print("    in-process CooccurrenceCounter: %6.2f s  %9.0f examples/s" % (in_process, len(examples) / in_process))
    print("    the same DirectRunner only counting elements (runner overhead): %.2f s, %.0f examples/s"
          % (runner_only, len(examples) / runner_only))
    print("    Beam DirectRunner (%d worker%s):  %6.2f s  %9.0f examples/s  (%.1fx slower; identical table)"
          % (args.workers, "" if args.workers == 1 else "s", on_beam, len(examples) / on_beam, on_beam / in_process))


if __name__ == "__main__":
    main()
