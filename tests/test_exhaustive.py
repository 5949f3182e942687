"""Every 5-, 6- and 7-card hand: standard category counts and distinct rank counts."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

import holdem_eval as he

# Category counts, STRAIGHT_FLUSH .. HIGH_CARD (royal flushes counted as straight flushes).
COUNTS = {
    5: [40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540],
    6: [1844, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900],
    7: [41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460],
}
DISTINCT = {5: 7462, 6: 6075, 7: 4824}


def _combos(n: int, k: int) -> np.ndarray:
    return np.array(list(combinations(range(n), k)), dtype=np.uint8)


def _all_hands(k: int):
    """Every k-card hand as uint8 batches: the two (k=6: one) lowest cards, then all
    5-card sets above them, so no batch is larger than C(50, 5) rows."""
    five = _combos(52, 5)
    # five is in lexicographic order: rows whose lowest card exceeds b form a suffix
    first = np.searchsorted(five[:, 0], np.arange(53))
    if k == 5:
        yield five
        return
    lows = combinations(range(52), k - 5)
    for low in lows:
        rest = five[first[low[-1] + 1] :]
        if not len(rest):
            continue
        batch = np.empty((len(rest), k), dtype=np.uint8)
        batch[:, : k - 5] = low
        batch[:, k - 5 :] = rest
        yield batch


@pytest.mark.slow
@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_hand(k: int) -> None:
    per_rank = np.zeros(7463, dtype=np.int64)
    total = 0
    out = np.empty(len(_combos(52, 5)), dtype=np.uint16)
    for batch in _all_hands(k):
        ranks = he.evaluate_batch(batch, out=out[: len(batch)], threads=2)
        per_rank += np.bincount(ranks, minlength=7463)
        total += len(batch)
    assert total == comb(52, k)
    assert per_rank[0] == 0
    assert np.count_nonzero(per_rank) == DISTINCT[k]
    cats = he.hand_categories(np.arange(1, 7463))
    counts = [int(per_rank[1:][cats == c].sum()) for c in range(1, 10)]
    assert counts == COUNTS[k]
