"""A small thread-safe LRU cache, bounded by entries and optionally by size."""

import collections
import threading


class LRU:
    """Least-recently-used mapping of at most ``max_entries`` entries and,
    if given, ``max_bytes`` of declared size (the newest entry always stays).

    Examples
    --------
    >>> cache = LRU(2)
    >>> cache.put("a", 1), cache.put("b", 2), cache.put("c", 3)  # how many were evicted
    (0, 0, 1)
    >>> cache.get("a") is None, cache.get("c")
    (True, 3)
    """

    def __init__(self, max_entries, max_bytes=None):
        self._data = collections.OrderedDict()
        self._max_entries, self._max_bytes = max_entries, max_bytes
        self._bytes = 0
        self._lock = threading.Lock()

    @property
    def nbytes(self):
        """The declared size of what is held."""
        return self._bytes

    @property
    def max_bytes(self):
        return self._max_bytes

    def bound(self, max_bytes):
        """Raise the size bound to ``max_bytes`` (never lowers it)."""
        with self._lock:
            if self._max_bytes is not None and max_bytes > self._max_bytes:
                self._max_bytes = max_bytes

    def __len__(self):
        return len(self._data)

    def get(self, key):
        """The value of ``key``, or None."""
        with self._lock:
            if key not in self._data:
                return None
            self._data.move_to_end(key)
            return self._data[key][0]

    def put(self, key, value, size=0):
        """Store ``value`` under ``key``, evicting the oldest entries over the
        bounds; the number of entries evicted."""
        with self._lock:
            if key in self._data:
                self._bytes -= self._data.pop(key)[1]
            self._data[key] = (value, size)
            self._bytes += size
            evicted = 0
            while len(self._data) > 1 and (
                len(self._data) > self._max_entries
                or (self._max_bytes is not None and self._bytes > self._max_bytes)
            ):
                _, (_, old_size) = self._data.popitem(last=False)
                self._bytes -= old_size
                evicted += 1
            return evicted
