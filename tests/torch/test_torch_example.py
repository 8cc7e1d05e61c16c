"""examples/pytorch_all_measures.py at a tiny size: all four measures land in the SummaryWriter's run."""

import importlib.util
import os

import pytest
from plugin_fixtures import read_logdir
from test_torch_helpers import scalars

EXAMPLE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                       "examples", "pytorch_all_measures.py")


@pytest.mark.training  # the representation estimate trains a critic
def test_the_pytorch_example_logs_every_measure_beside_its_scalars(tmp_path):
    spec = importlib.util.spec_from_file_location("pytorch_all_measures", EXAMPLE)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    example.main(["--logdir", str(tmp_path), "--n", "300", "--epochs", "4", "--every", "2",
                  "--estimator-steps", "200"])
    records = read_logdir(tmp_path)
    found = {(run, tag, step, info["measure"]) for (run, tag, step), (info, _, _) in records.items()}
    assert found == {
        (".", "associations", 1, "association"), (".", "associations", 3, "association"),
        (".", "sensitivity", 1, "sensitivity"), (".", "sensitivity", 3, "sensitivity"),
        (".", "gender", 1, "representation"), (".", "gender", 3, "representation"),
        (".", "gender-aware vs blind", 3, "discrepancy"),
    }
    assert scalars(tmp_path) == {"loss": [0, 1, 2, 3], "accuracy": [0, 1, 2, 3]}
