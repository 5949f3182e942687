"""Hi-lo games and their low half: the A-5 eight-or-better low (csrc/eval_low.c).

A hi-lo hand has two ranks: its high rank (the Cactus Kev scale of ``evaluate``, 1 ..
7462, lower is stronger) and its low rank. ``evaluate_hilo`` returns both as a pair,
``evaluate_hilo_batch`` as two arrays (the two columns). The variants:
``"omaha-hi-lo"`` (4 hole cards, exactly two hole and three board cards for each half),
``"omaha5-hi-lo"`` (5 hole cards, "Big O") and ``"holdem-hi-lo"`` (the best five of seven
for each half).

A low is five cards of distinct ranks, each 8 or lower, the ace low; straights and
flushes do not count. Low ranks run from ``LOW_BEST`` (1, 5-4-3-2-A) to ``LOW_WORST``
(56, 8-7-6-5-4), lower is better; ``LOW_NONE`` (0) means no qualifying low.

>>> describe_low(1)
'5-4-3-2-A'
>>> describe_low(56)
'8-7-6-5-4'
>>> describe_low(0)
'no low'
>>> evaluate_hilo("As2d Kh Kc", "3c 4d 8h Ks 9s")   # set of kings, 8-4-3-2-A low
(1714, 22)
>>> describe_hilo(1714, 22)
'Three of a Kind, Kings, Nine-Eight kickers; 8-4-3-2-A low'
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import _bindings as nat
from ._limits import check_threads
from .cards import CardsLike, card_text, first_repeat, format_cards, parse_cards
from .categories import describe
from .errors import DuplicateCardError, InvalidRankError, OutArrayError, ShapeError, VariantError
from .evaluator import _board_array, _card_array, _narrow, _raise_row
from .variants import VARIANTS, variant_info

__all__ = [
    "HILO_VARIANTS",
    "LOW_BEST",
    "LOW_NONE",
    "LOW_WORST",
    "describe_hilo",
    "describe_low",
    "evaluate_hilo",
    "evaluate_hilo_batch",
    "low_cards",
]

HILO_VARIANTS: tuple[str, ...] = tuple(name for name, row in VARIANTS.items() if row.low)
"""The variants with a low half: ``("omaha-hi-lo", "omaha5-hi-lo", "holdem-hi-lo")``."""

LOW_NONE = 0
LOW_BEST = 1
LOW_WORST = 56

# The 56 lows in order, best first: five of the eight low ranks (1 = A .. 8), compared
# from the highest card down.
_LOWS: tuple[tuple[int, ...], ...] = tuple(sorted(
    tuple(sorted(c, reverse=True)) for c in combinations(range(1, 9), 5)
))
_NAMES = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8"}


def _check(low: object) -> int:
    if isinstance(low, bool) or not isinstance(low, int) or not LOW_NONE <= low <= LOW_WORST:
        raise InvalidRankError(f"a low rank must be an int 0..{LOW_WORST}, got {low!r}")
    return low


def low_cards(low: int) -> tuple[int, ...]:
    """The five ranks of low ``low`` (1 = ace .. 8), highest first; ``()`` for no low.

    >>> low_cards(2)
    (6, 4, 3, 2, 1)
    """
    low = _check(low)
    return _LOWS[low - 1] if low else ()


def describe_low(low: int) -> str:
    """``'8-6-4-2-A'`` for low rank ``low``, ``'no low'`` for 0."""
    cards = low_cards(low)
    return "-".join(_NAMES[c] for c in cards) if cards else "no low"


def describe_hilo(high: int, low: int) -> str:
    """Both halves of a hi-lo hand: ``describe(high)`` and the low (or ``'no low'``)."""
    text = describe_low(low)
    return f"{describe(high)}; {text if not low else text + ' low'}"


def _hilo_variant(variant: object) -> Any:
    row = variant_info(variant, VariantError)
    if not row.low:
        raise VariantError(f"variant must be one of {HILO_VARIANTS} (a hi-lo game), got {variant!r}")
    return row


def evaluate_hilo(hole: CardsLike, board: CardsLike, variant: str = "omaha-hi-lo") -> tuple[int, int]:
    """``(high, low)`` of one hand of a hi-lo ``variant``: the high rank (1..7462) and the
    low rank (1..56, 0 for no qualifying low). ``board``: 5 cards (3..5 for Omaha)."""
    row = _hilo_variant(variant)
    h = parse_cards(hole, allow_duplicates=True)
    b = parse_cards(board, allow_duplicates=True)
    if len(h) not in row.hole_counts:
        counts = " or ".join(map(str, row.hole_counts))
        raise ShapeError(f"a hole of {variant} is {counts} cards, got {len(h)}: {format_cards(h)!r}")
    boards_ok = "3, 4 or 5" if row.hole_used else "5"
    if len(b) not in ((3, 4, 5) if row.hole_used else (5,)):
        raise ShapeError(f"a board of {variant} is {boards_ok} cards, got {len(b)}: {format_cards(b)!r}")
    dup = first_repeat([*h.tolist(), *b.tolist()])
    if dup is not None:
        raise DuplicateCardError(
            f"hand repeats card {card_text(dup)!r}: {format_cards(h)!r} | {format_cards(b)!r}"
        )
    high, low = evaluate_hilo_batch(h[None, :], b, variant=variant)
    return int(high[0]), int(low[0])


def _check_out(out: NDArray[Any] | None, n: int, name: str) -> NDArray[np.uint16]:
    if out is None:
        return np.empty(n, dtype=np.uint16)
    if not (isinstance(out, np.ndarray) and out.dtype == np.uint16 and out.shape == (n,)
            and out.flags.c_contiguous and out.flags.writeable):
        raise OutArrayError(f"{name} must be a writable C-contiguous uint16 array of shape ({n},)")
    return out


def evaluate_hilo_batch(
    holes: ArrayLike,
    boards: ArrayLike,
    *,
    variant: str = "omaha-hi-lo",
    out_high: NDArray[np.uint16] | None = None,
    out_low: NDArray[np.uint16] | None = None,
    threads: int = 1,
) -> tuple[NDArray[np.uint16], NDArray[np.uint16]]:
    """High and low ranks of many hands of a hi-lo ``variant``: ``(high, low)``, two
    uint16 arrays of shape (n,). ``holes``: (n, hole cards); ``boards``: one board shared
    by every row, or (n, board cards). Cards are validated like ``evaluate_omaha_batch``'s;
    the first bad row raises with its index. ``out_high`` / ``out_low`` are filled in place
    when given.

    >>> high, low = evaluate_hilo_batch([[51, 1, 46, 44]], [4, 9, 26, 47, 31])
    >>> high.tolist(), low.tolist()
    ([1714], [22])
    """
    row = _hilo_variant(variant)
    threads = check_threads(threads)
    h = _card_array(holes, "holes")
    if h.ndim != 2 or h.shape[1] not in row.hole_counts:
        counts = "|".join(map(str, row.hole_counts))
        raise ShapeError(f"holes must have shape (n, {counts}) for {variant}, got {h.shape}")
    n = h.shape[0]
    b = _board_array(boards, "boards", n)
    if not row.hole_used and b.shape[-1] != 5:
        raise ShapeError(f"boards must have 5 cards for {variant}, got shape {b.shape}")
    high = _check_out(out_high, n, "out_high")
    low = _check_out(out_low, n, "out_low")
    if n == 0:
        return high, low
    hc, bc = _narrow(h), _narrow(b)
    st, bad = nat.eval_hilo_batch(row.code, hc, bc, high, low, threads)
    if st != nat.HE_OK:
        _raise_row(st, "hand", bad, hc[bad], bc if bc.ndim == 1 else bc[bad])
    return high, low
