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
