"""The 7,462 five-card hand classes in Cactus Kev order (rank 1 = royal flush).

Pure Python with no native code, so both the table generator (``scripts/gen_tables.py``)
and the runtime (``describe``, category bounds) share one definition of the scale.
Each class is ``(category, ranks)``: ``ranks`` lists the deciding ranks (0 = deuce ..
12 = ace), highest-order first, e.g. full house ``(TRIPS_RANK, PAIR_RANK)``, straight
``(TOP_RANK,)`` with the wheel's top card being the five (rank 3).
"""

from __future__ import annotations

from itertools import combinations

__all__ = [
    "CATEGORY_NAMES",
    "FIRST_RANK",
    "LAST_RANK",
    "HandClass",
    "hand_classes",
    "is_straight",
    "straight_top",
]

HandClass = tuple[int, tuple[int, ...]]

# Category ids match holdem_eval.HandCategory: 1 = straight flush ... 9 = high card.
CATEGORY_NAMES = (
    "",
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Flush",
    "Straight",
    "Three of a Kind",
    "Two Pair",
    "One Pair",
    "High Card",
)

_RANKS_DESC = tuple(range(12, -1, -1))


def straight_top(distinct_ranks: tuple[int, ...]) -> int:
    """Top rank of the straight made by five distinct ranks, or -1 if they make none."""
    s = sorted(distinct_ranks)
    if len(s) != 5:
        return -1
    if s == [0, 1, 2, 3, 12]:  # the wheel: the ace plays low, the five is on top
        return 3
    if s[4] - s[0] == 4:
        return s[4]
    return -1


def is_straight(distinct_ranks: tuple[int, ...]) -> bool:
    return straight_top(distinct_ranks) >= 0


def _distinct_fives() -> list[tuple[int, ...]]:
    """Every set of five distinct ranks that is not a straight, strongest first."""
    out: list[tuple[int, ...]] = [c for c in combinations(_RANKS_DESC, 5) if not is_straight(c)]
    return out  # combinations of a descending sequence come out in descending lex order


def hand_classes() -> list[HandClass]:
    """All 7,462 classes, strongest first: list index + 1 is the Cactus Kev rank."""
    straights = [(r,) for r in range(12, 2, -1)]  # ace-high .. five-high (the wheel)
    fives = _distinct_fives()
    classes: list[HandClass] = []
    classes += [(1, s) for s in straights]
    classes += [(2, (q, k)) for q in _RANKS_DESC for k in _RANKS_DESC if k != q]
    classes += [(3, (t, p)) for t in _RANKS_DESC for p in _RANKS_DESC if p != t]
    classes += [(4, f) for f in fives]
    classes += [(5, s) for s in straights]
    classes += [
        (6, (t, *ks)) for t in _RANKS_DESC for ks in combinations([r for r in _RANKS_DESC if r != t], 2)
    ]
    classes += [
        (7, (hi, lo, k))
        for hi, lo in combinations(_RANKS_DESC, 2)
        for k in _RANKS_DESC
        if k not in (hi, lo)
    ]
    classes += [
        (8, (p, *ks)) for p in _RANKS_DESC for ks in combinations([r for r in _RANKS_DESC if r != p], 3)
    ]
    classes += [(9, f) for f in fives]
    return classes


def _bounds() -> tuple[tuple[int, ...], tuple[int, ...]]:
    first = [0] * 10
    last = [0] * 10
    for i, (cat, _) in enumerate(hand_classes(), start=1):
        if first[cat] == 0:
            first[cat] = i
        last[cat] = i
    return tuple(first), tuple(last)


# FIRST_RANK[c] .. LAST_RANK[c] is the rank interval of category c (index 0 unused).
FIRST_RANK, LAST_RANK = _bounds()
