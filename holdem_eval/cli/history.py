"""``holdem-eval history convert IN... -o OUT.phhs``: poker-site hand histories to verified PHHS."""

from __future__ import annotations

import argparse
import sys

from .._progress import progress_bar
from ..errors import HistoryConvertError
from .args import add_dask_args, add_history_inputs, add_quiet_arg, show_progress, where_ran
from .history_stats import register_stats

__all__ = ["EXIT_TOO_MANY_LEFT_OUT", "HistoryConvertError", "register"]

EXIT_TOO_MANY_LEFT_OUT = 3
"""``history convert``: more hands were left out than ``--max-invalid`` allows."""

MAX_INVALID = 5.0  # the default --max-invalid, percent of the hands read

EXIT_CODES = (
    "exit status: 0 done, at most --max-invalid of the hands left out; 1 a hand that cannot "
    "be read or does not verify (without --skip-invalid), an input that cannot be read, an "
    "output that exists (without --force); no output file is left then, the report (if "
    "asked for) names the hand; 2 usage error; 3 more than --max-invalid of the hands left "
    "out (the output holds the others, none if none verified; the report says why)"
)


def _percent(text: str) -> float:
    """An argparse ``type`` for --max-invalid: a percentage 0..100, with or without '%'."""
    try:
        value = float(text.strip().removesuffix("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--max-invalid must be a percentage from 0 to 100 (like 5 or 5%), got {text!r}"
        ) from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(
            f"--max-invalid must be a percentage from 0 to 100 (like 5 or 5%), got {text!r}")
    return value


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
            "hand. The site is detected from each hand. Without --skip-invalid the first hand "
            "that cannot be read or does not verify stops the conversion, naming its file and "
            "line. An existing OUT or report is refused unless --force. With --workers or "
            "--scheduler the files are converted in parallel on Dask; the output is the same, "
            "in input order."
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
                   help="the hands left out (or the one that stopped the conversion), written"
                        " whenever hands were read: a .csv or .parquet table (file, line,"
                        " hand_id, reason, message), or 'REASON<TAB>MESSAGE' lines under any"
                        " other name")
    c.add_argument("--max-invalid", type=_percent, metavar="PCT",
                   help=f"exit with status 3 when more than PCT%% of the hands read are left"
                        f" out (default {MAX_INVALID:g}); implies --skip-invalid")
    c.add_argument("--force", action="store_true",
                   help="replace an existing OUT (a file, or a folder of .phh files) and report;"
                        " an input is never overwritten")
    add_dask_args(c, "convert")
    add_quiet_arg(c)
    p.set_defaults(handler=_run, parser=c)
    register_stats(commands)  # history stats: cli/history_stats.py


def _run(args: argparse.Namespace) -> int:
    from holdem_eval.engine import convert_history

    skip = args.skip_invalid or args.max_invalid is not None
    limit = MAX_INVALID if args.max_invalid is None else args.max_invalid
    output = sys.stdout if args.output == "-" else args.output
    with progress_bar(None, unit="hands", desc="convert", enabled=show_progress(args)) as tick:
        summary = convert_history(
            args.inputs, output, site=args.site, skip_invalid=skip, report=args.report,
            overwrite=args.force, workers=args.workers, scheduler=args.scheduler, progress=tick,
        )
    hands = "1 hand" if summary.hands == 1 else f"{summary.hands} hands"
    where = "" if args.workers is None and args.scheduler is None else \
        f" on {where_ran(args, summary.workers)}"
    written = f"written to {args.output}" if summary.hands else "verified, nothing written"
    print(f"{hands} {written} ({summary.exact} exact,"
          f" {summary.hands - summary.exact} net of fees){where}; {summary.refused} left out",
          file=sys.stderr if args.output == "-" else sys.stdout)
    if summary.reasons:
        width = max(len(reason) for reason, _ in summary.reasons)
        lines = [f"  {reason:<{width}}  {count:>8,}" for reason, count in summary.reasons]
        print("left out, by reason:\n" + "\n".join(lines), file=sys.stderr)
    if summary.refused * 100 > limit * summary.total:
        share = 100 * summary.refused / summary.total
        print(f"holdem-eval history: {summary.refused} of {summary.total} hands left out"
              f" ({share:.1f}%), more than --max-invalid {limit:g}%"
              + (f"; see {args.report}" if args.report else "; --report FILE lists them"),
              file=sys.stderr)
        return EXIT_TOO_MANY_LEFT_OUT
    return 0
