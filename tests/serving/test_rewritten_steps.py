"""`runs` says when a (run, tag, step) was written more than once, and which write the tab shows."""

import os

import numpy as np
import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import summary
from tb_bias_plugin.serving.event_files import RecordScanner

# these tests write steps twice on purpose, which the writer warns of (tests/writing/test_rewritten_step_warning.py)
pytestmark = pytest.mark.filterwarnings("ignore::tb_bias_plugin.writing.events.RewrittenStepWarning")


def write(logdir, run, n, step=0, tag="gender"):
    with summary.Writer(logdir / run) as writer:
        writer.association_table(tag, fx.counter(seed=n, n=n), step=step)


def tags_of(client):
    return {(r["run"], t["tag"]): t for r in fx.get_json(client, "runs")["runs"] for t in r["tags"]}


def test_a_step_written_twice_is_listed_with_the_write_shown(tmp_path):
    write(tmp_path, "eval", 101)  # two quickstart blocks logging "gender" at step 0 into one run
    write(tmp_path, "eval", 102)
    write(tmp_path, "eval", 103, step=1)
    write(tmp_path, "other", 104)
    write(tmp_path, "other", 105, tag="age")
    client = Client(fx.make_app(tmp_path)[0])
    tags = tags_of(client)
    assert tags["eval", "gender"]["steps"] == [0, 1]
    shown = fx.get_json(client, "table", run="eval", tag="gender", step="0")["num_examples"]
    # which write TensorBoard kept depends on its loader; the field names the one the table shows
    which = tags["eval", "gender"]["rewritten_steps"]
    assert which == [{"step": 0, "writes": 2, "shown": [101, 102].index(shown) + 1}]
    assert tags["other", "gender"]["rewritten_steps"] == [] and tags["other", "age"]["rewritten_steps"] == []

    write(tmp_path, "other", 106)  # a job writing while TensorBoard runs: read from where the scan stopped
    assert tags_of(client)["other", "gender"]["rewritten_steps"][0]["writes"] == 2


def test_the_scan_reads_only_what_was_appended(tmp_path):
    scanner = RecordScanner(str(tmp_path))
    assert scanner.rewritten() == {}
    write(tmp_path, "a/b", 50)
    assert scanner.rewritten() == {}
    write(tmp_path, "a/b", 51)
    found = scanner.rewritten()
    assert list(found) == [("a/b", "gender")] and len(found["a/b", "gender"][0]) == 2
    assert scanner.rewritten() == found  # nothing new: the same answer, every event read once
    with summary.Writer(tmp_path / "a/b") as writer:  # a new step is no rewrite
        writer.association_table("gender", fx.counter(seed=1, n=20), step=5)
    assert set(scanner.rewritten()["a/b", "gender"]) == {0}


def test_a_logdir_that_is_not_a_local_directory_reports_no_rewrites(tmp_path):
    assert RecordScanner("gs://bucket/logs").rewritten() == {}
    assert RecordScanner("").rewritten() == {}
    assert RecordScanner(str(tmp_path / "missing")).rewritten() == {}
    (tmp_path / "events.out.tfevents.1.x").write_bytes(b"\x00" * 40)  # a corrupt event file hides nothing
    write(tmp_path, "eval", 30)
    assert RecordScanner(str(tmp_path)).rewritten() == {}


def test_a_record_half_written_is_read_when_complete(tmp_path):
    write(tmp_path, "eval", 60)
    write(tmp_path, "eval", 61)
    [first, second] = sorted((tmp_path / "eval").iterdir())
    data = second.read_bytes()
    second.write_bytes(data[: len(data) - 7])  # the job is still writing the second table
    scanner = RecordScanner(str(tmp_path))
    assert scanner.rewritten() == {}
    second.write_bytes(data)
    assert len(scanner.rewritten()["eval", "gender"][0]) == 2


def test_the_scan_imports_no_tensorflow(tmp_path):
    import subprocess
    import sys

    write(tmp_path, "eval", 70)
    code = ("import sys; from tb_bias_plugin.serving.event_files import RecordScanner; "
            "RecordScanner(sys.argv[1]).rewritten(); print('tensorflow' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"]  # importing it would take seconds on the first `runs`


def test_a_run_deleted_and_written_again_is_a_rewrite_only_while_its_deleted_write_is_shown(tmp_path):
    """A user deletes a run's directory and runs the job again under its name. The steps of the files
    no longer there are not counted as writes on disk; but TensorBoard's Python loader keeps the first
    write it read, the deleted one, and then the tab says so (before, it said nothing: review); a loader
    that shows the write on disk (the data server keeps the last) has nothing to say."""
    import shutil

    app, multiplexer = fx.make_app(tmp_path)
    client = Client(app)
    scanner = RecordScanner(str(tmp_path))
    for n in (40, 41):
        write(tmp_path, "job", n, step=0)
        write(tmp_path, "job", n, step=1)
        write(tmp_path, "kept", n, step=n)  # another run, untouched
        multiplexer.AddRunsFromDirectory(str(tmp_path))
        multiplexer.Reload()  # TensorBoard's reload
        assert scanner.rewritten() == {}
        shown = tags_of(client)["job", "gender"]["rewritten_steps"]
        assert shown == ([] if n == 40 else [{"step": 0, "writes": 2, "shown": 1}, {"step": 1, "writes": 2, "shown": 1}])
        shutil.rmtree(tmp_path / "job")
    assert scanner.rewritten() == {}
    assert all(os.path.exists(path) for path in scanner._files)  # nothing kept of deleted files but wall times
    assert set(scanner._writes) == {("kept", "gender")}
    assert set(scanner.gone()) == {("job", "gender")}
    scanner.drop_gone("job", "gender", [0, 1])  # what runs does when the write shown is on disk
    assert scanner.gone() == {}


def test_a_deleted_file_is_forgotten_when_its_run_is_read(tmp_path):
    """`locate` (the fast read of one run) forgets its run's deleted files too, not only `runs`."""
    write(tmp_path, "job", 42)
    [old] = (tmp_path / "job").iterdir()
    scanner = RecordScanner(str(tmp_path))
    assert scanner.locate("job", "gender", [(0, -1.0)]) == {} and list(scanner._files) == [str(old)]
    os.remove(old)
    write(tmp_path, "job", 43)
    [new] = (tmp_path / "job").iterdir()
    assert scanner.locate("job", "gender", [(0, -1.0)]) == {} and list(scanner._files) == [str(new)]
    assert [len(w) for w in scanner._writes["job", "gender"].values()] == [1]


def test_a_run_behind_a_symbolic_link_is_scanned_once_and_its_rewrites_are_said(tmp_path):
    """TensorBoard lists runs through links to directories; the scan walked without following them, so
    a rewrite there went unsaid, and each `runs` forgot the files `locate` had read (review): read again
    from their first byte at the next load. A link back up does not loop."""
    elsewhere, logdir = tmp_path / "elsewhere", tmp_path / "logs"
    write(elsewhere, "job", 101)
    write(elsewhere, "job", 102)  # step 0 twice
    logdir.mkdir()
    os.symlink(elsewhere / "job", logdir / "linked")
    os.symlink(logdir, logdir / "loop")
    scanner = RecordScanner(str(logdir))
    assert scanner.locate("linked", "gender", [(0, -1.0)]) == {}
    assert {key: len(steps[0]) for key, steps in scanner.rewritten().items()} == {("linked", "gender"): 2}
    known = {path: state.offset for path, state in scanner._files.items()}
    assert len(known) == 2 and all(offset > 0 for offset in known.values())
    scanner.locate("linked", "gender", [(0, -1.0)])
    scanner.rewritten()
    assert {path: state.offset for path, state in scanner._files.items()} == known  # nothing read again
    tags = tags_of(Client(fx.make_app(logdir)[0]))
    assert [s["writes"] for s in tags["linked", "gender"]["rewritten_steps"]] == [2]


def test_a_directory_under_two_names_is_two_runs_each_read_once(tmp_path):
    """A `latest` link beside the directory it names: TensorBoard lists both runs. The loop guard skipped
    whichever name the walk met second, so `locate` read its files and every `runs` forgot them again
    (read from byte 0 at the next load), and counted their writes as deleted ones (review)."""
    logdir = tmp_path / "logs"
    for n in (101, 102):  # step 0 twice
        write(logdir, "b", n)
    (logdir / "a").mkdir()
    os.symlink(logdir / "b", logdir / "a" / "latest")
    scanner = RecordScanner(str(logdir) + "/")  # a trailing slash names the same directories
    for _ in range(3):
        scanner.locate("a/latest", "gender", [(0, -1.0)])
        rewrites = scanner.rewritten()
    assert {key: len(steps[0]) for key, steps in rewrites.items()} == {("a/latest", "gender"): 2, ("b", "gender"): 2}
    assert len(scanner._files) == 4 and scanner.gone() == {}


def test_a_deleted_file_not_written_again_is_no_rewrite_and_a_run_gone_for_good_is_forgotten(tmp_path):
    import shutil

    write(tmp_path, "job", 40, step=0)
    write(tmp_path, "rotated", 41, step=0)
    app, _ = fx.make_app(tmp_path)  # the Python loader keeps what it read
    client = Client(app)
    assert all(t["rewritten_steps"] == [] for t in tags_of(client).values())
    shutil.rmtree(tmp_path / "job")
    for old in (tmp_path / "rotated").iterdir():  # a job that rotates its files: nothing written again
        os.remove(old)
    tags = tags_of(client)  # the loader still lists both: said as no rewrite
    assert all(t["rewritten_steps"] == [] for t in tags.values())
    scanner = RecordScanner(str(tmp_path))
    assert scanner.rewritten() == {}
    scanner._gone[("job", "gender")] = {0: [1.0]}
    scanner.keep_gone({("rotated", "gender")})  # what runs does with the tags still listed
    assert set(scanner._gone) == set()


def test_the_steps_a_later_write_of_an_earlier_step_hides_are_named(tmp_path):
    """Steps 0-3, then step 2 again (a fix logged into the same run): TensorBoard's data server drops step 3,
    as for a job restarted from a checkpoint, and lists [0, 1, 2]; the files still hold step 3."""
    for step in (0, 1, 2, 3):
        write(tmp_path, "eval", 100 + step, step=step)
    write(tmp_path, "eval", 110, step=2)
    write(tmp_path, "fresh", 120, step=0)
    scanner = RecordScanner(str(tmp_path))
    scanner.rewritten()
    assert scanner.hidden_steps("eval", "gender", [0, 1, 2]) == [3]  # as the data server lists it
    assert scanner.hidden_steps("eval", "gender", [0, 1, 2, 3]) == []  # as --load_fast=false does
    assert scanner.hidden_steps("eval", "gender", [0, 2]) == [3]  # step 1 sampled out: not hidden by the rewrite
    write(tmp_path, "fresh", 121, step=1)  # written since TensorBoard last read: not yet listed, not hidden
    scanner.rewritten()
    assert scanner.hidden_steps("fresh", "gender", [0]) == []
    assert scanner.hidden_steps("nowhere", "gender", [0]) == []
    client = Client(fx.make_app(tmp_path)[0])  # the Python loader lists every step: nothing hidden
    assert tags_of(client)["eval", "gender"]["hidden_steps"] == []


def test_a_tag_holding_two_measures_is_said(tmp_path, monkeypatch):
    """An association table and then a DIPDI record under one tag (a Keras callback names its tag after an
    attribute): TensorBoard lists one measure per run and tag, so `runs` says the other's steps are hidden."""
    from tb_bias_plugin.writing import events

    write(tmp_path, "eval", 101, step=0)
    write(tmp_path, "clean", 102, step=0)
    monkeypatch.setattr(events, "_CLAIMED", {})  # as another process would: this one refuses (test_writer_claims)
    pools = np.random.default_rng(0).random((2, 2, 30))
    with summary.Writer(tmp_path / "eval") as writer:
        writer.prediction_discrepancy("gender", pools[0], pools[1], step=1)
    runs = fx.get_json(Client(fx.make_app(tmp_path)[0]), "runs")
    [entry] = runs["unreadable"]
    assert entry["run"] == "eval" and entry["tag"] == "gender"
    assert entry["error"].startswith("holds records of two measures, association at its first step and "
                                     "discrepancy at its latest: TensorBoard keeps one series per run and tag, so "
                                     "neither can be read as this tag")
    assert ("eval", "gender") not in tags_of(Client(fx.make_app(tmp_path)[0]))
    _assert_every_route_says(tmp_path, "eval", "gender", entry["error"])


def _assert_every_route_says(logdir, run, tag, error):
    """Every route of every measure that reads ``run``/``tag`` answers 422 with ``error``, as `runs` lists it:
    a tag listed unreadable was served with 200 by its latest step's measure, 404 by its other steps'."""
    from tb_bias_plugin.measures.registry import REGISTRY

    client = Client(fx.make_app(logdir)[0])
    params = {"/trend": {"label": "man"}, "/examples": {"label": "man"}, "/discrepancy_compare": {"run2": "clean"},
              "/representation/curve": {"layer": "x"}}
    for measure in ("association", "discrepancy"):
        for route in REGISTRY[measure].routes():
            for step in ({}, {"step": 0}):
                code, response = fx.get(client, route.lstrip("/"), run=run, tag=tag, **params.get(route, {}), **step)
                assert code == 422 and error in response.get_json()["error"], (route, step, response.get_data()[:300])


def test_metadata_naming_another_measure_than_the_records_is_said(tmp_path):
    # both steps hold association tables, the metadata says discrepancy: listed as association and as "holds
    # records of two measures, discrepancy at its first step and association at its latest"
    from tensorboard.compat.proto import summary_pb2

    from tb_bias_plugin.storage import record

    write(tmp_path, "clean", 102, step=0)
    _, _, value, payload = fx.demo_records()["association"]
    value = summary_pb2.Summary.Value.FromString(value.SerializeToString())
    value.metadata.plugin_data.content = record.plugin_data("discrepancy")
    fx.write_record(tmp_path, "eval", value, record.encode(16, payload), steps=[0, 1])
    runs = fx.get_json(Client(fx.make_app(tmp_path)[0]), "runs")
    error = ("its plugin metadata names discrepancy but its records hold association: the metadata contradicts "
             "the records")
    assert [(u["run"], u["tag"]) for u in runs["unreadable"]] == [("eval", value.tag)]
    assert runs["unreadable"][0]["error"].startswith(error)
    assert [r["run"] for r in runs["runs"]] == ["clean"]
    _assert_every_route_says(tmp_path, "eval", value.tag, error)
