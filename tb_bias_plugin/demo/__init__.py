"""Deterministic demo logs: one generator per measure in this folder.

``python -m tb_bias_plugin.demo --logdir demo_logs`` runs every module here
that defines ``write_demo_logs(logdir, *, seed, overwrite)`` and
``summarize(info)``, in name order; each writes its own runs. A module is
found by being here: adding a measure's demo edits nothing else. A module
that takes options of its own lists them in ``DEMO_OPTIONS`` (`DemoOption`):
the command offers each one and passes it on when given.
"""

import argparse
import importlib
import pkgutil
from typing import NamedTuple

from tb_bias_plugin.core.text import counted


def generators():
    """The demo modules, by name."""
    found = []
    for info in pkgutil.iter_modules(__path__, __name__ + "."):
        if info.name.endswith(".__main__"):
            continue
        module = importlib.import_module(info.name)
        if hasattr(module, "write_demo_logs") and hasattr(module, "summarize"):
            found.append(module)
    return found


class DemoOption(NamedTuple):
    """An option of the command that one demo takes: ``--NAME`` (an integer), passed to that demo's
    ``write_demo_logs`` as the keyword ``NAME`` when given."""

    name: str
    default: int
    minimum: int
    help: str


def own_options(modules):
    """The options the demo modules declare (``DEMO_OPTIONS``), by name; two demos that take the same
    name must declare it alike, since one value goes to both."""
    found = {}
    for module in modules:
        for option in getattr(module, "DEMO_OPTIONS", ()):
            if found.setdefault(option.name, option) != option:
                raise ValueError("two demos declare --%s differently: %s and %s"
                                 % (option.name, found[option.name], option))
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tb_bias_plugin.demo",
        description="Write deterministic demo logs for the tb-bias TensorBoard plugin: simulated "
        "models with planted biases, for every measure of the Bias tab.",
    )
    parser.add_argument("--logdir", required=True, help="root log directory, e.g. demo_logs")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default %(default)s)")
    modules = generators()
    options = own_options(modules)
    for option in options.values():
        parser.add_argument("--" + option.name, type=int, default=None,
                            help="%s (default %d)" % (option.help, option.default))
    parser.add_argument(
        "--overwrite",
        action="store_true",
        help="first remove the event files these generators wrote earlier in their run directories",
    )
    args = parser.parse_args(argv)
    if args.seed < 0:
        parser.error("--seed must be >= 0")
    for option in options.values():
        value = getattr(args, option.name)
        if value is not None and value < option.minimum:
            parser.error("--%s must be at least %d" % (option.name, option.minimum))
    for module in modules:
        given = {o.name: getattr(args, o.name) for o in getattr(module, "DEMO_OPTIONS", ())
                 if getattr(args, o.name) is not None}
        info = module.write_demo_logs(args.logdir, seed=args.seed, overwrite=args.overwrite, **given)
        print(
            "tb-bias demo (%s) in %s: %s; %s, %s bytes, %.1f s"
            % (
                module.__name__.rsplit(".", 1)[1],
                args.logdir,
                module.summarize(info),
                counted(len(info["files"]), "event file"),
                format(info["bytes"], ","),
                info["seconds"],
            )
        )
    print("open it with: tensorboard --logdir %s" % args.logdir)
    return 0
