"""Deterministic demo logs: one generator per measure in this folder.

``python -m tb_bias_plugin.demo --logdir demo_logs`` runs every module here
that defines ``write_demo_logs(logdir, *, seed, overwrite)`` and
``summarize(info)``, in name order; each writes its own runs. A module is
found by being here: adding a measure's demo edits nothing else.
"""

import argparse
import importlib
import pkgutil

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


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tb_bias_plugin.demo",
        description="Write deterministic demo logs for the tb-bias TensorBoard plugin: simulated "
        "models with planted biases, for every measure of the Bias tab.",
    )
    parser.add_argument("--logdir", required=True, help="root log directory, e.g. demo_logs")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default %(default)s)")
    parser.add_argument(
        "--examples",
        type=int,
        default=None,
        help="number of simulated images of the label-association demo (default 40000)",
    )
    parser.add_argument(
        "--overwrite",
        action="store_true",
        help="first remove the event files these generators wrote earlier in their run directories",
    )
    args = parser.parse_args(argv)
    if args.seed < 0:
        parser.error("--seed must be >= 0")
    if args.examples is not None and args.examples < 100:
        parser.error("--examples must be at least 100")
    for module in generators():
        options = {"seed": args.seed, "overwrite": args.overwrite}
        if args.examples is not None and "examples" in module.write_demo_logs.__code__.co_varnames:
            options["examples"] = args.examples
        info = module.write_demo_logs(args.logdir, **options)
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
