"""Representation-bias records: estimates to the stored payload message, and back.

Layout (docs/measures/representation.md, "Storage"): one tag per protected
attribute, one record per step holding every layer measured at that step.
Curves are bounded (at most `MAX_CURVE` points per layer), so a record's
size does not grow with the number of MINE iterations.
"""

from __future__ import annotations

import dataclasses
import json
import math
from typing import Any, Sequence

import numpy as np

from tb_bias_plugin.measures.representation import messages
from tb_bias_plugin.measures.representation.entropy import RepresentationBiasResult
from tb_bias_plugin.storage.arrays import pack, unpack

#: Most points stored per curve (training, held-out, validation).
MAX_CURVE = 512
#: Most layers in one record.
MAX_LAYERS = 1000


@dataclasses.dataclass(frozen=True)
class LayerEstimate:
    """One layer's stored estimate: the result (its training curve reduced
    to block means) and the iteration that ends each block."""

    layer: str
    result: RepresentationBiasResult
    train_steps: np.ndarray


@dataclasses.dataclass(frozen=True)
class RepresentationRecord:
    """One stored step of a tag: the attribute and every layer's estimate."""

    attribute: str
    layers: tuple
    class_names: tuple = ()

    def layer(self, name: str) -> LayerEstimate:
        """The estimate of layer `name`; KeyError if this step has none."""
        for estimate in self.layers:
            if estimate.layer == name:
                return estimate
        raise KeyError(name)


def reduce_curve(values: Any, max_points: int = MAX_CURVE) -> tuple[np.ndarray, np.ndarray]:
    """Block means of a per-iteration curve, and the last iteration (1-based) of each block.

    Examples
    --------
    >>> v, s = reduce_curve(np.arange(10.0), max_points=4)
    >>> v.tolist(), s.tolist()
    ([1.0, 4.0, 7.0, 9.0], [3, 6, 9, 10])
    """
    v = np.asarray(values, dtype=np.float64)
    if v.size <= max_points:
        return v.copy(), np.arange(1, v.size + 1, dtype=np.int64)
    block = math.ceil(v.size / max_points)
    starts = np.arange(0, v.size, block)
    sums = np.add.reduceat(v, starts)
    sizes = np.diff(np.append(starts, v.size))
    return sums / sizes, np.minimum(starts + block, v.size).astype(np.int64)


def thin_indices(size: int, max_points: int = MAX_CURVE) -> np.ndarray:
    """At most `max_points` evenly spread indices of ``range(size)``, first and last kept.

    Examples
    --------
    >>> thin_indices(10, 4).tolist()
    [0, 3, 6, 9]
    """
    if size <= max_points:
        return np.arange(size)
    return np.unique(np.round(np.linspace(0, size - 1, max_points)).astype(np.int64))


def _pack(message: Any, array: Any) -> None:
    pack(message, np.asarray(array))


def encode_layer(layer: str, result: RepresentationBiasResult) -> Any:
    """The ``RepresentationLayer`` message of one layer's result."""
    m = messages.RepresentationLayer(layer=layer)
    for name in ("bias", "mutual_information", "mutual_information_sampled", "entropy",
                 "control_bias", "control_mutual_information", "train_entropy"):
        setattr(m, name, float(getattr(result, name)))
    _pack(m.control_biases, np.asarray(result.control_biases, np.float64))
    _pack(m.control_mutual_informations, np.asarray(result.control_mutual_informations, np.float64))
    train, train_steps = reduce_curve(result.train_curve)
    _pack(m.train_curve, train.astype(np.float32))
    _pack(m.train_steps, train_steps)
    keep = thin_indices(len(result.heldout_steps))
    _pack(m.heldout_steps, np.asarray(result.heldout_steps, np.int64)[keep])
    _pack(m.heldout_curve, np.asarray(result.heldout_curve, np.float64)[keep])
    validation = np.asarray(result.validation_curve, np.float64)
    _pack(m.validation_curve, validation[keep] if validation.size == len(result.heldout_steps) else validation[:0])
    m.n, m.n_train, m.n_heldout = int(result.n), int(result.n_train), int(result.n_heldout)
    _pack(m.class_counts, np.asarray(result.class_counts, np.int64))
    m.flags.extend(str(f) for f in result.flags)
    m.reason = result.reason or ""
    m.settings_json = json.dumps(dict(result.settings), sort_keys=True, default=str)
    m.best_step = int(result.best_step)
    return m


def encode(layers: Sequence[tuple[str, RepresentationBiasResult]], attribute: str = "",
           class_names: Sequence[str] = ()) -> Any:
    """The ``RepresentationBias`` payload of ``[(layer, result), ...]``."""
    message = messages.RepresentationBias(version=1, attribute=attribute)
    message.class_names.extend(class_names)
    for layer, result in layers:
        message.layers.append(encode_layer(layer, result))
    return message


def _check(message: Any) -> None:
    if message.version != 1:
        raise ValueError("representation record has version %d; upgrade tb-bias-plugin" % message.version)


def describe(message: Any) -> dict[str, Any]:
    """What the ``runs`` listing says of a record (no decompression)."""
    _check(message)
    return {
        "attribute": message.attribute,
        "layers": [layer.layer for layer in message.layers],
        "class_names": list(message.class_names),
    }


def _settings(text: str) -> dict:
    try:
        value = json.loads(text, parse_constant=lambda _: None) if text else {}
    except ValueError:
        raise ValueError("representation record has unreadable settings")
    if not isinstance(value, dict):
        raise ValueError("representation record has unreadable settings")
    return value


def decode_layer(m: Any) -> LayerEstimate:
    f64, i64 = np.float64, np.int64
    result = RepresentationBiasResult(
        bias=m.bias, mutual_information=m.mutual_information,
        mutual_information_sampled=m.mutual_information_sampled, entropy=m.entropy,
        control_bias=m.control_bias, control_mutual_information=m.control_mutual_information,
        control_biases=unpack(m.control_biases, f64),
        control_mutual_informations=unpack(m.control_mutual_informations, f64),
        train_curve=unpack(m.train_curve, f64), heldout_steps=unpack(m.heldout_steps, i64),
        heldout_curve=unpack(m.heldout_curve, f64), validation_curve=unpack(m.validation_curve, f64),
        class_counts=unpack(m.class_counts, i64), n=m.n, n_train=m.n_train, n_heldout=m.n_heldout,
        settings=_settings(m.settings_json), flags=tuple(m.flags), reason=m.reason or None,
        train_entropy=m.train_entropy, best_step=m.best_step,
    )
    train_steps = unpack(m.train_steps, i64)
    if train_steps.shape != result.train_curve.shape or result.heldout_steps.shape != result.heldout_curve.shape:
        raise ValueError("representation record of layer %r has curves of mismatched lengths" % m.layer)
    return LayerEstimate(m.layer, result, train_steps)


def decode(message: Any) -> RepresentationRecord:
    """The record in a payload message; ValueError if this build cannot read it."""
    _check(message)
    return RepresentationRecord(
        attribute=message.attribute,
        layers=tuple(decode_layer(m) for m in message.layers),
        class_names=tuple(message.class_names),
    )


def nbytes(value: RepresentationRecord) -> int:
    """Approximate memory of a decoded record, for the cache budget."""
    total = 256
    for estimate in value.layers:
        r = estimate.result
        total += 512 + sum(a.nbytes for a in (r.train_curve, r.heldout_curve, r.heldout_steps,
                                              r.validation_curve, estimate.train_steps))
    return total
