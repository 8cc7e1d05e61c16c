"""NumPy core of accumulated prediction sensitivity against the documented oracles."""

import numpy as np
import pytest

from tb_bias_plugin.measures.sensitivity import (
    TextLayout,
    VChoice,
    accumulated_sensitivity,
    check_probabilities,
    proxy_adjusted_abs_jacobian,
    proxy_betas,
    reduce_sensitivity,
    v_weights,
)

# Text oracle: T = 3 tokens, D = 2, K = 3, f = softmax(W · mean_t tanh(e_t)).
E = np.array([[0.5, -1.0], [2.0, 0.3], [-0.4, 0.8]])
W = np.array([[1.0, -1.0], [0.5, 2.0], [-1.5, 0.5]])
A = np.array([[2.0, 0.0], [-2.0, 0.0]])


def softmax(z):
    z = z - z.max()
    return np.exp(z) / np.exp(z).sum()


def text_f(flat):
    return softmax(W @ np.tanh(flat.reshape(3, 2)).mean(axis=0))


def psm_g(flat):
    return softmax(A @ flat.reshape(3, 2).mean(axis=0))


def central_jacobian(fn, x, h=1e-6):
    x = np.asarray(x, dtype=np.float64)
    cols = []
    for i in range(x.size):
        d = np.zeros_like(x)
        d[i] = h
        cols.append((fn(x + d) - fn(x - d)) / (2 * h))
    return np.stack(cols, axis=1)


@pytest.fixture(scope="module")
def text_case():
    flat = E.ravel()
    J = np.abs(central_jacobian(text_f, flat))[None]
    G = np.abs(central_jacobian(psm_g, flat))[None]
    layout = TextLayout(dim=2, mask=[[True, True, True]], tokens=[["He", "ran", "far"]])
    return J, G, layout


def test_text_oracle_s_and_u(text_case):
    J, _, layout = text_case
    np.testing.assert_allclose(text_f(E.ravel()), [0.403176, 0.411070, 0.185754], atol=1e-6)
    r = accumulated_sensitivity(J, layout=layout)
    np.testing.assert_allclose(r.s[0], [0.059411, 0.057092, 0.005337, 0.124405, 0.064638, 0.075999], atol=1e-6)
    np.testing.assert_allclose(r.token_sensitivity[0], [0.116503, 0.129742, 0.140637], atol=1e-6)


def test_text_oracle_p1_to_p5(text_case):
    J, G, layout = text_case
    words = {"he"}
    got = {
        "P1": accumulated_sensitivity(J, v="uniform", layout=layout),
        "P4": accumulated_sensitivity(J, v=VChoice.word_list(words), layout=layout),
        "P5": accumulated_sensitivity(J, v=VChoice.word_list_emb(words), layout=layout, embeddings=E[None]),
        "P2": accumulated_sensitivity(J, v="psm", layout=layout, psm_abs_jacobian=G),
        "P3": accumulated_sensitivity(J, v="psm_emb", layout=layout, psm_abs_jacobian=G, embeddings=E[None]),
    }
    want = {"P1": 0.06448031, "P4": 0.05825140, "P5": 0.05786494, "P2": 0.04312855, "P3": 0.02283960}
    for name, value in want.items():
        assert got[name].P[0] == pytest.approx(value, abs=2e-7), name
    np.testing.assert_allclose(got["P4"].v[0], [0.5, 0.5, 0, 0, 0, 0])
    np.testing.assert_allclose(got["P5"].v[0], [1 / 3, 2 / 3, 0, 0, 0, 0])
    np.testing.assert_allclose(got["P2"].v[0], [1 / 3, 0, 1 / 3, 0, 1 / 3, 0], atol=1e-8)
    np.testing.assert_allclose(got["P4"].token_weight[0], [1, 0, 0])


def test_tabular_oracle_from_given_jacobian():
    row = np.array([0.246134, 0.492268, 0.123067])
    J = np.stack([row, row])[None]
    assert accumulated_sensitivity(J, v="mask", protected=2).P[0] == pytest.approx(0.123067, abs=1e-9)
    assert accumulated_sensitivity(J, v="mask", protected=[1, 2]).P[0] == pytest.approx(0.307668, abs=1e-6)
    assert accumulated_sensitivity(J, v="uniform").P[0] == pytest.approx(0.287156, abs=1e-6)
    named = accumulated_sensitivity(J, v="mask", protected=["x3"], feature_names=["x1", "x2", "x3"])
    assert named.P[0] == pytest.approx(0.123067, abs=1e-9)
    # The reduced form gives the same P.
    s = reduce_sensitivity(J)
    assert accumulated_sensitivity(sensitivity=s, v="mask", protected=2).P[0] == pytest.approx(0.123067)


def test_per_class_rows_recombine_to_P():
    rng = np.random.default_rng(0)
    J = rng.random((4, 3, 5))
    w = np.array([0.2, 0.5, 0.3])
    r = accumulated_sensitivity(J, v="mask", protected=[0, 3], w=w)
    np.testing.assert_allclose(r.per_class @ w, r.P)
    np.testing.assert_allclose(r.P, np.einsum("k,nkf->nf", w, J[:, :, [0, 3]]).mean(axis=1))


def test_permuting_features_with_v_leaves_P_unchanged():
    rng = np.random.default_rng(1)
    J = rng.random((6, 4, 7))
    v = rng.random(7)
    v /= v.sum()
    perm = rng.permutation(7)
    a = accumulated_sensitivity(J, v=VChoice.explicit(v)).P
    b = accumulated_sensitivity(J[:, :, perm], v=VChoice.explicit(v[perm])).P
    np.testing.assert_allclose(a, b)


def test_two_class_P_does_not_depend_on_w():
    rng = np.random.default_rng(2)
    row = rng.random((5, 1, 4))
    J = np.concatenate([row, row], axis=1)  # |∂f_1| = |∂f_2| for two classes
    ps = [accumulated_sensitivity(J, w=[a, 1 - a]).P for a in (0.0, 0.3, 0.5, 1.0)]
    for p in ps[1:]:
        np.testing.assert_allclose(p, ps[0])


def test_P_between_zero_and_largest_entry():
    rng = np.random.default_rng(3)
    J = rng.random((50, 3, 6)) * rng.random((50, 1, 1)) * 5
    for v in ("uniform", VChoice.mask([1]), VChoice.mask([0, 4, 5])):
        P = accumulated_sensitivity(J, v=v).P
        assert np.all(P >= 0) and np.all(P <= J.max(axis=(1, 2)) + 1e-12)


def test_padding_never_gets_weight_and_uniform_counts_real_tokens():
    J = np.ones((1, 2, 8))
    J[0, :, 4:] = 100.0  # large gradients on padding must not leak into P
    layout = TextLayout(dim=2, mask=[[True, True, False, False]], tokens=[["she", "he", "she", "he"]])
    for v in ("uniform", VChoice.word_list({"she"}), VChoice.word_list({"he", "she"})):
        r = accumulated_sensitivity(J, v=v, layout=layout)
        assert r.P[0] == pytest.approx(1.0)
        assert np.all(r.v[0, 4:] == 0) and np.all(r.token_weight[0, 2:] == 0)
    assert accumulated_sensitivity(J, v="uniform", layout=layout).v[0, 0] == pytest.approx(1 / 4)


def test_word_list_counts_occurrences_case_folded_and_all_subword_pieces():
    toks = [["The", "actress", "##es", "met", "she", "SHE"]]
    word_ids = [[0, 1, 1, 2, 3, 4]]
    layout = TextLayout(dim=1, mask=np.ones((1, 6), bool), tokens=toks, word_ids=word_ids)
    v, why = v_weights(VChoice.word_list({"actresses", "she"}), 1, 6, layout=layout)
    np.testing.assert_allclose(v[0], [0, 0.25, 0.25, 0, 0.25, 0.25])
    assert why[0] is None
    # Without word ids each piece is matched on its own ("##es" stripped to "es").
    plain = TextLayout(dim=1, mask=np.ones((1, 6), bool), tokens=toks)
    v2, _ = v_weights(VChoice.word_list({"actress"}), 1, 6, layout=plain)
    np.testing.assert_allclose(v2[0], [0, 1, 0, 0, 0, 0])


def test_undefined_cases_are_nan_with_reason():
    J = np.ones((2, 2, 4))
    layout = TextLayout(dim=2, mask=[[True, True], [True, False]], tokens=[["he", "ran"], ["ran", "he"]])
    r = accumulated_sensitivity(J, v=VChoice.word_list({"he"}), layout=layout)
    assert r.P[0] == pytest.approx(1.0) and np.isnan(r.P[1])
    assert list(r.reasons) == [None, "no_listed_tokens"]
    assert r.coverage == 0.5
    flat = accumulated_sensitivity(J, v="psm", layout=layout, psm_abs_jacobian=np.zeros((2, 2, 4)))
    assert np.all(np.isnan(flat.P)) and set(flat.reasons) == {"flat_psm"}
    zero_e = accumulated_sensitivity(J, v=VChoice.word_list_emb({"he"}), layout=layout,
                                     embeddings=np.zeros((2, 2, 2)))
    assert list(zero_e.reasons) == ["zero_embedding_weight", "no_listed_tokens"]
    empty = TextLayout(dim=2, mask=[[False, False], [True, True]])
    assert accumulated_sensitivity(J, layout=empty).reasons[0] == "no_tokens"


def test_all_zero_gradients_give_real_zero():
    r = accumulated_sensitivity(np.zeros((3, 2, 4)), v="mask", protected=1)
    assert np.all(r.P == 0) and all(x is None for x in r.reasons)


def test_embedding_weighting_uses_absolute_values():
    # Raw entries would give v = [0.25, -0.5, 0, ...] (sum -0.25): negative and unnormalised.
    J = np.ones((1, 1, 4))
    layout = TextLayout(dim=2, mask=[[True, False]], tokens=[["he", "x"]])
    r = accumulated_sensitivity(J, v=VChoice.word_list_emb({"he"}), layout=layout,
                                embeddings=np.array([[[0.5, -1.0], [0.0, 0.0]]]))
    np.testing.assert_allclose(r.v[0], [1 / 3, 2 / 3, 0, 0])
    assert r.P[0] > 0


def test_proxy_adjusted_matches_total_derivative_of_a_logistic_model():
    rng = np.random.default_rng(4)
    n = 2000
    x3 = rng.integers(0, 2, n).astype(float)
    x2 = 8 * x3 + rng.normal(0, 1, n)
    x1 = rng.normal(5, 1, n)
    X = np.stack([x1, x2, x3], axis=1)
    beta = proxy_betas(X, 2)
    assert beta[1] == pytest.approx(x2[x3 == 1].mean() - x2[x3 == 0].mean())
    assert beta[0] == pytest.approx(x1[x3 == 1].mean() - x1[x3 == 0].mean())
    a = np.array([0.3, -0.7, 0.0])  # the model ignores x3 but uses its proxy x2
    x = X[:5]
    sig = 1 / (1 + np.exp(-(x @ a)))
    dsig = sig * (1 - sig)
    jac = np.stack([-dsig[:, None] * a, dsig[:, None] * a], axis=1)
    plain = accumulated_sensitivity(np.abs(jac), v="mask", protected=2).P
    assert np.all(plain == 0)  # Theorem 1: unaware, so P = 0 on x3 ...
    adj = accumulated_sensitivity(proxy_adjusted_abs_jacobian(jac, beta, 2), v=VChoice.proxy_adjusted(2)).P
    np.testing.assert_allclose(adj, dsig * abs(a @ beta))  # ... but not through the proxy
    assert np.all(adj > 0.5 * dsig)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        (dict(w=[0.7, -0.3]), "non-negative"),
        (dict(w=[0.5, 0.6]), "sum to 1"),
        (dict(w=[1.0]), "K = 2"),
        (dict(v=[0.5, 0.5, 0.5]), "sum to 1"),
        (dict(v="mask", protected=[]), "at least one"),
        (dict(v="mask", protected=3), "out of range"),
        (dict(v="mask"), "protected"),
        (dict(v="psm"), "psm_abs_jacobian"),
        (dict(v="word_list"), "words"),
        (dict(v="nonsense"), "unknown v"),
        (dict(v="mask", protected="x9", feature_names=["x1", "x2", "x3"]), "not among"),
        # read by no choice: P was uniform, the masked feature silently dropped
        (dict(protected=[2]), r"protected=\[2\] is read only by the v choices 'mask' and 'proxy_adjusted'"),
        (dict(v=VChoice.mask([1]), protected=[2]), "v has neither"),
    ],
)
def test_bad_configuration_raises(kwargs, match):
    J = np.ones((1, 2, 3))
    with pytest.raises(ValueError, match=match):
        accumulated_sensitivity(J, **kwargs)


def test_w_with_an_already_reduced_sensitivity_is_refused_not_ignored():
    with pytest.raises(ValueError, match=r"sensitivity is already wᵀ\|J\|, so w would be ignored"):
        accumulated_sensitivity(sensitivity=np.ones((2, 3)), w=[0.5, 0.5])
    assert accumulated_sensitivity(sensitivity=np.ones((2, 3))).P.tolist() == [1.0, 1.0]


def test_bad_inputs_raise():
    with pytest.raises(ValueError, match="sum to 1"):
        VChoice.explicit([0.5, 0.6])
    with pytest.raises(ValueError, match="non-negative"):
        VChoice.explicit([1.5, -0.5])
    with pytest.raises(ValueError, match="empty"):
        VChoice.word_list([])
    with pytest.raises(ValueError, match="NaN"):
        accumulated_sensitivity(np.full((1, 2, 3), np.nan))
    with pytest.raises(ValueError, match="negative"):
        accumulated_sensitivity(-np.ones((1, 2, 3)))
    with pytest.raises(ValueError, match=r"\[n, K, F\]"):
        accumulated_sensitivity(np.ones((2, 3)))
    with pytest.raises(ValueError, match="T·D"):
        accumulated_sensitivity(np.ones((1, 2, 6)), layout=TextLayout(dim=2, mask=[[True, True]]))
    with pytest.raises(ValueError, match="tokens"):
        accumulated_sensitivity(np.ones((1, 2, 4)), v=VChoice.word_list({"he"}),
                                layout=TextLayout(dim=2, mask=[[True, True]]))
    with pytest.raises(ValueError, match="psm_abs_jacobian has shape"):
        accumulated_sensitivity(np.ones((1, 2, 3)), v="psm", psm_abs_jacobian=np.ones((1, 2, 4)))
    with pytest.raises(ValueError, match="not both"):
        accumulated_sensitivity(np.ones((1, 2, 3)), sensitivity=np.ones((1, 3)))


def test_logits_are_detected():
    check_probabilities([[0.1, 0.9], [0.5, 0.5]])
    check_probabilities([[0.3, 0.9]], output="sigmoid")  # multi-label scores need not sum to 1
    with pytest.raises(ValueError, match="logits"):
        check_probabilities([[2.0, -1.0]])
    with pytest.raises(ValueError, match=r"model's output has a probability row that sums to 1\.2, not 1 \+- 0\.0001 "
                                         r"\(row 1\); pass softmax probabilities"):
        check_probabilities([[0.5, 0.5], [0.3, 0.9]])


@pytest.mark.parametrize(
    "args, kwargs, match",
    [
        ((np.where(np.eye(3)[None, :2] > 0, np.inf, 0.1),), {}, "abs_jacobian has non-finite"),
        ((), dict(sensitivity=[[np.inf, 0.0, 0.0]]), "sensitivity has non-finite"),
        ((), dict(sensitivity=[["1", "0", "0"]]), "sensitivity must be an array of numbers"),
        ((np.ones((1, 2, 3)).astype(str),), {}, "abs_jacobian must be an array of numbers"),
        ((np.ones((1, 2, 3)).astype(object),), {}, "abs_jacobian must be an array of numbers"),
        ((np.zeros((3, 0, 3)),), {}, "abs_jacobian must have at least one class"),
        ((np.ones((1, 2, 3)),), dict(v="psm_emb", psm_abs_jacobian=np.ones((1, 2, 3)), embeddings=np.full((1, 3), np.inf)),
         "embeddings has non-finite"),
        ((np.ones((1, 2, 3)),), dict(v="psm_emb", psm_abs_jacobian=np.ones((1, 2, 3)), embeddings=np.full((1, 3), np.nan)),
         "embeddings has non-finite"),
        ((np.ones((1, 2, 3)),), dict(v="psm_emb", psm_abs_jacobian=np.ones((1, 2, 3)), embeddings=1.0),
         r"embeddings must be \[n, T, D\]"),
        ((np.ones((1, 2, 3)),), dict(v="mask", protected=[1.9]), "protected feature index must be an integer, got 1.9"),
        ((np.ones((1, 2, 3)),), dict(feature_names=["a", "a", "c"]), "feature_names has duplicate"),
    ],
)
def test_non_finite_or_non_numeric_inputs_raise_value_errors_naming_them(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        accumulated_sensitivity(*args, **kwargs)


def test_reduce_sensitivity_with_no_classes_is_a_value_error():
    with pytest.raises(ValueError, match="at least one class"):
        reduce_sensitivity(np.zeros((1, 0, 2)))


@pytest.mark.parametrize("protected", [1.5, True, np.array([2]), "1", -1, 3])
def test_proxy_helpers_take_one_integer_column(protected):
    x = np.array([[0.0, 1.0, 0.0], [2.0, 5.0, 1.0], [1.0, 1.0, 1.0]])
    with pytest.raises(ValueError, match="protected must be an integer from 0 to 2"):
        proxy_betas(x, protected)
    with pytest.raises(ValueError, match="protected must be an integer from 0 to 2"):
        proxy_adjusted_abs_jacobian(np.ones((1, 2, 3)), np.zeros(3), protected)


def test_proxy_helpers_reject_non_finite_data_and_betas():
    x = np.array([[0.0, 1.0, 0.0], [2.0, np.nan, 1.0], [1.0, 1.0, 1.0]])
    with pytest.raises(ValueError, match="x has non-finite"):
        proxy_betas(x, 2)
    for betas in ([np.nan, 0, 0], [np.inf, 0, 0]):
        with pytest.raises(ValueError, match="betas has non-finite"):
            proxy_adjusted_abs_jacobian(np.ones((1, 2, 3)), np.array(betas), 1)
    with pytest.raises(ValueError, match="jacobian has non-finite"):
        proxy_adjusted_abs_jacobian(np.full((1, 2, 3), np.inf), np.zeros(3), 1)


@pytest.mark.parametrize(
    "make, match",
    [
        (lambda: VChoice.mask([1.9]), "protected feature index must be an integer, got 1.9"),
        (lambda: VChoice.mask([True]), r"protected holds booleans, as a mask over the features does; give .* \[0\]"),
        (lambda: VChoice.proxy_adjusted(1.7), "needs a feature index; got 1.7"),
        (lambda: VChoice.explicit(["0.5", "0.5"]), "v must be an array of numbers"),
        (lambda: TextLayout(dim=1.5, mask=[[1, 1]]), "dim must be a positive integer, got 1.5"),
        (lambda: TextLayout(dim="3", mask=[[1, 1]]), "dim must be a positive integer, got '3'"),
        (lambda: TextLayout(dim=1, mask=[[np.nan, 0.0]]), "mask has non-finite"),
        (lambda: TextLayout(dim=1, mask=[["no", "no"]]), "mask must be booleans or 0/1 numbers"),
        (lambda: TextLayout(dim=1, mask=[[2, 0]]), "mask must be booleans or 0/1 numbers; got 2.0"),
        # a float was truncated to another word (0.5 to word 0), a string failed inside int()
        (lambda: TextLayout(dim=1, mask=[[1, 1]], word_ids=[[0, 0.5]]),
         r"word_ids must be integers \(-1 for a token of no word\), got 0.5"),
        (lambda: TextLayout(dim=1, mask=[[1, 1]], word_ids=0.5), r"word_ids must be integers .*, got 0.5"),
        (lambda: TextLayout(dim=1, mask=[[1, 1]], word_ids=[["0", "1"]]), r"word_ids must be integers .*, got '0'"),
        (lambda: TextLayout(dim=1, mask=[[1, 1]], word_ids=[[0, None]]), r"word_ids must be integers .*, got None"),
        (lambda: TextLayout(dim=1, mask=[[1, 1]], word_ids=[[True, False]]), r"word_ids must be integers .*, got True"),
        (lambda: TextLayout(dim=1, mask=[[1, 1]], word_ids=[[0, -2]]), r"word_ids must be word indices >= 0, or -1"),
        (lambda: check_probabilities([[0.2, 0.9]], tol=float("nan")), "tol must be a finite number >= 0, got nan"),
    ],
)
def test_arguments_are_not_truncated_or_coerced(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_word_ids_without_tokens_are_refused():
    with pytest.raises(ValueError, match="^word_ids group tokens into words, so they are read only with tokens"):
        TextLayout(dim=1, mask=[[1, 1]], word_ids=[[0, -1]])  # listed() read them only with tokens


def test_integer_and_boolean_masks_are_still_accepted():
    assert TextLayout(dim=2, mask=[[1, 0]]).mask.tolist() == [[True, False]]
    assert TextLayout(dim=np.int64(2), mask=[[True, False]]).dim == 2
    assert TextLayout(dim=1, mask=[[1, 1]], tokens=[["he", "."]],
                      word_ids=np.array([[0, -1]], dtype=object)).word_ids.dtype == np.int64


@pytest.mark.parametrize("words, match", [(None, "iterable of words, got None"), ("he", "not one string"),
                                          ([" "], "word list is empty")])
def test_a_word_list_that_is_not_words_is_named(words, match):
    with pytest.raises(ValueError, match=match):  # None was a TypeError
        VChoice.word_list(words)


@pytest.mark.parametrize("make, match", [
    # each was a TypeError ("'NoneType' object is not iterable") once P was computed
    (lambda: VChoice("mask"), r"^VChoice\('mask'\) needs its protected feature indices: use VChoice.mask\(\[...\]\)$"),
    (lambda: VChoice("proxy_adjusted"), r"needs its protected feature index: use VChoice.proxy_adjusted\(i\)$"),
    (lambda: VChoice("word_list"), r"^VChoice\('word_list'\) needs its words: use VChoice.word_list\(\[...\]\)$"),
    (lambda: VChoice("word_list_emb"), r"needs its words: use VChoice.word_list_emb\(\[...\]\)$"),
    (lambda: VChoice("explicit"), r"needs its weights: use VChoice.explicit\(v\)$"),
    (lambda: VChoice("uniform", indices=(2,)), r"^VChoice\('uniform'\) takes no indices$"),
    (lambda: VChoice("mask", words=frozenset({"he"}), indices=(1,)), r"^VChoice\('mask'\) takes no words$"),
    (lambda: VChoice("mask", indices=(1.5,)), "protected feature index must be an integer, got 1.5"),
    (lambda: VChoice("proxy_adjusted", indices=(1, 2)), "adjusts for one protected feature"),
    (lambda: VChoice("word_list", words=frozenset()), "word list is empty"),
    (lambda: VChoice("explicit", weights=np.array([0.5, 0.6])), "v must sum to 1"),
])
def test_the_constructor_checks_what_the_class_methods_check(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_a_choice_from_the_constructor_equals_the_class_methods():
    assert VChoice("mask", indices=(3, 1)) == VChoice.mask([1, 3])
    assert VChoice("word_list", words=frozenset({"He"})) == VChoice.word_list(["he"])  # folded: "He" never matched
    assert VChoice("proxy_adjusted", indices=(2,)) == VChoice.proxy_adjusted(2)
    lay = TextLayout(dim=1, mask=[[True, True]], tokens=[["She", "ran"]])
    r = accumulated_sensitivity(np.full((1, 2, 2), 0.5), v=VChoice("word_list", words=frozenset({"She"})), layout=lay)
    assert r.v.tolist() == [[1.0, 0.0]]


@pytest.mark.parametrize("protected", [None, [2]])
def test_a_list_of_v_choices_where_one_is_taken_is_named_so(protected):
    # with protected: "v has neither" although v held both; without: "v must be an array of numbers"
    J = np.abs(np.random.default_rng(0).normal(size=(5, 2, 3)))
    with pytest.raises(ValueError, match=r"^v takes one choice here .* got several: 'mask', 'proxy_adjusted'; call it "
                                         r"once per choice"):
        accumulated_sensitivity(J, v=["mask", "proxy_adjusted"], protected=protected)
    assert accumulated_sensitivity(J, v=[0.2, 0.3, 0.5]).P.shape == (5,)  # weights as a list stay weights


@pytest.mark.parametrize("protected, message", [
    ([0, 0, 1, 0, 0, 0], r"^protected repeats a feature index: \[0, 0, 1, 0, 0, 0\]; give each protected feature's "
                         r"index once \(\[2\], if it is a 0/1 indicator over the features\)$"),
    (np.array([False, False, True]), r"^protected holds booleans, as a mask over the features does; give the "
                                     r"protected features' indices: \[2\]"),
    ([3, 3], r"^protected repeats a feature index: \[3, 3\]; give each protected feature's index once$"),
])
def test_a_protected_indicator_or_mask_is_not_read_as_indices(protected, message):
    # a 0/1 indicator was read as the indices {0, 1}: P of features 0 and 1, silently
    with pytest.raises(ValueError, match=message):
        VChoice.mask(protected)
    assert VChoice.mask([2, 1]).indices == (1, 2)
