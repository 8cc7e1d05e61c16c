"""The stored form of one step of one tag: a versioned envelope.

``Record`` holds a ``version`` and exactly one measure payload in the
``oneof payload``, whose members the registry assembles from the measures
(each declares its payload message and field number). Version 1, the first
release, stored an association table bare, without the envelope; those
bytes are still read (see `decode`). Layout and rules: docs/architecture.md.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from tb_bias_plugin.storage import schema
from tb_bias_plugin.storage.arrays import ARRAY

#: The newest record and metadata version this build writes; it reads
#: every version up to this one.
VERSION = 2

STORAGE_FILE = "tb_bias_plugin/storage/storage.proto"
RECORD_FILE = "tb_bias_plugin/storage/record.proto"

#: Field numbers of Record below this are the envelope's own (2 to 13 were
#: the bare version-1 table's and stay reserved, with 14).
FIRST_PAYLOAD_NUMBER = 16
#: The step's own description (TensorBoard keeps only a tag's first one).
DESCRIPTION_NUMBER = 15

PLUGIN_DATA = schema.Message(
    "PluginData", [schema.Field(1, "version", schema.INT32), schema.Field(7, "measure", schema.STRING)], reserved=[(2, 6)]
)

_storage = schema.build(schema.file_proto(STORAGE_FILE, [ARRAY, PLUGIN_DATA]))
PluginData = _storage["PluginData"]


class UnreadableRecord(ValueError):
    """Stored bytes that this build cannot decode; the message says why."""


@dataclasses.dataclass(frozen=True)
class PayloadSlot:
    """A measure's member of ``Record.payload``."""

    measure: str
    number: int
    message: str
    file: str


class Envelope:
    """The ``Record`` message for a given set of payload slots."""

    def __init__(self, slots: Sequence[PayloadSlot], v1_measure: str):
        numbers = [s.number for s in slots]
        if len(set(numbers)) != len(numbers) or min(numbers, default=FIRST_PAYLOAD_NUMBER) < FIRST_PAYLOAD_NUMBER:
            raise ValueError("payload field numbers must be unique and at least %d: %s" % (FIRST_PAYLOAD_NUMBER, numbers))
        fields = [schema.Field(1, "version", schema.INT32), schema.Field(DESCRIPTION_NUMBER, "description", schema.STRING)]
        fields += [schema.Field(s.number, s.measure, s.message, oneof="payload") for s in slots]
        self.message = schema.Message("Record", fields, reserved=[(2, DESCRIPTION_NUMBER - 1)])
        self.file = schema.file_proto(RECORD_FILE, [self.message], dependencies=sorted({s.file for s in slots}))
        self.Record = schema.build(self.file, alone=True)["Record"]
        self.slots = {s.measure: s for s in slots}
        self._v1_measure = v1_measure
        self._v1_message = schema.message_class(self.Record.DESCRIPTOR.fields_by_name[v1_measure].message_type)

    def decode(self, data: bytes) -> tuple[str, Any]:
        """``(measure, payload message)`` of stored bytes (see `read`)."""
        measure, payload, _ = self.read(data)
        return measure, payload

    def read(self, data: bytes) -> tuple[str, Any, str]:
        """``(measure, payload message, the step's description)`` of stored bytes.

        Raises
        ------
        UnreadableRecord
            If the bytes are not a record this build can read.
        """
        try:
            record = self.Record.FromString(data)
        except Exception as e:  # protobuf raises its own DecodeError
            raise UnreadableRecord("malformed tb_bias record: %s" % e)
        if record.version == 1:
            # Version 1 stored the association table itself, not an envelope.
            try:
                return self._v1_measure, self._v1_message.FromString(data), ""
            except Exception as e:
                raise UnreadableRecord("malformed tb_bias table: %s" % e)
        _check_version(record.version, "record")
        measure = record.WhichOneof("payload")
        if measure is None:
            raise UnreadableRecord("tb_bias record holds no payload this build knows; upgrade tb-bias-plugin")
        return measure, getattr(record, measure), record.description


def encode(number: int, payload: Any, description: str | None = None) -> bytes:
    """A ``Record`` holding ``payload`` as the oneof member ``number``, and
    the step's ``description``.

    Written on the wire directly, so writers need only the measure's field
    number, not the registry; `Envelope.read` reads it back.
    """
    body = payload.SerializeToString()
    out = _varint(1 << 3) + _varint(VERSION)  # field 1, varint
    if description:
        text = description.encode("utf-8")
        out += _varint(DESCRIPTION_NUMBER << 3 | 2) + _varint(len(text)) + text
    return out + _varint(number << 3 | 2) + _varint(len(body)) + body  # length-delimited member


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _check_version(version: int, what: str) -> None:
    if not 1 <= version <= VERSION:
        raise UnreadableRecord(
            "tb_bias %s version %d is not supported by this build (supports 1 to %d); upgrade tb-bias-plugin"
            % (what, version, VERSION)
        )


def plugin_data(measure: str) -> bytes:
    return PluginData(version=VERSION, measure=measure).SerializeToString()


def parse_plugin_data(content: bytes, v1_measure: str) -> str:
    """The measure id in ``SummaryMetadata.plugin_data.content``.

    Raises
    ------
    UnreadableRecord
        If ``content`` is not plugin data this build can read.
    """
    if not isinstance(content, bytes):
        raise TypeError("content must be bytes, got %r" % type(content).__name__)
    try:
        parsed = PluginData.FromString(content)
    except Exception as e:  # protobuf raises its own DecodeError
        raise UnreadableRecord("malformed tb_bias plugin metadata: %s" % e)
    _check_version(parsed.version, "plugin metadata")
    return v1_measure if parsed.version == 1 else parsed.measure
