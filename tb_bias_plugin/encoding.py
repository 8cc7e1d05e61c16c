"""Encoding of tables to the bytes stored in event files, and back."""

import zlib

import numpy as np

from tb_bias_plugin import metadata, proto
from tb_bias_plugin.table import AssociationTable, PrecomputedTable

# zlib level 1: most of the size win of higher levels at a fraction of the
# time; count arrays are mostly small integers and zeros.
_ZLIB_LEVEL = 1


def _pack(message, array):
    array = np.asarray(array)
    if array.dtype.kind in "iu" and (array.size == 0 or array.min() >= 0):
        # Counts are stored in the narrowest unsigned type that holds them.
        top = int(array.max()) if array.size else 0
        for dtype in (np.uint8, np.uint16, np.uint32, np.uint64):
            if top <= np.iinfo(dtype).max:
                array = array.astype(dtype)
                break
    array = np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("<"))
    message.dtype = array.dtype.str
    message.shape.extend(array.shape)
    message.zlib_data = zlib.compress(array.tobytes(), _ZLIB_LEVEL)


def _unpack(message, dtype):
    try:
        stored = np.dtype(message.dtype)
        shape = tuple(message.shape)
        if any(d < 0 for d in shape):
            raise ValueError("negative dimension")
        size = stored.itemsize * int(np.prod(shape, dtype=np.int64))
        # Never inflate more than the header promises: a small corrupt or
        # hostile blob must not expand into gigabytes.
        inflater = zlib.decompressobj()
        raw = inflater.decompress(message.zlib_data, size + 1)
        if len(raw) != size or inflater.unconsumed_tail:
            raise ValueError("expected %d bytes for shape %s" % (size, shape))
        array = np.frombuffer(raw, dtype=stored).reshape(shape)
    except (zlib.error, TypeError, ValueError, OverflowError) as e:
        raise ValueError("corrupt array in tb_bias table: %s" % e)
    return array.astype(dtype)


def encode_table(table):
    """Serialize an `AssociationTable` or `PrecomputedTable` to bytes."""
    message = proto.Table(version=metadata.PROTO_VERSION)
    message.label_names.extend(table.label_names)
    if isinstance(table, AssociationTable):
        message.kind = proto.COUNTS
        message.identity_names.extend(table.identity_names)
        message.thresholds.extend(table.thresholds)
        message.num_examples = table.num_examples
        message.identity_label_index.extend(int(i) for i in table.identity_label_index)
        _pack(message.label_counts, table.label_counts)
        _pack(message.identity_counts, table.identity_counts)
        _pack(message.cooccurrence, table.cooccurrence)
        _pack(message.identity_cooccurrence, table.identity_cooccurrence)
    elif isinstance(table, PrecomputedTable):
        message.kind = proto.PRECOMPUTED
        message.metric_names.extend(table.metric_names)
        _pack(message.values, table.values)
    else:
        raise TypeError("expected an AssociationTable or PrecomputedTable, got %r" % type(table).__name__)
    return message.SerializeToString()


def _parse(data):
    try:
        message = proto.Table.FromString(data)
    except Exception as e:  # protobuf raises its own DecodeError
        raise ValueError("malformed tb_bias table: %s" % e)
    if not 1 <= message.version <= metadata.PROTO_VERSION:
        raise ValueError(
            "tb_bias table version %d is not supported by this build (supports 1 to %d)"
            % (message.version, metadata.PROTO_VERSION)
        )
    if message.kind not in (proto.COUNTS, proto.PRECOMPUTED):
        raise ValueError("tb_bias table has unknown kind %d" % message.kind)
    return message


def describe_table(data):
    """What a table holds, without decompressing its arrays.

    Returns a ``BiasPluginData`` (the same description as the summary
    metadata) of the table in ``data``.
    """
    message = _parse(data)
    return proto.BiasPluginData(
        version=message.version,
        kind=message.kind,
        identity_names=message.identity_names,
        thresholds=message.thresholds,
        num_labels=len(message.label_names),
        metric_names=message.metric_names,
    )


def decode_table(data):
    """Parse bytes written by :func:`encode_table`.

    Raises
    ------
    ValueError
        If ``data`` is not a table this build can read.
    """
    message = _parse(data)
    if message.kind == proto.COUNTS:
        return AssociationTable(
            label_names=list(message.label_names),
            identity_names=list(message.identity_names),
            thresholds=list(message.thresholds),
            num_examples=message.num_examples,
            label_counts=_unpack(message.label_counts, np.int64),
            identity_counts=_unpack(message.identity_counts, np.int64),
            cooccurrence=_unpack(message.cooccurrence, np.int64),
            identity_cooccurrence=_unpack(message.identity_cooccurrence, np.int64),
            identity_label_index=list(message.identity_label_index),
        )
    return PrecomputedTable(
        label_names=list(message.label_names),
        metric_names=list(message.metric_names),
        values=_unpack(message.values, np.float64),
    )
