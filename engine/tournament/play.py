"""Playing a whole :class:`~holdem_eval.engine.Tournament` (``Tournament.play``): rounds
of one hand at each table that may start one, in table order, going on after the table
that played last; the caller's ``decide`` chooses every action. Uses the tournament's
public methods only."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from holdem_eval._limits import is_int

from ..errors import TournamentError
from ..table.view import TableView

if TYPE_CHECKING:
    from .tournament import Tournament

__all__ = ["play_tournament"]


def play_tournament(t: Tournament, decide: Callable[[TableView], Any], seconds_per_hand: float,
                    max_hands: int | None) -> int:
    """:meth:`Tournament.play`: play to the end or ``max_hands`` hands; with a clock, move
    it ``seconds_per_hand`` after each hand and skip breaks. Returns the hands played."""
    if not t.started:
        raise TournamentError("start() the tournament before playing it")
    if max_hands is not None and (not is_int(max_hands) or max_hands < 0):
        raise TournamentError(f"max_hands must be an int >= 0 or None, got {max_hands!r}")
    hands = 0
    while not t.finished and (max_hands is None or hands < max_hands):
        if t.on_break:
            left = t.seconds_left
            assert left is not None  # a break is never the last stage (check_levels)
            t.advance_clock(left)
            continue
        ready = t.tables_ready()
        after = [no for no in ready if no > t.last_played]  # go on round the tables
        ready = after + [no for no in ready if no <= t.last_played]
        if not ready:
            raise TournamentError("no table can start a hand: "
                                  + "; ".join(str(t.why_not(no)) for no in sorted(t.tables)))
        for no in ready:
            if no not in t.tables or t.why_not(no) is not None:
                continue  # broken or changed by an earlier hand of this round
            t.play_hand(no, decide)
            t.last_played = no
            hands += 1
            if t.clock and seconds_per_hand:
                t.advance_clock(seconds_per_hand)
            if t.finished or (max_hands is not None and hands >= max_hands) or t.on_break:
                break
    return hands
