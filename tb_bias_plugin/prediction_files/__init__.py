"""Prediction files as ``tb-bias log`` reads them, for every measure.

`paths` finds and opens files (local, or remote through Apache Beam) and
checks the output options; `readers` reads Parquet, CSV, JSON Lines and
.npy/.npz in batches of columns; `columns` turns a batch's column into
Python values and says where a value is. A measure's own options and
conversions are its ``cli`` module (docs/architecture.md). Any mistake
in the input is a `DataError` naming the file, the row and the column.
"""

from __future__ import annotations

import re

__all__ = ["DataError"]


class DataError(ValueError):
    """Bad input (a file, row, column, value or option); the message says which."""

    @classmethod
    def in_traceback(cls, text: str) -> DataError | None:
        """The DataError a traceback's ``text`` shows, or None.

        A Beam worker in another process (any runner but the in-process
        DirectRunner) hands its error back only as its traceback's text, in
        a RuntimeError or the runner's own error; Python prints the error's
        line there as ``tb_bias_plugin.prediction_files.DataError: message``.
        The first such line is the error as raised, before Beam appended the
        step it ran in.

        Examples
        --------
        >>> DataError.in_traceback("Traceback ...\\ntb_bias_plugin.prediction_files.DataError: p.csv, row 2: bad\\n")
        DataError('p.csv, row 2: bad')
        """
        found = _IN_TRACEBACK.search(text)
        return None if found is None else cls(found.group(1))


#: How a traceback shows a DataError's line (before its message): the one mark of it in a worker's text.
TRACEBACK_LINE = "%s.%s: " % (DataError.__module__, DataError.__qualname__)
_IN_TRACEBACK = re.compile(r"^%s(.+)$" % re.escape(TRACEBACK_LINE), re.M)
