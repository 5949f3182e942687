"""Hand takes hole cards in every form the rest of the library takes cards (issue 10 item 4:
numpy arrays as hole cards gave a raw error): numpy ids, bytes, eval7 and PokerKit cards."""

from __future__ import annotations

from typing import Any

import eval7
import numpy as np
import pokerkit
import pytest
from holdem_eval.engine import ConfigError, GameConfig, Hand

from holdem_eval import DTypeError, DuplicateCardError, ShapeError

CFG = GameConfig(big_blind=2)
WANT = [(50, 46), (0, 1)]


@pytest.mark.parametrize(
    "holes",
    [
        [np.array([50, 46]), np.array([0, 1], dtype=np.uint8)],
        np.array([[50, 46], [0, 1]]),
        [b"AhKh", bytearray(b"2c2d")],
        [[eval7.Card("Ah"), eval7.Card("Kh")], [eval7.Card("2c"), eval7.Card("2d")]],
        [list(pokerkit.Card.parse("AhKh")), list(pokerkit.Card.parse("2c2d"))],
        [(50, 46), [0, 1]],
        ["AhKh", "2c 2d"],
    ],
    ids=["numpy-rows", "numpy-2d", "bytes", "eval7", "pokerkit", "ids", "text"],
)
def test_hole_card_forms(holes: Any) -> None:
    assert Hand(CFG, [100, 100], button=0, hole_cards=holes).hole_cards == WANT


def test_numpy_hole_of_wrong_size_is_a_shape_error() -> None:
    with pytest.raises(ShapeError, match=r"^seat 0 needs 2 hole cards, got 3: array\(\[50, 46,  1\]\)$"):
        Hand(CFG, [100, 100], button=0, hole_cards=[np.array([50, 46, 1]), np.array([0, 1])])


def test_numpy_card_id_out_of_range_names_the_seat() -> None:
    with pytest.raises(ConfigError, match=r"^seat 1 has card np\.int64\(60\); expected card ids 0\.\.51"):
        Hand(CFG, [100, 100], button=0, hole_cards=[[50, 46], np.array([60, 1], dtype=np.int64)])


def test_float_card_ids_are_refused() -> None:
    with pytest.raises(DTypeError, match=r"^cards must be integer ids or text, got dtype float64$"):
        Hand(CFG, [100, 100], button=0, hole_cards=[np.array([50.0, 46.0]), [0, 1]])


def test_bytes_are_text_not_ids() -> None:
    with pytest.raises(DuplicateCardError, match=r"^card 'Ah' appears twice in 'AhAh'$"):
        Hand(CFG, [100, 100], button=0, hole_cards=[b"AhAh", [0, 1]])
