"""The games the library plays, as data: one row per variant, read from the C core's
table (csrc/api/variant.h), which every part reads — the evaluator, equity, settlement,
the engine's ``GameConfig``, ``Hand`` and PHH.

>>> VARIANTS["omaha"].hole_counts
(4, 5, 6)
>>> variant_info("holdem").worst_rank
7462
"""

from __future__ import annotations

from dataclasses import dataclass

from ._bindings import DECK_SIZE, VARIANT_ROWS, WORST_RANK

__all__ = ["DECK_SIZE", "VARIANTS", "VARIANT_NAMES", "WORST_RANK", "Variant", "variant_info"]


@dataclass(frozen=True)
class Variant:
    """One game: its name, the C core's code for it, the deck (``deck_size`` cards, ids
    ``lowest_card`` .. 51), the hole cards a player holds (``hole_counts``; the engine
    deals the first), the board, which cards a hand is made of (``hole_used``: 0 the best
    five of all, k exactly k hole cards and 5 - k board cards), the rank scale (1 ..
    ``worst_rank``, lower is stronger) and the low half (``low``: 0 high only, 8 each pot
    splits high / low with an eight-or-better A-5 low)."""

    name: str
    code: int
    deck_size: int
    lowest_card: int
    hole_counts: tuple[int, ...]
    board_size: int
    hole_used: int
    worst_rank: int
    low: int


VARIANTS: dict[str, Variant] = {
    row["name"]: Variant(
        name=row["name"], code=row["code"], deck_size=row["deck_size"],
        lowest_card=row["lowest_card"],
        hole_counts=tuple(range(row["hole_min"], row["hole_max"] + 1)),
        board_size=row["board_size"], hole_used=row["hole_used"], worst_rank=row["worst_rank"],
        low=row["low"],
    )
    for row in VARIANT_ROWS
}
VARIANT_NAMES: tuple[str, ...] = tuple(VARIANTS)
"""Every variant's name, in the C core's order: ``("holdem", "omaha")``."""


def variant_info(name: object, error: type[Exception] = ValueError) -> Variant:
    """The row of the variant called ``name``; ``error`` (a ValueError subclass the caller
    names, e.g. its own ConfigError) saying which names there are when it is unknown."""
    row = VARIANTS.get(name) if isinstance(name, str) else None
    if row is None:
        raise error(f"variant must be one of {VARIANT_NAMES}, got {name!r}")
    return row
