"""``tb-bias log`` (the default ``--measure association``): count a table of associations from prediction files.

The options and the files are checked here; what each column means and how
its values are counted is `files.Columns`. The options every measure shares
(the files, the output, the example columns, how to read) are the command
line's own (``tb_bias_plugin/cli/log.py``).

Everything is read and counted before anything is written: a bad file is
an error naming the file, the row and the column, and the logdir is left
as it was.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import glob
import logging
import os
import sys
import tempfile
import time
import warnings
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from tb_bias_plugin.core.extras import install_hint
from tb_bias_plugin.core.text import counted
from tb_bias_plugin.measures.association.counting import CooccurrenceCounter, RepeatedIdsWarning
from tb_bias_plugin.measures.association.files import Columns
from tb_bias_plugin.measures.association.sampling import DEFAULT_EXAMPLES_PER_CELL
from tb_bias_plugin.measures.association.table import DEFAULT_THRESHOLDS, check_thresholds
from tb_bias_plugin.prediction_files import TRACEBACK_LINE, DataError, paths, readers

#: Distinct values past which an attribute column is noted: a column of scores given as one, most likely.
MANY_VALUES = 1000

#: The argparse dests it takes: those it adds and the shared ones it uses (`cli.log`); others are refused.
OPTIONS = ("labels_column", "score_columns", "score_prefix", "scores_column", "label_names", "threshold",
           "identity_labels", "identity_column", "intersect", "identity_prob_columns", "beam_runner",
           "beam_option", "separator", "unknown_labels", "id_column", "text_column", "uri_column",
           "examples_per_cell")

DESCRIPTION = """\
--measure association (the default): count how often each predicted label
occurs with each identity in prediction files and log the counts as a
tb-bias association table.

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
Examples behind each count (optional): with --id-column, the table keeps,
for every label and identity-label pair, the --examples-per-cell rows whose
ids hash smallest, with their --text-column and --uri-column.
With --beam-runner, each Parquet row group, or each other file, is one unit
of work; on a remote runner, give inputs and a logdir the workers can reach.
The launcher reads the files only for names it is not given: label names
without --label-names, and the values of --identity-column attributes.
"""

EXAMPLES = """\
  tb-bias log preds.parquet --logdir logs/eval --name gender \\
      --labels-column labels --identity-labels man woman
  tb-bias log preds.csv --logdir logs/eval --name gender --score-prefix score_ \\
      --identity-column sex --identity-column age --intersect sex,age --threshold 0.3 --threshold 0.5
  tb-bias log 'gs://bucket/preds/*.parquet' --logdir gs://bucket/logs/eval --name gender \\
      --labels-column labels --label-names labels.txt --identity-labels man woman --beam-runner DataflowRunner \\
      --beam-option=--project=my-project --beam-option=--region=us-central1
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Its own options of ``tb-bias log``."""
    preds = parser.add_argument_group("label associations: predictions")
    preds.add_argument("--labels-column", metavar="COL", help="column of per-row label-name lists")
    preds.add_argument("--separator", default=None,
                       help="separator of label names in a --labels-column cell of text (CSV, or a string column of "
                       "Parquet or JSON Lines; default '|'); an error where the column holds lists")
    preds.add_argument("--score-columns", nargs="+", metavar="COL", help="one score column per label")
    preds.add_argument("--score-prefix", metavar="PREFIX", help="every column starting with PREFIX is a label's scores")
    preds.add_argument("--scores-column", metavar="COL", help="column of per-row score lists (with --label-names)")
    preds.add_argument("--label-names", metavar="FILE", help="text file, one label name per line, in column order")
    preds.add_argument("--threshold", type=float, action="append",
                       help="score threshold; repeat for several (default 0.5); an error with --labels-column, whose "
                       "lists are decisions")
    preds.add_argument("--unknown-labels", choices=("raise", "ignore"), default="raise",
                       help="with --labels-column and --label-names: a name not listed is an error (raise) or "
                       "skipped (ignore); ignore is an error without them, where no name is unknown")
    ids = parser.add_argument_group("label associations: identities")
    ids.add_argument("--identity-labels", nargs="+", metavar="LABEL", help="identities that are labels")
    ids.add_argument("--identity-column", action="append", metavar="COL",
                     help="attribute column (repeatable); each value is an identity, and a column of more than "
                     "%d values is noted before the count" % MANY_VALUES)
    ids.add_argument("--intersect", action="append", metavar="COL1,COL2", help="intersect attribute columns (repeatable)")
    ids.add_argument("--identity-prob-columns", nargs="+", metavar="COL", help="identity probability columns")
    more = parser.add_argument_group("label associations: examples and Apache Beam")
    more.add_argument("--examples-per-cell", type=int, default=None, metavar="K",
                      help="with --id-column: examples kept per label and identity-label pair (default %d)"
                      % DEFAULT_EXAMPLES_PER_CELL)
    more.add_argument("--beam-runner", metavar="RUNNER",
                      help="count with Apache Beam on RUNNER (DirectRunner, DataflowRunner, FlinkRunner, SparkRunner)")
    more.add_argument("--beam-option", action="append", default=[], metavar="--OPTION=VALUE",
                      help="a Beam pipeline option, e.g. --beam-option=--project=p (repeatable); one Beam does not "
                      "know is an error on the DirectRunner, which would drop it, and a note on other runners")


class Job:
    """What to read and how to count it, checked before any counting."""

    def __init__(self, args: argparse.Namespace):
        self.files = paths.expand_all(args.files)
        self.formats = [readers.file_format(f, args.format) for f in self.files]
        self.unit = readers.progress_unit(self.formats)
        self.args = args
        thresholds = _check_options(args)
        label_names: Any = readers.read_names(args.label_names) if args.label_names else None
        npz_files = [f for f, fmt in zip(self.files, self.formats) if fmt == "npz"]
        npz = [readers.npz_arrays(f) for f in npz_files]
        for key in ("label_names", "identity_names"):  # columns are counted under the first file's names
            for path, arrays in zip(npz_files[1:], npz[1:]):
                if ([str(x) for x in arrays.get(key, [])] != [str(x) for x in npz[0].get(key, [])]):
                    raise DataError("%s: its %r differ from those of %s; give files whose columns are the same"
                                    % (path, key, npz_files[0]))
        if npz and label_names is None and "label_names" in npz[0]:
            label_names = [str(x) for x in npz[0]["label_names"]]
        numeric_files = all(fmt in ("npy", "npz") for fmt in self.formats)
        mode = _one_mode(args, numeric_files)
        self.separator = "|" if args.separator is None else args.separator
        self._check_no_ops(mode)
        score_columns: list[str] = []
        if mode == "wide":
            score_columns = list(args.score_columns or self._prefixed_columns(args.score_prefix))
            _once("--score-columns", score_columns)
            prefix = args.score_prefix or ""
            label_names = [c[len(prefix):] if c.startswith(prefix) else c for c in score_columns]
        if mode in ("scores", "array") and label_names is None:
            raise DataError("--label-names FILE is needed to name the score columns")
        if label_names is not None:
            _once(args.label_names or "the label names", label_names)
        id_mode, identity_names, soft_array = self._identities(args, numeric_files, npz[0] if npz else {})
        self.layout = Columns(
            mode, id_mode, thresholds=thresholds, label_names=label_names, identity_names=identity_names,
            labels_column=args.labels_column, scores_column=args.scores_column, score_columns=score_columns,
            separator=self.separator, unknown_labels=args.unknown_labels,
            attribute_columns=args.identity_column or (), intersections=_intersections(args, id_mode),
            prob_columns=args.identity_prob_columns or (), soft_array=soft_array, label_names_source=args.label_names,
            id_column=args.id_column, text_column=args.text_column, uri_column=args.uri_column,
            examples_per_cell=DEFAULT_EXAMPLES_PER_CELL if args.examples_per_cell is None else args.examples_per_cell,
        )

    def _check_no_ops(self, mode: str) -> None:
        """Options that would change nothing, refused: each was taken without a word, and the table was the one
        written without it."""
        args = self.args
        if mode == "labels" and args.threshold:
            raise DataError("--threshold: label lists (--labels-column) are decisions, not scores: every threshold "
                            "would count the same; thresholds apply to --score-columns, --score-prefix, "
                            "--scores-column and .npy/.npz scores")
        if args.unknown_labels == "ignore" and not (mode == "labels" and args.label_names):
            raise DataError("--unknown-labels ignore needs --label-names: the label names are those found in the "
                            "files, so none is unknown" if mode == "labels" else
                            "--unknown-labels ignore skips names of a --labels-column cell that --label-names does "
                            "not list; here the labels are columns")
        if args.separator is not None:
            if mode != "labels":
                raise DataError("--separator splits the cells of --labels-column")
            kinds = [readers.holds_text(f, fmt, args.labels_column) for f, fmt in zip(self.files, self.formats)]
            if not any(kind is not False for kind in kinds):
                raise DataError("--separator %r: the labels column holds lists of names, not text to split, in %s"
                                % (args.separator, ", ".join(self.files)))

    def _identities(self, args: argparse.Namespace, numeric_files: bool, npz: dict) -> tuple[str, Any, bool]:
        """``(id_mode, identity names or None, soft_array)`` from the options and the first .npz."""
        id_modes = [m for m, given in (("labels", args.identity_labels), ("attributes", args.identity_column),
                                        ("soft", args.identity_prob_columns)) if given]
        if numeric_files and not id_modes and "identity_names" in npz:
            # 0/1 identities are indicators; any other value makes them
            # probabilities (expected counts), in every file alike
            soft = any(_fractional(f) for f, fmt in zip(self.files, self.formats) if fmt == "npz")
            return "array", [str(x) for x in npz["identity_names"]], soft
        if len(id_modes) != 1:
            raise DataError("give exactly one of --identity-labels, --identity-column, --identity-prob-columns")
        if id_modes[0] == "labels":
            return "labels", list(args.identity_labels), False
        if id_modes[0] == "soft":
            return "soft", list(args.identity_prob_columns), False
        return "attributes", None, False

    def _prefixed_columns(self, prefix: str) -> list[str]:
        found = [c for c in readers.header(self.files[0], self.formats[0]) if c.startswith(prefix)]
        if not found:
            raise DataError("%s: no column starts with %r" % (self.files[0], prefix))
        if prefix in found:  # the label name is what follows the prefix: here nothing
            raise DataError("%s: --score-prefix %r is the whole name of column %r, which would name a label ''; "
                            "give a longer prefix, or the columns with --score-columns" % (self.files[0], prefix, prefix))
        return found

    def progress_bar(self, factory: Any, desc: str) -> Any:
        """A progress bar over every file, in rows or bytes (`readers.progress_unit`)."""
        total = sum(readers.progress_total(f, fmt, self.unit) for f, fmt in zip(self.files, self.formats))
        return factory(desc, total=total or None, unit=self.unit)

    def batches(self, bar: Any = None, columns: Sequence[str] | None = None,
                row_group: int | None = None, batch_size: int | None = None) -> Iterator[tuple[str, int, dict]]:
        wanted = list(columns) if columns is not None else self.layout.columns()
        progress = None if bar is None else readers.Progress(bar, self.unit)
        for path, fmt in zip(self.files, self.formats):
            for first, batch in readers.read(path, fmt, wanted, batch_size or self.args.batch_size,
                                              separator=self.separator, progress=progress,
                                              row_group=row_group):
                yield path, first, batch

    def discover(self, progress_factory: Any) -> None:
        """Label names and attribute values that must be known before counting."""
        columns = self.layout.scan_columns()
        if not columns:
            return
        with self.progress_bar(progress_factory, "scanning names") as bar:
            self.layout.scan(self.batches(bar, columns), self.files)
        for column, count in self.layout.value_counts.items():
            if count > MANY_VALUES:  # said before the count, which takes long with so many identities
                print("tb-bias log: note: --identity-column %s has %s distinct values, each an identity: an attribute "
                      "names groups (sex, an age band); for an identity classifier's probabilities use "
                      "--identity-prob-columns" % (column, format(count, ",")), file=sys.stderr)


def _check_options(args: argparse.Namespace) -> tuple[float, ...]:
    """Mistakes in the options alone, before any file is read; the thresholds."""
    try:  # the rule the counter applies, said of the option
        thresholds = check_thresholds(args.threshold or DEFAULT_THRESHOLDS)
    except ValueError as e:
        raise DataError("--threshold: %s" % e) from None
    if args.examples_per_cell is not None and args.examples_per_cell < 1:
        raise DataError("--examples-per-cell must be positive")
    if args.examples_per_cell is not None and not args.id_column:  # else it kept nothing, without a word
        raise DataError("--examples-per-cell needs --id-column: the sample keeps examples by their ids")
    if args.separator == "":
        raise DataError("--separator must not be empty")
    for column in args.identity_column or ():
        if "=" in column or "&" in column:
            raise DataError("--identity-column %r: a column name with '=' or '&' would make ambiguous "
                            "identity names such as %s=value" % (column, column))
    if args.beam_option and not args.beam_runner:  # else passed to nothing, without a word
        raise DataError("--beam-option needs --beam-runner")
    if args.beam_runner:
        _check_runner(args.beam_runner)
        _check_beam_options(args.beam_runner, args.beam_option)
    paths.check_output(args, beam=bool(args.beam_runner))
    return thresholds


def _one_mode(args: argparse.Namespace, numeric_files: bool) -> str:
    modes = [m for m, given in (("labels", args.labels_column), ("scores", args.scores_column),
                                 ("wide", args.score_columns or args.score_prefix)) if given]
    if numeric_files and not modes:
        modes = ["array"]
    if len(modes) != 1:
        raise DataError(
            "give exactly one of --labels-column, --scores-column, --score-columns/--score-prefix "
            "(or .npy/.npz files)"
        )
    return modes[0]


def _intersections(args: argparse.Namespace, id_mode: str) -> list[tuple[str, ...]]:
    if args.intersect and id_mode != "attributes":
        raise DataError("--intersect combines --identity-column attributes")
    intersections: list[tuple[str, ...]] = []
    for spec in args.intersect or ():
        group = [c.strip() for c in spec.split(",") if c.strip()]
        missing = [c for c in group if c not in (args.identity_column or ())]
        if len(group) < 2 or missing or len(set(group)) < len(group):
            raise DataError("--intersect %s: give two or more different --identity-column names joined by ','" % spec)
        if tuple(group) in intersections:
            raise DataError("--intersect %s is given twice" % spec)
        intersections.append(tuple(group))
    return intersections


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


def _progress_factory(enabled: bool) -> Any:
    if not enabled:
        return lambda desc, **kw: contextlib.nullcontext(None)
    try:
        from tqdm import tqdm
    except ImportError:
        raise SystemExit("progress bars need tqdm: %s (or pass --progress off)" % readers.EXTRA)
    return lambda desc, **kw: tqdm(desc=desc, file=sys.stderr, dynamic_ncols=True, unit_scale=True, **kw)


def count(job: Job, progress_factory: Any) -> tuple[CooccurrenceCounter, dict]:
    """Read every file and count; nothing is written. Returns the counter and stats."""
    counter = job.layout.counter()
    start = time.perf_counter()
    rate = None
    with job.progress_bar(progress_factory, "counting") as bar:
        for path, first, batch in job.batches(bar):
            predictions, identities = job.layout.convert(path, first, batch)
            examples = job.layout.examples_of(path, first, batch)
            try:
                counter.update(predictions, identities=identities, **examples)
            except ValueError as e:  # label lists may be a sparse matrix, which has no len()
                raise job.layout.located(e, path, first, predictions.shape[0] if hasattr(predictions, "shape")
                                         else len(predictions))
        if bar is not None:
            rate = bar.format_dict.get("rate")
            if rate is None and bar.format_dict.get("elapsed"):
                rate = bar.n / bar.format_dict["elapsed"]
    if counter.num_examples == 0:
        raise DataError("no rows in %s" % ", ".join(job.files))
    return counter, {"seconds": time.perf_counter() - start, "progress_rate": rate, "progress_unit": job.unit}


def run_beam(job: Job) -> int | None:
    """The same job as a Beam pipeline on ``--beam-runner``; returns the examples counted, as the runner's
    metrics say (None where it keeps none).

    Each Parquet row group, or each other file, is one unit of work, read
    where it runs; the launcher reads only names, headers and first rows, so
    that a missing column or an empty input fails here, before the pipeline.
    """
    try:
        import apache_beam as beam
        from apache_beam.metrics.metric import Metrics
        from apache_beam.options.pipeline_options import PipelineOptions
    except ImportError:
        raise SystemExit('--beam-runner needs Apache Beam: ' + install_hint("beam"))
    from tb_bias_plugin.measures.association.beam import CountAssociations, WriteAssociationTable

    layout = job.layout
    arguments = layout.counter_arguments()
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
    known = set(layout.label_names) if layout.mode == "labels" and layout.unknown_labels == "raise" else None
    launcher = os.getpid()
    read = Metrics.counter("tb_bias", "examples")

    def examples(part: tuple[int, int | None]) -> Iterator[dict]:
        if os.getpid() != launcher:  # a worker process, whose log may be the launcher's terminal too
            _quiet_beam_log()
        index, row_group = part
        for path, first, batch in _single(job, index).batches(row_group=row_group):
            n = 0
            for example in layout.examples(path, first, batch, known):
                n += 1
                yield example
            read.inc(n)

    args = job.args
    options = PipelineOptions(["--runner=%s" % args.beam_runner] + list(args.beam_option))
    try:
        with _quiet_data_errors(), _removing_job_server_dirs():
            pipeline = beam.Pipeline(options=options)
            _ = (
                pipeline
                | "Parts" >> beam.Create(parts)
                | "Reshuffle" >> beam.Reshuffle()  # spread the parts over the workers
                | "Read" >> beam.FlatMap(examples)
                | "Count" >> CountAssociations(**arguments)
                | "Write" >> WriteAssociationTable(args.logdir, args.name, step=args.step, description=args.description)
            )
            result = pipeline.run()
            result.wait_until_finish()
    except DataError:
        raise
    except Exception as e:
        cause = _worker_cause(e)
        if cause is None:
            raise
        raise cause from None
    return _examples_read(result)


def _examples_read(result: Any) -> int | None:
    """The examples a pipeline's read step counted in its metrics (committed, else attempted), or None."""
    from apache_beam.metrics.metric import MetricsFilter

    try:
        counters = result.metrics().query(MetricsFilter().with_namespace("tb_bias").with_name("examples"))["counters"]
        values = [c.committed if c.committed is not None else c.attempted for c in counters]
    except Exception:  # a runner without metrics: the count is not said
        return None
    return int(sum(values)) if values and None not in values else None


def _worker_cause(error: BaseException) -> DataError | KeyboardInterrupt | None:
    """The bad input or Ctrl-C a runner's error stands for, or None. The in-process runner wraps a Ctrl-C in a
    RuntimeError; a worker in another process hands back only its traceback's text (`DataError.in_traceback`)."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, (DataError, KeyboardInterrupt)):
            return seen
        found = DataError.in_traceback(str(seen))
        if found is not None:
            return found
        seen = seen.__cause__ or seen.__context__
    return None


#: Where Beam logs a failing element's error: the worker running it, and (on the DirectRunner's worker
#: processes) the launcher's copy of each worker's log.
_BEAM_ERROR_LOGS = ("apache_beam.runners.common", "apache_beam.runners.worker.sdk_worker",
                    "apache_beam.runners.portability.local_job_service")


def _not_ours(record: logging.LogRecord) -> bool:
    """False for Beam's log of an error `main` says in one line: a DataError about the input (as raised, or as
    a worker's text), or Ctrl-C. Any other failure keeps its log."""
    error = record.exc_info[1] if record.exc_info else record.msg
    if isinstance(error, (DataError, KeyboardInterrupt)):
        return False
    return TRACEBACK_LINE not in record.getMessage()


@contextlib.contextmanager
def _removing_job_server_dirs() -> Iterator[None]:
    """Removes the empty ``beam-temp*`` directories a pipeline's local job server made: Beam 2.77's Prism
    server (the DirectRunner's) leaves one per process in the temporary directory, never removed."""
    pattern = os.path.join(tempfile.gettempdir(), "beam-temp*")
    before = set(glob.glob(pattern))
    try:
        yield
    finally:
        for directory in set(glob.glob(pattern)) - before:
            with contextlib.suppress(OSError):  # not empty (in use): left to Beam
                os.rmdir(directory)


@contextlib.contextmanager
def _quiet_data_errors() -> Iterator[None]:
    """Beam logs a failing element's traceback before it re-raises the error: noise beside the one line `main`
    prints for bad input or Ctrl-C (`_not_ours`), while the pipeline runs."""
    loggers = [logging.getLogger(name) for name in _BEAM_ERROR_LOGS]
    for logger in loggers:
        logger.addFilter(_not_ours)
    try:
        yield
    finally:
        for logger in loggers:
            logger.removeFilter(_not_ours)


def _quiet_beam_log() -> None:
    """`_quiet_data_errors` for the rest of a worker process's life (once); and its stderr, where Beam's worker
    prints the traceback of each failed bundle besides logging it."""
    for name in _BEAM_ERROR_LOGS:
        logger = logging.getLogger(name)
        if _not_ours not in logger.filters:
            logger.addFilter(_not_ours)
    if not isinstance(sys.stderr, _QuietStderr):
        sys.stderr = _QuietStderr(sys.stderr)


class _QuietStderr:
    """A stream that passes on every write but a traceback of a DataError (`_not_ours`) and the line end
    `print` writes after it."""

    def __init__(self, stream: Any):
        self._stream, self._dropped = stream, False

    def write(self, text: str) -> int:
        dropped, self._dropped = self._dropped, TRACEBACK_LINE in text
        if self._dropped or (dropped and text == "\n"):
            return len(text)
        return self._stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _check_runner(name: str) -> None:
    """An unknown runner is an error before any file is read."""
    try:
        from apache_beam.runners.runner import create_runner
    except ImportError:
        raise SystemExit('--beam-runner needs Apache Beam: ' + install_hint("beam"))
    try:
        create_runner(name)
    except (ValueError, ImportError) as e:
        raise DataError("--beam-runner %s: %s" % (name, e))


#: Runners in this process, which drop an option Beam's PipelineOptions does not know (others pass it on).
_IN_PROCESS_RUNNERS = ("apache_beam.runners.direct.", "apache_beam.runners.portability.fn_api_runner.")


def _check_beam_options(runner: str, flags: Sequence[str]) -> None:
    """--beam-option values Beam's PipelineOptions does not know: an error for a runner in this process, which
    would drop them; a note for the others (Dataflow, the portable runners), which pass them on to a service
    that may know more. A value that is not an option at all (no leading --) Beam drops on every runner."""
    import apache_beam
    from apache_beam.options.pipeline_options import PipelineOptions
    from apache_beam.runners.runner import create_runner

    for flag in flags:
        if not flag.startswith("-"):
            raise DataError("--beam-option %s: a Beam option starts with -- (--beam-option=--%s)" % (flag, flag))
    log = logging.getLogger("apache_beam.options.pipeline_options")
    log.disabled, was = True, log.disabled  # its "Discarding unparseable args" is said here, once
    try:
        options = PipelineOptions(list(flags))
        known = options.get_all_options()
        unknown = [name for name in options.get_all_options(retain_unknown_options=True) if name not in known]
    finally:
        log.disabled = was
    in_process = type(create_runner(runner)).__module__.startswith(_IN_PROCESS_RUNNERS)
    for name in unknown:
        flag = next(f for f in flags if f.lstrip("-").split("=")[0].replace("-", "_") == name)
        close = difflib.get_close_matches(name, list(known), n=1)
        hint = " (did you mean --%s?)" % close[0] if close else ""
        if in_process:
            raise DataError("--beam-option %s: not an option of Apache Beam %s; the %s would drop it%s"
                            % (flag, apache_beam.__version__, runner, hint))
        print("tb-bias log: note: --beam-option %s is not an option of Apache Beam %s; it is passed on to %s, which "
              "may take it%s" % (flag, apache_beam.__version__, runner, hint), file=sys.stderr)


def _single(job: Job, index: int) -> Job:
    clone = object.__new__(Job)
    clone.__dict__.update(job.__dict__)
    clone.files, clone.formats = [job.files[index]], [job.formats[index]]
    return clone


def run(args: argparse.Namespace, write: Callable[..., None]) -> int:
    """Read and count every file, then write one table (nothing is written if reading fails); ``write(summary,
    *arguments)`` writes a record at the command's --logdir, --name, --step and --description."""
    enabled = args.progress == "on" or (args.progress == "auto" and sys.stderr.isatty())
    progress = _progress_factory(enabled)
    job = Job(args)
    job.discover(progress)
    if args.beam_runner:
        start = time.perf_counter()
        with _noting_repeated_ids(job.files):
            examples = run_beam(job)
        print("counted on %s and %s" % (args.beam_runner, _wrote(args, examples, job.layout.label_names,
                                                                  job.layout.identity_names, time.perf_counter() - start)))
        return 0
    with _noting_repeated_ids(job.files):
        counter, stats = count(job, progress)
        write("association_table", counter)
    print(_wrote(args, counter.num_examples, counter.label_names, counter.identity_labels, stats["seconds"]))
    return 0


def _wrote(args: argparse.Namespace, examples: int | None, labels: Sequence[str], identities: Sequence[str],
           seconds: float) -> str:
    """What a run wrote: the record, where, and what it counted (the examples where they are known) in how long."""
    return "wrote %r (step %d) to %s: %s%s, %s, %.1f s" % (
        args.name, args.step, args.logdir, "" if examples is None else counted(examples, "example") + ", ",
        counted(len(labels), "label"), counted(len(identities), "identity", "identities"), seconds)


@contextlib.contextmanager
def _noting_repeated_ids(files: Sequence[str]) -> Iterator[None]:
    """The counter's `RepeatedIdsWarning` as one line naming the files, once the work is done: as a warning it
    named the line of this package (or of Beam's coders) where the sample happened to be taken. The counter
    looks for repeats within a batch (`RepeatedIdsWarning`), and batches may join rows of several files.
    Other warnings are shown as they come."""
    repeats: list[Any] = []
    with warnings.catch_warnings():
        warnings.simplefilter("always", RepeatedIdsWarning)
        show = warnings.showwarning

        def note(message: Any, category: type[Warning], *rest: Any, **options: Any) -> None:
            if issubclass(category, RepeatedIdsWarning):
                repeats.append(message)
            else:
                show(message, category, *rest, **options)

        warnings.showwarning = note
        yield
    if repeats:
        where = ", ".join(files[:3]) + (" and %s" % counted(len(files) - 3, "more file", "more files")
                                         if len(files) > 3 else "")
        print("tb-bias log: note: %s: %s" % (where, repeats[0]), file=sys.stderr)
