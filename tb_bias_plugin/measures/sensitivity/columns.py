"""The retained examples of a sensitivity record as columns (``example_columns``,
record version 2 on): one list or `Array` per field for all examples, written
and checked in a few calls instead of one message of five arrays per
example, at every step of a long run. Version 1 records keep a message per
example (read by the codec)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tb_bias_plugin.core.example_ids import id_strings
from tb_bias_plugin.core.example_text import MAX_TEXT_CHARS
from tb_bias_plugin.core.validation import check_stored_names
from tb_bias_plugin.storage import arrays
from tb_bias_plugin.storage.arrays import ArraySpec, pack

#: Where the columns are named in errors and in `arrays.read`'s answer.
AT = "example_columns."
#: The arrays of one example, as `decode` gives them.
EXAMPLE_ARRAYS = ("p", "token_sensitivity", "token_weight", "feature_sensitivity", "feature_weight")


def _column(details: list, field: str) -> list | None:
    """Every example's array of ``field``, or None if no example has one."""
    found = [getattr(d, field) for d in details]
    if all(a is None for a in found):
        return None
    if any(a is None for a in found):
        raise ValueError("sensitivity examples: %s is given for some retained examples but not all" % field)
    return [np.asarray(a, np.float64) for a in found]


def pack_examples(columns: Any, examples: list, n_choices: int) -> None:
    """Fill the ``SensitivityExampleColumns`` message ``columns`` with
    ``examples``, ``(ExampleDetail, in_sample)`` pairs (as `SensitivityCollector.contents` gives them)."""
    details = [d for d, _ in examples]
    if any(len(d.reasons) != n_choices for d in details):
        raise ValueError("sensitivity examples: each retained example needs one reason per choice (%d)" % n_choices)
    columns.ids.extend(str(d.example_id) for d in details)
    columns.groups.extend(d.group for d in details)
    columns.reasons.extend(r for d in details for r in d.reasons)
    columns.texts.extend(d.text for d in details)
    columns.uris.extend(d.uri for d in details)
    pack(columns.pred_class, np.array([int(d.pred_class) for d in details], np.int64))
    pack(columns.pred_prob, np.array([float(d.pred_prob) for d in details], np.float64))
    pack(columns.in_sample, np.array([int(bool(s)) for _, s in examples], np.int64))
    if any(d.tokens is not None for d in details):
        pack(columns.token_counts, np.array([len(d.tokens or ()) for d in details], np.int64))
        columns.tokens.extend(t for d in details for t in d.tokens or ())
    pack(columns.p, np.asarray([d.P for d in details], np.float64).reshape(len(details), n_choices))
    token_sensitivity, token_weight = _column(details, "token_sensitivity"), _column(details, "token_weight")
    if token_sensitivity is not None or token_weight is not None:
        lengths = [np.shape(a)[1] for a in (token_sensitivity or token_weight or [])]
        pack(columns.token_offsets, np.concatenate([[0], np.cumsum(lengths, dtype=np.int64)]).astype(np.int64))
        for field, found in ((columns.token_sensitivity, token_sensitivity), (columns.token_weight, token_weight)):
            if found is None or [np.shape(a)[1] for a in found] != lengths:
                raise ValueError("sensitivity examples: token_sensitivity and token_weight need one value per token each")
            pack(field, np.concatenate(found, axis=1))
    for field, name in ((columns.feature_sensitivity, "feature_sensitivity"), (columns.feature_weight, "feature_weight")):
        found = _column(details, name)
        if found is not None:
            pack(field, np.stack(found))


def count(message: Any) -> int:
    """The number of retained examples a version 2 record declares (its ids)."""
    return len(message.example_columns.ids)


def check_lists(message: Any) -> None:
    """The columns of strings beside the ids, and no version 1 examples beside them."""
    columns, n = message.example_columns, count(message)
    if len(message.examples):
        raise ValueError("sensitivity record: version %d keeps its examples in example_columns, not examples"
                         % message.version)
    for name in ("groups", "texts", "uris"):
        if len(getattr(columns, name)) != n:
            raise ValueError("sensitivity record: %s%s has %d entries for %d example ids"
                             % (AT, name, len(getattr(columns, name)), n))
    if len(columns.reasons) != n * len(message.choices):
        raise ValueError("sensitivity record: %sreasons has %d entries, not one per example and choice (%d)"
                         % (AT, len(columns.reasons), n * len(message.choices)))
    if n:
        id_strings(columns.ids[:], "sensitivity record: %sids" % AT)  # the writers' one id rule
    check_stored_names(columns.groups[:], "sensitivity record: %sgroups" % AT)
    check_stored_names(columns.tokens[:], "sensitivity record: %stokens" % AT)
    for name in ("texts", "uris"):
        lengths = list(map(len, getattr(columns, name)))
        if n and max(lengths) > MAX_TEXT_CHARS:
            raise ValueError("sensitivity record: %s%s[%d] is longer than %d characters"
                             % (AT, name, next(i for i, k in enumerate(lengths) if k > MAX_TEXT_CHARS), MAX_TEXT_CHARS))


def specs(message: Any, n_features: int | None) -> list[tuple[Any, ArraySpec]]:
    """What each array column must be: sized by the numbers of examples,
    choices and features (None: any), the token columns by their offsets
    and counts (read and checked here: a few bytes each)."""
    f64, i64, at = np.float64, np.int64, AT
    columns, n, n_choices = message.example_columns, count(message), len(message.choices)
    features = (n, n_choices, n_features)
    tokens = (n_choices, _token_total(message))
    no_tokens = tokens[1] is None
    return [
        (columns.pred_class, ArraySpec(at + "pred_class", i64, (n,))),
        (columns.pred_prob, ArraySpec(at + "pred_prob", f64, (n,))),
        (columns.in_sample, ArraySpec(at + "in_sample", i64, (n,))),
        (columns.token_counts, ArraySpec(at + "token_counts", i64, (n,), optional=True)),
        (columns.p, ArraySpec(at + "p", f64, (n, n_choices))),
        (columns.token_offsets, ArraySpec(at + "token_offsets", i64, (n + 1,), optional=True)),
        (columns.token_sensitivity, ArraySpec(at + "token_sensitivity", f64, tokens, no_tokens, at + "token_offsets")),
        (columns.token_weight, ArraySpec(at + "token_weight", f64, tokens, no_tokens, at + "token_offsets")),
        (columns.feature_sensitivity, ArraySpec(at + "feature_sensitivity", f64, features, optional=True)),
        (columns.feature_weight, ArraySpec(at + "feature_weight", f64, features, optional=True)),
    ]


def _read_one(message: Any, name: str, length: int) -> np.ndarray:
    spec = ArraySpec(AT + name, np.int64, (length,))
    found = arrays.read([(getattr(message.example_columns, name), spec)])[spec.name]
    assert found is not None
    return found


def _token_counts(message: Any) -> np.ndarray | None:
    """Each example's number of logged tokens, checked against the tokens stored (None: none logged)."""
    columns, n = message.example_columns, count(message)
    if arrays.is_absent(columns.token_counts):
        if len(columns.tokens):
            raise ValueError("sensitivity record: %stokens is stored without %stoken_counts" % (AT, AT))
        return None
    counts = _read_one(message, "token_counts", n)
    if (counts < 0).any() or int(counts.sum()) != len(columns.tokens):
        raise ValueError("sensitivity record: %stoken_counts do not add up to the %d tokens stored" % (AT, len(columns.tokens)))
    return counts


def _token_total(message: Any) -> int | None:
    """The length of the token columns: the last of the checked offsets
    (None: no offsets, so no token columns)."""
    columns, n = message.example_columns, count(message)
    counts = _token_counts(message)
    if arrays.is_absent(columns.token_offsets):
        for name in ("token_sensitivity", "token_weight"):
            if not arrays.is_absent(getattr(columns, name)):
                raise ValueError("sensitivity record: %s%s is stored without %stoken_offsets" % (AT, name, AT))
        return None
    offsets = _read_one(message, "token_offsets", n + 1)
    lengths = np.diff(offsets)
    if offsets[0] != 0 or (lengths < 0).any():
        raise ValueError("sensitivity record: %stoken_offsets do not start at 0 and rise" % AT)
    if counts is not None:
        # an example with tokens logged has a value per token (one without: any number)
        wrong = np.flatnonzero((counts != lengths) & (counts > 0))
        if len(wrong):
            i = int(wrong[0])
            raise ValueError("sensitivity record: %stoken_offsets give example %d %d token values, but it has %d tokens"
                             % (AT, i, lengths[i], counts[i]))
    return int(offsets[-1])


def rows(message: Any, found: dict[str, Any]) -> list[dict[str, Any]]:
    """Each retained example as the codec's ``decode`` gives it, from the
    columns read (``found``: `arrays.read` of `specs`)."""
    columns, n, n_choices = message.example_columns, count(message), len(message.choices)
    pred_class, pred_prob, in_sample = (found[AT + k].tolist() for k in ("pred_class", "pred_prob", "in_sample"))
    counts = found.get(AT + "token_counts")
    starts = np.concatenate([[0], np.cumsum(counts)]).tolist() if counts is not None else [0] * (n + 1)
    found_offsets = found.get(AT + "token_offsets")
    offsets = [] if found_offsets is None else found_offsets.tolist()  # present wherever a token column is
    tokens, reasons = list(columns.tokens), list(columns.reasons)
    values = {k: found.get(AT + k) for k in EXAMPLE_ARRAYS}
    out = []
    for i, (example_id, group, text, uri) in enumerate(zip(columns.ids, columns.groups, columns.texts, columns.uris)):
        own: dict[str, Any] = {}
        for k, value in values.items():
            if value is None:
                own[k] = None
            elif k.startswith("token_"):
                own[k] = value[:, offsets[i]:offsets[i + 1]]
            else:
                own[k] = value[i]
        out.append({
            "id": example_id,
            "group": group,
            "pred_class": int(pred_class[i]),
            "pred_prob": float(pred_prob[i]),
            "tokens": tokens[starts[i]:starts[i + 1]],
            "reasons": reasons[i * n_choices:(i + 1) * n_choices],
            "in_sample": bool(in_sample[i]),
            "text": text,
            "uri": uri,
            **own,
        })
    return out
