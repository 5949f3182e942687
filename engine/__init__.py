"""holdem_eval.engine: showdown settlement, betting rules, table sessions, hand histories."""

from __future__ import annotations

from .batch import RAISE_TO, SKIP, HandBatch, StepResult
from .config import ConfigError, GameConfig
from .dealing import SeededDeck
from .deck_hand import DeckHand
from .decks import Deck, DeckError, OsDeck, PresetDeck
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
from .history import (
    HistoryCheck,
    HistoryError,
    UnknownSiteError,
    UnsupportedHistoryError,
    dumps_history,
    load_history,
    verify_history,
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
from .table_view import (
    HandResult,
    PotResult,
    SeatView,
    ShownHand,
    TableEvent,
    TableView,
    parse_action,
)

__all__: list[str] = [
    "MAX_CHIPS",
    "NO_CARD",
    "RAISE_TO",
    "SKIP",
    "Action",
    "ActionKind",
    "BatchInUseError",
    "ConfigError",
    "Deck",
    "DeckError",
    "DeckHand",
    "Event",
    "GameConfig",
    "Hand",
    "HandBatch",
    "HandResult",
    "HandStateError",
    "HistoryCheck",
    "HistoryError",
    "HoleCardsShapeError",
    "IllegalActionError",
    "IncompleteHandError",
    "InvalidChipsError",
    "InvalidSeatError",
    "LegalAction",
    "OsDeck",
    "PhhError",
    "PhhHand",
    "PhhReplayError",
    "PlayerView",
    "Pot",
    "PotResult",
    "PresetDeck",
    "ReplayResult",
    "Rules",
    "SeatHand",
    "SeatState",
    "SeatView",
    "SeededDeck",
    "Settlement",
    "ShowdownOrder",
    "ShownHand",
    "StepResult",
    "Table",
    "TableError",
    "TableEvent",
    "TableView",
    "UnknownHoleCardsError",
    "UnknownSiteError",
    "UnsupportedHistoryError",
    "UnsupportedPhhActionError",
    "UnsupportedPhhError",
    "dumps_history",
    "dumps_phh",
    "load_history",
    "load_phh",
    "loads_phh",
    "parse_action",
    "replay_phh",
    "settle",
    "settle_batch",
    "showdown_order",
    "verify_history",
]
