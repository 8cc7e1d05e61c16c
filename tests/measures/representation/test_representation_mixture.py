"""The classifier bound scores each fold by a mixture of its candidates, weighted on the validation rows
(classifier.mixture_weights): the weights are the likelihood's maximum, they never see the test rows, and
the mixture gains where the candidates err on different rows."""

import math

import numpy as np
import pytest
from classifier_settings import settings
from scipy.optimize import minimize

from tb_bias_plugin.measures.representation import classifier, gaussian


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


def test_fold_weights_do_not_depend_on_the_test_rows():
    """Validity: the weights come from the validation rows only, so changing the classes of the test rows
    leaves them (and every candidate) unchanged; only the fold's cross-entropy moves."""
    rng = np.random.default_rng(1)
    n = 3000
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
    assert len(first[2]) >= 2 and first[0] in first[2] and abs(sum(first[2].values()) - 1) < 1e-12
    assert first[1] < second[1]  # the flipped test rows cost more: they are scored, the weights are not fitted on them


def test_mixing_candidates_that_err_on_different_rows_beats_keeping_one(monkeypatch):
    """Z = 1[r0 > 0]; the linear candidate replaced by one that only knows the class shares, and two
    stand-ins, each sure (0.99) where the sign of r1 is its own and unsure (0.5) elsewhere. Either alone
    scores ln 2 + (ln 0.99 + ln 0.5) / 2 = 0.342 nats; their even mixture gives every row (0.99 + 0.5) / 2
    on its class: ln 2 + ln 0.745 = 0.399, the most any mixture gives."""
    rng = np.random.default_rng(2)
    n = 2400  # 320 validation rows a fold: enough to mix (MIXTURE_MIN_ROWS)
    # |r| >= 1: standardising (a mean near 0) keeps every sign
    r = rng.choice([-1.0, 1.0], size=(n, 2)) * (1 + np.abs(rng.normal(size=(n, 2))))
    z = (r[:, 0] > 0).astype(np.int64)

    def half_sure(side):
        def log_probs(x):
            p1 = np.full(len(x), 0.5)
            if side:
                p1 = np.where(np.sign(x[:, 1]) == side, np.where(x[:, 0] > 0, 0.99, 0.01), 0.5)
            return np.log(np.stack([1 - p1, p1], axis=1))
        return log_probs

    sides = iter([0, 1, -1] * 3)  # per fold: "linear", "quadratic", "additive"

    def stand_in(x_fit, z_fit, x_val, z_val, n_classes):
        q = half_sure(next(sides))
        return q, q

    monkeypatch.setattr(classifier, "_logistic", stand_in)
    monkeypatch.setattr(classifier, "quadratic_features", lambda *a: (lambda x: x))
    monkeypatch.setattr(classifier, "additive_features", lambda *a: (lambda x: x))
    monkeypatch.setattr(classifier, "TREES_MAX_DIMS", 0)
    monkeypatch.setattr(gaussian, "MAX_DIMS", 0)  # the stand-ins only
    out = classifier.classifier_bound(r, z, settings(classifier_width=0))
    assert out["kept"] == ["quadratic"] * 3
    # near even (the likelihood is flat around 1/2); "linear" is no better than itself, so it takes no part
    assert all(set(w) == {"quadratic", "additive"} and 0.35 < w["quadratic"] < 0.65 for w in out["weights"])
    alone, even = math.log(2) + 0.5 * (math.log(0.99) + math.log(0.5)), math.log(2) + math.log(0.745)
    assert alone + 0.04 < out["mi"] < even + 1e-9


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


def test_few_validation_rows_leave_the_fold_to_the_kept_candidate():
    """600 rows: 80 validation rows a fold, fewer than MIXTURE_MIN_ROWS; mixing there over-fitted them
    (a shuffled-Z control fell to -0.06), so the kept candidate alone scores each fold."""
    rng = np.random.default_rng(8)
    r = rng.normal(size=(600, 3))
    out = classifier.classifier_bound(r, (r[:, 0] * r[:, 1] > 0).astype(np.int64), settings())
    assert [list(w.items()) for w in out["weights"]] == [[(k, 1.0)] for k in out["kept"]]


def test_mixture_weights_reject_what_they_cannot_weigh():
    for bad in (np.zeros((0, 2)), np.zeros((3, 0)), np.array([[0.0, np.nan]]), np.array([[-np.inf, 0.0]]), np.zeros(3)):
        with pytest.raises(ValueError, match="finite"):
            classifier.mixture_weights(bad)


def test_where_the_linear_classifier_is_kept_it_scores_the_fold_alone():
    """A weak Gaussian shift: every candidate scores about alike, and none beats the linear floor clearly,
    so none joins it (mixed on the validation rows' noise, trees stopped early on those rows took 0.4 of
    the weight and cost 0.004 of B)."""
    rng = np.random.default_rng(3)
    n = 3000
    z = rng.integers(0, 2, n)
    r = rng.normal(size=(n, 2))
    r[:, 0] += 0.8 * z
    out = classifier.classifier_bound(r, z, settings())
    assert out["kept"].count("linear") >= 2
    assert all(w == {"linear": 1.0} for w, k in zip(out["weights"], out["kept"]) if k == "linear")
