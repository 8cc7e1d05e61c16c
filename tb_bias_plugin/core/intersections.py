"""Intersections of categorical attributes, NumPy only.

An attribute is a column of class codes ``0 .. size - 1`` per example (-1
where the example has none). The intersection of several attributes gives
each combination of classes one code, in mixed radix with the first
attribute most significant: code order is the lexicographic order of the
combinations. The association measure names the combinations that occur
(``sex=f & age=60+``); the representation measure keeps every combination
(``f/x``), so that codes mean the same at every step.
"""

from __future__ import annotations

import itertools
from typing import Any, Iterable, Sequence

import numpy as np

from tb_bias_plugin.core.validation import INT64_RANGE, check_integer

MISSING = -1


def category_codes(values: Iterable[Any]) -> tuple[np.ndarray, list]:
    """Codes of a column of values, in the sorted order of its distinct values.

    Parameters
    ----------
    values : iterable, None for missing
        One value per example; the distinct values must be hashable and
        mutually orderable.

    Returns
    -------
    codes : numpy.ndarray of int64, shape (n,)
        The index of each value among ``levels``, `MISSING` (-1) for None.
    levels : list
        The distinct values, sorted.

    Examples
    --------
    >>> codes, levels = category_codes(["m", None, "f", "m"])
    >>> codes.tolist(), levels
    ([1, -1, 0, 1], ['f', 'm'])
    """
    values = list(values)
    levels = sorted({v for v in values if v is not None})
    index = {level: i for i, level in enumerate(levels)}
    codes = np.fromiter((MISSING if v is None else index[v] for v in values), np.int64, len(values))
    return codes, levels


def intersection_codes(codes: Sequence[Any], sizes: Sequence[int]) -> np.ndarray:
    """The code of each example's combination of classes.

    ``((a * size_b) + b) * size_c + c ...`` for classes ``a, b, c, ...``;
    `MISSING` (-1) where any attribute is missing.

    Parameters
    ----------
    codes : sequence of array_like of int, each shape (n,)
        Class codes of each attribute, ``0 .. sizes[i] - 1`` or -1.
    sizes : sequence of int
        Number of classes of each attribute.

    Returns
    -------
    numpy.ndarray of int64, shape (n,)

    Raises
    ------
    ValueError
        For no attributes, attributes of different lengths, a code out of
        range or more combinations than int64 codes can count.

    Examples
    --------
    >>> intersection_codes([[0, 1, 1, -1], [2, 0, 1, 0]], [2, 3]).tolist()
    [2, 3, 4, -1]
    """
    if len(codes) == 0 or len(codes) != len(sizes):
        raise ValueError("give one size per attribute, and at least one attribute")
    arrays = [np.asarray(c, dtype=np.int64) for c in codes]
    sizes = [check_integer(s, "sizes[%d]" % i, low=0) for i, s in enumerate(sizes)]
    n = arrays[0].shape[0]
    total = 1
    for i, (array, size) in enumerate(zip(arrays, sizes)):
        if array.shape != (n,):
            raise ValueError("attribute %d has shape %s, the first has (%d,)" % (i, array.shape, n))
        if array.size and not (MISSING <= array.min() and array.max() < size):
            raise ValueError("attribute %d has codes outside -1 .. %d" % (i, size - 1))
        total *= size
    if total > INT64_RANGE[1]:
        raise ValueError("%d combinations are more than int64 codes can count" % total)
    missing = np.zeros(n, dtype=bool)
    combined = np.zeros(n, dtype=np.int64)
    for array, size in zip(arrays, sizes):
        missing |= array == MISSING
        combined = combined * size + array
    combined[missing] = MISSING
    return combined


def combination_of(code: int, sizes: Sequence[int]) -> tuple[int, ...]:
    """The class of each attribute in the combination ``code`` (the inverse of `intersection_codes`).

    Examples
    --------
    >>> combination_of(5, [2, 3])
    (1, 2)
    """
    return tuple(int(c) for c in np.unravel_index(int(code), tuple(sizes)))


def intersection_names(names: Sequence[Sequence[str]], separator: str) -> list[str]:
    """The name of every combination, in code order: the class names joined by ``separator``.

    Examples
    --------
    >>> intersection_names([["f", "m"], ["x", "y"]], "/")
    ['f/x', 'f/y', 'm/x', 'm/y']
    """
    return [separator.join(str(label) for label in combination) for combination in itertools.product(*names)]
