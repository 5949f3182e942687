"""An independent, slow short-deck (6+ Hold'em) reference for tests, written from the
rules, never from the C tables or holdem_eval._short_classes: the deck is 6..A (ids 16..51),
A-6-7-8-9 is the lowest straight, a flush beats a full house, and three of a kind beats a
straight (``trips_beat_straight``, the default "short-deck") or loses to it.
``short_key`` orders hands (larger is stronger); ``short_category`` uses HandCategory's
numbers (1 straight flush .. 9 high card)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

# category -> strength (larger is stronger), per rule set
_STRENGTH_TRIPS = {1: 9, 2: 8, 4: 7, 3: 6, 6: 5, 5: 4, 7: 3, 8: 2, 9: 1}
_STRENGTH_STRAIGHTS = {**_STRENGTH_TRIPS, 5: 5, 6: 4}


def _five(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break ranks) of five short-deck cards."""
    assert all(16 <= c <= 51 for c in cards), cards
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = -1
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [12, 7, 6, 5, 4]:  # A-9-8-7-6: the ace plays low under the six
            top = 7
    counts = Counter(ranks)
    grouped = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    if top >= 0:
        return (1 if flush else 5), (top,)
    if shape == [4, 1]:
        return 2, grouped
    if shape == [3, 2]:
        return 3, grouped
    if flush:
        return 4, tuple(ranks)
    if shape == [3, 1, 1]:
        return 6, grouped
    if shape == [2, 2, 1]:
        return 7, grouped
    if shape == [2, 1, 1, 1]:
        return 8, grouped
    return 9, tuple(ranks)


def short_key(cards: list[int] | tuple[int, ...], trips_beat_straight: bool = True) -> tuple[int, ...]:
    """Strength of the best five of 5..7 short-deck cards; larger is stronger."""
    strength = _STRENGTH_TRIPS if trips_beat_straight else _STRENGTH_STRAIGHTS
    best: tuple[int, ...] = ()
    for five in combinations(cards, 5):
        cat, tie = _five(five)
        key = (strength[cat], *tie)
        best = max(best, key)
    return best


def short_category(cards: list[int] | tuple[int, ...], trips_beat_straight: bool = True) -> int:
    strength = _STRENGTH_TRIPS if trips_beat_straight else _STRENGTH_STRAIGHTS
    s = short_key(cards, trips_beat_straight)[0]
    return next(c for c, v in strength.items() if v == s)
