"""The messages that name an extra say the command, and for PyTorch the CPU build the README recommends."""

import sys

import pytest

from tb_bias_plugin.core.extras import install_hint
from tb_bias_plugin.measures.registry import lazy_attribute

CPU_NOTE = ("install the CPU build of PyTorch first, pip install torch --index-url "
            "https://download.pytorch.org/whl/cpu (a plain pip install torch brings the GPU libraries, several GB)")


@pytest.mark.parametrize("extra", ["torch", "lightning"])
def test_the_pytorch_extras_name_the_cpu_build(extra):
    assert install_hint(extra) == 'pip install ".[%s]" in a clone of tb-bias; %s' % (extra, CPU_NOTE)


def test_a_helper_without_pytorch_says_both(monkeypatch):
    monkeypatch.setitem(sys.modules, "tb_bias_plugin_missing_torch_probe", None)
    with pytest.raises(ImportError, match=r"needs PyTorch: pip install \"\.\[torch\]\" in a clone of tb-bias; "
                                          r"install the CPU build of PyTorch first"):
        lazy_attribute("tb_bias_plugin.pytorch", {"helper": "tb_bias_plugin_missing_torch_probe:helper"}, "helper",
                       ("tb_bias_plugin_missing_torch_probe", "PyTorch", "torch"))


def test_other_extras_are_the_command_alone():
    assert install_hint("beam") == 'pip install ".[beam]" in a clone of tb-bias'
