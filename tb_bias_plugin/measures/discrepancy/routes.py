"""HTTP routes of the DIPDI measure: ``discrepancy``, ``discrepancy_steps``,
``discrepancy_examples`` and ``discrepancy_compare`` (docs/http_api.md).

Every value is derived from the stored sums when read; replicate
statistics and bootstrap intervals are cached per stored step.
"""

from __future__ import annotations

import math
from typing import Any, Optional

import numpy as np

from tb_bias_plugin.measures.discrepancy import codec
from tb_bias_plugin.measures.discrepancy.dipdi import (
    DISCREPANCIES,
    PAIRINGS,
    DipdiResult,
    _check_pairing,
    summarise_many,
)
from tb_bias_plugin.measures.discrepancy.metadata import MEASURE_ID
from tb_bias_plugin.measures.discrepancy.replicates import BOOTSTRAP_COVERS, bootstrap_dipdi, replicate_summary
from tb_bias_plugin.web.params import MAX_NAME, Params, bad_request
from tb_bias_plugin.web.responses import json_value, respond

#: Limits and defaults shared with the frontend (served in ``runs``).
LIMITS: dict[str, Any] = {
    "min_group_n": 30,
    "min_replicates_for_stars": 6,
    "max_steps": 1000,
    "bootstrap_resamples": 1000,
    "bootstrap_confidence": 0.95,
    "max_top": 1000,
}


def _stars(pvalue: Optional[float], replicates: int) -> str:
    """Significance marks of the Wilcoxon test; none below six replicates,
    where the exact test cannot reach p < 0.05."""
    if pvalue is None or not math.isfinite(pvalue) or replicates < LIMITS["min_replicates_for_stars"]:
        return ""
    return "***" if pvalue < 0.001 else "**" if pvalue < 0.01 else "*" if pvalue < 0.05 else ""


def _pairing(params: Params, stored: codec.StoredDiscrepancy) -> str:
    pairing = params.choice("pairing", PAIRINGS, stored.pairing)
    try:
        codec.result(stored, stored.replicates[0], pairing, groups=False)
    except ValueError as e:
        raise bad_request("parameter 'pairing': %s" % e)
    return pairing


def _results(services: Any, loaded: Any, pairing: str, groups: bool = True) -> list[DipdiResult]:
    stored = loaded.value
    return services.derived(
        ("discrepancy.results", loaded.key, pairing, groups),
        lambda: [codec.result(stored, rep, pairing, groups=groups) for rep in stored.replicates],
    )


def _uncertainty(services: Any, loaded: Any, pairing: str, results: list[DipdiResult]) -> dict[str, Any]:
    """Replicate statistics (R >= 2), or a bootstrap interval (R = 1), or why neither."""
    stored = loaded.value
    if len(results) > 1:
        return _replicate_uncertainty([r.dipdi for r in results if math.isfinite(r.dipdi)], len(results))
    per = codec.pair_discrepancies(stored, stored.replicates[0])
    if per is None or pairing != stored.pairing:
        why = (
            "no per-example values stored (logged from an accumulator, or examples x pairs above %d)" % codec.MAX_EXAMPLE_D
            if per is None
            else "the bootstrap needs the logged pairing (%s)" % stored.pairing
        )
        return {"kind": "none", "replicates": 1, "note": why, "low": None, "high": None}
    interval = services.derived(
        ("discrepancy.bootstrap", loaded.key),
        lambda: bootstrap_dipdi(
            per, n_resamples=LIMITS["bootstrap_resamples"], confidence=LIMITS["bootstrap_confidence"], seed=0
        ),
    )
    return {
        "kind": "bootstrap",
        "replicates": 1,
        "low": json_value(interval.low),
        "high": json_value(interval.high),
        "confidence": interval.confidence,
        "n_resamples": interval.n_resamples,
        "n_undefined": interval.n_undefined,
        "covers": BOOTSTRAP_COVERS,
    }


def _replicate_uncertainty(values: list[float], replicates: int) -> dict[str, Any]:
    """Statistics of the defined (finite) DIPDI ``values`` of ``replicates`` replicates (R >= 2)."""
    body: dict[str, Any] = {"kind": "replicates", "replicates": replicates, "defined": len(values)}
    if not values:
        return dict(body, mean=None, std=None, low=None, high=None, pvalue=None, statistic=None, method=None, stars="")
    s = replicate_summary(values)
    std = s.std if math.isfinite(s.std) else None
    return dict(
        body,
        mean=s.mean,
        std=std,
        low=None if std is None else s.mean - std,
        high=None if std is None else s.mean + std,
        pvalue=json_value(s.pvalue),
        statistic=json_value(s.statistic),
        method=s.method,
        stars=_stars(s.pvalue, len(values)),
    )


def _mean(values: list[float]) -> Optional[float]:
    finite = [v for v in values if math.isfinite(v)]
    return float(np.mean(finite)) if finite else None


def _summary(services: Any, loaded: Any, pairing: str, groups: bool = True) -> dict[str, Any]:
    """DIPDI of one stored step: the mean over replicates, the three mean
    discrepancies and the uncertainty (per-group values only with ``groups``)."""
    results = _results(services, loaded, pairing, groups)
    if len(results) == 1:
        value, reason = json_value(results[0].dipdi), results[0].reason
    else:
        value = _mean([r.dipdi for r in results])
        reason = None if value is not None else "no_replicate_defined"
    return {
        "step": loaded.step,
        "dipdi": value,
        "reason": reason,
        "n": results[0].n,
        "between": _mean([r.between for r in results]),
        "within_a": _mean([r.within_a for r in results]),
        "within_b": _mean([r.within_b for r in results]),
        "uncertainty": _uncertainty(services, loaded, pairing, results),
    }


def _head(run: str, tag: str, stored: codec.StoredDiscrepancy, pairing: str) -> dict[str, Any]:
    return {
        "run": run,
        "tag": tag,
        "discrepancy": stored.discrepancy,
        "pairing": pairing,
        "logged_pairing": stored.pairing,
        "pool_names": list(stored.pool_names),
        "m_a": stored.m_a,
        "m_b": stored.m_b,
        "models": stored.model_names,
        "replicate_ids": [r.replicate for r in stored.replicates],
    }


def _load(request: Any, services: Any, params: Params) -> tuple[Any, str, str]:
    run, tag, step = params.run_tag_step()
    return services.load(request, run, tag, step, MEASURE_ID), run, tag


def _replicate(params: Params, stored: codec.StoredDiscrepancy) -> int:
    wanted = params.integer("replicate", None, low=codec.REPLICATE_RANGE[0], high=codec.REPLICATE_RANGE[1])
    try:
        return stored.replicate_index(wanted)
    except ValueError as e:
        raise bad_request("parameter 'replicate': %s" % e)


def discrepancy(request: Any, services: Any) -> Any:
    params = Params(request.args, request.query_string)
    loaded, run, tag = _load(request, services, params)
    stored = loaded.value
    pairing = _pairing(params, stored)
    index = _replicate(params, stored)
    results = _results(services, loaded, pairing)
    chosen = results[index]
    body = _head(run, tag, stored, pairing)
    body.update(_summary(services, loaded, pairing))
    body["replicate"] = stored.replicates[index].replicate
    body["description"] = loaded.description
    body["replicates"] = [
        {"replicate": rep.replicate, "dipdi": json_value(r.dipdi), "reason": r.reason, "n": r.n}
        for rep, r in zip(stored.replicates, results)
    ]
    used = chosen.pairs
    body["matrix"] = [[json_value(v) for v in row] for row in chosen.pair_matrix]
    body["used_pairs"] = {
        "between": [list(p) for p in used.between],
        "within_a": [list(p) for p in used.within_a],
        "within_b": [list(p) for p in used.within_b],
    }
    body["groups"] = _groups(results, index)
    return respond(request, body)


def _groups(results: list[DipdiResult], index: int) -> list[dict[str, Any]]:
    chosen = results[index]
    if chosen.groups is None:
        return []
    out = []
    for label, g in chosen.groups.items():
        per_rep = [r.groups[label].dipdi for r in results if r.groups is not None and label in r.groups]
        finite = [v for v in per_rep if math.isfinite(v)]
        out.append(
            {
                "group": str(label),
                "dipdi": json_value(g.dipdi) if len(results) == 1 else _mean(per_rep),
                "std": float(np.std(finite, ddof=1)) if len(finite) > 1 else None,
                "reason": g.reason if len(results) == 1 or finite else (g.reason or "no_replicate_defined"),
                "n": g.n,
                "between": json_value(g.between),
                "within_a": json_value(g.within_a),
                "within_b": json_value(g.within_b),
                "small": g.n < LIMITS["min_group_n"],
            }
        )
    return out


def discrepancy_steps(request: Any, services: Any) -> Any:
    params = Params(request.args, request.query_string)
    run = params.string("run", required=True, max_length=MAX_NAME)
    tag = params.string("tag", required=True, max_length=MAX_NAME)
    # one listing of the series, and of each record only the sums the rows show
    loaded_steps = services.load_steps(request, run, tag, MEASURE_ID, last=LIMITS["max_steps"], part="steps")
    if not loaded_steps:
        raise bad_request("%r of run %r has no steps" % (tag, run))
    last = loaded_steps[-1]
    pairing = _pairing(params, last.value)

    def make() -> dict[str, Any]:
        for loaded in loaded_steps:
            stored = loaded.value
            try:  # pool sizes may change between steps: the pairing must suit each
                _check_pairing(stored.m_a, stored.m_b, pairing)
            except ValueError as e:
                raise bad_request("step %d: %s" % (loaded.step, e))
        return dict(_head(run, tag, last.value, pairing), steps=_step_rows(services, loaded_steps, pairing))

    # the whole answer, cached: its rows are each step's replicate statistics
    body = services.derived(("discrepancy_steps", run, tag, pairing, tuple(x.key for x in loaded_steps)), make)
    return respond(request, body)


def _step_rows(services: Any, loaded_steps: list, pairing: str) -> list[dict[str, Any]]:
    """Each step's row (a row shows no group), cached per record and pairing: a running
    job's new step computes its own row, not every step's again."""
    keys = [("discrepancy_steps.row", loaded.key, pairing) for loaded in loaded_steps]
    rows = [services.derived(key, None) for key in keys]
    missing = [i for i, row in enumerate(rows) if row is None]
    new = [loaded_steps[i] for i in missing]
    together = _replicate_rows(new, pairing)
    for k, i in enumerate(missing):
        row = together[k] if k in together else _summary(services, new[k], pairing, groups=False)
        rows[i] = services.derived(keys[i], lambda row=row: row)
    return rows


def _replicate_rows(loaded_steps: list, pairing: str) -> dict[int, dict[str, Any]]:
    """`_summary` rows (without groups) of the steps logged with replicates,
    by position, computed as arrays over all steps of a layout at once (a
    long run has a thousand steps of several replicates each): the same
    numbers as one replicate at a time."""
    layouts: dict[tuple, list[int]] = {}
    for i, loaded in enumerate(loaded_steps):
        stored = loaded.value
        if len(stored.replicates) > 1:
            key = (stored.discrepancy, stored.m_a, stored.m_b, len(stored.replicates))
            layouts.setdefault(key, []).append(i)
    rows = {}
    for (discrepancy, m_a, m_b, _), indices in layouts.items():
        reps = [loaded_steps[i].value.replicates for i in indices]
        sums = np.array([[r.pair_sums for r in step] for step in reps], dtype=np.float64)
        counts = np.array([[r.n for r in step] for step in reps], dtype=np.int64)
        _, positions = codec.layout(m_a, m_b, pairing)
        dipdi, parts = summarise_many(sums, counts, discrepancy, positions)
        for k, i in enumerate(indices):
            values = [float(v) for v in dipdi[k] if math.isfinite(v)]
            value = _mean(values)
            rows[i] = {
                "step": loaded_steps[i].step,
                "dipdi": value,
                "reason": None if value is not None else "no_replicate_defined",
                "n": int(counts[k, 0]),
                **{name: _mean([float(v) for v in part[k]]) for name, part in zip(("between", "within_a", "within_b"), parts)},
                "uncertainty": _replicate_uncertainty(values, counts.shape[1]),
            }
    return rows


def _excess_to_json(values: np.ndarray) -> list[Any]:
    return [json_value(v) if np.ndim(v) == 0 else _excess_to_json(v) for v in values]


def discrepancy_examples(request: Any, services: Any) -> Any:
    params = Params(request.args, request.query_string)
    loaded, run, tag = _load(request, services, params)
    stored = loaded.value
    index = _replicate(params, stored)
    limit = params.integer("limit", 20, low=1, high=LIMITS["max_top"])
    rep = stored.replicates[index]
    body = _head(run, tag, stored, stored.pairing)
    body["step"] = loaded.step
    body["replicate"] = rep.replicate
    body["output_shape"] = list(stored.output_shape)
    body["from_logits"] = stored.from_logits
    body["top_total"] = len(rep.top_ids)
    body["top"] = [
        {
            "id": rep.top_ids[k],
            "group": rep.top_groups[k] if rep.top_groups else None,
            "excess": json_value(rep.top_excess[k]),
            "outputs": _excess_to_json(rep.top_outputs[k]),
            "text": rep.top_texts[k] if rep.top_texts else "",
            "uri": rep.top_uris[k] if rep.top_uris else "",
        }
        for k in range(min(limit, len(rep.top_ids)))
    ]
    if rep.excess_edges is None or rep.excess_counts is None:
        body["histogram"] = None
        body["note"] = "logged from an accumulator: only the top examples are kept, no histogram"
    else:
        body["histogram"] = {
            "edges": [float(v) for v in rep.excess_edges],
            "counts": [int(v) for v in rep.excess_counts],
        }
        body["note"] = None
    return respond(request, body)


def discrepancy_compare(request: Any, services: Any) -> Any:
    params = Params(request.args, request.query_string)
    loaded_a, run_a, tag_a = _load(request, services, params)
    run_b, tag_b, step_b = params.second_run_tag_step(None, tag_a)
    loaded_b = services.load(request, run_b, tag_b, step_b, MEASURE_ID)
    stored_a, stored_b = loaded_a.value, loaded_b.value
    if stored_a.discrepancy != stored_b.discrepancy:
        raise bad_request(
            "cannot compare DIPDI with discrepancy %r against %r" % (stored_a.discrepancy, stored_b.discrepancy)
        )
    pairing = params.choice("pairing", PAIRINGS, stored_a.pairing)
    for stored, which in ((stored_a, "first"), (stored_b, "second")):
        try:
            codec.result(stored, stored.replicates[0], pairing)
        except ValueError as e:
            raise bad_request("parameter 'pairing' for the %s record: %s" % (which, e))
    a = dict(_head(run_a, tag_a, stored_a, pairing), **_summary(services, loaded_a, pairing))
    b = dict(_head(run_b, tag_b, stored_b, pairing), **_summary(services, loaded_b, pairing))

    def delta(key: str) -> Optional[float]:
        return None if a[key] is None or b[key] is None else b[key] - a[key]

    change = delta("dipdi")
    return respond(
        request,
        {
            "a": a,
            "b": b,
            "delta": change,
            "delta_between": delta("between"),
            "delta_within_a": delta("within_a"),
            "delta_within_b": delta("within_b"),
            "rising": None if change is None else change > 0,
            "beyond_noise": _beyond_noise(change, a["uncertainty"], b["uncertainty"]),
        },
    )


def _beyond_noise(change: Optional[float], a: dict[str, Any], b: dict[str, Any]) -> Optional[bool]:
    """Whether ``change`` is larger than the two records' uncertainty allows: over twice its standard error
    from the replicates' spreads, or bootstrap intervals that do not overlap; None when either has none."""
    if change is None:
        return None
    if a["kind"] == b["kind"] == "replicates" and a.get("std") is not None and b.get("std") is not None:
        se = math.sqrt(a["std"] ** 2 / a["defined"] + b["std"] ** 2 / b["defined"])
        return abs(change) > 2 * se
    if a["kind"] == b["kind"] == "bootstrap" and None not in (a["low"], a["high"], b["low"], b["high"]):
        return b["low"] > a["high"] or b["high"] < a["low"]
    return None


ROUTES = {
    "/discrepancy": discrepancy,
    "/discrepancy_steps": discrepancy_steps,
    "/discrepancy_examples": discrepancy_examples,
    "/discrepancy_compare": discrepancy_compare,
}


def config() -> dict[str, Any]:
    """Limits and defaults the view needs, served once in ``runs``."""
    return {"discrepancies": list(DISCREPANCIES), "pairings": list(PAIRINGS), "limits": LIMITS}
