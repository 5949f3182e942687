"""holdem_eval.engine: showdown settlement, betting rules, table sessions, hand histories."""

from __future__ import annotations

from .pots import InvalidChipsError
from .rules import Rules
from .settle_batch import NO_CARD, settle_batch
from .showdown import (
    InvalidSeatError,
    Pot,
    SeatHand,
    Settlement,
    ShowdownOrder,
    settle,
    showdown_order,
)

__all__: list[str] = [
    "NO_CARD",
    "InvalidChipsError",
    "InvalidSeatError",
    "Pot",
    "Rules",
    "SeatHand",
    "Settlement",
    "ShowdownOrder",
    "settle",
    "settle_batch",
    "showdown_order",
]
