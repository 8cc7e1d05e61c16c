"""What a training job or a Beam worker loads: the writer half only.

``from tb_bias_plugin import summary`` (and ``callbacks``, ``beam``) must not
load any measure's routes or queries, the serving shell, the HTTP layer,
pyarrow or orjson (docs/architecture.md, "Writer and server"). Checked in a
fresh interpreter, since this test run has loaded everything already.
"""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_PROGRAM = """
import json, sys
from tb_bias_plugin import beam, callbacks, summary
import tb_bias_plugin

# Touch what a writer touches: the registry behind each facade, and a record written.
names = {"beam": sorted(beam.transforms()), "callbacks": sorted(callbacks.__all__), "exports": sorted(dir(tb_bias_plugin))}
with summary.Writer(sys.argv[1]) as writer:
    writer.association_table(
        "gender", [["man", "bike"], ["woman"]], label_names=["man", "woman", "bike"],
        identity_labels=["man", "woman"], step=0)
print(json.dumps({"modules": sorted(sys.modules), "names": names}))
"""


def _server_half(module):
    parts = module.split(".")
    if parts[0] in ("pyarrow", "orjson"):
        return True
    if parts[0] != "tb_bias_plugin":
        return False
    if parts[1:2] in (["serving"], ["web"]):
        return True
    return parts[1:2] == ["measures"] and len(parts) > 3 and parts[3] in ("routes", "query", "trends")


def test_importing_the_writer_facades_loads_no_server_code(tmp_path):
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run(
        [sys.executable, "-c", _PROGRAM, str(tmp_path / "run")],
        env=env, cwd=str(tmp_path), capture_output=True, text=True, check=True,
    ).stdout
    loaded = json.loads(out.splitlines()[-1])
    assert [m for m in loaded["modules"] if _server_half(m)] == []
    # the facades did see every measure (the registry was loaded, not skipped)
    assert "tb_bias_plugin.measures.association.builder" in loaded["modules"]
    assert "CountAssociations" in loaded["names"]["beam"]
    assert "AssociationTableCallback" in loaded["names"]["callbacks"]
    assert "CooccurrenceCounter" in loaded["names"]["exports"]
    assert os.listdir(tmp_path / "run")  # the record was written


def test_the_server_half_check_sees_what_the_plugin_loads():
    # The same check, on the plugin, finds routes, queries, pyarrow and orjson.
    program = "import sys, json\nfrom tb_bias_plugin.serving import plugin\nplugin.REGISTRY.routes()\nprint(json.dumps(sorted(sys.modules)))"
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", program], env=env, capture_output=True, text=True, check=True).stdout
    found = {m for m in json.loads(out.splitlines()[-1]) if _server_half(m)}
    for module in ("pyarrow", "orjson", "tb_bias_plugin.measures.association.routes",
                   "tb_bias_plugin.measures.association.query", "tb_bias_plugin.measures.sensitivity.routes"):
        assert module in found
