"""examples/pytorch_all_measures.py at a tiny size: all four measures land in the SummaryWriter's run."""

import importlib.util
import os

import pytest
from test_torch_helpers import scalars

from plugin_fixtures import read_logdir

EXAMPLE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                       "examples", "pytorch_all_measures.py")


@pytest.mark.training  # the representation estimate trains a critic
def test_the_pytorch_example_logs_every_measure_beside_its_scalars(tmp_path):
    spec = importlib.util.spec_from_file_location("pytorch_all_measures", EXAMPLE)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    example.main(["--logdir", str(tmp_path), "--n", "200", "--epochs", "2", "--every", "2",
                  "--estimator-steps", "100"])
    records = read_logdir(tmp_path)
    found = {(run, tag, step, info["measure"]) for (run, tag, step), (info, _, _) in records.items()}
    assert found == {
        (".", "associations", 1, "association"),
        (".", "sensitivity", 1, "sensitivity"),
        (".", "gender", 1, "representation"),
        (".", "gender-aware vs blind", 1, "discrepancy"),
    }
    assert scalars(tmp_path) == {"loss": [0, 1], "accuracy": [0, 1]}
