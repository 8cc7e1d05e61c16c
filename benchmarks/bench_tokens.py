"""Counting token lists against mapping the same tokens to column indices.

A text corpus shaped like WordNet's glosses (117,659 examples, about ten
tokens each, a Zipf vocabulary of which 20k words are labels, identities
he/she) is counted by ``CooccurrenceCounter.update``, every token a label,
then with 20k labels and ``unknown_labels="ignore"``; each is timed in the
same process against

    np.fromiter(map(index.__getitem__, itertools.chain.from_iterable(docs)))

over the same tokens (every token in ``index``): the least a Python
counter must do to turn names into columns. Target: counting <= 1.5x.

Run: python benchmarks/bench_tokens.py [--repeats 7] [--smoke]
"""

import argparse
import itertools
import statistics

import numpy as np
from timing import timed

from tb_bias_plugin import CooccurrenceCounter


def corpus(rng, docs, vocabulary_size, low, high):
    """Per-example token lists with Zipf word popularity (repeats within an example happen)."""
    words = ["w%d" % i for i in range(vocabulary_size)]
    words[0], words[1] = "he", "she"
    popularity = 1.0 / np.arange(1, vocabulary_size + 1)
    popularity /= popularity.sum()
    lengths = rng.integers(low, high, size=docs)
    flat = rng.choice(vocabulary_size, size=int(lengths.sum()), p=popularity)
    bounds = np.concatenate([[0], np.cumsum(lengths)]).tolist()
    tokens = [words[t] for t in flat.tolist()]
    return words, [tokens[bounds[i] : bounds[i + 1]] for i in range(docs)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="timings per figure; the median is reported")
    parser.add_argument("--smoke", action="store_true", help="a tiny corpus: checks the script runs, figures mean nothing")
    args = parser.parse_args()
    docs, vocabulary_size, kept = (2_000, 1_000, 400) if args.smoke else (117_659, 50_000, 20_000)
    repeats = 1 if args.smoke else args.repeats
    rng = np.random.default_rng(0)
    words, docs_tokens = corpus(rng, docs, vocabulary_size, 3, 18)
    tokens = sum(map(len, docs_tokens))
    index = {name: i for i, name in enumerate(words)}
    print("token lists: %d examples, %d tokens, vocabulary %d, identities he/she" % (docs, tokens, vocabulary_size))

    def mapping():
        return np.fromiter(map(index.__getitem__, itertools.chain.from_iterable(docs_tokens)), np.int64, tokens)

    for title, label_names, unknown in (("every token a label", words, "raise"),
                                         ("%d labels, other tokens skipped" % kept, words[:kept], "ignore")):
        counter = CooccurrenceCounter(label_names, ["he", "she"], unknown_labels=unknown)

        def counting(counter=counter):
            return counter.update(docs_tokens)  # adds to the counts: the same work each time

        assert counting().num_examples == docs
        # alternated, so that both see the same machine load; the ratio of
        # each pair, then their median
        base, count = [], []
        for _ in range(repeats):
            base.append(timed(mapping, 1)[0])
            count.append(timed(counting, 1)[0])
        ratios = [c / b for c, b in zip(count, base)]
        print("  %s:" % title)
        print("    np.fromiter(map(index.__getitem__, chain(docs))): %7.1f ms (median of %d; min %.1f)"
              % (statistics.median(base) * 1e3, repeats, min(base) * 1e3))
        print("    CooccurrenceCounter.update(docs):                 %7.1f ms (median; min %.1f)"
              % (statistics.median(count) * 1e3, min(count) * 1e3))
        print("    ratio: %.2fx, the median of pairs' ratios (of the fastest times: %.2fx)   (target <= 1.5x)"
              % (statistics.median(ratios), min(count) / min(base)))


if __name__ == "__main__":
    main()
