"""A table session: seats, the moving button, blinds owed, joining, leaving, rebuys, rake.

Rules this table follows (a "moving button" house):

* The button moves one seat clockwise after every hand, to the next seat that is
  dealt in; the small and big blinds are the next two dealt-in seats (heads-up the
  button posts the small blind).
* A seated player who is sitting out when the small or big blind passes his seat
  *misses* that blind.  To come back he either posts what he missed — the big blind
  live (it counts as his bet) and the small blind dead (it goes to the pot) — or waits
  until the big blind reaches him.  A player whose turn for the big blind comes while
  he is back simply posts it and owes nothing more.
* A new player waits for the big blind (default) or posts one big blind live in his
  first hand, in any position.
* A player with no chips after a hand is *busted*: he is dealt out until he rebuys
  (``rebuy``) or leaves.  Rebuys, joins and leaves happen between hands.
* Rake follows the table's :class:`~holdem_eval.engine.Rules` through ``settle``.

Chips are conserved over the session:
``sum(stacks) + rake_taken + cashed_out == bought_in`` after every hand.

>>> from holdem_eval.engine import GameConfig, Table
>>> t = Table(GameConfig(big_blind=2), seats=3, seed=1)
>>> for seat, name in enumerate(["ann", "bob", "cy"]):
...     t.join(seat, name, 200, wait_for_big_blind=False)
>>> h = t.start_hand()
>>> t.button, t.seat_to_act
(0, 0)
>>> while t.hand is not None:
...     t.act(t.legal_actions()[0])   # everyone folds (or checks) when they can
>>> t.stacks
[200, 199, 201]
>>> _ = t.start_hand()          # the button moves one seat clockwise
>>> t.button, t.hand.blind_seats
(1, (2, 0))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .config import ConfigError, GameConfig
from .errors import TableError
from .hand import Action, ActionKind, Hand, LegalAction, PlayerView

__all__ = ["SeatState", "Table", "TableError"]


@dataclass
class SeatState:
    """One occupied seat (mutable bookkeeping; read it, change it through ``Table``)."""

    name: str
    stack: int
    bought_in: int
    sitting_out: bool = False
    waiting_for_big_blind: bool = False
    post_big_blind: bool = False
    missed_small_blind: bool = False
    missed_big_blind: bool = False

    @property
    def busted(self) -> bool:
        return self.stack == 0


class Table:
    """A cash-game session of many hands; see the module docstring for the rules."""

    def __init__(
        self,
        config: GameConfig,
        seats: int = 6,
        *,
        rules: Any = None,
        seed: int = 0,
        button: int = 0,
    ) -> None:
        if not isinstance(config, GameConfig):
            raise ConfigError(f"config must be a GameConfig, got {config!r}")
        if not isinstance(seats, int) or not 2 <= seats <= 10:
            raise ConfigError(f"seats must be 2..10, got {seats!r}")
        if not isinstance(button, int) or not 0 <= button < seats:
            raise ConfigError(f"button must be a seat 0..{seats - 1}, got {button!r}")
        self.config = config
        self.rules = rules
        self.seat_count = seats
        self.seats: list[SeatState | None] = [None] * seats
        self.button = button
        self._first_hand = True
        self._last_blinds: tuple[int, int] | None = None
        self.seed = seed
        self.hands_played = 0
        self.rake_taken = 0
        self.bought_in = 0
        self.cashed_out = 0
        self.hand: Hand | None = None
        self.hand_seats: list[int] = []  # hand position -> table seat
        self.history: list[Hand] = []
        self.keep_history = False

    # ---- seats ---------------------------------------------------------------------
    def _seat(self, seat: int) -> SeatState:
        if not isinstance(seat, int) or not 0 <= seat < self.seat_count:
            raise TableError(f"seat must be 0..{self.seat_count - 1}, got {seat!r}")
        s = self.seats[seat]
        if s is None:
            raise TableError(f"seat {seat} is empty")
        return s

    def _between_hands(self, what: str) -> None:
        if self.hand is not None:
            raise TableError(f"cannot {what} during a hand")

    def join(self, seat: int, name: str, buy_in: int, *, wait_for_big_blind: bool = True) -> None:
        """Seat a new player with ``buy_in`` chips; he waits for the big blind or posts one."""
        self._between_hands("join")
        if not isinstance(seat, int) or not 0 <= seat < self.seat_count:
            raise TableError(f"seat must be 0..{self.seat_count - 1}, got {seat!r}")
        if self.seats[seat] is not None:
            raise TableError(f"seat {seat} is taken")
        if not isinstance(buy_in, int) or isinstance(buy_in, bool) or buy_in <= 0:
            raise TableError(f"buy_in must be a positive int, got {buy_in!r}")
        first = self._first_hand
        self.seats[seat] = SeatState(
            name,
            buy_in,
            buy_in,
            waiting_for_big_blind=wait_for_big_blind and not first,
            post_big_blind=not wait_for_big_blind and not first,
        )
        self.bought_in += buy_in

    def leave(self, seat: int) -> int:
        """Remove a player; returns the chips he takes away."""
        self._between_hands("leave")
        s = self._seat(seat)
        self.seats[seat] = None
        self.cashed_out += s.stack
        return s.stack

    def rebuy(self, seat: int, amount: int) -> None:
        """Add chips to a player's stack (a busted player is dealt in again)."""
        self._between_hands("rebuy")
        s = self._seat(seat)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise TableError(f"rebuy amount must be a positive int, got {amount!r}")
        s.stack += amount
        s.bought_in += amount
        self.bought_in += amount

    def sit_out(self, seat: int) -> None:
        """Stop being dealt in (from the next hand); blinds passing the seat are missed."""
        self._seat(seat).sitting_out = True

    def sit_in(self, seat: int, *, post: bool = True) -> None:
        """Come back: post the missed blinds next hand (``post=True``) or wait for the BB."""
        s = self._seat(seat)
        s.sitting_out = False
        owes = s.missed_big_blind or s.missed_small_blind
        s.waiting_for_big_blind = owes and not post
        s.post_big_blind = False

    @property
    def stacks(self) -> list[int]:
        """Stacks by seat (0 for empty seats)."""
        return [0 if s is None else s.stack for s in self.seats]

    # ---- dealing a hand -------------------------------------------------------------
    def _clockwise(self, start: int) -> list[int]:
        n = self.seat_count
        return [(start + k) % n for k in range(1, n + 1)]

    def start_hand(self) -> Hand:
        """Deal the next hand: move the button, post blinds (and owed blinds), deal."""
        self._between_hands("start a hand")
        occupied = [k for k in range(self.seat_count) if self.seats[k] is not None]
        ready: list[int] = []
        waiting: list[int] = []
        for k in occupied:
            s = self.seats[k]
            assert s is not None
            if s.sitting_out or s.stack == 0:
                continue
            (waiting if s.waiting_for_big_blind else ready).append(k)
        if len(ready) + len(waiting) < 2 or not ready:
            raise TableError(f"need at least 2 players ready to play, have {len(ready)}")
        # the button: the next ready seat clockwise (the first hand: at or after `button`)
        start = self.button - 1 if self._first_hand else self.button
        button = next(k for k in self._clockwise(start) if k in ready)
        # blinds: SB is the first ready seat after the button; the BB is the next seat
        # that is ready or waiting for the big blind (a waiting seat is dealt in now)
        after = [k for k in self._clockwise(button) if k != button]
        dealt = set(ready)
        if len(ready) == 1:  # everyone else waits for the big blind: the first one gets it
            bb = next(k for k in after if k in waiting)
            dealt.add(bb)
        else:
            sb = next(k for k in after if k in dealt)
            rest = [*after[after.index(sb) + 1 :], button]
            bb = next(k for k in rest if k in dealt or k in waiting)
            dealt.add(bb)
        if len(dealt) == 2:  # heads-up: the button posts the small blind
            sb = button
            bb = next(k for k in dealt if k != button)
        self._mark_missed(sb, bb, occupied, dealt)
        order = sorted(dealt)
        hand_button = order.index(button)
        posts: dict[int, tuple[int, int]] = {}
        cfg = self.config
        for pos, k in enumerate(order):
            s = self.seats[k]
            assert s is not None
            if k == bb:
                s.missed_big_blind = s.missed_small_blind = False
                s.waiting_for_big_blind = s.post_big_blind = False
                continue
            live = cfg.big_blind if (s.missed_big_blind or s.post_big_blind) else 0
            dead = cfg.small_blind if s.missed_small_blind else 0
            if live or dead:
                posts[pos] = (live, dead)
            s.missed_big_blind = s.missed_small_blind = s.post_big_blind = False
        self.button = button
        self._first_hand = False
        self._last_blinds = (sb, bb)
        stacks = []
        for k in order:
            s = self.seats[k]
            assert s is not None
            stacks.append(s.stack)
        self.hand = Hand(
            cfg,
            stacks,
            button=hand_button,
            seed=(self.seed * 0x9E3779B1 + self.hands_played) & 0xFFFFFFFFFFFFFFFF,
            posts=posts or None,
            rules=self.rules,
        )
        assert [order[p] for p in self.hand.blind_seats] == [sb, bb]
        self.hand_seats = order
        if self.hand.is_over:
            self._finish_hand()
        return self.hand if self.hand is not None else self.history[-1]

    def _mark_missed(self, sb: int, bb: int, occupied: list[int], dealt: set[int]) -> None:
        """Sitting-out seats the blinds passed since the last hand miss those blinds."""
        if self._last_blinds is None:
            return
        last_sb, last_bb = self._last_blinds
        passes = ((sb, last_sb, "missed_small_blind"), (bb, last_bb, "missed_big_blind"))
        for new, old, attr in passes:
            k = old
            for _ in range(self.seat_count):
                k = (k + 1) % self.seat_count
                if k == new:
                    break
                s = self.seats[k]
                if s is not None and k not in dealt and s.sitting_out:
                    setattr(s, attr, True)

    # ---- playing -------------------------------------------------------------------
    @property
    def seat_to_act(self) -> int | None:
        """The table seat to act in the current hand, or None."""
        if self.hand is None or self.hand.current_actor is None:
            return None
        return self.hand_seats[self.hand.current_actor]

    def legal_actions(self) -> tuple[LegalAction, ...]:
        return () if self.hand is None else self.hand.legal_actions()

    def view(self, seat: int) -> PlayerView:
        """The current hand as ``seat`` sees it (hand positions, not table seats)."""
        if self.hand is None:
            raise TableError("no hand is in progress")
        if seat not in self.hand_seats:
            raise TableError(f"seat {seat} is not in this hand")
        return self.hand.view(self.hand_seats.index(seat))

    def act(self, action: Action | LegalAction | tuple[ActionKind, int]) -> None:
        """Apply an action for the seat to act; a LegalAction acts at its minimum."""
        if self.hand is None:
            raise TableError("no hand is in progress")
        kind, amount = action[0], action[1]
        self.hand.act((kind, amount))
        if self.hand.is_over:
            self._finish_hand()

    def play_hand(self, decide: Callable[[PlayerView], Action | tuple[ActionKind, int]]) -> Hand:
        """Deal and play one hand, asking ``decide(view)`` for each decision."""
        hand = self.start_hand()
        while self.hand is not None:
            actor = self.hand.current_actor
            assert actor is not None
            self.act(decide(self.hand.view(actor)))
        return hand

    def _finish_hand(self) -> None:
        hand = self.hand
        assert hand is not None and hand.is_over
        for pos, k in enumerate(self.hand_seats):
            s = self.seats[k]
            assert s is not None
            s.stack = hand.stacks[pos]
        self.rake_taken += hand.rake
        self.hands_played += 1
        if self.keep_history:
            self.history.append(hand)
        else:
            self.history[:] = [hand]
        self.hand = None

    def chips_in_play(self) -> int:
        """``sum(stacks) + rake_taken + cashed_out`` — equals ``bought_in`` between hands."""
        return sum(self.stacks) + self.rake_taken + self.cashed_out

    def __repr__(self) -> str:
        names = [None if s is None else (s.name, s.stack) for s in self.seats]
        return f"Table(button={self.button}, seats={names})"
