"""Boosted trees, the classifier bound's candidate for cuts in several coordinates at once (trees.py)."""

import math

import numpy as np
import pytest

from tb_bias_plugin.measures.representation import trees


def _mean_log_lik(log_probs, codes, z):
    return float(log_probs(codes)[np.arange(len(z)), z].mean())


def test_bins_hold_the_values_between_their_edges_and_a_constant_column_has_one_bin():
    rng = np.random.default_rng(0)
    x = np.c_[rng.normal(size=2000), np.full(2000, 3.0), rng.integers(0, 5, 2000)]
    edges = trees.bin_edges(x[:1500])
    assert edges[0].size == trees.BINS - 1 and edges[1].size == 0 and edges[2].tolist() == [0, 1, 2, 3]
    codes = trees.binned(x, edges)
    assert codes.dtype == np.uint8 and codes[:, 1].max() == 0
    for j, e in enumerate(edges):
        bounds = np.r_[-np.inf, e, np.inf]
        assert np.all(bounds[codes[:, j]] < x[:, j]) and np.all(x[:, j] <= bounds[codes[:, j] + 1])


def test_a_tree_finds_the_cut_of_a_step_and_keeps_min_rows_in_every_leaf():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(1000, 3))
    codes = trees.binned(x, trees.bin_edges(x))
    z = (x[:, 2] > 0.5).astype(float)
    g, h = 0.5 - z, np.full(1000, 0.25)  # the gradients at p = 1/2
    tree, values = trees._grow(codes, g, h, trees.MIN_LEAF_ROWS)
    assert tree.feature[0] == 2  # the root cuts the coordinate that carries the step, next to 0.5
    assert abs(trees.bin_edges(x)[2][tree.cut[0]] - 0.5) < 0.05
    assert np.array_equal(tree.predict(codes), values)  # the values handed back are those it predicts
    leaves = np.unique(values, return_counts=True)[1]
    assert leaves.min() >= trees.MIN_LEAF_ROWS and (tree.feature < 0).sum() <= trees.MAX_LEAVES


def test_boosted_trees_learn_a_parity_no_pair_of_coordinates_shows():
    rng = np.random.default_rng(2)
    x = rng.normal(size=(5000, 3))
    z = ((x > 0).sum(axis=1) % 2).astype(np.int64)
    codes = trees.binned(x, trees.bin_edges(x[:3000]))
    log_q = trees.boosted_trees(codes[:3000], z[:3000], codes[3000:3800], z[3000:3800], 2)[1]
    # on rows it never saw: within 0.05 nats of perfect (ln 2 = 0.69 knows nothing)
    assert _mean_log_lik(log_q, codes[3800:], z[3800:]) > -0.05


def test_boosted_trees_stop_on_noise_near_the_class_shares():
    rng = np.random.default_rng(3)
    x = rng.normal(size=(4000, 4))
    z = (rng.random(4000) < 0.3).astype(np.int64)
    codes = trees.binned(x, trees.bin_edges(x[:2400]))
    models = trees.boosted_trees(codes[:2400], z[:2400], codes[2400:3000], z[2400:3000], 2)
    p = z[:2400].mean()
    entropy = -(p * math.log(p) + (1 - p) * math.log(1 - p))
    # None: no round beat the class shares by a standard error; else the rounds kept stay close to them
    assert models is None or _mean_log_lik(models[1], codes[3000:], z[3000:]) == pytest.approx(-entropy, abs=0.02)


def test_the_fewest_rounds_within_a_standard_error_of_the_best_are_kept():
    rng = np.random.default_rng(5)
    base = rng.normal(-0.69, 0.1, 400)
    # each round better by 0.0005 nats, per-row noise 0.1: the sixth is within a standard error of the start
    flat = [base + 0.0005 * k + rng.normal(0, 0.1, 400) for k in range(7)]
    assert trees._fewest_rounds(flat, 6) == 0
    rising = [np.full(400, -0.69) + rng.normal(0, 0.05, 400) + 0.05 * k for k in range(6)]
    assert trees._fewest_rounds(rising, 5) == 5  # every round before the best is worse by far more


def test_boosted_trees_with_three_classes_give_probabilities_that_sum_to_one():
    rng = np.random.default_rng(4)
    x = rng.normal(size=(3000, 2))
    z = np.digitize(x[:, 0] * x[:, 1], [-0.3, 0.3])  # three classes by the sign and size of a product
    codes = trees.binned(x, trees.bin_edges(x[:2000]))
    log_q = trees.boosted_trees(codes[:2000], z[:2000], codes[2000:2500], z[2000:2500], 3)[0]
    out = log_q(codes[2500:])
    assert out.shape == (500, 3)
    np.testing.assert_allclose(np.exp(out).sum(axis=1), 1.0, rtol=1e-12)
    assert np.mean(out.argmax(axis=1) == z[2500:]) > 0.9


def test_boosted_trees_follow_a_checkerboard_into_its_sparse_outer_squares():
    """Z = parity of floor(r0) + floor(r1) beside 3 noise coordinates (B = 1): the outer squares hold a few
    dozen fitting rows each. With leaves of at least 20 rows the trees scored -0.095 nats a row on rows they
    never saw; with `MIN_LEAF_ROWS` (5) -0.064."""
    rng = np.random.default_rng(5)
    x = rng.normal(size=(10000, 5))
    z = ((np.floor(x[:, 0]) + np.floor(x[:, 1])) % 2).astype(np.int64)
    codes = trees.binned(x, trees.bin_edges(x[:4000]))
    log_q = trees.boosted_trees(codes[:4000], z[:4000], codes[4000:5000], z[4000:5000], 2)[1]
    assert _mean_log_lik(log_q, codes[5000:], z[5000:]) > -0.08
