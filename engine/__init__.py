"""holdem_eval.engine: showdown settlement, betting rules, table sessions, hand histories."""

from __future__ import annotations

from .config import ConfigError, GameConfig
from .dealing import SeededDeck
from .hand import (
    Action,
    ActionKind,
    Event,
    Hand,
    HandStateError,
    IllegalActionError,
    LegalAction,
    PlayerView,
)
from .phh import (
    IncompleteHandError,
    PhhError,
    PhhHand,
    PhhReplayError,
    ReplayResult,
    UnknownHoleCardsError,
    UnsupportedPhhError,
    dumps_phh,
    load_phh,
    loads_phh,
    replay_phh,
)
from .pots import InvalidChipsError
from .table import SeatState, Table, TableError
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
    "Action",
    "ActionKind",
    "ConfigError",
    "Event",
    "GameConfig",
    "Hand",
    "HandStateError",
    "IllegalActionError",
    "IncompleteHandError",
    "LegalAction",
    "PhhError",
    "PhhHand",
    "PhhReplayError",
    "PlayerView",
    "ReplayResult",
    "SeatState",
    "SeededDeck",
    "Table",
    "TableError",
    "UnknownHoleCardsError",
    "UnsupportedPhhError",
    "dumps_phh",
    "load_phh",
    "loads_phh",
    "replay_phh",
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
