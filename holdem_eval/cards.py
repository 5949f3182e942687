"""Card ids and text: id = 4 * rank + suit, rank 0..12 = 2..A, suit 0..3 = c, d, h, s.

This module is the one parser of card text in the package. The rule, everywhere:

* a card is an ASCII rank letter ``2``-``9``, ``T`` (or ``10``), ``J``, ``Q``, ``K``, ``A``
  followed by an ASCII suit letter ``c``, ``d``, ``h``, ``s``, in any case. Lookalikes
  (the Kelvin sign U+212A, the long s U+017F, full-width letters ...) are not cards;
* cards may stand side by side (``"AhKh"``) or apart, with ``CARD_SEPARATORS`` between
  them: ASCII whitespace, ``,``, ``|`` or ``-`` (``"Ah Kh"``, ``"Ah,Kh"``, ``"Ah-Kh"``);
  nothing else (a no-break space is not a separator). Bulk text columns read the same
  grammar (``ascii_card_ids`` is its vectorised form);
* ``bytes``/``bytearray`` are read as ASCII text (``b"AhKh"`` is Ah Kh), never as card ids;
* integers are card ids 0..51 (an int that is a treys card gets a hint to use ``from_treys``);
* other objects are cards of other libraries: an object with ``rank`` and ``suit`` text
  attributes (PokerKit's ``Card``) or whose ``str()`` is card text (eval7's ``Card``). No
  other library is imported.

Conversions: :func:`to_treys` / :func:`from_treys` for treys' int encoding.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Union

import numpy as np
from numpy.typing import NDArray

from .errors import DTypeError, DuplicateCardError, InvalidCardError

__all__ = [
    "CARD_SEPARATORS",
    "CARD_TEXT_PATTERN",
    "RANK_CHARS",
    "SUIT_CHARS",
    "CardsLike",
    "card_text",
    "format_cards",
    "from_treys",
    "parse_card",
    "parse_cards",
    "to_treys",
]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
CARD_SEPARATORS = " \t\n\r\f\v,|-"
"""What may stand between cards in card text: ASCII whitespace, ',', '|' and '-'."""
SEPARATOR_CLASS = r"[ \t\n\r\f\v,|\-]"
"""``CARD_SEPARATORS`` as a regular-expression class (Python ``re`` and RE2 alike)."""
_CARD_PATTERN = r"(?:10|[2-9TJQKAtjqka])[cdhsCDHS]"
CARD_TEXT_PATTERN = (
    rf"^{SEPARATOR_CLASS}*(?:{_CARD_PATTERN}(?:{SEPARATOR_CLASS}*{_CARD_PATTERN})*)?{SEPARATOR_CLASS}*$"
)
"""The whole grammar of card text as one regular expression (Python ``re`` and RE2): the
texts ``parse_cards`` reads (repeats aside), for engines that check whole columns at once
(bulk text columns, with pyarrow.compute)."""

CardsLike = Union[str, bytes, Iterable[Any], NDArray[Any]]
"""Cards as text (``"AhKd"``, ``"Ah Kd"``, ``b"AhKd"``), or an iterable / array of card ids
0..51, card texts or other libraries' card objects."""

# re.ASCII: without it IGNORECASE lets the Kelvin sign match "k" and the long s match "s".
_CARD_RE = re.compile(r"(10|[2-9tjqka])([cdhs])", re.IGNORECASE | re.ASCII)
# PokerKit's str(Card): "ACE OF HEARTS (Ah)".
_POKERKIT_STR_RE = re.compile(r"[A-Z]+ OF [A-Z]+ \((\w\w)\)", re.ASCII)
_TEXT_TO_ID: dict[str, int] = {
    f"{r}{s}": 4 * i + j for i, r in enumerate(RANK_CHARS) for j, s in enumerate(SUIT_CHARS)
}
_ID_TO_TEXT = tuple(f"{r}{s}" for r in RANK_CHARS for s in SUIT_CHARS)
_EXPECTED_CARD = "expected a rank 2-9, T (or 10), J, Q, K, A then a suit c, d, h or s, e.g. 'Ah'"

# treys: bits 16..28 one-hot rank, 12..15 suit (s=1, h=2, d=4, c=8), 8..11 rank, 0..5 prime.
_TREYS_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_ID_TO_TREYS = tuple(
    (1 << (16 + r)) | ((8 >> s) << 12) | (r << 8) | _TREYS_PRIMES[r] for r in range(13) for s in range(4)
)
_TREYS_TO_ID = {v: i for i, v in enumerate(_ID_TO_TREYS)}


def _ascii_lut(chars: str) -> NDArray[np.uint8]:
    lut = np.full(256, 255, dtype=np.uint8)
    for i, ch in enumerate(chars):
        lut[ord(ch.upper())] = i
        lut[ord(ch.lower())] = i
    return lut


_RANK_LUT = _ascii_lut(RANK_CHARS)
_SUIT_LUT = _ascii_lut(SUIT_CHARS)


def ascii_card_ids(chars: NDArray[np.uint8], bad: int) -> NDArray[np.uint8]:
    """The vectorised form of this module's grammar for bulk text columns: ``chars`` (n,
    2k) ASCII bytes of k cards per row, separators removed and ``10`` already read as
    ``T``; returns (n, k) card ids, ``bad`` where two bytes are not a card."""
    rank = _RANK_LUT[chars[:, 0::2]]
    suit = _SUIT_LUT[chars[:, 1::2]]
    ok = (rank < 13) & (suit < 4)
    return np.where(ok, rank * 4 + suit, bad).astype(np.uint8)


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


def non_ascii_note(text: str) -> str:
    """``" ('K' is U+212A, not ASCII)"`` for the first non-ASCII character of ``text``
    (lookalikes print like letters, a no-break space like a space), ``" ('\\udcff' is the byte 0xff, not ASCII
    text)"`` for a byte that was not UTF-8 (command-line arguments), else ``""``."""
    for ch in text:
        if 0xDC80 <= ord(ch) <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape, argv)
            return f" ({ch!r} is the byte 0x{ord(ch) - 0xDC00:02x}, not ASCII text)"
        if ord(ch) > 127:
            return f" ({ch!r} is U+{ord(ch):04X}, not ASCII)"
    return ""


def _ascii_text(data: bytes | bytearray, what: str) -> str:
    try:
        return bytes(data).decode("ascii")
    except UnicodeDecodeError:
        raise InvalidCardError(
            f"{what} {bytes(data)!r} is not ASCII card text: bytes are read as text like b'AhKd'"
        ) from None


def parse_card(text: str | bytes | bytearray) -> int:
    """Parse one card such as ``"Ah"``, ``"td"`` or ``"10d"`` into its id.

    >>> parse_card("Ah"), parse_card("10d"), parse_card("2c"), parse_card(b"As")
    (50, 33, 0, 51)
    """
    if isinstance(text, (bytes, bytearray)):
        text = _ascii_text(text, "card")
    if not isinstance(text, str):
        raise DTypeError(f"a card must be text like 'Ah', got {text!r}")
    s = text.strip()
    m = _CARD_RE.fullmatch(s) or _CARD_RE.fullmatch(_pokerkit_inner(s))
    if m is None:
        raise InvalidCardError(f"{text!r} is not a card{non_ascii_note(text)}: {_EXPECTED_CARD}")
    rank = "T" if m.group(1) == "10" else m.group(1).upper()
    return _TEXT_TO_ID[rank + m.group(2).lower()]


def _pokerkit_inner(s: str) -> str:
    m = _POKERKIT_STR_RE.fullmatch(s)
    return "" if m is None else m.group(1)


def _split_text(text: str) -> list[str]:
    """Split "AhKd", "Ah Kd", "ah,10d" into single-card tokens, or raise naming the bad part."""
    out: list[str] = []
    pos = 0
    s = text
    while pos < len(s):
        ch = s[pos]
        if ch in CARD_SEPARATORS:
            pos += 1
            continue
        m = _CARD_RE.match(s, pos)
        if m is None:
            end = pos + 1
            while end < min(len(s), pos + 3) and s[end] not in CARD_SEPARATORS:
                end += 1
            bad = s[pos:end]
            raise InvalidCardError(
                f"{bad!r} at position {pos} of {text!r} is not a card{non_ascii_note(bad)}: {_EXPECTED_CARD}"
            )
        out.append(m.group(0))
        pos = m.end()
    return out


def _object_card(c: object, i: int) -> int:
    """Id of another library's card object: PokerKit (``rank``/``suit`` text) or eval7 (str)."""
    rank, suit = getattr(c, "rank", None), getattr(c, "suit", None)
    if isinstance(rank, str) and isinstance(suit, str):
        text = f"{getattr(rank, 'value', rank)}{getattr(suit, 'value', suit)}"
        if _CARD_RE.fullmatch(text) is None:
            raise InvalidCardError(
                f"card object at position {i} is not one of the 52 cards: {c!r} has rank {rank!r} "
                f"and suit {suit!r}; {_EXPECTED_CARD}"
            )
    else:
        text = str(c)
    m = _CARD_RE.fullmatch(text.strip())
    if m is None:
        raise DTypeError(
            f"card at position {i} must be an integer id 0..51, text like 'Ah' or a card object "
            f"whose str() is such text, got {c!r}"
        )
    return parse_card(m.group(0))


def _item_id(c: object, i: int) -> int:
    if isinstance(c, (str, bytes, bytearray)):
        return parse_card(c)
    if isinstance(c, (bool, np.bool_, float, np.floating, complex)):
        raise DTypeError(f"card at position {i} must be an integer id 0..51 or text like 'Ah', got {c!r}")
    if isinstance(c, (int, np.integer)):
        v = int(c)
        if not 0 <= v <= 51:
            hint = "; it is a treys card: convert with from_treys" if v in _TREYS_TO_ID else ""
            raise InvalidCardError(f"card id {v!r} at position {i} is outside 0..51{hint}")
        return v
    if c is None or isinstance(c, (list, tuple, dict, set, np.ndarray)):
        raise DTypeError(f"card at position {i} must be an integer id 0..51 or text like 'Ah', got {c!r}")
    return _object_card(c, i)


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> NDArray[np.uint8]:
    """Parse cards given as text (``"Ah Kd"``, ``"AhKd"``, ``b"AhKd"``), or an iterable or
    array of integer ids, card texts or other libraries' card objects (eval7, PokerKit).

    Returns a new uint8 array of ids. Repeated cards raise ``DuplicateCardError`` unless
    ``allow_duplicates``.

    >>> parse_cards("Ah Kd").tolist(), parse_cards([51, 46]).tolist(), parse_cards(b"2c").tolist()
    ([50, 45], [51, 46], [0])
    """
    if isinstance(cards, (bytes, bytearray)):
        cards = _ascii_text(cards, "cards")
    if isinstance(cards, str):
        ids = [parse_card(t) for t in _split_text(cards)]
    elif isinstance(cards, np.ndarray):
        if cards.dtype.kind not in "iuUSO":
            raise DTypeError(f"cards must be integer ids or text, got dtype {cards.dtype}")
        ids = [_item_id(c, i) for i, c in enumerate(cards.ravel().tolist())]
    elif isinstance(cards, Iterable) and not isinstance(cards, dict):
        ids = [_item_id(c, i) for i, c in enumerate(cards)]
    else:
        raise DTypeError(
            "cards must be text like 'AhKd', or a list, tuple or array of card ids 0..51 or card "
            f"texts, got {cards!r}"
        )
    if not allow_duplicates:
        dup = first_repeat(ids)
        if dup is not None:
            raise DuplicateCardError(f"card {card_text(dup)!r} appears twice in {format_cards(ids)!r}")
    return np.array(ids, dtype=np.uint8)


def format_cards(ids: Iterable[int] | NDArray[np.integer], sep: str = "") -> str:
    """Text of card ids: ``format_cards([50, 45]) == 'AhKd'``; ``sep=" "`` spaces them."""
    if not isinstance(sep, str):
        raise DTypeError(f"sep must be text such as ' ', got {sep!r}")
    out = []
    for i, c in enumerate(np.asarray(ids).ravel().tolist() if isinstance(ids, np.ndarray) else ids):
        if isinstance(c, bool) or not isinstance(c, (int, np.integer)):
            raise DTypeError(f"card at position {i} must be an integer id, got {c!r}")
        if not 0 <= int(c) <= 51:
            raise InvalidCardError(f"card id {int(c)!r} at position {i} is outside 0..51")
        out.append(_ID_TO_TEXT[int(c)])
    return sep.join(out)


def to_treys(cards: CardsLike) -> list[int]:
    """Cards in treys' int encoding (``treys.Card.new``), in the given order.

    >>> to_treys("Ah 2c")
    [268446761, 98306]
    """
    return [_ID_TO_TREYS[c] for c in parse_cards(cards, allow_duplicates=True).tolist()]


def from_treys(cards: int | Iterable[int]) -> NDArray[np.uint8]:
    """Card ids of treys card ints (one int, or a list such as a treys hand or board).

    >>> from_treys([268446761, 98306]).tolist(), format_cards(from_treys(268446761))
    ([50, 0], 'Ah')
    """
    items = [cards] if isinstance(cards, (int, np.integer)) else cards
    if isinstance(items, (str, bytes, bytearray)) or not isinstance(items, Iterable):
        raise DTypeError(f"treys cards must be an int or a list of ints, got {cards!r}")
    ids = []
    for i, c in enumerate(items):
        if isinstance(c, (bool, np.bool_)) or not isinstance(c, (int, np.integer)):
            raise DTypeError(f"treys card at position {i} must be an int, got {c!r}")
        if int(c) not in _TREYS_TO_ID:
            raise InvalidCardError(
                f"treys card at position {i} is not a treys card int: {int(c)!r} (expected a value "
                "of treys.Card.new, e.g. 268446761 for 'Ah')"
            )
        ids.append(_TREYS_TO_ID[int(c)])
    return np.array(ids, dtype=np.uint8)
