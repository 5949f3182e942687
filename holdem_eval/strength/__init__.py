"""Hand strength over numpy batches of (hole cards, board) rows (issue 42): expected hand
strength (EHS), its square over river boards (EHS2), Billings et al.'s positive and negative
potential, and histograms of river strength, against a random hand or a weighted range.
The kernels are csrc/strength.c; this package checks the rows (``_rows``), chooses exact
enumeration or Monte Carlo and runs the chunks (``_compute``) and holds the result type
(``result``). It imports the evaluator, the ranges and the bindings; nothing in the package
imports it but ``holdem_eval`` and the CLI.

    >>> r = hand_strength(["AsAc", "7h2c"], "KsKcKd2s")
    >>> [round(float(x), 4) for x in r.values], r.exact
    ([0.955, 0.716], True)
"""

from __future__ import annotations

from ..errors import StrengthArgumentError
from ._compute import DEFAULT_TRIALS, KINDS, MAX_BINS, MAX_TRIALS, METHODS, PLAYS, hand_strength
from .result import StrengthResult

__all__ = [
    "DEFAULT_TRIALS", "KINDS", "MAX_BINS", "MAX_TRIALS", "METHODS", "PLAYS", "StrengthArgumentError",
    "StrengthResult", "hand_strength",
]
