"""Which paths name a filesystem other than the local one."""

from __future__ import annotations

import re

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def is_remote(path: str) -> bool:
    """Whether ``path`` is a URL of a filesystem (``gs://``, ``s3://``, ``hdfs://``), not a local path.

    Examples
    --------
    >>> is_remote("gs://bucket/logs"), is_remote("logs/run://odd")
    (True, False)
    """
    return bool(_SCHEME.match(path))
