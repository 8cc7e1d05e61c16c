"""TensorBoard's file layer, in one place.

Writing event files without TensorFlow leans on
``tensorboard.compat.tensorflow_stub.io.gfile``, a semi-internal module of
TensorBoard (local paths, s3://, and any fsspec filesystem). Every use goes
through this module, so if TensorBoard moves it, one import fails here with
a message saying so (tests/test_tb_files.py checks the contact).
"""

from __future__ import annotations

from typing import Any

_STUB = "tensorboard.compat.tensorflow_stub.io.gfile"


def _gfile() -> Any:
    try:
        from tensorboard.compat.tensorflow_stub.io import gfile
    except ImportError as e:  # pragma: no cover - only when TensorBoard changes
        raise ImportError(
            "tb-bias writes event files through TensorBoard's %s, which this TensorBoard does not have (%s); "
            "install a TensorBoard release tb-bias supports (see setup.py)" % (_STUB, e)
        )
    return gfile


def masked_crc32c(data: bytes) -> int:
    """The TFRecord format's masked CRC-32C of ``data``, as TensorBoard's readers check it (without TensorFlow)."""
    try:
        from tensorboard.compat.tensorflow_stub.pywrap_tensorflow import masked_crc32c as crc
    except ImportError as e:  # pragma: no cover - only when TensorBoard changes
        raise ImportError("tb-bias checks event files with TensorBoard's tensorflow_stub.pywrap_tensorflow, which "
                          "this TensorBoard does not have (%s); install a TensorBoard release tb-bias supports" % e)
    return int(crc(data))


def makedirs(path: str) -> None:
    """Create ``path`` and its parents on any filesystem TensorBoard can write."""
    _gfile().makedirs(path)


def open_for_writing(path: str) -> Any:
    """A binary file object for ``path``, as TensorBoard's RecordWriter takes it."""
    return _gfile().GFile(path, "wb")


def can_write(path: str) -> bool:
    """Whether TensorBoard's file layer has a filesystem for ``path``'s scheme here."""
    return cannot_write(path) is None


def cannot_write(path: str) -> str | None:
    """Why TensorBoard's file layer has no filesystem for ``path``'s scheme here, or None if it has one: no
    filesystem knows the scheme, or fsspec knows it but its package is not installed (gcsfs for gs://, s3fs for
    s3://: fsspec's ImportError, said with the package's name)."""
    try:
        _gfile().get_filesystem(path)
    except ValueError:
        return "install TensorFlow or an fsspec filesystem for it"
    except ImportError as e:
        missing = getattr(e.__cause__, "name", None) or e.name
        return "%s, the package of fsspec's filesystem for it (%s)" % (
            "pip install " + missing if missing else "install the package", e)
    return None
