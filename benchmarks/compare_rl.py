"""Environments for learning agents side by side: decisions/s and hands/s, one run.

Task: random legal play of no-limit Hold'em (blinds 1/2, 200-chip stacks; RLCard and
PettingZoo: their 100-chip default where it cannot be set) with 2 and 6 players. Every
environment uses its own discrete action set of the same shape — fold, check/call, a few
pot-fraction raises, all-in — and picks uniformly among the legal actions:

* OpenSpiel ``universal_poker`` (C++ behind pybind11), ``bettingAbstraction=fcpa``
  (fold, call, pot, all-in); chance nodes (dealing) are sampled in Python. Observation:
  ``observation_tensor()`` or ``information_state_tensor()`` of the player to act.
* RLCard ``no-limit-holdem`` (fold, check/call, half pot, pot, all-in). Without
  observations: its game object (``game.step``); with: the env (``env.step`` builds the
  state dictionary and its 54-value vector).
* PettingZoo ``texas_holdem_no_limit_v6`` (RLCard inside, AEC loop): always observes.
* ours, ``Hand``: one Python call per decision (``legal_indices``, ``discrete_action``,
  ``Hand.act``) with the same five actions as RLCard; observation either ``Hand.view()``
  (the engine's own view) or the float32 tensor of ``engine.discrete.observe``.
* ours, ``HandBatch``: ``--batch-size`` hands stepped per call in C; random legal
  actions drawn in C (``sample_legal``); with observations, ``step(out=...)`` writes the
  float32 observation of every next seat to act. Two threads: one call split in two.
  Beside it, the same 1-thread job run in this process and in a second one at the same
  moment: what the two cores give two jobs that share nothing, right now (on a shared
  host the second core is at times slowed), the ceiling of the two-thread ratio.

Each task runs for about ``--budget`` CPU seconds per round; rounds interleave every
task so machine noise hits all of them; the report gives medians and ratios. Times are
CPU time of this process (``time.process_time``; with threads it adds every thread's
time, so multi-thread figures also report wall time). A peer that is not installed is
reported as such and skipped. Peers: ``pip install -e ".[rl-bench]"``.

Run:  .venv/bin/python benchmarks/compare_rl.py [--rounds 5] [--budget 0.5] [--quick]
      [--batch-size 1024] [--only HandBatch]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from holdem_eval.engine import GameConfig, Hand
from holdem_eval.engine.discrete import ActionSet, discrete_action, legal_indices, observe

# play(count_of_hands, rng) -> decisions made
Player = Callable[[int, random.Random], int]


# ---- OpenSpiel -------------------------------------------------------------------------
def openspiel_player(players: int, obs: str) -> Player:
    import pyspiel

    if players == 2:  # ACPC heads-up: seat 0 big blind, seat 1 button/small blind
        blind, first = "2 1", "2 1 1 1"
    else:
        blind, first = " ".join(["1", "2"] + ["0"] * (players - 2)), "3 1 1 1"
    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "bettingAbstraction": "fcpa",
            "numPlayers": players,
            "numRounds": 4,
            "numBoardCards": "0 3 1 1",
            "numHoleCards": 2,
            "numSuits": 4,
            "numRanks": 13,
            "blind": blind,
            "firstPlayer": first,
            "stack": " ".join(["200"] * players),
        },
    )

    def play(count: int, rng: random.Random) -> int:
        rnd = rng.random
        decisions = 0
        for _ in range(count):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outs = s.chance_outcomes()
                    s.apply_action(outs[int(rnd() * len(outs))][0])
                    continue
                if obs == "observation":
                    s.observation_tensor()
                elif obs == "infostate":
                    s.information_state_tensor()
                legal = s.legal_actions()
                s.apply_action(legal[int(rnd() * len(legal))])
                decisions += 1
        return decisions

    return play


# ---- RLCard ----------------------------------------------------------------------------
def rlcard_player(players: int, obs: bool) -> Player:
    import rlcard

    env = rlcard.make(
        "no-limit-holdem", config={"game_num_players": players, "seed": 0, "chips_for_each": 200}
    )
    game = env.game

    def play_env(count: int, rng: random.Random) -> int:
        rnd = rng.random
        decisions = 0
        for _ in range(count):
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[int(rnd() * len(legal))])
                decisions += 1
        return decisions

    def play_game(count: int, rng: random.Random) -> int:
        rnd = rng.random
        decisions = 0
        for _ in range(count):
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(legal[int(rnd() * len(legal))])
                decisions += 1
        return decisions

    return play_env if obs else play_game


# ---- PettingZoo ------------------------------------------------------------------------
def pettingzoo_player(players: int) -> Player:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import texas_holdem_no_limit_v6

        env = texas_holdem_no_limit_v6.env(num_players=players)
        env.reset(seed=0)

    def play(count: int, rng: random.Random) -> int:
        rnd = rng.random
        decisions = 0
        for _ in range(count):
            env.reset()
            for _agent in env.agent_iter():
                ob, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = ob["action_mask"].nonzero()[0]
                env.step(int(legal[int(rnd() * len(legal))]))
                decisions += 1
        return decisions

    return play


# ---- ours: Hand, one Python call per decision ------------------------------------------
def hand_player(players: int, obs: str) -> Player:
    cfg = GameConfig(big_blind=2)
    stacks = [200] * players
    actions = ActionSet()

    def play(count: int, rng: random.Random) -> int:
        rnd = rng.random
        decisions = 0
        base = rng.getrandbits(40)
        for k in range(count):
            h = Hand(cfg, stacks, button=k % players, seed=base + k)
            while h.payouts is None:
                if obs == "view":
                    h.view(h.actor)
                elif obs == "tensor":
                    observe(h, h.actor)
                legal = legal_indices(h, actions)
                h.act(discrete_action(h, legal[int(rnd() * len(legal))], actions))
                decisions += 1
        return decisions

    return play


# ---- ours: HandBatch -------------------------------------------------------------------
def batch_player(players: int, obs: bool, threads: int, size: int) -> Player:
    """Random legal play in a HandBatch of ``size`` hands: one ``sample_legal`` and one
    ``step`` call per round of decisions (``step(out=...)`` writes the observations of the
    next seats to act in the same pass). Plays until ``count`` hands ended."""
    from holdem_eval.engine import HandBatch

    batch = HandBatch(GameConfig(big_blind=2), size, players, stacks=200, seed=1,
                      actions=ActionSet(), threads=threads)
    out = batch.observe() if obs else None

    def play(count: int, rng: random.Random) -> int:
        decisions = ended = 0
        while ended < count:
            result = batch.step(batch.sample_legal(rng.getrandbits(62)), out=out)
            decisions += np.count_nonzero(result.acted)
            ended += np.count_nonzero(result.done)
        return decisions

    return play


# the two tasks whose wall times give the two-thread ratio
ONE_THREAD, TWO_THREADS = "HandBatch 1 thread + observe", "HandBatch 2 threads + observe"


# ---- what the two cores give two independent jobs now ----------------------------------
def _ceiling_worker(conn: Any, players: int, size: int) -> None:
    """A second process: on each ``seconds`` received, plays random legal hands with
    observations in a 1-thread HandBatch for that long (wall time) and answers the
    decisions and the seconds taken; stops on ``None``."""
    play = batch_player(players, True, 1, size)
    rng = random.Random(players)
    play(1, rng)  # warm
    while (seconds := conn.recv()) is not None:
        conn.send(_play_for(play, rng, seconds))


def _play_for(play: Player, rng: random.Random, seconds: float) -> tuple[int, float]:
    """(decisions, wall seconds) of playing one hand at a time for ``seconds``."""
    decisions, w0 = 0, time.perf_counter()
    while (spent := time.perf_counter() - w0) < seconds:
        decisions += play(1, rng)
    return decisions, spent


class HostCeiling:
    """Two 1-thread HandBatch jobs run at the same moment, one here and one in a second
    process: their summed wall rate over one job's wall rate is what the machine's two
    cores give two jobs that share nothing, right now: the most any threading could
    give. On a shared host it falls below 2 when the other core is slowed."""

    def __init__(self, players: int, size: int) -> None:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        self._conn, child = ctx.Pipe()
        self._proc = ctx.Process(target=_ceiling_worker, args=(child, players, size), daemon=True)
        self._proc.start()
        self._play = batch_player(players, True, 1, size)
        self._rng = random.Random(players + 1)

    def measure(self, seconds: float) -> tuple[float, float]:
        """(decisions/s of one job alone, summed decisions/s of two at once), wall time."""
        d, w = _play_for(self._play, self._rng, seconds)
        self._conn.send(seconds)
        d_here, w_here = _play_for(self._play, self._rng, seconds)
        d_there, w_there = self._conn.recv()
        return d / w, d_here / w_here + d_there / w_there

    def close(self) -> None:
        self._conn.send(None)
        self._proc.join(timeout=10)


# ---- the run ---------------------------------------------------------------------------
def _measure(play: Player, budget: float, seed: int) -> tuple[int, int, float, float]:
    """Play chunks of hands until ``budget`` CPU seconds passed: (decisions, hands, cpu, wall)."""
    rng = random.Random(seed)
    chunk, decisions, hands = 1, 0, 0
    c0, w0 = time.process_time(), time.perf_counter()
    while True:
        decisions += play(chunk, rng)
        hands += chunk
        spent = time.process_time() - c0
        if spent >= budget:
            return decisions, hands, spent, time.perf_counter() - w0
        chunk = min(chunk * 2, 1 << 20)


def _spread(ratios: list[float]) -> str:
    """A list of ratios as its median and range: "1.81x (1.62-1.90)"."""
    return f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=0.5, help="CPU seconds per task per round")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 6])
    parser.add_argument("--batch-size", type=int, default=1024, help="HandBatch hands")
    parser.add_argument("--quick", action="store_true", help="3 rounds of 0.2 s")
    parser.add_argument("--only", default="", metavar="TEXT",
                        help="run only the tasks whose name contains TEXT (e.g. HandBatch)")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.budget = 3, 0.2

    tasks: dict[tuple[int, str], Player] = {}
    missing: list[str] = []
    for n in args.players:
        makers: list[tuple[str, Callable[[], Player]]] = [
            ("OpenSpiel fcpa", lambda n=n: openspiel_player(n, "none")),
            ("OpenSpiel fcpa + observation_tensor", lambda n=n: openspiel_player(n, "observation")),
            ("OpenSpiel fcpa + information_state_tensor", lambda n=n: openspiel_player(n, "infostate")),
            ("RLCard game", lambda n=n: rlcard_player(n, False)),
            ("RLCard env (observes)", lambda n=n: rlcard_player(n, True)),
            ("PettingZoo texas_holdem_no_limit_v6 (observes)", lambda n=n: pettingzoo_player(n)),
            ("Hand loop", lambda n=n: hand_player(n, "none")),
            ("Hand loop + view()", lambda n=n: hand_player(n, "view")),
            ("Hand loop + observe() tensor", lambda n=n: hand_player(n, "tensor")),
            ("HandBatch 1 thread", lambda n=n: batch_player(n, False, 1, args.batch_size)),
            (ONE_THREAD, lambda n=n: batch_player(n, True, 1, args.batch_size)),
            (TWO_THREADS, lambda n=n: batch_player(n, True, 2, args.batch_size)),
        ]
        for name, make in makers:
            if args.only not in name:
                continue
            try:
                player = make()
            except Exception as exc:  # an uninstalled or broken peer: say so and go on
                missing.append(f"{name} ({n} players): {type(exc).__name__}: {exc}")
                continue
            tasks[(n, name)] = player

    ceilings = {n: HostCeiling(n, args.batch_size) for n, name in tasks if name == TWO_THREADS}
    ceiling_runs: dict[int, list[tuple[float, float]]] = {n: [] for n in ceilings}
    runs: dict[tuple[int, str], list[tuple[int, int, float, float]]] = {k: [] for k in tasks}
    for r in range(args.rounds):
        for key, player in tasks.items():
            runs[key].append(_measure(player, args.budget, seed=1000 * r + key[0]))
            if key[1] == TWO_THREADS:
                ceiling_runs[key[0]].append(ceilings[key[0]].measure(args.budget))
    for c in ceilings.values():
        c.close()

    print(f"random legal play, no-limit Hold'em, {args.rounds} interleaved rounds,"
          f" ~{args.budget:g} CPU s per task per round, medians")
    for n in args.players:
        rows = {name: v for (m, name), v in runs.items() if m == n}
        if not rows:
            continue
        ref_name = "OpenSpiel fcpa + observation_tensor"
        hand_name = "Hand loop + observe() tensor"
        ref = statistics.median(d / c for d, _, c, _ in rows[ref_name]) if ref_name in rows else None
        print(f"\n{n} players{'':36} decisions/s    hands/s   wall dec/s   vs OpenSpiel+obs")
        for name, v in rows.items():
            dps = statistics.median(d / c for d, _, c, _ in v)
            hps = statistics.median(h / c for _, h, c, _ in v)
            wall = statistics.median(d / w for d, _, _, w in v)
            ratio = f"{dps / ref:8.2f}x" if ref else "       -"
            print(f"  {name:46} {dps:12,.0f} {hps:10,.0f} {wall:12,.0f}   {ratio}")
        one, two = rows.get(ONE_THREAD), rows.get(TWO_THREADS)
        if one and two:
            # each round measures the two one after the other: the ratio of each such pair
            # (less exposed to the host's slow spells than a ratio of medians)
            paired = [(d2 / w2) / (d1 / w1) for (d1, _, _, w1), (d2, _, _, w2) in zip(one, two)]
            print(f"  HandBatch 2 threads vs 1 (wall time, paired by round): {_spread(paired)}"
                  f" (target >= 1.8x)")
            pairs = ceiling_runs.get(n, [])
            if pairs:
                ceiling = [two_jobs / alone for alone, two_jobs in pairs]
                print(f"  two 1-thread jobs at once vs one (separate processes, wall time):"
                      f" {_spread(ceiling)}: what the two cores give now, the ceiling of the line above")
        if one and hand_name in rows:
            c1 = statistics.median(d / c for d, _, c, _ in one)
            ch = statistics.median(d / c for d, _, c, _ in rows[hand_name])
            print(f"  HandBatch 1 thread + observe vs {hand_name}: {c1 / ch:.1f}x")
    if missing:
        print("\nnot measured:")
        for m in missing:
            print(f"  {m}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
