"""Stand-ins for trainings in the tests of worker processes: module-level, so they pickle.

Two of them meet through files: each waits (at most a minute, a safety net, not a timing) until the
other has started, which only happens when they run at once.
"""

from __future__ import annotations

import os
import time
import warnings
from pathlib import Path

WAIT = 60.0


def wait_for(path: str) -> None:
    deadline = time.monotonic() + WAIT
    while not Path(path).exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path} never appeared: the other training did not run at the same time")
        time.sleep(0.005)


def arrive(path: str) -> None:
    """Say this training started: `path` appears, holding this process's id, all at once."""
    part = Path(f"{path}.{os.getpid()}.part")
    part.write_text(str(os.getpid()))
    part.replace(path)


def meet(mine: str, other: str) -> int:
    """Say this training started, wait for the other one: the process it ran in."""
    arrive(mine)
    wait_for(other)
    return os.getpid()


def warn_then_meet(mine: str, other: str) -> int:
    warnings.warn("raised in a training", UserWarning, stacklevel=1)
    return meet(mine, other)


def fail_after(path: str, error: BaseException):
    wait_for(path)
    raise error


def spin(path: str) -> None:
    """Start, then train for ever: only stopping the process ends it."""
    arrive(path)
    while True:
        time.sleep(0.01)


def end_process(path: str, code: int) -> None:
    arrive(path)
    os._exit(code)


def fail_once_started(path: str) -> None:
    wait_for(path)
    raise RuntimeError("classifier failed")


def print_then_meet(mine: str, other: str) -> int:
    print("a training that prints")  # to stdout, which in a worker is not where its answers go
    return meet(mine, other)


class TwoPartError(Exception):
    """Pickles, but does not unpickle: its __init__ needs two arguments, and unpickling passes it one."""

    def __init__(self, a, b):
        super().__init__(f"{a} {b}")


def fail_in_two_parts() -> None:
    raise TwoPartError(1, 2)


def warn_times(times: int) -> int:
    for _ in range(times):
        warnings.warn("the same warning, from the same place", UserWarning, stacklevel=1)
    return times
