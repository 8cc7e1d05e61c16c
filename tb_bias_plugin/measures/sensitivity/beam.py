"""Apache Beam transforms: aggregate prediction sensitivity in a pipeline, write the record.

P is computed per example upstream (``accumulated_sensitivity`` in a
``beam.Map`` over batches, say); these transforms gather the P values into
the ordinary `SensitivityAccumulator`, bundle by bundle, and merge the
accumulators: every P value is kept, so the aggregates stay exact, and the
kept examples are the top-K and a uniform sample of the whole collection.
Needs the ``beam`` extra (``pip install ".[beam]"``);
docs/large_eval_sets.md shows a pipeline.
"""

from __future__ import annotations

import functools
import numbers
import secrets
from typing import Any, Sequence

from tb_bias_plugin.core.example_text import short_strings
from tb_bias_plugin.core.validation import MAX_NAME, check_integer, check_name, check_names
from tb_bias_plugin.measures.sensitivity import builder
from tb_bias_plugin.measures.sensitivity.aggregates import SensitivityAccumulator, p_problem
from tb_bias_plugin.measures.sensitivity.collect import LoggedText
from tb_bias_plugin.measures.sensitivity.metadata import MEASURE_ID, PAYLOAD_NUMBER
from tb_bias_plugin.measures.sensitivity.sensitivity import check_stochastic
from tb_bias_plugin.writing import beam_io
from tb_bias_plugin.writing.beam_io import DEFAULT_BATCH_SIZE

_KEYS = ("P", "example_id", "group", "pred_class", "detail", "text", "uri")


def parse_sensitivity(element: Any) -> tuple[float, Any, Any, Any, Any, Any, Any]:
    """``(P, example_id, group, pred_class, detail, text, uri)`` of one example of a PCollection.

    An example is a dict with ``"P"`` (a number, NaN where undefined) and
    optionally ``"example_id"``, ``"group"``, ``"pred_class"``,
    ``"detail"`` (kept only for retained examples, as
    `SensitivityAccumulator.update`'s ``details``), and ``"text"`` and
    ``"uri"`` (shown beside a retained example, 200 characters each kept;
    with no ``"detail"``); or, for short, a bare number (P alone).
    Missing ones are None.

    Examples
    --------
    >>> parse_sensitivity({"P": 0.25, "example_id": "a", "group": "f"})
    (0.25, 'a', 'f', None, None, None, None)
    >>> parse_sensitivity(0.5)
    (0.5, None, None, None, None, None, None)
    """
    if isinstance(element, dict):
        if "P" not in element or set(element) - set(_KEYS):
            raise ValueError(
                "an example must be a dict with 'P' and optionally %s, got keys %s"
                % (", ".join(repr(k) for k in _KEYS[1:]), sorted(element))
            )
        p = element["P"]
        rest = tuple(element.get(key) for key in _KEYS[1:])
    else:
        p, rest = element, (None,) * (len(_KEYS) - 1)
    example = beam_io.example_named(rest[0])
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise ValueError("%s: its 'P' must be a number (NaN where undefined), got %r" % (example, p))
    problem = p_problem(float(p))  # said of its example here, not of a place in a batch by the accumulator
    if problem is not None:
        raise ValueError("%s: %s" % (example, problem))
    beam_io.check_group(rest[1], rest[0])
    return (float(p),) + rest  # type: ignore[return-value]


def _names(names: Any, what: str) -> list[str] | None:
    """The collector's rule for names, when the pipeline is built rather than at its end."""
    return None if names is None else list(check_names(names, what))


def _count(value: Any, name: str) -> int:
    return check_integer(value, name, low=0)


def _details(batch: list[Any]) -> list[Any] | None:
    """The batch's details; where examples carry a text or URI instead, a `LoggedText` of them."""
    details = beam_io.optional_field(batch, 4, "detail")
    texts = short_strings([p[5] for p in batch], len(batch), "text")
    uris = short_strings([p[6] for p in batch], len(batch), "uri")
    assert texts is not None and uris is not None
    if not any(texts) and not any(uris):
        return details
    if details is not None:
        raise ValueError("give an example's text and uri in its 'detail' (ExampleDetail) or as keys, not both")
    return [LoggedText(t, u) for t, u in zip(texts, uris)]


class SensitivityCombineFn(beam_io.BatchedCombineFn):
    """Gathers examples' P into a `SensitivityAccumulator`; outputs the accumulator.

    The arguments are those of `SensitivityAccumulator` except ``seed``,
    plus ``batch_size``: examples buffered before each update. There is no
    seed because bundles differ from run to run, so the sample could not be
    reproduced anyway; each bundle's sampler draws a fresh seed, since one
    seed in every bundle would pick the same positions in each. Whenever
    examples are kept (``top_k`` or ``reservoir_size`` > 0) every example
    needs an ``"example_id"``: the accumulator's default id, an example's
    position, means nothing once a pipeline has split the examples.
    """

    def __init__(self, *, top_k: int = builder.DEFAULT_TOP_K, reservoir_size: int = builder.DEFAULT_SAMPLE_SIZE,
                 batch_size: int = DEFAULT_BATCH_SIZE):
        self._top_k = _count(top_k, "top_k")
        self._reservoir_size = _count(reservoir_size, "reservoir_size")
        super().__init__(batch_size)

    def new(self) -> SensitivityAccumulator:
        return SensitivityAccumulator(self._top_k, self._reservoir_size, seed=secrets.randbits(64))

    def parse(self, element: Any) -> tuple[float, Any, Any, Any, Any, Any, Any]:
        parsed = parse_sensitivity(element)
        if (self._top_k or self._reservoir_size) and parsed[1] is None:
            raise ValueError(
                "every example needs an 'example_id' when examples are kept (top_k or reservoir_size > 0): "
                "positions are not stable across a pipeline's bundles; with top_k=0 and reservoir_size=0 none is "
                "kept, and P alone (a bare number) is an example"
            )
        return parsed

    def add_batch(self, accumulator: SensitivityAccumulator, batch: list[Any]) -> SensitivityAccumulator:
        accumulator.update(
            [p[0] for p in batch],
            example_ids=beam_io.optional_field(batch, 1, "example_id"),
            groups=beam_io.optional_field(batch, 2, "group"),
            pred_class=beam_io.optional_field(batch, 3, "pred_class"),
            details=_details(batch),
        )
        return accumulator

    def merge(self, accumulator: SensitivityAccumulator, other: SensitivityAccumulator) -> SensitivityAccumulator:
        accumulator.merge(other)
        return accumulator

    def output(self, accumulator: SensitivityAccumulator) -> SensitivityAccumulator:
        return accumulator


class AccumulateSensitivity(beam_io.CombineExamples):
    """Gather a PCollection of examples' P into one `SensitivityAccumulator`.

    Parameters
    ----------
    top_k : int, default 10
        Most sensitive examples kept.
    reservoir_size : int, default 200
        Uniform sample of examples kept.
    batch_size : int, default 2048
        Examples buffered before each update.

    Examples are dicts ``{"P": ..., "example_id": ..., "group": ...,
    "pred_class": ..., "detail": ..., "text": ..., "uri": ...}`` (see
    `parse_sensitivity`). Every example needs its ``"example_id"`` while
    examples are kept (``top_k`` or ``reservoir_size`` > 0, the
    defaults); with ``top_k=0`` and ``reservoir_size=0`` an id is not
    needed and an example may be a bare number (its P). The output is a
    PCollection of one accumulator: ``result()`` gives the aggregates,
    and `WriteSensitivity` logs it.

    Raises
    ------
    ValueError
        For a negative or non-integer ``top_k``, ``reservoir_size`` or
        ``batch_size``, when the pipeline is built; for an example without
        an ``"example_id"`` while examples are kept, when it runs.
    """

    def __init__(self, *, top_k: int = builder.DEFAULT_TOP_K, reservoir_size: int = builder.DEFAULT_SAMPLE_SIZE,
                 batch_size: int = DEFAULT_BATCH_SIZE):
        super().__init__(SensitivityCombineFn(top_k=top_k, reservoir_size=reservoir_size, batch_size=batch_size))


class WriteSensitivity(beam_io.WriteRecords):
    """Write the accumulator(s) of a PCollection to ``logdir`` as record ``name``.

    Each accumulator, such as `AccumulateSensitivity` outputs, is logged
    as ``summary.prediction_sensitivity(name, accumulator, v_name=...,
    ...)`` would log it, one v choice named ``v_name``, in an event file of
    its own. The output is a PCollection of the event file paths written.

    Parameters
    ----------
    logdir, name, step, description
        Where, under which tag and step, and with what Markdown the records
        are written, as in `tb_bias_plugin.writing.beam_io.WriteRecords`.
    v_name : str, default "P"
        Name of the v choice P was computed with.
    class_names, feature_names : sequence of str, optional
        Names of the K classes and (tabular) of the F features: unique,
        non-empty strings.
    w : array_like, ``[K]``, optional
        The class weights P was computed with (shown with the values).

    Raises
    ------
    ValueError
        For a bad ``logdir`` (e.g. a local file), ``name``, ``step``,
        ``description``, ``v_name``, ``class_names``, ``feature_names`` or
        ``w`` (not a distribution), when the pipeline is built; when it
        runs, for an accumulator of no examples (an empty PCollection
        accumulated), or one that disagrees with ``class_names`` or ``w``
        (a ``"pred_class"`` of another K, class names and ``w`` for two
        numbers of classes).

    Examples
    --------
    Three examples' P (computed upstream), with no examples kept, so that
    they need no ids:

    >>> import os, tempfile
    >>> import apache_beam as beam
    >>> logdir = tempfile.mkdtemp()
    >>> with beam.Pipeline() as pipeline:  # the DirectRunner
    ...     _ = (pipeline
    ...          | beam.Create([0.12, 0.4, 0.05])
    ...          | AccumulateSensitivity(top_k=0, reservoir_size=0)
    ...          | WriteSensitivity(logdir, "sensitivity", v_name="uniform"))
    >>> len(os.listdir(logdir))
    1
    """

    def __init__(
        self,
        logdir: str,
        name: str,
        step: int = 0,
        description: str | None = None,
        *,
        v_name: str = builder.DEFAULT_V_NAME,
        class_names: Sequence[str] | None = None,
        feature_names: Sequence[str] | None = None,
        w: Any = None,
    ):
        check_name(v_name, "v_name", max_length=MAX_NAME)
        build = functools.partial(
            builder.prediction_sensitivity,
            v_name=v_name,
            class_names=_names(class_names, "class_names"),
            feature_names=_names(feature_names, "feature_names"),
            w=None if w is None else check_stochastic(w, "w"),
        )
        super().__init__(logdir, name, step, description, measure=MEASURE_ID, number=PAYLOAD_NUMBER, build=build)
