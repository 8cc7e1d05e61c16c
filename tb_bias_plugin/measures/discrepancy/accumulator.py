"""Streaming, mergeable DIPDI: sufficient statistics accumulated batch by batch.

For every model pair and every group the accumulator keeps the sum of the
per-example discrepancy d and the number of examples; N, the index under
either pairing, and every group's index follow from those. Optionally it
keeps the ``top_k`` examples with the largest excess discrepancy. Shards
accumulated separately (other processes, other hosts) merge exactly. See
``docs/measures/discrepancy.md``.
"""

from __future__ import annotations

from typing import Any, Dict, List, NamedTuple, Optional, Tuple

import numpy as np

from tb_bias_plugin.core.example_text import short_strings
from tb_bias_plugin.core.validation import check_integer, check_same_kind, label_kind
from tb_bias_plugin.measures.discrepancy.dipdi import (
    DEFAULT_PAIRING,
    DipdiResult,
    TopExamples,
    _check_options,
    _check_pairing,
    _PairSums,
    _validate_groups,
    _validate_ids,
    _validate_pools,
)

__all__ = ["DipdiAccumulator", "SufficientStatistics"]

#: The most top examples a replicate keeps (each holds every model's input row).
MAX_TOP_K = 1000


class SufficientStatistics(NamedTuple):
    """What an accumulator keeps: sums of d per pair (all ``i < j`` of the
    ``m_a + m_b`` models, row-major) overall and per group, and counts."""

    sums: np.ndarray
    num_examples: int
    labels: List[Any]
    group_sums: np.ndarray
    group_counts: np.ndarray
    has_groups: bool
    m_a: int
    m_b: int
    trailing: Tuple[int, ...]


class DipdiAccumulator:
    """Accumulate DIPDI over batches of examples; merge shards.

    Parameters
    ----------
    discrepancy : {"abs", "sq", "jsd", "js_distance"}, optional
        As in :func:`~tb_bias_plugin.measures.discrepancy.dipdi.dipdi`.
    pairing : {"paired", "all_pairs"}, default "paired"
        As in ``dipdi``. Both pairings follow from the stored sums; this one
        is used by :meth:`result`.
    from_logits : bool, default False
        As in ``dipdi``.
    top_k : int, default 0
        Keep this many examples with the largest excess discrepancy (ids,
        group, every model's input row). 0 keeps none.

    Raises
    ------
    ValueError
        For an unknown option, or a ``top_k`` below 0 or above ``MAX_TOP_K`` (1,000).

    See Also
    --------
    tb_bias_plugin.measures.discrepancy.dipdi.dipdi : the one-shot function;
        :meth:`result` equals it except ``excess_discrepancy``, which is None.

    Notes
    -----
    Memory is O(pairs x groups + top_k x models): it does not grow with the
    number of examples. Ties in excess discrepancy at the ``top_k`` boundary
    are broken by arrival order, so they may depend on batch and merge order.
    Without ``example_ids`` an example's id is its position among the examples
    this accumulator received (before merging); pass ids when merging shards.

    References
    ----------
    .. [1] L. Mansilla, E. Claucich, R. Echeveste, D. H. Milone, E. Ferrante,
       "Demographically-Informed Prediction Discrepancy Index: Early Warnings
       of Demographic Biases for Unlabeled Populations", TMLR, 2024.
    .. [2] ``docs/measures/discrepancy.md``, "What is stored: sufficient
       statistics".

    Examples
    --------
    >>> acc = DipdiAccumulator(top_k=1)
    >>> _ = acc.update([[10, 20], [12, 18]], [[15, 25], [14, 22]], groups=["M", "M"])
    >>> _ = acc.update([[30, 40], [33, 40]], [[28, 50], [35, 47]], groups=["F", "F"])
    >>> r = acc.result()
    >>> round(r.dipdi, 6), round(r.groups["M"].dipdi, 6), r.n
    (1.214125, 1.321756, 4)
    >>> r.top_examples.example_ids.tolist(), r.top_examples.excess_discrepancy.tolist()
    ([3], [7.0])
    """

    def __init__(
        self,
        *,
        discrepancy: str | None = None,
        pairing: str = DEFAULT_PAIRING,
        from_logits: bool = False,
        top_k: int = 0,
    ):
        # not given: warned of, at the first batch, if the pools look like class probabilities
        self._defaulted = discrepancy is None
        self.discrepancy = _check_options(discrepancy, pairing, from_logits)
        check_integer(top_k, "top_k", low=0, high=MAX_TOP_K)
        self.pairing = pairing
        self.from_logits = bool(from_logits)
        self.top_k = int(top_k)
        self._stats: Optional[_PairSums] = None
        self._labels: List[Any] = []
        self._label_index: Dict[Any, int] = {}
        self._has_groups: Optional[bool] = None
        self._seen = 0
        self._top_e = np.zeros(0, dtype=np.float64)
        self._top_ids: List[Any] = []
        self._top_groups: List[Any] = []
        # text and URI of each kept example ("" for none); None until a batch gives them
        self._top_texts: Optional[List[str]] = None
        self._top_uris: Optional[List[str]] = None
        # shape (kept, m_a + m_b, ...): set to the pools' layout by the first batch
        self._top_outputs: np.ndarray = np.zeros((0, 0), dtype=np.float64)

    @property
    def n(self) -> int:
        """Number of examples accumulated so far."""
        return 0 if self._stats is None else self._stats.count

    # ------------------------------------------------------------------

    def update(
        self,
        pool_a_batch: Any,
        pool_b_batch: Any,
        groups: Any = None,
        example_ids: Any = None,
        example_text: Any = None,
        example_uris: Any = None,
    ) -> "DipdiAccumulator":
        """Add a batch: the same examples scored by every model of both pools.

        Parameters
        ----------
        pool_a_batch, pool_b_batch : array_like
            ``[m_a, k, ...]`` and ``[m_b, k, ...]``, the layout ``dipdi``
            takes; pool sizes and output shape must match earlier batches.
        groups : array_like of shape (k,), optional
            Group label per example, as ``dipdi`` takes them; give it for
            every batch or for none, and of one kind (strings or integers) in
            every batch.
        example_ids : array_like of shape (k,), optional
            Ids stored with the top-K examples: strings or integers
            (`tb_bias_plugin.core.example_ids`).
        example_text, example_uris : sequence of str or None, shape (k,), optional
            A short text and a URI per example (None or "" for none), kept
            for the top-K examples only, each cut to 200 characters.

        Returns
        -------
        DipdiAccumulator
            ``self``.

        Raises
        ------
        ValueError
            As ``dipdi``, and when the batch does not match earlier batches.
        """
        a, b, tol = _validate_pools(pool_a_batch, pool_b_batch, self.discrepancy, self.from_logits,
                                    getattr(self, "_defaulted", False) and self._stats is None)
        m_a, m_b, k = a.shape[0], b.shape[0], a.shape[1]
        g = _validate_groups(groups, k)
        ids = _validate_ids(example_ids, k)
        texts = short_strings(example_text, k, "example_text")
        uris = short_strings(example_uris, k, "example_uris")
        has_groups = g is not None
        check_same_kind(label_kind(self._labels), label_kind(g), "groups", "earlier batches gave", "this one")
        if self._has_groups is not None and has_groups != self._has_groups:
            raise ValueError(
                "groups were given for some batches but not for others; give them for all or none"
            )
        if self._stats is None:
            _check_pairing(m_a, m_b, self.pairing)
        else:
            self._check_layout(m_a, m_b, a.shape[2:], "this batch")
        # invalid values are found while the batch is consumed: keep what is
        # needed to undo the layout, labels and group arrays set up before it
        saved = self._save()
        try:
            stats = self._prepare_batch(m_a, m_b, a.shape[2:], has_groups)
            codes = None
            if g is not None:
                uniq, inverse = np.unique(g, return_inverse=True)
                codes = self._codes_for(uniq.tolist())[inverse.reshape(-1)]
                stats.grow_groups(len(self._labels))
            excess = np.empty(k if self.top_k else 0, dtype=np.float64)

            def keep_excess(start, stop, e):
                excess[start:stop] = e

            stats.consume(a, b, tol, codes, keep_excess if self.top_k else None)
        except ValueError:
            self._restore(saved)
            raise
        if self.top_k:
            if ids is None:
                ids = np.arange(self._seen, self._seen + k)
            self._offer_top(excess, ids, g, a, b, texts, uris)
        self._seen += k
        return self

    def merge(self, other: "DipdiAccumulator") -> "DipdiAccumulator":
        """Add another accumulator's statistics to this one (in place).

        Parameters
        ----------
        other : DipdiAccumulator
            Built with the same options and fed the same pool layout.

        Returns
        -------
        DipdiAccumulator
            ``self``.

        Raises
        ------
        ValueError
            When the options, pool sizes or output shapes differ, one has
            groups and the other does not, or ``other`` is ``self``.
        """
        if not isinstance(other, DipdiAccumulator):
            raise ValueError(f"can only merge a DipdiAccumulator, not {type(other).__name__}")
        if other is self:  # in place, it would count every example twice and list its top examples twice
            raise ValueError("cannot merge a DipdiAccumulator into itself")
        for attr in ("discrepancy", "pairing", "from_logits", "top_k"):
            if getattr(self, attr) != getattr(other, attr):
                raise ValueError(
                    f"cannot merge accumulators with different {attr}: "
                    f"{getattr(self, attr)!r} vs {getattr(other, attr)!r}"
                )
        if other._stats is None:
            return self
        theirs = other._stats
        if self._stats is None:
            self._stats = _PairSums(
                self.discrepancy, self.pairing, self.from_logits, theirs.m_a, theirs.m_b,
                theirs.trailing,
            )
            self._top_outputs = np.zeros_like(other._top_outputs)
        else:
            self._check_layout(theirs.m_a, theirs.m_b, theirs.trailing, "the other accumulator")
        if self._has_groups is not None and other._has_groups != self._has_groups:
            raise ValueError("cannot merge an accumulator with groups and one without")
        check_same_kind(label_kind(self._labels), label_kind(other._labels), "groups", "this accumulator's are",
                        "the other's")
        self._has_groups = other._has_groups

        ours = self._stats
        ours.sums += theirs.sums
        ours.count += theirs.count
        if other._labels:
            codes = self._codes_for(other._labels)
            ours.grow_groups(len(self._labels))
            np.add.at(ours.group_sums, codes, theirs.group_sums)
            np.add.at(ours.group_counts, codes, theirs.group_counts)
        if self.top_k and other._top_e.size:
            self._keep_top(
                np.concatenate([self._top_e, other._top_e]),
                self._top_ids + other._top_ids,
                self._top_groups + other._top_groups,
                np.concatenate([self._top_outputs, other._top_outputs]),
                _joined(self._top_texts, len(self._top_ids), other._top_texts, len(other._top_ids)),
                _joined(self._top_uris, len(self._top_ids), other._top_uris, len(other._top_ids)),
            )
        self._seen += other._seen
        return self

    def result(self) -> DipdiResult:
        """The index and everything :func:`dipdi` reports, from the stored sums.

        Returns
        -------
        DipdiResult
            ``excess_discrepancy`` is None (it needs every example);
            ``top_examples`` is set when ``top_k > 0``.

        Raises
        ------
        ValueError
            When no batch was added yet.
        """
        if self._stats is None:
            raise ValueError("no batch was added; call update() first")
        top = None
        if self.top_k:
            top = TopExamples(
                example_ids=_id_array(self._top_ids),
                groups=np.asarray(self._top_groups) if self._has_groups else None,
                excess_discrepancy=self._top_e.copy(),
                outputs=self._top_outputs.copy(),
                texts=list(self._top_texts or []),
                uris=list(self._top_uris or []),
            )
        return self._stats.result(list(self._labels), bool(self._has_groups), None, top)

    def statistics(self) -> "SufficientStatistics":
        """The stored sums and counts, for logging (copies).

        Raises
        ------
        ValueError
            When no batch was added yet.

        Examples
        --------
        >>> acc = DipdiAccumulator().update([[1.0, 2.0], [1.5, 2.0]], [[2.0, 4.0], [2.5, 3.0]])
        >>> s = acc.statistics()
        >>> s.num_examples, s.m_a, s.m_b, s.sums.shape
        (2, 2, 2, (6,))
        """
        if self._stats is None:
            raise ValueError("no batch was added; call update() first")
        st = self._stats
        return SufficientStatistics(
            sums=st.sums.copy(),
            num_examples=int(st.count),
            labels=list(self._labels),
            group_sums=st.group_sums.copy(),
            group_counts=st.group_counts.copy(),
            has_groups=bool(self._has_groups),
            m_a=st.m_a,
            m_b=st.m_b,
            trailing=st.trailing,
        )

    # ------------------------------------------------------------------

    def _prepare_batch(self, m_a, m_b, trailing, has_groups) -> _PairSums:
        if self._stats is None:
            self._stats = _PairSums(
                self.discrepancy, self.pairing, self.from_logits, m_a, m_b, trailing
            )
            self._top_outputs = np.zeros((0, m_a + m_b) + tuple(trailing), dtype=np.float64)
        self._has_groups = has_groups
        return self._stats

    def _save(self):
        st = self._stats
        arrays = None if st is None else (st.group_sums, st.group_counts)
        return (st, arrays, len(self._labels), self._has_groups, self._top_outputs)

    def _restore(self, saved) -> None:
        st, arrays, num_labels, has_groups, top_outputs = saved
        self._stats = st
        if st is not None and arrays is not None:
            st.group_sums, st.group_counts = arrays
        for label in self._labels[num_labels:]:
            del self._label_index[label]
        del self._labels[num_labels:]
        self._has_groups = has_groups
        self._top_outputs = top_outputs

    def _check_layout(self, m_a, m_b, trailing, what) -> None:
        s = self._stats
        assert s is not None  # only called once a batch set the layout
        if (m_a, m_b) != (s.m_a, s.m_b):
            raise ValueError(
                f"{what} has pools of {m_a} and {m_b} models; earlier batches had "
                f"{s.m_a} and {s.m_b}"
            )
        if tuple(trailing) != s.trailing:
            raise ValueError(
                f"{what} has per-example output shape {tuple(trailing)}; earlier batches "
                f"had {s.trailing}"
            )

    def _codes_for(self, labels: List[Any]) -> np.ndarray:
        out = np.empty(len(labels), dtype=np.intp)
        for idx, label in enumerate(labels):
            code = self._label_index.get(label)
            if code is None:
                code = self._label_index[label] = len(self._labels)
                self._labels.append(label)
            out[idx] = code
        return out

    def _offer_top(self, e, ids, groups, a, b, texts=None, uris=None) -> None:
        """Merge a batch's best examples into the kept top-K.

        np.partition finds the K-th largest excess in linear time; only the
        examples at or above it (ties included, in arrival order) are sorted
        and only their outputs are copied.
        """
        if e.size > self.top_k:
            cut = np.partition(e, e.size - self.top_k)[e.size - self.top_k]
            take = np.flatnonzero(e >= cut)
        else:
            take = np.arange(e.size)
        take = take[np.argsort(-e[take], kind="stable")[: self.top_k]]
        rows = np.concatenate([a[:, take], b[:, take]]).swapaxes(0, 1).astype(np.float64)
        self._keep_top(
            np.concatenate([self._top_e, e[take]]),
            self._top_ids + np.asarray(ids)[take].tolist(),
            self._top_groups + ([] if groups is None else np.asarray(groups)[take].tolist()),
            np.concatenate([self._top_outputs, rows]),
            _joined(self._top_texts, len(self._top_ids), _taken(texts, take), take.size),
            _joined(self._top_uris, len(self._top_ids), _taken(uris, take), take.size),
        )

    def _keep_top(self, e, ids, groups, outputs, texts=None, uris=None) -> None:
        keep = np.argsort(-e, kind="stable")[: self.top_k]
        self._top_e = e[keep]
        self._top_ids = [ids[i] for i in keep]
        self._top_groups = [groups[i] for i in keep] if groups else []
        self._top_outputs = outputs[keep]
        self._top_texts = None if texts is None else [texts[i] for i in keep]
        self._top_uris = None if uris is None else [uris[i] for i in keep]


def _taken(values: Optional[List[str]], take: np.ndarray) -> Optional[List[str]]:
    return None if values is None else [values[i] for i in take.tolist()]


def _joined(ours: Optional[List[str]], n_ours: int, theirs: Optional[List[str]], n_theirs: int) -> Optional[List[str]]:
    """Two runs of kept texts (or URIs) as one; "" for the side that gave none, None if neither did."""
    if ours is None and theirs is None:
        return None
    return (ours if ours is not None else [""] * n_ours) + (theirs if theirs is not None else [""] * n_theirs)


def _id_array(ids: list) -> np.ndarray:
    """The kept ids as one array: integers as integers, text as text, a mixture (or int64 and uint64 ids
    merged) as objects; never floats, whose text would name no example."""
    try:
        array = np.asarray(ids)
    except OverflowError:
        array = np.zeros(0)
    return array if array.dtype.kind in "iuU" else np.array(ids, dtype=object)
