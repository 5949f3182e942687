"""Options every CLI command shares, defined once: ``--threads`` and ``-q/--quiet``.

Conventions (documented in docs/cli.md): ``--threads N`` defaults to every core this
process may use (``_limits.default_threads``) and accepts 1..``MAX_THREADS``; ``-q/--quiet``
(alias ``--no-progress``) turns progress bars off, and bars are only ever drawn when stderr
is a terminal.
"""

from __future__ import annotations

import argparse
import sys

from ._limits import MAX_THREADS, check_threads, default_threads

__all__ = ["add_quiet_arg", "add_threads_arg", "show_progress"]


def _threads(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an int from 1 to {MAX_THREADS}, got {text!r}") from None
    try:
        return check_threads(value)
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
