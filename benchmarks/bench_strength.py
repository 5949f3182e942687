#!/usr/bin/env python3
"""Hand strength speed (issue 42): exact EHS of turn rows against one random hand, exact
flop EHS2, and the same rows through ``holdem_eval.equity()`` one call a row and through
eval7's ``py_hand_vs_range_exact`` (a hand against all 1,326 combos on the board it is given:
strength now, so EHS is its mean over every completion of the board), in one run.

    python benchmarks/bench_strength.py [--turn-rows 1000000] [--peer-rows 200]
        [--river-rows 20000] [--flop-rows 400] [--flop-peer-rows 10] [--rounds 3]

CPU time (``time.process_time``), one thread, cases interleaved in each round, medians of
the rounds. The turn unit is rows x opponent hands: a turn row faces 990 opponent hands on
each of its 46 rivers (C(45, 2) combos), so rows/s x 990 is rows x opponent hands / s.
Needs the test extras (eval7).
"""

from __future__ import annotations

import argparse
import itertools

import numpy as np
from harness import deal, median_seconds

import holdem_eval as he
from holdem_eval import format_cards, hand_strength

OPP_HANDS_TURN = 990  # C(45, 2): the opponent's hands on a turn row's river
RANGE = "QQ+, AK, KQs, 76s:0.5, 55:0.25"  # a weighted range (summed by class and card)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turn-rows", type=int, default=1_000_000)
    ap.add_argument("--peer-rows", type=int, default=200, help="turn rows for equity() and eval7")
    ap.add_argument("--river-rows", type=int, default=20_000)
    ap.add_argument("--flop-rows", type=int, default=400)
    ap.add_argument("--flop-peer-rows", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    import eval7  # type: ignore[import-untyped]  # a test extra without type information

    e7_cards = [eval7.Card(format_cards([c])) for c in range(52)]
    e7_random = eval7.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32").hands
    assert len(e7_random) == 1326

    def e7_rows(rows: np.ndarray) -> list[float]:
        """EHS through eval7: its exact hand-vs-range strength on every completed board (it
        ranks the board it is given, no look-ahead), averaged over the completions (against
        a random hand every completion leaves the same number of hands)."""
        out = []
        for row in rows:
            hand, board = [e7_cards[c] for c in row[:2]], [e7_cards[c] for c in row[2:]]
            rest = [e7_cards[c] for c in range(52) if c not in row]
            extra = itertools.combinations(rest, 5 - len(board))
            hs = [eval7.py_hand_vs_range_exact(hand, e7_random, board + list(x)) for x in extra]
            out.append(sum(hs) / len(hs))
        return out

    def equity_rows(rows: np.ndarray) -> list[float]:
        return [he.equity([format_cards(r[:2]), "random"], board=format_cards(r[2:]),
                          method="exact").equity[0] for r in rows]

    turn = deal(args.turn_rows, 6, 1)
    ranged = min(args.turn_rows, 100_000)
    th, tb = turn[:, :2], turn[:, 2:]
    peers = turn[: args.peer_rows]
    river = deal(args.river_rows, 7, 3)
    flop = deal(args.flop_rows, 5, 2)
    flop_peers = flop[: args.flop_peer_rows]

    # the same numbers from every face (eval7 ranks in float32)
    ours = hand_strength(peers[:20, :2], peers[:20, 2:]).values
    assert np.allclose(ours, equity_rows(peers[:20]), atol=1e-12)
    assert np.allclose(ours, e7_rows(peers[:20]), atol=1e-6)
    assert np.allclose(hand_strength(river[:200, :2], river[:200, 2:]).values,
                       e7_rows(river[:200]), atol=1e-6)

    secs = median_seconds([
        lambda: hand_strength(th, tb),
        lambda: hand_strength(peers[:, :2], peers[:, 2:]),
        lambda: equity_rows(peers),
        lambda: e7_rows(peers),
        lambda: hand_strength(river[:, :2], river[:, 2:]),
        lambda: e7_rows(river),
        lambda: hand_strength(flop[:, :2], flop[:, 2:], "ehs2"),
        lambda: hand_strength(flop_peers[:, :2], flop_peers[:, 2:]),
        lambda: e7_rows(flop_peers),
        lambda: hand_strength(th[:ranged], tb[:ranged], against=RANGE),
        lambda: hand_strength(th[:ranged], tb[:ranged], "ppot"),
    ], args.rounds)
    t_turn, t_peer, t_equity, t_e7, t_river, t_e7_river, t_flop2, t_flop, t_e7_flop = secs[:9]
    t_range, t_pot = secs[9:]
    rows_s = args.turn_rows / t_turn
    print(f"turn EHS exact vs 1 random hand, {args.turn_rows:,} rows, 1 thread: {t_turn:.2f} s, "
          f"{rows_s:,.0f} rows/s = {rows_s * OPP_HANDS_TURN / 1e6:.1f} M rows x opponent hands/s "
          f"(target >= 20 M)")
    per = t_peer / args.peer_rows
    print(f"  same {args.peer_rows:,} turn rows: hand_strength {per * 1e6:.1f} us/row; "
          f"equity() a row {t_equity / args.peer_rows * 1e6:.0f} us/row "
          f"(ratio {t_equity / t_peer:.0f}x, target >= 50x); eval7 py_hand_vs_range_exact "
          f"over the 46 rivers {t_e7 / args.peer_rows * 1e6:.0f} us/row (ratio {t_e7 / t_peer:.0f}x)")
    print(f"river EHS exact, {args.river_rows:,} rows: hand_strength "
          f"{t_river / args.river_rows * 1e6:.2f} us/row; eval7 py_hand_vs_range_exact "
          f"{t_e7_river / args.river_rows * 1e6:.2f} us/row (ratio {t_e7_river / t_river:.1f}x)")
    print(f"flop EHS2 exact vs 1 random hand, 1 thread: {t_flop2 / args.flop_rows * 1e3:.3f} ms/row "
          f"(target <= 5 ms); flop EHS {t_flop / args.flop_peer_rows * 1e3:.3f} ms/row, eval7 over "
          f"the 1,081 turn-river boards {t_e7_flop / args.flop_peer_rows * 1e3:.1f} ms/row "
          f"(ratio {t_e7_flop / t_flop:.0f}x)")
    print(f"turn rows, {ranged:,}: EHS against {RANGE!r} {t_range / ranged * 1e6:.1f} us/row; "
          f"PPot (status now of each combo) {t_pot / ranged * 1e6:.1f} us/row")


if __name__ == "__main__":
    main()
