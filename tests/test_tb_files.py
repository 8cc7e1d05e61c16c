"""The one contact with TensorBoard's semi-internal file layer: if
TensorBoard moves or changes it, this fails loudly, naming what moved."""

import importlib

from tb_bias_plugin.writing import tb_files


def test_tensorboard_still_has_the_file_layer_we_write_through():
    gfile = importlib.import_module(tb_files._STUB)
    for name in ("makedirs", "GFile", "get_filesystem"):
        assert callable(getattr(gfile, name, None)), "TensorBoard's %s lost %s" % (tb_files._STUB, name)


def test_writes_and_reads_back_a_local_file(tmp_path):
    path = tmp_path / "a" / "b"
    tb_files.makedirs(str(path))
    with tb_files.open_for_writing(str(path / "f")) as f:
        f.write(b"bytes")
    assert (path / "f").read_bytes() == b"bytes"
    assert tb_files.can_write(str(path)) and not tb_files.can_write("nosuchscheme://bucket/logs")


def test_a_scheme_whose_fsspec_package_is_missing_cannot_be_written(monkeypatch):
    """fsspec's ImportError (gs:// without gcsfs) was raised out of can_write, which caught only ValueError."""
    import sys

    import fsspec  # noqa: F401

    monkeypatch.setitem(sys.modules["fsspec.registry"].known_implementations, "tbmissing",
                        {"class": "tb_no_such_package.FileSystem", "err": "Please install tb_no_such_package"})
    assert not tb_files.can_write("tbmissing://bucket/logs")
    assert tb_files.cannot_write("tbmissing://bucket/logs") == (
        "pip install tb_no_such_package, the package of fsspec's filesystem for it (Please install tb_no_such_package)")
    assert tb_files.cannot_write("nosuchscheme://bucket/logs") == "install TensorFlow or an fsspec filesystem for it"


def test_no_other_module_imports_the_stub_directly():
    import pathlib

    root = pathlib.Path(tb_files.__file__).resolve().parents[1]
    users = [str(p.relative_to(root)) for p in root.rglob("*.py")
             if "tensorflow_stub" in p.read_text(encoding="utf-8") and p.name != "tb_files.py"]
    assert users == []
