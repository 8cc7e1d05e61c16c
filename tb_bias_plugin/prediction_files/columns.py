"""A batch of one column of a prediction file, as Python values, and where a value is."""

from __future__ import annotations

from typing import Any

import numpy as np

from tb_bias_plugin.core.example_ids import BadId, id_strings
from tb_bias_plugin.prediction_files import DataError


def column_values(path: str, first: int, column: str, values: Any, missing: str | None = None) -> list:
    """A batch of one column as a list of Python values. A null (a JSON null, an empty Parquet cell)
    stays None, or, where ``missing`` says what the column holds (an example id, a group), is an
    error naming its row."""
    values = python(values)
    values = values.tolist() if isinstance(values, np.ndarray) else list(values)
    if missing is not None:
        bad = next((i for i, v in enumerate(values) if v is None), None)
        if bad is not None:
            raise DataError("%s: the %s is missing" % (where(path, first + bad, column), missing))
    return values


def id_values(path: str, first: int, column: str, values: Any) -> list[str]:
    """A batch of an example id column as the ids' text, each checked by the one id rule
    (`core.example_ids`: a CSV's text, a Parquet or JSON string or integer), a bad one named by its row."""
    try:
        return id_strings(column_values(path, first, column, values, "example id"))
    except BadId as e:
        raise DataError("%s: the example id %s" % (where(path, first + e.index, column), e.problem)) from None


def strings(path: str, first: int, column: str, values: Any, missing: str | None) -> list[str | None]:
    """A batch of a group, text or URI column as text (`column_values`: a null is None, not the text
    'None'). Where ``missing`` says what the column holds, a null or an empty text is an error naming its
    row: a CSV has no null, and its empty cell is how it writes one. Ids are `id_values`'."""
    texts = [None if v is None else str(v) for v in column_values(path, first, column, values, missing)]
    if missing is not None:
        bad = next((i for i, v in enumerate(texts) if v == ""), None)
        if bad is not None:
            raise DataError("%s: the %s is missing (empty)" % (where(path, first + bad, column), missing))
    return texts


def where(path: str, row: int | None = None, column: str | None = None) -> str:
    """``path, row N, column 'c'``: where in the input a value is."""
    parts = [str(path)]
    if row is not None:
        parts.append("row %d" % row)
    if column is not None:
        parts.append("column %r" % column)
    return ", ".join(parts)


def is_arrow(values: Any) -> bool:
    return type(values).__module__.startswith("pyarrow")


def python(values: Any) -> Any:
    """A column as a reader gave it, as Python values (Arrow arrays converted)."""
    return values.to_pylist() if is_arrow(values) else values
