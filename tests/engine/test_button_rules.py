"""The button rules of Table (button_rule="moving" | "dead", engine/table/blinds.py) and
the hand without a small blind they need (Hand(no_small_blind=True)).

The invariants (issue 26 item 8; Robert's Rules of Poker "Button and blind use" 2a/2b,
TDA "Dead Button"): the big blind advances exactly one seat each hand (to the first
dealt-in seat after the last big blind: nobody is skipped, nobody posts it twice in a
row) and nobody posts the small blind twice in a row — checked on long random sessions
with joins, leaves, busts, rebuys and players sitting out, and on hands built for the
three-to-two-to-three transitions."""

from __future__ import annotations

import pickle
import random

import pytest
from holdem_eval.engine import Action, ActionKind, ConfigError, GameConfig, Hand, Table
from holdem_eval.engine.errors import TableError

CFG = GameConfig(small_blind=1, big_blind=2)
RULES = ("moving", "dead")


def _seats_of(t: Table) -> tuple[int | None, int, int]:
    """The running hand's small blind, big blind and button as table seats."""
    hand = t.hand if t.hand is not None else t.history[-1]
    sb, bb = hand.blind_seats
    return (None if sb is None else t.hand_seats[sb]), t.hand_seats[bb], t.hand_seats[hand.button]


def _play_out(t: Table, rng: random.Random) -> None:
    while t.hand is not None:
        seat = t.seat_to_act
        assert seat is not None
        legal = t.legal_actions()
        a = rng.choice(legal)
        amount = a.max_amount if rng.random() < 0.3 else a.min_amount
        t.act(seat, (a.kind, amount))


def _clockwise_after(n: int, start: int) -> list[int]:
    return [(start + d) % n for d in range(1, n + 1)]


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("seed", range(12))
def test_random_sessions_keep_the_blind_invariants(rule: str, seed: int) -> None:
    rng = random.Random(seed * 7919 + len(rule))
    n = rng.choice([3, 4, 6, 9])
    t = Table(CFG, n, seed=seed, button_rule=rule)
    names = iter(f"p{i}" for i in range(10_000))
    for k in rng.sample(range(n), rng.randint(2, n)):
        t.join(k, next(names), rng.choice([6, 20, 60]), wait_for_big_blind=False)
    last: tuple[str | None, int, str] | None = None  # last hand: SB poster, BB seat, BB name
    dead_buttons = no_small_blinds = heads_up = 0
    for _ in range(150):
        free = [k for k in range(n) if t.seats[k] is None]
        taken = [k for k in range(n) if t.seats[k] is not None]
        r = rng.random()
        if r < 0.12 and free:
            t.join(rng.choice(free), next(names), rng.choice([6, 20, 60]),
                   wait_for_big_blind=rng.random() < 0.5)
        elif r < 0.22 and len(taken) > 2:
            t.leave(rng.choice(taken))
        elif r < 0.28 and taken:
            t.sit_out(rng.choice(taken))
        elif r < 0.40:
            for k in taken:
                s = t.seats[k]
                if s is not None and s.sitting_out:
                    t.sit_in(k, post=rng.random() < 0.5)
        for k in taken:
            s = t.seats[k]
            if s is not None and s.stack == 0 and rng.random() < 0.5:
                t.rebuy(k, 20)
        expected = t.next_blinds()
        ready = [k for k, s in enumerate(t.seats) if s is not None and not s.sitting_out
                 and s.stack > 0 and not s.waiting_for_big_blind]
        try:
            t.start_hand()
        except TableError:
            last = None  # the table could not deal: the sequence restarts
            continue
        sb, bb, hand_button = _seats_of(t)
        assert (sb, bb) == expected
        dealt = t.hand_seats
        names_in = {k: t.seats[k].name for k in dealt}  # type: ignore[union-attr]
        if last is not None:
            last_sb_name, last_bb, last_bb_name = last
            # the big blind advances exactly one seat: no dealt-in seat is skipped (but
            # with one player ready it goes to the first one waiting for it: he makes the
            # second player)
            eligible = dealt if len(ready) > 1 else [k for k in dealt if k not in ready]
            assert bb == next(k for k in _clockwise_after(n, last_bb) if k in eligible)
            assert names_in[bb] != last_bb_name
            # nobody posts the small blind twice in a row
            assert sb is None or names_in[sb] != last_sb_name
            if rule == "dead" and len(dealt) > 2:
                assert sb is None or sb == last_bb
        # the hand's button is the dealt-in seat before the small blind (before the big
        # blind when there is none): it acts last after the flop
        if len(dealt) == 2:
            heads_up += 1
            assert hand_button == t.button and hand_button != bb
        else:
            first = sb if sb is not None else bb
            assert dealt[dealt.index(first) - 1] == hand_button
        if sb is None:
            no_small_blinds += 1
        if t.button not in dealt:
            assert rule == "dead"
            dead_buttons += 1
        if rule == "moving":
            assert t.button in dealt
        last = (None if sb is None else names_in[sb], bb, names_in[bb])
        _play_out(t, rng)
        assert t.chips_in_play() == t.bought_in
    assert t.hands_played > 20
    del dead_buttons, no_small_blinds, heads_up


def test_random_sessions_reach_the_cases() -> None:
    """The random sessions above do reach dead buttons, hands without a small blind and
    heads-up play (so the invariants are checked where they bite)."""
    seen = {"dead": [0, 0], "moving": [0, 0]}
    for rule in RULES:
        for seed in range(12):
            rng = random.Random(seed)
            t = Table(CFG, 6, seed=seed, button_rule=rule)
            for k in range(6):
                t.join(k, f"p{k}", 20, wait_for_big_blind=False)
            for _ in range(60):
                taken = [k for k in range(6) if t.seats[k] is not None]
                if rng.random() < 0.1 and len(taken) > 3:
                    t.leave(rng.choice(taken))
                free = [k for k in range(6) if t.seats[k] is None]
                if rng.random() < 0.1 and free:
                    t.join(rng.choice(free), f"q{rng.random()}", 20)
                try:
                    t.start_hand()
                except TableError:
                    break
                sb, _, _ = _seats_of(t)
                seen[rule][0] += sb is None
                seen[rule][1] += t.button not in t.hand_seats
                _play_out(t, rng)
    assert seen["dead"][0] > 0 and seen["dead"][1] > 0 and seen["moving"][0] > 0
    assert seen["moving"][1] == 0


def _table(rule: str, players: int, seats: int = 6) -> Table:
    t = Table(CFG, seats, seed=3, button_rule=rule)
    for k in range(players):
        t.join(k, "abcdefghij"[k], 100, wait_for_big_blind=False)
    return t


def _fold_around(t: Table) -> None:
    while t.hand is not None:
        seat = t.seat_to_act
        assert seat is not None
        kinds = [a.kind for a in t.legal_actions()]
        t.act(seat, Action(ActionKind.CHECK if ActionKind.CHECK in kinds else ActionKind.FOLD))


@pytest.mark.parametrize("rule", RULES)
def test_three_to_two_to_three_players(rule: str) -> None:
    """A0 B1 C2: the button A, the blinds B and C. C leaves: heads-up the big blind moves
    on to A, and B, who posted the small blind, takes the button without a small blind.
    Then heads-up as usual (the button posts the small blind); C comes back and waits for
    the big blind, which reaches him after B's; B then posts the small blind (after his
    big blind) and A has the button."""
    t = _table(rule, 3)
    t.start_hand()
    assert (_seats_of(t), t.button) == ((1, 2, 0), 0)
    _fold_around(t)
    t.leave(2)
    t.start_hand()
    assert _seats_of(t) == (None, 0, 1) and t.button == 1
    assert t.hand is not None and t.hand.no_small_blind and t.hand.bets == [2, 0]
    assert t.seat_to_act == 1  # heads-up the button acts first before the flop
    _fold_around(t)
    t.join(2, "c", 100)  # waits for the big blind
    t.start_hand()
    assert _seats_of(t) == (0, 1, 0) and t.button == 0 and t.hand_seats == [0, 1]
    _fold_around(t)
    t.start_hand()
    assert _seats_of(t) == (1, 2, 0) and t.button == 0 and t.hand_seats == [0, 1, 2]
    _fold_around(t)


@pytest.mark.parametrize("rule", RULES)
def test_three_to_two_when_the_button_leaves(rule: str) -> None:
    """The button leaving going heads-up: the big blind moves on to the last small blind,
    and the last big blind posts the small blind on the button."""
    t = _table(rule, 3)
    t.start_hand()
    _fold_around(t)
    t.leave(0)
    t.start_hand()
    assert _seats_of(t) == (2, 1, 2) and t.button == 2


def test_dead_button_when_the_small_blind_leaves() -> None:
    """Robert's Rules 2b: the small blind leaves; the big blind is posted by the player due
    for it, the small blind by the last big blind, and the button stays on the empty seat
    of the last small blind (a dead button): the old button acts last again."""
    t = _table("dead", 4)
    t.start_hand()
    assert _seats_of(t) == (1, 2, 0)
    _fold_around(t)
    t.leave(1)
    t.start_hand()
    assert t.button == 1 and t.seats[1] is None  # the dead button
    assert _seats_of(t) == (2, 3, 0)
    t2 = _table("moving", 4)
    t2.start_hand()
    _fold_around(t2)
    t2.leave(1)
    t2.start_hand()
    assert t2.button == 0 and _seats_of(t2) == (2, 3, 0)  # the same hand, the button shown live


def _after_the_big_blind_left(rule: str) -> Table:
    """Four players under `rule`: one hand folded round, then the big blind (seat 2) leaves
    and the next hand starts with no small blind, the old small blind on the button."""
    t = _table(rule, 4)
    t.start_hand()
    _fold_around(t)
    t.leave(2)
    t.start_hand()
    assert _seats_of(t) == (None, 3, 1) and t.button == 1
    return t


def test_dead_button_when_the_big_blind_leaves() -> None:
    """The big blind leaves: nobody posts the small blind (its seat is empty), the old
    small blind has the button; next hand the button moves to the empty seat and both
    blinds are posted — the same player acts last on both hands."""
    t = _after_the_big_blind_left("dead")
    assert t.hand is not None and t.hand.bets == [0, 0, 2]
    _fold_around(t)
    t.start_hand()
    assert t.button == 2 and _seats_of(t) == (3, 0, 1)


def test_moving_button_gives_no_small_blind_twice() -> None:
    """Today's simplified moving button let the seat before the big blind post the small
    blind again when the last big blind left: now it takes the button without posting."""
    t = _after_the_big_blind_left("moving")
    _fold_around(t)
    t.start_hand()
    assert _seats_of(t) == (3, 0, 1) and t.button == 1


def test_a_sitting_out_small_blind_misses_it_under_the_dead_button() -> None:
    t = _table("dead", 4)
    t.start_hand()
    _fold_around(t)
    t.sit_out(2)  # the last big blind: his seat is the small blind slot
    t.start_hand()
    assert _seats_of(t) == (None, 3, 1)
    s = t.seats[2]
    assert s is not None and s.missed_small_blind and not s.missed_big_blind
    _fold_around(t)


def test_dead_button_newcomer_between_button_and_small_blind_waits() -> None:
    """TDA: nobody is dealt in between the button and the small blind — a new player who
    posts there waits until the button has passed."""
    t = _table("dead", 5)
    t.leave(2)  # before the first hand: seats 0, 1, 3, 4
    t.start_hand()
    assert _seats_of(t) == (1, 3, 0)
    _fold_around(t)
    t.join(2, "new", 100, wait_for_big_blind=False)  # between the last SB and BB
    t.start_hand()
    assert _seats_of(t) == (3, 4, 1) and t.button == 1 and 2 not in t.hand_seats
    _fold_around(t)
    t.start_hand()
    assert _seats_of(t) == (4, 0, 3) and 2 in t.hand_seats
    moving = _table("moving", 5)
    moving.leave(2)
    moving.start_hand()
    _fold_around(moving)
    moving.join(2, "new", 100, wait_for_big_blind=False)
    moving.start_hand()  # the moving button deals him in at once, on the button
    assert _seats_of(moving) == (3, 4, 2) and 2 in moving.hand_seats


def test_button_rule_is_checked_and_kept() -> None:
    with pytest.raises(ConfigError, match=r"button_rule must be one of 'moving', 'dead', got 'live'"):
        Table(CFG, 6, button_rule="live")
    t = _table("dead", 4)
    t.start_hand()
    _fold_around(t)
    t.leave(2)
    t.start_hand()  # a hand without a small blind, mid-hand
    doc = t.to_json()
    assert doc["button_rule"] == "dead" and doc["hand"]["no_small_blind"] is True
    r = Table.from_json(doc)
    assert r.button_rule == "dead" and r.hand is not None and r.hand.no_small_blind
    assert r.to_json() == doc
    p = pickle.loads(pickle.dumps(t))
    assert p.button_rule == "dead" and p.next_blinds() == t.next_blinds()
    _fold_around(r)
    _fold_around(t)
    assert r.next_blinds() == t.next_blinds() == (3, 0)
    old = dict(doc)
    for key in ("button_rule", "last_small_blind_posted"):
        del old[key]
    old["hand"] = None
    old["events"] = old["events"][: doc["hand"]["start"]]
    old["hand_starts"] = old["hand_starts"][:-1]
    with pytest.raises(TableError):  # the running hand's chips are gone from the document
        Table.from_json(old)


def test_hand_without_a_small_blind() -> None:
    h = Hand(CFG, [100, 100, 100], button=0, seed=1, no_small_blind=True)
    assert h.blind_seats == (None, 1) and h.bets == [0, 2, 0] and h.actor == 2
    assert [e.kind for e in h.events if e.kind in ("small_blind", "big_blind")] == ["big_blind"]
    h.call()
    h.call()
    h.check()
    assert h.street == "flop" and h.actor == 1  # the big blind acts first after the flop
    c = pickle.loads(pickle.dumps(h))
    assert c.no_small_blind and c.blind_seats == (None, 1) and c.snapshot() == h.snapshot()
    hu = Hand(CFG, [100, 100], button=1, seed=2, no_small_blind=True)
    assert hu.blind_seats == (None, 0) and hu.actor == 1  # the button first before the flop
    hu.call()
    hu.check()
    assert hu.actor == 0
    assert not Hand(CFG, [100, 100], seed=2).no_small_blind
    with pytest.raises(ConfigError, match="no_small_blind must be a bool, got 1"):
        Hand(CFG, [100, 100], seed=2, no_small_blind=1)  # type: ignore[arg-type]


def test_tournament_tables_use_the_dead_button() -> None:
    from holdem_eval.engine import Level, Tournament

    t = Tournament([Level(5, 10)], 1000, table_size=6, payouts=[100], seed=4)
    for k in range(12):
        t.register(f"p{k}")
    t.start()
    assert {tb.button_rule for tb in t.tables.values()} == {"dead"}


def test_a_restored_tournament_keeps_the_dead_button() -> None:
    from holdem_eval.engine import Level, Tournament

    t = Tournament([Level(5, 10)], 1000, table_size=6, payouts=[100], seed=4)
    for k in range(12):
        t.register(f"p{k}")
    t.start()
    r = Tournament.from_json(t.to_json())
    assert {tb.button_rule for tb in r.tables.values()} == {"dead"}
