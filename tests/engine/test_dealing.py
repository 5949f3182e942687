"""The C seeded deal (csrc/deal.c via ``seeded_deal`` and ``SeededDeck``) against a
pure-Python copy of the algorithm documented in engine/dealing.py."""

from __future__ import annotations

import random

import pytest
from holdem_eval.engine import GameConfig, Hand, SeedError
from holdem_eval.engine.dealing import SeededDeck, format_cards, seeded_deal, splitmix64_stream

from holdem_eval import HoldemEvalError
from holdem_eval._bindings import deal_seeded

_M64 = 2**64 - 1


def python_deal(seed: int, count: int, exclude: list[int] | tuple[int, ...] = ()) -> list[int]:
    """engine/dealing.py's documented algorithm, card by card (the test oracle)."""
    gone = set(exclude)
    deck = [c for c in range(52) if c not in gone]
    state, frac, out = seed & _M64, 0, []
    for i in range(count):
        if not i & 3:
            state = (state + 0x9E3779B97F4A7C15) & _M64
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
            frac = z ^ (z >> 31)
        frac *= len(deck)
        out.append(deck.pop(frac >> 64))
        frac &= _M64
    return out


_EDGE_SEEDS = [0, 1, 2024, 2**32 - 1, 2**63, 2**64 - 1]


@pytest.mark.parametrize("seed", _EDGE_SEEDS)
def test_whole_deck_matches_python_at_edge_seeds(seed: int) -> None:
    assert seeded_deal(seed, 52) == python_deal(seed, 52) == SeededDeck(seed).draw(52)


@pytest.mark.parametrize("seed", [2**64, -1, -(2**70), 3**50])
def test_seeds_outside_64_bits_are_refused_not_reduced(seed: int) -> None:
    """Issue 30: they were taken modulo 2**64 (2**64 dealt like 0)."""
    message = rf"^seed must be an int in 0 \.\. 2\*\*64 - 1, got {seed}$"
    for call in (lambda: seeded_deal(seed, 5), lambda: SeededDeck(seed), lambda: splitmix64_stream(seed, 1)):
        with pytest.raises(SeedError, match=message):
            call()


def test_c_and_python_agree_for_many_seeds_counts_and_exclusions() -> None:
    rng = random.Random(4)
    for _ in range(3000):
        seed = rng.getrandbits(64)
        exclude = rng.sample(range(52), rng.randint(0, 12))
        count = rng.randint(0, 52 - len(exclude))
        assert seeded_deal(seed, count, exclude) == python_deal(seed, count, exclude)


def test_c_and_python_agree_when_few_cards_are_left_anywhere_in_the_deck() -> None:
    # the C deal finds card number j among the cards left by counting bits byte by byte:
    # decks of a few cards, in one byte or spread over several, the last byte included
    rng = random.Random(5)
    for _ in range(2000):
        keep = rng.sample(range(52), rng.randint(1, 9))
        if rng.random() < 0.3:
            low = rng.randrange(0, 52, 8)
            keep = [c for c in range(low, min(low + 8, 52)) if rng.random() < 0.7] or [low]
        exclude = [c for c in range(52) if c not in keep]
        seed = rng.getrandbits(64)
        assert seeded_deal(seed, len(keep), exclude) == python_deal(seed, len(keep), exclude)


def test_seeded_deck_deals_the_same_cards_a_few_at_a_time() -> None:
    rng = random.Random(8)
    for _ in range(300):
        seed = rng.getrandbits(64)
        exclude = rng.sample(range(52), rng.randint(0, 12))
        deck = SeededDeck(seed, exclude)
        dealt: list[int] = []
        while deck.remaining:
            if rng.random() < 0.2:
                twin = deck.copy()
                assert twin.draw(twin.remaining) == python_deal(seed, 52 - len(exclude), exclude)[
                    len(dealt) :
                ]
            dealt += deck.draw(rng.randint(0, min(5, deck.remaining)))
        assert dealt == python_deal(seed, 52 - len(exclude), exclude)
        with pytest.raises(HoldemEvalError) as err:
            deck.draw(1)
        assert str(err.value) == "cannot deal 1 cards: only 0 remain in the deck"


def test_prefix_property_and_golden() -> None:
    assert format_cards(seeded_deal(2024, 5)) == "Tc6s9dJd3c"
    whole = seeded_deal(99, 52)
    assert sorted(whole) == list(range(52))
    for k in range(53):
        assert seeded_deal(99, k) == whole[:k]


def test_seeded_hand_deals_hole_cards_then_burn_flop_burn_turn_burn_river() -> None:
    for seed in range(200):
        n = 2 + seed % 9
        h = Hand(GameConfig(big_blind=2), [100] * n, button=seed % n, seed=seed)
        deck = SeededDeck(seed).draw(2 * n + 8)
        first = (seed % n + 1) % n
        for k in range(n):
            seat = (first + k) % n
            assert h.hole_cards[seat] == (deck[k], deck[n + k])
        while h.payouts is None:
            h.call() if h.to_call else h.check()
        nh = 2 * n
        assert h.board == [*deck[nh + 1 : nh + 4], deck[nh + 5], deck[nh + 7]]


def test_rejections() -> None:
    with pytest.raises(HoldemEvalError, match="only 50 remain"):
        seeded_deal(1, 51, [0, 1])
    with pytest.raises(HoldemEvalError, match="cannot deal -1 cards"):
        seeded_deal(1, -1)
    with pytest.raises(ValueError, match="excluded card 52"):
        seeded_deal(1, 3, [52])
    with pytest.raises(TypeError, match=r"^seed must be an int in 0 \.\. 2\*\*64 - 1, got 1\.5$"):
        seeded_deal(1.5, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="^cannot deal 1 cards: only 0 remain in the deck$"):
        deal_seeded(5, (1 << 52) - 1, 1)
    with pytest.raises(ValueError, match="^cannot deal 53 cards: only 52 remain in the deck$"):
        deal_seeded(5, 0, 53)
    with pytest.raises(ValueError, match="^cannot deal -1 cards: only 50 remain in the deck$"):
        deal_seeded(5, 3, -1)
