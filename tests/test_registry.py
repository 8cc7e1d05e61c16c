"""The registry: measures are found by their folder, and a toy measure kept
outside the package is written, listed and served with no edit elsewhere."""

import os
import sys

import pytest
from werkzeug.test import Client

import plugin_fixtures as fx
from tb_bias_plugin import summary
from tb_bias_plugin.measures import registry
from tb_bias_plugin.measures.registry import REGISTRY, Registry
from tb_bias_plugin.storage import record

TOY_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "toy_measures")


@pytest.fixture(scope="module")
def toy_registry():
    sys.path.insert(0, TOY_DIR)
    try:
        (toy,) = registry.discover([TOY_DIR], prefix="")
    finally:
        sys.path.remove(TOY_DIR)
    return Registry(list(REGISTRY) + [toy])


def test_the_package_measures_are_discovered_in_order():
    ids = [m.id for m in REGISTRY]
    assert ids[0] == "association"
    assert ids == [m.id for m in sorted(REGISTRY, key=lambda m: m.order)]


def test_a_toy_measure_is_written_listed_and_served(tmp_path, toy_registry):
    toy_writer = type("ToyWriter", (summary.Writer,), {})
    functions = {}
    names = [s.name for m in REGISTRY for s in m.summaries] + ["toy_count"]
    assert summary.add_summaries(toy_registry, toy_writer, functions) == names
    assert set(functions) == set(names) and "association_table" in names
    with toy_writer(tmp_path / "run") as writer:
        writer.toy_count("clicks", 41, step=3)
        writer.toy_count("clicks", 42, step=4)
        with pytest.raises(ValueError, match="non-negative"):
            writer.toy_count("clicks", -1, step=5)
        writer.association_table("gender", fx.counter(0), step=1)
    app, _ = fx.make_app(tmp_path, registry=toy_registry)
    client = Client(app)
    runs = fx.get_json(client, "runs")
    tags = {t["tag"]: t for t in runs["runs"][0]["tags"]}
    assert tags["clicks"]["measure"] == "toy" and tags["clicks"]["steps"] == [3, 4]
    assert tags["gender"]["measure"] == "association"
    assert [m["measure"] for m in runs["measures"]] == ["association", "toy"]
    assert runs["measures"][1]["config"] == {"limit": 7}
    assert fx.get_json(client, "toy", run="run", tag="clicks") == {"step": 4, "count": 42}
    assert fx.get_json(client, "toy", run="run", tag="clicks", step="3")["count"] == 41
    # the shell's error handling covers the toy's route too
    assert "asked to fail" in fx.get_json(client, "toy", status=400, run="run", tag="clicks", fail="1")["error"]
    assert "no step 9" in fx.get_json(client, "toy", status=404, run="run", tag="clicks", step="9")["error"]
    # a measure's route never serves another measure's tag
    assert "holds association" in fx.get_json(client, "toy", status=404, run="run", tag="gender")["error"]
    # without the toy in the registry, its tags are not listed and nothing fails
    plain = fx.get_json(Client(fx.make_app(tmp_path)[0]), "runs")
    assert [t["tag"] for t in plain["runs"][0]["tags"]] == ["gender"]
    assert [m["measure"] for m in plain["measures"]] == ["association"]


def test_measures_must_not_clash(toy_registry):
    toy = toy_registry["toy"]
    with pytest.raises(ValueError, match="unique"):
        Registry([toy, toy])
    clash = type("Clash", (type(toy),), {"id": "clash", "payload_number": toy.payload_number})()
    with pytest.raises(ValueError):
        Registry([toy, clash])


def test_plugin_data_of_an_unknown_measure_is_unreadable():
    content = record.PluginData(version=record.VERSION, measure="from_the_future").SerializeToString()
    with pytest.raises(record.UnreadableRecord, match="upgrade"):
        REGISTRY.measure_of(content)
