#!/usr/bin/env python3
"""Hi-lo speed: Omaha hi-lo evaluation (high and eight-or-better low of 4 hole + 5 board
cards) by ``evaluate_hilo_batch`` on one thread against PokerKit's evaluation of the same
hands (``OmahaHoldemHand`` + ``OmahaEightOrBetterLowHand``), hi-lo equity trials/s
against our Omaha high equity on the same spot, and Hold'em hi-lo Monte Carlo equity of
ranges (range combos drawn by he_equity_hilo) against our Hold'em high equity of the same
ranges.

    python benchmarks/bench_hilo.py [--hands 2000000] [--pokerkit-hands 3000] [--repeats 5]
        [--trials 200000] [--range-trials 2000000]

CPU time (``time.process_time``), cases interleaved in each round, medians of the rounds.
Prints hands/s and the ratio. Needs the test extras (pokerkit).
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Callable

import numpy as np
from harness import deal, median_seconds

import holdem_eval as he
from holdem_eval.hilo import evaluate_hilo_batch


def median_rates(cases: list[tuple[Callable[[], object], int]], repeats: int) -> list[float]:
    """Units/s per case (CPU time), median of ``repeats`` rounds, cases taking turns."""
    secs = median_seconds([fn for fn, _n in cases], repeats)
    return [n / max(s, 1e-9) for (_fn, n), s in zip(cases, secs)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2_000_000)
    ap.add_argument("--pokerkit-hands", type=int, default=3_000)
    ap.add_argument("--trials", type=int, default=200_000)
    ap.add_argument("--range-trials", type=int, default=2_000_000)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()

    from pokerkit import Card, OmahaEightOrBetterLowHand, OmahaHoldemHand

    cards = deal(args.hands, 9, 2026)
    holes = np.ascontiguousarray(cards[:, :4])
    boards = np.ascontiguousarray(cards[:, 4:])
    high = np.empty(args.hands, np.uint16)
    low = np.empty(args.hands, np.uint16)
    text = [he.format_cards(row.tolist()) for row in cards[:args.pokerkit_hands]]
    pk_rows = [(list(Card.parse(t[:8])), list(Card.parse(t[8:]))) for t in text]

    def ours() -> None:
        evaluate_hilo_batch(holes, boards, out_high=high, out_low=low)

    def pokerkit() -> None:
        for hole, board in pk_rows:
            OmahaHoldemHand.from_game(hole, board)
            with contextlib.suppress(ValueError):  # no qualifying low
                OmahaEightOrBetterLowHand.from_game(hole, board)

    # the same answers on the hands PokerKit evaluates: both lows qualify or neither
    for i, (hole, board) in enumerate(pk_rows[:500]):
        try:
            OmahaEightOrBetterLowHand.from_game(hole, board)
            has_low = True
        except ValueError:
            has_low = False
        ours()
        assert has_low == bool(low[i]), (text[i], int(low[i]))

    ours_rate, pk_rate = median_rates([(ours, args.hands), (pokerkit, len(pk_rows))],
                                      args.repeats)
    print("Omaha hi-lo evaluation, 4 hole + 5 board (high and low), one thread, CPU time:")
    print(f"  holdem-eval evaluate_hilo_batch   {ours_rate / 1e6:10.2f} M hands/s")
    print(f"  PokerKit (high + low hand)        {pk_rate / 1e3:10.2f} k hands/s")
    print(f"  ratio                             {ours_rate / pk_rate:10.0f}x")

    spot = ["As2d3hKc", "7s7d8h9c"]
    hilo_eq = (lambda: he.equity(spot, variant="omaha-hi-lo", method="monte_carlo",
                                 trials=args.trials, seed=1), args.trials)
    high_eq = (lambda: he.equity(spot, variant="omaha", method="monte_carlo",
                                 trials=args.trials, seed=1), args.trials)
    hilo_rate, high_rate = median_rates([hilo_eq, high_eq], args.repeats)
    print(f"Equity, {spot[0]} vs {spot[1]} preflop, Monte Carlo, one thread, CPU time:")
    print(f"  omaha-hi-lo                       {hilo_rate / 1e6:10.2f} M trials/s")
    print(f"  omaha (high only)                 {high_rate / 1e6:10.2f} M trials/s")
    print(f"  hi-lo / high                      {hilo_rate / high_rate:10.2f}")

    # Hold'em hi-lo with ranges: each trial draws the range players' combos (weighted,
    # redrawn together on a conflict), then random players and the board, as high equity does.
    for ranges in (["AKs, QQ+", "random"], ["AA, KK", "A2s+, 33"]):
        def run(variant: str, ranges: list[str] = ranges) -> None:
            he.equity(ranges, variant=variant, method="monte_carlo", trials=args.range_trials,
                      seed=1, threads=1)

        cases = [(lambda v=v: run(v), args.range_trials) for v in ("holdem-hi-lo", "holdem")]
        hilo_rate, high_rate = median_rates(cases, args.repeats)
        print(f"Equity, {' vs '.join(ranges)} preflop, Monte Carlo, one thread, CPU time:")
        print(f"  holdem-hi-lo                      {hilo_rate / 1e6:10.2f} M trials/s")
        print(f"  holdem (high only)                {high_rate / 1e6:10.2f} M trials/s")
        print(f"  hi-lo / high                      {hilo_rate / high_rate:10.2f}")


if __name__ == "__main__":
    main()
