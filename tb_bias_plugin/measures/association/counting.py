"""Streaming, mergeable counting of label / identity co-occurrence.

The counts and why they suffice are in docs/measures/association.md; soft
identities (expected counts) and intersections are its last sections.
`CooccurrenceCounter` keeps the counts; inputs.py turns every form of
batch into one, and backends.py counts it.
"""

import functools
import warnings
from typing import Any

import numpy as np

from tb_bias_plugin.core.example_text import check_strings
from tb_bias_plugin.core.validation import MAX_NAME, check_flag, check_integer, check_names, difference, preview
from tb_bias_plugin.measures.association import backends, sampling
from tb_bias_plugin.measures.association.backends import _cells_of_rows, count_batch
from tb_bias_plugin.measures.association.inputs import (
    Compact,
    Positives,
    attribute_identities,
    batch_source,
    index_positives,
    soft_identities,
)
from tb_bias_plugin.measures.association.table import (
    DEFAULT_THRESHOLDS,
    AssociationTable,
    check_counts_size,
    check_identity_names,
    check_thresholds,
)

__all__ = ["CooccurrenceCounter", "RepeatedIdsWarning", "attribute_identities"]


class RepeatedIdsWarning(UserWarning):
    """Example ids given more than once where the counter looks for repeats: in one `update`'s batch, or in
    the small batches it samples together. An id names one example, so a cell's sample holds it once however
    often it was counted (a user's "1 of 254 examples" said nothing of why).

    Attributes
    ----------
    count : int
        How many ids are given more than once.
    example_id : str
        The first of them, in the order of the rows.

    See Also
    --------
    CooccurrenceCounter.update : where ids are given (``example_ids=``).

    References
    ----------
    .. [1] ``docs/measures/association.md``, "Examples behind a cell".

    Examples
    --------
    >>> import warnings
    >>> from tb_bias_plugin import CooccurrenceCounter, RepeatedIdsWarning
    >>> counter = CooccurrenceCounter(["man", "woman", "bike"], ["man", "woman"], examples_per_cell=2)
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     counted = counter.update([[1, 0, 1], [0, 1, 1]], example_ids=["a", "a"])
    ...     table = counter.table()  # a batch this small is sampled when first read
    >>> caught[0].category is RepeatedIdsWarning, caught[0].message.example_id
    (True, 'a')
    """

    def __init__(self, count: int, example_id: str):
        self.count, self.example_id = count, example_id
        which = ("example id %r is given more than once" % example_id if count == 1
                 else "%d example ids are given more than once (the first: %r)" % (count, example_id))
        super().__init__("%s: an id names one example, so a cell's sample holds it once however often it was "
                         "counted; give each example its own id" % which)


def _distinct(hashes: np.ndarray, order: np.ndarray, id_of: Any) -> bool:
    """Whether a batch's id hashes in hash order (its rows in that order: ``order``) hold no repeat; warns of
    repeats (`RepeatedIdsWarning`), naming the first by ``id_of(row)``."""
    if sampling.Candidates.distinct(hashes):
        return True
    repeat = hashes[1:] == hashes[:-1]
    count = int(repeat[0]) + int(np.count_nonzero(repeat[1:] & ~repeat[:-1]))  # runs of equal hashes
    held = np.zeros(hashes.shape[0], bool)
    held[1:] |= repeat
    held[:-1] |= repeat
    warnings.warn(RepeatedIdsWarning(count, str(id_of(int(order[held].min())))), stacklevel=4)
    return False


def _distinct_rows(hashes: np.ndarray, id_of: Any) -> bool:
    """`_distinct` of rows not put in hash order (NumPy's sampling), sorted here: by the compiled kernel where
    there is one (examples_per_cell past its samples' size), in a fraction of NumPy's time."""
    kernel = backends._compiled_kernel()
    if kernel is not None:
        order, ordered = sampling.hash_order(kernel, hashes)
        return _distinct(ordered, order, id_of)
    if sampling.Candidates.distinct(np.sort(hashes)):
        return True
    order = np.argsort(hashes, kind="stable")
    return _distinct(hashes[order], order, id_of)


def _id_at(ids: Any, first: int, row: int) -> Any:
    """The id of row ``first + row`` of a batch's ids."""
    return ids[first + row]


def example_batch(n: int, ids: Any, text: Any, uris: Any) -> tuple[Any, Any, Any, Any]:
    """A batch's example ids (strings), their hashes, text and URIs, checked (errors name the entry)."""
    values, hashes = sampling.batch_ids(ids)
    if len(values) != n:
        raise ValueError("example_ids has %d entries but predictions has %d rows" % (len(values), n))
    return values, hashes, check_strings(text, n, "example_text"), check_strings(uris, n, "example_uris")


def check_example_columns(example_ids: Any, example_text: Any, example_uris: Any, *, by_index: bool) -> bool:
    """Whether examples are kept: text and URIs need ids; with `by_index` (a helper that numbers the rows
    it reads) ids may be the string "index", and no other string. Checked by the counter and by every
    caller that takes the columns.

    Examples
    --------
    >>> check_example_columns("index", None, None, by_index=True)
    True
    >>> check_example_columns(None, ["a caption"], None, by_index=False)
    Traceback (most recent call last):
    ...
    ValueError: example_text and example_uris need example_ids
    """
    if example_ids is None:
        if example_text is not None or example_uris is not None:
            raise ValueError("example_text and example_uris need example_ids")
        return False
    if by_index and isinstance(example_ids, str) and example_ids != "index":
        raise ValueError('example_ids must be "index" or one id per row, got %r' % example_ids)
    return True


def check_examples_per_cell(value, example_ids=True):
    """``examples_per_cell`` checked to be an integer from 0 to `sampling.MAX_PER_CELL`; 0 where no
    ``example_ids`` will be given (a helper's bad value is said even then)."""
    value = check_integer(value, "examples_per_cell", low=0, high=sampling.MAX_PER_CELL)
    return value if example_ids is not None else 0


class CooccurrenceCounter:
    """Counts N, C(y), C(x), C(x, y) and C(x_i, x_j) over batches of predictions.

    Memory is independent of the number of examples: O(T * k * L) numbers
    for T thresholds, k identities and L labels: T x (L + k) x (1 + k) cells
    at most `table.MAX_TABLE_CELLS` (2**25), a ValueError past it (a reader
    takes no larger table). Counts are exact.

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
        "labels" when every identity label is a label, "attributes" when
        none is (or with ``soft_identities``); some but not all is a
        ValueError naming the missing ones (most likely a typo).
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
    examples_per_cell : int, default 0
        k > 0 keeps, for every label and every identity-label pair at every
        threshold, the k examples counted there whose ids hash smallest (a
        bottom-k sample: deterministic, uniform over the cell, exact under
        `merge`). Ids come from ``update(..., example_ids=...)``; batches
        without ids add to the counts only. With soft identities, an
        identity's cells sample the examples with a non-zero probability.
    example_budget_bytes : int, default 4 MiB
        The most the sample may take in a record (ids, text, URIs and 4
        bytes per place); past it, `sampling.cut_to_budget` decides what
        is kept and marks the cells that lost examples as cut.

    See Also
    --------
    AssociationTable : what `table` returns, and the metrics read from it.
    tb_bias_plugin.summary.Writer.association_table : logs a counter's table.

    References
    ----------
    .. [1] O. Aka, K. Burke, A. Bäuerle, C. Greer, M. Mitchell, "Measuring
       Model Biases in the Absence of Ground Truth", AIES 2021.
    .. [2] ``docs/measures/association.md``, "What is counted" and
       "Examples behind a cell".

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
        thresholds=DEFAULT_THRESHOLDS,
        *,
        identities_from=None,
        unknown_labels="raise",
        soft_identities=False,
        examples_per_cell=0,
        example_budget_bytes=sampling.DEFAULT_BUDGET_BYTES,
    ):
        self.examples_per_cell = check_examples_per_cell(examples_per_cell)
        self.example_budget_bytes = check_integer(example_budget_bytes, "example_budget_bytes", low=0)
        # a route names a label or an identity in its query: no longer than it may ask for
        self.label_names = check_names(label_names, "label_names", max_length=MAX_NAME)
        self.identity_labels = check_identity_names(identity_labels, "identity_labels", MAX_NAME)
        self.thresholds = check_thresholds(thresholds)
        check_counts_size(len(self.thresholds), len(self.identity_labels), len(self.label_names), "CooccurrenceCounter")
        index = {name: i for i, name in enumerate(self.label_names)}
        in_labels = [x in index for x in self.identity_labels]
        soft_identities = check_flag(soft_identities, "soft_identities")
        if identities_from is None:
            if soft_identities:
                identities_from = "attributes"
            elif any(in_labels) and not all(in_labels):
                # Most likely a typo; guessing "attributes" would be wrong.
                missing = [x for x, ok in zip(self.identity_labels, in_labels) if not ok]
                raise ValueError(
                    "identity labels %s are not in label_names while the others are; fix the "
                    "names, or, if no identity is a predicted label, give every identity per example "
                    "(identities=, with CooccurrenceCounter also identities_from='attributes')"
                    % preview(missing)
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
                    "identity labels %s are not in label_names: fix the names, or, if they are not "
                    "predicted labels, give every example's identities (identities=; a CooccurrenceCounter "
                    "takes them with identities_from='attributes')" % preview(missing)
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
        # the bottom-k sample of each cell, per threshold, and its examples
        self._samples = [sampling.CellSample((n_k + 1) * n_l, self.examples_per_cell)
                         for _ in self.thresholds] if self.examples_per_cell else []
        self._examples = sampling.Examples()
        self._pending = sampling.Pending()

    def __getstate__(self):
        self._settle_samples()  # a pickled counter carries its sample, not the rows behind it
        return self.__dict__

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.__dict__.setdefault("_pending", sampling.Pending())  # pickled before batches were kept for later

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

    def update(self, predictions, identities=None, *, example_ids=None, example_text=None, example_uris=None):
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
        example_ids : sequence of str or int, optional
            One id per example, for the sample of ``examples_per_cell``
            (`core.example_ids` says what an id may be). Without ids the
            batch adds to the counts only. An id given twice in a batch is
            one example, and a `RepeatedIdsWarning`.
        example_text, example_uris : sequence of str or None, optional
            With ids: a short text (e.g. a caption) and a link per example,
            None or "" for none; each is cut to 200 characters, stored once
            per example kept, and a URI is never fetched.

        Returns
        -------
        self

        Raises
        ------
        ValueError
            If the batch is malformed; the counts are then left unchanged.
        """
        n, source = batch_source(
            predictions,
            self.label_names,
            self._label_index,
            self.thresholds,
            "predictions",
            ignore_unknown=self.unknown_labels == "ignore",
        )
        return self._count(n, source, identities, (example_ids, example_text, example_uris))

    def update_indices(self, indices, identities=None, *, example_ids=None, example_text=None, example_uris=None):
        """Count one batch given as per-example lists of label column indices.

        The sparse form of hard predictions (e.g. the top-k labels of each
        example); an index may repeat within an example.

        Parameters
        ----------
        indices : iterable of sequences of int
            For each example, the columns (into ``label_names``) predicted.
        identities, example_ids, example_text, example_uris
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
        n, positives = index_positives(indices, len(self.label_names), "indices")
        return self._count(n, Compact([positives] * len(self.thresholds)), identities,
                           (example_ids, example_text, example_uris))

    def _example_batch(self, n, examples):
        """The batch's ids (strings), their hashes, text and URIs, checked; None without ids."""
        ids, text, uris = examples
        if not check_example_columns(ids, text, uris, by_index=False):
            return None
        if not self.examples_per_cell:
            raise ValueError("example_ids are kept only by a counter with examples_per_cell > 0")
        return example_batch(n, ids, text, uris)

    def _sample_block(self, t, lo, positives, id_rows, parts, hashes):
        """Candidate (cell, hash, row) triples of rows ``lo:`` at threshold t.

        Each cell is first narrowed by this block's count of it
        (`sampling.prefilter_bounds`); a cell that came up short is taken again whole.
        """
        k, num_labels = len(self.identity_labels), len(self.label_names)
        m = positives.indptr.shape[0] - 1
        lengths = np.diff(positives.indptr)
        cols = positives.cols
        row_hashes = hashes[lo : lo + m]
        # the label on its own: every positive cell (slot k)
        visits = [(np.repeat(np.arange(m, dtype=np.int32), lengths), cols, np.repeat(row_hashes, lengths), k * num_labels)]
        if id_rows is None:  # identities among the labels
            slot = self._slot_of_label[cols]
            held = np.flatnonzero(slot >= 0)
            id_row, id_slot = visits[0][0][held], slot[held]
        elif isinstance(id_rows, np.ndarray):  # probabilities: examples with some
            id_row, id_slot = np.nonzero(id_rows > 0)
        else:
            id_row = np.repeat(np.arange(m), np.diff(id_rows.indptr))
            id_slot = id_rows.cols.astype(np.int64)
        cells = _cells_of_rows(positives.indptr, id_row)
        times = lengths[id_row]
        visits.append((np.repeat(id_row, times), np.repeat(id_slot * num_labels, times) + cols[cells],
                       np.repeat(row_hashes[id_row], times), 0))
        if isinstance(id_rows, np.ndarray):
            counts = np.bincount(visits[1][1], minlength=(k + 1) * num_labels)
            counts[k * num_labels :] = parts[0]
        else:
            counts = np.concatenate([np.asarray(parts[2]).reshape(-1), parts[0]])
        sample = self._samples[t]
        bound = sampling.prefilter_bounds(counts, sample.bound, self.examples_per_cell)
        found = [sampling.candidates(*visit[:3], bound, visit[3]) for visit in visits]
        keys = np.concatenate([f[0] for f in found])
        short = sampling.shortfall(keys, counts, bound, sample.bound, self.examples_per_cell)
        if short.size:
            again = np.full(counts.shape[0], np.uint64(0))
            again[short] = sample.bound[short]  # every example within the cell's own bound
            found += [sampling.candidates(*visit[:3], again, visit[3]) for visit in visits]
        keys, kept, picked = (np.concatenate(column) for column in zip(*found))
        return keys, kept, picked + lo

    def _count(self, n, source, identities, examples=(None, None, None)):
        example_batch = self._example_batch(n, examples)
        if self.identities_from == "attributes":
            if identities is None:
                raise ValueError(
                    "identity labels %s are not among label_names, so this counter takes them "
                    "as a per-example attribute: pass identities= to update(), or fix the names"
                    % preview(self.identity_labels)
                )
            if self.soft_identities:
                n_id, identity_rows = soft_identities(identities, len(self.identity_labels))
                identity_rows = [identity_rows] * len(self.thresholds)
            else:
                n_id, id_source = batch_source(
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
                "identities are read from the predicted labels %s; do not pass identities= "
                "(in Beam, an example's \"identities\" key)" % (self.identity_labels,)
            )
        else:
            identity_rows = [None] * len(self.thresholds)

        k, num_labels = len(self.identity_labels), len(self.label_names)
        totals = [None] * len(self.thresholds)
        found = [[] for _ in self.thresholds]
        kernel = sampling.compiled_sampler(self.examples_per_cell) if example_batch is not None else None
        # a small batch is sampled later, with the next ones (`sampling.Pending`)
        later = kernel is not None and not self.soft_identities and n < sampling.DEFER_ROWS
        if example_batch is not None and (kernel is None or self.soft_identities):
            # only the kernel's sampling visits a batch's rows in hash order, where repeats show at no cost
            _distinct_rows(example_batch[1], functools.partial(_id_at, example_batch[0], 0))
        for lo, hi in source.blocks(n, num_labels):
            positives = source.rows(lo, hi)  # validates this block
            # the block's rows by hash: counted so, each cell's first rows are its sample's candidates
            order = sampling.hash_order(kernel, example_batch[1][lo:hi]) if kernel is not None and not later else None
            fused = order is not None and not self.soft_identities and _distinct(
                order[1], order[0], functools.partial(_id_at, example_batch[0], lo))
            for t, (pos, id_rows) in enumerate(zip(positives, identity_rows)):
                if id_rows is not None and (lo, hi) != (0, n):
                    id_rows = id_rows[lo:hi] if self.soft_identities else id_rows.slice(lo, hi)
                slots = self._identity_slots(id_rows) if kernel is not None else None
                collect = sampling.Candidates(self._samples[t], *order, slots, k) if fused else None
                parts = count_batch(pos, id_rows, self._identity_columns, self._slot_of_label, k, num_labels, collect)
                if later:
                    found[t].append((lo, pos, slots))
                elif kernel is not None:  # sampled once every block is counted (and so valid)
                    found[t].append((lo, pos, slots, order, collect if collect is not None and collect.ran else None))
                elif example_batch is not None:
                    found[t].append(self._sample_block(t, lo, pos, id_rows, parts, example_batch[1]))
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
        if example_batch is not None and later:
            self._sample_later(found, example_batch, kernel)
        elif example_batch is not None:
            self._settle_samples()  # rows kept for later first (any order keeps the same sample): they wait no longer
            candidate = self._keep_samples(found, n, kernel)
            self._store_examples([(example_batch, np.flatnonzero(candidate))])
        return self

    def _keep_samples(self, found, n, kernel):
        """Merge each threshold's candidates into its sample (with the kernel:
        add each block's rows to it); which of the n rows may have entered."""
        candidate = np.zeros(n, bool)
        if kernel is not None:
            marked = candidate.view(np.uint8)
            for sample, blocks in zip(self._samples, found):
                for lo, pos, slots, order, collected in blocks:
                    rows = slice(lo, lo + pos.indptr.shape[0] - 1)
                    if collected is not None:  # candidates collected while counting
                        sample.merge(kernel, collected, marked[rows])
                    else:
                        sample.add_rows(kernel, pos, slots, len(self.label_names), *order, marked[rows])
        for sample, parts in zip(self._samples, found if kernel is None else ()):
            keys, kept, picked = (np.concatenate(column) for column in zip(*parts))
            sample.add(keys, kept)
            candidate[picked] = True
        return candidate

    def _sample_later(self, found, example_batch, kernel):
        """Keep a small batch's rows for later (`sampling.Pending`), the rows kept
        already sampled first if they would pass its limits; a batch of many
        cells is sampled now, in a pass of its own (not copied twice)."""
        n, pending = len(example_batch[0]), self._pending
        cells = sum(int(pos.indptr[-1] - pos.indptr[0]) for blocks in found for _, pos, _ in blocks)
        if pending.rows + n > sampling.SETTLE_ROWS or pending.cells + cells > sampling.SETTLE_CELLS:
            self._settle_samples()
        if cells <= sampling.SETTLE_CELLS // 2:
            self._pending.add(example_batch, [[(pos, slots) for _, pos, slots in blocks] for blocks in found])
            return
        orders = {lo: sampling.hash_order(kernel, example_batch[1][lo : lo + pos.indptr.shape[0] - 1])
                  for lo, pos, _ in found[0]}
        candidate = self._keep_samples([[(lo, pos, slots, orders[lo], None) for lo, pos, slots in blocks]
                                        for blocks in found], n, kernel)
        self._store_examples([(example_batch, np.flatnonzero(candidate))])

    def _settle_samples(self):
        """Take the sample of the batches kept for later (`sampling.Pending`),
        as one batch: done before anything reads the sample. They are let go
        only once it is taken (taking it twice keeps the same sample)."""
        pending = self._pending
        if not pending.rows:
            return
        kernel = sampling.compiled_sampler(self.examples_per_cell)
        k, num_labels = len(self.identity_labels), len(self.label_names)
        hashes = pending.hashes()
        order = sampling.hash_order(kernel, hashes)
        starts = np.cumsum([0] + [batch[0].shape[0] for batch in pending.batches])

        def id_of(row: int) -> Any:
            at = int(np.searchsorted(starts, row, side="right")) - 1
            return pending.batches[at][1][row - starts[at]]

        fused = _distinct(order[1], order[0], id_of)
        found = []
        for t, sample in enumerate(self._samples):
            indptr, cols, slots = pending.threshold(t)
            pos = Positives(indptr, cols)
            collected = None
            if fused:  # counted again, into counts thrown away: the pass that finds the candidates
                collected = sampling.Candidates(sample, *order, slots, k)
                collected(kernel, indptr, cols, np.zeros(num_labels, np.uint32), np.zeros(k * num_labels, np.uint32))
            found.append([(0, pos, slots, order, collected)])
        candidate = self._keep_samples(found, hashes.shape[0], kernel)
        starts = starts.tolist()
        self._store_examples([((ids, batch_hashes, text, uris), np.flatnonzero(candidate[lo:hi]))
                              for (batch_hashes, ids, text, uris), lo, hi in zip(pending.batches, starts, starts[1:])])
        self._pending = sampling.Pending()

    def _store_examples(self, batches):
        """Keep the examples that may have entered a sample: ``(example_batch, rows)`` pairs."""
        for (ids, hashes, text, uris), rows in batches:
            self._examples.add(hashes, ids, text, uris, rows)
        # Examples that left every sample are dropped now and then, not per
        # batch: once more are stored than twice the places of every sample.
        places = sum(sample.size for sample in self._samples) * self.examples_per_cell
        if len(self._examples) > 2 * places + 4096:
            self._examples.compact(self._live_hashes())

    def _identity_slots(self, id_rows):
        """The identity slots of a block's rows as `CellSample.add_rows` takes them."""
        if id_rows is None:  # identities among the labels
            return self._slot_of_label
        if isinstance(id_rows, np.ndarray):  # probabilities: the identities with some
            rows, slots = np.nonzero(id_rows > 0)
            indptr = np.zeros(id_rows.shape[0] + 1, np.int64)
            np.cumsum(np.bincount(rows, minlength=id_rows.shape[0]), out=indptr[1:])
            return indptr, slots.astype(np.int64)
        return np.ascontiguousarray(id_rows.indptr, np.int64), np.ascontiguousarray(id_rows.cols, np.int64)

    def _live_hashes(self):
        return sampling.sorted_unique(np.concatenate([s.live() for s in self._samples])) if self._samples else np.zeros(0, np.uint64)

    def _check_compatible(self, other):
        if not isinstance(other, CooccurrenceCounter):
            raise ValueError("can only merge another CooccurrenceCounter, got %r" % type(other).__name__)
        for attr in ("label_names", "identity_labels", "thresholds"):
            if getattr(self, attr) != getattr(other, attr):
                raise ValueError("cannot merge counters with different %s, %s"
                                 % (attr, difference(getattr(self, attr), getattr(other, attr))))
        for attr in ("identities_from", "soft_identities", "examples_per_cell"):
            if getattr(self, attr) != getattr(other, attr):
                raise ValueError("cannot merge counters with different %s: %r against %r"
                                 % (attr, getattr(self, attr), getattr(other, attr)))

    def merge(self, other):
        """Return a new counter holding the counts of both (associative, commutative)."""
        self._check_compatible(other)
        other._settle_samples()
        merged = self.copy()
        merged._num_examples += other._num_examples
        merged._label_counts += other._label_counts
        merged._identity_counts += other._identity_counts
        merged._cooccurrence += other._cooccurrence
        merged._identity_cooccurrence += other._identity_cooccurrence
        for sample, theirs in zip(merged._samples, other._samples):
            keys, hashes = theirs.cells()
            held = hashes != sampling.EMPTY
            sample.add(np.repeat(keys, held.sum(axis=1)), hashes[held])
        if other._samples:
            merged._examples.extend(other._examples)
            merged._examples.compact(merged._live_hashes())
        return merged

    def __add__(self, other):
        if not isinstance(other, CooccurrenceCounter):
            return NotImplemented
        return self.merge(other)

    def copy(self):
        """An independent copy of this counter."""
        self._settle_samples()
        clone = object.__new__(CooccurrenceCounter)
        clone.__dict__.update(self.__dict__)
        for attr in ("_label_counts", "_identity_counts", "_cooccurrence", "_identity_cooccurrence"):
            setattr(clone, attr, getattr(self, attr).copy())
        clone._samples = [s.copy() for s in self._samples]
        clone._examples = self._examples.copy()
        clone._pending = sampling.Pending()
        return clone

    def table(self):
        """A snapshot of the counts as an :class:`AssociationTable`; with
        ``examples_per_cell``, its sample cut to ``example_budget_bytes``."""
        examples = None
        if self._samples:
            self._settle_samples()
            examples = sampling.build(self._samples, self._examples, self.example_budget_bytes,
                                      len(self.identity_labels) + 1, len(self.label_names))
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
            examples=examples,
        )
