"""Absolute Jacobians of a TensorFlow model, reduced to P in batches (``tf`` extra).

TensorFlow is imported when ``prediction_sensitivity`` first runs, never at
package import. The choice between reverse mode (one pass per class) and
forward mode (one pass per feature that v touches) and the reason a single
backward pass over wᵀf is wrong are explained in ``docs/measures/sensitivity.md``.
"""

from __future__ import annotations

import contextlib
import weakref
from typing import Any, Sequence

import numpy as np

from .sensitivity import (
    SensitivityResult,
    TextLayout,
    VChoice,
    accumulated_sensitivity,
    check_probabilities,
    class_weights,
    proxy_adjusted_abs_jacobian,
    proxy_betas,
    v_weights,
)

__all__ = ["prediction_sensitivity", "MODES"]

MODES = ("auto", "reverse", "forward")

# v choices whose weights are zero outside a small known support: forward mode can pay off.
_SPARSE_KINDS = ("mask", "word_list", "word_list_emb", "explicit")


def _tf():
    try:
        import tensorflow as tf
    except ImportError as err:  # pragma: no cover - depends on the environment
        raise ImportError("prediction_sensitivity needs TensorFlow: pip install 'tb-bias-plugin[tf]'") from err
    return tf


class _Stop(Exception):
    """Raised by the recording hook to stop a model right after its embedding layer."""


@contextlib.contextmanager
def _inject(layer, recorder: dict, replacement=None, stop: bool = False):
    """Run the model with ``layer``'s output recorded, or replaced by ``replacement``.

    Replacing the output inside the full model (rather than cutting a new
    sub-model at the layer) keeps Keras masks and any side inputs intact.
    With ``stop`` the hook raises `_Stop` once the output is recorded, so
    only the layers up to the embedding run (or are traced).
    """
    original = layer.call

    def call(*args, **kwargs):
        recorder["inputs"] = args[0] if args else next(iter(kwargs.values()))
        out = original(*args, **kwargs)
        recorder["output"] = out
        if stop:
            recorder["stopped"] = True
            raise _Stop()
        return out if replacement is None else replacement

    layer.call = call
    try:
        yield
    finally:
        del layer.call


def _ref(obj):
    """A callable returning ``obj``: a weak reference where ``obj`` allows one."""
    try:
        return weakref.ref(obj)
    except TypeError:
        return lambda: obj


_NETS: "weakref.WeakKeyDictionary[Any, dict]" = weakref.WeakKeyDictionary()


def _net(model, embedding_layer, name: str) -> "_Differentiable":
    """The `_Differentiable` of a model and layer, with its compiled functions, cached per model."""
    key = embedding_layer if embedding_layer is None or isinstance(embedding_layer, str) else id(embedding_layer)
    try:
        nets = _NETS.setdefault(model, {})
    except TypeError:  # not weak-referenceable: compile afresh
        return _Differentiable(model, embedding_layer, name)
    if key not in nets:
        nets[key] = _Differentiable(model, embedding_layer, name)
    return nets[key]


class _Differentiable:
    """probs = f(x_batch, features): features are x itself (tabular) or an embedding layer's output."""

    def __init__(self, model, embedding_layer, name: str):
        # Weak references: the cache below must not keep a model alive.
        self._model = _ref(model)
        self._layer: Any = None
        self.fns: dict = {}  # compiled tf.functions, kept across calls (tracing costs far more than a batch)
        self._features_fn: Any = None
        if embedding_layer is not None:
            if not hasattr(model, "get_layer"):
                raise ValueError(f"embedding_layer needs a Keras model for {name}; for a plain callable pass "
                                 "the embeddings as x")
            layer = embedding_layer if not isinstance(embedding_layer, str) else model.get_layer(embedding_layer)
            self._layer = _ref(layer)

    @property
    def model(self):
        return self._model()

    @property
    def layer(self):
        return None if self._layer is None else self._layer()

    def capture(self, tf, xb):
        """(features, padding mask) of a batch, as graph ops (call inside a tf.function).

        For text the model runs only up to the embedding layer (the hook
        stops it there), so this costs an embedding lookup, not a forward pass.
        """
        if self.layer is None:
            feats = tf.cast(xb, tf.float32)
            return feats, tf.ones(tf.shape(feats)[:1], tf.bool)
        layer, model = self.layer, self.model
        rec: dict = {}
        with _inject(layer, rec, stop=True):
            try:
                model(xb, training=False)
            except Exception:  # _Stop, possibly re-wrapped by Keras
                if not rec.get("stopped"):
                    raise
        if "output" not in rec:
            raise ValueError(f"the model never called its embedding layer {layer.name!r}")
        m = layer.compute_mask(rec["inputs"]) if hasattr(layer, "compute_mask") else None
        m = tf.ones(tf.shape(rec["output"])[:2], tf.bool) if m is None else tf.cast(m, tf.bool)
        return tf.cast(rec["output"], tf.float32), m

    def features(self, tf, xb):
        """(features, padding mask or None) for a batch, eagerly."""
        if self.layer is None:
            return tf.cast(xb, tf.float32), None
        if self._features_fn is None:
            net = self

            @tf.function(reduce_retracing=True)
            def run(x):
                return net.capture(tf, x)

            self._features_fn = run
        feats, m = self._features_fn(xb)
        return feats, m.numpy()

    def probs(self, xb, feats):
        model = self.model
        if self.layer is None:
            out = model(feats, training=False) if hasattr(model, "get_layer") else model(feats)
        else:
            with _inject(self.layer, {}, replacement=feats):
                out = model(xb, training=False)
        if isinstance(out, (list, tuple)):
            raise ValueError("the model has several outputs; wrap it so it returns one [n, K] probability tensor")
        return out


def _as_2d_probs(tf, out):
    out = tf.convert_to_tensor(out)
    return out[:, None] if out.shape.rank == 1 else out


def _reverse_fn(tf, net: _Differentiable, shortcut: bool, signed: bool = False):
    @tf.function(reduce_retracing=True)
    def run(xb, feats, w, v):
        with tf.GradientTape() as tape:
            tape.watch(feats)
            probs = _as_2d_probs(tf, net.probs(xb, feats))
            # Two softmax classes: ∂f_1 = -∂f_0, so one pass gives both rows' magnitudes.
            target = probs[:, :1] if shortcut else probs
        jac = tape.batch_jacobian(target, feats)
        jac = tf.reshape(jac, [tf.shape(jac)[0], tf.shape(jac)[1], -1])
        has_nan = tf.reduce_any(tf.math.is_nan(jac))
        if signed:
            return probs, jac, has_nan
        # Reduce in-graph so only s [b, F] and |J|v [b, K] leave TensorFlow, never J.
        absj = tf.abs(jac)
        if shortcut:
            s = absj[:, 0, :] * tf.reduce_sum(w)
            per_class = tf.tile(tf.reduce_sum(absj * v[:, None, :], axis=2), [1, 2])
        else:
            s = tf.einsum("k,bkf->bf", w, absj)
            per_class = tf.einsum("bkf,bf->bk", absj, v)
        return probs, s, per_class, has_nan

    return run


def _probs_fn(tf, net: _Differentiable):
    @tf.function(reduce_retracing=True)
    def run(xb, feats):
        return _as_2d_probs(tf, net.probs(xb, feats))

    return run


def _psm_fn(tf, net: _Differentiable):
    @tf.function(reduce_retracing=True)
    def run(xb, feats):
        with tf.GradientTape() as tape:
            tape.watch(feats)
            probs = _as_2d_probs(tf, net.probs(xb, feats))
        jac = tape.batch_jacobian(probs, feats)
        jac = tf.reshape(jac, [tf.shape(jac)[0], tf.shape(jac)[1], -1])
        return probs, tf.reduce_sum(tf.abs(jac), axis=1), tf.reduce_any(tf.math.is_nan(jac))

    return run


#: Most rows (examples x tangents) pushed through one forward-mode pass.
_MAX_TANGENT_ROWS = 16384


def _forward_fn(tf, net: _Differentiable):
    @tf.function(reduce_retracing=True)
    def run(xb, support):
        # The features (embeddings) are looked up in the same call. support [b, m], m >= 1: flat feature
        # index of each tangent (-1 = none). All m tangents go through one ForwardAccumulator pass: the
        # batch is repeated m times (copy j first, j = 0..m-1) and copy j carries the one-hot tangent of
        # support[:, j]; no loop, one primal per copy, so the cost is about m forward-mode passes.
        feats, mask = net.capture(tf, xb)
        b, m = tf.shape(feats)[0], tf.shape(support)[1]

        def tile(t):
            return tf.tile(t, tf.concat([[m], tf.ones([tf.rank(t) - 1], tf.int32)], axis=0))

        rep = tile(feats)
        n_feat = tf.reduce_prod(tf.shape(feats)[1:])
        index = tf.reshape(tf.transpose(support), [-1])
        tangent = tf.reshape(tf.one_hot(index, n_feat, dtype=feats.dtype), tf.shape(rep))
        rep_x = tf.nest.map_structure(tile, xb)
        with tf.autodiff.ForwardAccumulator(rep, tangent) as acc:
            out = _as_2d_probs(tf, net.probs(rep_x, rep))
        jvp = acc.jvp(out)
        k = tf.shape(out)[1]
        cols = tf.transpose(tf.reshape(jvp, [m, b, k]), [1, 2, 0])  # [b, K, m]
        return tf.cast(out[:b], tf.float32), tf.cast(cols, tf.float32), mask

    return run


def _support(v: np.ndarray) -> np.ndarray:
    """Flat indices of the non-zero entries of each row, padded with -1 to the longest row."""
    nz = np.nan_to_num(v) > 0
    m = int(nz.sum(axis=1).max()) if nz.size else 0
    order = np.argsort(~nz, axis=1, kind="stable")[:, :m]
    return np.where(np.take_along_axis(nz, order, axis=1), order, -1).astype(np.int32)


def _fixed_v(choice: VChoice, text: bool) -> bool:
    """Whether v is the same row for every example (so it and its support are built once)."""
    if choice.kind == "explicit":
        return choice.weights is not None and choice.weights.ndim == 1
    return not text and choice.kind in ("mask", "uniform")


def prediction_sensitivity(
    model=None,
    x=None,
    *,
    v="uniform",
    protected=None,
    w=None,
    batch_size: int = 256,
    embedding_layer=None,
    mask=None,
    tokens=None,
    word_ids=None,
    psm_model=None,
    psm_embedding_layer=None,
    abs_jacobian=None,
    psm_abs_jacobian=None,
    embeddings=None,
    mode: str = "auto",
    output: str = "auto",
    feature_names: Sequence[str] | None = None,
    proxy_reference=None,
    per_feature: bool = True,
) -> SensitivityResult:
    """Accumulated prediction sensitivity of a TensorFlow model, per example.

    Computes |∂f_k/∂x_i| in batches inside ``tf.function`` and reduces it to
    P = wᵀ|J|v with the NumPy core; J itself is never kept beyond a batch.
    Reverse mode costs K backward passes (one when K = 2 softmax or K = 1);
    forward mode costs one JVP per feature that v touches (``mask``,
    ``word_list``). ``mode="auto"`` picks the cheaper. A single backward pass
    of wᵀf is never used: it measures |Σ_k w_k ∂f_k/∂x_i|, which is 0 for
    softmax outputs with uniform w.

    Parameters
    ----------
    model : keras.Model or callable, optional
        Returns class probabilities ``[n, K]`` (or ``[n]`` for one score).
        Not needed when ``abs_jacobian`` is given.
    x : array_like
        Model input. Tabular: ``[n, F]`` floats. Text with ``embedding_layer``:
        the model's token input ``[n, T]``. Text with a plain callable: the
        embeddings ``[n, T, D]`` themselves.
    v : VChoice or str
        Feature weighting (``"uniform"``, ``"mask"``, ``"psm"``, ``"psm_emb"``,
        ``"proxy_adjusted"`` or a ``VChoice``).
    protected : int or sequence of int or str, optional
        Protected feature(s) for ``v="mask"`` / ``"proxy_adjusted"``.
    w : array_like, ``[K]``, optional
        Stochastic class weights; uniform when omitted.
    batch_size : int
        Examples per gradient batch.
    embedding_layer : str or keras layer, optional
        Text models: gradients are taken w.r.t. this layer's output.
    mask : array_like of bool, ``[n, T]``, optional
        Real-token mask; default the layer's Keras mask (``mask_zero``) or all True.
    tokens, word_ids : array_like, ``[n, T]``, optional
        Token strings (and word index per piece) for the word-list choices.
    psm_model : keras.Model or callable, optional
        Protected-status model for ``psm`` / ``psm_emb`` (same input space).
    psm_embedding_layer : str or keras layer, optional
        Its embedding layer; defaults to ``embedding_layer``'s name.
    abs_jacobian, psm_abs_jacobian : array_like, ``[n, K, F]``, optional
        Precomputed absolute Jacobians (PyTorch, JAX...); then no model is run.
    embeddings : array_like, optional
        Input embeddings for ``*_emb`` when ``abs_jacobian`` is given.
    mode : {"auto", "reverse", "forward"}
        Differentiation mode. Forward mode fills s only on v's support (NaN elsewhere).
    output : {"auto", "softmax", "sigmoid"}
        What the outputs are; ``auto`` is softmax for K > 1, sigmoid for K = 1.
        Use ``sigmoid`` for independent per-class scores (multi-label).
    feature_names : sequence of str, optional
        Tabular names; ``protected`` may use them.
    proxy_reference : array_like, ``[m, F]``, optional
        Data for the proxy slopes of ``proxy_adjusted``; default ``x``.
    per_feature : bool, default True
        Keep ``s`` and ``v`` per feature, ``[n, F]`` float64 each. For text
        F = T·D is large (BERT-base, T = 128: 98,304 floats per example);
        with False they are None and only P, ``per_class`` and, for text,
        the per-token ``token_sensitivity`` / ``token_weight`` are kept,
        which is also faster when the model is small.

    Returns
    -------
    SensitivityResult
        ``.P`` float64 ``[n]`` (NaN where undefined), ``.reasons``, ``.s``,
        ``.v`` (None with ``per_feature=False``), ``.per_class``, and for text ``.token_sensitivity`` /
        ``.token_weight``.

    Raises
    ------
    ValueError
        Bad w or v, empty mask or word list, protected index out of range,
        logits instead of probabilities, mismatched shapes, NaN gradients.
    ImportError
        TensorFlow is not installed.

    See Also
    --------
    tb_bias_plugin.measures.sensitivity.sensitivity.accumulated_sensitivity : the NumPy core.

    References
    ----------
    .. [1] S. Krishna et al., "Measuring Fairness of Text Classifiers via
       Prediction Sensitivity", ACL 2022; corrections in ``docs/measures/sensitivity.md``.

    Examples
    --------
    The logistic example of the docs, f = [1 - σ(z), σ(z)], z = a·x + b:

    >>> import tensorflow as tf
    >>> a = tf.constant([[1.0], [-2.0], [0.5]])
    >>> f = lambda x: tf.concat([1 - tf.sigmoid(x @ a - 0.25), tf.sigmoid(x @ a - 0.25)], axis=1)
    >>> r = prediction_sensitivity(f, np.array([[0.5, 0.25, 1.0]]), v="mask", protected=[2])
    >>> round(float(r.P[0]), 6)
    0.123067
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}; got {mode!r}")
    if batch_size < 1:
        raise ValueError(f"batch_size must be >= 1; got {batch_size}")
    if feature_names is not None and protected is not None:
        names = list(feature_names)
        resolved = []
        for p in np.atleast_1d(protected).tolist():
            if isinstance(p, str):
                if p not in names:
                    raise ValueError(f"protected feature {p!r} is not among the feature names")
                p = names.index(p)
            resolved.append(p)
        protected = resolved if np.ndim(protected) else resolved[0]
    choice = VChoice.parse(v, protected)

    if abs_jacobian is not None:
        given_layout = None
        if mask is not None or tokens is not None:
            j_shape = np.shape(abs_jacobian)
            m = np.asarray(mask if mask is not None else np.ones(np.shape(tokens), bool), dtype=bool)
            if j_shape[2] % m.shape[1]:
                raise ValueError(f"F = {j_shape[2]} is not a multiple of T = {m.shape[1]} tokens")
            given_layout = TextLayout(j_shape[2] // m.shape[1], m, tokens, word_ids)
        return accumulated_sensitivity(abs_jacobian, v=choice, w=w, layout=given_layout,
                                       psm_abs_jacobian=psm_abs_jacobian, embeddings=embeddings,
                                       feature_names=feature_names)
    if model is None or x is None:
        raise ValueError("pass a model and its input x, or a precomputed abs_jacobian")
    if choice.kind in ("psm", "psm_emb") and psm_model is None and psm_abs_jacobian is None:
        raise ValueError(f"v={choice.kind!r} needs psm_model (or psm_abs_jacobian)")
    if choice.kind == "proxy_adjusted" and embedding_layer is not None:
        raise ValueError("v='proxy_adjusted' is for tabular inputs")

    tf = _tf()
    x = np.asarray(x)
    n = x.shape[0]
    if n == 0:
        raise ValueError("x has no examples")
    net = _net(model, embedding_layer, "the model")
    text = embedding_layer is not None or x.ndim == 3
    if not text and x.ndim != 2:
        raise ValueError(f"tabular x must be [n, F]; got shape {x.shape}")
    if feature_names is not None and not text and len(feature_names) != x.shape[1]:
        raise ValueError(f"{len(feature_names)} feature names for F = {x.shape[1]} features")
    for name, arr in (("mask", mask), ("tokens", tokens), ("word_ids", word_ids)):
        if arr is not None and np.shape(arr)[0] != n:
            raise ValueError(f"{name} has {np.shape(arr)[0]} rows; x has {n}")
    if choice.kind in ("word_list", "word_list_emb") and tokens is None:
        raise ValueError(f"v={choice.kind!r} needs tokens [n, T]")
    psm_net = None
    if psm_model is not None:
        psm_layer = psm_embedding_layer
        if psm_layer is None and embedding_layer is not None:
            psm_layer = embedding_layer if isinstance(embedding_layer, str) else embedding_layer.name
        psm_net = _net(psm_model, psm_layer, "the protected-status model")

    if not text and choice.kind in ("mask", "proxy_adjusted"):
        v_weights(choice, 1, x.shape[1], feature_names=feature_names)  # index range, before any work
    betas = None
    if choice.kind == "proxy_adjusted":
        assert choice.indices is not None
        p = choice.indices[0]
        if not 0 <= p < x.shape[1]:
            raise ValueError(f"protected index {p} is out of range for F = {x.shape[1]} features")
        betas = proxy_betas(x if proxy_reference is None else proxy_reference, p)

    def compiled(owner: _Differentiable, key: str, make):
        if key not in owner.fns:
            owner.fns[key] = make()
        return owner.fns[key]

    pieces: list[SensitivityResult] = []
    wk: np.ndarray | None = None
    wk32: Any = None
    k = 0
    shortcut = False
    reverse_cost = 1
    kind_out = output
    fixed = _fixed_v(choice, text)
    fixed_row: tuple | None = None  # (v row [F], its support [m]) when v is the same for every example
    fixed_forward = False  # fixed v in forward mode: later batches need no separate embedding lookup
    dims: tuple[int, int] = (0, 0)  # text: (T, D)
    f_dim = 0

    def text_layout(rows, b, m_auto) -> TextLayout:
        m = np.asarray(mask[rows], dtype=bool) if mask is not None else (
            m_auto if m_auto is not None else np.ones((b, dims[0]), dtype=bool))
        return TextLayout(dims[1], m, None if tokens is None else np.asarray(tokens, dtype=object)[rows],
                          None if word_ids is None else np.asarray(word_ids)[rows])

    for start in range(0, n, batch_size):
        rows = slice(start, min(start + batch_size, n))
        xb_np = x[rows]
        xb = tf.convert_to_tensor(xb_np)
        b = xb_np.shape[0]
        layout: TextLayout | None = None
        feats: Any = None
        if not fixed_forward:
            feats, auto_mask = net.features(tf, xb)
            if text:
                dims = (int(feats.shape[1]), int(np.prod(feats.shape[2:])))
                layout = text_layout(rows, b, auto_mask)
                f_dim = dims[0] * dims[1]
            else:
                f_dim = int(np.prod(feats.shape[1:]))
        elif text and (mask is not None or fixed_row is None):
            layout = text_layout(rows, b, None)
        if wk is None:
            # First batch: check outputs and w before any gradient work.
            probs0 = compiled(net, "probs", lambda: _probs_fn(tf, net))(xb, feats).numpy()
            k = probs0.shape[1]
            if kind_out == "auto":
                kind_out = "softmax" if k > 1 else "sigmoid"
            check_probabilities(probs0, kind_out)
            wk = class_weights(w, k)
            wk32 = tf.constant(wk, tf.float32)
            if choice.kind in ("mask", "proxy_adjusted"):
                v_weights(choice, 1, f_dim, feature_names=feature_names)  # index range check
            shortcut = kind_out == "softmax" and k == 2
            reverse_cost = 1 if (shortcut or k == 1) else k

        psm_j = None
        if choice.kind in ("psm", "psm_emb"):
            if psm_abs_jacobian is not None:
                psm_j = np.asarray(psm_abs_jacobian)[rows]
            else:
                assert psm_net is not None
                pfeats, _ = psm_net.features(tf, xb)
                psm_rev = compiled(psm_net, "psm", lambda: _psm_fn(tf, psm_net))
                pprobs, pu, pnan = psm_rev(xb, pfeats)
                check_probabilities(pprobs.numpy(), "softmax" if pprobs.shape[1] > 1 else "sigmoid")
                if bool(pnan):
                    raise ValueError(f"NaN gradients of the protected-status model in examples {start}..")
                psm_j = pu.numpy()[:, None, :]  # Σ_c |∂g_c/∂x_i|; v only needs the sum over c
        emb = feats.numpy().reshape(b, -1) if choice.kind.endswith("_emb") else None
        if fixed:
            if fixed_row is None:
                row, _ = v_weights(choice, 1, f_dim, feature_names=feature_names)
                fixed_row = (row[0], _support(row)[0])
            vb = np.broadcast_to(fixed_row[0], (b, f_dim))
            reasons = np.full(b, None, dtype=object)
            vb0 = vb  # no NaN in a fixed row
        else:
            vb, reasons = v_weights(choice, b, f_dim, layout=layout, psm_abs_jacobian=psm_j, embeddings=emb)
            vb0 = np.nan_to_num(vb)

        use_forward = False
        support = None
        if choice.kind in _SPARSE_KINDS and mode != "reverse":
            support = np.broadcast_to(fixed_row[1], (b, fixed_row[1].size)) if fixed_row is not None else _support(vb)
            use_forward = mode == "forward" or support.shape[1] < reverse_cost
        elif mode == "forward":
            raise ValueError(f"forward mode needs a v with a small support (mask, word_list, explicit); "
                             f"v={choice.kind!r} touches every feature")

        known = None
        u_fwd = None
        if betas is not None:
            rev_signed = compiled(net, "reverse_signed", lambda: _reverse_fn(tf, net, shortcut=False, signed=True))
            probs, jac, has_nan = rev_signed(xb, feats, wk32, vb0.astype(np.float32))
            jac = jac.numpy()
            abs_j = proxy_adjusted_abs_jacobian(jac, betas, p) if not bool(has_nan) else jac
            s_b = np.einsum("k,bkf->bf", wk, abs_j)
            per_class = np.einsum("bkf,bf->bk", abs_j, vb0)
        elif use_forward:
            assert support is not None
            fixed_forward = fixed
            s_b = np.full((b, f_dim), np.nan) if per_feature else None
            per_class = np.zeros((b, k))
            if support.shape[1] == 0:
                # No example in this batch has a feature v touches: nothing to differentiate.
                probs, has_nan = _as_2d_probs(tf, net.probs(xb, feats)), False
                known = (np.zeros((b, 0)), np.zeros((b, 0)))
                if layout is not None:
                    u_fwd = np.full((b, layout.n_tokens), np.nan)
            else:
                fwd = compiled(net, "forward", lambda: _forward_fn(tf, net))
                width = max(1, _MAX_TANGENT_ROWS // b)
                parts = []
                for lo in range(0, support.shape[1], width):
                    chunk = tf.convert_to_tensor(np.ascontiguousarray(support[:, lo:lo + width]))
                    probs, c, auto_mask = fwd(xb, chunk)
                    parts.append(c.numpy())
                if text and layout is None:
                    layout = text_layout(rows, b, auto_mask.numpy())
                cols = np.abs(np.concatenate(parts, axis=2).astype(np.float64))  # [b, K, m]
                has_nan = bool(np.isnan(cols).any())
                valid = support >= 0
                weights = np.where(valid, np.take_along_axis(vb0, np.maximum(support, 0), axis=1), 0.0)
                s_sup = np.einsum("k,bkm->bm", wk, cols)
                if s_b is not None:
                    r_idx, c_idx = np.nonzero(valid)
                    s_b[r_idx, support[r_idx, c_idx]] = s_sup[r_idx, c_idx]
                if layout is not None:
                    # u_t is known where all D dims of token t were differentiated.
                    t_all = layout.n_tokens
                    slot = np.where(valid, support // layout.dim, t_all) + (t_all + 1) * np.arange(b)[:, None]
                    size = b * (t_all + 1)
                    count = np.bincount(slot.ravel(), minlength=size).reshape(b, t_all + 1)[:, :t_all]
                    total = np.bincount(slot.ravel(), weights=s_sup.ravel(), minlength=size).reshape(b, t_all + 1)
                    u_fwd = np.where(count == layout.dim, total[:, :t_all], np.nan)
                per_class = np.einsum("bkm,bm->bk", cols, weights)
                known = (s_sup, weights)
        else:
            fn = compiled(net, "reverse_%s" % shortcut, lambda s=shortcut: _reverse_fn(tf, net, shortcut=s))
            probs, s_b, per_class, has_nan = fn(xb, feats, wk32, vb0.astype(np.float32))
            s_b, per_class = s_b.numpy().astype(np.float64), per_class.numpy().astype(np.float64)
        if fixed and layout is not None:
            assert fixed_row is not None
            if not layout.mask[:, np.asarray(fixed_row[1]) // layout.dim].all():
                raise ValueError("explicit v puts weight on padding positions")
        probs = np.asarray(probs)
        check_probabilities(probs, kind_out)
        if bool(has_nan):
            raise ValueError(f"NaN gradients in examples {start}..{start + b - 1}: check the model and inputs")
        undefined = reasons != None  # noqa: E711
        if known is not None:
            P = np.einsum("bm,bm->b", *known)  # s is NaN off v's support, where v is 0
        else:
            P = np.einsum("bf,bf->b", s_b, vb0)
        P[undefined] = np.nan
        per_class[undefined] = np.nan
        u = V = None
        if text:
            if known is not None:
                u = u_fwd
            else:
                assert s_b is not None
                u = s_b.reshape(b, dims[0], dims[1]).sum(axis=2)
            if fixed:
                assert fixed_row is not None
                V = np.broadcast_to(fixed_row[0].reshape(dims).sum(axis=1), (b, dims[0]))
            else:
                V = vb0.reshape(b, dims[0], dims[1]).sum(axis=2)
        keep = per_feature
        pieces.append(SensitivityResult(P=P, reasons=reasons, s=s_b if keep else None, v=vb if keep else None,
                                        v_choice=choice, per_class=per_class, token_sensitivity=u, token_weight=V,
                                        token_mask=None if layout is None else layout.mask,
                                        tokens=None if layout is None else layout.tokens))

    def cat(attr):
        vals = [getattr(p, attr) for p in pieces]
        if vals[0] is None:
            return None
        if text and vals[0].ndim == 2 and attr != "per_class":
            width = max(v_.shape[1] for v_ in vals)
            if any(v_.shape[1] != width for v_ in vals):
                raise ValueError("batches have different token lengths: pad x to one length T")
        return np.concatenate(vals, axis=0)

    return SensitivityResult(P=cat("P"), reasons=cat("reasons"), s=cat("s"), v=cat("v"), v_choice=choice,
                             per_class=cat("per_class"), token_sensitivity=cat("token_sensitivity"),
                             token_weight=cat("token_weight"), token_mask=cat("token_mask"), tokens=cat("tokens"))
