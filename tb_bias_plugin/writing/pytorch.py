"""What the measures' PyTorch training-loop helpers share (``torch`` extra).

Where records go (`open_writer`: a tb-bias ``Writer``, a
``torch.utils.tensorboard.SummaryWriter`` or a logdir), how a model runs on
evaluation data (`eval_mode`, `batches`, `model_input`, `predict`) and how its outputs
become NumPy. Importing this module imports PyTorch, never TensorFlow.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import operator
import os
import re
import threading
from typing import Any, Iterable, Iterator

import numpy as np
import torch

from tb_bias_plugin.core.validation import check_integer
from tb_bias_plugin.writing import events

_WRITERS: dict[str, events.EventWriter] = {}
_WRITERS_LOCK = threading.Lock()


def open_writer(target: Any) -> events.EventWriter:
    """The writer of ``target``: itself if it is a tb-bias ``Writer``, else one kept open per logdir.

    Parameters
    ----------
    target : tb_bias_plugin.summary.Writer, SummaryWriter or str
        A ``torch.utils.tensorboard.SummaryWriter`` (anything with
        ``get_logdir()``) or a logdir: the records go to an event file of
        their own in that directory, so TensorBoard shows them in the same
        run as the ``SummaryWriter``'s scalars. The file stays open for
        later steps and is closed at exit; deleted meanwhile (a notebook
        rerun that cleared the logdir), the next record starts a new one.

    Raises
    ------
    ValueError
        ``target`` is none of these.
    """
    if isinstance(target, events.EventWriter):
        return target
    if hasattr(target, "get_logdir"):
        target = target.get_logdir()
    if not isinstance(target, (str, os.PathLike)):
        raise ValueError(f"writer must be a tb_bias_plugin.summary.Writer, a SummaryWriter or a logdir; "
                         f"got {type(target).__name__}")
    logdir = events.check_logdir(os.fspath(target))
    with _WRITERS_LOCK:
        if logdir not in _WRITERS:
            _WRITERS[logdir] = events.EventWriter(logdir, filename_suffix=".tb-bias")
        return _WRITERS[logdir]


def close_writers() -> None:
    """Close the writers `open_writer` opened; a later call opens new files."""
    with _WRITERS_LOCK:
        for writer in _WRITERS.values():
            writer.close()
        _WRITERS.clear()


atexit.register(close_writers)


@contextlib.contextmanager
def eval_mode(model: Any) -> Iterator[None]:
    """Dropout off and batch norm on its running statistics (Keras's ``training=False``), restored after.

    Each submodule gets back its own mode, so a partly frozen model stays as it was.
    """
    if not isinstance(model, torch.nn.Module):
        yield
        return
    states = [(m, m.training) for m in model.modules()]
    model.eval()
    try:
        yield
    finally:
        for m, training in states:
            m.training = training


def model_device(model: Any) -> torch.device | None:
    """The device of the model's first parameter or buffer (None for a plain callable or an empty module)."""
    if isinstance(model, torch.nn.Module):
        for tensor in [*model.parameters(), *model.buffers()]:
            return tensor.device
    return None


def input_dtype(model: Any, x: Any) -> torch.dtype:
    """The precision of a model's floating inputs: its first floating parameter's or buffer's dtype,
    as Keras casts inputs to a layer's dtype; for a plain callable, a floating tensor's own dtype,
    float64 for a float64 array, else torch's default."""
    if isinstance(model, torch.nn.Module):
        for tensor in [*model.parameters(), *model.buffers()]:
            if tensor.is_floating_point():
                return tensor.dtype
    if isinstance(x, torch.Tensor):
        return x.dtype if x.is_floating_point() else torch.get_default_dtype()
    return torch.float64 if np.asarray(x).dtype == np.float64 else torch.get_default_dtype()


def model_input(model: Any, inputs: Any) -> torch.Tensor:
    """One batch as the model takes it: a tensor on the model's device, floating values in
    `input_dtype` (NumPy's float64 rows meet a float32 module as float32); integer inputs
    (token ids) keep their dtype."""
    t = inputs if isinstance(inputs, torch.Tensor) else torch.as_tensor(np.asarray(inputs))
    if t.is_floating_point():
        t = t.to(input_dtype(model, t))
    device = model_device(model)
    return t if device is None else t.to(device)


#: What PyTorch's layers say when given integer inputs they cannot take (Linear, Conv, norms, RNNs, torch.func).
_DTYPE_MISMATCH = re.compile(r"dtype|scalar type|Input type \(|datatype|not implemented for '|floating point")


@contextlib.contextmanager
def integer_inputs_hint(inputs: torch.Tensor) -> Iterator[None]:
    """Run the model on ``inputs``: a dtype error of integer inputs becomes a ValueError saying what to do.

    Integer inputs are token ids, passed as they are (`model_input`); a float model given integer
    tabular rows fails deep inside PyTorch with a message that names neither x nor the fix.
    """
    try:
        yield
    except (RuntimeError, NotImplementedError, ValueError) as err:
        if inputs.is_floating_point() or inputs.is_complex() or not _DTYPE_MISMATCH.search(str(err)):
            raise
        raise ValueError("x holds integers (%s), which the helpers pass to the model as they are (token ids), "
                         "never cast; the model wants floating inputs: for tabular data pass floats (x.float() of a tensor, "
                         "x.astype(np.float32) of a NumPy array) (%s)"
                         % (inputs.dtype, err)) from err


def num_rows(x: Any) -> int:
    """Rows of an array or tensor: a helper that needs all rows at once refuses anything else, saying what to pass."""
    shape = getattr(x, "shape", None)
    if shape is not None and len(shape) > 0:
        return int(shape[0])
    if shape is None and hasattr(x, "__iter__") and not isinstance(x, (str, bytes, list, tuple)):
        raise ValueError("x must be one tensor or array with a row per example, got a %s: this helper reads all "
                         "rows at once; pass them as one tensor, e.g. torch.cat([batch[0] for batch in loader])"
                         % type(x).__name__)
    raise ValueError("x must be one tensor or array with a row per example, got %s"
                     % ("a 0-d " + type(x).__name__ if shape is not None else "a " + type(x).__name__))


#: Iterables known never to end (``itertools.repeat`` only without ``times``).
_ENDLESS = (itertools.cycle, itertools.count, itertools.repeat)


def check_steps(x: Any, steps: Any) -> int | None:
    """``steps``, the batches to read of an iterable ``x``, checked before any work.

    An iterable that is known never to end (``itertools.cycle``, ``count``,
    ``repeat`` without ``times``) needs it; any other, a generator or a
    ``DataLoader`` of an endless ``IterableDataset``, cannot be told from a
    finite one, and is read until it ends.
    """
    if steps is not None:
        steps = check_integer(steps, "steps", low=1)
        if hasattr(x, "shape"):
            raise ValueError("steps counts the batches of an iterable x (a DataLoader); a tensor or array x is read "
                             "whole: pass fewer rows to read fewer")
        return steps
    if isinstance(x, _ENDLESS) and operator.length_hint(x, -1) < 0:
        raise ValueError("x never ends (an itertools.%s): pass steps=, the number of batches to read"
                         % type(x).__name__)
    return None


def batches(x: Any, batch_size: int, steps: int | None = None) -> Iterator[tuple[slice | None, Any]]:
    """``(rows, inputs)`` of x: slices of an array or tensor, or each element of an iterable, at most
    ``steps`` of them (a ``DataLoader``; of an ``(inputs, targets, ...)`` element only the inputs, rows None)."""
    if hasattr(x, "shape"):
        n = num_rows(x)
        for lo in range(0, n, batch_size):
            rows = slice(lo, min(lo + batch_size, n))
            yield rows, x[rows]
        return
    for element in x if steps is None else itertools.islice(x, steps):
        inputs = element[0] if isinstance(element, (list, tuple)) else element
        if not hasattr(inputs, "shape") or len(inputs.shape) == 0:
            # a list of rows reads as batches of one number each, which the model fails on obscurely
            raise ValueError("x: each batch of an iterable x must be a tensor or array (or a tuple whose first "
                             "item is one), got %s; give rows as one tensor or array" % type(inputs).__name__)
        yield None, inputs


def predict(model: Any, inputs: Any) -> np.ndarray:
    """The model's outputs on one batch, as float64 NumPy (no gradients, on the model's device)."""
    t = model_input(model, inputs)
    with torch.no_grad(), integer_inputs_hint(t):
        out = model(t)
    if not isinstance(out, torch.Tensor) and isinstance(out, (tuple, list, dict)):
        raise ValueError("the model returned a %s, not one tensor of scores: pass a model (or a function such "
                         "as lambda x: model(x)[0]) whose output is the [batch, classes] tensor to read"
                         % type(out).__name__)
    return to_numpy(out)


def to_numpy(t: Any) -> np.ndarray:
    """A tensor (any device, any float dtype) as float64 NumPy."""
    if isinstance(t, torch.Tensor):
        return t.detach().to("cpu", torch.float64).numpy()
    return np.asarray(t, dtype=np.float64)


def rows_of(values: Iterable | None, rows: slice | None) -> Any:
    """``values[rows]``, or None when either is None."""
    return None if values is None or rows is None else values[rows]  # type: ignore[index]
