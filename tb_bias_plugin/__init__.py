"""tb-bias: find the biases a model has learned, without ground-truth labels.

Each measure lives in ``tb_bias_plugin.measures.<name>`` and adds its public
names here (e.g. ``CooccurrenceCounter`` from label associations); they are
imported on first use. ``summary`` writes measures to TensorBoard logdirs;
the plugin (``tb_bias_plugin.serving``) serves them to the Bias tab. The
architecture is described in docs/architecture.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

if TYPE_CHECKING:
    # What type checkers and IDEs see: every name the measures export
    # (``Measure.exports``; tests/test_public_api.py keeps the two equal).
    # At run time each is imported on first use, below.
    from tb_bias_plugin.measures.association.counting import CooccurrenceCounter as CooccurrenceCounter
    from tb_bias_plugin.measures.association.counting import RepeatedIdsWarning as RepeatedIdsWarning
    from tb_bias_plugin.measures.association.metrics import METRICS as METRICS
    from tb_bias_plugin.measures.association.metrics import association as association
    from tb_bias_plugin.measures.association.metrics import gap as gap
    from tb_bias_plugin.measures.association.metrics import rank as rank
    from tb_bias_plugin.measures.association.metrics import top_k as top_k
    from tb_bias_plugin.measures.association.table import AssociationTable as AssociationTable
    from tb_bias_plugin.measures.association.table import PrecomputedTable as PrecomputedTable
    from tb_bias_plugin.measures.discrepancy.accumulator import DipdiAccumulator as DipdiAccumulator
    from tb_bias_plugin.measures.discrepancy.dipdi import ClassProbabilitiesWarning as ClassProbabilitiesWarning
    from tb_bias_plugin.measures.discrepancy.dipdi import DipdiResult as DipdiResult
    from tb_bias_plugin.measures.discrepancy.dipdi import GroupDipdi as GroupDipdi
    from tb_bias_plugin.measures.discrepancy.dipdi import dipdi as dipdi
    from tb_bias_plugin.measures.discrepancy.dipdi import pair_discrepancies as pair_discrepancies
    from tb_bias_plugin.measures.discrepancy.replicates import bootstrap_dipdi as bootstrap_dipdi
    from tb_bias_plugin.measures.discrepancy.replicates import replicate_summary as replicate_summary
    from tb_bias_plugin.measures.discrepancy.replicates import wilcoxon_signed_rank as wilcoxon_signed_rank
    from tb_bias_plugin.measures.representation.entropy import RepresentationBiasResult as RepresentationBiasResult
    from tb_bias_plugin.measures.representation.mine import representation_bias as representation_bias
    from tb_bias_plugin.measures.sensitivity.aggregates import SensitivityAccumulator as SensitivityAccumulator
    from tb_bias_plugin.measures.sensitivity.collect import SensitivityCollector as SensitivityCollector
    from tb_bias_plugin.measures.sensitivity.gradients import prediction_sensitivity as prediction_sensitivity
    from tb_bias_plugin.measures.sensitivity.sensitivity import SensitivityResult as SensitivityResult
    from tb_bias_plugin.measures.sensitivity.sensitivity import TextLayout as TextLayout
    from tb_bias_plugin.measures.sensitivity.sensitivity import VChoice as VChoice
    from tb_bias_plugin.measures.sensitivity.sensitivity import accumulated_sensitivity as accumulated_sensitivity
    from tb_bias_plugin.measures.sensitivity.sensitivity import (
        proxy_adjusted_abs_jacobian as proxy_adjusted_abs_jacobian,
    )
    from tb_bias_plugin.measures.sensitivity.sensitivity import proxy_betas as proxy_betas


def _exports() -> dict[str, str]:
    from tb_bias_plugin.measures.registry import REGISTRY

    return {name: path for measure in REGISTRY for name, path in measure.exports.items()}


if not TYPE_CHECKING:  # type checkers see the imports above; a misspelt name is their error

    def __getattr__(name: str) -> Any:
        # Submodules (summary, callbacks, ...) import as usual; this serves the
        # names the measures export.
        from tb_bias_plugin.measures.registry import lazy_attribute

        return lazy_attribute(__name__, _exports(), name)


def __dir__() -> list[str]:
    submodules = ["beam", "callbacks", "pytorch", "summary"]
    return sorted(["__version__", *submodules, *_exports()])
