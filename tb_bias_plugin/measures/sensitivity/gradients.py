"""Absolute Jacobians of a TensorFlow or PyTorch model, reduced to P in batches.

``prediction_sensitivity`` hands a PyTorch model (or tensor input) to
``torch_gradients.py`` (``torch`` extra) and anything else to the
TensorFlow step below (``tf`` extra). TensorFlow is imported when that step
first runs, never at package import nor for a PyTorch model. This is the compute step only: the arguments are checked and
the work planned by ``plan.py``, and the gradients reduced to results by
``assemble.py``, both without any framework, so another framework's compute
step can reuse them. The choice between reverse mode (one pass per class) and
forward mode (one pass per feature that v touches) and the reason a single
backward pass over wᵀf is wrong are explained in ``docs/measures/sensitivity.md``.
"""

from __future__ import annotations

import sys
import weakref
from typing import Any, Sequence

import numpy as np

from tb_bias_plugin.core.extras import install_hint
from tb_bias_plugin.core.validation import probability_sum_tolerance
from tb_bias_plugin.measures.sensitivity.assemble import (
    BatchGradients,
    batch_result,
    concatenate,
    forward_gradients,
    proxy_gradients,
)
from tb_bias_plugin.measures.sensitivity.plan import (
    MODES,
    BatchWeights,
    FixedV,
    OutputPlan,
    SensitivityPlan,
    SensitivityRequest,
    batch_weights,
    fixed_v,
    ids_need_embedding_layer,
    parse_request,
    plan_outputs,
    plan_sensitivity,
    precomputed_sensitivity,
    tangent_chunks,
)
from tb_bias_plugin.measures.sensitivity.sensitivity import SensitivityResult, TextLayout, check_probabilities
from tb_bias_plugin.writing.keras import check_layer_names, find_layer, hooked_call, layer_paths

__all__ = ["prediction_sensitivity", "MODES"]


def _tf():
    try:
        import tensorflow as tf
    except ImportError as err:  # pragma: no cover - depends on the environment
        raise ImportError(
            "prediction_sensitivity differentiates a Keras model, or a plain callable given NumPy rows, with "
            "TensorFlow (%s); a PyTorch model is differentiated by PyTorch: pass a torch.nn.Module, or x as a "
            "torch.Tensor with a plain callable" % install_hint("tf")) from err
    return tf


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
        self.dtype = "float32"  # set per batch by `compute_dtype`
        if embedding_layer is not None:
            if not hasattr(model, "get_layer"):
                raise ValueError(f"embedding_layer needs a Keras model for {name}; for a plain callable pass "
                                 "the embeddings as x")
            if isinstance(embedding_layer, str):
                check_layer_names(model, [embedding_layer], f"embedding_layer of {name}")
            layer = embedding_layer if not isinstance(embedding_layer, str) else find_layer(model, embedding_layer)
            self._layer = _ref(layer)

    @property
    def model(self):
        return self._model()

    def compute_dtype(self, x_dtype) -> str:
        """The dtype gradients are taken in: float64 when the weights that produce the features'
        derivatives are float64, else float32. A plain callable has no weights to read, and
        NumPy's default float64 x says nothing of its own precision (a float32 constant inside
        would fail a float64 product): it is differentiated in float32."""
        owner = self.layer if self.layer is not None else self.model
        weights = list(getattr(owner, "weights", None) or getattr(self.model, "weights", None) or [])
        if weights:
            names = {getattr(w.dtype, "name", str(w.dtype)) for w in weights}
            return "float64" if "float64" in names else "float32"
        return "float32"

    @property
    def layer(self):
        return None if self._layer is None else self._layer()

    def capture(self, tf, xb):
        """(features, padding mask) of a batch, as graph ops (call inside a tf.function).

        For text the model runs only up to the embedding layer (the hook
        stops it there), so this costs an embedding lookup, not a forward pass.
        """
        if self.layer is None:
            feats = tf.cast(xb, self.dtype)
            return feats, tf.ones(tf.shape(feats)[:1], tf.bool)
        layer, model = self.layer, self.model
        rec: dict = {}
        with hooked_call(layer, rec, stop=True):
            try:
                model(xb, training=False)
            except Exception:  # StopForward, possibly re-wrapped by Keras
                if not rec.get("stopped"):
                    raise
        if "output" not in rec:
            raise ValueError(f"the model never called its embedding layer {layer.name!r}")
        if rec["output"].shape.rank is not None:  # a subclassed model's layer, not checked before tracing
            _check_per_token(layer.name, tuple(rec["output"].shape))
        # None positionally: Keras 3's Layer.compute_mask requires previous_mask, Embedding's takes mask=None
        m = layer.compute_mask(rec["inputs"], None) if hasattr(layer, "compute_mask") else None
        m = tf.ones(tf.shape(rec["output"])[:2], tf.bool) if m is None else tf.cast(m, tf.bool)
        return tf.cast(rec["output"], self.dtype), m

    def features(self, tf, xb):
        """(features, padding mask or None) for a batch, eagerly."""
        if self.layer is None:
            return tf.cast(xb, self.dtype), None
        if self._features_fn is None:
            net = self

            @tf.function(reduce_retracing=True)
            def run(x):
                return net.capture(tf, x)

            self._features_fn = _AnyRows(run, "b")
        feats, m = self._features_fn(xb)
        return feats, m.numpy()

    def probs(self, xb, feats):
        model = self.model
        if self.layer is None:
            out = model(feats, training=False) if hasattr(model, "get_layer") else model(feats)
        else:
            with hooked_call(self.layer, {}, replacement=feats):
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
        return tf.cast(out[:b], feats.dtype), tf.cast(cols, feats.dtype), mask

    return run


def prediction_sensitivity(
    model=None, x=None, *, v="uniform", protected=None, w=None, batch_size: int = 256, embedding_layer=None,
    mask=None, tokens=None, word_ids=None, psm_model=None, psm_embedding_layer=None, abs_jacobian=None,
    psm_abs_jacobian=None, embeddings=None, mode: str = "auto", output: str = "auto",
    feature_names: Sequence[str] | None = None, proxy_reference=None, per_feature: bool = True,
) -> SensitivityResult:
    """Accumulated prediction sensitivity of a TensorFlow or PyTorch model, per example.

    Computes |∂f_k/∂x_i| in batches (inside ``tf.function``, or with
    ``torch.func`` in the model's own dtype and device) and reduces it to
    P = wᵀ|J|v with the NumPy core; J itself is never kept beyond a batch.
    Reverse mode costs K backward passes (one when K = 2 softmax or K = 1);
    forward mode costs one JVP per feature that v touches (``mask``,
    ``word_list``). ``mode="auto"`` picks the cheaper. A single backward pass
    of wᵀf is never used: it measures |Σ_k w_k ∂f_k/∂x_i|, which is 0 for
    softmax outputs with uniform w.

    An input only some v choices read (``psm_*``, ``embeddings``, ``word_ids``)
    is ignored by the others, so one set of arguments serves a loop over choices.

    Parameters
    ----------
    model : keras.Model, torch.nn.Module or callable, optional
        Returns class probabilities ``[n, K]`` (or ``[n]`` for one score). A ``torch.nn.Module``, or a
        callable given a ``torch.Tensor`` ``x``, runs with PyTorch, in evaluation mode (restored after).
    x : array_like
        Model input. Tabular: ``[n, F]`` floats. Text with ``embedding_layer``: the model's token input
        ``[n, T]``. Text with a plain callable: the embeddings ``[n, T, D]`` themselves.
    v : VChoice or str
        Feature weighting (``"uniform"``, ``"mask"``, ``"psm"``, ``"psm_emb"``,
        ``"proxy_adjusted"`` or a ``VChoice``).
    protected : int or sequence of int or str, optional
        Protected feature(s) for ``v="mask"`` / ``"proxy_adjusted"``.
    w : array_like, ``[K]``, optional
        Stochastic class weights; uniform when omitted.
    batch_size : int
        Examples per gradient batch. Model path only.
    embedding_layer : str, keras layer or torch.nn.Module, optional
        Text models: gradients are taken w.r.t. this layer's output (a nested Keras model's layer by its
        path, ``"encoder/emb"``; a PyTorch submodule by its name in ``model.named_modules()``).
    mask : array_like of bool, ``[n, T]``, optional
        Real-token mask; default the layer's Keras mask (``mask_zero``), an
        ``nn.Embedding``'s ``padding_idx``, or all True.
    tokens, word_ids : array_like, ``[n, T]``, optional
        Token strings (and word index per piece, -1 for none; only with ``tokens``) for word-list choices.
    psm_model : keras.Model, torch.nn.Module or callable, optional
        Protected-status model for ``psm`` / ``psm_emb`` (same input space).
    psm_embedding_layer : str, keras layer or torch.nn.Module, optional
        Its embedding layer; defaults to ``embedding_layer``'s name.
    abs_jacobian, psm_abs_jacobian : array_like, ``[n, K, F]``, optional
        Precomputed absolute Jacobians (PyTorch, JAX...); then no model is run, and
        the arguments only a model run reads are refused.
    embeddings : array_like, optional
        Input embeddings for ``*_emb`` when ``abs_jacobian`` is given.
    mode : {"auto", "reverse", "forward"}
        Differentiation mode. Forward mode fills s only on v's support (NaN elsewhere). Model path only.
    output : {"auto", "softmax", "sigmoid"}
        What the outputs are; ``auto`` is softmax for K > 1, sigmoid for K = 1 (``sigmoid``: multi-label).
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
        A call inside ``tf.function``; bad w or v, empty mask or word list, protected index out of range, logits
        instead of probabilities, mismatched shapes, NaN gradients; an argument ignored beside ``abs_jacobian``
        (``model``, ``x``, a ``mode``, ``output`` or ``batch_size`` not the default...) or a model (``embeddings``).
    ImportError
        TensorFlow is not installed (for a model that is not PyTorch's).

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
    _check_eager()
    if abs_jacobian is not None:
        return precomputed_sensitivity(**locals())  # every argument: it refuses those only a model run reads
    placement = None
    if _uses_torch(model, x, psm_model):
        from tb_bias_plugin.measures.sensitivity.torch_gradients import prepare

        x, embedding_layer, psm_embedding_layer, placement = prepare(model, x, embedding_layer, psm_model,
                                                                     psm_embedding_layer)
    request = parse_request(model, x, v=v, protected=protected, w=w, batch_size=batch_size,
                            embedding_layer=embedding_layer, mask=mask, tokens=tokens, word_ids=word_ids,
                            psm_model=psm_model, psm_embedding_layer=psm_embedding_layer,
                            psm_abs_jacobian=psm_abs_jacobian, mode=mode, output=output, feature_names=feature_names,
                            proxy_reference=proxy_reference, per_feature=per_feature, embeddings=embeddings)
    return _compute(request, plan_sensitivity(request), placement)


def _check_eager() -> None:
    """Refuse a call inside ``tf.function`` (NumPy then met a symbolic tensor: TensorFlow's NotImplementedError).

    Read from ``sys.modules``, as `_uses_torch` is: a graph exists only once TensorFlow is imported.
    """
    tf = sys.modules.get("tensorflow")
    if tf is not None and not tf.executing_eagerly():
        raise ValueError("prediction_sensitivity traces its own tf.functions and reduces their gradients in NumPy, "
                         "so it needs eager execution: call it outside tf.function")


def _compute(request: SensitivityRequest, plan: SensitivityPlan, placement: Any) -> SensitivityResult:
    """The framework's compute step over the plan's batches: PyTorch's when placed on a torch device."""
    if placement is not None:
        from tb_bias_plugin.measures.sensitivity.torch_gradients import TorchRun

        pieces = TorchRun(request, plan, placement).run()
    else:
        run = _Run(_tf(), request, plan)
        pieces = [run.batch(rows) for rows in plan.batches]
    return concatenate(pieces, request.choice, request.text)


def check_input_shape(model, x: np.ndarray) -> None:
    """x's shape against a Keras model's one declared input, before any graph runs: a model whose compiled
    functions are cached would otherwise fail deep in graph execution ("Matrix size-incompatible")."""
    try:
        inputs = model.inputs
        want = tuple(inputs[0].shape)[1:] if inputs is not None and len(inputs) == 1 else None
    except Exception:  # a plain callable, a subclassed or unbuilt model: nothing declared
        return
    if want is not None and (len(want) != x.ndim - 1 or any(w is not None and w != g for w, g in zip(want, x.shape[1:]))):
        raise ValueError(f"x has shape {x.shape}; the model takes inputs of shape {(None, *want)}")


def check_embedding_output(layer) -> None:
    """A functional model's ``embedding_layer`` gives a vector per token; known before tracing, where the
    same check would come wrapped in autograph's "in user code"."""
    try:
        shape = tuple(layer.output.shape)
    except Exception:  # not a functional graph's layer: checked when traced
        return
    _check_per_token(layer.name, shape)


def _check_per_token(name: str, shape: tuple) -> None:
    if len(shape) < 3:
        raise ValueError(f"embedding_layer {name!r} gives outputs of shape {shape}; an embedding layer gives "
                         "a vector per token, [n, T, D]")


def embedding_layers(model) -> list[str]:
    """The names of a Keras model's Embedding layers, a nested model's as a path (``"encoder/emb"``, as
    ``embedding_layer`` takes it), by class name: Keras 2 and 3 have different classes."""
    return [path for path in layer_paths(model)
            if any(kind.__name__ == "Embedding" for kind in type(find_layer(model, path)).__mro__)]


def _uses_torch(*objects) -> bool:
    """Whether the model (or x, or the protected-status model) is PyTorch's.

    Read from ``sys.modules``: a PyTorch object exists only once PyTorch is
    imported, so a Keras model never imports it (nor a PyTorch one TensorFlow).
    """
    if "torch" not in sys.modules:
        return False
    from tb_bias_plugin.measures.sensitivity.torch_gradients import is_torch

    return is_torch(*objects)


def _compiled(owner: _Differentiable, key: str, make, axes: str):
    """``owner``'s compiled function ``key``, made on first use, traced for any batch size (`_AnyRows`)."""
    if key not in owner.fns:
        owner.fns[key] = _AnyRows(make(), axes)
    return owner.fns[key]


class _AnyRows:
    """A ``tf.function`` of tensors, traced once per argument dtypes for any number of rows.

    Called directly, a ``reduce_retracing`` function is traced for the first
    batch's exact size and again at the first batch of another size (the
    last, smaller batch, or the next call's), and TensorFlow counts traces
    per function *code*, so a few models or v choices in one process add up
    to its "triggered tf.function retracing" warning at every epoch. Traced
    by ``get_concrete_function`` with the row axis open, it is traced once,
    and such a trace is not counted as retracing.

    ``axes`` has one letter per argument: ``b`` its first axis is open,
    ``*`` every axis is open, ``=`` its shape is fixed.
    """

    def __init__(self, fn, axes: str):
        self.fn, self.axes = fn, axes
        self.concrete: dict = {}

    def __call__(self, *args):
        tf = _tf()
        tensors = [tf.convert_to_tensor(a) for a in args]
        specs = tuple(tf.TensorSpec(_open_shape(t.shape, axis), t.dtype) for t, axis in zip(tensors, self.axes))
        if specs not in self.concrete:
            self.concrete[specs] = self.fn.get_concrete_function(*specs)
        return self.concrete[specs](*tensors)


def _open_shape(shape, axes: str) -> list:
    dims = list(shape)
    if axes == "*":
        return [None] * len(dims)
    return dims if axes == "=" or not dims else [None, *dims[1:]]


class _Run:
    """The compute step of one `prediction_sensitivity` call with TensorFlow: batch by batch.

    What is known only once a batch has run is carried to the next: the
    output plan (from the first batch's probabilities), the fixed v row,
    the text dims (T, D) and F.
    """

    def __init__(self, tf, request: SensitivityRequest, plan: SensitivityPlan):
        self.tf, self.request, self.plan = tf, request, plan
        if request.embedding_layer is None:
            ids_need_embedding_layer(request.model, np.asarray(request.x), embedding_layers(request.model),
                                     "Embedding layer")
        check_input_shape(request.model, np.asarray(request.x))
        self.net = _net(request.model, request.embedding_layer, "the model")
        if self.net.layer is not None:
            check_embedding_output(self.net.layer)
        self.psm_net = None if request.psm_model is None else _net(
            request.psm_model, request.psm_embedding_layer, "the protected-status model")
        self.outputs: OutputPlan | None = None
        self.w32: Any = None  # the class weights as a constant of the compute dtype
        self.sum_tolerance = 0.0  # of the model's output dtype (float16 under Keras mixed precision)
        self.fixed: FixedV | None = None
        self.skip_lookup = False  # fixed v in forward mode: the forward pass looks the features up itself
        self.dims: tuple[int, int] = (0, 0)  # text: (T, D)
        self.n_features = 0

    def batch(self, rows: slice) -> SensitivityResult:
        """The result of the examples ``rows``."""
        tf, request, plan = self.tf, self.request, self.plan
        xb = tf.convert_to_tensor(request.x[rows])
        # The model's own dtype: a float64 model gets float64 Jacobians (docs/measures/sensitivity.md).
        self.net.dtype = self.net.compute_dtype(xb.dtype)
        feats, layout = self._features(rows, xb)
        if self.outputs is None:
            # First batch: check outputs and w before any gradient work.
            probs = self._first_probs(xb, feats)
            self.sum_tolerance = probability_sum_tolerance(probs.dtype.name)
            self.outputs = plan_outputs(probs.numpy(), request.w, request.output, self.sum_tolerance)
            self.w32 = tf.constant(self.outputs.w, self.net.dtype)
        psm_j = self._psm_jacobian(rows, xb)
        emb = feats.numpy().reshape(xb.shape[0], -1) if plan.needs_embeddings else None
        if plan.fixed_v and self.fixed is None:
            self.fixed = fixed_v(request.choice, self.n_features, request.feature_names)
        weights = batch_weights(request, plan, self.outputs, rows, self.n_features, layout=layout,
                                psm_abs_jacobian=psm_j, embeddings=emb, fixed=self.fixed)
        if plan.proxy_betas is not None:
            grads = self._proxy(xb, feats, weights)
        elif weights.forward:
            self.skip_lookup = plan.fixed_v
            grads, layout = self._forward(rows, xb, feats, weights, layout)
        else:
            grads = self._reverse(xb, feats, weights)
        grads.sum_tolerance = self.sum_tolerance
        return batch_result(request, self.outputs, weights, grads, layout, self.dims, self.fixed, rows.start)

    def _first_probs(self, xb, feats):
        try:
            return _compiled(self.net, "probs", lambda: _probs_fn(self.tf, self.net), "bb")(xb, feats)
        except TypeError as e:
            # NumPy x sends a plain callable down TensorFlow's path; PyTorch code then meets a TF tensor.
            if hasattr(self.request.model, "get_layer") or "torch" not in sys.modules:
                raise
            raise ValueError("the model failed when called with TensorFlow tensors (%s): a plain callable given "
                             "NumPy x runs under TensorFlow; for a PyTorch callable pass x as a torch.Tensor"
                             % str(e).strip().splitlines()[-1].strip()) from e

    def _features(self, rows: slice, xb) -> tuple[Any, TextLayout | None]:
        """(features, text layout) of a batch; both may be None once forward mode looks features up itself."""
        request = self.request
        b = int(xb.shape[0])
        if self.skip_lookup:
            # the fixed row is known; without a given mask the forward pass reads the layout from the model
            if request.text and request.text_inputs.mask is not None:
                return None, request.text_inputs.layout(rows, b, self.dims, None)
            return None, None
        feats, auto_mask = self.net.features(self.tf, xb)
        if not request.text:
            self.n_features = int(np.prod(feats.shape[1:]))
            return feats, None
        self.dims = (int(feats.shape[1]), int(np.prod(feats.shape[2:])))
        self.n_features = self.dims[0] * self.dims[1]
        return feats, request.text_inputs.layout(rows, b, self.dims, auto_mask)

    def _psm_jacobian(self, rows: slice, xb) -> np.ndarray | None:
        """Σ_c |∂g_c/∂x_i| of the protected-status model g, ``[b, 1, F]`` (v only needs the sum over c)."""
        if not self.plan.needs_psm:
            return None
        if self.request.psm_abs_jacobian is not None:
            return self.request.psm_abs_jacobian[rows]
        tf, net = self.tf, self.psm_net
        assert net is not None
        net.dtype = net.compute_dtype(xb.dtype)
        pfeats, _ = net.features(tf, xb)
        probs, summed, has_nan = _compiled(net, "psm", lambda: _psm_fn(tf, net), "bb")(xb, pfeats)
        check_probabilities(probs.numpy(), "softmax" if probs.shape[1] > 1 else "sigmoid",
                            tol=probability_sum_tolerance(probs.dtype.name))
        if bool(has_nan):
            raise ValueError(f"NaN gradients of the protected-status model in examples {rows.start}..")
        return summed.numpy()[:, None, :]

    def _reverse(self, xb, feats, weights: BatchWeights) -> BatchGradients:
        """Reverse mode: one backward pass per class (one for two softmax classes or one output)."""
        tf, net = self.tf, self.net
        assert self.outputs is not None
        shortcut = self.outputs.shortcut
        fn = _compiled(net, "reverse_%s" % shortcut, lambda: _reverse_fn(tf, net, shortcut=shortcut), "bb=b")
        probs, s, per_class, has_nan = fn(xb, feats, self.w32, weights.v0.astype(self.net.dtype))
        return BatchGradients(probs=np.asarray(probs), per_class=per_class.numpy().astype(np.float64),
                              has_nan=bool(has_nan), s=s.numpy().astype(np.float64))

    def _proxy(self, xb, feats, weights: BatchWeights) -> BatchGradients:
        """``proxy_adjusted``: the signed Jacobian, combined with the proxy slopes in NumPy."""
        tf, net, plan = self.tf, self.net, self.plan
        assert self.outputs is not None and plan.proxy_index is not None and plan.proxy_betas is not None
        fn = _compiled(net, "reverse_signed", lambda: _reverse_fn(tf, net, shortcut=False, signed=True),
                       "bb=b")
        probs, jac, has_nan = fn(xb, feats, self.w32, weights.v0.astype(self.net.dtype))
        return proxy_gradients(np.asarray(probs), jac.numpy(), bool(has_nan), plan.proxy_index, plan.proxy_betas,
                               self.outputs.w, weights.v0)

    def _forward(self, rows: slice, xb, feats, weights: BatchWeights,
                 layout: TextLayout | None) -> tuple[BatchGradients, TextLayout | None]:
        """Forward mode: one tangent per feature v touches, in chunks of at most `MAX_TANGENT_ROWS` rows."""
        tf, net = self.tf, self.net
        support = weights.support
        assert support is not None and self.outputs is not None
        b = support.shape[0]
        if support.shape[1] == 0:
            # No example in this batch has a feature v touches: nothing to differentiate.
            probs = _as_2d_probs(tf, net.probs(xb, feats))
            columns = np.zeros((b, self.outputs.n_classes, 0))
        else:
            fwd = _compiled(net, "forward", lambda: _forward_fn(tf, net), "b*")
            parts = []
            for lo, hi in tangent_chunks(b, support.shape[1]):
                probs, cols, auto_mask = fwd(xb, tf.convert_to_tensor(np.ascontiguousarray(support[:, lo:hi])))
                parts.append(cols.numpy())
            if self.request.text and layout is None:
                layout = self.request.text_inputs.layout(rows, b, self.dims, auto_mask.numpy())
            columns = np.concatenate(parts, axis=2)
        grads = forward_gradients(np.asarray(probs), columns, support, weights.v0, self.outputs.w, self.n_features,
                                  layout, self.request.per_feature)
        return grads, layout
