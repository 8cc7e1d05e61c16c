"""An oracle for the Wilcoxon signed-rank test where SciPy's default depends on its version."""

import collections
import warnings

import numpy as np
import scipy.stats

SignedRank = collections.namedtuple("SignedRank", "statistic pvalue")


def ties_or_zeros(x):
    x = np.asarray(x, dtype=float)
    return bool(np.any(x == 0)) or len(np.unique(np.abs(x))) < len(x)


def exhaustive_signed_rank(x):
    """The two-sided test over every one of the 2**m sign flips of the m
    non-zero values' average ranks: what ``scipy.stats.wilcoxon`` does by
    default for at most 13 values with ties or zeros from SciPy 1.15 on
    (before, it used the normal approximation there, or refused all-zero
    input)."""
    x = np.asarray(x, dtype=float)
    nonzero = x[x != 0]
    doubled = np.rint(2 * scipy.stats.rankdata(np.abs(nonzero))).astype(np.int64)  # average ranks, in integers
    flips = (np.arange(2 ** nonzero.size)[:, None] >> np.arange(nonzero.size)) & 1
    r_plus = flips @ doubled
    observed = int(doubled[nonzero > 0].sum())
    tail = min(np.count_nonzero(r_plus <= observed), np.count_nonzero(r_plus >= observed)) / r_plus.size
    return SignedRank(min(observed, int(doubled.sum()) - observed) / 2, min(1.0, 2 * tail))


def scipy_default_signed_rank(x):
    """``scipy.stats.wilcoxon(x)`` as the newest SciPy answers it, under any
    SciPy the tests run with: where older releases answered otherwise, the
    same answer worked out here."""
    if len(x) <= 13 and ties_or_zeros(x):
        return exhaustive_signed_rank(x)
    if not np.any(x):  # all zero past 13 values: no normal approximation (SciPy 1.9 raised)
        return SignedRank(0.0, float("nan"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return scipy.stats.wilcoxon(x)
