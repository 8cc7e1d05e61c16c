"""Write measure records to TensorBoard logdirs.

Two paths write identical records:

* :func:`write_tf` writes under TensorFlow's default summary writer
  (``tf.summary.create_file_writer``), like ``tf.summary.scalar``.
* :class:`EventWriter` writes event files directly and never imports
  TensorFlow, for PyTorch, JAX or plain NumPy code.

Both take a measure's payload message; which summaries exist is the
measures' business (``tb_bias_plugin.summary`` builds the public calls).
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import os
import socket
import sys
import threading
import time
import warnings
import weakref
from typing import Any

from tensorboard.compat.proto import event_pb2, summary_pb2, tensor_pb2, tensor_shape_pb2, types_pb2

from tb_bias_plugin.core import validation
from tb_bias_plugin.core.extras import install_hint
from tb_bias_plugin.core.paths import is_remote
from tb_bias_plugin.storage import metadata, record


def check_name(name: Any) -> str:
    """A summary's name (its tag before name scopes)."""
    return validation.check_name(name, "name", max_length=validation.MAX_NAME)


def check_step(step: Any, what: str = "step") -> int | None:
    """None, or ``step`` as an int (event files hold signed 64-bit steps); ``what`` names it in errors."""
    if step is None:
        return None
    given = step
    if not hasattr(step, "__index__") and callable(getattr(step, "numpy", None)):
        step = step.numpy()  # a Keras 3 Variable (optimizer.iterations) has no __index__
    try:  # a float tensor has an __index__ that raises
        if isinstance(step, bool) or not hasattr(step, "__index__"):
            raise TypeError
        step = int(step.__index__())
    except (TypeError, AttributeError):
        raise ValueError("%s must be an integer, got %r" % (what, given)) from None
    if not validation.INT64_RANGE[0] <= step <= validation.INT64_RANGE[1]:
        raise ValueError("%s %d does not fit in 64 bits" % (what, step))
    return step


def check_description(description: Any) -> str | None:
    if description is not None and not isinstance(description, str):
        raise ValueError("description must be a string (Markdown), got %r" % type(description).__name__)
    if description is not None and validation.first_bad_text([description], nul=False) is not None:
        raise ValueError("description is not UTF-8 text (a lone surrogate)")
    return description


def check_header(name: Any, step: Any, description: Any) -> int | None:
    """A record's name, step and description checked by the writer's rules, before a model runs or anything
    is written; returns the step as an int (None stays None)."""
    check_name(name)
    checked = check_step(step)
    check_description(description)
    return checked


def check_logdir(logdir: Any) -> str:
    """``logdir`` as a str path (local or a filesystem URL such as gs://); a local one that is a file, or
    lies under one, is a ValueError now rather than an OSError at the first record."""
    if hasattr(logdir, "get_logdir"):  # a SummaryWriter: the PyTorch helpers take one, a Writer its directory
        raise ValueError("logdir must be a path, got a %s: pass its directory, writer.get_logdir()"
                         % type(logdir).__name__)
    if not isinstance(logdir, (str, os.PathLike)) or not os.fspath(logdir):
        raise ValueError("logdir must be a path, got %r" % (logdir,))
    logdir = os.fspath(logdir)
    if not isinstance(logdir, str):
        raise ValueError("logdir must be a str path, got bytes %r" % (logdir,))
    if "\x00" in logdir:  # refused by the operating system only at the first record
        raise ValueError("logdir holds a NUL character: %r" % (logdir,))
    _check_local_directory(logdir)
    return logdir


#: The longest ``filename_suffix``: with the longest host name (64) the file name stays within the
#: 255 bytes a file system allows.
MAX_SUFFIX_BYTES = 120


def check_filename_suffix(suffix: Any) -> str:
    """``filename_suffix`` checked to end a file name: a string without a path separator or NUL, of at
    most `MAX_SUFFIX_BYTES` bytes (else the first record failed with an OSError, and left its directory).

    Examples
    --------
    >>> check_filename_suffix(".eval")
    '.eval'
    >>> check_filename_suffix("/x")
    Traceback (most recent call last):
    ...
    ValueError: filename_suffix must end a file name: no '/', '\\' or NUL, got '/x'
    """
    if not isinstance(suffix, str):
        raise ValueError("filename_suffix must be a string, got %r" % (suffix,))
    if any(c in suffix for c in "/\\\x00"):
        raise ValueError("filename_suffix must end a file name: no '/', '\\' or NUL, got %r" % (suffix,))
    if validation.first_bad_text([suffix]) is not None or len(suffix.encode("utf-8")) > MAX_SUFFIX_BYTES:
        raise ValueError("filename_suffix must be UTF-8 text of at most %d bytes, got %r%s"
                         % (MAX_SUFFIX_BYTES, suffix[:40], "..." if len(suffix) > 40 else ""))
    return suffix


def event_file_name(unique: int, suffix: str = "") -> str:
    """A new event file's name; ``unique`` (a non-negative int below 2**64) keeps two files of one process
    apart.

    TensorBoard reads files named ``events.out.tfevents.*`` in name order,
    so the time comes first, and ``unique`` is padded: unpadded, the 11th
    writer of a second sorted before the 9th, and TensorBoard skipped its
    records ("created after file ... even though it's lexicographically
    earlier").

    Examples
    --------
    >>> event_file_name(11).split(".")[-1]
    '00000000000000000011'
    """
    return "events.out.tfevents.%010d.%s.%d.%020d%s" % (time.time(), socket.gethostname(), os.getpid(), unique, suffix)


def file_version_event(writer: str) -> Any:
    """The first event of every event file, naming the program that wrote it."""
    return event_pb2.Event(
        wall_time=time.time(),
        file_version="brain.Event:2",
        source_metadata=event_pb2.SourceMetadata(writer=writer),
    )


def record_event(name: str, measure: str, number: int, payload: Any, step: int | None, description: str | None) -> Any:
    """The event of one record; ``step=None`` is step 0 (as PyTorch's SummaryWriter does)."""
    return event_pb2.Event(
        wall_time=time.time(),
        step=0 if step is None else step,
        summary=summary_pb2.Summary(value=[summary_value(name, measure, number, payload, description)]),
    )


def summary_value(tag: str, measure: str, number: int, payload: Any, description: str | None) -> Any:
    """The ``Summary.Value`` of one record: a 1-element string tensor (a blob)."""
    tensor = tensor_pb2.TensorProto(
        dtype=types_pb2.DT_STRING,
        tensor_shape=tensor_shape_pb2.TensorShapeProto(dim=[tensor_shape_pb2.TensorShapeProto.Dim(size=1)]),
        string_val=[record.encode(number, payload, description)],
    )
    return summary_pb2.Summary.Value(
        tag=tag, metadata=metadata.create_summary_metadata(measure, description), tensor=tensor
    )


def require_eager() -> Any:
    try:
        import tensorflow as tf  # only this path needs TensorFlow
    except ImportError as err:
        raise ImportError(
            "the summary functions write under tf.summary and need TensorFlow (%s); without it, write "
            "with tb_bias_plugin.summary.Writer(logdir), which has the same methods, or, from PyTorch, "
            "tb_bias_plugin.pytorch" % install_hint("tf")
        ) from err

    if not tf.executing_eagerly():
        raise ValueError(
            "tb_bias summaries are computed in NumPy and need eager execution: call them outside tf.function"
        )
    return tf


def write_tf(name: str, measure: str, number: int, payload: Any, step: int | None, description: str | None,
             claim: str | None = None) -> Any:
    """Write under TensorFlow's default summary writer; a bool tensor, False without one.

    ``claim`` (the measure's rewrite hint, or ""): the tag is claimed here, under the writer (`claim_tf_tag`),
    for a caller that knows no logdir to claim it under (the ``tf.summary`` twins); None: claimed already."""
    tf = require_eager()
    value = summary_value(name, measure, number, payload, description)
    with tf.summary.experimental.summary_scope(name, "tb_bias_" + measure, values=[step]) as (tag, _):
        writer = _default_tf_writer()
        if claim is not None and writer is not None:
            claim_tf_tag(writer, tag, measure, step, claim)
        return tf.summary.write(
            tag=tag,
            tensor=tf.constant(list(value.tensor.string_val), dtype=tf.string),
            step=step,
            metadata=value.metadata,
        )


def _default_tf_writer() -> Any:
    """TensorFlow's default summary writer, or None. TensorFlow names it nowhere public; its logdir not at all."""
    from tensorflow.python.ops import summary_ops_v2

    return getattr(getattr(summary_ops_v2, "_summary_state", None), "writer", None)


class RewrittenStepWarning(UserWarning):
    """A record under a run, tag and step this process already wrote (TensorBoard shows only one of them), or
    under a step below one it wrote (TensorBoard's data server then hides the later ones). Users reach it as
    ``tb_bias_plugin.summary.RewrittenStepWarning``."""


@dataclasses.dataclass
class _Claim:
    measure: str
    written_to: str | None  # the file or directory its first record went to (None: a TensorFlow writer's)
    steps: set[int]


#: ``{(logdir, tag): _Claim}`` of the tags this process wrote.
_CLAIMED: dict[tuple[str, str], _Claim] = {}
_CLAIMED_LOCK = threading.Lock()


def claim_tag(logdir: str, tag: str, measure: str, written_to: str, step: int | None, rewrite_hint: str = "") -> None:
    """Refuse a second measure under a tag this process already wrote in ``logdir`` (its run); warn of a
    second record at a step.

    TensorBoard lists one series per run and tag, of the first step's plugin: a representation
    record under the tag of an association table (a Keras callback names its tag after the attribute)
    hides every table of the tag. Of two records at one step it shows one, and says nothing; a rerun
    may mean it, so that is a `RewrittenStepWarning`. ``written_to`` is the file or directory the
    first records went to; once it is deleted (a rerun into a cleared logdir) the tag and its steps
    are free again. ``step`` None is step 0.

    Raises
    ------
    ValueError
        ``tag`` of ``logdir`` holds another measure's records, written by this process.
    """
    key = (logdir if is_remote(logdir) else os.path.abspath(logdir), tag)
    _claim(key, logdir, tag, measure, written_to, step, rewrite_hint)


#: A number per TensorFlow summary writer a twin wrote through (its logdir is not readable from it).
_TF_WRITERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_TF_WRITER_NUMBERS = itertools.count(1)  # never reused: a writer collected leaves its claims under its number


def claim_tf_tag(writer: Any, tag: str, measure: str, step: int | None, rewrite_hint: str = "") -> None:
    """`claim_tag` for a record written through TensorFlow's default summary ``writer`` (a ``tf.summary``
    twin): keyed by the writer, whose run is not known here."""
    with _CLAIMED_LOCK:
        number = _TF_WRITERS.setdefault(writer, next(_TF_WRITER_NUMBERS))
    _claim(("tf.summary writer %d" % number, tag), "the default tf.summary writer", tag, measure, None, step,
           rewrite_hint)


def _claim(key: tuple, where: str, tag: str, measure: str, written_to: str | None, step: int | None,
           rewrite_hint: str) -> None:
    """`claim_tag` under ``key``; ``where`` names the run in messages, ``written_to`` None is never deleted."""
    step = 0 if step is None else step
    with _CLAIMED_LOCK:
        found = _CLAIMED.get(key)
        if found is None or not (found.written_to is None or is_remote(found.written_to)
                                 or os.path.exists(found.written_to)):
            found = _CLAIMED[key] = _Claim(measure, written_to, set())
        if found.measure != measure:
            raise ValueError(
                "tag %r of %s already holds %s records, written by this process: a %s record under the same "
                "tag would hide them (TensorBoard shows one measure per run and tag); give it its own name"
                % (tag, where, found.measure, measure))
        rewritten, last = step in found.steps, max(found.steps, default=step)
        found.steps.add(step)
    if rewritten:
        warnings.warn(RewrittenStepWarning(
            "tag %r of %s already has a record at step %d, written by this process: TensorBoard shows only one "
            "of them (the Bias tab lists the step as written more than once); give each record its own step "
            "or tag%s" % (tag, where, step, "; " + rewrite_hint if rewrite_hint else "")),
            stacklevel=_caller_level())
    elif step < last:
        warnings.warn(RewrittenStepWarning(
            "tag %r of %s already has records up to step %d, written by this process: with step %d written "
            "after them, TensorBoard's data server hides those later steps, as after a restart from a checkpoint "
            "(the Bias tab lists them; tensorboard --load_fast=false shows them); log a new run under its own "
            "logdir or tag, or go on from the last step" % (tag, where, last, step)),
            stacklevel=_caller_level())


#: Frameworks whose code calls a callback's writes: a warning names the user's line past them too.
_FRAMEWORKS = ("keras", "tensorflow", "lightning", "pytorch_lightning", "torch")


def _caller_level() -> int:
    """The ``stacklevel`` of the first frame outside this package and the training frameworks that call its
    callbacks (Keras's callback list, Lightning's loops): a warning names the user's line (``fit(...)``)."""
    places = [os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep]
    for name in _FRAMEWORKS:
        file = getattr(sys.modules.get(name), "__file__", None)
        if file:
            places.append(os.path.dirname(os.path.abspath(file)) + os.sep)
    frame: Any = sys._getframe(3)  # the caller of claim_tag or claim_tf_tag
    level = 3
    while frame is not None and frame.f_code.co_filename.startswith(tuple(places)):
        frame, level = frame.f_back, level + 1
    return level


def _check_local_directory(logdir: str) -> None:
    if is_remote(logdir):
        return
    path = os.path.abspath(logdir)
    while not os.path.exists(path):
        path = os.path.dirname(path)
    if not os.path.isdir(path):
        raise ValueError("logdir %s: %s is a file, not a directory" % (logdir, path))


class EventWriter:
    """Writes tb-bias records to a logdir without importing TensorFlow
    (the public ``tb_bias_plugin.summary.Writer`` documents the arguments)."""

    _uid_lock = threading.Lock()
    _uid = 0

    def __init__(self, logdir: Any, *, filename_suffix: str = ""):
        logdir = check_logdir(logdir)
        filename_suffix = check_filename_suffix(filename_suffix)
        self.logdir = logdir
        self._suffix = filename_suffix
        #: The event file; made with the first record, so a Writer whose
        #: every call failed leaves no header-only file behind.
        self.path = self._new_path()
        self._records: Any = None
        self._closed = False
        self._lock = threading.Lock()

    def _new_path(self) -> str:
        with EventWriter._uid_lock:
            EventWriter._uid += 1
            uid = EventWriter._uid
        return os.path.join(self.logdir, event_file_name(uid, self._suffix))

    def _renew_if_deleted(self) -> None:
        """Start a new event file if the open one was deleted (a notebook rerun that cleared its logdir):
        appending to its path would fail, or, in a recreated directory, make a file without its header."""
        if self._records is None or is_remote(self.path) or os.path.exists(self.path):
            return  # a remote file is not checked: a stat per record would be a request
        with contextlib.suppress(OSError):
            self._records.close()
        self._records = None
        self.path = self._new_path()

    def _open(self) -> Any:
        # TensorBoard's stub file layer and record writer: unlike its
        # EventFileWriter they never import TensorFlow.
        from tensorboard.summary.writer.record_writer import RecordWriter

        from tb_bias_plugin.writing import tb_files

        tb_files.makedirs(self.logdir)
        records = RecordWriter(tb_files.open_for_writing(self.path))
        records.write(file_version_event("tb_bias_plugin.summary.Writer").SerializeToString())
        return records

    def _write_event(self, event: Any) -> None:
        with self._lock:
            if self._closed:
                raise ValueError("this Writer is closed")
            if self._records is None:
                self._records = self._open()
            self._records.write(event.SerializeToString())
            self._records.flush()

    def write_record(
        self, name: str, measure: str, number: int, payload: Any, step: int | None, description: str | None,
        rewrite_hint: str = "",
    ) -> bool:
        """Write one record; ``step=None`` writes step 0 (as PyTorch's SummaryWriter does). ``rewrite_hint``:
        the measure's advice when a step is written twice (`Measure.rewrite_hint`)."""
        with self._lock:
            self._renew_if_deleted()
        claim_tag(self.logdir, name, measure, self.path, step, rewrite_hint)
        self._write_event(record_event(name, measure, number, payload, step, description))
        return True

    def flush(self) -> None:
        with self._lock:
            if self._records is not None:
                self._records.flush()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._records is not None and not self._records.closed:
                self._records.close()

    def __enter__(self) -> "EventWriter":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
