"""The reference server under load: N tables x 6 random bots against one ``holdem-eval
serve`` process over real websockets on 127.0.0.1.

Prints actions per second (wall time), the server's CPU seconds per second (how much of
one core it used), actions per server-CPU-second (what one core carries when it is the
server's alone), and the latency from a bot's ``act`` to the next ``update`` it receives
(p50/p99). The bots act at once (no thinking time) and run in this process, so the loop is
closed: with N tables there are N actions in flight, and once the server's core is busy
the latency is about N / throughput. On a 2-core machine the bots compete with the server
for the second core; the per-CPU-second figure is the server's own.

    python benchmarks/bench_server.py --tables 50 --seconds 20
    python benchmarks/bench_server.py --tables 10 --no-state     # without snapshots
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from server_bots import Client, start_server


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


async def _load(url: str, tables: int, warmup: float, seconds: float, pid: int) -> dict[str, float]:
    bots = [LeanClient(url, k, seat, seed=k * 10 + seat, buy_in=400)
            for k in range(tables) for seat in range(6)]
    stop = asyncio.Event()
    tasks = [asyncio.ensure_future(b.run(stop)) for b in bots]
    await asyncio.sleep(warmup)
    a0, c0, t0 = sum(b.actions for b in bots), _cpu_seconds(pid), time.perf_counter()
    for b in bots:
        b.latencies.clear()
    await asyncio.sleep(seconds)
    a1, c1, t1 = sum(b.actions for b in bots), _cpu_seconds(pid), time.perf_counter()
    lat = sorted(x for b in bots for x in b.latencies)
    stop.set()
    await asyncio.gather(*tasks)
    return {"actions": a1 - a0, "wall": t1 - t0, "cpu": c1 - c0,
            "p50": statistics.median(lat) * 1e3 if lat else float("nan"),
            "p99": lat[int(0.99 * (len(lat) - 1))] * 1e3 if lat else float("nan"),
            "errors": sum(len([e for e in b.errors if e["code"] != "refused"]) for b in bots)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, nargs="+", default=[1, 10, 50])
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--warmup", type=float, default=3.0)
    ap.add_argument("--no-state", action="store_true", help="run the server without --state-dir")
    args = ap.parse_args()
    print(f"{'tables':>6} {'actions/s':>10} {'server CPU/s':>12} {'actions/CPU-s':>13} "
          f"{'p50 ms':>7} {'p99 ms':>7}")
    for tables in args.tables:
        with tempfile.TemporaryDirectory() as tmp:
            state = Path(tmp) / "state"
            proc, port = start_server(state, "--tables", str(tables), "--hand-delay", "0", "--clock", "60",
                                      "--blinds", "1/2", snapshots=not args.no_state)
            try:
                url = f"ws://127.0.0.1:{port}/ws"
                r = asyncio.run(_load(url, tables, args.warmup, args.seconds, proc.pid))
            finally:
                proc.terminate()
                proc.wait()
        print(f"{tables:>6} {r['actions'] / r['wall']:>10,.0f} {r['cpu'] / r['wall']:>12.2f} "
              f"{r['actions'] / max(r['cpu'], 1e-9):>13,.0f} {r['p50']:>7.1f} {r['p99']:>7.1f}"
              + (f"  ({r['errors']:.0f} errors)" if r["errors"] else ""), flush=True)


if __name__ == "__main__":
    main()
