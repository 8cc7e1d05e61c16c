"""Prediction-sensitivity contents to the stored payload message, and back."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tb_bias_plugin.core.example_ids import id_strings
from tb_bias_plugin.core.example_text import MAX_TEXT_CHARS
from tb_bias_plugin.core.validation import check_stored_names
from tb_bias_plugin.measures.sensitivity import columns, messages
from tb_bias_plugin.measures.sensitivity.aggregates import COUNTS, STATS, coverage
from tb_bias_plugin.measures.sensitivity.sensitivity import check_pred_class, check_stochastic
from tb_bias_plugin.storage import arrays, record, values
from tb_bias_plugin.storage.arrays import ArrayGroup, ArraySpec, pack

#: Bins of the stored histogram of P (a reader refuses more).
HISTOGRAM_BINS = 40

_INPUTS = {"tabular": messages.TABULAR, "text": messages.TEXT}
_INPUT_NAMES = {v: k for k, v in _INPUTS.items()}


def _fill_stats(message: Any, stats: dict) -> None:
    message.key = stats.get("key", "")
    for name in STATS:
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
    columns.pack_examples(m.example_columns, list(contents["examples"]), len(contents["choices"]))
    arrays.check(*_specs_and_groups(m))  # a writer stores no record a reader refuses
    return m


def _check(message: Any) -> None:
    record.check_version(message.version, "sensitivity record", messages.VERSION)  # 1 (PER_EXAMPLE_VERSION) or 2
    if message.input not in _INPUT_NAMES:
        raise ValueError("sensitivity record has unknown input kind %d" % message.input)


def describe(message: Any) -> dict[str, Any]:
    """What the ``runs`` listing says of a record, without decompressing its
    arrays but the token offsets (their headers are checked: a record that
    cannot be read is listed so)."""
    _check(message)
    _check_examples(message)
    _check_lists(message)
    arrays.check(*_specs_and_groups(message))
    return {
        "input": _INPUT_NAMES[message.input],
        "choices": [c.name for c in message.choices],
        "num_examples": int(message.num_examples),
        "num_classes": _num_classes(message),
        "has_groups": bool(message.has_groups),
    }


def _num_classes(message: Any) -> int:
    """K, named or not: from the names, w (a weight per class; empty when uniform), or the declared length
    of a choice's class rows (read from its header, nothing inflated); 0 when none of them tells."""
    known = len(message.class_names) or len(message.w)
    if known:
        return known
    shapes = (arrays.declared_shape(c.class_rows) for c in message.choices if c.HasField("class_rows"))
    return next((shape[0] for shape in shapes if len(shape) == 1), 0)


def _stats(message: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"key": message.key}
    for name in STATS:
        value = getattr(message, name)
        out[name] = int(value) if name in COUNTS else float(value)
    out["coverage"] = coverage(out["n_defined"], out["n"])
    return out


#: Percentiles 0 to 100 of each choice's P.
QUANTILES = 101


def _known(length: int) -> int | None:
    """A dimension from a list the record may leave empty (then: any length)."""
    return length or None


def array_specs(message: Any) -> list[tuple[Any, ArraySpec]]:
    """What each stored array must be, from the choices, names, classes and
    tokens the record declares (the one place that says so)."""
    return choice_specs(message) + example_specs(message)


def _specs_and_groups(message: Any) -> tuple[list[tuple[Any, ArraySpec]], list[ArrayGroup]]:
    """`array_specs`, with a version 1 record's example arrays as `ArrayGroup`s (checked in a few calls)."""
    if message.version == messages.PER_EXAMPLE_VERSION:
        return choice_specs(message), example_groups(message)
    return choice_specs(message) + example_specs(message), []


def choice_specs(message: Any) -> list[tuple[Any, ArraySpec]]:
    """The arrays of each v choice (`array_specs`)."""
    f64, i64 = np.float64, np.int64
    n_features = _known(len(message.feature_names))
    n_classes = _known(len(message.class_names) or len(message.w))  # w has a weight per class (K)
    specs = []
    for i, c in enumerate(message.choices):
        at = "choices[%d]." % i
        edges = arrays.declared_shape(c.histogram_edges)[:1] or (1,)
        types = len(c.token_types)
        specs += [
            (c.histogram_edges, ArraySpec(at + "histogram_edges", f64, (None,), most=HISTOGRAM_BINS + 1)),
            (c.histogram_counts, ArraySpec(at + "histogram_counts", i64, (max(edges[0] - 1, 0),),
                                                       beside=at + "histogram_edges")),
            (c.quantiles, ArraySpec(at + "quantiles", f64, (QUANTILES,))),
            (c.class_rows, ArraySpec(at + "class_rows", f64, (n_classes,), optional=True)),
            (c.feature_sensitivity, ArraySpec(at + "feature_sensitivity", f64, (n_features,), optional=True)),
            (c.feature_contribution, ArraySpec(at + "feature_contribution", f64, (n_features,), optional=True)),
            (c.token_type_sensitivity, ArraySpec(at + "token_type_sensitivity", f64, (types,))),
            (c.token_type_counts, ArraySpec(at + "token_type_counts", i64, (types,))),
        ]
    return specs


def example_specs(message: Any) -> list[tuple[Any, ArraySpec]]:
    """The arrays of the retained examples (`array_specs`): the example
    columns, or in a version 1 record each example's own arrays."""
    if message.version == messages.PER_EXAMPLE_VERSION:
        return [spec for group in example_groups(message) for spec in group.specs()]
    return columns.specs(message, _known(len(message.feature_names)))


def example_groups(message: Any) -> list[ArrayGroup]:
    """The arrays of the retained examples of a version 1 record, one
    `ArrayGroup` per field (what `example_specs` says, checked for all
    examples at once); none in later versions (their columns are specs)."""
    if message.version != messages.PER_EXAMPLE_VERSION:
        return []
    f64 = np.float64
    examples = list(message.examples)  # each example's wrapper made once, not once per field
    n_choices, n_features = len(message.choices), _known(len(message.feature_names))
    features = [(n_choices, n_features)] * len(examples)
    lengths = [len(e.tokens) for e in examples]
    tokens = [(n_choices, n or None) for n in lengths] if any(lengths) else [(n_choices, None)] * len(examples)
    return [
        ArrayGroup("examples[%d].p", f64, [e.p for e in examples], [(n_choices,)] * len(examples)),
        ArrayGroup("examples[%d].token_sensitivity", f64, [e.token_sensitivity for e in examples], tokens, True),
        ArrayGroup("examples[%d].token_weight", f64, [e.token_weight for e in examples], tokens, True),
        ArrayGroup("examples[%d].feature_sensitivity", f64, [e.feature_sensitivity for e in examples], features, True),
        ArrayGroup("examples[%d].feature_weight", f64, [e.feature_weight for e in examples], features, True),
    ]


def _check_lists(message: Any) -> None:
    """What the array specs do not cover: names, counts and indices beside each other."""
    names, n_examples = [c.name for c in message.choices], _example_count(message)
    if len(set(names)) != len(names):
        raise ValueError("sensitivity record has duplicate v choice names")
    at = "sensitivity record: "
    check_stored_names(names, at + "choices[%d].name")
    check_stored_names(message.feature_names[:], at + "feature_names")
    check_stored_names(message.class_names[:], at + "class_names")
    if message.version == messages.PER_EXAMPLE_VERSION:
        id_strings([e.id for e in message.examples], at + "examples[].id")
        check_stored_names([e.group for e in message.examples], at + "examples[%d].group")
        check_stored_names([t for e in message.examples for t in e.tokens], at + "examples' tokens")
    for i, c in enumerate(message.choices):
        if len(c.reasons) != len(c.reason_counts):
            raise ValueError("sensitivity record: choices[%d] has %d reasons but %d counts"
                             % (i, len(c.reasons), len(c.reason_counts)))
        if any(not 0 <= j < n_examples for j in c.top_examples):
            raise ValueError("sensitivity record: choices[%d] has a top example index out of range" % i)
        if any(not _is_class_key(s.key) for s in c.by_class):
            raise ValueError("sensitivity record: choices[%d] has a class breakdown whose key is not a class index" % i)
        check_stored_names([s.key for s in c.by_group], at + "choices[%d].by_group[%%d].key" % i)
        features = len(message.feature_names) or None  # the mask's features, when the record names them
        outside = [j for j in c.indices[:] if j < 0 or (features is not None and j >= features)]
        if outside:
            raise ValueError("%schoices[%d].indices hold %d, not a feature index%s"
                             % (at, i, outside[0], "" if features is None else " (0 to %d)" % (features - 1)))
        check_stored_names(c.token_types[:], at + "choices[%d].token_types" % i)
    _check_counts(message)


def _check_counts(message: Any) -> None:
    """Counts, class weights and statistics, as the collector writes them."""
    values.check_count(message.num_examples, "sensitivity record: num_examples")
    for name in ("top_k", "sample_size"):
        values.check_limit(getattr(message, name), "sensitivity record: " + name)
    if message.w:
        try:
            check_stochastic(np.asarray(message.w), "w")
        except ValueError as e:
            raise ValueError("sensitivity record: %s" % e)
        if message.class_names and len(message.w) != len(message.class_names):
            raise ValueError("sensitivity record: w has %d weights for %d class_names"
                             % (len(message.w), len(message.class_names)))
    for i, c in enumerate(message.choices):
        at = "sensitivity record: choices[%d]." % i
        values.check_counts(np.asarray(c.reason_counts, np.int64), at + "reason_counts")
        _check_stats(c.overall, at + "overall")
        for field in ("by_group", "by_class"):
            for j, stats in enumerate(getattr(c, field)):
                _check_stats(stats, "%s%s[%d]" % (at, field, j))


def _check_stats(stats: Any, at: str) -> None:
    """n and n_defined: counts, and no more defined values than values (coverage at most 1); the
    statistics of P, NaN (none defined) or, as P is where defined, finite and non-negative."""
    n = values.check_count(stats.n, at + ".n")
    if values.check_count(stats.n_defined, at + ".n_defined") > n:
        raise ValueError("%s.n_defined is %d, more than its n %d" % (at, stats.n_defined, n))
    for name in ("mean", "median", "p90", "max"):
        value = getattr(stats, name)
        if math.isinf(value) or value < 0:
            raise ValueError("%s.%s is %r: a statistic of P is NaN or finite and non-negative" % (at, name, value))


#: Each choice's arrays whose values `_check_distributions` checks, on every route.
_COUNTED = ("histogram_edges", "histogram_counts", "token_type_counts")


def _check_distributions(message: Any, found: dict) -> None:
    """Each choice's histogram (edges finite and rising, counts adding up to its defined examples, as
    `collect.distribution` writes them) and token type counts: small arrays, read on every route."""
    for i, c in enumerate(message.choices):
        at = "choices[%d]." % i
        edges, counts, tokens = (found.get(at + name) for name in _COUNTED)
        if edges is not None and edges.size:
            values.check_rising(edges, "sensitivity record: %shistogram_edges" % at)
        if counts is not None:
            values.check_counts(counts, "sensitivity record: %shistogram_counts" % at)
            if counts.size and int(counts.sum()) != c.overall.n_defined:
                raise ValueError("sensitivity record: %shistogram_counts add up to %d, not its overall.n_defined %d"
                                 % (at, int(counts.sum()), c.overall.n_defined))
        if tokens is not None:
            values.check_counts(tokens, "sensitivity record: %stoken_type_counts" % at)


def _check_predictions(message: Any, pred_class: np.ndarray, in_sample: np.ndarray) -> None:
    """Each retained example's predicted class (-1: none; else below the class names, when stored, by the
    collector's rule) and whether it is in the sample (0 or 1)."""
    def where(field: str, i: int) -> str:
        if message.version == messages.PER_EXAMPLE_VERSION:
            return "sensitivity record: examples[%d].%s" % (i, field)
        return "sensitivity record: %s%s[%d]" % (columns.AT, field, i)

    if pred_class.size:
        i = int(np.argmin(pred_class))
        if pred_class[i] < -1:
            raise ValueError("%s is %d; a predicted class is -1 (none) or a class index" % (where("pred_class", i), pred_class[i]))
        try:
            check_pred_class(pred_class, len(message.class_names) or None)
        except ValueError as e:
            i = int(np.argmax(pred_class))
            raise ValueError("%s is %d: %s" % (where("pred_class", i), pred_class[i], e))
    wrong = (in_sample != 0) & (in_sample != 1)
    if wrong.any():
        i = int(np.argmax(wrong))
        raise ValueError("%s is %d, not 0 or 1" % (where("in_sample", i), in_sample[i]))


def _check_examples(message: Any) -> None:
    """The retained examples' strings (text and URI: not read by ``decode_steps``)."""
    if message.version != messages.PER_EXAMPLE_VERSION:
        columns.check_lists(message)
        return
    if message.HasField("example_columns"):
        raise ValueError("sensitivity record: version %d keeps its examples in examples, not example_columns"
                         % message.version)
    for i, e in enumerate(message.examples):
        if len(e.text) > MAX_TEXT_CHARS or len(e.uri) > MAX_TEXT_CHARS:
            raise ValueError("sensitivity record: examples[%d].text or .uri is longer than %d characters"
                             % (i, MAX_TEXT_CHARS))
    _check_predictions(message, np.array([e.pred_class for e in message.examples], np.int64),
                       np.array([e.in_sample for e in message.examples], np.int64))


def _example_count(message: Any) -> int:
    if message.version == messages.PER_EXAMPLE_VERSION:
        return len(message.examples)
    return columns.count(message)


def _is_class_key(key: str) -> bool:
    return key.lstrip("-").isdigit() and len(key) < 20


def decode(message: Any) -> dict[str, Any]:
    """The contents of a payload message, with arrays unpacked.

    Raises
    ------
    ValueError
        If the message is not a record this build can read.
    """
    _check(message)
    _check_examples(message)
    _check_lists(message)
    found = arrays.read(array_specs(message))
    _check_distributions(message, found)
    choices = []
    for i, c in enumerate(message.choices):
        at = "choices[%d]." % i
        choices.append({
            "name": c.name,
            "kind": c.kind,
            "words": list(c.words),
            "indices": [int(j) for j in c.indices],
            "overall": _stats(c.overall),
            "by_group": [_stats(s) for s in c.by_group],
            "by_class": [_stats(s) for s in c.by_class],
            "reasons": {r: int(n) for r, n in zip(c.reasons, c.reason_counts)},
            "token_types": list(c.token_types),
            "top_examples": [int(j) for j in c.top_examples],
            **{k: found.get(at + k) for k in _CHOICE_ARRAYS},
        })
    if message.version != messages.PER_EXAMPLE_VERSION:
        _check_predictions(message, found[columns.AT + "pred_class"], found[columns.AT + "in_sample"])
        examples = columns.rows(message, found)
    else:
        examples = [_example(e, found, "examples[%d]." % i) for i, e in enumerate(message.examples)]
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


_CHOICE_ARRAYS = ("histogram_edges", "histogram_counts", "quantiles", "class_rows", "feature_sensitivity",
                  "feature_contribution", "token_type_sensitivity", "token_type_counts")


def _example(e: Any, found: dict, at: str) -> dict[str, Any]:
    """A retained example of a version 1 record."""
    return {
        "id": e.id,
        "group": e.group,
        "pred_class": int(e.pred_class),
        "pred_prob": float(e.pred_prob),
        "tokens": list(e.tokens),
        "reasons": list(e.reasons),
        "in_sample": bool(e.in_sample),
        "text": e.text,
        "uri": e.uri,
        **{k: found.get(at + k) for k in columns.EXAMPLE_ARRAYS},
    }


def decode_steps(message: Any) -> dict[str, Any]:
    """What ``sensitivity_steps`` serves of a record: every choice's overall
    statistics. Every array is still checked, the retained examples' too
    (a group at a time), none kept: a record unreadable on one route is
    unreadable on all."""
    _check(message)
    _check_examples(message)
    _check_lists(message)
    specs, groups = _specs_and_groups(message)
    checked = () if groups else (columns.AT + "pred_class", columns.AT + "in_sample")  # v1: in _check_examples
    distributions = {"choices[%d].%s" % (i, name) for i in range(len(message.choices)) for name in _COUNTED}
    found = arrays.read(specs, wanted=set(checked) | distributions, groups=groups)
    _check_distributions(message, found)
    if checked:
        _check_predictions(message, *(found[name] for name in checked))
    return {"choices": [{"name": c.name, "overall": _stats(c.overall)} for c in message.choices]}


#: Parts of a record the across-steps route reads (see Measure.decode_part).
PARTS = {"steps": decode_steps}


def nbytes(value: dict[str, Any]) -> int:
    """Approximate memory of a decoded record, for the cache budget: every array and name."""
    return arrays.footprint(value)
