"""Representation records: the summary API (TF and TF-free paths write the
same), the codec, validation, the routes against the logged values, and the
committed demo run."""

import dataclasses
import json
import math
import os

import numpy as np
import pytest

import plugin_fixtures as fx
from tb_bias_plugin import summary
from tb_bias_plugin.demo import representation as demo
from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.measures.representation import codec
from tb_bias_plugin.measures.representation.attributes import product_codes
from tb_bias_plugin.measures.representation.entropy import RepresentationBiasResult

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def result(bias=0.4, steps=1200, controls=(0.01, -0.01, 0.005), flags=("not_converged",), seed=0):
    rng = np.random.default_rng(seed)
    h = math.log(2)
    c = np.array(controls, dtype=float)
    return RepresentationBiasResult(
        bias=bias, mutual_information=bias * h, mutual_information_sampled=bias * h - 0.02, entropy=h,
        control_bias=float(c.mean()) if c.size else float("nan"),
        control_mutual_information=float(c.mean() * h) if c.size else float("nan"),
        control_biases=c, control_mutual_informations=c * h, train_curve=rng.normal(size=steps),
        heldout_steps=np.arange(100, steps + 1, 100), heldout_curve=rng.normal(size=steps // 100),
        validation_curve=rng.normal(size=steps // 100), class_counts=[3000, 3000], n=6000,
        n_train=4200, n_heldout=1800, settings={"steps": steps, "seed": 0, "width": 256, "pca_dims": None},
        flags=flags, best_step=700)


def test_codec_round_trip_bounds_the_training_curve():
    r = result(steps=1200)
    back = codec.decode(codec.encode([("fc", r)], "sex", ["f", "m"]))
    (e,) = back.layers
    assert back.attribute == "sex" and back.class_names == ("f", "m") and e.layer == "fc"
    got = e.result
    for name in ("bias", "mutual_information", "mutual_information_sampled", "entropy", "control_bias",
                 "n", "n_train", "n_heldout", "flags", "best_step"):
        assert getattr(got, name) == getattr(r, name), name
    np.testing.assert_array_equal(got.control_biases, r.control_biases)
    np.testing.assert_array_equal(got.heldout_steps, r.heldout_steps)
    np.testing.assert_array_equal(got.heldout_curve, r.heldout_curve)
    np.testing.assert_array_equal(got.validation_curve, r.validation_curve)
    assert dict(got.settings) == dict(r.settings)
    # 1,200 iterations become block means of 3 (400 points), oracle: numpy reshape
    assert got.train_curve.size == 400 <= codec.MAX_CURVE
    np.testing.assert_allclose(got.train_curve, r.train_curve.reshape(400, 3).mean(1), rtol=1e-6, atol=1e-6)
    assert e.train_steps[0] == 3 and e.train_steps[-1] == 1200


def test_nan_values_are_stored_raw_and_never_clipped():
    r = RepresentationBiasResult.undefined([10, 0], 10, reason="single_class", settings={})
    back = codec.decode(codec.encode([("a", r), ("b", result(bias=1.07))])).layers
    assert math.isnan(back[0].result.bias) and back[0].result.reason == "single_class"
    assert back[1].result.bias == 1.07


@pytest.mark.parametrize("args, kwargs, match", [
    ((result(),), {}, "layer= is required"),
    (({"a": result()},), {"layer": "a"}, "single result"),
    (({},), {}, "no layers"),
    (({"a": {"bias": 0.3}},), {}, "RepresentationBiasResult"),
    ((result(),), {"layer": ""}, "non-empty"),
    ((result(),), {"layer": "x", "class_names": ["only one"]}, r"layer 'x' has 2 classes \(codes 0..1\) but 1 class_names"),
    ((result(),), {"layer": "x", "class_names": "fm"}, "not a single string"),
    ((result(),), {"layer": "x", "class_names": ["f", "f"]}, "class_names has duplicate names: 'f'"),
    ((result(),), {"layer": "x", "attribute": 3}, "attribute"),
    # settings no reader could answer with (a reader refuses the record: see test_hostile_records.py)
    ((dataclasses.replace(result(), settings={"steps": 10**30}),), {"layer": "x"}, r"settings\['steps'\] holds an integer past 64 bits"),
    ((dataclasses.replace(result(), settings={"note": "\ud800"}),), {"layer": "x"}, r"settings\['note'\] holds text that is not UTF-8"),
    ((dataclasses.replace(result(), settings={"note": "x" * 70_000}),), {"layer": "x"},
     r"settings is 70012 characters long, more than 65536"),
    ((dataclasses.replace(result(), control_biases=np.zeros(1001)),), {"layer": "x"}, "layer 'x' has 1001 controls, more than 1000"),
    # a hand-made result is held to the record's rules: what is written can be read
    ((dataclasses.replace(result(), class_counts=[-5, 6005]),), {"layer": "x"},
     r"layer 'x': class_counts\[0\] is -5; a count is never negative"),
    ((dataclasses.replace(result(), n_heldout=-1),), {"layer": "x"}, "layer 'x': n_heldout is -1"),
    ((dataclasses.replace(result(), n_train=4200.0),), {"layer": "x"}, "invalid sample size"),
    # estimates no estimator gives (each was written; the reader refuses them too)
    ((dataclasses.replace(result(), bias=float("inf")),), {"layer": "x"}, "layer 'x': bias is inf: an estimate is a finite"),
    ((dataclasses.replace(result(), entropy=-3.0),), {"layer": "x"}, "entropy is -3.0: .* an entropy is not below 0"),
])
def test_bad_arguments_raise_before_anything_is_written(tmp_path, args, kwargs, match):
    with summary.Writer(tmp_path) as writer:
        with pytest.raises(ValueError, match=match):
            writer.representation_bias("sex", *args, step=1, **kwargs)
    assert fx.read_logdir(tmp_path) == {}


def test_tf_path_and_writer_write_the_same_record(tmp_path):
    tf = pytest.importorskip("tensorflow")
    layers = {"conv": result(0.1, seed=1), "fc": result(0.6, seed=2)}
    with tf.summary.create_file_writer(str(tmp_path / "tf")).as_default():
        assert bool(summary.representation_bias("sex", layers, step=4, description="d", class_names=["f", "m"]))
    with summary.Writer(tmp_path / "np") as writer:
        assert writer.representation_bias("sex", layers, step=4, description="d", class_names=["f", "m"])
    tf_read = fx.read_logdir(tmp_path)
    one, two = tf_read[("tf", "sex", 4)], tf_read[("np", "sex", 4)]
    assert one[0] == two[0] and one[0]["measure"] == "representation" and one[0]["layers"] == ["conv", "fc"]
    assert one[1] == two[1] == "d"
    assert json.dumps(_values(one[2])) == json.dumps(_values(two[2]))  # NaN-aware equality


def _values(record):
    return [(e.layer, {k: (v.tolist() if isinstance(v, np.ndarray) else v)
                       for k, v in e.result.to_dict().items()}, e.train_steps.tolist()) for e in record.layers]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    logdir = tmp_path_factory.mktemp("repr")
    logged = {}
    with summary.Writer(logdir / "run") as writer:
        for step in (0, 5, 10):
            layers = {"conv": result(0.1 * step / 10, seed=step), "fc": result(0.5 + step / 20, seed=step + 1)}
            if step == 5:
                layers["late"] = result(float("nan"), controls=(), flags=(), seed=3)
            writer.representation_bias("sex", layers, step=step, class_names=["f", "m"], description="epoch %d" % step)
            logged[step] = layers
    app, _ = fx.make_app(logdir)
    from plugin_fixtures import Client

    return Client(app), logged


def test_representation_route_returns_the_logged_values(served):
    client, logged = served
    body = fx.get_json(client, "representation", run="run", tag="sex", step=5)
    assert [l["layer"] for l in body["layers"]] == ["conv", "fc", "late"]
    assert body["attribute"] == "sex" and body["class_names"] == ["f", "m"]
    assert body["n"] == 6000 and body["class_counts"] == [3000, 3000] and body["same_sample"]
    for got in body["layers"]:
        want = logged[5][got["layer"]]
        for key in ("bias", "mutual_information", "control_bias", "entropy"):
            value = getattr(want, key)
            assert got[key] == (None if math.isnan(value) else pytest.approx(value))
        assert got["flags"] == list(want.flags) and got["best_step"] == 700
    fc = body["layers"][1]
    c = logged[5]["fc"].control_biases
    # 2 sd pooled from the runs and the single-permutation guess (sd 0.01, worth 2 degrees of freedom)
    half = 2 * math.sqrt((2 * 0.01**2 + ((c - c.mean()) ** 2).sum()) / (2 + c.size - 1))
    assert fc["control_low"] == pytest.approx(c.mean() - half, rel=1e-12)
    assert fc["control_high"] == pytest.approx(c.mean() + half, rel=1e-12)
    assert body["layers"][2]["control_low"] is None
    latest = fx.get_json(client, "representation", run="run", tag="sex")
    assert latest["step"] == 10
    # each step's own description (TensorBoard's tag metadata keeps only the first)
    assert body["description"] == "epoch 5" and latest["description"] == "epoch 10"


def test_series_route_lines_up_layers_and_steps(served):
    client, logged = served
    body = fx.get_json(client, "representation/series", run="run", tag="sex")
    assert body["steps"] == [0, 5, 10] and body["layers"] == ["conv", "fc", "late"]
    by = {s["layer"]: s for s in body["series"]}
    assert by["fc"]["bias"] == pytest.approx([logged[s]["fc"].bias for s in (0, 5, 10)])
    assert by["late"]["bias"] == [None, None, None]  # NaN at 5, absent at 0 and 10
    assert by["late"]["flags"] == [[], [], []]


def test_curve_route_and_bad_requests(served):
    client, logged = served
    body = fx.get_json(client, "representation/curve", run="run", tag="sex", step=10, layer="fc")
    want = logged[10]["fc"]
    assert body["heldout_curve"] == pytest.approx(want.heldout_curve.tolist())
    assert body["heldout_steps"] == want.heldout_steps.tolist()
    assert body["entropy"] == pytest.approx(math.log(2)) and body["steps"] == 1200
    assert len(body["train_curve"]) == len(body["train_steps"]) == 400
    err = fx.get_json(client, "representation/curve", status=400, run="run", tag="sex", step=10, layer="nope")
    assert "no layer 'nope'" in err["error"]
    fx.get_json(client, "representation/curve", status=400, run="run", tag="sex", step="x", layer="fc")
    fx.get_json(client, "representation", status=400, run="run")
    fx.get_json(client, "representation", status=404, run="run", tag="sex", step=3)


def test_product_codes_match_an_independent_enumeration():
    rng = np.random.default_rng(0)
    a, b = rng.integers(0, 2, 50), rng.integers(0, 3, 50)
    codes, names = product_codes([a, b], [["f", "m"], ["x", "y", "z"]])
    pairs = [(i, j) for i in range(2) for j in range(3)]
    assert codes.tolist() == [pairs.index((i, j)) for i, j in zip(a, b)]
    assert names == ["%s/%s" % (["f", "m"][i], "xyz"[j]) for i, j in pairs]


@pytest.mark.demo_logs
def test_demo_needs_no_tensorflow_and_the_committed_run_equals_a_fresh_one(tmp_path):
    import subprocess
    import sys

    code = ("import sys; from tb_bias_plugin.demo import representation as d; "
            "d.write_demo_logs(sys.argv[1]); print('tensorflow' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    fresh = fx.read_logdir(tmp_path)
    committed = {k: v for k, v in fx.read_logdir(os.path.join(REPO, "demo_logs")).items() if k[0] == demo.RUN}
    assert sorted(fresh) == sorted(committed) and len(fresh) == 3 * len(demo.EPOCHS)
    for key in fresh:
        assert fresh[key][0] == committed[key][0] and fresh[key][1] == committed[key][1]
        # values to a tolerance: float sums differ in their last bits between CPUs
        fx.assert_values_close(committed[key][2], fresh[key][2], path="%s/%s/%s" % key)


def test_demo_values_follow_the_exact_bias_with_controls_near_zero():
    records = demo.simulate(0)
    for attribute, epoch, layers in records:
        for layer, r in layers.items():
            exact = r.settings["exact_bias"]
            mi, h = demo.exact_information(layer, epoch)[attribute]
            assert exact == pytest.approx(mi / h)
            assert 0 <= exact <= 1
            if not (layer == "embedding" and epoch == demo.DEBIAS_EPOCH - 1 and attribute == "sex"):
                assert abs(r.bias - exact) < 0.05
            assert abs(r.control_bias) < 0.02
    sex = {(e, layer): r.bias for a, e, ls in records if a == "sex" for layer, r in ls.items()}
    # late layers rise, then fall after the debiasing epoch; conv1 stays low
    assert sex[4, "fc1"] > sex[0, "fc1"] + 0.5 and sex[9, "fc1"] < sex[4, "fc1"] - 0.5
    assert max(sex[e, "conv1"] for e in demo.EPOCHS) < 0.15


def test_mixture_information_matches_the_spec_oracles():
    assert demo.mixture_information([-1, 1], [0.5, 0.5], 0.5) == pytest.approx(0.111421, abs=1e-5)
    assert demo.mixture_information([-1, 1], [0.5, 0.5], 2.0) == pytest.approx(0.632720, abs=1e-5)
    assert demo.mixture_information([-1, 1], [0.2, 0.8], 1.0) == pytest.approx(0.232603, abs=1e-5)


def test_registry_lists_the_measure():
    m = REGISTRY["representation"]
    assert m.payload_number == 19 and m.order == 40 and m.title == "Representation bias"


def test_an_intersection_past_the_class_limit_is_named_where_it_is_made():
    # 11 x 11 x 11 codes: the estimator refuses code 1,330, so product_codes says why, naming the sizes
    with pytest.raises(ValueError, match=r"the intersection has 1331 classes \(11 x 11 x 11\), more than the 1024"):
        product_codes([[10, 0]] * 3)
    codes, names = product_codes([[9, 0]] * 3)
    assert codes.tolist() == [999, 0] and len(names) == 1000


def test_a_result_given_where_the_name_goes_is_named_by_its_type(tmp_path):
    # the message held the result's whole repr, hundreds of characters
    with summary.Writer(tmp_path) as writer:
        with pytest.raises(ValueError, match=r"^name must be a non-empty string, got a value of type RepresentationBiasResult$"):
            writer.representation_bias(result(), "sex", step=0)
    assert fx.read_logdir(tmp_path) == {}
