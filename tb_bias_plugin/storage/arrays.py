"""N-dimensional arrays in messages (``Array`` of storage.proto): zlib-compressed little-endian bytes."""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

# zlib level 1: most of the size win of higher levels at a fraction of the
# time; count arrays are mostly small integers and zeros.
_ZLIB_LEVEL = 1
# deflate cannot shrink data by more than about 1032:1, so a header that
# declares more is corrupt or hostile, and is refused before inflating.
_MAX_RATIO = 1100
#: Largest array a record may hold once inflated.
MAX_ARRAY_BYTES = 4 << 30


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


def unpack(message: Any, dtype: Any, shape: tuple | None = None) -> np.ndarray:
    """The array in ``message`` as ``dtype``; ``shape``, if given, is the shape
    it must have (None in it: any length), checked before anything is inflated.

    Raises
    ------
    ValueError
        If the message is corrupt, its data does not match its shape, or its
        declared size is impossible for its compressed size or too large.
    """
    try:
        stored = np.dtype(message.dtype)
        if stored.hasobject:
            raise ValueError("object arrays are not stored")
        declared = tuple(int(d) for d in message.shape)
        if any(d < 0 for d in declared):
            raise ValueError("negative dimension")
        if shape is not None and (
            len(shape) != len(declared) or any(want is not None and want != d for want, d in zip(shape, declared))
        ):
            raise ValueError("shape %s, expected %s" % (declared, shape))
        size = stored.itemsize * int(np.prod(declared, dtype=object))
        if size > MAX_ARRAY_BYTES:
            raise ValueError("declares %d bytes, more than the %d a record may hold" % (size, MAX_ARRAY_BYTES))
        if size > _MAX_RATIO * len(message.zlib_data) + 4096:
            raise ValueError(
                "declares %d bytes but holds only %d compressed bytes" % (size, len(message.zlib_data))
            )
        shape = declared
        # Never inflate more than the header promises: a small corrupt or
        # hostile blob must not expand into gigabytes.
        inflater = zlib.decompressobj()
        raw = inflater.decompress(message.zlib_data, size + 1)
        if len(raw) != size or inflater.unconsumed_tail:
            raise ValueError("expected %d bytes for shape %s" % (size, shape))
        array = np.frombuffer(raw, dtype=stored).reshape(shape)
    except (zlib.error, TypeError, ValueError, OverflowError) as e:
        raise ValueError("corrupt array in tb_bias record: %s" % e)
    return array.astype(dtype)
