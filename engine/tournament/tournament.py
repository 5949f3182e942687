"""Tournaments: one or many :class:`~holdem_eval.engine.Table` s of up to 10 seats, a
blind structure, bust-outs, finishing places and prizes, balancing and breaking tables,
hand-for-hand play on the bubble.

The rules it follows — levels and breaks, seating, bust-outs and shared places, late
registration and re-entry, balancing (the player who is big blind next moves to the worst
seat of the smallest table, TDA) and breaking tables, hand-for-hand on the bubble — are
written once, in docs/tournaments.md. Chips are conserved: :meth:`Tournament.chips_in_play`
equals ``starting_stack`` times the entries at every moment; prizes paid sum to the prize
pool once it is over. Betting uses the engine's rules for every hand.

>>> import random
>>> from holdem_eval.engine import Level, Tournament
>>> t = Tournament([Level(10, 20, duration=5), Level(25, 50, duration=5), Level(50, 100, ante=10)],
...                1000, table_size=6, payouts=[60, 40], seed=3)
>>> for name in ["ann", "bob", "cy", "di"]:
...     _ = t.register(name)
>>> t.start()
>>> rng = random.Random(3)
>>> t.play(lambda view: rng.choice(view.legal))        # hands played
87
>>> [(s.place, s.name, s.prize) for s in t.standings()]
[(1, 'di', 60), (2, 'ann', 40), (3, 'bob', 0), (4, 'cy', 0)]
>>> t.chips_in_play()
4000
"""

from __future__ import annotations

import math
import numbers
import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from holdem_eval._limits import check_seed, is_int

from ..errors import TournamentError
from ..hand.hand import Hand
from ..table.blinds import worst_empty_seat
from ..table.table import Table
from ..table.view import TableView
from .play import play_tournament
from .structure import (
    Break,
    Entry,
    Level,
    Stage,
    check_levels,
    check_prizes,
    place_group,
    prize_table,
    stage_length,
)
from .view import Standing, TableSummary, TournamentEvent, TournamentView, standings_order

__all__ = ["Break", "Level", "Tournament", "TournamentError"]

_M64 = 0xFFFFFFFFFFFFFFFF


class Tournament:
    """A tournament; see the module docstring for its rules.

    ``levels``: the blind structure (:class:`Level` and, with ``clock=True``,
    :class:`Break`; blinds must not go down). ``starting_stack``: chips per entry.
    ``table_size``: seats per table (2..10; 2 only for a two-player event). ``tables``:
    the most tables (``None``: as many as the entries need). Prizes: ``payouts``
    (amounts per place, ints, non-increasing) or ``percentages`` of ``entries *
    buy_in``. ``late_registration``: levels during which entries may still register;
    ``re_entries``: times one name may enter again after going out. ``hand_for_hand``:
    play hand-for-hand on the bubble. ``seed``: reproducible seating and seeded decks
    (simulations only; without it, the OS deck). ``max_history``: hands each table keeps.
    """

    def __init__(
        self,
        levels: Sequence[Stage],
        starting_stack: int,
        *,
        table_size: int = 9,
        tables: int | None = None,
        payouts: Sequence[int] | None = None,
        percentages: Sequence[float] | None = None,
        buy_in: int = 0,
        clock: bool = False,
        late_registration: int = 0,
        re_entries: int = 0,
        hand_for_hand: bool = True,
        variant: str = "holdem",
        betting: str = "no-limit",
        seed: int | None = None,
        max_history: int = 100,
        tournament_id: str = "T",
    ) -> None:
        stages = check_levels(levels, clock, variant, betting)
        if not is_int(starting_stack) or starting_stack <= 0:
            raise TournamentError(f"starting_stack must be an int number of chips > 0,"
                                  f" got {starting_stack!r}")
        if not is_int(table_size) or not 2 <= table_size <= 10:
            raise TournamentError(f"table_size must be an int 2..10, got {table_size!r}")
        if tables is not None and (not is_int(tables) or tables < 1):
            raise TournamentError(f"tables must be an int >= 1 or None, got {tables!r}")
        check_prizes(payouts, percentages, buy_in)
        for name, value, low in (("late_registration", late_registration, 0),
                                 ("re_entries", re_entries, 0), ("max_history", max_history, 1)):
            if not is_int(value) or value < low:
                raise TournamentError(f"{name} must be an int >= {low}, got {value!r}")
        if not isinstance(hand_for_hand, bool):
            raise TournamentError(f"hand_for_hand must be a bool, got {hand_for_hand!r}")
        if seed is not None:
            seed = check_seed(seed, TournamentError)
        if not isinstance(tournament_id, str) or not tournament_id:
            raise TournamentError(f"tournament_id must be a non-empty string, got {tournament_id!r}")
        self.levels = stages
        self.starting_stack = starting_stack
        self.table_size = table_size
        self.max_tables = tables
        self._fixed = None if payouts is None else tuple(payouts)
        self._percentages = None if percentages is None else tuple(percentages)
        self.buy_in = buy_in
        self.clock = clock
        self.late_registration = late_registration
        self.re_entries = re_entries
        self.hand_for_hand = hand_for_hand
        self.variant = variant
        self.betting = betting
        self.seed = seed
        self.max_history = max_history
        self.tournament_id = tournament_id
        self._rng: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()
        self.tables: dict[int, Table] = {}
        """The running tables by number (from 1); a broken table leaves this dict."""
        self._entries: list[Entry] = []
        self._left = 0  # entries still in
        self._at: dict[tuple[int, int], Entry] = {}  # (table, seat) -> entry
        self._events: list[TournamentEvent] = []
        self.started = False
        self.finished = False
        self.registration_open = True
        self.prizes: tuple[int, ...] | None = None
        """Prize per place from first, once registration has closed."""
        self.stage = 0
        """Index in :attr:`levels` of the stage in effect."""
        self.elapsed = 0.0
        """Seconds on the clock (``clock=True``)."""
        self._stage_end = stage_length(stages[0])
        self._level_hands: dict[int, int] = {}  # hands dealt in the current level, per table
        self._starts: dict[int, dict[int, int]] = {}  # table -> seat -> stack at the hand's start
        self._pending: list[list[tuple[Entry, int]]] = []  # bust groups waiting for places
        self._placed = 0
        self._round: set[int] | None = None  # tables that dealt their hand-for-hand round hand
        self._round_busts: list[tuple[Entry, int]] = []
        self.hand_for_hand_rounds = 0
        self.last_played = 0
        """The table that played the last hand :meth:`play` dealt (it goes on after it)."""

    # ---- events --------------------------------------------------------------------
    def _emit(self, kind: str, table: int | None = None, seat: int | None = None,
              entry: int | None = None, amount: int = 0, info: dict[str, Any] | None = None,
              **more: Any) -> None:
        info = {**(info or {}), **more}
        self._events.append(TournamentEvent(len(self._events) + 1, kind, table, seat, entry, amount, info))

    @property
    def last_seq(self) -> int:
        """The number of the last tournament event (0 before any)."""
        return len(self._events)

    def events_since(self, cursor: int) -> list[TournamentEvent]:
        """The tournament's events after sequence number ``cursor`` (each table's own
        events come from its :meth:`Table.events_since`)."""
        if not is_int(cursor) or not 0 <= cursor <= len(self._events):
            raise TournamentError(f"cursor must be an event number 0..{len(self._events)}, got {cursor!r}")
        return self._events[cursor:]

    # ---- registration and seating --------------------------------------------------
    @property
    def entries(self) -> int:
        """Entries so far (re-entries count)."""
        return len(self._entries)

    @property
    def players_left(self) -> int:
        """Entries still in (with chips)."""
        return self._left

    def register(self, name: str) -> int:
        """Add an entry for ``name`` and return its number (from 1). Before :meth:`start`,
        each name once; after it, while late registration is open, a new name or (with
        ``re_entries``) a name whose entries are all out. A late entry is seated at once at
        the smallest table (dealt in from its next hand)."""
        if self.finished or (self.started and not self.registration_open):
            raise TournamentError(f"registration is closed; {name!r} cannot enter")
        if not isinstance(name, str) or not name.strip():
            raise TournamentError(f"name must be a non-empty string, got {name!r}")
        mine = [e for e in self._entries if e.name == name]
        live = [e for e in mine if not e.out]
        if live:
            raise TournamentError(f"{name!r} is still in the tournament (entry {live[0].number})")
        if mine and not self.started:
            raise TournamentError(f"{name!r} is already registered (entry {mine[0].number})")
        if len(mine) > self.re_entries:
            times = "once" if len(mine) == 1 else f"{len(mine)} times"
            raise TournamentError(f"{name!r} has entered {times}; re_entries allows"
                                  f" {self.re_entries} re-entr{'y' if self.re_entries == 1 else 'ies'}")
        if self.max_tables is not None:
            seats = self.max_tables * self.table_size
            if self.players_left + 1 > seats:
                raise TournamentError(f"the tournament seats {seats} players ({self.max_tables} tables"
                                      f" of {self.table_size}); {name!r} would be player"
                                      f" {self.players_left + 1}")
        entry = Entry(len(self._entries) + 1, name)
        self._entries.append(entry)
        self._left += 1
        self._emit("register", entry=entry.number, name=name, re_entry=len(mine))
        if self.started:
            self._seat_late(entry)
        return entry.number

    def _new_table(self, no: int, seats: Sequence[int]) -> Table:
        seed = None if self.seed is None else (self.seed * 1_000_003 + no) & _M64
        button = self._rng.choice(list(seats)) if seats else 0
        t = Table(self._level().config(self.variant, self.betting), seats=self.table_size, seed=seed,
                  button=button, max_history=self.max_history, table_id=f"{self.tournament_id}-{no}",
                  button_rule="dead")  # TDA: tournament play uses a dead button
        self.tables[no] = t
        return t

    def start(self) -> None:
        """Draw the seats and start the first stage."""
        if self.started:
            raise TournamentError("the tournament has already started")
        n = len(self._entries)
        if n < 2:
            raise TournamentError(f"a tournament needs at least 2 entries, got {n}")
        if self.table_size == 2 and n > 2:
            raise TournamentError(f"table_size 2 seats one heads-up match; {n} entries need table_size >= 3")
        places = len(self._fixed if self._fixed is not None else self._percentages or ())
        if places > n:
            what = "payouts" if self._fixed is not None else "percentages"
            raise TournamentError(f"{what} pay {places} places, more than the {n} entries")
        order = list(self._entries)
        self._rng.shuffle(order)
        count = -(-n // self.table_size)
        for no in range(1, count + 1):
            group = order[no - 1::count]
            t = self._new_table(no, range(len(group)))
            for seat, e in enumerate(group):
                t.join(seat, e.name, self.starting_stack, wait_for_big_blind=False)
                self._place_at(e, no, seat)
                self._emit("seat", no, seat, e.number, self.starting_stack, name=e.name)
        self.started = True
        self._emit("start", amount=n, tables=count)
        self._emit_stage()
        if self.late_registration == 0:
            self._close_registration()
        if len(self.tables) == 1:
            self._emit("final_table", next(iter(self.tables)))

    def _place_at(self, e: Entry, no: int, seat: int) -> None:
        e.table, e.seat = no, seat
        self._at[(no, seat)] = e

    def _players(self, no: int) -> int:
        seats = self.tables[no].seats
        return len(seats) - seats.count(None)

    def _seat_late(self, entry: Entry) -> None:
        counts = {no: self._players(no) for no in self.tables}
        no = min(counts, key=lambda k: (counts[k], k))
        if counts[no] >= self.table_size:
            no = max(self.tables) + 1
            self._new_table(no, [0])
        t = self.tables[no]
        seat = worst_empty_seat(t.seats, t.next_blinds())
        t.seat_moved(seat, entry.name, self.starting_stack)
        self._place_at(entry, no, seat)
        self._emit("seat", no, seat, entry.number, self.starting_stack, name=entry.name)
        self._rebalance()

    # ---- stages --------------------------------------------------------------------
    def _level(self) -> Level:
        """The level hands are dealt at now (during a break: the next level)."""
        for stage in self.levels[self.stage:]:
            if isinstance(stage, Level):
                return stage
        raise AssertionError("the last stage is a Level")  # pragma: no cover - checked in __init__

    @property
    def level(self) -> Level:
        """The level in effect (during a break, the level after it)."""
        return self._level()

    @property
    def on_break(self) -> bool:
        return isinstance(self.levels[self.stage], Break)

    def _emit_stage(self) -> None:
        stage = self.levels[self.stage]
        number = sum(isinstance(s, Level) for s in self.levels[: self.stage + 1])
        info: dict[str, Any] = {"stage": self.stage, **stage.to_json()}
        self._emit("break" if isinstance(stage, Break) else "level", amount=number, info=info)

    def _next_stage(self) -> None:
        self.stage += 1
        self._level_hands.clear()
        self._emit_stage()
        number = sum(isinstance(s, Level) for s in self.levels[: self.stage + 1])
        if self.registration_open and isinstance(self.levels[self.stage], Level) \
                and number > self.late_registration:
            self._close_registration()

    def advance_clock(self, seconds: float) -> None:
        """Move the clock on by ``seconds`` (tournaments with ``clock=True``); the stages
        it passes start (a new level applies from each table's next hand)."""
        if not self.clock:
            raise TournamentError("this tournament's levels go by hand count; it has no clock to advance")
        if isinstance(seconds, bool) or not isinstance(seconds, numbers.Real) or not (
                math.isfinite(seconds) and seconds >= 0):
            raise TournamentError(f"seconds must be a finite number >= 0, got {seconds!r}")
        self.elapsed += float(seconds)
        while self.stage < len(self.levels) - 1 and self.elapsed >= self._stage_end:
            self._next_stage()
            self._stage_end += stage_length(self.levels[self.stage])

    @property
    def seconds_left(self) -> float | None:
        """Seconds until the next stage on the clock (``None`` without a clock, or in the last level)."""
        if not self.clock or self.stage == len(self.levels) - 1:
            return None
        return self._stage_end - self.elapsed

    # ---- registration closing, places, prizes ----------------------------------------
    def close_registration(self) -> None:
        """Close late registration now (it also closes by itself, see the rules)."""
        if not self.started:
            raise TournamentError("registration closes after the start; call start() first")
        self._close_registration()

    def _close_registration(self) -> None:
        if not self.registration_open:
            return
        self.registration_open = False
        n = len(self._entries)
        if self._fixed is not None:
            self.prizes = self._fixed
        else:
            assert self._percentages is not None
            self.prizes = prize_table(self._percentages, entries=n, buy_in=self.buy_in)
        self._emit("registration_closed", amount=sum(self.prizes), entries=n, prizes=list(self.prizes))
        self._place_pending()

    @property
    def prize_pool(self) -> int | None:
        return None if self.prizes is None else sum(self.prizes)

    @property
    def paid_places(self) -> int | None:
        return None if self.prizes is None else sum(p > 0 for p in self.prizes)

    def _prize(self, place: int) -> int:
        assert self.prizes is not None
        return self.prizes[place - 1] if place <= len(self.prizes) else 0

    def _give_place(self, e: Entry, place: int, place_to: int, prize: int) -> None:
        e.place, e.place_to, e.prize = place, place_to, prize
        info: dict[str, Any] = {"name": e.name, "place": place}
        if place_to != place:
            info["place_to"] = place_to
        self._emit("place", entry=e.number, amount=place, info=info)
        if prize:
            self._emit("payout", entry=e.number, amount=prize, name=e.name, place=place)

    def _place_pending(self) -> None:
        n = len(self._entries)
        for group in self._pending:
            best = n - self._placed - len(group) + 1
            for number, lo, hi, prize in place_group([(e.number, stack) for e, stack in group], best,
                                                     self._prize):
                self._give_place(self._entries[number - 1], lo, hi, prize)
            self._placed += len(group)
        self._pending = []
        if self._left == 1 and not self.finished:
            winner = next(e for e in self._entries if not e.out)
            self._give_place(winner, 1, 1, self._prize(1))
            self._placed += 1
            self.finished = True
            self._emit("finish", winner.table, winner.seat, winner.number, name=winner.name)

    # ---- playing -------------------------------------------------------------------
    def table(self, no: int) -> Table:
        """The running table number ``no``."""
        if not is_int(no) or no not in self.tables:
            raise TournamentError(f"table must be one of the running tables {sorted(self.tables)},"
                                  f" got {no!r}")
        return self.tables[no]

    def _hand_for_hand_now(self) -> bool:
        paid = self.paid_places
        return (self.hand_for_hand and paid is not None and len(self.tables) > 1
                and self.players_left == paid + 1)

    def why_not(self, no: int) -> str | None:
        """Why table ``no`` cannot start a hand now, or None when it can."""
        if not self.started:
            return "the tournament has not started"
        if self.finished:
            return "the tournament is over"
        t = self.tables[no]
        if t.hand is not None:
            return f"table {no} is playing hand {t.hand_id}"
        if self.on_break:
            return f"the tournament is on a break ({self.seconds_left} s left)"
        players = self._players(no)
        if players < 2:
            return f"table {no} has {players} player; it waits for a player moved by balancing"
        if self._round is not None and no in self._round:
            waiting = sorted(k for k in self.tables if k not in self._round and self._players(k) >= 2)
            return (f"hand-for-hand: table {no} has played this round; it waits for table(s)"
                    f" {waiting}")
        return None

    def tables_ready(self) -> list[int]:
        """The tables that may start a hand now, by number."""
        return [no for no in sorted(self.tables) if self.why_not(no) is None]

    def start_hand(self, no: int) -> Hand:
        """Deal the next hand at table ``no`` at the level in effect."""
        t = self.table(no)
        why = self.why_not(no)
        if why is not None:
            raise TournamentError(f"table {no} cannot start a hand: {why}")
        if not self.clock and self.stage < len(self.levels) - 1 and \
                max(self._level_hands.values(), default=0) >= stage_length(self.levels[self.stage]):
            self._next_stage()
        config = self._level().config(self.variant, self.betting)
        if t.config != config:
            t.config = config  # between hands: the next hand is dealt at the new level
        if self._hand_for_hand_now() and self._round is None:
            self._round = set()
            self._round_busts = []
            self.hand_for_hand_rounds += 1
            self._emit("hand_for_hand", amount=self.hand_for_hand_rounds, players=self.players_left)
        starts = {k: s.stack for k, s in enumerate(t.seats) if s is not None}
        hand = t.start_hand()
        self._starts[no] = starts
        self._level_hands[no] = self._level_hands.get(no, 0) + 1
        if self._round is not None:
            self._round.add(no)
        if t.hand is None:  # over at once (everyone all-in on the blinds)
            self._after_hand(no)
        return hand

    def act(self, no: int, seat: int, action: Any, *, expect: int | None = None) -> None:
        """:meth:`Table.act` at table ``no``; when the hand ends, players out are placed
        and tables balanced. Act through the tournament, not the table."""
        t = self.table(no)
        t.act(seat, action, expect=expect)
        if t.hand is None:
            self._after_hand(no)

    def timeout(self, no: int, seat: int) -> None:
        """:meth:`Table.timeout` at table ``no`` (its clock ran out)."""
        t = self.table(no)
        t.timeout(seat)
        if t.hand is None:
            self._after_hand(no)

    def play_hand(self, no: int, decide: Callable[[TableView], Any]) -> Hand:
        """Deal and play one hand at table ``no``, asking ``decide(view)`` (the view of the
        seat to act) for each decision; it returns anything :meth:`Table.act` takes."""
        hand = self.start_hand(no)
        t = self.tables[no]
        while t.hand is not None:
            seat = t.seat_to_act
            assert seat is not None
            self.act(no, seat, decide(t.view(seat)))
        return hand

    def play(self, decide: Callable[[TableView], Any], *, seconds_per_hand: float = 0.0,
             max_hands: int | None = None) -> int:
        """Play to the end (or ``max_hands`` hands): rounds of one hand at each ready table
        in table order (going on after the table that played last), ``decide`` choosing
        every action; with a clock, it moves ``seconds_per_hand`` after each hand and skips
        breaks. Returns the hands played."""
        return play_tournament(self, decide, seconds_per_hand, max_hands)

    def _after_hand(self, no: int) -> None:
        t = self.tables[no]
        starts = self._starts.pop(no)
        busts = []
        for k, stack0 in starts.items():
            s = t.seats[k]
            if s is not None and s.stack == 0:
                t.leave(k)
                e = self._at.pop((no, k))
                e.out, e.table, e.seat = True, None, None
                self._left -= 1
                self._emit("bust", no, k, e.number, stack0, name=e.name)
                busts.append((e, stack0))
        if self._round is not None and no in self._round:
            self._round_busts += busts
        elif busts:
            self._bust_group(busts)
        if self._round is not None:
            if all(k in self._round or self._players(k) < 2 for k in self.tables) and all(
                    x.hand is None for x in self.tables.values()):
                busts, self._round, self._round_busts = self._round_busts, None, []
                if busts:
                    self._bust_group(busts)
            else:
                return  # balance when the round ends
        if not self.finished:
            self._rebalance()

    def _bust_group(self, busts: list[tuple[Entry, int]]) -> None:
        self._pending.append(busts)
        if self.registration_open:
            if self.players_left < 2:
                self._close_registration()
        else:
            self._place_pending()

    # ---- balancing -----------------------------------------------------------------
    def _move(self, src: int, seat: int, dst: int, reason: str) -> None:
        ts, td = self.tables[src], self.tables[dst]
        e = self._at.pop((src, seat))
        chips = ts.leave(seat)
        assert chips is not None and chips > 0
        k = worst_empty_seat(td.seats, td.next_blinds())
        td.seat_moved(k, e.name, chips)
        self._place_at(e, dst, k)
        self._emit("move", dst, k, e.number, chips, name=e.name, from_table=src, from_seat=seat,
                   reason=reason)

    def _rebalance(self) -> None:
        """Break tables that are no longer needed, then balance (see the rules)."""
        while True:
            counts = {no: self._players(no) for no in self.tables}
            need = -(-sum(counts.values()) // self.table_size)
            doomed = max(self.tables) if len(self.tables) > need else None
            if doomed is not None and self.tables[doomed].hand is None:
                self._emit("table_break", doomed, amount=counts[doomed])
                for seat in sorted(k for (no, k) in self._at if no == doomed):
                    dst = min((no for no in self.tables if no != doomed),
                              key=lambda no: (self._players(no), no))
                    self._move(doomed, seat, dst, "table_break")
                del self.tables[doomed]
                self._level_hands.pop(doomed, None)
                if len(self.tables) == 1:
                    self._emit("final_table", next(iter(self.tables)))
                continue
            targets = [no for no in self.tables if no != doomed]
            low = min(counts[no] for no in targets)
            sources = [no for no in targets if self.tables[no].hand is None and counts[no] - low >= 2]
            if not sources:
                return
            src = max(sources, key=lambda no: (counts[no], -no))
            dst = min(targets, key=lambda no: (counts[no], no))
            blinds = self.tables[src].next_blinds()
            assert blinds is not None
            self._move(src, blinds[1], dst, "balance")

    # ---- reading -------------------------------------------------------------------
    def chips_in_play(self) -> int:
        """Chips at every table, pots included: ``starting_stack * entries`` always."""
        return sum(sum(t.stacks) + (0 if t.hand is None else t.hand.pot) for t in self.tables.values())

    def icm_equity(self, *, method: str = "auto", trials: int | None = None,
                   seed: int | None = None) -> dict[int, float]:
        """Each entry still in, by entry number: its prize equity by ICM
        (:func:`holdem_eval.icm_result`) over the stacks and the prizes still to be won
        (places 1 .. players left). A player in a running hand counts his stack at the
        start of that hand. Needs registration closed (the prizes known)."""
        from holdem_eval.icm import icm_result

        if self.prizes is None:
            raise TournamentError("the prizes are not known while registration is open")
        entries = sorted(self._at.items(), key=lambda kv: kv[1].number)
        # a seat's own stack is updated when its hand ends: in a hand, the stack it started with
        stacks = [self.tables[no].seats[seat].stack for (no, seat), _ in entries]  # type: ignore[union-attr]
        paid = self.prizes[: self._left]
        equity = icm_result(stacks, paid, method=method, trials=trials, seed=seed).equity
        return {e.number: float(x) for (_, e), x in zip(entries, equity)}

    def standings(self) -> tuple[Standing, ...]:
        """Every entry (chips: behind, during a hand): players still in by chips (most
        first), then those out by place
        (best first; out before registration closed and not yet placed: last)."""
        rows = []
        for e in self._entries:
            chips = 0
            if e.table is not None and e.seat is not None:
                chips = self.tables[e.table].stacks[e.seat]
            rows.append(Standing(e.number, e.name, chips, e.table, e.seat, e.place, e.place_to, e.prize))
        return standings_order(rows, self.finished)

    def view(self) -> TournamentView:
        """The whole tournament now (JSON form: ``to_json()``)."""
        stage = self.levels[self.stage]
        tables = tuple(TableSummary(no, t.table_id, self._players(no), t.hand_id)
                       for no, t in sorted(self.tables.items()))
        return TournamentView(
            self.tournament_id, self.stage, stage.to_json(), self.on_break,
            self._round is not None, self.registration_open, self.started, self.finished,
            len(self._entries), self.players_left, self.prize_pool, self.prizes, tables, self.standings())

    # ---- restore -------------------------------------------------------------------
    def to_json(self, *, key: bytes | None = None) -> dict[str, Any]:
        """The whole tournament as a JSON document, restoring it exactly with
        :meth:`from_json` — hands in progress too. **Secret**: it holds the running hands'
        hole cards. With ``key``, the document is signed (HMAC-SHA256)."""
        from .store import tournament_to_json

        return tournament_to_json(self, key)

    @classmethod
    def from_json(cls, doc: Any, *, key: bytes | None = None) -> Tournament:
        """Restore a tournament from :meth:`to_json`'s document; a document whose entries,
        tables or chips do not agree (or whose signature does not match ``key``) is
        refused with :class:`TournamentError`."""
        from .store import tournament_from_json

        return tournament_from_json(cls, doc, key)

    def __repr__(self) -> str:
        return (f"Tournament({self.tournament_id!r}, entries={len(self._entries)}, left={self.players_left},"
                f" tables={sorted(self.tables)}, stage={self.stage})")
