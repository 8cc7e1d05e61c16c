"""Apache Beam transforms: count label associations in a pipeline, write the table.

Counts are sums over examples, so a pipeline counts each bundle with the
ordinary `CooccurrenceCounter` and merges the counters (exactly: integers
add in any order). Needs the ``beam`` extra (``pip install
"tb-bias-plugin[beam]"``). The README's "Large eval sets" shows a pipeline
on the DirectRunner, Dataflow, Flink and Spark.
"""

from __future__ import annotations

import os
import socket
import time
from typing import Any, Sequence

import apache_beam as beam
import numpy as np
from apache_beam.io.filesystems import FileSystems

from tb_bias_plugin.measures.association import builder
from tb_bias_plugin.measures.association.counting import CooccurrenceCounter
from tb_bias_plugin.measures.association.messages import PAYLOAD_NUMBER
from tb_bias_plugin.measures.association.routes import MEASURE_ID
from tb_bias_plugin.measures.association.table import AssociationTable
from tb_bias_plugin.writing import events

#: Examples buffered per accumulator before one vectorised ``update``.
DEFAULT_BATCH_SIZE = 2048

_KINDS = ("labels", "label_indices", "scores")


def parse_example(element: Any) -> tuple[str, Any, Any]:
    """``(kind, predictions, identities)`` of one example of a PCollection.

    An example is a dict with exactly one of ``"labels"`` (label names),
    ``"label_indices"`` (columns into ``label_names``) or ``"scores"`` (a
    dense row of L scores or 0/1), and optionally ``"identities"`` (names,
    a name, None, or a row of k values); or, for short, a bare list of
    label names or a bare 1-D array of scores.

    Examples
    --------
    >>> parse_example({"labels": ["nurse", "woman"]})
    ('labels', ['nurse', 'woman'], None)
    >>> parse_example({"label_indices": [3, 7], "identities": "female"})
    ('label_indices', [3, 7], 'female')
    """
    if isinstance(element, dict):
        kinds = [kind for kind in _KINDS if kind in element]
        unknown = set(element) - set(_KINDS) - {"identities"}
        if len(kinds) != 1 or unknown:
            raise ValueError(
                "an example needs exactly one of %s (and optionally 'identities'), got keys %s"
                % (", ".join(repr(k) for k in _KINDS), sorted(element))
            )
        return kinds[0], element[kinds[0]], element.get("identities")
    if isinstance(element, np.ndarray) and element.ndim == 1 and element.dtype.kind in "biuf":
        return "scores", element, None
    if isinstance(element, (list, tuple)) and all(isinstance(name, str) for name in element):
        return "labels", list(element), None
    raise ValueError(
        "an example must be a dict such as {'labels': [...], 'identities': ...}, a list of "
        "label names or a 1-D array of scores, got %r" % type(element).__name__
    )


def _is_vector(value: Any) -> bool:
    """Whether an example's identities are a row of k numbers (not names)."""
    if isinstance(value, np.ndarray):
        return value.ndim == 1 and value.dtype.kind in "biuf"
    return isinstance(value, (list, tuple)) and len(value) > 0 and not isinstance(value[0], str)


class _Accumulator:
    """A counter and the examples not yet counted (counted in batches)."""

    def __init__(self, counter: CooccurrenceCounter):
        self.counter = counter
        self.pending: list[tuple[str, Any, Any]] = []

    def flush(self) -> None:
        if not self.pending:
            return
        pending, self.pending = self.pending, []
        attributes = self.counter.identities_from == "attributes"
        for kind in _KINDS:
            group = [p for p in pending if p[0] == kind]
            if not group:
                continue
            predictions = [p[1] for p in group]
            identities = None
            if attributes:
                values = [p[2] for p in group]
                vectors = sum(map(_is_vector, values))
                identities = np.asarray(values, dtype=float) if vectors == len(values) else values
            if kind == "labels":
                self.counter.update(predictions, identities=identities)
            elif kind == "label_indices":
                self.counter.update_indices(predictions, identities=identities)
            else:
                self.counter.update(np.stack([np.asarray(p) for p in predictions]), identities=identities)


class AssociationCombineFn(beam.CombineFn):
    """Counts examples into a `CooccurrenceCounter`; outputs its `AssociationTable`.

    The arguments are those of `CooccurrenceCounter`, plus ``batch_size``:
    examples buffered before each vectorised update.
    """

    def __init__(
        self,
        label_names: Sequence[str],
        identity_labels: Sequence[str],
        thresholds: Any = (0.5,),
        *,
        identities_from: str | None = None,
        unknown_labels: str = "raise",
        soft_identities: bool = False,
        batch_size: int = DEFAULT_BATCH_SIZE,
    ):
        super().__init__()
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
            raise ValueError("batch_size must be a positive integer, got %r" % (batch_size,))
        self._kwargs = dict(
            label_names=label_names,
            identity_labels=identity_labels,
            thresholds=thresholds,
            identities_from=identities_from,
            unknown_labels=unknown_labels,
            soft_identities=soft_identities,
        )
        self._batch_size = batch_size
        self.new_counter()  # validate the arguments at pipeline construction

    def new_counter(self) -> CooccurrenceCounter:
        return CooccurrenceCounter(**self._kwargs)

    def create_accumulator(self) -> _Accumulator:
        return _Accumulator(self.new_counter())

    def add_input(self, accumulator: _Accumulator, element: Any) -> _Accumulator:
        accumulator.pending.append(parse_example(element))
        if len(accumulator.pending) >= self._batch_size:
            accumulator.flush()
        return accumulator

    def merge_accumulators(self, accumulators: Any) -> _Accumulator:
        merged = None
        for accumulator in accumulators:
            accumulator.flush()
            merged = accumulator if merged is None else _Accumulator(merged.counter.merge(accumulator.counter))
        return merged if merged is not None else self.create_accumulator()

    def compact(self, accumulator: _Accumulator) -> _Accumulator:
        accumulator.flush()
        return accumulator

    def extract_output(self, accumulator: _Accumulator) -> AssociationTable:
        accumulator.flush()
        return accumulator.counter.table()


class CountAssociations(beam.PTransform):
    """Count a PCollection of examples into one `AssociationTable`.

    Parameters
    ----------
    label_names, identity_labels, thresholds
        As for `CooccurrenceCounter`; ``identities_from``,
        ``unknown_labels``, ``soft_identities`` and ``batch_size`` are
        keyword arguments.

    Examples are dicts ``{"labels" | "label_indices" | "scores": ...,
    "identities": ...}`` (see `parse_example`). The output is a
    PCollection of one table.
    """

    def __init__(self, label_names: Sequence[str], identity_labels: Sequence[str], thresholds: Any = (0.5,), **kwargs: Any):
        super().__init__()
        self._combine = AssociationCombineFn(label_names, identity_labels, thresholds, **kwargs)

    def expand(self, examples: Any) -> Any:
        return examples | "Count" >> beam.CombineGlobally(self._combine)


def event_file_bytes(table: AssociationTable, name: str, step: int, description: str | None) -> bytes:
    """One TensorBoard event file holding ``table`` as record ``name`` at ``step``."""
    import io

    from tensorboard.compat.proto import event_pb2, summary_pb2
    from tensorboard.summary.writer.record_writer import RecordWriter

    payload = builder.association_table(table)
    buffer = io.BytesIO()
    records = RecordWriter(buffer)
    now = time.time()
    records.write(
        event_pb2.Event(
            wall_time=now,
            file_version="brain.Event:2",
            source_metadata=event_pb2.SourceMetadata(writer="tb_bias_plugin.beam"),
        ).SerializeToString()
    )
    value = events.summary_value(name, MEASURE_ID, PAYLOAD_NUMBER, payload, description)
    records.write(event_pb2.Event(wall_time=now, step=step, summary=summary_pb2.Summary(value=[value])).SerializeToString())
    return buffer.getvalue()


def write_table(table: AssociationTable, logdir: str, name: str, step: int = 0, description: str | None = None) -> str:
    """Write ``table`` as one event file under ``logdir`` (any filesystem
    Beam can write: local, gs://, s3://, hdfs://); return its path."""
    name = events.check_name(name)
    step = events.check_step(step) or 0
    description = events.check_description(description)
    data = event_file_bytes(table, name, step, description)  # validates before anything is created
    path = FileSystems.join(
        logdir,
        "events.out.tfevents.%010d.%s.%d.%d.tb_bias_beam" % (time.time(), socket.gethostname(), os.getpid(), time.monotonic_ns()),
    )
    if FileSystems.get_scheme(logdir) is None:
        os.makedirs(logdir, exist_ok=True)
    handle = FileSystems.create(path)
    try:
        handle.write(data)
    finally:
        handle.close()
    return path


class WriteAssociationTable(beam.PTransform):
    """Write the table(s) of a PCollection to ``logdir`` as record ``name``.

    The output is a PCollection of the event file paths written. The
    directory is any path Beam's FileSystems can write.
    """

    def __init__(self, logdir: str, name: str, step: int = 0, description: str | None = None):
        super().__init__()
        if not isinstance(logdir, (str, os.PathLike)) or not str(logdir):
            raise ValueError("logdir must be a path, got %r" % (logdir,))
        self._logdir = os.fspath(logdir)
        self._name = events.check_name(name)
        self._step = events.check_step(step) or 0
        self._description = events.check_description(description)

    def expand(self, tables: Any) -> Any:
        return tables | "Write" >> beam.Map(
            write_table, self._logdir, self._name, self._step, self._description
        )
