"""Property tests: random play through every reachable kind of state.

At every decision: every legal action (per ``legal_actions``) is accepted by ``act`` (on a
clone), every candidate that ``legal_actions`` does not allow is rejected with
IllegalActionError leaving the state unchanged, chips are conserved, and the internal
counters agree with the seat arrays.
"""

from __future__ import annotations

from holdem_eval.engine import ActionKind, GameConfig, Hand, IllegalActionError, Rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CONFIGS = [
    GameConfig(big_blind=10),
    GameConfig(big_blind=10, ante=2),
    GameConfig(big_blind=10, big_blind_ante=10),
    GameConfig(big_blind=10, straddle=20),
    GameConfig(betting="pot-limit", big_blind=10),
    GameConfig(variant="omaha", betting="pot-limit", big_blind=10),
    GameConfig(betting="fixed-limit", big_blind=10),
    GameConfig(betting="fixed-limit", big_blind=10, mode="tournament"),
    GameConfig(betting="fixed-limit", big_blind=10, max_bets=None),
    GameConfig(big_blind=10, allow_free_fold=True),
    GameConfig(variant="omaha", betting="no-limit", big_blind=9, small_blind=4),
]


def is_legal(h: Hand, kind: int, amount: int) -> bool:
    for a in h.legal_actions():
        if a.kind == kind:
            if kind in (ActionKind.BET, ActionKind.RAISE):
                return a.min_amount <= amount <= a.max_amount
            return True
    return False


def check_invariants(h: Hand) -> None:
    assert sum(h.stacks) + h.pot + h.rake == sum(h.starting_stacks)
    assert min(h.stacks) >= 0
    assert h.n_live == h.folded.count(False)
    if not h.is_over:
        assert h.pot == sum(h.committed) + sum(h.bets)
        assert h.n_active == sum(1 for s, f in zip(h.stacks, h.folded) if s > 0 and not f)
    if h.current_actor is not None:
        i = h.current_actor
        assert not h.folded[i] and h.stacks[i] > 0


def candidates(h: Hand, seat: int) -> list[tuple[int, int]]:
    cur = h.cur_bet
    out = [(int(ActionKind.FOLD), 0), (int(ActionKind.CHECK), 0), (int(ActionKind.CALL), 0)]
    allin = h.stacks[seat] + h.bets[seat]
    for kind in (ActionKind.BET, ActionKind.RAISE):
        for amount in {cur, cur + 1, cur + 10, 2 * cur + 1, allin - 1, allin, allin + 1, 0}:
            if amount >= 0:
                out.append((int(kind), amount))
        for a in h.legal_actions():
            if a.kind == kind:
                out += [(int(kind), a.min_amount - 1), (int(kind), a.max_amount + 1)]
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_play_accepts_legal_rejects_illegal_conserves_chips(data: st.DataObject) -> None:
    cfg = data.draw(st.sampled_from(CONFIGS), label="config")
    n = data.draw(st.integers(2, 6 if cfg.variant == "omaha" else 9), label="seats")
    if cfg.straddle and n == 2:
        n = 3
    stacks = data.draw(st.lists(st.integers(1, 400), min_size=n, max_size=n), label="stacks")
    button = data.draw(st.integers(0, n - 1), label="button")
    seed = data.draw(st.integers(0, 2**64 - 1), label="seed")
    rules = data.draw(st.sampled_from([None, Rules(rake_percent=5, rake_cap=7)]), label="rules")
    h = Hand(cfg, stacks, button=button, seed=seed, rules=rules)
    check_invariants(h)
    steps = 0
    while not h.is_over:
        i = h.current_actor
        assert i is not None
        snap = h.snapshot()
        for kind, amount in candidates(h, i):
            if is_legal(h, kind, amount):
                c = h.clone()
                c.act((ActionKind(kind), amount))
                check_invariants(c)
            else:
                try:
                    h.act((kind, amount))  # type: ignore[arg-type]
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"illegal {kind} {amount} accepted")
                assert h.snapshot() == snap
        # out of turn
        other = (i + 1) % n
        try:
            h.act((ActionKind.CALL, 0), seat=other)
        except IllegalActionError:
            pass
        else:
            raise AssertionError("out-of-turn action accepted")
        assert h.snapshot() == snap
        options = h.legal_actions()
        assert options
        kind_, lo, hi = data.draw(st.sampled_from(options), label="action")
        amount = data.draw(st.integers(lo, hi), label="amount") if lo != hi else lo
        h.act((kind_, amount))
        check_invariants(h)
        steps += 1
        assert steps < 200
    assert h.payouts is not None
    assert sum(h.payouts) + h.rake == sum(h.contributions) or h.pot == 0
    assert sum(h.stacks) + h.rake == sum(h.starting_stacks)
    assert h.legal_actions() == ()


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(2, 6))
def test_all_in_action_always_legal_for_the_actor(seed: int, n: int) -> None:
    h = Hand(GameConfig(big_blind=10), [100 + 37 * k for k in range(n)], button=0, seed=seed)
    while not h.is_over:
        h.all_in() if seed % 3 else h.check_or_call()
        check_invariants(h)
