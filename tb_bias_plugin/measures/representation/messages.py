"""Protocol buffer messages of the representation payload (representation.proto)."""

from tb_bias_plugin.measures.representation.metadata import PROTO_FILE
from tb_bias_plugin.storage import record, schema
from tb_bias_plugin.storage.schema import DOUBLE, INT32, INT64, STRING, Field

LAYER = schema.Message(
    "RepresentationLayer",
    [
        Field(1, "layer", STRING),
        Field(2, "bias", DOUBLE),
        Field(3, "mutual_information", DOUBLE),
        Field(4, "mutual_information_sampled", DOUBLE),
        Field(5, "entropy", DOUBLE),
        Field(6, "control_bias", DOUBLE),
        Field(7, "control_mutual_information", DOUBLE),
        Field(8, "control_biases", "Array"),
        Field(9, "control_mutual_informations", "Array"),
        Field(10, "train_curve", "Array"),
        Field(11, "train_steps", "Array"),
        Field(12, "heldout_steps", "Array"),
        Field(13, "heldout_curve", "Array"),
        Field(14, "validation_curve", "Array"),
        Field(15, "n", INT64),
        Field(16, "n_train", INT64),
        Field(17, "n_heldout", INT64),
        Field(18, "class_counts", "Array"),
        Field(19, "flags", STRING, repeated=True),
        Field(20, "reason", STRING),
        Field(21, "settings_json", STRING),
        Field(22, "best_step", INT64),
        Field(23, "train_entropy", DOUBLE),
    ],
)

PAYLOAD = schema.Message(
    "RepresentationBias",
    [
        Field(1, "version", INT32),
        Field(2, "attribute", STRING),
        Field(3, "layers", "RepresentationLayer", repeated=True),
        Field(4, "class_names", STRING, repeated=True),
    ],
)


def file_descriptor_proto():
    """The schema as a FileDescriptorProto (what protoc makes of representation.proto)."""
    return schema.file_proto(PROTO_FILE, [LAYER, PAYLOAD], dependencies=[record.STORAGE_FILE])


_built = schema.build(file_descriptor_proto())
RepresentationLayer = _built["RepresentationLayer"]
RepresentationBias = _built["RepresentationBias"]
