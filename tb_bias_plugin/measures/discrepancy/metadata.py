"""What identifies prediction discrepancy (DIPDI) in a logdir: its id, payload and schema file.

The writer half (summaries, callbacks, Beam) and the server half (routes)
both import these; this module imports nothing, like TensorBoard's
per-plugin ``metadata.py``.
"""

#: The measure's id: its key in the registry and in stored records.
MEASURE_ID = "discrepancy"

#: The schema of its payload (the only schema: messages are built from it).
PROTO_FILE = "tb_bias_plugin/measures/discrepancy/discrepancy.proto"

#: The payload's message in that file.
PAYLOAD_MESSAGE = "Discrepancy"

#: The member of the envelope's ``oneof payload`` that holds a Discrepancy; never reused.
PAYLOAD_NUMBER = 17
