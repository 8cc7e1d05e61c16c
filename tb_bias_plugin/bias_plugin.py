"""The tb_bias TensorBoard plugin."""

import os

from werkzeug import wrappers

from tensorboard import plugin_util
from tensorboard.backend import http_util
from tensorboard.plugins import base_plugin

from tb_bias_plugin import metadata

_STATIC_DIR = os.path.join(os.path.dirname(__file__), "static")


class BiasPlugin(base_plugin.TBPlugin):
    """Serves association tables to the Bias tab."""

    plugin_name = metadata.PLUGIN_NAME

    def __init__(self, context):
        self._data_provider = context.data_provider

    def get_plugin_apps(self):
        return {"/index.js": self._serve_index_js}

    def is_active(self):
        # TensorBoard core decides from `list_plugins` whether the tab shows.
        return False

    def frontend_metadata(self):
        return base_plugin.FrontendMetadata(es_module_path="/index.js", tab_name="Bias")

    @wrappers.Request.application
    def _serve_index_js(self, request):
        with open(os.path.join(_STATIC_DIR, "index.js"), "rb") as f:
            contents = f.read()
        return http_util.Respond(request, contents, "text/javascript")
