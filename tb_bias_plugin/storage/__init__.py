"""How measures are stored in event files: one versioned record per step.

Shared by every measure: the summary metadata (`metadata`), the envelope
that holds one measure's payload (`record`), the messages loaded from the
.proto files' descriptor sets (`schema`, built by `build_descriptors`),
array packing (`arrays`) and the rules of what stored values may hold
(`values`). See docs/architecture.md.
"""
