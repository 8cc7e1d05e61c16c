"""The summary the prediction-sensitivity measure writes.

The builder validates its arguments and returns the payload message; the
writing layer (``tb_bias_plugin.summary``) adds the name, step and
description and writes it with or without TensorFlow.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from tb_bias_plugin.core.validation import MAX_NAME, check_name, check_names
from tb_bias_plugin.measures.sensitivity.aggregates import DEFAULT_SAMPLE_SIZE, DEFAULT_TOP_K, SensitivityAccumulator
from tb_bias_plugin.measures.sensitivity.codec import encode
from tb_bias_plugin.measures.sensitivity.collect import (
    ExampleDetail,
    SensitivityCollector,
    distribution,
    stored_statistics,
)
from tb_bias_plugin.measures.sensitivity.sensitivity import SUM_TOL, check_pred_class, check_stochastic

#: The name of an accumulator's one v choice when none is given (the facades pass None for it).
DEFAULT_V_NAME = "P"


def _from_accumulator(acc: SensitivityAccumulator, name: str, class_names, feature_names, w) -> dict:
    """The contents of a summary of one plain accumulator (P and ids, details when they are ExampleDetails)."""
    collector = SensitivityCollector(top_k=acc.top_k, sample_size=acc.reservoir_size, class_names=class_names,
                                     feature_names=feature_names, w=w)
    result = acc.result()
    values = acc.values()
    if values.size == 0:
        raise ValueError("the accumulator has not seen any examples")
    if collector.class_names is not None and "by_class" in result:
        check_pred_class(np.array(list(result["by_class"]), dtype=np.int64), len(collector.class_names))
    examples: dict[int, tuple[ExampleDetail, bool]] = {}
    keyed: dict[int, ExampleDetail] = {}

    def detail(item) -> int:
        key = id(item)
        if key not in keyed:
            d = item.detail if isinstance(item.detail, ExampleDetail) else ExampleDetail(
                index=len(keyed), example_id=str(item.example_id), group=item.group, pred_class=item.pred_class,
                pred_prob=float("nan"), P=np.array([item.P]), reasons=["" if not np.isnan(item.P) else "undefined"],
                text=getattr(item.detail, "text", ""), uri=getattr(item.detail, "uri", ""))
            keyed[key] = d
        return key

    top = [detail(item) for item in result["top_k"]]
    sample = {detail(item) for item in result["reservoir"]}
    order = list(keyed)
    for key in order:
        examples[key] = (keyed[key], key in sample)
    collector_contents = _single_choice(collector, name, values, result)
    collector_contents["choices"][0]["top_examples"] = [order.index(k) for k in top]
    collector_contents["examples"] = [examples[k] for k in order]
    return collector_contents


def _single_choice(collector: SensitivityCollector, name: str, values: np.ndarray, result: dict) -> dict:
    defined = values[~np.isnan(values)]
    edges, counts, quantiles = distribution(defined)
    undefined = int(values.size - defined.size)
    return {
        "input": "tabular",
        "feature_names": list(collector.feature_names or []),
        "class_names": list(collector.class_names or []),
        "w": [] if collector.w is None else collector.w.tolist(),
        "num_examples": int(values.size),
        "choices": [{
            "name": name, "kind": "", "words": [], "indices": [],
            **stored_statistics(result),
            "reasons": {"undefined": undefined} if undefined else {},
            "histogram_edges": edges, "histogram_counts": counts,
            "quantiles": quantiles,
            "class_rows": None, "feature_sensitivity": None, "feature_contribution": None,
            "token_types": [], "token_type_sensitivity": np.zeros(0), "token_type_counts": np.zeros(0, np.int64),
        }],
        "examples": [],
        "top_k": collector.top_k,
        "sample_size": collector.sample_size,
        "has_groups": "by_group" in result,
        "has_classes": "by_class" in result,
    }


def prediction_sensitivity(
    results: Any,
    *,
    example_ids: Sequence | None = None,
    groups: Any = None,
    probs: Any = None,
    pred_class: Any = None,
    tokens: Any = None,
    example_text: Sequence | None = None,
    example_uris: Sequence | None = None,
    class_names: Sequence[str] | None = None,
    feature_names: Sequence[str] | None = None,
    w: Any = None,
    top_k: int | None = None,
    sample_size: int | None = None,
    seed: int = 0,
    v_name: str | None = None,
) -> Any:
    """The payload of accumulated prediction sensitivity: P per example under one or more v choices.

    Validates the arguments of :meth:`tb_bias_plugin.summary.Writer.prediction_sensitivity`
    (documented there, with the ValueErrors raised) and returns the message.
    """
    if v_name is not None:  # names the choice only with an accumulator; a bad one is still a mistake
        check_name(v_name, "v_name", max_length=MAX_NAME)
    if w is not None:
        w = check_stochastic(w, "w")
    per_example = {"example_ids": example_ids, "groups": groups, "probs": probs, "pred_class": pred_class,
                   "tokens": tokens, "example_text": example_text, "example_uris": example_uris}
    if isinstance(results, (SensitivityCollector, SensitivityAccumulator)):
        given = [k for k, v in per_example.items() if v is not None]
        given += [k for k, v in (("top_k", top_k), ("sample_size", sample_size)) if v is not None]
        # a collector names its choices; either drew its sample as the examples came
        of_collector = isinstance(results, SensitivityCollector)
        given += [k for k, v in (("seed", seed != 0), ("v_name", of_collector and v_name is not None)) if v]
        if given:
            raise ValueError("%s go with results, not with a finished %s" % (", ".join(given), type(results).__name__))
    if isinstance(results, SensitivityCollector):
        for what, given_names, have in (("class_names", class_names, results.class_names),
                                        ("feature_names", feature_names, results.feature_names)):
            if given_names is not None and list(check_names(given_names, what)) != (have or []):
                raise ValueError(f"{what} differ from the collector's; set them on the collector")
        # it holds its own w, as its names: the same one may be said again (checked above)
        if w is not None:
            if results.w is None:
                raise ValueError("the collector holds no w; set it on the collector")
            if w.shape != results.w.shape or not np.allclose(w, results.w, rtol=0, atol=SUM_TOL):
                raise ValueError("w differs from the collector's; set it on the collector")
        return encode(results.contents())
    if isinstance(results, SensitivityAccumulator):
        return encode(_from_accumulator(results, DEFAULT_V_NAME if v_name is None else v_name, class_names,
                                        feature_names, w))
    collector = SensitivityCollector(
        top_k=DEFAULT_TOP_K if top_k is None else top_k,
        sample_size=DEFAULT_SAMPLE_SIZE if sample_size is None else sample_size,
        seed=seed, class_names=class_names, feature_names=feature_names, w=w)
    collector.update(results, **per_example)  # checks K against class_names and w
    if collector.num_examples == 0:
        raise ValueError("the results hold no examples (P is empty)")
    return encode(collector.contents())
