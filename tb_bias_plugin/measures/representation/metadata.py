"""Representation bias in a logdir: its id, and its payload's schema, message and envelope member (numbered in the .proto)."""

from tb_bias_plugin.storage import schema

MEASURE_ID = "representation"
PROTO_FILE = "tb_bias_plugin/measures/representation/representation.proto"
PAYLOAD_MESSAGE = "RepresentationBias"
PAYLOAD_NUMBER = schema.payload_number(PROTO_FILE)
