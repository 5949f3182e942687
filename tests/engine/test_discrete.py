"""The discrete action set and the observation tensor (engine/discrete.py) against Hand."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from holdem_eval.engine import ConfigError, GameConfig, Hand, HandStateError
from holdem_eval.engine.discrete import (
    CHECK_CALL,
    FOLD,
    OFFSET_BOARD,
    OFFSET_MAX_RAISE,
    OFFSET_MIN_RAISE,
    OFFSET_POT,
    OFFSET_SEATS,
    OFFSET_STREET,
    OFFSET_TO_CALL,
    ActionSet,
    discrete_action,
    legal_indices,
    legal_mask,
    observation_size,
    observe,
    raise_amount,
    raise_bounds,
)
from holdem_eval.engine.hand.hand import ActionKind
from observe_reference import observe_reference

from holdem_eval import HoldemEvalError


@pytest.mark.parametrize(
    ("fractions", "message"),
    [
        (0.5, "raise_fractions must be a sequence of floats, got 0.5"),
        ("12", "raise_fractions must be a sequence of floats, got '12'"),
        ((0.5, -1.0), "raise_fractions must be positive finite numbers, got -1.0 in (0.5, -1.0)"),
        ((0.0,), "raise_fractions must be positive finite numbers, got 0.0 in (0.0,)"),
        ((math.nan,), "raise_fractions must be positive finite numbers, got nan in (nan,)"),
        ((math.inf,), "raise_fractions must be positive finite numbers, got inf in (inf,)"),
        ((True,), "raise_fractions must be positive finite numbers, got True in (True,)"),
        (("1",), "raise_fractions must be positive finite numbers, got '1' in ('1',)"),
        ((1.0, 0.5), "raise_fractions must be strictly increasing, got (1.0, 0.5)"),
        ((1.0, 1.0), "raise_fractions must be strictly increasing, got (1.0, 1.0)"),
        (tuple(range(1, 18)), "raise_fractions holds at most 16 sizes, got 17: "),
    ],
)
def test_action_set_rejects(fractions: object, message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        ActionSet(fractions)  # type: ignore[arg-type]
    assert isinstance(exc.value, (HoldemEvalError, ValueError))
    assert str(exc.value).startswith(message)


def test_action_set_shape() -> None:
    acts = ActionSet([0.25, 1, 3])  # a list and ints are taken, stored as a float tuple
    assert acts.raise_fractions == (0.25, 1.0, 3.0)
    assert acts.size == 6 and acts.all_in == 5
    assert acts.names[0] == "fold" and acts.names[-1] == "all-in"
    assert observation_size(2) == 132 and observation_size(10) == 212


def _expected_indices(h: Hand, acts: ActionSet) -> list[int]:
    """An independent reading of the module docstring's table."""
    legal = {a.kind: a for a in h.legal_actions()}
    if not legal:
        return []
    out = []
    if ActionKind.FOLD in legal:
        out.append(FOLD)
    out.append(CHECK_CALL)
    wager = legal.get(ActionKind.BET) or legal.get(ActionKind.RAISE)
    if wager is not None:
        to_call = h.cur_bet - h.bets[h.actor]
        for j, f in enumerate(acts.raise_fractions):
            to = h.cur_bet + int(f * (h.pot + to_call) // 1)
            if wager.min_amount <= to < wager.max_amount:
                out.append(2 + j)
        out.append(acts.all_in)
    return out


def _play(seed: int, n: int, config: GameConfig, acts: ActionSet) -> int:
    rng = random.Random(seed)
    stacks = [rng.randint(1, 300) for _ in range(n)]
    h = Hand(config, stacks, button=rng.randrange(n), seed=seed)
    total = sum(stacks)
    decisions = 0
    while h.payouts is None:
        idx = legal_indices(h, acts)
        assert idx == _expected_indices(h, acts)
        mask = legal_mask(h, acts)
        assert np.flatnonzero(mask).tolist() == idx
        # every legal index is a distinct action the hand accepts
        chosen = [discrete_action(h, i, acts) for i in idx]
        assert len(set(chosen)) == len(chosen)
        for a in chosen:
            h.clone().act(a)
        _check_observation(h, h.actor, acts)
        other = (h.actor + 1) % n
        _check_observation(h, other, acts)
        h.act(chosen[rng.randrange(len(chosen))])
        decisions += 1
        assert sum(h.stacks) + h.pot == total
    assert sum(h.stacks) + h.rake == total
    for seat in range(n):  # the hand is over: nobody to act, every seat observed
        _check_observation(h, seat, acts)
    return decisions


def _check_observation(h: Hand, seat: int, acts: ActionSet) -> None:
    n, bb = h.n, h.config.big_blind
    obs = observe(h, seat)
    # the C observation (engine.discrete.observe) equals the Python oracle's, bit for bit
    assert np.array_equal(obs, observe_reference(h, seat))
    assert obs.dtype == np.float32 and obs.shape == (observation_size(n),)
    hole = np.flatnonzero(obs[:52]).tolist()
    assert hole == sorted(h.hole_cards[seat])
    assert np.flatnonzero(obs[OFFSET_BOARD : OFFSET_BOARD + 52]).tolist() == sorted(h.board)
    assert obs[OFFSET_STREET : OFFSET_STREET + 4].tolist() == [
        float(i == h.street_index) for i in range(4)
    ]
    assert obs[OFFSET_POT] == np.float32(h.pot / bb)
    bounds = raise_bounds(h) if h.actor == seat else None
    to_call = h.cur_bet - h.bets[seat] if h.actor == seat else 0
    assert obs[OFFSET_TO_CALL] == np.float32(to_call / bb)
    assert obs[OFFSET_MIN_RAISE] == np.float32(bounds[0] / bb if bounds else 0)
    assert obs[OFFSET_MAX_RAISE] == np.float32(bounds[1] / bb if bounds else 0)
    seats = obs[OFFSET_SEATS : OFFSET_SEATS + 6 * n].reshape(6, n)
    for r in range(n):
        s = (seat + r) % n
        assert seats[0, r] == np.float32(h.stacks[s] / bb)
        assert seats[1, r] == np.float32(h.bets[s] / bb)
        assert seats[2, r] == np.float32(h.contributions[s] / bb)
        assert seats[3, r] == float(h.folded[s])
        assert seats[4, r] == float(not h.folded[s] and h.stacks[s] == 0)
        assert seats[5, r] == float(s == h.button)
    history = obs[OFFSET_SEATS + 6 * n :].reshape(4, n)
    street, expected = 0, np.zeros((4, n))
    for e in h.events:
        if e.kind == "board":
            street = {3: 1, 4: 2, 5: 3}[sum(len(x.cards) for x in h.events[: h.events.index(e) + 1]
                                           if x.kind == "board")]
        elif e.kind in ("bet", "raise"):
            expected[street, (e.seat - seat) % n] += 1
    assert history.tolist() == expected.tolist()


@pytest.mark.parametrize("n", [2, 3, 6, 9])
def test_random_hands_no_limit(n: int) -> None:
    acts = ActionSet((0.33, 0.5, 1.0, 2.0))
    assert sum(_play(seed, n, GameConfig(big_blind=2), acts) for seed in range(60)) > 100


@pytest.mark.parametrize("betting", ["pot-limit", "fixed-limit"])
def test_random_hands_other_betting(betting: str) -> None:
    config = GameConfig(betting=betting, big_blind=2, ante=1)
    for seed in range(40):
        _play(seed, 4, config, ActionSet())


def test_fixed_limit_only_all_in_column() -> None:
    h = Hand(GameConfig(betting="fixed-limit", big_blind=2), [100] * 3, button=0, seed=3)
    acts = ActionSet((0.5, 1.0))
    assert legal_indices(h, acts) == [FOLD, CHECK_CALL, acts.all_in]
    assert discrete_action(h, acts.all_in, acts) == (ActionKind.RAISE, 4)


def test_pot_fraction_amounts() -> None:
    # 3 seats, blinds 1/2, seat 0 to act: pot 3, to call 2, pot raise = 2 + 5 = 7
    h = Hand(GameConfig(big_blind=2), [200] * 3, button=0, seed=1)
    assert raise_amount(h, 1.0) == 7 and raise_amount(h, 0.5) == 4
    assert discrete_action(h, 3, ActionSet()) == (ActionKind.RAISE, 7)
    assert discrete_action(h, 4, ActionSet()) == (ActionKind.RAISE, 200)
    assert discrete_action(h, FOLD, ActionSet()) == (ActionKind.FOLD, 0)
    assert discrete_action(h, CHECK_CALL, ActionSet()) == (ActionKind.CALL, 0)


def test_nobody_to_act() -> None:
    h = Hand(GameConfig(big_blind=2), [200] * 2, button=0, seed=1)
    h.fold()
    assert legal_indices(h, ActionSet()) == []
    assert not legal_mask(h, ActionSet()).any()
    obs = observe(h, 0)
    # the street the hand ended on stays set; stacks are final (200 - 1, 200 + 1)
    assert obs[OFFSET_STREET : OFFSET_STREET + 4].tolist() == [1, 0, 0, 0]
    assert obs[OFFSET_SEATS : OFFSET_SEATS + 2].tolist() == [199 / 2, 201 / 2]
    assert obs[OFFSET_TO_CALL] == 0 and obs[OFFSET_MAX_RAISE] == 0


def test_observe_into_out() -> None:
    h = Hand(GameConfig(big_blind=2), [200] * 3, button=0, seed=1)
    out = np.full(observation_size(3), np.nan, dtype=np.float32)
    assert observe(h, 1, out=out) is out
    assert not np.isnan(out).any() and np.array_equal(out, observe(h, 1))


def test_observation_layout_is_the_documented_one() -> None:
    # the offsets come from C (api/hand_batch.h); the module docstring's table says these
    import holdem_eval.engine.discrete as discrete

    doc = discrete.__doc__ or ""
    for name, offset in (("HOLE", 0), ("BOARD", 52), ("STREET", 104), ("POT", 108), ("TO_CALL", 109),
                         ("MIN_RAISE", 110), ("MAX_RAISE", 111), ("SEATS", 112)):
        assert getattr(discrete, f"OFFSET_{name}") == offset and f"``{offset}" in doc
    assert discrete.SEAT_BLOCKS == 6 and "112 + 6 n" in doc


def test_observe_refuses_a_seat_outside_the_table() -> None:
    h = Hand(GameConfig(big_blind=2), [200] * 3, button=0, seed=1)
    for seat in (3, -1):
        with pytest.raises(IndexError, match=rf"^seat {seat} is outside 0\.\.2$"):
            observe(h, seat)
    assert np.array_equal(observe(h, np.int64(2)), observe_reference(h, 2))


def test_observe_into_another_array_fills_it_as_numpy_assigns() -> None:
    h = Hand(GameConfig(big_blind=2), [200] * 3, button=0, seed=1)
    out = np.zeros(observation_size(3), dtype=np.float64)
    assert observe(h, 0, out=out) is out and np.array_equal(out, observe_reference(h, 0))
    strided = np.zeros((observation_size(3), 2), dtype=np.float32)[:, 0]
    assert observe(h, 1, out=strided) is strided and np.array_equal(strided, observe_reference(h, 1))


def test_observe_refuses_a_state_changed_from_outside() -> None:
    # the C observation reads the record only once he_hand_check accepts it (an actor out
    # of range would index past the seats), and says so as the hand's other readers do
    h = Hand(GameConfig(big_blind=2), [200] * 3, button=0, seed=1)
    h._actor = 9
    with pytest.raises(HandStateError, match=r"^the hand's state is inconsistent"):
        observe(h, 0)
