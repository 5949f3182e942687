"""Exact equity: published counts, and every board checked against a brute-force oracle
(all completions ranked by evaluate_batch / evaluate_omaha_batch)."""

from __future__ import annotations

import multiprocessing
import os
from itertools import combinations

import numpy as np
import pytest
from helpers import forked_result

from holdem_eval import (
    DuplicateCardError,
    EquityArgumentError,
    HandCategory,
    InvalidCardError,
    NoValidDealError,
    Range,
    RangeSyntaxError,
    ShapeError,
    equity,
    evaluate_batch,
    evaluate_omaha_batch,
    hand_categories,
    parse_cards,
)
from holdem_eval import _bindings as nat
from holdem_eval._limits import CountArgumentError


def brute(hands: list[str], board: str = "", dead: str = "",
          omaha: bool = False) -> tuple[list[int], list[dict[HandCategory, int]]]:
    """wins_by_mask and per-player category counts over every board completion."""
    hs = [parse_cards(h) for h in hands]
    b = parse_cards(board) if board else np.zeros(0, dtype=np.uint8)
    d = parse_cards(dead) if dead else np.zeros(0, dtype=np.uint8)
    used = {int(c) for h in hs for c in h} | {int(c) for c in b} | {int(c) for c in d}
    deck = [c for c in range(52) if c not in used]
    left = 5 - b.size
    rows = list(combinations(deck, left))
    comp = np.array(rows, dtype=np.uint8).reshape(len(rows), left)
    boards = np.concatenate([np.tile(b, (len(comp), 1)), comp], axis=1)
    ranks = []
    for h in hs:
        if omaha:
            ranks.append(evaluate_omaha_batch(np.tile(h, (len(boards), 1)), boards))
        else:
            ranks.append(evaluate_batch(np.concatenate([np.tile(h, (len(boards), 1)), boards],
                                                       axis=1)))
    r = np.stack(ranks).astype(np.int64)
    best = r.min(axis=0)
    mask = ((r == best) * (1 << np.arange(len(hs)))[:, None]).sum(axis=0)
    wins = np.bincount(mask, minlength=1 << len(hs)).tolist()
    cats = []
    for row in r:
        counts = np.bincount(hand_categories(row), minlength=10)
        cats.append({HandCategory(c): int(counts[c]) for c in range(1, 10)})
    return wins, cats


def check_against_brute(hands: list[str], board: str = "", dead: str = "",
                        omaha: bool = False) -> None:
    res = equity(hands, board=board, dead=dead, method="exact",
                 variant="omaha" if omaha else "holdem")
    wins, cats = brute(hands, board, dead, omaha)
    assert list(res.wins_by_mask) == wins
    assert list(res.categories) == cats
    assert res.games == sum(wins)
    assert res.exact


# ---------------------------------------------------------------- published values


def test_aa_vs_kk_all_36_combo_pairs() -> None:
    r = equity(["AA", "KK"], method="exact")
    assert r.games == 61_642_944
    assert r.wins_by_mask[1] == 50_371_344
    assert r.wins_by_mask[2] == 10_986_372
    assert r.wins_by_mask[3] == 285_228


def test_asac_vs_7d8d() -> None:
    r = equity(["AsAc", "7d8d"], method="exact")
    assert r.games == 1_712_304
    assert r.wins_by_mask[1:] == (1_315_602, 391_672, 5_030)


def test_qq_vs_87s() -> None:
    r = equity(["QQ", "87s"], method="exact")
    assert round(100 * r.equity[0], 4) == 78.2594


def test_22_vs_random() -> None:
    r = equity(["2s2h", "random"], method="exact")
    assert round(100 * r.equity[0], 4) == 50.3340
    assert r.games == 1225 * 1_712_304


def test_result_fields_are_consistent() -> None:
    r = equity(["AsAc", "7d8d"], method="exact")
    assert r.win[0] == pytest.approx(1_315_602 / 1_712_304)
    assert r.tie[0] == r.tie[1] == pytest.approx(5_030 / 1_712_304)
    assert r.tie_equity[0] == pytest.approx(5_030 / 2 / 1_712_304)
    for i in range(2):
        assert r.equity[i] == pytest.approx(r.win[i] + r.tie_equity[i])
        assert sum(r.categories[i].values()) == r.games
    assert sum(r.equity) == pytest.approx(1.0)
    assert r.stderr == (0.0, 0.0)
    assert r.players == ("AsAc", "7d8d")
    assert "AsAc" in r.table() and "1,712,304 games (exact)" in r.table()


# ---------------------------------------------------------------- brute-force oracle


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AsKs", "QsJs"], "2s3s4d", ""),  # both flush draws in one suit
        (["AhAs", "KdKc"], "Ts9s8h", ""),
        (["7c7d", "AsKs", "QhJh"], "2s5hTh", ""),
        (["AsKs", "QsJs"], "2s3s", ""),  # two board cards: flush boards need 3 more
        (["AsKs", "QsJs"], "2s3s4s", ""),  # board already has three of the suit
        (["AsKs", "QsJs"], "2s3s4s5h", ""),
        (["AhKh", "AdKd"], "QhJdTc", ""),  # ties
        (["2c3c", "4d5d", "6h7h", "8s9s"], "Tc", "Jd"),
        (["AsKs", "QsJs"], "2s3s4s5s6s", ""),  # river
        (["AsAd", "KcKh"], "", "2s3s4s5s6s7s8s9s"),  # preflop with many dead cards
    ],
)
def test_exact_matches_brute_force(hands: list[str], board: str, dead: str) -> None:
    check_against_brute(hands, board, dead)


@pytest.mark.slow
@pytest.mark.parametrize(
    "hands", [["AsKs", "QsJs"], ["AhAs", "KdKc"], ["7d8d", "7h8h"], ["AsKs", "QhQd", "JcTc"]]
)
def test_exact_preflop_matches_brute_force(hands: list[str]) -> None:
    check_against_brute(hands)


@pytest.mark.parametrize(
    ("hands", "board"),
    [(["AsKsQhJh", "TdTc9s8s"], "2s3s4h"), (["AhAsKhKs", "QdJdTd9d", "7c6c5c4c"], "2d8hTc")],
)
def test_exact_omaha_matches_brute_force(hands: list[str], board: str) -> None:
    check_against_brute(hands, board, omaha=True)


@pytest.mark.parametrize(("variant", "hands"), [
    ("omaha5", ["AsKsQhJh2c", "TdTc9s8s7h"]), ("omaha6", ["AsKsQhJh2c3c", "TdTc9s8s7h6h"]),
])
def test_the_named_big_o_rows_play_their_hole_count(variant: str, hands: list[str]) -> None:
    """``omaha5`` / ``omaha6`` (the rows Hand plays) are Omaha with one hole count: the same
    equity as ``omaha``, the count checked, random players dealt that many cards."""
    check_against_brute(hands, "2s3s4h", omaha=True)
    named, omaha = (equity(hands, board="2s3s4h", variant=v) for v in (variant, "omaha"))
    assert named.variant == variant and named.exact
    assert named.equity == omaha.equity and named.games == omaha.games
    mc = equity([hands[0], "random"], board="2s3s4h", variant=variant, trials=20_000, seed=3)
    assert mc.variant == variant and mc.games == 20_000 and not mc.exact
    short = hands[0][:8]
    with pytest.raises(ShapeError, match=f"player 1 must hold {len(hands[0]) // 2} cards for"
                                         f" {variant}, got 4: '{short}'"):
        equity([hands[1], short], variant=variant)
    seats = 52 // (len(hands[0]) // 2)  # one more random player than the deck holds with a board
    with pytest.raises(ShapeError, match=f"{seats} players of {len(hands[0]) // 2} cards"):
        equity(["random"] * seats, variant=variant, trials=10)
    with pytest.raises(EquityArgumentError, match="Omaha players are exact hands or 'random'"):
        equity([hands[0], Range("AA")], variant=variant)


# ---------------------------------------------------------------- ranges, weights, threads


def test_class_folding_equals_sum_over_combo_pairs() -> None:
    total = np.zeros(4, dtype=np.int64)
    for a in Range("AKs").combos():
        for b in Range("QQ").combos():
            r = equity([list(a), list(b)], board="2h7d", method="exact")
            total += np.array(r.wins_by_mask)
    r = equity(["AKs", "QQ"], board="2h7d", method="exact")
    assert list(r.wins_by_mask) == total.tolist()


def test_conflicting_combos_are_skipped_once_each() -> None:
    r = equity(["AsKs, AhAd", "AsAc, KK"], board="2c3d4h", method="exact")
    deals = 0
    for a in Range("AsKs, AhAd").combos():
        for b in Range("AsAc, KK").combos():
            if not set(a) & set(b):
                deals += 1
    assert r.games == deals * 990


def test_weighted_range_is_weighted_sum() -> None:
    r = equity(["AKs:0.25, AhAd", "QQ"], board="2c3d4h", method="exact")
    parts = [(equity(["AKs", "QQ"], board="2c3d4h", method="exact"), 0.25),
             (equity(["AhAd", "QQ"], board="2c3d4h", method="exact"), 1.0)]
    want = sum(np.array(p.wins_by_mask, dtype=float) * w for p, w in parts)
    assert np.allclose(np.array(r.wins_by_mask, dtype=float), want)
    assert isinstance(r.wins_by_mask[1], float)
    assert r.games == sum(p.games for p, _ in parts)


@pytest.mark.parametrize("threads", [2, 3])
def test_threads_give_identical_exact_counts(threads: int) -> None:
    for hands in (["AhAs", "KdKc"], ["AA", "KK", "QQ"], ["AKs:0.5, JJ", "QQ"]):
        one = equity(hands, method="exact")
        many = equity(hands, method="exact", threads=threads)
        assert many.wins_by_mask == one.wins_by_mask
        assert many.categories == one.categories


def _exact_counts(hands: list[str]) -> tuple[int | float, ...]:
    return equity(hands, method="exact", threads=2).wins_by_mask


def test_threads_work_in_a_forked_child() -> None:
    if "fork" not in multiprocessing.get_all_start_methods():
        assert not hasattr(os, "register_at_fork")  # no fork, so no pool to renew
        return
    hands = ["AA", "KK", "QQ"]
    want = _exact_counts(hands)  # the parent's pool has started its threads
    assert forked_result(_exact_counts, hands) == want


def test_parts_cover_each_board_once() -> None:
    reps = np.ascontiguousarray(parse_cards("AsKsQsJs").reshape(1, 2, 2))
    mult = np.ones(1, dtype=np.uint64)
    empty = np.zeros(0, dtype=np.uint8)
    whole = nat.equity_enum(2, reps, mult, None, empty, empty, 0, 1)[1]
    parts = np.zeros_like(whole)
    for p in range(5):
        parts += nat.equity_enum(2, reps, mult, None, empty, empty, p, 5)[1]
    assert np.array_equal(parts, whole)


def test_progress_reaches_one() -> None:
    seen: list[float] = []
    equity(["AA", "KK", "QQ"], method="exact", progress=seen.append)
    assert seen and seen[-1] == 1.0
    assert seen == sorted(seen)


def test_auto_picks_exact_when_cheap_and_monte_carlo_when_not() -> None:
    assert equity(["AhAs", "KdKc"]).exact
    big = equity(["random", "random", "random"], trials=20_000, seed=1)
    assert not big.exact and big.games == 20_000


def test_omaha_exact_needs_exact_hands() -> None:
    with pytest.raises(EquityArgumentError, match="exact Omaha"):
        equity(["AsKsQhJh", "random"], board="2c3d4h", method="exact", variant="omaha")


# ---------------------------------------------------------------- rejections


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        ({"players": ["AhAs"]}, ShapeError, "2..10 entries, got 1"),
        ({"players": ["random"] * 11}, ShapeError, "2..10 entries, got 11"),
        ({"players": "AhAs KdKc"}, ShapeError, "must be a list"),
        ({"players": ["AhAs", "AhKd"]}, DuplicateCardError, "'Ah' is in both player 0"),
        ({"players": ["AhAs", "KdKc"], "board": "Ah2c3c"}, DuplicateCardError, "'Ah'"),
        ({"players": ["AhAs", "KdKc"], "board": "2c3c4c5c6c7c"}, ShapeError, "at most 5"),
        ({"players": ["AhAs", "KdKc"], "board": "2c2c3c"}, DuplicateCardError, "twice"),
        ({"players": ["AhAs", "KdKc"], "dead": "Zz"}, InvalidCardError, "not a card"),
        ({"players": ["AhAsKd", "KdKc"]}, RangeSyntaxError, "'AhAsKd'"),
        ({"players": [[50, 51, 46], "KdKc"]}, ShapeError, "player 0 must hold 2 cards"),
        ({"players": ["AhAs", "AKx"]}, RangeSyntaxError, "'AKx'"),
        ({"players": ["AhAs", "AA"], "dead": "AcAd"}, NoValidDealError, "no combo left"),
        ({"players": ["AhAs", "KdKc"], "method": "fast"}, EquityArgumentError, "method"),
        ({"players": ["AhAs", "KdKc"], "variant": "stud"}, EquityArgumentError, "variant"),
        ({"players": ["AhAs", "KdKc"], "trials": 0}, EquityArgumentError, "trials"),
        ({"players": ["AhAs", "KdKc"], "threads": 0}, CountArgumentError,
         "threads must be an int from 1 to 256, got 0"),
        ({"players": ["AhAs", "KdKc"], "threads": 100_000}, CountArgumentError,
         "threads must be an int from 1 to 256, got 100000"),
        ({"players": ["AhAs", "KdKc"], "threads": 2.0}, CountArgumentError,
         "threads must be an int from 1 to 256, got 2.0"),
        ({"players": ["AhAs", "KdKc"], "seed": -1}, EquityArgumentError, "seed"),
        ({"players": ["AhAs", "KdKc"], "target_stderr": 2.0}, EquityArgumentError, "stderr"),
        ({"players": ["AhAs", "KdKc"], "method": "exact", "trials": 10}, EquityArgumentError,
         "Monte Carlo only"),
        ({"players": ["AsKsQhJh", "AA"], "variant": "omaha"}, InvalidCardError, "not a card"),
        ({"players": ["AsKsQhJh", Range("AA")], "variant": "omaha"}, EquityArgumentError,
         "Omaha players"),
        ({"players": ["AsKsQhJh", "2c3c4c5c6c"], "variant": "omaha"}, ShapeError,
         "same number"),
        ({"players": ["AsKs", "AsKs, QQ"], "dead": "QcQdQh"}, NoValidDealError, "no combo"),
    ],
)
def test_rejections(kwargs: dict[str, object], exc: type[Exception], match: str) -> None:
    players = kwargs.pop("players")
    with pytest.raises(exc, match=match):
        equity(players, **kwargs)  # type: ignore[arg-type]


def test_omaha_players_are_checked_in_order() -> None:
    with pytest.raises(EquityArgumentError) as info:
        equity(["AsKsQhJh", Range("AA")], variant="omaha")
    assert str(info.value) == "player 1: Omaha players are exact hands or 'random', got Range('AA')"
    with pytest.raises(InvalidCardError, match="'Zz'"):  # player 0 is read first
        equity(["AsKsQhZz", Range("AA")], variant="omaha")


def test_no_deal_at_all() -> None:
    with pytest.raises(NoValidDealError):
        equity(["AsKs, AhKh", "AsKs, AhKh", "AsKs, AhKh"], method="exact")


# ---------------------------------------------------------------- weights are relative


def test_tiny_weights_do_not_underflow() -> None:
    plain = equity(["KK", "QQ"], method="exact")
    tiny = equity(["KK:1e-300", "QQ:1e-300"], method="exact")
    assert tiny.equity == plain.equity and all(0 < e < 1 for e in tiny.equity)
    mc = equity(["KK:1e-300", "QQ:1e-300"], method="monte_carlo", trials=20_000, seed=1)
    mc_plain = equity(["KK", "QQ"], method="monte_carlo", trials=20_000, seed=1)
    assert mc.equity == mc_plain.equity and mc.wins_by_mask == mc_plain.wins_by_mask
    # relative within a player's range: 1e-300 next to 1 is (almost) nothing
    mixed = equity(["KK:1e-300, AA", "QQ"], method="exact")
    assert mixed.equity == pytest.approx(equity(["AA", "QQ"], method="exact").equity, abs=1e-12)


def test_weights_scale_free() -> None:
    a = equity(["AKs:0.5, QQ:0.25", "JJ+"], method="exact")
    b = equity(["AKs, QQ:0.5", "JJ+"], method="exact")
    assert a.equity == pytest.approx(b.equity, abs=1e-12)


def test_every_deal_underflowing_is_a_clear_error() -> None:
    with pytest.raises(NoValidDealError, match="every possible deal has weight 0: the product of the "
                                               "players' weights underflows"):
        equity(["AhAs, KK:1e-200", "AhAs, QQ:1e-200", "AhAs, JJ:1e-200"], method="exact")


def test_json_never_has_nan(capsys: pytest.CaptureFixture[str]) -> None:
    from holdem_eval.cli import main

    assert main(["equity", "KK:1e-300", "QQ:1e-300", "--json", "-q"]) == 0
    out = capsys.readouterr().out
    assert "NaN" not in out and "nan" not in out.lower().replace("categories", "")


# ---------------------------------------------------------------- to_dict / to_pandas


def test_to_dict_is_json_ready() -> None:
    import json

    r = equity(["AsAc", "7d8d"], method="exact")
    d = r.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["method"] == "exact" and d["exact"] is True and d["seed"] is None
    assert d["games"] == r.games and d["wins_by_mask"] == {"1": 1315602, "2": 391672, "3": 5030}
    assert [p["equity"] for p in d["players"]] == list(r.equity)
    assert d["players"][1]["categories"]["flush"] == r.categories[1][HandCategory.FLUSH]


def test_to_pandas() -> None:
    r = equity(["AKs", "QQ", "random"], method="monte_carlo", trials=10_000, seed=2)
    df = r.to_pandas()
    assert df["player"].tolist() == ["AKs", "QQ", "random"]
    assert df["equity"].tolist() == list(r.equity) and df["stderr"].tolist() == list(r.stderr)
    assert df["high_card"].tolist() == [r.categories[i][HandCategory.HIGH_CARD] for i in range(3)]
    assert len(df.columns) == 6 + 9


def test_to_pandas_without_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from holdem_eval.bulk import MissingDependencyError

    monkeypatch.setitem(sys.modules, "pandas", None)  # as if pandas were not installed
    r = equity(["AA", "KK"], method="exact")
    with pytest.raises(MissingDependencyError,
                       match=r"pandas is needed for this and is not installed: "
                             r"pip install 'holdem-eval\[pandas\]'"):
        r.to_pandas()


# ---------------------------------------------------------------- issue 30


def test_exact_refuses_too_many_deals_before_enumerating(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three random players ran ~36 s (not interruptible) only to be refused: now refused
    up front, without calling the kernel that counts the deals."""
    import sys

    eq = sys.modules["holdem_eval.equity.compute"]

    def never(*args: object) -> None:
        raise AssertionError("the deals were counted")

    monkeypatch.setattr(eq.nat, "equity_classes", never)
    message = "exact equity: more than 4,194,304 distinct deals to enumerate; use method='monte_carlo'"
    for players in (["random"] * 3, ["random", "AA", "random", "random"], ["random"] * 5):
        with pytest.raises(EquityArgumentError) as info:
            equity(players, method="exact")
        assert str(info.value) == message


def test_trials_are_bounded() -> None:
    for bad in (2**64, 1_000_000_001, 0, -5, 2.5, True):
        with pytest.raises(EquityArgumentError) as info:
            equity(["AA", "KK"], method="monte_carlo", trials=bad)  # type: ignore[arg-type]
        assert str(info.value) == f"trials must be an int from 1 to 1,000,000,000, got {bad!r}"
    r = equity(["AA", "KK"], method="monte_carlo", trials=np.int64(1000), seed=np.uint64(3))
    assert r.games == 1000 and r.seed == 3 and type(r.seed) is int


@pytest.mark.parametrize("seed", [-1, 2**64, 2**70, 1.0, "5", True, np.int64(-1)])
def test_equity_seed_rule(seed: object) -> None:
    with pytest.raises(EquityArgumentError) as info:
        equity(["AA", "KK"], method="monte_carlo", trials=100, seed=seed)  # type: ignore[arg-type]
    assert str(info.value) == f"seed must be an int in 0 .. 2**64 - 1, got {seed!r}"


def test_seed_numpy_ints_are_ints() -> None:
    a = equity(["AA", "KK"], method="monte_carlo", trials=1000, seed=np.uint64(2**64 - 1))
    b = equity(["AA", "KK"], method="monte_carlo", trials=1000, seed=2**64 - 1)
    assert a.wins_by_mask == b.wins_by_mask


def test_progress_that_is_not_callable_is_refused_before_the_run() -> None:
    with pytest.raises(EquityArgumentError) as info:
        equity(["AA", "KK"], progress=5)  # type: ignore[arg-type]
    assert str(info.value) == "progress must be a callable taking the fraction done, or None, got 5"


@pytest.mark.parametrize(
    "players", [["AhKh", "random"], ["2s2h", "random"], ["AK", "random"], ["AhKh", "QsQd", "random"]]
)
def test_auto_enumerates_what_exact_does_in_well_under_a_second(players: list[str]) -> None:
    """Issue 30: these took 0.15-0.56 s exact, yet "auto" ran Monte Carlo."""
    assert equity(players).exact
