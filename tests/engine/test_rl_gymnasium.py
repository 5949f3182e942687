"""The Gymnasium environments over HandBatch (engine/rl/gymnasium_env.py)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from holdem_eval.engine import ConfigError, GameConfig, IllegalActionError
from holdem_eval.engine.discrete import OFFSET_SEATS, ActionSet
from holdem_eval.engine.rl.gymnasium_env import HoldemEnv, HoldemVectorEnv


@pytest.mark.parametrize("n", [2, 6])
def test_gymnasium_env_checker(n: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its note that envs made without gymnasium.make have no spec
        check_env(HoldemEnv(n), skip_render_check=True)


def _random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.argmax(rng.random(mask.shape) * mask, axis=1)


def test_vector_env_random_play() -> None:
    env = HoldemVectorEnv(num_envs=64, num_players=6, seat=2, actions=ActionSet((0.5, 1.0, 2.0)))
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(1)
    episodes = 0
    for _ in range(100):
        assert env.observation_space.contains(obs)
        assert (env._batch.actor == 2).all()  # the learner is to act in every table
        mask = info["action_mask"]
        assert mask.shape == (64, 6) and mask.any(axis=1).all()
        assert np.array_equal(mask, env.action_masks())
        obs, reward, terminated, truncated, info = env.step(_random_actions(mask, rng))
        assert reward.dtype == np.float64 and not truncated.any()
        assert not reward[~terminated].any()
        assert (reward >= -100).all() and (reward <= 500).all()
        episodes += int(terminated.sum())
    assert episodes > 300
    env.close()


def test_vector_env_is_deterministic() -> None:
    def run() -> list[np.ndarray]:
        env = HoldemVectorEnv(num_envs=16, num_players=3)
        obs, info = env.reset(seed=11)
        rng = np.random.default_rng(2)
        seen = [obs]
        for _ in range(30):
            obs, reward, terminated, _, info = env.step(_random_actions(info["action_mask"], rng))
            seen += [obs, reward, terminated]
        return seen

    assert all(np.array_equal(a, b) for a, b in zip(run(), run()))


def test_folding_opponent_heads_up() -> None:
    """Opponents that fold whenever they may: the learner's big-blind hands end before it
    acts (no episode), its button hands are limps checked down: +-1 big blind or a tie."""
    calls: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def folder(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        calls.append((obs.shape, mask.shape))
        return np.where(mask[:, 0], 0, 1)

    env = HoldemVectorEnv(num_envs=32, num_players=2, opponent=folder)
    obs, _ = env.reset(seed=5)
    seen = set()
    for _ in range(40):
        # the learner is always on the button: it posts the small blind and acts first
        assert (obs[:, OFFSET_SEATS + 5 * 2] == 1).all()
        obs, reward, terminated, _, _ = env.step(np.ones(32, dtype=np.int64))  # check/call
        seen |= set(reward[terminated].tolist())
    assert seen <= {-1.0, 0.0, 1.0} and {-1.0, 1.0} <= seen
    assert calls and calls[0] == ((32, 132), (32, 5))


def test_illegal_learner_action() -> None:
    env = HoldemVectorEnv(num_envs=4, num_players=2)
    env.reset(seed=1)
    env.step(np.array([1, 1, 1, 1]))  # the button limps, the big blind checks or acts
    mask = env.action_masks()
    bad = int(np.flatnonzero(~mask[:, 0])[0])  # a table where folding is not legal
    with pytest.raises(IllegalActionError) as exc:
        env.step(np.zeros(4, dtype=np.int64))  # fold everywhere
    assert str(exc.value).startswith(f"hand {bad}: action 0 is not legal now; legal actions: [1, ")


def test_single_env_step() -> None:
    env = HoldemEnv(3)
    obs, info = env.reset(seed=4)
    assert obs.shape == (142,) and info["action_mask"].shape == (5,)
    assert np.array_equal(info["action_mask"], env.action_masks())
    total = 0.0
    for _ in range(200):
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        assert isinstance(reward, float) and isinstance(terminated, bool) and truncated is False
        total += abs(reward)
    assert total > 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"config": 2}, "config must be a GameConfig, got 2"),
        ({"stacks_bb": 0}, "stacks_bb must be a positive int (big blinds), got 0"),
        ({"opponent": "random"}, "opponent must be callable or None, got 'random'"),
        ({"seat": 6}, "seat must be a seat 0..5, got 6"),
        ({"seat": True}, "seat must be a seat 0..5, got True"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        HoldemVectorEnv(num_envs=2, num_players=6, **kwargs)  # type: ignore[arg-type]
    assert str(exc.value) == message


def test_opponent_returning_a_bad_shape() -> None:
    env = HoldemVectorEnv(num_envs=3, num_players=3, seat=2, opponent=lambda o, m: np.zeros(2))
    with pytest.raises(ConfigError) as exc:
        env.reset(seed=0)
    assert str(exc.value) == "opponent must return (3,) actions, got shape (2,)"


def test_stacks_smaller_than_the_blinds() -> None:
    with pytest.raises(ConfigError) as exc:
        HoldemVectorEnv(num_envs=2, num_players=2, config=GameConfig(big_blind=2, ante=5), stacks_bb=3)
    assert str(exc.value).startswith("stacks must be in 8..")


def test_step_before_reset_is_refused() -> None:
    """Issue 30: step() before reset() played silently; Gymnasium refuses it (ResetNeeded)."""
    from holdem_eval.engine import HandStateError, ResetNeededError

    for env, action in ((HoldemVectorEnv(2, 2), np.zeros(2, dtype=np.int64)), (HoldemEnv(2), 0)):
        with pytest.raises(ResetNeededError) as info:
            env.step(action)
        assert str(info.value) == "cannot call step() before reset(): call reset() first"
        assert isinstance(info.value, HandStateError)
        env.reset(seed=1)
        env.step(action if isinstance(action, int) else env.action_masks().argmax(axis=1))
