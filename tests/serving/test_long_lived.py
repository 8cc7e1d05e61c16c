"""A server left running for hours beside a training job: what it keeps must
not grow with the requests it answers, and new steps must cost only their
own reads. Work and memory are counted (objects, reads), never timed."""

import gc

import plugin_fixtures as fx
from plugin_fixtures import Client
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


def test_each_tag_is_described_once_however_many_tags_there_are(tmp_path, monkeypatch):
    """`runs` describes each tag's latest record; those descriptions were kept in an
    LRU of 1024 entries, which past 1024 tags missed on every tag of every listing."""
    import numpy as np

    from tb_bias_plugin.measures.registry import Registry

    for r in range(3):
        with summary.Writer(tmp_path / ("run%d" % r)) as writer:
            for k in range(350):
                writer.metric_table("t%03d" % k, np.array([[0.5, 0.25]]), label_names=["a"],
                                    metric_names=["nPMI@x", "nPMI@y"], step=0)
    app, multiplexer = fx.make_app(tmp_path)
    client = Client(app)
    described = []
    real = Registry.describe
    monkeypatch.setattr(Registry, "describe", lambda self, blob: described.append(1) or real(self, blob))
    assert sum(len(r["tags"]) for r in fx.get_json(client, "runs")["runs"]) == 1050
    assert len(described) == 1050
    fx.get_json(client, "runs")
    assert len(described) == 1050  # nothing read again
    with summary.Writer(tmp_path / "run1") as writer:  # a new step of one tag: only it is read
        writer.metric_table("t007", np.array([[0.5, 0.75]]), label_names=["a"], metric_names=["nPMI@x", "nPMI@y"], step=1)
    multiplexer.Reload()
    [tag] = [t for r in fx.get_json(client, "runs")["runs"] if r["run"] == "run1" for t in r["tags"] if t["tag"] == "t007"]
    assert tag["steps"] == [0, 1] and len(described) == 1051


def _decodes(monkeypatch):
    from tb_bias_plugin.measures.registry import Registry

    count = [0]
    real = Registry.read
    monkeypatch.setattr(Registry, "read", lambda self, *a: count.__setitem__(0, count[0] + 1) or real(self, *a))
    return count


def _trend_answers(client):
    trend = fx.get_json(client, "trend", run="run", tag="gender", label=["label 05", "woman"])
    table = fx.get_json(client, "table", run="run", tag="gender", trend="1", limit="5")
    return trend, table


def test_a_new_step_of_a_running_job_costs_the_trend_one_read(tmp_path, monkeypatch):
    """The trend (and the table's trend column) of the latest step, reloaded as a job
    writes: every step's gaps were keyed by the reference table, a new one each new
    step, and (past the sampled most) the sampled steps moved; every step was read again."""
    from tb_bias_plugin.measures.association import routes, trends

    monkeypatch.setitem(routes.LIMITS, "max_trend_steps", 8)  # 30 steps: sampled
    _job(tmp_path, 30)
    app, multiplexer = fx.make_app(tmp_path)
    client = Client(app)
    decodes = _decodes(monkeypatch)
    computed = []  # gaps computed, one a step (the decoded tables of a few steps stay cached; 200 would not)
    real_gaps = trends.step_gaps
    monkeypatch.setattr(trends, "step_gaps", lambda *a: computed.append(1) or real_gaps(*a))
    first, _ = _trend_answers(client)
    assert len(first["steps"]) <= 8 and decodes[0] == len(computed) == len(first["steps"])
    for step in (30, 31):
        _job(tmp_path, 1, start=step)
        multiplexer.Reload()
        before = decodes[0], len(computed)
        trend, table = _trend_answers(client)
        assert (decodes[0] - before[0], len(computed) - before[1]) == (1, 1)  # the new step alone
        assert trend["step"] == step and trend["steps"] == [0, 8, 16, 24, step]
        # the same numbers as a server that reads every step afresh (the same arithmetic: rtol 1e-12)
        fresh = _trend_answers(Client(fx.make_app(tmp_path)[0]))
        fx.assert_values_close(fresh, (trend, table), rtol=1e-12, atol=0)


def test_two_tags_written_at_the_same_wall_times_have_their_own_trends(tmp_path, monkeypatch):
    """Gaps were cached by labels, settings, step and wall time alone: train and val tables written from
    one loop at one clock tick (Windows' clock ticks every 15.6 ms) shared them (review)."""
    from tb_bias_plugin.writing import events

    with summary.Writer(tmp_path / "run") as writer:
        for step in range(3):
            monkeypatch.setattr(events.time, "time", lambda step=step: 1_000.0 + step)
            for tag, seed in (("train", step), ("val", 100 + step)):
                writer.association_table(tag, fx.counter(seed=seed, n=30), step=step)
    monkeypatch.undo()
    client = Client(fx.make_app(tmp_path)[0])
    answers = {tag: fx.get_json(client, "trend", run="run", tag=tag, label="label 05") for tag in ("train", "val")}
    for tag, answer in answers.items():  # each as a server that saw only that tag
        fresh = fx.get_json(Client(fx.make_app(tmp_path)[0]), "trend", run="run", tag=tag, label="label 05")
        fx.assert_values_close(fresh, answer, rtol=1e-12, atol=0)
    assert answers["train"]["labels"] != answers["val"]["labels"]


def _deep_size(value, seen=None):
    """What CPython allocated for ``value`` and what it holds (each object once; arrays by nbytes)."""
    import sys

    seen = set() if seen is None else seen
    if id(value) in seen or value is None or isinstance(value, bool):
        return 0
    seen.add(id(value))
    if hasattr(value, "nbytes") and not isinstance(value, (int, float)):
        return int(value.nbytes)
    size = sys.getsizeof(value)
    if isinstance(value, dict):
        size += sum(_deep_size(v, seen) for v in value.values())
    elif isinstance(value, (list, tuple)):
        size += sum(_deep_size(v, seen) for v in value)
    return size


def test_a_long_runs_answers_are_counted_at_about_their_size(tmp_path):
    """Across-steps answers are cached whole in the derived values' budget, counted at
    1 KB a number: 1500 steps of representation/series (3.5 MB) counted as 62 MB, and
    at 10,000 steps one answer evicted every other derived value (the tables' metric
    columns). Counted now at least their size and at most twice it."""
    from tb_bias_plugin.measures.registry import REGISTRY
    from tb_bias_plugin.serving.source import _size_of
    from tb_bias_plugin.storage import record

    routes = {"discrepancy": "discrepancy_steps", "sensitivity": "sensitivity_steps",
              "representation": "representation/series"}
    for measure in routes:
        _, tag, value, payload = fx.demo_records()[measure]
        fx.write_record(tmp_path, measure, value, record.encode(REGISTRY[measure].payload_number, payload), steps=range(150))
    app, _ = fx.make_app(tmp_path)
    derived = next(p for p in app._plugins if p.plugin_name == "tb_bias")._source._derived
    client = Client(app)
    for measure, route in routes.items():
        before = set(derived._data)
        fx.get_json(client, route, run=measure, tag=fx.demo_records()[measure][1])
        for key in set(derived._data) - before:
            cached, declared = derived._data[key]
            assert declared == _size_of(cached)
            real = _deep_size(cached)
            assert real <= declared <= 2 * real, (measure, key[0], declared, real)


def test_a_passing_failure_of_the_data_loader_is_not_remembered(tmp_path, monkeypatch):
    """Records found unreadable are remembered until rewritten; a record the data loader
    failed to read once (a remote logdir's network, say) stayed a 422 for the server's life."""
    _job(tmp_path, 3)
    app, _ = fx.make_app(tmp_path)
    source = next(p for p in app._plugins if p.plugin_name == "tb_bias")._source
    monkeypatch.setattr(source, "_local", None)  # a remote logdir: every record through the provider
    real = source._provider.read_blob
    failures = [1]

    def flaky(*args, **kwargs):
        if failures[0]:
            failures[0] -= 1
            raise RuntimeError("connection reset")
        return real(*args, **kwargs)

    monkeypatch.setattr(source._provider, "read_blob", flaky)
    client = Client(app)
    body = fx.get_json(client, "table", status=422, run="run", tag="gender", step="1")
    assert "connection reset" in body["error"]
    assert fx.get_json(client, "table", run="run", tag="gender", step="1")["step"] == 1
