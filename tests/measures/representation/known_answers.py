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


class GaussianMixtureClasses:
    """Z ~ Categorical(probs); R | Z = z ~ an equal-weight mixture of N(mean, cov) over the pairs of
    components[z]."""

    def __init__(self, components, probs):
        self.components = [[(np.asarray(m, float), np.asarray(c, float)) for m, c in parts] for parts in components]
        self.probs = np.asarray(probs, float)

    def sample(self, n, rng):
        z = rng.choice(len(self.probs), size=n, p=self.probs)
        r = np.empty((n, self.components[0][0][0].size))
        for c, parts in enumerate(self.components):
            idx = np.flatnonzero(z == c)
            which = rng.integers(0, len(parts), idx.size)
            for j, (mean, cov) in enumerate(parts):
                rows = idx[which == j]
                r[rows] = rng.multivariate_normal(mean, cov, size=rows.size)
        return r, z

    def log_density(self, r, c):
        parts = self.components[c]
        return np.logaddexp.reduce([_log_gauss(r, m, cv) for m, cv in parts], axis=0) - np.log(len(parts))

    def exact_bias(self, m=200_000, seed=12345):
        """B = E[ln p(r | z) - ln p(r)] / H(Z), the expectation by Monte Carlo over m exact draws."""
        r, z = self.sample(m, np.random.default_rng(seed))
        logs = np.stack([np.log(p) + self.log_density(r, c) for c, p in enumerate(self.probs)])
        log_joint = logs[z, np.arange(m)] - np.log(self.probs[z])
        return float(np.mean(log_joint - np.logaddexp.reduce(logs, axis=0))) / _entropy(self.probs)


class Deterministic:
    """R ~ N(0, I_d); Z = f(R), so I = H(Z) and B = 1 exactly."""

    def __init__(self, d, f):
        self.d, self.f = d, f

    def sample(self, n, rng):
        r = rng.normal(size=(n, self.d))
        return r, self.f(r)

    def exact_bias(self):
        return 1.0


class ShiftedUniforms:
    """Balanced Z; R | Z = 0 ~ U[0, 1]^d, R | Z = 1 ~ U[a, 1 + a]^d. The densities overlap on a cube of
    volume (1 - a)^d where the posterior is 1/2, and elsewhere Z is known: B = 1 - (1 - a)^d exactly."""

    def __init__(self, d, a):
        self.d, self.a = d, a

    def sample(self, n, rng):
        z = rng.integers(0, 2, n)
        return rng.random((n, self.d)) + self.a * z[:, None], z

    def exact_bias(self):
        return 1.0 - (1.0 - self.a) ** self.d


def ball(d):
    """Z = 1[|R| > the median radius of N(0, I_d)] (the median by Monte Carlo: balance needs no precision, B = 1)."""
    median = float(np.median(np.linalg.norm(np.random.default_rng(0).normal(size=(200_000, d)), axis=1)))
    return Deterministic(d, lambda r: (np.linalg.norm(r, axis=1) > median).astype(np.int64))


def two_bumps_against_one_gaussian(d=4, gap=3.0):
    """Class 0: N(+-gap e0, I) with equal weights; class 1: one Gaussian of the same mean and covariance
    (variance 1 + gap^2 along e0): no linear or quadratic classifier tells them apart, only the shape."""
    e0 = np.zeros(d)
    e0[0] = gap
    wide = np.eye(d)
    wide[0, 0] = 1 + gap ** 2
    return GaussianMixtureClasses([[(e0, np.eye(d)), (-e0, np.eye(d))], [(np.zeros(d), wide)]], (0.5, 0.5))


def two_signal_coordinates(d=32):
    """Balanced Gaussian classes that differ in 2 of d coordinates only: a mean shift and a correlated,
    unequal covariance (the log-odds hold a product r0 r1 that no axis-aligned square gives)."""
    cov1 = np.eye(d)
    cov1[:2, :2] = [[2.5, 0.9], [0.9, 0.6]]
    mean1 = np.zeros(d)
    mean1[0] = 0.4
    return GaussianClasses([np.zeros(d), mean1], [np.eye(d), cov1], (0.5, 0.5))


def shift(d, delta, probs=(0.5, 0.5)):
    """Equal covariances, means `delta` apart along the first axis."""
    mean1 = np.zeros(d)
    mean1[0] = delta
    return GaussianClasses([np.zeros(d), mean1], [np.eye(d)] * 2, probs)


def four_unbalanced_classes_random_covariances(d=16):
    """Four classes (shares 0.55, 0.25, 0.15, 0.05), different means and covariances, two of them random and
    full: the log-odds are quadratic forms in every coordinate, not in a few directions."""
    rng = np.random.default_rng(2026)

    def random_cov(scale):
        a = rng.normal(size=(d, d))
        return scale * a @ a.T / d + 0.2 * np.eye(d)

    spread = np.eye(d)
    spread[:4, :4] *= 2.5
    means = [np.zeros(d), np.eye(d)[0] * 1.5, np.eye(d)[1] * 1.5, np.r_[1.0, 1.0, 1.0, np.zeros(d - 3)]]
    return GaussianClasses(means, [np.eye(d), random_cov(0.8), spread, random_cov(1.3)], (0.55, 0.25, 0.15, 0.05))


FAMILIES = {
    "shift d=2": shift(2, 1.5),
    "shift d=16 unbalanced": shift(16, 2.0, (0.8, 0.2)),
    "3 classes unbalanced d=4": GaussianClasses(
        [np.zeros(4), np.r_[2.0, 0, 0, 0], np.r_[1.0, 1.7, 0, 0]], [np.eye(4)] * 3, (0.6, 0.3, 0.1)),
    "variances 1 and 4 d=8": GaussianClasses([np.zeros(8)] * 2, [np.eye(8), 4 * np.eye(8)], (0.5, 0.5)),
    "|r0| > 0.6745 d=4": Deterministic(4, lambda r: (np.abs(r[:, 0]) > 0.6745).astype(np.int64)),
    "4 unbalanced ring classes d=2": Deterministic(
        2, lambda r: np.digitize(np.hypot(r[:, 0], r[:, 1]), [0.8, 1.6, 2.2]).astype(np.int64)),
    # held back while the classifiers were built: the MLP reached 0.93 here, the quadratic classifier 0.98
    "|r| > median radius d=6": ball(6),
    # from an independent review (issue 26): 0.83-0.86, 0.17-0.18 and 0.12 on one seed before the quadratic
    # classifier squared every coordinate, used discriminant directions, and the MLP ran a floor of steps
    "ball in 2 of 32 coordinates": Deterministic(
        32, lambda r: (r[:, 0] ** 2 + r[:, 1] ** 2 > 2 * math.log(2)).astype(np.int64)),
    "2 signal coordinates of 32": two_signal_coordinates(32),
    "two bumps against one gaussian d=4": two_bumps_against_one_gaussian(4),
    # from the same review: 0.85-0.91 (the MLP rounds the bands off) before the additive classifier
    "sin(2 r0) > 0 d=3": Deterministic(3, lambda r: (np.sin(2 * r[:, 0]) > 0).astype(np.int64)),
    # found scanning the kinds of family at larger d: 0.542-0.547 against 0.633 (the MLP kept) before
    # the Gaussian-classes candidate
    "4 unbalanced classes random covariances d=16": four_unbalanced_classes_random_covariances(16),
}


def _unequal_covariances_3_classes():
    rng = np.random.default_rng(99)
    a = rng.normal(size=(4, 4))
    return GaussianClasses([np.zeros(4), np.r_[1.5, 0, 0, 0], np.r_[0, 1.5, 1.0, 0]],
                           [np.eye(4), np.diag([2.0, 0.5, 1, 1]), a @ a.T / 4 + 0.3 * np.eye(4)], (0.6, 0.3, 0.1))


#: More families, checked over seeds by benchmarks/bench_representation_families.py (too slow for the tests).
CHECKED_FAMILIES = {
    "|r| > median radius d=4": ball(4),
    "|r| > median radius d=8": ball(8),
    "xor r0 r1 > 0 d=2": Deterministic(2, lambda r: (r[:, 0] * r[:, 1] > 0).astype(np.int64)),
    "xor r0 r1 > 0 d=4": Deterministic(4, lambda r: (r[:, 0] * r[:, 1] > 0).astype(np.int64)),
    "3 classes unequal covariances d=4": _unequal_covariances_3_classes(),
    "shift d=64": shift(64, 2.0),
    # from the issue-26 review: 0.58 before the MLP's first-layer kinks were spread (within 0.05 since, narrowly)
    "uniforms shifted by 0.3 d=3": ShiftedUniforms(3, 0.3),
    # from the review: 0.87-0.92 before the additive classifier (an OR of thresholds)
    "max r > 0.5 d=5": Deterministic(5, lambda r: (r.max(axis=1) > 0.5).astype(np.int64)),
    # from the second review: 0.88-0.90 before the boosted trees (three coordinates each cut at 0)
    "parity of r0, r1, r2 > 0 d=3": Deterministic(3, lambda r: ((r[:, :3] > 0).sum(axis=1) % 2).astype(np.int64)),
    # from the second review: 0.93-0.94 before the MLP was trained full-batch by L-BFGS on narrow layers
    "cos(3 r0) + r1 > 0 d=3": Deterministic(3, lambda r: (np.cos(3 * r[:, 0]) + r[:, 1] > 0).astype(np.int64)),
}
