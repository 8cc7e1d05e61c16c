"""The snippets of docs/large_eval_sets.md run as written and log what they say."""

import os
import re
import subprocess
import sys

import plugin_fixtures as fx

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def section_blocks():
    with open(os.path.join(ROOT, "docs", "large_eval_sets.md"), encoding="utf-8") as f:
        text = f.read()
    return re.findall(r"```(python|sh)\n(.*?)```", text, flags=re.S)


def test_every_snippet_of_the_section_runs(tmp_path, monkeypatch):
    blocks = section_blocks()
    assert [kind for kind, _ in blocks].count("python") >= 4 and any(kind == "sh" for kind, _ in blocks)
    monkeypatch.chdir(tmp_path)
    bin_dir = os.path.dirname(sys.executable)
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""))
    for kind, code in blocks:
        if kind == "python":
            exec(compile(code, "docs/large_eval_sets.md", "exec"), {"__name__": "__readme__"})
        else:
            subprocess.run(["bash", "-e", "-c", code], check=True, env=env, cwd=tmp_path)
    logged = fx.read_logdir(tmp_path / "logs")
    assert set(logged) == {
        ("eval", "gender", 0),
        ("beam", "gender", 0),
        ("beam", "age", 0),
        ("files", "gender", 0),
        ("files", "soft", 0),
        ("beam-files", "gender", 0),
    }
    beam = logged["beam", "gender", 0][2]
    assert beam.num_examples == 3 and beam.label_counts[0].tolist() == [2, 1, 1, 1, 1]
    files = logged["files", "gender", 0][2]
    assert "sex=female & age=60+" in files.identity_names and files.num_examples == 4
    assert logged["files", "soft", 0][2].expected_counts
    assert logged["eval", "gender", 0][2].num_examples == 20 * 512 + 2
    dipdi = logged["beam", "age", 0][2]
    assert dipdi.pool_names == ("men", "women") and dipdi.replicates[0].n == 1000
    assert sorted(dipdi.replicates[0].group_names) == ["f", "m"]
