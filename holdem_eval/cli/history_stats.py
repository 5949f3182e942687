"""``holdem-eval history stats IN... -o stats.parquet``: player statistics with all-in EV."""

from __future__ import annotations

import argparse
import sys

from .._progress import progress_bar
from .args import add_dask_args, add_history_inputs, add_quiet_arg, show_progress, where_ran

__all__ = ["register_stats"]


def register_stats(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``stats`` to the ``history`` subcommands."""
    s = commands.add_parser(
        "stats",
        help="player statistics (VPIP, PFR, 3-bet, showdowns, rake, all-in EV) to Parquet or CSV",
        description=(
            "Read every hand of the inputs (files, folders of *.txt files, globs), replay and "
            "verify it as 'convert' does, and write one row per hand and player (or, with "
            "--totals, one per player) to OUT (.parquet or .csv): net won, won at showdown and "
            "without, VPIP, PFR, 3-bet, saw flop, went to and won at showdown, rake paid and "
            "all-in EV with exact equities. docs/histories.md ('Stats') defines every column. "
            "With --workers or --scheduler the files are analysed in parallel on Dask; the "
            "output is the same, in input order."
        ),
        epilog=(
            "examples: holdem-eval history stats HH20240301.txt -o stats.parquet\n"
            "          holdem-eval history stats histories/ -o me.csv --player Hero --totals"
            " --workers 2\n"
            "exit status: 0 done; 1 a hand that cannot be read or does not verify (without "
            "--skip-invalid), no hand at all, an input that cannot be read; no output file is "
            "left then; 2 usage error"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_history_inputs(s)
    s.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the .parquet or .csv file to write (never one of the inputs)")
    s.add_argument("--player", metavar="NAME", help="only this player's rows")
    s.add_argument("--totals", action="store_true",
                   help="one row per player (site, name, currency): sums, counts and percentages")
    add_dask_args(s, "analyse")
    add_quiet_arg(s)
    s.set_defaults(handler=_run_stats, parser=s)


def _run_stats(args: argparse.Namespace) -> int:
    from holdem_eval.engine import write_history_stats

    with progress_bar(None, unit="hands", desc="stats", enabled=show_progress(args)) as tick:
        summary = write_history_stats(
            args.inputs, args.output, site=args.site, player=args.player, totals=args.totals,
            skip_invalid=args.skip_invalid, workers=args.workers, scheduler=args.scheduler,
            progress=tick,
        )
    what = "players" if args.totals else "rows"
    parts = f"{summary.parts} part" + ("s" if summary.parts != 1 else "")
    where = where_ran(args, summary.workers)
    print(f"{summary.hands:,} hands, {summary.rows:,} {what} written to {summary.output}"
          f" ({parts} on {where}); {len(summary.refused):,} left out")
    for reason in summary.refused[:5]:
        print(f"  left out: {reason}", file=sys.stderr)
    return 0
