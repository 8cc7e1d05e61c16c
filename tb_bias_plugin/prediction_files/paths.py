"""Paths ``tb-bias log`` reads and writes: local, or remote through Beam.

Local paths go through ``os`` and ``glob``. A path with a scheme (gs://,
s3://, hdfs://) goes through Apache Beam's FileSystems, so the launcher
and Beam's workers open the same files on Dataflow, Flink or Spark; the
in-process writer writes wherever TensorBoard's file layer can.
"""

from __future__ import annotations

import glob
import gzip
import importlib.util
import os
import zlib
from typing import Any, BinaryIO, cast

from tb_bias_plugin.core.extras import install_hint
from tb_bias_plugin.core.paths import is_remote
from tb_bias_plugin.prediction_files import DataError

#: Beam filesystems registered whether or not their client library is installed, which then fails at first use
#: (s3://: "Missing boto3 requirement", a Beam traceback after all the counting): ``{scheme: (module, extra)}``.
#: Beam registers gs:// only with its library, so FileSystems.get_filesystem refuses it (naming apache-beam[gcp]).
BEAM_NEEDS = {"s3": ("boto3", "aws"), "azfs": ("azure.storage.blob", "azure")}


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:  # a parent package is missing (azure)
        return False


def _beam_filesystems(path: str) -> Any:
    try:
        from apache_beam.io.filesystems import FileSystems
    except ImportError:
        raise DataError('%s: reading remote paths needs Apache Beam: %s' % (path, install_hint("beam")))
    try:
        FileSystems.get_filesystem(path)
    except Exception as e:  # Beam names the extra that is missing (e.g. apache-beam[gcp])
        raise DataError("%s: %s" % (path, e))
    scheme = path.split("://", 1)[0].lower()
    if scheme in BEAM_NEEDS and not _installed(BEAM_NEEDS[scheme][0]):
        module, extra = BEAM_NEEDS[scheme]
        raise DataError('%s: Apache Beam reaches %s:// paths through %s, which is not installed: pip install '
                        '"apache-beam[%s]"' % (path, scheme, module, extra))
    return FileSystems


def expand(pattern: str) -> list[str]:
    """The files a path or glob names, sorted; a DataError when none exist."""
    if is_remote(pattern):
        fs = _beam_filesystems(pattern)
        try:
            found = fs.match([pattern])[0].metadata_list
        except Exception as e:
            raise DataError("%s: %s" % (pattern, e))
        paths = sorted(m.path for m in found)
    elif any(ch in pattern for ch in "*?["):
        paths = sorted(glob.glob(pattern))
    else:
        check_not_directory(pattern)
        paths = [pattern] if os.path.isfile(pattern) else []
    if not paths:
        raise DataError("%s: %s" % (pattern, "no file matches" if any(ch in pattern for ch in "*?[") else "no such file"))
    return paths


def check_not_directory(path: str) -> None:
    """A local directory named where a file is wanted is said to be one, not "no such file"."""
    if not is_remote(path) and os.path.isdir(path):
        raise DataError("%s is a directory, not a file: give the files in it (e.g. %s)"
                        % (path, os.path.join(path, "*.parquet")))


def expand_all(patterns: list[str]) -> list[str]:
    """The files of every pattern, in order; a file two patterns name (``p.csv 'p*.csv'``) is an error rather than
    counted twice."""
    paths = [path for pattern in patterns for path in expand(pattern)]
    seen: set[str] = set()
    for path in paths:
        key = path if is_remote(path) else os.path.realpath(path)
        if key in seen:
            raise DataError("%s is named twice among the files (give each file once)" % path)
        seen.add(key)
    return paths


def size(path: str) -> int:
    if is_remote(path):
        return int(_beam_filesystems(path).match([path])[0].metadata_list[0].size_in_bytes)
    return os.path.getsize(path)


def is_gzip(path: str) -> bool:
    """A file named as gzip-compressed (``.gz``): read decompressed (`open_binary`)."""
    return path.lower().endswith(".gz")


def open_binary(path: str) -> BinaryIO:
    """A seekable binary handle (Parquet and .npz read by offset); a ``.gz`` file's handle reads it decompressed
    (CSV and JSON Lines are read in order; `file_format` takes no other format compressed)."""
    if not is_remote(path):
        try:
            return cast(BinaryIO, _GzipFile(path)) if is_gzip(path) else open(path, "rb")
        except OSError as e:
            raise DataError("%s: %s" % (path, e.strerror or e))
    from apache_beam.io.filesystem import CompressionTypes

    compression = CompressionTypes.GZIP if is_gzip(path) else CompressionTypes.UNCOMPRESSED
    try:
        return _beam_filesystems(path).open(path, compression_type=compression)
    except DataError:
        raise
    except Exception as e:
        raise DataError("%s: cannot open (%s)" % (path, e))


class _GzipFile(gzip.GzipFile):
    """A local ``.gz`` file read decompressed, whose damage is a DataError naming it: a file cut short (EOFError),
    a failed CRC check or a file that is not gzip at all (gzip.BadGzipFile), bad deflate data (zlib.error) were
    raw tracebacks from wherever a reader happened to read."""

    def __init__(self, path: str):
        super().__init__(path, "rb")
        self._path = path

    def _damaged(self, e: Exception) -> DataError:
        with open(self._path, "rb") as head:
            gzipped = head.read(2) == b"\x1f\x8b"
        if str(e).startswith("Not a gzipped file") and not gzipped:
            return DataError("%s is named .gz but is not gzip-compressed (%s): rename it without .gz, or pass a "
                             "gzip-compressed file" % (self._path, e))
        # a gzip file with other bytes after its end says "Not a gzipped file" of them
        return DataError("%s: a damaged gzip file, cut short, corrupted or with bytes after its end (%s)"
                         % (self._path, e))

    def read(self, size: int | None = -1) -> bytes:
        try:
            return super().read(size)
        except (EOFError, gzip.BadGzipFile, zlib.error) as e:
            raise self._damaged(e) from None

    def read1(self, size: int = -1) -> bytes:
        try:
            return super().read1(size)
        except (EOFError, gzip.BadGzipFile, zlib.error) as e:
            raise self._damaged(e) from None

    def peek(self, n: int) -> bytes:
        try:
            return super().peek(n)
        except (EOFError, gzip.BadGzipFile, zlib.error) as e:
            raise self._damaged(e) from None

    def readline(self, size: int | None = -1) -> bytes:
        try:
            return super().readline(size)
        except (EOFError, gzip.BadGzipFile, zlib.error) as e:
            raise self._damaged(e) from None

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        try:
            return super().seek(offset, whence)
        except (EOFError, gzip.BadGzipFile, zlib.error) as e:
            raise self._damaged(e) from None


def read_position(handle: Any) -> int:
    """How far into its file a handle of `open_binary` has read, in the file's own bytes (a progress bar's unit,
    whose total is `size`): a local gzip file's compressed offset, not the offset in what it holds."""
    raw: Any = handle.fileobj if isinstance(handle, gzip.GzipFile) else handle
    return int(raw.tell())


def check_output(args: Any, *, beam: bool) -> None:
    """The record's --name, --step, --description and --logdir, checked by the writer's own rules before any
    file is read: a mistake there would otherwise surface after the whole input was counted."""
    from tb_bias_plugin.writing import events

    checks = (("--name", events.check_name, args.name), ("--step", events.check_step, args.step),
              ("--description", events.check_description, args.description),
              ("--logdir", events.check_logdir, args.logdir))
    for flag, check, value in checks:
        try:
            check(value)
        except ValueError as e:
            raise DataError("%s: %s" % (flag, e))
    logdir = args.logdir
    if not is_remote(logdir):
        _check_writable(logdir)
        return
    if beam:
        _beam_filesystems(logdir)
        return
    from tb_bias_plugin.writing import tb_files

    why = tb_files.cannot_write(logdir)
    if why is not None:
        raise DataError(
            "--logdir %s: TensorBoard's file layer cannot write %s paths in this environment; %s, or count with "
            "--beam-runner, which writes through Beam's filesystems" % (logdir, logdir.split("://")[0], why)
        )


def _check_writable(logdir: str) -> None:
    """A local --logdir the writer could create and write, judged by its nearest existing folder (a file there
    is `events.check_logdir`'s), before any input is read: a Beam pipeline's write would fail after all the
    counting, in Beam's own traceback."""
    existing = os.path.abspath(logdir)
    while not os.path.exists(existing) and os.path.dirname(existing) != existing:
        existing = os.path.dirname(existing)
    if not os.access(existing, os.W_OK | os.X_OK):
        raise DataError("--logdir %s: cannot write there (%s is not writable)" % (logdir, existing))
