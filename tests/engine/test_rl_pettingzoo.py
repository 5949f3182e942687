"""The PettingZoo AEC environment (engine/rl/pettingzoo_env.py): PettingZoo's own tests,
rewards, and errors."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from holdem_eval.engine import ConfigError, GameConfig, IllegalActionError
from holdem_eval.engine.discrete import ActionSet, observation_size
from holdem_eval.engine.rl.pettingzoo_env import HoldemAECEnv
from pettingzoo.test import api_test, seed_test


@pytest.mark.parametrize("n", [2, 3, 6, 10])
def test_pettingzoo_api_test(n: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on Dict observation spaces
        api_test(HoldemAECEnv(num_players=n), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: HoldemAECEnv(num_players=4), num_cycles=300)


@pytest.mark.parametrize("betting", ["no-limit", "pot-limit", "fixed-limit"])
def test_random_episodes_conserve_chips(betting: str) -> None:
    config = GameConfig(betting=betting, big_blind=4, ante=1)
    env = HoldemAECEnv(num_players=5, config=config, seed_stacks=30, actions=ActionSet((0.5, 2.0)))
    rng = np.random.default_rng(3)
    ended = 0
    for episode in range(40):
        env.reset(seed=episode)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            assert obs["observation"].shape == (observation_size(5),)
            if terminated or truncated:
                env.step(None)
                continue
            assert env.hand is not None and env.agent_selection == f"player_{env.hand.actor}"
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        hand = env.hand
        assert hand is not None and hand.payouts is not None
        assert sum(env.final_rewards.values()) * 4 == -hand.rake
        assert env.final_rewards == {f"player_{i}": hand.net[i] / 4 for i in range(5)}
        ended += 1
    assert ended == 40


def test_only_the_actor_has_a_mask() -> None:
    env = HoldemAECEnv(num_players=3)
    env.reset(seed=1)
    actor = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == actor)


def test_illegal_action() -> None:
    env = HoldemAECEnv(num_players=2)
    env.reset(seed=1)
    env.step(1)  # the button calls the big blind; the big blind may check, not fold
    agent = env.agent_selection
    with pytest.raises(IllegalActionError) as exc:
        env.step(0)
    assert str(exc.value) == (
        f"{agent} may not take action 0 now; legal actions: [1, 2, 3, 4]"
        " (check/call, raise 0.5 pot, raise 1 pot, all-in)"
    )
    for bad in (5, -1, 1.0, True, "1"):
        with pytest.raises(IllegalActionError) as exc:
            env.step(bad)  # type: ignore[arg-type]
        assert str(exc.value).startswith(f"{agent} may not take action {bad!r} now; legal actions:")
    assert env.agent_selection == agent  # nothing changed
    env.step(np.int64(1))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_players": 1}, "num_players must be an int from 2 to 10, got 1"),
        ({"num_players": 11}, "num_players must be an int from 2 to 10, got 11"),
        ({"num_players": "2"}, "num_players must be an int from 2 to 10, got '2'"),
        ({"config": "nl"}, "config must be a GameConfig, got 'nl'"),
        ({"seed_stacks": 0}, "seed_stacks must be a positive int (big blinds), got 0"),
        ({"seed_stacks": 1.5}, "seed_stacks must be a positive int (big blinds), got 1.5"),
        ({"render_mode": "human"}, "render_mode must be None or 'ansi', got 'human'"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        HoldemAECEnv(**kwargs)  # type: ignore[arg-type]
    assert str(exc.value) == message


def test_observe_before_reset() -> None:
    env = HoldemAECEnv()
    with pytest.raises(ConfigError) as exc:
        env.observe("player_0")
    assert str(exc.value) == "call reset() before using the environment"


def test_render_ansi() -> None:
    env = HoldemAECEnv(num_players=2, render_mode="ansi")
    env.reset(seed=2)
    assert env.render().startswith("Hand(holdem/no-limit, street=preflop")  # type: ignore[union-attr]
    assert HoldemAECEnv().render() is None
