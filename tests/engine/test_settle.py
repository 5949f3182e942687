"""settle(): worked examples from the rule texts, odd chips, rake, showdown order, errors."""

from __future__ import annotations

import copy
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from holdem_eval.engine import (
    ConfigError,
    InvalidChipsError,
    InvalidSeatError,
    Rules,
    Settlement,
    settle,
    showdown_order,
)
from settle_reference import settle_reference as _settle_python

from holdem_eval import (
    DTypeError,
    DuplicateCardError,
    HandCategory,
    HoldemEvalError,
    InvalidCardError,
    ShapeError,
    parse_cards,
)

LIVE3 = [False, False, False]


def both(*args: Any, **kwargs: Any) -> Settlement:
    """settle() (C path) and the Python reference must agree on everything they report."""
    fast = settle(*args, **kwargs)
    slow = _settle_python(*args, **kwargs)
    assert fast == slow
    return fast


# --- worked examples from the rule texts -------------------------------------------------


def test_three_all_in_100_300_300_main_300_side_400() -> None:
    s = both([100, 300, 300], ["AsAd", "KsKd", "QsQd"], "2c7d9hTcJh", folded=LIVE3, button=2)
    assert [(p.amount, p.eligible) for p in s.pots] == [(300, (0, 1, 2)), (400, (1, 2))]
    assert [p.winners for p in s.pots] == [(0,), (1,)]
    assert s.payouts == (300, 400, 0)
    assert s.rake == 0 and s.returned == (0, 0, 0)
    assert s.net == (200, 100, -300)


def test_ace_kicker_beats_queen_kicker_on_k8532() -> None:
    s = both([400, 400], ["AsKd", "KcQh"], "Kh8s5d3c2h", folded=[False, False], button=1)
    assert s.payouts == (800, 0)
    hand = s.hands[0]
    assert hand is not None and hand.category == HandCategory.ONE_PAIR
    assert hand.description == "One Pair, Kings, Ace-Eight-Five kickers"
    assert s.explain(["Ann", "Ben"]) == [
        "Ann wins the main pot of 800 with One Pair, Kings, Ace-Eight-Five kickers "
        "(kicker: Ace beats Queen)"
    ]


def test_queen_plays_on_ak883_q2_beats_j4() -> None:
    s = both([50, 50], ["Qc2d", "Jc4d"], "AhKd8s8c3h", folded=[False, False], button=1)
    assert s.payouts == (100, 0)
    hand = s.hands[0]
    assert hand is not None
    assert hand.best_five == tuple(parse_cards("8s 8c Ah Kd Qc").tolist())
    assert "kicker: Queen beats Jack" in s.explain()[0]


def test_board_plays_for_everyone_splits() -> None:
    s = both([100, 100, 100], ["2c3d", "4h5s", "6c7c"], "AhKdQsJcTh", folded=LIVE3, button=1)
    assert s.payouts == (100, 100, 100)
    assert s.pots[0].winners == (0, 1, 2) and s.pots[0].shares == (100, 100, 100)
    assert s.explain(["Ann", "Ben", "Cat"]) == [
        "Ann, Ben, Cat split the main pot of 300 (100, 100, 100) with Straight, Ace high"
    ]


def test_side_pot_line_names_the_winner_and_two_pair() -> None:
    # Ben (seat 1) wins the side pot with Kings and Fives, ace kicker; Ann's short all-in
    # wins the main pot with trips.
    s = both([100, 300, 300], ["7c7d", "KcAh", "KdQc"], "Kh5s5d7s2c", folded=LIVE3, button=0)
    lines = s.explain(["Ann", "Ben", "Cat"])
    assert lines[0] == "Ann wins the main pot of 300 with Full House, Sevens over Fives"
    assert lines[1] == (
        "Ben wins the side pot of 400 with Two Pair, Kings and Fives, Ace kicker "
        "(kicker: Ace beats Queen)"
    )


def test_suits_never_break_ties() -> None:
    s = both([10, 10], ["AsKs", "AdKd"], "2h7c9dJhQc", folded=[False, False], button=0)
    assert s.payouts == (10, 10)


def test_kicker_outside_best_five_does_not_count() -> None:
    # Both play A-A-K-K-Q from the board: the deuce and the three never count.
    s = both([10, 10], ["2c3c", "2d4d"], "AhAsKdKcQh", folded=[False, False], button=0)
    assert s.payouts == (10, 10)


# --- all-in levels, folded chips, uncalled bets ---------------------------------------------


def test_folded_chips_stay_in_the_pots_they_reached() -> None:
    # Seat 2 put 200 in and folded: 100 into the main pot, 100 into the side pot.
    s = both([100, 400, 200, 400], ["AsAd", "KsKd", None, "QsQd"], "2c7d9hTcJh",
             folded=[False, False, True, False], button=3)
    assert [(p.amount, p.eligible) for p in s.pots] == [(400, (0, 1, 3)), (700, (1, 3))]
    assert s.payouts == (400, 700, 0, 0)
    assert s.ranks[2] is None and s.hands[2] is None


def test_uncalled_part_of_the_largest_bet_is_returned_not_won() -> None:
    s = both([500, 200], ["Qc9d", "AsAd"], "Kh8s5d3c2h", folded=[False, False], button=0)
    assert s.returned == (300, 0)
    assert [(p.amount, p.winners) for p in s.pots] == [(400, (1,))]
    assert s.payouts == (300, 400)
    assert "Seat 0 takes back 300 uncalled" in s.explain()


def test_everyone_else_folded_wins_unseen_without_cards() -> None:
    s = both([2, 1, 7], [None, None, None], "", folded=[True, True, False], button=0)
    assert not s.showdown
    assert s.returned == (0, 0, 5)
    assert s.payouts == (0, 0, 10)
    assert s.pots[0].amount == 5 and s.pots[0].rank is None
    assert s.hands == (None, None, None)
    assert s.explain() == ["Seat 2 takes back 5 uncalled", "Seat 2 wins the main pot of 5 unseen"]


def test_dead_money_above_every_live_level_joins_the_last_pot() -> None:
    # Seats 1 and 2 folded after putting more in than the live all-in seat 0.
    s = both([50, 100, 100], ["AsAd", None, None], "Kh8s5d3c2h",
             folded=[False, True, True], button=2)
    assert s.payouts == (250, 0, 0)


def test_live_seat_with_zero_chips_wins_nothing() -> None:
    s = both([0, 20, 20], ["AsAd", "2c3d", "4c5d"], "Kh8s9dTcJh", folded=LIVE3, button=2)
    assert s.payouts == (0, 20, 20)
    assert all(0 not in p.eligible for p in s.pots)


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # Seat 0 holds four hearts but the board has only two: no flush in Omaha.
    s = both([10, 10], ["AhKhQhJh", "2c2d9s8s"], "Th9h4c2s3d", folded=[False, False],
             button=1, variant="omaha")
    hand0, hand1 = s.hands
    assert hand0 is not None and hand1 is not None
    assert hand0.category == HandCategory.HIGH_CARD
    assert hand1.category == HandCategory.THREE_OF_A_KIND
    assert s.payouts == (0, 20)


# --- odd chips ----------------------------------------------------------------------------


@pytest.mark.parametrize(("button", "odd_seat"), [(0, 1), (1, 2), (2, 0), (3, 0)])
def test_odd_chip_goes_to_first_winner_left_of_button(button: int, odd_seat: int) -> None:
    # A pot of 100 (seat 3 folded its 1 chip) split three ways: the odd chip goes to the
    # first tied winner clockwise from the button.
    s = both([33, 33, 33, 1], ["2c3d", "4h5s", "6c7c", None], "AhKdQsJcTh",
             folded=[False, False, False, True], button=button)
    expected = [33, 33, 33, 0]
    expected[odd_seat] += 1
    assert s.payouts == tuple(expected)


def test_two_odd_chips_one_at_a_time_clockwise() -> None:
    # 101 split three ways: the 2 odd chips go to the first two winners left of the
    # button: seat 2, then seat 3 (folded, skipped), then seat 0.
    s = both([33, 33, 33, 2], ["2c3d", "4h5s", "6c7c", None], "AhKdQsJcTh",
             folded=[False, False, False, True], button=1)
    assert s.pots[0].amount == 101
    assert s.payouts == (34, 33, 34, 0)


def test_first_winner_policy_gives_the_whole_remainder() -> None:
    rules = Rules(odd_chips="first_winner")
    s = both([33, 33, 33, 2], ["2c3d", "4h5s", "6c7c", None], "AhKdQsJcTh",
             folded=[False, False, False, True], button=1, rules=rules)
    assert s.payouts == (33, 33, 35, 0)


def test_each_pot_splits_on_its_own() -> None:
    s = both([33, 43, 43], ["2c3d", "4h5s", "6c7d"], "AhKdQsJcTh", folded=LIVE3, button=0)
    assert [p.shares for p in s.pots] == [(33, 33, 33), (10, 10)]
    # Seats 0 and 1 tie for the main pot of 99 (odd chip to seat 1, first left of the
    # button); seat 1 alone wins the side pot of 22.
    s = both([33, 44, 44], ["Tc2d", "Td3c", "4c5d"], "AhKdQs8c9h", folded=LIVE3, button=0)
    assert s.pots[0].winners == (0, 1) and s.pots[0].shares == (49, 50)
    assert s.pots[1].winners == (1,) and s.payouts == (49, 72, 0)


# --- rake ----------------------------------------------------------------------------------


def test_rake_percent_with_cap_per_hand() -> None:
    rules = Rules(rake_percent=5, rake_cap=3)
    s = both([100, 100], ["AsAd", "2c3d"], "Kh8s5d9cJh", folded=[False, False], button=0,
             rules=rules)
    assert s.rake == 3 and s.payouts == (197, 0)
    s = both([20, 20], ["AsAd", "2c3d"], "Kh8s5d9cJh", folded=[False, False], button=0,
             rules=rules)
    assert s.rake == 2 and s.payouts == (38, 0)


def test_rake_rounds_down_exactly() -> None:
    # 2.3 % of 1000 is exactly 23 (a float 2.3 would give 22.999...).
    rules = Rules(rake_percent=2.3)
    s = both([500, 500], ["AsAd", "2c3d"], "Kh8s5d9cJh", folded=[False, False], button=0,
             rules=rules)
    assert s.rake == 23
    assert Rules(rake_percent=Decimal("2.3")).rate == Fraction(23, 1000)


def test_rake_is_drawn_from_the_main_pot_first() -> None:
    rules = Rules(rake_percent=10)
    s = both([100, 300, 300], ["AsAd", "KsKd", "QsQd"], "2c7d9hTcJh", folded=LIVE3, button=2,
             rules=rules)
    assert s.rake == 70
    assert [(p.amount, p.rake) for p in s.pots] == [(300, 70), (400, 0)]
    assert s.payouts == (230, 400, 0)


def test_rake_spills_into_side_pots_when_main_pot_is_small() -> None:
    rules = Rules(rake_percent=50)
    s = both([10, 300, 300], ["AsAd", "KsKd", "QsQd"], "2c7d9hTcJh", folded=LIVE3, button=2,
             rules=rules)
    assert [(p.amount, p.rake) for p in s.pots] == [(30, 30), (580, 275)]
    assert s.payouts == (0, 305, 0) and s.rake == 305


def test_returned_chips_are_not_raked() -> None:
    rules = Rules(rake_percent=10)
    s = both([500, 200], ["Qc9d", "AsAd"], "Kh8s5d3c2h", folded=[False, False], button=0,
             rules=rules)
    assert s.rake == 40 and s.payouts == (300, 360)


def test_no_flop_no_drop() -> None:
    rules = Rules(rake_percent=10, no_flop_no_drop=True)
    s = both([20, 20, 1], [None, None, None], "", folded=[True, False, True], button=2,
             rules=rules)
    assert s.rake == 0 and s.payouts == (0, 41, 0)
    s = both([20, 20, 1], [None, None, None], "2c7d9h", folded=[True, False, True], button=2,
             rules=rules)
    assert s.rake == 4 and s.payouts == (0, 37, 0)


def test_pokerkit_rules_merge_pots_and_round_per_pot() -> None:
    # Seats 0 and 1 tie; seat 2 (short) loses; seats 3 and 4 folded. TDA splits the main
    # pot of 455 and the side pot of 349 on their own (two odd chips to seat 0, first left
    # of the button); PokerKit kills seat 2, merges both pots into 804 and splits it evenly.
    chips = [251, 251, 101, 150, 51]
    holes = ["AsKd", "AhKc", "2c3d", None, None]
    folded = [False, False, False, True, True]
    tda = both(chips, holes, "Qh8s5d9cJh", folded=folded, button=4)
    assert [(p.amount, p.shares) for p in tda.pots] == [(455, (228, 227)), (349, (175, 174))]
    assert tda.payouts == (403, 401, 0, 0, 0)
    pk = both(chips, holes, "Qh8s5d9cJh", folded=folded, button=4, rules=Rules.pokerkit())
    assert [(p.amount, p.eligible) for p in pk.pots] == [(804, (0, 1))]
    assert pk.payouts == (402, 402, 0, 0, 0)
    rounded = both([125, 125], ["AsAd", "2c3d"], "Kh8s5d9cJh", folded=[False, False],
                   button=1, rules=Rules.pokerkit(0.05))
    assert rounded.rake == 12  # round(12.5) is 12 in Python (half to even)
    assert rounded.payouts == (238, 0)


def test_rules_validation() -> None:
    # the library's own classes, which are also ValueError / TypeError
    with pytest.raises(ConfigError, match="odd_chips must be one of"):
        Rules(odd_chips="left")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=r"rake_percent must be within 0\.\.100, got 101"):
        Rules(rake_percent=101)
    with pytest.raises(DTypeError, match=r"rake_cap must be an int or None, got 2\.5"):
        Rules(rake_cap=2.5)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="rake_cap must be >= 0"):
        Rules(rake_cap=-1)
    with pytest.raises(ConfigError, match="method must be one of"):
        Rules(method="wsop")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=r"percentage must be within 0\.\.1"):
        Rules.pokerkit(5)
    with pytest.raises(DTypeError, match=r"percentage must be a float within 0\.\.1, got '5'"):
        Rules.pokerkit("5")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=r"rake_percent must be finite, got nan"):
        Rules(rake_percent=float("nan"))
    with pytest.raises(DTypeError, match=r"no_flop_no_drop must be a bool, got 1"):
        Rules(no_flop_no_drop=1)  # type: ignore[arg-type]
    assert issubclass(ConfigError, ValueError) and issubclass(DTypeError, TypeError)
    assert Rules.pokerkit(0.07).pokerkit_percentage == 0.07


# --- showdown order and mucking --------------------------------------------------------


def test_showdown_order_last_aggressor_first_then_clockwise() -> None:
    assert showdown_order([0, 2, 5], button=3, last_aggressor=2).order == (2, 5, 0)
    assert showdown_order([0, 2, 5], button=3, last_aggressor=None).order == (5, 0, 2)
    mask = [True, False, True, False, False, True]
    assert showdown_order(mask, button=5, last_aggressor=None).order == (0, 2, 5)


def test_showdown_order_muckable_hands() -> None:
    s = settle([100, 300, 300], ["AsAd", "KsKd", "QsQd"], "2c7d9hTcJh", folded=LIVE3, button=2)
    order = showdown_order([0, 1, 2], button=2, last_aggressor=None, ranks=s.ranks,
                           contributions=[100, 300, 300])
    # Seat 0 (aces) shows, seat 1 (kings) still wins the side pot, seat 2 (queens) is
    # beaten in both pots it can win.
    assert order.order == (0, 1, 2) and order.muckable == (2,)
    order = showdown_order([0, 1, 2], button=2, last_aggressor=2, ranks=s.ranks,
                           contributions=[100, 300, 300])
    assert order.order == (2, 0, 1) and order.muckable == ()


def test_showdown_order_rejects_bad_seats() -> None:
    with pytest.raises(InvalidSeatError, match=r"last_aggressor 4 is not a live seat \[0, 2\]"):
        showdown_order([0, 2], button=0, last_aggressor=4)
    with pytest.raises(InvalidSeatError, match="seats_live has no live seat"):
        showdown_order([], button=0, last_aggressor=None)
    with pytest.raises(InvalidSeatError, match=r"button must be a seat index 0\.\.2, got 3"):
        showdown_order([True, True, False], button=3, last_aggressor=None)
    with pytest.raises(InvalidSeatError, match="repeats a seat"):
        showdown_order([1, 1], button=0, last_aggressor=None)


# --- bad input: a clear error, and nothing changes ---------------------------------------


def _ok_args() -> dict[str, Any]:
    return {
        "contributions": [100, 300, 300],
        "hole_cards": ["AsAd", "KsKd", ["Qs", "Qd"]],
        "board": "2c7d9hTcJh",
        "folded": [False, False, False],
        "button": 2,
    }


def _call(args: dict[str, Any], **changes: Any) -> None:
    merged = {**args, **changes}
    before = copy.deepcopy(merged)
    try:
        settle(merged.pop("contributions"), merged.pop("hole_cards"), merged.pop("board"),
               **merged)
    finally:
        merged = {**args, **changes}
        assert merged == before, "settle changed its arguments"


BAD_INPUT = [
    ({"contributions": [100, -5, 300]}, InvalidChipsError,
     r"contributions\[1\] must be >= 0 chips, got -5"),
    ({"contributions": [100, 2.5, 300]}, DTypeError,
     r"contributions\[1\] must be a whole number of chips, got 2.5"),
    ({"contributions": [100, "300", 300]}, DTypeError,
     r"contributions\[1\] must be a whole number of chips, got '300'"),
    ({"contributions": [True, 300, 300]}, DTypeError,
     r"contributions\[0\] must be a whole number of chips, got True"),
    ({"contributions": [100, 300]}, ShapeError,
     r"hole_cards must have one entry per seat \(2\), got 3"),
    ({"folded": [False, False]}, ShapeError,
     r"folded must have one flag per seat \(3\), got 2"),
    ({"hole_cards": ["AsAd", None, "QsQd"]}, InvalidSeatError,
     r"live seat 1 has no hole cards \(None\)"),
    ({"hole_cards": ["AsAd", "KsKd", "QsAd"]}, DuplicateCardError,
     r"card 'Ad' appears twice: in hole_cards\[0\] and in hole_cards\[2\]"),
    ({"hole_cards": ["AsAd", "KsKd", "Qs2c"]}, DuplicateCardError,
     r"card '2c' appears twice: in board and in hole_cards\[2\]"),
    ({"hole_cards": ["AsAd", "KsKs", "QsQd"]}, DuplicateCardError,
     r"card 'Ks' appears twice: in hole_cards\[1\]$"),
    ({"board": "2c7d9hTc"}, ShapeError,
     r"board must have 5 cards at a showdown, got 4: '2c7d9hTc'"),
    ({"board": "2c7d9hTcXh"}, InvalidCardError, r"board: 'Xh' at position 8"),
    ({"hole_cards": ["AsAd", "KsKd", [51, 60]]}, InvalidCardError,
     r"hole_cards\[2\]: card id 60 at position 1 is outside 0\.\.51"),
    ({"hole_cards": ["AsAd", "KsKd", "QsQdJc"]}, ShapeError,
     r"hole_cards\[2\] must have 2 cards for holdem, got 3"),
    ({"button": 3}, InvalidSeatError, r"button must be a seat index 0\.\.2, got 3"),
    ({"button": -1}, InvalidSeatError, r"button must be a seat index 0\.\.2, got -1"),
    ({"folded": [True, True, True]}, InvalidSeatError, "every seat folded"),
    ({"variant": "stud"}, ValueError, r"variant must be one of \('holdem', 'omaha', .*\), got 'stud'"),
    ({"rules": "tda"}, TypeError, "rules must be a Rules instance, got 'tda'"),
]


@pytest.mark.parametrize(("changes", "error", "message"), BAD_INPUT)
def test_bad_input_raises_and_changes_nothing(
    changes: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as info:
        _call(_ok_args(), **changes)
    if error not in (ValueError, TypeError):
        assert isinstance(info.value, HoldemEvalError)


def test_bad_board_without_showdown() -> None:
    with pytest.raises(ShapeError, match="board must have 0, 3, 4 or 5 cards, got 2"):
        settle([5, 5], [None, None], "2c7d", folded=[True, False], button=0)


def test_chips_errors_are_value_and_type_errors() -> None:
    assert issubclass(InvalidChipsError, ValueError)
    assert issubclass(InvalidSeatError, ValueError)
    with pytest.raises(ValueError):
        settle([-1, 5], ["AsAd", "KsKd"], "2c7d9hTcJh", folded=[False, False], button=0)
    with pytest.raises(TypeError):
        settle([1.0, 5], ["AsAd", "KsKd"], "2c7d9hTcJh", folded=[False, False], button=0)


def test_chip_counts_beyond_the_kernels_int64_are_refused_at_the_door() -> None:
    big = 10**30
    with pytest.raises(InvalidChipsError, match=r"contributions must sum to at most 2\*\*63 - 1"
                       r" chips \(the settlement kernel's int64\), got 2000000000000000000000"
                       r"000000007"):
        settle([big, big + 7], ["AsAd", "KsKd"], "2c7d9hTcJh", folded=[False, False], button=0)
    top = (1 << 62) - 8  # the sum, 2**63 - 9, is in range
    s = both([top, top + 7], ["AsAd", "KsKd"], "2c7d9hTcJh", folded=[False, False], button=0)
    assert s.payouts == (2 * top, 7) and s.returned == (0, 7)


def test_more_seats_than_the_kernel_holds_are_refused_at_the_door() -> None:
    seats = 33
    with pytest.raises(ShapeError, match=r"a hand has at most 32 seats \(the settlement kernel's"
                       r" HE_SETTLE_MAX_SEATS\), got 33 contributions"):
        settle([1] * seats, [None] * seats, "", folded=[True] * (seats - 1) + [False], button=0)
    with pytest.raises(ShapeError, match=r"a showdown has at most 32 seats"):
        showdown_order([0, 40], button=0, last_aggressor=None)


def test_rake_rates_with_denominators_beyond_2_31_settle_exactly_in_c() -> None:
    # 1/3 percent: rate 1/300 (small); 10 decimal places: rate denominator 10**12 > 2**31,
    # which the kernel used to leave to a Python path; now the C rake does 128-bit math
    for percent in (Fraction(1, 3), Decimal("2.3456789012"), Fraction(7, 10**16),
                    Fraction(97, 92233720368547758)):  # rate denominator 2**63 - 8
        rules = Rules(rake_percent=percent)
        for pot in (1000, 3 * 10**15, (1 << 62) + 12345):
            want = pot * rules.rate.numerator // rules.rate.denominator
            assert rules.rake_for(pot, flop_dealt=True) == want
        s = both([10**15, 10**15], ["AsAd", "KsKd"], "2c7d9hTcJh", folded=[False, False],
                 button=0, rules=rules)
        assert s.rake == 2 * 10**15 * rules.rate.numerator // rules.rate.denominator


def test_rake_rates_the_kernel_cannot_hold_are_refused_by_rules() -> None:
    with pytest.raises(ConfigError, match=r"rake_percent / 100 must be a fraction whose"
                       r" denominator is at most 2\*\*63 - 1, got Fraction\(1, 10000000000000"
                       r"0000000\) \(denominator 10000000000000000000000\)"):
        Rules(rake_percent=Fraction(1, 10**20))
    # PokerKit's rule multiplies by the float rate: any float percentage is representable
    assert Rules.pokerkit(1e-300).pokerkit_percentage == 1e-300


def test_a_cap_of_int64_or_more_never_binds() -> None:
    for cap in ((1 << 63) - 1, 1 << 63, 10**30):
        rules = Rules(rake_percent=50, rake_cap=cap)
        s = both([1000, 1000], ["AsAd", "KsKd"], "2c7d9hTcJh", folded=[False, False],
                 button=0, rules=rules)
        assert s.rake == 1000


@pytest.mark.parametrize(("amount", "error", "message"), [
    (-1, InvalidChipsError, r"amount must be within 0\.\.2\*\*63 - 1 chips, got -1"),
    (1 << 63, InvalidChipsError, r"amount must be within 0\.\.2\*\*63 - 1 chips, got 9223372036854775808"),
    (1.5, DTypeError, r"amount must be a whole number of chips, got 1\.5"),
    (True, DTypeError, r"amount must be a whole number of chips, got True"),
])
def test_rake_for_refuses_bad_amounts(amount: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Rules(rake_percent=5).rake_for(amount, flop_dealt=True)


def test_showdown_order_refuses_ranks_that_are_not_hand_ranks() -> None:
    from holdem_eval import InvalidRankError

    with pytest.raises(InvalidRankError, match=r"ranks\[1\] must be a hand rank 1\.\.7462,"
                       r" got 9000"):
        showdown_order([0, 1], button=0, last_aggressor=None, ranks=[5, 9000],
                       contributions=[10, 10])


def test_inputs_in_other_forms() -> None:
    import numpy as np

    s = settle(np.array([100, 300, 300]), np.array([[51, 49], [47, 45], [43, 41]]),
               np.array([0, 21, 30, 32, 38]), folded=np.zeros(3, dtype=bool),
               button=np.int64(2))
    assert s.payouts == (300, 400, 0)
    s = settle((100, 300, 300), ("As Ad", "ks kd", "qS qD"), ["2c", "7d", "9h", "10c", "Jh"],
               folded=(0, 0, 0), button=2)
    assert s.payouts == (300, 400, 0)


def test_settlement_is_immutable_and_picklable() -> None:
    import pickle

    s = settle([100, 300, 300], ["AsAd", "KsKd", "QsQd"], "2c7d9hTcJh", folded=LIVE3, button=2)
    with pytest.raises(AttributeError, match="immutable"):
        s.rake = 5  # type: ignore[misc]
    again = pickle.loads(pickle.dumps(s))
    assert again == s and hash(again) == hash(s)
    assert again.hands == s.hands
    assert "payouts=(300, 400, 0)" in repr(s)


BOARD = "Kh5s5d7s3c"


@pytest.mark.parametrize("seat", [0, 1, 2])
@pytest.mark.parametrize("bad", ["7c", "7c2c3c", (5,), [5, 6, 7], "", ()])
def test_a_hole_of_the_wrong_size_in_any_seat_is_a_shape_error(seat: int, bad: Any) -> None:
    # used to pay (300, 0, 0) for "7c" in seat 0: the fast path shifted every later
    # seat's cards by one (and read a byte past the buffer)
    holes: list[Any] = ["KcAh", "KdQc", "9h9d"]
    holes[seat] = bad
    size = len(bad) if not isinstance(bad, str) else len(bad) // 2
    with pytest.raises(ShapeError, match=rf"hole_cards\[{seat}\] must have 2 cards for"
                       rf" holdem, got {size}: {re.escape(repr(bad))}"):
        settle([100] * 3, holes, BOARD, folded=LIVE3, button=0)


def test_the_reported_wrong_size_hole() -> None:
    with pytest.raises(ShapeError, match=r"hole_cards\[0\] must have 2 cards for holdem, got 1:"
                       r" '7c'"):
        settle([100] * 3, ["7c", "KcAh", "KdQc"], BOARD, folded=LIVE3, button=0)


def test_omaha_holes_of_the_wrong_size_are_shape_errors() -> None:
    with pytest.raises(ShapeError, match=r"hole_cards\[2\] must have 4 or 5 or 6 cards for"
                       r" omaha, got 3: 'JhJd2c'"):
        settle([100] * 3, ["KcAhQd2s", "KdQc7h8h", "JhJd2c"], BOARD, folded=LIVE3, button=0,
               variant="omaha")
    # different allowed sizes in one hand are fine (and settle as the reference does)
    both([100] * 3, ["KcAhQd2s", "KdQc7h8h9c", "JhJd2c2d"], BOARD, folded=LIVE3, button=0,
         variant="omaha")


def test_a_wrong_size_hole_of_a_folded_seat_is_ignored() -> None:
    result = both([100] * 3, ["7c", "KcAh", "KdQc"], BOARD, folded=[True, False, False],
                  button=0)
    assert result.payouts == (0, 300, 0)


@pytest.mark.parametrize("button", [-1, 3, -4, 2**64])
def test_a_button_outside_the_table_is_an_error_not_a_modulo(button: int) -> None:
    with pytest.raises(InvalidSeatError, match=rf"button must be a seat index 0\.\.2,"
                       rf" got {button}"):
        settle([100] * 3, ["KcAh", "KdQc", "9h9d"], BOARD, folded=LIVE3, button=button)


def test_variant_and_rules_errors_are_library_errors() -> None:
    with pytest.raises(ConfigError, match=r"variant must be one of \('holdem', 'omaha', .*\), got 'stud'"):
        settle([100] * 2, ["KcAh", "KdQc"], BOARD, folded=[False] * 2, button=0,
               variant="stud")
    with pytest.raises(DTypeError, match="rules must be a Rules instance, got 5"):
        settle([100] * 2, ["KcAh", "KdQc"], BOARD, folded=[False] * 2, button=0,
               rules=5)  # type: ignore[arg-type]


def test_numpy_hole_cards_settle_like_lists() -> None:
    import numpy as np

    ids = [list(parse_cards(h)) for h in ("KcAh", "KdQc", "9h9d")]
    want = settle([100] * 3, ids, BOARD, folded=LIVE3, button=0)
    assert settle([100] * 3, np.array(ids, dtype=np.uint8), BOARD, folded=np.zeros(3, bool),
                  button=np.int64(0)) == want
    assert settle([100] * 3, [np.array(h) for h in ids], BOARD, folded=LIVE3, button=0) == want
    with pytest.raises(ShapeError, match=r"hole_cards\[0\] must have 2 cards for holdem, got 3"):
        settle([100] * 3, np.array([[5, 6, 7], [44, 50, 1], [45, 42, 2]]), BOARD,
               folded=LIVE3, button=0)
    with pytest.raises(DTypeError, match=r"hole_cards\[0\]: cards must be integer ids or text,"
                       r" got dtype float64"):
        settle([100] * 3, np.array(ids, dtype=float), BOARD, folded=LIVE3, button=0)


def test_the_kernel_binding_refuses_buffers_shorter_than_it_would_read() -> None:
    from holdem_eval import _bindings

    rules = _bindings.settle_rules(0, 0, False, 0, 1, 0.0, -1)
    holes = bytes(parse_cards("KcAhKdQc9h9d"))
    board = bytes(parse_cards(BOARD))
    ok = _bindings.settle_hand([100] * 3, bytes(3), holes, 2, board, 3, 0, 0, rules)
    want = settle([100] * 3, ["KcAh", "KdQc", "9h9d"], BOARD, folded=LIVE3, button=0)
    assert ok is not None and tuple(ok[:3]) == want.payouts
    # one card short, folded flags short, contributions short, a six-card board
    assert _bindings.settle_hand([100] * 3, bytes(3), holes[:5], 2, board, 3, 0, 0, rules) is None
    assert _bindings.settle_hand([100] * 3, bytes(2), holes, 2, board, 3, 0, 0, rules) is None
    assert _bindings.settle_hand([100] * 2, bytes(3), holes, 2, board, 3, 0, 0, rules) is None
    assert _bindings.settle_hand([100] * 3, bytes(3), holes, 2, board + b"\x00", 3, 0, 0,
                                 rules) is None


def test_a_repeated_board_card_is_refused_without_a_showdown_too() -> None:
    # the kernel checks every card it is given; the board still counts for no-flop-no-drop
    with pytest.raises(DuplicateCardError, match=r"card '2c' appears twice: in board"):
        settle([5, 5], [None, None], "2c2c7d", folded=[True, False], button=0)


def test_settle_batch_refuses_more_seats_than_the_kernel_holds() -> None:
    import numpy as np
    from holdem_eval.engine import NO_CARD, settle_batch

    seats = 33
    with pytest.raises(ShapeError, match=r"contributions has 33 seats: a hand has at most 32"
                       r" \(the settlement kernel's HE_SETTLE_MAX_SEATS\)"):
        settle_batch(np.ones((1, seats), dtype=np.int64),
                     np.full((1, seats, 2), NO_CARD, dtype=np.uint8), np.zeros((1, 0), np.uint8),
                     folded=np.ones((1, seats), dtype=bool), button=0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"folded": None}, "folded must be a sequence of 2 bools, got None"),
        ({"hole_cards": None}, "hole_cards must be a sequence of 2 seats' cards, got None"),
        ({"contributions": None}, "contributions must be a sequence of chips, one per seat, got None"),
    ],
)
def test_none_for_a_sequence_is_a_clear_error(kwargs: dict[str, Any], message: str) -> None:
    """Issue 30: settle(..., folded=None) was a raw TypeError (len of None)."""
    args: dict[str, Any] = {
        "contributions": [10, 10], "hole_cards": ["2c2d", "3c3d"], "board": "AhKhQh4c5d",
        "folded": [False, False], "button": 0,
    }
    args.update(kwargs)
    with pytest.raises(ShapeError) as err:
        settle(args.pop("contributions"), args.pop("hole_cards"), args.pop("board"), **args)
    assert str(err.value) == message
