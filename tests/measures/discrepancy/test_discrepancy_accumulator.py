"""Streaming DIPDI accumulator: equals the one-shot function, merges in any order."""

import importlib
import itertools
import math

import numpy as np
import pytest

from tb_bias_plugin.measures.discrepancy.accumulator import DipdiAccumulator
from tb_bias_plugin.measures.discrepancy.dipdi import dipdi

POOL_A = np.array([[10, 20, 30, 40], [12, 18, 33, 40]], dtype=float)
POOL_B = np.array([[15, 25, 28, 50], [14, 22, 35, 47]], dtype=float)


def assert_same(streamed, one_shot):
    assert streamed.n == one_shot.n
    assert streamed.reason == one_shot.reason
    if math.isnan(one_shot.dipdi):
        assert math.isnan(streamed.dipdi)
    else:
        assert streamed.dipdi == pytest.approx(one_shot.dipdi, rel=1e-11, abs=1e-13)
    for attr in ("between", "within_a", "within_b"):
        assert getattr(streamed, attr) == pytest.approx(getattr(one_shot, attr), rel=1e-11)
    np.testing.assert_allclose(streamed.pair_matrix, one_shot.pair_matrix, rtol=1e-11)
    assert streamed.pairs.between == one_shot.pairs.between
    assert streamed.excess_discrepancy is None
    if one_shot.groups is None:
        assert streamed.groups is None
        return
    assert list(streamed.groups) == list(one_shot.groups)
    for label, expected in one_shot.groups.items():
        got = streamed.groups[label]
        assert got.n == expected.n and got.reason == expected.reason
        assert got.dipdi == pytest.approx(expected.dipdi, rel=1e-10, abs=1e-12)
        assert got.between == pytest.approx(expected.between, rel=1e-11)


def random_pools(kind, rng, n, m=4):
    if kind == "regression":
        return rng.normal(size=(m, n, 2)), rng.normal(0.3, 1.4, size=(m, n, 2))
    return rng.dirichlet(np.ones(5), size=(m, n)), rng.dirichlet(np.ones(5) * 3, size=(m, n))


def test_worked_example_in_two_batches():
    acc = DipdiAccumulator()
    acc.update(POOL_A[:, :1], POOL_B[:, :1], groups=["M"])
    acc.update(POOL_A[:, 1:], POOL_B[:, 1:], groups=["M", "F", "F"])
    r = acc.result()
    assert r.dipdi == pytest.approx(1.214125, abs=5e-7)
    assert r.groups["M"].dipdi == pytest.approx(math.log(3.75))
    assert r.groups["F"].dipdi == pytest.approx(math.log(3.6))
    assert acc.n == 4


@pytest.mark.parametrize(
    "kind,discrepancy", [("regression", "abs"), ("regression", "sq"), ("prob", "jsd"), ("prob", "js_distance")]
)
@pytest.mark.parametrize("pairing", ["paired", "all_pairs"])
def test_batches_equal_one_shot(kind, discrepancy, pairing):
    rng = np.random.default_rng(7)
    a, b = random_pools(kind, rng, 1000)
    groups = rng.choice(["u", "v", "w"], size=1000)
    expected = dipdi(a, b, discrepancy=discrepancy, pairing=pairing, groups=groups)
    acc = DipdiAccumulator(discrepancy=discrepancy, pairing=pairing)
    for lo, hi in ((0, 1), (1, 333), (333, 333), (333, 1000)):
        acc.update(a[:, lo:hi], b[:, lo:hi], groups=groups[lo:hi])
    assert_same(acc.result(), expected)


def test_without_groups_equals_one_shot():
    rng = np.random.default_rng(8)
    a, b = random_pools("regression", rng, 500)
    acc = DipdiAccumulator(pairing="all_pairs")
    acc.update(a[:, :200], b[:, :200]).update(a[:, 200:], b[:, 200:])
    assert_same(acc.result(), dipdi(a, b, pairing="all_pairs"))


def test_an_accumulator_is_not_merged_into_itself():
    # a review: in place, every example counted twice and the top examples listed twice
    a, b = random_pools("prob", np.random.default_rng(1), 20)
    acc = DipdiAccumulator(discrepancy="jsd", top_k=3).update(a, b, example_ids=[f"e{k}" for k in range(20)])
    with pytest.raises(ValueError, match="cannot merge a DipdiAccumulator into itself"):
        acc.merge(acc)
    assert acc.result().n == 20


def test_shards_merge_in_any_order_to_the_one_shot_result():
    rng = np.random.default_rng(9)
    a, b = random_pools("prob", rng, 900)
    # shards see different subsets of the groups, so group codes must be remapped
    groups = np.where(np.arange(900) < 300, "early", rng.choice(["x", "y"], size=900))
    ids = np.array([f"ex{k}" for k in range(900)])
    expected = dipdi(a, b, discrepancy="jsd", groups=groups)
    bounds = [(0, 300), (300, 650), (650, 900)]

    def shard(lo, hi):
        acc = DipdiAccumulator(discrepancy="jsd", top_k=5)
        return acc.update(a[:, lo:hi], b[:, lo:hi], groups=groups[lo:hi], example_ids=ids[lo:hi])

    tops = set()
    for order in itertools.permutations(range(3)):
        merged = DipdiAccumulator(discrepancy="jsd", top_k=5)
        for k in order:
            merged.merge(shard(*bounds[k]))
        r = merged.result()
        assert_same(r, expected)
        tops.add(tuple(r.top_examples.example_ids.tolist()))
    top = np.argsort(-expected.excess_discrepancy)[:5]
    assert tops == {tuple(ids[top].tolist())}


def test_merging_an_empty_accumulator_changes_nothing():
    acc = DipdiAccumulator().update(POOL_A, POOL_B)
    acc.merge(DipdiAccumulator())
    empty = DipdiAccumulator().merge(acc)
    assert empty.result().dipdi == pytest.approx(1.214125, abs=5e-7)
    assert acc.result().n == 4


def test_top_k_examples_match_the_one_shot_excess():
    rng = np.random.default_rng(10)
    a, b = random_pools("regression", rng, 700)
    groups = rng.integers(0, 4, size=700)
    expected = dipdi(a, b, groups=groups)
    acc = DipdiAccumulator(top_k=6)
    for lo in range(0, 700, 128):
        acc.update(a[:, lo:lo + 128], b[:, lo:lo + 128], groups=groups[lo:lo + 128])
    top = acc.result().top_examples
    want = np.argsort(-expected.excess_discrepancy)[:6]
    np.testing.assert_array_equal(top.example_ids, want)  # default ids: arrival position
    np.testing.assert_allclose(top.excess_discrepancy, expected.excess_discrepancy[want], rtol=1e-12)
    np.testing.assert_array_equal(top.groups, groups[want])
    np.testing.assert_array_equal(top.outputs, np.concatenate([a, b])[:, want].swapaxes(0, 1))


def test_nan_cases_stream_too():
    acc = DipdiAccumulator()
    acc.update(np.array([POOL_A[0], POOL_A[0]]), POOL_B)
    r = acc.result()
    assert math.isnan(r.dipdi) and r.reason == "zero_within_a"
    single = DipdiAccumulator(pairing="all_pairs").update(POOL_A[:1], POOL_B[:1]).result()
    assert single.reason == "single_model" and single.between == pytest.approx(5.5)


def test_logits_stream_and_keep_raw_outputs():
    rng = np.random.default_rng(12)
    logits_a, logits_b = rng.normal(size=(2, 50, 3)), rng.normal(size=(2, 50, 3))
    expected = dipdi(logits_a, logits_b, discrepancy="jsd", from_logits=True)
    acc = DipdiAccumulator(discrepancy="jsd", from_logits=True, top_k=1)
    acc.update(logits_a[:, :20], logits_b[:, :20]).update(logits_a[:, 20:], logits_b[:, 20:])
    r = acc.result()
    assert_same(r, expected)
    k = int(np.argmax(expected.excess_discrepancy))
    np.testing.assert_array_equal(r.top_examples.outputs[0], np.concatenate([logits_a, logits_b])[:, k])


@pytest.mark.parametrize(
    "action,match",
    [
        (lambda acc: acc.update(POOL_A[:1], POOL_B[:1]), "all_pairs"),
        (lambda acc: acc.update(POOL_A, POOL_B).update(np.vstack([POOL_A] * 2), np.vstack([POOL_B] * 2)), "earlier batches had 2 and 2"),
        (lambda acc: acc.update(POOL_A, POOL_B).update(POOL_A[..., None], POOL_B[..., None]), "output shape"),
        (lambda acc: acc.update(POOL_A, POOL_B, groups=list("abcd")).update(POOL_A, POOL_B), "groups"),
        (lambda acc: acc.update(POOL_A, POOL_B, example_ids=[1, 2]), "example_ids has 2"),
        (lambda acc: acc.update(POOL_A, POOL_B[:, :2]), "same examples"),
        (lambda acc: acc.result(), "update"),
        (lambda acc: acc.merge(DipdiAccumulator(pairing="all_pairs")), "different pairing"),
        (lambda acc: acc.merge(DipdiAccumulator(top_k=2)), "different top_k"),
        (lambda acc: acc.merge("not an accumulator"), "DipdiAccumulator"),
        (
            lambda acc: acc.update(POOL_A, POOL_B).merge(
                DipdiAccumulator().update(np.vstack([POOL_A] * 2), np.vstack([POOL_B] * 2))
            ),
            "other accumulator",
        ),
        (
            lambda acc: acc.update(POOL_A, POOL_B).merge(DipdiAccumulator().update(POOL_A, POOL_B, groups=list("abab"))),
            "with groups and one without",
        ),
    ],
)
def test_inconsistent_use_raises(action, match):
    with pytest.raises(ValueError, match=match):
        action(DipdiAccumulator())


@pytest.mark.parametrize(
    "kwargs,match",
    [({"discrepancy": "l1"}, "discrepancy"), ({"pairing": "x"}, "pairing"), ({"top_k": -1}, "top_k"),
     ({"discrepancy": "abs", "from_logits": True}, "from_logits"), ({"from_logits": "no"}, "from_logits must be True or False")],
)
def test_bad_options_raise(kwargs, match):
    with pytest.raises(ValueError, match=match):
        DipdiAccumulator(**kwargs)


@pytest.mark.parametrize(
    "bad_a,match",
    [
        (np.where(np.arange(4) == 3, np.nan, POOL_A), "non-finite"),
        (np.where(np.arange(4) == 2, np.inf, POOL_A), "non-finite"),
    ],
)
def test_a_rejected_batch_leaves_the_accumulator_unchanged(bad_a, match):
    # values are checked while the batch is consumed; nothing of it may stay
    acc = DipdiAccumulator(top_k=2).update(POOL_A[:, :2], POOL_B[:, :2], groups=["M", "M"])
    before = acc.statistics()
    with pytest.raises(ValueError, match=match):
        acc.update(bad_a, POOL_B, groups=["M", "X", "F", "F"])
    after = acc.statistics()
    assert after.num_examples == before.num_examples and after.labels == ["M"]
    np.testing.assert_array_equal(after.sums, before.sums)
    np.testing.assert_array_equal(after.group_sums, before.group_sums)
    acc.update(POOL_A[:, 2:], POOL_B[:, 2:], groups=["F", "F"])
    streamed = acc.result()
    assert_same(streamed, dipdi(POOL_A, POOL_B, groups=["M", "M", "F", "F"]))
    assert streamed.top_examples.example_ids.tolist() == [3, 0]  # e = 7, then 2 (first of a tie)


@pytest.mark.parametrize("later", [["1", "1", "2", "2"], [1, "1", 2, 2], ["M", None, "F", "F"]])
def test_groups_of_one_kind_a_batch_of_another_is_refused_and_nothing_lost(tmp_path, later):
    # a record names groups by their text: ints 1, 2 then strings "1", "2" once became four groups stored
    # as two names, and decoding lost half of them
    from tb_bias_plugin.summary import Writer

    acc = DipdiAccumulator().update(POOL_A[:, :2], POOL_B[:, :2], groups=[1, 2])
    before = acc.statistics()
    with pytest.raises(ValueError, match="groups"):
        acc.update(POOL_A, POOL_B, groups=later)
    with pytest.raises(ValueError, match="groups must be of one kind: this accumulator's are integers, the other's strings"):
        acc.merge(DipdiAccumulator().update(POOL_A, POOL_B, groups=["1", "1", "2", "2"]))
    assert acc.statistics().labels == before.labels == [1, 2]
    np.testing.assert_array_equal(acc.statistics().group_sums, before.group_sums)
    acc.update(POOL_A[:, 2:], POOL_B[:, 2:], groups=[1, 2])
    assert_same(acc.result(), dipdi(POOL_A, POOL_B, groups=[1, 2, 1, 2]))
    with Writer(tmp_path) as w:
        assert w.prediction_discrepancy("dipdi", acc)


def test_a_rejected_first_batch_leaves_no_layout():
    acc = DipdiAccumulator(discrepancy="jsd")
    bad = np.full((2, 3, 2), 0.5)
    bad[1, 2] = [0.7, 0.7]
    with pytest.raises(ValueError, match=r"sums to 1\.4.*model 1, example 2"):
        acc.update(bad, np.full((2, 3, 2), 0.5), groups=["a", "b", "c"])
    with pytest.raises(ValueError, match="update"):
        acc.result()
    # a different layout is accepted afterwards: the rejected batch set nothing
    acc.update(np.full((4, 3, 3), 1 / 3), np.full((4, 3, 3), 1 / 3))
    assert acc.n == 3


def top_k_oracle(e, k):
    """Largest first; among equal values, the earlier example first."""
    order = sorted(range(len(e)), key=lambda idx: (-e[idx], idx))
    return order[:k]


@pytest.mark.parametrize("batch", [1, 7, 64, 1000])
def test_top_k_with_many_ties_keeps_arrival_order(batch):
    rng = np.random.default_rng(20)
    # values on a coarse grid: many examples share the same excess
    a = rng.integers(0, 3, size=(2, 300)).astype(float)
    b = rng.integers(0, 3, size=(2, 300)).astype(float)
    e = dipdi(a, b).excess_discrepancy
    assert len(np.unique(e)) < 20
    acc = DipdiAccumulator(top_k=25)
    for lo in range(0, 300, batch):
        acc.update(a[:, lo:lo + batch], b[:, lo:lo + batch])
    top = acc.result().top_examples
    want = top_k_oracle(e.tolist(), 25)
    assert top.example_ids.tolist() == want
    np.testing.assert_array_equal(top.excess_discrepancy, e[want])


def test_jsd_stream_with_zero_probabilities_and_float32_equals_one_shot(monkeypatch):
    dipdi_module = importlib.import_module("tb_bias_plugin.measures.discrepancy.dipdi")
    monkeypatch.setattr(dipdi_module, "_CHUNK_ELEMENTS", 50)  # chunks of a few examples
    rng = np.random.default_rng(21)
    p = rng.dirichlet(np.ones(4) * 0.4, size=(4, 90))
    p[:, ::5, :2] = 0.0  # exact zeros: 0 log 0, and identical rows
    p[1, ::5] = p[0, ::5]
    p /= p.sum(axis=-1, keepdims=True)
    q = rng.dirichlet(np.ones(4), size=(4, 90))
    p32, q32 = p.astype(np.float32), q.astype(np.float32)
    for pairing in ("paired", "all_pairs"):
        expected = dipdi(p32, q32, discrepancy="jsd", pairing=pairing, groups=np.arange(90) % 3)
        acc = DipdiAccumulator(discrepancy="jsd", pairing=pairing)
        for lo in range(0, 90, 13):
            acc.update(p32[:, lo:lo + 13], q32[:, lo:lo + 13], groups=np.arange(lo, min(90, lo + 13)) % 3)
        assert_same(acc.result(), expected)
        # float32 input is read in float64 after normalising: same as the float64 rows
        ref = dipdi(p32.astype(np.float64), q32.astype(np.float64), discrepancy="jsd", pairing=pairing)
        assert expected.dipdi == pytest.approx(ref.dipdi, rel=1e-12)
    same = dipdi(p, q, discrepancy="jsd", pairing="all_pairs").excess_discrepancy
    assert np.isfinite(same).all()


def test_class_probabilities_by_the_default_are_warned_of_once_and_summary_records_abs(tmp_path):
    import warnings

    from tb_bias_plugin import summary
    from tb_bias_plugin.measures.discrepancy.dipdi import ClassProbabilitiesWarning

    rng = np.random.default_rng(0)
    probs = rng.random((2, 4, 30, 3))
    probs /= probs.sum(axis=-1, keepdims=True)
    acc = DipdiAccumulator()
    with pytest.warns(ClassProbabilitiesWarning, match="3 outputs"):
        acc.update(probs[0, :, :10], probs[1, :, :10])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        acc.update(probs[0, :, 10:], probs[1, :, 10:])  # the first batch was the one looked at
        DipdiAccumulator(discrepancy="abs").update(probs[0], probs[1])
    assert acc.discrepancy == "abs" and acc.result().dipdi == pytest.approx(
        dipdi(probs[0], probs[1], discrepancy="abs").dipdi, rel=1e-12)
    with summary.Writer(str(tmp_path)) as writer, pytest.warns(ClassProbabilitiesWarning):
        assert writer.prediction_discrepancy("d", probs[0], probs[1], step=0)
    assert DipdiAccumulator(from_logits=True).discrepancy == "jsd"
