"""prediction_sensitivity's parse, plan and assemble steps: NumPy only, usable by any framework's compute step."""

import subprocess
import sys

import numpy as np
import pytest

from tb_bias_plugin.measures.sensitivity import VChoice, accumulated_sensitivity
from tb_bias_plugin.measures.sensitivity.assemble import BatchGradients, batch_result, concatenate, forward_gradients
from tb_bias_plugin.measures.sensitivity.gradients import prediction_sensitivity
from tb_bias_plugin.measures.sensitivity.plan import (
    batch_weights,
    check_logged_inputs,
    parse_request,
    plan_outputs,
    plan_sensitivity,
)


def never_called(*args, **kwargs):
    raise AssertionError("parse and plan must not run the model")


X = np.random.default_rng(0).normal(size=(7, 5)).astype(np.float32)
WORDS = VChoice.word_list(["a"])
TOKENS = [["a", "b", "c", "d", "e"]] * 7  # X's 5 columns read as token ids


def test_parse_plan_and_assemble_import_no_framework():
    code = (
        "import sys\n"
        "import numpy as np\n"
        "from tb_bias_plugin.measures.sensitivity import assemble, plan\n"
        "r = plan.parse_request(lambda x: x, np.ones((3, 2)), v='mask', protected=1)\n"
        "plan.plan_sensitivity(r)\n"
        "assert not {'tensorflow', 'torch', 'jax'} & set(sys.modules), 'a framework was imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("kwargs, match", [
    (dict(v="uniform", mode="forward"), "forward mode"),
    (dict(v="mask", protected=9), "out of range"),
    (dict(v="mask", protected="nope", feature_names=list("abcde")), "not among"),
    (dict(v="mask", protected=1, embedding_layer="emb", tokens=np.zeros((7, 3))), "tabular"),
    (dict(v="psm"), "psm_model"),
    (dict(v=VChoice.word_list({"he"})), "tokens"),
    (dict(w=[0.7, 0.7]), "sum to 1"),
    (dict(output="logits"), "output"),
    (dict(mode="sideways"), "mode"),
    (dict(batch_size=0), "batch_size"),
    (dict(mask=np.ones((6, 3), bool), embedding_layer="emb"), "mask has 6 rows"),
    (dict(v=VChoice.explicit(np.full((6, 5), 0.2))), "6 rows; x has 7"),
    (dict(per_feature="no"), "per_feature must be True or False, got 'no'"),  # was read as True
])
def test_bad_arguments_are_refused_before_the_model_runs(kwargs, match):
    with pytest.raises(ValueError, match=match):
        parse_request(never_called, X, **kwargs)


@pytest.mark.parametrize("kwargs, match", [
    # an IndexError from the row count
    (dict(mask=True), r"mask must be \[n, T\], a row of T >= 1 booleans per example .*; got shape \(\)"),
    (dict(tokens="abc"), r"tokens must be \[n, T\], a row of T token strings per example, not a single string"),
    # read as True by np.asarray(mask, dtype=bool), which TextLayout refuses
    (dict(mask=np.full((7, 3), 2)), "mask must be booleans or 0/1 numbers; got 2.0"),
    (dict(mask=np.full((7, 3), "no")), "mask must be booleans or 0/1 numbers; got an array of <U2"),
    (dict(tokens=[["a", None, "c"]] * 7), r"tokens\[0, 1\] must be a string \(or UTF-8 bytes\), got None"),
    (dict(mask=np.ones((7, 3), bool), tokens=[["a", "b"]] * 7), r"tokens has shape \(7, 2\) but mask has \(7, 3\)"),
    (dict(v=WORDS, tokens=TOKENS, word_ids=np.full((7, 5), 0.5)),
     r"word_ids must be integers \(-1 for a token of no word\), got 0.5"),
    (dict(v=WORDS, tokens=TOKENS, word_ids=np.zeros((7, 5))),  # read as if -1 were wrong
     r"^word_ids must be integers, not floats \(got 0.0\): pass them as integers$"),
    (dict(v=WORDS, tokens=TOKENS, word_ids=[[0.0, 1e30, 1.0, 1.0, 1.0]] * 7),  # a cast would wrap it
     r"^word_ids must be word indices from 0 to 2\*\*63 - 1, or -1 for a token of no word; got 1e\+30$"),
    (dict(v=WORDS, tokens=TOKENS, word_ids=[[0, 2**64, 1, 1, 1]] * 7),  # an OverflowError
     r"^word_ids must be word indices from 0 to 2\*\*63 - 1, or -1 for a token of no word; got 18446744073709551616$"),
    (dict(v=WORDS, tokens=TOKENS, word_ids=np.full((7, 5), 2**63, np.uint64)),  # wrapped to -2**63
     r"^word_ids must be word indices from 0 to 2\*\*63 - 1, or -1 for a token of no word; got 9223372036854775808$"),
])
def test_per_token_arguments_are_refused_by_their_rule_before_the_model_runs(kwargs, match):
    with pytest.raises(ValueError, match=match):
        parse_request(never_called, X, embedding_layer="emb", **kwargs)


@pytest.mark.parametrize("kwargs, match", [
    (dict(mask=np.ones(3, bool)), r"mask must be \[n, T\], .*; got shape \(3,\)"),  # an IndexError
    (dict(mask=np.ones((4, 0), bool)), r"mask must be \[n, T\], a row of T >= 1 .*; got shape \(4, 0\)"),  # 1/0
    (dict(tokens="abc"), r"tokens must be \[n, T\]"),
    (dict(mask=np.full((4, 3), 2)), "mask must be booleans or 0/1 numbers; got 2.0"),
])
def test_per_token_arguments_of_a_precomputed_jacobian_are_checked(kwargs, match):
    with pytest.raises(ValueError, match=match):
        prediction_sensitivity(abs_jacobian=np.full((4, 2, 6), 0.1), **kwargs)


@pytest.mark.parametrize("kwargs, match", [
    (dict(output="relu"), r"output must be one of \('auto', 'softmax', 'sigmoid'\); got 'relu'"),  # as with a model
    (dict(model=never_called), "^model is for the model path: with abs_jacobian no model runs, so it would be "
                               "ignored; drop it, or pass a model and x instead of abs_jacobian$"),
    (dict(model=never_called, x=np.ones((4, 3))), "^model, x are for the model path"),
    (dict(per_feature=False), "^per_feature=False is for the model path"),
    (dict(per_feature="no"), "per_feature must be True or False, got 'no'"),
    (dict(proxy_reference=np.ones((4, 3))), "^proxy_reference is for the model path"),
    (dict(embedding_layer="emb", psm_model=never_called, psm_embedding_layer="emb"),
     "^embedding_layer, psm_model, psm_embedding_layer are for the model path"),
    # each was ignored
    (dict(mode="forward"), "^mode='forward' is for the model path"),
    (dict(output="sigmoid", batch_size=3), "^output='sigmoid', batch_size=3 are for the model path"),
    (dict(v=VChoice.word_list(["a"]), mask=np.ones((4, 3), bool), word_ids=np.zeros((4, 3), int)),
     "^word_ids group tokens into words, so they are read only with tokens"),
])
def test_a_precomputed_jacobian_refuses_what_only_a_model_run_reads(kwargs, match):
    with pytest.raises(ValueError, match=match):
        prediction_sensitivity(abs_jacobian=np.full((4, 2, 3), 0.1), **kwargs)
    # the defaults, said aloud, are not refused
    prediction_sensitivity(abs_jacobian=np.full((4, 2, 3), 0.1), output="auto", mode="auto", batch_size=256,
                           per_feature=True)


def test_one_set_of_inputs_serves_every_choice_each_reading_its_own():
    """The inputs a choice does not read are ignored (documented): the loggers pass one set to every choice."""
    rng = np.random.default_rng(3)
    j = rng.uniform(0.01, 1, size=(4, 2, 6))
    given = dict(word_ids=[[0, 0, 1]] * 4, embeddings=rng.uniform(0.1, 1, size=(4, 6)),
                 psm_abs_jacobian=rng.uniform(0.01, 1, size=(4, 2, 6)))
    reads = [("uniform", ()), (VChoice.word_list(["her"]), ("word_ids",)), ("psm", ("psm_abs_jacobian",)),
             ("psm_emb", ("psm_abs_jacobian", "embeddings"))]
    tokens = [["he", "##r", "cat"]] * 4
    for v, read in reads:
        own = {name: given[name] for name in read}
        np.testing.assert_array_equal(prediction_sensitivity(abs_jacobian=j, v=v, tokens=tokens, **given).P,
                                      prediction_sensitivity(abs_jacobian=j, v=v, tokens=tokens, **own).P)


def test_a_model_run_refuses_embeddings_it_would_not_read():
    with pytest.raises(ValueError, match="^embeddings is for precomputed abs_jacobian"):
        prediction_sensitivity(never_called, X, embeddings=np.ones((7, 5)))


@pytest.mark.parametrize("groups", [5, np.int64(5), np.array("a")])
def test_the_loggers_refuse_a_scalar_where_a_row_per_example_goes(groups):
    # the Keras callback and the PyTorch helper: a TypeError from len()
    with pytest.raises(ValueError, match=r"^groups must have one entry per row of x_val; got \w+ "):
        check_logged_inputs((7, 5), text=False, v="uniform", protected=None, feature_names=None,
                            per_example={"groups": groups}, psm_model=None, w=None, output="auto", x_name="x_val")


def test_plan_batches_and_mode_choice():
    request = parse_request(never_called, X, v="mask", protected=[1, 3], batch_size=3, feature_names=list("abcde"))
    plan = plan_sensitivity(request)
    assert [(s.start, s.stop) for s in plan.batches] == [(0, 3), (3, 6), (6, 7)]
    assert plan.fixed_v and plan.sparse_v and not plan.force_forward
    # two protected features: forward mode (2 tangents) beats 5 backward passes, not 1
    k5 = plan_outputs(np.full((3, 5), 0.2), None, "auto")
    k2 = plan_outputs(np.full((3, 2), 0.5), None, "auto")
    assert (k5.reverse_cost, k2.reverse_cost) == (5, 1) and k2.shortcut
    assert plan.use_forward(2, k5.reverse_cost) and not plan.use_forward(2, k2.reverse_cost)
    reverse = plan_sensitivity(parse_request(never_called, X, v="mask", protected=1, mode="reverse"))
    assert not reverse.sparse_v and not reverse.use_forward(1, 5)
    with pytest.raises(ValueError, match="logits"):
        plan_outputs(np.array([[-1.0, 2.0]]), None, "auto")


def test_forward_mode_reduction_equals_the_numpy_core():
    # Forward mode sees only the columns of |J| that v touches; P, per_class, s there and u must be the core's.
    rng = np.random.default_rng(1)
    b, k, t, d = 4, 3, 5, 2
    jac = np.abs(rng.normal(size=(b, k, t * d)))
    ids = np.array([["w1", "he", "w2", "she", "w3"]] * b, dtype=object)
    mask = np.ones((b, t), bool)
    mask[0, 3] = False  # "she" is padding in example 0
    choice = VChoice.word_list({"he", "she"})
    request = parse_request(never_called, np.zeros((b, t)), v=choice, embedding_layer="emb", tokens=ids, mask=mask,
                            mode="forward")
    plan = plan_sensitivity(request)
    outputs = plan_outputs(np.full((b, k), 1 / k), None, "auto")
    layout = request.text_inputs.layout(slice(0, b), b, (t, d), None)
    weights = batch_weights(request, plan, outputs, slice(0, b), t * d, layout=layout)
    assert weights.forward and weights.support.shape == (b, 2 * d)
    columns = np.take_along_axis(jac, np.maximum(weights.support, 0)[:, None, :], axis=2)
    grads = forward_gradients(np.full((b, k), 1 / k), columns, weights.support, weights.v0, outputs.w, t * d, layout,
                              per_feature=True)
    got = batch_result(request, outputs, weights, grads, layout, (t, d), None, 0)
    want = accumulated_sensitivity(jac, v=choice, layout=layout)
    np.testing.assert_allclose(got.P, want.P, rtol=1e-12)
    np.testing.assert_allclose(got.per_class, want.per_class, rtol=1e-12)
    on = ~np.isnan(got.s)
    np.testing.assert_allclose(got.s[on], want.s[on], rtol=1e-12)
    assert on.sum() == 2 * d * b - d  # "he" everywhere, "she" but in example 0
    np.testing.assert_allclose(got.token_sensitivity[:, 1], want.token_sensitivity[:, 1], rtol=1e-12)
    assert np.isnan(got.token_sensitivity[:, 0]).all()
    both = concatenate([got, got], choice, text=True)
    assert both.P.shape == (2 * b,) and both.token_mask.shape == (2 * b, t)


def test_nan_gradients_and_mixed_token_lengths_are_refused():
    request = parse_request(never_called, X, v="uniform")
    plan = plan_sensitivity(request)
    outputs = plan_outputs(np.full((7, 2), 0.5), None, "auto")
    weights = batch_weights(request, plan, outputs, slice(0, 7), 5)
    bad = BatchGradients(probs=np.full((7, 2), 0.5), per_class=np.zeros((7, 2)), has_nan=True, s=np.zeros((7, 5)))
    with pytest.raises(ValueError, match="NaN gradients in examples 0..6"):
        batch_result(request, outputs, weights, bad, None, (0, 0), None, 0)


def test_token_ids_before_an_embedding_layer_are_two_dimensional():
    from tb_bias_plugin.measures.sensitivity.plan import is_text

    # a review: a 1-D x_val with embedding_layer= was taken, and the embedding's D read as T tokens
    with pytest.raises(ValueError, match=r"x_val must be \[n, T\] token ids with embedding_layer=; got shape \(10,\)"):
        is_text((10,), "emb", "x_val")
    assert is_text((10, 5), "emb") and is_text((10, 5, 3), None) and not is_text((10, 5), None)
