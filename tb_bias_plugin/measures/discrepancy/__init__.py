"""DIPDI, the prediction discrepancy measure (see docs/measures/discrepancy.md)."""
from .accumulator import DipdiAccumulator
from .dipdi import DipdiResult, dipdi, pair_discrepancies
from .replicates import bootstrap_dipdi, replicate_summary, wilcoxon_signed_rank
