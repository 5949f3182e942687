"""The reference table server: tables that deal continuously behind one websocket
endpoint (``/ws``), and a small web page (``/``) to play them in a browser.

The protocol is in docs/server.md. One asyncio loop runs everything: a message is
parsed, applied to its :class:`~holdem_eval.server.room.Room` (which writes the snapshot)
and only then are the clients woken; each connection has its own writer task that sends
what :meth:`Room.update` builds for that viewer since its cursor, so a slow client
delays nobody else and updates that pile up while it is slow are merged into one. Every
refusal is an ``error`` message to that client alone; no traceback reaches a client.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import secrets
from collections.abc import Callable
from http import HTTPStatus
from importlib import resources
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..errors import ServerError
from .room import Room, ServerSettings

__all__ = ["MESSAGE_TYPES", "TableServer", "load_key"]

log = logging.getLogger("holdem_eval.server")

MAX_MESSAGE = 16 * 1024
"""Bytes of one client message; a larger one closes the connection (code 1009)."""
MAX_DEPTH = 32
"""Nesting of arrays and objects in one client message; a deeper one is refused
(``bad_message``) before it is parsed (the protocol's messages nest 2 deep)."""
MAX_QUEUED = 256
"""Replies waiting for a client that does not read; past this it is disconnected (close
code 1008, "too many unread replies")."""
MESSAGE_TYPES = ("tables", "join", "resume", "watch", "act", "sit_out", "sit_in", "rebuy", "leave", "ping")
_SEAT_TYPES = frozenset({"act", "sit_out", "sit_in", "rebuy", "leave"})
_STATIC = {"/": ("index.html", "text/html; charset=utf-8"),
           "/index.html": ("index.html", "text/html; charset=utf-8"),
           "/app.js": ("app.js", "text/javascript; charset=utf-8"),
           "/style.css": ("style.css", "text/css; charset=utf-8")}
_CSP = "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; frame-ancestors 'none'"


def load_key(state_dir: Path | None) -> bytes:
    """The key that signs snapshots: ``state_dir/server.key`` (made on first start,
    readable by the owner only), or a fresh one when nothing is written."""
    if state_dir is None:
        return secrets.token_bytes(32)
    path = state_dir / "server.key"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32) + "\n")
    text = path.read_text().strip()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) < 16:
        raise ServerError("bad_setting", f"{path} must hold a key of at least 32 hex digits")
    return key


def _nesting(text: str) -> int:
    """How deep ``text`` nests JSON arrays and objects (brackets inside strings do not
    count); a text with fewer brackets than :data:`MAX_DEPTH` is not scanned."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


class _Client:
    """One connection: which table it is attached to, as which seat (None: watching)."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.room: Room | None = None
        self.seat: int | None = None
        self.cursor = 0
        self.outbox: list[dict[str, Any]] = []
        self.dirty = False
        self.close_after = False  # close once the outbox is sent (the seat was resumed elsewhere)
        self.wake = asyncio.Event()


class TableServer:
    """``settings.tables`` rooms behind one websocket endpoint; see the module docstring."""

    def __init__(self, settings: ServerSettings, *, key: bytes | None = None) -> None:
        self.settings = settings
        if settings.state_dir is not None:
            settings.state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            saved = (re.fullmatch(r"table-(\d+)-[ab]\.snap", p.name) for p in settings.state_dir.iterdir())
            beyond = sorted({int(m[1]) for m in saved if m and int(m[1]) >= settings.tables})
            if beyond:
                raise ServerError("bad_setting", f"{settings.state_dir} holds table(s) {beyond} with players"
                                                 f" and chips, but --tables {settings.tables} runs tables"
                                                 f" 0..{settings.tables - 1}; start with --tables"
                                                 f" {beyond[-1] + 1} or another state folder")
        self.key = load_key(settings.state_dir) if key is None else key
        self.rooms = [Room(i, settings, self.key) for i in range(settings.tables)]
        self.restored = [room.restore() for room in self.rooms]
        for room in self.rooms:
            room.changed()  # the first snapshot (a restored room: the clock restarts now)
        self._watchers: list[set[_Client]] = [set() for _ in self.rooms]
        self._holders: dict[tuple[int, int], _Client] = {}
        self._timers: list[asyncio.TimerHandle | None] = [None] * len(self.rooms)
        self._loop: asyncio.AbstractEventLoop | None = None
        self.port: int | None = None

    # ---- running -------------------------------------------------------------------
    async def serve(self, host: str = "127.0.0.1", port: int = 0, *,
                    ready: Callable[[int], None] | None = None,
                    stop: asyncio.Event | None = None) -> None:
        """Serve until ``stop`` is set (or forever); ``ready(port)`` is called once the
        socket listens (``port=0`` picks a free port)."""
        self._loop = asyncio.get_running_loop()
        async with serve(self._handler, host, port, process_request=self._http,
                         max_size=MAX_MESSAGE, compression=None) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            for k in range(len(self.rooms)):
                self._schedule(k)
            if ready is not None:
                ready(self.port)
            try:
                await (stop.wait() if stop is not None else asyncio.Future())
            finally:
                for timer in self._timers:
                    if timer is not None:
                        timer.cancel()
                for room in self.rooms:
                    room.close()

    def _schedule(self, k: int) -> None:
        """Set room ``k``'s timer to its next deadline (a clock running out, the next deal)."""
        timer = self._timers[k]
        if timer is not None:
            timer.cancel()
        room, loop = self.rooms[k], self._loop
        deadline = room.deadline()
        if deadline is None or loop is None:
            self._timers[k] = None
            return
        self._timers[k] = loop.call_later(max(0.0, deadline - room.now()), self._on_timer, k)

    def _on_timer(self, k: int) -> None:
        self._timers[k] = None
        try:
            changed = self.rooms[k].tick()
        except Exception:  # a bug: log it, keep the other tables dealing, try again later
            log.exception("table %d: tick failed", k)
            assert self._loop is not None
            self._timers[k] = self._loop.call_later(1.0, self._on_timer, k)
            return
        if changed:
            self._notify(k)
        else:
            self._schedule(k)

    def _notify(self, k: int) -> None:
        """After a change at table ``k``: a connection whose seat is gone (it left) goes
        on watching; every connection is woken; the table's timer is set again."""
        room = self.rooms[k]
        for c in self._watchers[k]:
            if c.seat is not None and c.seat not in room.tokens:
                if self._holders.get((k, c.seat)) is c:
                    del self._holders[(k, c.seat)]
                room.online.discard(c.seat)
                c.seat = None
            c.dirty = True
            c.wake.set()
        self._schedule(k)

    # ---- HTTP ----------------------------------------------------------------------
    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            return None
        static = _STATIC.get(path)
        if static is None:
            return connection.respond(HTTPStatus.NOT_FOUND, "not found\n")
        body = resources.files("holdem_eval.server").joinpath("static", static[0]).read_bytes()
        headers = Headers([("Content-Type", static[1]), ("Content-Length", str(len(body))),
                           ("Cache-Control", "no-store"), ("Content-Security-Policy", _CSP),
                           ("X-Content-Type-Options", "nosniff")])
        return Response(HTTPStatus.OK, "OK", headers, body)

    # ---- websocket -----------------------------------------------------------------
    async def _handler(self, ws: ServerConnection) -> None:
        client = _Client(ws)
        writer = asyncio.create_task(self._writer(client))
        try:
            async for raw in ws:
                self._receive(client, raw)
                if len(client.outbox) > MAX_QUEUED:
                    await ws.close(1008, "too many unread replies")
                    break
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            self._detach(client)

    async def _writer(self, c: _Client) -> None:
        try:
            while True:
                await c.wake.wait()
                c.wake.clear()
                messages, c.outbox = c.outbox, []
                if c.dirty and c.room is not None:
                    c.dirty = False
                    update, c.cursor = c.room.update(c.seat, c.cursor)
                    messages.append(update)
                for m in messages:
                    await c.ws.send(json.dumps(m, separators=(",", ":")))
                if c.close_after:
                    await c.ws.close(1000, "the seat was resumed by another connection")
                    return
        except ConnectionClosed:
            pass

    def _reply(self, c: _Client, message: dict[str, Any]) -> None:
        c.outbox.append(message)
        c.wake.set()

    def _receive(self, c: _Client, raw: str | bytes) -> None:
        msg: Any = None
        try:
            if not isinstance(raw, str):
                raise ServerError("bad_message", "messages must be text frames holding JSON,"
                                                 " got a binary frame")
            depth = _nesting(raw)
            if depth > MAX_DEPTH:
                raise ServerError("bad_message", f"the message nests arrays and objects {depth} deep;"
                                                 f" at most {MAX_DEPTH} are accepted")
            try:
                msg = json.loads(raw)
            except ValueError as exc:
                raise ServerError("bad_json", f"the message is not valid JSON: {exc}") from None
            if not isinstance(msg, dict):
                raise ServerError("bad_message", f"a message must be a JSON object, got {type(msg).__name__}")
            kind = msg.get("type")
            if kind not in MESSAGE_TYPES:
                raise ServerError("unknown_type", f"unknown message type {kind!r}; expected one of "
                                                  + ", ".join(MESSAGE_TYPES))
            self._dispatch(c, kind, msg)
        except ServerError as exc:
            self._reply(c, {"type": "error", "code": exc.code, "message": str(exc),
                            "request": msg.get("type") if isinstance(msg, dict) else None})
        except Exception:  # a bug: the client learns nothing more than that
            log.exception("message %r failed", raw[:200])
            self._reply(c, {"type": "error", "code": "internal",
                            "message": "the server failed on this message; it changed nothing it"
                                       " reported"})

    def _room(self, msg: dict[str, Any]) -> Room:
        k = msg.get("table")
        if k.__class__ is not int:
            raise ServerError("bad_message", f"'table' must be a table number (an int), got {k!r}")
        if not 0 <= k < len(self.rooms):
            raise ServerError("no_table", f"'table' must be a table number 0..{len(self.rooms) - 1},"
                                          f" got {k!r}")
        return self.rooms[k]

    def _dispatch(self, c: _Client, kind: str, msg: dict[str, Any]) -> None:
        if kind == "ping":
            self._reply(c, {"type": "pong"})
            return
        if kind == "tables":
            self._reply(c, {"type": "tables", "tables": [r.summary() for r in self.rooms]})
            return
        if kind in _SEAT_TYPES:
            room, seated = c.room, c.seat
            if room is None or seated is None:
                raise ServerError("not_seated", f"a {kind!r} message needs a seat: send 'join' or"
                                                " 'resume' first")
            if kind == "act":
                room.act(seated, msg.get("action"), msg.get("turn"))
            elif kind == "sit_out":
                room.sit_out(seated)
            elif kind == "sit_in":
                room.sit_in(seated, msg.get("post", True))
            elif kind == "rebuy":
                room.rebuy(seated, msg.get("amount"))
            else:
                room.leave(seated)  # gone now, or after the hand: then the connection watches
            self._notify(room.index)
            return
        if c.room is not None:
            raise ServerError("already_attached", f"this connection is already at table {c.room.index};"
                                                  " open another connection for another seat or table")
        room = self._room(msg)
        seat: int | None
        cursor = room.table.last_seq
        asked = msg.get("cursor")
        if kind != "join" and asked is not None:  # a reconnect: the events missed since
            if asked.__class__ is not int or not 0 <= asked <= cursor:
                raise ServerError("bad_message",
                                  f"'cursor' must be an event number 0..{cursor}, got {asked!r}")
            cursor = asked
        if kind == "join":
            token = room.claim(msg.get("seat"), msg.get("name"), msg.get("buy_in"), msg.get("wait", False))
            seat = msg["seat"]
            self._reply(c, {"type": "joined", "table": room.index, "seat": seat, "token": token})
        elif kind == "resume":
            offered = msg.get("token")
            if not isinstance(offered, str):
                raise ServerError("bad_message", f"a 'resume' needs the seat's 'token' (a string),"
                                                 f" got {offered!r}")
            seat = room.seat_of(offered)
            old = self._holders.get((room.index, seat))
            if old is not None:  # the same player again (a dropped link): the new one wins
                self._reply(old, {"type": "error", "code": "replaced",
                                  "message": f"seat {seat} was resumed by another connection"})
                self._detach(old)
                old.close_after = True
            self._reply(c, {"type": "joined", "table": room.index, "seat": seat})
        else:
            seat = None
            self._reply(c, {"type": "watching", "table": room.index})
        c.room, c.seat, c.cursor, c.dirty = room, seat, cursor, True
        self._watchers[room.index].add(c)
        if seat is not None:
            self._holders[(room.index, seat)] = c
            room.online.add(seat)
        self._notify(room.index)

    def _detach(self, c: _Client) -> None:
        room = c.room
        if room is None:
            return
        self._watchers[room.index].discard(c)
        if c.seat is not None and self._holders.get((room.index, c.seat)) is c:
            del self._holders[(room.index, c.seat)]
            room.online.discard(c.seat)
        c.room = c.seat = None
