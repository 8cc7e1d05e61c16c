"""The summaries the association measure writes.

Each builder validates its arguments and returns the payload message; the
writing layer (``tb_bias_plugin.summary``) adds the name, step and
description and writes it with or without TensorFlow.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from tb_bias_plugin.core.validation import MAX_NAME, check_names, difference
from tb_bias_plugin.measures.association.codec import encode_table
from tb_bias_plugin.measures.association.counting import CooccurrenceCounter
from tb_bias_plugin.measures.association.sampling import DEFAULT_EXAMPLES_PER_CELL
from tb_bias_plugin.measures.association.table import (
    DEFAULT_THRESHOLDS,
    AssociationTable,
    PrecomputedTable,
    check_thresholds,
)


def as_association_table(
    predictions_or_counter: Any,
    *,
    label_names: Sequence[str] | None = None,
    identity_labels: Sequence[str] | None = None,
    identities: Any = None,
    thresholds: Any = None,
    example_ids: Any = None,
    example_text: Any = None,
    example_uris: Any = None,
) -> AssociationTable:
    """Turn predictions, a counter or a table into a validated `AssociationTable`.

    Raises ValueError for anything inconsistent; nothing is written.
    """
    source = predictions_or_counter
    if isinstance(source, CooccurrenceCounter):
        source = source.table()
    if isinstance(source, AssociationTable):
        # a table built by hand (or a counter of an older build) meets the counter's rule for names
        check_names(source.label_names, "label_names", max_length=MAX_NAME)
        check_names(source.identity_names, "identity_labels", max_length=MAX_NAME)
        if identities is not None:
            raise ValueError("identities= goes with raw predictions, not with a counter or table")
        if (example_ids, example_text, example_uris) != (None, None, None):
            raise ValueError(
                "example_ids, example_text and example_uris go with raw predictions; give them to the "
                "counter's update() instead"
            )
        for given, have, what in (
            (label_names, source.label_names, "label_names"),
            (identity_labels, source.identity_names, "identity_labels"),
        ):
            if given is not None and tuple(given) != have:
                raise ValueError("%s differ from the counter's, %s" % (what, difference(given, have)))
        if thresholds is not None and check_thresholds(thresholds) != source.thresholds:
            raise ValueError("thresholds differ from the counter's, %s"
                             % difference(check_thresholds(thresholds), source.thresholds))
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
        examples_per_cell=DEFAULT_EXAMPLES_PER_CELL if example_ids is not None else 0,
    )
    counter.update(source, identities=identities, example_ids=example_ids, example_text=example_text,
                   example_uris=example_uris)
    return counter.table()


def association_table(
    predictions_or_counter: Any,
    *,
    label_names: Sequence[str] | None = None,
    identity_labels: Sequence[str] | None = None,
    identities: Any = None,
    thresholds: Any = None,
    example_ids: Any = None,
    example_text: Any = None,
    example_uris: Any = None,
) -> Any:
    """The payload of an association table: co-occurrence counts of predicted labels and identities.

    Validates the arguments of :meth:`tb_bias_plugin.summary.Writer.association_table`
    (documented there, with the ValueErrors raised) and returns the message.
    """
    return encode_table(
        as_association_table(
            predictions_or_counter,
            label_names=label_names,
            identity_labels=identity_labels,
            identities=identities,
            thresholds=thresholds,
            example_ids=example_ids,
            example_text=example_text,
            example_uris=example_uris,
        )
    )


def metric_table(values: Any, *, label_names: Sequence[str], metric_names: Sequence[str]) -> Any:
    """The payload of per-label metric values computed elsewhere.

    Validates the arguments of :meth:`tb_bias_plugin.summary.Writer.metric_table`
    (documented there, with the ValueErrors raised) and returns the message.
    """
    table = PrecomputedTable(label_names, metric_names, values)  # its values checked too, as when read back
    if np.asarray(values).dtype == bool:
        raise ValueError("values must be numbers, got booleans")
    check_names(table.label_names, "label_names", max_length=MAX_NAME)  # as the counter's: a route may name them
    check_names(table.identity_names, "the identities of metric_names", max_length=MAX_NAME)
    check_names(table.families, "the metrics of metric_names", max_length=MAX_NAME)
    return encode_table(table)
