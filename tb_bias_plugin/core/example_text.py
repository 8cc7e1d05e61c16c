"""The text and URI logged beside an example: one limit and one rule for every measure.

Association samples (``example_text=``, ``example_uris=``), DIPDI's top
examples and sensitivity's retained examples keep, per example, a short
text and a URI, each cut to its first `MAX_TEXT_CHARS` characters (Python
characters, i.e. code points); a missing one is stored as "". The server
never fetches a URI; the tab shows it as a link only when it is http(s).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tb_bias_plugin.core.validation import first_bad_text

#: Text and URIs kept per example, in characters (longer ones are cut).
MAX_TEXT_CHARS = 200


def shorten(value: Any) -> str:
    """A checked text or URI as stored: "" for None, else its first `MAX_TEXT_CHARS` characters.

    Examples
    --------
    >>> shorten(None), len(shorten("x" * 500))
    ('', 200)
    """
    return "" if value is None else value[:MAX_TEXT_CHARS]


def shorten_all(values: list) -> list[str]:
    """`shorten` of each of ``values``; checked in C first, since a sample
    stores tens of thousands, usually none or all short.

    Examples
    --------
    >>> shorten_all([None, "x" * 500, "y"]) == ["", "x" * MAX_TEXT_CHARS, "y"]
    True
    """
    if values.count(None) == len(values):
        return [""] * len(values)
    if None not in values and max(map(len, values), default=0) <= MAX_TEXT_CHARS:
        return values
    return [shorten(v) for v in values]


def check_strings(values: Any, n: int, what: str) -> list[str | None] | None:
    """Per-example text or URIs: None, or n strings (None or "" for none); else ValueError.

    Examples
    --------
    >>> check_strings(["a", None], 2, "example_text")
    ['a', None]
    >>> check_strings(["a"], 2, "example_text")
    Traceback (most recent call last):
    ...
    ValueError: example_text has 1 entries but there are 2 examples
    """
    if values is None:
        return None
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise ValueError("%s must be a sequence of strings, one per example, got %r" % (what, type(values).__name__))
    values = values.tolist() if isinstance(values, np.ndarray) else list(values)
    if len(values) != n:
        raise ValueError("%s has %d entries but there are %d examples" % (what, len(values), n))
    if not set(map(type, values)) <= {str, type(None)}:
        i = next(i for i, v in enumerate(values) if not (v is None or isinstance(v, str)))
        raise ValueError("%s[%d] must be a string or None, got %r" % (what, i, type(values[i]).__name__))
    given = [v for v in values if v is not None]
    bad = first_bad_text(given, nul=False)
    if bad is not None:
        raise ValueError("%s[%d] %s" % (what, values.index(given[bad[0]]), bad[1]))
    return values


def short_strings(values: Any, n: int, what: str) -> list[str] | None:
    """`check_strings`, then each cut by `shorten` (None stays None: nothing given)."""
    checked = check_strings(values, n, what)
    return None if checked is None else [shorten(v) for v in checked]


def check_stored(values: Any, n: int, what: str) -> None:
    """A record's stored texts or URIs: none, or one per example, each at most `MAX_TEXT_CHARS`."""
    if len(values) not in (0, n):
        raise ValueError("%s has %d entries for %d examples" % (what, len(values), n))
    if max(map(len, values), default=0) > MAX_TEXT_CHARS:  # in C: a long run checks every step's
        raise ValueError("%s holds a string longer than %d characters" % (what, MAX_TEXT_CHARS))
