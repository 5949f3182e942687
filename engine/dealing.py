"""Deterministic seeded dealing: the same seed deals the same cards on every machine.

The deck is shuffled by a forward Fisher-Yates shuffle driven by **splitmix64**
(Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014;
the public-domain reference is Sebastiano Vigna's ``splitmix64.c``).  Everything is
exact 64-bit integer arithmetic, so the cards depend only on the seed, never on the
platform, the Python version or NumPy.

Algorithm (documented so that any language can reproduce a deal)::

    state = seed mod 2**64
    next():  state = (state + 0x9E3779B97F4A7C15) mod 2**64
             z = state
             z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64
             z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64
             return z ^ (z >> 31)
    deck = [0, 1, ..., 51]                       # card id = 4*rank + suit, ascending
    for i in 0, 1, 2, ...:                       # lazily, one step per card dealt
        if i % 4 == 0: f = next()                # one output serves four cards
        f = f * len(deck)                        # f is a 64-bit fixed-point fraction;
        j = f >> 64; f = f mod 2**64             # its integer part picks the card
        the i-th card dealt is deck.pop(j)       # (removed from the remaining cards)

Each splitmix64 output is read as a fraction in [0, 1) and multiplied by the number
of cards left; the integer part picks one of the remaining cards uniformly and the
fractional part (still at least 64 - 4*6 = 40 bits precise) picks the next one, so
four cards share one output with a bias below 2**-40 per card (Lemire's
multiply-shift, chained).  Dealing k cards costs k steps and deals exactly the
first k cards of the full 52-card order.  The C kernel ``he_deal_seeded`` (csrc/deal.c)
is the one implementation: :func:`seeded_deal` deals the first k cards in one call,
:class:`SeededDeck` deals them a few at a time; tests check the kernel against a
pure-Python copy of the algorithm above.

>>> deck = SeededDeck(2024)
>>> format_cards(deck.draw(5))
'Tc6s9dJd3c'
>>> format_cards(SeededDeck(2024).draw(5))
'Tc6s9dJd3c'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from holdem_eval import DTypeError, HoldemEvalError, InvalidCardError, ShapeError
from holdem_eval._bindings import batch_next_seed, deal_seeded
from holdem_eval._limits import check_seed
from holdem_eval.cards import RANK_CHARS, SUIT_CHARS, parse_card, parse_cards
from holdem_eval.variants import DECK_SIZE

from .errors import SeedError

__all__ = [
    "RANK_CHARS",
    "SUIT_CHARS",
    "UNKNOWN_CARD",
    "CardParseError",
    "SeededDeck",
    "format_card",
    "format_cards",
    "next_seed",
    "parse_card_text",
    "parse_cards_text",
    "seed_array",
    "seeded_deal",
    "splitmix64_stream",
]

UNKNOWN_CARD = -1
"""Placeholder id for a card that exists but is not known (PHH ``??``)."""

_M64 = 0xFFFFFFFFFFFFFFFF
_GAMMA = 0x9E3779B97F4A7C15  # 2**64 / golden ratio: the splitmix64 increment
_MIX1 = 0xBF58476D1CE4E5B9  # splitmix64 output-mix multipliers (Stafford's Mix13)
_MIX2 = 0x94D049BB133111EB

# The hot path of replays: two-character card text (either case) and "??" by a dict
# lookup; anything else goes to the library's one card parser, holdem_eval.parse_card(s),
# which reads the other forms or raises its InvalidCardError.
_CARD_IDS: dict[str, int] = {"??": UNKNOWN_CARD}
for _r, _rc in enumerate(RANK_CHARS):
    for _s, _sc in enumerate(SUIT_CHARS):
        for _text in {_rc + _sc, _rc.lower() + _sc, _rc + _sc.upper(), _rc.lower() + _sc.upper()}:
            _CARD_IDS[_text] = 4 * _r + _s
_CARD_NAMES: tuple[str, ...] = tuple(r + s for r in RANK_CHARS for s in SUIT_CHARS)

CardParseError = InvalidCardError
"""The engine's name for the library's :class:`~holdem_eval.InvalidCardError` (one class
for a bad card everywhere: ``Hand()``, ``settle()``, PHH, ``evaluate``)."""


def parse_card_text(text: str) -> int:
    """Return the card id of ``"Ah"``-style text; ``"??"`` gives :data:`UNKNOWN_CARD`.

    >>> parse_card_text("Ah"), parse_card_text("2c"), parse_card_text("??")
    (50, 0, -1)
    """
    card = _CARD_IDS.get(text)
    return int(parse_card(text)) if card is None else card


def parse_cards_text(text: str) -> list[int]:
    """Parse concatenated or separated card text (``"AhKd"``, ``"Ah Kd"``, ``"????"``).

    >>> parse_cards_text("AhKd??")
    [50, 45, -1]
    """
    compact = "".join(text.split()).replace("10", "T")
    if len(compact) % 2 == 0:
        ids = [_CARD_IDS.get(compact[k : k + 2]) for k in range(0, len(compact), 2)]
        if None not in ids:
            return ids  # type: ignore[return-value]  # no None: checked on the line above
    if "?" not in text:
        return [int(c) for c in parse_cards(text, allow_duplicates=True)]
    return [parse_card_text(part) for part in _unknown_parts(text)]


def _unknown_parts(text: str) -> list[str]:
    """Card text with unknown cards ``??`` as one token per card, for the parser's errors."""
    parts: list[str] = []
    for chunk in text.split("??"):
        if chunk.strip():
            parts.extend(_CARD_NAMES[int(c)] for c in parse_cards(chunk, allow_duplicates=True))
        parts.append("??")
    return parts[:-1]


def format_card(card: int) -> str:
    """Return ``"Ah"`` for 50 and ``"??"`` for :data:`UNKNOWN_CARD`."""
    return "??" if card < 0 else _CARD_NAMES[card]


def format_cards(cards: Iterable[int]) -> str:
    """Concatenate card texts: ``format_cards([50, 45]) == "AhKd"``."""
    return "".join(["??" if c < 0 else _CARD_NAMES[c] for c in cards])


def splitmix64_stream(seed: int, count: int) -> list[int]:
    """Return the first ``count`` splitmix64 outputs for ``seed`` (for golden tests).

    >>> hex(splitmix64_stream(0, 1)[0])
    '0xe220a8397b1dcdaf'
    """
    state = _check_seed(seed)
    out = []
    for _ in range(count):
        state = (state + _GAMMA) & _M64
        z = state
        z = ((z ^ (z >> 30)) * _MIX1) & _M64
        z = ((z ^ (z >> 27)) * _MIX2) & _M64
        out.append(z ^ (z >> 31))
    return out


def seeded_deal(seed: int, count: int, exclude: Sequence[int] = ()) -> list[int]:
    """The first ``count`` cards of the deal for ``seed``: ``SeededDeck(seed,
    exclude).draw(count)`` in one C call (csrc/deal.c runs the same algorithm).

    >>> format_cards(seeded_deal(2024, 5))
    'Tc6s9dJd3c'
    """
    seed = _check_seed(seed)
    mask = 0
    for c in exclude:
        if c.__class__ is not int or not 0 <= c <= 51:
            raise InvalidCardError(f"excluded card {c!r} is not a card id 0..51")
        mask |= 1 << c
    left = DECK_SIZE - len(set(exclude))
    if count.__class__ is not int or not 0 <= count <= left:
        raise HoldemEvalError(f"cannot deal {count!r} cards: only {left} remain in the deck")
    return list(deal_seeded(seed & _M64, mask, count))


def _check_seed(seed: int, name: str = "seed") -> int:
    """``seed`` as an int in 0 .. 2**64 - 1 (NumPy integers too), else ``SeedError``."""
    if seed.__class__ is int and 0 <= seed <= _M64:
        return seed
    return check_seed(seed, SeedError, name)


class SeededDeck:
    """A 52-card deck shuffled lazily by splitmix64-driven Fisher-Yates.

    ``exclude`` removes known cards first (they are never dealt); the remaining cards
    keep ascending id order before shuffling, so the deal is still a pure function
    of ``(seed, exclude)``. Each draw deals the next cards of that order (the C kernel
    ``he_deal_seeded`` runs the algorithm; this class keeps the position).
    """

    __slots__ = ("_left", "_mask", "_pos", "_seed")

    def __init__(self, seed: int, exclude: Sequence[int] = ()) -> None:
        seed = _check_seed(seed)
        mask = 0
        for c in set(exclude):
            if isinstance(c, int) and 0 <= c <= 51:  # other values exclude nothing
                mask |= 1 << c
        self._seed = seed & _M64
        self._mask = mask
        self._left = DECK_SIZE - bin(mask).count("1")
        self._pos = 0

    def copy(self) -> SeededDeck:
        """Return an independent deck that will deal the same future cards."""
        other = SeededDeck.__new__(SeededDeck)
        other._seed, other._mask, other._left, other._pos = (
            self._seed, self._mask, self._left, self._pos,
        )
        return other

    @property
    def remaining(self) -> int:
        """Number of cards not yet dealt."""
        return self._left - self._pos

    def draw(self, count: int = 1) -> list[int]:
        """Deal ``count`` cards from the top of the (lazily) shuffled deck."""
        if count > self.remaining:
            raise HoldemEvalError(
                f"cannot deal {count} cards: only {self.remaining} remain in the deck"
            )
        pos = self._pos
        cards = deal_seeded(self._seed, self._mask, pos + count)[pos:] if count > 0 else []
        self._pos = pos + max(count, 0)
        return list(cards)


def seed_array(seeds: Any, n: int) -> NDArray[np.uint64]:
    """``seeds`` as ``(n,)`` uint64, each an int in 0 .. 2**64 - 1 (the one seed rule)."""
    if isinstance(seeds, (list, tuple)) and all(s.__class__ is int for s in seeds):
        # Python ints each checked: no float64 detour for ints above 2**63
        if len(seeds) != n:
            raise ShapeError(f"seeds must have shape ({n},), got ({len(seeds)},)")
        return np.array([_check_seed(s, f"seeds[{i}]") for i, s in enumerate(seeds)], dtype=np.uint64)
    a = np.asarray(seeds)
    if a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.integer):
        raise DTypeError(f"seeds must hold ints, got dtype {a.dtype}")
    if a.shape != (n,):
        raise ShapeError(f"seeds must have shape ({n},), got {a.shape}")
    if a.dtype.kind == "i" and a.size and int(a.min()) < 0:
        i = int(np.flatnonzero(a < 0)[0])
        raise SeedError(f"seeds[{i}] must be an int in 0 .. 2**64 - 1, got {int(a[i])!r}")
    return a.astype(np.uint64)


def next_seed(seed: int) -> int:
    """The seed of the hand that follows one dealt from ``seed`` (splitmix64's output).

    >>> next_seed(0)
    16294208416658607535
    """
    return int(batch_next_seed(_check_seed(seed)))
