"""Prediction sensitivity in a logdir: its id, and its payload's schema, message and envelope member (never reused)."""

MEASURE_ID = "sensitivity"
PROTO_FILE = "tb_bias_plugin/measures/sensitivity/sensitivity.proto"
PAYLOAD_MESSAGE = "Sensitivity"
PAYLOAD_NUMBER = 18
