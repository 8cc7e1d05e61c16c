"""The wheel a user installs holds what the package needs at run time, and says what it is.

Built from a copy of the tracked files (not the checkout, where a build
would leave its build/ folder), without build isolation (no network).
"""

import email
import os
import subprocess
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    source, out = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheel")
    tracked = subprocess.run(["git", "ls-files", "-z", "setup.py", "README.md", "LICENSE", "tb_bias_plugin"],
                             cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    for path in filter(None, tracked):
        os.makedirs(source / os.path.dirname(path), exist_ok=True)
        with open(os.path.join(ROOT, path), "rb") as f, open(source / path, "wb") as g:
            g.write(f.read())
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out),
                    str(source)], check=True, capture_output=True)
    (built,) = out.iterdir()
    return zipfile.ZipFile(built), tracked


def test_the_wheel_holds_the_bundle_schemas_typing_marker_and_licence(wheel):
    archive, tracked = wheel
    names = set(archive.namelist())
    needed = [p for p in tracked if p.endswith((".proto", ".protoset", "vocabulary.txt"))
              or p.startswith("tb_bias_plugin/static/")]
    assert len([p for p in needed if p.endswith(".protoset")]) >= 4
    assert [p for p in needed if p not in names] == []
    assert "tb_bias_plugin/py.typed" in names  # users' type checkers read the hints (PEP 561)
    licence = [n for n in names if n.endswith("/LICENSE") and ".dist-info/" in n]
    assert licence and b"Apache License" in archive.read(licence[0])


def test_the_wheel_registers_the_plugin_and_the_command(wheel):
    archive, _ = wheel
    info = next(n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt"))
    entry_points = archive.read(info).decode()
    assert "tb_bias = tb_bias_plugin.serving.plugin:BiasPlugin" in entry_points
    assert "tb-bias = tb_bias_plugin.cli:main" in entry_points
    metadata = email.message_from_bytes(archive.read(info.replace("entry_points.txt", "METADATA")))
    assert "Apache-2.0" in (metadata.get("License-Expression") or metadata.get("License") or "")
