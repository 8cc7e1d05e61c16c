"""Accumulated prediction sensitivity: how strongly predictions react to protected features."""

from .aggregates import Retained, SensitivityAccumulator, aggregate, summarize
from .sensitivity import (
    V_KINDS,
    SensitivityResult,
    TextLayout,
    VChoice,
    accumulated_sensitivity,
    check_probabilities,
    check_stochastic,
    class_weights,
    proxy_adjusted_abs_jacobian,
    proxy_betas,
    reduce_sensitivity,
    v_weights,
)

__all__ = [
    "V_KINDS",
    "Retained",
    "SensitivityAccumulator",
    "SensitivityResult",
    "TextLayout",
    "VChoice",
    "accumulated_sensitivity",
    "aggregate",
    "check_probabilities",
    "check_stochastic",
    "class_weights",
    "prediction_sensitivity",
    "proxy_adjusted_abs_jacobian",
    "proxy_betas",
    "reduce_sensitivity",
    "summarize",
    "v_weights",
]


def __getattr__(name):
    # TensorFlow is an optional extra: load the gradient helper only when asked for.
    if name == "prediction_sensitivity":
        from .gradients import prediction_sensitivity

        return prediction_sensitivity
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
