"""Gradient-boosted trees in NumPy: the classifier bound's candidate for boundaries no smooth candidate draws.

A boundary that needs several coordinates at once, each cut at a point (Z = 1[r0 > 0] xor 1[r1 > 0] xor
1[r2 > 0]), or a curve that bends several times (Z = 1[cos(3 r0) + r1 > 0]) is out of reach of a quadratic
form and of a sum of per-coordinate curves, and an MLP trained for a few thousand Adam steps rounds it off.
Trees cut one coordinate at a time, anywhere, and boosting adds many small trees: on narrow
representations they follow such boundaries (docs/measures/representation.md, "The classifier bound").

The trees are grown on histograms: each coordinate is cut into at most `BINS` bins at quantiles of the
fitting rows, so finding a node's best cut is one ``np.bincount`` over its rows, and the larger child's
histogram is its parent's minus the smaller child's.
"""

from __future__ import annotations

import math

import numpy as np

from tb_bias_plugin.measures.representation.entropy import log_sum_exp
from tb_bias_plugin.measures.representation.trainings import stop_point

__all__ = ["boosted_trees", "bin_edges", "binned"]

#: Bins per coordinate (codes fit a uint8).
BINS = 255
#: Leaves per tree, grown best first: 8 leaves are enough for an interaction of three coordinates.
MAX_LEAVES = 16
#: Fewest fitting rows in a leaf: a leaf value rests on at least this many rows (and `LEAF_RIDGE` shrinks
#: the value of a leaf of 5 by about half at p = 1/2, more once p is sharper). 20 left a checkerboard of unit squares in 2 of 5 coordinates at B 0.83-0.84
#: (0.87 with 5: its outer squares hold a few dozen rows each); 19 other families moved by at most 0.002.
MIN_LEAF_ROWS = 5
#: L2 penalty on a leaf's value (in units of summed Hessian), and the shrinkage of each tree.
LEAF_RIDGE = 1.0
LEARNING_RATE = 0.2
#: Most boosting rounds, and rounds without a better validation log-likelihood before stopping.
MAX_ROUNDS = 400
PATIENCE_ROUNDS = 30


def bin_edges(x_fit: np.ndarray) -> list[np.ndarray]:
    """Per coordinate, the inner cut points of at most `BINS` bins: distinct quantiles of the `x_fit` rows.

    Examples
    --------
    >>> [e.size for e in bin_edges(np.c_[np.arange(1000.0), np.zeros(1000)])]
    [254, 0]
    """
    qs = np.arange(1, BINS) / BINS
    edges = []
    for col in x_fit.T.astype(np.float64):
        e = np.unique(np.quantile(col, qs, method="lower")) if col.size else np.empty(0)  # values of the data
        edges.append(e[e < col.max()] if col.size else e)  # no empty top bin (a constant column has one bin)
    return edges


def binned(x: np.ndarray, edges: list[np.ndarray]) -> np.ndarray:
    """The bin of every value of `x` (n, d) under `edges`, as uint8 codes: code c holds edges[c-1] < x <= edges[c].

    Examples
    --------
    >>> binned(np.array([[0.0], [1.5], [9.0]]), [np.array([1.0, 2.0])]).ravel().tolist()
    [0, 1, 2]
    """
    out = np.empty(x.shape, np.uint8)
    for j, e in enumerate(edges):
        out[:, j] = np.searchsorted(e, x[:, j], side="left")
    return out


class _Tree:
    """A tree as arrays: node i is a leaf when ``feature[i] < 0``; else rows with ``code <= cut[i]`` go left."""

    def __init__(self):
        self.feature, self.cut, self.left, self.right, self.value = [-1], [0], [0], [0], [0.0]

    def split(self, node, feature, cut):
        self.feature[node], self.cut[node] = feature, cut
        self.left[node], self.right[node] = len(self.feature), len(self.feature) + 1
        for arrays in (self.feature, self.cut, self.left, self.right):
            arrays.extend([-1 if arrays is self.feature else 0] * 2)
        self.value.extend([0.0, 0.0])
        return self.left[node], self.right[node]

    def freeze(self):
        self.feature, self.cut, self.left, self.right, self.value = (
            np.array(self.feature), np.array(self.cut), np.array(self.left), np.array(self.right),
            np.array(self.value))
        return self

    def predict(self, codes):
        node = np.zeros(len(codes), np.int64)
        rows = np.arange(len(codes))
        inner = self.feature[node] >= 0
        while inner.any():
            at = node[inner]
            go_left = codes[rows[inner], self.feature[at]] <= self.cut[at]
            node[inner] = np.where(go_left, self.left[at], self.right[at])
            inner = self.feature[node] >= 0
        return self.value[node]


def _best_cut(hist, min_rows):
    """(gain, feature, cut) of a node's best cut from its (3, d, BINS) histograms of gradient, Hessian and
    rows; gain -inf when no cut leaves `min_rows` rows on each side. The gain is the second-order drop of
    the penalised loss (each side's ``G^2 / (H + ridge)``)."""
    left = np.cumsum(hist, axis=2)
    total = left[:, :, -1:]
    g_left, h_left, n_left = left[:, :, :-1]
    g_all, h_all, n_all = total
    gain = g_left ** 2 / (h_left + LEAF_RIDGE) + (g_all - g_left) ** 2 / (h_all - h_left + LEAF_RIDGE)
    gain[(n_left < min_rows) | (n_all - n_left < min_rows)] = -math.inf
    at = int(np.argmax(gain))
    feature, cut = divmod(at, gain.shape[1])
    # the parent's own term is the same for every cut: subtracted once, from the best
    return float(gain[feature, cut] - g_all[0, 0] ** 2 / (h_all[0, 0] + LEAF_RIDGE)), feature, cut


def _grow(codes, g, h, min_rows):
    """One tree fitted to gradients `g` and Hessians `h` of the rows `codes`, best-first up to `MAX_LEAVES`;
    (the tree, the leaf value of every row)."""
    d = codes.shape[1]
    flat = codes.astype(np.int64) + np.arange(d) * BINS  # one bincount gives every coordinate's histogram
    gh = np.stack([g, h], axis=1)

    def histograms(rows):
        idx = flat[rows].ravel()
        w = np.repeat(gh[rows], d, axis=0)
        return np.stack([np.bincount(idx, weights=w[:, 0], minlength=d * BINS),
                         np.bincount(idx, weights=w[:, 1], minlength=d * BINS),
                         np.bincount(idx, minlength=d * BINS).astype(np.float64)]).reshape(3, d, BINS)

    tree = _Tree()
    hist = {0: histograms(np.arange(len(g)))}
    members = {0: np.arange(len(g))}
    best = {0: _best_cut(hist[0], min_rows)}
    leaves = 1
    while leaves < MAX_LEAVES:
        node = max(best, key=lambda k: best[k][0])
        gain, feature, cut = best.pop(node)
        if not gain > 1e-12:
            break
        rows = members.pop(node)
        go_left = codes[rows, feature] <= cut
        left, right = tree.split(node, feature, cut)
        small, large = (left, right) if go_left.sum() * 2 <= rows.size else (right, left)
        members[left], members[right] = rows[go_left], rows[~go_left]
        hist[small] = histograms(members[small])
        hist[large] = hist.pop(node) - hist[small]
        best[left], best[right] = _best_cut(hist[left], min_rows), _best_cut(hist[right], min_rows)
        leaves += 1
    values = np.empty(len(g))
    for node, rows in members.items():
        tree.value[node] = -LEARNING_RATE * float(g[rows].sum() / (h[rows].sum() + LEAF_RIDGE))
        values[rows] = tree.value[node]
    return tree.freeze(), values


def _log_softmax(o):
    return o - log_sum_exp(o, axis=1, keepdims=True)


def _fewest_rounds(per_round, best_rounds):
    """The fewest rounds whose mean validation log-likelihood is within one standard error (of the per-row
    differences) of the best: on noise the best round wins by chance, and judged on the same rows it beat
    the linear classifier on 2 of 3 folds (d = 8, n = 3,000); the fewest such rounds keep the class shares."""
    top = per_round[best_rounds]
    for k in range(best_rounds):
        gap = top - per_round[k]
        if gap.mean() <= gap.std(ddof=1) / math.sqrt(len(gap)):
            return k
    return best_rounds


def boosted_trees(codes_fit, z_fit, codes_val, z_val, n_classes):
    """Boosted trees on binned rows (`binned`), stopped at their best validation log-likelihood.

    Class 0's logit is fixed at 0 and each round grows one tree per other class on the softmax
    cross-entropy's gradients and Hessians (Newton leaf values, shrunk by `LEARNING_RATE`). Rounds stop
    `PATIENCE_ROUNDS` after the best validation mean log-likelihood (on the fitting rows themselves when
    there is no validation part), and the model keeps the fewest rounds within a standard error of that
    best (`_fewest_rounds`).

    Returns
    -------
    (callable, callable) or None
        The model's ``log q(z | codes)`` twice (the one judged on validation also scores the fold); None
        when no number of rounds beats the class shares on the validation rows by a standard error.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> x = rng.normal(size=(2000, 2))
    >>> z = ((x[:, 0] > 0) ^ (x[:, 1] > 0)).astype(int)  # a XOR: no coordinate alone tells anything
    >>> codes = binned(x, bin_edges(x[:1500]))
    >>> log_q = boosted_trees(codes[:1500], z[:1500], codes[1500:], z[1500:], 2)[0]
    >>> bool(np.mean(np.exp(log_q(codes[1500:]))[np.arange(500), z[1500:]]) > 0.9)
    True
    """
    if not len(z_val):
        codes_val, z_val = codes_fit, z_fit
    shares = np.bincount(z_fit, minlength=n_classes) + 1.0
    base = np.log(shares / shares[0])  # the class shares: where boosting starts
    onehot = np.eye(n_classes)[z_fit]
    fit_logits = np.tile(base, (len(z_fit), 1))
    val_logits = np.tile(base, (len(z_val), 1))
    rows_val = np.arange(len(z_val))
    min_rows = min(MIN_LEAF_ROWS, max(1, len(z_fit) // 20))
    per_round = [_log_softmax(val_logits)[rows_val, z_val]]  # the validation rows' ln q after each round
    rounds, best, best_rounds, since = [], float(per_round[0].mean()), 0, 0
    while len(rounds) < MAX_ROUNDS and since < PATIENCE_ROUNDS:
        stop_point()
        p = np.exp(_log_softmax(fit_logits))
        trees = []
        for c in range(1, n_classes):
            tree, values = _grow(codes_fit, p[:, c] - onehot[:, c], np.maximum(p[:, c] * (1 - p[:, c]), 1e-12),
                                 min_rows)
            fit_logits[:, c] += values
            val_logits[:, c] += tree.predict(codes_val)
            trees.append(tree)
        rounds.append(trees)
        per_round.append(_log_softmax(val_logits)[rows_val, z_val])
        valid = float(per_round[-1].mean())
        if valid > best:
            best, best_rounds, since = valid, len(rounds), 0
        else:
            since += 1
    kept = rounds[:_fewest_rounds(per_round, best_rounds)]
    if not kept:  # no round better than the class shares: nothing for the trees to offer
        return None

    def log_probs(codes):
        o = np.tile(base, (len(codes), 1))
        for trees in kept:
            for c, tree in enumerate(trees, start=1):
                o[:, c] += tree.predict(codes)
        return _log_softmax(o)

    return log_probs, log_probs
