"""Logging prediction sensitivity: the collector, the stored record, the summary
API with and without TensorFlow, the routes and the Keras callback."""

import dataclasses
import warnings

import numpy as np
import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import summary
from tb_bias_plugin.core.stats import spearman
from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.measures.sensitivity import (
    SensitivityAccumulator,
    SensitivityCollector,
    TextLayout,
    VChoice,
    accumulated_sensitivity,
    aggregate,
    builder,
    codec,
    messages,
    routes,
)
from tb_bias_plugin.storage import arrays


def tabular_results(n=60, seed=0):
    rng = np.random.default_rng(seed)
    jac = np.abs(rng.normal(size=(n, 2, 3)))
    jac[:, 1] = jac[:, 0]  # two softmax classes: equal rows
    return {
        "uniform": accumulated_sensitivity(jac),
        "gender": accumulated_sensitivity(jac, v="mask", protected=2),
    }


def text_results(n=40, seed=1):
    rng = np.random.default_rng(seed)
    t, d = 6, 2
    vocab = np.array(["he", "she", "the", "film", "was", "good"], dtype=object)
    tokens = vocab[rng.integers(0, 6, size=(n, t))]
    mask = np.ones((n, t), bool)
    mask[:, 5] = False
    tokens[:, 5] = "<pad>"
    lay = TextLayout(d, mask, tokens)
    jac = np.abs(rng.normal(size=(n, 3, t * d)))
    return {
        "uniform": accumulated_sensitivity(jac, layout=lay),
        "word_list": accumulated_sensitivity(jac, v=VChoice.word_list(["he", "she"]), layout=lay),
    }, tokens, mask


def decoded(payload):
    return codec.decode(messages.Sensitivity.FromString(payload.SerializeToString()))


def test_record_keeps_exact_aggregates_and_bounded_examples():
    res = tabular_results(n=500)
    groups = np.where(np.arange(500) % 3 == 0, "a", "b")
    probs = np.random.default_rng(2).dirichlet([1, 1], size=500)
    value = decoded(builder.prediction_sensitivity(res, groups=groups, probs=probs, top_k=5, sample_size=20,
                                                   feature_names=["x1", "x2", "x3"]))
    assert [c["name"] for c in value["choices"]] == ["uniform", "gender"]
    for c, (name, r) in zip(value["choices"], res.items()):
        want = aggregate(r.P, groups=groups, pred_class=probs.argmax(1))
        for stat in ("mean", "median", "p90", "max"):
            assert c["overall"][stat] == pytest.approx(want[stat])
        assert c["overall"]["n_defined"] == 500
        assert {s["key"]: s["mean"] for s in c["by_group"]} == pytest.approx(
            {k: v["mean"] for k, v in want["by_group"].items()})
        assert [s["key"] for s in c["by_class"]] == ["0", "1"]
        assert c["histogram_counts"].sum() == 500
        assert c["quantiles"][50] == pytest.approx(want["median"])
        np.testing.assert_allclose(c["feature_sensitivity"], r.s.mean(axis=0))
        np.testing.assert_allclose(c["feature_contribution"], (r.s * r.v).mean(axis=0))
        np.testing.assert_allclose(c["class_rows"], r.per_class.mean(axis=0))
        # the top-K are the largest P, most sensitive first
        top = [value["examples"][i] for i in c["top_examples"]]
        got = [e["p"][list(res).index(name)] for e in top]
        assert got == pytest.approx(sorted(r.P, reverse=True)[:5])
    # bounded: the top-K of each choice and one shared uniform sample, never more
    assert len(value["examples"]) <= 2 * 5 + 20
    assert sum(e["in_sample"] for e in value["examples"]) == 20
    e = value["examples"][0]
    assert e["p"].shape == (2,) and e["feature_sensitivity"].shape == (2, 3) and e["token_sensitivity"] is None
    i = int(e["id"])
    np.testing.assert_allclose(e["feature_sensitivity"][1], res["gender"].s[i])
    np.testing.assert_allclose(e["feature_weight"][1], [0, 0, 1])
    assert e["group"] == groups[i] and e["pred_class"] == probs[i].argmax()


def test_text_record_has_tokens_and_both_strips_without_padding():
    res, tokens, mask = text_results()
    value = decoded(builder.prediction_sensitivity(res, probs=np.full((40, 3), 1 / 3),
                                                   class_names=["a", "b", "c"], sample_size=40))
    assert value["input"] == "text"
    wl = value["choices"][1]
    undefined = int(np.isnan(res["word_list"].P).sum())
    assert undefined > 0 and wl["reasons"] == {"no_listed_tokens": undefined}
    assert wl["overall"]["n_defined"] == 40 - undefined
    for e in value["examples"]:
        i = int(e["id"])
        assert e["tokens"] == list(tokens[i, :5])
        np.testing.assert_allclose(e["token_sensitivity"][0], res["uniform"].token_sensitivity[i, :5])
        np.testing.assert_allclose(e["token_weight"][1], res["word_list"].token_weight[i, :5])
        assert e["reasons"][1] == ("no_listed_tokens" if np.isnan(res["word_list"].P[i]) else "")
    types = dict(zip(wl["token_types"], wl["token_type_sensitivity"]))
    u, real = res["uniform"].token_sensitivity, mask
    assert types["he"] == pytest.approx(u[(tokens == "he") & real].mean())
    assert "<pad>" not in types


def _tokens_result(tokens):
    lay = TextLayout(2, np.array([[True, True, False]] * 5), tokens=tokens)
    return accumulated_sensitivity(np.full((5, 2, 6), 0.1), layout=lay)


def test_bytes_tokens_are_read_as_utf8_like_ids_and_groups(tmp_path):
    # a TensorFlow string tensor's bytes were stored as their repr, "b'he'"
    with summary.Writer(tmp_path / "run") as writer:
        writer.prediction_sensitivity("s", _tokens_result(np.array([[b"he", "r\xc3\xa9".encode("latin-1"), b"<pad>"]] * 5)),
                                      step=0)
    ((_, _, value),) = fx.read_logdir(tmp_path).values()
    assert {tuple(e["tokens"]) for e in value["examples"]} == {("he", "ré")}
    assert sorted(value["choices"][0]["token_types"]) == ["he", "ré"]


@pytest.mark.parametrize("bad, match", [
    (None, r"tokens\[0, 1\] must be a string \(or UTF-8 bytes\), got None"),
    (5, r"tokens\[0, 1\] must be a string \(or UTF-8 bytes\), got 5"),
    ("r\x00n", r"tokens\[0, 1\] holds a NUL character"),
    ("a\ud800", r"tokens\[0, 1\] is not UTF-8 text \(a lone surrogate\)"),  # was a UnicodeEncodeError when encoded
    (b"\xff", r"tokens\[0, 1\] is not UTF-8 text"),
    ("x" * 100_000, r"tokens\[0, 1\] is longer than 1000 characters"),
])
def test_a_token_that_is_not_text_is_refused_where_tokens_are_given(tmp_path, bad, match):
    tokens = np.array([["he", bad, "<pad>"]] * 5, dtype=object)
    with pytest.raises(ValueError, match=match):
        TextLayout(2, np.ones((5, 3), bool), tokens=tokens)
    carried = _tokens_result(np.array([["he", "ran", "<pad>"]] * 5, dtype=object))
    with summary.Writer(tmp_path / "run") as writer:
        with pytest.raises(ValueError, match=match):
            writer.prediction_sensitivity("s", carried, tokens=tokens, step=0)
        with pytest.raises(ValueError, match=match):  # a result built by hand, with tokens no layout checked
            writer.prediction_sensitivity("s", dataclasses.replace(carried, tokens=tokens), step=0)
    assert fx.read_logdir(tmp_path) == {}


def test_tokens_must_be_rows_of_strings():
    for tokens in ("abc", [["a", "b"], ["c"]], ["a", "b"]):
        with pytest.raises(ValueError, match=r"tokens must be \[n, T\], a row of T token strings per example"):
            TextLayout(1, np.ones((2, 2), bool), tokens=tokens)


def test_batches_through_a_collector_equal_one_shot():
    res = tabular_results(n=90)
    groups = np.arange(90) % 2
    one = decoded(builder.prediction_sensitivity(res, groups=groups, top_k=4, sample_size=10, seed=3))
    collector = SensitivityCollector(top_k=4, sample_size=10, seed=3)
    for lo in range(0, 90, 25):
        part = {name: _slice(r, slice(lo, lo + 25)) for name, r in res.items()}
        collector.update(part, groups=groups[lo:lo + 25])
    many = decoded(builder.prediction_sensitivity(collector))
    for a, b in zip(one["choices"], many["choices"]):
        assert a["overall"] == b["overall"] and a["by_group"] == b["by_group"]
        np.testing.assert_allclose(a["feature_sensitivity"], b["feature_sensitivity"])
        np.testing.assert_array_equal(a["histogram_counts"], b["histogram_counts"])
    assert [e["id"] for e in one["examples"]] == [e["id"] for e in many["examples"]]


def _slice(r, rows):
    import dataclasses

    return dataclasses.replace(r, P=r.P[rows], reasons=r.reasons[rows], s=r.s[rows], v=r.v[rows],
                               per_class=r.per_class[rows])


def test_a_bare_accumulator_is_logged_under_its_name():
    acc = SensitivityAccumulator(top_k=2, reservoir_size=3)
    acc.update([0.1, 0.5, np.nan, 0.3], example_ids=["a", "b", "c", "d"])
    value = decoded(builder.prediction_sensitivity(acc, v_name="mine"))
    (c,) = value["choices"]
    assert c["name"] == "mine" and c["overall"]["n"] == 4 and c["overall"]["n_defined"] == 3
    assert c["overall"]["mean"] == pytest.approx(0.3)
    assert [value["examples"][i]["id"] for i in c["top_examples"]] == ["b", "d"]


def test_what_the_writer_makes_passes_the_record_checks_of_every_route():
    """The record's checks (counts, coverage, w, predicted classes) refuse nothing the writer makes: one
    sigmoid score (K = 1, predicted class 1 of one class name), w without class names, no predicted class
    (-1), undefined P with its reasons."""
    rng = np.random.default_rng(3)
    one_class = {"uniform": accumulated_sensitivity(np.abs(rng.normal(size=(40, 1, 3))))}
    score = np.linspace(0.0, 1.0, 40)
    acc = SensitivityAccumulator(top_k=2, reservoir_size=3)
    acc.update([0.1, 0.5, np.nan, 0.3], example_ids=["a", "b", "c", "d"])
    payloads = [
        builder.prediction_sensitivity(one_class, probs=score, class_names=["positive"], w=[1.0]),
        builder.prediction_sensitivity(tabular_results(n=40), w=[0.25, 0.75], sample_size=40),
        builder.prediction_sensitivity(acc, v_name="mine"),
        builder.prediction_sensitivity(text_results()[0]),
    ]
    for payload in payloads:
        codec.describe(payload)
        assert codec.decode_steps(payload)["choices"][0]["overall"]["n"] == payload.num_examples
        codec.decode(payload)
    assert 1 in [e["pred_class"] for e in codec.decode(payloads[0])["examples"]]
    # K in the runs listing, named or not (was the number of class names: 0 for w=[0.25, 0.75] without names)
    assert [codec.describe(p)["num_classes"] for p in payloads[:2]] == [1, 2]
    # neither names nor w (uniform, stored empty): the class rows' length, 0 where no choice has them
    uniform = builder.prediction_sensitivity(tabular_results(n=40), sample_size=40)
    assert not uniform.w and not uniform.class_names and codec.describe(uniform)["num_classes"] == 2  # was 0
    assert codec.describe(payloads[2])["num_classes"] == 0  # an accumulator of P alone knows no K
    assert codec.decode(payloads[1])["choices"][0]["class_rows"].shape == (2,)
    assert {e["pred_class"] for e in codec.decode(payloads[2])["examples"]} == {-1}
    # without class names, w tells K: a class row per weight
    payloads[1].choices[0].class_rows.Clear()
    arrays.pack(payloads[1].choices[0].class_rows, np.ones(3))
    with pytest.raises(ValueError, match=r"choices\[0\].class_rows has shape \(3,\), expected \(2,\)"):
        codec.describe(payloads[1])


def test_writer_and_tf_summary_write_the_same_record(tmp_path):
    tf = pytest.importorskip("tensorflow")
    res = tabular_results()
    with summary.Writer(tmp_path / "plain") as writer:
        assert writer.prediction_sensitivity("sens", res, feature_names=["x1", "x2", "x3"], step=3)
    with tf.summary.create_file_writer(str(tmp_path / "tf")).as_default():
        assert bool(summary.prediction_sensitivity("sens", res, feature_names=["x1", "x2", "x3"], step=3))
    client = Client(fx.make_app(tmp_path)[0])
    a = fx.get_json(client, "sensitivity", run="plain", tag="sens")
    b = fx.get_json(client, "sensitivity", run="tf", tag="sens")
    assert a == dict(b, run="plain")


def test_tf_and_tf_free_paths_write_equivalent_records(tmp_path):
    """A Keras model through prediction_sensitivity, and the same model's analytic |J| through the NumPy core."""
    keras = pytest.importorskip("keras")
    import tb_bias_plugin

    a = np.array([1.0, -2.0, 0.5])
    inp = keras.Input((3,))
    z = keras.layers.Dense(1, name="z")(inp)
    model = keras.Model(inp, keras.layers.Softmax()(keras.layers.Concatenate()([keras.ops.zeros_like(z), z])))
    model.get_layer("z").set_weights([a[:, None].astype(np.float32), np.array([-0.25], np.float32)])
    x = np.random.default_rng(5).normal(size=(50, 3)).astype(np.float32)
    tf_res = {"uniform": tb_bias_plugin.prediction_sensitivity(model, x),
              "x3": tb_bias_plugin.prediction_sensitivity(model, x, v="mask", protected=2)}
    sig = 1 / (1 + np.exp(-(x.astype(np.float64) @ a - 0.25)))
    row = (sig * (1 - sig))[:, None] * np.abs(a)
    jac = np.stack([row, row], axis=1)
    np_res = {"uniform": accumulated_sensitivity(jac), "x3": accumulated_sensitivity(jac, v="mask", protected=2)}
    one, two = (decoded(builder.prediction_sensitivity(r, feature_names=["x1", "x2", "x3"])) for r in (tf_res, np_res))
    for c1, c2 in zip(one["choices"], two["choices"]):
        for stat in ("mean", "median", "p90", "max"):
            assert c1["overall"][stat] == pytest.approx(c2["overall"][stat], rel=1e-5)
        np.testing.assert_allclose(c1["feature_sensitivity"], c2["feature_sensitivity"], rtol=1e-5)
    assert [e["id"] for e in one["examples"]] == [e["id"] for e in two["examples"]]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    logdir = tmp_path_factory.mktemp("sens")
    res = tabular_results(n=300)
    groups = np.where(np.arange(300) < 100, "f", "m")
    text, tokens, _ = text_results()
    with summary.Writer(logdir / "tab") as writer:
        for step in (0, 5):
            scaled = {k: _scaled(r, 1 + step) for k, r in res.items()}
            writer.prediction_sensitivity("sens", scaled, groups=groups, feature_names=["x1", "x2", "x3"],
                                          class_names=["no", "yes"], probs=np.tile([0.3, 0.7], (300, 1)),
                                          sample_size=50, step=step, description="model at step %d" % step)
    with summary.Writer(logdir / "text") as writer:
        writer.prediction_sensitivity("sens", text, step=1)
        writer.prediction_sensitivity("one", {"uniform": text["uniform"]}, step=1)
    return Client(fx.make_app(logdir)[0]), res, text


def _scaled(r, k):
    import dataclasses

    return dataclasses.replace(r, P=r.P * k, s=r.s * k, per_class=r.per_class * k)


def test_route_returns_the_logged_values(served):
    client, res, _ = served
    runs = fx.get_json(client, "runs")
    tags = {(r["run"], t["tag"]): t for r in runs["runs"] for t in r["tags"]}
    assert tags["tab", "sens"]["measure"] == "sensitivity" and tags["tab", "sens"]["choices"] == ["uniform", "gender"]
    measure = next(m for m in runs["measures"] if m["measure"] == "sensitivity")
    assert measure["config"] == {"limits": routes.LIMITS}  # the note is served with the record, below
    body = fx.get_json(client, "sensitivity", run="tab", tag="sens", step="5")
    assert body["step"] == 5 and body["input"] == "tabular" and body["num_examples"] == 300
    assert body["description"] == "model at step 5"  # the step's own, not the tag's first
    for c, (name, r) in zip(body["choices"], res.items()):
        want = aggregate(r.P * 6)
        assert c["name"] == name
        for stat in ("mean", "median", "p90", "max"):
            assert c[stat] == pytest.approx(want[stat])
        assert c["coverage"] == 1.0
        assert sum(c["histogram"]["counts"]) == 300 and len(c["histogram"]["edges"]) == 41
        assert [g["group"] for g in c["by_group"]] == ["f", "m"]
        assert c["by_class"][0]["class_name"] == "yes"
        assert [f["name"] for f in c["features"]] == ["x1", "x2", "x3"]
    assert "input space" in body["note"]
    steps = fx.get_json(client, "sensitivity_steps", run="tab", tag="sens")
    assert steps["steps"] == [0, 5]
    gender = next(c for c in steps["choices"] if c["name"] == "gender")
    assert gender["mean"] == pytest.approx([np.mean(res["gender"].P), 6 * np.mean(res["gender"].P)])
    assert gender["coverage"] == [1.0, 1.0]


def test_examples_and_compare_routes(served):
    client, res, text = served
    top = fx.get_json(client, "sensitivity_examples", run="tab", tag="sens", step="0", choice="gender", limit="3")
    assert [e["P"]["gender"] for e in top["examples"]] == pytest.approx(sorted(res["gender"].P, reverse=True)[:3])
    e = top["examples"][0]
    assert e["feature_weight"] == [0, 0, 1] and len(e["feature_sensitivity"]) == 3 and e["class_name"] == "yes"
    sample = fx.get_json(client, "sensitivity_examples", run="tab", tag="sens", step="0", source="sample",
                         choice="uniform", limit="1000")
    assert sample["total"] == 50 and all(x["in_sample"] for x in sample["examples"])
    ps = [x["P"]["uniform"] for x in sample["examples"]]
    assert ps == sorted(ps, reverse=True)
    # fewer than the sample: spread over it by P (was its top 5, the top-K again), the highest and lowest kept
    spread = fx.get_json(client, "sensitivity_examples", run="tab", tag="sens", step="0", source="sample",
                         choice="uniform", limit="5")
    assert spread["total"] == 50 and [x["P"]["uniform"] for x in spread["examples"]] == [ps[i] for i in (0, 12, 24, 37, 49)]
    cmp_ = fx.get_json(client, "sensitivity_compare", run="tab", tag="sens", step="0", a="uniform", b="gender")
    ids = [int(p["id"]) for p in cmp_["points"]]
    rho, n = spearman(res["uniform"].P[ids], res["gender"].P[ids])
    assert cmp_["n"] == n == 50 and cmp_["rho"] == pytest.approx(rho)
    scipy_stats = pytest.importorskip("scipy.stats")
    assert cmp_["rho"] == pytest.approx(scipy_stats.spearmanr(res["uniform"].P[ids], res["gender"].P[ids])[0])
    words = fx.get_json(client, "sensitivity_examples", run="text", tag="sens", choice="word_list", limit="2")
    ex = words["examples"][0]
    assert len(ex["tokens"]) == len(ex["token_sensitivity"]) == len(ex["token_weight"]) == 5
    assert sum(ex["token_weight"]) == pytest.approx(1.0)


@pytest.mark.parametrize(
    "route, params, status, match",
    [
        ("sensitivity_examples", {"choice": "nope"}, 400, "unknown v choice"),
        ("sensitivity_examples", {"source": "all"}, 400, "must be one of"),
        ("sensitivity_examples", {"limit": "0"}, 400, "between"),
        ("sensitivity_compare", {"a": "uniform", "b": "uniform"}, 400, "different"),
        ("sensitivity", {"step": "7"}, 404, "no step 7"),
        ("sensitivity", {"tag": "missing"}, 404, ""),
    ],
)
def test_routes_reject_bad_requests(served, route, params, status, match):
    client = served[0]
    body = fx.get_json(client, route, status=status, **{"run": "text", "tag": "sens", **params})
    assert match in body["error"]


def test_compare_needs_two_choices(served):
    body = fx.get_json(served[0], "sensitivity_compare", status=400, run="text", tag="one")
    assert "one v choice" in body["error"]


def test_bad_input_raises_before_anything_is_written(tmp_path):
    res = tabular_results(n=10)
    cases = [
        (dict(results="nope"), "SensitivityResult"),
        (dict(results={}), "no results"),
        (dict(results=res, groups=["a"] * 3), "groups"),
        (dict(results=res, probs=np.ones((10, 2, 2))), "probs"),
        (dict(results=res, probs=np.ones((10, 2)), pred_class=np.zeros(10, int)), "not both"),
        (dict(results=res, example_ids=["x"]), "example_ids"),
        (dict(results=res, feature_names=["a", "b"]), "feature names"),
        (dict(results=res, class_names=["a", "b", "c"]), "class names"),
        (dict(results=res, w=[0.5, 0.6]), "sum to 1"),
        (dict(results=res, top_k=-1), "top_k"),
        (dict(results=res, tokens=[["a"]] * 10), "text"),
        (dict(results={"a": res["uniform"], "b": _slice(res["gender"], slice(0, 5))}), "shape"),
        (dict(results=SensitivityCollector()), "not seen any examples"),
        # spoke of a collector the caller never made
        (dict(results=accumulated_sensitivity(np.zeros((0, 2, 3)))), r"the results hold no examples \(P is empty\)"),
        (dict(results=SensitivityCollector(), groups=[1]), "finished"),
        # were ignored: the collector's w was stored, []
        (dict(results=_finished(), w=[0.9, 0.1], seed=7, v_name="Q"),
         "^seed, v_name go with results, not with a finished SensitivityCollector$"),
        (dict(results=_finished(), w=[0.9, 0.1]), "^the collector holds no w; set it on the collector$"),
        (dict(results=_finished(), seed=7), "^seed go with results"),
        (dict(results=_finished(), v_name="Q"), "^v_name go with results"),
        # passed when it equalled the default: given is given, whatever its value
        (dict(results=_finished(), v_name="P"), "^v_name go with results"),
        (dict(results=_accumulator(), seed=7), "^seed go with results, not with a finished SensitivityAccumulator$"),
        (dict(results=res, class_names="ab"), "class_names must be a sequence of strings, not a single string"),
        (dict(results=res, feature_names="abc"), "feature_names must be a sequence of strings, not a single string"),
        (dict(results=res, class_names=["a", "a"]), "class_names has duplicate names: 'a'"),
        (dict(results=res, class_names=["", "b"]), "class_names must not contain an empty name"),
        (dict(results=res, feature_names=["a", "a", "c"]), "feature_names has duplicate names"),
        (dict(results=res, pred_class=[-1] + [0] * 9), "pred_class must be non-negative"),
        (dict(results=res, pred_class=[2] + [0] * 9), "pred_class must be class indices from 0 to 1; got 2"),
        (dict(results=res, probs=np.full((10, 2), np.nan)), "probs has non-finite entries"),
        (dict(results=res, probs=np.tile([[-3.0, 4.0]], (10, 1))), "probs: model outputs are not probabilities"),
        (dict(results=res, probs=np.full((10, 3), 1 / 3)), "probs has 3 class probabilities per example; "
                                                             "the results have K = 2"),
        (dict(results=res, groups=["a", None] * 5), "groups must be all strings or all integers; got None"),
        (dict(results={"u": res["uniform"], "g": _with_p(res["gender"], np.inf)}),
         r"results\['g'\].P has non-finite entries at positions \[0\]"),
        # v_name names the choice of an accumulator alone; beside results it was not checked at all (review)
        (dict(results=res, v_name=3), "v_name must be a non-empty string, got a value of type int"),
        (dict(results={" ": res["uniform"]}), "a v choice's name must be a non-empty string, got ' '"),
        # a longer name was written, then no route could name it (review)
        (dict(results={"v" * 1001: res["uniform"]}), "a v choice's name is longer than 1000 characters"),
    ]
    with summary.Writer(tmp_path / "run") as writer:
        for kwargs, match in cases:
            results = kwargs.pop("results")
            with pytest.raises(ValueError, match=match):
                writer.prediction_sensitivity("sens", results, step=0, **kwargs)
    assert fx.read_logdir(tmp_path) == {}


def test_a_collector_takes_its_own_w_said_again_as_it_takes_its_names():
    c = SensitivityCollector(w=[0.9, 0.1], class_names=["no", "yes"])
    c.update(tabular_results(n=10))
    said_again = builder.prediction_sensitivity(c, w=[0.9, 0.1], class_names=["no", "yes"])
    assert said_again == builder.prediction_sensitivity(c)  # refused before, while equal names were taken
    assert builder.prediction_sensitivity(c, w=np.array([0.9, 0.1], np.float32)) == said_again  # within 1e-6
    with pytest.raises(ValueError, match="^w differs from the collector's"):
        builder.prediction_sensitivity(c, w=[0.8, 0.2])
    bare = SensitivityCollector()
    bare.update(tabular_results(n=10))
    with pytest.raises(ValueError, match="^the collector holds no w; set it on the collector$"):
        builder.prediction_sensitivity(bare, w=[0.9, 0.1])


def _finished():
    c = SensitivityCollector()
    c.update(tabular_results(n=10))
    return c


def _accumulator():
    acc = SensitivityAccumulator(2, 2)
    acc.update([0.1, 0.2, 0.3], example_ids=["a", "b", "c"])
    return acc


def _with_p(result, value):
    P = result.P.copy()
    P[0] = value
    return dataclasses.replace(result, P=P)


@pytest.mark.parametrize("kwargs, match", [
    (dict(class_names=["a", "b", "c"]), "3 class names for K = 2 classes"),
    (dict(w=[1 / 3] * 3), r"w has shape \(3,\) but the results have K = 2 classes"),
])
def test_collector_names_and_w_are_checked_against_k_before_anything_is_added(tmp_path, kwargs, match):
    c = SensitivityCollector(**kwargs)
    with pytest.raises(ValueError, match=match):
        c.update(tabular_results(n=10))
    assert c.num_examples == 0 and c.n_classes is None
    with summary.Writer(tmp_path / "run") as writer, pytest.raises(ValueError, match="not seen any examples"):
        writer.prediction_sensitivity("sens", c, step=0)
    assert fx.read_logdir(tmp_path) == {}


@pytest.mark.parametrize("kwargs, match", [
    (dict(w=[5.0, 7.0]), "w must sum to 1"),
    (dict(w=[np.nan, 1.0]), "w has non-finite entries"),
    (dict(w=[0.5, 0.5], class_names=["a", "b", "c"]), "3 class names for the K = 2 classes of w"),
    (dict(class_names="abc"), "class_names must be a sequence of strings, not a single string"),
    (dict(seed=-1), "seed must be a non-negative integer"),
])
def test_collector_arguments_are_checked_when_it_is_made(kwargs, match):
    with pytest.raises(ValueError, match=match):
        SensitivityCollector(**kwargs)


def test_a_result_keeps_its_feature_names_and_the_writer_refuses_others(tmp_path):
    jac = np.abs(np.random.default_rng(0).normal(size=(8, 2, 3)))
    res = accumulated_sensitivity(jac, v="mask", protected=["gamma"], feature_names=["alpha", "beta", "gamma"])
    assert res.feature_names == ("alpha", "beta", "gamma")
    with summary.Writer(tmp_path / "run") as writer:
        # the names given elsewhere put the mask on "alpha" in the record, without a word
        with pytest.raises(ValueError, match="feature_names 'gamma', 'beta', 'alpha' differ from those the "
                                             "results were computed with, 'alpha', 'beta', 'gamma'"):
            writer.prediction_sensitivity("sens", res, feature_names=["gamma", "beta", "alpha"])
        with pytest.raises(ValueError, match="computed with different feature names"):
            other = accumulated_sensitivity(jac, feature_names=["a", "b", "c"])
            writer.prediction_sensitivity("sens", {"mask": res, "uniform": other})
        assert writer.prediction_sensitivity("sens", res, step=1)  # the names come with the result
        assert writer.prediction_sensitivity("sens", res, step=2, feature_names=["alpha", "beta", "gamma"])
    records = fx.read_logdir(tmp_path)
    assert sorted(step for (_, _, step) in records) == [1, 2]
    for _, _, record in records.values():
        assert list(record["feature_names"]) == ["alpha", "beta", "gamma"]


def test_a_bad_result_among_several_leaves_the_collector_unchanged():
    res = tabular_results(n=10)
    c = SensitivityCollector()
    c.update(res, groups=["a"] * 10)
    with pytest.raises(ValueError, match=r"results\['gender'\].P has non-finite"):
        c.update({"uniform": res["uniform"], "gender": _with_p(res["gender"], np.inf)}, groups=["a"] * 10)
    with pytest.raises(ValueError, match="groups must be of one kind"):
        c.update(res, groups=[1] * 10)
    assert c.num_examples == 10
    assert c.summary("uniform")["n"] == c.summary("gender")["n"] == 10
    c.update(res, groups=["b"] * 10)
    assert c.summary("gender")["mean"] == pytest.approx(float(np.nanmean(res["gender"].P)), rel=1e-12)


def test_collector_rejects_changing_choices_and_labels():
    res = tabular_results(n=10)
    c = SensitivityCollector()
    c.update(res, groups=["a"] * 10)
    with pytest.raises(ValueError, match="choices"):
        c.update({"uniform": res["uniform"]}, groups=["a"] * 10)
    with pytest.raises(ValueError, match="every update"):
        c.update(res)
    text, _, _ = text_results(n=10)
    with pytest.raises(ValueError, match="choices|tabular"):
        c.update(text, groups=["a"] * 10)
    assert c.num_examples == 10


def test_the_measure_is_registered_with_its_number():
    m = REGISTRY["sensitivity"]
    assert m.payload_number == 18 and m.order == 30 and m.title == "Prediction sensitivity"
    assert set(m.routes()) == {"/sensitivity", "/sensitivity_steps", "/sensitivity_examples", "/sensitivity_compare"}
    import tb_bias_plugin
    from tb_bias_plugin import callbacks
    from tb_bias_plugin.measures.sensitivity.gradients import prediction_sensitivity

    # the computation at the package root, the summary of the same name under summary
    assert tb_bias_plugin.prediction_sensitivity is prediction_sensitivity
    assert summary.prediction_sensitivity.__name__ == "prediction_sensitivity"
    assert summary.prediction_sensitivity is not prediction_sensitivity
    assert "PredictionSensitivityCallback" in callbacks.__all__


@pytest.mark.training
def test_keras_callback_logs_each_epoch(tmp_path):
    keras = pytest.importorskip("keras")
    from tb_bias_plugin.callbacks import PredictionSensitivityCallback

    keras.utils.set_random_seed(0)
    rng = np.random.default_rng(0)
    vocab = np.array(["<pad>", "he", "she", "good", "bad", "film"], dtype=object)
    ids = rng.integers(1, 6, size=(64, 5))
    ids[:, 4] = 0
    y = (ids == 3).any(axis=1).astype(np.int64)
    inp = keras.Input((5,), dtype="int32")
    h = keras.layers.Embedding(6, 4, mask_zero=True, name="emb")(inp)
    h = keras.layers.GlobalAveragePooling1D()(h)
    model = keras.Model(inp, keras.layers.Dense(2, activation="softmax")(h))
    model.compile("adam", "sparse_categorical_crossentropy")
    cb = PredictionSensitivityCallback(
        tmp_path, ids, v={"uniform": "uniform", "gendered": VChoice.word_list(["he", "she"])},
        embedding_layer="emb", tokens=vocab[ids], groups=np.where(ids[:, 0] == 1, "m", "f"),
        class_names=["neg", "pos"], batch_size=20, sample_size=16, top_k=3,
        example_ids=["r%d" % i for i in range(64)], example_text=[" ".join(vocab[row]) for row in ids])
    model.fit(ids, y, epochs=2, batch_size=32, verbose=0, callbacks=[cb])
    client = Client(fx.make_app(tmp_path)[0])
    steps = fx.get_json(client, "sensitivity_steps", run="validation", tag="sensitivity")
    assert steps["steps"] == [0, 1] and [c["name"] for c in steps["choices"]] == ["uniform", "gendered"]
    body = fx.get_json(client, "sensitivity", run="validation", tag="sensitivity", step="1")
    assert body["input"] == "text" and body["num_examples"] == 64
    # the logged mean is the mean of P computed directly on the final model
    import tb_bias_plugin

    direct = tb_bias_plugin.prediction_sensitivity(model, ids, embedding_layer="emb")
    assert body["choices"][0]["mean"] == pytest.approx(np.mean(direct.P), rel=1e-5)
    ex = fx.get_json(client, "sensitivity_examples", run="validation", tag="sensitivity", choice="gendered")
    assert all("<pad>" not in e["tokens"] for e in ex["examples"])
    assert all(e["text"] == " ".join(vocab[ids[int(e["id"][1:])]]) for e in ex["examples"])
    with pytest.raises(ValueError, match="tokens"):
        PredictionSensitivityCallback(tmp_path, ids, v=VChoice.word_list(["he"]), embedding_layer="emb")
    with pytest.raises(ValueError, match="rows"):
        PredictionSensitivityCallback(tmp_path, ids, groups=[1, 2])


def test_an_accumulator_with_class_names_checks_its_predicted_classes(tmp_path):
    acc = SensitivityAccumulator()
    acc.update([0.1, 0.2], pred_class=[0, 2])
    with summary.Writer(tmp_path / "run") as writer:
        with pytest.raises(ValueError, match="pred_class must be class indices from 0 to 1; got 2"):
            writer.prediction_sensitivity("sens", acc, class_names=["a", "b"], step=0)
        with pytest.raises(ValueError, match="2 class names for the K = 3 classes of w"):
            writer.prediction_sensitivity("sens", acc, class_names=["a", "b"], w=[0.2, 0.3, 0.5], step=0)
    assert fx.read_logdir(tmp_path) == {}


@pytest.mark.training
def test_keras_callback_refuses_scores_that_are_not_probabilities_before_training(tmp_path):
    # found at the first epoch's end before, after a whole epoch of training
    keras = pytest.importorskip("keras")
    from tb_bias_plugin.callbacks import PredictionSensitivityCallback

    keras.utils.set_random_seed(0)
    x = np.random.default_rng(0).normal(size=(40, 3)).astype(np.float32)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="sigmoid")])
    model.compile("adam", "binary_crossentropy")
    batches = []
    counting = keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: batches.append(batch))
    with pytest.raises(ValueError, match="output='sigmoid'"):
        model.fit(x, np.zeros((40, 4)), epochs=1, batch_size=8, verbose=0,
                  callbacks=[PredictionSensitivityCallback(tmp_path, x, v="mask", protected=[0]), counting])
    assert batches == [] and fx.read_logdir(tmp_path) == {}
    model.fit(x, np.zeros((40, 4)), epochs=1, batch_size=8, verbose=0,
              callbacks=[PredictionSensitivityCallback(tmp_path, x, v="mask", protected=[0], output="sigmoid")])
    assert [key[2] for key in fx.read_logdir(tmp_path)] == [0]


@pytest.mark.parametrize("tokens, match", [
    (np.array([["a", "b\x00c"]]), r"tokens\[0, 1\] holds a NUL character"),
    (np.array([["a\ud800", "b"]]), r"tokens\[0, 0\] is not UTF-8 text \(a lone surrogate\)"),
    (np.array([[b"\xff", b"a"]]), r"tokens\[0, 0\] is not UTF-8 text"),
    (np.array([["x" * 1001, "a"]]), r"tokens\[0, 0\] is longer than 1000 characters"),
])
def test_fixed_width_token_arrays_are_checked_by_their_code_points(tokens, match):
    # NumPy str and bytes arrays take a path without a Python pass over the tokens: it refuses what the
    # item by item path refuses, and hands that path the array to say where
    from tb_bias_plugin.measures.sensitivity.sensitivity import check_tokens

    with pytest.raises(ValueError, match=match):
        check_tokens(tokens)


def test_checked_tokens_are_read_as_text_once():
    from tb_bias_plugin.measures.sensitivity.sensitivity import check_tokens

    out = check_tokens(np.array([[b"he", "é".encode(), b""]]))
    assert out.dtype == object and out.tolist() == [["he", "é", ""]]
    assert check_tokens(out) is out  # its own answer, handed on, is not checked again
    assert check_tokens(out.copy()) is not out


def test_an_accumulator_is_not_merged_into_itself():
    from tb_bias_plugin import SensitivityAccumulator

    # a review: in place, n doubled and the top examples listed one id twice
    acc = SensitivityAccumulator(2, 2)
    acc.update([0.1, 0.2, 0.3], example_ids=["a", "b", "c"])
    with pytest.raises(ValueError, match="cannot merge a SensitivityAccumulator into itself"):
        acc.merge(acc)


def test_a_word_list_no_example_holds_is_said_and_one_that_matches_is_not():
    # every P was NaN ('no_listed_tokens') without a word: a typo made a useless record in silence
    _, tokens, mask = text_results()
    rng = np.random.default_rng(0)
    jac = np.abs(rng.normal(size=(40, 3, 12)))
    lay = TextLayout(2, mask, tokens)
    with pytest.warns(UserWarning, match=r"no example's tokens hold any listed word \(\['hee'\]\): P is undefined"):
        result = accumulated_sensitivity(jac, v=VChoice.word_list(["hee"]), layout=lay)
    assert np.isnan(result.P).all()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = accumulated_sensitivity(jac, v=VChoice.word_list(["He"]), layout=lay)  # case folded: matches
    assert np.isfinite(result.P).any()
