"""Short deck (6+ Hold'em): the evaluator's faces against an independent reference
(tests/short_reference.py, written from the rules), exhaustively for 5 cards, by the best
of the 21 fives for 7 cards, and against PokerKit's short-deck hand on random hands."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import numpy as np
import pytest
from numpy.typing import NDArray
from short_reference import short_category, short_key

from holdem_eval import (
    HandCategory,
    InvalidCardError,
    InvalidRankError,
    InvalidVariantError,
    best_five,
    describe,
    evaluate,
    evaluate_batch,
    format_cards,
    hand_categories,
    hand_category,
)
from holdem_eval._bindings import ffi, lib
from holdem_eval.variants import VARIANTS

SHORT = "short-deck"
STRAIGHTS = "short-deck-straights-beat-trips"
VARIANTS_SHORT = (SHORT, STRAIGHTS)
DECK = list(range(16, 52))


def all_combos(n: int, k: int, offset: int = 0) -> NDArray[np.uint8]:
    """Every k-subset of offset .. offset + n - 1, lexicographic, as rows of uint8."""
    rows = np.arange(n, dtype=np.int64)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1]
        reps = n - 1 - last
        base = np.repeat(rows, reps, axis=0)
        starts = np.repeat(np.cumsum(reps) - reps, reps)
        nxt = np.repeat(last + 1, reps) + (np.arange(base.shape[0]) - starts)
        rows = np.concatenate([base, nxt[:, None]], axis=1)
    return (rows + offset).astype(np.uint8)


def test_the_rows_of_the_short_deck_variants() -> None:
    for name in VARIANTS_SHORT:
        row = VARIANTS[name]
        assert (row.deck_size, row.lowest_card, row.worst_rank) == (36, 16, 1404)
        assert (row.hole_counts, row.board_size, row.hole_used, row.low) == ((2,), 5, 0, 0)


@pytest.fixture(scope="module")
def fives() -> NDArray[np.uint8]:
    hands = all_combos(36, 5, 16)
    assert hands.shape == (comb(36, 5), 5) == (376_992, 5)
    return hands


# Closed-form counts of the 376,992 five-card hands by category (HandCategory numbers):
# straights have 6 tops (A .. 9 with A-6-7-8-9), each in 4**5 suitings, 4 of them flushes.
FIVE_CARD_COUNTS = {
    1: 6 * 4,
    2: 9 * 8 * 4,
    3: 9 * comb(4, 3) * 8 * comb(4, 2),
    4: 4 * (comb(9, 5) - 6),
    5: 6 * (4**5 - 4),
    6: 9 * comb(4, 3) * comb(8, 2) * 4**2,
    7: comb(9, 2) * comb(4, 2) ** 2 * 7 * 4,
    8: 9 * comb(4, 2) * comb(8, 3) * 4**3,
    9: (comb(9, 5) - 6) * (4**5 - 4),
}


@pytest.mark.parametrize("variant", VARIANTS_SHORT)
def test_every_five_card_hand_ranks_as_the_reference(fives: NDArray[np.uint8], variant: str) -> None:
    assert sum(FIVE_CARD_COUNTS.values()) == comb(36, 5)
    ranks = evaluate_batch(fives, variant=variant)
    cats = hand_categories(ranks, variant=variant)
    assert {c: int((cats == c).sum()) for c in range(1, 10)} == FIVE_CARD_COUNTS
    # every reference key has one rank, and the ranks run 1..1404 in the keys' order
    trips_first = variant == SHORT
    rank_of: dict[tuple[int, ...], int] = {}
    for hand, rank, cat in zip(fives.tolist(), ranks.tolist(), cats.tolist()):
        key = short_key(hand, trips_first)
        assert rank_of.setdefault(key, rank) == rank, (format_cards(hand), rank)
        assert cat == (short_category(hand, trips_first) if key[0] in (4, 5) else cat)
    keys = sorted(rank_of, reverse=True)
    assert [rank_of[k] for k in keys] == list(range(1, 1405))


def test_the_two_rule_sets_differ_only_between_trips_and_straights(fives: NDArray[np.uint8]) -> None:
    a = evaluate_batch(fives, variant=SHORT)
    b = evaluate_batch(fives, variant=STRAIGHTS)
    same = a == b
    cats = hand_categories(a, variant=SHORT)
    assert set(np.unique(cats[~same]).tolist()) == {HandCategory.STRAIGHT, HandCategory.THREE_OF_A_KIND}
    assert (hand_categories(b, variant=STRAIGHTS) == cats).all()
    # the bounds documented in docs/variants.md and holdem_eval/_short_classes.py
    for variant, bounds in (
        (SHORT, {1: (1, 6), 2: (7, 78), 4: (79, 198), 3: (199, 270), 6: (271, 522),
                 5: (523, 528), 7: (529, 780), 8: (781, 1284), 9: (1285, 1404)}),
        (STRAIGHTS, {5: (271, 276), 6: (277, 528)}),
    ):
        ranks = a if variant == SHORT else b
        for cat, (lo, hi) in bounds.items():
            got = ranks[hand_categories(ranks, variant=variant) == cat]
            assert (int(got.min()), int(got.max())) == (lo, hi)


@pytest.mark.slow  # about 25 s: 2 x 22 batches of 8.3 M hands
def test_seven_cards_rank_as_the_best_of_their_fives() -> None:
    # every 7-card hand of the 36-card deck (8,347,680): its rank is the best of its 21
    # fives, each of which the exhaustive test above checks against the reference
    sevens = all_combos(36, 7, 16)
    assert sevens.shape[0] == comb(36, 7)
    for variant in VARIANTS_SHORT:
        ranks = evaluate_batch(sevens, variant=variant, threads=2)
        best = np.full(len(sevens), 0xFFFF, dtype=np.uint16)
        for idx in combinations(range(7), 5):
            np.minimum(best, evaluate_batch(sevens[:, idx], variant=variant, threads=2), out=best)
        assert (ranks == best).all()
        counts = np.bincount(hand_categories(ranks, variant=variant), minlength=10)[1:].tolist()
        assert sum(counts) == comb(36, 7)
        assert counts == SEVEN_CARD_COUNTS[variant]


# Category counts (straight flush .. high card) of the 8,347,680 seven-card hands, as the
# check above finds them (a regression pin; the check itself is the oracle).
SEVEN_CARD_COUNTS = {
    SHORT: [10560, 44640, 633024, 175560, 1139580, 637560, 3157056, 2316600, 233100],
    STRAIGHTS: [10560, 44640, 633024, 175560, 1169940, 607200, 3157056, 2316600, 233100],
}


def test_random_seven_card_hands_rank_as_the_best_of_their_fives() -> None:
    rng = np.random.default_rng(27)
    sevens = np.array([rng.choice(DECK, 7, replace=False) for _ in range(20000)], dtype=np.uint8)
    for variant in VARIANTS_SHORT:
        best = np.full(len(sevens), 0xFFFF, dtype=np.uint16)
        for idx in combinations(range(7), 5):
            np.minimum(best, evaluate_batch(sevens[:, idx], variant=variant), out=best)
        assert (evaluate_batch(sevens, variant=variant) == best).all()


@pytest.mark.parametrize("k", [6, 7])
@pytest.mark.parametrize("variant", VARIANTS_SHORT)
def test_random_hands_rank_in_the_references_order(k: int, variant: str) -> None:
    rng = random.Random(f"{k}{variant}")
    hands = [rng.sample(DECK, k) for _ in range(1500)]
    ranks = evaluate_batch(hands, variant=variant).tolist()
    keys = [short_key(h, variant == SHORT) for h in hands]
    for (ra, ka), (rb, kb) in zip(zip(ranks, keys), zip(ranks[1:], keys[1:])):
        assert (ra < rb) == (ka > kb) and (ra == rb) == (ka == kb)
    for h, r in zip(hands[:300], ranks):
        assert evaluate(h, variant=variant) == r == evaluate(format_cards(h), variant=variant)
        assert hand_category(r, variant) == short_category(h, variant == SHORT)


@pytest.mark.parametrize("variant", VARIANTS_SHORT)
def test_every_face_ranks_alike(variant: str) -> None:
    rng = np.random.default_rng(7)
    hands = np.array([rng.choice(DECK, 7, replace=False) for _ in range(5000)], dtype=np.uint8)
    ranks = evaluate_batch(hands, variant=variant)
    assert (evaluate_batch(hands, variant=variant, threads=4) == ranks).all()
    assert (evaluate_batch(hands[:, :2], board=hands[:, 2:], variant=variant) == ranks).all()
    shared = evaluate_batch(hands[:1, :2], board=hands[0, 2:], variant=variant)
    assert shared[0] == ranks[0]
    out = np.zeros(len(hands), dtype=np.uint16)
    assert evaluate_batch(hands.astype(np.int64), variant=variant, out=out) is out
    assert (out == ranks).all()
    row = VARIANTS[variant]
    rank = ffi.new("uint16_t *")
    for h, r in zip(hands[:500].tolist(), ranks.tolist()):
        assert evaluate(h, variant) == r
        st = lib.he_variant_rank(row.code, bytes(h[:2]), 2, bytes(h[2:]), 5, rank)
        assert (st, rank[0]) == (lib.HE_OK, r)


def test_rules_named_examples() -> None:
    assert evaluate("9c 8d 7h 6s Ac", variant=SHORT) == 528  # A-6-7-8-9, the lowest straight
    assert describe("9c 8d 7h 6s Ac", variant=SHORT) == "Straight, Nine high"
    assert describe("9h 8h 7h 6h Ah", variant=SHORT) == "Straight Flush, Nine high"
    flush, full = evaluate("Ah Qh Th 8h 6h", variant=SHORT), evaluate("Ac Ad Ah Kc Kd", variant=SHORT)
    assert flush < full  # a flush beats a full house
    trips, straight = evaluate("6c 6d 6h 8s 7s", variant=SHORT), evaluate("Ac Kd Qh Js Tc", variant=SHORT)
    assert trips < straight
    assert evaluate("6c 6d 6h 8s 7s", variant=STRAIGHTS) > evaluate("Ac Kd Qh Js Tc", variant=STRAIGHTS)
    assert describe("6c 6d 6h 7s 8s 9c Tc", variant=SHORT) == "Three of a Kind, Sixes, Ten-Nine kickers"
    assert describe("6c 6d 6h 7s 8s 9c Tc", variant=STRAIGHTS) == "Straight, Ten high"
    assert format_cards(best_five("6c 6d 6h 7s 8s 9c Tc", variant=STRAIGHTS), sep=" ") == "Tc 9c 8s 7s 6h"
    assert format_cards(best_five("9c 8d 7h 6s Ac Kd", variant=SHORT), sep=" ") == "9c 8d 7h 6s Ac"
    assert describe(1, variant=SHORT) == "Royal Flush"
    assert describe(1404, variant=SHORT) == "High Card, Jack-Nine-Eight-Seven-Six"
    assert hand_category(522, SHORT) is HandCategory.THREE_OF_A_KIND
    assert hand_category(522, STRAIGHTS) is HandCategory.THREE_OF_A_KIND
    assert hand_category(523, SHORT) is HandCategory.STRAIGHT


# ---- bad input: a 2..5 in any face names the card and the variant ----------------------


OUTSIDE = r"card '5s' in hand( 1)? is not in the deck of variant 'short-deck' \(cards 6\.\.A, ids 16\.\.51\)"


@pytest.mark.parametrize("call", [
    lambda: evaluate("Ah Kh Qh Jh 5s", variant=SHORT),
    lambda: evaluate([48, 44, 40, 36, 15], variant=SHORT),
    lambda: evaluate_batch(["AhKhQhJhTh", "AhKhQhJh5s"], variant=SHORT),
    lambda: evaluate_batch([[48, 44, 40, 36, 32], [48, 44, 40, 36, 15]], variant=SHORT),
    lambda: evaluate_batch([[48, 44], [15, 20]], board=[40, 36, 32], variant=SHORT),
    lambda: evaluate_batch([[48, 44], [16, 20]], board=[[40, 36, 32], [40, 36, 15]], variant=SHORT),
    lambda: describe("Ah Kh Qh Jh 5s", variant=SHORT),
    lambda: best_five("Ah Kh Qh Jh 5s 6c", variant=SHORT),
], ids=["evaluate-text", "evaluate-ids", "batch-text", "batch-ids", "hole-board", "boards",
        "describe", "best_five"])
def test_a_card_outside_the_short_deck_is_named_with_the_variant(call: object) -> None:
    with pytest.raises(InvalidCardError, match=OUTSIDE):
        call()  # type: ignore[operator]


def test_a_shared_board_outside_the_short_deck() -> None:
    with pytest.raises(InvalidCardError, match=r"card '2c' in hand 0 is not in the deck of variant"
                                               r" 'short-deck-straights-beat-trips'"):
        evaluate_batch([[48, 44], [16, 20]], board=[40, 36, 0], variant=STRAIGHTS)


def test_ranks_outside_the_short_scale() -> None:
    on = r" \(variant 'short-deck'\)"
    with pytest.raises(InvalidRankError, match=r"hand rank 1405 is outside 1\.\.1404" + on):
        hand_category(1405, SHORT)
    with pytest.raises(InvalidRankError, match=r"rank 2000 at index 1 is outside 1\.\.1404" + on):
        hand_categories([1, 2000], variant=SHORT)
    with pytest.raises(InvalidRankError, match=r"outside 1\.\.1404"):
        describe(1405, variant=SHORT)


def test_unknown_or_unplayed_variants() -> None:
    with pytest.raises(InvalidVariantError, match=r"evaluate plays the variants \('holdem',"
                       r" 'short-deck', 'short-deck-straights-beat-trips'.*got 'shortdeck'"):
        evaluate("Ah Kh Qh Jh Th", variant="shortdeck")
    with pytest.raises(InvalidVariantError, match=r"evaluate_batch plays the variants .* got 'omaha'"):
        evaluate_batch([[48, 44, 40, 36, 32]], variant="omaha")
    # a game of the table the face does not play names the face that does
    with pytest.raises(InvalidVariantError, match=r"got 'omaha5'; .* evaluate_omaha\(hole, board\)"):
        evaluate([48, 44, 40, 36, 32], variant="omaha5")
    with pytest.raises(InvalidVariantError,
                       match=r"'holdem-hi-lo' is a hi-lo game: evaluate_hilo\(hole, board, variant="):
        evaluate("Ah Kh Qh Jh Th", variant="holdem-hi-lo")
    with pytest.raises(InvalidVariantError, match=r"got 7"):
        hand_category(1, 7)  # type: ignore[arg-type]
