"""The compiled counting kernel against a dense oracle, and its own checks.

The counter's tests (test_counting.py) run on the kernel too; these call
it directly, with the inputs only a caller's mistake would give it.
"""

import numpy as np
import pytest

from tb_bias_plugin import CooccurrenceCounter
from tb_bias_plugin.measures.association import backends

kernel = backends._compiled_kernel()


def test_kernel_is_built():
    # `make test-deps` installs with the C compiler present: a missing kernel
    # is a broken build, not a reason to test less
    assert kernel is not None


def _csr(dense, dtype):
    rows, cols = np.nonzero(dense)
    indptr = np.concatenate([[0], np.cumsum(dense.sum(axis=1))]).astype(np.int64)
    return indptr, cols.astype(dtype)


def _outputs(num_labels, k):
    return np.zeros(num_labels, np.uint32), np.zeros(k * num_labels, np.uint32)


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_identity_labels_equal_the_dense_product(dtype):
    rng = np.random.default_rng(0)
    dense = rng.random((500, 60)) < 0.15
    dense[::9] = False  # empty rows
    identity_columns = np.array([3, 17, 40, 59])
    dense[:, identity_columns] = rng.random((500, 4)) < [0.5, 0.5, 0.05, 0.9]  # rows with several
    slot_of_label = np.full(60, -1, np.int64)
    slot_of_label[identity_columns] = np.arange(4)
    label_counts, cooccurrence = _outputs(60, 4)
    kernel.label_identities(*_csr(dense, dtype), slot_of_label, 4, label_counts, cooccurrence)
    d = dense.astype(np.int64)
    np.testing.assert_array_equal(label_counts, d.sum(axis=0))
    np.testing.assert_array_equal(cooccurrence.reshape(4, 60), d[:, identity_columns].T @ d)


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_attribute_identities_equal_the_dense_product(dtype):
    rng = np.random.default_rng(1)
    dense = rng.random((400, 30)) < 0.2
    member = rng.random((400, 3)) < [0.6, 0.3, 0.1]  # none, one or several per row
    slot_indptr, slots = _csr(member, np.int64)
    label_counts, cooccurrence = _outputs(30, 3)
    kernel.attribute_identities(*_csr(dense, dtype), slot_indptr, slots, 30, label_counts, cooccurrence)
    d = dense.astype(np.int64)
    np.testing.assert_array_equal(label_counts, d.sum(axis=0))
    np.testing.assert_array_equal(cooccurrence.reshape(3, 30), member.astype(np.int64).T @ d)


def test_bad_inputs_raise_value_errors():
    indptr, cols = np.array([0, 2, 3], np.int64), np.array([0, 4, 1], np.int32)
    slot_of_label = np.array([0, 1, -1, -1, -1], np.int64)
    label_counts, cooccurrence = _outputs(5, 2)
    with pytest.raises(ValueError, match="outside the label vector"):
        kernel.label_identities(indptr, np.array([0, 5, 1], np.int32), slot_of_label, 2, label_counts, cooccurrence)
    with pytest.raises(ValueError, match="more identity labels than there are identities"):
        # the caller keeps labels unique within a row; the kernel only refuses to overrun
        kernel.label_identities(np.array([0, 3], np.int64), np.array([0, 1, 0], np.int32), slot_of_label, 2,
                                label_counts, cooccurrence)
    with pytest.raises(ValueError, match="end at the number of cells"):
        kernel.label_identities(indptr[:2], cols, slot_of_label, 2, label_counts, cooccurrence)
    with pytest.raises(ValueError, match="must not decrease"):
        kernel.label_identities(np.array([0, 3, 2, 3], np.int64), cols, slot_of_label, 2, label_counts, cooccurrence)
    with pytest.raises(ValueError, match="cols must be a 1-d array of 32- or 64-bit integers"):
        kernel.label_identities(indptr, cols.astype(np.float64), slot_of_label, 2, label_counts, cooccurrence)
    with pytest.raises(ValueError, match="label_counts must be a 1-d array of uint32 counts"):
        kernel.label_identities(indptr, cols, slot_of_label, 2, label_counts.astype(np.int64), cooccurrence)
    with pytest.raises(ValueError, match="num_labels and k"):
        kernel.label_identities(indptr, cols, slot_of_label, 3, label_counts, cooccurrence)
    with pytest.raises(ValueError, match="identity slot is outside"):
        kernel.label_identities(indptr, cols, np.array([0, 2, -1, -1, -1], np.int64), 2, label_counts, cooccurrence)
    with pytest.raises(ValueError, match="identity slot is outside"):
        kernel.attribute_identities(indptr, cols, np.array([0, 1, 1], np.int64), np.array([2], np.int64), 5,
                                    label_counts, cooccurrence)
    with pytest.raises(ValueError, match="one offset per row"):
        kernel.attribute_identities(indptr, cols, np.array([0, 1], np.int64), np.array([0], np.int64), 5,
                                    label_counts, cooccurrence)
    label_counts.setflags(write=False)
    with pytest.raises(ValueError, match="read-only"):
        kernel.label_identities(indptr, cols, slot_of_label, 2, label_counts, cooccurrence)


def test_batches_past_32_bit_counts_are_counted_in_row_halves(monkeypatch):
    rng = np.random.default_rng(2)
    labels = ["l%d" % i for i in range(20)]
    dense = rng.random((50, 20)) < 0.4
    groups = np.eye(3, dtype=bool)[rng.integers(0, 3, size=50)]
    want = [CooccurrenceCounter(labels, labels[:3]).update(dense).table(),
            CooccurrenceCounter(labels, ["a", "b", "c"]).update(dense, identities=groups).table()]
    monkeypatch.setattr(backends, "_KERNEL_ROWS", 7)  # halves, and halves of halves
    assert CooccurrenceCounter(labels, labels[:3]).update(dense).table() == want[0]
    assert CooccurrenceCounter(labels, ["a", "b", "c"]).update(dense, identities=groups).table() == want[1]


# Arguments only a caller's mistake would give: the kernel must refuse them
# before reading or writing anything, never read or write past an array.


def _past(values, dtype, length):
    """The first `length` of `values`: what lies past them is valid too, so
    that a read past the end goes unnoticed unless the kernel refuses it."""
    return np.asarray(values, dtype)[:length]


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
@pytest.mark.parametrize("indptr", [[0, 10, 3], [0, 2, 1, 3], [0, 3, 2, 3]],
                         ids=["past-the-end", "decreasing", "back-to-the-end"])
def test_row_offsets_out_of_order_are_refused_before_counting(dtype, indptr):
    indptr = np.array(indptr, np.int64)
    cols = _past(np.arange(10) % 5, dtype, 3)  # 3 cells; row 0 of [0, 10, 3] would read 10
    label_counts, cooccurrence = _outputs(5, 2)
    with pytest.raises(ValueError, match=r"indptr: row offsets must not decrease \(row \d+: \d+ to \d+\)"):
        kernel.label_identities(indptr, cols, np.array([0, -1, -1, 1, -1], np.int64), 2, label_counts, cooccurrence)
    with pytest.raises(ValueError, match=r"indptr: row offsets must not decrease"):
        kernel.attribute_identities(indptr, cols, np.arange(len(indptr), dtype=np.int64) * 0,
                                    np.zeros(0, np.int64), 5, label_counts, cooccurrence)
    assert not label_counts.any() and not cooccurrence.any()  # refused before counting


@pytest.mark.parametrize("slot_indptr", [[0, 5, 1], [0, 1, 0, 1]], ids=["past-the-end", "decreasing"])
def test_identity_row_offsets_out_of_order_are_refused_before_counting(slot_indptr):
    slot_indptr = np.array(slot_indptr, np.int64)
    rows = len(slot_indptr) - 1
    indptr, cols = np.arange(rows + 1, dtype=np.int64), np.zeros(rows, np.int32)
    slots = _past(np.zeros(5), np.int64, 1)  # slot 0, and more slot 0 past the end
    label_counts, cooccurrence = _outputs(5, 2)
    with pytest.raises(ValueError, match=r"slot_indptr: row offsets must not decrease \(row \d+: \d+ to \d+\)"):
        kernel.attribute_identities(indptr, cols, slot_indptr, slots, 5, label_counts, cooccurrence)
    assert not label_counts.any() and not cooccurrence.any()


@pytest.mark.parametrize("k", [2**61, 2**62, 2**63 - 1])
def test_k_whose_product_with_num_labels_overflows_is_refused(k):
    # k * 4 wraps around (to 0 for 2**62): the 0-length cooccurrence would pass
    label_counts, cooccurrence = _outputs(4, 0)
    with pytest.raises(OverflowError, match=r"k \* num_labels overflows"):
        kernel.label_identities(np.array([0, 1], np.int64), np.array([0], np.int32), np.full(4, -1, np.int64), k,
                                label_counts, cooccurrence)
    assert not label_counts.any()


def test_any_k_is_taken_without_labels():
    # nothing is counted, nothing held: no allocation of k slots either
    kernel.label_identities(np.array([0], np.int64), np.zeros(0, np.int32), np.zeros(0, np.int64), 2**62,
                            *_outputs(0, 0))


def test_negative_k_and_num_labels_are_refused():
    empty = np.array([0], np.int64), np.zeros(0, np.int32)
    with pytest.raises(ValueError, match=r"k must not be negative \(got -1\)"):
        kernel.label_identities(*empty, np.zeros(0, np.int64), -1, *_outputs(0, 0))  # -1 * 0 == 0 cells
    with pytest.raises(ValueError, match=r"k must not be negative \(got -2\)"):
        kernel.label_identities(*empty, np.full(3, -1, np.int64), -2, np.zeros(3, np.uint32), np.zeros(0, np.uint32))
    with pytest.raises(ValueError, match=r"num_labels must not be negative \(got -1\)"):
        kernel.attribute_identities(*empty, np.array([0], np.int64), np.zeros(0, np.int64), -1, *_outputs(0, 0))


# With the interpreter lock released, another thread may write the caller's
# arrays while they are counted. An output that shares memory with an input
# does the same, deterministically: the kernel must check what it reads again
# and stop, never count at an index it did not check.

_LOW = 0 if np.little_endian else 1  # the uint32 word of an int64's low half


def test_a_label_changed_while_counting_is_not_counted_past_the_counts():
    # label_identities: cols are label_counts; label 0 (identity 0) is found,
    # then counting the row's labels turns cell 2 into label 3 = num_labels
    # before the row is counted again for identity 0
    cells = np.zeros(6, np.uint32)
    cells[:3] = [0, 1, 2]
    label_counts = cells[:3]
    room = np.zeros(6, np.uint32)
    with pytest.raises(ValueError, match="outside the label vector"):
        kernel.label_identities(np.array([0, 3], np.int64), label_counts.view(np.int32),
                                np.array([0, -1, -1], np.int64), 1, label_counts, room[:3])
    assert not room[3:].any() and not cells[3:].any()
    # attribute_identities, a row without identities: [1, 2, 0] counted as it is
    # read: label 1 turns cell 1 into label 3
    cells[:] = 0
    cells[:3] = [1, 2, 0]
    with pytest.raises(ValueError, match="outside the label vector"):
        kernel.attribute_identities(np.array([0, 3], np.int64), label_counts.view(np.int32), np.array([0, 0], np.int64),
                                    np.zeros(0, np.int64), 3, label_counts, np.zeros(3, np.uint32))
    assert not cells[3:].any()


def test_an_identity_slot_changed_while_counting_is_not_counted_past_the_identities():
    # cooccurrence (2 identities x 4 labels) is slot_of_label's memory: counting
    # row 0 for identity 1 (label 2) at label _LOW turns label 2's slot from 1
    # into 2 = k, then row 1 holds label 2 again
    memory = np.zeros(8, np.int64)
    slot_of_label = memory[:4]
    slot_of_label[:] = [0, -1, 1, -1]
    cooccurrence = memory.view(np.uint32)[:8]
    cols = np.array([2, _LOW, 2], np.int32)
    with pytest.raises(ValueError, match="identity slot is outside"):
        kernel.label_identities(np.array([0, 2, 3], np.int64), cols, slot_of_label, 2, np.zeros(4, np.uint32),
                                cooccurrence)
    assert not memory[4:].any()


@pytest.mark.parametrize("which", ["label indptr", "attribute indptr", "slot_indptr"])
def test_row_offsets_changed_while_counting_are_not_read_past_the_cells(which):
    # label_counts (6 labels) are the memory of the 3 offsets [0, 1, 2]:
    # counting label 2 * 2 + _LOW of row 0 makes the last offset 3, past the end
    offsets = np.array([0, 1, 2], np.int64)
    label_counts = offsets.view(np.uint32)
    cols = _past([4 + _LOW, 0, 0], np.int32, 2)
    if which == "label indptr":
        call = lambda: kernel.label_identities(offsets, cols, np.full(6, -1, np.int64), 0, label_counts,
                                               np.zeros(0, np.uint32))
    elif which == "attribute indptr":
        call = lambda: kernel.attribute_identities(offsets, cols, np.zeros(3, np.int64), np.zeros(0, np.int64), 6,
                                                   label_counts, np.zeros(6, np.uint32))
    else:  # row 0 holds no identity, row 1 the one slot
        offsets[:] = [0, 0, 1]
        call = lambda: kernel.attribute_identities(np.array([0, 1, 2], np.int64), cols, offsets,
                                                   _past([0, 0], np.int64, 1), 6, label_counts, np.zeros(6, np.uint32))
    with pytest.raises(ValueError, match="row offsets changed while they were counted"):
        call()


# once_per_row: each row's labels once, in place (token lists with repeats)


def test_once_per_row_keeps_each_rows_first_cell_of_each_label():
    rng = np.random.default_rng(3)
    lengths = rng.integers(0, 12, size=300)
    cols = rng.integers(-1, 9, size=int(lengths.sum()))  # -1: a name that is no label
    indptr = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
    want = [list(dict.fromkeys(c for c in cols[lo:hi].tolist() if c >= 0)) for lo, hi in zip(indptr[:-1], indptr[1:])]
    got_indptr, got_cols = indptr.copy(), cols.copy()
    kept = kernel.once_per_row(got_indptr, got_cols, 9)
    assert kept == sum(map(len, want)) and got_indptr[-1] == kept
    assert [got_cols[lo:hi].tolist() for lo, hi in zip(got_indptr[:-1], got_indptr[1:])] == want


def test_once_per_row_refuses_bad_arguments():
    indptr, cols = np.array([0, 2, 3], np.int64), np.array([0, 1, 1], np.int64)
    with pytest.raises(ValueError, match="outside the label vector"):
        kernel.once_per_row(indptr.copy(), np.array([0, 1, 2], np.int64), 2)
    with pytest.raises(ValueError, match="cols must be a 1-d array of 64-bit integers"):
        kernel.once_per_row(indptr.copy(), cols.astype(np.int32), 2)
    with pytest.raises(ValueError, match="must not decrease"):
        kernel.once_per_row(np.array([0, 3, 2, 3], np.int64), cols.copy(), 2)
    with pytest.raises(ValueError, match="end at the number of cells"):
        kernel.once_per_row(indptr[:2].copy(), cols.copy(), 2)
    with pytest.raises(ValueError, match="num_labels must not be negative"):
        kernel.once_per_row(indptr.copy(), cols.copy(), -1)
    frozen = cols.copy()
    frozen.setflags(write=False)
    with pytest.raises(ValueError, match="read-only"):
        kernel.once_per_row(indptr.copy(), frozen, 2)


def test_once_per_row_offsets_rewritten_while_read_are_not_read_past_the_cells():
    # cols are the offsets' memory: keeping label 1 of row 0 turns row 1's end
    # offset from 4 into 1, below where row 1 starts
    memory = np.array([0, 4, 4, 1, 7, 7], np.int64)
    with pytest.raises(ValueError, match="row offsets changed while they were counted"):
        kernel.once_per_row(memory[:3], memory[:4], 5)
    assert memory[4:].tolist() == [7, 7]
