#!/usr/bin/env python3
"""Generate csrc/he_tables.c: the evaluator's constant lookup tables.

Usage: python scripts/gen_tables.py [OUTPUT]   (default csrc/he_tables.c)

How a hand is ranked from these tables (see csrc/he_eval_internal.h):

* Every card id has one 16-byte entry ``he_cards[id] = {key, bits}``; a hand is the sum
  of its cards' entries (one SSE2 ``paddq`` per card on x86-64, two 64-bit adds elsewhere).
  ``he_cards[256 + id]`` is the same entry with HE_SUIT_BIAS added: a hand's first card,
  which saves adding the bias.
* ``key`` bits 0..31 hold a small rank multiplier ``RANK_MULT[rank]``: the sums of any
  multiset of up to seven ranks (at most four of each) are distinct and stay below 2**26,
  so the sum names the hand's ranks.  Bits 32..47 hold one 4-bit counter per suit; the
  sum starts at 3 in every counter (HE_SUIT_BIAS), so a counter reaches 8 (bit 3 set)
  exactly when its suit has five or more cards: a flush.
* ``bits`` is ``1 << (16 * suit + rank)``: summed over distinct cards it is one 13-bit rank
  mask per suit (for the flush table), and it has exactly as many set bits as the hand
  has cards.  A repeated card makes a carry, which loses a bit; ids 52..255 have the
  entry {0, 0}, which adds no bit.  So a hand of k ids is k distinct valid cards exactly
  when ``popcount(bits) == k``: one check per hand, after summing.
* Flush hands: ``he_flush_rank[mask of the flush suit]`` (8,192 entries).  With at most
  seven cards, a hand holding a flush can hold neither quads nor a full house, so the
  flush table's answer is the hand's answer.
* Other hands: an offset-table perfect hash of the rank key ``k`` (low 32 bits):
  ``he_rank_table[k + he_row_offset[k >> HE_ROW_SHIFT]]`` (mod 2**32).  The keys are cut
  into rows of 2**HE_ROW_SHIFT consecutive keys; rows are placed into one table largest
  first, each at the smallest offset where none of its keys lands on a slot holding a
  different rank (keys sharing a rank may share a slot).

Both tables give the Cactus Kev rank (1 = royal flush .. 7462 = 7-5-4-3-2) of the best
five cards, for 5, 6 and 7-card hands alike.

The rank multipliers are OMPEval's (Henri Koski, ISC licence): small numbers whose sums
over every multiset of up to seven ranks are distinct; ``plain_table`` checks this for
every 5, 6 and 7-card multiset.  The tables and code here are our own.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from holdem_eval._classes import hand_classes  # noqa: E402  (after the path fix-up)

# Rank multipliers (deuce .. ace), OMPEval's: see the module docstring.
RANK_MULT = (
    0x2000, 0x8001, 0x11000, 0x3A000, 0x91000, 0x176005, 0x366000,
    0x41A013, 0x47802E, 0x479068, 0x48C0E4, 0x48F211, 0x494493,
)
ROW_SHIFT = 12  # 2**12 consecutive rank keys per row of the offset table
SUIT_COUNTER_BIAS = 3
SUIT_BIAS = sum(SUIT_COUNTER_BIAS << (32 + 4 * s) for s in range(4))
MAX_KEY = 4 * RANK_MULT[12] + 3 * RANK_MULT[11]  # four aces and three kings


def class_ranks() -> tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]]:
    """Rank of each five-card multiset: (non-flush by sorted ranks, flush by sorted ranks)."""
    plain: dict[tuple[int, ...], int] = {}
    flush: dict[tuple[int, ...], int] = {}
    straight_ranks = {
        12: (8, 9, 10, 11, 12), 3: (0, 1, 2, 3, 12),
        **{t: tuple(range(t - 4, t + 1)) for t in range(4, 12)},
    }
    for rank, (cat, r) in enumerate(hand_classes(), start=1):
        if cat == 1:
            flush[tuple(sorted(straight_ranks[r[0]]))] = rank
        elif cat == 4:
            flush[tuple(sorted(r))] = rank
        else:
            if cat == 5:
                ranks = straight_ranks[r[0]]
            elif cat == 2:
                ranks = (r[0],) * 4 + (r[1],)
            elif cat == 3:
                ranks = (r[0],) * 3 + (r[1],) * 2
            elif cat == 6:
                ranks = (r[0],) * 3 + r[1:]
            elif cat == 7:
                ranks = (r[0], r[0], r[1], r[1], r[2])
            elif cat == 8:
                ranks = (r[0], r[0], *r[1:])
            else:
                ranks = r
            plain[tuple(sorted(ranks))] = rank
    assert len(plain) == 6175 and len(flush) == 1287
    return plain, flush


def rank_multisets(k: int, lowest: int = 0) -> list[tuple[int, ...]]:
    """Sorted multisets of k ranks (lowest..12; short deck's start at 4) with no rank more
    than four times."""
    out: list[tuple[int, ...]] = []

    def rec(start: int, left: int, acc: list[int]) -> None:
        if left == 0:
            out.append(tuple(acc))
            return
        for r in range(start, 13):
            if acc[-4:] == [r] * 4:
                continue
            acc.append(r)
            rec(r, left - 1, acc)
            acc.pop()

    rec(lowest, k, [])
    return out


def plain_table(plain: dict[tuple[int, ...], int]) -> dict[int, int]:
    """Rank key -> best rank, for every rank multiset of 5, 6 and 7 cards."""
    table: dict[int, int] = {}
    for k in (5, 6, 7):
        for ms in rank_multisets(k):
            best = min(plain[tuple(sorted(c))] for c in combinations(ms, 5))
            key = sum(RANK_MULT[r] for r in ms)
            if table.setdefault(key, best) != best:
                raise RuntimeError(f"rank key {key} is not unique: choose other RANK_MULT")
            table[key] = best
    if max(table) > MAX_KEY or MAX_KEY >= 1 << 26:
        raise RuntimeError("rank keys exceed MAX_KEY")
    return table


def flush_table(flush: dict[tuple[int, ...], int]) -> list[int]:
    table = [0] * 8192
    for mask in range(8192):
        ranks = tuple(r for r in range(13) if mask >> r & 1)
        if 5 <= len(ranks) <= 7:
            table[mask] = min(flush[c] for c in combinations(ranks, 5))
    return table


def offset_hash(keys: dict[int, int]) -> tuple[list[int], list[int]]:
    """Row offsets (stored as ``offset - row * 2**ROW_SHIFT`` mod 2**32, so a key's slot is
    ``key + he_row_offset[key >> ROW_SHIFT]``) and the rank table they index."""
    rows: dict[int, list[tuple[int, int]]] = {}
    for key, rank in keys.items():
        rows.setdefault(key >> ROW_SHIFT, []).append((key & ((1 << ROW_SHIFT) - 1), rank))
    lut = np.zeros(1 << 18, dtype=np.int64)  # room to spare: the result fills ~83,000
    offsets = [0] * ((MAX_KEY >> ROW_SHIFT) + 1)
    window = np.arange(512)
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        cols = np.array([c for c, _ in rows[row]], dtype=np.int64)
        vals = np.array([v for _, v in rows[row]], dtype=np.int64)
        base = 0
        while True:  # the first offset (searched 512 at a time) where the row fits
            cand = lut[cols[:, None] + (base + window)[None, :]]
            fits = np.flatnonzero(((cand == 0) | (cand == vals[:, None])).all(axis=0))
            if fits.size:
                break
            base += window.size
        offset = base + int(fits[0])
        lut[cols + offset] = vals
        offsets[row] = (offset - (row << ROW_SHIFT)) & 0xFFFFFFFF
    size = int(np.flatnonzero(lut).max()) + 1
    return offsets, [int(v) for v in lut[:size]]


def c_array(ctype: str, name: str, values: list[int], per_line: int, fmt: str) -> str:
    lines = [f"const {ctype} {name}[{len(values)}] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(fmt.format(v) for v in values[i : i + per_line]) + ",")
    lines.append("};")
    return "\n".join(lines)


def card_entries() -> list[str]:
    """The {key, bits} initialiser of each card id 0..255 ({0, 0} for ids 52..255), then
    the same 256 entries again with HE_SUIT_BIAS added to the key: a hand's first card."""
    out = []
    for bias in (0, SUIT_BIAS):
        for card in range(256):
            key = bits = 0
            if card < 52:
                rank, suit = divmod(card, 4)
                key = RANK_MULT[rank] | 1 << (32 + 4 * suit)
                bits = 1 << (16 * suit + rank)
            out.append(f"{{0x{key + bias:012X}ULL, 0x{bits:016X}ULL}}")
    return out


def generate() -> str:
    plain, flush = class_ranks()
    keys = plain_table(plain)
    offsets, lut = offset_hash(keys)
    cards = card_entries()
    parts = [
        "/* Generated by scripts/gen_tables.py; do not edit. Regenerate and commit instead. */",
        '#include "he_eval_internal.h"',
        "",
        f"/* {len(keys)} rank multisets of 5..7 cards in {len(lut)} slots */",
        f"#if HE_ROW_SHIFT != {ROW_SHIFT} || HE_SUIT_BIAS != 0x{SUIT_BIAS:X}ULL",
        "#error he_eval_internal.h and the generated tables disagree",
        "#endif",
        "",
        "/* {key, bits} per card id ({0, 0} for ids 52..255); at 256 + id the same entry with",
        " * HE_SUIT_BIAS in its key, to start a hand. See scripts/gen_tables.py. */",
        "const he_card_entry he_cards[512] = {",
        *("    " + ", ".join(cards[i : i + 2]) + "," for i in range(0, 512, 2)),
        "};",
        "",
        "/* Best rank of a flush, by the 13-bit rank mask of its suit (0 below five bits). */",
        c_array("uint16_t", "he_flush_rank", flush_table(flush), 12, "{:4d}"),
        "",
        "/* Category of each rank: 1 = straight flush .. 9 = high card (index 0 unused). */",
        c_array("uint8_t", "he_rank_category", [0] + [cat for cat, _ in hand_classes()], 30, "{:d}"),
        "",
        "/* Offset of each row of 2**HE_ROW_SHIFT rank keys into he_rank_table (mod 2**32). */",
        c_array("uint32_t", "he_row_offset", offsets, 8, "0x{:08X}u"),
        "",
        "/* Best rank per slot of the offset hash (0 = empty slot). */",
        c_array("uint16_t", "he_rank_table", lut, 12, "{:4d}"),
        "",
    ]
    return "\n".join(parts)


def write_table(argv: list[str], committed: Path, generate: Callable[[], str]) -> int:
    """The table generators' command line: ``generate()``'s text written to the path
    ``argv[1]``, or over the ``committed`` file without one."""
    out = Path(argv[1]) if len(argv) > 1 else committed
    out.write_text(generate())
    return 0


def main(argv: list[str]) -> int:
    return write_table(argv, ROOT / "csrc" / "he_tables.c", generate)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
