"""Protocol buffer messages of the prediction-sensitivity payload (sensitivity.proto)."""

from tb_bias_plugin.measures.sensitivity.metadata import PROTO_FILE
from tb_bias_plugin.storage import record, schema
from tb_bias_plugin.storage.schema import DOUBLE, INT32, INT64, STRING, Field

#: Format version written in every record (field 1).
VERSION = 1

INPUT_KIND = schema.Enum(
    "SensitivityInput", ["SENSITIVITY_INPUT_UNSPECIFIED", "SENSITIVITY_INPUT_TABULAR", "SENSITIVITY_INPUT_TEXT"]
)

STATS = schema.Message(
    "SensitivityStats",
    [
        Field(1, "key", STRING),
        Field(2, "n", INT64),
        Field(3, "n_defined", INT64),
        Field(4, "mean", DOUBLE),
        Field(5, "median", DOUBLE),
        Field(6, "p90", DOUBLE),
        Field(7, "max", DOUBLE),
    ],
)

CHOICE = schema.Message(
    "SensitivityChoice",
    [
        Field(1, "name", STRING),
        Field(2, "kind", STRING),
        Field(3, "words", STRING, repeated=True),
        Field(4, "indices", INT64, repeated=True),
        Field(5, "overall", "SensitivityStats"),
        Field(6, "by_group", "SensitivityStats", repeated=True),
        Field(7, "by_class", "SensitivityStats", repeated=True),
        Field(8, "reasons", STRING, repeated=True),
        Field(9, "reason_counts", INT64, repeated=True),
        Field(10, "histogram_edges", "Array"),
        Field(11, "histogram_counts", "Array"),
        Field(12, "quantiles", "Array"),
        Field(13, "class_rows", "Array"),
        Field(14, "feature_sensitivity", "Array"),
        Field(15, "feature_contribution", "Array"),
        Field(16, "token_types", STRING, repeated=True),
        Field(17, "token_type_sensitivity", "Array"),
        Field(18, "token_type_counts", "Array"),
        Field(19, "top_examples", INT64, repeated=True),
    ],
)

EXAMPLE = schema.Message(
    "SensitivityExample",
    [
        Field(1, "id", STRING),
        Field(2, "group", STRING),
        Field(3, "pred_class", INT64),
        Field(4, "pred_prob", DOUBLE),
        Field(5, "tokens", STRING, repeated=True),
        Field(6, "p", "Array"),
        Field(7, "token_sensitivity", "Array"),
        Field(8, "token_weight", "Array"),
        Field(9, "feature_sensitivity", "Array"),
        Field(10, "feature_weight", "Array"),
        Field(11, "reasons", STRING, repeated=True),
        Field(12, "in_sample", INT32),
    ],
)

SENSITIVITY = schema.Message(
    "Sensitivity",
    [
        Field(1, "version", INT32),
        Field(2, "input", "SensitivityInput"),
        Field(3, "feature_names", STRING, repeated=True),
        Field(4, "class_names", STRING, repeated=True),
        Field(5, "w", DOUBLE, repeated=True),
        Field(6, "num_examples", INT64),
        Field(7, "choices", "SensitivityChoice", repeated=True),
        Field(8, "examples", "SensitivityExample", repeated=True),
        Field(9, "top_k", INT64),
        Field(10, "sample_size", INT64),
        Field(11, "has_groups", INT32),
        Field(12, "has_classes", INT32),
    ],
)


def file_descriptor_proto():
    """The schema as a FileDescriptorProto (what protoc makes of sensitivity.proto)."""
    return schema.file_proto(
        PROTO_FILE, [STATS, CHOICE, EXAMPLE, SENSITIVITY], [INPUT_KIND], dependencies=[record.STORAGE_FILE]
    )


_built = schema.build(file_descriptor_proto())
Sensitivity = _built["Sensitivity"]
SensitivityChoice = _built["SensitivityChoice"]
SensitivityExample = _built["SensitivityExample"]
SensitivityStats = _built["SensitivityStats"]
TABULAR = _built["SensitivityInput"].values_by_name["SENSITIVITY_INPUT_TABULAR"].number
TEXT = _built["SensitivityInput"].values_by_name["SENSITIVITY_INPUT_TEXT"].number
