"""Absolute Jacobians of a PyTorch model, reduced to P in batches (``torch`` extra).

The PyTorch compute step of ``prediction_sensitivity``, beside the
TensorFlow one in ``gradients.py``: the arguments are parsed and planned by
``plan.py`` and the gradients reduced by ``assemble.py`` exactly as there;
only the differentiation is here, with ``torch.func``: ``jacrev`` for
reverse mode (one vector-Jacobian product per class) and ``jvp`` for
forward mode (one tangent per feature that v touches). Gradients are taken
in the model's own dtype on its own device; only s, |J|v, the
probabilities (or forward mode's columns) come back to the host.

This module imports PyTorch; ``gradients.py`` imports it only for a PyTorch
model, and never imports TensorFlow for one.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import torch

from tb_bias_plugin.core.validation import host_values, probability_sum_tolerance
from tb_bias_plugin.measures.sensitivity.assemble import (
    BatchGradients,
    batch_result,
    forward_gradients,
    proxy_gradients,
)
from tb_bias_plugin.measures.sensitivity.plan import (
    BatchWeights,
    FixedV,
    OutputPlan,
    SensitivityPlan,
    SensitivityRequest,
    batch_weights,
    fixed_v,
    ids_need_embedding_layer,
    plan_outputs,
    tangent_chunks,
)
from tb_bias_plugin.measures.sensitivity.sensitivity import SensitivityResult, TextLayout, check_probabilities
from tb_bias_plugin.writing.pytorch import eval_mode, input_dtype, model_device

__all__ = ["Placement", "TorchRun", "is_torch", "prepare"]


def is_torch(*objects: Any) -> bool:
    """Whether any of ``objects`` is a PyTorch module or tensor."""
    return any(isinstance(o, (torch.nn.Module, torch.Tensor)) for o in objects if o is not None)


@dataclasses.dataclass(frozen=True)
class Placement:
    """Where and in what precision a model is differentiated."""

    dtype: torch.dtype  # of the features (tabular x, or the embedding output)
    device: torch.device


def _placement(model: Any, x: Any) -> Placement:
    """The model's own dtype and device (`input_dtype`; the device of its first parameter, else x's, else the CPU)."""
    device = model_device(model)
    if device is None:
        device = x.device if isinstance(x, torch.Tensor) else torch.device("cpu")
    return Placement(input_dtype(model, x), device)


def _module_name(model: Any, layer: Any) -> Any:
    """A submodule given as a module, by its name in ``model`` (as Keras layers go by theirs)."""
    if layer is None or isinstance(layer, str) or not isinstance(model, torch.nn.Module):
        return layer
    for name, module in model.named_modules():
        if module is layer:
            return name
    raise ValueError("embedding_layer is not a submodule of the model")


def prepare(model: Any, x: Any, embedding_layer: Any, psm_model: Any, psm_embedding_layer: Any):
    """``(x as NumPy, embedding layer name, psm embedding layer name, Placement)`` of a PyTorch call.

    The embedding layers are named so that ``parse_request`` can hand the
    model's name on to the protected-status model, as with Keras.
    """
    placement = _placement(model, x)
    x = host_values(x)  # bfloat16 widened: NumPy has none
    if embedding_layer is None and isinstance(model, torch.nn.Module):
        embeddings = [name for name, m in model.named_modules() if isinstance(m, torch.nn.Embedding)]
        ids_need_embedding_layer(model, np.asarray(x), embeddings, "embedding module")
    psm_embedding_layer = _module_name(psm_model, psm_embedding_layer)
    return x, _module_name(model, embedding_layer), psm_embedding_layer, placement


class _Stop(Exception):
    """Raised by the recording hook to stop a model right after its embedding module."""


class _TorchNet:
    """probs = f(x_batch, features): features are x itself (tabular) or an embedding module's output."""

    def __init__(self, model: Any, embedding_layer: Any, name: str, placement: Placement):
        self.model, self.placement = model, placement
        self.layer: Any = None
        if embedding_layer is not None:
            if not isinstance(model, torch.nn.Module):
                raise ValueError(f"embedding_layer needs a torch.nn.Module for {name}; for a plain callable pass "
                                 "the embeddings as x")
            modules = dict(model.named_modules())
            if embedding_layer not in modules:
                raise ValueError(f"{name} has no submodule named {embedding_layer!r}; "
                                 f"its modules: {', '.join(n for n in modules if n)}")
            self.layer = modules[embedding_layer]

    def inputs(self, x: np.ndarray) -> torch.Tensor:
        """A batch of x on the model's device: features in its dtype, token ids as they are."""
        t = torch.as_tensor(np.ascontiguousarray(x))
        if self.layer is None or t.is_floating_point():
            t = t.to(self.placement.dtype)
        return t.to(self.placement.device)

    def features(self, xb: torch.Tensor) -> tuple[torch.Tensor, np.ndarray | None]:
        """(features, padding mask or None): the model runs only up to its embedding module.

        The mask is ``ids != padding_idx`` for an ``nn.Embedding`` with a padding index, else None.
        """
        if self.layer is None:
            return xb, None
        rec: dict = {}

        def record(module, args, output):
            rec["ids"], rec["output"] = args[0] if args else None, output
            raise _Stop()

        handle = self.layer.register_forward_hook(record)
        try:
            with torch.no_grad():
                self.model(xb)
        except _Stop:
            pass
        except IndexError as e:  # torch's "index out of range in self", of no row or value
            rows = getattr(self.layer, "num_embeddings", None)
            if rows is None or (0 <= int(xb.min()) and int(xb.max()) < rows):
                raise
            raise ValueError("token ids must be from 0 to %d (the embedding module has %d rows); this batch of x "
                             "holds ids from %d to %d" % (rows - 1, rows, int(xb.min()), int(xb.max()))) from e
        finally:
            handle.remove()
        if "output" not in rec:
            raise ValueError("the model never called its embedding module")
        feats = rec["output"].detach()
        pad = getattr(self.layer, "padding_idx", None)
        mask = None
        if pad is not None and isinstance(rec["ids"], torch.Tensor):
            mask = (rec["ids"] != pad).cpu().numpy()
        return feats, mask

    def probs(self, xb: torch.Tensor, feats: torch.Tensor) -> torch.Tensor:
        """The model's outputs ``[b, K]`` with the features as given (differentiable in them)."""
        if self.layer is None:
            out = self.model(feats)
        else:
            handle = self.layer.register_forward_hook(lambda module, args, output: feats)
            try:
                out = self.model(xb)
            finally:
                handle.remove()
        if isinstance(out, (list, tuple, dict)):
            raise ValueError("the model has several outputs; wrap it so it returns one [n, K] probability tensor")
        return out[:, None] if out.ndim == 1 else out


def _sum_tolerance(dtype: torch.dtype) -> float:
    return probability_sum_tolerance(str(dtype).removeprefix("torch."))


def _numpy(t: torch.Tensor) -> np.ndarray:
    """float64 on the host (NumPy has no bfloat16)."""
    return t.detach().to("cpu", torch.float64).numpy()


def _flat_jacobian(target, feats: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """(∂target/∂feats ``[b, K, F]``, probs): reverse mode, one vector-Jacobian product per output column.

    ``target(feats)`` returns (the outputs to differentiate ``[b, K]``, the
    probabilities); summing over the batch first is exact because examples
    do not interact, so ``jacrev`` runs K products, not b·K.
    """
    jac, probs = torch.func.jacrev(lambda f: (lambda t, p: (t.sum(0), p))(*target(f)), has_aux=True)(feats)
    b = feats.shape[0]
    return jac.movedim(0, 1).reshape(b, jac.shape[0], -1), probs


class TorchRun:
    """The compute step of one ``prediction_sensitivity`` call with PyTorch, batch by batch (cf. ``gradients._Run``)."""

    def __init__(self, request: SensitivityRequest, plan: SensitivityPlan, placement: Placement):
        self.request, self.plan, self.placement = request, plan, placement
        self.net = _TorchNet(request.model, request.embedding_layer, "the model", placement)
        self.psm_net = None
        if request.psm_model is not None:
            psm_placement = _placement(request.psm_model, request.x)
            self.psm_net = _TorchNet(request.psm_model, request.psm_embedding_layer, "the protected-status model",
                                     psm_placement)
        self.outputs: OutputPlan | None = None
        self.w: Any = None  # the class weights as a tensor on the device
        self.fixed: FixedV | None = None
        self.dims: tuple[int, int] = (0, 0)  # text: (T, D)
        self.n_features = 0

    def run(self) -> list[SensitivityResult]:
        """The results of every batch of the plan, with the models in evaluation mode."""
        with eval_mode(self.request.model), eval_mode(self.request.psm_model):
            return [self.batch(rows) for rows in self.plan.batches]

    def batch(self, rows: slice) -> SensitivityResult:
        """The result of the examples ``rows``."""
        request, plan = self.request, self.plan
        xb = self.net.inputs(request.x[rows])
        feats, layout = self._features(rows, xb)
        if self.outputs is None:
            probs = self._first_probs(xb, feats)
            self.outputs = plan_outputs(probs, request.w, request.output, _sum_tolerance(self.placement.dtype))
            self.w = torch.as_tensor(self.outputs.w, dtype=feats.dtype, device=feats.device)
        psm_j = self._psm_jacobian(rows)
        emb = _numpy(feats).reshape(feats.shape[0], -1) if plan.needs_embeddings else None
        if plan.fixed_v and self.fixed is None:
            self.fixed = fixed_v(request.choice, self.n_features, request.feature_names)
        weights = batch_weights(request, plan, self.outputs, rows, self.n_features, layout=layout,
                                psm_abs_jacobian=psm_j, embeddings=emb, fixed=self.fixed)
        v0 = torch.as_tensor(np.array(weights.v0), dtype=feats.dtype, device=feats.device)
        if plan.proxy_betas is not None:
            grads = self._proxy(xb, feats, weights)
        elif weights.forward:
            grads = self._forward(xb, feats, weights, layout)
        else:
            grads = self._reverse(xb, feats, v0)
        grads.sum_tolerance = _sum_tolerance(self.placement.dtype)
        return batch_result(request, self.outputs, weights, grads, layout, self.dims, self.fixed, rows.start)

    def _first_probs(self, xb: torch.Tensor, feats: torch.Tensor) -> np.ndarray:
        try:
            with torch.no_grad():
                return _numpy(self.net.probs(xb, feats))
        except RuntimeError as e:
            # A plain callable has no parameters to tell its dtype: it gets x's, and float64 rows meet its
            # float32 weights in torch's "mat1 and mat2 must have the same dtype".
            if isinstance(self.request.model, torch.nn.Module) or "dtype" not in str(e):
                raise
            raise ValueError("the model failed on x of dtype %s (%s): a plain callable is given x in x's own dtype; "
                             "pass x in the dtype the model computes in (x.float() for float32 weights)"
                             % (str(feats.dtype).removeprefix("torch."), e)) from e

    def _features(self, rows: slice, xb: torch.Tensor) -> tuple[torch.Tensor, TextLayout | None]:
        feats, auto_mask = self.net.features(xb)
        if not self.request.text:
            self.n_features = int(np.prod(feats.shape[1:]))
            return feats, None
        self.dims = (int(feats.shape[1]), int(np.prod(feats.shape[2:])))
        self.n_features = self.dims[0] * self.dims[1]
        return feats, self.request.text_inputs.layout(rows, int(xb.shape[0]), self.dims, auto_mask)

    def _psm_jacobian(self, rows: slice) -> np.ndarray | None:
        """Σ_c |∂g_c/∂x_i| of the protected-status model g, ``[b, 1, F]``."""
        if not self.plan.needs_psm:
            return None
        if self.request.psm_abs_jacobian is not None:
            return self.request.psm_abs_jacobian[rows]
        net = self.psm_net
        assert net is not None
        xb = net.inputs(self.request.x[rows])
        feats, _ = net.features(xb)

        def target(f):
            p = net.probs(xb, f)
            return p, p

        jac, probs = _flat_jacobian(target, feats)
        check_probabilities(_numpy(probs), "softmax" if probs.shape[1] > 1 else "sigmoid",
                            tol=_sum_tolerance(probs.dtype))
        if bool(torch.isnan(jac).any()):
            raise ValueError(f"NaN gradients of the protected-status model in examples {rows.start}..")
        return _numpy(jac.abs().sum(dim=1))[:, None, :]

    def _reverse(self, xb: torch.Tensor, feats: torch.Tensor, v0: torch.Tensor) -> BatchGradients:
        """Reverse mode: one product per class (one for two softmax classes or one output)."""
        assert self.outputs is not None
        shortcut = self.outputs.shortcut

        def target(f):
            p = self.net.probs(xb, f)
            # Two softmax classes: ∂f_1 = -∂f_0, so one product gives both rows' magnitudes.
            return (p[:, :1] if shortcut else p), p

        jac, probs = _flat_jacobian(target, feats)
        absj = jac.abs()
        # Reduced on the device: only s [b, F] and |J|v [b, K] come back, never J.
        if shortcut:
            s = absj[:, 0, :] * self.w.sum()
            per_class = (absj * v0[:, None, :]).sum(dim=2).repeat(1, 2)
        else:
            s = torch.einsum("k,bkf->bf", self.w, absj)
            per_class = torch.einsum("bkf,bf->bk", absj, v0)
        return BatchGradients(probs=_numpy(probs), per_class=_numpy(per_class), has_nan=bool(torch.isnan(jac).any()),
                              s=_numpy(s))

    def _proxy(self, xb: torch.Tensor, feats: torch.Tensor, weights: BatchWeights) -> BatchGradients:
        """``proxy_adjusted``: the signed Jacobian, combined with the proxy slopes in NumPy."""
        plan = self.plan
        assert self.outputs is not None and plan.proxy_index is not None and plan.proxy_betas is not None

        def target(f):
            p = self.net.probs(xb, f)
            return p, p

        jac, probs = _flat_jacobian(target, feats)
        return proxy_gradients(_numpy(probs), _numpy(jac), bool(torch.isnan(jac).any()), plan.proxy_index,
                               plan.proxy_betas, self.outputs.w, weights.v0)

    def _forward(self, xb: torch.Tensor, feats: torch.Tensor, weights: BatchWeights,
                 layout: TextLayout | None) -> BatchGradients:
        """Forward mode: one tangent per feature v touches, in chunks of at most ``MAX_TANGENT_ROWS`` rows."""
        support = weights.support
        assert support is not None and self.outputs is not None
        b = support.shape[0]
        if support.shape[1] == 0:
            # No example in this batch has a feature v touches: nothing to differentiate.
            with torch.no_grad():
                probs = self.net.probs(xb, feats)
            columns = np.zeros((b, self.outputs.n_classes, 0))
        else:
            parts = []
            for lo, hi in tangent_chunks(b, support.shape[1]):
                probs, cols = self._tangents(xb, feats, support[:, lo:hi])
                parts.append(cols)
            columns = np.concatenate(parts, axis=2)
        return forward_gradients(_numpy(probs), columns, support, weights.v0, self.outputs.w, self.n_features,
                                 layout, self.request.per_feature)

    def _tangents(self, xb: torch.Tensor, feats: torch.Tensor, support: np.ndarray) -> tuple[torch.Tensor, np.ndarray]:
        """(probs ``[b, K]``, ∂f/∂x along ``support`` ``[b, K, m]``) in one ``jvp``.

        The batch is repeated m times (copy j first) and copy j carries the
        one-hot tangent of ``support[:, j]`` (-1: a zero tangent), as the
        TensorFlow step does, so no ``vmap`` of the model is needed.
        """
        b, m = support.shape
        rep = feats.repeat(m, *([1] * (feats.ndim - 1)))
        index = torch.as_tensor(np.ascontiguousarray(support.T).reshape(-1), dtype=torch.long, device=feats.device)
        tangent = torch.zeros(b * m, self.n_features, dtype=feats.dtype, device=feats.device)
        hit = torch.nonzero(index >= 0).squeeze(1)
        tangent[hit, index[hit]] = 1
        rep_x = xb.repeat(m, *([1] * (xb.ndim - 1)))
        # Forward-mode AD ignores no_grad; without it the parameters' backward graph is built for nothing.
        with torch.no_grad():
            out, jvp = torch.func.jvp(lambda f: self.net.probs(rep_x, f), (rep,),  # type: ignore[misc]
                                      (tangent.reshape(rep.shape),))
        k = out.shape[1]
        cols = jvp.reshape(m, b, k).permute(1, 2, 0)  # [b, K, m]
        return out[:b].detach(), _numpy(cols)
