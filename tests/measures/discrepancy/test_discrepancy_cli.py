"""``tb-bias log --measure discrepancy``: two pools of models' prediction
files logged as the same record the Python API writes for the same arrays."""

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import plugin_fixtures as fx
from tb_bias_plugin import summary
from tb_bias_plugin.cli import main

N, M = 300, 4


def pools(seed=0, classes=None):
    rng = np.random.default_rng(seed)
    raw = rng.random((2, M, N) if classes is None else (2, M, N, classes))
    raw[1, :, : N // 3] = raw[1, :, : N // 3] ** 2  # pool B disagrees with A on a third of the examples
    if classes is not None:
        raw /= raw.sum(axis=-1, keepdims=True)
    sex = rng.choice(["f", "m"], size=N)
    ids = np.array(["ex%03d" % i for i in range(N)])
    return raw[0], raw[1], sex, ids


def run(*argv):
    return main(["log", "--measure", "discrepancy", "--progress", "off"] + [str(a) for a in argv])


def api_record(tmp_path, pool_a, pool_b, **kwargs):
    with summary.Writer(tmp_path / "api" / "deploy") as writer:
        writer.prediction_discrepancy("age", pool_a, pool_b, step=2, **kwargs)
    return fx.read_logdir(tmp_path / "api")["deploy", "age", 2]


def cli_record(tmp_path):
    logged = fx.read_logdir(tmp_path / "cli")
    assert list(logged) == [("deploy", "age", 2)]
    return logged["deploy", "age", 2]


def model_table(pool, prefix="model_", **extra):
    return pa.table({**{"%s%d" % (prefix, k + 1): list(pool[k]) for k in range(len(pool))}, **extra})


def test_one_parquet_file_per_pool_logs_what_the_api_writes(tmp_path):
    a, b, sex, ids = pools()
    text = np.array(["caption of %s" % i for i in ids])
    uris = np.array(["https://example.org/%s" % i for i in ids])
    pq.write_table(model_table(a, sex=sex, example_id=ids, caption=text, link=uris), tmp_path / "pool_a.parquet",
                   row_group_size=64)
    pq.write_table(model_table(b), tmp_path / "pool_b.parquet", row_group_size=100)
    assert run(tmp_path / "pool_a.parquet", tmp_path / "pool_b.parquet", "--logdir", tmp_path / "cli" / "deploy",
               "--name", "age", "--step", 2, "--model-prefix", "model_", "--pool-names", "men", "women",
               "--group-column", "sex", "--id-column", "example_id", "--text-column", "caption",
               "--uri-column", "link", "--batch-size", 50) == 0
    info, _, value = cli_record(tmp_path)
    want = api_record(tmp_path, a, b, pool_names=("men", "women"), groups=sex, example_ids=ids, example_text=text,
                      example_uris=uris)
    assert info == want[0]
    fx.assert_values_close(value, want[2])
    assert value.pool_names == ("men", "women") and sorted(value.replicates[0].group_names) == ["f", "m"]
    top = value.replicates[0]
    assert top.top_texts == ["caption of %s" % i for i in top.top_ids] and len(top.top_ids) > 0
    assert top.top_uris == ["https://example.org/%s" % i for i in top.top_ids]


def test_class_probability_lists_and_both_pools_in_one_file(tmp_path):
    a, b, _, _ = pools(seed=1, classes=3)
    pq.write_table(pa.table({**{"a%d" % k: [list(r) for r in a[k]] for k in range(M)},
                             **{"b%d" % k: [list(r) for r in b[k]] for k in range(M)}}), tmp_path / "both.parquet")
    assert run(tmp_path / "both.parquet", "--logdir", tmp_path / "cli" / "deploy", "--name", "age", "--step", 2,
               "--pool-a-prefix", "a", "--pool-b-prefix", "b", "--discrepancy", "jsd", "--pairing", "all_pairs") == 0
    fx.assert_values_close(cli_record(tmp_path)[2], api_record(tmp_path, a, b, discrepancy="jsd",
                                                               pairing="all_pairs")[2])

    a, b, _, _ = pools(seed=2)
    header = ",".join(["a%d" % k for k in range(M)] + ["b%d" % k for k in range(M)])
    rows = [",".join(repr(float(v)) for v in np.concatenate([a[:, i], b[:, i]])) for i in range(N)]
    (tmp_path / "both.csv").write_text("\n".join([header] + rows) + "\n")
    out = tmp_path / "csv"
    assert main(["log", "--measure", "discrepancy", str(tmp_path / "both.csv"), "--logdir", str(out / "cli" / "deploy"),
                 "--name", "age", "--step", "2", "--pool-a-columns", *["a%d" % k for k in range(M)],
                 "--pool-b-columns", *["b%d" % k for k in range(M)]]) == 0
    fx.assert_values_close(cli_record(out)[2], api_record(out, a, b)[2])


def test_npy_pools_log_what_the_api_writes(tmp_path):
    a, b, _, _ = pools(seed=3)
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    assert run(tmp_path / "a.npy", tmp_path / "b.npy", "--logdir", tmp_path / "cli" / "deploy", "--name", "age",
               "--step", 2) == 0
    fx.assert_values_close(cli_record(tmp_path)[2], api_record(tmp_path, a, b)[2])


@pytest.mark.parametrize("setup, argv, message", [
    ("two", ["--model-prefix", "nope_"], "no column starts with 'nope_' (pool A's models)"),
    ("one", ["--model-prefix", "model_"], "--model-prefix is for one file per pool"),
    ("two", [], "pool A: give one of --pool-a-columns, --pool-a-prefix"),
    ("two", ["--model-prefix", "model_", "--threshold", "0.3"], "--threshold is not an option of --measure discrepancy"),
    ("short", ["--model-prefix", "model_"], "pool A has 300 examples"),
    ("bad", ["--model-prefix", "model_"], "row 5, column 'model_2': 'x' is not a number"),
    # said in the API's words (pairing='all_pairs') before
    ("odd", ["--model-prefix", "model_"], "--pairing paired needs two pools of the same even size, got m_a=4 and "
                                          "m_b=3; use --pairing all_pairs for odd or unequal pool sizes"),
    ("two", ["--model-prefix", "model_", "--group-column", "sex"], "no column 'sex'"),
])
def test_bad_input_names_what_is_wrong_and_writes_nothing(tmp_path, capsys, setup, argv, message):
    a, b, _, _ = pools()
    if setup == "bad":
        (tmp_path / "a.csv").write_text("model_1,model_2\n" + "\n".join(
            "0.5,%s" % ("x" if i == 4 else "0.25") for i in range(N)) + "\n")
        files = [tmp_path / "a.csv", tmp_path / "b.parquet"]
    else:
        pq.write_table(model_table(a), tmp_path / "a.parquet")
        files = [tmp_path / "a.parquet"] + ([] if setup == "one" else [tmp_path / "b.parquet"])
    pool_b = b[:3] if setup == "odd" else b[:, :200] if setup == "short" else b
    pq.write_table(model_table(pool_b), tmp_path / "b.parquet")
    assert run(*files, "--logdir", tmp_path / "cli" / "deploy", "--name", "age", *argv) == 2
    err = capsys.readouterr().err
    assert message in err and "(nothing was written)" in err
    assert not (tmp_path / "cli").exists()

@pytest.mark.parametrize("cell, argv, message", [
    (np.nan, [], "b.parquet, row 8, column 'model_2': a non-finite prediction: nan"),
    (None, [], "b.parquet, row 8, column 'model_2': a non-finite prediction: nan"),  # an empty cell
    (np.inf, [], "b.parquet, row 8, column 'model_2': a non-finite prediction: inf"),
    (1.5, ["--discrepancy", "jsd"], "b.parquet, row 8, column 'model_2': a probability outside [0, 1]: 1.5; for logits "
                                    "pass --from-logits"),
])
def test_a_bad_number_is_named_by_file_row_and_column(tmp_path, capsys, cell, argv, message):
    """As the guide says of every bad value: the API's "pool_b ... (model 1, example 7)" would leave the
    user counting models and rows."""
    a, b, _, _ = pools()
    column = list(b[1])
    column[7] = cell
    pq.write_table(model_table(a), tmp_path / "a.parquet")
    pq.write_table(model_table(b).set_column(1, "model_2", pa.array(column, pa.float64())), tmp_path / "b.parquet")
    assert run(tmp_path / "a.parquet", tmp_path / "b.parquet", "--model-prefix", "model_", "--logdir",
               tmp_path / "cli", "--name", "age", *argv) == 2
    err = capsys.readouterr().err
    assert message + " (nothing was written)" in err and "Traceback" not in err
    assert not (tmp_path / "cli").exists()


def test_a_bad_number_in_a_npy_pool_is_named_by_file_model_and_example(tmp_path, capsys):
    a, b, _, _ = pools(classes=3)
    a[1, 7] = [0.5, 0.25, 0.5]
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    assert run(tmp_path / "a.npy", tmp_path / "b.npy", "--discrepancy", "jsd", "--logdir", tmp_path / "cli",
               "--name", "age") == 2
    assert ("a.npy, model 1, example 7: a probability row that sums to 1.25, not 1 +- 0.0001; for logits pass "
            "--from-logits (nothing was written)") in capsys.readouterr().err
    assert not (tmp_path / "cli").exists()


@pytest.mark.parametrize("array, message", [
    (np.array([["a", "b"], ["c", "d"]]), "a pool must be numbers [models, examples] or [models, examples, C]; got <U1"),
    (np.zeros((0, 4)), "a pool of no models (shape (0, 4))"),
])
def test_a_npy_pool_of_strings_or_of_no_models_is_said(tmp_path, capsys, array, message):
    np.save(tmp_path / "a.npy", array)
    np.save(tmp_path / "b.npy", np.zeros((2, 4)))
    assert run(tmp_path / "a.npy", tmp_path / "b.npy", "--logdir", tmp_path / "cli", "--name", "age") == 2
    err = capsys.readouterr().err
    assert "a.npy: " + message in err and "Traceback" not in err
    assert not (tmp_path / "cli").exists()


def test_nulls_are_no_text_not_the_text_none(tmp_path, capsys):
    a, b, _, _ = pools(seed=4)
    ids = ["ex%d" % i for i in range(N)]
    text = ["a caption" if i % 2 else None for i in range(N)]
    pq.write_table(model_table(a, id=ids, text=text), tmp_path / "a.parquet")
    pq.write_table(model_table(b), tmp_path / "b.parquet")
    assert run(tmp_path / "a.parquet", tmp_path / "b.parquet", "--model-prefix", "model_", "--id-column", "id",
               "--text-column", "text", "--logdir", tmp_path / "cli" / "deploy", "--name", "age", "--step", 2) == 0
    want = api_record(tmp_path, a, b, example_ids=ids, example_text=text)
    fx.assert_values_close(cli_record(tmp_path)[2], want[2])
    ids[7] = None  # an id or a group that is missing is said, with its row
    pq.write_table(model_table(a, id=ids), tmp_path / "a.parquet")
    assert run(tmp_path / "a.parquet", tmp_path / "b.parquet", "--model-prefix", "model_", "--id-column", "id",
               "--logdir", tmp_path / "cli2", "--name", "age") == 2
    assert "a.parquet, row 8, column 'id': the example id is missing" in capsys.readouterr().err
    assert not (tmp_path / "cli2").exists()



def test_text_without_ids_names_the_top_examples_by_row_as_the_api_does(tmp_path):
    # the API takes example_text without example_ids (the row numbers name them); association needs ids
    a, b, _, ids = pools(seed=5)
    text = ["caption of %s" % i for i in ids]
    pq.write_table(model_table(a, text=text), tmp_path / "a.parquet")
    pq.write_table(model_table(b), tmp_path / "b.parquet")
    assert run(tmp_path / "a.parquet", tmp_path / "b.parquet", "--model-prefix", "model_", "--text-column", "text",
               "--logdir", tmp_path / "cli" / "deploy", "--name", "age", "--step", 2) == 0
    fx.assert_values_close(cli_record(tmp_path)[2], api_record(tmp_path, a, b, example_text=text)[2])


def test_a_column_named_for_two_options_is_read_once(tmp_path):
    a, b, sex, _ = pools(seed=6)
    pq.write_table(model_table(a, sex=sex), tmp_path / "a.parquet")
    pq.write_table(model_table(b), tmp_path / "b.parquet")
    assert run(tmp_path / "a.parquet", tmp_path / "b.parquet", "--model-prefix", "model_", "--group-column", "sex",
               "--id-column", "sex", "--logdir", tmp_path / "cli" / "deploy", "--name", "age", "--step", 2) == 0
    want = api_record(tmp_path, a, b, groups=sex, example_ids=sex)
    fx.assert_values_close(cli_record(tmp_path)[2], want[2])


def test_association_rejects_the_discrepancy_options(tmp_path, capsys):
    (tmp_path / "p.csv").write_text("score_a,score_man\n0.5,0.2\n")
    assert main(["log", str(tmp_path / "p.csv"), "--logdir", str(tmp_path / "logs"), "--name", "g",
                 "--score-prefix", "score_", "--identity-labels", "man", "--pool-names", "a", "b"]) == 2
    assert "--pool-names is not an option of --measure association" in capsys.readouterr().err


@pytest.mark.parametrize("measure, columns", [
    ("discrepancy", ["--pool-a-columns", "a1", "a2", "--pool-b-columns", "b1", "b2"]),
    ("sensitivity", ["--p-column", "a1"]),
])
@pytest.mark.parametrize("option", [["--label-names", "names.txt"], ["--separator", ";"],
                                    ["--unknown-labels", "ignore"], ["--beam-option=--project=p"]])
def test_the_association_options_with_defaults_are_not_silently_ignored(tmp_path, capsys, measure, columns, option):
    (tmp_path / "p.csv").write_text("a1,a2,b1,b2\n0.1,0.2,0.3,0.4\n0.5,0.6,0.7,0.8\n")
    assert main(["log", "--measure", measure, str(tmp_path / "p.csv"), "--logdir", str(tmp_path / "logs"),
                 "--name", "g", *columns, *option]) == 2
    flag = option[0].split("=")[0]
    assert "%s is not an option of --measure %s" % (flag, measure) in capsys.readouterr().err
    assert not (tmp_path / "logs").exists()


def test_a_byte_order_mark_is_not_part_of_the_first_column_name(tmp_path):
    pool_a, pool_b, _, _ = pools(seed=3)
    for name, pool in (("a", pool_a), ("b", pool_b)):
        rows = ["\ufeff" + ",".join("m_%d" % j for j in range(M))]
        rows += [",".join(repr(float(v)) for v in pool[:, i]) for i in range(N)]
        (tmp_path / ("%s.csv" % name)).write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert run(tmp_path / "a.csv", tmp_path / "b.csv", "--model-prefix", "m_", "--logdir", tmp_path / "cli" / "deploy",
               "--name", "age", "--step", 2) == 0
    want = api_record(tmp_path, pool_a, pool_b)
    assert cli_record(tmp_path)[0] == want[0]
    fx.assert_values_close(cli_record(tmp_path)[2], want[2])


def test_an_empty_group_cell_is_missing_as_a_null_is(tmp_path, capsys):
    # a CSV has no null: its empty cell was logged as a group named "", where a Parquet null is an error
    (tmp_path / "p.csv").write_text("a0,a1,b0,b1,sex\n0.1,0.2,0.3,0.4,f\n0.1,0.5,0.3,0.4,\n")
    assert run(tmp_path / "p.csv", "--pool-a-prefix", "a", "--pool-b-prefix", "b", "--group-column", "sex",
               "--logdir", tmp_path / "cli", "--name", "age") == 2
    assert "p.csv, row 2, column 'sex': the group is missing (empty)" in capsys.readouterr().err
    assert not (tmp_path / "cli").exists()


@pytest.mark.filterwarnings("ignore::tb_bias_plugin.writing.events.RewrittenStepWarning")  # three runs, one step
def test_class_probabilities_without_a_discrepancy_are_noted_in_one_line(tmp_path, capsys):
    a, b, _, _ = pools(seed=1, classes=3)
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    argv = [tmp_path / "a.npy", tmp_path / "b.npy", "--logdir", tmp_path / "cli" / "deploy", "--name", "age",
            "--step", 2]
    assert run(*argv) == 0
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [
        "tb-bias log: note: pool A's models each give 3 non-negative outputs summing to 1, like class probabilities, "
        "scored with the default --discrepancy abs (regression outputs); give --discrepancy jsd for a classifier's "
        "probabilities"]
    assert cli_record(tmp_path)[2].discrepancy == "abs"  # written as before: a note, not a refusal
    assert run(*argv, "--discrepancy", "jsd") == 0 and capsys.readouterr().err == ""
    assert run(*argv, "--from-logits") == 0  # logits: scored by the jsd, no note
    assert capsys.readouterr().err == ""
    np.save(tmp_path / "a.npy", a * 2.0)  # pool A's outputs no longer sum to 1: pool B's are named
    assert run(*argv) == 0
    assert "note: pool B's models each give 3 non-negative outputs" in capsys.readouterr().err
