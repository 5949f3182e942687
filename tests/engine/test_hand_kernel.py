"""The C hand state machine (csrc/hand.c, he_hand_*) against the Python reference.

Drives the kernel through cffi directly (no wrapper) and plays random hands action by
action next to ``ReferenceHand`` (engine/hand/hand.py's ``*_py`` methods): the same legal
actions, the same accepted and rejected actions, the same state and event log after every
step, for every configuration (Hold'em and Omaha, all betting structures, antes, big-blind
ante, straddle, free fold), side pots, rake, extra posts, explicit cards dealt during the
hand and manual showdowns.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hand_reference import ReferenceHand
from holdem_eval.engine import ActionKind, GameConfig, Hand, Rules
from holdem_eval.engine.errors import HAND_ERRORS, HAND_FAULTS, hand_error
from holdem_eval.engine.hand.inputs import kernel_config
from test_hand_properties import CONFIGS

from holdem_eval._bindings import hand_config_struct
from holdem_eval._he_native import ffi, lib

EVENT_KINDS = (
    "hole", "ante", "small_blind", "big_blind", "straddle", "post", "dead", "board", "fold",
    "check", "call", "bet", "raise", "uncalled", "show", "muck", "win", "rake",
)
FIELDS = {
    ffi.string(lib.he_hand_field_name(f)).decode(): (
        lib.he_hand_field_offset(f), lib.he_hand_field_length(f), lib.he_hand_field_width(f)
    )
    for f in range(lib.he_hand_field_count())
}
_WIDTH_TYPE = {1: "int8_t *", 4: "int32_t *", 8: "int64_t *"}


def c_config(cfg: GameConfig, rules: Rules | None, manual: bool = False) -> Any:
    """The game as the kernel's he_hand_config: the memory that owns it (cast at the call)."""
    return hand_config_struct(kernel_config(cfg, rules, manual))


class CHand:
    """The kernel's state, read through its field table."""

    def __init__(self) -> None:
        self.buf = ffi.new("int64_t[]", lib.he_hand_size() // 8)
        self.h = ffi.cast("he_hand *", self.buf)
        self.events: list[tuple[str, int, int, tuple[int, ...]]] = []
        self._ev = ffi.new("he_hand_event[]", lib.HE_HAND_MAX_EVENTS)
        self._n = ffi.new("size_t *")

    def get(self, name: str) -> Any:
        off, length, width = FIELDS[name]
        field = ffi.cast(_WIDTH_TYPE[width], ffi.cast("char *", self.buf) + off)
        values = [int(field[k]) for k in range(length)]
        return values[0] if length == 1 else values

    def _record(self, status: int) -> int:
        for k in range(self._n[0]):
            e = self._ev[k]
            self.events.append(
                (EVENT_KINDS[e.kind], e.seat, e.amount, tuple(e.cards[j] for j in range(e.n_cards)))
            )
        return status

    def start(self, config: Any, setup: dict[str, Any]) -> int:
        keep = {k: ffi.new("int64_t[]", v) for k, v in setup.items() if isinstance(v, list)}
        s = ffi.new("he_hand_setup *", {k: v for k, v in setup.items() if not isinstance(v, list)})
        for k, v in keep.items():
            setattr(s, k, v)
        return self._record(
            lib.he_hand_start(self.h, ffi.cast("he_hand_config *", config), s, self._ev, self._n)
        )

    def act(self, kind: int, amount: int, seat: int = lib.HE_HAND_ANY_SEAT) -> int:
        return self._record(lib.he_hand_act(self.h, kind, amount, seat, self._ev, self._n))

    def deal(self, cards: list[int]) -> int:
        return self._record(lib.he_hand_deal(self.h, cards, len(cards), self._ev, self._n))

    def show(self, seat: int) -> int:
        return self._record(lib.he_hand_show(self.h, seat, ffi.NULL, 0, self._ev, self._n))

    def muck(self, seat: int) -> int:
        return self._record(lib.he_hand_muck(self.h, seat, self._ev, self._n))

    def legal(self) -> list[tuple[int, int, int]]:
        out = ffi.new("he_hand_legal_actions *")
        assert lib.he_hand_legal(self.h, out) == 0
        return [(out.kinds[k], out.min[k], out.max[k]) for k in range(out.count)]

    def raw(self) -> list[int]:
        return list(self.buf)


def action_context(c: CHand, ref: Hand, kind: int, amount: int) -> dict[str, Any]:
    """What a wrapper knows when the kernel refuses an action: the message's fields."""
    seat = ref.actor
    cur = c.get("cur_bet")
    wager_kind = kind if kind in (ActionKind.BET, ActionKind.RAISE) else (
        ActionKind.RAISE if cur else ActionKind.BET
    )
    allin = c.get("stacks")[seat] + c.get("bets")[seat] if seat >= 0 else 0
    bounds = [a for a in c.legal() if a[0] in (ActionKind.BET, ActionKind.RAISE)]
    lo, hi = (bounds[0][1], bounds[0][2]) if bounds else (0, 0)
    what = str(ActionKind(kind)) if kind in iter(ActionKind) else ""
    if kind == ActionKind.ALL_IN:
        amount = allin
    return {
        "seat": seat, "actor": seat, "kind": kind, "what": what, "amount": amount,
        "word": "bet" if wager_kind == ActionKind.BET else "raise to", "cur": cur,
        "to_call": cur - c.get("bets")[seat] if seat >= 0 else 0, "allin": allin,
        "lo": lo, "hi": hi, "max_bets": c.get("max_bets"), "pending": c.get("pending_board"),
    }


def same_state(c: CHand, ref: Hand) -> None:
    n = ref.n
    assert c.get("stacks")[:n] == ref.stacks
    assert c.get("bets")[:n] == ref.bets
    assert c.get("committed")[:n] == ref.committed
    assert c.get("folded")[:n] == [int(f) for f in ref.folded]
    assert c.get("pot") == ref.pot
    assert c.get("actor") == ref.actor
    assert c.get("street") == ref.street_index
    assert c.get("board")[: c.get("board_len")] == list(ref.board)
    assert c.get("pending_board") == ref.pending_board
    assert c.get("cur_bet") == ref.cur_bet
    assert c.get("raise_size") == ref.raise_size
    assert c.get("acted")[:n] == ref._acted
    assert c.get("n_active") == ref.n_active and c.get("n_live") == ref.n_live
    assert bool(c.get("over")) == ref.is_over
    if ref.is_over:
        assert c.get("payouts")[:n] == list(ref.payouts) and c.get("rake") == ref.rake
    assert [tuple(e) for e in ref.events] == c.events
    assert c.legal() == [tuple(a) for a in ref.legal_actions()]
    assert lib.he_hand_check(c.h) == 0


def _play(
    cfg: GameConfig,
    stacks: list[int],
    button: int,
    seed: int,
    rules: Rules | None,
    *,
    explicit: bool = False,
    manual: bool = False,
    posts: dict[int, tuple[int, int]] | None = None,
) -> None:
    rng = random.Random(seed)
    n = len(stacks)
    setup: dict[str, Any] = {"seats": n, "button": button, "stacks": stacks}
    kwargs: dict[str, Any] = {"button": button, "rules": rules, "manual_showdown": manual}
    board_later: list[int] = []
    if explicit:  # hole cards given, the board dealt by hand during play
        deck = rng.sample(range(52), n * cfg.hole_count + 5)
        holes = [deck[k * cfg.hole_count : (k + 1) * cfg.hole_count] for k in range(n)]
        board_later = deck[n * cfg.hole_count :]
        kwargs["hole_cards"] = holes
        setup["holes"] = [c for h in holes for c in h]
    else:
        kwargs["seed"] = seed
        setup.update(has_seed=1, seed=seed)
    if posts:
        kwargs["posts"] = posts
        setup["post_live"] = [posts.get(k, (0, 0))[0] for k in range(n)]
        setup["post_dead"] = [posts.get(k, (0, 0))[1] for k in range(n)]
    ref = ReferenceHand(cfg, stacks, **kwargs)
    c = CHand()
    assert c.start(c_config(cfg, rules, manual), setup) == 0
    same_state(c, ref)
    while not ref.is_over:
        if ref.pending_board:
            cards = board_later[len(ref.board) : len(ref.board) + ref.pending_board]
            ref.deal_board(cards)
            assert c.deal(cards) == 0
        elif ref.showdown_pending:
            seat = rng.choice(ref.showdown_pending)
            live = [k for k in range(n) if not ref.folded[k] and ref._shown[k] != 2]
            if len(live) > 1 and rng.random() < 0.4:
                ref.muck(seat)
                assert c.muck(seat) == 0
            else:
                ref.show(seat)
                assert c.show(seat) == 0
        else:
            seat = ref.actor
            legal = ref.legal_actions()
            if rng.random() < 0.7:
                kind, lo, hi = rng.choice(legal)
                amount = rng.randint(lo, hi)
            else:
                kind = rng.choice(list(ActionKind))
                allin = ref.stacks[seat] + ref.bets[seat]
                amount = rng.choice(
                    [0, 1, ref.cur_bet + rng.randint(-5, 60), allin + rng.randint(-1, 1)]
                )
            before = c.raw()
            context = action_context(c, ref, kind, amount)
            error: Exception | None = None
            try:
                ref.act((kind, amount))
            except Exception as exc:  # compared with the kernel's status below
                error = exc
            st = c.act(int(kind), amount, seat if rng.random() < 0.5 else lib.HE_HAND_ANY_SEAT)
            assert (st == 0) == (error is None), (kind, amount, st)
            if error is not None:
                assert c.raw() == before
                mine = hand_error(st, **context)
                assert (type(mine), str(mine)) == (type(error), str(error))
        same_state(c, ref)


@pytest.mark.parametrize("cfg", CONFIGS, ids=repr)
@pytest.mark.parametrize(
    "rules",
    [None, Rules(rake_percent=5, rake_cap=3), Rules.pokerkit(0.05, cap=4)],
    ids=["none", "tda-rake", "pokerkit"],
)
def test_kernel_matches_reference_on_random_hands(cfg: GameConfig, rules: Rules | None) -> None:
    rng = random.Random(hash((repr(cfg), repr(rules))) & 0xFFFF)
    for seed in range(40):
        n = rng.randint(3 if cfg.straddle else 2, 6 if cfg.variant == "omaha" else 9)
        stacks = [rng.randint(1, 400) for _ in range(n)]
        _play(cfg, stacks, rng.randrange(n), seed, rules)


@pytest.mark.parametrize("cfg", CONFIGS, ids=repr)
def test_kernel_matches_reference_with_explicit_cards_and_manual_showdown(cfg: GameConfig) -> None:
    rng = random.Random(7)
    for seed in range(40):
        n = rng.randint(3 if cfg.straddle else 2, 6)
        stacks = [rng.randint(20, 400) for _ in range(n)]
        posts = {rng.randrange(n): (rng.randint(0, 12), rng.randint(0, 6))} if seed % 3 == 0 else None
        _play(cfg, stacks, rng.randrange(n), seed, None, explicit=True, manual=seed % 2 == 0, posts=posts)


def test_every_kernel_status_has_one_error_entry() -> None:
    statuses = {
        getattr(lib, name) for name in dir(lib) if name.startswith("HE_E_HAND_")
    }
    assert statuses == set(HAND_ERRORS)
    assert len(statuses) == len({getattr(lib, n) for n in dir(lib) if n.startswith("HE_E_")}
                                & statuses)


def test_every_state_fault_has_one_message() -> None:
    faults = {getattr(lib, n) for n in dir(lib) if n.startswith("HE_HAND_FAULT_")}
    assert faults == set(HAND_FAULTS) == set(range(1, len(faults) + 1))


def test_an_unknown_status_is_reported_as_a_bug() -> None:
    err = hand_error(-99)
    assert type(err).__name__ == "HandStateError"
    assert str(err) == "the hand kernel returned unknown status -99"
