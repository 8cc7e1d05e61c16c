"""Label associations in a logdir: its id, and its payload's schema, message and envelope member (never reused)."""

MEASURE_ID = "association"
PROTO_FILE = "tb_bias_plugin/measures/association/association.proto"
PAYLOAD_MESSAGE = "Table"
PAYLOAD_NUMBER = 16
