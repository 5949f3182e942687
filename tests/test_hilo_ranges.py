"""Hold'em hi-lo equity of ranges (``equity(variant="holdem-hi-lo")`` with range text, a
:class:`Range`, weights, exact hands and "random"): exact against brute force over every
tuple of combos and every board (tests/hilo_reference.py, combos listed here by hand, not
by the range parser), Monte Carlo against exact, conflicts drawn without bias, seeds, and
the rejections."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hilo_reference import assert_shares, hilo_range_shares

from holdem_eval import (
    DuplicateCardError,
    InvalidCardError,
    Range,
    RangeSyntaxError,
    ShapeError,
    equity,
)
from holdem_eval.equity import EquityArgumentError, NoValidDealError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
Combos = list[tuple[tuple[int, ...], Fraction]]


def card(text: str) -> int:
    return 4 * RANKS.index(text[0]) + SUITS.index(text[1])


def pair(rank: str, w: Fraction = Fraction(1)) -> Combos:
    return [((card(rank + a), card(rank + b)), w) for a, b in combinations(SUITS, 2)]


def suited(r1: str, r2: str, w: Fraction = Fraction(1)) -> Combos:
    return [((card(r1 + s), card(r2 + s)), w) for s in SUITS]


def hand(text: str, w: Fraction = Fraction(1)) -> Combos:
    return [((card(text[:2]), card(text[2:])), w)]


def every(board: list[int], out: list[int]) -> Combos:
    """A random player on an exact spot: every combo off the board and the given cards."""
    left = [c for c in range(52) if c not in board and c not in out]
    return [((a, b), Fraction(1)) for a, b in combinations(left, 2)]


def cards(text: str) -> list[int]:
    return [card(text[i:i + 2]) for i in range(0, len(text), 2)]


# (players as equity() takes them, the same as combo lists, board)
SPOTS = {
    "river, two ranges and a hand": (
        ["AA, KK", "A2s, 33:0.5", "6c7c"],
        [pair("A") + pair("K"), suited("A", "2") + pair("3", Fraction(1, 2)), hand("6c7c")],
        "4c5d8hJs2h"),
    "turn, weighted Range": (
        [Range("AhAd, KK:0.25"), "A2s"],
        [hand("AhAd") + pair("K", Fraction(1, 4)), suited("A", "2")],
        "4c5d8hJs"),
    "river, a hand against random": (
        ["Ah3h", "random"],
        [hand("Ah3h"), every(cards("2h7h9cTd4s"), cards("Ah3h"))],
        "2h7h9cTd4s"),
}


@pytest.mark.parametrize("spot", list(SPOTS))
def test_exact_ranges_match_brute_force(spot: str) -> None:
    players, ranges, board_text = SPOTS[spot]
    board = cards(board_text)
    want, tuples = hilo_range_shares(ranges, board, two_three=False)
    res = equity(players, board=board_text, variant="holdem-hi-lo", method="exact")
    assert res.exact and res.hilo is not None
    assert res.games == tuples * len(list(combinations(range(52 - len(board) - 2 * len(ranges)),
                                                      5 - len(board))))
    assert_shares(res, want)
    weighted = any(w != 1 for r in ranges for _, w in r)
    assert all(isinstance(x, float if weighted else int) for x in res.wins_by_mask)
    auto = equity(players, board=board_text, variant="holdem-hi-lo")  # cheap: exact
    assert auto.exact and auto.equity == pytest.approx(res.equity, abs=1e-12)


def test_conflicting_combos_are_not_favoured() -> None:
    # Valid tuples: (AhAd, QsQh), (KsKh, AhAc), (KsKh, QsQh); no low on this river, the
    # higher pair scoops. Drawn together, player 0 wins 2 of 3. Drawing player 0 first and
    # player 1 among what fits would give 3/4; player 1 first, 1/2.
    players = ["AhAd, KsKh", "AhAc, QsQh"]
    board = "2c7d9h3sJd"
    exact = equity(players, board=board, variant="holdem-hi-lo", method="exact")
    assert exact.equity == pytest.approx((2 / 3, 1 / 3), abs=1e-12) and exact.games == 3
    mc = equity(players, board=board, variant="holdem-hi-lo", method="monte_carlo",
                trials=60_000, seed=11)
    se = mc.stderr[0]
    assert 0 < se < 0.003
    assert abs(mc.equity[0] - 2 / 3) < 4.5 * se
    assert abs(mc.equity[0] - 3 / 4) > 15 * se and abs(mc.equity[0] - 1 / 2) > 15 * se


def test_monte_carlo_agrees_with_exact() -> None:
    players = ["AA, KK:0.5", "A2s+, 33", "6c7c"]
    board = "4c5d8h"
    exact = equity(players, board=board, variant="holdem-hi-lo", method="exact")
    mc = equity(players, board=board, variant="holdem-hi-lo", method="monte_carlo",
                trials=200_000, seed=5, threads=2)
    assert exact.exact and not mc.exact and mc.games == 200_000
    assert exact.hilo is not None and mc.hilo is not None
    for p in range(3):
        assert 0 < mc.stderr[p] < 0.003
        assert abs(mc.equity[p] - exact.equity[p]) < 4.5 * mc.stderr[p]
        for got, want in ((mc.hilo.high[p], exact.hilo.high[p]),
                          (mc.hilo.low[p], exact.hilo.low[p])):
            assert abs(got - want) < 4.5 * (want * (1 - want) / mc.games) ** 0.5 + 1e-9
    # the weights count: KK at full weight is another answer
    flat = equity(["AA, KK", "A2s+, 33", "6c7c"], board=board, variant="holdem-hi-lo",
                  method="exact")
    assert abs(flat.equity[0] - exact.equity[0]) > 20 * mc.stderr[0]


def test_seed_repeats_whatever_threads() -> None:
    players = ["AA, KK:0.5", "A2s+, 33", "random"]
    runs = [equity(players, variant="holdem-hi-lo", method="monte_carlo", trials=40_000,
                   seed=9, threads=t) for t in (1, 2, 3)]
    assert runs[0].equity == runs[1].equity == runs[2].equity
    assert runs[0].wins_by_mask == runs[1].wins_by_mask == runs[2].wins_by_mask
    assert runs[0].seed == 9
    other = equity(players, variant="holdem-hi-lo", method="monte_carlo", trials=40_000,
                   seed=10)
    assert other.equity != runs[0].equity


def test_auto_and_relative_weights() -> None:
    pre = equity(["AA, KK", "A2s+, 33", "random"], variant="holdem-hi-lo", trials=20_000,
                 seed=1)
    assert not pre.exact and pre.games == 20_000  # preflop with ranges: sampled
    a = equity(["AA:0.5, KK:0.5", "A2s+"], board="4c5d8hJs", variant="holdem-hi-lo")
    b = equity(["AA, KK", "A2s+"], board="4c5d8hJs", variant="holdem-hi-lo")
    assert a.exact and a.equity == b.equity and a.wins_by_mask == b.wins_by_mask


def test_rejections() -> None:
    with pytest.raises(NoValidDealError, match="player 1's range 'AA' has no combo left"):
        equity(["AsAd", "AA"], board="AhAc2d", variant="holdem-hi-lo")
    with pytest.raises(RangeSyntaxError, match="AK:2"):
        equity(["AsAd", "AK:2"], variant="holdem-hi-lo")
    with pytest.raises(DuplicateCardError, match="card 'As' is in both board and player 0"):
        equity(["AsAd", "KK"], board="As5c6c", variant="holdem-hi-lo")
    # every pair of combos shares a card
    for method in ("exact", "monte_carlo"):
        with pytest.raises(NoValidDealError, match="no deal is possible"):
            equity(["AhAd, AsAc", "AhAs, AdAc"], variant="holdem-hi-lo", method=method,
                   trials=None if method == "exact" else 1000, seed=1)
    with pytest.raises(EquityArgumentError, match="use method='monte_carlo'"):
        equity(["random", "random", "random"], variant="holdem-hi-lo", method="exact")
    with pytest.raises(EquityArgumentError,
                       match=r"player 1: omaha-hi-lo players are exact hands or 'random' "
                             r"\(ranges are for Hold'em games\), got Range\('AA'\)"):
        equity(["As2d3h4c", Range("AA")], variant="omaha-hi-lo")
    with pytest.raises(InvalidCardError, match="'QQ\\+' at position 0 of 'QQ\\+' is not a card"):
        equity(["As2d3h4c", "QQ+"], variant="omaha-hi-lo")
    with pytest.raises(ShapeError, match="player 1 must hold 2 cards for holdem-hi-lo, got 3"):
        equity(["AsAd", ["Kc", "Kd", "2c"]], variant="holdem-hi-lo")
