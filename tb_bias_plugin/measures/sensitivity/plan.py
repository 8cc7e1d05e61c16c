"""What ``prediction_sensitivity`` computes, decided before any gradient (NumPy only, no framework).

``prediction_sensitivity`` runs in three steps. **Parse** (`parse_request`)
checks and normalises its arguments into a `SensitivityRequest`, so a bad
argument is a ``ValueError`` before a model runs. **Plan**
(`plan_sensitivity`) fixes the batches, the proxy slopes and whether v is
one row for every example; the first batch's outputs then fix the class
weights and what reverse mode costs (`plan_outputs`), and each batch's v,
its support and reverse or forward mode follow from those
(`batch_weights`). **Compute** differentiates the model: it is the only
framework-specific step (``gradients.py`` for TensorFlow), and
``assemble.py`` turns what it returns into `SensitivityResult`s.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence

import numpy as np

from tb_bias_plugin.core.example_ids import check_ids
from tb_bias_plugin.core.example_text import short_strings
from tb_bias_plugin.core.validation import (
    MAX_NAME,
    PROBABILITY_SUM_TOLERANCE,
    check_flag,
    check_integer,
    check_labels,
    check_name,
    check_names,
)
from tb_bias_plugin.measures.sensitivity.sensitivity import (
    SensitivityResult,
    TextLayout,
    VChoice,
    accumulated_sensitivity,
    check_feature_count,
    check_one_choice,
    check_probabilities,
    check_protected_read,
    check_stochastic,
    check_text_arrays,
    class_weights,
    proxy_betas,
    resolve_protected,
    v_weights,
)
from tb_bias_plugin.writing.keras import is_py_dataset

__all__ = [
    "MODES",
    "OUTPUTS",
    "BatchWeights",
    "FixedV",
    "OutputPlan",
    "PER_EXAMPLE",
    "SensitivityPlan",
    "SensitivityRequest",
    "TextInputs",
    "batch_weights",
    "check_logged_inputs",
    "check_output",
    "is_text",
    "fixed_v",
    "named_choices",
    "parse_request",
    "plan_outputs",
    "plan_sensitivity",
    "precomputed_sensitivity",
    "proxy_reference",
    "support",
    "tangent_chunks",
]

MODES = ("auto", "reverse", "forward")
OUTPUTS = ("auto", "softmax", "sigmoid")

#: v choices whose weights are zero outside a small known support: forward mode can pay off.
SPARSE_KINDS = ("mask", "word_list", "word_list_emb", "explicit")
#: Most rows (examples x tangents) pushed through one forward-mode pass.
MAX_TANGENT_ROWS = 16384


# -- parse ---------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, eq=False)
class TextInputs:
    """The per-token arguments of a text input, each ``[n, T]`` or None, checked when made
    (`check_text_arrays`): before a model runs, not at its first batch.

    Raises
    ------
    ValueError
        An argument that breaks its rule (a mask of other values than
        booleans and 0/1, tokens that are not text...) or of another shape.
    """

    mask: np.ndarray | None = None
    tokens: np.ndarray | None = None
    word_ids: np.ndarray | None = None

    def __post_init__(self):
        mask, tokens, word_ids = check_text_arrays(self.mask, self.tokens, self.word_ids)
        object.__setattr__(self, "mask", mask)
        object.__setattr__(self, "tokens", tokens)
        object.__setattr__(self, "word_ids", word_ids)

    def check_rows(self, n: int, x_name: str = "x") -> None:
        """Refuse arrays of another number of rows than ``x``'s ``n``."""
        for name in ("mask", "tokens", "word_ids"):
            arr = getattr(self, name)
            if arr is not None and arr.shape[0] != n:
                raise ValueError(f"{name} has {arr.shape[0]} rows; {x_name} has {n}")

    def layout(self, rows: slice, b: int, dims: tuple[int, int], auto_mask: np.ndarray | None) -> TextLayout:
        """The layout of a batch of ``b`` examples with ``dims`` = (T, D).

        The real-token mask is the given one, else the model's (``auto_mask``), else all True.
        """
        if self.mask is not None:
            mask = self.mask[rows]
        else:
            mask = auto_mask if auto_mask is not None else np.ones((b, dims[0]), dtype=bool)
        return TextLayout(dims[1], mask, None if self.tokens is None else self.tokens[rows],
                          None if self.word_ids is None else self.word_ids[rows])


@dataclasses.dataclass(frozen=True, eq=False)
class SensitivityRequest:
    """``prediction_sensitivity``'s arguments for a model run, checked and normalised.

    The fields are its parameters (see its docstring), with ``protected``
    folded into ``choice``, ``w`` checked stochastic, arrays as ndarrays and
    the protected-status model's embedding layer resolved.
    """

    model: Any
    embedding_layer: Any
    x: np.ndarray
    text: bool  # token ids with an embedding layer, or embeddings [n, T, D]; else tabular [n, F]
    choice: VChoice
    w: np.ndarray | None
    mode: str
    output: str
    batch_size: int
    per_feature: bool
    feature_names: tuple[str, ...] | None
    text_inputs: TextInputs
    psm_model: Any = None
    psm_embedding_layer: Any = None
    psm_abs_jacobian: np.ndarray | None = None
    proxy_reference: np.ndarray | None = None

    @property
    def n(self) -> int:
        """The number of examples."""
        return int(self.x.shape[0])


def check_output(output: Any) -> str:
    """``output``, checked to be one of `OUTPUTS`: one rule for a model run, precomputed Jacobians and the loggers."""
    if output not in OUTPUTS:
        raise ValueError(f"output must be one of {OUTPUTS}; got {output!r}")
    return output


#: The model path's options with their defaults: another value beside precomputed Jacobians would be ignored.
_MODEL_OPTIONS = {"mode": "auto", "output": "auto", "batch_size": 256}


def _refuse_model_arguments(given: Mapping[str, Any]) -> None:
    """Refuse what only a model run reads (``model``, ``x``, layers, ``proxy_reference``, ``per_feature=False``,
    a ``mode``, ``output`` or ``batch_size`` not the default) beside precomputed Jacobians, which would ignore
    it, as ``protected=`` and ``w=`` are refused where unread."""
    unread = [name for name, value in given.items()
              if name not in _MODEL_OPTIONS and name != "per_feature" and value is not None]
    unread += [f"{name}={given[name]!r}" for name, default in _MODEL_OPTIONS.items()
               if name in given and given[name] != default]
    if not check_flag(given.get("per_feature", True), "per_feature"):
        unread.append("per_feature=False")
    if unread:
        one = len(unread) == 1
        raise ValueError(f"{', '.join(unread)} {'is' if one else 'are'} for the model path: with abs_jacobian no "
                         f"model runs, so {'it' if one else 'they'} would be ignored; drop {'it' if one else 'them'}, "
                         "or pass a model and x instead of abs_jacobian")


def _parse_choice(v, protected, feature_names, mode: str, batch_size: int) -> VChoice:
    """The options every path shares: mode, batch size and the v choice."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}; got {mode!r}")
    check_integer(batch_size, "batch_size", low=1)
    check_one_choice(v)
    check_protected_read([v], protected)
    return VChoice.parse(v, resolve_protected(protected, feature_names))


def named_choices(v: Any, protected: Any = None) -> dict[str, VChoice]:
    """``{name: VChoice}`` of one choice, a list of choices (named by kind) or a dict of named choices.

    Raises
    ------
    ValueError
        No choice, a name that is not a non-empty string, or two choices of one kind in a list.

    Examples
    --------
    >>> sorted(named_choices(["uniform", "mask"], protected=[2]))
    ['mask', 'uniform']
    """
    check_protected_read(v.values() if isinstance(v, Mapping) else v if isinstance(v, (list, tuple)) else [v], protected)
    if isinstance(v, Mapping):
        out = {}
        for name, choice in v.items():
            check_name(name, "a v choice's name", max_length=MAX_NAME)
            out[name] = VChoice.parse(choice, protected)
    else:
        items = v if isinstance(v, (list, tuple)) else [v]
        out = {}
        for choice in items:
            parsed = VChoice.parse(choice, protected)
            if parsed.kind in out:
                raise ValueError(f"two v choices of kind {parsed.kind!r}: pass a dict {{name: choice}} to name them")
            out[parsed.kind] = parsed
    if not out:
        raise ValueError("v needs at least one choice")
    return out


def input_rows(x: Any, x_name: str = "x") -> np.ndarray:
    """``x`` as one array of rows. The Keras containers a user has at hand are refused by name (NumPy
    would make a dataset or a dict a scalar, and a Keras ``(x, y)`` pair a ragged array): gradients are
    taken with respect to one input array.

    Examples
    --------
    >>> input_rows([[0.5, 1.0]]).shape
    (1, 2)
    >>> input_rows({"age": [1.0]}, "x_val")
    Traceback (most recent call last):
    ...
    ValueError: x_val is a dict of inputs; prediction sensitivity reads one input array, [n, F] features or [n, T] token ids
    """
    if isinstance(x, Mapping):
        raise ValueError(f"{x_name} is a dict of inputs; prediction sensitivity reads one input array, [n, F] "
                         "features or [n, T] token ids")
    if hasattr(x, "element_spec"):  # tf.data
        raise ValueError(f"{x_name} is a tf.data.Dataset; pass its inputs as one array (e.g. "
                         "np.concatenate([x for x, *_ in dataset.as_numpy_iterator()]))")
    if is_py_dataset(x):  # NumPy would stack its batches into one more axis: [batches, rows, F] read as text
        raise ValueError(f"{x_name} is a Keras PyDataset; pass its inputs as one array (its batches' inputs, "
                         "concatenated)")
    try:
        rows = np.asarray(x)
    except ValueError:  # NumPy's "inhomogeneous shape"
        if isinstance(x, (tuple, list)) and len(x) in (2, 3):
            raise ValueError(f"{x_name} holds arrays of different shapes, as Keras's (x, y) validation data does; "
                             "pass the inputs x alone") from None
        raise ValueError(f"{x_name} is ragged: every row needs the same shape") from None
    if rows.dtype == object and rows.ndim == 0:
        raise ValueError(f"{x_name} must be an array of rows, got a {type(x).__name__}")
    return rows


def ids_need_embedding_layer(model: Any, x: np.ndarray, embedding_layers: Sequence[str], what: str,
                             x_name: str = "x") -> None:
    """Refuse integer ``x`` given without ``embedding_layer`` to a model with embeddings (``embedding_layers``,
    its ``what``, e.g. "Embedding layer"): ids cast to floats have no gradient through a lookup, so P
    would be 0 (Keras) or the lookup would refuse them (PyTorch)."""
    if embedding_layers and x.dtype.kind in "iu":
        raise ValueError("%s holds integers, which %s reads as token ids with its %s %r: pass embedding_layer=%r, "
                         "so that sensitivity is taken at the embeddings"
                         % (x_name, type(model).__name__, what, embedding_layers[0], embedding_layers[0]))


def is_text(shape: tuple, embedding_layer: Any, x_name: str = "x") -> bool:
    """Whether ``x`` of this shape is text (token ids before ``embedding_layer``, or ``[n, T, D]``
    embeddings) rather than tabular ``[n, F]`` features.

    Raises
    ------
    ValueError
        A scalar, no rows, or a tabular ``x`` that is not two-dimensional.
    """
    if len(shape) == 0:
        raise ValueError(f"{x_name} must have one row per example; got a scalar")
    if shape[0] == 0:
        raise ValueError(f"{x_name} has no examples")
    text = embedding_layer is not None or len(shape) == 3
    if embedding_layer is not None and len(shape) != 2:
        raise ValueError(f"{x_name} must be [n, T] token ids with embedding_layer=; got shape {tuple(shape)}")
    if not text and len(shape) != 2:
        raise ValueError(f"tabular {x_name} must be [n, F] (or [n, T, D] embeddings, or token ids with "
                         f"embedding_layer=); got shape {tuple(shape)}")
    return text


#: The ``[n]``-row arguments of a logging helper or callback, by name (`check_logged_inputs`' ``per_example``).
PER_EXAMPLE = ("tokens", "mask", "word_ids", "groups", "example_ids", "example_text", "example_uris")


def check_logged_inputs(
    x_shape: tuple, *, text: bool, v: Any, protected: Any, feature_names: Any, per_example: Mapping[str, Any],
    psm_model: Any, w: Any, output: str, x_name: str = "x",
) -> tuple[dict[str, VChoice], np.ndarray | None, dict[str, Any]]:
    """The named v choices, the checked ``w`` and the checked per-example arrays of a logging helper or
    callback (the Keras callback and the PyTorch helper alike), every argument checked before a model
    runs: ``per_example`` holds the ``[n]``-row arguments by name (any of `PER_EXAMPLE`), and the
    returned dict has each of `PER_EXAMPLE`, checked (None where not given), to slice per batch.

    Raises
    ------
    ValueError
        Naming the argument: a bad v choice or protected range, a tabular choice
        on a text input, rows other than ``x``'s, a bad mask, tokens or word ids,
        word-list choices without tokens, psm choices without ``psm_model``, a
        ``w`` that is not a distribution, an unknown ``output``, tabular
        ``feature_names`` that are not one per column.
    """
    n = x_shape[0]
    if not text and feature_names is not None:  # now, not when the first epoch ends
        check_feature_count(check_names(feature_names, "feature_names"), x_shape[1])
    choices = named_choices(v, resolve_protected(protected, None if text else feature_names))
    for choice in choices.values():
        if choice.kind in ("mask", "proxy_adjusted"):
            if text:
                raise ValueError(f"v={choice.kind!r} is for tabular inputs; use word_list or psm for text")
            v_weights(choice, 1, x_shape[1], feature_names=feature_names)  # the protected index range
    given = [k for k in ("tokens", "mask", "word_ids") if per_example.get(k) is not None]
    if given and not text:  # else found only when the first epoch's record is written
        raise ValueError(f"{' and '.join(given)} {'is' if len(given) == 1 else 'are'} for text input: pass "
                         f"embedding_layer= (with {x_name} as token ids), or {x_name} as [n, T, D] embeddings")
    per_token = TextInputs(**{k: per_example.get(k) for k in ("mask", "tokens", "word_ids")})
    per_token.check_rows(n, x_name)
    for what, values in per_example.items():
        if values is None:
            continue
        try:
            rows = len(values)
        except TypeError:  # a scalar
            raise ValueError(f"{what} must have one entry per row of {x_name}; got {type(values).__name__} "
                             f"{values!r}") from None
        if rows != n:
            raise ValueError(f"{what} has {rows} rows; {x_name} has {n}")
    if any(c.kind in ("word_list", "word_list_emb") for c in choices.values()) and per_example.get("tokens") is None:
        raise ValueError("word-list v choices need tokens [n, T]")
    if any(c.kind in ("psm", "psm_emb") for c in choices.values()) and psm_model is None:
        raise ValueError("psm v choices need psm_model")
    check_output(output)
    return choices, None if w is None else check_stochastic(w, "w"), _checked_rows(per_token, per_example, n)


def _checked_rows(per_token: TextInputs, per_example: Mapping[str, Any], n: int) -> dict[str, Any]:
    """`PER_EXAMPLE`'s arrays as a logger slices them per batch: the checked token arrays, groups (labels),
    ids, and text and URIs (cut short)."""
    groups = per_example.get("groups")
    return dict(tokens=per_token.tokens, mask=per_token.mask, word_ids=per_token.word_ids,
                groups=None if groups is None else check_labels(groups, "groups", n),
                example_ids=check_ids(per_example.get("example_ids"), n),
                example_text=short_strings(per_example.get("example_text"), n, "example_text"),
                example_uris=short_strings(per_example.get("example_uris"), n, "example_uris"))


def proxy_reference(choices: Mapping[str, VChoice], x: Any, x_name: str = "x", to_array: Any = np.asarray
                    ) -> np.ndarray | None:
    """The rows every ``proxy_adjusted`` choice of a logger fits its proxy slopes on: all of ``x``
    (``to_array(x)``), or None without such a choice.

    A logger computes P batch by batch; passed as ``proxy_reference``, these
    rows give every batch the slopes of one call on all of ``x``, so P does
    not depend on the batch size (and a batch of one group has slopes).

    Raises
    ------
    ValueError
        A protected column that is constant over all of ``x``, before a model runs.
    """
    indices = sorted({c.indices[0] for c in choices.values() if c.kind == "proxy_adjusted" and c.indices})
    if not indices:
        return None
    rows = to_array(x)
    for index in indices:
        try:
            proxy_betas(rows, index)
        except ValueError as err:
            raise ValueError(f"{x_name}: {err} (proxy_adjusted fits them on all its rows)") from None
    return rows


def precomputed_sensitivity(
    abs_jacobian,
    *,
    v: Any = "uniform",
    protected: Any = None,
    w: Any = None,
    mask: Any = None,
    tokens: Any = None,
    word_ids: Any = None,
    psm_abs_jacobian: Any = None,
    embeddings: Any = None,
    feature_names: Sequence[str] | None = None,
    mode: str = "auto",
    batch_size: int = 256,
    output: str = "auto",
    model: Any = None,
    x: Any = None,
    embedding_layer: Any = None,
    psm_model: Any = None,
    psm_embedding_layer: Any = None,
    proxy_reference: Any = None,
    per_feature: bool = True,
) -> SensitivityResult:
    """``prediction_sensitivity`` of absolute Jacobians computed elsewhere (PyTorch, JAX...): no model runs.

    A ``mask`` or ``tokens`` makes the input text, with D = F / T. It takes every argument of
    ``prediction_sensitivity``, and refuses those only a model run reads (``model``, ``x``, the
    layers, ``proxy_reference``, ``per_feature=False``, a ``mode``, ``output`` or ``batch_size``
    other than the default: ``output`` and ``mode`` checked first by the model path's rule), since
    they would be ignored.
    """
    choice = _parse_choice(v, protected, feature_names, mode, batch_size)
    check_output(output)
    _refuse_model_arguments(dict(model=model, x=x, embedding_layer=embedding_layer, psm_model=psm_model,
                                 psm_embedding_layer=psm_embedding_layer, proxy_reference=proxy_reference,
                                 per_feature=per_feature, mode=mode, output=output, batch_size=batch_size))
    per_token = TextInputs(mask=mask, tokens=tokens, word_ids=word_ids)
    layout = None
    m = per_token.mask if per_token.mask is not None or per_token.tokens is None else \
        np.ones(per_token.tokens.shape, bool)
    if m is not None:
        j_shape = np.shape(abs_jacobian)
        if len(j_shape) != 3:
            raise ValueError(f"abs_jacobian must be [n, K, F]; got shape {j_shape}")
        if j_shape[2] % m.shape[1]:
            raise ValueError(f"F = {j_shape[2]} is not a multiple of T = {m.shape[1]} tokens")
        layout = TextLayout(j_shape[2] // m.shape[1], m, per_token.tokens, per_token.word_ids)
    return accumulated_sensitivity(abs_jacobian, v=choice, w=w, layout=layout, psm_abs_jacobian=psm_abs_jacobian,
                                   embeddings=embeddings, feature_names=feature_names)


def parse_request(
    model: Any,
    x: Any,
    *,
    v: Any = "uniform",
    protected: Any = None,
    w: Any = None,
    batch_size: int = 256,
    embedding_layer: Any = None,
    mask: Any = None,
    tokens: Any = None,
    word_ids: Any = None,
    psm_model: Any = None,
    psm_embedding_layer: Any = None,
    psm_abs_jacobian: Any = None,
    mode: str = "auto",
    output: str = "auto",
    feature_names: Sequence[str] | None = None,
    proxy_reference: Any = None,
    per_feature: bool = True,
    embeddings: Any = None,
) -> SensitivityRequest:
    """Check ``prediction_sensitivity``'s arguments for a model run, before any work.

    Parameters
    ----------
    model, x, v, protected, w, batch_size, embedding_layer, mask, tokens, word_ids, psm_model,
    psm_embedding_layer, psm_abs_jacobian, mode, output, feature_names, proxy_reference, per_feature
        As in ``prediction_sensitivity``.
    embeddings
        Refused: they are for precomputed Jacobians, and a model run would ignore them.

    Returns
    -------
    SensitivityRequest

    Raises
    ------
    ValueError
        A missing model or input, a v choice the input cannot have (a
        tabular choice on text, word lists without tokens, ``psm`` without
        a protected-status model, forward mode with a v touching every
        feature), shapes that disagree, a protected index out of range, a
        bad w, mode, output or per_feature, embeddings it would ignore.
    """
    if feature_names is not None:
        feature_names = check_names(feature_names, "feature_names")
    choice = _parse_choice(v, protected, feature_names, mode, batch_size)
    if model is None or x is None:
        raise ValueError("pass a model and its input x, or a precomputed abs_jacobian")
    if embeddings is not None:
        raise ValueError("embeddings is for precomputed abs_jacobian: a model run reads the embeddings from "
                         "embedding_layer, so they would be ignored; drop embeddings")
    kind = choice.kind
    if kind in ("psm", "psm_emb") and psm_model is None and psm_abs_jacobian is None:
        raise ValueError(f"v={kind!r} needs psm_model (or psm_abs_jacobian)")
    if kind == "proxy_adjusted" and embedding_layer is not None:
        raise ValueError("v='proxy_adjusted' is for tabular inputs")
    if mode == "forward" and kind not in SPARSE_KINDS:
        raise ValueError(f"forward mode needs a v with a small support (mask, word_list, explicit); "
                         f"v={kind!r} touches every feature")
    check_output(output)
    per_feature = check_flag(per_feature, "per_feature")  # bool("no") is True
    x = input_rows(x)
    text = is_text(x.shape, embedding_layer)
    n = x.shape[0]
    if not text:
        check_feature_count(feature_names, x.shape[1])
    if kind in ("word_list", "word_list_emb") and tokens is None:
        raise ValueError(f"v={kind!r} needs tokens [n, T]")
    if kind == "explicit" and choice.weights is not None and choice.weights.ndim == 2 and len(choice.weights) != n:
        raise ValueError(f"explicit v has {len(choice.weights)} rows; x has {n}")
    if kind in ("mask", "proxy_adjusted"):
        if text:
            raise ValueError(f"v={kind!r} is for tabular inputs; use word_list or psm for text")
        v_weights(choice, 1, x.shape[1], feature_names=feature_names)  # the protected index range
    per_token = TextInputs(mask=mask, tokens=tokens, word_ids=word_ids)
    per_token.check_rows(n)
    psm_layer = psm_embedding_layer
    if psm_layer is None and embedding_layer is not None:
        psm_layer = embedding_layer if isinstance(embedding_layer, str) else embedding_layer.name
    return SensitivityRequest(
        model=model,
        embedding_layer=embedding_layer,
        x=x,
        text=text,
        choice=choice,
        w=None if w is None else check_stochastic(w, "w"),
        mode=mode,
        output=output,
        batch_size=int(batch_size),
        per_feature=per_feature,
        feature_names=None if feature_names is None else tuple(feature_names),
        text_inputs=per_token,
        psm_model=psm_model,
        psm_embedding_layer=psm_layer,
        psm_abs_jacobian=None if psm_abs_jacobian is None else np.asarray(psm_abs_jacobian),
        proxy_reference=None if proxy_reference is None else np.asarray(proxy_reference),
    )


# -- plan ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, eq=False)
class SensitivityPlan:
    """How a request is computed: its batches and what its v needs."""

    batches: tuple[slice, ...]
    fixed_v: bool  # v is one row for every example: built once, with its support
    sparse_v: bool  # v is zero off a small support and the mode allows forward mode
    force_forward: bool  # mode="forward"
    needs_psm: bool  # v comes from the protected-status model's gradients
    needs_embeddings: bool  # v is reweighted by |embedding| (the *_emb choices)
    proxy_index: int | None = None  # proxy_adjusted: the protected column p
    proxy_betas: np.ndarray | None = None  # proxy_adjusted: slopes β_{j←p} over the reference data

    def use_forward(self, support_width: int, reverse_cost: int) -> bool:
        """Forward mode for a batch: asked for, or fewer tangents than reverse mode's backward passes."""
        return self.sparse_v and (self.force_forward or support_width < reverse_cost)


def _fixed(choice: VChoice, text: bool) -> bool:
    """Whether v is the same row for every example (so it and its support are built once)."""
    if choice.kind == "explicit":
        return choice.weights is not None and choice.weights.ndim == 1
    return not text and choice.kind in ("mask", "uniform")


def plan_sensitivity(request: SensitivityRequest) -> SensitivityPlan:
    """The batches of a request and what its v choice needs (proxy slopes are computed here).

    Raises
    ------
    ValueError
        ``proxy_adjusted`` with a constant protected column.
    """
    choice, n, size = request.choice, request.n, request.batch_size
    index = betas = None
    if choice.kind == "proxy_adjusted":
        assert choice.indices is not None
        index = choice.indices[0]
        betas = proxy_betas(request.x if request.proxy_reference is None else request.proxy_reference, index)
    return SensitivityPlan(
        batches=tuple(slice(start, min(start + size, n)) for start in range(0, n, size)),
        fixed_v=_fixed(choice, request.text),
        sparse_v=choice.kind in SPARSE_KINDS and request.mode != "reverse",
        force_forward=request.mode == "forward",
        needs_psm=choice.kind in ("psm", "psm_emb"),
        needs_embeddings=choice.kind.endswith("_emb"),
        proxy_index=index,
        proxy_betas=betas,
    )


@dataclasses.dataclass(frozen=True, eq=False)
class OutputPlan:
    """What the model's outputs are, read from the first batch before any gradient."""

    output: str  # "softmax" or "sigmoid"
    w: np.ndarray  # class weights [K]
    shortcut: bool  # two softmax classes: ∂f_1 = -∂f_0, so one backward pass gives both rows

    @property
    def n_classes(self) -> int:
        return int(self.w.shape[0])

    @property
    def reverse_cost(self) -> int:
        """Backward passes per batch in reverse mode."""
        return 1 if (self.shortcut or self.n_classes == 1) else self.n_classes


def plan_outputs(probs: np.ndarray, w: np.ndarray | None, output: str,
                 tol: float = PROBABILITY_SUM_TOLERANCE) -> OutputPlan:
    """Check the first batch's outputs ``[b, K]`` and the class weights against K.

    Raises
    ------
    ValueError
        Logits instead of probabilities, or w not of length K.
    """
    k = probs.shape[1]
    if output == "auto":
        output = "softmax" if k > 1 else "sigmoid"
    check_probabilities(probs, output, tol=tol)
    return OutputPlan(output=output, w=class_weights(w, k), shortcut=output == "softmax" and k == 2)


def support(v: np.ndarray) -> np.ndarray:
    """Flat indices of the non-zero entries of each row, padded with -1 to the longest row.

    Examples
    --------
    >>> support(np.array([[0.0, 0.5, 0.5], [1.0, 0.0, 0.0]]))
    array([[ 1,  2],
           [ 0, -1]], dtype=int32)
    """
    nz = np.nan_to_num(v) > 0
    m = int(nz.sum(axis=1).max()) if nz.size else 0
    order = np.argsort(~nz, axis=1, kind="stable")[:, :m]
    return np.where(np.take_along_axis(nz, order, axis=1), order, -1).astype(np.int32)


@dataclasses.dataclass(frozen=True, eq=False)
class FixedV:
    """v when it is one row for every example."""

    row: np.ndarray  # [F]
    support: np.ndarray  # [m], the flat features the row weights


def fixed_v(choice: VChoice, n_features: int, feature_names: Sequence[str] | None = None) -> FixedV:
    """The one row of a fixed v (see `SensitivityPlan.fixed_v`) and its support."""
    row, _ = v_weights(choice, 1, n_features, feature_names=feature_names)
    return FixedV(row[0], support(row)[0])


@dataclasses.dataclass(frozen=True, eq=False)
class BatchWeights:
    """v for one batch, and how the batch is differentiated."""

    v: np.ndarray  # [b, F], rows of NaN where undefined (a read-only broadcast when v is fixed)
    v0: np.ndarray  # v with NaN as 0
    reasons: np.ndarray  # [b], None where defined
    support: np.ndarray | None  # [b, m], forward mode's tangents (-1 = none), when v is sparse
    forward: bool  # forward mode (one tangent per supported feature) rather than reverse mode


def batch_weights(
    request: SensitivityRequest,
    plan: SensitivityPlan,
    outputs: OutputPlan,
    rows: slice,
    n_features: int,
    *,
    layout: TextLayout | None = None,
    psm_abs_jacobian: np.ndarray | None = None,
    embeddings: np.ndarray | None = None,
    fixed: FixedV | None = None,
) -> BatchWeights:
    """v of the examples ``rows``, its support, and reverse or forward mode for them.

    ``fixed`` is the row of a fixed v; ``psm_abs_jacobian`` and ``embeddings``
    are the batch's, for the choices that need them.
    """
    b = rows.stop - rows.start
    choice = request.choice
    if choice.kind == "explicit" and choice.weights is not None and choice.weights.ndim == 2:
        choice = dataclasses.replace(choice, weights=choice.weights[rows])  # one row per example: the batch's
    if fixed is not None:
        v = np.broadcast_to(fixed.row, (b, n_features))
        reasons = np.full(b, None, dtype=object)
        v0 = v  # no NaN in a fixed row
    else:
        v, reasons = v_weights(choice, b, n_features, layout=layout, psm_abs_jacobian=psm_abs_jacobian,
                               embeddings=embeddings)
        v0 = np.nan_to_num(v)
    tangents = None
    if plan.sparse_v:
        tangents = np.broadcast_to(fixed.support, (b, fixed.support.size)) if fixed is not None else support(v)
    forward = tangents is not None and plan.use_forward(tangents.shape[1], outputs.reverse_cost)
    return BatchWeights(v=v, v0=v0, reasons=reasons, support=tangents, forward=forward)


def tangent_chunks(b: int, m: int) -> list[tuple[int, int]]:
    """(first, end) of the groups of the ``m`` tangents of ``b`` examples pushed through one forward pass."""
    width = max(1, MAX_TANGENT_ROWS // b)
    return [(lo, lo + width) for lo in range(0, m, width)]
