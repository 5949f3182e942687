"""A server Room's update messages, built for all of a table's connections at once after
each change (shared views and event texts), are at every step of random play the
messages built for each viewer alone from Table.view and Table.events_since."""

from __future__ import annotations

import json
import random
from typing import Any

from holdem_eval.engine import TableError

from holdem_eval.server import Room, ServerSettings


def _reference(room: Room, viewer: int | None, cursor: int) -> dict[str, Any]:
    t = room.table
    try:
        events, reset = [e.to_json() for e in t.events_since(cursor, viewer)], False
    except TableError:
        events, reset = [], True
    msg: dict[str, Any] = {"type": "update", "table": room.index, "events": events,
                           "view": t.view(viewer).to_json()}
    if reset:
        msg["reset"] = True
    return msg


def test_update_messages_are_each_viewers_own() -> None:
    now = [0.0]
    room = Room(3, ServerSettings(seats=6, hand_delay=0, tables=4), b"k" * 32, now=lambda: now[0])
    rng = random.Random(7)
    for k in range(5):
        room.claim(k, f"p{k}", 200)
    cursors: dict[int | None, int] = {v: 0 for v in (None, *range(6))}
    steps = 0
    while room.table.hands_played < 40:
        t = room.table
        if t.hand is None:
            for k, s in enumerate(t.seats):
                if s is not None and s.stack < 80:
                    room.rebuy(k, 200)
            if rng.random() < 0.1 and t.seats[5] is None:
                room.claim(5, "late", 100)
            elif rng.random() < 0.1 and t.seats[5] is not None:
                room.leave(5)
            assert room.tick()
        else:
            seat = t.seat_to_act
            assert seat is not None
            legal = rng.choice(t.legal_actions())
            amount = rng.randint(legal.min_amount, legal.max_amount)
            room.act(seat, {"kind": str(legal.kind), "amount": amount}, t.turn)
        now[0] += 0.5
        for v in list(cursors):
            if rng.random() < 0.3:
                continue  # this one reads later: its next message holds several changes
            text, new = room.update_text(v, cursors[v])
            msg = json.loads(text)
            clock = msg.pop("clock")
            assert msg == _reference(room, v, cursors[v]), (v, steps)
            actor = room.table.seat_to_act
            if actor is None:
                assert clock is None
            else:  # 15 s a decision, 30 s of bank: what is left of them, as floats
                assert clock["seat"] == actor and sorted(clock) == ["bank", "seat", "seconds"]
                assert isinstance(clock["seconds"], float) and 0 <= clock["seconds"] <= 15
                assert isinstance(clock["bank"], float) and 0 <= clock["bank"] <= 30
            cursors[v] = new
        steps += 1
    # a cursor older than the events kept: the view alone, with reset
    text, _ = room.update_text(None, 1)
    assert json.loads(text)["reset"] is True and json.loads(text)["events"] == []
    assert steps > 300
