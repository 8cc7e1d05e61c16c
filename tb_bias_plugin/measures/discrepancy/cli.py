"""``tb-bias log --measure discrepancy``: DIPDI of two pools of models' prediction files.

Each pool is a set of columns, one per model, with one row per example, in
the same row order for both pools: either one file per pool (FILE A, FILE
B; ``--model-prefix model_`` takes every ``model_*`` column of each) or
both pools in one file (``--pool-a-prefix``/``--pool-b-prefix`` or
``--pool-a-columns``/``--pool-b-columns``). A model's column holds one
number per example (a regression output, or the positive class's
probability) or, in Parquet and JSON Lines, a list of the C class
probabilities. A .npy file is a whole pool, ``[models, examples]`` or
``[models, examples, C]``.

The pools are read whole (DIPDI compares every example's predictions
across the models: 8 bytes x models x examples per pool) and logged with
``summary.Writer.prediction_discrepancy``, so the record is the one the
Python API writes for the same arrays.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from typing import Any, Callable, Sequence

import numpy as np

from tb_bias_plugin.measures.discrepancy import builder
from tb_bias_plugin.measures.discrepancy.accumulator import MAX_TOP_K
from tb_bias_plugin.measures.discrepancy.dipdi import (
    DEFAULT_PAIRING,
    DISCREPANCIES,
    PAIRINGS,
    ClassProbabilitiesWarning,
    _check_pairing,
    default_discrepancy,
    first_invalid,
)
from tb_bias_plugin.prediction_files import DataError, paths, readers
from tb_bias_plugin.prediction_files.columns import id_values, is_arrow, python, strings, where

#: The argparse dests it takes: those it adds and the shared ones it uses (`cli.log`); others are refused.
OPTIONS = ("pool_a_prefix", "pool_b_prefix", "model_prefix", "pool_a_columns", "pool_b_columns", "pool_names",
           "group_column", "id_column", "text_column", "uri_column", "discrepancy", "pairing", "from_logits", "top_k")

DESCRIPTION = """\
--measure discrepancy: DIPDI, whether two pools of models (e.g. trained on
men's and on women's data) disagree more across the pools than within them
on the same examples. FILE A FILE B hold one pool each, or one FILE holds
both; one column per model (a number per example, or a list of class
probabilities). --id-column, --text-column and --uri-column name the top
examples and --group-column gives each example's group (columns of the
first file); --top-k keeps %d by default.
""" % builder.DEFAULT_TOP_K

EXAMPLES = """\
  tb-bias log --measure discrepancy pool_a.parquet pool_b.parquet --logdir logs/deploy --name age \\
      --model-prefix model_ --pool-names men women --group-column sex
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Its own options of ``tb-bias log``."""
    group = parser.add_argument_group("prediction discrepancy (--measure discrepancy)")
    group.add_argument("--model-prefix", metavar="PREFIX",
                       help="two files: every column starting with PREFIX is a model of that file's pool")
    group.add_argument("--pool-a-prefix", metavar="PREFIX", help="columns of pool A's models start with PREFIX")
    group.add_argument("--pool-b-prefix", metavar="PREFIX", help="columns of pool B's models start with PREFIX")
    group.add_argument("--pool-a-columns", nargs="+", metavar="COL", help="pool A's model columns")
    group.add_argument("--pool-b-columns", nargs="+", metavar="COL", help="pool B's model columns")
    group.add_argument("--pool-names", nargs=2, metavar=("A", "B"), help="shown in TensorBoard (default %s)" % " ".join(builder.DEFAULT_POOL_NAMES))
    group.add_argument("--discrepancy", choices=DISCREPANCIES,
                       help="per-example discrepancy (default abs, jsd with --from-logits; never guessed from the "
                            "columns: give jsd for class probabilities)")
    group.add_argument("--pairing", choices=PAIRINGS,
                       help="paired (default; pools of the same even size) or all_pairs")
    group.add_argument("--from-logits", action="store_true", help="the columns hold logits (jsd, js_distance)")


class Pools:
    """Which file and columns hold each pool, checked before anything is read."""

    def __init__(self, args: argparse.Namespace):
        found = paths.expand_all(args.files)
        if len(found) not in (1, 2):
            raise DataError("--measure discrepancy reads one file holding both pools or two files (pool A's, "
                            "pool B's); got %d: %s" % (len(found), ", ".join(found[:5])))
        self.paths = [found[0], found[-1]]
        self.formats = [readers.file_format(p, args.format) for p in self.paths]
        self.args = args
        if args.top_k is not None and not 0 <= args.top_k <= MAX_TOP_K:
            raise DataError("--top-k %d is outside 0..%d" % (args.top_k, MAX_TOP_K))
        paths.check_output(args, beam=False)
        self.columns = [self._columns(0, args.pool_a_columns, args.pool_a_prefix),
                        self._columns(1, args.pool_b_columns, args.pool_b_prefix)]
        if len(found) == 1 and set(self.columns[0]) & set(self.columns[1]):
            raise DataError("columns in both pools: %s" % ", ".join(sorted(set(self.columns[0]) & set(self.columns[1]))))

    def _columns(self, pool: int, columns: Sequence[str] | None, prefix: str | None) -> list[str]:
        path, fmt = self.paths[pool], self.formats[pool]
        name = "AB"[pool]
        if fmt == "npy":
            if columns or prefix or self.args.model_prefix:
                raise DataError("%s: a .npy file is a whole pool [models, examples]; it has no columns" % path)
            if self.paths[0] == self.paths[1]:
                raise DataError("%s: a .npy file holds one pool; give pool B's file too" % path)
            return []
        if self.args.model_prefix:
            if columns or prefix:
                raise DataError("--model-prefix takes the place of --pool-%s-columns/--pool-%s-prefix"
                                % (name.lower(), name.lower()))
            if self.paths[0] == self.paths[1]:
                raise DataError("--model-prefix is for one file per pool; with both pools in one file give "
                                "--pool-a-prefix and --pool-b-prefix (or --pool-a-columns and --pool-b-columns)")
            prefix = self.args.model_prefix
        if bool(columns) == bool(prefix):
            raise DataError("pool %s: give one of --pool-%s-columns, --pool-%s-prefix (or --model-prefix with "
                            "one file per pool)" % (name, name.lower(), name.lower()))
        if prefix:
            found = [c for c in readers.header(path, fmt) if c.startswith(prefix)]
            if not found:
                raise DataError("%s: no column starts with %r (pool %s's models)" % (path, prefix, name))
            columns = found
        assert columns is not None
        if len(set(columns)) < len(columns):
            raise DataError("pool %s: a column is named twice in %s" % (name, ", ".join(columns)))
        return list(columns)

    def read(self) -> dict[str, Any]:
        """The pools ``[m, n]`` or ``[m, n, C]`` and the groups and ids of the examples."""
        args = self.args
        # a column named for two options (or also a model's) is read once and taken by each
        extra = list(dict.fromkeys(c for c in (args.group_column, args.id_column, args.text_column, args.uri_column) if c))
        required = {args.group_column: "group"}
        pools, named = [], {}
        for pool in (0, 1):
            path, fmt = self.paths[pool], self.formats[pool]
            if fmt == "npy":
                if pool == 0 and extra:
                    raise DataError("%s: a .npy file has no %r column" % (path, extra[0]))
                pools.append(_npy_pool(path))
                continue
            wanted = self.columns[pool] + (extra if pool == 0 else [])
            values: dict[str, list] = {c: [] for c in self.columns[pool]}
            texts: dict[str, list] = {c: [] for c in extra} if pool == 0 else {}
            for first, batch in readers.read(path, fmt, wanted, args.batch_size):
                for column in self.columns[pool]:
                    values[column].append(_numbers(path, first, column, batch[column]))
                for column in texts:
                    texts[column].extend(id_values(path, first, column, batch[column]) if column == args.id_column
                                         else strings(path, first, column, batch[column], required.get(column)))
            pools.append(_stack(path, [values[c] for c in self.columns[pool]], self.columns[pool]))
            named.update(texts)
        for pool in (0, 1):
            self._check_values(pool, pools[pool])
        if pools[0].shape[1] != pools[1].shape[1]:
            raise DataError("pool A has %d examples (%s), pool B %d (%s): the pools must predict the same examples"
                            % (pools[0].shape[1], self.paths[0], pools[1].shape[1], self.paths[1]))
        return {"pool_a": pools[0], "pool_b": pools[1],
                "groups": named.get(args.group_column) if args.group_column else None,
                "example_ids": named.get(args.id_column) if args.id_column else None,
                "example_text": named.get(args.text_column) if args.text_column else None,
                "example_uris": named.get(args.uri_column) if args.uri_column else None}

    def _check_values(self, pool: int, values: np.ndarray) -> None:
        """A NaN, an empty cell or an invalid probability is said by file, row and column, as a bad string is."""
        bad = first_invalid(values, default_discrepancy(self.args.discrepancy, self.args.from_logits), self.args.from_logits)
        if bad is None:
            return
        path = self.paths[pool]
        if self.columns[pool]:
            at = where(path, bad.example + 1, self.columns[pool][bad.model])
        else:
            at = "%s, model %d, example %d" % (path, bad.model, bad.example)
        raise DataError("%s: %s%s" % (at, bad.say(), "; for logits pass --from-logits" if bad.not_a_probability else ""))


def _numbers(path: str, first: int, column: str, values: Any) -> np.ndarray:
    """A batch of one model's column as floats: ``[rows]``, or ``[rows, C]`` for lists of class probabilities."""
    if isinstance(values, np.ndarray) and values.dtype.kind in "fiub":
        return values.astype(np.float64)
    if is_arrow(values):
        import pyarrow as pa
        import pyarrow.compute as pc

        if values.null_count == 0 and (pa.types.is_string(values.type) or pa.types.is_large_string(values.type)):
            try:
                return pc.cast(values, pa.float64()).to_numpy(zero_copy_only=False)
            except pa.ArrowInvalid:
                pass  # named by the row below
    rows = python(values)
    try:
        return np.asarray(rows, dtype=np.float64)
    except (TypeError, ValueError):
        pass
    for i, value in enumerate(rows):
        try:
            np.asarray(value, dtype=np.float64)
        except (TypeError, ValueError):
            raise DataError("%s: %r is not a number or a list of class probabilities"
                            % (where(path, first + i, column), value))
    raise DataError("%s, rows from %d: the lists of class probabilities have different lengths"
                    % (where(path, None, column), first))


def _stack(path: str, parts: list[list[np.ndarray]], columns: list[str]) -> np.ndarray:
    """``[m, n]`` or ``[m, n, C]`` of each model's batches."""
    models = []
    for column, batches in zip(columns, parts):
        shapes = {b.shape[1:] for b in batches}
        if len(shapes) > 1:
            raise DataError("%s: the lists of class probabilities have different lengths"
                            % where(path, None, column))
        models.append(np.concatenate(batches) if batches else np.zeros(0))
    if not models or models[0].shape[0] == 0:
        raise DataError("%s: no rows" % path)
    if len({m.shape for m in models}) > 1:
        raise DataError("%s: the model columns hold different shapes (%s)"
                        % (path, ", ".join("%s %s" % (c, m.shape[1:]) for c, m in zip(columns, models))))
    return np.stack(models)


def _npy_pool(path: str) -> np.ndarray:
    pool = readers.npy_array(path)
    if pool.ndim not in (2, 3) or pool.dtype.kind not in "biuf":
        raise DataError("%s: a pool must be numbers [models, examples] or [models, examples, C]; got %s of shape %s"
                        % (path, pool.dtype, pool.shape))
    if pool.shape[0] == 0:
        raise DataError("%s: a pool of no models (shape %s)" % (path, pool.shape))
    return pool.astype(np.float64)


def run(args: argparse.Namespace, write: Callable[..., None]) -> int:
    """Read both pools, then write one DIPDI record (nothing is written if reading fails); ``write(summary,
    *arguments)`` writes a record at the command's --logdir, --name, --step and --description."""
    pools = Pools(args)
    data = pools.read()
    try:  # the writer's rule, said in the command line's words
        _check_pairing(len(data["pool_a"]), len(data["pool_b"]), args.pairing or DEFAULT_PAIRING, option="--pairing {}")
    except ValueError as e:
        raise DataError(str(e)) from None
    options = {key: value for key, value in (
        ("pool_names", tuple(args.pool_names) if args.pool_names else None), ("discrepancy", args.discrepancy),
        ("pairing", args.pairing), ("top_k", args.top_k)) if value is not None}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ClassProbabilitiesWarning)
        write("prediction_discrepancy", data["pool_a"], data["pool_b"], groups=data["groups"],
              example_ids=data["example_ids"], example_text=data["example_text"], example_uris=data["example_uris"],
              from_logits=args.from_logits, **options)
    for warning in caught:  # said in the command line's words; others shown as they came
        if isinstance(warning.message, ClassProbabilitiesWarning):
            print("tb-bias log: note: pool %s's models each give %d non-negative outputs summing to 1, like class "
                  "probabilities, scored with the default --discrepancy abs (regression outputs); give "
                  "--discrepancy jsd for a classifier's probabilities"
                  % ("A" if warning.message.pool == "pool_a" else "B", warning.message.outputs), file=sys.stderr)
        else:
            warnings.showwarning(warning.message, warning.category, warning.filename, warning.lineno)
    m_a, m_b = len(data["pool_a"]), len(data["pool_b"])
    print("wrote %r (step %d) to %s: DIPDI of %d and %d models on %d examples"
          % (args.name, args.step, args.logdir, m_a, m_b, data["pool_a"].shape[1]))
    return 0
