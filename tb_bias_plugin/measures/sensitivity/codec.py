"""Prediction-sensitivity contents to the stored payload message, and back."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tb_bias_plugin.measures.sensitivity import messages
from tb_bias_plugin.storage.arrays import pack, unpack

_STATS = ("n", "n_defined", "mean", "median", "p90", "max")
_INPUTS = {"tabular": messages.TABULAR, "text": messages.TEXT}
_INPUT_NAMES = {v: k for k, v in _INPUTS.items()}


def _fill_stats(message: Any, stats: dict) -> None:
    message.key = stats.get("key", "")
    for name in _STATS:
        setattr(message, name, stats[name])


def _pack_optional(field: Any, array: Any) -> None:
    if array is not None:
        pack(field, np.asarray(array))


def encode(contents: dict) -> Any:
    """The ``Sensitivity`` payload message of `SensitivityCollector.contents()`."""
    m = messages.Sensitivity(version=messages.VERSION)
    m.input = _INPUTS[contents["input"]]
    m.feature_names.extend(contents["feature_names"])
    m.class_names.extend(contents["class_names"])
    m.w.extend(float(x) for x in contents["w"])
    m.num_examples = int(contents["num_examples"])
    m.top_k = int(contents["top_k"])
    m.sample_size = int(contents["sample_size"])
    m.has_groups = int(bool(contents["has_groups"]))
    m.has_classes = int(bool(contents["has_classes"]))
    for c in contents["choices"]:
        cm = m.choices.add(name=c["name"], kind=c["kind"])
        cm.words.extend(c["words"])
        cm.indices.extend(int(i) for i in c["indices"])
        _fill_stats(cm.overall, c["overall"])
        for s in c["by_group"]:
            _fill_stats(cm.by_group.add(), s)
        for s in c["by_class"]:
            _fill_stats(cm.by_class.add(), s)
        cm.reasons.extend(c["reasons"])
        cm.reason_counts.extend(int(n) for n in c["reasons"].values())
        pack(cm.histogram_edges, np.asarray(c["histogram_edges"], np.float64))
        pack(cm.histogram_counts, np.asarray(c["histogram_counts"], np.int64))
        pack(cm.quantiles, np.asarray(c["quantiles"], np.float64))
        _pack_optional(cm.class_rows, c["class_rows"])
        _pack_optional(cm.feature_sensitivity, c["feature_sensitivity"])
        _pack_optional(cm.feature_contribution, c["feature_contribution"])
        cm.token_types.extend(c["token_types"])
        pack(cm.token_type_sensitivity, np.asarray(c["token_type_sensitivity"], np.float64))
        pack(cm.token_type_counts, np.asarray(c["token_type_counts"], np.int64))
        cm.top_examples.extend(int(i) for i in c["top_examples"])
    for d, in_sample in contents["examples"]:
        em = m.examples.add(id=str(d.example_id), group=d.group, pred_class=int(d.pred_class),
                            pred_prob=float(d.pred_prob), in_sample=int(bool(in_sample)))
        pack(em.p, np.asarray(d.P, np.float64))
        em.reasons.extend(d.reasons)
        if d.tokens is not None:
            em.tokens.extend(d.tokens)
        _pack_optional(em.token_sensitivity, d.token_sensitivity)
        _pack_optional(em.token_weight, d.token_weight)
        _pack_optional(em.feature_sensitivity, d.feature_sensitivity)
        _pack_optional(em.feature_weight, d.feature_weight)
    return m


def _check(message: Any) -> None:
    if message.version != messages.VERSION:
        raise ValueError("sensitivity record version %d is newer than this build; upgrade tb-bias-plugin"
                         % message.version)
    if message.input not in _INPUT_NAMES:
        raise ValueError("sensitivity record has unknown input kind %d" % message.input)


def describe(message: Any) -> dict[str, Any]:
    """What the ``runs`` listing says of a record, without decompressing its arrays."""
    _check(message)
    return {
        "input": _INPUT_NAMES[message.input],
        "choices": [c.name for c in message.choices],
        "num_examples": int(message.num_examples),
        "num_classes": len(message.class_names),
        "has_groups": bool(message.has_groups),
    }


def _stats(message: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"key": message.key}
    for name in _STATS:
        value = getattr(message, name)
        out[name] = int(value) if name in ("n", "n_defined") else float(value)
    out["coverage"] = out["n_defined"] / out["n"] if out["n"] else math.nan
    return out


def _optional(field: Any, dtype: Any) -> np.ndarray | None:
    return unpack(field, dtype) if field.dtype else None


def decode(message: Any) -> dict[str, Any]:
    """The contents of a payload message, with arrays unpacked.

    Raises
    ------
    ValueError
        If the message is not a record this build can read.
    """
    _check(message)
    n_choices = len(message.choices)
    names = [c.name for c in message.choices]
    if len(set(names)) != n_choices:
        raise ValueError("sensitivity record has duplicate v choice names")
    choices = []
    for c in message.choices:
        if len(c.reasons) != len(c.reason_counts):
            raise ValueError("sensitivity record has %d reasons but %d counts" % (len(c.reasons), len(c.reason_counts)))
        choices.append({
            "name": c.name,
            "kind": c.kind,
            "words": list(c.words),
            "indices": [int(i) for i in c.indices],
            "overall": _stats(c.overall),
            "by_group": [_stats(s) for s in c.by_group],
            "by_class": [_stats(s) for s in c.by_class],
            "reasons": {r: int(n) for r, n in zip(c.reasons, c.reason_counts)},
            "histogram_edges": unpack(c.histogram_edges, np.float64),
            "histogram_counts": unpack(c.histogram_counts, np.int64),
            "quantiles": unpack(c.quantiles, np.float64),
            "class_rows": _optional(c.class_rows, np.float64),
            "feature_sensitivity": _optional(c.feature_sensitivity, np.float64),
            "feature_contribution": _optional(c.feature_contribution, np.float64),
            "token_types": list(c.token_types),
            "token_type_sensitivity": unpack(c.token_type_sensitivity, np.float64),
            "token_type_counts": unpack(c.token_type_counts, np.int64),
            "top_examples": [int(i) for i in c.top_examples],
        })
        if any(not 0 <= i < len(message.examples) for i in c.top_examples):
            raise ValueError("sensitivity record has a top example index out of range")
    examples = []
    for e in message.examples:
        p = unpack(e.p, np.float64)
        if p.shape != (n_choices,):
            raise ValueError("sensitivity example has %s P values for %d choices" % (p.shape, n_choices))
        examples.append({
            "id": e.id,
            "group": e.group,
            "pred_class": int(e.pred_class),
            "pred_prob": float(e.pred_prob),
            "tokens": list(e.tokens),
            "p": p,
            "reasons": list(e.reasons),
            "token_sensitivity": _optional(e.token_sensitivity, np.float64),
            "token_weight": _optional(e.token_weight, np.float64),
            "feature_sensitivity": _optional(e.feature_sensitivity, np.float64),
            "feature_weight": _optional(e.feature_weight, np.float64),
            "in_sample": bool(e.in_sample),
        })
    return {
        "input": _INPUT_NAMES[message.input],
        "feature_names": list(message.feature_names),
        "class_names": list(message.class_names),
        "w": list(message.w),
        "num_examples": int(message.num_examples),
        "top_k": int(message.top_k),
        "sample_size": int(message.sample_size),
        "has_groups": bool(message.has_groups),
        "has_classes": bool(message.has_classes),
        "choices": choices,
        "examples": examples,
    }


def nbytes(value: dict[str, Any]) -> int:
    """Approximate memory of a decoded record, for the cache budget."""
    total = 1024
    for e in value["examples"]:
        total += 256 + 64 * len(e["tokens"])
        for key in ("token_sensitivity", "token_weight", "feature_sensitivity", "feature_weight"):
            if e[key] is not None:
                total += e[key].nbytes
    return total + 2048 * len(value["choices"])
