"""Who shows first at a showdown, and who may muck: ``showdown_order`` checks its arguments,
converts them to the settlement kernel's arrays and calls ``he_showdown_order``
(csrc/settle.c), where the rule lives. It never mutates its arguments."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, NamedTuple

from holdem_eval import (
    HoldemEvalError,
    InvalidRankError,
    ShapeError,
)
from holdem_eval import _bindings as _native
from holdem_eval.variants import WORST_RANK

from ..errors import InvalidSeatError
from .pots import InvalidChipsError, coerce_chips
from .settlement import (
    ShowdownOrder,
)
from .showdown import check_total

__all__ = ["showdown_order"]

_MAX_SEATS = _native.HE_SETTLE_MAX_SEATS


def showdown_order(
    seats_live: Sequence[Any],
    *,
    button: int,
    last_aggressor: int | None,
    ranks: Sequence[int | None] | None = None,
    contributions: Sequence[Any] | None = None,
    dead: Sequence[Any] | None = None,
    low_ranks: Sequence[int | None] | None = None,
) -> ShowdownOrder:
    """Who shows first at showdown, then clockwise; and who may muck.

    ``seats_live``: either the live seat indices (``[0, 2, 5]``) or one bool per seat
    (``[True, False, True, ...]``). The last aggressor on the final street shows first;
    if everyone checked (``last_aggressor=None``), the first live seat left of the
    button does. With ``ranks`` (per seat, lower is stronger, like ``Settlement.ranks``)
    and ``contributions`` (per seat), ``muckable`` lists the seats that, when their turn
    comes, are beaten in every pot they are eligible for by a hand already shown.
    ``dead``: per seat, the dead part of ``contributions``, as in :func:`settle`.
    ``low_ranks``: in a hi-lo game, per seat its low rank (1..56, ``None`` or 0 for no
    qualifying low, like ``Settlement.low_ranks``); a seat may then muck only when a shown
    hand beats its high and its low is none or a shown hand's low beats it.

    >>> showdown_order([1, 3, 4], button=3, last_aggressor=None).order
    (4, 1, 3)
    >>> showdown_order([1, 3, 4], button=3, last_aggressor=3).order
    (3, 4, 1)
    """
    checked = _checked_showdown(seats_live, button, last_aggressor, ranks, contributions, dead)
    lows = None if checked.ranks is None else _checked_lows(low_ranks, checked.live,
                                                            len(checked.ranks))
    flags = bytearray(checked.seats)
    for s in checked.live:
        flags[s] = 1
    status, order, muck = _native.showdown_order(
        bytes(flags), button, -1 if last_aggressor is None else last_aggressor,
        checked.chips, checked.dead, checked.ranks, lows,
    )
    if status != _native.HE_OK:  # pragma: no cover - every input it refuses is refused above
        raise HoldemEvalError(f"the showdown-order kernel refused checked input ({status})")
    return ShowdownOrder(tuple(order), tuple(s for s, m in zip(order, muck) if m))


def _checked_lows(low_ranks: Sequence[int | None] | None, live: list[int],
                  seats: int) -> list[int] | None:
    """The low ranks of :func:`showdown_order`, checked: 0 for none."""
    if low_ranks is None:
        return None
    if len(low_ranks) != seats:
        raise ShapeError(f"low_ranks has {len(low_ranks)} seats, expected {seats}")
    lows = [0] * seats
    for s in live:
        low = low_ranks[s]
        if low is None:
            continue
        if isinstance(low, bool) or not isinstance(low, int) or not 0 <= low <= _LOW_WORST:
            raise InvalidRankError(f"low_ranks[{s}] must be a low rank 0..{_LOW_WORST} or None,"
                                   f" got {low!r}")
        lows[s] = low
    return lows


_LOW_WORST = _native.HE_LOW_WORST


class _CheckedShowdown(NamedTuple):
    """:func:`showdown_order`'s inputs checked and converted."""

    live: list[int]
    seats: int
    chips: list[int] | None
    """The contributions, when the muck decisions are asked for (with ranks)."""
    dead: list[int] | None
    ranks: list[int] | None
    """Per seat, the rank of a live seat, 0 for the others (with contributions)."""


def _checked_showdown(
    seats_live: Sequence[Any], button: int, last_aggressor: int | None,
    ranks: Sequence[int | None] | None, contributions: Sequence[Any] | None,
    dead: Sequence[Any] | None,
) -> _CheckedShowdown:
    """Every input of :func:`showdown_order` checked, with the precise error for a bad one."""
    items = list(seats_live)
    if items and all(isinstance(x, bool) or type(x).__name__ == "bool_" for x in items):
        live = [seat for seat, flag in enumerate(items) if flag]
        seat_count: int | None = len(items)
    else:
        live = []
        for k, value in enumerate(items):
            if isinstance(value, bool):
                raise InvalidSeatError(f"seats_live[{k}] mixes bools and seat indices: {items!r}")
            try:
                live.append(operator.index(value))
            except TypeError:
                raise InvalidSeatError(
                    f"seats_live[{k}] must be a seat index, got {value!r}"
                ) from None
            if live[-1] < 0:
                raise InvalidSeatError(f"seats_live[{k}] must be >= 0, got {value!r}")
        if len(set(live)) != len(live):
            raise InvalidSeatError(f"seats_live repeats a seat: {items!r}")
        seat_count = None
    if ranks is not None:
        seat_count = len(ranks)
    if contributions is not None:
        if seat_count is not None and len(contributions) != seat_count:
            raise ShapeError(
                f"contributions has {len(contributions)} seats, expected {seat_count}"
            )
        seat_count = len(contributions)
    if not live:
        raise InvalidSeatError("seats_live has no live seat")
    if isinstance(button, bool) or not isinstance(button, int) or button < 0:
        raise InvalidSeatError(f"button must be a seat index, got {button!r}")
    if seat_count is not None:
        if button >= seat_count:
            raise InvalidSeatError(
                f"button must be a seat index 0..{seat_count - 1}, got {button!r}"
            )
        if max(live) >= seat_count:
            raise InvalidSeatError(f"live seat {max(live)} is outside 0..{seat_count - 1}")
    if last_aggressor is not None and last_aggressor not in live:
        raise InvalidSeatError(
            f"last_aggressor {last_aggressor!r} is not a live seat {sorted(live)}"
        )
    chips: list[int] | None = None
    dead_chips: list[int] | None = None
    rank_list: list[int] | None = None
    if ranks is not None and contributions is not None:
        chips = coerce_chips(contributions)
        if dead is not None:
            if len(dead) != len(chips):
                raise ShapeError(f"dead has {len(dead)} seats, expected {len(chips)}")
            dead_chips = coerce_chips(dead, "dead")
            for k, part in enumerate(dead_chips):
                if part > chips[k]:
                    raise InvalidChipsError(
                        f"dead[{k}] is {part!r} chips, more than contributions[{k}] ({chips[k]!r})"
                    )
        check_total(chips)
        rank_list = [0] * len(chips)
        for s in live:
            rank = ranks[s]
            if rank is None:
                raise InvalidSeatError(f"live seat {s} has no rank")
            if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= WORST_RANK:
                raise InvalidRankError(f"ranks[{s}] must be a hand rank 1..{WORST_RANK}, got {rank!r}")
            rank_list[s] = rank
    seats = seat_count if seat_count is not None else max(max(live), button) + 1
    if seats > _MAX_SEATS:
        raise ShapeError(
            f"a showdown has at most {_MAX_SEATS} seats (the settlement kernel's"
            f" HE_SETTLE_MAX_SEATS), got {seats}"
        )
    return _CheckedShowdown(live, seats, chips, dead_chips, rank_list)
