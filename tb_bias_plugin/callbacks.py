"""Keras callbacks that log tb-bias measures during training.

Each measure may declare callbacks (e.g. ``AssociationTableCallback``);
they are imported from the measure's folder when first used, so importing
this module does not import Keras.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tb_bias_plugin.measures.registry import REGISTRY, lazy_attribute

if TYPE_CHECKING:
    # What type checkers and IDEs see (tests/test_public_api.py keeps it
    # equal to the measures' ``Measure.callbacks``).
    from tb_bias_plugin.measures.association.callbacks import AssociationTableCallback as AssociationTableCallback
    from tb_bias_plugin.measures.representation.callbacks import (
        RepresentationBiasCallback as RepresentationBiasCallback,
    )
    from tb_bias_plugin.measures.sensitivity.callbacks import (
        PredictionSensitivityCallback as PredictionSensitivityCallback,
    )

_CALLBACKS = {name: path for measure in REGISTRY for name, path in measure.callbacks.items()}

__all__ = sorted(_CALLBACKS)

if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        needs = (("tensorflow", "keras"), "TensorFlow (PyTorch users: tb_bias_plugin.pytorch)", "tf")
        return lazy_attribute(__name__, _CALLBACKS, name, needs)


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)
