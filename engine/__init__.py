"""holdem_eval.engine: showdown settlement, betting rules, table sessions, hand histories."""

from __future__ import annotations

from .pots import InvalidChipsError
from .rules import Rules
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
    "InvalidChipsError",
    "InvalidSeatError",
    "Pot",
    "Rules",
    "SeatHand",
    "Settlement",
    "ShowdownOrder",
    "settle",
    "showdown_order",
]
