"""The Table a game server sits on: secure decks, table-seat views and events, JSON forms,
turn tokens, clocks, leaving mid-hand, restore, and no hidden card anywhere it may leak."""

from __future__ import annotations

import json
import pickle
import random

import pytest
from holdem_eval.engine import (
    ActionKind,
    DeckError,
    GameConfig,
    Hand,
    HandStateError,
    IllegalActionError,
    OsDeck,
    PresetDeck,
    Table,
    TableError,
    TableEvent,
    TableView,
)
from holdem_eval.engine.dealing import format_card

CFG = GameConfig(big_blind=2)


def seated(n: int = 5, seats: int = 6, **kw: object) -> Table:
    t = Table(CFG, seats, table_id="T", **kw)  # type: ignore[arg-type]
    for k in range(n):
        t.join(k, f"p{k}", 200, wait_for_big_blind=False)
    return t


def random_step(t: Table, rng: random.Random) -> None:
    seat = t.seat_to_act
    assert seat is not None
    v = t.view(seat)
    a = rng.choice(v.legal)
    amount = rng.randint(a.min_amount, a.max_amount) if a.kind in (ActionKind.BET, ActionKind.RAISE) else 0
    t.act(seat, {"kind": str(a.kind), "amount": amount}, expect=v.turn)


def hidden_texts(t: Table, viewer: int | None) -> set[str]:
    """The running hand's hole cards the viewer may not see (not his, not shown)."""
    assert t.hand is not None
    shown = {t.hand_seats[e.seat] for e in t.hand.events if e.kind == "show"}
    out = set()
    for pos, k in enumerate(t.hand_seats):
        if k != viewer and k not in shown:
            out |= {format_card(c) for c in t.hand.hole_cards[pos]}
    return out - {format_card(c) for c in t.hand.board}


def test_two_default_tables_never_deal_the_same_cards() -> None:
    a, b = seated(), seated()
    a.start_hand()
    b.start_hand()
    assert a.hand is not None and b.hand is not None
    assert a.hand.hole_cards != b.hand.hole_cards
    assert type(a.hand).__name__ == "DeckHand" and isinstance(a.hand.deck, OsDeck)  # type: ignore[attr-defined]


def test_a_running_hand_holds_no_undealt_card() -> None:
    t = seated()
    t.start_hand()
    assert t.hand is not None
    doc = json.dumps(t.to_json())
    dealt = {format_card(c) for hole in t.hand.hole_cards for c in hole}
    undealt = {format_card(c) for c in range(52)} - dealt
    assert not any(f'"{c}"' in doc for c in undealt)
    state = pickle.dumps(t.hand)
    assert t.hand._deck_board == [-1] * 5  # the C state holds no run-out  # type: ignore[attr-defined]
    assert pickle.loads(state).board == []


def _refusals(t: Table, rng: random.Random) -> str:
    """The messages of refused requests at this decision (another seat acting, a stale
    turn, an illegal kind, an amount out of range, a bad card show): all must fail."""
    seat = t.seat_to_act
    assert seat is not None and t.hand is not None
    other = next(k for k in t.hand_seats if k != seat)
    tries = [
        lambda: t.act(other, {"kind": "check"}),
        lambda: t.act(seat, {"kind": "call"}, expect=t.turn - 1),
        lambda: t.act(seat, {"kind": "raise", "amount": 10**9}),
        lambda: t.act(seat, {"kind": "bet" if t.hand.to_call else "call", "amount": 1}),  # type: ignore[union-attr]
        lambda: t.hand.show(rng.randrange(t.hand.n), "2c3c"),  # type: ignore[union-attr]
    ]
    out = []
    for attempt in tries:
        with pytest.raises((TableError, IllegalActionError, HandStateError)) as exc:
            attempt()
        out.append(str(exc.value))
    return "\n".join(out)


@pytest.mark.slow
def test_views_events_and_errors_never_show_a_hidden_card() -> None:
    rng = random.Random(7)
    t = seated()
    cursors = {v: 0 for v in (None, *range(6))}
    for _ in range(2000):
        t.start_hand()
        while t.hand is not None:
            errors = _refusals(t, rng)
            for viewer in cursors:
                hidden = hidden_texts(t, viewer)
                view = t.view(viewer)
                assert view.__dict__["_seats"].record is not None  # written by he_hand_write_view
                text = json.dumps(view.to_json()) + repr(t.view(viewer)) + repr(t) + repr(t.hand)
                text += json.dumps(t.views_json([viewer])[viewer])
                events = t.events_since(cursors[viewer], viewer)
                text += json.dumps([e.to_json() for e in events])
                assert not any(f'"{c}"' in text or f"'{c}'" in text for c in hidden)
                assert not any(c in errors.replace("2c3c", "") for c in hidden), errors
                cursors[viewer] = t.last_seq
            random_step(t, rng)
        cursors = dict.fromkeys(cursors, t.last_seq)  # the finished hand's board is public
        for k in range(5):
            s = t.seats[k]
            if s is not None and s.stack == 0:
                t.rebuy(k, 200)
        assert t.chips_in_play() == t.bought_in


def test_json_forms_round_trip() -> None:
    rng = random.Random(3)
    t = seated()
    t.start_hand()
    for _ in range(3):
        random_step(t, rng)
    for viewer in (None, 0, 3):
        view = t.view(viewer)
        assert TableView.from_json(json.loads(json.dumps(view.to_json()))) == view
    for e in t.events_since(0, None):
        assert TableEvent.from_json(json.loads(json.dumps(e.to_json()))) == e
    with pytest.raises(TableError, match=r"^view has version 2; this library reads version 1$"):
        TableView.from_json({**t.view(None).to_json(), "v": 2})
    with pytest.raises(TableError, match=r"^event kind must be one of"):
        TableEvent.from_json({**t.events_since(0)[0].to_json(), "kind": "explode"})


def test_act_checks_the_seat_the_turn_token_and_the_action_changing_nothing() -> None:
    t = seated(3, 3)
    t.start_hand()
    seat, turn = t.seat_to_act, t.turn
    assert seat is not None
    other = (seat + 1) % 3
    before = json.dumps(t.to_json())
    cases = [
        (lambda: t.act(other, {"kind": "call"}), rf"^seat {other} cannot act: it is seat {seat}'s turn$"),
        (lambda: t.act(seat, {"kind": "call"}, expect=turn - 1),
         rf"^seat {seat}'s action was for turn {turn - 1}, but the table is at turn {turn}"),
        (lambda: t.act(seat, {"kind": "raise", "amount": "8"}), r"^action amount must be an int number"),
        (lambda: t.act(seat, {"kind": "raise", "amount": 8.0}), r"^action amount must be an int number"),
        (lambda: t.act(seat, {"kind": "raise", "amount": True}), r"^action amount must be an int number"),
        (lambda: t.act(seat, {"kind": "dance"}), r"^action kind must be one of"),
        (lambda: t.act(seat, {"kind": "check"}), rf"^seat {seat} cannot check now: the rules allow fold"),
        (lambda: t.act(seat, {"kind": "raise", "amount": 3}),
         rf"^seat {seat} cannot raise to 3: the amount must be within 4\.\.200$"),
        (lambda: t.act(9, {"kind": "call"}), r"^seat must be 0\.\.2, got 9$"),
    ]
    for do, message in cases:
        with pytest.raises(TableError, match=message):
            do()
        assert json.dumps(t.to_json()) == before
    t.act(seat, {"kind": "call"}, expect=turn)
    with pytest.raises(TableError, match="cannot act"):  # the same action again: refused
        t.act(seat, {"kind": "call"}, expect=turn)


def test_timeout_checks_when_free_else_folds() -> None:
    t = seated(3, 3)
    t.start_hand()
    seat = t.seat_to_act
    assert seat is not None
    assert t.timeout(seat).kind == ActionKind.FOLD
    t.act(t.seat_to_act, {"kind": "call"})  # type: ignore[arg-type]
    bb = t.seat_to_act
    assert bb is not None and t.timeout(bb).kind == ActionKind.CHECK
    kinds = [e.kind for e in t.events_since(0)]
    assert kinds.count("timeout") == 2


def test_leave_during_a_hand_folds_at_its_turn_and_removes_after() -> None:
    t = seated(3, 3)
    t.start_hand()
    seat = t.seat_to_act
    assert seat is not None
    leaver = (seat + 1) % 3
    turn = t.turn
    assert t.leave(leaver) is None
    assert t.view(None).seats[leaver].state == "leaving"  # type: ignore[union-attr]
    assert t.turn == turn and t.seat_to_act == seat  # the actor's token stays valid
    t.rebuy(seat, 10)  # queued until the hand ends
    while t.hand is not None:
        s = t.seat_to_act
        assert s != leaver
        t.act(s, {"kind": "fold"} if t.legal_actions()[0].kind == ActionKind.FOLD else {"kind": "check"})  # type: ignore[arg-type]
    assert t.seats[leaver] is None
    assert t.chips_in_play() == t.bought_in
    assert [e.kind for e in t.events_since(0)][-1] == "leave"


def test_buy_in_limits() -> None:
    t = Table(CFG, 3, min_buy_in=40, max_buy_in=200)
    with pytest.raises(TableError, match=r"^a buy-in of 20 leaves a stack of 20, below the table's minimum"):
        t.join(0, "a", 20)
    t.join(0, "a", 150)
    with pytest.raises(TableError, match=r"^a rebuy of 60 makes a stack of 210, above the table's maximum"):
        t.rebuy(0, 60)


def test_restore_mid_hand_exactly_and_refuse_tampering() -> None:
    rng = random.Random(11)
    t = seated()
    for _ in range(30):
        t.start_hand()
        while t.hand is not None:
            if rng.random() < 0.2:
                doc = json.loads(json.dumps(t.to_json(key=b"k")))
                r = Table.from_json(doc, key=b"k")
                assert r.view(None) == t.view(None) and r.hand is not None and t.hand is not None
                assert r.hand.hole_cards == t.hand.hole_cards and r.events_since(0) == t.events_since(0)
                t = r
            random_step(t, rng)
        for k in range(5):
            s = t.seats[k]
            if s is not None and s.stack == 0:
                t.rebuy(k, 200)
    t = seated()  # fresh stacks: the hand below is surely running after its blinds
    t.start_hand()
    doc = t.to_json(key=b"k")
    with pytest.raises(TableError, match="signature does not match"):
        Table.from_json({**doc, "rake_taken": 5}, key=b"k")
    plain = t.to_json()
    with pytest.raises(TableError, match="chips do not add up"):
        Table.from_json({**plain, "rake_taken": plain["rake_taken"] + 5})
    events = list(plain["events"])
    bb = next(i for i, e in enumerate(events) if e["kind"] == "big_blind" and e["hand"] == t.hand_id)
    events[bb] = {**events[bb], "amount": 3}
    with pytest.raises(TableError, match="does not replay to its recorded events"):
        Table.from_json({**plain, "events": events})
    with pytest.raises(TableError, match="not a version-1 table document"):
        Table.from_json({**plain, "v": 9})


def test_deck_hooks() -> None:
    h = Hand(CFG, [100, 100], deck=PresetDeck("AhKh QsQd 2c3c4c 5c 6c"))
    assert h.hole_cards == [(46, 41), (50, 43)]  # one card at a time from seat 1
    with pytest.raises(HandStateError, match="deals its own board"):
        h.deal_board("2s")

    class Bad:
        def draw(self, count: int, exclude: frozenset[int]) -> list[int]:
            return [0] * count

    with pytest.raises(DeckError, match="already in play or twice"):
        Hand(CFG, [100, 100], deck=Bad())
    t = Table(CFG, 2, deck=lambda: PresetDeck("AhKh QsQd 2c3c4c 5c 6c"))
    t.join(0, "a", 100, wait_for_big_blind=False)
    t.join(1, "b", 100, wait_for_big_blind=False)
    t.start_hand()
    assert t.view(0).seats[0].cards is not None  # type: ignore[union-attr]


def test_show_error_does_not_name_the_real_hole_cards() -> None:
    h = Hand(CFG, [100, 100], hole_cards=["3d8h", "AhAd"], board="2s7s9sTcJc", manual_showdown=True)
    h.call()
    h.check()
    for _ in range(3):
        h.check()
        h.check()
    with pytest.raises(IllegalActionError) as info:
        h.show(h.showdown_pending[0], "2c3c")
    assert "3d" not in str(info.value) and "Ah" not in str(info.value)


def test_every_seat_state_shows_in_views_and_round_trips() -> None:
    t = seated(n=5, seats=7)
    t.sit_out(4)
    t.start_hand()
    t.join(6, "late", 200)  # waits for the big blind
    t.leave(3)  # folds at its turn, leaves after the hand
    t.act(t.seat_to_act, {"kind": "fold"})  # type: ignore[arg-type]
    states = {}
    for viewer in (None, *range(7)):
        view = t.view(viewer)
        assert TableView.from_json(json.loads(json.dumps(view.to_json()))) == view
        states = {s.seat: s.state for s in view.seats if s is not None}
    assert sorted(states.values()) == ["folded", "leaving", "playing", "playing", "sitting-out", "waiting"]
    while t.hand is not None:
        t.act(t.seat_to_act, {"kind": "fold"})  # type: ignore[arg-type]
    between = {s.seat: s.state for s in t.view(None).seats if s is not None}
    assert between == {0: "ready", 1: "ready", 2: "ready", 4: "sitting-out", 6: "waiting"}
