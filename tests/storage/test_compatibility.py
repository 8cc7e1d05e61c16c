"""Logdirs written before the envelope (record version 1) still load and
show the same numbers as the same tables written today."""

import os

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import summary
from tb_bias_plugin.storage import record

V1_LOGDIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "logdir_v1")


def test_v1_files_are_bare_tables():
    # The fixture really is old data: its blobs carry version 1 and no envelope member.
    tables = fx.read_logdir(V1_LOGDIR)
    assert sorted({run for run, _, _ in tables}) == ["model_a", "model_b"]
    assert all(info["measure"] == "association" for info, _, _ in tables.values())
    blob = _first_blob(V1_LOGDIR)
    assert record.PluginData.FromString(blob[0]).version == 1
    assert blob[1][:2] == b"\x08\x01"  # field 1 = 1, then the Table's own fields


def _first_blob(logdir):
    from tensorboard import context
    from tensorboard.backend.event_processing import data_provider, plugin_event_multiplexer

    multiplexer = plugin_event_multiplexer.EventMultiplexer()
    multiplexer.AddRunsFromDirectory(logdir)
    multiplexer.Reload()
    provider = data_provider.MultiplexerDataProvider(multiplexer, logdir)
    ctx = context.RequestContext()
    listing = provider.list_blob_sequences(ctx, experiment_id="", plugin_name="tb_bias")
    series = provider.read_blob_sequences(ctx, experiment_id="", plugin_name="tb_bias", downsample=10)
    datum = series["model_a"]["gender"][0]
    return listing["model_a"]["gender"].plugin_content, provider.read_blob(ctx, blob_key=datum.values[0].blob_key)


def test_v1_logdir_serves_the_same_numbers_as_a_fresh_write(tmp_path):
    tables = fx.read_logdir(V1_LOGDIR)
    for (run, tag, step), (_, description, table) in sorted(tables.items()):
        with summary.Writer(tmp_path / run) as writer:
            writer.association_table(tag, table, step=step, description=description)
    old, new = Client(fx.make_app(V1_LOGDIR)[0]), Client(fx.make_app(tmp_path)[0])
    assert fx.get_json(old, "runs") == fx.get_json(new, "runs")
    for params in (
        dict(run="model_a", tag="gender"),
        dict(run="model_b", tag="gender", step="1", metric="pmi", x1="woman", x2="rest", threshold="0.7"),
        dict(run="model_a", tag="gender", q="hair", sort="label", limit="1000"),
    ):
        assert fx.get_json(old, "table", **params) == fx.get_json(new, "table", **params)
    assert fx.get_json(old, "distribution", run="model_a", tag="gender") == fx.get_json(
        new, "distribution", run="model_a", tag="gender"
    )
