#!/usr/bin/env python3
"""Generate csrc/he_tables.c: the evaluator's constant lookup tables.

Usage: python scripts/gen_tables.py [OUTPUT]   (default csrc/he_tables.c)

How a hand is ranked from these tables (see csrc/he_eval_internal.h):

* Every card has a 64-bit additive key.  Bits 0..31 hold 5**rank, so the sum over a
  hand counts each rank in base 5; with at most four cards of a rank the sum is unique
  for every multiset of ranks (and below 2**31 for seven cards).  Bits 32..47 hold one
  4-bit counter per suit; the sum starts at 3 in every counter, so a counter reaches 8
  (bit 3 set) exactly when its suit has five or more cards: a flush.
* Every card also has a bit 1 << (16 * suit + rank).  ORed over a hand this gives one
  13-bit rank mask per suit (for the flush table); the hand repeats a card exactly when
  the OR differs from the plain sum of the bits.  Ids 52..255 have bit 63 instead, which
  no card uses, so one test of the OR finds every id out of range.
* Flush hands: ``he_flush_rank[mask of the flush suit]`` (8,192 entries).  With at most
  seven cards, a hand holding a flush can hold neither quads nor a full house, so the
  flush table's answer is the hand's answer.
* Other hands: a perfect hash of the base-5 rank key.  ``h = key * HE_HASH_MUL`` (64-bit);
  the top HE_HASH_BUCKET_BITS bits choose a bucket, the next HE_HASH_SLOT_BITS bits a slot,
  and the slot is XORed with the bucket's displacement ``he_hash_disp[bucket]``.  The
  displacements are found here by "hash and displace": buckets are placed largest first,
  each with the smallest displacement that sends all its keys to free slots.

Both tables give the Cactus Kev rank (1 = royal flush .. 7462 = 7-5-4-3-2) of the best
five cards, for 5, 6 and 7-card hands alike.
"""

from __future__ import annotations

import sys
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from holdem_eval._classes import hand_classes  # noqa: E402  (after the path fix-up)

HASH_MUL = 0x9E3779B97F4A7C15  # 2**64 / golden ratio, odd: a good multiplicative mixer
BUCKET_BITS = 13
SLOT_BITS = 17
SUIT_COUNTER_BIAS = 3
SUIT_BIAS = sum(SUIT_COUNTER_BIAS << (32 + 4 * s) for s in range(4))
HE_BAD_CARD_BIT = 1 << 63  # the "bit" of ids 52..255: no valid card uses bit 63


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


def rank_multisets(k: int) -> list[tuple[int, ...]]:
    """Sorted multisets of k ranks with no rank more than four times."""
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

    rec(0, k, [])
    return out


def plain_table(plain: dict[tuple[int, ...], int]) -> dict[int, int]:
    """Base-5 rank key -> best rank, for every rank multiset of 5, 6 and 7 cards."""
    table: dict[int, int] = {}
    for k in (5, 6, 7):
        for ms in rank_multisets(k):
            best = min(plain[tuple(sorted(c))] for c in combinations(ms, 5))
            table[sum(5**r for r in ms)] = best
    return table


def flush_table(flush: dict[tuple[int, ...], int]) -> list[int]:
    table = [0] * 8192
    for mask in range(8192):
        ranks = tuple(r for r in range(13) if mask >> r & 1)
        if 5 <= len(ranks) <= 7:
            table[mask] = min(flush[c] for c in combinations(ranks, 5))
    return table


def perfect_hash(keys: dict[int, int]) -> tuple[list[int], list[int]]:
    """Displacement per bucket and the slot table, so every key lands on its own slot."""
    nslots = 1 << SLOT_BITS
    buckets: list[list[int]] = [[] for _ in range(1 << BUCKET_BITS)]
    for key in keys:
        h = key * HASH_MUL & 0xFFFFFFFFFFFFFFFF
        b = h >> (64 - BUCKET_BITS)
        buckets[b].append((h >> (64 - BUCKET_BITS - SLOT_BITS)) & (nslots - 1))
    keyslots: dict[int, int] = {}
    for key in keys:
        h = key * HASH_MUL & 0xFFFFFFFFFFFFFFFF
        keyslots[key] = (h >> (64 - BUCKET_BITS - SLOT_BITS)) & (nslots - 1)
    used = bytearray(nslots)
    disp = [0] * len(buckets)
    order = sorted(range(len(buckets)), key=lambda b: (-len(buckets[b]), b))
    for b in order:
        slots = buckets[b]
        if not slots:
            continue
        if len(set(slots)) != len(slots):
            raise RuntimeError(f"bucket {b} has colliding slots; choose another HASH_MUL")
        for d in range(nslots):
            if not any(used[s ^ d] for s in slots):
                for s in slots:
                    used[s ^ d] = 1
                disp[b] = d
                break
        else:
            raise RuntimeError(f"no displacement for bucket {b}")
    table = [0] * nslots
    for key, rank in keys.items():
        h = key * HASH_MUL & 0xFFFFFFFFFFFFFFFF
        table[keyslots[key] ^ disp[h >> (64 - BUCKET_BITS)]] = rank
    return disp, table


def c_array(ctype: str, name: str, values: list[int], per_line: int, fmt: str) -> str:
    lines = [f"const {ctype} {name}[{len(values)}] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(fmt.format(v) for v in values[i : i + per_line]) + ",")
    lines.append("};")
    return "\n".join(lines)


def generate() -> str:
    plain, flush = class_ranks()
    keys = plain_table(plain)
    disp, slots = perfect_hash(keys)
    card_key = [0] * 256
    card_bit = [HE_BAD_CARD_BIT] * 256
    for card in range(52):
        rank, suit = divmod(card, 4)
        card_key[card] = 5**rank | 1 << (32 + 4 * suit)
        card_bit[card] = 1 << (16 * suit + rank)
    parts = [
        "/* Generated by scripts/gen_tables.py; do not edit. Regenerate and commit instead. */",
        '#include "he_eval_internal.h"',
        "",
        f"/* {len(keys)} rank multisets of 5..7 cards in {1 << SLOT_BITS} slots */",
        f"#if HE_HASH_BUCKET_BITS != {BUCKET_BITS} || HE_HASH_SLOT_BITS != {SLOT_BITS}",
        "#error he_eval_internal.h and the generated tables disagree",
        "#endif",
        f"#if HE_HASH_MUL != 0x{HASH_MUL:X}ULL || HE_SUIT_BIAS != 0x{SUIT_BIAS:X}ULL",
        "#error he_eval_internal.h and the generated tables disagree",
        "#endif",
        "",
        "/* Additive key per card id (0 for ids 52..255, which callers reject). */",
        c_array("uint64_t", "he_card_key", card_key, 4, "0x{:012X}ULL"),
        "",
        "/* 1 << (16 * suit + rank) per card id; HE_BAD_CARD_BIT for ids 52..255. */",
        c_array("uint64_t", "he_card_bit", card_bit, 4, "0x{:016X}ULL"),
        "",
        "/* Best rank of a flush, by the 13-bit rank mask of its suit (0 below five bits). */",
        c_array("uint16_t", "he_flush_rank", flush_table(flush), 12, "{:4d}"),
        "",
        "/* Category of each rank: 1 = straight flush .. 9 = high card (index 0 unused). */",
        c_array("uint8_t", "he_rank_category", [0] + [cat for cat, _ in hand_classes()], 30, "{:d}"),
        "",
        "/* Displacement per hash bucket. */",
        c_array("uint32_t", "he_hash_disp", disp, 10, "{:6d}"),
        "",
        "/* Best rank per slot of the perfect hash (0 = empty slot). */",
        c_array("uint16_t", "he_hash_rank", slots, 12, "{:4d}"),
        "",
    ]
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "csrc" / "he_tables.c"
    out.write_text(generate())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
