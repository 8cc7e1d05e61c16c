"""The compiled counting kernel against a dense oracle, and its own checks.

The counter's tests (test_counting.py) run on the kernel too; these call
it directly, with the inputs only a caller's mistake would give it.
"""

import numpy as np
import pytest

from tb_bias_plugin import CooccurrenceCounter
from tb_bias_plugin.measures.association import counting

kernel = counting._compiled_kernel()


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
    monkeypatch.setattr(counting, "_KERNEL_ROWS", 7)  # halves, and halves of halves
    assert CooccurrenceCounter(labels, labels[:3]).update(dense).table() == want[0]
    assert CooccurrenceCounter(labels, ["a", "b", "c"]).update(dense, identities=groups).table() == want[1]
