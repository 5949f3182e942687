"""Random multi-way all-in hands played by PokerKit 0.7.7 (test-only dependency).

Shared by tests/engine/test_settle_pokerkit.py and benchmarks/compare_settle.py.
PokerKit numbers players so that the button is the last one (n - 1) and the small
blind is player 0, so ``button=n - 1`` maps its seats onto ours.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any

from pokerkit import Mode, NoLimitTexasHoldem
from pokerkit.utilities import rake as pokerkit_rake
from pokerkit_play import AUTOMATIONS, bet_until_done


@dataclass
class PlayedHand:
    """What settle() needs, and what PokerKit paid."""

    seed: int
    stacks: tuple[int, ...]
    contributions: list[int]
    holes: list[str]
    board: str
    folded: list[bool]
    net: list[int]
    """PokerKit's final stack minus starting stack, per player."""
    rake: int
    action_count: int


def _card_text(card: Any) -> str:
    return f"{card.rank}{card.suit}"


def random_stacks(rng: random.Random, players: int) -> tuple[int, ...]:
    """Stacks with repeats, so that all-in levels tie now and then."""
    pool = [rng.randint(1, 60) * rng.choice((1, 5)) for _ in range(3)]
    return tuple(rng.choice(pool) if rng.random() < 0.3 else rng.randint(2, 400)
                 for _ in range(players))


def new_state(stacks: tuple[int, ...], seed: int, rake: Any = pokerkit_rake) -> Any:
    random.seed(seed)  # PokerKit shuffles its deck with the random module
    return NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, stacks, len(stacks), mode=Mode.TOURNAMENT, rake=rake,
    )


def play(
    stacks: tuple[int, ...],
    seed: int,
    *,
    rake: Any = pokerkit_rake,
    fold_p: float = 0.25,
    allin_p: float = 0.6,
    stop_after: int | None = None,
) -> tuple[Any, list[int], list[bool], int, list[str]]:
    """Play one hand with decisions drawn from ``seed``: fold, shove or call.

    Returns (state, contributions, folded, actions taken, hole cards as dealt). With
    ``stop_after``, stops before action number ``stop_after`` (the one that settles).
    """
    decide = random.Random(seed ^ 0x5EED)
    state = new_state(stacks, seed, rake)
    # Read the hole cards now: PokerKit clears the mucked and killed ones at showdown.
    holes = ["".join(_card_text(c) for c in cards) for cards in state.hole_cards]
    contributions = [start - now for start, now in zip(stacks, state.stacks)]
    folded = [False] * len(stacks)
    actions = bet_until_done(state, decide, contributions, folded, fold_below=fold_p,
                             raise_below=fold_p + allin_p, stop_after=stop_after)
    return state, contributions, folded, actions, holes


def played_hand(
    seed: int, players: int, *, percentage: float = 0.0, cap: float = float("inf"),
    no_flop_no_drop: bool = False,
) -> PlayedHand:
    rng = random.Random(seed)
    stacks = random_stacks(rng, players)
    rake = partial(pokerkit_rake, percentage=percentage, cap=cap, no_flop_no_drop=no_flop_no_drop)
    state, contributions, folded, actions, holes = play(stacks, seed, rake=rake)
    assert not state.status, "hand did not finish"
    board = "".join(_card_text(cards[0]) for cards in state.board_cards)
    net = [now - start for start, now in zip(stacks, state.stacks)]
    return PlayedHand(seed, stacks, contributions, holes, board, folded, net,
                      -sum(net), actions)
