"""Argument checks: one rule for integers, numbers in intervals and finite arrays."""

import math

import numpy as np
import pytest

from tb_bias_plugin.core import validation
from tb_bias_plugin.core.validation import check_finite_array, check_integer, check_number, is_integer

INTEGERS = [0, 7, -3, 2**70, np.int64(7), np.int32(-3), np.uint8(7), np.intp(0)]
NOT_INTEGERS = [True, False, np.True_, 7.0, np.float64(7.0), 7.5, "7", None, 7 + 0j, [7], np.array(7), np.array([7])]


@pytest.mark.parametrize("value", INTEGERS)
def test_python_and_numpy_integers_are_integers(value):
    assert is_integer(value)
    out = check_integer(value, "count")
    assert type(out) is int and out == int(value)


@pytest.mark.parametrize("value", NOT_INTEGERS, ids=repr)
def test_bools_floats_and_the_rest_are_not(value):
    assert not is_integer(value)
    with pytest.raises(ValueError, match="^count must be an integer, got "):
        check_integer(value, "count")


@pytest.mark.parametrize(
    "low, high, good, bad, message",
    [
        (0, None, 0, -1, "count must be a non-negative integer, got -1"),
        (1, None, np.int64(1), 0, "count must be a positive integer, got 0"),
        (2, None, 2, 1, "count must be an integer >= 2, got 1"),
        (None, 5, -9, 6, "count must be an integer <= 5, got 6"),
        (0, 1000, 1000, np.int64(1001), "count must be an integer from 0 to 1000, got np.int64(1001)"),
    ],
)
def test_integer_bounds_are_inclusive_and_named(low, high, good, bad, message):
    assert check_integer(good, "count", low=low, high=high) == good
    with pytest.raises(ValueError) as caught:
        check_integer(bad, "count", low=low, high=high)
    assert str(caught.value) == message.replace("np.int64(1001)", repr(np.int64(1001)))


@pytest.mark.parametrize("value", [0.5, 1, np.float32(0.5), np.float64(0.25), np.int64(0)])
def test_real_numbers_are_numbers(value):
    out = check_number(value, "rate", low=0, high=1)
    assert type(out) is float and out == pytest.approx(float(value), abs=1e-7)


@pytest.mark.parametrize("value", [True, np.True_, "0.5", None, math.nan, math.inf, -math.inf, 1j, [0.5]], ids=repr)
def test_bools_nan_infinities_and_non_numbers_are_not(value):
    with pytest.raises(ValueError, match="^rate must be a finite number, got "):
        check_number(value, "rate")


@pytest.mark.parametrize(
    "include, inside, outside, interval",
    [
        ("both", [0.0, 1.0], [-1e-9, 1 + 1e-9], "[0, 1]"),
        ("left", [0.0, 0.5], [1.0], "[0, 1)"),
        ("right", [1.0], [0.0], "(0, 1]"),
        ("neither", [1e-12, 1 - 1e-12], [0.0, 1.0], "(0, 1)"),
    ],
)
def test_number_boundaries(include, inside, outside, interval):
    for value in inside:
        assert check_number(value, "rate", low=0, high=1, include=include) == value
    for value in outside:
        with pytest.raises(ValueError, match=r"^rate must be a number in %s, got " % interval.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)").replace("]", r"\]")):
            check_number(value, "rate", low=0, high=1, include=include)


def test_one_sided_number_bounds():
    assert check_number(0, "decay", low=0) == 0.0
    with pytest.raises(ValueError, match="decay must be a finite number >= 0, got -0.1"):
        check_number(-0.1, "decay", low=0)
    with pytest.raises(ValueError, match="decay must be a finite number < 3, got 3"):
        check_number(3, "decay", high=3, include="left")
    with pytest.raises(ValueError, match="include"):
        check_number(0.5, "decay", include="open")


def test_finite_arrays():
    out = check_finite_array([[1, 2], [3, 4]], "x", ndim=2)
    assert out.dtype == np.float64 and out.tolist() == [[1.0, 2.0], [3.0, 4.0]]
    with pytest.raises(ValueError, match=r"^x must be 1-D, got shape \(2, 2\)$"):
        check_finite_array([[1, 2], [3, 4]], "x", ndim=1)
    with pytest.raises(ValueError, match=r"^x has non-finite entries at positions \[1, 3\]: drop them$"):
        check_finite_array([0.0, np.nan, 1.0, -np.inf], "x", hint="drop them")
    with pytest.raises(ValueError, match=r"positions \[\(1, 0\)\]"):
        check_finite_array([[1.0, 2.0], [np.inf, 3.0]], "x")
    with pytest.raises(ValueError, match="x must be an array of numbers"):
        check_finite_array(["a"], "x")


class _Tensor:
    """Stands in for a framework tensor: iterating it gives 0-d tensors, ``__array__`` the values."""

    def __init__(self, values):
        self._values = np.asarray(values)

    def __array__(self, dtype=None, copy=None):
        return self._values

    def __iter__(self):
        return iter([_Tensor(v) for v in self._values])


@pytest.mark.parametrize("values, want", [
    (np.array([b"f", b"m"]), ["f", "m"]),  # a TensorFlow string tensor's values
    ([b"f", "m"], ["f", "m"]),
    (_Tensor([0, 1]), [0, 1]),
    (np.array([[3], [4]], dtype=np.uint8), [3, 4]),  # a column, as a Keras model gives
    ([np.int32(1), 2], [1, 2]),
])
def test_labels_of_every_usual_form_are_read(values, want):
    labels = validation.check_labels(values, "groups", 2)
    assert labels.tolist() == want
    assert labels.dtype.kind == "U" if isinstance(want[0], str) else labels.dtype == np.int64


@pytest.mark.parametrize("values, match", [
    (["a", None], "all strings or all integers; got None"),
    ([1, "1"], "all strings or all integers; got '1'"),
    ([0.5, 1.5], "got 0.5"),
    ([True, False], "got True"),
    ([2**70, 1], "must fit in 64 bits; got 1180591620717411303424"),  # once an OverflowError
    (np.array([2**64 - 1, 1], dtype=np.uint64), "must fit in 64 bits"),
    (np.zeros((2, 2), dtype=int), r"must be 1-D with one label per example; got shape \(2, 2\)"),
    ([1, 2, 3], "groups has 3 labels but there are 2 examples"),
    ("ab", "not a single string"),
])
def test_labels_that_are_not_one_kind_are_named(values, match):
    with pytest.raises(ValueError, match=match):
        validation.check_labels(values, "groups", 2)


@pytest.mark.parametrize("values, match", [
    # a review: NumPy's str array dropped the NUL, so "a" and "a\x00" were one group
    (["a", "a\x00"], r"groups\[1\] holds a NUL character"),
    (np.array(["a", "b\x00c"]), r"groups\[1\] holds a NUL character"),
    (["a", "b\ud800"], r"groups\[1\] is not UTF-8 text \(a lone surrogate\)"),  # once a UnicodeEncodeError at encoding
    (np.array(["a\ud800", "b"]), r"groups\[0\] is not UTF-8 text"),
    ([b"\xff", b"a"], r"groups holds b'\\xff', which is not UTF-8 text"),  # once a bare UnicodeDecodeError
    (np.array([b"a", b"\xff"]), r"groups holds b'\\xff', which is not UTF-8 text"),
    (["a", "x" * 1001], r"groups\[1\] has 1001 characters; a label has at most 1000"),
])
def test_string_labels_a_record_cannot_carry_are_named(values, match):
    with pytest.raises(ValueError, match=match):
        validation.check_labels(values, "groups", 2)


def test_integer_labels_of_any_width_name_the_same_kind():
    # an int64 batch and then a uint8 one are one kind, and the same labels (not 1.0 after promotion)
    a = validation.check_labels(np.array([1, 2]), "groups", 2)
    b = validation.check_labels(np.array([1, 2], dtype=np.uint8), "groups", 2)
    assert validation.label_kind(a) == validation.label_kind(b) == "integers"
    assert np.concatenate([a, b]).dtype == np.int64


@pytest.mark.parametrize("names", [
    ["man", "woman"], ("man", "woman"), np.array(["man", "woman"]), [b"man", b"woman"], np.array([b"man", b"woman"]),
    [np.str_("man"), np.str_("woman")],
], ids=["list", "tuple", "str array", "bytes", "bytes array", "np.str_"])
def test_names_come_as_any_sequence_of_text_and_leave_as_plain_str(names):
    """Groups and tokens took bytes and string arrays; identity and label names refused them."""
    out = validation.check_names(names, "identity_labels")
    assert out == ("man", "woman") and all(type(n) is str for n in out)


@pytest.mark.parametrize("names, match", [
    ("man", "not a single string"), (b"man", "not a single string"), (np.array([["a", "b"]]), "1-D sequence"),
    ([b"\xff"], r"holds b'\\xff', which is not UTF-8 text"), ([1, 2], "must contain only strings, got 1"),
    ([b"a", "a"], "duplicate names: 'a'"),
])
def test_names_that_are_not_text_say_what_was_wrong(names, match):
    with pytest.raises(ValueError, match=match):
        validation.check_names(names, "identity_labels")


def test_names_come_as_a_tensorflow_string_tensor():
    import tensorflow as tf
    assert validation.check_names(tf.constant(["man", "woman"]), "identity_labels") == ("man", "woman")
    with pytest.raises(ValueError, match="not a single string"):
        validation.check_names(tf.constant("man"), "identity_labels")


def test_probability_rows_are_checked_at_the_precision_they_were_computed_in():
    off = np.array([[0.5, 0.25, 0.25], [0.5, 0.25, 0.2505]])  # row 1 is off by 5e-4
    with pytest.raises(validation.ProbabilityRowError, match=r"^p has a probability row that sums to 1\.0005.*, "
                                                             r"not 1 \+- 0\.0001 \(row 1\); hint$") as caught:
        validation.check_probability_rows(off, "p", hint="hint")
    assert caught.value.row == (1,) and caught.value.total == pytest.approx(1.0005)
    # float16's rounding passes, and so does a tolerance given for values widened since
    assert validation.check_probability_rows(off.astype(np.float16), "p").shape == (2,)
    validation.check_probability_rows(off, "p", tol=validation.probability_sum_tolerance("bfloat16"))
    # the row is named over every leading axis; a NaN row is no probability row either
    pools = np.full((2, 3, 2), 0.5)
    pools[1, 2, 0] = np.nan
    with pytest.raises(ValueError, match=r"sums to nan, .*\(row \(1, 2\)\)$"):
        validation.check_probability_rows(pools, "p")
    pools[1, 2] = [0.5, 0.4]
    with pytest.raises(ValueError, match=r"sums to 0\.8999.*, not 1 \+- 0\.001953125 \(row \(1, 2\)\)$"):
        validation.check_probability_rows(pools.astype(np.float16), "p")
