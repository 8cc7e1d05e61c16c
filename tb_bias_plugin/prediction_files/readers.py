"""Prediction files read in batches of columns: Parquet, CSV, JSON Lines, .npy/.npz.

Every reader yields ``(first_row, columns)``: the 1-based number of the
batch's first data row and ``{column: values}`` for the columns asked
for: a NumPy array, an Arrow array, or a list (`columns.python` makes any
of them Python values). Parquet, CSV and JSON Lines are parsed by Arrow;
CSV values are strings, as Python's csv module gives them. A missing
column or unreadable row is a `DataError` naming the file, the row and
the column: where Arrow refuses a file, it is read again row by row with
Python's csv or json module, which names the row (and reads what Arrow
cannot, for JSON Lines). Rows count data only: a CSV's header and blank
lines are not rows (the JSON reader's own errors add the line number
where it differs).
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
from typing import Any, Iterator, Sequence

import numpy as np

from tb_bias_plugin.core.extras import install_hint
from tb_bias_plugin.core.validation import MAX_NAME, check_name
from tb_bias_plugin.prediction_files import DataError, paths
from tb_bias_plugin.prediction_files.columns import where

EXTRA = install_hint("cli")

FORMATS = {
    ".parquet": "parquet",
    ".pq": "parquet",
    ".csv": "csv",
    ".tsv": "tsv",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
    ".npy": "npy",
    ".npz": "npz",
}


def file_format(path: str, given: str | None = None) -> str:
    """A file's format: ``given`` (--format), else by its extension; a ``.gz`` file is its inner extension's
    (``p.csv.gz``: CSV), CSV or JSON Lines, which are read in order as they are decompressed."""
    inner = path[:-3] if paths.is_gzip(path) else path
    ext = os.path.splitext(inner)[1].lower()
    fmt = given or FORMATS.get(ext)
    if paths.is_gzip(path) and fmt not in ("csv", "tsv", "jsonl"):
        raise DataError("%s is gzip-compressed (.gz): tb-bias log reads CSV and JSON Lines gzip-compressed "
                        "(.csv.gz, .tsv.gz, .jsonl.gz), other files uncompressed; decompress it first (gunzip -k %s)"
                        % (path, path))
    if given:
        return given
    if ext not in FORMATS:
        raise DataError(
            "%s: cannot tell the format from the extension %r; pass --format (%s)"
            % (path, ext, ", ".join(sorted(set(FORMATS.values()))))
        )
    return FORMATS[ext]


def need_pyarrow() -> Any:
    import pyarrow.parquet as pq  # on first use: most runs read no Parquet

    return pq


def parquet_file(path: str) -> Any:
    """An open ``pyarrow.parquet.ParquetFile``; a DataError if it is not one."""
    pq = need_pyarrow()
    source: Any = path if not paths.is_remote(path) else paths.open_binary(path)
    try:
        return pq.ParquetFile(source)
    except Exception as e:
        raise DataError("%s: not a readable Parquet file (%s)" % (path, e))


def header(path: str, fmt: str) -> list[str]:
    """The column names of a file (the first record's fields for JSON Lines)."""
    _check_exists(path)
    if fmt == "parquet":
        return list(parquet_file(path).schema_arrow.names)
    if fmt in ("csv", "tsv", "jsonl"):
        with paths.open_binary(path) as handle:
            _check_text(path, handle.read(4), fmt)
            handle.seek(0)
            for raw in handle:
                try:
                    line = _text(raw, first_line=True)  # the lines before are blank
                    if fmt != "jsonl":
                        return next(csv.reader([line], _dialect(fmt)), [])
                    if line.strip():
                        _check_json_lines(path, line)
                        record = json.loads(line)
                        return list(record) if isinstance(record, dict) else []
                except (UnicodeDecodeError, csv.Error, ValueError) as e:
                    if isinstance(e, DataError):
                        raise
                    raise DataError("%s: cannot read the first row (%s)" % (path, e))
        raise DataError("%s is empty: no header row" % path if fmt != "jsonl" else "%s holds no record" % path)
    return []


def _check_text(path: str, start: bytes, fmt: str) -> None:
    """The first bytes of a file read as text (CSV, JSON Lines): a Parquet or gzip file is said to be one, not
    bytes that are not UTF-8."""
    if start.startswith(b"PAR1"):
        raise DataError("%s is a Parquet file, not %s: pass --format parquet, or no --format" % (path, fmt))
    if start.startswith(b"\x1f\x8b"):  # compressed, though not named .gz (which is read decompressed)
        raise DataError("%s is gzip-compressed but not named .gz: name it %s.gz to have it read as it is, or "
                        "decompress it (gunzip -c %s > plain)" % (path, path, path))


def _check_json_lines(path: str, first_line: str) -> None:
    """A file's first line: a JSON array (a .json file of records, say) is said to be one, where it would be
    invalid JSON (an array over many lines) or a record that is not an object."""
    if first_line.lstrip().startswith("["):
        raise DataError("%s: a JSON array; tb-bias log reads JSON Lines, one JSON object per line (e.g. "
                        "jq -c '.[]' %s > %sl)" % (where(path, 1), path, path))


def holds_text(path: str, fmt: str, column: str) -> bool | None:
    """Whether a file's column holds text (a CSV cell, a string column; not lists or numbers), by its schema
    or, in JSON Lines, its first record; None where that does not say (a null, a missing field)."""
    if fmt in ("csv", "tsv"):
        return True
    if fmt == "parquet":
        import pyarrow as pa

        schema = parquet_file(path).schema_arrow
        if column not in schema.names:
            return None
        kind = schema.field(column).type
        kind = kind.value_type if pa.types.is_dictionary(kind) else kind
        return pa.types.is_string(kind) or pa.types.is_large_string(kind)
    if fmt == "jsonl":
        with paths.open_binary(path) as handle:
            line = next((raw for raw in handle if raw.strip()), b"")
        try:
            value = json.loads(line).get(column)
        except (ValueError, AttributeError):
            return None
        return None if value is None else isinstance(value, str)
    return False


def _text(raw: bytes, *, first_line: bool) -> str:
    """A line (or file) as UTF-8 text. A file's first line may start with a byte order mark, which Excel's
    "CSV UTF-8" writes and Arrow skips: kept, it would be part of the first column's name."""
    return raw.decode("utf-8-sig" if first_line else "utf-8")


def _dialect(fmt: str) -> Any:
    """Python's csv dialect of a format: TSV (a .tsv file, or --format tsv) is tab-separated."""
    return csv.excel_tab if fmt == "tsv" else csv.excel


def progress_unit(formats: Sequence[str]) -> str:
    """What a progress bar over these files counts: rows when every file
    says how many it has, else bytes (CSV and JSON Lines are read by line)."""
    return "B" if any(fmt in ("csv", "tsv", "jsonl") for fmt in formats) else "rows"


def progress_total(path: str, fmt: str, unit: str) -> int:
    """This file's share of a progress bar's total (0: added when read)."""
    if unit == "B":
        return paths.size(path)
    if fmt == "parquet":
        return int(parquet_file(path).metadata.num_rows)
    return 0


class Progress:
    """A progress bar fed in the unit it counts, rows or bytes.

    CSV and JSON Lines readers report the bytes they read and each batch's
    rows; Parquet and NumPy readers report rows with their share of the
    file's bytes.
    """

    def __init__(self, bar: Any, unit: str):
        self.bar, self.unit = bar, unit

    def advance(self, nbytes: int) -> None:
        """Bytes read from a file."""
        if self.unit == "B":
            self.bar.update(nbytes)

    def rows(self, n: int, nbytes: int | None = None) -> None:
        if self.unit == "rows":
            self.bar.update(n)
        elif nbytes is not None:
            self.bar.update(nbytes)

    def add_rows(self, n: int) -> None:
        """Rows of a file whose count is known only once it is open."""
        if self.unit == "rows":
            self.bar.total = (self.bar.total or 0) + n


def _check_exists(path: str) -> None:
    if not paths.is_remote(path) and not os.path.isfile(path):
        paths.check_not_directory(path)
        raise DataError("%s: no such file" % path)


def read(path: str, fmt: str, columns: Sequence[str], batch_size: int, *, separator: str = "|",
         progress: Progress | None = None, npz_keys: dict[str, str] | None = None,
         row_group: int | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """Batches of the named columns of one file (see the module docstring);
    ``row_group``: only that row group of a Parquet file (Beam's unit of work). A column named twice
    (``--p-column P --group-column P``) is read once."""
    _check_exists(path)
    columns = list(dict.fromkeys(columns))
    if fmt == "parquet":
        return _parquet(path, columns, batch_size, progress, row_group)
    if fmt in ("csv", "tsv"):
        return _csv(path, fmt, columns, batch_size, separator, progress)
    if fmt == "jsonl":
        return _jsonl(path, columns, batch_size, progress)
    if fmt in ("npy", "npz"):
        return _numpy(path, fmt, columns, batch_size, progress, npz_keys or {})
    raise DataError("%s: unknown format %r" % (path, fmt))


def _check_columns(path: str, have: Sequence[str], columns: Sequence[str]) -> None:
    """Each column asked for is in the file once: of two alike, which one is meant cannot be told."""
    for column in columns:
        if column not in have:
            # one column holding the other separator: the file was read with the wrong one (--format)
            hint = next(("; one column found, holding %s: %s? (--format %s)" % (name, kind, fmt)
                         for name, kind, fmt in (("tabs", "tab-separated", "tsv"), ("commas", "comma-separated", "csv"))
                         if len(have) == 1 and ("\t" if fmt == "tsv" else ",") in have[0]), "")
            raise DataError("%s: no column %r (columns: %s)%s" % (path, column, ", ".join(have[:20])[:300], hint))
        if list(have).count(column) > 1:
            raise DataError("%s: %d columns are named %r" % (path, list(have).count(column), column))


def _parquet(path: str, columns: Sequence[str], batch_size: int, progress: Progress | None,
             row_group: int | None) -> Iterator[tuple[int, dict[str, Any]]]:
    import pyarrow as pa

    handle = parquet_file(path)
    _check_columns(path, handle.schema_arrow.names, columns)
    meta = handle.metadata
    row = 1
    groups = None
    if row_group is not None:
        row += sum(meta.row_group(g).num_rows for g in range(row_group))
        groups = [row_group]
    bytes_per_row = paths.size(path) / max(1, meta.num_rows) if progress is not None and progress.unit == "B" else 0
    batches = handle.iter_batches(batch_size=batch_size, columns=list(columns), row_groups=groups)
    while True:
        try:
            batch = next(batches, None)
        except (pa.ArrowException, OSError) as e:
            raise DataError("%s, rows from %d: cannot read (%s)" % (path, row, e))
        if batch is None:
            return
        out = {}
        for name in columns:
            array = batch.column(name)
            # numbers without nulls as NumPy; the rest (lists, strings, and
            # nulls, which NumPy would make floats) stay Arrow arrays, read
            # whole by the vectorised paths or as Python values (`python`)
            if array.null_count == 0 and (pa.types.is_integer(array.type) or pa.types.is_floating(array.type)
                                          or pa.types.is_boolean(array.type)):
                out[name] = array.to_numpy(zero_copy_only=False)
            else:
                out[name] = array
        yield row, out
        row += batch.num_rows
        if progress is not None:
            progress.rows(batch.num_rows, round(batch.num_rows * bytes_per_row))


#: The bytes of a CSV file Arrow parses at once: a row must fit in them.
CSV_BLOCK_BYTES = 1 << 24


def _csv(path: str, fmt: str, columns: Sequence[str], batch_size: int, separator: str,
         progress: Progress | None) -> Iterator[tuple[int, dict[str, Any]]]:
    """A CSV (or TSV) file's columns as Arrow string arrays, parsed by Arrow."""
    import pyarrow as pa
    import pyarrow.csv as pacsv

    _check_columns(path, _csv_header(path, fmt), columns)
    dialect = _dialect(fmt)
    quotes = _QuoteCount(paths.open_binary(path))
    source: Any = pa.PythonFile(quotes, mode="r")
    row, read = 1, 0
    try:
        with source:
            reader = pacsv.open_csv(
                source,
                read_options=pacsv.ReadOptions(block_size=CSV_BLOCK_BYTES),
                parse_options=pacsv.ParseOptions(delimiter=dialect.delimiter, quote_char='"', double_quote=True,
                                                 escape_char=False, newlines_in_values=True, ignore_empty_lines=True),
                convert_options=pacsv.ConvertOptions(column_types={c: pa.string() for c in columns},
                                                     include_columns=list(columns), strings_can_be_null=False,
                                                     quoted_strings_can_be_null=False),
            )
            for batch in reader:
                if progress is not None:
                    now = quotes.position()
                    progress.advance(now - read)
                    read = now
                for lo in range(0, batch.num_rows, batch_size):
                    part = batch.slice(lo, batch_size)
                    yield row, {c: part.column(c) for c in columns}
                    row += part.num_rows
                    if progress is not None:
                        progress.rows(part.num_rows)
    except (pa.ArrowException, OSError) as e:
        if "straddl" in str(e):  # a row past a block: Python's csv module would blame its own 128 KiB field limit
            raise DataError("%s, rows from %d: a row too long for Arrow's CSV reader, which reads %d MiB at a time "
                            "(a long text column? Parquet or JSON Lines take rows of any length)"
                            % (path, row, CSV_BLOCK_BYTES >> 20))
        # An unclosed quote runs to the end of the file, as one value (in Arrow and in Python's csv module): its
        # row would be said to have too few fields. Else Python's csv module reads the file again, up to the
        # row it cannot read.
        _check_quotes(path, fmt, columns, batch_size, _quotes(path))
        for _ in _csv_rows(path, fmt, columns, batch_size):
            pass
        raise DataError("%s, rows from %d: cannot read (%s)" % (path, row, e))
    _check_quotes(path, fmt, columns, batch_size, quotes.count)


def _quotes(path: str) -> int:
    """The double quotes of a file."""
    with paths.open_binary(path) as handle:
        return sum(chunk.count(b'"') for chunk in iter(lambda: handle.read(1 << 20), b""))


def _check_quotes(path: str, fmt: str, columns: Sequence[str], batch_size: int, quotes: int) -> None:
    """An odd count of double quotes is a quoted value that never closes: said of the row it opens in."""
    if quotes % 2:
        for _ in _csv_rows(path, fmt, columns, batch_size, strict=True):
            pass
        raise DataError("%s: a quoted value is never closed (the file holds an odd number of '\"')" % path)


class _QuoteCount:
    """A binary file that counts the double quotes read through it: an odd
    count means a quoted value that never closes."""

    def __init__(self, handle: Any):
        self._handle, self.count = handle, 0

    def read(self, size: int = -1) -> bytes:
        data = self._handle.read(size)
        self.count += data.count(b'"')
        return data

    def position(self) -> int:
        """How far into the file it has read (`paths.read_position`)."""
        return paths.read_position(self._handle)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._handle, name)


def _csv_header(path: str, fmt: str) -> list[str]:
    with paths.open_binary(path) as handle:
        first = handle.readline()
    _check_text(path, first, fmt)
    if not first:
        raise DataError("%s: empty file (no header row)" % path)
    try:
        return next(csv.reader([_text(first, first_line=True)], _dialect(fmt)), [])
    except (UnicodeDecodeError, csv.Error) as e:
        raise DataError("%s, row 0 (header): %s" % (path, e))


def _csv_rows(path: str, fmt: str, columns: Sequence[str], batch_size: int, strict: bool = False
              ) -> Iterator[tuple[int, dict[str, Any]]]:
    """A CSV file read row by row by Python's csv module: what it cannot
    read is a DataError naming the row (with ``strict``, an unclosed quote too)."""
    with paths.open_binary(path) as handle:
        lines = (_text(raw, first_line=i == 0) for i, raw in enumerate(handle))
        try:
            reader = csv.reader(lines, _dialect(fmt), strict=strict)
            header = next(reader, None)
        except (UnicodeDecodeError, csv.Error) as e:
            raise DataError("%s, row 0 (header): %s" % (path, e))
        if header is None:
            raise DataError("%s: empty file (no header row)" % path)
        _check_columns(path, header, columns)
        positions = [header.index(column) for column in columns]
        row, first, rows = 0, 1, []
        while True:
            try:
                record = next(reader, None)
            except (UnicodeDecodeError, csv.Error) as e:
                if strict:  # read so only for a file holding an odd number of quotes
                    raise DataError("%s: a quoted value is never closed (%s; the file holds an odd number of '\"')"
                                    % (where(path, row + 1), e))
                raise DataError("%s: %s" % (where(path, row + 1), e))
            if record == []:
                continue  # a blank line, which Arrow skips too
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


def _jsonl(path: str, columns: Sequence[str], batch_size: int,
           progress: Progress | None) -> Iterator[tuple[int, dict[str, Any]]]:
    """A JSON Lines file's columns as Arrow arrays, parsed by Arrow
    ``batch_size`` lines at a time; lines Arrow refuses, or whose columns
    hold nulls (a JSON null and a missing field look alike there), are read
    by Python's json module, as Python values."""
    with paths.open_binary(path) as handle:
        row = line = read = 0
        while True:
            lines = list(itertools.islice(handle, batch_size))
            if not lines:
                break
            if not line:
                _check_text(path, lines[0], "jsonl")
            if progress is not None:
                now = paths.read_position(handle)
                progress.advance(now - read)
                read = now
            rows = sum(map(bool, map(bytes.strip, lines)))  # blank lines are not rows
            batch = _jsonl_arrow(lines, columns, rows)
            if batch is None:
                batch = _jsonl_python(lines, path, columns, row, line)
            if rows:
                yield row + 1, batch
                if progress is not None:
                    progress.rows(rows)
            row += rows
            line += len(lines)
        if row == 0:
            raise DataError("%s: no rows" % path)


def _jsonl_arrow(lines: list[bytes], columns: Sequence[str], rows: int) -> dict[str, Any] | None:
    """Lines of JSON objects as Arrow arrays; None where the Python reader
    must read them (Arrow refuses them, or a column is missing or null)."""
    import pyarrow as pa
    import pyarrow.json as pajson

    data = b"".join(lines)
    try:
        table = pajson.read_json(io.BytesIO(data), read_options=pajson.ReadOptions(
            use_threads=False, block_size=max(len(data) + 1, 1 << 16)))
    except pa.ArrowException:
        return None
    if table.num_rows != rows:
        return None  # e.g. two objects on one line: json.loads says what is wrong
    out = {}
    for column in columns:
        if column not in table.column_names or table.column(column).null_count:
            return None
        out[column] = table.column(column).combine_chunks()
    return out


def _jsonl_python(lines: list[bytes], path: str, columns: Sequence[str], row: int, line: int) -> dict[str, Any]:
    """Lines of JSON objects read by Python's json module; ``row`` and
    ``line``: the rows and lines before them. Errors name the row."""
    values: list[list[Any]] = [[] for _ in columns]
    for number, raw in enumerate(lines, line + 1):
        at = where(path, row + 1) + ("" if number == row + 1 else " (line %d)" % number)
        try:
            text = _text(raw, first_line=number == 1)
        except UnicodeDecodeError as e:
            raise DataError("%s: not UTF-8 text (%s)" % (at, e))
        if not text.strip():
            continue
        row += 1
        if row == 1:
            _check_json_lines(path, text)
        try:
            record = json.loads(text)
        except ValueError as e:
            raise DataError("%s: not valid JSON (%s)" % (at, e))
        if not isinstance(record, dict):
            raise DataError("%s: each line must be a JSON object, got %s" % (at, type(record).__name__))
        for column, out in zip(columns, values):
            if column not in record:
                raise DataError("%s, column %r: no such field" % (at, column))
            out.append(record[column])
    return dict(zip(columns, values))


def _load_numpy(path: str, fmt: str, small: bool = False) -> dict[str, np.ndarray]:
    """The arrays of an .npy (as 'scores') or .npz; ``small``: 0-d and 1-d only."""
    try:
        if paths.is_remote(path):
            with paths.open_binary(path) as handle:
                source: Any = io.BytesIO(handle.read())
        else:
            source = path
        if fmt == "npy":
            loaded = np.load(source, mmap_mode=None if paths.is_remote(path) else "r", allow_pickle=False)
            if not isinstance(loaded, np.ndarray):  # NumPy reads any zip file as an .npz
                loaded.close()
                raise DataError("%s: not a readable npy file: it is a zip archive (an .npz, or a torch.save "
                                "file: save a tensor with np.save(path, tensor.numpy()))" % path)
            return {"scores": loaded}
        with np.load(source, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
        for name, array in arrays.items():
            if not isinstance(array, np.ndarray):  # a member not written by np.savez comes back as bytes
                raise DataError("%s: not a readable npz file: its member %r is not a NumPy array (a torch.save "
                                "file? save tensors with np.savez(path, name=tensor.numpy()))" % (path, name))
        return {name: array for name, array in arrays.items() if not small or array.ndim <= 1}
    except DataError:
        raise
    except Exception as e:
        if "pickle" in str(e) or "Python objects" in str(e):  # NumPy's advice would be to unpickle it
            raise DataError("%s: not a readable %s file: it holds Python objects (or is not NumPy's format "
                            "at all), which tb-bias never unpickles; save arrays of numbers or strings" % (path, fmt))
        raise DataError("%s: not a readable %s file (%s)" % (path, fmt, e))


def _numpy(path: str, fmt: str, columns: Sequence[str], batch_size: int, progress: Progress | None,
           npz_keys: dict[str, str]) -> Iterator[tuple[int, dict[str, Any]]]:
    arrays = _load_numpy(path, fmt)
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
    rows = n or 0
    if progress is not None:
        progress.add_rows(rows)
    bytes_per_row = paths.size(path) / max(1, rows) if progress is not None and progress.unit == "B" else 0
    for lo in range(0, rows, batch_size):
        yield lo + 1, {c: a[lo : lo + batch_size] for c, a in out.items()}
        if progress is not None:
            done = min(batch_size, rows - lo)
            progress.rows(done, round(done * bytes_per_row))


def npy_array(path: str) -> np.ndarray:
    """The array of an .npy file, whole (one of no rows too)."""
    _check_exists(path)
    return _load_numpy(path, "npy")["scores"]


def npz_arrays(path: str) -> dict[str, np.ndarray]:
    """The names and other 0-d and 1-d arrays of an .npz."""
    _check_exists(path)
    return _load_numpy(path, "npz", small=True)


def read_names(path: str) -> list[str]:
    """One name per line of a text file (blank lines skipped); a line that cannot be a name (`check_name`: too
    long, a NUL) is said by its number."""
    _check_exists(path)
    try:
        with paths.open_binary(path) as handle:
            text = _text(handle.read(), first_line=True)
    except UnicodeDecodeError as e:
        raise DataError("%s: not UTF-8 text (%s)" % (path, e))
    except OSError as e:
        raise DataError("%s: %s" % (path, e.strerror or e))
    names = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                names.append(check_name(line.strip(), "a name", max_length=MAX_NAME))
            except ValueError as e:
                raise DataError("%s, line %d: %s" % (path, number, e)) from None
    return names
