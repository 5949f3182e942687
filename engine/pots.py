"""Chips → pots: the returned uncalled bet, main and side pots, splits and odd chips.

Pure integer arithmetic on per-seat contributions; nothing here knows about cards.
Seats are ``0..n-1`` clockwise; ``live`` seats are those that have not folded.

How pots are formed (TDA, Robert's Rules):

1. The unmatched part of the largest contribution (largest minus second largest,
   over every seat, folded or not) goes back to its owner: it was never called.
2. The remaining chips are cut at the contribution levels of the live seats (the
   all-in levels). The pot between two levels holds every seat's chips between
   those levels — folded seats' chips included — and is open to the live seats
   that reached the upper level. The lowest is the main pot, then side pots.
3. Chips of folded seats above the highest live level (only possible when
   players fold without facing a bet) are dead money and join the last pot.
4. Dead money posted as such — a returning player's missed small blind, a big-blind
   ante — is not part of its poster's bet: it is never matched, never returned and
   sets no all-in level. It joins the main pot, open to every live seat (PokerKit's
   convention for non-uniform antes). Uniform antes are ordinary chips at the bottom
   of every seat's contribution, so a player all-in for part of the ante wins only
   that part from each opponent (TDA).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from holdem_eval import DTypeError, HoldemEvalError

__all__ = [
    "InvalidChipsError",
    "coerce_chips",
    "form_pots",
    "odd_chip_order",
    "split_pot",
    "uncalled_return",
]


class InvalidChipsError(HoldemEvalError, ValueError):
    """A chip amount is negative (or otherwise not a valid chip count)."""


def coerce_chips(values: Sequence[Any], name: str = "contributions") -> list[int]:
    """Whole, non-negative chip counts as Python ints (never mutates ``values``).

    Raises :class:`holdem_eval.DTypeError` for a non-integer (``1.5``, ``"10"``,
    ``True``) and :class:`InvalidChipsError` for a negative amount.
    """
    chips: list[int] = []
    for seat, value in enumerate(values):
        if isinstance(value, int) and not isinstance(value, bool):
            chip = value
        else:
            if isinstance(value, bool) or type(value).__name__ == "bool_":
                raise DTypeError(f"{name}[{seat}] must be a whole number of chips, got {value!r}")
            try:
                chip = operator.index(value)
            except TypeError:
                raise DTypeError(
                    f"{name}[{seat}] must be a whole number of chips, got {value!r}"
                ) from None
        if chip < 0:
            raise InvalidChipsError(f"{name}[{seat}] must be >= 0 chips, got {value!r}")
        chips.append(chip)
    return chips


def uncalled_return(chips: Sequence[int]) -> tuple[int, int]:
    """``(seat, amount)`` of the unmatched part of the largest contribution.

    ``amount`` is 0 (and ``seat`` -1) when the largest contribution is matched.

    >>> uncalled_return([100, 300, 250])
    (1, 50)
    >>> uncalled_return([100, 300, 300])
    (-1, 0)
    """
    top = -1
    top_seat = -1
    second = 0
    for seat, chip in enumerate(chips):
        if chip > top:
            second = max(top, 0)
            top = chip
            top_seat = seat
        elif chip > second:
            second = chip
    if top > second:
        return top_seat, top - second
    return -1, 0


def form_pots(
    chips: Sequence[int], live: Sequence[int], dead: int = 0
) -> list[tuple[int, tuple[int, ...]]]:
    """Main pot then side pots as ``(amount, eligible live seats)``.

    ``chips`` must already exclude the uncalled return (see :func:`uncalled_return`)
    and any dead money; ``dead`` (the total of the dead money posted as such) joins the
    main pot, which every live seat may win. Pots with no chips are left out.

    >>> form_pots([100, 300, 300], [0, 1, 2])
    [(300, (0, 1, 2)), (400, (1, 2))]
    >>> form_pots([50, 100, 100], [0, 1])  # seat 2 folded: its chips stay in both pots
    [(150, (0, 1)), (100, (1,))]
    >>> form_pots([100, 300, 300], [0, 1, 2], dead=50)  # e.g. a dead small blind
    [(350, (0, 1, 2)), (400, (1, 2))]
    """
    pots: list[tuple[int, tuple[int, ...]]] = []
    levels = sorted({chips[seat] for seat in live})
    previous = 0
    for level in levels:
        amount = 0
        for chip in chips:
            if chip > previous:
                amount += (chip if chip < level else level) - previous
        if amount:
            pots.append((amount, tuple(seat for seat in live if chips[seat] >= level)))
        previous = level
    above = sum(chip - previous for chip in chips if chip > previous)
    if above:
        top = tuple(seat for seat in live if chips[seat] >= previous)
        if pots and pots[-1][1] == top:
            pots[-1] = (pots[-1][0] + above, top)
        else:
            pots.append((above, top))
    if dead:
        everyone = tuple(live)
        if pots and pots[0][1] == everyone:
            pots[0] = (pots[0][0] + dead, everyone)
        else:  # the live seats' lowest level is 0: the dead money is a pot of its own
            pots.insert(0, (dead, everyone))
    return pots


def odd_chip_order(seats: Sequence[int], *, button: int, seat_count: int) -> list[int]:
    """``seats`` in clockwise order starting from the first seat left of the button.

    >>> odd_chip_order([0, 2, 4], button=2, seat_count=6)
    [4, 0, 2]
    """
    start = button + 1
    return sorted(seats, key=lambda seat: (seat - start) % seat_count)


def split_pot(amount: int, winners_in_order: Sequence[int], *, one_at_a_time: bool) -> list[int]:
    """Shares of ``amount`` for the winners, given in odd-chip order.

    ``one_at_a_time``: the remainder goes one chip each to the first winners
    (TDA); otherwise the whole remainder goes to the first winner.

    >>> split_pot(10, [3, 0, 1], one_at_a_time=True)
    [4, 3, 3]
    >>> split_pot(11, [3, 0, 1], one_at_a_time=False)
    [5, 3, 3]
    """
    count = len(winners_in_order)
    quotient, remainder = divmod(amount, count)
    shares = [quotient] * count
    if remainder:
        if one_at_a_time:
            for k in range(remainder):
                shares[k] += 1
        else:
            shares[0] += remainder
    return shares
