"""MINE estimator (NumPy) against known answers (exact B of synthetic data, docs/measures/representation.md).

All runs use n = 8,000 (except the over-fitting check), k = 256 and a
critic of width 64 unless the test says otherwise; steps are given per test.
"""

import math

import numpy as np
import pytest

from tb_bias_plugin.measures.representation import representation_bias

pytestmark = pytest.mark.training

N = 8000


def binary(mu, n=N, seed=0):
    rng = np.random.default_rng(seed)
    z = rng.integers(0, 2, n)
    return (mu * (2 * z - 1) + rng.normal(size=n))[:, None], z


def test_gaussian_rho_08_within_005_nats():
    """Continuous Z, rho = 0.8, exact I = 0.510826; 2,000 steps, width 64, seed 0."""
    rng = np.random.default_rng(3)
    x = rng.normal(size=N)
    y = 0.8 * x + 0.6 * rng.normal(size=N)
    res = representation_bias(x[:, None], y, continuous=True, steps=2000, width=64,
                              control=False, seed=0)
    assert abs(res.mutual_information - 0.5 * -math.log(1 - 0.64)) < 0.05
    assert math.isnan(res.bias) and math.isnan(res.entropy)
    assert res.reason == "continuous_protected"


def test_binary_mu_1_and_its_shuffled_control():
    """Z = +-1, p = 0.5, R = Z + N(0, 1): exact B = 0.485944; shuffled Z |B| < 0.02.

    3,000 steps, width 64, seed 0, control with one permutation.
    """
    r, z = binary(1.0)
    res = representation_bias(r, z, steps=3000, width=64, seed=0)
    assert abs(res.bias - 0.485944) < 0.03
    assert res.entropy == pytest.approx(-np.sum(np.bincount(z) / N * np.log(np.bincount(z) / N)))
    assert abs(res.control_bias) < 0.02
    assert res.control_biases.shape == (1,)
    # The bound is a lower bound: the held-out estimate stays below H.
    assert res.bias < 1.0
    # early stopping with patience: training ends once validation stops improving
    assert res.heldout_steps[-1] <= 3000 and res.train_curve.shape == (res.heldout_steps[-1],)
    assert res.best_step in res.heldout_steps
    assert res.n == N and res.n_train + res.n_heldout == N
    assert res.class_counts.tolist() == np.bincount(z).tolist()


def test_one_hot_representation_reveals_z_fully():
    """R = onehot(Z), p = (.4, .3, .2, .1), H = 1.2770: B in [0.95, 1.05]; 1,500 steps, width 64."""
    rng = np.random.default_rng(4)
    z = rng.choice(4, size=N, p=[0.4, 0.3, 0.2, 0.1])
    res = representation_bias(np.eye(4)[z], z, steps=1500, width=64, control=False, seed=0)
    assert res.entropy == pytest.approx(1.2770, abs=0.01)
    assert 0.95 <= res.bias <= 1.05


def test_shuffled_z_and_fixed_dimension_permutation():
    """Independent R (d = 8) and Z: |B| < 0.02. A fixed permutation of R's
    dimensions (a bijection) of an informative R leaves B within 0.02.

    1,500 steps, width 64, seed 0, no control.
    """
    rng = np.random.default_rng(5)
    z = rng.integers(0, 2, N)
    noise = rng.normal(size=(N, 8))
    res = representation_bias(noise, z, steps=1500, width=64, control=False, seed=0)
    assert abs(res.bias) < 0.02
    informative = noise.copy()
    informative[:, 0] += 2 * z - 1
    b1 = representation_bias(informative, z, steps=1500, width=64, control=False).bias
    b2 = representation_bias(informative[:, rng.permutation(8)], z, steps=1500, width=64,
                             control=False).bias
    assert b1 > 0.3 and abs(b1 - b2) < 0.02


def test_overfitting_shows_on_the_training_batches_not_held_out():
    """160 samples, independent R (d = 16) and Z, k = 100, width 128, 3,000 steps.

    The training-batch bound (mean of the last 300 iterations) is well above
    0 while the held-out bound is not (correction 3).
    """
    rng = np.random.default_rng(6)
    z = rng.integers(0, 2, 160)
    r = rng.normal(size=(160, 16))
    with pytest.warns(UserWarning, match="noisy"):
        res = representation_bias(r, z, steps=3000, batch_size=100, width=128, control=False)
    train = float(np.mean(res.train_curve[-300:]))
    assert res.mutual_information < 0.05 < train
    assert "small_sample" in res.flags


def test_lambda_sweep_is_strictly_increasing_and_near_exact():
    """d = 16, R = (eps + lambda (2Z - 1) e_1) Q, balanced Z; 1,500 steps, width 64,
    control with one permutation. B rises strictly with lambda, each within
    0.03 of exact, controls within +-0.02.
    """
    rng = np.random.default_rng(7)
    z = rng.integers(0, 2, N)
    eps = rng.normal(size=(N, 16))
    q, _ = np.linalg.qr(rng.normal(size=(16, 16)))
    exact = {0: 0.0, 0.5: 0.160747, 1: 0.485944, 2: 0.912822, 4: 0.999865}
    bs = []
    for lam, b_exact in exact.items():
        x = eps.copy()
        x[:, 0] += lam * (2 * z - 1)
        res = representation_bias(x @ q, z, steps=1500, width=64, seed=0)
        bs.append(res.bias)
        assert abs(res.bias - b_exact) < 0.03, (lam, res.bias)
        assert abs(res.control_bias) < 0.02, (lam, res.control_bias)
    assert all(a < b for a, b in zip(bs, bs[1:])), bs


def test_same_seed_same_result_other_seed_differs():
    """Binary mu = 1, 200 steps, width 32, eval every 50, control on."""
    r, z = binary(1.0, seed=8)
    kw = dict(steps=200, width=32, eval_every=50)
    a = representation_bias(r, z, seed=3, **kw)
    b = representation_bias(r, z, seed=3, **kw)
    c = representation_bias(r, z, seed=4, **kw)
    np.testing.assert_array_equal(a.train_curve, b.train_curve)
    np.testing.assert_array_equal(a.heldout_curve, b.heldout_curve)
    assert a.bias == b.bias and a.control_bias == b.control_bias
    assert not np.array_equal(a.train_curve, c.train_curve)


def test_the_scale_of_r_changes_nothing_even_near_the_float_limits():
    """B at 1e155 and 1e-200 times R was 0 (its squares overflowed, or underflowed to a variance of 0).
    A power of two changes nothing bit for bit; another scale rounds R, so within 0.01."""
    r, z = binary(1.0, n=2500, seed=8)
    kw = dict(steps=200, width=32, eval_every=50, control=False)
    want = representation_bias(r, z, **kw)
    assert want.bias > 0.2
    got = representation_bias(r * 2.0 ** -700, z, **kw)
    assert (got.bias, got.mutual_information) == (want.bias, want.mutual_information)
    for scale in (1e155, 1e-200):
        assert representation_bias(r * scale, z, **kw).bias == pytest.approx(want.bias, abs=0.01), scale


def test_single_class_is_nan_without_training():
    """No training at all: steps is irrelevant."""
    res = representation_bias(np.ones((3000, 2)), np.zeros(3000, dtype=int))
    assert math.isnan(res.bias) and res.reason == "single_class"
    assert res.entropy == 0.0 and res.train_curve.size == 0
    assert res.class_counts.tolist() == [3000]


def test_divergence_gives_nan_with_reason():
    """A learning rate of 1e30 makes the outputs non-finite; 20 steps, width 8."""
    r, z = binary(1.0, n=2000)
    kw = dict(steps=20, eval_every=10, width=8, learning_rate=1e30, control=False)
    # a continuous Z has no classifier bound: nothing is left
    res = representation_bias(r, z.astype(float), continuous=True, **kw)
    assert res.reason == "diverged"
    assert math.isnan(res.bias) and math.isnan(res.mutual_information) and res.bound == ""
    # MINE alone diverged: B is the classifier's bound, MINE's stays NaN
    only_mine = representation_bias(r, z, **kw)
    assert only_mine.reason is None and only_mine.bound == "classifier"
    assert math.isnan(only_mine.mine_bias) and only_mine.bias > 0.3


@pytest.mark.parametrize("r, z, match", [
    (np.full((10, 2), np.nan), np.arange(10) % 2, "non-finite"),
    (np.ones(10), np.arange(10) % 2, "2-D"),
    (np.ones((0, 2)), np.zeros(0, int), "empty"),
    (np.ones((10, 2)), np.arange(9) % 2, "rows"),
    (np.ones((10, 2)), (np.arange(10) % 2).astype(float), "float"),
    (np.ones((10, 2)), np.arange(10) % 2 - 1, ">= 0"),
])
def test_bad_inputs_raise_before_any_work(r, z, match):
    with pytest.raises(ValueError, match=match):
        representation_bias(r, z, steps=1)


@pytest.mark.parametrize("kw, match", [
    (dict(steps=0), "steps must be a positive integer, got 0"),
    (dict(control="no"), "control must be True or False, got 'no'"),  # "no" once read as True
    (dict(early_stopping=1), "early_stopping must be True or False, got 1"),
    (dict(batch_size=1), "batch_size"),
    (dict(train_fraction=1.0), "train_fraction"),
    (dict(ema_alpha=0.0), "ema_alpha"),
    (dict(control_permutations=0), "control_permutations"),
    (dict(learning_rate=float("nan")), "learning_rate must be a finite number > 0, got nan"),
    (dict(learning_rate=-1.0), "learning_rate must be a finite number > 0, got -1.0"),
    (dict(convergence_tol=float("nan")), "convergence_tol must be a finite number >= 0"),
    (dict(convergence_tol=-0.1), "convergence_tol must be a finite number >= 0"),
    (dict(pca_dims=0), "pca_dims must be a positive integer, got 0"),
    (dict(pca_dims=-1), "pca_dims must be a positive integer, got -1"),
    (dict(pca_dims=1.5), "pca_dims must be a positive integer, got 1.5"),
    (dict(continuous=True, marginal_subset=0), "marginal_subset must be a positive integer, got 0"),
    (dict(marginal_subset=-5), "marginal_subset must be a positive integer, got -5"),
    (dict(classifier_folds=500), r"classifier_folds must be at most the number of rows, 100 .*got 500"),
    (dict(steps=20.7), "steps must be a positive integer, got 20.7"),
    (dict(steps="20"), "steps must be a positive integer, got '20'"),
    (dict(steps=True), "steps must be a positive integer, got True"),
    (dict(width=8.0), "width must be a positive integer, got 8.0"),
    (dict(seed=1.5), "seed must be a non-negative integer, got 1.5"),
    (dict(patience=2.5), "patience must be a positive integer, got 2.5"),
    (dict(control_permutations=1.5), "control_permutations must be a positive integer, got 1.5"),
    (dict(control_permutations=1001), "control_permutations must be an integer <= 1000, got 1001"),
    (dict(seed=2**70), r"seed must be below 2\*\*63 \(it is stored with the result\), got 1180591620717411303424"),  # stored with the result: refused after the estimate
    (dict(train_counts=[3, -1]), "train_counts must be non-empty and non-negative"),  # once named "counts"
    (dict(train_counts=["a"]), "train_counts must be an array of numbers"),
    # stored as context beside the result: a count per class, whole (once taken as given)
    (dict(train_counts=[5]), "train_counts has 1 count, but the protected attribute has codes 0..1"),
    (dict(train_counts=[1.5, 2]), "train_counts must be whole numbers of samples per class, got 1.5"),
])
def test_bad_settings_raise_before_any_training(monkeypatch, kw, match):
    from tb_bias_plugin.measures.representation import mine

    def no_training(*args, **kwargs):
        raise AssertionError("training started")

    monkeypatch.setattr(mine, "_estimate", no_training)
    r, z = binary(1.0, n=100)
    if kw.get("continuous"):
        z = z.astype(float)
    with pytest.raises(ValueError, match=match):
        representation_bias(r, z, **kw)


def test_pca_dims_of_at_least_the_width_leaves_r_as_it_is():
    """n = 200, d = 3, 20 steps, width 8: pca_dims = 50 (> d) gives the result of no projection."""
    rng = np.random.default_rng(0)
    z = rng.integers(0, 2, 200)
    r = z[:, None] + rng.normal(size=(200, 3))
    kw = dict(steps=20, batch_size=32, width=8, eval_every=10, control=False, classifier_steps=20,
              classifier_eval_every=10, classifier_width=8, workers=1)
    with pytest.warns(UserWarning, match="noisy"):
        whole = representation_bias(r, z, **kw)
    with pytest.warns(UserWarning, match="noisy"):
        wide = representation_bias(r, z, pca_dims=50, **kw)
    assert wide.bias == pytest.approx(whole.bias, abs=1e-12)
    assert wide.settings["pca_dims"] == 50


def test_result_serialises_with_settings():
    """Binary mu = 1, 100 steps, width 16, n = 2,000, control off."""
    r, z = binary(1.0, n=2000)
    res = representation_bias(r, z, steps=100, width=16, control=False, seed=2)
    d = res.to_dict()
    assert d["settings"]["steps"] == 100 and d["settings"]["seed"] == 2
    assert d["settings"]["width"] == 16 and d["settings"]["batch_size"] == 256
    assert math.isnan(d["control_bias"]) and d["control_biases"].size == 0
    assert type(res).from_dict(d).bias == res.bias


def test_high_dimensional_noise_does_not_collapse_the_held_out_bound():
    """The benchmark's kind of data, smaller: n = 4,000, d = 64 (R_0 = Z +- 1 plus
    noise, 63 pure-noise dimensions), the default critic (width 64), 1,500 steps.

    Exact B = 0.485944. With the final critic of a plain run (phase 1) the
    held-out bound fell to about 0.00 here; choosing the critic on the
    validation part keeps it near the truth (0.40 measured).
    """
    rng = np.random.default_rng(11)
    z = rng.integers(0, 2, 4000)
    r = rng.normal(size=(4000, 64))
    r[:, 0] += 2 * z - 1
    res = representation_bias(r, z, steps=1500, control=False, seed=0)
    assert abs(res.mine_bias - 0.485944) < 0.12, res.mine_bias
    # 2,240 fitting rows for 64 dimensions: the classifiers' excess cross-entropy costs about 0.05 here
    assert abs(res.bias - 0.485944) < 0.07, res.bias
    assert 0 < res.best_step <= 1500
    # MINE's reported value is the held-out bound at the kept iteration
    at = list(res.heldout_steps).index(res.best_step)
    assert res.mine_mutual_information == pytest.approx(res.heldout_curve[at], abs=1e-4)
    # the kept iteration is the best on validation, not on held-out
    assert res.validation_curve[at] == pytest.approx(np.max(res.validation_curve))


def test_several_control_permutations_give_a_band():
    """Binary mu = 1, n = 2,000, 300 steps, width 32, three permutations."""
    r, z = binary(1.0, n=2000, seed=9)
    res = representation_bias(r, z, steps=300, width=32, control_permutations=3, seed=1)
    # the classifier's controls may all be the class shares' (no candidate beat them): MINE's always vary
    assert res.control_biases.shape == (3,) and len(set(res.mine_control_biases.tolist())) == 3
    assert res.control_bias == pytest.approx(np.mean(res.control_biases))
    assert np.all(np.abs(res.control_biases) < 0.05)
    assert "inside_noise_floor" not in res.flags and res.bias > 0.2


def test_not_converged_on_a_real_run():
    """Binary mu = 2 (I = 0.63 nats), n = 2,000, learning rate 3e-4 and only 150
    steps (width 32, eval every 10): the held-out bound is still climbing
    (about 0.05 nats over the last 20 %) when training stops."""
    r, z = binary(2.0, n=2000, seed=10)
    res = representation_bias(r, z, steps=150, width=32, eval_every=10, learning_rate=3e-4,
                              control=False, early_stopping=False, seed=0)
    assert "not_converged" in res.flags
    assert np.all(np.diff(res.heldout_curve[-4:]) > 0)
    # a run long enough to settle is not flagged
    done = representation_bias(r, z, steps=1500, width=32, eval_every=50, control=False, seed=0)
    assert "not_converged" not in done.flags
