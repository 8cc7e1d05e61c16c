"""DIPDI records: what is written, read back and served over HTTP.

Oracles: the one-shot ``dipdi()`` and ``pair_discrepancies()`` on the same
pools (themselves tested against worked examples computed by hand), known
numbers, ``replicate_summary`` and NumPy histograms.
"""

import glob
import math
import os

import numpy as np
import pytest

import plugin_fixtures as fx
from tb_bias_plugin import DipdiAccumulator, dipdi, summary
from tb_bias_plugin.measures.discrepancy import builder, codec
from tb_bias_plugin.measures.discrepancy.dipdi import pair_discrepancies
from tb_bias_plugin.measures.discrepancy.replicates import bootstrap_dipdi, replicate_summary

A = np.array([[10, 20, 30, 40], [12, 18, 33, 40]], dtype=float)
B = np.array([[15, 25, 28, 50], [14, 22, 35, 47]], dtype=float)
GROUPS = ["M", "M", "F", "F"]
HUGE = np.array([[1e308, -1e308, 3.0], [2e307, 1.0, 2.0]])
EXCESS_OVERFLOWS = (np.array([[0, 0, 1], [0, 1, 0]], float), np.array([[1e308, 0, 2], [1e308, 3, 0]]))


def pools(seed, n=120, m=4, shift=1.0):
    """Regression pools where B's models lean away from A's on group 'x'."""
    rng = np.random.default_rng(seed)
    y = rng.normal(size=n)
    groups = np.where(np.arange(n) % 3 == 0, "x", "y")
    bias = np.where(groups == "x", shift, 0.0)
    a = y + rng.normal(scale=0.5, size=(m, n))
    b = y + bias + rng.normal(scale=0.5, size=(m, n))
    return a, b, groups


def read(logdir):
    return {key: value for key, (_, _, value) in fx.read_logdir(logdir).items()}


def summary_events(logdir):
    from tensorboard.backend.event_processing import event_file_loader

    events = []
    for path in sorted(glob.glob(os.path.join(str(logdir), "events.out.tfevents.*"))):
        events += [e for e in event_file_loader.LegacyEventFileLoader(path).Load() if e.HasField("summary")]
    return events


def test_pool_names_not_given_are_the_builders_default(tmp_path):
    with summary.Writer(tmp_path / "run") as writer:
        writer.prediction_discrepancy("given_none", A, B, pool_names=None, step=0)
        writer.prediction_discrepancy("left_out", A, B, step=0)
    stored = read(tmp_path)
    assert [value.pool_names for value in stored.values()] == [builder.DEFAULT_POOL_NAMES] * 2


def test_writer_stores_the_sums_top_examples_histogram_and_example_d(tmp_path):
    a, b, groups = pools(1)
    ids = ["ex%d" % i for i in range(a.shape[1])]
    with summary.Writer(tmp_path / "run") as writer:
        writer.prediction_discrepancy("d", a, b, pool_names=("men", "women"), groups=groups, example_ids=ids, top_k=5, step=3)
    (((run, tag, step), stored),) = read(tmp_path).items()
    assert (run, tag, step) == ("run", "d", 3)
    assert stored.pool_names == ("men", "women") and stored.model_names[0] == "men1" and stored.model_names[-1] == "women4"
    (rep,) = stored.replicates
    expected = dipdi(a, b, groups=groups)
    got = codec.result(stored, rep)
    assert got.dipdi == pytest.approx(expected.dipdi, rel=1e-12)
    np.testing.assert_allclose(got.pair_matrix, expected.pair_matrix, rtol=1e-12)
    assert {k: (g.n, round(g.dipdi, 10)) for k, g in got.groups.items()} == {
        k: (g.n, round(g.dipdi, 10)) for k, g in expected.groups.items()
    }
    # the other pairing follows from the same sums
    assert codec.result(stored, rep, "all_pairs").dipdi == pytest.approx(
        dipdi(a, b, pairing="all_pairs").dipdi, rel=1e-12
    )
    e = expected.excess_discrepancy
    order = np.argsort(-e, kind="stable")[:5]
    assert rep.top_ids == [ids[i] for i in order]
    assert rep.top_groups == [groups[i] for i in order]
    np.testing.assert_allclose(rep.top_excess, e[order], rtol=1e-12)
    np.testing.assert_array_equal(rep.top_outputs[0], np.concatenate([a[:, order[0]], b[:, order[0]]]))
    counts, edges = np.histogram(e, bins=40, range=(e.min(), e.max()))
    np.testing.assert_array_equal(rep.excess_counts, counts)
    np.testing.assert_allclose(rep.excess_edges, edges)
    per = pair_discrepancies(a, b)
    np.testing.assert_array_equal(rep.example_d, np.concatenate([per.between, per.within_a, per.within_b]))


def test_per_example_d_is_left_out_above_the_cap_and_for_several_replicates(tmp_path, monkeypatch):
    a, b, _ = pools(2, n=50)
    monkeypatch.setattr("tb_bias_plugin.measures.discrepancy.builder.MAX_EXAMPLE_D", 50 * 8 - 1)
    small = codec.decode(summary_payload(a, b))
    assert small.replicates[0].example_d is None
    monkeypatch.setattr("tb_bias_plugin.measures.discrepancy.builder.MAX_EXAMPLE_D", 50 * 8)
    assert codec.decode(summary_payload(a, b)).replicates[0].example_d.shape == (8, 50)
    both = codec.decode(summary_payload([a, a], [b, b], replicate=[4, 7]))
    assert [r.replicate for r in both.replicates] == [4, 7]
    assert all(r.example_d is None for r in both.replicates)


def summary_payload(*args, **kwargs):
    from tb_bias_plugin.measures.discrepancy.builder import prediction_discrepancy

    return prediction_discrepancy(*args, **kwargs)


def test_an_accumulator_logs_the_same_sums_as_the_pools(tmp_path):
    a, b, groups = pools(3, n=90)
    acc = DipdiAccumulator(top_k=4)
    for start in range(0, 90, 25):
        acc.update(a[:, start:start + 25], b[:, start:start + 25], groups=groups[start:start + 25])
    from_acc = codec.decode(summary_payload(acc))
    from_pools = codec.decode(summary_payload(a, b, groups=groups, top_k=4))
    ra, rp = from_acc.replicates[0], from_pools.replicates[0]
    np.testing.assert_allclose(ra.pair_sums, rp.pair_sums, rtol=1e-12)
    assert codec.result(from_acc, ra).groups.keys() == codec.result(from_pools, rp).groups.keys()
    assert ra.top_ids == rp.top_ids  # positions as ids
    assert ra.excess_counts is None and ra.example_d is None  # no per-example data in an accumulator
    with pytest.raises(ValueError, match="differs from the accumulator"):
        summary_payload(acc, discrepancy="sq")
    with pytest.raises(ValueError, match="carries its own"):
        summary_payload(acc, groups=groups)
    with pytest.raises(ValueError, match="not seen any example"):
        summary_payload(DipdiAccumulator())


def test_what_the_writer_makes_passes_the_record_checks_of_every_route():
    """The record's checks (counts, sums, edges, names) refuse nothing the writer makes: a group named "",
    integer groups, merged shards with groups, several replicates, every kind of d."""
    a, b, groups = pools(5, n=60)
    shards = [DipdiAccumulator(top_k=3), DipdiAccumulator(top_k=3)]
    shards[0].update(a[:, :30], b[:, :30], groups=groups[:30])
    shards[1].update(a[:, 30:], b[:, 30:], groups=groups[30:])
    probs = np.stack([np.full(8, 0.2), np.full(8, 0.3)])
    payloads = [
        summary_payload(a, b, groups=np.where(groups == "x", "", "y")),
        summary_payload(a, b, groups=(groups == "x").astype(int), discrepancy="sq"),
        summary_payload(shards[0].merge(shards[1])),
        summary_payload([a, a[:, ::-1]], [b, b], replicate=[3, -1], groups=groups),
        summary_payload(probs, probs[::-1], discrepancy="js_distance", pairing="all_pairs"),
    ]
    for payload in payloads:
        codec.describe(payload)
        for stored in (codec.decode(payload), codec.decode_steps(payload)):
            assert stored.replicates[0].n == payload.replicates[0].num_examples
    assert codec.decode(payloads[0]).replicates[0].group_names == ["", "y"]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda w: w.prediction_discrepancy("d", A, B[:, :3], step=0), "same examples"),
        (lambda w: w.prediction_discrepancy("d", A, np.array([[1, 2, np.nan, 4.0]] * 2), step=0), "non-finite"),
        (lambda w: w.prediction_discrepancy("d", A, B[:1], step=0), "all_pairs"),
        (lambda w: w.prediction_discrepancy("d", A, B, discrepancy="kl", step=0), "unknown discrepancy"),
        (lambda w: w.prediction_discrepancy("d", A, B, pool_names=("A", "A"), step=0), "must differ"),
        (lambda w: w.prediction_discrepancy("d", A, B, replicate=[1, 2], step=0), "list of 2"),
        (lambda w: w.prediction_discrepancy("d", [A, A], [B, B[:, :2]], replicate=[1, 2], step=0), "same examples"),
        (lambda w: w.prediction_discrepancy("d", A, B, top_k=-1, step=0), "top_k"),
        (lambda w: w.prediction_discrepancy("d", A, B, pool_names=("A",), step=0), "pool_names must be two strings"),
        (lambda w: w.prediction_discrepancy("d", A, B, replicate=2**70, step=0), "replicate must be an integer from"),
        # a view picks a replicate by its id, which a browser rounds past 2**53
        (lambda w: w.prediction_discrepancy("d", A, B, replicate=2**53, step=0), "replicate must be an integer from"),
        # the record is served whole: the matrix over every pair of models, the groups' sums, the top examples
        (lambda w: w.prediction_discrepancy("d", np.zeros((258, 2)), np.zeros((258, 2)), step=0),
         "a pool holds at most 256 models; got 258 and 258"),
        (lambda w: w.prediction_discrepancy("d", [A, A], [B, B], replicate=[1, -(2**64)], step=0), "replicate must"),
        (lambda w: w.prediction_discrepancy("d", np.full((2, 4, 3), 0.5), np.full((2, 4, 3), 0.2), discrepancy="jsd", step=0), "sums to"),
        # finite predictions whose differences overflow: said before NumPy's "range of [nan, nan]" in the histogram
        (lambda w: w.prediction_discrepancy("d", HUGE, -HUGE, step=0), "overflow float64"),
        (lambda w: w.prediction_discrepancy("d", DipdiAccumulator().update(HUGE, -HUGE), step=0), "overflow float64"),
        # every pair's sum finite, but an example's excess (a mean over pairs) is not
        (lambda w: w.prediction_discrepancy("d", *EXCESS_OVERFLOWS, step=0), "excess discrepancy is not finite"),
        (lambda w: w.prediction_discrepancy("d", DipdiAccumulator(top_k=5).update(*EXCESS_OVERFLOWS), step=0),
         "excess discrepancy is not finite"),
        # options given as falsy or truthy non-values were replaced by the defaults or read as True (review)
        (lambda w: w.prediction_discrepancy("d", A, B, discrepancy="", step=0), "unknown discrepancy ''"),
        (lambda w: w.prediction_discrepancy("d", A, B, pairing=0, step=0), "unknown pairing 0"),
        (lambda w: w.prediction_discrepancy("d", A, B, discrepancy="jsd", from_logits="no", step=0), "from_logits"),
        (lambda w: w.prediction_discrepancy("d", DipdiAccumulator().update(A, B), from_logits="no", step=0), "from_logits"),
        # an accumulator keeps its own top_k: one given beside it was ignored
        (lambda w: w.prediction_discrepancy("d", DipdiAccumulator().update(A, B), top_k=5, step=0), "accumulator keeps its own"),
        (lambda w: w.prediction_discrepancy("d", A, B, top_k=1001, step=0), "top_k"),
        # said "pool_b is required" of a pool_b that was given
        (lambda w: w.prediction_discrepancy("d", A, DipdiAccumulator().update(A, B), step=0),
         r"an accumulator goes in pool_a, alone \(pool_b=None\), not in pool_b"),
    ],
)
@pytest.mark.filterwarnings("error::RuntimeWarning")  # the error says what went wrong; no NumPy warning before it
def test_bad_input_is_a_value_error_and_nothing_is_written(tmp_path, call, message):
    with summary.Writer(tmp_path / "run") as writer:
        with pytest.raises(ValueError, match=message):
            call(writer)
    assert summary_events(tmp_path / "run") == []


def test_groups_or_top_examples_past_what_a_record_holds_are_refused_before_writing(tmp_path, monkeypatch):
    monkeypatch.setattr(codec, "MAX_REPLICATE_VALUES", 100)
    a, b = np.full((2, 4, 20), 0.05), np.full((2, 4, 20), 0.05)
    with summary.Writer(tmp_path / "run") as writer:
        with pytest.raises(ValueError, match=r"4 top examples x 4 models x 20 outputs is 320 values, more than the "
                                             r"100 a record holds \(a smaller top_k\)"):
            writer.prediction_discrepancy("d", a, b, discrepancy="jsd", step=0)
        with pytest.raises(ValueError, match=r"17 groups x 6 pairs of models is 102 sums, more than the 100"):
            writer.prediction_discrepancy("d", np.zeros((2, 17)), np.ones((2, 17)), groups=["g%d" % i for i in range(17)],
                                          step=0)
        writer.prediction_discrepancy("d", a, b, discrepancy="jsd", top_k=1, step=0)  # 80 values: within
    assert len(summary_events(tmp_path / "run")) == 1


def test_an_accumulator_keeps_at_most_as_many_top_examples_as_the_writer():
    DipdiAccumulator(top_k=1000)
    with pytest.raises(ValueError, match="top_k"):
        DipdiAccumulator(top_k=1001)


def test_tensorflow_and_tf_free_paths_write_equivalent_records(tmp_path):
    import tensorflow as tf

    a, b, groups = pools(4, n=60)
    kwargs = dict(pool_names=("dev", "dep"), groups=groups, replicate=[0, 1], step=2, description="x")
    with summary.Writer(tmp_path / "notf") as writer:
        writer.prediction_discrepancy("dipdi", [a, b], [b, a], **kwargs)
    with tf.summary.create_file_writer(str(tmp_path / "tf")).as_default():
        assert bool(summary.prediction_discrepancy("dipdi", [a, b], [b, a], **kwargs))
    (ea,), (eb,) = summary_events(tmp_path / "notf"), summary_events(tmp_path / "tf")
    (va,), (vb,) = ea.summary.value, eb.summary.value
    assert ea.step == eb.step == 2 and va.tag == vb.tag == "dipdi"
    assert va.metadata == vb.metadata and va.tensor == vb.tensor
    back = read(tmp_path)
    assert back["tf", "dipdi", 2].replicates[1].pair_sums.tolist() == back["notf", "dipdi", 2].replicates[1].pair_sums.tolist()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    logdir = tmp_path_factory.mktemp("dipdi")
    reps = [pools(10 + r) for r in range(6)]
    with summary.Writer(logdir / "dev") as writer:
        writer.prediction_discrepancy("worked", A, B, groups=GROUPS, example_ids=["a", "b", "c", "d"], step=0)
        writer.prediction_discrepancy("worked", A, np.array([A[0], A[1] + 1]), step=1, description="shifted pool B")
        writer.prediction_discrepancy("same", np.array([A[0], A[0]]), B, step=0)
        for step, shift in ((0, 2.0), (1, 0.0)):
            shifted = [pools(10 + r, shift=shift) for r in range(6)]
            writer.prediction_discrepancy(
                "reps", [p[0] for p in shifted], [p[1] for p in shifted], groups=reps[0][2], replicate=list(range(6)), step=step
            )
    with summary.Writer(logdir / "dep") as writer:
        shifted = [pools(10 + r, shift=3.0) for r in range(6)]
        writer.prediction_discrepancy(
            "reps", [p[0] for p in shifted], [p[1] for p in shifted], groups=reps[0][2], replicate=list(range(6)), step=0
        )
    app, _ = fx.make_app(logdir)
    from plugin_fixtures import Client

    return Client(app), logdir


def test_route_returns_the_logged_worked_example(served):
    client, _ = served
    body = fx.get_json(client, "discrepancy", run="dev", tag="worked", step=0)
    assert body["dipdi"] == pytest.approx(1.214125, abs=1e-6) and body["reason"] is None and body["n"] == 4
    assert body["between"] == pytest.approx((5.5 + 3.75) / 2) and body["within_a"] == pytest.approx(1.75)
    assert body["within_b"] == pytest.approx(3.5)
    assert body["models"] == ["A1", "A2", "B1", "B2"]
    assert body["matrix"][0][2] == pytest.approx(5.5) and body["matrix"][0][3] == pytest.approx(4.5)
    assert body["used_pairs"] == {"between": [[0, 2], [1, 3]], "within_a": [[0, 1]], "within_b": [[2, 3]]}
    groups = {g["group"]: g for g in body["groups"]}
    assert groups["M"]["dipdi"] == pytest.approx(1.321756, abs=1e-6) and groups["M"]["n"] == 2 and groups["M"]["small"]
    assert groups["F"]["dipdi"] == pytest.approx(1.280934, abs=1e-6)
    unc = body["uncertainty"]
    expected = bootstrap_dipdi(pair_discrepancies(A, B), n_resamples=1000, seed=0)
    assert unc["kind"] == "bootstrap" and unc["covers"] == "test-set sampling only"
    assert unc["low"] == pytest.approx(expected.low) and unc["high"] == pytest.approx(expected.high)
    other = fx.get_json(client, "discrepancy", run="dev", tag="worked", step=0, pairing="all_pairs")
    assert other["dipdi"] == pytest.approx(1.369203, abs=1e-6) and other["uncertainty"]["kind"] == "none"
    # each step's own description: none at step 0, its own at step 1
    assert body["description"] == ""
    assert fx.get_json(client, "discrepancy", run="dev", tag="worked", step=1)["description"] == "shifted pool B"


def test_undefined_index_is_null_with_its_reason(served):
    client, _ = served
    body = fx.get_json(client, "discrepancy", run="dev", tag="same")
    assert body["dipdi"] is None and body["reason"] == "zero_within_a"
    assert body["matrix"][0][1] == 0.0


def test_replicates_give_mean_std_and_wilcoxon(served):
    client, _ = served
    body = fx.get_json(client, "discrepancy", run="dev", tag="reps", step=0)
    values = [dipdi(*pools(10 + r, shift=2.0)[:2]).dipdi for r in range(6)]
    s = replicate_summary(values)
    unc = body["uncertainty"]
    assert unc["kind"] == "replicates" and unc["replicates"] == 6
    assert unc["mean"] == pytest.approx(s.mean) and unc["std"] == pytest.approx(s.std)
    assert unc["pvalue"] == pytest.approx(s.pvalue) == 0.03125 and unc["stars"] == "*"
    assert body["dipdi"] == pytest.approx(s.mean)
    assert [r["dipdi"] for r in body["replicates"]] == pytest.approx(values)
    groups = {g["group"]: g for g in body["groups"]}
    assert groups["x"]["dipdi"] > groups["y"]["dipdi"]  # the bias is planted on group x
    third = fx.get_json(client, "discrepancy", run="dev", tag="reps", step=0, replicate=2)
    assert third["replicate"] == 2 and third["matrix"] != body["matrix"]


def test_steps_route_lists_every_step(served):
    client, _ = served
    body = fx.get_json(client, "discrepancy_steps", run="dev", tag="reps")
    assert [s["step"] for s in body["steps"]] == [0, 1]
    first, second = body["steps"]
    assert first["dipdi"] > 1 and abs(second["dipdi"]) < 0.5
    assert first["uncertainty"]["stars"] == "*"
    assert second["uncertainty"]["pvalue"] > 0.05 and second["uncertainty"]["stars"] == ""
    one = fx.get_json(client, "discrepancy", run="dev", tag="reps", step=1)
    assert second["dipdi"] == one["dipdi"] and second["between"] == one["between"]


def test_examples_route_returns_top_examples_and_histogram(served):
    client, _ = served
    body = fx.get_json(client, "discrepancy_examples", run="dev", tag="worked", step=0, limit=2)
    assert [t["id"] for t in body["top"]] == ["d", "a"]  # e_k = [2, 2, -3, 7]; ties by position
    assert body["top"][0]["excess"] == pytest.approx(7.0) and body["top"][0]["group"] == "F"
    assert body["top"][0]["outputs"] == [40.0, 40.0, 50.0, 47.0]
    assert sum(body["histogram"]["counts"]) == 4 and len(body["histogram"]["edges"]) == 41


def test_compare_route_gives_the_change_of_dipdi(served):
    client, _ = served
    body = fx.get_json(client, "discrepancy_compare", run="dev", tag="reps", step=0, run2="dep")
    assert body["a"]["run"] == "dev" and body["b"]["run"] == "dep"
    assert body["delta"] == pytest.approx(body["b"]["dipdi"] - body["a"]["dipdi"])
    assert body["delta"] > 0 and body["rising"] is True
    assert fx.get_json(client, "discrepancy_compare", run="dev", tag="reps", step=0, run2="dep", tag2="") == body
    # any rise was "the warning sign": it is weighed against the replicates' spread, std / sqrt(defined) of each
    ua, ub = body["a"]["uncertainty"], body["b"]["uncertainty"]
    se = math.sqrt(ua["std"] ** 2 / ua["defined"] + ub["std"] ** 2 / ub["defined"])
    assert body["beyond_noise"] is (body["delta"] > 2 * se)
    from_one = fx.get_json(client, "discrepancy_compare", run="dev", tag="reps", step=1, run2="dep")  # shift 0 vs 3
    assert from_one["rising"] is True and from_one["beyond_noise"] is True
    # one replicate: bootstrap intervals, which overlap for a record against itself; undefined ones say nothing
    itself = fx.get_json(client, "discrepancy_compare", run="dev", tag="worked", step=0, run2="dev", step2=0)
    assert itself["a"]["uncertainty"]["kind"] == "bootstrap" and itself["a"]["uncertainty"]["low"] is not None
    assert itself["delta"] == 0 and itself["rising"] is False and itself["beyond_noise"] is False
    shifted = fx.get_json(client, "discrepancy_compare", run="dev", tag="worked", step=0, run2="dev", step2=1)
    assert shifted["b"]["uncertainty"]["low"] is None and shifted["beyond_noise"] is None


@pytest.mark.parametrize(
    "route, params, status, message",
    [
        ("discrepancy", dict(run="dev"), 400, "tag"),
        ("discrepancy", dict(run="dev", tag="worked", pairing="best"), 400, "pairing"),
        ("discrepancy", dict(run="dev", tag="reps", replicate=99), 400, "no replicate 99"),
        ("discrepancy", dict(run="dev", tag="worked", step="x"), 400, "integer"),
        ("discrepancy", dict(run="dev", tag="worked", step=7), 404, "no step 7"),
        ("discrepancy_examples", dict(run="dev", tag="worked", limit=0), 400, "limit"),
        ("discrepancy_compare", dict(run="dev", tag="reps"), 400, "run2"),
        ("discrepancy_compare", dict(run="dev", tag="reps", run2=""), 400, "'run2' must not be empty"),
        ("discrepancy_steps", dict(run="nope", tag="reps"), 404, ""),
    ],
)
def test_bad_requests_are_4xx_json(served, route, params, status, message):
    client, _ = served
    body = fx.get_json(client, route, status=status, **params)
    assert message in body["error"]


def test_runs_lists_the_measure_with_its_config(served):
    client, _ = served
    body = fx.get_json(client, "runs")
    (found,) = [m for m in body["measures"] if m["measure"] == "discrepancy"]
    assert found["title"] == "Prediction discrepancy" and found["config"]["limits"]["min_group_n"] == 30
    (dev,) = [r for r in body["runs"] if r["run"] == "dev"]
    reps = next(t for t in dev["tags"] if t["tag"] == "reps")
    assert reps["measure"] == "discrepancy" and reps["steps"] == [0, 1] and reps["replicates"] == 6
