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
    # a row of another length was NumPy's bare "all input arrays must have the same shape"
    fn = AssociationCombineFn(LABELS, ["man"], batch_size=2)
    with pytest.raises(ValueError, match=r'"scores" has shape \(2,\); it must be one score per label name \(%d\)'
                       % len(LABELS)):
        fn.add_input(fn.add_input(fn.create_accumulator(), {"scores": [0.0] * len(LABELS)}), {"scores": [0.1, 0.2]})


def test_identities_given_where_they_come_from_the_labels_are_refused_not_ignored():
    # counted as "man" by its labels before, its own "woman" dropped without a word
    fn = AssociationCombineFn(LABELS, ["man", "woman"], batch_size=2)
    acc = fn.add_input(fn.create_accumulator(), {"labels": ["man", "l1"]})
    with pytest.raises(ValueError, match=r"identities are read from the predicted labels.*\"identities\" key"):
        fn.extract_output(fn.add_input(acc, {"labels": ["man", "l2"], "identities": "woman"}))
    # the same examples without the key are counted
    acc = fn.add_input(fn.add_input(fn.create_accumulator(), {"labels": ["man", "l1"]}), {"labels": ["man", "l2"]})
    assert fn.extract_output(acc).identity_counts.sum() == 2


def test_an_unknown_label_is_said_of_the_example_and_of_the_transforms_option():
    # was "predictions[1] ... pass unknown_labels='ignore' to CooccurrenceCounter": an index into a
    # batch the transform made, and an option of a class the pipeline never names
    fn = AssociationCombineFn(LABELS, ["man"], batch_size=3, examples_per_cell=2)
    acc = fn.add_input(fn.create_accumulator(), {"labels": ["man"], "example_id": "a"})
    acc = fn.add_input(acc, {"labels": ["car"], "example_id": "img-7"})
    with pytest.raises(ValueError, match=r"^an example with example_id 'img-7' \(its predictions\): has names that "
                                         r"are not among the 42 given: 'car'; pass unknown_labels='ignore' to "
                                         r"CountAssociations"):
        fn.add_input(acc, {"labels": ["l1"], "example_id": "b"})


def test_a_nan_score_is_said_of_the_example_not_of_a_row_of_the_transforms_batch():
    fn = AssociationCombineFn(LABELS, ["man"], batch_size=3, examples_per_cell=2)
    scores = [0.0] * len(LABELS)
    acc = fn.add_input(fn.create_accumulator(), {"scores": scores, "example_id": "ex5"})
    acc = fn.add_input(acc, {"scores": scores[:2] + [float("nan")] + scores[3:], "example_id": "ex6"})
    with pytest.raises(ValueError, match=r"^an example with example_id 'ex6' \(its predictions\): has a NaN score "
                                         r"in column 2$"):  # was "first in row 1", a row of the transform's batch
        fn.add_input(acc, {"scores": scores, "example_id": "ex7"})


@pytest.mark.parametrize("soft", [False, True])
@pytest.mark.parametrize("row,got", [([1, 0, 1], r"has shape \(3,\), expected \(2,\)"),
                                     ([1, [0]], r"is a ragged nested list, expected shape \(2,\)")])
def test_an_identity_row_of_another_length_is_said_of_the_example_and_the_shape_expected(soft, row, got):
    # was NumPy's "setting an array element with a sequence. The requested array has an inhomogeneous shape..."
    fn = AssociationCombineFn(LABELS, ["f", "m"], identities_from="attributes", soft_identities=soft,
                              examples_per_cell=2, batch_size=3)
    acc = fn.add_input(fn.create_accumulator(), {"labels": ["l1"], "identities": [1, 0], "example_id": "a"})
    acc = fn.add_input(acc, {"labels": ["l2"], "identities": row, "example_id": "img-9"})
    with pytest.raises(ValueError, match=r'^an example with example_id \'img-9\' \(its "identities"\): %s: one value '
                                         r"per name given$" % got):
        fn.add_input(acc, {"labels": ["l3"], "identities": [0, 1], "example_id": "c"})


@pytest.mark.parametrize("soft", [False, True])
@pytest.mark.parametrize("row,got", [([1, "x"], r"holds 'x', which is not a number"),
                                     ([1, None], "holds None, which is not a number"),
                                     ([2, 0], r"has (2 in|a probability outside \[0, 1\] in) column 0")])
def test_an_identity_row_that_is_not_scores_is_said_of_the_example(soft, row, got):
    # [1, "x"] was "identities could not be read as an array: could not convert string to float: 'x'", naming
    # no example; [1, None] was read as a NaN score; [2, 0] named no example
    fn = AssociationCombineFn(LABELS, ["f", "m"], identities_from="attributes", soft_identities=soft,
                              examples_per_cell=2, batch_size=3)
    acc = fn.add_input(fn.create_accumulator(), {"labels": ["l1"], "identities": [1, 0], "example_id": "a"})
    acc = fn.add_input(acc, {"labels": ["l2"], "identities": row, "example_id": "img-9"})
    with pytest.raises(ValueError, match=r'^an example with example_id \'img-9\' \(its "identities"\): %s' % got):
        fn.add_input(acc, {"labels": ["l3"], "identities": [0, 1], "example_id": "c"})


def test_a_ragged_identity_row_fails_a_pipeline_with_the_counters_message():
    examples = [{"labels": ["l1"], "identities": [1, 0]}, {"labels": ["l2"], "identities": [1, 0, 1]}]
    with pytest.raises(ValueError, match=r"example [12] of 2 in one of the transform's batches, not a place in the "
                                         r'PCollection \(its "identities"\): has shape \(3,\), expected \(2,\)'):
        with beam.Pipeline(options=options()) as pipeline:
            _ = pipeline | beam.Create(examples) | CountAssociations(LABELS, ["f", "m"], identities_from="attributes")


def test_the_facade_lists_the_measures_transforms():
    assert tb_beam.CountAssociations is CountAssociations
    assert {"CountAssociations", "WriteAssociationTable", "AssociationCombineFn"} <= set(dir(tb_beam))
    with pytest.raises(AttributeError):
        tb_beam.NoSuchTransform  # noqa: B018


def sampled_corpus(seed, n, offset=0):
    examples = corpus(seed, n)
    for i, e in enumerate(examples):
        e["example_id"] = "doc-%d" % (offset + i)
        if i % 3:
            e["text"] = "caption %d" % (offset + i)
        if i % 4 == 0:
            e["uri"] = "https://example.org/%d" % (offset + i)
    return examples


def in_process(examples, k):
    return CooccurrenceCounter(LABELS, ["f", "m", "x"], examples_per_cell=k).update(
        [e["labels"] for e in examples], identities=[e["identities"] for e in examples],
        example_ids=[e["example_id"] for e in examples], example_text=[e.get("text") for e in examples],
        example_uris=[e.get("uri") for e in examples],
    ).table()


def test_combine_fn_merges_samples_exactly_in_any_grouping():
    fn = AssociationCombineFn(LABELS, ["f", "m", "x"], examples_per_cell=3, batch_size=5)
    examples = sampled_corpus(11, 90)
    examples[10] = {"labels": ["l1", "man"], "identities": "m"}  # no id: counted, not sampled
    accumulators = []
    for lo in range(0, 90, 23):
        acc = fn.create_accumulator()
        for e in examples[lo : lo + 23]:
            acc = fn.add_input(acc, e)
        accumulators.append(acc)
    merged = fn.merge_accumulators([fn.merge_accumulators(accumulators[2:]), fn.merge_accumulators(accumulators[:2])])
    got = fn.extract_output(merged)
    counted = CooccurrenceCounter(LABELS, ["f", "m", "x"], examples_per_cell=3)
    counted.update([examples[10]["labels"]], identities=[examples[10]["identities"]])
    rest = examples[:10] + examples[11:]
    counted.update([e["labels"] for e in rest], identities=[e["identities"] for e in rest],
                   example_ids=[e["example_id"] for e in rest], example_text=[e.get("text") for e in rest],
                   example_uris=[e.get("uri") for e in rest])
    assert got == counted.table() and got.examples.ids


def test_samples_on_beam_equal_the_in_process_counter(tmp_path):
    shards = [sampled_corpus(seed, 120, offset=1000 * seed) for seed in range(3)]
    logdir = tmp_path / "logs" / "eval"
    with beam.Pipeline(options=options()) as pipeline:
        _ = (
            pipeline
            | beam.Create([e for shard in shards for e in shard], reshuffle=True)
            | CountAssociations(LABELS, ["f", "m", "x"], examples_per_cell=4, batch_size=16)
            | WriteAssociationTable(str(logdir), "gender")
        )
    (_, _, got), = fx.read_logdir(tmp_path / "logs").values()
    assert got == in_process([e for shard in shards for e in shard], 4) and got.examples.ids


def test_an_id_without_examples_per_cell_or_text_without_id_is_refused():
    with pytest.raises(ValueError, match="need its 'example_id'"):
        parse_example({"labels": ["a"], "text": "x"})
    fn = AssociationCombineFn(LABELS, ["f", "m", "x"], batch_size=1)
    with pytest.raises(ValueError, match="examples_per_cell > 0"):
        fn.add_input(fn.create_accumulator(), {"labels": ["l1"], "identities": "f", "example_id": "a"})


@pytest.mark.parametrize("example, message", [
    # was "identities must be 2-D (examples x columns), got shape (1,)"
    ({"labels": ["l1"], "identities": 3.5, "example_id": "c"},
     "an example with example_id 'c': its \"identities\" must be identity names (a str or a list of them), None, or a "
     "row of 2 values; got 3.5"),
    # was "predictions is an array of strings; give label names as ..."
    ({"scores": ["0.1"] * len(LABELS), "example_id": "c"},
     "an example with example_id 'c': its \"scores\" must be numbers, one per label name (%d); got strings" % len(LABELS)),
    ({"scores": [0.1, 0.2]},
     "example 2 of 2 in one of the transform's batches, not a place in the PCollection: its \"scores\" has shape (2,); "
     "it must be one score per label name (%d)" % len(LABELS)),
])
def test_a_bad_key_of_an_example_is_said_of_the_example_and_what_was_expected(example, message):
    fn = AssociationCombineFn(LABELS, ["f", "m"], identities_from="attributes", examples_per_cell=2, batch_size=2)
    first = {"scores": [0.0] * len(LABELS), "identities": "f"}
    if "example_id" in example:
        first["example_id"] = "a"
    with pytest.raises(ValueError) as caught:
        fn.add_input(fn.add_input(fn.create_accumulator(), first), example)
    assert str(caught.value) == message


def test_an_error_of_an_example_without_an_id_says_its_place_is_in_a_batch():
    fn = AssociationCombineFn(LABELS, ["man"], batch_size=3)
    acc = fn.add_input(fn.add_input(fn.create_accumulator(), {"labels": ["man"]}), {"labels": ["car"]})
    with pytest.raises(ValueError, match=r"^example 2 of 3 in one of the transform's batches, not a place in the "
                                         r"PCollection \(its predictions\): has names that are not among"):
        fn.add_input(acc, {"labels": ["l1"]})
