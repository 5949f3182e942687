"""Tables: cash-game sessions of many hands for game servers and front ends.

:mod:`.table` holds :class:`Table` (seats, the button and blinds, buy-ins, sitting out,
clocks, one :class:`~holdem_eval.engine.Hand` after another); :mod:`.seat` a seat's
bookkeeping; :mod:`.blinds` the button and blind rules (moving or dead button, missed
blinds); :mod:`.view` what a table shows (events, seat views, hand results, their JSON);
:mod:`.build` those views and events made from what the hand machine writes (each viewer's
view record, csrc/hand_view.c, and the hand's event log) when they are read;
:mod:`.store` a table as a signed JSON document and back; :mod:`.journal` a table's
state as that document plus signed records of what changed since (a server's journal).
It may import the engine's foundation (``config``, ``rules``, ``dealing``, ``errors``), the hand machine
(``engine.hand``) and settlement (``engine.showdown``); tournaments (``engine.tournament``)
and the table server (``holdem_eval.server``) build on it.
"""

from __future__ import annotations

from .seat import SeatState
from .table import Table, TableError
from .view import HandResult, PotResult, SeatView, ShownHand, TableEvent, TableView, parse_action

__all__ = [
    "HandResult",
    "PotResult",
    "SeatState",
    "SeatView",
    "ShownHand",
    "Table",
    "TableError",
    "TableEvent",
    "TableView",
    "parse_action",
]
