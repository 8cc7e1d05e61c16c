"""With TB_BIAS_WITHOUT_TENSORFLOW=1, tests/torch runs as in a PyTorch-only
install: TensorFlow and Keras cannot be imported, and at the end none of
their modules may be loaded (tests/torch/test_torch_without_tensorflow.py
starts that run). Tests marked ``tensorflow`` compare with Keras and are
left out of it."""

import os
import sys

WITHOUT_TENSORFLOW = os.environ.get("TB_BIAS_WITHOUT_TENSORFLOW") == "1"
if WITHOUT_TENSORFLOW:
    sys.modules["tensorflow"] = None  # any import of them raises ImportError
    sys.modules["keras"] = None


def pytest_collection_modifyitems(config, items):
    if WITHOUT_TENSORFLOW:
        unmarked = [item for item in items if "tensorflow" in item.keywords]
        for item in unmarked:
            items.remove(item)
        config.hook.pytest_deselected(items=unmarked)


def pytest_sessionfinish(session, exitstatus):
    if WITHOUT_TENSORFLOW:
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("tensorflow", "keras") and sys.modules[m])
        if loaded:
            print("\nTensorFlow was imported in a TensorFlow-free run: %s" % ", ".join(loaded[:5]))
            session.exitstatus = 1
