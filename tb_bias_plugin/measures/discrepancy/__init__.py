"""Prediction discrepancy (DIPDI): whether models from two pools, trained on
different demographic groups, disagree more across pools than within, on
unlabelled data (docs/measures/discrepancy.md).

Sums of the per-example discrepancy for every model pair and group are
stored; the index, any pairing, per-group values and the uncertainty are
derived when read.
"""

from __future__ import annotations

from tb_bias_plugin.measures.base import Measure, Summary
from tb_bias_plugin.measures.discrepancy import builder, codec, metadata
from tb_bias_plugin.measures.discrepancy.accumulator import DipdiAccumulator
from tb_bias_plugin.measures.discrepancy.dipdi import DipdiResult, dipdi, pair_discrepancies
from tb_bias_plugin.measures.discrepancy.replicates import bootstrap_dipdi, replicate_summary, wilcoxon_signed_rank

__all__ = [
    "MEASURE",
    "DipdiAccumulator",
    "DipdiResult",
    "bootstrap_dipdi",
    "dipdi",
    "pair_discrepancies",
    "replicate_summary",
    "wilcoxon_signed_rank",
]


class DiscrepancyMeasure(Measure):
    title = "Prediction discrepancy"
    order = 20
    metadata = metadata
    summaries = (Summary("prediction_discrepancy", builder.prediction_discrepancy),)
    exports = {
        name: "tb_bias_plugin.measures.discrepancy.%s" % path
        for name, path in {
            "dipdi": "dipdi:dipdi",
            "ClassProbabilitiesWarning": "dipdi:ClassProbabilitiesWarning",
            "pair_discrepancies": "dipdi:pair_discrepancies",
            "DipdiResult": "dipdi:DipdiResult",
            "GroupDipdi": "dipdi:GroupDipdi",
            "DipdiAccumulator": "accumulator:DipdiAccumulator",
            "replicate_summary": "replicates:replicate_summary",
            "bootstrap_dipdi": "replicates:bootstrap_dipdi",
            "wilcoxon_signed_rank": "replicates:wilcoxon_signed_rank",
        }.items()
    }
    beam = {
        name: "tb_bias_plugin.measures.discrepancy.beam:" + name
        for name in ("AccumulateDiscrepancy", "WriteDiscrepancy", "DiscrepancyCombineFn")
    }

    codec = codec  # its module of the same name
    routes_module = "tb_bias_plugin.measures.discrepancy.routes"
    command_line = "tb_bias_plugin.measures.discrepancy.cli"


MEASURE = DiscrepancyMeasure()
