from __future__ import annotations

import numpy as np
import pytest

import holdem_eval as he
from holdem_eval import HandCategory as C


def test_category_bounds() -> None:
    bounds = {C.STRAIGHT_FLUSH: (1, 10), C.FOUR_OF_A_KIND: (11, 166), C.FULL_HOUSE: (167, 322),
              C.FLUSH: (323, 1599), C.STRAIGHT: (1600, 1609), C.THREE_OF_A_KIND: (1610, 2467),
              C.TWO_PAIR: (2468, 3325), C.ONE_PAIR: (3326, 6185), C.HIGH_CARD: (6186, 7462)}
    for cat, (lo, hi) in bounds.items():
        assert he.hand_category(lo) is cat and he.hand_category(hi) is cat
    cats = he.hand_categories(np.arange(1, 7463))
    assert cats.dtype == np.uint8
    assert [int((cats == c).sum()) for c in range(1, 10)] == [hi - lo + 1 for lo, hi in bounds.values()]
    assert he.hand_categories(np.array([[1, 7462]])).tolist() == [[1, 9]]
    assert C.FULL_HOUSE.label == "Full House"


@pytest.mark.parametrize("rank", [0, 7463, -1])
def test_bad_ranks(rank: int) -> None:
    with pytest.raises(he.InvalidRankError, match=f"hand rank {rank} is outside 1..7462"):
        he.hand_category(rank)
    with pytest.raises(he.InvalidRankError, match=f"rank {rank} at index 1 is outside 1..7462"):
        he.hand_categories([5, rank])


def test_bad_rank_types() -> None:
    with pytest.raises(he.DTypeError, match="a hand rank must be an integer 1..7462, got 1.0"):
        he.hand_category(1.0)  # type: ignore[arg-type]
    with pytest.raises(he.DTypeError, match="ranks must be integers 1..7462, got dtype float64"):
        he.hand_categories([1.0])


@pytest.mark.parametrize(
    ("cards", "five", "text"),
    [
        ("Ah Kh Qh Jh Th 9c 2d", "Ah Kh Qh Jh Th", "Royal Flush"),
        ("9h Kh Qh Jh Th 8h 2d", "Kh Qh Jh Th 9h", "Straight Flush, King high"),
        ("5d 4d 3d 2d Ad Kd", "5d 4d 3d 2d Ad", "Straight Flush, Five high"),
        ("As Ad Ac Ah Kd 2c 3c", "As Ah Ad Ac Kd", "Four of a Kind, Aces, King kicker"),
        ("Kd Ks Kc 5h 5c 5d 2c", "Ks Kd Kc 5h 5d", "Full House, Kings over Fives"),
        ("6c 6d 6h 2s 2c 3d 4h", "6h 6d 6c 2s 2c", "Full House, Sixes over Twos"),
        ("Ac Kc 9c 5c 3c 2c Qd", "Ac Kc 9c 5c 3c", "Flush, Ace-King-Nine-Five-Three"),
        ("5h 4d 3c 2s Ah", "5h 4d 3c 2s Ah", "Straight, Five high"),
        ("7s 7d 7h Ac Kd 2c 3h", "7s 7h 7d Ac Kd", "Three of a Kind, Sevens, Ace-King kickers"),
        ("Kd Ks 5c 5h Ad 2c 3d", "Ks Kd 5h 5c Ad", "Two Pair, Kings and Fives, Ace kicker"),
        ("Ah As Kd Qc Jh 2c 3d", "As Ah Kd Qc Jh", "One Pair, Aces, King-Queen-Jack kickers"),
        ("Ah Kd Jc 9h 3s 2c 4d", "Ah Kd Jc 9h 4d", "High Card, Ace-King-Jack-Nine-Four"),
    ],
)
def test_best_five_and_describe(cards: str, five: str, text: str) -> None:
    assert he.format_cards(he.best_five(cards), sep=" ") == five
    assert he.describe(cards) == text
    assert he.describe(he.evaluate(cards)) == text
    assert he.evaluate(list(he.best_five(cards))) == he.evaluate(cards)


def test_describe_every_rank_is_distinct() -> None:
    names = {he.describe(r) for r in range(1, 7463)}
    assert len(names) == 7462


def test_kicker_only_inside_best_five() -> None:
    # A-K-8-8-3 board: Q2 and J4 both play A-K-Q? No: the queen plays for Q2, the jack for J4.
    q2 = he.evaluate("Ah Kd 8c 8s 3h Qc 2d")
    j4 = he.evaluate("Ah Kd 8c 8s 3h Jc 4d")
    assert q2 < j4
    assert he.format_cards(he.best_five("Ah Kd 8c 8s 3h Qc 2d"), sep=" ") == "8s 8c Ah Kd Qc"
    # the board plays: both players hold cards below the board's fifth-best
    assert he.evaluate("Ah Kd Qc Js 9h 2c 3d") == he.evaluate("Ah Kd Qc Js 9h 4c 5d")


def test_best_five_omaha() -> None:
    assert he.format_cards(he.best_five_omaha("Ah Kh 2c 2d", "Qh Jh Th 2s 3s"), sep=" ") == "Ah Kh Qh Jh Th"
    # four hearts in hand, one on board: no flush; the board pair plays with two hole cards
    five = he.best_five_omaha("Ah Kh Qh Jh", "2h 7c 7d 9s 3c")
    assert he.format_cards(five, sep=" ") == "7d 7c Ah Kh 9s"
    assert he.evaluate(list(five)) == he.evaluate_omaha("Ah Kh Qh Jh", "2h 7c 7d 9s 3c")
    with pytest.raises(he.ShapeError, match="^an Omaha hole is 4, 5 or 6 cards, got 2: 'AhKh'$"):
        he.best_five_omaha("Ah Kh", "2h 7c 7d 9s 3c")
    with pytest.raises(he.DuplicateCardError, match=r"^hand repeats card '2h': 'AhKh2h3d' \| '2h7c7d9s3c'$"):
        he.best_five_omaha("Ah Kh 2h 3d", "2h 7c 7d 9s 3c")
    with pytest.raises(he.DuplicateCardError, match=r"^hand repeats card 'Ah': 'AhKhAh3d' \| '2h7c7d9s3c'$"):
        he.best_five_omaha("Ah Kh Ah 3d", "2h 7c 7d 9s 3c")
