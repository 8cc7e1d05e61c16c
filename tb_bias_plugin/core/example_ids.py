"""What an example id may be: one rule for every measure.

An id names an example in the user's own data, so that the examples the
tab shows (an association cell's sample, DIPDI's top examples,
sensitivity's retained examples) can be found there again. It is a
non-empty string without NUL characters of at most `MAX_ID_BYTES` UTF-8
bytes, or an integer, written in decimal (7 and "7" name the same example).
Bytes, as a TensorFlow string tensor gives them, are read as UTF-8. Floats,
bools and None are refused: a pandas column of integer ids with one missing
value turns into floats, and the ids "3.0" and "nan" would name nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tb_bias_plugin.core.validation import first_bad_text

#: Longest id, in UTF-8 bytes.
MAX_ID_BYTES = 256


class BadId(ValueError):
    """An id the rule refuses: ``what[index] problem``. A reader of a file names the row from ``index``."""

    def __init__(self, what: str, index: int, problem: str) -> None:
        super().__init__("%s[%d] %s" % (what, index, problem))
        self.index, self.problem = index, problem


def id_strings(ids: Any, what: str = "example_ids") -> list[str]:
    """The ids as text, checked.

    Parameters
    ----------
    ids : sequence of str, bytes or int
        One id per example (a list, tuple or 1-D array).
    what : str
        The argument's name in messages.

    Returns
    -------
    list of str
        Each id as stored: strings as given, integers in decimal.

    Raises
    ------
    ValueError
        For a single string or an array of more than one dimension; a
        `BadId` for an id that is not a string or integer, is empty, holds
        a NUL character, is not UTF-8, or is longer than `MAX_ID_BYTES`.

    See Also
    --------
    check_ids : the same, for a batch of a known size.

    Examples
    --------
    >>> id_strings(["a", 7, b"b"])
    ['a', '7', 'b']
    >>> id_strings([3.0])
    Traceback (most recent call last):
    ...
    tb_bias_plugin.core.example_ids.BadId: example_ids[0] must be a string or an integer, got 3.0
    """
    checked = _checked(ids, what)
    return [str(v) for v in checked.tolist()] if isinstance(checked, np.ndarray) else checked


def check_ids(ids: Any, n: int, what: str = "example_ids") -> np.ndarray | list[str] | None:
    """The ids of a batch of n examples, checked by the rule: an integer array as given (every integer is
    an id, and a measure that keeps a few examples writes only those in decimal), else the ids' text as
    `id_strings` gives it; None for none given.

    Examples
    --------
    >>> check_ids(None, 2), check_ids([1, "b"], 2), check_ids(np.arange(2), 2)
    (None, ['1', 'b'], array([0, 1]))
    >>> check_ids(["a"], 2)
    Traceback (most recent call last):
    ...
    ValueError: example_ids has 1 ids but there are 2 examples
    """
    if ids is None:
        return None
    checked = _checked(ids, what)
    if len(checked) != n:
        raise ValueError("%s has %d ids but there are %d examples" % (what, len(checked), n))
    return checked


def _checked(ids: Any, what: str) -> np.ndarray | list[str]:
    """`check_ids` of a batch of any size."""
    if isinstance(ids, (str, bytes, set, frozenset, dict)) or not hasattr(ids, "__iter__"):
        raise ValueError("%s must be a sequence of ids (strings or integers), got %r" % (what, type(ids).__name__))
    if not isinstance(ids, (list, tuple, np.ndarray)) and hasattr(ids, "__array__"):
        try:
            ids = np.asarray(ids)  # a tensor: its items would be 0-d tensors
        except (RuntimeError, TypeError, ValueError) as e:
            raise ValueError("%s: %s cannot be read as an array (%s)" % (what, type(ids).__name__, e)) from None
    if isinstance(ids, np.ndarray):
        if ids.ndim != 1:
            raise ValueError("%s must be 1-D, got shape %s" % (what, ids.shape))
        if ids.dtype.kind in "iu":
            return ids  # every integer is an id
        ids = ids.tolist()
    values = list(ids)
    if not set(map(type, values)) <= {str}:
        values = [_as_text(v, i, what) for i, v in enumerate(values)]
    bad = _first_bad_id(values)
    if bad is not None:
        raise BadId(what, *bad)
    return values


def _as_text(value: Any, i: int, what: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return str(int(value))
    if isinstance(value, (bytes, np.bytes_)):
        try:
            return bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            raise BadId(what, i, "is not UTF-8: %r" % bytes(value[:40])) from None
    raise BadId(what, i, "must be a string or an integer, got %r" % (value,))


def _first_bad_id(values: list[str]) -> tuple[int, str] | None:
    """The first of ids given as text that is empty, holds a NUL character, is not UTF-8 or is longer than
    `MAX_ID_BYTES`, and what is wrong with it; None if none is. Each test is first one string operation over
    the whole batch (ids are checked on every update); only a batch that fails one is searched.

    Examples
    --------
    >>> _first_bad_id(["a", "b"]), _first_bad_id(["a", ""])
    (None, (1, 'is empty'))
    """
    if "" in values:
        return values.index(""), "is empty"
    bad = first_bad_text(values)
    if bad is not None:
        return bad
    all_ascii = "".join(values).isascii()
    # A character is 1 to 4 UTF-8 bytes: only ids over a quarter of the limit (all of it in ASCII) need measuring.
    if max(map(len, values), default=0) > (MAX_ID_BYTES if all_ascii else MAX_ID_BYTES // 4):
        for i, v in enumerate(values):
            size = len(v.encode("utf-8")) if len(v) > MAX_ID_BYTES // 4 else 0
            if size > MAX_ID_BYTES:
                return i, "is %d bytes long; an id is at most %d bytes (UTF-8)" % (size, MAX_ID_BYTES)
    return None
