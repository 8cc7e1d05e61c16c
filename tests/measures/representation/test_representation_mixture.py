"""The classifier bound scores each fold by a mixture of its candidates, weighted on the validation rows
(classifier.mixture_weights): the weights are the likelihood's maximum, they never see the test rows, and
the mixture gains where the candidates err on different rows."""

import math

import numpy as np
from classifier_settings import settings
from scipy.optimize import minimize

from tb_bias_plugin.measures.representation import classifier


def _mean_log_likelihood(ll, w):
    return float(np.log(np.exp(ll) @ w).mean())


def test_mixture_weights_reach_the_maximum_an_independent_optimiser_finds():
    """Against SciPy's L-BFGS-B on softmax-parametrised weights (a different route to the same concave
    maximum): the likelihoods agree to 1e-7 nats a row, the weights to 1e-3."""
    rng = np.random.default_rng(4)
    for n, c in ((200, 2), (800, 6), (50, 4)):
        ll = np.log(rng.beta(0.7, 0.7, size=(n, c)).clip(1e-6))

        def loss(a, ll=ll):
            w = np.exp(a - a.max())
            return -_mean_log_likelihood(ll, w / w.sum())

        a = minimize(loss, np.zeros(c), method="L-BFGS-B", options=dict(ftol=1e-15, gtol=1e-12)).x
        reference = np.exp(a - a.max()) / np.exp(a - a.max()).sum()
        w = classifier.mixture_weights(ll)
        assert np.all(w >= 0) and abs(w.sum() - 1) < 1e-12
        assert abs(_mean_log_likelihood(ll, w) + loss(a)) < 1e-7
        np.testing.assert_allclose(w, reference, atol=1e-3)


def test_mixture_weights_keep_a_lone_candidate_and_the_best_of_unequal_ones():
    assert classifier.mixture_weights(np.log([[0.3], [0.8]])).tolist() == [1.0]
    # one candidate is better on every row: the mixture is that candidate alone
    ll = np.log([[0.9, 0.6], [0.8, 0.5], [0.7, 0.6]])
    assert classifier.mixture_weights(ll)[0] > 0.999


def test_fold_weights_do_not_depend_on_the_test_rows_and_the_bound_is_their_mixture(monkeypatch):
    """Validity: the weights come from the validation rows only, so changing the classes of the test rows
    leaves them (and every candidate) unchanged; the fold's cross-entropy is the mixture's."""
    rng = np.random.default_rng(1)
    n = 1500
    r = rng.normal(size=(n, 3))
    z = (np.cos(3 * r[:, 0]) + r[:, 1] > 0).astype(np.int64)
    folds = classifier.fold_indices(z, 3, 0)
    train, test = np.concatenate(folds[1:]), folds[0]
    flipped = z.copy()
    flipped[test] = 1 - flipped[test]
    s = settings()
    first = classifier._fold(r, z, train, test, s, 2, 0)
    second = classifier._fold(r, flipped, train, test, s, 2, 0)
    assert first[0] == second[0] and first[2] == second[2]
    assert set(first[2]) >= {"linear", "quadratic", "mlp", "trees"}
    assert abs(sum(first[2].values()) - 1) < 1e-12
    assert first[1] < second[1]  # the flipped test rows cost more: they are scored, the weights are not fitted on them


def test_mixing_candidates_that_err_on_different_rows_beats_keeping_one(monkeypatch):
    """Z = 1[r0 > 0]; two stand-in candidates, each sure (0.99) where the sign of r1 is its own and unsure
    (0.5) elsewhere. Either alone scores ln 2 + (ln 0.99 + ln 0.5) / 2 = 0.342 nats; their even mixture
    gives every row (0.99 + 0.5) / 2 on its class: ln 2 + ln 0.745 = 0.399."""
    rng = np.random.default_rng(2)
    n = 1200
    # |r| >= 1: standardising (a mean near 0) keeps every sign
    r = rng.choice([-1.0, 1.0], size=(n, 2)) * (1 + np.abs(rng.normal(size=(n, 2))))
    z = (r[:, 0] > 0).astype(np.int64)

    def half_sure(side):
        def log_probs(x):
            p1 = np.where(np.sign(x[:, 1]) == side, np.where(x[:, 0] > 0, 0.99, 0.01), 0.5)
            return np.log(np.stack([1 - p1, p1], axis=1))
        return log_probs

    sides = iter([1, -1] * 3)

    def stand_in(x_fit, z_fit, x_val, z_val, n_classes):
        q = half_sure(next(sides))
        return q, q

    monkeypatch.setattr(classifier, "_logistic", stand_in)  # the "linear" and "quadratic" candidates
    monkeypatch.setattr(classifier, "quadratic_features", lambda *a: (lambda x: x))
    monkeypatch.setattr(classifier, "additive_features", lambda *a: None)
    monkeypatch.setattr(classifier, "TREES_MAX_DIMS", 0)
    out = classifier.classifier_bound(r, z, settings(classifier_width=0))
    # each fold's weights fit its 320 validation rows: near even (the likelihood is flat around 1/2)
    assert all(0.35 < w["linear"] < 0.65 and abs(w["linear"] + w["quadratic"] - 1) < 1e-12 for w in out["weights"])
    assert abs(out["mi"] - (math.log(2) + math.log(0.745))) < 0.005


def test_a_candidate_that_overflows_takes_no_part_in_the_mixture(monkeypatch):
    """Trees whose q is NaN on every row: the fold is scored as if they had not been trained."""
    rng = np.random.default_rng(6)
    r = rng.normal(size=(900, 3))
    z = (r[:, 0] * r[:, 1] > 0).astype(np.int64)

    def broken(*args):
        def q(x):
            return np.full((len(x), 2), np.nan)
        return q, q

    monkeypatch.setattr(classifier, "boosted_trees", broken)
    out = classifier.classifier_bound(r, z, settings())
    monkeypatch.setattr(classifier, "TREES_MAX_DIMS", 0)  # the trees not trained at all
    without = classifier.classifier_bound(r, z, settings())
    assert math.isfinite(out["mi"]) and out["mi"] > 0.3
    assert out["mi"] == without["mi"] and out["weights"] == without["weights"]
