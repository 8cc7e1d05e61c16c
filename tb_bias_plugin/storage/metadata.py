"""Summary metadata of the tb_bias plugin: its name, data class and content."""

from __future__ import annotations

from tensorboard.compat.proto import summary_pb2

from tb_bias_plugin.storage import record

PLUGIN_NAME = "tb_bias"

# Records can be large, so they are stored as blob sequences (one blob per
# step) that TensorBoard's data providers fetch only when asked, not as
# tensors that every listing would transfer.
DATA_CLASS = summary_pb2.DATA_CLASS_BLOB_SEQUENCE


def create_summary_metadata(measure: str, description: str | None = None) -> summary_pb2.SummaryMetadata:
    """`SummaryMetadata` of a tag that holds records of ``measure``."""
    return summary_pb2.SummaryMetadata(
        summary_description=description or "",
        plugin_data=summary_pb2.SummaryMetadata.PluginData(
            plugin_name=PLUGIN_NAME, content=record.plugin_data(measure)
        ),
        data_class=DATA_CLASS,
    )
