"""Hand categories and plain-English descriptions of ranks and hands."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from functools import lru_cache
from itertools import combinations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import _bindings
from ._classes import CATEGORY_NAMES, LAST_RANK, HandClass, hand_classes
from .cards import CardsLike, parse_cards
from .errors import DTypeError, InvalidRankError, ShapeError
from .evaluator import evaluate, omaha_cards
from .variants import WORST_RANK

__all__ = ["HandCategory", "best_five", "best_five_omaha", "describe", "hand_categories", "hand_category"]


class HandCategory(IntEnum):
    """The nine categories, strongest first (same order as the rank scale)."""

    STRAIGHT_FLUSH = 1
    FOUR_OF_A_KIND = 2
    FULL_HOUSE = 3
    FLUSH = 4
    STRAIGHT = 5
    THREE_OF_A_KIND = 6
    TWO_PAIR = 7
    ONE_PAIR = 8
    HIGH_CARD = 9

    @property
    def label(self) -> str:
        """Display name, e.g. ``'Full House'``."""
        return CATEGORY_NAMES[self.value]


_LAST = np.array(LAST_RANK[1:], dtype=np.int64)  # last rank of categories 1..9


def _check_rank(rank: object) -> int:
    if isinstance(rank, bool) or not isinstance(rank, (int, np.integer)):
        raise DTypeError(f"a hand rank must be an integer 1..{WORST_RANK}, got {rank!r}")
    if not 1 <= int(rank) <= WORST_RANK:
        raise InvalidRankError(f"hand rank {int(rank)!r} is outside 1..{WORST_RANK}")
    return int(rank)


def hand_category(rank: int) -> HandCategory:
    """Category of a rank: ``hand_category(1) is HandCategory.STRAIGHT_FLUSH``."""
    r = _check_rank(rank)
    return HandCategory(int(np.searchsorted(_LAST, r)) + 1)


def hand_categories(ranks: ArrayLike) -> NDArray[np.uint8]:
    """Vectorised ``hand_category``: a uint8 array of category values (1..9), same shape.

    >>> hand_categories([1, 166, 7462]).tolist()
    [1, 2, 9]
    """
    arr = np.asarray(ranks)
    if arr.dtype.kind not in "iu":
        raise DTypeError(f"ranks must be integers 1..{WORST_RANK}, got dtype {arr.dtype}")
    if arr.size and (arr.min() < 1 or arr.max() > WORST_RANK):
        bad = np.flatnonzero((arr < 1) | (arr > WORST_RANK))[0]
        raise InvalidRankError(
            f"rank {int(arr.ravel()[bad])!r} at index {int(bad)} is outside 1..{WORST_RANK}"
        )
    return (np.searchsorted(_LAST, arr) + 1).astype(np.uint8)


@lru_cache(maxsize=1)
def _classes() -> list[HandClass]:
    return hand_classes()


_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
          "Jack", "Queen", "King", "Ace")


def _plural(r: int) -> str:
    return "Sixes" if r == 4 else _NAMES[r] + "s"


def _kickers(ranks: tuple[int, ...]) -> str:
    return "-".join(_NAMES[r] for r in ranks)


def _describe_rank(rank: int) -> str:
    cat, r = _classes()[rank - 1]
    if cat == 1:
        return "Royal Flush" if r[0] == 12 else f"Straight Flush, {_NAMES[r[0]]} high"
    if cat == 2:
        return f"Four of a Kind, {_plural(r[0])}, {_NAMES[r[1]]} kicker"
    if cat == 3:
        return f"Full House, {_plural(r[0])} over {_plural(r[1])}"
    if cat == 4:
        return f"Flush, {_kickers(r)}"
    if cat == 5:
        return f"Straight, {_NAMES[r[0]]} high"
    if cat == 6:
        return f"Three of a Kind, {_plural(r[0])}, {_kickers(r[1:])} kickers"
    if cat == 7:
        return f"Two Pair, {_plural(r[0])} and {_plural(r[1])}, {_NAMES[r[2]]} kicker"
    if cat == 8:
        return f"One Pair, {_plural(r[0])}, {_kickers(r[1:])} kickers"
    return f"High Card, {_kickers(r)}"


def describe(cards_or_rank: CardsLike | int) -> str:
    """Plain-English name of a hand (5..7 cards) or of a rank.

    >>> describe("Kd Ks 5c 5h Ad 2c 3d")
    'Two Pair, Kings and Fives, Ace kicker'
    >>> describe("5h 4d 3c 2s Ah")
    'Straight, Five high'
    >>> describe(1)
    'Royal Flush'
    """
    if isinstance(cards_or_rank, (bool, int, np.integer)):
        return _describe_rank(_check_rank(cards_or_rank))
    return _describe_rank(evaluate(cards_or_rank))


def _choose_five(fives: Iterable[tuple[int, ...]]) -> tuple[int, ...]:
    """The strongest of ``fives`` (valid, distinct ids) in display order; among equal
    ranks the one with the highest card ids."""
    best_rank = 1 << 16
    best: list[int] = []
    for five in fives:
        rank = _bindings.eval5(*five)
        if rank < best_rank:
            best_rank, best = rank, sorted(five, reverse=True)
        elif rank == best_rank:
            best = max(best, sorted(five, reverse=True))
    if hand_category(best_rank) in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        if [c >> 2 for c in best] == [12, 3, 2, 1, 0]:  # the wheel shows 5-4-3-2-A
            return (*best[1:], best[0])
        return tuple(best)
    # the made part first (more cards of a rank first, then higher), then the kickers
    ranks = [c >> 2 for c in best]
    return tuple(sorted(best, key=lambda c: (ranks.count(c >> 2), c), reverse=True))


def best_five(cards: CardsLike) -> tuple[int, ...]:
    """The five cards (ids) that make the hand, in display order: the made part first, then
    the kickers (a straight from its top card; the wheel ends with the ace). When several
    choices tie, the one with the highest card ids is taken.

    >>> from holdem_eval import format_cards
    >>> format_cards(best_five("Kd Ks 5c 5h Ad 2c 3d"), sep=" ")
    'Ks Kd 5h 5c Ad'
    """
    ids = tuple(parse_cards(cards).tolist())
    if not 5 <= len(ids) <= 7:
        raise ShapeError(f"a hand has 5, 6 or 7 cards, got {len(ids)}")
    return _choose_five(combinations(ids, 5))


def best_five_omaha(hole: CardsLike, board: CardsLike) -> tuple[int, ...]:
    """``best_five`` for Omaha: exactly two of the 4..6 hole cards and three of the 3..5
    board cards.

    >>> from holdem_eval import format_cards
    >>> format_cards(best_five_omaha("Ah Kh 2c 2d", "Qh Jh Th 2s 3s"), sep=" ")
    'Ah Kh Qh Jh Th'
    """
    hole_ids, board_ids = omaha_cards(hole, board)
    h, b = tuple(hole_ids.tolist()), tuple(board_ids.tolist())
    return _choose_five(two + three for two in combinations(h, 2) for three in combinations(b, 3))
