"""N-dimensional arrays in messages (``Array`` of storage.proto): zlib-compressed little-endian bytes.

Reading is checked against what the record itself declares: each codec
lists, in one place, an `ArraySpec` per stored array (its name in the
record, the type it is read as and its shape from the record's names,
counts and lengths), and `read` checks every header of a record before it
inflates anything. Stored bytes are never trusted to size an allocation.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import zlib
from typing import Any, Iterable, NamedTuple, Sequence

import numpy as np

# zlib level 1: most of the size win of higher levels at a fraction of the
# time; count arrays are mostly small integers and zeros.
_ZLIB_LEVEL = 1
# deflate cannot shrink data by more than about 1032:1, so a header that
# declares more is corrupt or hostile, and is refused before inflating.
_MAX_RATIO = 1100
_SLACK = 4096
#: Largest array a record may hold once inflated and widened to the type it is read as.
MAX_ARRAY_BYTES = 4 << 30
#: Largest total of a record's arrays once inflated and widened.
MAX_RECORD_BYTES = 4 << 30
# Stored kinds each read type accepts: integers read as floats are exact
# enough for what is stored; floats are never read as counts.
_KINDS = {"f": "fiu", "i": "iu", "u": "iu"}
_VERIFY_CHUNK = 1 << 20


class ArraySpec(NamedTuple):
    """What one stored array must be.

    ``name`` is its place in the record (``choices[0].quantiles``), used in
    error messages and as its key in `read`'s answer; ``dtype`` the type it
    is read as; ``shape`` its dimensions as the record declares them (None:
    any length, bounded by the compressed bytes); ``optional`` whether it
    may be absent (read as None); ``beside`` the array whose stored length
    its shape follows, if any (named in errors too).
    """

    name: str
    dtype: Any
    shape: tuple
    optional: bool = False
    beside: str = ""


def pack(message: Any, array: Any) -> None:
    """Store ``array`` in the Array ``message``; non-negative integers in the
    narrowest unsigned type that holds them."""
    array = np.asarray(array)
    if array.dtype.kind in "iu" and (array.size == 0 or array.min() >= 0):
        top = int(array.max()) if array.size else 0
        for dtype in (np.uint8, np.uint16, np.uint32, np.uint64):
            if top <= np.iinfo(dtype).max:
                array = array.astype(dtype)
                break
    array = np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("<"))
    message.dtype = array.dtype.str
    message.shape.extend(array.shape)
    message.zlib_data = zlib.compress(array.tobytes(), _ZLIB_LEVEL)


def is_absent(message: Any) -> bool:
    """Whether an Array message was never filled (an optional array not stored)."""
    return not message.dtype and not message.shape and not message.zlib_data


def declared_shape(message: Any) -> tuple:
    """The shape an Array message declares (not yet checked)."""
    return tuple(int(d) for d in message.shape)


class _Plan(NamedTuple):
    stored: np.dtype
    shape: tuple
    stored_bytes: int
    widened_bytes: int


@functools.lru_cache(maxsize=256)
def _dtype(text: str) -> np.dtype:
    return np.dtype(text)


@functools.lru_cache(maxsize=64)
def _want(dtype: Any) -> np.dtype:
    return np.dtype(dtype)


def _plan(message: Any, spec: ArraySpec) -> _Plan | None:
    """The checked header of one array (None: absent and optional); ValueError naming it."""
    if is_absent(message):
        if spec.optional:
            return None
        raise ValueError("%s is missing" % spec.name)
    try:
        stored = _dtype(message.dtype)
    except TypeError:
        raise ValueError("%s has unknown dtype %r" % (spec.name, message.dtype[:40]))
    want = _want(spec.dtype)
    if stored.kind not in _KINDS.get(want.kind, want.kind) or stored.hasobject:
        raise ValueError("%s is stored as %s, not readable as %s" % (spec.name, stored.str, want.name))
    declared = tuple(message.shape)
    expected = spec.shape
    if len(expected) != len(declared) or any(w is not None and w != d for w, d in zip(expected, declared)):
        shown = tuple("any" if w is None else w for w in expected)
        raise ValueError("%s has shape %s, expected %s%s" % (
            spec.name, declared[:8], shown, " (from the length of %s)" % spec.beside if spec.beside else ""))
    if any(d < 0 for d in declared):
        raise ValueError("%s has a negative dimension" % spec.name)
    count = math.prod(declared)
    stored_bytes, widened_bytes = stored.itemsize * count, max(stored.itemsize, want.itemsize) * count
    # Free dimensions come from the stored bytes alone: even an empty array
    # (another dimension 0) may not declare more than its data could hold,
    # or a route would build that many empty rows.
    free = math.prod(max(d, 1) for w, d in zip(expected, declared) if w is None)
    budget = _MAX_RATIO * len(message.zlib_data) + _SLACK
    if widened_bytes > MAX_ARRAY_BYTES:
        raise ValueError("%s declares %d bytes, more than the %d an array may hold" % (spec.name, widened_bytes, MAX_ARRAY_BYTES))
    if stored_bytes > budget or free * stored.itemsize > budget:
        raise ValueError(
            "%s declares %d bytes (shape %s) but holds only %d compressed bytes"
            % (spec.name, max(stored_bytes, free * stored.itemsize), declared[:8], len(message.zlib_data))
        )
    return _Plan(stored, declared, stored_bytes, widened_bytes)


def check(arrays: Iterable[tuple[Any, ArraySpec]]) -> list[_Plan | None]:
    """Every array's header checked against its spec, and the record's total,
    before anything is inflated; ValueError naming the first that fails."""
    plans = [_plan(message, spec) for message, spec in arrays]
    total = sum(p.widened_bytes for p in plans if p is not None)
    if total > MAX_RECORD_BYTES:
        raise ValueError("the record's arrays declare %d bytes, more than the %d a record may hold" % (total, MAX_RECORD_BYTES))
    return plans


def _inflate(message: Any, spec: ArraySpec, plan: _Plan) -> np.ndarray:
    # Never inflate more than the header promises: a small corrupt or
    # hostile blob must not expand into gigabytes.
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(message.zlib_data, plan.stored_bytes + 1)
    except zlib.error as e:
        raise ValueError("%s is corrupt: %s" % (spec.name, e))
    if len(raw) != plan.stored_bytes or inflater.unconsumed_tail or not inflater.eof:
        raise ValueError("%s holds a different number of bytes than the %d its shape %s needs" % (spec.name, plan.stored_bytes, plan.shape))
    return np.frombuffer(raw, dtype=plan.stored).reshape(plan.shape).astype(spec.dtype)


def _verify(message: Any, spec: ArraySpec, plan: _Plan) -> None:
    """That the data inflates to exactly its declared size, in bounded chunks, keeping nothing."""
    try:
        inflater = zlib.decompressobj()
        seen, data = 0, message.zlib_data
        while True:
            seen += len(inflater.decompress(data, _VERIFY_CHUNK))
            data = inflater.unconsumed_tail
            if seen > plan.stored_bytes or not data:
                break
    except zlib.error as e:
        raise ValueError("%s is corrupt: %s" % (spec.name, e))
    if seen != plan.stored_bytes or not inflater.eof:
        raise ValueError("%s holds a different number of bytes than the %d its shape %s needs" % (spec.name, plan.stored_bytes, plan.shape))


def read(arrays: Sequence[tuple[Any, ArraySpec]], wanted: Any = None) -> dict[str, Any]:
    """``{spec.name: array}`` of a record's arrays, each checked against its spec.

    Every header is checked (`check`) before any array is inflated. With
    ``wanted`` (a set of names), only those are kept; the others are
    inflated in bounded chunks and counted, so that a truncated array
    fails every route of its record, whatever the route reads.

    Raises
    ------
    ValueError
        If an array is missing, of another type or shape than its spec, too
        large, or its data does not match its shape; the message names it.
    """
    arrays = list(arrays)
    plans = check(arrays)
    out: dict[str, Any] = {}
    for (message, spec), plan in zip(arrays, plans):
        if plan is None:
            out[spec.name] = None
        elif wanted is None or spec.name in wanted:
            out[spec.name] = _inflate(message, spec, plan)
        else:
            _verify(message, spec, plan)
    return out


def unpack(message: Any, dtype: Any, shape: tuple | None = None, name: str = "array") -> np.ndarray:
    """The array in ``message`` as ``dtype``; ``shape``, if given, is the shape
    it must have (None in it: any length), checked before anything is inflated.

    Raises
    ------
    ValueError
        If the message is corrupt, its data does not match its shape, or its
        declared size is impossible for its compressed size or too large.
    """
    if shape is None:
        shape = (None,) * len(message.shape)
    spec = ArraySpec(name, dtype, tuple(shape))
    try:
        result = read([(message, spec)])[name]
    except ValueError as e:
        raise ValueError("corrupt array in tb_bias record: %s" % e)
    assert result is not None
    return result


def footprint(value: Any) -> int:
    """Approximate bytes a decoded value holds: every array whole, strings by
    length, other objects a little; walks dicts, sequences and dataclasses."""
    if isinstance(value, np.ndarray):
        return value.nbytes + 112
    if isinstance(value, (str, bytes)):
        return len(value) + 50
    if isinstance(value, dict):
        return 64 + sum(footprint(k) + footprint(v) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        if value and all(isinstance(v, str) for v in value):  # names: counted in C, not one call each
            return 56 + 58 * len(value) + sum(map(len, value))
        return 56 + 8 * len(value) + sum(footprint(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return 64 + sum(footprint(getattr(value, f.name)) for f in dataclasses.fields(value))
    return 32
