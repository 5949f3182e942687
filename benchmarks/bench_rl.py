"""pytest-benchmark suite for the engine's faces for learning agents: HandBatch steps (6
players, random legal play, with and without observations, 1 and 2 threads, 1,024 and
8,192 hands) and the Hand loop of engine.discrete.

Run:  .venv/bin/pytest benchmarks/bench_rl.py --benchmark-enable --benchmark-only
The side-by-side figures with OpenSpiel, RLCard and PettingZoo come from
``benchmarks/compare_rl.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from holdem_eval.engine import GameConfig, HandBatch
from holdem_eval.engine.discrete import ActionSet, discrete_action, legal_indices, observe

HANDS = 1024  # hands in the batch (and 8 times as many, where two threads pay off)
STEPS = 20  # steps per benchmark round


@pytest.mark.parametrize(
    ("threads", "observed", "hands"),
    [(1, False, HANDS), (1, True, HANDS), (2, True, HANDS), (1, True, 8 * HANDS), (2, True, 8 * HANDS)],
)
def test_hand_batch_steps(benchmark: Any, threads: int, observed: bool, hands: int) -> None:
    batch = HandBatch(GameConfig(big_blind=2), hands, 6, stacks=200, seed=1, threads=threads)
    out = batch.observe() if observed else None
    counter = iter(range(1 << 62))

    def run() -> int:
        acted = 0
        for _ in range(STEPS):
            acted += int(batch.step(batch.sample_legal(next(counter)), out=out).acted.sum())
        return acted

    decisions = benchmark(run)
    benchmark.extra_info["decisions_per_s"] = decisions / benchmark.stats.stats.median


def test_hand_loop_with_observation_tensor(benchmark: Any) -> None:
    from holdem_eval.engine import Hand

    cfg, actions, rng = GameConfig(big_blind=2), ActionSet(), random.Random(1)

    def run() -> int:
        decisions = 0
        for k in range(50):
            h = Hand(cfg, [200] * 6, button=k % 6, seed=k)
            while h.payouts is None:
                observe(h, h.actor)
                legal = legal_indices(h, actions)
                h.act(discrete_action(h, legal[int(rng.random() * len(legal))], actions))
                decisions += 1
        return decisions

    decisions = benchmark(run)
    benchmark.extra_info["decisions_per_s"] = decisions / benchmark.stats.stats.median
