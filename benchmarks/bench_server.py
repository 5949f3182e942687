"""The reference server under load: N tables x 6 random bots against one ``holdem-eval
serve`` process over real websockets on 127.0.0.1.

Prints actions per second (wall time), the server's CPU seconds per second (how much of
one core it used), actions per server-CPU-second (what one core carries when it is the
server's alone), and the latency from a bot's ``act`` to the next ``update`` it receives
(p50/p99). The bots act at once (no thinking time) and run in this process, so the loop is
closed: with N tables there are N actions in flight, and once the server's core is busy
the latency is about N / throughput. On a 2-core machine the bots compete with the server
for the second core; the per-CPU-second figure is the server's own.

With ``--workers 1 2`` each table count runs against one process and against two worker
processes (``serve --workers 2``); the last column gives the actions/s as a ratio to the
first row of the table count (one process, the first ``--snapshots`` mode). The bots run
in ``--bot-procs`` processes (default 1) and connect to ``/ws?table=K`` so each lands on
the worker owning its table. Server CPU adds up the front and the workers.

    python benchmarks/bench_server.py --tables 50 --seconds 20
    python benchmarks/bench_server.py --tables 10 --no-state     # without snapshots
    python benchmarks/bench_server.py --tables 50 --workers 1 2 --bot-procs 2
    python benchmarks/bench_server.py --tables 50 --snapshots journal whole   # old path too

``--snapshots`` runs each table count with each way of saving the state: ``journal`` (a
record appended per change, the whole snapshot at a hand's end: the server now),
``whole`` (``--no-journal``: the whole snapshot rewritten after every change, the server
before) and ``none`` (no ``--state-dir``). ``--baseline PYTHON`` first runs, in the same
run, the server of another install (``PYTHON -m holdem_eval serve``: a checkout of an
older version, one process, its default snapshots), labelled ``baseline``.

    python benchmarks/bench_server.py --tables 50 --baseline ../old/.venv/bin/python
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from server_bots import Client, start_server, worker_pids


class LeanClient(Client):
    """A bot that parses an update only when it may concern it (its turn, its pending
    action, a bust), so the load generator spends less of the CPU the server needs."""

    async def _read(self, ws: Any) -> None:
        mine = f'"actor":{self.seat},'
        async for raw in ws:
            if self.sent_at is None and mine not in raw and '"busted"' not in raw and '"error"' not in raw:
                continue
            msg = json.loads(raw)
            reply = self.handle(msg)
            if reply is not None:
                await ws.send(json.dumps(reply))


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _bots(url: str, tables: list[int], warmup: float, seconds: float,
                pids: list[int]) -> dict[str, Any]:
    bots = [LeanClient(f"{url}?table={k}", k, seat, seed=k * 10 + seat, buy_in=400)
            for k in tables for seat in range(6)]
    stop = asyncio.Event()
    tasks = [asyncio.ensure_future(b.run(stop)) for b in bots]
    await asyncio.sleep(warmup)
    a0, c0, t0 = sum(b.actions for b in bots), sum(map(_cpu_seconds, pids)), time.perf_counter()
    for b in bots:
        b.latencies.clear()
    await asyncio.sleep(seconds)
    a1, c1, t1 = sum(b.actions for b in bots), sum(map(_cpu_seconds, pids)), time.perf_counter()
    lat = [x for b in bots for x in b.latencies]
    stop.set()
    await asyncio.gather(*tasks)
    return {"actions": a1 - a0, "wall": t1 - t0, "cpu": c1 - c0, "lat": lat,
            "errors": sum(len([e for e in b.errors if e["code"] != "refused"]) for b in bots)}


def _bots_process(args: tuple[str, list[int], float, float, list[int]]) -> dict[str, Any]:
    return asyncio.run(_bots(*args))


def _load(url: str, tables: int, warmup: float, seconds: float, pids: list[int],
          procs: int) -> dict[str, float]:
    """The bots of ``tables`` tables in ``procs`` processes (tables dealt out in turn);
    the CPU of the server processes ``pids`` is measured by the first."""
    shares = [list(range(tables))[i::procs] for i in range(procs)]
    if procs == 1:
        parts = [asyncio.run(_bots(url, shares[0], warmup, seconds, pids))]
    else:
        with multiprocessing.get_context("spawn").Pool(procs) as pool:
            parts = pool.map(_bots_process, [(url, share, warmup, seconds, pids if i == 0 else [])
                                             for i, share in enumerate(shares)])
    lat = sorted(x for p in parts for x in p["lat"])
    wall = max(p["wall"] for p in parts)
    return {"actions": sum(p["actions"] for p in parts), "wall": wall, "cpu": parts[0]["cpu"],
            "p50": statistics.median(lat) * 1e3 if lat else float("nan"),
            "p99": lat[int(0.99 * (len(lat) - 1))] * 1e3 if lat else float("nan"),
            "errors": sum(p["errors"] for p in parts)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, nargs="+", default=[1, 10, 50])
    ap.add_argument("--workers", type=int, nargs="+", default=[1],
                    help="server processes to compare (serve --workers N), e.g. 1 2")
    ap.add_argument("--bot-procs", type=int, default=1, help="processes running the bots")
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--warmup", type=float, default=3.0)
    ap.add_argument("--snapshots", nargs="+", choices=("journal", "whole", "none"), default=["journal"],
                    help="ways of saving the state to compare (default journal)")
    ap.add_argument("--no-state", action="store_true", help="the same as --snapshots none")
    ap.add_argument("--baseline", metavar="PYTHON", default=None,
                    help="also run the server of another install (its python), first")
    args = ap.parse_args()
    modes = ["none"] if args.no_state else args.snapshots
    print(f"{'tables':>6} {'workers':>7} {'snapshots':>9} {'actions/s':>10} {'server CPU/s':>12} "
          f"{'actions/CPU-s':>13} {'p50 ms':>7} {'p99 ms':>7} {'x first':>8}")
    for tables in args.tables:
        base = None
        runs = [(w, m) for w in args.workers for m in modes]
        if args.baseline is not None:
            runs.insert(0, (1, "baseline"))
        for workers, mode in runs:
            with tempfile.TemporaryDirectory() as tmp:
                state = Path(tmp) / "state"
                own = ["--workers", str(workers), *(["--no-journal"] if mode == "whole" else [])]
                proc, port = start_server(state, "--tables", str(tables), "--hand-delay", "0",
                                          "--clock", "60", "--blinds", "1/2",
                                          *(own if mode != "baseline" else []), snapshots=mode != "none",
                                          python=args.baseline if mode == "baseline" else sys.executable)
                try:
                    url = f"ws://127.0.0.1:{port}/ws"
                    r = _load(url, tables, args.warmup, args.seconds, [proc.pid, *worker_pids(proc)],
                              args.bot_procs)
                finally:
                    proc.terminate()
                    proc.wait()
            rate = r["actions"] / r["wall"]
            base = rate if base is None else base
            print(f"{tables:>6} {workers:>7} {mode:>9} {rate:>10,.0f} {r['cpu'] / r['wall']:>12.2f} "
                  f"{r['actions'] / max(r['cpu'], 1e-9):>13,.0f} {r['p50']:>7.1f} {r['p99']:>7.1f}"
                  f" {rate / base:>7.2f}x" + (f"  ({r['errors']:.0f} errors)" if r["errors"] else ""),
                  flush=True)


if __name__ == "__main__":
    main()
