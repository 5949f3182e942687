"""HandBatch (engine/batch.py over csrc/hand_batch.c) against Hand and engine.discrete.

Random hands are played in a HandBatch and, hand by hand, in Hand objects started from the
same seeds, stacks and buttons; before every step the seat to act, the legal mask, the
raise range and the observation must equal what engine.discrete computes from the Hand,
after it the stacks, bets and pot; every ended hand's rewards must equal Hand.net, and
chips are conserved in every hand at every step.
"""

from __future__ import annotations

import copy
import hashlib
import pickle
import sys
import threading
from typing import Any

import holdem_eval.engine.batch as batch_module
import numpy as np
import pytest
from helpers import forked_result
from holdem_eval.engine import (
    RAISE_TO,
    SKIP,
    BatchInUseError,
    ConfigError,
    GameConfig,
    Hand,
    HandBatch,
    HandStateError,
    IllegalActionError,
    Rules,
    SeedError,
)
from holdem_eval.engine.batch import next_seed
from holdem_eval.engine.dealing import splitmix64_stream
from holdem_eval.engine.discrete import (
    ActionSet,
    discrete_action,
    legal_mask,
    observation_size,
    raise_bounds,
)
from holdem_eval.engine.hand.hand import Action, ActionKind
from observe_reference import observe_reference as observe

import holdem_eval._bindings.batch as bindings_module
from holdem_eval import HoldemEvalError
from holdem_eval._bindings import ffi, lib
from holdem_eval._limits import CountArgumentError
from holdem_eval.errors import DTypeError, OutArrayError, ShapeError

GAMES = [
    pytest.param(GameConfig(big_blind=2), 2, None, id="nl-2"),
    pytest.param(GameConfig(big_blind=2), 6, None, id="nl-6"),
    pytest.param(GameConfig(big_blind=10, small_blind=5, ante=1), 9, None, id="nl-9-ante"),
    pytest.param(GameConfig(big_blind=4, straddle=8), 4, None, id="nl-4-straddle"),
    pytest.param(GameConfig(betting="pot-limit", big_blind=2, big_blind_ante=2), 5, None, id="pl-5-bba"),
    pytest.param(GameConfig(betting="fixed-limit", big_blind=2), 3, None, id="fl-3"),
    pytest.param(GameConfig(variant="omaha", betting="pot-limit", big_blind=2), 6, None, id="plo-6"),
    pytest.param(GameConfig(big_blind=2, allow_free_fold=True), 3, None, id="nl-free-fold"),
    pytest.param(GameConfig(big_blind=2), 6, Rules(rake_percent=5, rake_cap=3), id="nl-6-rake"),
    # near the compact layout's chip limit (6 stacks of up to 6e7 chips), and beyond it
    pytest.param(GameConfig(big_blind=10**6), 6, None, id="nl-6-millions"),
    pytest.param(GameConfig(big_blind=10**8), 6, None, id="nl-6-big"),
]
ACTIONS = ActionSet((0.33, 0.5, 1.0, 2.5))


def _start(config: GameConfig, stacks: np.ndarray, button: int, seed: int, rules: Rules | None) -> Hand:
    return Hand(config, [int(s) for s in stacks], button=button, seed=seed, rules=rules)


def _compare_view(batch: HandBatch, hands: list[Hand], obs: np.ndarray) -> None:
    mask, lo, hi, actor = batch.legal_mask(), batch.min_raise, batch.max_raise, batch.actor
    stacks, pot = batch.state("stacks"), batch.state("pot")[:, 0]
    for i, h in enumerate(hands):
        assert actor[i] == h.actor
        assert mask[i].tolist() == legal_mask(h, batch.actions).tolist()
        bounds = raise_bounds(h) or (-1, -1)
        assert (lo[i], hi[i]) == bounds
        assert stacks[i].tolist() == h.stacks and pot[i] == h.pot
        expected = observe(h, h.actor) if h.actor >= 0 else np.zeros(batch.observation_size, np.float32)
        assert np.array_equal(obs[i], expected), i
        assert sum(h.stacks) + h.pot == sum(h.starting_stacks)


def _play(
    config: GameConfig, seats: int, rules: Rules | None, count: int, steps: int, seed: int,
    compact: bool | None = None, shared_stacks: bool = False, actions: ActionSet = ACTIONS,
) -> int:
    rng = np.random.default_rng(seed)
    forced = config.ante + max(config.big_blind, config.straddle) + config.big_blind_ante
    rows = 1 if shared_stacks else count
    stacks = rng.integers(forced + 1, 60 * config.big_blind, size=(rows, seats)).repeat(count // rows, 0)
    buttons = rng.integers(0, seats, size=count)
    seeds = rng.integers(0, 2**63, size=count, dtype=np.int64)
    batch = HandBatch(config, count, seats, stacks=stacks, buttons=buttons, seeds=seeds,
                      actions=actions, rules=rules, compact=compact)
    fits = seats <= 6 and stacks.sum(axis=1).max() <= 2**29
    assert batch.compact == (fits if compact is None else compact)
    assert batch.state_bytes_per_hand == (424 if batch.compact else 944) + 4 * seats + 8
    hands = [_start(config, stacks[i], int(buttons[i]), int(seeds[i]), rules) for i in range(count)]
    current = [int(s) for s in seeds]
    ended = 0
    obs = batch.observe()
    for _ in range(steps):
        _compare_view(batch, hands, obs)  # written by the last step, in its pass
        assert np.array_equal(obs, batch.observe())
        kinds = batch.sample_legal(int(rng.integers(2**62)))
        amounts = np.zeros(count, dtype=np.int64)
        lo, hi = batch.min_raise, batch.max_raise
        exact = (rng.random(count) < 0.2) & (lo >= 0)
        amounts[exact] = rng.integers(lo[exact], hi[exact] + 1)
        kinds[exact] = RAISE_TO
        result = batch.step(kinds, amounts, out=obs)
        assert not result.illegal.any() and result.acted.all()
        for i, h in enumerate(hands):
            if kinds[i] == RAISE_TO:
                kind = ActionKind.RAISE if h.cur_bet else ActionKind.BET
                h.act(Action(kind, int(amounts[i])))
            else:
                h.act(discrete_action(h, int(kinds[i]), batch.actions))
            assert result.done[i] == (h.payouts is not None)
            if h.payouts is None:
                assert not result.rewards[i].any()
                continue
            ended += 1
            assert result.rewards[i].tolist() == h.net
            assert sum(h.net) == -h.rake
            current[i] = next_seed(current[i])
            stacks_i = np.array(h.starting_stacks)
            hands[i] = _start(config, stacks_i, (h.button + 1) % seats, current[i], rules)
        assert batch.seeds.tolist() == [c & (2**64 - 1) for c in current]
    _compare_view(batch, hands, batch.observe())
    return ended


@pytest.mark.parametrize("compact", [None, False], ids=["auto", "full"])
@pytest.mark.parametrize(("config", "seats", "rules"), GAMES)
def test_batch_equals_hand(config: GameConfig, seats: int, rules: Rules | None, compact: bool | None) -> None:
    # auto: the compact layout for the games that fit it (up to 6 seats, small stacks)
    assert _play(config, seats, rules, count=40, steps=120, seed=seats, compact=compact) >= 200


@pytest.mark.parametrize("compact", [None, False], ids=["auto", "full"])
@pytest.mark.parametrize(("config", "seats", "rules"), [GAMES[i] for i in (1, 2, 3, 4, 5, 6, 7, 8)])
def test_restarts_with_shared_stacks_equal_hand(
    config: GameConfig, seats: int, rules: Rules | None, compact: bool | None
) -> None:
    # every hand has the first hand's stacks: each restart copies a fresh hand of the
    # batch (he_batch_fresh) and deals its cards, instead of starting it from nothing
    assert _play(config, seats, rules, count=40, steps=120, seed=seats + 1, compact=compact,
                 shared_stacks=True) >= 200


@pytest.mark.parametrize("compact", [None, False], ids=["auto", "full"])
@pytest.mark.parametrize("seats", [2, 6])
def test_default_action_set_equals_hand(seats: int, compact: bool | None) -> None:
    # two pot fractions (0.5, 1): the mask row's unrolled case in C
    assert _play(GameConfig(big_blind=2), seats, None, count=40, steps=120, seed=seats + 2,
                 compact=compact, shared_stacks=True, actions=ActionSet()) >= 200


@pytest.mark.slow
@pytest.mark.parametrize("compact", [True, False], ids=["compact", "full"])
def test_batch_equals_hand_thousands(compact: bool) -> None:
    ended = sum(
        _play(GameConfig(big_blind=2), n, None, count=100, steps=150, seed=n, compact=compact)
        for n in (2, 6)
    )
    assert ended >= 2000


@pytest.mark.parametrize(
    ("kwargs", "why"),
    [
        ({"seats": 7}, "7 seats (it holds at most 6)"),
        ({"stacks": [[200] * 6, [2**27] * 5 + [2**27 + 1]]},
         "the stacks of hand 1 add up to 805306369 chips (it holds at most 536870912 chips)"),
        ({"config": GameConfig(big_blind=2**29 + 1), "stacks": 2**30},
         "big_blind 536870913 (it holds at most 536870912 chips)"),
        ({"config": GameConfig(betting="fixed-limit", big_blind=2, max_bets=2**40)},
         "max_bets 1099511627776 (it holds at most 536870912 chips)"),
        ({"rules": Rules(rake_percent=5, rake_cap=2**31)},
         "rake_cap 2147483648 (it holds at most 536870912 chips)"),
    ],
)
def test_compact_layout_refuses_what_it_cannot_hold(kwargs: dict[str, object], why: str) -> None:
    args: dict[str, object] = {"config": GameConfig(big_blind=2), "count": 2, "seats": 6, "seed": 1}
    args.update(kwargs)
    with pytest.raises(ConfigError) as exc:
        HandBatch(**args, compact=True)  # type: ignore[arg-type]
    assert str(exc.value) == (
        f"compact=True: these hands do not fit the compact layout: {why};"
        " pass compact=None to use the full layout"
    )
    assert isinstance(exc.value, ValueError)
    batch = HandBatch(**args)  # type: ignore[arg-type]  # the default takes the full layout
    assert not batch.compact and batch.state_bytes_per_hand == 944 + 4 * batch.seats + 8
    assert batch.state("stacks").sum() + batch.state("pot").sum() == batch.state("starting_stacks").sum()


def test_compact_layout_holds_its_limit_exactly() -> None:
    stacks = [2**29 // 6] * 5 + [2**29 - 5 * (2**29 // 6)]  # adds up to 2**29
    batch = HandBatch(GameConfig(big_blind=2**20), 4, 6, stacks=[stacks] * 4, seed=3, auto_reset=False)
    assert batch.compact and batch.state_bytes_per_hand == 424 + 24 + 8
    for _ in range(40):  # all-in every time: pots of all the chips
        kinds = np.where(batch.legal_mask()[:, -1], batch.actions.size - 1, 1)
        batch.step(kinds)
    assert (batch.actor == -1).all()
    total = batch.state("stacks").sum(axis=1) + batch.state("rake")[:, 0]
    assert total.tolist() == [2**29] * 4
    with pytest.raises(ConfigError) as exc:
        HandBatch(GameConfig(big_blind=2), 1, 6, stacks=[[*stacks[:5], stacks[5] + 1]], compact=True)
    assert "add up to 536870913 chips" in str(exc.value)


def test_compact_argument_is_a_bool_or_none() -> None:
    with pytest.raises(ConfigError) as exc:
        HandBatch(GameConfig(big_blind=2), 2, 6, compact=1)  # type: ignore[arg-type]
    assert str(exc.value) == "compact must be a bool or None, got 1"


def _random_steps(batch: HandBatch, steps: int = 60, first: int = 0) -> list[np.ndarray]:
    """What ``steps`` random steps of ``batch`` show: observations, rewards, ends, masks."""
    seen = []
    for s in range(first, first + steps):
        seen.append(batch.observe())
        r = batch.step(batch.sample_legal(s))
        seen += [r.rewards, r.done, batch.legal_mask()]
    return seen


def _threaded(threads: int, auto_reset: bool = True) -> HandBatch:
    count = 3 * batch_module._MIN_HANDS_PER_PART + 17  # enough for three parts
    batch = HandBatch(GameConfig(big_blind=2), count, 6, seed=5, threads=threads, auto_reset=auto_reset)
    assert batch._parts == (1 if threads == 1 else min(3, threads * batch_module._PARTS_PER_THREAD))
    return batch


def _random_run(threads: int, auto_reset: bool = True) -> list[np.ndarray]:
    return _random_steps(_threaded(threads, auto_reset))


def _same(a: list[np.ndarray], b: list[np.ndarray]) -> bool:
    return len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b))


def test_threads_give_the_same_results() -> None:
    one, two, three = _random_run(1), _random_run(2), _random_run(3)
    assert _same(one, two) and _same(one, three)
    assert lib.he_pool_threads() >= 2  # the parts ran on the C pool's threads


def _digest(seen: list[np.ndarray]) -> str:
    h = hashlib.sha256()
    for a in seen:
        h.update(repr((a.dtype.str, a.shape)).encode())
        h.update(a.tobytes())
    return h.hexdigest()


def _play_in_child(batch: HandBatch) -> tuple[int, str, int]:
    # a digest: the child's pipe to the parent holds 64 KiB until the parent reads
    before = int(lib.he_pool_threads())
    seen = _random_steps(batch, 20, first=5)
    return before, _digest(seen), int(lib.he_pool_threads())


def test_a_forked_child_steps_a_threaded_batch() -> None:
    batch = _threaded(3)
    _random_steps(batch, 5)  # the pool's threads are running (and spinning) when the child forks
    assert lib.he_pool_threads() >= 2
    before, seen, after = forked_result(_play_in_child, batch)
    assert before == 0 and after >= 1  # the child forgot the parent's threads, started its own
    assert seen == _digest(_random_steps(batch, 20, first=5))


def test_two_python_threads_step_two_batches_at_once() -> None:
    serial = [_random_run(3), _random_run(2)]
    results: list[list[np.ndarray]] = [[], []]
    start = threading.Barrier(2)

    def run(slot: int, threads: int) -> None:
        batch = _threaded(threads)
        start.wait()  # both step at once: one holds the C pool, the other runs serially
        results[slot] = _random_steps(batch)

    workers = [threading.Thread(target=run, args=(0, 3)), threading.Thread(target=run, args=(1, 2))]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert _same(results[0], serial[0]) and _same(results[1], serial[1])


def test_parts_are_never_smaller_than_the_minimum() -> None:
    least = batch_module._MIN_HANDS_PER_PART
    small = HandBatch(GameConfig(big_blind=2), 2 * least - 1, 2, threads=4)
    assert (small._parts, small._threads) == (1, 1)  # a second part would cost more than it saves
    big = HandBatch(GameConfig(big_blind=2), 100 * least, 2, threads=2)
    assert (big._parts, big._threads) == (2 * batch_module._PARTS_PER_THREAD, 2)
    many = HandBatch(GameConfig(big_blind=2), 300 * least, 2, threads=256)
    assert (many._parts, many._threads) == (256, 256)  # the C pool's limit
    one = HandBatch(GameConfig(big_blind=2), 100 * least, 2, threads=1)
    assert (one._parts, one._threads) == (1, 1)


def test_without_auto_reset_hands_stay_over() -> None:
    batch = HandBatch(GameConfig(big_blind=2), 50, 3, seed=9, auto_reset=False)
    ended = np.zeros(50, dtype=bool)
    for s in range(200):
        kinds = batch.sample_legal(s)
        assert ((kinds == -1) == ended).all()
        r = batch.step(kinds)  # -1 for a finished hand: ignored
        assert not (r.done & ended).any() and not (r.acted & ended).any()
        ended |= r.done
    assert ended.all() and (batch.actor == -1).all() and not batch.legal_mask().any()
    assert not batch.observe().any()
    seeds, buttons = batch.seeds, batch.state("button")[:, 0]
    which = np.arange(50) % 2 == 0
    batch.reset(which)
    assert (batch.actor[which] >= 0).all() and (batch.actor[~which] == -1).all()
    assert batch.seeds.tolist() == [next_seed(int(s)) if w else int(s) for s, w in zip(seeds, which)]
    assert (batch.state("button")[:, 0] == np.where(which, (buttons + 1) % 3, buttons)).all()
    h = Hand(GameConfig(big_blind=2), [200] * 3, button=int(buttons[0] + 1) % 3, seed=int(batch.seeds[0]))
    assert np.array_equal(batch.observe()[0], observe(h, h.actor))
    batch.reset()
    assert (batch.actor >= 0).all()


def test_non_strict_reports_illegal_and_changes_nothing() -> None:
    batch = HandBatch(GameConfig(big_blind=2), 4, 2, seed=1, strict=False)
    before = batch.state("stacks"), batch.state("bets"), batch.observe()
    kinds = np.array([1, 9, RAISE_TO, -7])
    amounts = np.array([0, 0, 1, 0])
    r = batch.step(kinds, amounts)
    assert r.illegal.tolist() == [False, True, True, True]
    assert r.acted.tolist() == [True, False, False, False]
    assert np.array_equal(batch.state("stacks")[1:], before[0][1:])
    assert np.array_equal(batch.state("bets")[1:], before[1][1:])
    assert np.array_equal(batch.observe()[1:], before[2][1:])
    assert kinds.tolist() == [1, 9, RAISE_TO, -7]  # the caller's array is unchanged


def test_skip_leaves_a_hand_as_it_is() -> None:
    batch = HandBatch(GameConfig(big_blind=2), 3, 2, seed=1)
    bets, obs = batch.state("bets"), batch.observe()
    r = batch.step(np.array([SKIP, 1, SKIP], dtype=np.int32))
    assert r.acted.tolist() == [False, True, False] and not r.illegal.any() and not r.done.any()
    assert np.array_equal(batch.state("bets")[[0, 2]], bets[[0, 2]])
    assert np.array_equal(batch.observe()[[0, 2]], obs[[0, 2]])
    assert not np.array_equal(batch.observe()[1], obs[1])


def test_strict_illegal_changes_nothing() -> None:
    batch = HandBatch(GameConfig(big_blind=2), 3, 2, seed=1)
    snapshot = batch.state("stacks"), batch.observe()
    kinds = np.array([1, 1, 0])
    batch.step(kinds)  # hand 0 and 1 call, hand 2 folds: all legal
    # now the big blind may check but not fold (no free fold)
    with pytest.raises(IllegalActionError) as exc:
        batch.step(np.array([1, 0, 1]))
    assert isinstance(exc.value, (HoldemEvalError, ValueError))
    assert str(exc.value) == (
        "hand 1: action 0 is not legal now; legal actions: [1, 2, 3, 4]"
        " (check/call, raise 0.5 pot, raise 1 pot, all-in)"
    )
    assert not np.array_equal(batch.state("stacks"), snapshot[0])  # the first step applied
    after = batch.state("bets"), batch.observe()
    with pytest.raises(IllegalActionError):
        batch.step(np.array([1, 0, 1]))
    assert np.array_equal(batch.state("bets"), after[0]) and np.array_equal(batch.observe(), after[1])


@pytest.mark.parametrize(
    ("kinds", "amounts", "message"),
    [
        ([5, 1], None, "hand 0: action 5 is not legal now; legal actions: [0, 1, 2, 3, 4]"),
        ([1, 2**40], None, "hand 1: action 1099511627776 is not legal now; legal actions:"),
        ([-3, 1], None, "hand 0: action -3 is not legal now; legal actions:"),
        ([RAISE_TO, 1], None, "hand 0: RAISE_TO needs amounts, got amounts=None"),
        ([1, RAISE_TO], [0, 3], "hand 1: raise to 3 is not legal now; bets and raises go to 4..200"),
        ([1, RAISE_TO], [0, 201], "hand 1: raise to 201 is not legal now; bets and raises go to 4..200"),
    ],
)
def test_strict_messages(kinds: list[int], amounts: list[int] | None, message: str) -> None:
    batch = HandBatch(GameConfig(big_blind=2), 2, 2, seed=3)
    with pytest.raises(IllegalActionError) as exc:
        batch.step(np.array(kinds), None if amounts is None else np.array(amounts))
    assert str(exc.value).startswith(message)


def test_raise_to_when_no_raise_is_legal() -> None:
    batch = HandBatch(GameConfig(big_blind=2), 1, 2, stacks=np.array([[3, 200]]), seed=3)
    batch.step(np.array([RAISE_TO]), np.array([3]))  # the button (small blind 1) all-in for 3
    with pytest.raises(IllegalActionError) as exc:
        batch.step(np.array([RAISE_TO]), np.array([10]))
    assert str(exc.value) == (
        "hand 0: raise to 10 is not legal now: the seat to act may not bet or raise;"
        " legal actions: [0, 1] (fold, check/call)"
    )


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"config": "nl"}, ConfigError, "config must be a GameConfig, got 'nl'"),
        ({"count": 0}, CountArgumentError, "count must be an int from 1 to 2147483648, got 0"),
        ({"seats": 1}, CountArgumentError, "seats must be an int from 2 to 10, got 1"),
        ({"seats": 11}, CountArgumentError, "seats must be an int from 2 to 10, got 11"),
        ({"config": GameConfig(straddle=4), "seats": 2}, ConfigError, "a straddle needs at least 3 seats"),
        ({"actions": (0.5,)}, ConfigError, "actions must be an ActionSet, got (0.5,)"),
        ({"rules": "tda"}, ConfigError, "rules must be a Rules, got 'tda'"),
        ({"auto_reset": 1}, ConfigError, "auto_reset must be a bool, got 1"),
        ({"strict": None}, ConfigError, "strict must be a bool, got None"),
        ({"threads": 0}, CountArgumentError, "threads must be an int from 1 to 256, got 0"),
        ({"stacks": 2}, ConfigError,
         "stacks must be in 3..1152921504606846976 (above the 2 chips a seat may be forced to post), got 2"),
        ({"stacks": 2**61}, ConfigError, "stacks must be in 3..1152921504606846976"),
        ({"stacks": [[200, 200], [200, 2]]}, ConfigError,
         "stacks[1, 1] must be in 3..1152921504606846976 (above the 2 chips a seat may be forced to"
         " post), got 2"),
        ({"stacks": [[200.0, 200.0]] * 2}, DTypeError, "stacks must hold ints, got dtype float64"),
        ({"stacks": [[True, True]] * 2}, DTypeError, "stacks must hold ints, got dtype bool"),
        ({"stacks": [200, 200]}, ShapeError, "stacks must have shape (2, 2), got (2,)"),
        ({"stacks": [[2**60, 2**60]] * 2}, ConfigError,
         "the stacks of hand 0 add up to more than 2**60 chips"),
        ({"buttons": [0, 2]}, ConfigError, "buttons[1] must be in 0..1, got 2"),
        ({"buttons": [0]}, ShapeError, "buttons must have shape (2,), got (1,)"),
        ({"seed": 1.5}, SeedError, "seed must be an int in 0 .. 2**64 - 1, got 1.5"),
        ({"seed": -1}, SeedError, "seed must be an int in 0 .. 2**64 - 1, got -1"),
        ({"seed": 2**64}, SeedError, "seed must be an int in 0 .. 2**64 - 1, got 18446744073709551616"),
        ({"seeds": [1, -2]}, SeedError, "seeds[1] must be an int in 0 .. 2**64 - 1, got -2"),
        ({"seeds": np.array([1, -2])}, SeedError, "seeds[1] must be an int in 0 .. 2**64 - 1, got -2"),
        ({"seeds": [1, 2**64]}, SeedError,
         "seeds[1] must be an int in 0 .. 2**64 - 1, got 18446744073709551616"),
        ({"seeds": [1.0, 2.0]}, DTypeError, "seeds must hold ints, got dtype float64"),
        ({"seeds": [1, 2, 3]}, ShapeError, "seeds must have shape (2,), got (3,)"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    args = {"config": GameConfig(big_blind=2), "count": 2, "seats": 2, **kwargs}
    config, count, seats = args.pop("config"), args.pop("count"), args.pop("seats")
    with pytest.raises(error) as exc:
        HandBatch(config, count, seats, **args)  # type: ignore[arg-type]
    assert isinstance(exc.value, HoldemEvalError)
    assert str(exc.value).startswith(message)


def test_bad_step_and_observe_arguments() -> None:
    batch = HandBatch(GameConfig(big_blind=2), 3, 2, seed=1)
    cases: list[tuple[object, type[Exception], str]] = [
        (lambda: batch.step(np.array([1.0, 1.0, 1.0])), DTypeError,
         "kinds must hold ints, got dtype float64"),
        (lambda: batch.step(np.array([1, 1])), ShapeError, "kinds must have shape (3,), got (2,)"),
        (lambda: batch.step([1, 1, 1], [0.5, 0, 0]), DTypeError, "amounts must hold ints, got dtype float64"),
        (lambda: batch.step([1, 1, 1], [0]), ShapeError, "amounts must have shape (3,), got (1,)"),
        (lambda: batch.observe(out=np.zeros((3, 132))), OutArrayError,
         "out must be float32 with shape (3, 132), got float64 (3, 132)"),
        (lambda: batch.observe(out=np.zeros((3, 131), np.float32)), OutArrayError,
         "out must be float32 with shape (3, 132), got float32 (3, 131)"),
        (lambda: batch.observe(out=[0.0]), OutArrayError, "out must be a numpy array, got list"),
        (lambda: batch.step([1, 1, 1], out=np.zeros(3)), OutArrayError,
         "out must be float32 with shape (3, 132), got float64 (3,)"),
        (lambda: batch.state("stack"), ConfigError, "state has no field 'stack'; fields: small_blind, "),
        (lambda: batch.reset(np.array([1, 0, 1])), DTypeError, "which must be a bool mask, got dtype int64"),
        (lambda: batch.reset(np.array([True])), ShapeError, "which must have shape (3,), got (1,)"),
        (lambda: batch.sample_legal(seed="1"), SeedError, "seed must be an int in 0 .. 2**64 - 1, got '1'"),
        (lambda: batch.sample_legal(seed=-1), SeedError, "seed must be an int in 0 .. 2**64 - 1, got -1"),
        (lambda: batch.sample_legal(seed=2**64), SeedError,
         "seed must be an int in 0 .. 2**64 - 1, got 18446744073709551616"),
    ]
    frozen = np.zeros((3, 132), np.float32)
    frozen.setflags(write=False)
    cases.append((lambda: batch.observe(out=frozen), OutArrayError, "out must be C-contiguous and writable"))
    for call, error, message in cases:
        with pytest.raises(error) as exc:
            call()  # type: ignore[operator]
        assert str(exc.value).startswith(message), str(exc.value)


def test_transposed_out_is_refused_as_not_contiguous() -> None:
    batch = HandBatch(GameConfig(big_blind=2), 3, 2, seed=1)
    out = np.zeros((132, 3), np.float32).T
    with pytest.raises(OutArrayError) as exc:
        batch.observe(out=out)
    assert str(exc.value) == "out must be C-contiguous and writable"


def test_step_out_kept_between_steps_is_checked_again() -> None:
    """step() keeps the last ``out`` and its C pointer; the same array is still refused
    once it is frozen or reshaped, and another array replaces it."""
    batch = HandBatch(GameConfig(big_blind=2), 3, 2, seed=1)
    twin = HandBatch(GameConfig(big_blind=2), 3, 2, seed=1)
    out, other = np.zeros((3, 132), np.float32), np.zeros((3, 132), np.float32)
    for seed in range(4):
        kinds = batch.sample_legal(seed)
        batch.step(kinds, out=out)
        twin.step(kinds)
        assert np.array_equal(out, twin.observe())
    out.setflags(write=False)
    with pytest.raises(OutArrayError) as exc:
        batch.step(batch.sample_legal(4), out=out)
    assert str(exc.value) == "out must be C-contiguous and writable"
    out.setflags(write=True)
    out.shape = (132, 3)
    with pytest.raises(OutArrayError) as exc:
        batch.step(batch.sample_legal(4), out=out)
    assert str(exc.value) == "out must be float32 with shape (3, 132), got float32 (132, 3)"
    before = out.copy()
    kinds = batch.sample_legal(4)
    batch.step(kinds, out=other)
    twin.step(kinds)
    assert np.array_equal(other, twin.observe()) and np.array_equal(out, before)


def test_observe_out_and_memory() -> None:
    batch = HandBatch(GameConfig(big_blind=2), 8, 6, seed=1)
    out = np.full((8, observation_size(6)), np.nan, dtype=np.float32)
    assert batch.observe(out=out) is out and not np.isnan(out).any()
    assert batch.compact and batch.state_bytes_per_hand == batch._hands[0].nbytes + 4 * 6 + 8
    assert batch.state_bytes_per_hand <= 512  # the target for 6 seats
    assert batch.state("stacks").shape == (8, 6) and batch.state("pot").shape == (8, 1)
    full = HandBatch(GameConfig(big_blind=2), 8, 6, seed=1, compact=False)
    assert full.state_bytes_per_hand == full._hands[0].nbytes + 4 * 6 + 8 == 976
    for name in ("stacks", "pot", "holes", "board", "acted", "button", "ranks"):
        if name == "acted":  # folded/all-in level: 2**30 compact, 2**62 full
            assert np.array_equal(np.minimum(batch.state(name), 2**30), np.minimum(full.state(name), 2**30))
        else:
            assert np.array_equal(batch.state(name), full.state(name)), name


def test_sample_legal_is_uniform_over_legal() -> None:
    batch = HandBatch(GameConfig(big_blind=2), 20000, 2, seed=1)
    mask = batch.legal_mask()
    picks = batch.sample_legal(7)
    assert mask[np.arange(20000), picks].all()
    counts = np.bincount(picks, minlength=5)
    assert counts.min() > 3600 and counts.max() < 4400  # 5 legal actions, 4000 expected each
    assert np.array_equal(picks, batch.sample_legal(7)) and not np.array_equal(picks, batch.sample_legal(8))


def _sample_reference(mask: np.ndarray, k: int, key: int, first: int, end: int) -> list[int]:
    """he_batch_sample's documented pick, in Python: splitmix64 of key + gamma * (i + 1)
    (output i of the splitmix64 stream from key), its high 32 bits scaled to the count
    of nonzero entries of row i."""
    picks = []
    for i, z in enumerate(splitmix64_stream(key, end)[first:], start=first):
        legal = np.flatnonzero(mask[i * k:(i + 1) * k])
        picks.append(-1 if len(legal) == 0 else int(legal[((z >> 32) * len(legal)) >> 32]))
    return picks


@pytest.mark.parametrize("k", range(1, 12))
def test_sample_picks_the_documented_entry_for_every_row_width(k: int) -> None:
    """Rows of up to 8 entries are read as one word (SWAR), wider ones and the last rows
    of a range entry by entry: both give the reference's pick, for any nonzero byte."""
    rng = np.random.default_rng(k)
    for count, first in ((1, 0), (2, 1), (9, 0), (9, 4), (300, 0), (300, 123)):
        mask = rng.choice(np.array([0, 0, 1, 2, 128, 255], dtype=np.uint8), size=count * k)
        key = int(rng.integers(0, 2**62))
        out = np.full(count, -7, dtype=np.int32)
        assert lib.he_batch_sample(ffi.from_buffer("uint8_t[]", mask), k, key,
                                   ffi.from_buffer("int32_t[]", out),
                                   ffi.new("he_batch_range *", (first, count, 1, 1))) == 0
        assert out[:first].tolist() == [-7] * first  # rows outside the range untouched
        assert out[first:].tolist() == _sample_reference(mask, k, key, first, count)


class _FailingLib:
    """``lib`` with one function answering a status the hand machine never gives for
    checked input, to reach the wrappers' last-resort errors."""

    def __init__(self, real: object, name: str, status: int) -> None:
        self._real, self._name, self._status = real, name, status

    def __getattr__(self, attr: str) -> object:
        if attr != self._name:
            return getattr(self._real, attr)

        def fail(*args: object) -> int:
            args[-1][0] = 1  # type: ignore[index]  # the bad hand
            return self._status

        return fail


@pytest.mark.parametrize("compact", [True, False], ids=["compact", "full"])
def test_refusals_of_the_hand_machine(monkeypatch: pytest.MonkeyPatch, compact: bool) -> None:
    # one set of C calls for both layouts (spec->compact picks it in C)
    real = bindings_module.lib
    monkeypatch.setattr(bindings_module, "lib", _FailingLib(real, "he_batch_start", -104))
    with pytest.raises(ConfigError) as exc:
        HandBatch(GameConfig(big_blind=2), 3, 2, seed=1, compact=compact)
    assert str(exc.value) == "hand 1: the hand machine refused to start it (status -104)"
    monkeypatch.setattr(bindings_module, "lib", _FailingLib(real, "he_batch_fresh", -104))
    with pytest.raises(ConfigError) as exc:
        HandBatch(GameConfig(big_blind=2), 3, 2, seed=1, compact=compact)
    assert str(exc.value) == "hand 0: the hand machine refused to start it (status -104)"
    monkeypatch.setattr(bindings_module, "lib", real)
    batch = HandBatch(GameConfig(big_blind=2), 3, 2, seed=1, auto_reset=False, compact=compact)
    monkeypatch.setattr(bindings_module, "lib", _FailingLib(real, "he_batch_start", -104))
    with pytest.raises(ConfigError) as exc:
        batch.reset(np.array([False, True, True]))
    assert str(exc.value) == "hand 2: the hand machine refused to start it (status -104)"
    monkeypatch.setattr(bindings_module, "lib", _FailingLib(real, "he_batch_step", -117))
    with pytest.raises(IllegalActionError) as exc2:
        batch.step(np.array([1, 1, 1]))
    assert str(exc2.value) == "hand 1: the hand machine refused the action (status -117)"


def test_values_outside_int64() -> None:
    batch = HandBatch(GameConfig(big_blind=2), 2, 2, seed=1)
    with pytest.raises(ConfigError) as exc:
        batch.step(np.array([2**64 - 1, 1], dtype=np.uint64))
    assert str(exc.value) == (
        "kinds[0] must be in -9223372036854775808..9223372036854775807, got 18446744073709551615"
    )
    with pytest.raises(ConfigError) as exc:
        batch.step([RAISE_TO, 1], np.array([2**64 - 1, 0], dtype=np.uint64))
    assert str(exc.value) == (
        "amounts[0] must be in -9223372036854775808..9223372036854775807, got 18446744073709551615"
    )
    assert batch.step(np.array([1, 1], dtype=np.uint8)).acted.all()  # any int dtype


def test_large_unsigned_seeds_deal_as_hand_does_and_negative_ones_are_refused() -> None:
    # issue 30: negative seeds were read modulo 2**64 (-1 as 2**64 - 1); now refused
    seeds = [2**64 - 1, 2**64 - 2]
    batch = HandBatch(GameConfig(big_blind=2), 2, 3, seeds=np.array(seeds, dtype=np.uint64), buttons=[0, 0])
    for i, seed in enumerate(seeds):
        h = Hand(GameConfig(big_blind=2), [200] * 3, button=0, seed=seed)
        assert np.array_equal(batch.observe()[i], observe(h, h.actor))
    assert batch.seeds.tolist() == seeds
    with pytest.raises(SeedError, match=r"^seeds\[0\] must be an int in 0 \.\. 2\*\*64 - 1, got -1$"):
        HandBatch(GameConfig(big_blind=2), 2, 3, seeds=np.array([-1, -2]))


# ---- copies: clone, copy, pickle --------------------------------------------------------
@pytest.mark.parametrize("compact", [True, False], ids=["compact", "full"])
def test_copies_play_on_as_the_batch_would(compact: bool) -> None:
    # per-hand stacks: restarts both copy a fresh hand (hand 0's stacks) and start anew
    stacks = np.where(np.arange(90)[:, None] % 2 == 0, 200, 150 + np.arange(6))
    rules = Rules(rake_percent=5, rake_cap=3)
    batch = HandBatch(GameConfig(big_blind=2, ante=1), 90, 6, stacks=stacks, seed=3,
                      actions=ACTIONS, rules=rules, compact=compact, threads=2)
    _random_steps(batch, 7)  # mid-hand states, some hands restarted
    copies = [batch.clone(), copy.copy(batch), copy.deepcopy(batch),
              pickle.loads(pickle.dumps(batch))]
    # copy 0 goes its own way, as another copy does; batch and the others are untouched
    assert _same(_random_steps(copies[0], 5, first=100), _random_steps(batch.clone(), 5, first=100))
    ahead = _random_steps(batch, 40, first=7)
    for c in copies[1:]:
        assert (c.compact, c.threads, c.rules, c.actions) == (compact, 2, rules, ACTIONS)
        assert _same(_random_steps(c, 40, first=7), ahead)
    assert np.array_equal(copies[1].seeds, batch.seeds)
    assert np.array_equal(copies[1].state("stacks"), batch.state("stacks"))


def _pickled_state(batch: HandBatch) -> tuple[Any, ...]:
    return batch.__reduce__()[1][1]


def _restore(batch: HandBatch, **change: object) -> HandBatch:
    names = ("form", "byteorder", "settings", "hands", "history", "seeds")
    state = dict(zip(names, _pickled_state(batch)))
    state.update(change)
    return batch_module._restore_batch(HandBatch, tuple(state[n] for n in names))


def test_a_pickle_that_does_not_fit_is_refused() -> None:
    batch = HandBatch(GameConfig(big_blind=2), 8, 6, seed=1)
    batch.step(batch.sample_legal(0))
    assert _same(_random_steps(_restore(batch), 3), _random_steps(batch.clone(), 3))
    what = "the pickled HandBatch"
    no_hands = (GameConfig(big_blind=2), 0, 6, ActionSet(), Rules(), True, True, 1, True)
    cases: list[tuple[dict[str, object], str]] = [
        ({"form": 2}, f"{what} has format 2; this version reads format 1"),
        ({"settings": (1, 2)}, f"{what}: its settings are not a HandBatch's: (1, 2)"),
        ({"settings": no_hands}, f"{what}: its settings are not a HandBatch's: {no_hands!r}"),
        ({"byteorder": "big" if sys.byteorder == "little" else "little"},
         f"{what} was saved on a {'big' if sys.byteorder == 'little' else 'little'}-endian"
         f" machine; its hand records cannot be read on this {sys.byteorder}-endian one"),
        ({"history": np.zeros((8, 4, 5), np.uint8)},
         f"{what}: history must be uint8 with shape (8, 4, 6) (this build's compact layout),"
         " got uint8 (8, 4, 5)"),
        ({"seeds": [0] * 8},
         f"{what}: seeds must be uint64 with shape (8,) (this build's compact layout), got"
         " <class 'list'>"),
    ]
    hands = _pickled_state(batch)[3].copy()
    actor = batch_module._COMPACT.fields["actor"][0]
    hands.view(np.uint8)[5, actor] = 9  # a seat the 6-seat hand does not have
    cases.append(({"hands": hands},
                  f"{what}: hand 5 is not a state a batch can play: a game setting, seat"
                  " index, street or flag is out of its range (status -141)"))
    hands = _pickled_state(batch)[3].copy()
    holes = batch_module._COMPACT.fields["holes"][0]
    hands.view(np.uint8)[6, holes] = 0xFF  # a hole card unknown: a batch deals its own
    cases.append(({"hands": hands},
                  f"{what}: hand 6 is not a state a batch can play: a hole card is unknown, or"
                  " it waits for a card or showdown a batch cannot deal (status -141)"))
    hands = _pickled_state(batch)[3].copy()
    off, _, dtype = batch_module._COMPACT.fields["starting_stacks"]
    hands[0].view(np.uint8)[off : off + dtype.itemsize] = 0  # seat 0 of hand 0 started with 0
    cases.append(({"hands": hands},
                  f"{what}: hand 0 is not a hand of its game: its starting stacks"
                  " [0, 200, 200, 200, 200, 200] cannot start one"))
    settings = list(_pickled_state(batch)[2])
    settings[0] = GameConfig(big_blind=4)  # hands of big blind 2 in a batch of big blind 4
    cases.append(({"settings": tuple(settings)},
                  f"{what}: hand 0 is not a hand of its game with 6 seats (status -151)"))
    for change, message in cases:
        with pytest.raises(HandStateError) as exc:
            _restore(batch, **change)
        assert str(exc.value) == message


@pytest.mark.parametrize("compact", [True, False], ids=["compact", "full"])
def test_unpickling_damaged_hands_refuses_them_or_plays_them_by_the_rules(compact: bool) -> None:
    # random bytes of the records changed: each batch is refused with HandStateError, or
    # it plays on (no hand left without a seat to act, chips conserved in every hand)
    # and its hands still pass the check after
    batch = HandBatch(GameConfig(big_blind=2, ante=1), 16, 6, seed=1, compact=compact)
    _random_steps(batch, 5)
    hands = _pickled_state(batch)[3]
    rng = np.random.default_rng(11)
    refused = played = 0
    for _ in range(250):
        damaged = hands.copy()
        raw = damaged.view(np.uint8)
        for _ in range(int(rng.choice([1, 2, 8]))):
            i, j = int(rng.integers(raw.shape[0])), int(rng.integers(raw.shape[1]))
            raw[i, j] = int(rng.choice([0, 1, 0x7F, 0x80, 0xFF, int(rng.integers(256))]))
        try:
            copy_ = _restore(batch, hands=damaged)
        except HandStateError:
            refused += 1
            continue
        played += 1
        for s in range(20):
            result = copy_.step(copy_.sample_legal(s))
            assert not result.rewards.sum(axis=1).any() and (copy_.actor >= 0).all()
        assert copy_._c.check_hands()[0] == 0
    assert refused > 20 and played > 20  # both ways were taken


def test_a_batch_in_use_by_another_thread_refuses_calls_and_changes_nothing() -> None:
    # the C calls run without the GIL: a second call on the same hands would tear them
    batch = HandBatch(GameConfig(big_blind=2), 70, 6, seed=2, threads=2)
    kinds = batch.sample_legal(1)
    before = _pickled_state(batch)
    calls = [lambda: batch.step(kinds), batch.observe, batch.sample_legal, batch.reset,
             batch.clone, lambda: pickle.dumps(batch)]
    holder = threading.Thread(target=batch._busy.acquire)  # another thread's call, running
    holder.start()
    holder.join()
    for call in calls:
        with pytest.raises(BatchInUseError) as exc:
            call()
        assert str(exc.value) == (
            "this HandBatch is in use: a call on it from another thread is running"
            " (one thread at a time; give each thread its own batch)"
        )
    assert isinstance(exc.value, RuntimeError)
    batch._busy.release()  # that call ended
    assert _same(list(_pickled_state(batch)[3:]), list(before[3:]))  # nothing changed
    for call in calls:
        call()


def test_one_seed_rule_for_batches_and_hands() -> None:
    """Issue 30: seeds were taken modulo 2**64 (seed=2**64 dealt like seed=0), NumPy
    integer seeds were a TypeError in Hand; now ints 0 .. 2**64 - 1 everywhere."""
    cfg = GameConfig(big_blind=2)
    top = 2**64 - 1
    for seed in (np.int64(5), np.uint64(top), np.int32(7)):
        a = HandBatch(cfg, 2, 2, seed=seed)
        b = HandBatch(cfg, 2, 2, seed=int(seed))
        assert (a.seeds == b.seeds).all()
        assert Hand(cfg, [100, 100], seed=seed).hole_cards == Hand(cfg, [100, 100], seed=int(seed)).hole_cards
        assert (a.sample_legal(seed=seed) == a.sample_legal(seed=int(seed))).all()
    big = HandBatch(cfg, 2, 2, seeds=[top, top - 1])
    assert big.seeds.tolist() == [top, top - 1]
    assert next_seed(np.uint64(3)) == next_seed(3)
    for bad in (-1, 2**64, 2**70, 1.5, "3", True, np.int64(-1)):
        message = f"seed must be an int in 0 .. 2**64 - 1, got {bad!r}"
        for call in (
            lambda s: Hand(cfg, [100, 100], seed=s),
            lambda s: HandBatch(cfg, 2, 2, seed=s),
            lambda s: HandBatch(cfg, 2, 2).sample_legal(seed=s),
            next_seed,
        ):
            with pytest.raises(SeedError) as info:
                call(bad)
            assert str(info.value) == message
            assert isinstance(info.value, TypeError) and isinstance(info.value, ConfigError)


def test_one_boundary_and_one_batch_api() -> None:
    # issue 25: the batch and the observation reach C only through holdem_eval._bindings
    # (no ffi/lib here); the compact layout is chosen in C, so no he_batch6_*/he_hand6_*
    # symbol exists; no call of the batch API takes more than 12 parameters
    import ast
    import re
    from pathlib import Path

    import holdem_eval.engine.discrete as discrete_module

    for module in (batch_module, discrete_module):
        tree = ast.parse(Path(str(module.__file__)).read_text())
        imported = {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                    for a in node.names}
        assert not imported & {"ffi", "lib"}, module.__name__
    assert [name for name in dir(lib) if "batch6" in name or "hand6" in name] == []
    header = (Path(__file__).resolve().parents[2] / "csrc" / "api" / "hand_batch.h").read_text()
    prototypes = re.findall(r"^\w[\w \*]*\b(he_batch_\w+)\(([^;]*)\);", header, re.M)
    assert len(prototypes) >= 12
    assert [name for name, args in prototypes if args.count(",") + 1 > 12] == []
