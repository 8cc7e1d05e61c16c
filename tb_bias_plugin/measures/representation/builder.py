"""The summary the representation measure writes: ``representation_bias``.

The builder validates its arguments and returns the payload message; the
writing layer (``tb_bias_plugin.summary``) adds the name, step and
description and writes it with or without TensorFlow.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

from tb_bias_plugin.core.validation import MAX_NAME, check_name, check_names
from tb_bias_plugin.measures.representation import codec
from tb_bias_plugin.measures.representation.entropy import RepresentationBiasResult
from tb_bias_plugin.storage import values


def _name(value: Any, what: str) -> str:
    return check_name(value, what, max_length=MAX_NAME)


def _result(value: Any, layer: str) -> RepresentationBiasResult:
    if isinstance(value, RepresentationBiasResult):
        return value
    raise ValueError(
        "the estimate of layer %r must be a RepresentationBiasResult (from "
        "tb_bias_plugin.representation_bias or RepresentationBiasResult.from_dict), got %s"
        % (layer, type(value).__name__)
    )


def check_class_names(class_names: Any, what: str = "class_names") -> list[str]:
    """`class_names` checked: a sequence of unique, non-empty strings of at most `MAX_NAME` characters.

    Examples
    --------
    >>> check_class_names(("f", "m"))
    ['f', 'm']
    >>> check_class_names(["f", "f"])
    Traceback (most recent call last):
    ...
    ValueError: class_names has duplicate names: 'f'
    """
    return [_name(c, "class name") for c in check_names(class_names, what)]


def check_class_count(names: list[str], classes: int, where: str) -> None:
    """One class name per class (code ``0 .. classes - 1``) of `where`, a layer or an attribute."""
    if len(names) != classes:
        raise ValueError("%s has %d classes (codes 0..%d) but %d class_names were given"
                         % (where, classes, classes - 1, len(names)))


def layer_results(result: Any, layer: Any = None) -> list[tuple[str, RepresentationBiasResult]]:
    """``[(layer, result), ...]`` from one result and its layer, or a mapping of layers.

    Examples
    --------
    >>> r = RepresentationBiasResult.undefined([5], 5, reason="single_class", settings={})
    >>> [name for name, _ in layer_results({"conv1": r, "fc": r})]
    ['conv1', 'fc']
    >>> layer_results(r)
    Traceback (most recent call last):
    ...
    ValueError: layer= is required with a single result (or pass {layer: result, ...})
    """
    if isinstance(result, Mapping):
        if layer is not None:
            raise ValueError("layer= goes with a single result, not with a mapping of layers")
        pairs = [(_name(k, "layer"), _result(v, k)) for k, v in result.items()]
    else:
        if layer is None:
            raise ValueError("layer= is required with a single result (or pass {layer: result, ...})")
        pairs = [(_name(layer, "layer"), _result(result, layer))]
    if not pairs:
        raise ValueError("no layers given")
    if len(pairs) > codec.MAX_LAYERS:
        raise ValueError("at most %d layers per record, got %d" % (codec.MAX_LAYERS, len(pairs)))
    return pairs


def representation_bias(
    result: Any,
    *,
    layer: str | None = None,
    attribute: str | None = None,
    class_names: Sequence[str] | None = None,
) -> Any:
    """The payload of representation-level bias estimates of one protected attribute at one step.

    Validates the arguments of :meth:`tb_bias_plugin.summary.Writer.representation_bias`
    (documented there, with the ValueErrors raised) and returns the message.

    Examples
    --------
    >>> import tempfile
    >>> from tb_bias_plugin import summary
    >>> r = RepresentationBiasResult.undefined([5], 5, reason="single_class", settings={})
    >>> with summary.Writer(tempfile.mkdtemp()) as writer:
    ...     writer.representation_bias("sex", {"conv1": r, "fc": r}, step=3)
    True
    """
    pairs = layer_results(result, layer)
    if attribute is not None:
        _name(attribute, "attribute")
    names: list[str] = []
    if class_names is not None:
        names = check_class_names(class_names)
        for layer_name, res in pairs:
            if res.class_counts.size:
                check_class_count(names, res.class_counts.size, "layer %r" % layer_name)
    for layer_name, res in pairs:  # the record's own rules, so that what is written can be read
        if not all(isinstance(getattr(res, k), (int, np.integer)) for k in ("n", "n_train", "n_heldout")):
            raise ValueError("layer %r has an invalid sample size %r" % (layer_name, (res.n, res.n_train, res.n_heldout)))
        codec.check_sizes(res, "layer %r: " % layer_name)
        values.check_counts(res.class_counts, "layer %r: class_counts" % layer_name)
    return codec.encode(pairs, attribute or "", names)
