"""The engine's C hand state machine (csrc/hand.c, through Hand) against the Python oracle.

``ReferenceHand`` (tests/engine/hand_reference.py) is the engine's former pure-Python hand,
kept as a readable oracle that nothing in the product imports. Random play, with legal
and illegal actions alike, must give identical legal-action lists, identical errors
(class and message) and identical public states and event logs after every step.
"""

from __future__ import annotations

import pickle
import random
import sys
from typing import Any

import pytest
from hand_reference import ReferenceHand
from holdem_eval.engine import (
    ActionKind,
    ConfigError,
    GameConfig,
    Hand,
    HandStateError,
    IllegalActionError,
    Rules,
)
from holdem_eval.engine.errors import HAND_FAULTS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hand_properties import CONFIGS, candidates

from holdem_eval import HoldemEvalError
from holdem_eval._bindings import HandCore


def public(h: Any) -> tuple[Any, ...]:
    """Everything a caller can see of a hand (the two classes store it differently)."""
    return (
        list(h.stacks), list(h.bets), list(h.committed), list(h.folded), h.pot, h.actor,
        h.street_index, list(h.board), h.pending_board, h.cur_bet, h.raise_size, h.n_live,
        h.n_active, h.payouts, h.rake, h.events, h.legal_actions(), h.is_over,
        h.betting_done, h.hole_cards, h.blind_seats, h.dead_money, h.showdown_pending,
    )


def _outcome(fn: Any, *args: Any) -> tuple[str, str] | None:
    try:
        fn(*args)
    except Exception as exc:  # compared, not swallowed: both sides must fail alike
        return type(exc).__name__, str(exc)
    return None


def _steps(h: Hand, rng: random.Random) -> list[tuple[str, tuple[Any, ...]]]:
    """Candidate calls at this state: every public method that acts, legal or not."""
    seat = h.actor
    other = (seat + 1) % h.n
    out: list[tuple[str, tuple[Any, ...]]] = [("act", ((k, a),)) for k, a in candidates(h, seat)]
    out += [
        ("act", ((ActionKind.ALL_IN, 0),)),
        ("act", ((ActionKind.CALL, 0), other)),  # out of turn
        ("act", ((ActionKind.CALL, 0), seat)),
        ("act", ((9, 0),)),
        ("act", (("x", 0),)),
        ("act", ((ActionKind.RAISE, True),)),
        ("act", ((ActionKind.BET, 2.0),)),
        ("act", ([ActionKind.CALL, 0],)),
        ("fold", ()),
        ("check", ()),
        ("call", ()),
        ("check_or_call", ()),
        ("all_in", ()),
        ("bet", (rng.randint(1, 50),)),
        ("raise_to", (h.cur_bet + rng.randint(0, 3 * h.raise_size),)),
        ("bet_or_raise_to", (h.cur_bet + rng.randint(0, 3 * h.raise_size),)),
        ("show", (seat,)),
        ("muck", (other,)),
        ("deal_board", ("2c",)),
    ]
    return out


def _play_both(cfg: GameConfig, stacks: list[int], button: int, seed: int, rules: Any) -> int:
    rng = random.Random(seed)
    fast = Hand(cfg, stacks, button=button, seed=seed, rules=rules)
    ref = ReferenceHand(cfg, stacks, button=button, seed=seed, rules=rules)
    assert public(fast) == public(ref)
    steps = 0
    while not fast.is_over:
        assert fast.legal_actions() == ref.legal_actions()
        options = _steps(fast, rng)
        # mostly legal moves (so hands go deep), with an illegal attempt now and then
        name, args = rng.choice(options)
        if rng.random() < 0.6:
            kind, lo, hi = rng.choice(fast.legal_actions())
            name, args = "act", ((kind, rng.randint(lo, hi)),)
        got = _outcome(getattr(fast, name), *args)
        want = _outcome(getattr(ref, name), *args)
        assert got == want, (name, args)
        assert public(fast) == public(ref), (name, args)
        steps += 1
    assert fast.payouts == ref.payouts
    return steps


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_core_matches_python_reference(data: st.DataObject) -> None:
    cfg = data.draw(st.sampled_from(CONFIGS))
    n = data.draw(st.integers(3 if cfg.straddle else 2, 6 if cfg.variant == "omaha" else 9))
    stacks = data.draw(st.lists(st.integers(1, 400), min_size=n, max_size=n))
    rules = data.draw(
        st.sampled_from(
            [None, Rules(), Rules(rake_percent=5, rake_cap=3), Rules.pokerkit(0.05, cap=4)]
        )
    )
    _play_both(cfg, stacks, data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, 2**32)), rules)


@pytest.mark.parametrize("scale", [2**50, 2**57])
def test_large_chip_counts_within_the_limit_match_the_reference(scale: int) -> None:
    for seed in range(12):
        stacks = [scale + 37 * k for k in range(6)]
        cfg = GameConfig(big_blind=scale // 100)
        assert _play_both(cfg, stacks, seed % 6, seed, None) > 0


@pytest.mark.parametrize(
    ("stacks", "big_blind", "what"),
    [
        ([2**64] * 3, 2, "stacks [18446744073709551616, 18446744073709551616, 18446744073709551616]"),
        ([2**59, 2**59, 1], 2, "stacks [576460752303423488, 576460752303423488, 1]"),
        ([2**60 + 1, 5], 2, "stacks [1152921504606846977, 5]"),
        ([100, 100], 2**61, "config big_blind 2305843009213693952"),
    ],
)
def test_amounts_above_the_limit_are_refused_at_the_door(
    stacks: list[int], big_blind: int, what: str
) -> None:
    # issue 10: never a wrong turn order; the documented limit is 2**60 chips
    with pytest.raises(ConfigError) as err:
        Hand(GameConfig(big_blind=big_blind), stacks, button=0, seed=1)
    assert str(err.value) == (
        f"{what} is above the engine's limit of 2**60 chips (each amount, and the sum of"
        " the stacks)"
    )


def test_the_product_never_imports_the_reference() -> None:
    import holdem_eval.engine  # the whole product

    assert not any(
        getattr(m, "__file__", None) and m.__name__.endswith("reference")
        and "engine" in str(m.__file__) and "tests" not in str(m.__file__)
        for m in list(sys.modules.values())
    )
    assert "ReferenceHand" not in dir(holdem_eval.engine)


def test_illegal_action_in_c_reports_like_python() -> None:
    h = Hand(GameConfig(big_blind=10), [1000] * 3, button=0, seed=3)
    before = h.snapshot()
    with pytest.raises(IllegalActionError, match="minimum is raise to 20"):
        h.act((ActionKind.RAISE, 15))
    with pytest.raises(IllegalActionError, match=r"out of turn"):
        h.act((ActionKind.CALL, 0), seat=2)
    assert h.snapshot() == before


@pytest.mark.parametrize("button", range(5))
def test_split_pots_with_odd_chips_match_the_reference(button: int) -> None:
    # everyone plays the board (a broadway straight): the pot splits between the seats
    # still in, odd chips clockwise from the button; some seats fold at random
    board = "Ah Kd Qs Jc Tc"
    holes = ["2c 3d", "4c 5d", "6c 7d", "2h 3h", "4s 5s"]
    cfg = GameConfig(big_blind=3, small_blind=1)
    for seed in range(40):
        rng = random.Random(seed)
        hands = [
            cls(cfg, [100, 57, 100, 100, 100], button=button, hole_cards=holes, board=board)
            for cls in (Hand, ReferenceHand)
        ]
        while not hands[0].is_over:
            legal = hands[0].legal_actions()
            kind, lo, hi = rng.choice([a for a in legal if a.kind != ActionKind.FOLD] or legal)
            if rng.random() < 0.15 and legal[0].kind == ActionKind.FOLD:
                kind, lo, hi = legal[0]
            amount = rng.randint(lo, hi)
            for h in hands:
                h.act((kind, amount))
            assert public(hands[0]) == public(hands[1])
        assert hands[0].payouts == hands[1].payouts
        winners = [p for p in hands[0].payouts if p]
        assert sum(winners) == sum(hands[0].contributions)


def test_copy_deepcopy_and_pickle_give_independent_equal_hands() -> None:
    import copy
    import pickle

    rng = random.Random(11)
    h = Hand(GameConfig(big_blind=10), [500] * 4, button=1, seed=99, rules=Rules())
    for _ in range(3):
        kind, lo, _ = rng.choice(h.legal_actions())
        h.act((kind, lo))
    for twin in (copy.copy(h), copy.deepcopy(h), pickle.loads(pickle.dumps(h)), h.clone()):
        assert type(twin) is Hand and twin.snapshot() == h.snapshot()
        assert twin.legal_actions() == h.legal_actions()
        # both play on identically, and playing one leaves the other untouched
        before = h.snapshot()
        while not twin.is_over:
            twin.act(twin.legal_actions()[-1][:2])
        assert h.snapshot() == before
        a = h.clone()
        while not a.is_over:
            a.act(a.legal_actions()[-1][:2])
        assert a.snapshot() == twin.snapshot()


@pytest.mark.parametrize("cfg", CONFIGS[:7], ids=repr)
def test_hands_waiting_for_board_cards_match_the_reference(cfg: GameConfig) -> None:
    # explicit hole cards and no seed: the hand pauses for deal_board at every street
    # (hand-history replay), which starts the next betting round through _begin_street;
    # with the first `given` board cards known in advance it waits only for the others
    for seed in range(25):
        rng = random.Random(seed)
        n, given = 3 + seed % 4, seed % 5
        deck = rng.sample(range(52), 52)
        hc = cfg.hole_count
        holes = [deck[k * hc : k * hc + hc] for k in range(n)]
        board = deck[n * hc : n * hc + 5]
        stacks = [rng.randint(30, 300) for _ in range(n)]
        hands = [cls(cfg, stacks, button=seed % n, hole_cards=holes, board=board[:given])
                 for cls in (Hand, ReferenceHand)]
        while not hands[0].is_over:
            hands[0] = pickle.loads(pickle.dumps(hands[0]))
            if hands[0].pending_board:
                dealt = max(len(hands[0].board), given)
                cards = board[dealt : dealt + hands[0].pending_board]
                for h in hands:
                    h.deal_board(cards)
            else:
                kind, lo, hi = rng.choice(hands[0].legal_actions())
                amount = rng.randint(lo, hi)
                for h in hands:
                    h.act((kind, amount))
            assert public(hands[0]) == public(hands[1])


_ODD_VALUES = [-1, -7, -(2**62), 2**62, 2**63 - 1, 0, 1, 2, 3, 5, 9, 10, 11, 52, 255]
# every field of the kernel's state (csrc/hand_state.h), through its accessor
_FIELDS = sorted(
    name for name, member in HandCore.__dict__.items()
    if type(member).__name__ == "getset_descriptor" and name.startswith("_")
    and name not in ("_log", "__dict__")
)
_STEPS: list[tuple[str, tuple[Any, ...]]] = [
    ("legal_actions", ()),
    ("clone", ()),
    ("view", (0,)),
    ("act", ((ActionKind.CALL, 0),)),
    ("act", ((ActionKind.CHECK, 0),)),
    ("act", ((ActionKind.RAISE, 10),)),
    ("act", ((ActionKind.FOLD, 0),)),
    ("deal_board", ([0, 1, 2],)),
    ("show", (0,)),
    ("muck", (1,)),
]


def test_every_kernel_field_is_tampered_with() -> None:
    assert len(_FIELDS) > 50 and "_stacks" in _FIELDS and "_holes" in _FIELDS


@pytest.mark.parametrize("name", _FIELDS)
def test_tampered_state_never_crashes(name: str) -> None:
    # any value in any field of the kernel's state: the next step either refuses it
    # with a clear error (the kernel's he_hand_check), or the hand plays on with every
    # chip accounted for
    rng = random.Random(name)
    for value in _ODD_VALUES:
        for seed in range(3):
            h = Hand(GameConfig(big_blind=2), [200] * 6, button=seed, seed=seed)
            for _ in range(rng.randint(0, 8)):
                if h.is_over:
                    break
                kind, lo, hi = rng.choice(h.legal_actions())
                h.act((kind, rng.randint(lo, hi)))
            old = getattr(h, name)
            setattr(h, name, [value] * len(old) if isinstance(old, list) else value)
            for _ in range(12):
                for method, args in _STEPS:
                    try:
                        getattr(h, method)(*args)
                    except HandStateError as exc:
                        if "inconsistent" in str(exc):  # naming the broken group
                            assert str(exc) == (
                                "the hand's state is inconsistent (it was changed from"
                                f" outside): {HAND_FAULTS[h._fault()]}; it cannot be played on"
                            )
                    except HoldemEvalError:
                        pass  # an illegal action for the state
                    else:
                        if method in ("act", "deal_board", "show", "muck"):
                            assert sum(h.stacks) + h.pot + h.rake == sum(h.starting_stacks)


@pytest.mark.parametrize("button", [-1, -7, 13])
def test_an_out_of_range_button_is_a_clear_error(button: int) -> None:
    for seed in range(5):
        h = Hand(GameConfig(big_blind=2), [200] * 6, button=0, seed=seed)
        h._button = button
        before = (h.stacks, h.pot)
        with pytest.raises(HandStateError, match="^the hand's state is inconsistent"):
            h.check_or_call()
        assert (h.stacks, h.pot) == before


def test_core_internals_reject_wrong_arguments() -> None:
    from holdem_eval._bindings import hand_glue_setup

    h = Hand(GameConfig(big_blind=2), [200] * 3, button=0, seed=1)
    with pytest.raises(TypeError, match="^_copy_core needs an instance of the same class$"):
        h._copy_core(object())
    with pytest.raises(TypeError, match="^hand_glue_setup: unexpected arguments$"):
        hand_glue_setup(None, (), ())
    with pytest.raises(TypeError, match="^a hand field takes an int$"):
        h._pot = "x"
    with pytest.raises(OverflowError, match="^a hand field holds an int64$"):
        h._pot = 2**64
    # a failed call changed nothing: hands still play
    h.act(h.legal_actions()[1][:2])
    assert h.actor == 1


def test_a_tampered_pickle_is_refused_with_a_clear_error() -> None:
    from holdem_eval.engine.hand.hand import _restore_hand

    h = Hand(GameConfig(big_blind=2), [200] * 3, button=0, seed=1)
    cls, (config, rules, manual, data, events) = h.__reduce__()[1]
    assert _restore_hand(cls, (config, rules, manual, data, events)).snapshot() == h.snapshot()
    h._n_live = 2  # three seats in the hand, counted as two
    miscounted = h._state()
    inconsistent = "the pickled hand's state is inconsistent: {}; it cannot be restored"
    cases = [
        (data[:-8], events, f"the pickled hand's state is not a {len(data)}-byte hand record"
                            " of this version; it cannot be restored"),
        (b"\xff" * 8 + data[8:], events,  # a small blind of -1
         inconsistent.format("a game setting, seat index, street or flag is out of its range")),
        (miscounted, events, inconsistent.format(
            "the counts of seats in the hand or with chips, or the bet to call, disagree with"
            " the seats")),
        (data, events[:-1], "the pickled hand's event log is inconsistent; it cannot be restored"),
    ]
    for bad, bad_events, message in cases:
        with pytest.raises(HandStateError) as err:
            _restore_hand(cls, (config, rules, manual, bad, bad_events))
        assert str(err.value) == message


def test_narrow_field_clamps_a_value_its_type_cannot_hold() -> None:
    # seats, cards and flags are int8_t in the kernel's state: a value outside int8 is
    # stored as the type's extreme, which the state check refuses like the value itself
    h = Hand(GameConfig(big_blind=2), [200] * 6, button=0, seed=1)
    h._n = 300
    assert h._n == 127
    h._holes = [-1000] * 12
    assert h._holes[:12] == [-128] * 12
    with pytest.raises(HandStateError) as exc:
        h.act((ActionKind.CALL, 0))
    assert str(exc.value) == (
        "the hand's state is inconsistent (it was changed from outside): a game setting, seat"
        " index, street or flag is out of its range; it cannot be played on"
    )


def test_state_is_compact() -> None:
    # the field table: signed 1-, 4- or 8-byte values; chips stay int64 (MAX_CHIPS = 2**60)
    from holdem_eval._bindings import lib
    from holdem_eval._he_native import ffi

    widths = {
        ffi.string(lib.he_hand_field_name(f)).decode(): int(lib.he_hand_field_width(f))
        for f in range(lib.he_hand_field_count())
    }
    assert set(widths.values()) == {1, 4, 8}
    for chips in ("stacks", "bets", "committed", "pot", "cur_bet", "payouts", "acted"):
        assert widths[chips] == 8
    for small in ("holes", "board", "n", "actor", "folded", "street"):
        assert widths[small] == 1
    assert int(lib.he_hand_size()) < 1000
    h = Hand(GameConfig(big_blind=2), [2**60 // 6] * 6, button=0, seed=1)
    h.act((ActionKind.ALL_IN, 0))
    assert h.pot == 2**60 // 6 + 1 + 2  # the all-in stack and both blinds
