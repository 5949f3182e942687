"""``holdem-eval history convert IN... -o OUT.phhs``: poker-site hand histories to verified PHHS."""

from __future__ import annotations

import argparse
import sys

from .._progress import progress_bar
from ..errors import HistoryConvertError
from .args import add_dask_args, add_history_inputs, add_quiet_arg, show_progress, where_ran
from .history_stats import register_stats

__all__ = ["HistoryConvertError", "register"]

EXIT_CODES = (
    "exit status: 0 done (hands refused with --skip-invalid are listed in the report); 1 a hand "
    "that cannot be read or does not verify (without --skip-invalid), no hand at all, an input "
    "that cannot be read; no output file is left then; 2 usage error"
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "history",
        help="poker-site hand histories (PokerStars, GGPoker, 888poker, Winamax, iPoker,"
             " PartyPoker) as PHH",
        description="Read the text hand histories of poker sites and check them on the engine.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = p.add_subparsers(dest="history_command", metavar="COMMAND", required=True)
    c = commands.add_parser(
        "convert",
        help="convert histories to PHH, every hand replayed and verified",
        description=(
            "Read every hand of the inputs (files, folders of *.txt and *.xml files, globs), "
            "replay it strictly on the engine with the site's recorded rake, and write the "
            "hands whose replay ends every player's stack as the site says to OUT: one PHHS "
            "file ([1], [2], ... tables; '-' writes to standard output) or, when OUT is a "
            "folder (an empty one, or a new one named with a trailing '/'), one .phh file per "
            "hand. The site is detected from each file. Without --skip-invalid the first hand "
            "that cannot be read or does not verify stops the conversion, naming its file and "
            "line. With --workers or --scheduler the files are converted in parallel on Dask; "
            "the output is the same, in input order."
        ),
        epilog=(
            "examples: holdem-eval history convert HH20240301.txt -o hands.phhs\n"
            "          holdem-eval history convert histories/ -o all.phhs --skip-invalid"
            " --report refused.csv\n"
            "          holdem-eval history convert histories/ -o phh/ --workers 2\n" + EXIT_CODES
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_history_inputs(c)
    c.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the PHHS file or the folder to write ('-': standard output)")
    c.add_argument("--report", metavar="FILE",
                   help="with --skip-invalid, the hands left out: a .csv or .parquet table"
                        " (file, line, hand_id, reason), or 'file:line: why' lines under any"
                        " other name")
    add_dask_args(c, "convert")
    add_quiet_arg(c)
    p.set_defaults(handler=_run, parser=c)
    register_stats(commands)  # history stats: cli/history_stats.py


def _run(args: argparse.Namespace) -> int:
    from holdem_eval.engine import convert_history

    if args.report and not args.skip_invalid:
        args.parser.error("--report needs --skip-invalid")
    output = sys.stdout if args.output == "-" else args.output
    with progress_bar(None, unit="hands", desc="convert", enabled=show_progress(args)) as tick:
        summary = convert_history(
            args.inputs, output, site=args.site, skip_invalid=args.skip_invalid,
            report=args.report, workers=args.workers, scheduler=args.scheduler, progress=tick,
        )
    hands = "1 hand" if summary.hands == 1 else f"{summary.hands} hands"
    where = "" if args.workers is None and args.scheduler is None else \
        f" on {where_ran(args, summary.workers)}"
    print(f"{hands} written to {args.output} ({summary.exact} exact,"
          f" {summary.hands - summary.exact} net of fees){where}; {summary.refused} left out",
          file=sys.stderr if args.output == "-" else sys.stdout)
    return 0
