"""``holdem-eval history convert IN... -o OUT.phhs``: poker-site hand histories to verified PHHS."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from .errors import HoldemEvalError

__all__ = ["HistoryConvertError", "register"]

EXIT_CODES = (
    "exit status: 0 done (hands refused with --skip-invalid are listed in the report); 1 a hand "
    "that cannot be read or does not verify (without --skip-invalid), no hand at all, an input "
    "that cannot be read; no output file is left then; 2 usage error"
)


class HistoryConvertError(HoldemEvalError, ValueError):
    """A conversion that cannot produce its output (a refused hand, no hands at all)."""


# holdem_eval.engine.history.SITES (a test keeps them equal): the engine loads on use only
_SITES = ("pokerstars", "ggpoker", "888poker", "winamax", "ipoker", "partypoker")


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
        help="convert histories to one PHHS file, every hand replayed and verified",
        description=(
            "Read every hand of the inputs (files, folders of *.txt files, globs), replay it "
            "strictly on the engine with the site's recorded rake, and write the hands whose "
            "replay ends every player's stack as the site says to OUT as PHHS ([1], [2], ... "
            "tables; '-' writes to standard output). The site is detected from each file. "
            "Without --skip-invalid the first hand that cannot be read or does not verify "
            "stops the conversion, naming its file and line."
        ),
        epilog=(
            "examples: holdem-eval history convert HH20240301.txt -o hands.phhs\n"
            "          holdem-eval history convert histories/ -o all.phhs --skip-invalid"
            " --report refused.txt\n" + EXIT_CODES
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    c.add_argument("inputs", nargs="+", metavar="IN", help="a file, a folder or a glob")
    c.add_argument("-o", "--output", required=True, metavar="OUT.phhs",
                   help="the PHHS file to write ('-': standard output)")
    c.add_argument("--site", choices=_SITES,
                   help="the site of every input (default: detected from each file)")
    c.add_argument("--skip-invalid", action="store_true",
                   help="leave out the hands that cannot be read or do not verify, and go on")
    c.add_argument("--report", metavar="FILE",
                   help="with --skip-invalid, write one line per hand left out (file:line: why)")
    p.set_defaults(handler=_run, parser=c)


def _run(args: argparse.Namespace) -> int:
    from holdem_eval.engine import HistoryCheck, dumps_history, verify_history

    if args.report and not args.skip_invalid:
        args.parser.error("--report needs --skip-invalid")
    checks: list[HistoryCheck] = []
    for source in args.inputs:
        for check in verify_history(source, site=args.site):
            if check.problem is not None and not args.skip_invalid:
                raise HistoryConvertError(f"{check.problem} (--skip-invalid leaves such hands out)")
            checks.append(check)
    good = [c.hand for c in checks if c.hand is not None and c.ok]
    refused = [c for c in checks if not c.ok]
    if not good:
        raise HistoryConvertError(f"no hand to write: {len(refused)} refused, none verified")
    _write(args.output, dumps_history(good))
    if args.report:
        _write(args.report, "".join(f"{c.problem}\n" for c in refused))
    exact = sum(c.method == "exact" for c in checks)
    hands = "1 hand" if len(good) == 1 else f"{len(good)} hands"
    print(f"{hands} written to {args.output} ({exact} exact, {len(good) - exact} net of fees);"
          f" {len(refused)} left out", file=sys.stderr if args.output == "-" else sys.stdout)
    return 0


def _write(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all ('-': standard output)."""
    if path == "-":
        sys.stdout.write(text)
        return
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or Path("."))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
