"""Short-deck (6+ Hold'em) evaluation kernels (csrc/eval_short.c, csrc/api/eval_short.h)."""

from __future__ import annotations

from ._core import U8, U16, Status, ffi, lib, run_chunked

__all__ = [
    "HE_SHORT_LOWEST_CARD", "HE_SHORT_RANK_WORST", "HE_SHORT_STRAIGHTS_BEAT_TRIPS",
    "HE_SHORT_TRIPS_BEAT_STRAIGHT", "HE_VARIANT_SHORT_DECK", "HE_VARIANT_SHORT_DECK_STRAIGHTS",
    "short_eval_batch", "short_eval_hand", "short_eval_hole_board",
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


def short_eval_batch(hands: U8, rules: int, out: U16, threads: int) -> Status:
    """hands: C-contiguous (n, k) uint8, k in 5..7; out: (n,) uint16."""
    n, k = hands.shape

    def call(lo: int, hi: int) -> Status:
        bad = ffi.new("size_t *")
        st = lib.he_short_eval_batch(
            ffi.from_buffer("uint8_t[]", hands[lo:hi]), hi - lo, k, rules,
            ffi.from_buffer("uint16_t[]", out[lo:hi]), bad,
        )
        return int(st), int(bad[0])

    return run_chunked(call, n, threads)


def short_eval_hole_board(holes: U8, boards: U8, rules: int, out: U16, threads: int) -> Status:
    """holes: (n, 2); boards: (nb,) shared by every row or (n, nb) one per row."""
    n = holes.shape[0]
    nb = boards.shape[-1]
    stride = 0 if boards.ndim == 1 else nb

    def call(lo: int, hi: int) -> Status:
        bad = ffi.new("size_t *")
        b = boards if stride == 0 else boards[lo:hi]
        st = lib.he_short_eval_hole_board(
            ffi.from_buffer("uint8_t[]", holes[lo:hi]), hi - lo,
            ffi.from_buffer("uint8_t[]", b), nb, stride, rules,
            ffi.from_buffer("uint16_t[]", out[lo:hi]), bad,
        )
        return int(st), int(bad[0])

    return run_chunked(call, n, threads)
