"""The Keras callback logs a table of validation predictions each epoch."""

import numpy as np
import pytest
import tensorflow as tf

from tb_bias_plugin import CooccurrenceCounter
from tb_bias_plugin.callbacks import AssociationTableCallback
from test_association_summary import _read_back

pytestmark = pytest.mark.training

LABELS = ["man", "woman", "bike", "dress", "tree"]


def _model():
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(len(LABELS), activation="sigmoid")])
    model.compile(optimizer="sgd", loss="binary_crossentropy")
    return model


def test_callback_logs_one_table_per_epoch(tmp_path):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 4)).astype("float32")
    y = (rng.random((64, len(LABELS))) < 0.3).astype("float32")
    model = _model()
    callback = AssociationTableCallback(
        str(tmp_path), x[:40], label_names=LABELS, identity_labels=["man", "woman"], batch_size=16
    )
    model.fit(x, y, epochs=2, verbose=0, callbacks=[callback])
    tables = _read_back(str(tmp_path))
    assert sorted(tables) == [("validation", "associations", 0), ("validation", "associations", 1)]
    want = CooccurrenceCounter(LABELS, ["man", "woman"]).update(model.predict(x[:40], verbose=0)).table()
    assert tables["validation", "associations", 1][1] == want


def test_callback_accepts_datasets_and_attributes(tmp_path):
    rng = np.random.default_rng(1)
    x = rng.normal(size=(30, 4)).astype("float32")
    dataset = tf.data.Dataset.from_tensor_slices((x, x)).batch(8)
    model = _model()
    model.fit(x, np.zeros((30, len(LABELS))), epochs=1, verbose=0,
              callbacks=[AssociationTableCallback(str(tmp_path / "a"), dataset, label_names=LABELS, identity_labels=["man"])])
    groups = rng.choice(["f", "m"], size=30)
    model.fit(x, np.zeros((30, len(LABELS))), epochs=1, verbose=0,
              callbacks=[AssociationTableCallback(str(tmp_path / "b"), x, label_names=LABELS,
                                                  identity_labels=["f", "m"], identities=groups, name="groups")])
    table_a = _read_back(str(tmp_path / "a"))["validation", "associations", 0][1]
    table_b = _read_back(str(tmp_path / "b"))["validation", "groups", 0][1]
    assert table_a.num_examples == table_b.num_examples == 30
    assert table_b.identity_counts[0].tolist() == [int((groups == "f").sum()), int((groups == "m").sum())]


def test_callback_reads_steps_batches_of_a_repeated_dataset(tmp_path):
    # a repeated dataset, the usual partner of validation_steps, was read forever at the first epoch end
    x = np.random.default_rng(1).normal(size=(30, 4)).astype("float32")
    repeated = tf.data.Dataset.from_tensor_slices((x, np.zeros((30, len(LABELS)), "float32"))).batch(8).repeat()
    model = _model()
    model.fit(x, np.zeros((30, len(LABELS))), epochs=1, verbose=0, validation_data=repeated, validation_steps=4,
              callbacks=[AssociationTableCallback(str(tmp_path), repeated, label_names=LABELS, identity_labels=["man"],
                                                  steps=4)])
    table = _read_back(str(tmp_path))["validation", "associations", 0][1]
    assert table == CooccurrenceCounter(LABELS, ["man"]).update(model.predict(x, verbose=0)).table()


def test_callback_takes_identities_as_per_example_name_lists(tmp_path):
    rng = np.random.default_rng(3)
    x = rng.normal(size=(20, 4)).astype("float32")
    # ragged: some examples have no attribute, some one, some two
    ids = [[], ["f"], ["m"], ["f", "m"]] * 5
    model = _model()
    model.fit(x, np.zeros((20, len(LABELS))), epochs=1, verbose=0, callbacks=[
        AssociationTableCallback(str(tmp_path), x, label_names=LABELS, identity_labels=["f", "m"],
                                 identities=ids, batch_size=6)])
    table = _read_back(str(tmp_path))["validation", "associations", 0][1]
    want = CooccurrenceCounter(LABELS, ["f", "m"]).update(model.predict(x, verbose=0), identities=ids).table()
    assert table == want
    assert table.identity_counts[0].tolist() == [10, 10]
    assert table.identity_cooccurrence[0].tolist() == [[10, 5], [5, 10]]


def test_callback_validates_arguments_up_front():
    with pytest.raises(ValueError, match="not in label_names"):
        AssociationTableCallback("/tmp/x", np.zeros((2, 4)), label_names=LABELS, identity_labels=["nobody"])
    for bad in (0, True, 2.0):  # an integer, not a bool or a float (core.validation.check_integer)
        with pytest.raises(ValueError, match="batch_size"):
            AssociationTableCallback("/tmp/x", np.zeros((2, 4)), label_names=LABELS, identity_labels=["man"],
                                     batch_size=bad)
    # a NumPy integer is an integer
    AssociationTableCallback("/tmp/x", np.zeros((2, 4)), label_names=LABELS, identity_labels=["man"],
                             batch_size=np.int64(2))
    with pytest.raises(ValueError, match="identities has 3 rows but validation_data has 2"):
        AssociationTableCallback("/tmp/x", np.zeros((2, 4)), label_names=LABELS, identity_labels=["f"],
                                 identities=[["f"], [], ["f"]])


def test_callback_takes_keras_style_validation_data(tmp_path):
    rng = np.random.default_rng(2)
    x = rng.normal(size=(50, 4)).astype("float32")
    model = _model()
    model.fit(x, np.zeros((50, len(LABELS))), epochs=1, verbose=0, callbacks=[
        AssociationTableCallback(str(tmp_path / "t"), (x, np.zeros((50, 5))), label_names=LABELS,
                                 identity_labels=["man"], batch_size=7)])
    table = _read_back(str(tmp_path / "t"))["validation", "associations", 0][1]
    want = CooccurrenceCounter(LABELS, ["man"]).update(model.predict(x, verbose=0)).table()
    assert table == want

    inputs = {"a": tf.keras.Input((2,), name="a"), "b": tf.keras.Input((2,), name="b")}
    out = tf.keras.layers.Dense(len(LABELS), activation="sigmoid")(tf.keras.layers.Concatenate()([inputs["a"], inputs["b"]]))
    dict_model = tf.keras.Model(inputs, out)
    dict_model.compile(optimizer="sgd", loss="binary_crossentropy")
    data = {"a": x[:, :2], "b": x[:, 2:]}
    dict_model.fit(data, np.zeros((50, len(LABELS))), epochs=1, verbose=0, callbacks=[
        AssociationTableCallback(str(tmp_path / "d"), data, label_names=LABELS, identity_labels=["man"], batch_size=16)])
    table = _read_back(str(tmp_path / "d"))["validation", "associations", 0][1]
    assert table == CooccurrenceCounter(LABELS, ["man"]).update(dict_model.predict(data, verbose=0)).table()


def test_tf_function_gets_a_clear_error(tmp_path):
    from tb_bias_plugin import summary

    @tf.function
    def log():
        summary.association_table("t", [["man"]], label_names=LABELS, identity_labels=["man"], step=0)

    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        with pytest.raises(ValueError, match="eager"):
            log()


def test_callback_keeps_examples_by_row_index_or_an_id_column(tmp_path):
    rng = np.random.default_rng(5)
    x = rng.normal(size=(50, 4)).astype("float32")
    model = _model()
    ids = ["photo-%d" % i for i in range(50)]
    by_column = AssociationTableCallback(
        str(tmp_path / "column"), x, label_names=LABELS, identity_labels=["man", "woman"], batch_size=16,
        example_ids=np.array(ids), example_text=["caption %d" % i for i in range(50)], examples_per_cell=3)
    by_index = AssociationTableCallback(
        str(tmp_path / "index"), tf.data.Dataset.from_tensor_slices(x).batch(16), label_names=LABELS,
        identity_labels=["man", "woman"], example_ids="index", examples_per_cell=3)
    model.fit(x, np.zeros((50, len(LABELS))), epochs=1, verbose=0, callbacks=[by_column, by_index])
    scores = model.predict(x, verbose=0)
    want = CooccurrenceCounter(LABELS, ["man", "woman"], examples_per_cell=3).update(
        scores, example_ids=ids, example_text=["caption %d" % i for i in range(50)]).table()
    got = _read_back(str(tmp_path / "column"))["validation", "associations", 0][1]
    assert got == want and got.examples.texts
    want_index = CooccurrenceCounter(LABELS, ["man", "woman"], examples_per_cell=3).update(
        scores, example_ids=range(50)).table()
    assert _read_back(str(tmp_path / "index"))["validation", "associations", 0][1] == want_index


def test_callback_checks_example_arguments_up_front():
    x = np.zeros((10, 4), "float32")
    with pytest.raises(ValueError, match="has 9 rows but validation_data has 10"):
        AssociationTableCallback("/tmp/unused", x, label_names=LABELS, identity_labels=["man"], example_ids=list(range(9)))
    with pytest.raises(ValueError, match="need example_ids"):
        AssociationTableCallback("/tmp/unused", x, label_names=LABELS, identity_labels=["man"], example_text=["a"] * 10)
    with pytest.raises(ValueError, match='can only be "index"'):
        AssociationTableCallback("/tmp/unused", tf.data.Dataset.from_tensor_slices(x), label_names=LABELS,
                                 identity_labels=["man"], example_ids=list(range(10)))


@pytest.mark.parametrize("kwargs, match", [
    # a review: these failed only after the first epoch had trained
    (dict(example_ids=[1.5] * 10), r"example_ids\[0\] must be a string or an integer, got 1.5"),
    (dict(example_ids=list(range(10)), example_text=[1] * 10), r"example_text\[0\] must be a string or None"),
    (dict(identities=[["f"]] * 9 + [["zz"]], identity_labels=["f", "m"]),
     r"identities\[9\] has names that are not among the 2 given: 'zz'; add them to identity_labels"),
])
def test_callback_checks_ids_text_and_identities_before_the_first_epoch(tmp_path, kwargs, match):
    x = np.zeros((10, 4), "float32")
    args = dict(label_names=LABELS, identity_labels=["man"])
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        AssociationTableCallback(str(tmp_path), x, **args)
    assert not list(tmp_path.iterdir())


def test_a_dataset_with_an_id_array_gets_the_callbacks_own_message():
    # once NumPy's "truth value of an array is ambiguous", from comparing the array with "index"
    x = np.zeros((10, 4), "float32")
    with pytest.raises(ValueError, match='with a dataset, example_ids can only be "index"'):
        AssociationTableCallback("/tmp/unused", tf.data.Dataset.from_tensor_slices(x).batch(5), label_names=LABELS,
                                 identity_labels=["man"], example_ids=np.arange(10))
