"""Across-steps routes (issue 22): one listing of the series per request,
not one per step, and of each record only the part the route serves,
read once and then cached. Work is counted, never timed; the speed is
measured by benchmarks/bench_steps.py."""

import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import summary
from tb_bias_plugin.measures.base import Measure
from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.storage import record

STEPS = 30
ROUTES = {"discrepancy": "discrepancy_steps", "sensitivity": "sensitivity_steps", "representation": "representation/series"}


@pytest.mark.parametrize("from_files", [True, False], ids=["local files", "provider"])
@pytest.mark.parametrize("measure", sorted(ROUTES))
def test_a_long_series_is_listed_once_and_each_record_read_once(tmp_path, monkeypatch, measure, from_files):
    _, tag, value, payload = fx.demo_records()[measure]
    fx.write_record(tmp_path, "run", value, record.encode(REGISTRY[measure].payload_number, payload), steps=range(STEPS))
    app, _ = fx.make_app(tmp_path)
    plugin = next(p for p in app._plugins if p.plugin_name == "tb_bias")
    if not from_files:  # a remote logdir: every record through the provider
        monkeypatch.setattr(plugin._source, "_local", None)
    provider = plugin._source._provider
    reads = STEPS if not from_files else 0  # a local logdir's records are read from their files
    calls = {"list": 0, "blob": 0, "whole": 0}
    for name, counted in (("read_blob_sequences", "list"), ("list_blob_sequences", "list"), ("read_blob", "blob")):
        real = getattr(provider, name)
        monkeypatch.setattr(provider, name, lambda *a, _real=real, _c=counted, **k: calls.__setitem__(_c, calls[_c] + 1) or _real(*a, **k))
    real_decode = Measure.decode
    monkeypatch.setattr(Measure, "decode", lambda self, p: calls.__setitem__("whole", calls["whole"] + 1) or real_decode(self, p))
    client = Client(app)
    body = fx.get_json(client, ROUTES[measure], run="run", tag=tag)
    assert body["steps"] == list(range(STEPS)) or [row["step"] for row in body["steps"]] == list(range(STEPS))
    # the series listed once, and the tag's description once (these records hold none of their own)
    assert calls == {"list": 2, "blob": reads, "whole": 0}  # no decode of whole records
    again = fx.get_json(client, ROUTES[measure], run="run", tag=tag)
    assert again == body and calls == {"list": 3, "blob": reads, "whole": 0}  # parts cached


@pytest.mark.parametrize("measure", sorted(ROUTES))
def test_one_unreadable_step_of_a_series_is_a_422_naming_the_step_and_field(tmp_path, measure):
    import copy

    _, tag, value, payload = fx.demo_records()[measure]
    number = REGISTRY[measure].payload_number
    broken = copy.deepcopy(payload)
    (message, spec), = [(m, s) for m, s in REGISTRY[measure].codec.array_specs(broken)
                        if s.name.split(".")[0] in ("replicates[0]", "choices[0]", "layers[0]")][:1]
    message.zlib_data = message.zlib_data[: len(message.zlib_data) // 2]
    fx.write_record(tmp_path, "run", value, record.encode(number, payload), steps=range(5))
    fx.write_record(tmp_path, "run", value, record.encode(number, broken), step=5)
    fx.write_record(tmp_path, "run", value, record.encode(number, payload), steps=range(6, 10))
    client = Client(fx.make_app(tmp_path)[0])
    body = fx.get_json(client, ROUTES[measure], status=422, run="run", tag=tag)
    assert "step 5" in body["error"] and spec.name in body["error"], body
    assert fx.get_json(client, ROUTES[measure], status=422, run="run", tag=tag) == body  # remembered


def test_steps_with_replicates_are_summarised_together_to_the_same_numbers_as_one_at_a_time():
    """discrepancy_steps computes the rows of steps logged with replicates
    as arrays over all steps; each row must be the one `_summary` gives for
    its step alone, bit for bit (including undefined replicates and steps)."""
    import dataclasses
    import itertools

    import numpy as np

    from tb_bias_plugin.measures.base import Loaded
    from tb_bias_plugin.measures.discrepancy import codec, routes
    from tb_bias_plugin.measures.discrepancy.dipdi import _check_pairing

    class Uncached:
        def derived(self, key, make):
            return make()

    base = codec.decode_steps(fx.demo_records()["discrepancy"][3])
    rng = np.random.default_rng(0)
    compared = 0
    for discrepancy, pairing, (m_a, m_b), replicates in itertools.product(
        ("abs", "jsd", "js_distance"), ("all", "paired"), ((4, 4), (2, 2), (1, 3), (2, 4)), (2, 8)
    ):
        try:
            _check_pairing(m_a, m_b, pairing)
        except ValueError:
            continue
        pairs = (m_a + m_b) * (m_a + m_b - 1) // 2
        steps = []
        for step in range(8):
            reps = []
            for r in range(replicates):
                sums = rng.random(pairs) * 10.0 ** rng.integers(-3, 6)
                if step % 3 == 1:  # a zero, negative or non-finite sum: that replicate is undefined
                    sums[rng.integers(pairs)] = rng.choice([0.0, -1.0, np.nan, np.inf])
                n = 0 if step == 4 and r == 0 else int(rng.integers(1, 1000))
                reps.append(dataclasses.replace(base.replicates[0], pair_sums=sums, n=n, replicate=r))
            stored = dataclasses.replace(base, discrepancy=discrepancy, pairing=pairing, m_a=m_a, m_b=m_b, replicates=reps)
            steps.append(Loaded("run", "tag", step, stored, (discrepancy, pairing, m_a, m_b, replicates, step)))
        together = routes._replicate_rows(steps, pairing)
        with np.errstate(invalid="ignore"):  # a negative sum under js_distance
            for i, loaded in enumerate(steps):
                assert repr(together[i]) == repr(routes._summary(Uncached(), loaded, pairing, groups=False))
                compared += 1
    assert compared > 200


def test_the_steps_part_of_a_dipdi_record_keeps_only_what_the_rows_show():
    from tb_bias_plugin.measures.discrepancy import codec

    payload = fx.demo_records()["discrepancy"][3]
    whole, part = codec.decode(payload), codec.decode_steps(payload)
    for full, kept in zip(whole.replicates, part.replicates):
        np_equal = (kept.pair_sums == full.pair_sums).all()
        assert np_equal and kept.n == full.n and kept.replicate == full.replicate
        assert kept.top_ids == [] and kept.group_names == [] and kept.top_outputs.size == 0 and kept.group_sums.size == 0
    assert codec.nbytes(part) < codec.nbytes(whole) / 2


@pytest.mark.parametrize("from_files", [True, False], ids=["local files", "provider"])
def test_a_cold_trend_lists_the_series_once_however_many_steps_it_reads(tmp_path, monkeypatch, from_files):
    """The trend read each sampled step with its own `load`, which listed the series again:
    about 126 listings (gRPC calls under the data server) for a cold trend at 1,000 steps."""
    with summary.Writer(tmp_path / "run") as writer:
        for step in range(STEPS):
            writer.association_table("gender", fx.counter(seed=step, n=30), step=step)
    app, _ = fx.make_app(tmp_path)
    plugin = next(p for p in app._plugins if p.plugin_name == "tb_bias")
    if not from_files:
        monkeypatch.setattr(plugin._source, "_local", None)
    provider = plugin._source._provider
    listings = []  # of the series (read_blob_sequences) and of the tag's metadata (list_blob_sequences)
    for name in ("read_blob_sequences", "list_blob_sequences"):
        real = getattr(provider, name)
        monkeypatch.setattr(provider, name, lambda *a, _real=real, _name=name, **k: listings.append(_name) or _real(*a, **k))
    client = Client(app)
    body = fx.get_json(client, "trend", run="run", tag="gender", label="label 05")
    assert body["steps"] == list(range(STEPS))
    # the series (the selected step read from that listing) and its tag's description: not one more a step
    assert sorted(listings) == ["list_blob_sequences", "read_blob_sequences"], listings
    fresh = fx.get_json(Client(fx.make_app(tmp_path)[0]), "trend", run="run", tag="gender", label="label 05")
    assert fresh == body


@pytest.mark.parametrize("measure", sorted(ROUTES))
def test_a_record_newer_than_this_build_says_so_on_every_route(tmp_path, measure):
    """Each measure said it its own way ("not readable by this build", "has version 99"), some
    without the way out; now `record.check_version` says it for all, as for association's tables."""
    _, tag, value, payload = fx.demo_records()[measure]
    payload.version = 99
    fx.write_record(tmp_path, "run", value, record.encode(REGISTRY[measure].payload_number, payload), step=0)
    client = Client(fx.make_app(tmp_path)[0])
    said = "record version 99 is not supported by this build (supports 1"
    body = fx.get_json(client, ROUTES[measure], status=422, run="run", tag=tag)
    assert said in body["error"] and "upgrade tb-bias-plugin" in body["error"], body
    [listed] = fx.get_json(client, "runs")["unreadable"]
    assert said in listed["error"], listed


@pytest.mark.parametrize("measure", ["discrepancy", "representation"])
def test_a_new_step_computes_its_own_row_not_every_steps_again(tmp_path, monkeypatch, measure):
    """A running job's across-steps answer was computed whole again at each new step:
    about 0.3 s at 1,000 steps, every time TensorBoard reloaded."""
    from tb_bias_plugin.measures.discrepancy import routes as discrepancy_routes
    from tb_bias_plugin.measures.representation import routes as representation_routes

    computed = []  # the steps whose rows were computed
    if measure == "discrepancy":
        real_summary, real_rows = discrepancy_routes._summary, discrepancy_routes._replicate_rows
        monkeypatch.setattr(discrepancy_routes, "_summary", lambda s, loaded, *a, **k: computed.append(loaded.step) or real_summary(s, loaded, *a, **k))
        monkeypatch.setattr(discrepancy_routes, "_replicate_rows", lambda steps, p: computed.extend(x.step for x in steps if len(x.value.replicates) > 1) or real_rows(steps, p))
    else:
        real_band = representation_routes._band  # once per layer of each step computed
        layers = len(fx.demo_records()[measure][3].layers)
        monkeypatch.setattr(representation_routes, "_band", lambda v: computed.append("a layer") or real_band(v))
    _, tag, value, payload = fx.demo_records()[measure]
    data = record.encode(REGISTRY[measure].payload_number, payload)
    fx.write_record(tmp_path, "run", value, data, steps=range(5))
    app, multiplexer = fx.make_app(tmp_path)
    client = Client(app)
    fx.get_json(client, ROUTES[measure], run="run", tag=tag)
    per_step = 1 if measure == "discrepancy" else layers
    assert len(computed) == 5 * per_step
    fx.write_record(tmp_path, "run", value, data, steps=[5])
    multiplexer.Reload()
    computed.clear()
    body = fx.get_json(client, ROUTES[measure], run="run", tag=tag)
    assert len(computed) == per_step and (measure != "discrepancy" or computed == [5])  # the new step's alone
    assert body == fx.get_json(Client(fx.make_app(tmp_path)[0]), ROUTES[measure], run="run", tag=tag)
