"""Protocol buffer messages built from descriptors at import time.

Generated code is tied to the protobuf runtime it was generated for, and
TensorBoard and TensorFlow releases pin different protobuf majors, so the
messages are built here instead. Every field number is written out: a
number, once used, keeps its meaning forever (see docs/architecture.md).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence, Union

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto

PACKAGE = "tb_bias"

INT32, INT64, DOUBLE, STRING, BYTES, BOOL, FLOAT = (
    _F.TYPE_INT32,
    _F.TYPE_INT64,
    _F.TYPE_DOUBLE,
    _F.TYPE_STRING,
    _F.TYPE_BYTES,
    _F.TYPE_BOOL,
    _F.TYPE_FLOAT,
)


@dataclasses.dataclass(frozen=True)
class Field:
    """One field: ``kind`` is a scalar type above or the name of a message or enum."""

    number: int
    name: str
    kind: Union[int, str]
    repeated: bool = False
    oneof: str | None = None


@dataclasses.dataclass(frozen=True)
class Message:
    name: str
    fields: Sequence[Field]
    reserved: Sequence[tuple[int, int]] = ()


@dataclasses.dataclass(frozen=True)
class Enum:
    name: str
    values: Sequence[str]


def _json_name(name: str) -> str:
    parts = name.split("_")
    return parts[0] + "".join(p.capitalize() for p in parts[1:])


def message_proto(message: Message, enums: Sequence[str]) -> descriptor_pb2.DescriptorProto:
    """The DescriptorProto of ``message``; ``enums`` names the enum types it may use."""
    proto = descriptor_pb2.DescriptorProto(name=message.name)
    oneofs: list[str] = []
    for f in message.fields:
        field = proto.field.add(name=f.name, number=f.number, json_name=_json_name(f.name))
        field.label = _F.LABEL_REPEATED if f.repeated else _F.LABEL_OPTIONAL
        if isinstance(f.kind, str):
            field.type = _F.TYPE_ENUM if f.kind in enums else _F.TYPE_MESSAGE
            field.type_name = ".%s.%s" % (PACKAGE, f.kind)
        else:
            field.type = f.kind
        if f.oneof is not None:
            if f.oneof not in oneofs:
                oneofs.append(f.oneof)
                proto.oneof_decl.add(name=f.oneof)
            field.oneof_index = oneofs.index(f.oneof)
    for start, end in message.reserved:
        proto.reserved_range.add(start=start, end=end + 1)  # end is exclusive in descriptors
    return proto


def file_proto(
    name: str,
    messages: Sequence[Message],
    enums: Sequence[Enum] = (),
    dependencies: Sequence[str] = (),
) -> descriptor_pb2.FileDescriptorProto:
    """A FileDescriptorProto (what protoc makes of a .proto file)."""
    proto = descriptor_pb2.FileDescriptorProto(name=name, package=PACKAGE, syntax="proto3")
    proto.dependency.extend(dependencies)
    for enum in enums:
        e = proto.enum_type.add(name=enum.name)
        for number, value in enumerate(enum.values):
            e.value.add(name=value, number=number)
    enum_names = [e.name for e in enums]
    proto.message_type.extend(message_proto(m, enum_names) for m in messages)
    return proto


# A private pool keeps our names out of the process-wide default pool. The
# files of every measure and the envelope that holds them all live in it.
_POOL = descriptor_pool.DescriptorPool()
# Pools made by build(alone=True), and the classes of every pool: protobuf
# holds them weakly, and a collected one invalidates its descriptors.
_KEPT: list[Any] = []


def build(file: descriptor_pb2.FileDescriptorProto, *, alone: bool = False) -> dict[str, Any]:
    """Add ``file`` to the pool; its message classes and enum descriptors by name.

    With ``alone``, ``file`` goes to a new pool holding only it and the
    files it imports, so several versions of it (envelopes of different
    sets of measures) can coexist.
    """
    pool = _POOL
    if alone:
        pool = descriptor_pool.DescriptorPool()
        for dependency in _dependencies(file):
            pool.Add(dependency)
    pool.Add(file)
    _KEPT.append(pool)
    found: dict[str, Any] = {}
    for message in file.message_type:
        found[message.name] = message_class(pool.FindMessageTypeByName("%s.%s" % (PACKAGE, message.name)))
    for enum in file.enum_type:
        found[enum.name] = pool.FindEnumTypeByName("%s.%s" % (PACKAGE, enum.name))
    return found


def message_class(descriptor: Any) -> Any:
    """The message class of ``descriptor``, kept alive for the process."""
    get_class = getattr(message_factory, "GetMessageClass", None)
    if get_class is None:  # protobuf < 4.21
        get_class = message_factory.MessageFactory(descriptor.file.pool).GetPrototype
    found = get_class(descriptor)
    _KEPT.append(found)
    return found


def _dependencies(file: descriptor_pb2.FileDescriptorProto) -> list[descriptor_pb2.FileDescriptorProto]:
    """The files ``file`` imports from the shared pool, each after its own imports."""
    ordered: list[descriptor_pb2.FileDescriptorProto] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        proto = descriptor_pb2.FileDescriptorProto()
        _POOL.FindFileByName(name).CopyToProto(proto)
        for dependency in proto.dependency:
            visit(dependency)
        ordered.append(proto)

    for name in file.dependency:
        visit(name)
    return ordered
