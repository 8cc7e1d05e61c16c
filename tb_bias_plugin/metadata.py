"""Summary metadata of the tb_bias plugin: names, versions, data class."""

from tensorboard.compat.proto import summary_pb2

from tb_bias_plugin import proto

PLUGIN_NAME = "tb_bias"

# The newest version of `BiasPluginData` and `Table` this build writes; it
# reads every version up to this one.
PROTO_VERSION = 1

# Tables are large, so they are stored as blob sequences (one blob per step)
# that TensorBoard's data providers fetch only when asked, not as tensors
# that every listing would transfer.
DATA_CLASS = summary_pb2.DATA_CLASS_BLOB_SEQUENCE


def create_summary_metadata(table, description=None):
    """`SummaryMetadata` describing ``table`` (an AssociationTable or PrecomputedTable)."""
    content = proto.BiasPluginData(version=PROTO_VERSION, num_labels=len(table.label_names))
    if hasattr(table, "thresholds"):
        content.kind = proto.COUNTS
        content.identity_names.extend(table.identity_names)
        content.thresholds.extend(table.thresholds)
    else:
        content.kind = proto.PRECOMPUTED
        content.identity_names.extend(table.identity_names)
        content.metric_names.extend(table.metric_names)
    return summary_pb2.SummaryMetadata(
        summary_description=description or "",
        plugin_data=summary_pb2.SummaryMetadata.PluginData(
            plugin_name=PLUGIN_NAME, content=content.SerializeToString()
        ),
        data_class=DATA_CLASS,
    )


def parse_plugin_metadata(content):
    """Parse `SummaryMetadata.plugin_data.content` into a `BiasPluginData`.

    Raises
    ------
    ValueError
        If ``content`` is not a `BiasPluginData` this build can read.
    """
    if not isinstance(content, bytes):
        raise TypeError("content must be bytes, got %r" % type(content).__name__)
    try:
        result = proto.BiasPluginData.FromString(content)
    except Exception as e:  # protobuf raises its own DecodeError
        raise ValueError("malformed tb_bias plugin metadata: %s" % e)
    if not 1 <= result.version <= PROTO_VERSION:
        raise ValueError(
            "tb_bias plugin metadata version %d is not supported by this build "
            "(supports 1 to %d); upgrade tb-bias-plugin" % (result.version, PROTO_VERSION)
        )
    return result
