"""DIPDI statistics to the stored payload message, and back.

What a record holds and the caps that bound it are described in
docs/measures/discrepancy.md ("What a logged record holds").
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import math
from typing import Any, List, Optional, Tuple

import numpy as np

from tb_bias_plugin.core.example_ids import id_strings
from tb_bias_plugin.core.example_text import check_stored
from tb_bias_plugin.core.validation import check_name, check_stored_names, check_unique, preview
from tb_bias_plugin.measures.discrepancy import messages
from tb_bias_plugin.measures.discrepancy.dipdi import (
    DISCREPANCIES,
    PAIRINGS,
    DipdiResult,
    PairDiscrepancies,
    _build_result,
    _check_pairing,
    _pair_positions,
    _used_pairs,
)
from tb_bias_plugin.storage import arrays, record, values
from tb_bias_plugin.storage.arrays import ArraySpec, pack

#: Bins of the stored histogram of per-example excess discrepancy (a reader refuses more).
HISTOGRAM_BINS = 40

#: Per-example d is stored only when examples x used pairs is at most this
#: (2 MiB of float64): enough for the bootstrap of typical evaluation sets.
MAX_EXAMPLE_D = 1 << 18
#: Longest pool name.
MAX_POOL_NAME = 100
#: Most models in a pool: the matrix of N over every pair of models is served whole.
MAX_POOL_MODELS = 256
#: Most values of a replicate's per-group sums (groups x pairs of models), and of its top
#: examples' outputs (examples x models x outputs per model): 128 MiB of float64 each.
MAX_REPLICATE_VALUES = 1 << 24
#: Replicate ids a browser holds exactly (a view picks one by its id).
REPLICATE_RANGE = (-(2**53 - 1), 2**53 - 1)


def check_sizes(m_a: int, m_b: int, groups: int, top: int, outputs: int) -> None:
    """Refuse pools, groups or top examples larger than a record holds: the
    writer's rule and the reader's, checked before any array is inflated
    (zeros compress about 1000:1, so a record of kilobytes could declare
    gigabytes). ``outputs`` is the number of outputs per model and example."""
    if max(m_a, m_b) > MAX_POOL_MODELS:
        raise ValueError("a pool holds at most %d models; got %d and %d" % (MAX_POOL_MODELS, m_a, m_b))
    models = m_a + m_b
    pairs = models * (models - 1) // 2
    if groups * pairs > MAX_REPLICATE_VALUES:
        raise ValueError("%d groups x %d pairs of models is %d sums, more than the %d a record holds "
                         "(fewer groups)" % (groups, pairs, groups * pairs, MAX_REPLICATE_VALUES))
    if top * models * outputs > MAX_REPLICATE_VALUES:
        raise ValueError("%d top examples x %d models x %d outputs is %d values, more than the %d a record holds "
                         "(a smaller top_k)" % (top, models, outputs, top * models * outputs, MAX_REPLICATE_VALUES))


def check_pool_names(pool_names: Any) -> tuple[str, str]:
    """Two distinct, non-empty names of at most `MAX_POOL_NAME` characters
    (the writer's argument and the record's field alike)."""
    if isinstance(pool_names, str) or not hasattr(pool_names, "__len__") or len(pool_names) != 2:
        raise ValueError("pool_names must be two strings, e.g. ('A', 'B'); got %r" % (pool_names,))
    a, b = pool_names
    for name in (a, b):
        try:
            check_name(name, "pool_names", max_length=MAX_POOL_NAME)
        except ValueError:
            raise ValueError("pool_names must be non-empty strings of at most %d characters; got %r"
                             % (MAX_POOL_NAME, name)) from None
    if a == b:
        raise ValueError("pool_names must differ; got %r twice" % a)
    return a, b


@dataclasses.dataclass(frozen=True, eq=False)
class ReplicateStats:
    """The stored statistics of one replicate (see discrepancy.proto)."""

    replicate: int
    n: int
    pair_sums: np.ndarray
    group_names: List[str]
    group_sums: np.ndarray
    group_counts: np.ndarray
    has_groups: bool
    top_ids: List[str]
    top_groups: List[str]
    top_excess: np.ndarray
    top_outputs: np.ndarray
    excess_edges: Optional[np.ndarray]
    excess_counts: Optional[np.ndarray]
    example_d: Optional[np.ndarray]
    #: text and URI of each top example ("" for none); empty lists when none were logged
    top_texts: List[str] = dataclasses.field(default_factory=list)
    top_uris: List[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True, eq=False)
class StoredDiscrepancy:
    """A decoded DIPDI record: options, pools and one entry per replicate."""

    discrepancy: str
    pairing: str
    pool_names: Tuple[str, str]
    m_a: int
    m_b: int
    output_shape: Tuple[int, ...]
    from_logits: bool
    replicates: List[ReplicateStats]

    @property
    def model_names(self) -> List[str]:
        """``A1..A_mA, B1..B_mB`` with the pools' names."""
        a, b = self.pool_names
        return ["%s%d" % (a, i + 1) for i in range(self.m_a)] + ["%s%d" % (b, i + 1) for i in range(self.m_b)]

    def replicate_index(self, replicate: Optional[int]) -> int:
        """Position of a replicate id (None: the first); ValueError if absent."""
        if replicate is None:
            return 0
        for i, rep in enumerate(self.replicates):
            if rep.replicate == replicate:
                return i
        raise ValueError(
            "no replicate %d; replicates: %s" % (replicate, ", ".join(str(r.replicate) for r in self.replicates))
        )


def result(
    stored: StoredDiscrepancy, rep: ReplicateStats, pairing: Optional[str] = None, *, groups: bool = True
) -> DipdiResult:
    """The index and its parts of one replicate, from its sums, under
    ``pairing`` (default the logged one); with ``groups=False``, without
    the per-group values (``groups`` is then None).

    Raises
    ------
    ValueError
        For ``paired`` with odd or unequal pool sizes.
    """
    pairing = stored.pairing if pairing is None else pairing
    _check_pairing(stored.m_a, stored.m_b, pairing)
    pairs, positions = layout(stored.m_a, stored.m_b, pairing)
    return _build_result(
        rep.pair_sums, rep.n, rep.group_sums, rep.group_counts, rep.group_names,
        stored.discrepancy, pairing, stored.m_a, stored.m_b, pairs, positions, None, None,
        has_groups=rep.has_groups and groups,
    )


@functools.lru_cache(maxsize=64)  # the same for every replicate and step of a run
def layout(m_a: int, m_b: int, pairing: str) -> tuple:
    """The pairs ``pairing`` uses, and their positions among all pairs."""
    pairs = _used_pairs(m_a, m_b, pairing)
    positions = tuple(_pair_positions(p, m_a + m_b) for p in (pairs.between, pairs.within_a, pairs.within_b))
    for array in positions:
        array.setflags(write=False)
    return pairs, positions


def pair_discrepancies(stored: StoredDiscrepancy, rep: ReplicateStats) -> Optional[PairDiscrepancies]:
    """Per-example d of the logged pairing's pairs, or None when not stored."""
    if rep.example_d is None:
        return None
    pairs = _used_pairs(stored.m_a, stored.m_b, stored.pairing)
    n_ab, n_aa = len(pairs.between), len(pairs.within_a)
    d = rep.example_d
    return PairDiscrepancies(
        discrepancy=stored.discrepancy,
        pairing=stored.pairing,
        between=d[:n_ab],
        within_a=d[n_ab:n_ab + n_aa],
        within_b=d[n_ab + n_aa:],
        pairs=pairs,
    )


def encode(stored: StoredDiscrepancy) -> Any:
    """The ``Discrepancy`` payload message of `StoredDiscrepancy`."""
    message = messages.Discrepancy(
        version=messages.VERSION,
        discrepancy=stored.discrepancy,
        pairing=stored.pairing,
        m_a=stored.m_a,
        m_b=stored.m_b,
        from_logits=stored.from_logits,
    )
    message.pool_names.extend(stored.pool_names)
    message.output_shape.extend(int(d) for d in stored.output_shape)
    for rep in stored.replicates:
        out = message.replicates.add(replicate=int(rep.replicate), num_examples=int(rep.n), has_groups=rep.has_groups)
        pack(out.pair_sums, np.asarray(rep.pair_sums, dtype=np.float64))
        out.group_names.extend(rep.group_names)
        pack(out.group_sums, np.asarray(rep.group_sums, dtype=np.float64))
        pack(out.group_counts, np.asarray(rep.group_counts, dtype=np.int64))
        out.top_ids.extend(rep.top_ids)
        out.top_groups.extend(rep.top_groups)
        out.top_texts.extend(rep.top_texts)
        out.top_uris.extend(rep.top_uris)
        pack(out.top_excess, np.asarray(rep.top_excess, dtype=np.float64))
        pack(out.top_outputs, np.asarray(rep.top_outputs, dtype=np.float64))
        if rep.excess_edges is not None and rep.excess_counts is not None:
            pack(out.excess_edges, np.asarray(rep.excess_edges, dtype=np.float64))
            pack(out.excess_counts, np.asarray(rep.excess_counts, dtype=np.int64))
        if rep.example_d is not None:
            pack(out.example_d, np.asarray(rep.example_d, dtype=np.float64))
    arrays.check(array_specs(message))  # a writer stores no record a reader refuses
    return message


def describe(message: Any) -> dict[str, Any]:
    """What the ``runs`` listing says of a record (no decompression; the
    arrays' headers are checked, so a record that cannot be read is listed so)."""
    _check(message)
    _check_lists(message)
    arrays.check(array_specs(message))
    return {
        "discrepancy": message.discrepancy,
        "pairing": message.pairing,
        "pool_names": list(message.pool_names),
        "m_a": message.m_a,
        "m_b": message.m_b,
        "replicates": len(message.replicates),
    }


def _check(message: Any) -> None:
    record.check_version(message.version, "DIPDI record", messages.VERSION)
    if message.discrepancy not in DISCREPANCIES or message.pairing not in PAIRINGS:
        raise ValueError("DIPDI record has unknown options %r / %r" % (message.discrepancy, message.pairing))
    if message.m_a < 1 or message.m_b < 1 or len(message.pool_names) != 2 or not message.replicates:
        raise ValueError("DIPDI record has no pools or no replicate")
    try:  # a writer checks the pairing against the pools; a record that fails it is bad data, not a bad request
        _check_pairing(message.m_a, message.m_b, message.pairing)
    except ValueError as e:
        raise ValueError("DIPDI record's pairing: %s" % e) from None
    try:
        check_pool_names(list(message.pool_names))
        outputs = math.prod(int(d) for d in message.output_shape[:])
        for rep in message.replicates[:]:
            check_sizes(message.m_a, message.m_b, len(rep.group_names), len(rep.top_ids), outputs)
            if not REPLICATE_RANGE[0] <= rep.replicate <= REPLICATE_RANGE[1]:
                raise ValueError("replicate id %d is past 2**53 - 1 in size" % rep.replicate)
    except ValueError as e:
        raise ValueError("DIPDI record: %s" % e) from None


def array_specs(message: Any) -> list[tuple[Any, ArraySpec]]:
    """What each stored array must be, from the pools, groups, top examples
    and output shape the record declares (the one place that says so)."""
    num_models = message.m_a + message.m_b
    pairs = num_models * (num_models - 1) // 2
    out_shape = tuple(int(d) for d in message.output_shape)
    used = _used_count(message)
    specs = []
    for i, rep in enumerate(message.replicates[:]):
        at = "replicates[%d]." % i
        groups, top = len(rep.group_names), len(rep.top_ids)
        # the histogram's counts are one fewer than its edges; both or neither stored
        edges = arrays.declared_shape(rep.excess_edges)[:1] or (1,)
        specs += [
            (rep.pair_sums, ArraySpec(at + "pair_sums", np.float64, (pairs,))),
            (rep.group_sums, ArraySpec(at + "group_sums", np.float64, (groups, pairs))),
            (rep.group_counts, ArraySpec(at + "group_counts", np.int64, (groups,))),
            (rep.top_excess, ArraySpec(at + "top_excess", np.float64, (top,))),
            (rep.top_outputs, ArraySpec(at + "top_outputs", np.float64, (top, num_models) + out_shape)),
            (rep.excess_edges, ArraySpec(at + "excess_edges", np.float64, (None,), optional=True,
                                          most=HISTOGRAM_BINS + 1)),
            (rep.excess_counts, ArraySpec(at + "excess_counts", np.int64, (max(edges[0] - 1, 0),), optional=True,
                                                   beside=at + "excess_edges")),
            (rep.example_d, ArraySpec(at + "example_d", np.float64, (used, int(rep.num_examples)),
                                      optional=True, most=MAX_EXAMPLE_D)),
        ]
    return specs


def _used_count(message: Any) -> int:
    """Pairs of the logged pairing (the rows of per-example d)."""
    m_a, m_b = int(message.m_a), int(message.m_b)
    if message.pairing == "paired":  # counted, not listed: the pool sizes are not yet checked
        return m_a + 2 * (m_a // 2)
    return (m_a + m_b) * (m_a + m_b - 1) // 2


def _check_lists(message: Any) -> None:
    """What the arrays' specs do not cover: names beside their values, ids and counts."""
    ids = collections.Counter([rep.replicate for rep in message.replicates[:]])
    if len(ids) != len(message.replicates):
        again = [i for i, times in ids.items() if times > 1]
        raise ValueError("DIPDI record: replicate ids must be distinct; %s appear more than once" % preview(again))
    for i, rep in enumerate(message.replicates[:]):
        at = "DIPDI record: replicates[%d]." % i
        if rep.top_groups and len(rep.top_groups) != len(rep.top_ids):
            raise ValueError("DIPDI record: replicates[%d] has %d top groups for %d top ids"
                             % (i, len(rep.top_groups), len(rep.top_ids)))
        for what, texts in (("top_texts", rep.top_texts[:]), ("top_uris", rep.top_uris[:])):
            check_stored(texts, len(rep.top_ids), at + what)
        values.check_count(rep.num_examples, at + "num_examples")
        check_stored_names(rep.group_names[:], at + "group_names")
        check_stored_names(rep.top_groups[:], at + "top_groups")
        id_strings(rep.top_ids[:], at + "top_ids")  # the writers' one id rule
        check_unique(rep.group_names[:], at + "group_names")
        unknown = set(rep.top_groups[:]) - set(rep.group_names[:])
        if unknown:
            raise ValueError("%stop_groups names %s, not in its group_names" % (at, preview(sorted(unknown))))


def _check_values(message: Any, found: dict[str, Any]) -> None:
    """What each replicate's sums and counts hold (``found``: its arrays read): every kind of d is
    non-negative, groups count every example once, and the histogram counts every example once."""
    if _values_sound(message, found):  # the usual record, in a few calls; else the loop names what is wrong
        return
    for i, rep in enumerate(message.replicates[:]):
        at, n = "replicates[%d]." % i, rep.num_examples
        for name in ("pair_sums", "group_sums", "example_d"):
            if found[at + name] is not None:
                values.check_not_negative(found[at + name], "DIPDI record: " + at + name, "a discrepancy")
        counts = values.check_counts(found[at + "group_counts"], "DIPDI record: %sgroup_counts" % at)
        if rep.has_groups and sum(counts.tolist()) != n:
            raise ValueError("DIPDI record: %sgroup_counts add up to %d, not its num_examples %d"
                             % (at, sum(counts.tolist()), n))
        edges, hist = found[at + "excess_edges"], found[at + "excess_counts"]
        if (edges is None) != (hist is None):
            raise ValueError("DIPDI record: %sexcess_edges and excess_counts must be stored together" % at)
        if edges is not None:
            values.check_rising(edges, "DIPDI record: %sexcess_edges" % at)
            if sum(values.check_counts(hist, "DIPDI record: %sexcess_counts" % at).tolist()) != n:
                raise ValueError("DIPDI record: %sexcess_counts add up to %d, not its num_examples %d"
                                 % (at, sum(hist.tolist()), n))


def _values_sound(message: Any, found: dict[str, Any]) -> bool:
    """`_check_values`' rules over every replicate at once (an across-steps
    route checks every step's replicates): True if all hold."""
    ats = ["replicates[%d]." % i for i in range(len(message.replicates))]
    d = [found[at + name].ravel() for at in ats for name in ("pair_sums", "group_sums", "example_d")
         if found[at + name] is not None]
    if d and not (np.concatenate(d) >= 0).all():
        return False
    counts = [found[at + "group_counts"] for at in ats] + [found[at + "excess_counts"] for at in ats
                                                           if found[at + "excess_counts"] is not None]
    joined = np.concatenate(counts) if counts else np.zeros(0, np.int64)
    if joined.size and (joined.min() < 0 or joined.max() > values.MAX_COUNT):
        return False
    for at, rep in zip(ats, message.replicates[:]):
        n, hist = rep.num_examples, found[at + "excess_counts"]
        if (rep.has_groups and sum(found[at + "group_counts"].tolist()) != n) or (
                hist is not None and sum(hist.tolist()) != n) or ((hist is None) != (found[at + "excess_edges"] is None)):
            return False
    edges = [found[at + "excess_edges"] for at in ats if found[at + "excess_edges"] is not None]
    if edges and len({e.shape for e in edges}) == 1:
        stacked = np.stack(edges)
        return bool(np.isfinite(stacked).all() and (np.diff(stacked, axis=1) > 0).all())
    return not edges


#: What ``discrepancy_steps`` reads of a record: the pairs' sums (and
#: per-example d, for the bootstrap), not the groups, the top examples or
#: the histogram.
_STEPS_ARRAYS = ("pair_sums", "example_d")
#: The arrays whose values every decode checks (`_check_values`), whatever it
#: keeps: small beside the top examples' outputs, which are not checked.
_CHECKED_ARRAYS = ("pair_sums", "group_sums", "group_counts", "excess_edges", "excess_counts", "example_d")


def decode(message: Any, wanted: Optional[Tuple[str, ...]] = None) -> StoredDiscrepancy:
    """The statistics in a payload message (with ``wanted``, only those
    arrays of each replicate, and no group names or top examples; the
    others are empty).

    Raises
    ------
    ValueError
        If the message is not a DIPDI record this build can read.
    """
    _check(message)
    _check_lists(message)
    specs = array_specs(message)
    names = ["replicates[%d].%s" % (i, name) for i in range(len(message.replicates)) for name in _CHECKED_ARRAYS]
    read = arrays.read(specs, None if wanted is None else set(names) | {
        "replicates[%d].%s" % (i, name) for i in range(len(message.replicates)) for name in wanted})
    _check_values(message, read)
    if wanted is not None:  # checked on every route, kept only where wanted
        read = {k: v for k, v in read.items() if k.rpartition(".")[2] in wanted}
    found = collections.defaultdict(_empty, read)
    replicates = []
    for i, rep in enumerate(message.replicates[:]):
        at = "replicates[%d]." % i
        example_d = found[at + "example_d"]
        replicates.append(
            ReplicateStats(
                replicate=int(rep.replicate),
                n=int(rep.num_examples),
                pair_sums=found[at + "pair_sums"],
                group_names=rep.group_names[:] if wanted is None else [],
                group_sums=found[at + "group_sums"],
                group_counts=found[at + "group_counts"],
                has_groups=bool(rep.has_groups),
                top_ids=rep.top_ids[:] if wanted is None else [],
                top_groups=rep.top_groups[:] if wanted is None else [],
                top_excess=found[at + "top_excess"],
                top_outputs=found[at + "top_outputs"],
                excess_edges=found[at + "excess_edges"],
                excess_counts=found[at + "excess_counts"],
                example_d=example_d,
                top_texts=rep.top_texts[:] if wanted is None else [],
                top_uris=rep.top_uris[:] if wanted is None else [],
            )
        )
    a, b = message.pool_names
    return StoredDiscrepancy(
        discrepancy=message.discrepancy,
        pairing=message.pairing,
        pool_names=(a, b),
        m_a=int(message.m_a),
        m_b=int(message.m_b),
        output_shape=tuple(int(d) for d in message.output_shape),
        from_logits=bool(message.from_logits),
        replicates=replicates,
    )


#: Every array a partial decode leaves out (one shared: it holds nothing to change).
_EMPTY = np.zeros(0)


def _empty() -> np.ndarray:
    return _EMPTY


def decode_steps(message: Any) -> StoredDiscrepancy:
    """What ``discrepancy_steps`` serves of a record (`decode` of `_STEPS_ARRAYS`)."""
    return decode(message, _STEPS_ARRAYS)


#: Parts of a record the across-steps route reads (see Measure.decode_part).
PARTS = {"steps": decode_steps}


def nbytes(stored: StoredDiscrepancy) -> int:
    """Approximate memory of a decoded record, for the cache budget: every array and name."""
    return arrays.footprint(stored)
