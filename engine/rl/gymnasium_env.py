"""Gymnasium environments over :class:`holdem_eval.engine.HandBatch`: one learning seat
against fixed opponents.

:class:`HoldemVectorEnv` holds ``num_envs`` tables (one HandBatch); the learner sits in
seat ``seat`` of every table, and the button moves one seat clockwise each hand, so it
plays every position in turn. ``step(actions)`` applies the learner's discrete actions
(:mod:`holdem_eval.engine.discrete`), then lets the opponents act (a policy
``opponent(obs, mask) -> actions`` over the whole batch, default uniformly random legal
actions) until the learner is to act again in every table. An episode is one hand in
which the learner acts; its reward, the learner's net result in big blinds, comes with
``terminated=True`` in the step where the hand ends, and the next hand starts in that
same step (Gymnasium's *same-step* autoreset: the returned observation is the new
hand's). Hands that end before the learner's first decision (everyone folds to its big
blind) are played on and are not episodes. The legal actions are in
``info["action_mask"]`` and in :meth:`HoldemVectorEnv.action_masks` (sb3-contrib's
convention); an illegal action raises :class:`~holdem_eval.engine.IllegalActionError`
naming the table.

:class:`HoldemEnv` is the same with one table, as a plain ``gymnasium.Env``.

>>> import numpy as np
>>> env = HoldemVectorEnv(num_envs=256, num_players=6)
>>> obs, info = env.reset(seed=1)
>>> obs.shape, info["action_mask"].shape
((256, 172), (256, 5))
>>> rng = np.random.default_rng(0)
>>> returns = []
>>> for _ in range(50):
...     legal = info["action_mask"]
...     actions = np.argmax(rng.random(legal.shape) * legal, axis=1)  # random legal
...     obs, reward, terminated, truncated, info = env.step(actions)
...     returns += reward[terminated].tolist()
>>> len(returns) > 256
True
"""

from __future__ import annotations

from typing import Any, Callable

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from ..batch import SKIP, HandBatch
from ..config import GameConfig
from ..discrete import ActionSet, observation_size
from ..errors import ConfigError, ResetNeededError

__all__ = ["HoldemEnv", "HoldemVectorEnv", "Opponent"]

Opponent = Callable[[NDArray[np.float32], NDArray[np.bool_]], Any]
"""``opponent(obs, mask) -> actions``: ``(N, D)`` observations and ``(N, K)`` masks of the
seat to act in every table, ``(N,)`` discrete actions back (rows of tables where the
learner is to act are ignored)."""

_VectorStep = tuple[
    NDArray[np.float32], NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]
]

try:  # Gymnasium >= 1.1 names the autoreset modes
    from gymnasium.vector import AutoresetMode

    _SAME_STEP: Any = AutoresetMode.SAME_STEP
except ImportError:  # pragma: no cover - older Gymnasium
    _SAME_STEP = "same-step"


class HoldemVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` tables, one learning seat (see the module docstring).

    ``num_players`` 2..10; ``seat`` the learner's seat; ``config`` the game (default
    blinds 1/2 no-limit); ``stacks_bb`` every seat's starting stack in big blinds;
    ``actions`` the discrete action set; ``opponent`` the opponents' policy (default
    uniformly random legal actions); ``threads`` for the HandBatch.
    """

    metadata: dict[str, Any] = {"autoreset_mode": _SAME_STEP}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        num_envs: int = 64,
        num_players: int = 6,
        *,
        seat: int = 0,
        config: GameConfig | None = None,
        stacks_bb: int = 100,
        actions: ActionSet | None = None,
        opponent: Opponent | None = None,
        threads: int = 1,
    ) -> None:
        self.config = GameConfig() if config is None else config
        if not isinstance(self.config, GameConfig):
            raise ConfigError(f"config must be a GameConfig, got {config!r}")
        if not isinstance(stacks_bb, int) or isinstance(stacks_bb, bool) or stacks_bb <= 0:
            raise ConfigError(f"stacks_bb must be a positive int (big blinds), got {stacks_bb!r}")
        if opponent is not None and not callable(opponent):
            raise ConfigError(f"opponent must be callable or None, got {opponent!r}")
        self.actions = ActionSet() if actions is None else actions
        self.opponent = opponent
        self._kwargs = {
            "stacks": stacks_bb * self.config.big_blind,
            "actions": self.actions,
            "threads": threads,
        }
        # builds (and so checks) every argument once; reset() deals from its own seeds
        self._batch = HandBatch(self.config, num_envs, num_players, **self._kwargs)  # type: ignore[arg-type]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < num_players:
            raise ConfigError(f"seat must be a seat 0..{num_players - 1}, got {seat!r}")
        self.seat = seat
        self.num_envs = num_envs
        self.num_players = num_players
        high = max(255.0, float(stacks_bb * num_players))
        d, k = observation_size(num_players), self.actions.size
        self.single_observation_space = spaces.Box(0.0, high, shape=(d,), dtype=np.float32)
        self.single_action_space = spaces.Discrete(k)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.render_mode = None
        self._rng = np.random.default_rng()
        self._obs = np.zeros((num_envs, d), dtype=np.float32)
        self._was_reset = False  # step() before the first reset() is refused

    def action_masks(self) -> NDArray[np.bool_]:
        """``(num_envs, K)``: the learner's legal actions now."""
        return self._batch.legal_mask()

    def _opponents(self, settled: NDArray[np.bool_] | None, rewards: NDArray[np.float64]) -> None:
        """Let the opponents act until the learner is to act in every table; the first
        end of a hand in a table not yet ``settled`` pays the learner into ``rewards``."""
        batch, seat, bb = self._batch, self.seat, float(self.config.big_blind)
        while True:
            waiting = batch.actor != seat
            if not waiting.any():
                return
            if self.opponent is None:
                kinds = batch.sample_legal(int(self._rng.integers(2**63)))
            else:
                kinds = np.asarray(self.opponent(batch.observe(), batch.legal_mask()))
                if kinds.shape != (self.num_envs,):
                    raise ConfigError(
                        f"opponent must return ({self.num_envs},) actions, got shape {kinds.shape}"
                    )
            kinds = np.where(waiting, kinds, SKIP)
            result = batch.step(kinds)
            if settled is not None:
                newly = result.done & ~settled
                rewards[newly] = result.rewards[newly, seat] / bb
                settled |= result.done

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        seeds = self._rng.integers(0, 2**63, size=self.num_envs, dtype=np.int64)
        buttons = self._rng.integers(0, self.num_players, size=self.num_envs)
        self._batch = HandBatch(
            self.config, self.num_envs, self.num_players, seeds=seeds, buttons=buttons,
            **self._kwargs,  # type: ignore[arg-type]
        )
        self._opponents(None, np.zeros(self.num_envs))
        self._was_reset = True
        return self._batch.observe(out=self._obs).copy(), {"action_mask": self.action_masks()}

    def step(self, actions: Any) -> _VectorStep:
        if not self._was_reset:
            raise ResetNeededError("cannot call step() before reset(): call reset() first")
        bb = float(self.config.big_blind)
        result = self._batch.step(actions)
        rewards = np.zeros(self.num_envs)
        rewards[result.done] = result.rewards[result.done, self.seat] / bb
        settled = result.done.copy()
        self._opponents(settled, rewards)
        obs = self._batch.observe(out=self._obs).copy()
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return obs, rewards, settled, truncated, {"action_mask": self.action_masks()}


class HoldemEnv(gymnasium.Env):
    """One table of :class:`HoldemVectorEnv` as a ``gymnasium.Env`` (same arguments, less
    ``num_envs``; the observation is ``(D,)``, the action one discrete index)."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 - Gymnasium's

    def __init__(self, num_players: int = 2, **kwargs: Any) -> None:
        self._vec = HoldemVectorEnv(1, num_players, **kwargs)
        self.observation_space = self._vec.single_observation_space
        self.action_space = self._vec.single_action_space

    def action_masks(self) -> NDArray[np.bool_]:
        """``(K,)``: the learner's legal actions now."""
        mask: NDArray[np.bool_] = self._vec.action_masks()[0]
        return mask

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        obs, info = self._vec.reset(seed=seed)
        return obs[0], {"action_mask": info["action_mask"][0]}

    def step(self, action: Any) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self._vec.step(np.array([action]))
        return (
            obs[0], float(reward[0]), bool(terminated[0]), bool(truncated[0]),
            {"action_mask": info["action_mask"][0]},
        )
