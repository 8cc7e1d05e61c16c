"""Serving under hostile input and load: corrupt records, decompression
bombs, bounded caches, flags only for tags that exist."""

import json
import os
import socket
import threading
import tracemalloc

import numpy as np
import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import summary
from tb_bias_plugin.measures.association import codec, messages, metadata
from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.storage import arrays, record
from tb_bias_plugin.writing import events


def _write_payload(logdir, run, tag, payload_bytes, step=0):
    value = events.summary_value(tag, "association", metadata.PAYLOAD_NUMBER, codec.encode_table(fx.counter(0).table()), None)
    fx.write_record(logdir, run, value, payload_bytes, step)


def _bomb():
    """A small record whose header claims 200M float64 values (1.6 GB)."""
    message = codec.encode_table(fx.counter(0).table())
    message.label_counts.Clear()
    message.label_counts.dtype = "<f8"
    message.label_counts.shape.extend([1, 200_000_000])
    message.label_counts.zlib_data = __import__("zlib").compress(b"\0" * 200_000, 9)
    return record.encode(metadata.PAYLOAD_NUMBER, message)


def test_a_declared_size_is_checked_before_inflating():
    array = messages.Table().label_counts
    array.dtype, array.zlib_data = "<f8", __import__("zlib").compress(b"\0" * 10_000, 9)
    array.shape.extend([20_000_000])
    tracemalloc.start()
    with pytest.raises(ValueError, match=r"declares 160000000 bytes \(shape \(20000000,\)\) but holds only"):
        arrays.unpack(array, np.float64)
    assert tracemalloc.get_traced_memory()[1] < 1 << 20
    tracemalloc.stop()
    del array.shape[:]
    array.shape.extend([1250])  # fits the data: 10,000 bytes
    with pytest.raises(ValueError, match=r"shape \(1250,\), expected \(7,\)"):
        arrays.unpack(array, np.float64, (7,))
    assert arrays.unpack(array, np.float64, (None,)).shape == (1250,)


def test_a_bomb_is_a_422_twice_without_decoding_again(tmp_path, monkeypatch):
    _write_payload(tmp_path, "bomb", "gender", _bomb())
    client = Client(fx.make_app(tmp_path)[0])
    decodes = []
    real = type(REGISTRY).read
    monkeypatch.setattr(type(REGISTRY), "read", lambda self, data, part=None: decodes.append(1) or real(self, data, part))
    tracemalloc.start()
    first = fx.get_json(client, "table", status=422, run="bomb", tag="gender")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert "cannot be read" in first["error"] and "label_counts" in first["error"]
    assert peak < 64 << 20  # nothing near the 1.6 GB the header claims
    second = fx.get_json(client, "table", status=422, run="bomb", tag="gender")
    assert second == first and len(decodes) == 1  # remembered, not decoded again


def test_cached_computations_stay_within_their_memory_budget(tmp_path):
    from tb_bias_plugin.serving import source

    with summary.Writer(tmp_path / "run") as writer:
        writer.association_table("gender", fx.counter(0), step=0)
    app, multiplexer = fx.make_app(tmp_path)
    plugin = next(p for p in app._plugins if p.plugin_name == "tb_bias")
    budget = 64 << 10
    plugin._source = source.Source(plugin._source._provider, REGISTRY, max_derived_bytes=budget)
    plugin._services = type(plugin._services)(plugin._source, plugin._flags)
    client = Client(app)
    for smoothing in range(40):
        for metric in ("npmi_xy", "pmi", "dp"):
            fx.get_json(client, "table", run="run", tag="gender", smoothing=str(smoothing), metric=metric, x2="rest")
    derived = plugin._source._derived
    assert 0 < derived.nbytes <= budget and len(derived) > 3


def test_flags_only_for_tags_in_the_logdir_and_bounded(tmp_path, monkeypatch):
    from tb_bias_plugin.serving import flags as flags_module

    monkeypatch.setattr("tb_bias_plugin.serving.flags.directory_for_logdir", lambda _: str(tmp_path / "flags"))
    monkeypatch.setattr(flags_module, "MAX_TAG_BYTES", 100)
    with summary.Writer(tmp_path / "run") as writer:
        writer.association_table("gender", fx.counter(0), step=0)
    client = Client(fx.make_app(tmp_path)[0])

    def post(body):
        response = client.post(fx.PREFIX + "flags", data=json.dumps(body), content_type="application/json")
        return response.status_code, json.loads(response.get_data(as_text=True))

    code, body = post({"tag": "elsewhere", "flagged": ["x"], "hidden": [], "version": 0})
    assert code == 404 and "no run has a tag" in body["error"]
    response = client.get(fx.PREFIX + "flags?tag=elsewhere")  # was a 200 with empty lists
    assert response.status_code == 404 and "no run has a tag 'elsewhere'" in response.get_data(as_text=True)
    code, body = post({"tag": "gender", "flagged": ["y" * 200], "hidden": [], "version": 0})
    assert code == 413 and "at most 100 bytes" in body["error"]
    for tag in (" ", "t" * 1001, 3):  # the rule of every name: a 1,001-character tag was "not a non-empty string"
        code, body = post({"tag": tag, "flagged": [], "hidden": [], "version": 0})
        assert code == 400 and body["error"].startswith("flags body's 'tag' "), body
    code, body = post({"tag": "gender", "flagged": ["ok"], "hidden": [], "version": 0})
    assert code == 200 and body["flagged"] == ["ok"] and body["version"] == 1


def test_a_flags_body_shorter_than_its_content_length_is_answered_not_waited_for(tmp_path, monkeypatch):
    # a POST whose Content-Length promised more than it sent held a server thread as long as the client
    # kept the connection open; werkzeug's real server, since the wait is bounded on its socket
    from werkzeug.serving import make_server

    from tb_bias_plugin.serving import plugin

    monkeypatch.setattr("tb_bias_plugin.serving.flags.directory_for_logdir", lambda _: str(tmp_path / "flags"))
    monkeypatch.setattr(plugin, "_BODY_SECONDS", 1)
    with summary.Writer(tmp_path / "run") as writer:
        writer.association_table("gender", fx.counter(0), step=0)
    server = make_server("127.0.0.1", 0, fx.make_app(tmp_path)[0], threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    body = b'{"tag": "gender", "flagged": ["x"], "version": 0}'
    head = b"POST %sflags HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"

    def answer(stop_sending):
        with socket.create_connection(server.server_address, timeout=30) as connection:
            connection.sendall(head % (fx.PREFIX.encode(), len(body) + 50) + body)
            if stop_sending:
                connection.shutdown(socket.SHUT_WR)
            reply = b""
            while chunk := connection.recv(65536):
                reply += chunk
        status = int(reply.split(b" ", 2)[1])
        return status, json.loads(reply.split(b"\r\n\r\n", 1)[1])

    try:
        assert answer(stop_sending=False) == (
            408, {"error": "the flags body did not arrive within 1 s: its Content-Length is more than was sent"})
        assert answer(stop_sending=True) == (
            400, {"error": "the flags body ended early: its Content-Length is more than was sent"})
        response = Client(fx.make_app(tmp_path)[0]).get(fx.PREFIX + "flags?tag=gender")
        assert json.loads(response.get_data(as_text=True))["version"] == 0  # nothing was written
    finally:
        server.shutdown()
        thread.join()


def test_memory_is_given_back_at_most_once_per_interval(monkeypatch):
    from tb_bias_plugin.serving import memory

    calls = []
    monkeypatch.setattr(memory, "_TRIM", lambda pad: calls.append(pad) or 1)
    monkeypatch.setattr(memory, "_last", [0.0])
    clock = [100.0]
    now = lambda: clock[0]
    assert memory.release(now) and calls == [0]
    clock[0] += memory.INTERVAL / 2
    assert not memory.release(now) and len(calls) == 1
    clock[0] += memory.INTERVAL
    assert memory.release(now) and len(calls) == 2


def test_the_derived_budget_grows_with_the_largest_table(monkeypatch):
    from tb_bias_plugin.core.lru import LRU

    cache = LRU(10, 100)
    cache.bound(50)
    assert cache.max_bytes == 100  # never lowered
    cache.bound(300)
    assert cache.max_bytes == 300
    assert cache.put("a", 1, 200) == 0 and cache.put("b", 2, 200) == 1  # evicts past the new bound


def test_a_flags_file_of_the_maximum_size_is_parsed_once_not_per_request(tmp_path, monkeypatch):
    """The flags file is parsed once, then kept until it changes: table
    queries with the largest flags file the bounds allow do no per-request
    parsing (the speed with such a file is measured by benchmarks/bench_load.py)."""
    import json

    import plugin_fixtures as fx
    from plugin_fixtures import Client
    from tb_bias_plugin.serving import flags

    logdir = tmp_path / "logs"
    fx.write_logdir(logdir)
    monkeypatch.setattr(flags, "directory_for_logdir", lambda _: str(tmp_path / "flags"))
    client = Client(fx.make_app(logdir)[0])
    params = dict(run="model_a", tag="gender", limit="100")
    without = fx.get_json(client, "table", **params)

    store = flags.FlagStore(str(tmp_path / "flags"))
    names = ["a flagged label that is not in the table, number %07d" % i for i in range(flags.MAX_TAG_BYTES // 64)]
    tags = ["gender"] + ["other tag %d" % t for t in range(flags.MAX_TOTAL_BYTES // flags.MAX_TAG_BYTES - 1)]
    for tag in tags:
        store.put(tag, names[: len(names) // 2], names[len(names) // 2 :], 0)
    assert os.path.getsize(store.path) > flags.MAX_TOTAL_BYTES * 0.9
    parsed = []
    real_load = json.load
    monkeypatch.setattr(flags.json, "load", lambda f: parsed.append(1) or real_load(f))
    answers = [fx.get_json(client, "table", **params) for _ in range(15)]
    assert len(parsed) == 1  # parsed once, then kept in memory until the file changes
    # none of the flagged names is a label of the table, so the rows are unchanged
    assert all(a["rows"] == without["rows"] for a in answers)
    store.put("gender", names[:1], [], store.get("gender")["version"])
    fx.get_json(client, "table", **params)
    assert len(parsed) == 2  # a changed file is parsed again


def test_a_loaded_table_is_left_out_of_the_cycle_collectors_walks(tmp_path):
    """Long-lived decoded tables are frozen (gc.freeze) when read: full
    collections would otherwise walk them on the requests that trigger them."""
    import gc

    with summary.Writer(tmp_path / "run") as writer:
        writer.association_table("gender", fx.counter(0), step=0)
    app, _ = fx.make_app(tmp_path)
    plugin = next(p for p in app._plugins if p.plugin_name == "tb_bias")
    gc.unfreeze()
    try:
        fx.get_json(Client(app), "table", run="run", tag="gender")
        ((_, table, _), _size), = plugin._source._values._data.values()
        walked = {id(o) for o in gc.get_objects()}
        assert gc.get_freeze_count() > 0
        assert id(table) not in walked and id(table.__dict__) not in walked
    finally:
        gc.unfreeze()


def test_a_mistyped_route_and_a_value_that_is_not_utf8_are_json_4xx(tmp_path):
    client = Client(fx.make_app(tmp_path)[0])
    for method in (client.get, client.post):
        response = method(fx.PREFIX + "tabel?run=a&tag=b")
        body = json.loads(response.get_data(as_text=True))
        assert response.status_code == 404 and response.mimetype == "application/json", body
        assert "no route /data/plugin/tb_bias/tabel" in body["error"] and "table, top_counts" in body["error"]
    response = client.get(fx.PREFIX + "table?run=a%ffb&tag=gender")
    assert response.status_code == 400
    assert "parameter 'run' is not UTF-8" in json.loads(response.get_data(as_text=True))["error"]
    # the real routes are still found first
    assert fx.get_json(client, "runs")["runs"] == []
