"""Training-time helpers for PyTorch (``pip install ".[torch]"``); no TensorFlow.

What the Keras callbacks of ``tb_bias_plugin.callbacks`` do, as plain
functions to call from a training loop, each with the writer, the model
and a ``step``:

* ``log_association_table``: association table of the model's predictions;
* ``log_prediction_sensitivity``: P per v choice (``prediction_sensitivity``
  with ``torch.func``);
* ``log_representation_bias``: B of named submodules, their activations read
  by forward hooks (``layer_activations``) and estimated by
  ``tb_bias_plugin.representation_bias``.

The writer may be the loop's ``torch.utils.tensorboard.SummaryWriter``: the
records go to their own event file in its logdir, so the Bias tab shows
them beside its scalars. `lightning_callback` wraps any of them as a
PyTorch Lightning callback (when Lightning is installed). Each measure
lists its helpers in ``Measure.pytorch``; they are imported on first use.

Examples
--------
>>> import tempfile, torch
>>> from tb_bias_plugin.pytorch import log_association_table
>>> model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Sigmoid())
>>> counter = log_association_table(tempfile.mkdtemp(), model, torch.rand(8, 3), step=0,
...                                 label_names=["man", "woman"], identity_labels=["man", "woman"])
>>> counter.num_examples
8
"""

from __future__ import annotations

import importlib
import inspect
from typing import TYPE_CHECKING, Any, Callable

from tb_bias_plugin.core.extras import install_hint

if TYPE_CHECKING:
    # What type checkers and IDEs see (tests/test_public_api.py keeps it
    # equal to the measures' ``Measure.pytorch``).
    from tb_bias_plugin.measures.association.pytorch import log_association_table as log_association_table
    from tb_bias_plugin.measures.representation.pytorch import layer_activations as layer_activations
    from tb_bias_plugin.measures.representation.pytorch import log_representation_bias as log_representation_bias
    from tb_bias_plugin.measures.sensitivity.pytorch import log_prediction_sensitivity as log_prediction_sensitivity

def helpers() -> dict[str, str]:
    """Every measure's PyTorch helpers, ``{name: "module:attr"}``.

    See Also
    --------
    lightning_callback : any of them called by a Lightning trainer.

    References
    ----------
    .. [1] ``docs/architecture.md`` (the measures' registry and its facades).

    Examples
    --------
    >>> helpers()["log_association_table"]
    'tb_bias_plugin.measures.association.pytorch:log_association_table'
    """
    from tb_bias_plugin.measures.registry import REGISTRY

    return {name: path for measure in REGISTRY for name, path in measure.pytorch.items()}


# the measures' helpers too, so that help() and `import *` show them; written out, since reading the
# registry here would import every measure at `import tb_bias_plugin.pytorch` (tests/test_public_api.py
# keeps the list equal to the measures' Measure.pytorch)
__all__ = ["close_writers", "helpers", "lightning_callback", "log_association_table", "log_prediction_sensitivity",
           "layer_activations", "log_representation_bias"]


if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        from tb_bias_plugin.measures.registry import lazy_attribute

        return lazy_attribute(__name__, helpers(), name, ("torch", "PyTorch", "torch"))


def __dir__() -> list[str]:
    return sorted([*globals(), *helpers()])


def close_writers() -> None:
    """Close the event files the helpers opened for ``SummaryWriter``s and logdirs (also done at exit).

    See Also
    --------
    log_association_table : a helper that opens one.

    References
    ----------
    .. [1] ``docs/guides/association.md`` (PyTorch).

    Examples
    --------
    >>> close_writers()  # nothing open: nothing to do
    """
    from tb_bias_plugin.writing.pytorch import close_writers as close

    close()


def _lightning_base() -> type:
    for module in ("lightning.pytorch", "pytorch_lightning"):
        try:
            return importlib.import_module(module).Callback
        except ImportError:
            continue
    raise ImportError("lightning_callback needs PyTorch Lightning: " + install_hint("lightning"))


def lightning_callback(log: Callable[..., Any], *args: Any, writer: Any = None, every_n_epochs: int = 1,
                       **kwargs: Any) -> Any:
    """A PyTorch Lightning callback calling one helper at the end of the validations of every
    ``every_n_epochs``-th epoch and of the last, and at the end of the fit if the model has changed since.

    It calls ``log(writer, pl_module, *args, step=..., **kwargs)`` on the main
    process, after the sanity check, with the step Lightning's logger gives the
    scalars logged in that validation (its count of batches that stepped the
    optimizer; ``trainer.global_step`` where that count is not found), so the
    Bias tab's steps line up with theirs; with ``val_check_interval`` below 1,
    each validation of a measured epoch is logged at its own step. The
    model the fit ends with is always measured: where no validation measured
    it (a fit bounded by ``max_steps`` or ``max_time``, stopped early, or
    without a validation loop), at the fit's end, at the step the logger
    gives then.

    Parameters
    ----------
    log : callable
        One of this module's ``log_*`` helpers.
    *args, **kwargs
        Its other arguments (evaluation data, names...).
    writer : optional
        Where to write; default the trainer's ``log_dir`` (its TensorBoard logger's run).
    every_n_epochs : int, default 1
        Log in every this many epochs (0-based: with 2, epochs 1, 3, 5...)
        and in the last of ``max_epochs``; a fit that ends otherwise is
        measured once more at its end.

    Returns
    -------
    lightning.pytorch.Callback

    Raises
    ------
    ImportError
        Neither ``lightning`` nor ``pytorch_lightning`` is installed.
    ValueError
        ``log`` is not callable, ``every_n_epochs`` is not a positive integer,
        ``step`` is given (the callback gives it), or ``log`` would not take
        the arguments (a misspelt or missing one): checked now, not after the
        first epoch.

    Examples
    --------
    The association table of the model's outputs on ``x_val`` after every
    second validation epoch, in the trainer's own run:

    >>> import torch
    >>> from tb_bias_plugin.pytorch import log_association_table
    >>> x_val = torch.rand(16, 3)
    >>> callback = lightning_callback(log_association_table, x_val, label_names=["man", "woman", "bike"],
    ...                               identity_labels=["man", "woman"], every_n_epochs=2)
    >>> type(callback).__name__
    'BiasCallback'

    Then ``lightning.Trainer(callbacks=[callback]).fit(module, ...)``.

    See Also
    --------
    tb_bias_plugin.callbacks : the Keras callbacks.

    References
    ----------
    .. [1] ``docs/guides/*.md``, each measure's PyTorch section.
    """
    from tb_bias_plugin.core.validation import check_integer

    if not callable(log):
        raise ValueError("log must be one of this module's log_* helpers (a function), got %s" % type(log).__name__)
    every = check_integer(every_n_epochs, "every_n_epochs", low=1)
    base = _lightning_base()
    name = getattr(log, "__name__", type(log).__name__)
    _check_arguments(log, name, args, kwargs)

    class BiasCallback(base):  # type: ignore[misc, valid-type]
        measured_at: int | None = None  # trainer.global_step (optimizer steps) when last measured

        def on_fit_start(self, trainer: Any, pl_module: Any) -> None:
            self.measured_at = None

        def on_validation_epoch_end(self, trainer: Any, pl_module: Any) -> None:
            if trainer.sanity_checking or not trainer.is_global_zero:
                return
            epoch = int(trainer.current_epoch)
            last = trainer.max_epochs is not None and epoch + 1 == trainer.max_epochs
            if (epoch + 1) % every == 0 or last:
                self.measure(trainer, pl_module)

        def on_fit_end(self, trainer: Any, pl_module: Any) -> None:
            # the model the fit ends with, where no validation measured it
            if trainer.is_global_zero and self.measured_at != int(trainer.global_step):
                self.measure(trainer, pl_module)

        def measure(self, trainer: Any, pl_module: Any) -> None:
            log(writer if writer is not None else trainer.log_dir, pl_module, *args, step=_logged_step(trainer),
                **kwargs)
            self.measured_at = int(trainer.global_step)

    return BiasCallback()


def _check_arguments(log: Callable[..., Any], name: str, args: tuple, kwargs: dict[str, Any]) -> None:
    """Bind what the callback will pass, ``log(writer, model, *args, step=..., **kwargs)``, now: a misspelt
    argument failed only after the first epoch's training."""
    if "step" in kwargs:
        raise ValueError("step= is the callback's to give (Lightning's step): pass the helper's other arguments")
    try:
        signature = inspect.signature(log)
    except (TypeError, ValueError):
        return  # a callable without a signature: checked when called
    try:  # partial first: a misspelt name is said before the missing one it stands for
        signature.bind_partial(None, None, *args, step=0, **kwargs)
        signature.bind(None, None, *args, step=0, **kwargs)
    except TypeError as err:
        raise ValueError("lightning_callback: %s(writer, model, *args, step=, **kwargs) would fail: %s"
                         % (name, err)) from None


def _logged_step(trainer: Any) -> int:
    """The step Lightning's logger gives a validation's scalars: the batches that stepped the optimizer so far.

    At an epoch's end the validation runs before its last batch is counted, so this is one less than
    ``global_step`` there; it also differs with several optimizers. Lightning keeps it on its loop only.
    """
    counted = getattr(getattr(getattr(trainer, "fit_loop", None), "epoch_loop", None), "_batches_that_stepped", None)
    return int(trainer.global_step if counted is None else counted)
