"""Command line: ``holdem-eval SUBCOMMAND ...`` (also ``python -m holdem_eval``).

Each subcommand lives in its own module named in ``_COMMAND_MODULES``; the module exposes
``register(subparsers)``, which adds its parser and sets ``handler`` (``args -> int``).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .errors import HoldemEvalError

__all__ = ["main"]

_COMMAND_MODULES = (
    "holdem_eval._cmd_eval",
    "holdem_eval._cmd_rank",
    "holdem_eval._cmd_matrix",
    "holdem_eval._cmd_grid",
    "holdem_eval._cmd_equity",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="holdem-eval",
        description="Texas Hold'em and Omaha hand evaluation, equity and bulk jobs.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 1 bad input, 2 usage error)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.handler(args)
    except HoldemEvalError as exc:
        print(f"holdem-eval {args.command}: error: {exc}", file=sys.stderr)
        return 1
    return status
