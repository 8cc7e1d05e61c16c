"""Association tables to the stored payload message, and back."""

from __future__ import annotations

from typing import Any, Union

import numpy as np

from tb_bias_plugin.measures.association import messages
from tb_bias_plugin.measures.association.metrics import METRICS
from tb_bias_plugin.measures.association.table import AssociationTable, PrecomputedTable, metric_families
from tb_bias_plugin.storage import arrays
from tb_bias_plugin.storage.arrays import ArraySpec, pack

Table = Union[AssociationTable, PrecomputedTable]


def encode_table(table: Table) -> Any:
    """The ``Table`` payload message of an `AssociationTable` or `PrecomputedTable`."""
    message = messages.Table(version=1)
    message.label_names.extend(table.label_names)
    if isinstance(table, AssociationTable):
        message.kind = messages.COUNTS
        message.identity_names.extend(table.identity_names)
        message.thresholds.extend(table.thresholds)
        message.num_examples = table.num_examples
        message.identity_label_index.extend(int(i) for i in table.identity_label_index)
        message.expected_counts = table.expected_counts
        pack(message.label_counts, table.label_counts)
        pack(message.identity_counts, table.identity_counts)
        pack(message.cooccurrence, table.cooccurrence)
        pack(message.identity_cooccurrence, table.identity_cooccurrence)
    elif isinstance(table, PrecomputedTable):
        message.kind = messages.PRECOMPUTED
        message.metric_names.extend(table.metric_names)
        pack(message.values, table.values)
    else:
        raise TypeError("expected an AssociationTable or PrecomputedTable, got %r" % type(table).__name__)
    return message


def _check_kind(message: Any) -> None:
    if message.kind not in (messages.COUNTS, messages.PRECOMPUTED):
        raise ValueError("tb_bias table has unknown kind %d" % message.kind)


def describe(message: Any) -> dict[str, Any]:
    """What the ``runs`` listing says of a table, without decompressing its
    arrays (their headers are checked: a table that cannot be read is listed so)."""
    _check_kind(message)
    arrays.check(array_specs(message))
    if message.kind == messages.PRECOMPUTED:
        families, identities = metric_families(list(message.metric_names))
        return {
            "kind": "precomputed",
            "format": "tb_bias",
            "identities": identities,
            "thresholds": [],
            "num_labels": len(message.label_names),
            "metrics": list(families),
        }
    return {
        "kind": "counts",
        "format": "tb_bias",
        "identities": list(message.identity_names),
        "thresholds": list(message.thresholds),
        "num_labels": len(message.label_names),
        "metrics": list(METRICS),
    }


def array_specs(message: Any) -> list[tuple[Any, ArraySpec]]:
    """What each stored array of a table must be: shapes follow from the
    names the table declares (the one place that says so)."""
    num_labels = len(message.label_names)
    if message.kind == messages.COUNTS:
        t, k = len(message.thresholds), len(message.identity_names)
        # tables from version 1 have no expected_counts: integers
        identity_dtype = np.float64 if message.expected_counts else np.int64
        return [
            (message.label_counts, ArraySpec("label_counts", np.int64, (t, num_labels))),
            (message.identity_counts, ArraySpec("identity_counts", identity_dtype, (t, k))),
            (message.cooccurrence, ArraySpec("cooccurrence", identity_dtype, (t, k, num_labels))),
            (message.identity_cooccurrence, ArraySpec("identity_cooccurrence", identity_dtype, (t, k, k))),
        ]
    return [(message.values, ArraySpec("values", np.float64, (num_labels, len(message.metric_names))))]


def decode(message: Any) -> Table:
    """The table in a payload message.

    Raises
    ------
    ValueError
        If the message is not a table this build can read.
    """
    _check_kind(message)
    # Every header is checked before any array is inflated: a corrupt
    # header cannot make us allocate gigabytes.
    found = arrays.read(array_specs(message))
    if message.kind == messages.COUNTS:
        return AssociationTable(
            label_names=list(message.label_names),
            identity_names=list(message.identity_names),
            thresholds=list(message.thresholds),
            num_examples=message.num_examples,
            label_counts=found["label_counts"],
            identity_counts=found["identity_counts"],
            cooccurrence=found["cooccurrence"],
            identity_cooccurrence=found["identity_cooccurrence"],
            identity_label_index=list(message.identity_label_index),
        )
    return PrecomputedTable(
        label_names=list(message.label_names),
        metric_names=list(message.metric_names),
        values=found["values"],
    )


def nbytes(table: Table) -> int:
    """Approximate memory of a decoded table, for the cache budget."""
    if isinstance(table, AssociationTable):
        held: tuple = (table.label_counts, table.identity_counts, table.cooccurrence, table.identity_cooccurrence)
    else:
        held = (table.values,)
    return sum(np.asarray(a).nbytes for a in held) + 64 * len(table.label_names)
