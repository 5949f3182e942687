"""An independent, slow reference evaluator for tests: it never touches the C tables or
holdem_eval._classes. ``ref_key`` orders hands (larger is stronger); ``ref_category`` uses
the same 1 (straight flush) .. 9 (high card) numbering as HandCategory."""

from __future__ import annotations

from collections import Counter
from itertools import combinations


def _five_key(cards: tuple[int, ...]) -> tuple[int, ...]:
    ranks = sorted((c // 4 for c in cards), reverse=True)
    suits = {c % 4 for c in cards}
    flush = len(suits) == 1
    uniq = sorted(set(ranks), reverse=True)
    top = -1
    if len(uniq) == 5:
        if uniq[0] - uniq[4] == 4:
            top = uniq[0]
        elif uniq == [12, 3, 2, 1, 0]:
            top = 3
    counts = Counter(ranks)
    # ranks ordered by (count, rank), both descending: the made part first, then kickers
    grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if top >= 0 and flush:
        return (8, top)
    if shape == [4, 1]:
        return (7, *grouped)
    if shape == [3, 2]:
        return (6, *grouped)
    if flush:
        return (5, *ranks)
    if top >= 0:
        return (4, top)
    if shape == [3, 1, 1]:
        return (3, *grouped)
    if shape == [2, 2, 1]:
        return (2, *grouped)
    if shape == [2, 1, 1, 1]:
        return (1, *grouped)
    return (0, *ranks)


def ref_key(cards: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Strength of the best five of 5..7 cards; compare keys, larger is stronger."""
    return max(_five_key(c) for c in combinations(cards, 5))


def ref_category(cards: list[int] | tuple[int, ...]) -> int:
    return 9 - ref_key(cards)[0]


def ref_omaha_key(hole: list[int], board: list[int]) -> tuple[int, ...]:
    return max(_five_key(two + three) for two in combinations(hole, 2) for three in combinations(board, 3))
