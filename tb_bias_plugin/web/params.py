"""Parsing and validating HTTP query parameters into clear 400 errors."""

import math
import re
from urllib.parse import unquote_to_bytes

from tb_bias_plugin.core.validation import INT64_RANGE as STEP_RANGE  # TensorBoard's steps
from tb_bias_plugin.core.validation import MAX_NAME  # the routes take it from here too

MAX_QUERY_STRING = 256 * 1024
MAX_VALUE_LENGTH = 4096
# Numbers as a client writes them: ASCII digits, no spaces, underscores or signs Python's int() and float()
# would also take ('\u0663' read as 3, ' 3\n', '1_0' as 10).
_INTEGER = re.compile(r"-?[0-9]+")
_NUMBER = re.compile(r"-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")


class HttpError(Exception):
    """An error answered as ``{"error": message}`` with ``status``."""

    def __init__(self, status, message, **extra):
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


class ClientError(ValueError):
    """A request this data cannot answer (400); the message says why."""


def bad_request(message):
    return HttpError(400, message)


class Params:
    """Typed access to a request's query parameters (a werkzeug MultiDict)."""

    def __init__(self, args, query_string=b""):
        if len(query_string) > MAX_QUERY_STRING:
            raise bad_request("query string is longer than %d bytes" % MAX_QUERY_STRING)
        _check_utf8(query_string)
        self._args = args
        for name, value in args.items(multi=True):
            if len(value) > MAX_VALUE_LENGTH:
                raise HttpError(400, "parameter %r is longer than %d characters" % (name, MAX_VALUE_LENGTH),
                                parameter=name)

    def string(self, name, default=None, *, required=False, max_length=MAX_VALUE_LENGTH, keep_empty=False):
        """The one value of ``name``; absent, or empty (``tag2=``) unless ``keep_empty``, is ``default``."""
        values = self._args.getlist(name)
        if not values:
            if required:
                raise bad_request("missing required parameter %r" % name)
            return default
        if len(values) > 1:
            raise bad_request("parameter %r was given %d times; give it once" % (name, len(values)))
        value = values[0]
        if len(value) > max_length:
            raise HttpError(400, "parameter %r is longer than %d characters" % (name, max_length), parameter=name)
        if not value:
            if required:
                raise bad_request("parameter %r must not be empty" % name)
            return value if keep_empty else default
        return value

    def strings(self, name, *, max_count, max_length=MAX_VALUE_LENGTH):
        values = self._args.getlist(name)
        if len(values) > max_count:
            raise bad_request("at most %d %r parameters are allowed, got %d" % (max_count, name, len(values)))
        if any(len(value) > max_length for value in values):
            raise HttpError(400, "parameter %r is longer than %d characters" % (name, max_length), parameter=name)
        return values

    def integer(self, name, default, *, low, high):
        text = self.string(name)
        if text is None or text == "":
            return default
        if not _INTEGER.fullmatch(text):
            raise bad_request("parameter %r must be an integer, got %r" % (name, text[:100]))
        value = int(text, 10)
        if not low <= value <= high:
            raise bad_request("parameter %r must be between %d and %d, got %d" % (name, low, high, value))
        return value

    def number(self, name, default, *, low=None, high=None):
        text = self.string(name)
        if text is None or text == "":
            return default
        value = parse_number(text, name)
        if (low is not None and value < low) or (high is not None and value > high):
            raise bad_request(
                "parameter %r must be between %s and %s, got %s"
                % (name, "-inf" if low is None else low, "inf" if high is None else high, text[:100])
            )
        return value

    def run_tag_step(self):
        """The ``run``, ``tag`` and optional ``step`` every data route takes."""
        run = self.string("run", required=True, max_length=MAX_NAME)
        tag = self.string("tag", required=True, max_length=MAX_NAME)
        return run, tag, self.integer("step", None, low=STEP_RANGE[0], high=STEP_RANGE[1])

    def second_run_tag_step(self, run, tag):
        """The ``run2``, ``tag2`` and optional ``step2`` of a route that compares two records: ``run2``
        defaults to ``run`` (required when ``run`` is None), ``tag2`` to ``tag``."""
        run_b = self.string("run2", run, required=run is None, max_length=MAX_NAME)
        tag_b = self.string("tag2", tag, max_length=MAX_NAME)
        return run_b, tag_b, self.integer("step2", None, low=STEP_RANGE[0], high=STEP_RANGE[1])

    def flag(self, name):
        text = self.string(name)
        if text is None or text in ("", "0", "false"):
            return False
        if text in ("1", "true"):
            return True
        raise bad_request("parameter %r must be 0 or 1, got %r" % (name, text[:100]))

    def choice(self, name, choices, default):
        text = self.string(name)
        if text is None or text == "":
            return default
        if text not in choices:
            raise bad_request(
                "parameter %r must be one of %s, got %r" % (name, ", ".join(choices), text[:100])
            )
        return text


def _check_utf8(query_string):
    """Refuse a name or value whose %-escapes are not UTF-8: werkzeug keeps ``%ff`` as the text "%FF",
    which would be looked up as a run or label of that name."""
    for part in query_string.split(b"&"):
        name = part.partition(b"=")[0]
        try:
            unquote_to_bytes(part.replace(b"+", b" ")).decode("utf-8")
        except UnicodeDecodeError:
            shown = unquote_to_bytes(name.replace(b"+", b" ")).decode("utf-8", "replace")[:100]
            raise HttpError(400, "parameter %r is not UTF-8 once its %%-escapes are decoded" % shown, parameter=shown)


def parse_number(text, name):
    try:
        value = float(text)
    except ValueError:
        value = None
    if value is not None and not math.isfinite(value):
        raise bad_request("parameter %r must be a finite number, got %r" % (name, text[:100]))
    if value is None or not _NUMBER.fullmatch(text):
        raise bad_request("parameter %r must be a number, got %r" % (name, text[:100]))
    return value


def parse_range(text):
    """``COLUMN:LOW:HIGH`` with optional bounds -> (column, low, high)."""
    parts = text.rsplit(":", 2)
    if len(parts) != 3 or not parts[0]:
        raise bad_request("parameter 'range' must look like COLUMN:LOW:HIGH, got %r" % text[:200])
    column, low, high = parts
    low = parse_number(low, "range") if low else None
    high = parse_number(high, "range") if high else None
    if low is not None and high is not None and low > high:
        raise bad_request("range %r has LOW above HIGH" % text[:200])
    return column, low, high
