"""Representation-bias records: estimates to the stored payload message, and back.

Layout (docs/measures/representation.md, "Storage"): one tag per protected
attribute, one record per step holding every layer measured at that step.
Curves are bounded (at most `MAX_CURVE` points per layer), so a record's
size does not grow with the number of MINE iterations.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
from typing import Any, Sequence

import numpy as np

from tb_bias_plugin.core.validation import check_names, check_stored_names
from tb_bias_plugin.measures.representation import entropy, messages
from tb_bias_plugin.measures.representation.entropy import MAX_CLASSES, MAX_CONTROLS, RepresentationBiasResult
from tb_bias_plugin.storage import arrays, record, values
from tb_bias_plugin.storage.arrays import ArraySpec, pack

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
    if len(result.control_biases) > MAX_CONTROLS:  # what a reader refuses (`layer_specs`)
        raise ValueError("layer %r has %d controls, more than %d" % (layer, len(result.control_biases), MAX_CONTROLS))
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
    m.settings_json = settings_text(result.settings)
    m.best_step = int(result.best_step)
    m.bound = result.bound or "none"
    for name in ("mine_bias", "mine_mutual_information", "classifier_bias", "classifier_mutual_information"):
        setattr(m, name, float(getattr(result, name)))
    _pack(m.mine_control_biases, np.asarray(result.mine_control_biases, np.float64))
    _pack(m.classifier_control_biases, np.asarray(result.classifier_control_biases, np.float64))
    m.classifier = result.classifier
    m.loose_reason = result.loose_reason or ""
    return m


def encode(layers: Sequence[tuple[str, RepresentationBiasResult]], attribute: str = "",
           class_names: Sequence[str] = ()) -> Any:
    """The ``RepresentationBias`` payload of ``[(layer, result), ...]``."""
    message = messages.RepresentationBias(version=messages.VERSION, attribute=attribute)
    message.class_names.extend(class_names)
    for layer, result in layers:
        message.layers.append(encode_layer(layer, result))
    arrays.check(array_specs(message))  # a writer stores no record a reader refuses
    return message


def _check(message: Any) -> None:
    record.check_version(message.version, "representation record", messages.VERSION)


def describe(message: Any) -> dict[str, Any]:
    """What the ``runs`` listing says of a record (no decompression; the
    arrays' headers are checked, so a record that cannot be read is listed so)."""
    _check(message)
    _check_layers(message)
    arrays.check(array_specs(message))
    return {
        "attribute": message.attribute,
        "layers": [layer.layer for layer in message.layers],
        "class_names": list(message.class_names),
    }


def settings_text(settings: Any) -> str:
    """A result's settings as the JSON text a layer stores; ValueError for
    settings a reader would refuse (`_settings`), before anything is written."""
    text = json.dumps(dict(settings), sort_keys=True, default=str)
    _settings(text, "settings")
    return text


def _settings(text: str, at: str = "settings_json") -> dict:
    """A layer's settings: a JSON object of at most `SETTINGS_CHARS`
    characters and `SETTINGS_DEPTH` levels whose integers fit in 64 bits and
    whose text is UTF-8 (JSON escapes can name lone surrogates), so that
    every route can answer with it, and cheaply: the settings are served with
    every answer about their layer.

    Checked once per distinct text: a long run's records repeat their settings."""
    if len(text) > SETTINGS_CHARS:
        raise ValueError("%s is %d characters long, more than %d" % (at, len(text), SETTINGS_CHARS))
    found = _read_settings(text) if len(text) <= 4096 else _read_settings.__wrapped__(text)
    if isinstance(found, str):
        raise ValueError(at + found)
    return dict(found)  # a copy: the cached one is shared


@functools.lru_cache(maxsize=256)
def _read_settings(text: str) -> dict | str:
    """The settings in ``text``, or what is wrong with them (to follow the field's name)."""
    try:
        value = json.loads(text, parse_constant=lambda _: None) if text else {}
    except (ValueError, RecursionError):  # RecursionError: nested past the interpreter's stack
        return " is not readable JSON"
    if not isinstance(value, dict):
        return " is not a JSON object"
    try:
        _check_json(value, "", 0)
    except ValueError as e:
        return str(e)
    return value


#: Deepest nesting of a layer's settings (the estimator's are flat).
SETTINGS_DEPTH = 8
#: Longest settings text of a layer (the estimator's are under 1,000 characters).
SETTINGS_CHARS = 1 << 16


def _check_json(value: Any, at: str, depth: int) -> None:
    if isinstance(value, (dict, list)):
        if depth >= SETTINGS_DEPTH:
            raise ValueError("%s nests deeper than %d levels" % (at, SETTINGS_DEPTH))
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:  # the place named, as settings['seed'][0]
            _check_json(key, at, depth)
            _check_json(item, "%s[%r]" % (at, key), depth + 1)
    elif isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("%s holds text that is not UTF-8 (a lone surrogate)" % at)
    elif isinstance(value, int) and not isinstance(value, bool) and not -(2**63) <= value < 2**64:
        raise ValueError("%s holds an integer past 64 bits" % at)


def _bounds(m: Any, a: dict[str, Any]) -> dict[str, Any]:
    """The two bounds of a layer message (``a``: its arrays, read); a record older than the classifier
    bound (no `bound`) had MINE's alone, stored as its bias, I and controls."""
    nan = float("nan")
    if not m.bound:
        return dict(bound="mine" if math.isfinite(m.mutual_information) else "", mine_bias=m.bias,
                    mine_mutual_information=m.mutual_information, mine_control_biases=a["control_biases"],
                    classifier="", classifier_bias=nan, classifier_mutual_information=nan,
                    classifier_control_biases=np.zeros(0), loose_reason=None)
    return dict(bound="" if m.bound == "none" else m.bound, mine_bias=m.mine_bias,
                mine_mutual_information=m.mine_mutual_information,
                mine_control_biases=_or_empty(a["mine_control_biases"]), classifier=m.classifier,
                classifier_bias=m.classifier_bias, classifier_mutual_information=m.classifier_mutual_information,
                classifier_control_biases=_or_empty(a["classifier_control_biases"]),
                loose_reason=m.loose_reason or None)


def _or_empty(values: Any) -> np.ndarray:
    return np.zeros(0) if values is None else values


def layer_specs(m: Any, at: str, num_classes: int = 0) -> list[tuple[Any, ArraySpec]]:
    """What each stored array of one layer must be (the one place that says
    so): the curves beside their steps, the controls beside each other, the
    class counts beside the record's class names (``num_classes``, if any);
    curves, controls and classes no longer than a writer makes them."""
    f64, i64 = np.float64, np.int64
    classes = (0,) if arrays.declared_shape(m.class_counts) == (0,) else (num_classes or None,)
    controls = arrays.declared_shape(m.control_biases)[:1] or (0,)
    train = arrays.declared_shape(m.train_curve)[:1] or (0,)
    heldout = arrays.declared_shape(m.heldout_steps)[:1] or (0,)
    validation = arrays.declared_shape(m.validation_curve)[:1]
    classifier = arrays.declared_shape(m.classifier_control_biases)[:1]
    mine = arrays.declared_shape(m.mine_control_biases)[:1]
    return [
        (m.control_biases, ArraySpec(at + "control_biases", f64, (None,), most=MAX_CONTROLS)),
        (m.control_mutual_informations, ArraySpec(at + "control_mutual_informations", f64, controls,
                                                     beside=at + "control_biases")),
        (m.train_curve, ArraySpec(at + "train_curve", f64, (None,), most=MAX_CURVE)),
        (m.train_steps, ArraySpec(at + "train_steps", i64, train, beside=at + "train_curve")),
        (m.heldout_steps, ArraySpec(at + "heldout_steps", i64, (None,), most=MAX_CURVE)),
        (m.heldout_curve, ArraySpec(at + "heldout_curve", f64, heldout, beside=at + "heldout_steps")),
        # stored only when every held-out point has a validation value
        (m.validation_curve, ArraySpec(at + "validation_curve", f64, (0,) if validation == (0,) else heldout,
                                                  beside=at + "heldout_steps")),
        (m.class_counts, ArraySpec(at + "class_counts", i64, classes, most=MAX_CLASSES)),
        # each bound's own controls, one per permutation like B's (absent from records before the
        # classifier bound; empty when that bound did not run, or the result was made by hand)
        (m.mine_control_biases, ArraySpec(at + "mine_control_biases", f64, (0,) if mine == (0,) else controls,
                                          optional=True, beside=at + "control_biases")),
        (m.classifier_control_biases, ArraySpec(at + "classifier_control_biases", f64,
                                                (0,) if classifier == (0,) else controls, optional=True,
                                                beside=at + "control_biases")),
    ]


def array_specs(message: Any) -> list[tuple[Any, ArraySpec]]:
    """Every stored array of a record, with what it must be."""
    classes = len(message.class_names)
    return [spec for i, m in enumerate(message.layers) for spec in layer_specs(m, "layers[%d]." % i, classes)]


def _check_layers(message: Any) -> None:
    """At least one layer, each named once (a route finds a layer by its name), and each layer's counts."""
    if len(message.layers) > MAX_LAYERS:
        raise ValueError("representation record has %d layers, more than %d" % (len(message.layers), MAX_LAYERS))
    layers = [m.layer for m in message.layers]
    check_stored_names(layers, "representation record: layers[%d].layer")
    try:
        check_names(layers, "layers")
    except ValueError as e:
        raise ValueError("representation record: %s" % e)
    check_stored_names([message.attribute], "representation record: attribute")
    check_stored_names(message.class_names[:], "representation record: class_names")
    for i, m in enumerate(message.layers):  # on every route, whether or not it answers with them
        at = "representation record: layers[%d]." % i
        check_sizes(m, at)
        _settings(m.settings_json, "layers[%d].settings_json" % i)
        _check_words(m, at)


#: What a layer's ``bound`` may be: empty in records older than the classifier bound.
_BOUNDS = ("", "mine", "classifier", "none")
_FLAGS = (entropy.FLAG_OUTSIDE_UNIT, entropy.FLAG_NOT_CONVERGED, entropy.FLAG_NOISE_FLOOR, entropy.FLAG_SMALL_SAMPLE,
          entropy.FLAG_SMALL_CLASS, entropy.FLAG_LOOSE)


def _check_words(layer: Any, at: str) -> None:
    """The layer's bound and flags, from the writers' sets; its reasons and classifier, names' lengths;
    the step the kept critic was taken at, a count."""
    if layer.bound not in _BOUNDS:
        raise ValueError("%sbound is %r, not one of mine, classifier or none" % (at, layer.bound[:40]))
    flags = layer.flags[:]
    unknown = [f for f in flags if f not in _FLAGS]
    if unknown or len(set(flags)) != len(flags):
        raise ValueError("%sflags hold %r: each flag once, from %s" % (at, (unknown or flags)[0][:40], ", ".join(_FLAGS)))
    check_stored_names({name: getattr(layer, name) for name in ("reason", "loose_reason", "classifier")}, at)
    values.check_count(layer.best_step, at + "best_step")


def check_sizes(layer: Any, at: str) -> None:
    """A layer's sample sizes (of a result or a stored layer): counts; and its estimates: numbers or NaN
    (undefined), never infinite, with entropies not below 0."""
    for name in ("n", "n_train", "n_heldout"):
        values.check_count(getattr(layer, name), at + name)
    for name in _ESTIMATES:
        value = float(getattr(layer, name))
        if math.isinf(value) or (name in _ENTROPIES and value < 0):
            raise ValueError("%s%s is %r: an estimate is a finite number, or NaN where undefined%s"
                             % (at, name, value, ", and an entropy is not below 0" if name in _ENTROPIES else ""))


_ESTIMATES = ("bias", "mutual_information", "mutual_information_sampled", "entropy", "control_bias",
              "control_mutual_information", "train_entropy", "mine_bias", "mine_mutual_information",
              "classifier_bias", "classifier_mutual_information")
_ENTROPIES = ("entropy", "train_entropy")


def _check_read(message: Any, found: dict[str, Any]) -> None:
    """Each layer's class counts, and the steps of its curves (from 0, rising)."""
    for i in range(len(message.layers)):
        at = "layers[%d]." % i
        values.check_counts(found[at + "class_counts"], "representation record: " + at + "class_counts")
        for name in ("train_steps", "heldout_steps"):
            steps = found[at + name]
            if steps is not None and steps.size and (steps[0] < 0 or (np.diff(steps) <= 0).any()):
                raise ValueError("representation record: %s%s are not steps from 0, each above the one before"
                                 % (at, name))


def decode_layer(m: Any, found: dict | None = None, at: str = "") -> LayerEstimate:
    """One layer's estimate; ``found``: its arrays already read (by name, after ``at``)."""
    if found is None:
        found = arrays.read(layer_specs(m, at))
    a = {k[len(at):]: v for k, v in found.items() if k.startswith(at)}
    result = RepresentationBiasResult(
        bias=m.bias, mutual_information=m.mutual_information,
        mutual_information_sampled=m.mutual_information_sampled, entropy=m.entropy,
        control_bias=m.control_bias, control_mutual_information=m.control_mutual_information,
        control_biases=a["control_biases"], control_mutual_informations=a["control_mutual_informations"],
        train_curve=a["train_curve"], heldout_steps=a["heldout_steps"],
        heldout_curve=a["heldout_curve"], validation_curve=a["validation_curve"],
        class_counts=a["class_counts"], n=m.n, n_train=m.n_train, n_heldout=m.n_heldout,
        settings=_settings(m.settings_json, at + "settings_json"), flags=tuple(m.flags), reason=m.reason or None,
        train_entropy=m.train_entropy, best_step=m.best_step, **_bounds(m, a),
    )
    return LayerEstimate(m.layer, result, a["train_steps"])


def decode(message: Any) -> RepresentationRecord:
    """The record in a payload message; ValueError if this build cannot read it."""
    _check(message)
    _check_layers(message)
    found = arrays.read(array_specs(message))
    _check_read(message, found)
    return RepresentationRecord(
        attribute=message.attribute,
        layers=tuple(decode_layer(m, found, "layers[%d]." % i) for i, m in enumerate(message.layers)),
        class_names=tuple(message.class_names),
    )


@dataclasses.dataclass(frozen=True)
class SeriesPoint:
    """What ``representation/series`` serves of one layer at one step."""

    layer: str
    bias: float
    mutual_information: float
    control_bias: float
    control_biases: np.ndarray
    flags: tuple
    bound: str = ""
    mine_bias: float = float("nan")
    classifier_bias: float = float("nan")
    loose_reason: str | None = None


def _point_bounds(m: Any) -> dict[str, Any]:
    """`SeriesPoint`'s bound fields of a layer message (records before the classifier bound: MINE's alone)."""
    if not m.bound:
        return dict(bound="mine" if math.isfinite(m.mutual_information) else "", mine_bias=m.bias)
    return dict(bound="" if m.bound == "none" else m.bound, mine_bias=m.mine_bias,
                classifier_bias=m.classifier_bias, loose_reason=m.loose_reason or None)


def decode_series(message: Any) -> tuple[SeriesPoint, ...]:
    """Each layer's point of the across-steps series: its scalars and control
    runs, no curve kept (every array is still checked, so a record
    unreadable on one route is unreadable on all)."""
    _check(message)
    _check_layers(message)
    found = arrays.read(array_specs(message), wanted={"layers[%d].%s" % (i, name) for i in range(len(message.layers))
                                                      for name in ("control_biases", "class_counts", "train_steps",
                                                                   "heldout_steps")})
    _check_read(message, found)  # read to be checked alike on every route, not kept
    return tuple(
        SeriesPoint(m.layer, m.bias, m.mutual_information, m.control_bias,
                    found["layers[%d].control_biases" % i], tuple(m.flags), **_point_bounds(m))
        for i, m in enumerate(message.layers)
    )


#: Parts of a record the across-steps route reads (see Measure.decode_part).
PARTS = {"series": decode_series}


def nbytes(value: Any) -> int:
    """Approximate memory of a decoded record, for the cache budget: every array and name."""
    return arrays.footprint(value)
