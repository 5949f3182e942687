"""Decks for real play: the operating system's CSPRNG by default, or a shuffle of your own.

A :class:`Deck` deals cards *when they are dealt*: the hole cards at the start of a hand,
each street's board when the betting before it is over. So a running hand's state, its
pickles, clones and :meth:`Table.to_json <holdem_eval.engine.Table.to_json>` documents
hold no card that has not been dealt yet, and nothing recorded so far tells the next card.

* :class:`OsDeck` (the default of ``Hand`` without ``seed`` and of every ``Table``) draws
  each card uniformly from the cards not in play with :mod:`secrets` (``os.urandom``).
* :class:`PresetDeck` deals a pre-shuffled order you give it (a certified shuffler's
  output, a recorded deck), skipping the cards already in play.
* Any object with a ``draw(count, exclude)`` method is a deck: a certified RNG plugs in
  there. Its answer is checked (``count`` distinct ids 0..51, none in ``exclude``) before a
  card is used; a wrong answer raises :class:`DeckError` and changes nothing.

Every deck deals the game's deck (:attr:`Variant.lowest_card <holdem_eval.variants.Variant>`
.. 51): a hand puts the cards outside it (:func:`off_deck_cards`, the 2s to 5s of short
deck) in ``exclude`` with the cards in play, so the decks above need nothing of the variant.

``seed=`` (``Hand(..., seed=7)``, ``Table(..., seed=7)``) is the other dealer: a
reproducible splitmix64 deal for simulations and tests (see :mod:`.dealing`). It is **not
for real play**: whoever learns the seed knows every card, and the seeded hand keeps its
run-out in its state from the start.

>>> deck = PresetDeck("AhKh QsQd 2c3c4c5c6c")
>>> deck.draw(2, frozenset()), deck.draw(3, frozenset({44}))
([50, 46], [43, 41, 0])
>>> len(set(OsDeck().draw(52, frozenset())))
52
>>> len(off_deck_cards("holdem")), sorted(off_deck_cards("holdem"))
(0, [])
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from holdem_eval.variants import DECK_SIZE, VARIANTS

from ..errors import DeckError

__all__ = ["Deck", "DeckError", "OsDeck", "PresetDeck", "check_drawn", "off_deck_cards"]

_ALL_CARDS = range(DECK_SIZE)
_OFF_DECK: dict[str, frozenset[int]] = {
    name: frozenset(range(row.lowest_card)) for name, row in VARIANTS.items()
}


def off_deck_cards(variant: str) -> frozenset[int]:
    """The card ids that are not in ``variant``'s deck (ids below its ``lowest_card``:
    none for a 52-card game, the 2s to 5s for a short deck). A hand excludes them from
    every draw, as it does the cards in play."""
    return _OFF_DECK[variant]


@runtime_checkable
class Deck(Protocol):
    """What a hand asks of a deck: ``count`` card ids (0..51) not in ``exclude``.

    ``exclude`` is every card already in play (hole cards and board) and every card outside
    the game's deck (:func:`off_deck_cards`); the deck must not return any of them, nor
    one card twice.
    """

    def draw(self, count: int, exclude: frozenset[int]) -> Sequence[int]: ...


class OsDeck:
    """Cards from the operating system's CSPRNG, drawn one street at a time.

    Stateless: each draw picks ``count`` distinct cards uniformly at random among the
    cards not in ``exclude`` (:class:`secrets.SystemRandom`). Burning a card first would
    not change the distribution, so none is burnt. Pickles, clones and restored tables
    keep using the OS; there is nothing to save.
    """

    __slots__ = ()
    _rng = secrets.SystemRandom()

    def draw(self, count: int, exclude: frozenset[int]) -> list[int]:
        left = [c for c in _ALL_CARDS if c not in exclude]
        if not 0 <= count <= len(left):
            raise DeckError(f"cannot deal {count!r} cards: only {len(left)} are not in play")
        return self._rng.sample(left, count)

    def __repr__(self) -> str:
        return "OsDeck()"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OsDeck)

    def __hash__(self) -> int:
        return hash(OsDeck)


class PresetDeck:
    """Deals a given order of cards (text like ``"AhKh Qs..."`` or ids), in order,
    skipping any card already in play. Raises :class:`DeckError` when it runs out.

    Its remaining cards are its state: a pickle of a hand using it holds them, by the
    caller's choice (the default :class:`OsDeck` holds nothing).
    """

    __slots__ = ("_cards", "_pos")

    def __init__(self, cards: str | Sequence[int]) -> None:
        from holdem_eval.cards import parse_cards

        ids = parse_cards(cards).tolist() if isinstance(cards, str) else list(cards)
        for k, c in enumerate(ids):
            if c.__class__ is not int or not 0 <= c <= 51:
                raise DeckError(f"card {k} of the preset deck is not a card id 0..51: {c!r}")
        if len(set(ids)) != len(ids):
            twice = next(c for c in ids if ids.count(c) > 1)
            raise DeckError(f"the preset deck repeats card id {twice!r}")
        self._cards: tuple[int, ...] = tuple(int(c) for c in ids)
        self._pos = 0

    @property
    def remaining(self) -> int:
        """Cards of the order not dealt yet (some may be skipped as in play)."""
        return len(self._cards) - self._pos

    def draw(self, count: int, exclude: frozenset[int]) -> list[int]:
        out: list[int] = []
        pos = self._pos
        while len(out) < count and pos < len(self._cards):
            card = self._cards[pos]
            pos += 1
            if card not in exclude:
                out.append(card)
        if len(out) < count:
            raise DeckError(f"the preset deck ran out: {count} cards needed, {len(out)} left")
        self._pos = pos
        return out

    def copy(self) -> PresetDeck:
        other = PresetDeck.__new__(PresetDeck)
        other._cards, other._pos = self._cards, self._pos
        return other

    def __repr__(self) -> str:  # never the cards: they are the hand's future
        return f"PresetDeck({self.remaining} cards left)"

    def __getstate__(self) -> tuple[tuple[int, ...], int]:
        return self._cards, self._pos

    def __setstate__(self, state: tuple[tuple[int, ...], int]) -> None:
        self._cards, self._pos = state


def check_drawn(drawn: Any, count: int, exclude: frozenset[int]) -> list[int]:
    """A deck's answer as a list of ``count`` card ids, or :class:`DeckError` naming what
    is wrong with it (before any card is used)."""
    try:
        cards = list(drawn)
    except TypeError:
        raise DeckError(f"the deck's draw({count}) returned {drawn!r}, not a sequence of card ids") from None
    if len(cards) != count:
        raise DeckError(f"the deck's draw({count}) returned {len(cards)} cards, expected {count}")
    seen: set[int] = set()
    for c in cards:
        if c.__class__ is not int:
            if not isinstance(c, int) or isinstance(c, bool):
                raise DeckError(f"the deck's draw({count}) returned {c!r}, not a card id 0..51")
            c = int(c)
        if not 0 <= c <= 51:
            raise DeckError(f"the deck's draw({count}) returned card id {c!r}, outside 0..51")
        if c in exclude or c in seen:  # which card is not said: it may be a hidden hole card
            raise DeckError(f"the deck's draw({count}) returned a card that is already in play"
                            " or twice")
        seen.add(c)
    return [int(c) for c in cards]
