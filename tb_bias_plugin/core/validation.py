"""Checks of scalar and array arguments, each raising a ValueError that names
the argument, so that a bad argument fails before anything is computed or
written.

An integer argument accepts Python ``int`` and NumPy integer scalars (an
index taken from an array is an ``np.int64``) and rejects ``bool`` (a
subclass of ``int`` that is almost always a mistake, e.g. ``top_k=True``),
floats, even integral ones (``2.0`` is a sign of arithmetic gone wrong,
and silently truncating ``2.5`` hides it), and everything else.
"""

from __future__ import annotations

import math
import numbers
from typing import Any, TypeGuard

import numpy as np

#: Which ends of ``[low, high]`` `check_number` accepts.
BOUNDARIES = ("both", "left", "right", "neither")

#: The range of a signed 64-bit integer: TensorBoard's steps and the integers a record stores as int64
#: (labels, word indices, seeds). A replicate id has its own, narrower range (exact in a browser).
INT64_RANGE = (-(2**63), 2**63 - 1)
#: Longest name (run, tag, layer, attribute, class, label...) a record stores and a request may name.
MAX_NAME = 1000

#: How far a row of a model's class probabilities may sum from 1 (summed in float64): a float32
#: softmax is off by about 1e-5 over 30,000 classes (PyTorch's), by 3e-7 over 1,000 (NumPy's).
PROBABILITY_SUM_TOLERANCE = 1e-4
# Machine epsilon of the half-precision dtypes a model may compute in (NumPy has no bfloat16).
_HALF_PRECISION_EPS = {"float16": 2.0**-10, "bfloat16": 2.0**-7}


def probability_sum_tolerance(dtype_name: str) -> float:
    """How far a softmax row computed in ``dtype_name`` may sum from 1: a float16 or bfloat16 model's
    rounding (eps 1e-3 and 8e-3; a Keras mixed-precision or ``.half()`` model) passes the float32
    tolerance by far, so those get twice their epsilon.

    Examples
    --------
    >>> probability_sum_tolerance("float32"), probability_sum_tolerance("float16")
    (0.0001, 0.001953125)
    """
    return max(PROBABILITY_SUM_TOLERANCE, 2 * _HALF_PRECISION_EPS.get(dtype_name, 0.0))


class ProbabilityRowError(ValueError):
    """`check_probability_rows`' refusal: the row's index over every axis but the classes' (``row``), its
    sum (``total``), the tolerance it missed (``tol``) and ``problem``, the message's words for it."""

    def __init__(self, message: str, row: tuple[int, ...], total: float, tol: float, problem: str):
        super().__init__(message)
        self.row, self.total, self.tol, self.problem = row, total, tol, problem


def check_probability_rows(probs: np.ndarray, name: str, *, tol: float | None = None, hint: str = "") -> np.ndarray:
    """The row sums of ``probs`` (classes on the last axis), checked to be 1 within the model's precision.

    Parameters
    ----------
    probs : numpy.ndarray, ``[..., C]``
        Class probabilities, in the dtype the model computed them in; finite (a caller refuses NaN
        and infinities first, with its own words; a NaN row is refused here too).
    name : str
        The argument's name, for the message.
    tol : float, optional
        How far a row may sum from 1; by default ``probability_sum_tolerance`` of ``probs.dtype``.
        Given when ``probs`` was widened since (a PyTorch bfloat16 model's outputs, read as float64).
    hint : str, optional
        What to do, appended to the message after "; ".

    Returns
    -------
    numpy.ndarray of float64, ``probs.shape[:-1]``
        The sums, which a caller that normalises the rows need not compute again.

    Raises
    ------
    ProbabilityRowError
        A ValueError naming the first row off (its index over the leading axes) and its sum.

    Examples
    --------
    >>> check_probability_rows(np.array([[0.25, 0.75]], dtype=np.float16), "probs").tolist()
    [1.0]
    >>> check_probability_rows(np.array([[0.2, 0.8], [0.7, 0.4]]), "probs", hint="pass probabilities")
    Traceback (most recent call last):
    ...
    tb_bias_plugin.core.validation.ProbabilityRowError: probs has a probability row that sums to 1.1, not 1 +- 0.0001 (row 1); pass probabilities
    """
    sums = probs.sum(axis=-1, dtype=np.float64)
    if tol is None:
        tol = probability_sum_tolerance(probs.dtype.name)
    off = ~(np.abs(sums - 1.0) <= tol)  # NaN is off too
    if off.any():
        row = tuple(int(i) for i in np.argwhere(off)[0])
        total = float(sums[row])
        problem = "a probability row that sums to %r, not 1 +- %s" % (total, tol)
        where = "row %d" % row[0] if len(row) == 1 else "row %s" % (row,)
        raise ProbabilityRowError("%s has %s (%s)%s" % (name, problem, where, hint and "; " + hint),
                                  row, total, tol, problem)
    return sums


def is_integer(value: Any) -> TypeGuard[int | np.integer[Any]]:
    """Whether ``value`` is a Python or NumPy integer, and not a bool.

    Examples
    --------
    >>> [is_integer(v) for v in (3, np.int64(3), np.uint8(3), True, np.True_, 3.0, "3")]
    [True, True, True, False, False, False, False]
    """
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def check_integer(value: Any, name: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a Python ``int``, checked to be an integer in ``[low, high]``.

    Parameters
    ----------
    value
        The argument: an ``int`` or a NumPy integer scalar (see `is_integer`).
    name : str
        The argument's name, for the error message.
    low, high : int, optional
        Inclusive bounds; None for none.

    Returns
    -------
    int

    Raises
    ------
    ValueError
        For a bool, a float, anything else that is not an integer, or an
        integer out of bounds; the message names ``name``.

    Examples
    --------
    >>> check_integer(np.int64(5), "top_k", low=0)
    5
    >>> check_integer(True, "batch_size", low=1)
    Traceback (most recent call last):
    ...
    ValueError: batch_size must be a positive integer, got True
    """
    if not is_integer(value) or (low is not None and value < low) or (high is not None and value > high):
        raise ValueError("%s must be %s, got %r" % (name, _integer_range(low, high), value))
    return int(value)


def _integer_range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return "an integer from %d to %d" % (low, high)
    if low is not None:
        return {0: "a non-negative integer", 1: "a positive integer"}.get(low, "an integer >= %d" % low)
    if high is not None:
        return "an integer <= %d" % high
    return "an integer"


def check_flag(value: Any, name: str) -> bool:
    """``value`` as a ``bool``, checked to be one (Python or NumPy): ``1`` or ``"no"`` where True or False
    belongs is a mistake, and ``"no"`` would read as True.

    Examples
    --------
    >>> check_flag(np.True_, "control")
    True
    >>> check_flag("no", "control")
    Traceback (most recent call last):
    ...
    ValueError: control must be True or False, got 'no'
    """
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError("%s must be True or False, got %r" % (name, value))
    return bool(value)


def check_number(
    value: Any,
    name: str,
    *,
    low: float | None = None,
    high: float | None = None,
    include: str = "both",
) -> float:
    """``value`` as a float, checked to be a finite real number between ``low`` and ``high``.

    Parameters
    ----------
    value
        A Python or NumPy real number; not a bool, not NaN or infinite.
    name : str
        The argument's name, for the error message.
    low, high : float, optional
        Bounds; None for none.
    include : {"both", "left", "right", "neither"}, default "both"
        Which of the bounds given are allowed values: ``"neither"`` for
        the open interval ``(low, high)``.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        For a bool, a non-number, NaN, an infinity or a value out of
        bounds; the message names ``name`` and the interval.

    Examples
    --------
    >>> check_number(0.9, "confidence", low=0, high=1, include="neither")
    0.9
    >>> check_number(1.0, "confidence", low=0, high=1, include="neither")
    Traceback (most recent call last):
    ...
    ValueError: confidence must be a number in (0, 1), got 1.0
    """
    if include not in BOUNDARIES:
        raise ValueError("include must be one of %s, got %r" % (BOUNDARIES, include))
    ok = isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_)) and math.isfinite(value)
    if ok and low is not None:
        ok = value >= low if include in ("both", "left") else value > low
    if ok and high is not None:
        ok = value <= high if include in ("both", "right") else value < high
    if not ok:
        raise ValueError("%s must be %s, got %r" % (name, _number_range(low, high, include), value))
    return float(value)


def _number_range(low: float | None, high: float | None, include: str) -> str:
    closed_low, closed_high = include in ("both", "left"), include in ("both", "right")
    if low is not None and high is not None:
        return "a number in %s%g, %g%s" % ("[" if closed_low else "(", low, high, "]" if closed_high else ")")
    if low is not None:
        return "a finite number %s %g" % (">=" if closed_low else ">", low)
    if high is not None:
        return "a finite number %s %g" % ("<=" if closed_high else "<", high)
    return "a finite number"


def host_values(values: Any) -> Any:
    """A PyTorch tensor's values as a NumPy array; a bfloat16 array or TensorFlow tensor as float32;
    anything else as it is.

    PyTorch refuses ``numpy()`` of a tensor that requires grad, lives on a GPU
    or is bfloat16 (which NumPy has not): a measure reads only the values, so
    they are taken detached, on the CPU, bfloat16 widened to float32. Read by
    the type's module, so PyTorch is never imported here. TensorFlow's bfloat16
    (a Keras ``mixed_bfloat16`` model's outputs) comes as ml_dtypes' type, which
    NumPy counts as no number.

    Examples
    --------
    >>> host_values([1, 2])
    [1, 2]
    """
    if type(values).__module__.split(".")[0] != "torch" or not hasattr(values, "detach"):
        if getattr(getattr(values, "dtype", None), "name", None) == "bfloat16":
            return np.asarray(values, dtype=np.float32)
        return values
    values = values.detach().cpu()
    if str(values.dtype) == "torch.bfloat16":
        values = values.float()
    return values.numpy()


def source_dtype_name(values: Any) -> str:
    """The name of the dtype ``values`` were computed in, read before `host_values` widens a bfloat16
    (``"bfloat16"`` for a PyTorch or TensorFlow bfloat16 tensor); "" for values with no dtype, such as a list.

    Examples
    --------
    >>> source_dtype_name(np.zeros(2, dtype=np.float16)), source_dtype_name([0.5])
    ('float16', '')
    """
    dtype = getattr(values, "dtype", None)
    if dtype is None:
        return ""
    return str(getattr(dtype, "name", dtype)).removeprefix("torch.")


def check_numeric_array(values: Any, name: str, *, ndim: int | None = None) -> np.ndarray:
    """``values`` as a float64 array, checked to hold numbers (bools, integers, floats; NaN and infinities
    too) and to have ``ndim`` dimensions.

    Examples
    --------
    >>> check_numeric_array([0.5, float("nan")], "gap", ndim=1).tolist()
    [0.5, nan]
    >>> check_numeric_array(["1", "2"], "gap")
    Traceback (most recent call last):
    ...
    ValueError: gap must be an array of numbers, got ['1', '2']
    """
    try:
        array = np.asarray(host_values(values))
        if array.dtype.kind not in "biuf":  # NumPy would parse "1.5", or a list holding None: not numbers
            raise TypeError
        array = array.astype(np.float64, copy=False)
    except (TypeError, ValueError):
        raise ValueError("%s must be an array of numbers, got %s" % (name, _short_repr(values)))
    if ndim is not None and array.ndim != ndim:
        raise ValueError("%s must be %d-D, got shape %s" % (name, ndim, array.shape))
    return array


def check_finite_array(values: Any, name: str, *, ndim: int | None = None, hint: str = "") -> np.ndarray:
    """``values`` as a float64 array, checked to be finite and of ``ndim`` dimensions.

    Parameters
    ----------
    values : array_like
    name : str
        The argument's name, for the error message.
    ndim : int, optional
        The number of dimensions required.
    hint : str, optional
        Appended to the message about non-finite entries: what to do.

    Returns
    -------
    numpy.ndarray of float64

    Raises
    ------
    ValueError
        For values that are not numbers, the wrong number of dimensions or
        NaN or infinite entries (their first positions are named).

    Examples
    --------
    >>> check_finite_array([1, 2], "values", ndim=1).tolist()
    [1.0, 2.0]
    >>> check_finite_array([1.0, float("nan")], "values", ndim=1)
    Traceback (most recent call last):
    ...
    ValueError: values has non-finite entries at positions [1]
    """
    array = check_numeric_array(values, name, ndim=ndim)
    bad = ~np.isfinite(array)
    if bad.any():
        where = np.argwhere(bad)[:10]
        positions = where[:, 0].tolist() if array.ndim == 1 else [tuple(p) for p in where.tolist()]
        raise ValueError("%s has non-finite entries at positions %s%s" % (name, positions, hint and ": " + hint))
    return array


def first_bad_text(values: Any, *, nul: bool = True) -> tuple[int, str] | None:
    """``(index, what is wrong)`` of the first string of ``values`` that holds a NUL character (with
    ``nul``: a C string, a search or a file of names ends there) or is not UTF-8 text (a lone surrogate,
    which neither protobuf nor JSON can carry); None if none does. One join of them all, encoded only
    when a name is not ASCII: names are checked at every update.

    Examples
    --------
    >>> first_bad_text(["a", "é"]), first_bad_text(["a", "b\\ud800"]), first_bad_text(["a\\x00"])
    (None, (1, 'is not UTF-8 text (a lone surrogate)'), (0, 'holds a NUL character'))
    """
    joined = "".join(values)
    if nul and "\x00" in joined:
        return next(i for i, v in enumerate(values) if "\x00" in v), "holds a NUL character"
    if joined.isascii():
        return None
    try:
        joined.encode("utf-8")
        return None
    except UnicodeEncodeError:
        return next(i for i, v in enumerate(values) if not _encodes(v)), "is not UTF-8 text (a lone surrogate)"


def _utf8(value: bytes) -> bool:
    try:
        value.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def may_hold_bad_text(arr: np.ndarray, max_length: int = MAX_NAME) -> bool:
    """Whether a NumPy str array may hold a string `first_bad_text` refuses (an inner NUL, a lone
    surrogate) or one over ``max_length`` characters, read from its code points without a Python pass
    over its items; when True, the item by item check says which.

    Examples
    --------
    >>> may_hold_bad_text(np.array(["a", "é"])), may_hold_bad_text(np.array(["a", "b\\x00c"]))
    (False, True)
    """
    if arr.size == 0:
        return False
    if arr.dtype.itemsize // 4 > max_length:
        return True
    points = arr.view(np.uint32).reshape(*arr.shape, -1)
    surrogate = ((points >= 0xD800) & (points <= 0xDFFF)).any()
    inner_nul = ((points[..., :-1] == 0) & (points[..., 1:] != 0)).any()  # trailing zeros are the padding
    return bool(surrogate or inner_nul)


def _encodes(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_name(value: Any, what: str, *, max_length: int | None = None) -> str:
    """``value``, checked to be a string with a character other than white space
    (a tag, a layer, a v choice...), of at most ``max_length`` characters.

    Examples
    --------
    >>> check_name("gender", "name")
    'gender'
    >>> check_name(" ", "v_name")
    Traceback (most recent call last):
    ...
    ValueError: v_name must be a non-empty string, got ' '
    """
    if not isinstance(value, str) or not value.strip():
        # a value passed where the name goes (arguments swapped) is named by its type, not its whole repr
        shown = repr(value) if isinstance(value, str) or value is None else "a value of type %s" % type(value).__name__
        raise ValueError("%s must be a non-empty string, got %s" % (what, shown))
    if max_length is not None and len(value) > max_length:
        raise ValueError("%s is longer than %d characters" % (what, max_length))
    bad = first_bad_text([value])
    if bad is not None:
        raise ValueError("%s %s: %r" % (what, bad[1], value[:40]))
    return value


def check_names(names: Any, what: str, *, max_length: int | None = None) -> tuple[str, ...]:
    """``names`` as a tuple, checked to be a non-empty sequence of unique, non-empty strings, each of at
    most ``max_length`` characters if given (a writer gives `MAX_NAME` for names a route may be asked for).
    A name of white space alone is kept: `tb-bias log` takes label names from the data, where a table
    with one was written before. Names may come as a 1-D NumPy array or TensorFlow string tensor, and
    as ``bytes`` (decoded as UTF-8), as groups and tokens do; they are returned as plain ``str``.

    Examples
    --------
    >>> check_names(["a", "b"], "class_names")
    ('a', 'b')
    >>> check_names(["a", "a"], "class_names")
    Traceback (most recent call last):
    ...
    ValueError: class_names has duplicate names: 'a'
    """
    names = _name_sequence(names, what)
    if not names:
        raise ValueError("%s must not be empty" % what)
    kinds = set(map(type, names))  # one pass in C
    if any(issubclass(kind, bytes) or (issubclass(kind, str) and kind is not str) for kind in kinds):
        # bytes from a string tensor or array, NumPy's str_: decoded, as plain str (a record stores text)
        names = tuple(_decoded(n, what) if isinstance(n, bytes) else str(n) if isinstance(n, str) else n for n in names)
        kinds = set(map(type, names))
    if not all(issubclass(kind, str) for kind in kinds):
        raise ValueError("%s must contain only strings, got %r" % (what, next(n for n in names if not isinstance(n, str))))
    distinct = set(names)  # once: hashing a million names is most of this function's time
    if "" in distinct:
        raise ValueError("%s must not contain an empty name" % what)
    if max_length is not None and max(map(len, names)) > max_length:
        long = next(n for n in names if len(n) > max_length)
        raise ValueError("%s has a name longer than %d characters: %r..." % (what, max_length, long[:40]))
    bad = first_bad_text(names)
    if bad is not None:
        raise ValueError("%s[%d] %s: %r" % (what, bad[0], bad[1], names[bad[0]][:40]))
    return check_unique(names, what, distinct)


def _name_sequence(names: Any, what: str) -> tuple[Any, ...]:
    """``names`` as a tuple of its items: a TensorFlow tensor read on the host, a 1-D array as Python items."""
    if hasattr(names, "numpy") and not isinstance(names, np.ndarray) and type(names).__module__.split(".")[0] == "tensorflow":
        names = names.numpy()
    if isinstance(names, (str, bytes)):
        raise ValueError("%s must be a sequence of strings, not a single string" % what)
    if isinstance(names, np.ndarray):
        if names.ndim != 1:
            raise ValueError("%s must be a 1-D sequence of strings, got an array of shape %s" % (what, names.shape))
        return tuple(names.tolist())
    try:
        return tuple(names)
    except TypeError:
        raise ValueError("%s must be a sequence of strings, got %r" % (what, type(names).__name__)) from None


def check_stored_names(names: Any, what: str, max_length: int = MAX_NAME) -> None:
    """A record's stored names (groups, classes, features, v choices, flags...), read back as input: each
    without a NUL character and at most ``max_length`` characters, the writers' rule for names. A reader
    checks it because answers repeat a name (a v choice's, once per example): one name of megabytes in a
    small record made answers of hundreds of megabytes. ``what`` names the list, or each item with a
    ``%d`` for its index (``"choices[%d].name"``); for a dict of single names by field, it is what
    precedes each field's name (``"layers[0]."``).

    Examples
    --------
    >>> check_stored_names(["", "x"], "group_names")
    >>> check_stored_names(["x", "y" * 1001], "group_names")
    Traceback (most recent call last):
    ...
    ValueError: group_names[1] is 1001 characters, more than the 1000 a writer stores
    """
    fields = [what + field for field in names] if isinstance(names, dict) else None
    names = list(names.values()) if isinstance(names, dict) else names if isinstance(names, list) else list(names)

    def where(i: int) -> str:
        if fields is not None:
            return fields[i]
        return what % i if "%d" in what else "%s[%d]" % (what, i)

    if max(map(len, names), default=0) > max_length:  # in C: a long run checks every step's
        i = next(i for i, name in enumerate(names) if len(name) > max_length)
        raise ValueError("%s is %d characters, more than the %d a writer stores" % (where(i), len(names[i]), max_length))
    bad = first_bad_text(names)
    if bad is not None:
        raise ValueError("%s %s" % (where(bad[0]), bad[1]))


def check_unique(names: Any, what: str, distinct: set | None = None) -> tuple[Any, ...]:
    """``names`` as a tuple, checked to hold no name twice (the rule of `check_names`, for names that may
    be empty, e.g. the text of a group label); ``distinct`` is ``set(names)`` when the caller has it.

    Examples
    --------
    >>> check_unique(["", "x", "x"], "group_names")
    Traceback (most recent call last):
    ...
    ValueError: group_names has duplicate names: 'x'
    """
    names = tuple(names)
    if len(set(names) if distinct is None else distinct) != len(names):
        seen, duplicates = set(), []
        for name in names:
            if name in seen and name not in duplicates:
                duplicates.append(name)
            seen.add(name)
        raise ValueError("%s has duplicate names: %s" % (what, preview(duplicates)))
    return names


def difference(ours: Any, theirs: Any) -> str:
    """Where two sequences that should be equal differ, for a message (label lists may be long).

    Examples
    --------
    >>> difference(("a", "b", "c"), ("a", "x", "c"))
    "first at [1]: 'b' against 'x'"
    >>> difference((0.3, 0.7), (0.7, 0.3))
    'the same values in another order: (0.3, 0.7) against (0.7, 0.3)'
    >>> difference(("a", "b"), ("a",))
    '2 against 1 of them'
    """
    ours, theirs = tuple(ours), tuple(theirs)
    if len(ours) != len(theirs):
        return "%d against %d of them" % (len(ours), len(theirs))
    if sorted(map(repr, ours)) == sorted(map(repr, theirs)):
        return "the same values in another order: %s against %s" % (preview(ours), preview(theirs)) if len(ours) > 5 \
            else "the same values in another order: %r against %r" % (ours, theirs)
    i = next(i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b)
    return "first at [%d]: %r against %r" % (i, ours[i], theirs[i])


def preview(items: Any, limit: int = 5) -> str:
    """The first `limit` items' reprs, and how many more there are (for an error message)."""
    items = list(items)
    shown = ", ".join(repr(i) for i in items[:limit])
    if len(items) > limit:
        shown += " and %d more" % (len(items) - limit)
    return shown


def _short_repr(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_labels(values: Any, name: str, size: int, *, strings: bool = True) -> np.ndarray:
    """``values`` as a 1-D array of ``size`` labels: all strings (``str``, or ``bytes`` decoded as UTF-8,
    which a TensorFlow string tensor gives) or all integers (int64).

    An array, a tensor (anything with ``__array__``) or a sequence; a column of shape (size, 1) is read as
    1-D. None, floats (NaN included), bools and mixtures of strings and integers are refused, so that the
    labels of a batch sort and compare, and a record, which names labels by their text, never holds 1 and
    "1" as two. ``strings=False`` allows non-negative integers only (class indices).

    Raises
    ------
    ValueError
        Naming ``name``: a single string, a label of another type, a
        mixture, an integer past int64, a negative class index, a length
        other than ``size``, or a string label that is not UTF-8 text,
        holds a NUL character or is longer than `MAX_NAME`.

    Examples
    --------
    >>> check_labels(np.array([b"a", b"b"]), "groups", 2).tolist()
    ['a', 'b']
    >>> check_labels(np.array([[1], [2]], dtype=np.uint8), "groups", 2).dtype
    dtype('int64')
    >>> check_labels(["a", None], "groups", 2)
    Traceback (most recent call last):
    ...
    ValueError: groups must be all strings or all integers; got None
    """
    what = "strings or all integers" if strings else "integers"
    if isinstance(values, (str, bytes)):
        raise ValueError(f"{name} must be a sequence of labels, not a single string")
    if not isinstance(values, (list, tuple, np.ndarray)) and hasattr(values, "__array__"):
        values = np.asarray(values)  # a tensor: its items would be 0-d tensors
    if isinstance(values, np.ndarray) and values.ndim == 2 and values.shape[1:] == (1,):
        values = values[:, 0]
    if isinstance(values, np.ndarray) and values.dtype.kind in ("iuUS" if strings else "iu") and values.ndim == 1:
        arr = _uniform_array(values, name)
        if arr.dtype.kind == "U" and may_hold_bad_text(arr):
            _check_label_texts(arr.tolist(), name)
    else:
        try:
            items = values.tolist() if isinstance(values, np.ndarray) else list(values)
        except TypeError:
            raise ValueError(f"{name} must be a sequence of {size} labels; got {type(values).__name__}") from None
        if isinstance(values, np.ndarray) and values.ndim != 1:
            raise ValueError(f"{name} must be 1-D with one label per example; got shape {values.shape}")
        kinds = set(map(type, items))  # one pass in C; the items are searched only for the message
        if items and strings and all(issubclass(k, (str, bytes)) for k in kinds):
            texts = [_decoded(i, name) if isinstance(i, bytes) else i for i in items]
            _check_label_texts(texts, name)  # before NumPy's str array, which drops a trailing NUL
            arr = np.array(texts, dtype=str)
        elif all(_is_integer_type(k) for k in kinds):
            arr = _uniform_array(np.array(items, dtype=object), name)
        else:
            as_str = strings and isinstance(items[0], (str, bytes))
            bad = next(i for i in items if not (isinstance(i, (str, bytes)) if as_str else _is_integer_type(type(i))))
            raise ValueError(f"{name} must be all {what}; got {bad!r}")
    if arr.shape != (size,):
        raise ValueError(f"{name} has {arr.shape[0]} labels but there are {size} examples")
    if not strings and size and arr.min() < 0:
        raise ValueError(f"{name} must be non-negative class indices; got {arr.min()}")
    return arr


def _decoded(value: bytes, name: str) -> str:
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{name} holds {_short_repr(value)}, which is not UTF-8 text") from None


def _check_label_texts(texts: list[str], name: str) -> None:
    """Labels a record names by their text: UTF-8, no NUL (two groups "a" and "a\\x00" would merge), at
    most `MAX_NAME` characters."""
    bad = first_bad_text(texts)
    if bad is not None:
        raise ValueError(f"{name}[{bad[0]}] {bad[1]}: {_short_repr(texts[bad[0]])}")
    longest = max(map(len, texts), default=0)
    if longest > MAX_NAME:
        i = next(i for i, t in enumerate(texts) if len(t) == longest)
        raise ValueError(f"{name}[{i}] has {longest} characters; a label has at most {MAX_NAME}")


def _uniform_array(values: np.ndarray, name: str) -> np.ndarray:
    """Strings as str, integers as int64 (a uint8 batch and an int64 one must name the same labels)."""
    if values.dtype.kind == "S":
        try:
            return np.char.decode(values, "utf-8")
        except UnicodeDecodeError:
            bad = next(v for v in values.tolist() if not _utf8(v))
            raise ValueError(f"{name} holds {_short_repr(bad)}, which is not UTF-8 text") from None
    if values.dtype.kind == "U":
        return values
    if values.size and (values.max() > INT64_RANGE[1] or values.min() < INT64_RANGE[0]):
        raise ValueError(f"{name} must fit in 64 bits; got {values.max() if values.max() > 0 else values.min()}")
    return values.astype(np.int64)


def _is_integer_type(kind: type) -> bool:
    return issubclass(kind, (int, np.integer)) and not issubclass(kind, (bool, np.bool_))


def is_label(value: Any) -> bool:
    """Whether one value is of a type `check_labels` takes: a string (``str`` or ``bytes``) or an integer, not a
    bool. For checking values one at a time as they arrive (a Beam example's group), named where they are."""
    return isinstance(value, (str, bytes)) or _is_integer_type(type(value))


def label_kind(labels: Any) -> str | None:
    """"strings" or "integers" for non-empty labels `check_labels` returned (or a list of them), else None."""
    if labels is None or not len(labels):
        return None
    return "strings" if isinstance(labels[0], str) else "integers"


def check_same_kind(before: str | None, now: str | None, name: str, before_is: str, now_is: str) -> None:
    """Labels stay one kind (`label_kind`) across batches and merges: a record names them by their text, so 1
    and "1" would be one name for two groups."""
    if None not in (before, now) and before != now:
        raise ValueError(f"{name} must be of one kind: {before_is} {before}, {now_is} {now}")
