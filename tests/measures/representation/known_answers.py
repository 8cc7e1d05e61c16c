"""Families with an exactly computable I(R; Z), for the known-answer tests and the benchmark.

Each family draws (R, Z) from a model whose densities are known; its exact B = I / H(Z) is computed by
Monte Carlo of those densities (Gaussian classes) or is 1 by construction (Z a function of R).
"""

from __future__ import annotations

import math

import numpy as np


def _log_gauss(x, mean, cov):
    d = x.shape[1]
    chol = np.linalg.cholesky(cov)
    sol = np.linalg.solve(chol, (x - mean).T)
    return -0.5 * (sol ** 2).sum(0) - np.log(np.diag(chol)).sum() - 0.5 * d * math.log(2 * math.pi)


def _entropy(p):
    p = np.asarray(p, float)
    return float(-(p * np.log(p)).sum())


class GaussianClasses:
    """Z ~ Categorical(probs); R | Z = z ~ N(means[z], covs[z])."""

    def __init__(self, means, covs, probs):
        self.means = [np.asarray(m, float) for m in means]
        self.covs = [np.asarray(c, float) for c in covs]
        self.probs = np.asarray(probs, float)

    def sample(self, n, rng):
        z = rng.choice(len(self.probs), size=n, p=self.probs)
        r = np.empty((n, self.means[0].size))
        for c in range(len(self.probs)):
            idx = np.flatnonzero(z == c)
            r[idx] = rng.multivariate_normal(self.means[c], self.covs[c], size=idx.size)
        return r, z

    def exact_bias(self, m=200_000, seed=12345):
        """B = E[ln p(r | z) - ln p(r)] / H(Z), the expectation by Monte Carlo over m exact draws."""
        r, z = self.sample(m, np.random.default_rng(seed))
        logs = np.stack([np.log(p) + _log_gauss(r, mu, c) for p, mu, c in zip(self.probs, self.means, self.covs)])
        log_joint = logs[z, np.arange(m)] - np.log(self.probs[z])
        log_marginal = np.logaddexp.reduce(logs, axis=0)
        return float(np.mean(log_joint - log_marginal)) / _entropy(self.probs)


class Deterministic:
    """R ~ N(0, I_d); Z = f(R), so I = H(Z) and B = 1 exactly."""

    def __init__(self, d, f):
        self.d, self.f = d, f

    def sample(self, n, rng):
        r = rng.normal(size=(n, self.d))
        return r, self.f(r)

    def exact_bias(self):
        return 1.0


def shift(d, delta, probs=(0.5, 0.5)):
    """Equal covariances, means `delta` apart along the first axis."""
    mean1 = np.zeros(d)
    mean1[0] = delta
    return GaussianClasses([np.zeros(d), mean1], [np.eye(d)] * 2, probs)


FAMILIES = {
    "shift d=2": shift(2, 1.5),
    "shift d=16 unbalanced": shift(16, 2.0, (0.8, 0.2)),
    "3 classes unbalanced d=4": GaussianClasses(
        [np.zeros(4), np.r_[2.0, 0, 0, 0], np.r_[1.0, 1.7, 0, 0]], [np.eye(4)] * 3, (0.6, 0.3, 0.1)),
    "variances 1 and 4 d=8": GaussianClasses([np.zeros(8)] * 2, [np.eye(8), 4 * np.eye(8)], (0.5, 0.5)),
    "|r0| > 0.6745 d=4": Deterministic(4, lambda r: (np.abs(r[:, 0]) > 0.6745).astype(np.int64)),
    "4 unbalanced ring classes d=2": Deterministic(
        2, lambda r: np.digitize(np.hypot(r[:, 0], r[:, 1]), [0.8, 1.6, 2.2]).astype(np.int64)),
}
