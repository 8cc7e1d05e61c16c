"""The house rule "no function over about 120 lines", checked on every function of the package.

A function's length runs from its ``def`` line to its last line (docstring
and nested functions included, decorators not), as ``ast`` reports them.
"""

import ast
import os

PACKAGE = "tb_bias_plugin"
ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), PACKAGE)
MAX_LINES = 120

#: Functions allowed to be longer for now, as "path/relative/to/package.py:qualified.name".
#: Only functions of measures/association/counting.py and cli/, which are being split
#: separately; the lead empties this list once that work is merged.
ALLOWED: set[str] = set()


def _functions(tree):
    """(qualified name, node) of every function and method, nested ones included."""

    def walk(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + child.name
                yield name, child
                yield from walk(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, prefix + child.name + ".")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")


def long_functions(root=ROOT, limit=MAX_LINES):
    """``{"path:name": lines}`` of the functions under ``root`` longer than ``limit`` lines."""
    found = {}
    for folder, _, files in os.walk(root):
        for file in sorted(files):
            if not file.endswith(".py"):
                continue
            path = os.path.join(folder, file)
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read(), path)
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            for name, node in _functions(tree):
                lines = node.end_lineno - node.lineno + 1
                if lines > limit:
                    found["%s:%s" % (rel, name)] = lines
    return found


def test_no_function_is_over_120_lines():
    found = long_functions()
    offenders = {key: n for key, n in found.items() if key not in ALLOWED}
    assert not offenders, "functions over %d lines (split them):\n%s" % (
        MAX_LINES, "\n".join("  %s: %d lines" % item for item in sorted(offenders.items(), key=lambda e: -e[1])))


def test_the_allow_list_holds_only_long_functions_of_the_files_being_split():
    for key in ALLOWED:
        assert key.startswith(("measures/association/counting.py:", "cli/")), key
    stale = ALLOWED - set(long_functions())
    assert not stale, "no longer over %d lines; remove from ALLOWED: %s" % (MAX_LINES, sorted(stale))


def test_the_count_runs_from_def_to_last_line_without_decorators(tmp_path):
    body = "\n".join("    x = %d" % i for i in range(MAX_LINES - 1))
    (tmp_path / "m.py").write_text(
        "import functools\n\n\n@functools.lru_cache\n@functools.lru_cache\ndef exact():\n%s\n\n\n"
        "class C:\n    def longer(self):\n%s\n        return 1\n" % (body, body.replace("    ", "        ")))
    # exact: def + 119 lines = 120, allowed; C.longer: def + 119 + return = 121
    assert long_functions(str(tmp_path)) == {"m.py:C.longer": MAX_LINES + 1}
