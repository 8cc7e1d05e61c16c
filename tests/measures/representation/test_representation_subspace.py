"""The subspace candidate of the classifier bound (subspace.py): its starting directions, the gradient it
trains the projection by, when it runs, and what it reaches on a boundary in one direction of many."""

import math

import numpy as np
import pytest
from classifier_settings import settings

from tb_bias_plugin.measures.representation import classifier, subspace
from tb_bias_plugin.measures.representation.nets import Classifier


def _span_cosines(proj, truth):
    """Cosines of the principal angles between the column spaces of `truth` and `proj` (1: contained)."""
    return np.linalg.svd(np.linalg.qr(truth)[0].T @ np.linalg.qr(proj)[0], compute_uv=False)


def test_start_directions_span_the_mean_shift_and_the_covariance_change_with_unit_spread():
    rng = np.random.default_rng(0)
    n, d = 4000, 20
    z = rng.integers(0, 2, n)
    x = rng.normal(size=(n, d))
    x[:, 3] += 1.5 * z  # the class means differ along r3
    x[:, 7] *= 1 + 2 * z  # class 1 spreads three times as far along r7
    proj = subspace.start_directions(x, z, 2)
    assert proj.shape == (d, 1 + subspace.COVARIANCE_DIRECTIONS)  # one mean direction for two classes
    np.testing.assert_allclose((x @ proj).std(axis=0), 1.0, rtol=1e-12)
    assert _span_cosines(proj, np.eye(d)[:, [3, 7]]).min() > 0.99


def test_classifier_input_gradient_matches_finite_differences():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(30, 3)).astype(np.float32)
    z = rng.integers(0, 3, 30)
    model = Classifier(3, 3, (5, 4), rng, 1e-3)
    input_grad = np.empty_like(x)
    model.gradient(x, z, input_grad=input_grad)
    for row, col in ((0, 0), (7, 2), (29, 1)):
        values = []
        for sign in (1, -1):
            moved = x.copy()
            moved[row, col] += sign * 1e-2
            values.append(classifier.cross_entropy(model.log_probs(moved), z))
        # float32 forward pass: central differences of step 1e-2 agree to about 1e-4 here (a mean over 30 rows)
        assert (values[0] - values[1]) / 2e-2 == pytest.approx(input_grad[row, col], abs=2e-4)


@pytest.mark.training
def test_subspace_candidate_is_not_trained_where_the_linear_classifier_is_kept(monkeypatch):
    """A Gaussian shift in 16 dimensions (a linear Bayes boundary) and an independent Z: the linear
    classifier is kept, so the subspace candidate is never trained (it costs nothing there)."""
    calls = []
    real = subspace.subspace_mlp
    monkeypatch.setattr(classifier, "subspace_mlp", lambda *a: calls.append(1) or real(*a))
    rng = np.random.default_rng(2)
    n = 2400
    z = rng.integers(0, 2, n)
    r = rng.normal(size=(n, 16))
    r[:, 0] += 2 * z - 1
    out = classifier.classifier_bound(r, z, settings())
    assert out["kept"] == ["linear"] * 3 and calls == []
    # Z = 1[r0 r1 > 0] in the same 16 dimensions: a quadratic form wins, and only then the subspace is tried
    out = classifier.classifier_bound(r, (r[:, 0] * r[:, 1] > 0).astype(np.int64), settings())
    assert "linear" not in out["kept"] and len(calls) == 3 * len(classifier.SUBSPACE_STARTS)


@pytest.mark.training
def test_subspace_candidate_finds_a_two_sided_boundary_in_one_direction_of_64():
    """Z = 1[|u.r| > 1], u a random direction of 64 (B = 1): the projection trained with the MLP ends within
    3 degrees of u (the moment estimate it starts from is further off), and on rows it never saw its
    cross-entropy is under a tenth of H(Z) and lower than the quadratic classifier's."""
    rng = np.random.default_rng(3)
    d, n_fit, n_val, n_test = 64, 3200, 800, 2000
    u = rng.normal(size=d)
    u /= np.linalg.norm(u)
    r = rng.normal(size=(n_fit + n_val + n_test, d))
    z = (np.abs(r @ u) > 1).astype(np.int64)
    fit, val, test = slice(0, n_fit), slice(n_fit, n_fit + n_val), slice(n_fit + n_val, None)
    start = subspace.start_directions(r[fit], z[fit], 2)
    log_q = subspace.subspace_mlp(r[fit], z[fit], r[val], z[val], 2, np.random.default_rng(4), 5)[1]
    ce = classifier.cross_entropy(log_q(r[test]), z[test])
    shares = np.bincount(z[test]) / n_test
    h = float(-(shares * np.log(shares)).sum())
    features = classifier.quadratic_features(r[fit], z[fit], 2)
    mapped = features(r)
    quadratic = classifier._logistic(mapped[fit], z[fit], mapped[val], z[val], 2)[1]
    assert ce < 0.1 * h and ce < classifier.cross_entropy(quadratic(mapped[test]), z[test])
    degrees = {name: math.degrees(math.acos(min(1.0, _span_cosines(proj, u[:, None])[0])))
               for name, proj in (("start", start), ("trained", log_q.projection))}
    assert degrees["trained"] < 3 < degrees["start"]


def _fixed_model(log_probs):
    """A 'classifier' whose log q(. | x) is row x[i, 0] of `log_probs` (x holds row numbers)."""
    return lambda x: log_probs[np.asarray(x[:, 0], np.int64)]


def test_runs_of_the_subspace_candidate_are_weighted_on_validation_rows_not_averaged():
    """A run stuck on a plateau (q = the class shares) beside one that is right on 95% of the rows (and gives
    the others 0.02): the mixture gives the stuck run little weight (some: it softens the good run's misses),
    and scores rows it never saw at least as the good run does; the mean of the two (how the runs were
    combined before) lost 0.16 nats a row here."""
    rng = np.random.default_rng(0)
    n = 2000
    z = rng.integers(0, 2, n)
    right = rng.random(n) < 0.95
    good = np.full((n, 2), math.log(0.02))
    good[np.arange(n), np.where(right, z, 1 - z)] = math.log(0.98)
    stuck = np.full((n, 2), math.log(0.5))
    x = np.arange(n, dtype=np.float64)[:, None]
    val, test = slice(0, 800), slice(800, None)
    mixed = classifier._mixed_runs([_fixed_model(stuck), _fixed_model(good)], x[val], z[val])
    assert mixed.weights[0] < 0.1 and mixed.weights.sum() == pytest.approx(1.0, abs=1e-12)
    rows = np.arange(n - 800)
    mixed_ll = mixed(x[test])[rows, z[test]].mean()
    good_ll = good[test][rows, z[test]].mean()
    mean_ll = np.logaddexp(good[test][rows, z[test]], stuck[test][rows, z[test]]).mean() - math.log(2)
    assert mixed_ll > good_ll - 0.005 and mixed_ll - mean_ll > 0.1


def test_runs_that_err_on_different_rows_share_the_weight_by_how_often_each_is_right():
    """Two runs each right where the other is wrong, the first on 70% of the rows: neither alone explains
    them, and the weights that fit them best lean to the first, 0.75 and 0.25 (not the even split of a
    mean)."""
    n = 1000
    z = np.tile([0, 1], n // 2)
    first = np.arange(n) < 0.7 * n
    a = np.full((n, 2), math.log(0.1))
    a[np.arange(n), np.where(first, z, 1 - z)] = math.log(0.9)
    b = np.full((n, 2), math.log(0.1))
    b[np.arange(n), np.where(first, 1 - z, z)] = math.log(0.9)
    x = np.arange(n, dtype=np.float64)[:, None]
    mixed = classifier._mixed_runs([_fixed_model(a), _fixed_model(b)], x, z)
    # the likelihood's maximum: 0.7 / (0.9 w + 0.1 (1 - w)) = 0.3 / (0.1 w + 0.9 (1 - w)), w = 0.75
    np.testing.assert_allclose(mixed.weights, [0.75, 0.25], atol=1e-4)


@pytest.mark.training
@pytest.mark.parametrize("patience, passed", [(5, 20), (40, 40), (None, None)])
def test_subspace_runs_get_at_least_their_own_patience(monkeypatch, patience, passed):
    """The caller's `patience` (checks of the MLP's Adam steps) is too short for a subspace run on a plateau:
    each run gets `subspace.PATIENCE` checks or the caller's if more, and None (no early stopping) stays
    None. The first run starts at the class moments (start None), the second at `gradient_directions`."""
    seen, starts = [], []
    real = subspace.subspace_mlp
    monkeypatch.setattr(classifier, "subspace_mlp",
                        lambda *a, **k: seen.append(a[6]) or starts.append(a[7]) or real(*a[:6], 2, *a[7:], **k))
    rng = np.random.default_rng(2)
    r = rng.normal(size=(1500, 5))
    z = (r[:, 0] * r[:, 1] > 0).astype(np.int64)
    s = settings()
    s["patience"] = patience
    classifier.classifier_bound(r, z, s)
    assert seen and set(seen) == {passed}
    assert starts[0::2] == [None] * (len(starts) // 2)
    assert all(isinstance(p, np.ndarray) and p.shape == (5, 3) for p in starts[1::2])


@pytest.mark.training
def test_a_subspace_run_is_let_past_a_plateau():
    """Bands along one direction of 6, Z = floor(w.r) mod 2 (B = 1): on this draw the run starts on a plateau
    (bound about 0 for 25 iterations; the old patience of 5 checks stopped it there), and with `PATIENCE`
    checks it leaves it and scores rows it never saw above 0.9 of H(Z)."""
    data = np.random.default_rng(4107)
    r = data.normal(size=(6000, 6))
    z = (np.floor(r @ (np.r_[1.0, 1.0, 1.0, 0, 0, 0] / math.sqrt(3))) % 2).astype(np.int64)
    order = np.random.default_rng(0).permutation(6000)
    fit, val, test = order[:3200], order[3200:4000], order[4000:]
    x = ((r - r[fit].mean(axis=0)) / r[fit].std(axis=0)).astype(np.float32)
    shares = np.bincount(z) / z.size
    h = float(-(shares * np.log(shares)).sum())

    def bound(patience):
        q = subspace.subspace_mlp(x[fit], z[fit], x[val], z[val], 2, np.random.default_rng(0), patience)[0]
        return (h + q(x[test])[np.arange(test.size), z[test]].mean()) / h

    assert bound(5) < 0.05
    assert subspace.PATIENCE == 20 and bound(subspace.PATIENCE) > 0.9


def test_gradient_directions_find_bands_the_class_moments_miss():
    """Bands along w in 6 dimensions (Z = floor(w.r) mod 2): the classes' means and covariances hardly differ,
    so the moment directions span a plane 25 degrees from w on this draw; an MLP fitted on all 6 coordinates
    bends along w, and the leading direction of its input gradients is within 2 degrees of it (the second
    start of the subspace runs)."""
    rng = np.random.default_rng(0)
    w = np.r_[1.0, 1.0, 1.0, 0, 0, 0] / math.sqrt(3)
    x = rng.normal(size=(3200, 6))
    z = (np.floor(x @ w) % 2).astype(np.int64)
    net = Classifier(6, 2, (32, 32), rng, 1e-2)
    for _ in range(400):
        net.train_step(x.astype(np.float32), z)
    moments = subspace.start_directions(x, z, 2)
    gradients = subspace.gradient_directions(net, x, z)
    assert gradients.shape == moments.shape == (6, 3)
    np.testing.assert_allclose((x @ gradients).std(axis=0), 1.0, rtol=1e-9)
    assert _span_cosines(moments, w[:, None])[0] < math.cos(math.radians(10))
    assert _span_cosines(gradients[:, :1], w[:, None])[0] > math.cos(math.radians(2))


@pytest.mark.training
@pytest.mark.parametrize("seed", [11, 14])
def test_a_subspace_run_started_on_the_bands_direction_does_not_stay_on_the_plateau(seed):
    """Bands along w, Z = floor(w.r) mod 2 (B = 1), a run started exactly at w (and 3 other directions): no
    low moment of w.r tells the classes apart, and with Glorot's slopes in the first layer the MLP started
    smooth and these two runs stayed at bound 0 (-0.005, 0.001; 2 of 16 draws). With `FIRST_LAYER_GAIN`
    they score rows they never saw above 0.9 of H(Z)."""
    rng = np.random.default_rng(seed)
    w = np.r_[1.0, 1.0, 1.0, 0, 0, 0] / math.sqrt(3)
    x = rng.normal(size=(5000, 6)).astype(np.float32)
    z = (np.floor(x @ w) % 2).astype(np.int64)
    start = np.linalg.qr(np.c_[w, rng.normal(size=(6, 3))])[0]
    q = subspace.subspace_mlp(x[:3000], z[:3000], x[3000:4000], z[3000:4000], 2, np.random.default_rng(seed),
                              start=start)[0]
    p = z[4000:].mean()
    h = -(p * math.log(p) + (1 - p) * math.log(1 - p))
    assert (h + q(x[4000:])[np.arange(1000), z[4000:]].mean()) / h > 0.9
