"""Random hands played by PokerKit 0.7.7 (a test-only dependency) for the settlement
comparisons: its automations, its cards as our ids, and the one betting loop (fold, shove or
call, drawn from a seeded generator) that tests/engine/settle_pokerkit_harness.py,
tests/engine/test_settle_runs_pokerkit.py, tests/test_hilo_settle.py and
tests/test_short_deck_pokerkit.py drive PokerKit's games with."""

from __future__ import annotations

import random
from typing import Any

from pokerkit import Automation

# everything automated but the choice of how many times to run the board
AUTOMATIONS = tuple(a for a in Automation if a is not Automation.RUNOUT_COUNT_SELECTION)


def tied_stacks(rng: random.Random, players: int, *, pool: tuple[int, int], repeat: float,
                spread: tuple[int, int]) -> tuple[int, ...]:
    """Stacks drawn from ``spread`` (inclusive), each taken instead, with chance ``repeat``,
    from a pool of three drawn from ``pool`` first: all-in levels that tie now and then."""
    shared = [rng.randint(*pool) for _ in range(3)]
    return tuple(rng.choice(shared) if rng.random() < repeat else rng.randint(*spread)
                 for _ in range(players))


def card_id(card: Any) -> int:
    """A PokerKit card as our card id (4 * rank + suit, 2c = 0)."""
    return 4 * "23456789TJQKA".index(str(card.rank)) + "cdhs".index(str(card.suit))


def bet_until_done(state: Any, decide: random.Random, contributions: list[int],
                   folded: list[bool], *, fold_below: float, raise_below: float,
                   runs: int | None = None, stop_after: int | None = None) -> int:
    """Plays ``state`` until no one is to act: each actor draws r from ``decide`` and folds
    when it may and r < ``fold_below``, raises all in when it may and r < ``raise_below``,
    else checks or calls. Adds what each seat puts in to ``contributions`` and marks the
    folds in ``folded``; with ``runs``, agrees to run the board that many times when asked;
    with ``stop_after``, stops before action number ``stop_after``. Returns the actions
    taken."""
    actions = 0
    while state.status:
        if runs is not None and state.can_select_runout_count():
            state.select_runout_count(runs)
            continue
        if state.actor_index is None or actions == stop_after:
            break
        actor = state.actor_index
        r = decide.random()
        if state.can_fold() and r < fold_below:
            state.fold()
            folded[actor] = True
        elif state.can_complete_bet_or_raise_to() and r < raise_below:
            before = state.bets[actor]
            op = state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            contributions[actor] += op.amount - before
        else:
            contributions[actor] += state.check_or_call().amount
        actions += 1
    return actions
