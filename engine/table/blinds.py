"""The table's blind rules (engine/table/table.py): who the next hand deals in, where the button
and the blinds go, and which absent seats the blinds passed. Two named rules
(``Table(button_rule=...)``), both with a big blind that advances exactly one seat each
hand, so nobody is skipped by it or posts it twice in a row, and nobody posts the small
blind twice in a row:

* ``"moving"`` — a simplified moving button (Robert's Rules of Poker, "Button and blind
  use", rule 2a): the button is always on a player dealt in; the small blind is the
  dealt-in seat just before the big blind and the button the one before that — unless the
  seat before the big blind posted the small blind last hand (the last big blind left or
  sat out), when that seat takes the button and nobody posts the small blind.
* ``"dead"`` — the dead button (Robert's Rules rule 2b; TDA "Dead Button"): the big blind
  is posted by the player due for it, the small blind slot is the last hand's big blind
  seat and the button the last hand's small blind slot, even when that leaves the small
  blind out (nobody posts it: the seat is empty, or its player is sitting out) or puts the
  button on an empty seat (a *dead button*). A player who comes in (a new player posting,
  a returning player paying missed blinds, a tournament player moved in) between the
  button and the small blind waits until the button has passed him. Heads-up the button
  posts the small blind (TDA "Button in Heads-up") — unless he posted it last hand
  (going from three players to two), when there is no small blind that hand.

Missed blinds:

* A seated player who is sitting out when the small or big blind passes his seat
  *misses* that blind.  To come back he either posts what he missed — the big blind
  live (it counts as his bet) and the small blind dead (it goes to the pot) — or waits
  until the big blind reaches him.  A player whose turn for the big blind comes while
  he is back simply posts it and owes nothing more.

Functions of the seats, so the rules are read in one place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..errors import TableError
from ..hand.inputs import blind_seats
from .seat import SeatState

__all__ = ["BUTTON_RULES", "HandPlan", "mark_missed_blinds", "plan_hand", "worst_empty_seat"]

BUTTON_RULES = ("moving", "dead")
"""The names ``Table(button_rule=...)`` takes (the default first)."""


class HandPlan(NamedTuple):
    """Where the next hand's button and blinds go (table seats)."""

    order: list[int]
    """The seats dealt in, in seat order."""
    button: int
    """The table's button: a dealt-in seat, or (dead button) any seat, even an empty one."""
    small_blind: int | None
    """The seat posting the small blind; None when nobody posts it."""
    big_blind: int
    small_blind_slot: int
    """Where the small blind is this hand even when nobody posts it (the dead-button rule
    moves the button there next hand)."""
    hand_button: int
    """The button's position in the hand (``order`` index): the dealt-in seat that acts
    last after the flop."""


def _clockwise(n: int, start: int) -> list[int]:
    """The n seats clockwise after ``start``, ending with it."""
    return [(start + k) % n for k in range(1, n + 1)]


def _between(n: int, a: int, k: int, b: int) -> bool:
    """Is seat k strictly between a and b, going clockwise from a?"""
    return 0 < (k - a) % n < (b - a) % n


def _owes(s: SeatState) -> bool:
    return s.post_big_blind or s.missed_big_blind or s.missed_small_blind


def plan_hand(
    seats: Sequence[SeatState | None], button: int, last_blinds: tuple[int, int] | None,
    last_small_blind_posted: bool = True, rule: str = "moving",
) -> HandPlan:
    """Who the next hand deals in, its button and blinds (a :class:`HandPlan`), from the
    seats, the table's button, the last hand's small blind slot and big blind (None before
    the first hand) and whether that small blind was posted, under ``rule`` (one of
    :data:`BUTTON_RULES`). Raises :class:`TableError` when fewer than two players can play."""
    n = len(seats)
    ready: list[int] = []
    waiting: list[int] = []
    for k in range(n):
        s = seats[k]
        if s is None or s.sitting_out or s.stack == 0:
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
        assert sb is not None
        return HandPlan(order, button, sb, bb, sb, order.index(button))
    # then the big blind moves on one seat: to the first seat after the last big blind
    # that is ready, or waiting for the big blind
    last_slot, last_bb = last_blinds
    pool = [k for k in _clockwise(n, last_bb) if k in waiting or k in ready]
    if len(ready) == 1:  # the big blind must bring a second player
        pool = [k for k in pool if k in waiting]
    bb = pool[0]
    dealt = {*ready, bb}
    if rule == "dead" and len(dealt) > 2:
        # nobody comes in between the button (the last small blind slot) and the small
        # blind (the last big blind's seat), nor on the small blind owing a post
        keep = {k for k in dealt if not _between(n, last_slot, k, last_bb)
                and not (k == last_bb and _owes(seats[k]))}  # type: ignore[arg-type]
        if len(keep) >= 2:
            dealt = keep
    order = sorted(dealt)
    i = order.index(bb)
    before = order[i - 1]  # the dealt-in seat just before the big blind
    posted_last = last_small_blind_posted and before == last_slot
    if len(order) == 2:
        # heads-up the button posts the small blind, unless he posted it last hand
        small = None if posted_last else before
        return HandPlan(order, before, small, bb, before, order.index(before))
    if rule == "dead":
        small = last_bb if last_bb in dealt and last_bb != bb else None
        hand_button = order.index(small) - 1 if small is not None else i - 1
        return HandPlan(order, last_slot, small, bb, last_bb, hand_button % len(order))
    m = len(order)
    if posted_last:  # the last big blind is gone: no small blind twice in a row
        return HandPlan(order, before, None, bb, before, (i - 1) % m)
    return HandPlan(order, order[i - 2], before, bb, before, (i - 2) % m)


def mark_missed_blinds(
    seats: Sequence[SeatState | None], last_blinds: tuple[int, int] | None, plan: HandPlan,
) -> list[tuple[int, str]]:
    """Seats sitting out or busted (no chips) that the blinds passed since the last hand
    (``last_blinds``: its small blind slot and big blind; this hand's ``plan``) miss those
    blinds: marked on the seats, and returned as ``(seat, "small_blind" | "big_blind")``.
    A seat in this hand's small blind slot that nobody posts from misses it too."""
    if last_blinds is None:
        return []
    missed = []
    last_sb, last_bb = last_blinds
    n = len(seats)
    dealt = set(plan.order)
    sb_slot = plan.small_blind_slot
    passes = ((sb_slot, last_sb, "small_blind", plan.small_blind is None),
              (plan.big_blind, last_bb, "big_blind", False))
    for new, old, blind, with_new in passes:
        k = old
        for _ in range(n):
            k = (k + 1) % n
            if k == new and not with_new:
                break
            s = seats[k]
            if s is not None and k not in dealt and (s.sitting_out or s.stack == 0):
                setattr(s, f"missed_{blind}", True)
                missed.append((k, blind))
            if k == new:
                break
    return missed


def worst_empty_seat(seats: Sequence[SeatState | None], blinds: tuple[int | None, int] | None) -> int:
    """Where a player moved in sits (TDA): the first empty seat after the seat that posts
    the next small blind (``blinds``: the next small and big blind, None when the table
    cannot deal; without a small blind, after the occupied seat before the big blind), so
    he is big blind soonest; the first empty seat when nobody posts."""
    n = len(seats)
    empty = [k for k in range(n) if seats[k] is None]
    if blinds is None:
        return empty[0]
    start = blinds[0]
    if start is None:
        start = next(k for k in reversed(_clockwise(n, blinds[1])[:-1]) if seats[k] is not None)
    return next(k for k in _clockwise(n, start) if k in empty)
