"""Iterables of batches that never end: ``steps=`` reads that many batches, and the endless iterables
known as such (itertools.cycle, count, repeat without times) are refused without it, before any work."""

import itertools

import numpy as np
import pytest
import torch
from torch.utils.data import DataLoader, TensorDataset

from plugin_fixtures import read_logdir
from tb_bias_plugin import pytorch as tbp

NAMES = dict(label_names=["man", "woman"], identity_labels=["man", "woman"])


def sigmoid_model():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 2), torch.nn.Sigmoid())


def endless(rows=5):
    while True:
        yield torch.rand(rows, 3)


def test_steps_reads_that_many_batches_of_an_endless_generator(tmp_path):
    counter = tbp.log_association_table(tmp_path, sigmoid_model(), endless(), step=0, steps=3, **NAMES)
    assert counter.num_examples == 15
    tbp.close_writers()
    assert read_logdir(tmp_path)[".", "associations", 0][2].num_examples == 15


def test_steps_reads_that_many_batches_of_a_cycled_loader(tmp_path):
    loader = DataLoader(TensorDataset(torch.rand(10, 3), torch.zeros(10)), batch_size=4)  # 4, 4, 2 rows
    counter = tbp.log_association_table(tmp_path, sigmoid_model(), itertools.cycle(loader), step=0, steps=4,
                                        example_ids="index", **NAMES)
    assert counter.num_examples == 14
    activations = tbp.layer_activations(sigmoid_model(), itertools.cycle(loader), ["1"], steps=4)
    assert activations["1"].shape == (14, 4)
    tbp.close_writers()


def test_steps_beyond_a_finite_loader_reads_it_whole(tmp_path):
    loader = DataLoader(TensorDataset(torch.rand(10, 3)), batch_size=4)
    assert tbp.log_association_table(tmp_path, sigmoid_model(), loader, step=0, steps=9, **NAMES).num_examples == 10
    tbp.close_writers()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("endless_x", [lambda: itertools.cycle([torch.rand(4, 3)]),
                                       lambda: itertools.repeat(torch.rand(4, 3))], ids=["cycle", "repeat"])
def test_known_endless_iterables_without_steps_are_refused_before_work(tmp_path, endless_x):
    message = r"x never ends \(an itertools\.(cycle|repeat)\): pass steps=, the number of batches to read"
    with pytest.raises(ValueError, match=message):
        tbp.log_association_table(tmp_path, sigmoid_model(), endless_x(), step=0, **NAMES)
    with pytest.raises(ValueError, match=message):
        tbp.layer_activations(sigmoid_model(), endless_x(), ["1"])
    assert list(tmp_path.iterdir()) == []


def test_steps_with_rows_or_of_no_count_is_refused(tmp_path):
    with pytest.raises(ValueError, match=r"steps counts the batches of an iterable x \(a DataLoader\); a tensor or "
                                         r"array x is read whole: pass fewer rows to read fewer"):
        tbp.log_association_table(tmp_path, sigmoid_model(), torch.rand(8, 3), step=0, steps=2, **NAMES)
    for bad in (0, 1.5, True):
        with pytest.raises(ValueError, match="steps"):
            tbp.layer_activations(sigmoid_model(), endless(), ["1"], steps=bad)
    assert np.all([p.name != "events" for p in tmp_path.iterdir()]) and list(tmp_path.iterdir()) == []
