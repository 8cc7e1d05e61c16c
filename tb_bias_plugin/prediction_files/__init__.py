"""Prediction files as ``tb-bias log`` reads them, for every measure.

`paths` finds and opens files (local, or remote through Apache Beam) and
checks the output options; `readers` reads Parquet, CSV, JSON Lines and
.npy/.npz in batches of columns; `columns` turns a batch's column into
Python values and says where a value is. A measure's own options and
conversions are its ``cli`` module (docs/architecture.md). Any mistake
in the input is a `DataError` naming the file, the row and the column.
"""

from __future__ import annotations

__all__ = ["DataError"]


class DataError(ValueError):
    """Bad input (a file, row, column, value or option); the message says which."""
