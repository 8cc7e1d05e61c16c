"""Label search with RE2 patterns, in time linear in the labels' length.

Python's `re` backtracks, so a pattern such as ``(a+)+$`` can hang a server
thread; RE2 cannot. Calling RE2 once per label costs microseconds of Python
overhead each, so the labels are searched as one newline-joined text and
only the matching labels cost a call.
"""

import bisect
import collections
import threading

import numpy as np
import re2

MAX_PATTERN_LENGTH = 1000
# RE2's memory budget for one compiled pattern; larger programs fail to
# compile (a 400 for the user) instead of growing.
_MAX_MEM = 8 << 20
_METACHARACTERS = frozenset(".^$*+?{}[]\\|()")
# Patterns whose meaning depends on where the text starts or ends (not the
# label) are matched label by label instead.
_WHOLE_TEXT_SYNTAX = ("\\A", "\\z", "(?-", "(?s", "(?U")


class PatternError(ValueError):
    """The pattern is not valid RE2 syntax or is too large."""


class LabelSearch:
    """Search one table's labels; masks of recent patterns are cached.

    Examples
    --------
    >>> LabelSearch(["Long Hair", "Beard", "Hairnet"]).mask("hair$").tolist()
    [True, False, False]
    """

    def __init__(self, labels, cache_size=32):
        # A newline inside a label would split the joined text; every search
        # sees it as a space.
        self._labels = [label.replace("\n", " ") for label in labels]
        self._cache = collections.OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self._text = None
        self._folded = None

    def _joined(self):
        # Built on first regex search: most tables are never searched.
        if self._text is None:
            encoded = [label.encode("utf-8") for label in self._labels]
            starts = np.zeros(len(encoded) + 1, dtype=np.int64)
            np.cumsum([len(e) + 1 for e in encoded], out=starts[1:])
            self._starts = starts.tolist()
            self._text = b"\n".join(encoded)
        return self._text

    def mask(self, pattern, case_sensitive=False):
        """Boolean mask of the labels in which ``pattern`` occurs."""
        if not isinstance(pattern, str):
            raise PatternError("pattern must be a string")
        if len(pattern) > MAX_PATTERN_LENGTH:
            raise PatternError("pattern is longer than %d characters" % MAX_PATTERN_LENGTH)
        key = (pattern, bool(case_sensitive))
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key]
        result = self._search(pattern, case_sensitive)
        result.setflags(write=False)
        with self._lock:
            self._cache[key] = result
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return result

    def _search(self, pattern, case_sensitive):
        if not _METACHARACTERS.intersection(pattern):
            # A literal: plain substring search is linear and has no per-call cost.
            if case_sensitive:
                return np.fromiter((pattern in s for s in self._labels), bool, len(self._labels))
            if self._folded is None:
                self._folded = [s.casefold() for s in self._labels]
            needle = pattern.casefold()
            return np.fromiter((needle in s for s in self._folded), bool, len(self._labels))
        options = re2.Options()
        options.case_sensitive = bool(case_sensitive)
        options.never_nl = True
        options.max_mem = _MAX_MEM
        options.log_errors = False
        try:
            re2.compile(pattern, options)  # alone first, so wrapping cannot change its meaning
            if any(token in pattern for token in _WHOLE_TEXT_SYNTAX):
                regex = re2.compile(pattern, options)
                return np.fromiter(
                    (regex.search(s) is not None for s in self._labels), bool, len(self._labels)
                )
            regex = re2.compile("(?m:" + pattern + ")", options)
        except re2.error as e:
            reason = e.args[0] if e.args else "invalid"
            if isinstance(reason, bytes):
                reason = reason.decode("utf-8", "replace")
            raise PatternError("invalid RE2 pattern %r: %s" % (pattern, reason))
        text = self._joined()
        starts = self._starts
        found = np.zeros(len(self._labels), dtype=bool)
        pos, end = 0, len(text)
        while pos <= end:
            match = regex.search(text, pos)
            if match is None:
                break
            line = bisect.bisect_right(starts, match.start()) - 1
            found[line] = True
            pos = starts[line + 1]  # the next label; one hit per label is enough
        return found
