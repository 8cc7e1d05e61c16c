"""The tb_bias records of a local logdir, read from its event files:
where each one is, and the steps of a tag written more than once.

TensorBoard's data providers keep one record per (run, tag, step) and drop
the others without a word (the Python loader keeps the first read, its
data server the last), so the plugin cannot see a rewrite through them:
two quickstart blocks logging tag "gender" at step 0 into one run show
one table, silently. `RecordScanner` reads the run's event files itself,
only the bytes appended since its last call, and keeps, for every write
of a tb_bias tag, its wall time and where its bytes are; ``runs`` lists
the steps written twice or more, with which write the provider kept.

The same index is the plugin's fast read: TensorBoard's data provider has
no batch read, and asking its data server for a record costs about half a
millisecond of this process's CPU, most of an across-steps answer. A
record the provider listed (its step and wall time name the write it
kept) is read from its file instead, checked against the listing, and
asked of the provider only if it cannot be (`LocalRecords`).

Records are read as TFRecords here, with TensorBoard's Event message and
without TensorFlow, which would take seconds to import. Only a local
logdir is scanned (a remote one, or several named logdirs, report no
rewrites and read every record through the provider).
"""

from __future__ import annotations

import collections
import logging
import os
import struct
import threading
from typing import Any, Iterable, Iterator, NamedTuple

from tb_bias_plugin.core.paths import is_remote
from tb_bias_plugin.storage import metadata
from tb_bias_plugin.writing.tb_files import masked_crc32c

logger = logging.getLogger(__name__)

#: A step's write times, in the order they were read.
WriteTimes = list
#: The TensorFlow type of a string tensor (types.proto's DT_STRING).
_DT_STRING = 7


class Location(NamedTuple):
    """Where one write of a record is: its event file and TFRecord."""

    path: str
    offset: int  # of the TFRecord's header
    length: int  # of its data, the serialized Event


#: One write of a step: ``(wall time, path, offset, length)`` (its `Location` after the
#: time, flat: one tuple per write of every record of the logdir).
_Write = tuple


class _FileState:
    __slots__ = ("identity", "offset", "ours", "lock", "corrupt", "unserved")

    def __init__(self, identity: tuple[int, int]):
        self.identity = identity  # (device, inode): a file replaced under the same name is read anew
        self.offset = 0  # bytes read
        self.ours: set[str] = set()  # tb_bias tags declared in it
        self.lock = threading.Lock()  # one reader at a time, without holding up the other files
        self.corrupt = ""  # why the scan stopped where it did, if a record there is corrupt
        self.unserved: dict[str, str] = {}  # tag -> why TensorBoard's data server drops its records


class RecordScanner:
    """Every write of every tb_bias tag under a local logdir (its wall time and
    location), read incrementally; safe to use from many request threads."""

    def __init__(self, logdir: str):
        # normalised: a trailing "/" would name the root run's directory otherwise than its files do
        self._logdir = os.path.normpath(logdir) if logdir and not is_remote(logdir) and os.path.isdir(logdir) else None
        self._files: dict[str, _FileState] = {}
        self._by_directory: dict[str, set[str]] = collections.defaultdict(set)  # the files read, by directory
        # {(run, tag): {step: [wall times]}} of writes whose file was deleted: the Python loader may still
        # show one (it keeps the first write it read), and then the tab says so (`gone`)
        self._gone: dict[tuple[str, str], dict[int, list[float]]] = {}
        self._writes: dict[tuple[str, str], dict[int, list[_Write]]] = collections.defaultdict(
            lambda: collections.defaultdict(list))
        # guards the index above; never held while a file is read (`_read`)
        self._lock = threading.Lock()

    @property
    def is_local(self) -> bool:
        """Whether there is a local logdir to read."""
        return self._logdir is not None

    def rewritten(self) -> dict[tuple[str, str], dict[int, WriteTimes]]:
        """``{(run, tag): {step: [wall times]}}`` of the steps written more than once, after reading
        what was appended since the last call."""
        if self._logdir is None:
            return {}
        present = self._event_files()
        with self._lock:
            # a deleted file's writes are no longer on disk: a run deleted and written again is no rewrite
            self._forget(set(self._files).difference(present), deleted=True)
        for path in present:
            self._read(path)
        with self._lock:
            return {key: {step: [w[0] for w in writes] for step, writes in steps.items() if len(writes) > 1}
                    for key, steps in self._writes.items() if any(len(w) > 1 for w in steps.values())}

    def unserved(self) -> dict[tuple[str, str], str]:
        """``{(run, tag): why}`` of the tb_bias tags written in a form TensorBoard's data server drops
        without a word (another tensor type than a string, another data class than a blob sequence),
        as of the last `rewritten`: `runs` lists them as unreadable when TensorBoard lists them not."""
        with self._lock:
            return {(self._run_of(path), tag): why for path, state in self._files.items()
                    for tag, why in state.unserved.items()}

    def corrupt(self) -> list[dict]:
        """``[{"run", "tag": None, "error"}]`` of the event files whose scan stopped at a corrupt record
        (as of the last `rewritten`): TensorBoard reads nothing of such a file after it either."""
        with self._lock:
            found = [(path, state.corrupt) for path, state in self._files.items() if state.corrupt]
        return [{"run": self._run_of(path), "tag": None, "error": error} for path, error in sorted(found)]

    def gone(self) -> dict[tuple[str, str], dict[int, tuple[list[float], list[float]]]]:
        """``{(run, tag): {step: ([wall times of deleted writes], [those of writes on disk])}}`` of the
        writes read from files since deleted (as of the last `rewritten`), until `drop_gone` says the tab
        no longer shows them."""
        with self._lock:
            return {key: {step: (list(times), [w[0] for w in self._writes.get(key, {}).get(step, ())])
                          for step, times in steps.items()} for key, steps in self._gone.items()}

    def hidden_steps(self, run: str, tag: str, listed: Iterable[int]) -> list[int]:
        """The steps of ``run``/``tag`` on disk (as of the last `rewritten`) that TensorBoard does not list
        because an earlier step was written after them (`steps_written_over`)."""
        with self._lock:
            steps = self._writes.get((run, tag))
            last = {step: max(w[0] for w in writes) for step, writes in steps.items()} if steps else {}
        return steps_written_over(last, listed)

    def keep_gone(self, listed: set[tuple[str, str]]) -> None:
        """Forget the deleted writes of tags TensorBoard no longer lists (a run deleted for good)."""
        with self._lock:
            for key in set(self._gone).difference(listed):
                del self._gone[key]

    def drop_gone(self, run: str, tag: str, steps: Iterable[int]) -> None:
        """Forget the deleted writes of ``steps``: TensorBoard shows a write still on disk there."""
        with self._lock:
            found = self._gone.get((run, tag))
            if found is None:
                return
            for step in steps:
                found.pop(step, None)
            if not found:
                del self._gone[run, tag]

    def locate(self, run: str, tag: str, wanted: Iterable[tuple[int, float]]) -> dict[int, Location]:
        """``{step: Location}`` of each ``(step, wall time)`` of ``wanted`` written exactly
        once with that wall time, after reading what was appended to the run's files."""
        wanted = list(wanted)
        directory = self._run_directory(run)
        if directory is None or not wanted:
            return {}
        try:
            names = sorted(os.listdir(directory))
        except OSError:
            return {}
        paths = [os.path.join(directory, name) for name in names if "tfevents" in name]
        with self._lock:
            self._forget(self._by_directory.get(directory, set()).difference(paths), deleted=True)
        for path in paths:
            if os.path.isfile(path):
                self._read(path)
        with self._lock:
            steps = self._writes.get((run, tag), {})
            found = {}
            for step, wall_time in wanted:
                matching = [w for w in steps.get(step, ()) if w[0] == wall_time]
                if len(matching) == 1:
                    found[step] = Location(*matching[0][1:])
            return found

    def _run_directory(self, run: str) -> str | None:
        """The directory of ``run`` (named as TensorBoard names runs: its path under the
        logdir with "/", "." for the logdir itself), or None if it names no directory in it."""
        if self._logdir is None or not run or "\\" in run or "\0" in run:
            return None
        parts = run.split("/")
        if run != "." and any(p in ("", ".", "..") for p in parts):
            return None
        return self._logdir if run == "." else os.path.join(self._logdir, *parts)

    def _event_files(self) -> list[str]:
        """Every event file under the logdir, through symbolic links to directories as TensorBoard lists runs:
        a directory under two names (a ``latest`` link) is two runs; only a link back to a directory
        above it is not followed, which would loop."""
        assert self._logdir is not None
        found: list[str] = []
        above = {self._logdir: frozenset([os.path.realpath(self._logdir)])}  # each directory's real path and its parents'
        for directory, subdirectories, files in os.walk(self._logdir, followlinks=True):
            chain = above.pop(directory, frozenset())
            kept = []
            for name in subdirectories:
                real = os.path.realpath(os.path.join(directory, name))
                if real not in chain:
                    kept.append(name)
                    above[os.path.join(directory, name)] = chain | {real}
            subdirectories[:] = kept
            found.extend(os.path.join(directory, f) for f in files if "tfevents" in f)
        return sorted(found)

    def _run_of(self, path: str) -> str:
        assert self._logdir is not None
        run = os.path.relpath(os.path.dirname(path), self._logdir)
        return "." if run == os.curdir else run.replace(os.sep, "/")

    def _read(self, path: str) -> None:
        """Index what was appended to ``path``. The file is read under its own lock, not the index's:
        a long read (a large file met for the first time) holds up no request for another run."""
        from tensorboard.compat.proto import event_pb2  # the message alone: TensorFlow is not imported

        run = self._run_of(path)
        with self._lock:
            state = self._state(path)
        if state is None:
            return
        with state.lock:
            found = []
            try:
                for location, data in _new_records(path, state):
                    event = event_pb2.Event.FromString(data)
                    if not event.HasField("summary"):
                        continue
                    for value in event.summary.value:
                        if value.metadata.plugin_data.plugin_name == metadata.PLUGIN_NAME:
                            state.ours.add(value.tag)  # the metadata comes with a tag's first value in each file
                            _note_unserved(value, state)
                        if value.tag in state.ours:
                            found.append((value.tag, event.step, (event.wall_time, *location)))
            except Exception as e:  # a corrupt record ends this file's scan, not the listing
                logger.warning("tb_bias: reading %s for rewritten steps stopped (%s)", path, e)
            with self._lock:
                if self._files.get(path) is state:  # not forgotten (deleted or replaced) meanwhile
                    for tag, step, write in found:
                        self._writes[run, tag][step].append(write)

    def _state(self, path: str) -> _FileState | None:
        """What was read of ``path``, forgotten (and its writes with it) if the file was
        replaced or cut shorter since: it is then read again from its start."""
        try:
            stat = os.stat(path)
        except OSError:
            return None
        identity = (stat.st_dev, stat.st_ino)
        state = self._files.get(path)
        if state is not None and (state.identity != identity or stat.st_size < state.offset):
            self._forget({path}, deleted=True)  # its writes are no longer on disk (read again if they are)
            state = None
        if state is None:
            state = self._files[path] = _FileState(identity)
            self._by_directory[os.path.dirname(path)].add(path)
        return state

    def _forget(self, paths: set[str], deleted: bool = False) -> None:
        """Drop what was read of ``paths`` (one pass over the writes, whatever their number); the writes of
        ``deleted`` files are kept as `gone`."""
        if not paths:
            return
        for path in paths:
            del self._files[path]
            self._by_directory[os.path.dirname(path)].discard(path)
        for key in list(self._writes):
            steps = self._writes[key]
            for step, writes in list(steps.items()):
                kept = [w for w in writes if w[1] not in paths]
                if deleted and len(kept) != len(writes):
                    self._gone.setdefault(key, {}).setdefault(step, []).extend(
                        w[0] for w in writes if w[1] in paths)
                if not kept:
                    del steps[step]
                elif len(kept) != len(writes):
                    steps[step] = kept
            if not steps:
                del self._writes[key]


def _note_unserved(value: Any, state: _FileState) -> None:
    """Note in ``state`` why TensorBoard's data server would drop a tb_bias tag's records (the first
    value of a tag in a file, the one with its metadata), if it would."""
    data_class, tensor = value.metadata.data_class, value.tensor
    if data_class not in (0, metadata.DATA_CLASS):
        state.unserved[value.tag] = "its metadata's data class is %d, not a blob sequence (%d)" % (
            data_class, metadata.DATA_CLASS)
    elif value.WhichOneof("value") == "tensor" and tensor.dtype != _DT_STRING:
        state.unserved[value.tag] = "its records are tensors of type %d, not strings (%d)" % (tensor.dtype, _DT_STRING)
    else:
        state.unserved.pop(value.tag, None)


def _new_records(path: str, state: _FileState) -> Iterator[tuple[Location, bytes]]:
    """The TFRecords of an event file after those already read, with their locations:
    a record is a little-endian uint64 length, its masked CRC-32C, the data and the data's
    CRC. A record not yet wholly written is left for the next call; the scan stops at a
    length that fails its CRC (``state.corrupt`` says where), as TensorBoard's readers do: a
    file cut by a crash or preallocated with zeros is otherwise walked 16 bytes at a time."""

    offset = state.offset
    size = os.path.getsize(path)
    if size <= offset:
        return
    with open(path, "rb") as handle:
        handle.seek(offset)
        while offset + 12 <= size:
            header = handle.read(12)
            if len(header) < 12:
                return
            (length, crc) = struct.unpack("<QI", header)
            if crc != masked_crc32c(header[:8]):
                corrupt = ("event file %s: the record at byte %d has a corrupt length (its checksum does not "
                           "match); TensorBoard reads nothing of the file after it" % (os.path.basename(path), offset))
                if corrupt != state.corrupt:
                    logger.warning("tb_bias: %s", corrupt)
                state.corrupt = corrupt
                return
            state.corrupt = ""
            if offset + 12 + length + 4 > size:
                return
            data = handle.read(length)
            handle.read(4)
            location = Location(path, offset, length)
            offset += 12 + length + 4
            state.offset = offset
            yield location, data


class LocalRecords:
    """The stored bytes of a tag's records read from their event files, each
    file opened once; what cannot be read here (not located, the file changed,
    an event other than the one listed) is None, for the provider to read."""

    def __init__(self, scanner: RecordScanner | None, run: str, tag: str, data: Iterable[Any]):
        """``data``: the provider's listed data (``.step``, ``.wall_time``) to read."""
        data = list(data)
        self._tag = tag
        self._locations = {} if scanner is None else scanner.locate(run, tag, ((d.step, d.wall_time) for d in data))
        self._handles: dict[str, Any] = {}

    def __contains__(self, step: int) -> bool:
        return step in self._locations

    def read(self, step: int, wall_time: float) -> bytes | None:
        """The record of ``step`` exactly as the provider serves it (its first blob), or None."""
        location = self._locations.get(step)
        if location is None:
            return None
        try:
            handle = self._handles.get(location.path)
            if handle is None:
                handle = self._handles[location.path] = open(location.path, "rb")
            handle.seek(location.offset)
            header = handle.read(12)
            if len(header) != 12 or struct.unpack("<Q", header[:8])[0] != location.length:
                return None
            data = handle.read(location.length)
            if len(data) != location.length:
                return None
            return _blob(data, self._tag, step, wall_time)
        except Exception as e:  # the file moved or changed: the provider reads it
            logger.debug("tb_bias: reading step %d of %r from %s failed (%s)", step, self._tag, location.path, e)
            return None

    def close(self) -> None:
        for handle in self._handles.values():
            handle.close()
        self._handles.clear()

    def __enter__(self) -> "LocalRecords":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _blob(data: bytes, tag: str, step: int, wall_time: float) -> bytes | None:
    """The first blob of ``tag``'s value in a serialized Event, if it is the write listed
    (same step and wall time, the tag once) and holds a blob sequence as TensorBoard
    reads one (a rank-1 string tensor); else None."""
    from tensorboard.compat.proto import event_pb2

    event = event_pb2.Event.FromString(data)
    if event.step != step or event.wall_time != wall_time:
        return None
    values = [v for v in event.summary.value if v.tag == tag]
    if len(values) != 1 or values[0].WhichOneof("value") != "tensor":
        return None
    tensor = values[0].tensor
    dims = tensor.tensor_shape.dim
    if tensor.dtype != _DT_STRING or len(dims) != 1 or dims[0].size != len(tensor.string_val) or not tensor.string_val:
        return None
    return tensor.string_val[0]


def steps_written_over(last_write: dict[int, float], listed: Iterable[int]) -> list[int]:
    """The steps of ``last_write`` (``{step: wall time of its last write}``) not ``listed`` because an
    earlier step was written after them: TensorBoard's data server then drops a tag's later steps, as it
    does for a job restarted from a checkpoint (its Python loader, ``--load_fast=false``, keeps them).
    A step not listed for any other reason (sampled out, or written since TensorBoard last read) is not
    one of them.

    Examples
    --------
    >>> steps_written_over({0: 1.0, 1: 2.0, 2: 5.0, 3: 4.0}, [0, 1, 2])  # step 2 written again after step 3
    [3]
    >>> steps_written_over({0: 1.0, 1: 2.0, 2: 3.0, 3: 4.0}, [0, 3])  # sampled out
    []
    """
    unlisted = set(last_write).difference(listed)
    if not unlisted:
        return []
    over, latest_before = [], float("-inf")
    for step in sorted(last_write):
        if step in unlisted and latest_before > last_write[step]:
            over.append(step)
        latest_before = max(latest_before, last_write[step])
    return over


def rewritten_steps(writes: dict[int, WriteTimes], shown_wall_times: dict[int, float],
                    gone: dict[int, tuple[list[float], list[float]]] | None = None) -> list[dict]:
    """``runs``' ``rewritten_steps`` of one tag: each step written more than once, how many
    times, and which write (1 = the first read) is the one TensorBoard kept and the tab shows;
    and each step whose shown write was in a file since deleted (``gone``: its deleted writes' wall times
    and those on disk), counted as a write.

    Examples
    --------
    >>> rewritten_steps({0: [10.0, 12.5]}, {0: 12.5})
    [{'step': 0, 'writes': 2, 'shown': 2}]
    >>> rewritten_steps({3: [1.0, 2.0, 3.0]}, {})  # a step the provider sampled out
    [{'step': 3, 'writes': 3, 'shown': None}]
    >>> rewritten_steps({}, {0: 10.0, 1: 21.0}, gone={0: ([10.0], [20.0]), 1: ([11.0], [21.0])})  # deleted, rerun
    [{'step': 0, 'writes': 2, 'shown': 1}]
    """
    gone = gone or {}
    out = []
    for step in sorted(set(writes) | set(gone)):
        times, shown = list(writes.get(step, ())), shown_wall_times.get(step)
        deleted, on_disk = gone.get(step, ((), ()))
        if on_disk and shown in deleted and shown not in on_disk:  # written again, the loader shows the deleted write
            times = sorted([*on_disk, shown])
        elif len(times) < 2:
            continue
        index = next((i + 1 for i in range(len(times) - 1, -1, -1) if times[i] == shown), None)
        out.append({"step": step, "writes": len(times), "shown": index})
    return out
