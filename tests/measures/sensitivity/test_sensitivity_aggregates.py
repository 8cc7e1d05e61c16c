"""Dataset aggregates of P and the streaming accumulator."""

import numpy as np
import pytest

from tb_bias_plugin.measures.sensitivity import SensitivityAccumulator, aggregate, summarize


def _data(n=1000, seed=0):
    rng = np.random.default_rng(seed)
    P = rng.gamma(2.0, 0.05, n)
    P[rng.random(n) < 0.1] = np.nan
    groups = rng.choice(["f", "m", "x"], n)
    cls = rng.integers(0, 4, n)
    return P, groups, cls


def test_summary_skips_nan_and_reports_coverage():
    s = summarize([0.4, np.nan, 0.1, 0.2, 0.3, np.nan])
    assert s["n"] == 6 and s["n_defined"] == 4 and s["coverage"] == pytest.approx(4 / 6)
    assert s["mean"] == pytest.approx(0.25) and s["median"] == pytest.approx(0.25)
    assert s["p90"] == pytest.approx(0.37) and s["max"] == 0.4
    empty = summarize([np.nan, np.nan])
    assert empty["coverage"] == 0 and np.isnan(empty["mean"]) and np.isnan(empty["p90"])


def test_breakdowns_match_direct_computation():
    P, groups, cls = _data()
    a = aggregate(P, groups=groups, pred_class=cls)
    for g in ("f", "m", "x"):
        sel = P[groups == g]
        assert a["by_group"][g]["mean"] == pytest.approx(np.nanmean(sel))
        assert a["by_group"][g]["n"] == sel.size
    for c in range(4):
        assert a["by_class"][c]["p90"] == pytest.approx(np.nanpercentile(P[cls == c], 90))
    with pytest.raises(ValueError, match="groups"):
        aggregate(P, groups=groups[:-1])


def test_accumulator_with_merge_equals_one_shot():
    P, groups, cls = _data()
    ids = [f"ex{i}" for i in range(P.size)]
    one = SensitivityAccumulator(top_k=5, reservoir_size=20, seed=0)
    two = SensitivityAccumulator(top_k=5, reservoir_size=20, seed=1)
    for lo in range(0, 600, 97):
        hi = min(lo + 97, 600)
        one.update(P[lo:hi], example_ids=ids[lo:hi], groups=groups[lo:hi], pred_class=cls[lo:hi])
    for lo in range(600, P.size, 128):
        hi = min(lo + 128, P.size)
        two.update(P[lo:hi], example_ids=ids[lo:hi], groups=groups[lo:hi], pred_class=cls[lo:hi],
                   details=[{"row": i} for i in range(lo, hi)])
    one.merge(two)
    got = one.result()
    want = aggregate(P, groups=groups, pred_class=cls)
    for key in ("n", "n_defined", "coverage", "mean", "median", "p90", "max"):
        assert got[key] == want[key], key
    assert got["by_group"] == want["by_group"] and got["by_class"] == want["by_class"]
    order = np.argsort(-np.nan_to_num(P, nan=-1), kind="stable")[:5]
    assert [e.example_id for e in got["top_k"]] == [ids[i] for i in order]
    assert [e.P for e in got["top_k"]] == [P[i] for i in order]
    assert len(got["reservoir"]) == 20 and len({e.example_id for e in got["reservoir"]}) == 20
    for e in got["reservoir"]:
        i = ids.index(e.example_id)
        assert e.P == P[i] or (np.isnan(e.P) and np.isnan(P[i]))
        assert e.detail is None if i < 600 else e.detail == {"row": i}


def test_reservoir_is_seeded_and_roughly_uniform():
    def run(seed):
        acc = SensitivityAccumulator(top_k=0, reservoir_size=10, seed=seed)
        for lo in range(0, 200, 50):
            acc.update(np.arange(lo, lo + 50, dtype=float))
        return [e.example_id for e in acc.result()["reservoir"]]

    assert run(3) == run(3)
    hits = np.zeros(200)
    for seed in range(300):
        hits[run(seed)] += 1
    # Each example is kept with probability 10/200: 15 of 300 runs expected per example.
    assert hits.sum() == 3000
    assert abs(hits[:100].sum() - hits[100:].sum()) < 300


def test_merged_reservoir_draws_from_both_sides_in_proportion():
    big_side = 0
    for seed in range(200):
        a = SensitivityAccumulator(top_k=0, reservoir_size=10, seed=seed)
        b = SensitivityAccumulator(top_k=0, reservoir_size=10, seed=seed + 1000)
        a.update(np.zeros(300), example_ids=["a%d" % i for i in range(300)])
        b.update(np.zeros(100), example_ids=["b%d" % i for i in range(100)])
        a.merge(b)
        res = a.result()["reservoir"]
        assert len(res) == 10
        big_side += sum(e.example_id.startswith("a") for e in res)
    assert 0.7 < big_side / 2000 < 0.8  # expected 0.75


def test_top_k_skips_undefined_and_labels_must_be_consistent():
    acc = SensitivityAccumulator(top_k=3)
    acc.update([np.nan, 0.2, np.nan])
    assert [e.P for e in acc.result()["top_k"]] == [0.2]
    with pytest.raises(ValueError, match="groups"):
        acc.update([0.1], groups=["a"])
    with pytest.raises(ValueError, match="example_ids has 1 ids but there are 2 examples"):
        acc.update([0.1, 0.2], example_ids=["only-one"])


def _state(acc):
    r = acc.result()
    return acc.n, acc.values().tolist(), sorted(r.get("by_group", {})), [e.example_id for e in r["top_k"]]


@pytest.mark.parametrize("bad_groups, match", [
    (["a", None], "groups must be all strings or all integers; got None"),
    ([np.nan, "a"], "got nan"),
    ([True, False], "got True"),
    ([1, 2], "groups must be of one kind: earlier updates gave strings, this one integers"),
    ("ab", "not a single string"),
])
def test_a_bad_groups_update_is_refused_and_leaves_the_accumulator_as_it_was(bad_groups, match):
    acc = SensitivityAccumulator(top_k=2, reservoir_size=2)
    acc.update([0.1, 0.2], groups=["a", "b"])
    before = _state(acc)
    with pytest.raises(ValueError, match=match):
        acc.update([0.3, 0.4], groups=bad_groups)
    assert _state(acc) == before  # result() still works: nothing was poisoned
    acc.update([0.3], groups=["a"])
    assert acc.result()["by_group"]["a"]["mean"] == pytest.approx(0.2)


def test_integer_groups_are_one_kind_too():
    acc = SensitivityAccumulator()
    acc.update([0.1, 0.2], groups=np.array([1, 2]))
    acc.update([0.3], groups=[np.int64(1)])
    with pytest.raises(ValueError, match="earlier updates gave integers, this one strings"):
        acc.update([0.4], groups=["1"])
    other = SensitivityAccumulator()
    other.update([0.5], groups=["x"])
    with pytest.raises(ValueError, match="groups must be of one kind: this accumulator's are integers, the other's strings"):
        acc.merge(other)
    assert sorted(acc.result()["by_group"]) == [1, 2]


@pytest.mark.parametrize("P, match", [
    ([0.1, np.inf], r"P has non-finite entries at positions \[1\]"),
    ([0.1, -1.0], "P has negative entries"),
    (["0.1", "0.2"], "P must be an array of numbers"),
    ([[0.1, 0.2]], "P must be 1-D"),
])
def test_p_must_be_finite_non_negative_numbers_or_nan(P, match):
    acc = SensitivityAccumulator()
    with pytest.raises(ValueError, match=match):
        acc.update(P)
    assert acc.n == 0 and acc.values().size == 0


@pytest.mark.parametrize("kwargs, match", [
    (dict(top_k=1.5), "top_k must be a non-negative integer, got 1.5"),
    (dict(reservoir_size=-1), "reservoir_size must be a non-negative integer"),
    (dict(seed="x"), "seed must be a non-negative integer"),
])
def test_accumulator_arguments_are_integers(kwargs, match):
    with pytest.raises(ValueError, match=match):
        SensitivityAccumulator(**kwargs)


def test_merging_something_else_is_a_value_error():
    with pytest.raises(ValueError, match="other must be a SensitivityAccumulator; got NoneType"):
        SensitivityAccumulator().merge(None)


def test_pred_class_must_be_non_negative_integers():
    acc = SensitivityAccumulator()
    for bad, match in (([0.5, 1.5], "pred_class must be all integers; got 0.5"), ([-1, 0], "non-negative")):
        with pytest.raises(ValueError, match=match):
            acc.update([0.1, 0.2], pred_class=bad)
    assert acc.n == 0


@pytest.mark.parametrize("kwargs, match", [
    (dict(P=["0.1", "inf", -2]), "P must be an array of numbers"),  # once a mean of inf
    (dict(P=[0.1, np.inf]), "non-finite"),
    (dict(P=[0.1, 0.2], pred_class=[-1, 0]), "non-negative class indices"),
    (dict(P=[0.1, 0.2], groups=[1.5, 2.5]), "all strings or all integers; got 1.5"),
    (dict(P=[0.1, 0.2], groups=[1.5, None]), "got 1.5"),  # once a TypeError from np.unique
])
def test_aggregate_takes_the_accumulators_rules(kwargs, match):
    with pytest.raises(ValueError, match=match):
        aggregate(**kwargs)


def test_aggregate_and_accumulator_agree_on_column_p_and_uint8_groups():
    p, groups = np.array([[0.1], [0.3], [0.5]]), np.array([1, 2, 1], dtype=np.uint8)
    acc = SensitivityAccumulator()
    acc.update(p, groups=groups)
    acc.update([0.2], groups=[2])  # the same groups, given as Python ints
    want = aggregate([0.1, 0.3, 0.5, 0.2], groups=[1, 2, 1, 2])
    assert sorted(acc.result()["by_group"]) == sorted(want["by_group"]) == [1, 2]
    assert acc.result()["by_group"][2]["mean"] == pytest.approx(want["by_group"][2]["mean"], rel=1e-12)
    assert aggregate(p, groups=groups)["by_group"][1]["mean"] == pytest.approx(0.3, rel=1e-12)


def test_distribution_of_a_sample_all_at_zero_keeps_valid_bins():
    """Every P = 0 (the tabular demo's mask_gender): bins need a width, so the
    writer logs 0..1 with all examples in the first; the view reads max = 0 and
    draws one spike at 0 rather than an axis to 1."""
    from tb_bias_plugin.measures.sensitivity.collect import distribution

    edges, counts, quantiles = distribution(np.zeros(2000))
    assert edges[0] == 0.0 and edges[-1] == 1.0 and np.all(np.diff(edges) > 0)
    assert counts[0] == 2000 and counts.sum() == 2000
    assert np.all(quantiles == 0.0)


def test_distribution_of_subnormal_p_keeps_rising_bins_the_reader_accepts():
    """A largest P of 5e-324 made 40 bins of one subnormal step, most of width 0: edges a reader refuses."""
    from tb_bias_plugin.measures.sensitivity.collect import distribution
    from tb_bias_plugin.storage import values

    edges, counts, _ = distribution(np.array([0.0, 5e-324, 1e-323]))
    values.check_rising(edges, "edges")
    assert counts.sum() == 3
