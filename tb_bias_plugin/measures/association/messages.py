"""Protocol buffer messages of the association payload (association.proto)."""

from tb_bias_plugin.measures.association.metadata import PROTO_FILE
from tb_bias_plugin.storage import record, schema
from tb_bias_plugin.storage.schema import BOOL, DOUBLE, INT32, INT64, STRING, Field

TABLE_KIND = schema.Enum("TableKind", ["TABLE_KIND_UNSPECIFIED", "COUNTS", "PRECOMPUTED"])

TABLE = schema.Message(
    "Table",
    [
        Field(1, "version", INT32),
        Field(2, "kind", "TableKind"),
        Field(3, "label_names", STRING, repeated=True),
        Field(4, "identity_names", STRING, repeated=True),
        Field(5, "thresholds", DOUBLE, repeated=True),
        Field(6, "num_examples", INT64),
        Field(7, "label_counts", "Array"),
        Field(8, "identity_counts", "Array"),
        Field(9, "cooccurrence", "Array"),
        Field(10, "identity_cooccurrence", "Array"),
        Field(11, "identity_label_index", INT64, repeated=True),
        Field(12, "metric_names", STRING, repeated=True),
        Field(13, "values", "Array"),
        Field(14, "expected_counts", BOOL),
    ],
)


def file_descriptor_proto():
    """The schema as a FileDescriptorProto (what protoc makes of association.proto)."""
    return schema.file_proto(PROTO_FILE, [TABLE], [TABLE_KIND], dependencies=[record.STORAGE_FILE])


_built = schema.build(file_descriptor_proto())
Table = _built["Table"]
COUNTS = _built["TableKind"].values_by_name["COUNTS"].number
PRECOMPUTED = _built["TableKind"].values_by_name["PRECOMPUTED"].number
