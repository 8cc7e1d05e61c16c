"""DIPDI, the demographically-informed prediction discrepancy index (NumPy only).

Two pools of otherwise identical models are trained on different demographic
groups; on one unlabeled set, DIPDI compares how much models from different
pools disagree with how much models of the same pool disagree. The math, the
corrections to the published formulas that this module applies and the
undefined cases are described in ``docs/measures/discrepancy.md``.

Everything here works in chunks of examples, so the memory used grows with the
number of examples only through the per-example outputs that are returned.
"""

from __future__ import annotations

import functools
import math
import warnings
from dataclasses import dataclass, field
from typing import Any, Dict, List, NamedTuple, NoReturn, Optional, Sequence, Tuple

import numpy as np

from tb_bias_plugin.core.example_ids import check_ids
from tb_bias_plugin.core.validation import (
    ProbabilityRowError,
    check_flag,
    check_labels,
    check_probability_rows,
    host_values,
    probability_sum_tolerance,
    source_dtype_name,
)

__all__ = [
    "DEFAULT_PAIRING",
    "DISCREPANCIES",
    "PAIRINGS",
    "ClassProbabilitiesWarning",
    "DipdiResult",
    "GroupDipdi",
    "PairDiscrepancies",
    "TopExamples",
    "UsedPairs",
    "dipdi",
    "pair_discrepancies",
]

DISCREPANCIES = ("abs", "sq", "jsd", "js_distance")
PAIRINGS = ("paired", "all_pairs")
#: The published estimator's pairing, used where none is given.
DEFAULT_PAIRING = "paired"

_PROBABILITY_KINDS = ("jsd", "js_distance")
_LN2 = math.log(2.0)
# Elements of the largest temporary buffer ([models - 1, outputs, examples]):
# small enough to stay in cache, large enough that the Python loop over the
# models (one vectorised pass per model over all its partners) costs little.
_CHUNK_ELEMENTS = 1 << 17
# Examples per model looked at to tell class probabilities scored with the default discrepancy.
_LOOKED_AT = 1024


# --------------------------------------------------------------------------
# Result types


class GroupDipdi(NamedTuple):
    """DIPDI restricted to the examples of one group.

    ``between``, ``within_a`` and ``within_b`` are the mean average
    discrepancies N over the used pairs of each kind, on this group only;
    ``dipdi``, ``n`` and ``reason`` are as in `DipdiResult`.

    See Also
    --------
    dipdi : computes one per group label (``groups=``).
    DipdiResult : the index over every example, which holds these.

    References
    ----------
    .. [1] L. Mansilla, E. Claucich, R. Echeveste, D. H. Milone, E. Ferrante,
       "Demographically-Informed Prediction Discrepancy Index: Early Warnings
       of Demographic Biases for Unlabeled Populations", TMLR, 2024.
    .. [2] ``docs/measures/discrepancy.md``, "Definitions".

    Examples
    --------
    >>> r = dipdi([[10, 20, 30, 40], [12, 18, 33, 40]], [[15, 25, 28, 50], [14, 22, 35, 47]],
    ...           groups=["M", "M", "F", "F"])
    >>> women = r.groups["F"]
    >>> women.n, round(women.dipdi, 6), women.between, women.within_a, women.within_b
    (2, 1.280934, 5.25, 1.5, 5.0)
    """

    dipdi: float
    n: int
    reason: Optional[str]
    between: float
    within_a: float
    within_b: float


@dataclass(frozen=True, eq=False)
class UsedPairs:
    """Model pairs entering DIPDI, as indices into the combined model list.

    Models are numbered pool A first (``0 .. m_a-1``), then pool B
    (``m_a .. m_a+m_b-1``); every pair is ``(i, j)`` with ``i < j``.
    """

    between: Tuple[Tuple[int, int], ...]
    within_a: Tuple[Tuple[int, int], ...]
    within_b: Tuple[Tuple[int, int], ...]

    def mask(self, num_models: int) -> np.ndarray:
        """Symmetric boolean ``[num_models, num_models]`` matrix of the used pairs."""
        out = np.zeros((num_models, num_models), dtype=bool)
        for i, j in self.between + self.within_a + self.within_b:
            out[i, j] = out[j, i] = True
        return out


@dataclass(frozen=True, eq=False)
class TopExamples:
    """The examples with the largest excess discrepancy, largest first.

    ``outputs[k]`` holds every model's input row for example ``k`` (pool A
    first, then pool B), exactly as given (logits stay logits). ``texts``
    and ``uris`` are the examples' logged text and URI ("" where none;
    core/example_text.py), empty lists when none were given.
    """

    example_ids: np.ndarray
    groups: Optional[np.ndarray]
    excess_discrepancy: np.ndarray
    outputs: np.ndarray
    texts: List[str] = field(default_factory=list)
    uris: List[str] = field(default_factory=list)


@dataclass(frozen=True, eq=False)
class DipdiResult:
    """Everything :func:`dipdi` computes.

    Attributes
    ----------
    dipdi : float
        The index in natural-log units; NaN when undefined (see ``reason``).
    reason : str or None
        Why ``dipdi`` is NaN: ``"single_model"``, ``"empty"``,
        ``"zero_within_a"``, ``"zero_within_b"``, ``"zero_between"`` or
        ``"nonfinite"``; None when it is defined.
    n : int
        Number of examples.
    between, within_a, within_b : float
        Mean of the average discrepancy N over the used pairs of each kind
        (NaN when a pool has no within pair).
    pair_matrix : ndarray, shape (m_a + m_b, m_a + m_b)
        N for every pair of models, pool A first; zero on the diagonal.
    pairs : UsedPairs
        Which entries of ``pair_matrix`` the pairing uses.
    groups : dict or None
        Group label -> :class:`GroupDipdi`, labels sorted; None without groups.
    excess_discrepancy : ndarray, shape (n,), or None
        Per-example excess discrepancy e_k in the units of d; None when the
        result comes from a streaming accumulator.
    discrepancy, pairing : str
        The options used.
    m_a, m_b : int
        Pool sizes.
    top_examples : TopExamples or None
        Only from an accumulator created with ``top_k > 0``.

    See Also
    --------
    dipdi : computes it from two pools of predictions.
    DipdiAccumulator.result : the same over batches (without ``excess_discrepancy``).
    GroupDipdi : the index on one group's examples.

    References
    ----------
    .. [1] L. Mansilla, E. Claucich, R. Echeveste, D. H. Milone, E. Ferrante,
       "Demographically-Informed Prediction Discrepancy Index: Early Warnings
       of Demographic Biases for Unlabeled Populations", TMLR, 2024.
    .. [2] ``docs/measures/discrepancy.md``, "Definitions" and "When the
       index is undefined".

    Examples
    --------
    >>> r = dipdi([[10, 20, 30, 40], [12, 18, 33, 40]], [[15, 25, 28, 50], [14, 22, 35, 47]])
    >>> round(r.dipdi, 6), r.reason, r.n, (r.m_a, r.m_b), r.pairing
    (1.214125, None, 4, (2, 2), 'paired')
    >>> r.pairs.between
    ((0, 2), (1, 3))
    """

    dipdi: float
    reason: Optional[str]
    n: int
    between: float
    within_a: float
    within_b: float
    pair_matrix: np.ndarray
    pairs: UsedPairs
    groups: Optional[Dict[Any, GroupDipdi]]
    excess_discrepancy: Optional[np.ndarray]
    discrepancy: str
    pairing: str
    m_a: int
    m_b: int
    top_examples: Optional[TopExamples] = None

    @property
    def dipdi_bits(self) -> float:
        """The index in bits (``dipdi / ln 2``)."""
        return self.dipdi / _LN2


@dataclass(frozen=True, eq=False)
class PairDiscrepancies:
    """Per-example discrepancy d of every used pair (for the bootstrap).

    ``between[p]`` is d over the examples for pair ``pairs.between[p]``, and
    likewise for ``within_a`` and ``within_b``. For ``js_distance`` these are
    JSD values; N is the square root of their mean.
    """

    discrepancy: str
    pairing: str
    between: np.ndarray
    within_a: np.ndarray
    within_b: np.ndarray
    pairs: UsedPairs

    @property
    def n(self) -> int:
        return int(self.between.shape[1])


# --------------------------------------------------------------------------
# Options and validation


class ClassProbabilitiesWarning(UserWarning):
    """Pools whose rows look like class probabilities, scored with the default
    discrepancy ``"abs"`` because none was given.

    The discrepancy is never guessed from the values: ``"abs"`` on class
    probabilities is a valid number (the mean |a - b| over classes) but not
    the paper's measure for classifiers. Given when either pool has several
    outputs per example and its first 1,024 examples each hold non-negative
    outputs summing to 1; ``discrepancy="jsd"`` (or ``"abs"``, to keep it)
    says which is meant, and silences it.

    Attributes
    ----------
    pool : str
        The pool whose rows look so, ``"pool_a"`` or ``"pool_b"`` (pool A's
        when both do).
    outputs : int
        Its outputs per example.

    See Also
    --------
    dipdi : where it is given (and every writer of DIPDI records).

    References
    ----------
    .. [1] ``docs/measures/discrepancy.md``, "Definitions" (the discrepancy functions).

    Examples
    --------
    >>> import warnings
    >>> from tb_bias_plugin import ClassProbabilitiesWarning, dipdi
    >>> a = [[[0.9, 0.1], [0.2, 0.8]], [[0.8, 0.2], [0.3, 0.7]]]
    >>> b = [[[0.6, 0.4], [0.5, 0.5]], [[0.7, 0.3], [0.4, 0.6]]]
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     scored = dipdi(a, b)
    >>> [(w.category.__name__, w.message.pool, w.message.outputs) for w in caught]
    [('ClassProbabilitiesWarning', 'pool_a', 2)]
    >>> dipdi(a, b, discrepancy="jsd").discrepancy
    'jsd'
    """

    def __init__(self, pool: str, outputs: int):
        self.pool, self.outputs = pool, outputs
        super().__init__(
            f"{pool}'s rows look like class probabilities (each example's {outputs} outputs are non-negative and "
            f"sum to 1), but no discrepancy was given: they are scored with the default 'abs', the mean |a - b| "
            f"over {outputs} regression outputs. Pass discrepancy='jsd' for a classifier's probabilities (as the "
            f"paper scores them), or discrepancy='abs' to keep this and not be warned")


def default_discrepancy(discrepancy: str | None, from_logits: bool) -> str:
    """The discrepancy used when none is given: ``"jsd"`` for logits (of classes), else ``"abs"``. It is never
    guessed from the values; `_warn_if_class_probabilities` says when they look like the other kind."""
    if discrepancy is not None:
        return discrepancy
    return "jsd" if from_logits is True else "abs"


def _check_options(discrepancy: str | None, pairing: str, from_logits: bool) -> str:
    """The options checked; the discrepancy to use (`default_discrepancy` where none is given)."""
    check_flag(from_logits, "from_logits")
    discrepancy = default_discrepancy(discrepancy, from_logits)
    if discrepancy not in DISCREPANCIES:
        raise ValueError(
            f"unknown discrepancy {discrepancy!r}; expected one of {', '.join(DISCREPANCIES)}"
        )
    if pairing not in PAIRINGS:
        raise ValueError(f"unknown pairing {pairing!r}; expected one of {', '.join(PAIRINGS)}")
    if from_logits and discrepancy not in _PROBABILITY_KINDS:
        raise ValueError(
            f"from_logits=True needs a probability discrepancy (jsd or js_distance), "
            f"not {discrepancy!r}"
        )
    return discrepancy


def _check_pairing(m_a: int, m_b: int, pairing: str, hint: str = "", *, option: str = "pairing={!r}") -> None:
    """Pools the pairing can pair; ``option``: how the caller's user gives a pairing (the command line's
    ``--pairing {}``), for the error's advice."""
    if pairing == "paired" and (m_a != m_b or m_a % 2):
        raise ValueError(
            f"{option.format('paired')} needs two pools of the same even size, got m_a={m_a} and "
            f"m_b={m_b}; use {option.format('all_pairs')} for odd or unequal pool sizes" + hint
        )


_TRANSPOSED = "a pool is [models, examples, ...]: were they transposed?"


def _transposed_hint(a: np.ndarray, b: np.ndarray) -> str:
    """For an error about pools that hold more models than examples (pools given as [examples, models]
    fail the pairing or example-count check first, before the warning of `dipdi` could say so)."""
    if min(a.shape[0], b.shape[0]) > max(a.shape[1], b.shape[1]):
        return f" (the pools hold more models, {a.shape[0]} and {b.shape[0]}, than examples; {_TRANSPOSED})"
    return ""


def _as_pool(x: Any, name: str) -> np.ndarray:
    try:
        arr = np.asarray(host_values(x))
    except ValueError:  # NumPy's "inhomogeneous shape": models or examples of different lengths
        raise ValueError(f"{name} is ragged: every model needs a prediction of one shape for every example") from None
    if arr.dtype == bool or np.issubdtype(arr.dtype, np.integer):
        arr = arr.astype(np.float64)
    if not np.issubdtype(arr.dtype, np.floating):
        raise ValueError(f"{name} must hold real numbers, got dtype {arr.dtype}")
    return arr


def _row_chunk(n_outputs: int, num_models: int = 1) -> int:
    """Examples per chunk so that a [num_models, n_outputs, rows] buffer fits."""
    return max(1, _CHUNK_ELEMENTS // (max(1, n_outputs) * max(1, num_models)))


class InvalidPrediction(NamedTuple):
    """The first invalid prediction of a pool: where it is and what is wrong."""

    model: int
    example: int
    problem: str
    value: Optional[float]
    not_a_probability: bool = False  # finite but not a probability: logits would pass with from_logits

    def shown_value(self) -> str:
        """``: value``, or "" for none."""
        return "" if self.value is None else ": %r" % self.value

    def say(self) -> str:
        """``problem`` and, if any, ``: value``."""
        return self.problem + self.shown_value()


def first_invalid(arr: np.ndarray, discrepancy: str, from_logits: bool,
                  tol: Optional[float] = None) -> Optional[InvalidPrediction]:
    """The first non-finite value or invalid probability row of a pool ``[m, n, ...]``, or None; rows sum
    to 1 within ``tol`` (by default the tolerance of ``arr``'s dtype)."""
    is_prob = discrepancy in _PROBABILITY_KINDS and not from_logits
    n = arr.shape[1]
    step = _row_chunk(int(np.prod(arr.shape[2:], dtype=np.int64)) * arr.shape[0])
    for start in range(0, n, step):
        block = arr[:, start:start + step]
        found, problem = np.argwhere(~np.isfinite(block)), "a non-finite prediction"
        if not found.size and is_prob:
            found, problem = np.argwhere((block < 0) | (block > 1)), "a probability outside [0, 1]"
        if found.size:
            at = tuple(found[0])
            return InvalidPrediction(int(at[0]), start + int(at[1]), problem, float(block[at]),
                                     problem != "a non-finite prediction")
        if is_prob and arr.ndim > 2:
            try:
                check_probability_rows(block, "pool", tol=tol)
            except ProbabilityRowError as e:
                return InvalidPrediction(e.row[0], start + e.row[1], e.problem, None, True)
    return None


def _validate_values(arr: np.ndarray, name: str, discrepancy: str, from_logits: bool, tol: float) -> None:
    """Reject non-finite values and invalid probability rows, naming the first."""
    bad = first_invalid(arr, discrepancy, from_logits, tol)
    if bad is not None:
        hint = "; for logits pass from_logits=True" if bad.not_a_probability else ""
        raise ValueError(f"{name} has {bad.problem} (model {bad.model}, example {bad.example}){bad.shown_value()}"
                         + hint)


def _validate_pools(pool_a: Any, pool_b: Any, discrepancy: str, from_logits: bool, defaulted: bool = False):
    """Shape checks shared by the one-shot function and the accumulator: both pools as arrays, and how far
    their probability rows may sum from 1 (the less precise pool's tolerance, from the dtype the model
    computed in: a PyTorch bfloat16 pool arrives widened to float32). ``defaulted``: the discrepancy was not
    given, so pools that look like class probabilities are warned of."""
    tol = max(probability_sum_tolerance(source_dtype_name(pool)) for pool in (pool_a, pool_b))
    a = _as_pool(pool_a, "pool_a")
    b = _as_pool(pool_b, "pool_b")
    if discrepancy in _PROBABILITY_KINDS:
        layout = "[m, n] (binary probability of the positive class) or [m, n, C] (class probabilities)"
        if from_logits:
            layout = "[m, n] (binary logit) or [m, n, C] (class logits)"
    else:
        layout = "[m, n] or [m, n, t] (t regression outputs)"
    for arr, name in ((a, "pool_a"), (b, "pool_b")):
        if arr.ndim not in (2, 3):
            raise ValueError(f"{name} must have shape {layout}; got ndim={arr.ndim} {arr.shape}")
        if arr.shape[0] == 0:
            raise ValueError(f"{name} holds no model (shape {arr.shape})")
        if arr.ndim == 3 and arr.shape[2] == 0:
            raise ValueError(f"{name} has no outputs per example (shape {arr.shape})")
        if arr.ndim == 3 and discrepancy in _PROBABILITY_KINDS and arr.shape[2] == 1:
            raise ValueError(
                f"{name} has a single class column (shape {arr.shape}); pass a binary "
                f"probability as shape [m, n]"
            )
    if a.shape[1] != b.shape[1]:
        raise ValueError(
            f"pool_a and pool_b must score the same examples: pool_a has {a.shape[1]} "
            f"examples, pool_b has {b.shape[1]}" + (_transposed_hint(a, b) if a.shape[0] == b.shape[0] else "")
        )
    if a.shape[2:] != b.shape[2:]:
        raise ValueError(
            f"pool_a and pool_b must have the same per-example output shape: "
            f"{a.shape[2:]} vs {b.shape[2:]}"
        )
    if defaulted and discrepancy == "abs":
        _warn_if_class_probabilities(a, "pool_a") or _warn_if_class_probabilities(b, "pool_b")
    # values are checked chunk by chunk as they are used (_Kernel.chunk), in
    # the same pass that computes d; _explain_values names the first bad one
    return a, b, tol


def _warn_if_class_probabilities(arr: np.ndarray, name: str) -> bool:
    """A `ClassProbabilitiesWarning` when a pool's first examples each hold several non-negative outputs summing
    to 1: scored as regression outputs (the default "abs") though the paper scores classifiers with the JSD. A
    pool of ``[m, n]`` is not warned of: one output in [0, 1] is as often a regression target. Whether it warned."""
    if arr.ndim != 3 or arr.shape[1] == 0:
        return False
    head = np.asarray(arr[:, :_LOOKED_AT], dtype=np.float64)
    with np.errstate(invalid="ignore"):
        looks = bool(np.all(head >= 0)) and bool(np.all(np.abs(head.sum(axis=2) - 1.0) <= 1e-3))
    if looks:
        warnings.warn(ClassProbabilitiesWarning(name, int(arr.shape[2])), stacklevel=4)
    return looks


def _explain_values(
    a: np.ndarray, b: np.ndarray, discrepancy: str, from_logits: bool, tol: float
) -> NoReturn:
    """Raise the ValueError naming the first invalid value of either pool."""
    _validate_values(a, "pool_a", discrepancy, from_logits, tol)
    _validate_values(b, "pool_b", discrepancy, from_logits, tol)
    raise ValueError("pool_a or pool_b holds an invalid value")  # not reached


def _validate_groups(groups: Any, n: int) -> Optional[np.ndarray]:
    """``groups`` as n labels, all strings or all integers (`check_labels`); None for none."""
    return None if groups is None else check_labels(groups, "groups", n)


def _validate_ids(example_ids: Any, n: int) -> Optional[np.ndarray]:
    """``example_ids`` checked by the one id rule (`core.example_ids`): an integer array as given, else the ids'
    text (a record stores the text of the top examples'); None for none."""
    checked = check_ids(example_ids, n)
    return checked if checked is None or isinstance(checked, np.ndarray) else np.array(checked, dtype=object)


# --------------------------------------------------------------------------
# Pair bookkeeping


@functools.lru_cache(maxsize=64)  # pure in small ints: every step of a run asks again
def _used_pairs(m_a: int, m_b: int, pairing: str) -> UsedPairs:
    if pairing == "paired":
        h = m_a // 2
        between = tuple((i, m_a + i) for i in range(m_a))
        within_a = tuple((i, i + h) for i in range(h))
        within_b = tuple((m_a + i, m_a + i + h) for i in range(h))
    else:
        between = tuple((i, m_a + j) for i in range(m_a) for j in range(m_b))
        within_a = tuple((i, j) for i in range(m_a) for j in range(i + 1, m_a))
        within_b = tuple((m_a + i, m_a + j) for i in range(m_b) for j in range(i + 1, m_b))
    return UsedPairs(between, within_a, within_b)


@functools.lru_cache(maxsize=64)
def _all_pairs(num_models: int) -> Tuple[np.ndarray, np.ndarray]:
    pi, pj = (a.astype(np.intp) for a in np.triu_indices(num_models, k=1))
    pi.setflags(write=False)  # shared by every caller
    pj.setflags(write=False)
    return pi, pj


def _pair_positions(pairs: Sequence[Tuple[int, int]], num_models: int) -> np.ndarray:
    """Positions of (i, j) pairs in the row-major upper-triangle ordering."""
    pos = [i * num_models - i * (i + 1) // 2 + (j - i - 1) for i, j in pairs]
    return np.asarray(pos, dtype=np.intp)


# --------------------------------------------------------------------------
# Per-example discrepancies


class _Kernel:
    """Turns a chunk of both pools' outputs into per-example d for model pairs.

    Work is vectorised over all partners of one model at a time, so the Python
    loop runs once per model and chunk, never per pair or per example. For the
    Jensen-Shannon divergence each model's entropy is computed once per chunk
    and each pair costs a single logarithm per class and example (see
    :meth:`_jsd_rows`).
    """

    def __init__(
        self,
        discrepancy: str,
        from_logits: bool,
        trailing: Tuple[int, ...],
        num_models: int,
        pi: np.ndarray,
        pj: np.ndarray,
    ):
        self.discrepancy = discrepancy
        self.from_logits = from_logits
        self.is_prob = discrepancy in _PROBABILITY_KINDS
        self.binary = len(trailing) == 0
        if self.is_prob:
            self.width = 2 if self.binary else trailing[0]
        else:
            self.width = 1 if self.binary else trailing[0]
        self.num_models = num_models
        self.num_pairs = len(pi)
        self.plan = _pair_plan(pi, pj)
        widest = max((_length(js, num_models) for _, _, js in self.plan), default=1)
        self.rows = _row_chunk(self.width, widest)

    def chunk(self, a: np.ndarray, b: np.ndarray, start: int, stop: int, tol: float) -> Optional[np.ndarray]:
        """d for every planned pair on examples ``start:stop``: ``[pairs, k]``; probability rows sum to 1
        within ``tol``.

        Returns None when a value is invalid (non-finite, or not a
        probability); the caller then explains it with :func:`_validate_values`.
        """
        prep = self._prepare(a[:, start:stop], b[:, start:stop], tol)
        if prep is None:
            return None
        out = np.empty((self.num_pairs, stop - start), dtype=np.float64)
        if self.is_prob:
            self._jsd_rows(prep[0], prep[1], out)
        else:
            self._diff_rows(prep[0], out)
        return out

    def _prepare(self, xa: np.ndarray, xb: np.ndarray, tol: float):
        """Check the values and bring both pools into one float64 array.

        Probabilities come out class-major, ``[M, C, k]``, so that sums over
        classes add contiguous rows; with them the negative entropy ``[M, k]``.
        """
        m_a = xa.shape[0]
        for x in (xa, xb):
            if x.size == 0:
                continue
            lo, hi = x.min(), x.max()  # NaN propagates through both
            if not (np.isfinite(lo) and np.isfinite(hi)):
                return None
            if self.is_prob and not self.from_logits and (lo < 0 or hi > 1):
                return None
        k = xa.shape[1]
        if not self.is_prob:
            stacked = np.empty((self.num_models,) + xa.shape[1:], dtype=np.float64)
            stacked[:m_a] = xa
            stacked[m_a:] = xb
            return (stacked,)
        p = np.empty((self.num_models, self.width, k), dtype=np.float64)
        if self.binary:
            for x, part in ((xa, p[:m_a]), (xb, p[m_a:])):
                if self.from_logits:
                    part[:, 1] = _sigmoid(x)
                    part[:, 0] = _sigmoid(-x)
                else:
                    part[:, 1] = x
                    np.subtract(1.0, x, out=part[:, 0])
        else:
            for x, part in ((xa, p[:m_a]), (xb, p[m_a:])):
                xt = x.transpose(0, 2, 1)
                if self.from_logits:
                    np.subtract(xt, x.max(axis=-1)[:, None, :], out=part)
                    np.exp(part, out=part)
                    total = part.sum(axis=1, keepdims=True)
                else:
                    try:
                        total = check_probability_rows(x, "pool", tol=tol)[:, None, :]
                    except ProbabilityRowError:
                        return None
                    part[...] = xt
                # rows may be off by up to the tolerance; normalise as scipy does
                np.divide(part, total, out=part)
        return p, _neg_entropy(p)

    def _diff_rows(self, x: np.ndarray, out: np.ndarray) -> None:
        square = self.discrepancy == "sq"
        for i, rows, js in self.plan:
            d = np.subtract(x[i], x[js])
            if square:
                np.square(d, out=d)
            else:
                np.abs(d, out=d)
            if d.ndim == 3:  # [partners, k, t]: mean over the t outputs
                # into out itself: out[rows] of an index array (pairs not in a run) is a copy
                out[rows] = d.mean(axis=-1)
            else:
                out[rows] = d

    def _jsd_rows(self, p: np.ndarray, g: np.ndarray, out: np.ndarray) -> None:
        # JSD = H(mix) - (H(p) + H(q)) / 2 with H = -g. Writing s = p + q,
        # g(mix) = g(s)/2 - ln 2 (rows sum to 1), so a pair costs one log per
        # element; g of each model was computed once in _prepare().
        with np.errstate(divide="ignore", invalid="ignore"):
            for i, rows, js in self.plan:
                s = np.add(p[i], p[js])  # [partners, C, k]
                t = np.log(s)
                np.multiply(t, s, out=t)
                gs = np.add.reduce(t, axis=1)  # [partners, k]
                bad = np.isnan(gs)
                if bad.any():  # 0 * log 0: recompute those examples treating it as 0
                    r, c = np.nonzero(bad)
                    v = s[r, :, c]
                    gs[r, c] = np.sum(v * np.log(np.where(v > 0, v, 1.0)), axis=-1)
                # d = ((g_i + g_j)/2 - g(s)/2 + ln 2) / ln 2, in bits
                d = np.add(g[i], g[js])
                d -= gs
                d *= 0.5 / _LN2
                d += 1.0
                np.maximum(d, 0.0, out=d)  # round-off can go slightly negative
                small = d < 1e-12
                if small.any():
                    # identical rows must give exactly 0, not round-off
                    r, c = np.nonzero(small)
                    partner = p[js][r, :, c]
                    same = (p[i][:, c].T == partner).all(axis=-1)
                    d[r[same], c[same]] = 0.0
                out[rows] = d


def _pair_plan(pi: np.ndarray, pj: np.ndarray):
    """Group pairs by their first model: [(i, output rows, partners j)].

    Rows and partners are slices when contiguous (as for all pairs in
    row-major order), so no gather copy is made.
    """
    plan = []
    for i in np.unique(pi):
        rows = np.flatnonzero(pi == i)
        plan.append((int(i), _as_slice(rows), _as_slice(pj[rows])))
    return plan


def _as_slice(idx: np.ndarray):
    if idx.size and np.all(np.diff(idx) == 1):
        return slice(int(idx[0]), int(idx[-1]) + 1)
    return idx


def _length(idx, num_models: int) -> int:
    return len(range(num_models)[idx]) if isinstance(idx, slice) else len(idx)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def _neg_entropy(p: np.ndarray) -> np.ndarray:
    """sum_c p_c ln p_c over axis 1 of a class-major [M, C, k] array, 0 ln 0 = 0."""
    with np.errstate(divide="ignore"):
        logs = np.log(p)
    logs[p == 0] = 0.0
    logs *= p
    return np.add.reduce(logs, axis=1)


# --------------------------------------------------------------------------
# Index from sums


def _log_index(
    n_between: np.ndarray, n_within_a: np.ndarray, n_within_b: np.ndarray
) -> Tuple[float, Optional[str]]:
    """2 mean ln N_AB - mean ln N_AA - mean ln N_BB, or NaN with a reason."""
    if n_within_a.size == 0 or n_within_b.size == 0:
        return math.nan, "single_model"
    for values, reason in (
        (n_within_a, "zero_within_a"),
        (n_within_b, "zero_within_b"),
        (n_between, "zero_between"),
    ):
        # array methods, not np.all / np.mean: these arrays hold a few pairs,
        # and an across-steps request computes this for every replicate of every step
        if not np.isfinite(values).all():
            return math.nan, "nonfinite"
        if (values <= 0).any():
            return math.nan, reason
    value = 2.0 * np.log(n_between).mean() - np.log(n_within_a).mean() - np.log(n_within_b).mean()
    return float(value), None


def _mean_or_nan(values: np.ndarray) -> float:
    return float(values.mean()) if values.size else math.nan


def _summarise(sums: np.ndarray, count: int, discrepancy: str, positions) -> Tuple:
    """Pair sums -> (dipdi, reason, between, within_a, within_b, N per pair)."""
    if count == 0:
        nan = math.nan
        return nan, "empty", nan, nan, nan, np.full(sums.shape, np.nan)
    big_n = sums / count
    if discrepancy == "js_distance":
        big_n = np.sqrt(big_n)
    pos_ab, pos_aa, pos_bb = positions
    value, reason = _log_index(big_n[pos_ab], big_n[pos_aa], big_n[pos_bb])
    return (
        value,
        reason,
        _mean_or_nan(big_n[pos_ab]),
        _mean_or_nan(big_n[pos_aa]),
        _mean_or_nan(big_n[pos_bb]),
        big_n,
    )


def summarise_many(sums: np.ndarray, counts: np.ndarray, discrepancy: str, positions) -> Tuple[np.ndarray, Tuple]:
    """`_summarise` over the leading axes of ``[..., pairs]`` sums and ``[...]``
    counts at once (an across-steps request summarises every replicate of
    every step): the index and the three mean discrepancies, each an array
    holding the same numbers as `_summarise` (NaN where it has a reason)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        big_n = sums / counts[..., None]
        if discrepancy == "js_distance":
            big_n = np.sqrt(big_n)
        # C order, so that each row is summed as `_summarise` sums its 1-D part (a fancy-indexed
        # copy may be laid out otherwise, and summed in another order)
        parts = tuple(np.ascontiguousarray(big_n[..., pos]) for pos in positions)
        empty = counts == 0
        means = tuple(
            np.where(empty, np.nan, p.mean(axis=-1)) if p.shape[-1] else np.full(counts.shape, np.nan) for p in parts
        )
        if parts[1].shape[-1] == 0 or parts[2].shape[-1] == 0:
            return np.full(counts.shape, np.nan), means
        between, within_a, within_b = parts
        value = 2.0 * np.log(between).mean(axis=-1) - np.log(within_a).mean(axis=-1) - np.log(within_b).mean(axis=-1)
        defined = ~empty
        for p in parts:
            defined &= (np.isfinite(p) & (p > 0)).all(axis=-1)
    return np.where(defined, value, np.nan), means


def _pair_matrix(per_pair: np.ndarray, num_models: int) -> np.ndarray:
    mat = np.zeros((num_models, num_models), dtype=np.float64)
    pi, pj = _all_pairs(num_models)
    mat[pi, pj] = per_pair
    mat[pj, pi] = per_pair
    return mat


def _excess(d_all: np.ndarray, positions) -> np.ndarray:
    """e_k = mean between d - mean of the available within-pool means of d."""
    pos_ab, pos_aa, pos_bb = positions
    e = d_all[pos_ab].mean(axis=0)
    withins = [d_all[pos].mean(axis=0) for pos in (pos_aa, pos_bb) if pos.size]
    if withins:
        e -= sum(withins) / len(withins)
    return e


def _sorted_labels(labels: List[Any]) -> List[Any]:
    try:
        return sorted(labels)
    except TypeError:
        return list(labels)


# --------------------------------------------------------------------------
# Public functions


#: Models in two pools past which more models than examples is taken for transposed pools (a warning).
_MANY_MODELS = 20


def dipdi(
    pool_a: Any,
    pool_b: Any,
    *,
    discrepancy: str | None = None,
    pairing: str = DEFAULT_PAIRING,
    from_logits: bool = False,
    groups: Any = None,
) -> DipdiResult:
    """Demographically-informed prediction discrepancy index of two model pools.

    Parameters
    ----------
    pool_a, pool_b : array_like
        Predictions of the models of each pool on the same ``n`` examples, in
        the same order. With ``discrepancy`` ``"abs"`` or ``"sq"`` (regression):
        shape ``[m, n]`` or ``[m, n, t]`` (d is averaged over the ``t``
        outputs). With ``"jsd"`` or ``"js_distance"`` (classification): class
        probabilities ``[m, n, C]``, or ``[m, n]`` for the probability of the
        positive class of a binary task (read as ``[1 - p, p]``).
    discrepancy : {"abs", "sq", "jsd", "js_distance"}, optional
        Per-example discrepancy d. ``"jsd"`` is the Jensen-Shannon divergence
        in bits; ``"js_distance"`` uses N = sqrt(mean JSD), which halves the
        index. Not given: ``"jsd"`` with ``from_logits=True``, else ``"abs"``
        (never guessed from the values; pools of several outputs that look
        like class probabilities get a `ClassProbabilitiesWarning`).
    pairing : {"paired", "all_pairs"}, default "paired"
        ``"paired"`` is the published estimator and needs two pools of the
        same even size; ``"all_pairs"`` uses every pair and accepts any sizes.
    from_logits : bool, default False
        Inputs are logits: softmax over the last axis (or a sigmoid for
        ``[m, n]``) is applied first. Only with ``"jsd"``/``"js_distance"``.
    groups : array_like of shape (n,), optional
        A group label per example, all strings or all integers (a record
        names a group by its text, so 1 and "1" may not both be used); the
        index is also computed on each group's examples.

    Returns
    -------
    DipdiResult
        The index (NaN with a ``reason`` when undefined), the mean
        discrepancies, the matrix of N for all model pairs, per-group values
        and the per-example excess discrepancy.

    Raises
    ------
    ValueError
        For an unknown option, wrong shapes, pools scoring different numbers of
        examples, non-finite values, probability rows outside [0, 1] or not
        summing to 1 within 1e-4, ``groups`` of the wrong length, or
        ``pairing="paired"`` with odd or unequal pool sizes.

    See Also
    --------
    DipdiAccumulator : the same index accumulated batch by batch.
    pair_discrepancies : per-example d of the used pairs, for the bootstrap.

    Notes
    -----
    Computed in the log domain: ``2 mean ln N_AB - mean ln N_AA - mean ln
    N_BB``. See ``docs/measures/discrepancy.md``.

    References
    ----------
    .. [1] L. Mansilla, E. Claucich, R. Echeveste, D. H. Milone, E. Ferrante,
       "Demographically-Informed Prediction Discrepancy Index: Early Warnings
       of Demographic Biases for Unlabeled Populations", TMLR, 2024.

    Examples
    --------
    >>> a = [[10, 20, 30, 40], [12, 18, 33, 40]]
    >>> b = [[15, 25, 28, 50], [14, 22, 35, 47]]
    >>> r = dipdi(a, b)
    >>> round(r.dipdi, 6), round(r.dipdi_bits, 6)
    (1.214125, 1.751612)
    >>> round(dipdi(a, b, pairing="all_pairs").dipdi, 6)
    1.369203
    >>> r = dipdi(a, b, groups=["M", "M", "F", "F"])
    >>> round(r.groups["M"].dipdi, 6), round(r.groups["F"].dipdi, 6)
    (1.321756, 1.280934)
    >>> r.excess_discrepancy.tolist()
    [2.0, 2.0, -3.0, 7.0]
    >>> r = dipdi([[10, 20, 30, 40]] * 2, b)
    >>> r.dipdi, r.reason
    (nan, 'zero_within_a')
    """
    defaulted = discrepancy is None
    discrepancy = _check_options(discrepancy, pairing, from_logits)
    a, b, tol = _validate_pools(pool_a, pool_b, discrepancy, from_logits, defaulted)
    m_a, m_b, n = a.shape[0], b.shape[0], a.shape[1]
    _check_pairing(m_a, m_b, pairing, _transposed_hint(a, b))
    g = _validate_groups(groups, n)
    # legal, but the usual sign of pools given as [examples, models]: ensembles are a few models
    # each (tiny worked examples of 2 + 2 models on 3 examples stay quiet)
    if m_a + m_b >= _MANY_MODELS and m_a + m_b > n:
        warnings.warn(f"the pools hold more models ({m_a} + {m_b}) than examples ({n}); {_TRANSPOSED}",
                      UserWarning, stacklevel=2)

    stats = _PairSums(discrepancy, pairing, from_logits, m_a, m_b, a.shape[2:])
    labels: List[Any] = []
    codes = None
    if g is not None:
        uniq, codes = np.unique(g, return_inverse=True)
        labels = uniq.tolist()
        codes = codes.reshape(-1)
        stats.grow_groups(len(labels))
    excess = np.empty(n, dtype=np.float64)

    def keep_excess(start, stop, e):
        excess[start:stop] = e

    stats.consume(a, b, tol, codes, keep_excess)
    return stats.result(labels, g is not None, excess, None)


class _PairSums:
    """Sufficient statistics: per model pair (all of them) and per group, the
    sum of d and the number of examples."""

    def __init__(self, discrepancy, pairing, from_logits, m_a, m_b, trailing):
        self.discrepancy = discrepancy
        self.pairing = pairing
        self.m_a, self.m_b = int(m_a), int(m_b)
        self.trailing = tuple(trailing)
        num_models = self.m_a + self.m_b
        self.pairs = _used_pairs(self.m_a, self.m_b, pairing)
        self.positions = tuple(
            _pair_positions(p, num_models)
            for p in (self.pairs.between, self.pairs.within_a, self.pairs.within_b)
        )
        self.pi, self.pj = _all_pairs(num_models)
        self.kernel = _Kernel(
            discrepancy, from_logits, self.trailing, num_models, self.pi, self.pj
        )
        self.sums = np.zeros(len(self.pi), dtype=np.float64)
        self.count = 0
        self.group_sums = np.zeros((0, len(self.pi)), dtype=np.float64)
        self.group_counts = np.zeros(0, dtype=np.int64)

    def grow_groups(self, num_groups: int) -> None:
        extra = num_groups - self.group_sums.shape[0]
        if extra > 0:
            self.group_sums = np.vstack(
                [self.group_sums, np.zeros((extra, len(self.pi)), dtype=np.float64)]
            )
            self.group_counts = np.concatenate(
                [self.group_counts, np.zeros(extra, dtype=np.int64)]
            )

    def consume(self, a, b, tol, codes=None, on_chunk=None) -> None:
        """Add the examples of pools ``a`` and ``b`` (probability rows summing to 1 within ``tol``): all or
        nothing.

        Sums are gathered apart and added only once every chunk has passed
        the value checks, so an invalid value leaves the statistics unchanged.
        ``on_chunk(start, stop, e)`` receives each chunk's excess discrepancy.
        """
        # finite predictions whose discrepancies overflow come out as inf or NaN, which the result says
        # ("nonfinite") and the writer refuses with its reason: NumPy's warning would only repeat it
        with np.errstate(over="ignore", invalid="ignore"):
            self._consume(a, b, tol, codes, on_chunk)

    def _consume(self, a, b, tol, codes, on_chunk) -> None:
        n = a.shape[1]
        num_pairs = len(self.pi)
        num_groups = self.group_sums.shape[0]
        sums = np.zeros(num_pairs, dtype=np.float64)
        group_sums = np.zeros(num_groups * num_pairs, dtype=np.float64)
        pair_offsets = np.arange(num_pairs, dtype=np.intp)[:, None]
        for start in range(0, n, self.kernel.rows):
            stop = min(n, start + self.kernel.rows)
            d_all = self.kernel.chunk(a, b, start, stop, tol)
            if d_all is None:
                _explain_values(a, b, self.discrepancy, self.kernel.from_logits, tol)
            sums += d_all.sum(axis=1)
            if codes is not None:
                # one bincount for all pairs: flat index group * pairs + pair
                flat = codes[start:stop][None, :] * num_pairs + pair_offsets
                group_sums += np.bincount(
                    flat.ravel(), weights=d_all.ravel(), minlength=group_sums.size
                )
            if on_chunk is not None:
                on_chunk(start, stop, _excess(d_all, self.positions))
        self.sums += sums
        self.count += n
        if codes is not None:
            self.group_sums += group_sums.reshape(num_groups, num_pairs)
            self.group_counts += np.bincount(codes, minlength=num_groups)

    def result(self, labels, has_groups, excess, top) -> "DipdiResult":
        return _build_result(
            self.sums, self.count, self.group_sums, self.group_counts, labels,
            self.discrepancy, self.pairing, self.m_a, self.m_b, self.pairs,
            self.positions, excess, top, has_groups=has_groups,
        )


def _build_result(
    sums, n, group_sums, group_counts, labels, discrepancy, pairing, m_a, m_b,
    pairs, positions, excess, top, *, has_groups,
) -> DipdiResult:
    value, reason, between, within_a, within_b, per_pair = _summarise(
        sums, n, discrepancy, positions
    )
    group_results = None
    if has_groups:
        group_results = {}
        order = {label: idx for idx, label in enumerate(labels)}
        for label in _sorted_labels(list(labels)):
            idx = order[label]
            count = int(group_counts[idx])
            gv, gr, gb, ga, gbb, _ = _summarise(group_sums[idx], count, discrepancy, positions)
            group_results[label] = GroupDipdi(gv, count, gr, gb, ga, gbb)
    return DipdiResult(
        dipdi=value,
        reason=reason,
        n=int(n),
        between=between,
        within_a=within_a,
        within_b=within_b,
        pair_matrix=_pair_matrix(per_pair, m_a + m_b),
        pairs=pairs,
        groups=group_results,
        excess_discrepancy=excess,
        discrepancy=discrepancy,
        pairing=pairing,
        m_a=int(m_a),
        m_b=int(m_b),
        top_examples=top,
    )


def pair_discrepancies(
    pool_a: Any,
    pool_b: Any,
    *,
    discrepancy: str | None = None,
    pairing: str = DEFAULT_PAIRING,
    from_logits: bool = False,
) -> PairDiscrepancies:
    """Per-example discrepancy d for every pair that the pairing uses.

    Memory is ``n`` times the number of used pairs; this is what the
    bootstrap over examples needs.

    Parameters
    ----------
    pool_a, pool_b, discrepancy, pairing, from_logits
        As in :func:`dipdi`.

    Returns
    -------
    PairDiscrepancies
        Arrays ``[pairs, n]`` for the between, within-A and within-B pairs.

    Raises
    ------
    ValueError
        As :func:`dipdi`.

    See Also
    --------
    dipdi
    tb_bias_plugin.measures.discrepancy.replicates.bootstrap_dipdi

    References
    ----------
    .. [1] L. Mansilla, E. Claucich, R. Echeveste, D. H. Milone, E. Ferrante,
       "Demographically-Informed Prediction Discrepancy Index: Early Warnings
       of Demographic Biases for Unlabeled Populations", TMLR, 2024.
    .. [2] ``docs/measures/discrepancy.md``, "Computation" and "Uncertainty".

    Examples
    --------
    >>> a = [[10, 20, 30, 40], [12, 18, 33, 40]]
    >>> b = [[15, 25, 28, 50], [14, 22, 35, 47]]
    >>> pd_ = pair_discrepancies(a, b)
    >>> pd_.pairs.between, pd_.between.mean(axis=1).tolist()
    (((0, 2), (1, 3)), [5.5, 3.75])
    """
    defaulted = discrepancy is None
    discrepancy = _check_options(discrepancy, pairing, from_logits)
    a, b, tol = _validate_pools(pool_a, pool_b, discrepancy, from_logits, defaulted)
    m_a, m_b, n = a.shape[0], b.shape[0], a.shape[1]
    _check_pairing(m_a, m_b, pairing, _transposed_hint(a, b))
    pairs = _used_pairs(m_a, m_b, pairing)
    sets = (pairs.between, pairs.within_a, pairs.within_b)
    flat = [p for s in sets for p in s]
    pi = np.asarray([p[0] for p in flat], dtype=np.intp)
    pj = np.asarray([p[1] for p in flat], dtype=np.intp)
    kernel = _Kernel(discrepancy, from_logits, a.shape[2:], m_a + m_b, pi, pj)
    d = np.empty((len(flat), n), dtype=np.float64)
    for start in range(0, n, kernel.rows):
        stop = min(n, start + kernel.rows)
        chunk = kernel.chunk(a, b, start, stop, tol)
        if chunk is None:
            _explain_values(a, b, discrepancy, from_logits, tol)
        d[:, start:stop] = chunk
    n_ab, n_aa = len(pairs.between), len(pairs.within_a)
    return PairDiscrepancies(
        discrepancy=discrepancy,
        pairing=pairing,
        between=d[:n_ab],
        within_a=d[n_ab:n_ab + n_aa],
        within_b=d[n_ab + n_aa:],
        pairs=pairs,
    )
