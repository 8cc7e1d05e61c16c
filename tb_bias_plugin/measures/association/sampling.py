"""A mergeable sample of the examples counted in each cell: bottom-k by id hash.

For every cell the counter keeps (each label y on its own, and each
identity x with each label y), at every threshold, the sample is the
``per_cell`` examples whose ids have the smallest 64-bit hash among the
examples counted in that cell. The hash (`id_hashes`) is a fixed function
of the id's UTF-8 bytes, so the sample is deterministic, uniform over the
cell (the hashes of distinct ids behave as independent uniform draws), and
exact under merging: the bottom-k of a union is the bottom-k of the two
bottom-k's. docs/measures/association.md, "Examples behind a cell", says
what is kept and what a record's byte budget cuts (`cut_to_budget`).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tb_bias_plugin.core.example_ids import id_strings
from tb_bias_plugin.core.example_text import MAX_TEXT_CHARS, shorten, shorten_all
from tb_bias_plugin.measures.association import backends
from tb_bias_plugin.storage import values

#: An empty place in a cell's sample (no id hashes to it: see `id_hashes`).
EMPTY = np.uint64(0xFFFFFFFFFFFFFFFF)
#: Default byte budget of the sample in one record.
DEFAULT_BUDGET_BYTES = 4 << 20
#: Examples kept per cell by the writers that sample whenever ids come (Writer, callback, tb-bias log).
DEFAULT_EXAMPLES_PER_CELL = 8
#: Most examples a sample keeps per cell (``examples_per_cell``): a counter refuses more, and a record holds no more.
MAX_PER_CELL = 1 << 16
#: What one sampled place costs in a record besides its example's strings.
MEMBER_BYTES = 4

_SEED = np.uint64(0x9E3779B97F4A7C15)
_M1, _M2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31 = np.uint64(30), np.uint64(27), np.uint64(31)
# A cell with more than this many examples in a batch first keeps only those
# with hashes below (per_cell + _MARGIN(per_cell)) / count of the hash range:
# the per_cell smallest are there with overwhelming probability, and a cell
# that came up short is redone from all its examples (so always exact).
_MARGIN_SIGMAS = 3.0
# The compiled kernel keeps samples of at most this many places: it inserts
# a hash in place, moving the larger ones (a longer sample moves too much).
KERNEL_MAX_PER_CELL = 256
_MARGIN_EXTRA = 4.0


def _mix(x: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser, in place on a uint64 array (wrapping arithmetic)."""
    x ^= x >> _S30
    x *= _M1
    x ^= x >> _S27
    x *= _M2
    x ^= x >> _S31
    return x


def sorted_unique(values: np.ndarray) -> np.ndarray:
    """The distinct values, ascending: `np.unique` by a sort. NumPy 2's
    `np.unique` goes through a hash table first, about 20x slower on a
    sample's hundreds of thousands of 64-bit hashes; its sort is vectorised.

    Examples
    --------
    >>> sorted_unique(np.array([3, 1, 3, 2], np.uint64)).tolist()
    [1, 2, 3]
    """
    ordered = np.sort(values)
    return ordered[_firsts(ordered)]


def unique_inverse(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`sorted_unique` of ``values`` and the index of each value in it.

    One argsort and a scatter: `np.searchsorted` of values in no order runs
    one scalar binary search each, 5-10x slower here than the sort.

    Examples
    --------
    >>> distinct, at = unique_inverse(np.array([30, 10, 30], np.uint64))
    >>> distinct.tolist(), at.tolist()
    ([10, 30], [1, 0, 1])
    """
    order = np.argsort(values)
    ordered = values[order]
    first = _firsts(ordered)
    inverse = np.empty(values.shape[0], np.int64)
    inverse[order] = np.cumsum(first) - 1
    return ordered[first], inverse


def _firsts(ordered: np.ndarray) -> np.ndarray:
    """Where each run of equal values of a sorted array starts."""
    first = np.ones(ordered.shape[0], bool)
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    return first


def id_hashes(ids: Any, what: str = "example_ids") -> tuple[list[str], np.ndarray]:
    """The ids as strings and their 64-bit hashes.

    An id is what `core.example_ids` allows: a non-empty string or an
    integer, written in decimal (7 and "7" are the same example). The hash of the bytes b (length m, zero-padded
    to 8-byte little-endian words w_1..w_q) is ``h = mix(SEED ^ m)``, then
    ``h = mix(h ^ w_i)`` for each word, with ``mix`` the splitmix64
    finaliser and SEED 0x9E3779B97F4A7C15; the one value 2**64 - 1 (an
    empty place) becomes 2**64 - 2. The same on every machine and in every
    process (unlike Python's salted ``hash``).

    Examples
    --------
    >>> ids, h = id_hashes(["a", 7])
    >>> ids, h.dtype.name, int(h[1]) == int(id_hashes(["7"])[1][0])
    (['a', '7'], 'uint64', True)
    """
    values, hashes = batch_ids(ids, what)
    if isinstance(values, np.ndarray):
        values = [str(v) for v in values.tolist()]
    return values, hashes


def batch_ids(ids: Any, what: str = "example_ids") -> tuple[list[str] | np.ndarray, np.ndarray]:
    """`id_hashes`, except that integer arrays stay arrays (written in
    decimal only for the examples a sample keeps: `Examples.add`).

    With the compiled kernel a list of str is hashed straight from each
    string's UTF-8 buffer, and an integer array from its decimal digits,
    with no per-id Python work."""
    kernel = backends._compiled_kernel()
    if kernel is None:
        strings = id_strings(ids, what)
        return strings, _numpy_hashes(strings)
    if isinstance(ids, np.ndarray) and ids.ndim == 1 and ids.dtype.kind in "iu":
        numbers = np.ascontiguousarray(ids, np.uint64 if ids.dtype.kind == "u" else np.int64)
        hashes = np.empty(numbers.shape[0], np.uint64)
        kernel.hash_integer_ids(numbers, hashes, ids.dtype.kind == "u")
        return numbers, hashes
    if isinstance(ids, np.ndarray) and ids.ndim == 1 and ids.dtype.kind in "UO":
        ids = ids.tolist()
    elif isinstance(ids, tuple):
        ids = list(ids)
    if isinstance(ids, list):
        hashes = np.empty(len(ids), np.uint64)
        if _kernel_hashes(kernel, ids, hashes):
            return ids, hashes
    values = id_strings(ids, what)  # integers and bytes written out; raises for what the kernel refused
    hashes = np.empty(len(values), np.uint64)
    if not _kernel_hashes(kernel, values, hashes):
        raise AssertionError("the compiled kernel refused an id that id_strings accepts")
    return values, hashes


def _kernel_hashes(kernel: Any, ids: list, out: np.ndarray) -> bool:
    """Whether the compiled kernel hashed every id (it stops at the first one not a valid str id)."""
    try:
        return kernel.hash_ids(ids, out)[0] < 0
    except UnicodeEncodeError:  # a lone surrogate: `id_strings` names it
        return False


def _numpy_hashes(values: list[str]) -> np.ndarray:
    """`id_hashes` of ids `id_strings` checked, in NumPy."""
    n = len(values)
    if n == 0:
        return np.zeros(0, np.uint64)
    try:
        raw = np.array(values, dtype="S")  # ASCII: one conversion in C
    except UnicodeEncodeError:
        raw = np.array([v.encode("utf-8") for v in values], dtype="S")
    width = raw.dtype.itemsize
    words = -(-width // 8)
    padded = np.zeros((n, words * 8), np.uint8)
    padded[:, :width] = raw.view(np.uint8).reshape(n, width)
    present = padded != 0
    lengths = (words * 8 - np.argmax(present[:, ::-1], axis=1)).astype(np.uint64)
    as_words = padded.view("<u8")
    h = _mix(lengths ^ _SEED)
    for j in range(words):
        mixed = _mix(h ^ as_words[:, j])
        h = np.where(lengths > np.uint64(8 * j), mixed, h)
    h[h == EMPTY] = EMPTY - np.uint64(1)
    return h


class Examples:
    """Ids, text and URIs of examples, found by id hash (each example once).

    Batches are kept as given (the batch's columns and the rows kept: the
    ids, text and URIs are taken out only for the examples still live when
    the store is made one sorted table by `compact`, and integer ids written
    in decimal then); text is cut to `MAX_TEXT_CHARS` there.
    """

    def __init__(self) -> None:
        # (hashes, rows, ids, texts, uris): rows of the batch's columns, or
        # None where the columns are object arrays already taken
        self._chunks: list[tuple[np.ndarray, np.ndarray | None, Any, Any, Any]] = []
        self._size = 0

    def __len__(self) -> int:
        return self._size

    def add(self, hashes: np.ndarray, ids: list[str] | np.ndarray, texts: list | None, uris: list | None,
            rows: np.ndarray) -> None:
        """Keep examples ``rows`` of a batch (hash, id, text, URI)."""
        if not rows.size:
            return
        if 4 * rows.size < len(ids):  # a few: taken now, so that what is kept stays near what is live
            self._chunks.append((hashes[rows], None, *(_take(column, rows) for column in (ids, texts, uris))))
        else:
            ids = ids.copy() if isinstance(ids, np.ndarray) else list(ids)  # the caller's may change
            self._chunks.append((hashes[rows], rows, ids, texts, uris))
        self._size += rows.size

    def extend(self, other: Examples) -> None:
        self._chunks.extend(other._chunks)
        self._size += other._size

    @staticmethod
    def _columns(chunk: tuple, keep: np.ndarray | None = None) -> tuple[np.ndarray, ...]:
        """A chunk's hashes, ids, texts and URIs (object arrays), of ``keep`` only if given."""
        hashes, rows, ids, texts, uris = chunk
        if keep is not None:
            hashes = hashes[keep]
        if rows is None:
            return (hashes, *(column if keep is None else column[keep] for column in (ids, texts, uris)))
        rows = rows if keep is None else rows[keep]
        return (hashes, *(_take(column, rows) for column in (ids, texts, uris)))

    def _all(self) -> tuple[np.ndarray, ...]:
        if not self._chunks:
            return (np.zeros(0, np.uint64),) + tuple(np.zeros(0, object) for _ in range(3))
        columns = [self._columns(chunk) for chunk in self._chunks]
        if len(columns) == 1:
            return columns[0]
        return tuple(np.concatenate([c[i] for c in columns]) for i in range(4))

    def compact(self, live: np.ndarray) -> None:
        """Keep only examples whose hash is in ``live`` (sorted, unique), each once."""
        parts = [self._columns(chunk, _among(chunk[0], live)) for chunk in self._chunks]
        if not parts:
            parts = [(np.zeros(0, np.uint64),) + tuple(np.zeros(0, object) for _ in range(3))]
        hashes, ids, texts, uris = (np.concatenate([p[i] for p in parts]) for i in range(4))
        order = np.argsort(hashes, kind="stable")
        hashes, ids, texts, uris = hashes[order], ids[order], texts[order], uris[order]
        first = _firsts(hashes)
        if not first.all():
            # Equal hashes: the same example seen twice (or ids whose 64-bit
            # hashes collide). The (id, text, URI) that sorts first is kept,
            # whatever order they came in, so that merging stays exact.
            starts = np.flatnonzero(first)
            ends = np.append(starts[1:], hashes.shape[0])
            for lo, hi in zip(starts[ends - starts > 1].tolist(), ends[ends - starts > 1].tolist()):
                best = min(range(lo, hi), key=lambda i: (ids[i], shorten(texts[i]), shorten(uris[i])))
                ids[lo], texts[lo], uris[lo] = ids[best], texts[best], uris[best]
            hashes, ids, texts, uris = hashes[first], ids[first], texts[first], uris[first]
        texts, uris = (_object_array(shorten_all(column.tolist())) for column in (texts, uris))
        self._chunks = [(hashes, None, ids, texts, uris)] if hashes.size else []
        self._size = hashes.shape[0]

    def lookup(self, live: np.ndarray) -> tuple[list[str], list[str], list[str]]:
        """Ids, texts and URIs of the examples of hashes ``live`` (sorted, unique), in that order."""
        self.compact(live)
        hashes, ids, texts, uris = self._all()
        if not np.array_equal(hashes, live):
            raise AssertionError("an example in the sample was never stored")
        return ids.tolist(), texts.tolist(), uris.tolist()

    def copy(self) -> Examples:
        clone = Examples()
        clone._chunks, clone._size = list(self._chunks), self._size
        return clone


def _among(hashes: np.ndarray, live: np.ndarray) -> np.ndarray:
    """Which ``hashes`` are in ``live`` (sorted, unique): a binary search, so that
    a store of many batches does not sort ``live`` again for each (as np.isin does)."""
    if not live.size:
        return np.zeros(hashes.shape[0], bool)
    at = np.minimum(np.searchsorted(live, hashes), live.shape[0] - 1)
    return live[at] == hashes


def _object_array(values: list) -> np.ndarray:
    """A list as a 1-D object array (np.array would make a 2-D one of equal-length tuples)."""
    array = np.empty(len(values), dtype=object)
    array[:] = values
    return array


def _take(values: Any, rows: np.ndarray) -> np.ndarray:
    if values is None:
        return np.full(rows.shape[0], None, dtype=object)
    if isinstance(values, np.ndarray):  # integer ids (`batch_ids`): their decimal text
        return _object_array([str(v) for v in values[rows].tolist()])
    return _object_array(values)[rows]


class CellSample:
    """Bottom-``per_cell`` id hashes of every cell at one threshold.

    Cells are numbered ``slot * L + y`` for L labels: slots 0..k-1 are the
    identities, slot k is the label on its own. Memory: an int32 index and a
    uint64 bound per possible cell, and ``per_cell`` hashes per cell seen.
    """

    def __init__(self, num_cells: int, per_cell: int):
        self.per_cell = per_cell
        self.index = np.full(num_cells, -1, np.int32)
        self.bound = np.full(num_cells, EMPTY, np.uint64)  # the largest kept hash of a full cell
        self.hashes = np.full((0, per_cell), EMPTY, np.uint64)
        self.keys = np.zeros(0, np.int64)
        self.size = 0

    def copy(self) -> CellSample:
        clone = object.__new__(CellSample)
        clone.__dict__.update(self.__dict__)
        for attr in ("index", "bound", "hashes", "keys"):
            setattr(clone, attr, getattr(self, attr).copy())
        return clone

    def cells(self) -> tuple[np.ndarray, np.ndarray]:
        """``(keys, hashes)`` of the cells seen, keys ascending, hashes (cells, per_cell) ascending."""
        order = np.argsort(self.keys[: self.size])
        return self.keys[: self.size][order], self.hashes[: self.size][order]

    def add(self, keys: np.ndarray, hashes: np.ndarray) -> None:
        """Merge candidate ``(cell, hash)`` pairs (any order, repeats allowed)."""
        if not keys.size:
            return
        k = self.per_cell
        keys, hashes = _by_cell_then_hash(keys, hashes, self.index.shape[0])
        fresh = np.ones(keys.shape[0], bool)
        fresh[1:] = (keys[1:] != keys[:-1]) | (hashes[1:] != hashes[:-1])
        keys, hashes = keys[fresh], hashes[fresh]
        starts = np.flatnonzero(np.concatenate([[True], keys[1:] != keys[:-1]]))
        group = np.repeat(np.arange(starts.shape[0]), np.diff(np.append(starts, keys.shape[0])))
        rank = np.arange(keys.shape[0]) - starts[group]
        kept = rank < k
        cells = keys[starts]
        candidates = np.full((cells.shape[0], k), EMPTY, np.uint64)
        candidates[group[kept], rank[kept]] = hashes[kept]
        rows = self.index[cells].astype(np.int64)
        new = rows < 0
        if new.any():  # a cell seen for the first time: its candidates are its sample
            rows[new] = self._grow(cells[new])
            self.hashes[rows[new]] = candidates[new]
            self.bound[cells[new]] = candidates[new, k - 1]
        old = ~new
        if old.any():
            rows, cells = rows[old], cells[old]
            merged = np.concatenate([self.hashes[rows], candidates[old]], axis=1)
            merged.sort(axis=1)
            repeat = merged[:, 1:] == merged[:, :-1]
            if repeat.any():  # an example already in the cell
                merged[:, 1:][repeat] = EMPTY
                merged.sort(axis=1)
            self.hashes[rows] = merged[:, :k]
            self.bound[cells] = merged[:, k - 1]

    def _grow(self, cells: np.ndarray) -> np.ndarray:
        need = self.size + cells.shape[0]
        self._reserve(need)
        rows = np.arange(self.size, need)
        self.keys[rows] = cells
        self.index[cells] = rows
        self.size = need
        return rows

    def _reserve(self, need: int) -> None:
        """Room for ``need`` cells' rows (capacity at least doubled when it grows).
        Rows past `size` are empty: nothing writes there before `_grow`."""
        if need > self.hashes.shape[0]:
            capacity = max(need, 2 * self.hashes.shape[0], 64)
            hashes = np.full((capacity, self.per_cell), EMPTY, np.uint64)
            hashes[: self.size] = self.hashes[: self.size]
            keys = np.zeros(capacity, np.int64)
            keys[: self.size] = self.keys[: self.size]
            self.hashes, self.keys = hashes, keys

    def add_rows(self, kernel: Any, positives: Any, slots: Any, num_labels: int, order: np.ndarray,
                 hashes: np.ndarray, marked: np.ndarray) -> None:
        """Add a batch's rows to the sample of every cell they are counted in, in the compiled kernel,
        in a pass of its own: for a batch that `Candidates` cannot take (an
        id twice, soft identities, more than 2**32 rows).

        ``slots`` is each label's identity slot (-1 for none) when the
        identities are labels, else ``(indptr, slots)``: the identity slots
        of each row. ``order`` and ``hashes``: the rows by hash and their
        hashes in that order (`hash_order`). ``marked[r]`` is set where row
        r entered a cell or was in it already.
        """
        num_cells = self.index.shape[0]
        cols = positives.cols if positives.cols.dtype in (np.int32, np.int64) else positives.cols.astype(np.int64)
        cols = np.ascontiguousarray(cols)
        indptr = np.ascontiguousarray(positives.indptr, np.int64)
        by_label, slot_indptr, slot_list = (slots, None, None) if isinstance(slots, np.ndarray) else (None, *slots)
        start, fresh_from, fills = 0, self.size, np.zeros(0, np.uint16)
        while start >= 0:
            # Room for some new cells; a batch that finds the rows full stops
            # there, and goes on (from the row it stopped at) with twice the
            # room: the store holds at most about twice the cells seen.
            self._reserve(self.size + min(num_cells - self.size, 1024))
            # the kernel's scratch: places filled of rows this batch made, hashes waiting for the others
            grown = np.zeros(self.hashes.shape[0], np.uint16)
            grown[: fills.shape[0]] = fills
            fills = grown
            self.size, start = kernel.sample_rows(
                indptr, cols, hashes, order, start, by_label, slot_indptr, slot_list,
                num_cells // num_labels - 1, num_labels, self.index, self.bound, self.hashes, self.keys,
                self.size, marked, fresh_from, fills)

    def merge(self, kernel: Any, found: Candidates, marked: np.ndarray) -> None:
        """Merge a block's candidates (`Candidates`, counted) into the sample;
        ``marked[r]`` is set where row r entered a cell."""
        fresh_from = self.size
        self._grow(found.new_cells())  # their rows in cell order, empty (`_reserve`)
        kernel.merge_candidates(found.keys, found.places, found.order, found.hashes, self.index, self.bound,
                                self.hashes, self.keys, fresh_from, self.size, marked)

    def live(self) -> np.ndarray:
        held = self.hashes[: self.size]
        return sorted_unique(held[held != EMPTY])


def compiled_sampler(per_cell: int) -> Any:
    """The compiled kernel if it keeps samples of ``per_cell`` places, else
    None (NumPy: `prefilter_bounds`, `candidates`, `CellSample.add`)."""
    return backends._compiled_kernel() if per_cell <= KERNEL_MAX_PER_CELL else None


def hash_order(kernel: Any, hashes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows of a batch by hash, and their hashes in that order: visited
    so, each cell takes at most ``per_cell`` rows, and a new cell's rows
    arrive in the order they are kept (`Candidates`, `CellSample.add_rows`)."""
    order = np.empty(hashes.shape[0], np.int64)
    kernel.hash_order(hashes, order)
    return order, hashes[order]


#: A batch of fewer rows than this is sampled later, with the batches after
#: it (`Pending`); one this long or longer is sampled at once (at 1M
#: examples, batches of 30k-65k rows cost 13% more kept for later).
DEFER_ROWS = 1 << 14
#: The rows kept for later are sampled before they pass this many ...
SETTLE_ROWS = 1 << 17
#: ... or this many positive cells over every threshold (32 MB as int32
#: columns, 64 MB as int64); a batch of more than half as many is sampled at once.
SETTLE_CELLS = 1 << 23


class Pending:
    """Batches counted already whose sample is taken later, all at once.

    Small batches cost far more per row to sample one at a time: each
    brings up to ``per_cell`` candidates to every cell it touches, and
    merging them into rows kept from earlier batches dominates. Kept
    together, the rows are visited once in hash order and each cell takes
    at most ``per_cell`` of them. The sample does not depend on the order in
    which examples arrive, so it is the same; the counter takes it before
    anything reads it (`CooccurrenceCounter._settle_samples`).
    """

    def __init__(self) -> None:
        # per batch: (hashes, ids, texts, uris), and per threshold its blocks' (indptr, cols, slots)
        self.batches: list[tuple[np.ndarray, Any, Any, Any]] = []
        self.blocks: list[list[tuple[np.ndarray, np.ndarray, Any]]] = []
        self.rows = 0
        self.cells = 0

    def add(self, example_batch: tuple, blocks: list[list[tuple[Any, Any]]]) -> None:
        """Keep a batch: its ``(ids, hashes, text, uris)`` and, per threshold,
        its row blocks in order as ``(positives, slots)``. Copied: the caller's
        arrays may change before the sample is taken."""
        ids, hashes, text, uris = example_batch
        ids = ids.copy() if isinstance(ids, np.ndarray) else list(ids)
        # cut now to what a sample keeps of them (`shorten`), not held whole until sampled
        text, uris = (None if strings is None else [shorten(v) for v in strings] for strings in (text, uris))
        self.batches.append((hashes, ids, text, uris))
        if not self.blocks:
            self.blocks = [[] for _ in blocks]
        for kept, found in zip(self.blocks, blocks):
            for positives, slots in found:
                if not isinstance(slots, np.ndarray):  # attributes: (indptr, slots) of each row
                    slots = (np.array(slots[0], np.int64), np.array(slots[1], np.int64))
                indptr = np.asarray(positives.indptr, np.int64)
                cols = np.array(positives.cols[indptr[0] : indptr[-1]])
                kept.append((indptr - indptr[0], cols, slots))
                self.cells += cols.shape[0]
        self.rows += hashes.shape[0]

    def hashes(self) -> np.ndarray:
        return np.concatenate([batch[0] for batch in self.batches])

    def threshold(self, t: int) -> tuple[np.ndarray, np.ndarray, Any]:
        """Every row kept, at threshold t: ``(indptr, cols, slots)`` as one batch."""
        blocks = self.blocks[t]
        indptr, cols = _join_rows([(b[0], b[1]) for b in blocks])
        if cols.dtype not in (np.int32, np.int64):
            cols = cols.astype(np.int64)
        slots = blocks[0][2]
        if not isinstance(slots, np.ndarray):
            slots = _join_rows([b[2] for b in blocks])
        return indptr, cols, slots


def _join_rows(parts: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """CSR parts ``(offsets from 0, values)`` stacked row-wise into one ``(offsets, values)``."""
    starts = np.cumsum([0] + [values.shape[0] for _, values in parts])[:-1].tolist()
    offsets = np.concatenate([[0]] + [offsets[1:] + start for (offsets, _), start in zip(parts, starts)])
    return offsets.astype(np.int64), np.concatenate([values for _, values in parts])


class Candidates:
    """A block's candidates for one threshold's sample, collected while it
    is counted: the compiled kernel counts the rows in hash order, and the
    first ``per_cell`` rows counted in a cell are the block's smallest
    hashes of it, the only ones that may enter its sample (those below the
    cell's bound are kept). Called by `backends.count_batch` in place of the
    kernel's counting; `ran` says whether it was (only the compiled kernel
    calls it). Needs hashes without repeats (`distinct`).
    """

    def __init__(self, sample: CellSample, order: np.ndarray, hashes: np.ndarray, slots: Any, num_slots: int):
        self.sample, self.order, self.hashes, self.slots, self.num_slots = sample, order, hashes, slots, num_slots
        self.keys = np.zeros(0, np.uint64)  # cell << 16 | place among the cell's first per_cell
        self.places = np.zeros(0, np.uint32)  # the row's place in hash order
        self.counts: tuple[np.ndarray, ...] = ()  # the block's C(x, y) and C(y), as counted
        self.ran = False

    @staticmethod
    def distinct(hashes: np.ndarray) -> bool:
        """Whether hashes sorted ascending hold no repeat (an id twice in a batch)."""
        return not bool((hashes[1:] == hashes[:-1]).any())

    def __call__(self, kernel: Any, indptr: np.ndarray, cols: np.ndarray, label_counts: np.ndarray,
                 cooccurrence: np.ndarray) -> None:
        k, num_labels, per_cell = self.num_slots, label_counts.shape[0], self.sample.per_cell
        # at most per_cell per cell, and at most one per visit; untouched pages cost nothing
        room = min(cols.shape[0] * (k + 1), per_cell * self.sample.index.shape[0]) + 65
        keys, places = np.empty(room, np.uint64), np.empty(room, np.uint32)
        by_label, slot_indptr, slots = ((self.slots, None, None) if isinstance(self.slots, np.ndarray)
                                        else (None, *self.slots))
        bound = self.sample.bound if self.sample.size else None  # an empty sample: every bound is open
        size = kernel.count_sample(indptr, cols, self.order, self.hashes, by_label, slot_indptr, slots, k, num_labels,
                                   label_counts, cooccurrence, bound, per_cell, keys, places)
        self.keys, self.places, self.ran = keys[:size], places[:size], True
        self.counts = (cooccurrence, label_counts)

    def new_cells(self) -> np.ndarray:
        """The cells counted here and not in the sample (yet), ascending."""
        counted = np.concatenate(self.counts) > 0
        return np.flatnonzero(counted & (self.sample.index < 0))


def _by_cell_then_hash(keys: np.ndarray, hashes: np.ndarray, num_cells: int) -> tuple[np.ndarray, np.ndarray]:
    """The pairs sorted by cell, then hash. One sort of a 64-bit key holding
    the cell in its top bits and the hash's top bits below; pairs that key
    cannot order (equal keys, different hashes) are sorted in full."""
    bits = max(1, int(num_cells - 1).bit_length())
    shift = np.uint64(64 - bits)
    combined = (keys.astype(np.uint64) << shift) | (hashes >> np.uint64(bits))
    order = np.argsort(combined)
    keys, hashes, combined = keys[order], hashes[order], combined[order]
    if ((combined[1:] == combined[:-1]) & (hashes[1:] != hashes[:-1])).any():
        order = np.lexsort((hashes, keys))
        keys, hashes = keys[order], hashes[order]
    return keys, hashes


def prefilter_bounds(counts: np.ndarray, current: np.ndarray, per_cell: int) -> np.ndarray:
    """The largest hash worth looking at in each cell, from this batch's count
    of the cell's examples and the cell's current bound (uint64)."""
    bound = current.copy()
    crowded = counts > per_cell
    if crowded.any():
        keep = per_cell + _MARGIN_SIGMAS * math.sqrt(per_cell) + _MARGIN_EXTRA
        fraction = keep / counts[crowded]
        cut = np.full(fraction.shape[0], EMPTY, np.uint64)
        below = fraction < 1.0
        cut[below] = (fraction[below] * 2.0**64).astype(np.uint64)
        bound[crowded] = np.minimum(bound[crowded], cut)
    return bound


def candidates(
    cell_rows: np.ndarray, cell_keys: np.ndarray, cell_hashes: np.ndarray, bound: np.ndarray, offset: int = 0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(keys, hashes, rows)`` of the visits (a row's example counted in cell
    ``offset + cell_keys[i]``) whose hash is within the cell's bound."""
    keep = np.flatnonzero(cell_hashes <= bound[offset:][cell_keys])
    keys = cell_keys[keep].astype(np.int64)
    if offset:
        keys += offset
    return keys, cell_hashes[keep], cell_rows[keep]


def shortfall(keys: np.ndarray, counts: np.ndarray, bound: np.ndarray, current: np.ndarray, per_cell: int) -> np.ndarray:
    """Cells whose prefiltered candidates may have missed one of their bottom
    ``per_cell`` (fewer candidates than needed while the prefilter cut)."""
    found = np.bincount(keys, minlength=counts.shape[0])
    return np.flatnonzero((bound < current) & (found < np.minimum(counts, per_cell)))


def cut_to_budget(
    member_offsets: np.ndarray, members: np.ndarray, example_bytes: np.ndarray, budget: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cut a sample to ``budget`` bytes; returns ``(member_offsets, members, cut)``.

    The rule: places are taken level by level (every cell's first example,
    in cell order, then every cell's second, ...), each costing
    `MEMBER_BYTES` plus its example's bytes the first time that example is
    taken, until the next would pass the budget. A cell that lost examples
    is ``cut``. So every cell keeps an example before any keeps two.

    Examples
    --------
    Cell 0 holds examples 0 and 1, cell 1 example 1, each example 10 bytes:
    the first level costs 2 * (10 + 4); cell 0's second place 4 more.

    >>> offsets, members = np.array([0, 2, 3]), np.array([0, 1, 1])
    >>> o, m, cut = cut_to_budget(offsets, members, np.array([10, 10]), 2 * (10 + MEMBER_BYTES) + 3)
    >>> o.tolist(), m.tolist(), cut.tolist()
    ([0, 1, 2], [0, 1], [True, False])
    """
    cells = member_offsets.shape[0] - 1
    sizes = np.diff(member_offsets)
    held = np.zeros(example_bytes.shape[0], bool)
    held[members] = True
    if MEMBER_BYTES * members.shape[0] + int(example_bytes[held].sum()) <= budget:  # all of it fits
        return member_offsets, members, np.zeros(cells, bool)
    cell_of = np.repeat(np.arange(cells), sizes)
    level = np.arange(members.shape[0]) - member_offsets[cell_of]
    # Members come in cell order, so a stable sort by level alone gives (level, cell)
    # order; levels below 2**16 sort by radix, an order of magnitude faster.
    order = np.argsort(level.astype(np.uint16) if sizes.max(initial=0) <= 1 << 16 else level, kind="stable")
    taken = members[order]
    first_at = np.full(example_bytes.shape[0], taken.shape[0], np.int64)
    np.minimum.at(first_at, taken, np.arange(taken.shape[0]))  # where each example is first taken
    first = first_at[first_at < taken.shape[0]]
    cost = np.full(taken.shape[0], MEMBER_BYTES, np.int64)
    cost[first] += example_bytes[taken[first]]
    fits = np.cumsum(cost) <= budget
    if fits.all():
        return member_offsets, members, np.zeros(cells, bool)
    keep = np.zeros(members.shape[0], bool)
    keep[order[fits]] = True
    kept_sizes = np.bincount(cell_of[keep], minlength=cells)
    offsets = np.zeros(cells + 1, np.int64)
    np.cumsum(kept_sizes, out=offsets[1:])
    return offsets, members[keep], kept_sizes < sizes


def check_settings(per_cell: int, budget_bytes: int) -> None:
    """A stored sample's k (1 to `MAX_PER_CELL`, as a counter keeps) and its byte budget (a limit)."""
    if not 1 <= per_cell <= MAX_PER_CELL:
        raise ValueError("examples.per_cell must be from 1 to %d, got %d" % (MAX_PER_CELL, per_cell))
    values.check_limit(budget_bytes, "examples.budget_bytes")


class CellExamples:
    """The examples behind a table's cells, as a record stores them.

    Attributes
    ----------
    per_cell : int
        k: at most this many examples per cell (its k smallest id hashes).
    ids, texts, uris : list of str
        One per example kept ("" where no text or URI was given).
    cell_offsets : ndarray of int64, shape (T + 1,)
        The cells of threshold t are ``cell_offsets[t]:cell_offsets[t + 1]``.
    cell_keys : ndarray of int64, shape (cells,)
        ``slot * L + y``, ascending within a threshold: slot x < k is
        identity x with label y, slot k is label y on its own.
    member_offsets : ndarray of int64, shape (cells + 1,)
        A cell's examples are ``members[member_offsets[c]:member_offsets[c + 1]]``.
    members : ndarray of int64
        Indices into ``ids``, smallest hash first within each cell.
    cut : ndarray of bool, shape (cells,)
        Whether the record's byte budget dropped some of the cell's sample.
    budget_bytes : int
        The budget the sample was cut to.
    """

    def __init__(self, per_cell, ids, texts, uris, cell_offsets, cell_keys, member_offsets, members, cut,
                 budget_bytes, *, num_thresholds, num_slots, num_labels):
        self.per_cell = int(per_cell)
        self.ids, self.texts, self.uris = list(ids), list(texts), list(uris)
        self.cell_offsets = np.asarray(cell_offsets, np.int64)
        self.cell_keys = np.asarray(cell_keys, np.int64)
        self.member_offsets = np.asarray(member_offsets, np.int64)
        self.members = np.asarray(members, np.int64)
        self.cut = np.asarray(cut, bool)
        self.budget_bytes = int(budget_bytes)
        self.num_labels = num_labels
        self._check(num_thresholds, num_slots * num_labels)

    def _check(self, num_thresholds: int, num_cells: int) -> None:
        """Every index in range and every offset rising, or a ValueError naming the stored field."""
        n, cells = len(self.ids), self.cell_keys.shape[0]
        check_settings(self.per_cell, self.budget_bytes)
        if len(self.texts) != n or len(self.uris) != n:
            raise ValueError("examples: texts and uris must have one entry per id (%d)" % n)
        id_strings(self.ids, "examples.ids")  # the writer's rule: a stored id breaking it is refused, not hashed
        if max(map(len, self.texts), default=0) > MAX_TEXT_CHARS or max(map(len, self.uris), default=0) > MAX_TEXT_CHARS:
            raise ValueError("examples.strings: a text or URI is longer than %d characters" % MAX_TEXT_CHARS)
        for name, offsets, end, of in (("cell_offsets", self.cell_offsets, cells, "cell_keys"),
                                       ("member_offsets", self.member_offsets, self.members.shape[0], "members")):
            if offsets.shape[0] < 1 or offsets[0] != 0 or offsets[-1] != end or (np.diff(offsets) < 0).any():
                raise ValueError("examples.%s must rise from 0 to %d, the length of examples.%s" % (name, end, of))
        if self.cell_offsets.shape[0] != num_thresholds + 1 or self.member_offsets.shape[0] != cells + 1:
            raise ValueError("examples.cell_offsets and examples.member_offsets do not match the thresholds and cells")
        if self.cut.shape != (cells,):
            raise ValueError("examples.cut must have one entry per cell")
        if cells and (self.cell_keys.min() < 0 or self.cell_keys.max() >= num_cells):
            raise ValueError("examples.cell_keys: a cell key is outside [0, %d)" % num_cells)
        for t in range(num_thresholds):
            keys = self.cell_keys[self.cell_offsets[t] : self.cell_offsets[t + 1]]
            if (np.diff(keys) <= 0).any():
                raise ValueError("examples.cell_keys must rise within a threshold")
        if (np.diff(self.member_offsets) > self.per_cell).any():
            raise ValueError("examples.member_offsets: a cell holds more than per_cell=%d examples" % self.per_cell)
        if self.members.size and (self.members.min() < 0 or self.members.max() >= n):
            raise ValueError("examples.members: a member is outside the %d examples" % n)

    def cell(self, t: int, slot: int, label: int) -> tuple[list[int], bool]:
        """The members (indices into `ids`) of one cell and whether it was cut; ``([], False)`` if none."""
        lo, hi = int(self.cell_offsets[t]), int(self.cell_offsets[t + 1])
        key = slot * self.num_labels + label
        i = lo + int(np.searchsorted(self.cell_keys[lo:hi], key))
        if i >= hi or self.cell_keys[i] != key:
            return [], False
        return self.members[self.member_offsets[i] : self.member_offsets[i + 1]].tolist(), bool(self.cut[i])

    def nbytes(self) -> int:
        arrays = (self.cell_offsets, self.cell_keys, self.member_offsets, self.members, self.cut)
        strings = sum(len(s) + 50 for column in (self.ids, self.texts, self.uris) for s in column)
        return sum(a.nbytes for a in arrays) + strings

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CellExamples):
            return NotImplemented
        return (
            (self.per_cell, self.ids, self.texts, self.uris, self.budget_bytes)
            == (other.per_cell, other.ids, other.texts, other.uris, other.budget_bytes)
            and all(np.array_equal(getattr(self, f), getattr(other, f))
                    for f in ("cell_offsets", "cell_keys", "member_offsets", "members", "cut"))
        )

    __hash__ = None  # type: ignore[assignment]


def _utf8_lengths(*columns: list[str]) -> np.ndarray:
    """Bytes of each example's strings in UTF-8 (summed over ``columns``):
    their lengths where the strings are ASCII (checked in C, without a copy)."""
    n = len(columns[0])
    total = np.zeros(n, np.int64)
    for column in columns:
        if all(map(str.isascii, column)):
            total += np.fromiter(map(len, column), np.int64, n)
        else:
            total += np.fromiter((len(s.encode("utf-8")) for s in column), np.int64, n)
    return total


def build(samples: list[CellSample], examples: Examples, budget: int, num_slots: int, num_labels: int) -> CellExamples:
    """The `CellExamples` of a counter's samples, cut to ``budget`` bytes."""
    per_cell = samples[0].per_cell
    cells = [s.cells() for s in samples]
    flat = [h[h != EMPTY] for _, h in cells]
    live, members = unique_inverse(np.concatenate(flat) if flat else np.zeros(0, np.uint64))
    ids, texts, uris = examples.lookup(live)
    keys = np.concatenate([k for k, _ in cells])
    sizes = np.concatenate([(h != EMPTY).sum(axis=1) for _, h in cells])
    cell_offsets = np.zeros(len(samples) + 1, np.int64)
    np.cumsum([k.shape[0] for k, _ in cells], out=cell_offsets[1:])
    member_offsets = np.zeros(keys.shape[0] + 1, np.int64)
    np.cumsum(sizes, out=member_offsets[1:])
    example_bytes = _utf8_lengths(ids, texts, uris)
    member_offsets, members, cut = cut_to_budget(member_offsets, members, example_bytes, budget)
    if cut.any():  # examples no cell holds any more are not stored
        present = np.zeros(len(ids), bool)
        present[members] = True
        members = (np.cumsum(present) - 1)[members]
        picked = np.flatnonzero(present).tolist()
        ids, texts, uris = [ids[i] for i in picked], [texts[i] for i in picked], [uris[i] for i in picked]
    return CellExamples(per_cell, ids, texts, uris, cell_offsets, keys, member_offsets, members, cut, budget,
                        num_thresholds=len(samples), num_slots=num_slots, num_labels=num_labels)
