"""Every code block of the user guides (docs/guides) runs as written, on
small data named as the blocks name it, and logs what the guide says: a
record the Bias tab reads, once per (run, tag, step), with the values the
guide promises. Blocks that a guide offers as alternatives (with or without
TensorFlow) each get a logdir of their own."""

import os
import re
import subprocess
import sys
import types
import warnings

import numpy as np
import pytest

import plugin_fixtures as fx
import tb_bias_plugin
from tb_bias_plugin import VChoice, summary
from tb_bias_plugin.measures.discrepancy import codec as dipdi_codec
from tb_bias_plugin.serving.event_files import RecordScanner

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "tb_bias_plugin")
RNG = np.random.default_rng(0)
N = 150
LABEL_NAMES = ["man", "woman", "nurse", "doctor", "cat"]
RTOL = 1e-9  # a value the record stores against the same value computed in memory


def guide_blocks(guide, kind="python"):
    with open(os.path.join(ROOT, "docs", "guides", guide + ".md"), encoding="utf-8") as f:
        return re.findall(r"```%s\n(.*?)```" % kind, f.read(), flags=re.S)


def block(guide, marker):
    """The one block of ``guide`` containing ``marker``."""
    found = [b for b in guide_blocks(guide) if marker in b]
    assert len(found) == 1, "%d blocks of %s.md contain %r" % (len(found), guide, marker)
    return found[0]


def run(guide, marker, tmp_path, monkeypatch, namespace=None, **names):
    """Run a block in ``tmp_path``; a deprecation raised by the block's own lines or by this package fails it.
    Returns the block's names (pass them back as ``namespace`` to run the next block of the same session)."""
    monkeypatch.chdir(tmp_path)
    filename = "docs/guides/%s.md" % guide
    scope = namespace if namespace is not None else {"__name__": "__guide__", "epoch": 0}
    scope.update(names)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(compile(block(guide, marker), filename, "exec"), scope)
    ours = [w for w in caught if issubclass(w.category, (DeprecationWarning, FutureWarning))
            and (w.filename == filename or w.filename.startswith(PACKAGE))]
    assert not ours, [str(w.message) for w in ours]
    return scope


def logged(logdir):
    """The records the tab reads, after checking no (run, tag, step) was written twice."""
    assert RecordScanner(str(logdir)).rewritten() == {}
    return fx.read_logdir(logdir)


# The blocks, by a line only each has; a new block fails the count until a test runs it.
A_WRITER = "thresholds=[0.3, 0.5, 0.7]"
A_TF = "tf.summary.create_file_writer("
A_KERAS = "AssociationTableCallback("
A_TORCH = "tbp.log_association_table("
A_IDENTITIES = "identities=attribute_column"
A_EXAMPLES = "examples_per_cell=8)"
A_LIBRARY = "table.rank_labels("
D_NUMPY = "tb_bias_plugin.dipdi(pool_a, pool_b)"
D_TORCH = "writer.get_logdir()"
R_NUMPY = "tb_bias_plugin.representation_bias(activations"
R_TORCH = "tbp.log_representation_bias("
S_TF = 'embedding_layer="emb"'
S_TORCH = "tbp.log_prediction_sensitivity("
S_CALLBACK = "PredictionSensitivityCallback("
MARKERS = {
    "association": [A_WRITER, A_TF, A_KERAS, A_TORCH, A_IDENTITIES, A_EXAMPLES, A_LIBRARY],
    "discrepancy": [D_NUMPY, D_TORCH],
    "representation": [R_NUMPY, R_TORCH],
    "sensitivity": [S_TF, S_TORCH, S_CALLBACK],
}
SHELL_BLOCKS = {"association": 0, "discrepancy": 1, "representation": 0, "sensitivity": 0}


def test_every_block_is_run_by_a_test():
    assert sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "docs", "guides"))) == sorted(MARKERS)
    for guide, markers in MARKERS.items():
        assert len(guide_blocks(guide)) == len(markers), guide
        for marker in markers:
            block(guide, marker)
        assert len(guide_blocks(guide, "sh")) == SHELL_BLOCKS[guide], guide


# --------------------------------------------------------------------------
# Label associations


def test_association_tables_count_a_label_where_its_score_passes_the_threshold(tmp_path, monkeypatch):
    scores = RNG.random((N, len(LABEL_NAMES)))
    for marker, thresholds in ((A_WRITER, [0.3, 0.5, 0.7]), (A_TF, [0.5])):
        logdir = tmp_path / marker[:8]
        logdir.mkdir()
        run("association", marker, logdir, monkeypatch, scores=scores, label_names=LABEL_NAMES)
        records = logged(logdir / "logs")
        assert list(records) == [("eval", "gender", 0)]
        table = records["eval", "gender", 0][2]
        assert table.identity_names == ("man", "woman") and list(table.thresholds) == thresholds
        for t, threshold in enumerate(thresholds):  # "a label is predicted where score > threshold"
            assert table.label_counts[t].tolist() == (scores > threshold).sum(axis=0).tolist()


def test_identities_given_per_example_are_counted_as_given(tmp_path, monkeypatch):
    scores = RNG.random((N, len(LABEL_NAMES)))
    attribute = RNG.choice(["female", "male", "nonbinary"], size=N)
    names = run("association", A_IDENTITIES, tmp_path, monkeypatch, scores=scores, label_names=LABEL_NAMES,
                attribute_column=attribute)
    table = names["counter"].table()
    assert table.identity_names == ("female", "male", "nonbinary")
    assert table.identity_counts[0].tolist() == [int((attribute == x).sum()) for x in table.identity_names]
    predicted = scores > 0.5
    assert table.cooccurrence[0, 0].tolist() == predicted[attribute == "female"].sum(axis=0).tolist()


def loader(batches=3, size=50):
    """Batches with the fields the block reads; ids, captions and URLs that name each other."""
    out = []
    for b in range(batches):
        ids = ["img-%03d" % (b * size + i) for i in range(size)]
        out.append(types.SimpleNamespace(scores=RNG.random((size, len(LABEL_NAMES))), ids=ids,
                                         captions=["caption of " + i for i in ids],
                                         urls=["https://example.org/" + i for i in ids]))
    return out


def test_the_examples_behind_a_cell_are_logged_and_the_table_ranks_as_said(tmp_path, monkeypatch):
    batches = loader()
    names = run("association", A_EXAMPLES, tmp_path, monkeypatch, label_names=LABEL_NAMES, loader=batches)
    table = logged(tmp_path / "logs")["eval", "gender", 0][2]
    examples = table.examples
    assert examples.per_cell == 8 and len(examples.ids) > 0
    assert examples.texts == ["caption of " + i for i in examples.ids]
    assert examples.uris == ["https://example.org/" + i for i in examples.ids]
    for y in range(len(LABEL_NAMES)):  # the label's own cell (slot k = 2): 8 of the examples it was predicted on
        members, cut = examples.cell(0, 2, y)
        assert len(members) == min(8, table.label_counts[0, y]) and not cut

    names = run("association", A_LIBRARY, tmp_path, monkeypatch, namespace=names)
    table = names["table"]
    scores = np.concatenate([b.scores for b in batches]) > 0.5
    ranked = table.rank_labels("woman", "man", limit=10)
    assert {label for label, _ in ranked} == {"nurse", "doctor", "cat"}  # identity labels left out
    assert [gap for _, gap in ranked] == sorted((gap for _, gap in ranked), reverse=True)
    dp = table.association("dp", threshold=0.5)  # p(y | x), identities x by labels y
    want = np.stack([scores[scores[:, x]].mean(axis=0) for x in (0, 1)])
    np.testing.assert_allclose(dp, want, rtol=RTOL)


def test_a_pytorch_loop_logs_a_table_per_epoch(tmp_path, monkeypatch):
    import torch
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(6, len(LABEL_NAMES)), torch.nn.Sigmoid())
    x_val = torch.randn(N, 6)
    val_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x_val), batch_size=32)
    run("association", A_TORCH, tmp_path, monkeypatch, model=model, val_loader=val_loader,
        label_names=LABEL_NAMES, epochs=2)
    records = logged(tmp_path / "logs")
    assert sorted(records) == [("run1", "associations", 0), ("run1", "associations", 1)]
    with torch.no_grad():
        predicted = (model(x_val) > 0.5).numpy()
    assert records["run1", "associations", 1][2].label_counts[0].tolist() == predicted.sum(axis=0).tolist()


@pytest.mark.training
def test_the_keras_callback_logs_the_validation_predictions(tmp_path, monkeypatch):
    import keras
    keras.utils.set_random_seed(0)
    x = RNG.normal(size=(N, 6)).astype("float32")
    y = (RNG.random((N, len(LABEL_NAMES))) < 0.3).astype("float32")
    model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(len(LABEL_NAMES), activation="sigmoid")])
    model.compile("adam", "binary_crossentropy")
    run("association", A_KERAS, tmp_path, monkeypatch, model=model, x=x, y=y, x_val=x[:60],
        label_names=LABEL_NAMES)
    records = logged(tmp_path / "logs")
    assert list(records) == [("validation", "associations", 0)]
    table = records["validation", "associations", 0][2]
    predicted = model.predict(x[:60], verbose=0) > 0.5
    assert table.num_examples == 60 and table.label_counts[0].tolist() == predicted.sum(axis=0).tolist()


# --------------------------------------------------------------------------
# Prediction discrepancy


def logged_dipdi(record):
    """DIPDI as the tab computes it from the stored record."""
    stored = record[2]
    return dipdi_codec.result(stored, stored.replicates[0], stored.pairing).dipdi


def test_dipdi_of_two_pools_is_printed_and_logged(tmp_path, monkeypatch, capsys):
    pools = RNG.random((2, 6, N))
    pools[1, :, :50] **= 2  # pool B disagrees with A on a third of the examples
    sex = RNG.choice(["f", "m"], size=N)
    run("discrepancy", D_NUMPY, tmp_path, monkeypatch, pool_a=pools[0], pool_b=pools[1], sex=sex)
    want = tb_bias_plugin.dipdi(pools[0], pools[1], groups=sex)
    printed = [float(v) for v in capsys.readouterr().out.split()]
    np.testing.assert_allclose(printed, [want.dipdi, want.between, want.within_a, want.within_b], rtol=RTOL)
    record = logged(tmp_path / "logs")["deployment", "age", 0]
    assert record[2].pool_names == ("men", "women") and sorted(record[2].replicates[0].group_names) == ["f", "m"]
    assert logged_dipdi(record) == pytest.approx(want.dipdi, rel=RTOL)
    with pytest.warns(UserWarning, match="transposed"):  # "20 models or more in the two pools"
        tb_bias_plugin.dipdi(RNG.random((10, 15)), RNG.random((10, 15)))


def test_a_pytorch_ensemble_logs_dipdi_beside_its_summary_writer(tmp_path, monkeypatch):
    import torch
    from torch.utils.tensorboard import SummaryWriter

    torch.manual_seed(0)
    models = [torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Softmax(dim=-1)) for _ in range(8)]
    x_deploy = torch.randn(N, 4)
    writer = SummaryWriter(str(tmp_path / "logs" / "run1"))
    names = run("discrepancy", D_TORCH, tmp_path, monkeypatch, models_men=models[:4], models_women=models[4:],
                x_deploy=x_deploy, writer=writer)
    writer.close()
    record = logged(tmp_path / "logs")["run1", "age", 0]
    assert record[0]["discrepancy"] == "jsd" and record[2].pool_names == ("men", "women")
    want = tb_bias_plugin.dipdi(*names["pools"], discrepancy="jsd")
    assert names["pools"][0].shape == (4, N, 3) and logged_dipdi(record) == pytest.approx(want.dipdi, rel=RTOL)


def test_the_prediction_files_command_logs_what_the_api_writes(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    pools = RNG.random((2, 4, N))
    sex, ids = RNG.choice(["f", "m"], size=N), ["ex%03d" % i for i in range(N)]
    models = {"model_%d" % (k + 1): k for k in range(4)}
    pq.write_table(pa.table({**{c: pools[0, k] for c, k in models.items()}, "sex": sex, "example_id": ids}),
                   tmp_path / "pool_a.parquet")
    pq.write_table(pa.table({c: pools[1, k] for c, k in models.items()}), tmp_path / "pool_b.parquet")
    (command,) = guide_blocks("discrepancy", "sh")
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    subprocess.run(["bash", "-e", "-c", command], check=True, env=env, cwd=tmp_path)
    with summary.Writer(tmp_path / "api" / "deployment") as writer:
        writer.prediction_discrepancy("age", pools[0], pools[1], pool_names=("men", "women"), groups=sex,
                                      example_ids=ids, step=0)
    fx.assert_values_close(logged(tmp_path / "logs")["deployment", "age", 0][2],
                           fx.read_logdir(tmp_path / "api")["deployment", "age", 0][2])


# --------------------------------------------------------------------------
# Representation bias


def class_codes_and_activations(n=300):
    sex = RNG.integers(0, 2, size=n)
    return sex, RNG.normal(size=(n, 3)) + sex[:, None]


@pytest.mark.training
def test_representation_bias_of_a_layer_is_logged_as_estimated(tmp_path, monkeypatch, capsys):
    sex, activations = class_codes_and_activations()
    names = run("representation", R_NUMPY, tmp_path, monkeypatch, activations=activations, sex_codes=sex)
    result = names["result"]
    assert capsys.readouterr().out.split()[0] == repr(result.bias)
    record = logged(tmp_path / "logs")["train", "sex", 0][2]
    assert record.class_names == ("female", "male") and [e.layer for e in record.layers] == ["fc1"]
    assert record.layers[0].result.bias == pytest.approx(result.bias, rel=RTOL)
    assert 0.1 < result.bias < 1  # the attribute shifts every dimension by one standard deviation


@pytest.mark.training
def test_a_pytorch_model_logs_each_named_layer(tmp_path, monkeypatch, capsys):
    import torch
    torch.manual_seed(0)
    sex, x = class_codes_and_activations()
    model = torch.nn.Sequential()
    model.add_module("encoder", torch.nn.Sequential(torch.nn.Linear(3, 8), torch.nn.ReLU(), torch.nn.Linear(8, 4)))
    model.add_module("head", torch.nn.Linear(4, 2))
    x_eval = torch.as_tensor(x, dtype=torch.float32)
    names = run("representation", R_TORCH, tmp_path, monkeypatch, model=model, x_eval=x_eval, sex_codes=sex)
    names["writer"].close()
    record = logged(tmp_path / "logs")["run1", "sex", 0][2]
    assert [e.layer for e in record.layers] == ["encoder.0", "encoder.2"] and record.class_names == ("female", "male")
    out = capsys.readouterr().out  # a line per estimate: "the layer, the attribute, B, ..."
    for estimate in record.layers:
        assert "layer %s, sex: B = %.3f" % (estimate.layer, estimate.result.bias) in out
    with torch.no_grad():
        want = model.encoder(x_eval).numpy()
    np.testing.assert_allclose(np.asarray(names["acts"]["encoder.2"]), want, rtol=1e-6, atol=1e-7)


# --------------------------------------------------------------------------
# Prediction sensitivity


def choices(record):
    return {c["name"]: c for c in record["choices"]}


def test_sensitivity_of_a_text_model_is_logged_per_v_choice(tmp_path, monkeypatch):
    import keras
    keras.utils.set_random_seed(0)
    vocab = np.array(["<pad>", "he", "she", "him", "her", "film", "good"], dtype=object)
    token_ids = RNG.integers(1, len(vocab), size=(40, 6))
    token_ids[:5] = RNG.integers(5, 7, size=(5, 6))  # five sentences without a gendered word
    inp = keras.Input((6,), dtype="int32")
    hidden = keras.layers.GlobalAveragePooling1D()(keras.layers.Embedding(len(vocab), 4, name="emb")(inp))
    model = keras.Model(inp, keras.layers.Dense(2, activation="softmax")(hidden))
    groups = np.where(token_ids[:, 0] < 3, "m", "f")
    names = run("sensitivity", S_TF, tmp_path, monkeypatch, model=model, token_ids=token_ids,
                tokens=vocab[token_ids], groups=groups, probs=np.asarray(model(token_ids)))
    record = logged(tmp_path / "logs")["eval", "sensitivity", 0][2]
    logged_choices = choices(record)
    assert list(logged_choices) == ["uniform", "gendered"] and record["num_examples"] == 40
    for name, result in names["results"].items():
        overall = logged_choices[name]["overall"]
        assert overall["n_defined"] == int(np.isfinite(result.P).sum())
        assert overall["mean"] == pytest.approx(float(np.nanmean(result.P)), rel=RTOL)
    assert np.isfinite(names["results"]["gendered"].P[5:]).all()
    assert not np.isfinite(names["results"]["gendered"].P[:5]).any()  # no protected word: P is undefined
    assert sorted(g["key"] for g in logged_choices["uniform"]["by_group"]) == ["f", "m"]


def test_a_pytorch_loop_logs_sensitivity_per_epoch(tmp_path, monkeypatch):
    import torch
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3), torch.nn.Softmax(-1))
    x_val = torch.randn(N, 5)
    names = run("sensitivity", S_TORCH, tmp_path, monkeypatch, model=model, x_val=x_val,
                groups=RNG.choice(["a", "b"], size=N), epochs=2)
    names["writer"].close()
    records = logged(tmp_path / "logs")
    assert sorted(records) == [("run1", "sensitivity", 0), ("run1", "sensitivity", 1)]
    logged_choices = choices(records["run1", "sensitivity", 1][2])
    assert list(logged_choices) == ["gender", "all"] and logged_choices["gender"]["indices"] == [0]
    want = tb_bias_plugin.prediction_sensitivity(model, x_val, v=VChoice.mask([0])).P
    assert logged_choices["gender"]["overall"]["mean"] == pytest.approx(float(np.mean(want)), rel=1e-6)


@pytest.mark.training
def test_the_keras_callback_logs_each_choice_with_its_own_features(tmp_path, monkeypatch):
    import keras
    keras.utils.set_random_seed(0)
    x = RNG.normal(size=(N, 5)).astype("float32")
    y = (x[:, 3] + x[:, 0] > 0).astype("int32")
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(2, activation="softmax")])
    model.compile("adam", "sparse_categorical_crossentropy")
    run("sensitivity", S_CALLBACK, tmp_path, monkeypatch, model=model, x=x, y=y, x_val=x[:80])
    records = logged(tmp_path / "logs")
    assert list(records) == [("validation", "sensitivity", 0)]
    logged_choices = choices(records["validation", "sensitivity", 0][2])
    assert {name: (c["kind"], c["indices"]) for name, c in logged_choices.items()} == {
        "sex": ("mask", [3]), "age": ("mask", [1, 2]), "sex, through its proxies": ("proxy_adjusted", [3])}
    want = tb_bias_plugin.prediction_sensitivity(model, x[:80], v=VChoice.mask([1, 2])).P
    assert logged_choices["age"]["overall"]["mean"] == pytest.approx(float(np.mean(want)), rel=1e-6)
