"""Label search with RE2 patterns, in time linear in the labels' length.

Python's `re` backtracks, so a pattern such as ``(a+)+$`` can hang a server
thread; RE2 cannot. The labels are matched by Arrow's RE2 kernel, one call
per chunk of labels: it costs no Python per label and releases the GIL, so
one user's search does not stall every other request of the server.

Most patterns hold a literal that every match must contain ("tree" in
``tree \\d*3$``). Such a search first finds the labels holding that literal
with a vectorised byte search, which is several times faster than running
the program on every label, then runs the pattern on those labels only: the
answer is the same, since a label without the literal cannot match.

A shared service of the shell (docs/architecture.md, "Shared services"):
measures' routes get a record's search through ``Services.label_search``
and never import this module.
"""

import concurrent.futures
import copy
import os
import re
import threading
import time

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from tb_bias_plugin.core.lru import LRU
from tb_bias_plugin.web.params import ClientError, HttpError

MAX_PATTERN_LENGTH = 1000

# One empty label: Arrow compiles a pattern only when it has a value to match.
_PROBE = pa.array([""], type=pa.large_string())
_REPETITION = re.compile(r"\{(\d+)(?:,(\d*))?\}")
_MAX_ESTIMATE = 1 << 20
# RE2 is linear in the text, but the constant can grow with the program:
# once its DFA outgrows the memory budget it falls back to an automaton
# whose cost per byte is proportional to the program's size, and a short
# pattern such as (.*){1000} then takes a minute on 100k labels (while
# Unicode classes make large programs that stay fast). So a search stops
# with an error once it has used SEARCH_SECONDS of its own thread's CPU
# time (not wall time: waiting for the GIL or the CPU under load must not
# turn an ordinary pattern into "too slow"), checked between chunks of
# labels; a chunk holds CHUNK_BYTES of label text for programs up to
# CHUNK_PROGRAM instructions, proportionally less for larger ones, so that
# even the slow automaton finishes a chunk in well under a second.
SEARCH_SECONDS = 2.0
# Under many concurrent searches each thread gets a sliver of the CPU, and
# twenty slow patterns at once each took 40 s to spend its 2 s. So a search
# also stops once SEARCH_WALL_SECONDS have passed on the wall clock: that
# says the server is busy, not that the pattern is slow, so it is a 503 to
# try again, and the pattern is not refused for it.
SEARCH_WALL_SECONDS = 5.0
#: How long a pattern found too slow is refused at once, without searching.
REJECTED_SECONDS = 600.0
CHUNK_BYTES = 1 << 16
CHUNK_PROGRAM = 256
#: CPU time a chunk after the first is sized to take, and its size's cap.
CHUNK_SECONDS = 0.01
MAX_CHUNK_GROWTH = 1024
#: Tables with at least this many labels are searched by SEARCH_THREADS threads.
PARALLEL_LABELS = 200_000
SEARCH_THREADS = min(4, os.cpu_count() or 1)
_METACHARACTERS = frozenset(".^$*+?{}[]\\|()")
# Characters a case-insensitive literal may hold: RE2 folds each only with
# characters that lower-case to the same one (s also folds with the long s,
# which lower-cases to itself; a test checks every code point).
_FOLD_SAFE = frozenset(chr(c) for c in range(0x20, 0x7F)) - set("sS")
# Escapes that match a class or an assertion, never a fixed character.
_CLASS_ESCAPES = frozenset("dDsSwWbBAz")
# A leading group of flags that leave which labels match unchanged, but i.
_LEADING_FLAGS = re.compile(r"\(\?([imsU]+)\)")
# A literal shorter than this rarely narrows the labels enough to pay.
_MIN_LITERAL = 2
# Past this share of candidates in a chunk, the pattern runs on the whole chunk.
_CANDIDATE_SHARE = 0.5


class PatternError(ClientError):
    """The pattern is not valid RE2 syntax or is too large."""

    #: the request parameter at fault, said in the answer (the tab drops a link's refused search alone)
    parameter = "q"


class TooSlow(PatternError):
    """The search used up its CPU budget; the pattern is refused for a while."""


class LabelSearch:
    """Search one table's labels; masks of recent patterns are cached.

    Examples
    --------
    >>> LabelSearch(["Long Hair", "Beard", "Hairnet"]).mask("hair$").tolist()
    [True, False, False]
    """

    def __init__(self, labels, cache_size=32, *, seconds=None, chunk_bytes=None, clock=time.thread_time,
                 wall_clock=time.monotonic):
        # A newline inside a label would end RE2's "." and "$"; every search
        # sees it as a space.
        self._labels = [label.replace("\n", " ") for label in labels]
        self._cache = LRU(cache_size)
        self._rejected = LRU(256)  # (pattern, case) -> (monotonic time, error)
        self._clock = clock
        self._wall_clock = wall_clock
        self._array = None
        self._bytes = {}  # case_sensitive -> (label bytes, offsets, count of each byte value)
        self._seconds = seconds  # None: SEARCH_SECONDS, read when searching
        self._chunk_bytes = chunk_bytes  # None: CHUNK_BYTES

    def _arrow(self):
        # Built on first search: most tables are never searched.
        if self._array is None:
            array = pa.array(self._labels, type=pa.large_string())
            ends = np.frombuffer(array.buffers()[1], dtype=np.int64, count=len(array) + 1)
            self._array, self._ends = array, ends[1:] - ends[0]
        return self._array

    def _label_bytes(self, case_sensitive):
        """The labels' UTF-8 bytes (lower-cased unless ``case_sensitive``),
        their offsets, and each byte value's count there."""
        held = self._bytes.get(case_sensitive)
        if held is None:
            array = self._arrow() if case_sensitive else pc.utf8_lower(self._arrow())
            offsets = np.frombuffer(array.buffers()[1], dtype=np.int64, count=len(array) + 1)
            data = np.frombuffer(array.buffers()[2], dtype=np.uint8)[offsets[0]:offsets[-1]]
            held = data, offsets - offsets[0], np.bincount(data, minlength=256)
            self._bytes[case_sensitive] = held
        return held

    def _candidates(self, literals, case_sensitive, first, last):
        """Which labels of ``first:last`` hold one of ``literals``."""
        data, offsets, counts = self._label_bytes(case_sensitive)
        found = np.zeros(last - first, dtype=bool)
        start, end = int(offsets[first]), int(offsets[last])
        for literal in literals:
            want = np.frombuffer(literal.encode("utf-8"), dtype=np.uint8)
            m = len(want)
            order = np.argsort(counts[want], kind="stable")  # the rarest byte narrows most
            j = int(order[0])
            if end - start < m:  # longer than these labels' bytes (and a negative slice end would wrap)
                continue
            at = np.flatnonzero(data[start + j:end - m + 1 + j] == want[j]) + start
            for t in order[1:]:
                at = at[data[at + t] == want[t]]
            label = np.searchsorted(offsets, at, "right") - 1
            inside = at + m <= offsets[label + 1]  # not across two labels
            found[label[inside] - first] = True
        return found

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
                raise copy.copy(rejected[1])  # fresh: a stored traceback would grow and hold frames
            try:
                result = self._search(pattern, bool(case_sensitive))
            except TooSlow as error:
                self._rejected.put(key, (time.monotonic(), copy.copy(error)))
                raise
            result.setflags(write=False)
            self._cache.put(key, result)
        return result

    def _search(self, pattern, case_sensitive):
        if not _METACHARACTERS.intersection(pattern):
            # A literal: a substring search, which has no program to run.
            match, size = pc.match_substring, CHUNK_PROGRAM
        else:
            _check_pattern(pattern, case_sensitive)
            size, match = _program_estimate(pattern), pc.match_substring_regex
        required = required_literals(pattern, case_sensitive)
        array = self._arrow()
        if required is not None:
            self._label_bytes(not required[1])  # built here, not by each search thread
        n = len(array)
        seconds = SEARCH_SECONDS if self._seconds is None else self._seconds
        chunk_bytes = max(1, (self._chunk_bytes or CHUNK_BYTES) * CHUNK_PROGRAM // max(size, CHUNK_PROGRAM))
        found = np.zeros(n, dtype=bool)
        lock = threading.Lock()
        spent, searched = [0.0], [0]
        deadline = self._wall_clock() + SEARCH_WALL_SECONDS

        def run(span):
            first, last = span
            with lock:
                if searched[0] and spent[0] > seconds:
                    raise TooSlow(
                        "pattern %r is too slow: it searched %d of %d labels in %g s of CPU time; simplify it"
                        % (pattern[:100], searched[0], n, seconds)
                    )
                if searched[0] and self._wall_clock() > deadline:
                    raise HttpError(503, "label search stopped after %g s with %d of %d labels searched: the "
                                    "server is busy with other requests; try again" % (SEARCH_WALL_SECONDS,
                                                                                       searched[0], n),
                                    parameter="q")
            start = self._clock()  # CPU time of the thread that runs this chunk
            labels = array.slice(first, last - first)
            at = None
            if required is not None:
                literals, fold = required
                at = np.flatnonzero(self._candidates(literals, not fold, first, last))
                if len(at) > _CANDIDATE_SHARE * (last - first):
                    at = None
                else:
                    labels = labels.take(at)
            if len(labels):
                try:
                    chunk = match(labels, pattern, ignore_case=not case_sensitive)
                except pa.ArrowException as e:  # what RE2 accepted above, Arrow's build may not
                    raise PatternError("invalid RE2 pattern %r: %s" % (pattern, e))
                chunk = chunk.to_numpy(zero_copy_only=False)
                if at is None:
                    found[first:last] = chunk
                else:
                    found[first + at] = chunk
            with lock:
                spent[0] += self._clock() - start
                searched[0] += last - first

        # The first chunk measures this pattern's cost per byte; the rest are
        # sized to take about CHUNK_SECONDS of CPU each, so an ordinary
        # pattern makes few calls and a slow one is still checked often.
        first = self._span_end(0, chunk_bytes)
        run((0, first))
        if first < n:
            rate = spent[0] / max(1, int(self._ends[first - 1]))
            size = int(min(chunk_bytes * MAX_CHUNK_GROWTH, max(chunk_bytes, CHUNK_SECONDS / max(rate, 1e-12))))
            spans = []
            while first < n:
                last = self._span_end(first, size)
                spans.append((first, last))
                first = last
            if n >= PARALLEL_LABELS and len(spans) > 1:
                _share(run, spans)
            else:
                for span in spans:
                    run(span)
        return found

    def _span_end(self, first, size):
        """The end of a chunk of about ``size`` bytes of labels from ``first``."""
        start = self._ends[first - 1] if first else 0
        return min(len(self._ends), max(first + 1, int(np.searchsorted(self._ends, start + size, "right"))))


_POOL: list[concurrent.futures.ThreadPoolExecutor] = []  # made on first use
_POOL_LOCK = threading.Lock()


def _share(run, spans):
    """``run`` every span on this thread and up to SEARCH_THREADS - 1 pool
    threads (Arrow releases the GIL: a large table is searched on every
    core). Each thread takes the next span when done with one, and this
    thread always works on its own search, so a slow search elsewhere
    holding the pool delays this one but never stalls it."""
    spans = iter(spans)
    lock = threading.Lock()

    def work():
        while True:
            with lock:
                span = next(spans, None)
            if span is None:
                return
            run(span)

    helpers = [_pool().submit(work) for _ in range(SEARCH_THREADS - 1)]
    try:
        work()
    finally:
        # one not started yet has nothing left to do; wait for the others
        started = [helper for helper in helpers if not helper.cancel()]
        concurrent.futures.wait(started)
    for helper in started:
        helper.result()  # a helper's TooSlow or PatternError


def _pool():
    with _POOL_LOCK:
        if not _POOL:
            _POOL.append(concurrent.futures.ThreadPoolExecutor(SEARCH_THREADS, thread_name_prefix="tb_bias-search"))
        return _POOL[0]


def _check_pattern(pattern, case_sensitive):
    """Compile ``pattern`` with Arrow's RE2 (the engine that runs the search),
    for a clear error: bad syntax, or a program past RE2's memory budget."""
    try:
        pc.match_substring_regex(_PROBE, pattern, ignore_case=not case_sensitive)
    except pa.ArrowException as e:
        reason = str(e).replace("Invalid regular expression: ", "", 1)
        raise PatternError("invalid RE2 pattern %r: %s" % (pattern, reason))


def _program_estimate(pattern):
    """An upper estimate of the size of RE2's program for ``pattern``, to size
    the first chunk: about its length, times each counted repetition (RE2
    copies ``x{1000}``'s x a thousand times). Unicode classes make large
    programs that stay fast, so they are not counted."""
    size = len(pattern)
    for low, high in _REPETITION.findall(pattern):
        size *= max(1, int(high or low))
    return min(size, _MAX_ESTIMATE)


def required_literals(pattern, case_sensitive):
    r"""Literals one of which every match of ``pattern`` contains, or None.

    Returns ``(literals, fold)``: with ``fold``, the literals are lower-case
    and are to be found in the lower-cased labels. The scan is deliberately
    narrow: it reads the pattern's top level up to the first group, class or
    escape it does not know, and gives up on alternation it cannot see whole,
    so what it returns is always required, never merely likely.

    Examples
    --------
    >>> required_literals(r"\bTree \d{2,3}7", True)
    (['Tree '], False)
    >>> required_literals(r"(?i)tree|x7", True)
    (['tree', 'x7'], True)
    >>> required_literals(r"^tre?e.*[7]$", False)
    (['tr'], True)
    >>> required_literals(r"(tree|bush) \d", True) is None
    True
    """
    flags = _LEADING_FLAGS.match(pattern)
    if flags:
        case_sensitive = case_sensitive and "i" not in flags.group(1)
        pattern = pattern[flags.end():]
    fold = not case_sensitive
    branches, runs, run = [], [], []

    def end_run():
        runs.append("".join(run))
        run.clear()

    i = 0
    while i < len(pattern):
        ch = pattern[i]
        i += 1
        if ch == "\\":
            escaped = pattern[i:i + 1]
            i += 1
            if escaped.isascii() and escaped.isalnum():
                if escaped not in _CLASS_ESCAPES:  # \Q, \p, \x, octal...: stop
                    break
                end_run()
                continue
            ch = escaped  # escaped punctuation stands for itself
        elif ch in "*?{":  # the character before is optional (or, for {, maybe repeated 0 times)
            if run:
                run.pop()
            end_run()
            if ch == "{":
                break
            continue
        elif ch == "+":
            end_run()
            continue
        elif ch in ".^$":
            end_run()
            continue
        elif ch == "|":
            end_run()
            branches.append(runs)
            runs = []
            continue
        elif ch in "()[]":
            break
        if fold and ch not in _FOLD_SAFE:
            end_run()
            continue
        run.append(ch.lower() if fold else ch)
    else:
        end_run()
        branches.append(runs)
        return _longest(branches, fold)
    if run:
        run.pop()  # a repeat after the part not read, as in a(?s)*, may apply to it
    end_run()
    if "|" in pattern:
        return None  # the part not read may hold another branch
    return _longest([runs], fold)


def _longest(branches, fold):
    literals = [max(runs, key=len, default="") for runs in branches]
    if min(len(literal) for literal in literals) < _MIN_LITERAL:
        return None
    return literals, fold
