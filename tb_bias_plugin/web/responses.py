"""JSON and CSV answers."""

from __future__ import annotations

import json
import math
import re
import urllib.parse
from typing import Any

import numpy as np
from tensorboard.backend import http_util

# Text cells starting with these (after any spaces or NULs, which some
# spreadsheets skip) are formulas to a spreadsheet; full-width forms too.
_FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def json_value(value: Any) -> float | None:
    """A JSON-safe number: NaN and infinities become None."""
    if value is None:
        return None
    value = float(value)
    return value if math.isfinite(value) else None


def json_list(values: Any) -> list:
    """A numeric array as a JSON-safe list (NaN and infinities become None);
    one vectorised pass, for the many values of a page."""
    array = np.asarray(values, dtype=np.float64)
    out = array.tolist()
    for i in np.flatnonzero(~np.isfinite(array)).tolist():
        out[i] = None
    return out


def json_counts(values: Any) -> list:
    """Counts as a JSON list: whole numbers as ints, expected counts (from
    identity probabilities) as they are; None where there is no count."""
    array = np.asarray(values)
    if array.dtype.kind in "iub":
        return array.astype(np.int64).tolist()
    array = array.astype(np.float64)
    out = json_list(array)
    for i in np.flatnonzero(np.isfinite(array) & (array == np.round(array))).tolist():
        out[i] = int(array[i])
    return out


def json_text(body: Any) -> str:
    """``body`` as compact JSON (NaN is not JSON: callers pass None)."""
    return json.dumps(body, separators=(",", ":"), allow_nan=False)


def respond(request: Any, body: Any, code: int = 200) -> Any:
    """``body`` as JSON; a str is taken as JSON text already encoded."""
    return http_util.Respond(request, body if isinstance(body, str) else json_text(body), "application/json", code=code)


def csv_text(text: str) -> str:
    """Neutralise spreadsheet formulas in a text cell."""
    return "'" + text if text.lstrip(" \x00").startswith(_FORMULA_PREFIXES) else text


def csv_number(value: Any) -> str:
    value = float(value)
    return repr(value) if math.isfinite(value) else ""


def respond_csv(request: Any, text: str, filename: str) -> Any:
    """``text`` as a CSV download named ``filename``."""
    response = http_util.Respond(request, text, "text/csv; charset=utf-8")
    ascii_name = re.sub(r"[^A-Za-z0-9._-]+", "_", filename)
    response.headers["Content-Disposition"] = "attachment; filename=\"%s\"; filename*=UTF-8''%s" % (
        ascii_name,
        urllib.parse.quote(filename, safe=""),
    )
    return response
