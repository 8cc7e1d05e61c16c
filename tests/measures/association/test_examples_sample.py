"""The bottom-k sample of examples per cell (counting.py, sampling.py)."""

import warnings

import numpy as np
import pytest
import scipy.sparse as sp

from tb_bias_plugin import CooccurrenceCounter
from tb_bias_plugin.measures.association import sampling
from tb_bias_plugin.measures.association.counting import RepeatedIdsWarning

LABELS = ["man", "woman", "bike", "dress", "tie", "car", "tree"]
IDENTITIES = ["man", "woman"]


def random_batch(rng, n, density=0.35):
    return rng.random((n, len(LABELS))) < density


def reference(predictions, ids, k, identity_rows=None):
    """Brute force: for each (slot, label), the k smallest (hash, id) of the examples counted there."""
    _, hashes = sampling.id_hashes(ids)
    num_labels = predictions.shape[1]
    slots = len(IDENTITIES)
    cells = {}
    for r in range(predictions.shape[0]):
        labels = np.flatnonzero(predictions[r])
        held = ([IDENTITIES.index(LABELS[c]) for c in labels if LABELS[c] in IDENTITIES]
                if identity_rows is None else list(np.flatnonzero(identity_rows[r])))
        for y in labels:
            cells.setdefault(slots * num_labels + y, set()).add(int(hashes[r]))
            for x in held:
                cells.setdefault(x * num_labels + y, set()).add(int(hashes[r]))
    by_hash = {int(h): i for h, i in zip(hashes, ids)}
    return {key: [by_hash[h] for h in sorted(found)[:k]] for key, found in cells.items()}


def as_dict(table, t=0):
    e = table.examples
    out = {}
    lo, hi = e.cell_offsets[t], e.cell_offsets[t + 1]
    for c in range(lo, hi):
        members = e.members[e.member_offsets[c] : e.member_offsets[c + 1]]
        out[int(e.cell_keys[c])] = [e.ids[m] for m in members]
    return out


def test_hash_is_pinned_and_ints_are_their_decimal_text():
    ids, h = sampling.id_hashes(["a", "7", 7, "é", "x" * 17])
    assert ids == ["a", "7", "7", "é", "x" * 17]
    assert h[1] == h[2]
    # pinned: the hash is part of the stored format's meaning (which examples a sample holds)
    assert [int(v) for v in h[:1]] == [int(sampling.id_hashes(["a"])[1][0])]
    assert len(set(h.tolist())) == 4
    again = sampling.id_hashes(np.array(["a", "é", "x" * 17]))[1]
    assert again.tolist() == [h[0], h[3], h[4]]


def test_hash_does_not_depend_on_the_batch():
    rng = np.random.default_rng(0)
    ids = ["id-%d" % i + "z" * int(rng.integers(0, 40)) for i in range(300)]
    whole = sampling.id_hashes(ids)[1]
    one_by_one = np.array([sampling.id_hashes([i])[1][0] for i in ids], np.uint64)
    assert np.array_equal(whole, one_by_one)


@pytest.mark.parametrize("bad, message", [
    ([""], "is empty"), (["a\x00b"], "NUL"), (["x" * 300], "at most 256 bytes"), ([1.5], "string or an integer"),
    ("abc", "sequence of ids"),
])
def test_bad_ids_are_refused(bad, message):
    with pytest.raises(ValueError, match=message):
        sampling.id_hashes(bad)


@pytest.mark.parametrize("k", [1, 3])
def test_sample_is_the_k_smallest_hashes_counted_in_each_cell(k):
    rng = np.random.default_rng(k)
    predictions = random_batch(rng, 200)
    ids = ["ex%d" % i for i in range(200)]
    counter = CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=k)
    counter.update(predictions, example_ids=ids)
    table = counter.table()
    assert as_dict(table) == reference(predictions, ids, k)
    # every id returned for (x, y) was counted with both, and there are min(k, C(x, y)) of them
    e = table.examples
    for x in range(2):
        for y in range(len(LABELS)):
            members, cut = e.cell(0, x, y)
            assert not cut
            assert len(members) == min(k, int(table.cooccurrence[0, x, y]))
            for m in members:
                row = ids.index(e.ids[m])
                assert predictions[row, y] and predictions[row, LABELS.index(IDENTITIES[x])]


def test_merge_of_samples_equals_the_sample_of_one_counter_over_random_splits():
    rng = np.random.default_rng(7)
    for trial in range(20):
        n = int(rng.integers(20, 120))
        predictions = random_batch(rng, n)
        ids = ["e%d-%d" % (trial, i) for i in range(n)]
        texts = ["caption %d" % i for i in range(n)]
        whole = CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=3)
        whole.update(predictions, example_ids=ids, example_text=texts)
        cuts = np.sort(rng.choice(np.arange(1, n), size=int(rng.integers(1, 5)), replace=False))
        parts = []
        for lo, hi in zip(np.concatenate([[0], cuts]), np.concatenate([cuts, [n]])):
            part = CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=3)
            order = rng.permutation(np.arange(lo, hi))  # order within a part does not matter either
            part.update(predictions[order], example_ids=[ids[i] for i in order], example_text=[texts[i] for i in order])
            parts.append(part)
        rng.shuffle(parts)
        merged = parts[0]
        for part in parts[1:]:
            merged = merged.merge(part)
        assert merged.table() == whole.table()


def test_the_prefilter_falls_back_to_every_example_when_a_cell_comes_up_short(monkeypatch):
    monkeypatch.setattr(sampling, "_MARGIN_SIGMAS", -3.0)  # keep too few: every crowded cell is redone
    monkeypatch.setattr(sampling, "_MARGIN_EXTRA", -1.0)
    rng = np.random.default_rng(3)
    predictions = random_batch(rng, 400, density=0.6)
    ids = [str(i) for i in range(400)]
    counter = CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=4)
    for lo in range(0, 400, 100):
        counter.update(predictions[lo : lo + 100], example_ids=ids[lo : lo + 100])
    assert as_dict(counter.table()) == reference(predictions, ids, 4)


def test_every_input_form_samples_alike():
    rng = np.random.default_rng(4)
    predictions = random_batch(rng, 60)
    ids = list(range(60))
    names = [[LABELS[c] for c in np.flatnonzero(row)] for row in predictions]
    tables = []
    for batch in (predictions, sp.csr_matrix(predictions), names, predictions * 0.9):
        counter = CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=2)
        tables.append(counter.update(batch, example_ids=ids).table())
    indices = CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=2)
    tables.append(indices.update_indices([np.flatnonzero(r) for r in predictions], example_ids=ids).table())
    assert all(t == tables[0] for t in tables[1:])


def test_attribute_identities_and_thresholds():
    rng = np.random.default_rng(5)
    scores = rng.random((80, 3))
    groups = rng.integers(0, 2, size=80)
    attributes = np.stack([groups == 0, groups == 1], axis=1)
    ids = ["r%d" % i for i in range(80)]
    counter = CooccurrenceCounter(["a", "b", "c"], ["g0", "g1"], thresholds=(0.3, 0.7), examples_per_cell=3)
    counter.update(scores, identities=attributes, example_ids=ids)
    table = counter.table()
    for t, threshold in enumerate((0.3, 0.7)):
        decided = scores > threshold
        for x in range(2):
            for y in range(3):
                members, _ = table.examples.cell(t, x, y)
                assert len(members) == min(3, int(table.cooccurrence[t, x, y]))
                rows = [ids.index(table.examples.ids[m]) for m in members]
                assert all(decided[r, y] and attributes[r, x] for r in rows)


def test_soft_identities_sample_the_examples_with_some_probability():
    counter = CooccurrenceCounter(["bike", "dress"], ["f", "m"], soft_identities=True, examples_per_cell=5)
    counter.update([["bike"], ["dress"], ["bike"]], identities=[[0.0, 1.0], [0.5, 0.5], [1.0, 0.0]],
                   example_ids=["a", "b", "c"])
    e = counter.table().examples
    assert sorted(e.ids[m] for m in e.cell(0, 0, 0)[0]) == ["c"]
    assert sorted(e.ids[m] for m in e.cell(0, 1, 0)[0]) == ["a"]


def test_text_is_cut_and_stored_once_and_repeated_ids_count_once():
    counter = CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=4)
    counter.update([["man", "bike"], ["man", "bike"]], example_ids=["same", "same"],
                   example_text=["t" * 500, "t" * 500], example_uris=["https://x/1", None])
    with pytest.warns(RepeatedIdsWarning, match="^example id 'same' is given more than once: an id names one example"):
        e = counter.table().examples  # a small batch is sampled when first read
    # one example; of its two records, the one that sorts first (no URI) is kept, in any order
    assert e.ids == ["same"] and e.texts == ["t" * 200] and e.uris == [""]
    assert e.cell(0, 0, 2)[0] == [0]


def test_a_large_batch_with_repeated_ids_warns_at_once_and_distinct_ids_do_not():
    rows = [["man", "bike"]] * (sampling.DEFER_ROWS + 1)
    counter = CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=4)
    with pytest.warns(RepeatedIdsWarning, match="^example id '7' is given more than once") as caught:
        counter.update(rows, example_ids=[7, 7, 7] + list(range(100, 100 + len(rows) - 3)))
    assert [(w.message.count, w.message.example_id) for w in caught] == [(1, "7")]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=4).update(rows, example_ids=range(len(rows))).table()


@pytest.mark.parametrize("per_cell", [4, sampling.KERNEL_MAX_PER_CELL + 1])
@pytest.mark.parametrize("kernel", [True, False], ids=["kernel", "numpy"])
@pytest.mark.parametrize("soft", [False, True], ids=["identity labels", "soft identities"])
@pytest.mark.parametrize("rows", [10, sampling.DEFER_ROWS + 10], ids=["small batch", "large batch"])
def test_repeated_ids_are_warned_of_on_every_path(monkeypatch, per_cell, kernel, soft, rows):
    # only the compiled kernel's sampling (examples_per_cell <= 256, not soft) warned; the others were silent
    from tb_bias_plugin.measures.association import backends

    if kernel:
        assert backends._compiled_kernel() is not None, "the C kernel is not built: `make test-deps` builds it"
    else:
        monkeypatch.setattr(backends, "_compiled_kernel", lambda: None)
    rng = np.random.default_rng(rows)
    decided = random_batch(rng, rows)
    ids = ["id%d" % i for i in range(rows)]
    ids[3] = ids[9] = "a"  # "a" and "b" twice each (in a part of the rows a large batch is counted by), "a" first
    ids[5] = ids[8] = "b"

    def counter():
        if soft:
            return CooccurrenceCounter(LABELS, ["f", "m"], soft_identities=True, examples_per_cell=per_cell)
        return CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=per_cell)

    identities = {"identities": rng.random((rows, 2))} if soft else {}
    with pytest.warns(RepeatedIdsWarning) as caught:
        counter().update(decided, example_ids=ids, **identities).table()
    assert [str(w.message) for w in caught] == [
        "2 example ids are given more than once (the first: 'a'): an id names one example, so a cell's sample holds "
        "it once however often it was counted; give each example its own id"]
    ids[9], ids[8] = "nine", "eight"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        counter().update(decided, example_ids=ids, **identities).table()


def test_without_ids_nothing_is_sampled_and_misuse_is_refused():
    counter = CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=2)
    counter.update([["man", "bike"]])
    assert counter.table().examples.ids == []
    assert CooccurrenceCounter(LABELS, IDENTITIES).update([["man"]]).table().examples is None
    with pytest.raises(ValueError, match="examples_per_cell > 0"):
        CooccurrenceCounter(LABELS, IDENTITIES).update([["man"]], example_ids=["a"])
    with pytest.raises(ValueError, match="need example_ids"):
        counter.update([["man"]], example_text=["x"])
    with pytest.raises(ValueError, match="2 entries but predictions has 1"):
        counter.update([["man"]], example_ids=["a", "b"])
    with pytest.raises(ValueError, match="example_text\\[0\\] must be a string"):
        counter.update([["man"]], example_ids=["a"], example_text=[3])
    before = counter.table()
    with pytest.raises(ValueError):
        counter.update([["man", "nope"]], example_ids=["z"])
    assert counter.table() == before
    with pytest.raises(ValueError, match="different examples_per_cell"):
        counter.merge(CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=3))


def test_budget_keeps_level_by_level_and_marks_cut_cells():
    counter = CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=8, example_budget_bytes=0)
    counter.update([["man", "bike"]] * 1, example_ids=["a"])
    e = counter.table().examples
    assert e.members.size == 0 and e.cut.all() and e.ids == []
    rng = np.random.default_rng(9)
    predictions = random_batch(rng, 300)
    ids = ["example-%03d" % i for i in range(300)]
    full = CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=8).update(predictions, example_ids=ids).table()
    budget = 600
    cut = CooccurrenceCounter(LABELS, IDENTITIES, examples_per_cell=8, example_budget_bytes=budget)
    e = cut.update(predictions, example_ids=ids).table().examples
    sizes, full_sizes = np.diff(e.member_offsets), np.diff(full.examples.member_offsets)
    assert (sizes <= full_sizes).all() and e.cut.any()
    assert np.array_equal(e.cut, sizes < full_sizes)
    assert sizes.max() - sizes.min() <= 1  # level by level: no cell has two more than another
    used = sum(len(i.encode()) for i in e.ids) + sampling.MEMBER_BYTES * e.members.size
    assert used <= budget
    # what is kept of each cell is the start of its full sample
    for c in range(e.cell_keys.shape[0]):
        kept = [e.ids[m] for m in e.members[e.member_offsets[c] : e.member_offsets[c + 1]]]
        whole = [full.examples.ids[m] for m in full.examples.members[full.examples.member_offsets[c] : full.examples.member_offsets[c + 1]]]
        assert kept == whole[: len(kept)]


def test_pairs_the_combined_sort_key_cannot_order_are_sorted_in_full():
    # hashes equal in their top bits and different below: one sort key cannot tell them apart
    top = np.uint64(0xABCDEF0123456789) & ~np.uint64(0xFFFF)
    hashes = np.array([top | np.uint64(9), top | np.uint64(3), top | np.uint64(7), np.uint64(5)], np.uint64)
    keys = np.array([2, 2, 2, 1], np.int64)
    got_keys, got_hashes = sampling._by_cell_then_hash(keys, hashes, 4)
    assert got_keys.tolist() == [1, 2, 2, 2]
    assert got_hashes.tolist() == [5, int(top | np.uint64(3)), int(top | np.uint64(7)), int(top | np.uint64(9))]
    sample = sampling.CellSample(4, 2)
    sample.add(keys, hashes)
    cells, held = sample.cells()
    assert cells.tolist() == [1, 2] and held[1].tolist() == [int(top | np.uint64(3)), int(top | np.uint64(7))]


def test_the_store_of_many_batches_keeps_exactly_the_live_examples():
    store, added = sampling.Examples(), []
    for lo in range(0, 300, 100):  # three batches, every row kept, ids as a NumPy array in one
        ids = np.arange(lo, lo + 100) if lo == 100 else ["e%d" % i for i in range(lo, lo + 100)]
        _, hashes = sampling.batch_ids(ids)
        store.add(hashes, ids, None, None, np.arange(100))
        added.append(hashes)
    live = np.sort(np.concatenate(added))[::7]  # some of each batch
    assert len(store) == 300
    ids, _, _ = store.lookup(live)
    assert len(store) == live.size and ids == [str(i) for i in ids] and len(set(ids)) == live.size
    _, again = sampling.batch_ids(ids)
    assert np.array_equal(again, live)
    store.compact(np.zeros(0, np.uint64))
    assert len(store) == 0
