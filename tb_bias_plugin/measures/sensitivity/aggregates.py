"""Dataset aggregates of P and a streaming accumulator (NumPy only).

The paper scores single predictions; the dataset view (mean over defined
values with coverage, median, p90, max, per group and per class) is ours and
is described in ``docs/measures/sensitivity.md``.
"""

from __future__ import annotations

import dataclasses
import heapq
from typing import Any, Sequence

import numpy as np

from tb_bias_plugin.core.example_ids import check_ids
from tb_bias_plugin.core.validation import check_finite_array, check_integer, check_labels, check_same_kind, label_kind

__all__ = ["STATS", "COUNTS", "summarize", "coverage", "aggregate", "SensitivityAccumulator", "Retained", "check_p"]

#: Most sensitive examples a record keeps per v choice, and the uniform
#: sample of examples it keeps, unless told otherwise (every entry point).
DEFAULT_TOP_K = 10
DEFAULT_SAMPLE_SIZE = 200


def check_p(P: Any, name: str = "P") -> np.ndarray:
    """P values as float64 ``[b]``: numbers, NaN where undefined, otherwise finite and non-negative.

    Raises
    ------
    ValueError
        Not numbers (e.g. strings), not 1-D, infinite or negative entries;
        the message names ``name``.

    Examples
    --------
    >>> check_p([0.5, float("nan")]).tolist()
    [0.5, nan]
    >>> check_p([0.1, float("inf")])
    Traceback (most recent call last):
    ...
    ValueError: P has non-finite entries at positions [1]: P is finite where defined (NaN marks undefined)
    """
    p = np.asarray(P)
    if p.ndim == 2 and p.shape[1:] == (1,):  # a column, as a Keras model gives
        p = p[:, 0]
    # NaN is allowed (undefined); everything else goes through the shared check
    known = np.where(np.isnan(p), 0.0, p) if p.dtype.kind == "f" else p
    check_finite_array(known, name, ndim=1, hint="P is finite where defined (NaN marks undefined)")
    p = p.astype(np.float64)
    if (p < 0).any():
        raise ValueError(f"{name} has negative entries (first {p[p < 0][0]:g}): P = wᵀ|J|v is non-negative")
    return p


def p_problem(p: float) -> str | None:
    """What `check_p` says of one value of P, or None (NaN is an undefined P): for values checked one at a
    time, named where they are (a file's row, a Beam example).

    Examples
    --------
    >>> p_problem(-0.5)
    'P = -0.5 is negative: P = wᵀ|J|v is non-negative'
    >>> p_problem(float("nan")) is None
    True
    """
    if p in (np.inf, -np.inf):
        return "P = %g is infinite: P is finite where defined (NaN marks undefined)" % p
    if p < 0:
        return "P = %g is negative: P = wᵀ|J|v is non-negative" % p
    return None


#: What `summarize` gives and a record stores of one set of P values: the counts
#: (`COUNTS`), then the statistics of the defined values. Not ``coverage``,
#: which follows from the counts (`coverage`).
STATS = ("n", "n_defined", "mean", "median", "p90", "max")
#: The statistics of `STATS` that are counts (integers).
COUNTS = ("n", "n_defined")


def coverage(n_defined: int, n: int) -> float:
    """Share of the ``n`` values of P that are defined; NaN for no values.

    Examples
    --------
    >>> coverage(3, 4)
    0.75
    >>> coverage(0, 0)
    nan
    """
    return float(n_defined / n) if n else float("nan")


def summarize(P) -> dict:
    """Summary of one set of P values; NaN (undefined) values are skipped but counted.

    Parameters
    ----------
    P : array_like, ``[n]``
        P per example, NaN where undefined.

    Returns
    -------
    dict
        ``n``, ``n_defined``, ``coverage`` (n_defined / n), ``mean``, ``median``,
        ``p90`` (linear interpolation), ``max``; the statistics are NaN when no
        value is defined.

    Examples
    --------
    >>> s = summarize([0.1, np.nan, 0.3, 0.2])
    >>> s["n_defined"], round(s["coverage"], 2), round(s["mean"], 6), s["max"]
    (3, 0.75, 0.2, 0.3)
    """
    p = np.asarray(P, dtype=np.float64).ravel()
    d = p[~np.isnan(p)]
    out = {"n": int(p.size), "n_defined": int(d.size), "coverage": coverage(d.size, p.size)}
    if d.size:
        med, p90 = np.percentile(d, [50, 90])
        out.update(mean=float(np.mean(d)), median=float(med), p90=float(p90), max=float(np.max(d)))
    else:
        out.update(mean=float("nan"), median=float("nan"), p90=float("nan"), max=float("nan"))
    return out


def _breakdown(p: np.ndarray, keys: np.ndarray) -> dict:
    return {key.item(): summarize(p[keys == key]) for key in np.unique(keys)}


def aggregate(P, *, groups=None, pred_class=None) -> dict:
    """Dataset aggregates of P, overall and optionally per group and per predicted class.

    Parameters
    ----------
    P : array_like, ``[n]``
        P per example (NaN where undefined).
    groups : array_like, ``[n]``, optional
        Group label per example.
    pred_class : array_like of int, ``[n]``, optional
        Predicted class per example.

    Returns
    -------
    dict
        ``summarize(P)`` plus ``by_group`` and ``by_class`` (dicts of summaries)
        when those labels are given.

    Raises
    ------
    ValueError
        P that `check_p` refuses, or labels that `check_labels` refuses
        (of another length than P, or not all strings or all integers).

    See Also
    --------
    SensitivityAccumulator : the same result computed over batches.

    Examples
    --------
    >>> a = aggregate([0.1, 0.3, np.nan, 0.5], groups=["a", "b", "a", "b"])
    >>> a["by_group"]["a"]["coverage"], a["by_group"]["b"]["mean"]
    (0.5, 0.4)
    """
    p = check_p(P)
    out = summarize(p)
    if groups is not None:
        out["by_group"] = _breakdown(p, check_labels(groups, "groups", p.size))
    if pred_class is not None:
        out["by_class"] = _breakdown(p, check_labels(pred_class, "pred_class", p.size, strings=False))
    return out


@dataclasses.dataclass(frozen=True)
class Retained:
    """One example kept for drill-down: its P, id, group and predicted class (where the updates gave them:
    else "" and -1) and whatever details were passed."""

    P: float
    example_id: Any
    detail: Any = None
    group: str = ""
    pred_class: int = -1


class SensitivityAccumulator:
    """Streaming aggregates of P with a bounded sample of examples.

    Aggregates stay exact: all P values (and group / class labels) are kept as
    float64 chunks, n floats per run, fine up to about 10^7 examples; median and
    p90 are then exact, and ``result()`` equals ``aggregate`` on the
    concatenated values. Only a bounded number of examples keep their details:
    the ``top_k`` largest defined P (ties: earliest first) and a uniform
    reservoir sample of ``reservoir_size`` examples, seeded.

    Parameters
    ----------
    top_k : int, default 10
        How many of the most sensitive examples to keep.
    reservoir_size : int, default 200
        Size of the uniform random sample of examples.
    seed : int, default 0
        Seed of the reservoir sampler.

    See Also
    --------
    aggregate

    References
    ----------
    .. [1] J. S. Vitter, "Random Sampling with a Reservoir", ACM Transactions
       on Mathematical Software 11(1), 1985 (the uniform sample).
    .. [2] ``docs/measures/sensitivity.md``, "Dataset aggregates" (the paper
       scores single predictions; these aggregates are ours).

    Examples
    --------
    >>> acc = SensitivityAccumulator(top_k=2, reservoir_size=2, seed=0)
    >>> acc.update([0.1, 0.9, np.nan], example_ids=["a", "b", "c"])
    >>> other = SensitivityAccumulator(top_k=2, reservoir_size=2, seed=1)
    >>> other.update([0.5], example_ids=["d"])
    >>> acc.merge(other)
    >>> r = acc.result()
    >>> r["n"], r["n_defined"], [e.example_id for e in r["top_k"]]
    (4, 3, ['b', 'd'])
    """

    def __init__(self, top_k: int = DEFAULT_TOP_K, reservoir_size: int = DEFAULT_SAMPLE_SIZE, seed: int = 0):
        self.top_k = check_integer(top_k, "top_k", low=0)
        self.reservoir_size = check_integer(reservoir_size, "reservoir_size", low=0)
        self._rng = np.random.default_rng(check_integer(seed, "seed", low=0))
        self._chunks: list = []
        self._groups: list = []
        self._classes: list = []
        self._has_groups: bool | None = None
        self._has_classes: bool | None = None
        self._group_kind: str | None = None  # "strings" or "integers", fixed by the first labelled batch
        self._n = 0
        # Min-heap of (P, -order, Retained); order breaks ties towards earlier examples.
        self._top: list = []
        self._reservoir: list = []
        self._next_order = 0  # an int, not itertools.count: Beam pickles accumulators

    @property
    def n(self) -> int:
        """Examples seen so far."""
        return self._n

    def check_update(self, P, *, example_ids: Sequence | np.ndarray | None = None, groups=None, pred_class=None,
                     details: Any = None, p_name: str = "P") -> tuple[np.ndarray, np.ndarray | None,
                                                                      np.ndarray | None, Any]:
        """The checked ``(P, groups, pred_class, example_ids)`` of an update (ids as `check_ids` gives them);
        raises what `update` raises, changes nothing.

        ``p_name`` names P in the messages.
        """
        p = check_p(P, p_name)
        b = p.size
        ids = check_ids(example_ids, b)
        if details is not None and (not hasattr(details, "__len__") or isinstance(details, (str, bytes))
                                    or len(details) != b):
            raise ValueError(f"details must be a sequence of {b} entries like P; got {type(details).__name__}"
                             + (f" of length {len(details)}" if hasattr(details, "__len__") else ""))
        grp = None if groups is None else check_labels(groups, "groups", b)
        cls = None if pred_class is None else check_labels(pred_class, "pred_class", b, strings=False)
        for attr, given in (("_has_groups", grp is not None), ("_has_classes", cls is not None)):
            seen = getattr(self, attr)
            if seen is not None and seen != given:
                raise ValueError(f"{attr[5:]} must be given on every update or on none")
        check_same_kind(self._group_kind, label_kind(grp), "groups", "earlier updates gave", "this one")
        return p, grp, cls, ids

    def update(self, P, *, example_ids: Sequence | np.ndarray | None = None, groups=None, pred_class=None,
               details: Any = None) -> None:
        """Add a batch of P values.

        Parameters
        ----------
        P : array_like, ``[b]``
            P per example: NaN where undefined, otherwise finite and >= 0.
        example_ids : sequence, optional
            Ids kept with retained examples, strings or integers
            (`tb_bias_plugin.core.example_ids`); default running index.
        groups : array_like, ``[b]``, optional
            Group label per example: all strings or all integers (not None,
            floats or bools), of the same kind on every update (see
            `check_labels`); give them on every update or never.
        pred_class : array_like of int, ``[b]``, optional
            Predicted class index per example (non-negative integers); on
            every update or never.
        details : sequence, optional
            Per-example payload (tokens, u_t, V_t, probabilities...) stored only
            for retained examples; ``details[i]`` is read only for those, so
            it may build the entry on demand.

        Raises
        ------
        ValueError
            P that is not 1-D numbers or has infinite or negative entries,
            lengths differing from P, labels of the wrong type or of another
            kind than before, labels given on some updates only. The
            accumulator is then unchanged.
        """
        p, groups, pred_class, checked_ids = self.check_update(P, example_ids=example_ids, groups=groups,
                                                               pred_class=pred_class, details=details)
        b = p.size
        self._has_groups, self._has_classes = groups is not None, pred_class is not None
        self._group_kind = self._group_kind or label_kind(groups)
        ids = list(range(self._n, self._n + b)) if checked_ids is None else list(checked_ids)
        self._chunks.append(p.copy())
        if groups is not None:
            self._groups.append(groups)
        if pred_class is not None:
            self._classes.append(pred_class)
        size = self.reservoir_size
        for i in range(b):
            order = self._next_order
            self._next_order += 1
            pi = float(p[i])
            top = bool(self.top_k) and not np.isnan(pi) and (
                len(self._top) < self.top_k or (pi, -order) > self._top[0][:2])
            # Algorithm R: example number m (0-based) replaces a slot with probability size/(m+1).
            m = self._n + i
            slot = None
            if len(self._reservoir) < size:
                slot = len(self._reservoir)
            elif size:
                draw = int(self._rng.integers(0, m + 1))
                slot = draw if draw < size else None
            if not top and slot is None:
                continue
            # Details are fetched only for examples that are kept.
            item = Retained(pi, ids[i], None if details is None else details[i],
                            "" if groups is None else str(groups[i]), -1 if pred_class is None else int(pred_class[i]))
            if top:
                entry = (item.P, -order, item)
                if len(self._top) < self.top_k:
                    heapq.heappush(self._top, entry)
                else:
                    heapq.heapreplace(self._top, entry)
            if slot is not None:
                if slot == len(self._reservoir):
                    self._reservoir.append(item)
                else:
                    self._reservoir[slot] = item
        self._n += b

    def merge(self, other: "SensitivityAccumulator") -> None:
        """Fold in another accumulator (e.g. from another worker); its examples count as later.

        The merged reservoir is a uniform sample of the union: the number taken
        from each side is hypergeometric in the two totals.

        Raises
        ------
        ValueError
            ``other`` is not a `SensitivityAccumulator`, or its labels differ
            in presence or kind (string vs integer groups); nothing changes.
        """
        if not isinstance(other, SensitivityAccumulator):
            raise ValueError(f"other must be a SensitivityAccumulator; got {type(other).__name__}")
        if other is self:  # in place, it would count every example twice and list its top examples twice
            raise ValueError("cannot merge a SensitivityAccumulator into itself")
        if other._n == 0:
            return
        if self._n and (self._has_groups != other._has_groups or self._has_classes != other._has_classes):
            raise ValueError("cannot merge accumulators with and without group / class labels")
        check_same_kind(self._group_kind, other._group_kind, "groups", "this accumulator's are", "the other's")
        if not self._n:
            self._has_groups, self._has_classes = other._has_groups, other._has_classes
        self._group_kind = self._group_kind or other._group_kind
        self._chunks.extend(other._chunks)
        self._groups.extend(other._groups)
        self._classes.extend(other._classes)
        offset = self._next_order
        for _, neg_order, item in (other._top if self.top_k else []):
            entry = (item.P, neg_order - offset, item)
            if len(self._top) < self.top_k:
                heapq.heappush(self._top, entry)
            elif entry[:2] > self._top[0][:2]:
                heapq.heapreplace(self._top, entry)
        self._next_order = offset + other._next_order + 1
        k = min(self.reservoir_size, self._n + other._n)
        if len(self._reservoir) + len(other._reservoir) <= k:
            self._reservoir = self._reservoir + other._reservoir
        else:
            from_self = int(self._rng.hypergeometric(self._n, other._n, k))
            from_self = min(from_self, len(self._reservoir))
            from_other = min(k - from_self, len(other._reservoir))
            a = self._rng.choice(len(self._reservoir), from_self, replace=False)
            b = self._rng.choice(len(other._reservoir), from_other, replace=False)
            self._reservoir = [self._reservoir[i] for i in sorted(a)] + [other._reservoir[i] for i in sorted(b)]
        self._n += other._n

    def values(self) -> np.ndarray:
        """All P values seen, in order (float64)."""
        return np.concatenate(self._chunks) if self._chunks else np.zeros(0)

    def result(self) -> dict:
        """``aggregate`` of everything seen, plus ``top_k`` (largest P first) and ``reservoir``."""
        out = aggregate(self.values(),
                        groups=np.concatenate(self._groups) if self._has_groups and self._groups else None,
                        pred_class=np.concatenate(self._classes) if self._has_classes and self._classes else None)
        out["top_k"] = [e[2] for e in sorted(self._top, key=lambda e: (e[0], e[1]), reverse=True)]
        out["reservoir"] = list(self._reservoir)
        return out
