"""Options every CLI command shares, defined once: ``--threads`` and ``-q/--quiet``.

Conventions (documented in docs/cli.md): ``--threads N`` defaults to every core this
process may use (``_limits.default_threads``) and accepts 1..``MAX_THREADS``; ``-q/--quiet``
(alias ``--no-progress``) turns progress bars off, and bars are only ever drawn when stderr
is a terminal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from .._limits import MAX_THREADS, SEED_RANGE, check_count, check_seed, check_threads, default_threads
from ..errors import ShapeError
from ..variants import VARIANT_NAMES

__all__ = [
    "HISTORY_SITES", "add_command", "add_dask_args", "add_history_inputs", "add_quiet_arg",
    "add_threads_arg", "add_variant_args", "column_names", "count_type", "game", "parquet_to_terminal",
    "seed_type",
    "show_progress", "where_ran",
]

# holdem_eval.engine.history.SITES (a test keeps them equal): the engine loads on use only
HISTORY_SITES = ("pokerstars", "ggpoker", "888poker", "winamax", "ipoker", "partypoker")


def add_command(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, *,
                summary: str, description: str, epilog: str,
                raw: bool = False) -> argparse.ArgumentParser:
    """A command's parser: ``summary`` in the list of commands, ``description`` and
    ``epilog`` (examples, exit statuses) in its ``--help``; ``raw`` keeps their line breaks
    as written instead of filling the lines."""
    return sub.add_parser(
        name, help=summary, description=description, epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter if raw else argparse.HelpFormatter,
    )


def _checked_int(text: str, expected: str, check: Callable[[int], int]) -> int:
    """``check(int(text))`` for an argparse ``type``: text that is no int is a usage error
    saying ``expected``, a value ``check`` refuses one with its message."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{expected}, got {text!r}") from None
    try:
        return check(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _threads(text: str) -> int:
    return _checked_int(text, f"expected an int from 1 to {MAX_THREADS}", check_threads)


def count_type(name: str, high: int = MAX_THREADS, low: int = 1) -> Callable[[str], int]:
    """An argparse ``type`` for a count in ``low..high``: a value outside is a usage error
    (exit 2, as docs/cli.md says of a malformed argument), with ``check_count``'s message."""

    def parse(text: str) -> int:
        return _checked_int(text, f"{name} must be an int from {low} to {high}",
                            lambda value: check_count(value, name, low=low, high=high))

    return parse


def seed_type(text: str) -> int:
    """An argparse ``type`` for a seed, 0 .. 2**64 - 1 (a usage error otherwise)."""
    return _checked_int(text, f"seed must be an int in {SEED_RANGE}",
                        lambda value: check_seed(value, ValueError))


def column_names(text: str) -> tuple[str, ...]:
    """An argparse ``type`` for a comma-separated list of column names ("c0, c1,c2")."""
    return tuple(n.strip() for n in text.split(",") if n.strip())


def parquet_to_terminal(command: str, output: str, output_format: str | None) -> bool:
    """Whether ``command`` was asked to write Parquet to standard output while it is a
    terminal; if so, says so on stderr (the command then exits 1)."""
    if output == "-" and output_format == "parquet" and sys.stdout.isatty():
        print(f"holdem-eval {command}: error: will not write Parquet to a terminal: redirect "
              "standard output to a file or a pipe", file=sys.stderr)
        return True
    return False


def add_threads_arg(p: argparse.ArgumentParser, what: str = "worker threads") -> None:
    """``--threads N``: 1..MAX_THREADS, default all cores this process may use."""
    p.add_argument(
        "--threads", type=_threads, default=default_threads(), metavar="N",
        help=f"{what}, 1..{MAX_THREADS} (default: all cores, here {default_threads()})",
    )


def add_quiet_arg(p: argparse.ArgumentParser) -> None:
    """``-q/--quiet`` (alias ``--no-progress``): no progress bar."""
    p.add_argument(
        "-q", "--quiet", "--no-progress", dest="quiet", action="store_true",
        help="no progress bar (bars are drawn only when stderr is a terminal)",
    )


def add_variant_args(p: argparse.ArgumentParser, *, omaha: str, games: str) -> None:
    """``--omaha`` (``omaha``: what the command takes then) and ``--variant NAME``
    (docs/variants.md; ``games``: the names after the default, as this command plays them)."""
    p.add_argument("--omaha", action="store_true", help=f"Omaha: {omaha}")
    p.add_argument("--variant", choices=VARIANT_NAMES, default=None,
                   help=f"the game (docs/variants.md): holdem (default), {games}")


def game(args: argparse.Namespace) -> str:
    """The game ``--omaha`` and ``--variant`` name, "holdem" when neither does; an error if
    they name two."""
    if args.omaha and args.variant not in (None, "omaha"):
        raise ShapeError(f"--omaha and --variant {args.variant} name two games: give one")
    return "omaha" if args.omaha else (args.variant or "holdem")


def show_progress(args: argparse.Namespace) -> bool:
    """Whether to draw a progress bar: not ``--quiet`` and stderr is a terminal."""
    return not args.quiet and sys.stderr.isatty()


def add_history_inputs(p: argparse.ArgumentParser) -> None:
    """The inputs every ``history`` command reads: IN..., --site, --skip-invalid."""
    p.add_argument("inputs", nargs="+", metavar="IN", help="a file, a folder or a glob")
    p.add_argument("--site", choices=HISTORY_SITES,
                   help="the site of every input (default: detected from each file)")
    p.add_argument("--skip-invalid", action="store_true",
                   help="leave out the hands that cannot be read or do not verify, and go on")


def add_dask_args(p: argparse.ArgumentParser, verb: str) -> None:
    """``--workers N`` (an embedded Dask cluster) or ``--scheduler ADDRESS``, one of them."""
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=count_type("workers"), metavar="N",
                       help=f"{verb} on an embedded Dask cluster of N worker processes")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help=f"{verb} on this Dask scheduler, e.g. tcp://host:8786")


def where_ran(args: argparse.Namespace, workers: int) -> str:
    """'1 process' or 'N Dask workers': where a --workers/--scheduler job ran."""
    if args.workers is None and args.scheduler is None:
        return "1 process"
    return f"{workers} Dask worker" + ("s" if workers != 1 else "")
