"""What someone training a model reads about an estimate while it runs: one line per layer, the flags in words
with what to do about them, and the layer-by-layer loop the Keras callback and the PyTorch helper share."""

from __future__ import annotations

import sys
import time
from typing import Any, Callable, Mapping

import numpy as np

from tb_bias_plugin.measures.representation import entropy as _np

__all__ = ["estimate_layers", "flag_advice", "progress_line"]

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
    return (f"{where}: B = {result.bias:.3f} ({bound}; {other}), control {result.control_bias:+.3f}, "
            f"in {seconds:.1f} s{flags}")


def estimate_layers(activations: Mapping[str, np.ndarray], protected: Mapping[str, np.ndarray],
                    estimator: Mapping[str, Any], *, step: int, verbose: bool, who: str, step_word: str = "step",
                    estimate: Callable[..., Any] | None = None) -> dict[str, dict[str, Any]]:
    """``{attribute: {layer: result}}``: one estimate per layer and attribute, each reported as it ends.

    With `verbose`, every estimate prints its `progress_line` (to stdout, as Keras's own progress does)
    and the advice of each flag on the lines below it, so the cost of each layer and what to do about a
    flag are visible while training runs.
    """
    if estimate is None:
        from tb_bias_plugin.measures.representation.mine import representation_bias

        estimate = representation_bias
    found: dict[str, dict[str, Any]] = {}
    for attribute, codes in protected.items():
        found[attribute] = {}
        for layer, values in activations.items():
            start = time.perf_counter()
            result = estimate(values, codes, **estimator)
            found[attribute][layer] = result
            if verbose:
                lines = [progress_line(result, layer=layer, attribute=attribute, step=step, who=who,
                                       step_word=step_word, seconds=time.perf_counter() - start)]
                lines += ["    " + advice for advice in flag_advice(result)]
                print("\n".join(lines), file=sys.stdout, flush=True)
    return found
