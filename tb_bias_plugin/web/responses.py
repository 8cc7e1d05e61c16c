"""JSON and CSV answers."""

from __future__ import annotations

import math
import re
import urllib.parse
from typing import Any

import numpy as np
import orjson
from tensorboard.backend import http_util

from tb_bias_plugin.storage.values import MAX_COUNT

# Text cells starting with these (after any spaces or NULs, which some
# spreadsheets skip) are formulas to a spreadsheet; full-width forms too.
_FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def json_value(value: Any) -> float | None:
    """A JSON-safe number: NaN and infinities become None."""
    if value is None:
        return None
    value = float(value)
    return value if math.isfinite(value) else None


def json_list(values: Any, digits: int | None = None) -> list:
    """A numeric array as a JSON-safe list (NaN and infinities become None);
    one vectorised pass, for the many values of a page. With ``digits``,
    each number is rounded to that many significant digits, which also
    makes its JSON text short (see `round_significant`)."""
    array = np.asarray(values, dtype=np.float64)
    if digits is not None:
        array = round_significant(array, digits)
    out = array.tolist()
    for i in np.flatnonzero(~np.isfinite(array)).tolist():
        out[i] = None
    return out


def round_significant(values: Any, digits: int, rounding: Any = np.round) -> np.ndarray:
    """``values`` rounded to ``digits`` significant digits (``rounding``:
    `np.round`, or `np.floor` / `np.ceil` to round down or up).

    Scaling by an exact power of ten, rounding, and scaling back gives the
    double nearest the rounded decimal, whose shortest text is that decimal:
    ``0.12345678`` becomes ``0.1234568``, not ``0.12345680000000001``.

    Examples
    --------
    >>> round_significant(np.array([0.123456789, -98765.4321, 3e-12, 0.0]), 4).tolist()
    [0.1235, -98770.0, 3e-12, 0.0]
    >>> round_significant(np.array([0.123456789, -0.123456789]), 4, np.floor).tolist()
    [0.1234, -0.1235]
    >>> float(round_significant(0.30000000000000004, 1, np.ceil))  # never inside
    0.4
    """
    array = np.asarray(values, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        magnitude = np.floor(np.log10(np.abs(array)))
        shift = np.where(np.isfinite(magnitude), digits - 1 - magnitude, 0)
        up = np.clip(shift, 0, 22)  # powers of ten up to 1e22 are exact doubles
        down = np.clip(-shift, 0, 22)
        scaled = rounding(array * 10.0**up / 10.0**down)
        out = scaled / 10.0**up * 10.0**down
        # The scaled product is itself rounded, so it can land on a whole
        # number from the wrong side: one step further keeps a bound a bound.
        step = {np.floor: -1.0, np.ceil: 1.0}.get(rounding)
        if step is not None:
            wrong = (out > array) if step < 0 else (out < array)
            if wrong.any():
                scaled = np.where(wrong, scaled + step, scaled)
                out = scaled / 10.0**up * 10.0**down
    # beyond 22 decimals either way the scaling is not exact: kept as they are
    return np.where(np.isfinite(out) & (np.abs(shift) <= 22), out, array)


def json_counts(values: Any) -> list:
    """Counts as a JSON list: whole numbers as ints, expected counts (from
    identity probabilities) as they are; None where there is no count.

    A float count stays a float past `storage.values.MAX_COUNT` (2**53),
    where doubles no longer hold every whole number.

    Examples
    --------
    >>> json_counts(np.array([3.0, 2.5, np.nan, 1e20]))
    [3, 2.5, None, 1e+20]
    """
    array = np.asarray(values)
    if array.dtype.kind in "iub":
        return array.astype(np.int64).tolist()
    array = array.astype(np.float64)
    out = json_list(array)
    whole = np.isfinite(array) & (array == np.round(array)) & (np.abs(array) <= MAX_COUNT)
    for i in np.flatnonzero(whole).tolist():
        out[i] = int(array[i])
    return out


def json_text(body: Any) -> bytes:
    """``body`` as compact UTF-8 JSON. orjson writes a page of numbers ten
    times faster than the standard library, which was a third of a busy
    server's time; NaN is not JSON, and callers pass None for it."""
    return orjson.dumps(body, option=orjson.OPT_SERIALIZE_NUMPY)


def respond(request: Any, body: Any, code: int = 200) -> Any:
    """``body`` as JSON; bytes are taken as JSON text already encoded."""
    return http_util.Respond(request, body if isinstance(body, bytes) else json_text(body), "application/json", code=code)


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
