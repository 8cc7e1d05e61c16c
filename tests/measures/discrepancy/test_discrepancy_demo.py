"""The DIPDI demo: the synthetic experiment's shape, and the committed runs."""

import os

import pytest

import plugin_fixtures as fx
from tb_bias_plugin.demo import discrepancy as demo
from tb_bias_plugin.measures.discrepancy import codec
from tb_bias_plugin.measures.discrepancy.replicates import replicate_summary

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
COMMITTED = os.path.join(REPO, "demo_logs")


def records(logdir):
    return {
        key: value
        for key, (info, _, value) in fx.read_logdir(logdir).items()
        if info["measure"] == "discrepancy"
    }


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    logdir = tmp_path_factory.mktemp("demo")
    info = demo.write_demo_logs(logdir)
    return info, records(logdir)


def summaries(stored):
    return replicate_summary([codec.result(stored, rep).dipdi for rep in stored.replicates])


def test_dipdi_falls_towards_zero_at_balance_with_significance_at_the_extremes(fresh):
    _, recs = fresh
    for run in demo.RUNS:
        s = {share: summaries(recs[run, demo.TAG, share]) for share in demo.SHARES}
        means = [s[share].mean for share in demo.SHARES]
        assert means == sorted(means, reverse=True), means  # decreasing with the minority share
        assert means[0] > 2.0 and abs(means[-1]) < 0.5
        assert s[0].n == demo.REPLICATES >= 6
        assert s[0].pvalue < 0.01 and s[40].pvalue < 0.05  # all 8 replicates positive
        # the planted group difference shows in both groups at imbalance
        stored = recs[run, demo.TAG, 0]
        groups = codec.result(stored, stored.replicates[0]).groups
        assert sorted(groups) == ["men", "women"] and all(g.dipdi > 1 for g in groups.values())


def test_the_served_curve_has_stars_at_the_extremes_and_none_at_balance(fresh, tmp_path_factory):
    # what the view draws: the stars of discrepancy_steps (Wilcoxon vs 0, R >= 6)
    from plugin_fixtures import Client

    info, _ = fresh
    logdir = os.path.dirname(os.path.dirname(info["files"][0]))
    app, _ = fx.make_app(logdir)
    client = Client(app)
    for run in demo.RUNS:
        body = fx.get_json(client, "discrepancy_steps", run=run, tag=demo.TAG)
        by_step = {row["step"]: row for row in body["steps"]}
        assert sorted(by_step) == list(demo.SHARES)
        assert by_step[0]["uncertainty"]["stars"] == "**"  # 8 of 8 replicates positive
        balanced = by_step[50]
        assert balanced["uncertainty"]["stars"] == "" and balanced["uncertainty"]["pvalue"] > 0.05
        assert abs(balanced["dipdi"]) < 0.2 < by_step[40]["dipdi"]


def test_deployment_raises_dipdi_where_the_pools_are_imbalanced(fresh):
    _, recs = fresh
    for share in (0, 20):
        dev = summaries(recs["dipdi_development", demo.TAG, share]).mean
        dep = summaries(recs["dipdi_deployment", demo.TAG, share]).mean
        assert dep > dev


@pytest.mark.demo_logs
def test_committed_demo_runs_equal_a_fresh_generation(fresh):
    info, recs = fresh
    committed = records(COMMITTED)
    assert sorted(committed) == sorted(recs)
    assert len(info["files"]) == 2 and all(f.endswith(demo.FILE_SUFFIX) for f in info["files"])
    for key, stored in recs.items():
        # values to a tolerance: float sums differ in their last bits between CPUs
        fx.assert_values_close(committed[key], stored, path="%s/%s/%s" % key)


def test_refuses_foreign_event_files(tmp_path):
    run = tmp_path / demo.RUNS[0]
    run.mkdir()
    (run / "events.out.tfevents.1.other").write_bytes(b"")
    with pytest.raises(SystemExit, match="did not write"):
        demo.write_demo_logs(tmp_path, overwrite=True)
    with pytest.raises(SystemExit, match="already holds"):
        demo.write_demo_logs(tmp_path)
