"""The engine's C core (HandCore, holdem_eval/_engine_core.c) against its Python reference.

``Hand`` runs ``legal_actions``, ``act`` and the per-action steps in C, and calls the
Python methods of the same name with a ``_py`` suffix for anything the C side does not
handle itself. ``ReferenceHand`` routes every call to those Python methods. Random play,
with legal and illegal actions alike, must give identical legal-action lists, identical
errors and identical states after every step.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from holdem_eval.engine import ActionKind, GameConfig, Hand, IllegalActionError, Rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hand_properties import CONFIGS, candidates


class ReferenceHand(Hand):
    """A Hand that never uses the C hot paths."""

    __slots__ = ()
    legal_actions = Hand._legal_actions_py  # type: ignore[assignment]
    act = Hand._act_py  # type: ignore[assignment]
    _fold = Hand._fold_py
    _check = Hand._check_py
    _call = Hand._call_py
    _wager = Hand._wager_py  # type: ignore[assignment]
    _end_round = Hand._end_round_py
    _start_round = Hand._start_round_py
    _showdown = Hand._showdown_py
    _begin_street = Hand._begin_street_py
    _award_uncontested = Hand._award_uncontested_py
    _start_seeded = Hand._start_seeded_py
    _start = Hand._start_py  # type: ignore[assignment]


class PythonForbidden(Hand):
    """A Hand whose Python reference paths fail: legal play stays in C. The showdown
    goes to Python by design for Omaha, side pots and dead money (a big-blind ante), and
    a big-blind ante is posted in Python."""

    __slots__ = ()

    def _forbidden(self, *args: Any) -> None:
        raise AssertionError(f"a legal action reached the Python reference: {args!r}")

    _legal_actions_py = _act_py = _fold_py = _check_py = _call_py = _wager_py = _forbidden  # type: ignore[assignment]
    _end_round_py = _start_round_py = _award_uncontested_py = _award = _forbidden  # type: ignore[assignment]
    _next_street = _begin_street_py = _forbidden  # type: ignore[assignment]

    def _showdown_py(self) -> None:
        if self.config.variant == "holdem" and not self.config.big_blind_ante:
            self._forbidden("showdown")
        super()._showdown_py()

    def _start_seeded_py(self, seed: int, stacks: list[int], button: int) -> None:
        if not self.config.big_blind_ante:  # a big-blind ante is posted in Python
            self._forbidden("start")
        super()._start_seeded_py(seed, stacks, button)

    def _start_py(self, *args: Any) -> None:
        if not self.config.big_blind_ante:
            self._forbidden("start")
        super()._start_py(*args)


def _outcome(fn: Any, *args: Any) -> tuple[str, str] | None:
    try:
        fn(*args)
    except Exception as exc:  # compared, not swallowed: both sides must fail alike
        return type(exc).__name__, str(exc)
    return None


def _steps(h: Hand, rng: random.Random) -> list[tuple[str, tuple[Any, ...]]]:
    """Candidate calls at this state: every method that takes an action, legal or not."""
    seat = h.actor
    other = (seat + 1) % h.n
    out: list[tuple[str, tuple[Any, ...]]] = [("act", ((k, a),)) for k, a in candidates(h, seat)]
    out += [
        ("act", ((ActionKind.ALL_IN, 0),)),
        ("act", ((ActionKind.CALL, 0), other)),  # out of turn
        ("act", ((ActionKind.CALL, 0), seat)),
        ("act", ((9, 0),)),
        ("act", ((ActionKind.RAISE, True),)),
        ("act", ((ActionKind.BET, 2.0),)),
        ("act", ([ActionKind.CALL, 0],)),
        ("_fold", (seat,)),
        ("_check", (seat,)),
        ("_call", (seat,)),
        ("_wager", (seat, h.cur_bet + rng.randint(0, 3 * h.raise_size), ActionKind.RAISE)),
        ("_wager", (seat, rng.randint(1, 50), ActionKind.BET)),
    ]
    return out


def _play_both(cfg: GameConfig, stacks: list[int], button: int, seed: int, rules: Any) -> int:
    rng = random.Random(seed)
    fast = Hand(cfg, stacks, button=button, seed=seed, rules=rules)
    ref = ReferenceHand(cfg, stacks, button=button, seed=seed, rules=rules)
    assert fast.snapshot() == ref.snapshot()
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
        assert fast.snapshot() == ref.snapshot(), (name, args)
        steps += 1
    assert fast.payouts == ref.payouts
    return steps


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_core_matches_python_reference(data: st.DataObject) -> None:
    cfg = data.draw(st.sampled_from(CONFIGS))
    n = data.draw(st.integers(3 if cfg.straddle else 2, 6 if cfg.variant == "omaha" else 9))
    stacks = data.draw(st.lists(st.integers(1, 400), min_size=n, max_size=n))
    rules = data.draw(st.sampled_from([None, Rules(), Rules(rake_percent=5, rake_cap=3)]))
    _play_both(cfg, stacks, data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, 2**32)), rules)


@pytest.mark.parametrize("scale", [2**60, 2**62, 10**30])
def test_huge_chip_counts_match_the_reference(scale: int) -> None:
    # beyond 2**60 the C side hands every step to Python; around the limit both run
    for seed in range(12):
        stacks = [scale + 37 * k for k in range(6)]
        cfg = GameConfig(big_blind=scale // 100)
        assert _play_both(cfg, stacks, seed % 6, seed, None) > 0


@pytest.mark.parametrize("cfg", CONFIGS, ids=repr)
def test_legal_actions_never_reach_the_python_reference(cfg: GameConfig) -> None:
    rng = random.Random(5)
    hands = 0
    for seed in range(60):
        # equal stacks: every showdown is one pot (side pots are settled in Python)
        h = PythonForbidden(cfg, [200] * 6, button=seed % 6, seed=seed)
        while not h.is_over:
            kind, lo, hi = rng.choice(h.legal_actions())
            if kind == ActionKind.FOLD and h.cur_bet == h.bets[h.actor] and not cfg.allow_free_fold:
                continue  # never offered, but keep the loop honest
            h.act((kind, rng.randint(lo, hi)))
        hands += 1
    assert hands == 60


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
            assert hands[0].snapshot() == hands[1].snapshot()
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
    # (hand-history replay), which starts the next betting round through _begin_street
    for seed in range(25):
        rng = random.Random(seed)
        n = 3 + seed % 4
        deck = rng.sample(range(52), 52)
        hc = cfg.hole_count
        holes = [deck[k * hc : k * hc + hc] for k in range(n)]
        board = deck[n * hc : n * hc + 5]
        stacks = [rng.randint(30, 300) for _ in range(n)]
        hands = [cls(cfg, stacks, button=seed % n, hole_cards=holes) for cls in (Hand, ReferenceHand)]
        while not hands[0].is_over:
            if hands[0].pending_board:
                dealt = len(hands[0].board)
                cards = board[dealt : dealt + hands[0].pending_board]
                for h in hands:
                    h.deal_board(cards)
            else:
                kind, lo, hi = rng.choice(hands[0].legal_actions())
                amount = rng.randint(lo, hi)
                for h in hands:
                    h.act((kind, amount))
            assert hands[0].snapshot() == hands[1].snapshot()


_ODD_VALUES = [None, -1, -7, -(10**30), 10**30, 2**62, "x", 1.5, True, (), [], [1, 2], [None] * 6, [-1] * 6]
# every member of the C base (HandCore)
_CORE_MEMBERS = (
    *("stacks", "bets", "folded", "_acted", "_log", "_bounds", "cur_bet", "raise_size", "pot"),
    *("n", "actor", "n_live", "n_active", "_level_count", "last_aggressor", "_bounds_at"),
    *("committed", "board", "_board_plan", "_street_sizes", "button", "street_index"),
    *("river_aggressor", "pending_board", "betting_done"),
)
_STEPS: list[tuple[str, tuple[Any, ...]]] = [
    ("legal_actions", ()),
    ("clone", ()),
    ("view", (0,)),
    ("act", ((ActionKind.CALL, 0),)),
    ("act", ((ActionKind.CHECK, 0),)),
    ("act", ((ActionKind.RAISE, 10),)),
    ("act", ((ActionKind.FOLD, 0),)),
]


@pytest.mark.parametrize("name", _CORE_MEMBERS)
def test_tampered_state_never_crashes(name: str) -> None:
    # the C side checks every value it reads and otherwise hands over to Python, which
    # may raise anything for a corrupted hand, but the process must survive
    rng = random.Random(name)
    for value in _ODD_VALUES:
        for seed in range(4):
            h = Hand(GameConfig(big_blind=2), [200] * 6, button=seed, seed=seed)
            for _ in range(rng.randint(0, 8)):
                if h.is_over:
                    break
                kind, lo, hi = rng.choice(h.legal_actions())
                h.act((kind, rng.randint(lo, hi)))
            try:
                setattr(h, name, value)
            except (TypeError, OverflowError):
                continue  # the member refuses the value: nothing to test
            for _ in range(12):
                for method, args in _STEPS:
                    with contextlib.suppress(Exception):  # any error is fine; a crash is not
                        getattr(h, method)(*args)


@pytest.mark.parametrize("button", [-1, -7, 13])
def test_an_out_of_range_button_still_conserves_chips(button: int) -> None:
    # a caller who moves the button mid-hand gets the Python rules (modulo the seat
    # count), never a pot paid to nobody
    for seed in range(30):
        h = Hand(GameConfig(big_blind=2), [200] * 6, button=0, seed=seed)
        h.button = button
        while not h.is_over:
            h.check_or_call()
        assert sum(h.stacks) == 1200 and h.payouts is not None and max(h.payouts) > 0


def test_core_internals_reject_wrong_arguments() -> None:
    from holdem_eval._bindings import hand_core_setup

    h = Hand(GameConfig(big_blind=2), [200] * 3, button=0, seed=1)
    with pytest.raises(TypeError, match="^_copy_core needs an instance of the same class$"):
        h._copy_core(object())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="^hand_core_setup: unexpected arguments$"):
        hand_core_setup(*([None] * 9))
    # a failed setup call changed nothing: hands still play
    h.act(h.legal_actions()[1][:2])
    assert h.actor == 1
