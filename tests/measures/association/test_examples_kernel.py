"""The compiled kernel's sample against NumPy's and a brute-force bottom-k.

The kernel (`_counting_kernel.c`: hash_ids, hash_integer_ids, hash_order,
sample_rows) must keep exactly the sample the NumPy path keeps: the same
hashes, the same k smallest per cell, over any split into batches, with
repeated ids, at every threshold and for every way identities are given.
"""

import numpy as np
import pytest

from tb_bias_plugin import CooccurrenceCounter
from tb_bias_plugin.measures.association import backends, sampling

kernel = backends._compiled_kernel()
pytestmark = pytest.mark.skipif(kernel is None, reason="unused: the C kernel is not built (test_counting_kernel.py fails then)")


def numpy_path(monkeypatch):
    monkeypatch.setattr(backends, "_compiled_kernel", lambda: None)


def brute_force(decided, id_rows, hashes, k):
    """For each cell key (slot * L + y, slot K for the label alone), its k smallest distinct hashes."""
    n, num_labels = decided.shape
    slots = id_rows.shape[1]
    cells = {}
    for r in range(n):
        for y in np.flatnonzero(decided[r]):
            cells.setdefault(slots * num_labels + y, set()).add(int(hashes[r]))
            for x in np.flatnonzero(id_rows[r]):
                cells.setdefault(x * num_labels + y, set()).add(int(hashes[r]))
    return {key: sorted(found)[:k] for key, found in cells.items()}


def sample_hashes(counter, t):
    """The counter's sample at threshold t as {cell key: ascending hashes}."""
    counter._settle_samples()  # batches kept for later (`sampling.Pending`) are sampled first
    keys, held = counter._samples[t].cells()
    return {int(key): [int(h) for h in row if h != sampling.EMPTY] for key, row in zip(keys, held)}


def random_case(rng, mode):
    n = int(rng.integers(1, 400))
    num_labels = int(rng.integers(3, 30))
    scores = rng.random((n, num_labels)) * (rng.random((n, num_labels)) < rng.uniform(0.05, 0.6))
    # ids repeat, within and across batches: one example seen twice is counted once in a sample
    ids = ["id-%d" % v for v in rng.integers(0, max(1, int(n * rng.uniform(0.5, 1.5))), size=n)]
    names = ["l%d" % j for j in range(num_labels)]
    if mode == "labels":
        identities = names[:2]
        id_rows = None
    elif mode == "attributes":
        identities = ["g0", "g1", "g2"]
        id_rows = rng.random((n, 3)) < [0.5, 0.3, 0.1]
    else:
        identities = ["p0", "p1"]
        id_rows = rng.random((n, 2)) * (rng.random((n, 2)) < 0.6)
    return scores, ids, names, identities, id_rows


def count(case, k, cuts, thresholds, text=False):
    scores, ids, names, identities, id_rows = case
    counter = CooccurrenceCounter(names, identities, thresholds=thresholds, examples_per_cell=k,
                                  identities_from="labels" if id_rows is None else "attributes",
                                  soft_identities=id_rows is not None and id_rows.dtype.kind == "f")
    bounds = [0, *cuts, len(ids)]
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        counter.update(scores[lo:hi], identities=None if id_rows is None else id_rows[lo:hi],
                       example_ids=ids[lo:hi], example_text=["text of " + i for i in ids[lo:hi]] if text else None)
    return counter


def assert_sample_is_exact(counter, case, k, cuts, thresholds, patch_context):
    """``counter``'s sample per threshold equals brute force, and its table the NumPy path's."""
    scores, ids, _, _, id_rows = case
    _, hashes = sampling.id_hashes(ids)
    for t, threshold in enumerate(thresholds):
        decided = scores > threshold
        held = decided[:, :2] if id_rows is None else id_rows > 0
        assert sample_hashes(counter, t) == brute_force(decided, held, hashes, k)
    with patch_context() as patch:
        numpy_path(patch)
        assert count(case, k, cuts, thresholds, text=True).table() == counter.table()


@pytest.mark.parametrize("mode", ["labels", "attributes", "soft"])
@pytest.mark.filterwarnings("ignore::tb_bias_plugin.measures.association.counting.RepeatedIdsWarning")  # repeats are among the cases drawn
def test_kernel_sample_equals_numpy_and_brute_force_over_random_batches(mode, monkeypatch):
    rng = np.random.default_rng({"labels": 1, "attributes": 2, "soft": 3}[mode])
    for _ in range(12):
        case = random_case(rng, mode)
        scores, ids, names, identities, id_rows = case
        n = len(ids)
        k = int(rng.choice([1, 2, 3, 8]))
        cuts = sorted(set(rng.integers(1, n, size=int(rng.integers(0, 6))).tolist())) if n > 1 else []
        thresholds = (0.2, 0.5)
        assert_sample_is_exact(count(case, k, cuts, thresholds, text=True), case, k, cuts, thresholds,
                               monkeypatch.context)


def test_many_new_cells_in_one_batch_grow_the_store_as_they_come(monkeypatch):
    # thousands of cells first seen in one batch: the kernel stops when the store is full and goes on
    rng = np.random.default_rng(11)
    n, num_labels = 3000, 2500
    decided = rng.random((n, num_labels)) < 0.004
    ids = np.arange(n) * 7919 - 10_000  # integer ids, negative ones too
    names = ["l%d" % j for j in range(num_labels)]
    counter = CooccurrenceCounter(names, names[:3], examples_per_cell=2)
    counter.update(decided, example_ids=ids)._settle_samples()
    assert counter._samples[0].size > 2048
    _, hashes = sampling.id_hashes([str(v) for v in ids])
    assert sample_hashes(counter, 0) == brute_force(decided, decided[:, :3], hashes, 2)
    with monkeypatch.context() as patch:
        numpy_path(patch)
        assert CooccurrenceCounter(names, names[:3], examples_per_cell=2).update(
            decided, example_ids=ids).table() == counter.table()


def test_a_sample_longer_than_the_kernel_keeps_is_kept_by_numpy():
    rng = np.random.default_rng(5)
    decided = rng.random((400, 4)) < 0.9
    ids = ["e%d" % i for i in range(400)]
    k = sampling.KERNEL_MAX_PER_CELL + 1
    assert sampling.compiled_sampler(k) is None and sampling.compiled_sampler(8) is kernel
    counter = CooccurrenceCounter(["a", "b", "c", "d"], ["a"], examples_per_cell=k)
    counter.update(decided[:200], example_ids=ids[:200]).update(decided[200:], example_ids=ids[200:])
    _, hashes = sampling.id_hashes(ids)
    assert sample_hashes(counter, 0) == brute_force(decided, decided[:, :1], hashes, k)


def test_kernel_hashes_equal_numpy_hashes():
    rng = np.random.default_rng(8)
    alphabet = list("abcXYZ019-_é€😀 ")
    ids = ["".join(rng.choice(alphabet, size=int(rng.integers(1, 60)))) for _ in range(500)]
    ids = [i[:80] for i in ids]
    values, hashes = sampling.batch_ids(ids)
    assert values is ids
    assert np.array_equal(hashes, sampling._numpy_hashes(ids))
    signed = np.array([0, 7, -7, 2**63 - 1, -(2**63)], np.int64)
    unsigned = np.array([0, 2**64 - 1, 10**19], np.uint64)
    for array in (signed, unsigned, signed.astype(np.int32)[:3]):
        values, hashes = sampling.batch_ids(array)
        assert isinstance(values, np.ndarray)
        text = [str(v) for v in array.tolist()]
        assert np.array_equal(hashes, sampling._numpy_hashes(text))
        assert sampling.id_hashes(array)[0] == text
    # a list mixing integers and strings: the integers are their decimal text
    assert sampling.batch_ids([7, "7"])[1].tolist() == sampling._numpy_hashes(["7", "7"]).tolist()


@pytest.mark.parametrize("bad, message", [
    (["ok", ""], r"example_ids\[1\] is empty"), (["ok", "a\x00b"], r"example_ids\[1\] holds a NUL"),
    (["ok", "é" * 129], r"example_ids\[1\] is 258 bytes long"), (["ok", 1.5], r"example_ids\[1\] must be a string"),
])
def test_the_kernel_refuses_what_numpy_refuses_with_the_same_message(bad, message):
    with pytest.raises(ValueError, match=message):
        sampling.batch_ids(bad)


def test_sample_rows_checks_its_arrays():
    sample = sampling.CellSample(6, 2)
    sample._reserve(4)
    indptr, cols = np.array([0, 2], np.int64), np.array([0, 5], np.int32)  # label 5 of 3: out of range
    args = (indptr, cols, np.array([1], np.uint64), np.array([0], np.int64), 0, np.full(3, -1, np.int64),
            None, None, 1, 3, sample.index, sample.bound, sample.hashes, sample.keys, 0, np.zeros(1, np.uint8),
            0, np.zeros(4, np.uint16))
    with pytest.raises(ValueError, match="out of range"):
        kernel.sample_rows(*args)
    with pytest.raises(ValueError, match="num_slots"):
        kernel.sample_rows(*args[:9], 4, *args[10:])
    with pytest.raises(ValueError, match="out of range"):  # a row that is not in the batch
        kernel.sample_rows(indptr, cols, args[2], np.array([3], np.int64), *args[4:])
    with pytest.raises(ValueError, match="one offset per row of marked"):
        kernel.sample_rows(*args[:15], np.zeros(2, np.uint8), *args[16:])


def test_rows_longer_than_the_kernels_buffer_and_empty_rows():
    num_labels = 40_000  # a row of more cells than the kernel copies at a time
    rows = [list(range(num_labels)), [1, 5], [], list(range(0, num_labels, 3))]
    names = ["l%d" % j for j in range(num_labels)]
    counter = CooccurrenceCounter(names, names[:2], examples_per_cell=2)
    counter.update_indices(rows, example_ids=["a", "b", "c", "d"])
    decided = np.zeros((4, num_labels), bool)
    for r, cols in enumerate(rows):
        decided[r, cols] = True
    _, hashes = sampling.id_hashes(["a", "b", "c", "d"])
    assert sample_hashes(counter, 0) == brute_force(decided, decided[:, :2], hashes, 2)


def fused_calls(monkeypatch, only=True):
    """How many blocks were counted and sampled in one pass (`sampling.Candidates`);
    ``only``: a block sampled apart (`CellSample.add_rows`) fails the test."""
    calls = []
    original = sampling.Candidates.__call__

    def counted(self, *args):
        calls.append(1)
        return original(self, *args)

    def apart(*args):
        raise AssertionError("a block was sampled apart from its counting")

    monkeypatch.setattr(sampling.Candidates, "__call__", counted)
    if only:
        monkeypatch.setattr(sampling.CellSample, "add_rows", apart)
    return calls


@pytest.mark.parametrize("mode", ["labels", "attributes"])
def test_counting_fused_with_the_sample_equals_brute_force_and_numpy(mode, monkeypatch):
    # distinct ids: counted in hash order, each cell's first k rows are its candidates
    rng = np.random.default_rng({"labels": 21, "attributes": 22}[mode])
    for _ in range(10):
        scores, _, names, identities, id_rows = case = list(random_case(rng, mode))
        n = scores.shape[0]
        case[1] = ["u-%d" % v for v in rng.permutation(10 * n)[:n]]
        k = int(rng.choice([1, 2, 3, 8]))
        cuts = sorted(set(rng.integers(1, n, size=int(rng.integers(0, 12))).tolist())) if n > 1 else []
        thresholds = (0.2, 0.5)
        with monkeypatch.context() as patch:
            calls = fused_calls(patch)
            patch.setattr(sampling, "DEFER_ROWS", 0)  # every batch sampled as it comes
            fused = count(case, k, cuts, thresholds, text=True)
            assert len(calls) >= len(thresholds) * (len(cuts) + 1)  # dense batches: in row blocks
        assert_sample_is_exact(fused, case, k, cuts, thresholds, monkeypatch.context)


@pytest.mark.parametrize("later", [False, True])
def test_many_small_batches_keep_the_sample_of_one_batch(later, monkeypatch):
    # one at a time, later batches merge only what passes each cell's bound, grouped by row;
    # kept for later (`sampling.Pending`), they are sampled in one pass
    rng = np.random.default_rng(23)
    n, num_labels = 3000, 300
    decided = rng.random((n, num_labels)) < 0.03 / (1 + np.arange(num_labels) / 30)
    decided[:, :3] |= rng.random((n, 3)) < 0.3
    names = ["l%d" % j for j in range(num_labels)]
    ids = rng.permutation(10**6)[:n]

    def counter():
        return CooccurrenceCounter(names, names[:3], examples_per_cell=4)

    one = counter().update(decided, example_ids=ids)
    if not later:
        monkeypatch.setattr(sampling, "DEFER_ROWS", 0)
    calls = fused_calls(monkeypatch)
    many = counter()
    for lo in range(0, n, 100):
        many.update(decided[lo : lo + 100], example_ids=ids[lo : lo + 100])
    if later:
        assert calls == [] and many._pending.rows == n
        many._settle_samples()
        assert len(calls) == 1 and many._pending.rows == 0
    else:
        assert len(calls) >= n // 100
    halves = counter().update(decided[: n // 2], example_ids=ids[: n // 2]).merge(
        counter().update(decided[n // 2 :], example_ids=ids[n // 2 :]))
    assert many.table() == one.table() == halves.table()
    _, hashes = sampling.id_hashes(ids)
    assert sample_hashes(many, 0) == brute_force(decided, decided[:, :3], hashes, 4)


@pytest.mark.filterwarnings("ignore::tb_bias_plugin.measures.association.counting.RepeatedIdsWarning")  # repeats are the case tested
def test_an_id_twice_in_a_batch_is_sampled_without_the_fused_pass(monkeypatch):
    decided = np.array([[1, 1, 0], [1, 0, 1], [1, 1, 1]], bool)
    calls = fused_calls(monkeypatch, only=False)
    counter = CooccurrenceCounter(["a", "b", "c"], ["a"], examples_per_cell=2)
    counter.update_indices([np.flatnonzero(row) for row in decided], example_ids=["x", "y", "x"])
    assert calls == []
    _, hashes = sampling.id_hashes(["x", "y", "x"])
    assert sample_hashes(counter, 0) == brute_force(decided, decided[:, :1], hashes, 2)


def test_count_sample_and_merge_candidates_check_their_arrays():
    indptr, cols = np.array([0, 2], np.int64), np.array([0, 5], np.int32)  # label 5 of 3: out of range
    order, hashes, slot_of_label = np.zeros(1, np.int64), np.array([5], np.uint64), np.array([0, -1, -1], np.int64)
    counts = (np.zeros(3, np.uint32), np.zeros(3, np.uint32))
    keys, places = np.zeros(80, np.uint64), np.zeros(80, np.uint32)

    def call(indptr=indptr, cols=cols, order=order, bound=None, keys=keys, places=places):
        return kernel.count_sample(indptr, cols, order, hashes, slot_of_label, None, None, 1, 3, *counts, bound, 2,
                                   keys, places)

    with pytest.raises(ValueError, match="outside the label vector"):
        call()
    with pytest.raises(ValueError, match="one entry per row"):
        call(order=np.zeros(2, np.int64))
    with pytest.raises(ValueError, match="too short"):
        call(np.array([0, 1]), cols[:1], keys=keys[:3], places=places[:3])
    with pytest.raises(ValueError, match="changed"):  # a row that is not in the batch
        call(np.array([0, 1]), cols[:1], order=np.array([4], np.int64))
    with pytest.raises(ValueError, match="bound one per cell"):
        call(np.array([0, 1]), cols[:1], bound=np.zeros(5, np.uint64))
    # label 0 (identity slot 0) once: cells 0 (x, y) and 3 (y alone); a bound of 4 keeps hash 5 out of cell 3,
    # one of 5 does not (hash 5 may be in that cell's sample already: its record is kept again)
    bound = np.full(6, sampling.EMPTY, np.uint64)
    bound[3] = 4
    for counted in counts:
        counted[:] = 0
    assert call(np.array([0, 1]), cols[:1], bound=bound) == 1 and keys[0] == 0 << 16 and places[0] == 0
    bound[3] = 5
    for counted in counts:
        counted[:] = 0
    assert call(np.array([0, 1]), cols[:1], bound=bound) == 2 and sorted(keys[:2].tolist()) == [0, 3 << 16]
    sample = sampling.CellSample(6, 2)
    sample._reserve(4)
    args = [np.array([(7 << 16) | 0], np.uint64), np.zeros(1, np.uint32), order, np.array([5], np.uint64),
            sample.index, sample.bound, sample.hashes, sample.keys, 0, 0, np.zeros(1, np.uint8)]
    with pytest.raises(ValueError, match="out of range"):  # cell 7 of 6
        kernel.merge_candidates(*args)
    args[0] = np.array([(3 << 16) | 0], np.uint64)
    with pytest.raises(ValueError, match="out of range"):  # cell 3 has no row
        kernel.merge_candidates(*args)
    with pytest.raises(ValueError, match="fresh_from"):
        kernel.merge_candidates(*args[:8], 1, 0, args[10])


@pytest.mark.parametrize("later", [False, True])
@pytest.mark.filterwarnings("ignore::tb_bias_plugin.measures.association.counting.RepeatedIdsWarning")  # repeats are the case tested
def test_examples_seen_again_in_later_batches_are_kept_once(later, monkeypatch):
    # ids distinct within each batch (the fused pass) but seen again later: merged rows keep each hash once;
    # kept for later, the batches together repeat ids, so they are sampled apart from counting
    rng = np.random.default_rng(24)
    n, num_labels = 600, 40
    decided = rng.random((n, num_labels)) < 0.15
    names = ["l%d" % j for j in range(num_labels)]
    ids = ["again-%d" % i for i in range(n)]
    if not later:
        monkeypatch.setattr(sampling, "DEFER_ROWS", 0)
    calls = fused_calls(monkeypatch, only=not later)
    twice = CooccurrenceCounter(names, names[:2], examples_per_cell=3)
    for lo, hi in ((0, 400), (200, 600), (0, 600)):
        twice.update(decided[lo:hi], example_ids=ids[lo:hi])
    _, hashes = sampling.id_hashes(ids)
    assert sample_hashes(twice, 0) == brute_force(decided, decided[:, :2], hashes, 3)
    assert (calls == []) == later


def small_batches_case(seed=25, n=900, num_labels=60):
    rng = np.random.default_rng(seed)
    decided = rng.random((n, num_labels)) < 0.08
    decided[:, :2] |= rng.random((n, 2)) < 0.3
    names = ["l%d" % j for j in range(num_labels)]
    ids = ["small-%d" % i for i in rng.permutation(10 * n)[:n]]
    return decided, names, ids


def test_batches_kept_for_later_are_sampled_before_anything_reads_the_sample():
    import pickle

    decided, names, ids = small_batches_case()
    n = len(ids)

    def counter(lo=0, hi=n, step=50):
        made = CooccurrenceCounter(names, names[:2], examples_per_cell=3)
        for at in range(lo, hi, step):
            made.update(decided[at : min(hi, at + step)], example_ids=ids[at : min(hi, at + step)],
                        example_text=["caption %s" % i for i in ids[at : min(hi, at + step)]])
        return made

    whole = CooccurrenceCounter(names, names[:2], examples_per_cell=3).update(
        decided, example_ids=ids, example_text=["caption %s" % i for i in ids])
    reference = whole.table()
    assert counter()._pending.rows == n
    assert counter().table() == reference
    unpickled = pickle.loads(pickle.dumps(counter()))
    assert unpickled._pending.rows == 0 and unpickled.table() == reference  # it carries the sample, not the rows
    state = pickle.loads(pickle.dumps(counter())).__dict__
    del state["_pending"]  # as pickled by a version that kept no rows for later, and loaded so
    older = object.__new__(CooccurrenceCounter)
    older.__setstate__(state)
    older.update(decided[:10], example_ids=["older-%d" % i for i in range(10)])
    assert older._pending.rows == 10 and older.num_examples == n + 10
    assert counter(0, n // 3).merge(counter(n // 3, n)).table() == reference
    # a copy takes the sample first and shares no rows kept for later with its original
    first = counter(0, n // 2)
    clone = first.copy()
    assert first._pending.rows == clone._pending.rows == 0
    clone.update(decided[n // 2 :], example_ids=ids[n // 2 :], example_text=["caption %s" % i for i in ids[n // 2 :]])
    assert first._pending.rows == 0 and clone.table() == reference
    _, hashes = sampling.id_hashes(ids)
    assert sample_hashes(counter(), 0) == brute_force(decided, decided[:, :2], hashes, 3)


def test_rows_kept_for_later_are_copies_of_the_callers_arrays():
    import scipy.sparse

    decided, names, ids = small_batches_case(seed=26)
    reference = CooccurrenceCounter(names, names[:2], examples_per_cell=2).update(
        scipy.sparse.csr_matrix(decided), example_ids=ids, example_text=list(ids)).table()
    counter = CooccurrenceCounter(names, names[:2], examples_per_cell=2)
    for lo in range(0, len(ids), 300):
        batch = scipy.sparse.csr_matrix(decided[lo : lo + 300])
        given, text = list(ids[lo : lo + 300]), list(ids[lo : lo + 300])
        counter.update(batch, example_ids=given, example_text=text)
        batch.indices[:] = 0  # the caller reuses its buffers
        given[:] = ["changed"] * len(given)
        text[:] = ["changed"] * len(text)
    assert counter._pending.rows == len(ids)
    assert counter.table() == reference


def test_rows_kept_for_later_stay_within_their_limits(monkeypatch):
    decided, names, ids = small_batches_case(seed=27)
    monkeypatch.setattr(sampling, "SETTLE_ROWS", 200)
    monkeypatch.setattr(sampling, "DEFER_ROWS", 120)
    cells = int(decided[:50].sum())
    settled = []
    original = CooccurrenceCounter._settle_samples

    def counted(self):
        settled.append(self._pending.rows)
        return original(self)

    monkeypatch.setattr(CooccurrenceCounter, "_settle_samples", counted)
    batches = [(decided[lo : lo + 50], ids[lo : lo + 50]) for lo in range(0, 900, 50)]
    counter = CooccurrenceCounter(names, names[:2], examples_per_cell=2)
    for batch, given in batches:  # 50 rows a batch: sampled before they would pass 200
        counter.update(batch, example_ids=given)
        assert counter._pending.rows <= 200
    assert [rows for rows in settled if rows] == [200] * 4 and counter._pending.rows == 100
    batches.append((decided[:150], ["long-%d" % i for i in range(150)]))  # 150 >= DEFER_ROWS: at once
    counter.update(*batches[-1][:1], example_ids=batches[-1][1])
    assert counter._pending.rows == 0 and settled[-1] == 100
    monkeypatch.setattr(sampling, "SETTLE_CELLS", 2 * cells + 1)
    for name in "abc":  # the third passes the cells' limit: the first two are sampled before it is kept
        batches.append((decided[:50], ["%s-%d" % (name, i) for i in range(50)]))
        counter.update(batches[-1][0], example_ids=batches[-1][1])
    assert counter._pending.rows == 50 and settled[-1] == 100
    batches.append((decided[:100], ["many-%d" % i for i in range(100)]))  # more cells than half the limit
    counter.update(batches[-1][0], example_ids=batches[-1][1])
    assert counter._pending.rows == 0 and settled[-1] == 50 and counter._pending.cells == 0
    monkeypatch.setattr(sampling, "DEFER_ROWS", 0)  # the same batches, each sampled as it is counted
    reference = CooccurrenceCounter(names, names[:2], examples_per_cell=2)
    for batch, given in batches:
        reference.update(batch, example_ids=given)
    assert counter.table() == reference.table()


def test_text_kept_for_later_is_cut_to_what_a_sample_keeps():
    decided, names, ids = small_batches_case(seed=28, n=40)
    long = ["%s %s" % (i, "x" * 5000) for i in ids]
    counter = CooccurrenceCounter(names, names[:2], examples_per_cell=2)
    counter.update(decided, example_ids=ids, example_text=long, example_uris=long)
    assert counter._pending.rows == 40
    assert {len(t) for batch in counter._pending.batches for t in batch[2] + batch[3]} == {200}
    table = counter.table()
    assert table.examples.texts and {len(t) for t in table.examples.texts} == {200}


def test_rows_kept_for_later_survive_a_failure_while_they_are_sampled(monkeypatch):
    decided, names, ids = small_batches_case(seed=29, n=300)
    scores = decided * np.where(np.arange(len(ids)) % 2, 0.9, 0.5)[:, None]

    def made():
        return CooccurrenceCounter(names, names[:2], thresholds=(0.3, 0.7), examples_per_cell=2)

    reference = made().update(scores, example_ids=ids).table()
    counter = made()
    for lo in range(0, 300, 100):
        counter.update(scores[lo : lo + 100], example_ids=ids[lo : lo + 100])
    original = sampling.Pending.threshold

    def interrupted(self, t):  # once threshold 0's sample has taken the rows: taking them again must not harm it
        if t == 1:
            raise KeyboardInterrupt
        return original(self, t)

    monkeypatch.setattr(sampling.Pending, "threshold", interrupted)
    with pytest.raises(KeyboardInterrupt):
        counter.table()
    assert counter._pending.rows == 300
    monkeypatch.setattr(sampling.Pending, "threshold", original)
    first = counter.copy()
    assert counter._pending.rows == 0 and first.table() == counter.table() == reference


@pytest.mark.parametrize("later", [False, True])
@pytest.mark.filterwarnings("ignore::tb_bias_plugin.measures.association.counting.RepeatedIdsWarning")  # repeats are the case tested
def test_an_id_logged_again_with_other_text_keeps_the_text_that_sorts_first(later, monkeypatch):
    # the fused pass keeps the record of a row whose id is in the cell already (at its bound too)
    if not later:
        monkeypatch.setattr(sampling, "DEFER_ROWS", 0)
    names = ["o%d" % i for i in range(40)]
    x, hashes = sampling.id_hashes(["x"] + names)[1][0], sampling.id_hashes(names)[1]
    # one id below x and two above: x is the second of a cell of k = 2, its bound
    around = [names[int(np.flatnonzero(hashes < x)[0])]] + [names[i] for i in np.flatnonzero(hashes > x)[:2]]
    for texts in (["zzz", "aaa"], ["aaa", "zzz"]):
        for others in ([], around):
            counter = CooccurrenceCounter(["a", "b"], ["a"], examples_per_cell=2)
            for text in texts:
                counter.update([["a", "b"]] * (1 + len(others)), example_ids=["x", *others],
                               example_text=[text] + ["other"] * len(others))
            examples = counter.table().examples
            assert dict(zip(examples.ids, examples.texts))["x"] == "aaa"
