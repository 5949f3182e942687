"""Hand evaluation: one hand (``evaluate``) or numpy batches (``evaluate_batch``), Hold'em,
short deck and Omaha. Ranks are the Cactus Kev scale: 1 = royal flush .. 7462 = 7-5-4-3-2,
lower is stronger, equal ranks tie; a short-deck variant (``variant="short-deck"``) ranks
on its own scale 1 .. 1404 (docs/variants.md)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import _bindings as nat
from ._limits import check_threads
from ._variant_faces import best_five_variant, check_deck, deck_error, short_rules
from .cards import CardsLike, card_text, first_repeat, format_cards, parse_cards
from .errors import DTypeError, DuplicateCardError, InvalidCardError, OutArrayError, ShapeError

__all__ = ["evaluate", "evaluate_batch", "evaluate_omaha", "evaluate_omaha_batch"]

# ``evaluate`` is a C builtin (holdem_eval/_fastpath.c) for tuples and lists of int ids;
# every other input, and every error, goes through _evaluate_general below.
# ``evaluate(cards, variant="holdem")``: variant "holdem" or a short-deck variant.
evaluate: Callable[..., int] = nat.evaluate_fast


def _evaluate_general(cards: CardsLike, variant: str = "holdem") -> int:
    """``evaluate`` for any input: parse, validate, evaluate, raise precise errors."""
    row = best_five_variant(variant, "evaluate")
    ids = parse_cards(cards, allow_duplicates=True)
    if not 5 <= ids.size <= 7:
        raise ShapeError(f"a hand has 5, 6 or 7 cards, got {ids.size}: {format_cards(ids)!r}")
    rules = short_rules(row.name)
    if rules is None:
        r = nat.eval_hand(ids)
    else:
        check_deck(ids.tolist(), "hand", row.name)
        r = nat.short_eval_hand(ids, rules)
    if r < 0:
        _raise_row(r, "hand", None, ids, None)
    return r


# a wrong call (an unknown keyword, a missing argument) names the public function
_evaluate_general.__name__ = _evaluate_general.__qualname__ = "evaluate"
_evaluate_general.__code__ = _evaluate_general.__code__.replace(co_name="evaluate")


def evaluate_omaha(hole: CardsLike, board: CardsLike) -> int:
    """Rank of the best Omaha hand: exactly two of 4..6 hole cards, three of 3..5 board cards.

    >>> evaluate_omaha("Ah Kh 2c 2d", "Qh Jh Th 2s 3s")   # royal flush from AhKh + QhJhTh
    1
    """
    h, b = omaha_cards(hole, board)
    return int(evaluate_omaha_batch(h[None, :], b)[0])


def omaha_cards(hole: CardsLike, board: CardsLike) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """One Omaha hand's hole and board cards as ids, checked: 4..6 hole cards, 3..5 board
    cards, no card twice (ShapeError, DuplicateCardError otherwise)."""
    h = parse_cards(hole, allow_duplicates=True)
    b = parse_cards(board, allow_duplicates=True)
    if not 4 <= len(h) <= 6:
        raise ShapeError(f"an Omaha hole is 4, 5 or 6 cards, got {len(h)}: {format_cards(h)!r}")
    if not 3 <= len(b) <= 5:
        raise ShapeError(f"a board is 3, 4 or 5 cards, got {len(b)}: {format_cards(b)!r}")
    dup = first_repeat([*h.tolist(), *b.tolist()])
    if dup is not None:
        raise DuplicateCardError(
            f"hand repeats card {card_text(dup)!r}: {format_cards(h)!r} | {format_cards(b)!r}"
        )
    return h, b


# ---------------------------------------------------------------------------- batches


def _text_cards(arr: NDArray[Any], name: str, rows: bool) -> NDArray[np.uint8]:
    """Parse an array of card text: a single string or a 1-D list of single cards is one
    row of cards (unless ``rows``); a 1-D list of hand strings or a 2-D array is rows."""
    items = arr.tolist()
    if arr.ndim == 0:
        return parse_cards(items if isinstance(items, (str, bytes)) else str(items), allow_duplicates=True)
    if arr.ndim > 2:
        raise ShapeError(f"{name} given as text must be 1-D or 2-D, got shape {arr.shape}")
    parsed = [
        parse_cards(x if isinstance(x, (str, bytes)) else list(x), allow_duplicates=True) for x in items
    ]
    if arr.ndim == 1 and not rows and all(len(r) == 1 for r in parsed):
        return np.array([r[0] for r in parsed], dtype=np.uint8)
    lengths = sorted({len(r) for r in parsed})
    if len(lengths) > 1:
        raise ShapeError(f"{name} rows must all have the same number of cards, got {lengths}")
    return np.array(parsed, dtype=np.uint8).reshape(len(parsed), lengths[0] if lengths else 0)


def _card_array(a: ArrayLike, name: str, rows: bool = True) -> NDArray[Any]:
    """Integer card array of any shape; text is parsed. Range-checked, not narrowed."""
    try:
        arr = np.asarray(a)
    except ValueError:  # rows of different lengths ("inhomogeneous shape")
        raise ShapeError(_ragged(a, name)) from None
    if arr.size == 0 and arr.dtype.kind == "f" and not isinstance(a, np.ndarray):
        arr = arr.astype(np.int64)  # an empty list holds no floats: no cards
    if arr.dtype.kind in "USO":
        return _text_cards(arr, name, rows)
    if arr.dtype.kind == "b" or arr.dtype.kind not in "iu":
        raise DTypeError(f"{name} must hold integer card ids 0..51, got dtype {arr.dtype}")
    if arr.dtype != np.uint8 and arr.size:
        lo, hi = arr.min(), arr.max()
        if lo < 0 or hi > 51:
            flat = arr.reshape(-1, arr.shape[-1]) if arr.ndim > 1 else arr.reshape(1, -1)
            bad = np.nonzero(((flat < 0) | (flat > 51)).any(axis=1))[0][0]
            row = flat[bad]
            val = row[(row < 0) | (row > 51)][0]
            where = f" in row {bad}" if arr.ndim > 1 else ""
            raise InvalidCardError(f"card id {int(val)!r}{where} of {name} is outside 0..51")
    return arr


def _ragged(a: Any, name: str) -> str:
    """The message for rows of different lengths: the first row whose length differs."""
    try:
        lengths = [len(row) for row in a]
    except TypeError:
        return f"{name} must be an array of equal-length rows of card ids, got {a!r}"
    first = next((i for i, k in enumerate(lengths) if k != lengths[0]), None)
    if first is None:
        return f"{name} must be an array of equal-length rows of card ids"
    return (
        f"the rows of {name} must all have the same number of cards: row 0 has {lengths[0]},"
        f" row {first} has {lengths[first]}"
    )


def _board_array(board: ArrayLike, name: str, n: int) -> NDArray[Any]:
    """A board of 3..5 cards shared by all n rows, shape (3..5,), or one per row, (n, 3..5)."""
    b = _card_array(board, name, rows=False)
    if b.ndim not in (1, 2) or not 3 <= b.shape[-1] <= 5 or (b.ndim == 2 and b.shape[0] != n):
        raise ShapeError(f"{name} must have shape (3..5,) or ({n}, 3..5), got {b.shape}")
    return b


def _narrow(arr: NDArray[Any]) -> NDArray[np.uint8]:
    # Safe after _card_array's range check: every value fits uint8 unchanged.
    return np.ascontiguousarray(arr, dtype=np.uint8)


def _check_out(out: NDArray[Any] | None, n: int) -> NDArray[np.uint16]:
    if out is None:
        return np.empty(n, dtype=np.uint16)
    if not isinstance(out, np.ndarray):
        raise OutArrayError(f"out must be a numpy array, got {type(out).__name__}")
    if out.dtype != np.uint16:
        raise OutArrayError(f"out must have dtype uint16, got {out.dtype}")
    if out.shape != (n,):
        raise OutArrayError(f"out must have shape ({n},), got {out.shape}")
    if not out.flags.c_contiguous:
        raise OutArrayError("out must be C-contiguous")
    if not out.flags.writeable:
        raise OutArrayError("out must be writable, got a read-only array")
    return out


def _raise_row(
    status: int, what: str, row: int | None, cards: NDArray[np.uint8], board: NDArray[np.uint8] | None,
    variant: str = "holdem",
) -> None:
    """Turn a kernel's status for one row into the precise error."""
    where = f"{what} {row}" if row is not None else what
    ids = cards.tolist() + ([] if board is None else board.tolist())
    if status == nat.HE_E_CARD_RANGE:
        outside = deck_error(ids, where, variant)
        if outside is not None:
            raise outside
        val = next(c for c in ids if c > 51)
        raise InvalidCardError(f"card id {val!r} in {where} is outside 0..51")
    if status == nat.HE_E_DUPLICATE:
        dup = first_repeat(ids)
        assert dup is not None, "the kernel reported a repeat"
        text = format_cards(cards.tolist())
        if board is not None:
            text = f"{text} | {format_cards(board.tolist())}"
        raise DuplicateCardError(f"{where} repeats card {card_text(dup)!r}: {text!r}")
    raise RuntimeError(f"evaluation kernel failed with status {status} for {where}")


def _eval_with_board(
    kernel: Callable[[NDArray[np.uint8], NDArray[np.uint8], NDArray[np.uint16], int], tuple[int, int]],
    hands: NDArray[Any],
    boards: NDArray[Any],
    res: NDArray[np.uint16],
    threads: int,
    variant: str = "holdem",
) -> NDArray[np.uint16]:
    """Run a hole-cards-plus-board kernel on checked arrays; raise for the first bad row."""
    if not len(res):
        return res
    hc, bc = _narrow(hands), _narrow(boards)
    st, row = kernel(hc, bc, res, threads)
    if st != nat.HE_OK:
        _raise_row(st, "hand", row, hc[row], bc if bc.ndim == 1 else bc[row], variant)
    return res


def evaluate_batch(
    hands: ArrayLike,
    *,
    board: ArrayLike | None = None,
    out: NDArray[np.uint16] | None = None,
    threads: int = 1,
    variant: str = "holdem",
) -> NDArray[np.uint16]:
    """Ranks of many hands at once.

    ``hands`` is an integer array of shape (n, 5|6|7); or hole cards of shape (n, 2) with
    ``board`` of shape (3..5,) shared by every row, or (n, 3..5) one per row. Text rows
    (``["AhKh QdJs2c", ...]``) are parsed too. Every card is validated (0..51, no repeat
    within a row, board included); the first bad row raises with its index. ``out``, if
    given, must be a writable C-contiguous uint16 array of shape (n,) and is filled in
    place. ``threads`` (1..256) splits the rows over that many threads; results do not depend
    on it. ``variant``: ``"holdem"``, or ``"short-deck"`` / ``"short-deck-straights-beat-trips"``
    (cards 16..51, ranks 1..1404; a 2..5 is an InvalidCardError naming the card and the
    variant); ``"omaha"`` takes hole cards (n, 4..6) and a board, as
    :func:`evaluate_omaha_batch`.

    >>> evaluate_batch([[51, 47, 43, 39, 35, 0, 1], [0, 4, 8, 12, 17, 30, 44]]).tolist()
    [1, 1144]
    >>> evaluate_batch(["9c8d7h6sAc", "6c6d6h7s8s"], variant="short-deck").tolist()
    [528, 522]
    """
    threads = check_threads(threads)
    if variant == "omaha" and board is not None:
        return evaluate_omaha_batch(hands, board, out=out, threads=threads)
    name = best_five_variant(variant, "evaluate_batch").name
    rules = short_rules(name)
    arr = _card_array(hands, "hands")
    if board is not None and not (arr.ndim == 2 and arr.shape[1] == 2):
        b0 = _card_array(board, "board", rows=False)
        if b0.ndim == 1 and b0.size == 0:
            board = None  # an empty board: whole hands of 5..7 cards need none
    if board is None:
        if arr.ndim != 2 or arr.shape[1] not in (5, 6, 7):
            raise ShapeError(f"hands must have shape (n, 5|6|7), got {arr.shape}")
        n = arr.shape[0]
        res = _check_out(out, n)
        if n == 0:
            return res
        cards = _narrow(arr)
        st, row = nat.eval_batch(cards, res, threads, rules)
        if st != nat.HE_OK:
            _raise_row(st, "hand", row, cards[row], None, name)
        return res
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ShapeError(f"with a board, hands must be hole cards of shape (n, 2), got {arr.shape}")
    n = arr.shape[0]
    b = _board_array(board, "board", n)
    kernel = partial(nat.eval_hole_board, rules=rules)
    return _eval_with_board(kernel, arr, b, _check_out(out, n), threads, name)


def evaluate_omaha_batch(
    holes: ArrayLike,
    boards: ArrayLike,
    *,
    out: NDArray[np.uint16] | None = None,
    threads: int = 1,
) -> NDArray[np.uint16]:
    """Omaha ranks: ``holes`` (n, 4|5|6), ``boards`` (3..5,) shared or (n, 3..5) per row.

    Each hand uses exactly two hole cards and exactly three board cards.

    >>> evaluate_omaha_batch([[50, 46, 0, 1]], [42, 38, 34, 3, 7]).tolist()
    [1]
    """
    threads = check_threads(threads)
    h = _card_array(holes, "holes")
    if h.ndim != 2 or h.shape[1] not in (4, 5, 6):
        raise ShapeError(f"holes must have shape (n, 4|5|6), got {h.shape}")
    n = h.shape[0]
    b = _board_array(boards, "boards", n)
    return _eval_with_board(nat.eval_omaha_batch, h, b, _check_out(out, n), threads)
