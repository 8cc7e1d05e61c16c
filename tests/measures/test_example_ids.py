"""Example ids follow one rule in every measure (core/example_ids.py): the
association sample, DIPDI's top examples and sensitivity's retained examples
accept the same ids, store them as the same text, and refuse the same bad
ones with the same message, before anything is written."""

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import plugin_fixtures as fx
from plugin_fixtures import Client
from tb_bias_plugin import CooccurrenceCounter, DipdiAccumulator, summary
from tb_bias_plugin.cli import main
from tb_bias_plugin.core.example_ids import MAX_ID_BYTES, check_ids, id_strings
from tb_bias_plugin.measures.association import backends
from tb_bias_plugin.measures.sensitivity import SensitivityAccumulator, SensitivityCollector, accumulated_sensitivity

N = 4
RNG = np.random.default_rng(2)
A, B = RNG.normal(size=(2, N)), RNG.normal(size=(2, N)) + np.arange(N)
RESULTS = {"uniform": accumulated_sensitivity(np.abs(RNG.normal(size=(N, 2, 3))))}


def association(ids):
    CooccurrenceCounter(["a", "b"], ["a"], examples_per_cell=2).update(np.eye(N, 2, dtype=bool), example_ids=ids)


def association_in_numpy(ids, monkeypatch):
    """The same counter with the compiled kernel disabled (the NumPy path)."""
    monkeypatch.setattr(backends, "_compiled_kernel", lambda: None)
    association(ids)


def dipdi(ids):
    DipdiAccumulator(top_k=2).update(A, B, example_ids=ids)


def sensitivity(ids):
    SensitivityAccumulator(top_k=2, reservoir_size=2).update(RESULTS["uniform"].P, example_ids=ids)


def collector(ids):
    SensitivityCollector(top_k=2, sample_size=2).update(RESULTS, example_ids=ids)


WRITERS = [association, dipdi, sensitivity, collector]

BAD = [
    (["a", "b", "c", 3.0], r"example_ids\[3\] must be a string or an integer, got 3.0"),  # pandas ints with a NaN
    (["a", None, "c", "d"], r"example_ids\[1\] must be a string or an integer, got None"),
    ([True, "b", "c", "d"], r"example_ids\[0\] must be a string or an integer, got True"),
    (np.array([1.0, 2.0, 3.0, 4.0]), r"example_ids\[0\] must be a string or an integer, got 1.0"),
    (["a", "", "c", "d"], r"example_ids\[1\] is empty"),
    (["a", "b", "c\x00", "d"], r"example_ids\[2\] holds a NUL character"),
    (["a", "b", "c", "é" * 129], r"example_ids\[3\] is 258 bytes long; an id is at most 256 bytes"),
    (["a", "\ud800", "c", "d"], r"example_ids\[1\] is not UTF-8 text"),  # a lone surrogate
    (["a", b"\xff", "c", "d"], r"example_ids\[1\] is not UTF-8"),
    ("abcd", r"example_ids must be a sequence of ids"),
    (np.array([["a", "b"], ["c", "d"]]), r"example_ids must be 1-D"),
    (["a", "b", "c"], r"example_ids has 3 ids but there are 4 examples"),
]


@pytest.mark.parametrize("ids, message", BAD, ids=[m[:30] for _, m in BAD])
@pytest.mark.parametrize("write", WRITERS, ids=lambda w: w.__name__)
def test_every_measure_refuses_a_bad_id_with_one_message(write, ids, message):
    if write is association and message.startswith("example_ids has 3"):
        message = "example_ids has 3 entries"  # the counter checks a batch's columns together first
    with pytest.raises(ValueError, match=message):
        write(ids)


@pytest.mark.parametrize("ids, message", [b for b in BAD if "has 3" not in b[1]], ids=lambda v: str(v)[:20])
def test_the_numpy_path_refuses_what_the_kernel_refuses(ids, message, monkeypatch):
    with pytest.raises(ValueError, match=message):
        association_in_numpy(ids, monkeypatch)


def test_the_rule_accepts_strings_integers_and_utf8_bytes_as_the_same_text():
    given = ["a", 7, np.int64(-3), b"\xc3\xa9", np.str_("x"), "é" * 128]
    assert id_strings(given) == ["a", "7", "-3", "é", "x", "é" * 128]
    assert len(id_strings(given)[-1].encode()) == MAX_ID_BYTES
    assert id_strings(np.array([5, 6], np.uint8)) == ["5", "6"]
    assert check_ids(None, 3) is None


def test_bytes_and_integer_ids_are_stored_as_their_text_in_every_measure(tmp_path):
    ids = [b"b0", 1, "s2", np.int64(3)]
    text = ["b0", "1", "s2", "3"]
    with summary.Writer(tmp_path / "run") as w:
        w.prediction_discrepancy("dipdi", A, B, example_ids=ids, top_k=N)
        w.prediction_sensitivity("sens", RESULTS, example_ids=ids, top_k=N, sample_size=N)
        w.association_table("assoc", np.eye(N, 2, dtype=bool), label_names=["a", "b"], identity_labels=["a"], example_ids=ids)
    client = Client(fx.make_app(tmp_path)[0])
    top = fx.get_json(client, "discrepancy_examples", run="run", tag="dipdi")["top"]
    assert sorted(t["id"] for t in top) == sorted(text)
    kept = fx.get_json(client, "sensitivity_examples", run="run", tag="sens", choice="uniform", source="top",
                       limit="10")["examples"]
    assert sorted(e["id"] for e in kept) == sorted(text)
    sample = fx.get_json(client, "examples", run="run", tag="assoc", step="0", threshold="0.5", label="b")
    assert sorted(e["id"] for e in sample["examples"]) == ["1"]


def test_accumulators_store_the_ids_text_not_their_python_repr(tmp_path):
    # both accumulators checked ids and then kept the values given: the tab showed "b'r1'", "tensor(3)", and
    # DIPDI's NumPy array turned mixed integers into floats ("-1.0", "1.8446744073709552e+19")
    dipdi_ids = [-1, 2**64 - 1, b"\xc3\xa9", "a"]
    sensitivity_ids = [b"r1", "r2", np.bytes_(b"r3"), 4]
    accumulator = SensitivityAccumulator(top_k=N, reservoir_size=N)
    accumulator.update(RESULTS["uniform"].P, example_ids=sensitivity_ids)
    with summary.Writer(tmp_path / "run") as w:
        w.prediction_discrepancy("dipdi", DipdiAccumulator(top_k=N).update(A, B, example_ids=dipdi_ids))
        w.prediction_sensitivity("sens", accumulator, v_name="P")
    client = Client(fx.make_app(tmp_path)[0])
    top = fx.get_json(client, "discrepancy_examples", run="run", tag="dipdi")["top"]
    assert sorted(t["id"] for t in top) == sorted(["-1", str(2**64 - 1), "é", "a"])
    kept = fx.get_json(client, "sensitivity_examples", run="run", tag="sens", choice="P", source="top",
                       limit="10")["examples"]
    assert sorted(e["id"] for e in kept) == ["4", "r1", "r2", "r3"]


@pytest.mark.parametrize("write", [dipdi, sensitivity, collector], ids=lambda w: w.__name__)
def test_ids_may_come_from_an_iterator_but_not_from_a_set_or_a_dict(write):
    write(iter(["a", "b", "c", "d"]))  # read once, and kept
    for unordered in ({"a", "b", "c", "d"}, dict.fromkeys("abcd")):
        with pytest.raises(ValueError, match="example_ids must be a sequence of ids"):
            write(unordered)


def test_a_bad_id_is_refused_before_anything_is_written(tmp_path):
    bad = [1, 2, 3, 4.5]
    with summary.Writer(tmp_path / "run") as w:
        for write in (lambda: w.prediction_discrepancy("dipdi", A, B, example_ids=bad),
                      lambda: w.prediction_sensitivity("sens", RESULTS, example_ids=bad),
                      lambda: w.association_table("assoc", np.eye(N, 2, dtype=bool), label_names=["a", "b"],
                                                  identity_labels=["a"], example_ids=bad)):
            with pytest.raises(ValueError, match=r"example_ids\[3\] must be a string or an integer, got 4.5"):
                write()
        w.prediction_discrepancy("good", A, B, example_ids=[1, 2, 3, 4])
    assert [key[1] for key in fx.read_logdir(tmp_path)] == ["good"]


# tb-bias log: the same rule, a bad id named by its file, row and column, in one line for every measure
COMMANDS = {
    "association": ["--measure", "association", "--labels-column", "labels", "--identity-labels", "x"],
    "discrepancy": ["--measure", "discrepancy", "--pool-a-columns", "a1", "a2", "--pool-b-columns", "b1", "b2"],
    "sensitivity": ["--measure", "sensitivity", "--p-column", "P"],
}


def _table(ids):
    n = len(ids)
    rng = np.random.default_rng(0)
    return pa.table({"id": ids, "labels": [["x", "y"]] * n, **{c: rng.random(n) for c in ("a1", "a2", "b1", "b2", "P")}})


@pytest.mark.parametrize("measure", sorted(COMMANDS))
@pytest.mark.parametrize("ids, fragment", [
    (["r1", "", "r3"], "p.parquet, row 2, column 'id': the example id is empty"),
    ([1.0, 2.5, 3.0], "p.parquet, row 1, column 'id': the example id must be a string or an integer, got 1.0"),
    (["r1", "r2", "x" * 300], "p.parquet, row 3, column 'id': the example id is 300 bytes long"),
    (["r1", None, "r3"], "p.parquet, row 2, column 'id': the example id is missing"),
])
def test_the_command_names_the_row_of_a_bad_id_for_every_measure(tmp_path, capsys, measure, ids, fragment):
    pq.write_table(_table(ids), tmp_path / "p.parquet")
    code = main(["log", str(tmp_path / "p.parquet"), "--logdir", str(tmp_path / "logs"), "--name", "t",
                 "--id-column", "id", "--progress", "off", *COMMANDS[measure]])
    err = capsys.readouterr().err
    assert code == 2 and fragment in err and "Traceback" not in err, err
    assert not (tmp_path / "logs").exists()


@pytest.mark.parametrize("measure", sorted(COMMANDS))
def test_the_command_keeps_integer_and_text_ids_as_their_text(tmp_path, measure):
    pq.write_table(_table([11, 12, 13]), tmp_path / "p.parquet")
    assert main(["log", str(tmp_path / "p.parquet"), "--logdir", str(tmp_path / "logs"), "--name", "t",
                 "--id-column", "id", "--progress", "off", *COMMANDS[measure]]) == 0
    client = Client(fx.make_app(tmp_path / "logs")[0])
    if measure == "association":
        body = fx.get_json(client, "examples", run=".", tag="t", step="0", threshold="0.5", label="y")
        assert sorted(e["id"] for e in body["examples"]) == ["11", "12", "13"]
    elif measure == "discrepancy":
        top = fx.get_json(client, "discrepancy_examples", run=".", tag="t")["top"]
        assert sorted(t["id"] for t in top) == ["11", "12", "13"]
    else:
        kept = fx.get_json(client, "sensitivity_examples", run=".", tag="t", choice="P", source="top",
                           limit="10")["examples"]
        assert sorted(e["id"] for e in kept) == ["11", "12", "13"]


@pytest.mark.parametrize("numpy_path", [False, True], ids=["kernel", "numpy"])
def test_the_byte_limit_is_the_same_on_both_association_paths_and_in_the_rule(numpy_path, monkeypatch):
    if numpy_path:
        monkeypatch.setattr(backends, "_compiled_kernel", lambda: None)
    for longest, too_long, size in (("x" * 256, "x" * 257, 257), ("😀" * 64, "😀" * 65, 260), ("é" * 128, "é" * 129, 258)):
        assert id_strings([longest, "a"]) == [longest, "a"]
        association([longest, "a", "b", "c"])
        message = r"example_ids\[0\] is %d bytes long; an id is at most 256 bytes" % size
        for check in (id_strings, association):
            with pytest.raises(ValueError, match=message):
                check([too_long, "a", "b", "c"])
