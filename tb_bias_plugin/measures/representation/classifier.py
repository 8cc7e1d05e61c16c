"""The classifier (Barber-Agakov) lower bound of I(R; Z) for a discrete Z, in NumPy, cross-fitted.

``I(R; Z) >= H(Z) - E[-ln q(Z | R)]`` for any classifier q. The sample is cut
into K folds; each fold's cross-entropy comes from a classifier trained (and
chosen) on the other folds only, so every row is scored by a q that never saw
it and the bound is a fair held-out estimate that uses all n rows
(docs/measures/representation.md, "The classifier bound").
"""

from __future__ import annotations

import functools
import math

import numpy as np

from tb_bias_plugin.measures.representation import gaussian, subspace
from tb_bias_plugin.measures.representation.entropy import log_sum_exp, shannon_entropy
from tb_bias_plugin.measures.representation.nets import F32, Classifier
from tb_bias_plugin.measures.representation.quasi_newton import minimise
from tb_bias_plugin.measures.representation.subspace import discriminant_directions, gradient_directions, subspace_mlp
from tb_bias_plugin.measures.representation.trainings import stop_point
from tb_bias_plugin.measures.representation.trees import bin_edges, binned, boosted_trees

__all__ = ["blind_capped", "classifier_bound", "combine_folds", "cross_entropy", "fold_indices", "fold_runs",
           "mixture_weights", "split_indices", "standardise"]

#: Ridge strengths the linear classifier tries (penalty ``lam / 2 * |W|^2`` on the summed cross-entropy); the
#: strongest is close to the class shares alone, the floor when R tells nothing.
RIDGES = (1e4, 1e3, 100.0, 10.0, 1.0, 0.1, 0.01)
#: The ridges, the Gaussian shrinkage, the one-standard-error rule and the gate of ``subspace`` judge
#: log-likelihoods floored this far below the row's class share, ``ln q >= ln p_z - ln 75`` (1/150 on
#: balanced classes): a few rows unlike any fit row must not decide them. Below the share, not at a fixed
#: value: a floor above ln p_z of a rare class (a 30-row class in 6,000) made being wrong on all its rows
#: free, and the choices favoured over-fitted classifiers (with the two other causes of docs "Rare classes",
#: shuffled-Z controls down to -0.31 at d = 8, -0.47 at d = 32). The fold is still scored unfloored.
CHOICE_FLOOR_BELOW_SHARE = math.log(75.0)
#: Largest ``(d + 1) * (C - 1)`` fitted by Newton's method; larger linear classifiers train with Adam.
MAX_NEWTON_PARAMS = 2048
#: Most pairwise products of leading principal components the quadratic classifier reads (36: every product
#: up to d = 8), and its most weights ``(features + 1) * (C - 1)``: see `quadratic_features`.
QUADRATIC_TERMS = 36
MAX_QUADRATIC_PARAMS = 512
#: Knots per coordinate of the additive classifier (at most), the fewest worth fitting, and its most weights:
#: see `additive_features`.
ADDITIVE_KNOTS = 24
MIN_ADDITIVE_KNOTS = 4
MAX_ADDITIVE_PARAMS = 256
#: The candidates from simplest to most complex: each replaces the one kept so far only if it beats it by
#: more than one standard error on the validation rows. ``shares`` is q = the class shares, R unread (a
#: bound of about 0): on an independent Z with a 30-row class in n = 6,000 the linear classifier, kept by
#: default, had cost folds up to 8 nats on that class's unseen rows (a shuffled-Z control of -0.045).
CANDIDATES = ("shares", "linear", "quadratic", "gaussian", "additive", "mlp", "subspace", "trees")
#: The MLP's early stopping ends no run before this share of ``classifier_steps``: it can start on a plateau
#: (two Gaussian bumps against one Gaussian of their mean and covariance sat at the linear floor for five
#: checks on one fold, then rose to the exact value).
MIN_STEPS_FRACTION = 0.2
#: On representations of at most this many dimensions, and while a pass over the fitting rows costs at most
#: `FULL_BATCH_MAX_PRODUCTS` multiply-adds (rows x (d + width) x width: about 8,000 rows, n = 15,000, at the
#: default width), the MLP is trained full-batch by L-BFGS (`_full_batch_mlp`); a full-batch gradient then
#: costs a few mini-batch steps. The limit is on d, not on n: a larger sample must not get a blunter MLP.
FULL_BATCH_MAX_DIMS = 8
FULL_BATCH_MAX_PRODUCTS = 8000 * 72 * 64
FULL_BATCH_ITERATIONS = 500
FULL_BATCH_EVAL_EVERY = 20
FULL_BATCH_RIDGE = 1e-4
#: Weight of the class shares mixed into every candidate's q: costs at most -ln(1 - 1e-4) = 1e-4 nats a row,
#: and caps what one row far from every fitting row can cost (a Cauchy coordinate standardised to 23.6 put
#: one test row at ln q = -95.6 and cut its fold's bound from 0.99 to 0.81).
SHARE_MIX = 1e-4
#: Widest representation the boosted trees are grown on: their cost grows with d (about 0.3 s a fold at
#: d = 8, n = 6,000), and the boundaries only they follow were found on narrow ones.
TREES_MAX_DIMS = 8
#: When d is above 8, the quadratic classifier's products are those of this many discriminant directions.
DISCRIMINANT_DIRECTIONS = 3
#: The ``subspace`` candidate (wide layers) is trained only where the candidate kept so far beats the linear
#: one by more than this many nats a validation row. Where it helped, the lead was 0.15-0.5 (the review's
#: |u.r| > 1 and tanh families); on a Keras layer (d = 32) where the additive and the MLP led by 0.01-0.03
#: it never won a fold and cost 0.34 s an estimate; on a Gaussian shift (linear ahead) it is never trained.
SUBSPACE_MIN_GAIN = 0.05
#: ... and only on representations of at least this many dimensions. From 4, in the mixture beside the
#: full-batch MLP on every coordinate, it lifted cos 3r0 + r1 > 0 with 6 noise coordinates (d = 8) by
#: 0.007-0.028 and the bands (d = 6) by 0.004-0.025; alone (before the mixture) it had moved them less.
SUBSPACE_MIN_DIMS = 4
#: The ``subspace`` candidate mixes one run per start, each from its own first weights: P at the class
#: moments' directions (`subspace.start_directions`), and at those the ``mlp`` candidate's q changes most
#: along (`subspace.gradient_directions`). On one fold a run's bound ranged over 0.03-0.046 with its first
#: weights (a wedge at d = 40, Z = 1[sin 2u.r > 0] at d = 32); two runs did as well as three on the wide
#: misses of docs/measures/representation.md, and each costs about 0.25 s an estimate at n = 8,000,
#: d = 64. They are weighted to fit the validation rows (`_mixed_runs`), not averaged: a run stuck on a
#: plateau (bound 0) beside one at 0.97 cost the mean about 0.2 nats a row.
SUBSPACE_STARTS = ("moments", "gradients")
#: Most EM iterations fitting the weights of the candidates' mixture (`mixture_weights`), and the gain in
#: mean log-likelihood a row below which it stops.
MIXTURE_ITERATIONS = 500
MIXTURE_TOLERANCE = 1e-9
#: The candidates cheap to refit (logistic regressions fitted by Newton's method, and Gaussian classes in
#: closed form): when some class has fewer than `THIN_CLASS_ROWS` validation rows (`_thin`), they and
#: ``shares`` are judged by `INNER_FOLDS`-fold cross-validation on every training row (`_cross_validated`);
#: without a validation part, ``linear`` alone, its ridge chosen that way too. With no thin class the
#: validation part judges them as it judges the others, and nothing is refitted.
CROSS_VALIDATED = ("linear", "quadratic", "gaussian", "additive")
INNER_FOLDS = 3
THIN_CLASS_ROWS = 30
#: A class of the sample with no validation row is blind to the candidates judged on those rows alone: their
#: q of it is replaced by its share, the other classes scaled to fill the rest (`blind_capped`). Without the
#: cap the trees and the MLP, judged where a 3-row class in 6,000 had no row, gained a little on every
#: common row and cost about 17 nats on the class's unseen test rows (B -0.44 to -0.69 on an independent Z).
#: With one validation row the cap changed no B on an independent Z, and it dropped real signal (4 rows at
#: r0 = +-6: B 0.751 -> 0.518 on one draw, an independent review), so it needs none.
BLIND_VALIDATION_ROWS = 1
#: ... and a class with fewer training rows than this is blind to the regressions judged out of fold
#: (`_cross_validated`): the inner fits that score its one row never saw the class.
BLIND_TRAINING_ROWS = 2
#: Newton's steps longer than this in any weight are shortened to it when the full step, halved down to
#: 1e-4, lowers the loss no more: far from the optimum (a class's intercept at -22, where no row of it was)
#: the Hessian is nearly singular and the step huge.
NEWTON_MAX_STEP = 4.0
#: A candidate replaces the one kept only by more than this many nats a validation row, besides the standard
#: errors: a candidate equal to ``shares`` up to rounding (capped, on two classes one of them blind) had
#: gains of about 1e-16 with a standard deviation of 0 and looked clearly better.
MIN_GAIN = 1e-6
#: With fewer validation rows than this the kept candidate alone scores the fold: from 40-80 rows
#: (n = 300-600) the weights over-fit them, and shuffled-Z controls fell to -0.06 (-0.005 kept alone).
MIXTURE_MIN_ROWS = 200


def cross_entropy(log_probs: np.ndarray, z: np.ndarray) -> float:
    """Mean ``-ln q(z_i | r_i)`` in nats.

    Examples
    --------
    >>> round(cross_entropy(np.log([[0.5, 0.5], [0.9, 0.1]]), np.array([0, 0])), 6)
    0.399254
    """
    return float(-np.mean(log_probs[np.arange(len(z)), z]))


def standardise(r, train, pca_dims=None):
    """All rows of `r` standardised with the mean and sd of the `train` rows (then projected on their
    leading `pca_dims` principal components when R has more dimensions), as float32.

    Constant dimensions stay constant (at 0). Shared by the MINE split and the classifier folds.
    Each dimension is first divided by a power of two near its largest magnitude: exact, so the result
    is the same bit for bit, but the squares of values near 1e155 (up to the largest float) no longer
    overflow, nor those of values near 1e-200 underflow to a variance of 0 (either made B 0).

    Examples
    --------
    >>> standardise(np.array([[0.0, 5.0], [2.0, 5.0], [4.0, 5.0]]), np.array([0, 1])).tolist()
    [[-1.0, 0.0], [1.0, 0.0], [3.0, 0.0]]
    >>> standardise(np.array([[0.0], [2e-200], [4e-200]]), np.array([0, 1])).tolist()
    [[-1.0], [1.0], [3.0]]
    >>> standardise(np.array([[-9e307], [9e307], [0.0]]), np.array([0, 1])).tolist()
    [[-1.0], [1.0], [0.0]]
    """
    top = np.abs(r[train]).max(axis=0)
    r = np.ldexp(r, -np.frexp(top)[1])  # never forms 2**1024, which is inf (0 for a column of 0)
    mean, std = r[train].mean(axis=0), r[train].std(axis=0)
    std[std == 0] = 1.0
    rs = (r - mean) / std
    if pca_dims is not None and rs.shape[1] > pca_dims:
        _, _, vt = np.linalg.svd(rs[train], full_matrices=False)
        rs = rs @ vt[:pca_dims].T
    return rs.astype(F32)


def split_indices(z, train_fraction, seed, stratify=True):
    """Indices of the training and held-out parts, stratified by class.

    Each class contributes ``round(train_fraction * n_z)`` samples (at least
    one) to the training part; order inside each part is random.

    Examples
    --------
    >>> tr, ho = split_indices(np.array([0] * 10 + [1] * 10), 0.7, seed=0)
    >>> len(tr), len(ho), int(np.sum(np.arange(20)[ho] >= 10))
    (14, 6, 3)
    """
    rng = np.random.default_rng([*(int(x) for x in np.atleast_1d(seed)), 0])
    if not stratify:
        order = rng.permutation(len(z))
        cut = int(round(train_fraction * len(z)))
        return order[:cut], order[cut:]
    train, held = [], []
    for c in np.unique(z):
        idx = rng.permutation(np.flatnonzero(z == c))
        cut = max(1, int(round(train_fraction * idx.size)))
        train.append(idx[:cut])
        held.append(idx[cut:])
    train, held = np.concatenate(train), np.concatenate(held)
    return rng.permutation(train), rng.permutation(held)


def fold_indices(z, folds, seed):
    """`folds` disjoint index arrays covering every row, stratified: each class is dealt round the folds.

    Examples
    --------
    >>> parts = fold_indices(np.array([0] * 6 + [1] * 3), 3, seed=0)
    >>> sorted(np.concatenate(parts).tolist()) == list(range(9)), [len(p) for p in parts]
    (True, [3, 3, 3])
    """
    rng = np.random.default_rng([*(int(x) for x in np.atleast_1d(seed)), 7])
    owner = np.empty(len(z), np.int64)
    start = 0
    for c in np.unique(z):
        idx = rng.permutation(np.flatnonzero(z == c))
        owner[idx] = (start + np.arange(idx.size)) % folds
        start += idx.size  # the next class starts where this one stopped: fold sizes differ by 1 at most
    return [np.flatnonzero(owner == k) for k in range(folds)]


def _epochs(x, z, k, rng):
    """Endless batches of `k` rows: each epoch the rows are shuffled once and cut into contiguous slices
    (views: no gather per step; the last partial batch of an epoch is dropped)."""
    while True:
        order = rng.permutation(len(z))
        xs, zs = x[order], z[order]
        for start in range(0, len(z) - k + 1, k):
            yield xs[start:start + k], zs[start:start + k]


def _mlp(x_fit, z_fit, x_val, z_val, s, hidden, n_classes, rng):
    """A classifier of `hidden` ELU widths trained by Adam, kept at its best validation bound (the
    `nets.Classifier`, whose ``log_probs`` is both judged on the validation rows and scores the fold)."""
    model = Classifier(x_fit.shape[1], n_classes, hidden, rng, s["classifier_learning_rate"])
    k = min(s["batch_size"], len(z_fit))
    if not len(z_val):  # no validation part: judged, and stopped, on its own training rows
        x_val, z_val = x_fit, z_fit
    h_val = shannon_entropy(np.bincount(z_val, minlength=n_classes))
    steps, every, patience = s["classifier_steps"], s["classifier_eval_every"], s["patience"]
    floor = int(MIN_STEPS_FRACTION * steps)
    best, best_state, since, done = -math.inf, None, 0, 0
    batches = _epochs(x_fit, z_fit, k, rng)
    with np.errstate(over="ignore", invalid="ignore"):
        while done < steps:
            stop_point()
            for _ in range(min(every, steps - done)):
                model.train_step(*next(batches))
            done += min(every, steps - done)
            valid = h_val - cross_entropy(model.log_probs(x_val), z_val)
            if not np.isfinite(valid):
                break
            if valid > best:
                best, best_state, since = valid, model.state(), 0
            else:
                since += 1
                if patience is not None and since >= patience and done >= floor:
                    break
    if best_state is not None:
        model.load(best_state)
    return model


def _full_batch_mlp(x_fit, z_fit, x_val, z_val, s, hidden, n_classes, rng):
    """The MLP of `_mlp`, trained on all its fitting rows at once by L-BFGS (`quasi_newton.minimise`, a small
    ridge `FULL_BATCH_RIDGE` on every weight), kept at its best validation bound checked every
    `FULL_BATCH_EVAL_EVERY` iterations; stopped after `FULL_BATCH_ITERATIONS` or `patience` checks without a
    better one. The `nets.Classifier`."""
    model = Classifier(x_fit.shape[1], n_classes, hidden, rng, s["classifier_learning_rate"])
    flat = model.opt.flat
    if not len(z_val):
        x_val, z_val = x_fit, z_fit
    h_val = shannon_entropy(np.bincount(z_val, minlength=n_classes))

    def loss_and_gradient(theta):
        flat[:] = theta
        with np.errstate(over="ignore", invalid="ignore"):
            loss = model.gradient(x_fit, z_fit, with_loss=True)
        grad = model.opt.grad.astype(np.float64) + FULL_BATCH_RIDGE * theta
        loss = loss + 0.5 * FULL_BATCH_RIDGE * float(theta @ theta)
        return (loss, grad) if np.isfinite(loss) else (math.inf, grad)

    best = [-math.inf, flat.astype(np.float64), 0]  # bound, weights, checks since the best

    def check(step, theta):
        if step % FULL_BATCH_EVAL_EVERY:
            return True
        flat[:] = theta
        with np.errstate(over="ignore", invalid="ignore"):
            valid = h_val - cross_entropy(model.log_probs(x_val), z_val)
        if valid > best[0]:
            best[:] = [valid, theta.copy(), 0]
        else:
            best[2] += 1
        return bool(np.isfinite(valid)) and (s["patience"] is None or best[2] < s["patience"])

    last = minimise(loss_and_gradient, flat.astype(np.float64), FULL_BATCH_ITERATIONS, check)
    check(0, last)  # the point it stopped at, when that was between two checks
    flat[:] = best[1]
    return model


def blind_capped(log_q, blind, log_p):
    """``ln q'`` where q' is q with each `blind` class's probability set to its share (`log_p`, which sums
    to 1) and the other classes' scaled to fill the rest (in the shares' proportions on a row where q gave
    them nothing; the shares alone when every class is blind): still a classifier, and one that neither
    gains nor loses on a class its judges never saw.

    Examples
    --------
    >>> out = blind_capped(np.log([[0.2, 0.3, 0.5]]), np.array([False, False, True]), np.log([0.45, 0.45, 0.1]))
    >>> np.exp(out).round(3).tolist()
    [[0.36, 0.54, 0.1]]
    """
    if not blind.any():
        return log_q
    out = np.empty(log_q.shape, np.float64)
    out[:, blind] = log_p[blind]
    if blind.all():
        return out
    seen = ~blind
    left = math.log1p(-float(np.exp(log_p[blind]).sum()))
    rest = np.asarray(log_q[:, seen], np.float64)
    rest[~np.isfinite(rest.max(axis=1))] = log_p[seen]  # q gave them nothing (or not a number)
    out[:, seen] = rest - log_sum_exp(rest, axis=1, keepdims=True) + left
    return out


def _newton(x, z, n_classes, lam, w, iterations=25):
    """Ridge-penalised multinomial logistic regression by damped Newton steps from `w` ((d + 1) x (C - 1)).

    Class 0's logit is fixed at 0 (the model is identifiable, so the unpenalised intercepts cannot drift
    along a direction the loss does not see); the last row of `x` is the intercept's column of ones. The
    logits of the accepted step are kept for the next one (half the products of recomputing them).
    """
    n, d1 = x.shape
    k = n_classes - 1
    rows = np.arange(n)
    onehot = np.eye(n_classes)[z][:, 1:]
    x32 = x.astype(F32)
    penalty = np.full((d1, k), lam)
    penalty[-1] = 0.0  # the intercepts are not shrunk

    def evaluate(w):
        o = np.hstack([np.zeros((n, 1)), x @ w])
        lse = log_sum_exp(o, axis=1, keepdims=True)
        return w, o, lse, float(-(o[rows, z] - lse[:, 0]).sum() + 0.5 * (penalty * w * w).sum())

    w, o, lse, current = evaluate(w)
    for _ in range(iterations):
        stop_point()
        p = np.exp(o - lse)[:, 1:]
        grad = (x.T @ (p - onehot) + penalty * w).ravel(order="F")
        hess = np.empty((d1 * k, d1 * k))
        for a in range(k):
            # A diagonal block as one matrix times its own transpose (BLAS's syrk, 1.7x faster than a gemm), in
            # float32 (1.7x faster again): the Hessian only steers the step; gradient and loss stay float64.
            root = x32 * np.sqrt(p[:, a] * (1 - p[:, a])).astype(F32)[:, None]
            hess[a * d1:(a + 1) * d1, a * d1:(a + 1) * d1] = root.T @ root
            for b in range(a + 1, k):
                block = (x * (-p[:, a] * p[:, b])[:, None]).T @ x
                hess[a * d1:(a + 1) * d1, b * d1:(b + 1) * d1] = block
                hess[b * d1:(b + 1) * d1, a * d1:(a + 1) * d1] = block
        hess[np.diag_indices_from(hess)] += penalty.ravel(order="F") + 1e-10
        step = np.linalg.solve(hess, grad).reshape((d1, k), order="F")
        trial = _line_search(evaluate, w, step, current)
        if not trial[3] <= current and np.abs(step).max() > NEWTON_MAX_STEP:
            trial = _line_search(evaluate, w, step * (NEWTON_MAX_STEP / np.abs(step).max()), current)
        if not trial[3] <= current:
            break  # no step lowers the loss (or it is not a number): taking one had put every row in a 1-row class
        w, o, lse, new = trial
        if current - new < 1e-6 * max(1.0, abs(current)):  # converging quadratically: the next step would gain ~0
            break
        current = new
    return w


def _line_search(evaluate, w, step, current):
    """``evaluate`` at ``w - t * step`` for t = 1, 1/2, ... down to 1e-4, until the loss is at most
    `current`; the last trial."""
    t = 1.0
    trial = evaluate(w - t * step)
    while t > 1e-4 and not trial[3] <= current:
        t /= 2
        trial = evaluate(w - t * step)
    return trial


def _with_intercept(x):
    return np.hstack([x.astype(np.float64), np.ones((x.shape[0], 1))])


def _logistic_log_probs(w):
    def log_probs(x):
        o = np.hstack([np.zeros((len(x), 1)), _with_intercept(x) @ w])
        return o - np.logaddexp.reduce(o, axis=1, keepdims=True)
    return log_probs


def _cross_validated_logistic(x, z, n_classes, inner, cap, features=None, ridges=RIDGES, start=None):
    """Logistic regression judged by cross-validation over the folds `inner` of the rows `x` (on the map
    ``features(x_rows, z_rows)`` fitted inside each inner fold when given); (the out-of-fold
    ``ln q(z_i | r_i)`` of every row at the one of `ridges` with the best mean of them floored by
    `choice_floors`, the fit at that ridge on all the rows as a function of x), or None when `features`
    gives no map. Each fit starts at `start` (weights, default 0), then at the ridge before. `cap` maps each
    fit's ``ln q`` of rows and the classes it was fitted to to the ``ln q`` used (`blind_capped`).

    Every row's value comes from a fit that did not see it, so the rule can judge the candidate, and its
    lead over the shares, on all the training rows rather than on the validation part alone (with a 30-row
    class in 6,000, 4 of its rows). Chosen on the rows it was fitted to, the weakest ridge always won: on an
    independent Z at n = 2,000, d = 64 the bound fell to -0.03 to -0.05.
    """
    mapped = []
    for held in inner:
        rest = np.concatenate([f for f in inner if f is not held])
        feature_map = (lambda v: v) if features is None else features(x[rest], z[rest])
        if feature_map is None:
            return None
        mapped.append((rest, held, _with_intercept(feature_map(x[rest])), feature_map(x[held])))
    floors = choice_floors(z, n_classes)[z]
    out_of_fold = np.empty((len(ridges), len(z)))
    weights = [np.zeros((part[2].shape[1], n_classes - 1)) if start is None else start for part in mapped]
    best, best_i, since = -math.inf, 0, 0
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        for i, lam in enumerate(ridges):  # strong to weak, each fit started at the one before
            for k, (rest, held, x_rest, x_held) in enumerate(mapped):
                weights[k] = _newton(x_rest, z[rest], n_classes, lam, weights[k])
                log_q = _logistic_log_probs(weights[k])(x_held)
                out_of_fold[i, held] = cap(log_q, z[rest])[np.arange(held.size), z[held]]
            valid = float(np.maximum(out_of_fold[i], floors).mean())
            if valid > best:
                best, best_i, since = valid, i, 0
            else:
                since += 1
                if since == 2:  # fallen at two weaker ridges in a row: past the best
                    break
        feature_map = (lambda v: v) if features is None else features(x, z)
        if feature_map is None:
            return None
        x_all = feature_map(x)
        # from `start`, fitted with every class: an inner fit whose rows lacked a class (one row of it in
        # the training rows) had sent that class's intercept far below, where Newton's steps go astray
        first = np.zeros_like(weights[0]) if start is None else start
        w = _newton(_with_intercept(x_all), z, n_classes, ridges[best_i], first)
    log_probs = _logistic_log_probs(w)
    return out_of_fold[best_i], lambda v: cap(log_probs(feature_map(v)), z)


def _logistic(x_fit, z_fit, x_val, z_val, n_classes, refit=True):
    """Logistic regression by Newton's method, its ridge chosen on the validation part (strong to weak, by the
    mean of log-likelihoods floored by `choice_floors`);
    (the fit at that ridge, the refit at that ridge on fit and validation rows together).

    The first is the one judged against the other candidates on the validation rows, which the refit has
    seen: judged by the refit, the quadratic classifier beat the linear one on Gaussian shifts (a linear
    Bayes boundary) by up to 3.8 standard errors, and scored lower on the rows neither had seen.
    """
    x_f = _with_intercept(x_fit)
    judge_x, judge_z = (x_val, z_val) if len(z_val) else (x_fit, z_fit)
    rows, floors = np.arange(len(judge_z)), choice_floors(z_fit, n_classes)[judge_z]
    w = np.zeros((x_f.shape[1], n_classes - 1))
    best, best_w, best_lam, since = -math.inf, w, RIDGES[-1], 0
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        for lam in RIDGES:
            w = _newton(x_f, z_fit, n_classes, lam, w)
            # floored: two validation rows beyond every fit row (Z = 1[sin(2 r0) > 0] flips again past
            # |r0| = pi) cost a weak ridge 50 nats each, and kept the additive classifier at B 0.94
            valid = float(np.maximum(_logistic_log_probs(w)(judge_x)[rows, judge_z], floors).mean())
            if valid > best:
                best, best_w, best_lam, since = valid, w, lam, 0
            else:
                since += 1
                if since == 2:  # fallen at two weaker ridges in a row: past the best (saves a third of the fits)
                    break
        refitted = best_w
        if len(z_val) and refit:
            refitted = _newton(np.vstack([x_f, _with_intercept(x_val)]), np.concatenate([z_fit, z_val]), n_classes,
                            best_lam, best_w)
    judged = _logistic_log_probs(best_w)
    judged.ridge, judged.weights = best_lam, best_w  # where the cross-validation starts (`_cross_validated`)
    return judged, _logistic_log_probs(refitted)


def quadratic_features(x_fit, z_fit, n_classes, max_params=MAX_QUADRATIC_PARAMS):
    """The quadratic classifier's feature map, fitted on `x_fit` (standardised rows) and their classes
    `z_fit`; None when even its smallest form has more than `max_params` weights.

    When d <= 8 (at most `QUADRATIC_TERMS` products): every coordinate of x and every product
    ``x_i x_j`` (i <= j), which span every quadratic form of x: the log-odds of Gaussian classes of any
    means and covariances, a ball's indicator (|x|^2 > t) and an XOR (x_0 x_1 > 0) are in the family.
    Above: every coordinate, the square of every coordinate, and every product ``u_i u_j`` of the
    `DISCRIMINANT_DIRECTIONS` directions u where the class covariances differ most (`subspace.discriminant_directions`,
    fitted on these rows only). The squares keep axis-aligned forms in reach (a ball in a few
    coordinates); the few products reach a rotated form (classes correlated differently in two
    coordinates) without the noise of 36 products, which cost up to 0.06 of B at d = 32. When the squares
    do not fit in `max_params`, the squared norm of the whitened components left out replaces them. Each
    feature is standardised with the `x_fit` rows' mean and sd, so one ridge shrinks them alike; the
    weights number ``(features + 1) * (C - 1)``.

    Examples
    --------
    >>> x = np.random.default_rng(0).normal(size=(50, 3))
    >>> quadratic_features(x, np.arange(50) % 2, 2)(x).shape  # 3 coordinates, 6 products
    (50, 9)
    >>> wide = np.random.default_rng(0).normal(size=(50, 20))
    >>> quadratic_features(wide, np.arange(50) % 2, 2)(wide).shape  # 20 coordinates, 6 products, 20 squares
    (50, 46)
    """
    d = x_fit.shape[1]
    for extra in (d, 1):  # the squares of the coordinates; failing that, the squared norm left out
        size = (lambda m, extra=extra: (d + m * (m + 1) // 2 + extra * (m < d) + 1) * (n_classes - 1))
        m = d
        while m > 0 and (m * (m + 1) // 2 > QUADRATIC_TERMS or size(m) > max_params):
            m -= 1
        if size(m) <= max_params:
            break
    else:
        return None
    x64 = x_fit.astype(np.float64)
    lead = whiten = None
    if m < d:
        m = min(m, DISCRIMINANT_DIRECTIONS)
        whiten, lead = discriminant_directions(x64, z_fit, n_classes, m)
    rows, cols = np.triu_indices(m)

    def raw(x):
        x = x.astype(np.float64)
        y = x if whiten is None else x @ whiten
        u = x if lead is None else y @ lead
        parts = [x, u[:, rows] * u[:, cols]]
        if lead is not None and extra == d:
            parts.append(x * x)
        elif lead is not None:  # |y|^2 - |u|^2: the squared norm of the components left out (lead is orthonormal)
            parts.append(((y * y).sum(axis=1) - (u * u).sum(axis=1))[:, None])
        return np.hstack(parts)

    f = raw(x64)
    mean, sd = f.mean(axis=0), f.std(axis=0)
    sd[sd == 0] = 1.0
    return lambda x: (raw(x) - mean) / sd


def additive_features(x_fit, n_classes, max_params=MAX_ADDITIVE_PARAMS):
    """The additive classifier's feature map, fitted on `x_fit` (standardised rows): every coordinate and,
    for each, hinges ``max(0, x_i - t)`` at its knots t (quantiles of the `x_fit` rows); None when fewer
    than `MIN_ADDITIVE_KNOTS` knots a coordinate fit in `max_params` weights.

    A logistic regression on them has log-odds ``sum_i f_i(x_i)``, each f_i piecewise linear with up to
    `ADDITIVE_KNOTS` bends: steep enough between two knots to follow a boundary that no quadratic form
    draws (Z = 1[sin(2 r_0) > 0], several bands in one coordinate; Z = 1[max_i r_i > t], an OR of
    thresholds) and that an MLP trained by Adam for a few thousand steps rounds off (B 0.87-0.91 on both
    against an exact 1; these features: 0.96-0.98). Knots shrink with d to keep the fit cheap, so the
    candidate is for narrow representations (24 knots up to d = 10, none from d = 52 on for two classes).
    Features are standardised like the quadratic ones.

    Examples
    --------
    >>> x = np.random.default_rng(0).normal(size=(50, 3))
    >>> additive_features(x, 2)(x).shape  # 3 coordinates, 24 hinges each
    (50, 75)
    >>> additive_features(np.zeros((50, 64)), 2) is None  # 64 coordinates: fewer than 4 knots each
    True
    """
    d = x_fit.shape[1]
    knots = min(ADDITIVE_KNOTS, (max_params // (n_classes - 1) - 1) // d - 1)
    if knots < MIN_ADDITIVE_KNOTS:
        return None
    x64 = x_fit.astype(np.float64)
    at = np.quantile(x64, np.arange(1, knots + 1) / (knots + 1), axis=0)  # (knots, d)

    def raw(x):
        x = x.astype(np.float64)
        return np.hstack([x, np.maximum(0.0, x[:, None, :] - at[None, :, :]).reshape(len(x), -1)])

    f = raw(x64)
    mean, sd = f.mean(axis=0), f.std(axis=0)
    sd[sd == 0] = 1.0
    return lambda x: (raw(x) - mean) / sd


def log_shares(z, n_classes):
    """``ln p_c`` of each class c: its share of the rows `z`, a class absent from them counted as half a row
    (so no log is -inf) and the shares then summing to 1. The q of the ``shares`` candidate."""
    counts = np.maximum(np.bincount(z, minlength=n_classes), 0.5)
    return np.log(counts / counts.sum())


def choice_floors(z_fit, n_classes):
    """Per class, the floor of a validation row's log-likelihood in the choices made on those rows
    (`CHOICE_FLOOR_BELOW_SHARE`): ``ln p_z - ln 75``, p_z the class's share of the fitting rows `z_fit`."""
    return log_shares(z_fit, n_classes) - CHOICE_FLOOR_BELOW_SHARE


def _one_standard_error(scores, floors):
    """The candidate kept: walking `CANDIDATES` from the simplest, the next replaces the one kept only when
    its mean validation log-likelihood is higher by more than one standard error of the per-row gains, both
    taken on log-likelihoods floored at `floors` (per row, from `choice_floors`). `scores` maps names to the
    per-row ``ln q(z_i | r_i)`` of the validation rows."""
    present = [c for c in CANDIDATES if c in scores]
    name = present[0]
    for other in present[1:]:
        if _clearly_better(scores, other, name, floors):
            name = other
    return name


def _clearly_better(scores, name, than, floors, errors=1.0):
    """Whether candidate `name`'s mean validation log-likelihood beats `than`'s by more than one standard
    error of the per-row gains, both floored at `floors` (a few rows a sharp classifier gets confidently
    wrong must not decide it)."""
    gain = np.maximum(scores[name], floors) - np.maximum(scores[than], floors)
    # With no real gain a richer classifier wins half the time by chance, and an MLP stopped early
    # on noise scored below the floor on rows it never saw (-0.054 on one shuffled-Z fold).
    return bool(np.all(np.isfinite(gain))
                and gain.mean() > errors * gain.std(ddof=1) / math.sqrt(len(gain)) + MIN_GAIN)


def mixture_weights(log_likelihoods, iterations=MIXTURE_ITERATIONS, tolerance=MIXTURE_TOLERANCE):
    """Weights w of the mixture ``sum_c w_c q_c`` that give the rows the largest likelihood, by EM.

    The log-likelihood of the rows is concave in w, and each EM step raises it.

    Parameters
    ----------
    log_likelihoods : numpy.ndarray, shape (n, C)
        ``ln q_c(z_i | r_i)`` of every row i under every candidate c; finite.
    iterations : int
        Most EM steps.
    tolerance : float
        EM stops when a step raises the mean log-likelihood by less than this many nats a row (where it is
        flat, the weights found may be far from the maximum's, with a likelihood within about 1e-3 of it).

    Returns
    -------
    numpy.ndarray, shape (C,)
        Non-negative weights that sum to 1.

    Raises
    ------
    ValueError
        When there are no rows or candidates, or a log-likelihood is not finite.

    See Also
    --------
    classifier_bound : mixes its candidates with these weights, fitted on the validation rows.

    Examples
    --------
    A candidate that is never better gets (almost) no weight; two that are each right on half the rows share
    it:

    >>> ll = np.log([[0.9, 0.4, 0.1], [0.9, 0.4, 0.1], [0.1, 0.4, 0.9], [0.1, 0.4, 0.9]])
    >>> mixture_weights(ll).round(3).tolist()
    [0.5, 0.0, 0.5]
    """
    ll = np.asarray(log_likelihoods, np.float64)
    if ll.ndim != 2 or 0 in ll.shape or not np.all(np.isfinite(ll)):
        raise ValueError("log_likelihoods must be a non-empty (rows, candidates) array of finite values")
    lik = np.exp(ll - ll.max(axis=1, keepdims=True))  # relative to each row's best: no underflow
    w = np.full(ll.shape[1], 1.0 / ll.shape[1])
    last = -math.inf
    for _ in range(iterations):
        mixed = lik @ w
        mean = float(np.log(mixed).mean())
        if mean - last < tolerance:
            break
        last = mean
        w = w * (lik / mixed[:, None]).mean(axis=0)  # each candidate's mean responsibility
        w /= w.sum()
    return w


def _log_mixture(log_values, weights):
    """``ln sum_m w_m exp(log_values[m])`` over the first axis of `log_values` (a weight of 0 takes no part)."""
    with np.errstate(divide="ignore"):
        log_w = np.log(np.asarray(weights, np.float64))
    return np.logaddexp.reduce(log_w.reshape((-1,) + (1,) * (np.ndim(log_values[0]))) + log_values, axis=0)


def _mixed_runs(models, x_val, z_val):
    """The classifier whose q is the mixture of the `models`' q weighted to fit the validation rows
    (`mixture_weights`; a log-likelihood below -700 or not a number counts as -700)."""
    rows = np.arange(len(z_val))
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        judged = np.stack([m(x_val)[rows, z_val] for m in models], axis=1).astype(np.float64)
    weights = mixture_weights(np.nan_to_num(np.maximum(judged, -700.0), nan=-700.0))

    def log_probs(x):
        return _log_mixture(np.stack([m(x) for m in models]), weights)
    log_probs.weights = weights  # read by the tests
    return log_probs


def _clear_non_linear_gain(judged, name, floors):
    """Whether the candidate kept so far is neither ``shares`` nor ``linear`` and beats ``linear`` by more
    than `SUBSPACE_MIN_GAIN` nats a validation row (floored like the rule): the condition for training the
    ``subspace`` candidate, which sharpens a boundary the others already find (from `SUBSPACE_MIN_DIMS`
    dimensions)."""
    if name in ("shares", "linear"):
        return False
    gain = np.maximum(judged[name], floors) - np.maximum(judged["linear"], floors)
    return bool(gain.mean() > SUBSPACE_MIN_GAIN)


def _later(name, judged, floors):
    """The one-standard-error rule walked on from `name` (kept among ``shares`` and `CROSS_VALIDATED`) over
    the other candidates in `judged`, in `CANDIDATES` order, on the validation rows."""
    for other in CANDIDATES:
        if other in judged and other != "shares" and other not in CROSS_VALIDATED \
                and _clearly_better(judged, other, name, floors, 2.0):
            name = other
    return name


def _cross_validated(rs, z, parts, n_classes, seed, with_shares):
    """``shares`` and the candidates `CROSS_VALIDATED` (only ``linear`` without a validation part) judged out
    of fold on the training rows, one set of `INNER_FOLDS` inner folds for all; (their ``ln q(z_i | r_i)``
    on the training rows and on the test rows, by name). `parts`: the training, fitting, validation and
    test rows. Each chooses its ridge (shrinkage) on the validation part as before, then is fitted at it on
    each inner fold (`_cross_validated_logistic`, `gaussian.cross_validated_classes`); without a
    validation part the ridge is chosen out of fold too."""
    rows, fit, val, test = parts
    names = CROSS_VALIDATED if val.size else ("linear",)
    floors = choice_floors(z[rows], n_classes)[z[rows]]
    # a class with one training row is judged out of fold only by fits that never saw it: they get its share
    in_sample = np.bincount(z, minlength=n_classes) > 0
    blind = (np.bincount(z[rows], minlength=n_classes) < BLIND_TRAINING_ROWS) & in_sample

    def cap(log_q, z_fitted):
        return blind_capped(log_q, blind, log_shares(z_fitted, n_classes))
    inner = fold_indices(z[rows], INNER_FOLDS, seed)
    everywhere = {"shares": np.empty(rows.size)}
    for held in inner:
        everywhere["shares"][held] = log_shares(np.delete(z[rows], held), n_classes)[z[rows][held]]
    tested = {}
    maps = {"linear": None, "quadratic": lambda x, zs: quadratic_features(x, zs, n_classes),
            "additive": lambda x, zs: additive_features(x, n_classes)}
    for name in names:
        if name == "gaussian":
            if rs.shape[1] > gaussian.MAX_DIMS:
                continue
            chosen = gaussian.gaussian_classes(rs[fit], z[fit], rs[val], z[val], n_classes,
                                               choice_floors(z[fit], n_classes), refit=False)
            out_of_fold, model = gaussian.cross_validated_classes(rs[rows], z[rows], n_classes, inner,
                                                                  floors, cap, (chosen[0].shrinkage,))
        elif not val.size:
            out_of_fold, model = _cross_validated_logistic(rs[rows], z[rows], n_classes, inner, cap)
        else:
            feature_map = (lambda v: v) if maps[name] is None else maps[name](rs[fit], z[fit])
            if feature_map is None:
                continue
            chosen = _logistic(feature_map(rs[fit]), z[fit], feature_map(rs[val]), z[val], n_classes, refit=False)
            found = _cross_validated_logistic(rs[rows], z[rows], n_classes, inner, cap, maps[name],
                                              (chosen[0].ridge,), chosen[0].weights)
            if found is None:
                continue
            out_of_fold, model = found
        everywhere[name] = with_shares(out_of_fold, rows)
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            tested[name] = with_shares(model(rs[test])[np.arange(test.size), z[test]], test)
    return everywhere, tested


def _thin(z_fit, z_val, n_classes):
    """Whether some class of the fitting rows has fewer than `THIN_CLASS_ROWS` validation rows."""
    present = np.bincount(z_fit, minlength=n_classes) > 0
    return bool(np.bincount(z_val, minlength=n_classes)[present].min() < THIN_CLASS_ROWS)


def _regressions_on_validation(score, rs, z, parts, n_classes, floors):
    """``linear``, ``quadratic``, ``gaussian`` and ``additive`` fitted on the fitting rows of `parts`, their
    ridges (shrinkage) chosen on its validation rows, each scored by `score`."""
    fit, val = parts
    score("linear", rs, _logistic(rs[fit], z[fit], rs[val], z[val], n_classes))
    features = quadratic_features(rs[fit], z[fit], n_classes)
    if features is not None:
        mapped = features(rs)  # every row once: fit, validation and test
        score("quadratic", mapped, _logistic(mapped[fit], z[fit], mapped[val], z[val], n_classes))
    if rs.shape[1] <= gaussian.MAX_DIMS:
        score("gaussian", rs, gaussian.gaussian_classes(rs[fit], z[fit], rs[val], z[val], n_classes, floors))
    hinges = additive_features(rs[fit], n_classes)
    if hinges is not None:
        mapped = hinges(rs)
        score("additive", mapped, _logistic(mapped[fit], z[fit], mapped[val], z[val], n_classes))


def _fold(r, z, train, test, s, n_classes, fold):
    """Train the candidates on `train` (validation part carved out of it); (the name the one-standard-error
    rule keeps (`_thin` says which rows judge which candidates), the summed cross-entropy of the `test` rows
    under the candidates' mixture weighted on validation, the weights by name)."""
    rs = standardise(r, train, s["pca_dims"])
    fit, val, at_val = train, train[:0], None
    if s["validation_fraction"] > 0:
        sub_fit, sub_val = split_indices(z[train], 1.0 - s["validation_fraction"], [s["seed"], 8, fold])
        if sub_fit.size and sub_val.size:
            fit, val, at_val = train[sub_fit], train[sub_val], sub_val
    rng = np.random.default_rng([s["seed"], 6, fold])
    judged, tested = {}, {}  # per candidate: ln q(z_i | r_i) of the validation rows, and of the test rows

    # every q is mixed with the fitting rows' class shares at weight SHARE_MIX (still a classifier: the bound
    # holds), so one row far from every fitting row costs at most ln(1 / (SHARE_MIX p_z)) nats
    with np.errstate(divide="ignore"):  # a class absent from the fitting rows: -inf, its q alone then
        shares = np.log(SHARE_MIX * np.bincount(z[fit], minlength=n_classes) / fit.size)
    kept_share = math.log1p(-SHARE_MIX)
    floors = choice_floors(z[fit], n_classes)
    val_floors = floors[z[val]]
    # the shares of the fitting rows are judged, those of all the training rows score the fold (the refit)
    judged_shares, tested_shares = log_shares(z[fit], n_classes), log_shares(z[train], n_classes)
    judged["shares"], tested["shares"] = judged_shares[z[val]], tested_shares[z[test]]
    # a class of the sample with no validation row: the candidates judged there get its share as its q
    in_sample = np.bincount(z, minlength=n_classes) > 0
    blind = (np.bincount(z[val], minlength=n_classes) < BLIND_VALIDATION_ROWS) & in_sample

    def with_shares(log_q, rows):
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            return np.logaddexp(log_q + kept_share, shares[z[rows]])

    def score(name, inputs, models):
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            for out, rows, model, log_p in ((judged, val, models[0], judged_shares),
                                            (tested, test, models[1], tested_shares)):
                log_q = blind_capped(model(inputs[rows]), blind, log_p)
                out[name] = with_shares(log_q[np.arange(rows.size), z[rows]], rows)

    newton = (rs.shape[1] + 1) * (n_classes - 1) <= MAX_NEWTON_PARAMS
    first = None  # the candidate kept among shares and CROSS_VALIDATED when they are judged out of fold
    if newton and (not val.size or _thin(z[fit], z[val], n_classes)):
        # A class with few validation rows (4 of a 30-row class in 6,000): the candidates cheap to refit are
        # judged out of fold on every training row, and the others, judged on the validation rows, replace
        # the one kept only by two standard errors (`_later`; docs: "A class thin in the validation part").
        # Without a validation part only the linear one.
        everywhere, regressions = _cross_validated(rs, z, (train, fit, val, test), n_classes,
                                                   [s["seed"], 9, fold], with_shares)
        first = _one_standard_error(everywhere, floors[z[train]])
        tested.update(regressions)
        judged.update({name: values[at_val] for name, values in everywhere.items() if name != "shares"}
                      if val.size else {})
    elif newton:
        _regressions_on_validation(score, rs, z, (fit, val), n_classes, floors)
    else:
        score("linear", rs, (_mlp(rs[fit], z[fit], rs[val], z[val], s, (), n_classes, rng).log_probs,) * 2)
    if not val.size:
        # nothing to judge the richer candidates on but their own fitting rows, where the richest always
        # wins (on an independent Z the trees scored -0.33, the full-batch MLP -0.11)
        kept = first or "linear"
        return kept, -float(tested[kept].sum()), {kept: 1.0}

    def chosen():
        return _one_standard_error(judged, val_floors) if first is None else _later(first, judged, val_floors)

    if s["classifier_width"]:
        width = s["classifier_width"]
        narrow = (rs.shape[1] <= FULL_BATCH_MAX_DIMS
                  and fit.size * (rs.shape[1] + width) * width <= FULL_BATCH_MAX_PRODUCTS)
        trainer = _full_batch_mlp if narrow else _mlp
        net = trainer(rs[fit], z[fit], rs[val], z[val], s, (width, width), n_classes, rng)
        score("mlp", rs, (net.log_probs,) * 2)
        if rs.shape[1] >= SUBSPACE_MIN_DIMS and _clear_non_linear_gain(judged, chosen(), val_floors):
            patience = None if s["patience"] is None else max(s["patience"], subspace.PATIENCE)
            starts = {"moments": None, "gradients": gradient_directions(net, rs[fit], z[fit])}
            runs = [subspace_mlp(rs[fit], z[fit], rs[val], z[val], n_classes, rng, patience, starts[name])[0]
                    for name in SUBSPACE_STARTS]
            score("subspace", rs, (_mixed_runs(runs, rs[val], z[val]),) * 2)
    if rs.shape[1] <= TREES_MAX_DIMS:
        codes = binned(rs, bin_edges(rs[fit]))
        models = boosted_trees(codes[fit], z[fit], codes[val], z[val], n_classes)
        if models is not None:
            score("trees", codes, models)
    # The fold is scored by a mixture weighted to fit the validation rows: it gains where candidates err on
    # different rows (docs: "Mixing the candidates"). The others join the kept one only if they too beat the
    # linear floor clearly: where all score alike (a Gaussian shift) EM spread the weight on the validation
    # rows' noise, 0.4 to trees stopped early on them and worst on the test rows (B 0.098 against 0.102).
    kept = chosen()
    names = [c for c in judged if c == kept or (kept != "shares" and c not in ("shares", "linear")
                                                 and _clearly_better(judged, c, "linear", val_floors))]
    if val.size < MIXTURE_MIN_ROWS or len(names) == 1:
        return kept, -float(tested[kept].sum()), {kept: 1.0}
    weights = mixture_weights(np.stack([judged[c] for c in names], axis=1))
    mixed = _log_mixture(np.stack([tested[c] for c in names]), weights)
    return kept, -float(mixed.sum()), dict(zip(names, weights.tolist()))


def classifier_bound(r, z, s):
    """The cross-fitted Barber-Agakov bound ``H(Z) - CE`` (nats) and the classifier most folds kept.

    The rows are cut into ``s["classifier_folds"]`` stratified folds. For each fold, R is standardised
    with the other folds' statistics and up to seven candidates are trained on the other folds (minus a
    validation part of ``s["validation_fraction"]``), after ``shares`` (q = the class shares, R unread):
    ``linear``, a multinomial logistic regression
    (Newton's method for each ridge of `RIDGES`, the ridge chosen on the validation part, then refitted
    with it on all the other folds; Adam like the MLP when it has more than `MAX_NEWTON_PARAMS` weights);
    ``quadratic``, the same on `quadratic_features` (skipped when they would exceed
    `MAX_QUADRATIC_PARAMS` weights); ``gaussian``, Gaussian classes with their own covariances shrunk
    toward the pooled one (`gaussian.gaussian_classes`; up to `gaussian.MAX_DIMS` dimensions);
    ``additive``, the same as ``linear`` on `additive_features` (per-coordinate hinges,
    skipped on wide representations); ``mlp``, two ELU layers of ``s["classifier_width"]`` (Adam, early
    stopping on the validation part checked every ``s["classifier_eval_every"]`` steps; on narrow
    representations full-batch L-BFGS instead, `_full_batch_mlp`); ``subspace``, an MLP on a few
    directions of R trained with them (`subspace.subspace_mlp`; only from `SUBSPACE_MIN_DIMS` dimensions,
    when a candidate other than ``linear`` leads it by more than `SUBSPACE_MIN_GAIN` nats a row so far,
    and not when ``s["classifier_width"]`` is 0); ``trees``,
    gradient-boosted trees (`trees.boosted_trees`, stopped on the validation part; only up to
    `TREES_MAX_DIMS` dimensions). In that order,
    each replaces the one kept so far only if its mean log-likelihood on the validation rows is higher by
    more than one standard error (the one-standard-error rule, on log-likelihoods floored by
    `choice_floors`); the one kept names the fold's classifier. When some class has fewer than
    `THIN_CLASS_ROWS` validation rows, ``shares`` and `CROSS_VALIDATED` are judged out of fold on every
    training row instead (`_cross_validated`), and the others replace the one kept only by two standard
    errors. A fold that keeps ``shares`` is scored by
    it alone; otherwise by the mixture of the kept candidate and every other that also beats ``linear`` by
    more than one standard error, weighted to fit the validation rows (`mixture_weights`; with fewer than
    `MIXTURE_MIN_ROWS` validation rows the kept one alone; ``subspace`` is itself the mixture of
    its runs, one per `SUBSPACE_STARTS`, weighted the same way). Without a
    validation part (``validation_fraction`` 0, or too few rows) only ``linear`` is trained, its ridge and its
    lead over ``shares`` judged by cross-validation on the fitting rows (`_cross_validated_logistic`). Every q is
    mixed with the class shares at weight `SHARE_MIX`; a class of the sample with fewer than
    `BLIND_VALIDATION_ROWS` validation rows (`BLIND_TRAINING_ROWS` training rows, for the candidates judged
    out of fold) gets its share as the q of the candidates judged there (`blind_capped`). CE is the
    mean over all rows, H(Z) the entropy of all rows.

    Parameters
    ----------
    r : numpy.ndarray, shape (n, d)
        Representations (raw: each fold standardises them).
    z : numpy.ndarray of int, shape (n,)
    s : Mapping
        `representation_bias`'s settings.

    Returns
    -------
    dict
        ``mi`` (nats), ``classifier`` (one of `CANDIDATES`: the one
        most folds kept, the more complex on a tie), ``kept`` (the name per fold) and ``weights`` (per
        fold, the weight of each candidate in its mixture, by name: ``{kept: 1.0}`` when it scored alone).
    """
    return combine_folds(z, [run() for run in fold_runs(r, z, s)])


def fold_runs(r, z, s):
    """`classifier_bound`'s trainings, one callable per fold of the cross-fitting.

    They share nothing but their read-only inputs, so they may run at once (`trainings.run_all`), and
    they pickle.

    Parameters
    ----------
    r, z, s
        As for `classifier_bound`.

    Returns
    -------
    list of callable
        One per fold, in fold order; each returns (the candidate the fold kept, the summed cross-entropy
        of its test rows in nats, its mixture weights by name). `combine_folds` takes their results.
    """
    return [functools.partial(_fold_on, r, z, s, k) for k in range(s["classifier_folds"])]


def _fold_on(r, z, s, k):
    """Fold `k` of `fold_runs` (a module-level function, so a worker process can be sent it)."""
    folds = fold_indices(z, s["classifier_folds"], s["seed"])
    train = np.concatenate([f for j, f in enumerate(folds) if j != k])
    return _fold(r, z, train, folds[k], s, int(z.max()) + 1, k)


def combine_folds(z, results):
    """`classifier_bound`'s result from the results of `fold_runs`.

    Parameters
    ----------
    z : numpy.ndarray of int, shape (n,)
        The classes the folds were cut from.
    results : sequence
        What each of `fold_runs` returned, in fold order.

    Returns
    -------
    dict
        As `classifier_bound` returns.

    Examples
    --------
    >>> z = np.array([0, 1] * 50)
    >>> out = combine_folds(z, [("linear", 30.0, {"linear": 1.0}), ("mlp", 20.0, {"mlp": 1.0})])
    >>> round(out["mi"], 4), out["classifier"], out["kept"]  # ln 2 - 50 / 100
    (0.1931, 'mlp', ['linear', 'mlp'])
    """
    kept = [name for name, _, _ in results]
    summed = sum(ce_sum for _, ce_sum, _ in results)
    mi = shannon_entropy(np.bincount(z)) - summed / len(z)
    classifier = max(CANDIDATES, key=lambda c: (kept.count(c), CANDIDATES.index(c)))
    return dict(mi=float(mi), classifier=classifier, kept=kept, weights=[w for _, _, w in results])
