#!/usr/bin/env python3
"""Side-by-side evaluator speed against the Python packages: holdem-eval against phevaluator,
eval7 and ``pokerfast`` (a Python wrapper around OMPEval, about 2.5x slower than OMPEval
itself), in one run, on the same seeded hands. For native OMPEval and SKPokerEval built
from source, see ``benchmarks/compare_native.py``.

    python benchmarks/compare_peers.py [--hands 10000000] [--repeats 5]

Prints hands/s (median of the repeats) and ratios. Peers that only offer one Python call
per hand are timed on a slice of the same hands. Needs the test extras installed.
"""

from __future__ import annotations

import argparse
import ctypes
import time
from collections.abc import Callable

import numpy as np
from harness import deal, median_seconds

import holdem_eval as he

# OMPEval numbers cards 4 * rank + suit with suits ordered s, h, c, d; ours are c, d, h, s.
_TO_OMP_SUIT = np.array([2, 3, 1, 0], dtype=np.uint8)


def median_rates(cases: list[tuple[Callable[[], object], int]], repeats: int) -> list[float]:
    """hands/s per case (wall time), median of ``repeats`` rounds; the cases take turns
    within each round, so load from other processes falls on all of them alike."""
    secs = median_seconds([fn for fn, _n in cases], repeats, time.perf_counter)
    return [n / s for (_fn, n), s in zip(cases, secs)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10_000_000)
    ap.add_argument("--loop-hands", type=int, default=300_000, help="slice for per-hand peers")
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()

    import eval7
    from phevaluator import evaluate_cards, evaluate_omaha_cards
    from pokerfast import equity as pf

    n, r = args.hands, args.repeats
    hands = deal(n, 7, seed=2026)
    rows: list[tuple[str, str, float]] = []

    out = np.empty(n, dtype=np.uint16)
    omp_lib = pf._load()
    omp_cards = (hands // 4 * 4 + _TO_OMP_SUIT[hands % 4]).astype(np.uint8).tobytes()
    omp_out = (ctypes.c_uint16 * n)()
    ours, ours2, omp = median_rates(
        [
            (lambda: he.evaluate_batch(hands, out=out), n),
            (lambda: he.evaluate_batch(hands, out=out, threads=2), n),
            (lambda: omp_lib.pf_evaluate(omp_cards, n, 7, omp_out), n),
        ],
        r,
    )
    rows.append(("7-card batch, random order", "holdem-eval evaluate_batch, 1 thread", ours))
    rows.append(("7-card batch, random order", "holdem-eval evaluate_batch, 2 threads", ours2))
    rows.append(("7-card batch, random order", "pokerfast pf_evaluate (wraps OMPEval)", omp))
    # same answers, as a sanity check: OMPEval's order is "bigger is better"
    ours_r = he.evaluate_batch(hands[:100_000]).astype(np.int64)
    omp_r = np.frombuffer(omp_out, dtype=np.uint16)[:100_000].astype(np.int64)
    agree = bool(np.all(np.sign(np.diff(ours_r)) == -np.sign(np.diff(omp_r))))

    m = min(args.loop_hands, n)
    tuples = [tuple(x) for x in hands[:m].tolist()]
    ev = he.evaluate
    e7cards = [[eval7.Card(c) for c in he.format_cards(t, sep=" ").split()] for t in tuples]
    ours_scalar, ph, e7 = median_rates(
        [
            (lambda: [ev(t) for t in tuples], m),
            (lambda: [evaluate_cards(*t) for t in tuples], m),
            (lambda: [eval7.evaluate(c) for c in e7cards], m),
        ],
        r,
    )
    rows.append(("7-card, one Python call per hand", "holdem-eval evaluate(ids)", ours_scalar))
    rows.append(("7-card, one Python call per hand", "phevaluator evaluate_cards(ids)", ph))
    rows.append(("7-card, one Python call per hand", "eval7 evaluate(Card objects)", e7))

    om = deal(max(m, 1_000_000), 9, seed=99)
    holes, boards = np.ascontiguousarray(om[:, :4]), np.ascontiguousarray(om[:, 4:])
    oout = np.empty(len(om), dtype=np.uint16)
    om_rows = om[: m // 3].tolist()
    ours_om, ph_om = median_rates(
        [
            (lambda: he.evaluate_omaha_batch(holes, boards, out=oout), len(om)),
            (lambda: [evaluate_omaha_cards(*x[4:], *x[:4]) for x in om_rows], len(om_rows)),
        ],
        r,
    )
    rows.append(("Omaha 4 hole + 5 board", "holdem-eval evaluate_omaha_batch, 1 thread", ours_om))
    rows.append(("Omaha 4 hole + 5 board", "phevaluator evaluate_omaha_cards", ph_om))

    print(f"{'task':36} {'implementation':44} {'hands/s':>14}")
    for task, impl, rate in rows:
        print(f"{task:36} {impl:44} {rate / 1e6:11.1f} M")
    print()
    print(f"batch vs pokerfast (1 thread):        {ours / omp:5.2f}x")
    print(f"batch 2 threads vs 1 thread:          {ours2 / ours:5.2f}x")
    print(
        f"scalar evaluate vs phevaluator:       {ours_scalar / ph:5.2f}x   "
        f"({ours_scalar / 1e6:.1f} M/s; target >= 8 M/s)"
    )
    print(f"scalar evaluate vs eval7:             {ours_scalar / e7:5.2f}x")
    print(f"Omaha batch vs phevaluator:           {ours_om / ph_om:5.1f}x   (target >= 10x)")
    print(f"rank order agrees with pokerfast on 100k hands: {agree}")


if __name__ == "__main__":
    main()
