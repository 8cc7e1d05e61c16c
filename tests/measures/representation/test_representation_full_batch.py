"""L-BFGS (quasi_newton.py) and the classifier MLP it trains full-batch on narrow representations."""

import math

import numpy as np
import pytest

from tb_bias_plugin.measures.representation import classifier, quasi_newton
from tb_bias_plugin.measures.representation.nets import Classifier


def rosenbrock(x):
    a, b = x
    value = (1 - a) ** 2 + 100 * (b - a * a) ** 2
    return value, np.array([-2 * (1 - a) - 400 * a * (b - a * a), 200 * (b - a * a)])


def test_lbfgs_reaches_the_minimum_of_rosenbrock_and_counts_its_iterations():
    seen = []
    x = quasi_newton.minimise(rosenbrock, np.array([-1.2, 1.0]), 500, lambda k, x: seen.append(k) or True)
    np.testing.assert_allclose(x, [1.0, 1.0], atol=1e-6)
    assert seen == list(range(1, len(seen) + 1)) and len(seen) < 100  # converges well inside the budget


def test_lbfgs_stops_when_the_callback_says_so_and_on_a_flat_point():
    calls = []
    quasi_newton.minimise(rosenbrock, np.array([-1.2, 1.0]), 50, lambda k, x: calls.append(k) or k < 3)
    assert calls == [1, 2, 3]
    # at the minimum already: no step decreases the value, so it returns without iterating
    x = quasi_newton.minimise(lambda x: (0.0, np.zeros(2)), np.zeros(2), 50, lambda k, x: pytest.fail("iterated"))
    assert x.tolist() == [0.0, 0.0]


def test_classifier_gradient_and_loss_match_finite_differences():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(40, 3)).astype(np.float32)
    z = rng.integers(0, 3, 40)
    model = Classifier(3, 3, (5, 4), rng, 1e-3)
    model.opt.flat[:] = rng.normal(scale=0.5, size=model.opt.flat.size)
    loss = model.gradient(x, z, with_loss=True)
    assert loss == pytest.approx(classifier.cross_entropy(model.log_probs(x), z), rel=1e-5)
    analytic = model.opt.grad.astype(np.float64).copy()
    theta = model.opt.flat.astype(np.float64).copy()
    for i in rng.choice(theta.size, 12, replace=False):
        values = []
        for sign in (1, -1):
            model.opt.flat[:] = theta
            model.opt.flat[i] += sign * 1e-2
            values.append(classifier.cross_entropy(model.log_probs(x), z))
        # float32 forward pass: central differences of step 1e-2 agree to about 1e-3
        assert (values[0] - values[1]) / 2e-2 == pytest.approx(analytic[i], abs=2e-3)


@pytest.mark.training
def test_full_batch_mlp_draws_a_bent_boundary_sharper_than_adam():
    """Z = 1[cos(3 r0) + r1 > 0] (d = 2, Z a function of R): on rows neither saw, the full-batch MLP's
    cross-entropy is lower than the mini-batch one's, and near 0 (ln 2 = 0.69 knows nothing)."""
    rng = np.random.default_rng(1)
    r = rng.normal(size=(4000, 2)).astype(np.float32)
    z = (np.cos(3 * r[:, 0]) + r[:, 1] > 0).astype(np.int64)
    s = dict(classifier_learning_rate=3e-3, batch_size=256, classifier_steps=2000, classifier_eval_every=50,
             patience=5)
    fit, val, test = slice(0, 2400), slice(2400, 3000), slice(3000, 4000)
    scores = {}
    for name, train in (("adam", classifier._mlp), ("full batch", classifier._full_batch_mlp)):
        log_q = train(r[fit], z[fit], r[val], z[val], s, (64, 64), 2, np.random.default_rng(2)).log_probs
        scores[name] = classifier.cross_entropy(log_q(r[test]), z[test])
    assert scores["full batch"] < scores["adam"] and scores["full batch"] < 0.06 * math.log(2) * 1.5
