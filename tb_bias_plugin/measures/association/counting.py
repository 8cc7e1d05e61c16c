"""Streaming, mergeable counting of label / identity co-occurrence."""

import itertools

import numpy as np

from tb_bias_plugin.measures.association.table import (
    AssociationTable,
    _preview,
    check_identity_names,
    check_names,
    check_thresholds,
)

# Cells handled per NumPy call: large enough to amortise call overhead,
# small enough to stay in cache.
_CHUNK = 1 << 17


class CooccurrenceCounter:
    """Counts N, C(y), C(x), C(x, y) and C(x_i, x_j) over batches of predictions.

    Memory is independent of the number of examples: O(T * k * L) int64 for
    T thresholds, k identities and L labels. Counts are exact.

    Parameters
    ----------
    label_names : sequence of str
        The L labels, in the column order of dense or sparse predictions.
    identity_labels : sequence of str
        The k identity labels (e.g. ``["man", "woman"]``).
    thresholds : float or sequence of float, default (0.5,)
        Float scores are positive where ``score > threshold``; counts are
        kept for every threshold. Boolean and 0/1 integer predictions are
        decisions already and count the same at every threshold.
    identities_from : {"labels", "attributes"}, optional
        Where identities come from. "labels": they are among ``label_names``
        and read from the predictions (the paper's case). "attributes": each
        ``update`` receives them separately as ``identities=``. By default
        "labels" when every identity label is a label, else "attributes".
    unknown_labels : {"raise", "ignore"}, default "raise"
        For batches given as lists of label names: whether a name outside
        ``label_names`` is an error or is skipped (e.g. out-of-vocabulary
        tokens of a text corpus).

    Examples
    --------
    >>> counter = CooccurrenceCounter(["man", "woman", "bike"], ["man", "woman"])
    >>> counter.update([["man", "bike"], ["woman"], ["man"]])
    CooccurrenceCounter(3 labels, identities=('man', 'woman'), thresholds=(0.5,), N=3)
    >>> counter.table().cooccurrence[0].tolist()
    [[2, 0, 1], [0, 1, 0]]
    """

    def __init__(
        self,
        label_names,
        identity_labels,
        thresholds=(0.5,),
        *,
        identities_from=None,
        unknown_labels="raise",
    ):
        self.label_names = check_names(label_names, "label_names")
        self.identity_labels = check_identity_names(identity_labels, "identity_labels")
        self.thresholds = check_thresholds(thresholds)
        index = {name: i for i, name in enumerate(self.label_names)}
        in_labels = [x in index for x in self.identity_labels]
        if identities_from is None:
            if any(in_labels) and not all(in_labels):
                # Most likely a typo; guessing "attributes" would be wrong.
                missing = [x for x, ok in zip(self.identity_labels, in_labels) if not ok]
                raise ValueError(
                    "identity labels %s are not in label_names while the others are; fix the "
                    "names, or pass identities_from='attributes' to give all identities to update()"
                    % _preview(missing)
                )
            identities_from = "labels" if all(in_labels) else "attributes"
        if identities_from == "labels":
            if not all(in_labels):
                missing = [x for x, ok in zip(self.identity_labels, in_labels) if not ok]
                raise ValueError(
                    "identity labels %s are not in label_names; pass "
                    "identities_from='attributes' and give identities to update()"
                    % _preview(missing)
                )
            identity_label_index = [index[x] for x in self.identity_labels]
        elif identities_from == "attributes":
            identity_label_index = [-1] * len(self.identity_labels)
        else:
            raise ValueError(
                "identities_from must be 'labels' or 'attributes', got %r" % (identities_from,)
            )
        if unknown_labels not in ("raise", "ignore"):
            raise ValueError("unknown_labels must be 'raise' or 'ignore', got %r" % (unknown_labels,))
        self.identities_from = identities_from
        self.unknown_labels = unknown_labels
        self._label_index = index
        self._identity_index = {x: j for j, x in enumerate(self.identity_labels)}
        self._identity_label_index = np.asarray(identity_label_index, dtype=np.int64)
        # identity slot of each label column, -1 for ordinary labels
        self._slot_of_label = np.full(len(self.label_names), -1, dtype=np.int64)
        if identities_from == "labels":
            self._slot_of_label[self._identity_label_index] = np.arange(len(self.identity_labels))
        self._is_identity_label = self._slot_of_label >= 0
        n_t, n_k, n_l = len(self.thresholds), len(self.identity_labels), len(self.label_names)
        self._num_examples = 0
        self._label_counts = np.zeros((n_t, n_l), np.int64)
        self._identity_counts = np.zeros((n_t, n_k), np.int64)
        self._cooccurrence = np.zeros((n_t, n_k, n_l), np.int64)
        self._identity_cooccurrence = np.zeros((n_t, n_k, n_k), np.int64)

    def __repr__(self):
        return "CooccurrenceCounter(%d labels, identities=%r, thresholds=%r, N=%d)" % (
            len(self.label_names),
            self.identity_labels,
            self.thresholds,
            self._num_examples,
        )

    @property
    def num_examples(self):
        """N, the number of examples counted so far."""
        return self._num_examples

    def update(self, predictions, identities=None):
        """Count one batch of examples.

        Parameters
        ----------
        predictions
            One row per example, as any of: a dense (n, L) array of bool or
            0/1 integers; a dense (n, L) array of float scores in [0, 1]; a
            scipy.sparse matrix of either; or an iterable of per-example
            lists of label names. Anything NumPy can convert (PyTorch CPU
            tensors, TensorFlow eager tensors) is accepted as an array.
        identities
            Only with ``identities_from="attributes"``: one row per example,
            as an (n, k) array (same forms as ``predictions``, columns in
            ``identity_labels`` order) or per-example identity names (a
            name, a list of names, or None).

        Returns
        -------
        self

        Raises
        ------
        ValueError
            If the batch is malformed; the counts are then left unchanged.
        """
        n, positives = _positives(
            predictions,
            self.label_names,
            self._label_index,
            self.thresholds,
            "predictions",
            ignore_unknown=self.unknown_labels == "ignore",
        )
        if self.identities_from == "attributes":
            if identities is None:
                raise ValueError(
                    "identity labels %s are not among label_names, so this counter takes them "
                    "as a per-example attribute: pass identities= to update(), or fix the names"
                    % _preview(self.identity_labels)
                )
            n_id, identity_positives = _positives(
                identities,
                self.identity_labels,
                self._identity_index,
                self.thresholds,
                "identities",
                ignore_unknown=False,
                single_name_rows=True,
            )
            if n_id != n:
                raise ValueError(
                    "identities has %d rows but predictions has %d" % (n_id, n)
                )
        elif identities is not None:
            raise ValueError(
                "identities are read from the predicted labels %s; do not pass identities="
                % (self.identity_labels,)
            )
        else:
            identity_positives = [None] * len(positives)

        k, num_labels = len(self.identity_labels), len(self.label_names)
        increments = [
            _count_batch(pos, id_pos, self._is_identity_label, self._slot_of_label, k, num_labels)
            for pos, id_pos in zip(positives, identity_positives)
        ]
        # Everything is validated and counted; only now is state changed.
        for t, (label_counts, identity_counts, cooccurrence, identity_cooccurrence) in enumerate(
            increments
        ):
            self._label_counts[t] += label_counts
            self._identity_counts[t] += identity_counts
            self._cooccurrence[t] += cooccurrence
            self._identity_cooccurrence[t] += identity_cooccurrence
        self._num_examples += n
        return self

    def _check_compatible(self, other):
        if not isinstance(other, CooccurrenceCounter):
            raise ValueError("can only merge another CooccurrenceCounter, got %r" % type(other).__name__)
        for attr in ("label_names", "identity_labels", "thresholds", "identities_from"):
            if getattr(self, attr) != getattr(other, attr):
                raise ValueError("cannot merge counters with different %s" % attr)

    def merge(self, other):
        """Return a new counter holding the counts of both (associative, commutative)."""
        self._check_compatible(other)
        merged = self.copy()
        merged._num_examples += other._num_examples
        merged._label_counts += other._label_counts
        merged._identity_counts += other._identity_counts
        merged._cooccurrence += other._cooccurrence
        merged._identity_cooccurrence += other._identity_cooccurrence
        return merged

    def __add__(self, other):
        if not isinstance(other, CooccurrenceCounter):
            return NotImplemented
        return self.merge(other)

    def copy(self):
        """An independent copy of this counter."""
        clone = object.__new__(CooccurrenceCounter)
        clone.__dict__.update(self.__dict__)
        for attr in ("_label_counts", "_identity_counts", "_cooccurrence", "_identity_cooccurrence"):
            setattr(clone, attr, getattr(self, attr).copy())
        return clone

    def table(self):
        """A snapshot of the counts as an :class:`AssociationTable`."""
        return AssociationTable(
            label_names=self.label_names,
            identity_names=self.identity_labels,
            thresholds=self.thresholds,
            num_examples=self._num_examples,
            label_counts=self._label_counts.copy(),
            identity_counts=self._identity_counts.copy(),
            cooccurrence=self._cooccurrence.copy(),
            identity_cooccurrence=self._identity_cooccurrence.copy(),
            identity_label_index=self._identity_label_index,
        )


class _Positives:
    """The positive cells of one batch at one threshold, in CSR form.

    ``cols[indptr[i]:indptr[i + 1]]`` are the positive columns of row i,
    unique within the row.
    """

    __slots__ = ("indptr", "cols")

    def __init__(self, indptr, cols):
        self.indptr, self.cols = indptr, cols

    @classmethod
    def from_sorted_rows(cls, n, rows, cols):
        indptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(np.bincount(rows, minlength=n), out=indptr[1:])
        return cls(indptr, cols)

    def rows_of(self, cells):
        """Row of each given positive cell."""
        return np.searchsorted(self.indptr, cells, side="right") - 1

def _positives(batch, names, index, thresholds, what, *, ignore_unknown, single_name_rows=False):
    """Validate one batch and return ``(n, [ _Positives per threshold ])``."""
    width = len(names)
    if _is_scipy_sparse(batch):
        return _sparse_positives(batch, width, thresholds, what)
    if isinstance(batch, np.ndarray) or hasattr(batch, "__array__") or hasattr(batch, "shape"):
        array = _as_array(batch, what)
        if not (array.ndim == 1 and array.dtype.kind in "USO"):
            return _dense_positives(array, width, thresholds, what)
        batch = array.tolist()  # one name (or list of names) per example
    if isinstance(batch, (str, bytes)) or not hasattr(batch, "__iter__"):
        raise ValueError(
            "%s must be an array, a scipy.sparse matrix or a list of per-example "
            "label-name lists, got %r" % (what, type(batch).__name__)
        )
    rows = list(batch)
    if not rows:
        raise ValueError("%s is an empty batch" % what)
    if _looks_numeric(rows):
        return _dense_positives(rows, width, thresholds, what)
    n, positives = _name_positives(rows, names, index, what, ignore_unknown, single_name_rows)
    return n, [positives] * len(thresholds)


def _is_scipy_sparse(x):
    return type(x).__module__.startswith("scipy.sparse") and hasattr(x, "tocsr")


def _looks_numeric(rows):
    """Whether ``rows`` (a list) holds numbers rather than label names."""
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or row is None:
            return False
        if isinstance(row, (bool, int, float, np.number)):
            return True
        try:
            if iter(row) is row:  # a one-shot iterator: keep what we peek at
                row = rows[i] = list(row)
            first = next(iter(row), None)
        except TypeError:
            return False
        if first is None:
            continue
        return not isinstance(first, (str, bytes))
    return False


def _check_values(values, what):
    """Validate cell values; return "binary" or "scores"."""
    kind = values.dtype.kind
    if kind == "b":
        return "binary"
    if kind in "iu":
        if values.size and (values.min() < 0 or values.max() > 1):
            raise ValueError(
                "%s: integer predictions must be 0/1 indicators, got values in [%d, %d] "
                "(duplicate entries of a scipy.sparse matrix are summed)"
                % (what, values.min(), values.max())
            )
        return "binary"
    if kind == "f":
        if values.size:
            if np.isnan(values).any():
                raise ValueError("%s contains NaN scores" % what)
            low, high = values.min(), values.max()
            if low < 0:
                raise ValueError("%s contains negative scores (minimum %g)" % (what, low))
            if high > 1:
                raise ValueError(
                    "%s contains scores above 1 (maximum %g); pass probabilities, "
                    "e.g. apply a sigmoid to logits" % (what, high)
                )
        return "scores"
    if kind in "USO":
        raise ValueError(
            "%s is an array of %s; give label names as a list of per-example lists "
            "(they may differ in length), or scores / 0/1 indicators as a numeric array"
            % (what, "strings" if kind in "US" else "objects")
        )
    raise ValueError(
        "%s has unsupported dtype %s; expected bool, 0/1 integers or float scores"
        % (what, values.dtype)
    )


def _as_array(batch, what):
    try:
        return np.asarray(batch)
    except Exception as e:  # the array-like's own error, e.g. a tensor that needs .detach()
        raise ValueError("%s could not be read as an array: %s" % (what, e))


def _dense_positives(batch, width, thresholds, what):
    array = _as_array(batch, what)
    if array.ndim != 2:
        raise ValueError("%s must be 2-D (examples x columns), got shape %s" % (what, array.shape))
    n, columns = array.shape
    if n == 0:
        raise ValueError("%s is an empty batch" % what)
    if array.dtype.kind in "USO":
        _check_values(array, what)  # names in an array: say so, not "wrong number of columns"
    if columns != width:
        raise ValueError("%s has %d columns but %d names were given" % (what, columns, width))
    mode = _check_values(array, what)
    if mode == "binary":
        rows, cols = np.nonzero(array)
        return n, [_Positives.from_sorted_rows(n, rows, cols)] * len(thresholds)
    # One pass over the dense array at the lowest threshold; the others only
    # filter those cells.
    rows, cols = np.nonzero(array > min(thresholds))
    scores = array[rows, cols]
    result = []
    for t in thresholds:
        keep = scores > t
        result.append(_Positives.from_sorted_rows(n, rows[keep], cols[keep]))
    return n, result


def _sparse_positives(batch, width, thresholds, what):
    matrix = batch.tocsr()
    if matrix.ndim != 2:
        raise ValueError("%s must be 2-D, got shape %s" % (what, matrix.shape))
    n, columns = matrix.shape
    if n == 0:
        raise ValueError("%s is an empty batch" % what)
    if columns != width:
        raise ValueError("%s has %d columns but %d names were given" % (what, columns, width))
    if not matrix.has_canonical_format:
        matrix = matrix.copy()
        matrix.sum_duplicates()
    indptr, cols, data = matrix.indptr.astype(np.int64), matrix.indices, matrix.data
    mode = _check_values(data, what)
    if mode == "binary":
        masks = [None if data.all() else data != 0] * len(thresholds)
    else:
        masks = [data > t for t in thresholds]
    result, made = [], {}
    for keep in masks:
        if id(keep) not in made:
            if keep is None or keep.all():
                made[id(keep)] = _Positives(indptr, cols)
            else:
                kept_before = np.concatenate([[0], np.cumsum(keep, dtype=np.int64)])
                made[id(keep)] = _Positives(kept_before[indptr], cols[keep])
        result.append(made[id(keep)])
    return n, result


def _name_positives(rows, names, index, what, ignore_unknown, single_name_rows):
    get = index.get
    sets = []
    for i, row in enumerate(rows):
        if isinstance(row, bytes):
            raise ValueError("%s[%d] is bytes; give label names as str" % (what, i))
        if row is None and single_name_rows:
            row = ()
        elif isinstance(row, str):
            if not single_name_rows:
                raise ValueError(
                    "%s[%d] is a string; each example must be a list of label names" % (what, i)
                )
            row = (row,)
        try:
            cols = {get(name, -1) for name in row}
        except TypeError:
            raise ValueError("%s[%d] is not a list of names: %r" % (what, i, row))
        if -1 in cols:
            if not ignore_unknown:
                unknown = [name for name in row if get(name, -1) == -1]
                raise ValueError(
                    "%s[%d] has names that are not among the %d given: %s"
                    % (what, i, len(names), _preview(unknown))
                )
            cols.discard(-1)
        sets.append(cols)
    lengths = np.fromiter((len(s) for s in sets), dtype=np.int64, count=len(sets))
    indptr = np.zeros(len(sets) + 1, dtype=np.int64)
    np.cumsum(lengths, out=indptr[1:])
    cols = np.fromiter(itertools.chain.from_iterable(sets), dtype=np.int64, count=int(indptr[-1]))
    return len(sets), _Positives(indptr, cols)


def _label_counts(positives, num_labels, is_identity_label):
    """C(y) for the batch and, if ``is_identity_label`` is given, the indices
    of the cells that hold an identity label.

    Works through cache-sized chunks of int64 column indices: NumPy would
    otherwise widen narrower indices in a separate pass for every gather.
    """
    cols = positives.cols
    label_counts = np.zeros(num_labels, np.int64)
    found = []
    buffer = np.empty(min(_CHUNK, cols.shape[0]), np.int64)
    for lo in range(0, cols.shape[0], _CHUNK):
        chunk = buffer[: min(_CHUNK, cols.shape[0] - lo)]
        chunk[...] = cols[lo : lo + _CHUNK]
        label_counts += np.bincount(chunk, minlength=num_labels)
        if is_identity_label is not None:
            hits = np.flatnonzero(is_identity_label[chunk])
            if hits.size:
                found.append(hits + lo)
    cells = np.concatenate(found) if found else np.zeros(0, np.int64)
    return label_counts, cells


def _identity_cooccurrence(rows, slots, k):
    """C(x_i, x_j) from the (row, slot) identity cells, sorted by row."""
    out = np.zeros((k, k), np.int64)
    if rows.shape[0] == 0:
        return out
    row_pos = np.cumsum(np.concatenate([[0], rows[1:] != rows[:-1]]))
    holders = int(row_pos[-1]) + 1
    step = max(1, (1 << 20) // k)
    for lo in range(0, holders, step):
        sel = slice(*np.searchsorted(row_pos, [lo, lo + step]))
        indicator = np.zeros((min(step, holders - lo), k))
        indicator[row_pos[sel] - lo, slots[sel]] = 1.0
        # float64 sums of 0/1 products are exact below 2**53
        out += np.rint(indicator.T @ indicator).astype(np.int64)
    return out


def _cooccurrence(positives, rows, slots, k, num_labels):
    """C(x, y) from the cells of every (row, identity) pair."""
    out = np.zeros(k * num_labels, np.int64)
    if rows.shape[0] == 0:
        return out.reshape(k, num_labels)
    starts = positives.indptr[rows]
    lengths = positives.indptr[rows + 1] - starts
    ends = np.cumsum(lengths)
    # Pairs are taken in groups of cells large enough that accumulating the
    # (k x L) output does not dominate, small enough to bound memory.
    step = min(max(_CHUNK, 4 * k * num_labels), 1 << 23)
    cuts = np.searchsorted(ends, np.arange(step, int(ends[-1]) + step, step)) + 1
    lo = 0
    for hi in np.unique(np.minimum(cuts, rows.shape[0])):
        part_starts, part_lengths = starts[lo:hi], lengths[lo:hi]
        total = int(part_lengths.sum())
        cells = np.repeat(part_starts - (np.cumsum(part_lengths) - part_lengths), part_lengths)
        cells += np.arange(total)
        keys = np.repeat(slots[lo:hi] * num_labels, part_lengths)
        keys += positives.cols[cells]
        out += np.bincount(keys, minlength=k * num_labels)
        lo = hi
    return out.reshape(k, num_labels)


def _count_batch(positives, identity_positives, is_identity_label, slot_of_label, k, num_labels):
    """Count one batch at one threshold; returns the four increments."""
    if identity_positives is None:
        label_counts, cells = _label_counts(positives, num_labels, is_identity_label)
        rows = positives.rows_of(cells)
        slots = slot_of_label[positives.cols[cells]]
        cooccurrence = _cooccurrence(positives, rows, slots, k, num_labels)
    else:
        rows = identity_positives.rows_of(np.arange(identity_positives.cols.shape[0]))
        slots = identity_positives.cols.astype(np.int64)
        lengths = np.diff(positives.indptr)
        one_each = rows.shape[0] < 2 or bool((rows[1:] != rows[:-1]).all())
        if one_each and 2 * int(lengths[rows].sum()) > positives.cols.shape[0]:
            # The usual attribute column (one group per example) covering
            # most cells: one pass keyed by each row's identity gives C(y)
            # and C(x, y) at once; slot k collects rows without one.
            slot_of_row = np.full(lengths.shape[0], k, dtype=np.int64)
            slot_of_row[rows] = slots
            keys = np.repeat(slot_of_row * num_labels, lengths)
            keys += positives.cols
            table = np.bincount(keys, minlength=(k + 1) * num_labels).reshape(k + 1, num_labels)
            label_counts, cooccurrence = table.sum(axis=0), table[:k]
        else:
            label_counts, _ = _label_counts(positives, num_labels, None)
            cooccurrence = _cooccurrence(positives, rows, slots, k, num_labels)
    return (
        label_counts,
        np.bincount(slots, minlength=k),
        cooccurrence,
        _identity_cooccurrence(rows, slots, k),
    )
