"""The messages of sensitivity.proto, loaded from its descriptor set."""

from tb_bias_plugin.measures.sensitivity.metadata import PROTO_FILE
from tb_bias_plugin.storage import schema

#: Format version written in every record (its ``version`` field): 2 keeps
#: the retained examples' arrays as columns (``example_columns``).
VERSION = 2
#: The version that kept each retained example's arrays in the example; still read.
PER_EXAMPLE_VERSION = 1

_found = schema.messages(PROTO_FILE)
Sensitivity = _found["Sensitivity"]
TABULAR = _found["SensitivityInput"].values_by_name["SENSITIVITY_INPUT_TABULAR"].number
TEXT = _found["SensitivityInput"].values_by_name["SENSITIVITY_INPUT_TEXT"].number
