"""Settlement on several runs of the board ("run it twice"): settle(boards=...),
settle_batch with (N, R, 5) boards, against an independent Python reference.

The reference below is written from the rule (api/settle.h, docs/engine.md): the pots are
formed and raked exactly as with one board (the helpers of settle_reference.py, the
oracle of the one-board kernel), then every pot's net is cut into R run shares, the
odd chips one each to the first runs, and each share split between the best hands of its
run (clockwise odd chips). It ranks hands with eval7 / the Omaha evaluator, not with the
settlement kernel.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from holdem_eval.engine import (
    NO_CARD,
    Award,
    Rules,
    Settlement,
    settle,
    settle_batch,
)
from settle_reference import (
    form_pots,
    merge_live_pots,
    odd_chip_order,
    rake_for,
    split_pot,
    uncalled_return,
)

from holdem_eval import DuplicateCardError, ShapeError, evaluate_omaha
from holdem_eval._bindings import eval7

RULES = [
    Rules(),
    Rules(rake_percent=5, rake_cap=7),
    Rules(odd_chips="first_winner", rake_percent=3),
    Rules.pokerkit(0.05),
    Rules(method="pokerkit", odd_chips="first_winner"),
]


def _rank(variant: str, hole: list[int], board: list[int]) -> int:
    if variant == "holdem":
        return int(eval7(hole[0], hole[1], *board))
    return evaluate_omaha(hole, board)


def runs_reference(
    contributions: list[int], holes: list[list[int] | None], boards: list[list[int]],
    folded: list[bool], button: int, variant: str, rules: Rules,
) -> tuple[list[int], int]:
    """Payouts and rake of a hand settled on ``boards`` (one per run)."""
    seats = len(contributions)
    chips = list(contributions)
    live = [s for s in range(seats) if not folded[s]]
    showdown = len(live) > 1
    runs = len(boards) if showdown else 1
    ranks = [[_rank(variant, holes[s], b) if showdown and s in live else 0  # type: ignore[arg-type]
              for s in range(seats)] for b in boards[:runs]]
    seat, amount = uncalled_return(chips)
    payouts = [0] * seats
    if amount:
        payouts[seat] += amount
        chips[seat] -= amount
    pots = form_pots(chips, live)
    flop = len(boards[0]) >= 3
    one_at_a_time = rules.odd_chips == "clockwise"

    def best(eligible: tuple[int, ...], run: int) -> list[int]:
        if not showdown:
            return list(eligible)
        top = min(ranks[run][s] for s in eligible)
        return [s for s in eligible if ranks[run][s] == top]

    if rules.method == "pokerkit":
        alive = {s for _, e in pots for r in range(runs) for s in best(e, r)}
        raked = [(amt, e, rake_for(rules, amt, flop_dealt=flop))
                 for amt, e in merge_live_pots(pots, alive)]
    else:
        total = rake_for(rules, sum(a for a, _ in pots), flop_dealt=flop)
        raked = []
        for amt, e in pots:
            take = min(total, amt)
            total -= take
            raked.append((amt, e, take))
    rake = sum(r for _, _, r in raked)
    for amt, eligible, pot_rake in raked:
        net = amt - pot_rake
        for run in range(runs):
            share = net // runs + (1 if run < net % runs else 0)
            order = odd_chip_order(best(eligible, run), button=button, seat_count=seats)
            for s, x in zip(order, split_pot(share, order, one_at_a_time=one_at_a_time)):
                payouts[s] += x
    return payouts, rake


def random_hand(rng: random.Random, variant: str) -> dict[str, Any]:
    seats = rng.randint(2, 6)
    hole_len = 2 if variant == "holdem" else 4
    pool = [rng.randint(0, 300) for _ in range(3)]
    chips = [rng.choice(pool) if rng.random() < 0.6 else rng.randint(0, 300)
             for _ in range(seats)]
    folded = [rng.random() < 0.25 for _ in range(seats)]
    if all(folded):
        folded[rng.randrange(seats)] = False
    deck = list(range(52))
    rng.shuffle(deck)
    holes = [deck[hole_len * s:hole_len * (s + 1)] for s in range(seats)]
    rest = deck[hole_len * seats:]
    runs = rng.randint(2, 4)
    shared = rng.choice([0, 3, 4])  # run it from preflop, the flop or the turn
    boards = [rest[:shared] + rest[shared + 5 * r:shared + 5 * r + 5 - shared]
              for r in range(runs)]
    return {"chips": chips, "holes": holes, "boards": boards, "folded": folded,
            "button": rng.randrange(seats), "variant": variant}


@pytest.mark.parametrize("variant", ["holdem", "omaha"])
@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_runs_match_the_reference(variant: str, rules: Rules) -> None:
    rng = random.Random(f"runs-{variant}-{rules!r}")
    for _ in range(300):
        h = random_hand(rng, variant)
        s = settle(h["chips"], h["holes"], None, folded=h["folded"], button=h["button"],
                   variant=variant, rules=rules, boards=h["boards"])
        want, rake = runs_reference(h["chips"], h["holes"], h["boards"], h["folded"],
                                    h["button"], variant, rules)
        assert (list(s.payouts), s.rake) == (want, rake), h
        assert sum(s.payouts) + s.rake == sum(h["chips"])
        live = h["folded"].count(False)
        assert s.runs == (len(h["boards"]) if live > 1 else 1)
        assert sum(a.amount for a in s.awards) + s.rake + sum(s.returned) == sum(h["chips"])


@pytest.mark.parametrize("variant", ["holdem", "omaha"])
def test_one_run_settles_like_one_board(variant: str) -> None:
    rng = random.Random(f"one-run-{variant}")
    for _ in range(300):
        h = random_hand(rng, variant)
        rules = rng.choice(RULES)
        args = (h["chips"], h["holes"])
        kw = {"folded": h["folded"], "button": h["button"], "variant": variant, "rules": rules}
        one = settle(*args, h["boards"][0], **kw)
        run = settle(*args, None, boards=[h["boards"][0]], **kw)
        assert run == one
        assert run.pots == one.pots and run.awards == one.awards


def test_odd_chips_go_to_the_first_runs() -> None:
    # 301 chips, two runs won by different seats: run 1's share is 151, run 2's 150.
    s = settle([150, 151], ["AsAd", "KsKd"], None, folded=[False, False], button=0,
               boards=["2c7d9hTc3h", "2c7d9hKcKh"])
    assert s.returned == (0, 1)
    assert s.payouts == (150, 151)
    assert [a.amount for a in s.awards] == [150, 150]
    s = settle([151, 151], ["AsAd", "KsKd"], None, folded=[False, False], button=0,
               boards=["2c7d9hTc3h", "2c7d9hKcKh", "2c7d9hJc3s"])
    # 302 chips on three runs: 101, 101, 100; the aces win runs 1 and 3
    assert [(a.run, a.winners, a.amount) for a in s.awards] == [
        (0, (0,), 101), (1, (1,), 101), (2, (0,), 100)]
    assert s.payouts == (201, 101)


def test_a_split_run_uses_the_clockwise_odd_chip_rule() -> None:
    # Run 2 is a board both hands play (a royal flush): its 151 chips split 76 / 75, the
    # odd chip to the first seat left of the button.
    s = settle([151, 151, 0], ["AsAd", "KsKd", None], None, folded=[False, False, True],
               button=0, boards=["2c7d9hTc3h", "ThJhQhKhAh"])
    assert [(a.run, a.winners, a.shares) for a in s.awards] == [
        (0, (0,), (151,)), (1, (0, 1), (75, 76))]
    assert s.payouts == (226, 76, 0)


def test_side_pots_on_two_runs() -> None:
    s = settle([100, 300, 300], ["AsAd", "KsKd", "QsQd"], None, folded=[False] * 3,
               button=2, boards=["2c7d9hTcJh", "2c7d9hKhKc"])
    assert s.payouts == (150, 550, 0)
    assert s.awards == (
        Award(0, 0, "high", 150, (0,), (150,), s.run_ranks[0][0]),
        Award(0, 1, "high", 150, (1,), (150,), s.run_ranks[1][1]),
        Award(1, 0, "high", 200, (1,), (200,), s.run_ranks[0][1]),
        Award(1, 1, "high", 200, (1,), (200,), s.run_ranks[1][1]),
    )
    assert s.pots[0].winners == (0, 1) and s.pots[0].shares == (150, 150)
    assert s.explain()[1] == "Seat 1 wins the main pot on run 2 (150) with Four of a Kind, Kings, Nine kicker"


def test_rake_is_taken_once_per_hand() -> None:
    rules = Rules(rake_percent=5, rake_cap=100)
    one = settle([1000, 1000], ["AsAd", "KsKd"], "2c7d9hTc3h", folded=[False, False],
                 button=0, rules=rules)
    two = settle([1000, 1000], ["AsAd", "KsKd"], None, folded=[False, False], button=0,
                 rules=rules, boards=["2c7d9hTc3h", "2c7d9hKcKh"])
    assert one.rake == two.rake == 100
    assert two.payouts == (950, 950)


def test_no_showdown_ignores_the_runs() -> None:
    s = settle([100, 50], ["AsAd", None], None, folded=[False, True], button=0,
               boards=["2c7d9hTc3h", "2c7d9hKcKh"])
    assert s.runs == 1 and s.payouts == (150, 0) and not s.showdown


def test_bad_runs_are_refused() -> None:
    kw: dict[str, Any] = {"folded": [False, False], "button": 0}
    with pytest.raises(ShapeError, match="give board or boards"):
        settle([10, 10], ["AsAd", "KsKd"], "2c7d9hTc3h", boards=["2c7d9hTc3h"], **kw)
    with pytest.raises(ShapeError, match=r"boards must hold 1\.\.8 runs"):
        settle([10, 10], ["AsAd", "KsKd"], None, boards=[], **kw)
    with pytest.raises(ShapeError, match=r"boards must hold 1\.\.8 runs"):
        settle([10, 10], ["AsAd", "KsKd"], None, boards=["2c7d9hTc3h"] * 9, **kw)
    with pytest.raises(ShapeError, match="boards must be a sequence of boards"):
        settle([10, 10], ["AsAd", "KsKd"], None, boards="2c7d9hTc3h", **kw)
    with pytest.raises(ShapeError, match=r"^boards\[1\]: board must have 5 cards at a showdown"):
        settle([10, 10], ["AsAd", "KsKd"], None, boards=["2c7d9hTc3h", "2c7d9h"], **kw)
    with pytest.raises(DuplicateCardError, match=r"^boards\[1\]: card 'As' appears twice"):
        settle([10, 10], ["AsAd", "KsKd"], None, boards=["2c7d9hTc3h", "2c7d9hAs3h"], **kw)


def test_settle_batch_with_runs_equals_settle() -> None:
    rng = random.Random("batch-runs")
    for variant in ("holdem", "omaha"):
        rows = [random_hand(rng, variant) for _ in range(200)]
        seats = 4
        rows = [h for h in rows if len(h["chips"]) == seats and len(h["boards"]) == 3
                and not any(len(b) != 5 for b in h["boards"])]
        if not rows:
            continue
        chips = np.array([h["chips"] for h in rows])
        holes = np.array([h["holes"] for h in rows])
        boards = np.array([h["boards"] for h in rows])
        folded = np.array([h["folded"] for h in rows])
        button = np.array([h["button"] for h in rows])
        rakes = np.empty(len(rows), dtype=np.int64)
        rules = Rules(rake_percent=5)
        pay = settle_batch(chips, holes, boards, folded=folded, button=button,
                           variant=variant, rules=rules, rake_out=rakes)
        for i, h in enumerate(rows):
            s = settle(h["chips"], h["holes"], None, folded=h["folded"], button=h["button"],
                       variant=variant, rules=rules, boards=h["boards"])
            assert pay[i].tolist() == list(s.payouts) and rakes[i] == s.rake


def test_settle_batch_refuses_a_duplicate_on_a_later_run() -> None:
    holes = np.array([[[51, 50], [47, 46]]])
    boards = np.array([[[0, 4, 8, 12, 16], [0, 4, 8, 12, 51]]])
    with pytest.raises(DuplicateCardError, match=r"^row 0: boards\[1\]: card 'As' appears twice"):
        settle_batch([[10, 10]], holes, boards, folded=[[0, 0]], button=0)
    with pytest.raises(ShapeError, match="runs 1..8"):
        settle_batch([[10, 10]], holes, np.zeros((1, 9, 5), dtype=np.uint8), folded=[[0, 0]],
                     button=0)
    assert NO_CARD == 255


def test_settlement_with_runs_pickles() -> None:
    import pickle

    s = settle([100, 300, 300], ["AsAd", "KsKd", "QsQd"], None, folded=[False] * 3,
               button=2, boards=["2c7d9hTcJh", "2c7d9hKhKc"])
    back = pickle.loads(pickle.dumps(s))
    assert isinstance(back, Settlement)
    assert back == s and back.awards == s.awards and back.runs == 2
