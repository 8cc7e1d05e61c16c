"""``tb-bias log``: count a table of associations from prediction files and log it.

Everything is read and counted before anything is written: a bad file is
an error naming the file, the row and the column, and the logdir is left
as it was.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from typing import Any, Iterator, Sequence

import numpy as np

from tb_bias_plugin.cli import DataError, files, readers
from tb_bias_plugin.cli.readers import where
from tb_bias_plugin.measures.association.counting import CooccurrenceCounter

DESCRIPTION = """\
Count how often each predicted label occurs with each identity in prediction
files (Parquet, CSV/TSV, JSON Lines, .npy/.npz) and log the counts as a
tb-bias association table to a TensorBoard logdir.

Predictions are one of:
  --labels-column COL     a column of predicted label names per row (a list
                          in Parquet/JSON; in CSV joined by --separator)
  --score-columns A B ..  one column of scores (or 0/1) per label; the
                          column names are the labels (--score-prefix strips
                          a common prefix)
  --scores-column COL     a column holding a list of L scores per row, with
                          --label-names naming the L labels
  a .npy file             an (examples, labels) array, with --label-names
  a .npz file             arrays 'scores' (examples, labels) and optionally
                          'label_names', 'identities' (examples, identities;
                          0/1, or probabilities, counted as expected counts)
                          and 'identity_names'
Identities are one of:
  --identity-labels A B   some of the labels themselves (e.g. man woman)
  --identity-column COL   attribute columns; each value is an identity named
                          COL=value; --intersect COL1,COL2 adds every
                          combination seen (e.g. sex=female & age=60+)
  --identity-prob-columns P1 P2   probabilities of an identity classifier
                          (expected counts); the column names are identities
"""

EPILOG = """\
examples:
  tb-bias log preds.parquet --logdir logs/eval --name gender \\
      --labels-column labels --identity-labels man woman
  tb-bias log preds.csv --logdir logs/eval --name gender --score-prefix score_ \\
      --identity-column sex --identity-column age --intersect sex,age --threshold 0.3 --threshold 0.5
  tb-bias log 'gs://bucket/preds/*.parquet' --logdir gs://bucket/logs/eval --name gender \\
      --labels-column labels --label-names labels.txt --identity-labels man woman --beam-runner DataflowRunner \\
      --beam-option=--project=my-project --beam-option=--region=us-central1
Then: tensorboard --logdir logs  (the Bias tab).
Paths with a scheme (gs://, s3://, hdfs://) are read through Apache Beam's
filesystems (pip install "apache-beam[gcp]" for gs://); on a remote runner,
give inputs and the logdir the workers can reach. Each Parquet row group, or
each other file, is one unit of work there. The launcher reads the files only
for names it is not given: label names without --label-names, and the values
of --identity-column attributes.
"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "log",
        help="count label/identity co-occurrence in prediction files and log a table",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="prediction files or globs, local or remote (gs://, s3://)")
    out = parser.add_argument_group("output")
    out.add_argument("--logdir", required=True, help="run directory to write to, e.g. logs/eval (created if needed)")
    out.add_argument("--name", required=True, help="the table's tag, e.g. gender")
    out.add_argument("--step", type=int, default=0, help="step to log at (default %(default)s)")
    out.add_argument("--description", default=None, help="Markdown shown with the table")
    preds = parser.add_argument_group("predictions")
    preds.add_argument("--labels-column", metavar="COL", help="column of per-row label-name lists")
    preds.add_argument("--separator", default="|", help="separator of label names in a CSV cell (default %(default)r)")
    preds.add_argument("--score-columns", nargs="+", metavar="COL", help="one score column per label")
    preds.add_argument("--score-prefix", metavar="PREFIX", help="every column starting with PREFIX is a label's scores")
    preds.add_argument("--scores-column", metavar="COL", help="column of per-row score lists (with --label-names)")
    preds.add_argument("--label-names", metavar="FILE", help="text file, one label name per line, in column order")
    preds.add_argument("--threshold", type=float, action="append", help="score threshold; repeat for several (default 0.5)")
    preds.add_argument(
        "--unknown-labels", choices=("raise", "ignore"), default="raise",
        help="with --label-names: a name not listed is an error (raise) or skipped (ignore)",
    )
    ids = parser.add_argument_group("identities")
    ids.add_argument("--identity-labels", nargs="+", metavar="LABEL", help="identities that are labels")
    ids.add_argument("--identity-column", action="append", metavar="COL", help="attribute column (repeatable)")
    ids.add_argument("--intersect", action="append", metavar="COL1,COL2", help="intersect attribute columns (repeatable)")
    ids.add_argument("--identity-prob-columns", nargs="+", metavar="COL", help="identity probability columns")
    run = parser.add_argument_group("running")
    run.add_argument("--format", choices=sorted(set(readers.FORMATS.values())), help="file format (default: from the extension)")
    run.add_argument("--batch-size", type=int, default=65536, help="rows read and counted at once (default %(default)s)")
    run.add_argument("--progress", choices=("auto", "on", "off"), default="auto",
                     help="progress bars on stderr (tqdm); auto: when stderr is a terminal")
    run.add_argument("--beam-runner", metavar="RUNNER",
                     help="count with Apache Beam on RUNNER (DirectRunner, DataflowRunner, FlinkRunner, SparkRunner)")
    run.add_argument("--beam-option", action="append", default=[], metavar="--OPTION=VALUE",
                     help="a Beam pipeline option, e.g. --beam-option=--project=p (repeatable)")
    parser.set_defaults(run=run_log)
    return parser


class Job:
    """What to read and how to count it, checked before any counting."""

    def __init__(self, args: argparse.Namespace):
        self.files = [path for pattern in args.files for path in files.expand(pattern)]
        self.formats = [readers.file_format(f, args.format) for f in self.files]
        self.unit = readers.progress_unit(self.formats)
        self.args = args
        self.thresholds = tuple(args.threshold or (0.5,))
        for t in self.thresholds:
            if not 0 <= t <= 1:
                raise DataError("--threshold %g is outside [0, 1]" % t)
        if len(set(self.thresholds)) < len(self.thresholds):
            raise DataError("--threshold: each threshold once, got %s" % ", ".join("%g" % t for t in self.thresholds))
        if args.batch_size < 1:
            raise DataError("--batch-size must be positive")
        if not args.separator:
            raise DataError("--separator must not be empty")
        for column in args.identity_column or ():
            if "=" in column or "&" in column:
                raise DataError("--identity-column %r: a column name with '=' or '&' would make ambiguous "
                                "identity names such as %s=value" % (column, column))
        if args.beam_runner:
            _check_runner(args.beam_runner)
        files.check_logdir(args.logdir, beam=bool(args.beam_runner))
        label_names: Any = readers.read_names(args.label_names) if args.label_names else None
        self.identity_names: Any = None
        npz_files = [f for f, fmt in zip(self.files, self.formats) if fmt == "npz"]
        npz = [readers.npz_arrays(f) for f in npz_files]
        for key in ("label_names", "identity_names"):  # columns are counted under the first file's names
            for path, arrays in zip(npz_files[1:], npz[1:]):
                if ([str(x) for x in arrays.get(key, [])] != [str(x) for x in npz[0].get(key, [])]):
                    raise DataError("%s: its %r differ from those of %s; give files whose columns are the same"
                                    % (path, key, npz_files[0]))
        if npz and label_names is None and "label_names" in npz[0]:
            label_names = [str(x) for x in npz[0]["label_names"]]
        modes = [m for m, given in (("labels", args.labels_column), ("scores", args.scores_column),
                                     ("wide", args.score_columns or args.score_prefix)) if given]
        numeric_files = all(fmt in ("npy", "npz") for fmt in self.formats)
        if numeric_files and not modes:
            modes = ["array"]
        if len(modes) != 1:
            raise DataError(
                "give exactly one of --labels-column, --scores-column, --score-columns/--score-prefix "
                "(or .npy/.npz files)"
            )
        self.mode = modes[0]
        if self.mode == "wide":
            columns = list(args.score_columns or self._prefixed_columns(args.score_prefix))
            _once("--score-columns", columns)
            self.score_columns = columns
            prefix = args.score_prefix or ""
            label_names = [c[len(prefix):] if c.startswith(prefix) else c for c in columns]
        if self.mode in ("scores", "array") and label_names is None:
            raise DataError("--label-names FILE is needed to name the score columns")
        if label_names is not None:
            _once(args.label_names or "the label names", label_names)
        self.label_names: Any = label_names
        # identities
        id_modes = [m for m, given in (("labels", args.identity_labels), ("attributes", args.identity_column),
                                        ("soft", args.identity_prob_columns)) if given]
        self.soft_array = False
        if numeric_files and not id_modes and npz and "identity_names" in npz[0]:
            id_modes = ["array"]
            self.identity_names = [str(x) for x in npz[0]["identity_names"]]
            # 0/1 identities are indicators; any other value makes them
            # probabilities (expected counts), in every file alike
            self.soft_array = any(_fractional(f) for f, fmt in zip(self.files, self.formats) if fmt == "npz")
        if len(id_modes) != 1:
            raise DataError("give exactly one of --identity-labels, --identity-column, --identity-prob-columns")
        self.id_mode = id_modes[0]
        if args.intersect and self.id_mode != "attributes":
            raise DataError("--intersect combines --identity-column attributes")
        self.intersections: list[tuple[str, ...]] = []
        for spec in args.intersect or ():
            group = [c.strip() for c in spec.split(",") if c.strip()]
            missing = [c for c in group if c not in (args.identity_column or ())]
            if len(group) < 2 or missing or len(set(group)) < len(group):
                raise DataError("--intersect %s: give two or more different --identity-column names joined by ','" % spec)
            if tuple(group) in self.intersections:
                raise DataError("--intersect %s is given twice" % spec)
            self.intersections.append(tuple(group))
        if self.id_mode == "labels":
            self.identity_names = list(args.identity_labels)
        elif self.id_mode == "soft":
            self.identity_names = list(args.identity_prob_columns)

    def _prefixed_columns(self, prefix: str) -> list[str]:
        found = [c for c in readers.header(self.files[0], self.formats[0]) if c.startswith(prefix)]
        if not found:
            raise DataError("%s: no column starts with %r" % (self.files[0], prefix))
        return found

    def prediction_columns(self) -> list[str]:
        if self.mode == "labels":
            return [self.args.labels_column]
        if self.mode == "scores":
            return [self.args.scores_column]
        if self.mode == "wide":
            return list(self.score_columns)
        return ["scores"]

    def identity_columns(self) -> list[str]:
        if self.id_mode == "attributes":
            return list(self.args.identity_column)
        if self.id_mode == "soft":
            return list(self.args.identity_prob_columns)
        if self.id_mode == "array":
            return ["identities"]
        return []

    def columns(self) -> list[str]:
        return list(dict.fromkeys(self.prediction_columns() + self.identity_columns()))

    def progress_bar(self, factory: Any, desc: str) -> Any:
        """A progress bar over every file, in rows or bytes (`readers.progress_unit`)."""
        total = sum(readers.progress_total(f, fmt, self.unit) for f, fmt in zip(self.files, self.formats))
        return factory(desc, total=total or None, unit=self.unit)

    def batches(self, bar: Any = None, columns: Sequence[str] | None = None,
                row_group: int | None = None, batch_size: int | None = None) -> Iterator[tuple[str, int, dict]]:
        wanted = list(dict.fromkeys(columns)) if columns is not None else self.columns()
        progress = None if bar is None else readers.Progress(bar, self.unit)
        for path, fmt in zip(self.files, self.formats):
            for first, batch in readers.read(path, fmt, wanted, batch_size or self.args.batch_size,
                                              separator=self.args.separator, progress=progress,
                                              row_group=row_group):
                yield path, first, batch

    def discover(self, progress_factory: Any) -> None:
        """Label names and attribute values that must be known before counting."""
        need_labels = self.label_names is None
        need_values = self.id_mode == "attributes"
        if not (need_labels or need_values):
            return
        columns = ([self.args.labels_column] if need_labels else []) + (self.identity_columns() if need_values else [])
        seen_labels: set[str] = set()
        values: dict[str, set] = {c: set() for c in self.identity_columns()} if need_values else {}
        combos: dict[tuple, set] = {g: set() for g in self.intersections}
        with self.progress_bar(progress_factory, "scanning names") as bar:
            for path, first, batch in self.batches(bar, columns):
                if need_labels:
                    seen_labels.update(label_names_in(batch[self.args.labels_column], path, first,
                                                      self.args.labels_column, self.args.separator))
                if need_values:
                    codes = {c: attribute_codes(batch[c], path, first, c) for c in self.identity_columns()}
                    for c, (code, names) in codes.items():
                        values[c].update(names[k] for k in np.flatnonzero(np.bincount(code[code >= 0], minlength=len(names))))
                    for group in self.intersections:
                        _, combo_codes, _ = _combinations(codes, group)
                        combos[group].update(tuple(codes[c][1][k] for c, k in zip(group, combo)) for combo in combo_codes)
        if need_labels:
            if not seen_labels:
                raise DataError("no label names found in column %r" % self.args.labels_column)
            self.label_names = sorted(seen_labels)
        if need_values:
            names = ["%s=%s" % (c, v) for c in self.identity_columns() for v in sorted(values[c])]
            for group in self.intersections:
                names += [" & ".join("%s=%s" % part for part in zip(group, combo)) for combo in sorted(combos[group])]
            if not names:
                raise DataError("the identity columns %s hold no values" % ", ".join(self.identity_columns()))
            self.identity_names = names

    def counter_arguments(self) -> dict[str, Any]:
        """`CooccurrenceCounter`'s arguments, checked as options (after `discover`)."""
        if self.id_mode == "labels":
            known = set(self.label_names)
            absent = [name for name in self.identity_names if name not in known]
            if absent:
                raise DataError(
                    "--identity-labels: %s %s not among the label names (%s)"
                    % (", ".join(map(repr, absent)), "is" if len(absent) == 1 else "are",
                       self.args.label_names or "those found in the files")
                )
        arguments = dict(
            label_names=self.label_names,
            identity_labels=self.identity_names,
            thresholds=self.thresholds,
            identities_from="labels" if self.id_mode == "labels" else "attributes",
            unknown_labels=self.args.unknown_labels,
            soft_identities=self.id_mode == "soft" or self.soft_array,
        )
        try:
            CooccurrenceCounter(**arguments)
        except ValueError as e:  # whatever the options above did not catch
            raise DataError(str(e))
        return arguments

    def counter(self) -> CooccurrenceCounter:
        return CooccurrenceCounter(**self.counter_arguments())

    def convert(self, path: str, first: int, batch: dict, *, lists: bool = False) -> tuple[Any, Any]:
        """``(predictions, identities)`` for `CooccurrenceCounter.update`;
        ``lists``: label-name lists, never a sparse matrix (one row per example)."""
        predictions: Any = None
        if self.mode == "labels":
            column = self.args.labels_column
            if not lists:
                predictions = arrow_label_matrix(batch[column], self._label_array(), self.args.unknown_labels == "ignore")
            if predictions is None:
                # unknown names are found by the counter, which names the row
                predictions = label_lists(batch[column], path, first, column, self.args.separator)
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
        if getattr(self, "_labels_arrow", None) is None:
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
            mark(rows, code[rows], ["%s=%s" % (c, v) for v in names], c)
        for group in self.intersections:
            rows, combo_codes, which = _combinations(codes, group)
            names = [" & ".join("%s=%s" % (c, codes[c][1][k]) for c, k in zip(group, combo)) for combo in combo_codes]
            mark(rows, which, names, None)
        return out


def _once(what: str, names: Sequence[str]) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise DataError("%s: %r is given twice" % (what, name))
        seen.add(name)


def _fractional(path: str) -> bool:
    """Whether an .npz's 'identities' hold values other than 0 and 1."""
    for _, batch in readers.read(path, "npz", ["identities"], 1 << 20):
        values = np.asarray(batch["identities"], dtype=np.float64)
        if ((values != 0) & (values != 1)).any():
            return True
    return False


def _string_lists(values: Any) -> Any:
    """An Arrow column of lists of non-null strings, flattened; else None."""
    if not readers.is_arrow(values):
        return None
    import pyarrow as pa
    import pyarrow.compute as pc

    if not (pa.types.is_list(values.type) or pa.types.is_large_list(values.type)):
        return None
    if not (pa.types.is_string(values.type.value_type) or pa.types.is_large_string(values.type.value_type)):
        return None
    flat = pc.list_flatten(values)  # a null list adds nothing
    return None if flat.null_count else flat


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
    if readers.is_arrow(values):
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


def _combinations(codes: dict[str, tuple[np.ndarray, list[str]]], group: Sequence[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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
    values = readers.python(values)
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
            raise DataError("%s: expected a list of label names, got %r" % (where(path, first + i, column), value))
    return out


def attribute_values(values: Any, path: str, first: int, column: str) -> list[str | None]:
    values = readers.python(values)
    out: list[str | None] = []
    for i, value in enumerate(values):
        if value is None or value == "" or (isinstance(value, (float, np.floating)) and math.isnan(value)):
            out.append(None)
        elif isinstance(value, (str, int, np.integer, bool, np.bool_)):
            out.append(str(value))
        elif isinstance(value, (float, np.floating)) and math.isfinite(value):
            # a whole number read as a float (a column with gaps) names the same group as the integer
            out.append(str(int(value)) if float(value).is_integer() else str(value))  # float32 0.1 is "0.1"
        else:
            raise DataError("%s: an attribute must be a single value, got %r" % (where(path, first + i, column), value))
    return out


def scores(values: Any, path: str, first: int, column: str) -> np.ndarray:
    """A column of scores in [0, 1]; errors name the first bad row.

    Arrays keep their dtype, as the counter would see them from the API:
    bool and 0/1 integers are decisions at every threshold, and float32
    scores are compared in float32.
    """
    values = readers.python(values)
    if isinstance(values, np.ndarray) and values.dtype.kind in "biuf":
        array = values
    else:
        array = np.empty(len(values))
        for i, value in enumerate(values):
            try:
                if isinstance(value, (bytes, bool, list, dict)) or value is None or value == "":
                    raise ValueError
                array[i] = float(value)
            except (TypeError, ValueError):
                raise DataError("%s: %r is not a number" % (where(path, first + i, column), value))
    bad = np.flatnonzero(~((array >= 0) & (array <= 1)))
    if bad.size:
        i = int(bad[0])
        raise DataError("%s: %r is not a score in [0, 1]" % (where(path, first + i, column), float(array[i])))
    return array


def score_rows(values: Any, path: str, first: int, column: str, width: int) -> np.ndarray:
    """A column of per-row score lists (or a 2-D array, its dtype kept as in
    `scores`) as an (n, width) array."""
    values = readers.python(values)
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


def _progress_factory(enabled: bool) -> Any:
    if not enabled:
        import contextlib

        return lambda desc, **kw: contextlib.nullcontext(None)
    try:
        from tqdm import tqdm
    except ImportError:
        raise SystemExit("progress bars need tqdm: %s (or pass --progress off)" % readers.EXTRA)
    return lambda desc, **kw: tqdm(desc=desc, file=sys.stderr, dynamic_ncols=True, unit_scale=True, **kw)


def count(job: Job, progress_factory: Any) -> tuple[CooccurrenceCounter, dict]:
    """Read every file and count; nothing is written. Returns the counter and stats."""
    counter = job.counter()
    start = time.perf_counter()
    rate = None
    with job.progress_bar(progress_factory, "counting") as bar:
        for path, first, batch in job.batches(bar):
            predictions, identities = job.convert(path, first, batch)
            try:
                counter.update(predictions, identities=identities)
            except ValueError as e:
                raise _located(e, path, first, len(predictions), job)
        if bar is not None:
            rate = bar.format_dict.get("rate")
            if rate is None and bar.format_dict.get("elapsed"):
                rate = bar.n / bar.format_dict["elapsed"]
    if counter.num_examples == 0:
        raise DataError("no rows in %s" % ", ".join(job.files))
    return counter, {"seconds": time.perf_counter() - start, "progress_rate": rate, "progress_unit": job.unit}


def _located(error: ValueError, path: str, first: int, rows: int, job: Job) -> DataError:
    """The counter's error about a batch, as one about a row and column of the file."""
    found = re.match(r"(predictions|identities)\[(\d+)\] (.*)", str(error), re.S)
    if not found:
        return DataError("%s, rows %d to %d: %s" % (path, first, first + rows - 1, error))
    what, index, rest = found.groups()
    columns = job.prediction_columns() if what == "predictions" else job.identity_columns()
    rest = rest.replace("pass unknown_labels='ignore' to CooccurrenceCounter", "pass --unknown-labels ignore")
    return DataError("%s: %s" % (where(path, first + int(index), columns[0] if len(columns) == 1 else None), rest))


def run_beam(job: Job) -> str:
    """The same job as a Beam pipeline on ``--beam-runner``; returns the runner's state.

    Each Parquet row group, or each other file, is one unit of work, read
    where it runs; the launcher reads only names, headers and first rows, so
    that a missing column or an empty input fails here, before the pipeline.
    """
    try:
        import apache_beam as beam
        from apache_beam.options.pipeline_options import PipelineOptions
    except ImportError:
        raise SystemExit('--beam-runner needs Apache Beam: pip install "tb-bias-plugin[beam]"')
    from tb_bias_plugin.measures.association.beam import CountAssociations, WriteAssociationTable

    arguments = job.counter_arguments()
    parts: list[tuple[int, int | None]] = []
    rows = False
    for index, (path, fmt) in enumerate(zip(job.files, job.formats)):
        for _ in _single(job, index).batches(batch_size=1):
            rows = True
            break
        if fmt == "parquet":
            parts += [(index, g) for g in range(readers.parquet_file(path).metadata.num_row_groups)]
        else:
            parts.append((index, None))
    if not rows:
        raise DataError("no rows in %s" % ", ".join(job.files))
    known = set(job.label_names) if job.mode == "labels" and job.args.unknown_labels == "raise" else None

    def examples(part: tuple[int, int | None]) -> Iterator[dict]:
        index, row_group = part
        for path, first, batch in _single(job, index).batches(row_group=row_group):
            predictions, identities = job.convert(path, first, batch, lists=True)
            for i, row in enumerate(predictions):
                if known is not None:
                    for name in row:
                        if name not in known:
                            raise DataError("%s: %r is not a known label name (pass --unknown-labels ignore to skip "
                                            "such names)" % (where(path, first + i, job.args.labels_column), name))
                example: dict[str, Any] = {"labels": row} if job.mode == "labels" else {"scores": row}
                if identities is not None:
                    if job.id_mode == "attributes":
                        example["identities"] = [job.identity_names[j] for j in np.flatnonzero(identities[i])]
                    else:
                        example["identities"] = identities[i]
                yield example

    args = job.args
    options = PipelineOptions(["--runner=%s" % args.beam_runner] + list(args.beam_option))
    with beam.Pipeline(options=options) as pipeline:
        _ = (
            pipeline
            | "Parts" >> beam.Create(parts)
            | "Reshuffle" >> beam.Reshuffle()  # spread the parts over the workers
            | "Read" >> beam.FlatMap(examples)
            | "Count" >> CountAssociations(**arguments)
            | "Write" >> WriteAssociationTable(args.logdir, args.name, step=args.step, description=args.description)
        )
    return "done"


def _check_runner(name: str) -> None:
    """An unknown runner is an error before any file is read."""
    try:
        from apache_beam.runners.runner import create_runner
    except ImportError:
        raise SystemExit('--beam-runner needs Apache Beam: pip install "tb-bias-plugin[beam]"')
    try:
        create_runner(name)
    except (ValueError, ImportError) as e:
        raise DataError("--beam-runner %s: %s" % (name, e))


def _single(job: Job, index: int) -> Job:
    clone = object.__new__(Job)
    clone.__dict__.update(job.__dict__)
    clone.files, clone.formats = [job.files[index]], [job.formats[index]]
    return clone


def run_log(args: argparse.Namespace) -> int:
    enabled = args.progress == "on" or (args.progress == "auto" and sys.stderr.isatty())
    progress = _progress_factory(enabled)
    job = Job(args)
    job.discover(progress)
    if args.beam_runner:
        run_beam(job)
        print("counted on %s and wrote %r (step %d) to %s" % (args.beam_runner, args.name, args.step, args.logdir))
        return 0
    counter, stats = count(job, progress)
    from tb_bias_plugin import summary

    writer: Any = summary.Writer(args.logdir)
    with writer:
        writer.association_table(args.name, counter, step=args.step, description=args.description)
    print(
        "wrote %r (step %d) to %s: %d examples, %d labels, %d identities, %.1f s"
        % (args.name, args.step, args.logdir, counter.num_examples, len(counter.label_names),
           len(counter.identity_labels), stats["seconds"])
    )
    return 0
