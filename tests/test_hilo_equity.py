"""Hi-lo equity (equity(variant="omaha-hi-lo") etc.) against brute force: every board
completion enumerated in Python with the references of tests/hilo_reference.py, each
deal's pot split high / low by the rule (the low half to the best qualifying low, else
the high hands take the pot), shares averaged. Monte Carlo is checked against exact."""

from __future__ import annotations

import random

import pytest
from hilo_reference import assert_shares, hilo_shares

from holdem_eval import DuplicateCardError, ShapeError, equity, parse_cards
from holdem_eval.equity import EquityArgumentError

GAMES = {"omaha-hi-lo": (4, True), "omaha5-hi-lo": (5, True), "holdem-hi-lo": (2, False)}


def _deal(rng: random.Random, variant: str, players: int, board: int) -> tuple[list[list[int]], list[int]]:
    hole, _ = GAMES[variant]
    low_cards = [c for c in range(52) if c >> 2 <= 6 or c >> 2 == 12]
    rest = [c for c in range(52) if c not in low_cards]
    rng.shuffle(low_cards)
    rng.shuffle(rest)
    deck = low_cards[:20] + rest
    rng.shuffle(deck)
    holes = [deck[hole * p:hole * (p + 1)] for p in range(players)]
    return holes, deck[hole * players:hole * players + board]


@pytest.mark.parametrize("variant", list(GAMES))
@pytest.mark.parametrize("board_len", [5, 4, 3])
def test_exact_equity_matches_brute_force(variant: str, board_len: int) -> None:
    rng = random.Random(f"{variant}{board_len}")
    two_three = GAMES[variant][1]
    spots = {5: 12, 4: 6, 3: 1}[board_len]
    for _ in range(spots):
        players = 2 if board_len == 3 else rng.randint(2, 4)
        holes, board = _deal(rng, variant, players, board_len)
        want = hilo_shares(holes, board, two_three)
        res = equity(holes, board=board, variant=variant, method="exact")
        assert_shares(res, want)


def test_a_quartered_pot() -> None:
    # both hold A-2 for the same 8-4-3-2-A low and trip kings take the high:
    # player 0 gets a half and a quarter, player 1 is quartered
    res = equity(["As2dKhKc", "Ac2h7s7d"], board="3c4d8hKs9s", variant="omaha-hi-lo")
    assert res.hilo is not None and res.games == 1
    assert res.equity == (0.75, 0.25) and res.hilo.quarter == (0.0, 1.0)
    assert res.win == (0.0, 0.0) and res.hilo.low == (1.0, 1.0)


def test_monte_carlo_agrees_with_exact() -> None:
    holes = ["As2d3hKc", "7s7d8h9c"]
    exact = equity(holes, board="4c5d", variant="omaha-hi-lo", method="exact")
    mc = equity(holes, board="4c5d", variant="omaha-hi-lo", method="monte_carlo",
                trials=200_000, seed=7, threads=2)
    assert not mc.exact and mc.games == 200_000
    for p in range(2):
        assert abs(mc.equity[p] - exact.equity[p]) < 5 * mc.stderr[p] + 1e-9
        assert 0 < mc.stderr[p] < 0.005
    again = equity(holes, board="4c5d", variant="omaha-hi-lo", method="monte_carlo",
                   trials=200_000, seed=7, threads=1)
    assert again.equity == mc.equity  # the seed, not the threads, decides


def test_random_players_and_auto() -> None:
    res = equity(["As2d3h4c", "random", "random"], variant="omaha-hi-lo", trials=50_000, seed=1)
    assert not res.exact and sum(res.equity) == pytest.approx(1.0)
    assert res.equity[0] > 1 / 3 + 10 * res.stderr[0]  # A-2-3-4 beats two random hands
    river = equity(["As2dKhKc", "7s7d6h9c"], board="3c4d8hKs9s", variant="omaha-hi-lo")
    assert river.exact and river.games == 1
    assert river.equity == (1.0, 0.0) and river.win == (1.0, 0.0)
    d = river.to_dict()
    assert d["hilo"]["no_low"] == 0.0 and d["variant"] == "omaha-hi-lo"


def test_a_quartered_river() -> None:
    # Both hold A-2 for the same low; seat 0 has the high: 3/4 and 1/4.
    res = equity(["As2dKhKc", "Ac2h7s7d"], board="3c4d8hKs9s", variant="omaha-hi-lo")
    assert res.equity == (0.75, 0.25)
    assert res.hilo is not None and res.hilo.low == (1.0, 1.0) and res.hilo.high == (1.0, 0.0)
    assert res.tie == (1.0, 1.0) and res.win == (0.0, 0.0)


def test_bad_input() -> None:
    with pytest.raises(ShapeError, match="player 1 must hold 4 cards for omaha-hi-lo, got 2"):
        equity(["As2d3h4c", "KsKd"], variant="omaha-hi-lo")
    with pytest.raises(EquityArgumentError, match="exact omaha-hi-lo equity needs every player"):
        equity(["As2d3h4c", "random"], variant="omaha-hi-lo", method="exact")
    with pytest.raises(DuplicateCardError, match="card 'As' is in both board and player 0"):
        equity(["As2d3h4c", "KsKdQsQd"], board="As5c6c", variant="omaha-hi-lo")
    assert parse_cards("As").tolist() == [51]


def test_target_stderr_alone_runs_past_the_default_trials() -> None:
    # a standard error of 0.0004 on a pot share near one half needs about 1.5 M deals: more
    # than the 1,000,000 default, which applies only when neither trials nor a target is given
    seen: list[float] = []
    res = equity(["As2d3hKc", "7s7d8h9c"], variant="omaha-hi-lo", method="monte_carlo",
                 target_stderr=0.0004, seed=3, progress=seen.append)
    assert not res.exact and res.games > 1_000_000 and max(res.stderr) < 0.0004
    assert seen[-1] == 1.0 and seen == sorted(seen)
    capped = equity(["As2d3hKc", "7s7d8h9c"], variant="omaha-hi-lo", method="monte_carlo",
                    target_stderr=0.0004, trials=600_000, seed=3)
    assert capped.games == 600_000  # trials still caps a target
