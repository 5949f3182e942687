"""pytest-benchmark suite for the engine (Hand, PHH replay, clone) and PokerKit on the same tasks.

Run:  .venv/bin/python -m pytest benchmarks/bench_engine.py --benchmark-enable --benchmark-only
The side-by-side ratios come from ``benchmarks/compare_engine.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from compare_engine import (
    PLURIBUS,
    ours_random_hands,
    pokerkit_parse,
    pokerkit_play,
    pokerkit_random_hands,
)
from holdem_eval.engine import GameConfig, Hand, load_phh, replay_phh

OURS_HANDS = 500
PK_HANDS = 10


@pytest.fixture(scope="module")
def pluribus() -> list[Any]:
    files = sorted(PLURIBUS.glob("*.phh"))
    assert len(files) == 247, f"Pluribus files missing in {PLURIBUS}"
    return [h for f in files for h in load_phh(f)]


def test_random_6max_hands_ours(benchmark: Any) -> None:
    benchmark(ours_random_hands, OURS_HANDS, 1)
    benchmark.extra_info["hands_per_s"] = OURS_HANDS / benchmark.stats.stats.median


def test_random_6max_hands_pokerkit(benchmark: Any) -> None:
    benchmark.pedantic(pokerkit_random_hands, args=(PK_HANDS, 1), rounds=5, iterations=1)
    benchmark.extra_info["hands_per_s"] = PK_HANDS / benchmark.stats.stats.median


def test_replay_pluribus_ours(benchmark: Any, pluribus: list[Any]) -> None:
    def run() -> None:
        for h in pluribus:
            replay_phh(h)

    benchmark(run)
    benchmark.extra_info["hands_per_s"] = len(pluribus) / benchmark.stats.stats.median


def test_replay_pluribus_pokerkit(benchmark: Any) -> None:
    files = sorted(PLURIBUS.glob("*.phh"))
    parsed = pokerkit_parse(f.read_text() for f in files)

    def run() -> None:
        pokerkit_play(parsed)

    benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info["hands_per_s"] = len(parsed) / benchmark.stats.stats.median


def test_clone_mid_hand(benchmark: Any) -> None:
    h = Hand(GameConfig(big_blind=2), [200] * 6, button=0, seed=9)
    h.raise_to(6)
    h.call()
    benchmark(h.clone)


def test_new_hand_seeded_deal(benchmark: Any) -> None:
    cfg = GameConfig(big_blind=2)
    benchmark(Hand, cfg, [200] * 6, button=0, seed=9)


def test_player_view_mid_hand(benchmark: Any) -> None:
    # what an RL environment builds for the agent at every decision
    h = Hand(GameConfig(big_blind=2), [200] * 6, button=0, seed=9)
    h.raise_to(6)
    h.call()
    benchmark(h.view, h.actor)
