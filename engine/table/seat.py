"""One occupied seat of a :class:`~holdem_eval.engine.Table`: the bookkeeping the table keeps
between hands (stack, buy-in, sitting out, missed blinds, leaving, rebuys)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SeatState"]


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

    @property
    def busted(self) -> bool:
        return self.stack == 0 and self.pending_rebuy == 0
