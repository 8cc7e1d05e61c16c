"""Counting on Apache Beam (DirectRunner) equals one in-process counter."""

import json

import apache_beam as beam  # the beam extra is part of the test extra: no skip
import numpy as np
import pytest
from apache_beam.options.pipeline_options import PipelineOptions
from apache_beam.testing.util import assert_that

import plugin_fixtures as fx
import tb_bias_plugin.beam as tb_beam
from tb_bias_plugin import CooccurrenceCounter
from tb_bias_plugin.measures.association.beam import (
    AssociationCombineFn,
    CountAssociations,
    WriteAssociationTable,
    parse_example,
)

pytestmark = pytest.mark.beam

LABELS = ["l%d" % i for i in range(40)] + ["man", "woman"]


def corpus(seed, n):
    rng = np.random.default_rng(seed)
    examples = []
    for _ in range(n):
        labels = sorted({LABELS[j] for j in rng.choice(len(LABELS), size=rng.integers(0, 6))})
        examples.append({"labels": labels, "identities": str(rng.choice(["f", "m", "x"]))})
    return examples


def options():
    return PipelineOptions(["--runner=DirectRunner", "--direct_num_workers=1"])


def test_sharded_corpus_counts_like_one_counter(tmp_path):
    shards = [corpus(seed, 250 + 10 * seed) for seed in range(4)]
    for i, shard in enumerate(shards):
        (tmp_path / ("shard-%d.jsonl" % i)).write_text("".join(json.dumps(e) + "\n" for e in shard))
    logdir = tmp_path / "logs" / "eval"
    with beam.Pipeline(options=options()) as pipeline:
        _ = (
            pipeline
            | beam.io.ReadFromText(str(tmp_path / "shard-*.jsonl"))
            | beam.Map(json.loads)
            | CountAssociations(LABELS, ["f", "m", "x"], thresholds=[0.5], batch_size=64)
            | WriteAssociationTable(str(logdir), "gender", step=7)
        )
    everything = [e for shard in shards for e in shard]
    want = CooccurrenceCounter(LABELS, ["f", "m", "x"]).update(
        [e["labels"] for e in everything], identities=[e["identities"] for e in everything]
    ).table()
    tables = fx.read_logdir(tmp_path / "logs")
    assert list(tables) == [("eval", "gender", 7)]
    (_, _, got), = tables.values()
    assert got == want and got.num_examples == sum(map(len, shards))


def test_identities_in_labels_indices_and_scores_agree():
    rng = np.random.default_rng(3)
    dense = rng.random((300, len(LABELS)))
    examples = [{"scores": row} for row in dense[:100]]
    examples += [{"label_indices": np.flatnonzero(row > 0.5).tolist()} for row in dense[100:200]]
    examples += [[LABELS[j] for j in np.flatnonzero(row > 0.5)] for row in dense[200:]]
    with beam.Pipeline(options=options()) as pipeline:
        tables = pipeline | beam.Create(examples, reshuffle=True) | CountAssociations(LABELS, ["man", "woman"], batch_size=32)
        want = CooccurrenceCounter(LABELS, ["man", "woman"]).update(dense).table()

        def check(got):
            assert len(got) == 1 and got[0] == want

        assert_that(tables, check)


def test_combine_fn_merges_exactly_in_any_grouping():
    fn = AssociationCombineFn(LABELS, ["f", "m", "x"], batch_size=5)
    examples = corpus(9, 60)
    accumulators = []
    for lo in range(0, 60, 17):
        acc = fn.create_accumulator()
        for e in examples[lo : lo + 17]:
            acc = fn.add_input(acc, e)
        accumulators.append(acc)
    merged = fn.merge_accumulators([fn.merge_accumulators(accumulators[:2]), fn.merge_accumulators(accumulators[2:])])
    want = CooccurrenceCounter(LABELS, ["f", "m", "x"]).update(
        [e["labels"] for e in examples], identities=[e["identities"] for e in examples]
    ).table()
    assert fn.extract_output(merged) == want


def test_soft_identities_on_beam():
    rng = np.random.default_rng(4)
    p = rng.random((80, 2))
    examples = [{"labels": ["l1", "l2"][: i % 3], "identities": p[i].tolist()} for i in range(80)]
    fn = AssociationCombineFn(LABELS, ["a", "b"], soft_identities=True, batch_size=7)
    acc = fn.create_accumulator()
    for e in examples:
        fn.add_input(acc, e)
    got = fn.extract_output(acc)
    want = CooccurrenceCounter(LABELS, ["a", "b"], soft_identities=True).update(
        [e["labels"] for e in examples], identities=p
    ).table()
    np.testing.assert_allclose(got.cooccurrence, want.cooccurrence, rtol=1e-12)
    assert got.expected_counts


def test_bad_examples_and_arguments_are_named():
    with pytest.raises(ValueError, match="exactly one of"):
        parse_example({"labels": ["a"], "scores": [0.1]})
    with pytest.raises(ValueError, match="a dict such as"):
        parse_example(42)
    with pytest.raises(ValueError, match="duplicate"):
        CountAssociations(["a", "a"], ["a"])
    with pytest.raises(ValueError, match="batch_size"):
        AssociationCombineFn(LABELS, ["man"], batch_size=0)
    with pytest.raises(ValueError, match="name"):
        WriteAssociationTable("/tmp/x", "")


def test_the_facade_lists_the_measures_transforms():
    assert tb_beam.CountAssociations is CountAssociations
    assert {"CountAssociations", "WriteAssociationTable", "AssociationCombineFn"} <= set(dir(tb_beam))
    with pytest.raises(AttributeError):
        tb_beam.NoSuchTransform  # noqa: B018
