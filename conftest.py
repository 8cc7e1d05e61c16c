"""Hooks for every test the project runs: those under tests/ and the doctests of the package.

A conftest.py under tests/ reaches only the items under tests/, so the
package's doctests were neither marked by what they run (a Keras fit, a Beam
pipeline ran in `make check`) nor counted when skipped.
"""

import os
import tempfile

import pytest

# Keep TensorFlow's start-up chatter out of test output.
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")


_E2E = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests", "e2e") + os.sep


def pytest_itemcollected(item):
    """Mark what the quick tier (`make check`) leaves out, where a marker per
    test would be repetition: every browser test, and doctests by what they
    run."""
    if str(item.path).startswith(_E2E):
        item.add_marker(pytest.mark.browser)
    examples = getattr(getattr(item, "dtest", None), "examples", None)
    if examples:
        source = "".join(example.source for example in examples)
        if "beam.Pipeline" in source:
            item.add_marker(pytest.mark.beam)
        if "representation_bias(" in source or ".fit(" in source:
            item.add_marker(pytest.mark.training)


@pytest.fixture(autouse=True)
def _doctest_temporary_directories(request):
    """A docstring's example writes under ``tempfile.mkdtemp()``, as its reader would; under pytest that
    directory is made in the test's own ``tmp_path``, which pytest removes with its others, not left in /tmp."""
    if getattr(request.node, "dtest", None) is not None:
        request.getfixturevalue("monkeypatch").setattr(tempfile, "tempdir", str(request.getfixturevalue("tmp_path")))
    yield


# CI runs every test: there a skip (a missing browser or package) fails the
# run instead of passing for a test that never ran.
_SKIPPED = []


def pytest_runtest_logreport(report):
    if report.skipped and not hasattr(report, "wasxfail"):
        _SKIPPED.append(report.nodeid)


def pytest_collectreport(report):
    if report.skipped:  # a module-level importorskip
        _SKIPPED.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    if _SKIPPED and os.environ.get("CI", "").lower() in ("1", "true", "yes") and session.exitstatus == 0:
        print("\nCI=true: %d test(s) skipped, and a skip is not a pass: %s" % (len(_SKIPPED), ", ".join(_SKIPPED[:10])))
        session.exitstatus = 1
