"""Equity statistics from the kernels' outcome counts, for :func:`holdem_eval.equity`.

Private to ``equity``. ``w[m]`` counts (or weighs) the games whose set of winners is the
bitmask ``m`` (bit p = player p); the winners split the pot equally.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

__all__ = ["Summary", "stderr_max", "summarize"]

F64 = NDArray[np.float64]


class Summary(NamedTuple):
    """Per player: equity, outright wins, split games, pot share won in splits and the
    standard error of the equity (fractions of all games)."""

    equity: F64
    win: F64
    tie: F64
    tie_equity: F64
    stderr: F64


def _shares(n: int) -> tuple[NDArray[np.int64], NDArray[np.int64], F64]:
    """For every winners mask m of n players: who is in it (2**n, n), how many (2**n,),
    and each player's share of the pot (2**n, n)."""
    masks = np.arange(1 << n)
    members = (masks[:, None] >> np.arange(n)[None, :]) & 1  # (2**n, n)
    size = members.sum(axis=1)
    share = np.where(members == 1, 1.0 / np.maximum(size, 1)[:, None], 0.0)
    return members, size, share


def _equity_stderr(w: F64, share: F64, total: float) -> tuple[F64, F64]:
    """Mean pot share of each player over the games, and its standard error."""
    eq = (w[:, None] * share).sum(axis=0) / total
    ex2 = (w[:, None] * share**2).sum(axis=0) / total
    return eq, np.sqrt(np.maximum(ex2 - eq**2, 0.0) / total)


def summarize(w: F64, n: int, exact: bool) -> Summary:
    """The statistics of n players from counts ``w`` whose sum is above 0; the standard
    error is 0.0 when the counts are exact."""
    members, size, share = _shares(n)
    total = float(w.sum())
    eq, se = _equity_stderr(w, share, total)
    solo = (members == 1) & (size[:, None] == 1)
    win = (w[:, None] * solo).sum(axis=0) / total
    split = (members == 1) & (size[:, None] > 1)
    tie = (w[:, None] * split).sum(axis=0) / total
    tie_eq = (w[:, None] * share * split).sum(axis=0) / total
    return Summary(eq, win, tie, tie_eq, np.zeros(n) if exact else se)


def stderr_max(wins: NDArray[np.uint64], n: int) -> float:
    """The largest standard error of the n players' equities so far (inf below 2 games):
    what a Monte Carlo run with a stderr target compares with it."""
    w = wins.astype(np.float64)
    total = float(w.sum())
    if total < 2:
        return math.inf
    _, se = _equity_stderr(w, _shares(n)[2], total)
    return float(se.max())
