"""holdem_eval.icm against PokerKit's calculate_icm, the published example, a slow
permutation reference written here, and Monte Carlo against exact; every rejection path."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest
from pokerkit import calculate_icm

import holdem_eval
from holdem_eval import (
    DTypeError,
    IcmArgumentError,
    InvalidPayoutError,
    InvalidStackError,
    ShapeError,
    icm,
    icm_batch,
    icm_places,
    icm_result,
)
from holdem_eval._limits import CountArgumentError
from holdem_eval.icm import EXACT_MAX_PLAYERS


def reference_places(stacks: list[float]) -> np.ndarray:
    """Every full finishing order with its Malmuth-Harville probability (n! orders): a
    zero stack finishes below every player with chips; zero stacks among themselves in
    every order alike."""
    n = len(stacks)
    out = np.zeros((n, n))
    for order in itertools.permutations(range(n)):
        p = 1.0
        left = list(range(n))
        for i in order:
            rem = sum(stacks[j] for j in left)
            p *= stacks[i] / rem if rem > 0 else 1.0 / len(left)
            left.remove(i)
            if p == 0.0:
                break
        for place, i in enumerate(order):
            out[i, place] += p
    return out


def random_field(rng: random.Random, n: int, zeros: bool = False) -> list[float]:
    stacks = [float(rng.randint(1, 5000)) for _ in range(n)]
    if zeros:
        for i in rng.sample(range(n), rng.randint(1, n - 1)):
            stacks[i] = 0.0
    return stacks


def random_payouts(rng: random.Random, m: int) -> list[float]:
    return sorted((rng.uniform(0, 1000) for _ in range(m)), reverse=True)


# ----------------------------------------------------------------------------- oracles


def test_published_example() -> None:
    eq = icm([50, 30, 20], [70, 30])
    assert eq.tolist() == pytest.approx([45.178571428571, 32.25, 22.571428571428], abs=1e-9)
    assert eq[1] == 32.25


@pytest.mark.parametrize("seed", range(40))
def test_agrees_with_pokerkit(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 7)
    stacks = random_field(rng, n)
    payouts = random_payouts(rng, rng.randint(1, n))
    ours = icm(stacks, payouts, method="exact")
    theirs = np.array(calculate_icm(payouts, stacks))
    assert np.abs(ours - theirs).max() <= 1e-9 * max(1.0, sum(payouts))


@pytest.mark.parametrize("seed", range(20))
def test_places_match_permutation_reference(seed: int) -> None:
    rng = random.Random(1000 + seed)
    n = rng.randint(1, 7)
    stacks = random_field(rng, n, zeros=seed % 3 == 0 and n > 1)
    if seed % 4 == 1 and n > 2:
        stacks[1] = stacks[0]  # a tie
    got = icm_places(stacks, method="exact")
    assert np.abs(got - reference_places(stacks)).max() <= 1e-12


def test_more_payouts_than_players_pays_the_first_n() -> None:
    stacks = [40, 25, 35]
    payouts = [50, 25, 15, 10]
    r = icm_result(stacks, payouts)
    assert r.payouts == (50.0, 25.0, 15.0)
    assert r.equity.sum() == pytest.approx(90.0, abs=1e-12)
    assert r.equity.tolist() == icm(stacks, payouts[:3]).tolist()
    assert r.places.shape == (3, 3)


@pytest.mark.parametrize("seed", range(10))
def test_equities_sum_to_the_paid_payouts(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 16)
    payouts = random_payouts(rng, rng.randint(1, n + 3))
    stacks = random_field(rng, n, zeros=seed % 2 == 1)
    eq = icm(stacks, payouts)
    assert eq.sum() == pytest.approx(sum(payouts[:n]), rel=1e-12)
    places = icm_places(stacks)
    assert np.allclose(places.sum(axis=0), 1.0, atol=1e-12)
    assert np.allclose(places.sum(axis=1), 1.0, atol=1e-12)


def test_ties_get_exactly_equal_results() -> None:
    stacks = [1234.5, 777, 1234.5, 777, 3, 1234.5]
    eq = icm(stacks, [50, 30, 20, 10])
    assert eq[0] == eq[2] == eq[5]
    assert eq[1] == eq[3]
    mc = icm(stacks, [50, 30, 20, 10], method="monte_carlo", trials=10_000, seed=3)
    assert mc[0] == mc[2] == mc[5] and mc[1] == mc[3]
    # more players than the insertion sort that groups a table's ties takes
    field = [float(10 + i % 7) for i in range(40)]
    r = icm_result(field, [50, 30, 20], method="monte_carlo", trials=5_000, seed=3)
    for i in range(7, 40):
        assert r.equity[i] == r.equity[i % 7] and r.stderr[i] == r.stderr[i % 7]
        assert r.places[i].tolist() == r.places[i % 7].tolist()


def test_zero_stacks_finish_below_everyone_with_chips() -> None:
    places = icm_places([0, 60, 0, 40])
    assert places[[0, 2]][:, :2].tolist() == [[0.0, 0.0], [0.0, 0.0]]
    assert places[0, 2:].tolist() == [0.5, 0.5]
    assert icm([0, 60, 0, 40], [50, 30, 20]).tolist() == pytest.approx([10.0, 42.0, 10.0, 38.0])
    # one player with chips wins; the zeros share places 2..n
    assert icm([0, 5, 0], [10, 6, 2]).tolist() == [4.0, 10.0, 4.0]


def test_one_player() -> None:
    assert icm([7], [100, 50]).tolist() == [100.0]
    assert icm_places([7]).tolist() == [[1.0]]


def test_exact_twenty_players() -> None:
    rng = random.Random(5)
    stacks = random_field(rng, 20)
    payouts = random_payouts(rng, 20)
    r = icm_result(stacks, payouts, method="exact")
    assert r.exact and r.places.shape == (20, 20)
    assert r.equity.sum() == pytest.approx(sum(payouts), rel=1e-12)
    # Few paid places cost no more than the places asked for: compare with Monte Carlo.
    mc = icm_result(stacks, payouts[:3], method="monte_carlo", trials=100_000, seed=9)
    top3 = icm(stacks, payouts[:3], method="exact")
    assert (np.abs(mc.equity - top3) <= 5 * mc.stderr + 1e-9).all()


def test_exact_refuses_more_than_its_limit() -> None:
    stacks = [10] * (EXACT_MAX_PLAYERS + 1)
    with pytest.raises(IcmArgumentError, match=r"^method='exact' takes at most 24 players .*got 25; "
                       r"use method='monte_carlo'$"):
        icm(stacks, [3, 2, 1], method="exact")


def test_auto_switches_to_monte_carlo_for_large_fields() -> None:
    r = icm_result(list(range(1, 31)), [50, 30, 20], trials=5000, seed=1)
    assert not r.exact and r.trials == 5000 and r.seed == 1
    assert icm_result(list(range(1, 23)), [50, 30, 20]).exact


# ------------------------------------------------------------------------- Monte Carlo


@pytest.mark.parametrize("seed", range(6))
def test_monte_carlo_within_its_reported_error(seed: int) -> None:
    rng = random.Random(50 + seed)
    n = rng.randint(3, 12)
    stacks = random_field(rng, n, zeros=seed == 5)
    payouts = random_payouts(rng, rng.randint(1, n))
    exact = icm(stacks, payouts, method="exact")
    r = icm_result(stacks, payouts, method="monte_carlo", trials=200_000, seed=seed)
    assert not r.exact and r.trials == 200_000 and r.seed == seed
    z = np.abs(r.equity - exact) / np.maximum(r.stderr, 1e-300)
    # 5 standard errors: a false alarm about once in 1.7 million players
    assert (np.abs(r.equity - exact) <= 5 * r.stderr + 1e-9).all(), z
    assert r.equity.sum() == pytest.approx(sum(payouts), rel=1e-9)


def test_monte_carlo_is_repeatable_whatever_the_threads() -> None:
    stacks = [float(x) for x in range(1, 101)]
    a = icm_result(stacks, [40, 25, 15, 10, 10], method="monte_carlo", trials=50_000, seed=42)
    b = icm_result(stacks, [40, 25, 15, 10, 10], method="monte_carlo", trials=50_000, seed=42,
                   threads=2)
    assert a.equity.tolist() == b.equity.tolist()
    assert a.stderr.tolist() == b.stderr.tolist()
    c = icm_result(stacks, [40, 25, 15, 10, 10], method="monte_carlo", trials=50_000, seed=43)
    assert a.equity.tolist() != c.equity.tolist()


def test_monte_carlo_draws_a_seed_and_reports_it() -> None:
    r = icm_result([5, 3, 2], [10, 5], method="monte_carlo", trials=100)
    assert isinstance(r.seed, int) and 0 <= r.seed < 1 << 64
    again = icm_result([5, 3, 2], [10, 5], method="monte_carlo", trials=100, seed=r.seed)
    assert again.equity.tolist() == r.equity.tolist()


def test_target_stderr_stops_when_reached() -> None:
    stacks = [float(x) for x in range(1, 201)]
    payouts = [30, 20, 10, 5, 5]
    r = icm_result(stacks, payouts, method="monte_carlo", target_stderr=0.05, seed=2)
    assert r.stderr.max() <= 0.05
    assert r.trials >= 16384
    capped = icm_result(stacks, payouts, method="monte_carlo", target_stderr=1e-6, trials=20_000,
                        seed=2)
    assert capped.trials == 20_000


def test_monte_carlo_places_matrix() -> None:
    stacks = [10, 20, 30, 40, 0]
    mc = icm_places(stacks, method="monte_carlo", trials=100_000, seed=4)
    exact = icm_places(stacks)
    assert np.abs(mc - exact).max() < 0.01
    assert mc[4].tolist() == [0.0, 0.0, 0.0, 0.0, 1.0]
    assert icm_places(stacks, places=2, method="monte_carlo", trials=10, seed=1).shape == (5, 2)


# --------------------------------------------------------------------------- the types


def test_inputs_of_every_form_and_untouched() -> None:
    arr = np.array([50, 30, 20], dtype=np.int64)
    pay = np.array([70.0, 30.0])
    eq = icm(arr, pay)
    assert arr.tolist() == [50, 30, 20] and pay.tolist() == [70.0, 30.0]
    assert icm((50.0, 30.0, 20.0), iter([70, 30])).tolist() == eq.tolist()
    assert icm([np.float64(50), np.int64(30), 20], [70.0, 30]).tolist() == eq.tolist()
    assert eq.dtype == np.float64
    r = icm_result([50, 30, 20], [70, 30])
    with pytest.raises(ValueError, match="read-only"):
        r.equity[0] = 1.0
    assert r.stderr.tolist() == [0.0, 0.0, 0.0] and r.trials == 0 and r.seed is None


def test_exported() -> None:
    for name in ("icm", "icm_batch", "icm_places", "icm_result", "IcmResult", "InvalidStackError",
                 "InvalidPayoutError", "IcmArgumentError"):
        assert name in holdem_eval.__all__


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(("stacks", "cls", "message"), [
    ([50, -5, 20], InvalidStackError,
     "stack 1 is -5.0: stacks must be finite numbers >= 0, got [50, -5, 20]"),
    ([50, math.nan], InvalidStackError,
     "stack 1 is nan: stacks must be finite numbers >= 0, got [50, nan]"),
    ([math.inf, 1], InvalidStackError,
     "stack 0 is inf: stacks must be finite numbers >= 0, got [inf, 1]"),
    ([0, 0.0], InvalidStackError, "stacks must not all be zero, got [0, 0.0]"),
    ([10**400, 1], InvalidStackError,
     f"stacks must be finite numbers >= 0, got [{10**400}, 1]"),
    ([1e308, 1e308], InvalidStackError,
     "stacks must sum to a finite number, got [1e+308, 1e+308]"),
    ([50, "30"], DTypeError, "stack 1 is not a number: '30' in [50, '30']"),
    ([50, True], DTypeError, "stack 1 is not a number: True in [50, True]"),
    ([50, None], DTypeError, "stack 1 is not a number: None in [50, None]"),
    ("50 30", DTypeError, "stacks must be a sequence of numbers, got '50 30'"),
    (50, DTypeError, "stacks must be a sequence of numbers, got 50"),
    (np.array(["a", "b"]), DTypeError, "stacks must be numbers, got an array of dtype <U1"),
    (np.array([True, False]), DTypeError, "stacks must be numbers, got an array of dtype bool"),
    (np.ones((2, 2)), ShapeError, "stacks must be a 1-D sequence of numbers, got shape (2, 2)"),
    ([], ShapeError, "stacks must have at least one value, got []"),
])
def test_bad_stacks(stacks: object, cls: type[Exception], message: str) -> None:
    with pytest.raises(cls) as info:
        icm(stacks, [70, 30])  # type: ignore[arg-type]
    assert str(info.value) == message
    assert isinstance(info.value, holdem_eval.HoldemEvalError)


@pytest.mark.parametrize(("payouts", "cls", "message"), [
    ([30, 70], InvalidPayoutError,
     "payouts must not increase: payout 1 (70.0) is above payout 0 (30.0) in [30, 70]"),
    ([50, 30, 30, 31], InvalidPayoutError,
     "payouts must not increase: payout 3 (31.0) is above payout 2 (30.0) in [50, 30, 30, 31]"),
    ([50, -1], InvalidPayoutError,
     "payout 1 is -1.0: payouts must be finite numbers >= 0, got [50, -1]"),
    ([math.nan], InvalidPayoutError,
     "payout 0 is nan: payouts must be finite numbers >= 0, got [nan]"),
    (["70"], DTypeError, "payout 0 is not a number: '70' in ['70']"),
    ([], ShapeError, "payouts must have at least one value, got []"),
])
def test_bad_payouts(payouts: object, cls: type[Exception], message: str) -> None:
    with pytest.raises(cls) as info:
        icm([50, 30, 20], payouts)  # type: ignore[arg-type]
    assert str(info.value) == message


@pytest.mark.parametrize(("kwargs", "cls", "message"), [
    ({"method": "brute"}, IcmArgumentError,
     "method must be one of auto, exact, monte_carlo, got 'brute'"),
    ({"trials": 0}, IcmArgumentError, "trials must be an int from 1 to 2**40, got 0"),
    ({"trials": True}, IcmArgumentError, "trials must be an int from 1 to 2**40, got True"),
    ({"target_stderr": -1.0}, IcmArgumentError, "target_stderr must be a number > 0, got -1.0"),
    ({"seed": -1}, IcmArgumentError, "seed must be an int in 0 .. 2**64 - 1, got -1"),
    ({"seed": 1 << 64}, IcmArgumentError,
     f"seed must be an int in 0 .. 2**64 - 1, got {1 << 64}"),
    ({"threads": 0}, CountArgumentError, "threads must be an int from 1 to 256, got 0"),
])
def test_bad_options(kwargs: dict[str, object], cls: type[Exception], message: str) -> None:
    with pytest.raises(cls) as info:
        icm_result([50, 30, 20], [70, 30], **kwargs)  # type: ignore[arg-type]
    assert str(info.value) == message


@pytest.mark.parametrize("places", [0, 4, True, 1.0])
def test_bad_places(places: object) -> None:
    with pytest.raises(IcmArgumentError) as info:
        icm_places([50, 30, 20], places=places)  # type: ignore[arg-type]
    assert str(info.value) == f"places must be an int from 1 to 3 (the players), got {places!r}"


# --------------------------------------------------------------------------- icm_batch


@pytest.mark.parametrize("seed", range(8))
def test_batch_is_icm_row_by_row(seed: int) -> None:
    rng = random.Random(3000 + seed)
    n = rng.randint(1, 13)
    rows = [random_field(rng, n, zeros=seed % 3 == 1 and n > 1) for _ in range(rng.randint(1, 40))]
    for row in rows[::3]:
        if n > 2:
            row[2] = row[0]  # ties, averaged in every row alike
    payouts = random_payouts(rng, rng.randint(1, n + 2))
    got = icm_batch(rows, payouts)
    assert got.shape == (len(rows), n) and got.dtype == np.float64
    for r, row in enumerate(rows):
        assert got[r].tolist() == icm(row, payouts, method="exact").tolist(), r
    # an array in, the same numbers out
    assert icm_batch(np.array(rows), np.array(payouts)).tolist() == got.tolist()


def test_batch_twenty_players_few_paid() -> None:
    rng = random.Random(11)
    rows = np.array([random_field(rng, 20) for _ in range(5)])
    got = icm_batch(rows, [50, 30, 20])
    for r in range(5):
        assert got[r].tolist() == icm(rows[r], [50, 30, 20], method="exact").tolist()
    assert np.allclose(got.sum(axis=1), 100.0, rtol=1e-12)


def test_batch_empty_and_untouched() -> None:
    assert icm_batch(np.zeros((0, 4)), [3, 2]).shape == (0, 4)
    stacks = np.array([[50.0, 30.0, 20.0], [5.0, -1.0, 2.0]])
    payouts = np.array([70.0, 30.0])
    before, pay_before = stacks.copy(), payouts.copy()
    icm_batch(stacks[:1], payouts)
    with pytest.raises(InvalidStackError):
        icm_batch(stacks, payouts)
    assert stacks.tolist() == before.tolist() and payouts.tolist() == pay_before.tolist()
    rows = [[50, 30, 20], [10, 10, 0]]
    icm_batch(rows, [60, 40, 20])
    assert rows == [[50, 30, 20], [10, 10, 0]]


@pytest.mark.parametrize(("stacks", "payouts", "cls", "message"), [
    ([[50, 30, 20], [50, -5, 20]], [70, 30], InvalidStackError,
     "stack 1 in row 1 is -5.0: stacks must be finite numbers >= 0, got [50, -5, 20]"),
    (np.array([[1.0, 2.0], [3.0, 4.0], [0.0, 0.0]]), [70, 30], InvalidStackError,
     "stacks in row 2 must not all be zero, got [0.0, 0.0]"),
    ([[1, 2], [1e308, 1e308]], [70, 30], InvalidStackError,
     "stacks in row 1 must sum to a finite number, got [1e+308, 1e+308]"),
    ([[1, 2], [10**400, 1]], [70, 30], InvalidStackError,
     f"stacks in row 1 must be finite numbers >= 0, got [{10**400}, 1]"),
    ([[50, 30], [50, "30"]], [70, 30], DTypeError,
     "stack 1 in row 1 is not a number: '30' in [50, '30']"),
    (np.array([[True, False]]), [70, 30], DTypeError,
     "stacks must be numbers, got an array of dtype bool"),
    ("50 30", [70, 30], DTypeError, "stacks must be rows of numbers, got '50 30'"),
    ([50, 30, 20], [70, 30], ShapeError,
     "stacks must have shape (rows, players) with at least one player, got shape (3,)"),
    ([[50, 30], [20]], [70, 30], ShapeError,
     "stacks must be rows of equal length (one row of stacks per table), got [[50, 30], [20]]"),
    ([[1] * 25], [70, 30], IcmArgumentError,
     "icm_batch takes at most 24 players a row (it is exact: memory and time grow as 2**n), "
     "got 25"),
    ([[50, 30, 20]], [30, 70], InvalidPayoutError,
     "payouts must not increase: payout 1 (70.0) is above payout 0 (30.0) in [30, 70]"),
    ([[50, 30, 20]], [70, -1], InvalidPayoutError,
     "payout 1 is -1.0: payouts must be finite numbers >= 0, got [70, -1]"),
    ([[50, 30, 20]], [], ShapeError, "payouts must have at least one value, got []"),
])
def test_batch_rejects(stacks: object, payouts: object, cls: type[Exception], message: str) -> None:
    with pytest.raises(cls) as info:
        icm_batch(stacks, payouts)  # type: ignore[arg-type]
    assert str(info.value) == message
    assert isinstance(info.value, holdem_eval.HoldemEvalError)
