"""Text and URIs logged beside DIPDI's top examples and sensitivity's
retained examples (issue 24): stored for those examples only, cut by the
one rule of core/example_text.py, served beside each example's id, and
refused (before anything is written) when they do not match the examples.
"""

import numpy as np
import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import DipdiAccumulator, summary
from tb_bias_plugin.core.example_text import MAX_TEXT_CHARS
from tb_bias_plugin.measures.sensitivity import SensitivityCollector, accumulated_sensitivity


def pools(n=30, seed=3):
    rng = np.random.default_rng(seed)
    y = rng.normal(size=n)
    return y + rng.normal(scale=0.3, size=(2, n)), y + rng.normal(scale=0.3, size=(2, n)) + np.linspace(0, 3, n)


N = 30
IDS = ["ex%d" % i for i in range(N)]
TEXTS = ["caption %d" % i if i % 3 else None for i in range(N)]
URIS = ["https://data.example/%d.jpg" % i if i % 2 else "" for i in range(N)]
TEXTS[N - 1] = "long " + "x" * 400  # the largest excess: kept, and cut


def _text_of(i):
    return "" if TEXTS[i] is None else TEXTS[i][:MAX_TEXT_CHARS]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    logdir = tmp_path_factory.mktemp("logs")
    a, b = pools()
    rng = np.random.default_rng(0)
    jac = np.abs(rng.normal(size=(N, 2, 3)))
    results = {"uniform": accumulated_sensitivity(jac), "gender": accumulated_sensitivity(jac, v="mask", protected=2)}
    with summary.Writer(logdir / "run") as w:
        w.prediction_discrepancy("dipdi", a, b, example_ids=IDS, example_text=TEXTS, example_uris=URIS, top_k=5)
        w.prediction_discrepancy("plain", a, b, example_ids=IDS, top_k=3)
        w.prediction_sensitivity("sens", results, example_ids=IDS, example_text=TEXTS, example_uris=URIS,
                                 top_k=4, sample_size=6)
    return Client(fx.make_app(logdir)[0])


def test_dipdi_serves_the_text_and_uri_of_each_top_example(served):
    body = fx.get_json(served, "discrepancy_examples", run="run", tag="dipdi")
    top = body["top"]
    assert len(top) == 5
    for t in top:
        i = IDS.index(t["id"])
        assert (t["text"], t["uri"]) == (_text_of(i), URIS[i])
    longest = [t for t in top if t["id"] == "ex%d" % (N - 1)]
    assert longest and len(longest[0]["text"]) == MAX_TEXT_CHARS


def test_dipdi_without_text_serves_empty_strings(served):
    top = fx.get_json(served, "discrepancy_examples", run="run", tag="plain")["top"]
    assert len(top) == 3 and all(t["text"] == "" and t["uri"] == "" for t in top)


def test_sensitivity_serves_text_of_top_and_sampled_examples(served):
    for source in ("top", "sample"):
        body = fx.get_json(served, "sensitivity_examples", run="run", tag="sens", choice="gender", source=source,
                           limit="50")
        assert body["examples"]
        for e in body["examples"]:
            i = IDS.index(e["id"])
            assert (e["text"], e["uri"]) == (_text_of(i), URIS[i]), source


def test_the_accumulator_keeps_text_beside_its_ids_across_batches_and_merges():
    a, b = pools()
    one = DipdiAccumulator(top_k=6).update(a, b, example_ids=IDS, example_text=TEXTS, example_uris=URIS)
    left = DipdiAccumulator(top_k=6).update(a[:, :12], b[:, :12], example_ids=IDS[:12], example_text=TEXTS[:12])
    right = DipdiAccumulator(top_k=6).update(a[:, 12:], b[:, 12:], example_ids=IDS[12:], example_text=TEXTS[12:],
                                             example_uris=URIS[12:])
    merged = left.merge(right).result().top_examples
    whole = one.result().top_examples
    assert merged.example_ids.tolist() == whole.example_ids.tolist()
    assert merged.texts == whole.texts == [_text_of(IDS.index(i)) for i in whole.example_ids.tolist()]
    # the left shard gave no URIs: "" for its examples, the right shard's own for the others
    assert merged.uris == [URIS[IDS.index(i)] if IDS.index(i) >= 12 else "" for i in merged.example_ids.tolist()]
    assert DipdiAccumulator(top_k=2).update(a, b).result().top_examples.texts == []


def test_a_collector_keeps_the_text_of_its_retained_examples_only():
    rng = np.random.default_rng(1)
    jac = np.abs(rng.normal(size=(N, 2, 3)))
    c = SensitivityCollector(top_k=2, sample_size=3)
    c.update({"u": accumulated_sensitivity(jac)}, example_ids=IDS, example_text=TEXTS)
    kept = c.contents()["examples"]
    assert 2 <= len(kept) <= 5
    assert [d.text for d, _ in kept] == [_text_of(IDS.index(d.example_id)) for d, _ in kept]
    assert all(d.uri == "" for d, _ in kept)


@pytest.mark.parametrize("kwargs, match", [
    ({"example_text": ["a"] * (N - 1)}, "example_text has 29 entries but there are 30 examples"),
    ({"example_uris": [1] * N}, r"example_uris\[0\] must be a string or None"),
    ({"example_text": "one string"}, "example_text must be a sequence of strings"),
])
def test_bad_text_is_refused_before_anything_is_written(tmp_path, kwargs, match):
    a, b = pools()
    rng = np.random.default_rng(0)
    results = {"u": accumulated_sensitivity(np.abs(rng.normal(size=(N, 2, 3))))}
    with summary.Writer(tmp_path) as w:
        with pytest.raises(ValueError, match=match):
            w.prediction_discrepancy("d", a, b, example_ids=IDS, **kwargs)
        with pytest.raises(ValueError, match=match):
            w.prediction_sensitivity("s", results, example_ids=IDS, **kwargs)
    assert fx.read_logdir(tmp_path) == {}


def test_text_goes_with_raw_predictions_not_with_a_finished_accumulator(tmp_path):
    a, b = pools()
    acc = DipdiAccumulator(top_k=2).update(a, b)
    with summary.Writer(tmp_path) as w:
        with pytest.raises(ValueError, match="example_text and example_uris go with raw predictions"):
            w.prediction_discrepancy("d", acc, example_text=TEXTS)


def test_the_committed_demo_logs_show_captions_beside_the_top_examples():
    from tb_bias_plugin.demo import discrepancy as dipdi_demo
    from tb_bias_plugin.demo import sensitivity as sens_demo

    client = Client(fx.make_app(fx.DEMO_LOGS)[0])
    for run in dipdi_demo.RUNS:
        captions = dict(zip(dipdi_demo.example_ids().tolist(), dipdi_demo.captions(0, run)))
        top = fx.get_json(client, "discrepancy_examples", run=run, tag=dipdi_demo.TAG, step="0")["top"]
        assert top and all(t["text"] == captions[t["id"]] and t["text"].startswith("a ") for t in top), run
    world = sens_demo.TextWorld(0)
    sentences = dict(zip(["s%04d" % i for i in range(sens_demo.SENTENCES)], world.captions()))
    tabular = sens_demo.hiring_captions(sens_demo.hiring_data(0))
    for run, expected in ((sens_demo.TEXT_RUN, sentences), (sens_demo.TABULAR_RUN, dict(enumerate(tabular)))):
        for source in ("top", "sample"):
            examples = fx.get_json(client, "sensitivity_examples", run=run, tag=sens_demo.TAG, source=source,
                                   limit="20")["examples"]
            key = (lambda e: e["id"]) if run == sens_demo.TEXT_RUN else (lambda e: int(e["id"][1:]))
            assert examples and all(e["text"] == expected[key(e)] for e in examples), (run, source)


def test_the_pytorch_helper_keeps_text_beside_the_kept_examples(tmp_path):
    torch = pytest.importorskip("torch")
    from tb_bias_plugin import pytorch as tbp

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Softmax(dim=1))
    x = torch.rand(25, 3)
    texts = ["row %d" % i for i in range(25)]
    collector = tbp.log_prediction_sensitivity(str(tmp_path), model, x, step=0, v={"m": "mask"}, protected=[2],
                                               example_ids=["r%d" % i for i in range(25)], example_text=texts,
                                               top_k=3, sample_size=4, batch_size=10)
    tbp.close_writers()
    kept = collector.contents()["examples"]
    assert kept and all(d.text == texts[int(d.example_id[1:])] for d, _ in kept)
    with pytest.raises(ValueError, match="^example_text has 2 rows; x has 25$"):  # as the Keras callback says it
        tbp.log_prediction_sensitivity(str(tmp_path), model, x, step=1, example_text=["a", "b"])
