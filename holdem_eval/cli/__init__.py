"""The command line, ``holdem-eval COMMAND ...`` (also ``python -m holdem_eval``): an app.

:mod:`.main` holds the parser, the registry of commands and the exit statuses; each command
is one module named for it (:mod:`.eval`, :mod:`.rank`, :mod:`.equity`, :mod:`.history`, ...)
exposing ``register(subparsers)``; :mod:`.args` holds the argument types they share. A new
command is a module here and its line in ``main._COMMAND_MODULES``. The commands parse,
call the library and print: they may import the evaluator (``holdem_eval``), the engine
(``holdem_eval.engine``) and the table server (``holdem_eval.server``); nothing imports them.
"""

from __future__ import annotations

from .main import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    build_parser,
    main,
)

__all__ = [
    "EXIT_BAD_INPUT", "EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "build_parser", "main",
]
