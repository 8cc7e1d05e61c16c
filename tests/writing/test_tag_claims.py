"""One tag, one measure: a second measure's record under a tag this process wrote would hide the first's
(TensorBoard lists one series per run and tag), so the writer refuses it before writing."""

import os
import shutil

import numpy as np
import pytest

import plugin_fixtures as fx
from tb_bias_plugin import summary


def pools():
    return np.random.default_rng(0).random((2, 2, 30))


def test_a_second_measure_under_a_tag_is_refused_before_anything_is_written(tmp_path):
    with summary.Writer(tmp_path / "eval") as writer:
        writer.association_table("gender", fx.counter(1), step=0)
        writer.association_table("gender", fx.counter(2), step=1)  # the same measure: more steps
    files = sorted(os.listdir(tmp_path / "eval"))
    with summary.Writer(tmp_path / "eval") as writer:  # another Writer, as a second callback has
        a, b = pools()
        with pytest.raises(ValueError, match=r"tag 'gender' of .*eval already holds association records, written by "
                                             r"this process: a discrepancy record under the same tag would hide them"):
            writer.prediction_discrepancy("gender", a, b, step=1)
        writer.prediction_discrepancy("age", a, b, step=1)  # its own tag
    with summary.Writer(tmp_path / "other") as writer:  # another run: its own series
        writer.prediction_discrepancy("gender", a, b, step=1)
    assert len(os.listdir(tmp_path / "eval")) == len(files) + 1  # the refused record made no file of its own
    read = fx.read_logdir(tmp_path)
    assert {key: value[0]["measure"] for key, value in read.items()} == {
        ("eval", "gender", 0): "association", ("eval", "gender", 1): "association",
        ("eval", "age", 1): "discrepancy", ("other", "gender", 1): "discrepancy"}


def test_a_cleared_logdir_frees_its_tags(tmp_path):
    """A notebook rerun into a deleted logdir may use a tag for another measure."""
    with summary.Writer(tmp_path / "eval") as writer:
        writer.association_table("gender", fx.counter(1), step=0)
    shutil.rmtree(tmp_path / "eval")
    with summary.Writer(tmp_path / "eval") as writer:
        writer.prediction_discrepancy("gender", *pools(), step=0)
    assert fx.read_logdir(tmp_path)[("eval", "gender", 0)][0]["measure"] == "discrepancy"
