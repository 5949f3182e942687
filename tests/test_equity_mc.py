"""Monte Carlo equity: agreement with exact counts, repeatability, unbiased range sampling,
stopping rules, progress and interruption."""

from __future__ import annotations

import numpy as np
import pytest

from holdem_eval import EquityResult, equity

TRIALS = 200_000


# 4 standard errors: about 20 seeded comparisons run here, and the per-player stderr of a
# multi-way pot with splits is itself an estimate (over 40 seeds of the 3-way case below the
# z-scores had mean ~0 and spread ~1.1), so 3 would fail by chance now and then.
def assert_close(mc: EquityResult, exact: EquityResult, k: float = 4.0) -> None:
    assert not mc.exact and exact.exact
    for i in range(len(mc.players)):
        se = mc.stderr[i]
        assert se > 0
        assert abs(mc.equity[i] - exact.equity[i]) <= k * se, (i, mc.equity, exact.equity, se)


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AA", "KK"], ""),
        (["AsAc", "7d8d"], ""),
        (["QQ", "87s"], ""),
        (["2s2h", "random"], ""),
        (["AhAs", "KdKc", "QcQd"], "2h3h4d"),
        (["AKs:0.3, TT", "QQ+, 76s"], "8s9s2c"),
    ],
)
def test_monte_carlo_within_3_stderr_of_exact(players: list[str], board: str) -> None:
    exact = equity(players, board=board, method="exact")
    mc = equity(players, board=board, method="monte_carlo", trials=TRIALS, seed=12345)
    assert mc.games == TRIALS
    assert_close(mc, exact)


def test_range_sampling_is_not_biased_by_conflicts() -> None:
    # P0's AsAh conflicts with much of P1's range, AcAd with none of it; sampling combos
    # one after another (or redrawing only the conflicting player) would over-weight AcAd.
    players = ["AsAh, KcKd", "AsKs, AhKh, AsQs, AhQh, 7c7d"]
    exact = equity(players, method="exact")
    mc = equity(players, method="monte_carlo", trials=400_000, seed=7)
    assert_close(mc, exact)


# Ranges whose combo counts multiply past 1,024 are not listed as tuples: the second range
# is drawn per trial and its cards are rejected from the deck (heads-up fast loop, weighted
# and multiway general loop). Below that, the tuples are listed (AKs vs QQ above).
@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["TT+, AQ+", "99+, AJ+"], ""),
        (["TT+, AQ+:0.4", "99+, AJ+"], "7c8d9h"),
        (["JJ+, AK", "TT+, AQ+, KQs", "AhKd"], ""),
        (["QQ+, AK", "KhKd", "random"], "Qh7h2c5d"),
        (["JJ, AK:0.5", "random", "9s9c"], "Qh7h2c"),
    ],
)
def test_large_ranges_and_random_players_match_exact(players: list[str], board: str) -> None:
    exact = equity(players, board=board, method="exact")
    mc = equity(players, board=board, method="monte_carlo", trials=TRIALS, seed=2024)
    assert_close(mc, exact)


def test_seeded_runs_repeat_exactly() -> None:
    a = equity(["AKs", "QQ, JJ"], method="monte_carlo", trials=50_000, seed=99)
    b = equity(["AKs", "QQ, JJ"], method="monte_carlo", trials=50_000, seed=99)
    c = equity(["AKs", "QQ, JJ"], method="monte_carlo", trials=50_000, seed=100)
    assert a == b
    assert a.wins_by_mask != c.wins_by_mask
    assert a.seed == 99


def test_seeded_runs_repeat_with_threads() -> None:
    kw = {"method": "monte_carlo", "trials": 300_000, "seed": 5, "threads": 2}
    a = equity(["AhAs", "random", "random"], **kw)  # type: ignore[arg-type]
    b = equity(["AhAs", "random", "random"], **kw)  # type: ignore[arg-type]
    assert a == b and a.games == 300_000


@pytest.mark.parametrize("kw", [{"trials": 70_001}, {"target_stderr": 0.004}])
def test_seeded_result_does_not_depend_on_threads(kw: dict[str, object]) -> None:
    runs = [equity(["AKs", "QQ, JJ:0.5", "random"], method="monte_carlo", seed=21, threads=t,
                   **kw)  # type: ignore[arg-type]
            for t in (1, 2, 3, 16)]
    assert all(r == runs[0] for r in runs[1:])
    assert runs[0].wins_by_mask != equity(["AKs", "QQ, JJ:0.5", "random"], method="monte_carlo",
                                          seed=22, **kw).wins_by_mask  # type: ignore[arg-type]


def test_unseeded_run_reports_its_seed() -> None:
    a = equity(["AhAs", "KdKc"], method="monte_carlo", trials=10_000)
    assert a.seed is not None
    b = equity(["AhAs", "KdKc"], method="monte_carlo", trials=10_000, seed=a.seed)
    assert a == b


def test_target_stderr_stops_early() -> None:
    r = equity(["AhAs", "KdKc"], method="monte_carlo", target_stderr=0.002, seed=1)
    assert max(r.stderr) < 0.002
    assert r.games < 1_000_000


def test_counts_are_consistent() -> None:
    r = equity(["random"] * 10, method="monte_carlo", trials=50_000, seed=3)
    assert sum(r.wins_by_mask) == r.games == 50_000
    assert sum(r.equity) == pytest.approx(1.0)
    for cats in r.categories:
        assert sum(cats.values()) == r.games
    assert all(e == pytest.approx(w + t) for e, w, t in zip(r.equity, r.win, r.tie_equity))


def test_weighted_range_monte_carlo_matches_exact() -> None:
    players = ["AA:0.2, 72o", "KK"]
    exact = equity(players, board="Kc7h2d", method="exact")
    mc = equity(players, board="Kc7h2d", method="monte_carlo", trials=TRIALS, seed=11)
    assert_close(mc, exact)


def test_omaha_monte_carlo_matches_exact() -> None:
    players = ["AsKsQhJh", "TdTc9s8s"]
    exact = equity(players, board="2s3s4h", method="exact", variant="omaha")
    mc = equity(players, board="2s3s4h", method="monte_carlo", variant="omaha",
                trials=TRIALS, seed=2)
    assert_close(mc, exact)


def test_omaha_random_players_run() -> None:
    r = equity(["AhAsKhKs", "random", "random"], variant="omaha", trials=20_000, seed=4)
    assert not r.exact and r.games == 20_000
    assert 0.3 < r.equity[0] < 0.7


def test_omaha_preflop_known_hands_auto_is_exact() -> None:
    # Heads-up Omaha preflop (1,086,008 boards) enumerates in well under a second.
    exact = equity(["AhAsKhKs", "QdJdTd9d"], variant="omaha")
    assert exact.exact and exact.games == 1_086_008
    mc = equity(["AhAsKhKs", "QdJdTd9d"], variant="omaha", method="monte_carlo",
                trials=TRIALS, seed=4)
    assert_close(mc, exact)


def test_progress_is_monotone_and_ends_at_one() -> None:
    seen: list[float] = []
    equity(["AhAs", "KdKc"], method="monte_carlo", trials=600_000, seed=1,
           progress=seen.append)
    assert len(seen) >= 3 and seen[-1] == 1.0
    assert seen == sorted(seen)


def test_interrupt_between_chunks_stops_the_run() -> None:
    calls: list[float] = []

    def interrupt(frac: float) -> None:
        calls.append(frac)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        equity(["AhAs", "KdKc"], method="monte_carlo", trials=10_000_000, seed=1,
               progress=interrupt)
    assert len(calls) == 1 and calls[0] < 0.1


def test_random_player_equals_random_range() -> None:
    # 'random' is dealt from the deck; it must agree with the 1326-combo range.
    exact = equity(["AhKh", "random"], board="Qh7h2c", method="exact")
    mc = equity(["AhKh", "random"], board="Qh7h2c", method="monte_carlo", trials=TRIALS,
                seed=8)
    assert_close(mc, exact)
    assert np.isclose(sum(mc.equity), 1.0)


@pytest.mark.parametrize(("players", "wins_by_mask"), [
    (["AKs", "QQ", "JJ"], [0, 7806, 8686, 0, 3438, 0, 0, 70]),
    (["random", "QQ", "AKs"], [0, 2724, 9079, 27, 8029, 74, 0, 67]),
    (["AKs", "random", "QQ"], [0, 8065, 2691, 84, 9072, 0, 26, 62]),
    (["AKs", "QQ", "random"], [0, 8065, 9072, 0, 2691, 84, 26, 62]),
])
def test_three_players_preflop_deal_as_the_general_loop(players: list[str],
                                                        wins_by_mask: list[int]) -> None:
    # Three players preflop have a trial loop of their own (csrc/equity_mc_tuples.c, one
    # per seat of the random player); these counts are what the general loop dealt for the
    # same seed before it existed: the shape of the loop never changes a result.
    r = equity(players, method="monte_carlo", trials=20_000, seed=5)
    assert list(r.wins_by_mask) == wins_by_mask
