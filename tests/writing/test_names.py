"""A name the writer takes is one every route can name (core.validation.MAX_NAME)."""

import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import summary


def test_a_tag_no_route_could_name_is_refused_before_anything_is_written(tmp_path):
    """A 1,001-character tag was written and listed, then `table` answered 400 for it (review)."""
    with summary.Writer(tmp_path / "run") as writer:
        with pytest.raises(ValueError, match="^name is longer than 1000 characters$"):
            writer.association_table("t" * 1001, fx.counter(0), step=0)
    assert fx.read_logdir(tmp_path) == {}
    with summary.Writer(tmp_path / "run") as writer:
        writer.association_table("t" * 1000, fx.counter(0), step=0)
    body = fx.get_json(Client(fx.make_app(tmp_path)[0]), "table", run="run", tag="t" * 1000, limit="1")
    assert body["tag"] == "t" * 1000
