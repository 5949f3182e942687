"""A :class:`~holdem_eval.engine.Hand` that deals from a :class:`~holdem_eval.engine.Deck`.

``Hand(config, stacks)`` without ``seed``, ``hole_cards`` or ``board`` (or with ``deck=``)
is a :class:`DeckHand`: it draws the hole cards from the deck when it starts and each
street's board when the betting before it is over, so its state never holds an undealt
card. Everything else — every rule, every check — is the hand machine's, as for any
``Hand``: a :class:`DeckHand` only feeds the machine the board cards it waits for, after
each step that leaves it waiting.

>>> from holdem_eval.engine import GameConfig, Hand, PresetDeck
>>> deck = PresetDeck("AhKh QsQd 2c2d Th Jh 9c 8d 7s 6s 5s 4s")
>>> h = Hand(GameConfig(big_blind=2), [100, 100, 100], deck=deck)
>>> h.hole_cards[1], h.hole_cards[2], h.hole_cards[0]   # dealt one at a time from seat 1
((50, 41), (46, 0), (43, 1))
>>> h.call(); h.call(); h.check()
>>> h.street, len(h.board)
('flop', 3)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from holdem_eval.variants import VARIANTS

from ..config import GameConfig
from ..errors import ConfigError, HandStateError
from .decks import Deck, DeckError, OsDeck, check_drawn, off_deck_cards
from .hand import Hand

if TYPE_CHECKING:
    from typing import Unpack

__all__ = ["DeckHand"]


class _HandOptions(TypedDict, total=False):
    """The keywords of ``Hand()`` that a :class:`DeckHand` passes on as they are."""

    button: int
    posts: Mapping[int, tuple[int, int]] | None
    rules: Any
    manual_showdown: bool
    no_small_blind: bool
    max_runs: int


class DeckHand(Hand, deals_from_deck=True):
    """A hand dealt from a deck (see the module docstring); ``Hand(...)`` makes one."""

    __slots__ = ("deck",)
    deck: Deck

    def __init__(
        self,
        config: GameConfig,
        stacks: Sequence[int],
        *,
        seed: int | None = None,
        hole_cards: Sequence[str | Sequence[int] | None] | None = None,
        board: str | Sequence[int] | None = None,
        deck: Any = None,
        **options: Unpack[_HandOptions],
    ) -> None:
        # Hand()'s arguments; the cards come from the deck, so seed, hole_cards and board
        # are only refused
        if seed is not None or hole_cards is not None or board is not None:
            raise ConfigError("deck= deals every card itself: give it without seed, hole_cards"
                              " or board")
        if deck is None:
            deck = OsDeck()
        elif not callable(getattr(deck, "draw", None)):
            raise ConfigError(f"deck must have a draw(count, exclude) method, got {deck!r}")
        self.deck = deck
        button = options.get("button", 0)
        try:
            n = len(stacks)
        except TypeError:
            n = -1
        if not (isinstance(config, GameConfig) and 2 <= n <= 10 and isinstance(button, int)
                and not isinstance(button, bool) and 0 <= button < n
                and n * config.hole_count + 8 <= VARIANTS[config.variant].deck_size):
            # the arguments are wrong: Hand() says how (a seed makes it check them all),
            # and no card is drawn
            super().__init__(config, stacks, seed=0, **options)
            raise AssertionError("Hand() accepted arguments DeckHand refused")  # pragma: no cover
        # one card at a time round the table from the seat left of the button, as a dealer
        # does (it matters only to a preset order)
        hc, off_deck = config.hole_count, off_deck_cards(config.variant)
        cards = check_drawn(deck.draw(n * hc, off_deck), n * hc, off_deck)
        holes: list[list[int]] = [[] for _ in range(n)]
        for j, card in enumerate(cards):
            holes[(button + 1 + j) % n].append(card)
        super().__init__(config, stacks, hole_cards=holes, **options)
        self._draw_board()

    def _draw_board(self) -> None:
        """Deal the board cards the machine waits for, street by street."""
        while self._pending_board > 0 and not self._over:
            count = self._pending_board
            exclude = (frozenset(c for hole in self.hole_cards for c in hole if c >= 0)
                       | frozenset(c for board in self.run_boards for c in board)
                       | off_deck_cards(self.config.variant))
            cards = check_drawn(self.deck.draw(count, exclude), count, exclude)
            Hand.deal_board(self, cards)

    def deal_board(self, cards: str | Sequence[int]) -> None:
        raise HandStateError("this hand deals its own board from its deck; deal_board is for"
                             " hands made with explicit cards")

    # ---- copies -------------------------------------------------------------------
    def clone(self) -> DeckHand:
        h = Hand.clone(self)
        assert isinstance(h, DeckHand)
        copy = getattr(self.deck, "copy", None)
        h.deck = copy() if callable(copy) else self.deck
        return h

    def __reduce__(self) -> tuple[Any, ...]:
        fn, (cls, state) = Hand.__reduce__(self)
        return _restore_deck_hand, (fn, cls, state, self.deck)


def _then_draw_board(step: Callable[..., None]) -> Callable[..., None]:
    """``step`` (a :class:`Hand` method that may end a betting round), then the board cards
    the machine waits for after it, drawn from the deck."""

    @functools.wraps(step)
    def step_then_draw(self: DeckHand, *args: Any, **kwargs: Any) -> None:
        step(self, *args, **kwargs)
        self._draw_board()

    return step_then_draw


for _name in ("act", "fold", "check", "call", "check_or_call", "all_in", "bet", "raise_to",
              "bet_or_raise_to", "choose_runs"):
    setattr(DeckHand, _name, _then_draw_board(getattr(Hand, _name)))
    getattr(DeckHand, _name).__qualname__ = f"DeckHand.{_name}"
del _name


def _restore_deck_hand(fn: Any, cls: type[DeckHand], state: tuple[Any, ...], deck: Any) -> DeckHand:
    """Unpickle a :class:`DeckHand`: the hand as any hand, then its deck."""
    if not isinstance(deck, Deck):
        raise DeckError(f"the pickled hand's deck {deck!r} has no draw(count, exclude) method")
    h = fn(cls, state)
    assert isinstance(h, DeckHand)
    h.deck = deck
    return h
