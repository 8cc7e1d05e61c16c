"""Records whose scalar fields or array values contradict their own meaning
(a negative count, a group count past N, histogram edges that fall, a
version newer than this build): each is a 422 naming the field on every
route of its measure, the across-steps route included when it is the first
to read the record, and is listed as unreadable. Before these checks, each
was served with 200 as if valid.

The records are the demo's first record of each measure with one field
changed, written back with the demo's own metadata.
"""

import copy
import zlib

import numpy as np
import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.storage import arrays, record


def _put(message, values):
    """Store ``values`` in an Array message as they are (no narrowing: negatives stay signed)."""
    values = np.asarray(values)
    message.Clear()
    message.dtype = values.dtype.str
    message.shape.extend(values.shape)
    message.zlib_data = zlib.compress(values.tobytes())


def _array(payload, measure, name):
    return {s.name: m for m, s in REGISTRY[measure].codec.array_specs(payload)}[name]


def _change(measure, name, change):
    """A change of the stored array ``name``: ``change(values)`` gives the new values."""
    def apply(payload):
        message = _array(payload, measure, name)
        read_as = np.int64 if np.dtype(message.dtype).kind in "iu" else np.float64
        _put(message, change(arrays.unpack(message, read_as)))
    return apply


def _negate(values):
    return -values.astype(np.float64)


def _each_replicate(change):
    def apply(payload):
        for rep in payload.replicates:
            change(rep)
    return apply


#: ``{measure: [(run, what the error names, scalar, change of the payload)]}``;
#: ``scalar``: found by ``describe`` (the runs listing) without inflating an array.
CASES = {
    "discrepancy": [
        ("neg_pair_sums", "replicates[0].pair_sums[0] is -",
         False, _change("discrepancy", "replicates[0].pair_sums", _negate)),
        ("neg_group_sums", "replicates[0].group_sums[0, 0] is -",
         False, _change("discrepancy", "replicates[0].group_sums", _negate)),
        ("neg_group_count", "replicates[0].group_counts[0] is -5; a count is never negative",
         False, _change("discrepancy", "replicates[0].group_counts", lambda v: np.array([-5, 605]))),
        ("group_counts_past_n", "replicates[0].group_counts add up to 900, not its num_examples 600",
         False, _change("discrepancy", "replicates[0].group_counts", lambda v: v + 150)),
        ("huge_num_examples", "replicates[0].num_examples is %d; a count is at most 2**53" % 2**60,
         True, lambda p: setattr(p.replicates[0], "num_examples", 2**60)),
        ("neg_num_examples", "replicates[1].num_examples is -1",
         True, lambda p: setattr(p.replicates[1], "num_examples", -1)),
        ("dup_replicate_ids", "replicate ids must be distinct; 0 appear",
         True, _each_replicate(lambda r: setattr(r, "replicate", 0))),
        ("unknown_top_group", "replicates[0].top_groups names 'nobody', not in its group_names",
         True, lambda p: p.replicates[0].top_groups.__setitem__(0, "nobody")),
        ("dup_group_names", "replicates[0].group_names has duplicate names: 'men'",
         True, lambda p: p.replicates[0].group_names.__setitem__(1, "men")),
        ("dup_pool_names", "pool_names must differ; got 'A' twice",
         True, lambda p: p.pool_names.__setitem__(1, "A")),
        ("long_pool_name", "pool_names must be non-empty strings of at most 100 characters",
         True, lambda p: p.pool_names.__setitem__(1, "B" * 101)),
        ("falling_edges", "replicates[0].excess_edges[1] is", False,
         _change("discrepancy", "replicates[0].excess_edges", lambda v: v[::-1].copy())),
        ("nan_edge", "replicates[0].excess_edges[3] is nan; an edge is finite", False,
         _change("discrepancy", "replicates[0].excess_edges", lambda v: np.where(np.arange(v.size) == 3, np.nan, v))),
        ("neg_excess_count", "replicates[0].excess_counts[0] is -1", False,
         _change("discrepancy", "replicates[0].excess_counts", lambda v: np.where(np.arange(v.size) == 0, -1, v))),
        ("excess_counts_past_n", "replicates[0].excess_counts add up to 601, not its num_examples 600", False,
         _change("discrepancy", "replicates[0].excess_counts", lambda v: v + (np.arange(v.size) == 0))),
    ],
    "sensitivity": [
        ("neg_n", "choices[0].overall.n is -5; a count is never negative",
         True, lambda p: setattr(p.choices[0].overall, "n", -5)),
        ("coverage_past_1", "choices[0].overall.n_defined is 2001, more than its n 2000",
         True, lambda p: setattr(p.choices[0].overall, "n_defined", 2001)),
        ("neg_group_n", "choices[1].by_group[1].n is -1",
         True, lambda p: setattr(p.choices[1].by_group[1], "n", -1)),
        ("neg_reason_count", "choices[2].reason_counts[0] is -3",
         True, lambda p: (p.choices[2].reasons.append("no gradient"), p.choices[2].reason_counts.append(-3))),
        ("neg_top_k", "top_k is -1", True, lambda p: setattr(p, "top_k", -1)),
        ("neg_sample_size", "sample_size is -200", True, lambda p: setattr(p, "sample_size", -200)),
        ("huge_num_examples", "num_examples is %d; a count is at most 2**53" % 2**62,
         True, lambda p: setattr(p, "num_examples", 2**62)),
        ("w_nan", "w has non-finite entries at positions [0]", True, lambda p: p.w.append(float("nan"))),
        ("w_length", "w has 3 weights for 2 class_names", True, lambda p: p.w.extend([0.5, 0.25, 0.25])),
        ("w_not_stochastic", "w must sum to 1", True, lambda p: p.w.extend([0.5, 0.6])),
        ("pred_class_past_names", "example_columns.pred_class[3] is 2: pred_class must be class indices from 0 to 1",
         False, _change("sensitivity", "example_columns.pred_class", lambda v: np.where(np.arange(v.size) == 3, 2, v))),
        ("pred_class_below_none", "example_columns.pred_class[4] is -2; a predicted class is -1 (none)",
         False, _change("sensitivity", "example_columns.pred_class", lambda v: np.where(np.arange(v.size) == 4, -2, v))),
        # histograms and token counts were served as stored (counts -260, edges falling)
        ("neg_histogram_count", "choices[0].histogram_counts[1] is -260; a count is never negative", False,
         _change("sensitivity", "choices[0].histogram_counts", lambda v: np.where(np.arange(v.size) == 1, -260, v))),
        ("histogram_past_defined", "choices[1].histogram_counts add up to ", False,
         _change("sensitivity", "choices[1].histogram_counts", lambda v: v + 1)),
        ("falling_histogram_edges", "choices[0].histogram_edges[1] is", False,
         _change("sensitivity", "choices[0].histogram_edges", lambda v: v[::-1].copy())),
        ("nan_histogram_edge", "choices[2].histogram_edges[4] is nan; an edge is finite", False,
         _change("sensitivity", "choices[2].histogram_edges", lambda v: np.where(np.arange(v.size) == 4, np.nan, v))),
        ("in_sample_2", "example_columns.in_sample[5] is 2, not 0 or 1",
         False, _change("sensitivity", "example_columns.in_sample", lambda v: np.where(np.arange(v.size) == 5, 2, v))),
    ],
    "representation": [
        ("neg_class_count", "layers[0].class_counts[0] is -5; a count is never negative",
         False, _change("representation", "layers[0].class_counts", lambda v: np.array([-5, 6005]))),
        ("dup_layers", "layers has duplicate names: 'conv1'",
         True, lambda p: setattr(p.layers[1], "layer", p.layers[0].layer)),
        ("no_layers", "layers must not be empty", True, lambda p: p.ClearField("layers")),
        ("unnamed_layer", "layers must not contain an empty name", True, lambda p: setattr(p.layers[2], "layer", "")),
        ("neg_n", "layers[2].n is -1; a count is never negative", True, lambda p: setattr(p.layers[2], "n", -1)),
        ("neg_n_heldout", "layers[0].n_heldout is -9", True, lambda p: setattr(p.layers[0], "n_heldout", -9)),
    ],
    "association": [
        ("table_version_99", "tb_bias table version 99 is not supported by this build (supports 1); upgrade",
         True, lambda p: setattr(p, "version", 99)),
        # not "version 0 is not supported ... upgrade": no tb-bias wrote it, a newer one neither
        ("table_version_0", "tb_bias table has no version: the record is empty or was not written by tb-bias", True,
         lambda p: setattr(p, "version", 0)),
        ("neg_budget", "examples.budget_bytes is -1; a limit is never negative",
         True, lambda p: setattr(p.examples, "budget_bytes", -1)),
        ("per_cell_past_cap", "examples.per_cell must be from 1 to 65536, got 70000",
         True, lambda p: setattr(p.examples, "per_cell", 70000)),
        # each was served with 200 until a route read it, and listed as readable (issue 22's rule for the listing)
        ("huge_num_examples", "num_examples is %d; a count is at most 2**53" % 2**61,
         True, lambda p: setattr(p, "num_examples", 2**61)),
        ("nan_threshold", "threshold nan is outside [0, 1]", True, lambda p: p.thresholds.__setitem__(0, float("nan"))),
        ("dup_identities", "identity_names has duplicate names",
         True, lambda p: p.identity_names.__setitem__(1, p.identity_names[0])),
        ("identity_column_past_labels", "identity_label_index 9999 is out of range",
         True, lambda p: p.identity_label_index.__setitem__(0, 9999)),
        ("dup_labels", "label_names has duplicate names",
         False, lambda p: p.label_names.__setitem__(1, p.label_names[0])),
    ],
}
#: The route of each measure that reads a record across steps: asked first, it must find the fault itself.
ACROSS_STEPS = {"discrepancy": "/discrepancy_steps", "sensitivity": "/sensitivity_steps",
                "representation": "/representation/series", "association": "/trend"}


@pytest.fixture(scope="module")
def demo():
    return fx.demo_records()


def _routes(measure):
    routes = list(REGISTRY[measure].routes())
    return [ACROSS_STEPS[measure]] + [r for r in routes if r != ACROSS_STEPS[measure]]


@pytest.mark.parametrize("measure", sorted(CASES))
def test_a_record_that_contradicts_itself_is_a_422_naming_the_field_on_every_route(tmp_path, demo, measure):
    _, tag, value, payload = demo[measure]
    number = REGISTRY[measure].payload_number
    fx.write_record(tmp_path, "intact", value, record.encode(number, payload))
    for run, _, _, change in CASES[measure]:
        mutated = copy.deepcopy(payload)
        change(mutated)
        fx.write_record(tmp_path, run, value, record.encode(number, mutated))
    client = Client(fx.make_app(tmp_path)[0])
    for run in ["intact"] + [case[0] for case in CASES[measure]]:
        for route in _routes(measure):
            code, response = fx.get(client, route.lstrip("/"), run=run, tag=tag,
                                    **fx.route_params(measure, run, payload).get(route, {}))
            text = response.get_data(as_text=True)
            if run == "intact":
                assert code == 200, (route, text[:300])
                continue
            named = next(case[1] for case in CASES[measure] if case[0] == run)
            assert code == 422 and "cannot be read" in text and named in text, (run, route, text[:300])
    listing = fx.get_json(client, "runs")
    assert {u["run"] for u in listing["unreadable"] if u["tag"] == tag} == {case[0] for case in CASES[measure]}
    assert [r["run"] for r in listing["runs"]] == ["intact"]


@pytest.mark.parametrize("measure, run, named, change", [
    (measure, run, named, change) for measure, cases in sorted(CASES.items())
    for run, named, scalar, change in cases if scalar
])
def test_a_contradicting_scalar_field_is_found_without_inflating_an_array(demo, measure, run, named, change):
    """The runs listing (``describe``) reads no array: it checks the scalar fields itself."""
    payload = copy.deepcopy(demo[measure][3])
    change(payload)
    with pytest.raises(ValueError) as raised:
        REGISTRY[measure].describe(payload)
    assert named in str(raised.value)


@pytest.mark.parametrize("field, value, named", [
    ("pred_class", 2, "examples[3].pred_class is 2: pred_class must be class indices from 0 to 1"),
    ("pred_class", -7, "examples[3].pred_class is -7; a predicted class is -1 (none)"),
    ("in_sample", 5, "examples[3].in_sample is 5, not 0 or 1"),
])
def test_a_version_1_sensitivity_record_checks_each_examples_prediction(field, value, named):
    """Version 1 keeps a message per retained example: its scalars are checked as the columns are."""
    payload = fx.sensitivity_v1_record()
    REGISTRY["sensitivity"].decode(payload)
    setattr(payload.examples[3], field, value)
    for read in (REGISTRY["sensitivity"].describe, REGISTRY["sensitivity"].decode,
                 lambda p: REGISTRY["sensitivity"].decode_part(p, "steps")):
        with pytest.raises(ValueError) as raised:
            read(payload)
        assert named in str(raised.value)


def test_limits_as_large_as_a_writer_takes_are_read(tmp_path):
    # "keep everything" as sys.maxsize was written, then refused as a count past 2**53
    import sys

    from tb_bias_plugin import CooccurrenceCounter, summary
    from tb_bias_plugin.measures.sensitivity import SensitivityAccumulator

    accumulator = SensitivityAccumulator(top_k=sys.maxsize, reservoir_size=sys.maxsize)
    accumulator.update([0.1, 0.4, 0.2], example_ids=["a", "b", "c"])
    counter = CooccurrenceCounter(["man", "nurse"], ["man"], examples_per_cell=2, example_budget_bytes=2**62)
    counter.update([["man", "nurse"], ["nurse"]], example_ids=["a", "b"])
    with summary.Writer(tmp_path / "run") as writer:
        writer.prediction_sensitivity("sensitivity", accumulator, step=0)
        writer.association_table("gender", counter, step=0)
    client = Client(fx.make_app(tmp_path)[0])
    assert fx.get_json(client, "sensitivity", run="run", tag="sensitivity")["sample_size"] == sys.maxsize
    assert fx.get(client, "examples", run="run", tag="gender", label="nurse")[0] == 200
    assert fx.get_json(client, "runs")["unreadable"] == []


#: A table of precomputed values (``Writer.metric_table``) whose values no metric takes: ``{run: (what the
#: error names, change of the values)}``. Each was served with 200 (a negative count in the CSV, nPMI 5 in the
#: distribution's domain); the writer refused them all but the count past 2**53.
PRECOMPUTED = {
    "neg_count": ("column 'count' holds counts, which must be whole numbers from 0 to 2**53", (0, 2, -5.0)),
    "half_count": ("column 'count@x' holds counts", (1, 1, 2.5)),
    "huge_count": ("got 1e+300", (0, 2, 1e300)),
    "joint_past_count": ("column 'count@x' is 20.0 for label 'b', above its count 10.0", (1, 1, 20.0)),
    "npmi_5": ("column 'nPMI@x' holds nPMI values, which lie in [-1, 1]; got 5.0", (0, 0, 5.0)),
}


def test_a_precomputed_table_with_values_no_metric_takes_is_a_422_on_every_route(tmp_path, demo):
    from tb_bias_plugin.measures.association import builder

    _, tag, value, _ = demo["association"]
    number = REGISTRY["association"].payload_number
    intact = builder.metric_table(np.array([[0.5, 3.0, 4.0], [-0.25, 6.0, 10.0]]), label_names=["a", "b"],
                                  metric_names=["nPMI@x", "count@x", "count"])
    fx.write_record(tmp_path, "intact", value, record.encode(number, intact))
    for run, (_, (i, j, bad)) in PRECOMPUTED.items():
        def change(values, i=i, j=j, bad=bad):
            values = values.copy()
            values[i, j] = bad
            return values
        mutated = copy.deepcopy(intact)
        _change("association", "values", change)(mutated)
        fx.write_record(tmp_path, run, value, record.encode(number, mutated))
    client = Client(fx.make_app(tmp_path)[0])
    for run in ["intact"] + list(PRECOMPUTED):
        for route in ("/table", "/csv", "/distribution"):
            code, response = fx.get(client, route.lstrip("/"), run=run, tag=tag)
            text = response.get_data(as_text=True)
            if run == "intact":
                assert code == 200, (route, text[:300])
            else:
                assert code == 422 and PRECOMPUTED[run][0] in text, (run, route, text[:300])
    assert {u["run"] for u in fx.get_json(client, "runs")["unreadable"]} == set(PRECOMPUTED)
