"""``tb-bias log --measure sensitivity``: prediction sensitivity P computed elsewhere, from a column of files.

P per example (one v choice) streams through a ``SensitivityAccumulator``
(n floats in memory; the ``top_k`` largest and a seeded sample of examples
keep their ids) and is logged with ``summary.Writer.prediction_sensitivity``,
as the Python API logs an accumulator: the tab shows its distribution,
aggregates, groups and most sensitive examples (no per-feature or
per-token detail, which P alone does not carry).
"""

from __future__ import annotations

import argparse
from typing import Any, Callable

import numpy as np

from tb_bias_plugin.core.validation import MAX_NAME, check_name
from tb_bias_plugin.measures.sensitivity import builder
from tb_bias_plugin.measures.sensitivity.aggregates import SensitivityAccumulator, p_problem
from tb_bias_plugin.prediction_files import DataError, paths, readers
from tb_bias_plugin.prediction_files.columns import id_values, is_arrow, python, strings, where

#: The argparse dests it takes: those it adds and the shared ones it uses (`cli.log`); others are refused.
OPTIONS = ("p_column", "v_name", "group_column", "id_column", "top_k")

DESCRIPTION = """\
--measure sensitivity: prediction sensitivity P computed elsewhere, one value
per row in --p-column (one v choice per record), with --group-column,
--id-column and --top-k (default %d).
""" % builder.DEFAULT_TOP_K

EXAMPLES = """\
  tb-bias log --measure sensitivity p.parquet --logdir logs/deploy --name age --p-column P --group-column sex
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Its own options of ``tb-bias log``."""
    group = parser.add_argument_group("precomputed prediction sensitivity (--measure sensitivity)")
    group.add_argument("--p-column", metavar="COL", help="the column of P (NaN or empty where undefined)")
    group.add_argument("--v-name", metavar="NAME", help="the v choice P was computed with (default: COL)")


def p_values(path: str, first: int, column: str, values: Any) -> np.ndarray:
    """A batch of the P column as floats; empty cells and nulls are NaN (P undefined)."""
    if isinstance(values, np.ndarray) and values.dtype.kind in "fiub":
        return values.astype(np.float64)
    if is_arrow(values):
        import pyarrow as pa
        import pyarrow.compute as pc

        numbers = values
        if pa.types.is_string(values.type) or pa.types.is_large_string(values.type):
            # if_else picks from the trimmed copy, not the reader's slice: pyarrow
            # 12 to 18 at least (not 25) misread a sliced string array's offsets
            # there (NULs, other cells' bytes), and a valid file was refused
            numbers = pc.utf8_trim_whitespace(values)
            numbers = pc.if_else(pc.equal(numbers, ""), pa.scalar(None, values.type), numbers)
        try:
            return pc.cast(numbers, pa.float64()).to_numpy(zero_copy_only=False)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            pass  # named by the row below
    out = np.empty(len(values), dtype=np.float64)
    for i, value in enumerate(python(values)):
        try:
            out[i] = np.nan if value is None or (isinstance(value, str) and not value.strip()) else float(value)
        except (TypeError, ValueError):
            raise DataError("%s: %r is not a number" % (where(path, first + i, column), value))
    return out


def run(args: argparse.Namespace, write: Callable[..., None]) -> int:
    """Read the P column of every file, then write one record (nothing is written if reading fails); ``write(summary,
    *arguments)`` writes a record at the command's --logdir, --name, --step and --description."""
    if not args.p_column:
        raise DataError("--measure sensitivity needs --p-column COL")
    try:  # the accumulator's own rule for top_k, said of the option
        accumulator = SensitivityAccumulator(top_k=builder.DEFAULT_TOP_K if args.top_k is None else args.top_k,
                                             reservoir_size=builder.DEFAULT_SAMPLE_SIZE, seed=0)
    except ValueError as e:
        raise DataError("--top-k: %s" % e) from None
    v_name = args.p_column if args.v_name is None else args.v_name  # "" is a bad name, not "use the default"
    try:  # the Writer's rule, before any file is read
        check_name(v_name, "--v-name" if args.v_name is not None else "the v choice's name, --p-column's unless "
                   "--v-name is given,", max_length=MAX_NAME)
    except ValueError as e:
        raise DataError(str(e)) from None
    paths.check_output(args, beam=False)
    files = paths.expand_all(args.files)
    formats = [readers.file_format(f, args.format) for f in files]
    if "npy" in formats or "npz" in formats:
        raise DataError("--measure sensitivity reads a column of Parquet, CSV or JSON Lines files")
    columns = [c for c in (args.p_column, args.group_column, args.id_column) if c]
    for path, fmt in zip(files, formats):
        for first, batch in readers.read(path, fmt, columns, args.batch_size):
            p = p_values(path, first, args.p_column, batch[args.p_column])
            bad = np.flatnonzero((p < 0) | np.isinf(p))  # what the accumulator refuses, named by its row
            if bad.size:
                raise DataError("%s: %s" % (where(path, first + int(bad[0]), args.p_column), p_problem(p[bad[0]])))
            groups = ids = None
            if args.group_column:
                groups = strings(path, first, args.group_column, batch[args.group_column], "group")
            if args.id_column:
                ids = id_values(path, first, args.id_column, batch[args.id_column])
            accumulator.update(p, groups=groups, example_ids=ids)
    if accumulator.values().size == 0:
        raise DataError("no rows in %s" % ", ".join(files))
    write("prediction_sensitivity", accumulator, v_name=v_name)
    print("wrote %r (step %d) to %s: P of %d examples" % (args.name, args.step, args.logdir, accumulator.values().size))
    return 0
