"""Label search in chunks through Arrow gives exactly per-label RE2 results."""

import re

import numpy as np
import pytest
import re2
from hypothesis import given, settings
from hypothesis import strategies as st

from tb_bias_plugin.serving import label_search
from tb_bias_plugin.serving.label_search import LabelSearch, PatternError

LABELS = ["Long Hair", "hair", "Beard", "Hairnet", "a\nb", "ab", "b", "Ünïcode", "x+y", "", "aaaa",
          # fold with ASCII letters but lower-case to something else: Kelvin sign, long s, dotted I
          "\u212aha", "ſab", "Hİr", "a.b|a", "bab ha"]
LABELS = [label for label in LABELS if label]  # names are never empty


def per_label(pattern, case_sensitive, labels=LABELS):
    options = re2.Options()
    options.case_sensitive = case_sensitive
    regex = re2.compile(pattern, options)
    return [regex.search(label.replace("\n", " ")) is not None for label in labels]


pieces = st.sampled_from(["a", "b", "h", "H", "^", "$", ".", "*", "+", "?", "|", "(", ")", "[ab]", "[^a]",
                          "\\s", "\\b", "\\w", "{2}", "ü", "\\n", " ", "(?i)", "\\A", "\\z", "(?s)", "(?-m)",
                          "(?i-m:", "(?s:", "(?m)", "\\C", "(?U)", "\\pL", "[[:space:]]", "\\x0a",
                          # literal runs, which searches narrow by before running the pattern
                          "ha", "ab", "ir", "ka", "sa", "İ", "\\.", "\\|", "{0}", "{1,}", "\\d", "ſ"])


@settings(max_examples=500, deadline=None)
@given(st.lists(pieces, min_size=1, max_size=6).map("".join), st.booleans())
def test_chunked_search_equals_per_label_re2(pattern, case_sensitive):
    try:
        want = per_label(pattern, case_sensitive)
    except re2.error:
        with pytest.raises(PatternError):
            LabelSearch(LABELS).mask(pattern, case_sensitive)
        return
    assert LabelSearch(LABELS).mask(pattern, case_sensitive).tolist() == want
    # searched in chunks of a few labels, between which the time is checked
    assert LabelSearch(LABELS, chunk_bytes=7).mask(pattern, case_sensitive).tolist() == want


@pytest.mark.parametrize("case_sensitive", [False, True])
@pytest.mark.parametrize("chunk_bytes", [None, 7])
def test_a_literal_longer_than_a_chunks_labels_matches_nothing_there(chunk_bytes, case_sensitive):
    # found by hypothesis: a literal longer than a chunk's bytes gave a negative slice end, which
    # wraps, and an IndexError (a 500 from the table route's q=)
    for pattern in ("habhahahaha", "Long Hair and more", "x" * 300):
        want = per_label(pattern, case_sensitive)
        assert LabelSearch(LABELS, chunk_bytes=chunk_bytes).mask(pattern, case_sensitive).tolist() == want
    assert LabelSearch(["ab", "cd"]).mask("abcdefghij").tolist() == [False, False]


@pytest.mark.parametrize("pattern", ["hair", "HAIR", "x+y", "(a+)+$", "^b$", "a$", "", "Ü"])
def test_examples(pattern):
    assert LabelSearch(LABELS).mask(pattern).tolist() == per_label(pattern, False)


@pytest.mark.parametrize("pattern, case_sensitive, want", [
    (r"\bTree \d{2,3}7", True, (["Tree "], False)),
    (r"tree \d*3$", False, (["tree "], True)),
    (r"(?i)Tree|X7", True, (["tree", "x7"], True)),
    (r"(?im)Tree", True, (["tree"], True)),
    (r"a\.b+c?d", True, (["a.b"], False)),
    (r"tre{2}x", True, (["tr"], False)),  # a repeat count: what follows is not read
    (r"Über 1", True, (["Über 1"], False)),
    (r"Über 1", False, (["ber 1"], True)),  # Ü may fold with other letters than ü
    (r"desk top", False, (["k top"], True)),  # s ends a case-insensitive literal
    (r"tree(?s)*x", True, (["tre"], False)),  # the repeat after the flags applies to the e
    (r"tree|(bush)", True, None),  # a group in the part not read
    (r"(a)b|cde", True, None),
    (r"ab\Qc|d\E", True, None),
    (r"\pLtree", True, None),
    (r"tree|x", True, None),  # one branch's literal too short to narrow
    (r"(?-i)tree", False, None),
    (r"[tree]", True, None),
])
def test_required_literals(pattern, case_sensitive, want):
    assert label_search.required_literals(pattern, case_sensitive) == want


def test_fold_safe_characters_lower_case_like_every_character_re2_folds_them_with():
    """A case-insensitive literal is looked for in lower-cased labels, so
    each character RE2 matches it with must lower-case to it. Checked over
    every code point, by the same Arrow kernels a search runs."""
    import pyarrow as pa
    import pyarrow.compute as pc

    code_points = [c for c in range(1, 0x110000) if not 0xD800 <= c < 0xE000]
    every = pa.array([chr(c) for c in code_points])
    lowered = np.array(pc.utf8_lower(every).to_pylist(), dtype=object)
    for ch in sorted(label_search._FOLD_SAFE):
        folds = pc.match_substring(every, ch, ignore_case=True).to_numpy(zero_copy_only=False)
        assert set(lowered[folds]) == {ch.lower()}, ch
    # the ASCII letter left out folds with one that does not lower-case to it
    folds = pc.match_substring(every, "s", ignore_case=True).to_numpy(zero_copy_only=False)
    assert set(lowered[folds]) == {"s", "ſ"}


def test_searches_narrowed_by_a_literal_run_the_pattern_on_fewer_labels(monkeypatch):
    import pyarrow.compute as pc

    words = ["tree", "bush", "apple", "pear", "desk", "lamp", "door", "road"]
    labels = ["%s %s %d" % (words[i % 8].title(), words[i // 8 % 8], i) for i in range(10000)]
    seen = []
    run = pc.match_substring_regex
    monkeypatch.setattr(label_search.pc, "match_substring_regex", lambda a, *p, **k: seen.append(len(a)) or run(a, *p, **k))
    for pattern, case_sensitive in [(r"tree \d*3$", False), (r"\btree \d{2,3}7", True), (r"(?i)PEAR|x7", True),
                                    (r"desk \d+1", False), (r"^bush.*[5]$", False)]:
        seen.clear()
        got = LabelSearch(labels, chunk_bytes=5000).mask(pattern, case_sensitive)
        assert got.tolist() == per_label(pattern, case_sensitive, labels) and got.any()
        assert 0 < sum(seen) <= len(labels) // 2, pattern


def test_literals_fold_case_like_regexes_and_are_cached():
    search = LabelSearch(["Straße", "STRASSE", "street", "ÜBER"])
    for literal, regex in (("strasse", "strass."), ("über", "übe."), ("STREET", "STREE.")):
        assert search.mask(literal).tolist() == search.mask(regex).tolist()
    assert search.mask("strasse").tolist() == [False, True, False, False]
    assert search.mask("strasse") is search.mask("strasse")
    assert not search.mask("strasse").flags.writeable


def test_bad_patterns():
    search = LabelSearch(LABELS)
    for pattern in ["(", "a{1001}", "(?P<n>a)(?P=n)", "\\1", "x" * 1001]:
        with pytest.raises(PatternError):
            search.mask(pattern)


def test_large_label_sets_in_many_chunks():
    labels = ["label %d" % i for i in range(20000)]
    mask = LabelSearch(labels, chunk_bytes=999).mask(r"^label 1\d*7$")
    assert np.flatnonzero(mask).tolist() == [i for i, l in enumerate(labels) if l.startswith("label 1") and l.endswith("7")]


@pytest.mark.parametrize("pattern", ["(a|b)+x", r"\Aa", "hai?r"])
def test_a_search_stops_once_its_time_is_spent(pattern):
    labels = ["label %d" % i for i in range(5000)]
    spent = LabelSearch(labels, seconds=-1, chunk_bytes=1000)  # its time is up after the first chunk
    with pytest.raises(PatternError, match=r"too slow: it searched \d+ of 5000 labels"):
        spent.mask(pattern)
    # one chunk: nothing to stop between
    assert not LabelSearch(labels[:10], seconds=-1, chunk_bytes=1 << 16).mask(pattern).any()


def test_the_budget_is_this_thread_s_cpu_time_not_wall_time():
    """A search that waits (here: sleeps, as it would for the GIL under load)
    does not spend its budget; one that computes does."""
    import threading
    import time

    labels = ["label %d" % i for i in range(3000)]
    calls = []

    def sleepy_cpu_clock():
        calls.append(threading.get_ident())
        time.sleep(0.02)  # wall time passes, this thread's CPU time barely moves
        return time.thread_time()

    search = LabelSearch(labels, seconds=0.04, chunk_bytes=100, clock=sleepy_cpu_clock)
    assert search.mask(r" \d*7$").sum() == sum(l.endswith("7") for l in labels)
    assert len(calls) >= 4  # each reading slept 0.02 s: more wall time than the budget, and no PatternError
    assert set(calls) == {threading.get_ident()}
    assert LabelSearch.__init__.__kwdefaults__["clock"] is time.thread_time


def test_chunks_after_the_first_take_about_a_fixed_cpu_time(monkeypatch):
    labels = ["label %d" % i for i in range(3000)]
    ticks = []
    # each clock reading advances by 1 ms: the first chunk "costs" 1 ms
    search = LabelSearch(labels, chunk_bytes=100, clock=lambda: ticks.append(1) or len(ticks) * 1e-3)
    assert search.mask(r"7$").sum() == 300
    # about 100 bytes cost 1 ms, so the others are sized at CHUNK_SECONDS:
    # about 100 * CHUNK_SECONDS / 1 ms bytes (at 100 bytes each: about 290 chunks)
    size = 100 * label_search.CHUNK_SECONDS / 1e-3
    chunks = len(ticks) // 2
    expected = 1 + len(" ".join(labels)) / size
    assert 0.5 * expected <= chunks <= 2 * expected < 100


def test_a_pattern_found_too_slow_is_refused_at_once_and_others_still_run(monkeypatch):
    labels = ["label %d" % i for i in range(5000)]
    ticks = []
    search = LabelSearch(labels, seconds=0.0, chunk_bytes=1000, clock=lambda: ticks.append(1) or len(ticks))
    with pytest.raises(PatternError, match="too slow"):
        search.mask("(a|b)+x")
    spent = len(ticks)
    with pytest.raises(PatternError, match="too slow"):
        search.mask("(a|b)+x")
    assert len(ticks) == spent  # refused without searching again
    # case sensitivity is another pattern; a cached mask still answers
    monkeypatch.setattr(label_search, "REJECTED_SECONDS", 0.0)
    with pytest.raises(PatternError, match="too slow"):
        search.mask("(a|b)+x")
    assert len(ticks) > spent  # once the memory expires it is searched again
    fine = LabelSearch(labels).mask("7$")
    assert fine.sum() == 500


def test_large_tables_are_searched_by_several_threads_with_one_budget(monkeypatch):
    import threading

    labels = ["label %d" % i for i in range(20000)]
    want = LabelSearch(labels, chunk_bytes=999).mask(r"1\d*7$")
    monkeypatch.setattr(label_search, "PARALLEL_LABELS", 1000)
    monkeypatch.setattr(label_search, "SEARCH_THREADS", 2)
    threads = []

    def clock():  # 1 ms a reading: chunks after the first are sized at about 20 kB
        threads.append(threading.get_ident())
        return len(threads) * 1e-3

    got = LabelSearch(labels, chunk_bytes=999, clock=clock).mask(r"1\d*7$")
    assert np.array_equal(got, want) and got.sum() > 0
    assert set(threads) - {threading.get_ident()}  # after the first chunk, the pool's threads did the work
    # the CPU time of every thread counts against one budget
    ticks = []
    spent = LabelSearch(labels, chunk_bytes=999, seconds=5.0, clock=lambda: ticks.append(1) or len(ticks))
    with pytest.raises(PatternError, match=r"too slow: it searched \d+ of 20000 labels"):
        spent.mask(r"2\d*9$")


def test_a_search_goes_on_while_other_searches_hold_every_pool_thread(monkeypatch):
    """The requesting thread works on its own search, so searches queued
    behind a slow one in the shared pool still finish."""
    import threading

    monkeypatch.setattr(label_search, "PARALLEL_LABELS", 1000)
    labels = ["label %d" % i for i in range(20000)]
    release = threading.Event()
    blockers = [label_search._pool().submit(release.wait) for _ in range(label_search.SEARCH_THREADS)]
    try:
        done = []
        worker = threading.Thread(target=lambda: done.append(LabelSearch(labels, chunk_bytes=999).mask(r"1\d*7$")))
        worker.start()
        worker.join(timeout=30)
        assert done and done[0].sum() == sum(1 for x in labels if re.search(r"1\d*7$", x))
    finally:
        release.set()
        for blocker in blockers:
            blocker.result()


def test_the_server_needs_no_re2_module_of_its_own():
    """Arrow's RE2 runs the search and checks the pattern; google-re2 is only
    this file's oracle, not a dependency of the plugin."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['re2'] = None\n"  # importing re2 now fails
            "from tb_bias_plugin.serving.label_search import LabelSearch, PatternError\n"
            "assert LabelSearch(['a1', 'b2']).mask(r'\\d$').tolist() == [True, True]\n"
            "try:\n    LabelSearch(['a']).mask('(a')\nexcept PatternError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "invalid RE2 pattern '(a': missing )" in out


def test_a_search_stops_at_its_wall_clock_deadline_as_busy_not_slow():
    # 20 slow searches at once on 2 cores each took 40 s of wall time to spend their 2 s of CPU time
    from tb_bias_plugin.web.params import HttpError

    labels = ["label %d" % i for i in range(5000)]
    walls, cpu = [], []
    # each chunk takes 10 ms of CPU time (so that chunks stay small), each reading of the wall clock a second
    search = LabelSearch(labels, chunk_bytes=1000, clock=lambda: cpu.append(1) or len(cpu) * 0.005,
                         wall_clock=lambda: walls.append(1) or float(len(walls)))
    with pytest.raises(HttpError, match=r"label search stopped after 5 s with \d+ of 5000 labels searched: the "
                                         r"server is busy") as stopped:
        search.mask(r" \d*7$")
    assert stopped.value.status == 503 and stopped.value.extra == {"parameter": "q"}
    assert len(walls) <= label_search.SEARCH_WALL_SECONDS + 2  # stopped at the first chunk past the deadline
    read = len(walls)
    with pytest.raises(HttpError):  # not refused for being slow: searched again
        search.mask(r" \d*7$")
    assert len(walls) > read
