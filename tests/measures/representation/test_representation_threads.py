"""representation_bias's trainings on threads: the same result, really at once, bad counts refused."""

import threading
import warnings

import numpy as np
import pytest

from tb_bias_plugin.measures.representation import mine

SMALL = dict(steps=60, batch_size=64, width=16, eval_every=20, classifier_steps=60, classifier_width=16,
             classifier_eval_every=20, control_permutations=2)


def _data(n=600, d=3, seed=0):
    rng = np.random.default_rng(seed)
    z = rng.integers(0, 2, n)
    r = (z[:, None] + rng.normal(size=(n, d))).astype(np.float32)
    return r, z


def _estimate(r, z, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # n < 2,000 warns
        return mine.representation_bias(r, z, **{**SMALL, **kw})


def _fields(res):
    return (res.bias, res.mine_bias, res.classifier_bias, res.classifier, tuple(res.mine_control_biases),
            tuple(res.classifier_control_biases), tuple(res.heldout_curve), tuple(res.validation_curve),
            tuple(res.train_curve), res.best_step, tuple(res.flags), res.loose_reason)


def test_threads_do_not_change_the_result():
    r, z = _data()
    one = _estimate(r, z, threads=1)
    assert np.isfinite(one.bias) and len(one.mine_control_biases) == 2
    for threads in (2, 3, None):
        other = _estimate(r, z, threads=threads)
        assert _fields(other) == _fields(one)
        assert "threads" not in other.settings and other.settings == one.settings


def test_continuous_protected_runs_mine_only_on_threads():
    rng = np.random.default_rng(1)
    r = rng.normal(size=(600, 2)).astype(np.float32)
    t = r[:, 0] + rng.normal(size=600)
    one, two = (_estimate(r, t, continuous=True, threads=k) for k in (1, 2))
    assert np.isfinite(one.mutual_information) and one.classifier == ""
    assert one.mutual_information == two.mutual_information
    assert list(one.control_mutual_informations) == list(two.control_mutual_informations)


def _meet(monkeypatch, name, parties):
    """Wrap mine.`name` so each call waits until `parties` calls are running (fails if they never are)."""
    barrier, original, names = threading.Barrier(parties, timeout=60), getattr(mine, name), []

    def wrapped(*args, **kw):
        names.append(threading.current_thread().name)
        barrier.wait()
        return original(*args, **kw)

    monkeypatch.setattr(mine, name, wrapped)
    return names


def test_estimate_and_control_train_at_once(monkeypatch):
    # Without a second thread the first call would wait on the barrier alone until it breaks.
    names = _meet(monkeypatch, "run_mine", 2)
    r, z = _data()
    res = _estimate(r, z, threads=2, control_permutations=1)
    assert np.isfinite(res.mine_bias) and len(res.mine_control_biases) == 1
    assert len(set(names)) == 2 and all(n.startswith("tb-bias") for n in names)


def test_one_thread_runs_in_the_caller(monkeypatch):
    seen = []
    original = mine.run_mine
    monkeypatch.setattr(mine, "run_mine", lambda *a: seen.append(threading.current_thread()) or original(*a))
    r, z = _data()
    _estimate(r, z, threads=1)
    assert seen and set(seen) == {threading.current_thread()}


def test_an_error_in_one_training_is_raised(monkeypatch):
    calls = []

    def failing(split, z, s):
        calls.append(1)
        raise RuntimeError("critic failed")

    monkeypatch.setattr(mine, "run_mine", failing)
    r, z = _data()
    with pytest.raises(RuntimeError, match="critic failed"):
        _estimate(r, z, threads=2)
    assert calls


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"])
def test_bad_threads_is_a_value_error(bad, monkeypatch):
    monkeypatch.setattr(mine, "_estimate", lambda *a: pytest.fail("trained before the check"))
    r, z = _data()
    with pytest.raises(ValueError, match="threads must be a positive int or None"):
        mine.representation_bias(r, z, threads=bad)
