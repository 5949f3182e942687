"""A table's views and events made from what the hand machine writes: each viewer's view
record (he_hand_write_view, csrc/hand_view.c: the redaction of hidden cards is there) and
the hand's event log, made into :class:`~.view.TableView` and :class:`~.view.TableEvent`
values — or straight into their JSON — when they are read, not before.

Every seat here is a table seat; the hand's positions are mapped through the table's
``hand_seats``. Used by :class:`~.table.Table` only."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ..errors import TableError
from ..hand.actions import STREET_NAMES
from ..hand.hand import Hand
from .seat import seat_changes
from .view import (
    HandResult,
    SeatView,
    TableEvent,
    TableView,
    cards_to_json,
    hand_result,
    legal_to_json,
)

if TYPE_CHECKING:
    from .table import Table

__all__ = ["PendingResult", "ResultInfo", "events_after", "make_event", "positions", "seat_rows",
           "seen_by", "sync_events", "table_view", "table_views_json"]

_new, _set = object.__new__, object.__setattr__
# where the hand machine's view record (he_hand_view, csrc/hand_view.c) keeps each value,
# in int64 words: Hand._view returns it as bytes
_AT = Hand._view_layout()  # type: ignore[attr-defined]  # HandCore's, in C
_STACKS, _BETS, _FOLDED, _SEEN = _AT["stacks"], _AT["bets"], _AT["folded"], _AT["seen"]
_CARDS, _STRIDE, _HOLE_COUNT = _AT["cards"], _AT["hole_stride"], _AT["hole_count"]


def seat_rows(table: Table) -> tuple[tuple[Any, ...] | None, ...]:
    """Each seat of ``table`` as a view needs it, ``(name, stack, state out of a hand,
    leaving, owes small blind, owes big blind)`` or None for an empty seat: kept by the
    table until a seat changes (:data:`~.seat.seat_changes`)."""
    cache = table._seat_rows
    if cache is not None and cache[0] == seat_changes() and cache[1] == table.seats:
        return cache[2]
    rows = tuple(None if s is None else (
        s.name, s.stack,
        "sitting-out" if s.sitting_out else "busted" if s.stack == 0 else
        "waiting" if s.waiting_for_big_blind else "ready",
        s.leaving, s.missed_small_blind, s.missed_big_blind) for s in table.seats)
    table._seat_rows = (seat_changes(), list(table.seats), rows)
    return rows


class _Seats:
    """A view's seats as the hand machine wrote them (``record``: its view record, hand
    positions ``pos_of`` table seat) and the table's seats as they were (``rows``,
    :func:`seat_rows`): made into :class:`SeatView` values, or their JSON, when first read."""

    __slots__ = ("pos_of", "record", "rows")

    def __init__(self, rows: tuple[tuple[Any, ...] | None, ...], pos_of: Mapping[int, int],
                 record: bytes | None) -> None:
        self.rows, self.pos_of, self.record = rows, pos_of, record

    def fields(self) -> list[tuple[Any, ...] | None]:
        """Per seat: seat, name, stack, bet, state, in_hand, owes small, owes big, cards."""
        out: list[tuple[Any, ...] | None] = []
        pos_of = self.pos_of
        rec = memoryview(self.record).cast("q") if self.record is not None else None
        for k, row in enumerate(self.rows):
            if row is None:
                out.append(None)
                continue
            name, stack, state, leaving, owes_sb, owes_bb = row
            pos = pos_of.get(k)
            if pos is None or rec is None:
                out.append((k, name, stack, 0, state, False, owes_sb, owes_bb, None))
                continue
            stack = rec[_STACKS + pos]
            state = ("leaving" if leaving else "folded" if rec[_FOLDED + pos] else
                     "all-in" if stack == 0 else "playing")
            cards = None
            if rec[_SEEN + pos]:
                at = _CARDS + pos * _STRIDE
                cards = tuple(rec[at:at + rec[_HOLE_COUNT]])
            out.append((k, name, stack, rec[_BETS + pos], state, True, owes_sb, owes_bb, cards))
        return out

    def cards_of(self, pos: int) -> tuple[int, ...]:
        """The cards the record holds for hand position ``pos`` (-1 where not seen)."""
        assert self.record is not None
        rec = memoryview(self.record).cast("q")
        at = _CARDS + pos * _STRIDE
        return tuple(rec[at:at + rec[_HOLE_COUNT]])

    def views(self) -> tuple[SeatView | None, ...]:
        return tuple(None if f is None else SeatView(*f) for f in self.fields())

    def json(self) -> list[dict[str, Any] | None]:
        return [None if f is None else _seat_json(*f) for f in self.fields()]


def _seat_json(seat: int, name: str, stack: int, bet: int, state: str, in_hand: bool,
               owes_sb: bool, owes_bb: bool, cards: tuple[int, ...] | None) -> dict[str, Any]:
    return {"seat": seat, "name": name, "stack": stack, "bet": bet, "state": state, "in_hand": in_hand,
            "owes": {"small_blind": owes_sb, "big_blind": owes_bb},
            "cards": None if cards is None else cards_to_json(cards)}


def table_view(table: Table, viewer: int | None, button: int | None) -> TableView:
    """:meth:`Table.view`: the table as ``viewer`` (a table seat, checked, or None) may see
    it now, as the hand machine writes it (:meth:`Hand._view`, csrc/hand_view.c: the
    viewer's own cards and the cards shown to everyone, no other hidden card); ``button``
    None before the first hand. Its seats are made when first read."""
    hand = table.hand
    rows = seat_rows(table)
    view = _new(TableView)
    if hand is None:
        street, pot, actor, legal, to_call = None, 0, None, (), 0
        board: tuple[int, ...] = ()
        runs: tuple[int, ...] = ()
        seats = _Seats(rows, {}, None)
    else:
        pos_of = positions(table)
        got = hand._view(pos_of.get(viewer, -1) if viewer is not None else -1)
        if got is None:  # a state set from outside that fails its check
            raise hand._state_error()
        street_index, actor_pos, pot, to_call, board, legal, record = got
        street = STREET_NAMES[street_index]
        actor = table.hand_seats[actor_pos] if actor_pos >= 0 else None
        runs = tuple(hand.run_choices) if hand._run_choosing and viewer in table.runs_pending else ()
        seats = _Seats(rows, pos_of, record)
    _set(view, "__dict__", {
        "table_id": table.table_id, "hand_id": table.hand_id, "viewer": viewer, "street": street,
        "button": button, "board": board, "pot": pot, "actor": actor, "turn": table._turn,
        "seq": table._seq, "blinds": (table.config.small_blind, table.config.big_blind),
        "legal": legal, "to_call": to_call, "runs": runs, "_seats": seats})
    return view


def table_views_json(table: Table, viewers: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
    """:meth:`Table.views_json`: ``table.view(v).to_json()`` for every ``v`` of ``viewers``
    (checked), the spectator's view built once and each seat's made from it: the viewer,
    his own hole cards (from his own view record: no card of another seat is read), and on
    his turn his legal actions, ``to_call`` and ``runs`` are all a seat's view adds. The
    views share what is the same in all of them (do not change them)."""
    viewers = list(viewers)
    for v in viewers:
        table._check_viewer(v)
    base = table.view(None).to_json()
    hand = table.hand
    pos_of = positions(table)
    out: dict[int | None, dict[str, Any]] = {None: base}
    for v in viewers:
        if v is None or v in out:
            continue
        doc = dict(base)
        doc["viewer"] = v
        pos = pos_of.get(v)
        if hand is not None and pos is not None:
            got = hand._view(pos)  # the seat's own record: his cards, his legal actions
            if got is None:  # a state set from outside that fails its check
                raise hand._state_error()
            seat = base["seats"][v]
            if seat["cards"] is None:
                seats = list(base["seats"])
                seats[v] = {**seat, "cards": cards_to_json(_Seats((), {}, got[6]).cards_of(pos))}
                doc["seats"] = seats
            if got[5]:  # his turn
                doc["legal"] = legal_to_json(got[5])
                doc["to_call"] = got[3]
            if hand._run_choosing and v in table.runs_pending:
                doc["runs"] = list(hand.run_choices)
        out[v] = doc
    return {v: out[v] for v in viewers}


class PendingResult:
    """A finished hand's :class:`HandResult`, made when first asked for (:meth:`get`): a
    table keeps the hand, not its result, until someone reads it."""

    __slots__ = ("hand", "hand_id", "hand_seats", "result", "rules")

    def __init__(self, hand: Hand, hand_id: str, hand_seats: list[int], rules: Any) -> None:
        self.hand, self.hand_id, self.hand_seats, self.rules = hand, hand_id, hand_seats, rules
        self.result: HandResult | None = None

    def get(self) -> HandResult:
        if self.result is None:
            self.result = hand_result(self.hand, self.hand_id, self.hand_seats, self.rules)
        return self.result


class ResultInfo(Mapping[str, Any]):
    """The ``info`` of a ``hand_end`` event, ``{"result": HandResult.to_json()}``, made when
    first read; it compares, prints and pickles as that dict."""

    __slots__ = ("_doc", "_result")

    def __init__(self, result: PendingResult) -> None:
        self._result = result
        self._doc: dict[str, Any] | None = None

    def _dict(self) -> dict[str, Any]:
        if self._doc is None:
            self._doc = {"result": self._result.get().to_json()}
        return self._doc

    def __getitem__(self, key: str) -> Any:
        return self._dict()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(("result",))

    def __len__(self) -> int:
        return 1

    def __repr__(self) -> str:
        return repr(self._dict())

    def __reduce__(self) -> tuple[Any, ...]:
        return dict, (self._dict(),)


def make_event(seq: int, kind: str, hand_id: str | None, seat: int | None, amount: int,
               cards: tuple[int, ...], info: Mapping[str, Any]) -> TableEvent:
    """``TableEvent(seq, kind, ...)`` for the table's own values (already checked), made
    without the dataclass's ``__init__`` (a table makes one for every event)."""
    e = _new(TableEvent)
    _set(e, "__dict__", {"seq": seq, "kind": kind, "hand_id": hand_id, "seat": seat, "amount": amount,
                         "cards": cards, "info": info})
    return e


def seen_by(events: Iterable[TableEvent], viewer: int | None) -> list[TableEvent]:
    """``events`` as ``viewer`` (a table seat, or ``None`` for a spectator) may see them:
    other seats' hole cards removed."""
    return [make_event(e.seq, e.kind, e.hand_id, e.seat, e.amount, (), e.info)
            if e.kind == "hole" and e.seat != viewer else e for e in events]


def positions(table: Table) -> dict[int, int]:
    """Each table seat's position in the running hand (kept while ``hand_seats`` is)."""
    cache = table._pos_cache
    if cache is None or cache[0] is not table.hand_seats:
        cache = table._pos_cache = (table.hand_seats, {k: p for p, k in enumerate(table.hand_seats)})
    return cache[1]


def sync_events(table: Table) -> None:
    """Copy the running hand's new events (its log, read from ``table._synced`` on) into the
    table's stream, in table seats."""
    hand = table.hand
    assert hand is not None
    new = hand._log_from(table._synced)
    seats, hand_id, seq, append = table.hand_seats, table.hand_id, table._seq, table._events.append
    for kind, seat, amount, cards in new:
        seq += 1
        append(make_event(seq, kind, hand_id, None if seat < 0 else seats[seat], amount, cards, {}))
        if kind == "hole":
            table._hole_seq = seq
    table._seq = seq
    table._synced += len(new)


def events_after(table: Table, cursor: int, viewer: int | None) -> list[TableEvent]:
    """:meth:`Table.events_since` once its arguments are checked: the kept events after
    ``cursor``, other seats' hole events replaced by their copies without cards (made once
    for every viewer)."""
    first = table._events[0].seq if table._events else table._seq + 1
    if cursor < first - 1:
        raise TableError(f"events after {cursor} are no longer kept (the oldest kept is {first});"
                         " take a fresh view")
    events = table._events[cursor - first + 1:]
    if cursor >= table._hole_seq:  # no hole event after the cursor: nothing to hide
        return events
    hidden: dict[int, TableEvent] | None = table.__dict__.get("_hidden_events")
    if hidden is None or len(hidden) > 4096:
        hidden = table.__dict__["_hidden_events"] = {}
    for k, e in enumerate(events):
        if e.kind == "hole" and e.seat != viewer:  # another seat's hole cards: none
            h = hidden.get(e.seq)
            if h is None:
                h = hidden[e.seq] = seen_by((e,), None)[0]
            events[k] = h
    return events
