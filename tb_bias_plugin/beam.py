"""Apache Beam transforms of the measures (``pip install "tb-bias-plugin[beam]"``).

Each measure lists its transforms in ``Measure.beam``; they are imported on
first use, so ``import tb_bias_plugin.beam`` works without Apache Beam and
names the missing extra only when a transform is asked for (README, "Large
eval sets"). Every measure with a mergeable streaming accumulator has them:

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

import importlib
from typing import Any


def transforms() -> dict[str, str]:
    """Every measure's Beam transforms, ``{name: "module:attr"}``."""
    from tb_bias_plugin.measures.registry import REGISTRY

    return {name: path for measure in REGISTRY for name, path in measure.beam.items()}


def __getattr__(name: str) -> Any:
    found = transforms()
    if name not in found:
        raise AttributeError("module %r has no attribute %r" % (__name__, name))
    module, attr = found[name].split(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except ModuleNotFoundError as e:
        if e.name and e.name.split(".")[0] == "apache_beam":
            raise ImportError(
                "tb_bias_plugin.beam.%s needs Apache Beam: pip install \"tb-bias-plugin[beam]\"" % name
            ) from e
        raise


def __dir__() -> list[str]:
    return sorted(list(globals()) + list(transforms()))
