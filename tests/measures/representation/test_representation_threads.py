"""representation_bias's trainings on threads: the same result, really at once, bad counts refused."""

import threading
import warnings

import numpy as np
import pytest

from tb_bias_plugin.measures.representation import mine, trainings

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


def test_an_error_stops_the_other_trainings(monkeypatch):
    # MINE of 20,000 steps checked every 20 would train 1,000 chunks; a failing first fold stops it at its
    # next chunk, and the trainings not started never start (counted, not timed).
    chunks, folds, training = [], [], threading.Event()
    train = mine._Trainer.train

    def counted(self, *a):
        chunks.append(1)
        training.set()
        return train(self, *a)

    monkeypatch.setattr(mine._Trainer, "train", counted)
    real_fold_runs = mine.fold_runs

    def fold_runs(r, z, s):
        def failing():
            folds.append(1)
            assert training.wait(60)  # fail once MINE is under way
            raise RuntimeError("classifier failed")
        return [failing] + real_fold_runs(r, z, s)[1:]

    monkeypatch.setattr(mine, "fold_runs", fold_runs)
    r, z = _data()
    with pytest.raises(RuntimeError, match="classifier failed"):
        _estimate(r, z, threads=2, steps=20_000, patience=None)
    assert 0 < len(chunks) < 200
    assert len(folds) < 3  # one per label: the controls' first folds never started


def test_a_training_raises_stopped_at_its_next_stop_point():
    stop = threading.Event()
    stop.set()
    seen = []

    def run():
        seen.append(1)
        trainings.stop_point()
        seen.append(2)

    with pytest.raises(trainings.Stopped):
        trainings._run(run, stop)
    assert seen == [1]
    trainings.stop_point()  # outside a training: nothing to stop


@pytest.mark.parametrize("threads", [1, 2])
def test_the_callers_error_handling_does_not_change_the_estimate(threads):
    # Threads start with NumPy's defaults: the trainings use them on every thread, whatever the caller set.
    r, z = _data()
    plain = _estimate(r, z, threads=threads)
    with np.errstate(all="raise"):
        strict = _estimate(r, z, threads=threads)
    assert _fields(strict) == _fields(plain)


def test_the_default_is_the_cores_at_most_four(monkeypatch):
    monkeypatch.setattr(trainings.os, "sched_getaffinity", lambda pid: set(range(16)))
    assert trainings.thread_count(None) == trainings.MAX_DEFAULT_THREADS == 4
    monkeypatch.setattr(trainings.os, "sched_getaffinity", lambda pid: {0})
    assert trainings.thread_count(None) == 1


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"])
def test_bad_threads_is_a_value_error(bad, monkeypatch):
    monkeypatch.setattr(mine, "_estimate", lambda *a: pytest.fail("trained before the check"))
    r, z = _data()
    with pytest.raises(ValueError, match="threads must be"):
        mine.representation_bias(r, z, threads=bad)
