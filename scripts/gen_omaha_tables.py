#!/usr/bin/env python3
"""Generate csrc/eval_omaha_tables.c: Omaha's direct tables (hole pair by whole board).

Usage: python scripts/gen_omaha_tables.py [OUTPUT]   (default csrc/eval_omaha_tables.c)

How an Omaha hand is ranked from these tables (csrc/eval_omaha_internal.h):

* Non-flush: one row per board rank multiset (3, 4 or 5 ranks: 455 + 1,820 + 6,175 =
  8,450 rows) and one column per hole-pair rank multiset (91). The entry is the best
  non-flush rank of that pair with any three of the board's ranks, so a hand of h hole
  cards is the minimum of its C(h, 2) entries in one row: 6, 10 or 15 loads in one
  182-byte row for 4, 5 or 6 hole cards, instead of the 60, 100 or 150 choices of five.
  Entries whose seven ranks hold one rank five times can not be dealt and hold 0.
* The row of a board: its rank key (bits 0..31 of the summed he_cards keys of
  scripts/gen_tables.py, unique for every multiset of up to seven ranks) split at
  BOARD_SHIFT bits: ``row = he_omaha_board_base[key >> 11] + (key & 0x7FF)``, a minimal
  perfect hash (the 8,450 keys land on 8,450 distinct rows 0..8,449). The bases are placed
  greedily, rows with the most keys first, each at the lowest base where none of its keys
  meets a taken row.
* The column of a hole pair of card ids a, b (0..51): ``he_omaha_pair_col[64 * a + b]``.
* Flushes are ranked with he_flush_rank (scripts/gen_tables.py): in Omaha at most one suit
  can hold three board cards, and the best flush of that suit is found from its rank masks
  (eval_omaha_internal.h); the answer is the better of both.

PokerHandEvaluator (Henry Lee) ranks Omaha through one entry per (board pattern, hole
pattern): 6,175 x 1,820 = 11.2 M entries for four hole cards. This table keeps the board
pattern but stops at the hole pair: 91 columns instead of 1,820, 0.77 M entries (1.5 MB)
for every hole size; the minimum over the pairs is taken at run time.
"""

from __future__ import annotations

import sys
from itertools import combinations, combinations_with_replacement
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import numpy as np  # noqa: E402
from gen_tables import RANK_MULT, class_ranks, rank_multisets, write_table  # noqa: E402  (path fix-up)

BOARD_SHIFT = 11  # rank keys per bucket of he_omaha_board_base: 2**11
BOARD_SIZES = (3, 4, 5)
PAIRS = list(combinations_with_replacement(range(13), 2))  # 91 hole-pair rank multisets
NONE = 0xFFFF  # an impossible choice of five (one rank five times), while taking minima


def board_rows(keys: list[int]) -> tuple[list[int], list[int]]:
    """The minimal perfect hash of the board keys: (base of each bucket of 2**BOARD_SHIFT
    keys, row of each key in ``keys`` order)."""
    mask = (1 << BOARD_SHIFT) - 1
    buckets: dict[int, list[int]] = {}
    for key in keys:
        buckets.setdefault(key >> BOARD_SHIFT, []).append(key & mask)
    taken = np.zeros(4 * len(keys) + (2 << BOARD_SHIFT), dtype=bool)
    window = np.arange(2048)
    base = [0] * ((max(keys) >> BOARD_SHIFT) + 1)
    for b in sorted(buckets, key=lambda b: (-len(buckets[b]), b)):
        cols = np.array(buckets[b])
        start = 0
        while True:  # the lowest base (searched 2,048 at a time) where no key meets a taken row
            free = np.flatnonzero(~taken[cols[:, None] + (start + window)[None, :]].any(axis=0))
            if free.size:
                break
            start += window.size
        base[b] = start + int(free[0])
        taken[cols + base[b]] = True
    rows = [base[key >> BOARD_SHIFT] + (key & mask) for key in keys]
    if sorted(rows) != list(range(len(keys))):
        raise RuntimeError("the board hash is not minimal: choose another BOARD_SHIFT")
    if max(base) + mask >= 1 << 16:
        raise RuntimeError("a board base does not fit uint16_t")
    return base, rows


def pair_by_triple(plain: dict[tuple[int, ...], int]) -> tuple[np.ndarray, dict[tuple[int, ...], int]]:
    """Non-flush rank of each (hole pair, board triple) of ranks, (91, 455) (NONE where
    impossible), and the column of each sorted triple."""
    triples = list(combinations_with_replacement(range(13), 3))
    table = np.full((len(PAIRS), len(triples)), NONE, dtype=np.int32)
    for p, pair in enumerate(PAIRS):
        for t, triple in enumerate(triples):
            five = tuple(sorted(pair + triple))
            if max(five.count(r) for r in five) <= 4:
                table[p, t] = plain[five]
    return table, {t: i for i, t in enumerate(triples)}


def omaha_rows(plain: dict[tuple[int, ...], int], boards: list[tuple[int, ...]]) -> np.ndarray:
    """Best non-flush rank of each (board, hole pair): shape (len(boards), 91); 0 where the
    board and pair hold one rank five times or more (never dealt)."""
    pt, triple_col = pair_by_triple(plain)
    # each board's triples of ranks (1, 4 or 10), padded to 10 with its first
    cols = np.empty((len(boards), 10), dtype=np.intp)
    for i, board in enumerate(boards):
        ids = sorted({triple_col[t] for t in combinations(board, 3)})
        cols[i] = ids + ids[:1] * (10 - len(ids))
    best = pt[:, cols].min(axis=2).T  # (boards, 91)
    counts = np.zeros((len(boards), 13), dtype=np.int32)
    for i, board in enumerate(boards):
        for r in board:
            counts[i, r] += 1
    pair_counts = np.zeros((len(PAIRS), 13), dtype=np.int32)
    for p, (a, b) in enumerate(PAIRS):
        pair_counts[p, a] += 1
        pair_counts[p, b] += 1
    dealt = ((counts[:, None, :] + pair_counts[None, :, :]) <= 4).all(axis=2)
    if (best[dealt] == NONE).any():
        raise RuntimeError("a dealt board and pair has no five ranks")
    return np.where(dealt, best, 0)


def pair_columns() -> list[int]:
    """Column (0..90) of each hole pair of card ids a, b at 64 * a + b (0 outside 0..51)."""
    col: dict[tuple[int, ...], int] = {pair: i for i, pair in enumerate(PAIRS)}
    out = [0] * 4096
    for a in range(52):
        for b in range(52):
            out[64 * a + b] = col[tuple(sorted((a >> 2, b >> 2)))]
    return out


def c_array(ctype: str, name: str, values: list[int], per_line: int) -> str:
    """A const C array in decimal, ``per_line`` values a line (lines stay short for any
    compiler), with no spaces: the rows table is most of the file."""
    lines = [f"const {ctype} {name}[{len(values)}] = {{"]
    for i in range(0, len(values), per_line):
        lines.append(",".join(str(v) for v in values[i : i + per_line]) + ",")
    lines.append("};")
    return "\n".join(lines)


def generate() -> str:
    plain, _ = class_ranks()
    boards = [ms for k in BOARD_SIZES for ms in rank_multisets(k)]
    keys = [sum(RANK_MULT[r] for r in ms) for ms in boards]
    if len(set(keys)) != len(keys):
        raise RuntimeError("two boards share a rank key")
    base, rows = board_rows(keys)
    ranks = omaha_rows(plain, boards)
    table = np.zeros((len(boards), len(PAIRS)), dtype=np.int32)
    table[rows] = ranks
    lines = [
        "/* Generated by scripts/gen_omaha_tables.py; do not edit. Regenerate and commit instead. */",
        '#include "eval_omaha_internal.h"',
        "",
        f"#if HE_OMAHA_BOARD_SHIFT != {BOARD_SHIFT} || HE_OMAHA_PAIRS != {len(PAIRS)} "
        f"|| HE_OMAHA_BOARDS != {len(boards)} || HE_OMAHA_BUCKETS != {len(base)}",
        "#error eval_omaha_internal.h and the generated tables disagree",
        "#endif",
        "",
        "/* Row of a board's rank key k (3..5 cards): he_omaha_board_base[k >> 11] + (k & 0x7FF). */",
        c_array("uint16_t", "he_omaha_board_base", base, 16),
        "",
        "/* Column (hole-pair rank multiset 0..90) of card ids a, b at 64 * a + b. */",
        c_array("uint8_t", "he_omaha_pair_col", pair_columns(), 32),
        "",
        f"/* Best non-flush rank of each board row (91 hole-pair columns a row, {len(boards)} rows);",
        " * 0 where board and pair hold one rank five times. */",
        c_array("uint16_t", "he_omaha_rows", [int(v) for v in table.ravel()], 20),
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    return write_table(argv, HERE.parent / "csrc" / "eval_omaha_tables.c", generate)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
