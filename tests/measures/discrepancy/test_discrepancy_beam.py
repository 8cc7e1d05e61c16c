"""DIPDI on Apache Beam (DirectRunner) equals one in-process DipdiAccumulator.

Counts, group sizes and the top examples are exact. The stored sums of d
are float64 sums: a pipeline adds them bundle by bundle and then merges,
a different order of additions than one accumulator's, so they agree to
rounding (relative 1e-12), and so does everything derived from them.
"""

import json
import re

import apache_beam as beam  # the beam extra is part of the test extra: no skip
import numpy as np
import pytest
from apache_beam.options.pipeline_options import PipelineOptions
from apache_beam.testing.util import assert_that

import plugin_fixtures as fx
import tb_bias_plugin.beam as tb_beam
from plugin_fixtures import Client
from tb_bias_plugin import DipdiAccumulator, summary
from tb_bias_plugin.measures.discrepancy.beam import (
    AccumulateDiscrepancy,
    DiscrepancyCombineFn,
    WriteDiscrepancy,
    parse_pools,
)

pytestmark = pytest.mark.beam

RTOL = 1e-12


def pools(seed, n, m=4):
    """Regression outputs of two pools of m models on n examples, groups and ids."""
    rng = np.random.default_rng(seed)
    a = rng.normal(10, 2, (m, n))
    b = a + rng.normal(1, 1, (m, n))
    groups = rng.choice(["f", "m", "x"], n)
    ids = ["s%d-%d" % (seed, i) for i in range(n)]
    return a, b, groups, ids


def examples(a, b, groups=None, ids=None):
    return [
        dict(
            {"pool_a": a[:, k].tolist(), "pool_b": b[:, k].tolist()},
            **({} if groups is None else {"group": str(groups[k])}),
            **({} if ids is None else {"example_id": ids[k]}),
        )
        for k in range(a.shape[1])
    ]


def options():
    return PipelineOptions(["--runner=DirectRunner", "--direct_num_workers=1"])


def by_group(rep):
    return {g: (rep.group_counts[i], rep.group_sums[i]) for i, g in enumerate(rep.group_names)}


def test_sharded_pools_accumulate_like_one_accumulator(tmp_path):
    shards = [pools(seed, 150 + 20 * seed) for seed in range(4)]
    for i, shard in enumerate(shards):
        (tmp_path / ("shard-%d.jsonl" % i)).write_text("".join(json.dumps(e) + "\n" for e in examples(*shard)))
    logdir = tmp_path / "logs"
    with beam.Pipeline(options=options()) as pipeline:
        _ = (
            pipeline
            | beam.io.ReadFromText(str(tmp_path / "shard-*.jsonl"))
            | beam.Map(json.loads)
            | beam.Reshuffle()
            | AccumulateDiscrepancy(top_k=6, batch_size=37)
            | WriteDiscrepancy(str(logdir / "beam"), "age", step=7, pool_names=("men", "women"))
        )
    a, b = (np.concatenate([s[j] for s in shards], axis=1) for j in (0, 1))
    groups = np.concatenate([s[2] for s in shards])
    ids = [i for s in shards for i in s[3]]
    local = DipdiAccumulator(top_k=6).update(a, b, groups=groups, example_ids=ids)
    with summary.Writer(str(logdir / "local")) as writer:
        writer.prediction_discrepancy("age", local, pool_names=("men", "women"), step=7)

    logged = fx.read_logdir(logdir)
    assert set(logged) == {("beam", "age", 7), ("local", "age", 7)}
    got, want = logged["beam", "age", 7][2], logged["local", "age", 7][2]
    assert (got.pool_names, got.m_a, got.m_b) == (want.pool_names, want.m_a, want.m_b)
    (g,), (w,) = got.replicates, want.replicates
    assert g.n == w.n == a.shape[1]
    np.testing.assert_allclose(g.pair_sums, w.pair_sums, rtol=RTOL)
    # groups are numbered in arrival order, which bundling changes: compare by name
    gg, wg = by_group(g), by_group(w)
    assert sorted(gg) == sorted(wg) == ["f", "m", "x"]
    for name in wg:
        assert gg[name][0] == wg[name][0]
        np.testing.assert_allclose(gg[name][1], wg[name][1], rtol=RTOL)
    assert g.top_ids == w.top_ids and g.top_groups == w.top_groups
    np.testing.assert_allclose(g.top_excess, w.top_excess, rtol=RTOL)
    np.testing.assert_array_equal(g.top_outputs, w.top_outputs)

    # and the plugin serves both alike
    client = Client(fx.make_app(logdir)[0])
    served = [fx.get_json(client, "discrepancy", run=run, tag="age", step=7) for run in ("beam", "local")]
    assert served[0]["dipdi"] == pytest.approx(served[1]["dipdi"], rel=1e-9)
    assert served[0]["n"] == served[1]["n"] == a.shape[1]


def test_class_probabilities_without_groups_on_beam():
    rng = np.random.default_rng(5)
    logits_a, logits_b = rng.normal(size=(2, 300, 3)), rng.normal(size=(2, 300, 3))
    a = np.exp(logits_a) / np.exp(logits_a).sum(-1, keepdims=True)
    b = np.exp(logits_b) / np.exp(logits_b).sum(-1, keepdims=True)
    want = DipdiAccumulator(discrepancy="jsd").update(a, b).result()
    with beam.Pipeline(options=options()) as pipeline:
        accumulators = (
            pipeline
            | beam.Create([{"pool_a": a[:, k], "pool_b": b[:, k]} for k in range(300)], reshuffle=True)
            | AccumulateDiscrepancy(discrepancy="jsd", batch_size=16)
        )

        def check(got):
            (acc,) = got
            result = acc.result()
            assert acc.n == 300 and result.groups is None
            assert result.dipdi == pytest.approx(want.dipdi, rel=1e-9)

        assert_that(accumulators, check)


def test_combine_fn_merges_in_any_grouping():
    fn = DiscrepancyCombineFn(top_k=3, batch_size=5)
    a, b, groups, ids = pools(9, 60)
    items = examples(a, b, groups, ids)
    accumulators = []
    for lo in range(0, 60, 17):
        acc = fn.create_accumulator()
        for e in items[lo : lo + 17]:
            acc = fn.add_input(acc, e)
        accumulators.append(acc)
    merged = fn.merge_accumulators([fn.merge_accumulators(accumulators[:2]), fn.merge_accumulators(accumulators[2:])])
    got = fn.extract_output(merged)
    want = DipdiAccumulator(top_k=3).update(a, b, groups=groups, example_ids=ids)
    np.testing.assert_allclose(got.statistics().sums, want.statistics().sums, rtol=RTOL)
    assert got.n == 60 and got.result().top_examples.example_ids.tolist() == want.result().top_examples.example_ids.tolist()
    empty = fn.extract_output(fn.merge_accumulators([]))
    assert empty.n == 0


def test_text_and_uris_ride_with_their_examples_through_bundles():
    fn = DiscrepancyCombineFn(top_k=5, batch_size=7)
    a, b, groups, ids = pools(4, 50)
    texts = ["caption of %s" % i if k % 4 else None for k, i in enumerate(ids)]  # some examples have none
    items = [dict(e, **({} if t is None else {"text": t}), uri="https://x.org/%s" % e["example_id"])
             for e, t in zip(examples(a, b, groups, ids), texts)]
    accumulators = []
    for lo in range(0, 50, 13):
        acc = fn.create_accumulator()
        for e in items[lo : lo + 13]:
            acc = fn.add_input(acc, e)
        accumulators.append(acc)
    got = fn.extract_output(fn.merge_accumulators(accumulators)).result().top_examples
    want = DipdiAccumulator(top_k=5).update(a, b, groups=groups, example_ids=ids, example_text=texts,
                                            example_uris=["https://x.org/%s" % i for i in ids]).result().top_examples
    assert got.example_ids.tolist() == want.example_ids.tolist()
    assert got.texts == want.texts and got.uris == want.uris
    assert got.texts == [t or "" for t in (texts[ids.index(i)] for i in want.example_ids.tolist())]


@pytest.mark.parametrize(
    "make, match",
    [
        (lambda: AccumulateDiscrepancy(discrepancy="kl"), "discrepancy"),
        (lambda: AccumulateDiscrepancy(pairing="some"), "pairing"),
        (lambda: AccumulateDiscrepancy(top_k=-1), "top_k"),
        (lambda: AccumulateDiscrepancy(batch_size=0), "batch_size"),
        (lambda: WriteDiscrepancy("logs", "age", pool_names=("a", "a")), "pool_names"),
        (lambda: WriteDiscrepancy("logs", "age", pool_names="ab"), "pool_names"),
        (lambda: WriteDiscrepancy("", "age"), "logdir"),
        (lambda: WriteDiscrepancy("logs", " "), "name"),
        (lambda: WriteDiscrepancy("logs", "age", step=1.5), "step"),
    ],
)
def test_bad_arguments_fail_when_the_pipeline_is_built(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_bad_examples_are_named():
    with pytest.raises(ValueError, match="'pool_a' and 'pool_b'"):
        parse_pools({"pool_a": [1.0]})
    with pytest.raises(ValueError, match="'pool_a' and 'pool_b'"):
        parse_pools([[1.0], [2.0]])
    with pytest.raises(ValueError, match="its pool_b must be numbers"):
        parse_pools({"pool_a": [1.0], "pool_b": ["x"]})
    with pytest.raises(ValueError, match="example_id"):
        DiscrepancyCombineFn(top_k=2).parse({"pool_a": [1.0, 2.0], "pool_b": [1.0, 2.0]})
    fn = DiscrepancyCombineFn(batch_size=2)
    acc = fn.add_input(fn.create_accumulator(), {"pool_a": [1.0, 2.0], "pool_b": [3.0, 4.0], "group": "f"})
    with pytest.raises(ValueError, match="'group' for every example or for none"):
        fn.add_input(acc, {"pool_a": [1.0, 2.0], "pool_b": [3.0, 4.0]})
    acc = fn.add_input(fn.create_accumulator(), {"pool_a": [1.0, 2.0], "pool_b": [3.0, 4.0]})
    with pytest.raises(ValueError, match="different shapes"):
        fn.add_input(acc, {"pool_a": [1.0, 2.0, 3.0], "pool_b": [3.0, 4.0]})


def test_the_facade_lists_the_transforms():
    assert tb_beam.AccumulateDiscrepancy is AccumulateDiscrepancy
    assert tb_beam.WriteDiscrepancy is WriteDiscrepancy
    assert {"AccumulateDiscrepancy", "WriteDiscrepancy", "DiscrepancyCombineFn"} <= set(dir(tb_beam))


def _error(examples, **arguments):
    with pytest.raises(ValueError) as caught:
        with beam.Pipeline(options=options()) as pipeline:
            _ = pipeline | beam.Create(examples) | AccumulateDiscrepancy(**arguments)
    return str(caught.value)


def test_a_bad_value_is_said_of_its_example_not_of_a_place_in_a_batch():
    # was "pool_a has a non-finite prediction (model 0, example 193)": a place in a batch the transform made
    examples = [{"pool_a": [0.1, 0.2], "pool_b": [0.3, 0.4], "example_id": "e%d" % k} for k in range(700)]
    examples[377]["pool_a"] = [0.1, float("nan")]
    assert _error(examples, batch_size=256).startswith(
        "an example with example_id 'e377': its pool_a has a non-finite prediction (model 1): nan")
    examples = [{"pool_a": [[0.5, 0.5], [0.2, 0.8]], "pool_b": [[0.5, 0.5], [0.1, 0.9]]} for _ in range(3)]
    examples[2]["pool_b"] = [[0.5, 0.7], [0.1, 0.9]]
    assert re.match(r"example [123] of 3 in one of the transform's batches, not a place in the PCollection: its "
                    r"pool_b has a probability row that sums to 1\.2, not 1 \+- 0\.0001 \(model 0\); for logits pass "
                    r"from_logits=True", _error(examples, discrepancy="jsd"))


def test_a_bad_key_or_shape_is_said_of_its_example():
    fn = DiscrepancyCombineFn(batch_size=2)
    with pytest.raises(ValueError, match=r"^an example with example_id 'x': its 'group' must be a string or an "
                                         r"integer, got 1\.5$"):
        fn.parse({"pool_a": [1.0], "pool_b": [2.0], "group": 1.5, "example_id": "x"})
    with pytest.raises(ValueError, match=r"^an example with example_id 'x': its pool_b must be numbers of shape "
                                         r"\[models\] or \[models, outputs\], got <U1 of shape \(1,\)$"):
        fn.parse({"pool_a": [1.0], "pool_b": ["z"], "example_id": "x"})
    acc = fn.add_input(fn.create_accumulator(), {"pool_a": [1.0, 2.0], "pool_b": [3.0, 4.0], "example_id": "a"})
    with pytest.raises(ValueError, match=r"^an example with example_id 'b': its pool_a has shape \(3,\), another "
                                         r"example of its batch \(2,\): the examples' pool_a have different shapes"):
        fn.add_input(acc, {"pool_a": [1.0, 2.0, 3.0], "pool_b": [3.0, 4.0], "example_id": "b"})
