"""What a new user meets with the Keras callbacks: typos reported when training
begins, per-choice protected features, and no warnings they did not cause."""

import logging
import warnings

import numpy as np
import pytest

import plugin_fixtures as fx

keras = pytest.importorskip("keras")

from tb_bias_plugin.callbacks import (  # noqa: E402
    AssociationTableCallback,
    PredictionSensitivityCallback,
    RepresentationBiasCallback,
)
from tb_bias_plugin.measures.sensitivity import VChoice  # noqa: E402

RNG = np.random.default_rng(0)
TOKENS = RNG.integers(1, 20, size=(96, 8))
TABULAR = RNG.normal(size=(96, 5)).astype("float32")
WORDS = np.array(["w%d" % i for i in range(20)], dtype=object)


def text_model():
    inp = keras.Input((8,), dtype="int32", name="ids")
    h = keras.layers.Embedding(20, 4, name="emb")(inp)
    h = keras.layers.GlobalAveragePooling1D(name="pool")(h)
    h = keras.layers.Dense(6, activation="relu", name="fc1")(h)
    model = keras.Model(inp, keras.layers.Dense(3, activation="softmax", name="out")(h))
    model.compile("adam", "sparse_categorical_crossentropy")
    return model


def tabular_model():
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu", name="fc1"),
                              keras.layers.Dense(2, activation="softmax", name="out")])
    model.compile("adam", "sparse_categorical_crossentropy")
    return model


def begin(callback, model):
    """What fit() does before the first batch."""
    callback.set_model(model)
    callback.on_train_begin()


# -- item 12: typos and out-of-range indices fail before the first epoch -------


def test_a_layer_typo_fails_when_training_begins_naming_the_valid_layers(tmp_path):
    cb = RepresentationBiasCallback(tmp_path, TABULAR, np.arange(96) % 2, layers=["fc1", "fc_2"])
    with pytest.raises(ValueError, match=r"layers: the model has no layer 'fc_2'; its layers are .*'fc1', 'out'"):
        begin(cb, tabular_model())
    begin(RepresentationBiasCallback(tmp_path, TABULAR, np.arange(96) % 2, layers=["fc1"]), tabular_model())


def test_an_embedding_layer_typo_fails_when_training_begins(tmp_path):
    cb = PredictionSensitivityCallback(tmp_path, TOKENS, embedding_layer="embedding", tokens=WORDS[TOKENS])
    with pytest.raises(ValueError, match=r"embedding_layer: the model has no layer 'embedding'; .*'emb'"):
        begin(cb, text_model())
    begin(PredictionSensitivityCallback(tmp_path, TOKENS, embedding_layer="emb"), text_model())


@pytest.mark.parametrize("v, protected", [
    ("mask", [7]), ("mask", [1, -1]), ("proxy_adjusted", 5), ({"m": "uniform", "p": VChoice.mask([9])}, None),
])
def test_an_out_of_range_protected_index_fails_when_the_callback_is_made(tmp_path, v, protected):
    with pytest.raises(ValueError, match=r"protected index -?\d is out of range for F = 5 features: "
                                         r"valid indices are 0 to 4"):
        PredictionSensitivityCallback(tmp_path, TABULAR, v=v, protected=protected)


def test_a_bad_score_is_said_of_the_model_and_its_row_in_the_validation_data(tmp_path):
    """Said of "predictions[4]" of the batch before, a name the caller never used."""
    x = np.full((40, 2), 0.5, np.float32)
    x[36, 1] = 1.5
    model = keras.Sequential([keras.Input((2,)), keras.layers.Identity()])
    cb = AssociationTableCallback(tmp_path, x, label_names=["a", "b"], identity_labels=["a"], batch_size=16)
    begin(cb, model)
    with pytest.raises(ValueError, match=r"^the model's output on row 36 of validation_data has a score above 1"):
        cb.on_epoch_end(0)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1), keras.layers.Flatten()])
    cb.set_model(keras.Model(model.inputs, keras.ops.reshape(model.outputs[0], (-1,))))
    with pytest.raises(ValueError, match=r"^the model's output must be \[batch, 2\] scores, one per label name; "
                                         r"got shape \(16,\) on the batch from row 0 of validation_data$"):
        cb.on_epoch_end(0)


def test_feature_names_of_another_count_fail_when_the_callback_is_made(tmp_path):
    with pytest.raises(ValueError, match=r"^2 feature names for F = 5 features$"):  # was at the first epoch's end
        PredictionSensitivityCallback(tmp_path, TABULAR, feature_names=["age", "sex"])
    with pytest.raises(ValueError, match="feature_names has duplicate names: 'a'"):
        PredictionSensitivityCallback(tmp_path, TABULAR, feature_names=["a", "a", "b", "c", "d"])


@pytest.mark.parametrize("make", [
    lambda log_dir: AssociationTableCallback(log_dir, TABULAR, label_names=["a", "b"], identity_labels=["a"]),
    lambda log_dir: PredictionSensitivityCallback(log_dir, TABULAR),
    lambda log_dir: RepresentationBiasCallback(log_dir, TABULAR, np.arange(96) % 2, layers=["fc1"]),
], ids=["association", "sensitivity", "representation"])
def test_a_log_dir_that_is_a_file_or_none_fails_when_the_callback_is_made(tmp_path, make):
    (tmp_path / "notes.txt").write_text("kept")
    with pytest.raises(ValueError, match="notes.txt is a file, not a directory"):
        make(tmp_path / "notes.txt")
    with pytest.raises(ValueError, match="logdir must be a path, got None"):
        make(None)
    assert (tmp_path / "notes.txt").read_text() == "kept"


def test_validation_data_without_rows_fails_when_the_callback_is_made(tmp_path):
    with pytest.raises(ValueError, match="validation_data has no rows"):
        AssociationTableCallback(tmp_path, TABULAR[:0], label_names=["a", "b"], identity_labels=["a"])


def test_protected_features_on_text_input_fail_when_the_callback_is_made(tmp_path):
    with pytest.raises(ValueError, match="tabular"):
        PredictionSensitivityCallback(tmp_path, TOKENS, v="mask", protected=[1], embedding_layer="emb")


def test_a_multi_label_model_is_read_as_sigmoid_scores_when_told(tmp_path):
    inp = keras.Input((5,))
    model = keras.Model(inp, keras.layers.Dense(3, activation="sigmoid")(inp))
    with pytest.raises(ValueError, match="a probability row that sums to"):  # "auto" reads three outputs as softmax
        PredictionSensitivityCallback(tmp_path, TABULAR[:8]).collect(model)
    collector = PredictionSensitivityCallback(tmp_path, TABULAR[:8], output="sigmoid").collect(model)
    assert collector.summary("uniform")["n_defined"] == 8
    with pytest.raises(ValueError, match="output must be one of"):
        PredictionSensitivityCallback(tmp_path, TABULAR, output="probs")


# -- item 13: each choice carries its own protected features ------------------


def test_mask_and_proxy_adjusted_share_a_one_element_protected_list(tmp_path):
    cb = PredictionSensitivityCallback(tmp_path, TABULAR, v=["mask", "proxy_adjusted"], protected=[3])
    assert {name: c.indices for name, c in cb._choices.items()} == {"mask": (3,), "proxy_adjusted": (3,)}


def test_each_choice_carries_its_own_protected_features(tmp_path):
    model = tabular_model()
    v = {"sex": VChoice.mask([3]), "age": VChoice.mask([1, 2]), "sex, adjusted": VChoice.proxy_adjusted([3])}
    with pytest.raises(ValueError, match="v has neither"):  # a protected no choice reads is refused, not ignored
        PredictionSensitivityCallback(tmp_path, TABULAR, v=v, protected=[0])
    cb = PredictionSensitivityCallback(tmp_path, TABULAR, v=dict(v, first="mask"), protected=[0], sample_size=8, top_k=2)
    # the shared protected fills the choice named "mask", no VChoice
    assert [c.indices for c in cb._choices.values()] == [(3,), (1, 2), (3,), (0,)]
    collector = cb.collect(model)
    import tb_bias_plugin

    for name, choice in v.items():  # each choice's P is the one computed with that choice alone
        direct = tb_bias_plugin.prediction_sensitivity(model, TABULAR, v=choice)
        assert collector.summary(name)["mean"] == pytest.approx(float(np.nanmean(direct.P)), rel=1e-6)
    assert collector.summary("sex")["mean"] != pytest.approx(collector.summary("age")["mean"], rel=1e-6)


def test_class_names_of_another_k_fail_when_training_begins(tmp_path):
    # K is known then: they failed only at the first epoch's end, after a whole epoch of training
    cb = PredictionSensitivityCallback(tmp_path, TABULAR[:8], class_names=["a", "b", "c"])
    with pytest.raises(ValueError, match="^3 class names for K = 2 classes$"):
        begin(cb, tabular_model())
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []
    begin(PredictionSensitivityCallback(tmp_path, TABULAR[:8], class_names=["a", "b"]), tabular_model())
    with pytest.raises(ValueError, match="w must sum to 1"):
        PredictionSensitivityCallback(tmp_path, TABULAR, w=[5.0, 7.0])


def proxy_data(shuffled=False):
    """Column 0 a proxy of a binary column 3, the rows sorted by column 3 (its first batches hold one
    group) unless ``shuffled``."""
    rng = np.random.default_rng(1)
    x = rng.normal(size=(150, 5)).astype("float32")
    x[:, 3] = np.arange(150) >= 110
    x[:, 0] += x[:, 3]
    return rng.permutation(x) if shuffled else x


@pytest.mark.parametrize("batch_size, shuffled", [(7, False), (64, False), (256, False), (64, True)])
def test_proxy_slopes_come_from_all_of_x_val_whatever_the_batch_size(tmp_path, batch_size, shuffled):
    # the slopes were fitted on each batch: P moved with batch_size, and a batch of one group failed the fit
    import tb_bias_plugin

    x, model = proxy_data(shuffled), tabular_model()
    direct = tb_bias_plugin.prediction_sensitivity(model, x, v=VChoice.proxy_adjusted([3])).P
    cb = PredictionSensitivityCallback(tmp_path, x, v={"sex": VChoice.proxy_adjusted([3])}, batch_size=batch_size)
    summary = cb.collect(model).summary("sex")
    for stat, value in {"mean": np.mean(direct), "median": np.median(direct), "max": np.max(direct)}.items():
        assert summary[stat] == pytest.approx(float(value), rel=1e-6), stat


def test_a_protected_column_constant_over_x_val_fails_when_the_callback_is_made(tmp_path):
    x = proxy_data()[:100]  # one group only
    with pytest.raises(ValueError, match=r"^x_val: protected column 3 is constant: its proxy slopes are undefined"):
        PredictionSensitivityCallback(tmp_path, x, v=["mask", "proxy_adjusted"], protected=[3])
    PredictionSensitivityCallback(tmp_path, x, v="mask", protected=[3])  # a mask needs no slopes


def test_proxy_adjusted_names_one_feature():
    assert VChoice.proxy_adjusted([3]) == VChoice.proxy_adjusted(3) == VChoice.parse("proxy_adjusted", [3])
    with pytest.raises(ValueError, match=r"one protected feature; got \[1, 2\]: give each feature its own choice"):
        VChoice.parse("proxy_adjusted", protected=[1, 2])
    with pytest.raises(ValueError, match="needs a feature index; got 'sex'"):
        VChoice.proxy_adjusted("sex")


# -- item 11: the callbacks print nothing the user did not cause --------------

NOT_THE_USERS = ("structure of `inputs`", "retracing")


class PredictTracings(keras.callbacks.Callback):
    """Records, after every epoch, how often the model's predict function was traced."""

    def __init__(self):
        super().__init__()
        self.counts = []
        self.functions = set()

    def on_epoch_end(self, epoch, logs=None):
        self.functions.add(id(self.model.predict_function))
        self.counts.append(self.model.predict_function.experimental_get_tracing_count())


@pytest.fixture
def fresh_tracing_detector(monkeypatch):
    """TensorFlow's "triggered tf.function retracing" warning counts traces per Python
    function across the whole process: every Keras model's predict function shares one
    counter, so models that other tests made earlier in this worker would count here."""
    try:  # TensorFlow's private module (2.12 and later)
        from tensorflow.python.eager.polymorphic_function import polymorphic_function as module
        manager = module._FrequentTracingDetectorManager()
    except (ImportError, AttributeError):
        return False  # then the warning counts other tests' models: the test relies on its direct counts
    monkeypatch.setattr(module, "_frequent_tracing_detector_manager", manager)
    return True


def traced_once_per_shape(tracings):
    # one predict function for the whole fit; the first epoch traces a full batch and the last, partial
    # one (Keras's own predict does the same), and reduce_retracing makes the second trace fit every batch
    return len(tracings.functions) == 1 and tracings.counts[0] <= 2 and len(set(tracings.counts)) == 1


@pytest.mark.training
def test_callbacks_on_a_text_and_a_tabular_model_warn_of_nothing_they_cause(tmp_path, fresh_tracing_detector):
    caught_logs = []
    handler = logging.Handler()
    handler.emit = lambda record: caught_logs.append(record.getMessage())  # type: ignore[method-assign]
    tf_logger = logging.getLogger("tensorflow")
    tf_logger.addHandler(handler)
    text_tracings, tabular_tracings = PredictTracings(), PredictTracings()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")  # every occurrence, not the first per line
            keras.utils.set_random_seed(0)
            text = text_model()
            text.fit(TOKENS, np.arange(96) % 3, epochs=3, batch_size=32, verbose=0, callbacks=[
                AssociationTableCallback(tmp_path / "text", TOKENS[:70], label_names=["a", "b", "c"],
                                         identity_labels=["a", "b"], batch_size=32),
                PredictionSensitivityCallback(tmp_path / "text", TOKENS[:70], embedding_layer="emb",
                                              tokens=WORDS[TOKENS[:70]], batch_size=32, sample_size=8),
                RepresentationBiasCallback(tmp_path / "text", TOKENS, np.arange(96) % 2, layers=["pool", "fc1"],
                                           steps=30, eval_every=10, control=False, batch_size=40),
                text_tracings,
            ])
            tabular = tabular_model()
            tabular.fit(TABULAR, np.arange(96) % 2, epochs=3, batch_size=32, verbose=0, callbacks=[
                AssociationTableCallback(tmp_path / "tab", TABULAR[:70], label_names=["no", "yes"],
                                         identity_labels=["yes"], batch_size=32),
                PredictionSensitivityCallback(tmp_path / "tab", TABULAR[:70], v=["mask", "proxy_adjusted"],
                                              protected=[3], batch_size=32, sample_size=8),
                RepresentationBiasCallback(tmp_path / "tab", TABULAR, np.arange(96) % 2, layers=["fc1"],
                                           steps=30, eval_every=10, control=False, batch_size=40),
                tabular_tracings,
            ])
    finally:
        tf_logger.removeHandler(handler)
    messages = [str(w.message) for w in caught] + caught_logs
    not_the_users = NOT_THE_USERS if fresh_tracing_detector else tuple(s for s in NOT_THE_USERS if s != "retracing")
    assert not [m for m in messages if any(s in m for s in not_the_users)]
    assert traced_once_per_shape(text_tracings), text_tracings.counts
    assert traced_once_per_shape(tabular_tracings), tabular_tracings.counts
    # the callbacks did run: three epochs of each measure in each run
    logged = fx.read_logdir(tmp_path)
    for run in ("text/validation", "tab/validation"):
        assert {step for (r, _, step) in logged if r == run} == {0, 1, 2}
    assert len({tag for (r, tag, _) in logged if r == "tab/validation"}) == 3


def test_float_groups_fail_when_the_sensitivity_callback_is_made(tmp_path):
    # the label rule once ran first at the end of the first epoch, and training crashed there
    with pytest.raises(ValueError, match="groups must be all strings or all integers; got 0.0"):
        PredictionSensitivityCallback(tmp_path, TABULAR, groups=[0.0, 1.0] * 48)
    PredictionSensitivityCallback(tmp_path, TABULAR, groups=np.array([[b"f"], [b"m"]] * 48))  # a string column


@pytest.mark.parametrize("case, message", [
    ("unbatched", r"^validation_data yields single examples \(shape \(8,\); the model takes batches of rank 2\): batch "
                  r"it, e\.g\. dataset\.batch\(256\)$"),
    # a Sequential without Input declares no input rank: the model's own error, with the same advice
    ("unbatched, no Input", r"^validation_data: the model cannot take its first element \(shape \(8,\)\): if the "
                            r"dataset yields single examples, batch it, e\.g\. dataset\.batch\(256\) \("),
    ("logits", r"^the model's output on row \d+ of validation_data has a negative score"),
    ("three names", r"^the model's output must be \[batch, 3\] scores, one per label name; got shape \(8, 4\)"),
])
def test_the_association_callback_meets_the_model_before_training(tmp_path, case, message):
    # each failed only when the first epoch ended, after a whole epoch of training
    import keras
    import tensorflow as tf

    from tb_bias_plugin.callbacks import AssociationTableCallback

    keras.utils.set_random_seed(0)
    x = np.random.default_rng(0).normal(size=(32, 8)).astype(np.float32)
    dense = keras.layers.Dense(4, activation=None if case == "logits" else "sigmoid")
    model = keras.Sequential([dense] if case == "unbatched, no Input" else [keras.Input((8,)), dense])
    model.compile("sgd", "mse")
    names = ["man", "woman", "bike", "car"][: 3 if case == "three names" else 4]
    data = tf.data.Dataset.from_tensor_slices(x) if case.startswith("unbatched") else x
    callback = AssociationTableCallback(str(tmp_path), data, label_names=names, identity_labels=["man", "woman"])
    epochs = []
    with pytest.raises(ValueError, match=message):
        model.fit(x, np.zeros((32, 4)), epochs=1, verbose=0,
                  callbacks=[callback, keras.callbacks.LambdaCallback(on_epoch_begin=lambda e, logs: epochs.append(e))])
    assert epochs == [] and list(tmp_path.rglob("*.tfevents.*")) == []


@pytest.mark.parametrize("data, shown", [(None, "None"), ((row for row in np.zeros((4, 2))), "a generator")])
def test_validation_data_the_association_callback_cannot_read_is_named(data, shown):
    # was "object of type 'NoneType' has no len()"
    from tb_bias_plugin.callbacks import AssociationTableCallback

    with pytest.raises(ValueError, match=r"^validation_data must be arrays .* or a batched tf\.data\.Dataset; got %s$"
                                         % shown):
        AssociationTableCallback("unused", data, label_names=["a", "b"], identity_labels=["a"])


def test_a_dataset_that_repeats_forever_needs_steps_when_the_association_callback_is_made():
    # it was read forever at the first epoch end
    import tensorflow as tf

    repeated = tf.data.Dataset.from_tensor_slices(TABULAR).batch(8).repeat()
    with pytest.raises(ValueError, match=r"^validation_data repeats forever .*: pass steps=, the batches to read at "
                                         r"each epoch end, as Keras's validation_steps$"):
        AssociationTableCallback("unused", repeated, label_names=["a", "b"], identity_labels=["a"])
    with pytest.raises(ValueError, match="^steps counts the batches of a tf.data.Dataset; array validation_data"):
        AssociationTableCallback("unused", TABULAR, label_names=["a", "b"], identity_labels=["a"], steps=2)
    with pytest.raises(ValueError, match="steps"):
        AssociationTableCallback("unused", repeated, label_names=["a", "b"], identity_labels=["a"], steps=0)
    AssociationTableCallback("unused", repeated, label_names=["a", "b"], identity_labels=["a"], steps=3)


@pytest.mark.parametrize("x, shown", [
    (lambda: __import__("tensorflow").data.Dataset.from_tensor_slices(TABULAR).batch(8), "a tf.data.Dataset"),
    (lambda: (row for row in TABULAR), "a generator"),
    (lambda: None, "None"),
])
def test_inputs_the_representation_callback_cannot_read_are_named_when_it_is_made(tmp_path, x, shown):
    # a dataset was an IndexError ("tuple index out of range")
    with pytest.raises(ValueError, match=r"^x must be the model's inputs as arrays \(an array, or a list or dict of "
                                         r"arrays\), got %s$" % shown):
        RepresentationBiasCallback(tmp_path, x(), np.arange(96) % 2, layers=["fc1"])


def test_the_representation_callback_reads_keras_x_y_and_meets_the_model_before_training(tmp_path):
    # (x, y) was read as two inputs: the model refused them after a whole epoch of training
    labels = np.arange(96) % 2
    callback = RepresentationBiasCallback(tmp_path, (TABULAR, labels), labels, layers=["fc1"])
    begin(callback, tabular_model())
    assert callback._activations(4)[0].shape == (4, 6)
    with pytest.raises(ValueError, match=r"expected axis -1 of input shape to have value 5, but received input with "
                                         r"shape \(8, 3\)"):  # Keras's own words
        begin(RepresentationBiasCallback(tmp_path, TABULAR[:, :3], labels, layers=["fc1"]), tabular_model())


def test_a_reused_representation_callback_measures_the_model_it_is_given(tmp_path):
    # it kept the first model's layers: a second fit logged model a's activations under model b
    labels = np.arange(96) % 2
    callback = RepresentationBiasCallback(tmp_path, TABULAR, labels, layers=["fc1"])
    a, b = tabular_model(), tabular_model()
    b.get_layer("fc1").kernel.assign(np.zeros((5, 6), "float32"))
    b.get_layer("fc1").bias.assign(np.full(6, 0.5, "float32"))  # b's fc1 gives 0.5 everywhere
    begin(callback, a)
    assert not np.allclose(callback._activations(4)[0], 0.5)
    begin(callback, b)
    np.testing.assert_array_equal(callback._activations(4)[0], np.full((4, 6), 0.5, "float32"))


class Subclassed(keras.Model):
    def __init__(self):
        super().__init__()
        self.fc1 = keras.layers.Dense(6, activation="relu", name="fc1")
        self.out = keras.layers.Dense(2, activation="softmax", name="out")

    def call(self, x):
        return self.out(self.fc1(x))


def nested_model():
    base = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu", name="fc1")], name="base")
    return keras.Sequential([keras.Input((5,)), base, keras.layers.Dense(2, activation="softmax", name="out")])


@pytest.mark.parametrize("make, layer, direct", [
    (lambda: keras.Sequential([keras.layers.Dense(6, activation="relu", name="fc1"),
                               keras.layers.Dense(2, activation="softmax", name="out")]), "fc1",
     lambda model, x: model.get_layer("fc1")(x)),
    (Subclassed, "fc1", lambda model, x: model.fc1(x)),
    (nested_model, "base/fc1", lambda model, x: model.get_layer("base")(x)),
])
def test_the_representation_callback_reads_layers_of_models_without_symbolic_outputs(tmp_path, make, layer, direct):
    # a Sequential without keras.Input or a subclassed model failed when training began with Keras's
    # "The layer fc1 has never been called and thus has no defined output"; a nested layer could not be named
    model = make()
    model.compile("adam", "sparse_categorical_crossentropy")
    callback = RepresentationBiasCallback(tmp_path, TABULAR, np.arange(96) % 2, layers=[layer])
    begin(callback, model)
    np.testing.assert_allclose(callback._activations(10)[0], np.asarray(direct(model, TABULAR[:10])), rtol=1e-6)


def test_a_nested_layer_named_alone_is_refused_naming_its_path(tmp_path):
    callback = RepresentationBiasCallback(tmp_path, TABULAR, np.arange(96) % 2, layers=["fc1"])
    with pytest.raises(ValueError, match=r"^layers: the model has no layer 'fc1'; its layers are 'base', 'base/fc1', "
                                         r"'out' \(a nested model's layer by its path, 'outer/inner'\)$"):
        begin(callback, nested_model())


def two_headed(kind):
    """A model whose outputs are class probabilities and an age, as a list or a dict."""
    keras.utils.set_random_seed(0)
    inp = keras.Input((5,))
    h = keras.layers.Dense(6, activation="relu", name="fc1")(inp)
    probs = keras.layers.Dense(2, activation="softmax", name="probs")(h)
    age = keras.layers.Dense(1, name="age")(h)
    outputs = [probs, age] if kind == "list" else {"labels": probs, "age": age}
    return keras.Model(inp, outputs), keras.Model(inp, probs)


@pytest.mark.parametrize("kind, head, names", [("list", "probs", "'probs', 'age'"), ("list", 0, "'probs', 'age'"),
                                               ("dict", "labels", "'labels', 'age'")])
def test_the_callbacks_read_the_head_of_a_model_of_several_outputs(tmp_path, kind, head, names):
    # a list output failed with NumPy's "inhomogeneous shape", a dict with "[batch, 2] scores ... got shape ()"
    from tb_bias_plugin import CooccurrenceCounter

    model, probs_only = two_headed(kind)
    made = [lambda **kw: AssociationTableCallback(tmp_path / "a", TABULAR, label_names=["no", "yes"],
                                                  identity_labels=["yes"], **kw),
            lambda **kw: PredictionSensitivityCallback(tmp_path / "s", TABULAR, **kw)]
    for make in made:
        with pytest.raises(ValueError, match=f"^the model has 2 outputs, {names}: pass head=, the index or name of "
                                             "the one to read$"):
            begin(make(), model)
        with pytest.raises(ValueError, match="^head='nope': the model has no output 'nope'; its outputs are "):
            begin(make(head="nope"), model)
    association, sensitivity = made[0](head=head), made[1](head=head, sample_size=8)
    for callback in (association, sensitivity):
        begin(callback, model)
    association.on_epoch_end(0)
    association.on_train_end()
    table = fx.read_logdir(tmp_path / "a")["validation", "associations", 0][2]
    assert table == CooccurrenceCounter(["no", "yes"], ["yes"]).update(probs_only.predict(TABULAR, verbose=0)).table()
    import tb_bias_plugin

    direct = tb_bias_plugin.prediction_sensitivity(probs_only, TABULAR).P
    assert sensitivity.collect(model).summary("uniform")["mean"] == pytest.approx(float(np.mean(direct)), rel=1e-6)


def test_a_head_of_a_model_without_symbolic_outputs_is_refused_when_training_begins(tmp_path):
    class TwoHeads(keras.Model):
        def __init__(self):
            super().__init__()
            self.probs, self.age = keras.layers.Dense(2, activation="softmax"), keras.layers.Dense(1)

        def call(self, x):
            return [self.probs(x), self.age(x)]

    with pytest.raises(ValueError, match="^head= takes one output of a model with symbolic outputs"):
        begin(PredictionSensitivityCallback(tmp_path, TABULAR, head=0), TwoHeads())
    # one output and no symbolic ones (a Sequential without Input): head=0 is that output (was refused
    # as 'Sequential has none')
    one = keras.Sequential([keras.layers.Dense(3, activation="softmax")])
    one(TABULAR[:1])
    begin(PredictionSensitivityCallback(tmp_path, TABULAR, head=0, v="mask", protected=[0]), one)
    with pytest.raises(ValueError, match="^the model has 2 outputs, indexed 0 to 1: pass head=, the index of"):
        begin(PredictionSensitivityCallback(tmp_path, TABULAR), TwoHeads())
    with pytest.raises(ValueError, match="^head must be the index"):
        PredictionSensitivityCallback(tmp_path, TABULAR, head=True)


class Batches(keras.utils.PyDataset):
    """Four batches of TABULAR's rows."""

    def __len__(self):
        return 4

    def __getitem__(self, i):
        return TABULAR[24 * i:24 * (i + 1)]


def test_a_py_dataset_is_refused_by_name_when_the_sensitivity_callback_is_made(tmp_path):
    # NumPy stacked its batches into [4, 24, 5], read as text embeddings: the model failed on its shape
    with pytest.raises(ValueError, match=r"^x_val is a Keras PyDataset; pass its inputs as one array"):
        PredictionSensitivityCallback(tmp_path, Batches())


def test_a_list_of_rows_is_refused_naming_what_to_pass(tmp_path):
    # the representation callback raised a bare IndexError, the association callback "got a float"
    rows = TABULAR.tolist()
    with pytest.raises(ValueError, match=r"^x is a list of rows: pass them as one array, np\.asarray\(x\)"):
        RepresentationBiasCallback(tmp_path, rows, np.arange(96) % 2, layers=["fc1"])
    with pytest.raises(ValueError, match=r"^validation_data is a list of rows: pass them as one array"):
        AssociationTableCallback(tmp_path, rows, label_names=["a", "b"], identity_labels=["a"])
