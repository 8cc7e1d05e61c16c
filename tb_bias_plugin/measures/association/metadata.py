"""Label associations in a logdir: its id, and its payload's schema, message and envelope member (numbered in the .proto)."""

from tb_bias_plugin.storage import schema

MEASURE_ID = "association"
PROTO_FILE = "tb_bias_plugin/measures/association/association.proto"
PAYLOAD_MESSAGE = "Table"
PAYLOAD_NUMBER = schema.payload_number(PROTO_FILE)
