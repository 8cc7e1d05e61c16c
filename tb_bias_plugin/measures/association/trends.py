"""Gaps across the steps of one tag: the trend column, the trend chart and
the sort by the change between the first and the last step
(docs/measures/association.md, "Across steps").

Only what the trend needs is kept per step: the gap of every label of the
reference table (the step the user looks at) and the half-widths of its
interval, not the step's table. 100k labels cost 1.6 MB a step (the gap in
float64, exact; the half-widths in float32), so 50 steps fit in the serving
layer's cache of derived values while at most 16 decoded tables do.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from tb_bias_plugin.measures.association import intervals
from tb_bias_plugin.measures.association.query import gap_values, gap_widths, has_intervals


class StepGaps:
    """The gap of every reference label at one step, and its interval's half-widths.

    ``gap`` is float64 (NaN where the label or an identity is missing at
    this step); ``below`` and ``above`` are float32, or None for a
    precomputed table (no intervals).
    """

    __slots__ = ("gap", "below", "above")

    def __init__(self, gap: np.ndarray, below: np.ndarray | None, above: np.ndarray | None):
        self.gap, self.below, self.above = gap, below, above

    @property
    def nbytes(self) -> int:
        return sum(a.nbytes for a in (self.gap, self.below, self.above) if a is not None)


def sample_steps(steps: list[int], most: int) -> list[int]:
    """At most ``most`` (>= 2) of ``steps``, evenly spaced, the first and last kept.

    Picked every ``stride``-th step, the stride the smallest power of two
    that keeps ``most`` or fewer: a step appended to a running job keeps
    every earlier pick (and the gaps cached for it) until the stride
    doubles, and then keeps every other one. Evenly spaced fractions
    (``linspace``) moved almost every pick at each new step, and the trend
    read every sampled table again.

    Examples
    --------
    >>> sample_steps(list(range(5)), 8)
    [0, 1, 2, 3, 4]
    >>> sample_steps(list(range(10)), 4)
    [0, 4, 8, 9]
    >>> sample_steps(list(range(11)), 4)  # one step more: the same picks and the new last
    [0, 4, 8, 10]
    """
    if most < 2:
        raise ValueError("most must be at least 2 (the first and last steps), got %r" % most)
    if len(steps) <= most:
        return list(steps)
    last = len(steps) - 1
    stride = 1
    while -(-last // stride) + 1 > most:  # picks 0, stride, ... below the last, and the last
        stride *= 2
    return [steps[i] for i in range(0, last, stride)] + [steps[last]]


def labels_id(labels: Any) -> bytes:
    """A digest of a list of label names: steps aligned to equal lists share their gaps.

    Examples
    --------
    >>> labels_id(["a", "b"]) == labels_id(("a", "b")) != labels_id(["a\\x00b"])
    True
    """
    digest = hashlib.blake2b(digest_size=16)
    digest.update(np.fromiter(map(len, labels), dtype=np.int64, count=len(labels)).tobytes())
    digest.update("\x00".join(labels).encode("utf-8", "surrogatepass"))
    return digest.digest()


def alignment(reference_labels: Any, labels: Any, index: dict[str, int]) -> np.ndarray | None:
    """Index in ``labels`` of every reference label (-1 where absent); None
    when both lists are the same, the usual case.

    Examples
    --------
    >>> alignment(("a", "b"), ("a", "b"), {"a": 0, "b": 1}) is None
    True
    >>> alignment(("a", "b", "c"), ("c", "a"), {"c": 0, "a": 1}).tolist()
    [1, -1, 0]
    """
    if labels is reference_labels or tuple(labels) == tuple(reference_labels):
        return None
    return np.array([index.get(name, -1) for name in reference_labels], dtype=np.int64)


def step_gaps(view: Any, metric: str, x1_name: str, x2_name: Any, level: float, align: np.ndarray | None) -> StepGaps:
    """:class:`StepGaps` of ``view`` (one step), aligned to the reference labels.

    ``x2_name`` is an identity name, ``"rest"`` or None (no gap: the value of
    ``x1`` is followed instead). An identity this step does not have gives NaN.
    """
    names = view.identity_names
    size = len(view.label_names) if align is None else align.shape[0]
    if x1_name not in names or (x2_name not in (None, "rest") and x2_name not in names):
        return StepGaps(np.full(size, np.nan), None, None)
    x1 = names.index(x1_name)
    x2 = x2_name if x2_name in (None, "rest") else names.index(x2_name)
    if x2 == "rest" and len(names) < 2:
        return StepGaps(np.full(size, np.nan), None, None)
    if x2 is None:
        gap = np.asarray(view.values(metric, x1), dtype=np.float64)
    else:
        gap = gap_values(view, metric, x1, x2)
    below = above = None
    if has_intervals(view, None):
        z = intervals.z_of(level)
        if x2 is None:
            below, above = view.widths(metric, x1, z)
        else:
            below, above = gap_widths(view, metric, x1, x2, z)
    return StepGaps(_aligned(gap, align, np.float64), _aligned(below, align, np.float32), _aligned(above, align, np.float32))


def _aligned(values: Any, align: np.ndarray | None, dtype: Any) -> Any:
    if values is None:
        return None
    values = np.asarray(values, dtype=dtype)
    if align is not None:
        out = np.full(align.shape[0], np.nan, dtype=dtype)
        present = align >= 0
        out[present] = values[align[present]]
        values = out
    values.setflags(write=False)
    return values


def series(per_step: list[StepGaps], indices: Any) -> dict[str, Any]:
    """Gap, low and high of the labels ``indices`` at every step: arrays of
    shape (steps, labels); low and high are None without intervals.

    Examples
    --------
    >>> a = StepGaps(np.array([0.1, 0.2]), np.array([0.05, 0.05], np.float32), np.array([0.1, 0.1], np.float32))
    >>> b = StepGaps(np.array([0.3, np.nan]), None, None)
    >>> out = series([a, b], [1])
    >>> out["gap"].tolist(), out["low"].round(2).tolist()
    ([[0.2], [nan]], [[0.15], [nan]])
    """
    indices = np.asarray(indices, dtype=np.int64)
    gap = np.stack([s.gap[indices] for s in per_step]) if per_step else np.zeros((0, indices.size))
    if not any(s.below is not None for s in per_step):
        return {"gap": gap, "low": None, "high": None}
    nan = np.full(indices.size, np.nan)
    below = np.stack([nan if s.below is None else s.below[indices].astype(np.float64) for s in per_step])
    above = np.stack([nan if s.above is None else s.above[indices].astype(np.float64) for s in per_step])
    return {"gap": gap, "low": gap - below, "high": gap + above}


def change_statistics(first: StepGaps, last: StepGaps, first95: StepGaps, last95: StepGaps) -> dict[str, np.ndarray]:
    """Change of the gap from the first to the last step, per label: the
    change (last - first), its interval, the p-value of "no change" and the
    interval bound nearest 0.

    The two steps are treated as independent samples (their half-widths
    combine in quadrature, as `compare` does): when both steps were
    evaluated on the same examples their errors are positively correlated,
    so the interval is wider and the p-value larger than they need be
    (conservative). ``first95``/``last95`` give the p-value at level 0.95.

    Examples
    --------
    >>> f = StepGaps(np.array([0.0]), np.array([0.1], np.float32), np.array([0.1], np.float32))
    >>> l = StepGaps(np.array([0.5]), np.array([0.1], np.float32), np.array([0.1], np.float32))
    >>> out = change_statistics(f, l, f, l)
    >>> round(float(out["change"][0]), 3), bool(out["p"][0] < 0.001)
    (0.5, True)
    """
    change = last.gap - first.gap
    size = change.shape[0]
    if first.below is None or last.below is None or first95.below is None or last95.below is None:
        nan = np.full(size, np.nan)
        return {"change": change, "low": nan, "high": nan, "p": nan, "bound": nan}

    def widths(a: StepGaps, b: StepGaps) -> tuple[np.ndarray, np.ndarray]:
        later = (b.below.astype(np.float64), b.above.astype(np.float64))  # type: ignore[union-attr]
        earlier = (a.below.astype(np.float64), a.above.astype(np.float64))  # type: ignore[union-attr]
        return intervals.gap_widths(later, earlier, np.zeros(size))

    below, above = widths(first, last)
    below95, above95 = widths(first95, last95)
    low, high = change - below, change + above
    return {
        "change": change,
        "low": low,
        "high": high,
        "p": intervals.p_values_from_widths(change, below95, above95),
        "bound": intervals.bound_nearest_zero(low, high),
    }
