"""pytest-benchmark suite for settlement: ``pytest benchmarks/bench_settle.py --benchmark-enable
--benchmark-only``. Rates (hands per second, from the median round) are in ``extra_info``;
the side-by-side ratios against PokerKit are printed by ``benchmarks/compare_settle.py``.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from holdem_eval.engine import Rules, settle, settle_batch
from settle_cases import batch_arrays, pokerkit_river_state, showdown_cases

# the readable Python settlement, kept as the tests' oracle, timed for comparison
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))
from settle_reference import settle_reference as _settle_python

CASES = 200


def _rate(benchmark: Any, hands: int) -> None:
    benchmark.extra_info["hands"] = hands
    benchmark.extra_info["hands_per_s"] = hands / benchmark.stats.stats.median


@pytest.fixture(scope="module")
def cases() -> list[Any]:
    return showdown_cases(CASES)


def _per_case(benchmark: Any, cases: list[Any], settle_one: Callable[[Any], object]) -> None:
    """Times ``settle_one`` over every case, and reports hands/s."""

    def run() -> None:
        for c in cases:
            settle_one(c)

    benchmark(run)
    _rate(benchmark, len(cases))


def test_settle_six_seats_two_side_pots_text(benchmark: Any, cases: list[Any]) -> None:
    _per_case(benchmark, cases, lambda c: settle(c.contributions, c.holes, c.board, folded=c.folded,
                                                 button=c.button))


def test_settle_six_seats_two_side_pots_ids(benchmark: Any, cases: list[Any]) -> None:
    _per_case(benchmark, cases, lambda c: settle(c.contributions, c.hole_ids, c.board_ids,
                                                 folded=c.folded, button=c.button))


def test_settle_with_rake_and_explanations(benchmark: Any, cases: list[Any]) -> None:
    rules = Rules(rake_percent=5, rake_cap=6, no_flop_no_drop=True)
    # .pots: materialise the pot records too
    _per_case(benchmark, cases, lambda c: settle(c.contributions, c.holes, c.board, folded=c.folded,
                                                 button=c.button, rules=rules).pots)


def test_settle_pure_python_path(benchmark: Any, cases: list[Any]) -> None:
    _per_case(benchmark, cases, lambda c: _settle_python(c.contributions, c.holes, c.board,
                                                         folded=c.folded, button=c.button))


@pytest.mark.parametrize("threads", [1, 2])
def test_settle_batch_million_six_seat_hands(benchmark: Any, threads: int) -> None:
    arrays = batch_arrays(1_000_000)
    benchmark(lambda: settle_batch(**arrays, threads=threads))
    _rate(benchmark, len(arrays["boards"]))


def test_pokerkit_settlement_same_shape(benchmark: Any) -> None:
    """PokerKit 0.7.7: the last call of a 6-way river all-in (showdown, kill, push)."""
    seeds = itertools.count()

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        state, _ = pokerkit_river_state(next(seeds))
        return (state,), {}

    def finish(state: Any) -> None:
        if state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
        else:
            state.check_or_call()

    benchmark.pedantic(finish, setup=setup, rounds=30)
    _rate(benchmark, 1)
