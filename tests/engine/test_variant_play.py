"""Playing the variants of issue 27 in the engine: 5- and 6-card Omaha (``omaha5``,
``omaha6``: HE_HAND_MAX_HOLE 6), the deck of each variant (short deck's 36 cards), short
deck's button blind, and the faces that play them (Hand, events and views, pickles,
HandBatch, the observation). PHH and PokerKit: tests/engine/test_variant_play_pokerkit.py.

The showdown oracle is written from the rule, not from the kernel: the best of every two
hole cards with every three board cards, each five ranked by ``evaluate`` (the 5-card
Hold'em evaluator, which the Omaha kernel does not use).
"""

from __future__ import annotations

import itertools
import pickle
import random

import numpy as np
import pytest
import test_discrete
import test_hand_batch
from holdem_eval.engine import (
    ConfigError,
    GameConfig,
    Hand,
    HandBatch,
    OsDeck,
    PresetDeck,
)
from holdem_eval.engine.discrete import ActionSet, observe
from holdem_eval.engine.hand.decks import off_deck_cards

from holdem_eval import evaluate
from holdem_eval.variants import VARIANTS

OMAHAS = ["omaha5", "omaha6"]
SHORT = "short-deck"


def _best_two_and_three(hole: tuple[int, ...], board: list[int]) -> int:
    return min(evaluate(list(two) + list(three))
               for two in itertools.combinations(hole, 2)
               for three in itertools.combinations(board, 3))


def _run_out(h: Hand) -> None:
    while not h.is_over:
        h.check_or_call()


# ---- 5- and 6-card Omaha --------------------------------------------------------------

@pytest.mark.parametrize("variant", OMAHAS)
def test_omaha_rows_deal_their_hole_count_and_rank_two_and_three(variant: str) -> None:
    hc = VARIANTS[variant].hole_counts[0]
    assert GameConfig(variant=variant).hole_count == hc == {"omaha5": 5, "omaha6": 6}[variant]
    for seed in range(30):
        n = 2 + seed % 5
        h = Hand(GameConfig(variant=variant, betting="pot-limit"), [200] * n, seed=seed)
        holes = h.hole_cards
        assert all(len(hole) == hc for hole in holes)
        dealt = [c for hole in holes for c in hole]
        assert len(set(dealt)) == n * hc
        assert [len(e.cards) for e in h.events if e.kind == "hole"] == [hc] * n
        _run_out(h)
        assert len(set(dealt + h.board)) == n * hc + 5
        ranks = [_best_two_and_three(hole, h.board) for hole in holes]
        assert h._ranks == ranks
        best = min(ranks)
        winners = [k for k in range(n) if ranks[k] == best]
        assert {k for k, p in enumerate(h.payouts or []) if p} == set(winners)
        shows = [e for e in h.events if e.kind == "show"]
        assert shows and all(len(e.cards) == hc and tuple(e.cards) == holes[e.seat] for e in shows)


@pytest.mark.parametrize("variant", OMAHAS)
def test_omaha_rows_with_explicit_cards_views_show_and_pickles(variant: str) -> None:
    hc = VARIANTS[variant].hole_counts[0]
    cards = random.Random(hc).sample(range(52), 3 * hc + 5)
    holes = [cards[k * hc:(k + 1) * hc] for k in range(3)]
    h = Hand(GameConfig(variant=variant, betting="pot-limit"), [100] * 3, hole_cards=[
        holes[0], None, holes[2]], manual_showdown=True)
    view = h.view(0)
    assert view.hole_cards == tuple(holes[0])
    assert [e.cards for e in view.events if e.kind == "hole" and e.seat != 0] == [(-1,) * hc] * 2
    for street in range(4):
        while h.actor >= 0:
            h.check_or_call()
        if street < 3:
            h.deal_board(cards[3 * hc: 3 * hc + (3, 4, 5)[street]][-(3, 1, 1)[street]:])
    copy = pickle.loads(pickle.dumps(h))
    assert copy.snapshot() == h.snapshot()
    with pytest.raises(Exception, match=f"seat 1 must show {hc} cards"):
        h.show(1, holes[1][:-1])
    h.show(1, holes[1])
    h.show(0)
    h.show(2)
    assert h.is_over and h.hole_cards == [tuple(x) for x in holes]
    assert h._ranks == [_best_two_and_three(tuple(x), h.board) for x in holes]
    assert copy.clone().snapshot() == copy.snapshot()


def test_six_card_omaha_seats_are_limited_by_the_deck() -> None:
    config = GameConfig(variant="omaha6", betting="pot-limit")
    Hand(config, [100] * 7, seed=1)  # 7 * 6 + 8 = 50 cards
    for kwargs in ({"seed": 1}, {}):
        with pytest.raises(ConfigError, match="omaha6 with 8 seats needs more cards than its deck"):
            Hand(config, [100] * 8, **kwargs)


# ---- the deck of the variant ----------------------------------------------------------

def test_off_deck_cards_are_the_rows() -> None:
    for name, row in VARIANTS.items():
        assert off_deck_cards(name) == frozenset(range(row.lowest_card))
    assert off_deck_cards(SHORT) == frozenset(range(16))  # the 2s to 5s


@pytest.mark.parametrize("button_blind", [False, True])
def test_short_deck_deals_only_its_deck(button_blind: bool) -> None:
    config = GameConfig(variant=SHORT, big_blind=2, ante=1 if button_blind else 0,
                        button_blind=button_blind)
    seen: set[int] = set()
    for seed in range(150):
        n = 2 + seed % 8
        h = Hand(config, [50] * n, button=seed % n, seed=seed)
        _run_out(h)
        seen.update(c for hole in h.hole_cards for c in hole)
        seen.update(h.board)
    assert seen == set(range(16, 52))  # every card of the 36, and none other
    # the secure decks: the OS and a preset order (which skips the 2s to 5s it holds)
    for _ in range(20):
        h = Hand(config, [50] * 9)
        _run_out(h)
        assert min(min(x) for x in h.hole_cards) >= 16 and min(h.board) >= 16
    order = list(range(52))
    h = Hand(config, [50] * 2, deck=PresetDeck(order))
    _run_out(h)
    assert h.hole_cards == [(17, 19), (16, 18)] and min(h.board) >= 20


def test_short_deck_seats_ten_from_its_36_cards() -> None:
    for h in (Hand(GameConfig(variant=SHORT), [10] * 10, seed=1),  # 10 * 2 + 8 = 28 cards
              Hand(GameConfig(variant=SHORT), [10] * 10, deck=OsDeck())):
        _run_out(h)
        assert len({c for hole in h.hole_cards for c in hole} | set(h.board)) == 25


_NOT_IN = "card '{card}' is not in the 'short-deck' deck (cards 6c..As, ids 16..51)"


@pytest.mark.parametrize(("kwargs", "card"), [
    ({"hole_cards": ["2c7d", "AhKh"]}, "2c"),
    ({"hole_cards": [[50, 46], [5, 30]]}, "3d"),
    ({"hole_cards": ["6c7d", "AhKh"], "board": "Td9s5h"}, "5h"),
    ({"hole_cards": ["6c7d", "AhKh"], "board": "Td9s8h", "seed": 4}, None),
])
def test_a_card_outside_the_deck_is_refused_naming_card_and_variant(
    kwargs: dict[str, object], card: str | None,
) -> None:
    config = GameConfig(variant=SHORT)
    if card is None:
        assert min(Hand(config, [100] * 2, **kwargs).hole_cards[0]) >= 16  # type: ignore[arg-type]
        return
    with pytest.raises(ConfigError) as exc:
        Hand(config, [100] * 2, **kwargs)  # type: ignore[arg-type]
    assert str(exc.value) == _NOT_IN.format(card=card)
    assert isinstance(exc.value, ValueError)


def test_deal_and_show_refuse_a_card_outside_the_deck_and_change_nothing() -> None:
    h = Hand(GameConfig(variant=SHORT), [100] * 2, hole_cards=["6c7c", None])
    h.call()
    h.check()
    before = h.snapshot()
    with pytest.raises(ConfigError, match=_NOT_IN.format(card="4d").replace("(", r"\(")
                       .replace(")", r"\)").replace(".", r"\.")):
        h.deal_board("Ad4dKh")
    assert h.snapshot() == before
    h.deal_board("AdQdKh")
    for turn_or_river in ("Js", "Ts"):
        h.check()
        h.check()
        h.deal_board(turn_or_river)
    h.check()
    h.check()
    assert h.showdown_pending == [1]
    before = h.snapshot()
    with pytest.raises(ConfigError, match="card '5h' is not in the 'short-deck' deck"):
        h.show(1, "5h9h")
    assert h.snapshot() == before
    h.show(1, "8h9h")
    assert h.is_over


# ---- the button blind (short deck as Triton and GGPoker deal it) ----------------------

def test_button_blind_posts_on_the_button_and_acts_last() -> None:
    config = GameConfig(variant=SHORT, big_blind=4, ante=2, button_blind=True)
    assert config.small_blind == 0
    h = Hand(config, [100] * 4, button=2, seed=3)
    forced = [(e.kind, e.seat, e.amount) for e in h.events if e.kind != "hole"]
    assert forced == [("ante", 3, 2), ("ante", 0, 2), ("ante", 1, 2), ("ante", 2, 2),
                      ("big_blind", 2, 4)]
    assert h.actor == 3 and h.to_call == 4 and h.pot == 12
    assert [(str(a.kind), a.min_amount) for a in h.legal_actions()][2] == ("raise", 8)
    h.call()
    h.call()
    h.call()
    assert h.actor == 2 and h.to_call == 0  # the button's option
    h.check()
    assert h.street == "flop" and h.actor == 3
    heads_up = Hand(config, [100] * 2, button=1, seed=3)
    assert heads_up.actor == 0 and heads_up.blind_seats == (1, 1)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"small_blind": 1}, "small_blind=1, straddle=0"),
    ({"straddle": 8}, "small_blind=0, straddle=8"),
    ({"button_blind": 1}, "button_blind must be a bool, got 1"),
])
def test_button_blind_rejects(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        GameConfig(big_blind=4, **{"button_blind": True, **kwargs})  # type: ignore[arg-type]


# ---- HandBatch and the observation ----------------------------------------------------

BATCH_GAMES = [
    pytest.param(GameConfig(variant="omaha5", betting="pot-limit", big_blind=2), 6, id="omaha5-6"),
    pytest.param(GameConfig(variant="omaha6", betting="pot-limit", big_blind=2), 4, id="omaha6-4"),
    pytest.param(GameConfig(variant=SHORT, big_blind=2, ante=1, button_blind=True), 6,
                 id="short-button-6"),
    pytest.param(GameConfig(variant=SHORT, big_blind=2), 3, id="short-blinds-3"),
    *(pytest.param(GameConfig(variant=name, betting=betting, big_blind=2), seats, id=name)
      for name, betting, seats in (("omaha-hi-lo", "fixed-limit", 4),
                                   ("omaha5-hi-lo", "pot-limit", 6),
                                   ("holdem-hi-lo", "no-limit", 3)) if name in VARIANTS),
]


@pytest.mark.parametrize(("config", "seats"), BATCH_GAMES)
@pytest.mark.parametrize("compact", [None, False], ids=["auto", "full"])
def test_hand_batch_plays_the_variants_as_hand_does(
    config: GameConfig, seats: int, compact: bool | None,
) -> None:
    # the batch's play, views and rewards equal engine.Hand's, step by step; 5- and 6-card
    # Omaha play in the full layout (the compact one holds 4 hole cards)
    if config.hole_count > 4:
        assert not HandBatch(config, 4, seats, seed=1).compact
        compact = False
    ended = test_hand_batch._play(config, seats, None, 40, 120, 5, compact=compact)
    assert ended > 20


@pytest.mark.parametrize(("config", "seats"), BATCH_GAMES)
def test_hand_batch_deals_the_variants_cards(config: GameConfig, seats: int) -> None:
    batch = HandBatch(config, 64, seats, seed=9)
    hc = config.hole_count
    holes = batch.state("holes")[:, : seats * hc]
    assert holes.min() >= VARIANTS[config.variant].lowest_card
    obs = batch.observe()
    acting = batch.actor >= 0
    assert (obs[acting, :52].sum(axis=1) == hc).all()  # the observer's hole cards


@pytest.mark.parametrize(("config", "seats"), BATCH_GAMES)
def test_observation_equals_the_python_oracle(config: GameConfig, seats: int) -> None:
    acts = ActionSet((0.5, 1.0))
    assert sum(test_discrete._play(seed, seats, config, acts) for seed in range(15)) > 30
    h = Hand(config, [100] * seats, seed=1)
    assert np.flatnonzero(observe(h, 0)[:52]).tolist() == sorted(h.hole_cards[0])


# ---- hi-lo: the pot split high / low in Hand ------------------------------------------

HI_LO = [name for name, row in VARIANTS.items() if row.low]


def _low_of(cards: tuple[int, ...] | list[int]) -> tuple[int, ...] | None:
    """An eight-or-better A-5 low of five cards, highest card first (lower is better):
    five distinct ranks 8 or lower, the ace low; None when they do not qualify."""
    ranks = sorted({1 if c // 4 == 12 else c // 4 + 2 for c in cards}, reverse=True)
    return tuple(ranks) if len(ranks) == 5 and ranks[0] <= 8 else None


def _best_low(variant: str, hole: tuple[int, ...], board: list[int]) -> tuple[int, ...] | None:
    if VARIANTS[variant].hole_used == 2:
        fives = [list(two) + list(three) for two in itertools.combinations(hole, 2)
                 for three in itertools.combinations(board, 3)]
    else:
        fives = [list(five) for five in itertools.combinations(list(hole) + board, 5)]
    lows = [low for low in map(_low_of, fives) if low is not None]
    return min(lows) if lows else None


def _best_high(variant: str, hole: tuple[int, ...], board: list[int]) -> int:
    if VARIANTS[variant].hole_used == 2:
        return _best_two_and_three(hole, board)
    return min(evaluate(list(five)) for five in itertools.combinations(list(hole) + board, 5))


@pytest.mark.parametrize("variant", HI_LO)
@pytest.mark.parametrize("betting", ["pot-limit", "fixed-limit"])
def test_hi_lo_showdowns_split_high_and_low(variant: str, betting: str) -> None:
    """Everyone checks or calls to a showdown (one pot, equal shares): the high half goes
    to the best high hands, the low half (the smaller half of an odd pot) to the best
    qualifying lows; no qualifying low and the high hands scoop. Only a hand that can win no
    part is mucked, and the low parts of the wins are logged."""
    seen = {"low": 0, "scoop": 0, "split": 0}
    for seed in range(80):
        n = 2 + seed % 5
        config = GameConfig(variant=variant, betting=betting, big_blind=2, ante=seed % 2)
        h = Hand(config, [100] * n, button=seed % n, seed=seed)
        _run_out(h)
        assert h.is_over and h.payouts is not None and h.low_payouts is not None
        pot = sum(h.payouts)
        highs = [_best_high(variant, hole, h.board) for hole in h.hole_cards]
        lows = [_best_low(variant, hole, h.board) for hole in h.hole_cards]
        high_winners = {k for k in range(n) if highs[k] == min(highs)}
        qualified = [low for low in lows if low is not None]
        low_winners = {k for k in range(n) if qualified and lows[k] == min(qualified)}
        low = h.low_payouts
        high = [p - q for p, q in zip(h.payouts, low)]
        assert {k for k in range(n) if high[k]} == high_winners
        assert {k for k in range(n) if low[k]} == low_winners
        assert sum(low) == (pot // 2 if qualified else 0) and sum(high) == pot - sum(low)
        # the muck rule over both halves: a hand that wins a part is shown, a mucked one
        # wins nothing (and everyone checked: each seat is in the one pot)
        shown = {e.seat for e in h.events if e.kind == "show"}
        mucked = {e.seat for e in h.events if e.kind == "muck"}
        assert shown | mucked == set(range(n)) and not shown & mucked
        assert high_winners | low_winners <= shown and not any(h.payouts[k] for k in mucked)
        win_low = [(e.seat, e.amount) for e in h.events if e.kind == "win_low"]
        assert win_low == [(k, low[k]) for k in range(n) if low[k]]
        seen["low" if qualified else "scoop"] += 1
        seen["split"] += bool(high_winners & low_winners) is False and bool(qualified)
    assert min(seen.values()) > 5, seen


@pytest.mark.parametrize("variant", HI_LO)
def test_hi_lo_views_and_pickles_keep_the_halves(variant: str) -> None:
    h = Hand(GameConfig(variant=variant, betting="pot-limit", big_blind=2), [100] * 3, seed=11)
    _run_out(h)
    view = h.view(0)
    assert [e for e in view.events if e.kind in ("win", "win_low")] == [
        e for e in h.events if e.kind in ("win", "win_low")]
    copy = pickle.loads(pickle.dumps(h))
    assert copy.low_payouts == h.low_payouts and copy.events == h.events
    assert Hand(GameConfig(variant="holdem"), [100] * 2, seed=1).low_payouts is None


@pytest.mark.parametrize(("variant", "betting", "code"), [
    ("omaha-hi-lo", "pot-limit", "PO/8"), ("omaha5-hi-lo", "pot-limit", "PO5/8"),
    ("omaha-hi-lo", "fixed-limit", "FO/8"),
])
def test_hi_lo_hands_round_trip_through_phh(variant: str, betting: str, code: str) -> None:
    from holdem_eval.engine import dumps_phh, loads_phh, replay_phh

    extra = {"max_bets": 4, "blind_counts_toward_cap": False} if betting == "fixed-limit" else {}
    for seed in range(12):
        n = 2 + seed % 5
        h = Hand(GameConfig(variant=variant, betting=betting, big_blind=2, **extra),  # type: ignore[arg-type]
                 [60] * n, button=n - 1, seed=seed)  # PHH's seats: pN is the button
        rng = random.Random(seed)
        while not h.is_over:
            wager = [a for a in h.legal_actions() if str(a.kind) in ("bet", "raise")]
            if wager and rng.random() < 0.3:
                h.bet_or_raise_to(rng.randint(wager[0].min_amount, wager[0].max_amount))
            else:
                h.check_or_call()
        text = dumps_phh(h)
        assert text.startswith(f"variant = '{code}'\n")
        back = replay_phh(loads_phh(text)[0]).hand
        assert back.stacks == h.stacks and back.low_payouts == h.low_payouts


@pytest.mark.parametrize(("config", "seats"), BATCH_GAMES)
def test_hand_batch_pickles_and_clones_the_variants(config: GameConfig, seats: int) -> None:
    batch = HandBatch(config, 16, seats, seed=3)
    for _ in range(5):
        batch.step(batch.sample_legal(7))
    for copy in (pickle.loads(pickle.dumps(batch)), batch.clone()):
        assert copy.compact == batch.compact and copy.config == config
        assert np.array_equal(copy.state("holes"), batch.state("holes"))
        kinds = batch.sample_legal(11)
        a, b = batch.clone().step(kinds), copy.step(kinds)
        assert np.array_equal(a.rewards, b.rewards) and np.array_equal(a.done, b.done)
