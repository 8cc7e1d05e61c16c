"""Streaming, mergeable counting of label / identity co-occurrence.

The counts and why they suffice are in docs/measures/association.md; soft
identities (expected counts) and intersections are its last sections.
"""

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

# Dense cells (examples x columns) turned into positives at once: a dense
# batch is counted in row blocks so that the working memory stays a small
# fraction of the batch itself (at most 1/_DENSE_PARTS of its cells).
_DENSE_CELLS = 1 << 21
_DENSE_PARTS = 32

# The compiled kernel (`_counting_kernel.c`, built at install when a C
# compiler is there) keeps a batch's counts in 32 bits: at most its rows.
_KERNEL_ROWS = (1 << 32) - 1
# Without the kernel, counting falls back to the following.
# With scipy, batches of up to _PACK_CELLS positive cells are counted in
# its compiled sparse loops (`_packed_counts`); the 0/1 values those loops
# read are one shared buffer of that many 64-bit ones. _PAIR_COST: what one
# (identity, cell) pair costs counted through NumPy temporaries, in passes
# of the compiled loop over one cell (measured, about 7).
_PACK_CELLS = 1 << 21
_PAIR_COST = 7
_MAX_WORDS = 8  # beyond, many identities: the rest are counted pair by pair
# Below this many cells (at least 16 per label: the fields are decoded per
# label) NumPy alone is faster: the packed sums' fixed costs do not pay.
_PACK_MIN_CELLS = 1 << 17
_PACK_MIN_CELLS_PER_LABEL = 16

_UNKNOWN_HINT = (
    "pass unknown_labels='ignore' to CooccurrenceCounter to skip names that are not labels "
    "(e.g. out-of-vocabulary tokens), or add them to label_names"
)


class CooccurrenceCounter:
    """Counts N, C(y), C(x), C(x, y) and C(x_i, x_j) over batches of predictions.

    Memory is independent of the number of examples: O(T * k * L) numbers
    for T thresholds, k identities and L labels. Counts are exact.

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
    soft_identities : bool, default False
        Identities are probabilities (e.g. an identity classifier's output)
        rather than decisions: each example adds its probability p(x | e) to
        C(x) and to C(x, y) for each of its positive labels, and
        p(x_i | e) p(x_j | e) to C(x_i, x_j) (independent identities). The
        counts are then expected counts (float64). Needs identities given
        as attributes, an (n, k) array of probabilities in [0, 1].

    Examples
    --------
    >>> counter = CooccurrenceCounter(["man", "woman", "bike"], ["man", "woman"])
    >>> counter.update([["man", "bike"], ["woman"], ["man"]])
    CooccurrenceCounter(3 labels, identities=('man', 'woman'), thresholds=(0.5,), N=3)
    >>> counter.table().cooccurrence[0].tolist()
    [[2, 0, 1], [0, 1, 0]]

    Soft identities are expected counts:

    >>> soft = CooccurrenceCounter(["bike", "dress"], ["f", "m"], soft_identities=True)
    >>> soft.update([["bike"], ["dress"]], identities=[[0.25, 0.75], [0.9, 0.1]])
    CooccurrenceCounter(2 labels, identities=('f', 'm'), thresholds=(0.5,), N=2, soft identities)
    >>> soft.table().cooccurrence[0].tolist()
    [[0.25, 0.9], [0.75, 0.1]]
    """

    def __init__(
        self,
        label_names,
        identity_labels,
        thresholds=(0.5,),
        *,
        identities_from=None,
        unknown_labels="raise",
        soft_identities=False,
    ):
        self.label_names = check_names(label_names, "label_names")
        self.identity_labels = check_identity_names(identity_labels, "identity_labels")
        self.thresholds = check_thresholds(thresholds)
        index = {name: i for i, name in enumerate(self.label_names)}
        in_labels = [x in index for x in self.identity_labels]
        if soft_identities not in (True, False):
            raise ValueError("soft_identities must be True or False, got %r" % (soft_identities,))
        if identities_from is None:
            if soft_identities:
                identities_from = "attributes"
            elif any(in_labels) and not all(in_labels):
                # Most likely a typo; guessing "attributes" would be wrong.
                missing = [x for x, ok in zip(self.identity_labels, in_labels) if not ok]
                raise ValueError(
                    "identity labels %s are not in label_names while the others are; fix the "
                    "names, or pass identities_from='attributes' to give all identities to update()"
                    % _preview(missing)
                )
            else:
                identities_from = "labels" if all(in_labels) else "attributes"
        if identities_from == "labels":
            if soft_identities:
                raise ValueError(
                    "soft_identities needs identities given to update() as probabilities "
                    "(identities_from='attributes'), not read from the predicted labels"
                )
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
        self.soft_identities = bool(soft_identities)
        self._label_index = index
        self._identity_index = {x: j for j, x in enumerate(self.identity_labels)}
        self._identity_label_index = np.asarray(identity_label_index, dtype=np.int64)
        # identity slot of each label column, -1 for ordinary labels
        self._slot_of_label = np.full(len(self.label_names), -1, dtype=np.int64)
        if identities_from == "labels":
            self._slot_of_label[self._identity_label_index] = np.arange(len(self.identity_labels))
        # the identities' label columns when identities are labels, else None
        self._identity_columns = self._identity_label_index if identities_from == "labels" else None
        n_t, n_k, n_l = len(self.thresholds), len(self.identity_labels), len(self.label_names)
        dtype = np.float64 if self.soft_identities else np.int64
        self._num_examples = 0
        self._label_counts = np.zeros((n_t, n_l), np.int64)
        self._identity_counts = np.zeros((n_t, n_k), dtype)
        self._cooccurrence = np.zeros((n_t, n_k, n_l), dtype)
        self._identity_cooccurrence = np.zeros((n_t, n_k, n_k), dtype)

    def __repr__(self):
        return "CooccurrenceCounter(%d labels, identities=%r, thresholds=%r, N=%d%s)" % (
            len(self.label_names),
            self.identity_labels,
            self.thresholds,
            self._num_examples,
            ", soft identities" if self.soft_identities else "",
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
            A dense batch is counted in row blocks, so the extra memory is
            a small fraction of the batch.
        identities
            Only with ``identities_from="attributes"``: one row per example,
            as an (n, k) array (same forms as ``predictions``, columns in
            ``identity_labels`` order) or per-example identity names (a
            name, a list of names, or None). With ``soft_identities``: an
            (n, k) array of probabilities.

        Returns
        -------
        self

        Raises
        ------
        ValueError
            If the batch is malformed; the counts are then left unchanged.
        """
        n, source = _positives(
            predictions,
            self.label_names,
            self._label_index,
            self.thresholds,
            "predictions",
            ignore_unknown=self.unknown_labels == "ignore",
        )
        return self._count(n, source, identities)

    def update_indices(self, indices, identities=None):
        """Count one batch given as per-example lists of label column indices.

        The sparse form of hard predictions (e.g. the top-k labels of each
        example); an index may repeat within an example.

        Parameters
        ----------
        indices : iterable of sequences of int
            For each example, the columns (into ``label_names``) predicted.
        identities
            As in `update`.

        Returns
        -------
        self

        Examples
        --------
        >>> counter = CooccurrenceCounter(["man", "woman", "bike"], ["man", "woman"])
        >>> counter.update_indices([[0, 2], [1], [0, 0]]).table().label_counts[0].tolist()
        [2, 1, 1]
        """
        n, positives = _index_positives(indices, len(self.label_names), "indices")
        return self._count(n, _Compact([positives] * len(self.thresholds)), identities)

    def _count(self, n, source, identities):
        if self.identities_from == "attributes":
            if identities is None:
                raise ValueError(
                    "identity labels %s are not among label_names, so this counter takes them "
                    "as a per-example attribute: pass identities= to update(), or fix the names"
                    % _preview(self.identity_labels)
                )
            if self.soft_identities:
                n_id, identity_rows = _soft_identities(identities, len(self.identity_labels))
                identity_rows = [identity_rows] * len(self.thresholds)
            else:
                n_id, id_source = _positives(
                    identities,
                    self.identity_labels,
                    self._identity_index,
                    self.thresholds,
                    "identities",
                    ignore_unknown=False,
                    single_name_rows=True,
                )
                identity_rows = id_source.rows(0, n_id)
            if n_id != n:
                raise ValueError("identities has %d rows but predictions has %d" % (n_id, n))
        elif identities is not None:
            raise ValueError(
                "identities are read from the predicted labels %s; do not pass identities="
                % (self.identity_labels,)
            )
        else:
            identity_rows = [None] * len(self.thresholds)

        k, num_labels = len(self.identity_labels), len(self.label_names)
        totals = [None] * len(self.thresholds)
        for lo, hi in source.blocks(n, num_labels):
            positives = source.rows(lo, hi)  # validates this block
            for t, (pos, id_rows) in enumerate(zip(positives, identity_rows)):
                if id_rows is not None and (lo, hi) != (0, n):
                    id_rows = id_rows[lo:hi] if self.soft_identities else id_rows.slice(lo, hi)
                parts = _count_batch(pos, id_rows, self._identity_columns, self._slot_of_label, k, num_labels)
                if totals[t] is None:
                    totals[t] = list(parts)
                else:
                    for total, part in zip(totals[t], parts):
                        total += part
        # Everything is validated and counted; only now is state changed.
        for t, (label_counts, identity_counts, cooccurrence, identity_cooccurrence) in enumerate(totals):
            self._label_counts[t] += label_counts
            self._identity_counts[t] += identity_counts
            self._cooccurrence[t] += cooccurrence
            self._identity_cooccurrence[t] += identity_cooccurrence
        self._num_examples += n
        return self

    def _check_compatible(self, other):
        if not isinstance(other, CooccurrenceCounter):
            raise ValueError("can only merge another CooccurrenceCounter, got %r" % type(other).__name__)
        for attr in ("label_names", "identity_labels", "thresholds", "identities_from", "soft_identities"):
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


def attribute_identities(attributes, intersections=(), *, singles=True):
    """Identities from attribute columns, and their intersections.

    Each attribute value becomes an identity named ``column=value``; each
    requested intersection of columns becomes one identity per combination
    of values seen, named ``a=1 & b=2`` (the parts, joined by `` & ``).

    Parameters
    ----------
    attributes : mapping of str to sequence
        Column name to one value per example; None or "" is missing (the
        example has no identity of that column).
    intersections : sequence of sequence of str
        Groups of column names to intersect, e.g. ``[("sex", "age")]``.
    singles : bool, default True
        Whether each column's own values are identities too.

    Returns
    -------
    (names, indicator)
        The identity names (columns in the given order, values sorted) and
        an (n, k) bool array to pass as ``identities=``.

    Examples
    --------
    >>> names, ind = attribute_identities(
    ...     {"sex": ["f", "m", "f"], "age": ["60+", "60+", "<30"]}, [("sex", "age")])
    >>> names
    ('sex=f', 'sex=m', 'age=60+', 'age=<30', 'sex=f & age=60+', 'sex=f & age=<30', 'sex=m & age=60+')
    >>> ind.astype(int).tolist()[0]
    [1, 0, 1, 0, 1, 0, 0]
    """
    if not hasattr(attributes, "items") or not attributes:
        raise ValueError("attributes must be a non-empty mapping of column name to values")
    columns, n = {}, None
    for column, values in attributes.items():
        if not isinstance(column, str) or not column or "=" in column or "&" in column:
            raise ValueError("attribute column names must be non-empty strings without '=' or '&', got %r" % (column,))
        values = [None if v is None or v == "" else str(v) for v in values]
        if n is None:
            n = len(values)
        elif len(values) != n:
            raise ValueError("attribute %r has %d values but the first has %d" % (column, len(values), n))
        columns[column] = values
    if not n:
        raise ValueError("attributes hold no examples")
    groups = []
    for group in intersections:
        group = check_names(group, "an intersection")
        if len(group) < 2:
            raise ValueError("an intersection needs at least two columns, got %r" % (group,))
        for column in group:
            if column not in columns:
                raise ValueError("intersection column %r is not an attribute (have %s)" % (column, _preview(columns)))
        groups.append(group)
    names, rows = [], []
    if singles:
        for column, values in columns.items():
            for value in sorted({v for v in values if v is not None}):
                names.append("%s=%s" % (column, value))
                rows.append(np.fromiter((v == value for v in values), bool, n))
    for group in groups:
        keys = list(zip(*(columns[c] for c in group)))
        for combo in sorted({key for key in keys if None not in key}):
            names.append(" & ".join("%s=%s" % part for part in zip(group, combo)))
            rows.append(np.fromiter((key == combo for key in keys), bool, n))
    if not names:
        raise ValueError("the attributes hold no values")
    indicator = np.stack(rows, axis=1)
    return check_identity_names(names, "identities"), indicator


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

    def slice(self, lo, hi):
        """Rows ``lo:hi`` as their own batch."""
        first, last = self.indptr[lo], self.indptr[hi]
        return _Positives(self.indptr[lo : hi + 1] - first, self.cols[first:last])


class _Compact:
    """Positives already held per threshold (sparse input, names, indices)."""

    def __init__(self, positives):
        self.positives = positives

    def blocks(self, n, width):
        return [(0, n)]

    def rows(self, lo, hi):
        return self.positives


class _Dense:
    """A dense batch whose rows are validated and thresholded block by block."""

    def __init__(self, array, thresholds, what):
        self.array, self.thresholds, self.what = array, thresholds, what

    def blocks(self, n, width):
        cells = min(_DENSE_CELLS, max(width, n * width // _DENSE_PARTS))
        step = max(1, cells // max(1, width))
        return [(lo, min(n, lo + step)) for lo in range(0, n, step)]

    def rows(self, lo, hi):
        block = self.array[lo:hi]
        n = block.shape[0]
        mode = _check_values(block, self.what)
        if mode == "binary":
            rows, cols = np.nonzero(block)
            return [_Positives.from_sorted_rows(n, rows, cols)] * len(self.thresholds)
        # One pass over the block at the lowest threshold; the others only
        # filter those cells.
        rows, cols = np.nonzero(block > min(self.thresholds))
        scores = block[rows, cols]
        result = []
        for t in self.thresholds:
            keep = scores > t
            result.append(_Positives.from_sorted_rows(n, rows[keep], cols[keep]))
        return result


def _positives(batch, names, index, thresholds, what, *, ignore_unknown, single_name_rows=False):
    """Validate one batch; return ``(n, source)`` (a `_Compact` or `_Dense`)."""
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
    return n, _Compact([positives] * len(thresholds))


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
            low, high = values.min(), values.max()
            if np.isnan(low) or np.isnan(high):  # min and max propagate NaN: no mask needed
                raise ValueError("%s contains NaN scores" % what)
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
    if array.dtype.kind not in "biuf":
        _check_values(array[:0], what)  # unsupported dtype: say so now
    return n, _Dense(array, thresholds, what)


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
    return n, _Compact(result)


def _name_positives(rows, names, index, what, ignore_unknown, single_name_rows):
    # Per row only a C-level set(); the name lookup is one map() over every
    # distinct (row, name), so the Python-level work is per row, not per token.
    sets = []
    append = sets.append
    for i, row in enumerate(rows):
        kind = type(row)
        if kind is not list and kind is not tuple:
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
            append(set(row))
        except TypeError:
            raise ValueError("%s[%d] is not a list of names: %r" % (what, i, row))
    lengths = np.fromiter(map(len, sets), dtype=np.int64, count=len(sets))
    indptr = np.zeros(len(sets) + 1, dtype=np.int64)
    np.cumsum(lengths, out=indptr[1:])
    flat = itertools.chain.from_iterable(sets)
    cols = np.fromiter(map(index.get, flat, itertools.repeat(-1)), dtype=np.int64, count=int(indptr[-1]))
    unknown = cols < 0
    if unknown.any():
        if not ignore_unknown:
            i = int(np.searchsorted(indptr, np.flatnonzero(unknown)[0], side="right")) - 1
            bad = sorted((name for name in sets[i] if index.get(name, -1) == -1), key=repr)
            raise ValueError(
                "%s[%d] has names that are not among the %d given: %s; %s"
                % (what, i, len(names), _preview(bad), _UNKNOWN_HINT)
            )
        kept_before = np.zeros(cols.shape[0] + 1, np.int64)
        np.cumsum(~unknown, out=kept_before[1:])
        indptr, cols = kept_before[indptr], cols[~unknown]
    return len(sets), _Positives(indptr, cols)


def _index_positives(rows, width, what):
    """Per-example column-index lists as `_Positives` (duplicates dropped)."""
    if isinstance(rows, (str, bytes)) or not hasattr(rows, "__iter__"):
        raise ValueError("%s must be a list of per-example index lists, got %r" % (what, type(rows).__name__))
    sets = []
    for i, row in enumerate(rows):
        try:
            values = np.asarray(row if hasattr(row, "__len__") else list(row))
        except Exception:
            raise ValueError("%s[%d] is not a list of column indices: %r" % (what, i, row))
        if values.ndim != 1 or (values.size and values.dtype.kind not in "iu"):
            raise ValueError("%s[%d] must be a list of integer column indices, got %r" % (what, i, row))
        if values.size and (values.min() < 0 or values.max() >= width):
            raise ValueError(
                "%s[%d] has a column index outside [0, %d): %d"
                % (what, i, width, values.min() if values.min() < 0 else values.max())
            )
        sets.append(np.unique(values.astype(np.int64)))
    if not sets:
        raise ValueError("%s is an empty batch" % what)
    lengths = np.fromiter(map(len, sets), dtype=np.int64, count=len(sets))
    indptr = np.zeros(len(sets) + 1, dtype=np.int64)
    np.cumsum(lengths, out=indptr[1:])
    return len(sets), _Positives(indptr, np.concatenate(sets))


def _soft_identities(identities, k):
    """Validate an (n, k) array of identity probabilities; return (n, float64 array)."""
    if _is_scipy_sparse(identities):
        identities = identities.toarray()
    array = _as_array(identities, "identities")
    if array.ndim != 2 or array.shape[1] != k:
        raise ValueError(
            "with soft_identities, identities must be an (examples, %d) array of probabilities, got shape %s"
            % (k, array.shape)
        )
    if array.shape[0] == 0:
        raise ValueError("identities is an empty batch")
    if array.dtype.kind not in "biuf":
        raise ValueError("identities must hold probabilities, got dtype %s" % array.dtype)
    array = array.astype(np.float64)
    low, high = array.min(), array.max()
    if np.isnan(low) or np.isnan(high) or low < 0 or high > 1:
        raise ValueError("identity probabilities must be in [0, 1] (got values in [%g, %g])" % (low, high))
    return array.shape[0], array


def _label_counts(positives, num_labels, is_identity_label):
    """C(y) for the batch and, if ``is_identity_label`` is given, the indices
    of the cells that hold an identity label.

    One pass through cache-sized chunks of intp column indices: the counts
    and the identity lookup share the one conversion of each chunk.
    """
    cols = positives.cols
    total = cols.shape[0]
    label_counts = np.zeros(num_labels, np.int64)
    found = []
    # larger chunks when the label vector is large, so that adding each
    # chunk's counts does not dominate
    size = min(max(_CHUNK, num_labels // 2), total) or 1
    buffer = None if cols.dtype == np.intp else np.empty(size, np.intp)
    hit = np.empty(size, bool) if is_identity_label is not None else None
    for lo in range(0, total, size):
        m = min(size, total - lo)
        if buffer is None:
            chunk = cols[lo : lo + m]
        else:
            chunk = buffer[:m]
            chunk[...] = cols[lo : lo + m]
        label_counts += np.bincount(chunk, minlength=num_labels)
        if hit is not None:
            np.take(is_identity_label, chunk, out=hit[:m], mode="clip")
            hits = np.flatnonzero(hit[:m])
            if hits.size:
                found.append(hits + lo)
    cells = np.concatenate(found) if found else np.zeros(0, np.int64)
    return label_counts, cells


def _compiled_kernel():
    try:
        from tb_bias_plugin.measures.association import _counting_kernel
    except ImportError:  # built only where a C compiler was at install
        return None
    return _counting_kernel


def _kernel_counts(kernel, positives, identity_positives, slot_of_label, k, num_labels):
    """C(y) and C(x, y) from the compiled kernel: one pass over the rows."""
    cols = positives.cols
    if cols.dtype not in (np.int32, np.int64):
        cols = cols.astype(np.int64)
    indptr = np.ascontiguousarray(positives.indptr, np.int64)
    n = indptr.shape[0] - 1
    if n > _KERNEL_ROWS:
        half = n // 2
        parts = [
            _kernel_counts(kernel, positives.slice(lo, hi),
                           None if identity_positives is None else identity_positives.slice(lo, hi),
                           slot_of_label, k, num_labels)
            for lo, hi in ((0, half), (half, n))
        ]
        return parts[0][0] + parts[1][0], parts[0][1] + parts[1][1]
    label_counts = np.zeros(num_labels, np.uint32)
    cooccurrence = np.zeros(k * num_labels, np.uint32)
    if identity_positives is None:
        kernel.label_identities(indptr, np.ascontiguousarray(cols), slot_of_label, k, label_counts, cooccurrence)
    else:
        kernel.attribute_identities(
            indptr, np.ascontiguousarray(cols),
            np.ascontiguousarray(identity_positives.indptr, np.int64),
            np.ascontiguousarray(identity_positives.cols, np.int64),
            num_labels, label_counts, cooccurrence,
        )
    return label_counts.astype(np.int64), cooccurrence.astype(np.int64).reshape(k, num_labels)


def _sparse_module():
    try:
        import scipy.sparse
    except ImportError:  # scipy is optional: NumPy alone counts the same
        return None
    return scipy.sparse


_ONES: dict = {}


def _ones(size, dtype):
    """A read-only run of ones, grown as needed and reused: the stored values
    of a 0/1 matrix built over existing column indices."""
    ones = _ONES.get(dtype)
    if ones is None or ones.shape[0] < size:
        ones = np.ones(max(size, 1 << 16), dtype)
        ones.setflags(write=False)
        _ONES[dtype] = ones
    return ones[:size]


def _as_matrix(sparse, positives, num_labels, dtype):
    """The positives as a 0/1 scipy CSR matrix holding ``dtype`` values,
    sharing their column indices (no copy of the cells)."""
    cols = positives.cols
    if cols.dtype not in (np.int32, np.int64):
        cols = cols.astype(np.int64)
    indptr = positives.indptr.astype(cols.dtype, copy=False)
    shape = (indptr.shape[0] - 1, num_labels)
    return sparse.csr_matrix((_ones(cols.shape[0], dtype), cols, indptr), shape=shape, copy=False)


def _identity_rows(sparse, positives, identity_columns, num_labels):
    """The (row, slot) of every identity label cell, from one pass of
    scipy's compiled loop: each row's identities as bit flags, a sum
    of distinct powers of two (a label is at most once in a row)."""
    rows, slots = [], []
    for first in range(0, len(identity_columns), 64):
        group = identity_columns[first : first + 64]
        flag_type = next(t for t in (np.uint8, np.uint16, np.uint32, np.uint64) if np.iinfo(t).bits >= len(group))
        flags = np.zeros(num_labels, flag_type)
        flags[group] = np.left_shift(np.ones(len(group), flag_type), np.arange(len(group), dtype=flag_type))
        held = _as_matrix(sparse, positives, num_labels, flag_type) @ flags
        holders = np.flatnonzero(held)
        mask = held[holders]
        single = (mask & (mask - 1)) == 0  # the usual case: one identity in the row
        # exact: a power of two below 2**64 is a double, frexp gives its exponent
        rows.append(holders[single])
        slots.append(np.frexp(mask[single].astype(np.float64))[1].astype(np.int64) - 1 + first)
        several = ~single
        if several.any():
            several_rows, several_masks = holders[several], mask[several]
            for bit in range(len(group)):
                has = (several_masks >> flag_type(bit)) & flag_type(1) != 0
                rows.append(several_rows[has])
                slots.append(np.full(rows[-1].shape[0], first + bit, np.int64))
    return np.concatenate(rows), np.concatenate(slots)


def _packed_counts(sparse, positives, rows, slots, k, num_labels):
    """C(y) and C(x, y) from the (row, slot) of every identity held.

    Sums of packed integers: each row carries 64-bit words with 1 in the
    C(y) field and 1 in the field of each identity it holds; the column sums
    of those words (a compiled pass over the cells per word) are every
    label's counts side by side. A field is as wide as its largest possible
    count (the rows it covers), so fields never carry into each other and
    the counts are exact. Rows that no field covers (an identity held by
    few rows, or what did not fit) are counted from their cells alone.
    """
    n = positives.indptr.shape[0] - 1
    held = np.bincount(slots, minlength=k)
    order = np.argsort(slots.astype(np.uint16) if k < 1 << 16 else slots, kind="stable")  # a radix sort
    starts = np.concatenate([[0], np.cumsum(held)])
    members = [rows[order[starts[j] : starts[j + 1]]] for j in range(k)]
    row_cells = np.bincount(slots, weights=np.diff(positives.indptr)[rows], minlength=k)
    words, taken = _pack(n, held, row_cells, positives.cols.shape[0])
    matrix = _as_matrix(sparse, positives, num_labels, np.uint64).T
    label_counts = None
    cooccurrence = np.zeros((k, num_labels), np.int64)
    for word in words:
        v = np.zeros(n, np.uint64)
        for j, lo, hi, shift, _ in word:
            one = np.uint64(1) << np.uint64(shift)
            if j is None:
                v += one
            else:
                v[members[j][lo:hi]] += one  # rows are distinct within an identity
        sums = matrix @ v
        for j, _, _, shift, width in word:
            field = ((sums >> np.uint64(shift)) & np.uint64((1 << width) - 1)).astype(np.int64)
            if j is None:
                label_counts = field
            else:
                cooccurrence[j] += field
    for j in range(k):  # rows no field covers: their cells, counted
        if taken[j] < held[j]:
            cells = _cells_of_rows(positives.indptr, members[j][taken[j] :])
            cooccurrence[j] += np.bincount(positives.cols[cells], minlength=num_labels)
    return label_counts, cooccurrence


def _cells_of_rows(indptr, rows):
    """Indices of the cells of ``rows``, row after row."""
    starts = indptr[rows]
    lengths = indptr[rows + 1] - starts
    cells = np.repeat(starts - (np.cumsum(lengths) - lengths), lengths)
    cells += np.arange(cells.shape[0])
    return cells


def _pack(n, held, row_cells, cells):
    """Fields ``(identity or None for C(y), first row, last row, shift,
    width)`` in 64-bit words, and how many of each identity's rows they
    cover: the number of words (passes over the ``cells``) that costs least
    with the rows left over counted pair by pair (`_PAIR_COST`), at most
    _MAX_WORDS."""
    best = None
    enough = 2 + (n.bit_length() + sum(int(h).bit_length() for h in held)) // 64
    for count in range(1, min(enough, _MAX_WORDS + 1)):
        words, taken = [], [0] * len(held)
        for w in range(count):
            word, used = [], 0
            if w == 0:
                word.append((None, 0, n, 0, n.bit_length()))
                used = n.bit_length()
            for j in np.argsort(-held, kind="stable").tolist():
                left = int(held[j]) - taken[j]
                width = min(left.bit_length(), 64 - used)
                if left == 0 or width < 1:
                    continue
                rows = min(left, (1 << width) - 1)
                word.append((j, taken[j], taken[j] + rows, used, width))
                taken[j] += rows
                used += width
            words.append(word)
        cost = count * cells + _PAIR_COST * sum(
            (int(h) - t) * (c / h) for h, t, c in zip(held, taken, row_cells) if h)
        if best is None or cost < best[0]:
            best = (cost, words, taken)
    return best[1], best[2]


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
    lengths = positives.indptr[rows + 1] - positives.indptr[rows]
    ends = np.cumsum(lengths)
    # Pairs are taken in groups of cells large enough that accumulating the
    # (k x L) output does not dominate, small enough to bound memory.
    step = min(max(_CHUNK, 4 * k * num_labels), 1 << 23)
    cuts = np.searchsorted(ends, np.arange(step, int(ends[-1]) + step, step)) + 1
    lo = 0
    for hi in np.unique(np.minimum(cuts, rows.shape[0])):
        keys = np.repeat(slots[lo:hi] * num_labels, lengths[lo:hi])
        keys += positives.cols[_cells_of_rows(positives.indptr, rows[lo:hi])]
        out += np.bincount(keys, minlength=k * num_labels)
        lo = hi
    return out.reshape(k, num_labels)


def _soft_counts(positives, weights, num_labels):
    """C(y), C(x), C(x, y) and C(x_i, x_j) with identity probabilities as weights."""
    label_counts = np.bincount(positives.cols, minlength=num_labels).astype(np.int64)
    k = weights.shape[1]
    cooccurrence = np.zeros((k, num_labels))
    cols = positives.cols
    for lo in range(0, cols.shape[0], _CHUNK):
        hi = min(cols.shape[0], lo + _CHUNK)
        rows = np.searchsorted(positives.indptr, np.arange(lo, hi), side="right") - 1
        chunk = cols[lo:hi]
        for j in range(k):
            cooccurrence[j] += np.bincount(chunk, weights=weights[rows, j], minlength=num_labels)
    pairs = weights.T @ weights
    np.fill_diagonal(pairs, weights.sum(axis=0))
    return label_counts, np.diagonal(pairs).copy(), cooccurrence, pairs


def _count_batch(positives, identity_positives, identity_columns, slot_of_label, k, num_labels):
    """Count one batch at one threshold; returns the four increments."""
    if isinstance(identity_positives, np.ndarray):  # soft identities
        return _soft_counts(positives, identity_positives, num_labels)
    kernel = _compiled_kernel()
    if kernel is not None and identity_positives is None:
        label_counts, cooccurrence = _kernel_counts(kernel, positives, None, slot_of_label, k, num_labels)
        return label_counts, label_counts[identity_columns], cooccurrence, cooccurrence[:, identity_columns]
    cells, n = positives.cols.shape[0], positives.indptr.shape[0] - 1
    least = max(_PACK_MIN_CELLS, _PACK_MIN_CELLS_PER_LABEL * num_labels)
    sparse = _sparse_module() if least <= min(cells, _PACK_CELLS) else None
    if sparse is not None and cells > _PACK_CELLS:
        # row parts of at most _PACK_CELLS cells, unless one row is longer
        cuts = np.searchsorted(positives.indptr, np.arange(_PACK_CELLS, cells, _PACK_CELLS), side="right") - 1
        bounds = np.unique(np.concatenate([[0], cuts, [n]])).tolist()
        if len(bounds) > 2:
            total = None
            for lo, hi in zip(bounds[:-1], bounds[1:]):
                part = _count_batch(
                    positives.slice(lo, hi),
                    None if identity_positives is None else identity_positives.slice(lo, hi),
                    identity_columns, slot_of_label, k, num_labels,
                )
                total = list(part) if total is None else [a + b for a, b in zip(total, part)]
            return tuple(total)
    if identity_positives is None:
        # Identities are labels: C(x) and C(x_i, x_j) are columns of C(y)
        # and C(x, y).
        if sparse is not None and cells <= _PACK_CELLS:
            rows, slots = _identity_rows(sparse, positives, identity_columns, num_labels)
            label_counts, cooccurrence = _packed_counts(sparse, positives, rows, slots, k, num_labels)
        else:
            # one pass gives C(y) and the identity cells
            label_counts, found = _label_counts(positives, num_labels, slot_of_label >= 0)
            rows = positives.rows_of(found)
            slots = slot_of_label[positives.cols[found]]
            cooccurrence = _cooccurrence(positives, rows, slots, k, num_labels)
        return (
            label_counts,
            label_counts[identity_columns],
            cooccurrence,
            cooccurrence[:, identity_columns],
        )
    # One row per example, so the row of each identity cell comes from indptr.
    rows = np.repeat(np.arange(identity_positives.indptr.shape[0] - 1), np.diff(identity_positives.indptr))
    slots = identity_positives.cols.astype(np.int64)
    lengths = np.diff(positives.indptr)
    one_each = rows.shape[0] < 2 or bool((rows[1:] != rows[:-1]).all())
    if kernel is not None:
        label_counts, cooccurrence = _kernel_counts(kernel, positives, identity_positives, None, k, num_labels)
    elif one_each and 2 * int(lengths[rows].sum()) > cells:
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
    identity_counts = np.bincount(slots, minlength=k)
    return (
        label_counts,
        identity_counts,
        cooccurrence,
        np.diag(identity_counts) if one_each else _identity_cooccurrence(rows, slots, k),
    )
