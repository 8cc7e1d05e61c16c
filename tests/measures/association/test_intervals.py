"""Intervals, p-values and q-values of association values and gaps.

The coverage simulation draws many labels at once from a known model of
(x1, x2, y) (docs/measures/association.md, "Intervals and significance"):
each label's eight cells are one multinomial draw, so every label is an
independent replicate of a table with its own true values. With soft
identities the cells are kinds of example (by their identity
probabilities) with and without y, and the counts are expected counts.
"""

import numpy as np
import pytest

from tb_bias_plugin import CooccurrenceCounter
from tb_bias_plugin.measures.association import intervals as iv
from tb_bias_plugin.measures.association import metrics

N = 200_000
Z95 = iv.z_of(0.95)


def _model(rng, labels, p12, null=False):
    """Probabilities of the eight (x1, x2, y) cells of each label."""
    py = np.exp(rng.uniform(np.log(2 / N), np.log(0.5), labels))  # C(y) from ~2 to 1e5
    px1, px2 = 0.3, 0.2
    lean = np.ones((3, labels)) if null else np.exp(rng.normal(0, [[0.5], [0.5], [0.3]], (3, labels)))
    q = np.array([p12, px1 - p12, px2 - p12, 1 - px1 - px2 + p12])
    cond = np.minimum(np.stack([py * lean[0] * lean[1] * lean[2], py * lean[0], py * lean[1], py], 1), 0.95)
    if null:  # y independent of both identities: one p(y) for every cell
        cond = np.repeat(py[:, None], 4, axis=1)
    return np.concatenate([q * cond, q * (1 - cond)], 1)


def _margins(cells8):
    c = np.asarray(cells8, dtype=np.float64)
    # a1 = C(x1,y), a2 = C(x2,y), C(y), C(x1), C(x2), C(x1,x2)
    return c[:, 0] + c[:, 1], c[:, 0] + c[:, 2], c[:, :4].sum(1), c[:, [0, 1, 4, 5]].sum(1), c[:, [0, 2, 4, 6]].sum(1), c[:, [0, 4]].sum(1)


def _simulate(metric, p12, reps=3, labels=20_000, seed=0):
    rng = np.random.default_rng(seed)
    return _coverage(metric, rng, _model(rng, labels, p12), _margins, reps)


def _coverage(metric, rng, probs, margins, reps):
    """Whether each draw's intervals hold the true value and gap, per label.

    ``probs`` are each label's cell probabilities, ``margins`` turns cells
    (probabilities or drawn counts) into the six stored counts.
    """
    ta1, ta2, tcy, tcx1, tcx2, _ = margins(probs)
    true_1 = iv.evaluate(metric, *iv.cells(1.0, tcx1, tcy, ta1))
    true_gap = true_1 - iv.evaluate(metric, *iv.cells(1.0, tcx2, tcy, ta2))
    out = {"value": [], "gap": [], "expected": [], "shown": [], "gap_shown": []}
    for _ in range(reps):
        a1, a2, cy, cx1, cx2, c12 = margins(rng.multinomial(N, probs))
        v1 = iv.evaluate(metric, *iv.cells(N, cx1, cy, a1))
        v2 = iv.evaluate(metric, *iv.cells(N, cx2, cy, a2))
        w1 = iv.half_widths(metric, N, cx1, cy, a1, Z95)
        w2 = iv.half_widths(metric, N, cx2, cy, a2, Z95)
        low, high = iv.interval(metric, v1, *w1)
        below, above = iv.gap_widths(w1, w2, iv.correlation(metric, N, cx1, cx2, c12, cy, a1, a2))
        gap = v1 - v2
        out["value"].append((low <= true_1) & (true_1 <= high))
        out["gap"].append((gap - below <= true_gap) & (true_gap <= gap + above))
        out["expected"].append(N * np.minimum(ta1, ta2))
        out["shown"].append(~np.isnan(v1))
        # the default ranking shows gaps of labels seen with both identities
        out["gap_shown"].append(~np.isnan(gap) & (a1 > 0) & (a2 > 0))
    return {k: np.concatenate(v) for k, v in out.items()}


@pytest.mark.parametrize("metric", ["npmi_xy", "pmi", "dp"])
@pytest.mark.parametrize("p12", [0.0, 0.05])
def test_coverage_of_values_and_gaps(metric, p12):
    sim = _simulate(metric, p12)
    large = sim["expected"] >= 10
    small = (sim["expected"] >= 1) & ~large
    value_large = sim["value"][large & sim["shown"]].mean()
    value_small = sim["value"][small & sim["shown"]].mean()
    gap_large = sim["gap"][large & sim["gap_shown"]].mean()
    gap_small = sim["gap"][small & sim["gap_shown"]].mean()
    assert (large & sim["shown"]).sum() > 20_000 and (small & sim["gap_shown"]).sum() > 3_000
    assert 0.93 <= value_large <= 0.97, value_large
    assert value_small >= 0.93, value_small
    assert gap_small >= 0.93, gap_small
    if p12 == 0.0:
        # identities that never co-occur: the covariance is exact
        assert 0.93 <= gap_large <= 0.97, gap_large
    else:
        # triple count unknown: conservative by construction, documented so
        assert 0.93 <= gap_large <= 0.985, gap_large


#: Soft identities (docs/measures/association.md, "Intervals and significance"): kinds
#: of example by the identity classifier's (p(x1 | e), p(x2 | e)) and their
#: share of the population, with the upper bound of the measured coverage
#: at expected C(x, y) >= 10 (every bin must reach 94%).
SOFT_POPULATIONS = {
    # at most one identity per example, often unsure: C(x1, x2) = 0, so the
    # gap's covariance is exact and only the soft counts make it conservative
    "exclusive": (
        [(0.9, 0, 0.15), (0.6, 0, 0.1), (0.3, 0, 0.1), (0, 0.85, 0.1), (0, 0.5, 0.1), (0, 0.2, 0.1), (0, 0, 0.35)],
        0.99,
    ),
    # a two-class classifier, p(x2 | e) = 1 - p(x1 | e): the identities share every unsure example
    "binary": (
        [(0.02, 0.98, 0.2), (0.1, 0.9, 0.15), (0.3, 0.7, 0.15), (0.5, 0.5, 0.1), (0.7, 0.3, 0.15), (0.9, 0.1, 0.1)]
        + [(0.98, 0.02, 0.15)],
        0.997,
    ),
    # nearly sure: close to hard identities, where the intervals are nominal
    "nearly_hard": ([(0.01, 0.99, 0.3), (0.99, 0.01, 0.3), (0.02, 0.02, 0.4)], 0.97),
}


def _soft_model(rng, labels, population):
    """Probabilities of the (kind, y) cells of each label: kinds with y, then kinds without."""
    p1, p2, share = (np.array(column, dtype=np.float64) for column in zip(*population))
    py = np.exp(rng.uniform(np.log(2 / N), np.log(0.5), labels))  # C(y) from ~2 to 1e5
    beta = rng.normal(0, 1.0, (labels, 2))  # how much y leans towards likely x1, likely x2
    lean = np.exp(beta[:, :1] * (p1 - p1 @ share) + beta[:, 1:] * (p2 - p2 @ share))
    cond = np.minimum(py[:, None] * lean, 0.95)
    return np.concatenate([share * cond, share * (1 - cond)], 1), p1, p2


def _soft_margins(cells, p1, p2):
    """The six counts of the (kind, y) cells as CooccurrenceCounter(soft_identities=True) stores them."""
    c = np.asarray(cells, dtype=np.float64)
    with_y = c[:, : p1.size]
    every = with_y + c[:, p1.size :]
    return with_y @ p1, with_y @ p2, with_y.sum(1), every @ p1, every @ p2, every @ (p1 * p2)


def test_the_soft_simulation_counts_what_the_counter_counts():
    population = SOFT_POPULATIONS["binary"][0]
    p1, p2, share = (np.array(column) for column in zip(*population))
    rng = np.random.default_rng(4)
    kind = rng.choice(p1.size, 500, p=share)
    has_y = rng.random(500) < 0.3
    cells = np.bincount(kind + p1.size * ~has_y, minlength=2 * p1.size)[None, :]
    predictions = [["y"] if h else [] for h in has_y]
    counter = CooccurrenceCounter(["y"], ["x1", "x2"], soft_identities=True)
    table = counter.update(predictions, identities=np.stack([p1[kind], p2[kind]], 1)).table()
    a1, a2, cy, cx1, cx2, c12 = (float(v[0]) for v in _soft_margins(cells, p1, p2))
    assert table.num_examples == cells.sum() and table.label_counts[0].tolist() == [cy]
    np.testing.assert_allclose(table.cooccurrence[0, :, 0], [a1, a2])
    np.testing.assert_allclose(table.identity_counts[0], [cx1, cx2])
    np.testing.assert_allclose(table.identity_cooccurrence[0, 0, 1], c12)


@pytest.mark.parametrize("metric", ["npmi_xy", "pmi", "dp"])
@pytest.mark.parametrize("population", list(SOFT_POPULATIONS))
def test_coverage_on_soft_identities(metric, population):
    # N examples drawn from a population whose examples carry known identity
    # probabilities; the truth is the metric of the population's expected counts.
    kinds, most = SOFT_POPULATIONS[population]
    rng = np.random.default_rng(6)
    probs, p1, p2 = _soft_model(rng, 20_000, kinds)
    sim = _coverage(metric, rng, probs, lambda cells: _soft_margins(cells, p1, p2), reps=3)
    large = sim["expected"] >= 10
    small = (sim["expected"] >= 1) & ~large
    got = {
        "value_large": sim["value"][large & sim["shown"]].mean(),
        "value_small": sim["value"][small & sim["shown"]].mean(),
        "gap_large": sim["gap"][large & sim["gap_shown"]].mean(),
        "gap_small": sim["gap"][small & sim["gap_shown"]].mean(),
    }
    assert (large & sim["shown"]).sum() > 20_000 and (small & sim["gap_shown"]).sum() > 3_000
    # Each example adds p to one cell and 1 - p to another: the Poisson
    # cells overstate the variance, never understate it (the docs' proof).
    assert min(got.values()) >= 0.94, got
    assert max(got["value_large"], got["gap_large"]) <= most, got


def test_no_association_rarely_discovers_anything():
    rng = np.random.default_rng(7)
    runs, labels, any_discovery = 200, 500, 0
    for _ in range(runs):
        probs = _model(rng, labels, 0.05, null=True)
        a1, a2, cy, cx1, cx2, c12 = _margins(rng.multinomial(N, probs))
        v1 = iv.evaluate("npmi_xy", *iv.cells(N, cx1, cy, a1))
        v2 = iv.evaluate("npmi_xy", *iv.cells(N, cx2, cy, a2))
        w1 = iv.half_widths("npmi_xy", N, cx1, cy, a1, Z95)
        w2 = iv.half_widths("npmi_xy", N, cx2, cy, a2, Z95)
        below, above = iv.gap_widths(w1, w2, iv.correlation("npmi_xy", N, cx1, cx2, c12, cy, a1, a2))
        p = iv.p_values_from_widths(v1 - v2, below, above)
        q = iv.bh_q_values(p, (a1 > 0) & (a2 > 0))
        any_discovery += bool(np.nanmin(q) <= 0.05)
    assert any_discovery / runs <= 0.07, any_discovery / runs


def test_planted_associations_are_found():
    rng = np.random.default_rng(3)
    probs = _model(rng, 2000, 0.0, null=True)
    # fifty labels up to three times as likely with x1 alone (x1's total kept)
    moved = np.minimum(2 * probs[:50, 1], 0.5 * probs[:50, 5])
    probs[:50, 1] += moved
    probs[:50, 5] -= moved
    a1, a2, cy, cx1, cx2, c12 = _margins(rng.multinomial(N, probs))
    v1, v2 = (iv.evaluate("npmi_xy", *iv.cells(N, cx, cy, a)) for cx, a in ((cx1, a1), (cx2, a2)))
    w1 = iv.half_widths("npmi_xy", N, cx1, cy, a1, Z95)
    w2 = iv.half_widths("npmi_xy", N, cx2, cy, a2, Z95)
    below, above = iv.gap_widths(w1, w2, iv.correlation("npmi_xy", N, cx1, cx2, c12, cy, a1, a2))
    q = iv.bh_q_values(iv.p_values_from_widths(v1 - v2, below, above), (a1 > 0) & (a2 > 0))
    found = np.flatnonzero(q <= 0.05)
    planted_common = np.flatnonzero((np.arange(2000) < 50) & (a1 >= 100))
    assert set(planted_common) <= set(found)
    assert np.mean(found < 50) >= 0.9


def test_bh_matches_a_direct_definition():
    rng = np.random.default_rng(1)
    p = rng.uniform(size=300) ** 3
    p[::17] = np.nan
    mask = rng.uniform(size=300) < 0.8
    q = iv.bh_q_values(p, mask)
    keep = np.flatnonzero(mask & ~np.isnan(p))
    m = keep.size
    for i in keep[:40]:
        direct = min(1.0, min(p[j] * m / np.sum(p[keep] <= p[j]) for j in keep if p[j] >= p[i]))
        assert q[i] == pytest.approx(direct)
    assert np.isnan(q[~mask]).all()
    # with the p-values' own order kept (ties included), the same numbers
    p[5] = p[7] = p[9]
    order = np.argsort(p, kind="stable")
    for m in (mask, None, np.zeros(300, bool), np.ones(300, bool)):
        np.testing.assert_array_equal(iv.bh_q_values(p, m, order), iv.bh_q_values(p, m))


def test_p_values_agree_with_the_interval_at_95():
    rng = np.random.default_rng(2)
    estimate = rng.normal(0, 1, 1000)
    below, above = rng.uniform(0.5, 2, 1000), rng.uniform(0.5, 2, 1000)
    p = iv.p_values_from_widths(estimate, below, above)
    excludes_zero = (estimate - below > 0) | (estimate + above < 0)
    assert np.array_equal(p < 0.05, excludes_zero)


def test_float_counts_give_intervals_between_their_integer_neighbours():
    low3, high3 = iv.half_widths("pmi", 10_000, 1000, [100.0], [3.0], Z95)
    low35, high35 = iv.half_widths("pmi", 10_000, 1000, [100.0], [3.5], Z95)
    low4, high4 = iv.half_widths("pmi", 10_000, 1000, [100.0], [4.0], Z95)
    assert low3[0] > low35[0] > low4[0] and high3[0] > high35[0] > high4[0]


def test_intervals_stay_in_the_metric_range():
    value = np.array([0.99, -0.99])
    low, high = iv.interval("npmi_xy", value, np.array([0.5, 0.5]), np.array([0.5, 0.5]))
    assert low.tolist() == [0.49, -1.0] and high.tolist() == [1.0, -0.49]


@pytest.mark.parametrize("metric", list(metrics.METRICS))
def test_gradients_match_finite_differences(metric):
    base = [np.array([30.0]), np.array([70.0]), np.array([200.0]), np.array([700.0])]
    grads = iv.gradients(metric, *base)
    for i in range(4):
        step = 1e-5 * base[i]
        plus = [x.copy() for x in base]
        minus = [x.copy() for x in base]
        plus[i] = plus[i] + step
        minus[i] = minus[i] - step
        numeric = (iv.evaluate(metric, *plus) - iv.evaluate(metric, *minus)) / (2 * step)
        assert grads[i][0] == pytest.approx(numeric[0], rel=1e-4, abs=1e-12)


def test_q_values_of_groups_equal_entry_by_entry():
    """Computed once per distinct p-value group (with ties across groups,
    NaN p-values and masks), the q-values are the same floats as entry by entry."""
    rng = np.random.default_rng(12)
    for trial in range(200):
        groups = int(rng.integers(1, 60))
        group_p = np.round(rng.random(groups), int(rng.integers(1, 4)))  # ties across groups
        group_p[rng.random(groups) < 0.1] = np.nan
        inverse = rng.integers(0, groups, size=int(rng.integers(1, 500)))
        mask = None if trial % 3 == 0 else rng.random(inverse.size) < rng.uniform(0, 1)
        want = iv.bh_q_values(group_p[inverse], mask)
        np.testing.assert_array_equal(iv.bh_q_values_of_groups(group_p, inverse, mask), want)
        order = np.argsort(group_p)
        np.testing.assert_array_equal(iv.bh_q_values_of_groups(group_p, inverse, mask, order), want)
