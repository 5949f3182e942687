"""The low half of hi-lo games: the A-5 eight-or-better low (csrc/eval_low.c).

A low is five cards of distinct ranks, each 8 or lower, the ace low; straights and
flushes do not count. Low ranks run from ``LOW_BEST`` (1, 5-4-3-2-A) to ``LOW_WORST``
(56, 8-7-6-5-4), lower is better; ``LOW_NONE`` (0) means no qualifying low.

>>> describe_low(1)
'5-4-3-2-A'
>>> describe_low(56)
'8-7-6-5-4'
>>> describe_low(0)
'no low'
"""

from __future__ import annotations

from itertools import combinations

from .errors import InvalidRankError

__all__ = ["LOW_BEST", "LOW_NONE", "LOW_WORST", "describe_low", "low_cards"]

LOW_NONE = 0
LOW_BEST = 1
LOW_WORST = 56

# The 56 lows in order, best first: five of the eight low ranks (1 = A .. 8), compared
# from the highest card down.
_LOWS: tuple[tuple[int, ...], ...] = tuple(sorted(
    tuple(sorted(c, reverse=True)) for c in combinations(range(1, 9), 5)
))
_NAMES = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8"}


def _check(low: object) -> int:
    if isinstance(low, bool) or not isinstance(low, int) or not LOW_NONE <= low <= LOW_WORST:
        raise InvalidRankError(f"a low rank must be an int 0..{LOW_WORST}, got {low!r}")
    return low


def low_cards(low: int) -> tuple[int, ...]:
    """The five ranks of low ``low`` (1 = ace .. 8), highest first; ``()`` for no low.

    >>> low_cards(2)
    (6, 4, 3, 2, 1)
    """
    low = _check(low)
    return _LOWS[low - 1] if low else ()


def describe_low(low: int) -> str:
    """``'8-6-4-2-A'`` for low rank ``low``, ``'no low'`` for 0."""
    cards = low_cards(low)
    return "-".join(_NAMES[c] for c in cards) if cards else "no low"
