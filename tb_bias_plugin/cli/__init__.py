"""The ``tb-bias`` command line (``pip install ".[cli]"``).

``tb-bias log``: read prediction files (Parquet, CSV, JSON Lines,
.npy/.npz) and log a measure's record to a TensorBoard logdir: a
label-association table (in process or on Apache Beam) by default. It
sits on top of the layers, like ``demo``, and reaches each measure's
``cli`` module through the registry.
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
from typing import Sequence

from tb_bias_plugin import __version__
from tb_bias_plugin.prediction_files import DataError

__all__ = ["DataError", "main", "parser"]


def parser() -> argparse.ArgumentParser:
    """The ``tb-bias`` argument parser, with every subcommand."""
    from tb_bias_plugin.cli import log

    top = argparse.ArgumentParser(
        prog="tb-bias",
        description="tb-bias: find the biases a model has learned, without ground-truth labels. "
        "Log prediction files to a TensorBoard logdir and open the Bias tab with "
        "`tensorboard --logdir LOGDIR`.",
        epilog="Run `tb-bias COMMAND --help` for a command's options.",
    )
    top.add_argument("--version", action="version", version="tb-bias %s" % __version__)
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    log.add_parser(commands)
    return top


def _not_beams_import_note(record: logging.LogRecord) -> bool:
    """False for the warning Apache Beam logs to the root logger whenever it is imported without Google's
    apitools ("apitools not found, and bigquery client libraries are not available..."): every --beam-runner
    run printed it, and nothing in it is for a user of this command to act on."""
    return not record.getMessage().startswith("apitools not found")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tb-bias``; returns the exit status (2 for bad input, nothing written; 130 for Ctrl-C)."""
    root = logging.getLogger()
    root.addFilter(_not_beams_import_note)
    try:
        return _run(argv)
    finally:
        root.removeFilter(_not_beams_import_note)


def _run(argv: Sequence[str] | None) -> int:
    try:
        args = parser().parse_args(argv)
    except KeyboardInterrupt:  # while the parser imports every measure's command line: the command is argv's
        words = sys.argv[1:] if argv is None else list(argv)
        command = next((word for word in words if not word.startswith("-")), None)
        print("tb-bias%s: interrupted" % (" " + command if command else ""), file=sys.stderr)
        return 130
    try:
        return args.run(args)
    except KeyboardInterrupt:
        print("tb-bias %s: interrupted" % args.command, file=sys.stderr)
        return 130
    except DataError as e:
        # Beam re-raises a worker's error with the step it ran in appended: noise beside a file's row
        message = re.sub(r" \[while running '[^']*'\]", "", str(e))
        print("tb-bias %s: error: %s (nothing was written)" % (args.command, message), file=sys.stderr)
        return 2
