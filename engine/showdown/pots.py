"""Chips for settlement: the chip error and the coercion of per-seat chip counts.

The pot rules themselves are applied in one place, the settlement kernel csrc/settle_pots.c
(``he_settle_row`` and ``form_pots`` there); :func:`holdem_eval.engine.settle` marshals to it.
Seats are ``0..n-1`` clockwise; ``live`` seats are those that have not folded.

How pots are formed (TDA, Robert's Rules):

1. The unmatched part of the largest contribution (largest minus second largest,
   over every seat, folded or not) goes back to its owner: it was never called.
2. The remaining chips are cut at the contribution levels of the live seats (the
   all-in levels). The pot between two levels holds every seat's chips between
   those levels — folded seats' chips included — and is open to the live seats
   that reached the upper level. The lowest is the main pot, then side pots.
3. Chips of folded seats above the highest live level (only possible when
   players fold without facing a bet) are dead money and join the last pot.
4. Dead money posted as such — a returning player's missed small blind, a big-blind
   ante — is not part of its poster's bet: it is never matched, never returned and
   sets no all-in level. It joins the main pot, open to every live seat (PokerKit's
   convention for non-uniform antes). Uniform antes are ordinary chips at the bottom
   of every seat's contribution, so a player all-in for part of the ante wins only
   that part from each opponent (TDA).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from holdem_eval import DTypeError

from ..errors import InvalidChipsError

__all__ = ["InvalidChipsError", "coerce_chips", "whole_number"]


def whole_number(value: Any) -> int | None:
    """``value`` as an int if it is a whole number (an int or anything with ``__index__``,
    such as NumPy's integers), None if it is not or is a bool (Python's or NumPy's)."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def coerce_chips(values: Sequence[Any], name: str = "contributions") -> list[int]:
    """Whole, non-negative chip counts as Python ints (never mutates ``values``).

    Raises :class:`holdem_eval.DTypeError` for a non-integer (``1.5``, ``"10"``,
    ``True``) and :class:`InvalidChipsError` for a negative amount.
    """
    chips: list[int] = []
    for seat, value in enumerate(values):
        if isinstance(value, int) and not isinstance(value, bool):
            chip = value
        else:
            index = whole_number(value)
            if index is None:
                raise DTypeError(f"{name}[{seat}] must be a whole number of chips, got {value!r}")
            chip = index
        if chip < 0:
            raise InvalidChipsError(f"{name}[{seat}] must be >= 0 chips, got {value!r}")
        chips.append(chip)
    return chips
