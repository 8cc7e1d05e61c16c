"""What someone training a model reads about an estimate while it runs: one line per layer, the flags in words
with what to do about them, and what the Keras callback and the PyTorch helper share: the check of their
attributes, class names and estimator settings before any estimate, the layer-by-layer loop, and the records
built before the first is written."""

from __future__ import annotations

import re
import sys
import time
import warnings
from typing import Any, Callable, Mapping

import numpy as np

from tb_bias_plugin.core.validation import check_finite_array, check_integer, preview
from tb_bias_plugin.measures.representation import builder
from tb_bias_plugin.measures.representation import entropy as _np
from tb_bias_plugin.writing import events

__all__ = ["build_payloads", "check_inputs", "estimate_layers", "flag_advice", "progress_line"]

#: What to do about each flag (the loose flag's advice is its `loose_reason`).
_ADVICE = {
    _np.FLAG_OUTSIDE_UNIT: "B outside [0, 1]: estimation noise; more rows in the evaluation sample narrow it",
    _np.FLAG_NOISE_FLOOR: ("inside the noise floor: B cannot be told from its shuffled-Z control; with a few control runs the "
                           "band is mostly a 0.02 guess: control_permutations=10 makes it follow the controls' own "
                           "spread, which more rows make smaller"),
    _np.FLAG_SMALL_SAMPLE: f"n < {_np.MIN_SAMPLES:,}: the estimate is noisy; pass at least {_np.MIN_SAMPLES:,} rows",
    _np.FLAG_SMALL_CLASS: (f"a class has fewer than {_np.MIN_HELDOUT_PER_CLASS} held-out rows: its share is "
                           "noisy; pass more rows of it"),
}


def flag_advice(result) -> list[str]:
    """Each flag of `result` in words, with what to do about it.

    Examples
    --------
    >>> r = _np.RepresentationBiasResult.undefined([900, 900], 1800, reason=None, settings={"steps": 2000},
    ...                                            flags=["small_sample"])
    >>> flag_advice(r)
    ['n < 2,000: the estimate is noisy; pass at least 2,000 rows']
    """
    out = []
    for flag in result.flags:
        if flag == _np.FLAG_NOT_CONVERGED:
            out.append(_not_converged(result))
        elif flag == _np.FLAG_LOOSE:
            out.append("loose: " + (result.loose_reason or "the two bounds disagree"))
        else:
            out.append(_ADVICE.get(flag, flag))
    return out


def _not_converged(result) -> str:
    ran = int(result.heldout_steps[-1]) if result.heldout_steps.size else 0
    steps = int(result.settings.get("steps", ran) or ran)
    rise = _np.convergence_rise(result.heldout_steps, result.heldout_curve, ran)
    rose = f"still rose {rise:.3f} nats" if np.isfinite(rise) else "was still rising"
    return (f"not converged: MINE's held-out bound {rose} over the last 20 % of its {steps:,} steps; pass "
            f"steps={2 * steps} (about twice MINE's time), or read B from the classifier bound when it is the larger")


def check_verbose(value: Any) -> bool:
    """``verbose`` as Keras takes it, a bool or a non-negative integer (0 silent), read as a flag.

    Examples
    --------
    >>> check_verbose(True), check_verbose(0), check_verbose(2)
    (True, False, True)
    """
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    return bool(check_integer(value, "verbose", low=0))


def progress_line(result, *, layer: str, attribute: str, seconds: float, step: int | None = None,
                  who: str = "representation bias", step_word: str = "step") -> str:
    """One line: which layer and attribute, B and the bound it took, its control, the seconds it took.

    Examples
    --------
    >>> r = _np.RepresentationBiasResult.undefined([10], 10, reason="single_class", settings={})
    >>> progress_line(r, layer="fc", attribute="sex", seconds=0.01, step=3)
    'representation bias, step 3, layer fc, sex: B = nan (single_class) in 0.0 s'
    """
    where = f"{who}, " + (f"{step_word} {step}, " if step is not None else "") + f"layer {layer}, {attribute}"
    if result.reason and not np.isfinite(result.bias):
        return f"{where}: B = nan ({result.reason}) in {seconds:.1f} s"
    bound = {"mine": "MINE", "classifier": f"classifier, {result.classifier}"}.get(result.bound, "none")
    other = (f"classifier {result.classifier_bias:.3f}" if result.bound == "mine"
             else f"MINE {result.mine_bias:.3f}")
    flags = f"; flags: {', '.join(result.flags)}" if result.flags else ""
    control = round(result.control_bias, 3) + 0.0  # -0.0004 reads +0.000, not -0.000
    return (f"{where}: B = {result.bias:.3f} ({bound}; {other}), control {control:+.3f}, "
            f"in {seconds:.1f} s{flags}")


def estimate_layers(activations: Mapping[str, np.ndarray], protected: Mapping[str, np.ndarray],
                    estimator: Mapping[str, Any], *, step: int | None, verbose: bool, who: str, step_word: str = "step",
                    estimate: Callable[..., Any] | None = None) -> dict[str, dict[str, Any]]:
    """``{attribute: {layer: result}}``: one estimate per layer and attribute, each reported as it ends.

    With `verbose`, every estimate prints its `progress_line` (to stdout, as Keras's own progress does)
    and the advice of each flag on the lines below it, so the cost of each layer and what to do about a
    flag are visible while training runs.
    """
    if estimate is None:
        from tb_bias_plugin.measures.representation.mine import representation_bias

        estimate = representation_bias
    for layer, values in activations.items():  # all checked before the first estimate, which takes seconds
        check_finite_array(values, "the output of layer %r on x" % layer, hint="is x finite?")
    found: dict[str, dict[str, Any]] = {}
    for attribute, codes in protected.items():
        found[attribute] = {}
        for layer, values in activations.items():
            start = time.perf_counter()
            with warnings.catch_warnings():
                if verbose:  # the small-sample and small-class flags' advice is printed below: not said twice
                    warnings.filterwarnings("ignore", message=r"n = \d+ < \d+: " + _np.SMALL_SAMPLE_WARNING,
                                            category=UserWarning)
                    warnings.filterwarnings("ignore", message=re.escape(_np.SMALL_CLASS_WARNING), category=UserWarning)
                result = estimate(values, codes, **estimator)
            found[attribute][layer] = result
            if verbose:
                lines = [progress_line(result, layer=layer, attribute=attribute, step=step, who=who,
                                       step_word=step_word, seconds=time.perf_counter() - start)]
                lines += ["    " + advice for advice in flag_advice(result)]
                print("\n".join(lines), file=sys.stdout, flush=True)
    return found


def check_inputs(protected: Any, n_rows: int, *, name: str, class_names: Any,
                 estimator: Mapping[str, Any]) -> tuple[dict[str, np.ndarray], dict[str, list[str]]]:
    """The attributes, class names and estimator settings of a callback or helper call, checked before any
    estimate runs (a bad one would otherwise fail after minutes of estimates, or after some records).

    Parameters
    ----------
    protected : array of int codes, or mapping of str to arrays
        One attribute (tag `name`) or several, each of `n_rows` codes.
    n_rows : int
        Rows of the evaluation sample.
    name : str
        The tag of a single attribute.
    class_names : sequence of str, or mapping of attribute to sequence, optional
        One name per class (code) of each attribute they are given for.
    estimator : mapping
        Settings for ``representation_bias`` (`mine.check_estimator_settings`).

    Returns
    -------
    codes : dict of str to ndarray
    class_names : dict of str to list of str
        Only for the attributes with names.

    Raises
    ------
    ValueError
        Naming the argument: no rows, a bad attribute name or codes, class names that repeat, name an
        attribute `protected` has not or do not match an attribute's classes, or a bad setting.

    Examples
    --------
    >>> check_inputs({"sex": [0, 1, 1]}, 3, name="r", class_names=["f", "m"], estimator={})[1]
    {'sex': ['f', 'm']}
    >>> check_inputs({"race": [0, 3, 1]}, 3, name="r", class_names=["f", "m"], estimator={})
    Traceback (most recent call last):
    ...
    ValueError: attribute 'race' has 4 classes (codes 0..3) but 2 class_names were given
    """
    from tb_bias_plugin.measures.representation.mine import check_estimator_settings

    if n_rows < 1:
        raise ValueError("x must hold at least one example, got %d rows" % n_rows)
    attributes = dict(protected) if isinstance(protected, Mapping) else {name: protected}
    if not attributes:
        raise ValueError("protected must hold at least one attribute, got an empty mapping")
    check_estimator_settings(estimator, n_rows)
    continuous = bool(estimator.get("continuous"))
    codes = {}
    for attribute, values in attributes.items():
        events.check_name(attribute)
        named = "protected[%r]" % attribute if isinstance(protected, Mapping) else "protected"
        codes[attribute] = _np.validate_protected(values, n_rows, continuous=continuous, name=named, rows_of="x")
    if class_names is None:
        names = {}
    elif isinstance(class_names, Mapping):
        unknown = [a for a in class_names if a not in codes]
        if unknown:
            raise ValueError("class_names names attributes protected does not have: %s; its attributes: %s"
                             % (preview(unknown), preview(codes)))
        names = {a: builder.check_class_names(v, "class_names of %r" % a) for a, v in class_names.items()}
    else:
        names = dict.fromkeys(codes, builder.check_class_names(class_names))
    if not continuous:  # a continuous attribute has no classes to name
        for attribute, given in names.items():
            builder.check_class_count(given, int(codes[attribute].max()) + 1, "attribute %r" % attribute)
        if estimator.get("train_counts") is not None:  # one count per class of every attribute
            for values in codes.values():
                _np.train_entropy(estimator["train_counts"], int(values.max()) + 1)
    return codes, names


def build_payloads(found: Mapping[str, Mapping[str, Any]], class_names: Mapping[str, Any], *,
                   named: bool) -> list[tuple[str, Any]]:
    """``[(tag, payload), ...]`` of `estimate_layers`' results: every record built (and checked)
    before the first is written, so a bad one leaves no partial output.

    With `named` (``protected`` was a mapping) each tag is an attribute's name, which its record
    carries, as ``Writer.representation_bias(..., attribute=)`` does; one array's tag is ``name=``.
    """
    return [(tag, builder.representation_bias(results, attribute=tag if named else None,
                                              class_names=class_names.get(tag)))
            for tag, results in found.items()]
