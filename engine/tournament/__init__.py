"""Tournaments: many tables, rising blinds, breaks, balancing, prizes.

:mod:`.tournament` holds :class:`Tournament` (entries, seating, balancing and breaking
tables, hand-for-hand, places and prizes); :mod:`.structure` the blind levels, breaks,
payout tables and an entry's record; :mod:`.play` plays a whole tournament with given
strategies; :mod:`.view` its events and standings; :mod:`.store` a tournament as a signed
JSON document and back. It may import the engine's foundation, the hand machine
(``engine.hand``) and tables (``engine.table``); nothing in the engine imports it.
"""

from __future__ import annotations

from .structure import Break, Level
from .tournament import Tournament, TournamentError
from .view import Standing, TableSummary, TournamentEvent, TournamentView

__all__ = [
    "Break",
    "Level",
    "Standing",
    "TableSummary",
    "Tournament",
    "TournamentError",
    "TournamentEvent",
    "TournamentView",
]
