"""A classifier on a few directions of a wide representation, the directions refined with it.

On a wide R the dependence often lives in a few directions (Z = 1[|u.r| > 1] for one direction u of 64;
a posterior bent in r0 r1 and tilted by r2 beside 29 noise coordinates). The mini-batch MLP on all d
coordinates rounds such a boundary off and the quadratic classifier's logistic curve is blunt in it; a
full-batch MLP on all d coordinates costs too much. This candidate starts from directions estimated from
the fitting rows' class means and covariances (or, for a second run, those a classifier fitted on every
coordinate bends along), and trains a small MLP on the projections together with the projection itself,
full-batch by L-BFGS (docs/measures/representation.md, "The classifier bound").
"""

from __future__ import annotations

import math

import numpy as np

from tb_bias_plugin.measures.representation.gaussian import class_moments, jittered
from tb_bias_plugin.measures.representation.nets import F32, Classifier
from tb_bias_plugin.measures.representation.quasi_newton import minimise

__all__ = ["discriminant_directions", "gradient_directions", "start_directions", "subspace_mlp"]

#: Directions the candidate starts from: of the class means (at most C - 1) and of the class covariances.
MEAN_DIRECTIONS = 2
COVARIANCE_DIRECTIONS = 2
#: Hidden width of the MLP on the projections (two ELU layers). With 16, Z = 1[|u.r| > 1] (d = 64) kept
#: B at 0.92-0.96 (checks every 20 iterations, P's ridge 1e-4); width 32 and P's ridge 1e-2: 0.946-0.962.
WIDTH = 32
#: L-BFGS iterations at most, every how many the validation bound is checked, and the checks without a
#: better one after which a run stops. On |u.r| > 1 it peaked within 20-60 iterations and then fell (P and
#: the MLP over-fit the fitting rows); checks every 5 instead of 20 kept a model nearer the peak (0.95-0.97).
#: But a run can sit on a plateau first: on bands along one direction of 6 (floor(w.r) mod 2) one run of
#: three stayed at B 0 for 25 iterations, stopped, and rose to 0.97 when let run 100 (docs: "Known misses").
ITERATIONS = 1000
EVAL_EVERY = 5
PATIENCE = 20
#: Ridges on the mean cross-entropy: on the MLP's weights, and on the projection P (stronger: P has d
#: weights per direction that noise coordinates can pull on).
RIDGE = 1e-4
PROJECTION_RIDGE = 1e-2
#: The MLP's first-layer weights and biases are scaled by this at the start (`Classifier`'s
#: ``first_layer_gain``: each unit's kink stays where it was put, its slope is 3 times Glorot's). With
#: Glorot's slopes the start is smooth in the projections: on one draw of bands along w (floor(w.r) mod 2,
#: no low moment of w.r tells the classes apart) 4 runs of 6 sat at bound 0 until they stopped, one of them
#: 0.2 degrees from w (let run, one 2.3 degrees from w was still there after 1,000 iterations), and B was
#: 0.921; with steeper units every run left it (0.975). Smooth boundaries in a subspace lose 0.002-0.006.
FIRST_LAYER_GAIN = 3.0


def discriminant_directions(x, z, n_classes, m):
    """(whitening map W, m orthonormal directions V): ``x @ W`` has about the pooled within-class covariance
    S_w = I, and V are the leading eigenvectors of ``sum_c p_c (W'(S_c - S_w)W)^2``, S_c class c's
    covariance: the directions where the class covariances differ most (for two Gaussian classes, those of
    their log-odds' quadratic form). S_w is shrunk by 1e-3 of its mean variance before whitening, so a
    direction R hardly varies along (a dead unit, collinear units) is not blown up into a false one
    (`gaussian.class_moments`, `gaussian.jittered`)."""
    d = x.shape[1]
    shares, _, covs, within = class_moments(x, z, n_classes)
    vals, vecs = np.linalg.eigh(jittered(within))
    whiten = vecs / np.sqrt(vals)
    spread = np.zeros((d, d))
    for p, cv in zip(shares, covs):
        if cv is not None:  # a class of one row has no spread of its own
            diff = whiten.T @ (cv - within) @ whiten
            spread += p * diff @ diff
    return whiten, np.linalg.eigh(spread)[1][:, ::-1][:, :m]  # eigenvalues ascending: the last m


def start_directions(x, z, n_classes):
    """(d, k) projection whose columns, applied to `x`, have sd 1: the whitened class-mean directions (linear
    discriminants, at most `MEAN_DIRECTIONS`) and the `COVARIANCE_DIRECTIONS` leading directions of
    `discriminant_directions`, made orthonormal in the whitened space.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> z = rng.integers(0, 2, 2000)
    >>> x = rng.normal(size=(2000, 12))
    >>> x[:, 4] += 2 * z  # the class means differ along r4
    >>> proj = start_directions(x, z, 2)
    >>> proj.shape, (x @ proj).std(axis=0).round(6).tolist()  # one mean direction, two of the covariances
    ((12, 3), [1.0, 1.0, 1.0])
    >>> bool(abs(np.corrcoef(x @ proj[:, 0], x[:, 4])[0, 1]) > 0.99)
    True
    """
    x = x.astype(np.float64)
    whiten, cov_dirs = discriminant_directions(x, z, n_classes, COVARIANCE_DIRECTIONS)
    y = x @ whiten
    shares = np.bincount(z, minlength=n_classes) / len(z)
    centre = y.mean(axis=0)
    means = np.stack([math.sqrt(p) * (y[z == c].mean(axis=0) - centre) if p > 0 else np.zeros(y.shape[1])
                      for c, p in enumerate(shares)], axis=1)
    lead = np.linalg.svd(means, full_matrices=False)[0][:, :min(MEAN_DIRECTIONS, n_classes - 1)]
    q = np.linalg.qr(np.hstack([lead, cov_dirs]))[0]
    proj = whiten @ q
    sd = (x @ proj).std(axis=0)
    sd[sd == 0] = 1.0
    return proj / sd


def gradient_directions(model, x, z):
    """(d, k) projection, each column scaled so that ``x @ P`` has sd 1: the k leading eigenvectors of the
    mean outer product of a trained classifier's input gradients (of its cross-entropy at each row), the
    directions its q changes most along; k as many as `start_directions` gives for the same classes.

    A second start for the `subspace_mlp` runs: where the class moments say little about a boundary (bands
    along one direction have nearly the same class means and covariances), a classifier fitted on every
    coordinate still bends along it.

    Examples
    --------
    >>> from tb_bias_plugin.measures.representation.nets import Classifier
    >>> rng = np.random.default_rng(0)
    >>> x = rng.normal(size=(2000, 6)).astype(np.float32)
    >>> z = (np.sin(3 * x[:, 2]) > 0).astype(np.int64)  # no class mean or covariance tells r2 apart much
    >>> net = Classifier(6, 2, (16, 16), rng, 1e-2)
    >>> for _ in range(300):
    ...     net.train_step(x, z)
    >>> proj = gradient_directions(net, x, z)
    >>> proj.shape, int(np.argmax(np.abs(proj[:, 0])))
    ((6, 3), 2)
    """
    rows = np.ascontiguousarray(x, dtype=F32)
    grad = np.empty_like(rows)
    model.gradient(rows, z, input_grad=grad)
    grad = grad.astype(np.float64)
    n_classes = model.params[-1].shape[-1]
    k = min(MEAN_DIRECTIONS, n_classes - 1) + COVARIANCE_DIRECTIONS
    vecs = np.linalg.eigh(grad.T @ grad)[1][:, ::-1][:, :k]  # eigenvalues ascending: the last k
    sd = (np.asarray(x, np.float64) @ vecs).std(axis=0)
    sd[sd == 0] = 1.0
    return vecs / sd


def subspace_mlp(x_fit, z_fit, x_val, z_val, n_classes, rng, patience=PATIENCE, start=None):
    """An MLP of two ELU layers of `WIDTH` on ``x @ P``, P (d, k) started at `start` (default:
    `start_directions` of the fitting rows) and trained with the MLP, full-batch by L-BFGS (ridges `RIDGE` on the MLP's weights,
    `PROJECTION_RIDGE` on P), kept at
    its best validation bound checked every `EVAL_EVERY` iterations, stopped after `ITERATIONS` or `patience`
    checks without a better one (`PATIENCE`).

    Parameters
    ----------
    x_fit, z_fit : numpy.ndarray
        The rows it is fitted on (standardised, shape (n, d)) and their classes.
    x_val, z_val : numpy.ndarray
        The validation rows that stop it (none: its own fitting rows).
    n_classes : int
    rng : numpy.random.Generator
        Draws the MLP's first weights (the first layer's then scaled by `FIRST_LAYER_GAIN`).
    patience : int or None
        Checks without a better validation bound before it stops (None: never early).
    start : numpy.ndarray or None
        P's first value (d, k), such as `gradient_directions`; None: `start_directions`.

    Returns
    -------
    (callable, callable)
        ``log q(z | x)`` of rows x (n, d), twice (the one judged on validation also scores the fold);
        its ``projection`` attribute is the trained P.
    """
    d = x_fit.shape[1]
    p0 = start_directions(x_fit, z_fit, n_classes) if start is None else np.asarray(start, np.float64)
    k = p0.shape[1]
    # its Adam is not used: L-BFGS trains it
    model = Classifier(k, n_classes, (WIDTH, WIDTH), rng, 1e-3, first_layer_gain=FIRST_LAYER_GAIN)
    flat = model.opt.flat
    x_fit = np.ascontiguousarray(x_fit, dtype=F32)
    input_grad = np.empty((len(z_fit), k), F32)
    ridge = np.full(d * k + flat.size, RIDGE)
    ridge[:d * k] = PROJECTION_RIDGE

    def split(theta):
        flat[:] = theta[d * k:]
        return theta[:d * k].reshape(d, k).astype(F32)

    def loss_and_gradient(theta):
        proj = split(theta)
        with np.errstate(over="ignore", invalid="ignore"):
            loss = model.gradient(x_fit @ proj, z_fit, with_loss=True, input_grad=input_grad)
        grad = np.concatenate([(x_fit.T @ input_grad).astype(np.float64).ravel(), model.opt.grad]) + ridge * theta
        loss = loss + 0.5 * float(theta @ (ridge * theta))
        return (loss, grad) if np.isfinite(loss) else (math.inf, grad)

    def log_probs_at(theta):
        proj = split(theta)

        def log_probs(x):
            return model.log_probs(np.asarray(x, F32) @ proj)

        log_probs.projection = proj  # what the directions became (read by the tests)
        return log_probs

    if not len(z_val):
        x_val, z_val = x_fit, z_fit
    p_val = np.bincount(z_val, minlength=n_classes) / len(z_val)
    h_val = float(-(p_val[p_val > 0] * np.log(p_val[p_val > 0])).sum())
    rows = np.arange(len(z_val))
    best = [-math.inf, None, 0]  # bound, weights, checks since the best

    def check(step, theta):
        if step % EVAL_EVERY:
            return True
        with np.errstate(over="ignore", invalid="ignore"):
            valid = h_val + float(log_probs_at(theta)(x_val)[rows, z_val].mean())
        if valid > best[0]:
            best[:] = [valid, theta.copy(), 0]
        else:
            best[2] += 1
        return bool(np.isfinite(valid)) and (patience is None or best[2] < patience)

    theta0 = np.concatenate([p0.ravel(), flat.astype(np.float64)])
    last = minimise(loss_and_gradient, theta0, ITERATIONS, check)
    check(0, last)
    q = log_probs_at(best[1] if best[1] is not None else last)
    return q, q
