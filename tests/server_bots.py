"""Clients of the reference server written from docs/server.md: random bots and a
spectator over real websockets, each keeping every message it received, and the checks
the server tests run on them (no hidden card reached a client, chips add up).

Used by tests/test_server.py and benchmarks/bench_server.py.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect as sync_connect

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
# websockets 14+ wants a sync connect() as a context manager; a kept connection says so
_LEGACY = "legacy" in inspect.signature(sync_connect).parameters


def open_ws(url: str, **kw: Any) -> Any:
    """A blocking websocket connection the caller closes. It buffers every frame it is
    sent (``max_queue=None``) so a test that reads one connection while another's
    updates pile up cannot stall the server's writes to it, or its own close."""
    kw.setdefault("max_queue", None)
    return sync_connect(url, legacy=True, **kw) if _LEGACY else sync_connect(url, **kw)


class Client:
    """One connection's player (``seat``) or spectator (``seat=None``) at ``table``.

    Reconnects after the server goes away and resumes with its token and cursor. A bot
    acts at random among the legal actions of each new decision it is shown; a busted
    bot rebuys. ``received`` holds every message, ``latencies`` the seconds from sending
    an action to the first update that shows it.
    """

    def __init__(self, url: str, table: int, seat: int | None, *, seed: int = 0, buy_in: int = 200,
                 name: str | None = None) -> None:
        self.url, self.table, self.seat = url, table, seat
        self.name = name or (f"bot{seat}" if seat is not None else "watcher")
        self.buy_in = buy_in
        self.rng = random.Random(seed)
        self.token: str | None = None
        self.cursor = 0
        self.view: dict[str, Any] | None = None
        self.received: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.acted_turn = -1
        self.sent_at: float | None = None
        self.latencies: list[float] = []
        self.hands_ended: list[str] = []
        self.actions = 0
        self.connected = asyncio.Event()
        self.connects = 0  # connections opened (a reconnect after the server went away: 2)
        self.hold: str | None = None  # a street on which to stop acting (a test freezes a hand)

    def hello(self) -> dict[str, Any]:
        if self.seat is None:
            return {"type": "watch", "table": self.table, "cursor": self.cursor}
        if self.token is not None:
            return {"type": "resume", "table": self.table, "token": self.token, "cursor": self.cursor}
        return {"type": "join", "table": self.table, "seat": self.seat, "name": self.name,
                "buy_in": self.buy_in}

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                async with connect(self.url, open_timeout=5, max_size=2**22) as ws:
                    await ws.send(json.dumps(self.hello()))
                    self.connects += 1
                    self.connected.set()
                    reader = asyncio.ensure_future(self._read(ws))
                    stopper = asyncio.ensure_future(stop.wait())
                    await asyncio.wait({reader, stopper}, return_when=asyncio.FIRST_COMPLETED)
                    for task in (reader, stopper):
                        task.cancel()
            except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError):
                pass
            self.connected.clear()
            if not stop.is_set():
                await asyncio.sleep(0.05)

    async def _read(self, ws: Any) -> None:
        async for raw in ws:
            msg = json.loads(raw)
            self.received.append(msg)
            reply = self.handle(msg)
            if reply is not None:
                await ws.send(json.dumps(reply))

    def handle(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        kind = msg["type"]
        if kind == "joined" and "token" in msg:
            self.token = msg["token"]
        if kind == "error":
            self.errors.append(msg)
            return None
        if kind != "update":
            return None
        if self.sent_at is not None and any(e["seat"] == self.seat and e["kind"] in
                                            ("fold", "check", "call", "bet", "raise") for e in msg["events"]):
            self.latencies.append(time.perf_counter() - self.sent_at)
            self.sent_at = None
        for e in msg["events"]:
            self.cursor = max(self.cursor, e["seq"])
            if e["kind"] == "hand_end":
                self.hands_ended.append(e["hand"])
        self.view = view = msg["view"]
        if self.seat is None:
            return None
        me = view["seats"][self.seat]
        if me is not None and me["state"] == "busted":
            return {"type": "rebuy", "amount": self.buy_in}
        if (self.hold == view["street"] or view["actor"] != self.seat or not view["legal"]
                or view["turn"] == self.acted_turn):
            return None
        self.acted_turn = view["turn"]
        legal = self.rng.choice(view["legal"])
        amount = 0
        if legal["kind"] in ("bet", "raise"):
            amount = legal["min"] if self.rng.random() < 0.7 else self.rng.randint(legal["min"], legal["max"])
        self.sent_at = time.perf_counter()
        self.actions += 1
        return {"type": "act", "action": {"kind": legal["kind"], "amount": amount}, "turn": view["turn"]}


def _cards_in(msg: dict[str, Any]) -> Iterator[tuple[str | None, str]]:
    """Every card text in a message with the hand it belongs to."""
    if msg["type"] != "update":
        return
    for e in msg["events"]:
        for c in e["cards"]:
            yield e["hand"], c
        result = e["info"].get("result")
        if result:
            for s in result["shown"]:
                for c in s["cards"]:
                    yield e["hand"], c
            for c in result["board"]:
                yield e["hand"], c
    v = msg["view"]
    for c in v["board"]:
        yield v["hand"], c
    for s in v["seats"]:
        if s is not None and s["cards"]:
            for c in s["cards"]:
                yield v["hand"], c


def read_hand_log(path: Path) -> dict[str, dict[str, Any]]:
    """The server's record, one entry per hand id (a crash may repeat a line: last wins)."""
    hands: dict[str, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            rec = json.loads(line)
            hands[rec["hand"]] = rec
    return hands


def leaks(client: Client, hands: dict[str, dict[str, Any]]) -> list[str]:
    """Cards ``client`` received that were another seat's hole cards never shown in that
    hand (checked against the server's hand log), and any card a view showed between
    hands. Every message of a known hand is checked."""
    found = []
    for k, msg in enumerate(client.received):
        for hand_id, card in _cards_in(msg):
            assert CARD.match(card), card
            if hand_id is None:
                found.append(f"message {k}: card {card} outside a hand")
                continue
            rec = hands.get(hand_id)
            if rec is None:
                continue
            shown = {c for s in rec["result"]["shown"] for c in s["cards"]}
            for seat, hole in rec["hole"].items():
                if client.seat is not None and int(seat) == client.seat:
                    continue
                if card in hole and card not in shown:
                    found.append(f"message {k}: seat {seat}'s hidden {card} of hand {hand_id}")
    return found


def start_server(state_dir: Path, *args: str, port: int = 0, snapshots: bool = True,
                 python: str = sys.executable) -> tuple[subprocess.Popen[str], int]:
    """``holdem-eval serve`` in a child process keeping its state in ``state_dir`` (or
    nothing with ``snapshots=False``), its stderr appended to ``state_dir/../server.err``;
    returns it and the port it listens on. The line it printed when it listened is kept
    as ``proc.announce`` (:func:`worker_pids` reads it). ``python``: the interpreter whose
    ``holdem_eval`` runs (another install, such as a checkout of an older version)."""
    err = (state_dir.parent / "server.err").open("a")
    state = ("--state-dir", str(state_dir)) if snapshots else ()
    proc = subprocess.Popen(
        [python, "-m", "holdem_eval", "serve", "--port", str(port), *state, *args],
        stdout=subprocess.PIPE, stderr=err, text=True, cwd=state_dir.parent)
    err.close()
    assert proc.stdout is not None
    line = proc.stdout.readline()
    m = re.search(r"http://[^:]+:(\d+)/", line)
    if m is None:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}; see {state_dir.parent / 'server.err'}")
    proc.announce = line  # type: ignore[attr-defined]
    return proc, int(m.group(1))


def worker_pids(proc: subprocess.Popen[str]) -> list[int]:
    """The worker processes' ids a ``--workers N`` server announced (empty for one)."""
    m = re.search(r"workers \(pids ([\d, ]+)\)", proc.announce)  # type: ignore[attr-defined]
    return [int(p) for p in m.group(1).split(", ")] if m else []


def stop_server(proc: subprocess.Popen[str], timeout: float = 20) -> None:
    """Stops a server :func:`start_server` started: SIGTERM, and a kill if it has not
    exited ``timeout`` seconds later."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def next_message(ws: Any, kind: str | None = None) -> dict[str, Any]:
    """The next message (of ``kind``), skipping updates when another kind is wanted."""
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if kind is None or msg["type"] == kind:
            return msg


async def wait_until(cond: Callable[[], bool], timeout: float, what: str) -> None:
    """Returns once ``cond()`` holds; fails after ``timeout`` seconds, naming ``what``."""
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)
