"""Exceptions raised for bad input. Each concrete class also subclasses a builtin, so
callers may catch ``ValueError``/``TypeError`` or the specific class."""

from __future__ import annotations

__all__ = [
    "DTypeError",
    "DuplicateCardError",
    "HoldemEvalError",
    "InvalidCardError",
    "InvalidRankError",
    "OutArrayError",
    "ServerError",
    "ShapeError",
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


class InvalidRankError(HoldemEvalError, ValueError):
    """A hand rank outside the Cactus Kev scale 1..7462."""


# ICM (holdem_eval.icm, issue 29)
__all__ += ["IcmArgumentError", "InvalidPayoutError", "InvalidStackError"]


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
