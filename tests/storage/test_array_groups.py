"""`arrays.ArrayGroup`: one field of every retained example (hundreds per
record, at every step of a long run) checked in a few calls for the whole
group, to exactly the verdict, and the message, of one `ArraySpec` each.
Records of format version 2 keep them as columns instead; version 1
records (the demo's, as written then) are still read this way."""

import zlib

import numpy as np
import pytest

import plugin_fixtures as fx
from tb_bias_plugin.measures.sensitivity import codec
from tb_bias_plugin.storage import arrays


def _verdict(read):
    try:
        read()
    except ValueError as e:
        return str(e)
    return "ok"


def _mutations():
    def cut(m):
        m.zlib_data = m.zlib_data[: len(m.zlib_data) // 2]

    def no_checksum(m):  # the deflate data whole, its checksum gone
        m.zlib_data = m.zlib_data[:-4]

    def shorter(m):
        value = arrays.unpack(m, np.float64)
        m.Clear()
        arrays.pack(m, value[:-1])

    def retyped(m):
        m.dtype = "<U8"

    def absent(m):
        m.Clear()

    def bomb(m):
        m.Clear()
        m.dtype, m.zlib_data = "<f8", zlib.compress(bytes(8 << 20), 9)
        m.shape.extend([3, 3])

    def widened(m):
        m.dtype = "<f4"  # 4 bytes each: the data holds twice as many

    return {"cut": cut, "no_checksum": no_checksum, "shorter": shorter, "retyped": retyped,
            "absent": absent, "bomb": bomb, "widened": widened, "intact": lambda m: None}


@pytest.mark.parametrize("field", ["p", "feature_sensitivity", "token_weight"])
@pytest.mark.parametrize("change", sorted(_mutations()))
@pytest.mark.parametrize("where", [0, 117, -1])
def test_a_group_is_checked_as_one_spec_per_array(field, change, where):
    payload = fx.sensitivity_v1_record()
    example = payload.examples[where]
    message = getattr(example, field)
    if field == "token_weight":  # absent in this tabular record: present in one example only
        arrays.pack(message, np.zeros((len(payload.choices), 2)))
        example.tokens.extend(["a", "b"])
    _mutations()[change](message)
    (group,) = [g for g in codec.example_groups(payload) if g.name.endswith("." + field)]
    one_by_one = _verdict(lambda: arrays.read(group.specs(), wanted=()))
    together = _verdict(lambda: arrays.read([], wanted=(), groups=[group]))
    assert together == one_by_one
    if change == "intact" and field != "token_weight":  # checked as a group, not one by one (token_weight: one example has it)
        assert arrays._group_plan(group) is not None
    assert (together == "ok") == (change == "intact" or (change == "absent" and field != "p"))


def test_the_whole_record_and_the_steps_part_refuse_the_same_example():
    payload = fx.sensitivity_v1_record()
    payload.examples[50].feature_weight.zlib_data = payload.examples[50].feature_weight.zlib_data[:-4]
    for read in (codec.decode, codec.decode_steps):
        with pytest.raises(ValueError, match=r"examples\[50\]\.feature_weight"):
            read(payload)


def test_an_empty_array_without_its_checksum_is_refused():
    from tb_bias_plugin.measures.association import messages

    array = messages.Table().values
    arrays.pack(array, np.zeros(0))
    array.zlib_data = array.zlib_data[:4]  # the empty deflate block, no checksum
    with pytest.raises(ValueError, match="holds a different number of bytes"):
        arrays.unpack(array, np.float64, (0,))
