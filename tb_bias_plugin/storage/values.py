"""What a record's scalar fields and array values may hold, beside the
shapes `arrays` checks: stored data is input, and a value that contradicts
its own meaning (a negative count, edges that fall) is a ValueError naming
the field, as a 422 on every route of its measure.

Only values a route already has in hand are checked: scalar fields and
small arrays, never a pass over a large one just to look.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: Largest count a record may hold: past 2**53 an integer is no longer
#: exact as a float64 (every mean divides by one) or as a JSON number.
MAX_COUNT = 2**53


def check_count(value: Any, name: str) -> int:
    """A stored scalar count, checked to be from 0 to `MAX_COUNT`.

    Examples
    --------
    >>> check_count(-5, "layers[0].n")
    Traceback (most recent call last):
    ...
    ValueError: layers[0].n is -5; a count is never negative
    """
    value = int(value)
    if value < 0:
        raise ValueError("%s is %d; a count is never negative" % (name, value))
    if value > MAX_COUNT:
        raise ValueError("%s is %d; a count is at most 2**53" % (name, value))
    return value


def check_limit(value: Any, name: str) -> int:
    """A stored limit a writer took as given (how many examples to keep, a
    byte budget): never negative, and as large as an int64 holds, since
    writers accept any such size (``sys.maxsize`` for "keep all").

    Examples
    --------
    >>> check_limit(2**62, "top_k") == 2**62
    True
    """
    value = int(value)
    if value < 0:
        raise ValueError("%s is %d; a limit is never negative" % (name, value))
    return value


def check_counts(array: np.ndarray, name: str) -> np.ndarray:
    """A stored array of counts, each from 0 to `MAX_COUNT` (the first bad one named).

    Examples
    --------
    >>> check_counts(np.array([3, -5]), "replicates[0].group_counts")
    Traceback (most recent call last):
    ...
    ValueError: replicates[0].group_counts[1] is -5; a count is never negative
    """
    if array.size and (array.min() < 0 or array.max() > MAX_COUNT):
        bad = (array < 0) | (array > MAX_COUNT)
        check_count(array[tuple(np.argwhere(bad)[0])], name + _index(bad))
    return array


def check_not_negative(array: np.ndarray, name: str, what: str) -> np.ndarray:
    """A stored float array of values that are never negative (``what`` is
    one of them, for the message); NaN is refused too.

    Examples
    --------
    >>> check_not_negative(np.array([0.5, -1.0]), "replicates[0].pair_sums", "a sum of discrepancies")
    Traceback (most recent call last):
    ...
    ValueError: replicates[0].pair_sums[1] is -1; a sum of discrepancies is never negative
    """
    if array.size and not (array >= 0).all():
        bad = ~(array >= 0)
        raise ValueError("%s%s is %g; %s is never negative"
                         % (name, _index(bad), array[tuple(np.argwhere(bad)[0])], what))
    return array


def check_rising(array: np.ndarray, name: str) -> np.ndarray:
    """A stored 1-D float array of finite values, each above the one before (histogram edges).

    Examples
    --------
    >>> check_rising(np.array([0.0, 2.0, 1.0]), "replicates[0].excess_edges")
    Traceback (most recent call last):
    ...
    ValueError: replicates[0].excess_edges[2] is 1, not above the edge before it
    """
    if not np.isfinite(array).all():
        bad = ~np.isfinite(array)
        raise ValueError("%s%s is %g; an edge is finite" % (name, _index(bad), array[np.argmax(bad)]))
    falls = np.diff(array) <= 0
    if falls.any():
        i = int(np.argmax(falls)) + 1
        raise ValueError("%s[%d] is %g, not above the edge before it" % (name, i, array[i]))
    return array


def _index(bad: np.ndarray) -> str:
    """``[i]`` or ``[i, j]``: where the first True of ``bad`` is."""
    return "[%s]" % ", ".join(str(int(i)) for i in np.argwhere(bad)[0])
