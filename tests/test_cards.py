from __future__ import annotations

import numpy as np
import pytest

import holdem_eval as he


def test_parse_card_all_52() -> None:
    for rank_i, r in enumerate("23456789TJQKA"):
        for suit_i, s in enumerate("cdhs"):
            assert he.parse_card(r + s) == 4 * rank_i + suit_i
            assert he.parse_card((r + s).lower()) == 4 * rank_i + suit_i
            assert he.parse_card(r.lower() + s.upper()) == 4 * rank_i + suit_i
    assert he.parse_card("10d") == he.parse_card("Td") == 33
    assert he.parse_card(" As ") == 51


@pytest.mark.parametrize(
    ("text", "msg"),
    [("", "'' is not a card"), ("A", "'A' is not a card"), ("1h", "'1h' is not a card"),
     ("Ax", "'Ax' is not a card"), ("AhK", "'AhK' is not a card"), ("11h", "'11h' is not a card")],
)
def test_parse_card_rejects(text: str, msg: str) -> None:
    with pytest.raises(he.InvalidCardError, match=msg):
        he.parse_card(text)


def test_parse_card_type() -> None:
    with pytest.raises(he.DTypeError, match="a card must be text like 'Ah', got 51"):
        he.parse_card(51)  # type: ignore[arg-type]


def test_parse_cards_forms() -> None:
    want = [50, 45, 33]
    for text in ("AhKdTd", "Ah Kd Td", "ah kd 10d", "Ah,Kd, 10D", "  Ah  Kd Td "):
        assert he.parse_cards(text).tolist() == want
    assert he.parse_cards(["Ah", "Kd", "Td"]).tolist() == want
    assert he.parse_cards(np.array(want, dtype=np.int64)).tolist() == want
    assert he.parse_cards((50, 45, 33)).dtype == np.uint8
    assert he.parse_cards("").tolist() == []


def test_parse_cards_rejects() -> None:
    with pytest.raises(he.DuplicateCardError, match="card 'Ah' appears twice in 'AhKdAh'"):
        he.parse_cards("Ah Kd Ah")
    with pytest.raises(he.InvalidCardError, match="'Zz' at position 3 of 'Ah Zz' is not a card"):
        he.parse_cards("Ah Zz")
    with pytest.raises(he.InvalidCardError, match="card id 52 at position 1 is outside 0..51"):
        he.parse_cards([1, 52])
    with pytest.raises(he.DTypeError, match="card at position 1 must be an integer id 0..51 or text"):
        he.parse_cards([1, 2.0])
    with pytest.raises(he.DTypeError, match="cards must be integer ids or text, got dtype float64"):
        he.parse_cards(np.array([1.0]))


def test_format_cards() -> None:
    assert he.format_cards([50, 45, 33]) == "AhKdTd"
    assert he.format_cards(np.array([0, 51]), sep=" ") == "2c As"
    with pytest.raises(he.InvalidCardError, match="card id 60 at position 0 is outside 0..51"):
        he.format_cards([60])
    with pytest.raises(he.DTypeError, match="card at position 0 must be an integer id, got 'Ah'"):
        he.format_cards(["Ah"])  # type: ignore[list-item]


def test_round_trip() -> None:
    ids = list(range(52))
    assert he.parse_cards(he.format_cards(ids)).tolist() == ids
