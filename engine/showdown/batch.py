"""Settle millions of hands at once: arrays in, payouts out, one C call per array.

Every row is settled by the kernel :func:`holdem_eval.engine.settle` calls (csrc/settle.c),
so with the same pots, odd chips and rake; the tests check this row by row. This module
only checks and converts the arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from holdem_eval import DTypeError, HoldemEvalError, InvalidCardError, OutArrayError, ShapeError
from holdem_eval import _bindings as _native
from holdem_eval._limits import check_threads
from holdem_eval.variants import variant_info

from ..config import ConfigError
from ..rules import Rules, native_rules
from .pots import InvalidChipsError
from .showdown import _MAX_SEATS, DEFAULT_RULES, InvalidSeatError, settle

__all__ = ["NO_CARD", "settle_batch"]

NO_CARD = _native.HE_NO_CARD
"""Card id 255: a board card not dealt (only after the dealt ones), or a hole card that
is not known (allowed for folded seats and when a single seat is live)."""



def _integer_array(value: Any, name: str) -> NDArray[Any]:
    try:
        array = np.asarray(value)
    except ValueError:  # ragged nested lists: NumPy refuses the inhomogeneous shape
        raise ShapeError(
            f"{name} must be a rectangular integer array, got rows of different lengths:"
            f" {value!r}"
        ) from None
    if array.dtype.kind not in "iu":
        raise DTypeError(f"{name} must be an integer array, got dtype {array.dtype}")
    return array


def _cards_array(value: Any, name: str) -> NDArray[np.uint8]:
    array = _integer_array(value, name)
    if array.size:
        low, high = int(array.min()), int(array.max())
        if low < 0 or high > NO_CARD:
            bad = low if low < 0 else high
            where = tuple(int(i) for i in np.argwhere(array == bad)[0])
            raise InvalidCardError(
                f"{name}{list(where)} is {bad!r}: card ids are 0..51 ({NO_CARD} = no card)"
            )
    return np.ascontiguousarray(array, dtype=np.uint8)


def settle_batch(
    contributions: ArrayLike,
    hole_cards: ArrayLike,
    boards: ArrayLike,
    *,
    folded: ArrayLike,
    button: ArrayLike,
    variant: str = "holdem",
    rules: Rules = DEFAULT_RULES,
    rake_out: NDArray[np.int64] | None = None,
    threads: int = 1,
) -> NDArray[np.int64]:
    """Payouts of N hands of P seats, shape (N, P), int64.

    ``contributions``: (N, P) integer chips. ``hole_cards``: (N, P, 2) card ids for
    hold'em, (N, P, 4..6) for Omaha (``NO_CARD`` where unknown: folded seats, or a hand
    without a showdown). ``boards``: (N, 0..5) card ids, ``NO_CARD`` for cards not dealt,
    or one board (0..5,) for every row; (N, R, 5) settles each row on R runs of the board
    (``settle``'s ``boards=``). ``folded``: (N, P) bool. ``button``: one seat for
    every row or (N,). ``rake_out``: optional (N,) int64 array that receives each hand's
    rake. ``threads``: split the rows over this many threads (the GIL is released).
    A hi-lo ``variant`` splits each pot high / low as ``settle`` does (docs/variants.md).

    Dead money posted as such (``settle``'s ``dead=``) is not supported here: the C kernel
    has no input for it; settle such hands one by one with :func:`settle`.

    Row ``i`` equals ``settle(contributions[i], hole_cards[i], boards[i], folded=folded[i],
    button=button[i], variant=variant, rules=rules).payouts``. Bad input raises the error
    ``settle`` would raise for the first bad row, prefixed with ``row i:``; nothing is
    written to ``rake_out`` then.
    """
    if not isinstance(rules, Rules):
        raise DTypeError(f"rules must be a Rules instance, got {rules!r}")
    game = variant_info(variant, ConfigError)
    threads = check_threads(threads)
    chips = _integer_array(contributions, "contributions")
    if chips.ndim != 2 or chips.shape[1] < 2:
        raise ShapeError(f"contributions must have shape (n, seats >= 2), got {chips.shape}")
    n, seats = chips.shape
    if seats > _MAX_SEATS:
        raise ShapeError(
            f"contributions has {seats} seats: a hand has at most {_MAX_SEATS} (the"
            f" settlement kernel's HE_SETTLE_MAX_SEATS)"
        )
    if chips.size:
        if int(chips.min()) < 0:
            row, seat = (int(i) for i in np.argwhere(chips < 0)[0])
            value = int(chips[row, seat])
            raise InvalidChipsError(
                f"row {row}: contributions[{seat}] must be >= 0 chips, got {value!r}"
            )
        if chips.dtype == np.uint64 and int(chips.max()) > np.iinfo(np.int64).max:
            raise InvalidChipsError("contributions must fit in int64")
        limit = int(np.iinfo(np.int64).max)
        if int(chips.max()) > limit // seats and (
            int(chips.sum(axis=1, dtype=object).max()) > limit
        ):
            raise InvalidChipsError("the contributions of a hand must sum to at most 2**63 - 1")
    chips = np.ascontiguousarray(chips, dtype=np.int64)

    holes = _cards_array(hole_cards, "hole_cards")
    if holes.ndim != 3 or holes.shape[:2] != (n, seats) or (
        holes.shape[2] not in game.hole_counts
    ):
        counts = "|".join(map(str, game.hole_counts))
        raise ShapeError(f"hole_cards must have shape ({n}, {seats}, {counts}) for {variant}, "
                         f"got {holes.shape}")
    board_array = _cards_array(boards, "boards")
    if board_array.ndim == 1 and board_array.shape[0] <= 5:
        board_array = np.ascontiguousarray(np.broadcast_to(board_array, (n, board_array.shape[0])))
    runs_ok = board_array.ndim == 3 and 1 <= board_array.shape[1] <= _native.HE_SETTLE_MAX_RUNS
    if (board_array.ndim != 2 and not runs_ok) or board_array.shape[0] != n or (
        board_array.shape[-1] > 5
    ):
        raise ShapeError(
            f"boards must have shape ({n}, 0..5), ({n}, runs 1..{_native.HE_SETTLE_MAX_RUNS},"
            f" 0..5) or (0..5,), got {board_array.shape}"
        )

    fold_array = np.asarray(folded)
    if fold_array.dtype != np.bool_ and (
        fold_array.dtype.kind not in "iu"
        or (fold_array.size and (int(fold_array.min()) < 0 or int(fold_array.max()) > 1))
    ):
        raise DTypeError(f"folded must be a bool array (or 0/1), got dtype {fold_array.dtype}")
    if fold_array.shape != (n, seats):
        raise ShapeError(f"folded must have shape ({n}, {seats}), got {fold_array.shape}")
    fold_bytes = np.ascontiguousarray(fold_array, dtype=np.uint8)

    buttons = _integer_array(button, "button")
    if buttons.ndim == 0:
        buttons = buttons.reshape(1)
    if buttons.ndim != 1 or buttons.shape[0] not in (1, n):
        raise ShapeError(f"button must be one seat or shape ({n},), got {buttons.shape}")
    if buttons.size and (int(buttons.min()) < 0 or int(buttons.max()) >= seats):
        k = int(np.argmax((buttons < 0) | (buttons >= seats)))
        row = k if buttons.shape[0] == n else 0
        raise InvalidSeatError(
            f"row {row}: button must be a seat index 0..{seats - 1}, got {int(buttons[k])!r}"
        )
    buttons = np.ascontiguousarray(buttons, dtype=np.int64)

    if rake_out is not None and not (
        isinstance(rake_out, np.ndarray) and rake_out.dtype == np.int64
        and rake_out.shape == (n,) and rake_out.flags.c_contiguous and rake_out.flags.writeable
    ):
        raise OutArrayError(f"rake_out must be a writable C-contiguous int64 array of shape ({n},)")

    payouts = np.empty((n, seats), dtype=np.int64)
    rakes = np.empty(n, dtype=np.int64)
    if n == 0:
        return payouts
    status, bad_row = _native.settle_batch_rows(
        chips, fold_bytes, holes, board_array, buttons, game.code,
        native_rules(rules), payouts, rakes, threads,
    )
    if status != _native.HE_OK:
        _raise_row_error(chips, holes, board_array, fold_bytes, buttons, bad_row, variant, rules)
        raise HoldemEvalError(f"row {bad_row}: the settlement kernel failed ({status})")
    if rake_out is not None:
        rake_out[...] = rakes
    return payouts


def _raise_row_error(
    chips: NDArray[np.int64], holes: NDArray[np.uint8], boards: NDArray[np.uint8],
    folded: NDArray[np.uint8], buttons: NDArray[np.int64], row: int, variant: str,
    rules: Rules,
) -> None:
    """Raise the error :func:`settle` gives for the row the kernel refused, naming it."""
    flags = [bool(f) for f in folded[row]]
    hole_rows = holes[row].tolist()

    def known(cards: list[int]) -> list[int]:
        while cards and cards[-1] == NO_CARD:  # unknown cards pad a row's end
            cards = cards[:-1]
        return cards  # a NO_CARD left inside is a bad card id for settle()

    seat_cards: list[Any] = [None if flags[s] else known(hole_rows[s]) or None
                             for s in range(len(flags))]
    run_rows = boards[row].tolist() if boards.ndim == 3 else [boards[row].tolist()]
    dealt_rows = []
    for board_row in run_rows:
        dealt = board_row.index(NO_CARD) if NO_CARD in board_row else len(board_row)
        if any(card != NO_CARD for card in board_row[dealt:]):
            raise ShapeError(f"row {row}: boards[{row}] has a card after a missing one: {board_row}")
        dealt_rows.append(board_row[:dealt])
    button = int(buttons[row if buttons.shape[0] > 1 else 0])
    try:
        if boards.ndim == 3:
            settle(chips[row].tolist(), seat_cards, None, folded=flags, button=button,
                   variant=variant, rules=rules, boards=dealt_rows)
        else:
            settle(chips[row].tolist(), seat_cards, dealt_rows[0], folded=flags, button=button,
                   variant=variant, rules=rules)
    except HoldemEvalError as error:
        raise type(error)(f"row {row}: {error}") from None
