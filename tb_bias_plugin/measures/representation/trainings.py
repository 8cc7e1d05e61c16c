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
    `stop_point`; workers still training are stopped at once, and trainings not started never start.

    Examples
    --------
    >>> import functools
    >>> run_all([functools.partial(pow, 2, 3), functools.partial(pow, 3, 2)], workers=2)
    [8, 9]
    """
    stop = threading.Event()
    if workers <= 1 or len(runs) <= 1:
        return [run_here(run, stop) for run in runs]
    helpers = worker_processes.borrow(min(workers, len(runs)) - 1)
    results: list[Any] = [None] * len(runs)
    pending, errors, busy = deque(range(len(runs))), [], set()
    lock = threading.Lock()

    def take(worker: Any) -> int | None:
        with lock:
            if not pending or stop.is_set():
                return None
            if worker is not None:
                busy.add(worker)
            return pending.popleft()

    def dispatch(worker: worker_processes.WorkerProcess) -> None:
        while (i := take(worker)) is not None:
            try:
                results[i] = worker.call(runs[i])
            except BaseException as e:  # noqa: BLE001 - raised in the caller's thread
                with lock:
                    if not stop.is_set():
                        errors.append(e)
                        stop.set()
                return
            finally:
                with lock:
                    busy.discard(worker)

    threads = [threading.Thread(target=dispatch, args=(w,), name=f"tb-bias-worker-{w.process.pid}", daemon=True)
               for w in helpers]
    i = take(None)  # the first (the estimate's MINE, the longest) here, while the workers start
    for thread in threads:
        thread.start()
    try:
        while i is not None:
            results[i] = run_here(runs[i], stop)
            i = take(None)
        for thread in threads:
            thread.join()
    except Stopped:
        if not errors:
            raise
    except BaseException:
        stop.set()
        raise
    finally:
        with lock:
            stopping = list(busy) if stop.is_set() else []
        for worker in stopping:
            worker.kill()  # its thread then reads the end of the worker's output and returns
        for thread in threads:
            thread.join()
        worker_processes.give_back(helpers)
    if errors:
        raise errors[0]
    return results
