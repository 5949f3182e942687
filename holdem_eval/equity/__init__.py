"""Equity: each player's share of the pot over the boards still to come, exact or Monte Carlo.

:mod:`.compute` holds :func:`equity` (arguments checked, exact enumeration or Monte Carlo
chosen, the C kernels called in chunks); :mod:`.hilo` the same for hi-lo games;
:mod:`.players` turns hands, ranges and ``"random"`` into the kernels' rows;
:mod:`.threads` spreads kernel calls over threads; :mod:`.stats` turns outcome counts
into equities and standard errors; :mod:`.result` holds :class:`EquityResult` and the one
translation of kernel statuses into errors. It may import the evaluator's modules
(cards, ranges, categories, variants, bindings); the engine, the grids, matrices and the
CLI build on it.
"""

from __future__ import annotations

from .compute import EquityArgumentError, NoValidDealError, PlayerLike, equity
from .result import EquityResult, HiLoShares

__all__ = ["EquityArgumentError", "EquityResult", "HiLoShares", "NoValidDealError", "PlayerLike", "equity"]
