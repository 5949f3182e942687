"""Independent slow references for hi-lo games, written from the rules (not from the
kernels): the A-5 eight-or-better low, the high and low of a hand by brute force over the
card choices the game allows, and hi/lo settlement with runs of the board.

High ranks come from phevaluator's five-card evaluator (a peer), lows from the rule
itself: five cards of distinct ranks, all 8 or lower, aces low; the lower highest card
wins, then the next...; straights and flushes do not count.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, product
from typing import Any

import pytest
from phevaluator import evaluate_cards

__all__ = ["LOW_RANK", "assert_shares", "best_high", "best_low", "hilo_range_shares",
           "hilo_settle_reference", "hilo_shares", "low_key"]

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"

# Every qualifying low as its ranks (ace = 1), highest first; the rank of a low is its
# place (1-based) in this list sorted from the best.
_ALL_LOWS = sorted(tuple(sorted(five, reverse=True)) for five in combinations(range(1, 9), 5))
LOW_RANK: dict[tuple[int, ...], int] = {low: k + 1 for k, low in enumerate(_ALL_LOWS)}


def _text(card: int) -> str:
    return _RANKS[card >> 2] + _SUITS[card & 3]


def _low_value(card: int) -> int:
    """Ace 1, deuce 2 .. king 13."""
    rank = card >> 2
    return 1 if rank == 12 else rank + 2


def low_key(five: Sequence[int]) -> tuple[int, ...] | None:
    """The low of exactly five cards, highest rank first, or None if it does not qualify."""
    values = sorted({_low_value(c) for c in five}, reverse=True)
    if len(values) != 5 or values[0] > 8:
        return None
    return tuple(values)


def _fives(hole: Sequence[int], board: Sequence[int], two_three: bool) -> list[tuple[int, ...]]:
    if two_three:
        return [h + b for h in combinations(hole, 2) for b in combinations(board, 3)]
    return list(combinations(list(hole) + list(board), 5))


def best_low(hole: Sequence[int], board: Sequence[int], two_three: bool) -> int:
    """The low rank (1..56, 0 none) of a hand by brute force over its allowed fives."""
    keys = [k for k in (low_key(f) for f in _fives(hole, board, two_three)) if k is not None]
    return LOW_RANK[min(keys)] if keys else 0


def best_high(hole: Sequence[int], board: Sequence[int], two_three: bool) -> int:
    """The high rank (Cactus Kev) by brute force with phevaluator's five-card evaluator."""
    return min(evaluate_cards(*[_text(c) for c in f]) for f in _fives(hole, board, two_three))


def _form_pots(chips: list[int], live: list[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Main pot then side pots, written again from the TDA rule: cut at the live levels;
    chips above every live level join the last pot."""
    pots: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in sorted({chips[s] for s in live}):
        amount = sum(max(0, min(c, level) - previous) for c in chips)
        if amount:
            pots.append((amount, tuple(s for s in live if chips[s] >= level)))
        previous = level
    above = sum(max(0, c - previous) for c in chips)
    if above:
        top = tuple(s for s in live if chips[s] >= previous)
        if pots and pots[-1][1] == top:
            pots[-1] = (pots[-1][0] + above, top)
        else:
            pots.append((above, top))
    return pots


def _split(amount: int, winners: list[int], button: int, seats: int,
           clockwise: bool) -> dict[int, int]:
    order = sorted(winners, key=lambda s: (s - button - 1) % seats)
    q, r = divmod(amount, len(order))
    out = {s: q for s in order}
    if clockwise:
        for s in order[:r]:
            out[s] += 1
    else:
        out[order[0]] += r
    return out


def hilo_settle_reference(
    contributions: list[int], holes: list[Any], boards: list[list[int]], folded: list[bool],
    button: int, *, two_three: bool, low: bool, rake_percent: int = 0, rake_cap: int | None = None,
    clockwise: bool = True,
) -> tuple[list[int], int]:
    """Payouts and rake (TDA pots, rake per hand main pot first, ``rake_percent`` of the
    total floored, capped) of a hand of a hi-lo (``low``) or high-only game on one or more
    runs: each pot's net in equal run shares, odd chips to the first runs; each run share
    in a high half and a low half (odd chip high) when an eligible seat has a low."""
    seats = len(contributions)
    chips = list(contributions)
    payouts = [0] * seats
    top = max(chips)
    second = sorted(chips)[-2]
    owner = chips.index(top)
    payouts[owner] += top - second
    chips[owner] = second
    live = [s for s in range(seats) if not folded[s]]
    showdown = len(live) > 1
    runs = len(boards) if showdown else 1
    high = [{s: best_high(holes[s], b, two_three) for s in live} if showdown else {}
            for b in boards[:runs]]
    lows = [{s: best_low(holes[s], b, two_three) for s in live} if showdown and low else {}
            for b in boards[:runs]]
    pots = _form_pots(chips, live)
    total = sum(a for a, _ in pots)
    rake = total * rake_percent // 100 if len(boards[0]) >= 3 else 0
    if rake_cap is not None:
        rake = min(rake, rake_cap)
    to_rake = rake
    for amount, eligible in pots:
        take = min(to_rake, amount)
        to_rake -= take
        net = amount - take
        for run in range(runs):
            share = net // runs + (1 if run < net % runs else 0)
            if not showdown:
                winners = list(eligible)
                for s, x in _split(share, winners, button, seats, clockwise).items():
                    payouts[s] += x
                continue
            best_h = min(high[run][s] for s in eligible)
            high_winners = [s for s in eligible if high[run][s] == best_h]
            qualified = [s for s in eligible if lows[run].get(s, 0)]
            if qualified:
                best_l = min(lows[run][s] for s in qualified)
                low_winners = [s for s in qualified if lows[run][s] == best_l]
                low_half = share // 2
                parts = [(share - low_half, high_winners), (low_half, low_winners)]
            else:
                parts = [(share, high_winners)]
            for chips_part, winners in parts:
                for s, x in _split(chips_part, winners, button, seats, clockwise).items():
                    payouts[s] += x
    return payouts, rake


def hilo_shares(holes: list[list[int]], board: list[int],
                two_three: bool) -> dict[str, list[Fraction]]:
    """Expected pot fraction, scoop, quartered (exactly a quarter of the pot), high and low
    frequencies of fixed hands by enumerating
    every completion of the board: each deal's pot split high / low by the rule (the low
    half to the best qualifying low, else the high hands take the pot)."""
    n = len(holes)
    used = set(board) | {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in used]
    eq = [Fraction(0)] * n
    scoop = [Fraction(0)] * n
    quarter = [Fraction(0)] * n
    high_f = [Fraction(0)] * n
    low_f = [Fraction(0)] * n
    boards = [board + list(extra) for extra in combinations(deck, 5 - len(board))]
    for full in boards:
        highs = [best_high(h, full, two_three) for h in holes]
        lows = [best_low(h, full, two_three) for h in holes]
        hw = [p for p in range(n) if highs[p] == min(highs)]
        qualified = [p for p in range(n) if lows[p]]
        lw = [p for p in qualified if lows[p] == min(lows[q] for q in qualified)] if qualified else []
        half = Fraction(1, 2) if lw else Fraction(1)
        got = [Fraction(0)] * n
        for p in hw:
            got[p] += half / len(hw)
            high_f[p] += 1
        for p in lw:
            got[p] += Fraction(1, 2) / len(lw)
            low_f[p] += 1
        for p in range(n):
            eq[p] += got[p]
            quarter[p] += got[p] == Fraction(1, 4)
        for p in range(n):
            if hw == [p] and (not lw or lw == [p]):
                scoop[p] += 1
    k = len(boards)
    return {"equity": [x / k for x in eq], "scoop": [x / k for x in scoop],
            "quarter": [x / k for x in quarter],
            "high": [x / k for x in high_f], "low": [x / k for x in low_f]}


def assert_shares(res: Any, want: dict[str, list[Fraction]]) -> None:
    """An exact hi-lo EquityResult ``res`` has the shares of :func:`hilo_shares` /
    :func:`hilo_range_shares` (to 1e-12) and its equities sum to 1."""
    assert res.exact and res.hilo is not None
    for p in range(len(res.equity)):
        assert res.equity[p] == pytest.approx(float(want["equity"][p]), abs=1e-12)
        assert res.win[p] == pytest.approx(float(want["scoop"][p]), abs=1e-12)
        assert res.hilo.quarter[p] == pytest.approx(float(want["quarter"][p]), abs=1e-12)
        assert res.hilo.high[p] == pytest.approx(float(want["high"][p]), abs=1e-12)
        assert res.hilo.low[p] == pytest.approx(float(want["low"][p]), abs=1e-12)
    assert sum(res.equity) == pytest.approx(1.0)


def hilo_range_shares(ranges: list[list[tuple[tuple[int, ...], Fraction]]], board: list[int],
                      two_three: bool) -> tuple[dict[str, list[Fraction]], int]:
    """:func:`hilo_shares` of ranges: every tuple of (combo, weight), one per player, with no
    card twice and none on the board, each weighted by the product of its weights (every
    tuple has as many boards, so its shares average with that weight). Also returns the
    number of valid tuples."""
    n = len(ranges)
    total = {k: [Fraction(0)] * n for k in ("equity", "scoop", "quarter", "high", "low")}
    mass = Fraction(0)
    tuples = 0
    for pick in product(*ranges):
        cards = [c for combo, _ in pick for c in combo] + list(board)
        if len(set(cards)) != len(cards):
            continue
        w = Fraction(1)
        for _, x in pick:
            w *= x
        shares = hilo_shares([list(combo) for combo, _ in pick], board, two_three)
        for k, v in shares.items():
            total[k] = [t + w * x for t, x in zip(total[k], v)]
        mass += w
        tuples += 1
    return {k: [t / mass for t in v] for k, v in total.items()}, tuples
