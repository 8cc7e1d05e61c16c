"""Build the descriptor set of every .proto file of a folder (default: the package).

``python -m tb_bias_plugin.storage.build_descriptors [--check] [FOLDER ...]``

Writes ``<name>.protoset`` next to each ``<name>.proto`` below each FOLDER:
what protoc makes of the file and the files it imports, with no source
information, so the bytes depend on the .proto files alone and not on the
machine. Names are relative to FOLDER's parent (``tb_bias_plugin/...``).
With ``--check`` it writes nothing and fails, naming them, if any committed
set differs from a fresh build or has no .proto. Needs grpcio-tools (in the
``test`` extras), which the package itself does not.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
from typing import Sequence

from tb_bias_plugin.storage.schema import DESCRIPTOR_SET_SUFFIX, PACKAGE_ROOT, descriptor_set_path

#: The package's own folder, the default.
PACKAGE_FOLDER = os.path.join(PACKAGE_ROOT, "tb_bias_plugin")


def proto_files(folder: str) -> list[str]:
    """The .proto files below ``folder``, named relative to its parent, in order."""
    root = os.path.dirname(os.path.abspath(folder))
    found = []
    for path, _, names in os.walk(folder):
        found += [os.path.relpath(os.path.join(path, n), root) for n in names if n.endswith(".proto")]
    return sorted(f.replace(os.sep, "/") for f in found)


def build(proto_file: str, root: str) -> bytes:
    """The descriptor set protoc builds of ``proto_file`` (a name relative to
    ``root``) and its imports; the package's files can be imported too.

    Raises
    ------
    RuntimeError
        If grpcio-tools is not installed or protoc rejects the file.
    """
    if importlib.util.find_spec("grpc_tools") is None:
        raise RuntimeError("building descriptor sets needs grpcio-tools: pip install grpcio-tools")
    includes = ["-I", root] + (["-I", PACKAGE_ROOT] if os.path.abspath(root) != PACKAGE_ROOT else [])
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "set.protoset")
        done = subprocess.run(
            [sys.executable, "-m", "grpc_tools.protoc", "--include_imports", "--descriptor_set_out", out]
            + includes + [proto_file],
            cwd=root,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise RuntimeError("protoc failed on %s: %s" % (proto_file, done.stderr.strip()))
        with open(out, "rb") as f:
            return f.read()


def stale(folder: str) -> list[str]:
    """The descriptor sets below ``folder`` that differ from a fresh build,
    are missing, or have no .proto, as paths."""
    root = os.path.dirname(os.path.abspath(folder))
    found = []
    expected = set()
    for proto in proto_files(folder):
        path = descriptor_set_path(proto, root)
        expected.add(os.path.abspath(path))
        if not os.path.exists(path) or _read(path) != build(proto, root):
            found.append(path)
    for path, _, names in os.walk(folder):
        orphans = [os.path.join(path, n) for n in names if n.endswith(DESCRIPTOR_SET_SUFFIX)]
        found += [p for p in orphans if os.path.abspath(p) not in expected]
    return sorted(found)


def _read(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


def write(folder: str) -> list[str]:
    """Build and write the descriptor set of every .proto below ``folder``; the paths written."""
    root = os.path.dirname(os.path.abspath(folder))
    written = []
    for proto in proto_files(folder):
        path = descriptor_set_path(proto, root)
        with open(path, "wb") as f:
            f.write(build(proto, root))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", help="default: the package")
    parser.add_argument("--check", action="store_true", help="write nothing; fail if a committed set is stale")
    args = parser.parse_args(argv)
    folders = args.folders or [PACKAGE_FOLDER]
    for folder in folders:
        if not os.path.isdir(folder):
            parser.error("not a folder: %s" % folder)
    if args.check:
        found = [path for folder in folders for path in stale(folder)]
        for path in found:
            print("stale: %s" % path, file=sys.stderr)
        if found:
            print("regenerate: python -m tb_bias_plugin.storage.build_descriptors", *args.folders, file=sys.stderr)
        return 1 if found else 0
    for folder in folders:
        for path in write(folder):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
