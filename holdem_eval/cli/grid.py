"""``holdem-eval grid HAND_OR_RANGE --vs RANGE``: equity per class as a 13 x 13 grid."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .._progress import progress_bar
from ..equity.compute import MAX_TRIALS
from ..errors import GridOutputError
from .args import add_command, add_quiet_arg, add_threads_arg, count_type, seed_type, show_progress

__all__ = ["GridOutputError", "register"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        sub, "grid", raw=True,
        summary="13 x 13 grid of equity per starting-hand class (terminal and PNG)",
        description=(
            "Show equity per starting-hand class as a 13 x 13 grid, in colour in the "
            "terminal and, with -o, as a PNG (needs the [plot] extra). For a range, each of "
            "its classes gets its equity against --vs; for two exact cards (AhKh), each "
            "class of --vs gets the hand's equity against it."
        ),
        epilog=(
            'examples: holdem-eval grid random --vs "QQ+, AKs" -o grid.png\n'
            '          holdem-eval grid AhKh --vs "22+, ATs+, KQo" --board "Qh Jd 2c"\n'
            '          holdem-eval grid "15%" --vs "5%" --json > grid.json\n'
            "          holdem-eval grid random --vs QQ+ -o - > grid.png    (PNG to stdout)"
        ),
    )
    p.add_argument("hero", metavar="HAND_OR_RANGE", help='two cards ("AhKh") or a range ("22+, AJs+")')
    p.add_argument("--vs", required=True, metavar="RANGE", help="the opponent's range")
    p.add_argument("--board", default="", help="0, 3, 4 or 5 board cards")
    p.add_argument("--dead", default="", help="dead cards")
    p.add_argument("-o", "--output", metavar="PNG", help="write the grid as a PNG (- for stdout)")
    p.add_argument("--json", action="store_true", help="print the grid as one JSON object instead of text")
    p.add_argument(
        "--method",
        choices=("auto", "exact", "monte_carlo"),
        default="auto",
        help="per-cell equity method (default: %(default)s)",
    )
    p.add_argument("--trials", type=count_type("trials", MAX_TRIALS), help="Monte Carlo trials per cell")
    p.add_argument("--seed", type=seed_type, help="Monte Carlo seed (repeatable cells)")
    add_threads_arg(p, "threads per cell")
    p.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the terminal grid (auto: when stdout is a terminal, no NO_COLOR)",
    )
    add_quiet_arg(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ..grid import equity_grid

    if args.output == "-" and sys.stdout.isatty():
        raise GridOutputError("-o - writes a PNG to stdout, which is a terminal: redirect it "
                              "(holdem-eval grid ... -o - > grid.png) or name a file")
    if args.output not in (None, "-") and not Path(args.output).resolve().parent.is_dir():
        raise GridOutputError(f"-o {args.output!r}: the folder {str(Path(args.output).parent)!r} "
                              "does not exist")
    with progress_bar(169, unit="classes", desc="grid", enabled=show_progress(args)) as tick:
        grid = equity_grid(
            args.hero,
            args.vs,
            board=args.board,
            dead=args.dead,
            method=args.method,
            trials=args.trials,
            seed=args.seed,
            threads=args.threads,
            progress=tick,
        )
    if args.color == "auto":
        color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    else:
        color = args.color == "always"
    if args.output == "-":
        grid.to_png(sys.stdout.buffer)  # the PNG is the output: no text grid
        sys.stdout.buffer.flush()
        return 0
    if args.json:
        print(json.dumps(grid.to_dict()))
    else:
        print(grid.text(color=color))
    if args.output:
        print(f"-> {grid.to_png(args.output)}", file=sys.stderr)
    return 0
