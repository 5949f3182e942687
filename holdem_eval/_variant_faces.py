"""Which kernels rank a variant's hands in the evaluator's faces (``evaluate``,
``evaluate_batch``, categories, ``describe``, ``equity``): the short-deck rule set of each
short-deck variant, the check that a variant is one a face plays, and the error for a card
outside a variant's deck."""

from __future__ import annotations

from collections.abc import Iterable

from . import _bindings as nat
from .cards import card_text
from .errors import InvalidCardError, InvalidVariantError
from .variants import VARIANT_NAMES, VARIANTS, Variant

__all__ = ["SHORT_RULES", "best_five_variant", "check_deck", "deck_error", "short_rules"]

# The short-deck variants' rule sets (csrc/api/eval_short.h), by name.
SHORT_RULES: dict[str, int] = {
    VARIANT_NAMES[nat.HE_VARIANT_SHORT_DECK]: nat.HE_SHORT_TRIPS_BEAT_STRAIGHT,
    VARIANT_NAMES[nat.HE_VARIANT_SHORT_DECK_STRAIGHTS]: nat.HE_SHORT_STRAIGHTS_BEAT_TRIPS,
}


def short_rules(variant: str) -> int | None:
    """The short-deck rule set of ``variant``, None for a full-deck variant."""
    return SHORT_RULES.get(variant)


# The variants whose hand is the best five of any of its cards, high only.
_BEST_FIVE: dict[str, Variant] = {
    name: row for name, row in VARIANTS.items() if row.hole_used == 0 and row.low == 0
}


def best_five_variant(variant: object, face: str) -> Variant:
    """The row of ``variant`` if it makes a hand of the best five of any cards (Hold'em,
    short deck); InvalidVariantError naming ``face`` and the variants it plays otherwise."""
    row = _BEST_FIVE.get(variant) if isinstance(variant, str) else None
    if row is None:
        hint = ""
        other = VARIANTS.get(variant) if isinstance(variant, str) else None
        if other is not None and other.low:
            hint = f"; {variant!r} is a hi-lo game: evaluate_hilo(hole, board, variant={variant!r})"
        elif other is not None:
            hint = f"; {variant!r} takes two hole cards and three of the board: evaluate_omaha(hole, board)"
        raise InvalidVariantError(
            f"{face} plays the variants {tuple(_BEST_FIVE)}, got {variant!r}{hint}")
    return row


def deck_error(ids: Iterable[int], where: str, variant: str) -> InvalidCardError | None:
    """The error for the first of ``ids`` outside ``variant``'s deck (a 2..5 in short
    deck), or None."""
    row = VARIANTS[variant]
    for c in ids:
        if not row.lowest_card <= c < 52:
            if 0 <= c < row.lowest_card:
                return InvalidCardError(
                    f"card {card_text(c)!r} in {where} is not in the deck of variant"
                    f" {variant!r} (cards {card_text(row.lowest_card)[0]}..A, ids"
                    f" {row.lowest_card}..51)"
                )
            return InvalidCardError(f"card id {c!r} in {where} is outside 0..51")
    return None


def check_deck(ids: Iterable[int], where: str, variant: str) -> None:
    """Raise deck_error's error, if any."""
    err = deck_error(ids, where, variant)
    if err is not None:
        raise err
