"""``tb-bias log``: read prediction files and log one measure's record (``--measure``).

The options every measure shares are here: the files, the output, the
example columns and how to read. Each measure's own options, checks and
reading are its ``cli`` module, found in the registry
(`Measure.command_line`, docs/architecture.md), so adding one edits
nothing here. Everything is read and checked before anything is written:
a bad file is an error naming the file, the row and the column, and the
logdir is left as it was.
"""

from __future__ import annotations

import argparse
import functools
import importlib
from typing import Any

from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.prediction_files import DataError, readers

DESCRIPTION = """\
Read prediction files (Parquet, CSV/TSV, JSON Lines, .npy/.npz; CSV, TSV
and JSON Lines also gzip-compressed, as .csv.gz, .tsv.gz, .jsonl.gz), local or
remote, and log one tb-bias record to a TensorBoard logdir. --measure says
which; each measure's options are listed under its name below, and another
measure's options are an error.
"""

EPILOG = """\
Then: tensorboard --logdir logs  (the Bias tab).
Paths with a scheme (gs://, s3://, hdfs://) are read through Apache Beam's
filesystems (pip install "apache-beam[gcp]" for gs://).
"""


#: What ``tb-bias log`` logs without --measure: the command logged only these before --measure existed, and
#: calls without it keep meaning them (the first measure that has a command line if a build lacks it).
DEFAULT_MEASURE = "association"

#: What a measure's cli module must have (`Measure.command_line`).
MODULE_NAMES = ("OPTIONS", "DESCRIPTION", "EXAMPLES", "add_arguments", "run")


def command_lines() -> dict[str, Any]:
    """``{measure id: its cli module}`` of every measure that reads prediction files, in the tab's order.

    Raises
    ------
    TypeError
        If a measure's module lacks one of `MODULE_NAMES`.
    """
    modules = {m.id: importlib.import_module(m.command_line) for m in REGISTRY if m.command_line}
    for measure, module in modules.items():
        missing = [name for name in MODULE_NAMES if not hasattr(module, name)]
        if missing:
            raise TypeError("%s (tb-bias log --measure %s) has no %s" % (module.__name__, measure, ", ".join(missing)))
    return modules


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    modules = command_lines()
    parser = subparsers.add_parser(
        "log",
        help="read prediction files and log a tb-bias record (label associations by default)",
        description=DESCRIPTION + "".join("\n" + m.DESCRIPTION for m in modules.values()),
        epilog="examples:\n" + "".join(m.EXAMPLES for m in modules.values()) + EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="prediction files or globs, local or remote (gs://, s3://)")
    parser.add_argument("--measure", choices=tuple(modules),
                        default=DEFAULT_MEASURE if DEFAULT_MEASURE in modules else next(iter(modules)),
                        help="the record to log (default %(default)s); see below")
    out = parser.add_argument_group("output")
    out.add_argument("--logdir", required=True, help="run directory to write to, e.g. logs/eval (created if needed)")
    out.add_argument("--name", required=True, help="the record's tag, e.g. gender")
    out.add_argument("--step", type=int, default=0, help="step to log at (default %(default)s)")
    out.add_argument("--description", default=None, help="Markdown shown with the record")
    examples = parser.add_argument_group("examples (each measure says which it takes)")
    examples.add_argument("--id-column", metavar="COL", help="column of example ids, kept with the examples a record keeps")
    examples.add_argument("--text-column", metavar="COL", help="column of a short text per example, shown with it")
    examples.add_argument("--uri-column", metavar="COL", help="column of a link per example, shown with it (never fetched)")
    examples.add_argument("--group-column", metavar="COL", help="column of each example's group (in the first file; an empty cell is an error)")
    examples.add_argument("--top-k", type=int, default=None, help="examples kept with the largest values")
    run = parser.add_argument_group("reading")
    run.add_argument("--format", choices=sorted(set(readers.FORMATS.values())), help="file format (default: from the extension, a .gz after it read as gzip; tsv: tab-separated)")
    run.add_argument("--batch-size", type=int, default=65536, help="rows read at once (default %(default)s)")
    run.add_argument("--progress", choices=("auto", "on", "off"), default="auto",
                     help="progress bars on stderr (tqdm) where a measure shows them; auto: when stderr is a terminal")
    shared = {action.dest for action in parser._actions}
    for measure, module in modules.items():
        _add_arguments(parser, measure, module, shared)
    owned = {dest for module in modules.values() for dest in module.OPTIONS}
    defaults = {dest: parser.get_default(dest) for dest in owned}
    parser.set_defaults(run=functools.partial(run_log, modules=modules, defaults=defaults))
    return parser


def _add_arguments(parser: argparse.ArgumentParser, measure: str, module: Any, shared: set[str]) -> None:
    """A measure's own options, added to the one parser every measure shares (so their names are one namespace:
    a clash is said naming the measure); each must be in its OPTIONS, or other measures would take it."""
    before = len(parser._actions)
    taken = {action.dest for action in parser._actions}
    try:
        module.add_arguments(parser)
    except argparse.ArgumentError as e:
        raise TypeError("tb-bias log --measure %s: %s (option names are shared by every measure's; pick another, "
                        "or take the shared one)" % (measure, e)) from None
    added = parser._actions[before:]
    clashes = [a.dest for a in added if a.dest in taken]
    if clashes:  # two flags for one dest: one measure's option would set another's
        raise TypeError("tb-bias log --measure %s: its options %s are stored where another measure's or a shared "
                        "option's are (dest=)" % (measure, ", ".join(clashes)))
    unlisted = [a.dest for a in added if a.dest not in module.OPTIONS]
    unknown = [dest for dest in module.OPTIONS if dest not in shared and dest not in {a.dest for a in added}]
    if unlisted or unknown:
        raise TypeError("tb-bias log --measure %s: OPTIONS must list every option it adds (not: %s) and only "
                        "options that exist (not: %s)" % (measure, ", ".join(unlisted) or "-", ", ".join(unknown) or "-"))


def check_options(args: argparse.Namespace, own: tuple[str, ...], defaults: dict[str, Any]) -> None:
    """Mistakes in the shared options; another measure's options are a mistake, not silently ignored."""
    for dest, default in defaults.items():
        if dest not in own and getattr(args, dest, default) != default:
            raise DataError("--%s is not an option of --measure %s" % (dest.replace("_", "-"), args.measure))
    if args.batch_size < 1:
        raise DataError("--batch-size must be positive")


def run_log(args: argparse.Namespace, modules: dict[str, Any], defaults: dict[str, Any]) -> int:
    module = modules[args.measure]
    check_options(args, module.OPTIONS, defaults)
    return module.run(args, functools.partial(write, args))


def write(args: argparse.Namespace, summary: str, /, *arguments: Any, **options: Any) -> None:
    """The summary ``summary`` written at --logdir under --name, --step and --description, the input read
    and checked: the writer checks before it creates a file, so its ValueError leaves the logdir as it was;
    so does an OSError of a logdir it cannot create or write (read-only, say), said in one line rather
    than a traceback."""
    from tb_bias_plugin import summary as summaries

    try:
        with summaries.Writer(args.logdir) as writer:
            writer.write_summary(summary, args.name, *arguments, step=args.step, description=args.description,
                                 **options)
    except ValueError as e:
        raise DataError(str(e))
    except OSError as e:
        raise DataError("--logdir %s: cannot write there (%s)" % (args.logdir, e.strerror or e))
