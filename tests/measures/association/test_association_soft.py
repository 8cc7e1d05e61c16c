"""Soft identities (expected counts), intersections of attributes, and the
bounded working memory of dense batches."""

import tracemalloc

import numpy as np
import pytest

import plugin_fixtures as fx
from tb_bias_plugin import CooccurrenceCounter, summary
from tb_bias_plugin.measures.association import codec, inputs
from tb_bias_plugin.measures.association.counting import attribute_identities
from tb_bias_plugin.measures.association.table import AssociationTable

LABELS = ["bike", "dress", "tie", "tree"]


def loop_expected(examples, probabilities, label_names):
    """Expected counts by a plain loop: each example adds p(x) to C(x) and
    to C(x, y) for its labels, p(xi) p(xj) to C(xi, xj) (i != j)."""
    k = len(probabilities[0])
    cx = [0.0] * k
    cxy = [[0.0] * len(label_names) for _ in range(k)]
    cxx = [[0.0] * k for _ in range(k)]
    cy = [0] * len(label_names)
    for labels, p in zip(examples, probabilities):
        for y in labels:
            cy[label_names.index(y)] += 1
        for i in range(k):
            cx[i] += p[i]
            for y in labels:
                cxy[i][label_names.index(y)] += p[i]
            for j in range(k):
                cxx[i][j] += p[i] if i == j else p[i] * p[j]
    return cy, cx, cxy, cxx


def random_soft(seed, n=300):
    rng = np.random.default_rng(seed)
    dense = rng.random((n, len(LABELS))) < 0.3
    probabilities = rng.random((n, 3))
    probabilities[:10] = 0.0  # some examples surely of no identity
    examples = [[LABELS[j] for j in np.flatnonzero(row)] for row in dense]
    return dense, probabilities, examples


def test_soft_identities_are_expected_counts():
    dense, probabilities, examples = random_soft(0)
    counter = CooccurrenceCounter(LABELS, ["a", "b", "c"], soft_identities=True)
    counter.update(dense[:120], identities=probabilities[:120]).update(examples[120:], identities=probabilities[120:])
    table = counter.table()
    cy, cx, cxy, cxx = loop_expected(examples, probabilities.tolist(), LABELS)
    assert table.expected_counts and table.identity_counts.dtype == np.float64
    assert table.label_counts[0].tolist() == cy
    np.testing.assert_allclose(table.identity_counts[0], cx, rtol=1e-12)
    np.testing.assert_allclose(table.cooccurrence[0], cxy, rtol=1e-12)
    np.testing.assert_allclose(table.identity_cooccurrence[0], cxx, rtol=1e-12)


def test_zero_one_probabilities_count_like_hard_identities():
    dense, probabilities, _ = random_soft(1)
    hard = probabilities > 0.5
    soft = CooccurrenceCounter(LABELS, ["a", "b", "c"], soft_identities=True).update(dense, identities=hard.astype(float))
    want = CooccurrenceCounter(LABELS, ["a", "b", "c"]).update(dense, identities=hard).table()
    assert soft.table() == want


def test_every_metric_is_defined_on_soft_tables():
    dense, probabilities, _ = random_soft(2)
    table = CooccurrenceCounter(LABELS, ["a", "b", "c"], soft_identities=True).update(dense, identities=probabilities).table()
    from tb_bias_plugin.measures.association.metrics import METRICS, association

    n = table.num_examples
    for metric in METRICS:
        got = table.association(metric)
        want = association(metric, n, table.identity_counts[0], table.label_counts[0], table.cooccurrence[0])
        np.testing.assert_array_equal(got, want)
    # demographic parity is p(y | x) = C(x, y) / C(x) with expected counts
    np.testing.assert_allclose(table.association("dp"), table.cooccurrence[0] / table.identity_counts[0][:, None])


def test_soft_tables_round_trip_through_storage_and_http(tmp_path):
    dense, probabilities, _ = random_soft(3)
    table = CooccurrenceCounter(LABELS, ["a", "b", "c"], soft_identities=True).update(dense, identities=probabilities).table()
    decoded = codec.decode(codec.encode_table(table))
    assert decoded == table and decoded.expected_counts
    with summary.Writer(tmp_path / "run") as writer:
        writer.association_table("soft", table, step=3)
    (_, _, read), = fx.read_logdir(tmp_path).values()
    assert read == table
    from plugin_fixtures import Client

    client = Client(fx.make_app(tmp_path)[0])
    rows = fx.get_json(client, "table", run="run", tag="soft", x1="a", x2="b", metric="dp", limit="10")
    got = {row["label"]: row for row in rows["rows"]}
    assert len(got) >= 2
    dp = table.association("dp")
    for label, row in got.items():
        y = LABELS.index(label)
        assert row["gap"] == pytest.approx(dp[0, y] - dp[1, y])
        # expected counts are served as they are, not cut to whole numbers
        assert row["cooccurrence"] == {x: pytest.approx(table.cooccurrence[0][j, y]) for j, x in enumerate("abc")}
        assert row["count"] == int(table.label_counts[0][y])
    assert any(not float(c).is_integer() for row in got.values() for c in row["cooccurrence"].values())


def test_integer_tables_still_store_integers():
    table = CooccurrenceCounter(LABELS, ["bike", "dress"]).update([["bike", "tie"], ["dress"]]).table()
    message = codec.encode_table(table)
    assert not message.expected_counts
    assert codec.decode(message).cooccurrence.dtype == np.int64


@pytest.mark.parametrize(
    "identities,message",
    [
        (np.full((2, 3), 1.5), r"^identities\[0\] has a probability outside \[0, 1\] in column 0: 1.5$"),
        (np.full((2, 3), np.nan), r"^identities\[0\] has a probability outside \[0, 1\] in column 0: nan$"),
        (np.zeros((2, 2)), "examples, 3"),
        ([["a"], ["b"]], "examples, 3"),
        (np.zeros((3, 3)), "3 rows but predictions has 2"),
    ],
)
def test_bad_soft_identities(identities, message):
    counter = CooccurrenceCounter(LABELS, ["a", "b", "c"], soft_identities=True)
    with pytest.raises(ValueError, match=message):
        counter.update([["bike"], ["tie"]], identities=identities)
    assert counter.num_examples == 0


def test_soft_needs_attribute_identities_and_matching_merges():
    with pytest.raises(ValueError, match="soft_identities needs"):
        CooccurrenceCounter(LABELS, ["bike"], soft_identities=True, identities_from="labels")
    with pytest.raises(ValueError, match="different soft_identities"):
        CooccurrenceCounter(LABELS, ["a"], soft_identities=True).merge(CooccurrenceCounter(LABELS, ["a"]))


def test_table_rejects_fractional_label_counts():
    with pytest.raises(ValueError, match="integer counts"):
        AssociationTable(["y"], ["x"], [0.5], 2, [[0.5]], [[1]], [[[0]]], [[[1]]], [-1])


def test_intersections_count_as_their_own_identities():
    sex = ["f", "m", "f", "f", None, "m"]
    age = ["60+", "60+", "<30", "60+", "60+", ""]
    names, indicator = attribute_identities({"sex": sex, "age": age}, [("sex", "age")])
    assert names == (
        "sex=f", "sex=m", "age=60+", "age=<30",
        "sex=f & age=60+", "sex=f & age=<30", "sex=m & age=60+",
    )
    # by hand: the examples in each identity
    members = {name: set(np.flatnonzero(indicator[:, j]).tolist()) for j, name in enumerate(names)}
    assert members["sex=f & age=60+"] == {0, 3}
    assert members["sex=m & age=60+"] == {1}
    assert members["age=60+"] == {0, 1, 3, 4}
    assert members["sex=m"] == {1, 5}
    predictions = [["bike"], ["tie"], ["dress"], ["bike", "tie"], ["tree"], ["bike"]]
    table = CooccurrenceCounter(LABELS, names).update(predictions, identities=indicator).table()
    j = names.index("sex=f & age=60+")
    assert table.identity_counts[0, j] == 2
    assert table.cooccurrence[0, j].tolist() == [2, 0, 1, 0]  # bike twice, tie once
    assert table.rank_labels("sex=f & age=60+", "rest", include_zero_cooccurrence=True)


def test_the_routes_name_intersections_parts_and_expected_counts(tmp_path):
    from plugin_fixtures import Client

    names, indicator = attribute_identities({"sex": ["f", "m", "f"], "age": ["60+", "60+", "<30"]}, [("sex", "age")])
    hard = CooccurrenceCounter(LABELS, names).update([["bike"], ["tie"], ["dress"]], identities=indicator).table()
    dense, probabilities, _ = random_soft(4)
    soft = CooccurrenceCounter(LABELS, ["a & b", "c", "d"], soft_identities=True).update(dense, identities=probabilities).table()
    with summary.Writer(tmp_path / "run") as writer:
        writer.association_table("intersections", hard, step=0)
        writer.association_table("soft", soft, step=0)
    client = Client(fx.make_app(tmp_path)[0])
    for route in ("table", "compare"):
        body = fx.get_json(client, route, run="run", tag="intersections", x1="sex=f", x2="rest")
        assert body["identity_parts"] == {
            "sex=f & age=60+": ["sex=f", "age=60+"],
            "sex=f & age=<30": ["sex=f", "age=<30"],
            "sex=m & age=60+": ["sex=m", "age=60+"],
        }
        assert body["expected_counts"] is False
        body = fx.get_json(client, route, run="run", tag="soft", x1="a & b", x2="c")
        assert body["identity_parts"] == {}  # "a & b" has no column=value parts
        assert body["expected_counts"] is True


def test_intersections_only_and_bad_arguments():
    names, _ = attribute_identities({"a": ["1", "2"], "b": ["x", "x"]}, [("a", "b")], singles=False)
    assert names == ("a=1 & b=x", "a=2 & b=x")
    for args, message in [
        (({"a": ["1"], "b": ["1", "2"]},), "2 values but the first has 1"),
        (({"a": ["1"]}, [("a", "z")]), "'z' is not an attribute"),
        (({"a": ["1"]}, [("a",)]), "at least two"),
        (({"a=b": ["1"]},), "without '='"),
        (({},), "non-empty mapping"),
        (({"a": [None]},), "no values"),
    ]:
        with pytest.raises(ValueError, match=message):
            attribute_identities(*args)


def test_dense_float_batch_memory_is_bounded(monkeypatch):
    # 1k x 200k float32 at 3 thresholds, scaled down by 100 in columns
    # (the block size scales with the batch the same way).
    rng = np.random.default_rng(5)
    n, num_labels = 1000, 2000
    scores = rng.random((n, num_labels), dtype=np.float32)  # most cells above every threshold
    labels = ["l%d" % i for i in range(num_labels)]
    counter = CooccurrenceCounter(labels, labels[:8], thresholds=(0.3, 0.5, 0.7))
    counter.update(scores[:10])  # warm up imports and caches
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        counter.update(scores)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= 2 * scores.nbytes, (peak, scores.nbytes)
    # and blocks change nothing: the same counts as one block
    monkeypatch.setattr(inputs, "_DENSE_PARTS", 1)
    monkeypatch.setattr(inputs, "_DENSE_CELLS", 1 << 40)
    single = CooccurrenceCounter(labels, labels[:8], thresholds=(0.3, 0.5, 0.7))
    single.update(scores[:10]).update(scores)
    assert single.table() == counter.table()


def test_a_bad_value_in_a_late_block_changes_nothing(monkeypatch):
    monkeypatch.setattr(inputs, "_DENSE_CELLS", 16)
    scores = np.full((50, len(LABELS)), 0.7)
    scores[45, 2] = np.nan
    counter = CooccurrenceCounter(LABELS, ["bike", "tie"]).update(scores[:3])
    before = counter.table()
    with pytest.raises(ValueError, match="NaN"):
        counter.update(scores)
    assert counter.table() == before
