"""A server left running for hours beside a training job: what it keeps must
not grow with the requests it answers, and new steps must cost only their
own reads. Work and memory are counted (objects, reads), never timed."""

import gc

from werkzeug.test import Client

import plugin_fixtures as fx
from tb_bias_plugin import summary
from tb_bias_plugin.serving import memory


def _job(logdir, steps, run="run", start=0):
    with summary.Writer(logdir / run) as writer:
        for step in range(start, start + steps):
            writer.association_table("gender", fx.counter(seed=step, n=30), step=step)


def test_answers_from_the_cache_freeze_nothing(tmp_path):
    """Each request froze (gc.freeze) whatever was alive, its own reference cycles
    (request and environ) included: never collected, about 3 KB a request."""
    _job(tmp_path, 1)
    client = Client(fx.make_app(tmp_path)[0])
    gc.unfreeze()
    try:
        fx.get_json(client, "table", run="run", tag="gender")  # decodes the table: frozen
        frozen = gc.get_freeze_count()
        assert frozen > 0
        for _ in range(50):
            fx.get_json(client, "table", run="run", tag="gender")
            fx.get_json(client, "distribution", run="run", tag="gender")
        assert gc.get_freeze_count() <= frozen  # frozen objects may die; none is added
    finally:
        gc.unfreeze()


def test_what_a_freeze_caught_is_collected_at_a_later_one(tmp_path, monkeypatch):
    """A live job: every new step is decoded and frozen; the request objects each freeze
    caught are reclaimed by the next collection, not kept for the server's life."""
    monkeypatch.setattr(memory, "COLLECT_INTERVAL", 0.0)  # collect at every freeze
    monkeypatch.setattr(memory, "_last_collect", [float("-inf")])
    _job(tmp_path, 60)
    client = Client(fx.make_app(tmp_path)[0])
    gc.unfreeze()
    try:
        for step in range(60):
            fx.get_json(client, "table", run="run", tag="gender", step=str(step))
        gc.unfreeze()
        # what the last freeze caught of its request, not some per step (about 17 objects each)
        assert gc.collect() < 200
    finally:
        gc.unfreeze()


def test_frozen_garbage_is_collected_at_most_once_per_interval(monkeypatch):
    calls = []
    monkeypatch.setattr(gc, "collect", lambda *a: calls.append("collect") or 0)
    monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze"))
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    monkeypatch.setattr(memory, "_last_collect", [float("-inf")])
    clock = [100.0]
    now = lambda: clock[0]  # noqa: E731
    assert memory.freeze(now) and calls == ["unfreeze", "collect", "freeze"]
    clock[0] += memory.COLLECT_INTERVAL / 2
    assert not memory.freeze(now) and calls[3:] == ["freeze"]
    clock[0] += memory.COLLECT_INTERVAL
    assert memory.freeze(now) and calls[4:] == ["unfreeze", "collect", "freeze"]
