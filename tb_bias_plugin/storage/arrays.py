"""N-dimensional arrays in messages (``Array`` of storage.proto): zlib-compressed little-endian bytes.

Reading is checked against what the record itself declares: each codec
lists, in one place, an `ArraySpec` per stored array (its name in the
record, the type it is read as and its shape from the record's names,
counts and lengths), and `read` checks every header of a record before it
inflates anything. Stored bytes are never trusted to size an allocation.
One field of every item of a long repeated message (a record's retained
examples) may be given as an `ArrayGroup`, checked alike in a few calls.
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
#: Largest total of a record's arrays once inflated and widened to the types
#: they are read as: what one decoded record holds in a server's memory. Each
#: measure's encoder checks what it writes against it (`check`), so that a
#: writer never stores what a reader refuses.
MAX_RECORD_BYTES = 256 << 20
#: Largest array a record may hold once inflated and widened.
MAX_ARRAY_BYTES = MAX_RECORD_BYTES
# Stored kinds each read type accepts: integers read as floats are exact
# enough for what is stored; floats are never read as counts.
_KINDS = {"f": "fiu", "i": "iu", "u": "iu"}
_VERIFY_CHUNK = 1 << 20
# Compressed data at most this long inflates to at most about 4 MiB.
_SHORT = 4096


class ArraySpec(NamedTuple):
    """What one stored array must be.

    ``name`` is its place in the record (``choices[0].quantiles``), used in
    error messages and as its key in `read`'s answer; ``dtype`` the type it
    is read as; ``shape`` its dimensions as the record declares them (None:
    any length, bounded by the compressed bytes); ``optional`` whether it
    may be absent (read as None); ``beside`` the array whose stored length
    its shape follows, if any (named in errors too); ``most`` the most values
    a writer stores there, if it has such a limit (a free dimension is
    otherwise bounded only by the compressed bytes, which a small record
    can make gigabytes).
    """

    name: str
    dtype: Any
    shape: tuple
    optional: bool = False
    beside: str = ""
    most: int | None = None


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
    # [:] copies a repeated protobuf field in C: iterating it from Python costs
    # 3-7x more, and a long run's records hold thousands of arrays
    return tuple(message.shape[:])


class _Plan(NamedTuple):
    stored: np.dtype
    shape: tuple
    stored_bytes: int
    widened_bytes: int


@functools.lru_cache(maxsize=512)
def _types(text: str, want: Any) -> tuple[np.dtype, int] | str:
    """The stored type of a dtype string and the item size it widens to when
    read as ``want``, or why it cannot be (a message to follow the array's name)."""
    try:
        stored = np.dtype(text)
    except (TypeError, ValueError):
        return "has unknown dtype %r" % text[:40]
    wanted = np.dtype(want)
    if stored.kind not in _KINDS.get(wanted.kind, wanted.kind) or stored.hasobject:
        return "is stored as %s, not readable as %s" % (stored.str, wanted.name)
    return stored, max(stored.itemsize, wanted.itemsize)


def _stored_type(text: str, spec: ArraySpec) -> tuple[np.dtype, int]:
    # a long (corrupt or hostile) type string is parsed, never kept in the cache
    found = _types(text, spec.dtype) if len(text) <= 32 else _types.__wrapped__(text, spec.dtype)
    if isinstance(found, str):
        raise ValueError("%s %s" % (spec.name, found))
    return found


@functools.lru_cache(maxsize=4096)
def _sound_header(text: str, declared: tuple, want: Any, expected: tuple) -> tuple[_Plan, int] | None:
    """The plan of a present array whose type and shape pass their checks,
    and the bytes its free dimensions need, or None (`_plan` then says why);
    its sizes are checked by the caller. Cached: the arrays of a long
    run's records repeat a few headers."""
    found = _types(text, want)
    if isinstance(found, str) or (declared != expected and (len(expected) != len(declared) or any(
            w is not None and w != d for w, d in zip(expected, declared)))) or (declared and min(declared) < 0):
        return None
    stored, widened_item = found
    count = math.prod(declared)
    free = math.prod(max(d, 1) for w, d in zip(expected, declared) if w is None) if None in expected else 1
    return _Plan(stored, declared, stored.itemsize * count, widened_item * count), free * stored.itemsize


def _plan(message: Any, spec: ArraySpec) -> _Plan | None:
    """The checked header of one array (None: absent and optional); ValueError naming it."""
    text, declared, data = message.dtype, declared_shape(message), message.zlib_data
    if text and len(text) <= 32 and len(declared) <= 8:
        sound = _sound_header(text, declared, spec.dtype, spec.shape)
        if sound is not None and sound[0].widened_bytes <= MAX_ARRAY_BYTES and (
                max(sound[0].stored_bytes, sound[1]) <= _MAX_RATIO * len(data) + _SLACK) and (
                spec.most is None or math.prod(declared) <= spec.most):
            return sound[0]
    if not text and not declared and not data:
        if spec.optional:
            return None
        raise ValueError("%s is missing" % spec.name)
    stored, widened_item = _stored_type(text, spec)
    expected = spec.shape
    if declared != expected and (
        len(expected) != len(declared) or any(w is not None and w != d for w, d in zip(expected, declared))
    ):
        shown = tuple("any" if w is None else w for w in expected)
        raise ValueError("%s has shape %s, expected %s%s" % (
            spec.name, declared[:8], shown, " (from the length of %s)" % spec.beside if spec.beside else ""))
    if declared and min(declared) < 0:
        raise ValueError("%s has a negative dimension" % spec.name)
    count = math.prod(declared)
    if spec.most is not None and count > spec.most:
        raise ValueError("%s has %d values, more than the %d a writer stores" % (spec.name, count, spec.most))
    stored_bytes, widened_bytes = stored.itemsize * count, widened_item * count
    # Free dimensions come from the stored bytes alone: even an empty array
    # (another dimension 0) may not declare more than its data could hold,
    # or a route would build that many empty rows.
    free = math.prod(max(d, 1) for w, d in zip(expected, declared) if w is None) if None in expected else 1
    budget = _MAX_RATIO * len(data) + _SLACK
    if widened_bytes > MAX_ARRAY_BYTES:
        raise ValueError("%s declares %d bytes, more than the %d an array may hold" % (spec.name, widened_bytes, MAX_ARRAY_BYTES))
    if stored_bytes > budget or free * stored.itemsize > budget:
        raise ValueError(
            "%s declares %d bytes (shape %s) but holds only %d compressed bytes"
            % (spec.name, max(stored_bytes, free * stored.itemsize), declared[:8], len(data))
        )
    return _Plan(stored, declared, stored_bytes, widened_bytes)


class ArrayGroup(NamedTuple):
    """One array field of every item of a repeated message (``examples[i].p``).

    Item i's array is ``messages[i]``, named ``name % i``, and must have
    ``shapes[i]``; ``dtype`` and ``optional`` as in `ArraySpec`. A group is
    checked exactly as its `specs` would be, in a few calls for the whole
    group where it can be: a record of hundreds of retained examples is
    checked at every step of a long run.
    """

    name: str
    dtype: Any
    messages: Sequence[Any]
    shapes: Sequence[tuple]
    optional: bool = False

    def specs(self) -> list[tuple[Any, ArraySpec]]:
        """One `ArraySpec` per item."""
        return [(m, ArraySpec(self.name % i, self.dtype, tuple(shape), self.optional))
                for i, (m, shape) in enumerate(zip(self.messages, self.shapes))]


class _GroupPlan(NamedTuple):
    data: list
    stored_bytes: list
    widened_bytes: int


def _group_plan(group: ArrayGroup) -> _GroupPlan | None:
    """The checked headers of a group whose every array is present (or every
    one absent and optional), of an exact shape and a known type; None for
    any other group, whose arrays are then checked one by one (`ArrayGroup.specs`),
    which also names the first that fails."""
    messages = group.messages
    texts = {m.dtype for m in messages}
    data = [m.zlib_data for m in messages]
    if not messages or texts == {""}:
        absent = group.optional and not any(data) and not any([len(m.shape) for m in messages])
        return _GroupPlan([], [], 0) if absent or not messages else None
    if "" in texts or any(len(t) > 32 for t in texts):
        return None
    shapes = [tuple(s) for s in group.shapes]
    expected = {s: list(s) for s in set(shapes)}
    if not all([m.shape == expected[s] for m, s in zip(messages, shapes)]):
        return None
    sizes: dict[str, tuple[int, int]] = {}  # stored type -> (its item size, the widened one)
    for text in texts:
        found = _types(text, group.dtype)
        if isinstance(found, str):
            return None
        sizes[text] = (found[0].itemsize, found[1])
    counts = {shape: math.prod(shape) for shape in set(shapes)}
    if any(shape and min(shape) < 0 for shape in counts):
        return None
    if len(sizes) == 1 and len(counts) == 1:  # the usual group: one type, one shape
        ((item, wide),), (count,) = sizes.values(), counts.values()
        if wide * count > MAX_ARRAY_BYTES or item * count > _MAX_RATIO * min(map(len, data)) + _SLACK:
            return None
        return _GroupPlan(data, [item * count] * len(messages), wide * count * len(messages))
    items = [sizes[m.dtype] for m in messages]
    stored_bytes = [item * counts[shape] for (item, _), shape in zip(items, shapes)]
    widened = [wide * counts[shape] for (_, wide), shape in zip(items, shapes)]
    if max(widened) > MAX_ARRAY_BYTES or any(
        n > _MAX_RATIO * len(d) + _SLACK for n, d in zip(stored_bytes, data)
    ):
        return None
    return _GroupPlan(data, stored_bytes, sum(widened))


def _whole(data: bytes) -> bytes | None:
    """Short data inflated in one call, or None if it is longer than `_SHORT`
    bytes or corrupt (the bounded paths then say why). Deflate's bounded
    ratio keeps this at about 4 MiB, whatever a header declares."""
    if len(data) > _SHORT:
        return None
    try:
        return zlib.decompress(data)
    except zlib.error:
        return None


def _inflated_lengths(data: list) -> list | None:
    """Bytes each short array's data inflates to (`_whole`), or None if one is
    corrupt, cut short, or too long for this path."""
    lengths = []
    for d in data:
        raw = _whole(d)
        if raw is None:
            return None
        lengths.append(len(raw))
    return lengths


def _verify_group(group: ArrayGroup, plan: _GroupPlan) -> None:
    if plan.data and _inflated_lengths(plan.data) != plan.stored_bytes:
        read(group.specs(), wanted=())  # one by one: raises naming the array (or finds a long one sound)


def check(arrays: Iterable[tuple[Any, ArraySpec]], groups: Sequence[ArrayGroup] = ()) -> list[_Plan | None]:
    """Every array's header (of ``arrays`` and ``groups``) checked against
    its spec, and the record's total, before anything is inflated;
    ValueError naming the first that fails."""
    return _check(list(arrays), groups)[0]


def _check(arrays: list, groups: Sequence[ArrayGroup]) -> tuple[list[_Plan | None], list, list]:
    """`check`, and the groups checked as a whole (with their plans) and those checked one by one (their specs)."""
    whole, single = [], []
    for group in groups:
        plan = _group_plan(group)
        if plan is None:
            single += group.specs()
        else:
            whole.append((group, plan))
    plans = [_plan(message, spec) for message, spec in arrays]
    single_plans = [_plan(message, spec) for message, spec in single]
    total = sum(p.widened_bytes for p in plans + single_plans if p is not None) + sum(p.widened_bytes for _, p in whole)
    if total > MAX_RECORD_BYTES:
        raise ValueError("the record's arrays declare %d bytes, more than the %d a record may hold" % (total, MAX_RECORD_BYTES))
    return plans, whole, list(zip(single, single_plans))


def _inflate(message: Any, spec: ArraySpec, plan: _Plan) -> np.ndarray:
    return np.frombuffer(_inflated(message.zlib_data, spec, plan), dtype=plan.stored).reshape(plan.shape).astype(spec.dtype)


def _inflated(data: bytes, spec: ArraySpec, plan: _Plan) -> bytes:
    # Never inflate more than the header promises (or, for short data, about
    # 4 MiB): a small corrupt or hostile blob must not expand into gigabytes.
    raw = _whole(data)
    if raw is not None and len(raw) == plan.stored_bytes:
        return raw
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(data, plan.stored_bytes + 1)
    except zlib.error as e:
        raise ValueError("%s is corrupt: %s" % (spec.name, e))
    if len(raw) != plan.stored_bytes or inflater.unconsumed_tail or not inflater.eof:
        raise ValueError("%s holds a different number of bytes than the %d its shape %s needs" % (spec.name, plan.stored_bytes, plan.shape))
    return raw


def _verify(message: Any, spec: ArraySpec, plan: _Plan) -> None:
    """That the data inflates to exactly its declared size, in bounded chunks, keeping nothing."""
    data = message.zlib_data
    raw = _whole(data)
    if raw is not None and len(raw) == plan.stored_bytes:
        return
    try:
        inflater = zlib.decompressobj()
        seen = 0
        while True:
            seen += len(inflater.decompress(data, min(_VERIFY_CHUNK, plan.stored_bytes + 1)))
            data = inflater.unconsumed_tail
            if seen > plan.stored_bytes or not data:
                break
    except zlib.error as e:
        raise ValueError("%s is corrupt: %s" % (spec.name, e))
    if seen != plan.stored_bytes or not inflater.eof:
        raise ValueError("%s holds a different number of bytes than the %d its shape %s needs" % (spec.name, plan.stored_bytes, plan.shape))


def read(arrays: Sequence[tuple[Any, ArraySpec]], wanted: Any = None,
         groups: Sequence[ArrayGroup] = ()) -> dict[str, Any]:
    """``{spec.name: array}`` of a record's arrays, each checked against its spec.

    Every header is checked (`check`) before any array is inflated. With
    ``wanted`` (a set of names), only those are kept; the others are
    inflated in bounded chunks and counted, so that a truncated array
    fails every route of its record, whatever the route reads. ``groups``
    (`ArrayGroup`) are checked and inflated the same way, never kept.

    Raises
    ------
    ValueError
        If an array is missing, of another type or shape than its spec, too
        large, or its data does not match its shape; the message names it.
    """
    arrays = list(arrays)
    plans, whole, single = _check(arrays, groups)
    out: dict[str, Any] = {}
    for (message, spec), plan in zip(arrays, plans):
        if plan is None:
            out[spec.name] = None
        elif wanted is None or spec.name in wanted:
            out[spec.name] = _inflate(message, spec, plan)
        else:
            _verify(message, spec, plan)
    for (message, spec), plan in single:
        if plan is not None:
            _verify(message, spec, plan)
    for group, group_plan in whole:
        _verify_group(group, group_plan)
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
    kind = type(value)  # the usual kinds first, by identity: a long run's records are walked at every step
    if kind is np.ndarray:
        return value.nbytes + 112
    if kind is int or kind is float or kind is bool or value is None:
        return 32
    if isinstance(value, np.ndarray):
        return value.nbytes + 112
    if isinstance(value, (str, bytes)):
        return len(value) + 50
    if isinstance(value, dict):
        return 64 + sum(map(footprint, value)) + sum(map(footprint, value.values()))
    if isinstance(value, (list, tuple, set, frozenset)):
        if value and all(isinstance(v, str) for v in value):  # names: counted in C, not one call each
            return 56 + 58 * len(value) + sum(map(len, value))
        return 56 + 8 * len(value) + _sum_footprints(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = vars(value).values() if hasattr(value, "__dict__") else [getattr(value, f.name) for f in dataclasses.fields(value)]
        return 64 + _sum_footprints(fields)
    return 32


def _sum_footprints(values: Iterable[Any]) -> int:
    """`footprint` of each of ``values``, the usual leaves (arrays, numbers) without a call each:
    an across-steps answer sizes every step's decoded part."""
    total = 0
    for v in values:
        kind = type(v)
        if kind is np.ndarray:
            total += v.nbytes + 112
        elif kind is int or kind is float or kind is bool or v is None:
            total += 32
        elif (kind is list or kind is tuple) and not v:
            total += 56
        else:
            total += footprint(v)
    return total
