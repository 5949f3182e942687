"""``holdem-eval serve``: the reference table server (needs the ``[server]`` extra)."""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path

from ..errors import ServerError, ServerExtraMissingError
from .args import add_command, count_type

__all__ = ["register"]


def _blinds(text: str) -> tuple[int, int]:
    parts = text.split("/")
    try:
        sb, bb = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected SMALL/BIG such as 1/2, got {text!r}") from None
    if not 0 < sb <= bb:
        raise argparse.ArgumentTypeError(f"expected 0 < SMALL <= BIG, got {text!r}")
    return sb, bb


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not 0 <= value < 1e6:
        raise argparse.ArgumentTypeError(f"expected seconds 0..1e6, got {text!r}")
    return value


def _table_list(text: str) -> list[int]:
    tables: set[int] = set()
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        bad = argparse.ArgumentTypeError(f"expected table numbers such as 0,2,5-7, got {text!r}")
        try:
            first = int(low)
            last = int(high) if dash else first
        except ValueError:
            raise bad from None
        if not 0 <= first <= last:
            raise bad
        tables.update(range(first, last + 1))
    return sorted(tables)


def _clock(text: str) -> float:
    value = _seconds(text)
    if value == 0:
        raise argparse.ArgumentTypeError(f"expected seconds above 0, got {text!r}")
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        sub, "serve",
        summary="run the reference table server",
        description="Run tables that deal continuously behind a websocket (/ws) and a web page (/) "
        "to play them in a browser. The protocol is in docs/server.md. Needs the [server] extra.",
        epilog="example: holdem-eval serve --tables 2 --seats 6 --blinds 1/2 --port 8765 --state-dir state",
    )
    p.add_argument("--tables", type=count_type("--tables", high=1000), default=1,
                   help="tables to run, 1..1000 (default 1)")
    p.add_argument("--seats", type=int, choices=range(2, 11), default=6, metavar="2..10",
                   help="seats per table (default 6)")
    p.add_argument("--blinds", type=_blinds, default=(1, 2), metavar="SB/BB", help="blinds (default 1/2)")
    p.add_argument("--betting", choices=("no-limit", "pot-limit", "fixed-limit"), default="no-limit")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 picks a free one)")
    p.add_argument("--clock", type=_clock, default=15.0,
                   help="seconds for each decision (default 15)")
    p.add_argument("--time-bank", type=_seconds, default=30.0,
                   help="extra seconds per seat for the session, used when the clock runs out (default 30)")
    p.add_argument("--hand-delay", type=_seconds, default=1.0, help="seconds between hands (default 1)")
    p.add_argument("--state-dir", type=Path, default=None,
                   help="folder for snapshots and hand logs; a restart restores from it (secret: it"
                   " holds the dealt hole cards and the signing key)")
    p.add_argument("--fsync", action="store_true", help="flush every snapshot to disk (survives power loss)")
    p.add_argument("--no-journal", dest="journal", action="store_false",
                   help="write each table's whole snapshot after every change instead of appending what"
                   " changed to its journal (the format before the journal; slower)")
    p.add_argument("--only", type=_table_list, default=None, metavar="K,L,M-N",
                   help="run only these tables of 0..--tables-1 (default all): other servers sharing"
                   " the state folder run the others (docs/server.md, Several hosts)")
    p.add_argument("--workers", type=count_type("--workers", high=64), default=1,
                   help="worker processes behind the port, table k on worker k %% N (default 1: one"
                   " process); at most --tables")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("websockets") is None:
        raise ServerExtraMissingError("serve needs the websocket library: pip install 'holdem-eval[server]'")
    from ..server import ServerSettings, run_server

    sb, bb = args.blinds
    settings = ServerSettings(tables=args.tables, seats=args.seats, small_blind=sb, big_blind=bb,
                              betting=args.betting, clock=args.clock, time_bank=args.time_bank,
                              hand_delay=args.hand_delay, state_dir=args.state_dir, fsync=args.fsync,
                              journal=args.journal)
    if args.only is not None and args.only[-1] >= args.tables:
        raise ServerError("bad_setting", f"--only {args.only[-1]}: the tables are 0..{args.tables - 1}"
                                         f" (--tables {args.tables})")
    run_server(settings, args.host, args.port, workers=args.workers, only=args.only)
    return 0
