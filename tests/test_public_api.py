"""The public API is static: type checkers and IDEs follow it.

``tb_bias_plugin.summary`` is written out (functions and `Writer` methods,
checked against the builders in tests/test_registry.py); the package root,
``callbacks`` and ``beam`` import their names lazily at run time and name
them under ``if TYPE_CHECKING:`` for type checkers. These tests run mypy on
user code, keep the TYPE_CHECKING names equal to what the measures
declare in the registry, and check that every public class and function
has Examples, See Also and References sections.
"""

import ast
import inspect
import os
import re
import textwrap

import pytest

import tb_bias_plugin.pytorch as pytorch_facade  # its helpers import torch only when used
from tb_bias_plugin.measures.registry import REGISTRY

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# One worker runs all of mypy's tests (they share one run and its cache).
pytestmark = pytest.mark.xdist_group("mypy")

GOOD = """
from tb_bias_plugin import CooccurrenceCounter, VChoice, dipdi, summary
from tb_bias_plugin.beam import CountAssociations
from tb_bias_plugin.callbacks import AssociationTableCallback

with summary.Writer("logs") as writer:
    written: bool = writer.association_table(
        "gender", [["man"]], label_names=["man"], identity_labels=["man"], step=0)
    writer.prediction_discrepancy("age", [[1.0]], [[2.0]], pool_names=("men", "women"), step=1)
summary.metric_table("gender", [[0.5]], label_names=["bike"], metric_names=["nPMI@man"], step=0)
counter = CooccurrenceCounter(["man"], ["man"])
print(written, counter.table(), VChoice, dipdi, CountAssociations, AssociationTableCallback)
"""

#: Each line of BAD and the error mypy must report on it.
BAD = [
    ("from tb_bias_plugin import CoocurrenceCounter", 'has no attribute "CoocurrenceCounter"'),
    ("from tb_bias_plugin.callbacks import AssociationCallback", 'has no attribute "AssociationCallback"'),
    ("from tb_bias_plugin.beam import CountAssociation", 'has no attribute "CountAssociation"'),
    ("from tb_bias_plugin import summary", None),
    ('summary.Writer("logs").asociation_table("gender", [["man"]])', '"Writer" has no attribute "asociation_table"'),
    ('summary.Writer("logs").association_table("gender", [["man"]], labels=["man"])', 'Unexpected keyword argument "labels"'),
    ('summary.asociation_table("gender", [["man"]])', 'has no attribute "asociation_table"'),
    ('summary.representation_bias("sex")', 'Missing positional argument "result"'),
]


@pytest.fixture(scope="module")
def mypy_report(tmp_path_factory, monkeypatch_module):
    """mypy's errors on GOOD and BAD, user code importing the package from this checkout."""
    from mypy import api

    folder = tmp_path_factory.mktemp("mypy")
    (folder / "good.py").write_text(textwrap.dedent(GOOD))
    (folder / "bad.py").write_text("\n".join(line for line, _ in BAD) + "\n")
    (folder / "mypy.ini").write_text("[mypy]\nignore_missing_imports = True\nfollow_imports = silent\n")
    monkeypatch_module.setenv("MYPYPATH", ROOT)
    monkeypatch_module.chdir(folder)
    # mypy's cache in the checkout: about 30 s cold (NumPy's stubs), under a second warm
    cache = os.path.join(ROOT, ".mypy_cache", "public_api_test")
    out, err, status = api.run(["good.py", "bad.py", "--config-file", "mypy.ini", "--cache-dir", cache])
    assert status in (0, 1), err  # 2 would be mypy failing to run at all
    return [line for line in out.splitlines() if ": error:" in line]


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_correct_use_of_the_public_api_passes_mypy(mypy_report):
    assert [line for line in mypy_report if line.startswith("good.py")] == []


@pytest.mark.parametrize("number", [n for n, (_, error) in enumerate(BAD, 1) if error])
def test_a_misspelt_name_or_argument_fails_mypy(mypy_report, number):
    errors = [line for line in mypy_report if line.startswith("bad.py:%d:" % number)]
    assert errors and BAD[number - 1][1] in errors[0], mypy_report


def _type_checking_names(module_path):
    """``{name: "module:attr"}`` imported under ``if TYPE_CHECKING:`` in a file."""
    tree = ast.parse(open(os.path.join(ROOT, module_path), encoding="utf-8").read())
    names = {}
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for stmt in node.body:
                if isinstance(stmt, ast.ImportFrom):
                    for alias in stmt.names:
                        names[alias.asname or alias.name] = "%s:%s" % (stmt.module, alias.name)
    return names


@pytest.mark.parametrize(
    "facade, declared",
    [("tb_bias_plugin/__init__.py", "exports"), ("tb_bias_plugin/callbacks.py", "callbacks"), ("tb_bias_plugin/beam.py", "beam"),
     ("tb_bias_plugin/pytorch.py", "pytorch")],
)
def test_type_checkers_see_every_name_the_measures_declare(facade, declared):
    # A measure that adds a public name adds it to the facade's TYPE_CHECKING block too.
    expected = {name: path for measure in REGISTRY for name, path in getattr(measure, declared).items()}
    assert _type_checking_names(facade) == expected


def test_the_pytorch_facade_lists_every_helper_in_all():
    # written out (reading the registry at import cost half a second), so checked here
    import tb_bias_plugin.pytorch as facade

    expected = {name for measure in REGISTRY for name in measure.pytorch}
    assert set(facade.__all__) == expected | {"close_writers", "helpers", "lightning_callback"}


# Every public name documents its use, its neighbours and its sources ---------

#: The numpydoc sections every public class and function has.
SECTIONS = ("Examples", "See Also", "References")


def _missing_sections(obj):
    doc = inspect.getdoc(obj) or ""
    return [s for s in SECTIONS if not re.search(r"^%s\n-{%d,}$" % (s, len(s)), doc, re.MULTILINE)]


def _root_exports():
    return sorted(name for measure in REGISTRY for name in measure.exports)


@pytest.mark.parametrize("name", _root_exports())
def test_every_public_name_has_examples_see_also_and_references(name):
    import tb_bias_plugin

    obj = getattr(tb_bias_plugin, name)
    if callable(obj):
        assert _missing_sections(obj) == [], name
    else:  # a constant: help() shows its own type's documentation, not dict's or tuple's
        assert type(obj).__module__.startswith("tb_bias_plugin") and _missing_sections(type(obj)) == [], name


@pytest.mark.parametrize("name", sorted(pytorch_facade.__all__))
def test_every_pytorch_helper_has_examples_see_also_and_references(name):
    pytest.importorskip("torch")
    assert _missing_sections(getattr(pytorch_facade, name)) == [], name
