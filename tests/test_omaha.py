"""Omaha through the direct tables (csrc/eval_omaha.c, scripts/gen_omaha_tables.py):
against the rule written out (every two hole cards with every three board cards, each five
ranked by the Hold'em kernel), against phevaluator, on every rank pattern, and on bad input."""

from __future__ import annotations

import re
from itertools import combinations

import numpy as np
import pytest
from helpers import random_hands
from numpy.typing import NDArray

import holdem_eval as he

SIZES = [(nh, nb) for nh in (4, 5, 6) for nb in (3, 4, 5)]


def omaha_oracle(holes: NDArray[np.uint8], boards: NDArray[np.uint8]) -> NDArray[np.uint16]:
    """The rule as the kernel ranked it before the direct tables: the best of every
    (two hole, three board) choice (60 for four hole cards and five on the board), each five
    cards ranked by the Hold'em kernel. ``boards``: (nb,) shared or (n, nb)."""
    n, nh = holes.shape
    nb = boards.shape[-1]
    cards = np.concatenate([holes, np.broadcast_to(boards, (n, nb))], axis=1)
    choices = np.array([[*two, *(nh + t for t in three)] for two in combinations(range(nh), 2)
                        for three in combinations(range(nb), 3)])
    best = np.empty(n, dtype=np.uint16)
    step = max(1, 4_000_000 // len(choices))  # rows a slice: 4 M fives at a time
    for lo in range(0, n, step):
        fives = cards[lo : lo + step][:, choices].reshape(-1, 5)
        best[lo : lo + step] = he.evaluate_batch(fives).reshape(-1, len(choices)).min(axis=1)
    return best


def suited_hands(rng: np.random.Generator, n: int, k: int, suits: int) -> NDArray[np.uint8]:
    """n rows of k distinct cards from the first ``suits`` suits only: flushes galore, with
    three or more suited hole cards and four or five suited board cards."""
    deck = np.array([c for c in range(52) if c % 4 < suits], dtype=np.uint8)
    return deck[np.argsort(rng.random((n, deck.size)), axis=1)[:, :k]]


@pytest.mark.parametrize(("nh", "nb"), SIZES)
def test_random_rows_match_oracle(rng: np.random.Generator, nh: int, nb: int) -> None:
    deal = random_hands(rng, 20_000, nh + nb)
    holes, boards = deal[:, :nh], deal[:, nh:]
    assert np.array_equal(he.evaluate_omaha_batch(holes, boards), omaha_oracle(holes, boards))


@pytest.mark.parametrize(("nh", "nb"), SIZES)
@pytest.mark.parametrize("suits", [1, 2])
def test_flush_heavy_rows_match_oracle(rng: np.random.Generator, nh: int, nb: int, suits: int) -> None:
    deal = suited_hands(rng, 5_000 if suits == 2 else 300, nh + nb, suits)
    holes, boards = deal[:, :nh], deal[:, nh:]
    assert np.array_equal(he.evaluate_omaha_batch(holes, boards), omaha_oracle(holes, boards))


@pytest.mark.parametrize("board_text", ["Ah Kh Qh 2c 3d", "2c 7d 9h Js Kc", "5s 6s 7s 8s 9s",
                                        "Ac Ad Ah As Kc", "Td Jd 9c", "3h 4h 5h 6c"])
@pytest.mark.parametrize("nh", [4, 5, 6])
def test_shared_board_matches_oracle(rng: np.random.Generator, board_text: str, nh: int) -> None:
    board = he.parse_cards(board_text)
    rest = np.setdiff1d(np.arange(52, dtype=np.uint8), board)
    holes = rest[np.argsort(rng.random((20_000, rest.size)), axis=1)[:, :nh]]
    got = he.evaluate_omaha_batch(holes, board)
    assert np.array_equal(got, omaha_oracle(holes, board))
    assert np.array_equal(got, he.evaluate_omaha_batch(holes, np.tile(board, (len(holes), 1))))


def test_scalar_equals_batch(rng: np.random.Generator) -> None:
    for nh, nb in SIZES:
        deal = random_hands(rng, 50, nh + nb)
        batch = he.evaluate_omaha_batch(deal[:, :nh], deal[:, nh:]).tolist()
        assert [he.evaluate_omaha(r[:nh], r[nh:]) for r in deal.tolist()] == batch


@pytest.mark.slow
@pytest.mark.parametrize("nh", [4, 5, 6])
def test_million_rows_match_oracle(nh: int) -> None:
    rng = np.random.default_rng(20261206 + nh)
    for _ in range(4):
        deal = random_hands(rng, 250_000, nh + 5)
        holes, boards = deal[:, :nh], deal[:, nh:]
        assert np.array_equal(he.evaluate_omaha_batch(holes, boards, threads=2),
                              omaha_oracle(holes, boards))


@pytest.mark.slow
def test_million_rows_match_phevaluator() -> None:
    from phevaluator import evaluate_omaha_cards  # type: ignore[import-untyped]  # no type information

    rng = np.random.default_rng(20261207)
    deal = random_hands(rng, 1_000_000, 9)
    ours = he.evaluate_omaha_batch(deal[:, :4], deal[:, 4:])
    # phevaluator takes the five board cards first, then the four hole cards; same ids
    theirs = np.array([evaluate_omaha_cards(*r[4:], *r[:4]) for r in deal.tolist()], dtype=np.uint16)
    assert np.array_equal(ours, theirs)


def rank_patterns(k: int) -> NDArray[np.int64]:
    """Every multiset of k ranks with no rank more than four times, as counts (m, 13)."""
    counts = np.zeros((1, 13), dtype=np.int64)
    for _ in range(k):
        grown = np.repeat(counts, 13, axis=0)
        grown[np.arange(grown.shape[0]), np.tile(np.arange(13), counts.shape[0])] += 1
        counts = np.unique(grown[(grown <= 4).all(axis=1)], axis=0)
    return counts


def pattern_cards(counts: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The ranks of rows of rank counts (m, 13), ascending, and each card's suit offset
    j + rank, j counting the earlier cards of its rank in the row: a row's cards, suited
    (offset + first) % 4 from a first suit per rank, are distinct."""
    m, k = counts.shape[0], int(counts[0].sum())
    ranks = np.repeat(np.tile(np.arange(13), m), counts.ravel()).reshape(m, k)
    j = np.tril(ranks[:, :, None] == ranks[:, None, :], -1).sum(axis=2)
    return ranks, j + ranks


@pytest.mark.slow
@pytest.mark.parametrize("nb", [3, 4, 5])
def test_every_rank_pattern_of_four_hole_cards_matches_oracle(nb: int) -> None:
    # Every dealable (board rank multiset, hole rank multiset): 455, 1,820 or 6,175 boards
    # by 1,820 holes, about 0.8, 3.2 and 11.2 million hands.
    boards, holes = rank_patterns(nb), rank_patterns(4)
    assert (boards.shape[0], holes.shape[0]) == ({3: 455, 4: 1820, 5: 6175}[nb], 1820)
    board_ranks, board_offset = pattern_cards(boards)
    hole_ranks, hole_offset = pattern_cards(holes)
    for lo in range(0, boards.shape[0], 500):
        b = boards[lo : lo + 500]
        ok = ((b[:, None, :] + holes[None, :, :]) <= 4).all(axis=2)
        bi, hi = np.nonzero(ok)
        board_cards = (4 * board_ranks + board_offset % 4).astype(np.uint8)[lo + bi]
        # a hole card's first suit comes after its rank's board cards: no card twice
        first = np.take_along_axis(b[bi], hole_ranks[hi], axis=1)
        hole_cards = (4 * hole_ranks[hi] + (first + hole_offset[hi]) % 4).astype(np.uint8)
        got = he.evaluate_omaha_batch(hole_cards, board_cards)
        assert np.array_equal(got, omaha_oracle(hole_cards, board_cards)), lo


# ------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("holes", "boards", "cls", "message"),
    [
        ([[0, 1, 2, 3], [4, 5, 6, 4]], [10, 11, 12, 13, 14], he.DuplicateCardError,
         "hand 1 repeats card '3c': '3c3d3h3c | 4h4s5c5d5h'"),
        ([[0, 1, 2, 3], [4, 5, 6, 7]], [[10, 11, 12, 13, 14], [20, 21, 22, 23, 7]],
         he.DuplicateCardError, "hand 1 repeats card '3s': '3c3d3h3s | 7c7d7h7s3s'"),
        ([[0, 1, 2, 3], [4, 5, 6, 7]], [[10, 11, 12, 13, 14], [20, 21, 22, 20, 8]],
         he.DuplicateCardError, "hand 1 repeats card '7c': '3c3d3h3s | 7c7d7h7c4c'"),
        ([[0, 1, 2, 3, 8], [4, 5, 6, 7, 9]], [10, 11, 12, 10, 14], he.DuplicateCardError,
         "hand 0 repeats card '4h': '2c2d2h2s4c | 4h4s5c4h5h'"),
        ([[0, 1, 2, 3, 8, 9], [4, 5, 6, 7, 12, 11]], [10, 11, 13], he.DuplicateCardError,
         "hand 1 repeats card '4s': '3c3d3h3s5c4s | 4h4s5d'"),
        (np.array([[0, 1, 2, 3], [4, 5, 6, 52]]), [10, 11, 12, 13, 14], he.InvalidCardError,
         "card id 52 in row 1 of holes is outside 0..51"),
        (np.array([[0, 1, 2, 3], [4, 5, 6, 300]]), [10, 11, 12, 13, 14], he.InvalidCardError,
         "card id 300 in row 1 of holes is outside 0..51"),
        (np.array([[0, 1, 2, 3]]), np.array([10, 11, 12, 13, -1]), he.InvalidCardError,
         "card id -1 of boards is outside 0..51"),
        (np.array([[0, 1, 2, 3], [4, 5, 6, 9]], dtype=np.uint8),
         np.array([[10, 11, 12, 13, 14], [20, 21, 22, 255, 8]], dtype=np.uint8), he.InvalidCardError,
         "card id 255 in hand 1 is outside 0..51"),
        (np.array([[0, 1, 2, 3], [4, 5, 6, 64]], dtype=np.uint8), np.array([10, 11, 12], dtype=np.uint8),
         he.InvalidCardError, "card id 64 in hand 1 is outside 0..51"),
        ([[0, 1, 2]], [10, 11, 12, 13, 14], he.ShapeError, "holes must have shape (n, 4|5|6), got (1, 3)"),
        ([[0, 1, 2, 3, 4, 5, 6]], [10, 11, 12, 13, 14], he.ShapeError,
         "holes must have shape (n, 4|5|6), got (1, 7)"),
        ([[0, 1, 2, 3]], [10, 11], he.ShapeError, "boards must have shape (3..5,) or (1, 3..5), got (2,)"),
        ([[0, 1, 2, 3]], [10, 11, 12, 13, 14, 15], he.ShapeError,
         "boards must have shape (3..5,) or (1, 3..5), got (6,)"),
        ([[0, 1, 2, 3]] * 3, [[10, 11, 12, 13, 14]] * 2, he.ShapeError,
         "boards must have shape (3..5,) or (3, 3..5), got (2, 5)"),
    ],
)
def test_bad_batch_input(holes: object, boards: object, cls: type[Exception], message: str) -> None:
    with pytest.raises(cls, match=f"^{re.escape(message)}$"):
        he.evaluate_omaha_batch(holes, boards)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hole", "board", "cls", "message"),
    [
        ("Ah Kh Qh Jh", "Ah 2c 3d 4s 5s", he.DuplicateCardError,
         "hand repeats card 'Ah': 'AhKhQhJh' | 'Ah2c3d4s5s'"),
        ("Ah Kh Qh Jh Ah", "2c 3d 4s 5s 6s", he.DuplicateCardError,
         "hand repeats card 'Ah': 'AhKhQhJhAh' | '2c3d4s5s6s'"),
        ([0, 1, 2, 3, 60], [10, 11, 12, 13, 14], he.InvalidCardError,
         "card id 60 at position 4 is outside 0..51"),
        ("Ah Kh Qh", "2c 3d 4s", he.ShapeError, "an Omaha hole is 4, 5 or 6 cards, got 3: 'AhKhQh'"),
        ("Ah Kh Qh Jh Tc 9c 8c", "2c 3d 4s", he.ShapeError,
         "an Omaha hole is 4, 5 or 6 cards, got 7: 'AhKhQhJhTc9c8c'"),
    ],
)
def test_bad_scalar_input(hole: object, board: object, cls: type[Exception], message: str) -> None:
    with pytest.raises(cls, match=f"^{re.escape(message)}$"):
        he.evaluate_omaha(hole, board)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [0, 5, 31, 32, 33, 95, 199])
def test_rows_before_the_first_bad_row_are_written(rng: np.random.Generator, bad: int) -> None:
    # The kernel ranks rows in blocks; the rows before a bad one are still ranked.
    deal = random_hands(rng, 200, 9)
    holes, boards = deal[:, :4].copy(), deal[:, 4:].copy()
    holes[bad, 3] = holes[bad, 0]
    holes[bad + 1 :, 0] = 255  # later bad rows are not the first
    out = np.zeros(200, dtype=np.uint16)
    with pytest.raises(he.DuplicateCardError, match=f"^hand {bad} repeats card "):
        he.evaluate_omaha_batch(holes, boards, out=out)
    assert np.array_equal(out[:bad], omaha_oracle(holes[:bad], boards[:bad]))
