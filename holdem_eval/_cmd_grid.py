"""``holdem-eval grid HAND_OR_RANGE --vs RANGE``: equity per class as a 13 x 13 grid."""

from __future__ import annotations

import argparse
import os
import sys

from ._progress import progress_bar

__all__ = ["register"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "grid",
        help="13 x 13 grid of equity per starting-hand class (terminal and PNG)",
        description=(
            "Show equity per starting-hand class as a 13 x 13 grid, in colour in the "
            "terminal and, with -o, as a PNG (needs the [plot] extra). For a range, each of "
            "its classes gets its equity against --vs; for two exact cards (AhKh), each "
            "class of --vs gets the hand's equity against it."
        ),
        epilog=(
            'examples: holdem-eval grid random --vs "QQ+, AKs" -o grid.png\n'
            '          holdem-eval grid AhKh --vs "22+, ATs+, KQo" --board "Qh Jd 2c"'
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("hero", metavar="HAND_OR_RANGE", help='two cards ("AhKh") or a range ("22+, AJs+")')
    p.add_argument("--vs", required=True, metavar="RANGE", help="the opponent's range")
    p.add_argument("--board", default="", help="0, 3, 4 or 5 board cards")
    p.add_argument("--dead", default="", help="dead cards")
    p.add_argument("-o", "--output", metavar="PNG", help="write the grid as a PNG")
    p.add_argument(
        "--method",
        choices=("auto", "exact", "monte_carlo"),
        default="auto",
        help="per-cell equity method (default: %(default)s)",
    )
    p.add_argument("--trials", type=int, help="Monte Carlo trials per cell")
    p.add_argument("--seed", type=int, help="Monte Carlo seed (repeatable cells)")
    p.add_argument(
        "--threads",
        type=int,
        default=os.cpu_count() or 1,
        metavar="N",
        help="threads per cell (default: all cores)",
    )
    p.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the terminal grid (auto: when stdout is a terminal, no NO_COLOR)",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from .grid import equity_grid

    with progress_bar(169, unit="classes", desc="grid", enabled=not args.no_progress) as tick:
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
    print(grid.text(color=color))
    if args.output:
        print(f"-> {grid.to_png(args.output)}", file=sys.stderr)
    return 0
