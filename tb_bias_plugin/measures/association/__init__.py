"""Label associations: which predicted labels a model ties to which identity.

Counts of labels alone and with each identity are stored; nPMI and nine
other metrics, gaps, rankings and distributions are derived when read
(docs/measures/association.md).
"""

from __future__ import annotations

from tb_bias_plugin.measures.association import builder, codec, legacy, metadata
from tb_bias_plugin.measures.base import Measure, Summary


class AssociationMeasure(Measure):
    title = "Label associations"
    order = 10
    metadata = metadata
    summaries = (
        Summary("association_table", builder.association_table),
        Summary("metric_table", builder.metric_table),
    )
    exports = {
        name: "tb_bias_plugin.measures.association.%s" % path
        for name, path in {
            "CooccurrenceCounter": "counting:CooccurrenceCounter",
            "RepeatedIdsWarning": "counting:RepeatedIdsWarning",
            "AssociationTable": "table:AssociationTable",
            "PrecomputedTable": "table:PrecomputedTable",
            "METRICS": "metrics:METRICS",
            "association": "metrics:association",
            "gap": "metrics:gap",
            "rank": "metrics:rank",
            "top_k": "metrics:top_k",
        }.items()
    }
    callbacks = {"AssociationTableCallback": "tb_bias_plugin.measures.association.callbacks:AssociationTableCallback"}
    pytorch = {
        "log_association_table": "tb_bias_plugin.measures.association.pytorch:log_association_table",
    }
    beam = {
        name: "tb_bias_plugin.measures.association.beam:" + name
        for name in ("CountAssociations", "WriteAssociationTable", "AssociationCombineFn")
    }
    foreign = (legacy.LegacyNpmi(),)

    codec = codec  # its module of the same name
    routes_module = "tb_bias_plugin.measures.association.routes"
    command_line = "tb_bias_plugin.measures.association.cli"


MEASURE = AssociationMeasure()
