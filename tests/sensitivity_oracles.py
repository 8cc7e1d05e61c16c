"""Known answers of prediction sensitivity (docs/measures/sensitivity.md), shared by the Keras tests
(tests/measures/sensitivity/test_sensitivity_gradients.py) and the PyTorch
tests (tests/torch/test_torch_sensitivity.py): one set of weights and
expected values, so both frameworks are held to the same numbers."""

import numpy as np

from tb_bias_plugin.measures.sensitivity import VChoice

# Tabular: f = [1 - σ(z), σ(z)], z = a·x + b, at one x.
A_TAB = np.array([1.0, -2.0, 0.5])
B_TAB = -0.25
X_TAB = np.array([[0.5, 0.25, 1.0]])
#: P (and per-class P, s) of the tabular model at X_TAB
TABULAR_MASK_2 = 0.123067  # v = mask on feature 2, P and each class's
TABULAR_MASK_12 = 0.307668  # v = mask on features 1 and 2
TABULAR_UNIFORM = 0.287156
TABULAR_UNIFORM_S = [0.246134, 0.492268, 0.123067]

# Text: tokens are ids 0, 1, 2 whose embeddings are the rows of E; f reads
# tanh(E) mean-pooled through W, the PSM g reads E mean-pooled through A.
E = np.array([[0.5, -1.0], [2.0, 0.3], [-0.4, 0.8]])
W = np.array([[1.0, -1.0], [0.5, 2.0], [-1.5, 0.5]])
A = np.array([[2.0, 0.0], [-2.0, 0.0]])
TEXT_IDS = np.array([[0, 1, 2]])
TEXT_TOKENS = [["He", "ran", "far"]]
TEXT_F = [0.403176, 0.411070, 0.185754]
#: P of f at TEXT_IDS, per v choice (the PSM choices with g as psm_model)
TEXT_P = {
    "uniform": 0.06448031,
    VChoice.word_list({"he"}): 0.05825140,
    VChoice.word_list_emb({"he"}): 0.05786494,
    "psm": 0.04312855,
    "psm_emb": 0.02283960,
}
#: per-token sensitivity of f under the uniform v
TEXT_TOKEN_SENSITIVITY = [0.116503, 0.129742, 0.140637]
