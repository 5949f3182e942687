"""``holdem-eval equity``: win/tie/equity per player for hands, ranges or random."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Callable
from typing import TextIO

from ..cards import parse_cards
from ..equity.compute import MAX_TRIALS, equity
from ..errors import HoldemEvalError, ShapeError
from .args import (
    add_command,
    add_quiet_arg,
    add_threads_arg,
    add_variant_args,
    count_type,
    game,
    seed_type,
    show_progress,
)

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        sub, "equity",
        summary="equity of 2..10 hands or ranges",
        description="Equity of 2..10 players: exact hole cards, ranges or 'random'. Exact "
        "enumeration when cheap (or with --exact), else Monte Carlo.",
        epilog='examples: holdem-eval equity AhAs KdKc  ·  holdem-eval equity "TT+,AKs" '
        'random --board Qh7h2c --stderr 0.001  ·  holdem-eval equity AhAsKhKs random '
        "--omaha --trials 200000",
    )
    p.add_argument("players", nargs="+", metavar="PLAYER",
                   help='hole cards ("AhAs"), a range ("QQ+,AKs:0.5") or random')
    p.add_argument("--board", default="", help="0..5 board cards")
    p.add_argument("--dead", default="", help="cards removed from the deck")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every board and combo")
    how.add_argument("--trials", type=count_type("trials", MAX_TRIALS), metavar="N",
                     help="Monte Carlo with N trials (1..1,000,000,000)")
    how.add_argument("--stderr", type=float, metavar="X",
                     help="Monte Carlo until every standard error is below X (e.g. 0.001)")
    p.add_argument("--seed", type=seed_type, help="Monte Carlo seed: the same seed gives the same result, "
                   "whatever --threads")
    add_threads_arg(p)
    add_variant_args(p, omaha="4-card hands or random",
                     games="short-deck (the 36 cards 6..A), omaha (as --omaha), ...; hi-lo "
                     "games give each player's expected share of a pot split high / low")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_quiet_arg(p)
    p.set_defaults(handler=run)


class _Bar:
    """A one-line progress bar on stderr, shown only once a run passes half a second."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._start = time.perf_counter()
        self._shown = False

    def __call__(self, frac: float) -> None:
        if time.perf_counter() - self._start < 0.5:
            return
        filled = int(30 * frac)
        self._stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {100 * frac:5.1f}%")
        self._stream.flush()
        self._shown = True

    def close(self) -> None:
        if self._shown:
            self._stream.write("\r" + " " * 40 + "\r")
            self._stream.flush()


def _split_hint(players: list[str]) -> None:
    """Refuse players that are single cards: a hand split over several arguments."""
    singles = 0
    for text in players:
        with contextlib.suppress(HoldemEvalError):  # not cards: a range, checked later
            singles += parse_cards(text).size == 1
    if singles >= 2:
        raise ShapeError(
            f"{singles} PLAYER arguments are single cards ({' '.join(players)!r}): each PLAYER "
            "argument is one player's whole hand or range; quote or join the cards of a hand, "
            "e.g. holdem-eval equity AhKh QdQs or \"Ah Kh\" \"Qd Qs\"")


def run(args: argparse.Namespace) -> int:
    variant = game(args)
    method = "exact" if args.exact else (
        "monte_carlo" if args.trials is not None or args.stderr is not None else "auto")
    _split_hint(args.players)
    show = show_progress(args) and not args.json
    bar = _Bar(sys.stderr) if show else None
    progress: Callable[[float], None] | None = bar
    try:
        result = equity(
            args.players, board=args.board, dead=args.dead, method=method,
            trials=args.trials, target_stderr=args.stderr, seed=args.seed,
            threads=args.threads, progress=progress,
            variant=variant,
        )
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.table())
    return 0
