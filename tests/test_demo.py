"""The demo-logs generator and the committed demo_logs/."""

import os
import subprocess
import sys

import numpy as np
import pytest

import plugin_fixtures
from tb_bias_plugin.demo import association as demo
from tb_bias_plugin.measures.association import metrics

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMITTED = os.path.join(REPO, "demo_logs")
SMALL = 3000  # examples for the tests that generate into tmp dirs


_read_back = plugin_fixtures.read_logdir


def _tables(read_back):
    return {key: table for key, (_, _, table) in read_back.items()}


@pytest.fixture(scope="module")
def committed():
    """The association runs of demo_logs (each other measure's demo tests its own runs)."""
    assert os.path.isdir(COMMITTED), "demo_logs/ is missing: run python -m tb_bias_plugin.demo"
    return {key: value for key, value in _read_back(COMMITTED).items() if value[0]["measure"] == "association"}


@pytest.fixture(scope="module")
def small():
    """Tables of seed 5 with SMALL examples, keyed like `_read_back`."""
    return {(run, demo.TAG, step): table for run, step, table in demo.simulate(5, SMALL)}


def test_simulate_is_deterministic_and_depends_on_the_seed(small):
    again = demo.simulate(seed=5, examples=SMALL)
    assert [(r, s) for r, s, _ in again] == [(r, s) for r, _, s in small]
    assert {(r, demo.TAG, s): t for r, s, t in again} == small
    other = demo.simulate(seed=6, examples=SMALL)
    assert all(t != small[r, demo.TAG, s] for r, s, t in other)


def test_generating_twice_writes_equal_tables(tmp_path, small):
    infos = [
        demo.write_demo_logs(tmp_path / name, seed=5, examples=SMALL) for name in ("one", "two")
    ]
    one, two = _read_back(tmp_path / "one"), _read_back(tmp_path / "two")
    assert sorted(one) == sorted(two) == [
        (run, demo.TAG, step) for run in ("model_a", "model_b") for step in (1, 2, 3)
    ]
    assert _tables(one) == _tables(two) == small
    for info in infos:
        assert info["runs"] == ["model_a", "model_b"] and info["steps"] == [1, 2, 3]
        assert info["examples"] == SMALL and len(info["files"]) == 2
        assert info["bytes"] == sum(os.path.getsize(p) for p in info["files"]) > 0


def test_refuses_existing_event_files_and_overwrite_replaces_its_own(tmp_path, small):
    demo.write_demo_logs(tmp_path, seed=1, examples=SMALL)
    before = sorted(os.listdir(tmp_path / "model_a"))
    with pytest.raises(SystemExit, match="already holds event files.*--overwrite"):
        demo.write_demo_logs(tmp_path, seed=5, examples=SMALL)
    assert sorted(os.listdir(tmp_path / "model_a")) == before  # nothing touched

    demo.write_demo_logs(tmp_path, seed=5, examples=SMALL, overwrite=True)
    for run in ("model_a", "model_b"):
        files = os.listdir(tmp_path / run)
        assert len(files) == 1 and files[0].endswith(demo.FILE_SUFFIX)
    assert _tables(_read_back(tmp_path)) == small  # replaced, no duplicated steps

    # An event file the generator did not write is never removed.
    foreign = tmp_path / "model_b" / "events.out.tfevents.123.otherhost"
    foreign.write_bytes(b"")
    with pytest.raises(SystemExit, match="did not write"):
        demo.write_demo_logs(tmp_path, seed=5, examples=SMALL, overwrite=True)
    assert foreign.exists() and len(os.listdir(tmp_path / "model_a")) == 1


def test_dense_and_sparse_counting_agree():
    world = demo._World(7, 1500)
    rows, cols, scores = demo._predict(world, 7, 0, 2, demo.RUNS["model_a"][1][2])
    sparse = demo._count(world, rows, cols, scores, use_scipy=True)
    dense = demo._count(world, rows, cols, scores, batch_rows=256, use_scipy=False)
    assert sparse == dense
    assert sparse.num_examples == 1500 and sparse.label_counts.sum() > 0


def test_vocabulary_and_planted_labels():
    vocabulary = demo.load_vocabulary()
    names = [name for name, _ in vocabulary]
    assert 1900 <= len(names) <= 2200 and len(set(names)) == len(names)
    assert names[:4] == ["man", "woman", "boy", "girl"]
    planted = demo._planted()
    assert set(planted) <= set(names)
    kinds = {(who, kind) for who, kind in planted.values()}
    assert kinds == {(x, k) for x in demo.IDENTITIES for k in ("common", "rare")}
    # Enough of each kind towards woman and man for a top-50 to be planted.
    for who in ("woman", "man"):
        for kind in ("common", "rare"):
            assert sum(v == (who, kind) for v in planted.values()) >= 50


def test_cli_writes_without_tensorflow_and_prints_a_summary(tmp_path, capsys):
    code = (
        "import sys\n"
        "from tb_bias_plugin import demo\n"
        "demo.main(['--logdir', sys.argv[1], '--examples', '500', '--seed', '9'])\n"
        "assert 'tensorflow' not in sys.modules, 'the demo imported TensorFlow'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "2 runs (model_a, model_b) x 3 steps (1, 2, 3)" in done.stdout
    assert "500 examples" in done.stdout and "bytes" in done.stdout
    # the command's mistakes, in process (a subprocess above already showed it runs without TensorFlow)
    from tb_bias_plugin import demo as command

    with pytest.raises(SystemExit) as stopped:
        command.main(["--logdir", str(tmp_path), "--examples=99"])
    assert stopped.value.code == 2 and "--examples must be at least 100" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="--overwrite"):
        command.main(["--logdir", str(tmp_path)])


class _FakeDemo:
    """A demo module that records what the command passed it."""

    def __init__(self, name, options=()):
        self.__name__ = "tb_bias_plugin.demo." + name
        self.DEMO_OPTIONS = options
        self.given = None

    def write_demo_logs(self, logdir, **options):
        self.given = options
        return {"files": [], "bytes": 0, "seconds": 0.0}

    def summarize(self, info):
        return "nothing"


def test_each_demo_declares_its_own_options_and_gets_them_alone(tmp_path, monkeypatch, capsys):
    from tb_bias_plugin import demo as command

    sized = _FakeDemo("sized", (command.DemoOption("rows", 50, 10, "rows of the sized demo"),))
    plain = _FakeDemo("plain")
    monkeypatch.setattr(command, "generators", lambda: [sized, plain])
    command.main(["--logdir", str(tmp_path), "--rows", "20", "--seed", "3"])
    assert sized.given == {"seed": 3, "overwrite": False, "rows": 20}
    assert plain.given == {"seed": 3, "overwrite": False}
    command.main(["--logdir", str(tmp_path)])  # not given: each demo's own default
    assert sized.given == {"seed": 0, "overwrite": False}
    with pytest.raises(SystemExit):
        command.main(["--logdir", str(tmp_path), "--rows", "9"])
    assert "--rows must be at least 10" in capsys.readouterr().err
    # the association demo's option is its own constants, which the command reads
    assert command.own_options([demo])["examples"] == (
        "examples", demo.DEFAULT_EXAMPLES, demo.MIN_EXAMPLES, "number of simulated images of the label-association demo")
    other = _FakeDemo("other", (command.DemoOption("rows", 60, 10, "rows of another demo"),))
    with pytest.raises(ValueError, match="two demos declare --rows differently"):
        command.own_options([sized, other])


@pytest.mark.demo_logs
def test_committed_demo_logs_equal_a_fresh_generation(committed):
    fresh = {(run, demo.TAG, step): table for run, step, table in demo.simulate()}
    regenerate = "regenerate: python -m tb_bias_plugin.demo --logdir demo_logs --overwrite"
    assert sorted(committed) == sorted(fresh), regenerate
    for key, (info, description, table) in committed.items():
        assert table == fresh[key], "%s differs from a fresh generation; %s" % (key, regenerate)
        assert info["measure"] == "association" and info["kind"] == "counts"
        assert tuple(info["identities"]) == demo.IDENTITIES
        assert tuple(info["thresholds"]) == demo.THRESHOLDS
        assert "Synthetic demo data" in description and "`%s`" % key[0] in description


def test_committed_demo_logs_shape_and_size(committed):
    runs = sorted({run for run, _, _ in committed})
    assert runs == ["model_a", "model_b"]
    for run in runs:
        assert len([s for r, _, s in committed if r == run]) >= 3
    table = next(iter(committed.values()))[2]
    assert len(table.label_names) >= 1900 and table.num_examples == demo.DEFAULT_EXAMPLES
    counts = table.label_counts[table.threshold_index(0.5)]
    # Popularity spans orders of magnitude (Zipf-like).
    assert counts.max() >= 10_000 and (counts[counts > 0] <= 10).sum() >= 100
    # Identities in realistic fractions.
    share = table.identity_counts[table.threshold_index(0.5)] / table.num_examples
    assert np.all((share > 0.05) & (share < 0.4)), share
    size = sum(
        os.path.getsize(os.path.join(root, name))
        for root, _, names in os.walk(COMMITTED)
        for name in names
    )
    assert 0 < size < 5_000_000


# The paper's finding (sections 3-4), on every committed table, threshold and
# direction: the top labels by PMI gap are rare, by demographic parity gap
# common, and nPMI_xy's top labels include both.
TOP = 50
RARE, COMMON = 200, 1000  # C(y) bounds of "rare" and "common" (N = 40,000)


def _top_counts(table, threshold, x1, x2):
    t = table.threshold_index(threshold)
    i1, i2 = table.identity_index(x1), table.identity_index(x2)
    cy = table.label_counts[t]
    mask = metrics.cooccurs_with_both(table.cooccurrence[t], i1, i2)
    mask[table.identity_label_index] = False
    out = {}
    for metric in ("pmi", "dp", "npmi_xy", "tau_b"):
        values = metrics.association(
            metric, table.num_examples, table.identity_counts[t], cy, table.cooccurrence[t]
        )
        top = metrics.top_k(metrics.gap(values, i1, i2), TOP, "desc", mask=mask)
        assert len(top) == TOP and mask[top].all()
        out[metric] = cy[top]
    return out


@pytest.mark.parametrize("threshold", demo.THRESHOLDS)
@pytest.mark.parametrize("pair", [("woman", "man"), ("man", "woman")])
def test_committed_logs_show_the_papers_finding(committed, pair, threshold):
    for (run, _, step), (_, _, table) in sorted(committed.items()):
        top = _top_counts(table, threshold, *pair)
        where = "%s step %d, %s vs %s at %s" % (run, step, pair[0], pair[1], threshold)
        pmi, dp, tau = (np.median(top[m]) for m in ("pmi", "dp", "tau_b"))
        assert pmi < 300 and dp >= 400, where
        medians = "%s: medians pmi %g dp %g tau_b %g" % (where, pmi, dp, tau)
        assert dp >= 5 * pmi and tau >= 4 * pmi, medians
        npmi = top["npmi_xy"]
        assert (npmi < RARE).sum() >= 5 and (npmi >= COMMON).sum() >= 5, "%s: %s" % (where, npmi)


def test_committed_logs_headline_figures(committed):
    """The figures quoted for the demo: model_a, last epoch, threshold 0.5."""
    table = committed["model_a", demo.TAG, 3][2]
    top = _top_counts(table, 0.5, "woman", "man")
    assert np.median(top["pmi"]) < 200 < 1000 < np.median(top["dp"])
    names = table.label_names
    t = table.threshold_index(0.5)
    i1, i2 = table.identity_index("woman"), table.identity_index("man")
    mask = metrics.cooccurs_with_both(table.cooccurrence[t], i1, i2)
    mask[table.identity_label_index] = False
    dp = metrics.gap(table.association("dp", threshold=0.5), i1, i2)
    top_dp = {names[i] for i in metrics.top_k(dp, 10, mask=mask)}
    # The planted common woman-leaning labels lead demographic parity.
    assert {"Long Hair", "Makeup"} <= top_dp, top_dp
