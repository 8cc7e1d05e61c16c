"""Summary writing: TF and TF-free paths, storage format, data-provider round trip."""

import copy
import glob
import os
import subprocess
import sys

import numpy as np
import pytest

from plugin_fixtures import read_logdir
from tb_bias_plugin import CooccurrenceCounter, summary
from tb_bias_plugin.measures.association import codec, metadata
from tb_bias_plugin.measures.association.table import AssociationTable, PrecomputedTable
from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.storage import record

LABELS = ["man", "woman"] + ["label_%d" % i for i in range(40)]


def _predictions(seed=0, n=300):
    rng = np.random.default_rng(seed)
    return rng.random((n, len(LABELS))) ** 3


def _counter(seed=0):
    return CooccurrenceCounter(LABELS, ["man", "woman"], thresholds=(0.3, 0.5)).update(_predictions(seed))


def _summary_events(logdir):
    from tensorboard.backend.event_processing import event_file_loader

    events = []
    for path in sorted(glob.glob(os.path.join(logdir, "events.out.tfevents.*"))):
        for event in event_file_loader.LegacyEventFileLoader(path).Load():
            if event.HasField("summary"):
                events.append(event)
    return events


def _read_back(logdir):
    """``{(run, tag, step): (plugin metadata, table)}`` of a logdir."""
    return {key: (info, table) for key, (info, _, table) in read_logdir(logdir).items()}


def test_writer_round_trip_through_tensorboard_data_provider(tmp_path):
    counter = _counter()
    with summary.Writer(tmp_path / "run_a") as writer:
        writer.association_table("gender", counter, step=2, description="eval set")
        writer.association_table(
            "gender",
            _predictions(1),
            label_names=LABELS,
            identity_labels=["man", "woman"],
            thresholds=[0.3, 0.5],
            step=3,
        )
    tables = _read_back(str(tmp_path))
    assert sorted(tables) == [("run_a", "gender", 2), ("run_a", "gender", 3)]
    info, table = tables["run_a", "gender", 2]
    assert table == counter.table()
    assert table == codec.decode(codec.encode_table(counter.table()))
    assert info["kind"] == "counts" and info["identities"] == ["man", "woman"]
    assert info["thresholds"] == [0.3, 0.5] and info["num_labels"] == len(LABELS)
    assert tables["run_a", "gender", 3][1] == _counter(1).table()


def test_tensorflow_and_tf_free_paths_write_equivalent_records(tmp_path):
    import tensorflow as tf
    counter = _counter()
    values = np.array([[0.1, 3.0], [-0.2, 5.0], [0.4, 0.0]])
    precomputed = dict(label_names=["a", "b", "c"], metric_names=["nPMI@man", "count@man"])
    with summary.Writer(tmp_path / "notf") as writer:
        writer.association_table("gender", counter, step=5, description="d")
        writer.metric_table("old", values, step=5, **precomputed)
    with tf.summary.create_file_writer(str(tmp_path / "tf")).as_default():
        assert bool(summary.association_table("gender", counter, step=5, description="d"))
        assert bool(summary.metric_table("old", values, step=5, **precomputed))
    notf, withtf = _summary_events(tmp_path / "notf"), _summary_events(tmp_path / "tf")
    assert len(notf) == len(withtf) == 2
    for a, b in zip(notf, withtf):
        assert a.step == b.step == 5
        (va,), (vb,) = a.summary.value, b.summary.value
        assert va.tag == vb.tag
        assert va.metadata == vb.metadata
        assert va.tensor == vb.tensor
    tables = _read_back(str(tmp_path))
    assert tables["tf", "gender", 5][1] == tables["notf", "gender", 5][1] == counter.table()
    assert tables["tf", "old", 5][1] == PrecomputedTable(values=values, **precomputed)


def test_tf_path_uses_name_scopes_and_default_step(tmp_path):
    import tensorflow as tf
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=7):
        with tf.name_scope("eval"):
            summary.association_table("gender", _counter())
    (event,) = _summary_events(tmp_path)
    assert event.step == 7 and event.summary.value[0].tag == "eval/gender"


def test_tf_path_names_a_float_step_tensor(tmp_path):
    import tensorflow as tf
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        with pytest.raises(ValueError, match="step must be an integer"):  # once an AttributeError
            summary.association_table("gender", _counter(), step=tf.constant(1.5))
    assert _summary_events(tmp_path) == []


def test_tf_path_takes_a_step_variable_as_tf_summary_does(tmp_path):
    import tensorflow as tf
    iterations = tf.Variable(12, dtype=tf.int64)  # an optimizer's `iterations`, refused before
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        assert bool(summary.association_table("gender", _counter(), step=iterations))
        tf.summary.experimental.set_step(iterations)
        try:
            iterations.assign_add(1)
            assert bool(summary.association_table("gender", _counter()))
        finally:
            tf.summary.experimental.set_step(None)
    assert [event.step for event in _summary_events(tmp_path)] == [12, 13]


def test_tf_path_names_a_default_step_that_is_not_an_integer(tmp_path):
    import tensorflow as tf
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        tf.summary.experimental.set_step(2.5)  # TensorFlow's own TypeError before, from its writer
        try:
            with pytest.raises(ValueError, match=r"^the default step \(tf.summary.experimental.set_step\) must be "
                                                 r"an integer, got 2.5$"):
                summary.association_table("gender", _counter())
        finally:
            tf.summary.experimental.set_step(None)
    assert _summary_events(tmp_path) == []


def test_a_keras_3_optimizers_iterations_is_a_step_on_both_paths(tmp_path):
    # a keras.Variable, not a tf.Variable, and without __index__: was "step must be an integer"
    import keras
    import tensorflow as tf

    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation="softmax")])
    model.compile("sgd", "sparse_categorical_crossentropy")
    model.fit(np.zeros((8, 3)), np.zeros(8), batch_size=4, verbose=0)
    iterations = model.optimizer.iterations
    assert not isinstance(iterations, tf.Variable) and int(iterations.numpy()) == 2
    with tf.summary.create_file_writer(str(tmp_path / "tf")).as_default():
        assert bool(summary.association_table("gender", _counter(), step=iterations))
    with summary.Writer(tmp_path / "writer") as writer:
        writer.association_table("gender", _counter(), step=iterations)
        with pytest.raises(ValueError, match=r"^step must be an integer, got <Variable .*float32"):
            writer.association_table("gender", _counter(), step=keras.Variable(2.5))
    assert [event.step for event in _summary_events(tmp_path / "tf")] == [2]
    assert [event.step for event in _summary_events(tmp_path / "writer")] == [2]


def test_tf_path_names_a_float_step_variable_and_a_step_past_64_bits(tmp_path):
    import tensorflow as tf
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        with pytest.raises(ValueError, match=r"^step must be an integer, got <tf.Tensor: .*dtype=float32, numpy=2.5>$"):
            summary.association_table("gender", _counter(), step=tf.Variable(2.5))
        tf.summary.experimental.set_step(2**63)
        try:
            with pytest.raises(ValueError, match=r"^the default step \(tf.summary.experimental.set_step\) "
                                                 r"9223372036854775808 does not fit in 64 bits$"):
                summary.association_table("gender", _counter())
        finally:
            tf.summary.experimental.set_step(None)
    assert _summary_events(tmp_path) == []


def test_tf_path_without_writer_returns_false():
    assert not bool(summary.association_table("gender", _counter(), step=0))


def test_tf_path_does_no_work_when_nothing_would_be_recorded(tmp_path, monkeypatch):
    """Without a default writer, or under tf.summary.record_if(False) (a table counted at every step and
    recorded every hundredth), nothing is built, as tf.summary.write defers a callable tensor; without a
    step, the error comes before the work."""
    import tensorflow as tf

    built = []
    real_build = summary._build
    monkeypatch.setattr(summary, "_build", lambda *a: built.append(a[1]) or real_build(*a))
    predictions = _predictions()
    kwargs = dict(label_names=LABELS, identity_labels=["man", "woman"])
    assert not bool(summary.association_table("gender", predictions, step=0, **kwargs))
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        with tf.summary.record_if(False):
            assert not bool(summary.association_table("gender", predictions, step=0, **kwargs))
        assert built == []
        with pytest.raises(ValueError, match="no step: pass step=, or set a default with tf.summary.experimental"):
            summary.association_table("gender", predictions, **kwargs)
        assert built == []
        with tf.summary.record_if(lambda: True):
            assert bool(summary.association_table("gender", predictions, step=1, **kwargs))
        assert built == ["association_table"]
    assert [e.step for e in _summary_events(tmp_path)] == [1]


def test_writer_does_not_import_tensorflow(tmp_path):
    code = (
        "import sys, numpy as np\n"
        "from tb_bias_plugin import summary\n"
        "w = summary.Writer(sys.argv[1])\n"
        "w.association_table('t', [['man', 'bike'], ['woman']], label_names=['man', 'woman', 'bike'],"
        " identity_labels=['man', 'woman'])\n"
        "w.metric_table('m', np.zeros((1, 1)), label_names=['a'], metric_names=['nPMI@x'])\n"
        "w.close()\n"
        "assert 'tensorflow' not in sys.modules, 'tensorflow was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code, str(tmp_path)], check=True)
    assert len(_summary_events(tmp_path)) == 2


BAD_ARGUMENTS = [
        (dict(name="", predictions_or_counter=[["man"]]), "name"),
        (dict(name="t", predictions_or_counter=[["man"]]), "label_names and identity_labels are required"),
        (dict(name="t", predictions_or_counter=np.zeros((2, 3)), label_names=LABELS, identity_labels=["man"]), "columns"),
        (dict(name="t", predictions_or_counter=[["man"]], label_names=LABELS, identity_labels=["man"], thresholds=[2]), "outside"),
        (dict(name="t", predictions_or_counter=[["man"]], label_names=LABELS, identity_labels=["man"], step="one"), "step"),
        (dict(name="t", predictions_or_counter=[["man"]], label_names=LABELS, identity_labels=["man"], step=2**63), "64 bits"),
        (dict(name="t", predictions_or_counter=[["man"]], label_names=LABELS, identity_labels=["Man"]), r"'Man' are not among label_names"),
        (dict(name="t", predictions_or_counter=np.array([["man", "bike"]]), label_names=LABELS, identity_labels=["man"]), "array of strings"),
        (dict(name="t", predictions_or_counter=[b"man"], label_names=LABELS, identity_labels=["man"]), "bytes"),
        (dict(name="t", predictions_or_counter=-np.ones((1, len(LABELS))), label_names=LABELS, identity_labels=["man"]), "negative"),
        (dict(name="t", predictions_or_counter=np.zeros((0, len(LABELS))), label_names=LABELS, identity_labels=["man"]), "empty batch"),
        (dict(name="t", predictions_or_counter=[["man"]], label_names=["man", "man"], identity_labels=["man"]), "duplicate"),
        (dict(name="t", predictions_or_counter=[["nobody"]], label_names=LABELS, identity_labels=["man"]), "not among"),
        (dict(name="t", predictions_or_counter=np.zeros((1, len(LABELS)), dtype="complex64"), label_names=LABELS, identity_labels=["man"]), "dtype"),
        (dict(name="t", predictions_or_counter=[["man"]], label_names=LABELS, identity_labels=["man"], thresholds=[0.5, 0.5 + 1e-12]), "unique"),
        (dict(name="t", predictions_or_counter=CooccurrenceCounter(LABELS, ["man"])), "not counted any examples"),
        (dict(name="t", predictions_or_counter=_counter(), identity_labels=["woman", "man"]), "identity_labels differ"),
        (dict(name="t", predictions_or_counter=_counter(), thresholds=0.5), "thresholds differ"),
        (dict(name="t", predictions_or_counter=_counter(), identities=[["x"]]), "identities="),
        (dict(name="t", predictions_or_counter=np.full((1, len(LABELS)), np.nan), label_names=LABELS, identity_labels=["man"]), "NaN"),
]


@pytest.mark.parametrize("kwargs,message", BAD_ARGUMENTS)
def test_bad_arguments_raise_before_anything_is_written(tmp_path, kwargs, message):
    writer = summary.Writer(tmp_path)
    with pytest.raises(ValueError, match=message):
        writer.association_table(**kwargs)
    with pytest.raises(ValueError, match="shape"):
        writer.metric_table("m", np.zeros((2, 2)), label_names=["a"], metric_names=["nPMI@x"])
    writer.close()
    assert not os.path.exists(writer.path)  # not even a header: the file comes with the first record
    assert _summary_events(tmp_path) == []


def test_tf_path_bad_arguments_write_nothing(tmp_path):
    import tensorflow as tf
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        for kwargs, message in BAD_ARGUMENTS:
            with pytest.raises(ValueError, match=message):
                summary.association_table(**dict({"step": 0}, **kwargs))
        with pytest.raises(ValueError, match="infinite"):
            summary.metric_table("m", [[np.inf]], label_names=["a"], metric_names=["x@y"], step=0)
    assert _summary_events(tmp_path) == []


def test_writer_without_a_step_writes_step_0(tmp_path):
    with summary.Writer(tmp_path) as writer:
        writer.association_table("t", _counter())
        writer.metric_table("m", np.zeros((1, 1)), label_names=["a"], metric_names=["nPMI@x"], step=None)
    assert [e.step for e in _summary_events(tmp_path)] == [0, 0]


def test_closed_writer_refuses_to_write(tmp_path):
    writer = summary.Writer(tmp_path)
    writer.close()
    with pytest.raises(ValueError, match="closed"):
        writer.association_table("t", _counter())


def test_decoding_rejects_corrupt_and_future_data():
    message = codec.encode_table(_counter().table())
    data = record.encode(metadata.PAYLOAD_NUMBER, message)
    assert REGISTRY.decode(data)[1] == _counter().table()
    with pytest.raises(ValueError, match="malformed"):
        REGISTRY.decode(data[:-7] + b"\xff\xff")
    future = bytearray(data)
    assert future[:2] == b"\x08\x02"  # field 1 (version) = 2 opens every record
    future[1] = record.VERSION + 1
    with pytest.raises(ValueError, match="not supported"):
        REGISTRY.decode(bytes(future))
    message.label_counts.zlib_data = b"not zlib"
    with pytest.raises(ValueError, match="corrupt"):
        REGISTRY.decode(record.encode(metadata.PAYLOAD_NUMBER, message))
    with pytest.raises(ValueError, match="not supported"):
        REGISTRY.measure_of(record.PluginData(version=99).SerializeToString())


def test_counts_are_stored_compactly():
    table = _counter().table()
    data = record.encode(metadata.PAYLOAD_NUMBER, codec.encode_table(table))
    raw = sum(getattr(table, f).nbytes for f in ("label_counts", "cooccurrence", "identity_counts"))
    assert len(data) < raw / 2


def test_table_consistency_is_checked():
    t = _counter().table()
    args = dict(
        label_names=t.label_names,
        identity_names=t.identity_names,
        thresholds=t.thresholds,
        num_examples=t.num_examples,
        label_counts=t.label_counts,
        identity_counts=t.identity_counts,
        cooccurrence=t.cooccurrence,
        identity_cooccurrence=t.identity_cooccurrence,
    )
    assert AssociationTable(**args) == t
    bad = dict(args, cooccurrence=t.cooccurrence + 1000)
    with pytest.raises(ValueError, match="exceeds"):
        AssociationTable(**bad)
    with pytest.raises(ValueError, match="shape"):
        AssociationTable(**dict(args, label_counts=t.label_counts[:, :3]))
    with pytest.raises(ValueError, match="negative"):
        AssociationTable(**dict(args, num_examples=-1))


@pytest.mark.parametrize("bad", [-1.0, 2.5, 2.0**53 + 2])
def test_metric_table_rejects_negative_and_fractional_counts(bad):
    from tb_bias_plugin.measures.association.builder import metric_table

    values = np.array([[0.1, 3.0, 4.0], [0.2, bad, 2.0]])
    with pytest.raises(ValueError, match="'count@man' holds counts"):
        metric_table(values, label_names=["a", "b"], metric_names=["nPMI@man", "count@man", "count"])
    values[1, 1] = np.nan  # missing is fine
    metric_table(values, label_names=["a", "b"], metric_names=["nPMI@man", "count@man", "count"])


def test_metric_table_refuses_a_cooccurrence_above_its_label_count():
    from tb_bias_plugin.measures.association.builder import metric_table

    with pytest.raises(ValueError, match=r"^column 'count@man' is 20.0 for label 'b', above its count 10.0: C\(x, y\) "
                                         r"is at most C\(y\)$"):
        metric_table([[0.1, 3.0, 4.0], [0.2, 20.0, 10.0]], label_names=["a", "b"],
                     metric_names=["nPMI@man", "count@man", "count"])


@pytest.mark.parametrize("values, names, match", [
    # each was written, and shown as if it were a value the metric can take
    ([[5.0]], ["nPMI@man"], r"column 'nPMI@man' holds nPMI values, which lie in \[-1, 1\]; got 5.0"),
    ([[0.5, -2.5]], ["nPMI@man", "nPMI_diff@man-woman"], r"nPMI_diff values, which lie in \[-2, 2\]; got -2.5"),
    ([[True]], ["nPMI@man"], "values must be numbers, got booleans"),
])
def test_metric_table_rejects_values_a_metric_cannot_take(values, names, match):
    from tb_bias_plugin.measures.association.builder import metric_table

    with pytest.raises(ValueError, match=match):
        metric_table(values, label_names=["a"], metric_names=names)
    metric_table([[-1.0, 2.0, np.nan][: len(names)]], label_names=["a"], metric_names=names)  # the bounds themselves
    # past a bound by rounding, as the textbook formula lands for a pair that always co-occurs (review)
    metric_table([[1.0000000000000002, float(np.float32(-2.0000002))][: len(names)]], label_names=["a"],
                 metric_names=names)


def test_metric_table_names_are_no_longer_than_a_route_may_ask_for():
    from tb_bias_plugin.measures.association.builder import metric_table

    metric_table([[0.1]], label_names=["a" * 1000], metric_names=["nPMI@" + "m" * 1000])  # at the limit
    with pytest.raises(ValueError, match="label_names has a name longer than 1000"):
        metric_table([[0.1]], label_names=["a" * 1001], metric_names=["nPMI@man"])
    with pytest.raises(ValueError, match="identities of metric_names has a name longer than 1000"):
        metric_table([[0.1]], label_names=["a"], metric_names=["nPMI@" + "m" * 1001])


def test_a_table_built_by_hand_meets_the_counters_rule_for_names_and_is_then_served(tmp_path):
    import plugin_fixtures as fx

    long = "w" * 1000  # at the limit: written, and a route may name it in every parameter, sort included
    counts = CooccurrenceCounter(["a", "b", long], ["b", long]).update([["a", "b"], ["a", long], ["b"]]).table()
    with summary.Writer(tmp_path / "run") as writer:
        writer.association_table("t", counts)
    client = fx.Client(fx.make_app(tmp_path)[0])
    body = fx.get_json(client, "table", run="run", tag="t", x1=long, x2="b", sort="npmi_xy@" + long)
    assert body["total"] == 1 and body["rows"][0]["label"] == "a"
    longer = copy.copy(counts)  # as a table of an older build, or built by hand, may be
    longer.label_names, longer.identity_names = ("a", "b", "w" * 1001), ("b", "w" * 1001)
    with pytest.raises(ValueError, match="label_names has a name longer than 1000"):
        summary.Writer(tmp_path / "bad").association_table("t", longer)
    assert not (tmp_path / "bad").exists()
    with pytest.raises(ValueError, match="metrics of metric_names has a name longer than 1000"):
        summary.Writer(tmp_path / "bad").metric_table("t", [[0.1]], label_names=["a"], metric_names=["m" * 1001 + "@x"])


def test_a_logdir_that_is_a_file_is_a_value_error(tmp_path):
    afile = tmp_path / "notes.txt"
    afile.write_text("x")
    for logdir in (afile, afile / "run"):
        with pytest.raises(ValueError, match="notes.txt is a file, not a directory"):
            summary.Writer(logdir)


@pytest.mark.parametrize("kwargs, match", [
    # each was an OSError or FileNotFoundError at the first record, after its directory was made
    (dict(filename_suffix="/x"), r"filename_suffix must end a file name: no '/', '\\' or NUL, got '/x'"),
    (dict(filename_suffix="x" * 300), "filename_suffix must be UTF-8 text of at most 120 bytes"),
    (dict(filename_suffix=None), "filename_suffix must be a string, got None"),  # a file named "...None"
    (dict(logdir_tail="\x00x"), "logdir holds a NUL character"),
])
def test_a_bad_file_name_is_refused_when_the_writer_is_made(tmp_path, kwargs, match):
    logdir = str(tmp_path / "run") + kwargs.pop("logdir_tail", "")
    with pytest.raises(ValueError, match=match):
        summary.Writer(logdir, **kwargs)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("kwargs, match", [
    (dict(name="t\ud800"), r"^name is not UTF-8 text \(a lone surrogate\): 't\\ud800'$"),
    (dict(label_names=["man", "woman", "b\udc00"]), r"^label_names\[2\] is not UTF-8 text \(a lone surrogate\)"),
    (dict(description="d\ud800"), r"^description is not UTF-8 text \(a lone surrogate\)$"),
    (dict(example_ids=["a", "b"], example_text=[None, "\ud800"]), r"^example_text\[1\] is not UTF-8 text"),
    # a NUL, refused in example ids, was taken in tags and names
    (dict(name="t\x00"), r"^name holds a NUL character: 't\\x00'$"),
    (dict(label_names=["man", "woman", "b\x00"]), r"^label_names\[2\] holds a NUL character"),
])
def test_a_lone_surrogate_is_named_with_its_argument(tmp_path, kwargs, match):
    # each was "UnicodeEncodeError: 'utf-8' codec can't encode character", naming no argument
    args = dict(name="t", label_names=["man", "woman", "bike"], identity_labels=["man", "woman"], step=0)
    args.update(kwargs)
    with summary.Writer(tmp_path / "run") as writer, pytest.raises(ValueError, match=match):
        writer.association_table(predictions_or_counter=[["man"], ["woman"]], **args)
    assert list(tmp_path.iterdir()) == []


def test_a_writer_whose_every_call_failed_leaves_no_event_file(tmp_path):
    with summary.Writer(tmp_path / "run") as writer:
        with pytest.raises(ValueError):
            writer.association_table("t", [["a"]], label_names=["a"], identity_labels=["nobody"])
    assert not (tmp_path / "run").exists()
    with summary.Writer(tmp_path / "run") as writer:
        writer.association_table("t", [["a"]], label_names=["a", "b"], identity_labels=["a"], step=1)
    assert [p.name for p in (tmp_path / "run").iterdir()] == [os.path.basename(writer.path)]
    with pytest.raises(ValueError, match="closed"):
        writer.association_table("t", [["a"]], label_names=["a", "b"], identity_labels=["a"], step=2)


@pytest.mark.parametrize("values", [[[0.1], [0.2, 0.3]], [["0.1"], ["0.2"]]])
def test_metric_table_names_ragged_or_string_values(values):
    from tb_bias_plugin.measures.association.builder import metric_table

    with pytest.raises(ValueError, match="values must be an array of numbers"):  # once NumPy's own message
        metric_table(values, label_names=["a", "b"], metric_names=["nPMI@man"])
