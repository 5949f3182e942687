"""Site hand histories: read what poker clients export, verify it on the engine, convert it.

One module a job: :mod:`.source` reads files as streams of hands, the site of each from
its title; :mod:`.load` yields one :class:`~holdem_eval.engine.PhhHand` per hand
(``load_history``, ``verify_history``) and :mod:`.reasons` says why one is refused; one
reader a site (:mod:`.stars` PokerStars and GGPoker, :mod:`.pacific` 888poker, :mod:`.party`
PartyPoker, :mod:`.winamax`, :mod:`.ipoker`), all writing through the shared record of
:mod:`.record` (a hand as read, site-neutral, and its conversion to PHH); :mod:`.write`
writes imported hands as PHHS; :mod:`.convert` turns files into verified PHH with a report
of refused hands; :mod:`.stats` and :mod:`.analysis` give per-hand and
per-player statistics; :mod:`.parallel` spreads a folder over processes or a Dask cluster.

It may import the engine's foundation (``config``, ``rules``, ``errors``), the hand machine
(``engine.hand``), settlement (``engine.showdown``), PHH (``engine.phh``) and the evaluator
(``holdem_eval``, including its bulk jobs); nothing in the engine imports it.
"""

from __future__ import annotations

from .analysis import HistoryStatsError, StatsSummary, history_stats, write_history_stats
from .convert import REPORT_COLUMNS, ConvertSummary, Refusal, convert_history
from .load import (
    SITES,
    HistoryCheck,
    HistoryError,
    UnknownSiteError,
    UnsupportedHistoryError,
    dumps_history,
    iter_verify_history,
    load_history,
    verify_history,
)
from .reasons import REASONS, reason_of
from .stats import STAT_COLUMNS, AllInPot, allin_pots, hand_stats

__all__ = [
    "REASONS",
    "REPORT_COLUMNS",
    "SITES",
    "STAT_COLUMNS",
    "AllInPot",
    "ConvertSummary",
    "HistoryCheck",
    "HistoryError",
    "HistoryStatsError",
    "Refusal",
    "StatsSummary",
    "UnknownSiteError",
    "UnsupportedHistoryError",
    "allin_pots",
    "convert_history",
    "dumps_history",
    "hand_stats",
    "history_stats",
    "iter_verify_history",
    "load_history",
    "reason_of",
    "verify_history",
    "write_history_stats",
]
