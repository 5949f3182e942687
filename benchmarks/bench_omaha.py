#!/usr/bin/env python3
"""Omaha side by side: our direct tables, our kernel before them, phevaluator, in one run.

    python benchmarks/bench_omaha.py [--rows 2000000] [--rounds 7] [--seed 20261206]
                                     [--baseline DIR] [--skip-equity]

Every figure is CPU time of one thread, on the same seeded random rows, rounds interleaved
(each side once per round, in turn), so that load from other processes falls on all sides
alike; medians (and bests) per side, ratios of medians from this run:

* ``evaluate_omaha_batch`` on rows of 4, 5 and 6 hole cards with their own 5-card boards;
  the 7-card ``evaluate_batch`` on random 7-card rows (the scale of the target: Omaha 4+5
  at 0.25x or more of it).
* phevaluator's Omaha (``evaluate_omaha_cards``, four hole cards): its C function called
  from a small C loop over the same rows (built here with ``cc``; skipped without one), and
  the Python function once per hand as its users call it (on a slice of the rows).
* ``--baseline DIR``: holdem-eval from before the direct tables (the 60 two-plus-three
  choices), a source tree with its extension built in place, e.g.
  ``git archive 62e830f | tar -x -C DIR && (cd DIR && python setup.py build_ext --inplace)``.
  It runs in a worker process started once (``PYTHONPATH=DIR``), which times the same
  calls on the same rows when asked, between our rounds.
* Unless ``--skip-equity``: Omaha equity (exact and Monte Carlo, preflop), Omaha
  hi-lo Monte Carlo and ``evaluate_hilo_batch``, ours against the baseline.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from harness import deal

import holdem_eval as he

# The C loop that calls phevaluator's native Omaha function on rows of 4 hole + 5 board
# card ids (phevaluator's ids are ours: 4 * rank + suit, suits c, d, h, s).
PHEVAL_LOOP = r"""
#include <stddef.h>
#include <stdint.h>
typedef int (*omaha_fn)(int, int, int, int, int, int, int, int, int);
void pheval_rows(omaha_fn f, const uint8_t *rows, size_t n, uint16_t *out)
{
    for (size_t i = 0; i < n; i++) {
        const uint8_t *r = rows + 9 * i; /* board first, then the hole */
        out[i] = (uint16_t)f(r[4], r[5], r[6], r[7], r[8], r[0], r[1], r[2], r[3]);
    }
}
"""


def tasks(mod: Any, rows: dict[int, np.ndarray], equity: bool) -> dict[str, tuple[Callable[[], object], int]]:
    """The timed calls by name (the same in the worker, with its own holdem_eval):
    (call, units done by one call)."""
    out: dict[str, tuple[Callable[[], object], int]] = {}

    def batch(holes: np.ndarray, boards: np.ndarray) -> Callable[[], object]:
        res = np.empty(len(holes), dtype=np.uint16)
        return lambda: mod.evaluate_omaha_batch(holes, boards, out=res)

    for nh, r in rows.items():
        holes, boards = np.ascontiguousarray(r[:, :nh]), np.ascontiguousarray(r[:, nh:])
        out[f"omaha {nh}+5"] = (batch(holes, boards), len(r))
    if equity:
        r = rows[4][:500_000]
        holes, boards = np.ascontiguousarray(r[:, :4]), np.ascontiguousarray(r[:, 4:])
        out["hi-lo batch 4+5"] = (lambda: mod.evaluate_hilo_batch(holes, boards), len(r))
        out["equity exact preflop"] = (  # every board: 1,086,008 games
            lambda: mod.equity(["AhAsKhKs", "QdJdTd9d"], variant="omaha", method="exact"), 1_086_008)
        out["equity MC preflop"] = (
            lambda: mod.equity(["AhAsKhKs", "QdJdTd9d", "random"], variant="omaha",
                               method="monte_carlo", trials=1_000_000, seed=1), 1_000_000)
        out["hi-lo equity MC"] = (
            lambda: mod.equity(["As2d3hKc", "7s7d8h9c"], variant="omaha-hi-lo",
                               method="monte_carlo", trials=1_000_000, seed=1), 1_000_000)
    return out


def cpu_seconds(fn: Callable[[], object]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def worker(rows_file: Path, equity: bool) -> int:
    """The baseline side: times the named task on each line of stdin, prints CPU seconds."""
    data = np.load(rows_file)
    todo = tasks(he, {nh: data[f"r{nh}"] for nh in (4, 5, 6)}, equity)
    print(json.dumps({"module": he.__file__}), flush=True)
    for line in sys.stdin:
        print(json.dumps(cpu_seconds(todo[line.strip()][0])), flush=True)
    return 0


class Baseline:
    """A worker process with the baseline's holdem_eval, timing tasks on request."""

    def __init__(self, tree: Path, rows_file: Path, equity: bool) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree))
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", str(rows_file)]
        self.proc = subprocess.Popen([*cmd, *(["--skip-equity"] if not equity else [])],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env=env, cwd=tempfile.gettempdir())
        self.module = json.loads(self._line())["module"]

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the baseline worker stopped")
        return line

    def seconds(self, task: str) -> float:
        assert self.proc.stdin is not None
        self.proc.stdin.write(task + "\n")
        self.proc.stdin.flush()
        return float(json.loads(self._line()))

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def pheval_native(tmp: Path) -> Callable[[np.ndarray, np.ndarray], None] | None:
    """phevaluator's C evaluate_omaha_cards over rows (n, 9) into out (n,), or None without
    phevaluator or a C compiler."""
    try:
        from phevaluator import _pheval  # type: ignore[import-untyped]  # no type information
    except ImportError:
        return None
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    src, lib_path = tmp / "pheval_loop.c", tmp / "pheval_loop.so"
    src.write_text(PHEVAL_LOOP)
    subprocess.run([cc, "-O2", "-shared", "-fPIC", str(src), "-o", str(lib_path)], check=True)
    loop = ctypes.CDLL(str(lib_path)).pheval_rows
    loop.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
    fn = ctypes.cast(ctypes.CDLL(_pheval.__file__).evaluate_omaha_cards, ctypes.c_void_p).value

    def run(rows: np.ndarray, out: np.ndarray) -> None:
        loop(fn, rows.ctypes.data, len(rows), out.ctypes.data)

    return run


def line(name: str, rates: list[float], unit: str = "M hands/s") -> str:
    return (f"  {name:44s} median {statistics.median(rates) / 1e6:8.2f}   "
            f"best {max(rates) / 1e6:8.2f} {unit}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=2_000_000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=20261206)
    ap.add_argument("--baseline", type=Path, help="holdem-eval before the direct tables (see above)")
    ap.add_argument("--skip-equity", action="store_true")
    ap.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        return worker(args.worker, not args.skip_equity)

    rows = {nh: deal(args.rows, nh + 5, args.seed + nh) for nh in (4, 5, 6)}
    seven = deal(args.rows, 7, args.seed)
    seven_out = np.empty(len(seven), dtype=np.uint16)
    ours = tasks(he, rows, not args.skip_equity)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        rows_file = tmp / "rows.npz"
        np.savez(rows_file, r4=rows[4], r5=rows[5], r6=rows[6])
        base = Baseline(args.baseline, rows_file, not args.skip_equity) if args.baseline else None
        native = pheval_native(tmp)
        r4 = rows[4]
        ph_rows, ph_out = np.ascontiguousarray(r4), np.empty(len(r4), dtype=np.uint16)
        py_rows = [tuple(r) for r in r4[:200_000].tolist()]
        from phevaluator import evaluate_omaha_cards

        def pheval_python() -> None:
            for r in py_rows:
                evaluate_omaha_cards(r[4], r[5], r[6], r[7], r[8], r[0], r[1], r[2], r[3])

        rates: dict[str, list[float]] = {}

        def add(name: str, units: int, seconds: float) -> None:
            rates.setdefault(name, []).append(units / max(seconds, 1e-9))

        for _ in range(args.rounds):
            seconds = cpu_seconds(lambda: he.evaluate_batch(seven, out=seven_out))
            add("7-card evaluate_batch", len(seven), seconds)
            for name, (call, units) in ours.items():
                add(f"ours {name}", units, cpu_seconds(call))
                if base is not None:
                    add(f"before {name}", units, base.seconds(name))
            if native is not None:
                add("phevaluator C loop", len(ph_rows), cpu_seconds(lambda: native(ph_rows, ph_out)))
            add("phevaluator Python calls", len(py_rows), cpu_seconds(pheval_python))
        if base is not None:
            base.close()

    check = he.evaluate_omaha_batch(r4[:, :4], r4[:, 4:])
    if native is not None:
        assert np.array_equal(check, ph_out), "phevaluator and holdem-eval disagree"
    med = {k: statistics.median(v) for k, v in rates.items()}
    print(f"Omaha, {args.rows:,} random rows of each size (own 5-card boards), one thread, CPU time, "
          f"{args.rounds} rounds interleaved (load average {os.getloadavg()[0]:.1f}):")
    print(line("holdem-eval evaluate_batch, 7 cards", rates["7-card evaluate_batch"]))
    for nh in (4, 5, 6):
        print(line(f"holdem-eval evaluate_omaha_batch {nh}+5", rates[f"ours omaha {nh}+5"]))
        if base is not None:
            print(line(f"before (60/100/150 choices) {nh}+5", rates[f"before omaha {nh}+5"]))
    if native is not None:
        print(line("phevaluator evaluate_omaha_cards, C loop 4+5", rates["phevaluator C loop"]))
    print(line("phevaluator evaluate_omaha_cards, Python 4+5", rates["phevaluator Python calls"]))
    o4 = med["ours omaha 4+5"]
    print(f"  ratio Omaha 4+5 / 7-card evaluate_batch: median {o4 / med['7-card evaluate_batch']:.3f}")
    if native is not None:
        print(f"  ratio Omaha 4+5 / phevaluator C loop: median {o4 / med['phevaluator C loop']:.2f}")
    print(f"  ratio Omaha 4+5 / phevaluator Python calls: median {o4 / med['phevaluator Python calls']:.1f}")
    if base is not None:
        for nh in (4, 5, 6):
            r = med[f"ours omaha {nh}+5"] / med[f"before omaha {nh}+5"]
            print(f"  ratio ours / before, {nh}+5: median {r:.2f}")
    if not args.skip_equity:
        print("Omaha equity and hi-lo, one thread, CPU time:")
        for name, unit in (("hi-lo batch 4+5", "M hands/s"), ("equity exact preflop", "M games/s"),
                           ("equity MC preflop", "M trials/s"), ("hi-lo equity MC", "M trials/s")):
            print(line(f"holdem-eval {name}", rates[f"ours {name}"], unit))
            if base is not None:
                print(line(f"before {name}", rates[f"before {name}"], unit))
                print(f"  ratio ours / before: median {med[f'ours {name}'] / med[f'before {name}']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
