"""What identifies prediction sensitivity in a logdir: its id, payload and schema file.

The writer half (summaries, callbacks, Beam) and the server half (routes)
both import these; this module imports nothing, like TensorBoard's
per-plugin ``metadata.py``.
"""

#: The measure's id: its key in the registry and in stored records.
MEASURE_ID = "sensitivity"

#: The schema of its payload (the only schema: messages are built from it).
PROTO_FILE = "tb_bias_plugin/measures/sensitivity/sensitivity.proto"

#: The payload's message in that file.
PAYLOAD_MESSAGE = "Sensitivity"

#: The member of the envelope's ``oneof payload`` that holds a Sensitivity; never reused.
PAYLOAD_NUMBER = 18
