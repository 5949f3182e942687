"""The 1,404 five-card hand classes of short deck (6+ Hold'em), strongest first.

Pure Python with no native code, so both the table generator
(``scripts/gen_short_tables.py``) and the runtime (``describe``, ``hand_category``) share
one definition of the scale, as ``_classes`` does for the full deck.

The deck is 6..A (card ranks 4..12); A-6-7-8-9 is the lowest straight (its top card is the
nine, rank 7); a flush beats a full house. Three of a kind and a straight are ordered by
the rule set: ``trips_beat_straight`` (the default variant ``"short-deck"``: PokerStars 6+
Hold'em, GGPoker, Triton) or not (``"short-deck-straights-beat-trips"``: PokerKit's
``ShortDeckHoldemHand``). Each class is ``(category, ranks)`` with the category ids of
:class:`holdem_eval.HandCategory` (1 = straight flush .. 9 = high card); only the order of
the categories differs from the full deck.

Rank scale (1 = best .. 1404), default rules::

  1 ..    6  straight flush   (A-high .. 9-high, A-6-7-8-9)
  7 ..   78  four of a kind   (9 x 8)
 79 ..  198  flush            (C(9, 5) - 6)
199 ..  270  full house       (9 x 8)
271 ..  522  three of a kind  (9 x C(8, 2))
523 ..  528  straight         (6)
529 ..  780  two pair         (C(9, 2) x 7)
781 .. 1284  one pair         (9 x C(8, 3))
1285 .. 1404 high card        (C(9, 5) - 6)

With straights beating trips, straights are 271-276 and three of a kind 277-528.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

__all__ = [
    "SHORT_LOWEST_RANK",
    "SHORT_WORST_RANK",
    "short_bounds",
    "short_hand_classes",
    "short_straight_top",
]

HandClass = tuple[int, tuple[int, ...]]

SHORT_LOWEST_RANK = 4  # the six: card ids 16..51
SHORT_WORST_RANK = 1404
_RANKS_DESC = tuple(range(12, SHORT_LOWEST_RANK - 1, -1))  # A .. 6
_WHEEL = (4, 5, 6, 7, 12)  # A-6-7-8-9: the ace plays low, the nine is on top


def short_straight_top(distinct_ranks: tuple[int, ...]) -> int:
    """Top rank of the straight made by five distinct short-deck ranks, or -1."""
    s = tuple(sorted(distinct_ranks))
    if len(s) != 5:
        return -1
    if s == _WHEEL:
        return 7
    return s[4] if s[4] - s[0] == 4 else -1


@lru_cache(maxsize=2)
def short_hand_classes(trips_beat_straight: bool = True) -> tuple[HandClass, ...]:
    """All 1,404 classes, strongest first: index + 1 is the short-deck rank."""
    straights = [(r,) for r in range(12, 6, -1)]  # ace-high .. nine-high
    fives = [c for c in combinations(_RANKS_DESC, 5) if short_straight_top(c) < 0]
    others = [r for r in _RANKS_DESC]
    trips: list[HandClass] = [(6, (t, *ks)) for t in _RANKS_DESC
                              for ks in combinations([r for r in others if r != t], 2)]
    straight: list[HandClass] = [(5, s) for s in straights]
    classes: list[HandClass] = []
    classes += [(1, s) for s in straights]
    classes += [(2, (q, k)) for q in _RANKS_DESC for k in _RANKS_DESC if k != q]
    classes += [(4, f) for f in fives]
    classes += [(3, (t, p)) for t in _RANKS_DESC for p in _RANKS_DESC if p != t]
    classes += trips + straight if trips_beat_straight else straight + trips
    classes += [
        (7, (hi, lo, k))
        for hi, lo in combinations(_RANKS_DESC, 2)
        for k in _RANKS_DESC
        if k not in (hi, lo)
    ]
    classes += [(8, (p, *ks)) for p in _RANKS_DESC
                for ks in combinations([r for r in others if r != p], 3)]
    classes += [(9, f) for f in fives]
    assert len(classes) == SHORT_WORST_RANK
    return tuple(classes)


@lru_cache(maxsize=2)
def short_bounds(trips_beat_straight: bool = True) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(first, last)``: ``first[c] .. last[c]`` is the rank interval of category c
    (index 0 unused)."""
    first = [0] * 10
    last = [0] * 10
    for i, (cat, _) in enumerate(short_hand_classes(trips_beat_straight), start=1):
        if first[cat] == 0:
            first[cat] = i
        last[cat] = i
    return tuple(first), tuple(last)
