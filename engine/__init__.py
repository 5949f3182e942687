"""holdem_eval.engine: showdown settlement, betting rules, table sessions, hand histories."""

from __future__ import annotations

from .batch import RAISE_TO, SKIP, HandBatch, StepResult
from .config import ConfigError, GameConfig
from .dealing import SeededDeck
from .deck_hand import DeckHand
from .decks import Deck, DeckError, OsDeck, PresetDeck
from .errors import MAX_CHIPS, BatchInUseError, HoleCardsShapeError, ResetNeededError, SeedError
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
from .history_analysis import HistoryStatsError, StatsSummary, history_stats, write_history_stats
from .history_stats import STAT_COLUMNS, AllInPot, allin_pots, hand_stats
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
    Award,
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
from .tournament import Break, Level, Tournament, TournamentError
from .tournament_view import Standing, TableSummary, TournamentEvent, TournamentView

__all__: list[str] = [
    "MAX_CHIPS",
    "NO_CARD",
    "RAISE_TO",
    "SKIP",
    "STAT_COLUMNS",
    "Action",
    "ActionKind",
    "AllInPot",
    "Award",
    "BatchInUseError",
    "Break",
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
    "HistoryStatsError",
    "HoleCardsShapeError",
    "IllegalActionError",
    "IncompleteHandError",
    "InvalidChipsError",
    "InvalidSeatError",
    "LegalAction",
    "Level",
    "OsDeck",
    "PhhError",
    "PhhHand",
    "PhhReplayError",
    "PlayerView",
    "Pot",
    "PotResult",
    "PresetDeck",
    "ReplayResult",
    "ResetNeededError",
    "Rules",
    "SeatHand",
    "SeatState",
    "SeatView",
    "SeedError",
    "SeededDeck",
    "Settlement",
    "ShowdownOrder",
    "ShownHand",
    "Standing",
    "StatsSummary",
    "StepResult",
    "Table",
    "TableError",
    "TableEvent",
    "TableSummary",
    "TableView",
    "Tournament",
    "TournamentError",
    "TournamentEvent",
    "TournamentView",
    "UnknownHoleCardsError",
    "UnknownSiteError",
    "UnsupportedHistoryError",
    "UnsupportedPhhActionError",
    "UnsupportedPhhError",
    "allin_pots",
    "dumps_history",
    "dumps_phh",
    "hand_stats",
    "history_stats",
    "load_history",
    "load_phh",
    "loads_phh",
    "parse_action",
    "replay_phh",
    "settle",
    "settle_batch",
    "showdown_order",
    "verify_history",
    "write_history_stats",
]
