#!/usr/bin/env python3
"""holdem-eval against the native anchors: OMPEval and SKPokerEval built from source.

    python benchmarks/compare_native.py [--hands 10000000] [--rounds 5] [--seed 20261201]
                                        [--anchors ../shared/anchors] [--skip-mc]

The anchors (sources, a native driver and ``build.sh``) live in ``../shared/anchors``
beside the checkout; they are built into ``$ANCHORS_BUILD`` (default /tmp/anchors-build)
and never linked into holdem-eval. Without them the script says so and exits 0.

Every figure is measured in one run, rounds interleaved (ours, then the anchors, then
ours again ...), so load from other processes falls on all sides alike:

* 7-card evaluation: the same random hands (``--seed``) through ``evaluate_batch`` (one
  thread, CPU time) and through each anchor's driver (``anchor_rand``, CPU time); the
  median and best M hands/s of each, and our ratio to the faster anchor.
* ``threads=2`` against ``threads=1`` on the same hands (wall time).
* Monte Carlo equity (heads-up, and AKs vs QQ vs random), one thread:
  ``equity(..., method="monte_carlo")`` against OMPEval's EquityCalculator (``anchor_equity
  mc``) on the same spots, trials per CPU second on both sides (the anchor's start-up
  subtracted).
* Omaha (4 hole + 5 board cards, random rows, one thread): our M hands/s and its ratio to
  our 7-card batch, interleaved (phevaluator and our kernel before: bench_omaha.py).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np
from harness import deal

import holdem_eval as he

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ANCHORS = ROOT.parent / "shared" / "anchors"
MC_SPOTS = (("AhAs", "KdKc"), ("AKs", "QQ"), ("TT+,AKs", "QQ+"), ("AKs", "random"),
            ("AKs", "QQ", "random"))


def rate(fn: Callable[[], object], n: int, clock: Callable[[], float]) -> float:
    t = clock()
    fn()
    return n / (clock() - t)


def line(name: str, rates: list[float], unit: str = "M hands/s",
         best: list[float] | None = None) -> str:
    """Median and best of ``rates`` (per second); ``best`` when the bests are apart."""
    top = max(best if best is not None else rates)
    return f"  {name:34s} median {statistics.median(rates) / 1e6:8.1f}   best {top / 1e6:8.1f} {unit}"


def build_anchors(anchors: Path) -> tuple[Path, Path]:
    exe = subprocess.run(["bash", str(anchors / "build.sh")], check=True, capture_output=True,
                         text=True).stdout.strip()
    rand = Path(exe)
    return rand, rand.with_name("anchor_equity")


def compare_eval(rand: Path, hands: np.ndarray, rounds: int) -> None:
    n = hands.shape[0]
    out = np.empty(n, dtype=np.uint16)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.bin"
        hands.tofile(path)
        ours: list[float] = []
        anchor: dict[str, list[float]] = {"ompeval": [], "skpokereval": []}
        anchor_best: dict[str, list[float]] = {"ompeval": [], "skpokereval": []}
        for _ in range(rounds):
            for _ in range(3):
                ours.append(rate(lambda: he.evaluate_batch(hands, out=out), n, time.process_time))
            res = subprocess.run([str(rand), str(path), "3"], check=True, capture_output=True,
                                 text=True).stdout
            for row in res.splitlines():  # "<name> best B median M" in M hands/s, 3 passes
                name, _, best, _, med = row.split()
                anchor[name].append(float(med) * 1e6)
                anchor_best[name].append(float(best) * 1e6)
    print(f"7-card evaluation, {n:,} random hands, one thread, CPU time, {rounds} rounds:")
    print(line("holdem-eval evaluate_batch", ours))
    print(line("OMPEval (native, Rand1)", anchor["ompeval"], best=anchor_best["ompeval"]))
    print(line("SKPokerEval (native)", anchor["skpokereval"], best=anchor_best["skpokereval"]))
    fast = max(anchor, key=lambda k: statistics.median(anchor[k]))
    med_ratio = statistics.median(ours) / statistics.median(anchor[fast])
    best_ratio = max(ours) / max(max(v) for v in anchor_best.values())
    print(f"  ratio ours / faster anchor ({fast}): median {med_ratio:.2f}, best {best_ratio:.2f}")


def compare_threads(hands: np.ndarray, rounds: int) -> None:
    n = hands.shape[0]
    out = np.empty(n, dtype=np.uint16)
    wall: dict[int, list[float]] = {1: [], 2: []}
    cpu: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(rounds):
        for threads in (1, 2):
            t, c = time.perf_counter(), time.process_time()
            he.evaluate_batch(hands, out=out, threads=threads)
            wall[threads].append(n / (time.perf_counter() - t))
            cpu[threads].append(time.process_time() - c)
    print(f"threads, {n:,} hands, wall time ({os.cpu_count()} CPUs here, load average "
          f"{os.getloadavg()[0]:.1f}):")
    print(line("threads=1", wall[1]))
    print(line("threads=2", wall[2]))
    ratio = statistics.median(wall[2]) / statistics.median(wall[1])
    print(f"  ratio threads=2 / threads=1: median {ratio:.2f}")
    # With idle cores the wall ratio approaches 2 / (this CPU ratio): the work added by
    # splitting (pool hand-off, chunk edges) is what this shows, apart from the load.
    print(f"  CPU seconds threads=2 / threads=1: median "
          f"{statistics.median(cpu[2]) / statistics.median(cpu[1]):.2f}")


def child_cpu() -> float:
    """CPU seconds used so far by finished child processes (user + system)."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def compare_mc(equity_exe: Path, trials: int, rounds: int) -> None:
    # CPU time on both sides: OMPEval's own timer is a wall clock, which on a loaded
    # machine measures the load. Its start-up (table set-up) is timed with a 1-trial run
    # and subtracted.
    def anchor_run(spot: tuple[str, ...], n: int) -> tuple[int, float]:
        t = child_cpu()
        res = subprocess.run([str(equity_exe), "mc", str(n), *spot], check=True,
                             capture_output=True, text=True).stdout.split()
        return int(res[0]), child_cpu() - t

    print(f"Monte Carlo, {trials:,} trials, one thread, CPU time:")
    for spot in MC_SPOTS:
        ours: list[float] = []
        omp: list[float] = []
        for r in range(rounds):
            run = partial(he.equity, list(spot), method="monte_carlo", trials=trials, seed=r + 1)
            ours.append(rate(run, trials, time.process_time))
            start = anchor_run(spot, 1)[1]
            games, cpu = anchor_run(spot, trials)
            omp.append(games / max(cpu - start, 1e-9))
        print(line(f"holdem-eval {' vs '.join(spot)}", ours, "M trials/s"))
        print(line(f"OMPEval {' vs '.join(spot)}", omp, "M trials/s"))
        print(f"  ratio ours / OMPEval: median {statistics.median(ours) / statistics.median(omp):.2f}")


def omaha(hands: np.ndarray, n: int, seed: int, rounds: int) -> None:
    rows = deal(n, 9, seed + 1)
    holes, boards = np.ascontiguousarray(rows[:, :4]), np.ascontiguousarray(rows[:, 4:])
    out = np.empty(n, dtype=np.uint16)
    seven = np.ascontiguousarray(hands[:n])
    out7 = np.empty(len(seven), dtype=np.uint16)
    rates: list[float] = []
    rates7: list[float] = []
    for _ in range(rounds):  # interleaved with the 7-card batch: the ratio of one run
        rates.append(rate(lambda: he.evaluate_omaha_batch(holes, boards, out=out), n, time.process_time))
        rates7.append(rate(lambda: he.evaluate_batch(seven, out=out7), len(seven), time.process_time))
    print(f"Omaha, {n:,} random rows (4 hole + 5 board), one thread, CPU time "
          "(phevaluator and the kernel before: bench_omaha.py):")
    print(line("holdem-eval evaluate_omaha_batch", rates))
    print(line("holdem-eval evaluate_batch, 7 cards", rates7))
    print(f"  ratio Omaha / 7-card: median {statistics.median(rates) / statistics.median(rates7):.3f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10_000_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("--trials", type=int, default=4_000_000, help="Monte Carlo trials per run")
    ap.add_argument("--omaha-hands", type=int, default=2_000_000)
    ap.add_argument("--anchors", type=Path, default=DEFAULT_ANCHORS)
    ap.add_argument("--skip-mc", action="store_true")
    args = ap.parse_args(argv)
    if not (args.anchors / "build.sh").is_file():
        print(f"native anchors not found at {args.anchors} (pass --anchors DIR): nothing to compare")
        return 0
    rand, equity_exe = build_anchors(args.anchors)
    hands = deal(args.hands, 7, args.seed)
    compare_eval(rand, hands, args.rounds)
    compare_threads(hands, args.rounds)
    if not args.skip_mc:
        compare_mc(equity_exe, args.trials, args.rounds)
    omaha(hands, args.omaha_hands, args.seed, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
