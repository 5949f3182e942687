"""The Python reference of the settlement rules: the test oracle for csrc/settle.c.

A readable implementation (the engine's former Python settlement): the returned uncalled
bet, main and side pots, dead money, odd chips, both pot methods and the rake, and the
showdown order with mucking. tests/engine/test_settle*.py, test_dead_money.py and
hand_reference.py compare the product (which settles only in C) with it. Nothing in the
product imports it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from holdem_eval.engine.rules import Rules
from holdem_eval.engine.showdown.order import _checked_showdown
from holdem_eval.engine.showdown.pots import coerce_chips
from holdem_eval.engine.showdown.settlement import Pot, Settlement, ShowdownOrder
from holdem_eval.engine.showdown.showdown import DEFAULT_RULES, CardsInput, _checked_hand

from holdem_eval import evaluate_omaha
from holdem_eval._bindings import eval7

__all__ = [
    "form_pots",
    "merge_live_pots",
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


def merge_live_pots(pots: Sequence[tuple[int, tuple[int, ...]]],
                    alive: set[int]) -> list[list[Any]]:
    """PokerKit's pots: each pot's eligible seats cut to those in ``alive`` (the hands that
    win something), then adjacent pots with the same seats left merged: [amount, seats]."""
    merged: list[list[Any]] = []
    for amount, eligible in pots:
        remaining = tuple(s for s in eligible if s in alive)
        if merged and merged[-1][1] == remaining:
            merged[-1][0] += amount
        else:
            merged.append([amount, remaining])
    return merged


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
    :func:`holdem_eval.engine.settle`; the inputs are checked by the product's own checks
    (the rules below are what the oracle is for)."""
    checked = _checked_hand(contributions, hole_cards, board, folded=folded, button=button,
                            variant=variant, rules=rules, dead=dead)
    seat_count = len(checked.chips)
    chips = list(checked.chips)
    dead_total = 0
    if checked.dead is not None:
        chips = [chip - part for chip, part in zip(chips, checked.dead)]
        dead_total = sum(checked.dead)
    button = checked.button
    live = checked.live
    board_ids = checked.board
    holes = checked.holes
    showdown = len(live) > 1
    ranks: list[int | None] = [None] * seat_count
    for seat, hole in enumerate(holes):
        if hole is None:
            continue
        if variant == "holdem":
            ranks[seat] = eval7(hole[0], hole[1], *board_ids)
        else:
            ranks[seat] = evaluate_omaha(list(hole), list(board_ids))

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
        merged = merge_live_pots(raw_pots, alive)
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
    """:func:`holdem_eval.engine.showdown_order`'s rule in Python (same contract).

    >>> showdown_order_reference([1, 3, 4], button=3, last_aggressor=None).order
    (4, 1, 3)
    """
    checked = _checked_showdown(seats_live, button, last_aggressor, ranks, contributions,
                                dead)
    live = checked.live
    start = button + 1 if last_aggressor is None else last_aggressor
    # Clockwise from `start`: seats >= start first, then the wrap-around.
    order = tuple(sorted(live, key=lambda s: (s < start, s)))
    muckable: list[int] = []
    if checked.chips is not None and checked.ranks is not None:
        chips = list(checked.chips)
        dead_total = 0
        if checked.dead is not None:
            chips = [chip - part for chip, part in zip(chips, checked.dead)]
            dead_total = sum(checked.dead)
        seat, amount = uncalled_return(chips)
        if amount:
            chips[seat] -= amount
        pots = form_pots(chips, sorted(live), dead_total)
        rank_of = checked.ranks
        shown: list[int] = []
        for s in order:
            rank = rank_of[s]
            beaten_everywhere = all(
                any(t in eligible and rank_of[t] < rank for t in shown)
                for _, eligible in pots
                if s in eligible
            )
            if shown and beaten_everywhere:
                muckable.append(s)
            else:
                shown.append(s)
    return ShowdownOrder(order, tuple(muckable))
