"""Several servers sharing one state folder (docs/server.md, "Several hosts"), here two on
127.0.0.1 with two ports: each runs its own tables (``--only``), a table's lock keeps the
other from running it too, and a table moves from one server to the other by restore,
mid-hand, its players resuming on the new server with their tokens and cursors."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from server_bots import open_ws, start_server

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="table locks need POSIX")


def _recv(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if msg["type"] == kind:
            return msg


def _stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)


def _join(url: str, table: int, seat: int) -> tuple[Any, str]:
    ws = open_ws(url)
    ws.send(json.dumps({"type": "join", "table": table, "seat": seat, "name": f"p{table}{seat}",
                        "buy_in": 100}))
    return ws, _recv(ws, "joined")["token"]


def test_a_table_moves_from_one_server_to_another_by_restore(tmp_path: Path) -> None:
    state = tmp_path / "state"
    common = ("--tables", "2", "--seats", "2", "--hand-delay", "0", "--clock", "60")
    a, port_a = start_server(state, *common, "--only", "0")
    b, port_b = start_server(state, *common, "--only", "1")
    url_a, url_b = f"ws://127.0.0.1:{port_a}/ws", f"ws://127.0.0.1:{port_b}/ws"
    try:
        # each server runs its own table and refuses the other's
        with open_ws(url_b) as ws:
            ws.send('{"type": "tables"}')
            assert [t["table"] for t in _recv(ws, "tables")["tables"]] == [1]
            ws.send(json.dumps({"type": "watch", "table": 0}))
            err = _recv(ws, "error")
            assert err["code"] == "no_table" and "table 0 is not run by this server" in err["message"]
        # a hand at table 0 on server A, one action into it
        p0, t0 = _join(url_a, 0, 0)
        p1, t1 = _join(url_a, 0, 1)
        q0, u0 = _join(url_b, 1, 0)  # and a player at B's own table
        view = _recv(p0, "update")["view"]
        while view["actor"] is None:
            view = _recv(p0, "update")["view"]
        actor = {0: p0, 1: p1}[view["actor"]]
        actor.send(json.dumps({"type": "act", "action": {"kind": "call"}, "turn": view["turn"]}))
        while view["turn"] == _recv(p0, "update")["view"]["turn"]:
            pass
        for ws in (p0, p1, q0):
            ws.close()
        # while A runs table 0, no other server may: its lock names A's process
        out = subprocess.run([sys.executable, "-m", "holdem_eval", "serve", "--port", "0", "--state-dir",
                              str(state), *common, "--only", "0,1"],
                             capture_output=True, text=True, timeout=60, cwd=tmp_path)
        assert out.returncode == 1 and "Traceback" not in out.stderr
        assert f"table 0 is run by another server of {state} (process {a.pid} on " in out.stderr
        # A's host goes away (kill -9: nothing is written at the end); B takes table 0 too
        a.kill()
        a.wait()
        _stop(b)
        b, _ = start_server(state, *common, "--only", "0,1", port=port_b)
        assert "2 restored" in b.announce  # type: ignore[attr-defined]
        with open_ws(url_b) as p0, open_ws(url_b) as q0:
            p0.send(json.dumps({"type": "resume", "table": 0, "token": t0, "cursor": view["seq"]}))
            assert _recv(p0, "joined") == {"type": "joined", "table": 0, "seat": 0}
            moved = _recv(p0, "update")
            # the same hand, one decision on, every event after the cursor and none lost
            assert moved["view"]["hand"] == view["hand"] and moved["view"]["turn"] == view["turn"] + 1
            seqs = [e["seq"] for e in moved["events"]]
            assert seqs == list(range(view["seq"] + 1, moved["view"]["seq"] + 1))
            assert [e["kind"] for e in moved["events"]] == ["call"]
            # and it plays on: the seat to act acts on B
            seat = moved["view"]["actor"]
            mover = p0 if seat == 0 else open_ws(url_b)
            if seat == 1:
                mover.send(json.dumps({"type": "resume", "table": 0, "token": t1}))
                _recv(mover, "joined")
            turn = moved["view"]["turn"]
            mover.send(json.dumps({"type": "act", "action": {"kind": "check"}, "turn": turn}))
            after = _recv(mover, "update")
            while after["view"]["turn"] == moved["view"]["turn"]:
                after = _recv(mover, "update")
            assert [e["kind"] for e in after["events"]][:1] == ["check"]
            if mover is not p0:
                mover.close()
            q0.send(json.dumps({"type": "resume", "table": 1, "token": u0}))  # B's own table is kept
            assert _recv(q0, "joined")["seat"] == 0
    finally:
        for proc in (a, b):
            _stop(proc)


@pytest.mark.parametrize("args, status, message", [
    (("--tables", "2", "--only", "2"), 1, "--only 2: the tables are 0..1 (--tables 2)"),
    (("--only", "1-x"), 2, "expected table numbers such as 0,2,5-7, got '1-x'"),
    (("--only", "3-1"), 2, "expected table numbers such as 0,2,5-7, got '3-1'"),
    (("--tables", "2", "--workers", "3"), 1, "--workers must be 1..2 (one table at least each), got 3"),
    (("--tables", "4", "--only", "1", "--workers", "2"), 1, "--workers must be 1..1"),
])
def test_a_placement_that_cannot_be_run_is_refused(tmp_path: Path, args: tuple[str, ...], status: int,
                                                   message: str) -> None:
    out = subprocess.run([sys.executable, "-m", "holdem_eval", "serve", "--port", "0", *args],
                         capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert out.returncode == status and message in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
