"""The reference table server (``pip install "holdem-eval[server]"``): tables that deal
continuously behind a websocket, a web page to play them in a browser, snapshots that
survive a crash. ``holdem-eval serve`` runs it; docs/server.md documents the protocol.

It is a reference: one asyncio loop per process, every table in memory, built on
:class:`holdem_eval.engine.Table` exactly as a game server of your own would be; with
``--workers N``, N processes each own a share of the tables behind one port
(:mod:`holdem_eval.server.shards`).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Sequence

from .app import MESSAGE_TYPES, TableServer, load_key
from .room import Room, ServerSettings
from .shards import run_sharded

__all__ = ["MESSAGE_TYPES", "Room", "ServerSettings", "TableServer", "load_key", "run_server"]


def run_server(settings: ServerSettings, host: str = "127.0.0.1", port: int = 8765,
               *, ready: Callable[[int], None] | None = None, workers: int = 1,
               only: Sequence[int] | None = None) -> None:
    """Serve until interrupted (Ctrl-C, SIGTERM). ``ready(port)`` runs once listening;
    by default it prints where to point a browser. ``workers`` above 1 runs that many
    worker processes behind the port, each owning a share of the tables
    (:mod:`holdem_eval.server.shards`). ``only``: the tables this server runs, of
    ``settings.tables`` (default all); other servers sharing the state folder run the
    others (docs/server.md, "Several hosts")."""

    def announce(p: int, warnings: list[str], restored: int, pids: list[int] | None = None) -> None:
        for warning in warnings:
            print(f"holdem-eval serve: warning: {warning}", file=sys.stderr, flush=True)
        count = settings.tables if only is None else len(set(only))
        print(f"holdem-eval serve: {count} table(s) on http://{host}:{p}/ (websocket /ws)"
              + (f"; {len(pids)} workers (pids {', '.join(map(str, pids))})" if pids else "")
              + (f"; {restored} restored from {settings.state_dir}" if restored else ""), flush=True)

    if workers != 1:
        def sharded_ready(p: int, pids: list[int], restored: int, warnings: list[str]) -> None:
            if ready is not None:
                ready(p)
            else:
                announce(p, warnings, restored, pids)

        run_sharded(settings, host, port, workers, ready=sharded_ready,
                    owned=None if only is None else list(only))
        return
    server = TableServer(settings, owned=only)

    def single_ready(p: int) -> None:
        warnings = [w for room in server.rooms.values() for w in room.warnings]
        announce(p, warnings, sum(server.restored.values()))

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        if sys.platform != "win32":
            import signal

            loop.add_signal_handler(signal.SIGTERM, stop.set)
        await server.serve(host, port, ready=ready or single_ready, stop=stop)

    asyncio.run(main())
