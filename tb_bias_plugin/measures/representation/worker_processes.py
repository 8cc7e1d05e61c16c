"""Worker processes that run trainings sent to them, kept between estimates.

Threads gained little here: NumPy holds the interpreter lock between its loops, and a training's steps
are short, so two threads spent 1.25-1.45x the CPU of one (docs/measures/representation.md, "Two cores").
A worker is a fresh interpreter (``sys.executable``), not a fork, so a caller that has loaded TensorFlow
or other threaded libraries forks nothing, and the caller's ``__main__`` is never run again. It reads
pickled callables from its stdin and writes back each result, error and the warnings raised on the way.
"""

from __future__ import annotations

import atexit
import multiprocessing.spawn
import os
import pickle
import subprocess
import sys
import threading
import traceback
import warnings
from typing import Any

__all__ = ["WorkerError", "WorkerProcess", "borrow", "give_back", "serve"]

#: Idle workers kept for the next estimate (each holds an interpreter with NumPy, about 60 MB).
MAX_IDLE = 3

# The child's first message is the parent's sys.path, so it imports this package from where the parent did.
_BOOT = ("import sys, pickle; sys.path[:] = pickle.load(sys.stdin.buffer); "
         "from tb_bias_plugin.measures.representation.worker_processes import serve; serve()")

# One BLAS thread in the worker, as `mine._one_blas_thread` gives the caller's own trainings.
_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}

_idle: list[WorkerProcess] = []
_starting: set[WorkerProcess] = set()  # started, not ready yet: no more are started while one is
_lock = threading.Lock()
_warned = False


class WorkerError(RuntimeError):
    """A worker process ended without answering (killed, out of memory, or a crash in native code)."""


class _RemoteTraceback(Exception):
    """The traceback of an error raised in a worker, chained to the error re-raised in the caller."""

    def __str__(self) -> str:
        return "\n" + self.args[0]


class WorkerProcess:
    """One worker process: `call` sends a callable and returns its result (or raises its error)."""

    def __init__(self) -> None:
        flags: dict[str, Any] = {}
        if sys.platform == "win32":  # pragma: no cover - not tested here
            flags["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
        else:
            flags["start_new_session"] = True  # a Ctrl-C reaches the caller, which stops the worker
        self.pid_of_owner = os.getpid()
        # multiprocessing's interpreter: sys.executable, or what `multiprocessing.set_executable` chose
        self.process = subprocess.Popen([multiprocessing.spawn.get_executable(), "-c", _BOOT],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env={**os.environ, **_ENV}, **flags)
        self.started = False
        self._write(pickle.dumps(list(sys.path)))

    def ready(self) -> bool:
        """Wait until the worker has started (it says so once it has imported the estimators); False, with a
        warning, if it ended first."""
        if not self.started:
            try:
                assert self.process.stdout is not None
                self.started = pickle.load(self.process.stdout) == "ready"
            except (OSError, EOFError, pickle.UnpicklingError, ValueError):
                pass
            with _lock:
                _starting.discard(self)
            if not self.started:
                _warn_once(f"a tb-bias worker process could not start (exit code {self._exit_code()}); "
                           "its trainings run in the caller's process")
        return self.started

    def _exit_code(self) -> int | None:
        try:
            return self.process.wait(timeout=5)  # its output has ended: it is ending, if not yet ended
        except subprocess.TimeoutExpired:
            return None

    def _write(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    @property
    def alive(self) -> bool:
        return self.process.poll() is None and self.pid_of_owner == os.getpid()

    def __repr__(self) -> str:
        return f"WorkerProcess(pid={self.process.pid}, started={self.started})"

    def call(self, run: Any) -> Any:
        """`run()` in the worker; its warnings are raised again here, under the caller's filters."""
        data = pickle.dumps(run, protocol=pickle.HIGHEST_PROTOCOL)  # before anything is sent
        try:
            self._write(data)
            assert self.process.stdout is not None
            status, value, trace, seen = pickle.load(self.process.stdout)
        except (OSError, EOFError, pickle.UnpicklingError, ValueError) as e:
            code = self._exit_code()
            raise WorkerError(f"a tb-bias worker process (pid {self.process.pid}) ended without answering"
                              f"{'' if code is None else f' (exit code {code})'}") from e
        for message, category, filename, lineno in seen:
            warnings.warn_explicit(message, category, filename, lineno)
        if status == "error":
            raise value from _RemoteTraceback(trace)
        return value

    def kill(self) -> None:
        """Stop the worker at once (a training it runs is abandoned); it is never used again."""
        if self.pid_of_owner == os.getpid():
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()

    def close(self) -> None:
        """Ask an idle worker to end (it sees the end of its input), and stop it if it does not."""
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
            self.process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()


def borrow(count: int) -> list[WorkerProcess]:
    """Up to `count` workers for one estimate, idle ones first, then new ones (none while another is still
    starting, nor once one could not start: the caller then runs those trainings itself)."""
    taken: list[WorkerProcess] = []
    with _lock:
        while _idle and len(taken) < count:
            worker = _idle.pop()
            if worker.alive:
                taken.append(worker)
            else:
                worker.kill()
        new = 0 if _warned else max(0, count - len(taken) - len(_starting))
    for _ in range(new):
        try:
            worker = WorkerProcess()
        except (OSError, ValueError) as e:
            _warn_once(f"tb-bias could not start a worker process ({e}); the trainings run in the caller's "
                       "process")
            break
        with _lock:
            _starting.add(worker)
        taken.append(worker)
    return taken


def _warn_once(message: str) -> None:
    global _warned
    if not _warned:
        _warned = True
        warnings.warn(message, RuntimeWarning, stacklevel=3)


def give_back(workers: list[WorkerProcess]) -> None:
    """Keep healthy workers for the next estimate (at most `MAX_IDLE`); end the others."""
    with _lock:
        for worker in workers:
            if worker.alive and len(_idle) < MAX_IDLE:
                _idle.append(worker)
            else:
                worker.close()


@atexit.register
def _close_idle() -> None:
    with _lock:
        workers, _idle[:] = list(_idle), []
    for worker in workers:
        worker.close()


def _forget_in_child() -> None:
    # A forked child must not talk to its parent's workers: the parent still owns them.
    _idle.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)


def serve() -> None:
    """The worker's loop: run each callable read from stdin, write back (status, value, traceback,
    warnings), until stdin ends."""
    from tb_bias_plugin.measures.representation import classifier, mine  # noqa: F401 - ready to train
    from tb_bias_plugin.measures.representation.trainings import run_here

    source = sys.stdin.buffer
    results = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # anything a training prints goes to stderr, never into the results
    sys.stdout = sys.stderr
    results.write(pickle.dumps("ready"))
    results.flush()
    while True:
        try:
            run = pickle.load(source)
        except EOFError:
            return
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")  # the caller's filters decide, when they are raised again there
            try:
                answer = ("ok", run_here(run), "")
            except Exception as e:  # noqa: BLE001 - sent to the caller, which raises it
                answer = ("error", e, traceback.format_exc())
        raised = [(w.message, w.category, w.filename, w.lineno) for w in seen]
        try:
            data = pickle.dumps((*answer, raised), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as e:  # noqa: BLE001 - an error or result that cannot be pickled
            error = RuntimeError(f"{type(answer[1]).__name__}: {answer[1]} (not picklable: {e})")
            data = pickle.dumps(("error", error, answer[2], []), protocol=pickle.HIGHEST_PROTOCOL)
        results.write(data)
        results.flush()
