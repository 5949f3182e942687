"""Cards from treys (ints), eval7 and PokerKit (Card objects) against the real libraries."""

from __future__ import annotations

import subprocess
import sys

import eval7
import numpy as np
import pokerkit
import pytest
import treys

import holdem_eval as he
from holdem_eval.cards import from_treys, to_treys

ALL = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def test_treys_round_trip_all_52() -> None:
    ints = [treys.Card.new(t) for t in ALL]
    assert to_treys(" ".join(ALL)) == ints
    assert from_treys(ints).tolist() == list(range(52))
    assert from_treys(np.array(ints, dtype=np.int64)).tolist() == list(range(52))
    assert he.format_cards(from_treys(treys.Card.new("Td"))) == "Td"


def test_treys_hand_evaluates_the_same_order() -> None:
    board = [treys.Card.new(t) for t in ("Ah", "Kd", "7c", "7s", "2h")]
    hands = [[treys.Card.new(a), treys.Card.new(b)] for a, b in (("Ac", "2d"), ("Kh", "Ks"), ("3c", "4c"))]
    ours = [he.evaluate([*from_treys(h), *from_treys(board)]) for h in hands]
    theirs = [treys.Evaluator().evaluate(board, h) for h in hands]
    assert ours == theirs  # both use the Cactus Kev scale


@pytest.mark.parametrize(
    ("value", "cls", "msg"),
    [
        ([50], he.InvalidCardError, "treys card at position 0 is not a treys card int: 50 "
                                    r"\(expected a value of treys.Card.new, e.g. 268446761 for 'Ah'\)"),
        ([268446761, 1.5], he.DTypeError, "treys card at position 1 must be an int, got 1.5"),
        ([True], he.DTypeError, "treys card at position 0 must be an int, got True"),
        ("Ah", he.DTypeError, "treys cards must be an int or a list of ints, got 'Ah'"),
        (None, he.DTypeError, "treys cards must be an int or a list of ints, got None"),
    ],
)
def test_from_treys_rejects(value: object, cls: type, msg: str) -> None:
    with pytest.raises(cls, match=msg):
        from_treys(value)  # type: ignore[arg-type]


def test_to_treys_rejects_bad_cards() -> None:
    with pytest.raises(he.InvalidCardError, match="'Xx' at position 0 of 'Xx' is not a card"):
        to_treys("Xx")


def test_eval7_cards_anywhere_cards_go() -> None:
    hand = [eval7.Card(t) for t in ("Ah", "Kh", "Qh", "Jh", "Th", "2c", "3d")]
    assert he.parse_cards(hand).tolist() == he.parse_cards("AhKhQhJhTh2c3d").tolist()
    assert he.evaluate(hand) == 1
    assert he.evaluate([str(c) for c in hand]) == 1
    low = [eval7.Card(t) for t in ("2c", "3d", "4h", "5s", "7c", "8d", "9h")]
    batch = np.array([hand, low], dtype=object)
    assert he.evaluate_batch(batch).tolist() == [1, he.evaluate("2c3d4h5s7c8d9h")]
    flop = [eval7.Card(t) for t in ("2c", "7d", "9h")]
    r = he.equity([[eval7.Card("As"), eval7.Card("Ac")], "KK"], board=flop, method="exact")
    assert r.equity == he.equity(["AsAc", "KK"], board="2c7d9h", method="exact").equity


def test_eval7_ranks_agree_in_order() -> None:
    rng = np.random.default_rng(5)
    for _ in range(200):
        ids = rng.choice(52, 7, replace=False)
        cards = [eval7.Card(he.format_cards([int(i)])) for i in ids]
        other = rng.choice(52, 7, replace=False)
        cards2 = [eval7.Card(he.format_cards([int(i)])) for i in other]
        a, b = he.evaluate(cards), he.evaluate(cards2)
        x, y = eval7.evaluate(cards), eval7.evaluate(cards2)
        ours = (a > b) - (a < b)
        theirs = (x < y) - (x > y)
        assert ours == theirs  # eval7: higher is stronger; ours: lower is stronger


def test_pokerkit_cards_and_their_str() -> None:
    cards = list(pokerkit.Card.parse("AhKhQhJhTh"))
    assert he.evaluate(cards) == 1
    assert [he.parse_card(str(c)) for c in cards] == he.parse_cards("AhKhQhJhTh").tolist()
    assert str(cards[0]) == "ACE OF HEARTS (Ah)" and he.parse_card(str(cards[0])) == 50
    hole, board = list(pokerkit.Card.parse("AhKh2c2d")), list(pokerkit.Card.parse("QhJhTh2s3s"))
    assert he.evaluate_omaha(hole, board) == 1
    msg = r"card object at position 0 is not one of the 52 cards: \?\? has rank <Rank.UNKNOWN: '\?'>"
    with pytest.raises(he.InvalidCardError, match=msg):
        he.parse_cards(list(pokerkit.Card.parse("??")))


def test_no_card_library_is_imported_at_run_time() -> None:
    code = ("import sys, holdem_eval as he; he.evaluate('AhKhQhJhTh'); he.equity(['AA', 'KK'], trials=1000, "
            "seed=1); print(sorted({'eval7', 'pokerkit', 'treys'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
