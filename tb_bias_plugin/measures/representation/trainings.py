"""One estimate's independent trainings, run at once, and stopped together when one fails.

MINE and each fold of the classifier bound, on Z and on every shuffled Z, share nothing but their read-only
inputs, so they may run at once (docs/measures/representation.md, "Two cores"): the caller's thread runs
some itself while worker processes (`worker_processes`) run the others.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tb_bias_plugin.core.validation import check_integer
from tb_bias_plugin.measures.representation import worker_processes

__all__ = ["MAX_DEFAULT_WORKERS", "Stopped", "run_all", "run_here", "stop_point", "worker_count"]

#: Most trainings the default runs at once: each running training holds its own copies of the rows
#: (about 80 MB more each at n = 20,000, d = 128), and a worker process its own interpreter.
MAX_DEFAULT_WORKERS = 4

_local = threading.local()


class Stopped(Exception):
    """Raised at a `stop_point` of a training whose estimate has already failed or been interrupted."""


def stop_point() -> None:
    """Raise `Stopped` if this thread's training was asked to stop; called between training steps."""
    event = getattr(_local, "stop", None)
    if event is not None and event.is_set():
        raise Stopped


def worker_count(workers: Any) -> int:
    """`workers` checked (a positive int), or for None the cores this process may run on, at most
    `MAX_DEFAULT_WORKERS`.

    Examples
    --------
    >>> worker_count(2)
    2
    >>> 1 <= worker_count(None) <= MAX_DEFAULT_WORKERS
    True
    """
    if workers is None:
        try:
            cores = len(os.sched_getaffinity(0))
        except AttributeError:  # pragma: no cover - not on Linux
            cores = os.cpu_count() or 1
        return max(1, min(cores, MAX_DEFAULT_WORKERS))
    return check_integer(workers, "workers", low=1)


def run_here(run: Callable[[], Any], stop: threading.Event | None = None) -> Any:
    """`run()` in this thread, stopped at its next `stop_point` once `stop` is set.

    NumPy's default error handling whatever the caller's (a worker process starts with the defaults, not the
    caller's np.errstate): in this process or a worker, the same warnings and the same result.
    """
    _local.stop = stop
    try:
        with np.errstate(divide="warn", over="warn", under="ignore", invalid="warn"):
            return run()
    finally:
        _local.stop = None


def run_all(runs: Sequence[Callable[[], Any]], workers: int) -> list[Any]:
    """Each callable's result, in order, with up to `workers` running at once: this thread runs them in
    order from the first while `workers - 1` worker processes take the next ones (so `runs` must pickle).

    The first error (or an interrupt) is raised once the training running here has reached its next
    `stop_point`; workers still training are stopped at once, and trainings not started never start. A
    worker not started yet takes nothing: this thread does not wait for it.

    Examples
    --------
    >>> import functools
    >>> run_all([functools.partial(pow, 2, 3), functools.partial(pow, 3, 2)], workers=2)
    [8, 9]
    """
    stop = threading.Event()
    if workers <= 1 or len(runs) <= 1:
        return [run_here(run, stop) for run in runs]
    shared = _Shared(runs, stop)
    i = shared.take()  # the first (the estimate's MINE, the longest) here, while the workers start
    helpers, handed = worker_processes.borrow(min(workers, len(runs)) - 1), 0
    try:
        for worker in helpers:
            threading.Thread(target=shared.dispatch, args=(worker,), name=f"tb-bias-worker-{worker.process.pid}",
                             daemon=True).start()
            handed += 1
        while i is not None:
            shared.results[i] = run_here(runs[i], stop)
            i = shared.take()
        shared.wait_for_workers()
    except Stopped:
        if not shared.errors:
            raise
    except BaseException:
        stop.set()
        raise
    finally:
        worker_processes.discard(helpers[handed:])  # interrupted before a thread could take them
        if stop.is_set():
            shared.stop_workers()
    if shared.errors:
        raise shared.errors[0]
    return shared.results


class _Shared:
    """What `run_all`'s thread and its workers' threads share: the trainings not taken yet, the results,
    the errors, and the workers running one."""

    def __init__(self, runs: Sequence[Callable[[], Any]], stop: threading.Event) -> None:
        self.runs, self.stop = runs, stop
        self.results: list[Any] = [None] * len(runs)
        self.errors: list[BaseException] = []
        self.pending = deque(range(len(runs)))
        self.busy: set[worker_processes.WorkerProcess] = set()
        self.changed = threading.Condition()

    def take(self, worker: worker_processes.WorkerProcess | None = None) -> int | None:
        """The next training for this thread (`worker` None) or for `worker`, whose last one is done; None
        when none is left or the run stopped, and then `worker` is kept for the next estimate, before
        `wait_for_workers` can see it idle."""
        with self.changed:
            if worker is not None:
                self.busy.discard(worker)
            if self.pending and not self.stop.is_set():
                if worker is not None:
                    self.busy.add(worker)
                return self.pending.popleft()
            if worker is not None:
                worker_processes.give_back([worker])
            self.changed.notify_all()
            return None

    def dispatch(self, worker: worker_processes.WorkerProcess) -> None:
        """A worker's thread: once the worker has started, send it trainings until none is left."""
        if not worker.ready():
            return
        while (i := self.take(worker)) is not None:
            try:
                self.results[i] = worker.call(self.runs[i])
            except BaseException as e:  # noqa: BLE001 - raised in the caller's thread
                with self.changed:
                    if not self.stop.is_set():
                        self.errors.append(e)
                        self.stop.set()
                    self.busy.discard(worker)
                    self.changed.notify_all()
                worker_processes.give_back([worker])
                return

    def wait_for_workers(self) -> None:
        """Until no worker runs a training, or one failed."""
        with self.changed:
            self.changed.wait_for(lambda: not self.busy or self.stop.is_set())

    def stop_workers(self) -> None:
        """Stop at once the workers still training (their threads then read the end of their output); under
        the lock, so that none is killed just after `take` gave it back for the next estimate."""
        with self.changed:
            for worker in list(self.busy):
                worker.kill()
