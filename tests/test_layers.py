"""The layering of docs/architecture.md, checked on every module's imports.

Data flows one way: core -> storage -> web, writing -> measures -> serving
and the public facades -> demo and the command line. A module may import its own package or a lower
layer; a measure never imports another measure or the registry; serving
and the facades reach measures only through the registry and the Measure
interface. Function-level imports count too.
"""

import ast
import os
import sys

import pytest

PACKAGE = "tb_bias_plugin"
ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), PACKAGE)

RANK = {"core": 0, "storage": 1, "web": 2, "writing": 2, "measures": 3, "serving": 4, "": 5, "demo": 6, "cli": 6}
#: Modules of `measures` that are the shared interface, not a measure.
MEASURE_INTERFACE = {"base", "registry"}
#: Third-party packages core may use.
CORE_THIRD_PARTY = {"numpy"}


def _modules():
    for folder, _, files in os.walk(ROOT):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                parts = os.path.relpath(path, os.path.dirname(ROOT))[:-3].split(os.sep)
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                yield ".".join(parts), path


def _imports(module, path):
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    is_package = path.endswith("__init__.py")
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".")
                keep = len(parts) - node.level + (1 if is_package else 0)
                base = ".".join(parts[:keep] + ([base] if base else []))
            # `from pkg import submodule` imports the submodule; `from pkg
            # import name` the package. Which one is settled by _is_module.
            names = [base + "." + alias.name for alias in node.names]
            yield from names
            if not all(_is_module(name) for name in names):
                yield base


def _layer(module):
    """(layer, measure or None) of a module of the package."""
    parts = module.split(".")[1:]
    if not parts or parts[0] not in RANK:
        return "", None
    if parts[0] == "measures" and len(parts) > 1 and parts[1] not in MEASURE_INTERFACE:
        return "measures", parts[1]
    return parts[0], None


def _is_module(name):
    path = os.path.join(os.path.dirname(ROOT), *name.split("."))
    return os.path.exists(path + ".py") or os.path.isdir(path)


def violations():
    found = []
    for module, path in _modules():
        layer, measure = _layer(module)
        for target in set(_imports(module, path)):
            top = target.split(".")[0]
            if top != PACKAGE:
                if layer == "core" and top not in CORE_THIRD_PARTY and top not in sys.stdlib_module_names:
                    found.append("%s (core) imports %s: core is NumPy only" % (module, target))
                continue
            if not _is_module(target):
                continue  # a name imported from a module, checked as that module
            target_layer, target_measure = _layer(target)
            if target_layer == layer:
                if target_measure and measure and target_measure != measure:
                    found.append("%s imports %s: measures never import each other" % (module, target))
                if measure and target.split(".")[2:3] == ["registry"]:
                    found.append("%s imports the registry: a measure is found by it, never uses it" % module)
                continue
            if RANK[target_layer] > RANK[layer]:
                found.append("%s (%s) imports %s (%s): a back edge" % (module, layer or "facade", target, target_layer))
            elif target_measure and layer in ("serving", ""):
                found.append("%s reaches into measure %r: go through the registry" % (module, target_measure))
    return sorted(found)


def test_no_back_edges_and_no_measure_reaches_another():
    assert violations() == []


@pytest.mark.parametrize(
    "module, source, needle",
    [
        ("tb_bias_plugin.core.x", "from tb_bias_plugin.serving import plugin", "back edge"),
        ("tb_bias_plugin.core.x", "import tensorboard", "NumPy only"),
        ("tb_bias_plugin.measures.association.x", "from tb_bias_plugin.measures.toy import y", "each other"),
        ("tb_bias_plugin.measures.association.x", "from tb_bias_plugin.measures import registry", "registry"),
        ("tb_bias_plugin.serving.x", "from tb_bias_plugin.measures.association import routes", "registry"),
        ("tb_bias_plugin.storage.x", "def f():\n    from tb_bias_plugin.writing import events", "back edge"),
    ],
)
def test_the_check_catches_each_kind_of_violation(tmp_path, monkeypatch, module, source, needle):
    # Plant one bad module in a copy of the package and check it is reported.
    import shutil

    copy = tmp_path / PACKAGE
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns("static", "__pycache__"))
    (copy / "measures" / "toy").mkdir(exist_ok=True)
    (copy / "measures" / "toy" / "y.py").write_text("")
    path = copy.joinpath(*module.split(".")[1:]).with_suffix(".py")
    path.write_text(source + "\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", str(copy))
    found = violations()
    assert any(module in v and needle in v for v in found), found
