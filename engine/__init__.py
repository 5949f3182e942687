"""holdem_eval.engine: showdown settlement, betting rules, table sessions, hand histories."""

from __future__ import annotations

from .batch import RAISE_TO, SKIP, HandBatch, StepResult
from .config import ConfigError, GameConfig
from .dealing import SeededDeck
from .errors import MAX_CHIPS, BatchInUseError, HoleCardsShapeError
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
    UnsupportedPhhActionError,
    UnsupportedPhhError,
    dumps_phh,
    load_phh,
    loads_phh,
    replay_phh,
)
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
from .table import SeatState, Table, TableError

__all__: list[str] = [
    "MAX_CHIPS",
    "NO_CARD",
    "RAISE_TO",
    "SKIP",
    "Action",
    "ActionKind",
    "BatchInUseError",
    "ConfigError",
    "Event",
    "GameConfig",
    "Hand",
    "HandBatch",
    "HandStateError",
    "HoleCardsShapeError",
    "IllegalActionError",
    "IncompleteHandError",
    "InvalidChipsError",
    "InvalidSeatError",
    "LegalAction",
    "PhhError",
    "PhhHand",
    "PhhReplayError",
    "PlayerView",
    "Pot",
    "ReplayResult",
    "Rules",
    "SeatHand",
    "SeatState",
    "SeededDeck",
    "Settlement",
    "ShowdownOrder",
    "StepResult",
    "Table",
    "TableError",
    "UnknownHoleCardsError",
    "UnsupportedPhhActionError",
    "UnsupportedPhhError",
    "dumps_phh",
    "load_phh",
    "loads_phh",
    "replay_phh",
    "settle",
    "settle_batch",
    "showdown_order",
]
