"""How to install an optional part of tb-bias: one wording for every message that names one.

tb-bias installs from a clone (README, "Install"), so an extra is installed
with ``pip install ".[extra]"`` there; ``tb-bias-plugin[extra]`` names no
package an index has.
"""


#: What to do before installing an extra, where the README says so.
_FIRST = {
    extra: "install the CPU build of PyTorch first, pip install torch --index-url "
           "https://download.pytorch.org/whl/cpu (a plain pip install torch brings the GPU libraries, several GB)"
    for extra in ("torch", "lightning")
}


def install_hint(extra: str) -> str:
    """The command that installs `extra`, for an error message, with what to do first where there is something.

    Examples
    --------
    >>> install_hint("beam")
    'pip install ".[beam]" in a clone of tb-bias'
    """
    command = 'pip install ".[%s]" in a clone of tb-bias' % extra
    return command + "; " + _FIRST[extra] if extra in _FIRST else command
