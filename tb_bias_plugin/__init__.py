"""tb-bias: find the biases a model has learned, without ground-truth labels.

The core (`counting`, `metrics`, `table`) is NumPy only. `summary` writes
tables to TensorBoard logdirs; the plugin serves them to the `tb_bias` tab.
"""

from tb_bias_plugin.counting import CooccurrenceCounter
from tb_bias_plugin.metrics import METRICS, association, gap, rank, top_k
from tb_bias_plugin.table import AssociationTable, PrecomputedTable

__version__ = "0.1.0"

__all__ = [
    "AssociationTable",
    "CooccurrenceCounter",
    "METRICS",
    "PrecomputedTable",
    "association",
    "gap",
    "rank",
    "top_k",
]
