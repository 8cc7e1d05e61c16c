"""Words in messages people read."""


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun`` in the number ``n`` calls for.

    >>> counted(1, "identity", "identities"), counted(3, "event file"), counted(0, "label")
    ('1 identity', '3 event files', '0 labels')
    """
    return "%s %s" % (format(n, ","), noun if n == 1 else (plural or noun + "s"))
