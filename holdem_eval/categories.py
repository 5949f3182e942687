"""Hand categories and plain-English descriptions of ranks and hands, on the rank scale of
a variant (``variant="holdem"``: Cactus Kev 1..7462; ``"short-deck"``: 1..1404, where a
flush ranks above a full house and three of a kind above a straight, docs/variants.md)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from functools import cache
from itertools import combinations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import _bindings
from ._classes import CATEGORY_NAMES, LAST_RANK, HandClass, hand_classes
from ._short_classes import short_hand_classes
from ._variant_faces import SHORT_RULES, best_five_variant, check_deck
from .cards import CardsLike, parse_cards
from .errors import DTypeError, InvalidRankError, InvalidVariantError, ShapeError
from .evaluator import evaluate, omaha_cards
from .variants import VARIANT_NAMES, VARIANTS, WORST_RANK

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


def _scale(variant: object, face: str) -> tuple[str, int]:
    """The rank scale of ``variant``: ``("holdem", 7462)`` for every variant ranked on the
    Cactus Kev scale (Hold'em, Omaha ...), a short-deck variant's own name and worst rank."""
    row = VARIANTS.get(variant) if isinstance(variant, str) else None
    if row is not None and row.name in SHORT_RULES:
        return row.name, row.worst_rank
    if row is not None and row.worst_rank == WORST_RANK:
        return "holdem", WORST_RANK
    raise InvalidVariantError(f"{face}: variant must be one of {VARIANT_NAMES}, got {variant!r}")


def _check_rank(rank: object, name: str, worst: int) -> int:
    on = "" if name == "holdem" else f" (variant {name!r})"
    if isinstance(rank, bool) or not isinstance(rank, (int, np.integer)):
        raise DTypeError(f"a hand rank must be an integer 1..{worst}{on}, got {rank!r}")
    if not 1 <= int(rank) <= worst:
        raise InvalidRankError(f"hand rank {int(rank)!r} is outside 1..{worst}{on}")
    return int(rank)


@cache
def _short_categories(variant: str) -> NDArray[np.uint8]:
    """Category of each short-deck rank (index 0 unused)."""
    trips_first = SHORT_RULES[variant] == 0
    return np.array([0] + [c for c, _ in short_hand_classes(trips_first)], dtype=np.uint8)


def hand_category(rank: int, variant: str = "holdem") -> HandCategory:
    """Category of a rank on ``variant``'s scale: ``hand_category(1) is
    HandCategory.STRAIGHT_FLUSH``.

    >>> hand_category(300, variant="short-deck").label
    'Three of a Kind'
    """
    name, worst = _scale(variant, "hand_category")
    r = _check_rank(rank, name, worst)
    if name != "holdem":
        return HandCategory(int(_short_categories(name)[r]))
    return HandCategory(int(np.searchsorted(_LAST, r)) + 1)


def hand_categories(ranks: ArrayLike, variant: str = "holdem") -> NDArray[np.uint8]:
    """Vectorised ``hand_category``: a uint8 array of category values (1..9), same shape.

    >>> hand_categories([1, 166, 7462]).tolist()
    [1, 2, 9]
    >>> hand_categories([1, 100, 525], variant="short-deck").tolist()
    [1, 4, 5]
    """
    name, worst = _scale(variant, "hand_categories")
    on = "" if name == "holdem" else f" (variant {name!r})"
    arr = np.asarray(ranks)
    if arr.dtype.kind not in "iu":
        raise DTypeError(f"ranks must be integers 1..{worst}{on}, got dtype {arr.dtype}")
    if arr.size and (arr.min() < 1 or arr.max() > worst):
        bad = np.flatnonzero((arr < 1) | (arr > worst))[0]
        raise InvalidRankError(
            f"rank {int(arr.ravel()[bad])!r} at index {int(bad)} is outside 1..{worst}{on}"
        )
    if name != "holdem":
        cats: NDArray[np.uint8] = _short_categories(name)[arr]
        return cats
    return (np.searchsorted(_LAST, arr) + 1).astype(np.uint8)


@cache
def _classes(variant: str = "holdem") -> list[HandClass]:
    if variant != "holdem":
        return list(short_hand_classes(SHORT_RULES[variant] == 0))
    return hand_classes()


_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
          "Jack", "Queen", "King", "Ace")


def _plural(r: int) -> str:
    return "Sixes" if r == 4 else _NAMES[r] + "s"


# The words of a rank by its category (1 straight flush .. 9 high card): {n[i]} names the
# i-th rank that decides it (its order in the class), {p[i]} says it in the plural, {kickers}
# names them all and {rest} all but the first.
_WORDS = (
    "Straight Flush, {n[0]} high",
    "Four of a Kind, {p[0]}, {n[1]} kicker",
    "Full House, {p[0]} over {p[1]}",
    "Flush, {kickers}",
    "Straight, {n[0]} high",
    "Three of a Kind, {p[0]}, {rest} kickers",
    "Two Pair, {p[0]} and {p[1]}, {n[2]} kicker",
    "One Pair, {p[0]}, {rest} kickers",
    "High Card, {kickers}",
)


def _describe_rank(rank: int, variant: str = "holdem") -> str:
    cat, r = _classes(variant)[rank - 1]
    if cat == 1 and r[0] == 12:
        return "Royal Flush"
    names = [_NAMES[x] for x in r]
    return _WORDS[cat - 1].format(n=names, p=[_plural(x) for x in r], kickers="-".join(names),
                                  rest="-".join(names[1:]))


def describe(cards_or_rank: CardsLike | int, variant: str = "holdem") -> str:
    """Plain-English name of a hand (5..7 cards) or of a rank on ``variant``'s scale.

    >>> describe("Kd Ks 5c 5h Ad 2c 3d")
    'Two Pair, Kings and Fives, Ace kicker'
    >>> describe("5h 4d 3c 2s Ah")
    'Straight, Five high'
    >>> describe(1)
    'Royal Flush'
    >>> describe("9h 8d 7c 6s Ah Ad", variant="short-deck")
    'Straight, Nine high'
    """
    if isinstance(cards_or_rank, (bool, int, np.integer)):
        name, worst = _scale(variant, "describe")
        return _describe_rank(_check_rank(cards_or_rank, name, worst), name)
    name = best_five_variant(variant, "describe").name
    return _describe_rank(evaluate(cards_or_rank, variant=name), name)


def _choose_five(fives: Iterable[tuple[int, ...]], variant: str = "holdem") -> tuple[int, ...]:
    """The strongest of ``fives`` (valid, distinct ids) in display order; among equal
    ranks the one with the highest card ids."""
    best_rank = 1 << 16
    best: list[int] = []
    for five in fives:
        rank = _bindings.eval5(*five) if variant == "holdem" else evaluate(five, variant=variant)
        if rank < best_rank:
            best_rank, best = rank, sorted(five, reverse=True)
        elif rank == best_rank:
            best = max(best, sorted(five, reverse=True))
    if hand_category(best_rank, variant) in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        # the wheel shows 5-4-3-2-A, short deck's lowest straight 9-8-7-6-A
        if [c >> 2 for c in best] in ([12, 3, 2, 1, 0], [12, 7, 6, 5, 4]):
            return (*best[1:], best[0])
        return tuple(best)
    # the made part first (more cards of a rank first, then higher), then the kickers
    ranks = [c >> 2 for c in best]
    return tuple(sorted(best, key=lambda c: (ranks.count(c >> 2), c), reverse=True))


def best_five(cards: CardsLike, variant: str = "holdem") -> tuple[int, ...]:
    """The five cards (ids) that make the hand, in display order: the made part first, then
    the kickers (a straight from its top card; the wheel ends with the ace). When several
    choices tie, the one with the highest card ids is taken. ``variant``: ``"holdem"`` or a
    short-deck variant (whose rules pick the five: three sixes over 6-7-8-9-T).

    >>> from holdem_eval import format_cards
    >>> format_cards(best_five("Kd Ks 5c 5h Ad 2c 3d"), sep=" ")
    'Ks Kd 5h 5c Ad'
    >>> format_cards(best_five("6c 6d 6h 7s 8s 9c Tc", variant="short-deck"), sep=" ")
    '6h 6d 6c Tc 9c'
    """
    name = best_five_variant(variant, "best_five").name
    ids = tuple(parse_cards(cards).tolist())
    if not 5 <= len(ids) <= 7:
        raise ShapeError(f"a hand has 5, 6 or 7 cards, got {len(ids)}")
    if name != "holdem":
        check_deck(ids, "hand", name)
    return _choose_five(combinations(ids, 5), name)


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
