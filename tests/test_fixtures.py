"""The tolerant record comparison the demo-equality tests rely on: it must
pass a last-bit change and fail a real one."""

import dataclasses
import types

import numpy as np
import pytest

from plugin_fixtures import assert_values_close


@dataclasses.dataclass
class Record:
    name: str
    counts: np.ndarray
    values: np.ndarray
    settings: types.MappingProxyType


def record(value=0.1, count=3, name="a", shape=(3,)):
    return Record(name, np.array([1, 2, count]), np.full(shape, value),
                  types.MappingProxyType({"exact": value, "steps": [count, float("nan")]}))


def test_a_last_bit_change_passes():
    nudged = np.nextafter(0.1, 1.0)
    assert_values_close(record(), record(nudged))
    assert_values_close([1.0, float("nan")], [np.nextafter(1.0, 2.0), float("nan")])


@pytest.mark.parametrize("other", [
    record(value=0.1 * (1 + 1e-7)),    # a real change in a float
    record(count=4),                   # any change in an integer
    record(name="b"),                  # or a string
    record(shape=(4,)),                # or a shape
])
def test_a_real_change_fails(other):
    with pytest.raises(AssertionError):
        assert_values_close(record(), other)


def test_nan_equals_only_nan():
    with pytest.raises(AssertionError):
        assert_values_close([float("nan")], [0.0])
