"""Keras callback that logs every named layer's representation bias at epoch ends."""

from __future__ import annotations

import contextlib
import time
from typing import Any, Mapping

import numpy as np

try:
    import keras
except ImportError:  # Keras 2 inside TensorFlow
    from tensorflow import keras

from tb_bias_plugin.core.validation import check_integer
from tb_bias_plugin.measures.representation import builder, progress
from tb_bias_plugin.measures.representation.metadata import MEASURE_ID, PAYLOAD_NUMBER, REWRITE_HINT
from tb_bias_plugin.writing import events
from tb_bias_plugin.writing.keras import (
    ValidationRecordWriter,
    check_layer_names,
    find_layer,
    hooked_call,
    refuse_list_of_rows,
    shown_container,
)

POOLS = ("mean", "flatten")


def pool_activations(values: Any, pool: str = "mean") -> np.ndarray:
    """``(n, d)`` rows of a layer's activations: feature maps averaged over
    their spatial axes (``mean``, channels last) or flattened.

    Examples
    --------
    >>> pool_activations(np.ones((2, 3, 3, 4))).shape
    (2, 4)
    >>> pool_activations(np.ones((2, 3, 4)), "flatten").shape
    (2, 12)
    """
    a = np.asarray(values, dtype=np.float32)
    if a.ndim == 1:
        return a[:, None]
    if a.ndim == 2:
        return a
    if pool == "mean":
        return a.mean(axis=tuple(range(1, a.ndim - 1)))
    return a.reshape(a.shape[0], -1)


class RepresentationBiasCallback(ValidationRecordWriter, keras.callbacks.Callback):
    """Estimate and log the representation bias of named layers every few epochs.

    At the end of every `every_n_epochs`-th epoch and of the last, each named layer's
    activations on `x` are extracted (pooled to one row per example),
    :func:`tb_bias_plugin.representation_bias` estimates B for each
    attribute, and one record per attribute holding all the layers is
    written at step = epoch. No labels are needed.

    **Cost.** Each (layer, attribute) is one full estimate with its
    shuffled-Z control: at n = 8,000 rows of 64 dimensions about 3.3 s on
    two cores of a slow machine, its trainings in this process and a worker
    process (6.4 s of CPU; 6.6 s with ``workers=1``, best on a machine busy
    with other work), whatever the model, so two layers add about 8 s to
    every measured epoch there. Measure
    every few epochs on long fits (``every_n_epochs=5`` costs about a fifth,
    with one forward pass on `x` in each epoch not measured), or
    pass fewer rows in `x` (the cost grows about linearly with n; keep
    n >= 2,000). Wider layers cost more: about 9 s at d = 256. With `verbose`, each estimate prints one line (layer,
    attribute, B, the bound it took, its control, the seconds it took) and
    each flag with what to do about it.

    Parameters
    ----------
    log_dir : str
        The same log_dir as Keras's TensorBoard callback; records go to its
        ``validation`` run.
    x : array or list/dict of arrays
        Model inputs of the evaluation sample (aim for n >= 2,000); Keras's ``(x, y)``
        or ``(x, y, sample_weight)`` tuple is read as its ``x``, as ``validation_data`` is.
    protected : array of int codes, or mapping of str to arrays
        One attribute (logged under tag `name`), or several side by side
        ``{"sex": s, "race": r, "sex x race": product_codes([s, r])[0]}``,
        each logged under its own tag.
    layers : sequence of str
        Names of the layers to measure, in network order; a nested model's
        layer by its path, ``"encoder/fc1"``. Each layer's output is recorded
        as the whole model runs on `x`, so any model that calls the layer
        works (functional, ``Sequential`` with or without ``keras.Input``,
        subclassed).
    every_n_epochs : int, default 1
        Measure after every n-th epoch only (see Cost above), and after the
        last epoch of the fit (its ``epochs``), so the model it ends with is
        measured. A fit that stops before (``EarlyStopping``) is measured at
        its last epoch when it ends: the activations of each epoch not
        measured are kept until the next (one forward pass on `x`), so what
        is measured is that epoch's model, not earlier weights another
        callback restores at the fit's end (``restore_best_weights``).
    name : str, default "representation"
        Tag when `protected` is one array.
    pool : {"mean", "flatten"}
        How feature maps become rows.
    class_names : sequence of str, or mapping of attribute to sequence, optional
        One name per class (codes ``0 .. C-1``) of each attribute, no two alike; a mapping names
        attributes of `protected`.
    batch_size : int, default 256
        Rows per forward pass when extracting activations.
    description : str, optional
    verbose : bool or int, default 1
        Print a line per layer and attribute as each estimate ends (0: silent).
    **estimator
        Passed to :func:`tb_bias_plugin.representation_bias` (``steps``,
        ``seed``, ``control``, ``width``, ...); checked when the callback
        is made.

    Raises
    ------
    ValueError
        When the callback is made: a bad ``log_dir``, ``name``,
        ``description``, ``every_n_epochs``, ``batch_size``, ``pool``,
        ``verbose`` or ``layers`` (empty, or a name given twice); inputs in
        `x` of different numbers of rows; attribute codes that are not
        one per row of `x` or not class codes; an unknown or bad
        estimator setting; class names that repeat or do not match an
        attribute's classes; `x` that is not arrays (a dataset, a generator,
        a list of rows).
        When training begins (the model runs on the first rows): a layer
        name the model has not (the message lists its layers, nested ones
        by path), a layer the model does not call, or calls inside a
        ``tf.function`` of its own ``call`` (whose output cannot be read),
        inputs the model cannot take. When the first measured epoch ends: activations
        ``representation_bias`` rejects (not finite, e.g. of a diverged
        model).

    See Also
    --------
    tb_bias_plugin.representation_bias : the estimate of one layer and attribute.
    tb_bias_plugin.summary.Writer.representation_bias : log estimates made elsewhere.
    tb_bias_plugin.pytorch.log_representation_bias : the same records of a PyTorch model.

    References
    ----------
    .. [1] ``docs/guides/representation.md`` and ``docs/measures/representation.md``.

    Examples
    --------
    A quick, rough estimate for the layer ``"hidden"`` on 200 rows after
    one epoch; real ones want thousands of rows and the default settings:

    >>> import os, tempfile, warnings
    >>> sex = np.array([0, 1] * 100)
    >>> x = (sex[:, None] + np.random.default_rng(0).normal(size=(200, 4))).astype(np.float32)
    >>> model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh", name="hidden"),
    ...                           keras.layers.Dense(2, activation="softmax")])
    >>> model.compile("sgd", "sparse_categorical_crossentropy")
    >>> logdir = tempfile.mkdtemp()
    >>> callback = RepresentationBiasCallback(logdir, x, {"sex": sex}, layers=["hidden"], verbose=0, steps=10,
    ...                                       classifier_steps=10, classifier_folds=2, control=False, workers=1)
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")  # fewer than 2,000 rows warns
    ...     _ = model.fit(x, sex, epochs=1, verbose=0, callbacks=[callback])
    >>> len(os.listdir(os.path.join(logdir, "validation")))
    1

    Estimator settings are checked when the callback is made, not after
    the first epoch's activations:

    >>> RepresentationBiasCallback(logdir, x, {"sex": sex}, layers=["hidden"], stepz=10)
    Traceback (most recent call last):
    ...
    ValueError: representation_bias has no setting 'stepz'
    """

    def __init__(self, log_dir, x, protected, *, layers, every_n_epochs=1, name="representation",
                 pool="mean", class_names=None, batch_size=256, description=None, verbose=1, **estimator):
        super().__init__()
        events.check_name(name)
        self._init_writer(log_dir, MEASURE_ID, PAYLOAD_NUMBER, description, REWRITE_HINT)
        every_n_epochs = check_integer(every_n_epochs, "every_n_epochs", low=1)
        batch_size = check_integer(batch_size, "batch_size", low=1)
        if pool not in POOLS:
            raise ValueError("pool must be one of %s, got %r" % (POOLS, pool))
        if isinstance(layers, str) or not layers:
            raise ValueError("layers must be a non-empty list of layer names")
        self._layers = [builder._name(layer, "layer") for layer in layers]
        if len(set(self._layers)) != len(self._layers):
            raise ValueError("layers are named more than once: %s" % self._layers)
        if isinstance(x, tuple) and len(x) in (2, 3):  # Keras's (x, y[, sample_weight])
            x = x[0]
        n = _num_rows(x)
        # the estimator's settings and the class names too: a bad one fails now, not after the first epoch
        self._protected, self._class_names = progress.check_inputs(protected, n, name=name, class_names=class_names,
                                                                   estimator=estimator)
        self._attributes_named = isinstance(protected, Mapping)
        self._x = x
        self._n = n
        self._every = every_n_epochs
        self._pool = pool
        self._batch_size = batch_size
        self._estimator = dict(estimator)
        self._verbose = progress.check_verbose(verbose)

    def on_train_begin(self, logs=None):
        self._unmeasured = None  # (epoch, activations) of the last epoch ended, when it was not measured
        check_layer_names(self.model, self._layers, "layers")  # a typo fails now, not after the first epoch
        self._activations(min(self._n, 8))  # and inputs the model cannot take

    def _activations(self, rows=None):
        """The pooled activations of each layer of the current model on the first ``rows`` rows of x (all by
        default).

        Each layer's output is recorded as the whole model runs (`hooked_call`), not read from a sub-model
        cut at ``layer.output``: that exists only for a model called on symbolic inputs, and a sub-model
        kept across fits measured the first model a reused callback saw.
        """
        import tensorflow as tf

        layers = [find_layer(self.model, name) for name in self._layers]
        parts: list[list[np.ndarray]] = [[] for _ in self._layers]
        stop = self._n if rows is None else rows
        for lo in range(0, stop, self._batch_size):
            batch = tf.nest.map_structure(lambda leaf, lo=lo: leaf[lo:min(lo + self._batch_size, stop)], self._x)
            recorded: list[dict] = [{} for _ in layers]
            with contextlib.ExitStack() as hooks:
                for layer, recorder in zip(layers, recorded):
                    hooks.enter_context(hooked_call(layer, recorder))
                self.model(batch, training=False)
            for name, recorder, part in zip(self._layers, recorded, parts):
                part.append(pool_activations(_eager_output(name, recorder), self._pool))
        return [np.concatenate(p) for p in parts]

    def on_epoch_end(self, epoch, logs=None):
        # the fit's last epoch too, so the model it ends with is measured (fit's params name it)
        last = epoch + 1 == (getattr(self, "params", None) or {}).get("epochs")
        start = time.perf_counter()
        activations = dict(zip(self._layers, self._activations()))
        if (epoch + 1) % self._every and not last:
            self._unmeasured = (epoch, activations)  # measured if the fit ends here (`on_train_end`)
            return
        self._unmeasured = None
        if self._verbose:
            print(f"{type(self).__name__}, epoch {epoch}: activations of {len(self._layers)} layer{'s' * (len(self._layers) != 1)} on "
                  f"{self._n:,} rows in {time.perf_counter() - start:.1f} s", flush=True)
        self._measure(epoch, activations)

    def on_train_end(self, logs=None):
        unmeasured, self._unmeasured = getattr(self, "_unmeasured", None), None
        if unmeasured is not None:  # the fit stopped before its last epoch, after one not measured
            self._measure(*unmeasured)
        super().on_train_end(logs)

    def _measure(self, epoch, activations):
        found = progress.estimate_layers(activations, self._protected, self._estimator, step=epoch,
                                         verbose=self._verbose, who=type(self).__name__, step_word="epoch")
        self._write_records(progress.build_payloads(found, self._class_names, named=self._attributes_named), epoch)


def _eager_output(name, recorder):
    """A layer's recorded output as NumPy, or why there is none."""
    if "output" not in recorder:
        raise ValueError(f"layers: the model did not call its layer {name!r} on x")
    try:
        return np.asarray(recorder["output"])
    except (NotImplementedError, TypeError):  # a symbolic tensor: the model's call is a tf.function
        raise ValueError(f"layers: layer {name!r} ran inside a tf.function of the model, where its output "
                         "cannot be read; measure a model whose call runs eagerly") from None


def _num_rows(x):
    import tensorflow as tf

    if x is None or hasattr(x, "element_spec") or not (isinstance(x, (list, tuple, dict)) or hasattr(x, "shape")):
        # a dataset or generator would be read as one leaf without rows (was an IndexError)
        raise ValueError("x must be the model's inputs as arrays (an array, or a list or dict of arrays), got %s"
                         % shown_container(x))
    refuse_list_of_rows(x, "x")  # its numbers would be leaves without rows (was an IndexError)
    leaves = tf.nest.flatten(x)
    if not leaves:
        raise ValueError("x holds no arrays")
    rows = {int(np.shape(leaf)[0]) for leaf in leaves}
    if len(rows) != 1:
        raise ValueError("the inputs in x have different numbers of rows")
    return rows.pop()
