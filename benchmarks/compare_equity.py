"""Side-by-side: holdem_eval.equity vs OMPEval's EquityCalculator (inside ``pokerfast``).

Run: .venv/bin/python benchmarks/compare_equity.py [--repeat N]

Same spots, same process, alternating calls; prints the median wall time of each and the
ratio ours / OMPEval (below 1.0 = we are faster). Monte Carlo is compared per trial:
OMPEval stops on a standard-error target, so its trial count is read back from the
library and both are reported as trials per second. Timings on a shared machine are
noisy; the medians and ratios are what to quote.
"""

from __future__ import annotations

import argparse
import ctypes
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from holdem_eval import equity

pe: Any
try:
    from pokerfast import equity as _pe  # type: ignore[import-untyped]  # no stubs upstream

    pe = _pe
except ImportError:  # pragma: no cover - the peer is a test extra
    pe = None


def median_ms(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return 1e3 * statistics.median(times)


def omp_monte_carlo(ranges: list[str], stdev: float, threads: int) -> tuple[int, list[float]]:
    """OMPEval Monte Carlo through the library, returning (hands evaluated, equities)."""
    assert pe is not None
    lib = pe._load()
    rs = (ctypes.c_char_p * len(ranges))(*[r.encode() for r in ranges])
    out = (ctypes.c_double * len(ranges))()
    hands = ctypes.c_uint64()
    rc = lib.pf_equity(rs, len(ranges), b"", b"", 0, stdev, threads, 0.0, out,
                       ctypes.byref(hands))
    assert rc == 0, rc
    return hands.value, list(out)


EXACT_SPOTS: list[tuple[str, list[str], str, str]] = [
    ("AhAs vs KdKc exact", ["AhAs", "KdKc"], "", ""),
    ("AKs vs QQ exact", ["AKs", "QQ"], "", ""),
    ("AA vs KK vs QQ exact", ["AA", "KK", "QQ"], "", ""),
    ("AsKs vs QhQd, dead 2c", ["AsKs", "QhQd"], "", "2c"),
    ("2s2h vs random exact", ["2s2h", "random"], "", ""),
    ("TT+,AKs vs random, flop", ["TT+,AKs", "random"], "Qh7h2c", ""),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    if pe is None or not pe.available():
        print("pokerfast's OMPEval library is not available; nothing to compare")
        return 1
    print(f"{'spot':34s} {'ours ms':>9s} {'OMPEval ms':>11s} {'ratio':>7s}")
    for name, players, board, dead in EXACT_SPOTS:
        for threads in (1, 2) if name.startswith("AhAs") else (1,):
            rep = args.repeat if "random" not in name else max(3, args.repeat // 5)
            ours_r = equity(players, board=board, dead=dead, method="exact", threads=threads)
            theirs_r = pe.equity(players, board=board, dead=dead, exact=True, threads=threads)
            assert abs(ours_r.equity[0] - theirs_r[0]) < 1e-9, (name, ours_r.equity, theirs_r)
            ours = median_ms(partial(equity, players, board=board, dead=dead, method="exact",
                                     threads=threads), rep)
            theirs = median_ms(partial(pe.equity, players, board=board, dead=dead, exact=True,
                                       threads=threads), rep)
            label = f"{name} [{threads} thr]"
            print(f"{label:34s} {ours:9.2f} {theirs:11.2f} {ours / theirs:7.2f}")
    # Monte Carlo heads-up, about 1 M trials each.
    for threads in (1, 2):
        rep = max(3, args.repeat // 3)
        ours = median_ms(partial(equity, ["AhAs", "KdKc"], method="monte_carlo",
                                 trials=1_000_000, seed=1, threads=threads), rep)
        ours_rate = 1_000_000 / (ours / 1e3)
        runs = []
        for _ in range(rep):
            t0 = time.perf_counter()
            hands, _eq = omp_monte_carlo(["AhAs", "KdKc"], 0.00039, threads)
            runs.append(hands / (time.perf_counter() - t0))
        omp_rate = statistics.median(runs)
        label = f"MC AhAs vs KdKc 1M [{threads} thr]"
        print(f"{label:34s} {ours_rate / 1e6:6.1f} M/s {omp_rate / 1e6:8.1f} M/s "
              f"{omp_rate / ours_rate:7.2f}")
    print("ratio = ours time / OMPEval time (for Monte Carlo: OMPEval trials/s over ours)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
