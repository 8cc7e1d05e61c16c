"""Accumulated prediction sensitivity: how strongly predictions react to protected features.

P = wᵀ|J|v per example, for one or more choices of the feature weighting v
(docs/measures/sensitivity.md). The NumPy core reduces absolute Jacobians;
``prediction_sensitivity`` (``tf`` extra) computes them for a TensorFlow
model. A summary stores exact aggregates of P per v choice and a bounded set
of examples with their per-token or per-feature values, never the Jacobian.
"""

from __future__ import annotations

from tb_bias_plugin.measures.base import Measure, Summary
from tb_bias_plugin.measures.sensitivity import builder, codec, metadata
from tb_bias_plugin.measures.sensitivity.aggregates import Retained, SensitivityAccumulator, aggregate, summarize
from tb_bias_plugin.measures.sensitivity.collect import SensitivityCollector
from tb_bias_plugin.measures.sensitivity.sensitivity import (
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
    "MEASURE",
    "V_KINDS",
    "Retained",
    "SensitivityAccumulator",
    "SensitivityCollector",
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
        from tb_bias_plugin.measures.sensitivity.gradients import prediction_sensitivity

        return prediction_sensitivity
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class SensitivityMeasure(Measure):
    title = "Prediction sensitivity"
    order = 30
    metadata = metadata
    summaries = (Summary("prediction_sensitivity", builder.prediction_sensitivity),)
    exports = {
        name: "tb_bias_plugin.measures.sensitivity.%s" % path
        for name, path in {
            # the computation (TensorFlow); the summary of the same name is tb_bias_plugin.summary's
            "prediction_sensitivity": "gradients:prediction_sensitivity",
            "accumulated_sensitivity": "sensitivity:accumulated_sensitivity",
            "VChoice": "sensitivity:VChoice",
            "TextLayout": "sensitivity:TextLayout",
            "SensitivityResult": "sensitivity:SensitivityResult",
            "SensitivityAccumulator": "aggregates:SensitivityAccumulator",
            "SensitivityCollector": "collect:SensitivityCollector",
            "proxy_betas": "sensitivity:proxy_betas",
            "proxy_adjusted_abs_jacobian": "sensitivity:proxy_adjusted_abs_jacobian",
        }.items()
    }
    callbacks = {
        "PredictionSensitivityCallback": "tb_bias_plugin.measures.sensitivity.callbacks:PredictionSensitivityCallback"
    }
    pytorch = {
        "log_prediction_sensitivity": "tb_bias_plugin.measures.sensitivity.pytorch:log_prediction_sensitivity",
    }
    beam = {
        name: "tb_bias_plugin.measures.sensitivity.beam:" + name
        for name in ("AccumulateSensitivity", "WriteSensitivity", "SensitivityCombineFn")
    }

    codec = codec  # its module of the same name
    routes_module = "tb_bias_plugin.measures.sensitivity.routes"
    command_line = "tb_bias_plugin.measures.sensitivity.cli"


MEASURE = SensitivityMeasure()
