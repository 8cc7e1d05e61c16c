"""Every PyTorch path runs where TensorFlow and Keras cannot be imported, and never imports them.

Each check runs in a fresh interpreter whose ``sys.modules`` maps
``tensorflow`` and ``keras`` to None before tb_bias_plugin is imported, so any
attempt to import them raises ImportError; at the end no module of theirs
may be loaded.
"""

import os
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PRELUDE = """
import sys
sys.modules["tensorflow"] = None
sys.modules["keras"] = None
import numpy as np
import torch
import tb_bias_plugin
from tb_bias_plugin import pytorch as tbp
from tb_bias_plugin.summary import Writer
from torch.utils.tensorboard import SummaryWriter
torch.manual_seed(0)
rng = np.random.default_rng(0)
logdir = sys.argv[1]
"""

EPILOGUE = """
tbp.close_writers()
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("tensorflow", "keras") and sys.modules[m] is not None)
assert not loaded, loaded
print("NO-TF-OK")
"""

SENSITIVITY_AND_HELPERS = """
VChoice = tb_bias_plugin.VChoice
mlp = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3), torch.nn.Softmax(dim=1))
psm = torch.nn.Sequential(torch.nn.Linear(4, 2), torch.nn.Softmax(dim=1))
x = rng.normal(size=(20, 4)).astype(np.float32)
x[:, 3] = x[:, 3] > 0
ps = tb_bias_plugin.prediction_sensitivity
for kw in (dict(v="uniform"), dict(v="mask", protected=[1], mode="forward"), dict(v="mask", protected=[1], mode="reverse"),
           dict(v="proxy_adjusted", protected=3), dict(v="psm", psm_model=psm), dict(v="psm_emb", psm_model=psm)):
    r = ps(mlp, x, **kw)
    assert np.isfinite(r.P).all(), kw

class Text(torch.nn.Module):
    def __init__(self, k):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 3, padding_idx=0)
        self.out = torch.nn.Linear(3, k)
    def forward(self, ids):
        return torch.softmax(self.out(torch.tanh(self.emb(ids)).mean(1)), dim=1)

ids = rng.integers(1, 10, size=(6, 5))
tokens = np.array(["w%d" % i for i in range(10)], dtype=object)[ids]
for v in ("uniform", VChoice.word_list({"w3", "w4"}), VChoice.word_list_emb({"w3"}), "psm", "psm_emb"):
    for mode in ("auto", "reverse"):
        if mode == "reverse" or isinstance(v, VChoice):
            r = ps(Text(4), ids, v=v, embedding_layer="emb", tokens=tokens, psm_model=Text(2), mode=mode)
            assert r.token_sensitivity.shape == (6, 5)

with SummaryWriter(logdir) as writer:
    writer.add_scalar("loss", 0.5, 0)
    tbp.log_association_table(writer, mlp, torch.as_tensor(x), step=0, label_names=["a", "b", "c"],
                              identity_labels=["a", "b"])
    tbp.log_prediction_sensitivity(writer, mlp, x, step=0, v={"all": "uniform", "feature 1": VChoice.mask([1])})
    tbp.log_prediction_sensitivity(writer, Text(4), ids, step=0, name="text", embedding_layer="emb", tokens=tokens,
                                   v=VChoice.word_list({"w3"}))
    acts = tbp.layer_activations(mlp, x, ["1"])
    assert acts["1"].shape == (20, 8)
    pools = [np.stack([torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Softmax(dim=1))(torch.as_tensor(x))
                       .detach().numpy() for _ in range(4)]) for _ in range(2)]
    with Writer(logdir) as bias:
        bias.prediction_discrepancy("dipdi", pools[0], pools[1])
"""

REPRESENTATION = """
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
z = rng.integers(0, 2, size=400)
x = torch.as_tensor(rng.normal(size=(400, 4)) + z[:, None], dtype=torch.float32)
found = tbp.log_representation_bias(logdir, model, x, {"z": z}, step=0, layers=["1"])
assert set(found["z"]) == {"1"}
"""


def run_without_tensorflow(body, logdir):
    """Run ``body`` between the prelude and the epilogue in a fresh interpreter; its output and exit code."""
    source = textwrap.dedent(PRELUDE) + textwrap.dedent(body) + textwrap.dedent(EPILOGUE)
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-c", source, str(logdir)], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=600)
    return done.stdout + done.stderr, done.returncode


def test_prediction_sensitivity_and_the_loop_helpers_never_import_tensorflow(tmp_path):
    out, code = run_without_tensorflow(SENSITIVITY_AND_HELPERS, tmp_path)
    assert code == 0 and "NO-TF-OK" in out, out


def test_a_keras_callback_without_tensorflow_names_the_extra(tmp_path):
    # was a bare ModuleNotFoundError from deep inside the measure's module
    out, code = run_without_tensorflow("""
from tb_bias_plugin import callbacks
try:
    callbacks.PredictionSensitivityCallback
except ImportError as e:
    assert 'pip install ".[tf]" in a clone of tb-bias' in str(e) and "tb_bias_plugin.pytorch" in str(e), e
else:
    raise AssertionError("no ImportError")
""", tmp_path)
    assert code == 0 and "NO-TF-OK" in out, out


def test_what_needs_tensorflow_says_what_to_use_without_it(tmp_path):
    # the tf.summary twins were a bare ModuleNotFoundError; a plain callable given NumPy rows said only
    # "needs TensorFlow", not that a tensor x would take PyTorch's path
    out, code = run_without_tensorflow("""
from tb_bias_plugin import summary
scores = np.random.default_rng(0).random((10, 3))
try:
    summary.association_table("g", scores, label_names=["a", "b", "c"], identity_labels=["a", "b"], step=0)
except ImportError as e:
    assert 'need TensorFlow (pip install ".[tf]"' in str(e) and "summary.Writer(logdir)" in str(e), e
else:
    raise AssertionError("no ImportError")
import os
assert not os.listdir(logdir), os.listdir(logdir)
model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Softmax(dim=1))
x = rng.normal(size=(6, 4)).astype(np.float32)
try:
    tb_bias_plugin.prediction_sensitivity(lambda t: model(t), x)
except ImportError as e:
    assert "x as a torch.Tensor with a plain callable" in str(e), e
else:
    raise AssertionError("no ImportError")
r = tb_bias_plugin.prediction_sensitivity(lambda t: model(t), torch.from_numpy(x))  # what the message says
assert np.isfinite(r.P).all()
""", tmp_path)
    assert code == 0 and "NO-TF-OK" in out, out


def test_representation_helper_never_imports_tensorflow(tmp_path):
    out, code = run_without_tensorflow(REPRESENTATION, tmp_path)
    assert code == 0 and "NO-TF-OK" in out, out


def test_the_torch_extra_and_the_core_requirements_name_no_tensorflow():
    import ast

    tree = ast.parse(open(os.path.join(ROOT, "setup.py"), encoding="utf-8").read())
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "setup")
    kw = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg in ("install_requires", "extras_require")}
    pulled = kw["install_requires"] + kw["extras_require"]["torch"]
    assert any(r.startswith("torch") for r in pulled)
    assert not [r for r in pulled if r.split(">")[0].split("=")[0].strip() in ("tensorflow", "keras", "tf-keras")]


@pytest.mark.training  # runs tests/torch again, representation estimates included
def test_every_pytorch_test_passes_where_tensorflow_cannot_be_imported():
    # tests/torch/conftest.py blocks TensorFlow and Keras in that run, leaves out
    # the tests marked `tensorflow`, and fails it if either module was loaded.
    this = "tests/torch/test_torch_without_tensorflow.py::test_every_pytorch_test_passes_where_tensorflow_cannot_be_imported"
    env = dict(os.environ, TB_BIAS_WITHOUT_TENSORFLOW="1")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                           "tests/torch", "--deselect", this], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=900)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-4000:]
    assert " passed" in out and " failed" not in out and " skipped" not in out, out[-2000:]
    assert "3 deselected" in out, out[-2000:]  # this test, the one comparing with Keras, the one of NumPy x
