"""What the benchmark scripts share: timing a call (the scripts run from
this folder, so `import timing` finds it)."""

import statistics
import time


def timed(fn, repeats):
    """``(median seconds, every time)`` of ``repeats`` calls of ``fn``."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), times
