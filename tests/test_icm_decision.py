"""holdem_eval.icm_call_ev: hand-computed cases, the ICM identity (folding's $EV is the ICM
of the stacks after the fold), chips conserved in every outcome, ranges through equity(),
and every rejection path."""

from __future__ import annotations

import itertools
import random

import pytest

from holdem_eval import IcmArgumentError, InvalidStackError, equity, icm, icm_call_ev


def harville(stacks: list[float], payouts: list[float]) -> list[float]:
    """Prize equity by enumerating every finishing order (small fields only)."""
    n = len(stacks)
    out = [0.0] * n
    for order in itertools.permutations(range(n)):
        p, left = 1.0, sum(stacks)
        for i in order:
            if left == 0:
                break
            p *= stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(order):
            out[i] += p * (payouts[place] if place < len(payouts) else 0.0)
    return out


def test_heads_up_is_linear_in_chips() -> None:
    d = icm_call_ev([600, 400], [70, 30], caller=1, shover=0, equity=0.5)
    assert d.stacks_fold == (600.0, 400.0)
    assert d.stacks_win == (200.0, 800.0) and d.stacks_lose == (1000.0, 0.0)
    assert d.icm_fold == pytest.approx(46.0) and d.icm_call == pytest.approx(0.5 * 62 + 0.5 * 30)
    assert d.chips_fold == 400 and d.chips_call == 400
    assert d.break_even_chips == pytest.approx(0.5) and d.break_even_icm == pytest.approx(0.5)


def test_three_players_on_the_bubble_by_hand() -> None:
    # button shoves 5000, small blind (100) folds, big blind (200) with 2000 decides
    d = icm_call_ev([5000, 3000, 2000], [50, 30, 20], caller=2, shover=0, equity=0.45,
                    blinds=[0, 100, 200])
    assert d.stacks_fold == (5300.0, 2900.0, 1800.0)
    assert d.stacks_win == (3000.0, 2900.0, 4100.0)
    assert d.stacks_lose == (7100.0, 2900.0, 0.0)
    fold = harville([5300, 2900, 1800], [50, 30, 20])[2]
    win = harville([3000, 2900, 4100], [50, 30, 20])[2]
    assert d.icm_fold == pytest.approx(fold, abs=1e-9)
    assert d.icm_call == pytest.approx(0.45 * win + 0.55 * 20.0, abs=1e-9)  # losing: third
    assert d.chips_call == pytest.approx(0.45 * 4100)
    assert d.break_even_chips == pytest.approx(1800 / 4100)
    assert d.break_even_icm == pytest.approx((fold - 20) / (win - 20))
    assert d.break_even_icm > d.break_even_chips  # ICM asks for more on the bubble
    assert not d.call_is_better


def test_antes_are_dead_and_the_bigger_stack_gets_its_excess_back() -> None:
    d = icm_call_ev([1000, 3000, 500], [60, 40], caller=1, shover=2, equity=0.6, antes=[10, 10, 10],
                    blinds=[50, 100, 0])
    # matched: the shover's 490 live chips; pot 2 * 490 + 30 antes + seat 0's 50 blind = 1060
    assert d.stacks_win == (940.0, 3000 - 10 - 490 + 1060.0, 0.0)
    assert d.stacks_lose == (940.0, 2500.0, 1060.0)
    assert d.stacks_fold == (940.0, 2890.0, 500 + 60 + 110.0)


@pytest.mark.parametrize("seed", range(20))
def test_fold_is_the_icm_of_the_stacks_after_the_fold(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 8)
    stacks = [rng.randint(1, 5000) for _ in range(n)]
    payouts = sorted((rng.randint(0, 100) for _ in range(rng.randint(1, n))), reverse=True)
    payouts[0] += 1
    caller, shover = rng.sample(range(n), 2)
    antes = [min(s, rng.choice([0, 5])) for s in stacks]
    blinds = [min(s - a, rng.choice([0, 0, 20])) for s, a in zip(stacks, antes)]
    d = icm_call_ev(stacks, payouts, caller=caller, shover=shover, equity=rng.random(),
                    blinds=blinds, antes=antes)
    assert d.icm_fold == icm(list(d.stacks_fold), payouts)[caller]
    for after in (d.stacks_fold, d.stacks_win, d.stacks_lose, d.stacks_tie):
        assert sum(after) == sum(stacks) and min(after) >= 0
    # the value of calling is the outcomes' ICM weighted by the chances
    expected = d.win * icm(list(d.stacks_win), payouts)[caller] + (1 - d.win) * icm(
        list(d.stacks_lose), payouts)[caller]
    assert d.icm_call == pytest.approx(expected, abs=1e-9)
    if d.break_even_icm is not None:
        at = icm_call_ev(stacks, payouts, caller=caller, shover=shover,
                         equity=min(1.0, max(0.0, d.break_even_icm)), blinds=blinds, antes=antes)
        if 0 <= d.break_even_icm <= 1:
            assert at.icm_call == pytest.approx(at.icm_fold, abs=1e-9)


def test_ranges_use_equity_with_ties() -> None:
    d = icm_call_ev([4000, 4000, 2000], [50, 30, 20], caller=1, shover=0, ranges=("AsAd", "KsKd"))
    r = equity(["AsAd", "KsKd"])
    assert (d.win, d.tie) == (r.win[0], r.tie[0])
    assert d.equity == pytest.approx(r.equity[0], abs=1e-12)
    tie = icm(list(d.stacks_tie), [50, 30, 20])[1]
    win = icm(list(d.stacks_win), [50, 30, 20])[1]
    lose = icm(list(d.stacks_lose), [50, 30, 20])[1]
    assert d.icm_call == pytest.approx(d.win * win + d.tie * tie + (1 - d.win - d.tie) * lose)
    assert d.call_is_better
    doc = d.to_dict()
    assert doc["call_is_better"] is True and doc["stacks_fold"] == [4000.0, 4000.0, 2000.0]


def test_range_against_range_seeded() -> None:
    a = icm_call_ev([4000, 4000, 2000], [50, 30, 20], caller=2, shover=0,
                    ranges=("22+, A2s+, KTs+", "random"), seed=5)
    b = icm_call_ev([4000, 4000, 2000], [50, 30, 20], caller=2, shover=0,
                    ranges=("22+, A2s+, KTs+", "random"), seed=5)
    assert a == b and 0.5 < a.equity < 0.7


@pytest.mark.parametrize(("kw", "cls", "message"), [
    ({"stacks": [100, -5]}, InvalidStackError,
     "stack 1 must be an int number of chips > 0, got -5 in [100, -5]"),
    ({"stacks": [100, 50.5]}, InvalidStackError,
     "stack 1 must be an int number of chips > 0, got 50.5 in [100, 50.5]"),
    ({"stacks": [100]}, InvalidStackError, "stacks must be a sequence of at least 2 ints, got [100]"),
    ({"caller": 3}, IcmArgumentError, "caller must be a player index 0..2 (the order of stacks), got 3"),
    ({"shover": True}, IcmArgumentError,
     "shover must be a player index 0..2 (the order of stacks), got True"),
    ({"caller": 0}, IcmArgumentError, "caller and shover must be different players, got 0 for both"),
    ({"equity": 1.5}, IcmArgumentError, "equity must be a number from 0 to 1, got 1.5"),
    ({"equity": None}, IcmArgumentError,
     "give either equity (the caller's chance to win, 0..1) or ranges (caller's, shover's), got "
     "equity=None, ranges=None"),
    ({"equity": None, "ranges": ("AA",)}, IcmArgumentError,
     "ranges must be a pair (caller's, shover's), got ('AA',)"),
    ({"blinds": [0, 100]}, IcmArgumentError,
     "blinds must be a sequence of 3 ints (one per stack), got [0, 100]"),
    ({"antes": [0, -1, 0]}, IcmArgumentError,
     "antes[1] must be an int number of chips >= 0, got -1 in [0, -1, 0]"),
    ({"blinds": [0, 0, 250], "antes": [0, 0, 10]}, IcmArgumentError,
     "player 2 posted 250 + 10 (blind + ante), more than its stack of 250"),
])
def test_rejections(kw: dict[str, object], cls: type[Exception], message: str) -> None:
    args: dict[str, object] = {"stacks": [500, 300, 250], "payouts": [60, 40], "caller": 1, "shover": 0,
                               "equity": 0.5}
    args.update(kw)
    with pytest.raises(cls) as info:
        icm_call_ev(args.pop("stacks"), args.pop("payouts"), **args)  # type: ignore[arg-type]
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)
