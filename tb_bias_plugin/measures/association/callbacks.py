"""Keras callback that logs an association table of validation predictions."""

import numpy as np

try:
    import keras
except ImportError:  # Keras 2 inside TensorFlow
    from tensorflow import keras

from tb_bias_plugin.core.validation import check_integer
from tb_bias_plugin.measures.association import builder
from tb_bias_plugin.measures.association.counting import (
    CooccurrenceCounter,
    check_example_columns,
    check_examples_per_cell,
)
from tb_bias_plugin.measures.association.inputs import model_scores, update_from_model
from tb_bias_plugin.measures.association.metadata import MEASURE_ID, PAYLOAD_NUMBER
from tb_bias_plugin.writing import events
from tb_bias_plugin.writing.keras import (
    ValidationRecordWriter,
    check_head,
    is_py_dataset,
    output_names,
    pick_head,
    refuse_list_of_rows,
    shown_container,
)


class AssociationTableCallback(ValidationRecordWriter, keras.callbacks.Callback):
    """Log an association table of the model's predictions at each epoch end.

    Predictions are counted batch by batch, so memory does not grow with the
    size of the validation set.

    Parameters
    ----------
    log_dir : str
        The same log_dir as Keras's TensorBoard callback; tables go to its
        ``validation`` run, beside the validation metrics.
    validation_data
        Model inputs: an array, a list or dict of arrays (sliced into
        batches of ``batch_size``), Keras's ``(x, y)`` tuple, or a
        ``tf.data.Dataset`` of inputs or of ``(inputs, targets, ...)``
        tuples. Targets are ignored: no ground truth is needed.
    label_names : sequence of str
        Names of the model's output columns.
    identity_labels : sequence of str
        Identity labels among ``label_names``, or attributes given by
        ``identities``.
    identities : array-like, optional
        Per-example identity attributes aligned with an array
        ``validation_data`` (see ``CooccurrenceCounter.update``).
    name : str, default "associations"
    thresholds : float or sequence of float, default 0.5
        Scores above a threshold count as predicted.
    batch_size : int, default 256
        Used to slice array inputs.
    steps : int, optional
        With a dataset: the batches read at each epoch end, as Keras's
        ``validation_steps``; needed for a dataset that repeats forever
        (``dataset.repeat()``), which would otherwise never end. By default
        the whole dataset is read.
    description : str, optional
    example_ids : "index" or sequence, optional
        Keep a sample of the examples behind each cell
        (``CooccurrenceCounter(examples_per_cell=...)``): "index" names
        each example by its row in the validation set (0, 1, ...; any
        validation_data); a sequence gives one id per row of an array
        validation_data (e.g. a column of the data frame it came from).
    example_text, example_uris : sequence of str, optional
        With array validation_data and ``example_ids``: a short text and a
        link per row, shown beside the sampled ids.
    examples_per_cell : int, default 8
        The sample's k, with ``example_ids``.
    head : int or str, optional
        With a model of several outputs (a list or dict): the one whose
        scores are counted, by index or by name (a dict output's key, or
        the name of the layer that makes a list output, as in
        ``model.output_names``). Needed for such a model.

    Raises
    ------
    ValueError
        When the callback is made: a bad ``log_dir``, ``name``,
        ``description``, ``batch_size``, ``steps``, ``head`` or ``examples_per_cell``;
        a dataset of infinite cardinality without ``steps``, or ``steps``
        with array validation_data; names or
        thresholds `CooccurrenceCounter` rejects; ``example_text`` or
        ``example_uris`` without ``example_ids``, or ``example_ids`` that is
        a string other than "index"; with a dataset, ``identities`` or any
        ``example_*`` but ``example_ids="index"``. With array
        validation_data, also: a list of rows (pass one array), no rows,
        inputs of different numbers of rows, ``identities`` or
        ``example_*`` of another number of rows than the inputs, or that
        ``CooccurrenceCounter.update`` rejects.
        When training begins (the model runs on the first rows): a
        dataset of single examples (not batched) or that yields none, inputs
        the model cannot take, a model of several outputs without ``head``
        (the message names them) or a ``head`` it has not, model outputs
        ``update`` rejects (not one column per label name, a ``[batch]``
        output of a one-label model excepted, or scores outside [0, 1]
        such as logits).

    See Also
    --------
    tb_bias_plugin.CooccurrenceCounter : the counts behind each table.
    tb_bias_plugin.summary.Writer.association_table : log a table of predictions made elsewhere.
    tb_bias_plugin.pytorch.log_association_table : the same table of a PyTorch model.

    References
    ----------
    .. [1] ``docs/guides/association.md`` ("Logging a table", Keras) and
       ``docs/measures/association.md``.

    Examples
    --------
    A table of eight validation rows after one epoch, in the
    ``validation`` run of the logdir:

    >>> import os, tempfile
    >>> x = np.random.default_rng(0).random((8, 3), dtype=np.float32)
    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3, activation="sigmoid")])
    >>> model.compile("sgd", "binary_crossentropy")
    >>> logdir = tempfile.mkdtemp()
    >>> callback = AssociationTableCallback(logdir, x, label_names=["man", "woman", "bike"],
    ...                                     identity_labels=["man", "woman"], example_ids="index")
    >>> _ = model.fit(x, np.zeros((8, 3)), epochs=1, verbose=0, callbacks=[callback])
    >>> len(os.listdir(os.path.join(logdir, "validation")))
    1

    Inputs are checked when the callback is made, not when the first
    epoch ends:

    >>> AssociationTableCallback(logdir, x, label_names=["bike"], identity_labels=["f", "m"],
    ...                          identities=[["f"], ["m"]])
    Traceback (most recent call last):
    ...
    ValueError: identities has 2 rows but validation_data has 8
    """

    def __init__(
        self,
        log_dir,
        validation_data,
        *,
        label_names,
        identity_labels,
        identities=None,
        name="associations",
        thresholds=builder.DEFAULT_THRESHOLDS,
        batch_size=256,
        description=None,
        example_ids=None,
        example_text=None,
        example_uris=None,
        examples_per_cell=builder.DEFAULT_EXAMPLES_PER_CELL,
        steps=None,
        head=None,
    ):
        super().__init__()
        events.check_name(name)
        batch_size = check_integer(batch_size, "batch_size", low=1)
        self._steps = _check_steps(validation_data, steps)
        self._head = check_head(head)
        # Fail now, not at the end of the first epoch.
        self._counter = CooccurrenceCounter(
            label_names,
            identity_labels,
            thresholds,
            identities_from="attributes" if identities is not None else "labels",
            examples_per_cell=check_examples_per_cell(examples_per_cell, example_ids),
        )
        self._validation_data = validation_data
        self._examples = _example_columns(validation_data, example_ids, example_text, example_uris)
        if identities is not None:
            if _is_dataset(validation_data):
                raise ValueError("identities= needs array validation_data, not a dataset")
            # Kept as given: per-example name lists may be ragged, which
            # np.asarray would reject or turn into a 2-D array of names.
            if not hasattr(identities, "shape") and not isinstance(identities, list):
                identities = list(identities)
        self._identities = identities
        if not _is_dataset(validation_data):
            _, n = self._inputs()  # shapes checked now, not after the first epoch
            # ids, text, URIs and identities too: a counter's update of n empty rows reads them all
            self._counter.copy().update([[]] * n, identities=identities, **self._named(self._examples, 0, n))
        self._init_writer(log_dir, MEASURE_ID, PAYLOAD_NUMBER, description)
        self._name = name
        self._batch_size = batch_size

    def _inputs(self):
        """The model inputs of array validation_data, and their number of rows."""
        import tensorflow as tf

        data = self._validation_data
        if isinstance(data, tuple):  # Keras's (x, y) or (x, y, sample_weight)
            data = data[0]
        refuse_list_of_rows(data, "validation_data")  # its numbers would be read as inputs without rows
        leaves = tf.nest.flatten(data)  # x may be an array, a list or a dict of arrays
        n = _num_rows(leaves[0])
        if n == 0:  # every epoch's table would be empty: said now, not when the first epoch ends
            raise ValueError("validation_data has no rows")
        if any(_num_rows(leaf) != n for leaf in leaves):
            raise ValueError("the inputs in validation_data have different numbers of rows")
        if self._identities is not None and _num_rows(self._identities) != n:
            raise ValueError(
                "identities has %d rows but validation_data has %d" % (_num_rows(self._identities), n)
            )
        for what, column in zip(("example_ids", "example_text", "example_uris"), self._examples):
            if isinstance(column, list) and len(column) != n:
                raise ValueError("%s has %d rows but validation_data has %d" % (what, len(column), n))
        return data, n

    def _batches(self):
        import tensorflow as tf

        if _is_dataset(self._validation_data):
            data = self._validation_data if self._steps is None else self._validation_data.take(self._steps)
            for element in data:
                yield (element[0] if isinstance(element, tuple) else element), None, None
            return
        data, n = self._inputs()
        for lo in range(0, n, self._batch_size):
            hi = lo + self._batch_size
            ids = None if self._identities is None else self._identities[lo:hi]
            examples = [c[lo:hi] if isinstance(c, list) else c for c in self._examples]
            yield tf.nest.map_structure(lambda leaf, lo=lo, hi=hi: leaf[lo:hi], data), ids, examples

    def on_train_begin(self, logs=None):
        """The model meets the validation data now, not when the first epoch ends: an unbatched dataset,
        inputs the model cannot take, logits or another number of labels fail before training."""
        import tensorflow as tf

        data = self._validation_data
        if _is_dataset(data):
            _check_batched(self.model, data)
            element = next(iter(data), None)
            if element is None:
                raise ValueError("validation_data is an empty dataset")
            inputs, ids = (element[0] if isinstance(element, tuple) else element), None
            try:
                scores = self._scores(inputs)
            except Exception as e:  # a model without declared inputs: `_check_batched` could not tell
                first = tf.nest.flatten(inputs)[0]
                raise ValueError("validation_data: the model cannot take its first element (shape %s): if the "
                                 "dataset yields single examples, batch it, e.g. dataset.batch(256) (%s)"
                                 % (tuple(first.shape), e)) from e
        else:
            rows, _ = self._inputs()
            inputs = tf.nest.map_structure(lambda leaf: leaf[:8], rows)
            ids = None if self._identities is None else self._identities[:8]
            scores = self._scores(inputs)
        scores = model_scores(scores, len(self._counter.label_names), 0, "validation_data", 0)
        update_from_model(self._counter.copy(), scores, 0, "validation_data", identities=ids)

    def on_epoch_end(self, epoch, logs=None):
        counter = self._counter.copy()
        seen = 0
        for number, (inputs, ids, examples) in enumerate(self._batches()):
            scores = model_scores(self._scores(inputs), len(counter.label_names), seen, "validation_data", number)
            update_from_model(counter, scores, seen, "validation_data", identities=ids,
                              **self._named(examples or self._examples, seen, len(scores)))
            seen += scores.shape[0]
        self._write_records([(self._name, builder.association_table(counter))], epoch)

    def _scores(self, inputs):
        """The model's scores of one batch: of its ``head`` output, when it has several."""
        return np.asarray(pick_head(self.model.predict_on_batch(inputs), self._head, output_names(self.model)))

    def _named(self, examples, seen, rows):
        """The ``example_*`` arguments of ``update`` for ``rows`` rows from row ``seen`` on."""
        if self._examples[0] is None:
            return {}
        named = dict(zip(("example_ids", "example_text", "example_uris"), examples))
        if isinstance(examples[0], str):  # "index": the row in the validation set
            named["example_ids"] = np.arange(seen, seen + rows)
        return named


def _example_columns(validation_data, example_ids, example_text, example_uris):
    """``[ids, text, uris]``: "index", lists aligned with the rows, or None; checked now."""
    if not check_example_columns(example_ids, example_text, example_uris, by_index=True):
        return [None, None, None]
    columns = [example_ids, example_text, example_uris]
    by_index = isinstance(example_ids, str) and example_ids == "index"
    if _is_dataset(validation_data) and (not by_index or example_text is not None or example_uris is not None):
        raise ValueError('with a dataset, example_ids can only be "index" (text and URIs need array validation_data)')
    for i, column in enumerate(columns):
        if column is not None and not isinstance(column, str):
            columns[i] = column.tolist() if hasattr(column, "tolist") else list(column)
    return columns


def _check_steps(validation_data, steps):
    """``steps``, checked against the validation data: a dataset that repeats forever needs it."""
    if steps is not None:
        steps = check_integer(steps, "steps", low=1)
        if not _is_dataset(validation_data):
            raise ValueError("steps counts the batches of a tf.data.Dataset; array validation_data is read whole "
                             "(pass fewer rows to read fewer)")
    elif _is_dataset(validation_data):
        import tensorflow as tf

        if int(validation_data.cardinality()) == int(tf.data.INFINITE_CARDINALITY):
            # each epoch end would read it forever
            raise ValueError("validation_data repeats forever (a dataset of infinite cardinality, e.g. after "
                             ".repeat()): pass steps=, the batches to read at each epoch end, as Keras's "
                             "validation_steps")
    return steps


def _num_rows(data):
    shape = getattr(data, "shape", None)
    if shape is not None:
        return int(shape[0])
    if is_py_dataset(data) or not hasattr(data, "__len__"):
        # a PyDataset's len() is its number of batches; a generator has none
        raise ValueError("validation_data must be arrays (x, or Keras's (x, y)), a list or dict of arrays, or a "
                         "batched tf.data.Dataset; got %s" % shown_container(data))
    return len(data)


def _check_batched(model, dataset):
    """A dataset of single examples (``.batch()`` forgotten) would reach the model as one example's features."""
    import tensorflow as tf

    spec = dataset.element_spec[0] if isinstance(dataset.element_spec, tuple) else dataset.element_spec
    try:
        want = len(model.inputs[0].shape)
    except Exception:  # a subclassed or unbuilt model declares no input
        return
    first = tf.nest.flatten(spec)[0]
    if first.shape.rank is not None and first.shape.rank == want - 1:
        raise ValueError("validation_data yields single examples (shape %s; the model takes batches of rank %d): "
                         "batch it, e.g. dataset.batch(256)" % (tuple(first.shape), want))


def _is_dataset(data):
    return type(data).__module__.startswith("tensorflow") and hasattr(data, "element_spec")
