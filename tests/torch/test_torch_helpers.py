"""PyTorch training-loop helpers: records land beside a SummaryWriter's scalars and decode to what was logged."""

import warnings

import numpy as np
import pytest
import torch
from torch.utils.tensorboard import SummaryWriter

from plugin_fixtures import read_logdir
from tb_bias_plugin import pytorch as tbp
from tb_bias_plugin.summary import Writer


def classifier(seed=0, n_in=4, k=3):
    torch.manual_seed(seed)
    return torch.nn.Sequential(torch.nn.Linear(n_in, 8), torch.nn.Tanh(), torch.nn.Dropout(0.5),
                               torch.nn.Linear(8, k), torch.nn.Softmax(dim=1))


def scalars(logdir):
    """``{tag: steps}`` of the scalars in ``logdir``, read by TensorBoard as its Scalars tab does."""
    from tensorboard.backend.event_processing import plugin_event_multiplexer

    multiplexer = plugin_event_multiplexer.EventMultiplexer()
    multiplexer.AddRunsFromDirectory(str(logdir))
    multiplexer.Reload()
    found = {}
    for run in multiplexer.Runs():
        for tag in multiplexer.GetAccumulator(run).Tags()["tensors"]:
            events = multiplexer.Tensors(run, tag)
            if multiplexer.SummaryMetadata(run, tag).plugin_data.plugin_name == "scalars":
                found[tag] = [e.step for e in events]
    return found


def test_association_and_sensitivity_land_beside_the_summary_writer_scalars(tmp_path):
    model = classifier()
    model.train()
    x = torch.as_tensor(np.random.default_rng(0).normal(size=(40, 4)), dtype=torch.float32)
    groups = np.array(["a", "b"] * 20)
    with SummaryWriter(str(tmp_path)) as summary_writer:
        for epoch in range(2):
            summary_writer.add_scalar("loss", 1.0 / (epoch + 1), epoch)
            counter = tbp.log_association_table(summary_writer, model, x, step=epoch, label_names=["man", "woman", "job"],
                                                identity_labels=["man", "woman"], thresholds=0.3, batch_size=16)
            collector = tbp.log_prediction_sensitivity(summary_writer, model, x.numpy(), step=epoch,
                                                       v=["uniform", "mask"], protected=[1], groups=groups,
                                                       feature_names=["a", "b", "c", "d"], batch_size=16)
    tbp.close_writers()
    assert model.training  # the helpers restore the training mode they found
    assert counter.num_examples == 40 and collector.num_examples == 40
    records = read_logdir(tmp_path)
    assert {(tag, step) for (_, tag, step) in records} == {("associations", 0), ("associations", 1),
                                                         ("sensitivity", 0), ("sensitivity", 1)}
    measures = {tag: info["measure"] for (_, tag, _), (info, _, _) in records.items()}
    assert measures == {"associations": "association", "sensitivity": "sensitivity"}
    assert scalars(tmp_path) == {"loss": [0, 1]}
    # What was logged is P of the same model in evaluation mode (dropout off).
    from tb_bias_plugin import prediction_sensitivity

    want = prediction_sensitivity(model, x, v="mask", protected=[1], per_feature=False).P
    logged = collector.summary("mask")
    assert logged["n_defined"] == 40
    # float32 Jacobians, summed in another order by the helper's batches of 16 and per-feature pass
    # (5e-9 apart on an AVX-512 machine); dropout left on would move P by tens of percent
    assert logged["mean"] == pytest.approx(float(want.mean()), rel=1e-6)
    assert logged["max"] == pytest.approx(float(want.max()), rel=1e-6)


@pytest.mark.training
def test_representation_bias_of_hooked_layers_is_logged(tmp_path):
    model = classifier(n_in=4)
    rng = np.random.default_rng(2)
    z = rng.integers(0, 2, size=300)
    x = torch.as_tensor(rng.normal(size=(300, 4)) + z[:, None], dtype=torch.float32)
    found = tbp.log_representation_bias(str(tmp_path), model, x, {"sex": z}, step=3, layers=["1", "3"],
                                        steps=200, eval_every=100, control=False)
    tbp.close_writers()
    assert set(found["sex"]) == {"1", "3"}
    ((run, tag, step), (info, _, value)), = read_logdir(tmp_path).items()
    assert (tag, step, info["measure"]) == ("sex", 3, "representation")


def test_layer_activations_pool_channels_first_and_sequences():
    torch.manual_seed(1)
    net = torch.nn.Sequential(torch.nn.Conv2d(1, 3, 3), torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.LazyLinear(2))
    x = torch.rand(10, 1, 6, 6)
    net(x)  # materialise the lazy layer
    acts = tbp.layer_activations(net, x, ["0", "1"], batch_size=4)
    with torch.no_grad():
        conv = net[0](x)
    np.testing.assert_allclose(acts["0"], conv.mean(dim=(2, 3)).double().numpy(), rtol=1e-6)
    flat = tbp.layer_activations(net, x, ["1"], pool="flatten")["1"]
    assert flat.shape == (10, 3 * 4 * 4)
    seq = torch.nn.Sequential(torch.nn.Embedding(5, 4))
    ids = torch.tensor([[1, 2, 3], [4, 0, 1]])
    out = tbp.layer_activations(seq, ids, ["0"], channel_axis=-1)["0"]
    np.testing.assert_allclose(out, seq[0](ids).mean(dim=1).detach().double().numpy(), rtol=1e-6)
    with pytest.raises(ValueError, match="no submodule 'enc'"):
        tbp.layer_activations(net, x, ["enc"])


def test_bad_arguments_raise_before_anything_is_written(tmp_path):
    model = classifier()
    x = torch.rand(6, 4)
    with pytest.raises(ValueError, match="identities has 5 rows"):
        tbp.log_association_table(str(tmp_path), model, x, step=0, label_names=["a", "b", "c"],
                                  identity_labels=["a"], identities=[["a"]] * 5)
    with pytest.raises(ValueError, match="each batch of an iterable x must be a tensor or array"):
        # a list of rows reads as batches of one number each (once a RuntimeError from inside the model)
        tbp.log_association_table(str(tmp_path), model, x.tolist(), step=0, label_names=["a", "b", "c"],
                                  identity_labels=["a"])
    with pytest.raises(ValueError, match="groups has 3 rows"):
        tbp.log_prediction_sensitivity(str(tmp_path), model, x, step=0, groups=["g"] * 3)
    with pytest.raises(ValueError, match="step must be an integer, got 1.5"):
        tbp.log_prediction_sensitivity(str(tmp_path), model, x, step=1.5)
    with pytest.raises(ValueError, match="SummaryWriter or a logdir"):
        tbp.log_prediction_sensitivity(3, model, x, step=0)
    with pytest.raises(ValueError, match="layers"):
        tbp.log_representation_bias(str(tmp_path), model, x, np.zeros(6, int), step=0, layers="0")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("kwargs, match", [
    # a list for both attributes: "sex" has 2 classes, "race" 4 (the "sex" record used to be written first)
    (dict(class_names=["f", "m"]), r"attribute 'race' has 4 classes \(codes 0..3\) but 2 class_names"),
    (dict(class_names={"race": ["a"]}), r"attribute 'race' has 4 classes \(codes 0..3\) but 1 class_names"),
    (dict(class_names={"sexx": ["f", "m"]}), "class_names names attributes protected does not have: 'sexx'"),
    (dict(class_names={"sex": ["f", "f"]}), "class_names of 'sex' has duplicate names: 'f'"),
    (dict(stepz=3), "representation_bias has no setting 'stepz'"),
    (dict(steps=0), "steps must be a positive integer, got 0"),
    (dict(learning_rate=float("nan")), "learning_rate must be a finite number > 0, got nan"),
    (dict(classifier_folds=41), "classifier_folds must be at most the number of rows, 40"),
    (dict(pool="median"), "pool"),
    (dict(channel_axis=1.0), "channel_axis must be an integer, got 1.0"),
    (dict(verbose="no"), "verbose must be a non-negative integer, got .no."),  # read as True before
])
def test_representation_arguments_are_checked_before_any_estimate_or_record(tmp_path, monkeypatch, kwargs, match):
    from tb_bias_plugin.measures.representation import mine

    def no_estimate(*args, **kw):
        raise AssertionError("an estimate started")

    monkeypatch.setattr(mine, "representation_bias", no_estimate)
    model = classifier(n_in=4)
    x = torch.rand(40, 4)
    protected = {"sex": np.array([0, 1] * 20), "race": np.array([0, 1, 2, 3] * 10)}
    with pytest.raises(ValueError, match=match):
        tbp.log_representation_bias(str(tmp_path), model, x, protected, step=0, layers=["1"],
                                    **{"verbose": False, **kwargs})
    assert not list(tmp_path.iterdir())


def test_layer_activations_of_no_rows_names_x():
    with pytest.raises(ValueError, match="x must hold at least one example"):
        tbp.layer_activations(classifier(n_in=4), torch.zeros(0, 4), ["1"])


def test_the_facade_lists_every_measures_helpers():
    assert set(tbp.helpers()) == {"log_association_table", "log_prediction_sensitivity", "layer_activations",
                                  "log_representation_bias"}
    with pytest.raises(AttributeError):
        tbp.log_everything  # noqa: B018


def test_lightning_callback_says_what_to_install_without_lightning(monkeypatch):
    import sys

    for module in ("lightning", "lightning.pytorch", "pytorch_lightning"):
        monkeypatch.setitem(sys.modules, module, None)  # as if not installed
    with pytest.raises(ImportError, match=r"needs PyTorch Lightning: pip install \"\.\[lightning\]\" in a clone"):
        tbp.lightning_callback(tbp.log_association_table)


@pytest.mark.training
def test_a_lightning_trainer_logs_the_bias_beside_its_own_scalars(tmp_path):
    # Real Lightning (a test dependency): the callback runs in a Trainer's
    # validation loop and writes into the run of the Trainer's TensorBoard logger.
    lightning = pytest.importorskip("lightning.pytorch")
    from lightning.pytorch.loggers import TensorBoardLogger

    rng = np.random.default_rng(0)
    x = torch.as_tensor(rng.normal(size=(64, 4)), dtype=torch.float32)
    y = torch.as_tensor(rng.integers(0, 3, size=64))
    data = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, y), batch_size=32)

    Module = first_class_module(lightning)
    callback = tbp.lightning_callback(tbp.log_association_table, x, label_names=["man", "woman", "job"],
                                      identity_labels=["man", "woman"], thresholds=0.3, every_n_epochs=2)
    trainer = lightning.Trainer(max_epochs=4, logger=TensorBoardLogger(str(tmp_path), name="", version="run"),
                                callbacks=[callback], accelerator="cpu", enable_checkpointing=False,
                                enable_progress_bar=False, enable_model_summary=False, log_every_n_steps=1)
    trainer.fit(Module(), data, data)
    tbp.close_writers()
    records = read_logdir(tmp_path)
    assert scalars(tmp_path)["val_loss"] == [1, 3, 5, 7]  # Lightning's global steps, 2 batches an epoch
    # epochs 1 and 3, at the steps of Lightning's own scalars of those validations
    assert sorted((run, tag, step) for run, tag, step in records) == [("run", "associations", 3),
                                                                      ("run", "associations", 7)]


def first_class_module(lightning, validate=True):
    """A LightningModule of `classifier()` trained to favour its first class; ``validate``: with a
    validation step that logs ``val_loss`` (without, a fit runs no validation)."""

    class Module(lightning.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = classifier()

        def forward(self, inputs):
            return self.net(inputs)

        def training_step(self, batch, _):
            return -torch.log(self.net(batch[0])[:, 0]).mean()

        def configure_optimizers(self):
            return torch.optim.SGD(self.parameters(), lr=0.1)

    class Validated(Module):
        def validation_step(self, batch, _):
            self.log("val_loss", -torch.log(self.net(batch[0])[:, 0]).mean())

    return Validated if validate else Module


@pytest.mark.training
def test_a_lightning_trainer_validating_twice_an_epoch_logs_each_validation_at_its_step(tmp_path):
    lightning = pytest.importorskip("lightning.pytorch")
    from lightning.pytorch.loggers import TensorBoardLogger

    x = torch.rand(64, 4)
    data = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, torch.zeros(64, dtype=torch.long)),
                                       batch_size=16)  # 4 batches an epoch

    Module = first_class_module(lightning)

    callback = tbp.lightning_callback(tbp.log_association_table, x, label_names=["man", "woman", "job"],
                                      identity_labels=["man", "woman"], every_n_epochs=2)
    trainer = lightning.Trainer(max_epochs=3, val_check_interval=0.5, callbacks=[callback], accelerator="cpu",
                                logger=TensorBoardLogger(str(tmp_path), name="", version="run"),
                                enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False,
                                log_every_n_steps=1)
    trainer.fit(Module(), data, data)
    tbp.close_writers()
    assert scalars(tmp_path)["val_loss"] == [1, 3, 5, 7, 9, 11]
    # epoch 1 (every second) and epoch 2 (the last), each of its two validations at Lightning's step
    assert sorted(step for _, _, step in read_logdir(tmp_path)) == [5, 7, 9, 11]


def test_lightning_wrapper_logic_with_a_stand_in_lightning(tmp_path, monkeypatch):
    # Not Lightning itself (see test_lightning_callback_needs_lightning_or_builds_one): a module with
    # Lightning's Callback name, to check which epochs log, where, and that the sanity check does not.
    import sys
    import types

    stand_in = types.ModuleType("lightning.pytorch")
    stand_in.Callback = type("Callback", (), {})
    monkeypatch.setitem(sys.modules, "lightning", types.ModuleType("lightning"))
    monkeypatch.setitem(sys.modules, "lightning.pytorch", stand_in)
    calls = []
    cb = tbp.lightning_callback(lambda writer, model, x, step, **kw: calls.append((writer, model, x, step, kw)),
                                "x_val", every_n_epochs=2, name="t")
    model = object()
    for epoch, sanity in [(0, True), (0, False), (1, False), (2, False), (3, False), (4, False)]:
        # Lightning counts the batch whose end runs validation after it: its scalars are at one less
        loop = types.SimpleNamespace(epoch_loop=types.SimpleNamespace(_batches_that_stepped=10 * epoch + 9))
        trainer = types.SimpleNamespace(current_epoch=epoch, global_step=10 * epoch + 10, fit_loop=loop,
                                        max_epochs=5, sanity_checking=sanity, is_global_zero=True, log_dir=str(tmp_path))
        cb.on_validation_epoch_end(trainer, model)
    assert calls == [(str(tmp_path), model, "x_val", 19, {"name": "t"}), (str(tmp_path), model, "x_val", 39, {"name": "t"}),
                     (str(tmp_path), model, "x_val", 49, {"name": "t"})]  # epochs 1, 3 and the last, 4
    cb.on_fit_end(trainer, model)  # the last epoch measured the model the fit ends with
    assert len(calls) == 3
    # a fit that ends otherwise (early stopping after epoch 2): its model measured at the fit's end
    trainer.global_step, trainer.fit_loop.epoch_loop._batches_that_stepped = 30, 30
    cb.on_fit_start(trainer, model)
    cb.on_fit_end(trainer, model)
    assert calls[3:] == [(str(tmp_path), model, "x_val", 30, {"name": "t"})]
    with pytest.raises(ValueError, match="log must be one of this module's log_\\* helpers"):
        tbp.lightning_callback("log_association_table", "x_val")  # once accepted, failing at the first epoch's end


def test_association_table_keeps_examples_by_row_or_id_column(tmp_path):
    import plugin_fixtures as fx
    from tb_bias_plugin import CooccurrenceCounter

    model = classifier()
    x = torch.rand(40, 4)
    ids = ["doc-%d" % i for i in range(40)]
    by_column = tbp.log_association_table(str(tmp_path / "a"), model, x, step=0, label_names=["a", "b", "c"],
                                          identity_labels=["a"], thresholds=0.3, batch_size=16, example_ids=ids,
                                          example_text=["text %d" % i for i in range(40)], examples_per_cell=3)
    loader = torch.utils.data.DataLoader(x, batch_size=16)
    by_index = tbp.log_association_table(str(tmp_path / "b"), model, loader, step=0, label_names=["a", "b", "c"],
                                         identity_labels=["a"], thresholds=0.3, example_ids="index", examples_per_cell=3)
    model.eval()
    with torch.no_grad():
        scores = model(x).numpy().astype(np.float64)
    want = CooccurrenceCounter(["a", "b", "c"], ["a"], 0.3, examples_per_cell=3).update(
        scores, example_ids=ids, example_text=["text %d" % i for i in range(40)]).table()
    np.testing.assert_array_equal(by_column.table().label_counts, want.label_counts)
    assert want.label_counts.sum() > 20
    assert by_column.table().examples == want.examples and want.examples.ids
    (_, _, written), = fx.read_logdir(tmp_path / "a").values()
    assert written.examples == want.examples
    by_row = CooccurrenceCounter(["a", "b", "c"], ["a"], 0.3, examples_per_cell=3).update(scores, example_ids=range(40)).table()
    assert by_index.table().examples == by_row.examples
    with pytest.raises(ValueError, match='with batches, example_ids can only be "index"'):
        tbp.log_association_table(str(tmp_path / "c"), model, loader, step=0, label_names=["a", "b", "c"],
                                  identity_labels=["a"], example_ids=ids)
    with pytest.raises(ValueError, match="example_ids has 39 rows"):
        tbp.log_association_table(str(tmp_path / "c"), model, x, step=0, label_names=["a", "b", "c"],
                                  identity_labels=["a"], example_ids=ids[:39])
    assert not (tmp_path / "c").exists()


# The three helpers, each on a 6-row batch of 4 features and a model of 3 classes.
STEP_HELPERS = {
    "association": lambda out, model, x, step: tbp.log_association_table(
        out, model, x, step=step, label_names=["a", "b", "c"], identity_labels=["a", "b"]),
    "sensitivity": lambda out, model, x, step: tbp.log_prediction_sensitivity(out, model, x, step=step),
    "representation": lambda out, model, x, step: tbp.log_representation_bias(
        out, model, x, np.array([0, 1] * 3), step=step, layers=["1"], verbose=False),
}


@pytest.mark.parametrize("helper", STEP_HELPERS)
def test_a_step_beyond_64_bits_is_refused_before_the_model_runs(tmp_path, helper):
    # once accepted, it ran the model and then failed in protobuf ("Value out of range")
    model = classifier()

    def refuse(module, args):
        raise AssertionError("the model ran")

    model.register_forward_pre_hook(refuse)
    with pytest.raises(ValueError, match="step 18446744073709551616 does not fit in 64 bits"):
        STEP_HELPERS[helper](str(tmp_path), model, torch.rand(6, 4), 2**64)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("helper", STEP_HELPERS)
def test_the_helpers_take_the_steps_the_writer_takes(tmp_path, helper, monkeypatch):
    from tb_bias_plugin.measures.representation import entropy, mine

    # no estimate is needed to see the step of the record
    monkeypatch.setattr(mine, "representation_bias", lambda values, codes, **kw: entropy.RepresentationBiasResult
                        .undefined([3, 3], 6, reason="single_class", settings={}))
    model, x = classifier(), torch.rand(6, 4)
    for step in (-1, torch.tensor(3), np.int64(2**63 - 1)):
        STEP_HELPERS[helper](str(tmp_path), model, x, step)
    with Writer(str(tmp_path / "writer")) as writer:  # the rule they follow
        for step in (-1, torch.tensor(3), np.int64(2**63 - 1)):
            writer.metric_table("m", [[0.5]], step=step, label_names=["a"], metric_names=["nPMI@a"])
    tbp.close_writers()
    steps = sorted(step for run, _, step in read_logdir(tmp_path) if run == ".")
    assert steps == sorted(step for run, _, step in read_logdir(tmp_path) if run == "writer") == [-1, 3, 2**63 - 1]


def test_numpy_float64_rows_meet_a_float32_model_in_its_dtype(tmp_path):
    """A walk-through: NumPy's float64 rows, which the helpers' docs accept, failed in every float32 model."""
    model = classifier()
    x = np.random.default_rng(0).random((12, 4))
    counter = tbp.log_association_table(str(tmp_path), model, x, step=0, label_names=["a", "b", "c"],
                                        identity_labels=["a", "b"], thresholds=[0.3])
    assert counter.num_examples == 12
    collector = tbp.log_prediction_sensitivity(str(tmp_path), model, x, step=0, v="mask", protected=[0])
    assert collector.num_examples == 12
    acts = tbp.layer_activations(model, x, ["1"])["1"]
    with torch.no_grad():
        expected = model[1](model[0](torch.as_tensor(x, dtype=torch.float32))).double().numpy()
    np.testing.assert_allclose(acts, expected, rtol=1e-6)
    # a float64 module keeps float64 rows: its outputs are not rounded to float32
    wide = classifier().double()
    with torch.no_grad():
        wide.eval()
        exact = wide(torch.as_tensor(x)).numpy()
    wide.train()
    np.testing.assert_allclose(tbp.layer_activations(wide, x, ["4"])["4"], exact, rtol=1e-13)


def test_a_plain_callable_with_numpy_rows_runs_with_pytorch(tmp_path):
    """The PyTorch helper asked for TensorFlow when a plain callable's x was a NumPy array."""
    weights = torch.tensor([[1.0, -1.0], [0.5, 0.25], [0.0, 2.0]])

    def model(t):
        return torch.softmax(t @ weights, dim=1)

    x = np.random.default_rng(1).random((9, 3)).astype(np.float32)
    collector = tbp.log_prediction_sensitivity(str(tmp_path), model, x, step=0, v="mask", protected=[2])
    assert collector.num_examples == 9 and collector.choice_names == ["mask"]


def test_a_bad_score_names_the_row_of_x_not_of_its_batch(tmp_path):
    x = torch.full((600, 2), 0.5)
    x[555, 0] = 1.7
    with pytest.raises(ValueError, match=r"^the model's output on row 555 of x has a score above 1, 1.7, in column 0 "):
        tbp.log_association_table(str(tmp_path), lambda t: t, x, step=0, label_names=["a", "b"],
                                  identity_labels=["a", "b"])
    assert not list(tmp_path.iterdir())


def test_a_model_output_of_one_axis_is_said_of_the_model_not_of_predictions(tmp_path):
    x = torch.rand(300, 2)
    with pytest.raises(ValueError, match=r"^the model's output must be \[batch, 2\] scores, one per label name; "
                                         r"got shape \(44,\) on the batch from row 256 of x$"):
        tbp.log_association_table(str(tmp_path), lambda t: t[:, 0] if len(t) < 256 else t, x, step=0,
                                  label_names=["a", "b"], identity_labels=["a", "b"])
    for model, shape in ((lambda t: t[:, :1], r"\(256, 1\)"), (lambda t: t.mean(), r"\(\)")):  # "predictions has"; an IndexError
        with pytest.raises(ValueError, match=r"^the model's output must be \[batch, 2\] scores, one per label name; "
                                             rf"got shape {shape} on the batch from row 0 of x$"):
            tbp.log_association_table(str(tmp_path), model, x, step=0, label_names=["a", "b"],
                                      identity_labels=["a", "b"], example_ids="index")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("kwargs, match", [
    (dict(x=torch.rand(20)), r"tabular x must be \[n, F\] .*got shape \(20,\)"),
    (dict(v="foo", protected=[0]), "unknown v choice 'foo'"),  # was blamed on protected=
    (dict(groups=5), "^groups must have one entry per row of x; got int 5$"),  # was a TypeError from len()
    (dict(groups=["a", None] * 4), "groups must be all strings or all integers; got None"),  # now, not at batch 1
])
def test_sensitivity_helper_says_what_is_wrong_before_writing(tmp_path, kwargs, match):
    args = dict(x=torch.rand(8, 4), v="mask", protected=[0])
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        tbp.log_prediction_sensitivity(str(tmp_path), classifier(), step=0, **args)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("axis", [4, 5, -4, 100])
def test_a_channel_axis_outside_the_output_is_refused(axis):
    net = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3))
    with pytest.raises(ValueError, match=r"channel_axis=%d is outside a 4-axis output" % axis if axis != -4
                       else "cannot be the example axis 0"):
        tbp.layer_activations(net, torch.randn(5, 1, 8, 8), ["0"], channel_axis=axis)


def test_a_bad_examples_per_cell_is_said_even_without_ids(tmp_path):
    # a review: without example_ids the value was never read, so -1 passed
    with pytest.raises(ValueError, match="examples_per_cell must be an integer from 0 to 65536, got -1"):
        tbp.log_association_table(str(tmp_path), classifier(), torch.rand(4, 4), step=0, label_names=["a", "b", "c"],
                                  identity_labels=["a"], examples_per_cell=-1)
    assert not list(tmp_path.iterdir())


def test_the_array_apis_read_tensors_that_require_grad_or_are_bfloat16():
    # dipdi, Writer.prediction_discrepancy, accumulated_sensitivity and representation_bias's checks raised
    # torch's "Can't call numpy() on Tensor that requires grad" (and "unsupported ScalarType BFloat16")
    import tb_bias_plugin
    from tb_bias_plugin.measures.representation.entropy import validate_protected

    g = torch.Generator().manual_seed(0)
    pool_a = torch.softmax(torch.randn(4, 30, 3, generator=g, requires_grad=True), -1)
    pool_b = torch.softmax(torch.randn(4, 30, 3, generator=g, requires_grad=True), -1)
    want = tb_bias_plugin.dipdi(pool_a.detach().numpy(), pool_b.detach().numpy(), discrepancy="abs").dipdi
    assert tb_bias_plugin.dipdi(pool_a, pool_b, discrepancy="abs").dipdi == pytest.approx(want, abs=1e-12)
    half = tb_bias_plugin.dipdi(pool_a.to(torch.bfloat16), pool_b.to(torch.bfloat16), discrepancy="abs").dipdi
    assert half == pytest.approx(want, abs=0.02)  # bfloat16 keeps 3 significant digits
    jacobian = torch.rand(5, 3, 4, generator=g, requires_grad=True)
    got = tb_bias_plugin.accumulated_sensitivity(jacobian, v=torch.full((4,), 0.25), w=torch.full((3,), 1 / 3)).P
    np.testing.assert_allclose(got, jacobian.detach().numpy().mean(axis=(1, 2)), rtol=1e-6)
    codes = torch.tensor([0, 1, 1, 0])
    assert validate_protected(codes, 4).tolist() == [0, 1, 1, 0]
    assert tb_bias_plugin.core.validation.check_finite_array(jacobian, "r").shape == (5, 3, 4)


def test_thresholds_as_a_tensor_are_the_numbers_it_holds():
    # was "thresholds must be numbers in [0, 1], got tensor([0.3000, 0.5000])" of numbers in [0, 1]
    from tb_bias_plugin.measures.association.counting import CooccurrenceCounter

    counter = CooccurrenceCounter(["man", "woman", "bike"], ["man", "woman"], thresholds=torch.tensor([0.3, 0.5]))
    assert counter.thresholds == (0.3, 0.5)  # as written, not float32's 0.30000001192092896
    assert CooccurrenceCounter(["a", "b"], ["a"], thresholds=torch.tensor(0.4)).thresholds == (0.4,)
    with pytest.raises(ValueError, match=r"^threshold 1.5 is outside \[0, 1\]$"):
        CooccurrenceCounter(["a", "b"], ["a"], thresholds=torch.tensor([1.5]))


def test_a_model_returning_a_tuple_is_told_to_return_its_scores(tmp_path):
    # was NumPy's "setting an array element with a sequence ... inhomogeneous shape"
    model = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.Sigmoid())
    with pytest.raises(ValueError, match=r"^the model returned a tuple, not one tensor of scores: .*lambda x: "):
        tbp.log_association_table(tmp_path, lambda t: (model(t), None), torch.rand(8, 3), step=0,
                                  label_names=["man", "woman", "bike"], identity_labels=["man", "woman"])
    assert not list(tmp_path.iterdir())  # nothing written


def test_a_writer_given_a_summary_writer_says_to_pass_its_directory(tmp_path):
    # was "logdir must be a path, got <torch.utils.tensorboard.writer.SummaryWriter object at 0x...>"
    with SummaryWriter(str(tmp_path)) as torch_writer:
        with pytest.raises(ValueError, match=r"^logdir must be a path, got a SummaryWriter: pass its directory, "
                                             r"writer.get_logdir\(\)$"):
            Writer(torch_writer)
        with Writer(torch_writer.get_logdir()) as writer:  # what the message says
            writer.association_table("g", np.eye(2), label_names=["a", "b"], identity_labels=["a", "b"], step=0)


def test_an_association_table_reads_scores_that_require_grad_or_are_bfloat16(tmp_path):
    # refused with PyTorch's "Can't call numpy() on Tensor that requires grad" while the other measures took them
    scores = torch.tensor([[0.9, 0.1, 0.8], [0.2, 0.7, 0.6], [0.8, 0.3, 0.4]], requires_grad=True)
    with Writer(tmp_path) as writer:
        for name, given in (("grad", scores * 1), ("bf16", (scores * 1).bfloat16())):
            writer.association_table(name, given, label_names=["a", "b", "c"], identity_labels=["a", "b"], step=0)
    tables = read_logdir(tmp_path)
    for name in ("grad", "bf16"):
        table = next(value for key, (_, _, value) in tables.items() if name in key)
        assert table.label_counts[0].tolist() == [2, 1, 2]  # scores >= 0.5 (0.6 is 0.6016 in bfloat16)


def test_a_logdir_deleted_between_calls_gets_a_new_event_file(tmp_path):
    """A notebook rerun: shutil.rmtree(logdir), then the same helper into it again."""
    import shutil

    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Sigmoid())
    names = dict(label_names=["man", "woman"], identity_labels=["man", "woman"])
    run = str(tmp_path / "logs" / "run")
    tbp.log_association_table(run, model, torch.rand(8, 3), step=0, **names)
    shutil.rmtree(tmp_path / "logs")
    tbp.log_association_table(run, model, torch.rand(6, 3), step=1, **names)
    tbp.close_writers()
    records = read_logdir(tmp_path / "logs")
    assert list(records) == [("run", "associations", 1)]
    assert records["run", "associations", 1][2].num_examples == 6


def test_a_helper_logging_a_step_twice_warns(tmp_path):
    from tb_bias_plugin.writing.events import RewrittenStepWarning

    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Sigmoid())
    names = dict(label_names=["man", "woman"], identity_labels=["man", "woman"])
    tbp.log_association_table(tmp_path, model, torch.rand(8, 3), step=2, **names)
    with pytest.warns(RewrittenStepWarning, match=r"tag 'associations' of .* already has a record at step 2"):
        tbp.log_association_table(tmp_path, model, torch.rand(8, 3), step=2, **names)
    tbp.close_writers()


def test_lightning_callback_checks_the_helpers_arguments_when_made(monkeypatch):
    import sys
    import types

    stand_in = types.ModuleType("lightning.pytorch")
    stand_in.Callback = type("Callback", (), {})
    monkeypatch.setitem(sys.modules, "lightning", types.ModuleType("lightning"))
    monkeypatch.setitem(sys.modules, "lightning.pytorch", stand_in)
    x = torch.rand(8, 4)
    with pytest.raises(ValueError, match=r"lightning_callback: log_association_table\(writer, model, \*args, step=, "
                                         r"\*\*kwargs\) would fail: got an unexpected keyword argument 'label_name'"):
        tbp.lightning_callback(tbp.log_association_table, x, label_name=["a", "b"], identity_labels=["a"])
    with pytest.raises(ValueError, match=r"log_representation_bias.*missing a required argument: 'protected'"):
        tbp.lightning_callback(tbp.log_representation_bias, x, layers=["1"])
    with pytest.raises(ValueError, match=r"step= is the callback's to give \(Lightning's step\)"):
        tbp.lightning_callback(tbp.log_association_table, x, step=3, label_names=["a"], identity_labels=["a"])
    tbp.lightning_callback(tbp.log_association_table, x, label_names=["a"], identity_labels=["a"])  # fine


@pytest.mark.training
@pytest.mark.parametrize("validate, bound, steps", [
    # no validation loop: measured once, at the fit's end (it warned that it measured nothing)
    (False, dict(max_epochs=1), [2]),
    # max_steps ends the fit inside epoch 2 (4 batches an epoch), before the every-second epoch 3
    # and with max_epochs unset: the model it ends with was never measured
    (True, dict(max_steps=10, max_epochs=-1), [7, 10]),
])
def test_a_lightning_fit_is_measured_at_its_end_when_no_validation_measured_its_model(tmp_path, validate, bound,
                                                                                       steps):
    lightning = pytest.importorskip("lightning.pytorch")
    from lightning.pytorch.loggers import TensorBoardLogger

    x = torch.rand(64 if validate else 32, 4)
    data = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x), batch_size=16)
    Module = first_class_module(lightning, validate=validate)
    callback = tbp.lightning_callback(tbp.log_association_table, torch.rand(8, 4), label_names=["a", "b", "c"],
                                      identity_labels=["a", "b"], every_n_epochs=2)
    trainer = lightning.Trainer(callbacks=[callback], accelerator="cpu", enable_checkpointing=False,
                                logger=TensorBoardLogger(str(tmp_path), name="", version="run"),
                                enable_progress_bar=False, enable_model_summary=False, **bound)
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message="lightning_callback")
        trainer.fit(Module(), data, data if validate else None)
    tbp.close_writers()
    assert sorted(step for _, _, step in read_logdir(tmp_path)) == steps


def test_no_rows_and_an_empty_batch_are_said_of_x(tmp_path):
    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Sigmoid())
    names = dict(label_names=["man", "woman"], identity_labels=["man", "woman"])
    with pytest.raises(ValueError, match=r"^x held no rows: there is nothing to count$"):
        tbp.log_association_table(tmp_path, model, torch.zeros(0, 3), step=0, **names)
    with pytest.raises(ValueError, match=r"^x held no rows: there is nothing to count$"):
        tbp.log_association_table(tmp_path, model, iter([]), step=0, **names)
    with pytest.raises(ValueError, match=r"^batch 1 of x \(0-based; 4 rows before it\) holds no rows$"):
        tbp.log_association_table(tmp_path, model, [torch.rand(4, 3), torch.zeros(0, 3), torch.rand(2, 3)], step=0,
                                  **names)
    assert list(tmp_path.iterdir()) == []


def test_a_one_label_model_may_return_one_score_per_row(tmp_path):
    torch.manual_seed(0)
    linear = torch.nn.Linear(3, 1)
    x = torch.rand(20, 3)
    flat = tbp.log_association_table(tmp_path / "a", torch.nn.Sequential(linear, torch.nn.Flatten(0), torch.nn.Sigmoid()),
                                     x, step=0, label_names=["man"], identity_labels=["man"], thresholds=0.4)
    column = tbp.log_association_table(tmp_path / "b", torch.nn.Sequential(linear, torch.nn.Sigmoid()), x, step=0,
                                       label_names=["man"], identity_labels=["man"], thresholds=0.4)
    tbp.close_writers()
    np.testing.assert_array_equal(flat.table().label_counts, column.table().label_counts)
    assert flat.num_examples == 20


QUICK_ESTIMATE = dict(verbose=False, steps=10, classifier_steps=10, classifier_folds=2, control=False, workers=1)


def test_representation_errors_name_the_attribute_the_layer_and_x(tmp_path):
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh())
    sex = np.array([0, 1] * 32)
    with pytest.raises(ValueError, match=r"^protected\['sex'\] has 63 entries but x has 64 rows$"):
        tbp.log_representation_bias(tmp_path, model, torch.rand(64, 3), {"sex": sex[:63]}, step=0, layers=["1"],
                                    **QUICK_ESTIMATE)
    with pytest.raises(ValueError, match=r"^protected has 63 entries but x has 64 rows$"):
        tbp.log_representation_bias(tmp_path, model, torch.rand(64, 3), sex[:63], step=0, layers=["1"],
                                    **QUICK_ESTIMATE)
    x = torch.rand(64, 3)
    x[5, 1] = float("nan")
    with pytest.raises(ValueError, match=r"^the output of layer '0' on x has non-finite entries at positions "
                                         r"\[\(5, 0\), .*: is x finite\?"):
        tbp.log_representation_bias(tmp_path, model, x, {"sex": sex}, step=0, layers=["0", "1"], **QUICK_ESTIMATE)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("call", [
    lambda out, loader: tbp.log_prediction_sensitivity(out, torch.nn.Sequential(torch.nn.Linear(3, 2),
                                                                                torch.nn.Softmax(dim=1)), loader, step=0),
    lambda out, loader: tbp.log_representation_bias(out, torch.nn.Sequential(torch.nn.Linear(3, 4)), loader,
                                                    np.array([0, 1] * 4), step=0, layers=["0"], **QUICK_ESTIMATE),
], ids=["sensitivity", "representation"])
def test_a_dataloader_where_rows_are_needed_is_refused_saying_what_to_pass(tmp_path, call):
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.rand(8, 3)), batch_size=4)
    with pytest.raises(ValueError, match=r"^x must be one tensor or array with a row per example, got a DataLoader: "
                                         r"this helper reads all rows at once; pass them as one tensor, e\.g\. "
                                         r"torch\.cat\(\[batch\[0\] for batch in loader\]\)$"):
        call(tmp_path, loader)
    assert list(tmp_path.iterdir()) == []


def test_representation_records_of_named_attributes_carry_the_attribute(tmp_path):
    import warnings

    sex = np.array([0, 1] * 40)
    x = torch.as_tensor(sex[:, None] + np.random.default_rng(0).normal(size=(80, 3)), dtype=torch.float32)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # few rows
        tbp.log_representation_bias(tmp_path / "named", model, x, {"sex": sex}, step=0, layers=["1"], **QUICK_ESTIMATE)
        tbp.log_representation_bias(tmp_path / "one", model, x, sex, step=0, layers=["1"], **QUICK_ESTIMATE)
    tbp.close_writers()
    records = read_logdir(tmp_path)
    assert records["named", "sex", 0][0]["attribute"] == "sex"
    assert records["one", "representation", 0][0]["attribute"] == ""  # one array: the tag is name=, not an attribute
