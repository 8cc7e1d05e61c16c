"""What a training job or a Beam worker loads: the writer half only.

``from tb_bias_plugin import summary`` (and ``callbacks``, ``beam``, ``pytorch``)
must not load any measure's routes or queries, the serving shell, the HTTP
layer, and no module of the package may import werkzeug, pyarrow or orjson on
the way (docs/architecture.md, "Writer and server"). Checked in a fresh
interpreter, since this test run has loaded everything already; an import hook
says which module imported a server package, since Apache Beam, which a
worker loads too, imports pyarrow and orjson itself.
"""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: Third-party packages only the server half imports (tests/test_layers.py, SERVER_THIRD_PARTY).
SERVER_PACKAGES = ("orjson", "pyarrow", "werkzeug")

# Records every import of a server package made by the package's own modules (Beam's, TensorFlow's
# own imports are theirs), then runs the program given.
_HOOK = """
import builtins, json, sys
SERVER_PACKAGES = %r
by_package = []
_import = builtins.__import__

def _recording(name, globals=None, locals=None, fromlist=(), level=0):
    importer = (globals or {}).get("__name__") or ""
    if level == 0 and name.split(".")[0] in SERVER_PACKAGES and importer.split(".")[0] == "tb_bias_plugin":
        by_package.append("%%s imports %%s" %% (importer, name))
    return _import(name, globals, locals, fromlist, level)

builtins.__import__ = _recording
""" % (SERVER_PACKAGES,)

_WRITE = """
from tb_bias_plugin import beam, callbacks, pytorch, summary
import tb_bias_plugin

# Touch what a writer touches: the registry behind each facade, and a record written.
names = {"beam": sorted(beam.transforms()), "callbacks": sorted(callbacks.__all__), "exports": sorted(dir(tb_bias_plugin)),
         "pytorch": sorted(pytorch.helpers())}
with summary.Writer(sys.argv[1]) as writer:
    writer.association_table(
        "gender", [["man", "bike"], ["woman"]], label_names=["man", "woman", "bike"],
        identity_labels=["man", "woman"], step=0)
"""

# Every name a facade offers lazily, imported (Keras, PyTorch and Beam with them): the callbacks and
# helpers a training job uses, the transforms a Beam worker runs.
_RESOLVE = """
from tb_bias_plugin import beam, callbacks, pytorch
import tb_bias_plugin

offered = {tb_bias_plugin: tb_bias_plugin._exports(), beam: beam.transforms(), callbacks: callbacks._CALLBACKS,
           pytorch: pytorch.helpers()}
names = {facade.__name__: sorted(n for n in paths if getattr(facade, n) is not None) for facade, paths in offered.items()}
"""

_REPORT = """
print(json.dumps({"modules": sorted(sys.modules), "names": names, "by_package": by_package}))
"""


def _server_half(module):
    parts = module.split(".")
    if parts[0] != "tb_bias_plugin":
        return False
    if parts[1:2] in (["serving"], ["web"]):
        return True
    return parts[1:2] == ["measures"] and len(parts) > 3 and parts[3] in ("routes", "query", "trends")


def _run(program, *args, cwd=None):
    """What ``program`` (after the import hook) loaded: ``{"modules", "names", "by_package"}``."""
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run(
        [sys.executable, "-c", _HOOK + program + _REPORT, *args],
        env=env, cwd=cwd, capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(out.splitlines()[-1])


def test_importing_the_writer_facades_loads_no_server_code(tmp_path):
    loaded = _run(_WRITE, str(tmp_path / "run"), cwd=str(tmp_path))
    assert [m for m in loaded["modules"] if _server_half(m) or m.split(".")[0] in SERVER_PACKAGES] == []
    # the facades did see every measure (the registry was loaded, not skipped)
    assert "tb_bias_plugin.measures.association.builder" in loaded["modules"]
    assert "CountAssociations" in loaded["names"]["beam"]
    assert "AssociationTableCallback" in loaded["names"]["callbacks"]
    assert "log_prediction_sensitivity" in loaded["names"]["pytorch"]
    assert "CooccurrenceCounter" in loaded["names"]["exports"]
    assert os.listdir(tmp_path / "run")  # the record was written


def test_every_name_the_facades_offer_loads_no_server_code(tmp_path):
    loaded = _run(_RESOLVE, cwd=str(tmp_path))
    assert [m for m in loaded["modules"] if _server_half(m)] == []
    assert loaded["by_package"] == []
    # every name was imported, from every measure's writer modules
    for facade, name in [("tb_bias_plugin", "representation_bias"), ("tb_bias_plugin", "dipdi"),
                         ("tb_bias_plugin.callbacks", "PredictionSensitivityCallback"),
                         ("tb_bias_plugin.pytorch", "log_representation_bias"),
                         ("tb_bias_plugin.beam", "WriteSensitivity")]:
        assert name in loaded["names"][facade]
    for module in ("tb_bias_plugin.measures.representation.mine", "tb_bias_plugin.measures.sensitivity.callbacks",
                   "tb_bias_plugin.measures.discrepancy.beam", "tb_bias_plugin.measures.association.pytorch"):
        assert module in loaded["modules"]


def test_the_server_half_check_sees_what_the_plugin_loads():
    # The same checks, on the plugin, find routes, queries, and the server packages the package imports.
    loaded = _run("from tb_bias_plugin.serving import plugin\nplugin.REGISTRY.routes()\nnames = {}\n")
    found = {m for m in loaded["modules"] if _server_half(m)}
    for module in ("tb_bias_plugin.measures.association.routes", "tb_bias_plugin.measures.association.query",
                   "tb_bias_plugin.measures.sensitivity.routes"):
        assert module in found
    packages = {line.split(" imports ")[1].split(".")[0] for line in loaded["by_package"]}
    assert packages == set(SERVER_PACKAGES)
