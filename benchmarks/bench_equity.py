"""pytest-benchmark suite for holdem_eval.equity, with OMPEval (pokerfast) on the same spots.

Run: .venv/bin/python -m pytest benchmarks/bench_equity.py --benchmark-enable --benchmark-only
For ratios in one table: .venv/bin/python benchmarks/compare_equity.py
"""

from __future__ import annotations

from typing import Any

import pytest

from holdem_eval import equity

pe: Any
try:
    from pokerfast import equity as _pe  # type: ignore[import-untyped]  # no stubs upstream

    pe = _pe
except ImportError:  # pragma: no cover - the peer is a test extra
    pe = None

EXACT = {
    "AhAs-KdKc": (["AhAs", "KdKc"], 1_712_304),
    "AKs-QQ": (["AKs", "QQ"], 24 * 1_712_304),
    "AA-KK-QQ": (["AA", "KK", "QQ"], 216 * 1_370_754),
}


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("spot", list(EXACT))
def test_exact_ours(benchmark: Any, spot: str, threads: int) -> None:
    players, games = EXACT[spot]
    r = benchmark(equity, players, method="exact", threads=threads)
    assert r.games == games
    benchmark.extra_info["boards_per_s"] = games / benchmark.stats.stats.median


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("spot", list(EXACT))
def test_exact_ompeval(benchmark: Any, spot: str, threads: int) -> None:
    if pe is None or not pe.available():
        pytest.skip("pokerfast's OMPEval library is not installed")
    players, games = EXACT[spot]
    benchmark(pe.equity, players, exact=True, threads=threads)
    benchmark.extra_info["boards_per_s"] = games / benchmark.stats.stats.median


@pytest.mark.parametrize("threads", [1, 2])
def test_monte_carlo_ours(benchmark: Any, threads: int) -> None:
    r = benchmark(equity, ["AhAs", "KdKc"], method="monte_carlo", trials=1_000_000, seed=1,
                  threads=threads)
    assert r.games == 1_000_000
    benchmark.extra_info["trials_per_s"] = 1e6 / benchmark.stats.stats.median


# Heads-up Monte Carlo spots by loop: listed tuples (ranges, a range or a hand vs random),
# weighted ranges (alias draws), and ranges too large to list (one drawn per trial).
MC_HEADS_UP = {
    "AKs-QQ": ["AKs", "QQ"],
    "TT+,AKs-QQ+": ["TT+, AKs", "QQ+"],
    "AKs-random": ["AKs", "random"],
    "AhKh-random": ["AhKh", "random"],
    "weighted": ["TT+, AKs:0.5", "QQ+, AQs:0.7"],
    "TT+,AQ+-99+,AJ+": ["TT+, AQ+", "99+, AJ+"],
}


@pytest.mark.parametrize("spot", list(MC_HEADS_UP))
def test_monte_carlo_heads_up_ranges(benchmark: Any, spot: str) -> None:
    r = benchmark(equity, MC_HEADS_UP[spot], method="monte_carlo", trials=1_000_000, seed=1)
    assert r.games == 1_000_000
    benchmark.extra_info["trials_per_s"] = 1e6 / benchmark.stats.stats.median


def test_monte_carlo_multiway_ranges(benchmark: Any) -> None:
    r = benchmark(equity, ["QQ+, AKs", "random", "random", "random", "random", "random"],
                  method="monte_carlo", trials=200_000, seed=1)
    benchmark.extra_info["trials_per_s"] = r.games / benchmark.stats.stats.median


def test_exact_vs_random(benchmark: Any) -> None:
    r = benchmark.pedantic(equity, args=(["2s2h", "random"],), kwargs={"method": "exact"},
                           rounds=3)
    assert r.games == 1225 * 1_712_304


def test_omaha_exact_preflop(benchmark: Any) -> None:
    r = benchmark.pedantic(equity, args=(["AhAsKhKs", "QdJdTd9d"],),
                           kwargs={"variant": "omaha", "method": "exact"}, rounds=3)
    assert r.games == 1_086_008
