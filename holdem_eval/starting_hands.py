"""The 169 starting-hand classes of Hold'em, in 13 x 13 grid order.

Row and column 0 are the ace, 12 the deuce. The diagonal holds the pairs, above it (column
> row) the suited hands, below it the offsuit ones; a class's index is ``13 * row + col``:

    >>> STARTING_HANDS[:3], STARTING_HANDS[13], STARTING_HANDS[168]
    (('AA', 'AKs', 'AQs'), 'AKo', '22')
    >>> grid_position("KQs"), grid_position("KQo"), class_of_combo((51, 46))
    ((1, 2), (2, 1), 'AKo')
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import RANK_CHARS, non_ascii_note
from .errors import UnknownHandClassError

__all__ = [
    "STARTING_HANDS",
    "UnknownHandClassError",
    "class_combos",
    "class_index",
    "class_of_combo",
    "grid_position",
    "parse_classes",
]

_DESC = RANK_CHARS[::-1]  # "AKQJT98765432": grid row/column 0 is the ace


def _name(row: int, col: int) -> str:
    if row == col:
        return _DESC[row] * 2
    hi, lo = min(row, col), max(row, col)
    return f"{_DESC[hi]}{_DESC[lo]}{'s' if col > row else 'o'}"


STARTING_HANDS: tuple[str, ...] = tuple(_name(r, c) for r in range(13) for c in range(13))
_INDEX = {name: i for i, name in enumerate(STARTING_HANDS)}


def class_index(name: str) -> int:
    """Index 0..168 of a class name such as ``"AKs"``, ``"ako"`` or ``"TT"``."""
    if not isinstance(name, str):
        raise UnknownHandClassError(f"a hand class must be text like 'AKs', got {name!r}")
    key = name.strip()
    if not key.isascii():  # before upper(): U+017F (long s).upper() is "S"
        raise UnknownHandClassError(
            f"{name!r} is not a starting-hand class{non_ascii_note(key)}: ranks and s/o are ASCII letters")
    key = key[:2].upper() + key[2:].lower()
    ranks = sorted(key[:2], key=_DESC.find)  # the higher rank first: "KAs" -> "AKs"
    if len(key) == 2 and key[0] != key[1] and all(r in _DESC for r in key):
        raise UnknownHandClassError(
            f"{name!r} is not a starting-hand class: say 's' or 'o' ({key}s or {key}o)"
        )
    canonical = "".join(ranks) + key[2:]
    if canonical not in _INDEX:
        raise UnknownHandClassError(
            f"{name!r} is not a starting-hand class: expected a pair (TT), or two ranks and "
            "'s' or 'o' (AKs, AKo)"
        )
    return _INDEX[canonical]


def grid_position(name: str) -> tuple[int, int]:
    """(row, column) of a class in the 13 x 13 grid."""
    return divmod(class_index(name), 13)


def class_of_combo(combo: tuple[int, int]) -> str:
    """The class of two card ids: ``class_of_combo((51, 46)) == 'AKo'``."""
    a, b = combo
    ra, rb = 12 - a // 4, 12 - b // 4  # grid rows: 0 = ace
    if ra == rb:
        return STARTING_HANDS[13 * ra + ra]
    hi, lo = min(ra, rb), max(ra, rb)
    suited = a % 4 == b % 4
    return STARTING_HANDS[13 * hi + lo] if suited else STARTING_HANDS[13 * lo + hi]


def class_combos(name: str) -> list[tuple[int, int]]:
    """The card-id combos of a class (6 for a pair, 4 suited, 12 offsuit), higher id first."""
    row, col = grid_position(name)
    hi, lo = 12 - min(row, col), 12 - max(row, col)  # ranks 0..12 = 2..A
    out = []
    for s in range(4):
        for t in range(4):
            a, b = 4 * hi + s, 4 * lo + t
            if row == col and t <= s:
                continue
            if (col > row) != (s == t) and row != col:
                continue
            out.append((max(a, b), min(a, b)))
    return sorted(out)


def parse_classes(names: str | Iterable[str] | None) -> tuple[int, ...]:
    """Sorted class indices from names (``"AA, KK, AKs"`` or a list); None means all 169."""
    if names is None:
        return tuple(range(169))
    items = names.replace(",", " ").split() if isinstance(names, str) else list(names)
    if not items:
        raise UnknownHandClassError("the list of hand classes is empty")
    return tuple(sorted({class_index(n) for n in items}))
