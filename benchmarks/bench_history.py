"""Hand-history statistics with all-in EV and conversion to PHH (issue 28 items 3, 5):
hands/s and peak memory.

pytest-benchmark suite (seeded synthetic PokerStars hands, built once; rate in
``extra_info``):

    .venv/bin/python -m pytest benchmarks/bench_history.py --benchmark-enable --benchmark-only

The targets, as a script: synthetic PokerStars files (tests/history_synth.py, 1,000 hands a
file) are generated in a temporary folder, then ``write_history_stats`` writes their
statistics to Parquet in a child process per run — in one process, and on an embedded
Dask cluster of 1 and 2 worker processes — for each hand count (``--job convert``:
``convert_history`` to one PHHS file instead). Each run reports hands/s
(the cluster's start excluded, reported apart), the CPU seconds of the whole process tree
(driver and workers: hands per CPU second does not depend on what else the machine runs,
wall-clock hands/s does) and its peak resident memory (sampled every 50 ms with psutil),
so a flat column shows the memory does not grow with the number of hands:

    .venv/bin/python benchmarks/bench_history.py --hands 20000 40000 80000
    .venv/bin/python benchmarks/bench_history.py --job convert --hands 20000 80000

``--one-file`` writes all the hands to one file (one large export, read as a stream and cut
into hand-aligned slices); ``--distinct N`` generates N hands and repeats them under new
hand ids (a million hands in seconds, not an hour; the readers and the engine do the same
work for a repeated hand):

    .venv/bin/python benchmarks/bench_history.py --job convert --workers 0 --one-file \
        --distinct 5000 --hands 1350000          # about 1 GB in one file
    .venv/bin/python benchmarks/bench_history.py --job convert --workers 0 \
        --distinct 5000 --hands 1000000          # 1,000 files of 1,000 hands
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from history_synth import stars_hands, write_stars_files  # the tests' generator

PER_FILE = 1_000


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hh")
    write_stars_files(path, 5_000, seed=28, per_file=PER_FILE)
    return path


def test_stats_one_process(benchmark, folder, tmp_path):  # type: ignore[no-untyped-def]
    from holdem_eval.engine import write_history_stats

    out = tmp_path / "stats.parquet"
    summary = benchmark.pedantic(write_history_stats, args=([folder], out), rounds=1,
                                 iterations=1)
    benchmark.extra_info["hands_per_s"] = summary.hands / benchmark.stats.stats.mean


class _PeakRss:
    """The largest total RSS of this process and all its descendants, sampled."""

    def __init__(self) -> None:
        import psutil

        self._me = psutil.Process()
        self.peak = 0
        self.trace: list[int] = []  # the total every 10 s, to see a trend within one run
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        import psutil

        last = 0.0
        while not self._stop.is_set():
            total = 0
            for p in [self._me, *self._me.children(recursive=True)]:
                with contextlib.suppress(psutil.Error):
                    total += p.memory_info().rss
            self.peak = max(self.peak, total)
            if time.perf_counter() - last >= 10:
                self.trace.append(total)
                last = time.perf_counter()
            self._stop.wait(0.05)

    def stop(self) -> int:
        self._stop.set()
        self._thread.join()
        return self.peak

    def cpu_seconds(self) -> float:
        """CPU time (user + system) used so far by this process and its live descendants."""
        import psutil

        total = 0.0
        for p in [self._me, *self._me.children(recursive=True)]:
            with contextlib.suppress(psutil.Error):
                t = p.cpu_times()
                total += t.user + t.system
        return total


def child(files: list[str], workers: int, out: str, job: str) -> dict[str, Any]:
    """One run, in a fresh process: time and peak memory of write_history_stats (job
    "stats") or convert_history (job "convert")."""
    import logging

    from holdem_eval.engine import convert_history, write_history_stats

    meter = _PeakRss()
    client = cluster = None
    started = 0.0
    if workers:
        import distributed

        t0 = time.perf_counter()
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                           processes=True, dashboard_address=None,
                                           silence_logs=logging.ERROR)
        client = distributed.Client(cluster)
        started = time.perf_counter() - t0
    t0, cpu0 = time.perf_counter(), meter.cpu_seconds()
    if job == "convert":
        done = convert_history(files, out + ".phhs", client=client, overwrite=True)
        hands, rows, parts = done.hands, done.hands, done.parts
    else:
        summary = write_history_stats(files, out, client=client)
        hands, rows, parts = summary.hands, summary.rows, summary.parts
    seconds = time.perf_counter() - t0
    cpu = meter.cpu_seconds() - cpu0
    peak = meter.stop()
    if client is not None and cluster is not None:
        client.close()
        cluster.close()
    return {"hands": hands, "rows": rows, "seconds": seconds,
            "cluster_start": started, "peak_rss_mb": peak / 2**20, "parts": parts,
            "cpu_seconds": cpu, "rss_trace_mb": [round(t / 2**20) for t in meter.trace]}


def write_repeated(folder: Path, n: int, distinct: int, *, one_file: bool) -> list[Path]:
    """``n`` hands, ``distinct`` generated ones repeated under new hand ids, in files of
    :data:`PER_FILE` hands (or one file)."""
    folder.mkdir(parents=True, exist_ok=True)
    block = list(stars_hands(distinct, seed=28))
    paths: list[Path] = []
    f = None
    try:
        for k in range(n):
            if f is None or (not one_file and k % PER_FILE == 0):
                if f is not None:
                    f.close()
                paths.append(folder / f"hh-{len(paths):05d}.txt")
                f = open(paths[-1], "w", encoding="utf-8", newline="\n")  # noqa: SIM115
            text = block[k % distinct]
            f.write(text.replace("PokerStars Hand #", f"PokerStars Hand #{k // distinct}0", 1))
            f.write("\n\n\n")
    finally:
        if f is not None:
            f.close()
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, nargs="+", default=[20_000, 40_000, 80_000])
    ap.add_argument("--workers", type=int, nargs="+", default=[0, 1, 2],
                    help="0: one process, no Dask; N: an embedded cluster of N workers")
    ap.add_argument("--job", choices=("stats", "convert"), default="stats",
                    help="write_history_stats (default) or convert_history")
    ap.add_argument("--one-file", action="store_true",
                    help="all the hands in one file (default: files of 1,000 hands)")
    ap.add_argument("--distinct", type=int, default=0, metavar="N",
                    help="generate N hands and repeat them under new ids (default: all distinct)")
    ap.add_argument("--child", nargs=3, metavar=("FILES", "WORKERS", "OUT"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        files, workers, out = args.child
        print(json.dumps(child(json.loads(files), int(workers), out, args.job)))
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-history-") as tmp:
        folder = Path(tmp) / "hh"
        t0 = time.perf_counter()
        if args.one_file or args.distinct:
            many = len(args.hands) > 1
            if args.one_file and many:
                ap.error("--one-file takes one --hands count")
            paths = write_repeated(folder, max(args.hands), args.distinct or max(args.hands),
                                   one_file=args.one_file)
        else:
            paths = write_stars_files(folder, max(args.hands), seed=28, per_file=PER_FILE)
        size = sum(p.stat().st_size for p in paths)
        print(f"generated {max(args.hands):,} PokerStars hands in {len(paths)} files"
              f" ({size / 2**20:,.0f} MB) in {time.perf_counter() - t0:.1f} s")
        print(f"{'hands':>9} {'mode':>12} {'seconds':>8} {'hands/s':>9} {'CPU s':>7}"
              f" {'hands/CPU s':>11} {'peak RSS':>10} {'cluster start':>13}")
        for n in args.hands:
            files = [str(p) for p in (paths if args.one_file else paths[: -(-n // PER_FILE)])]
            for workers in args.workers:
                out = str(Path(tmp) / "stats.parquet")
                run = subprocess.run(
                    [sys.executable, __file__, "--job", args.job, "--child", json.dumps(files),
                     str(workers), out],
                    check=True, capture_output=True, text=True)
                r = json.loads(run.stdout.splitlines()[-1])
                mode = f"{workers} worker" + ("s" if workers > 1 else "") if workers else "1 process"
                print(f"{r['hands']:>9,} {mode:>12} {r['seconds']:>8.1f}"
                      f" {r['hands'] / r['seconds']:>9,.0f} {r['cpu_seconds']:>7.1f}"
                      f" {r['hands'] / r['cpu_seconds']:>11,.0f} {r['peak_rss_mb']:>7.0f} MB"
                      f" {r['cluster_start']:>11.1f} s", flush=True)
                if len(r["rss_trace_mb"]) > 2:
                    print(f"{'':>9} RSS every 10 s (MB): {r['rss_trace_mb']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
