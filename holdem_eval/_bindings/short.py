"""Short-deck (6+ Hold'em) evaluation kernels (csrc/eval_short.c, csrc/api/eval_short.h); the
batch ones are _core's eval_batch / eval_hole_board with the short deck's ``rules``."""

from __future__ import annotations

from ._core import U8, ffi, lib

__all__ = [
    "HE_SHORT_LOWEST_CARD", "HE_SHORT_RANK_WORST", "HE_SHORT_STRAIGHTS_BEAT_TRIPS",
    "HE_SHORT_TRIPS_BEAT_STRAIGHT", "HE_VARIANT_SHORT_DECK", "HE_VARIANT_SHORT_DECK_STRAIGHTS",
    "short_eval_hand",
]

HE_SHORT_LOWEST_CARD: int = lib.HE_SHORT_LOWEST_CARD
HE_SHORT_RANK_WORST: int = lib.HE_SHORT_RANK_WORST
HE_SHORT_TRIPS_BEAT_STRAIGHT: int = lib.HE_SHORT_TRIPS_BEAT_STRAIGHT
HE_SHORT_STRAIGHTS_BEAT_TRIPS: int = lib.HE_SHORT_STRAIGHTS_BEAT_TRIPS
# the short-deck rows of the variants' table (csrc/api/variant.h)
HE_VARIANT_SHORT_DECK: int = lib.HE_VARIANT_SHORT_DECK
HE_VARIANT_SHORT_DECK_STRAIGHTS: int = lib.HE_VARIANT_SHORT_DECK_STRAIGHTS


def short_eval_hand(cards: U8, rules: int) -> int:
    """Rank of one short-deck hand of 5..7 cards, or a negative status."""
    return int(lib.he_short_eval_hand(ffi.from_buffer("uint8_t[]", cards), cards.size, rules))
