"""A table a game server can sit on: seats, the button and blinds (moving or dead
button), blinds owed, joining, leaving, rebuys, rake; secure decks, table-seat views, an
event stream, clocks, restore.

Every seat number in this module — arguments, views, events, error messages — is a
**table seat** (0 .. seats-1), never a position in the hand.

Rules this table follows:

* The big blind moves one seat clockwise after every hand; where the small blind and the
  button go is the table's ``button_rule``, ``"moving"`` (default) or ``"dead"``, and a
  player sitting out when a blind passes his seat *misses* it (engine/table/blinds.py states
  both rules and what a returning player posts). :meth:`next_blinds` tells who posts next.
* A new player waits for the big blind (default) or posts one big blind live in his
  first hand, in any position.  A player may join during a hand; he is dealt in from
  a later hand.
* A player with no chips after a hand is *busted*: he is dealt out until he rebuys
  (``rebuy``) or leaves, and misses the blinds that pass him like a player sitting out
  (after the rebuy he posts them, or waits for the big blind after ``sit_out`` and
  ``sit_in(post=False)``).  A rebuy asked for during a hand by a seat in it is applied
  before the next hand.  Buy-ins and rebuys keep a stack within ``min_buy_in`` ..
  ``max_buy_in`` when those are set.
* ``leave`` during a hand folds the seat at its turn (binding: it is asked nothing
  more) and removes it after the hand with its chips; ``timeout`` plays
  :meth:`Table.default_action` (check if free, else fold) for a seat whose clock ran out.
* Rake follows the table's :class:`~holdem_eval.engine.Rules` through ``settle``.

Dealing: every hand shuffles from the operating system's CSPRNG (:class:`OsDeck`) and
draws each street's cards when they are dealt, unless ``deck=`` gives a deck factory (a
certified shuffle) or ``seed=`` asks for the reproducible seeded deal of simulations
(hand n of a table with seed s deals like ``Hand(seed=(s * 0x9E3779B1 + n) mod 2**64)``;
**not for real play**: the seed tells every card).

Chips are conserved over the session:
``sum(stacks) + rake_taken + cashed_out == bought_in`` between hands.

A session played step by step is in docs/engine.md ("Tables").
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from holdem_eval._limits import check_seed, is_int

from ..config import ConfigError, GameConfig
from ..errors import SeedError, TableError
from ..hand.deck_hand import DeckHand
from ..hand.decks import Deck, OsDeck
from ..hand.hand import Action, ActionKind, Hand, LegalAction
from .blinds import BUTTON_RULES, HandPlan, mark_missed_blinds, plan_hand
from .build import (
    PendingResult,
    ResultInfo,
    events_after,
    make_event,
    positions,
    sync_events,
    table_view,
    table_views_json,
)
from .seat import SeatState, check_buy_in
from .view import HandResult, TableEvent, TableView, checked_action, parse_action

__all__ = ["SeatState", "Table", "TableError"]

_FOLD, _CHECK, _CALL, _BET, _RAISE, _ALL_IN = tuple(ActionKind)
_M64 = 0xFFFFFFFFFFFFFFFF


class Table:
    """A cash-game session of many hands; see the module docstring for the rules.

    ``deck``: a callable returning a fresh :class:`Deck` for each hand (default: the OS
    CSPRNG). ``seed``: the reproducible seeded deal instead (simulations only).
    ``min_buy_in`` / ``max_buy_in``: table buy-in limits (``None``: none). ``max_history``:
    finished hands kept in :attr:`history` and :attr:`results` (their events are kept
    for :meth:`events_since` too). ``table_id``: the prefix of hand ids (default random).
    ``button_rule``: ``"moving"`` (default: the button always on a player in the hand, as
    tables saved before the option was added played) or ``"dead"`` (the dead button).
    ``max_runs``: 2..4 lets the players run it twice (or N times) once the betting is over
    with every player all-in but one: the hand waits while each seat in
    :attr:`runs_pending` calls :meth:`choose_runs` (1: no choice, the default).
    """

    # tables pickled before the button rules were options played the moving button
    button_rule = "moving"
    _last_small_blind_posted = True
    max_runs = 1

    def __init__(
        self,
        config: GameConfig,
        seats: int = 6,
        *,
        rules: Any = None,
        seed: int | None = None,
        deck: Callable[[], Deck] | None = None,
        button: int = 0,
        min_buy_in: int | None = None,
        max_buy_in: int | None = None,
        max_history: int = 100,
        table_id: str | None = None,
        button_rule: str = "moving",
        max_runs: int = 1,
    ) -> None:
        from ..rules import Rules

        if not isinstance(config, GameConfig):
            raise ConfigError(f"config must be a GameConfig, got {config!r}")
        if not is_int(seats) or not 2 <= seats <= 10:
            raise ConfigError(f"seats must be 2..10, got {seats!r}")
        if not is_int(button) or not 0 <= button < seats:
            raise ConfigError(f"button must be a seat 0..{seats - 1}, got {button!r}")
        if button_rule not in BUTTON_RULES:
            raise ConfigError(f"button_rule must be one of {', '.join(map(repr, BUTTON_RULES))},"
                              f" got {button_rule!r}")
        if max_runs.__class__ is not int or not 1 <= max_runs <= 4:
            raise ConfigError(f"max_runs must be an int 1..4 (1: the board runs once), got {max_runs!r}")
        if rules is not None and not isinstance(rules, Rules):
            raise ConfigError(f"rules must be a Rules or None, got {rules!r}")
        if seed is not None:
            seed = check_seed(seed, SeedError)
        if deck is not None and (seed is not None or not callable(deck)):
            raise ConfigError(f"deck must be a callable returning a Deck (and no seed), got {deck!r}")
        for name, limit in (("min_buy_in", min_buy_in), ("max_buy_in", max_buy_in)):
            if limit is not None and (not is_int(limit) or limit <= 0):
                raise ConfigError(f"{name} must be a positive int or None, got {limit!r}")
        if min_buy_in is not None and max_buy_in is not None and min_buy_in > max_buy_in:
            raise ConfigError(f"min_buy_in {min_buy_in} is above max_buy_in {max_buy_in}")
        if not is_int(max_history) or max_history < 1:
            raise ConfigError(f"max_history must be an int >= 1, got {max_history!r}")
        if table_id is None:
            table_id = "t" + secrets.token_hex(4)
        elif not isinstance(table_id, str) or not table_id:
            raise ConfigError(f"table_id must be a non-empty string, got {table_id!r}")
        self.config = config
        self.rules = rules
        self.seat_count = seats
        self.seats: list[SeatState | None] = [None] * seats
        self.button = button
        self.seed = seed
        self.deck = deck
        self.min_buy_in = min_buy_in
        self.max_buy_in = max_buy_in
        self.max_history = max_history
        self.table_id = table_id
        self.button_rule = button_rule
        self.max_runs = max_runs
        self._first_hand = True
        # the last hand's small blind slot (where it was, posted or not) and big blind
        self._last_blinds: tuple[int, int] | None = None
        self._last_small_blind_posted = True
        self.hands_played = 0
        self.rake_taken = 0
        self.bought_in = 0
        self.cashed_out = 0
        self.hand: Hand | None = None
        self.hand_id: str | None = None
        self.hand_seats: list[int] = []  # hand position -> table seat
        self.history: deque[Hand] = deque(maxlen=max_history)
        self._results: deque[HandResult | PendingResult] = deque(maxlen=max_history)
        self._events: list[TableEvent] = []
        self._hand_starts: deque[int] = deque()  # index in _events of each kept hand's start
        self._seq = 0
        self._turn = 0
        self._synced = 0  # hand events already in _events
        self._hand_posts: dict[int, tuple[int, int]] = {}

    # ---- events --------------------------------------------------------------------
    def _emit(self, kind: str, seat: int | None = None, amount: int = 0,
              cards: tuple[int, ...] = (), **info: Any) -> None:
        self._seq += 1
        self._events.append(make_event(self._seq, kind, self.hand_id, seat, amount, cards, info))

    def _sync(self) -> None:
        """Copy the hand's new events into the table's stream, in table seats."""
        sync_events(self)

    @property
    def last_seq(self) -> int:
        """The number of the last event (0 before any): the cursor for :meth:`events_since`."""
        return self._seq

    @property
    def turn(self) -> int:
        """The turn token: it changes whenever the decision the table waits for changes.
        A client sends back the token it saw (``act(..., expect=token)``) so a late or
        duplicate action is refused instead of applied to a later decision."""
        return self._turn

    def events_since(self, cursor: int, viewer: int | None = None) -> list[TableEvent]:
        """The events after sequence number ``cursor`` as ``viewer`` (a table seat, or
        ``None`` for a spectator) may see them: other seats' hole cards are removed.
        Raises :class:`TableError` if ``cursor`` is older than the events kept (the
        current hand and the last ``max_history`` hands): take a fresh :meth:`view`."""
        if not is_int(cursor) or not 0 <= cursor <= self._seq:
            raise TableError(f"cursor must be an event number 0..{self._seq}, got {cursor!r}")
        if viewer is not None:
            self._seat_index(viewer)
        return events_after(self, cursor, viewer)

    # tables saved before views were written by the hand machine: no rows kept yet
    _seat_rows: tuple[int, list[SeatState | None], tuple[Any, ...]] | None = None
    _pos_cache: tuple[list[int], dict[int, int]] | None = None
    # the seq of the last hole event: events_since has none to hide after it (until the
    # table has dealt a hand, or a restored one has, it looks at every event)
    _hole_seq = 1 << 62
    # ---- seats ---------------------------------------------------------------------
    def _seat_index(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seat_count:
            raise TableError(f"seat must be 0..{self.seat_count - 1}, got {seat!r}")
        return int(seat)

    def _seat(self, seat: object) -> SeatState:
        k = self._seat_index(seat)
        s = self.seats[k]
        if s is None:
            raise TableError(f"seat {k} is empty")
        return s

    def _check_viewer(self, viewer: object) -> None:
        if viewer is not None:
            self._seat_index(viewer)

    def _in_hand(self, seat: int) -> int | None:
        """The seat's position in the running hand, or None."""
        return None if self.hand is None else positions(self).get(seat)

    def join(self, seat: int, name: str, buy_in: int, *, wait_for_big_blind: bool = True) -> None:
        """Seat a new player with ``buy_in`` chips; he waits for the big blind or posts
        one. Allowed during a hand: he is dealt in from a later hand."""
        k = self._seat_index(seat)
        if self.seats[k] is not None:
            raise TableError(f"seat {k} is taken")
        if not isinstance(name, str) or not name.strip():
            raise TableError(f"name must be a non-empty string, got {name!r}")
        if not is_int(buy_in) or buy_in <= 0:
            raise TableError(f"buy_in must be a positive int, got {buy_in!r}")
        if not isinstance(wait_for_big_blind, bool):
            raise TableError(f"wait_for_big_blind must be a bool, got {wait_for_big_blind!r}")
        check_buy_in(self.min_buy_in, self.max_buy_in, f"a buy-in of {buy_in}", buy_in)
        first = self._first_hand and self.hand is None
        self.seats[k] = SeatState(
            name, buy_in, buy_in,
            waiting_for_big_blind=wait_for_big_blind and not first,
            post_big_blind=not wait_for_big_blind and not first,
        )
        self.bought_in += buy_in
        self._emit("join", k, buy_in, name=name)

    def seat_moved(self, seat: int, name: str, stack: int) -> None:
        """Seat a tournament player (moved from another table): dealt in from the next
        hand wherever the seat is, owing only the blinds his position posts."""
        self.join(seat, name, stack, wait_for_big_blind=False)
        self.seats[seat].post_big_blind = False  # type: ignore[union-attr]  # just seated

    def leave(self, seat: int) -> int | None:
        """Remove a player and return the chips he takes away. During a hand that he is
        in, he folds at his turn (at once if it is his turn; he checks where checking is
        free and a fold is not allowed) and is removed after the hand: then ``None`` is
        returned (the chips come with the ``leave`` event). Another seat's decision is
        not touched: its turn token stays valid."""
        k = self._seat_index(seat)
        s = self._seat(k)
        if self._in_hand(k) is not None:
            if not s.leaving:
                s.leaving = True
                if self.seat_to_act == k:
                    self._after_step()
            return None
        return self._remove(k)

    def _remove(self, k: int) -> int:
        s = self.seats[k]
        assert s is not None
        chips = s.stack + s.pending_rebuy
        self.seats[k] = None
        self.cashed_out += chips
        self._emit("leave", k, chips, name=s.name)
        return chips

    def rebuy(self, seat: int, amount: int) -> None:
        """Add chips to a player's stack (a busted player is dealt in again). During a
        hand that he is in, the chips are added before the next hand."""
        k = self._seat_index(seat)
        s = self._seat(k)
        if not is_int(amount) or amount <= 0:
            raise TableError(f"rebuy amount must be a positive int, got {amount!r}")
        if s.leaving:
            raise TableError(f"seat {k} is leaving; it cannot rebuy")
        check_buy_in(self.min_buy_in, self.max_buy_in, f"a rebuy of {amount}",
                     s.stack + s.pending_rebuy + amount)
        s.bought_in += amount
        self.bought_in += amount
        if self._in_hand(k) is not None:
            s.pending_rebuy += amount
        else:
            s.stack += amount
        self._emit("rebuy", k, amount, queued=self._in_hand(k) is not None)

    def sit_out(self, seat: int) -> None:
        """Stop being dealt in (from the next hand); blinds passing the seat are missed."""
        k = self._seat_index(seat)
        s = self._seat(k)
        if not s.sitting_out:
            s.sitting_out = True
            self._emit("sit_out", k)

    def sit_in(self, seat: int, *, post: bool = True) -> None:
        """Come back: post the missed blinds next hand (``post=True``) or wait for the BB."""
        k = self._seat_index(seat)
        s = self._seat(k)
        if not isinstance(post, bool):
            raise TableError(f"post must be a bool, got {post!r}")
        s.sitting_out = False
        owes = s.missed_big_blind or s.missed_small_blind
        s.waiting_for_big_blind = owes and not post
        s.post_big_blind = False
        self._emit("sit_in", k, post=post)

    @property
    def stacks(self) -> list[int]:
        """Stacks by seat (0 for empty seats); during a hand, the chips behind."""
        out = [0 if s is None else s.stack for s in self.seats]
        if self.hand is not None:
            for pos, k in enumerate(self.hand_seats):
                out[k] = self.hand.stacks[pos]
        return out

    # ---- dealing a hand -------------------------------------------------------------
    def _new_hand(self, order: list[int], hand_button: int,
                  posts: dict[int, tuple[int, int]], no_small_blind: bool = False) -> Hand:
        stacks = []
        for k in order:
            s = self.seats[k]
            assert s is not None
            stacks.append(s.stack)
        if self.seed is not None:
            return Hand(self.config, stacks, button=hand_button,
                        seed=(self.seed * 0x9E3779B1 + self.hands_played) & _M64,
                        posts=posts or None, rules=self.rules, no_small_blind=no_small_blind,
                        max_runs=self.max_runs)
        deck = OsDeck() if self.deck is None else self.deck()
        return DeckHand(self.config, stacks, button=hand_button, posts=posts or None,
                        rules=self.rules, deck=deck, no_small_blind=no_small_blind,
                        max_runs=self.max_runs)

    def _plan_hand(self) -> HandPlan:
        """Who the next hand deals in, its button and blinds (table_blinds.py)."""
        return plan_hand(self.seats, self.button, self._last_blinds,
                         self._last_small_blind_posted, self.button_rule)

    def next_blinds(self) -> tuple[int | None, int] | None:
        """The seats that would post the small and big blind if the next hand started
        now (None: fewer than two players can play; the small blind None when nobody
        would post it)."""
        try:
            plan = self._plan_hand()
        except TableError:
            return None
        return plan.small_blind, plan.big_blind

    def start_hand(self) -> Hand:
        """Deal the next hand: move the blinds, post them (and owed blinds), deal."""
        if self.hand is not None:
            raise TableError("cannot start a hand during a hand")
        plan = self._plan_hand()
        order, button, sb, bb = plan.order, plan.button, plan.small_blind, plan.big_blind
        posts: dict[int, tuple[int, int]] = {}
        cfg = self.config
        for pos, k in enumerate(order):
            s = self.seats[k]
            assert s is not None
            if k != bb:
                live = cfg.big_blind if (s.missed_big_blind or s.post_big_blind) else 0
                dead = cfg.small_blind if s.missed_small_blind else 0
                if live or dead:
                    posts[pos] = (live, dead)
        # the hand first: if the engine refuses it (a straddle heads-up), nothing changed
        hand = self._new_hand(order, plan.hand_button, posts, sb is None)
        missed = mark_missed_blinds(self.seats, self._last_blinds, plan)
        for k in order:
            s = self.seats[k]
            assert s is not None
            if s.missed_big_blind or s.missed_small_blind or s.post_big_blind:
                s.missed_big_blind = s.missed_small_blind = s.post_big_blind = False
            if k == bb and s.waiting_for_big_blind:
                s.waiting_for_big_blind = False
        self.button = button
        self._first_hand = False
        self._last_blinds = (plan.small_blind_slot, bb)
        self._last_small_blind_posted = sb is not None
        self.hand = hand
        self.hand_id = f"{self.table_id}-{self.hands_played + 1}"
        self.hand_seats = order
        self._hand_posts = posts
        self._synced = 0
        self._hand_starts.append(len(self._events))
        for k, blind in missed:
            self._emit("missed_blind", k, blind=blind)
        self._emit("hand_start", button, number=self.hands_played + 1, seats=order,
                   blinds=[sb, bb])
        self._after_step()
        return self.hand if self.hand is not None else self.history[-1]

    # ---- playing -------------------------------------------------------------------
    @property
    def seat_to_act(self) -> int | None:
        """The table seat to act in the current hand, or None."""
        hand = self.hand
        if hand is None:
            return None
        actor: int = hand._actor
        return self.hand_seats[actor] if actor >= 0 else None

    def legal_actions(self, seat: int | None = None) -> tuple[LegalAction, ...]:
        """The legal actions of the seat to act (of ``seat``: empty unless it is to act)."""
        if seat is not None and self._seat_index(seat) != self.seat_to_act:
            return ()
        return () if self.hand is None else self.hand.legal_actions()

    # ---- run it twice / N times ----------------------------------------------------
    @property
    def runs_pending(self) -> list[int]:
        """Table seats that still choose how many times the board runs (empty unless the
        running hand waits for that choice; :meth:`choose_runs`)."""
        if self.hand is None:
            return []
        return [self.hand_seats[p] for p in self.hand.runs_pending]

    def choose_runs(self, seat: int, count: int | None) -> None:
        """``seat`` chooses the runs of the board: 1..max_runs, or None (no preference).
        The board runs the count every live player chose (once when two differ)."""
        k = self._seat_index(seat)
        if k not in self.runs_pending:
            raise TableError(f"seat {k} cannot choose the runs now: the table waits for"
                             f" {self.runs_pending or 'no choice of runs'}")
        assert self.hand is not None
        self.hand.choose_runs(self.hand_seats.index(k), count)
        self._after_step()

    def default_action(self, seat: int) -> Action:
        """What a seat whose clock runs out plays: check if free, else fold."""
        self._to_act(seat)
        assert self.hand is not None
        kinds = {a.kind for a in self.hand.legal_actions()}
        return Action(_CHECK if _CHECK in kinds else _FOLD)

    def timeout(self, seat: int) -> Action | None:
        """Play :meth:`default_action` for ``seat`` (its clock ran out); returns it. A seat
        whose choice of runs the table waits for chooses one run (and None is returned)."""
        if self._seat_index(seat) in self.runs_pending:
            self._emit("timeout", seat, action="runs")
            self.choose_runs(seat, 1)
            return None
        action = self.default_action(seat)
        self._emit("timeout", seat, action=str(action.kind))
        self._apply(seat, action)
        return action

    def _to_act(self, seat: object) -> int:
        k = self._seat_index(seat)
        if self.hand is None:
            raise TableError(f"seat {k} cannot act: no hand is in progress")
        actor = self.seat_to_act
        if actor is None:
            raise TableError(f"seat {k} cannot act: no one is to act now")
        if k != actor:
            raise TableError(f"seat {k} cannot act: it is seat {actor}'s turn")
        return k

    def act(self, seat: int, action: Any, *, expect: int | None = None) -> None:
        """Apply ``action`` for ``seat``, which must be the seat to act.

        ``action``: an :class:`Action`, a ``(kind, amount)`` pair, a :class:`LegalAction`
        (acts at its minimum) or the JSON form ``{"kind": "raise", "amount": 8}``
        (kinds ``fold check call bet raise all-in``; amounts are "to" amounts).
        ``expect``: the turn token the player saw (:attr:`turn`); a different one means
        the action was meant for an earlier decision, and it is refused. Every refusal
        raises :class:`TableError` (or :class:`IllegalActionError`) and changes nothing.
        """
        k = self._to_act(seat)
        if expect is not None and (expect.__class__ is not int or expect != self._turn):
            raise TableError(f"seat {k}'s action was for turn {expect!r}, but the table is at turn"
                             f" {self._turn}; it was not applied")
        self._apply(k, parse_action(action))

    def _apply(self, seat: int, action: Action) -> None:
        hand = self.hand
        assert hand is not None
        kind, amount = action.kind, action.amount
        if kind is not _ALL_IN:  # the common case: the action as the machine lists it
            for option in hand.legal_actions():
                if option.kind is kind:
                    if kind in (_BET, _RAISE) and not option.min_amount <= amount <= option.max_amount:
                        break  # the refusal below says why
                    hand.act((kind, amount))
                    self._after_step()
                    return
        pos = positions(self)[seat]
        kind, amount = checked_action(seat, kind, amount, hand.legal_actions(), hand.stacks[pos],
                                      hand.bets[pos])
        hand.act((kind, amount))
        self._after_step()

    def _after_step(self) -> None:
        """After the hand moved (or a seat asked to leave): leaving seats folded at their
        turn, the hand's events, the next turn, the end."""
        hand = self.hand
        if hand is None:
            return
        while not hand._over:
            actor = self.seat_to_act
            if actor is not None and not self.seats[actor].leaving:  # type: ignore[union-attr]
                break  # the common case: a seat to ask
            leaving = [p for p in hand.runs_pending if self.seats[self.hand_seats[p]].leaving]  # type: ignore[union-attr]
            if leaving:  # a player who left has no preference about the runs
                hand.choose_runs(leaving[0], None)
                continue
            if actor is None:
                break
            s = self.seats[actor]
            assert s is not None
            if not s.leaving:
                break
            hand.act(Action(_CHECK if hand.to_call == 0 and not self.config.allow_free_fold else _FOLD))
        self._sync()
        self._turn += 1
        if hand._over:
            self._finish_hand()

    def play_hand(self, decide: Callable[[TableView], Any]) -> Hand:
        """Deal and play one hand, asking ``decide(view)`` (the view of the seat to act)
        for each decision; it returns anything :meth:`act` takes."""
        hand = self.start_hand()
        while self.hand is not None:
            pending = self.runs_pending
            if pending:  # run it twice: ``decide`` answers the runs (an int, or None)
                self.choose_runs(pending[0], decide(self.view(pending[0])))
                continue
            seat = self.seat_to_act
            assert seat is not None
            self.act(seat, decide(self.view(seat)))
        return hand

    def _finish_hand(self) -> None:
        hand = self.hand
        assert hand is not None and hand.is_over and self.hand_id is not None
        result = PendingResult(hand, self.hand_id, self.hand_seats, self.rules)  # made when read
        for k, stack in zip(self.hand_seats, hand.stacks):
            s = self.seats[k]
            assert s is not None
            s.stack = stack + s.pending_rebuy
            if s.pending_rebuy:
                s.pending_rebuy = 0
        self.rake_taken += hand.rake
        self.hands_played += 1
        self.history.append(hand)
        self._results.append(result)
        self._seq += 1  # the event's info, the result, is made when first read
        self._events.append(make_event(self._seq, "hand_end", self.hand_id, None, 0, (), ResultInfo(result)))
        self.hand = None
        for k in self.hand_seats:
            s = self.seats[k]
            if s is not None and s.leaving:
                self._remove(k)
        self.hand_id = None
        self._trim_events()

    def _trim_events(self) -> None:
        starts = self._hand_starts
        if len(starts) <= self.max_history:
            return
        while len(starts) > self.max_history:
            starts.popleft()
        cut = starts[0]
        del self._events[:cut]
        self._hand_starts = deque(i - cut for i in starts)

    @property
    def results(self) -> deque[HandResult]:
        """The results of the last ``max_history`` finished hands (:class:`HandResult`),
        oldest first; each is made from its hand when first read."""
        kept: deque[Any] | None = self.__dict__.get("_results")
        if kept is None:  # a table pickled before results were made when read
            old: deque[HandResult] = self.__dict__["results"]
            return old
        for k, r in enumerate(kept):
            if isinstance(r, PendingResult):
                kept[k] = r.get()
        return kept  # none pending now

    @property
    def last_result(self) -> HandResult | None:
        """How the last finished hand ended (per pot: winners, shares, shown hands)."""
        results = self.results
        return results[-1] if results else None

    def chips_in_play(self) -> int:
        """``sum(stacks) + rake_taken + cashed_out`` (plus the pot during a hand) —
        equals ``bought_in`` at every moment."""
        pot = 0 if self.hand is None else self.hand.pot
        pending = sum(s.pending_rebuy for s in self.seats if s is not None)
        return sum(self.stacks) + pot + pending + self.rake_taken + self.cashed_out

    # ---- views ---------------------------------------------------------------------
    def view(self, viewer: int | None = None) -> TableView:
        """The table as ``viewer`` (a table seat, or ``None`` for a spectator) may see it
        now: during a hand, between hands, sitting out. Holds the viewer's own cards and
        the cards shown to everyone, never another hidden card."""
        if viewer is not None:
            self._seat_index(viewer)
        return table_view(self, viewer, None if self._first_hand else self.button)

    def views_json(self, viewers: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """``{v: self.view(v).to_json()}`` for several viewers at once (a server's fan-out
        after each change): the spectator's view is built once and each seat's made from
        it, at a fraction of the cost of one :meth:`view` each. The dicts share what is
        the same in all of them: do not change them."""
        return table_views_json(self, viewers)

    # ---- restore -------------------------------------------------------------------
    def to_json(self, *, key: bytes | None = None) -> dict[str, Any]:
        """The whole table as a JSON document (versioned), restoring it exactly with
        :meth:`from_json` — mid-hand too. **Secret**: it holds the running hand's hole
        cards; keep it where only the server reads it. With ``key``, the document is
        signed (HMAC-SHA256) and :meth:`from_json` refuses it unless the key matches."""
        from .store import table_to_json

        return table_to_json(self, key)

    @classmethod
    def from_json(cls, doc: Mapping[str, Any], *, key: bytes | None = None,
                  deck: Callable[[], Deck] | None = None) -> Table:
        """Restore a table from :meth:`to_json`'s document; a running hand is replayed by
        the rules and must reproduce its recorded events, so a tampered or mismatched
        document is refused with :class:`TableError`. ``deck``: the deck factory (a
        factory cannot be saved); the restored hand deals the rest of its board from it."""
        from .store import table_from_json

        return table_from_json(cls, doc, key, deck)

    def __repr__(self) -> str:
        names = [None if s is None else (s.name, s.stack) for s in self.seats]
        return f"Table({self.table_id!r}, button={self.button}, seats={names})"
