"""Card ids and text: id = 4 * rank + suit, rank 0..12 = 2..A, suit 0..3 = c, d, h, s."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Union

import numpy as np
from numpy.typing import NDArray

from .errors import DTypeError, DuplicateCardError, InvalidCardError

__all__ = [
    "RANK_CHARS",
    "SUIT_CHARS",
    "CardsLike",
    "card_text",
    "format_cards",
    "parse_card",
    "parse_cards",
]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"

CardsLike = Union[str, Iterable[int], Iterable[str], NDArray[np.integer]]

_CARD_RE = re.compile(r"(10|[2-9tjqka])([cdhs])", re.IGNORECASE)
_TEXT_TO_ID: dict[str, int] = {
    f"{r}{s}": 4 * i + j for i, r in enumerate(RANK_CHARS) for j, s in enumerate(SUIT_CHARS)
}
_ID_TO_TEXT = tuple(f"{r}{s}" for r in RANK_CHARS for s in SUIT_CHARS)


def first_repeat(ids: Iterable[int]) -> int | None:
    """The first card id that appears a second time in ``ids``, or None."""
    seen: set[int] = set()
    for c in ids:
        if c in seen:
            return c
        seen.add(c)
    return None


def card_text(card_id: int) -> str:
    """Text of a valid card id, e.g. ``card_text(51) == 'As'``."""
    return _ID_TO_TEXT[card_id]


def parse_card(text: str) -> int:
    """Parse one card such as ``"Ah"``, ``"td"`` or ``"10d"`` into its id.

    >>> parse_card("Ah"), parse_card("10d"), parse_card("2c")
    (50, 33, 0)
    """
    if not isinstance(text, str):
        raise DTypeError(f"a card must be text like 'Ah', got {text!r}")
    s = text.strip()
    m = _CARD_RE.fullmatch(s)
    if m is None:
        raise InvalidCardError(
            f"{text!r} is not a card: expected a rank 2-9, T (or 10), J, Q, K, A "
            "then a suit c, d, h or s, e.g. 'Ah'"
        )
    rank = "T" if m.group(1) == "10" else m.group(1).upper()
    return _TEXT_TO_ID[rank + m.group(2).lower()]


def _split_text(text: str) -> list[str]:
    """Split "AhKd", "Ah Kd", "ah,10d" into single-card tokens, or raise naming the bad part."""
    out: list[str] = []
    pos = 0
    s = text
    while pos < len(s):
        ch = s[pos]
        if ch.isspace() or ch == ",":
            pos += 1
            continue
        m = _CARD_RE.match(s, pos)
        if m is None:
            bad = s[pos : pos + 3].split()[0] if s[pos:].split() else s[pos:]
            raise InvalidCardError(
                f"{bad!r} at position {pos} of {text!r} is not a card: expected a rank "
                "2-9, T (or 10), J, Q, K, A then a suit c, d, h or s, e.g. 'Ah'"
            )
        out.append(m.group(0))
        pos = m.end()
    return out


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> NDArray[np.uint8]:
    """Parse cards given as text (``"Ah Kd"``, ``"AhKd"``), text items or integer ids.

    Returns a new uint8 array of ids. Repeated cards raise ``DuplicateCardError`` unless
    ``allow_duplicates``.

    >>> parse_cards("Ah Kd").tolist(), parse_cards([51, 46]).tolist()
    ([50, 45], [51, 46])
    """
    if isinstance(cards, str):
        ids = [parse_card(t) for t in _split_text(cards)]
    else:
        arr = cards if isinstance(cards, np.ndarray) else None
        items = list(cards) if arr is None else arr.ravel().tolist()
        if arr is not None and arr.dtype.kind not in "iuUSO":
            raise DTypeError(f"cards must be integer ids or text, got dtype {arr.dtype}")
        ids = []
        for i, c in enumerate(items):
            if isinstance(c, str):
                ids.append(parse_card(c))
            elif isinstance(c, (int, np.integer)) and not isinstance(c, (bool, np.bool_)):
                if not 0 <= int(c) <= 51:
                    raise InvalidCardError(f"card id {int(c)!r} at position {i} is outside 0..51")
                ids.append(int(c))
            else:
                raise DTypeError(
                    f"card at position {i} must be an integer id 0..51 or text like 'Ah', "
                    f"got {c!r}"
                )
    if not allow_duplicates:
        dup = first_repeat(ids)
        if dup is not None:
            raise DuplicateCardError(f"card {card_text(dup)!r} appears twice in {format_cards(ids)!r}")
    return np.array(ids, dtype=np.uint8)


def format_cards(ids: Iterable[int] | NDArray[np.integer], sep: str = "") -> str:
    """Text of card ids: ``format_cards([50, 45]) == 'AhKd'``; ``sep=" "`` spaces them."""
    out = []
    for i, c in enumerate(np.asarray(ids).ravel().tolist() if isinstance(ids, np.ndarray) else ids):
        if isinstance(c, bool) or not isinstance(c, (int, np.integer)):
            raise DTypeError(f"card at position {i} must be an integer id, got {c!r}")
        if not 0 <= int(c) <= 51:
            raise InvalidCardError(f"card id {int(c)!r} at position {i} is outside 0..51")
        out.append(_ID_TO_TEXT[int(c)])
    return sep.join(out)
