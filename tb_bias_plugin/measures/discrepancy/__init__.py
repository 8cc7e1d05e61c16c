"""DIPDI, the prediction discrepancy measure (see docs/measures/discrepancy.md)."""
from .accumulator import DipdiAccumulator
from .dipdi import DipdiResult, dipdi, pair_discrepancies
