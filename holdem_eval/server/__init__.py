"""The reference table server (``pip install "holdem-eval[server]"``): tables that deal
continuously behind a websocket, a web page to play them in a browser, snapshots that
survive a crash. ``holdem-eval serve`` runs it; docs/server.md documents the protocol.

It is a reference: one process, one asyncio loop, every table in memory, built on
:class:`holdem_eval.engine.Table` exactly as a game server of your own would be.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable

from .app import MESSAGE_TYPES, TableServer, load_key
from .room import Room, ServerSettings

__all__ = ["MESSAGE_TYPES", "Room", "ServerSettings", "TableServer", "load_key", "run_server"]


def run_server(settings: ServerSettings, host: str = "127.0.0.1", port: int = 8765,
               *, ready: Callable[[int], None] | None = None) -> None:
    """Serve until interrupted (Ctrl-C, SIGTERM). ``ready(port)`` runs once listening;
    by default it prints where to point a browser."""
    server = TableServer(settings)

    def announce(p: int) -> None:
        for room in server.rooms:
            for warning in room.warnings:
                print(f"holdem-eval serve: warning: {warning}", file=sys.stderr, flush=True)
        restored = sum(server.restored)
        print(f"holdem-eval serve: {settings.tables} table(s) on http://{host}:{p}/ (websocket /ws)"
              + (f"; {restored} restored from {settings.state_dir}" if restored else ""), flush=True)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        if sys.platform != "win32":
            import signal

            loop.add_signal_handler(signal.SIGTERM, stop.set)
        await server.serve(host, port, ready=ready or announce, stop=stop)

    asyncio.run(main())
