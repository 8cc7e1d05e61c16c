"""Protocol buffer messages of the DIPDI payload (discrepancy.proto)."""

from tb_bias_plugin.measures.discrepancy.metadata import PROTO_FILE
from tb_bias_plugin.storage import record, schema
from tb_bias_plugin.storage.schema import BOOL, INT32, INT64, STRING, Field

#: Format version written in every record (field 1).
VERSION = 1

REPLICATE = schema.Message(
    "DiscrepancyReplicate",
    [
        Field(1, "replicate", INT64),
        Field(2, "num_examples", INT64),
        Field(3, "pair_sums", "Array"),
        Field(4, "group_names", STRING, repeated=True),
        Field(5, "group_sums", "Array"),
        Field(6, "group_counts", "Array"),
        Field(7, "top_ids", STRING, repeated=True),
        Field(8, "top_groups", STRING, repeated=True),
        Field(9, "top_excess", "Array"),
        Field(10, "top_outputs", "Array"),
        Field(11, "excess_edges", "Array"),
        Field(12, "excess_counts", "Array"),
        Field(13, "example_d", "Array"),
        Field(14, "has_groups", BOOL),
    ],
)

DISCREPANCY = schema.Message(
    "Discrepancy",
    [
        Field(1, "version", INT32),
        Field(2, "discrepancy", STRING),
        Field(3, "pairing", STRING),
        Field(4, "pool_names", STRING, repeated=True),
        Field(5, "m_a", INT32),
        Field(6, "m_b", INT32),
        Field(7, "output_shape", INT64, repeated=True),
        Field(8, "from_logits", BOOL),
        Field(9, "replicates", "DiscrepancyReplicate", repeated=True),
    ],
)


def file_descriptor_proto():
    """The schema as a FileDescriptorProto (what protoc makes of discrepancy.proto)."""
    return schema.file_proto(PROTO_FILE, [REPLICATE, DISCREPANCY], dependencies=[record.STORAGE_FILE])


_built = schema.build(file_descriptor_proto())
Discrepancy = _built["Discrepancy"]
DiscrepancyReplicate = _built["DiscrepancyReplicate"]
