"""Keras callback that logs prediction sensitivity on validation data at each epoch end."""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    import keras
except ImportError:  # Keras 2 inside TensorFlow
    from tensorflow import keras

from tb_bias_plugin.core.validation import check_integer, probability_sum_tolerance
from tb_bias_plugin.measures.sensitivity import builder
from tb_bias_plugin.measures.sensitivity.collect import SensitivityCollector
from tb_bias_plugin.measures.sensitivity.metadata import MEASURE_ID, PAYLOAD_NUMBER
from tb_bias_plugin.measures.sensitivity.plan import (
    check_logged_inputs,
    ids_need_embedding_layer,
    input_rows,
    is_text,
    plan_outputs,
    proxy_reference,
)
from tb_bias_plugin.writing import events
from tb_bias_plugin.writing.keras import (
    ValidationRecordWriter,
    check_head,
    check_layer_names,
    find_layer,
    output_names,
    pick_head,
)


class PredictionSensitivityCallback(ValidationRecordWriter, keras.callbacks.Callback):
    """Log accumulated prediction sensitivity of the model on validation data at each epoch end.

    P is computed batch by batch with ``tb_bias_plugin.prediction_sensitivity``
    for every v choice and streamed into a `SensitivityCollector`, so memory
    holds the P values and a bounded set of examples, never a Jacobian.
    ``proxy_adjusted`` fits its proxy slopes on all of ``x_val``, so P does
    not depend on ``batch_size``.

    Parameters
    ----------
    log_dir : str
        The same log_dir as Keras's TensorBoard callback; records go to its
        ``validation`` run.
    x_val : array_like
        Validation inputs: ``[n, F]`` features, or ``[n, T]`` token ids with
        ``embedding_layer``. Targets are not needed.
    v : choice, list of choices or dict ``{name: choice}``, default "uniform"
        The v choices (``"uniform"``, ``"mask"``, ``VChoice.word_list([...])``...).
    protected : int or sequence, optional
        Protected feature indices for ``"mask"`` / ``"proxy_adjusted"``.
    embedding_layer : str or layer, optional
        Text models: gradients w.r.t. this layer's output (a nested model's
        layer by its path, ``"encoder/emb"``).
    tokens : array_like of str, ``[n, T]``, optional
        Token strings (word-list choices, and shown in the Bias tab).
    mask, word_ids : array_like, ``[n, T]``, optional
        Real-token mask and word index per piece (see ``prediction_sensitivity``).
    groups : array_like, ``[n]``, optional
        Group per example, for per-group means.
    example_ids : sequence, optional
        Ids shown for the kept examples, strings or integers.
    example_text, example_uris : sequence of str or None, optional
        A short text and a URI per example, shown beside the kept examples
        (200 characters each kept; a URI as a link when http(s)).
    psm_model : keras.Model, optional
        Protected-status model for ``psm`` / ``psm_emb``.
    w : array_like, ``[K]``, optional
        Class weights; uniform when omitted.
    output : {"auto", "softmax", "sigmoid"}, default "auto"
        What the model's outputs are; ``"sigmoid"`` for independent per-class
        scores (multi-label), which "auto" reads as softmax when K > 1.
    head : int or str, optional
        With a model of several outputs (a list or dict): the one whose
        probabilities P is taken of, by index or by name (a dict output's
        key, or the name of the layer that makes a list output, as in
        ``model.output_names``). Needed for such a model, which must be
        functional: P is taken of a sub-model ending at that output.
    class_names, feature_names : sequence of str, optional
    name : str, default "sensitivity"
    batch_size : int, default 256
    top_k : int, default 10
    sample_size : int, default 200
    seed : int, default 0
    description : str, optional

    Raises
    ------
    ValueError
        When the callback is made: a bad ``log_dir``, ``name``,
        ``description``, ``batch_size``, ``top_k``, ``sample_size`` or
        ``seed``; an ``x_val`` that is a scalar, a dataset (``tf.data`` or
        a Keras ``PyDataset``) or a dict, has no rows or has the wrong
        number of dimensions (``[n, T]`` with ``embedding_layer``);
        bad v choices or protected indices; a ``proxy_adjusted`` protected
        column that is constant over ``x_val``; per-example arguments that are
        not one per row of ``x_val`` or break their rule (``groups`` all
        strings or all integers, ids strings or integers, text and URIs
        strings or None, a valid mask, tokens and word ids); word-list
        choices without ``tokens``, psm choices without ``psm_model``; a
        ``w`` that is not a distribution or has another length than
        ``class_names``; an unknown ``output``; tabular ``feature_names``
        that are not one per column of ``x_val``. When training begins: an
        ``embedding_layer`` name the model has not, a model of several
        outputs without ``head`` (the message names them), a ``head`` it
        has not or on a model without symbolic outputs (subclassed),
        outputs that are not
        probabilities (logits), or a ``w`` or ``class_names`` that are not
        one per output class.

    See Also
    --------
    tb_bias_plugin.prediction_sensitivity : P of one batch, without logging.
    tb_bias_plugin.summary.Writer.prediction_sensitivity : log results computed elsewhere.
    tb_bias_plugin.pytorch.log_prediction_sensitivity : the same record of a PyTorch model.

    References
    ----------
    .. [1] ``docs/guides/sensitivity.md`` (Keras) and ``docs/measures/sensitivity.md``.

    Examples
    --------
    P of eight validation rows after one epoch, with its mean per group, in
    the ``validation`` run of the logdir:

    >>> import os, tempfile
    >>> x = np.random.default_rng(0).random((8, 4), dtype=np.float32)
    >>> model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="softmax")])
    >>> model.compile("sgd", "sparse_categorical_crossentropy")
    >>> logdir = tempfile.mkdtemp()
    >>> callback = PredictionSensitivityCallback(logdir, x, groups=["f", "m"] * 4)
    >>> _ = model.fit(x, np.zeros(8), epochs=1, verbose=0, callbacks=[callback])
    >>> len(os.listdir(os.path.join(logdir, "validation")))
    1

    Per-example arguments are checked when the callback is made:

    >>> PredictionSensitivityCallback(logdir, x, groups=["f", "m"] * 3)
    Traceback (most recent call last):
    ...
    ValueError: groups has 6 rows; x_val has 8
    """

    def __init__(
        self,
        log_dir,
        x_val,
        *,
        v: Any = "uniform",
        protected: Any = None,
        embedding_layer: Any = None,
        tokens: Any = None,
        mask: Any = None,
        word_ids: Any = None,
        groups: Any = None,
        example_ids: Any = None,
        example_text: Any = None,
        example_uris: Any = None,
        psm_model: Any = None,
        w: Any = None,
        output: str = "auto",
        head: Any = None,
        class_names: Any = None,
        feature_names: Any = None,
        name: str = "sensitivity",
        batch_size: int = 256,
        top_k: int = builder.DEFAULT_TOP_K,
        sample_size: int = builder.DEFAULT_SAMPLE_SIZE,
        seed: int = 0,
        description: str | None = None,
    ):
        super().__init__()
        events.check_name(name)
        self._init_writer(log_dir, MEASURE_ID, PAYLOAD_NUMBER, description)
        batch_size = check_integer(batch_size, "batch_size", low=1)
        x = input_rows(x_val, "x_val")
        text = is_text(x.shape, embedding_layer, "x_val")
        per_example = {"tokens": tokens, "mask": mask, "word_ids": word_ids, "groups": groups,
                       "example_ids": example_ids, "example_text": example_text, "example_uris": example_uris}
        # the label rule and every row count now, not at the first epoch's end
        self._choices, w, self._rows = check_logged_inputs(x.shape, text=text, v=v, protected=protected,
                                               feature_names=feature_names, per_example=per_example,
                                               psm_model=psm_model, w=w, output=output, x_name="x_val")
        self._x = x
        # the slopes of all of x_val for every batch: P is then that of one call on all rows
        self._proxy_reference = proxy_reference(self._choices, x, "x_val")
        self._text = text
        self._embedding_layer = embedding_layer
        self._kw = dict(embedding_layer=embedding_layer, psm_model=psm_model, w=w, feature_names=feature_names,
                        per_feature=not self._text, output=output)
        self._collector_args = dict(top_k=top_k, sample_size=sample_size, seed=seed, class_names=class_names,
                                    feature_names=None if self._text else feature_names, w=w)
        SensitivityCollector(**self._collector_args)  # arguments checked now, not after the first epoch
        self._name = name
        self._batch_size = batch_size
        self._head = check_head(head)
        self._head_model: tuple[Any, Any] | None = None  # (model, its sub-model ending at head)

    def _readable(self, model: Any) -> Any:
        """The model P is taken of: ``model``, or with ``head`` its sub-model ending at that output (made
        once per model: a new one each epoch would be traced again)."""
        if self._head is None:
            return model
        if self._head_model is None or self._head_model[0] is not model:
            try:
                outputs = model.output
            except (AttributeError, ValueError):  # a subclassed model, or a Sequential without Input
                if self._head == 0 and not isinstance(model(self._x[:1], training=False), (list, tuple, dict)):
                    return model  # a model of one output: head=0 is that output
                raise ValueError(f"head= takes one output of a model with symbolic outputs (functional); "
                                 f"{type(model).__name__} has none: pass a model that returns the one output "
                                 "P is to be taken of") from None
            head = pick_head(outputs, self._head, output_names(model))
            self._head_model = (model, keras.Model(model.input, head, name=f"{model.name}_head"))
        return self._head_model[1]

    def on_train_begin(self, logs=None):
        # a typo in the layer, logits or a K other than w's or class_names' fail now, not after the first epoch
        from tb_bias_plugin.measures.sensitivity.gradients import check_embedding_output, embedding_layers

        if isinstance(self._embedding_layer, str):
            check_layer_names(self.model, [self._embedding_layer], "embedding_layer")
            check_embedding_output(find_layer(self.model, self._embedding_layer))
        if self._embedding_layer is None:
            ids_need_embedding_layer(self.model, self._x, embedding_layers(self.model), "Embedding layer", "x_val")
        model = self._readable(self.model)
        # several outputs without head are named now, not read as one ragged array
        probs = np.asarray(pick_head(model(self._x[: min(8, self._x.shape[0])], training=False), None,
                                     output_names(model)))
        # at the output's precision: a mixed-precision model's float16 rows sum to 1 only to float16's
        outputs = plan_outputs(probs.reshape(probs.shape[0], -1), self._kw["w"], self._kw["output"],
                               probability_sum_tolerance(probs.dtype.name))
        SensitivityCollector(**self._collector_args).check_classes(outputs.n_classes)

    def collect(self, model: Any) -> SensitivityCollector:
        """P of ``model`` (of its ``head`` output) on the validation data under every v choice."""
        from tb_bias_plugin.measures.sensitivity.gradients import prediction_sensitivity

        model = self._readable(model)
        collector = SensitivityCollector(**self._collector_args)
        n = self._x.shape[0]
        for lo in range(0, n, self._batch_size):
            rows = slice(lo, min(lo + self._batch_size, n))
            xb = self._x[rows]
            part = {key: None if values is None else values[rows] for key, values in self._rows.items()}
            results = {
                name: prediction_sensitivity(model, xb, v=choice, batch_size=self._batch_size, tokens=part["tokens"],
                                             mask=part["mask"], word_ids=part["word_ids"],
                                             proxy_reference=self._proxy_reference, **self._kw)
                for name, choice in self._choices.items()
            }
            probs = np.asarray(model(xb, training=False))
            collector.update(results, example_ids=part["example_ids"], groups=part["groups"], probs=probs,
                             tokens=part["tokens"], example_text=part["example_text"],
                             example_uris=part["example_uris"])
        return collector

    def on_epoch_end(self, epoch, logs=None):
        self._write_records([(self._name, builder.prediction_sensitivity(self.collect(self.model)))], epoch)
