"""Ways to count one batch's positives: a compiled kernel, scipy, NumPy.

Every backend takes the canonical form of inputs.py (`Positives`: a
batch's positive cells in CSR form, unique within each row) and returns
the same four increments: C(y), C(x), C(x, y) and C(x_i, x_j). They count
exactly alike; `choose_backend` picks the fastest one this machine has:

- "kernel": the compiled `_counting_kernel.c` (built at install when a C
  compiler is there), one pass over the rows;
- "packed": scipy's compiled sparse loops summing packed 64-bit fields
  (identities among the labels, batches large enough to pay);
- "numpy": NumPy alone, the reference every other way is tested against;
- "soft": identity probabilities as weights (soft identities), NumPy.
"""

import numpy as np

# Cells handled per NumPy call: large enough to amortise call overhead,
# small enough to stay in cache.
_CHUNK = 1 << 17

# The compiled kernel keeps a batch's counts in 32 bits: at most its rows.
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


def choose_backend(positives, identity_positives, num_labels):
    """The way to count this batch: "soft", "kernel", "packed" or "numpy".

    ``identity_positives`` is None when the identities are labels, an
    (n, k) array of probabilities for soft identities, else `Positives`.
    """
    if isinstance(identity_positives, np.ndarray):
        return "soft"
    if _compiled_kernel() is not None:
        return "kernel"
    if identity_positives is not None:
        return "numpy"  # attributes: the packed sums only find identity labels
    least = max(_PACK_MIN_CELLS, _PACK_MIN_CELLS_PER_LABEL * num_labels)
    if least <= min(positives.cols.shape[0], _PACK_CELLS) and _sparse_module() is not None:
        return "packed"
    return "numpy"


def count_batch(positives, identity_positives, identity_columns, slot_of_label, k, num_labels, collect=None):
    """Count one batch at one threshold; returns the four increments.

    ``identity_columns`` and ``slot_of_label`` (each label's identity slot,
    -1 for ordinary labels) place the identities among the labels when
    ``identity_positives`` is None. ``collect``, if given, counts in the
    compiled kernel's place (as `_kernel_counts` calls it) when that is the
    backend: `sampling.Candidates`, counting and sampling in one pass.
    """
    backend = choose_backend(positives, identity_positives, num_labels)
    if backend == "soft":
        return _soft_counts(positives, identity_positives, num_labels)
    if identity_positives is None:
        # Identities are labels: C(x) and C(x_i, x_j) are columns of C(y) and C(x, y).
        if backend == "kernel":
            label_counts, cooccurrence = _kernel_counts(_compiled_kernel(), positives, None, slot_of_label, k, num_labels,
                                                        collect)
        elif backend == "packed":
            label_counts, cooccurrence = _packed_label_counts(positives, identity_columns, slot_of_label, k, num_labels)
        else:
            label_counts, cooccurrence = _numpy_label_counts(positives, slot_of_label, k, num_labels)
        return label_counts, label_counts[identity_columns], cooccurrence, cooccurrence[:, identity_columns]
    # One row per example, so the row of each identity cell comes from indptr.
    rows = np.repeat(np.arange(identity_positives.indptr.shape[0] - 1), np.diff(identity_positives.indptr))
    slots = identity_positives.cols.astype(np.int64)
    one_each = rows.shape[0] < 2 or bool((rows[1:] != rows[:-1]).all())
    if backend == "kernel":
        label_counts, cooccurrence = _kernel_counts(_compiled_kernel(), positives, identity_positives, None, k, num_labels,
                                                    collect)
    else:
        label_counts, cooccurrence = _numpy_attribute_counts(positives, rows, slots, one_each, k, num_labels)
    identity_counts = np.bincount(slots, minlength=k)
    return (
        label_counts,
        identity_counts,
        cooccurrence,
        np.diag(identity_counts) if one_each else _identity_cooccurrence(rows, slots, k),
    )


def _numpy_label_counts(positives, slot_of_label, k, num_labels):
    """C(y) and C(x, y) of identity labels, NumPy alone."""
    # one pass gives C(y) and the identity cells
    label_counts, found = _label_counts(positives, num_labels, slot_of_label >= 0)
    rows = positives.rows_of(found)
    slots = slot_of_label[positives.cols[found]]
    return label_counts, _cooccurrence(positives, rows, slots, k, num_labels)


def _numpy_attribute_counts(positives, rows, slots, one_each, k, num_labels):
    """C(y) and C(x, y) of identities given as attributes, NumPy alone."""
    lengths = np.diff(positives.indptr)
    if one_each and 2 * int(lengths[rows].sum()) > positives.cols.shape[0]:
        # The usual attribute column (one group per example) covering
        # most cells: one pass keyed by each row's identity gives C(y)
        # and C(x, y) at once; slot k collects rows without one.
        slot_of_row = np.full(lengths.shape[0], k, dtype=np.int64)
        slot_of_row[rows] = slots
        keys = np.repeat(slot_of_row * num_labels, lengths)
        keys += positives.cols
        table = np.bincount(keys, minlength=(k + 1) * num_labels).reshape(k + 1, num_labels)
        return table.sum(axis=0), table[:k]
    label_counts, _ = _label_counts(positives, num_labels, None)
    return label_counts, _cooccurrence(positives, rows, slots, k, num_labels)


def _packed_label_counts(positives, identity_columns, slot_of_label, k, num_labels):
    """C(y) and C(x, y) of identity labels from scipy's packed sums, in row
    parts of at most _PACK_CELLS cells (a longer row: NumPy alone)."""
    sparse = _sparse_module()
    cells, n = positives.cols.shape[0], positives.indptr.shape[0] - 1
    cuts = np.searchsorted(positives.indptr, np.arange(_PACK_CELLS, cells, _PACK_CELLS), side="right") - 1
    bounds = np.unique(np.concatenate([[0], cuts, [n]])).tolist()
    label_counts = np.zeros(num_labels, np.int64)
    cooccurrence = np.zeros((k, num_labels), np.int64)
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        part = positives if (lo, hi) == (0, n) else positives.slice(lo, hi)
        if part.cols.shape[0] > _PACK_CELLS:
            counts = _numpy_label_counts(part, slot_of_label, k, num_labels)
        else:
            rows, slots = _identity_rows(sparse, part, identity_columns, num_labels)
            counts = _packed_counts(sparse, part, rows, slots, k, num_labels)
        label_counts += counts[0]
        cooccurrence += counts[1]
    return label_counts, cooccurrence


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


def _kernel_counts(kernel, positives, identity_positives, slot_of_label, k, num_labels, collect=None):
    """C(y) and C(x, y) from the compiled kernel: one pass over the rows
    (by ``collect(kernel, indptr, cols, label_counts, cooccurrence)`` if given)."""
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
    if collect is not None:
        collect(kernel, indptr, np.ascontiguousarray(cols), label_counts, cooccurrence)
    elif identity_positives is None:
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
