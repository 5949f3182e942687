"""``holdem-eval serve --workers N`` over real sockets on 127.0.0.1: tables split over the
workers behind one port, a seat resumed through whichever worker a connection reaches,
and a worker killed with ``kill -9`` started again while the other worker's tables play
on untouched (docs/server.md, "Several processes")."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from server_bots import (
    Client,
    leaks,
    next_message,
    open_ws,
    read_hand_log,
    start_server,
    stop_server,
    wait_until,
    worker_pids,
)

pytestmark = [pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning"),
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="--workers needs Linux")]


def test_tables_are_split_over_workers_and_a_seat_resumes_through_any(tmp_path: Path) -> None:
    state = tmp_path / "state"
    proc, port = start_server(state, "--tables", "4", "--workers", "2", "--seats", "3",
                              "--hand-delay", "0", "--clock", "30")
    url = f"ws://127.0.0.1:{port}/ws"
    try:
        pids = worker_pids(proc)
        assert len(pids) == 2 and proc.pid not in pids
        with open_ws(url) as ws:  # any worker lists every table, with the worker that owns it
            ws.send('{"type": "tables"}')
            tables = next_message(ws, "tables")["tables"]
        assert [(t["table"], t["worker"]) for t in tables] == [(0, 0), (1, 1), (2, 0), (3, 1)]
        # a join straight to the owner (?table=1), one through a plain /ws (relayed or not)
        with open_ws(f"{url}?table=1") as ann, open_ws(url) as bob:
            ann.send(json.dumps({"type": "join", "table": 1, "seat": 0, "name": "ann", "buy_in": 100}))
            token = next_message(ann, "joined")["token"]
            bob.send(json.dumps({"type": "join", "table": 1, "seat": 1, "name": "bob", "buy_in": 100}))
            assert next_message(bob, "joined")["seat"] == 1
            # the seat resumed through each worker in turn (plain /ws goes round the workers)
            # and through the other table's worker: the same seat, the same table state
            for where in (url, url, f"{url}?table=0", f"{url}?table=2"):
                with open_ws(where) as again:
                    again.send(json.dumps({"type": "resume", "table": 1, "token": token}))
                    assert next_message(again, "joined") == {"type": "joined", "table": 1, "seat": 0}
                    view = next_message(again, "update")["view"]
                    assert [s and s["name"] for s in view["seats"]] == ["ann", "bob", None]
                    again.send('{"type": "ping"}')
                    assert next_message(again, "pong") == {"type": "pong"}
            assert next_message(ann, "error")["code"] == "replaced"
            # refusals come back through a relay as they are
            with open_ws(f"{url}?table=0") as eve:
                eve.send(json.dumps({"type": "resume", "table": 1, "token": "guess"}))
                assert next_message(eve, "error")["code"] == "bad_token"
            with open_ws(url) as eve:
                eve.send(json.dumps({"type": "watch", "table": 4}))
                assert next_message(eve, "error")["code"] == "no_table"
        # every table's snapshot is in the one state folder, each written by its worker
        assert sorted({p.name.split("-")[1] for p in state.glob("table-*.snap")}) == ["0", "1", "2", "3"]
        with open_ws(url) as ws:  # the summaries follow the joins
            ws.send('{"type": "tables"}')
            assert [t["players"] for t in next_message(ws, "tables")["tables"]] == [0, 2, 0, 0]
    finally:
        stop_server(proc)
    assert proc.returncode == 0
    assert all(not Path(f"/proc/{pid}").exists() for pid in pids)  # the workers stopped with it


def test_a_killed_worker_is_started_again_and_its_players_resume(tmp_path: Path) -> None:
    state = tmp_path / "state"
    args = ("--tables", "2", "--workers", "2", "--seats", "3", "--hand-delay", "0", "--clock", "10")
    proc, port = start_server(state, *args)
    url = f"ws://127.0.0.1:{port}/ws"
    pids = worker_pids(proc)
    bots = {k: [Client(f"{url}?table={k}", k, seat, seed=10 * k + seat) for seat in range(3)] for k in (0, 1)}
    watchers = {k: Client(f"{url}?table={k}", k, None) for k in (0, 1)}
    everyone = [*bots[0], *bots[1], *watchers.values()]
    seen: dict[str, Any] = {}

    async def play() -> None:
        stop = asyncio.Event()
        tasks = [asyncio.ensure_future(c.run(stop)) for c in everyone]
        try:
            await wait_until(lambda: all(len(w.hands_ended) >= 5 for w in watchers.values()), 120,
                             "5 hands each")
            seen["before"] = {k: len(w.hands_ended) for k, w in watchers.items()}
            os.kill(pids[1], signal.SIGKILL)  # worker 1 owns table 1
            await wait_until(lambda: watchers[1].connects >= 2, 60, "table 1's watcher to reconnect")
            await wait_until(lambda: len(watchers[1].hands_ended) >= seen["before"][1] + 5, 120,
                         "5 more hands at table 1")
            await wait_until(lambda: len(watchers[0].hands_ended) >= seen["before"][0] + 5, 120,
                         "5 more hands at table 0")
        finally:
            stop.set()
            await asyncio.gather(*tasks)

    try:
        asyncio.run(play())
    finally:
        stop_server(proc)
    err = (tmp_path / "server.err").read_text()
    assert "worker 1 (tables 1) died (signal 9); starting it again" in err, err
    assert "worker 1 serves tables 1 again" in err, err
    # table 0's worker was not touched: its clients never lost their connection
    assert [c.connects for c in (*bots[0], watchers[0])] == [1] * 4
    # table 1's players resumed their seats (no join twice: the seat was never lost)
    assert all(c.connects >= 2 and not [e for e in c.errors if e["code"] not in ("refused",)]
               for c in (*bots[1], watchers[1])), [(c.connects, c.errors) for c in bots[1]]
    for k, w in watchers.items():  # nothing lost or repeated in either table's events
        seqs = [e["seq"] for m in w.received if m["type"] == "update" for e in m["events"]]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), k
        hands = read_hand_log(state / f"hands-{k}.jsonl")
        assert set(w.hands_ended) <= set(hands)
        for c in (*bots[k], w):
            assert leaks(c, hands) == [], c.name
