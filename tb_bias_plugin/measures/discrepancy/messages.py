"""The messages of discrepancy.proto, loaded from its descriptor set."""

from tb_bias_plugin.measures.discrepancy.metadata import PROTO_FILE
from tb_bias_plugin.storage import schema

#: Format version written in every record (its ``version`` field).
VERSION = 1

_found = schema.messages(PROTO_FILE)
Discrepancy = _found["Discrepancy"]
