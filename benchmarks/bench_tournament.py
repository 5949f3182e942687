"""Tournament speed: a whole simulated multi-table tournament of random bots.

Run as a script for the figures (CPU time of one core; target <= 60 s for 1,000 players):
    .venv/bin/python benchmarks/bench_tournament.py [--players 1000] [--seed 1]
or as a pytest-benchmark suite (a 100-player tournament):
    .venv/bin/pytest benchmarks/bench_tournament.py --benchmark-enable --benchmark-only

Every table uses ``seed=`` decks (the reproducible simulation deal); the bots pick a random
legal action from each ``TableView`` (all in on 5% of their bets and raises; ``--all-in``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from holdem_eval.engine import ActionKind, Level, TableView, Tournament

LEVELS = [Level(10, 20, duration=10), Level(15, 30, duration=10), Level(25, 50, ante=5, duration=10),
          Level(50, 100, ante=10, duration=10), Level(75, 150, ante=15, duration=10),
          Level(100, 200, ante=25, duration=10), Level(150, 300, ante=40, duration=10),
          Level(200, 400, ante=50, duration=10), Level(300, 600, ante=75, duration=10),
          Level(400, 800, big_blind_ante=800, duration=10),
          Level(600, 1200, big_blind_ante=1200, duration=10),
          Level(1000, 2000, big_blind_ante=2000, duration=10), Level(1500, 3000, big_blind_ante=3000)]


def random_bot(seed: int, all_in: float = 0.05) -> tuple[Callable[[TableView], Any], list[int]]:
    rng = random.Random(seed)
    decisions = [0]

    def decide(view: TableView) -> Any:
        decisions[0] += 1
        option = rng.choice(view.legal)
        if option.kind in (ActionKind.BET, ActionKind.RAISE) and rng.random() < all_in:
            return (option.kind, option.max_amount)
        return option

    return decide, decisions


def tournament(players: int, seed: int) -> Tournament:
    paid = max(1, players // 10)
    weights = [1.0 / (k + 1) for k in range(paid)]
    pct = [100 * w / sum(weights) for w in weights]
    pct[0] += 100 - sum(pct)
    t = Tournament(LEVELS, 1500, table_size=9, percentages=pct, buy_in=100, seed=seed, max_history=1,
                   tournament_id="bench")
    for k in range(players):
        t.register(f"bot{k}")
    t.start()
    return t


def run(players: int, seed: int, all_in: float = 0.05) -> dict[str, float]:
    t = tournament(players, seed)
    decide, decisions = random_bot(seed, all_in)
    cpu, wall = time.process_time(), time.perf_counter()
    hands = t.play(decide)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    assert t.finished and t.chips_in_play() == 1500 * players
    rows = t.standings()
    assert sum(s.prize for s in rows) == t.prize_pool
    kinds: dict[str, int] = {}
    for e in t.events_since(0):
        kinds[e.kind] = kinds.get(e.kind, 0) + 1
    return {"players": players, "hands": hands, "decisions": decisions[0], "cpu": cpu, "wall": wall,
            "moves": kinds.get("move", 0), "breaks": kinds.get("table_break", 0),
            "hfh": kinds.get("hand_for_hand", 0), "levels": kinds.get("level", 0)}


def test_tournament_100_players(benchmark: Any) -> None:
    out = benchmark.pedantic(run, args=(100, 1), rounds=3, iterations=1)
    benchmark.extra_info.update(out)
    benchmark.extra_info["hands_per_s"] = out["hands"] / out["cpu"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--all-in", type=float, default=0.05, help="share of bets and raises made all in")
    args = ap.parse_args()
    r = run(args.players, args.seed, args.all_in)
    print(f"{r['players']:,} players, {-(-r['players'] // 9)} tables of 9, to the end: "
          f"{r['hands']:,} hands, {r['decisions']:,} decisions, {r['moves']:,} moves, "
          f"{r['breaks']:,} tables broken, {r['hfh']} hand-for-hand rounds, {r['levels']} levels")
    print(f"CPU {r['cpu']:.2f} s (one core; target <= 60 s), wall {r['wall']:.2f} s; "
          f"{r['hands'] / r['cpu']:,.0f} hands/s, {r['decisions'] / r['cpu']:,.0f} decisions/s")


if __name__ == "__main__":
    main()
