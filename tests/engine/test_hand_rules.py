"""Issue 26: the table rules of the rule texts, Robert's Rules and the TDA in the hand
machine (csrc/hand*.c), each on hands built for it; docs/engine.md's rule table quotes
the rule each test checks."""

from __future__ import annotations

import pytest
from hand_reference import ReferenceHand
from holdem_eval.engine import GameConfig, Hand, IllegalActionError

NL = GameConfig(big_blind=2)


# ---- item 12: no stuck hands --------------------------------------------------------


def test_a_manual_showdown_with_unknown_cards_waits_for_them() -> None:
    h = Hand(NL, [100, 100], hole_cards=[None, None], board="2c3d4h5s9c", manual_showdown=True)
    h.all_in()
    h.call()
    assert (h.street, h.showdown_pending, h.pot) == ("showdown", [0, 1], 200)
    before = h.snapshot()
    with pytest.raises(IllegalActionError) as err:
        h.show(0)  # a show of unknown cards must give them
    assert str(err.value) == (
        "seat 0 cannot show: its hole cards are unknown; show them by giving all 2"
    )
    with pytest.raises(IllegalActionError) as err:
        h.show(0, "Ah??")
    assert str(err.value) == (
        "seat 0 cannot show: its hole cards are unknown; show them by giving all 2"
    )
    assert h.snapshot() == before
    h.show(1, "AhAd")
    assert (h.showdown_pending, h.is_over) == ([0], False)
    h.show(0, "KhKd")
    assert (h.is_over, h.payouts, h.rake) == (True, [0, 200], 0)
    assert sum(h.stacks) == 200


def test_an_automatic_showdown_with_unknown_cards_accepts_the_call_and_waits() -> None:
    h = Hand(NL, [100, 100], hole_cards=["AhAd", None], board="2c3d4h5s9c")
    h.all_in()
    h.call()  # accepted: the showdown waits for seat 1's cards
    assert (h.street, h.is_over, h.showdown_pending, h.pot) == ("showdown", False, [1], 200)
    with pytest.raises(IllegalActionError) as err:
        h.call()
    assert str(err.value) == "cannot call: the betting is finished, showdown pending"
    h.show(1, "KhKd")
    assert (h.is_over, h.payouts) == (True, [200, 0])
    kinds = [(e.kind, e.seat) for e in h.events if e.kind in ("show", "muck")]
    # seat 0's known hand is tabled once the betting is over (item 7); seat 1 shows once
    assert kinds == [("show", 0), ("show", 1)]


def test_an_unknown_hand_may_muck_and_the_known_one_takes_the_pot() -> None:
    h = Hand(NL, [100, 100], hole_cards=["AhAd", None], board="2c3d4h5s9c")
    h.all_in()
    h.call()
    h.muck(1)
    assert (h.is_over, h.payouts, sum(h.stacks)) == (True, [200, 0], 200)


def test_a_shown_unknown_hand_must_keep_its_known_cards_and_use_no_dealt_card() -> None:
    h = Hand(NL, [100, 100], hole_cards=["Ah??", "KcKd"], board="2c3d4h5s9c")
    h.all_in()
    h.call()
    assert h.showdown_pending == [0]
    with pytest.raises(IllegalActionError) as err:
        h.show(0, "QhQd")
    assert str(err.value) == "seat 0 shows 'QhQd', which are not its hole cards"
    with pytest.raises(IllegalActionError) as err:
        h.show(0, "AhKc")
    assert str(err.value) == "seat 0 shows 'Kc', which is already dealt"
    h.show(0, "AsAh")
    assert h.payouts == [200, 0]


def test_pokerkit_rules_take_a_fraction_or_rake_percent_never_a_bare_percent() -> None:
    """Issue 30: Rules(rake_percent=5) takes percent, Rules.pokerkit(0.05) a fraction."""
    from holdem_eval.engine import ConfigError, Rules

    assert Rules.pokerkit(rake_percent=5) == Rules.pokerkit(0.05)
    assert Rules.pokerkit(rake_percent=2.5).pokerkit_percentage == 0.025
    with pytest.raises(ConfigError) as info:
        Rules.pokerkit(5)
    assert str(info.value) == (
        "percentage must be within 0..1, got 5: it is a fraction, as in PokerKit (0.05 = 5 %);"
        " for 5 % give rake_percent=5"
    )
    with pytest.raises(ConfigError) as info:
        Rules.pokerkit(0.05, rake_percent=5)
    assert str(info.value) == (
        "give percentage (a fraction 0..1, as PokerKit) or rake_percent (in percent, as Rules),"
        " not both: got percentage=0.05, rake_percent=5"
    )
    with pytest.raises(ConfigError, match=r"^rake_percent must be within 0\.\.100, got 500$"):
        Rules.pokerkit(rake_percent=500)


def test_hand_refuses_rules_and_manual_showdown_of_the_wrong_type() -> None:
    """Issue 30: Hand(rules='x') was a raw AttributeError."""
    from holdem_eval.engine import ConfigError

    for kwargs, message in (
        ({"rules": "x", "seed": 1}, "rules must be a Rules or None, got 'x'"),
        ({"rules": "x"}, "rules must be a Rules or None, got 'x'"),
        ({"rules": "x", "board": "AhKhQh"}, "rules must be a Rules or None, got 'x'"),
        ({"manual_showdown": "yes", "seed": 1}, "manual_showdown must be a bool, got 'yes'"),
        ({"board": "AhKhQh"}, "give a seed or explicit hole_cards"),
    ):
        with pytest.raises(ConfigError) as info:
            Hand(GameConfig(big_blind=10), [100, 100], **kwargs)  # type: ignore[arg-type]
        assert str(info.value) == message
    # the real error comes before "give a seed"
    with pytest.raises(ConfigError, match=r"^stacks must be positive ints, got \[100, -5\]$"):
        Hand(GameConfig(big_blind=10), [100, -5], board="AhKhQh")


def test_all_in_is_a_call_when_no_opponent_can_match_more_even_if_not_reopened() -> None:
    """Issue 26 item 11: UTG raises to 6, the small blind goes all-in for 7 (a short raise
    that does not re-open the betting), the big blind folds: UTG's only opponent is
    all-in, so UTG's all-in is a call of 1, not a refused raise."""
    for hand in (Hand(GameConfig(big_blind=2), [100, 7, 100], button=0, seed=1),
                 ReferenceHand(GameConfig(big_blind=2), [100, 7, 100], button=0, seed=1)):
        hand.raise_to(6)
        hand.all_in()
        hand.fold()
        hand.all_in()
        last = [(e.kind, e.seat, e.amount) for e in hand.events if e.kind in ("call", "raise")][-1]
        assert last == ("call", 0, 1) and hand.is_over and sum(hand.stacks) == 207


def test_a_straddle_is_the_new_big_blind_for_the_minimum_raise() -> None:
    """Issue 26 item 3: blinds 1/2, straddle 4 -> the minimum raise is to 8 (not 6), in
    no-limit and pot-limit; in fixed limit the raise stays one small bet."""
    for betting, low in (("no-limit", 8), ("pot-limit", 8), ("fixed-limit", 6)):
        for hand in (Hand(GameConfig(big_blind=2, straddle=4, betting=betting), [100] * 4, button=0, seed=1),
                     ReferenceHand(GameConfig(big_blind=2, straddle=4, betting=betting), [100] * 4, button=0,
                                   seed=1)):
            raises = [a for a in hand.legal_actions() if a.kind.name == "RAISE"]
            assert raises and raises[0].min_amount == low, (betting, raises)


def test_a_short_big_blind_does_not_lower_the_price_of_entry() -> None:
    """Issue 26 item 4: the big blind all-in for 1 of 2 -> the next player must still call
    2 (the part the blind cannot match comes back if nobody else matches it); heads-up, a
    small blind who already covers the all-in blind is asked nothing."""
    for make in (Hand, ReferenceHand):
        h = make(GameConfig(big_blind=2), [100, 100, 1], button=0, seed=1)
        assert (h.current_actor, h.to_call) == (0, 2)
        assert [(a.kind.name, a.min_amount) for a in h.legal_actions()][1:] == [("CALL", 2), ("RAISE", 4)]
        h.call()
        h.call()  # the small blind completes to 2
        assert h.street == "flop" and h.pot == 5
        h2 = make(GameConfig(big_blind=100), [1000, 30], button=0, seed=12)
        assert h2.is_over and sum(h2.stacks) == 1030
        uncalled = [(e.kind, e.seat, e.amount) for e in h2.events if e.kind == "uncalled"]
        assert uncalled == [("uncalled", 0, 20)]


# ---- item 6: no decision where there is none ------------------------------------------

_SKIPPED_CHECK_PHH = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [100, 1000, 100]
actions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'd dh p3 7c2d', 'p3 cc', 'p1 cc', {check}
           'd db 2h3h9c', 'd db 4s', 'd db 8d']
"""


def test_the_big_blind_is_not_asked_to_check_when_nobody_else_can_act() -> None:
    """Issue 26 item 6: every opponent all-in for no more than the big blind leaves the big
    blind a check as its only action: it is not asked, the hand runs on (as PokerKit)."""
    for make in (Hand, ReferenceHand):
        heads_up = make(NL, [2, 100], button=0, seed=1)  # the button posts 1 of its 2
        heads_up.all_in()
        assert heads_up.is_over and sum(heads_up.stacks) == 102
        assert [e.kind for e in heads_up.events].count("check") == 0
        three = make(NL, [2, 2, 100], button=0, seed=1)
        three.all_in()
        three.all_in()  # the small blind completes all-in: the big blind has nothing to decide
        assert three.is_over and three.current_actor is None and sum(three.stacks) == 104
        # facing more than its blind, the big blind still decides
        facing = make(NL, [5, 2, 100], button=0, seed=1)
        facing.all_in()
        facing.all_in()
        assert facing.current_actor == 2 and facing.to_call == 3


def test_a_phh_file_recording_the_skipped_check_still_replays() -> None:
    """Files written by engines that ask the big blind (item 6) replay: that one recorded
    check is the decision the engine skips; a second one is refused."""
    from holdem_eval.engine import PhhReplayError, loads_phh, replay_phh

    results = []
    for check in ("'p2 cc',", ""):
        (phh,) = loads_phh(_SKIPPED_CHECK_PHH.format(check=check))
        result = replay_phh(phh)
        assert result.hand.is_over
        results.append(result.finishing_stacks)
    assert results[0] == results[1] == (0, 1200, 0)
    (twice,) = loads_phh(_SKIPPED_CHECK_PHH.format(check="'p2 cc', 'p2 cc',"))
    with pytest.raises(PhhReplayError) as err:
        replay_phh(twice)
    assert "cannot check or call" in str(err.value)


# ---- item 1: heads-up fixed limit in cash games is uncapped ------------------------------

FL_CASH = GameConfig(betting="fixed-limit", big_blind=2)
FL_TOURNAMENT = GameConfig(betting="fixed-limit", big_blind=2, mode="tournament")


def _can_raise(hand: Hand | ReferenceHand) -> bool:
    return any(a.kind.name == "RAISE" for a in hand.legal_actions())


def test_heads_up_fixed_limit_is_uncapped_in_cash_games_and_capped_in_tournaments() -> None:
    """Issue 26 item 1: "Bleiben nur zwei Spieler übrig, gelten an Tischen, an denen um
    echtes Geld gespielt wird, keine Beschränkungen mehr für Erhöhungen. Bei einem Turnier
    sind jedoch auch bei nur zwei übrig gebliebenen Spielern nur drei Erhöhungen zulässig.\""""
    assert GameConfig().mode == "cash"
    for make in (Hand, ReferenceHand):
        cash = make(FL_CASH, [1000, 1000], button=0, seed=1)
        tournament = make(FL_TOURNAMENT, [1000, 1000], button=0, seed=1)
        for to in (4, 6, 8):  # the big blind and three raises: the cap of 4 bets
            cash.raise_to(to)
            tournament.raise_to(to)
        assert not _can_raise(tournament)
        for to in (10, 12, 14):
            cash.raise_to(to)
        assert cash.cur_bet == 14 and _can_raise(cash)


def test_the_cap_is_off_once_two_players_can_bet_unless_reached_before() -> None:
    """Robert's Rules: the cap is lifted "any time the action becomes heads-up before the
    raising has been capped"; a seat all-in does not count."""
    for make in (Hand, ReferenceHand):
        folded = make(FL_CASH, [1000] * 3, button=0, seed=1)
        folded.fold()  # seat 0; seats 1 and 2 are heads-up
        for to in (4, 6, 8, 10, 12):
            folded.raise_to(to)
        assert _can_raise(folded)
        capped = make(FL_CASH, [1000] * 3, button=0, seed=1)
        for to in (4, 6, 8):  # capped with three players in
            capped.raise_to(to)
        capped.fold()  # seat 0: heads-up now, but the cap was reached before
        assert capped.current_actor == 1 and not _can_raise(capped)
        all_in = make(FL_CASH, [3, 1000, 1000], button=0, seed=1)
        all_in.all_in()  # seat 0 raises all-in to 3: two players can still bet
        for to in (5, 7, 9, 11):
            all_in.raise_to(to)
        assert _can_raise(all_in)


def test_tournament_levels_play_tournament_rules_and_mode_is_checked() -> None:
    from holdem_eval.engine import ConfigError, Level

    assert Level(1, 2).config(betting="fixed-limit").mode == "tournament"
    with pytest.raises(ConfigError) as err:
        GameConfig(mode="home")
    assert str(err.value) == "mode must be one of ('cash', 'tournament'), got 'home'"


# ---- item 2: the half-bet rule in fixed limit ---------------------------------------------

FL_2_4 = GameConfig(betting="fixed-limit", big_blind=2, small_bet=2, big_bet=4)


def _to_flop(hand: Hand | ReferenceHand) -> None:
    while hand.street == "preflop":
        hand.check_or_call()


def test_an_all_in_of_half_a_bet_counts_toward_the_cap() -> None:
    """Issue 26 item 2: FL 2/4 flop: all-in bet 1 (half a bet: a full bet), raises to 3, 5
    and 7 reach the cap of four bets; the big blind may no longer raise to 9."""
    for make in (Hand, ReferenceHand):
        h = make(FL_2_4, [3, 100, 100, 100], button=3, seed=1)
        _to_flop(h)
        assert (h.street, h.current_actor, h.stacks[0]) == ("flop", 0, 1)
        h.all_in()  # a bet of 1
        for to in (3, 5, 7):
            h.raise_to(to)
        assert h.current_actor == 1 and not _can_raise(h)


def test_an_all_in_of_half_a_bet_re_opens_the_betting_and_less_does_not() -> None:
    """An all-in raise of at least half a bet re-opens the betting for a seat that already
    acted; less than half does not (TDA, Robert's Rules)."""
    for make in (Hand, ReferenceHand):
        half = make(FL_2_4, [100, 5, 100], button=2, seed=1)
        _to_flop(half)
        half.bet(2)
        half.all_in()  # seat 1 raises all-in to 3: half a bet more
        half.call()
        assert half.current_actor == 0 and _can_raise(half)
        less = make(GameConfig(betting="fixed-limit", big_blind=4, small_bet=4, big_bet=8),
                    [100, 9, 100], button=2, seed=1)
        _to_flop(less)
        less.bet(4)
        less.all_in()  # seat 1 raises all-in to 5: a quarter of a bet
        less.call()
        assert less.current_actor == 0 and not _can_raise(less)


# ---- item 5: big-blind ante with a short stack --------------------------------------------


def test_a_short_big_blind_posts_the_blind_before_the_big_blind_ante() -> None:
    """Issue 26 item 5 (TDA 2024): "the blind is posted before the ante": a big blind of 100
    with a big-blind ante of 100 and 150 chips posts the whole blind and antes 50."""
    cfg = GameConfig(big_blind=100, big_blind_ante=100)
    for make in (Hand, ReferenceHand):
        h = make(cfg, [1000, 1000, 150], button=0, seed=1)
        posts = [(e.kind, e.seat, e.amount) for e in h.events if e.kind in ("ante", "big_blind")]
        assert posts == [("ante", 2, 50), ("big_blind", 2, 100)]
        assert h.bets == [0, 50, 100] and h.to_call == 100
        short = make(cfg, [1000, 1000, 80], button=0, seed=1)  # not even the blind
        posts = [(e.kind, e.seat, e.amount) for e in short.events if e.kind in ("ante", "big_blind")]
        assert posts == [("ante", 2, 0), ("big_blind", 2, 80)]


# ---- item 7: all-in hands are tabled --------------------------------------------------------


def test_all_in_hands_are_tabled_before_the_rest_of_the_board() -> None:
    """Issue 26 item 7, the rule text: "Sobald ein Spieler all-in ist und niemand mehr
    setzen kann, werden … alle Karten offen gelegt": the live hands are shown before the
    remaining board, and a beaten all-in hand is no longer mucked."""
    for make in (Hand, ReferenceHand):
        h = make(NL, [100, 100, 100], hole_cards=["AhAd", "7c2d", "KsKh"], board="2h3h9cTdJs",
                 button=0)
        h.all_in()  # seat 0 (the button, first to act three-handed)
        h.fold()
        h.call()
        kinds = [(e.kind, e.seat) for e in h.events if e.kind in ("show", "muck", "board", "win")]
        assert kinds == [("show", 2), ("show", 0), ("board", -1), ("board", -1), ("board", -1),
                         ("win", 0)]
        # without an all-in the beaten hand may still be mucked at the showdown
        m = make(NL, [100, 100], hole_cards=["KsKh", "AhAd"], board="2h3h9cTdJs", button=0)
        while not m.is_over:
            m.check_or_call()
        assert ("muck", 0) in [(e.kind, e.seat) for e in m.events]


def test_a_manual_showdown_leaves_the_showing_to_the_caller() -> None:
    h = Hand(NL, [100, 100], hole_cards=["AhAd", "KsKh"], board="2h3h9cTdJs", button=0,
             manual_showdown=True)
    h.all_in()
    h.call()
    assert h.showdown_pending == [0, 1] and not [e for e in h.events if e.kind == "show"]
