"""The metric-agreement matrix follows core.stats' one rule for Spearman's rho."""

import math

import numpy as np
import pytest
import scipy.stats

from tb_bias_plugin.measures.association import paper


def _scores(n):
    rng = np.random.default_rng(n)
    a = rng.normal(size=n)
    return {"a": a, "b": a + rng.normal(size=n), "c": np.round(rng.normal(size=n))}


@pytest.mark.parametrize("n", [3, 5, 40])
def test_agreement_is_scipy_spearman_from_three_labels(n):
    scores = _scores(n)
    out = paper.agreement(scores, np.ones(n, bool), "a")
    for i, x in enumerate("abc"):
        for j, y in enumerate("abc"):
            want = 1.0 if x == y else scipy.stats.spearmanr(scores[x], scores[y])[0]
            if math.isnan(want):
                assert math.isnan(out["matrix"][i][j])
            else:
                assert out["matrix"][i][j] == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("n", [0, 1, 2])
def test_agreement_is_undefined_below_three_labels(n):
    # two labels always give rho = +-1 (scipy says so); that is no evidence of agreement
    out = paper.agreement(_scores(max(n, 1)) if n else {"a": np.zeros(0), "b": np.zeros(0)}, np.ones(n, bool), "a")
    assert out["n"] == n
    off_diagonal = [v for i, row in enumerate(out["matrix"]) for j, v in enumerate(row) if i != j]
    assert off_diagonal and all(math.isnan(v) for v in off_diagonal)
