"""The reference server's journal (docs/server.md, "Snapshots"): a record appended per
change, a new base at each hand's end, a journal cut at any byte restoring the last
complete action, a changed or missing record refusing the start, and state folders
written before the journal still loading."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from server_bots import open_ws, start_server

from holdem_eval.server import Room, ServerSettings
from holdem_eval.server.room import ROOM_DOC_KIND

KEY = b"j" * 32
FIXTURE = Path(__file__).parent / "data" / "server" / "v1-state"


def _room(state: Path) -> Room:
    return Room(0, ServerSettings(seats=3, hand_delay=0, state_dir=state), KEY)


def _step(room: Room) -> None:
    """The seat to act checks or calls (the hand goes on to the river)."""
    t = room.table
    seat = t.seat_to_act
    assert seat is not None
    kinds = {str(a.kind) for a in t.legal_actions()}
    room.act(seat, {"kind": "check" if "check" in kinds else "call"}, t.turn)


def _seated_room(state: Path) -> Room:
    state.mkdir(mode=0o700)
    room = _room(state)
    room.changed()  # the first base
    for k in range(3):
        room.claim(k, f"p{k}", 100)
    assert room.tick()  # a hand starts
    return room


def test_a_journal_cut_at_any_byte_restores_the_last_complete_action(tmp_path: Path) -> None:
    state = tmp_path / "state"
    room = _seated_room(state)
    seqs = [room.table.last_seq]  # the table after each record
    for _ in range(6):
        _step(room)
        seqs.append(room.table.last_seq)
    assert room.table.hand is not None and room.table.hands_played == 0
    room.close()
    path = state / "table-0.journal"
    journal = path.read_bytes()
    ends = [i + 1 for i, b in enumerate(journal) if b == ord("\n")]
    assert len(ends) == 3 + 1 + 6  # three joins, the deal, six actions: one record each
    full = _room(state)
    assert full.restore() and full.table.last_seq == seqs[-1] and full.warnings == []
    for cut in range(ends[-4], len(journal) + 1):  # every byte of the last three records
        path.write_bytes(journal[:cut])
        restored = _room(state)
        assert restored.restore()
        complete = sum(e <= cut for e in ends)
        assert restored.table.last_seq == seqs[complete - 4], cut
        assert restored.table.hand is not None
        torn = cut - ends[complete - 1]
        assert restored.warnings == ([f"{path}: the last {torn} bytes are a record cut short (a crash while"
                                      " it was written); the records before it were restored"]
                                     if torn else []), cut
        assert restored.table.chips_in_play() == restored.table.bought_in


def test_a_hands_end_writes_a_new_base_and_empties_the_journal(tmp_path: Path) -> None:
    state = tmp_path / "state"
    room = _seated_room(state)
    while room.table.hands_played == 0:
        _step(room)
    assert (state / "table-0.journal").stat().st_size == 0
    slot = max(state.glob("table-0-?.snap"), key=lambda p: p.stat().st_mtime_ns)
    doc = json.loads(slot.read_bytes().partition(b"\n")[2])
    assert doc["kind"] == ROOM_DOC_KIND and doc["table"]["hands_played"] == 1 and doc["table"]["hand"] is None
    assert doc["serial"] == room.serial
    assert room.tick()  # the next hand: records again, after the new base
    _step(room)
    assert len((state / "table-0.journal").read_bytes().splitlines()) == 2
    room.close()
    again = _room(state)
    assert again.restore() and again.table.hands_played == 1 and again.table.turn == room.table.turn


def _stop(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGTERM)
    proc.wait(20)


def _recv(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if msg["type"] == kind:
            return msg


def test_a_changed_or_missing_record_refuses_the_start(tmp_path: Path) -> None:
    state = tmp_path / "state"
    proc, port = start_server(state, "--seats", "2", "--hand-delay", "0", "--clock", "30")
    try:
        url = f"ws://127.0.0.1:{port}/ws"
        with open_ws(url) as a, open_ws(url) as b:
            for ws, seat in ((a, 0), (b, 1)):
                ws.send(json.dumps({"type": "join", "table": 0, "seat": seat, "name": f"p{seat}",
                                    "buy_in": 100}))
                _recv(ws, "joined")
            view = _recv(a, "update")["view"]
            while view["hand"] is None:
                view = _recv(a, "update")["view"]
    finally:
        _stop(proc)
    path = state / "table-0.journal"
    lines = path.read_bytes().splitlines(keepends=True)
    assert len(lines) == 3  # two joins and the deal
    cli = [sys.executable, "-m", "holdem_eval", "serve", "--port", "0", "--seats", "2",
           "--state-dir", str(state)]
    mac, _, body = lines[1].partition(b" ")
    record = json.loads(body)
    record["banks"] = {"0": 1e6, "1": 30.0}  # a million seconds of time bank, the signature kept
    for broken, message in [
        ([lines[0], mac + b" " + json.dumps(record).encode() + b"\n", lines[2]],
         f"{path} line 2 (record {record['serial']}): the signature does not match"),
        ([lines[0], lines[2]], f"{path} line 2 holds record {record['serial'] + 1} where record"
                               f" {record['serial']} was due"),
    ]:
        path.write_bytes(b"".join(broken))
        out = subprocess.run(cli, capture_output=True, text=True, timeout=60, cwd=tmp_path)
        assert out.returncode == 1 and message in out.stderr, out.stderr
        assert "the records from it on were not applied" in out.stderr and "Traceback" not in out.stderr
        assert path.read_bytes() == b"".join(broken)  # nothing was written
    path.write_bytes(b"".join(lines))  # whole again: it starts, mid-hand
    proc, port = start_server(state, "--seats", "2")
    _stop(proc)
    assert "restored" in proc.announce  # type: ignore[attr-defined]


def test_a_state_folder_written_before_the_journal_still_loads(tmp_path: Path) -> None:
    state = tmp_path / "state"
    shutil.copytree(FIXTURE, state)
    state.chmod(0o700)
    token = (FIXTURE / "README").read_text().split("Seat tokens: ")[1].split()[1]  # seat 1's
    args = ("--seats", "3", "--hand-delay", "0", "--clock", "60")
    proc, port = start_server(state, *args)
    try:
        with open_ws(f"ws://127.0.0.1:{port}/ws") as ws:
            ws.send(json.dumps({"type": "resume", "table": 0, "token": token}))
            assert _recv(ws, "joined")["seat"] == 1
            view = _recv(ws, "update")["view"]
            assert (view["hand"], view["turn"], view["seq"], view["actor"]) == ("t0-65a43a-1", 3, 11, 2)
            assert [s["name"] for s in view["seats"]] == ["ann", "bob", "cy"]
    finally:
        _stop(proc)
    assert (state / "table-0.journal").exists()  # the new format from the first change on
    proc, port = start_server(state, *args)
    try:
        with open_ws(f"ws://127.0.0.1:{port}/ws") as ws:
            ws.send(json.dumps({"type": "watch", "table": 0}))
            view = _recv(ws, "update")["view"]
            assert (view["hand"], view["turn"], view["seq"]) == ("t0-65a43a-1", 3, 11)
    finally:
        _stop(proc)


@pytest.mark.parametrize("journal", [True, False])
def test_the_fixture_restores_in_a_room_either_way(tmp_path: Path, journal: bool) -> None:
    state = tmp_path / "state"
    shutil.copytree(FIXTURE, state)
    key = bytes.fromhex((FIXTURE / "server.key").read_text().strip())
    settings = ServerSettings(seats=3, hand_delay=0, state_dir=state, journal=journal)
    room = Room(0, settings, key)
    assert room.restore() and room.table.hand_id == "t0-65a43a-1"
    room.changed()
    _step(room)
    room.close()
    again = Room(0, settings, key)
    assert again.restore() and again.table.turn == 4 and again.table.hand_id == "t0-65a43a-1"
