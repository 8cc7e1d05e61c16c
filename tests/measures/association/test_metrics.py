"""Metrics against oracles: the formulas of docs/measures/association.md, scipy, scikit-learn."""

import math
import warnings

import numpy as np
import pytest
from scipy.stats import kendalltau
from sklearn.metrics import f1_score, jaccard_score

from tb_bias_plugin.measures.association import metrics
from tb_bias_plugin.measures.association.metrics import association, cooccurs_with_both, gap, rank, top_k


def _counts(x_ind, y_ind):
    """Counts by a plain loop over examples."""
    n, k = x_ind.shape
    num_labels = y_ind.shape[1]
    cx = [0] * k
    cy = [0] * num_labels
    cxy = [[0] * num_labels for _ in range(k)]
    for e in range(n):
        for j in range(k):
            cx[j] += int(x_ind[e, j])
            for y in range(num_labels):
                cxy[j][y] += int(x_ind[e, j] and y_ind[e, y])
        for y in range(num_labels):
            cy[y] += int(y_ind[e, y])
    return n, np.array(cx), np.array(cy), np.array(cxy)


def _formula(metric, n, cx, cy, cxy):
    """The documented formula on probabilities, written independently; None if undefined."""
    if n == 0 or cx == 0 or cy == 0:
        return None  # a zero marginal is undefined (docs/measures/association.md)
    px, py, pxy = cx / n, cy / n, cxy / n

    def ln(v):
        return math.log(v) if v > 0 else None

    def div(a, b):
        return None if a is None or b is None or b == 0 else a / b

    pmi = None if px == 0 or py == 0 else ln(pxy / (px * py)) if pxy > 0 else None
    if metric == "dp":
        return div(cxy, cx)
    if metric == "pmi":
        return pmi
    if metric == "npmi_y":
        return div(pmi, None if ln(py) is None else -ln(py))
    if metric == "npmi_xy":
        if px > 0 and py > 0 and cxy == 0:
            return -1.0
        if pxy == 1:
            return 1.0
        return div(pmi, None if ln(pxy) is None else -ln(pxy))
    if metric == "pmi2":
        return None if px == 0 or py == 0 or pxy == 0 else ln(pxy**2 / (px * py))
    if metric == "sdc":
        return div(pxy, px + py)
    if metric == "ji":
        return div(pxy, px + py - pxy)
    if metric == "llr":
        return None if cxy == 0 or cy == 0 else ln(cxy / cy)
    if metric == "ttest":
        return div(pxy - px * py, math.sqrt(px * py))
    raise AssertionError(metric)


def _random_indicators(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 40))
    k = int(rng.integers(1, 4))
    num_labels = 12
    x = rng.random((n, k)) < rng.uniform(0, 1, size=k)
    densities = rng.uniform(0, 1, size=num_labels)
    densities[:3] = [0.0, 1.0, 0.5]  # never, always, sometimes
    y = rng.random((n, num_labels)) < densities
    y[:, 3] = x[:, 0]  # identical to an identity
    y[:, 4] = ~x[:, 0]  # its complement
    return x, y


SEEDS = range(40)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("metric", ["dp", "pmi", "npmi_y", "npmi_xy", "pmi2", "sdc", "ji", "llr", "ttest"])
def test_metric_matches_formula(metric, seed):
    x, y = _random_indicators(seed)
    n, cx, cy, cxy = _counts(x, y)
    got = association(metric, n, cx, cy, cxy)
    for j in range(len(cx)):
        for label in range(len(cy)):
            want = _formula(metric, n, cx[j], cy[label], cxy[j][label])
            if want is None:
                assert np.isnan(got[j, label]), (metric, j, label, got[j, label])
            else:
                assert got[j, label] == pytest.approx(want, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("seed", SEEDS)
def test_tau_b_matches_scipy_kendalltau(seed):
    x, y = _random_indicators(seed)
    got = association("tau_b", *_counts(x, y))
    for j in range(x.shape[1]):
        for label in range(y.shape[1]):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                want = kendalltau(x[:, j], y[:, label], variant="b")[0]
            if np.isnan(want):
                assert np.isnan(got[j, label])
            else:
                assert got[j, label] == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("seed", SEEDS)
def test_ji_and_sdc_match_sklearn(seed):
    x, y = _random_indicators(seed)
    ji = association("ji", *_counts(x, y))
    sdc = association("sdc", *_counts(x, y))
    for j in range(x.shape[1]):
        for label in range(y.shape[1]):
            if not x[:, j].any() or not y[:, label].any():
                # sklearn reports 0 by convention; ours: a zero marginal is undefined
                assert np.isnan(ji[j, label]) and np.isnan(sdc[j, label])
                continue
            assert ji[j, label] == pytest.approx(jaccard_score(x[:, j], y[:, label]), abs=1e-12)
            assert sdc[j, label] == pytest.approx(f1_score(x[:, j], y[:, label]) / 2, abs=1e-12)


def test_hand_counted_table():
    # N = 10, C(x) = 4, C(y) = 5, C(x,y) = 3: p(x) = .4, p(y) = .5, p(x,y) = .3
    values = {m: association(m, 10, [4], [5], [[3]])[0, 0] for m in metrics.METRICS}
    assert values["dp"] == pytest.approx(0.75)
    assert values["pmi"] == pytest.approx(0.4054651081)  # ln 1.5
    assert values["npmi_xy"] == pytest.approx(0.4054651081 / 1.2039728043)  # / -ln .3
    assert values["npmi_y"] == pytest.approx(0.4054651081 / 0.6931471806)  # / -ln .5
    assert values["pmi2"] == pytest.approx(math.log(0.09 / 0.2))
    assert values["sdc"] == pytest.approx(0.3 / 0.9)
    assert values["ji"] == pytest.approx(0.3 / 0.6)
    assert values["llr"] == pytest.approx(math.log(0.6))
    assert values["ttest"] == pytest.approx(0.1 / math.sqrt(0.2))
    # phi: (10*3 - 4*5) / sqrt(4*6*5*5)
    assert values["tau_b"] == pytest.approx(10 / math.sqrt(600))


def test_npmi_xy_limits_and_undefined_values():
    # never together; always together (p(x,y) = 1); y never seen (counts one set of examples can give)
    assert association("npmi_xy", 8, [5], [3], [[0]])[0, 0] == -1.0
    assert association("npmi_xy", 8, [8], [8], [[8]])[0, 0] == 1.0
    assert np.isnan(association("npmi_xy", 8, [5], [0], [[0]])[0, 0])
    # x never seen: undefined for every metric, never +-inf
    for metric in metrics.METRICS:
        v = association(metric, 8, [0], [3], [[0]])
        assert np.isnan(v).all(), metric


@pytest.mark.parametrize("metric", list(metrics.METRICS))
def test_values_are_never_infinite(metric):
    rng = np.random.default_rng(1)
    for _ in range(20):
        x, y = _random_indicators(int(rng.integers(1000)))
        assert not np.isinf(association(metric, *_counts(x, y))).any()


@pytest.mark.parametrize("metric", list(metrics.METRICS))
def test_smoothing_makes_every_value_finite_and_smooths_the_cells(metric):
    x, y = _random_indicators(7)
    n, cx, cy, cxy = _counts(x, y)
    alpha = 0.5
    got = association(metric, n, cx, cy, cxy, smoothing=alpha)
    assert np.isfinite(got).all()
    # Same as the unsmoothed metric on the four smoothed cells.
    a = cxy + alpha
    b = cx[:, None] - cxy + alpha
    c = cy[None, :] - cxy + alpha
    d = n - cx[:, None] - cy[None, :] + cxy + alpha
    for j in range(len(cx)):
        for label in range(len(cy)):
            cells = (a[j, label], b[j, label], c[j, label], d[j, label])
            n2 = sum(cells)
            scale = 1000  # rescale to integer-like counts; metrics depend on ratios only
            want = association(
                metric,
                n2 * scale,
                [(cells[0] + cells[1]) * scale],
                [(cells[0] + cells[2]) * scale],
                [[cells[0] * scale]],
            )[0, 0]
            assert got[j, label] == pytest.approx(want, rel=1e-9)


def test_bounded_metrics_stay_in_range():
    for seed in SEEDS:
        x, y = _random_indicators(seed)
        counts = _counts(x, y)
        for metric, (low, high) in metrics.METRIC_RANGES.items():
            v = association(metric, *counts)
            v = v[~np.isnan(v)]
            if low is not None:
                assert (v >= low).all(), metric
            if high is not None:
                assert (v <= high).all(), metric


def test_exact_values_at_independence_and_identity():
    rng = np.random.default_rng(5)
    for _ in range(2000):
        n = int(rng.integers(1, 10**9))
        c = int(rng.integers(1, n + 1))
        # x identical to y: every bounded metric sits exactly at its maximum
        v = {m: association(m, n, [c], [c], [[c]])[0, 0] for m in ("npmi_xy", "dp", "ji")}
        assert v == {"npmi_xy": 1.0, "dp": 1.0, "ji": 1.0} or c == n
        if c < n:
            assert association("tau_b", n, [c], [c], [[c]])[0, 0] == pytest.approx(1.0, abs=1e-15)
    # independence: PMI is exactly 0
    assert association("pmi", 100, [50], [20], [[10]])[0, 0] == 0.0
    assert association("npmi_xy", 10**9, [5 * 10**8], [2 * 10**8], [[10**8]])[0, 0] == 0.0


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown metric"):
        association("npmi", 10, [1], [1], [[1]])
    for smoothing in (-1, float("inf"), None, "1", True):
        with pytest.raises(ValueError, match="smoothing"):
            association("pmi", 10, [1], [1], [[1]], smoothing=smoothing)
    with pytest.raises(ValueError, match="shape"):
        association("pmi", 10, [1, 2], [1], [[1]])


def test_gap_pair_and_one_vs_rest():
    values = np.array([[0.5, 0.1, np.nan], [0.2, 0.3, 0.0], [0.0, 0.1, 0.0]])
    np.testing.assert_allclose(gap(values, 0, 1), [0.3, -0.2, np.nan])
    np.testing.assert_allclose(gap(values, 1, 0), [-0.3, 0.2, np.nan])
    np.testing.assert_allclose(gap(values, 0, "rest"), [0.4, -0.1, np.nan])
    np.testing.assert_allclose(gap(values, 1, "rest"), [-0.05, 0.2, np.nan])
    for x1, x2, message in [(0, 0, "different"), (3, 0, "out of range"), (0, "all", "rest"), (True, 1, "index")]:
        with pytest.raises(ValueError, match=message):
            gap(values, x1, x2)
    with pytest.raises(ValueError, match="two identities"):
        gap(values[:1], 0, "rest")


def test_cooccurs_with_both():
    cxy = np.array([[1, 0, 2, 0, 4], [1, 1, 0, 0, 5], [0, 3, 0, 0, 6]])
    assert cooccurs_with_both(cxy, 0, 1).tolist() == [True, False, False, False, True]
    assert cooccurs_with_both(cxy, 1, 2).tolist() == [False, True, False, False, True]
    # One-vs-rest averages A(x', y) over every other identity, so each of
    # them must have seen y: label 0 was never seen with identity 2.
    assert cooccurs_with_both(cxy, 0, "rest").tolist() == [False, False, False, False, True]
    assert cooccurs_with_both(cxy, 2, "rest").tolist() == [False, False, False, False, True]


def test_one_vs_rest_ranking_has_no_limit_artefacts():
    # Label 0 is seen with x1 and x2 but never with x3: with it, its gap
    # against the rest would be pushed up by nPMI_xy's -1 for x3.
    n, cx = 1000, [200, 200, 200]
    cy = [40, 40]
    cxy = np.array([[20, 20], [10, 10], [0, 10]])
    values = association("npmi_xy", n, cx, cy, cxy)
    g = gap(values, 0, "rest")
    assert g[0] > 0.5 > g[1] > 0  # the artefact
    assert cooccurs_with_both(cxy, 0, "rest").tolist() == [False, True]


def _reference_rank(values, order, mask=None):
    idx = [i for i in range(len(values)) if mask is None or mask[i]]
    defined = [i for i in idx if not math.isnan(values[i])]
    key = {"desc": lambda i: (-values[i], i), "asc": lambda i: (values[i], i), "abs": lambda i: (-abs(values[i]), i)}[order]
    return sorted(defined, key=key) + [i for i in idx if math.isnan(values[i])]


@pytest.mark.parametrize("sampled", [False, True], ids=["partition", "sampled selection"])
@pytest.mark.parametrize("order", ["desc", "asc", "abs"])
def test_rank_matches_a_sort_with_ties_broken_by_index(order, sampled, monkeypatch):
    if sampled:  # the path of a million-row table, on small ones
        monkeypatch.setattr(metrics, "SAMPLED_SELECTION_ROWS", 0)
    rng = np.random.default_rng(3)
    for _ in range(50):
        values = rng.choice([-np.inf, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0, np.inf, np.nan], size=int(rng.integers(0, 40)))
        mask = rng.random(values.shape[0]) < 0.7
        want = _reference_rank(values.tolist(), order, mask)
        assert rank(values, order, mask=mask).tolist() == want
        for limit in (0, 1, 3, 10, 100):
            assert rank(values, order, mask=mask, limit=limit).tolist() == want[:limit]
            assert top_k(values, limit, order, mask=mask).tolist() == want[:limit]


@pytest.mark.parametrize("layout", ["shuffled", "ascending", "descending", "ties", "mostly nan", "sample misled"])
def test_rank_of_a_large_array_is_exact_whatever_the_sample_sees(layout):
    """Past SAMPLED_SELECTION_ROWS the limit-th key is looked for below a
    sampled estimate; sorted data (a sample that misjudges) falls back."""
    rng = np.random.default_rng(4)
    n = 150_000
    values = {
        "shuffled": rng.normal(size=n),
        "ascending": np.sort(rng.normal(size=n)),
        "descending": np.sort(rng.normal(size=n))[::-1].copy(),
        "ties": rng.integers(0, 5, size=n).astype(np.float64),
        "mostly nan": np.where(rng.random(n) < 0.999, np.nan, rng.normal(size=n)),
        # the sample holds the smallest keys (for asc and abs), so its estimate
        # has too few keys below it for limit 100: the selection falls back
        "sample misled": np.where(np.arange(n) % (n // metrics._SAMPLE) == 0, -1000.0 - np.arange(n), rng.normal(size=n)),
    }[layout]
    mask = rng.random(n) < 0.8
    for order in ("desc", "asc", "abs"):
        key = {"desc": -values, "asc": values, "abs": -np.abs(values)}[order]
        ranked_mask = mask & ~np.isnan(values)
        idx = np.flatnonzero(ranked_mask)
        want = idx[np.lexsort((idx, key[idx]))].tolist() + np.flatnonzero(mask & np.isnan(values)).tolist()
        for limit in (1, 100, 3000):
            assert rank(values, order, mask=mask, limit=limit).tolist() == want[:limit]


def test_rank_bad_arguments():
    with pytest.raises(ValueError, match="order"):
        rank(np.zeros(3), "up")
    with pytest.raises(ValueError, match="non-negative"):
        top_k(np.zeros(3), -1)


@pytest.mark.parametrize("limit", [-5, -1])
def test_rank_refuses_a_limit_that_is_not_a_non_negative_integer(limit):
    # a negative limit once ranked nothing, silently, where top_k(k=-5) raised
    with pytest.raises(ValueError, match="limit must be a non-negative integer, got %d" % limit):
        rank(np.arange(3.0), limit=limit)


@pytest.mark.parametrize("limit", [None, 0, 2])
@pytest.mark.parametrize("mask", [np.ones(2, bool), np.ones(3), [1, 0, 1]], ids=["short", "float", "ints"])
def test_rank_checks_the_mask_whatever_the_limit(mask, limit):
    # limit=0 once returned before the mask was looked at
    with pytest.raises(ValueError, match="mask must be a bool array of the values' shape"):
        rank(np.arange(3.0), mask=mask, limit=limit)


def test_rank_labels_applies_the_spec_defaults():
    from tb_bias_plugin import CooccurrenceCounter

    counter = CooccurrenceCounter(["man", "woman", "tie", "dress", "beard", "never"], ["man", "woman"])
    counter.update([["man", "tie"], ["man", "tie", "beard"], ["woman", "dress"], ["woman", "tie"], ["man", "dress"], ["tie"]])
    table = counter.table()
    ranked = table.rank_labels("man", "woman")
    # beard is never with woman and "never" is never predicted: left out; so are the identities
    assert [label for label, _ in ranked] == ["tie", "dress"]
    gap = table.gap("man", "woman")
    assert ranked[0][1] == gap[2]
    everything = [l for l, _ in table.rank_labels("man", "woman", include_zero_cooccurrence=True,
                                                 include_identities=True, include_undefined=True)]
    assert set(everything) == set(table.label_names) and everything[-1] == "never"


@pytest.mark.parametrize("smoothing", [0.0, 0.5])
def test_a_page_of_values_equals_the_column_bit_for_bit(smoothing, monkeypatch):
    """Values of a page computed alone are the column's own numbers, so a
    page of a large table can skip computing every identity's column."""
    from tb_bias_plugin.measures.association import query
    from tb_bias_plugin.measures.association.query import CountsView

    monkeypatch.setattr(query, "PAGE_ONLY_LABELS", 0)  # this small table counts as large
    from tb_bias_plugin.measures.association.table import AssociationTable

    rng = np.random.default_rng(3)
    n, labels, k = 50_000, 5_000, 3
    cy = rng.integers(0, 2_000, labels)
    cx = rng.integers(1_000, 20_000, k)
    cxy = np.minimum(rng.binomial(cy[None, :], 0.3, (k, labels)), cx[:, None])
    cxx = np.diag(cx)
    table = AssociationTable(["l%d" % i for i in range(labels)], ["a", "b", "c"], [0.5], n,
                             cy[None], cx[None], cxy[None], cxx[None])
    rows = rng.choice(labels, 100, replace=False)
    for metric in metrics.METRICS:
        page_first = CountsView(table, 0, smoothing)
        column_first = CountsView(table, 0, smoothing)
        for j in range(k):
            page = page_first.values_at(metric, j, rows)  # computed for the page only
            assert page_first._store((metric, j), None) is None
            column = column_first.values(metric, j)
            np.testing.assert_array_equal(page, column[rows])
            np.testing.assert_array_equal(column_first.values_at(metric, j, rows), column[rows])  # read from the column


def _long_tailed_table(seed, labels):
    """Three identities over a long-tailed label distribution: most labels
    share their counts with many others."""
    from tb_bias_plugin.measures.association.table import AssociationTable

    rng = np.random.default_rng(seed)
    cy = np.maximum(1, (2_000 / np.arange(1, labels + 1) ** 0.9)).astype(np.int64)
    cx = np.array([30_000, 50_000, 20_000])
    cxy = np.minimum(rng.binomial(cy[None, :], [[0.1], [0.3], [0.05]]), cx[:, None])
    pair = np.array([[30_000, 2_000, 1_000], [2_000, 50_000, 3_000], [1_000, 3_000, 20_000]])
    return AssociationTable(["l%d" % i for i in range(labels)], ["a", "b", "c"], [0.5], 200_000,
                            cy[None], cx[None], cxy[None], pair[None])


@pytest.mark.parametrize("x2", [1, "rest"])
def test_values_and_intervals_per_distinct_counts_equal_per_label(x2, monkeypatch):
    """A long-tailed table repeats its counts: computing once per distinct
    counts and spreading back gives every label's own numbers, bit for bit."""
    from tb_bias_plugin.measures.association.query import CountsView, Query, select_with_statistics

    labels, k = 20_000, 3
    table = _long_tailed_table(5, labels)
    spread = CountsView(table, 0, 0.0)
    assert spread.distinct((0, 1)) is not None and len(spread.distinct((0, 1))[0]) < labels // 10
    per_label = CountsView(table, 0, 0.0)
    monkeypatch.setattr(per_label, "distinct", lambda identities: None)
    for metric in ("npmi_xy", "pmi", "dp", "llr"):
        for j in range(k):
            np.testing.assert_array_equal(spread.values(metric, j), per_label.values(metric, j))
            for a, b in zip(spread.widths(metric, j, 1.96), per_label.widths(metric, j, 1.96)):
                np.testing.assert_array_equal(a, b)
        query = Query(metric=metric, x1=0, x2=x2, sort="q_value", order="asc", level=0.9)
        got, want = select_with_statistics(spread, query), select_with_statistics(per_label, query)
        np.testing.assert_array_equal(got[0], want[0])
        np.testing.assert_array_equal(got[2], want[2])  # the gap of every label
        for key in ("low", "high", "p", "q", "bound"):
            np.testing.assert_array_equal(got[3][key], want[3][key])


def test_page_bounds_from_cached_columns_equal_the_page_s_own(monkeypatch):
    from tb_bias_plugin.measures.association import query as q
    from tb_bias_plugin.measures.association.table import AssociationTable

    rng = np.random.default_rng(8)
    labels = 3_000
    cy = rng.integers(1, 500, labels)
    cx = np.array([5_000, 8_000])
    cxy = np.minimum(rng.binomial(cy[None, :], [[0.2], [0.4]]), cx[:, None])
    table = AssociationTable(["l%d" % i for i in range(labels)], ["a", "b"], [0.5], 40_000,
                             cy[None], cx[None], cxy[None], np.diag(cx)[None])
    rows = rng.choice(labels, 100, replace=False)
    for metric in metrics.METRICS:
        query = q.Query(metric=metric, x1=0, x2=1, level=0.9)
        columns = q.page_bounds(q.CountsView(table, 0, 0.5), query, rows)
        with monkeypatch.context() as m:
            m.setattr(q, "PAGE_ONLY_LABELS", 0)
            own = q.page_bounds(q.CountsView(table, 0, 0.5), query, rows)
        for (lo1, hi1), (lo2, hi2) in zip(columns, own):
            np.testing.assert_array_equal(lo1, lo2)
            np.testing.assert_array_equal(hi1, hi2)


@pytest.mark.parametrize("x2", [1, "rest"])
def test_distributions_per_distinct_counts_equal_per_label(x2, monkeypatch):
    from tb_bias_plugin.measures.association.query import CountsView, Query, distributions, gap_values, row_mask

    labels = 20_000
    table = _long_tailed_table(9, labels)
    # most labels selected (the others are subtracted), and few (counted)
    for metric, least in (("npmi_xy", 1), ("pmi", 1), ("llr", 1), ("npmi_xy", 3), ("dp", 40)):
        query = Query(metric=metric, x1=0, x2=x2, ranges=[("count", least, None)], zero_cooccurrence="include",
                      undefined="include" if least == 1 else "drop")
        spread = CountsView(table, 0, 0.0)
        per_label = CountsView(table, 0, 0.0)
        monkeypatch.setattr(per_label, "distinct", lambda identities: None)
        got, want = distributions(spread, query), distributions(per_label, query)
        mask = row_mask(spread, query, gap_values(spread, metric, 0, x2))
        assert got["total"] == want["total"] == mask.sum() > 0
        assert (2 * mask.sum() > labels) == (least == 1)
        assert got["bin_edges"] == want["bin_edges"] and got["domain"] == want["domain"]
        for a, b in zip(got["identities"] + [got["gap"]], want["identities"] + [want["gap"]]):
            assert (a["n"], a["undefined"], a["counts"], a["quantiles"], a["values"]) == (
                b["n"], b["undefined"], b["counts"], b["quantiles"], b["values"])
            np.testing.assert_allclose(a["density"], b["density"], rtol=1e-9, atol=1e-12)


def test_a_few_labels_list_their_values_whether_counts_are_spread_or_not(monkeypatch):
    """Twelve labels in three count patterns (four each): the values a distribution lists for a few
    labels are each label's, repeated, whether computed per distinct pattern or per label."""
    from tb_bias_plugin.measures.association.query import CountsView, Query, distributions
    from tb_bias_plugin.measures.association.table import AssociationTable

    cy = np.array([40, 40, 40, 40, 90, 90, 90, 90, 7, 7, 7, 7])
    cxy = np.stack([cy // 2, cy // 5, np.where(cy == 7, 0, cy // 3)])
    table = AssociationTable(["l%d" % i for i in range(12)], ["a", "b", "c"], [0.5], 10_000, cy[None],
                             np.array([[3_000, 4_000, 2_000]]), cxy[None],
                             np.array([[[3_000, 500, 300], [500, 4_000, 400], [300, 400, 2_000]]]))
    for x2 in (1, "rest"):
        query = Query(metric="npmi_xy", x1=0, x2=x2, zero_cooccurrence="include", undefined="include")
        spread, per_label = CountsView(table, 0, 0.0), CountsView(table, 0, 0.0)
        assert spread.distinct([0, 1, 2]) is not None  # the spread path is the one taken
        monkeypatch.setattr(per_label, "distinct", lambda identities: None)
        got, want = distributions(spread, query), distributions(per_label, query)
        for a, b in zip(got["identities"] + [got["gap"]], want["identities"] + [want["gap"]]):
            assert a["values"] is not None and len(a["values"]) == a["n"]
            np.testing.assert_allclose(a["values"], b["values"], rtol=1e-12)
        own = [per_label.values("npmi_xy", 0)[i] for i in range(12)]
        np.testing.assert_allclose(got["identities"][0]["values"], sorted(v for v in own if np.isfinite(v)), rtol=1e-12)


def test_distinct_remembers_when_spreading_does_not_pay():
    """A table whose counts rarely repeat answers None, and says so once:
    the check (a hash of every label's counts) is not redone per request."""
    from tb_bias_plugin.measures.association.query import CountsView
    from tb_bias_plugin.measures.association.table import AssociationTable

    rng = np.random.default_rng(6)
    labels = 5_000
    cy = rng.permutation(np.arange(1_000, 1_000 + labels))  # all distinct
    cxy = cy[None, :] // 3
    table = AssociationTable(["l%d" % i for i in range(labels)], ["a"], [0.5], 100_000,
                             cy[None], np.array([[40_000]]), cxy[None], np.array([[[40_000]]]))
    calls = []
    cache = {}

    def store(key, make):  # as the plugin's cache: None is a miss
        if cache.get(key) is None and make is not None:
            calls.append(key)
            cache[key] = make()
        return cache.get(key)

    view = CountsView(table, 0, 0.0, store=store)
    assert view.distinct((0,)) is None
    assert view.distinct((0,)) is None
    assert calls.count(("distinct", 0)) == 1


@pytest.mark.parametrize("counts, match", [
    ((10, [1], [5, 2], [[3, 0]]), r"C\(x,y\) exceeds C\(x\) or C\(y\)"),  # gave npmi_y 1.56, outside [-1, 1]
    ((8, [8], [3], [[0]]), r"C\(x\) \+ C\(y\) - C\(x,y\) exceeds num_examples=8"),
    ((4, [5], [2], [[1]]), "a count exceeds num_examples=4"),
    ((float("nan"), [4], [5, 2], [[3, 0]]), "num_examples must be a finite number >= 0"),
    (("10", [4], [5, 2], [[3, 0]]), "num_examples must be a finite number >= 0"),
    ((10, [-4], [5, 2], [[3, 0]]), "identity_counts must not be negative"),
    ((10, [[4]], [5, 2], [[3, 0]]), "identity_counts must be 1-D"),
])
def test_counts_no_set_of_examples_can_give_are_refused(counts, match):
    with pytest.raises(ValueError, match=match):
        association("npmi_y", *counts)
    # expected counts (sums of probabilities) carry rounding, and keep it
    assert association("npmi_xy", 10.0, [4.000000000000001], [4], [[4]])[0, 0] == pytest.approx(1.0)


@pytest.mark.parametrize("call, match", [
    (lambda: metrics.gap(np.float64(1.0), 0, 1), "values must be 2-D"),
    (lambda: metrics.gap(np.zeros(3), 0, 1), "values must be 2-D"),
    (lambda: metrics.rank(np.zeros((2, 3))), "values must be 1-D"),
    (lambda: metrics.rank(["a", "b"]), "values must be an array of numbers"),
    (lambda: metrics.rank(np.zeros(3), mask=[True]), "mask must be a bool array of the values' shape"),
    (lambda: metrics.rank(np.arange(3.0), mask=[0, 2, 1]), "mask must be a bool array"),
    (lambda: metrics.rank(np.arange(5.0), limit=2.5), "limit must be a non-negative integer, got 2.5"),
])
def test_rank_and_gap_name_a_bad_argument(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_a_table_names_a_threshold_that_is_not_a_number():
    from tb_bias_plugin import CooccurrenceCounter

    counter = CooccurrenceCounter(["man", "bike"], ["man"], thresholds=(0.3, 0.5))
    counter.update([["man", "bike"]])
    table = counter.table()
    assert table.threshold_index(0.5) == 1
    with pytest.raises(ValueError, match="threshold must be a finite number, got '0.5'"):
        table.threshold_index("0.5")  # once read as 0.5
    with pytest.raises(ValueError, match="threshold 0.7 was not logged; available: 0.3, 0.5"):
        table.association("npmi_xy", threshold=0.7)
