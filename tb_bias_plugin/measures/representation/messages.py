"""The messages of representation.proto, loaded from its descriptor set."""

from tb_bias_plugin.measures.representation.metadata import PROTO_FILE
from tb_bias_plugin.storage import schema

#: Format version written in every record (its ``version`` field).
VERSION = 1

_found = schema.messages(PROTO_FILE)
RepresentationLayer = _found["RepresentationLayer"]
RepresentationBias = _found["RepresentationBias"]
