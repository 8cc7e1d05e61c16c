"""Write association tables to TensorBoard logdirs.

Two paths write identical records:

* :func:`association_table` and :func:`metric_table` write under
  TensorFlow's default summary writer (``tf.summary.create_file_writer``),
  like TensorBoard's own ``tf.summary.scalar``.
* :class:`Writer` writes event files directly and never imports TensorFlow,
  for PyTorch, JAX or plain NumPy code.

What is stored per table and step is the sufficient statistics (counts per
threshold) with label and identity names, so that every metric, identity
pair and smoothing can be chosen later in TensorBoard.
"""

import os
import socket
import threading
import time

from tensorboard.compat.proto import event_pb2, summary_pb2, tensor_pb2, tensor_shape_pb2, types_pb2

from tb_bias_plugin import encoding, metadata
from tb_bias_plugin.counting import CooccurrenceCounter
from tb_bias_plugin.table import AssociationTable, PrecomputedTable, check_thresholds

DEFAULT_THRESHOLDS = (0.5,)


def _check_name(name):
    if not isinstance(name, str) or not name.strip():
        raise ValueError("name must be a non-empty string, got %r" % (name,))
    return name


def _check_step(step):
    """None, or ``step`` as an int (event files hold signed 64-bit steps)."""
    if step is None:
        return None
    if isinstance(step, bool) or not hasattr(step, "__index__"):
        raise ValueError("step must be an integer, got %r" % (step,))
    step = int(step.__index__())
    if not -(2**63) <= step < 2**63:
        raise ValueError("step %d does not fit in 64 bits" % step)
    return step


def as_association_table(
    predictions_or_counter,
    *,
    label_names=None,
    identity_labels=None,
    identities=None,
    thresholds=None,
):
    """Turn predictions, a counter or a table into a validated `AssociationTable`.

    Raises ValueError for anything inconsistent; nothing is written.
    """
    source = predictions_or_counter
    if isinstance(source, CooccurrenceCounter):
        source = source.table()
    if isinstance(source, AssociationTable):
        if identities is not None:
            raise ValueError("identities= goes with raw predictions, not with a counter or table")
        for given, have, what in (
            (label_names, source.label_names, "label_names"),
            (identity_labels, source.identity_names, "identity_labels"),
        ):
            if given is not None and tuple(given) != have:
                raise ValueError("%s differ from the counter's" % what)
        if thresholds is not None and check_thresholds(thresholds) != source.thresholds:
            raise ValueError("thresholds differ from the counter's %r" % (source.thresholds,))
        if source.num_examples == 0:
            raise ValueError("the counter has not counted any examples")
        return source
    if label_names is None or identity_labels is None:
        raise ValueError("label_names and identity_labels are required with raw predictions")
    counter = CooccurrenceCounter(
        label_names,
        identity_labels,
        DEFAULT_THRESHOLDS if thresholds is None else thresholds,
        identities_from="attributes" if identities is not None else None,
    )
    counter.update(source, identities=identities)
    return counter.table()


def _summary_value(tag, table, description):
    payload = encoding.encode_table(table)
    tensor = tensor_pb2.TensorProto(
        dtype=types_pb2.DT_STRING,
        tensor_shape=tensor_shape_pb2.TensorShapeProto(
            dim=[tensor_shape_pb2.TensorShapeProto.Dim(size=1)]
        ),
        string_val=[payload],
    )
    return summary_pb2.Summary.Value(
        tag=tag, metadata=metadata.create_summary_metadata(table, description), tensor=tensor
    )


def _require_eager():
    import tensorflow as tf  # only this path needs TensorFlow

    if not tf.executing_eagerly():
        raise ValueError(
            "tb_bias summaries count in NumPy and need eager execution: "
            "call them outside tf.function"
        )
    return tf


def _write_tf(name, table, step, description):
    tf = _require_eager()
    value = _summary_value(name, table, description)
    with tf.summary.experimental.summary_scope(name, "tb_bias_table", values=[step]) as (tag, _):
        return tf.summary.write(
            tag=tag,
            tensor=tf.constant(list(value.tensor.string_val), dtype=tf.string),
            step=step,
            metadata=value.metadata,
        )


def association_table(
    name,
    predictions_or_counter,
    *,
    label_names=None,
    identity_labels=None,
    identities=None,
    step=None,
    thresholds=None,
    description=None,
):
    """Write an association table under TensorFlow's default summary writer.

    Parameters
    ----------
    name : str
        Table name; the tag is this name under any active name scopes.
    predictions_or_counter
        A :class:`~tb_bias_plugin.CooccurrenceCounter` (or its table), or one
        batch of raw predictions in any form ``CooccurrenceCounter.update``
        accepts (dense 0/1 or scores, scipy.sparse, lists of label names).
    label_names, identity_labels : sequence of str
        Required with raw predictions; checked against a counter's.
    identities : optional
        Identities as a separate per-example attribute (see
        ``CooccurrenceCounter.update``), with raw predictions only.
    step : int, optional
        Defaults to ``tf.summary.experimental.get_step()``.
    thresholds : float or sequence of float, optional
        Score thresholds for raw predictions (default 0.5).
    description : str, optional
        Markdown shown with the table.

    Returns
    -------
    bool tensor
        True if written, False if there is no default summary writer.

    Raises
    ------
    ValueError
        For bad arguments, before anything is written.

    Examples
    --------
    >>> import tempfile, tensorflow as tf
    >>> with tf.summary.create_file_writer(tempfile.mkdtemp()).as_default():
    ...     written = association_table(
    ...         "gender", [["man", "bike"], ["woman"], ["man"]],
    ...         label_names=["man", "woman", "bike"], identity_labels=["man", "woman"], step=0)
    >>> bool(written)
    True
    """
    _check_name(name)
    _require_eager()
    step = _check_step(step)
    table = as_association_table(
        predictions_or_counter,
        label_names=label_names,
        identity_labels=identity_labels,
        identities=identities,
        thresholds=thresholds,
    )
    return _write_tf(name, table, step, description)


def metric_table(name, values, *, label_names, metric_names, step=None, description=None):
    """Write per-label metric values computed elsewhere (TensorFlow path).

    ``values`` has shape (labels, metrics). Metric names follow the old
    nPMI plugin: ``nPMI@man`` (a metric for one identity), ``count@man``
    (C(x, y)), ``count`` (C(y)), ``nPMI_diff@man-woman`` (a gap). Counts
    give more: prefer :func:`association_table` when you have predictions.
    """
    _check_name(name)
    _require_eager()
    step = _check_step(step)
    table = PrecomputedTable(label_names, metric_names, values)
    return _write_tf(name, table, step, description)


class Writer:
    """Writes tb-bias tables to a logdir without importing TensorFlow.

    Parameters
    ----------
    logdir : str
        Directory for the event file (created if missing); local, or any
        filesystem TensorBoard's own file layer supports (s3://, fsspec).
    filename_suffix : str, optional
        Appended to the event file name.

    Examples
    --------
    >>> import tempfile
    >>> with Writer(tempfile.mkdtemp()) as writer:
    ...     writer.association_table(
    ...         "gender", [["man", "bike"], ["woman"], ["man"]],
    ...         label_names=["man", "woman", "bike"], identity_labels=["man", "woman"], step=0)
    True
    """

    _uid_lock = threading.Lock()
    _uid = 0

    def __init__(self, logdir, *, filename_suffix=""):
        # TensorBoard's stub file layer and record writer: unlike its
        # EventFileWriter they never import TensorFlow.
        from tensorboard.compat.tensorflow_stub.io import gfile
        from tensorboard.summary.writer.record_writer import RecordWriter

        if not isinstance(logdir, (str, os.PathLike)) or not str(logdir):
            raise ValueError("logdir must be a path, got %r" % (logdir,))
        logdir = os.fspath(logdir)
        gfile.makedirs(logdir)
        with Writer._uid_lock:
            Writer._uid += 1
            uid = Writer._uid
        self.path = os.path.join(
            logdir,
            "events.out.tfevents.%010d.%s.%d.%d%s"
            % (time.time(), socket.gethostname(), os.getpid(), uid, filename_suffix),
        )
        self._records = RecordWriter(gfile.GFile(self.path, "wb"))
        self._lock = threading.Lock()
        self._write_event(
            event_pb2.Event(
                wall_time=time.time(),
                file_version="brain.Event:2",
                source_metadata=event_pb2.SourceMetadata(writer="tb_bias_plugin.summary.Writer"),
            )
        )

    def _write_event(self, event):
        with self._lock:
            if self._records.closed:
                raise ValueError("this Writer is closed")
            self._records.write(event.SerializeToString())
            self._records.flush()

    def _write(self, name, table, step, description):
        event = event_pb2.Event(
            wall_time=time.time(),
            step=0 if step is None else step,
            summary=summary_pb2.Summary(value=[_summary_value(name, table, description)]),
        )
        self._write_event(event)
        return True

    def association_table(
        self,
        name,
        predictions_or_counter,
        *,
        label_names=None,
        identity_labels=None,
        identities=None,
        step=None,
        thresholds=None,
        description=None,
    ):
        """Write an association table; same arguments as the module-level
        :func:`association_table`. Without TensorFlow there is no default
        step, so ``step=None`` writes step 0 (as PyTorch's SummaryWriter does)."""
        _check_name(name)
        step = _check_step(step)
        table = as_association_table(
            predictions_or_counter,
            label_names=label_names,
            identity_labels=identity_labels,
            identities=identities,
            thresholds=thresholds,
        )
        return self._write(name, table, step, description)

    def metric_table(self, name, values, *, label_names, metric_names, step=None, description=None):
        """Write precomputed per-label metric values; see :func:`metric_table`
        (``step=None`` writes step 0)."""
        _check_name(name)
        step = _check_step(step)
        table = PrecomputedTable(label_names, metric_names, values)
        return self._write(name, table, step, description)

    def flush(self):
        with self._lock:
            self._records.flush()

    def close(self):
        with self._lock:
            if not self._records.closed:
                self._records.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
