"""Array headers seen before (the same dtype, shape and spec at every step
of a long run) are checked from a cache: what depends on the array itself
(its compressed length, its data) and the caps are still checked each time."""

import zlib

import numpy as np
import pytest

from tb_bias_plugin.measures.association import messages
from tb_bias_plugin.storage import arrays


def _array(values):
    array = messages.Table().values
    arrays.pack(array, np.asarray(values))
    return array


def test_a_header_seen_before_still_needs_data_that_can_hold_it():
    sound = _array(np.arange(50_000, dtype=np.float64) * np.pi)
    assert arrays.unpack(sound, np.float64, (50_000,)).shape == (50_000,)
    bomb = messages.Table().values  # the same header, a few bytes of data
    bomb.dtype, bomb.zlib_data = sound.dtype, zlib.compress(b"\0" * 8)
    bomb.shape.extend([50_000])
    with pytest.raises(ValueError, match="declares 400000 bytes .* but holds only"):
        arrays.unpack(bomb, np.float64, (50_000,))


def test_a_header_seen_before_is_held_to_the_cap_in_force(monkeypatch):
    array = _array(np.ones(1000))
    assert arrays.unpack(array, np.float64, (1000,)).shape == (1000,)
    monkeypatch.setattr(arrays, "MAX_ARRAY_BYTES", 4000)
    with pytest.raises(ValueError, match="declares 8000 bytes"):
        arrays.unpack(array, np.float64, (1000,))


@pytest.mark.parametrize("cut", [1, 4, 9])
def test_short_data_cut_short_is_refused_as_before(cut):
    array = _array(np.linspace(0, 1, 64))
    arrays.read([(array, arrays.ArraySpec("x", np.float64, (64,)))], wanted=())
    array.zlib_data = array.zlib_data[:-cut]
    with pytest.raises(ValueError, match=r"^x (holds a different number of bytes|is corrupt)"):
        arrays.read([(array, arrays.ArraySpec("x", np.float64, (64,)))], wanted=())
