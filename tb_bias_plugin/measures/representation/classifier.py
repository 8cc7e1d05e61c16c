"""The classifier (Barber-Agakov) lower bound of I(R; Z) for a discrete Z, in NumPy.

``I(R; Z) >= H(Z) - E[-ln q(Z | R)]`` for any classifier q; with q trained on
the training split and the cross-entropy measured on the held-out split the
bound is a fair held-out estimate, as MINE's is
(docs/measures/representation.md, "The classifier bound").
"""

from __future__ import annotations

import math

import numpy as np

from tb_bias_plugin.measures.representation.nets import Classifier

__all__ = ["classifier_bound", "cross_entropy"]

#: Ridge strengths the linear classifier tries (penalty ``lam / 2 * |W|^2`` on the summed cross-entropy).
RIDGES = (100.0, 10.0, 1.0, 0.1, 0.01)
#: Largest ``(d + 1) * C`` fitted by Newton's method; larger linear classifiers train with Adam.
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


def _train(split, z, s, hidden, n_classes):
    """One classifier trained with early stopping on the validation part: its curves and held-out bound."""
    rs, fit, val, ho = split["rs"], split["fit"], split["val"], split["ho"]
    rng = np.random.default_rng([s["seed"], 6, len(hidden)])
    model = Classifier(rs.shape[1], n_classes, hidden, rng, s["classifier_learning_rate"])
    x_fit, z_fit = rs[fit], z[fit]
    k = min(s["batch_size"], fit.size)
    h_val = _entropy_of(z[val], n_classes) if val.size else float("nan")
    h_ho = _entropy_of(z[ho], n_classes)
    steps, every, patience = s["classifier_steps"], s["eval_every"], s["patience"]
    h_steps, h_curve, v_curve = [], [], []
    best, best_step, best_state, since, done = -math.inf, 0, None, 0, 0
    with np.errstate(over="ignore", invalid="ignore"):
        while done < steps:
            for _ in range(min(every, steps - done)):
                idx = rng.integers(0, fit.size, k)
                model.train_step(x_fit[idx], z_fit[idx])
            done += min(every, steps - done)
            held = h_ho - cross_entropy(model.log_probs(rs[ho]), z[ho])
            valid = h_val - cross_entropy(model.log_probs(rs[val]), z[val]) if val.size else held
            h_steps.append(done)
            h_curve.append(held)
            v_curve.append(valid)
            if not np.isfinite(valid):
                break
            if valid > best:
                best, best_step, best_state, since = valid, done, model.state(), 0
            else:
                since += 1
                if patience is not None and since >= patience:
                    break
    if best_state is not None:
        model.load(best_state)
    mi = h_ho - cross_entropy(model.log_probs(rs[ho]), z[ho])
    return dict(mi=float(mi), validation=float(best), best_step=best_step, steps_run=done,
                heldout_steps=np.array(h_steps, np.int64), heldout_curve=np.array(h_curve),
                validation_curve=np.array(v_curve))


def _newton(x, z, n_classes, lam, w, iterations=25):
    """Ridge-penalised multinomial logistic regression by damped Newton steps from `w` ((d + 1) x C)."""
    n, d1 = x.shape
    onehot = np.eye(n_classes)[z]
    penalty = np.full((d1, n_classes), lam)
    penalty[-1] = 1e-8  # the intercepts are not shrunk

    def loss(w):
        o = x @ w
        return float(-(o[np.arange(n), z] - np.logaddexp.reduce(o, axis=1)).sum() + 0.5 * (penalty * w * w).sum())

    current = loss(w)
    for _ in range(iterations):
        o = x @ w
        p = np.exp(o - np.logaddexp.reduce(o, axis=1, keepdims=True))
        grad = (x.T @ (p - onehot) + penalty * w).ravel(order="F")
        hess = np.empty((d1 * n_classes, d1 * n_classes))
        for a in range(n_classes):
            for b in range(a, n_classes):
                weight = p[:, a] * ((a == b) - p[:, b])
                block = (x * weight[:, None]).T @ x
                hess[a * d1:(a + 1) * d1, b * d1:(b + 1) * d1] = block
                hess[b * d1:(b + 1) * d1, a * d1:(a + 1) * d1] = block
        hess[np.diag_indices_from(hess)] += penalty.ravel(order="F")
        step = np.linalg.solve(hess, grad).reshape((d1, n_classes), order="F")
        t = 1.0
        while t > 1e-4 and loss(w - t * step) > current:
            t /= 2
        w = w - t * step
        new = loss(w)
        if current - new < 1e-9 * max(1.0, abs(current)):
            current = new
            break
        current = new
    return w


def _linear(split, z, n_classes):
    """Linear classifier by Newton's method, its ridge chosen on the validation part (strong to weak)."""
    rs, fit, val, ho = split["rs"], split["fit"], split["val"], split["ho"]
    add_one = (lambda a: np.hstack([a.astype(np.float64), np.ones((a.shape[0], 1))]))
    x_fit, x_val, x_ho = add_one(rs[fit]), add_one(rs[val]), add_one(rs[ho])
    h_val = _entropy_of(z[val], n_classes) if val.size else float("nan")
    h_ho = _entropy_of(z[ho], n_classes)

    def bound(x, zz, h, w):
        o = x @ w
        return h - cross_entropy(o - np.logaddexp.reduce(o, axis=1, keepdims=True), zz)

    w = np.zeros((x_fit.shape[1], n_classes))
    best, best_w, valid_curve, held_curve = -math.inf, w, [], []
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        for lam in RIDGES:
            w = _newton(x_fit, z[fit], n_classes, lam, w)
            valid = bound(x_val, z[val], h_val, w) if val.size else bound(x_ho, z[ho], h_ho, w)
            valid_curve.append(valid)
            held_curve.append(bound(x_ho, z[ho], h_ho, w))
            if valid > best:
                best, best_w = valid, w
        mi = bound(x_ho, z[ho], h_ho, best_w)
    return dict(mi=float(mi), validation=float(best), best_step=0, steps_run=len(RIDGES),
                heldout_steps=np.arange(len(RIDGES), dtype=np.int64), heldout_curve=np.array(held_curve),
                validation_curve=np.array(valid_curve))


def classifier_bound(split, z, s):
    """The held-out Barber-Agakov bound of the classifier the validation part prefers.

    An MLP of two ELU layers of ``s["classifier_width"]`` (Adam, with the MINE critic's split, seed and
    early stopping) and a multinomial logistic regression (Newton's method to convergence, its ridge
    chosen on the same validation part; Adam like the MLP when it has more than `MAX_NEWTON_PARAMS`
    weights) are trained; the one with the better validation bound is kept (the linear one is the
    floor: it wins whenever the MLP does not beat it on data it never trained on). Returns its held-out
    bound (nats), its name and its curves.
    """
    n_classes = int(z.max()) + 1
    if (split["rs"].shape[1] + 1) * n_classes <= MAX_NEWTON_PARAMS:
        runs = {"linear": _linear(split, z, n_classes)}
    else:
        runs = {"linear": _train(split, z, s, (), n_classes)}
    if s["classifier_width"]:
        width = s["classifier_width"]
        runs["mlp"] = _train(split, z, s, (width, width), n_classes)
    name = max(runs, key=lambda key: (runs[key]["validation"], key == "mlp"))
    return dict(runs[name], classifier=name, linear_mi=runs["linear"]["mi"])
