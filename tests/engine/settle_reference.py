"""The Python reference of the settlement rules: the test oracle for csrc/settle.c.

A readable implementation (the engine's former Python settlement): the returned uncalled
bet, main and side pots, dead money, odd chips, both pot methods and the rake, and the
showdown order with mucking. tests/engine/test_settle*.py, test_dead_money.py and
hand_reference.py compare the product (which settles only in C) with it. Nothing in the
product imports it.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from holdem_eval.engine.config import ConfigError
from holdem_eval.engine.pots import InvalidChipsError, coerce_chips
from holdem_eval.engine.rules import Rules
from holdem_eval.engine.settlement import Pot, Settlement, ShowdownOrder
from holdem_eval.engine.showdown import (
    DEFAULT_RULES,
    CardsInput,
    InvalidSeatError,
    _card_ids,
    _folded_flags,
    _mask_of,
    _seat,
)

from holdem_eval import DTypeError, ShapeError, evaluate_omaha
from holdem_eval._bindings import eval7

__all__ = [
    "form_pots",
    "odd_chip_order",
    "rake_for",
    "settle_reference",
    "showdown_order_reference",
    "split_pot",
    "uncalled_return",
]

_HOLE_COUNT = {"holdem": (2,), "omaha": (4, 5, 6)}


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


def rake_for(rules: Rules, amount: int, *, flop_dealt: bool) -> int:
    """The rake rule as Rules.rake_for documents it (the former Python implementation)."""
    if rules.no_flop_no_drop and not flop_dealt:
        return 0
    if rules.method == "pokerkit":
        raked = min(round(amount * float(rules.rate)), amount)
    else:
        raked = amount * rules.rate.numerator // rules.rate.denominator
    if rules.rake_cap is not None and raked > rules.rake_cap:
        return rules.rake_cap
    return raked


def settle_reference(
    contributions: Sequence[Any],
    hole_cards: Sequence[CardsInput],
    board: CardsInput,
    *,
    folded: Sequence[Any],
    button: int,
    variant: str = "holdem",
    rules: Rules = DEFAULT_RULES,
    dead: Sequence[Any] | None = None,
) -> Settlement:
    """The pure-Python settlement: the oracle for the C kernel. Same contract as
    :func:`holdem_eval.engine.settle`, on any int chips and any seat count."""
    if not isinstance(rules, Rules):
        raise DTypeError(f"rules must be a Rules instance, got {rules!r}")
    if variant not in _HOLE_COUNT:
        raise ConfigError(f"variant must be 'holdem' or 'omaha', got {variant!r}")
    seat_count = len(contributions)
    if seat_count < 2:
        raise ShapeError(f"a hand needs at least 2 seats, got {seat_count} contributions")
    if len(hole_cards) != seat_count:
        raise ShapeError(
            f"hole_cards must have one entry per seat ({seat_count}), got {len(hole_cards)}"
        )
    chips = coerce_chips(contributions)
    dead_total = 0
    if dead is not None:
        if len(dead) != seat_count:
            raise ShapeError(
                f"dead must have one entry per seat ({seat_count}), got {len(dead)}: {dead!r}"
            )
        dead_chips = coerce_chips(dead, "dead")
        for seat, (chip, part) in enumerate(zip(chips, dead_chips)):
            if part > chip:
                raise InvalidChipsError(
                    f"dead[{seat}] is {part!r} chips, more than contributions[{seat}] "
                    f"({chip!r}): dead money is part of the seat's contribution"
                )
            chips[seat] = chip - part
        dead_total = sum(dead_chips)
    flags = _folded_flags(folded, seat_count)
    button = _seat(button, "button", seat_count)
    live = [seat for seat in range(seat_count) if not flags[seat]]
    if not live:
        raise InvalidSeatError("every seat folded: at least one seat must be live")

    board_ids = _card_ids(board, "board") if board is not None else ()
    showdown = len(live) > 1
    holes: list[tuple[int, ...] | None] = [None] * seat_count
    ranks: list[int | None] = [None] * seat_count
    if showdown:
        if len(board_ids) != 5:
            raise ShapeError(
                f"board must have 5 cards at a showdown, got {len(board_ids)}: {board!r}"
            )
        owners: dict[int, str] = {}
        mask = _mask_of(board_ids, 0, "board", owners)
        allowed = _HOLE_COUNT[variant]
        b0, b1, b2, b3, b4 = board_ids
        for seat in live:
            cards = hole_cards[seat]
            where = f"hole_cards[{seat}]"
            if cards is None:
                raise InvalidSeatError(f"live seat {seat} has no hole cards (None)")
            hole = _card_ids(cards, where)
            if len(hole) not in allowed:
                raise ShapeError(
                    f"{where} must have {' or '.join(map(str, allowed))} cards for "
                    f"{variant}, got {len(hole)}: {cards!r}"
                )
            mask = _mask_of(hole, mask, where, owners)
            holes[seat] = hole
            if variant == "holdem":
                ranks[seat] = eval7(hole[0], hole[1], b0, b1, b2, b3, b4)
            else:
                ranks[seat] = evaluate_omaha(list(hole), list(board_ids))
    elif len(board_ids) not in (0, 3, 4, 5):
        raise ShapeError(f"board must have 0, 3, 4 or 5 cards, got {len(board_ids)}: {board!r}")

    # Validation is complete; from here on nothing can fail.
    return_seat, return_amount = uncalled_return(chips)
    returned = [0] * seat_count
    if return_amount:
        returned[return_seat] = return_amount
        chips[return_seat] -= return_amount
    raw_pots = form_pots(chips, live, dead_total)
    payouts = list(returned)
    flop_dealt = len(board_ids) >= 3
    one_at_a_time = rules.odd_chips == "clockwise"

    def winners_of(eligible: tuple[int, ...]) -> tuple[tuple[int, ...], int | None]:
        if not showdown:
            return eligible, None
        best = min(ranks[s] for s in eligible)  # type: ignore[type-var]
        return tuple(s for s in eligible if ranks[s] == best), best

    pots: list[Pot] = []
    if rules.method == "pokerkit":
        # Kill hands that win nothing, merge adjacent pots whose remaining players match,
        # then rake each merged pot on its own.
        alive: set[int] = set()
        for _, eligible in raw_pots:
            alive.update(winners_of(eligible)[0])
        merged: list[list[Any]] = []
        for amount, eligible in raw_pots:
            remaining = tuple(s for s in eligible if s in alive)
            if merged and merged[-1][1] == remaining:
                merged[-1][0] += amount
            else:
                merged.append([amount, remaining])
        total_rake = 0
        for amount, eligible in merged:
            winners, best = winners_of(eligible)
            rake = rake_for(rules, amount, flop_dealt=flop_dealt)
            total_rake += rake
            order = odd_chip_order(winners, button=button, seat_count=seat_count)
            shares = split_pot(amount - rake, order, one_at_a_time=one_at_a_time)
            by_seat = dict(zip(order, shares))
            pots.append(Pot(amount, eligible, winners, tuple(by_seat[s] for s in winners),
                            best, rake))
    else:
        total_rake = rake_for(rules, sum(a for a, _ in raw_pots), flop_dealt=flop_dealt)
        to_rake = total_rake
        for amount, eligible in raw_pots:
            winners, best = winners_of(eligible)
            rake = to_rake if to_rake < amount else amount
            to_rake -= rake
            if len(winners) == 1:
                shares_t: tuple[int, ...] = (amount - rake,)
            else:
                order = odd_chip_order(winners, button=button, seat_count=seat_count)
                shares = split_pot(amount - rake, order, one_at_a_time=one_at_a_time)
                by_seat = dict(zip(order, shares))
                shares_t = tuple(by_seat[s] for s in winners)
            pots.append(Pot(amount, eligible, winners, shares_t, best, rake))
    for pot in pots:
        for seat, share in zip(pot.winners, pot.shares):
            payouts[seat] += share

    width = max((len(h) for h in holes if h is not None), default=2)
    return Settlement(
        payouts=tuple(payouts),
        rake=total_rake,
        pots=tuple(pots),
        returned=tuple(returned),
        contributions=tuple(coerce_chips(contributions)),
        ranks=tuple(ranks),
        showdown=showdown,
        cards=b"".join(b"\xff" * width if h is None else bytes(h).ljust(width, b"\xff")
                       for h in holes),
        hole_len=width,
        board=bytes(board_ids),
        variant=variant,
    )


def showdown_order_reference(
    seats_live: Sequence[Any],
    *,
    button: int,
    last_aggressor: int | None,
    ranks: Sequence[int | None] | None = None,
    contributions: Sequence[Any] | None = None,
    dead: Sequence[Any] | None = None,
) -> ShowdownOrder:
    """Who shows first at showdown, then clockwise; and who may muck.

    ``seats_live``: either the live seat indices (``[0, 2, 5]``) or one bool per seat
    (``[True, False, True, ...]``). The last aggressor on the final street shows first;
    if everyone checked (``last_aggressor=None``), the first live seat left of the
    button does. With ``ranks`` (per seat, lower is stronger, like ``Settlement.ranks``)
    and ``contributions`` (per seat), ``muckable`` lists the seats that, when their turn
    comes, are beaten in every pot they are eligible for by a hand already shown.
    ``dead``: per seat, the dead part of ``contributions``, as in :func:`settle`.

    >>> showdown_order_reference([1, 3, 4], button=3, last_aggressor=None).order
    (4, 1, 3)
    >>> showdown_order_reference([1, 3, 4], button=3, last_aggressor=3).order
    (3, 4, 1)
    """
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
    start = button + 1
    if last_aggressor is not None:
        if last_aggressor not in live:
            raise InvalidSeatError(
                f"last_aggressor {last_aggressor!r} is not a live seat {sorted(live)}"
            )
        start = last_aggressor
    # Clockwise from `start`: seats >= start first, then the wrap-around.
    order = tuple(sorted(live, key=lambda s: (s < start, s)))
    muckable: list[int] = []
    if ranks is not None and contributions is not None:
        chips = coerce_chips(contributions)
        dead_total = 0
        if dead is not None:
            if len(dead) != len(chips):
                raise ShapeError(f"dead has {len(dead)} seats, expected {len(chips)}")
            dead_chips = coerce_chips(dead, "dead")
            for k, part in enumerate(dead_chips):
                if part > chips[k]:
                    raise InvalidChipsError(
                        f"dead[{k}] is {part!r} chips, more than contributions[{k}] ({chips[k]!r})"
                    )
                chips[k] -= part
            dead_total = sum(dead_chips)
        seat, amount = uncalled_return(chips)
        if amount:
            chips[seat] -= amount
        pots = form_pots(chips, sorted(live), dead_total)
        shown: list[int] = []
        for s in order:
            rank = ranks[s]
            if rank is None:
                raise InvalidSeatError(f"live seat {s} has no rank")
            beaten_everywhere = all(
                any(t in eligible and ranks[t] < rank for t in shown)  # type: ignore[operator]
                for _, eligible in pots
                if s in eligible
            )
            if shown and beaten_everywhere:
                muckable.append(s)
            else:
                shown.append(s)
    return ShowdownOrder(order, tuple(muckable))
