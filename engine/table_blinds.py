"""The table's blind rule (engine/table.py): who the next hand deals in, where the button
and the blinds go, and which absent seats the blinds passed (a moving button: the big blind
advances one seat each hand). Functions of the seats, so the rule is read in one place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .errors import TableError
from .hand import blind_seats

if TYPE_CHECKING:
    from .table import SeatState

__all__ = ["mark_missed_blinds", "plan_hand", "worst_empty_seat"]


def _clockwise(n: int, start: int) -> list[int]:
    """The n seats clockwise after ``start``, ending with it."""
    return [(start + k) % n for k in range(1, n + 1)]


def plan_hand(
    seats: Sequence[SeatState | None], button: int, last_blinds: tuple[int, int] | None
) -> tuple[list[int], int, int, int]:
    """Who the next hand deals in (table seats in order), its button, small and big blind,
    from the seats, the table's button and the last hand's blinds (None before the first
    hand). Raises :class:`TableError` when fewer than two players can play."""
    n = len(seats)
    occupied = [k for k in range(n) if seats[k] is not None]
    ready: list[int] = []
    waiting: list[int] = []
    for k in occupied:
        s = seats[k]
        assert s is not None
        if s.sitting_out or s.stack == 0:
            continue
        (waiting if s.waiting_for_big_blind else ready).append(k)
    if len(ready) + len(waiting) < 2 or not ready:
        raise TableError(f"need at least 2 players ready to play, have {len(ready)}")
    if last_blinds is None:
        # the first hand: the button at or after `button`; the blinds follow it
        button = next(k for k in _clockwise(n, button - 1) if k in ready)
        after = [k for k in _clockwise(n, button) if k != button]
        dealt = set(ready)
        if len(ready) == 1:  # everyone else waits for the big blind: the first one gets it
            dealt.add(next(k for k in after if k in waiting))
        order = sorted(dealt)
        sb, bb = (order[p] for p in blind_seats(len(order), order.index(button)))
        return order, button, sb, bb
    # then the big blind moves on one seat: to the first seat after the last big blind
    # that is ready, or waiting for the big blind; the small blind and the button are
    # the dealt-in seats before it (heads-up the button is the small blind)
    pool = [k for k in _clockwise(n, last_blinds[1]) if k in waiting or k in ready]
    if len(ready) == 1:  # the big blind must bring a second player
        pool = [k for k in pool if k in waiting]
    bb = pool[0]
    order = sorted({*ready, bb})
    i = order.index(bb)
    sb = order[i - 1]
    button = sb if len(order) == 2 else order[i - 2]
    return order, button, sb, bb


def mark_missed_blinds(
    seats: Sequence[SeatState | None], last_blinds: tuple[int, int] | None, sb: int, bb: int,
    dealt: set[int],
) -> list[tuple[int, str]]:
    """Seats sitting out or busted (no chips) that the blinds passed since the last hand
    (blinds ``last_blinds``; this hand's ``sb`` and ``bb``) miss those blinds: marked on the
    seats, and returned as ``(seat, "small_blind" | "big_blind")``."""
    if last_blinds is None:
        return []
    missed = []
    last_sb, last_bb = last_blinds
    n = len(seats)
    passes = ((sb, last_sb, "small_blind"), (bb, last_bb, "big_blind"))
    for new, old, blind in passes:
        k = old
        for _ in range(n):
            k = (k + 1) % n
            if k == new:
                break
            s = seats[k]
            if s is not None and k not in dealt and (s.sitting_out or s.stack == 0):
                setattr(s, f"missed_{blind}", True)
                missed.append((k, blind))
    return missed


def worst_empty_seat(seats: Sequence[SeatState | None], blinds: tuple[int, int] | None) -> int:
    """Where a player moved in sits (TDA): the first empty seat after the seat that posts
    the next small blind (``blinds``: the next small and big blind, None when the table
    cannot deal), so he is big blind soonest; the first empty seat when nobody posts."""
    empty = [k for k in range(len(seats)) if seats[k] is None]
    if blinds is None:
        return empty[0]
    return next(k for k in _clockwise(len(seats), blinds[0]) if k in empty)
