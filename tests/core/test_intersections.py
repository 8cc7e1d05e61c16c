"""Intersections of categorical attributes against an enumeration of the combinations."""

import itertools

import numpy as np
import pytest

from tb_bias_plugin.core.intersections import (
    MISSING,
    category_codes,
    combination_of,
    intersection_codes,
    intersection_names,
)


@pytest.mark.parametrize("sizes", [[3], [2, 3], [4, 1, 3], [2, 2, 2, 5]])
def test_codes_number_the_combinations_in_lexicographic_order(sizes):
    rng = np.random.default_rng(len(sizes))
    n = 500
    codes = [rng.integers(-1, size, n) for size in sizes]
    combinations = list(itertools.product(*(range(size) for size in sizes)))
    number = {combination: i for i, combination in enumerate(combinations)}
    expected = [MISSING if MISSING in row else number[row] for row in zip(*(c.tolist() for c in codes))]
    got = intersection_codes(codes, sizes)
    assert got.dtype == np.int64 and got.tolist() == expected
    assert [combination_of(i, sizes) for i in range(len(combinations))] == combinations


def test_names_follow_the_codes():
    names = [["f", "m"], ["x", "y", "z"]]
    assert intersection_names(names, "/") == ["f/x", "f/y", "f/z", "m/x", "m/y", "m/z"]
    assert intersection_names([["a", ""], ["b"]], " & ") == ["a & b", " & b"]  # an empty class name keeps its place
    code = intersection_codes([[1], [2]], [2, 3])[0]
    assert intersection_names(names, "/")[code] == "m/z"


def test_category_codes_sort_the_values_and_mark_missing():
    codes, levels = category_codes(["b", None, "a", "b", "c"])
    assert levels == ["a", "b", "c"] and codes.tolist() == [1, MISSING, 0, 1, 2]
    codes, levels = category_codes([None, None])
    assert levels == [] and codes.tolist() == [MISSING, MISSING]


def test_no_examples_is_no_codes():
    assert intersection_codes([[], []], [0, 3]).shape == (0,)


@pytest.mark.parametrize(
    "codes, sizes, match",
    [
        ([], [], "at least one"),
        ([[0, 1]], [2, 2], "one size per attribute"),
        ([[0, 1], [0]], [2, 2], "shape"),
        ([[0, 2]], [2], "outside -1 .. 1"),
        ([[0, -2]], [2], "outside"),
        ([[0]], [True], "sizes"),
        ([[0]] * 3, [2**32] * 3, "int64"),
    ],
)
def test_bad_attributes_are_refused(codes, sizes, match):
    with pytest.raises(ValueError, match=match):
        intersection_codes(codes, sizes)
