"""Persistent flagged / hidden labels per tag, safe against lost updates.

Stored as one JSON file, written atomically (temporary file, fsync, rename)
so a crash mid-write leaves the previous file intact. Every tag carries a
version; a write based on an older version is refused, so two browser tabs
cannot silently overwrite each other's work.
"""

import contextlib
import hashlib
import json
import logging
import os
import tempfile
import threading
import time

try:
    import fcntl
except ImportError:  # Windows: the in-process lock still serialises writes
    fcntl = None  # type: ignore[assignment]

logger = logging.getLogger(__name__)

FILE_NAME = "flags.json"
FORMAT = 1


class StaleVersion(Exception):
    """A write was based on a version that is no longer current."""

    def __init__(self, current):
        super().__init__("flags of tag %r changed since version %d" % (current["tag"], current["version"]))
        self.current = current


def user_data_dir():
    """Per-user data directory of tb-bias (XDG on POSIX, APPDATA on Windows)."""
    base = os.environ.get("XDG_DATA_HOME") or os.environ.get("APPDATA")
    if not base:
        base = os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "tb-bias")


def _writable_dir(path):
    return os.path.isdir(path) and os.access(path, os.W_OK | os.X_OK)


def directory_for_logdir(logdir):
    """Where flags of ``logdir`` live: beside the logs when the logdir is a
    writable local directory, else in the per-user data directory."""
    if logdir and "://" not in logdir and _writable_dir(logdir):
        beside = os.path.join(logdir, ".tb_bias")
        if not os.path.exists(beside) or _writable_dir(beside):
            return beside
    key = hashlib.sha256((logdir or "").encode("utf-8")).hexdigest()[:16]
    return os.path.join(user_data_dir(), key)


class FlagStore:
    """Flags of every tag of one logdir."""

    def __init__(self, directory, *, logdir=None):
        self.directory = directory
        self.path = os.path.join(directory, FILE_NAME)
        self._logdir = logdir
        self._lock = threading.Lock()

    @classmethod
    def for_logdir(cls, logdir):
        return cls(directory_for_logdir(logdir), logdir=logdir)

    @contextlib.contextmanager
    def _write_lock(self):
        # Readers need no lock: the file is only ever replaced whole. Writers
        # serialise their read-modify-write, across processes too.
        with self._lock:
            if fcntl is None:
                yield
                return
            # A lock file, not the data file: the data file is replaced on write.
            with open(os.path.join(self.directory, FILE_NAME + ".lock"), "a+") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                try:
                    yield
                finally:
                    fcntl.flock(lock, fcntl.LOCK_UN)

    def _empty(self, unreadable=False):
        data = {"format": FORMAT, "logdir": self._logdir, "tags": {}}
        if unreadable:
            data["unreadable"] = True
        return data

    def _read(self):
        try:
            with open(self.path, encoding="utf-8") as f:
                data = json.load(f)
        except FileNotFoundError:
            return self._empty()
        except (OSError, ValueError) as e:
            logger.warning("tb_bias: cannot read %s (%s); treating it as empty", self.path, e)
            return self._empty(unreadable=True)
        tags = data.get("tags") if isinstance(data, dict) else None
        if not isinstance(tags, dict) or not all(_valid_entry(entry) for entry in tags.values()):
            logger.warning("tb_bias: %s is not a flags file this build understands", self.path)
            return self._empty(unreadable=True)
        return data

    @staticmethod
    def _entry(tag, data):
        entry = data["tags"].get(tag) or {}
        return {
            "tag": tag,
            "flagged": list(entry.get("flagged", [])),
            "hidden": list(entry.get("hidden", [])),
            "version": int(entry.get("version", 0)),
        }

    def get(self, tag):
        """``{"tag", "flagged", "hidden", "version"}`` of ``tag`` (version 0 if never written)."""
        return self._entry(tag, self._read())

    def put(self, tag, flagged, hidden, version):
        """Replace the lists of ``tag`` if ``version`` is current; return the new state.

        Raises
        ------
        StaleVersion
            If the stored version differs from ``version``; nothing is written.
        """
        os.makedirs(self.directory, exist_ok=True)
        with self._write_lock():
            data = self._read()
            current = self._entry(tag, data)
            if current["version"] != version:
                raise StaleVersion(current)
            if data.pop("unreadable", False) and os.path.exists(self.path):
                # Keep what we could not read instead of overwriting it.
                os.replace(self.path, "%s.unreadable-%d" % (self.path, int(time.time())))
            entry = {
                "flagged": _unique(flagged),
                "hidden": _unique(hidden),
                "version": version + 1,
            }
            data["tags"][tag] = entry
            data["format"] = FORMAT
            self._write(data)
            return self._entry(tag, data)

    def _write(self, data):
        fd, temporary = tempfile.mkstemp(prefix=FILE_NAME + ".", suffix=".tmp", dir=self.directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, ensure_ascii=False, indent=1)
                f.flush()
                os.fsync(f.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        with contextlib.suppress(OSError):  # make the rename itself durable
            directory = os.open(self.directory, os.O_RDONLY)
            try:
                os.fsync(directory)
            finally:
                os.close(directory)


def _unique(names):
    return list(dict.fromkeys(names))


def _valid_entry(entry):
    return (
        isinstance(entry, dict)
        and all(
            isinstance(entry.get(key, []), list) and all(isinstance(n, str) for n in entry.get(key, []))
            for key in ("flagged", "hidden")
        )
        and isinstance(entry.get("version", 0), int)
        and not isinstance(entry.get("version", 0), bool)
        and entry.get("version", 0) >= 0
    )
