"""Prediction discrepancy (DIPDI) in a logdir: its id, and its payload's schema, message and envelope member (numbered in the .proto)."""

from tb_bias_plugin.storage import schema

MEASURE_ID = "discrepancy"
PROTO_FILE = "tb_bias_plugin/measures/discrepancy/discrepancy.proto"
PAYLOAD_MESSAGE = "Discrepancy"
PAYLOAD_NUMBER = schema.payload_number(PROTO_FILE)
