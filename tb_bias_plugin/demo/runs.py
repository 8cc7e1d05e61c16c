"""Run directories of the demo generators: refuse to mix with foreign files."""

import glob
import os


def event_files(directory):
    return sorted(glob.glob(os.path.join(glob.escape(directory), "*tfevents*")))


def prepare_run_dirs(logdir, runs, suffix, overwrite):
    """Check (and with ``overwrite`` list for removal) the run directories
    before anything is written; raises SystemExit with a message otherwise.

    Returns the event files to remove: those a generator wrote, which end
    with ``suffix``.
    """
    to_remove = []
    for run in runs:
        directory = os.path.join(logdir, run)
        existing = event_files(directory)
        if not existing:
            continue
        if not overwrite:
            raise SystemExit(
                "%s already holds event files (%s); pass --overwrite to replace the ones "
                "this generator wrote, or choose another --logdir"
                % (directory, ", ".join(os.path.basename(p) for p in existing))
            )
        foreign = [p for p in existing if not p.endswith(suffix)]
        if foreign:
            raise SystemExit(
                "%s holds event files this generator did not write (%s); --overwrite only "
                "removes its own (*%s): move them away or choose another --logdir"
                % (directory, ", ".join(os.path.basename(p) for p in foreign), suffix)
            )
        to_remove += existing
    return to_remove
