#!/usr/bin/env python3
"""Generate csrc/eval_short_tables.c: the short-deck (6+ Hold'em) evaluator's tables.

Usage: python scripts/gen_short_tables.py [OUTPUT]   (default csrc/eval_short_tables.c)

A short-deck hand is summed from the full deck's card entries (``he_cards``, see
scripts/gen_tables.py): the same rank key (bits 0..31, OMPEval's rank multipliers), the
same suit counters and the same card bits. The short-deck kernel (csrc/eval_short.c) adds
one check to the full deck's: no card bit may sit on a deuce..five (ranks 0..3 of a suit,
``HE_SHORT_LOW_BITS``). Then:

* Flush hands: ``he_short_flush_rank[(suit mask >> 4) & 0x1FF]`` (512 entries: the nine
  ranks 6..A of the flush suit). With at most seven cards a hand holding a flush holds
  neither quads nor a full house, and in short deck a flush beats both anyway.
* Other hands: the offset-table perfect hash of gen_tables.py over the rank keys of every
  multiset of 5..7 short-deck ranks: ``he_short_rank_table[rules][k +
  he_short_row_offset[(k >> HE_ROW_SHIFT) - HE_SHORT_FIRST_ROW]]``. Both rule sets (three of
  a kind over a straight, or a straight over three of a kind) share the offsets: keys may
  share a slot only when both rule sets give them the same rank.
* Categories: ``he_short_rank_category[rules * (HE_SHORT_RANK_WORST + 1) + rank]`` (the
  bulk column kernel writes them beside the ranks, as ``he_rank_category`` for Hold'em).

Ranks are the short-deck scale of holdem_eval/_short_classes.py (1 = royal flush ..
1404 = 9-8-7-6-... high card, see there for the category bounds of each rule set).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from gen_tables import (  # noqa: E402  (after the path fix-up)
    RANK_MULT,
    ROW_SHIFT,
    c_array,
    offset_hash,
    rank_multisets,
    write_table,
)

from holdem_eval._short_classes import (  # noqa: E402  (after the path fix-up)
    SHORT_LOWEST_RANK,
    SHORT_WORST_RANK,
    short_hand_classes,
)

RULES = (True, False)  # table 0: trips beat a straight ("short-deck"); 1: straights beat trips
SLOT_BITS = 11  # a slot's combined value: rank under rules 0 << 11 | rank under rules 1


def five_ranks(cat: int, r: tuple[int, ...], straight: Callable[[int], tuple[int, ...]]) -> tuple[int, ...]:
    """The five ranks of a non-flush class (category ``cat``, deciding ranks ``r``)."""
    if cat == 5:
        return straight(r[0])
    if cat == 2:
        return (r[0],) * 4 + (r[1],)
    if cat == 3:
        return (r[0],) * 3 + (r[1],) * 2
    if cat == 6:
        return (r[0],) * 3 + r[1:]
    if cat == 7:
        return (r[0], r[0], r[1], r[1], r[2])
    if cat == 8:
        return (r[0], r[0], *r[1:])
    return r


def class_ranks(trips_beat_straight: bool) -> tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]]:
    """Rank of each five-card short-deck multiset: (non-flush, flush), by sorted ranks."""
    plain: dict[tuple[int, ...], int] = {}
    flush: dict[tuple[int, ...], int] = {}

    def straight(top: int) -> tuple[int, ...]:
        return (4, 5, 6, 7, 12) if top == 7 else tuple(range(top - 4, top + 1))

    for rank, (cat, r) in enumerate(short_hand_classes(trips_beat_straight), start=1):
        if cat == 1:
            flush[straight(r[0])] = rank
        elif cat == 4:
            flush[tuple(sorted(r))] = rank
        else:
            ranks = five_ranks(cat, r, straight)
            plain[tuple(sorted(ranks))] = rank
    assert len(plain) + len(flush) == SHORT_WORST_RANK and len(flush) == 126
    return plain, flush


def plain_keys() -> dict[int, int]:
    """Rank key -> both rule sets' best ranks as one value (rank0 << SLOT_BITS | rank1)."""
    plains = [class_ranks(rule)[0] for rule in RULES]
    table: dict[int, int] = {}
    for k in (5, 6, 7):
        for ms in rank_multisets(k, SHORT_LOWEST_RANK):
            fives = [tuple(sorted(c)) for c in combinations(ms, 5)]
            best = [min(p[f] for f in fives if f in p) for p in plains]
            key = sum(RANK_MULT[r] for r in ms)
            value = best[0] << SLOT_BITS | best[1]
            if table.setdefault(key, value) != value:
                raise RuntimeError(f"rank key {key} is not unique")
    return table


def flush_table() -> list[int]:
    """Best flush rank by the 9-bit mask of ranks 6..A of the flush suit (0 below five)."""
    flush = class_ranks(True)[1]
    assert flush == class_ranks(False)[1], "the rule sets differ only below the flushes"
    out = [0] * 512
    for mask in range(512):
        ranks = tuple(r + SHORT_LOWEST_RANK for r in range(9) if mask >> r & 1)
        if 5 <= len(ranks) <= 7:
            out[mask] = min(flush[c] for c in combinations(ranks, 5))
    return out


def category_table() -> list[int]:
    """Category of each rank under each rule set, one row of SHORT_WORST_RANK + 1 (index 0:
    no rank) per rule set in RULES' order."""
    return [v for rule in RULES for v in [0] + [cat for cat, _ in short_hand_classes(rule)]]


def generate() -> str:
    keys = plain_keys()
    offsets, lut = offset_hash(keys)
    first_row = min(keys) >> ROW_SHIFT
    last_row = max(keys) >> ROW_SHIFT
    offsets = offsets[first_row : last_row + 1]
    mask = (1 << SLOT_BITS) - 1
    ranks = [v >> SLOT_BITS for v in lut] + [v & mask for v in lut]
    parts = [
        "/* Generated by scripts/gen_short_tables.py; do not edit. Regenerate and commit instead. */",
        '#include "eval_short_internal.h"',
        "",
        f"/* {len(keys)} short-deck rank multisets of 5..7 cards in {len(lut)} slots */",
        f"#if HE_ROW_SHIFT != {ROW_SHIFT} || HE_SHORT_FIRST_ROW != {first_row}"
        f" || HE_SHORT_SLOTS != {len(lut)} || HE_SHORT_RANK_WORST != {SHORT_WORST_RANK}",
        "#error eval_short_internal.h and the generated tables disagree",
        "#endif",
        "",
        "/* Best rank of a flush, by the 9-bit mask of ranks 6..A of its suit (0 below five bits). */",
        c_array("uint16_t", "he_short_flush_rank", flush_table(), 12, "{:4d}"),
        "",
        "/* Offset of each row of 2**HE_ROW_SHIFT rank keys, from row HE_SHORT_FIRST_ROW, into",
        " * a rule set's row of he_short_rank_table (mod 2**32). */",
        c_array("uint32_t", "he_short_row_offset", offsets, 8, "0x{:08X}u"),
        "",
        "/* Best rank per slot of the offset hash (0 = empty slot): HE_SHORT_SLOTS slots with",
        " * three of a kind over a straight, then HE_SHORT_SLOTS with the straight over trips. */",
        c_array("uint16_t", "he_short_rank_table", ranks, 12, "{:4d}"),
        "",
        "/* Category of each rank (1 = straight flush .. 9 = high card, index 0 unused):",
        " * HE_SHORT_RANK_WORST + 1 entries with three of a kind over a straight, then as many",
        " * with the straight over trips. */",
        c_array("uint8_t", "he_short_rank_category", category_table(), 30, "{:d}"),
        "",
    ]
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    return write_table(argv, ROOT / "csrc" / "eval_short_tables.c", generate)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
