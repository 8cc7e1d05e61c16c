"""Prediction sensitivity on Apache Beam (DirectRunner) equals one in-process SensitivityAccumulator.

Every P value is kept, so counts, coverage, median, p90, max, the
histogram, the percentiles and the top-K examples are exact. Means are
float64 sums over the values, which a pipeline concatenates in bundle
order rather than input order: equal to rounding (relative 1e-12). The
uniform sample is random (each bundle draws its own seed), so only its
size and membership are checked.
"""

import json
import math

import apache_beam as beam  # the beam extra is part of the test extra: no skip
import numpy as np
import pytest
from apache_beam.options.pipeline_options import PipelineOptions
from apache_beam.testing.util import assert_that

import plugin_fixtures as fx
import tb_bias_plugin.beam as tb_beam
from plugin_fixtures import Client
from tb_bias_plugin import SensitivityAccumulator, summary
from tb_bias_plugin.measures.sensitivity import builder, codec
from tb_bias_plugin.measures.sensitivity.aggregates import aggregate
from tb_bias_plugin.measures.sensitivity.beam import (
    AccumulateSensitivity,
    SensitivityCombineFn,
    WriteSensitivity,
    parse_sensitivity,
)

pytestmark = pytest.mark.beam

RTOL = 1e-12


def shard(seed, n):
    """n examples' P (some undefined), ids, groups and predicted classes."""
    rng = np.random.default_rng(seed)
    p = rng.gamma(2.0, 0.1, n)
    p[rng.random(n) < 0.1] = np.nan
    return [
        {"P": float(p[i]), "example_id": "s%d-%d" % (seed, i), "group": str(rng.choice(["f", "m"])), "pred_class": int(i % 3)}
        for i in range(n)
    ]


def options():
    return PipelineOptions(["--runner=DirectRunner", "--direct_num_workers=1"])


def same_stats(got, want):
    """Two stored statistics dicts agree: exactly, means to rounding."""
    assert set(got) == set(want)
    for key in want:
        if key == "mean":
            assert got[key] == pytest.approx(want[key], rel=RTOL)
        elif isinstance(want[key], float) and math.isnan(want[key]):
            assert math.isnan(got[key])
        else:
            assert got[key] == want[key], key


def test_sharded_values_aggregate_like_one_accumulator(tmp_path):
    shards = [shard(seed, 200 + 30 * seed) for seed in range(4)]
    for i, examples in enumerate(shards):
        (tmp_path / ("shard-%d.jsonl" % i)).write_text("".join(json.dumps(e) + "\n" for e in examples))
    logdir = tmp_path / "logs"
    with beam.Pipeline(options=options()) as pipeline:
        _ = (
            pipeline
            | beam.io.ReadFromText(str(tmp_path / "shard-*.jsonl"))
            | beam.Map(json.loads)
            | beam.Reshuffle()
            | AccumulateSensitivity(top_k=5, reservoir_size=20, batch_size=64)
            | WriteSensitivity(str(logdir / "beam"), "sens", step=2, v_name="gender", class_names=["a", "b", "c"])
        )
    everything = [e for examples in shards for e in examples]
    local = SensitivityAccumulator(top_k=5, reservoir_size=20)
    local.update(
        [e["P"] for e in everything],
        example_ids=[e["example_id"] for e in everything],
        groups=[e["group"] for e in everything],
        pred_class=[e["pred_class"] for e in everything],
    )
    with summary.Writer(str(logdir / "local")) as writer:
        writer.prediction_sensitivity("sens", local, v_name="gender", class_names=["a", "b", "c"], step=2)

    logged = fx.read_logdir(logdir)
    assert set(logged) == {("beam", "sens", 2), ("local", "sens", 2)}
    got, want = logged["beam", "sens", 2][2], logged["local", "sens", 2][2]
    assert got["num_examples"] == want["num_examples"] == len(everything)
    assert got["class_names"] == ["a", "b", "c"]
    (g,), (w,) = got["choices"], want["choices"]
    assert g["name"] == "gender"
    same_stats(g["overall"], w["overall"])
    for part in ("by_group", "by_class"):
        assert len(g[part]) == len(w[part]) > 1
        for got_stats, want_stats in zip(g[part], w[part]):
            same_stats(got_stats, want_stats)
    assert g["reasons"] == w["reasons"] and g["reasons"]["undefined"] > 0
    for key in ("histogram_edges", "histogram_counts", "quantiles"):
        np.testing.assert_array_equal(g[key], w[key])
    top = [got["examples"][i]["id"] for i in g["top_examples"]]
    assert top == [want["examples"][i]["id"] for i in w["top_examples"]]
    sampled = [e["id"] for e in got["examples"] if e["in_sample"]]
    assert len(sampled) == len(set(sampled)) == 20 and set(sampled) <= {e["example_id"] for e in everything}

    # and the plugin serves both alike
    client = Client(fx.make_app(logdir)[0])
    served = [fx.get_json(client, "sensitivity", run=run, tag="sens", step=2) for run in ("beam", "local")]
    assert [c["name"] for c in served[0]["choices"]] == ["gender"]
    assert served[0]["num_examples"] == served[1]["num_examples"] == len(everything)


def test_bare_numbers_when_no_example_is_kept():
    values = [float(v) for v in np.random.default_rng(2).random(500)]
    want = aggregate(values)
    with beam.Pipeline(options=options()) as pipeline:
        accumulators = (
            pipeline
            | beam.Create(values, reshuffle=True)
            | AccumulateSensitivity(top_k=0, reservoir_size=0, batch_size=40)
        )

        def check(got):
            (acc,) = got
            result = acc.result()
            assert acc.n == 500 and result["top_k"] == [] and result["reservoir"] == []
            assert (result["median"], result["p90"], result["max"]) == (want["median"], want["p90"], want["max"])
            assert result["mean"] == pytest.approx(want["mean"], rel=RTOL)

        assert_that(accumulators, check)


def test_combine_fn_merges_in_any_grouping():
    fn = SensitivityCombineFn(top_k=4, reservoir_size=6, batch_size=5)
    examples = shard(9, 60)
    accumulators = []
    for lo in range(0, 60, 17):
        acc = fn.create_accumulator()
        for e in examples[lo : lo + 17]:
            acc = fn.add_input(acc, e)
        accumulators.append(acc)
    merged = fn.merge_accumulators([fn.merge_accumulators(accumulators[:2]), fn.merge_accumulators(accumulators[2:])])
    result = fn.extract_output(merged).result()
    p = np.array([e["P"] for e in examples])
    want = aggregate(p, groups=[e["group"] for e in examples])
    assert result["n"] == 60 and result["n_defined"] == want["n_defined"] and result["median"] == want["median"]
    order = np.argsort(-np.nan_to_num(p, nan=-1.0), kind="stable")[:4]
    assert [r.example_id for r in result["top_k"]] == [examples[i]["example_id"] for i in order]
    assert len(result["reservoir"]) == 6
    assert fn.extract_output(fn.merge_accumulators([])).n == 0


def test_text_and_uris_ride_with_the_kept_examples_into_the_record():
    fn = SensitivityCombineFn(top_k=3, reservoir_size=4, batch_size=6)
    examples = [dict(e, text="about %s" % e["example_id"]) if i % 2 else e for i, e in enumerate(shard(5, 40))]
    accumulators = []
    for lo in range(0, 40, 11):
        acc = fn.create_accumulator()
        for e in examples[lo : lo + 11]:
            acc = fn.add_input(acc, e)
        accumulators.append(acc)
    contents = codec.decode(builder.prediction_sensitivity(fn.extract_output(fn.merge_accumulators(accumulators))))
    texts = {e["example_id"]: e.get("text", "") for e in examples}
    assert contents["examples"] and all(e["text"] == texts[e["id"]] and e["uri"] == "" for e in contents["examples"])
    assert any(e["text"] for e in contents["examples"])


@pytest.mark.parametrize(
    "make, match",
    [
        (lambda: AccumulateSensitivity(top_k=-1), "top_k"),
        (lambda: AccumulateSensitivity(reservoir_size=2.5), "reservoir_size"),
        (lambda: AccumulateSensitivity(batch_size=0), "batch_size"),
        (lambda: WriteSensitivity("logs", "sens", v_name=" "), "v_name"),
        (lambda: WriteSensitivity("logs", "sens", w=[0.5, 0.6]), "w"),
        (lambda: WriteSensitivity("logs", "sens", class_names="abc"), "class_names"),
        # said when the pipeline is built, not by the write at its end
        (lambda: WriteSensitivity("logs", "sens", class_names=["a", "a"]), "class_names has duplicate names: 'a'"),
        (lambda: WriteSensitivity("logs", "sens", feature_names=["f", ""]), "feature_names"),
        (lambda: WriteSensitivity(None, "sens"), "logdir"),
        (lambda: WriteSensitivity("logs", ""), "name"),
        (lambda: WriteSensitivity("logs", "sens", description=3), "description"),
    ],
)
def test_bad_arguments_fail_when_the_pipeline_is_built(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_bad_examples_are_named():
    with pytest.raises(ValueError, match="a dict with 'P'"):
        parse_sensitivity({"p": 0.1})
    with pytest.raises(ValueError, match="a dict with 'P'"):
        parse_sensitivity({"P": 0.1, "tokens": []})
    with pytest.raises(ValueError, match="must be a number"):
        parse_sensitivity("0.1")
    with pytest.raises(ValueError, match="must be a number"):
        parse_sensitivity({"P": True})
    with pytest.raises(ValueError, match="example_id"):
        SensitivityCombineFn().parse(0.3)
    # the defaults keep examples, so a bare number, documented as an example, is refused: say how to pass one
    with pytest.raises(ValueError, match="with top_k=0 and reservoir_size=0 none is kept, and P alone"):
        SensitivityCombineFn().parse(0.3)
    assert SensitivityCombineFn(top_k=0, reservoir_size=0).parse(0.3)[0] == 0.3
    fn = SensitivityCombineFn(batch_size=2)
    acc = fn.add_input(fn.create_accumulator(), {"P": 0.1, "example_id": "a", "group": "f"})
    with pytest.raises(ValueError, match="'group' for every example or for none"):
        fn.add_input(acc, {"P": 0.2, "example_id": "b"})


def test_the_facade_lists_the_transforms():
    assert tb_beam.AccumulateSensitivity is AccumulateSensitivity
    assert tb_beam.WriteSensitivity is WriteSensitivity
    assert {"AccumulateSensitivity", "WriteSensitivity", "SensitivityCombineFn"} <= set(dir(tb_beam))


def test_the_accumulator_pickles_without_warnings():
    """Beam pickles accumulators between steps; itertools.count does not
    pickle from Python 3.14 on (and warns before), so none is kept."""
    import pickle
    import warnings

    from tb_bias_plugin.measures.sensitivity.aggregates import SensitivityAccumulator

    acc = SensitivityAccumulator(top_k=2, reservoir_size=3)
    acc.update([0.1, 0.5, 0.3], example_ids=["a", "b", "c"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        copy = pickle.loads(pickle.dumps(acc))
    copy.update([0.9], example_ids=["d"])
    acc.update([0.9], example_ids=["d"])
    want, got = acc.result(), copy.result()
    assert [t.example_id for t in got["top_k"]] == [t.example_id for t in want["top_k"]] == ["d", "b"]
    assert got["n"] == want["n"] == 4


def test_the_transform_names_its_parameters_and_keeps_every_entry_points_defaults():
    # it took **kwargs (no names for IDEs or inspect), and kept a sample of 100 where the rest keep 200
    import inspect

    from tb_bias_plugin.beam import AccumulateSensitivity
    from tb_bias_plugin.measures.sensitivity import SensitivityAccumulator
    from tb_bias_plugin.measures.sensitivity.pytorch import log_prediction_sensitivity

    parameters = inspect.signature(AccumulateSensitivity).parameters
    assert list(parameters) == ["top_k", "reservoir_size", "batch_size"]
    accumulator = SensitivityAccumulator()
    sizes = inspect.signature(log_prediction_sensitivity).parameters
    assert (parameters["top_k"].default, parameters["reservoir_size"].default) == (
        accumulator.top_k, accumulator.reservoir_size) == (sizes["top_k"].default, sizes["sample_size"].default)


@pytest.mark.parametrize("p, problem", [(-1.0, "P = -1 is negative: P = wᵀ|J|v is non-negative"),
                                        (float("inf"), "P = inf is infinite: P is finite where defined (NaN marks "
                                                       "undefined)")])
def test_a_bad_p_is_said_of_its_example(p, problem):
    # was "P has negative entries (first -1): ...", naming no example, at the end of a batch
    examples = [{"P": 0.1, "example_id": "s%d" % k} for k in range(50)]
    examples[43]["P"] = p
    with pytest.raises(ValueError) as caught:
        with beam.Pipeline(options=options()) as pipeline:
            _ = pipeline | beam.Create(examples) | AccumulateSensitivity(batch_size=16)
    assert str(caught.value).startswith("an example with example_id 's43': " + problem)
    with pytest.raises(ValueError, match=r'^an example without an "example_id": P = -1 is negative'):
        SensitivityCombineFn(top_k=0, reservoir_size=0).parse(-1.0)


def test_a_bad_key_is_said_of_its_example():
    with pytest.raises(ValueError, match=r"^an example with example_id 'x': its 'group' must be a string or an "
                                         r"integer, got 1\.5$"):
        parse_sensitivity({"P": 0.1, "group": 1.5, "example_id": "x"})
    with pytest.raises(ValueError, match=r"^an example with example_id 'x': its 'P' must be a number \(NaN where "
                                         r"undefined\), got '0\.3'$"):
        parse_sensitivity({"P": "0.3", "example_id": "x"})
