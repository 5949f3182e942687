"""The Python reference of the hand's rules: the test oracle for the C state machine.

A readable, PokerKit-style implementation (the engine's former Python hand), kept in the
tests only: tests/engine/test_core_reference.py plays random hands with it and with
:class:`holdem_eval.engine.Hand` (csrc/hand.c) action by action and compares legal
actions, errors, states and event logs. Nothing in the product imports it.

The class is built from three mixins, one module each, so that every rule stays short
enough to read in one place: hand_reference_start.py (the cards, the state, the forced
bets), hand_reference_betting.py (legal actions, acting, rounds, streets) and
hand_reference_showdown.py (show, muck, settle, award); hand_reference_common.py holds
the constants and helpers they share. This module adds the constructor, the derived
state, copies and views.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hand_reference_betting import BettingMixin
from hand_reference_common import (
    _SEATS_FROM,
    _SHOWDOWN_MARK,
    _new_tuple,
    _RawEvent,
)
from hand_reference_showdown import ShowdownMixin
from hand_reference_start import StartMixin
from holdem_eval.engine.config import ConfigError, GameConfig
from holdem_eval.engine.dealing import (
    _M64,
    UNKNOWN_CARD,
    SeededDeck,
    _check_seed,
    format_cards,
)
from holdem_eval.engine.hand.hand import STREET_NAMES, Event, PlayerView
from holdem_eval.engine.showdown import showdown_order

__all__ = ["ReferenceHand"]


class ReferenceHand(StartMixin, BettingMixin, ShowdownMixin):
    """The rules of :class:`holdem_eval.engine.Hand`, in Python: the same constructor
    arguments, methods, results and errors (its docstring says what they mean).

    >>> from holdem_eval.engine import GameConfig
    >>> h = ReferenceHand(GameConfig(big_blind=100), [10_000] * 3, button=0, seed=1)
    >>> h.actor, [str(a.kind) for a in h.legal_actions()]
    (0, ['fold', 'call', 'raise'])
    >>> h.raise_to(300); h.fold(); h.call()
    >>> h.street, h.pot, h.actor
    ('flop', 650, 2)
    """

    def __init__(
        self,
        config: GameConfig,
        stacks: Sequence[int],
        *,
        button: int = 0,
        seed: int | None = None,
        hole_cards: Sequence[str | Sequence[int] | None] | None = None,
        board: str | Sequence[int] | None = None,
        posts: Mapping[int, tuple[int, int]] | None = None,
        rules: Any = None,
        manual_showdown: bool = False,
    ) -> None:
        if not isinstance(config, GameConfig):
            raise ConfigError(f"config must be a GameConfig, got {config!r}")
        stacks_ = list(stacks)
        n = len(stacks_)
        if not 2 <= n <= 10:
            raise ConfigError(f"a hand needs 2..10 seats, got {n} stacks: {stacks_!r}")
        for s in stacks_:
            if s.__class__ is not int or s <= 0:
                if not all(
                    isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in stacks_
                ):
                    raise ConfigError(f"stacks must be positive ints, got {stacks_!r}")
                stacks_ = [int(s) for s in stacks_]
                break
        if button.__class__ is not int or not 0 <= button < n:
            raise ConfigError(f"button must be a seat 0..{n - 1}, got {button!r}")
        if config.straddle and n == 2:
            raise ConfigError("a straddle needs at least 3 seats")
        hc = config.hole_count
        if n * hc + 8 > 52:
            raise ConfigError(f"{config.variant} with {n} seats needs more than 52 cards")
        self.config = config
        self.rules = rules
        self.manual_showdown = manual_showdown
        self.starting_stacks = tuple(stacks_)
        deck: SeededDeck | None = None
        if hole_cards is None and board is None:
            if seed is None:
                raise ConfigError("give a seed or explicit hole_cards")
            if seed.__class__ is not int:
                seed = _check_seed(seed)
            if not posts:
                self._start_seeded(seed & _M64, stacks_, button)  # C; see _start_seeded_py
                return
            holes, plan = self._seeded_cards(seed & _M64, n, hc, button)
        else:
            order = _SEATS_FROM[n][(button + 1) % n]
            holes, plan, deck = self._explicit_cards(hole_cards, board, seed, n, hc, order)
        self._start(stacks_, button, holes, plan, deck, posts)

    # ---- derived state -----------------------------------------------------------
    @property
    def blind_seats(self) -> tuple[int, int]:
        """``(small blind seat, big blind seat)``; heads-up the button is the small blind."""
        n, b = self.n, self.button
        if n == 2:
            return b, (b + 1) % 2
        return (b + 1) % n, (b + 2) % n

    @property
    def street(self) -> str:
        """``preflop``, ``flop``, ``turn``, ``river`` or ``showdown`` (betting finished)."""
        return STREET_NAMES[self.street_index]

    @property
    def is_over(self) -> bool:
        """True once the pot has been awarded."""
        return self.payouts is not None

    @property
    def events(self) -> tuple[Event, ...]:
        """The full event log (every card, every chip movement)."""
        return tuple(self._expand_log(self._log))

    def _expand_log(self, raw: list[_RawEvent], seat: int = -1) -> list[Event]:
        """The raw log as Events; with ``seat``, other seats' hole cards are hidden (-1)."""
        out: list[Event] = []
        hidden = (UNKNOWN_CARD,) * self.config.hole_count
        for e in raw:
            kind = e[0]
            if kind == "hole" and seat >= 0 and e[1] != seat:
                out.append(_new_tuple(Event, ("hole", e[1], 0, hidden)))
                continue
            if kind != _SHOWDOWN_MARK:
                out.append(_new_tuple(Event, e))
                continue
            # automatic showdown: the last river aggressor shows first, then clockwise;
            # a hand beaten in every pot it could win by a hand already shown is mucked
            _, aggressor, shown_before, live = e
            assert self._ranks is not None
            order = showdown_order(
                list(live),
                button=self.button,
                last_aggressor=aggressor if aggressor >= 0 else None,
                ranks=self._ranks,
                contributions=self.committed,
                dead=self._dead,
            )
            muckable = set(order.muckable)
            for k in order.order:
                if k in shown_before:
                    continue  # it showed its cards already
                if k in muckable:
                    out.append(Event("muck", k, 0))
                else:
                    out.append(Event("show", k, 0, self.hole_cards[k]))
        return out

    @property
    def current_actor(self) -> int | None:
        """The seat to act, or None (hand over, or waiting for cards/showdown)."""
        return self.actor if self.actor >= 0 else None

    @property
    def to_call(self) -> int:
        """Chips the seat to act must add to call (0 when checking is possible)."""
        i = self.actor
        return 0 if i < 0 else self.cur_bet - self.bets[i]

    @property
    def net(self) -> list[int]:
        """Each seat's stack change so far (final result once the hand is over)."""
        return [s - s0 for s, s0 in zip(self.stacks, self.starting_stacks)]

    @property
    def dead_money(self) -> list[int]:
        """Per seat, the dead money posted as such (a missed small blind, a big-blind
        ante): part of :attr:`contributions`, but not of the seat's bet — it sets no
        all-in level, is never returned and goes to the main pot."""
        return [0] * self.n if self._dead is None else self._dead[:]

    @property
    def contributions(self) -> list[int]:
        """Chips each seat has put into the pot so far (including dead money)."""
        return [c + b for c, b in zip(self.committed, self.bets)]

    # ---- copies and views --------------------------------------------------------
    def clone(self) -> ReferenceHand:
        """An independent copy."""
        h = self.__class__.__new__(self.__class__)
        for name, value in self.__dict__.items():
            if isinstance(value, list):
                value = value[:]
            elif isinstance(value, SeededDeck):
                value = value.copy()
            setattr(h, name, value)
        return h

    def __copy__(self) -> ReferenceHand:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> ReferenceHand:
        return self.clone()  # every mutable part is copied; the rest is immutable

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: other players' hole cards are hidden until shown."""
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise ConfigError(f"seat must be 0..{self.n - 1}, got {seat!r}")
        events = tuple(self._expand_log(self._log, seat))
        return PlayerView(
            seat=seat,
            button=self.button,
            street=self.street,
            hole_cards=self.hole_cards[seat],
            board=tuple(self.board),
            stacks=tuple(self.stacks),
            bets=tuple(self.bets),
            pot=self.pot,
            folded=tuple(self.folded),
            actor=self.current_actor,
            legal_actions=self.legal_actions() if self.actor == seat else (),
            events=events,
            is_over=self.is_over,
        )

    def __repr__(self) -> str:
        return (
            f"Hand({self.config.variant}/{self.config.betting}, street={self.street},"
            f" actor={self.current_actor}, stacks={self.stacks}, pot={self.pot},"
            f" board={format_cards(self.board)!r})"
        )
