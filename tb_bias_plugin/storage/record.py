"""The stored form of one step of one tag: a versioned envelope.

``Record`` is storage.proto's ``Envelope`` (a ``version`` and the step's
description) with exactly one measure payload in the ``oneof payload``,
whose members the registry adds from the measures (each declares its
payload message, its .proto file and its field number). Version 1, the first
release, stored an association table bare, without the envelope; those
bytes are still read (see `decode`). Layout and rules: docs/architecture.md.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Sequence

from google.protobuf import descriptor_pb2

from tb_bias_plugin.storage import schema

#: The newest record and metadata version this build writes; it reads
#: every version up to this one.
VERSION = 2

STORAGE_FILE = "tb_bias_plugin/storage/storage.proto"
#: The name of the file that holds ``Record``, assembled at run time (not on disk).
RECORD_FILE = "tb_bias_plugin/storage/record.proto"

PluginData = schema.messages(STORAGE_FILE)["PluginData"]
_STORAGE = schema.file_proto(STORAGE_FILE)
#: ``Record`` without its payload members (storage.proto).
ENVELOPE = next(m for m in _STORAGE.message_type if m.name == "Envelope")
#: Payload members take numbers from here up: the envelope uses or
#: reserves every number below it (a reserved range ends one past its last).
FIRST_PAYLOAD_NUMBER = max([f.number + 1 for f in ENVELOPE.field] + [r.end for r in ENVELOPE.reserved_range])


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

    def __init__(self, slots: Sequence[PayloadSlot], v1_measure: str | None = None):
        numbers = [s.number for s in slots]
        if len(set(numbers)) != len(numbers) or min(numbers, default=FIRST_PAYLOAD_NUMBER) < FIRST_PAYLOAD_NUMBER:
            raise ValueError("payload field numbers must be unique and at least %d: %s" % (FIRST_PAYLOAD_NUMBER, numbers))
        self.file = _record_file(slots)
        # A pool of its own, so envelopes of different sets of measures coexist.
        pool = schema.new_pool(self.file.dependency)
        pool.AddSerializedFile(self.file.SerializeToString())
        self.Record = schema.message_class(pool.FindMessageTypeByName("%s.Record" % self.file.package))
        self.slots = {s.measure: s for s in slots}
        self._v1_measure = v1_measure
        if v1_measure is not None:
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
        if record.version == 1 and self._v1_measure is not None:
            # Version 1 stored the association table itself, not an envelope.
            try:
                return self._v1_measure, self._v1_message.FromString(data), ""
            except Exception as e:
                raise UnreadableRecord("malformed tb_bias table: %s" % e)
        check_version(record.version, "record")
        measure = record.WhichOneof("payload")
        if measure is None:
            raise UnreadableRecord("tb_bias record holds no payload this build knows; upgrade tb-bias-plugin")
        return measure, getattr(record, measure), record.description


def _record_file(slots: Sequence[PayloadSlot]) -> descriptor_pb2.FileDescriptorProto:
    """The file that declares ``Record``: `ENVELOPE` and a ``oneof payload``
    member of each slot (the slot's payload message as field ``number``)."""
    file = descriptor_pb2.FileDescriptorProto(
        name=RECORD_FILE, package=_STORAGE.package, syntax="proto3", dependency=sorted({s.file for s in slots})
    )
    record = file.message_type.add()
    record.CopyFrom(ENVELOPE)
    record.name = "Record"
    record.oneof_decl.add(name="payload")
    for slot in slots:
        payloads = schema.load_file(slot.file).message_types_by_name
        if slot.message not in payloads:
            raise ValueError("%s declares no message %s (payload of %r)" % (slot.file, slot.message, slot.measure))
        record.field.add(
            name=slot.measure,
            number=slot.number,
            label=descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL,
            type=descriptor_pb2.FieldDescriptorProto.TYPE_MESSAGE,
            type_name="." + payloads[slot.message].full_name,
            oneof_index=0,
        )
    return file


@functools.lru_cache(maxsize=None)
def _writing_envelope(number: int, payload: Any) -> Envelope:
    """An envelope with ``payload`` (a message descriptor) as its one member ``number``."""
    return Envelope([PayloadSlot("written", number, payload.name, payload.file.name)])


def encode(number: int, payload: Any, description: str | None = None) -> bytes:
    """A ``Record`` holding ``payload`` as the oneof member ``number``, and
    the step's ``description``.

    Writers need only the measure's field number, not the registry;
    `Envelope.read` reads it back.
    """
    record = _writing_envelope(number, payload.DESCRIPTOR).Record(version=VERSION, description=description or "")
    # The envelope's pool has its own payload class: copied as bytes.
    record.written.SetInParent()
    record.written.MergeFromString(payload.SerializeToString())
    return record.SerializeToString()


def check_version(version: int, what: str, newest: int = VERSION) -> None:
    """That ``what`` (the envelope, the metadata or a payload's own
    version) is one this build reads, 1 to ``newest``: a newer one is
    refused, never guessed at."""
    if version == 0:  # proto3's default: the field was never written, so no writer of ours made it
        raise UnreadableRecord("tb_bias %s has no version: the record is empty or was not written by tb-bias" % what)
    if not 1 <= version <= newest:
        raise UnreadableRecord(
            "tb_bias %s version %d is not supported by this build (supports %s); upgrade tb-bias-plugin"
            % (what, version, "1" if newest == 1 else "1 to %d" % newest)
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
    check_version(parsed.version, "plugin metadata")
    return v1_measure if parsed.version == 1 else parsed.measure
