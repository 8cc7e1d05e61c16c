"""Apache Beam transforms: count label associations in a pipeline, write the table.

Counts are sums over examples, so a pipeline counts each bundle with the
ordinary `CooccurrenceCounter` and merges the counters (exactly: integers
add in any order; expected counts of soft identities, to float rounding).
So are the samples of examples per cell (``examples_per_cell``): a
bottom-k sample by id hash, which merges exactly.
Needs the ``beam`` extra (``pip install ".[beam]"``). docs/large_eval_sets.md shows a pipeline
on the DirectRunner, Dataflow, Flink and Spark.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from tb_bias_plugin.measures.association import builder
from tb_bias_plugin.measures.association.counting import CooccurrenceCounter
from tb_bias_plugin.measures.association.inputs import UNKNOWN_OPTION, about_row
from tb_bias_plugin.measures.association.metadata import MEASURE_ID, PAYLOAD_NUMBER
from tb_bias_plugin.measures.association.sampling import DEFAULT_BUDGET_BYTES
from tb_bias_plugin.measures.association.table import AssociationTable
from tb_bias_plugin.writing import beam_io
from tb_bias_plugin.writing.beam_io import DEFAULT_BATCH_SIZE

_KINDS = ("labels", "label_indices", "scores")
#: Optional keys: the example's identities, and its id, text and URI for the sample.
_OPTIONAL = ("identities", "example_id", "text", "uri")


def parse_example(element: Any) -> tuple[str, Any, Any, Any]:
    """``(kind, predictions, identities, example)`` of one example of a PCollection.

    An example is a dict with exactly one of ``"labels"`` (label names),
    ``"label_indices"`` (columns into ``label_names``) or ``"scores"`` (a
    dense row of L scores or 0/1), and optionally ``"identities"`` (names,
    a name, None, or a row of k values) and ``"example_id"`` with
    optionally ``"text"`` and ``"uri"`` (``example`` is then ``(id, text,
    uri)``, else None); or, for short, a bare list of label names or a bare
    1-D array of scores.

    Examples
    --------
    >>> parse_example({"labels": ["nurse", "woman"]})
    ('labels', ['nurse', 'woman'], None, None)
    >>> parse_example({"label_indices": [3, 7], "identities": "female", "example_id": "img-7", "text": "a nurse"})
    ('label_indices', [3, 7], 'female', ('img-7', 'a nurse', None))
    """
    if isinstance(element, dict):
        kinds = [kind for kind in _KINDS if kind in element]
        unknown = set(element) - set(_KINDS) - set(_OPTIONAL)
        if len(kinds) != 1 or unknown:
            raise ValueError(
                "an example needs exactly one of %s (and optionally %s), got keys %s"
                % (", ".join(repr(k) for k in _KINDS), ", ".join(repr(k) for k in _OPTIONAL), sorted(element))
            )
        example = None
        if "example_id" in element:
            example = (element["example_id"], element.get("text"), element.get("uri"))
        elif "text" in element or "uri" in element:
            raise ValueError("an example's 'text' and 'uri' need its 'example_id'")
        return kinds[0], element[kinds[0]], element.get("identities"), example
    if isinstance(element, np.ndarray) and element.ndim == 1 and element.dtype.kind in "biuf":
        return "scores", element, None, None
    if isinstance(element, (list, tuple)) and all(isinstance(name, str) for name in element):
        return "labels", list(element), None, None
    raise ValueError(
        "an example must be a dict such as {'labels': [...], 'identities': ...}, a list of "
        "label names or a 1-D array of scores, got %r" % type(element).__name__
    )


def _add_group(counter: CooccurrenceCounter, kind: str, group: list, attributes: bool, with_ids: bool) -> None:
    try:
        _update(counter, kind, group, attributes, with_ids)
    except ValueError as e:
        raise _located(e, group) from None


def _located(error: ValueError, group: list) -> ValueError:
    """The counter's error about a row of the batch this transform made, said of the example (and its
    id) and of the transform's own option."""
    found = about_row(error)
    if found is None:
        return error
    what, index, rest = found
    return ValueError("%s (its %s): %s" % (
        _named(group, index), {"predictions": "predictions", "identities": '"identities"'}.get(what, what),
        rest.replace(UNKNOWN_OPTION, "pass unknown_labels='ignore' to CountAssociations")))


def _named(group: list, index: int) -> str:
    """Example ``index`` of a group of parsed examples, as an error names it (`beam_io.example_named`)."""
    return beam_io.example_named(group[index][3][0] if group[index][3] is not None else None, index, len(group))


def _update(counter: CooccurrenceCounter, kind: str, group: list, attributes: bool, with_ids: bool) -> None:
    predictions = [p[1] for p in group]
    values = [p[2] for p in group]
    # rows of numbers or of names alike go to the counter as a list, whose errors name the row; without
    # attributes it refuses identities, saying why (they come from the labels)
    identities = values if attributes or any(v is not None for v in values) else None
    examples: dict[str, Any] = {}
    if with_ids:
        examples["example_ids"] = [p[3][0] for p in group]
        for key, i in (("example_text", 1), ("example_uris", 2)):
            values = [p[3][i] for p in group]
            examples[key] = values if any(v is not None for v in values) else None
    if kind == "labels":
        counter.update(predictions, identities=identities, **examples)
    elif kind == "label_indices":
        counter.update_indices(predictions, identities=identities, **examples)
    else:
        rows = [np.asarray(p) for p in predictions]
        for i, row in enumerate(rows):
            if row.dtype.kind not in "biuf":
                raise ValueError('%s: its "scores" must be numbers, one per label name (%d); got %s' % (
                    _named(group, i), len(counter.label_names), "strings" if row.dtype.kind in "US" else row.dtype))
            if row.shape != (len(counter.label_names),):
                raise ValueError('%s: its "scores" has shape %s; it must be one score per label name (%d)'
                                 % (_named(group, i), row.shape, len(counter.label_names)))
        counter.update(np.stack(rows), identities=identities, **examples)


class AssociationCombineFn(beam_io.BatchedCombineFn):
    """Counts examples into a `CooccurrenceCounter`; outputs its `AssociationTable`.

    The arguments are those of `CooccurrenceCounter`, plus ``batch_size``:
    examples buffered before each vectorised update. Examples with an
    ``"example_id"`` need ``examples_per_cell`` > 0.
    """

    def __init__(
        self,
        label_names: Sequence[str],
        identity_labels: Sequence[str],
        thresholds: Any = builder.DEFAULT_THRESHOLDS,
        *,
        identities_from: str | None = None,
        unknown_labels: str = "raise",
        soft_identities: bool = False,
        examples_per_cell: int = 0,
        example_budget_bytes: int = DEFAULT_BUDGET_BYTES,
        batch_size: int = DEFAULT_BATCH_SIZE,
    ):
        self._kwargs = dict(
            label_names=label_names,
            identity_labels=identity_labels,
            thresholds=thresholds,
            identities_from=identities_from,
            unknown_labels=unknown_labels,
            soft_identities=soft_identities,
            examples_per_cell=examples_per_cell,
            example_budget_bytes=example_budget_bytes,
        )
        super().__init__(batch_size)
        self._attributes = self.new_counter().identities_from == "attributes"

    def new_counter(self) -> CooccurrenceCounter:
        return CooccurrenceCounter(**self._kwargs)

    new = new_counter

    def parse(self, element: Any) -> tuple[str, Any, Any, Any]:
        parsed = parse_example(element)
        identities = parsed[2]
        if self._attributes and not (
                identities is None or isinstance(identities, (str, bytes, list, tuple, np.ndarray))):
            # the counter would take the batch of them for an array of another shape, naming no example
            raise ValueError('%s: its "identities" must be identity names (a str or a list of them), None, or a '
                             "row of %d values; got %r" % (beam_io.example_named(parsed[3] and parsed[3][0]),
                                                            len(self._kwargs["identity_labels"]), identities))
        return parsed

    def add_batch(self, counter: CooccurrenceCounter, batch: list[tuple[str, Any, Any, Any]]) -> CooccurrenceCounter:
        # One vectorised update per kind of example in the batch, and per
        # whether examples carry ids (the sample does not depend on order).
        attributes = counter.identities_from == "attributes"
        for kind in _KINDS:
            for with_ids in (False, True):
                group = [p for p in batch if p[0] == kind and (p[3] is not None) == with_ids]
                if group:
                    _add_group(counter, kind, group, attributes, with_ids)
        return counter

    def merge(self, counter: CooccurrenceCounter, other: CooccurrenceCounter) -> CooccurrenceCounter:
        return counter.merge(other)

    def output(self, counter: CooccurrenceCounter) -> AssociationTable:
        return counter.table()


class CountAssociations(beam_io.CombineExamples):
    """Count a PCollection of examples into one `AssociationTable`.

    Parameters
    ----------
    label_names, identity_labels, thresholds
        As for `CooccurrenceCounter`; ``identities_from``,
        ``unknown_labels``, ``soft_identities``, ``examples_per_cell``,
        ``example_budget_bytes`` and ``batch_size`` are keyword arguments.

    Examples are dicts ``{"labels" | "label_indices" | "scores": ...,
    "identities": ..., "example_id": ..., "text": ..., "uri": ...}`` (see
    `parse_example`). The output is a PCollection of one table.
    """

    def __init__(self, label_names: Sequence[str], identity_labels: Sequence[str], thresholds: Any = builder.DEFAULT_THRESHOLDS,
                 **kwargs: Any):
        super().__init__(AssociationCombineFn(label_names, identity_labels, thresholds, **kwargs), label="Count")


class WriteAssociationTable(beam_io.WriteRecords):
    """Write the table(s) of a PCollection to ``logdir`` as record ``name``.

    Each table (or `CooccurrenceCounter`), such as `CountAssociations`
    outputs, is logged as ``summary.association_table(name, table)`` would
    log it, in an event file of its own. The output is a PCollection of the
    event file paths written.

    Parameters
    ----------
    logdir, name, step, description
        Where, under which tag and step, and with what Markdown the records
        are written, as in `tb_bias_plugin.writing.beam_io.WriteRecords`.

    Raises
    ------
    ValueError
        For a bad ``logdir`` (e.g. a local file), ``name``, ``step`` or
        ``description``, when the pipeline is built; for a table of no
        examples (an empty PCollection counted), when it runs.

    Examples
    --------
    >>> import os, tempfile
    >>> import apache_beam as beam
    >>> logdir = tempfile.mkdtemp()
    >>> with beam.Pipeline() as pipeline:  # the DirectRunner
    ...     _ = (pipeline
    ...          | beam.Create([{"labels": ["man", "bike"]}, {"labels": ["woman"]}, {"labels": ["man"]}])
    ...          | CountAssociations(["man", "woman", "bike"], ["man", "woman"])
    ...          | WriteAssociationTable(logdir, "gender", step=3))
    >>> len(os.listdir(logdir))
    1
    """

    def __init__(self, logdir: str, name: str, step: int = 0, description: str | None = None):
        super().__init__(
            logdir, name, step, description, measure=MEASURE_ID, number=PAYLOAD_NUMBER, build=builder.association_table
        )
