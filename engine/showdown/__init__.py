"""Settlement: who wins what at the end of a hand — pots, side pots, kickers, odd chips, rake.

:mod:`.showdown` holds :func:`settle` (the input checked, the kernel csrc/settle.c called)
and :mod:`.order` :func:`showdown_order` (who shows first, who may muck); :mod:`.settlement` the result types
(:class:`Settlement`, :class:`Pot`, :class:`Award`) built from the kernel's detail;
:mod:`.pots` chip amounts as the kernel takes them; :mod:`.batch` :func:`settle_batch`, many
showdowns in one kernel call. It may import the engine's foundation (``config``, ``rules``,
``errors``) and the evaluator (``holdem_eval``); the hand machine never needs it, tables
and site histories do.
"""

from __future__ import annotations

from .batch import NO_CARD, settle_batch
from .order import showdown_order
from .pots import InvalidChipsError
from .settlement import Award, Pot, SeatHand, Settlement, ShowdownOrder
from .showdown import InvalidSeatError, settle

__all__ = [
    "NO_CARD",
    "Award",
    "InvalidChipsError",
    "InvalidSeatError",
    "Pot",
    "SeatHand",
    "Settlement",
    "ShowdownOrder",
    "settle",
    "settle_batch",
    "showdown_order",
]
