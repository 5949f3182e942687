"""A slow, independent reference for hand strength (tests/test_strength.py's oracle).

Every board completion and every opponent combo is listed and ranked one by one with
``evaluate_batch`` (checked against exhaustive oracles elsewhere); nothing is grouped by
ranks, no flush is special. Definitions are the ones docs/strength.md states: boards weigh
W(b), the weight of the combos they leave; HS(b) = (ahead + tied / 2) / W(b); Billings et
al.'s HP[now][river] table for the potentials.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from holdem_eval import evaluate_batch


def combo_id(a: int, b: int) -> int:
    hi, lo = max(a, b), min(a, b)
    return hi * (hi - 1) // 2 + lo


@dataclass
class Reference:
    ehs: float
    ehs2: float
    hist: NDArray[np.float64]
    hp: NDArray[np.float64]  # HP[now][river], 0 ahead, 1 tied, 2 behind (weights)
    boards: int

    @property
    def ppot(self) -> float:
        t = self.hp.sum(axis=1)
        d = t[2] + t[1] / 2
        return float((self.hp[2, 0] + self.hp[2, 1] / 2 + self.hp[1, 0] / 2) / d) if d else 0.0

    @property
    def npot(self) -> float:
        t = self.hp.sum(axis=1)
        d = t[0] + t[1] / 2
        return float((self.hp[0, 2] + self.hp[1, 2] / 2 + self.hp[0, 1] / 2) / d) if d else 0.0


def _status(opp: NDArray[np.int64], hero: int) -> NDArray[np.int64]:
    return np.where(opp > hero, 0, np.where(opp == hero, 1, 2))


def reference(hole: list[int], board: list[int], weights: NDArray[np.float64] | None = None,
              bins: int = 10, variant: str = "holdem") -> Reference:
    """Exact strength of one row against one opponent (weights by combo id; None: random),
    in Hold'em or a short deck (cards 16..51, ranked by evaluate_batch's variant)."""
    low = 0 if variant == "holdem" else 16
    deck = [c for c in range(low, 52) if c not in hole and c not in board]
    pairs = [(a, b) for a, b in combinations(deck, 2)]
    w_all = np.array([1.0 if weights is None else weights[combo_id(a, b)] for a, b in pairs])
    pairs_a = np.array(pairs, dtype=np.int64)
    now = np.zeros(len(pairs), dtype=np.int64)
    if len(board) in (3, 4):
        hero_now = int(evaluate_batch([hole + board], variant=variant)[0])
        opp_now = evaluate_batch(np.hstack([pairs_a, np.tile(board, (len(pairs), 1))]), variant=variant)
        now = _status(opp_now.astype(np.int64), hero_now)
    hp = np.zeros((3, 3))
    hist = np.zeros(bins)
    sw = se = se2 = 0.0
    nboards = 0
    for extra in combinations(deck, 5 - len(board)):
        full = board + list(extra)
        keep = ~np.isin(pairs_a, extra).any(axis=1) & (w_all > 0)
        if not keep.any():
            continue
        nboards += 1
        hero = int(evaluate_batch([hole + full], variant=variant)[0])
        opp = evaluate_batch(np.hstack([pairs_a[keep], np.tile(full, (int(keep.sum()), 1))]),
                             variant=variant)
        st = _status(opp.astype(np.int64), hero)
        w = w_all[keep]
        np.add.at(hp, (now[keep], st), w)
        wb = float(w.sum())
        hs = float((w[st == 0].sum() + w[st == 1].sum() / 2) / wb)
        sw += wb
        se += wb * hs
        se2 += wb * hs * hs
        hist[min(int(hs * bins), bins - 1)] += wb
    return Reference(se / sw, se2 / sw, hist / sw, hp, nboards)
