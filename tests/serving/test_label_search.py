"""Searching joined labels gives exactly per-label RE2 search results."""

import numpy as np
import pytest
import re2
from hypothesis import given, settings
from hypothesis import strategies as st

from tb_bias_plugin.serving.label_search import LabelSearch, PatternError

LABELS = ["Long Hair", "hair", "Beard", "Hairnet", "a\nb", "ab", "b", "Ünïcode", "x+y", "", "aaaa"]
LABELS = [label for label in LABELS if label]  # names are never empty


def per_label(pattern, case_sensitive, labels=LABELS):
    options = re2.Options()
    options.case_sensitive = case_sensitive
    regex = re2.compile(pattern, options)
    return [regex.search(label.replace("\n", " ")) is not None for label in labels]


pieces = st.sampled_from(["a", "b", "h", "H", "^", "$", ".", "*", "+", "?", "|", "(", ")", "[ab]", "[^a]",
                          "\\s", "\\b", "\\w", "{2}", "ü", "\\n", " ", "(?i)", "\\A", "\\z", "(?s)", "(?-m)",
                          "(?i-m:", "(?s:", "(?m)", "\\C", "(?U)", "\\pL", "[[:space:]]", "\\x0a"])


@settings(max_examples=500, deadline=None)
@given(st.lists(pieces, min_size=1, max_size=6).map("".join), st.booleans())
def test_joined_search_equals_per_label_search(pattern, case_sensitive):
    try:
        want = per_label(pattern, case_sensitive)
    except re2.error:
        with pytest.raises(PatternError):
            LabelSearch(LABELS).mask(pattern, case_sensitive)
        return
    assert LabelSearch(LABELS).mask(pattern, case_sensitive).tolist() == want
    # searched in chunks of a few labels, between which the time is checked
    assert LabelSearch(LABELS, chunk_bytes=7).mask(pattern, case_sensitive).tolist() == want


@pytest.mark.parametrize("pattern", ["hair", "HAIR", "x+y", "(a+)+$", "^b$", "a$", "", "Ü"])
def test_examples(pattern):
    assert LabelSearch(LABELS).mask(pattern).tolist() == per_label(pattern, False)


def test_literals_fold_case_like_regexes_and_are_cached():
    search = LabelSearch(["Straße", "STRASSE", "street", "ÜBER"])
    for literal, regex in (("strasse", "strass."), ("über", "übe."), ("STREET", "STREE.")):
        assert search.mask(literal).tolist() == search.mask(regex).tolist()
    assert search.mask("strasse").tolist() == [False, True, False, False]
    assert search.mask("strasse") is search.mask("strasse")
    assert not search.mask("strasse").flags.writeable


def test_public_re2_api_gives_the_same_results(monkeypatch):
    from tb_bias_plugin.serving import label_search

    labels = ["label %d" % i for i in range(500)] + LABELS
    fast = [LabelSearch(labels).mask(p).tolist() for p in ("\\d5$", "a.b", "^l", "(?i)HAIR")]
    monkeypatch.setattr(label_search.re2, "_re2", None)  # no low-level access
    assert [LabelSearch(labels).mask(p).tolist() for p in ("\\d5$", "a.b", "^l", "(?i)HAIR")] == fast


def test_bad_patterns():
    search = LabelSearch(LABELS)
    for pattern in ["(", "a{1001}", "(?P<n>a)(?P=n)", "\\1", "x" * 1001]:
        with pytest.raises(PatternError):
            search.mask(pattern)


def test_large_label_sets_use_the_joined_text():
    labels = ["label %d" % i for i in range(20000)]
    mask = LabelSearch(labels).mask(r"^label 1\d*7$")
    assert np.flatnonzero(mask).tolist() == [i for i, l in enumerate(labels) if l.startswith("label 1") and l.endswith("7")]


@pytest.mark.parametrize("pattern", ["(a|b)+x", r"\Aa", "hai?r"])
def test_a_search_stops_once_its_time_is_spent(pattern):
    labels = ["label %d" % i for i in range(5000)]
    spent = LabelSearch(labels, seconds=-1, chunk_bytes=1000)  # its time is up after the first chunk
    with pytest.raises(PatternError, match=r"too slow: it searched \d+ of 5000 labels"):
        spent.mask(pattern)
    # one chunk: nothing to stop between
    assert not LabelSearch(labels[:10], seconds=-1, chunk_bytes=1 << 16).mask(pattern).any()
