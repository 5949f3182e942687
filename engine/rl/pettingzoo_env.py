"""A PettingZoo AEC environment for one table: one hand of no-limit (or pot-limit, or
fixed-limit) Hold'em per episode, played by :class:`holdem_eval.engine.Hand`.

Agents ``player_0 .. player_{n-1}`` sit in seats ``0 .. n-1``. Every agent's observation
is ``{"observation": float32 (D,), "action_mask": int8 (K,)}`` with the layout and the
discrete actions of :mod:`holdem_eval.engine.discrete` (the mask is all zero for an
agent that is not to act). Rewards are given once, when the hand ends: each seat's net
result in big blinds. ``reset(seed=...)`` deals a new hand from that seed with a button
drawn from the same generator; stacks are ``stacks`` every hand.

>>> import numpy as np
>>> env = HoldemAECEnv(num_players=3, seed_stacks=100)
>>> env.reset(seed=7)
>>> rng = np.random.default_rng(0)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     legal = np.flatnonzero(obs["action_mask"])
...     env.step(None if terminated else int(rng.choice(legal)))
>>> sum(env.final_rewards.values())
0.0
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # no py.typed

from ..config import GameConfig
from ..discrete import ActionSet, discrete_action, legal_mask, observation_size, observe
from ..errors import ConfigError, IllegalActionError
from ..hand.hand import Hand

__all__ = ["HoldemAECEnv"]

_RENDER_MODES = ("ansi",)

_ObsDict = dict[str, NDArray[Any]]


class HoldemAECEnv(AECEnv[str, _ObsDict, "int | None"]):  # type: ignore[misc]  # untyped base
    """One table, one hand per episode (see the module docstring).

    ``num_players`` 2..10; ``config`` the game (default blinds 1/2 no-limit);
    ``seed_stacks`` every seat's starting stack in big blinds; ``actions`` the discrete
    action set.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(_RENDER_MODES),
        "name": "holdem_eval_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        num_players: int = 2,
        *,
        config: GameConfig | None = None,
        seed_stacks: int = 100,
        actions: ActionSet | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if not isinstance(num_players, int) or isinstance(num_players, bool) or not 2 <= num_players <= 10:
            raise ConfigError(f"num_players must be an int from 2 to 10, got {num_players!r}")
        self.config = GameConfig() if config is None else config
        if not isinstance(self.config, GameConfig):
            raise ConfigError(f"config must be a GameConfig, got {config!r}")
        if not isinstance(seed_stacks, int) or isinstance(seed_stacks, bool) or seed_stacks <= 0:
            raise ConfigError(f"seed_stacks must be a positive int (big blinds), got {seed_stacks!r}")
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ConfigError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.actions = ActionSet() if actions is None else actions
        self.render_mode = render_mode
        self.stacks = [seed_stacks * self.config.big_blind] * num_players
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.agents = self.possible_agents[:]
        d, k = observation_size(num_players), self.actions.size
        high = float(max(1, sum(self.stacks)))
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, shape=(d,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(k,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(k) for a in self.possible_agents}
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._rng, _ = seeding.np_random(None)
        self.hand: Hand | None = None
        self.final_rewards: dict[str, float] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _live_hand(self) -> Hand:
        if self.hand is None:
            raise ConfigError("call reset() before using the environment")
        return self.hand

    def observe(self, agent: str) -> _ObsDict:
        hand = self._live_hand()
        seat = self._seat[agent]
        mask = np.zeros(self.actions.size, dtype=np.int8)
        if hand.actor == seat:
            mask[:] = legal_mask(hand, self.actions)
        return {"observation": observe(hand, seat), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng, _ = seeding.np_random(seed)
        n = len(self.possible_agents)
        button = int(self._rng.integers(n))
        hand_seed = int(self._rng.integers(2**63))
        self.hand = Hand(self.config, self.stacks, button=button, seed=hand_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.final_rewards = {}
        self._after_action(self.hand)

    def _after_action(self, hand: Hand) -> None:
        """Select the next agent, or end the episode when the hand is over."""
        if hand.payouts is None:
            self.agent_selection = self.possible_agents[hand.actor]
            return
        bb = float(self.config.big_blind)
        self.rewards = {a: hand.net[i] / bb for i, a in enumerate(self.possible_agents)}
        self.final_rewards = dict(self.rewards)
        self.terminations = {a: True for a in self.agents}
        self.agent_selection = self.possible_agents[(hand.button + 1) % len(self.possible_agents)]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self._live_hand()
        k = self.actions.size
        ok = isinstance(action, (int, np.integer)) and not isinstance(action, bool) and 0 <= action < k
        if not ok or not legal_mask(hand, self.actions)[int(action)]:  # type: ignore[arg-type]
            legal = np.flatnonzero(legal_mask(hand, self.actions)).tolist()
            raise IllegalActionError(
                f"{agent} may not take action {action!r} now; legal actions: {legal}"
                f" ({', '.join(self.actions.names[i] for i in legal)})"
            )
        hand.act(discrete_action(hand, int(action), self.actions))  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0.0
        self._after_action(hand)
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return repr(self._live_hand())
        return None

    def close(self) -> None:
        pass
