"""The messages of association.proto, loaded from its descriptor set."""

from tb_bias_plugin.measures.association.metadata import PROTO_FILE
from tb_bias_plugin.storage import schema

_found = schema.messages(PROTO_FILE)
Table = _found["Table"]
COUNTS = _found["TableKind"].values_by_name["COUNTS"].number
PRECOMPUTED = _found["TableKind"].values_by_name["PRECOMPUTED"].number
#: The ``Table.version`` this build writes, and the newest it reads.
TABLE_VERSION = 1
