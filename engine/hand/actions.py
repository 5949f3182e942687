"""The values a hand deals in: action kinds, actions, legal actions, events, views.

Shared by :class:`holdem_eval.engine.Hand` and everything built on it (tables, PHH
replay, bots); plain immutable values with no rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

__all__ = [
    "EVENT_KINDS",
    "STREET_NAMES",
    "Action",
    "ActionKind",
    "Event",
    "LegalAction",
    "PlayerView",
]

STREET_NAMES = ("preflop", "flop", "turn", "river", "showdown")
EVENT_KINDS = (
    *("hole", "ante", "small_blind", "big_blind", "straddle", "post", "dead", "board"),
    *("fold", "check", "call", "bet", "raise", "uncalled", "show", "muck", "win", "rake"),
    "win_low",
    *("run_choice", "runs", "run_board", "run", "run_win"),  # run it twice / N times
)
"""Event kinds, in the kernel's HE_EV_* order. ``win_low`` (hi-lo games, after the wins and
the rake): the part of a seat's ``win`` that came from low halves (the rest won high)."""


class ActionKind(IntEnum):
    FOLD = 0
    CHECK = 1
    CALL = 2
    BET = 3
    RAISE = 4
    ALL_IN = 5

    def __str__(self) -> str:
        return self.name.lower().replace("_", "-")




class Action(NamedTuple):
    """An action value: ``kind`` and, for BET/RAISE, the total ("to") amount.

    A NamedTuple rather than a frozen dataclass: it is built once per decision in
    simulation loops, and tuple construction is several times cheaper.  Validation
    happens in :meth:`Hand.act`, against the state.
    """

    kind: ActionKind
    amount: int = 0

    def __str__(self) -> str:
        if self.kind in (ActionKind.BET, ActionKind.RAISE):
            return f"{self.kind} {self.amount}"
        return str(self.kind)


class LegalAction(NamedTuple):
    """A legal action kind with its amount range (inclusive; "to" amounts).

    FOLD and CHECK have ``0, 0``; CALL has the chips it puts in (less than the
    amount to call when the caller is all-in); BET/RAISE the minimum and maximum
    total bet (equal in fixed limit, or when only an all-in is left).
    """

    kind: ActionKind
    min_amount: int
    max_amount: int


class Event(NamedTuple):
    """One entry of the hand's event log.

    ``kind`` is one of ``ante, small_blind, big_blind, straddle, post, dead, hole,
    board, fold, check, call, bet, raise, uncalled, show, muck, win, rake``.
    ``seat`` is -1 for table events (board, rake); ``amount`` is chips (the "to"
    amount for bet/raise, chips put in for call, chips paid for win); ``cards`` are
    card ids (-1 = unknown).
    """

    kind: str
    seat: int
    amount: int
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class PlayerView:
    """What one seat may see: its own hole cards, shown cards, and public state."""

    seat: int
    button: int
    street: str
    hole_cards: tuple[int, ...]
    board: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    folded: tuple[bool, ...]
    actor: int | None
    legal_actions: tuple[LegalAction, ...]
    events: tuple[Event, ...]
    is_over: bool


