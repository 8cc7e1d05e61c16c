"""Counting equals a plain loop over examples, in every input form."""

import re

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tb_bias_plugin import CooccurrenceCounter, summary
from tb_bias_plugin.measures.association import backends, inputs
from tb_bias_plugin.measures.association.table import THRESHOLD_TOLERANCE

LABELS = ["man", "woman", "bike", "dress", "tie", "tree", "car"]
IDENTITIES = ["man", "woman"]


def loop_counts(examples, label_names, identity_of_example):
    """Reference counts: ``examples`` are sets of label names,
    ``identity_of_example`` maps an example index to its set of identities."""
    identities = sorted({x for e in range(len(examples)) for x in identity_of_example(e)})
    return loop_counts_for(examples, label_names, identity_of_example, identities)


def loop_counts_for(examples, label_names, identity_of_example, identity_names):
    n = len(examples)
    cy = {y: 0 for y in label_names}
    cx = {x: 0 for x in identity_names}
    cxy = {(x, y): 0 for x in identity_names for y in label_names}
    cxx = {(a, b): 0 for a in identity_names for b in identity_names}
    for e, labels in enumerate(examples):
        ids = identity_of_example(e)
        for y in labels:
            cy[y] += 1
        for x in ids:
            cx[x] += 1
            for y in labels:
                cxy[x, y] += 1
            for x2 in ids:
                cxx[x, x2] += 1
    return (
        n,
        [cy[y] for y in label_names],
        [cx[x] for x in identity_names],
        [[cxy[x, y] for y in label_names] for x in identity_names],
        [[cxx[a, b] for b in identity_names] for a in identity_names],
    )


def table_counts(table, t=0):
    return (
        table.num_examples,
        table.label_counts[t].tolist(),
        table.identity_counts[t].tolist(),
        table.cooccurrence[t].tolist(),
        table.identity_cooccurrence[t].tolist(),
    )


@pytest.fixture(autouse=True, params=["compiled", "scipy", "numpy"])
def counting_path(request, monkeypatch):
    """Every test here runs on each way of counting: the compiled kernel,
    scipy's sparse loops (packed sums) and NumPy alone."""
    if request.param == "compiled":
        assert backends._compiled_kernel() is not None, "the C kernel is not built: `make test-deps` builds it"
    else:
        monkeypatch.setattr(backends, "_compiled_kernel", lambda: None)
    if request.param == "numpy":
        monkeypatch.setattr(backends, "_sparse_module", lambda: None)
    return request.param


examples_strategy = st.lists(st.sets(st.sampled_from(LABELS)), min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(examples_strategy)
def test_label_lists_match_plain_loop(examples):
    counter = CooccurrenceCounter(LABELS, IDENTITIES).update([sorted(e) for e in examples])
    want = loop_counts_for(examples, LABELS, lambda e: examples[e] & set(IDENTITIES), IDENTITIES)
    assert table_counts(counter.table()) == want


def _dense(examples):
    return np.array([[y in e for y in LABELS] for e in examples], dtype=bool)


@settings(max_examples=100, deadline=None)
@given(examples_strategy)
def test_every_input_form_counts_the_same(examples):
    dense = _dense(examples)
    forms = [
        [list(e) for e in examples],
        dense,
        dense.astype(np.int64),
        dense.astype(np.uint8),
        dense.astype(np.float32),
        sp.csr_matrix(dense),
        sp.csc_matrix(dense),
        sp.coo_matrix(dense.astype(np.float64)),
        dense.tolist(),
    ]
    tables = [CooccurrenceCounter(LABELS, IDENTITIES).update(f).table() for f in forms]
    for table in tables[1:]:
        assert table == tables[0]


@settings(max_examples=100, deadline=None)
@given(
    st.integers(1, 30),
    # distinct by more than THRESHOLD_TOLERANCE, which counts as the same threshold
    st.lists(st.floats(0, 1), min_size=1, max_size=3).filter(
        lambda ts: all(abs(a - b) > THRESHOLD_TOLERANCE for i, a in enumerate(ts) for b in ts[:i])
    ),
    st.integers(0, 2**32 - 1),
)
def test_scores_are_positive_above_each_threshold(n, thresholds, seed):
    rng = np.random.default_rng(seed)
    scores = rng.choice([0.0, 0.1, 0.5, 0.7, 1.0], size=(n, len(LABELS))) * (rng.random((n, len(LABELS))) < 0.8)
    counter = CooccurrenceCounter(LABELS, IDENTITIES, thresholds=thresholds)
    table = counter.update(scores).table()
    sparse_table = CooccurrenceCounter(LABELS, IDENTITIES, thresholds=thresholds).update(sp.csr_matrix(scores)).table()
    assert sparse_table == table
    for t, threshold in enumerate(thresholds):
        examples = [{y for y, s in zip(LABELS, row) if s > threshold} for row in scores]
        want = loop_counts_for(examples, LABELS, lambda e, examples=examples: examples[e] & set(IDENTITIES), IDENTITIES)
        assert table_counts(table, t) == want


@settings(max_examples=100, deadline=None)
@given(examples_strategy, st.data())
def test_identities_as_attributes(examples, data):
    groups = ["f", "m", "x"]
    attributes = [data.draw(st.sets(st.sampled_from(groups))) for _ in examples]
    want = loop_counts_for(examples, LABELS, lambda e: attributes[e], groups)
    lists = [[y for y in e] for e in examples]
    indicator = np.array([[g in a for g in groups] for a in attributes])
    for identities in (indicator, sp.csr_matrix(indicator), [sorted(a) for a in attributes]):
        counter = CooccurrenceCounter(LABELS, groups)
        assert counter.identities_from == "attributes"
        assert table_counts(counter.update(lists, identities=identities).table()) == want
    single = [sorted(a)[0] if a else None for a in attributes]
    want_single = loop_counts_for(examples, LABELS, lambda e: {single[e]} - {None}, groups)
    table = CooccurrenceCounter(LABELS, groups).update(lists, identities=single).table()
    assert table_counts(table) == want_single
    assert (table.identity_label_index == -1).all()


@settings(max_examples=100, deadline=None)
@given(examples_strategy, st.lists(st.integers(0, 40), max_size=4))
def test_streaming_and_merging_equal_one_pass(examples, cuts):
    lists = [sorted(e) for e in examples]
    whole = CooccurrenceCounter(LABELS, IDENTITIES).update(lists)
    bounds = sorted({0, len(lists), *[c for c in cuts if c < len(lists)]})
    parts = [lists[a:b] for a, b in zip(bounds, bounds[1:]) if b > a]
    streamed = CooccurrenceCounter(LABELS, IDENTITIES)
    shards = []
    for part in parts:
        streamed.update(part)
        shards.append(CooccurrenceCounter(LABELS, IDENTITIES).update(part))
    assert streamed.table() == whole.table()
    merged = shards[0]
    for shard in shards[1:]:
        merged = merged.merge(shard)
    assert merged.table() == whole.table()
    assert sum(reversed(shards[1:]), shards[0]).table() == whole.table()


@settings(max_examples=50, deadline=None)
@given(st.lists(examples_strategy, min_size=3, max_size=3))
def test_merge_is_associative_and_commutative(batches):
    a, b, c = (CooccurrenceCounter(LABELS, IDENTITIES).update([sorted(e) for e in x]) for x in batches)
    assert (a + b).table() == (b + a).table()
    assert ((a + b) + c).table() == (a + (b + c)).table()
    assert a.merge(b) is not a  # merge does not modify its operands
    assert a.num_examples == len(batches[0])


def test_chunked_kernels_match_single_pass(monkeypatch):
    rng = np.random.default_rng(0)
    labels = ["l%d" % i for i in range(300)]
    identities = labels[:5]
    dense = rng.random((500, 300)) < 0.1
    dense[:, :5] = rng.random((500, 5)) < 0.4
    want = CooccurrenceCounter(labels, identities).update(dense).table()
    monkeypatch.setattr(backends, "_CHUNK", 7)
    assert CooccurrenceCounter(labels, identities).update(sp.csr_matrix(dense)).table() == want


def test_many_identities():
    rng = np.random.default_rng(1)
    labels = ["l%d" % i for i in range(120)]
    identities = labels[:70]
    dense = rng.random((60, 120)) < 0.3
    examples = [{labels[j] for j in np.flatnonzero(row)} for row in dense]
    want = loop_counts_for(examples, labels, lambda e: examples[e] & set(identities), identities)
    assert table_counts(CooccurrenceCounter(labels, identities).update(dense).table()) == want


def test_unknown_labels_can_be_ignored():
    counter = CooccurrenceCounter(LABELS, IDENTITIES, unknown_labels="ignore")
    counter.update([["man", "the", "bike"], ["of"]])
    assert counter.table().label_counts[0].tolist() == [1, 0, 1, 0, 0, 0, 0]
    assert counter.num_examples == 2
    # an identity is never skipped, so its error does not suggest the option (a review: it did)
    attributes = CooccurrenceCounter(["a", "b"], ["f", "m"], unknown_labels="ignore")
    with pytest.raises(ValueError, match=r"^identities\[0\] has names that are not among the 2 given: 'x'; "
                                         r"add them to identity_labels, or fix the identities$"):
        attributes.update([["a"]], identities=["x"])


def test_torch_like_arrays_are_accepted():
    class FakeTensor:
        def __init__(self, a):
            self._a = a

        def __array__(self, dtype=None, copy=None):
            return self._a

    dense = _dense([{"man", "tie"}, {"woman"}])
    got = CooccurrenceCounter(LABELS, IDENTITIES).update(FakeTensor(dense)).table()
    assert got == CooccurrenceCounter(LABELS, IDENTITIES).update(dense).table()


class NeedsDetach:
    """Converts to an array the way a PyTorch tensor that requires grad does: not at all."""

    shape = (1, 7)

    def __array__(self, dtype=None, copy=None):
        raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.")


BAD_BATCHES = [
    (np.zeros((3, 5)), "has 5 columns"),
    (np.zeros((0, 7)), "empty batch"),
    ([], "empty batch"),
    (np.zeros(7), "2-D"),
    (np.full((2, 7), np.nan), "NaN"),
    (np.full((2, 7), -0.5), "negative"),
    (np.full((2, 7), 3.0), "above 1"),
    (np.full((2, 7), 2, dtype=np.int64), "0/1"),
    (np.zeros((2, 7), dtype=complex), "dtype"),
    (np.full((2, 7), "a"), "array of strings"),
    (np.array([["man", "bike"], ["woman", "tie"]]), "array of strings"),
    (NeedsDetach(), "could not be read as an array: .*detach"),
    ([b"man"], "bytes"),
    ([["man", "unicorn"]], "unicorn"),
    ([["man"], "woman"], "string"),
    ([[["man"]]], "2-D"),
    ([["man", None]], "not among"),
    ([["man"], None], "not a list of names"),
    ("man", "array"),
    (42, "array"),
    (sp.csr_matrix(np.full((2, 7), -1.0)), "negative"),
]


@pytest.mark.parametrize("batch,message", BAD_BATCHES)
def test_bad_batches_raise_and_change_nothing(batch, message):
    counter = CooccurrenceCounter(LABELS, IDENTITIES, thresholds=[0.2, 0.5])
    counter.update([["man", "bike"]])
    before = counter.table()
    with pytest.raises(ValueError, match=message):
        counter.update(batch)
    assert counter.table() == before


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(label_names=["a", "b", "a"], identity_labels=["a"]), "duplicate names: 'a'"),
        (dict(label_names=[], identity_labels=["a"]), "must not be empty"),
        (dict(label_names="abc", identity_labels=["a"]), "not a single string"),
        (dict(label_names=["a", 1], identity_labels=["a"]), "only strings"),
        (dict(label_names=["a", "b"], identity_labels=["a", "a"]), "duplicate"),
        (dict(label_names=["a", "b"], identity_labels=["a"], thresholds=[1.5]), "outside"),
        (dict(label_names=["a", "b"], identity_labels=["a"], thresholds=[-0.1]), "outside"),
        (dict(label_names=["a", "b"], identity_labels=["a"], thresholds=[float("nan")]), "outside"),
        (dict(label_names=["a", "b"], identity_labels=["a"], thresholds=[0.5, 0.5]), "unique"),
        (dict(label_names=["a", "b"], identity_labels=["a"], thresholds=[0.5, 0.5 + 1e-10]), "unique"),
        (dict(label_names=["a", "b"], identity_labels=["a"], thresholds=[]), "empty"),
        # a string or a bool where a number belongs is a mistake, not a threshold
        (dict(label_names=["a", "b"], identity_labels=["a"], thresholds=["0.5"]), "must be numbers"),
        (dict(label_names=["a", "b"], identity_labels=["a"], thresholds="0.5"), "must be numbers"),
        (dict(label_names=["a", "b"], identity_labels=["a"], thresholds=[True]), "must be numbers"),
        (dict(label_names=["a", "b"], identity_labels=["a"], thresholds={0.5: 1}), "must be numbers"),
        (dict(label_names=["a", "b"], identity_labels=["a"], soft_identities=1), "soft_identities must be True or False"),
        (dict(label_names=["a", "b"], identity_labels=["c"], identities_from="labels"), "not in label_names"),
        (dict(label_names=["a", "b"], identity_labels=["a"], identities_from="both"), "identities_from"),
        (dict(label_names=["a", "b"], identity_labels=["a"], unknown_labels="drop"), "unknown_labels"),
        # a route names a label or an identity in its query, which takes at most MAX_NAME characters
        (dict(label_names=["a", "b" * 1001], identity_labels=["a"]), "label_names has a name longer than 1000"),
        (dict(label_names=["a"], identity_labels=["x=" + "f" * 999], identities_from="attributes"),
         "identity_labels has a name longer than 1000"),
        # a stored table is read whole: refused before counting, as a reader refuses it before inflating
        (dict(label_names=["l%d" % i for i in range(5000)], identity_labels=["a%d" % i for i in range(100)],
              thresholds=np.linspace(1e-4, 0.9999, 1000), identities_from="attributes"),
         "1000 thresholds x \\(5000 labels \\+ 100 identities\\) x \\(1 \\+ 100 identities\\) is 515100000 cells, "
         "more than the 33554432"),
    ],
)
def test_bad_constructor_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        CooccurrenceCounter(**kwargs)


def test_attribute_values_that_make_a_too_long_identity_are_named():
    # sex=VALUE of 1,000 characters is a name a route can ask for; one more is not, nor a long intersection
    names, _ = inputs.attribute_identities({"sex": ["f" * 996, "m"]})
    assert max(map(len, names)) == 1000
    with pytest.raises(ValueError, match=r"identity of 1001 characters, over the 1000 a name may have: 'sex=fff"):
        inputs.attribute_identities({"sex": ["f" * 997, "m"]})
    with pytest.raises(ValueError, match=r"identity of 1011 characters.*'sex=fff"):
        inputs.attribute_identities({"sex": ["f" * 500, "m"], "age": ["9" * 500, "1"]}, [("sex", "age")])


def test_identity_argument_mismatches():
    labels_mode = CooccurrenceCounter(LABELS, IDENTITIES)
    with pytest.raises(ValueError, match="do not pass identities"):
        labels_mode.update([["bike"]], identities=[["man"]])
    attrs = CooccurrenceCounter(LABELS, ["f", "m"])
    with pytest.raises(ValueError, match="pass identities="):
        attrs.update([["bike"]])
    with pytest.raises(ValueError, match="2 rows but predictions has 1"):
        attrs.update([["bike"]], identities=[["f"], ["m"]])
    with pytest.raises(ValueError, match="not among"):
        attrs.update([["bike"]], identities=[["q"]])
    with pytest.raises(ValueError, match="different label_names, %d against %d of them" % (len(LABELS), len(LABELS) - 1)):
        labels_mode.merge(CooccurrenceCounter(LABELS[:-1], IDENTITIES))
    with pytest.raises(ValueError, match=r"different label_names, first at \[6\]: %r against 'x'" % LABELS[6]):
        labels_mode.merge(CooccurrenceCounter([*LABELS[:6], "x"], IDENTITIES))
    with pytest.raises(ValueError, match="different thresholds"):
        labels_mode.merge(CooccurrenceCounter(LABELS, IDENTITIES, thresholds=0.3))
    # only the order differs: said so (it looked like the same thresholds)
    with pytest.raises(ValueError, match=r"different thresholds, the same values in another order: \(0.3, 0.7\) "
                                         r"against \(0.7, 0.3\)"):
        CooccurrenceCounter(LABELS, IDENTITIES, thresholds=(0.3, 0.7)).merge(
            CooccurrenceCounter(LABELS, IDENTITIES, thresholds=(0.7, 0.3)))
    with pytest.raises(ValueError, match="CooccurrenceCounter"):
        labels_mode.merge({})


@pytest.mark.parametrize("soft", [False, True])
@pytest.mark.parametrize("row,got", [([1, 0, 1], r"has shape \(3,\)"), ([1, [0]], "is a ragged nested list,"),
                                     ([[1, 0]], r"has shape \(1, 2\)")])
def test_a_ragged_row_of_numbers_is_named_with_the_shape_expected(soft, row, got):
    # was NumPy's "setting an array element with a sequence ... inhomogeneous shape"
    counter = CooccurrenceCounter(LABELS, ["f", "m"], soft_identities=soft, identities_from="attributes")
    with pytest.raises(ValueError, match=r"^identities\[2\] %s.*expected.*\(2,\): one value per name given$" % got):
        counter.update([["bike"]] * 3, identities=[[1, 0], [0, 1], row])
    with pytest.raises(ValueError, match=r"^identities\[2\] %s.*expected.*\(2,\)" % got):  # a tuple of rows too
        counter.update([["bike"]] * 3, identities=([1, 0], [0, 1], row))
    with pytest.raises(ValueError, match=r"^predictions\[1\] has shape \(2,\), expected \(7,\)"):
        counter.update([[0.0] * 7, [0.5, 0.5]], identities=[[1, 0], [0, 1]])
    assert counter.num_examples == 0


@pytest.mark.parametrize("soft", [False, True])
@pytest.mark.parametrize("value", ["x", None])
def test_a_row_of_numbers_holding_something_else_is_named(soft, value):
    # was "identities is an array of strings; give label names as a list of per-example lists" (or "of
    # objects"; with soft identities "must hold probabilities, got dtype <U21"), naming no row
    counter = CooccurrenceCounter(LABELS, ["f", "m"], soft_identities=soft, identities_from="attributes")
    with pytest.raises(ValueError, match=r"^identities\[1\] holds %s, which is not a number: a row is one score or "
                                         r"0/1 per name given$" % re.escape(repr(value))):
        counter.update([["bike"]] * 2, identities=[[1, 0], [1, value]])
    assert counter.num_examples == 0


@pytest.mark.parametrize("row,got", [([1, np.nan], "nan"), ([0.5, 1.5], "1.5"), ([-1, 0], "-1")])
def test_a_soft_identity_outside_0_1_is_named_by_row_and_column(row, got):
    # was "identity probabilities must be in [0, 1] (got values in [nan, nan])", naming no row
    counter = CooccurrenceCounter(LABELS, ["f", "m"], soft_identities=True, identities_from="attributes")
    column = 0 if got == "-1" else 1
    with pytest.raises(ValueError, match=r"^identities\[2\] has a probability outside \[0, 1\] in column %d: %s$"
                                         % (column, got)):
        counter.update([["bike"]] * 3, identities=[[1, 0], [0, 1], row])


def test_an_integer_other_than_0_1_is_named_by_row_and_column():
    # was "predictions: integer predictions must be 0/1 indicators, got values in [0, 2]" (of identities too)
    counter = CooccurrenceCounter(LABELS, ["f", "m"], identities_from="attributes")
    with pytest.raises(ValueError, match=r"^identities\[1\] has 2 in column 0: integers must be 0/1 indicators"):
        counter.update([["bike"]] * 2, identities=np.array([[1, 0], [2, 0]]))
    with pytest.raises(ValueError, match=r"^predictions\[0\] has -1 in column 3: integers must be 0/1"):
        counter.update(np.array([[0, 0, 0, -1, 0, 0, 0]]), identities=[[1, 0]])
    assert counter.num_examples == 0


def test_tensorflow_ragged_and_sparse_tensors_are_named_with_what_to_pass():
    tf = pytest.importorskip("tensorflow")
    counter = CooccurrenceCounter(LABELS, IDENTITIES)
    ragged = tf.ragged.constant([["man", "tie"], ["woman"]])
    # NumPy reads both as one object: "must be 2-D (examples x columns), got shape ()"
    with pytest.raises(ValueError, match=r"^predictions is a tf.RaggedTensor, which is not read as an array: pass"):
        counter.update(ragged)
    with pytest.raises(ValueError, match=r"^predictions is a tf.SparseTensor, .* tf.sparse.to_dense\(sparse\)$"):
        counter.update(tf.sparse.from_dense(tf.eye(2, len(LABELS))))
    counter.update([[t.decode() for t in row] for row in ragged.to_list()])  # what the message says to pass
    assert counter.num_examples == 2


def test_generators_of_names_are_accepted():
    table = CooccurrenceCounter(LABELS, IDENTITIES).update(iter(name for name in e) for e in [["man", "tie"], ["woman"]]).table()
    assert table.label_counts[0].tolist() == [1, 1, 0, 0, 1, 0, 0]


def test_identity_name_mistakes_are_named(tmp_path):
    with pytest.raises(ValueError, match="'women' are not in label_names while the others are"):
        CooccurrenceCounter(["man", "woman", "bike"], ["man", "women"])
    # the hint names the argument every entry point takes (the writer has no identities_from)
    with summary.Writer(tmp_path) as writer, pytest.raises(ValueError, match=r"identities=, with"):
        writer.association_table("g", np.zeros((2, 3)), label_names=["man", "woman", "bike"],
                                 identity_labels=["man", "women"], step=0)
    with pytest.raises(ValueError, match="rest"):
        CooccurrenceCounter(["man", "rest"], ["man", "rest"])
    # the PyTorch helper reads identities from the labels: its hint named an update() it does not have
    with pytest.raises(ValueError, match=r"^identity labels 'women' are not in label_names: fix the names, or, if "
                                         r"they are not predicted labels, give every example's identities \(identities=;"):
        CooccurrenceCounter(["man", "woman", "bike"], ["man", "women"], identities_from="labels")


def test_a_bad_score_is_located_and_a_negative_one_points_at_logits():
    scores = np.full((20_000, 3), 0.5)
    scores[17_003, 2] = np.nan  # past the first block of rows the batch is checked in
    counter = CooccurrenceCounter(["man", "woman", "bike"], ["man", "woman"])
    with pytest.raises(ValueError, match=r"^predictions\[17003\] has a NaN score in column 2$"):
        counter.update(scores)
    scores[17_003, 2] = -1.25
    with pytest.raises(ValueError, match=r"^predictions\[17003\] has a negative score, -1.25, in column 2 \(the "
                                         r"smallest is -1.25\); pass probabilities, e.g. apply a sigmoid to logits$"):
        counter.update(scores)
    assert counter.num_examples == 0


def test_one_attribute_per_example_counts_like_the_general_path(monkeypatch):
    rng = np.random.default_rng(4)
    labels = ["l%d" % i for i in range(50)]
    dense = rng.random((300, 50)) < 0.2
    groups = [str(g) for g in rng.choice(["a", "b", "c"], size=300)]
    groups[:20] = [None] * 20  # some examples without any
    examples = [{labels[j] for j in np.flatnonzero(row)} for row in dense]
    want = loop_counts_for(examples, labels, lambda e: {groups[e]} - {None}, ["a", "b", "c"])
    table = CooccurrenceCounter(labels, ["a", "b", "c"]).update(sp.csr_matrix(dense), identities=list(groups)).table()
    assert table_counts(table) == want


def test_attribute_identities_count_in_dense_row_blocks(monkeypatch):
    # Examples with no, one and two identities, counted in several row blocks
    # of a dense batch at two thresholds: each block's identity rows restart at 0.
    rng = np.random.default_rng(5)
    labels = ["l%d" % i for i in range(40)]
    groups = ["a", "b", "c"]
    scores = rng.random((200, 40)) * (rng.random((200, 40)) < 0.3)
    member = rng.random((200, 3)) < [0.5, 0.3, 0.1]
    monkeypatch.setattr(inputs, "_DENSE_CELLS", 40 * 16)
    counter = CooccurrenceCounter(labels, groups, thresholds=(0.2, 0.6)).update(scores, identities=member)
    for t, threshold in enumerate((0.2, 0.6)):
        examples = [{labels[j] for j in np.flatnonzero(row > threshold)} for row in scores]
        want = loop_counts_for(examples, labels, lambda e: {g for g, m in zip(groups, member[e]) if m}, groups)
        assert table_counts(counter.table(), t) == want


def test_index_lists_count_like_name_lists():
    rng = np.random.default_rng(7)
    rows = [rng.choice(len(LABELS), size=rng.integers(0, 5)).tolist() for _ in range(200)]  # repeats allowed
    names = [[LABELS[j] for j in row] for row in rows]
    got = CooccurrenceCounter(LABELS, IDENTITIES).update_indices(rows).table()
    assert got == CooccurrenceCounter(LABELS, IDENTITIES).update(names).table()
    examples = [set(e) for e in names]
    assert table_counts(got) == loop_counts_for(examples, LABELS, lambda e: examples[e] & set(IDENTITIES), IDENTITIES)


@pytest.mark.parametrize("rows,message", [([[0, 7]], r"outside \[0, 7\): 7"), ([[-1]], "outside"), ([["a"]], "integer"), ([], "empty")])
def test_bad_index_lists(rows, message):
    counter = CooccurrenceCounter(LABELS, IDENTITIES)
    with pytest.raises(ValueError, match=message):
        counter.update_indices(rows)
    assert counter.num_examples == 0


def test_unknown_names_say_how_to_skip_them():
    counter = CooccurrenceCounter(["man", "woman", "nurse"], ["man", "woman"])
    with pytest.raises(ValueError, match=r"predictions\[1\] has names that are not among the 3 given: 'is', 'she'; pass unknown_labels='ignore'"):
        counter.update([["man", "nurse"], ["she", "is", "nurse"]])
    assert counter.num_examples == 0


def test_repeated_tokens_count_once_per_example():
    table = CooccurrenceCounter(LABELS, IDENTITIES).update([["man", "tie", "tie", "man"], ("woman", "tie")]).table()
    assert table.label_counts[0].tolist() == [1, 1, 0, 0, 2, 0, 0]
    assert table.cooccurrence[0].tolist() == [[1, 0, 0, 0, 1, 0, 0], [0, 1, 0, 0, 1, 0, 0]]


def _dense_oracle(dense, identity_columns):
    d = dense.astype(np.int64)
    x = d[:, identity_columns]
    return d.sum(axis=0), x.sum(axis=0), x.T @ d, x.T @ x


@pytest.mark.parametrize("seed", range(6))
def test_identity_labels_count_exactly(seed, monkeypatch):
    """On each path (the fixture), identity labels count as a dense matrix
    product, whatever mix of common identities (for the packed sums: packed
    fields, some split over words), rare ones (counted cell by cell) and
    rows holding several identities a batch has."""
    rng = np.random.default_rng(seed)
    n, num_labels = int(rng.integers(200, 3_000)), int(rng.integers(80, 400))
    k = [3, 8, 9, 20, 65, 70][seed]
    dense = rng.random((n, num_labels)) < rng.uniform(0.01, 0.2)
    identity_columns = rng.choice(num_labels, size=min(k, num_labels), replace=False)
    rates = rng.choice([0.001, 0.02, 0.3, 0.7], size=identity_columns.size)
    dense[:, identity_columns] = rng.random((n, identity_columns.size)) < rates
    dense[rng.random(n) < 0.1] = False  # empty rows
    labels = ["l%d" % i for i in range(num_labels)]
    identities = [labels[c] for c in identity_columns]
    want = _dense_oracle(dense, identity_columns)
    # the plan this batch gets really packs, and leaves some rows to the cells
    positives = inputs.Positives.from_sorted_rows(n, *np.nonzero(dense))
    rows, slots = backends._identity_rows(sp, positives, identity_columns, num_labels)
    held = np.bincount(slots, minlength=identity_columns.size)
    row_cells = np.bincount(slots, weights=np.diff(positives.indptr)[rows], minlength=identity_columns.size)
    words, taken = backends._pack(n, held, row_cells, positives.cols.shape[0])
    assert any(field[0] is not None for word in words for field in word)
    for word in words:  # fields fit, do not overlap, and hold their largest count
        assert sum(width for *_, width in word) <= 64
        assert [shift for _, _, _, shift, _ in word] == list(np.cumsum([0] + [w for *_, w in word])[:-1])
        for _j, lo, hi, _, width in word:
            assert (hi - lo) < (1 << width)
    monkeypatch.setattr(backends, "_PACK_MIN_CELLS", 0)  # small batches pack too
    monkeypatch.setattr(backends, "_PACK_MIN_CELLS_PER_LABEL", 0)
    for batch in (dense, sp.csr_matrix(dense)):
        table = CooccurrenceCounter(labels, identities).update(batch).table()
        got = (table.label_counts[0], table.identity_counts[0], table.cooccurrence[0], table.identity_cooccurrence[0])
        for a, b in zip(got, want):
            np.testing.assert_array_equal(a, b)


def test_pack_leaves_rows_to_cell_counting_when_fields_do_not_fit():
    # 17 bits of C(y) and eight 13-bit identity fields need 121 bits: two
    # words hold all but part of one identity, whose rest is counted cell by cell
    held = np.full(8, 5_000)
    words, taken = backends._pack(100_000, held, held * 20.0, 2_000_000)
    assert len(words) == 2
    assert sum(held) - sum(taken) > 0
    assert all(t <= h for t, h in zip(taken, held))
    # a rare identity takes spare bits of a pass made anyway, never a pass
    # of its own: what does not fit is cheaper from its few rows' cells
    held = np.array([30_000, 30_000, 30_000, 10])
    words, taken = backends._pack(100_000, held, held * 20.0, 2_000_000)
    assert len(words) == 1 and taken == [30_000, 30_000, 30_000, 3]


def test_batches_larger_than_the_packing_buffer_count_in_row_parts(monkeypatch):
    rng = np.random.default_rng(3)
    labels = ["l%d" % i for i in range(50)]
    dense = rng.random((400, 50)) < 0.3
    dense[7] = True  # a row longer than a part: counted on its own
    want = CooccurrenceCounter(labels, labels[:4]).update(dense).table()
    monkeypatch.setattr(backends, "_PACK_MIN_CELLS", 0)
    monkeypatch.setattr(backends, "_PACK_MIN_CELLS_PER_LABEL", 0)
    monkeypatch.setattr(backends, "_PACK_CELLS", 40)
    assert CooccurrenceCounter(labels, labels[:4]).update(sp.csr_matrix(dense)).table() == want
    groups = rng.integers(0, 3, size=400)
    attributes = np.eye(3, dtype=bool)[groups]
    got = CooccurrenceCounter(labels, ["a", "b", "c"]).update(dense, identities=attributes).table()
    monkeypatch.setattr(backends, "_PACK_CELLS", 1 << 21)
    assert got == CooccurrenceCounter(labels, ["a", "b", "c"]).update(dense, identities=attributes).table()


def test_pack_uses_at_most_max_words_however_many_identities():
    held = np.full(300, 5_000)
    words, taken = backends._pack(100_000, held, held * 20.0, 2_000_000)
    assert len(words) <= backends._MAX_WORDS and sum(taken) < held.sum()


token_rows = st.lists(st.lists(st.sampled_from(LABELS + ["the", "of"]), max_size=12), min_size=1, max_size=40)


@settings(max_examples=100, deadline=None)
@given(token_rows, st.booleans())
def test_token_lists_with_repeats_and_unknown_names_match_plain_loop(rows, as_tuples):
    # a label repeated within an example counts once; unknown names are skipped
    batch = [tuple(r) for r in rows] if as_tuples else rows
    table = CooccurrenceCounter(LABELS, IDENTITIES, unknown_labels="ignore").update(batch).table()
    examples = [set(r) & set(LABELS) for r in rows]
    assert table_counts(table) == loop_counts_for(examples, LABELS, lambda e: examples[e] & set(IDENTITIES), IDENTITIES)
    mixed = [set(r) for r in rows[:-1]] + [iter(rows[-1])]  # the row-by-row path counts the same
    assert CooccurrenceCounter(LABELS, IDENTITIES, unknown_labels="ignore").update(mixed).table() == table


def test_token_lists_over_many_labels_count_repeats_once():
    # more columns than 16 bits hold: NumPy's path sorts the full column numbers
    labels = ["l%d" % i for i in range(70_000)]
    rows = [["l69999", "l5", "l69999"], ["l65536", "l0", "l65536", "l0"], []]
    table = CooccurrenceCounter(labels, ["l0", "l5"]).update(rows).table()
    assert {labels[j]: int(c) for j, c in enumerate(table.label_counts[0]) if c} == {"l69999": 1, "l5": 1, "l65536": 1, "l0": 1}
    assert table.cooccurrence[0][:, [0, 5, 65536, 69999]].tolist() == [[1, 0, 1, 0], [0, 1, 0, 1]]


def test_an_unhashable_name_names_its_row():
    counter = CooccurrenceCounter(LABELS, IDENTITIES)
    with pytest.raises(ValueError, match=r"predictions\[1\] is not a list of names"):
        counter.update([["man"], ["woman", ["tie"]]])
    assert counter.num_examples == 0


def test_a_table_past_the_cells_a_record_holds_is_refused(monkeypatch):
    from tb_bias_plugin.measures.association import table as tables

    monkeypatch.setattr(tables, "MAX_TABLE_CELLS", 5)
    with pytest.raises(ValueError, match="PrecomputedTable: 3 labels x 2 metric columns is 6 cells, more than the 5"):
        tables.PrecomputedTable(["a", "b", "c"], ["nPMI@x", "count@x"], np.zeros((3, 2)))
    with pytest.raises(ValueError, match=r"AssociationTable: 1 thresholds x \(3 labels \+ 2 identities\) x \(1 \+ 2 identities\) is 15 cells"):
        tables.AssociationTable(["a", "b", "c"], ["x", "y"], [0.5], 0, np.zeros((1, 3), int), np.zeros((1, 2), int),
                                np.zeros((1, 2, 3), int), np.zeros((1, 2, 2), int))
    tables.PrecomputedTable(["a", "b"], ["nPMI@x", "count@x"], np.zeros((2, 2)))  # 4 cells: within
