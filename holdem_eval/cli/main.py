"""Command line: ``holdem-eval SUBCOMMAND ...`` (also ``python -m holdem_eval``).

Each subcommand lives in its own module named in ``_COMMAND_MODULES``; the module exposes
``register(subparsers)``, which adds its parser and sets ``handler`` (``args -> int``).
``main`` turns the library's errors into one ``holdem-eval CMD: error: ...`` line and an
exit status (see ``EXIT_CODES``); no bad argument ends in a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from .. import __version__
from .._limits import MAX_THREADS
from ..errors import HoldemEvalError

__all__ = [
    "EXIT_BAD_INPUT", "EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "build_parser", "main",
]

EXIT_OK = 0
EXIT_BAD_INPUT = 1  # a bad card, range, file or value: the message says which
EXIT_USAGE = 2  # argparse: unknown option, missing argument, wrong type
EXIT_INTERRUPTED = 130  # Ctrl-C (128 + SIGINT)
EXIT_BROKEN_PIPE = 141  # stdout closed by the reader (128 + SIGPIPE, as shells report it)

_COMMAND_MODULES = (
    "holdem_eval.cli.eval",
    "holdem_eval.cli.rank",
    "holdem_eval.cli.matrix",
    "holdem_eval.cli.grid",
    "holdem_eval.cli.icm",
    "holdem_eval.cli.equity",
    "holdem_eval.cli.serve",
    "holdem_eval.cli.history",
    "holdem_eval.cli.strength",
)

_EPILOG = f"""\
conventions:
  CARDS      one hand is one argument: quote it ("Ah Kh Qh Jh Th") or join it (AhKhQhJhTh)
  -          stands for stdin (input files) or stdout (output files) where a file is named
  --threads  1..{MAX_THREADS}, default: every core this process may use
  -q         (--quiet, --no-progress) no progress bar; bars are drawn only when stderr
             is a terminal, never into a redirected log

exit status:
  0    success
  1    bad input (card, range, file, value); one "holdem-eval CMD: error: ..." line on stderr
  2    usage error (unknown option, missing or malformed argument)
  3    history convert: more hands left out than --max-invalid allows
  130  interrupted (Ctrl-C)
  141  standard output closed early by the reader (| head): the command stops quietly
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="holdem-eval",
        description="Texas Hold'em and Omaha hand evaluation, equity and bulk jobs.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def _error(command: str, message: object) -> None:
    print(f"holdem-eval {command}: error: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 1 bad input, 130 interrupted, 141 stdout
    closed early). Usage
    errors exit through argparse with status 2."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.handler(args)
    except HoldemEvalError as exc:
        _error(args.command, exc)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        _error(args.command, "interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, and keep Python from reporting
        # the failed flush of stdout at exit.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):  # stdout is not a real file (tests): nothing to do
            pass
        return EXIT_BROKEN_PIPE
    except OSError as exc:  # a file that cannot be read or written
        _error(args.command, exc)
        return EXIT_BAD_INPUT
    return status
