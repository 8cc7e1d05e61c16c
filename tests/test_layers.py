"""The layering of docs/architecture.md, checked on every module's imports.

Data flows one way: core -> storage -> web, writing, prediction_files ->
measures -> serving and the public facades -> demo and the command line. A module may import its own package or a lower
layer; a measure never imports another measure or the registry; serving,
the facades and the command line reach measures only through the registry
and the Measure interface. Function-level imports count too; imports under ``if
TYPE_CHECKING:`` never run, so they may name a measure's modules from a
facade (for type checkers) and do not count as loading the server half.

Inside the package, the writer half (what a training job or a Beam worker
imports) never imports the server half (what only the TensorBoard plugin
needs), directly or through other modules: see SERVER_HALF and WRITER_HALF.
Nor does it import the server's own third-party packages (SERVER_THIRD_PARTY),
but for the readers of prediction files, which use pyarrow inside a function.
"""

import ast
import functools
import os
import sys

import pytest

PACKAGE = "tb_bias_plugin"
ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), PACKAGE)

RANK = {"core": 0, "storage": 1, "web": 2, "writing": 2, "prediction_files": 2, "measures": 3, "serving": 4, "": 5, "demo": 6, "cli": 6}
#: Modules of `measures` that are the shared interface, not a measure.
MEASURE_INTERFACE = {"base", "registry"}
#: Third-party packages core may use.
CORE_THIRD_PARTY = {"numpy"}
#: The server half: these layers, and these modules (or packages) of every measure.
SERVER_HALF = {"layers": {"serving", "web"}, "measure_modules": {"routes", "query", "trends"}}
#: The writer half: these layers, every measure module not in the server half,
#: and the facades (the package root, summary, callbacks, beam, pytorch).
WRITER_HALF_LAYERS = {"core", "storage", "writing", "prediction_files", "measures", ""}
#: Third-party packages of the server half alone: the HTTP layer's (werkzeug, orjson) and the
#: queries' (pyarrow). A writer-half module never imports them, the readers below aside.
SERVER_THIRD_PARTY = {"orjson", "pyarrow", "werkzeug"}
#: The writer modules that read prediction files for `tb-bias log` (this layer, and these modules of every
#: measure): they may import pyarrow inside a function, which runs only when a file is read.
FILE_READERS = {"layers": {"prediction_files"}, "measure_modules": {"cli", "files"}, "packages": {"pyarrow"}}


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
    """``(imported module or name, type_only)`` of every import in a module."""
    tree, _ = _parsed(open(path, encoding="utf-8").read())
    is_package = path.endswith("__init__.py")
    for node, type_only in _import_nodes(tree, False):
        if isinstance(node, ast.Import):
            yield from ((alias.name, type_only) for alias in node.names)
        else:
            base = node.module or ""
            if node.level:
                parts = module.split(".")
                keep = len(parts) - node.level + (1 if is_package else 0)
                base = ".".join(parts[:keep] + ([base] if base else []))
            # `from pkg import submodule` imports the submodule; `from pkg
            # import name` the package. Which one is settled by _is_module.
            names = [base + "." + alias.name for alias in node.names]
            yield from ((name, type_only) for name in names)
            if not all(_is_module(name) for name in names):
                yield base, type_only


@functools.lru_cache(maxsize=None)
def _parsed(source):
    """A module's tree and the ids of its imports inside a function; by source, since each check
    below parses every module again, in copies of the package."""
    tree = ast.parse(source)
    in_functions = {
        id(node)
        for function in ast.walk(tree) if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
        for node in ast.walk(function) if isinstance(node, (ast.Import, ast.ImportFrom))
    }
    return tree, in_functions


def _import_nodes(node, type_only):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child, type_only
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for stmt in child.body:
                yield from _import_nodes(ast.Module(body=[stmt], type_ignores=[]), True)
            for stmt in child.orelse:
                yield from _import_nodes(ast.Module(body=[stmt], type_ignores=[]), type_only)
        else:
            yield from _import_nodes(child, type_only)


def _is_type_checking(test):
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


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
        for target, type_only in set(_imports(module, path)):
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
            elif target_measure and layer in ("serving", "", "cli") and not type_only:
                found.append("%s reaches into measure %r: go through the registry" % (module, target_measure))
    return sorted(found + writer_half_violations() + server_package_violations())


def _is_in(module, kinds):
    """Whether ``module`` is in one of ``kinds["layers"]`` or is one of ``kinds["measure_modules"]``
    (or in such a package) of a measure."""
    layer, measure = _layer(module)
    parts = module.split(".")
    if measure:
        return len(parts) > 3 and parts[3] in kinds["measure_modules"]
    return layer in kinds["layers"]


def _is_server_half(module):
    return _is_in(module, SERVER_HALF)


def _is_writer_half(module):
    return _layer(module)[0] in WRITER_HALF_LAYERS and not _is_server_half(module)


def _runtime_graph():
    """``{module: modules it loads}`` within the package, parent packages included
    (importing ``a.b.c`` runs ``a/__init__`` and ``a/b/__init__`` first)."""
    graph = {}
    for module, path in _modules():
        loads = set()
        for target, type_only in _imports(module, path):
            if type_only or target.split(".")[0] != PACKAGE or not _is_module(target):
                continue
            parts = target.split(".")
            loads.update(".".join(parts[:n]) for n in range(2, len(parts) + 1))
        loads.discard(module)
        graph[module] = loads
    return graph


def writer_half_violations():
    """Each writer-half module that loads a server-half one, with the chain of imports."""
    graph = _runtime_graph()
    found = []
    for start in sorted(m for m in graph if _is_writer_half(m)):
        chain = {start: None}
        todo = [start]
        while todo:
            module = todo.pop(0)
            if module != start and _is_server_half(module):
                path = [module]
                while chain[path[-1]] is not None:
                    path.append(chain[path[-1]])
                found.append(
                    "%s (writer half) loads %s (server half): %s"
                    % (start, module, " -> ".join(reversed(path)))
                )
                break
            for target in sorted(graph.get(module, ())):
                if target not in chain:
                    chain[target] = module
                    todo.append(target)
    return found


def _packages_imported(path):
    """``(top-level package, type_only, inside a function)`` of each absolute import of a module."""
    tree, in_functions = _parsed(open(path, encoding="utf-8").read())
    for node, type_only in _import_nodes(tree, False):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            names = [node.module] if node.level == 0 and node.module else []
        for name in names:
            yield name.split(".")[0], type_only, id(node) in in_functions


def server_package_violations():
    """Each import of a `SERVER_THIRD_PARTY` package by a writer-half module (at any depth, run or not:
    the fresh-interpreter test of tests/test_writer_imports.py sees only what its calls reach)."""
    found = []
    for module, path in _modules():
        if not _is_writer_half(module):
            continue
        imported = set()
        for top, type_only, in_function in _packages_imported(path):
            reading = in_function and top in FILE_READERS["packages"] and _is_in(module, FILE_READERS)
            if top in SERVER_THIRD_PARTY and not type_only and not reading:
                imported.add(top)  # once: `from werkzeug import a, b` is one violation
        for top in sorted(imported):
            found.append("%s (writer half) imports %s, a package of the server half%s"
                         % (module, top, " (a reader of prediction files may, inside a function)"
                            if top in FILE_READERS["packages"] else ""))
    return found


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
        # the writer half never loads the server half, even where the ranks allow it
        ("tb_bias_plugin.measures.association.x", "from . import routes", "server half"),
        ("tb_bias_plugin.measures.association.x", "from tb_bias_plugin.measures.association.query import Query", "server half"),
        ("tb_bias_plugin.writing.x", "from tb_bias_plugin.web import responses", "server half"),
        ("tb_bias_plugin.beam", "def f():\n    from tb_bias_plugin.serving import label_search", "server half"),
        # the command line finds a measure's part through the registry; the shared readers sit below the measures
        ("tb_bias_plugin.cli.x", "from tb_bias_plugin.measures.discrepancy import cli", "registry"),
        ("tb_bias_plugin.prediction_files.x", "from tb_bias_plugin.measures.association import files", "back edge"),
        ("tb_bias_plugin.prediction_files.x", "def f():\n    from tb_bias_plugin import summary", "back edge"),
        ("tb_bias_plugin.prediction_files.x", "from tb_bias_plugin.web import params", "server half"),
        # nor its third-party packages, which the fresh interpreter of test_writer_imports.py may not reach
        ("tb_bias_plugin.measures.sensitivity.x", "import orjson", "imports orjson, a package of the server half"),
        ("tb_bias_plugin.measures.representation.x", "from werkzeug import Request", "imports werkzeug, a package"),
        ("tb_bias_plugin.x", "def f():\n    import orjson", "imports orjson"),
        ("tb_bias_plugin.measures.discrepancy.x", "def f():\n    import pyarrow.compute as pc", "imports pyarrow"),
        ("tb_bias_plugin.prediction_files.x", "import pyarrow", "a reader of prediction files may, inside a function"),
    ],
)
def test_the_check_catches_each_kind_of_violation(tmp_path, monkeypatch, module, source, needle):
    found = _violations_with(tmp_path, monkeypatch, {module: source})
    assert any(module in v and needle in v for v in found), found


def test_the_writer_half_may_not_load_the_server_half_through_another_module(tmp_path, monkeypatch):
    # Neither x nor the measure's __init__ names routes; x loads it through y.
    found = _violations_with(
        tmp_path,
        monkeypatch,
        {
            "tb_bias_plugin.measures.association.x": "from tb_bias_plugin.measures.association import y",
            "tb_bias_plugin.measures.association.y": "def f():\n    from tb_bias_plugin.measures.association import routes",
        },
    )
    chain = "tb_bias_plugin.measures.association.x -> tb_bias_plugin.measures.association.y -> "
    assert any(v.startswith("tb_bias_plugin.measures.association.x (writer half)") and chain in v for v in found), found


def test_a_measure_package_that_imports_its_routes_fails_the_check(tmp_path, monkeypatch):
    # What the split undid: every module of the measure would load its routes.
    init = open(os.path.join(ROOT, "measures", "association", "__init__.py"), encoding="utf-8").read()
    found = _violations_with(
        tmp_path,
        monkeypatch,
        {"tb_bias_plugin.measures.association.__init__": init + "\nfrom . import routes  # noqa\n"},
    )
    assert any(v.startswith("tb_bias_plugin.measures.association (writer half) loads") for v in found), found
    assert any(v.startswith("tb_bias_plugin.measures.association.builder (writer half)") for v in found), found


@pytest.mark.parametrize(
    "module, source",
    [
        # type checkers follow these; they never run
        ("tb_bias_plugin.x", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tb_bias_plugin.measures.association.counting import C"),
        ("tb_bias_plugin.measures.association.x", "import typing\nif typing.TYPE_CHECKING:\n    from . import routes"),
    ],
)
def test_imports_for_type_checkers_only_are_allowed(tmp_path, monkeypatch, module, source):
    assert _violations_with(tmp_path, monkeypatch, {module: source}) == []


@pytest.mark.parametrize(
    "module, source",
    [
        ("tb_bias_plugin.serving.x", "import orjson\nimport pyarrow\nfrom werkzeug import wrappers"),
        ("tb_bias_plugin.measures.association.query", "import pyarrow as pa"),  # the server half's own
        # the readers of prediction files, when a file is read
        ("tb_bias_plugin.prediction_files.x", "def f():\n    import pyarrow.csv as pacsv"),
        ("tb_bias_plugin.measures.sensitivity.cli", "def f():\n    import pyarrow.compute as pc"),
        ("tb_bias_plugin.measures.association.x", "import apache_beam"),  # what Beam itself loads is not ours
    ],
)
def test_the_server_packages_are_allowed_where_they_run(tmp_path, monkeypatch, module, source):
    assert _violations_with(tmp_path, monkeypatch, {module: source}) == []


def _violations_with(tmp_path, monkeypatch, planted):
    """The violations of a copy of the package with ``planted`` modules ({name: source})."""
    import shutil

    copy = tmp_path / PACKAGE
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns("static", "__pycache__"))
    (copy / "measures" / "toy").mkdir(exist_ok=True)
    (copy / "measures" / "toy" / "y.py").write_text("")
    for module, source in planted.items():
        path = copy.joinpath(*module.split(".")[1:]).with_suffix(".py")
        path.write_text(source + "\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", str(copy))
    return violations()
