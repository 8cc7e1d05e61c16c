"""One estimate's independent trainings, run on threads, and stopped together when one fails.

MINE and each fold of the classifier bound, on Z and on every shuffled Z, share nothing but their read-only
inputs, so they may run at once (docs/measures/representation.md, "Two cores"). NumPy and BLAS release
the interpreter lock in their loops, not in the Python between them.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from typing import Any

import numpy as np

from tb_bias_plugin.core.validation import check_integer

__all__ = ["MAX_DEFAULT_THREADS", "Stopped", "run_all", "stop_point", "thread_count"]

#: Most threads the default uses: past the interpreter lock more gain little, and each running training
#: holds its own copies of the rows (about 80 MB more each at n = 20,000, d = 128).
MAX_DEFAULT_THREADS = 4

_local = threading.local()


class Stopped(Exception):
    """Raised at a `stop_point` of a training whose estimate has already failed or been interrupted."""


def stop_point() -> None:
    """Raise `Stopped` if this thread's training was asked to stop; called between training steps."""
    event = getattr(_local, "stop", None)
    if event is not None and event.is_set():
        raise Stopped


def thread_count(threads: Any) -> int:
    """`threads` checked (a positive int), or for None the cores this process may run on, at most
    `MAX_DEFAULT_THREADS`.

    Examples
    --------
    >>> thread_count(2)
    2
    >>> 1 <= thread_count(None) <= MAX_DEFAULT_THREADS
    True
    """
    if threads is None:
        try:
            cores = len(os.sched_getaffinity(0))
        except AttributeError:  # pragma: no cover - not on Linux
            cores = os.cpu_count() or 1
        return max(1, min(cores, MAX_DEFAULT_THREADS))
    return check_integer(threads, "threads", low=1)


def _run(run: Callable[[], Any], stop: threading.Event) -> Any:
    # NumPy's default error handling whatever the caller's (a thread starts with the defaults, not the
    # caller's np.errstate): one thread or several, the same warnings and the same result.
    _local.stop = stop
    try:
        with np.errstate(divide="warn", over="warn", under="ignore", invalid="warn"):
            return run()
    finally:
        _local.stop = None


def run_all(runs: Sequence[Callable[[], Any]], threads: int) -> list[Any]:
    """Each callable's result, in order, with up to `threads` running at once.

    The first error (or an interrupt while waiting) is raised once the trainings already running have
    reached their next `stop_point`; those not started never start.

    Examples
    --------
    >>> run_all([lambda: 1, lambda: 2, lambda: 3], threads=2)
    [1, 2, 3]
    """
    stop = threading.Event()
    if threads <= 1 or len(runs) <= 1:
        return [_run(run, stop) for run in runs]
    pool = ThreadPoolExecutor(max_workers=min(threads, len(runs)), thread_name_prefix="tb-bias")
    futures = [pool.submit(_run, run, stop) for run in runs]
    try:
        wait(futures, return_when=FIRST_EXCEPTION)
        errors = [e for e in (f.exception() for f in futures if f.done()) if e is not None]
        if errors:
            raise errors[0]  # the others stop at their next stop point
        return [f.result() for f in futures]
    except BaseException:
        stop.set()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
