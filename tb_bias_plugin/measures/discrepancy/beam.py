"""Apache Beam transforms: accumulate DIPDI in a pipeline, write the record.

The statistics DIPDI keeps are sums over examples (of the discrepancy d
of every model pair, overall and per group) and counts, so a pipeline
accumulates each bundle with the ordinary `DipdiAccumulator` and merges
the accumulators. Needs the ``beam`` extra (``pip install ".[beam]"``);
docs/large_eval_sets.md shows a pipeline.
"""

from __future__ import annotations

import functools
from typing import Any, Sequence

import numpy as np

from tb_bias_plugin.measures.discrepancy import builder, codec
from tb_bias_plugin.measures.discrepancy.accumulator import DipdiAccumulator
from tb_bias_plugin.measures.discrepancy.dipdi import DEFAULT_PAIRING, first_invalid
from tb_bias_plugin.measures.discrepancy.metadata import MEASURE_ID, PAYLOAD_NUMBER
from tb_bias_plugin.writing import beam_io
from tb_bias_plugin.writing.beam_io import DEFAULT_BATCH_SIZE

_KEYS = ("pool_a", "pool_b", "group", "example_id", "text", "uri")


def parse_pools(element: Any) -> tuple[np.ndarray, np.ndarray, Any, Any, Any, Any]:
    """``(pool_a, pool_b, group, example_id, text, uri)`` of one example of a PCollection.

    An example is a dict with ``"pool_a"`` and ``"pool_b"``, every model's
    prediction for this one example (``[m_a]`` and ``[m_b]``, or ``[m, C]``
    class probabilities, or ``[m, t]`` regression outputs: the layout
    ``dipdi`` takes without the examples axis), and optionally ``"group"``,
    ``"example_id"``, and ``"text"`` and ``"uri"`` (kept for the top
    examples, 200 characters each); missing ones are None.

    Examples
    --------
    >>> a, b, group, example_id, text, uri = parse_pools({"pool_a": [10, 12], "pool_b": [15, 14], "group": "M"})
    >>> a.tolist(), b.tolist(), group, example_id, text
    ([10, 12], [15, 14], 'M', None, None)
    """
    if not isinstance(element, dict) or "pool_a" not in element or "pool_b" not in element or set(element) - set(_KEYS):
        raise ValueError(
            "an example must be a dict with 'pool_a' and 'pool_b' (every model's prediction for it) and "
            "optionally 'group', 'example_id', 'text' and 'uri', got %s"
            % (sorted(element) if isinstance(element, dict) else repr(type(element).__name__))
        )
    a, b = np.asarray(element["pool_a"]), np.asarray(element["pool_b"])
    example_id = element.get("example_id")
    for name, pool in (("pool_a", a), ("pool_b", b)):
        if pool.ndim not in (1, 2) or pool.dtype.kind not in "biuf":
            raise ValueError(
                "%s: its %s must be numbers of shape [models] or [models, outputs], got %s of shape %s"
                % (beam_io.example_named(example_id), name, pool.dtype, pool.shape)
            )
    beam_io.check_group(element.get("group"), example_id)
    return a, b, element.get("group"), example_id, element.get("text"), element.get("uri")


def _stack(batch: list[tuple[np.ndarray, np.ndarray, Any, Any, Any, Any]], position: int, name: str) -> np.ndarray:
    """One pool of a batch, ``[m, k, ...]``, from its examples' ``[m, ...]``."""
    first = batch[0][position].shape
    odd = next((i for i, p in enumerate(batch) if p[position].shape != first), None)
    if odd is not None:
        raise ValueError("%s: its %s has shape %s, another example of its batch %s: the examples' %s have different "
                         "shapes" % (beam_io.example_named(batch[odd][3], odd, len(batch)), name,
                                     batch[odd][position].shape, first, name))
    return np.stack([p[position] for p in batch], axis=1)


def _located(error: ValueError, batch: list[Any], pools: tuple[np.ndarray, np.ndarray], discrepancy: str,
             from_logits: bool) -> ValueError:
    """The accumulator's error about a batch this transform made, said of the example with the first invalid
    value (by its id, `beam_io.example_named`), not of its place in the batch; any other error as it is."""
    for name, pool in zip(("pool_a", "pool_b"), pools):
        bad = first_invalid(pool, discrepancy, from_logits)
        if bad is not None:
            hint = "; for logits pass from_logits=True" if bad.not_a_probability else ""
            return ValueError("%s: its %s has %s (model %d)%s%s" % (
                beam_io.example_named(batch[bad.example][3], bad.example, len(batch)), name, bad.problem, bad.model,
                bad.shown_value(), hint))
    return error


def _texts(batch: list[Any], position: int) -> list[Any] | None:
    """A batch's texts (or URIs): None when no example has one, else one per example (None for none)."""
    values = [p[position] for p in batch]
    return None if all(v is None for v in values) else values


class DiscrepancyCombineFn(beam_io.BatchedCombineFn):
    """Accumulates examples into a `DipdiAccumulator`; outputs the accumulator.

    The arguments are those of `DipdiAccumulator`, plus ``batch_size``:
    examples buffered before each vectorised update. With ``top_k > 0``
    every example needs an ``"example_id"``: the accumulator's default id,
    an example's position, means nothing once a pipeline has split the
    examples into bundles.
    """

    def __init__(
        self,
        *,
        discrepancy: str | None = None,
        pairing: str = DEFAULT_PAIRING,
        from_logits: bool = False,
        top_k: int = 0,
        batch_size: int = DEFAULT_BATCH_SIZE,
    ):
        self._kwargs: dict[str, Any] = dict(discrepancy=discrepancy, pairing=pairing, from_logits=from_logits, top_k=top_k)
        super().__init__(batch_size)

    def new(self) -> DipdiAccumulator:
        return DipdiAccumulator(**self._kwargs)

    def parse(self, element: Any) -> tuple[np.ndarray, np.ndarray, Any, Any, Any, Any]:
        parsed = parse_pools(element)
        if self._kwargs["top_k"] and parsed[3] is None:
            raise ValueError(
                "with top_k > 0 every example needs an 'example_id': positions are not stable across a pipeline's bundles"
            )
        return parsed

    def add_batch(self, accumulator: DipdiAccumulator, batch: list[Any]) -> DipdiAccumulator:
        pools = _stack(batch, 0, "pool_a"), _stack(batch, 1, "pool_b")
        try:
            return accumulator.update(
                *pools,
                groups=beam_io.optional_field(batch, 2, "group"),
                example_ids=beam_io.optional_field(batch, 3, "example_id"),
                example_text=_texts(batch, 4),
                example_uris=_texts(batch, 5),
            )
        except ValueError as e:
            raise _located(e, batch, pools, self._kwargs["discrepancy"], self._kwargs["from_logits"]) from None

    def merge(self, accumulator: DipdiAccumulator, other: DipdiAccumulator) -> DipdiAccumulator:
        return accumulator.merge(other)

    def output(self, accumulator: DipdiAccumulator) -> DipdiAccumulator:
        return accumulator


class AccumulateDiscrepancy(beam_io.CombineExamples):
    """Accumulate a PCollection of examples into one `DipdiAccumulator`.

    Parameters
    ----------
    discrepancy, pairing, from_logits, top_k
        As for `DipdiAccumulator` (keyword arguments).
    batch_size : int, default 2048
        Examples buffered before each vectorised update.

    Examples are dicts ``{"pool_a": [m_a, ...], "pool_b": [m_b, ...],
    "group": ..., "example_id": ...}`` (see `parse_pools`). The output is a
    PCollection of one accumulator: ``result()`` gives DIPDI, and
    `WriteDiscrepancy` logs it.

    Raises
    ------
    ValueError
        For arguments `DipdiAccumulator` rejects or a bad ``batch_size``,
        when the pipeline is built.
    """

    def __init__(self, *, discrepancy: str | None = None, pairing: str = DEFAULT_PAIRING, from_logits: bool = False, top_k: int = 0,
                 batch_size: int = DEFAULT_BATCH_SIZE):
        super().__init__(DiscrepancyCombineFn(discrepancy=discrepancy, pairing=pairing, from_logits=from_logits,
                                              top_k=top_k, batch_size=batch_size))


class WriteDiscrepancy(beam_io.WriteRecords):
    """Write the accumulator(s) of a PCollection to ``logdir`` as record ``name``.

    Each accumulator, such as `AccumulateDiscrepancy` outputs, is logged
    as ``summary.prediction_discrepancy(name, accumulator, pool_names=...)``
    would log it, in an event file of its own. The output is a PCollection
    of the event file paths written.

    Parameters
    ----------
    logdir, name, step, description
        Where, under which tag and step, and with what Markdown the records
        are written, as in `tb_bias_plugin.writing.beam_io.WriteRecords`.
    pool_names : two str, default ("A", "B")
        Shown in TensorBoard (models are named A1, A2, ..., B1, ...).

    Raises
    ------
    ValueError
        For a bad ``logdir`` (e.g. a local file), ``name``, ``step``,
        ``description`` or ``pool_names``, when the pipeline is built; for
        an accumulator of no examples (an empty PCollection accumulated),
        when it runs.

    Examples
    --------
    Two models per pool on four examples of two groups:

    >>> import os, tempfile
    >>> import apache_beam as beam
    >>> examples = [{"pool_a": [0.1, 0.3], "pool_b": [0.6, 0.2], "group": group} for group in "fmfm"]
    >>> logdir = tempfile.mkdtemp()
    >>> with beam.Pipeline() as pipeline:  # the DirectRunner
    ...     _ = (pipeline
    ...          | beam.Create(examples)
    ...          | AccumulateDiscrepancy()
    ...          | WriteDiscrepancy(logdir, "dipdi", pool_names=("seed 1", "seed 2")))
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
        pool_names: Sequence[str] = builder.DEFAULT_POOL_NAMES,
    ):
        build = functools.partial(builder.prediction_discrepancy, pool_names=codec.check_pool_names(pool_names))
        super().__init__(logdir, name, step, description, measure=MEASURE_ID, number=PAYLOAD_NUMBER, build=build)
