"""Representation bias in a logdir: its id, and its payload's schema, message and envelope member (numbered in the .proto)."""

from tb_bias_plugin.storage import schema

MEASURE_ID = "representation"
PROTO_FILE = "tb_bias_plugin/measures/representation/representation.proto"
PAYLOAD_MESSAGE = "RepresentationBias"
PAYLOAD_NUMBER = schema.payload_number(PROTO_FILE)
#: said when a step of a tag is written twice in one process (`Measure.rewrite_hint`)
REWRITE_HINT = ("the layers of one step go in one record: writer.representation_bias(name, {layer: result, ...}, "
                "step=...), or log_representation_bias(..., layers=[...]) in one call")
