"""Apache Beam transforms of the measures (``pip install ".[beam]"``).

Each measure lists its transforms in ``Measure.beam``; they are imported on
first use, so ``import tb_bias_plugin.beam`` works without Apache Beam and
names the missing extra only when a transform is asked for
(docs/large_eval_sets.md). Every measure with a mergeable streaming accumulator has them:

* label associations: ``CountAssociations``, ``WriteAssociationTable``,
  ``AssociationCombineFn``;
* prediction discrepancy: ``AccumulateDiscrepancy``, ``WriteDiscrepancy``,
  ``DiscrepancyCombineFn``;
* prediction sensitivity: ``AccumulateSensitivity``, ``WriteSensitivity``,
  ``SensitivityCombineFn``.

Representation bias has none: its MINE estimate trains a network for
thousands of steps on all the examples, so there are no per-shard sums to
merge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # What type checkers and IDEs see (tests/test_public_api.py keeps it
    # equal to the measures' ``Measure.beam``).
    from tb_bias_plugin.measures.association.beam import AssociationCombineFn as AssociationCombineFn
    from tb_bias_plugin.measures.association.beam import CountAssociations as CountAssociations
    from tb_bias_plugin.measures.association.beam import WriteAssociationTable as WriteAssociationTable
    from tb_bias_plugin.measures.discrepancy.beam import AccumulateDiscrepancy as AccumulateDiscrepancy
    from tb_bias_plugin.measures.discrepancy.beam import DiscrepancyCombineFn as DiscrepancyCombineFn
    from tb_bias_plugin.measures.discrepancy.beam import WriteDiscrepancy as WriteDiscrepancy
    from tb_bias_plugin.measures.sensitivity.beam import AccumulateSensitivity as AccumulateSensitivity
    from tb_bias_plugin.measures.sensitivity.beam import SensitivityCombineFn as SensitivityCombineFn
    from tb_bias_plugin.measures.sensitivity.beam import WriteSensitivity as WriteSensitivity


def transforms() -> dict[str, str]:
    """Every measure's Beam transforms, ``{name: "module:attr"}``."""
    from tb_bias_plugin.measures.registry import REGISTRY

    return {name: path for measure in REGISTRY for name, path in measure.beam.items()}


if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        from tb_bias_plugin.measures.registry import lazy_attribute

        return lazy_attribute(__name__, transforms(), name, ("apache_beam", "Apache Beam", "beam"))


def __dir__() -> list[str]:
    return sorted(list(globals()) + list(transforms()))
