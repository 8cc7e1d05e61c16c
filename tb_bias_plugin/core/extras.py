"""How to install an optional part of tb-bias: one wording for every message that names one.

tb-bias installs from a clone (README, "Install"), so an extra is installed
with ``pip install ".[extra]"`` there; ``tb-bias-plugin[extra]`` names no
package an index has.
"""


def install_hint(extra: str) -> str:
    """The command that installs `extra`, for an error message.

    Examples
    --------
    >>> install_hint("beam")
    'pip install ".[beam]" in a clone of tb-bias'
    """
    return 'pip install ".[%s]" in a clone of tb-bias' % extra
