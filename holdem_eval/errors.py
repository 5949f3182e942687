"""Exceptions raised for bad input. Each concrete class also subclasses a builtin, so
callers may catch ``ValueError``/``TypeError`` or the specific class."""

from __future__ import annotations

from typing import Any

__all__ = [
    "BadRowError",
    "BulkArgumentError",
    "ClusterConnectError",
    "CountArgumentError",
    "DTypeError",
    "DuplicateCardError",
    "EquityArgumentError",
    "GridOutputError",
    "HistoryConvertError",
    "HoldemEvalError",
    "IcmArgumentError",
    "InputFileError",
    "InvalidCardError",
    "InvalidPayoutError",
    "InvalidRankError",
    "InvalidStackError",
    "InvalidVariantError",
    "MatrixCheckpointError",
    "MatrixInterruptedError",
    "MissingDependencyError",
    "NoValidDealError",
    "OutArrayError",
    "OutputPathError",
    "RangeSyntaxError",
    "ServerError",
    "ServerExtraMissingError",
    "ShapeError",
    "StrengthArgumentError",
    "UnknownHandClassError",
    "VariantError",
]


class HoldemEvalError(Exception):
    """Base class of every error this package raises for bad input."""


class InvalidCardError(HoldemEvalError, ValueError):
    """A card that is not one of the 52: bad text, or an id outside 0..51."""


class DuplicateCardError(HoldemEvalError, ValueError):
    """The same card twice within one hand (hole cards and board together)."""


class ShapeError(HoldemEvalError, ValueError):
    """An array or sequence of the wrong shape or length."""


class DTypeError(HoldemEvalError, TypeError):
    """An array or value of the wrong type (floats, booleans, strings where ids go)."""


class OutArrayError(HoldemEvalError, ValueError):
    """An ``out=`` array that cannot take the result in place."""


class VariantError(HoldemEvalError, ValueError):
    """A variant name that is unknown, or a game the call does not play (a high-only game
    given to a hi-lo function)."""


class InvalidRankError(HoldemEvalError, ValueError):
    """A hand rank outside the Cactus Kev scale 1..7462."""


# ICM (holdem_eval.icm, issue 29)


class InvalidVariantError(HoldemEvalError, ValueError):
    """A variant name that is not one of ``holdem_eval.variants.VARIANT_NAMES``, or one the
    function called does not play."""


class InvalidStackError(HoldemEvalError, ValueError):
    """A chip stack that is negative, NaN or infinite, or stacks that are all zero."""


class InvalidPayoutError(HoldemEvalError, ValueError):
    """A payout that is negative, NaN or infinite, or payouts that increase."""


class IcmArgumentError(HoldemEvalError, ValueError):
    """Another bad argument to an ICM function: method, seat, trials, equity, pot."""


class ServerError(HoldemEvalError, ValueError):
    """A request the reference table server (:mod:`holdem_eval.server`) refuses, or a
    setting or snapshot it cannot use. ``code`` is the stable name a client can match on
    (docs/server.md lists them); the message says what was wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# ---- _limits ------------------------------------------------------------

class CountArgumentError(HoldemEvalError, ValueError):
    """A thread, worker or other count argument outside its documented range."""


# ---- equity ------------------------------------------------------------

class EquityArgumentError(HoldemEvalError, ValueError):
    """An equity() argument outside what it accepts (method, trials, threads, variant ...)."""


class NoValidDealError(HoldemEvalError, ValueError):
    """The players' ranges, board and dead cards leave no possible deal."""


# ---- cli/serve ------------------------------------------------------------

class ServerExtraMissingError(HoldemEvalError, ImportError):
    """``serve`` without the websocket library of the ``[server]`` extra."""


# ---- cli/grid ------------------------------------------------------------

class GridOutputError(HoldemEvalError, ValueError):
    """An output the grid cannot be written to (a PNG to a terminal)."""


# ---- matrix ------------------------------------------------------------

class MatrixCheckpointError(HoldemEvalError, ValueError):
    """The checkpoint folder holds a different job (or unreadable files)."""


class MatrixInterruptedError(HoldemEvalError, RuntimeError):
    """Raised by the ``stop_after`` hook: the job stopped after that many units."""


# ---- _bulk_common ------------------------------------------------------------

class MissingDependencyError(HoldemEvalError, ImportError):
    """An optional dependency is not installed; the message names the extra to install."""


class BadRowError(HoldemEvalError, ValueError):
    """A row of a hand file that cannot be ranked. ``row`` is its 0-based number (a CSV
    header is not a row; a malformed CSV line is one)."""

    def __init__(self, row: int, reason: str) -> None:
        super().__init__(f"row {row}: {reason}")
        self.row = row
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:  # so it crosses process boundaries (Dask) intact
        return (type(self), (self.row, self.reason))


class BulkArgumentError(HoldemEvalError, ValueError):
    """A bad argument to a bulk job: column names, formats, sources, chunk sizes."""


class InputFileError(HoldemEvalError, ValueError):
    """An input that cannot be read as the format it should be in (not Parquet, bytes that
    are not UTF-8 in a CSV); the message names the input."""


class OutputPathError(HoldemEvalError, ValueError):
    """An output path that would overwrite an input or another output of the same job."""


class ClusterConnectError(HoldemEvalError, ConnectionError):
    """The Dask scheduler could not be reached within the connect timeout."""


# ---- ranges ------------------------------------------------------------

class RangeSyntaxError(HoldemEvalError, ValueError):
    """A range string with a token outside the grammar (the message quotes it)."""


# ---- starting_hands ------------------------------------------------------------

class UnknownHandClassError(HoldemEvalError, ValueError):
    """A name that is not one of the 169 starting-hand classes."""


class HistoryConvertError(HoldemEvalError, ValueError):
    """A conversion that cannot produce its output (a refused hand, no hands at all)."""


# ---- strength ------------------------------------------------------------

class StrengthArgumentError(HoldemEvalError, ValueError):
    """A hand_strength() argument outside what it accepts (kind, method, opponents, bins,
    trials, a kind the board or the method cannot give)."""
