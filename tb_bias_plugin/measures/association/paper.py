"""The paper's views of the metrics (docs/measures/association.md, "How the
metrics differ"): how often the top-K labels of each metric occur (its
Figure 2: PMI's top labels are rare, demographic parity's common, nPMI in
between), and how much the metrics agree on the order of the labels.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tb_bias_plugin.core.distribution import five_numbers
from tb_bias_plugin.core.stats import average_ranks, rank_correlation
from tb_bias_plugin.measures.association import metrics


def top_k_counts(scores: dict[str, np.ndarray], masks: dict[str, np.ndarray], label_counts: Any, k: int, order: str) -> list[dict[str, Any]]:
    """Per metric, C(y) of its ``k`` top-ranked labels (by ``scores[metric]``
    in ``order`` among ``masks[metric]``), from most to least extreme, and
    their quantiles.

    Examples
    --------
    >>> out = top_k_counts({"m": np.array([0.9, 0.1, 0.5])}, {"m": np.ones(3, bool)}, np.array([3, 100, 40]), 2, "desc")
    >>> out[0]["indices"], out[0]["counts"]
    ([0, 2], [3.0, 40.0])
    """
    counts = np.asarray(label_counts, dtype=np.float64)
    out = []
    for metric, score in scores.items():
        top = metrics.top_k(score, k, order, mask=masks[metric] & ~np.isnan(score))
        chosen = counts[top]
        out.append(
            {
                "metric": metric,
                "indices": top.tolist(),
                "counts": chosen.tolist(),
                "quantiles": _quantiles(chosen),
            }
        )
    return out


def agreement(scores: dict[str, np.ndarray], mask: np.ndarray, focus: str, worst: int = 5) -> dict[str, Any]:
    """Rank correlation of every pair of metrics over the labels in ``mask``
    where every score is defined (NaN below 3 labels or for a metric
    constant on them, `core.stats.rank_correlation`), and, between
    ``focus`` and each other metric, the ``worst`` labels whose rank
    percentiles differ most.

    Examples
    --------
    >>> s = {"a": np.array([1.0, 2.0, 3.0, 4.0]), "b": np.array([4.0, 3.0, 2.0, 1.0])}
    >>> out = agreement(s, np.ones(4, bool), "a", 1)
    >>> out["n"], out["matrix"]
    (4, [[1.0, -1.0], [-1.0, 1.0]])
    """
    names = list(scores)
    keep = np.asarray(mask, dtype=bool).copy()
    for values in scores.values():
        keep &= np.isfinite(values)
    idx = np.flatnonzero(keep)
    n = idx.shape[0]
    ranks = {m: average_ranks(scores[m][idx]) for m in names}
    matrix = [[1.0 if a == b else rank_correlation(ranks[a], ranks[b]) for b in names] for a in names]
    disagreements = []
    if focus in ranks and n:
        scale = max(n - 1, 1)
        for other in names:
            if other == focus:
                continue
            # percentile 0 = lowest score, 1 = highest, under each metric
            pa, pb = (ranks[focus] - 1) / scale, (ranks[other] - 1) / scale
            diff = np.abs(pa - pb)
            top = metrics.top_k(diff, min(worst, n), "desc")
            disagreements.append(
                {
                    "metric": other,
                    "rows": [
                        {"index": int(idx[t]), "percentile": float(pa[t]), "other_percentile": float(pb[t])}
                        for t in top
                    ],
                }
            )
    return {"metrics": names, "n": int(n), "matrix": matrix, "disagreements": disagreements}


def _quantiles(values: np.ndarray) -> dict[str, float] | None:
    return five_numbers(values[np.isfinite(values)])
