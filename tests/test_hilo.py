"""Hi-lo evaluation: the eight-or-better A-5 low (csrc/eval_low.c), the hi-lo variant rows
and their faces (evaluate_hilo, evaluate_hilo_batch, describe_low), checked against the
brute-force references of tests/hilo_reference.py (written from the rules, phevaluator for
the high half)."""

from __future__ import annotations

import numpy as np
import pytest
from hilo_reference import LOW_RANK, best_high, best_low, low_key

from holdem_eval import DuplicateCardError, InvalidCardError, OutArrayError, ShapeError
from holdem_eval import _bindings as nat
from holdem_eval.errors import InvalidRankError, VariantError
from holdem_eval.hilo import (
    HILO_VARIANTS,
    LOW_WORST,
    describe_hilo,
    describe_low,
    evaluate_hilo,
    evaluate_hilo_batch,
    low_cards,
)
from holdem_eval.variants import VARIANTS

GAMES = {"omaha-hi-lo": (4, True), "omaha5-hi-lo": (5, True), "holdem-hi-lo": (2, False)}


def _deals(seed: int, n: int, hole: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :hole + 5].astype(np.uint8)
    # half the deals from the low cards only (A..8 and a few more), so lows are common
    low_deck = np.array([c for c in range(52) if c >> 2 <= 7 or c >> 2 == 12], dtype=np.uint8)
    picks = np.argsort(rng.random((n // 2, low_deck.size)), axis=1)[:, :hole + 5]
    cards[: n // 2] = low_deck[picks]
    return np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])


def test_the_rows() -> None:
    assert HILO_VARIANTS == ("omaha-hi-lo", "omaha5-hi-lo", "holdem-hi-lo")
    for name, (hole, two_three) in GAMES.items():
        row = VARIANTS[name]
        assert row.low == 8 and row.hole_counts == (hole,) and row.board_size == 5
        assert row.hole_used == (2 if two_three else 0) and row.worst_rank == 7462


def test_the_low_scale() -> None:
    assert len(LOW_RANK) == LOW_WORST == 56
    for key, rank in LOW_RANK.items():
        assert low_cards(rank) == key
    assert describe_low(1) == "5-4-3-2-A" and describe_low(56) == "8-7-6-5-4"
    assert describe_low(2) == "6-4-3-2-A" and describe_low(0) == "no low"
    for bad in (-1, 57, True, 1.5, None):
        with pytest.raises(InvalidRankError, match=r"a low rank must be an int 0\.\.56"):
            describe_low(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", list(GAMES))
def test_batch_matches_brute_force(variant: str) -> None:
    hole, two_three = GAMES[variant]
    holes, boards = _deals(hash(variant) & 0xFFFF, 1500, hole)
    high, low = evaluate_hilo_batch(holes, boards, variant=variant)
    qualified = 0
    for i in range(len(holes)):
        h, b = holes[i].tolist(), boards[i].tolist()
        assert int(low[i]) == best_low(h, b, two_three), (variant, h, b)
        assert int(high[i]) == best_high(h, b, two_three), (variant, h, b)
        qualified += int(low[i]) > 0
    assert 300 < qualified < 1500  # the sample has lows and hands without one


@pytest.mark.parametrize("variant", list(GAMES))
def test_scalar_equals_batch_and_the_variant_row(variant: str) -> None:
    hole, _ = GAMES[variant]
    holes, boards = _deals(7, 200, hole)
    high, low = evaluate_hilo_batch(holes, boards, variant=variant)
    code = VARIANTS[variant].code
    for i in range(len(holes)):
        assert evaluate_hilo(holes[i].tolist(), boards[i].tolist(), variant) == (high[i], low[i])
        assert nat.variant_low_rank(code, holes[i].tobytes(), boards[i].tobytes()) == low[i]


def test_shared_board_and_threads() -> None:
    holes, boards = _deals(3, 4000, 4)
    board = boards[0]
    keep = ~np.isin(holes, board).any(axis=1)
    holes = np.ascontiguousarray(holes[keep])
    high1, low1 = evaluate_hilo_batch(holes, board)
    high2, low2 = evaluate_hilo_batch(holes, np.tile(board, (len(holes), 1)), threads=2)
    assert (high1 == high2).all() and (low1 == low2).all()
    out_h = np.empty(len(holes), np.uint16)
    out_l = np.empty(len(holes), np.uint16)
    h, lo = evaluate_hilo_batch(holes, board, out_high=out_h, out_low=out_l)
    assert h is out_h and lo is out_l and (out_l == low1).all()


def test_worked_examples() -> None:
    # Omaha: exactly two hole cards for the low too. A-2 in hand, 3-4-8 on board: 8-4-3-2-A.
    assert evaluate_hilo("As2dKhKc", "3c4d8hKs9s")[1] == LOW_RANK[(8, 4, 3, 2, 1)]
    # Four low cards on the board and one in hand: no Omaha low (two hole cards needed) ...
    assert evaluate_hilo("AsKdKhQc", "2c3d4h5s9s")[1] == 0
    # ... but Hold'em hi-lo plays any five: the wheel.
    assert evaluate_hilo("AsKd", "2c3d4h5s9s", "holdem-hi-lo")[1] == 1
    # Two low board cards: no Omaha low. A paired ace counts once: A-A-2-3 with 4-5-6
    # makes 6-5-4-2-A.
    assert evaluate_hilo("AsAd2h3c", "4d5hKsQsJs")[1] == 0
    assert evaluate_hilo("AsAd2h3c", "4d5h6sQsJs")[1] == LOW_RANK[(6, 5, 4, 2, 1)]
    # Big O: five hole cards, still two of them.
    assert evaluate_hilo("As2d3h9c9d", "4c5h6dKsQs", "omaha5-hi-lo")[1] == LOW_RANK[(6, 5, 4, 2, 1)]
    assert describe_hilo(*evaluate_hilo("As2dKhKc", "3c4d8hKs9s")).endswith("8-4-3-2-A low")
    assert describe_hilo(1, 0).endswith("; no low")


def test_low_key_rule() -> None:
    assert low_key([51, 0, 4, 8, 12]) == (5, 4, 3, 2, 1)  # A-2-3-4-5, a straight: still a low
    assert low_key([51, 0, 4, 8, 28]) is None              # a nine
    assert low_key([51, 50, 4, 8, 12]) is None             # a pair: four distinct ranks


def test_bad_input() -> None:
    with pytest.raises(VariantError, match="variant must be one of .*a hi-lo game.*'omaha'"):
        evaluate_hilo("AsKdKhQc", "2c3d4h5s9s", "omaha")
    with pytest.raises(VariantError, match=r"^variant must be one of \('holdem', .*got 'razz'"):
        evaluate_hilo_batch([[0, 1, 2, 3]], [4, 5, 6, 7, 8], variant="razz")
    with pytest.raises(ShapeError, match="a hole of omaha-hi-lo is 4 cards, got 5"):
        evaluate_hilo("AsKdKhQcQd", "2c3d4h5s9s")
    with pytest.raises(ShapeError, match="a board of holdem-hi-lo is 5 cards, got 3"):
        evaluate_hilo("AsKd", "2c3d4h", "holdem-hi-lo")
    with pytest.raises(DuplicateCardError, match="hand repeats card 'As'"):
        evaluate_hilo("AsKdKhQc", "As3d4h5s9s")
    with pytest.raises(ShapeError, match=r"holes must have shape \(n, 5\) for omaha5-hi-lo"):
        evaluate_hilo_batch([[0, 1, 2, 3]], [4, 5, 6, 7, 8], variant="omaha5-hi-lo")
    with pytest.raises(ShapeError, match="boards must have 5 cards for holdem-hi-lo"):
        evaluate_hilo_batch([[0, 1]], [4, 5, 6], variant="holdem-hi-lo")
    with pytest.raises(DuplicateCardError, match="^hand 1 repeats card '2c'"):
        evaluate_hilo_batch([[8, 9, 10, 11], [0, 1, 2, 3]], [0, 4, 5, 6, 7])
    with pytest.raises(InvalidCardError, match="card id 52 in row 0 of holes is outside 0..51"):
        evaluate_hilo_batch([[52, 1, 2, 3]], [4, 5, 6, 7, 8])
    with pytest.raises(OutArrayError, match=r"out_low must be a writable C-contiguous uint16"):
        evaluate_hilo_batch([[0, 1, 2, 3]], [4, 5, 6, 7, 8], out_low=np.empty(1, np.int32))
