"""From what a framework's gradients give for a batch to `SensitivityResult`s (NumPy only).

The compute step of ``prediction_sensitivity`` (``gradients.py`` for
TensorFlow) differentiates the model and hands over NumPy arrays: s and
|J|v per class from reverse mode, the signed Jacobian for
``proxy_adjusted``, or the columns of |J| along v's support from forward
mode. Everything after that is here, so any framework reduces the same way.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from tb_bias_plugin.core.validation import PROBABILITY_SUM_TOLERANCE
from tb_bias_plugin.measures.sensitivity.plan import BatchWeights, FixedV, OutputPlan, SensitivityRequest
from tb_bias_plugin.measures.sensitivity.sensitivity import (
    SensitivityResult,
    TextLayout,
    VChoice,
    check_probabilities,
    proxy_adjusted_abs_jacobian,
)

__all__ = ["BatchGradients", "batch_result", "concatenate", "forward_gradients", "proxy_gradients"]


@dataclasses.dataclass(eq=False)
class BatchGradients:
    """What the gradients of one batch of b examples give, as float64 NumPy arrays."""

    probs: np.ndarray  # [b, K], the model's outputs
    per_class: np.ndarray  # [b, K], |J| v
    has_nan: bool  # some gradient is NaN
    s: np.ndarray | None  # [b, F], wᵀ|J| (forward mode: NaN off v's support; None when not kept)
    on_support: tuple[np.ndarray, np.ndarray] | None = None  # forward mode: (s, v) on v's support, [b, m] each
    token_sensitivity: np.ndarray | None = None  # forward mode, text: u_t, NaN unless all of t's dims were known
    sum_tolerance: float = PROBABILITY_SUM_TOLERANCE  # how far a softmax row may sum from 1 (the model's precision)


def proxy_gradients(probs: np.ndarray, jacobian: np.ndarray, has_nan: bool, protected: int, betas: np.ndarray,
                    w: np.ndarray, v0: np.ndarray) -> BatchGradients:
    """``proxy_adjusted``: the signed Jacobian ``[b, K, F]`` with column p the total derivative through proxies."""
    abs_j = proxy_adjusted_abs_jacobian(jacobian, betas, protected) if not has_nan else jacobian
    return BatchGradients(probs=probs, per_class=np.einsum("bkf,bf->bk", abs_j, v0), has_nan=has_nan,
                          s=np.einsum("k,bkf->bf", w, abs_j))


def forward_gradients(probs: np.ndarray, columns: np.ndarray, support: np.ndarray, v0: np.ndarray, w: np.ndarray,
                      n_features: int, layout: TextLayout | None, per_feature: bool) -> BatchGradients:
    """Forward mode: ``columns`` ``[b, K, m]`` are ∂f/∂x along the tangents ``support`` ``[b, m]`` (-1 = none)."""
    b = support.shape[0]
    cols = np.abs(np.asarray(columns).astype(np.float64))
    valid = support >= 0
    weights = np.where(valid, np.take_along_axis(v0, np.maximum(support, 0), axis=1), 0.0)
    s_sup = np.einsum("k,bkm->bm", w, cols)
    s = None
    if per_feature:
        s = np.full((b, n_features), np.nan)
        r_idx, c_idx = np.nonzero(valid)
        s[r_idx, support[r_idx, c_idx]] = s_sup[r_idx, c_idx]
    u = None
    if layout is not None:
        # u_t is known where all D dims of token t were differentiated.
        t_all = layout.n_tokens
        slot = np.where(valid, support // layout.dim, t_all) + (t_all + 1) * np.arange(b)[:, None]
        size = b * (t_all + 1)
        count = np.bincount(slot.ravel(), minlength=size).reshape(b, t_all + 1)[:, :t_all]
        total = np.bincount(slot.ravel(), weights=s_sup.ravel(), minlength=size).reshape(b, t_all + 1)
        u = np.where(count == layout.dim, total[:, :t_all], np.nan)
    return BatchGradients(probs=probs, per_class=np.einsum("bkm,bm->bk", cols, weights),
                          has_nan=bool(np.isnan(cols).any()), s=s, on_support=(s_sup, weights), token_sensitivity=u)


def batch_result(request: SensitivityRequest, outputs: OutputPlan, weights: BatchWeights, grads: BatchGradients,
                 layout: TextLayout | None, dims: tuple[int, int], fixed: FixedV | None, start: int) -> SensitivityResult:
    """The result of one batch (its first example is ``start``; text: ``dims`` = (T, D)).

    Raises
    ------
    ValueError
        A fixed v on padding, outputs that are not probabilities, NaN gradients.
    """
    b = weights.reasons.shape[0]
    if fixed is not None and layout is not None:
        if not layout.mask[:, np.asarray(fixed.support) // layout.dim].all():
            raise ValueError("explicit v puts weight on padding positions")
    check_probabilities(np.asarray(grads.probs), outputs.output, tol=grads.sum_tolerance)
    if grads.has_nan:
        raise ValueError(f"NaN gradients in examples {start}..{start + b - 1}: check the model and inputs")
    undefined = weights.reasons != None  # noqa: E711
    if grads.on_support is not None:
        P = np.einsum("bm,bm->b", *grads.on_support)  # s is NaN off v's support, where v is 0
    else:
        assert grads.s is not None
        P = np.einsum("bf,bf->b", grads.s, weights.v0)
    P[undefined] = np.nan
    per_class = grads.per_class
    per_class[undefined] = np.nan
    u = V = None
    if request.text:
        if grads.on_support is not None:
            u = grads.token_sensitivity
        else:
            assert grads.s is not None
            u = grads.s.reshape(b, dims[0], dims[1]).sum(axis=2)
        if fixed is not None:
            V = np.broadcast_to(fixed.row.reshape(dims).sum(axis=1), (b, dims[0]))
        else:
            V = weights.v0.reshape(b, dims[0], dims[1]).sum(axis=2)
    keep = request.per_feature
    return SensitivityResult(P=P, reasons=weights.reasons, s=grads.s if keep else None, v=weights.v if keep else None,
                             v_choice=request.choice, per_class=per_class, token_sensitivity=u, token_weight=V,
                             token_mask=None if layout is None else layout.mask,
                             tokens=None if layout is None else layout.tokens,
                             feature_names=None if request.text else request.feature_names)


def concatenate(pieces: list[SensitivityResult], choice: VChoice, text: bool) -> SensitivityResult:
    """The batches' results as one, in order.

    Raises
    ------
    ValueError
        Text batches whose token lengths differ.
    """

    def cat(attr):
        vals = [getattr(p, attr) for p in pieces]
        if vals[0] is None:
            return None
        if text and vals[0].ndim == 2 and attr != "per_class":
            width = max(v_.shape[1] for v_ in vals)
            if any(v_.shape[1] != width for v_ in vals):
                raise ValueError("batches have different token lengths: pad x to one length T")
        return np.concatenate(vals, axis=0)

    fields = [f.name for f in dataclasses.fields(SensitivityResult) if f.name not in ("v_choice", "feature_names")]
    return SensitivityResult(v_choice=choice, feature_names=pieces[0].feature_names,
                             **{name: cat(name) for name in fields})
