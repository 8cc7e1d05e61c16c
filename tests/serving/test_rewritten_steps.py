"""`runs` says when a (run, tag, step) was written more than once, and which write the tab shows."""

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import summary
from tb_bias_plugin.serving.event_files import RecordScanner


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
