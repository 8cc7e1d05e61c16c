"""Association tables to the stored payload message, and back."""

from __future__ import annotations

from typing import Any, Union

import numpy as np

from tb_bias_plugin.core.validation import check_names, check_stored_names
from tb_bias_plugin.measures.association import messages, sampling
from tb_bias_plugin.measures.association.metrics import METRICS
from tb_bias_plugin.measures.association.sampling import CellExamples
from tb_bias_plugin.measures.association.table import (
    AssociationTable,
    PrecomputedTable,
    check_counts_size,
    check_identity_label_index,
    check_identity_names,
    check_thresholds,
    check_values_size,
    metric_families,
)
from tb_bias_plugin.storage import arrays, record, values
from tb_bias_plugin.storage.arrays import ArraySpec, pack

Table = Union[AssociationTable, PrecomputedTable]


def encode_table(table: Table) -> Any:
    """The ``Table`` payload message of an `AssociationTable` or `PrecomputedTable`."""
    message = messages.Table(version=messages.TABLE_VERSION)
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
        if table.examples is not None:
            _encode_examples(message.examples, table.examples)
    elif isinstance(table, PrecomputedTable):
        message.kind = messages.PRECOMPUTED
        message.metric_names.extend(table.metric_names)
        pack(message.values, table.values)
    else:
        raise TypeError("expected an AssociationTable or PrecomputedTable, got %r" % type(table).__name__)
    arrays.check(array_specs(message))  # a writer stores no record a reader refuses
    return message


def _encode_examples(message: Any, examples: CellExamples) -> None:
    message.per_cell = examples.per_cell
    message.num_examples = len(examples.ids)
    encoded = [s.encode("utf-8") for s in examples.ids + examples.texts + examples.uris]
    pack(message.strings, np.frombuffer(b"".join(encoded), np.uint8))
    pack(message.string_ends, np.cumsum([len(b) for b in encoded], dtype=np.int64))
    message.budget_bytes = examples.budget_bytes
    for field in ("cell_offsets", "cell_keys", "member_offsets", "members", "cut"):
        pack(getattr(message, field), getattr(examples, field))


def _check_kind(message: Any) -> None:
    """The table's version, kind and sample settings: what the listing reads without inflating."""
    record.check_version(message.version, "table", messages.TABLE_VERSION)
    if message.kind not in (messages.COUNTS, messages.PRECOMPUTED):
        raise ValueError("tb_bias table has unknown kind %d" % message.kind)
    if message.kind == messages.PRECOMPUTED and message.HasField("examples"):
        raise ValueError("examples go with a table of counts, not of precomputed values")
    if message.HasField("examples"):
        sampling.check_settings(message.examples.per_cell, message.examples.budget_bytes)
    if message.kind == messages.PRECOMPUTED:
        check_values_size(len(message.label_names), len(message.metric_names), "stored table")
    else:
        check_counts_size(len(message.thresholds), len(message.identity_names), len(message.label_names),
                          "stored table")


def _check_scalars(message: Any) -> None:
    """The fields a route would refuse that are small whatever the table's size (the label names, as long
    as the table, are checked when a route first reads it, as array values are)."""
    if message.kind == messages.PRECOMPUTED:
        check_names(list(message.metric_names), "metric_names")
        families, identities = metric_families(list(message.metric_names))
        check_stored_names(list(families), "the metrics of metric_names")  # the writer's rule (builder.metric_table)
        check_stored_names(identities, "the identities of metric_names")
        check_identity_names(identities, "identities in metric_names")
        return
    check_stored_names(message.identity_names[:], "identity_names")
    check_identity_names(list(message.identity_names), "identity_names")
    check_thresholds(list(message.thresholds))
    values.check_count(message.num_examples, "num_examples")
    check_identity_label_index(list(message.identity_label_index), len(message.identity_names),
                               len(message.label_names))


def describe(message: Any) -> dict[str, Any]:
    """What the ``runs`` listing says of a table, without decompressing its
    arrays (their headers are checked: a table that cannot be read is listed so)."""
    _check_kind(message)
    _check_scalars(message)
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
        "examples_per_cell": message.examples.per_cell if message.HasField("examples") else 0,
    }


def array_specs(message: Any) -> list[tuple[Any, ArraySpec]]:
    """What each stored array of a table must be: shapes follow from the
    names the table declares (the one place that says so)."""
    num_labels = len(message.label_names)
    if message.kind == messages.COUNTS:
        t, k = len(message.thresholds), len(message.identity_names)
        # tables from version 1 have no expected_counts: integers
        identity_dtype = np.float64 if message.expected_counts else np.int64
        specs = [
            (message.label_counts, ArraySpec("label_counts", np.int64, (t, num_labels))),
            (message.identity_counts, ArraySpec("identity_counts", identity_dtype, (t, k))),
            (message.cooccurrence, ArraySpec("cooccurrence", identity_dtype, (t, k, num_labels))),
            (message.identity_cooccurrence, ArraySpec("identity_cooccurrence", identity_dtype, (t, k, k))),
        ]
        if message.HasField("examples"):
            specs += _example_specs(message.examples, t)
        return specs
    return [(message.values, ArraySpec("values", np.float64, (num_labels, len(message.metric_names))))]


def _example_specs(examples: Any, t: int) -> list[tuple[Any, ArraySpec]]:
    """The sample's arrays: the number of cells is the length cell_keys declares."""
    declared = arrays.declared_shape(examples.cell_keys)
    cells = declared[0] if len(declared) == 1 else None
    plus_one = None if cells is None else cells + 1
    if examples.num_examples < 0:
        raise ValueError("examples.num_examples is negative")
    return [
        (examples.strings, ArraySpec("examples.strings", np.uint8, (None,))),
        (examples.string_ends, ArraySpec("examples.string_ends", np.int64, (3 * examples.num_examples,))),
        (examples.cell_offsets, ArraySpec("examples.cell_offsets", np.int64, (t + 1,))),
        (examples.cell_keys, ArraySpec("examples.cell_keys", np.int64, (None,))),
        (examples.member_offsets, ArraySpec("examples.member_offsets", np.int64, (plus_one,), beside="examples.cell_keys")),
        (examples.members, ArraySpec("examples.members", np.int64, (None,))),
        (examples.cut, ArraySpec("examples.cut", np.bool_, (cells,), beside="examples.cell_keys")),
    ]


def _strings(data: np.ndarray, ends: np.ndarray) -> list[str]:
    """The UTF-8 strings of ``data`` ending at ``ends``; ValueError if they do not fit or decode."""
    if ends.size and (ends[-1] != data.shape[0] or ends[0] < 0 or (np.diff(ends) < 0).any()):
        raise ValueError("examples.string_ends must rise to the length of examples.strings")
    if not ends.size and data.size:
        raise ValueError("examples.strings holds bytes no string ends at")
    raw = data.tobytes()
    starts = [0] + ends[:-1].tolist()
    try:
        return [raw[a:b].decode("utf-8") for a, b in zip(starts, ends.tolist())]
    except UnicodeDecodeError as e:
        raise ValueError("examples.strings is not UTF-8: %s" % e)


def _decode_examples(message: Any, found: dict[str, Any], t: int, k: int, num_labels: int) -> CellExamples:
    examples = message.examples
    strings = _strings(found["examples.strings"], found["examples.string_ends"])
    n = examples.num_examples
    return CellExamples(
        examples.per_cell, strings[:n], strings[n : 2 * n], strings[2 * n :],
        found["examples.cell_offsets"], found["examples.cell_keys"], found["examples.member_offsets"],
        found["examples.members"], found["examples.cut"], examples.budget_bytes,
        num_thresholds=t, num_slots=k + 1, num_labels=num_labels,
    )


def decode(message: Any) -> Table:
    """The table in a payload message.

    Raises
    ------
    ValueError
        If the message is not a table this build can read.
    """
    _check_kind(message)
    _check_scalars(message)  # as the listing does, in the same order: the same error on every route
    check_stored_names(message.label_names[:], "label_names")  # the writers' rule: a route may be asked for one
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
            examples=(_decode_examples(message, found, len(message.thresholds), len(message.identity_names),
                                       len(message.label_names)) if message.HasField("examples") else None),
        )
    return PrecomputedTable(
        label_names=list(message.label_names),
        metric_names=list(message.metric_names),
        values=found["values"],
    )


#: Bytes per label of the lookups a route builds on a table it keeps (`label_index`: a dict entry
#: and an int; `alphabetical_rank`: one int64).
_LOOKUP_BYTES_PER_LABEL = 72


def nbytes(table: Table) -> int:
    """Approximate memory of a decoded table, for the cache budget: its arrays, its
    names as Python holds them and the lookups built on its labels."""
    if isinstance(table, AssociationTable):
        held: tuple = (table.label_counts, table.identity_counts, table.cooccurrence, table.identity_cooccurrence)
        extra = table.examples.nbytes() if table.examples is not None else 0
        extra += arrays.footprint(table.identity_names)
    else:
        held, extra = (table.values,), arrays.footprint(table.metric_names)
    names = arrays.footprint(table.label_names) + _LOOKUP_BYTES_PER_LABEL * len(table.label_names)
    return sum(np.asarray(a).nbytes for a in held) + names + extra
