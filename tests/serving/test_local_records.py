"""Records of a local logdir read from their event files (serving/event_files.py's
LocalRecords): the same bytes TensorBoard's provider serves, for the write it
kept, and the provider's own read whenever a file cannot be trusted. Reads
are counted, never timed; the speed is measured by benchmarks/bench_steps.py."""

import os
import struct
import time

import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.serving.event_files import LocalRecords, RecordScanner
from tb_bias_plugin.storage import metadata, record

ROUTES = {"discrepancy": "discrepancy_steps", "sensitivity": "sensitivity_steps", "representation": "representation/series"}


def demo_series(measure):
    """``(tag, summary value, [stored bytes])``: every distinct record of the first
    (run, tag) of ``measure`` in the committed demo logdir."""
    from tensorboard.backend.event_processing import event_file_loader

    first = None
    blobs = []
    for path in sorted(fx.DEMO_LOGS.glob("*/events.out.tfevents*")):
        for event in event_file_loader.EventFileLoader(str(path)).Load():
            for value in event.summary.value:
                if value.metadata.plugin_data.plugin_name == metadata.PLUGIN_NAME and first is None:
                    if REGISTRY.envelope.decode(value.tensor.string_val[0])[0] == measure:
                        first = (path.parent, value.tag, value)
                if first is not None and (path.parent, value.tag) == first[:2] and value.tensor.string_val:
                    if value.tensor.string_val[0] not in blobs:
                        blobs.append(value.tensor.string_val[0])
    assert first is not None and len(blobs) >= 2
    return first[1], first[2], blobs


def write_series(logdir, measure, run="run", steps=12, rewritten=3):
    """Steps 0..steps-1 of ``measure`` (the demo's records in turn), each write in a file
    of its own (named in the order written), then step ``rewritten`` written again with another record."""
    tag, value, blobs = demo_series(measure)
    for step in range(steps):
        fx.write_record(logdir, run, value, blobs[step % len(blobs)], step=step)
    fx.write_record(logdir, run, value, blobs[(rewritten + 1) % len(blobs)], step=rewritten)
    return tag


def provider_of(logdir, samples=0):
    """TensorBoard's Python data provider over ``logdir``, keeping ``samples`` steps of a tag (0: all)."""
    from tensorboard.backend.event_processing import data_provider, plugin_event_multiplexer

    multiplexer = plugin_event_multiplexer.EventMultiplexer(tensor_size_guidance={metadata.PLUGIN_NAME: samples})
    multiplexer.AddRunsFromDirectory(str(logdir))
    multiplexer.Reload()
    return data_provider.MultiplexerDataProvider(multiplexer, str(logdir))


def listed(provider, run, tag):
    from tensorboard import context

    data = provider.read_blob_sequences(context.RequestContext(), experiment_id="", plugin_name=metadata.PLUGIN_NAME,
                                        downsample=1_000_000)
    return data[run][tag]


def provider_blob(provider, datum):
    from tensorboard import context

    return provider.read_blob(context.RequestContext(), blob_key=datum.values[0].blob_key)


def counting_app(logdir, monkeypatch, from_files=True):
    """``(client, source, calls)``: the plugin over ``logdir`` and a count of the provider's blob reads."""
    app, _ = fx.make_app(logdir)
    source = next(p for p in app._plugins if p.plugin_name == "tb_bias")._source
    if not from_files:
        monkeypatch.setattr(source, "_local", None)
    calls = {"blob": 0}
    real = source._provider.read_blob
    monkeypatch.setattr(source._provider, "read_blob", lambda *a, **k: calls.__setitem__("blob", calls["blob"] + 1) or real(*a, **k))
    return Client(app), source, calls


@pytest.mark.parametrize("run", ["run", "nested/run"])
def test_the_bytes_read_from_the_files_are_the_providers_for_each_listed_step(tmp_path, run):
    tag = write_series(tmp_path, "discrepancy", run=run, steps=10, rewritten=3)
    scanner = RecordScanner(str(tmp_path))
    assert len(scanner.rewritten()[run, tag][3]) == 2
    every, sampled = provider_of(tmp_path), provider_of(tmp_path, samples=4)  # TensorBoard keeps 4 of the 10 steps
    for provider in (every, sampled):
        data = listed(provider, run, tag)
        with LocalRecords(scanner, run, tag, data) as local:
            for datum in data:
                blob = local.read(datum.step, datum.wall_time)
                assert blob is not None and blob == provider_blob(provider, datum), datum.step
    assert [d.step for d in listed(every, run, tag)] == list(range(10))  # the rewritten step listed once
    kept = {d.step for d in listed(sampled, run, tag)}
    assert 0 < len(kept) < 10
    # a step sampled out is in the index, but nothing asks for it: requests read what the provider lists
    out = [(d.step, d.wall_time) for d in listed(every, run, tag) if d.step not in kept]
    assert sorted(scanner.locate(run, tag, out)) == [s for s, _ in out]


def test_a_write_is_read_only_where_exactly_one_has_the_listed_wall_time(tmp_path):
    tag = write_series(tmp_path, "discrepancy", steps=5, rewritten=2)
    scanner = RecordScanner(str(tmp_path))
    first, second = scanner.rewritten()["run", tag][2]
    assert list(scanner.locate("run", tag, [(2, first), (4, 12345.0), (99, first)])) == [2]  # no time nor step never written
    assert scanner.locate("run", tag, [(2, first)])[2] != scanner.locate("run", tag, [(2, second)])[2]  # each write its own
    for bad in ("..", "../run", "/run", "run/..", "", "missing"):
        assert scanner.locate(bad, tag, [(0, first)]) == {}
    assert RecordScanner("gs://bucket/logs").locate("run", tag, [(0, 1.0)]) == {}


def test_the_root_of_the_logdir_is_the_run_named_dot(tmp_path):
    tag = write_series(tmp_path, "representation", run=".", steps=3, rewritten=1)
    provider = provider_of(tmp_path)
    data = listed(provider, ".", tag)
    with LocalRecords(RecordScanner(str(tmp_path)), ".", tag, data) as local:
        assert [local.read(d.step, d.wall_time) for d in data] == [provider_blob(provider, d) for d in data]


@pytest.mark.parametrize("measure", sorted(ROUTES))
def test_across_steps_answers_are_the_same_read_from_files_or_from_the_provider(tmp_path, monkeypatch, measure):
    tag = write_series(tmp_path, measure, steps=12, rewritten=3)
    answers = {}
    for from_files in (True, False):
        client, _, calls = counting_app(tmp_path, monkeypatch, from_files)
        answers[from_files] = fx.get_json(client, ROUTES[measure], run="run", tag=tag)
        one = fx.get_json(client, measure, run="run", tag=tag, step="3")  # the single-step route reads from the file too
        answers[from_files, "step 3"] = one
        assert calls["blob"] == (0 if from_files else 13)  # 12 steps of the series, then step 3 whole
    assert answers[True] == answers[False] and answers[True, "step 3"] == answers[False, "step 3"]


def test_a_file_changed_since_it_was_scanned_is_read_through_the_provider(tmp_path, monkeypatch):
    tag = write_series(tmp_path, "sensitivity", steps=6, rewritten=2)
    client, source, calls = counting_app(tmp_path, monkeypatch)  # the provider read every file already
    expected = fx.get_json(client, "sensitivity_steps", run="run", tag=tag)
    assert calls["blob"] == 0
    wall_times = {d.step: d.wall_time for d in listed(source._provider, "run", tag)}
    where = RecordScanner(str(tmp_path)).locate("run", tag, wall_times.items())
    assert sorted(where) == list(range(6))

    def read_again(provider_reads):
        forget_parts(source)
        before = calls["blob"]
        assert fx.get_json(client, "sensitivity_steps", run="run", tag=tag) == expected
        assert calls["blob"] - before == provider_reads

    # cut short: read again from its start, and the record no longer there asked of the provider
    data = open(where[0].path, "rb").read()
    open(where[0].path, "wb").write(data[: len(data) // 2])
    read_again(1)
    # changed in place, the same length: the event there is not the write listed (another wall time)
    with open(where[1].path, "r+b") as handle:
        handle.seek(where[1].offset + 12)  # the Event's first field: its wall time (a double)
        assert handle.read(9)[1:] == struct.pack("<d", wall_times[1])
        handle.seek(where[1].offset + 13)
        handle.write(struct.pack("<d", wall_times[1] + 1))
    read_again(2)  # the records of steps 0 and 1
    # replaced by another file under its name (rotated): its record has another wall time
    _, value, blobs = demo_series("sensitivity")
    fx.write_record(tmp_path / "other", "x", value, blobs[0], step=4)
    os.replace(next((tmp_path / "other" / "x").iterdir()), where[4].path)
    read_again(3)
    # removed: the provider still serves what it read
    os.remove(where[5].path)
    read_again(4)


def forget_parts(source):
    """Empty the plugin's cache of across-steps parts, so that the next request reads every record."""
    from tb_bias_plugin.core.lru import LRU

    source._parts = LRU(100_000, 1 << 30)


def test_an_unreadable_record_is_the_same_422_read_from_its_file(tmp_path, monkeypatch):
    import copy

    _, tag, value, payload = fx.demo_records()["discrepancy"]
    number = REGISTRY["discrepancy"].payload_number
    broken = copy.deepcopy(payload)
    broken.replicates[0].pair_sums.zlib_data = broken.replicates[0].pair_sums.zlib_data[:5]
    fx.write_record(tmp_path, "run", value, record.encode(number, payload), steps=range(3))
    fx.write_record(tmp_path, "run", value, record.encode(number, broken), step=3)
    bodies = []
    for from_files in (True, False):
        client, _, calls = counting_app(tmp_path, monkeypatch, from_files)
        bodies.append(fx.get_json(client, "discrepancy_steps", status=422, run="run", tag=tag))
        bodies.append(fx.get_json(client, "discrepancy", status=422, run="run", tag=tag, step="3"))
        assert calls["blob"] == (0 if from_files else 4)  # the unreadable step is remembered: read once
    assert bodies[:2] == bodies[2:] and "pair_sums" in bodies[0]["error"]


def test_the_runs_listing_reads_the_latest_records_from_their_files(tmp_path, monkeypatch):
    tag = write_series(tmp_path, "representation", steps=4, rewritten=1)
    client, _, calls = counting_app(tmp_path, monkeypatch)
    [entry] = [t for r in fx.get_json(client, "runs")["runs"] for t in r["tags"] if t["tag"] == tag]
    assert entry["steps"] == [0, 1, 2, 3] and entry["rewritten_steps"][0]["writes"] == 2
    assert calls["blob"] == 0


def test_the_bytes_read_from_the_files_are_the_rust_data_servers(tmp_path):
    """TensorBoard's default loader is its Rust data server: the bytes it serves for each
    listed step (the write it kept: the last read) are the ones read from the files."""
    from tensorboard import context
    from tensorboard.data import grpc_provider, server_ingester
    from tensorboard.util import grpc_util

    # the rewrite is of the last step: the data server drops the steps after one written again
    runs = {"run": write_series(tmp_path, "discrepancy", steps=6, rewritten=5),
            "nested/run": write_series(tmp_path, "sensitivity", run="nested/run", steps=3, rewritten=2),
            ".": write_series(tmp_path, "representation", run=".", steps=2, rewritten=1)}
    ingester = server_ingester.SubprocessServerDataIngester(
        server_ingester.get_server_binary(), str(tmp_path), reload_interval=0,  # 0: load once
        channel_creds_type=grpc_util.ChannelCredsType.LOCAL, samples_per_plugin={metadata.PLUGIN_NAME: 0})
    ingester.start()
    provider = ingester.data_provider
    assert isinstance(provider, grpc_provider.GrpcDataProvider)
    ctx = context.RequestContext()
    scanner = RecordScanner(str(tmp_path))
    compared = 0
    for run, tag in runs.items():
        data, seen, deadline = [], [], time.monotonic() + 60
        while len(seen) < 3 or len(set(seen[-3:])) > 1 or not data:  # loaded in the background: until it settles
            assert time.monotonic() < deadline, "the data server listed no stable series of %r" % run
            time.sleep(0.2)
            data = provider.read_blob_sequences(ctx, experiment_id="", plugin_name=metadata.PLUGIN_NAME,
                                                downsample=1000).get(run, {}).get(tag, [])
            seen.append(tuple((d.step, d.wall_time) for d in data))
        with LocalRecords(scanner, run, tag, data) as local:
            for datum in data:
                blob = local.read(datum.step, datum.wall_time)
                assert blob is not None and blob == provider.read_blob(ctx, blob_key=datum.values[0].blob_key), (run, datum.step)
                compared += 1
        if run == "run":
            assert [d.step for d in data] == list(range(6))  # the rewritten step 5 among them
    assert compared >= 9  # what the server kept of the 11 steps (it drops some after a rewrite)


class _CountingFile:
    """A file whose reads are counted in ``read_bytes``."""

    def __init__(self, handle, read_bytes):
        self._handle, self._read_bytes = handle, read_bytes

    def read(self, *args):
        data = self._handle.read(*args)
        self._read_bytes[0] += len(data)
        return data

    def __getattr__(self, name):
        return getattr(self._handle, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._handle.close()


def test_the_scan_stops_at_a_length_that_fails_its_checksum(tmp_path, monkeypatch):
    # a file followed by 200 MB of zeros (preallocated, or cut by a crash) was walked 16 bytes at a time, at
    # 5 MB/s, as empty records; TensorBoard's readers stop at the first length whose checksum fails
    from tb_bias_plugin.serving import event_files

    tag = write_series(tmp_path, "discrepancy", steps=2, rewritten=1)
    path = sorted((tmp_path / "run").iterdir())[0]
    offset, written = path.stat().st_size, sum(p.stat().st_size for p in (tmp_path / "run").iterdir())
    with open(path, "ab") as f:
        f.write(bytes(1 << 20))
    read_bytes = [0]
    monkeypatch.setattr(event_files, "open", lambda *a: _CountingFile(open(*a), read_bytes), raising=False)
    scanner = RecordScanner(str(tmp_path))
    assert len(scanner.rewritten()["run", tag][1]) == 2  # every record before the zeros is read
    assert read_bytes[0] <= written + 12, read_bytes[0]
    corrupt = scanner.corrupt()
    assert corrupt == [{"run": "run", "tag": None, "error": "event file %s: the record at byte %d has a corrupt length "
                        "(its checksum does not match); TensorBoard reads nothing of the file after it"
                        % (path.name, offset)}]
    scanner.rewritten()
    assert read_bytes[0] <= written + 24  # asked again: the one header, again
    client = Client(fx.make_app(tmp_path)[0])
    assert fx.get_json(client, "runs")["unreadable"] == corrupt


def test_a_long_read_of_one_runs_file_holds_up_no_other_run(tmp_path, monkeypatch):
    # the index's one lock was held across every file's read: a large file met for the first time held up
    # every route, of every run, until it was read
    import threading

    from tb_bias_plugin.serving import event_files

    tag = write_series(tmp_path, "discrepancy", run="slow", steps=2, rewritten=1)
    write_series(tmp_path, "discrepancy", run="other", steps=2, rewritten=1)
    reading, release, released = threading.Event(), threading.Event(), []
    real = event_files._new_records

    def slow(path, state):
        if os.sep + "slow" + os.sep in path and not reading.is_set():
            reading.set()
            released.append(release.wait(30))  # False only if the other run's read waited for this one
        return real(path, state)

    monkeypatch.setattr(event_files, "_new_records", slow)
    scanner = RecordScanner(str(tmp_path))
    first = threading.Thread(target=scanner.locate, args=("slow", tag, [(0, 0.0)]))
    first.start()
    assert reading.wait(30)
    assert scanner.locate("other", tag, [(0, 0.0)]) == {}  # answered while the slow run's file is being read
    release.set()
    first.join()
    assert released == [True]


@pytest.mark.parametrize("change, why", [
    (lambda v: setattr(v.metadata, "data_class", 2), "its metadata's data class is 2, not a blob sequence (3)"),
    (lambda v: setattr(v.tensor, "dtype", 1), "its records are tensors of type 1, not strings (7)"),
])
def test_a_tag_written_in_a_form_tensorboard_drops_is_listed_unreadable(tmp_path, change, why):
    # TensorBoard's data server drops such a tag without a word: it vanished from the tab
    from tensorboard.compat.proto import summary_pb2

    _, _, value, payload = fx.demo_records()["association"]
    fx.write_record(tmp_path, "clean", value, record.encode(16, payload))
    value = summary_pb2.Summary.Value.FromString(value.SerializeToString())
    change(value)
    fx.write_record(tmp_path, "odd", value, record.encode(16, payload))
    scanner = RecordScanner(str(tmp_path))
    scanner.rewritten()
    assert scanner.unserved() == {("odd", value.tag): why}
    runs = fx.get_json(Client(fx.make_app(tmp_path)[0]), "runs")
    assert [(u["run"], u["tag"]) for u in runs["unreadable"]] == [("odd", value.tag)]  # said once
    # the Python loader lists a float tensor and fails to read it (said so); the data server lists it not
    assert why in runs["unreadable"][0]["error"] or "data loader failed" in runs["unreadable"][0]["error"]
    assert [r["run"] for r in runs["runs"]] == ["clean"]
