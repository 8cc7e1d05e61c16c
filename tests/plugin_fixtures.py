"""Logdirs, and ways to read them back, for the tests."""

import json
import pathlib
import urllib.parse

import numpy as np
from werkzeug import test as werkzeug_test
from werkzeug import wrappers

from tb_bias_plugin import CooccurrenceCounter, summary
from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.storage import metadata

IDENTITIES = ["man", "woman", "child"]
# Hostile and awkward names are part of every fixture: they must survive
# every route as plain text.
SPECIAL = ["=HYPERLINK(\"x\")", "+1", "-2 items", "@home", "<script>alert(1)</script>", "\tleading tab", "\rreturn", "Ünïcode 🚲"]
LABELS = IDENTITIES + ["label %02d" % i for i in range(60)] + SPECIAL
THRESHOLDS = (0.3, 0.6)


def Client(app):  # noqa: N802 - stands in for werkzeug.test.Client
    """A test client whose answers are responses (status_code, get_data) under
    every Werkzeug the package allows: before 2.0 a bare Client answers a tuple."""
    return werkzeug_test.Client(app, wrappers.Response)


def predictions(seed, n=400):
    """Scores with planted associations: label k leans to identity k % 3."""
    rng = np.random.default_rng(seed)
    scores = rng.random((n, len(LABELS))) ** 3
    identity = rng.integers(0, 3, size=n)
    for j in range(3):
        scores[identity == j, j] = rng.uniform(0.7, 1.0, size=(identity == j).sum())
    for col in range(3, len(LABELS)):
        lean = (col - 3) % 3
        boost = rng.random(n) < (0.05 + 0.01 * ((col - 3) % 7))
        scores[boost & (identity == lean), col] = 0.9
    scores[:, 3] = 0.0  # "label 00" is never predicted
    # "label 01" never appears with woman, at any threshold
    scores[:, 4] = np.where((identity == 0) & (scores[:, 1] <= min(THRESHOLDS)), 0.9, 0.0)
    return scores


def counter(seed, n=400):
    return CooccurrenceCounter(LABELS, IDENTITIES, thresholds=THRESHOLDS).update(predictions(seed, n))


def write_logdir(logdir, runs=("model_a", "model_b"), steps=(0, 1, 2)):
    """Two runs of counts tables, and a precomputed table."""
    tables = {}
    for r, run in enumerate(runs):
        with summary.Writer(logdir / run) as writer:
            for step in steps:
                c = counter(seed=100 * r + step)
                writer.association_table("gender", c, step=step, description="fixture")
                tables[run, "gender", step] = c.table()
    values = np.array([[0.5, -0.25, 10], [np.nan, 0.75, 3], [0.1, 0.2, 7]])
    with summary.Writer(logdir / "precomputed") as writer:
        writer.metric_table(
            "scores",
            values,
            label_names=["alpha", "beta", "gamma"],
            metric_names=["nPMI@man", "nPMI@woman", "count"],
            step=4,
        )
    return tables


def write_legacy_npmi(logdir, run="legacy", values=None):
    """A run in the old upstream nPMI plugin's format, written as its
    summary API did: three tensor summaries under plugin name "npmi"
    (``values``, shape (4, 6), replaces the table's own)."""
    import tensorflow as tf
    from tensorboard.compat.proto import summary_pb2

    annotations = ["tree", "field", "dress", "=SUM(A1)"]
    metric_names = ["count", "count@male", "count@female", "nPMI@male", "nPMI@female", "nPMI_diff@male-female"]
    values = np.array(
        [
            [50, 20, 25, 0.05, 0.1, -0.05],
            [30, 15, 10, 0.2, -0.1, 0.3],
            [40, 2, 30, -0.6, 0.4, -1.0],
            [10, 5, 5, 0.0, 0.0, 0.0],
        ],
        dtype=np.float32,
    ) if values is None else np.asarray(values, dtype=np.float32)
    metadata = summary_pb2.SummaryMetadata(
        plugin_data=summary_pb2.SummaryMetadata.PluginData(plugin_name="npmi", content=b""),
        data_class=summary_pb2.DATA_CLASS_TENSOR,
    )
    with tf.summary.create_file_writer(str(logdir / run)).as_default():
        for tag, tensor in (
            ("_npmi_/annotations", tf.constant(annotations)),
            ("_npmi_/metrics", tf.constant(metric_names)),
            ("_npmi_/values", tf.constant(values)),
        ):
            tf.summary.write(tag=tag, tensor=tensor, step=1, metadata=metadata)
    return annotations, metric_names, values


PREFIX = "/data/plugin/tb_bias/"


def get(client, route, **params):
    """``(status, response)`` of a GET of the plugin's ``route``."""
    query = urllib.parse.urlencode(params, doseq=True)
    response = client.get(PREFIX + route + ("?" + query if query else ""))
    return response.status_code, response


def get_json(client, route, status=200, **params):
    """The JSON body of a GET, after checking its status."""
    code, response = get(client, route, **params)
    body = json.loads(response.get_data(as_text=True))
    assert code == status, body
    return body


def make_app(logdir, registry=None, **context):
    """A real TensorBoard WSGI app serving the plugin over ``logdir``."""
    from tensorboard.backend import application
    from tensorboard.backend.event_processing import data_provider, plugin_event_multiplexer
    from tensorboard.plugins import base_plugin

    from tb_bias_plugin.serving.plugin import BiasPlugin

    multiplexer = plugin_event_multiplexer.EventMultiplexer(tensor_size_guidance={"tb_bias": 0, "npmi": 0})
    multiplexer.AddRunsFromDirectory(str(logdir))
    multiplexer.Reload()
    provider = data_provider.MultiplexerDataProvider(multiplexer, str(logdir))
    plugin = BiasPlugin(
        base_plugin.TBContext(logdir=str(logdir), data_provider=provider, sampling_hints={}, **context),
        **({} if registry is None else {"registry": registry}),
    )
    return application.TensorBoardWSGI([plugin], data_provider=provider), multiplexer


def read_logdir(logdir):
    """``{(run, tag, step): (listing, description, value)}`` of every tb_bias
    record in ``logdir``, read through TensorBoard's data provider; the
    listing is what the ``runs`` route says of it, with its ``measure``."""
    from tensorboard import context
    from tensorboard.backend.event_processing import data_provider, plugin_event_multiplexer

    multiplexer = plugin_event_multiplexer.EventMultiplexer()
    multiplexer.AddRunsFromDirectory(str(logdir))
    multiplexer.Reload()
    provider = data_provider.MultiplexerDataProvider(multiplexer, str(logdir))
    ctx = context.RequestContext()
    listing = provider.list_blob_sequences(ctx, experiment_id="", plugin_name=metadata.PLUGIN_NAME)
    data = provider.read_blob_sequences(ctx, experiment_id="", plugin_name=metadata.PLUGIN_NAME, downsample=1000)
    out = {}
    for run, tags in data.items():
        for tag, series in tags.items():
            measure = REGISTRY.measure_of(listing[run][tag].plugin_content)
            for datum in series:
                blob = provider.read_blob(ctx, blob_key=datum.values[0].blob_key)
                found, value = REGISTRY.decode(blob)
                info = dict(REGISTRY.describe(blob)[1], measure=found.id)
                assert found is measure, "metadata and record name different measures"
                out[run, tag, datum.step] = (info, listing[run][tag].description, value)
    return out


#: Tolerance of `assert_values_close`: NumPy picks SIMD kernels by CPU, so a
#: float sum may differ in its last bits between machines (seen: 3.7e-16
#: relative); a real change in a generator moves values far more than this.
VALUE_RTOL = 1e-9
VALUE_ATOL = 1e-12


def assert_values_close(a, b, path="value", rtol=VALUE_RTOL, atol=VALUE_ATOL):
    """Assert two decoded records are equal: integers, strings, bools and
    shapes exactly, floats to ``rtol``/``atol`` (NaN equals NaN)."""
    import dataclasses
    import math
    import numbers
    from collections.abc import Mapping

    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        assert type(a) is type(b), "%s: %s is not %s" % (path, type(b).__name__, type(a).__name__)
        for f in dataclasses.fields(a):
            assert_values_close(getattr(a, f.name), getattr(b, f.name), "%s.%s" % (path, f.name), rtol, atol)
    elif isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        assert a.shape == b.shape, "%s: shape %s is not %s" % (path, b.shape, a.shape)
        if a.dtype.kind in "fc" or b.dtype.kind in "fc":
            np.testing.assert_allclose(b, a, rtol=rtol, atol=atol, equal_nan=True, err_msg=path)
        else:
            np.testing.assert_array_equal(b, a, err_msg=path)
    elif isinstance(a, Mapping):
        assert isinstance(b, Mapping) and sorted(a, key=repr) == sorted(b, key=repr), "%s: keys differ" % path
        for key in a:
            assert_values_close(a[key], b[key], "%s[%r]" % (path, key), rtol, atol)
    elif isinstance(a, (list, tuple)):
        assert isinstance(b, (list, tuple)) and len(a) == len(b), "%s: lengths %s and %s" % (
            path, len(a), len(b) if hasattr(b, "__len__") else None)
        for i, (x, y) in enumerate(zip(a, b)):
            assert_values_close(x, y, "%s[%d]" % (path, i), rtol, atol)
    elif isinstance(a, float) or isinstance(b, float):
        assert isinstance(a, numbers.Real) and isinstance(b, numbers.Real), "%s: %r and %r" % (path, a, b)
        assert (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=rtol, abs_tol=atol), (
            "%s: %r and %r differ by more than rtol=%g, atol=%g" % (path, a, b, rtol, atol))
    elif hasattr(a, "__dict__") and not isinstance(a, type):
        assert type(a) is type(b), "%s: %s is not %s" % (path, type(b).__name__, type(a).__name__)
        assert_values_close(vars(a), vars(b), path, rtol, atol)
    else:
        assert a == b, "%s: %r != %r" % (path, a, b)


#: The committed demo logdir: one real record of every measure.
DEMO_LOGS = pathlib.Path(__file__).resolve().parents[1] / "demo_logs"
#: The first sensitivity record of the demo's tabular and text runs as the
#: demo wrote them in format version 1 (each retained example's arrays in
#: the example), before version 2 kept them as columns.
SENSITIVITY_V1 = pathlib.Path(__file__).resolve().parent / "data" / "sensitivity_v1"


def sensitivity_v1_record(kind="tabular"):
    """A version 1 sensitivity payload message (``kind``: tabular or text)."""
    from tb_bias_plugin.measures.sensitivity import messages

    return messages.Sensitivity.FromString((SENSITIVITY_V1 / ("%s.pb" % kind)).read_bytes())


def demo_records():
    """``{measure id: (run, tag, summary value, payload message)}``: the first
    record of each measure in the committed demo logdir, as written (its
    summary value keeps the demo's own metadata)."""
    from tensorboard.backend.event_processing import event_file_loader

    found = {}
    for path in sorted(DEMO_LOGS.glob("*/events.out.tfevents*")):
        for event in event_file_loader.EventFileLoader(str(path)).Load():
            for value in event.summary.value:
                if value.metadata.plugin_data.plugin_name != metadata.PLUGIN_NAME or not value.tensor.string_val:
                    continue
                measure, payload = REGISTRY.envelope.decode(value.tensor.string_val[0])
                found.setdefault(measure, (path.parent.name, value.tag, value, payload))
    return found


def write_record(logdir, run, value, data, step=0, steps=None):
    """Write ``data`` (stored bytes, possibly hostile) as the record of the
    summary ``value`` (a copy keeps its tag and metadata) at ``step``, or at
    each of ``steps``."""
    import time

    from tensorboard.compat.proto import event_pb2, summary_pb2

    value = summary_pb2.Summary.Value.FromString(value.SerializeToString())
    value.tensor.string_val[0] = data
    with summary.Writer(pathlib.Path(logdir) / run) as writer:
        for s in [step] if steps is None else steps:
            writer._write_event(event_pb2.Event(wall_time=time.time(), step=s, summary=summary_pb2.Summary(value=[value])))


def route_params(measure, run, payload):
    """``{route: params}``: what some routes of ``measure`` need besides run
    and tag, for a record of ``payload`` in ``run``."""
    if measure == "association":
        return {"/trend": {"label": payload.label_names[0]}, "/examples": {"label": payload.label_names[0]}}
    if measure == "discrepancy":
        return {"/discrepancy_compare": {"run2": run}}
    if measure == "representation":
        return {"/representation/curve": {"layer": payload.layers[0].layer}}
    return {}
