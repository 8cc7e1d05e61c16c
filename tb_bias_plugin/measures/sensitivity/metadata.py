"""Prediction sensitivity in a logdir: its id, and its payload's schema, message and envelope member (numbered in the .proto)."""

from tb_bias_plugin.storage import schema

MEASURE_ID = "sensitivity"
PROTO_FILE = "tb_bias_plugin/measures/sensitivity/sensitivity.proto"
PAYLOAD_MESSAGE = "Sensitivity"
PAYLOAD_NUMBER = schema.payload_number(PROTO_FILE)
