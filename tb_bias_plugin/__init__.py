"""tb-bias: find the biases a model has learned, without ground-truth labels.

Each measure lives in ``tb_bias_plugin.measures.<name>`` and adds its public
names here (e.g. ``CooccurrenceCounter`` from label associations); they are
imported on first use. ``summary`` writes measures to TensorBoard logdirs;
the plugin (``tb_bias_plugin.serving``) serves them to the Bias tab. The
architecture is described in docs/architecture.md.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.2.0"


def _exports() -> dict[str, str]:
    from tb_bias_plugin.measures.registry import REGISTRY

    return {name: path for measure in REGISTRY for name, path in measure.exports.items()}


def __getattr__(name: str) -> Any:
    # Submodules (summary, callbacks, ...) import as usual; this serves the
    # names the measures export.
    exports = _exports()
    if name not in exports:
        raise AttributeError("module %r has no attribute %r" % (__name__, name))
    module, attr = exports[name].split(":")
    return getattr(importlib.import_module(module), attr)


def __dir__() -> list[str]:
    submodules = ["callbacks", "summary"]
    return sorted(["__version__", *submodules, *_exports()])
