"""representation_bias's trainings at once in worker processes: the same result, really at once, errors and
interrupts stopping every training, warnings kept, bad counts refused."""

import functools
import os
import subprocess
import sys
import threading
import types
import warnings
from pathlib import Path

import numpy as np
import pytest
import worker_tasks

from tb_bias_plugin.measures.representation import mine, trainings, worker_processes

# A broken implementation tends to hang (a worker training for ever, a thread waiting on it): fail instead.
pytestmark = [pytest.mark.timeout(300), pytest.mark.training]

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


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_workers_do_not_change_the_result():
    r, z = _data()
    one = _estimate(r, z, workers=1)
    assert np.isfinite(one.bias) and len(one.mine_control_biases) == 2
    for workers in (2, 3, None):
        other = _estimate(r, z, workers=workers)
        assert _fields(other) == _fields(one)
        assert "workers" not in other.settings and other.settings == one.settings


def test_continuous_protected_runs_mine_only_in_workers():
    rng = np.random.default_rng(1)
    r = rng.normal(size=(600, 2)).astype(np.float32)
    t = r[:, 0] + rng.normal(size=600)
    one, two = (_estimate(r, t, continuous=True, workers=k) for k in (1, 2))
    assert np.isfinite(one.mutual_information) and one.classifier == ""
    assert one.mutual_information == two.mutual_information
    assert list(one.control_mutual_informations) == list(two.control_mutual_informations)


def test_trainings_run_at_once_here_and_in_a_worker_kept_for_the_next_estimate(tmp_path):
    # Each waits until the other has started: run one after the other, the first would wait in vain.
    _settled()  # no earlier estimate's worker joins the idle ones between the two runs
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    here, there = trainings.run_all([functools.partial(worker_tasks.meet, a, b),
                                     functools.partial(worker_tasks.meet, b, a)], workers=2)
    assert here == os.getpid() and there != here
    c, d = str(tmp_path / "c"), str(tmp_path / "d")
    again = trainings.run_all([functools.partial(worker_tasks.meet, c, d),
                               functools.partial(worker_tasks.meet, d, c)], workers=2)
    assert again == [here, there]  # the same worker process, started once


def test_one_worker_runs_in_the_caller(monkeypatch):
    seen = []
    original = mine.run_mine
    monkeypatch.setattr(mine, "run_mine", lambda *a: seen.append(threading.current_thread()) or original(*a))
    r, z = _data()
    _estimate(r, z, workers=1)
    assert len(seen) == 3 and set(seen) == {threading.current_thread()}  # MINE on Z and 2 shuffled Z


def test_an_error_in_a_worker_stops_the_training_here(monkeypatch, tmp_path):
    # MINE of 20,000 steps checked every 20 would train 1,000 chunks here; the first fold fails in the
    # worker once MINE is under way, and MINE stops at its next chunk (counted, not timed).
    started, chunks = str(tmp_path / "started"), []
    train = mine._Trainer.train

    def counted(self, *a):
        chunks.append(1)
        worker_tasks.arrive(started)
        return train(self, *a)

    monkeypatch.setattr(mine._Trainer, "train", counted)
    real_fold_runs = mine.fold_runs
    monkeypatch.setattr(mine, "fold_runs", lambda r, z, s: [functools.partial(worker_tasks.fail_once_started,
                                                                              started)] + real_fold_runs(r, z, s)[1:])
    r, z = _data()
    with pytest.raises(RuntimeError, match="classifier failed") as raised:
        _estimate(r, z, workers=2, steps=20_000, patience=None)
    assert 0 < len(chunks) < 200
    assert "fail_once_started" in str(raised.value.__cause__)  # the worker's own traceback


@pytest.mark.parametrize("error", [RuntimeError("failed here"), KeyboardInterrupt()])
def test_an_error_or_interrupt_here_stops_the_workers_at_once(tmp_path, error):
    started = str(tmp_path / "started")
    runs = [functools.partial(worker_tasks.fail_after, started, error), functools.partial(worker_tasks.spin, started)]
    with pytest.raises(type(error)):
        trainings.run_all(runs, workers=2)
    pid = int(Path(started).read_text())
    assert not _alive(pid)  # stopped, not left training for ever
    assert pid not in [w.process.pid for w in worker_processes._idle]


def test_a_worker_that_ends_without_answering_is_a_clear_error(tmp_path):
    ended = str(tmp_path / "ended")
    runs = [functools.partial(worker_tasks.wait_for, ended), functools.partial(worker_tasks.end_process, ended, 3)]
    with pytest.raises(worker_processes.WorkerError, match=r"ended without answering \(exit code 3\)"):
        trainings.run_all(runs, workers=2)
    again = trainings.run_all([functools.partial(worker_tasks.meet, str(tmp_path / "a"), str(tmp_path / "b")),
                               functools.partial(worker_tasks.meet, str(tmp_path / "b"), str(tmp_path / "a"))],
                              workers=2)
    assert again[0] != again[1]  # a new worker replaced it


def test_warnings_raised_in_a_worker_reach_the_caller(tmp_path):
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    with pytest.warns(UserWarning, match="raised in a training"):
        here, there = trainings.run_all([functools.partial(worker_tasks.meet, a, b),
                                         functools.partial(worker_tasks.warn_then_meet, b, a)], workers=2)
    assert there != here


def test_a_script_without_a_main_guard_is_not_run_again_by_the_workers(tmp_path):
    # A worker is a fresh interpreter, not a fork or a spawn that imports the caller's __main__ again.
    script = tmp_path / "train.py"
    script.write_text(
        "import functools, os, sys\n"
        f"sys.path.insert(0, {str(Path(worker_tasks.__file__).parent)!r})\n"
        "import worker_tasks\n"
        "from tb_bias_plugin.measures.representation.trainings import run_all\n"
        "print('script ran', flush=True)\n"
        f"a, b = {str(tmp_path / 'a')!r}, {str(tmp_path / 'b')!r}\n"
        "pids = run_all([functools.partial(worker_tasks.meet, a, b), functools.partial(worker_tasks.meet, b, a)], 2)\n"
        "print('in another process:', pids[1] != os.getpid())\n")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.splitlines() == ["script ran", "in another process: True"]


@pytest.mark.parametrize("workers", [1, 2])
def test_the_callers_error_handling_does_not_change_the_estimate(workers):
    # Trainings run under NumPy's defaults, here or in a worker, whatever the caller set.
    r, z = _data()
    plain = _estimate(r, z, workers=workers)
    with np.errstate(all="raise"):
        strict = _estimate(r, z, workers=workers)
    assert _fields(strict) == _fields(plain)


def test_a_training_raises_stopped_at_its_next_stop_point():
    stop = threading.Event()
    stop.set()
    seen = []

    def run():
        seen.append(1)
        trainings.stop_point()
        seen.append(2)

    with pytest.raises(trainings.Stopped):
        trainings.run_here(run, stop)
    assert seen == [1]
    trainings.stop_point()  # outside a training: nothing to stop


def test_the_default_is_the_cores_at_most_four(monkeypatch):
    monkeypatch.setattr(trainings.os, "sched_getaffinity", lambda pid: set(range(16)))
    assert trainings.worker_count(None) == trainings.MAX_DEFAULT_WORKERS == 4
    monkeypatch.setattr(trainings.os, "sched_getaffinity", lambda pid: {0})
    assert trainings.worker_count(None) == 1


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"])
def test_bad_workers_is_a_value_error(bad, monkeypatch):
    monkeypatch.setattr(mine, "_estimate", lambda *a: pytest.fail("trained before the check"))
    r, z = _data()
    with pytest.raises(ValueError, match="workers must be"):
        mine.representation_bias(r, z, workers=bad)


def _settled():
    """Let the threads of earlier estimates' workers finish (one still starting gives its worker back once
    ready), so that no test's stand-in pool receives another test's worker."""
    for thread in threading.enumerate():
        if thread.name.startswith("tb-bias-worker-"):
            thread.join(60)


def _no_workers_yet(monkeypatch, boot):
    """Workers started from now on run `boot` instead of serving trainings."""
    _settled()
    monkeypatch.setattr(worker_processes, "_idle", [])
    monkeypatch.setattr(worker_processes, "_starting", set())
    monkeypatch.setattr(worker_processes, "_warned", False)
    monkeypatch.setattr(worker_processes, "_BOOT", boot)


@pytest.mark.filterwarnings("ignore:n = 600 < 2000")
def test_a_worker_that_cannot_start_leaves_its_trainings_to_the_caller(monkeypatch):
    _no_workers_yet(monkeypatch, "import sys; sys.exit(3)")
    r, z = _data()
    with pytest.warns(RuntimeWarning, match=r"could not start \(exit code 3\)"):
        res = mine.representation_bias(r, z, **SMALL, workers=2)
        _settled()  # the worker's thread has warned, however slowly the worker ended
    assert _fields(res) == _fields(_estimate(r, z, workers=1))
    assert worker_processes.borrow(1) == []  # none started again in this process


def test_a_worker_that_never_starts_is_not_waited_for(monkeypatch):
    _no_workers_yet(monkeypatch, "import time; time.sleep(600)")
    runs = [functools.partial(pow, 2, 3), functools.partial(pow, 3, 2)]
    assert trainings.run_all(runs, workers=2) == [8, 9]  # both here: the worker never said it was ready
    (stuck,) = worker_processes._starting
    assert stuck.alive and not stuck.started
    waiting = [t for t in threading.enumerate() if t.name == f"tb-bias-worker-{stuck.process.pid}"]
    with pytest.warns(RuntimeWarning, match="could not start"):  # entered first: the thread warns at once
        stuck.kill()
        for thread in waiting:
            thread.join()  # it read the end of the worker's output, warned, and took nothing
    assert not worker_processes._starting and stuck not in worker_processes._idle


def test_an_error_in_one_worker_stops_the_others_at_once(tmp_path):
    # The caller is done with its own training; one worker fails once the other is training for ever. The
    # caller's training lasts until `spin` has started in a worker: were it done sooner, this thread could take
    # `spin` itself before a worker had started, and train for ever (it never reaches a stop point).
    started = str(tmp_path / "started")
    runs = [functools.partial(worker_tasks.wait_for, started), functools.partial(worker_tasks.spin, started),
            functools.partial(worker_tasks.fail_after, started, RuntimeError("failed in a worker"))]
    with pytest.raises(RuntimeError, match="failed in a worker"):
        trainings.run_all(runs, workers=3)
    assert not _alive(int(Path(started).read_text()))


def test_a_training_that_prints_leaves_its_answer_intact(tmp_path):
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    here, there = trainings.run_all([functools.partial(worker_tasks.meet, a, b),
                                     functools.partial(worker_tasks.print_then_meet, b, a)], workers=2)
    assert there != here


def _one_worker():
    (worker,) = worker_processes.borrow(1) or pytest.fail("no worker started")
    assert worker.ready()
    return worker


def test_an_answer_that_does_not_unpickle_is_an_error_and_the_next_is_read_whole():
    worker = _one_worker()
    try:
        with pytest.raises(worker_processes.WorkerError, match="could not be read"):
            worker.call(worker_tasks.fail_in_two_parts)
        assert worker.call(functools.partial(pow, 2, 3)) == 8  # not the rest of the answer before
    finally:
        worker_processes.give_back([worker])


def test_a_workers_warnings_meet_the_callers_filters_by_module_and_place():
    worker = _one_worker()
    try:
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("default")  # once per place
            assert worker.call(functools.partial(worker_tasks.warn_times, 5)) == 5
        assert len(seen) == 1 and seen[0].filename == worker_tasks.__file__
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            warnings.filterwarnings("ignore", module="worker_tasks")
            worker.call(functools.partial(worker_tasks.warn_times, 5))
        assert seen == []
    finally:
        worker_processes.give_back([worker])


def test_a_forked_child_does_not_use_its_parents_workers():
    worker_processes.give_back([_one_worker()])
    assert worker_processes._idle
    pid = os.fork()
    if pid == 0:  # the child: it must see no worker to borrow
        os._exit(0 if not worker_processes._idle and not worker_processes._starting else 1)
    assert os.waitpid(pid, 0)[1] == 0
    assert trainings.run_all([functools.partial(pow, 2, 3)] * 2, workers=2) == [8, 8]


def _gone(pid):
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split()[0] == "Z"
    except (FileNotFoundError, IndexError):
        return True


def test_a_worker_whose_caller_is_killed_mid_training_ends(tmp_path):
    started = str(tmp_path / "started")
    script = (f"import functools, sys; sys.path.insert(0, {str(Path(worker_tasks.__file__).parent)!r})\n"
              "import worker_tasks\n"
              "from tb_bias_plugin.measures.representation import worker_processes\n"
              "(w,) = worker_processes.borrow(1); assert w.ready(); print(w.process.pid, flush=True)\n"
              f"w.call(functools.partial(worker_tasks.spin, {started!r}))\n")
    caller = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    pid = int(caller.stdout.readline())
    worker_tasks.wait_for(started)
    caller.kill()
    caller.wait()
    for _ in range(600):  # it checks every 0.5 s; at most a minute, a safety net
        if _gone(pid):
            break
        threading.Event().wait(0.1)
    assert _gone(pid)


def test_an_estimate_after_one_whose_worker_was_still_starting_starts_its_own(monkeypatch, tmp_path):
    # The first run is over before its worker is ready; the second needs a worker at once.
    _no_workers_yet(monkeypatch, worker_processes._BOOT)
    assert trainings.run_all([functools.partial(pow, 2, 3)] * 2, workers=2) == [8, 8]
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    here, there = trainings.run_all([functools.partial(worker_tasks.meet, a, b),
                                     functools.partial(worker_tasks.meet, b, a)], workers=2)
    assert there != here


def test_an_interrupt_before_the_workers_threads_start_ends_those_workers(monkeypatch):
    _no_workers_yet(monkeypatch, worker_processes._BOOT)
    borrowed, start = [], threading.Thread.start

    def interrupted(thread):
        if thread.name.startswith("tb-bias-worker-"):
            raise KeyboardInterrupt
        start(thread)

    real_borrow = worker_processes.borrow
    monkeypatch.setattr(worker_processes, "borrow", lambda k: borrowed.extend(real_borrow(k)) or borrowed)
    monkeypatch.setattr(threading.Thread, "start", interrupted)
    with pytest.raises(KeyboardInterrupt):
        trainings.run_all([functools.partial(pow, 2, 3)] * 2, workers=2)
    assert borrowed and not any(w.alive for w in borrowed)
    assert not worker_processes._starting  # the slot is free again


def test_a_training_that_does_not_unpickle_in_the_worker_is_an_error_and_the_worker_lives_on(monkeypatch):
    only_here = types.ModuleType("only_in_the_caller")  # the worker cannot import it
    exec("def eight():\n    return 8\n", only_here.__dict__)
    monkeypatch.setitem(sys.modules, "only_in_the_caller", only_here)
    worker = _one_worker()
    try:
        with pytest.raises(RuntimeError, match="could not be unpickled in the worker"):
            worker.call(only_here.eight)
        assert worker.call(functools.partial(pow, 2, 3)) == 8
    finally:
        worker_processes.give_back([worker])
