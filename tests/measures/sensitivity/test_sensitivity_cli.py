"""``tb-bias log --measure sensitivity``: P computed elsewhere, from a column of
files, logged as the Python API logs a SensitivityAccumulator of it."""

import numpy as np
import pytest

import plugin_fixtures as fx
from tb_bias_plugin import SensitivityAccumulator, summary
from tb_bias_plugin.cli import main

N = 300


def test_a_p_column_logs_what_the_api_writes_for_an_accumulator(tmp_path):
    rng = np.random.default_rng(5)
    p = rng.random(N) ** 3
    p[[3, 40]] = np.nan  # undefined P: an empty CSV cell
    groups = rng.choice(["f", "m"], size=N)
    ids = ["ex%03d" % i for i in range(N)]
    cells = ["" if np.isnan(v) else repr(float(v)) for v in p]
    (tmp_path / "p.csv").write_text("id,group,P_gendered\n" + "".join(
        "%s,%s,%s\n" % row for row in zip(ids, groups, cells)))
    assert main(["log", "--measure", "sensitivity", str(tmp_path / "p.csv"), "--logdir",
                 str(tmp_path / "cli" / "deploy"), "--name", "age", "--step", "2", "--p-column", "P_gendered",
                 "--group-column", "group", "--id-column", "id", "--batch-size", "64"]) == 0
    accumulator = SensitivityAccumulator(top_k=10, reservoir_size=200, seed=0)
    accumulator.update(p, groups=list(groups), example_ids=ids)
    with summary.Writer(tmp_path / "api" / "deploy") as writer:
        writer.prediction_sensitivity("age", accumulator, v_name="P_gendered", step=2)
    want = fx.read_logdir(tmp_path / "api")["deploy", "age", 2]
    logged = fx.read_logdir(tmp_path / "cli")
    assert list(logged) == [("deploy", "age", 2)]
    info, _, value = logged["deploy", "age", 2]
    assert info == want[0]
    fx.assert_values_close(value, want[2])
    # the top examples keep their groups (served with "" though --group-column named them)
    client = fx.Client(fx.make_app(tmp_path / "cli")[0])
    top = fx.get_json(client, "sensitivity_examples", run="deploy", tag="age", step="2", limit="10")["examples"]
    position = {name: i for i, name in enumerate(ids)}
    assert len(top) == 10 and [e["group"] for e in top] == [groups[position[e["id"]]] for e in top]


def test_a_p_column_with_a_bad_value_names_its_row(tmp_path, capsys):
    (tmp_path / "p.csv").write_text("P\n0.1\n-0.5\n")
    assert main(["log", "--measure", "sensitivity", str(tmp_path / "p.csv"), "--logdir", str(tmp_path / "cli"),
                 "--name", "s", "--p-column", "P"]) == 2
    assert "row 2, column 'P': P = -0.5 is negative" in capsys.readouterr().err
    (tmp_path / "p.csv").write_text("P\n0.1\ninf\n")
    assert main(["log", "--measure", "sensitivity", str(tmp_path / "p.csv"), "--logdir", str(tmp_path / "cli"),
                 "--name", "s", "--p-column", "P"]) == 2
    assert "row 2, column 'P': P = inf is infinite" in capsys.readouterr().err
    (tmp_path / "p.csv").write_text("P\n0.1\nhigh\n")
    assert main(["log", "--measure", "sensitivity", str(tmp_path / "p.csv"), "--logdir", str(tmp_path / "cli"),
                 "--name", "s", "--p-column", "P", "--model-prefix", "m"]) == 2
    assert "--model-prefix is not an option of --measure sensitivity" in capsys.readouterr().err
    assert main(["log", "--measure", "sensitivity", str(tmp_path / "p.csv"), "--logdir", str(tmp_path / "cli"),
                 "--name", "s", "--p-column", "P"]) == 2
    assert "row 2, column 'P': 'high' is not a number" in capsys.readouterr().err
    assert main(["log", "--measure", "sensitivity", str(tmp_path / "p.csv"), "--logdir", str(tmp_path / "cli"),
                 "--name", "s", "--p-column", "P", "--top-k", "-1"]) == 2
    assert "--top-k: top_k must be" in capsys.readouterr().err
    for bad, said in (("", "--v-name must be a non-empty string, got ''"),  # "" fell back to the column's name
                      (" ", "--v-name must be a non-empty string, got ' '"),
                      ("v" * 1001, "--v-name is longer than 1000 characters")):
        assert main(["log", "--measure", "sensitivity", str(tmp_path / "p.csv"), "--logdir", str(tmp_path / "cli"),
                     "--name", "s", "--p-column", "P", "--v-name", bad]) == 2
        assert said in capsys.readouterr().err
    (tmp_path / "blank.csv").write_text(" \n0.1\n")  # the name comes from --p-column, never given as --v-name
    assert main(["log", "--measure", "sensitivity", str(tmp_path / "blank.csv"), "--logdir", str(tmp_path / "cli"),
                 "--name", "s", "--p-column", " "]) == 2
    assert "the v choice's name, --p-column's unless --v-name is given, must be a non-empty string, got ' '" \
        in capsys.readouterr().err
    assert not (tmp_path / "cli").exists()


def test_a_byte_order_mark_is_not_part_of_the_column_name(tmp_path):
    (tmp_path / "p.csv").write_text("\ufeffP,id\n0.1,a\n0.3,b\n", encoding="utf-8")
    assert main(["log", "--measure", "sensitivity", str(tmp_path / "p.csv"), "--logdir", str(tmp_path / "cli"),
                 "--name", "s", "--p-column", "P", "--id-column", "id"]) == 0
    assert list(fx.read_logdir(tmp_path / "cli")) == [(".", "s", 0)]
    # one column for two options is read once, and taken by both
    assert main(["log", "--measure", "sensitivity", str(tmp_path / "p.csv"), "--logdir", str(tmp_path / "cli2"),
                 "--name", "s", "--p-column", "P", "--id-column", "P"]) == 0
    assert list(fx.read_logdir(tmp_path / "cli2")) == [(".", "s", 0)]


def test_a_null_group_or_id_is_said_not_logged_as_none(tmp_path, capsys):
    (tmp_path / "p.jsonl").write_text('{"P": 0.1, "g": "f"}\n{"P": 0.2, "g": null}\n')
    assert main(["log", "--measure", "sensitivity", str(tmp_path / "p.jsonl"), "--logdir", str(tmp_path / "cli"),
                 "--name", "s", "--p-column", "P", "--group-column", "g"]) == 2
    assert "p.jsonl, row 2, column 'g': the group is missing" in capsys.readouterr().err
    assert not (tmp_path / "cli").exists()


def test_a_p_column_read_in_slices_keeps_every_value():
    # the CSV reader hands over slices of one string column; pyarrow 12 to 18
    # misread a slice's offsets in if_else and refused valid cells
    import pyarrow as pa

    from tb_bias_plugin.measures.sensitivity.cli import p_values

    rng = np.random.default_rng(0)
    cells = [rng.choice(["", " ", repr(float(x)), " %r " % float(x), str(int(x * 100))]) for x in rng.random(700)]
    want = np.array([np.nan if not cell.strip() else float(cell) for cell in cells])
    column = pa.array(cells, pa.string())
    got = np.concatenate([p_values("p.csv", first, "P", column.slice(first, 64)) for first in range(0, 700, 64)])
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("name, content", [
    ("p.csv", "P,g\n0.1,f\n0.2,\n"),  # a CSV has no null: its empty cell is one
    ("p.jsonl", '{"P": 0.1, "g": "f"}\n{"P": 0.2, "g": ""}\n'),
])
def test_an_empty_group_is_missing_as_a_null_is(tmp_path, capsys, name, content):
    # it was logged as a group named ""
    (tmp_path / name).write_text(content)
    assert main(["log", "--measure", "sensitivity", str(tmp_path / name), "--logdir", str(tmp_path / "cli"),
                 "--name", "s", "--p-column", "P", "--group-column", "g"]) == 2
    assert "%s, row 2, column 'g': the group is missing (empty)" % (tmp_path / name) in capsys.readouterr().err
    assert not (tmp_path / "cli").exists()
