"""Representation bias from a PyTorch training loop (``torch`` extra): activations by forward hooks."""

from __future__ import annotations

from typing import Any, Mapping, Sequence, SupportsIndex

import numpy as np
import torch

from tb_bias_plugin.core.validation import check_integer
from tb_bias_plugin.measures.representation import builder, progress
from tb_bias_plugin.measures.representation.metadata import MEASURE_ID, PAYLOAD_NUMBER, REWRITE_HINT
from tb_bias_plugin.writing import events
from tb_bias_plugin.writing.pytorch import (
    batches,
    check_steps,
    eval_mode,
    integer_inputs_hint,
    model_input,
    num_rows,
    open_writer,
    to_numpy,
)


def _pool(values: np.ndarray, channel_axis: int) -> np.ndarray:
    """``(n, d)``: a feature map averaged over every axis but the examples and ``channel_axis``."""
    if values.ndim <= 2:
        return values.reshape(values.shape[0], -1)
    if not -values.ndim <= channel_axis < values.ndim:
        raise ValueError("channel_axis=%d is outside a %d-axis output (shape %s): it must be in 1..%d, or -%d..-1 "
                         "from the end" % (channel_axis, values.ndim, values.shape, values.ndim - 1, values.ndim - 1))
    axis = channel_axis % values.ndim
    if axis == 0:
        raise ValueError("channel_axis cannot be the example axis 0")
    return values.mean(axis=tuple(a for a in range(1, values.ndim) if a != axis))


def layer_activations(model: Any, x: Any, layers: Sequence[str], *, pool: str = "mean", channel_axis: int = 1,
                      batch_size: int = 256, steps: int | None = None) -> dict[str, np.ndarray]:
    """Each named submodule's output on ``x``, one float64 row per example, read by forward hooks.

    Parameters
    ----------
    model : torch.nn.Module
    x : tensor, array or iterable of batches
        Model inputs, run in ``batch_size`` rows in evaluation mode without gradients; or a
        ``DataLoader`` (of inputs, or of ``(inputs, targets, ...)``), read until it ends or for ``steps`` batches.
    layers : sequence of str
        Names in ``model.named_modules()`` (``"encoder.2"``...).
    pool : {"mean", "flatten"}
        Feature maps averaged over their other axes (``mean``) or flattened.
    channel_axis : int, default 1
        The axis ``mean`` keeps: 1 for PyTorch's ``[n, C, ...]`` maps, -1 for ``[n, T, D]`` sequences.
    batch_size : int, default 256
    steps : int, optional
        With an iterable ``x``: the batches to read (not the estimator's MINE steps); needed for one that never ends
        (``itertools.cycle(loader)``, an endless generator), which would otherwise be read forever.
        ``itertools`` ``cycle``, ``count`` and ``repeat`` are refused without it.

    Returns
    -------
    dict of str to ndarray ``(n, d)``

    Raises
    ------
    ValueError
        A model that is not a ``torch.nn.Module``, unknown layers, a bad ``pool``, ``channel_axis``, batch
        size or ``steps``, ``steps`` with a tensor or array ``x``, an ``itertools`` iterable that never ends
        without ``steps``, integer ``x`` given to a model that wants floats (integers are passed uncast, as
        token ids: pass ``x.float()``), or no rows.

    See Also
    --------
    log_representation_bias : these activations' representation bias, logged.
    tb_bias_plugin.representation_bias : the estimate from arrays.

    References
    ----------
    .. [1] ``docs/guides/representation.md`` (PyTorch) and ``docs/measures/representation.md``.

    Examples
    --------
    >>> net = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3), torch.nn.ReLU())
    >>> layer_activations(net, torch.zeros(5, 1, 8, 8), ["0"])["0"].shape
    (5, 4)
    """
    _check_pooling(pool, channel_axis)
    batch_size = check_integer(batch_size, "batch_size", low=1)
    steps = check_steps(x, steps)
    if not isinstance(model, torch.nn.Module):
        raise ValueError("layer_activations needs a torch.nn.Module, to hook its submodules")
    if isinstance(layers, str) or not layers:
        raise ValueError("layers must be a non-empty list of submodule names")
    modules = dict(model.named_modules())
    missing = [layer for layer in layers if layer not in modules]
    if missing:
        raise ValueError("the model has no submodule %r; its submodules: %s"
                         % (missing[0], ", ".join(n for n in modules if n)))
    parts: dict[str, list[np.ndarray]] = {layer: [] for layer in layers}

    def hook(layer):
        def record(module, args, output):
            values = to_numpy(output[0] if isinstance(output, (tuple, list)) else output)
            parts[layer].append(values.reshape(values.shape[0], -1) if pool == "flatten" else _pool(values, channel_axis))
        return record

    handles = [modules[layer].register_forward_hook(hook(layer)) for layer in layers]
    try:
        with eval_mode(model), torch.no_grad():
            for _, inputs in batches(x, batch_size, steps):
                inputs = model_input(model, inputs)
                with integer_inputs_hint(inputs):
                    model(inputs)
    finally:
        for handle in handles:
            handle.remove()
    if not parts[layers[0]]:
        raise ValueError("x must hold at least one example, got none")
    return {layer: np.concatenate(parts[layer]) for layer in layers}


def _check_pooling(pool: str, channel_axis: Any) -> None:
    if pool not in ("mean", "flatten"):
        raise ValueError("pool must be 'mean' or 'flatten', got %r" % (pool,))
    check_integer(channel_axis, "channel_axis")


def log_representation_bias(writer: Any, model: Any, x: Any, protected: Any, *, step: SupportsIndex | None,
                            layers: Sequence[str], name: str = "representation", pool: str = "mean",
                            channel_axis: int = 1, class_names: Any = None, batch_size: int = 256,
                            description: str | None = None, verbose: bool = True,
                            **estimator: Any) -> dict[str, dict[str, Any]]:
    """Estimate and log the representation bias of named submodules at ``step``.

    What ``RepresentationBiasCallback`` does at an epoch end: each layer's
    activations on ``x`` (`layer_activations`) go to
    ``tb_bias_plugin.representation_bias`` for each attribute, and one
    record per attribute holds all the layers.

    Parameters
    ----------
    writer : tb_bias_plugin.summary.Writer, SummaryWriter or str
        Where to write; a ``SummaryWriter``'s logdir puts B beside its scalars.
    model : torch.nn.Module
    x : tensor or array
        Inputs of the evaluation sample.
    protected : array of int codes, or mapping of str to arrays
        One attribute (tag ``name``) or several ``{"sex": s, "race": r}``, each under its own tag.
    step : int or 0-d integer tensor
        The step (epoch) of the record: any signed 64-bit integer, as
        ``Writer`` takes it (None writes step 0).
    layers : sequence of str
        Submodule names, in network order.
    name : str, default "representation"
    pool, channel_axis, batch_size
        As `layer_activations`.
    class_names : sequence of str, or mapping of attribute to sequence, optional
        One name per class (codes ``0 .. C-1``) of each attribute, no two alike; a mapping names
        attributes of ``protected``.
    description : str, optional
    verbose : bool or int, default True
        Print a line per layer and attribute as each estimate ends (B, the bound it took, its control,
        the seconds it took) and each flag with what to do about it. Each line is one full estimate
        with its control, about 3.3 s on two cores of a slow machine (6.6 s with ``workers=1``) at
        n = 8,000 rows of 64 dimensions: call this every few epochs on long fits.
    **estimator
        Passed to ``tb_bias_plugin.representation_bias``.

    Returns
    -------
    dict ``{attribute: {layer: RepresentationBiasResult}}``

    Raises
    ------
    ValueError
        Bad names, layers, step, pool, batch size, estimator settings, class names (repeated, or not one per
        class of each attribute they are given for), or protected codes of another length than ``x``:
        all checked before any activation or estimate, and nothing is written.

    See Also
    --------
    layer_activations : the activations alone.
    tb_bias_plugin.summary.Writer.representation_bias : log estimates made elsewhere.
    tb_bias_plugin.pytorch.lightning_callback : this call at the end of Lightning's validation epochs.

    References
    ----------
    .. [1] Belghazi et al., "Mutual Information Neural Estimation", ICML 2018.
    .. [2] Li and Abd-Almageed, "Information-Theoretic Bias Assessment of Learned Representations of
       Pretrained Face Recognition", FG 2021.
    .. [3] ``docs/guides/representation.md`` and ``docs/measures/representation.md``.

    Examples
    --------
    A quick, rough estimate for the hidden layer ``"1"`` (the ``Tanh``) on
    200 rows; real ones want thousands of rows and the default settings:

    >>> import tempfile, warnings
    >>> sex = np.array([0, 1] * 100)
    >>> x = torch.as_tensor(sex[:, None] + np.random.default_rng(0).normal(size=(200, 4)), dtype=torch.float32)
    >>> model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")  # fewer than 2,000 rows warns
    ...     found = log_representation_bias(tempfile.mkdtemp(), model, x, {"sex": sex}, step=0, layers=["1"],
    ...                                      verbose=False, steps=10, classifier_steps=10, classifier_folds=2,
    ...                                      control=False, workers=1)
    >>> list(found), list(found["sex"]), bool(np.isfinite(found["sex"]["1"].bias))
    (['sex'], ['1'], True)
    """
    step = events.check_header(name, step, description)  # the Writer's rules, before the model runs
    if isinstance(layers, str) or not layers:
        raise ValueError("layers must be a non-empty list of submodule names")
    names = [builder._name(layer, "layer") for layer in layers]
    if len(set(names)) != len(names):
        raise ValueError("layers are named more than once: %s" % names)
    _check_pooling(pool, channel_axis)
    batch_size = check_integer(batch_size, "batch_size", low=1)
    verbose = progress.check_verbose(verbose)
    codes, names_of = progress.check_inputs(protected, num_rows(x), name=name, class_names=class_names,
                                            estimator=estimator)
    out = open_writer(writer)
    activations = layer_activations(model, x, names, pool=pool, channel_axis=channel_axis, batch_size=batch_size)
    found = progress.estimate_layers(activations, codes, estimator, step=step, verbose=verbose,
                                     who="log_representation_bias")
    # all built before the first is written
    for tag, payload in progress.build_payloads(found, names_of, named=isinstance(protected, Mapping)):
        out.write_record(tag, MEASURE_ID, PAYLOAD_NUMBER, payload, step, description, REWRITE_HINT)
    return found
