"""HTTP routes of the prediction-sensitivity measure: ``sensitivity``,
``sensitivity_steps``, ``sensitivity_examples`` and ``sensitivity_compare``
(docs/http_api.md).

Everything served was computed when the record was written (exact
aggregates, histograms, retained examples); Spearman's rho between two v
choices is computed here, on the uniform sample of retained examples.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tb_bias_plugin.core.stats import spearman
from tb_bias_plugin.measures.sensitivity.aggregates import COUNTS, STATS
from tb_bias_plugin.measures.sensitivity.metadata import MEASURE_ID
from tb_bias_plugin.web.params import MAX_NAME, Params, bad_request
from tb_bias_plugin.web.responses import json_value, respond

#: Limits and defaults shared with the frontend (served in ``runs``).
LIMITS: dict[str, Any] = {
    "max_steps": 10_000,
    "max_examples": 1000,
    "default_examples": 10,
}

NOTE = (
    "P has the units of the inputs: compare values only between models that share an input space "
    "(the same features, scaling, tokenizer and embedding layer)."
)

#: Served of each set of P: the stored statistics and the coverage they give.
_SERVED_STATS = STATS + ("coverage",)
#: Served of each step in a tag's series: those that are not counts.
_STEP_STATS = tuple(k for k in _SERVED_STATS if k not in COUNTS)


def _stats(s: dict[str, Any]) -> dict[str, Any]:
    return {k: (s[k] if k in COUNTS else json_value(s[k])) for k in _SERVED_STATS}


def _array(values: Any) -> list | None:
    if values is None:
        return None
    return [json_value(v) for v in np.asarray(values, dtype=np.float64).ravel()]


def _class_name(value: dict[str, Any], index: int) -> str | None:
    if index < 0:
        return None
    names = value["class_names"]
    return names[index] if index < len(names) else str(index)


def _load(request: Any, services: Any, params: Params) -> tuple[Any, str, str]:
    run, tag, step = params.run_tag_step()
    return services.load(request, run, tag, step, MEASURE_ID), run, tag


def _choice_index(value: dict[str, Any], params: Params, name: str, default: int | None = 0) -> int:
    names = [c["name"] for c in value["choices"]]
    text = params.string(name, None, max_length=MAX_NAME)
    if text in (None, ""):
        if default is None:
            raise bad_request("missing required parameter %r" % name)
        return default
    if text not in names:
        raise bad_request("parameter %r: unknown v choice %r; choices: %s" % (name, text, ", ".join(names)))
    return names.index(text)


def sensitivity(request: Any, services: Any) -> Any:
    """Aggregates, histogram, breakdowns and per-feature or per-token-type means of every v choice."""
    params = Params(request.args, request.query_string)
    loaded, run, tag = _load(request, services, params)
    value = loaded.value
    feature_names = value["feature_names"]
    choices = []
    for c in value["choices"]:
        body = {"name": c["name"], "kind": c["kind"], "words": c["words"], "indices": c["indices"]}
        body.update(_stats(c["overall"]))
        body["reasons"] = c["reasons"]
        body["histogram"] = {"edges": _array(c["histogram_edges"]), "counts": c["histogram_counts"].tolist()}
        q = c["quantiles"]
        body["quantiles"] = {str(p): json_value(q[p]) for p in (0, 10, 25, 50, 75, 90, 100)}
        body["by_group"] = [dict(_stats(s), group=s["key"]) for s in c["by_group"]]
        body["by_class"] = [
            dict(_stats(s), pred_class=int(s["key"]), class_name=_class_name(value, int(s["key"])))
            for s in c["by_class"]
        ]
        rows = c["class_rows"]
        body["class_rows"] = None if rows is None else [
            {"class_index": k, "class_name": _class_name(value, k), "mean": json_value(r)} for k, r in enumerate(rows)
        ]
        feat, contrib = c["feature_sensitivity"], c["feature_contribution"]
        body["features"] = None if feat is None else [
            {
                "index": i,
                "name": feature_names[i] if i < len(feature_names) else str(i),
                "sensitivity": json_value(feat[i]),
                "contribution": None if contrib is None else json_value(contrib[i]),
            }
            for i in range(len(feat))
        ]
        body["token_types"] = [
            {"token": t, "mean": json_value(m), "count": int(n)}
            for t, m, n in zip(c["token_types"], c["token_type_sensitivity"], c["token_type_counts"])
        ]
        choices.append(body)
    return respond(request, {
        "run": run,
        "tag": tag,
        "step": loaded.step,
        "description": loaded.description,
        "input": value["input"],
        "num_examples": value["num_examples"],
        "class_names": value["class_names"],
        "feature_names": feature_names,
        "w": value["w"],
        "has_groups": value["has_groups"],
        "has_classes": value["has_classes"],
        "top_k": value["top_k"],
        "sample_size": value["sample_size"],
        "retained": len(value["examples"]),
        "sampled": sum(e["in_sample"] for e in value["examples"]),
        "choices": choices,
        "note": NOTE,
    })


def sensitivity_steps(request: Any, services: Any) -> Any:
    """Mean, median, p90, max and coverage of every v choice at every step of a tag."""
    params = Params(request.args, request.query_string)
    run = params.string("run", required=True, max_length=MAX_NAME)
    tag = params.string("tag", required=True, max_length=MAX_NAME)
    # one listing of the series, and of each record only its choices' statistics
    loaded = services.load_steps(request, run, tag, MEASURE_ID, last=LIMITS["max_steps"], part="steps")
    steps = [x.step for x in loaded]
    series: dict[str, dict[str, list]] = {}
    for i, x in enumerate(loaded):
        for c in x.value["choices"]:
            if c["name"] not in series:
                series[c["name"]] = {k: [None] * len(steps) for k in _STEP_STATS}
            s = _stats(c["overall"])
            for k in series[c["name"]]:
                series[c["name"]][k][i] = s[k]
    return respond(request, {
        "run": run,
        "tag": tag,
        "steps": steps,
        "choices": [{"name": name, **values} for name, values in series.items()],
    })


def _example(value: dict[str, Any], index: int, choice: int) -> dict[str, Any]:
    e = value["examples"][index]
    names = [c["name"] for c in value["choices"]]
    body: dict[str, Any] = {
        "index": index,
        "id": e["id"],
        "group": e["group"] if value["has_groups"] else None,
        "pred_class": e["pred_class"] if e["pred_class"] >= 0 else None,
        "class_name": _class_name(value, e["pred_class"]),
        "pred_prob": json_value(e["pred_prob"]),
        "P": {name: json_value(p) for name, p in zip(names, e["p"])},
        "reason": e["reasons"][choice] if choice < len(e["reasons"]) and e["reasons"][choice] else None,
        "in_sample": e["in_sample"],
        "text": e["text"],
        "uri": e["uri"],
    }
    if value["input"] == "text":
        u, V = e["token_sensitivity"], e["token_weight"]
        body["tokens"] = e["tokens"]
        body["token_sensitivity"] = None if u is None else _array(u[choice])
        body["token_weight"] = None if V is None else _array(V[choice])
    else:
        s, v = e["feature_sensitivity"], e["feature_weight"]
        body["feature_sensitivity"] = None if s is None else _array(s[choice])
        body["feature_weight"] = None if v is None else _array(v[choice])
    return body


def sensitivity_examples(request: Any, services: Any) -> Any:
    """Retained examples: the top-K of a choice (most sensitive first), or the uniform sample by P (``limit`` of
    them evenly spaced by P, highest first)."""
    params = Params(request.args, request.query_string)
    loaded, run, tag = _load(request, services, params)
    value = loaded.value
    choice = _choice_index(value, params, "choice")
    source = params.choice("source", ("top", "sample"), "top")
    limit = params.integer("limit", LIMITS["default_examples"], low=1, high=LIMITS["max_examples"])
    if source == "top":
        indices = value["choices"][choice]["top_examples"]
        total = len(indices)
    else:
        sample = [i for i, e in enumerate(value["examples"]) if e["in_sample"]]
        p = np.array([value["examples"][i]["p"][choice] for i in sample], dtype=np.float64)
        order = np.argsort(-np.nan_to_num(p, nan=-np.inf), kind="stable")
        total = len(order)
        if limit < len(order):  # evenly spaced through the sample by P: its first `limit` would be its top
            order = order[np.unique(np.linspace(0, len(order) - 1, limit).round().astype(np.int64))]
        indices = [sample[i] for i in order]
    return respond(request, {
        "run": run,
        "tag": tag,
        "step": loaded.step,
        "input": value["input"],
        "choice": value["choices"][choice]["name"],
        "source": source,
        "total": total,
        "feature_names": value["feature_names"],
        "examples": [_example(value, i, choice) for i in indices[:limit]],
    })


def sensitivity_compare(request: Any, services: Any) -> Any:
    """P under two v choices on the uniform sample of examples, and Spearman's rho."""
    params = Params(request.args, request.query_string)
    loaded, run, tag = _load(request, services, params)
    value = loaded.value
    if len(value["choices"]) < 2:
        raise bad_request("this record has one v choice; logging two or more lets them be compared")
    a = _choice_index(value, params, "a", 0)
    b = _choice_index(value, params, "b", 1)
    if a == b:
        raise bad_request("parameters 'a' and 'b' must name different v choices")
    sample = [e for e in value["examples"] if e["in_sample"]]
    pa = np.array([e["p"][a] for e in sample], dtype=np.float64)
    pb = np.array([e["p"][b] for e in sample], dtype=np.float64)
    rho, n = spearman(pa, pb)
    both = ~(np.isnan(pa) | np.isnan(pb))
    return respond(request, {
        "run": run,
        "tag": tag,
        "step": loaded.step,
        "a": value["choices"][a]["name"],
        "b": value["choices"][b]["name"],
        "rho": json_value(rho),
        "n": n,
        "sampled": len(sample),
        "points": [
            {"id": e["id"], "a": float(pa[i]), "b": float(pb[i]), "group": e["group"] if value["has_groups"] else None}
            for i, e in enumerate(sample)
            if both[i]
        ],
    })


ROUTES = {
    "/sensitivity": sensitivity,
    "/sensitivity_steps": sensitivity_steps,
    "/sensitivity_examples": sensitivity_examples,
    "/sensitivity_compare": sensitivity_compare,
}


def config() -> dict[str, Any]:
    """Limits and defaults the view needs, served once in ``runs``: the routes' limits. `NOTE` goes with
    the ``sensitivity`` route's answer, which the view shows; each choice carries its own kind."""
    return {"limits": LIMITS}
