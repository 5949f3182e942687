"""Properties of settle() and settle_batch() on random hands (hypothesis and seeded NumPy).

* chips are conserved: sum(payouts) + rake == sum(contributions);
* only eligible seats are paid; folded seats get back at most their uncalled chips;
* odd chips are deterministic and go clockwise from the left of the button;
* the C kernel, the Python path and an independent layer-peeling reference agree;
* settle_batch equals settle on every row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from holdem_eval.engine import NO_CARD, Rules, Settlement, settle, settle_batch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from settle_reference import settle_reference as _settle_python

from holdem_eval import best_five, describe, evaluate, evaluate_omaha, hand_category


@dataclass
class Hand:
    contributions: list[int]
    holes: list[Any]
    board: list[int]
    folded: list[bool]
    button: int
    variant: str = "holdem"

    def settle(self, rules: Rules, *, python: bool = False) -> Settlement:
        fn = _settle_python if python else settle
        return fn(self.contributions, self.holes, self.board, folded=self.folded,
                  button=self.button, variant=self.variant, rules=rules)


@st.composite
def hands(draw: st.DrawFn, variant: str = "holdem", min_seats: int = 2, max_seats: int = 9) -> Hand:
    hole_len = 2 if variant == "holdem" else 4
    seats = draw(st.integers(min_seats, max_seats if variant == "holdem" else 9))
    # A small pool of amounts makes equal all-in levels (and ties between them) common.
    pool = draw(st.lists(st.integers(0, 400), min_size=1, max_size=4))
    contributions = draw(st.lists(
        st.one_of(st.sampled_from(pool), st.integers(0, 400)), min_size=seats, max_size=seats
    ))
    folded = draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    if all(folded):
        folded[draw(st.integers(0, seats - 1))] = False
    deck = draw(st.permutations(range(52)))
    live = seats - sum(folded)
    board_len = 5 if live > 1 else draw(st.sampled_from([0, 3, 4, 5]))
    board = list(deck[:board_len])
    holes: list[Any] = []
    for seat in range(seats):
        cards = list(deck[5 + seat * hole_len:5 + (seat + 1) * hole_len])
        holes.append(None if folded[seat] and draw(st.booleans()) else cards)
    # Plain card ids or text: both must give the same answer.
    if draw(st.booleans()):
        holes = [None if h is None else "".join(_text(c) for c in h) for h in holes]
    button = draw(st.integers(0, seats - 1))
    return Hand(contributions, holes, board, folded, button, variant)


def _text(card: int) -> str:
    return "23456789TJQKA"[card >> 2] + "cdhs"[card & 3]


rules_strategy = st.builds(
    Rules,
    odd_chips=st.sampled_from(["clockwise", "first_winner"]),
    rake_percent=st.one_of(st.just(0), st.integers(0, 100), st.sampled_from([2.5, 4.75, 0.1])),
    rake_cap=st.one_of(st.none(), st.integers(0, 30)),
    no_flop_no_drop=st.booleans(),
    method=st.sampled_from(["tda", "pokerkit"]),
)

PROPERTY = settings(max_examples=400, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _ranks(hand: Hand) -> list[int | None]:
    out: list[int | None] = []
    for seat, hole in enumerate(hand.holes):
        if hand.folded[seat] or hand.folded.count(False) < 2:
            out.append(None)
        elif hand.variant == "holdem":
            out.append(evaluate(list(_ids(hole)) + hand.board))
        else:
            out.append(evaluate_omaha(list(_ids(hole)), hand.board))
    return out


def _ids(hole: Any) -> list[int]:
    if isinstance(hole, str):
        return [4 * "23456789TJQKA".index(hole[k]) + "cdhs".index(hole[k + 1])
                for k in range(0, len(hole), 2)]
    return list(hole)


def reference_payouts(hand: Hand, one_at_a_time: bool = True) -> list[int]:
    """Independent reference (no rake, TDA): peel the contributions layer by layer at the
    smallest remaining live stake; every seat pays into a layer what it has left up to
    that stake; the live seats still in contend for it."""
    n = len(hand.contributions)
    remaining = list(hand.contributions)
    pay = [0] * n
    top = max(remaining)
    owner = remaining.index(top)
    second = max(remaining[:owner] + remaining[owner + 1:])
    pay[owner] += top - second
    remaining[owner] = second
    live = [s for s in range(n) if not hand.folded[s]]
    ranks = _ranks(hand)
    layers: list[list[Any]] = []
    while any(remaining[s] > 0 for s in live):
        stake = min(remaining[s] for s in live if remaining[s] > 0)
        contenders = [s for s in live if remaining[s] > 0]
        layer = 0
        for s in range(n):
            take = min(remaining[s], stake)
            layer += take
            remaining[s] -= take
        layers.append([layer, contenders])
    if sum(remaining):  # chips only folded seats reached: to the last contenders
        if layers:
            layers[-1][0] += sum(remaining)
        else:
            layers.append([sum(remaining), live])
    clockwise = [(hand.button + k) % n for k in range(1, n + 1)]
    for amount, contenders in layers:
        if len(live) > 1:
            best = min(ranks[s] for s in contenders)  # type: ignore[type-var]
            winners = [s for s in clockwise if s in contenders and ranks[s] == best]
        else:
            winners = contenders
        share, odd = divmod(amount, len(winners))
        for k, s in enumerate(winners):
            extra = (1 if k < odd else 0) if one_at_a_time else (odd if k == 0 else 0)
            pay[s] += share + extra
    return pay


@PROPERTY
@given(hands(), rules_strategy)
def test_chips_are_conserved_and_only_eligible_seats_are_paid(hand: Hand, rules: Rules) -> None:
    s = hand.settle(rules)
    assert sum(s.payouts) + s.rake == sum(hand.contributions)
    assert s.rake >= 0 and all(p >= 0 for p in s.payouts)
    for seat, folded in enumerate(hand.folded):
        if folded:
            assert s.payouts[seat] == s.returned[seat]
            assert all(seat not in p.eligible for p in s.pots)
    for pot in s.pots:
        assert set(pot.winners) <= set(pot.eligible)
        assert sum(pot.shares) + pot.rake == pot.amount
    assert sum(p.amount for p in s.pots) + sum(s.returned) == sum(hand.contributions)
    assert sum(p.rake for p in s.pots) == s.rake
    if rules.rake_cap is not None and rules.method == "tda":
        assert s.rake <= rules.rake_cap
    if rules.no_flop_no_drop and len(hand.board) < 3:
        assert s.rake == 0


@PROPERTY
@given(hands(), rules_strategy)
def test_c_kernel_equals_python_path(hand: Hand, rules: Rules) -> None:
    assert hand.settle(rules) == hand.settle(rules, python=True)


@PROPERTY
@given(hands(variant="omaha"), rules_strategy)
def test_c_kernel_equals_python_path_omaha(hand: Hand, rules: Rules) -> None:
    assert hand.settle(rules) == hand.settle(rules, python=True)


@PROPERTY
@given(hands(), st.sampled_from(["clockwise", "first_winner"]))
def test_matches_independent_layer_peeling_reference(hand: Hand, odd_chips: str) -> None:
    s = hand.settle(Rules(odd_chips=odd_chips))  # type: ignore[arg-type]
    assert list(s.payouts) == reference_payouts(hand, odd_chips == "clockwise")


@PROPERTY
@given(hands())
def test_odd_chips_are_deterministic_and_clockwise(hand: Hand) -> None:
    s = hand.settle(Rules())
    assert s == hand.settle(Rules())
    n = len(hand.contributions)
    rank_from_button = {seat: (seat - hand.button - 1) % n for seat in range(n)}
    for pot in s.pots:
        shares = dict(zip(pot.winners, pot.shares))
        order = sorted(pot.winners, key=rank_from_button.__getitem__)
        values = [shares[w] for w in order]
        assert max(values) - min(values) <= 1
        assert values == sorted(values, reverse=True)  # the extra chips come first


@PROPERTY
@given(hands())
def test_no_player_wins_more_from_an_opponent_than_they_put_in(hand: Hand) -> None:
    s = hand.settle(Rules())
    matched = [c - r for c, r in zip(hand.contributions, s.returned)]
    for seat in range(len(matched)):
        won = s.payouts[seat] - s.returned[seat]
        assert won <= sum(min(matched[seat], other) for other in matched) or (
            # dead money above every live level goes to the last pot
            max(matched) > max(m for m, f in zip(matched, hand.folded) if not f)
        )


def _batch_arrays(rows: list[Hand], hole_len: int) -> tuple[Any, ...]:
    n, seats = len(rows), len(rows[0].contributions)
    chips = np.array([h.contributions for h in rows], dtype=np.int64)
    holes = np.full((n, seats, hole_len), NO_CARD, dtype=np.uint8)
    boards = np.full((n, 5), NO_CARD, dtype=np.uint8)
    for i, h in enumerate(rows):
        for s, hole in enumerate(h.holes):
            if hole is not None:
                holes[i, s] = _ids(hole)
        boards[i, :len(h.board)] = h.board
    folded = np.array([h.folded for h in rows])
    buttons = np.array([h.button for h in rows])
    return chips, holes, boards, folded, buttons


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 9).flatmap(
    lambda n: st.lists(hands(min_seats=n, max_seats=n), min_size=1, max_size=12)
), rules_strategy)
def test_settle_batch_equals_settle_hypothesis(rows: list[Hand], rules: Rules) -> None:
    seats = {len(h.contributions) for h in rows}
    rows = [h for h in rows if len(h.contributions) == min(seats)]
    chips, holes, boards, folded, buttons = _batch_arrays(rows, 2)
    rakes = np.empty(len(rows), dtype=np.int64)
    payouts = settle_batch(chips, holes, boards, folded=folded, button=buttons, rules=rules,
                           rake_out=rakes)
    for i, h in enumerate(rows):
        s = h.settle(rules)
        assert tuple(payouts[i]) == s.payouts
        assert rakes[i] == s.rake


def _random_batch(rng: np.random.Generator, n: int, seats: int, hole_len: int) -> tuple[Any, ...]:
    deck = np.argsort(rng.random((n, 52)), axis=1).astype(np.uint8)
    holes = deck[:, 5:5 + seats * hole_len].reshape(n, seats, hole_len).copy()
    boards = deck[:, :5].copy()
    levels = rng.integers(1, 8, size=(n, 3)) * 25
    chips = np.take_along_axis(levels, rng.integers(0, 3, size=(n, seats)), axis=1)
    chips += rng.integers(0, 2, size=(n, seats)) * rng.integers(0, 40, size=(n, seats))
    folded = rng.random((n, seats)) < 0.3
    folded[np.arange(n), rng.integers(0, seats, n)] = False
    single = folded.sum(axis=1) == seats - 1
    boards[single & (rng.random(n) < 0.5), :] = NO_CARD  # no flop when everyone folded
    holes[folded & (rng.random((n, seats)) < 0.5)] = NO_CARD
    buttons = rng.integers(0, seats, n)
    return chips, holes, boards, folded, buttons


@pytest.mark.parametrize(("seats", "variant"), [(2, "holdem"), (6, "holdem"), (9, "holdem"),
                                                (6, "omaha")])
@pytest.mark.parametrize("rules", [Rules(), Rules(rake_percent=5, rake_cap=4,
                                                  no_flop_no_drop=True, odd_chips="first_winner"),
                                   Rules.pokerkit(0.05, 3, True)], ids=["tda", "raked", "pokerkit"])
def test_settle_batch_equals_settle_on_every_row(seats: int, variant: str, rules: Rules) -> None:
    rng = np.random.default_rng(seats * 1000 + len(variant))
    hole_len = 2 if variant == "holdem" else 4
    chips, holes, boards, folded, buttons = _random_batch(rng, 1500, seats, hole_len)
    rakes = np.empty(len(chips), dtype=np.int64)
    payouts = settle_batch(chips, holes, boards, folded=folded, button=buttons,
                           variant=variant, rules=rules, rake_out=rakes)
    for i in range(len(chips)):
        live_holes = [None if NO_CARD in row else row for row in holes[i].tolist()]
        board = [c for c in boards[i].tolist() if c != NO_CARD]
        s = settle(chips[i].tolist(), live_holes, board, folded=folded[i].tolist(),
                   button=int(buttons[i]), variant=variant, rules=rules)
        assert tuple(payouts[i]) == s.payouts, i
        assert rakes[i] == s.rake, i
    assert (payouts.sum(axis=1) + rakes == chips.sum(axis=1)).all()


def test_settle_batch_threads_give_the_same_answer() -> None:
    rng = np.random.default_rng(7)
    chips, holes, boards, folded, buttons = _random_batch(rng, 20000, 6, 2)
    one = settle_batch(chips, holes, boards, folded=folded, button=buttons)
    two = settle_batch(chips, holes, boards, folded=folded, button=buttons, threads=2)
    assert (one == two).all()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["holdem", "omaha"]).flatmap(lambda v: hands(variant=v)))
def test_seat_hands_match_the_public_evaluator(hand: Hand) -> None:
    s = hand.settle(Rules())
    for seat, seat_hand in enumerate(s.hands):
        if seat_hand is None:
            assert s.ranks[seat] is None
            continue
        hole = _ids(hand.holes[seat])
        assert seat_hand.rank == s.ranks[seat]
        assert evaluate(list(seat_hand.best_five)) == seat_hand.rank
        assert seat_hand.category == hand_category(seat_hand.rank)
        assert seat_hand.description == describe(list(seat_hand.best_five))
        if hand.variant == "holdem":
            assert seat_hand.best_five == best_five(hole + hand.board)
        else:
            assert evaluate_omaha(hole, hand.board) == seat_hand.rank
            assert sum(c in hole for c in seat_hand.best_five) == 2


def test_settle_batch_refuses_holes_of_the_wrong_size() -> None:
    from holdem_eval.engine import ConfigError

    from holdem_eval import DTypeError, ShapeError
    from holdem_eval._limits import CountArgumentError

    chips = [[100, 100, 100]]
    board = [1, 2, 3, 4, 8]
    live = [[False, False, False]]
    # ragged rows (one seat with one card) used to be NumPy's raw ValueError
    ragged = [[[5, 6], [44, 50], [45]]]
    with pytest.raises(ShapeError, match=r"hole_cards must be a rectangular integer array, got"
                       r" rows of different lengths: \[\[\[5, 6\], \[44, 50\], \[45\]\]\]"):
        settle_batch(chips, ragged, board, folded=live, button=0)
    # a live seat with one known card and NO_CARD is a one-card hole
    partial = [[[5, 6], [44, 50], [45, NO_CARD]]]
    with pytest.raises(ShapeError, match=r"row 0: hole_cards\[2\] must have 2 cards for holdem,"
                       r" got 1: \[45\]"):
        settle_batch(chips, partial, board, folded=live, button=0)
    # ... which is fine when that seat folded
    paid = settle_batch(chips, partial, board, folded=[[False, False, True]], button=0)
    assert paid.tolist() == [list(settle([100] * 3, [[5, 6], [44, 50], None], board,
                                         folded=[False, False, True], button=0).payouts)]
    with pytest.raises(ShapeError, match=r"hole_cards must have shape \(1, 3, 2\) for holdem,"
                       r" got \(1, 3, 3\)"):
        settle_batch(chips, [[[5, 6, 7], [44, 50, 9], [45, 46, 10]]], board, folded=live,
                     button=0)
    with pytest.raises(CountArgumentError, match="threads must be an int from 1 to 256, got 0"):
        settle_batch(chips, [[[5, 6], [44, 50], [45, 46]]], board, folded=live, button=0,
                     threads=0)
    with pytest.raises(ConfigError, match="variant must be one of \\('holdem', 'omaha', .*\\), got 'razz'"):
        settle_batch(chips, [[[5, 6], [44, 50], [45, 46]]], board, folded=live, button=0,
                     variant="razz")
    with pytest.raises(DTypeError, match="rules must be a Rules instance, got None"):
        settle_batch(chips, [[[5, 6], [44, 50], [45, 46]]], board, folded=live, button=0,
                     rules=None)  # type: ignore[arg-type]
