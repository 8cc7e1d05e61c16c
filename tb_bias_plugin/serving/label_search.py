"""Label search with RE2 patterns, in time linear in the labels' length.

Python's `re` backtracks, so a pattern such as ``(a+)+$`` can hang a server
thread; RE2 cannot. Calling RE2 once per label costs microseconds of Python
overhead each, so the labels are searched as one newline-joined text and
only the matching labels cost a call.
"""

import bisect
import re
import time

import numpy as np
import re2

from tb_bias_plugin.core.lru import LRU
from tb_bias_plugin.web.params import ClientError

MAX_PATTERN_LENGTH = 1000

# RE2's memory budget for one compiled pattern; larger programs fail to
# compile (a 400 for the user) instead of growing.
_MAX_MEM = 8 << 20
# RE2 is linear in the text, but the constant can grow with the program:
# once its DFA outgrows the memory budget it falls back to an automaton
# whose cost per byte is proportional to the program's size, and a short
# pattern such as (.*){1000} then takes a minute on 100k labels (while
# Unicode classes make large programs that stay fast). So a search stops
# with an error once it has used SEARCH_SECONDS of its own thread's CPU
# time (not wall time: waiting for the GIL or the CPU under load must not
# turn an ordinary pattern into "too slow"), checked between chunks of
# label text; a chunk holds CHUNK_BYTES for programs up to CHUNK_PROGRAM
# instructions, proportionally less for larger ones, so that even the
# slow automaton finishes a chunk in well under a second.
SEARCH_SECONDS = 2.0
#: How long a pattern found too slow is refused at once, without searching.
REJECTED_SECONDS = 600.0
CHUNK_BYTES = 1 << 16
CHUNK_PROGRAM = 256
_METACHARACTERS = frozenset(".^$*+?{}[]\\|()")
# Syntax whose meaning depends on where the joined text starts or ends, or
# that can match the newline between labels: \A, \z, \C (any byte), and
# flag groups that turn multi-line mode off or let "." match newlines.
_WHOLE_TEXT_SYNTAX = re.compile(r"\\[AzC]|\(\?[a-zA-Z]*(?:-[a-zA-Z]*|s[a-zA-Z]*)[:)]")


class PatternError(ClientError):
    """The pattern is not valid RE2 syntax or is too large."""


class TooSlow(PatternError):
    """The search used up its CPU budget; the pattern is refused for a while."""


class LabelSearch:
    """Search one table's labels; masks of recent patterns are cached.

    Examples
    --------
    >>> LabelSearch(["Long Hair", "Beard", "Hairnet"]).mask("hair$").tolist()
    [True, False, False]
    """

    def __init__(self, labels, cache_size=32, *, seconds=None, chunk_bytes=None, clock=time.thread_time):
        # A newline inside a label would split the joined text; every search
        # sees it as a space.
        self._labels = [label.replace("\n", " ") for label in labels]
        self._cache = LRU(cache_size)
        self._rejected = LRU(256)  # (pattern, case) -> (monotonic time, error)
        self._clock = clock
        self._text = None
        self._lowered = None
        self._seconds = seconds  # None: SEARCH_SECONDS, read when searching
        self._chunk_bytes = chunk_bytes  # None: CHUNK_BYTES

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
        result = self._cache.get(key)
        if result is None:
            rejected = self._rejected.get(key)
            if rejected is not None and time.monotonic() - rejected[0] < REJECTED_SECONDS:
                raise rejected[1]
            try:
                result = self._search(pattern, case_sensitive)
            except TooSlow as error:
                self._rejected.put(key, (time.monotonic(), error))
                raise
            result.setflags(write=False)
            self._cache.put(key, result)
        return result

    def _search(self, pattern, case_sensitive):
        n = len(self._labels)
        if not _METACHARACTERS.intersection(pattern):
            # A literal: plain substring search is linear and has no per-call cost.
            if case_sensitive:
                return np.fromiter((pattern in s for s in self._labels), bool, n)
            if self._lowered is None:
                self._lowered = [s.lower() for s in self._labels]
            needle = pattern.lower()
            return np.fromiter((needle in s for s in self._lowered), bool, n)
        options = re2.Options()
        options.case_sensitive = bool(case_sensitive)
        options.never_nl = True
        options.max_mem = _MAX_MEM
        options.log_errors = False
        try:
            regex = re2.compile(pattern, options)  # alone first, so wrapping cannot change its meaning
            whole_text_syntax = _WHOLE_TEXT_SYNTAX.search(pattern) is not None
            if not whole_text_syntax:
                regex = re2.compile("(?m:" + pattern + ")", options)
        except re2.error as e:
            reason = e.args[0] if e.args else "invalid"
            if isinstance(reason, bytes):
                reason = reason.decode("utf-8", "replace")
            raise PatternError("invalid RE2 pattern %r: %s" % (pattern, reason))
        seconds = SEARCH_SECONDS if self._seconds is None else self._seconds
        deadline = self._clock() + seconds
        found = np.zeros(n, dtype=bool)
        if whole_text_syntax:
            step = 1000
            for lo in range(0, n, step):
                if lo:
                    self._check_time(deadline, seconds, pattern, lo)
                for i in range(lo, min(n, lo + step)):
                    found[i] = regex.search(self._labels[i]) is not None
            return found
        size = max(CHUNK_PROGRAM, getattr(regex, "programsize", CHUNK_PROGRAM))
        chunk_bytes = max(1, (self._chunk_bytes or CHUNK_BYTES) * CHUNK_PROGRAM // size)
        text = self._joined()
        starts = self._starts
        next_match = _match_finder(regex, text)
        first = 0
        while first < n:
            # Labels [first, last) in one chunk; matches cannot cross the
            # newlines between labels, so chunking changes no result.
            last = max(first + 1, bisect.bisect_left(starts, starts[first] + chunk_bytes, first, n))
            pos, end = starts[first], starts[last] - 1
            while pos <= end:
                start = next_match(pos, end)
                if start < 0:
                    break
                line = bisect.bisect_right(starts, start) - 1
                found[line] = True
                pos = starts[line + 1]  # the next label; one hit per label is enough
            first = last
            if first < n:
                self._check_time(deadline, seconds, pattern, first)
        return found

    def _check_time(self, deadline, seconds, pattern, searched):
        if self._clock() > deadline:
            raise TooSlow(
                "pattern %r is too slow: it searched %d of %d labels in %g s of CPU time; simplify it"
                % (pattern[:100], searched, len(self._labels), seconds)
            )


def _match_finder(regex, text):
    """A function from a span ``(pos, end)`` of ``text`` to the start of the
    next match in it (-1 if none); the whole text stays the context of ``^``,
    ``$`` and ``\\b``. Uses google-re2's compiled program directly when
    present: its public ``search`` builds a match object per call, which
    dominates when most labels match."""
    compiled = getattr(regex, "_regexp", None)
    anchor = getattr(getattr(getattr(re2, "_re2", None), "RE2", None), "Anchor", None)
    if compiled is not None and anchor is not None and hasattr(compiled, "Match"):
        match, unanchored = compiled.Match, anchor.UNANCHORED
        return lambda pos, end: match(unanchored, text, pos, end)[0][0]

    def public(pos, end):
        found = regex.search(text, pos, end)
        return -1 if found is None else found.start()

    return public
