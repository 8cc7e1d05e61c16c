"""HTTP routes of the representation measure (docs/http_api.md,
"Representation bias"): ``representation`` (every layer at a step),
``representation/series`` (B per step per layer with the control band)
and ``representation/curve`` (the MINE curve of one layer and step).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tb_bias_plugin.core.validation import is_integer
from tb_bias_plugin.measures.representation.codec import LayerEstimate, RepresentationRecord
from tb_bias_plugin.measures.representation.entropy import control_half_width
from tb_bias_plugin.measures.representation.metadata import MEASURE_ID
from tb_bias_plugin.web.params import MAX_NAME, Params, bad_request
from tb_bias_plugin.web.responses import json_value, respond

#: Limits shared with the frontend (served in ``runs``).
LIMITS = {"max_steps": 10_000, "max_name": MAX_NAME}


def _numbers(values: Any) -> list:
    return [json_value(v) for v in np.asarray(values, dtype=np.float64).tolist()]


def control_band(estimate: LayerEstimate, values: Any = None) -> tuple[float, float]:
    """``(low, high)`` of the shuffled-Z band of B: mean +- `control_half_width` of
    the control runs (as the flags use). `values`:
    another bound's control B per permutation instead of B's."""
    return _band(estimate.result.control_biases if values is None else values)


def _band(control_biases: Any) -> tuple[float, float]:
    values = np.asarray(control_biases, dtype=np.float64)
    values = values[np.isfinite(values)]
    if values.size == 0:
        return float("nan"), float("nan")
    half = control_half_width(values)
    mean = float(values.mean())
    return mean - half, mean + half


def _layer_summary(estimate: LayerEstimate) -> dict[str, Any]:
    r = estimate.result
    low, high = control_band(estimate)
    return {
        "layer": estimate.layer,
        "bias": json_value(r.bias),
        "mutual_information": json_value(r.mutual_information),
        "mutual_information_sampled": json_value(r.mutual_information_sampled),
        "entropy": json_value(r.entropy),
        "control_bias": json_value(r.control_bias),
        "control_mutual_information": json_value(r.control_mutual_information),
        "control_biases": _numbers(r.control_biases),
        "control_low": json_value(low),
        "control_high": json_value(high),
        "flags": list(r.flags),
        "reason": r.reason,
        "n": int(r.n),
        "n_train": int(r.n_train),
        "n_heldout": int(r.n_heldout),
        "class_counts": [int(c) for c in r.class_counts],
        "train_entropy": json_value(r.train_entropy),
        "best_step": int(r.best_step),
        "settings": dict(r.settings),
        **_bounds(estimate),
    }


def _bounds(estimate: LayerEstimate) -> dict[str, Any]:
    """Both lower bounds of a layer, each with its control band, which one B took and why it is loose."""
    r = estimate.result
    out: dict[str, Any] = {"bound": r.bound or None, "classifier": r.classifier or None,
                           "loose_reason": r.loose_reason}
    for name in ("mine", "classifier"):
        controls = getattr(r, name + "_control_biases")
        low, high = control_band(estimate, controls)
        out.update({
            name + "_bias": json_value(getattr(r, name + "_bias")),
            name + "_mutual_information": json_value(getattr(r, name + "_mutual_information")),
            name + "_control_biases": _numbers(controls),
            name + "_control_low": json_value(low),
            name + "_control_high": json_value(high),
        })
    return out


def _int_setting(value: Any) -> int | None:
    return int(value) if is_integer(value) else None


def _record(request: Any, services: Any, run: str, tag: str, step: int | None) -> tuple[int, RepresentationRecord]:
    loaded = services.load(request, run, tag, step, MEASURE_ID)
    return loaded.step, loaded.value


def representation(request: Any, services: Any) -> Any:
    """Every layer's estimate at one step (the latest by default)."""
    params = Params(request.args, request.query_string)
    run, tag, step = params.run_tag_step()
    loaded = services.load(request, run, tag, step, MEASURE_ID)
    step, record = loaded.step, loaded.value
    layers = [_layer_summary(e) for e in record.layers]
    first = record.layers[0].result if record.layers else None
    body = {
        "run": run,
        "tag": tag,
        "step": step,
        "description": loaded.description,
        "attribute": record.attribute or tag,
        "class_names": list(record.class_names),
        "layers": layers,
        # the sample the layers were measured on (the first layer's; `same_sample` says whether all agree)
        "n": int(first.n) if first is not None else None,
        "class_counts": [int(c) for c in first.class_counts] if first is not None else [],
        "entropy": json_value(first.entropy) if first is not None else None,
        "train_entropy": json_value(first.train_entropy) if first is not None else None,
        "same_sample": all(
            e.result.n == first.n and np.array_equal(e.result.class_counts, first.class_counts)
            for e in record.layers
        ) if first is not None else True,
    }
    return respond(request, body)


#: What the series shows of a layer at a step, in this order.
_SERIES_FIELDS = ("bias", "mutual_information", "control_bias", "control_low", "control_high", "flags", "bound",
                  "mine_bias", "classifier_bias", "loose_reason")


def _series(request: Any, services: Any, run: str, tag: str) -> dict[str, Any]:
    # one listing of the series, and of each record only what the series shows
    loaded = services.load_steps(request, run, tag, MEASURE_ID, last=LIMITS["max_steps"], part="series")
    key = ("representation/series", run, tag, tuple(x.key for x in loaded))

    def make() -> dict[str, Any]:
        per_step = [_step_points(services, x) for x in loaded]
        layers: list[str] = list(dict.fromkeys(name for points in per_step for name in points))
        series = []
        for name in layers:
            columns: dict[str, list] = {k: [] for k in _SERIES_FIELDS}
            for points in per_step:
                row = points.get(name)
                for k, value in zip(_SERIES_FIELDS, row or [[] if k == "flags" else None for k in _SERIES_FIELDS]):
                    columns[k].append(value)
            series.append({"layer": name, **columns})
        return {"run": run, "tag": tag, "steps": [x.step for x in loaded], "layers": layers, "series": series}

    return services.derived(key, make)


def _step_points(services: Any, loaded: Any) -> dict[str, tuple]:
    """What the series shows of each layer at one step (`_SERIES_FIELDS`), cached per record:
    a running job's new step computes its own, not every step's again."""

    def make() -> dict[str, tuple]:
        points = {}
        for p in loaded.value:
            low, high = _band(p.control_biases)
            points[p.layer] = (json_value(p.bias), json_value(p.mutual_information), json_value(p.control_bias),
                               json_value(low), json_value(high), list(p.flags), p.bound or None,
                               json_value(p.mine_bias), json_value(p.classifier_bias), p.loose_reason)
        return points

    return services.derived(("representation/series.step", loaded.key), make)


def series(request: Any, services: Any) -> Any:
    """B (and the control band) per step, one series per layer."""
    params = Params(request.args, request.query_string)
    run = params.string("run", required=True, max_length=MAX_NAME)
    tag = params.string("tag", required=True, max_length=MAX_NAME)
    return respond(request, _series(request, services, run, tag))


def curve(request: Any, services: Any) -> Any:
    """The MINE curve of one layer at one step."""
    params = Params(request.args, request.query_string)
    run, tag, step = params.run_tag_step()
    layer = params.string("layer", required=True, max_length=MAX_NAME)
    step, record = _record(request, services, run, tag, step)
    try:
        e = record.layer(layer)
    except KeyError:
        raise bad_request(
            "step %d of %r has no layer %r (layers: %s)"
            % (step, tag, layer, ", ".join(x.layer for x in record.layers[:50]))
        )
    r = e.result
    low, high = control_band(e)
    return respond(request, {
        "run": run,
        "tag": tag,
        "step": step,
        "layer": layer,
        "train_steps": [int(s) for s in e.train_steps],
        "train_curve": _numbers(r.train_curve),
        "heldout_steps": [int(s) for s in r.heldout_steps],
        "heldout_curve": _numbers(r.heldout_curve),
        "validation_curve": _numbers(r.validation_curve),
        "mutual_information": json_value(r.mutual_information),
        "entropy": json_value(r.entropy),
        "control_mutual_information": json_value(r.control_mutual_information),
        "control_mutual_informations": _numbers(r.control_mutual_informations),
        "bias": json_value(r.bias),
        "control_bias": json_value(r.control_bias),
        "control_low": json_value(low),
        "control_high": json_value(high),
        "best_step": int(r.best_step),
        "bound": r.bound or None,
        "mine_mutual_information": json_value(r.mine_mutual_information),
        "mine_control_mutual_information": json_value(
            r.mine_control_biases.mean() * r.entropy if r.mine_control_biases.size else float("nan")),
        "classifier_mutual_information": json_value(r.classifier_mutual_information),
        "steps": _int_setting(r.settings.get("steps")),
        "flags": list(r.flags),
        "reason": r.reason,
    })


ROUTES = {
    "/representation": representation,
    "/representation/series": series,
    "/representation/curve": curve,
}


def config() -> dict[str, Any]:
    """Limits and defaults the view needs, served once in ``runs``: the routes' limits (``max_steps``,
    docs/http_api.md). Each record's control band is served with its layer, so the band is not here."""
    return {"limits": LIMITS}
