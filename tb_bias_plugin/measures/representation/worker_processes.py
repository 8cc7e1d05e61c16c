"""Worker processes that run trainings sent to them, kept between estimates.

Threads gained little here: NumPy holds the interpreter lock between its loops, and a training's steps
are short, so two threads spent 1.25-1.45x the CPU of one (docs/measures/representation.md, "Two cores").
A worker is a fresh interpreter (``sys.executable``), not a fork, so a caller that has loaded TensorFlow
or other threaded libraries forks nothing, and the caller's ``__main__`` is never run again. Messages are
pickles framed by their length, so one that cannot be unpickled never leaves the stream out of step: the
caller sends callables; the worker answers "ready" once, then each result or error with the warnings
raised on the way.
"""

from __future__ import annotations

import atexit
import multiprocessing.spawn
import os
import pickle
import subprocess
import sys
import threading
import time
import traceback
import types
import warnings
from typing import IO, Any

__all__ = ["WorkerError", "WorkerProcess", "borrow", "discard", "give_back", "serve"]

#: Idle workers kept for the next estimate (each holds an interpreter with NumPy, about 50 MB).
MAX_IDLE = 3
#: Workers started and not ready yet, at most: an estimate over before its worker was ready leaves it
#: starting, and the next starts its own; an interpreter that never answers is not started again and again.
MAX_STARTING = 3
#: Seconds between a worker's checks that its caller is still alive (else it ends, even mid-training).
CALLER_CHECK_SECONDS = 0.5

# The child reads the parent's pid and sys.path first, so it imports this package from where the parent did.
_BOOT = ("import sys, pickle; pid, sys.path[:] = pickle.load(sys.stdin.buffer); "
         "from tb_bias_plugin.measures.representation.worker_processes import serve; serve(pid)")

# One BLAS thread in the worker, as `mine._one_blas_thread` gives the caller's own trainings.
_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}

_idle: list[WorkerProcess] = []
_starting: set[WorkerProcess] = set()  # started, not ready yet
_lock = threading.Lock()
_warned = False


class WorkerError(RuntimeError):
    """A worker process ended without answering (killed, out of memory, or a crash in native code), or its
    answer could not be read."""


class _RemoteTraceback(Exception):
    """The traceback of an error raised in a worker, chained to the error re-raised in the caller."""

    def __str__(self) -> str:
        return "\n" + self.args[0]


def _send(stream: IO[bytes], message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(len(data).to_bytes(8, "little") + data)
    stream.flush()


def _receive(stream: IO[bytes]) -> Any:
    """The next message: EOFError at the end of the stream; a message that does not unpickle is consumed
    whole (the next one is read from its start) before its error is raised."""
    size = stream.read(8)
    if len(size) < 8:
        raise EOFError
    data = stream.read(int.from_bytes(size, "little"))
    if len(data) < int.from_bytes(size, "little"):
        raise EOFError
    return pickle.loads(data)


class WorkerProcess:
    """One worker process: `ready` waits until it has started, `call` sends it a callable and returns its
    result (or raises its error)."""

    def __init__(self) -> None:
        flags: dict[str, Any] = {}
        if sys.platform == "win32":  # pragma: no cover - not tested here
            flags["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
        else:
            flags["start_new_session"] = True  # a Ctrl-C reaches the caller, which stops the worker
        self.pid_of_owner = os.getpid()
        self.started = False
        # multiprocessing's interpreter: sys.executable, or what `multiprocessing.set_executable` chose
        self.process = subprocess.Popen([multiprocessing.spawn.get_executable(), "-c", _BOOT],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env={**os.environ, **_ENV}, **flags)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.input, self.output = self.process.stdin, self.process.stdout
        try:
            self.input.write(pickle.dumps((os.getpid(), list(sys.path))))
            self.input.flush()
        except OSError:  # it has already ended: no Python, or not one that reads its input
            self.kill()
            raise

    def __repr__(self) -> str:
        return f"WorkerProcess(pid={self.process.pid}, started={self.started})"

    @property
    def alive(self) -> bool:
        return self.process.poll() is None and self.pid_of_owner == os.getpid()

    def ready(self) -> bool:
        """Wait until the worker has started (it says so once it has imported the estimators); False, with a
        warning, if it ended or said something else first."""
        if not self.started:
            try:
                self.started = _receive(self.output) == "ready"
            except Exception:  # noqa: BLE001 - whatever it wrote, it is no worker
                pass
            with _lock:
                _starting.discard(self)
            if not self.started:
                code = _exit_code(self.process)
                self.kill()
                try:
                    _warn_once(f"a tb-bias worker process could not start{code}; the trainings run in the "
                               "caller's process")
                except Warning:  # turned into an error by the caller's filters, in a thread of its own
                    pass
        return self.started

    def call(self, run: Any) -> Any:
        """`run()` in the worker; its warnings are raised again here, under the caller's filters."""
        data = pickle.dumps(run, protocol=pickle.HIGHEST_PROTOCOL)  # before anything is sent
        try:
            self.input.write(len(data).to_bytes(8, "little") + data)
            self.input.flush()
            status, value, trace, raised = _receive(self.output)
        except (OSError, EOFError) as e:
            raise WorkerError(f"a tb-bias worker process (pid {self.process.pid}) ended without answering"
                              f"{_exit_code(self.process)}") from e
        except Exception as e:  # noqa: BLE001 - the answer, read whole, did not unpickle here
            raise WorkerError(f"the answer of a tb-bias worker process could not be read: {e!r}") from e
        for message, category, filename, lineno in raised:
            _raise_again(message, category, filename, lineno)
        if status == "error":
            raise value from _RemoteTraceback(trace)
        return value

    def kill(self) -> None:
        """Stop the worker at once (a training it runs is abandoned); it is never used again."""
        if self.pid_of_owner == os.getpid():
            self.process.kill()
            self.process.wait()
        for stream in (self.input, self.output):
            try:
                stream.close()
            except OSError:  # unsent bytes to a process that has ended
                pass

    def close(self) -> None:
        """Ask an idle worker to end (it sees the end of its input), and stop it if it does not."""
        try:
            self.input.close()
            self.process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()


def _exit_code(process: subprocess.Popen) -> str:
    try:
        return f" (exit code {process.wait(timeout=5)})"  # its output has ended: it is ending
    except subprocess.TimeoutExpired:
        return ""


_module_names: dict[str, str] = {}  # file -> module name, of the modules whose warnings came back


def _raise_again(message: str, category: type[Warning], filename: str, lineno: int) -> None:
    """A worker's warning raised here as if by the module that raised it there: filters by module and the
    once-per-place registry apply."""
    name = _module_names.get(filename)
    if name is None:
        name = next((n for n, m in list(sys.modules.items())
                     if isinstance(m, types.ModuleType) and m.__dict__.get("__file__") == filename), "")
        _module_names[filename] = name
    module = sys.modules.get(name) if name else None
    if module is None:
        warnings.warn_explicit(message, category, filename, lineno)
    else:
        registry = module.__dict__.setdefault("__warningregistry__", {})
        warnings.warn_explicit(message, category, filename, lineno, module=name, registry=registry)


def borrow(count: int) -> list[WorkerProcess]:
    """Up to `count` workers for one estimate, idle ones first, then new ones (none past `MAX_STARTING`,
    none in a frozen application, none once one could not start: the caller then runs those trainings
    itself)."""
    taken: list[WorkerProcess] = []
    with _lock:
        while _idle and len(taken) < count:
            worker = _idle.pop()
            if worker.alive:
                taken.append(worker)
            else:
                worker.kill()
        frozen = getattr(sys, "frozen", False)  # its executable would run the application again
        new = 0 if _warned or frozen else max(0, min(count - len(taken), MAX_STARTING - len(_starting)))
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
        warnings.warn(message, RuntimeWarning, stacklevel=2)


def discard(workers: list[WorkerProcess]) -> None:
    """End workers borrowed but never used (the estimate was interrupted first)."""
    with _lock:
        _starting.difference_update(workers)
    for worker in workers:
        worker.kill()


def give_back(workers: list[WorkerProcess]) -> None:
    """Keep healthy workers for the next estimate (at most `MAX_IDLE`); end the others."""
    with _lock:
        for worker in workers:
            if worker.alive and worker.started and len(_idle) < MAX_IDLE:
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
    _starting.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)


def _end_with(caller: int) -> None:
    """End this worker as soon as its caller has ended (killed mid-training, it would train on alone)."""
    while os.getppid() == caller:
        time.sleep(CALLER_CHECK_SECONDS)
    os._exit(0)


def serve(caller: int) -> None:
    """The worker's loop: run each callable read from stdin, answer (status, value, traceback, warnings),
    until stdin ends or the caller does."""
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # anything printed (by an import too) goes to stderr, never into the answers
    sys.stdout = sys.stderr
    from tb_bias_plugin.measures.representation import classifier, mine  # noqa: F401 - ready to train
    from tb_bias_plugin.measures.representation.trainings import run_here

    if os.getppid() == caller:  # not so where a launcher ran Python in a process of its own: no watch
        threading.Thread(target=_end_with, args=(caller,), daemon=True).start()
    source = sys.stdin.buffer
    try:
        _send(answers, "ready")
        while True:
            try:
                run = _receive(source)
            except EOFError:
                return
            except Exception as e:  # noqa: BLE001 - a training that does not unpickle here: its error
                _send(answers, ("error", RuntimeError(f"a training could not be unpickled in the worker: {e!r}"),
                                traceback.format_exc(), []))
                continue
            _send(answers, _answer(run, run_here))
    except BrokenPipeError:  # the caller has gone
        return


def _answer(run: Any, run_here: Any) -> tuple:
    """(status, result or error, traceback, warnings) of `run`, all of it picklable."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")  # the caller's filters decide, when they are raised again there
        try:
            answer: tuple = ("ok", run_here(run), "")
        except Exception as e:  # noqa: BLE001 - sent to the caller, which raises it
            answer = ("error", e, traceback.format_exc())
    raised = []  # each distinct warning once: the caller's registry shows it once per place anyway
    for w in seen:
        category = w.category if _pickles(w.category) else RuntimeWarning
        if (str(w.message), category, w.filename, w.lineno) not in raised:
            raised.append((str(w.message), category, w.filename, w.lineno))
    if not _pickles(answer):
        kind = "result" if answer[0] == "ok" else "error"
        answer = ("error", RuntimeError(f"a training's {kind} does not pickle: {answer[1]!r:.300}"), answer[2])
    return (*answer, raised)


def _pickles(value: Any) -> bool:
    try:
        pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - whatever pickle raises
        return False
    return True
