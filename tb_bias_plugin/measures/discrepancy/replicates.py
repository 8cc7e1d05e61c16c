"""Uncertainty of DIPDI: statistics over replicates and a bootstrap over examples.

Replicates (independent re-trainings or folds) capture training randomness:
:func:`replicate_summary` gives their mean, sample standard deviation and a
two-sided Wilcoxon signed-rank test against 0. With a single replicate,
:func:`bootstrap_dipdi` resamples the test examples; it covers test-set
sampling only and is much narrower than the spread between re-trainings.
See ``docs/measures/discrepancy.md``.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from tb_bias_plugin.core.stats import WilcoxonResult, wilcoxon_signed_rank
from tb_bias_plugin.core.validation import check_finite_array, check_integer, check_number
from tb_bias_plugin.measures.discrepancy.dipdi import PairDiscrepancies

__all__ = [
    "BOOTSTRAP_COVERS",
    "BootstrapInterval",
    "ReplicateSummary",
    "WilcoxonResult",
    "bootstrap_dipdi",
    "replicate_summary",
    "wilcoxon_signed_rank",
]

BOOTSTRAP_COVERS = "test-set sampling only"
#: Most resamples of one bootstrap: its quantiles settle far sooner, and each resample keeps a float.
MAX_RESAMPLES = 1_000_000


class ReplicateSummary(NamedTuple):
    """Mean, sample std (ddof=1) and Wilcoxon test of R replicate values."""

    mean: float
    std: float
    n: int
    statistic: float
    pvalue: float
    method: str


class BootstrapInterval(NamedTuple):
    """Percentile bootstrap interval over examples for one replicate.

    ``n_undefined`` counts resamples whose index was undefined (a zero N);
    they are left out of the percentiles. ``covers`` says what the interval
    accounts for: test-set sampling only, not training randomness.
    """

    estimate: float
    low: float
    high: float
    confidence: float
    n_resamples: int
    n_undefined: int
    covers: str = BOOTSTRAP_COVERS


def _as_finite_1d(values: Any, name: str) -> np.ndarray:
    return check_finite_array(values, name, ndim=1, hint="drop undefined replicates (NaN DIPDI) before summarising")


def replicate_summary(values: Any) -> ReplicateSummary:
    """Mean, sample standard deviation and Wilcoxon test of replicate values.

    Parameters
    ----------
    values : array_like, 1-D
        DIPDI of each replicate (finite; drop undefined ones first).

    Returns
    -------
    ReplicateSummary
        ``std`` uses ddof=1 (NaN for a single replicate); the test is
        :func:`wilcoxon_signed_rank`.

    Raises
    ------
    ValueError
        For an empty or non-1-D input or non-finite values.

    See Also
    --------
    wilcoxon_signed_rank, bootstrap_dipdi

    References
    ----------
    .. [1] F. Wilcoxon, "Individual comparisons by ranking methods",
       Biometrics Bulletin 1(6), 80-83, 1945.
    .. [2] L. Mansilla, E. Claucich, R. Echeveste, D. H. Milone, E. Ferrante,
       "Demographically-Informed Prediction Discrepancy Index: Early Warnings
       of Demographic Biases for Unlabeled Populations", TMLR, 2024.
    .. [3] ``docs/measures/discrepancy.md``, "Uncertainty".

    Examples
    --------
    >>> s = replicate_summary([1.2, 1.5, 0.9, 1.1, 1.7, 1.3])
    >>> round(s.mean, 4), round(s.std, 4), s.pvalue
    (1.2833, 0.2858, 0.03125)
    """
    x = _as_finite_1d(values, "values")
    if x.size == 0:
        raise ValueError("values is empty: no replicate to summarise")
    test = wilcoxon_signed_rank(x)
    std = float(np.std(x, ddof=1)) if x.size > 1 else math.nan
    return ReplicateSummary(float(np.mean(x)), std, int(x.size), test.statistic, test.pvalue, test.method)


def _index_from_means(n_ab: np.ndarray, n_aa: np.ndarray, n_bb: np.ndarray) -> np.ndarray:
    """Vectorised index over the leading axis of [..., pairs] arrays of N."""
    with np.errstate(divide="ignore", invalid="ignore"):
        value = (
            2.0 * np.log(n_ab).mean(axis=-1)
            - np.log(n_aa).mean(axis=-1)
            - np.log(n_bb).mean(axis=-1)
        )
    return np.where(np.isfinite(value), value, np.nan)


def bootstrap_dipdi(
    per_example: PairDiscrepancies,
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> BootstrapInterval:
    """Percentile bootstrap interval of DIPDI over the test examples.

    Each resample draws n examples with replacement and recomputes every N
    from the per-example d of the used pairs. It reflects test-set sampling
    only: with a single trained replicate it cannot see training randomness,
    which is usually the larger source of spread.

    Parameters
    ----------
    per_example : PairDiscrepancies
        From :func:`~tb_bias_plugin.measures.discrepancy.dipdi.pair_discrepancies`.
    n_resamples : int, default 1000
        At most ``MAX_RESAMPLES`` (a million).
    confidence : float, default 0.95
        Central coverage of the interval, in (0, 1).
    seed : int, default 0
        Seed of the NumPy generator; the same seed gives the same interval.

    Returns
    -------
    BootstrapInterval
        Point estimate on all examples, the percentile interval and the
        number of resamples with an undefined index. NaN bounds when the
        index is undefined for a pool of one model, or in every resample.

    Raises
    ------
    ValueError
        For no examples, ``n_resamples`` outside [1, ``MAX_RESAMPLES``] or ``confidence`` outside (0, 1).

    See Also
    --------
    replicate_summary : use it whenever there are several replicates.

    References
    ----------
    .. [1] B. Efron, R. J. Tibshirani, "An Introduction to the Bootstrap",
       Chapman & Hall, 1993 (the percentile interval, ch. 13).
    .. [2] ``docs/measures/discrepancy.md``, "Uncertainty".

    Examples
    --------
    >>> from tb_bias_plugin.measures.discrepancy.dipdi import pair_discrepancies
    >>> a = [[10, 20, 30, 40], [12, 18, 33, 40]]
    >>> b = [[15, 25, 28, 50], [14, 22, 35, 47]]
    >>> ci = bootstrap_dipdi(pair_discrepancies(a, b), n_resamples=200, seed=1)
    >>> round(ci.estimate, 6), ci.low <= ci.estimate <= ci.high, ci.covers
    (1.214125, True, 'test-set sampling only')
    """
    if not isinstance(per_example, PairDiscrepancies):
        raise ValueError("per_example must come from pair_discrepancies()")
    n_resamples = check_integer(n_resamples, "n_resamples", low=1, high=MAX_RESAMPLES)  # 10**12 was a MemoryError
    confidence = check_number(confidence, "confidence", low=0, high=1, include="neither")
    seed = check_integer(seed, "seed", low=0)
    n = per_example.n
    if n == 0:
        raise ValueError("no examples to resample")
    sqrt = per_example.discrepancy == "js_distance"
    n_ab, n_aa = per_example.between.shape[0], per_example.within_a.shape[0]
    d = np.concatenate([per_example.between, per_example.within_a, per_example.within_b])

    def index(mean_d: np.ndarray) -> np.ndarray:
        big_n = np.sqrt(mean_d) if sqrt else mean_d
        return _index_from_means(
            big_n[..., :n_ab], big_n[..., n_ab:n_ab + n_aa], big_n[..., n_ab + n_aa:]
        )

    if per_example.within_a.shape[0] == 0 or per_example.within_b.shape[0] == 0:
        # a pool of one model: no within-pool pair, the index is undefined
        return BootstrapInterval(math.nan, math.nan, math.nan, confidence, int(n_resamples), int(n_resamples))
    estimate = float(index(d.mean(axis=1)))

    rng = np.random.default_rng(seed)
    values = np.empty(n_resamples, dtype=np.float64)
    # resample weights (how often each example is drawn) for a block of
    # resamples at a time, so memory stays bounded for large n
    block = max(1, (1 << 22) // n)
    for start in range(0, n_resamples, block):
        stop = min(n_resamples, start + block)
        rows = stop - start
        draws = rng.integers(0, n, size=(rows, n))
        draws += (np.arange(rows) * n)[:, None]
        weights = np.bincount(draws.ravel(), minlength=rows * n).reshape(rows, n)
        values[start:stop] = index((weights @ d.T) / n)
    finite = values[np.isfinite(values)]
    undefined = int(n_resamples - finite.size)
    if finite.size == 0:
        return BootstrapInterval(estimate, math.nan, math.nan, confidence, int(n_resamples), undefined)
    alpha = 1.0 - confidence
    low, high = np.quantile(finite, [alpha / 2.0, 1.0 - alpha / 2.0])
    return BootstrapInterval(estimate, float(low), float(high), confidence, int(n_resamples), undefined)
