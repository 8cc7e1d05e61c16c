"""The Keras callbacks' writer lifecycle: lazy, flushed per epoch, closed on train end."""

import os
import subprocess
import sys

import numpy as np
import pytest

import plugin_fixtures as fx
from tb_bias_plugin.measures.association import builder
from tb_bias_plugin.measures.association.metadata import MEASURE_ID, PAYLOAD_NUMBER
from tb_bias_plugin.measures.discrepancy import metadata as discrepancy_metadata
from tb_bias_plugin.writing.keras import ValidationRecordWriter


class _Log(ValidationRecordWriter):
    def __init__(self, log_dir):
        self._init_writer(log_dir, MEASURE_ID, PAYLOAD_NUMBER, "a *note*")


def _event_files(log_dir):
    run = log_dir / "validation"
    return sorted(os.listdir(run)) if run.exists() else []


def test_importing_the_module_imports_no_tensorflow():
    code = "import sys, tb_bias_plugin.writing.keras; print('tensorflow' in sys.modules, 'keras' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_records_go_to_the_validation_run_and_the_writer_closes_on_train_end(tmp_path):
    log = _Log(tmp_path)
    assert _event_files(tmp_path) == [] and log._writer is None  # nothing opened before the first write
    counters = {step: fx.counter(step, n=50 + step) for step in (0, 1, 2)}
    tables = {step: builder.association_table(c) for step, c in counters.items()}
    log._write_records([("gender", tables[0]), ("gender_2", tables[0])], 0)
    log._write_records([("gender", tables[1])], 1)
    assert len(_event_files(tmp_path)) == 1  # one writer for both epochs
    # flushed after every epoch: readable while training goes on
    assert set(fx.read_logdir(tmp_path)) == {("validation", "gender", 0), ("validation", "gender_2", 0),
                                             ("validation", "gender", 1)}
    log.on_train_end()
    assert log._writer is None
    log.on_train_end()  # twice is harmless
    log._write_records([("gender", tables[2])], 2)  # a second fit() opens a new file
    log.on_train_end()
    assert len(_event_files(tmp_path)) == 2
    records = fx.read_logdir(tmp_path)
    assert sorted(records) == [("validation", "gender", 0), ("validation", "gender", 1),
                               ("validation", "gender", 2), ("validation", "gender_2", 0)]
    for step, counter in counters.items():
        listing, description, value = records["validation", "gender", step]
        assert listing["measure"] == MEASURE_ID and description == "a *note*"
        assert value.num_examples == 50 + step
        np.testing.assert_array_equal(value.label_counts, counter.table().label_counts)


class _Other(ValidationRecordWriter):
    def __init__(self, log_dir):
        self._init_writer(log_dir, discrepancy_metadata.MEASURE_ID, discrepancy_metadata.PAYLOAD_NUMBER)


def test_a_callback_refuses_a_tag_another_callback_wrote_another_measure_under(tmp_path):
    """Two callbacks of one fit naming their tags alike (the representation callback names its tag after an
    attribute): the second measure under the tag would hide the first's records, so it is refused before
    its callback opens a file."""
    first, second = _Log(tmp_path), _Other(tmp_path)
    first._write_records([("gender", builder.association_table(fx.counter(0, n=50)))], 0)
    files = _event_files(tmp_path)
    try:
        with pytest.raises(ValueError, match=r"tag 'gender' of .*validation already holds association records"):
            second._write_records([("gender", b"never encoded")], 0)
        assert _event_files(tmp_path) == files and second._writer is None
    finally:
        first.on_train_end()
