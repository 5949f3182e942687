"""Tournaments: invariants over whole random tournaments (chips conserved every hand,
places 1..N each once, prizes sum to the pool, tables within one player), the bust-out
order, late registration and re-entry, levels by hands and by clock, breaks,
hand-for-hand, balancing moves, JSON forms, and every rejection path."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from holdem_eval.engine import (
    ActionKind,
    Break,
    GameConfig,
    Level,
    Table,
    TableView,
    Tournament,
    TournamentError,
    TournamentEvent,
    TournamentView,
)
from holdem_eval.engine.table.blinds import worst_empty_seat

LEVELS = [Level(5 * 2**k, 10 * 2**k, ante=2**k if k > 2 else 0, duration=10) for k in range(16)]


def random_bot(seed: int) -> Callable[[TableView], Any]:
    rng = random.Random(seed)

    def decide(view: TableView) -> Any:
        option = rng.choice(view.legal)
        if option.kind in (ActionKind.BET, ActionKind.RAISE) and rng.random() < 0.3:
            return (option.kind, option.max_amount)  # all in
        return option

    return decide


def all_in_bot(view: TableView) -> Any:
    for option in view.legal:
        if option.kind in (ActionKind.BET, ActionKind.RAISE):
            return (option.kind, option.max_amount)
    kinds = [o.kind for o in view.legal]
    return ActionKind.CALL if ActionKind.CALL in kinds else ActionKind.CHECK, 0


def field(n: int, **kw: Any) -> Tournament:
    kw.setdefault("payouts", [50, 30, 20])
    t = Tournament(kw.pop("levels", LEVELS), kw.pop("stack", 1000), **kw)
    for k in range(n):
        t.register(f"p{k}")
    return t


def play_checked(t: Tournament, decide: Callable[[TableView], Any]) -> int:
    """Play hand by hand, checking the invariants after each one."""
    total = t.starting_stack * t.entries
    hands = 0
    while not t.finished:
        hands += t.play(decide, max_hands=1)
        assert t.chips_in_play() == total
        counts = [sum(s is not None for s in tb.seats) for tb in t.tables.values()]
        assert max(counts) - min(counts) <= 1, counts
        assert all(c <= t.table_size for c in counts)
        assert hands < 100_000
    return hands


def check_results(t: Tournament) -> None:
    rows = t.standings()
    n = t.entries
    assert len(rows) == n
    # places 1..N each once: a tie of m players covers place .. place_to (m places)
    covered: list[int] = []
    ties: dict[tuple[int, int], int] = {}
    for s in rows:
        assert s.place is not None and s.place_to is not None
        ties[(s.place, s.place_to)] = ties.get((s.place, s.place_to), 0) + 1
    for (lo, hi), m in ties.items():
        assert hi - lo + 1 == m
        covered += range(lo, hi + 1)
    assert sorted(covered) == list(range(1, n + 1))
    assert t.prizes is not None
    assert sum(s.prize for s in rows) == t.prize_pool == sum(t.prizes)
    paid = [e.amount for e in t.events_since(0) if e.kind == "payout"]
    assert sum(paid) == t.prize_pool
    assert rows[0].place == 1 and rows[0].chips == t.starting_stack * n


def bust_groups(t: Tournament) -> list[list[TournamentEvent]]:
    """The bust events of each hand (consecutive, one table)."""
    groups: list[list[TournamentEvent]] = []
    last = None
    for e in t.events_since(0):
        if e.kind == "bust":
            if last is not None and last.kind == "bust" and last.table == e.table:
                groups[-1].append(e)
            else:
                groups.append([e])
        last = e
    return groups


def check_bust_order(t: Tournament) -> int:
    places = {s.entry: (s.place, s.place_to) for s in t.standings()}
    multi = 0
    for group in bust_groups(t):
        multi += len(group) > 1
        for a in group:
            for b in group:
                assert a.entry is not None and b.entry is not None
                if a.amount > b.amount:
                    assert places[a.entry][0] < places[b.entry][0]  # type: ignore[operator]
                elif a.amount == b.amount:
                    assert places[a.entry] == places[b.entry]
    return multi


# ------------------------------------------------------------------- whole tournaments


@pytest.mark.parametrize("seed", range(4))
def test_single_table_to_the_end(seed: int) -> None:
    t = field(6, table_size=6, seed=seed)
    t.start()
    assert list(t.tables) == [1]
    play_checked(t, random_bot(seed))
    check_results(t)
    check_bust_order(t)
    kinds = [e.kind for e in t.events_since(0)]
    assert kinds.count("finish") == 1 and kinds[-1] == "finish"
    assert "move" not in kinds and "table_break" not in kinds


@pytest.mark.parametrize("seed", range(6))
def test_three_tables_to_the_end(seed: int) -> None:
    t = field(27, table_size=9, seed=100 + seed, payouts=[40, 25, 15, 10, 10])
    t.start()
    assert {no: sum(s is not None for s in tb.seats) for no, tb in t.tables.items()} == {1: 9, 2: 9, 3: 9}
    play_checked(t, random_bot(seed))
    check_results(t)
    check_bust_order(t)
    events = t.events_since(0)
    breaks = [e.table for e in events if e.kind == "table_break"]
    assert breaks == [3, 2]  # the fixed order: highest number first
    finals = [e.table for e in events if e.kind == "final_table"]
    assert finals == [1]
    for e in events:
        assert TournamentEvent.from_json(json.loads(json.dumps(e.to_json()))) == e


@pytest.mark.parametrize(("players", "size", "paid"), [(2, 2, 1), (7, 3, 3), (19, 4, 5), (31, 6, 9),
                                                     (50, 10, 12), (64, 8, 8)])
def test_fields_and_table_sizes(players: int, size: int, paid: int) -> None:
    payouts = [10 * (paid - k) for k in range(paid)]
    t = field(players, table_size=size, seed=players, payouts=payouts)
    t.start()
    assert len(t.tables) == -(-players // size)
    play_checked(t, random_bot(players))
    check_results(t)
    check_bust_order(t)
    assert [e.kind for e in t.events_since(0)].count("final_table") == 1


@pytest.mark.parametrize("seed", range(8))
def test_interleaved_tables_like_a_game_server(seed: int) -> None:
    """Hands run at several tables at once, actions arriving in any order: players move
    into tables in a hand (dealt in from their next hand), nothing deadlocks."""
    t = field(22, table_size=6, seed=seed, payouts=[50, 30, 20, 10, 5, 5][: 2 + seed % 5],
              late_registration=1 if seed % 2 else 0, levels=[Level(10, 20, duration=6),
                                                              Level(25, 50, duration=6), Level(50, 100)])
    t.start()
    rng = random.Random(seed)
    decide = random_bot(seed)
    total = lambda: t.starting_stack * t.entries  # noqa: E731
    steps = 0
    while not t.finished:
        steps += 1
        assert steps < 200_000
        if t.registration_open and rng.random() < 0.01:
            t.register(f"late{steps}")
        for no in t.tables_ready():
            if rng.random() < 0.5:
                t.start_hand(no)
        running = [no for no, tb in t.tables.items() if tb.hand is not None]
        if not running:
            assert t.tables_ready() or t.finished, t.view()
            continue
        no = rng.choice(running)
        tb = t.tables[no]
        seat = tb.seat_to_act
        assert seat is not None
        if rng.random() < 0.05:
            t.timeout(no, seat)
        else:
            t.act(no, seat, decide(tb.view(seat)), expect=tb.turn)
        assert t.chips_in_play() == total()
        if all(x.hand is None for x in t.tables.values()) and not t.view().hand_for_hand:
            counts = [sum(x is not None for x in y.seats) for y in t.tables.values()]
            assert max(counts) - min(counts) <= 1
    check_results(t)
    for tb in t.tables.values():
        assert tb.chips_in_play() == tb.bought_in


def test_uneven_field_and_percentages() -> None:
    t = field(23, table_size=8, seed=5, payouts=None, percentages=[50, 30, 20], buy_in=11)
    t.start()
    assert sorted(sum(s is not None for s in tb.seats) for tb in t.tables.values()) == [7, 8, 8]
    assert t.prizes == (128, 75, 50) and t.prize_pool == 23 * 11
    play_checked(t, random_bot(1))
    check_results(t)


def test_two_busting_in_one_hand_bigger_starting_stack_finishes_higher() -> None:
    found = 0
    for seed in range(60):
        t = field(5, table_size=5, seed=seed, payouts=[50, 30, 20], levels=[Level(10, 20, duration=3)])
        t.start()
        play_checked(t, random_bot(seed))
        check_results(t)
        for group in bust_groups(t):
            if len(group) > 1 and len({e.amount for e in group}) == len(group):
                found += 1
        check_bust_order(t)
    assert found >= 3


def test_equal_starting_stacks_share_the_places_and_their_prizes() -> None:
    # everyone all in on the first hand: the players out started equal, so they tie
    for seed in range(20):
        t = field(3, table_size=3, seed=seed, payouts=[60, 31, 10])
        t.start()
        t.play_hand(1, all_in_bot)
        group = bust_groups(t)[0]
        if len(group) == 2:
            break
    else:  # pragma: no cover
        pytest.fail("no first hand with two players out")
    rows = {s.entry: s for s in t.standings()}
    a, b = (rows[e.entry] for e in group if e.entry is not None)
    assert (a.place, a.place_to) == (b.place, b.place_to) == (2, 3)
    assert sorted([a.prize, b.prize]) == [20, 21]  # 41 shared; the odd unit to the lower entry
    assert min((a, b), key=lambda s: s.entry).prize == 21
    assert t.finished
    check_results(t)


# ----------------------------------------------------------------------------- levels


def test_levels_by_hand_count() -> None:
    t = field(4, table_size=4, seed=1, levels=[Level(1, 2, duration=3), Level(2, 4, ante=1, duration=2),
                                               Level(5, 10, big_blind_ante=10)])
    t.start()
    blinds = []
    for _ in range(7):
        hand = t.play_hand(1, lambda v: v.legal[0])  # fold or check: nobody goes out
        blinds.append((hand.config.small_blind, hand.config.big_blind, hand.config.ante,
                       hand.config.big_blind_ante))
    assert blinds == [(1, 2, 0, 0)] * 3 + [(2, 4, 1, 0)] * 2 + [(5, 10, 0, 10)] * 2
    levels = [(e.amount, e.info["big_blind"]) for e in t.events_since(0) if e.kind == "level"]
    assert levels == [(1, 2), (2, 4), (3, 10)]
    assert t.view().to_json()["level"]["big_blind"] == 10


def test_levels_on_a_clock_with_a_break() -> None:
    t = field(3, table_size=3, seed=2, clock=True,
              levels=[Level(5, 10, duration=600), Break(300), Level(10, 20, duration=600)])
    t.start()
    t.advance_clock(599)
    assert t.play_hand(1, lambda v: v.legal[0]).config.big_blind == 10
    t.advance_clock(1)
    assert t.on_break and t.seconds_left == 300 and t.tables_ready() == []
    with pytest.raises(TournamentError, match=r"^table 1 cannot start a hand: the tournament is on a "
                       r"break \(300.0 s left\)$"):
        t.start_hand(1)
    assert t.level.big_blind == 20  # the level after the break
    t.advance_clock(300)
    assert not t.on_break
    assert t.play_hand(1, lambda v: v.legal[0]).config.big_blind == 20
    kinds = [(e.kind, e.amount) for e in t.events_since(0) if e.kind in ("level", "break")]
    assert kinds == [("level", 1), ("break", 1), ("level", 2)]


def test_a_new_level_waits_for_the_running_hand() -> None:
    t = field(3, table_size=3, seed=2, clock=True, levels=[Level(5, 10, duration=60), Level(10, 20)])
    t.start()
    hand = t.start_hand(1)
    t.advance_clock(60)
    assert hand.config.big_blind == 10 and t.level.big_blind == 20
    while t.tables[1].hand is not None:
        tb = t.tables[1]
        seat = tb.seat_to_act
        assert seat is not None
        t.act(1, seat, tb.legal_actions()[0])
    assert t.start_hand(1).config.big_blind == 20


def test_play_skips_breaks_and_moves_the_clock() -> None:
    t = field(9, table_size=9, seed=4, clock=True,
              levels=[Level(10, 20, duration=60), Break(30), Level(25, 50, duration=60), Level(50, 100)])
    t.start()
    play_checked_clock = t.play(random_bot(2), seconds_per_hand=5)
    assert t.finished and play_checked_clock > 0
    check_results(t)


# ------------------------------------------------------------- registration and re-entry


def test_late_registration_and_re_entry() -> None:
    t = field(6, table_size=4, seed=3, late_registration=2, re_entries=1,
              payouts=[50, 30, 20], levels=[Level(50, 100, duration=4), Level(100, 200, duration=4),
                                            Level(200, 400, duration=4), Level(400, 800)])
    t.start()
    assert t.registration_open and t.prizes is None
    late = t.register("late")
    assert t.standings()[-1].entry == late or any(s.entry == late and s.table for s in t.standings())
    re_entered = False
    decide = random_bot(4)
    while t.registration_open:
        t.play(decide, max_hands=1)
        out = [s for s in t.standings() if s.table is None and s.name.startswith("p")]
        for s in out:
            if not re_entered and t.registration_open:
                playing = min(x.name for x in t.standings() if x.table is not None)
                with pytest.raises(TournamentError, match=rf"^{playing!r} is still in the tournament"):
                    t.register(playing)
                t.register(s.name)
                re_entered = True
                with pytest.raises(TournamentError, match=rf"^{s.name!r} is still in the tournament"):
                    t.register(s.name)
        counts = [sum(x is not None for x in tb.seats) for tb in t.tables.values()]
        assert max(counts) - min(counts) <= 1
    assert re_entered
    events = t.events_since(0)
    closed = next(k for k, e in enumerate(events) if e.kind == "registration_closed")
    assert (events[closed - 1].kind, events[closed - 1].amount) == ("level", 3)  # late_registration=2
    entries = t.entries
    assert entries == 8
    assert t.view().registration_open is False
    with pytest.raises(TournamentError, match=r"^registration is closed; 'x' cannot enter$"):
        t.register("x")
    play_checked(t, random_bot(3))
    check_results(t)
    names = [s.name for s in t.standings()]
    assert len(names) == 8 and len(set(names)) == 7  # one name entered twice


def test_places_of_early_busts_wait_for_registration_to_close() -> None:
    t = field(6, table_size=6, seed=6, late_registration=1,
              levels=[Level(100, 200, duration=50), Level(200, 400)])
    t.start()
    decide = random_bot(6)
    while t.players_left == 6:
        t.play(decide, max_hands=1)
    assert t.players_left >= 2 and t.registration_open
    out = [s for s in t.standings() if s.table is None]
    assert out and all(s.place is None and s.prize == 0 for s in out)
    assert not [e for e in t.events_since(0) if e.kind == "place"]
    t.register("late")
    t.close_registration()
    placed = [s for s in t.standings() if s.entry in {o.entry for o in out}]
    assert {s.place_to for s in placed} == {7}  # below everyone still in, 7 entries in all
    with pytest.raises(TournamentError, match=r"^registration is closed; 'x' cannot enter$"):
        t.register("x")


def test_re_entry_limit() -> None:
    t = field(6, table_size=6, seed=1, late_registration=5, re_entries=0)
    t.start()
    decide = random_bot(1)
    while t.players_left == 6:
        t.play(decide, max_hands=1)
    assert t.registration_open
    gone = next(s for s in t.standings() if s.table is None)
    with pytest.raises(TournamentError, match=rf"^{gone.name!r} has entered once; re_entries allows 0 "
                       r"re-entries$"):
        t.register(gone.name)


# --------------------------------------------------------------------- hand-for-hand


def test_hand_for_hand_on_the_bubble() -> None:
    # 12 players, 11 paid: hand-for-hand from the first hand
    payouts = list(range(30, 8, -2))
    assert len(payouts) == 11
    t = field(12, table_size=6, seed=8, payouts=payouts, levels=[Level(50, 100)])
    t.start()
    assert t.tables_ready() == [1, 2]
    t.play_hand(1, lambda v: v.legal[0])
    assert t.view().hand_for_hand and t.tables_ready() == [2]
    with pytest.raises(TournamentError, match=r"^table 1 cannot start a hand: hand-for-hand: table 1 has "
                       r"played this round; it waits for table\(s\) \[2\]$"):
        t.start_hand(1)
    t.play_hand(2, lambda v: v.legal[0])
    assert t.tables_ready() == [1, 2]
    rounds = t.hand_for_hand_rounds
    while t.players_left == 12:
        for no in t.tables_ready():
            t.play_hand(no, all_in_bot)
    assert t.hand_for_hand_rounds > rounds
    out = [s for s in t.standings() if s.table is None]
    # all players out in the round, at both tables, are one group: by starting stack, ties shared
    busts = {e.entry: e for e in t.events_since(0) if e.kind == "bust"}
    assert len({busts[s.entry].table for s in out}) == 2
    for a in out:
        for b in out:
            if busts[a.entry].amount > busts[b.entry].amount:
                assert a.place is not None and b.place is not None and a.place < b.place
            elif busts[a.entry].amount == busts[b.entry].amount:
                assert (a.place, a.place_to) == (b.place, b.place_to)
    assert max(s.place_to or 0 for s in out) == 12 and min(s.place or 0 for s in out) == 13 - len(out)
    assert sum(s.prize for s in t.standings()) == sum(
        payouts[p - 1] for p in range(13 - len(out), 12))
    if len(out) == 1:
        assert out[0].prize == 0
    assert not t._hand_for_hand_now()


def test_hand_for_hand_can_be_off() -> None:
    t = field(12, table_size=6, seed=8, payouts=list(range(30, 8, -2)), hand_for_hand=False)
    t.start()
    t.play_hand(1, lambda v: v.legal[0])
    assert t.tables_ready() == [1, 2]
    t.play_hand(1, lambda v: v.legal[0])


# ------------------------------------------------------------------------- balancing


def test_balancing_moves_the_next_big_blind_to_the_worst_seat() -> None:
    checked = 0
    for seed in range(6):
        t = field(20, table_size=7, seed=seed, levels=[Level(5, 10, duration=5), Level(20, 40)])
        t.start()
        decide = random_bot(seed)
        while not t.finished:
            nxt = {no: tb.next_blinds() for no, tb in t.tables.items()}
            cursor = t.last_seq
            played = t.tables_ready()[0]
            t.play_hand(played, decide)
            moved_from: set[int] = set()
            for e in t.events_since(cursor):
                if e.kind == "move" and e.info["reason"] == "balance":
                    src = e.info["from_table"]
                    if src != played and src not in moved_from:
                        blinds = nxt[src]
                        assert blinds is not None and e.info["from_seat"] == blinds[1]
                        checked += 1
                    moved_from.add(src)
            counts = [sum(x is not None for x in tb.seats) for tb in t.tables.values()]
            assert max(counts) - min(counts) <= 1
    assert checked >= 5


def test_worst_seat_is_big_blind_next_hand() -> None:
    t = Table(GameConfig(big_blind=2), seats=6, seed=1)
    for k in (0, 1, 2, 4):
        t.join(k, f"p{k}", 100, wait_for_big_blind=False)
    t.start_hand()
    while t.hand is not None:
        t.act(t.seat_to_act, t.legal_actions()[0])
    assert t.next_blinds() == (2, 4)  # button 1 next
    seat = worst_empty_seat(t.seats, t.next_blinds())
    assert seat == 3  # the empty seat between the next small and big blind
    t.seat_moved(seat, "mover", 100)
    hand = t.start_hand()
    assert t.hand_seats[hand.blind_seats[1]] == seat
    posts = [e for e in hand.events if e.kind in ("post", "dead")]
    assert posts == []  # a moved player posts no extra blind


def test_seat_moved_posts_nothing_extra_outside_the_blinds() -> None:
    t = Table(GameConfig(big_blind=2), seats=6, seed=1)
    for k in range(3):
        t.join(k, f"p{k}", 100, wait_for_big_blind=False)
    t.start_hand()
    while t.hand is not None:
        t.act(t.seat_to_act, t.legal_actions()[0])
    t.seat_moved(5, "moved", 50)
    hand = t.start_hand()
    assert 5 in t.hand_seats
    assert [e.kind for e in hand.events if t.hand_seats[e.seat] == 5 and e.kind in ("post", "dead")] == []
    assert t.chips_in_play() == t.bought_in


def test_views_and_json() -> None:
    t = field(12, table_size=6, seed=2)
    t.start()
    t.play(random_bot(1), max_hands=5)
    doc = json.loads(json.dumps(t.view().to_json()))
    assert doc["v"] == 1 and doc["entries"] == 12 and doc["players_left"] == t.players_left
    assert [x["table"] for x in doc["tables"]] == sorted(t.tables)
    assert sum(s["chips"] for s in doc["standings"]) == 12_000
    assert doc["prizes"] == [50, 30, 20] and doc["prize_pool"] == 100
    for tb in t.tables.values():
        json.dumps(tb.view(None).to_json())
        json.dumps([e.to_json() for e in tb.events_since(0)])
    assert t.events_since(t.last_seq) == []
    with pytest.raises(TournamentError, match=r"^cursor must be an event number 0\.\.\d+, got -1$"):
        t.events_since(-1)
    assert TournamentView.from_json(doc) == t.view()
    t.play(random_bot(2))
    assert t.finished and TournamentView.from_json(json.loads(json.dumps(t.view().to_json()))) == t.view()
    for change, message in [
        ({"v": 2}, r"^tournament view has version 2; this library reads version 1$"),
        ({"entries": "12"}, r"^tournament view\['entries'\] must be int, got '12'$"),
        ({"finished": 1}, r"^tournament view\['finished'\] must be bool, got 1$"),
        ({"prizes": [50, "30"]}, r"^tournament view\['prizes'\] must be a list of ints"),
        ({"tables": [{"table": 1}]}, r"^tournament view\['tables'\]\[0\] lacks 'table_id'$"),
        ({"standings": [None]}, r"^tournament view\['standings'\]\[0\] must be a JSON object, got None$"),
    ]:
        with pytest.raises(TournamentError, match=message):
            TournamentView.from_json({**doc, **change})


# --------------------------------------------------------------------------- rejections


@pytest.mark.parametrize(("kw", "message"), [
    ({"starting_stack": -5}, "starting_stack must be an int number of chips > 0, got -5"),
    ({"starting_stack": 1000.0}, "starting_stack must be an int number of chips > 0, got 1000.0"),
    ({"starting_stack": True}, "starting_stack must be an int number of chips > 0, got True"),
    ({"levels": [Level(10, 20, duration=5), Level(5, 10)]},
     "levels out of order: level 1 (5/10) is below the level before it (10/20); blinds must not go down"),
    ({"levels": []}, "levels must be a non-empty sequence of Level and Break, got []"),
    ({"levels": [(10, 20)]}, "level 0 must be a Level or a Break, got (10, 20)"),
    ({"levels": [Level(10, 20, duration=5), Break(60)]},
     "level 1 is a break, but breaks need a clock (clock=True); levels by hand count have none"),
    ({"levels": [Level(10, 20, duration=5), Break(60)], "clock": True},
     "the last stage must be a Level (it goes on until the end), got a Break"),
    ({"levels": [Level(10, 20, duration=5), Level(20, 40)], "clock": 1},
     "clock must be a bool, got 1"),
    ({"levels": [Level(10, 20), Level(20, 40)]},
     "level 0 (10/20) has no duration; only the last level may go on until the end"),
    ({"levels": [Level(10, 20, duration=2.5)]},
     "level 0 lasts 2.5 hands; without a clock a level's duration is an int number of hands"),
    ({"payouts": [30, 50]},
     "payouts must not increase: place 2 (50) pays more than place 1 (30) in [30, 50]"),
    ({"payouts": [50, -1]}, "payouts[1] must be an int amount >= 0, got -1 in [50, -1]"),
    ({"payouts": [50.5]}, "payouts[0] must be an int amount >= 0, got 50.5 in [50.5]"),
    ({"payouts": None, "percentages": [60, 30], "buy_in": 10},
     "percentages must sum to 100, got 90.0: [60, 30]"),
    ({"payouts": None, "percentages": [60, 40]}, "buy_in must be an int > 0 with percentages, got 0"),
    ({"payouts": [1], "percentages": [100]},
     "give either payouts (amounts) or percentages (of entries * buy_in), got payouts=[1],"
     " percentages=[100]"),
    ({"table_size": 11}, "table_size must be an int 2..10, got 11"),
    ({"tables": 0}, "tables must be an int >= 1 or None, got 0"),
    ({"re_entries": -1}, "re_entries must be an int >= 0, got -1"),
    ({"seed": -1}, "seed must be an int in 0 .. 2**64 - 1, got -1"),
    ({"betting": "spread"},
     "betting must be one of ('no-limit', 'pot-limit', 'fixed-limit'), got 'spread'"),
])
def test_bad_settings(kw: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"levels": [Level(10, 20)], "starting_stack": 1000, "payouts": [50, 30]}
    args.update(kw)
    with pytest.raises(TournamentError) as info:
        Tournament(args.pop("levels"), args.pop("starting_stack"), **args)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(("kw", "message"), [
    ({"small_blind": -1, "big_blind": 2}, "level small_blind must be an int number of chips >= 0, got -1"),
    ({"small_blind": 1, "big_blind": 2.0}, "level big_blind must be an int number of chips >= 0, got 2.0"),
    ({"small_blind": 5, "big_blind": 2}, "level 5/2: small_blind 5 must not exceed big_blind 2"),
    ({"small_blind": 1, "big_blind": 2, "ante": 1, "big_blind_ante": 2},
     "level 1/2: use either ante (every seat) or big_blind_ante, not both"),
    ({"small_blind": 1, "big_blind": 2, "duration": 0},
     "level duration must be a number > 0 (hands, or seconds with a clock), got 0"),
])
def test_bad_levels(kw: dict[str, Any], message: str) -> None:
    with pytest.raises(TournamentError) as info:
        Level(**kw)
    assert str(info.value) == message


def test_bad_operations() -> None:
    t = Tournament([Level(10, 20)], 1000, table_size=3, tables=1, payouts=[50, 30, 20, 10])
    with pytest.raises(TournamentError, match=r"^a tournament needs at least 2 entries, got 0$"):
        t.start()
    with pytest.raises(TournamentError, match=r"^registration closes after the start; call start\(\) first$"):
        t.close_registration()
    with pytest.raises(TournamentError, match=r"^table must be one of the running tables \[\], got 1$"):
        t.table(1)
    for name in ("a", "b", "c"):
        t.register(name)
    with pytest.raises(TournamentError, match=r"^'a' is still in the tournament \(entry 1\)$"):
        t.register("a")
    with pytest.raises(TournamentError, match=r"^the tournament seats 3 players \(1 tables of 3\); 'd' "
                       r"would be player 4$"):
        t.register("d")
    with pytest.raises(TournamentError, match=r"^name must be a non-empty string, got ''$"):
        t.register("")
    with pytest.raises(TournamentError, match=r"^payouts pay 4 places, more than the 3 entries$"):
        t.start()
    with pytest.raises(TournamentError, match=r"^start\(\) the tournament before playing it$"):
        t.play(all_in_bot)
    with pytest.raises(TournamentError, match=r"^this tournament's levels go by hand count; it has no "
                       r"clock to advance$"):
        t.advance_clock(5)
    t2 = field(3, table_size=3, seed=1)
    t2.start()
    with pytest.raises(TournamentError, match=r"^the tournament has already started$"):
        t2.start()
    with pytest.raises(TournamentError, match=r"^table must be one of the running tables \[1\], got 2$"):
        t2.start_hand(2)
    t2.start_hand(1)
    with pytest.raises(TournamentError, match=r"^table 1 cannot start a hand: table 1 is playing hand "
                       r"T-1-1$"):
        t2.start_hand(1)
    t3 = field(3, table_size=3, clock=True, levels=[Level(1, 2)])
    with pytest.raises(TournamentError, match=r"^seconds must be a finite number >= 0, got -1$"):
        t3.advance_clock(-1)
    with pytest.raises(TournamentError, match=r"^table_size 2 seats one heads-up match; 3 entries need "
                       r"table_size >= 3$"):
        field(3, table_size=2).start()


def test_bad_input_changes_nothing() -> None:
    t = field(6, table_size=6, seed=1)
    t.start()
    before = (t.view(), t.last_seq)
    for bad in ("", "p1"):
        with pytest.raises(TournamentError):
            t.register(bad)
    assert (t.view(), t.last_seq) == before


def test_event_json_refusals() -> None:
    with pytest.raises(TournamentError,
                       match=r"^tournament event kind must be one of register, .*, got 'x'$"):
        TournamentEvent.from_json({"v": 1, "seq": 1, "kind": "x", "table": None, "seat": None,
                                   "entry": None, "amount": 0, "info": {}})
    with pytest.raises(TournamentError, match=r"^tournament event lacks 'info': "):
        TournamentEvent.from_json({"v": 1, "seq": 1, "kind": "bust", "table": None, "seat": None,
                                   "entry": None, "amount": 0})
    with pytest.raises(TournamentError, match=r"^tournament event\['amount'\] must be an int, got '5'$"):
        TournamentEvent.from_json({"v": 1, "seq": 1, "kind": "bust", "table": None, "seat": None,
                                   "entry": None, "amount": "5", "info": {}})


def test_without_a_seed_tables_deal_from_the_os_deck() -> None:
    t = field(12, table_size=6)
    t.start()
    assert all(tb.seed is None and tb.deck is None for tb in t.tables.values())
    hands = t.play(random_bot(0), max_hands=40)
    assert hands == 40 or t.finished
    assert t.chips_in_play() == 12_000


def test_icm_equity_of_the_players_left() -> None:
    from holdem_eval import icm

    t = field(12, table_size=6, seed=3, payouts=[50, 30, 20])
    with pytest.raises(TournamentError, match=r"^the prizes are not known while registration is open$"):
        t.icm_equity()
    t.start()
    decide = random_bot(3)
    while t.players_left > 5:
        t.play(decide, max_hands=1)
    eq = t.icm_equity()
    alive = [s for s in t.standings() if s.table is not None]
    assert sorted(eq) == sorted(s.entry for s in alive)
    assert sum(eq.values()) == pytest.approx(100.0)
    order = sorted(alive, key=lambda s: s.entry)
    assert list(eq.values()) == pytest.approx(icm([s.chips for s in order], [50, 30, 20]).tolist())
    t.start_hand(next(iter(t.tables)))
    assert t.icm_equity() == eq  # during a hand: the stacks it started with


def test_prize_table_rounding() -> None:
    from holdem_eval.engine.tournament.structure import prize_table, share_prize

    assert prize_table([33.34, 33.33, 33.33], entries=100, buy_in=100) == (3334, 3333, 3333)  # decimal
    assert prize_table([40.5, 25.25, 20.25, 14], entries=7, buy_in=13) == (39, 22, 18, 12)
    assert share_prize([30, 20, 11], 3) == (21, 20, 20) and sum(share_prize([7], 4)) == 7


@pytest.mark.parametrize(("variant", "betting"), [("holdem", "fixed-limit"), ("holdem", "pot-limit"),
                                                  ("omaha", "pot-limit"), ("omaha", "no-limit")])
def test_other_games(variant: str, betting: str) -> None:
    t = field(14, table_size=7, seed=9, variant=variant, betting=betting,
              levels=[Level(10 * 2**k, 20 * 2**k, ante=5 * 2**k, duration=8) for k in range(12)])
    t.start()
    play_checked(t, random_bot(9))
    check_results(t)
    hand = t.tables[next(iter(t.tables))].history[-1]
    assert (hand.config.variant, hand.config.betting) == (variant, betting)


# --------------------------------------------------------------------------- restore


def view_bot(view: TableView) -> Any:
    """A bot whose choice depends only on the view (so a restored copy plays the same)."""
    option = view.legal[(view.seq * 7 + view.turn) % len(view.legal)]
    if option.kind in (ActionKind.BET, ActionKind.RAISE) and view.seq % 9 == 0:
        return (option.kind, option.max_amount)
    return option


def step(t: Tournament, rng: random.Random) -> None:
    """One step of play with hands running at several tables at once."""
    for no in t.tables_ready():
        if rng.random() < 0.5:
            t.start_hand(no)
    running = [no for no, tb in t.tables.items() if tb.hand is not None]
    if running:
        no = running[rng.randrange(len(running))]
        tb = t.tables[no]
        seat = tb.seat_to_act
        assert seat is not None
        t.act(no, seat, view_bot(tb.view(seat)))


@pytest.mark.parametrize("seed", range(4))
def test_restore_mid_tournament_plays_on_the_same(seed: int) -> None:
    t = field(20, table_size=6, seed=seed, payouts=[50, 30, 20, 10], late_registration=1 if seed % 2 else 0,
              clock=seed >= 2, levels=[Level(10, 20, duration=8 if seed < 2 else 300),
                                       *([Break(60)] if seed >= 2 else []), Level(25, 50)])
    t.start()
    rng = random.Random(seed)
    for k in range(400 + 150 * seed):
        step(t, rng)
        if t.clock and k % 20 == 0:
            t.advance_clock(30)
        if t.finished:
            break
    while not t.finished and all(tb.hand is None for tb in t.tables.values()):
        step(t, rng)
    assert any(tb.hand is not None for tb in t.tables.values()) or t.finished
    doc = json.loads(json.dumps(t.to_json()))
    r = Tournament.from_json(doc)
    assert r.view() == t.view() and r.events_since(0) == t.events_since(0)
    assert json.loads(json.dumps(r.to_json())) == doc
    for x in (t, r):
        fork = random.Random(99)
        while not x.finished:
            step(x, fork)
            if x.clock:
                x.advance_clock(5)
        check_results(x)
    assert r.view() == t.view() and r.events_since(0) == t.events_since(0)


def test_restore_refuses_changed_documents() -> None:
    t = field(12, table_size=6, seed=1)
    t.start()
    t.play(view_bot, max_hands=10)  # between hands at every table
    doc = json.loads(json.dumps(t.to_json(key=b"k")))
    assert Tournament.from_json(doc, key=b"k").view() == t.view()
    with pytest.raises(TournamentError, match=r"^the tournament document's signature does not match: it"
                       r" was changed or signed with another key$"):
        Tournament.from_json(doc, key=b"other")
    bad = json.loads(json.dumps(doc))
    first = next(iter(bad["tables"]))
    seat = next(k for k, s in enumerate(bad["tables"][first]["seats"]) if s is not None)
    bad["tables"][first]["seats"][seat]["stack"] += 1
    bad["tables"][first]["seats"][seat]["bought_in"] += 1
    bad["tables"][first]["bought_in"] += 1
    with pytest.raises(TournamentError, match=r"^tournament document: the tables hold 12001 chips, but"
                       r" 12 entries of 1000 make 12000$"):
        Tournament.from_json(bad)
    bad = json.loads(json.dumps(doc))
    entry = next(e for e in bad["entries"] if not e["out"])
    entry["name"] = "someone else"
    with pytest.raises(TournamentError, match=r"^tournament document: entry \d+ \('someone else'\) is not at"
                       r" table \d+, seat \d+$"):
        Tournament.from_json(bad)
    bad = json.loads(json.dumps(doc))
    bad["settings"]["levels"] = [{"kind": "level", "small_blind": 20, "big_blind": 10}]
    with pytest.raises(TournamentError, match=r"^tournament document level 0: level 20/10: small_blind 20"
                       r" must not exceed big_blind 10$"):
        Tournament.from_json(bad)
    with pytest.raises(TournamentError, match=r"^not a version-1 tournament document"):
        Tournament.from_json({"v": 1, "kind": "holdem-eval/table"})


def test_seeded_table_restores_mid_hand() -> None:
    # the document holds the running hand's own seed (hand n of seed s), not the table's
    for seed in (1, 2**64 - 1):
        t = Table(GameConfig(big_blind=2), seats=6, seed=seed)
        for k in range(3):
            t.join(k, f"p{k}", 100, wait_for_big_blind=False)
        for _ in range(3):
            t.start_hand()
            while t.hand is not None:
                t.act(t.seat_to_act, t.legal_actions()[0])
        t.start_hand()
        t.act(t.seat_to_act, t.legal_actions()[1])
        t.seat_moved(4, "moved", 100)
        r = Table.from_json(json.loads(json.dumps(t.to_json())))
        assert r.view(None) == t.view(None) and r.hand is not None and r.seed == seed
        while t.hand is not None:
            for x in (t, r):
                x.act(x.seat_to_act, x.legal_actions()[-1])
        assert r.stacks == t.stacks
