"""Gaussian classes, each with its own covariance: the classifier bound's candidate for classes that differ
in spread in many directions at once.

Where R given each class is Gaussian, the Bayes log-odds are a quadratic form in all d coordinates. The
``quadratic`` candidate reads squares and products of a few leading directions only, and on four unbalanced
classes with random covariances at d = 16 it and the MLP stopped 0.09 of B short. This candidate is
quadratic discriminant analysis: each class's share, mean and covariance from the fitting rows, the
covariance shrunk toward the pooled within-class one by a share chosen on the validation rows
(docs/measures/representation.md, "The classifier bound").
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["class_moments", "cross_validated_classes", "gaussian_classes", "jittered", "least_shrinkages"]

#: Shares of the pooled within-class covariance mixed into each class's own, tried in turn (1: one shared
#: covariance, a linear boundary).
SHRINKAGES = (0.0, 0.05, 0.1, 0.2, 0.4, 0.7, 1.0)
#: Added to every covariance's diagonal, as a share of the pooled mean variance: a constant or collinear
#: coordinate (a dead unit) must not make it singular.
JITTER = 1e-3
#: Widest representation it is fitted on: its cost grows as d^2 a row and d^3 a class (at n = 8,000 and
#: d = 128 about 40 ms a fold for two classes, 70 ms for four; 17 and 25 ms at d = 64).
MAX_DIMS = 128


def class_moments(x, z, n_classes):
    """(shares, means, own covariances, pooled within-class covariance) of the rows `x` of classes `z`.

    A class's own covariance is None with fewer than 2 rows; the pooled one weights each class's by its
    degrees of freedom (n_c - 1), the identity if no class has two rows. Shared by this candidate and the
    directions where the class covariances differ (`subspace.discriminant_directions`).
    """
    d = x.shape[1]
    counts = np.bincount(z, minlength=n_classes)
    means = [x[z == c].mean(axis=0) if counts[c] else x.mean(axis=0) for c in range(n_classes)]
    own = [np.cov(x[z == c], rowvar=False).reshape(d, d) if counts[c] > 1 else None for c in range(n_classes)]
    dof = sum(counts[c] - 1 for c in range(n_classes) if own[c] is not None)
    pooled = sum((counts[c] - 1) * own[c] for c in range(n_classes) if own[c] is not None) / dof if dof else np.eye(d)
    return counts / len(z), means, own, pooled


def jittered(cov):
    """`cov` plus `JITTER` of its mean variance on the diagonal."""
    d = cov.shape[0]
    return cov + JITTER * max(float(np.trace(cov)) / d, 1e-12) * np.eye(d)


def least_shrinkages(counts, d):
    """Per class, the least shrinkage of its covariance toward the pooled one: d / n_c, all of it (the pooled
    covariance) with no more rows n_c than dimensions d.

    A sample covariance of n_c rows is noisy in proportion to d / n_c, and a class with few rows fits that
    noise: with its own covariance, the shuffled-Z control of a 28-row class at d = 32 fell from -0.17 to
    -0.64; a class judged pooled on its 32 fitting rows at d = 32, then refitted on 40 with its own at the
    shrinkage 0 (which had changed nothing when judged), took the control to -0.47 (-0.05 when kept pooled).
    """
    return np.minimum(1.0, d / np.maximum(np.asarray(counts, np.float64), 1.0))


def _log_probs(moments, rows, spread, shrinkage, least):
    """``log q(z | x)`` of Gaussian classes whose covariances are shrunk by `shrinkage`, and at least `least`
    (per class), toward the pooled one.

    A class absent from the fitting rows is spread like all of them around their mean, with the share of
    half a row, so no row's q is 0. `rows` fitting rows, `spread` their covariance.
    """
    shares, means, own, pooled = moments
    classes = []
    for share, mean, cov, low in zip(shares, means, own, least):
        if share == 0:
            share, cov, low = 0.5 / (rows + 0.5), spread, 0.0
        shrunk = 1.0 if cov is None else max(shrinkage, low)
        mixed = pooled if shrunk == 1.0 else (1 - shrunk) * cov + shrunk * pooled
        # the inverse of the Cholesky factor: scoring is then one matrix product a class
        inverse = np.linalg.inv(np.linalg.cholesky(jittered(mixed)))
        classes.append((math.log(share) + float(np.log(np.diag(inverse)).sum()), mean, inverse))

    def log_probs(x):
        x = np.asarray(x, np.float64)
        out = np.empty((len(x), len(classes)))
        for c, (offset, mean, inverse) in enumerate(classes):
            white = (x - mean) @ inverse.T
            out[:, c] = offset - 0.5 * np.einsum("ij,ij->i", white, white)
        return out - np.logaddexp.reduce(out, axis=1, keepdims=True)

    return log_probs


def _fitted(x, z, n_classes):
    """What `_log_probs` needs from the rows `x` of classes `z`."""
    return class_moments(x, z, n_classes), len(z), np.cov(x, rowvar=False).reshape(x.shape[1], x.shape[1])


def gaussian_classes(x_fit, z_fit, x_val, z_val, n_classes, floors, refit=True):
    """Quadratic discriminant analysis, its shrinkage chosen on the validation rows.

    Parameters
    ----------
    x_fit, z_fit : numpy.ndarray
        The rows it is fitted on (standardised, shape (n, d)) and their classes.
    x_val, z_val : numpy.ndarray
        The validation rows that choose the shrinkage (from `SHRINKAGES`, by the mean of their
        log-likelihoods floored at `floors`); none: the fitting rows.
    n_classes : int
    floors : numpy.ndarray, shape (n_classes,)
        Per class, the floor of a row's log-likelihood in that choice.
    refit : bool, default True
        Refit on the fitting and validation rows; False returns the fit twice (a caller that only needs
        the chosen shrinkage).

    Returns
    -------
    (callable, callable)
        ``log q(z | x)`` of rows x (n, d): the fit at the chosen shrinkage (judged on the validation rows;
        its ``shrinkage`` attribute says which), and the refit at it on the fitting and validation rows
        together (scores the fold), as the logistic candidates do.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> z = rng.integers(0, 2, 3000)
    >>> x = rng.normal(size=(3000, 5)) * np.where(z == 1, 2.0, 1.0)[:, None]  # same means, spreads 1 and 2
    >>> judged, tested = gaussian_classes(x[:2000], z[:2000], x[2000:], z[2000:], 2, np.log([0.5, 0.5]) - np.log(75))
    >>> bool(np.exp(tested(x[:5])).sum(axis=1).round(12).tolist() == [1.0] * 5)
    True
    >>> float(judged(x[2000:])[np.arange(1000), z[2000:]].mean()) > -0.45  # ln 2 = 0.69 knows nothing
    True
    """
    x_fit, x_val = np.asarray(x_fit, np.float64), np.asarray(x_val, np.float64)
    judge_x, judge_z = (x_val, z_val) if len(z_val) else (x_fit, z_fit)
    rows = np.arange(len(judge_z))
    fitted = _fitted(x_fit, z_fit, n_classes)
    # the fitting rows' least shrinkages hold for the refit too: it must be the model the validation rows
    # judged (a 32-row class at d = 32 was judged pooled and refitted on 40 rows with its own covariance)
    least = least_shrinkages(np.bincount(z_fit, minlength=n_classes), x_fit.shape[1])
    best, best_shrinkage = -math.inf, SHRINKAGES[-1]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for shrinkage in SHRINKAGES:
            scores = _log_probs(*fitted, shrinkage, least)(judge_x)[rows, judge_z]
            valid = float(np.maximum(scores, floors[judge_z]).mean())
            if valid > best:
                best, best_shrinkage = valid, shrinkage
    judged = _log_probs(*fitted, best_shrinkage, least)
    judged.shrinkage = best_shrinkage  # what the validation rows chose (read by the tests)
    if not len(z_val) or not refit:
        return judged, judged
    both = _fitted(np.vstack([x_fit, x_val]), np.concatenate([z_fit, z_val]), n_classes)
    return judged, _log_probs(*both, best_shrinkage, least)


def cross_validated_classes(x, z, n_classes, inner, floors, cap, shrinkages=SHRINKAGES):
    """Quadratic discriminant analysis, its shrinkage chosen by cross-validation on the rows `x`.

    Parameters
    ----------
    x, z : numpy.ndarray
        The rows (standardised, shape (n, d)) and their classes.
    n_classes : int
    inner : list of numpy.ndarray
        Disjoint index arrays covering the rows: each is scored by the fit on the others.
    floors : numpy.ndarray, shape (n,)
        Per row, the floor of its log-likelihood in the choice (the best mean of floored out-of-fold values
        among `shrinkages`, `SHRINKAGES` unless given).
    cap : callable
        Maps each fit's ``log q`` of rows, and the classes of the rows it was fitted to, to the ``log q``
        used (the classifier bound's cap of a class with one training row).

    Returns
    -------
    (numpy.ndarray, callable)
        The out-of-fold ``ln q(z_i | x_i)`` of every row at the chosen shrinkage, and ``log q(z | x)`` of
        the fit at it on all the rows, each class shrunk at least as much as in the inner fits (the model
        the rows judged: `least_shrinkages` of the fewest rows a class had there).
    """
    x = np.asarray(x, np.float64)
    out_of_fold = np.empty((len(shrinkages), len(z)))
    least = np.zeros(n_classes)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for held in inner:
            rest = np.concatenate([f for f in inner if f is not held])
            low = least_shrinkages(np.bincount(z[rest], minlength=n_classes), x.shape[1])
            least = np.maximum(least, low)
            fitted = _fitted(x[rest], z[rest], n_classes)
            for i, shrinkage in enumerate(shrinkages):
                log_q = _log_probs(*fitted, shrinkage, low)(x[held])
                out_of_fold[i, held] = cap(log_q, z[rest])[np.arange(held.size), z[held]]
        best = int(np.argmax(np.maximum(out_of_fold, floors).mean(axis=1)))
        log_probs = _log_probs(*_fitted(x, z, n_classes), shrinkages[best], least)
        return out_of_fold[best], lambda v: cap(log_probs(v), z)
