"""Streaming, mergeable counting of label / identity co-occurrence.

The counts and why they suffice are in docs/measures/association.md; soft
identities (expected counts) and intersections are its last sections.
`CooccurrenceCounter` keeps the counts; inputs.py turns every form of
batch into one, and backends.py counts it.
"""

import numpy as np

from tb_bias_plugin.measures.association.backends import count_batch
from tb_bias_plugin.measures.association.inputs import (
    Compact,
    attribute_identities,
    batch_source,
    index_positives,
    soft_identities,
)
from tb_bias_plugin.measures.association.table import (
    AssociationTable,
    _preview,
    check_identity_names,
    check_names,
    check_thresholds,
)

__all__ = ["CooccurrenceCounter", "attribute_identities"]


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
        n, source = batch_source(
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
        n, positives = index_positives(indices, len(self.label_names), "indices")
        return self._count(n, Compact([positives] * len(self.thresholds)), identities)

    def _count(self, n, source, identities):
        if self.identities_from == "attributes":
            if identities is None:
                raise ValueError(
                    "identity labels %s are not among label_names, so this counter takes them "
                    "as a per-example attribute: pass identities= to update(), or fix the names"
                    % _preview(self.identity_labels)
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
                parts = count_batch(pos, id_rows, self._identity_columns, self._slot_of_label, k, num_labels)
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
