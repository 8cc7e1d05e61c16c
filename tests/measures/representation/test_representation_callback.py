"""The Keras callback: every named layer's activations, every attribute side by side."""

import warnings

import numpy as np
import pytest

import plugin_fixtures as fx

tf = pytest.importorskip("tensorflow")

from tb_bias_plugin.callbacks import RepresentationBiasCallback  # noqa: E402
from tb_bias_plugin.measures.representation.attributes import product_codes  # noqa: E402

pytestmark = pytest.mark.training


def test_callback_logs_all_layers_per_attribute_at_the_chosen_epochs(tmp_path):
    rng = np.random.default_rng(0)
    n = 600
    sex, race = rng.integers(0, 2, n), rng.integers(0, 3, n)
    x = rng.normal(size=(n, 6)).astype("float32")
    x[:, 0] += 2 * sex - 1  # the input encodes sex
    inputs = tf.keras.Input((6,))
    h = tf.keras.layers.Dense(8, activation="relu", name="hidden")(inputs)
    h2 = tf.keras.layers.Reshape((2, 4), name="maps")(h)
    out = tf.keras.layers.Dense(1, name="out")(tf.keras.layers.Flatten()(h2))
    model = tf.keras.Model(inputs, out)
    model.compile("adam", "mse")
    inter, names = product_codes([sex, race], [["f", "m"], ["a", "b", "c"]])
    cb = RepresentationBiasCallback(
        tmp_path, x, {"sex": sex, "sex x race": inter}, layers=["hidden", "maps"], every_n_epochs=2,
        class_names={"sex x race": names}, steps=40, width=8, eval_every=20, control=False)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        model.fit(x, np.zeros((n, 1)), epochs=4, verbose=0, callbacks=[cb])
    assert not [w for w in seen if "noisy" in str(w.message)]  # printed with the flag's advice instead
    logged = fx.read_logdir(tmp_path)
    assert sorted(logged) == [("validation", t, e) for t in ("sex", "sex x race") for e in (1, 3)]
    info, _, record = logged["validation", "sex x race", 3]
    assert info["layers"] == ["hidden", "maps"] and record.class_names == tuple(names)
    hidden = record.layer("hidden").result
    assert hidden.n == n and hidden.class_counts.tolist() == np.bincount(inter, minlength=6).tolist()
    assert hidden.settings["steps"] == 40 and np.isfinite(hidden.bias)


def test_every_n_epochs_measures_the_last_epoch_of_the_fit_too(tmp_path):
    # epochs=3, every_n_epochs=2 measured epoch 1 only: the model the fit ends with went unmeasured
    rng = np.random.default_rng(2)
    sex = rng.integers(0, 2, 200)
    x = (rng.normal(size=(200, 4)) + sex[:, None]).astype("float32")
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(4, name="h"), tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    cb = RepresentationBiasCallback(tmp_path, x, sex, layers=["h"], every_n_epochs=2, verbose=0, steps=10, width=4,
                                    classifier_steps=10, classifier_folds=2, control=False, workers=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # n < 2,000
        model.fit(x, np.zeros(200), epochs=3, verbose=0, callbacks=[cb])
    assert sorted(step for (_, _, step) in fx.read_logdir(tmp_path)) == [1, 2]


def test_a_fit_stopped_early_is_measured_at_its_last_epoch_with_that_epochs_model(tmp_path, monkeypatch):
    # EarlyStopping stops after epoch 2 of 10 (every_n_epochs=2 measured epoch 1 only, the model the fit
    # ended with never) and restores earlier weights in its on_train_end, which runs before ours
    from tb_bias_plugin.measures.representation import callbacks as module

    rng = np.random.default_rng(3)
    sex = rng.integers(0, 2, 200)
    x = (rng.normal(size=(200, 4)) + sex[:, None]).astype("float32")
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(4, name="h"), tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    hidden = tf.keras.Model(model.inputs, model.get_layer("h").output)

    class StopAndRestore(tf.keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            if epoch == 2:
                self.seen = hidden(x).numpy()
                self.model.stop_training = True

        def on_train_end(self, logs=None):
            self.model.get_layer("h").set_weights([np.zeros((4, 4)), np.zeros(4)])

    measured = {}
    estimate = module.progress.estimate_layers

    def seen_then_estimated(activations, *args, step, **kwargs):
        measured[step] = activations["h"]
        return estimate(activations, *args, step=step, **kwargs)

    monkeypatch.setattr(module.progress, "estimate_layers", seen_then_estimated)
    stop = StopAndRestore()
    cb = RepresentationBiasCallback(tmp_path, x, sex, layers=["h"], every_n_epochs=2, verbose=0, steps=10, width=4,
                                    classifier_steps=10, classifier_folds=2, control=False, workers=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # n < 2,000
        model.fit(x, np.zeros(200), epochs=10, verbose=0, callbacks=[stop, cb])
    assert sorted(step for (_, _, step) in fx.read_logdir(tmp_path)) == [1, 2]
    np.testing.assert_allclose(measured[2], stop.seen, rtol=1e-5, atol=1e-6)  # not the restored zeros


@pytest.mark.parametrize("kwargs, match", [
    (dict(layers=[]), "layers"),
    (dict(layers=["a", "a"]), "more than once"),
    (dict(layers=["a"], every_n_epochs=0), "every_n_epochs"),
    (dict(layers=["a"], pool="max"), "pool"),
    # the estimator's settings, by the estimator's own checks, when the callback is made
    (dict(layers=["a"], steps=0), "steps must be a positive integer, got 0"),
    (dict(layers=["a"], stepz=3), "representation_bias has no setting 'stepz'"),
    (dict(layers=["a"], learning_rate=float("nan")), "learning_rate must be a finite number > 0, got nan"),
    (dict(layers=["a"], class_names=["f"]), r"2 classes \(codes 0..1\) but 1 class_names"),
    (dict(layers=["a"], class_names=["f", "f"]), "class_names has duplicate names: 'f'"),
    (dict(layers=["a"], train_counts=[7]), "train_counts has 1 count, but the protected attribute has codes 0..1"),
])
def test_callback_rejects_bad_arguments(tmp_path, kwargs, match):
    with pytest.raises(ValueError, match=match):
        RepresentationBiasCallback(tmp_path, np.zeros((10, 2)), np.arange(10) % 2, **kwargs)
    assert not list(tmp_path.iterdir())


def test_callback_rejects_protected_of_the_wrong_length(tmp_path):
    with pytest.raises(ValueError, match="rows"):
        RepresentationBiasCallback(tmp_path, np.zeros((10, 2)), np.arange(9) % 2, layers=["a"])


def test_callback_prints_each_layers_estimate_with_its_time_and_the_remedy_of_its_flags(tmp_path, capsys):
    rng = np.random.default_rng(1)
    n = 600
    sex = rng.integers(0, 2, n)
    x = (rng.normal(size=(n, 4)) + sex[:, None]).astype("float32")
    inputs = tf.keras.Input((4,))
    h1 = tf.keras.layers.Dense(8, activation="relu", name="h1")(inputs)
    h2 = tf.keras.layers.Dense(4, activation="relu", name="h2")(h1)
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1, name="out")(h2))
    model.compile("adam", "mse")
    cb = RepresentationBiasCallback(tmp_path, x, {"sex": sex}, layers=["h1", "h2"], steps=40, width=8,
                                    eval_every=20, classifier_steps=40)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        model.fit(x, np.zeros((n, 1)), epochs=2, verbose=0, callbacks=[cb])
    assert not [w for w in seen if "noisy" in str(w.message)]  # the advice below says it, once
    lines = capsys.readouterr().out.splitlines()
    for epoch in (0, 1):
        assert any(line.startswith(f"RepresentationBiasCallback, epoch {epoch}: activations of 2 layers on 600 rows in ")
                   for line in lines)
        heads = [line for line in lines if line.startswith(f"RepresentationBiasCallback, epoch {epoch}, layer ")]
        assert [h.split(":")[0].rsplit(", ", 2)[1:] for h in heads] == [["layer h1", "sex"], ["layer h2", "sex"]]
        assert all(" s; flags: " in h and "small_sample" in h for h in heads)  # n = 600 < 2,000
    assert sum(line == "    n < 2,000: the estimate is noisy; pass at least 2,000 rows" for line in lines) == 4
    silent = RepresentationBiasCallback(tmp_path / "quiet", x, {"sex": sex}, layers=["h1"], steps=20, width=8,
                                        eval_every=20, classifier_steps=20, verbose=0)
    with pytest.warns(UserWarning, match="noisy"):
        model.fit(x, np.zeros((n, 1)), epochs=1, verbose=0, callbacks=[silent])
    assert "RepresentationBiasCallback" not in capsys.readouterr().out
