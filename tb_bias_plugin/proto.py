"""Protocol buffer messages of the tb-bias storage format.

The schema is ``proto/tb_bias.proto``. The messages are built here from a
descriptor instead of protoc-generated code, because generated code is tied
to the protobuf runtime version it was generated for, and TensorBoard and
TensorFlow releases pin different protobuf majors.
"""

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto

FILE_NAME = "tb_bias_plugin/proto/tb_bias.proto"
PACKAGE = "tb_bias"


def _message(name, fields):
    message = descriptor_pb2.DescriptorProto(name=name)
    for number, (field_name, kind, repeated) in enumerate(fields, start=1):
        field = message.field.add(name=field_name, number=number)
        field.label = _F.LABEL_REPEATED if repeated else _F.LABEL_OPTIONAL
        if isinstance(kind, str):
            field.type = _F.TYPE_ENUM if kind == "TableKind" else _F.TYPE_MESSAGE
            field.type_name = ".%s.%s" % (PACKAGE, kind)
        else:
            field.type = kind
        field.json_name = "".join(
            part if i == 0 else part.capitalize() for i, part in enumerate(field_name.split("_"))
        )
    return message


def file_descriptor_proto():
    """The schema as a FileDescriptorProto (what protoc makes of the .proto)."""
    proto = descriptor_pb2.FileDescriptorProto(name=FILE_NAME, package=PACKAGE, syntax="proto3")
    kind = proto.enum_type.add(name="TableKind")
    for number, value in enumerate(["TABLE_KIND_UNSPECIFIED", "COUNTS", "PRECOMPUTED"]):
        kind.value.add(name=value, number=number)
    proto.message_type.extend(
        [
            _message(
                "BiasPluginData",
                [
                    ("version", _F.TYPE_INT32, False),
                    ("kind", "TableKind", False),
                    ("identity_names", _F.TYPE_STRING, True),
                    ("thresholds", _F.TYPE_DOUBLE, True),
                    ("num_labels", _F.TYPE_INT64, False),
                    ("metric_names", _F.TYPE_STRING, True),
                ],
            ),
            _message(
                "Array",
                [
                    ("dtype", _F.TYPE_STRING, False),
                    ("shape", _F.TYPE_INT64, True),
                    ("zlib_data", _F.TYPE_BYTES, False),
                ],
            ),
            _message(
                "Table",
                [
                    ("version", _F.TYPE_INT32, False),
                    ("kind", "TableKind", False),
                    ("label_names", _F.TYPE_STRING, True),
                    ("identity_names", _F.TYPE_STRING, True),
                    ("thresholds", _F.TYPE_DOUBLE, True),
                    ("num_examples", _F.TYPE_INT64, False),
                    ("label_counts", "Array", False),
                    ("identity_counts", "Array", False),
                    ("cooccurrence", "Array", False),
                    ("identity_cooccurrence", "Array", False),
                    ("identity_label_index", _F.TYPE_INT64, True),
                    ("metric_names", _F.TYPE_STRING, True),
                    ("values", "Array", False),
                ],
            ),
        ]
    )
    return proto


def _build():
    # A private pool keeps our names out of the process-wide default pool.
    pool = descriptor_pool.DescriptorPool()
    pool.Add(file_descriptor_proto())
    get_class = getattr(message_factory, "GetMessageClass", None)
    if get_class is None:  # protobuf < 4.21
        get_class = message_factory.MessageFactory(pool).GetPrototype
    classes = {
        name: get_class(pool.FindMessageTypeByName("%s.%s" % (PACKAGE, name)))
        for name in ("BiasPluginData", "Array", "Table")
    }
    return classes, pool.FindEnumTypeByName(PACKAGE + ".TableKind")


_classes, _kind = _build()
BiasPluginData = _classes["BiasPluginData"]
Array = _classes["Array"]
Table = _classes["Table"]
COUNTS = _kind.values_by_name["COUNTS"].number
PRECOMPUTED = _kind.values_by_name["PRECOMPUTED"].number
