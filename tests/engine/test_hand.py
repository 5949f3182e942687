"""Scenario tests for holdem_eval.engine.Hand: one test per rule and per rejection path."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from holdem_eval.engine import (
    Action,
    ActionKind,
    ConfigError,
    GameConfig,
    Hand,
    HandStateError,
    IllegalActionError,
    Rules,
    SeededDeck,
    settle,
)
from holdem_eval.engine.dealing import format_cards, parse_cards_text, splitmix64_stream

from holdem_eval import HoldemEvalError, evaluate, evaluate_omaha

F, K, C, B, R, A = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                    ActionKind.RAISE, ActionKind.ALL_IN)
NL = GameConfig(big_blind=100)


def kinds(h: Hand) -> list[str]:
    return [str(a.kind) for a in h.legal_actions()]


def legal(h: Hand, kind: ActionKind) -> tuple[int, int]:
    for a in h.legal_actions():
        if a.kind == kind:
            return a.min_amount, a.max_amount
    raise AssertionError(f"{kind} not legal: {h.legal_actions()}")


def rejected(h: Hand, action: tuple[ActionKind, int], match: str, seat: int | None = None) -> None:
    """The action raises IllegalActionError(match) and leaves the state exactly as it was."""
    before = h.snapshot()
    with pytest.raises(IllegalActionError, match=match):
        h.act(action, seat=seat)
    assert h.snapshot() == before


def conserved(h: Hand) -> None:
    assert sum(h.stacks) + h.pot + h.rake == sum(h.starting_stacks)


# ---- dealing ---------------------------------------------------------------------


def test_splitmix64_reference_vector() -> None:
    # the reference output of Vigna's splitmix64.c for seed 1234567
    assert splitmix64_stream(1234567, 5) == [
        6457827717110365317, 3203168211198807973, 9817491932198370423,
        4593380528125082431, 16408922859458223821,
    ]


def test_seeded_deck_golden_and_lazy() -> None:
    assert format_cards(SeededDeck(2024).draw(5)) == "Tc6s9dJd3c"
    whole = SeededDeck(99).draw(52)
    assert sorted(whole) == list(range(52))
    d = SeededDeck(99)
    assert d.draw(7) + d.draw(1) + d.draw(44) == whole
    assert d.remaining == 0
    with pytest.raises(HoldemEvalError, match="only 0 remain"):
        d.draw(1)


def test_golden_deal_and_dealing_order() -> None:
    # hole cards go one at a time clockwise from the seat left of the button, then a
    # burn card before the flop, the turn and the river
    h = Hand(GameConfig(big_blind=2), [200] * 3, button=2, seed=7)
    deck = SeededDeck(7).draw(3 * 2 + 8)
    assert h.hole_cards == [(deck[0], deck[3]), (deck[1], deck[4]), (deck[2], deck[5])]
    assert [format_cards(c) for c in h.hole_cards] == ["7c7h", "5d2c", "QsQd"]
    h.call(); h.call(); h.check()  # noqa: E702
    assert h.board == deck[7:10]
    h.check(); h.check(); h.check()  # noqa: E702
    assert h.board == [*deck[7:10], deck[11]]
    h.check(); h.check(); h.check()  # noqa: E702
    assert h.board == [*deck[7:10], deck[11], deck[13]]


def test_same_seed_same_cards_and_clone_deals_the_same() -> None:
    a = Hand(NL, [10_000] * 6, button=3, seed=123)
    b = Hand(NL, [10_000] * 6, button=3, seed=123)
    assert a.hole_cards == b.hole_cards
    c = a.clone()
    for h in (a, c):
        h.call(); h.call(); h.call(); h.call(); h.call(); h.check()  # noqa: E702
    assert a.board == c.board and len(a.board) == 3


# ---- order of play -----------------------------------------------------------------


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    h = Hand(NL, [10_000, 10_000], button=1, seed=1)
    assert h.blind_seats == (1, 0)
    assert h.bets == [100, 50]
    assert h.actor == 1  # the button acts first before the flop
    h.call()
    assert h.actor == 0 and kinds(h) == ["check", "raise"]  # big blind option
    h.check()
    assert h.street == "flop" and h.actor == 0  # the big blind acts first after the flop
    h.check()
    assert h.actor == 1


def test_preflop_order_and_big_blind_option() -> None:
    h = Hand(NL, [10_000] * 4, button=0, seed=2)
    assert h.blind_seats == (1, 2)
    assert h.actor == 3  # left of the big blind
    h.call(); h.call(); h.call()  # noqa: E702
    assert h.actor == 2
    assert kinds(h) == ["check", "raise"]
    assert legal(h, R) == (200, 10_000)
    h.raise_to(400)
    assert h.actor == 3 and h.to_call == 300
    h.fold(); h.fold(); h.call()  # noqa: E702  (3 folds, 0 folds, 1 calls)
    assert h.street == "flop" and h.actor == 1  # first live seat left of the button


def test_postflop_first_live_seat_left_of_button_acts_first() -> None:
    h = Hand(NL, [10_000] * 4, button=0, seed=3)
    h.call(); h.call(); h.fold(); h.check()  # noqa: E702  (3 calls, 0 calls, 1 folds, 2 checks)
    assert h.street == "flop" and h.actor == 2  # seat 1 folded


def test_straddle_acts_last_preflop() -> None:
    h = Hand(GameConfig(big_blind=2, straddle=4), [200] * 5, button=0, seed=4)
    assert h.bets == [0, 1, 2, 4, 0] and h.actor == 4
    assert legal(h, R)[0] == 8  # the straddle is the new big blind for the minimum raise
    h.call(); h.call(); h.call(); h.call()  # noqa: E702
    assert h.actor == 3 and kinds(h) == ["check", "raise"]


def test_antes_and_big_blind_ante_are_dead_money() -> None:
    h = Hand(GameConfig(big_blind=100, ante=10), [1000] * 3, button=0, seed=5)
    assert h.pot == 30 + 150 and h.bets == [0, 50, 100] and h.cur_bet == 100
    h2 = Hand(GameConfig(big_blind=100, big_blind_ante=100), [1000] * 3, button=0, seed=5)
    assert h2.stacks == [1000, 950, 800] and h2.pot == 250 and h2.cur_bet == 100
    conserved(h)
    conserved(h2)


def test_odd_big_blind_small_blind_rounds_down() -> None:
    assert GameConfig(big_blind=25).small_blind == 12


# ---- no-limit ------------------------------------------------------------------------


def test_min_raise_after_a_raise_is_the_largest_raise() -> None:
    h = Hand(NL, [10_000] * 4, button=0, seed=6)
    assert legal(h, R) == (200, 10_000)
    h.raise_to(350)  # a raise of 250
    assert legal(h, R)[0] == 600
    rejected(h, (R, 599), "seat 0 cannot raise to 599: the minimum is raise to 600")
    h.raise_to(1000)  # a raise of 650
    assert legal(h, R)[0] == 1650


def test_min_bet_is_the_big_blind() -> None:
    h = Hand(NL, [10_000] * 2, button=0, seed=7)
    h.call(); h.check()  # noqa: E702
    assert h.street == "flop" and legal(h, B) == (100, 9_900)
    rejected(h, (B, 99), "seat 1 cannot bet 99: the minimum is bet 100")
    h.bet(100)
    assert legal(h, R)[0] == 200


def test_short_all_in_does_not_reopen_the_betting() -> None:
    h = Hand(NL, [10_000, 10_000, 10_000, 250], button=0, seed=8)
    # preflop: 3 calls, 0 calls, 1 calls, 2 checks -> flop, seat 1 first
    h.call(); h.call(); h.call(); h.check()  # noqa: E702
    assert h.street == "flop" and h.actor == 1
    h.bet(100)
    h.call()  # seat 2
    h.all_in()  # seat 3: 150 more, a raise of 50 (less than a full raise of 100)
    assert h.cur_bet == 150
    h.call()  # seat 0 had not acted: it may call or raise; it calls
    assert h.actor == 1
    assert kinds(h) == ["fold", "call"]  # seat 1 already acted: no raise
    rejected(h, (R, 400), "seat 1 cannot raise to 400: an all-in for less than a full raise")
    h.call()
    assert kinds(h) == ["fold", "call"]
    h.call()
    assert h.street == "turn"


def test_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    h = Hand(NL, [10_000, 10_000, 160, 220], button=0, seed=9)
    h.call(); h.call(); h.call(); h.check()  # noqa: E702
    h.bet(100)  # seat 1 (level 100)
    h.all_in()  # seat 2: 60 left -> all-in to 60? it has 60 chips behind
    assert h.cur_bet == 100 and h.stacks[2] == 0  # a call all-in for less
    h.all_in()  # seat 3: to 120, a short raise of 20
    h.call()  # seat 0
    assert kinds(h) == ["fold", "call"]  # seat 1: faced only 20 more


def test_uncalled_bet_is_returned() -> None:
    h = Hand(NL, [10_000, 3_000, 10_000], button=0, seed=10)
    h.all_in()  # seat 0 shoves 10,000
    h.fold(); h.fold()  # noqa: E702
    assert h.is_over
    returned = [e for e in h.events if e.kind == "uncalled"]
    assert returned == [("uncalled", 0, 9_900, ())]
    assert h.stacks == [10_150, 2_950, 9_900] and h.payouts == [250, 0, 0]
    conserved(h)


def test_all_in_runout_deals_the_whole_board_and_shows_down() -> None:
    h = Hand(NL, [500, 10_000], button=0, seed=11)
    h.all_in()
    h.call()
    assert h.is_over and len(h.board) == 5
    assert sum(h.payouts or []) == 1000
    shown = [e.seat for e in h.events if e.kind in ("show", "muck")]
    assert sorted(shown) == [0, 1]
    conserved(h)


def test_big_blind_short_all_in_and_nobody_to_bet_against() -> None:
    # the big blind is all-in for less than the small blind has posted
    h = Hand(NL, [1000, 30], button=0, seed=12)
    assert h.is_over and len(h.board) == 5  # nobody can bet: straight to showdown
    conserved(h)


# ---- pot-limit and fixed-limit ------------------------------------------------------


def test_pot_limit_maximum_is_the_pot_after_calling() -> None:
    h = Hand(GameConfig(betting="pot-limit", big_blind=2), [1000] * 4, button=0, seed=13)
    assert legal(h, R) == (4, 7)  # call 2, pot 5 -> raise to 7
    rejected(h, (R, 8), "seat 3 cannot raise to 8: the pot-limit maximum is raise to 7")
    h.raise_to(7)
    # seat 0: call 7, the pot is then 17, so at most 7 + 17 = 24; at least 7 + 5
    assert legal(h, R) == (12, 24)


def test_fixed_limit_sizes_and_cap() -> None:
    cfg = GameConfig(betting="fixed-limit", big_blind=2)  # small bet 2, big bet 4, cap 4 bets
    h = Hand(cfg, [1000] * 3, button=0, seed=14)
    assert legal(h, R) == (4, 4)
    rejected(h, (R, 5), "seat 0 cannot raise to 5: the fixed-limit amount is raise to 4")
    h.raise_to(4)
    h.raise_to(6)
    h.raise_to(8)  # the big blind + 3 raises = 4 bets: capped
    assert kinds(h) == ["fold", "call"]
    rejected(h, (R, 10), "capped at 4 bets")
    h.call(); h.call()  # noqa: E702
    assert h.street == "flop"
    h.bet(2)
    h.call(); h.call()  # noqa: E702
    assert h.street == "turn" and legal(h, B) == (4, 4)


def test_fixed_limit_without_cap_and_pokerkit_counting() -> None:
    h = Hand(GameConfig(betting="fixed-limit", big_blind=2, max_bets=None), [1000] * 2,
             button=0, seed=15)
    for _ in range(10):
        h.raise_to(h.cur_bet + 2)
    assert h.cur_bet == 22
    h2 = Hand(GameConfig(betting="fixed-limit", big_blind=2, blind_counts_toward_cap=False,
                         mode="tournament"),  # heads-up a cash game is uncapped
              [1000] * 2, button=0, seed=15)
    for _ in range(4):
        h2.raise_to(h2.cur_bet + 2)
    assert kinds(h2) == ["fold", "call"]


# ---- rejections (one per path) ----------------------------------------------------------


def test_rejects_check_facing_a_bet() -> None:
    h = Hand(NL, [10_000] * 4, button=0, seed=16)
    rejected(h, (K, 0), "seat 3 cannot check facing a bet of 100")


def test_rejects_out_of_turn() -> None:
    h = Hand(NL, [10_000] * 4, button=0, seed=17)
    rejected(h, (C, 0), "seat 1 cannot call: it is seat 3's turn", seat=1)


def test_rejects_more_than_the_stack() -> None:
    h = Hand(NL, [10_000, 500, 10_000], button=0, seed=18)
    h.fold()
    rejected(h, (R, 600), "seat 1 cannot raise to 600: that is more than its stack")


def test_rejects_acting_after_the_hand_ended() -> None:
    h = Hand(NL, [10_000] * 2, button=0, seed=19)
    h.fold()
    assert h.is_over and h.legal_actions() == ()
    rejected(h, (C, 0), "cannot call: the hand is over")


def test_rejects_bet_when_there_is_a_bet_and_raise_when_there_is_none() -> None:
    h = Hand(NL, [10_000] * 2, button=0, seed=20)
    rejected(h, (B, 300), "there is already a bet of 100")
    h.call(); h.check()  # noqa: E702
    rejected(h, (R, 300), "nobody has bet")
    rejected(h, (C, 0), "there is no bet to call")


def test_rejects_folding_when_checking_is_free_unless_allowed() -> None:
    h = Hand(NL, [10_000] * 2, button=0, seed=21)
    h.call()
    rejected(h, (F, 0), "seat 1 cannot fold when checking is free")
    h2 = Hand(GameConfig(big_blind=100, allow_free_fold=True), [10_000] * 2, button=0, seed=21)
    h2.call()
    assert kinds(h2) == ["fold", "check", "raise"]
    h2.fold()
    assert h2.is_over


def test_rejects_non_int_amounts_and_unknown_kinds() -> None:
    h = Hand(NL, [10_000] * 2, button=0, seed=22)
    rejected(h, (R, 250.0), "amounts are int chips")  # type: ignore[arg-type]
    rejected(h, (9, 0), "unknown action kind 9")  # type: ignore[arg-type]


def test_rejects_raise_when_nobody_can_call_it() -> None:
    h = Hand(NL, [10_000, 300, 10_000], button=0, seed=23)
    h.fold()
    h.all_in()  # seat 1: 300
    assert kinds(h) == ["fold", "call"]  # seat 2 has nobody left to raise against
    rejected(h, (R, 600), "no opponent can put in more chips")


def test_config_and_constructor_errors() -> None:
    with pytest.raises(ConfigError, match="variant must be one of"):
        GameConfig(variant="stud")
    with pytest.raises(ConfigError, match="big_blind must be > 0"):
        GameConfig(big_blind=0)
    with pytest.raises(ConfigError, match="stacks must be positive ints"):
        Hand(NL, [100, 0], seed=1)
    with pytest.raises(ConfigError, match="button must be a seat"):
        Hand(NL, [100, 100], button=2, seed=1)
    assert type(Hand(NL, [100, 100])).__name__ == "DeckHand"  # no seed: the OS deck
    with pytest.raises(ConfigError, match="'Ah' is given twice"):
        Hand(NL, [100, 100], hole_cards=["AhKd", "AhQs"])
    assert issubclass(IllegalActionError, HoldemEvalError) and issubclass(
        IllegalActionError, ValueError
    )


# ---- showdown, Omaha, events, views, clones --------------------------------------------


def test_explicit_cards_and_showdown_order() -> None:
    h = Hand(NL, [1000] * 3, button=0, hole_cards=["AsAd", "KsKd", "4c3d"],
             board="2c7d9hTcJh")
    h.call(); h.call(); h.check()  # noqa: E702
    h.bet(100)  # seat 1 bets the flop
    h.call(); h.call()  # noqa: E702
    for _ in range(3):
        h.check()
    h.bet(200)  # seat 1 bets the river: the last aggressor shows first
    h.call(); h.call()  # noqa: E702
    assert h.is_over
    sd = [(e.kind, e.seat) for e in h.events if e.kind in ("show", "muck")]
    assert sd[0] == ("show", 1)
    assert h.payouts == [1200, 0, 0] and h.stacks == [1800, 600, 600]


def test_omaha_settles_with_two_hole_cards_exactly() -> None:
    # Hold'em rules would give seat 0 a flush (four hearts + board); Omaha needs 2 + 3
    holes = ["AhKhQhJh", "7c7d2s3s"]
    board = "Th2h4c7s9d"
    assert evaluate_omaha(holes[0], board) > evaluate_omaha(holes[1], board)
    h = Hand(GameConfig(variant="omaha", betting="pot-limit", big_blind=2), [100, 100],
             button=0, hole_cards=holes, board=board)
    h.call(); h.check()  # noqa: E702
    for _ in range(6):
        h.check()
    assert h.is_over and h.payouts == [0, 4]


def test_events_cover_every_card_and_chip() -> None:
    h = Hand(NL, [10_000] * 3, button=0, seed=24)
    h.raise_to(300); h.fold(); h.call()  # noqa: E702
    ev = h.events
    assert [e.kind for e in ev[:5]] == ["hole", "hole", "hole", "small_blind", "big_blind"]
    assert ev[5] == ("raise", 0, 300, ())
    assert ev[-1].kind == "board" and len(ev[-1].cards) == 3


def test_player_view_hides_other_hole_cards() -> None:
    h = Hand(NL, [10_000] * 3, button=0, seed=25)
    v = h.view(1)
    assert v.hole_cards == h.hole_cards[1]
    holes = {e.seat: e.cards for e in v.events if e.kind == "hole"}
    assert holes[1] == h.hole_cards[1] and holes[0] == (-1, -1) and holes[2] == (-1, -1)
    assert v.legal_actions == () and h.view(0).legal_actions == h.legal_actions()


@pytest.mark.parametrize("cfg", [NL, GameConfig(variant="omaha", betting="pot-limit", big_blind=100)])
def test_view_events_are_the_log_with_only_other_hole_cards_hidden(cfg: GameConfig) -> None:
    h = Hand(cfg, [10_000] * 4, button=2, seed=31)
    while not h.is_over:  # call or check down to a showdown, where cards are shown
        h.check_or_call()
    full = h.events
    hidden = (-1,) * cfg.hole_count
    for seat in range(4):
        v = h.view(seat)
        assert len(v.events) == len(full)
        for mine, e in zip(v.events, full):
            if e.kind == "hole" and e.seat != seat:
                assert mine == e._replace(cards=hidden)
            else:
                assert mine == e
        assert any(e.kind == "show" and e.cards for e in v.events)


def test_clone_is_independent() -> None:
    h = Hand(NL, [10_000] * 3, button=0, seed=26)
    snap = h.snapshot()
    c = h.clone()
    assert c.snapshot() == snap
    c.raise_to(500); c.call(); c.call()  # noqa: E702
    assert h.snapshot() == snap and c.street == "flop"


def test_action_values_and_all_in_kind() -> None:
    h = Hand(NL, [10_000, 700], button=0, seed=27)
    h.act(Action(R, 300))
    h.act(Action(A))  # seat 1 shoves 700
    assert h.cur_bet == 700
    h.act(Action(C))
    assert h.is_over
    assert str(Action(R, 300)) == "raise 300" and str(Action(A)) == "all-in"


def test_rake_through_settle_rules() -> None:
    rules = Rules(rake_percent=5, rake_cap=30, no_flop_no_drop=True)
    h = Hand(NL, [10_000] * 2, button=0, seed=28, rules=rules)
    h.call(); h.check()  # noqa: E702
    for _ in range(6):
        h.check()
    assert h.rake == 10 and sum(h.stacks) + h.rake == 20_000
    h2 = Hand(NL, [10_000] * 2, button=0, seed=28, rules=rules)
    h2.fold()
    assert h2.rake == 0  # no flop, no drop


@pytest.mark.parametrize(
    "rules",
    [None, Rules(odd_chips="first_winner"), Rules.pokerkit()],
    ids=["default", "first-winner", "pokerkit"],
)
def test_fast_settlement_equals_settle(rules: Rules | None) -> None:
    # the rake-free fast path must pay exactly what settle() pays
    import random

    rng = random.Random(5)
    checked = 0
    for seed in range(400):
        stacks = [rng.choice([50, 200, 1000, 3000]) for _ in range(rng.randint(2, 6))]
        h = Hand(GameConfig(big_blind=10, small_blind=3), stacks, button=seed % len(stacks),
                 seed=seed, rules=rules)
        while not h.is_over:
            opts = h.legal_actions()
            kind, lo, hi = opts[rng.randrange(len(opts))]
            h.act((kind, rng.randint(lo, hi)))
        live = [not f for f in h.folded]
        if sum(live) > 1:
            s = settle(h.committed, [list(c) for c in h.hole_cards], h.board,
                       folded=h.folded, button=h.button, rules=rules or Rules())
            assert list(s.payouts) == h.payouts, seed
            checked += 1
    assert checked > 100


def test_manual_dealing_and_showdown() -> None:
    h = Hand(NL, [1000, 1000], button=1, hole_cards=["AsKs", None], manual_showdown=True)
    h.call(); h.check()  # noqa: E702
    assert h.pending_board == 3 and h.current_actor is None
    with pytest.raises(IllegalActionError, match="waiting for 3 board card"):
        h.check()
    with pytest.raises(HandStateError, match="needs 3 known card"):
        h.deal_board("2c3c")
    h.deal_board("2c3c7c")
    h.check(); h.check()  # noqa: E702
    h.deal_board("8d")
    h.check(); h.check()  # noqa: E702
    h.deal_board("9h")
    h.check(); h.check()  # noqa: E702
    assert h.showdown_pending == [0, 1]
    h.show(1, "QdQh")
    assert not h.is_over
    h.show(0)
    assert h.is_over and h.payouts == [0, 200]
    assert evaluate(parse_cards_text("QdQh2c3c7c8d9h")) < evaluate(
        parse_cards_text("AsKs2c3c7c8d9h")
    )


@pytest.mark.parametrize(
    ("holes", "message"),
    [
        (["7c", "KcAh", "KdQc"], "seat 0 needs 2 hole cards, got 1: '7c'"),
        (["KcAh", "KdQcJs", "7c6c"], "seat 1 needs 2 hole cards, got 3: 'KdQcJs'"),
        ([[0, 1], [2, 3], [4]], "seat 2 needs 2 hole cards, got 1: [4]"),
        ([[0, 1, 5], [2, 3], [4, 6]], "seat 0 needs 2 hole cards, got 3: [0, 1, 5]"),
        ([[0, 1], [2, 3]], "hole_cards needs one entry per seat (3), got 2"),
    ],
)
def test_a_hole_of_the_wrong_length_is_a_shape_error(holes: list[Any], message: str) -> None:
    # issue 10: in any seat, as text or ids; never shifted onto the next seat
    from holdem_eval import ShapeError

    with pytest.raises(ShapeError) as err:
        Hand(NL, [100, 100, 100], hole_cards=holes, board="Kh5s5d7s3c")
    assert isinstance(err.value, ConfigError) and str(err.value) == message


def test_blind_seats_is_the_kernel_rule_tables_use() -> None:
    from holdem_eval.engine.hand import blind_seats

    assert [blind_seats(n, b) for n, b in ((2, 0), (2, 1), (3, 2), (9, 4))] == [
        (0, 1), (1, 0), (0, 1), (5, 6)
    ]
    for n, b in ((1, 0), (11, 0), (3, 3), (3, -1)):
        with pytest.raises(ConfigError) as err:
            blind_seats(n, b)
        assert str(err.value) == f"blinds need 2..10 seats and a button seat, got {n!r}, {b!r}"


@pytest.mark.parametrize(
    "action", [None, 5, "fold", (), (ActionKind.CALL,), (ActionKind.CALL, 0, 1)],
    ids=["None", "int", "str", "empty", "one", "three"],
)
def test_a_malformed_action_is_an_illegal_action(action: Any) -> None:
    h = Hand(NL, [1000] * 3, button=0, seed=1)
    before = h.snapshot()
    with pytest.raises(IllegalActionError) as err:
        h.act(action)
    assert str(err.value) == f"an action is a (kind, amount) pair, got {action!r}"
    assert h.snapshot() == before


@pytest.mark.parametrize(
    ("kind", "seat", "message"),
    [
        (True, None, "unknown action kind True"),
        (1.0, None, "unknown action kind 1.0"),
        (ActionKind.CHECK, 2.0, "seat must be a seat number (an int) or None, got 2.0"),
        (ActionKind.CHECK, True, "seat must be a seat number (an int) or None, got True"),
    ],
)
def test_a_bool_or_float_kind_or_seat_is_refused(kind: Any, seat: Any, message: str) -> None:
    h = Hand(NL, [1000] * 3, button=0, seed=1)
    h.call()
    h.call()  # seat 2, the big blind, may check
    before = h.snapshot()
    with pytest.raises(IllegalActionError) as err:
        h.act((kind, 0), seat=seat)
    assert str(err.value) == message
    assert h.snapshot() == before


@pytest.mark.parametrize(
    "posts",
    [{0: (2.5, 0)}, {0: (2, 0.5)}, {0: (True, 0)}, {"0": (2, 0)}, {1.0: (2, 0)}, {0: (2,)},
     {0: None}, {3: (2, 0)}],
    ids=["float-live", "float-dead", "bool-live", "str-seat", "float-seat", "one-value", "None",
         "no-such-seat"],
)
def test_bad_posts_are_refused_at_the_door(posts: Any) -> None:
    with pytest.raises(ConfigError) as err:
        Hand(GameConfig(big_blind=2), [100] * 3, button=0, seed=1, posts=posts)
    ((seat, post),) = posts.items()
    assert str(err.value) == (
        f"bad post for seat {seat!r}: {post!r}; expected a seat 0..2 and (live, dead) whole chips"
    )


def test_seeded_partial_board_is_drawn_as_each_street_would_burn_and_deal() -> None:
    # given board cards first; each street the plan lacks burns one card of the deck
    # without the given cards, then deals the rest (hole cards first when not given):
    # the kernel draws those cards once at the start, in exactly this order
    rng = random.Random(11)
    for seed in range(300):
        n = rng.randint(2, 9)
        known = rng.randint(1, 4)
        cards = rng.sample(range(52), known + 2 * n)
        given_board = cards[:known]
        holes = [cards[known + 2 * k : known + 2 * k + 2] for k in range(n)] if seed % 2 else None
        h = Hand(GameConfig(big_blind=2), [100] * n, button=seed % n, seed=seed,
                 board=given_board, hole_cards=holes)
        deck = SeededDeck(seed, given_board + (cards[known:] if holes else []))
        if holes is None:
            dealt = deck.draw(2 * n)
            first = (seed % n + 1) % n
            for k in range(n):
                assert h.hole_cards[(first + k) % n] == (dealt[k], dealt[n + k])
        expected = list(given_board)
        for size in (3, 4, 5):
            if len(expected) < size:
                deck.draw(1)
                expected += deck.draw(size - len(expected))
        while h.payouts is None:
            h.call() if h.to_call else h.check()
            h = pickle.loads(pickle.dumps(h))  # every state on the way is one it restores
        assert h.board == expected


@pytest.mark.parametrize("given", ["Ah", "AhKd", "AhKdQc", "AhKdQcJs"])
def test_a_partial_board_without_a_seed_waits_only_for_the_cards_not_given(given: str) -> None:
    # the given cards start the board; each street waits for the cards they do not cover
    holes = ["2c2d", "3c3d", "4c4d"]
    h = Hand(GameConfig(big_blind=2), [100] * 3, hole_cards=holes, board=given)
    known = parse_cards_text(given)
    supply = parse_cards_text("9s8s7s6s5s")[len(known) :]
    expected, waits = known + supply, []
    while not h.is_over:
        h = pickle.loads(pickle.dumps(h))  # every state on the way is one it restores
        if not h.pending_board:
            h.check_or_call()
            continue
        size = {0: 3, 3: 4, 4: 5}[len(h.board)]
        street = {3: "flop", 4: "turn", 5: "river"}[size]
        missing = size - max(len(h.board), len(known))
        waits.append(h.pending_board)
        assert h.pending_board == missing > 0
        with pytest.raises(HandStateError) as err:
            h.deal_board(["Tc", "Td", "Th"][: missing + 1])
        assert str(err.value).startswith(f"the {street} needs {missing} known card(s), got")
        if len(h.board) < len(known):  # a given card is in play: not dealt again
            with pytest.raises(HandStateError) as err:
                h.deal_board([known[0], *supply[1:missing]])
            assert str(err.value) == f"board card {format_cards(known[:1])!r} is already dealt"
        h.deal_board(supply[:missing])
        supply = supply[missing:]
        assert h.board == expected[:size]
        # the street's event holds all its cards, the given ones first
        last = [e for e in h.events if e.kind == "board"][-1]
        assert list(last.cards) == expected[len(h.board) - (3 if size == 3 else 1) : size]
    assert waits == {1: [2, 1, 1], 2: [1, 1, 1], 3: [1, 1], 4: [1]}[len(known)]
    assert h.board == expected and sum(h.stacks) == 300


def test_tampered_deck_board_is_refused() -> None:
    # the deck's board cards drawn at the start must be cards not in play, once each
    h = Hand(GameConfig(big_blind=2), [100] * 3, seed=5, board=[0, 1])
    assert h._has_deck == 1 and h._deck_board[:2] == [-1, -1] and min(h._deck_board[2:]) >= 2
    h._deck_board = [-1, -1, h._holes[0], 30, 31]
    with pytest.raises(HandStateError) as exc:
        h.call()
    assert str(exc.value) == (
        "the hand's state is inconsistent (it was changed from outside): a card is out of range"
        " or in play twice, or the board plan disagrees with the board; it cannot be played on"
    )


@pytest.mark.parametrize("posts", [[(0, 2)], [1, 2], (0, (2, 0)), "0:2"])
def test_posts_that_are_not_a_mapping_are_refused(posts: Any) -> None:
    """Issue 30: a list of posts was a raw AttributeError ('list' object has no attribute 'items')."""
    for seed in (1, None):  # the seeded hand and the deck-dealt hand
        with pytest.raises(ConfigError) as err:
            Hand(GameConfig(big_blind=2), [100] * 3, button=0, seed=seed, posts=posts)
        assert str(err.value) == (
            f"posts must be a mapping of seat -> (live, dead) chips such as {{0: (2, 0)}}, got {posts!r}"
        )


def test_numpy_integer_stacks_and_button_are_ints() -> None:
    import numpy as np

    cfg = GameConfig(big_blind=2)
    h = Hand(cfg, np.array([100, 80, 60]), button=np.int64(1), seed=np.uint64(4))
    g = Hand(cfg, [100, 80, 60], button=1, seed=4)
    assert h.stacks == g.stacks and h.hole_cards == g.hole_cards and h.button == g.button == 1


@pytest.mark.parametrize("seeded", [True, False])
def test_every_action_method_takes_the_seat_as_act_does(seeded: bool) -> None:
    """Issue 30 item 17: h.call(seat=...) like h.act(..., seat=...), for Hand and DeckHand."""
    h = Hand(GameConfig(big_blind=2), [100] * 3, button=0, **({"seed": 1} if seeded else {}))
    before = h.events
    turn = r"^seat 1 cannot call: it is seat 0's turn \(out of turn\)$"
    with pytest.raises(IllegalActionError, match=turn):
        h.call(seat=1)
    with pytest.raises(IllegalActionError, match=r"^seat must be a seat number \(an int\) or None, got Tr"):
        h.raise_to(6, seat=True)
    with pytest.raises(TypeError):
        h.fold(1)  # the seat is a keyword
    assert h.events == before
    h.call(seat=0)
    h.raise_to(6, seat=1)
    h.fold(seat=None)
    h.check_or_call(seat=0)
    assert h.street == "flop" and h.pot == 14
    h.bet_or_raise_to(4, seat=1)
    h.all_in(seat=0)
    h.call(seat=1)
    assert h.is_over
