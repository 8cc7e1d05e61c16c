"""Prediction discrepancy (DIPDI) in a logdir: its id, and its payload's schema, message and envelope member (never reused)."""

MEASURE_ID = "discrepancy"
PROTO_FILE = "tb_bias_plugin/measures/discrepancy/discrepancy.proto"
PAYLOAD_MESSAGE = "Discrepancy"
PAYLOAD_NUMBER = 17
