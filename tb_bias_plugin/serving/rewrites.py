"""Steps of a tb_bias tag written more than once in the same run.

TensorBoard's data providers keep one record per (run, tag, step) and drop
the others without a word (the Python loader keeps the first read, its
data server the last), so the plugin cannot see a rewrite through them:
two quickstart blocks logging tag "gender" at step 0 into one run show
one table, silently. This module reads the run's event files itself, only
the bytes appended since its last call, and keeps the write times of every
(run, tag, step) of a tb_bias tag; ``runs`` lists those written twice or
more, with which write the provider kept. Records are read as TFRecords
here, with TensorBoard's Event message and without TensorFlow, which would
take seconds to import.

Only a local logdir is scanned (a remote one, or several named logdirs,
report no rewrites).
"""

from __future__ import annotations

import collections
import logging
import os
import struct
import threading
from typing import Iterator

from tb_bias_plugin.storage import metadata

logger = logging.getLogger(__name__)

#: A step's write times, in the order they were read.
WriteTimes = list


class RewriteScanner:
    """Write times of every step of every tb_bias tag under a local logdir, read incrementally."""

    def __init__(self, logdir: str):
        self._logdir = logdir if logdir and "://" not in logdir and os.path.isdir(logdir) else None
        self._offsets: dict[str, int] = {}  # event file -> bytes read
        self._ours: dict[str, set] = collections.defaultdict(set)  # event file -> tb_bias tags declared in it
        self._writes: dict[tuple[str, str], dict[int, WriteTimes]] = collections.defaultdict(
            lambda: collections.defaultdict(list))
        self._lock = threading.Lock()

    def rewritten(self) -> dict[tuple[str, str], dict[int, WriteTimes]]:
        """``{(run, tag): {step: [wall times]}}`` of the steps written more than once, after reading
        what was appended since the last call."""
        if self._logdir is None:
            return {}
        with self._lock:
            for path in self._event_files():
                self._read(path)
            return {key: {step: list(times) for step, times in steps.items() if len(times) > 1}
                    for key, steps in self._writes.items() if any(len(t) > 1 for t in steps.values())}

    def _event_files(self) -> list[str]:
        assert self._logdir is not None
        found: list[str] = []
        for directory, _, files in os.walk(self._logdir):
            found.extend(os.path.join(directory, f) for f in files if "tfevents" in f)
        return sorted(found)

    def _read(self, path: str) -> None:
        from tensorboard.compat.proto import event_pb2  # the message alone: TensorFlow is not imported

        assert self._logdir is not None
        run = os.path.relpath(os.path.dirname(path), self._logdir)
        run = "." if run == os.curdir else run.replace(os.sep, "/")
        ours = self._ours[path]
        try:
            for data in self._new_records(path):
                event = event_pb2.Event.FromString(data)
                if not event.HasField("summary"):
                    continue
                for value in event.summary.value:
                    if value.metadata.plugin_data.plugin_name == metadata.PLUGIN_NAME:
                        ours.add(value.tag)  # the metadata comes with a tag's first value in each file
                    if value.tag in ours:
                        self._writes[run, value.tag][event.step].append(event.wall_time)
        except Exception as e:  # a corrupt record ends this file's scan, not the listing
            logger.warning("tb_bias: reading %s for rewritten steps stopped (%s)", path, e)

    def _new_records(self, path: str) -> Iterator[bytes]:
        """The TFRecords of an event file after those already read: a record is a little-endian
        uint64 length, its CRC, the data and the data's CRC. A record not yet wholly written is
        left for the next call."""
        offset = self._offsets.get(path, 0)
        size = os.path.getsize(path)
        if size <= offset:
            return
        with open(path, "rb") as handle:
            handle.seek(offset)
            while offset + 12 <= size:
                (length,) = struct.unpack("<Q", handle.read(12)[:8])
                if offset + 12 + length + 4 > size:
                    return
                data = handle.read(length)
                handle.read(4)
                offset += 12 + length + 4
                self._offsets[path] = offset
                yield data


def rewritten_steps(writes: dict[int, WriteTimes], shown_wall_times: dict[int, float]) -> list[dict]:
    """``runs``' ``rewritten_steps`` of one tag: each step written more than once, how many
    times, and which write (1 = the first read) is the one TensorBoard kept and the tab shows.

    Examples
    --------
    >>> rewritten_steps({0: [10.0, 12.5]}, {0: 12.5})
    [{'step': 0, 'writes': 2, 'shown': 2}]
    >>> rewritten_steps({3: [1.0, 2.0, 3.0]}, {})  # a step the provider sampled out
    [{'step': 3, 'writes': 3, 'shown': None}]
    """
    out = []
    for step in sorted(writes):
        times = writes[step]
        shown = shown_wall_times.get(step)
        index = next((i + 1 for i in range(len(times) - 1, -1, -1) if times[i] == shown), None)
        out.append({"step": step, "writes": len(times), "shown": index})
    return out
