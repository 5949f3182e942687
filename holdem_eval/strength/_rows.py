"""The rows and the opponent range of :func:`holdem_eval.hand_strength`, checked at the door.

Card arrays are range-checked on the caller's dtype before they are narrowed to uint8
(``evaluator._card_array``), copied (never written), and shaped (n, 2) holes with (n, nb)
boards; a row that the kernel rejects is turned into an error naming the row and its cards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Union

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .. import _bindings as nat
from .._variant_faces import deck_error
from ..cards import card_text, first_repeat, format_cards
from ..equity.players import alias_table
from ..errors import DuplicateCardError, InvalidCardError, NoValidDealError, ShapeError
from ..evaluator import _card_array, _narrow
from ..ranges import Range

__all__ = ["BOARD_SIZES", "OpponentRange", "RangeLike", "check_rows", "opponent_range", "raise_row"]

BOARD_SIZES = (0, 3, 4, 5)
RangeLike = Union[Range, str]


def check_rows(holes: ArrayLike, boards: ArrayLike,
               first_row: int = 0) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """``holes`` as (n, 2) and ``boards`` as (n, nb) C-contiguous uint8 copies (a board of
    shape (nb,) is every row's), nb in 0, 3, 4, 5. Ids outside 0..51 raise here, naming the
    row (numbered from ``first_row``); repeats within a row are the kernel's to find (in the
    pass that evaluates)."""
    try:
        return _check_rows(holes, boards)
    except InvalidCardError as exc:
        if not first_row:
            raise
        text = re.sub(r"in row (\d+) of", lambda m: f"in row {int(m.group(1)) + first_row} of", str(exc))
        raise InvalidCardError(text) from None


def _check_rows(holes: ArrayLike, boards: ArrayLike) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    h = _card_array(holes, "holes")
    if h.ndim == 1 and h.size == 2:
        h = h.reshape(1, 2)  # one hand
    if h.ndim != 2 or h.shape[1] != 2:
        raise ShapeError(f"holes must have shape (n, 2) (two hole cards a row in Hold'em), "
                         f"got {h.shape}")
    n = h.shape[0]
    b = _card_array(boards, "boards", rows=False)
    if b.ndim == 1:
        b = np.broadcast_to(b, (n, b.size))
    if b.ndim != 2 or b.shape[0] != n:
        raise ShapeError(f"boards must have shape (nb,) (one board for every row) or ({n}, nb) "
                         f"(one a row), got {b.shape}")
    if b.shape[1] not in BOARD_SIZES:
        raise ShapeError(f"a board has 0 (preflop), 3 (flop), 4 (turn) or 5 (river) cards, "
                         f"got {b.shape[1]} a row")
    return _narrow(h).copy(), _narrow(b).copy()


def raise_row(status: int, index: int, holes: NDArray[np.uint8], boards: NDArray[np.uint8],
              against: str, first_row: int = 0, variant: str = "holdem") -> None:
    """The error for the row at ``index`` the kernel refused: what, which row (numbered from
    ``first_row``), its cards."""
    hole, board = holes[index].tolist(), boards[index].tolist()
    row = first_row + index
    if status == nat.HE_E_CARD_RANGE:
        outside = deck_error(hole + board, f"row {row}", variant)
        if outside is not None:
            raise outside
        val = next(c for c in hole + board if c > 51)
        raise InvalidCardError(f"card id {val!r} in row {row} is outside 0..51")
    text = f"{format_cards(hole)} | {format_cards(board)}" if board else format_cards(hole)
    if status == nat.HE_E_DUPLICATE:
        dup = first_repeat(hole + board)
        assert dup is not None, "the kernel reported a repeat"
        raise DuplicateCardError(f"row {row} repeats card {card_text(dup)!r}: {text!r}")
    if status == nat.HE_E_NO_DEAL:
        raise NoValidDealError(f"row {row} leaves the opponent range {against!r} no combo: "
                               f"{text!r} holds or shows every card of its hands")
    raise RuntimeError(f"hand strength kernel failed with status {status} at row {row}")


@dataclass(frozen=True)
class OpponentRange:
    """A range as the kernels take it: weights by combo id (None: a random hand), the
    combos of positive weight and their alias tables (None: equal weights)."""

    text: str
    weights: NDArray[np.float64] | None
    combos: NDArray[np.uint8] | None
    alias: NDArray[np.uint32] | None
    thresh: NDArray[np.uint64] | None


def opponent_range(against: Any, error: type[Exception], lowest_card: int = 0) -> OpponentRange:
    """``"random"`` (or a range of every combo), range text or a :class:`Range`; only its
    combos of cards ``lowest_card``..51 (the variant's deck) count."""
    if isinstance(against, str):
        rng = Range(against)  # RangeSyntaxError for bad or empty text
    elif isinstance(against, Range):
        rng = against
    else:
        raise error(f"against must be 'random', range text or a Range, got {against!r}")
    if rng.is_random:
        return OpponentRange("random", None, None, None, None)
    pairs = [(c, w) for c, w in rng.weighted_combos() if min(c) >= lowest_card]
    if not pairs:
        raise NoValidDealError(f"the opponent range {rng.to_text()!r} has no combo in the deck "
                               f"(cards {card_text(lowest_card)[0]}..A)")
    combos = np.array([c for c, _ in pairs], dtype=np.uint8).reshape(-1, 2)
    w = np.array([x for _, x in pairs], dtype=np.float64)
    w = w / w.max()  # relative weights: the largest is 1
    ids = combos[:, 0].astype(np.int64) * (combos[:, 0].astype(np.int64) - 1) // 2 + combos[:, 1]
    weights = np.zeros(nat.HE_STRENGTH_COMBOS, dtype=np.float64)
    weights[ids] = w
    alias, thresh = (None, None) if (w == 1.0).all() else alias_table(w)
    return OpponentRange(rng.to_text(), weights, np.ascontiguousarray(combos),
                         None if alias is None else np.ascontiguousarray(alias),
                         None if thresh is None else np.ascontiguousarray(thresh))
