"""A second record under the same run, tag and step replaces the first in TensorBoard, silently: the
writer warns (a RewrittenStepWarning naming the tag and step) and writes it, as a notebook rerun may mean it."""

import math
import shutil
import warnings

import numpy as np
import pytest

import plugin_fixtures as fx
from tb_bias_plugin import summary
from tb_bias_plugin.measures.representation.entropy import RepresentationBiasResult
from tb_bias_plugin.writing.events import RewrittenStepWarning


def result(bias=0.4):
    h = math.log(2)
    return RepresentationBiasResult(
        bias=bias, mutual_information=bias * h, mutual_information_sampled=bias * h, entropy=h,
        control_bias=0.0, control_mutual_information=0.0, control_biases=np.zeros(2),
        control_mutual_informations=np.zeros(2), train_curve=np.zeros(200), heldout_steps=np.arange(100, 201, 100),
        heldout_curve=np.zeros(2), validation_curve=np.zeros(2), class_counts=[3000, 3000], n=6000, n_train=4200,
        n_heldout=1800, settings={"steps": 200, "seed": 0}, flags=(), best_step=100)


def test_one_layer_per_call_at_one_step_warns_and_says_to_pass_a_mapping(tmp_path):
    with summary.Writer(tmp_path / "run") as writer:
        writer.representation_bias("sex", result(), layer="fc1", step=0)
        with pytest.warns(RewrittenStepWarning, match=r"tag 'sex' of .*run already has a record at step 0, written by "
                                                      r"this process: TensorBoard shows only one of them.*"
                                                      r"\{layer: result, \.\.\.\}") as caught:
            writer.representation_bias("sex", result(), layer="fc2", step=0)
    assert caught[0].filename == __file__  # the warning names the caller's line
    layers = [layer.layer for layer in fx.read_logdir(tmp_path)["run", "sex", 0][2].layers]
    assert layers in (["fc1"], ["fc2"])  # written, and one of the two hidden


def test_other_steps_tags_runs_and_the_mapping_form_do_not_warn(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RewrittenStepWarning)
        with summary.Writer(tmp_path / "run") as writer:
            writer.representation_bias("sex", {"fc1": result(), "fc2": result()}, step=0)
            writer.representation_bias("sex", {"fc1": result(), "fc2": result()}, step=1)
            writer.representation_bias("race", {"fc1": result()}, step=1)
        with summary.Writer(tmp_path / "other") as writer:
            writer.representation_bias("sex", {"fc1": result()}, step=0)


def test_the_warning_of_other_measures_has_no_layer_advice(tmp_path):
    with summary.Writer(tmp_path / "run") as writer:
        writer.association_table("gender", fx.counter(1))  # step None is step 0
        with pytest.warns(RewrittenStepWarning, match=r"tag 'gender' .* step 0") as caught:
            writer.association_table("gender", fx.counter(2), step=0)
    assert "layer" not in str(caught[0].message)


def test_a_cleared_logdir_forgets_its_steps(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RewrittenStepWarning)
        with summary.Writer(tmp_path / "run") as writer:
            writer.association_table("gender", fx.counter(1), step=0)
        shutil.rmtree(tmp_path / "run")
        with summary.Writer(tmp_path / "run") as writer:
            writer.association_table("gender", fx.counter(1), step=0)


def test_the_tf_summary_twins_warn_and_refuse_as_the_writer_does(tmp_path):
    # the twins wrote a second record at a step, and another measure under a tag, without a word: the
    # tag then held two measures and every route of it answered 422
    tf = pytest.importorskip("tensorflow")
    first, other = (tf.summary.create_file_writer(str(tmp_path / name)) for name in ("run", "other"))
    with first.as_default():
        summary.association_table("gender", fx.counter(1), step=0)
        with pytest.warns(RewrittenStepWarning, match=r"tag 'gender' of the default tf.summary writer already has "
                                                      r"a record at step 0") as caught:
            summary.association_table("gender", fx.counter(2), step=0)
        assert caught[0].filename == __file__
        with pytest.raises(ValueError, match=r"tag 'gender' of the default tf.summary writer already holds "
                                             r"association records"):
            summary.representation_bias("gender", {"fc1": result()}, step=1)
        with tf.name_scope("eval"), warnings.catch_warnings():
            warnings.simplefilter("error", RewrittenStepWarning)
            summary.association_table("gender", fx.counter(1), step=0)  # the tag 'eval/gender'
    with other.as_default(), warnings.catch_warnings():
        warnings.simplefilter("error", RewrittenStepWarning)
        summary.association_table("gender", fx.counter(1), step=0)  # another writer: another run
    first.close()
    other.close()
    logged = fx.read_logdir(tmp_path)
    assert sorted(logged) == [("other", "gender", 0), ("run", "eval/gender", 0), ("run", "gender", 0)]


def test_a_keras_callbacks_warning_names_the_users_fit_line(tmp_path):
    tf = pytest.importorskip("tensorflow")
    from tb_bias_plugin.callbacks import AssociationTableCallback

    x = np.random.default_rng(0).normal(size=(16, 3)).astype("float32")
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, activation="sigmoid")])
    model.compile("sgd", "mse")
    callback = AssociationTableCallback(tmp_path, x, label_names=["man", "woman"], identity_labels=["man", "woman"])
    model.fit(x, np.zeros((16, 2)), epochs=1, verbose=0, callbacks=[callback])
    with pytest.warns(RewrittenStepWarning) as caught:
        model.fit(x, np.zeros((16, 2)), epochs=1, verbose=0, callbacks=[callback])  # step 0 again
    assert caught[0].filename == __file__  # was keras/src/callbacks/callback_list.py


def test_an_earlier_step_written_after_later_ones_warns_that_they_are_hidden(tmp_path):
    # a reused callback's second fit from epoch 0: TensorBoard's data server hid steps 1 and 2 without a word
    with summary.Writer(tmp_path / "run") as writer:
        writer.association_table("gender", fx.counter(1), step=1)
        writer.association_table("gender", fx.counter(1), step=2)
        with pytest.warns(RewrittenStepWarning, match=r"tag 'gender' of .*run already has records up to step 2, "
                                                      r"written by this process: with step 0 written after them, "
                                                      r"TensorBoard's data server hides those later steps"):
            writer.association_table("gender", fx.counter(1), step=0)
        with warnings.catch_warnings():
            warnings.simplefilter("error", RewrittenStepWarning)
            writer.association_table("gender", fx.counter(1), step=3)  # going on: no warning
            writer.association_table("race", fx.counter(1), step=0)  # another tag
