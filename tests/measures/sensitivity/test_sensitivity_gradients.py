"""TensorFlow gradient helper: real Keras models against the documented oracles."""

import numpy as np
import pytest

tf = pytest.importorskip("tensorflow")
keras = pytest.importorskip("keras")

import sensitivity_oracles as oracle  # noqa: E402

from tb_bias_plugin.measures.sensitivity import VChoice, prediction_sensitivity  # noqa: E402

tf.random.set_seed(0)
keras.utils.set_random_seed(0)

A_TAB = oracle.A_TAB
X_TAB = oracle.X_TAB.astype(np.float32)


def logistic_two_class(a=A_TAB, b=oracle.B_TAB):
    """f = [1 - σ(z), σ(z)] as a Keras model: a softmax over logits [0, z] is exactly that."""
    inp = keras.Input((len(a),))
    z = keras.layers.Dense(1, name="z")(inp)
    logits = keras.layers.Concatenate()([keras.ops.zeros_like(z), z])
    model = keras.Model(inp, keras.layers.Softmax()(logits))
    model.get_layer("z").set_weights([np.asarray(a, np.float32)[:, None], np.array([b], np.float32)])
    return model


def test_a_call_inside_tf_function_is_refused_as_the_summary_ops_are():
    # NumPy met the symbolic input: TensorFlow's NotImplementedError "Cannot convert a symbolic tf.Tensor"
    model = logistic_two_class()

    @tf.function
    def p(x):
        return prediction_sensitivity(model, x).P

    # autograph puts "in user code:" and the trace before the message
    with pytest.raises(ValueError, match=r"\n    ValueError: prediction_sensitivity .* needs eager execution: call it "
                                         r"outside tf\.function\n$"):
        p(X_TAB)
    assert prediction_sensitivity(model, X_TAB).P[0] > 0  # eagerly, as before


def test_tabular_oracle_from_keras_model():
    model = logistic_two_class()
    np.testing.assert_allclose(model(X_TAB).numpy()[0, 1], 0.562177, atol=1e-6)
    r = prediction_sensitivity(model, X_TAB, v="mask", protected=[2])
    assert r.P[0] == pytest.approx(oracle.TABULAR_MASK_2, abs=1e-6)
    np.testing.assert_allclose(r.per_class[0], [oracle.TABULAR_MASK_2] * 2, atol=1e-6)
    assert prediction_sensitivity(model, X_TAB, v="mask", protected=[1, 2]).P[0] == pytest.approx(
        oracle.TABULAR_MASK_12, abs=1e-6)
    u = prediction_sensitivity(model, X_TAB, v="uniform", mode="reverse")
    assert u.P[0] == pytest.approx(oracle.TABULAR_UNIFORM, abs=1e-6)
    np.testing.assert_allclose(u.s[0], oracle.TABULAR_UNIFORM_S, atol=1e-6)


def test_single_backward_pass_of_wTf_is_zero_but_ours_is_not():
    model = logistic_two_class()
    x = tf.constant(X_TAB)
    with tf.GradientTape() as tape:
        tape.watch(x)
        wf = tf.reduce_sum(model(x) * 0.5, axis=1)  # wᵀf with uniform w
    wrong = tape.gradient(wf, x).numpy()
    np.testing.assert_allclose(wrong, 0.0, atol=1e-7)
    ours = prediction_sensitivity(model, X_TAB, v="uniform")
    assert ours.P[0] == pytest.approx(0.287156, abs=1e-6)
    assert np.all(ours.s > 0.1)


def mlp(n_in=4, k=5, seed=0, ignore=None):
    keras.utils.set_random_seed(seed)
    inp = keras.Input((n_in,))
    h = inp
    if ignore is not None:
        keep = [i for i in range(n_in) if i != ignore]
        h = keras.layers.Lambda(lambda t: tf.gather(t, keep, axis=1))(h)
    h = keras.layers.Dense(8, activation="tanh")(h)
    return keras.Model(inp, keras.layers.Dense(k, activation="softmax")(h))


def test_theorem_1_model_ignoring_the_protected_feature_has_P_zero():
    model = mlp(ignore=1)
    x = np.random.default_rng(0).normal(size=(20, 4)).astype(np.float32)
    for mode in ("reverse", "forward"):
        r = prediction_sensitivity(model, x, v="mask", protected=1, mode=mode)
        assert np.all(r.P == 0)
    assert np.all(prediction_sensitivity(model, x, v="uniform").P > 0)


def test_P_never_exceeds_the_lipschitz_bound():
    # Logistic, D = d = L1: L = ‖a‖_∞ / 2 = 1.
    model = logistic_two_class()
    x = np.random.default_rng(1).normal(scale=3, size=(2000, 3)).astype(np.float32)
    P = prediction_sensitivity(model, x, v="mask", protected=1, batch_size=1000).P
    assert np.all(P <= 1.0) and P.max() == pytest.approx(0.5, abs=1e-3)


def test_agrees_with_central_finite_differences():
    model = mlp(n_in=5, k=4, seed=2)
    weights = [np.asarray(wt, np.float64) for wt in model.get_weights()]

    def f64(x):
        h = np.tanh(x @ weights[0] + weights[1])
        z = h @ weights[2] + weights[3]
        e = np.exp(z - z.max())
        return e / e.sum()

    x = np.random.default_rng(2).normal(size=(6, 5))
    w = np.array([0.1, 0.2, 0.3, 0.4])
    r = prediction_sensitivity(model, x.astype(np.float32), v="uniform", w=w)
    for i in range(6):
        cols = []
        for j in range(5):
            d = np.zeros(5)
            d[j] = 1e-6
            cols.append((f64(x[i] + d) - f64(x[i] - d)) / 2e-6)
        s_fd = w @ np.abs(np.stack(cols, axis=1))
        np.testing.assert_allclose(r.s[i], s_fd, rtol=1e-4, atol=1e-7)
        assert r.P[i] == pytest.approx(s_fd.mean(), rel=1e-4)


def test_forward_mode_equals_reverse_mode():
    model = mlp(n_in=6, k=5, seed=3)
    x = np.random.default_rng(3).normal(size=(30, 6)).astype(np.float32)
    w = np.array([0.3, 0.1, 0.2, 0.25, 0.15])
    fwd = prediction_sensitivity(model, x, v="mask", protected=[0, 4], w=w, mode="forward", batch_size=16)
    rev = prediction_sensitivity(model, x, v="mask", protected=[0, 4], w=w, mode="reverse", batch_size=16)
    np.testing.assert_allclose(fwd.P, rev.P, rtol=1e-5)
    np.testing.assert_allclose(fwd.s[:, [0, 4]], rev.s[:, [0, 4]], rtol=1e-5)
    assert np.all(np.isnan(fwd.s[:, [1, 2, 3, 5]]))


# Text oracle (tests/sensitivity_oracles.py), in the models' float32.
E, W, A = (oracle.E.astype(np.float32), oracle.W.astype(np.float32), oracle.A.astype(np.float32))


def text_model(readout, tanh=True):
    inp = keras.Input((None,), dtype="int32")
    emb = keras.layers.Embedding(3, 2, name="emb")
    h = emb(inp)
    if tanh:
        h = keras.layers.Activation("tanh")(h)
    pooled = keras.layers.GlobalAveragePooling1D()(h)
    dense = keras.layers.Dense(readout.shape[0], use_bias=False, activation="softmax")
    model = keras.Model(inp, dense(pooled))
    emb.set_weights([E])
    dense.set_weights([readout.T])
    return model


@pytest.fixture(scope="module")
def text_models():
    return text_model(W), text_model(A, tanh=False)


def test_text_oracle_from_keras_models(text_models):
    f, g = text_models
    ids = oracle.TEXT_IDS
    np.testing.assert_allclose(f(ids).numpy()[0], oracle.TEXT_F, atol=1e-6)
    common = dict(embedding_layer="emb", tokens=oracle.TEXT_TOKENS)
    for v, value in oracle.TEXT_P.items():
        r = prediction_sensitivity(f, ids, v=v, psm_model=g, **common)
        assert r.P[0] == pytest.approx(value, abs=1e-6), v
    r = prediction_sensitivity(f, ids, v="uniform", **common)
    np.testing.assert_allclose(r.token_sensitivity[0], oracle.TEXT_TOKEN_SENSITIVITY, atol=1e-6)


def test_text_forward_and_reverse_agree_and_padding_gets_no_weight():
    keras.utils.set_random_seed(4)
    inp = keras.Input((6,), dtype="int32")
    h = keras.layers.Embedding(20, 4, mask_zero=True, name="emb")(inp)
    h = keras.layers.GlobalAveragePooling1D()(h)
    model = keras.Model(inp, keras.layers.Dense(7, activation="softmax")(h))
    rng = np.random.default_rng(4)
    ids = rng.integers(1, 20, size=(12, 6))
    ids[:, 4:] = 0  # padding
    vocab = np.array([f"w{i}" for i in range(20)], dtype=object)
    tokens = vocab[ids]
    listed = VChoice.word_list({"w3", "w7", "w11"})
    kw = dict(embedding_layer="emb", tokens=tokens, batch_size=5)
    fwd = prediction_sensitivity(model, ids, v=listed, mode="forward", **kw)
    rev = prediction_sensitivity(model, ids, v=listed, mode="reverse", **kw)
    np.testing.assert_allclose(fwd.P, rev.P, rtol=1e-5, equal_nan=True)
    assert list(fwd.reasons) == list(rev.reasons)
    uni = prediction_sensitivity(model, ids, v="uniform", **kw)
    assert np.all(uni.token_weight[:, 4:] == 0)
    np.testing.assert_allclose(uni.token_weight[:, :4].sum(axis=1), 1.0)
    assert np.all(uni.s.reshape(12, 6, 4)[:, 4:] == 0)  # the Keras mask reaches the pooling


def test_explicit_v_with_one_row_per_example_spans_batches():
    model = mlp(n_in=4, k=3, seed=7)
    x = np.random.default_rng(7).normal(size=(10, 4)).astype(np.float32)
    v = np.random.default_rng(8).dirichlet(np.ones(4), size=10)
    whole = prediction_sensitivity(model, x, v=VChoice.explicit(v), batch_size=10)
    batched = prediction_sensitivity(model, x, v=VChoice.explicit(v), batch_size=3)
    np.testing.assert_allclose(batched.P, whole.P, rtol=1e-6)  # float32 gradients, other batch shapes
    np.testing.assert_allclose(batched.v, v, rtol=0)
    with pytest.raises(ValueError, match="9 rows; x has 10"):
        prediction_sensitivity(model, x, v=VChoice.explicit(v[:9]))


def test_precomputed_jacobian_from_another_framework():
    row = [0.246134, 0.492268, 0.123067]
    r = prediction_sensitivity(abs_jacobian=np.array([[row, row]]), v="mask", protected=2)
    assert r.P[0] == pytest.approx(0.123067)


def nan_grad_model():
    inp = keras.Input((1,))
    z = keras.layers.Lambda(lambda t: tf.sqrt(tf.square(t)))(inp)  # gradient 0/0 at t = 0
    logits = keras.layers.Concatenate()([z, keras.ops.zeros_like(z)])
    return keras.Model(inp, keras.layers.Softmax()(logits))


def test_bad_inputs_raise_before_work():
    model = logistic_two_class()
    logits_model = keras.Model(model.input, model.get_layer("z").output * keras.ops.ones((1, 2)))
    cases = [
        (dict(model=model, x=X_TAB, w=[0.6, 0.6]), "sum to 1"),
        (dict(model=model, x=X_TAB, w=[1.2, -0.2]), "non-negative"),
        (dict(model=model, x=X_TAB, w=[1.0]), "K = 2"),
        (dict(model=model, x=X_TAB, v="mask", protected=[]), "at least one"),
        (dict(model=model, x=X_TAB, v="mask", protected=7), "out of range"),
        (dict(model=model, x=X_TAB, v=[0.5, 0.5]), "sum to 1|shape"),
        (dict(model=model, x=X_TAB, v="uniform", mode="forward"), "forward mode"),
        (dict(model=logits_model, x=X_TAB), "logits"),
        (dict(model=model, x=X_TAB[0]), r"\[n, F\]"),
        (dict(model=model, x=X_TAB, v="psm"), "psm_model"),
        (dict(model=nan_grad_model(), x=np.zeros((2, 1), np.float32)), "NaN gradients"),
        (dict(model=model), "model and its input"),
    ]
    for kwargs, match in cases:
        with pytest.raises(ValueError, match=match):
            prediction_sensitivity(**kwargs)
    with pytest.raises(ValueError, match="empty"):
        VChoice.word_list([])


def _text_classifier(seed=5, k=4):
    keras.utils.set_random_seed(seed)
    inp = keras.Input((6,), dtype="int32")
    h = keras.layers.Embedding(20, 3, mask_zero=True, name="emb")(inp)
    h = keras.layers.GlobalAveragePooling1D()(h)
    h = keras.layers.Dense(8, activation="tanh")(h)
    return keras.Model(inp, keras.layers.Dense(k, activation="softmax")(h))


def test_per_feature_false_keeps_p_and_per_token_values_only():
    model = _text_classifier()
    ids = np.random.default_rng(5).integers(1, 20, size=(9, 6))
    ids[:, 5] = 0
    v = np.zeros(18)
    v[[0, 1, 2, 4]] = 0.25  # all of token 0, one dim of token 1
    for mode in ("forward", "reverse"):
        full = prediction_sensitivity(model, ids, v=VChoice.explicit(v), embedding_layer="emb", mode=mode, batch_size=4)
        lean = prediction_sensitivity(model, ids, v=VChoice.explicit(v), embedding_layer="emb", mode=mode, batch_size=4,
                                      per_feature=False)
        assert lean.s is None and lean.v is None and full.s.shape == (9, 18)
        np.testing.assert_allclose(lean.P, full.P, rtol=1e-12)
        np.testing.assert_allclose(lean.per_class, full.per_class, rtol=1e-12)
        np.testing.assert_allclose(lean.token_weight, full.token_weight)
        np.testing.assert_allclose(lean.token_sensitivity, full.token_sensitivity, equal_nan=True)
        assert lean.token_mask[:, 5].sum() == 0 and lean.token_mask[:, :5].all()
    rev = prediction_sensitivity(model, ids, embedding_layer="emb", per_feature=False)
    fwd = prediction_sensitivity(model, ids, v=VChoice.explicit(v), embedding_layer="emb", mode="forward",
                                 per_feature=False)
    # forward mode knows u_t only for tokens whose every dim was differentiated (token 0 here)
    np.testing.assert_allclose(fwd.token_sensitivity[:, 0], rev.token_sensitivity[:, 0], rtol=1e-5)
    assert np.all(np.isnan(fwd.token_sensitivity[:, 1:]))
    # an explicit v on a padding slot is refused
    pad = np.zeros(18)
    pad[15] = 1.0
    with pytest.raises(ValueError, match="padding"):
        prediction_sensitivity(model, ids, v=VChoice.explicit(pad), embedding_layer="emb", mode="forward")


def test_compiled_functions_are_reused_and_do_not_keep_a_model_alive():
    import gc
    import weakref

    from tb_bias_plugin.measures.sensitivity import gradients

    model = _text_classifier(seed=6)
    ids = np.random.default_rng(6).integers(1, 20, size=(8, 6))
    prediction_sensitivity(model, ids, embedding_layer="emb")
    net = gradients._NETS[model]["emb"]
    fns = dict(net.fns)
    prediction_sensitivity(model, ids, embedding_layer="emb")
    assert net.fns == fns and gradients._NETS[model]["emb"] is net  # the same tf.functions: no new tracing
    ref = weakref.ref(model)
    del model, net, fns
    gc.collect()
    assert ref() is None


def test_float64_model_gets_float64_jacobians_exact_to_1e12():
    # softmax(x W + b) in float64: J_kf = p_k (W_fk - sum_j p_j W_fj), computed here in NumPy.
    rng = np.random.default_rng(3)
    w_true, b_true = rng.normal(size=(4, 3)), rng.normal(size=3)
    inp = keras.Input((4,), dtype="float64")
    model = keras.Model(inp, keras.layers.Dense(3, activation="softmax", dtype="float64", name="d")(inp))
    model.get_layer("d").set_weights([w_true, b_true])
    x = rng.normal(size=(7, 4))
    logits = x @ w_true + b_true
    p = np.exp(logits - logits.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    jac = p[:, :, None] * (w_true.T[None] - np.einsum("nj,fj->nf", p, w_true)[:, None, :])
    exact = prediction_sensitivity(abs_jacobian=np.abs(jac), v="uniform")
    got = prediction_sensitivity(model, x, v="uniform", mode="reverse")
    np.testing.assert_allclose(got.P, exact.P, rtol=0, atol=1e-12)
    masked = prediction_sensitivity(abs_jacobian=np.abs(jac), v="mask", protected=[1])
    np.testing.assert_allclose(prediction_sensitivity(model, x, v="mask", protected=[1], mode="forward").P,
                               masked.P, rtol=0, atol=1e-12)
    # a float32 model still computes in float32: its P differs at float32 precision only
    inp32 = keras.Input((4,))
    m32 = keras.Model(inp32, keras.layers.Dense(3, activation="softmax", name="d")(inp32))
    m32.get_layer("d").set_weights([w_true.astype(np.float32), b_true.astype(np.float32)])
    p32 = prediction_sensitivity(m32, x, v="uniform").P
    np.testing.assert_allclose(p32, exact.P, rtol=1e-5)
    assert np.max(np.abs(p32 - exact.P)) > 1e-12


@pytest.mark.parametrize("policy, half, rtol", [("mixed_float16", "float16", 0.02), ("mixed_bfloat16", "bfloat16", 0.1)])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_a_mixed_precision_keras_model_is_read_at_its_output_precision(mode, policy, half, rtol, tmp_path):
    # float16 softmax rows (rounded to 1e-3) were refused as logits by the float32 sum tolerance, in the
    # call and in the callback's check before training; bfloat16 outputs were "not an array of numbers"
    from tb_bias_plugin.callbacks import PredictionSensitivityCallback
    def model():
        return keras.Sequential([keras.Input((6,)), keras.layers.Dense(16, activation="tanh"),
                                 keras.layers.Dense(5, activation="softmax")])

    x = np.random.default_rng(0).normal(size=(64, 6)).astype(np.float32)
    full = model()
    keras.mixed_precision.set_global_policy(policy)
    try:
        mixed = model()
        mixed.set_weights(full.get_weights())
        assert mixed(x).dtype == half
        got = prediction_sensitivity(mixed, x, v="mask", protected=[0, 1], mode=mode)
        if mode == "reverse":
            mixed.compile("sgd", "sparse_categorical_crossentropy")
            mixed.fit(x, np.arange(64) % 5, epochs=1, verbose=0, callbacks=[PredictionSensitivityCallback(
                str(tmp_path), x[:16], v="mask", protected=[0, 1])])
            assert len(list(tmp_path.rglob("events.out.tfevents.*"))) == 1
        rows_off = keras.Sequential([mixed, keras.layers.Rescaling(0.9)])  # rows summing to 0.9: still refused
        with pytest.raises(ValueError, match=r"has a probability row that sums to 0\.(89|90)"):
            prediction_sensitivity(rows_off, x, v="mask", protected=[0, 1], mode=mode)
    finally:
        keras.mixed_precision.set_global_policy("float32")
    want = prediction_sensitivity(full, x, v="mask", protected=[0, 1], mode=mode).P
    np.testing.assert_allclose(got.P, want, rtol=rtol, atol=rtol * np.abs(want).max())  # 3 or 2 digits


def test_token_ids_without_their_embedding_layer_are_refused_not_read_as_p_zero(tmp_path):
    # ids cast to floats have no gradient through a lookup: P was 0 for every example, without a reason
    from tb_bias_plugin.callbacks import PredictionSensitivityCallback

    model = _text_classifier()
    ids = np.random.default_rng(5).integers(1, 20, size=(9, 6))
    with pytest.raises(ValueError, match=r"^x holds integers, which Functional reads as token ids with its Embedding "
                                         r"layer 'emb': pass embedding_layer='emb'"):
        prediction_sensitivity(model, ids)
    assert np.all(prediction_sensitivity(model, ids, embedding_layer="emb").P > 0)
    nested = keras.Sequential([keras.Input((6,), dtype="int32"), model])  # found inside a nested model too
    path = model.name + "/emb"  # named by its path, which embedding_layer takes
    with pytest.raises(ValueError, match=f"Embedding layer '{path}': pass embedding_layer='{path}'"):
        prediction_sensitivity(nested, ids)
    np.testing.assert_allclose(prediction_sensitivity(nested, ids, embedding_layer=path).P,
                               prediction_sensitivity(model, ids, embedding_layer="emb").P, rtol=1e-6)
    model.compile("sgd", "sparse_categorical_crossentropy")
    with pytest.raises(ValueError, match=r"^x_val holds integers, .* pass embedding_layer='emb'"):  # before training
        model.fit(ids, np.arange(9) % 4, epochs=1, verbose=0,
                  callbacks=[PredictionSensitivityCallback(str(tmp_path), ids)])
    assert list(tmp_path.rglob("*.tfevents.*")) == []


@pytest.mark.parametrize("x_val, message", [
    (lambda x: tf.data.Dataset.from_tensor_slices(x).batch(4), r"x_val is a tf.data.Dataset; pass its inputs as one"),
    (lambda x: {"features": x}, r"x_val is a dict of inputs; prediction sensitivity reads one input array"),
    (lambda x: (x, np.arange(len(x))), r"x_val holds arrays of different shapes, as Keras's \(x, y\) validation data "
                                       r"does; pass the inputs x alone"),
    (lambda x: (i for i in x), r"x_val must be an array of rows, got a generator"),
])
def test_the_keras_containers_a_user_has_at_hand_are_refused_by_name(x_val, message):
    # were "got a scalar" (a dataset, a dict) and NumPy's "inhomogeneous shape" (an (x, y) pair)
    from tb_bias_plugin.callbacks import PredictionSensitivityCallback

    x = np.random.default_rng(0).normal(size=(8, 3)).astype(np.float32)
    with pytest.raises(ValueError, match="^" + message):
        PredictionSensitivityCallback("unused", x_val(x))
    with pytest.raises(ValueError, match="^" + message.replace("x_val", "x", 1).replace(r"the inputs x alone", "")):
        prediction_sensitivity(logistic_two_class(), x_val(x))


def test_per_token_arguments_on_a_tabular_input_are_refused_when_the_callback_is_made():
    # was "tokens are for text results" when the first epoch's record was written
    from tb_bias_plugin.callbacks import PredictionSensitivityCallback

    x = np.random.default_rng(0).normal(size=(4, 3))
    with pytest.raises(ValueError, match=r"^tokens is for text input: pass embedding_layer= \(with x_val as token "
                                         r"ids\), or x_val as \[n, T, D\] embeddings$"):
        PredictionSensitivityCallback("unused", x, tokens=np.full((4, 3), "a"))
    with pytest.raises(ValueError, match="^tokens and mask are for text input"):
        PredictionSensitivityCallback("unused", x, tokens=np.full((4, 3), "a"), mask=np.ones((4, 3), bool))


def test_a_wrong_input_width_or_a_layer_that_is_no_embedding_is_named_before_any_graph_runs(tmp_path):
    # once the model's functions were cached, a wrong F was TensorFlow's "Matrix size-incompatible" from
    # graph execution; a Dense layer as embedding_layer was autograph's "compute_mask() missing ... previous_mask"
    from tb_bias_plugin.callbacks import PredictionSensitivityCallback

    model = logistic_two_class()
    prediction_sensitivity(model, X_TAB)
    with pytest.raises(ValueError, match=r"^x has shape \(1, 2\); the model takes inputs of shape \(None, 3\)$"):
        prediction_sensitivity(model, X_TAB[:, :2])
    text = _text_classifier()
    ids = np.random.default_rng(5).integers(1, 20, size=(9, 6))
    dense = text.layers[-1].name
    with pytest.raises(ValueError, match=r"^embedding_layer '%s' gives outputs of shape \(None, 4\); an embedding "
                                         r"layer gives a vector per token, \[n, T, D\]$" % dense):
        prediction_sensitivity(text, ids, embedding_layer=dense)
    text.compile("sgd", "sparse_categorical_crossentropy")
    with pytest.raises(ValueError, match="embedding_layer '%s' gives outputs of shape" % dense):  # before training
        text.fit(ids, np.arange(9) % 4, epochs=1, verbose=0,
                 callbacks=[PredictionSensitivityCallback(str(tmp_path), ids, embedding_layer=dense)])
    assert list(tmp_path.rglob("*.tfevents.*")) == []
