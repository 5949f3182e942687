"""The Python path of a table's views as it was before the hand machine wrote them
(engine/table/view.py at 93bdb11): the oracle that tests/engine/test_table_views.py compares
the C path (he_hand_write_view, csrc/hand_view.c) with, document by document. Test code only:
the product has one path."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from holdem_eval.engine import Table, TableEvent, TableView
from holdem_eval.engine.hand.actions import EVENT_KINDS
from holdem_eval.engine.table.seat import SeatState
from holdem_eval.engine.table.view import SeatView, cards_to_json, legal_to_json

__all__ = ["reference_events", "reference_view", "reference_views_json"]

HAND_EVENT_KINDS = frozenset(EVENT_KINDS)


def reference_view(table: Table, viewer: int | None) -> TableView:
    """``Table.view`` as it was: the shown cards from the running hand's show events."""
    table._check_viewer(viewer)
    shown: dict[int, tuple[int, ...]] = {}
    if table.hand is not None:
        for e in table._events[table._hand_starts[-1]:]:
            if e.kind == "show" and e.seat is not None:
                shown[e.seat] = e.cards
    return table_view(table, viewer, shown, None if table._first_hand else table.button)


def _seat_state(s: SeatState, folded: bool | None, stack: int) -> str:
    """A seat's state for a view; ``folded`` is None for a seat not in the hand."""
    if folded is not None:
        if s.leaving:
            return "leaving"
        if folded:
            return "folded"
        return "all-in" if stack == 0 else "playing"
    if s.sitting_out:
        return "sitting-out"
    if s.stack == 0:
        return "busted"
    return "waiting" if s.waiting_for_big_blind else "ready"


def table_view(table: Table, viewer: int | None, shown: Mapping[int, tuple[int, ...]],
               button: int | None) -> TableView:
    """:meth:`Table.view`: the table as ``viewer`` (a table seat, checked, or None) may see
    it now — the viewer's own cards and the cards shown to everyone (``shown``, by table
    seat), no other hidden card; ``button`` None before the first hand."""
    hand = table.hand
    pos_of: dict[int, int] = {}
    folded: list[bool] = []
    stacks: list[int] = []
    bets: list[int] = []
    if hand is not None:
        pos_of = {k: p for p, k in enumerate(table.hand_seats)}
        folded, stacks, bets = hand.folded, hand.stacks, hand.bets
    seats: list[SeatView | None] = []
    for k, s in enumerate(table.seats):
        if s is None:
            seats.append(None)
            continue
        pos = pos_of.get(k)
        cards: tuple[int, ...] | None = shown.get(k)
        if pos is None:
            state, stack, bet = _seat_state(s, None, s.stack), s.stack, 0
        else:
            state, stack, bet = _seat_state(s, folded[pos], stacks[pos]), stacks[pos], bets[pos]
            if cards is None and k == viewer:
                assert hand is not None
                cards = hand.hole_cards[pos]
        seats.append(SeatView(k, s.name, stack, bet, state, pos is not None, s.missed_small_blind,
                              s.missed_big_blind, cards))
    actor = table.seat_to_act
    legal = table.legal_actions() if viewer is not None and viewer == actor else ()
    return TableView(
        table_id=table.table_id, hand_id=table.hand_id, viewer=viewer,
        street=None if hand is None else hand.street,
        button=button,
        board=() if hand is None else tuple(hand.board),
        pot=0 if hand is None else hand.pot, actor=actor, turn=table.turn, seq=table.last_seq,
        blinds=(table.config.small_blind, table.config.big_blind), seats=tuple(seats),
        legal=legal, to_call=hand.to_call if hand is not None and legal else 0,
        runs=tuple(hand.run_choices) if hand is not None and viewer in table.runs_pending else (),
    )


def reference_views_json(table: Table, viewers: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
    """:meth:`Table.views_json`: ``table.view(v).to_json()`` for every ``v`` of ``viewers``
    (checked), the spectator's view built once and each seat's made from it: the viewer,
    his own hole cards, and on his turn his legal actions, ``to_call`` and ``runs`` are
    all a seat's view adds. The views share what is the same in all of them (do not
    change them)."""
    viewers = list(viewers)
    for v in viewers:
        table._check_viewer(v)
    base = reference_view(table, None).to_json()
    hand = table.hand
    actor = table.seat_to_act
    pending = table.runs_pending if hand is not None else []
    out: dict[int | None, dict[str, Any]] = {None: base}
    for v in viewers:
        if v is None or v in out:
            continue
        doc = dict(base)
        doc["viewer"] = v
        seat = base["seats"][v]
        if hand is not None and seat is not None and seat["in_hand"] and seat["cards"] is None:
            seats = list(base["seats"])
            seats[v] = {**seat, "cards": cards_to_json(hand.hole_cards[table.hand_seats.index(v)])}
            doc["seats"] = seats
        if v == actor:
            legal = table.legal_actions()
            doc["legal"] = legal_to_json(legal)
            doc["to_call"] = hand.to_call if hand is not None and legal else 0
        if v in pending:
            assert hand is not None
            doc["runs"] = list(hand.run_choices)
        out[v] = doc
    return {v: out[v] for v in viewers}


def reference_events(table: Table, cursor: int, viewer: int | None) -> list[dict[str, Any]]:
    """``[e.to_json() for e in table.events_since(cursor, viewer)]`` as it was built: every
    event a dataclass made by its ``__init__``, the hand's events from ``Hand.events`` (its
    log read through the Python ``Event`` tuples), other seats' hole cards removed."""
    first = table._events[0].seq if table._events else table._seq + 1
    events = list(table._events[cursor - first + 1:])
    if table.hand is not None:  # the running hand's events, made again from Hand.events
        seats, start = table.hand_seats, table._hand_starts[-1]
        mine = [e for e in table._events[start:] if e.kind in HAND_EVENT_KINDS]
        again = [TableEvent(m.seq, e.kind, table.hand_id, None if e.seat < 0 else seats[e.seat], e.amount,
                            e.cards, {}) for m, e in zip(mine, table.hand.events, strict=True)]
        by_seq = {e.seq: e for e in again}
        events = [by_seq.get(e.seq, e) for e in events]
    return [(TableEvent(e.seq, e.kind, e.hand_id, e.seat, e.amount, (), dict(e.info))
             if e.kind == "hole" and e.seat != viewer else e).to_json() for e in events]
