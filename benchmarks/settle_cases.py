"""Seeded inputs for the settlement benchmarks (bench_settle.py, compare_settle.py).

The scalar case is a 6-seat showdown with two side pots: stacks 100, 200 and four of 300
in a seeded order; everyone checks to the river, where the first player shoves and all
call. Levels 100/200/300 make a main pot of 600 and side pots of 500 and 400.
PokerKit plays the very same hands (same stacks, same cards) up to the last call; the
last call is what we time for PokerKit — it runs PokerKit's showdown, hand killing and
chip pushing, i.e. its settlement.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

import numpy as np
from holdem_eval.engine import NO_CARD

SIX_STACKS = (100, 200, 300, 300, 300, 300)


@dataclass
class ShowdownCase:
    contributions: list[int]
    holes: list[str]
    hole_ids: list[tuple[int, int]]
    board: str
    board_ids: list[int]
    folded: list[bool]
    button: int


def _text(card: Any) -> str:
    return f"{card.rank}{card.suit}"


def _id(text: str) -> int:
    return 4 * "23456789TJQKA".index(text[0]) + "cdhs".index(text[1])


def pokerkit_river_state(seed: int) -> tuple[Any, ShowdownCase]:
    """A PokerKit state one call away from a 6-way showdown with two side pots."""
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
    stacks = list(SIX_STACKS)
    random.Random(seed).shuffle(stacks)
    random.seed(seed)  # PokerKit's deck
    state = NoLimitTexasHoldem.create_state(
        automations, True, 0, (1, 2), 2, tuple(stacks), 6, mode=Mode.TOURNAMENT
    )
    holes = ["".join(_text(c) for c in cards) for cards in state.hole_cards]
    while state.street_index != 3:  # check (or complete the blind) to the river
        state.check_or_call()
    while True:  # river: raise all-in when allowed, else call; stop before the last action
        before = copy.deepcopy(state)
        if state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
        else:
            state.check_or_call()
        if not state.status:
            state = before
            break
    board = "".join(_text(cards[0]) for cards in state.board_cards)
    case = ShowdownCase(
        contributions=stacks,
        holes=holes,
        hole_ids=[(_id(h[:2]), _id(h[2:])) for h in holes],
        board=board,
        board_ids=[_id(board[k:k + 2]) for k in range(0, 10, 2)],
        folded=[False] * 6,
        button=5,
    )
    return state, case


def showdown_cases(n: int, seed: int = 2026) -> list[ShowdownCase]:
    """n seeded 6-seat, two-side-pot showdowns without PokerKit (cards from NumPy)."""
    rng = np.random.default_rng(seed)
    cases = []
    for _ in range(n):
        deck = rng.permutation(52).tolist()
        stacks = list(SIX_STACKS)
        rng.shuffle(stacks)
        hole_ids = [(deck[2 * s], deck[2 * s + 1]) for s in range(6)]
        board_ids = deck[12:17]
        text = ["23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in deck[:17]]
        cases.append(ShowdownCase(
            contributions=stacks,
            holes=[text[2 * s] + text[2 * s + 1] for s in range(6)],
            hole_ids=hole_ids,
            board="".join(text[12:17]),
            board_ids=board_ids,
            folded=[False] * 6,
            button=5,
        ))
    return cases


def batch_arrays(n: int, seats: int = 6, seed: int = 2026) -> dict[str, Any]:
    """n seeded hands of `seats` seats for settle_batch: three all-in levels (so up to two
    side pots), about 20 % folded seats (never all), random buttons."""
    rng = np.random.default_rng(seed)
    deck = np.argsort(rng.random((n, 52)), axis=1).astype(np.uint8)
    holes = deck[:, 5:5 + 2 * seats].reshape(n, seats, 2).copy()
    boards = deck[:, :5].copy()
    levels = np.array([100, 200, 300])
    chips = levels[rng.integers(0, 3, size=(n, seats))].astype(np.int64)
    folded = rng.random((n, seats)) < 0.2
    folded[:, 0] = False
    holes[folded] = NO_CARD
    buttons = rng.integers(0, seats, n).astype(np.int64)
    return {"contributions": chips, "hole_cards": holes, "boards": boards,
            "folded": folded, "button": buttons}
