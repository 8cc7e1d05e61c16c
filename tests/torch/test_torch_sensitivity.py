"""PyTorch compute step of prediction_sensitivity: the known answers of tests/sensitivity_oracles.py from real torch models.

The models carry the weights of the Keras test models in
tests/measures/sensitivity/test_sensitivity_gradients.py, so the expected
values are the same numbers; float64 models are checked against the
closed forms in float64 to 1e-12.
"""

import numpy as np
import pytest
import sensitivity_oracles as oracle
import torch

from tb_bias_plugin.measures.sensitivity import VChoice, prediction_sensitivity

A_TAB, B_TAB, X_TAB = oracle.A_TAB, oracle.B_TAB, oracle.X_TAB


class Logistic(torch.nn.Module):
    """f = [1 - σ(z), σ(z)], z = a·x + b: the Keras test model's softmax over [0, z]."""

    def __init__(self, dtype=torch.float32):
        super().__init__()
        self.z = torch.nn.Linear(3, 1, dtype=dtype)
        with torch.no_grad():
            self.z.weight.copy_(torch.as_tensor(A_TAB[None, :]))
            self.z.bias.fill_(B_TAB)

    def forward(self, x):
        z = self.z(x)
        return torch.softmax(torch.cat([torch.zeros_like(z), z], dim=1), dim=1)


def _closed_form(x):
    """|J| rows of the logistic model in float64: σ'(z)|a| for both classes."""
    s = 1 / (1 + np.exp(-(x @ A_TAB + B_TAB)))
    return (s * (1 - s))[:, None] * np.abs(A_TAB)


def test_tabular_oracle_float32_matches_the_keras_numbers():
    model = Logistic()
    r = prediction_sensitivity(model, X_TAB.astype(np.float32), v="mask", protected=[2])
    assert r.P[0] == pytest.approx(oracle.TABULAR_MASK_2, abs=1e-6)
    np.testing.assert_allclose(r.per_class[0], [oracle.TABULAR_MASK_2] * 2, atol=1e-6)
    assert prediction_sensitivity(model, X_TAB, v="mask", protected=[1, 2]).P[0] == pytest.approx(
        oracle.TABULAR_MASK_12, abs=1e-6)
    u = prediction_sensitivity(model, X_TAB, v="uniform", mode="reverse")
    assert u.P[0] == pytest.approx(oracle.TABULAR_UNIFORM, abs=1e-6)
    np.testing.assert_allclose(u.s[0], oracle.TABULAR_UNIFORM_S, atol=1e-6)


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_tabular_oracle_float64_to_1e_12(mode):
    model = Logistic(torch.float64)
    x = np.random.default_rng(0).normal(size=(40, 3))
    rows = _closed_form(x)
    r = prediction_sensitivity(model, x, v="mask", protected=[0, 2], mode=mode, batch_size=16)
    np.testing.assert_allclose(r.P, rows[:, [0, 2]].mean(axis=1), rtol=0, atol=1e-12)
    u = prediction_sensitivity(model, torch.as_tensor(x), v="uniform")
    np.testing.assert_allclose(u.s, rows, rtol=0, atol=1e-12)
    np.testing.assert_allclose(u.P, rows.mean(axis=1), rtol=0, atol=1e-12)


def mlp(n_in=6, k=5, seed=3, dtype=torch.float32):
    torch.manual_seed(seed)
    return torch.nn.Sequential(torch.nn.Linear(n_in, 8, dtype=dtype), torch.nn.Tanh(),
                               torch.nn.Linear(8, k, dtype=dtype), torch.nn.Softmax(dim=1))


def test_forward_and_reverse_mode_agree_and_forward_fills_only_the_support():
    model = mlp()
    x = np.random.default_rng(3).normal(size=(30, 6)).astype(np.float32)
    w = np.array([0.3, 0.1, 0.2, 0.25, 0.15])
    fwd = prediction_sensitivity(model, x, v="mask", protected=[0, 4], w=w, mode="forward", batch_size=16)
    rev = prediction_sensitivity(model, x, v="mask", protected=[0, 4], w=w, mode="reverse", batch_size=16)
    np.testing.assert_allclose(fwd.P, rev.P, rtol=1e-5)
    np.testing.assert_allclose(fwd.s[:, [0, 4]], rev.s[:, [0, 4]], rtol=1e-5)
    assert np.all(np.isnan(fwd.s[:, [1, 2, 3, 5]]))


def test_agrees_with_central_finite_differences_in_float64():
    model = mlp(n_in=5, k=4, seed=2, dtype=torch.float64)
    x = np.random.default_rng(2).normal(size=(6, 5))
    w = np.array([0.1, 0.2, 0.3, 0.4])
    r = prediction_sensitivity(model, x, v="uniform", w=w)
    f = lambda a: model(torch.as_tensor(a)).detach().numpy()  # noqa: E731
    eye = np.eye(5) * 1e-6
    cols = np.stack([(f(x + eye[j]) - f(x - eye[j])) / 2e-6 for j in range(5)], axis=2)  # [n, K, F]
    np.testing.assert_allclose(r.s, np.einsum("k,nkf->nf", w, np.abs(cols)), rtol=1e-7, atol=1e-10)


def test_proxy_adjusted_and_psm_run_and_the_model_keeps_its_training_mode():
    model = mlp(n_in=4, k=3, seed=7)
    psm = mlp(n_in=4, k=2, seed=8)
    model.train()
    x = np.random.default_rng(7).normal(size=(12, 4)).astype(np.float32)
    x[:, 2] = x[:, 2] > 0
    proxy = prediction_sensitivity(model, x, v="proxy_adjusted", protected=2)
    assert np.all(np.isfinite(proxy.P)) and np.all(proxy.P >= 0)
    r = prediction_sensitivity(model, x, v="psm", psm_model=psm)
    np.testing.assert_allclose(np.nansum(r.v, axis=1), 1.0, rtol=1e-12)
    assert model.training and all(m.training for m in model.modules())


# Text oracle (tests/sensitivity_oracles.py): tokens are ids 0, 1, 2 whose embeddings are the rows of E.
E, W, A = oracle.E, oracle.W, oracle.A


class TextModel(torch.nn.Module):
    def __init__(self, readout, tanh=True, padding_idx=None, dtype=torch.float32):
        super().__init__()
        self.emb = torch.nn.Embedding(len(E), 2, padding_idx=padding_idx, dtype=dtype)
        self.out = torch.nn.Linear(2, len(readout), bias=False, dtype=dtype)
        with torch.no_grad():
            self.emb.weight.copy_(torch.as_tensor(E))
            self.out.weight.copy_(torch.as_tensor(readout))
        self.tanh = tanh

    def forward(self, ids):
        h = self.emb(ids)
        if self.tanh:
            h = torch.tanh(h)
        real = (ids != self.emb.padding_idx).to(h.dtype)[..., None] if self.emb.padding_idx is not None else None
        pooled = h.mean(dim=1) if real is None else (h * real).sum(1) / real.sum(1)
        return torch.softmax(self.out(pooled), dim=1)


@pytest.mark.parametrize("dtype, tol", [(torch.float32, 1e-6), (torch.float64, 1e-8)])
def test_text_oracle_through_the_embedding_module(dtype, tol):
    f, g = TextModel(W, dtype=dtype), TextModel(A, tanh=False, dtype=dtype)
    ids = oracle.TEXT_IDS
    common = dict(embedding_layer="emb", tokens=oracle.TEXT_TOKENS)
    for v, value in oracle.TEXT_P.items():
        r = prediction_sensitivity(f, ids, v=v, psm_model=g, **common)
        assert r.P[0] == pytest.approx(value, abs=tol), v
    r = prediction_sensitivity(f, torch.as_tensor(ids), v="uniform", embedding_layer=f.emb, tokens=[["a", "b", "c"]])
    np.testing.assert_allclose(r.token_sensitivity[0], oracle.TEXT_TOKEN_SENSITIVITY, atol=1e-6)


def test_text_padding_index_is_the_mask_and_forward_equals_reverse():
    torch.manual_seed(4)
    rng = np.random.default_rng(4)
    ids = rng.integers(1, 20, size=(12, 6))
    ids[:, 4:] = 0
    net = TextModel(W)
    net.emb = torch.nn.Embedding(20, 2, padding_idx=0)
    vocab = np.array([f"w{i}" for i in range(20)], dtype=object)
    listed = VChoice.word_list({"w3", "w7", "w11"})
    kw = dict(embedding_layer="emb", tokens=vocab[ids], batch_size=5)
    fwd = prediction_sensitivity(net, ids, v=listed, mode="forward", **kw)
    rev = prediction_sensitivity(net, ids, v=listed, mode="reverse", **kw)
    np.testing.assert_allclose(fwd.P, rev.P, rtol=1e-5, equal_nan=True)
    assert list(fwd.reasons) == list(rev.reasons)
    uni = prediction_sensitivity(net, ids, v="uniform", **kw)
    assert np.all(uni.token_mask[:, 4:] == 0) and np.all(uni.token_mask[:, :4])
    assert np.all(uni.token_weight[:, 4:] == 0)
    np.testing.assert_allclose(uni.s.reshape(12, 6, 2)[:, 4:], 0.0)  # the model ignores padding


def test_a_plain_callable_on_tensors_and_bad_arguments():
    a = torch.tensor([[1.0], [-2.0], [0.5]], dtype=torch.float64)

    def f(x):
        z = torch.sigmoid(x @ a - 0.25)
        return torch.cat([1 - z, z], dim=1)

    r = prediction_sensitivity(f, torch.as_tensor(X_TAB), v="mask", protected=[2])
    assert r.P[0] == pytest.approx(_closed_form(X_TAB)[0, 2], abs=1e-12)
    with pytest.raises(ValueError, match="no submodule named 'embed'"):
        prediction_sensitivity(TextModel(W), np.array([[0, 1]]), embedding_layer="embed")
    logits = torch.nn.Linear(3, 2)
    with torch.no_grad():  # fixed: a random layer's rows were out of [0, 1] or off 1 by the tests run before
        logits.weight.fill_(2.0), logits.bias.fill_(-1.0)
    with pytest.raises(ValueError, match="not probabilities"):
        prediction_sensitivity(logits, X_TAB)


@pytest.mark.parametrize("kwargs, match", [
    (dict(mask=np.full((4, 3), 2)), "mask must be booleans or 0/1 numbers; got 2.0"),  # was read as True
    (dict(mask=np.full((4, 3), "no")), "mask must be booleans or 0/1 numbers"),
    (dict(tokens=np.full((4, 3), None)), r"tokens\[0, 0\] must be a string \(or UTF-8 bytes\), got None"),
])
def test_logging_text_refuses_bad_per_token_arguments_by_the_layout_rule(tmp_path, kwargs, match):
    from tb_bias_plugin import pytorch as tbp

    with pytest.raises(ValueError, match=match):
        tbp.log_prediction_sensitivity(str(tmp_path), TextModel(W), np.tile(oracle.TEXT_IDS, (4, 1)), step=0,
                                       embedding_layer="emb", **kwargs)
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


@pytest.mark.tensorflow
def test_same_p_as_the_keras_model_with_the_same_weights():
    keras = pytest.importorskip("keras")
    keras.utils.set_random_seed(5)
    inp = keras.Input((6,))
    h = keras.layers.Dense(8, activation="tanh")(inp)
    km = keras.Model(inp, keras.layers.Dense(5, activation="softmax")(h))
    tm = mlp()
    with torch.no_grad():
        for layer, (kernel, bias) in zip([tm[0], tm[2]], [km.get_weights()[:2], km.get_weights()[2:]]):
            layer.weight.copy_(torch.as_tensor(kernel.T))
            layer.bias.copy_(torch.as_tensor(bias))
    x = np.random.default_rng(5).normal(size=(20, 6)).astype(np.float32)
    for v in ("uniform", VChoice.mask([1, 3])):
        np.testing.assert_allclose(prediction_sensitivity(tm, x, v=v).P, prediction_sensitivity(km, x, v=v).P,
                                   rtol=0, atol=1e-6)


def test_logging_with_class_names_of_another_k_writes_nothing(tmp_path):
    from tb_bias_plugin import pytorch as tbp

    with pytest.raises(ValueError, match="3 class names for K = 5 classes"):
        tbp.log_prediction_sensitivity(str(tmp_path), mlp(), np.zeros((4, 6), np.float32), step=0,
                                       class_names=["a", "b", "c"])
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


@pytest.mark.parametrize("batch_size", [7, 256])
def test_logged_proxy_slopes_come_from_all_of_x_whatever_the_batch_size(tmp_path, batch_size):
    # the slopes were fitted on each batch: P moved with batch_size, and a batch of one group failed the fit
    from tb_bias_plugin import pytorch as tbp

    x = np.random.default_rng(1).normal(size=(150, 6)).astype(np.float32)
    x[:, 3] = np.arange(150) >= 110  # sorted by the protected column: the first batches hold one group
    x[:, 0] += x[:, 3]
    model = mlp()
    direct = prediction_sensitivity(model, x, v=VChoice.proxy_adjusted([3])).P
    collector = tbp.log_prediction_sensitivity(str(tmp_path), model, torch.as_tensor(x), step=0,
                                               v={"sex": VChoice.proxy_adjusted([3])}, batch_size=batch_size)
    assert collector.summary("sex")["mean"] == pytest.approx(float(np.mean(direct)), rel=1e-6)
    assert collector.summary("sex")["max"] == pytest.approx(float(np.max(direct)), rel=1e-6)
    with pytest.raises(ValueError, match="^x: protected column 3 is constant"):
        tbp.log_prediction_sensitivity(str(tmp_path / "one group"), model, x[:100], step=0, v="proxy_adjusted",
                                       protected=3)
    assert not (tmp_path / "one group").exists()


def test_logging_a_multi_label_model_takes_output_sigmoid(tmp_path):
    # the helper's error said "pass output='sigmoid'", which it did not take (a TypeError)
    from tb_bias_plugin import pytorch as tbp

    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Sigmoid())
    x = np.random.default_rng(0).normal(size=(12, 3)).astype(np.float32)
    with pytest.raises(ValueError, match="output='sigmoid'"):
        tbp.log_prediction_sensitivity(str(tmp_path / "a"), model, x, v="mask", protected=[0], step=0)
    with pytest.raises(ValueError, match="output must be one of"):
        tbp.log_prediction_sensitivity(str(tmp_path / "a"), model, x, v="mask", protected=[0], step=0, output="tanh")
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []
    collector = tbp.log_prediction_sensitivity(str(tmp_path / "b"), model, x, v="mask", protected=[0], step=0,
                                               output="sigmoid")
    direct = prediction_sensitivity(model, x, v=VChoice.mask([0]), output="sigmoid")
    assert collector.summary("mask")["mean"] == pytest.approx(float(np.nanmean(direct.P)), rel=1e-6)


@pytest.mark.parametrize("dtype,rtol", [(torch.float16, 0.01), (torch.bfloat16, 0.05)])
def test_a_half_precision_model_is_differentiated_in_its_dtype(dtype, rtol):
    # bfloat16 was "Got unsupported ScalarType BFloat16"; float16 softmax rows (rounded to 1e-3) were
    # refused as logits by the float32 sum tolerance
    import tb_bias_plugin

    torch.manual_seed(0)
    full = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Softmax(dim=1))
    half = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Softmax(dim=1))
    half.load_state_dict(full.state_dict())
    half = half.to(dtype)
    x = torch.rand(16, 4)
    want = tb_bias_plugin.prediction_sensitivity(full, x).P
    got = tb_bias_plugin.prediction_sensitivity(half, x.to(dtype)).P
    np.testing.assert_allclose(got, want, rtol=rtol, atol=rtol * np.abs(want).max())
    rows_off = torch.nn.Sequential(half, torch.nn.Hardtanh(0.0, 0.9))  # in [0, 1], rows summing to less than 1
    with pytest.raises(ValueError, match=r"a probability row that sums to 0\.(89|90)"):  # still refused past the dtype's rounding
        tb_bias_plugin.prediction_sensitivity(rows_off, torch.full((4, 4), 50.0).to(dtype))


def test_token_ids_without_embedding_layer_or_past_the_vocabulary_are_said_of_the_ids():
    # were torch's "Expected tensor for argument #1 'indices' ... got FloatTensor" and "index out of range in self"
    import tb_bias_plugin

    class Text(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = torch.nn.Embedding(10, 3, padding_idx=0)
            self.out = torch.nn.Linear(3, 2)

        def forward(self, ids):
            return torch.softmax(self.out(torch.tanh(self.emb(ids)).mean(1)), dim=1)

    ids = np.random.default_rng(0).integers(1, 10, size=(6, 5))
    with pytest.raises(ValueError, match=r"^x holds integers, which Text reads as token ids with its embedding module "
                                         r"'emb': pass embedding_layer='emb'"):
        tb_bias_plugin.prediction_sensitivity(Text(), ids)
    with pytest.raises(ValueError, match=r"^token ids must be from 0 to 9 \(the embedding module has 10 rows\); this "
                                         r"batch of x holds ids from 6 to 14$"):
        tb_bias_plugin.prediction_sensitivity(Text(), ids + 5, embedding_layer="emb")
    assert np.isfinite(tb_bias_plugin.prediction_sensitivity(Text(), ids, embedding_layer="emb").P).all()


def test_a_plain_callable_given_x_of_another_dtype_is_told_to_pass_x_in_its_own():
    # was torch's "mat1 and mat2 must have the same dtype, but got Double and Float"
    linear = torch.nn.Linear(4, 3)

    def model(x):
        return torch.softmax(linear(x), -1)

    x = torch.rand(8, 4, dtype=torch.float64)
    with pytest.raises(ValueError, match=r"^the model failed on x of dtype float64 \(mat1 and mat2 .*\): a plain "
                                         r"callable is given x in x's own dtype; .*\(x.float\(\) for float32"):
        prediction_sensitivity(model, x)
    assert prediction_sensitivity(model, x.float()).P.shape == (8,)


@pytest.mark.tensorflow
def test_a_pytorch_callable_given_numpy_x_is_told_to_pass_a_tensor():
    # NumPy x sends a plain callable down TensorFlow's path: was TensorFlow's "in user code" TypeError
    pytest.importorskip("tensorflow")
    linear = torch.nn.Linear(4, 3)

    def model(x):
        return torch.softmax(linear(x), -1)

    x = np.random.default_rng(0).random((8, 4), dtype=np.float32)
    with pytest.raises(ValueError, match=r"^the model failed when called with TensorFlow tensors \(TypeError: "
                                         r".*\): .*for a PyTorch callable pass x as a torch.Tensor$"):
        prediction_sensitivity(model, x)
    assert prediction_sensitivity(model, torch.as_tensor(x)).P.shape == (8,)


def test_example_text_and_uris_of_another_length_are_said_as_the_keras_callback_says_them(tmp_path):
    from tb_bias_plugin import pytorch as tbp

    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Softmax(dim=1))
    for key in ("example_text", "example_uris"):
        with pytest.raises(ValueError, match=rf"^{key} has 7 rows; x has 8$"):
            tbp.log_prediction_sensitivity(tmp_path, model, torch.rand(8, 3), step=0, **{key: ["t"] * 7})
    assert list(tmp_path.iterdir()) == []
