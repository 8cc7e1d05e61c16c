"""Columns of prediction files turned into what `CooccurrenceCounter` counts.

The command line (``tb-bias log``) reads files in batches of columns
(lists, NumPy arrays or Arrow arrays) and hands them here: `Columns` says
what each column holds (label-name lists, per-label scores, a column of
score lists; attribute values, identity probabilities), finds the label
names and attribute values a table needs, and converts each batch into
the counter's predictions and identities. Arrow columns are converted
whole where that counts the same as their Python values, and read value by
value where it would not (or to name a bad value). A bad value is a
`DataError` naming the file, the row and the column.
"""

from __future__ import annotations

import math
from typing import Any, Iterator, Sequence

import numpy as np

from tb_bias_plugin.core.validation import MAX_NAME, check_name, first_bad_text
from tb_bias_plugin.measures.association import sampling
from tb_bias_plugin.measures.association.counting import CooccurrenceCounter, example_batch
from tb_bias_plugin.measures.association.inputs import (
    UNKNOWN_OPTION,
    about_row,
    attribute_value,
    check_identity_lengths,
)
from tb_bias_plugin.measures.association.table import identity_name
from tb_bias_plugin.prediction_files import DataError
from tb_bias_plugin.prediction_files.columns import column_values, id_values, is_arrow, python, where


class Columns:
    """What the columns of prediction files hold, and how they are counted.

    Parameters
    ----------
    mode : {"labels", "scores", "wide", "array"}
        Predictions as a column of label-name lists (``labels_column``), a
        column of score lists (``scores_column``), one score column per
        label (``score_columns``), or an array named "scores" (.npy/.npz).
    id_mode : {"labels", "attributes", "soft", "array"}
        Identities among the labels, from attribute columns
        (``attribute_columns``, with ``intersections``), from probability
        columns (``prob_columns``), or an array named "identities".
    label_names, identity_names : list of str or None
        None where `scan` finds them in the files.
    id_column, text_column, uri_column : str, optional
        Each row's example id (then ``examples_per_cell`` examples are kept
        per cell), and with it a short text and a link.
    """

    def __init__(self, mode: str, id_mode: str, *, thresholds: Sequence[float], label_names: Any = None,
                 identity_names: Any = None, labels_column: str | None = None, scores_column: str | None = None,
                 score_columns: Sequence[str] = (), separator: str = "|", unknown_labels: str = "raise",
                 attribute_columns: Sequence[str] = (), intersections: Sequence[tuple[str, ...]] = (),
                 prob_columns: Sequence[str] = (), soft_array: bool = False, label_names_source: str | None = None,
                 id_column: str | None = None, text_column: str | None = None, uri_column: str | None = None,
                 examples_per_cell: int = sampling.DEFAULT_EXAMPLES_PER_CELL):
        self.mode, self.id_mode = mode, id_mode
        self.thresholds = tuple(thresholds)
        self.label_names: Any = label_names
        self.identity_names: Any = identity_names
        self.labels_column, self.scores_column = labels_column, scores_column
        self.score_columns = list(score_columns)
        self.separator, self.unknown_labels = separator, unknown_labels
        self.attribute_columns = list(attribute_columns)
        self.intersections = [tuple(g) for g in intersections]
        self.prob_columns = list(prob_columns)
        self.soft_array = soft_array
        self.label_names_source = label_names_source
        self.example_columns = {"example_ids": id_column, "example_text": text_column, "example_uris": uri_column}
        if id_column is None and (text_column or uri_column):
            raise DataError("--text-column and --uri-column need --id-column")
        self.examples_per_cell = examples_per_cell if id_column else 0
        self._labels_arrow: Any = None
        #: Distinct values of each attribute column (`scan`).
        self.value_counts: dict[str, int] = {}

    def prediction_columns(self) -> list[str]:
        if self.mode == "labels":
            return [str(self.labels_column)]
        if self.mode == "scores":
            return [str(self.scores_column)]
        if self.mode == "wide":
            return list(self.score_columns)
        return ["scores"]

    def identity_columns(self) -> list[str]:
        if self.id_mode == "attributes":
            return list(self.attribute_columns)
        if self.id_mode == "soft":
            return list(self.prob_columns)
        if self.id_mode == "array":
            return ["identities"]
        return []

    def columns(self) -> list[str]:
        """Every column a batch must hold, once each."""
        examples = [c for c in self.example_columns.values() if c]
        return list(dict.fromkeys(self.prediction_columns() + self.identity_columns() + examples))

    def examples_of(self, path: str, first: int, batch: dict) -> dict[str, Any]:
        """`CooccurrenceCounter.update`'s example_ids, example_text and
        example_uris of a batch (none without an id column)."""
        out: dict[str, Any] = {}
        for argument, column in self.example_columns.items():
            if column:
                out[argument] = (id_values(path, first, column, batch[column]) if argument == "example_ids"
                                 else column_values(path, first, column, batch[column]))
        return out

    def scan_columns(self) -> list[str]:
        """The columns `scan` reads: none when every name is known."""
        need_labels = self.label_names is None
        need_values = self.id_mode == "attributes"
        return ([str(self.labels_column)] if need_labels else []) + (self.identity_columns() if need_values else [])

    def scan(self, batches: Iterator[tuple[str, int, dict]], files: Sequence[str] = ()) -> None:
        """Label names and attribute values that must be known before
        counting, from ``(path, first_row, columns)`` batches of `scan_columns`
        (of ``files``); a name that cannot be one is said of its file, row and column."""
        need_labels = self.label_names is None
        need_values = self.id_mode == "attributes"
        seen_labels: set[str] = set()
        values: dict[str, set] = {c: set() for c in self.identity_columns()} if need_values else {}
        combos: dict[tuple, set] = {g: set() for g in self.intersections}
        rows = 0
        for path, first, batch in batches:
            rows += len(next(iter(batch.values()))) if batch else 0
            if need_labels:
                column = str(self.labels_column)
                check_not_list_text(batch[column], path, first, column, self.separator)
                labels = split_label_strings(batch[column], self.separator)
                found = label_names_in(labels, path, first, column, self.separator)
                self._check_label_names(found - seen_labels, labels, path, first)
                seen_labels.update(found)
            if need_values:
                codes = {c: attribute_codes(batch[c], path, first, c) for c in self.identity_columns()}
                for c, (code, names) in codes.items():
                    held = np.flatnonzero(np.bincount(code[code >= 0], minlength=len(names)))
                    for k in held:
                        if names[k] not in values[c]:
                            _check_identity(identity_name([(c, names[k])]), path, c, first, code, int(k))
                    values[c].update(names[k] for k in held)
                for group in self.intersections:
                    where_rows, combo_codes, which = combinations(codes, group)
                    for j, combo in enumerate(combo_codes):
                        combo_values = tuple(codes[c][1][k] for c, k in zip(group, combo))
                        if combo_values not in combos[group]:
                            _check_identity(identity_name(zip(group, combo_values)), path, None, first, which, j,
                                            where_rows)
                            combos[group].add(combo_values)
        if not rows:
            raise DataError("no rows in %s" % ", ".join(files))
        if need_labels:
            if not seen_labels:
                raise DataError("no label names found in column %r" % self.labels_column)
            self.label_names = sorted(seen_labels)
        if need_values:
            names = [identity_name([(c, v)]) for c in self.identity_columns() for v in sorted(values[c])]
            for group in self.intersections:
                names += [identity_name(zip(group, combo)) for combo in sorted(combos[group])]
            if not names:
                raise DataError("the identity columns %s hold no values" % ", ".join(self.identity_columns()))
            self.identity_names = names
            self.value_counts = {c: len(values[c]) for c in self.identity_columns()}

    def _check_label_names(self, names: set[str], labels: Any, path: str, first: int) -> None:
        """Names first seen in a batch, checked as the counter checks its label names, a bad one said of its row."""
        for name in sorted(names):
            try:
                check_name(name, "a label name", max_length=MAX_NAME)
            except ValueError as e:
                column = str(self.labels_column)
                row = next(i for i, row in enumerate(label_lists(labels, path, first, column, self.separator))
                           if name in row)
                shown = ": %r..." % name[:40] if len(name) > MAX_NAME else ""
                raise DataError("%s: %s%s" % (where(path, first + row, column), e, shown)) from None

    def counter_arguments(self) -> dict[str, Any]:
        """`CooccurrenceCounter`'s arguments, checked (after `scan`)."""
        if self.id_mode == "labels":
            known = set(self.label_names)
            absent = [name for name in self.identity_names if name not in known]
            if absent:
                raise DataError(
                    "--identity-labels: %s %s not among the label names (%s)"
                    % (", ".join(map(repr, absent)), "is" if len(absent) == 1 else "are",
                       self.label_names_source or "those found in the files")
                )
        arguments = dict(
            label_names=self.label_names,
            identity_labels=self.identity_names,
            thresholds=self.thresholds,
            identities_from="labels" if self.id_mode == "labels" else "attributes",
            unknown_labels=self.unknown_labels,
            soft_identities=self.id_mode == "soft" or self.soft_array,
            examples_per_cell=self.examples_per_cell,
        )
        try:
            CooccurrenceCounter(**arguments)
        except ValueError as e:  # whatever the options did not catch
            raise DataError(str(e))
        return arguments

    def counter(self) -> CooccurrenceCounter:
        return CooccurrenceCounter(**self.counter_arguments())

    def convert(self, path: str, first: int, batch: dict, *, lists: bool = False) -> tuple[Any, Any]:
        """``(predictions, identities)`` for `CooccurrenceCounter.update`;
        ``lists``: label-name lists, never a sparse matrix (one row per example)."""
        predictions: Any = None
        if self.mode == "labels":
            column = str(self.labels_column)
            check_not_list_text(batch[column], path, first, column, self.separator)
            labels = split_label_strings(batch[column], self.separator)
            if not lists:
                predictions = arrow_label_matrix(labels, self._label_array(), self.unknown_labels == "ignore")
            if predictions is None:
                # unknown names are found by the counter, which names the row
                predictions = label_lists(labels, path, first, column, self.separator)
        elif self.mode == "wide":
            predictions = np.stack([scores(batch[c], path, first, c) for c in self.score_columns], axis=1)
        else:
            column = self.prediction_columns()[0]
            predictions = score_rows(batch[column], path, first, column, len(self.label_names))
        identities: Any = None
        if self.id_mode == "attributes":
            identities = self.indicator(path, first, batch)
        elif self.id_mode == "soft":
            identities = np.stack([scores(batch[c], path, first, c) for c in self.identity_columns()], axis=1)
        elif self.id_mode == "array":
            identities = score_rows(batch["identities"], path, first, "identities", len(self.identity_names))
        return predictions, identities

    def _label_array(self) -> Any:
        if self._labels_arrow is None:
            import pyarrow as pa

            self._labels_arrow = pa.array(self.label_names, pa.string())
        return self._labels_arrow

    def indicator(self, path: str, first: int, batch: dict) -> np.ndarray:
        """Rows x identities, True where a row has the attribute value (or
        the intersection) the identity names."""
        index = {name: j for j, name in enumerate(self.identity_names)}
        codes = {c: attribute_codes(batch[c], path, first, c) for c in self.identity_columns()}
        n = len(next(iter(codes.values()))[0])
        out = np.zeros((n, len(index)), bool)

        def mark(rows: np.ndarray, which: np.ndarray, names: list[str], column: str | None) -> None:
            slots = np.array([index.get(name, -1) for name in names] + [-1], np.int64)[which]
            if (slots < 0).any():  # only when values differ between the scan and the count
                i = int(np.flatnonzero(slots < 0)[0])
                raise DataError("%s: value %r was not seen when scanning"
                                 % (where(path, first + int(rows[i]), column), names[which[i]]))
            out[rows, slots] = True

        for c, (code, names) in codes.items():
            rows = np.flatnonzero(code >= 0)
            mark(rows, code[rows], [identity_name([(c, v)]) for v in names], c)
        for group in self.intersections:
            rows, combo_codes, which = combinations(codes, group)
            names = [identity_name((c, codes[c][1][k]) for c, k in zip(group, combo)) for combo in combo_codes]
            mark(rows, which, names, None)
        return out

    def located(self, error: ValueError, path: str, first: int, rows: int) -> DataError:
        """The counter's error about a batch, as one about a row and column of the file."""
        found = about_row(error)
        if not found:
            return DataError("%s, rows %d to %d: %s" % (path, first, first + rows - 1, error))
        what, index, rest = found
        columns = (self.prediction_columns() if what == "predictions" else self.identity_columns() if what == "identities"
                   else [str(self.example_columns[what])])
        rest = rest.replace(UNKNOWN_OPTION, "pass --unknown-labels ignore")
        return DataError("%s: %s" % (where(path, first + index, columns[0] if len(columns) == 1 else None), rest))

    def examples(self, path: str, first: int, batch: dict, known: set[str] | None) -> Iterator[dict]:
        """One batch as the per-example dicts `CountAssociations` takes;
        ``known``: the label names, when a name not among them is an error."""
        predictions, identities = self.convert(path, first, batch, lists=True)
        examples = self.examples_of(path, first, batch)
        if "example_ids" in examples:  # checked here, where the row is known, not in a bundle on a worker
            try:
                example_batch(len(predictions), examples["example_ids"], examples.get("example_text"),
                              examples.get("example_uris"))
            except ValueError as e:
                raise self.located(e, path, first, len(predictions))
        for i, row in enumerate(predictions):
            if known is not None:
                for name in row:
                    if name not in known:
                        raise DataError("%s: %r is not a known label name (pass --unknown-labels ignore to skip "
                                         "such names)" % (where(path, first + i, self.labels_column), name))
            example: dict[str, Any] = {"labels": row} if self.mode == "labels" else {"scores": row}
            if identities is not None:
                if self.id_mode == "attributes":
                    example["identities"] = [self.identity_names[j] for j in np.flatnonzero(identities[i])]
                else:
                    example["identities"] = identities[i]
            for argument, key in (("example_ids", "example_id"), ("example_text", "text"), ("example_uris", "uri")):
                if argument in examples:
                    example[key] = examples[argument][i]
            yield example


def _check_identity(name: str, path: str, column: str | None, first: int, keys: np.ndarray, key: int,
                    rows: np.ndarray | None = None) -> None:
    """An identity attribute values name, checked as a name (`check_identity_lengths`, and no NUL nor lone
    surrogate) when first seen: a bad one is said of its column and of the first of a batch's ``rows`` (from
    ``first``; by default every row) whose ``keys`` is ``key``, found only then."""
    try:
        check_identity_lengths([name])
        bad = first_bad_text([name])
        if bad is not None:
            raise ValueError("the identity it names %s: %r" % (bad[1], name[:40]))
    except ValueError as e:
        at = int(np.argmax(keys == key))
        raise DataError("%s: %s" % (where(path, first + int(at if rows is None else rows[at]), column), e)) from None


def _string_lists(values: Any) -> Any:
    """An Arrow column of lists of non-null strings, flattened; else None."""
    if not is_arrow(values):
        return None
    import pyarrow as pa
    import pyarrow.compute as pc

    if not (pa.types.is_list(values.type) or pa.types.is_large_list(values.type)):
        return None
    if not (pa.types.is_string(values.type.value_type) or pa.types.is_large_string(values.type.value_type)):
        return None
    flat = pc.list_flatten(values)  # a null list adds nothing
    return None if flat.null_count else flat


# What str.strip() strips from ASCII text.
_ASCII_SPACE = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"


# A cell of text that is a list written out: a bracketed list of quoted items or of numbers (pandas' to_csv of a
# column of lists writes Python's repr, ['man', 'nurse'] or [1, 2]; JSON writes ["man", "nurse"]), or an empty
# one. RE2 syntax (Arrow's).
_QUOTED = r"""(?:'[^']*'|"[^"]*"|-?[0-9]+(?:\.[0-9]+)?)"""
LIST_TEXT = r"^\s*\[\s*(?:%s(?:\s*,\s*%s)*\s*)?\]\s*$" % (_QUOTED, _QUOTED)


def check_not_list_text(values: Any, path: str, first: int, column: str, separator: str) -> None:
    """Label cells of text that look like a written-out list (`LIST_TEXT`: ``['man', 'nurse']``, ``["woman"]``,
    ``[]``) are an error naming the first one's row: split by ``separator`` they would be counted as one label
    name each, ``['man', 'nurse']`` itself. Text like ``[unk]``, not a list of quoted items, is a name."""
    import re

    text: Any = values
    if is_arrow(values):
        import pyarrow as pa
        import pyarrow.compute as pc

        kind = values.type.value_type if pa.types.is_dictionary(values.type) else values.type
        if not (pa.types.is_string(kind) or pa.types.is_large_string(kind)):
            return
        if pa.types.is_dictionary(values.type):
            values = values.cast(kind)
        found = pc.fill_null(pc.match_substring_regex(values, LIST_TEXT), False).to_numpy(zero_copy_only=False)
        hits = np.flatnonzero(found)
        if not hits.size:
            return
        row, text = int(hits[0]), values[int(hits[0])].as_py()
    else:
        pattern = re.compile(LIST_TEXT)
        row = next((i for i, v in enumerate(values) if isinstance(v, str) and pattern.match(v)), -1)
        if row < 0:
            return
        text = values[row]
    shown = text if len(text) <= 60 else text[:57] + "..."
    raise DataError("%s: %r looks like a list (pandas' to_csv of a list column, or JSON): write the names joined by "
                    "%r (--separator), or use Parquet or JSON Lines" % (where(path, first + row, column), shown,
                                                                        separator))


def split_label_strings(values: Any, separator: str) -> Any:
    """An Arrow column of strings of names joined by ``separator`` (a CSV
    cell) as Arrow lists of the names, split, stripped and without empty
    ones, as `label_lists` makes them; any other column as it is (and
    strings with non-ASCII text, which Python strips by its own rules)."""
    if not is_arrow(values):
        return values
    import pyarrow as pa
    import pyarrow.compute as pc

    if not (pa.types.is_string(values.type) or pa.types.is_large_string(values.type)):
        return values
    if pc.all(pc.string_is_ascii(values)).as_py() is False:
        return values
    split = pc.split_pattern(values, separator)
    parts = pc.utf8_trim(pc.list_flatten(split), _ASCII_SPACE)
    keep = pc.not_equal(parts, "").to_numpy(zero_copy_only=False)
    parents = pc.list_parent_indices(split).to_numpy(zero_copy_only=False)[keep]
    offsets = np.zeros(len(values) + 1, np.int64)
    np.cumsum(np.bincount(parents, minlength=len(values)), out=offsets[1:])
    return pa.LargeListArray.from_arrays(pa.array(offsets), parts.filter(pa.array(keep)))


def label_names_in(values: Any, path: str, first: int, column: str, separator: str) -> set[str]:
    """The label names a column of label lists holds."""
    flat = _string_lists(values)
    if flat is not None:
        import pyarrow.compute as pc

        return set(pc.unique(flat).to_pylist())
    return {name for row in label_lists(values, path, first, column, separator) for name in row}


def arrow_label_matrix(values: Any, label_names: Any, ignore_unknown: bool) -> Any:
    """A column of label-name lists read by Arrow as a 0/1 scipy.sparse matrix
    (a name twice in a row counts once, as in lists); None where the Python
    path must read it (no Arrow or scipy, or a value it must name as an error)."""
    flat = _string_lists(values)
    if flat is None:
        return None
    try:
        import scipy.sparse
    except ImportError:
        return None
    import pyarrow.compute as pc

    lengths = pc.fill_null(pc.list_value_length(values), 0).to_numpy(zero_copy_only=False).astype(np.int64)
    cols = pc.index_in(flat, value_set=label_names)
    if cols.null_count:
        if not ignore_unknown:
            return None  # the counter names the row and the names
        known = cols.is_valid().to_numpy(zero_copy_only=False)
        kept = np.concatenate([[0], np.cumsum(known)])
        lengths = np.diff(kept[np.concatenate([[0], np.cumsum(lengths)])])
        cols = cols.drop_null()
    indptr = np.concatenate([[0], np.cumsum(lengths)])
    matrix = scipy.sparse.csr_matrix(
        (np.ones(len(cols), np.int8), cols.to_numpy(zero_copy_only=False).astype(np.int64), indptr),
        shape=(len(values), len(label_names)),
    )
    matrix.sum_duplicates()
    matrix.data[:] = 1
    return matrix


def attribute_codes(values: Any, path: str, first: int, column: str) -> tuple[np.ndarray, list[str]]:
    """Each row's attribute value as an index into the returned names (-1:
    none), the names sorted; Arrow columns are encoded whole."""
    if is_arrow(values):
        import pyarrow as pa
        import pyarrow.compute as pc

        try:
            encoded = values if pa.types.is_dictionary(values.type) else pc.dictionary_encode(values)
            text = attribute_values(encoded.dictionary.to_pylist(), path, first, column)
            indices = pc.fill_null(encoded.indices, -1).to_numpy(zero_copy_only=False).astype(np.int64)
        except (DataError, pa.ArrowException):
            return attribute_codes(values.to_pylist(), path, first, column)  # names the bad row
    else:
        every = attribute_values(values, path, first, column)
        position: dict[str, int] = {}
        indices = np.fromiter((-1 if v is None else position.setdefault(v, len(position)) for v in every),
                              np.int64, len(every))
        text = list(position)
    names = sorted({v for v in text if v is not None})
    at = {name: k for k, name in enumerate(names)}
    recode = np.array([-1 if v is None else at[v] for v in text] + [-1], np.int64)
    return recode[indices], names


def combinations(codes: dict[str, tuple[np.ndarray, list[str]]], group: Sequence[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows with a value in every column of ``group``, the distinct value
    combinations (rows of codes) and each such row's combination."""
    stacked = np.stack([codes[c][0] for c in group], axis=1)
    rows = np.flatnonzero((stacked >= 0).all(axis=1))
    sizes = tuple(len(codes[c][1]) for c in group)
    if math.prod(sizes) > 1 << 22:  # too many to count by key: sort instead
        combos, which = np.unique(stacked[rows], axis=0, return_inverse=True)
        return rows, combos, which.reshape(-1)
    key = np.ravel_multi_index(tuple(stacked[rows].T), sizes)
    present = np.flatnonzero(np.bincount(key, minlength=math.prod(sizes)))
    position = np.zeros(math.prod(sizes), np.int64)
    position[present] = np.arange(present.size)
    return rows, np.stack(np.unravel_index(present, sizes), axis=1), position[key]


def label_lists(values: Any, path: str, first: int, column: str, separator: str) -> list[list[str]]:
    values = python(values)
    if isinstance(values, np.ndarray):  # a bad value is said as Python shows it (1.0, not np.float64(1.0))
        values = values.tolist()
    out: list[list[str]] = []
    for i, value in enumerate(values):
        if value is None or (isinstance(value, float) and math.isnan(value)):
            out.append([])
        elif isinstance(value, str):
            out.append([name for name in (part.strip() for part in value.split(separator)) if name])
        elif isinstance(value, (list, tuple, np.ndarray)):
            row = list(value)
            for name in row:
                if not isinstance(name, str):
                    raise DataError("%s: label names must be strings, got %r" % (where(path, first + i, column), name))
            out.append(row)
        else:
            hint = " (a number: give a column of scores with --score-columns)" if isinstance(value, (int, float)) else ""
            raise DataError("%s: expected a list of label names, got %r%s" % (where(path, first + i, column), value,
                                                                              hint))
    return out


def attribute_values(values: Any, path: str, first: int, column: str) -> list[str | None]:
    values = python(values)
    out: list[str | None] = []
    for i, value in enumerate(values):
        try:
            out.append(attribute_value(value))
        except ValueError as e:
            raise DataError("%s: %s" % (where(path, first + i, column), e)) from None
    return out


def scores(values: Any, path: str, first: int, column: str) -> np.ndarray:
    """A column of scores in [0, 1]; errors name the first bad row.

    Arrays keep their dtype, as the counter would see them from the API:
    bool and 0/1 integers are decisions at every threshold, and float32
    scores are compared in float32. Booleans are one rule in every format:
    a column of them without nulls (Parquet's, a JSON Lines batch Arrow
    reads) is decisions; a JSON true or false among other values is 1 or 0.
    """
    if is_arrow(values) and values.null_count == 0 and str(values.type) == "bool":
        values = values.to_numpy(zero_copy_only=False)  # as the Parquet reader hands a bool column over
    values = python(values)
    if isinstance(values, np.ndarray) and values.dtype.kind in "biuf":
        array = values
    else:
        array = np.empty(len(values))
        for i, value in enumerate(values):
            try:
                if isinstance(value, (bytes, list, dict)) or value is None or value == "":
                    raise ValueError
                array[i] = float(value)
            except (TypeError, ValueError):
                # CSV text has no booleans: pandas writes True/False, which a CSV reader cannot tell from names
                hint = ("; CSV holds text: write 1 or 0 (typed booleans are read from Parquet and JSON Lines)"
                        if isinstance(value, str) and value.strip().lower() in ("true", "false") else "")
                raise DataError("%s: %r is not a number%s" % (where(path, first + i, column), value, hint))
    bad = np.flatnonzero(~((array >= 0) & (array <= 1)))
    if bad.size:
        i = int(bad[0])
        raise DataError("%s: %r is not a score in [0, 1]" % (where(path, first + i, column), float(array[i])))
    return array


def score_rows(values: Any, path: str, first: int, column: str, width: int) -> np.ndarray:
    """A column of per-row score lists (or a 2-D array, its dtype kept as in
    `scores`) as an (n, width) array."""
    values = python(values)
    if isinstance(values, np.ndarray) and values.ndim == 2 and values.dtype.kind in "biuf":
        if values.shape[1] != width:
            raise DataError("%s: %d values per row, expected %d" % (where(path, first, column), values.shape[1], width))
        out = values
    else:
        rows = list(values)
        out = np.empty((len(rows), width))
        for i, row in enumerate(rows):
            try:
                row = np.asarray(row, dtype=np.float64)
            except (TypeError, ValueError):
                raise DataError("%s: not a list of numbers" % where(path, first + i, column))
            if row.shape != (width,):
                raise DataError("%s: %s values, expected %d" % (where(path, first + i, column), row.shape, width))
            out[i] = row
    bad = np.argwhere(~((out >= 0) & (out <= 1)))
    if bad.size:
        i, j = (int(x) for x in bad[0])
        raise DataError("%s (entry %d): %r is not a score in [0, 1]" % (where(path, first + i, column), j, float(out[i, j])))
    return out


