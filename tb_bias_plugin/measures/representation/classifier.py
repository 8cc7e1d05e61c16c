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


def classifier_bound(split, z, s):
    """The held-out Barber-Agakov bound of the classifier the validation part prefers.

    An MLP of two ELU layers of ``s["classifier_width"]`` and a multinomial logistic regression are
    trained on the same split, seed and early stopping as the MINE critic; the one with the better
    validation bound is kept (the linear one is the floor: it wins whenever the MLP does not beat it
    on data it never trained on). Returns its held-out bound (nats), its name and its curves.
    """
    n_classes = int(z.max()) + 1
    runs = {"linear": _train(split, z, s, (), n_classes)}
    if s["classifier_width"]:
        width = s["classifier_width"]
        runs["mlp"] = _train(split, z, s, (width, width), n_classes)
    name = max(runs, key=lambda key: (runs[key]["validation"], key == "mlp"))
    return dict(runs[name], classifier=name, linear_mi=runs["linear"]["mi"])
