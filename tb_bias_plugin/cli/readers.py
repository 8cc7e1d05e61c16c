"""Prediction files read in batches of columns: Parquet, CSV, JSON Lines, .npy/.npz.

Every reader yields ``(first_row, columns)``: the 1-based number of the
batch's first data row and ``{column: list or array}`` for the columns
asked for. A missing column or unreadable row is a `DataError` naming the
file, the row and the column.
"""

from __future__ import annotations

import csv
import io
import json
import os
from typing import Any, Iterator, Sequence

import numpy as np

EXTRA = 'pip install "tb-bias-plugin[cli]"'

FORMATS = {
    ".parquet": "parquet",
    ".pq": "parquet",
    ".csv": "csv",
    ".tsv": "csv",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
    ".npy": "npy",
    ".npz": "npz",
}


class DataError(ValueError):
    """Bad input data; the message names the file, row and column."""


def where(path: str, row: int | None = None, column: str | None = None) -> str:
    parts = [os.fspath(path)]
    if row is not None:
        parts.append("row %d" % row)
    if column is not None:
        parts.append("column %r" % column)
    return ", ".join(parts)


def file_format(path: str, given: str | None = None) -> str:
    if given:
        return given
    ext = os.path.splitext(path)[1].lower()
    if ext not in FORMATS:
        raise DataError(
            "%s: cannot tell the format from the extension %r; pass --format (%s)"
            % (path, ext, ", ".join(sorted(set(FORMATS.values()))))
        )
    return FORMATS[ext]


def need_pyarrow() -> Any:
    import pyarrow.parquet as pq  # on first use: most runs read no Parquet

    return pq


def count_hint(path: str, fmt: str) -> tuple[int, str]:
    """``(total, unit)`` for a progress bar: rows where cheap, else bytes."""
    if fmt == "parquet":
        return need_pyarrow().ParquetFile(path).metadata.num_rows, "rows"
    if fmt in ("npy", "npz"):
        return 0, "rows"
    return os.path.getsize(path), "B"


def read(path: str, fmt: str, columns: Sequence[str], batch_size: int, *, separator: str = "|",
         progress: Any = None, npz_keys: dict[str, str] | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """Batches of the named columns of one file (see the module docstring)."""
    if not os.path.exists(path):
        raise DataError("%s: no such file" % path)
    if fmt == "parquet":
        return _parquet(path, columns, batch_size, progress)
    if fmt == "csv":
        return _csv(path, columns, batch_size, separator, progress)
    if fmt == "jsonl":
        return _jsonl(path, columns, batch_size, progress)
    if fmt in ("npy", "npz"):
        return _numpy(path, fmt, columns, batch_size, progress, npz_keys or {})
    raise DataError("%s: unknown format %r" % (path, fmt))


def _parquet(path: str, columns: Sequence[str], batch_size: int, progress: Any) -> Iterator[tuple[int, dict[str, Any]]]:
    pq = need_pyarrow()
    try:
        handle = pq.ParquetFile(path)
    except Exception as e:
        raise DataError("%s: not a readable Parquet file (%s)" % (path, e))
    have = handle.schema_arrow.names
    for column in columns:
        if column not in have:
            raise DataError("%s: no column %r (columns: %s)" % (path, column, ", ".join(have[:20])))
    row = 1
    for batch in handle.iter_batches(batch_size=batch_size, columns=list(columns)):
        out = {}
        for name in columns:
            array = batch.column(name)
            if array.type.num_fields:  # lists (of label names or scores): Python lists
                out[name] = array.to_pylist()
                continue
            try:
                out[name] = array.to_numpy(zero_copy_only=False)
            except Exception:
                out[name] = array.to_pylist()
        yield row, out
        row += batch.num_rows
        if progress is not None:
            progress.update(batch.num_rows)


class _CountingLines:
    """Decoded lines of a binary file, adding each line's bytes to a progress bar."""

    def __init__(self, handle: Any, progress: Any):
        self.handle, self.progress = handle, progress

    def __iter__(self) -> Iterator[str]:
        for raw in self.handle:
            if self.progress is not None:
                self.progress.update(len(raw))
            yield raw.decode("utf-8")


def _csv(path: str, columns: Sequence[str], batch_size: int, separator: str, progress: Any) -> Iterator[tuple[int, dict[str, Any]]]:
    with open(path, "rb") as handle:
        lines = _CountingLines(handle, progress)
        try:
            dialect = csv.excel_tab if path.lower().endswith(".tsv") else csv.excel
            reader = csv.reader(iter(lines), dialect)
            header = next(reader, None)
        except (UnicodeDecodeError, csv.Error) as e:
            raise DataError("%s, row 0 (header): %s" % (path, e))
        if header is None:
            raise DataError("%s: empty file (no header row)" % path)
        positions = []
        for column in columns:
            if column not in header:
                raise DataError("%s: no column %r (columns: %s)" % (path, column, ", ".join(header[:20])))
            positions.append(header.index(column))
        row, first, rows = 0, 1, []
        while True:
            try:
                record = next(reader, None)
            except (UnicodeDecodeError, csv.Error) as e:
                raise DataError("%s: %s" % (where(path, row + 1), e))
            if record is not None:
                row += 1
                if len(record) != len(header):
                    raise DataError("%s: %d fields, the header has %d" % (where(path, row), len(record), len(header)))
                rows.append([record[p] for p in positions])
            if rows and (record is None or len(rows) >= batch_size):
                yield first, {c: [r[i] for r in rows] for i, c in enumerate(columns)}
                first, rows = row + 1, []
            if record is None:
                return


def _jsonl(path: str, columns: Sequence[str], batch_size: int, progress: Any) -> Iterator[tuple[int, dict[str, Any]]]:
    with open(path, "rb") as handle:
        row, first, rows = 0, 1, []
        for line in _CountingLines(handle, progress):
            if not line.strip():
                continue
            row += 1
            try:
                record = json.loads(line)
            except ValueError as e:
                raise DataError("%s: not valid JSON (%s)" % (where(path, row), e))
            if not isinstance(record, dict):
                raise DataError("%s: each line must be a JSON object, got %s" % (where(path, row), type(record).__name__))
            for column in columns:
                if column not in record:
                    raise DataError("%s: no field %r" % (where(path, row, column), column))
            rows.append([record[c] for c in columns])
            if len(rows) >= batch_size:
                yield first, {c: [r[i] for r in rows] for i, c in enumerate(columns)}
                first, rows = row + 1, []
        if rows:
            yield first, {c: [r[i] for r in rows] for i, c in enumerate(columns)}
        if row == 0:
            raise DataError("%s: no rows" % path)


def _numpy(path: str, fmt: str, columns: Sequence[str], batch_size: int, progress: Any,
           npz_keys: dict[str, str]) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        if fmt == "npy":
            arrays = {"scores": np.load(path, mmap_mode="r", allow_pickle=False)}
        else:
            with np.load(path, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
    except Exception as e:
        raise DataError("%s: not a readable %s file (%s)" % (path, fmt, e))
    out: dict[str, Any] = {}
    n: int | None = None
    for column in columns:
        key = npz_keys.get(column, column)
        if key not in arrays:
            raise DataError("%s: no array %r (arrays: %s)" % (path, key, ", ".join(sorted(arrays))))
        array = arrays[key]
        if n is None:
            n = array.shape[0] if array.ndim else 0
        elif array.shape[:1] != (n,):
            raise DataError("%s: array %r has %s rows, %r has %d" % (path, key, array.shape[:1], columns[0], n))
        out[column] = array
    if progress is not None and n is not None:
        progress.total = (progress.total or 0) + n
    rows = n or 0
    for lo in range(0, rows, batch_size):
        yield lo + 1, {c: a[lo : lo + batch_size] for c, a in out.items()}
        if progress is not None:
            progress.update(min(batch_size, rows - lo))


def npz_arrays(path: str) -> dict[str, np.ndarray]:
    """Small arrays of an .npz (names), read whole."""
    try:
        with np.load(path, allow_pickle=False) as data:
            return {name: data[name] for name in data.files if data[name].ndim <= 1}
    except Exception as e:
        raise DataError("%s: not a readable npz file (%s)" % (path, e))


def read_names(path: str) -> list[str]:
    """One name per line of a text file (blank lines skipped)."""
    try:
        with io.open(path, encoding="utf-8") as handle:
            return [line.strip() for line in handle if line.strip()]
    except OSError as e:
        raise DataError("%s: %s" % (path, e.strerror or e))
