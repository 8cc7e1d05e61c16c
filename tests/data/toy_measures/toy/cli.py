"""The toy's ``tb-bias log --measure toy``: the sum of a column of counts, logged as one toy count."""

from tb_bias_plugin.prediction_files import DataError, paths, readers
from tb_bias_plugin.prediction_files.columns import column_values, where

OPTIONS = ("count_column",)
DESCRIPTION = "--measure toy: the sum of --count-column, logged as one toy count.\n"
EXAMPLES = "  tb-bias log --measure toy clicks.csv --logdir logs --name clicks --count-column n\n"


def add_arguments(parser):
    group = parser.add_argument_group("toy (--measure toy)")
    group.add_argument("--count-column", metavar="COL", help="the column of counts to add up")


def run(args, write):
    if not args.count_column:
        raise DataError("--measure toy needs --count-column COL")
    paths.check_output(args, beam=False)
    total = 0
    for path in paths.expand_all(args.files):
        fmt = readers.file_format(path, args.format)
        for first, batch in readers.read(path, fmt, [args.count_column], args.batch_size):
            values = column_values(path, first, args.count_column, batch[args.count_column], "count")
            for i, value in enumerate(values):
                try:
                    total += int(value)
                except ValueError:
                    raise DataError("%s: %r is not a count" % (where(path, first + i, args.count_column), value))
    write("toy_count", total)
    return 0
