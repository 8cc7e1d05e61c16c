"""Persistent flagged / hidden labels per tag, safe against lost updates.

Stored as one JSON file, written atomically (temporary file, fsync, rename)
so a crash mid-write leaves the previous file intact. Every tag carries a
version; a write based on an older version is refused, so two browser tabs
cannot silently overwrite each other's work.

A shared service of the shell (docs/architecture.md, "Shared services"):
the shell serves ``flags`` over HTTP; measures' routes read a tag's lists
through ``Services.flags`` and never import this module.
"""

import contextlib
import hashlib
import json
import logging
import os
import tempfile
import threading
import time

from tb_bias_plugin.core.paths import is_remote
from tb_bias_plugin.core.validation import is_integer

try:
    import fcntl
except ImportError:  # Windows: the in-process lock still serialises writes
    fcntl = None  # type: ignore[assignment]

logger = logging.getLogger(__name__)

FILE_NAME = "flags.json"
FORMAT = 1

#: Bounds on what clients may store: bytes of label names (UTF-8, plus one
#: per name) in one tag's lists, and in the whole file.
MAX_TAG_BYTES = 4 << 20
MAX_TOTAL_BYTES = 32 << 20
#: A temporary file older than this was left by a writer that died.
STALE_TEMPORARY_SECONDS = 60.0


class TooLarge(Exception):
    """A write would make a tag's flags or the whole file larger than allowed."""


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
    if logdir and not is_remote(logdir) and _writable_dir(logdir):
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
        # The parsed file and what identified it on disk: requests read flags
        # from memory and the file is parsed again only when it changes, by
        # one thread while the others wait for its result.
        self._cached = None
        self._parse_lock = threading.Lock()
        self._remove_stale_temporaries()

    def _remove_stale_temporaries(self):
        try:
            names = os.listdir(self.directory)
        except OSError:
            return
        now = time.time()
        for name in names:
            if name.startswith(FILE_NAME + ".") and name.endswith(".tmp"):
                path = os.path.join(self.directory, name)
                with contextlib.suppress(OSError):
                    if now - os.stat(path).st_mtime > STALE_TEMPORARY_SECONDS:
                        os.unlink(path)
                        logger.info("tb_bias: removed %s, left by a writer that stopped", path)

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
            stat = os.stat(self.path)
        except FileNotFoundError:
            return self._empty()
        except OSError:
            stat = None
        identity = None if stat is None else (stat.st_ino, stat.st_mtime_ns, stat.st_size)
        cached = self._cached
        if identity is not None and cached is not None and cached[0] == identity:
            return cached[1]
        with self._parse_lock:
            cached = self._cached
            if identity is not None and cached is not None and cached[0] == identity:
                return cached[1]  # parsed by another thread meanwhile
            data = self._parse()
            if identity is not None and not data.get("unreadable"):
                self._cached = (identity, data)
            return data

    def _parse(self):
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
        for entry in tags.values():  # tuples once here, so that get() copies nothing
            for key in ("flagged", "hidden"):
                if key in entry:
                    entry[key] = tuple(entry[key])
        return data

    @staticmethod
    def _entry(tag, data):
        entry = data["tags"].get(tag) or {}
        return {
            "tag": tag,
            "flagged": tuple(entry.get("flagged", ())),
            "hidden": tuple(entry.get("hidden", ())),
            "version": int(entry.get("version", 0)),
        }

    def get(self, tag):
        """``{"tag", "flagged", "hidden", "version"}`` of ``tag`` (version 0 if
        never written); the lists are tuples, shared, never to be changed."""
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
            size = _size(entry)
            if size > MAX_TAG_BYTES:
                raise TooLarge(
                    "flags of one tag may hold at most %d bytes of label names; these hold %d" % (MAX_TAG_BYTES, size)
                )
            total = size + sum(_size(other) for name, other in data["tags"].items() if name != tag)
            if total > MAX_TOTAL_BYTES:
                raise TooLarge(
                    "flags of this logdir may hold at most %d bytes of label names; this write makes %d"
                    % (MAX_TOTAL_BYTES, total)
                )
            data = dict(data, tags=dict(data["tags"], **{tag: entry}), format=FORMAT)
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
        with contextlib.suppress(OSError):
            stat = os.stat(self.path)
            self._cached = ((stat.st_ino, stat.st_mtime_ns, stat.st_size), data)
        with contextlib.suppress(OSError):  # make the rename itself durable
            directory = os.open(self.directory, os.O_RDONLY)
            try:
                os.fsync(directory)
            finally:
                os.close(directory)


def _size(entry):
    return sum(len(name.encode("utf-8")) + 1 for key in ("flagged", "hidden") for name in entry.get(key, ()))


def _unique(names):
    return list(dict.fromkeys(names))


def _valid_entry(entry):
    return (
        isinstance(entry, dict)
        and all(
            isinstance(entry.get(key, []), list) and all(isinstance(n, str) for n in entry.get(key, []))
            for key in ("flagged", "hidden")
        )
        and is_integer(entry.get("version", 0))
        and entry.get("version", 0) >= 0
    )
