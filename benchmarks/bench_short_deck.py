#!/usr/bin/env python3
"""Short deck (6+ Hold'em) against our Hold'em, measured in one run.

    python benchmarks/bench_short_deck.py [--hands 2000000] [--rounds 7] [--seed 20261203]

Rounds are interleaved (Hold'em, then short deck, then Hold'em again ...), so load from
other processes falls on both sides alike; each figure is the median over the rounds, on
one thread, in CPU time (``time.process_time``):

* 7-card batch (issue 27's target: short deck >= 0.9x Hold'em): ``evaluate_batch`` on the
  same number of random 7-card hands, from the 52-card deck for Hold'em and from the
  36-card deck for short deck; also 5-card rows and 2 hole cards with a shared board.
* Bulk (target >= 0.9x as well): ``holdem_eval.bulk_table`` on a pyarrow Table of the
  same 7-card hands in 7 uint8 id columns (the column kernels, ranks and categories),
  ``variant="short-deck"`` against Hold'em. Skipped without pyarrow.
* Scalar: ``evaluate(tuple)`` against ``evaluate(tuple, "short-deck")`` and with the
  keyword ``variant="short-deck"``, one Python call per hand.
* Equity, trials (games) per CPU second: exact heads-up preflop (AsAc vs 7d8d: 1,712,304
  boards in Hold'em, 201,376 in short deck) and Monte Carlo (AhAs vs KdKc, AKs vs QQ+ and
  AKs vs random).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np
from harness import deal

import holdem_eval as he

SHORT = "short-deck"


def cpu_rate(fn: Callable[[], object], n: int) -> float:
    t = time.process_time()
    fn()
    return n / (time.process_time() - t)


def interleaved(pairs: dict[str, tuple[Callable[[], object], int]], rounds: int) -> dict[str, float]:
    """Median rate of each named (call, items) over ``rounds`` interleaved rounds."""
    rates: dict[str, list[float]] = {name: [] for name in pairs}
    for fn, _ in pairs.values():  # warm-up: tables into cache, pools started
        fn()
    for _ in range(rounds):
        for name, (fn, n) in pairs.items():
            rates[name].append(cpu_rate(fn, n))
    return {name: statistics.median(r) for name, r in rates.items()}


def line(what: str, hold: float, short: float, unit: str, scale: float = 1e6) -> None:
    print(f"  {what:<34} holdem {hold / scale:10.2f} {unit}   short-deck {short / scale:10.2f}"
          f" {unit}   ratio {short / hold:5.2f}x")


def bulk(h7: np.ndarray, s7: np.ndarray, rounds: int) -> None:
    """rank_table on 7 uint8 id columns of the same hands, Hold'em against short deck."""
    try:
        import pyarrow as pa

        from holdem_eval.bulk import rank_table
    except ImportError:
        print("bulk rank_table: skipped (pip install 'holdem-eval[io]')")
        return
    n = len(h7)
    ht = pa.table({f"c{j}": h7[:, j] for j in range(7)})
    st = pa.table({f"c{j}": s7[:, j] for j in range(7)})
    r = interleaved({
        "h": (lambda: rank_table(ht, threads=1), n),
        "s": (lambda: rank_table(st, threads=1, variant=SHORT), n),
    }, rounds)
    print("bulk rank_table, 7 uint8 id columns (M rows/s):")
    line("id columns (target >= 0.90x)", r["h"], r["s"], "M/s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=2_000_000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=20261203)
    args = ap.parse_args(argv)
    n, rounds = args.hands, args.rounds

    print(f"short deck vs Hold'em: {n:,} hands, {rounds} interleaved rounds, medians, one thread,"
          " CPU time")
    h7, s7 = deal(n, 7, args.seed, 0), deal(n, 7, args.seed, 16)
    h5, s5 = np.ascontiguousarray(h7[:, :5]), np.ascontiguousarray(s7[:, :5])
    out = np.empty(n, dtype=np.uint16)
    hb, sb = np.array([51, 47, 30, 9, 2], np.uint8), np.array([51, 47, 30, 25, 18], np.uint8)
    hh = np.ascontiguousarray(h7[~np.isin(h7[:, :2], hb).any(axis=1), :2])
    sh = np.ascontiguousarray(s7[~np.isin(s7[:, :2], sb).any(axis=1), :2])
    m = min(len(hh), len(sh))
    hh, sh = hh[:m], sh[:m]
    r = interleaved({
        "h7": (lambda: he.evaluate_batch(h7, out=out), n),
        "s7": (lambda: he.evaluate_batch(s7, out=out, variant=SHORT), n),
        "h5": (lambda: he.evaluate_batch(h5, out=out), n),
        "s5": (lambda: he.evaluate_batch(s5, out=out, variant=SHORT), n),
        "hb": (lambda: he.evaluate_batch(hh, board=hb, out=out[:m]), m),
        "sb": (lambda: he.evaluate_batch(sh, board=sb, out=out[:m], variant=SHORT), m),
    }, rounds)
    print("batch evaluation (M hands/s):")
    line("7-card batch (target >= 0.90x)", r["h7"], r["s7"], "M/s")
    line("5-card batch", r["h5"], r["s5"], "M/s")
    line("2 hole cards + shared board", r["hb"], r["sb"], "M/s")
    bulk(h7, s7, rounds)

    k = 200_000
    hrows = [tuple(x) for x in h7[:k].tolist()]
    srows = [tuple(x) for x in s7[:k].tolist()]
    ev = he.evaluate

    def scalar(rows: list[tuple[int, ...]]) -> None:
        for x in rows:
            ev(x)

    def scalar_pos(rows: list[tuple[int, ...]]) -> None:
        for x in rows:
            ev(x, SHORT)

    def scalar_kw(rows: list[tuple[int, ...]]) -> None:
        for x in rows:
            ev(x, variant=SHORT)

    r = interleaved({
        "h": (lambda: scalar(hrows), k),
        "sp": (lambda: scalar_pos(srows), k),
        "sk": (lambda: scalar_kw(srows), k),
    }, rounds)
    print("scalar evaluate, one Python call per 7-card tuple (M calls/s):")
    line('evaluate(t, "short-deck")', r["h"], r["sp"], "M/s")
    line('evaluate(t, variant="short-deck")', r["h"], r["sk"], "M/s")

    eq_rounds = max(3, rounds // 2)
    spots = {
        "exact AsAc vs 7d8d": (["AsAc", "7d8d"], {"method": "exact"}),
        "MC AhAs vs KdKc": (["AhAs", "KdKc"], {"method": "monte_carlo", "trials": 1_000_000}),
        "MC AKs vs QQ+": (["AKs", "QQ+"], {"method": "monte_carlo", "trials": 1_000_000}),
        "MC AKs vs random": (["AKs", "random"], {"method": "monte_carlo", "trials": 1_000_000}),
    }
    print("equity, one thread (M games/s = deals x boards, or trials, per CPU second):")
    for name, (players, kw) in spots.items():
        hold = he.equity(players, seed=1, **kw)  # type: ignore[arg-type]
        short = he.equity(players, seed=1, variant=SHORT, **kw)  # type: ignore[arg-type]
        r = interleaved({
            "h": (lambda p=players, k=kw: he.equity(p, seed=1, **k), hold.games),  # type: ignore[misc]
            "s": (lambda p=players, k=kw: he.equity(p, seed=1, variant=SHORT, **k),  # type: ignore[misc]
                  short.games),
        }, eq_rounds)
        line(name, r["h"], r["s"], "M/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
