"""The prediction-sensitivity demo: deterministic, NumPy only, and the committed demo_logs match it."""

import os
import subprocess
import sys

import numpy as np
import pytest

import plugin_fixtures
from tb_bias_plugin.demo import sensitivity as demo

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
COMMITTED = os.path.join(REPO, "demo_logs")
REGENERATE = ("regenerate: python -c \"from tb_bias_plugin.demo import sensitivity as s; "
              "s.write_demo_logs('demo_logs', overwrite=True)\"")


def records(logdir):
    return {key: value for key, value in plugin_fixtures.read_logdir(logdir).items() if key[0] in demo.RUNS}


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    path = tmp_path_factory.mktemp("demo")
    info = demo.write_demo_logs(path)
    return path, info, records(path)


@pytest.mark.demo_logs
def test_committed_demo_logs_equal_a_fresh_generation(fresh):
    _, _, new = fresh
    committed = records(COMMITTED)
    assert sorted(committed) == sorted(new), REGENERATE
    for key, (info, description, value) in committed.items():
        assert info["measure"] == "sensitivity"
        assert "Synthetic demo data" in description and "input" in description
        # values to a tolerance: float sums differ in their last bits between CPUs
        plugin_fixtures.assert_values_close(value, new[key][2], path="%s/%s/%s (%s)" % (*key, REGENERATE))


def test_demo_runs_steps_and_choices(fresh):
    path, info, new = fresh
    assert info["runs"] == list(demo.RUNS) and info["steps"] == list(demo.STEPS)
    assert len(info["files"]) == 2 and all(f.endswith(demo.FILE_SUFFIX) for f in info["files"])
    text = [new[demo.TEXT_RUN, demo.TAG, s][2] for s in demo.STEPS]
    assert [c["name"] for c in text[0]["choices"]] == list(demo.CHOICE_NAMES)
    assert text[0]["input"] == "text" and text[0]["num_examples"] == demo.SENTENCES and text[0]["has_groups"]
    # informed choices rise faster than uniform over the steps (γ grows)
    mean = {c["name"]: [t["choices"][i]["overall"]["mean"] for t in text] for i, c in enumerate(text[0]["choices"])}
    growth = {name: m[-1] / m[0] for name, m in mean.items()}
    assert all(growth[name] > growth["uniform"] for name in demo.CHOICE_NAMES if name != "uniform"), growth
    assert all(np.all(np.diff(mean[name]) > 0) for name in ("psm", "word_list", "word_list_emb", "psm_emb"))
    # kept examples carry tokens and both strips
    e = text[-1]["examples"][0]
    assert len(e["tokens"]) == e["token_sensitivity"].shape[1] == e["token_weight"].shape[1]
    tab = [new[demo.TABULAR_RUN, demo.TAG, s][2] for s in demo.STEPS]
    names = [c["name"] for c in tab[0]["choices"]]
    assert names == ["proxy_adjusted", "mask_gender", "uniform"] and tab[0]["feature_names"] == list(demo.TAB_FEATURES)
    masked = [t["choices"][1]["overall"]["max"] for t in tab]
    proxy = [t["choices"][0]["overall"]["mean"] for t in tab]
    assert masked == [0.0] * len(tab)  # the model never reads gender
    assert proxy[0] < proxy[-1]  # but leans on its proxy more and more


def test_demo_writes_without_tensorflow_and_refuses_to_overwrite(tmp_path):
    code = (
        "import sys\n"
        "from tb_bias_plugin.demo import sensitivity as s\n"
        "print(s.summarize(s.write_demo_logs(sys.argv[1])))\n"
        "assert 'tensorflow' not in sys.modules, 'the demo imported TensorFlow'\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "2 runs (sensitivity_text, sensitivity_tabular) x 5 steps" in done.stdout
    with pytest.raises(SystemExit, match="--overwrite"):
        demo.write_demo_logs(tmp_path)
    demo.write_demo_logs(tmp_path, overwrite=True)
    assert all(len(os.listdir(tmp_path / run)) == 1 for run in demo.RUNS)
