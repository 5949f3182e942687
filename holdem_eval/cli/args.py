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

__all__ = [
    "HISTORY_SITES", "add_dask_args", "add_history_inputs", "add_quiet_arg", "add_threads_arg",
    "count_type", "seed_type", "show_progress", "where_ran",
]

# holdem_eval.engine.history.SITES (a test keeps them equal): the engine loads on use only
HISTORY_SITES = ("pokerstars", "ggpoker", "888poker", "winamax", "ipoker", "partypoker")


def _threads(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an int from 1 to {MAX_THREADS}, got {text!r}") from None
    try:
        return check_threads(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def count_type(name: str, high: int = MAX_THREADS, low: int = 1) -> Callable[[str], int]:
    """An argparse ``type`` for a count in ``low..high``: a value outside is a usage error
    (exit 2, as docs/cli.md says of a malformed argument), with ``check_count``'s message."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{name} must be an int from {low} to {high}, got {text!r}"
            ) from None
        try:
            return check_count(value, name, low=low, high=high)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def seed_type(text: str) -> int:
    """An argparse ``type`` for a seed, 0 .. 2**64 - 1 (a usage error otherwise)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be an int in {SEED_RANGE}, got {text!r}") from None
    try:
        return check_seed(value, ValueError)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


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
