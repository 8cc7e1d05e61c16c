"""Giving freed memory back to the operating system.

Each request runs on its own thread, and glibc's malloc gives threads their
own arenas and keeps freed blocks of them for reuse; after cached values are
evicted, the server's resident memory would stay at its high-water mark.
`release` asks malloc to return free pages (``malloc_trim``), at most once
per `INTERVAL` seconds; where there is no glibc it does nothing.

`freeze` keeps long-lived decoded values out of the cycle collector's walks
(``gc.freeze``) without keeping cyclic garbage forever: whatever is frozen
is never collected, so it first reclaims, at most once per
`COLLECT_INTERVAL` seconds, what earlier freezes caught that has died since
(the objects of requests then in flight).
"""

import ctypes
import ctypes.util
import gc
import threading
import time

INTERVAL = 2.0
COLLECT_INTERVAL = 60.0

_lock = threading.Lock()
_last = [0.0]
_last_collect = [float("-inf")]


def _malloc_trim():
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim


_TRIM = _malloc_trim()


def release(now=time.monotonic):
    """Return free heap pages to the system; True if it did so now."""
    if _TRIM is None:
        return False
    with _lock:
        t = now()
        if t - _last[0] < INTERVAL:
            return False
        _last[0] = t
    _TRIM(0)
    return True


def freeze(now=time.monotonic):
    """``gc.freeze`` what is alive, after unfreezing and collecting first if the
    last collection here was `COLLECT_INTERVAL` seconds ago; True if it collected."""
    with _lock:
        t = now()
        collect = t - _last_collect[0] >= COLLECT_INTERVAL
        if collect:
            _last_collect[0] = t
    if collect:
        gc.unfreeze()
        gc.collect()
    gc.freeze()
    return collect
