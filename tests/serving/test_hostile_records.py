"""Hostile and inconsistent records of every measure (issue 22): each
stored array checked against the record's own sizes before anything is
inflated, so that a bomb, a zero-size array with a huge shape, a truncated
array or a length that disagrees with its neighbours is a 422 naming the
field on every route of its measure, listed in ``runs`` as unreadable,
with bounded memory (traced, never timed).

The records are the demo's first record of each measure, with one array
changed and written back with the demo's own metadata.
"""

import copy
import tracemalloc
import zlib

import numpy as np
import pytest
from tensorboard.compat.proto import summary_pb2

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.storage import arrays, record

MEASURES = ("association", "discrepancy", "sensitivity", "representation")
#: The arrays the probe of issue 22 inflated into gigabytes, and one of each other measure.
BOMBED = {
    "association": "label_counts",
    "discrepancy": "replicates[0].top_outputs",
    "sensitivity": "choices[0].token_type_counts",
    "representation": "layers[0].train_curve",
}
#: What a request may allocate while refusing a hostile record.
PEAK_BYTES = 16 << 20


def _specs(measure, payload):
    return REGISTRY[measure].codec.array_specs(payload)


def _first_of_each_group(specs):
    """The arrays of the first table, choice, example, replicate or layer."""
    return [(m, s) for m, s in specs if "[" not in s.name or "[0]." in s.name]


def _bomb(array):
    array.Clear()
    array.dtype, array.zlib_data = "|u1", zlib.compress(bytes(50 << 20), 9)
    array.shape.append(50 << 20)


def _zero_size_huge_shape(array):
    array.Clear()
    array.dtype, array.zlib_data = "<i8", zlib.compress(b"")
    array.shape.extend([2**59, 0])


def _truncated(array):
    array.zlib_data = array.zlib_data[: len(array.zlib_data) // 2]


def _length_mismatch(array, spec):
    """The same array one row shorter (or longer, if empty): consistent in
    itself, inconsistent with what the record declares beside it."""
    value = arrays.unpack(array, np.dtype(array.dtype))
    value = value[:-1] if value.shape[0] else np.zeros((1,) + value.shape[1:], value.dtype)
    array.Clear()
    arrays.pack(array, value)


def _variants(measure, payload):
    """``{run name: (array name, mutated payload)}``."""
    out = {}

    def add(kind, name, change):
        mutated = copy.deepcopy(payload)
        found = dict((s.name, (m, s)) for m, s in _specs(measure, mutated))
        message, spec = found[name]
        change(message, spec)
        out["%s-%d" % (kind, len(out))] = (name, mutated)

    add("bomb", BOMBED[measure], lambda m, s: _bomb(m))
    groups = {}
    for _, spec in _first_of_each_group(_specs(measure, payload)):
        groups.setdefault(spec.name.rpartition(".")[0], spec.name)
    for first in groups.values():
        add("huge", first, lambda m, s: _zero_size_huge_shape(m))
    for _, spec in _first_of_each_group(_specs(measure, payload)):
        if not arrays.is_absent(_specs_by_name(measure, payload)[spec.name]):
            add("truncated", spec.name, lambda m, s: _truncated(m))
            add("mismatch", spec.name, _length_mismatch)
    return out


def _specs_by_name(measure, payload):
    return {s.name: m for m, s in _specs(measure, payload)}


@pytest.fixture(scope="module")
def demo():
    return fx.demo_records()


@pytest.mark.parametrize("measure", MEASURES)
def test_a_hostile_record_is_a_422_naming_its_field_on_every_route(tmp_path, demo, measure):
    _, tag, value, payload = demo[measure]
    number = REGISTRY[measure].payload_number
    variants = _variants(measure, payload)
    fx.write_record(tmp_path, "intact", value, record.encode(number, payload))
    for run, (_, mutated) in variants.items():
        fx.write_record(tmp_path, run, value, record.encode(number, mutated))
    client = Client(fx.make_app(tmp_path)[0])
    routes = list(REGISTRY[measure].routes())
    for route in routes:  # the same record unchanged: every route answers
        code, _ = fx.get(client, route.lstrip("/"), run="intact", tag=tag,
                         **fx.route_params(measure, "intact", payload).get(route, {}))
        assert code == 200, route
    tracemalloc.start()
    try:
        for run, (name, _) in variants.items():
            tracemalloc.reset_peak()
            for route in routes:
                code, response = fx.get(client, route.lstrip("/"), run=run, tag=tag,
                                        **fx.route_params(measure, run, payload).get(route, {}))
                text = response.get_data(as_text=True)
                assert code == 422, (run, route, text[:300])
                assert "cannot be read" in text and name in text, (run, route, text[:300])
            peak = tracemalloc.get_traced_memory()[1]
            assert peak < PEAK_BYTES, (run, name, peak)
    finally:
        tracemalloc.stop()
    listing = fx.get_json(client, "runs")
    unreadable = {u["run"] for u in listing["unreadable"] if u["tag"] == tag}
    assert unreadable == set(variants)
    assert [r["run"] for r in listing["runs"]] == ["intact"]


@pytest.mark.parametrize("measure", MEASURES)
def test_every_array_counts_in_the_cache_size(demo, measure):
    _, _, _, payload = demo[measure]
    value = REGISTRY[measure].decode(payload)
    inflated = sum(a.nbytes for a in arrays.read(_specs(measure, payload)).values() if a is not None)
    assert REGISTRY[measure].nbytes(value) >= inflated


def test_a_free_dimension_of_an_empty_array_is_bounded_by_its_bytes():
    array = record.PluginData()  # any message: only its Array fields matter below
    del array
    from tb_bias_plugin.measures.association import messages

    empty = messages.Table().values
    arrays.pack(empty, np.zeros((0, 3)))
    assert arrays.unpack(empty, np.float64, (None, 3)).shape == (0, 3)
    del empty.shape[:]
    empty.shape.extend([30_000_000, 0])
    with pytest.raises(ValueError, match="declares 240000000 bytes"):
        arrays.unpack(empty, np.float64, (None, 0))
    # a dimension the record declares is its own business (bounded by its names)
    assert arrays.unpack(empty, np.float64, (30_000_000, 0)).shape == (30_000_000, 0)


def test_the_cap_counts_the_widened_size(monkeypatch):
    from tb_bias_plugin.measures.association import messages

    array = messages.Table().values
    arrays.pack(array, np.ones(1000, np.uint8))
    monkeypatch.setattr(arrays, "MAX_ARRAY_BYTES", 4000)  # 1,000 bytes stored, 8,000 read as int64
    assert arrays.unpack(array, np.uint8).shape == (1000,)
    with pytest.raises(ValueError, match="declares 8000 bytes"):
        arrays.unpack(array, np.int64)


@pytest.mark.parametrize("measure, field, shape", [
    ("discrepancy", "replicates[0].top_outputs", (0,)),  # beside 20 top ids: was an IndexError (500)
    ("discrepancy", "replicates[0].top_outputs", (20,)),  # 1-D: was a TypeError (500)
    ("sensitivity", "choices[0].quantiles", (3,)),  # not 101: was an IndexError (500)
    ("representation", "layers[0].control_biases", (2, 2)),  # was a TypeError in web/responses.py (500)
])
def test_the_inconsistent_records_of_the_issue_are_unreadable_naming_the_field(demo, measure, field, shape):
    payload = copy.deepcopy(demo[measure][3])
    message = _specs_by_name(measure, payload)[field]
    message.Clear()
    arrays.pack(message, np.zeros(shape))
    for read in (REGISTRY[measure].describe, REGISTRY[measure].decode):
        with pytest.raises(ValueError, match=r"%s has shape" % field.replace("[", r"\[").replace("]", r"\]")):
            read(payload)


#: Each measure's route over many steps, and arrays of its records that
#: route does not serve (it decodes only what it serves, and still checks
#: every array, so that a record is unreadable on every route alike).
ACROSS_STEPS = {
    "association": ("/trend", ["identity_cooccurrence"]),
    "discrepancy": ("/discrepancy_steps", ["replicates[0].top_outputs", "replicates[1].group_sums",
                                           "replicates[0].excess_counts"]),
    "sensitivity": ("/sensitivity_steps", ["example_columns.p", "example_columns.feature_weight",
                                           "example_columns.pred_prob", "choices[1].quantiles"]),
    "representation": ("/representation/series", ["layers[0].train_curve", "layers[1].heldout_curve"]),
}


@pytest.mark.parametrize("measure, field, change", [
    (m, f, c) for m, (_, fields) in ACROSS_STEPS.items() for f in fields for c in ("truncated", "mismatch")
])
def test_a_step_bad_only_where_the_across_steps_route_does_not_read_is_a_422_there_first(tmp_path, demo, measure, field, change):
    """The across-steps route is the first to read the record (nothing cached,
    no other route asked before): it must find the bad array all the same."""
    _, tag, value, payload = demo[measure]
    number = REGISTRY[measure].payload_number
    broken = copy.deepcopy(payload)
    message = _specs_by_name(measure, broken)[field]
    if change == "truncated":
        _truncated(message)
    else:
        _length_mismatch(message, None)
    fx.write_record(tmp_path, "run", value, record.encode(number, payload), steps=range(3))
    fx.write_record(tmp_path, "run", value, record.encode(number, broken), step=3)
    fx.write_record(tmp_path, "run", value, record.encode(number, payload), steps=range(4, 6))
    client = Client(fx.make_app(tmp_path)[0])
    route, _ = ACROSS_STEPS[measure]
    code, response = fx.get(client, route.lstrip("/"), run="run", tag=tag, **fx.route_params(measure, "run", payload).get(route, {}))
    text = response.get_data(as_text=True)
    assert code == 422, text[:300]
    assert "step 3" in text and field in text, text[:300]


@pytest.mark.parametrize("measure, field, change", [
    # one text fewer than the top ids: the texts would be served beside the wrong examples
    ("discrepancy", "replicates[0].top_texts", lambda p: p.replicates[0].top_texts.extend(["a"] * (len(p.replicates[0].top_ids) - 1))),
    ("discrepancy", "replicates[0].top_uris", lambda p: p.replicates[0].top_uris.extend(["x" * 201] * len(p.replicates[0].top_ids))),
    ("sensitivity", "example_columns.texts[0]", lambda p: p.example_columns.texts.__setitem__(0, "x" * 201)),
    ("sensitivity", "example_columns.uris[5]", lambda p: p.example_columns.uris.__setitem__(5, "x" * 201)),
    ("sensitivity", "example_columns.texts has", lambda p: p.example_columns.texts.append("")),
])
def test_example_text_that_does_not_fit_its_examples_is_a_422_naming_it(tmp_path, demo, measure, field, change):
    _assert_unreadable_on_every_route(tmp_path, demo, measure, field, change)


def _deep(text):
    return lambda p: setattr(p.layers[1], "settings_json", text)


@pytest.mark.parametrize("field, change", [
    # each was a 500 where a route answered with the settings (orjson refuses them); the last,
    # a RecursionError, was never cached as unreadable, so every request decoded the record again
    ("layers[1].settings_json['steps'] holds an integer past 64 bits", _deep('{"steps": %d}' % 10**30)),
    ("layers[1].settings_json['a'] holds text that is not UTF-8", _deep('{"a": "\\ud800"}')),
    ("layers[1].settings_json['a'][0][0][0][0][0][0][0] nests deeper than 8", _deep('{"a": %s}' % ("[" * 300 + "]" * 300))),
    ("layers[1].settings_json is not readable JSON", _deep("[" * 30_000 + "]" * 30_000)),
    ("layers[1].settings_json is not a JSON object", _deep("[1]")),
    # 5 MB of settings were served with every answer about the layer
    ("layers[1].settings_json is 5000009 characters long, more than 65536", _deep('{"a": "%s"}' % ("x" * 5_000_000))),
])
def test_settings_no_route_can_answer_with_are_a_422_naming_them(tmp_path, demo, field, change):
    _assert_unreadable_on_every_route(tmp_path, demo, "representation", field, change)


@pytest.mark.parametrize("field, change", [
    # served as null or drawn off the chart before; the writer refuses the same (`codec.check_sizes`)
    ("layers[1].bias is inf", lambda p: setattr(p.layers[1], "bias", float("inf"))),
    ("layers[0].classifier_mutual_information is -inf",
     lambda p: setattr(p.layers[0], "classifier_mutual_information", float("-inf"))),
    ("layers[1].entropy is -3.0: an estimate is a finite number, or NaN where undefined, and an entropy is not below 0",
     lambda p: setattr(p.layers[1], "entropy", -3.0)),
])
def test_an_estimate_no_estimator_gives_is_a_422_naming_it(tmp_path, demo, field, change):
    _assert_unreadable_on_every_route(tmp_path, demo, "representation", field, change)


def _assert_unreadable_on_every_route(tmp_path, demo, measure, field, change):
    _, tag, value, payload = demo[measure]
    mutated = copy.deepcopy(payload)
    change(mutated)
    fx.write_record(tmp_path, "hostile", value, record.encode(REGISTRY[measure].payload_number, mutated))
    client = Client(fx.make_app(tmp_path)[0])
    for route in REGISTRY[measure].routes():
        code, response = fx.get(client, route.lstrip("/"), run="hostile", tag=tag,
                                **fx.route_params(measure, "hostile", payload).get(route, {}))
        text = response.get_data(as_text=True)
        assert code == 422 and "cannot be read" in text and field in text, (route, text[:300])
    assert [u["run"] for u in fx.get_json(client, "runs")["unreadable"]] == ["hostile"]


@pytest.mark.parametrize("measure, fields, length, most", [
    # a curve is served whole: 30M points in a 75 KB record made a 180 MB answer and 2.9 GB of memory
    ("representation", ["layers[0].train_curve", "layers[0].train_steps"], 513, 512),
    ("representation", ["layers[0].heldout_steps", "layers[0].heldout_curve", "layers[0].validation_curve"], 513, 512),
    ("representation", ["layers[0].control_biases", "layers[0].control_mutual_informations",
                        "layers[0].mine_control_biases", "layers[0].classifier_control_biases"], 2_000_000, 1000),
    ("sensitivity", ["choices[0].histogram_edges"], 42, 41),
    ("discrepancy", ["replicates[0].excess_edges"], 42, 41),
])
def test_an_array_longer_than_a_writer_makes_is_a_422_on_every_route(tmp_path, demo, measure, fields, length, most):
    def change(payload):
        found = _specs_by_name(measure, payload)
        for name in fields:
            kind = np.dtype(found[name].dtype or "<f8")
            found[name].Clear()
            arrays.pack(found[name], np.zeros(length, kind))
        counts = fields[0].replace("edges", "counts")
        if counts != fields[0]:  # a histogram's counts stay one fewer than its edges
            found[counts].Clear()
            arrays.pack(found[counts], np.zeros(length - 1, np.int64))

    _assert_unreadable_on_every_route(tmp_path, demo, measure, "%s has %d values, more than the %d a writer stores"
                                      % (fields[0], length, most), change)


@pytest.mark.parametrize("content, error", [
    (record.PluginData(version=99, measure="association").SerializeToString(), "version 99 is not supported"),
    (b"\xff\xff\xff\xff", "malformed tb_bias plugin metadata"),
    (record.PluginData(version=2, measure="nope").SerializeToString(), "measure 'nope' is not in this build"),
], ids=["newer version", "garbage", "unknown measure"])
def test_a_tag_whose_plugin_metadata_cannot_be_read_is_a_422_on_every_route(tmp_path, demo, content, error):
    # `runs` listed such a tag as unreadable while every route served its records
    _, tag, value, payload = demo["association"]
    bad = summary_pb2.Summary.Value.FromString(value.SerializeToString())
    bad.metadata.plugin_data.content = content
    fx.write_record(tmp_path, "hostile", bad, record.encode(REGISTRY["association"].payload_number, payload))
    fx.write_record(tmp_path, "intact", value, record.encode(REGISTRY["association"].payload_number, payload))
    client = Client(fx.make_app(tmp_path)[0])
    for route in REGISTRY["association"].routes():
        extra = fx.route_params("association", "hostile", payload).get(route, {})
        assert fx.get(client, route.lstrip("/"), run="intact", tag=tag, **extra)[0] == 200, route
        code, response = fx.get(client, route.lstrip("/"), run="hostile", tag=tag, **extra)
        text = response.get_data(as_text=True)
        assert code == 422 and error in text, (route, text[:300])
    listing = fx.get_json(client, "runs")
    assert [(u["run"], error in u["error"]) for u in listing["unreadable"]] == [("hostile", True)]


def test_a_pairing_its_own_pools_cannot_have_is_a_422_not_a_bad_request(tmp_path, demo):
    # was a 400 "parameter 'pairing'" on three routes though no request named a pairing
    def odd_pools(payload):
        payload.pairing, payload.m_a = "paired", payload.m_a + 1

    _assert_unreadable_on_every_route(tmp_path, demo, "discrepancy", "DIPDI record's pairing: pairing='paired' needs "
                                      "two pools of the same even size", odd_pools)


@pytest.mark.parametrize("measure, field, change", [
    # 1,000 thresholds x 100 identities x 5,000 labels of zeros: a 0.5 MB record that was read as 4 GB of int64
    # (8.9 GB at its peak) and answered after 24 s
    ("association", "stored table: 1000 thresholds x (5000 labels + 100 identities) x (1 + 100 identities) is "
     "515100000 cells, more than the 33554432 a table may hold", lambda p: (
         p.ClearField("thresholds"), p.thresholds.extend(np.linspace(1e-4, 0.9999, 1000).tolist()),
         p.ClearField("identity_names"), p.identity_names.extend("x%d" % i for i in range(100)),
         p.ClearField("identity_label_index"), p.identity_label_index.extend([-1] * 100),
         p.ClearField("label_names"), p.label_names.extend("y%d" % i for i in range(5000)))),
    # pools of 2,000 models: a 345 KB record answered with a 443 MB matrix
    ("discrepancy", "DIPDI record: a pool holds at most 256 models; got 300 and 300",
     lambda p: (setattr(p, "m_a", 300), setattr(p, "m_b", 300))),
    ("discrepancy", "DIPDI record: 129 groups x 130816 pairs of models is 16875264 sums, more than the 16777216",
     lambda p: (setattr(p, "m_a", 256), setattr(p, "m_b", 256), p.replicates[0].ClearField("group_names"),
                p.replicates[0].group_names.extend("g%d" % i for i in range(129)))),
    ("discrepancy", "DIPDI record: %d top examples x %d models x 2000000 outputs",
     lambda p: (p.ClearField("output_shape"), p.output_shape.append(2_000_000))),
    ("discrepancy", "DIPDI record: replicate id 4611686018427387904 is past 2**53 - 1 in size",
     lambda p: setattr(p.replicates[0], "replicate", 2**62)),
])
def test_sizes_a_record_declares_past_what_a_writer_stores_are_a_422_before_inflating(tmp_path, demo, measure, field,
                                                                                       change):
    if "top examples" in field:
        _, _, _, payload = demo[measure]
        field %= (len(payload.replicates[0].top_ids), payload.m_a + payload.m_b)
    tracemalloc.start()
    try:
        _assert_unreadable_on_every_route(tmp_path, demo, measure, field, change)
        assert tracemalloc.get_traced_memory()[1] < PEAK_BYTES + (8 << 20)  # the names themselves
    finally:
        tracemalloc.stop()


def test_per_example_d_past_what_a_writer_stores_is_a_422_before_inflating(tmp_path, demo):
    # 62.5M examples of zeros: a 0.5 MB record that held a server thread in a bootstrap for good (9.7 GB)
    def change(payload):
        rep = payload.replicates[0]
        used = codec_of("discrepancy")._used_count(payload)
        rep.num_examples = codec_of("discrepancy").MAX_EXAMPLE_D // used + 1
        rep.example_d.Clear()
        arrays.pack(rep.example_d, np.zeros((used, rep.num_examples), np.uint8))

    _assert_unreadable_on_every_route(tmp_path, demo, "discrepancy", "replicates[0].example_d has", change)


def codec_of(measure):
    return REGISTRY[measure].codec


def _set_item(field, index, value):
    def change(payload):
        field(payload)[index] = value
    return change


@pytest.mark.parametrize("measure, field, change", [
    # names a writer limits, repeated in answers: a 3 MB choice name made a 603 MB answer
    ("sensitivity", "choices[0].name is 3000000 characters, more than the 1000 a writer stores",
     lambda p: setattr(p.choices[0], "name", "C" * 3_000_000)),
    ("sensitivity", "feature_names[1] is 1001 characters", _set_item(lambda p: p.feature_names, 1, "f" * 1001)),
    ("sensitivity", "example_columns.groups[0] holds a NUL character",
     _set_item(lambda p: p.example_columns.groups, 0, "a\x00b")),
    ("discrepancy", "replicates[0].group_names[0] is 1001 characters",
     _set_item(lambda p: p.replicates[0].group_names, 0, "g" * 1001)),
    ("representation", "class_names[0] is 1001 characters", _set_item(lambda p: p.class_names, 0, "c" * 1001)),
    # served with 200 by every route though the writers refuse them
    ("association", "label_names[1] is 1001 characters, more than the 1000 a writer stores",
     _set_item(lambda p: p.label_names, 1, "y" * 1001)),
    ("association", "identity_names[0] is 1001 characters", _set_item(lambda p: p.identity_names, 0, "x" * 1001)),
    ("representation", "layers[0].layer is 1001 characters", lambda p: setattr(p.layers[0], "layer", "l" * 1001)),
    ("sensitivity", "choices[0].overall.max is inf: a statistic of P is NaN or finite and non-negative",
     lambda p: setattr(p.choices[0].overall, "max", float("inf"))),
    # ids held to the writers' one rule, as the association sample's are
    ("discrepancy", "replicates[0].top_ids[0] is empty", _set_item(lambda p: p.replicates[0].top_ids, 0, "")),
    ("discrepancy", "replicates[0].top_ids[1] holds a NUL character",
     _set_item(lambda p: p.replicates[0].top_ids, 1, "a\x00b")),
    ("discrepancy", "replicates[0].top_ids[0] is 300 bytes long; an id is at most 256 bytes", _set_item(lambda p: p.replicates[0].top_ids, 0, "x" * 300)),
    ("sensitivity", "example_columns.ids[0] is empty", _set_item(lambda p: p.example_columns.ids, 0, "")),
    # values outside what a writer gives, served before with 200
    ("representation", "layers[0].bound is 'nope', not one of mine, classifier or none",
     lambda p: setattr(p.layers[0], "bound", "nope")),
    ("representation", "layers[0].flags hold 'weird'", lambda p: p.layers[0].flags.append("weird")),
    ("representation", "layers[0].flags hold 'inside_noise_floor'",
     lambda p: p.layers[0].flags.append(p.layers[0].flags[0])),
    ("representation", "layers[0].best_step is -1", lambda p: setattr(p.layers[0], "best_step", -1)),
    ("representation", "layers[0].train_steps are not steps from 0, each above the one before",
     lambda p: _reverse(p.layers[0].train_steps)),
])
def test_names_ids_and_words_a_writer_would_refuse_are_a_422(tmp_path, demo, measure, field, change):
    _assert_unreadable_on_every_route(tmp_path, demo, measure, field, change)


def _reverse(array):
    steps = arrays.unpack(array, np.dtype(array.dtype))
    array.Clear()
    arrays.pack(array, steps[::-1].copy())


def test_a_mask_of_features_the_record_does_not_have_is_a_422(tmp_path, demo):
    # served with 200 before: the view listed feature 10**9 of a record of three
    _assert_unreadable_on_every_route(tmp_path, demo, "sensitivity", "choices[0].indices hold 1000000000, not a feature "
                                      "index (0 to 2)", lambda p: p.choices[0].indices.append(10**9))


def _zeros(message, shape):
    """An Array of zeros stored as uint8 at zlib's best ratio (about 1000:1), made in chunks."""
    count = int(np.prod(shape))
    deflate, chunk = zlib.compressobj(9), bytes(1 << 20)
    data = b"".join(deflate.compress(chunk[: min(1 << 20, count - i)]) for i in range(0, count, 1 << 20))
    message.Clear()
    message.dtype, message.zlib_data = "|u1", data + deflate.flush()
    message.shape.extend(shape)


def test_an_honest_table_larger_than_a_record_may_hold_once_widened_is_a_422_before_inflating(tmp_path, demo):
    # the probe's bomb: 2^27-cell count arrays of zeros stored as uint8 (a 285 KB record) were each widened
    # to 1 GiB of int64, 4.3 GB at the peak; this one is 2^25 cells of co-occurrence (a 33 KB array)
    from tb_bias_plugin.measures.association import table as tables

    t, k, labels = 32, 32, 32768

    def change(p):
        p.ClearField("thresholds"), p.thresholds.extend(np.linspace(0.01, 0.99, t).tolist())
        p.ClearField("identity_names"), p.identity_names.extend("x%d" % i for i in range(k))
        p.ClearField("identity_label_index"), p.identity_label_index.extend([-1] * k)
        p.ClearField("label_names"), p.label_names.extend("y%d" % i for i in range(labels))
        p.ClearField("examples"), setattr(p, "num_examples", 0)
        for field, shape in (("label_counts", (t, labels)), ("identity_counts", (t, k)),
                             ("cooccurrence", (t, k, labels)), ("identity_cooccurrence", (t, k, k))):
            _zeros(getattr(p, field), shape)

    cells = t * (labels + k) * (1 + k)
    assert cells > tables.MAX_TABLE_CELLS == arrays.MAX_RECORD_BYTES // 8
    tracemalloc.start()
    try:
        _assert_unreadable_on_every_route(
            tmp_path, demo, "association", "stored table: 32 thresholds x (32768 labels + 32 identities) x "
            "(1 + 32 identities) is %d cells, more than the %d a table may hold" % (cells, tables.MAX_TABLE_CELLS),
            change)
        assert tracemalloc.get_traced_memory()[1] < PEAK_BYTES + (16 << 20)  # the names themselves
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("measure", ["association", "discrepancy"])
def test_a_writer_refuses_a_record_past_what_a_reader_reads(demo, measure, monkeypatch):
    codec = codec_of(measure)
    value = codec.decode(demo[measure][3])
    encode = codec.encode_table if measure == "association" else codec.encode
    encode(value)
    monkeypatch.setattr(arrays, "MAX_RECORD_BYTES", 1000)
    with pytest.raises(ValueError, match=r"the record's arrays declare \d+ bytes, more than the 1000 a record may hold"):
        encode(value)


def test_long_label_names_count_in_the_cache_size():
    # names were counted 64 bytes each: 20,000 labels of 1,000 characters held 21 MB counted as 1.3 MB
    from tb_bias_plugin.measures.association import codec
    from tb_bias_plugin.measures.association.table import PrecomputedTable

    tracemalloc.start()
    try:
        names = ["%04d" % i + "x" * 996 for i in range(2000)]
        table = PrecomputedTable(names, ["count", "nPMI@a"], np.zeros((2000, 2)))
        assert table.label_index and table.alphabetical_rank.size  # the lookups a route builds and the cache keeps
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert held * 0.9 <= codec.nbytes(table) <= held * 1.5
