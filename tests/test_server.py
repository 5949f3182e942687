"""The reference server (``holdem-eval serve``) over real sockets on 127.0.0.1: bots and a
spectator written from docs/server.md, a ``kill -9`` mid-hand and a restart that goes on
with the same hand, every refusal of the protocol, clocks, and the snapshot's checks."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from holdem_eval.engine import Table
from server_bots import (
    Client,
    leaks,
    next_message,
    open_ws,
    read_hand_log,
    start_server,
    stop_server,
    wait_until,
)
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")


def _slots(state: Path) -> list[tuple[Path, bytes, dict[str, Any]]]:
    """Table 0's snapshot slots, newest first: path, signature line, body."""
    out = []
    for path in state.glob("table-0-?.snap"):
        mac, _, body = path.read_bytes().partition(b"\n")
        out.append((path, mac, json.loads(body)))
    return sorted(out, key=lambda s: -s[2]["serial"])


def _snapshot(state: Path) -> dict[str, Any]:
    """Table 0's saved state: the newest snapshot slot with its journal applied."""
    from holdem_eval.server import Room, ServerSettings, load_key

    found = Room(0, ServerSettings(state_dir=state), load_key(state)).load()
    assert found is not None
    return found[0]


@pytest.mark.slow
def test_bots_and_a_spectator_play_200_hands_through_a_kill(tmp_path: Path) -> None:
    state = tmp_path / "state"
    args = ("--hand-delay", "0", "--clock", "10", "--seats", "6", "--blinds", "1/2")
    proc, port = start_server(state, *args)
    url = f"ws://127.0.0.1:{port}/ws"
    bots = [Client(url, 0, seat, seed=seat) for seat in range(5)]
    spectator = Client(url, 0, None)
    everyone = [*bots, spectator]
    killed: dict[str, Any] = {}

    async def play() -> None:
        nonlocal proc
        stop = asyncio.Event()
        tasks = [asyncio.ensure_future(c.run(stop)) for c in everyone]
        try:
            await wait_until(lambda: len(spectator.hands_ended) >= 100, 240, "100 hands")
            for b in bots:  # freeze the next hand that reaches the flop, then kill the server
                b.hold = "flop"
            await wait_until(lambda: spectator.view is not None and spectator.view["street"] == "flop"
                         and spectator.view["actor"] is not None, 60, "a hand on the flop")
            await asyncio.sleep(0.2)
            proc.kill()
            proc.wait()
            doc = _snapshot(state)
            killed["hand"] = doc["table"]["hand"]["id"]
            killed["turn"] = doc["table"]["turn"]
            killed["ended_before"] = len(spectator.hands_ended)
            proc, _ = start_server(state, *args, port=port)
            for b in bots:
                b.hold = None
            await wait_until(lambda: len(spectator.hands_ended) >= 210, 300, "210 hands")
        finally:
            stop.set()
            await asyncio.gather(*tasks)

    try:
        asyncio.run(play())
    finally:
        stop_server(proc, 10)
    # the hand running at the kill went on after the restart and ended under its own id
    assert killed["hand"] not in spectator.hands_ended[:killed["ended_before"]]
    assert spectator.hands_ended[killed["ended_before"]] == killed["hand"]
    # the spectator's events are numbered one by one across the restart: nothing lost or repeated
    seqs = [e["seq"] for m in spectator.received if m["type"] == "update" for e in m["events"]]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
    hands = read_hand_log(state / "hands-0.jsonl")
    assert len(hands) >= 210
    assert (state / "hands-0.jsonl").stat().st_mode & 0o777 == 0o600  # every hole card: the owner's only
    # nobody received a card hidden from him, checked against the server's own record
    for c in everyone:
        assert leaks(c, hands) == [], c.name
        assert not [e for e in c.errors if e["code"] not in ("refused",)], c.errors
    # each bot saw its own hole cards as the server dealt them
    for b in bots:
        mine = {(m["view"]["hand"], tuple(m["view"]["seats"][b.seat]["cards"])) for m in b.received
                if m["type"] == "update" and m["view"]["hand"] in hands
                and m["view"]["seats"][b.seat] is not None and m["view"]["seats"][b.seat]["cards"]}
        assert mine and all(tuple(hands[h]["hole"][str(b.seat)]) == cards for h, cards in mine)
    # chips: every hand's net adds up with its rake; the final table's chips equal the buy-ins
    for rec in hands.values():
        assert sum(rec["result"]["net"].values()) + rec["result"]["rake"] == 0
    table = Table.from_json(_snapshot(state)["table"])
    assert table.chips_in_play() == table.bought_in
    assert table.hands_played >= 210


@pytest.fixture()
def server(tmp_path: Path) -> Any:
    state = tmp_path / "state"
    proc, port = start_server(state, "--hand-delay", "0", "--clock", "30", "--seats", "3")
    yield f"ws://127.0.0.1:{port}/ws", state, port
    stop_server(proc, 10)


def _error(ws: Any, request: Any) -> dict[str, Any]:
    ws.send(request if isinstance(request, (str, bytes)) else json.dumps(request))
    return next_message(ws, "error")


def _join(url: str, seat: int, name: str = "ann") -> tuple[Any, str]:
    ws = open_ws(url)
    ws.send(json.dumps({"type": "join", "table": 0, "seat": seat, "name": name, "buy_in": 100}))
    token = next_message(ws, "joined")["token"]
    return ws, token


def _latest_view(ws: Any, until: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    while True:
        msg = next_message(ws, "update")
        if until(msg["view"]):
            return msg["view"]


def test_protocol_refusals_name_the_problem_and_change_nothing(server: Any) -> None:
    url, state, _ = server
    with connect(url) as ws:
        cases = [
            ("{not json", "bad_json", "not valid JSON"),
            (b"\x00binary", "bad_message", "binary frame"),
            ("[1, 2]", "bad_message", "JSON object, got list"),
            ({"type": "shout"}, "unknown_type", "unknown message type 'shout'"),
            ({"type": "act", "action": {"kind": "fold"}, "turn": 1}, "not_seated", "send 'join' or 'resume'"),
            ({"type": "join", "table": 7, "seat": 0, "name": "x", "buy_in": 100}, "no_table", "got 7"),
            ({"type": "join", "table": 0, "seat": 9, "name": "x", "buy_in": 100}, "bad_message",
             "seat must be"),
            ({"type": "join", "table": 0, "seat": 0, "name": "", "buy_in": 100}, "bad_message", "name must"),
            ({"type": "join", "table": 0, "seat": 0, "name": "x", "buy_in": "100"}, "bad_message", "buy_in"),
            ({"type": "join", "table": 0, "seat": 0, "name": "x", "buy_in": 10**6}, "bad_message", "buy_in"),
            ({"type": "resume", "table": 0, "token": "guess"}, "bad_token", "no seat"),
            ({"type": "watch", "table": 0, "cursor": -1}, "bad_message", "'cursor'"),
        ]
        for request, code, text in cases:
            err = _error(ws, request)
            assert err["code"] == code and text in err["message"], (request, err)
            assert "Traceback" not in err["message"]
    a, token_a = _join(url, 0, "ann")
    b, _ = _join(url, 1, "bob")
    with a, b, connect(url) as intruder:
        err = _error(intruder, {"type": "join", "table": 0, "seat": 0, "name": "eve", "buy_in": 100})
        assert err["code"] == "seat_taken"
        view = _latest_view(a, lambda v: v["actor"] is not None)
        actor, other = (a, b) if view["actor"] == 0 else (b, a)
        if actor is b:
            view = _latest_view(b, lambda v: v["legal"] != [])
        before = _snapshot(state)
        for request, code, text in [
            ({"type": "act", "action": {"kind": "fold"}, "turn": view["turn"]}, "refused", "it is seat"),
            ({"type": "act", "action": {"kind": "call"}}, "bad_message", "'turn'"),
        ]:
            err = _error(other, request)
            assert err["code"] == code and text in err["message"], err
        for request, code, text in [
            ({"type": "act", "action": {"kind": "call"}, "turn": view["turn"] - 1}, "refused", "turn"),
            ({"type": "act", "action": {"kind": "raise", "amount": "8"}, "turn": view["turn"]},
             "bad_message", "amount"),
            ({"type": "act", "action": {"kind": "raise", "amount": 8.0}, "turn": view["turn"]},
             "bad_message", "amount"),
            ({"type": "act", "action": {"kind": "raise", "amount": 10**9}, "turn": view["turn"]},
             "refused", "within"),
            ({"type": "act", "action": {"kind": "jump"}, "turn": view["turn"]}, "bad_message", "kind"),
            ({"type": "join", "table": 0, "seat": 2, "name": "x", "buy_in": 100}, "already_attached",
             "already"),
        ]:
            err = _error(actor, request)
            assert err["code"] == code and text in err["message"], (request, err)
        after = _snapshot(state)
        assert [after["table"][k] for k in ("seq", "turn")] == [before["table"][k] for k in ("seq", "turn")]
        # the right seat with the right turn is applied
        actor.send(json.dumps({"type": "act", "action": {"kind": "fold"}, "turn": view["turn"]}))
        _latest_view(actor, lambda v: v["turn"] > view["turn"])
        # a reconnect with the token takes the seat over; the old connection is told and closed
        with connect(url) as again:
            again.send(json.dumps({"type": "resume", "table": 0, "token": token_a}))
            assert next_message(again, "joined")["seat"] == 0
            assert next_message(a, "error")["code"] == "replaced"
            with pytest.raises(ConnectionClosed):
                while True:
                    a.recv(timeout=10)


def test_http_serves_the_page_and_nothing_else(server: Any) -> None:
    import urllib.error
    import urllib.request

    _, _, port = server
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as r:
        assert r.status == 200 and "text/html" in r.headers["Content-Type"]
        assert "default-src 'self'" in r.headers["Content-Security-Policy"]
        assert b"/app.js" in r.read()
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/../server.key")
    assert e.value.code == 404 and e.value.read() == b"not found\n"
    e.value.close()


def test_a_silent_seat_times_out_and_an_absent_one_sits_out(tmp_path: Path) -> None:
    state = tmp_path / "state"
    proc, port = start_server(state, "--hand-delay", "0", "--clock", "0.3", "--time-bank", "0.2",
                              "--seats", "2")
    url = f"ws://127.0.0.1:{port}/ws"
    try:
        a, _ = _join(url, 0, "ann")
        with a:
            b, _ = _join(url, 1, "bob")
            b.close()  # bob goes away; ann never acts either
            events: list[dict[str, Any]] = []
            end = time.monotonic() + 20
            while time.monotonic() < end and not any(e["kind"] == "sit_out" for e in events):
                events += next_message(a, "update")["events"]
        timeouts = [e["seat"] for e in events if e["kind"] == "timeout"]
        assert timeouts and all(info["info"]["action"] in ("fold", "check") for info in events
                                if info["kind"] == "timeout")
        assert [e["seat"] for e in events if e["kind"] == "sit_out"] == [1]
    finally:
        stop_server(proc, 10)


def _tamper(path: Path, mac: bytes, doc: dict[str, Any]) -> None:
    """Give the table a thousand chips more, keeping the old signature."""
    doc["table"]["bought_in"] += 1000
    path.write_bytes(mac + b"\n" + json.dumps(doc).encode())


def test_restore_refuses_a_tampered_or_mismatched_snapshot(tmp_path: Path) -> None:
    # --no-journal: every change rewrites a slot, so the two slots hold the last two states
    state = tmp_path / "state"
    proc, port = start_server(state, "--hand-delay", "0", "--seats", "3", "--no-journal")
    try:
        ws, _ = _join(f"ws://127.0.0.1:{port}/ws", 0)
        next_message(ws, "update")
        ws.close()
    finally:
        stop_server(proc, 10)
    cli = [sys.executable, "-m", "holdem_eval", "serve", "--port", "0", "--state-dir", str(state),
           "--no-journal"]
    out = subprocess.run([*cli, "--seats", "4"], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert out.returncode == 1 and "is not the one these settings make" in out.stderr
    # the state folder is the owner's only: it holds hole cards and the key
    files = sorted(state.iterdir())
    assert [p.name for p in files] == ["server.key", "table-0-a.snap", "table-0-b.snap", "table-0.lock"]
    modes = [oct(p.stat().st_mode & 0o777) for p in (state, *files)]
    assert modes == ["0o700"] + ["0o600"] * 4
    # fewer tables than the folder holds would leave players out: refused
    extra = state / "table-1-a.snap"
    extra.write_bytes(_slots(state)[0][0].read_bytes())
    out = subprocess.run([*cli, "--seats", "3"], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert out.returncode == 1 and "holds table(s) [1]" in out.stderr
    assert "start with --tables 2" in out.stderr
    extra.unlink()
    # the newest slot changed: skipped with a warning, the state before it (no seat yet) restored
    (newest, mac, doc), (_, _, before) = _slots(state)
    assert doc["table"]["seats"][0] is not None and before["table"]["seats"][0] is None
    _tamper(newest, mac, doc)
    proc, _ = start_server(state, "--seats", "3", "--no-journal")
    stop_server(proc, 10)
    err = (tmp_path / "server.err").read_text()
    assert f"warning: {newest}: the signature does not match" in err and "the other slot was used" in err
    assert _snapshot(state)["table"]["seats"][0] is None
    # both slots changed: refused, naming both files
    for slot in _slots(state):
        _tamper(*slot)
    out = subprocess.run([*cli, "--seats", "3"], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.count("the signature does not match") == 2, out.stderr


def _play_until(watcher: Any, players: dict[int, Any],
                done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Check or call for whoever is to act (as the watcher sees it) until ``done(view)``."""
    view = _latest_view(watcher, lambda v: True)
    while not done(view):
        seat = view["actor"]
        if seat is not None and seat in players:
            owed = max(s["bet"] for s in view["seats"] if s is not None) - view["seats"][seat]["bet"]
            kind = "call" if owed else "check"
            players[seat].send(json.dumps({"type": "act", "action": {"kind": kind}, "turn": view["turn"]}))
        view = _latest_view(watcher, lambda v, t=view["turn"]: v["turn"] > t)
    return view


def test_a_seat_that_leaves_mid_hand_watches_after_the_hand(server: Any) -> None:
    url, _, _ = server
    players = {k: _join(url, k, f"p{k}")[0] for k in range(3)}
    with players[0], players[1], players[2], open_ws(url) as watcher:
        watcher.send(json.dumps({"type": "watch", "table": 0}))
        view = _play_until(watcher, players, lambda v: v["actor"] is not None
                           and sum(s is not None and s["in_hand"] for s in v["seats"]) == 3)
        leaver = next(k for k in range(3) if k != view["actor"])
        players[leaver].send(json.dumps({"type": "leave"}))
        view = _play_until(watcher, players, lambda v, h=view["hand"]: v["hand"] != h)
        assert view["seats"][leaver] is None
        act = {"type": "act", "action": {"kind": "fold"}, "turn": view["turn"]}
        for request in (act, {"type": "sit_out"}):
            assert _error(players[leaver], request)["code"] == "not_seated"
        with open_ws(url) as newcomer:  # the seat is free for someone else
            newcomer.send(json.dumps({"type": "join", "table": 0, "seat": leaver, "name": "new",
                                      "buy_in": 100}))
            assert next_message(newcomer, "joined")["seat"] == leaver
            assert _error(players[leaver], {"type": "sit_out"})["code"] == "not_seated"


# ---- hostile clients (issue 41, part 6) ---------------------------------------------------

def test_a_deeply_nested_message_is_refused_before_it_is_parsed(server: Any) -> None:
    url, _, _ = server
    with connect(url) as ws:
        err = _error(ws, "[" * 8000 + "]" * 8000)  # under 16 KiB: parsing it would recurse 8000 deep
        assert err["code"] == "bad_message" and err["request"] is None, err
        assert "8000 deep; at most 32" in err["message"]
        join = {"type": "join", "table": 0, "seat": 0, "name": "x", "buy_in": 100}
        err = _error(ws, json.dumps({**join, "wait": json.loads("[" * 32 + "]" * 32)}))  # 33 deep
        assert err["code"] == "bad_message" and "33 deep" in err["message"], err
        err = _error(ws, json.dumps({**join, "wait": json.loads("[" * 31 + "]" * 31)}))  # 32: parsed
        assert err["code"] == "bad_message" and "'wait' must be true or false" in err["message"], err
        # brackets inside a string are text, not nesting: this name is refused for its length only
        err = _error(ws, json.dumps({"type": "join", "table": 0, "seat": 0, "name": "[" * 40, "buy_in": 100}))
        assert err["code"] == "bad_message" and "name must be a string of 1..32" in err["message"], err
        ws.send(json.dumps({"type": "ping"}))
        assert next_message(ws)["type"] == "pong"  # the connection and the server go on


def test_a_malformed_resume_or_table_is_a_bad_message(server: Any) -> None:
    url, _, _ = server
    with connect(url) as ws:
        for request, text in [
            ({"type": "resume", "table": 0}, "'token' (a string), got None"),
            ({"type": "resume", "table": 0, "token": 12345}, "'token' (a string), got 12345"),
            ({"type": "resume", "table": 0, "token": ["a"]}, "got ['a']"),
            ({"type": "resume", "table": "0", "token": "x"},
             "'table' must be a table number (an int), got '0'"),
            ({"type": "watch", "table": None}, "got None"),
            ({"type": "watch"}, "got None"),
            ({"type": "join", "table": 0.0, "seat": 0, "name": "x", "buy_in": 100}, "got 0.0"),
            ({"type": "watch", "table": True}, "got True"),
        ]:
            err = _error(ws, request)
            assert err["code"] == "bad_message" and text in err["message"], (request, err)
        # a well-formed token no seat holds, a table number out of range: as before
        assert _error(ws, {"type": "resume", "table": 0, "token": "guess"})["code"] == "bad_token"
        assert _error(ws, {"type": "watch", "table": 3})["code"] == "no_table"


def test_names_with_control_or_format_characters_are_refused(server: Any) -> None:
    url, state, _ = server
    with connect(url) as ws:
        for name, where in [("an\x00n", "U+0000 (a control character) at 2"),
                            ("\u202egnp.exe", "U+202E (a format character) at 0"),
                            ("bob\u200d", "U+200D (a format character) at 3"),
                            ("tab\there", "U+0009 (a control character) at 3"),
                            ("line\u2028two", "U+2028 (a line separator) at 4"),
                            ("pua\ue000", "U+E000 (a private-use character) at 3")]:
            err = _error(ws, {"type": "join", "table": 0, "seat": 0, "name": name, "buy_in": 100})
            assert err["code"] == "bad_name" and where in err["message"], (name, err)
            assert repr(name) in err["message"]
        assert _snapshot(state)["table"]["seats"][0] is None
        # letters of any script, spaces and emoji are names
        ws.send(json.dumps({"type": "join", "table": 0, "seat": 0, "name": "Zoë 李 🂡", "buy_in": 100}))
        assert next_message(ws, "joined")["seat"] == 0
    assert _snapshot(state)["table"]["seats"][0]["name"] == "Zoë 李 🂡"


def test_a_client_that_does_not_read_its_replies_is_closed_with_1008(tmp_path: Path) -> None:
    from websockets.exceptions import ConnectionClosed as Closed

    proc, port = start_server(tmp_path / "state", "--tables", "100", snapshots=False)
    try:
        # max_queue=(1, 1): the client library stops reading the socket while a frame waits
        # for recv(), so the server's replies (11 KB 'tables' lists) pile up in its queue
        with connect(f"ws://127.0.0.1:{port}/ws", max_queue=(1, 1)) as ws:
            for _ in range(3000):  # 33 MB of replies: far past the socket buffers and the limit
                ws.send('{"type": "tables"}')
            with pytest.raises(Closed):
                for _ in range(3000):
                    ws.recv(timeout=30)  # the server closes once its close times out (10 s)
            assert ws.close_code == 1008 and ws.close_reason == "too many unread replies"
        with connect(f"ws://127.0.0.1:{port}/ws") as other:  # the server goes on
            other.send('{"type": "ping"}')
            assert json.loads(other.recv(timeout=10))["type"] == "pong"
    finally:
        stop_server(proc, 10)
