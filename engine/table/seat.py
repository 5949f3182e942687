"""One occupied seat of a :class:`~holdem_eval.engine.Table`: the bookkeeping the table keeps
between hands (stack, buy-in, sitting out, missed blinds, leaving, rebuys)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import TableError

__all__ = ["SeatState", "check_buy_in", "seat_changes"]

_changes = 0


def seat_changes() -> int:
    """How many times a :class:`SeatState` field was set, in any table (a table keeps its
    seats' rows for views until this moves: engine/table/view.py, ``seat_rows``)."""
    return _changes


@dataclass
class SeatState:
    """One occupied seat (mutable bookkeeping; read it, change it through ``Table``)."""

    name: str
    stack: int
    bought_in: int
    sitting_out: bool = False
    waiting_for_big_blind: bool = False
    post_big_blind: bool = False
    missed_small_blind: bool = False
    missed_big_blind: bool = False
    leaving: bool = False
    """Asked to leave during a hand: folded at its turn, removed after the hand."""
    pending_rebuy: int = 0
    """Chips of a rebuy asked for during a hand, added before the next one."""

    def __setattr__(self, name: str, value: object) -> None:
        global _changes
        object.__setattr__(self, name, value)
        _changes += 1

    @property
    def busted(self) -> bool:
        return self.stack == 0 and self.pending_rebuy == 0


def check_buy_in(least: int | None, most: int | None, what: str, stack: int) -> None:
    """Refuse a buy-in or rebuy (``what``) that leaves ``stack`` outside the table's bounds."""
    if least is not None and stack < least:
        raise TableError(f"{what} leaves a stack of {stack}, below the table's minimum buy-in of {least}")
    if most is not None and stack > most:
        raise TableError(f"{what} makes a stack of {stack}, above the table's maximum buy-in of {most}")
