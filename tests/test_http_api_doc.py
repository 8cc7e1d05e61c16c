"""docs/http_api.md documents every route the plugin serves, and no other:
a route added (or renamed) without its documentation fails here."""

import os
import re

from tensorboard.plugins import base_plugin

from tb_bias_plugin.serving.plugin import _STATIC, BiasPlugin

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def documented_routes():
    with open(os.path.join(ROOT, "docs", "http_api.md"), encoding="utf-8") as f:
        headings = [line for line in f if line.startswith("#")]
    return {"/" + name for line in headings for name in re.findall(r"`(?:GET|POST) ([a-z_/]+)", line)}


def test_every_route_is_documented_and_every_documented_route_is_served(tmp_path):
    plugin = BiasPlugin(base_plugin.TBContext(logdir=str(tmp_path), data_provider=None, sampling_hints={}))
    served = set(plugin.get_plugin_apps()) - set(_STATIC) - {"/*"}  # "/*": the JSON 404 of a mistyped route
    assert {"/runs", "/table", "/representation/curve"} <= served
    assert documented_routes() == served
