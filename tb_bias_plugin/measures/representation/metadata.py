"""Representation bias in a logdir: its id, and its payload's schema, message and envelope member (never reused)."""

MEASURE_ID = "representation"
PROTO_FILE = "tb_bias_plugin/measures/representation/representation.proto"
PAYLOAD_MESSAGE = "RepresentationBias"
PAYLOAD_NUMBER = 19
