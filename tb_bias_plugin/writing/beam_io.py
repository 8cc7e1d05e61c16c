"""Apache Beam plumbing the measures' transforms share (``beam`` extra).

Every measure with a mergeable streaming accumulator offers the same two
transforms: one combines a PCollection of examples into one accumulator
(`CombineExamples` with a `BatchedCombineFn`), one writes each value of a
PCollection to a logdir as a record (`WriteRecords`). What is measure-specific (how an example is
read and added, which payload is built) is passed in; measures never
import each other (docs/architecture.md), so the shared part lives here.
"""

from __future__ import annotations

import io
import os
import time
from typing import Any, Callable, Iterable

import apache_beam as beam
from apache_beam.io.filesystems import FileSystems

from tb_bias_plugin.core.validation import check_integer, is_label
from tb_bias_plugin.writing import events

#: Examples buffered per accumulator before one vectorised update.
DEFAULT_BATCH_SIZE = 2048


def check_batch_size(batch_size: Any) -> int:
    return check_integer(batch_size, "batch_size", low=1)


class Batched:
    """A measure's accumulator and the parsed examples not yet added to it."""

    def __init__(self, value: Any):
        self.value = value
        self.pending: list[Any] = []


class BatchedCombineFn(beam.CombineFn):
    """A `CombineFn` over a measure's mergeable accumulator, fed in batches.

    Adding examples one by one would lose the accumulators' vectorised
    updates, so each Beam accumulator buffers ``batch_size`` parsed examples
    and adds them at once. Subclasses give ``new`` (an empty accumulator),
    ``parse`` (one element, checked; called as it arrives, so a bad element
    fails where it is), ``add_batch`` (parsed examples into an accumulator),
    ``merge`` and ``output``. Each returns the accumulator it changed.

    Parameters
    ----------
    batch_size : int
        Examples buffered before each update.

    Raises
    ------
    ValueError
        ``batch_size`` not a positive integer; whatever ``new`` raises: it
        is called here, so bad arguments fail when the pipeline is built.
    """

    def __init__(self, batch_size: int = DEFAULT_BATCH_SIZE):
        super().__init__()
        self._batch_size = check_batch_size(batch_size)
        self.new()  # validate the accumulator's arguments at pipeline construction

    # What a measure provides --------------------------------------------

    def new(self) -> Any:
        raise NotImplementedError

    def parse(self, element: Any) -> Any:
        raise NotImplementedError

    def add_batch(self, accumulator: Any, batch: list[Any]) -> Any:
        raise NotImplementedError

    def merge(self, accumulator: Any, other: Any) -> Any:
        raise NotImplementedError

    def output(self, accumulator: Any) -> Any:
        raise NotImplementedError

    # CombineFn -------------------------------------------------------------

    def _flush(self, accumulator: Batched) -> Batched:
        if accumulator.pending:
            batch, accumulator.pending = accumulator.pending, []
            accumulator.value = self.add_batch(accumulator.value, batch)
        return accumulator

    def create_accumulator(self) -> Batched:
        return Batched(self.new())

    def add_input(self, accumulator: Batched, element: Any) -> Batched:
        accumulator.pending.append(self.parse(element))
        if len(accumulator.pending) >= self._batch_size:
            self._flush(accumulator)
        return accumulator

    def merge_accumulators(self, accumulators: Iterable[Batched]) -> Batched:
        merged = None
        for accumulator in accumulators:
            self._flush(accumulator)
            merged = accumulator if merged is None else Batched(self.merge(merged.value, accumulator.value))
        return merged if merged is not None else self.create_accumulator()

    def compact(self, accumulator: Batched) -> Batched:
        return self._flush(accumulator)

    def extract_output(self, accumulator: Batched) -> Any:
        return self.output(self._flush(accumulator).value)


def example_named(example_id: Any, position: int | None = None, size: int | None = None) -> str:
    """How an error names one example of a PCollection: by its ``"example_id"``; else, where it is known, by
    its place in the batch a transform made of it (``position`` of ``size``, from 0), which is no index into
    the PCollection: a pipeline keeps no order of its elements.

    Examples
    --------
    >>> example_named("img-7")
    "an example with example_id 'img-7'"
    >>> example_named(None, 192, 512)
    "example 193 of 512 in one of the transform's batches, not a place in the PCollection"
    """
    if example_id is not None:
        return "an example with example_id %r" % (example_id,)
    if position is None or size is None:
        return 'an example without an "example_id"'
    return "example %d of %d in one of the transform's batches, not a place in the PCollection" % (position + 1, size)


def check_group(group: Any, example_id: Any) -> None:
    """An example's ``"group"`` (None for none), checked by its type as it arrives, so that a bad one is said of
    its example (`core.validation.is_label`).

    Raises
    ------
    ValueError
        Naming the example (`example_named`), for a group neither a string nor an integer.
    """
    if group is not None and not is_label(group):
        raise ValueError("%s: its 'group' must be a string or an integer, got %r" % (example_named(example_id), group))


def optional_field(batch: list[tuple], position: int, name: str) -> list[Any] | None:
    """Field ``position`` of every parsed example of a batch, or None when no
    example has it (accumulators take a per-example label for all or none).

    Raises
    ------
    ValueError
        When some examples have it and others do not.
    """
    values = [p[position] for p in batch]
    given = sum(v is not None for v in values)
    if given == 0:
        return None
    if given < len(values):
        raise ValueError("give %r for every example or for none (%d of %d have it)" % (name, given, len(values)))
    return values


class CombineExamples(beam.PTransform):
    """Combine a whole PCollection with a measure's `BatchedCombineFn`: one output.

    The measures' ``Count...`` / ``Accumulate...`` transforms are this with
    their CombineFn; ``label`` names the step in the pipeline graph.
    """

    def __init__(self, combine: BatchedCombineFn, label: str = "Accumulate"):
        super().__init__()
        self._combine = combine
        self._label = label

    def expand(self, examples: Any) -> Any:
        return examples | self._label >> beam.CombineGlobally(self._combine)


def event_file_bytes(name: str, measure: str, number: int, payload: Any, step: int, description: str | None) -> bytes:
    """One TensorBoard event file holding one record, as bytes."""
    from tensorboard.summary.writer.record_writer import RecordWriter

    buffer = io.BytesIO()
    records = RecordWriter(buffer)
    records.write(events.file_version_event("tb_bias_plugin.beam").SerializeToString())
    records.write(events.record_event(name, measure, number, payload, step, description).SerializeToString())
    return buffer.getvalue()


def write_event_file(logdir: str, data: bytes) -> str:
    """Write ``data`` as a new event file under ``logdir`` (any filesystem
    Beam can write: local, gs://, s3://, hdfs://); return its path."""
    # Several workers may write to one logdir: the monotonic clock, host and
    # pid in the name keep their files apart.
    path = FileSystems.join(logdir, events.event_file_name(time.monotonic_ns(), ".tb_bias_beam"))
    if FileSystems.get_scheme(logdir) is None:
        os.makedirs(logdir, exist_ok=True)
    handle = FileSystems.create(path)
    try:
        handle.write(data)
    finally:
        handle.close()
    return path


def write_record(
    value: Any,
    logdir: str,
    name: str,
    step: int,
    description: str | None,
    *,
    measure: str,
    number: int,
    build: Callable[[Any], Any],
) -> str:
    """Build ``value``'s payload and write it as one event file; its path.

    The payload is built (and so validated) before anything is created.
    """
    payload = build(value)
    return write_event_file(logdir, event_file_bytes(name, measure, number, payload, step, description))


class WriteRecords(beam.PTransform):
    """Write every value of a PCollection to ``logdir`` as record ``name``.

    Each value becomes one event file holding one record of ``measure``,
    whose payload is ``build(value)`` (the measure's summary builder). The
    output is a PCollection of the paths written.

    Parameters
    ----------
    logdir : str
        Any path Beam's FileSystems can write (local, gs://, s3://, hdfs://);
        a local one is created if missing.
    name : str
        The tag.
    step : int, default 0
    description : str, optional
        Markdown shown with the data in TensorBoard.
    measure, number, build
        The measure's id, payload field number and payload builder
        (picklable: it runs on the workers).

    Raises
    ------
    ValueError
        For a bad ``logdir``, ``name``, ``step`` or ``description``, when
        the pipeline is built.
    """

    def __init__(
        self,
        logdir: str,
        name: str,
        step: int = 0,
        description: str | None = None,
        *,
        measure: str,
        number: int,
        build: Callable[[Any], Any],
    ):
        super().__init__()
        self._logdir = events.check_logdir(logdir)
        self._step = events.check_header(name, step, description) or 0
        self._name, self._description = name, description
        self._record = dict(measure=measure, number=number, build=build)

    def expand(self, values: Any) -> Any:
        return values | "Write" >> beam.Map(
            write_record, self._logdir, self._name, self._step, self._description, **self._record
        )
