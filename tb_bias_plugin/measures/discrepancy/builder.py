"""The summary the DIPDI measure writes: ``prediction_discrepancy``.

The builder validates its arguments and returns the payload message; the
writing layer (``tb_bias_plugin.summary``) adds the name, step and
description and writes it with or without TensorFlow.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np

from tb_bias_plugin.core.validation import check_flag, check_integer, is_integer
from tb_bias_plugin.measures.discrepancy.accumulator import MAX_TOP_K, DipdiAccumulator
from tb_bias_plugin.measures.discrepancy.codec import (
    HISTOGRAM_BINS,
    MAX_EXAMPLE_D,
    REPLICATE_RANGE,
    ReplicateStats,
    StoredDiscrepancy,
    check_pool_names,
    check_sizes,
    encode,
)
from tb_bias_plugin.measures.discrepancy.dipdi import DEFAULT_PAIRING, default_discrepancy, dipdi, pair_discrepancies

#: Default number of top examples kept per replicate.
DEFAULT_TOP_K = 20
#: The pools' names when none are given (the facades pass None for them).
DEFAULT_POOL_NAMES = ("A", "B")


def _replicate_ids(replicate: Any) -> Optional[list[int]]:
    """None for one replicate given directly, else the list of ids."""
    if replicate is None or is_integer(replicate):
        if replicate is not None:
            check_integer(replicate, "replicate", low=REPLICATE_RANGE[0], high=REPLICATE_RANGE[1])
        return None
    if isinstance(replicate, (str, bytes)) or not hasattr(replicate, "__len__"):
        raise ValueError("replicate must be an int or a sequence of ints; got %r" % (replicate,))
    ids = list(replicate)
    if not ids or not all(is_integer(r) for r in ids):
        raise ValueError("replicate must be a non-empty sequence of ints when it is a sequence; got %r" % (replicate,))
    for r in ids:
        check_integer(r, "replicate", low=REPLICATE_RANGE[0], high=REPLICATE_RANGE[1])
    if len(set(int(r) for r in ids)) != len(ids):
        raise ValueError("replicate ids must be distinct; got %r" % (ids,))
    return [int(r) for r in ids]


def _texts(values: Sequence[Any]) -> list[str]:
    return [v.decode() if isinstance(v, bytes) else str(v) for v in values]


def _histogram(excess: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    low, high = float(excess.min()), float(excess.max())
    scale = max(abs(low), abs(high), 1.0)
    if high - low <= scale * 1e-9:  # one value up to rounding: the bins need edges apart at this magnitude
        middle, half = (low + high) / 2, max(0.5, scale * 1e-6)
        low, high = middle - half, middle + half
    counts, edges = np.histogram(excess, bins=HISTOGRAM_BINS, range=(low, high))
    return edges, counts


def _check_finite(values: np.ndarray, what: str) -> None:
    """Finite predictions whose d overflows float64 (1e308 apart): dipdi() answers NaN ("nonfinite"), but
    a record of infinite sums, excess or histogram says nothing, so the writer refuses them."""
    if not np.isfinite(values).all():
        raise ValueError("the discrepancies between the models' predictions overflow float64 (%s is not finite), "
                         "so nothing is logged: rescale the predictions" % what)


def _from_accumulator(acc: DipdiAccumulator, replicate: int) -> tuple[ReplicateStats, tuple]:
    stats = acc.statistics()
    _check_finite(stats.sums, "a pair's sum of d")
    top = acc.result().top_examples
    if top is not None:
        _check_finite(top.excess_discrepancy, "a top example's excess discrepancy")
    num_pairs = stats.sums.shape[0]
    if top is None:
        ids: list[str] = []
        groups: list[str] = []
        texts: list[str] = []
        uris: list[str] = []
        excess = np.zeros(0)
        outputs = np.zeros((0, stats.m_a + stats.m_b) + stats.trailing)
    else:
        ids = _texts(top.example_ids.tolist())
        groups = [] if top.groups is None else _texts(top.groups.tolist())
        excess, outputs = top.excess_discrepancy, top.outputs
        texts, uris = list(top.texts), list(top.uris)
    rep = ReplicateStats(
        replicate=replicate,
        n=stats.num_examples,
        pair_sums=stats.sums,
        group_names=_texts(stats.labels),
        group_sums=stats.group_sums.reshape(len(stats.labels), num_pairs),
        group_counts=stats.group_counts,
        has_groups=stats.has_groups,
        top_ids=ids,
        top_groups=groups,
        top_excess=excess,
        top_outputs=outputs,
        excess_edges=None,
        excess_counts=None,
        example_d=None,
        top_texts=texts,
        top_uris=uris,
    )
    return rep, (stats.m_a, stats.m_b, stats.trailing)


def _from_pools(
    pool_a: Any, pool_b: Any, *, discrepancy: Optional[str], pairing: str, from_logits: bool,
    groups: Any, example_ids: Any, example_text: Any, example_uris: Any, top_k: int, replicate: int, keep_d: bool,
) -> tuple[ReplicateStats, tuple]:
    check_sizes(_models(pool_a), _models(pool_b), 0, 0, 0)  # before any work
    acc = DipdiAccumulator(discrepancy=discrepancy, pairing=pairing, from_logits=from_logits, top_k=top_k)
    acc.update(pool_a, pool_b, groups=groups, example_ids=example_ids, example_text=example_text,
               example_uris=example_uris)
    if acc.n == 0:  # dipdi() answers NaN ("empty"); a record of nothing is a mistake
        raise ValueError("pool_a and pool_b hold no examples (shapes %s and %s)" % (np.shape(pool_a), np.shape(pool_b)))
    rep, layout = _from_accumulator(acc, replicate)
    discrepancy = acc.discrepancy  # the default's name, if none was given (the accumulator warned if apt)
    # Per-example values need every example: the one-shot function gives e_k
    # for the histogram, and d of the used pairs when small enough to store.
    full = dipdi(pool_a, pool_b, discrepancy=discrepancy, pairing=pairing, from_logits=from_logits)
    assert full.excess_discrepancy is not None
    _check_finite(full.excess_discrepancy, "an example's excess discrepancy")
    edges, counts = _histogram(full.excess_discrepancy)
    used = len(full.pairs.between) + len(full.pairs.within_a) + len(full.pairs.within_b)
    example_d = None
    if keep_d and rep.n * used <= MAX_EXAMPLE_D:
        per = pair_discrepancies(pool_a, pool_b, discrepancy=discrepancy, pairing=pairing, from_logits=from_logits)
        example_d = np.concatenate([per.between, per.within_a, per.within_b])
    rep = ReplicateStats(**dict(vars(rep), excess_edges=edges, excess_counts=counts, example_d=example_d))
    return rep, layout


def _models(pool: Any) -> int:
    """A pool's first length, its models (0 when it has none: the pool's own checks say what is wrong)."""
    try:
        return len(pool)
    except TypeError:
        return 0


def _sources(pool_a: Any, pool_b: Any, replicate: Any) -> tuple[list[tuple[Any, Any]], list[int]]:
    """((pool_a, pool_b) of each replicate, the replicates' ids) of `prediction_discrepancy`'s arguments."""
    ids = _replicate_ids(replicate)
    if ids is None:
        return [(pool_a, pool_b)], [0 if replicate is None else int(replicate)]
    if not isinstance(pool_a, (list, tuple)) or len(pool_a) != len(ids):
        raise ValueError(
            "with %d replicate ids, pool_a must be a list of %d pools or accumulators" % (len(ids), len(ids))
        )
    if pool_b is None:
        pool_b = [None] * len(ids)
    if not isinstance(pool_b, (list, tuple)) or len(pool_b) != len(ids):
        raise ValueError("with %d replicate ids, pool_b must be a list of %d pools" % (len(ids), len(ids)))
    return list(zip(pool_a, pool_b)), ids


def _check_accumulator(acc: DipdiAccumulator, pool_b: Any, *, discrepancy: Optional[str], pairing: Optional[str],
                       from_logits: bool, top_k: Optional[int], with_examples: bool) -> None:
    """Refuse options that contradict a finished accumulator given as pool_a, or an empty one."""
    if pool_b is not None:
        raise ValueError("with an accumulator as pool_a, pool_b must be None")
    if with_examples:
        raise ValueError("groups, example_ids, example_text and example_uris go with raw predictions; "
                         "an accumulator carries its own")
    if top_k is not None:
        raise ValueError("top_k goes with raw predictions; an accumulator keeps its own "
                         "(DipdiAccumulator(top_k=%d))" % acc.top_k)
    for given, have, what in ((discrepancy, acc.discrepancy, "discrepancy"), (pairing, acc.pairing, "pairing")):
        if given is not None and given != have:
            raise ValueError("%s=%r differs from the accumulator's %r" % (what, given, have))
    if from_logits and not acc.from_logits:
        raise ValueError("from_logits=True differs from the accumulator's False")
    if acc.n == 0:
        raise ValueError("the accumulator has not seen any example")


def prediction_discrepancy(
    pool_a: Any,
    pool_b: Any = None,
    *,
    pool_names: Sequence[str] | None = None,
    discrepancy: Optional[str] = None,
    pairing: Optional[str] = None,
    groups: Any = None,
    example_ids: Any = None,
    example_text: Any = None,
    example_uris: Any = None,
    replicate: Any = None,
    from_logits: bool = False,
    top_k: Optional[int] = None,
) -> Any:
    """The payload of DIPDI: whether models of two pools disagree more across pools than within.

    Validates the arguments of :meth:`tb_bias_plugin.summary.Writer.prediction_discrepancy`
    (documented there, with the ValueErrors raised) and returns the message.

    Examples
    --------
    >>> payload = prediction_discrepancy(
    ...     [[10, 20, 30, 40], [12, 18, 33, 40]], [[15, 25, 28, 50], [14, 22, 35, 47]],
    ...     groups=["M", "M", "F", "F"])
    >>> payload.replicates[0].num_examples, list(payload.replicates[0].group_names)
    (4, ['F', 'M'])
    """
    names = check_pool_names(DEFAULT_POOL_NAMES if pool_names is None else pool_names)
    check_flag(from_logits, "from_logits")
    if top_k is not None:
        check_integer(top_k, "top_k", low=0, high=MAX_TOP_K)
    sources, ids = _sources(pool_a, pool_b, replicate)
    reps, layouts, options = [], set(), set()
    for (a, b), rep_id in zip(sources, ids):
        if isinstance(a, DipdiAccumulator):
            _check_accumulator(a, b, discrepancy=discrepancy, pairing=pairing, from_logits=from_logits, top_k=top_k,
                               with_examples=any(v is not None for v in (groups, example_ids, example_text, example_uris)))
            rep, layout = _from_accumulator(a, rep_id)
            options.add((a.discrepancy, a.pairing, a.from_logits))
        else:
            if isinstance(b, DipdiAccumulator):
                raise ValueError("an accumulator goes in pool_a, alone (pool_b=None), not in pool_b")
            if b is None:
                raise ValueError("pool_b is required with raw predictions (an accumulator goes in pool_a)")
            # None means the default; any other value is checked as given (DipdiAccumulator)
            option = (default_discrepancy(discrepancy, bool(from_logits)), DEFAULT_PAIRING if pairing is None else pairing,
                      bool(from_logits))
            rep, layout = _from_pools(
                a, b, discrepancy=discrepancy, pairing=option[1], from_logits=option[2],
                groups=groups, example_ids=example_ids, example_text=example_text, example_uris=example_uris,
                top_k=DEFAULT_TOP_K if top_k is None else int(top_k), replicate=rep_id,
                keep_d=len(ids) == 1,
            )
            options.add(option)
        reps.append(rep)
        layouts.add(layout)
    if len(layouts) > 1:
        raise ValueError("replicates must have the same pool sizes and output shape; got %s" % sorted(layouts))
    if len(options) > 1:
        raise ValueError("replicates must use the same discrepancy, pairing and from_logits; got %s" % sorted(options))
    (m_a, m_b, trailing), = layouts
    (disc, pair, logits), = options
    for rep in reps:
        check_sizes(m_a, m_b, len(rep.group_names), len(rep.top_ids), int(np.prod(trailing, dtype=np.int64)))
    return encode(
        StoredDiscrepancy(
            discrepancy=disc,
            pairing=pair,
            pool_names=names,
            m_a=m_a,
            m_b=m_b,
            output_shape=tuple(trailing),
            from_logits=logits,
            replicates=reps,
        )
    )
