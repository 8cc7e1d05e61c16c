"""A notebook rerun deletes the logdir a writer still has open: the next record starts a new event file,
with the header event every event file begins with."""

import os
import shutil

from tensorboard.backend.event_processing.event_file_loader import RawEventFileLoader
from tensorboard.compat.proto import event_pb2

import plugin_fixtures as fx
from tb_bias_plugin import summary


def first_events(run_dir):
    """``[(file_version, tag)]`` of each event file of ``run_dir``'s first two events."""
    found = []
    for name in sorted(os.listdir(run_dir)):
        events = [event_pb2.Event.FromString(r) for r in RawEventFileLoader(os.path.join(run_dir, name)).Load()]
        found.append([(e.file_version, e.summary.value[0].tag if e.summary.value else "") for e in events[:2]])
    return found


def test_a_deleted_logdir_gets_a_new_event_file_with_its_header(tmp_path):
    writer = summary.Writer(tmp_path / "run")
    writer.association_table("gender", fx.counter(1), step=0)
    shutil.rmtree(tmp_path / "run")
    writer.association_table("gender", fx.counter(2), step=1)
    assert first_events(tmp_path / "run") == [[("brain.Event:2", ""), ("", "gender")]]
    writer.close()
    assert set(fx.read_logdir(tmp_path)) == {("run", "gender", 1)}


def test_a_deleted_and_recreated_logdir_gets_its_header_back(tmp_path):
    writer = summary.Writer(tmp_path / "run")
    writer.association_table("gender", fx.counter(1), step=0)
    shutil.rmtree(tmp_path / "run")
    os.makedirs(tmp_path / "run")
    writer.association_table("gender", fx.counter(2), step=0)
    writer.close()
    assert first_events(tmp_path / "run") == [[("brain.Event:2", ""), ("", "gender")]]
