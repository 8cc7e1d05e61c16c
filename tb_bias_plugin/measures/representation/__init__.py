"""Representation-level bias B = I(R;Z)/H(Z), with I estimated by MINE (see docs/measures/representation.md)."""

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


def __getattr__(name):
    # TensorFlow is optional (the `tf` extra): load it only when asked for.
    if name == "representation_bias":
        from tb_bias_plugin.measures.representation.mine import representation_bias

        return representation_bias
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
