"""ICM speed: holdem_eval.icm (C) vs PokerKit's calculate_icm, measured in the same run.

Prints each figure and the ratio. Run: ``python benchmarks/compare_icm.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from pokerkit import calculate_icm

from holdem_eval import icm, icm_result


def best_of(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    rng = random.Random(29)
    stacks9 = [float(rng.randint(1000, 50000)) for _ in range(9)]
    pay9 = [30.0, 20.0, 14.0, 10.0, 8.0, 6.0, 5.0, 4.0, 3.0]
    ours = best_of(lambda: icm(stacks9, pay9, method="exact"), 20)
    theirs = best_of(lambda: calculate_icm(pay9, stacks9), 1)
    print(f"exact 9 players, 9 paid: holdem_eval {ours * 1e3:.3f} ms, "
          f"pokerkit {theirs * 1e3:.1f} ms, ratio {theirs / ours:,.0f}x (goal >= 1,000x)")

    stacks20 = [float(rng.randint(1000, 50000)) for _ in range(20)]
    pay20 = sorted((rng.uniform(1, 100) for _ in range(20)), reverse=True)
    t20 = best_of(lambda: icm(stacks20, pay20, method="exact"), 3)
    print(f"exact 20 players, 20 paid, one thread: {t20 * 1e3:.1f} ms (goal <= 1000 ms)")

    stacks = [float(rng.randint(1000, 100000)) for _ in range(1000)]
    pool = 100_000.0
    weights = [1.0 / (k + 1) for k in range(100)]
    pay = [pool * w / sum(weights) for w in weights]
    target = 0.001 * pool  # every player's standard error within 0.1% of the prize pool
    t = time.perf_counter()
    r = icm_result(stacks, pay, method="monte_carlo", target_stderr=target, seed=1)
    tmc = time.perf_counter() - t
    print(f"monte carlo 1,000 players x 100 paid, stderr <= 0.1% of pool: {tmc * 1e3:.1f} ms, "
          f"{r.trials} trials, max stderr {r.stderr.max() / pool:.5%} of pool (goal <= 1000 ms)")


if __name__ == "__main__":
    main()
