"""Several worker processes behind one port: ``holdem-eval serve --workers N``
(docs/server.md, "Several processes").

**Placement.** The ``j``-th table the server runs belongs to worker ``j % N`` (table ``k``
to worker ``k % N`` when it runs them all), which alone holds it in memory, applies its
messages, runs its clocks and writes its snapshots in the shared state folder.

**Routing.** The main process (the *front*) listens on the port and runs no table. For
each TCP connection it peeks (``MSG_PEEK``: the bytes stay in the socket for the worker)
at the HTTP request line: ``/ws?table=K`` goes to the worker owning table ``K``, anything
else (the page, a ``/ws`` without a table) to the workers in turn. It hands the socket to
that worker over a Unix socket (``SCM_RIGHTS``) and closes its own copy: the worker's
websocket server does the handshake and every frame after it; the front never touches a
frame. A connection that reached a worker not owning the table its ``join``, ``resume``
or ``watch`` names is *relayed*: that worker opens a connection to ``/ws?table=K`` (through
the front, so it reaches the owner), sends it the message and passes every frame both
ways until either side closes — every message is still applied by the owning worker, only
one more hop away. ``tables`` lists every table: each worker publishes its tables'
summaries on a :class:`SummaryBoard` (shared memory) when they change.

**A worker's death.** The front notices at once (the process's sentinel), starts a new
worker for the same tables (after 1 s if the dead one had run for less than 5 s), and
that worker restores its tables from the state folder as a restart does, mid-hand. The
dead worker's connections are dropped; clients reconnect and ``resume`` with their tokens
and cursors. Other workers' tables and connections are not touched. A new worker that
cannot restore (a snapshot it cannot use) stops the whole server, exit status 1.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import re
import selectors
import signal
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..errors import ServerError
from .app import TableServer, check_state_dir, load_key
from .handoff import SummaryBoard

__all__ = ["placement", "run_sharded"]

_PEEK = 4096
"""Bytes of a request peeked at for its request line; a line longer than this goes to
the workers in turn (which refuse it)."""
_PEEK_WAIT = 10.0
"""Seconds a new connection may take to send its request line before it is closed."""
_QUICK_DEATH = 5.0
"""A worker that dies within this many seconds of its start is started again after 1 s."""
_REQUEST_LINE = re.compile(rb"^[A-Z]+ (\S+) HTTP/1\.[01]\r?\n")


def placement(tables: list[int], workers: int) -> dict[int, int]:
    """Which of ``workers`` owns each of ``tables`` (the tables a server runs, in order)."""
    return {k: j % workers for j, k in enumerate(sorted(tables))}


def _worker_main(index: int, places: dict[int, int], settings: Any, key: bytes, board: SummaryBoard,
                 handoff: socket.socket, report: int, relay: str, inherited: list[int]) -> None:
    """A worker process (forked by the front): its tables, served until SIGTERM or the
    front goes away. Writes one JSON line on ``report`` once it serves, or its error."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the front, which stops us
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the front's handler (until the loop's)
    signal.set_wakeup_fd(-1)
    for fd in inherited:  # the listening socket and the other workers' ends
        with contextlib.suppress(OSError):
            os.close(fd)
    owned = [k for k, w in places.items() if w == index]
    try:
        server = TableServer(settings, key=key, owned=owned, hosted=places, worker=index, board=board,
                             relay=relay)
    except ServerError as exc:
        os.write(report, json.dumps({"error": str(exc)}).encode() + b"\n")
        os._exit(1)
    warnings = [w for room in server.rooms.values() for w in room.warnings]

    def announce(_: int) -> None:
        os.write(report, json.dumps({"restored": sum(server.restored.values()),
                                     "warnings": warnings}).encode() + b"\n")
        os.close(report)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        await server.serve_handed(handoff, ready=announce, stop=stop, on_front_gone=stop.set)

    asyncio.run(main())


@dataclass
class _Worker:
    index: int
    tables: list[int]
    process: BaseProcess
    handoff: socket.socket
    report: int
    started: float
    reported: bytes = b""
    ready: bool = False


@dataclass
class _Front:
    """The front's state: the listening socket, the workers, connections waiting to be
    read far enough to route."""

    settings: Any
    key: bytes
    host: str
    listener: socket.socket
    workers: int
    relay: str
    board: SummaryBoard
    places: dict[int, int]
    procs: list[_Worker | None] = field(default_factory=list)
    restarts: dict[int, float] = field(default_factory=dict)  # worker -> when to start it
    next_worker: int = 0

    def start(self, index: int) -> _Worker:
        ctx = multiprocessing.get_context("fork")
        front_end, worker_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        report_r, report_w = os.pipe()
        inherited = [self.listener.fileno(), front_end.fileno(), report_r]
        inherited += [w.handoff.fileno() for w in self.procs if w is not None]
        inherited += [w.report for w in self.procs if w is not None and w.report >= 0]
        proc = ctx.Process(target=_worker_main, name=f"holdem-eval serve worker {index}",
                           args=(index, self.places, self.settings, self.key, self.board, worker_end,
                                 report_w, self.relay, inherited))
        proc.start()
        worker_end.close()
        os.close(report_w)
        front_end.settimeout(2.0)  # a worker that does not take a socket in time loses it
        tables = [k for k, w in self.places.items() if w == index]
        return _Worker(index, tables, proc, front_end, report_r, time.monotonic())

    def read_report(self, w: _Worker) -> dict[str, Any] | None:
        """The worker's start report once complete (None: not yet)."""
        try:
            chunk = os.read(w.report, 65536)
        except BlockingIOError:
            return None
        w.reported += chunk
        if chunk and not w.reported.endswith(b"\n"):
            return None
        os.close(w.report)
        w.report = -1
        if not w.reported:
            return {"error": f"worker {w.index} (tables {_tables(w.tables)}) ended before it served"}
        report: dict[str, Any] = json.loads(w.reported)
        return report

    def route(self, head: bytes) -> int:
        """The worker for a connection whose first bytes are ``head``."""
        m = _REQUEST_LINE.match(head)
        if m is not None:
            target = urlsplit(m[1].decode("latin-1"))
            if target.path == "/ws":
                asked = parse_qs(target.query).get("table", [""])[0]
                if asked.isdigit() and int(asked) in self.places:
                    return self.places[int(asked)]
        self.next_worker = (self.next_worker + 1) % self.workers
        return self.next_worker

    def hand_over(self, conn: socket.socket, head: bytes) -> None:
        w = self.procs[self.route(head)]
        try:
            if w is None:
                raise OSError("the worker is being started again")
            socket.send_fds(w.handoff, [b"c"], [conn.fileno()])
        except OSError:
            pass  # the worker is gone or stuck: the client sees its connection close
        conn.close()


def _tables(tables: list[int]) -> str:
    if len(tables) <= 8:
        return ", ".join(map(str, tables))
    return f"{tables[0]}, {tables[1]}, ... ({len(tables)})"


def run_sharded(settings: Any, host: str, port: int, workers: int, *,
                ready: Callable[[int, list[int], int, list[str]], None] | None = None,
                owned: list[int] | None = None) -> None:
    """Run ``workers`` worker processes behind ``host:port`` until SIGTERM or Ctrl-C (see
    the module docstring), for the tables ``owned`` (default: all of
    ``settings.tables``). ``ready(port, pids, restored, warnings)`` once every worker
    serves. A worker that cannot start, or cannot be started again, raises
    :class:`ServerError` after stopping the others."""
    if not sys.platform.startswith("linux"):
        raise ServerError("bad_setting", "--workers above 1 needs Linux (file descriptor passing, abstract"
                                         f" Unix sockets); this is {sys.platform}")
    tables = list(range(settings.tables)) if owned is None else sorted(set(owned))
    if not 1 <= workers <= len(tables):
        raise ServerError("bad_setting", f"--workers must be 1..{len(tables)} (one table at least"
                                         f" each), got {workers}")
    check_state_dir(settings)
    key = load_key(settings.state_dir)
    listener = socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET,
                                    backlog=1024)
    port = listener.getsockname()[1]
    near = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(host, host)
    relay = f"ws://{'[' + near + ']' if ':' in near else near}:{port}/ws?table={{table}}"
    front = _Front(settings, key, host, listener, workers, relay, SummaryBoard(settings.tables),
                   placement(tables, workers))
    wake_r, wake_w = socket.socketpair()
    wake_w.setblocking(False)
    old_wakeup = signal.set_wakeup_fd(wake_w.fileno())
    stopping = False

    def stop_now(*_: Any) -> None:
        nonlocal stopping
        stopping = True

    old_handlers = {s: signal.signal(s, stop_now) for s in (signal.SIGTERM, signal.SIGINT)}
    sel = selectors.DefaultSelector()
    pending: dict[socket.socket, list[float]] = {}  # not yet routed -> [deadline, look again at]
    try:
        for i in range(workers):
            front.procs.append(None)
            front.procs[i] = front.start(i)
        # the first start: every worker must report before the port is announced
        restored, warnings = 0, []
        for w in front.procs:
            assert w is not None
            os.set_blocking(w.report, True)
            report = front.read_report(w)
            assert report is not None
            if "error" in report:
                raise ServerError("bad_snapshot", report["error"])
            restored += report["restored"]
            warnings += report["warnings"]
            w.ready = True
        if ready is not None:
            ready(port, [w.process.pid or 0 for w in front.procs if w is not None], restored, warnings)
        listener.setblocking(False)
        sel.register(listener, selectors.EVENT_READ, "accept")
        sel.register(wake_r, selectors.EVENT_READ, "wake")
        for w in front.procs:
            assert w is not None
            sel.register(w.process.sentinel, selectors.EVENT_READ, w)
        while not stopping:
            now = time.monotonic()
            soonest = min([t for d in pending.values() for t in d if t > 0] + list(front.restarts.values()),
                          default=now + 1.0)
            for key_, _ in sel.select(timeout=max(0.0, min(soonest - now, 1.0))):
                what = key_.data
                if what == "accept":
                    _accept_all(listener, sel, pending)
                elif what == "wake":
                    with contextlib.suppress(BlockingIOError):
                        wake_r.recv(512)
                elif isinstance(what, socket.socket):
                    _peek(front, sel, pending, what)
                elif isinstance(what, tuple):  # a restarted worker's report
                    _, w = what
                    report = front.read_report(w)
                    if report is None:
                        continue
                    sel.unregister(key_.fd)
                    if "error" in report:
                        raise ServerError("bad_snapshot", f"worker {w.index} could not be started again:"
                                                          f" {report['error']}")
                    w.ready = True
                    print(f"holdem-eval serve: worker {w.index} serves tables {_tables(w.tables)} again"
                          f" (pid {w.process.pid})", file=sys.stderr, flush=True)
                elif isinstance(what, _Worker):  # a worker died
                    sel.unregister(key_.fd)
                    w = what
                    w.process.join(1)
                    code = w.process.exitcode
                    how = f"signal {-code}" if code is not None and code < 0 else f"exit status {code}"
                    print(f"holdem-eval serve: worker {w.index} (tables {_tables(w.tables)}) died ({how});"
                          " starting it again", file=sys.stderr, flush=True)
                    w.handoff.close()
                    front.procs[w.index] = None
                    quick = time.monotonic() - w.started < _QUICK_DEATH
                    front.restarts[w.index] = time.monotonic() + (1.0 if quick else 0.0)
            now = time.monotonic()
            for conn, times in list(pending.items()):
                if times[0] <= now:  # no request line in time
                    del pending[conn]
                    if times[1] == 0:
                        sel.unregister(conn)
                    conn.close()
                elif 0 < times[1] <= now:  # a partial request line: look again
                    times[1] = 0
                    sel.register(conn, selectors.EVENT_READ, conn)
            for i, when in list(front.restarts.items()):
                if when <= now and not stopping:
                    del front.restarts[i]
                    w = front.procs[i] = front.start(i)
                    os.set_blocking(w.report, False)
                    sel.register(w.process.sentinel, selectors.EVENT_READ, w)
                    sel.register(w.report, selectors.EVENT_READ, ("report", w))
    finally:
        for conn in pending:
            conn.close()
        listener.close()
        live = [w for w in front.procs if w is not None]
        for w in live:
            if w.process.is_alive() and w.process.pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(w.process.pid, signal.SIGTERM)
        for w in live:
            w.process.join(15)
            if w.process.is_alive():
                w.process.kill()
                w.process.join()
            w.handoff.close()
            if w.report >= 0:
                os.close(w.report)
        sel.close()
        signal.set_wakeup_fd(old_wakeup)
        for s, h in old_handlers.items():
            signal.signal(s, h)
        wake_r.close()
        wake_w.close()


def _accept_all(listener: socket.socket, sel: selectors.BaseSelector,
                pending: dict[socket.socket, list[float]]) -> None:
    while True:
        try:
            conn, _ = listener.accept()
        except (BlockingIOError, InterruptedError):
            return
        except OSError:  # too many open files, a reset before accept: the next one may do
            return
        conn.setblocking(False)
        pending[conn] = [time.monotonic() + _PEEK_WAIT, 0.0]
        sel.register(conn, selectors.EVENT_READ, conn)


def _peek(front: _Front, sel: selectors.BaseSelector, pending: dict[socket.socket, list[float]],
          conn: socket.socket) -> None:
    try:
        head = conn.recv(_PEEK, socket.MSG_PEEK)
    except BlockingIOError:
        return
    except OSError:
        head = b""
    sel.unregister(conn)
    if not head:  # closed before a request
        del pending[conn]
        conn.close()
        return
    if b"\n" not in head and len(head) < _PEEK:
        # the request line is not all there: look again shortly (peeked bytes stay
        # readable, so the socket is out of the selector meanwhile)
        pending[conn][1] = time.monotonic() + 0.01
        return
    del pending[conn]
    front.hand_over(conn, head)
