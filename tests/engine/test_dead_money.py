"""Dead money: a returning player's dead small blind and the big-blind ante.

Dead chips belong to the pot: they are never returned to their poster as uncalled, set
no all-in level (they are not part of the seat's bet), and join the main pot; the poster
stays eligible for every pot his live chips reach. Payouts here are worked out by hand.
"""

from __future__ import annotations

import pytest
from holdem_eval.engine import (
    GameConfig,
    Hand,
    InvalidChipsError,
    Rules,
    Table,
    TableError,
    settle,
    showdown_order,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem_eval import DTypeError, ShapeError, evaluate

BOARD = "2h7c9dTh4s"  # no straight, no flush: pairs decide


def returning_player_hand() -> Hand:
    """Button 0, SB 1, BB 2; seat 3 returns and posts the big blind live (100) and the
    missed small blind dead (50), leaving him 250 behind."""
    return Hand(
        GameConfig(big_blind=100),
        [1000, 1000, 1000, 400],
        button=0,
        hole_cards=["KsKd", "3c3d", "QsQd", "AsAd"],
        board=BOARD,
        posts={3: (100, 50)},
    )


def test_returning_player_all_in_short_wins_main_pot_with_the_dead_chips() -> None:
    h = returning_player_hand()
    assert h.bets == [0, 50, 100, 100] and h.committed == [0, 0, 0, 50]
    assert h.dead_money == [0, 0, 0, 50] and h.pot == 300 and h.actor == 3
    h.raise_to(350)  # seat 3 all-in: 350 live + 50 dead
    h.raise_to(800)  # seat 0
    h.fold()  # seat 1 loses his small blind
    h.call()  # seat 2
    while not h.is_over:
        h.check()
    assert h.contributions == [800, 50, 800, 400]
    # main pot: 350 live from seats 0, 2, 3 + seat 1's 50 + the dead 50 = 1150 (0, 2, 3)
    # side pot: 450 + 450 = 900 (0, 2); aces win the main pot, kings the side pot
    assert h.payouts == [900, 0, 0, 1150]
    assert h.stacks == [1100, 950, 200, 1150]
    assert sum(h.stacks) == sum(h.starting_stacks)
    assert not [e for e in h.events if e.kind == "uncalled"]


def test_settle_with_dead_matches_the_hand() -> None:
    s = settle([800, 50, 800, 400], ["KsKd", None, "QsQd", "AsAd"], BOARD,
               folded=[False, True, False, False], button=0, dead=[0, 0, 0, 50])
    assert s.payouts == (900, 0, 0, 1150) and s.returned == (0, 0, 0, 0)
    assert [(p.amount, p.eligible, p.winners) for p in s.pots] == [
        (1150, (0, 2, 3), (3,)),
        (900, (0, 2), (0,)),
    ]
    assert sum(s.payouts) + s.rake == sum(s.contributions)
    # without `dead` the 50 would count as seat 3's bet: a 400 level, a wrong main pot
    wrong = settle([800, 50, 800, 400], ["KsKd", None, "QsQd", "AsAd"], BOARD,
                   folded=[False, True, False, False], button=0)
    assert wrong.payouts == (800, 0, 0, 1250)


def test_dead_small_blind_is_never_returned_to_a_losing_poster() -> None:
    h = returning_player_hand()
    h.check()  # seat 3 has posted the big blind live
    h.call()
    h.call()
    h.check()
    while not h.is_over:
        h.check()
    # everyone put in 100 live and the dead 50 is in the pot: seat 3's aces win 450
    assert h.contributions == [100, 100, 100, 150]
    assert h.payouts == [0, 0, 0, 450]
    h2 = Hand(GameConfig(big_blind=100), [1000, 1000, 1000, 400], button=0,
              hole_cards=["KsKd", "3c3d", "AsAd", "QsQd"], board=BOARD, posts={3: (100, 50)})
    h2.check(); h2.call(); h2.call(); h2.check()  # noqa: E702
    while not h2.is_over:
        h2.check()
    assert h2.payouts == [0, 0, 450, 0]  # seat 3 lost: not even the dead 50 comes back
    assert h2.stacks[3] == 250


def test_dead_only_poster_all_in_is_eligible_for_the_dead_money_pot() -> None:
    # seat 3 can only afford part of the dead small blind: all-in with no live chips
    s = settle([100, 100, 100, 30], ["KsKd", "3c3d", "QsQd", "AsAd"], BOARD,
               folded=[False, False, False, False], button=0, dead=[0, 0, 0, 30])
    assert [(p.amount, p.eligible) for p in s.pots] == [(30, (0, 1, 2, 3)), (300, (0, 1, 2))]
    assert s.payouts == (300, 0, 0, 30)


def test_big_blind_ante_is_dead_money_not_an_uncalled_bet() -> None:
    cfg = GameConfig(big_blind=100, big_blind_ante=100)
    h = Hand(cfg, [1000] * 3, button=0, hole_cards=["AsAd", "KsKd", "QsQd"], board=BOARD)
    assert h.dead_money == [0, 0, 100]
    while not h.is_over:
        h.check_or_call()
    # 3 x 100 + the big blind's ante; before the fix the ante came back to seat 2
    assert h.payouts == [400, 0, 0]
    # the big blind all-in short: 300 live (100 blind + 200) and 100 ante
    h = Hand(cfg, [1000, 1000, 400], button=0, hole_cards=["KsKd", "QsQd", "AsAd"],
             board=BOARD)
    h.raise_to(500)
    h.call()  # seat 1
    h.call()  # seat 2 all-in for 300 live
    while not h.is_over:
        h.check()
    # main: 300 x 3 + 100 ante = 1000 (aces); side: 200 x 2 = 400 (kings)
    assert h.payouts == [400, 0, 1000]
    assert sum(h.stacks) == sum(h.starting_stacks)


def test_showdown_order_counts_dead_money_in_the_main_pot() -> None:
    order = showdown_order([0, 2, 3], button=0, last_aggressor=None, ranks=[2000, None, 3000, 1],
                           contributions=[800, 50, 800, 400], dead=[0, 0, 0, 50])
    assert order.order == (2, 3, 0) and order.muckable == ()


def test_settle_rejects_bad_dead_money() -> None:
    args = ([100, 100], ["AsAd", "KsKd"], BOARD)
    with pytest.raises(ShapeError, match=r"dead must have one entry per seat \(2\), got 3"):
        settle(*args, folded=[False, False], button=0, dead=[0, 0, 0])
    with pytest.raises(InvalidChipsError, match=r"dead\[1\] must be >= 0 chips, got -1"):
        settle(*args, folded=[False, False], button=0, dead=[0, -1])
    with pytest.raises(DTypeError, match=r"dead\[0\] must be a whole number of chips"):
        settle(*args, folded=[False, False], button=0, dead=[1.5, 0])
    with pytest.raises(InvalidChipsError,
                       match=r"dead\[0\] is 150 chips, more than contributions\[0\] \(100\)"):
        settle(*args, folded=[False, False], button=0, dead=[150, 0])


def test_zero_dead_money_settles_exactly_as_without() -> None:
    args = ([100, 300, 250, 40], ["AsAd", "KsKd", "QsQd", None], BOARD)
    plain = settle(*args, folded=[False, False, False, True], button=1)
    zero = settle(*args, folded=[False, False, False, True], button=1, dead=[0, 0, 0, 0])
    assert plain == zero


# ---- properties ------------------------------------------------------------------------


def reference_payouts(
    chips: list[int], dead: list[int], live: list[int], ranks: dict[int, int], button: int
) -> list[int]:
    """A slow, chip-by-chip reference: slice every seat's live chips one chip deep; a
    slice only one seat reached is uncalled and goes back; consecutive slices with the
    same live seats form one pot; the dead money joins the pot open to every live seat.
    Odd chips one at a time clockwise from the button."""
    n = len(chips)
    payouts = [0] * n
    amounts: list[int] = []
    pots: list[tuple[int, ...]] = []  # eligible seats of each pot, aligned with amounts
    for depth in range(1, max(chips) + 1):
        reached = [k for k in range(n) if chips[k] >= depth]
        if len(reached) == 1:
            payouts[reached[0]] += 1
            continue
        eligible = tuple(k for k in live if chips[k] >= depth)
        if not eligible:  # folded chips above every live level join the last pot
            if not pots:
                top = max(chips[k] for k in live)
                amounts.append(0)
                pots.append(tuple(k for k in live if chips[k] >= top))
            amounts[-1] += len(reached)
        elif pots and pots[-1] == eligible:
            amounts[-1] += len(reached)
        else:
            amounts.append(len(reached))
            pots.append(eligible)
    total_dead = sum(dead)
    if total_dead:
        everyone = tuple(live)
        if pots and pots[0] == everyone:
            amounts[0] += total_dead
        else:
            amounts.insert(0, total_dead)
            pots.insert(0, everyone)
    for amount, eligible in zip(amounts, pots):
        best = min(ranks[k] for k in eligible)
        winners = sorted((k for k in eligible if ranks[k] == best),
                         key=lambda k: (k - button - 1) % n)
        share, odd = divmod(amount, len(winners))
        for j, k in enumerate(winners):
            payouts[k] += share + (1 if j < odd else 0)
    return payouts


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_settle_with_dead_money_matches_the_reference(data: st.DataObject) -> None:
    n = data.draw(st.integers(2, 6), label="seats")
    live_chips = data.draw(st.lists(st.integers(0, 60), min_size=n, max_size=n), label="live")
    dead = data.draw(st.lists(st.integers(0, 15), min_size=n, max_size=n), label="dead")
    folded = data.draw(st.lists(st.booleans(), min_size=n, max_size=n), label="folded")
    if all(folded):
        folded[0] = False
    button = data.draw(st.integers(0, n - 1), label="button")
    holes = ["AsAd", "KsKd", "QsQd", "JsJd", "AcAh", "8s8d"][:n]
    contributions = [c + d for c, d in zip(live_chips, dead)]
    s = settle(contributions, holes, BOARD, folded=folded, button=button, dead=dead)
    assert sum(s.payouts) + s.rake == sum(contributions)
    live = [k for k in range(n) if not folded[k]]
    for k in range(n):
        assert s.returned[k] <= live_chips[k]  # dead chips never come back
    if len(live) > 1:
        ranks = {k: evaluate(holes[k] + BOARD) for k in live}
        assert list(s.payouts) == reference_payouts(live_chips, dead, live, ranks, button)


DEAD_SEEN: list[bool] = []


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_table_sessions_with_missed_blinds_and_all_ins(data: st.DataObject) -> None:
    seats = data.draw(st.integers(3, 6), label="seats")
    rules = data.draw(st.sampled_from([None, Rules(rake_percent=5, rake_cap=3)]), label="rules")
    t = Table(GameConfig(big_blind=10), seats, rules=rules, seed=data.draw(st.integers(0, 99)))
    for k in range(seats):
        t.join(k, f"p{k}", data.draw(st.integers(12, 150)))
    for _ in range(data.draw(st.integers(4, 14), label="hands")):
        for k in range(seats):
            s = t.seats[k]
            assert s is not None
            event = data.draw(st.sampled_from(["none", "none", "out", "in"]))
            if s.stack == 0:
                t.rebuy(k, data.draw(st.integers(12, 150)))
            if event == "out":
                t.sit_out(k)
            elif event == "in":
                t.sit_in(k)
        try:
            h = t.start_hand()
        except TableError:  # fewer than two players ready
            continue
        dead = h.dead_money
        while t.hand is not None:
            kind, lo, hi = data.draw(st.sampled_from(t.legal_actions()))
            t.act(t.seat_to_act, (kind, hi if data.draw(st.booleans()) else lo))
        assert t.chips_in_play() == t.bought_in
        assert sum(h.payouts or ()) + h.rake == sum(h.contributions)
        DEAD_SEEN.append(any(dead))
        live_chips = [c - d for c, d in zip(h.contributions, dead)]
        live = [k for k in range(h.n) if not h.folded[k]]
        if len(live) > 1 and rules is None:
            board = "".join(f"{'23456789TJQKA'[c // 4]}{'cdhs'[c % 4]}" for c in h.board)
            ranks = {
                k: evaluate("".join(f"{'23456789TJQKA'[c // 4]}{'cdhs'[c % 4]}"
                                    for c in h.hole_cards[k]) + board)
                for k in live
            }
            assert h.payouts == reference_payouts(live_chips, dead, live, ranks, h.button)


def test_table_sessions_did_post_dead_money() -> None:
    DEAD_SEEN.clear()
    test_table_sessions_with_missed_blinds_and_all_ins()
    assert sum(DEAD_SEEN) >= 10, f"only {sum(DEAD_SEEN)} of {len(DEAD_SEEN)} hands had dead money"
