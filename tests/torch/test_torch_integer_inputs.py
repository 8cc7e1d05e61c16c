"""Integer x is passed to the model as it is (token ids), never cast: a float model given integer
tabular rows is told to take x.float(), as a ValueError, before anything is written."""

import pytest
import torch

from tb_bias_plugin import pytorch as tbp

MESSAGE = (r"x holds integers \(torch\.int64\), which the helpers pass to the model as they are \(token ids\), "
           r"never cast; the model wants floating inputs: for tabular data pass floats \(x\.float\(\) of a tensor, "
           r"x\.astype\(np\.float32\) of a NumPy array\)")


def model(output):
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(3, 2), output)


def integer_rows():
    return torch.randint(0, 3, (8, 3))


def test_association_table_of_integer_rows(tmp_path):
    with pytest.raises(ValueError, match=MESSAGE):
        tbp.log_association_table(tmp_path, model(torch.nn.Sigmoid()), integer_rows(), step=0,
                                  label_names=["man", "woman"], identity_labels=["man", "woman"])
    assert list(tmp_path.iterdir()) == []


def test_prediction_sensitivity_of_integer_rows(tmp_path):
    with pytest.raises(ValueError, match=MESSAGE):
        tbp.log_prediction_sensitivity(tmp_path, model(torch.nn.Softmax(dim=1)), integer_rows(), step=0,
                                       v="mask", protected=[0])
    assert list(tmp_path.iterdir()) == []


def test_integer_rows_given_as_a_numpy_array_are_told_the_numpy_cast(tmp_path):
    # a NumPy array has no .float(): the message names the cast of each kind
    with pytest.raises(ValueError, match=MESSAGE):
        tbp.log_association_table(tmp_path, model(torch.nn.Sigmoid()), integer_rows().numpy(), step=0,
                                  label_names=["man", "woman"], identity_labels=["man", "woman"])
    assert list(tmp_path.iterdir()) == []


def test_layer_activations_of_integer_rows():
    with pytest.raises(ValueError, match=MESSAGE):
        tbp.layer_activations(model(torch.nn.Tanh()), integer_rows(), ["1"])


def test_token_ids_still_reach_an_embedding_uncast(tmp_path):
    net = torch.nn.Sequential(torch.nn.Embedding(5, 4), torch.nn.Flatten(), torch.nn.Linear(12, 2),
                              torch.nn.Sigmoid())
    counter = tbp.log_association_table(tmp_path, net, integer_rows(), step=0, label_names=["man", "woman"],
                                        identity_labels=["man", "woman"])
    tbp.close_writers()
    assert counter.num_examples == 8
