"""Rules.pokerkit() reproduces PokerKit 0.7.7's payouts and rake bit for bit.

PokerKit (a test-only dependency) plays thousands of random multi-way hands — blinds,
folds, shoves and calls from random stacks, so side pots, folded dead money, uncalled
bets and ties are common — then we settle the same contributions and cards and compare
every player's net result and the rake, with and without rake, caps and no-flop-no-drop.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from holdem_eval.engine import NO_CARD, Rules, settle, settle_batch
from settle_pokerkit_harness import played_hand
from settle_reference import settle_reference as _settle_python

RAKES = [
    (0.0, math.inf, False),
    (0.05, math.inf, False),
    (0.1, 3, True),
    (0.035, 7, False),
    (0.07, math.inf, True),
]


def _check(seed: int, players: int, percentage: float, cap: float, nfnd: bool) -> bool:
    hand = played_hand(seed, players, percentage=percentage, cap=cap, no_flop_no_drop=nfnd)
    rules = Rules.pokerkit(percentage, None if cap == math.inf else int(cap), nfnd)
    for fn in (settle, _settle_python):
        s = fn(hand.contributions, hand.holes, hand.board, folded=hand.folded,
               button=players - 1, rules=rules)
        net = [p - c for p, c in zip(s.payouts, hand.contributions)]
        assert net == hand.net, (seed, hand, s)
        assert s.rake == hand.rake, (seed, hand, s)
    return len(s.pots) > 1


def test_pokerkit_payouts_quick() -> None:
    side_pots = sum(_check(seed, 2 + seed % 8, *RAKES[seed % len(RAKES)]) for seed in range(150))
    assert side_pots > 30  # the sample really exercises side pots


@pytest.mark.slow
@pytest.mark.parametrize("block", range(4))
def test_pokerkit_payouts_thousands(block: int) -> None:
    seeds = range(10_000 + block * 600, 10_000 + (block + 1) * 600)
    side_pots = sum(_check(seed, 2 + seed % 8, *RAKES[seed % len(RAKES)]) for seed in seeds)
    assert side_pots > 100


@pytest.mark.slow
def test_pokerkit_payouts_through_settle_batch() -> None:
    for players in (3, 6):
        hands = [played_hand(seed, players, percentage=0.05, cap=5)
                 for seed in range(20_000, 20_300)]
        n = len(hands)
        chips = np.array([h.contributions for h in hands], dtype=np.int64)
        holes = np.full((n, players, 2), NO_CARD, dtype=np.uint8)
        boards = np.full((n, 5), NO_CARD, dtype=np.uint8)
        for i, h in enumerate(hands):
            for seat, hole in enumerate(h.holes):
                if not h.folded[seat]:
                    holes[i, seat] = [_card_id(hole[:2]), _card_id(hole[2:])]
            board = [_card_id(h.board[k:k + 2]) for k in range(0, len(h.board), 2)]
            boards[i, :len(board)] = board
        folded = np.array([h.folded for h in hands])
        rakes = np.empty(n, dtype=np.int64)
        payouts = settle_batch(chips, holes, boards, folded=folded, button=players - 1,
                               rules=Rules.pokerkit(0.05, 5), rake_out=rakes)
        assert (payouts - chips).tolist() == [h.net for h in hands]
        assert rakes.tolist() == [h.rake for h in hands]


def _card_id(text: str) -> int:
    return 4 * "23456789TJQKA".index(text[0]) + "cdhs".index(text[1])


def test_the_one_documented_difference_a_hand_won_without_showdown() -> None:
    """docs/engine.md: PokerKit rakes a hand won by folds without the winner's called bet
    of the last round; the engine rakes the whole pot. Checked on PokerKit itself."""
    from functools import partial

    from holdem_eval.engine import GameConfig, Hand
    from pokerkit import Automation, Mode, NoLimitTexasHoldem
    from pokerkit.utilities import rake

    state = NoLimitTexasHoldem.create_state(
        tuple(Automation), True, 0, (1, 2), 2, (200,) * 3, 3, mode=Mode.CASH_GAME,
        rake=partial(rake, percentage=0.05))
    state.complete_bet_or_raise_to(20)  # UTG (PokerKit's player 2)
    state.complete_bet_or_raise_to(60)  # the small blind (player 0) re-raises
    state.fold()
    state.fold()
    assert list(state.stacks) == [221, 198, 180]  # pot 42, raked 1: 5 % of 42 - 20
    h = Hand(GameConfig(big_blind=2), [200] * 3, button=0, seed=1, rules=Rules.pokerkit(0.05))
    h.raise_to(20)
    h.raise_to(60)
    h.fold()
    h.fold()
    assert h.rake == 2 and h.stacks == [180, 220, 198]  # button, SB, BB: the whole 42 raked
