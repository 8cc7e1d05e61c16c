"""Sensitivity records of format version 2 keep the retained examples as
columns (one list or array per field for all examples); version 1 records
(a message of five arrays per example) are still read, to the same values.
A column that disagrees with the record's own sizes is refused, naming it,
on every route."""

import copy

import numpy as np
import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.measures.sensitivity import codec, collect, columns, messages
from tb_bias_plugin.storage import arrays, record


def _contents(decoded):
    """What the collector would hand `codec.encode` for a decoded record."""
    examples = [(collect.ExampleDetail(
        index=i, example_id=e["id"], group=e["group"], pred_class=e["pred_class"], pred_prob=e["pred_prob"],
        P=e["p"], reasons=e["reasons"], tokens=e["tokens"] or None, token_sensitivity=e["token_sensitivity"],
        token_weight=e["token_weight"], feature_sensitivity=e["feature_sensitivity"],
        feature_weight=e["feature_weight"], text=e["text"], uri=e["uri"]), e["in_sample"])
        for i, e in enumerate(decoded["examples"])]
    return {**decoded, "examples": examples}


def _columnar(kind):
    """The version 1 fixture record of ``kind`` written again today (version 2), as stored bytes read back."""
    old = fx.sensitivity_v1_record(kind)
    return messages.Sensitivity.FromString(codec.encode(_contents(codec.decode(old))).SerializeToString())


@pytest.mark.parametrize("kind", ["tabular", "text"])
def test_a_version_1_record_and_its_columns_decode_to_the_same_values(kind):
    old = fx.sensitivity_v1_record(kind)
    assert old.version == 1 and len(old.examples) > 200
    new = _columnar(kind)
    assert new.version == messages.VERSION == 2
    assert len(new.examples) == 0 and len(new.example_columns.ids) == len(old.examples)
    assert new.ByteSize() < old.ByteSize()
    fx.assert_values_close(codec.decode(old), codec.decode(new), rtol=0, atol=0)
    fx.assert_values_close(codec.decode_steps(old), codec.decode_steps(new), rtol=0, atol=0)
    assert codec.describe(old) == codec.describe(new)


def test_the_demo_writes_columns_that_decode_as_its_version_1_record_did():
    """The committed demo, written again in version 2, serves the numbers it did in version 1."""
    _, _, _, payload = fx.demo_records()["sensitivity"]
    assert payload.version == 2
    fx.assert_values_close(codec.decode(fx.sensitivity_v1_record("tabular")), codec.decode(payload), rtol=0, atol=0)


def test_the_columns_hold_one_array_per_field_not_one_per_example():
    payload = _columnar("text")
    names = [s.name for m, s in codec.array_specs(payload) if not arrays.is_absent(m)]
    assert [n for n in names if n.startswith(columns.AT)] == [
        columns.AT + n for n in ("pred_class", "pred_prob", "in_sample", "token_counts", "p", "token_offsets",
                                 "token_sensitivity", "token_weight")]
    assert len(payload.example_columns.tokens) == int(arrays.unpack(payload.example_columns.token_counts, np.int64).sum())


def _set_array(name, value):
    def change(payload):
        message = getattr(payload.example_columns, name)
        message.Clear()
        arrays.pack(message, np.asarray(value))
    return change


def _offsets(payload):
    return arrays.unpack(payload.example_columns.token_offsets, np.int64)


def _truncated(name):
    def change(payload):
        message = getattr(payload.example_columns, name)
        message.zlib_data = message.zlib_data[: len(message.zlib_data) // 2]
    return change


def _one_column_fewer(payload):
    value = arrays.unpack(payload.example_columns.token_sensitivity, np.float64)
    _set_array("token_sensitivity", value[:, :-1])(payload)


def _swap_two_offsets(payload):
    offsets = _offsets(payload)
    offsets[[3, 4]] = offsets[[4, 3]]
    _set_array("token_offsets", offsets)(payload)


def _last_offset_past_the_end(payload):
    """(No tokens logged: nothing else to disagree with.)"""
    payload.example_columns.token_counts.Clear()
    del payload.example_columns.tokens[:]
    offsets = _offsets(payload)
    offsets[-1] += 1
    _set_array("token_offsets", offsets)(payload)


def _offsets_from_one(payload):
    _set_array("token_offsets", _offsets(payload) + 1)(payload)


def _shifted_token(payload):
    """Offsets that still end at the columns' length, but give example 0 one value more than its tokens."""
    offsets = _offsets(payload)
    offsets[1] += 1
    _set_array("token_offsets", offsets)(payload)


HOSTILE = {
    "truncated offsets": (_truncated("token_offsets"), r"example_columns\.token_offsets holds a different number"),
    "truncated token column": (_truncated("token_sensitivity"), r"example_columns\.token_sensitivity holds a different"),
    "truncated p": (_truncated("p"), r"example_columns\.p holds a different number"),
    "one token column fewer": (_one_column_fewer, r"example_columns\.token_sensitivity has shape .* \(from the length of "
                                                  r"example_columns\.token_offsets\)"),
    "offsets non-monotone": (_swap_two_offsets, r"example_columns\.token_offsets do not start at 0 and rise"),
    "offsets from 1": (_offsets_from_one, r"example_columns\.token_offsets do not start at 0 and rise"),
    "last offset past the end": (_last_offset_past_the_end, r"example_columns\.token_weight has shape|"
                                                            r"example_columns\.token_sensitivity has shape"),
    "offsets beside the tokens": (_shifted_token, r"example_columns\.token_offsets give example 0"),
    "one offset fewer": (lambda p: _set_array("token_offsets", _offsets(p)[:-1])(p),
                         r"example_columns\.token_offsets has shape"),
    "token counts beside the tokens": (lambda p: p.example_columns.tokens.append("extra"),
                                       r"example_columns\.token_counts do not add up"),
    "token column without offsets": (lambda p: p.example_columns.token_offsets.Clear(),
                                     r"example_columns\.token_sensitivity is stored without"),
    "a reason fewer": (lambda p: p.example_columns.reasons.pop(), r"example_columns\.reasons has"),
    "a group more": (lambda p: p.example_columns.groups.append("g"), r"example_columns\.groups has"),
    "an id fewer": (lambda p: p.example_columns.ids.pop(), r"example_columns\.\w+ has"),
    "a pred_prob fewer": (lambda p: _set_array("pred_prob", np.zeros(len(p.example_columns.ids) - 1))(p),
                          r"example_columns\.pred_prob has shape"),
    "a version 1 example beside the columns": (lambda p: p.examples.add(id="x"), r"keeps its examples in example_columns"),
    "columns in a version 1 record": (lambda p: setattr(p, "version", 1), r"keeps its examples in examples, not"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_column_that_disagrees_with_the_record_is_refused_naming_it(case):
    payload = copy.deepcopy(_columnar("text"))
    change, message = HOSTILE[case]
    change(payload)
    for read in (codec.decode, codec.decode_steps):
        with pytest.raises(ValueError, match=message):
            read(payload)


@pytest.mark.parametrize("case", ["offsets non-monotone", "truncated token column", "a reason fewer"])
def test_a_bad_column_at_one_step_is_a_422_on_every_route(tmp_path, case):
    _, tag, value, _ = fx.demo_records()["sensitivity"]
    payload = _columnar("text")
    broken = copy.deepcopy(payload)
    HOSTILE[case][0](broken)
    number = REGISTRY["sensitivity"].payload_number
    fx.write_record(tmp_path, "run", value, record.encode(number, payload), steps=range(3))
    fx.write_record(tmp_path, "run", value, record.encode(number, broken), step=3)
    client = Client(fx.make_app(tmp_path)[0])
    for route in ("sensitivity_steps", "sensitivity"):  # the across-steps route first: nothing cached
        code, response = fx.get(client, route, run="run", tag=tag, step=3)
        text = response.get_data(as_text=True)
        assert code == 422 and "example_columns." in text, (route, text[:300])


def test_examples_given_arrays_for_some_examples_only_are_refused_before_writing():
    contents = _contents(codec.decode(fx.sensitivity_v1_record("tabular")))
    contents["examples"][5][0].feature_weight = None
    with pytest.raises(ValueError, match="feature_weight is given for some retained examples but not all"):
        codec.encode(contents)


def test_examples_with_tokens_logged_for_some_only_keep_them_where_logged():
    contents = _contents(codec.decode(fx.sensitivity_v1_record("text")))
    contents["examples"][2][0].tokens = None
    decoded = codec.decode(messages.Sensitivity.FromString(codec.encode(contents).SerializeToString()))
    assert decoded["examples"][2]["tokens"] == []
    assert decoded["examples"][3]["tokens"] == list(contents["examples"][3][0].tokens)
    assert decoded["examples"][2]["token_sensitivity"].shape == contents["examples"][2][0].token_sensitivity.shape
