"""Representation-level bias B = I(R;Z)/H(Z), I bounded below by MINE and by a classifier
(see docs/measures/representation.md).

Everything here is NumPy: the estimator needs no deep-learning framework
(only the Keras callback uses Keras, to read activations). The estimator
module is loaded when first called.
"""

from __future__ import annotations

from typing import Any

from tb_bias_plugin.measures.base import Measure, Summary
from tb_bias_plugin.measures.representation import builder, codec, metadata
from tb_bias_plugin.measures.representation.entropy import (
    RepresentationBiasResult,
    bias_ratio,
    class_counts,
    dv_bound,
    dv_bound_exact_marginal,
    log_ema,
    logmeanexp,
    shannon_entropy,
)

__all__ = [
    "MEASURE",
    "RepresentationBiasResult",
    "bias_ratio",
    "class_counts",
    "dv_bound",
    "dv_bound_exact_marginal",
    "log_ema",
    "logmeanexp",
    "representation_bias",
    "shannon_entropy",
]

_HERE = "tb_bias_plugin.measures.representation"


class RepresentationMeasure(Measure):
    title = "Representation bias"
    order = 40
    metadata = metadata
    summaries = (Summary("representation_bias", builder.representation_bias),)
    exports = {
        "representation_bias": _HERE + ".mine:representation_bias",
        "RepresentationBiasResult": _HERE + ".entropy:RepresentationBiasResult",
    }
    callbacks = {"RepresentationBiasCallback": _HERE + ".callbacks:RepresentationBiasCallback"}
    pytorch = {
        "layer_activations": "tb_bias_plugin.measures.representation.pytorch:layer_activations",
        "log_representation_bias": "tb_bias_plugin.measures.representation.pytorch:log_representation_bias",
    }

    rewrite_hint = metadata.REWRITE_HINT
    codec = codec  # its module of the same name
    routes_module = _HERE + ".routes"




MEASURE = RepresentationMeasure()


def __getattr__(name: str) -> Any:
    # loaded on first use: importing the package stays cheap
    if name == "representation_bias":
        from tb_bias_plugin.measures.representation.mine import representation_bias

        return representation_bias
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
