"""Every Python block of the README's quickstart runs as written, on small
data named as the blocks name it, and together they log each (run, tag,
step) once: the tab would otherwise show one of two tables silently."""

import os
import re

import numpy as np
import pytest

import plugin_fixtures as fx
from tb_bias_plugin.serving.event_files import RecordScanner

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RNG = np.random.default_rng(0)
N = 120
LABEL_NAMES = ["man", "woman", "nurse", "doctor"]


def readme_blocks():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        return re.findall(r"```python\n(.*?)```", f.read(), flags=re.S)


def block(marker):
    """The one README block containing ``marker``."""
    found = [b for b in readme_blocks() if marker in b]
    assert len(found) == 1, "%d README blocks contain %r" % (len(found), marker)
    return found[0]


def run(code, tmp_path, monkeypatch, **names):
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {"__name__": "__readme__", "epoch": 0, **names})


# The blocks, by a line only each has; a new block fails the count until a test runs it.
WRITER = "writer.association_table("
TF_SUMMARY = "tf.summary.create_file_writer("
KERAS = "AssociationTableCallback("
TORCH = "tbp.log_association_table("
DIPDI = "writer.prediction_discrepancy("
SENSITIVITY = "writer.prediction_sensitivity("
REPRESENTATION = "writer.representation_bias("


def test_every_block_is_run_by_a_test():
    markers = [WRITER, TF_SUMMARY, KERAS, TORCH, DIPDI, SENSITIVITY, REPRESENTATION]
    assert len(readme_blocks()) == len(markers)
    for marker in markers:
        block(marker)


def association_inputs():
    return dict(scores=RNG.random((N, len(LABEL_NAMES))), label_names=LABEL_NAMES,
                ids=["img-%03d" % i for i in range(N)], captions=["caption %d" % i for i in range(N)])


def test_the_blocks_without_a_model_log_once_each(tmp_path, monkeypatch):
    pytest.importorskip("tensorflow")
    run(block(WRITER), tmp_path, monkeypatch, **association_inputs())
    run(block(TF_SUMMARY), tmp_path, monkeypatch, **association_inputs())
    pools = RNG.random((2, 6, N))  # two pools of six models
    run(block(DIPDI), tmp_path, monkeypatch, pool_a=pools[0], pool_b=pools[1], sex=RNG.integers(0, 2, N))
    sex = RNG.integers(0, 2, 400)
    activations = RNG.normal(size=(400, 3)) + sex[:, None]
    run(block(REPRESENTATION), tmp_path, monkeypatch, activations=activations, sex_codes=sex)
    logged = fx.read_logdir(tmp_path / "logs")
    assert sorted(logged) == [("deployment", "age", 0), ("eval", "gender", 0), ("eval_tf", "gender", 0),
                              ("train", "sex", 0)]
    assert RecordScanner(str(tmp_path / "logs")).rewritten() == {}
    examples = logged["eval", "gender", 0][2].examples  # the writer block's sample of examples per cell
    assert examples.per_cell == 8 and set(examples.texts) <= {"caption %d" % i for i in range(N)}


@pytest.mark.training
def test_the_blocks_with_a_model_log_once_each(tmp_path, monkeypatch):
    keras = pytest.importorskip("keras")
    torch = pytest.importorskip("torch")
    keras.utils.set_random_seed(0)
    x = RNG.normal(size=(N, 6)).astype("float32")
    model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(len(LABEL_NAMES), activation="sigmoid")])
    model.compile("adam", "binary_crossentropy")
    y = (RNG.random((N, len(LABEL_NAMES))) < 0.3).astype("float32")
    run(block(KERAS), tmp_path, monkeypatch, model=model, x=x, y=y, x_val=x[:40], label_names=LABEL_NAMES)

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = torch.nn.Sequential(torch.nn.Linear(6, 8), torch.nn.ReLU())
            self.head = torch.nn.Linear(8, len(LABEL_NAMES))

        def forward(self, inputs):
            return torch.softmax(self.head(self.encoder(inputs)), dim=-1)

    torch.manual_seed(0)
    run(block(TORCH), tmp_path, monkeypatch, model=Net(), x_val=torch.as_tensor(x), label_names=LABEL_NAMES,
        sex_codes=RNG.integers(0, 2, N))

    vocab = np.array(["<pad>", "he", "she", "him", "her", "film", "good"], dtype=object)
    token_ids = RNG.integers(1, len(vocab), size=(40, 6))
    inp = keras.Input((6,), dtype="int32")
    h = keras.layers.GlobalAveragePooling1D()(keras.layers.Embedding(len(vocab), 4, name="emb")(inp))
    text = keras.Model(inp, keras.layers.Dense(2, activation="softmax")(h))
    run(block(SENSITIVITY), tmp_path, monkeypatch, model=text, token_ids=token_ids, tokens=vocab[token_ids],
        groups=np.where(token_ids[:, 0] < 3, "m", "f"), probs=np.asarray(text(token_ids)))

    logged = fx.read_logdir(tmp_path / "logs")
    assert sorted(logged) == [(".", "associations", 0), (".", "sensitivity", 0), (".", "sex", 0),
                              ("eval", "sensitivity", 0), ("validation", "associations", 0)]
    assert logged[".", "sex", 0][2].class_names == ("female", "male")
    assert RecordScanner(str(tmp_path / "logs")).rewritten() == {}
