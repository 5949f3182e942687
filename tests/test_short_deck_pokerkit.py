"""Short deck against PokerKit 0.7.7 (a test-only dependency): the order of random 7-card
hands under its ShortDeckHoldemHand, and the payouts of random short-deck showdowns played
by its NoLimitShortDeckHoldem, settled again by ``settle`` and ``settle_batch``.

PokerKit ranks a straight above three of a kind: our variant
"short-deck-straights-beat-trips". The default "short-deck" (trips beat a straight, as
PokerStars, GGPoker and Triton play it) agrees with it on every other pair of hands.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from holdem_eval.engine import NO_CARD, Rules, settle, settle_batch
from pokerkit import Mode, NoLimitShortDeckHoldem, ShortDeckHoldemHand
from pokerkit_play import AUTOMATIONS, bet_until_done, card_id

from holdem_eval import HandCategory, evaluate_batch, format_cards, hand_categories

SHORT = "short-deck"
STRAIGHTS = "short-deck-straights-beat-trips"
DECK = list(range(16, 52))


def _pokerkit_hand(cards: list[int]) -> Any:
    text = format_cards(cards)
    return ShortDeckHoldemHand.from_game(text[:4], text[4:])


def test_random_hands_are_ordered_as_pokerkit_orders_them() -> None:
    rng = random.Random(2027)
    hands = [rng.sample(DECK, 7) for _ in range(1600)]
    theirs = [_pokerkit_hand(h) for h in hands]
    ours = {v: evaluate_batch(hands, variant=v).tolist() for v in (SHORT, STRAIGHTS)}
    cats = hand_categories(ours[SHORT], variant=SHORT).tolist()
    trips_vs_straight = {HandCategory.THREE_OF_A_KIND, HandCategory.STRAIGHT}
    crossed = 0
    for i in range(0, len(hands), 2):
        a, b = theirs[i], theirs[i + 1]
        want = (a > b) - (a < b)  # +1: hand i is stronger
        ra, rb = ours[STRAIGHTS][i], ours[STRAIGHTS][i + 1]
        assert (rb > ra) - (rb < ra) == want, (format_cards(hands[i]), format_cards(hands[i + 1]))
        ra, rb = ours[SHORT][i], ours[SHORT][i + 1]
        if {cats[i], cats[i + 1]} == trips_vs_straight:
            crossed += 1
            assert (ra < rb) == (cats[i] == HandCategory.THREE_OF_A_KIND)
        else:
            assert (rb > ra) - (rb < ra) == want
    assert crossed > 5  # the sample holds pairs where the two rule sets disagree


def _played(seed: int, players: int) -> tuple[list[int], list[list[int]], list[int], list[bool], list[int]]:
    """A random hand played by PokerKit to the end: (contributions, holes, board, folded,
    net result per player). Seats: PokerKit's player n - 1 is the button."""
    rng = random.Random(seed)
    stacks = tuple(rng.choice((rng.randint(2, 300), 50, 100)) for _ in range(players))
    random.seed(seed)  # PokerKit shuffles its deck with the random module
    state = NoLimitShortDeckHoldem.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, stacks, players, mode=Mode.TOURNAMENT,
    )
    holes = [[card_id(c) for c in cards] for cards in state.hole_cards]
    contributions = [start - now for start, now in zip(stacks, state.stacks)]
    folded = [False] * players
    bet_until_done(state, rng, contributions, folded, fold_below=0.2, raise_below=0.8)
    assert not state.status
    board = [card_id(cards[0]) for cards in state.board_cards]
    net = [now - start for start, now in zip(stacks, state.stacks)]
    return contributions, holes, board, folded, net


def test_random_showdowns_settle_as_pokerkit_pays_them() -> None:
    rules = Rules.pokerkit(0.0)
    rows = []
    showdowns = 0
    for seed in range(300):
        players = 2 + seed % 5
        chips, holes, board, folded, net = _played(seed, players)
        s = settle(chips, holes, board, folded=folded, button=players - 1, variant=STRAIGHTS,
                   rules=rules)
        assert [p - c for p, c in zip(s.payouts, chips)] == net, (seed, holes, board, folded)
        showdowns += s.showdown
        if players == 4:
            rows.append((chips, holes, board, folded, net))
    assert showdowns > 100
    n = len(rows)
    chips = np.array([r[0] for r in rows], dtype=np.int64)
    holes = np.full((n, 4, 2), NO_CARD, dtype=np.uint8)
    boards = np.full((n, 5), NO_CARD, dtype=np.uint8)
    for i, (_, h, b, f, _) in enumerate(rows):
        for seat in range(4):
            if not f[seat]:
                holes[i, seat] = h[seat]
        boards[i, :len(b)] = b
    folded = np.array([r[3] for r in rows])
    payouts = settle_batch(chips, holes, boards, folded=folded, button=3, variant=STRAIGHTS,
                           rules=rules, threads=2)
    assert (payouts - chips).tolist() == [r[4] for r in rows]
