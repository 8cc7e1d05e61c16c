"""The classifier (Barber-Agakov) lower bound of I(R; Z) for a discrete Z, in NumPy, cross-fitted.

``I(R; Z) >= H(Z) - E[-ln q(Z | R)]`` for any classifier q. The sample is cut
into K folds; each fold's cross-entropy comes from a classifier trained (and
chosen) on the other folds only, so every row is scored by a q that never saw
it and the bound is a fair held-out estimate that uses all n rows
(docs/measures/representation.md, "The classifier bound").
"""

from __future__ import annotations

import math

import numpy as np

from tb_bias_plugin.measures.representation.nets import F32, Classifier

__all__ = ["classifier_bound", "cross_entropy", "fold_indices", "split_indices", "standardise"]

#: Ridge strengths the linear classifier tries (penalty ``lam / 2 * |W|^2`` on the summed cross-entropy); the
#: strongest is close to the class shares alone, the floor when R tells nothing.
RIDGES = (1e4, 1e3, 100.0, 10.0, 1.0, 0.1, 0.01)
#: Largest ``(d + 1) * (C - 1)`` fitted by Newton's method; larger linear classifiers train with Adam.
MAX_NEWTON_PARAMS = 2048


def cross_entropy(log_probs: np.ndarray, z: np.ndarray) -> float:
    """Mean ``-ln q(z_i | r_i)`` in nats.

    Examples
    --------
    >>> round(cross_entropy(np.log([[0.5, 0.5], [0.9, 0.1]]), np.array([0, 0])), 6)
    0.399254
    """
    return float(-np.mean(log_probs[np.arange(len(z)), z]))


def _entropy_of(z: np.ndarray, n_classes: int) -> float:
    p = np.bincount(z, minlength=n_classes) / len(z)
    p = p[p > 0]
    return float(-(p * np.log(p)).sum())


def standardise(r, train, pca_dims=None):
    """All rows of `r` standardised with the mean and sd of the `train` rows (then projected on their
    leading `pca_dims` principal components when R has more dimensions), as float32.

    Constant dimensions stay constant (at 0). Shared by the MINE split and the classifier folds.

    Examples
    --------
    >>> standardise(np.array([[0.0, 5.0], [2.0, 5.0], [4.0, 5.0]]), np.array([0, 1])).tolist()
    [[-1.0, 0.0], [1.0, 0.0], [3.0, 0.0]]
    """
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


def _mlp(x_fit, z_fit, x_val, z_val, s, hidden, n_classes, rng):
    """A classifier of `hidden` ELU widths trained by Adam, kept at its best validation bound; (bound, model)."""
    model = Classifier(x_fit.shape[1], n_classes, hidden, rng, s["classifier_learning_rate"])
    k = min(s["batch_size"], len(z_fit))
    if not len(z_val):  # no validation part: judged, and stopped, on its own training rows
        x_val, z_val = x_fit, z_fit
    h_val = _entropy_of(z_val, n_classes)
    steps, every, patience = s["classifier_steps"], s["classifier_eval_every"], s["patience"]
    best, best_state, since, done = -math.inf, None, 0, 0
    with np.errstate(over="ignore", invalid="ignore"):
        while done < steps:
            for _ in range(min(every, steps - done)):
                idx = rng.integers(0, len(z_fit), k)
                model.train_step(x_fit[idx], z_fit[idx])
            done += min(every, steps - done)
            valid = h_val - cross_entropy(model.log_probs(x_val), z_val)
            if not np.isfinite(valid):
                break
            if valid > best:
                best, best_state, since = valid, model.state(), 0
            else:
                since += 1
                if patience is not None and since >= patience:
                    break
    if best_state is not None:
        model.load(best_state)
    return best, model.log_probs


def _log_sum_exp_rows(o):
    m = o.max(axis=1, keepdims=True)
    return m + np.log(np.exp(o - m).sum(axis=1, keepdims=True))


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
    penalty = np.full((d1, k), lam)
    penalty[-1] = 0.0  # the intercepts are not shrunk

    def evaluate(w):
        o = np.hstack([np.zeros((n, 1)), x @ w])
        lse = _log_sum_exp_rows(o)
        return w, o, lse, float(-(o[rows, z] - lse[:, 0]).sum() + 0.5 * (penalty * w * w).sum())

    w, o, lse, current = evaluate(w)
    for _ in range(iterations):
        p = np.exp(o - lse)[:, 1:]
        grad = (x.T @ (p - onehot) + penalty * w).ravel(order="F")
        hess = np.empty((d1 * k, d1 * k))
        for a in range(k):
            for b in range(a, k):
                block = (x * (p[:, a] * ((a == b) - p[:, b]))[:, None]).T @ x
                hess[a * d1:(a + 1) * d1, b * d1:(b + 1) * d1] = block
                hess[b * d1:(b + 1) * d1, a * d1:(a + 1) * d1] = block
        hess[np.diag_indices_from(hess)] += penalty.ravel(order="F") + 1e-10
        step = np.linalg.solve(hess, grad).reshape((d1, k), order="F")
        t = 1.0
        trial = evaluate(w - t * step)
        while t > 1e-4 and trial[3] > current:
            t /= 2
            trial = evaluate(w - t * step)
        w, o, lse, new = trial
        if current - new < 1e-10 * max(1.0, abs(current)):
            break
        current = new
    return w


def _linear_log_probs(w):
    def log_probs(x):
        o = np.hstack([np.zeros((len(x), 1)), np.hstack([x, np.ones((len(x), 1))]).astype(np.float64) @ w])
        return o - np.logaddexp.reduce(o, axis=1, keepdims=True)
    return log_probs


def _linear(x_fit, z_fit, x_val, z_val, n_classes):
    """Linear classifier by Newton's method, its ridge chosen on the validation part (strong to weak), then
    refitted at that ridge on fit and validation rows together; (validation bound, model)."""
    add_one = (lambda a: np.hstack([a.astype(np.float64), np.ones((a.shape[0], 1))]))
    x_f = add_one(x_fit)
    judge_x, judge_z = (x_val, z_val) if len(z_val) else (x_fit, z_fit)
    h_judge = _entropy_of(judge_z, n_classes)
    w = np.zeros((x_f.shape[1], n_classes - 1))
    best, best_w, best_lam = -math.inf, w, RIDGES[-1]
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        for lam in RIDGES:
            w = _newton(x_f, z_fit, n_classes, lam, w)
            valid = h_judge - cross_entropy(_linear_log_probs(w)(judge_x), judge_z)
            if valid > best:
                best, best_w, best_lam = valid, w, lam
        if len(z_val):
            best_w = _newton(np.vstack([x_f, add_one(x_val)]), np.concatenate([z_fit, z_val]), n_classes,
                             best_lam, best_w)
    return best, _linear_log_probs(best_w)


def _fold(r, z, train, test, s, n_classes, fold):
    """Train the classifiers on `train` (validation part carved out of it), keep the better one on
    validation; (its name, the summed cross-entropy of the `test` rows)."""
    rs = standardise(r, train, s["pca_dims"])
    fit, val = train, train[:0]
    if s["validation_fraction"] > 0:
        sub_fit, sub_val = split_indices(z[train], 1.0 - s["validation_fraction"], [s["seed"], 8, fold])
        if sub_fit.size and sub_val.size:
            fit, val = train[sub_fit], train[sub_val]
    rng = np.random.default_rng([s["seed"], 6, fold])
    x_fit, z_fit, x_val, z_val = rs[fit], z[fit], rs[val], z[val]
    if (rs.shape[1] + 1) * (n_classes - 1) <= MAX_NEWTON_PARAMS:
        runs = {"linear": _linear(x_fit, z_fit, x_val, z_val, n_classes)}
    else:
        runs = {"linear": _mlp(x_fit, z_fit, x_val, z_val, s, (), n_classes, rng)}
    if s["classifier_width"]:
        width = s["classifier_width"]
        runs["mlp"] = _mlp(x_fit, z_fit, x_val, z_val, s, (width, width), n_classes, rng)
    name = "linear"
    if "mlp" in runs:
        judge_x, judge_z = (x_val, z_val) if val.size else (x_fit, z_fit)
        rows = np.arange(len(judge_z))
        with np.errstate(over="ignore", invalid="ignore"):
            gain = runs["mlp"][1](judge_x)[rows, judge_z] - runs["linear"][1](judge_x)[rows, judge_z]
        # One-standard-error rule: the MLP must beat the linear floor by more than the validation noise
        # (with no real gain it wins half the time by chance, and an MLP that stopped early on noise
        # scores below the floor on rows it never saw: -0.054 on one shuffled-Z fold).
        if np.all(np.isfinite(gain)) and gain.mean() > gain.std(ddof=1) / math.sqrt(len(gain)):
            name = "mlp"
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        summed = -float(runs[name][1](rs[test])[np.arange(test.size), z[test]].sum())
    return name, summed


def classifier_bound(r, z, s):
    """The cross-fitted Barber-Agakov bound ``H(Z) - CE`` (nats) and the classifier most folds kept.

    The rows are cut into ``s["classifier_folds"]`` stratified folds. For each fold, R is standardised
    with the other folds' statistics; on the other folds (minus a validation part of
    ``s["validation_fraction"]``) an MLP of two ELU layers of ``s["classifier_width"]`` (Adam, early
    stopping on the validation part checked every ``s["classifier_eval_every"]`` steps) and a multinomial logistic regression (Newton's method for each ridge
    of `RIDGES`, the ridge chosen on the validation part, then refitted with it on all the other folds;
    Adam like the MLP when it has more than `MAX_NEWTON_PARAMS` weights) are trained. The linear one
    scores the fold unless the MLP's mean log-likelihood on the validation rows is higher by more than
    its standard error (the one-standard-error rule). CE is the mean over all rows, H(Z) the entropy of all rows.

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
        ``mi`` (nats), ``classifier`` (``"mlp"`` or ``"linear"``, the one most folds kept; ``"mlp"`` on a
        tie) and ``kept`` (the name per fold).
    """
    n_classes = int(z.max()) + 1
    folds = fold_indices(z, s["classifier_folds"], s["seed"])
    kept, summed = [], 0.0
    for k, test in enumerate(folds):
        train = np.concatenate([f for j, f in enumerate(folds) if j != k])
        name, ce_sum = _fold(r, z, train, test, s, n_classes, k)
        kept.append(name)
        summed += ce_sum
    mi = _entropy_of(z, n_classes) - summed / len(z)
    classifier = "mlp" if 2 * kept.count("mlp") >= len(kept) else "linear"
    return dict(mi=float(mi), classifier=classifier, kept=kept)
