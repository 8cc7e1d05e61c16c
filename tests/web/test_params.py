"""Query parameters are read as a client writes them: Python's int() and float() take more (other scripts'
digits, spaces, underscores), which a route answered as if the client had meant it."""

import pytest
from werkzeug.datastructures import MultiDict

from tb_bias_plugin.web.params import HttpError, Params, parse_number


@pytest.mark.parametrize("text", ["\u0663", "\uff13", "  3\n", "+3", "1_0", "3.0", "0x3", "", " "])
def test_an_integer_is_ascii_digits_with_an_optional_minus(text):
    params = Params(MultiDict({"step": text}))
    if text == "":
        assert params.integer("step", None, low=-10, high=10) is None  # empty is absent, as before
        return
    with pytest.raises(HttpError, match="parameter 'step' must be an integer"):
        params.integer("step", None, low=-10, high=10)


@pytest.mark.parametrize("text, value", [("3", 3), ("-7", -7), ("007", 7)])
def test_plain_integers_are_read(text, value):
    assert Params(MultiDict({"step": text})).integer("step", None, low=-10, high=10) == value


@pytest.mark.parametrize("text", ["\uff10.\uff19", " 0.5", "0.5\n", "1_0.5", "+0.5", "0x1p-1", ".", "e5", "1e"])
def test_a_number_is_written_in_ascii(text):
    with pytest.raises(HttpError, match="parameter 'level' must be a number"):
        parse_number(text, "level")


@pytest.mark.parametrize("text, value", [("0.5", 0.5), ("-.25", -0.25), ("1e-7", 1e-7), ("1E+21", 1e21),
                                         ("3.", 3.0), ("42", 42.0)])
def test_numbers_as_javascript_writes_them_are_read(text, value):
    assert parse_number(text, "level") == value


@pytest.mark.parametrize("text", ["nan", "inf", "-Infinity"])
def test_a_number_that_is_not_finite_is_named_so(text):
    with pytest.raises(HttpError, match="must be a finite number"):
        parse_number(text, "level")


def test_an_empty_optional_value_is_its_default_and_an_empty_required_one_is_refused():
    params = Params(MultiDict({"tag2": "", "x2": "", "run": ""}))
    assert params.string("tag2", "gender") == "gender"
    assert params.string("x2", "woman", keep_empty=True) == ""  # x2= asks for x1 alone
    assert params.string("absent", "default", keep_empty=True) == "default"
    with pytest.raises(HttpError, match="parameter 'run' must not be empty"):
        params.string("run", required=True)


@pytest.mark.parametrize("query, name", [(b"run=a%ffb", "run"), (b"tag=ok&label=%C3", "label"),
                                         (b"x%ff=1", "x\ufffd"), (b"run=caf\xe9", "run")])
def test_a_value_that_is_not_utf8_once_decoded_is_refused_naming_it(query, name):
    # werkzeug keeps "%ff" as the three characters "%FF": a run of that name would have been looked up
    with pytest.raises(HttpError, match="parameter '%s' is not UTF-8" % name) as caught:
        Params(MultiDict(), query)
    assert caught.value.status == 400


def test_utf8_escapes_and_plus_signs_are_read():
    Params(MultiDict(), b"run=caf%C3%A9&tag=a+b&q=%E2%9C%93&x2=")
