"""Every script in benchmarks/ still runs and measures what it says.

Each runs at its tiny ``--smoke`` size in a subprocess, as a user would run
it; the scripts themselves check that what they time gives the expected
kind of answer, and fail (non-zero exit) otherwise. Here only the exit
status and that the figures were printed are checked: never a speed.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(p.name for p in (REPO / "benchmarks").glob("bench_*.py"))

#: what a script starts besides Python, as the markers of pytest.ini name it
MARKS = {
    "bench_beam.py": [pytest.mark.beam],
    "bench_browser.py": [pytest.mark.browser],  # TensorBoard and Chromium
    "bench_load.py": [pytest.mark.browser],  # a tensorboard process
    "bench_representation.py": [pytest.mark.training],  # trains MINE critics
    "bench_steps.py": [pytest.mark.browser],  # two tensorboard processes
}

#: lines each script must print (a figure of each kind it reports)
PRINTED = {
    "bench_backend.py": [r"first table query", r"a new regex \+ 2 range filters each, \d+ queries: p50", r"CSV of the whole table"],
    "bench_beam.py": [r"identical table"],
    "bench_browser.py": [r"^filter2 +until the rows are in the DOM", r"^page +until the rows are in the DOM",
                         r"^Label associations +first render", r"^DIPDI +first render",
                         r"^Sensitivity +first render", r"^Representation +first render"],
    "bench_cli.py": [r"tb-bias log \(scan for attribute values, then count\): [\d.]+ s wall"],
    "bench_counting.py": [r"^\(a\) sparse counting", r"ratio: [\d.]+x", r"^\(b\) token lists", r"^\(c\) dense float32"],
    "bench_examples.py": [r"^\(a\) 2 identities, batches of \d+: without ids", r"ratio: [\d.]+x", r"^\(b\) 8 identities"],
    "bench_discrepancy.py": [r"speed-up vs scipy, paired", r"examples: +[\d.]+ MiB"],
    "bench_load.py": [r"no flags +\d+ requests", r"maximum-size flags +\d+ requests"],
    "bench_representation.py": [r"^\(a\) n=\d+", r"^\(b\) one MINE step .* ratio [\d.]+",
                                r"^\(c\) RepresentationBiasCallback .* ratio [\d.]+",
                                r"^\(d\) \|u\.r\| > 1, n=\d+ d=\d+: [\d.]+ s \([\d.]+ s of CPU"],
    "bench_scale.py": [r"reading the table: [\d.]+ s", r"switching metric, each visited before"],
    "bench_steps.py": [r"^loader: default \(Rust data server\)", r"^loader: --load_fast=false",
                       r"discrepancy_10 +discrepancy_steps", r"sensitivity_10 +sensitivity_steps",
                       r"representation_10 +representation/series", r"association_10 +trend",
                       r"^in process: one new step", r"discrepancy_steps +10 +[\d.]+ +[\d.]+"],
    "bench_sensitivity.py": [r"K = +2: P \(uniform v, reverse\)", r"K = 28: P"],
    "bench_trends.py": [r"first load of all \d+ steps", r"trend route, 10 labels"],
}


def cli_counted_every_row(out):
    """bench_cli times ``tb-bias log`` over the file it wrote: the log must count every row of it."""
    written = re.search(r"GB, (\d+) rows", out)
    counted = re.search(r"wrote '.*?' \(step 0\) to .*: ([\d,]+) examples", out)
    assert written and counted and written.group(1) == counted.group(1).replace(",", ""), out


#: checks of what a script printed, beyond its own (bench_cli and bench_counting keep theirs out of the script)
CHECKS = {"bench_cli.py": cli_counted_every_row}


def browser_problem():
    """Why bench_browser cannot run here (Debian's Chromium missing), or None."""
    sys.path.insert(0, str(REPO / "tests" / "e2e"))
    try:
        from tb_harness import chromium_problem
    finally:
        sys.path.remove(str(REPO / "tests" / "e2e"))
    return chromium_problem()


def run_smoke(script):
    env = dict(os.environ, PYTHONPATH=str(REPO), TF_CPP_MIN_LOG_LEVEL="3")
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / script), "--smoke"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=600)
    if done.returncode:
        pytest.fail("%s --smoke exited with %d; its stderr:\n%s\n-- its stdout (end):\n%s"
                    % (script, done.returncode, done.stderr[-6000:], done.stdout[-2000:]), pytrace=False)
    return done.stdout


@pytest.mark.benchmark
@pytest.mark.parametrize("script", [pytest.param(s, marks=MARKS.get(s, []), id=s[:-3]) for s in SCRIPTS])
def test_smoke_size_runs_and_prints_its_figures(script):
    if script == "bench_browser.py":
        problem = browser_problem()
        if problem:
            # as the browser tests do: CI must run it; elsewhere a reported skip
            if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
                pytest.fail(problem, pytrace=False)
            pytest.skip(problem)
    out = run_smoke(script)
    missing = [pattern for pattern in PRINTED.get(script, []) if not re.search(pattern, out, re.MULTILINE)]
    assert not missing, "%s --smoke did not print %s; it printed:\n%s" % (script, missing, out[-3000:])
    if script in CHECKS:
        CHECKS[script](out)
