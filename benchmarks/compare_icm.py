"""ICM speed: holdem_eval.icm (C) vs PokerKit's calculate_icm, measured in the same run.

Prints each figure and the ratio. CPU time (``time.process_time``), rounds interleaved
(ours, then PokerKit, on the same stacks), medians over the rounds, so load from other
processes falls on both sides alike. Run: ``python benchmarks/compare_icm.py [--rounds 7]``.

* one call, 9 players: every place paid, and a sit & go (3 paid);
* ``icm_batch``: many 9-player tables in one call, per table, against ``icm`` a call;
* exact 20 players and Monte Carlo 1,000 players (ours alone: PokerKit enumerates
  finishing orders, ``n! / (n - paid)!`` of them).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np
from pokerkit import calculate_icm

from holdem_eval import icm, icm_batch, icm_result


def per_call(fn: Callable[[], object], calls: int) -> float:
    """CPU seconds per call of ``calls`` calls in a row."""
    t = time.process_time()
    for _ in range(calls):
        fn()
    return (time.process_time() - t) / calls


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--tables", type=int, default=10_000, help="rows of the icm_batch call")
    args = ap.parse_args(argv)

    rng = random.Random(29)
    stacks9 = [float(rng.randint(1000, 50000)) for _ in range(9)]
    pay9 = [30.0, 20.0, 14.0, 10.0, 8.0, 6.0, 5.0, 4.0, 3.0]
    pay3 = [50.0, 30.0, 20.0]
    tables = np.array([[float(rng.randint(1000, 50000)) for _ in range(9)]
                       for _ in range(args.tables)])
    rows = tables.tolist()

    times: dict[str, list[float]] = {k: [] for k in (
        "ours9", "pk9", "ours3", "pk3", "batch3", "loop3", "batch9", "loop9")}
    for _ in range(args.rounds):
        times["ours9"].append(per_call(lambda: icm(stacks9, pay9), 2000))
        times["pk9"].append(per_call(lambda: calculate_icm(pay9, stacks9), 1))
        times["ours3"].append(per_call(lambda: icm(stacks9, pay3), 5000))
        times["pk3"].append(per_call(lambda: calculate_icm(pay3, stacks9), 50))
        for paid, pay in (("3", pay3), ("9", pay9)):
            t = time.process_time()
            icm_batch(tables, pay)
            times[f"batch{paid}"].append((time.process_time() - t) / len(rows))
            t = time.process_time()
            for row in rows:
                icm(row, pay)
            times[f"loop{paid}"].append((time.process_time() - t) / len(rows))
    med = {k: statistics.median(v) for k, v in times.items()}
    for paid in ("9", "3"):
        label = "every place paid" if paid == "9" else "sit & go, 3 paid"
        ours, theirs = med["ours" + paid], med["pk" + paid]
        print(f"exact 9 players, {label}: holdem_eval icm {ours * 1e6:.2f} us a call, "
              f"pokerkit {theirs * 1e6:,.0f} us, ratio {theirs / ours:,.0f}x")
    for paid in ("9", "3"):
        b, loop = med["batch" + paid], med["loop" + paid]
        print(f"icm_batch, {len(rows):,} tables of 9, {paid} paid: {b * 1e6:.2f} us a table "
              f"(icm a call: {loop * 1e6:.2f} us, {loop / b:.1f}x; pokerkit "
              f"{med['pk' + paid] / b:,.0f}x)")
    print(f"(CPU time, medians of {args.rounds} interleaved rounds; target: icm 9 players <= 5 us a call)")

    stacks20 = [float(rng.randint(1000, 50000)) for _ in range(20)]
    pay20 = sorted((rng.uniform(1, 100) for _ in range(20)), reverse=True)
    t20 = statistics.median(per_call(lambda: icm(stacks20, pay20, method="exact"), 1)
                            for _ in range(3))
    print(f"exact 20 players, 20 paid, one thread: {t20 * 1e3:.1f} ms (goal <= 1000 ms)")

    stacks = [float(rng.randint(1000, 100000)) for _ in range(1000)]
    pool = 100_000.0
    weights = [1.0 / (k + 1) for k in range(100)]
    pay = [pool * w / sum(weights) for w in weights]
    target = 0.001 * pool  # every player's standard error within 0.1% of the prize pool
    t = time.process_time()
    r = icm_result(stacks, pay, method="monte_carlo", target_stderr=target, seed=1)
    tmc = time.process_time() - t
    print(f"monte carlo 1,000 players x 100 paid, stderr <= 0.1% of pool: {tmc * 1e3:.1f} ms, "
          f"{r.trials} trials, max stderr {r.stderr.max() / pool:.5%} of pool (goal <= 1000 ms)")


if __name__ == "__main__":
    main()
