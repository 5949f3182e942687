"""Evaluator against an independent reference, phevaluator, and itself (threads, scalar)."""

from __future__ import annotations

import multiprocessing
import os
import threading

import numpy as np
import pytest
from helpers import forked_result, random_hands
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import ref_category, ref_key, ref_omaha_key

import holdem_eval as he
from holdem_eval import _bindings
from holdem_eval._limits import CountArgumentError

hands7 = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)
hand_sizes = st.integers(5, 7).flatmap(
    lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)
)


@settings(max_examples=400, deadline=None)
@given(a=hand_sizes, b=hand_sizes)
def test_order_and_category_match_reference(a: list[int], b: list[int]) -> None:
    ra, rb = he.evaluate(a), he.evaluate(b)
    ka, kb = ref_key(a), ref_key(b)
    assert (ra < rb) == (ka > kb)
    assert (ra == rb) == (ka == kb)
    assert int(he.hand_category(ra)) == ref_category(a)


def test_random_batch_matches_reference(rng: np.random.Generator) -> None:
    hands = random_hands(rng, 3000, 7)
    ranks = he.evaluate_batch(hands)
    keys = [ref_key(h.tolist()) for h in hands]
    order_ref = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    # strongest first by the reference is non-decreasing in our rank, ties exactly shared
    for i, j in zip(order_ref, order_ref[1:]):
        assert ranks[i] <= ranks[j]
        assert (ranks[i] == ranks[j]) == (keys[i] == keys[j])


@pytest.mark.parametrize("k", [5, 6, 7])
def test_equal_to_phevaluator(rng: np.random.Generator, k: int) -> None:
    from phevaluator import evaluate_cards  # same card ids and the same rank scale

    hands = random_hands(rng, 50_000, k)
    ours = he.evaluate_batch(hands)
    theirs = np.array([evaluate_cards(*row) for row in hands.tolist()])
    assert np.array_equal(ours, theirs)


def test_omaha_equal_to_phevaluator_and_reference(rng: np.random.Generator) -> None:
    from phevaluator import evaluate_omaha_cards

    deal = random_hands(rng, 20_000, 9)
    holes, boards = deal[:, :4], deal[:, 4:]
    ours = he.evaluate_omaha_batch(holes, boards)
    theirs = np.array([evaluate_omaha_cards(*r[4:], *r[:4]) for r in deal.tolist()])
    assert np.array_equal(ours, theirs)
    for r in deal[:300].tolist():
        ref = ref_omaha_key(r[:4], r[4:])
        best = min(he.evaluate([*two, *three]) for two in _pairs(r[:4]) for three in _triples(r[4:]))
        assert he.evaluate_omaha(r[:4], r[4:]) == best
        assert int(he.hand_category(best)) == 9 - ref[0]


def _pairs(x: list[int]) -> list[tuple[int, ...]]:
    from itertools import combinations

    return list(combinations(x, 2))


def _triples(x: list[int]) -> list[tuple[int, ...]]:
    from itertools import combinations

    return list(combinations(x, 3))


@pytest.mark.parametrize(("nh", "nb"), [(4, 3), (4, 4), (5, 5), (6, 5), (6, 3)])
def test_omaha_sizes_brute_force(rng: np.random.Generator, nh: int, nb: int) -> None:
    deal = random_hands(rng, 200, nh + nb)
    ours = he.evaluate_omaha_batch(deal[:, :nh], deal[:, nh:])
    for r, got in zip(deal.tolist(), ours.tolist()):
        best = min(he.evaluate([*a, *b]) for a in _pairs(r[:nh]) for b in _triples(r[nh:]))
        assert got == best


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # Four hearts in hand and a one-heart board is no flush in Omaha; the board's
    # quads play only with two hole cards plus three board cards.
    assert he.hand_category(he.evaluate_omaha("Ah Kh Qh Jh", "2h 7c 8d 9s 3c")) != he.HandCategory.FLUSH
    board_quads = he.evaluate_omaha("2c 3d 4h 5s", "Ac Ad Ah As Kc")
    assert he.hand_category(board_quads) == he.HandCategory.THREE_OF_A_KIND


def test_hole_plus_board_equals_full_hands(rng: np.random.Generator) -> None:
    deal = random_hands(rng, 5000, 7)
    full = he.evaluate_batch(deal)
    per_row = he.evaluate_batch(deal[:, :2], board=deal[:, 2:])
    assert np.array_equal(full, per_row)
    shared = deal[0, 2:]
    holes = np.array([h for h in random_hands(rng, 6000, 2) if not set(h.tolist()) & set(shared.tolist())])
    got = he.evaluate_batch(holes, board=shared)
    want = he.evaluate_batch(np.hstack([holes, np.tile(shared, (len(holes), 1))]))
    assert np.array_equal(got, want)
    for nb in (3, 4):
        want = he.evaluate_batch(deal[:, : 2 + nb])
        assert np.array_equal(he.evaluate_batch(deal[:, :2], board=deal[:, 2 : 2 + nb]), want)


@pytest.mark.parametrize("threads", [2, 3, 8])
def test_threads_identical(rng: np.random.Generator, threads: int) -> None:
    deal = random_hands(rng, 100_003, 9)
    assert np.array_equal(he.evaluate_batch(deal[:, :7], threads=threads), he.evaluate_batch(deal[:, :7]))
    assert np.array_equal(
        he.evaluate_batch(deal[:, :2], board=deal[:, 2:7], threads=threads),
        he.evaluate_batch(deal[:, :2], board=deal[:, 2:7]),
    )
    assert np.array_equal(
        he.evaluate_omaha_batch(deal[:, :4], deal[:, 4:], threads=threads),
        he.evaluate_omaha_batch(deal[:, :4], deal[:, 4:]),
    )


def test_threads_reuse_one_pool_and_share_it_across_callers(rng: np.random.Generator) -> None:
    deal = random_hands(rng, 40_000, 7)
    want = he.evaluate_batch(deal)
    pool = _bindings._core._POOL
    assert np.array_equal(he.evaluate_batch(deal, threads=4), want)
    assert _bindings._core._POOL is pool  # kept, not made per call
    results: list[np.ndarray] = []

    def work() -> None:
        for _ in range(5):
            results.append(he.evaluate_batch(deal, threads=3))

    callers = [threading.Thread(target=work) for _ in range(4)]
    for t in callers:
        t.start()
    for t in callers:
        t.join()
    assert len(results) == 20 and all(np.array_equal(r, want) for r in results)


def _eval_in_child(deal: np.ndarray, want: np.ndarray) -> bool:
    return bool(np.array_equal(he.evaluate_batch(deal, threads=2), want))


def test_threads_work_in_a_forked_child(rng: np.random.Generator) -> None:
    if "fork" not in multiprocessing.get_all_start_methods():
        assert not hasattr(os, "register_at_fork")  # no fork, so no pool to renew
        return
    deal = random_hands(rng, 40_000, 7)
    want = he.evaluate_batch(deal, threads=2)  # the parent's pool has started its threads
    assert forked_result(_eval_in_child, deal, want) is True


def test_run_chunked_checks_threads() -> None:
    def call(lo: int, hi: int) -> tuple[int, int]:
        return 0, 0

    with pytest.raises(CountArgumentError, match=r"^threads must be an int from 1 to 256, got 0$"):
        _bindings.run_chunked(call, 10, 0)
    with pytest.raises(CountArgumentError, match=r"^threads must be an int from 1 to 256, got 257$"):
        _bindings.run_chunked(call, 10**7, 257)


def test_threads_report_the_first_bad_row(rng: np.random.Generator) -> None:
    deal = random_hands(rng, 100_000, 7)
    deal[70_000, 3] = deal[70_000, 4]
    deal[90_000, 0] = 60
    for threads in (1, 2, 4):
        with pytest.raises(he.DuplicateCardError, match="^hand 70000 repeats card"):
            he.evaluate_batch(deal, threads=threads)


def test_scalar_matches_batch(rng: np.random.Generator) -> None:
    for k in (5, 6, 7):
        deal = random_hands(rng, 2000, k)
        batch = he.evaluate_batch(deal)
        assert [he.evaluate(r) for r in deal.tolist()] == batch.tolist()
        assert [he.evaluate(tuple(r)) for r in deal.tolist()] == batch.tolist()
        assert [he.evaluate(r) for r in deal] == batch.tolist()  # numpy rows
        assert [he.evaluate(he.format_cards(r)) for r in deal] == batch.tolist()


def test_all_integer_dtypes_and_text_rows(rng: np.random.Generator) -> None:
    deal = random_hands(rng, 500, 7)
    want = he.evaluate_batch(deal)
    for dt in (np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64):
        assert np.array_equal(he.evaluate_batch(deal.astype(dt)), want)
    assert np.array_equal(he.evaluate_batch([he.format_cards(r, sep=" ") for r in deal]), want)
    assert np.array_equal(he.evaluate_batch(deal.tolist()), want)


def test_non_contiguous_input_and_out(rng: np.random.Generator) -> None:
    deal = random_hands(rng, 1000, 14).astype(np.int64)
    view = deal[::2, ::2]  # non-contiguous, int64
    assert not view.flags.c_contiguous
    want = np.array([he.evaluate(r.tolist()) for r in view])
    out = np.zeros(len(view), dtype=np.uint16)
    res = he.evaluate_batch(view, out=out)
    assert res is out
    assert np.array_equal(out, want)


def test_known_hands() -> None:
    assert he.evaluate("As Ks Qs Js Ts") == 1
    assert he.evaluate("5s 4s 3s 2s As") == 10
    assert he.evaluate("Ac Ad Ah As Kd") == 11
    assert he.evaluate("7c 5d 4h 3s 2c") == 7462
    assert he.evaluate("Ah Kd 5c 4h 3s 2c 7d") == 1609  # wheel beats ace high
    assert he.evaluate("10h Jh Qh Kh Ah") == 1


def test_a_wrong_call_names_evaluate() -> None:
    """The C fast path hands every call it does not take to the Python one; a wrong call is
    the TypeError Python gives for ``evaluate``, on both paths."""
    for args, kwargs, message in (
        (((48, 44, 40, 36, 32),), {"foo": 1}, "evaluate() got an unexpected keyword argument 'foo'"),
        ((), {}, "evaluate() missing 1 required positional argument: 'cards'"),
        ((1, 2, 3), {}, "evaluate() takes from 1 to 2 positional arguments but 3 were given"),
        (("Ah Kh Qh Jh Th",), {"variant": "holdem", "x": 2}, "evaluate() got an unexpected keyword"),
    ):
        with pytest.raises(TypeError, match=rf"^{message.replace('(', '[(]').replace(')', '[)]')}"):
            he.evaluate(*args, **kwargs)
