"""The reference table server: tables that deal continuously behind one websocket
endpoint (``/ws``), and a small web page (``/``) to play them in a browser.

The protocol is in docs/server.md. One asyncio loop runs everything: a message is
parsed, applied to its :class:`~holdem_eval.server.room.Room` (which writes the snapshot)
and only then are the clients woken; each connection has its own writer task that sends
what :meth:`Room.update_text` builds for that viewer since its cursor, so a slow client
delays nobody else and updates that pile up while it is slow are merged into one. Every
refusal is an ``error`` message to that client alone; no traceback reaches a client.
Hostile input is refused at the door: frames over 16 KiB close the connection, messages
nested deeper than :data:`MAX_DEPTH` are refused before they are parsed, a client with
more than :data:`MAX_QUEUED` unread replies is closed.

A worker of ``--workers N`` (:mod:`holdem_eval.server.shards`) runs a share of the tables
and serves the connections the front hands it; a connection asking for another worker's
table is relayed to that worker, frame for frame.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import secrets
import socket
import time
from collections.abc import Callable, Iterable
from http import HTTPStatus
from importlib import resources
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.http11 import Request, Response
from websockets.protocol import State

from ..errors import ServerError
from .handoff import SummaryBoard, receive_connections
from .room import Room, ServerSettings

__all__ = ["MESSAGE_TYPES", "TableServer", "check_state_dir", "load_key"]

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


def check_state_dir(settings: ServerSettings) -> None:
    """Make the state folder (owner only) and refuse to start with fewer tables than it
    holds: that would leave seated players and their chips out."""
    if settings.state_dir is None:
        return
    settings.state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    saved = (re.fullmatch(r"table-(\d+)-[ab]\.snap", p.name) for p in settings.state_dir.iterdir())
    beyond = sorted({int(m[1]) for m in saved if m and int(m[1]) >= settings.tables})
    if beyond:
        raise ServerError("bad_setting", f"{settings.state_dir} holds table(s) {beyond} with players"
                                         f" and chips, but --tables {settings.tables} runs tables"
                                         f" 0..{settings.tables - 1}; start with --tables"
                                         f" {beyond[-1] + 1} or another state folder")


def load_key(state_dir: Path | None) -> bytes:
    """The key that signs snapshots: ``state_dir/server.key`` (made on first start,
    readable by the owner only), or a fresh one when nothing is written."""
    if state_dir is None:
        return secrets.token_bytes(32)
    path = state_dir / "server.key"
    if not path.exists():
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another server of this folder made it just now
            time.sleep(0.1)
        else:
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
        self.outbox: list[dict[str, Any] | str] = []  # a str: a relayed message, already JSON
        self.dirty = False
        self.upstream: ClientConnection | None = None  # relayed to the worker owning its table
        self.close_after = False  # close once the outbox is sent (the seat was resumed elsewhere)
        self.wake = asyncio.Event()
        self.idle = False  # the writer waits for work: an update may be sent at once (_write_now)


class TableServer:
    """``settings.tables`` rooms behind one websocket endpoint; see the module docstring.

    A worker of a sharded server (``holdem-eval serve --workers N``,
    :mod:`holdem_eval.server.shards`) runs the tables in ``owned`` only, numbered as in the
    whole server; ``hosted`` are the tables of all its workers, ``worker`` is its number,
    ``board`` the summaries every worker publishes for ``tables``, and ``relay`` the URL
    (with ``{table}``) through which a connection that asks for a table of another worker
    is passed on to it. A server of several hosts sharing a state folder runs ``owned``
    only (docs/server.md, "Several hosts"). Each table's lock file keeps a second server
    from running it at the same time.
    """

    def __init__(self, settings: ServerSettings, *, key: bytes | None = None,
                 owned: Iterable[int] | None = None, hosted: Iterable[int] | None = None,
                 worker: int = 0, board: SummaryBoard | None = None, relay: str | None = None) -> None:
        self.settings = settings
        check_state_dir(settings)
        self.key = load_key(settings.state_dir) if key is None else key
        numbers = range(settings.tables) if owned is None else sorted(set(owned))
        for k in numbers:
            if k.__class__ is not int or not 0 <= k < settings.tables:
                raise ServerError("bad_setting", f"a table to run must be a number 0..{settings.tables - 1},"
                                                 f" got {k!r}")
        self.hosted = frozenset(numbers if hosted is None else hosted)
        self.rooms = {k: Room(k, settings, self.key) for k in numbers}
        try:
            for room in self.rooms.values():
                room.lock()
            self.restored = {k: room.restore() for k, room in self.rooms.items()}
        except ServerError:
            for room in self.rooms.values():
                room.close()
            raise
        for room in self.rooms.values():
            room.changed()  # the first snapshot (a restored room: the clock restarts now)
        self.worker, self.board, self.relay = worker, board, relay
        self._published: dict[int, dict[str, Any]] = {}
        for k in self.rooms:
            self._publish(k)
        self._watchers: dict[int, set[_Client]] = {k: set() for k in self.rooms}
        self._holders: dict[tuple[int, int], _Client] = {}
        self._timers: dict[int, asyncio.TimerHandle | None] = dict.fromkeys(self.rooms)
        self._loop: asyncio.AbstractEventLoop | None = None
        self.port: int | None = None

    # ---- running -------------------------------------------------------------------
    async def serve(self, host: str = "127.0.0.1", port: int = 0, *,
                    ready: Callable[[int], None] | None = None,
                    stop: asyncio.Event | None = None) -> None:
        """Serve until ``stop`` is set (or forever); ``ready(port)`` is called once the
        socket listens (``port=0`` picks a free port)."""
        await self._serve(dict(host=host, port=port), None, ready, stop)

    async def serve_handed(self, handoff: socket.socket, *, ready: Callable[[int], None] | None = None,
                           stop: asyncio.Event | None = None,
                           on_front_gone: Callable[[], None] | None = None) -> None:
        """Serve the connections another process accepted and hands over through the
        Unix socket ``handoff`` (a worker of a sharded server; ``ready(0)``);
        ``on_front_gone`` when that process closes it."""
        # websockets serves only while its server listens, so it listens on a Unix socket of
        # its own that nobody is told of (an address in Linux's abstract namespace)
        idle = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        idle.bind(f"\0holdem-eval-worker-{os.getpid()}-{secrets.token_hex(8)}")
        await self._serve(dict(sock=idle), (handoff, on_front_gone), ready, stop)

    async def _serve(self, where: dict[str, Any],
                     handoff: tuple[socket.socket, Callable[[], None] | None] | None,
                     ready: Callable[[int], None] | None, stop: asyncio.Event | None) -> None:
        self._loop = loop = asyncio.get_running_loop()
        async with serve(self._handler, process_request=self._http, max_size=MAX_MESSAGE,
                         compression=None, **where) as server:
            if handoff is not None:
                # asyncio's Server keeps the factory that makes a websocket connection of a
                # socket; websockets has no public way to hand it a socket accepted elsewhere
                factory = server.server._protocol_factory  # type: ignore[attr-defined]
                receive_connections(loop, handoff[0], factory, handoff[1])
                self.port = 0
            else:
                self.port = next(iter(server.sockets)).getsockname()[1]
            for k in self.rooms:
                self._schedule(k)
            if ready is not None:
                ready(self.port)
            try:
                await (stop.wait() if stop is not None else asyncio.Future())
            finally:
                if handoff is not None:
                    loop.remove_reader(handoff[0].fileno())
                for timer in self._timers.values():
                    if timer is not None:
                        timer.cancel()
                for room in self.rooms.values():
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
        if self.board is not None:
            self._publish(k)
        for c in self._watchers[k]:
            if c.seat is not None and c.seat not in room.tokens:
                if self._holders.get((k, c.seat)) is c:
                    del self._holders[(k, c.seat)]
                room.online.discard(c.seat)
                c.seat = None
            if not (c.idle and not c.outbox and self._write_now(c)):
                c.dirty = True
                c.wake.set()
        self._schedule(k)

    def _write_now(self, c: _Client) -> bool:
        """Send ``c`` its update at once, without waking its writer, when nothing is queued
        for it and its socket takes data (no backlog): the common case, and the cheap one.
        False: the writer must do it (it waits for a slow reader)."""
        ws = c.ws
        transport = ws.transport
        room = c.room
        if (room is None or c.close_after or ws.protocol.state is not State.OPEN or transport.is_closing()
                or transport.get_write_buffer_size()):
            return False
        text, c.cursor = room.update_text(c.seat, c.cursor)
        ws.protocol.send_text(text.encode())  # websockets' Sans-I/O protocol: frames the message
        for data in ws.protocol.data_to_send():
            transport.write(data)
        return True

    def _publish(self, k: int) -> None:
        """Put table ``k``'s summary on the board the workers share, when it changed."""
        if self.board is None:
            return
        summary = self._summary(k)
        if summary != self._published.get(k):
            self._published[k] = summary
            self.board.put(k, summary)

    def _summary(self, k: int) -> dict[str, Any]:
        return {**self.rooms[k].summary(), "worker": self.worker}

    def _summaries(self) -> list[dict[str, Any]]:
        if self.board is None:
            return [self._summary(k) for k in self.rooms]
        return self.board.read()

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
        pump: asyncio.Task[None] | None = None
        try:
            async for raw in ws:
                if client.upstream is not None:
                    await client.upstream.send(raw)
                    continue
                foreign = self._receive(client, raw)
                if foreign is not None:
                    pump = await self._open_relay(client, foreign, raw)
                if len(client.outbox) > MAX_QUEUED:
                    await ws.close(1008, "too many unread replies")
                    break
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            if pump is not None:
                pump.cancel()
            if client.upstream is not None:
                await client.upstream.close()
            self._detach(client)

    async def _open_relay(self, c: _Client, k: int, first: str | bytes) -> asyncio.Task[None] | None:
        """Pass this connection on to the worker that owns table ``k``: its first message
        and every later one go there, every reply comes back through this connection."""
        assert self.relay is not None
        try:
            c.upstream = await connect(self.relay.format(table=k), open_timeout=10, max_size=None,
                                       compression=None)
            await c.upstream.send(first)
        except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError) as exc:
            c.upstream = None
            kind = json.loads(first).get("type")  # parsed once already: a join, resume or watch
            self._reply(c, {"type": "error", "code": "unavailable", "request": kind,
                            "message": f"table {k}'s worker cannot be reached now ({exc}); try again"})
            return None
        return asyncio.create_task(self._pump(c, c.upstream))

    async def _pump(self, c: _Client, upstream: ClientConnection) -> None:
        """The owning worker's messages to this connection; its close closes this one."""
        try:
            async for m in upstream:
                c.outbox.append(m if isinstance(m, str) else m.decode())
                c.wake.set()
                if len(c.outbox) > MAX_QUEUED:
                    await c.ws.close(1008, "too many unread replies")
                    return
        except ConnectionClosed:
            pass
        code = upstream.close_code
        if code is not None and code not in (1005, 1006):
            await c.ws.close(code, upstream.close_reason or "")
        else:
            await c.ws.close(1011, "the table's worker went away; connect again and resume")

    async def _writer(self, c: _Client) -> None:
        try:
            while True:
                c.idle = True
                await c.wake.wait()
                c.idle = False
                c.wake.clear()
                messages, c.outbox = c.outbox, []
                if c.dirty and c.room is not None:
                    c.dirty = False
                    update, c.cursor = c.room.update_text(c.seat, c.cursor)
                    messages.append(update)
                for m in messages:
                    await c.ws.send(m if isinstance(m, str) else json.dumps(m, separators=(",", ":")))
                if c.close_after:
                    await c.ws.close(1000, "the seat was resumed by another connection")
                    return
        except ConnectionClosed:
            pass

    def _reply(self, c: _Client, message: dict[str, Any]) -> None:
        c.outbox.append(message)
        c.wake.set()

    def _receive(self, c: _Client, raw: str | bytes) -> int | None:
        """Apply one message; a table number when it asks for a table another worker owns
        (the connection is then relayed there, this worker changed nothing)."""
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
            return self._dispatch(c, kind, msg)
        except ServerError as exc:
            self._reply(c, {"type": "error", "code": exc.code, "message": str(exc),
                            "request": msg.get("type") if isinstance(msg, dict) else None})
        except Exception:  # a bug: the client learns nothing more than that
            log.exception("message %r failed", raw[:200])
            self._reply(c, {"type": "error", "code": "internal",
                            "message": "the server failed on this message; it changed nothing it"
                                       " reported"})
        return None

    def _table(self, msg: dict[str, Any]) -> int:
        k = msg.get("table")
        if k.__class__ is not int:
            raise ServerError("bad_message", f"'table' must be a table number (an int), got {k!r}")
        n = self.settings.tables
        if not 0 <= k < n:
            raise ServerError("no_table", f"'table' must be a table number 0..{n - 1}, got {k!r}")
        return int(k)

    def _dispatch(self, c: _Client, kind: str, msg: dict[str, Any]) -> int | None:
        if kind == "ping":
            self._reply(c, {"type": "pong"})
            return None
        if kind == "tables":
            self._reply(c, {"type": "tables", "tables": self._summaries()})
            return None
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
            return None
        if c.room is not None:
            raise ServerError("already_attached", f"this connection is already at table {c.room.index};"
                                                  " open another connection for another seat or table")
        k = self._table(msg)
        room = self.rooms.get(k)
        if room is None:
            if k in self.hosted and self.relay is not None:
                return k  # another worker's table: relay the connection there
            raise ServerError("no_table", f"table {k} is not run by this server (another server"
                                          " of its state folder runs it)")

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
        return None

    def _detach(self, c: _Client) -> None:
        room = c.room
        if room is None:
            return
        self._watchers[room.index].discard(c)
        if c.seat is not None and self._holders.get((room.index, c.seat)) is c:
            del self._holders[(room.index, c.seat)]
            room.online.discard(c.seat)
        c.room = c.seat = None
