"""Short-deck equity against brute force over the 36-card deck with the independent
reference (tests/short_reference.py), exact and Monte Carlo, fixed hands and ranges."""

from __future__ import annotations

from itertools import combinations, product

import pytest
from short_reference import short_category, short_key

from holdem_eval import (
    DuplicateCardError,
    EquityArgumentError,
    HandCategory,
    InvalidCardError,
    NoValidDealError,
    Range,
    ShapeError,
    equity,
    parse_cards,
)

SHORT = "short-deck"
STRAIGHTS = "short-deck-straights-beat-trips"


def brute_force(holes: list[list[list[int]]], board: list[int], variant: str
                ) -> tuple[list[float], dict[int, int], list[dict[int, int]], int]:
    """(equity per player, games by winner mask, river categories per player, games) over
    every tuple of combos (one per player's list) and every board of the cards left."""
    trips = variant == SHORT
    n = len(holes)
    shares = [0.0] * n
    masks: dict[int, int] = {}
    cats: list[dict[int, int]] = [{} for _ in range(n)]
    games = 0
    for deal in product(*holes):
        used = [c for h in deal for c in h] + board
        if len(set(used)) != len(used):
            continue
        rest = [c for c in range(16, 52) if c not in used]
        for extra in combinations(rest, 5 - len(board)):
            full = board + list(extra)
            keys = [short_key(list(h) + full, trips) for h in deal]
            best = max(keys)
            mask = sum(1 << p for p, k in enumerate(keys) if k == best)
            masks[mask] = masks.get(mask, 0) + 1
            winners = bin(mask).count("1")
            for p, k in enumerate(keys):
                c = short_category(list(deal[p]) + full, trips)
                cats[p][c] = cats[p].get(c, 0) + 1
                if k == best:
                    shares[p] += 1 / winners
            games += 1
    return [s / games for s in shares], masks, cats, games


SPOTS = [
    (["AsKs", "QdQh"], "Qs 9c 7d 6h", SHORT),
    (["AsKs", "QdQh"], "Qs 9c 7d 6h", STRAIGHTS),
    (["6c6d", "Ah9h", "TdJd"], "6h 7s 8s 9c", SHORT),
    (["6c6d", "Ah9h", "TdJd"], "6h 7s 8s 9c", STRAIGHTS),
    (["AcAd", "KhQh"], "Jh Th 6s", SHORT),
    (["7c8c", "AdKd"], "9c Tc 6d Jh Ks", SHORT),
]


@pytest.mark.parametrize(("hands", "board", "variant"), SPOTS)
def test_exact_equity_on_turn_flop_and_river_spots(hands: list[str], board: str, variant: str) -> None:
    holes = [[parse_cards(h).tolist()] for h in hands]
    eq, masks, cats, games = brute_force(holes, parse_cards(board).tolist(), variant)
    r = equity(hands, board=board, method="exact", variant=variant)
    assert r.exact and r.variant == variant and r.games == games
    assert r.equity == pytest.approx(eq, abs=1e-12)
    assert {m: int(c) for m, c in enumerate(r.wins_by_mask) if c} == masks
    for p in range(len(hands)):
        assert {int(c): int(k) for c, k in r.categories[p].items() if k} == cats[p]


def test_exact_equity_with_a_range_and_dead_cards() -> None:
    rng_text = "QQ+, AKs"
    board = parse_cards("Qs 9c 7d 6h").tolist()
    dead = parse_cards("Ts").tolist()
    combos = [list(c) for c in Range(rng_text).combos()]
    holes = [[parse_cards("JdJh").tolist()], combos]
    eq, _masks, _, games = _brute_with_dead(holes, board, dead)  # the dead Ts is out
    r = equity(["JdJh", rng_text], board="Qs 9c 7d 6h", dead="Ts", method="exact", variant=SHORT)
    assert r.games == games and r.equity == pytest.approx(eq, abs=1e-12)


def _brute_with_dead(holes: list[list[list[int]]], board: list[int], dead: list[int]
                     ) -> tuple[list[float], dict[int, int], list[dict[int, int]], int]:
    eq_games: list[float] = [0.0] * len(holes)
    total = 0
    masks: dict[int, int] = {}
    for deal in product(*holes):
        used = [c for h in deal for c in h] + board + dead
        if len(set(used)) != len(used):
            continue
        rest = [c for c in range(16, 52) if c not in used]
        for extra in combinations(rest, 5 - len(board)):
            keys = [short_key(list(h) + board + list(extra)) for h in deal]
            best = max(keys)
            mask = sum(1 << p for p, k in enumerate(keys) if k == best)
            masks[mask] = masks.get(mask, 0) + 1
            for p, k in enumerate(keys):
                if k == best:
                    eq_games[p] += 1 / bin(mask).count("1")
            total += 1
    return [e / total for e in eq_games], masks, [], total


def test_preflop_exact_and_monte_carlo_agree() -> None:
    exact = equity(["AsAc", "7d8d"], method="exact", variant=SHORT)
    assert exact.games == 201_376  # C(32, 5): boards of the 32 cards left
    mc = equity(["AsAc", "7d8d"], method="monte_carlo", trials=200_000, seed=11, variant=SHORT)
    for e, m, se in zip(exact.equity, mc.equity, mc.stderr):
        assert abs(e - m) < 5 * se
    again = equity(["AsAc", "7d8d"], method="monte_carlo", trials=200_000, seed=11,
                   variant=SHORT, threads=3)
    assert again.wins_by_mask == mc.wins_by_mask  # the seed, not the threads, decides
    assert sum(mc.categories[0].values()) == 200_000


def test_monte_carlo_ranges_and_random_players_stay_in_the_short_deck() -> None:
    r = equity(["AsKs", "random", "TT+, AQs"], method="monte_carlo", trials=50_000, seed=3,
               variant=SHORT)
    assert r.games == 50_000 and abs(sum(r.equity) - 1.0) < 1e-9
    # a range of low pairs and higher ones keeps only its short-deck combos
    only = equity(["AsKs", "22-77"], method="exact", variant=SHORT)
    sixes_sevens = equity(["AsKs", "66-77"], method="exact", variant=SHORT)
    assert only.equity == sixes_sevens.equity


def test_the_rule_sets_differ_in_equity() -> None:
    a = equity(["6c6d", "TdJd"], board="6h 7s 8s 9c", method="exact", variant=SHORT)
    b = equity(["6c6d", "TdJd"], board="6h 7s 8s 9c", method="exact", variant=STRAIGHTS)
    assert a.equity[0] > b.equity[0]
    assert a.categories[0][HandCategory.THREE_OF_A_KIND] > 0


def _weighted_brute(hands: list[list[tuple[list[int], float]]], board: list[int], variant: str
                    ) -> list[float]:
    """Equity of players holding weighted combo lists: every tuple of combos weighs the
    product of its weights, every board of the cards left once."""
    trips = variant == SHORT
    shares = [0.0] * len(hands)
    total = 0.0
    for deal in product(*hands):
        used = [c for h, _w in deal for c in h] + board
        if len(set(used)) != len(used):
            continue
        weight = 1.0
        for _h, w in deal:
            weight *= w
        rest = [c for c in range(16, 52) if c not in used]
        for extra in combinations(rest, 5 - len(board)):
            keys = [short_key(h + board + list(extra), trips) for h, _w in deal]
            best = max(keys)
            winners = keys.count(best)
            for p, k in enumerate(keys):
                if k == best:
                    shares[p] += weight / winners
            total += weight
    return [x / total for x in shares]


@pytest.mark.parametrize("variant", [SHORT, STRAIGHTS])
def test_exact_weighted_ranges_and_a_random_player_match_brute_force(variant: str) -> None:
    board = "Ts 9c 8d 6h"
    ranges = ["JJ:0.25, AhKh, 7c7d:0.5", "QsJs:0.7, TT:0.4, 6c6d"]
    hands = [[(list(c), w) for c, w in Range(t).weighted_combos()] for t in ranges]
    want = _weighted_brute(hands, parse_cards(board).tolist(), variant)
    r = equity(ranges, board=board, method="exact", variant=variant)
    assert r.exact and r.equity == pytest.approx(want, abs=1e-12)
    # a random player on the river holds every two short-deck cards left
    river = parse_cards("Ts 9c 8d 6h Ah").tolist()
    mine = parse_cards("Qs Jh").tolist()
    rest = [c for c in range(16, 52) if c not in river + mine]
    others = [([a, b], 1.0) for a, b in combinations(rest, 2)]
    want = _weighted_brute([[(mine, 1.0)], others], river, variant)
    r = equity(["QsJh", "random"], board="Ts 9c 8d 6h Ah", method="exact", variant=variant)
    assert r.games == len(others) and r.equity == pytest.approx(want, abs=1e-12)


def test_monte_carlo_weighted_ranges_agree_with_exact_whatever_the_threads() -> None:
    players = ["AA:0.3, KK, AKs:0.6", "QQ+, 9To:0.2", "random"]
    exact = equity(players, board="Ah 9c 7d", method="exact", variant=STRAIGHTS)
    mc = equity(players, board="Ah 9c 7d", method="monte_carlo", trials=300_000, seed=5,
                variant=STRAIGHTS)
    for e, m, se in zip(exact.equity, mc.equity, mc.stderr):
        assert abs(e - m) < 5 * se
    threaded = equity(players, board="Ah 9c 7d", method="monte_carlo", trials=300_000, seed=5,
                      variant=STRAIGHTS, threads=2)
    assert threaded.wins_by_mask == mc.wins_by_mask and threaded.categories == mc.categories
    for p in range(3):  # categories on the variant's scale: frequencies as exact weighs them
        total = sum(exact.categories[p].values())
        for cat, count in exact.categories[p].items():
            freq = count / total
            assert abs(mc.categories[p][cat] / mc.games - freq) < 6 * (freq / mc.games) ** 0.5 + 1e-4


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"players": ["As5s", "KdKh"]}, InvalidCardError,
     r"card '5s' in player 0 \(As5s\) is not in the deck of variant 'short-deck'"),
    ({"players": ["AsKs", "KdKh"], "board": "2c 7d 8h"}, InvalidCardError,
     r"card '2c' in board is not in the deck of variant 'short-deck'"),
    ({"players": ["AsKs", "KdKh"], "dead": "4c"}, InvalidCardError,
     r"card '4c' in dead cards is not in the deck of variant 'short-deck'"),
    ({"players": ["AsKs", "22-55"]}, NoValidDealError,
     r"player 1's range '22-55' has no combo in the deck of variant 'short-deck'"),
    ({"players": ["AsKs", "AsQd"]}, DuplicateCardError, r"'As' is in both"),
    ({"players": ["random"] * 10, "dead": "6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s"}, ShapeError,
     r"10 players of 2 cards, a board and 12 dead cards need more than 36 cards"),
    ({"players": ["AsKs", "random", "random"], "method": "exact"}, EquityArgumentError,
     r"exact short-deck equity would rank about .* use method='monte_carlo'"),
])
def test_bad_short_deck_equity_input(kwargs: dict[str, object], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        equity(variant=SHORT, **kwargs)  # type: ignore[arg-type]
