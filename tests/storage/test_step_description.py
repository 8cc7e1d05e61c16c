"""Each step keeps its own description (TensorBoard keeps only a tag's first)."""

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import summary


def test_each_step_serves_its_own_description(tmp_path):
    with summary.Writer(tmp_path / "run") as writer:
        writer.association_table("gender", fx.counter(0), step=1, description="**first** epoch")
        writer.association_table("gender", fx.counter(1), step=2, description="second epoch, `retrained`")
        writer.association_table("gender", fx.counter(2), step=3)
    client = Client(fx.make_app(tmp_path)[0])
    descriptions = [fx.get_json(client, "table", run="run", tag="gender", step=str(s))["description"] for s in (1, 2, 3)]
    # a step logged without one shows the tag's (the first step's) description
    assert descriptions == ["**first** epoch", "second epoch, `retrained`", "**first** epoch"]
