"""pytest-benchmark suite for the evaluator: ``pytest benchmarks/bench_evaluator.py --benchmark-only``.

Rates are reported in ``extra_info`` as hands per second (from the median round)."""

from __future__ import annotations

import numpy as np
import pytest

import holdem_eval as he


def _rate(benchmark, n: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["hands"] = n
    benchmark.extra_info["hands_per_s"] = n / benchmark.stats.stats.median


@pytest.mark.parametrize("threads", [1, 2])
def test_batch_random_order(benchmark, hands7: np.ndarray, threads: int) -> None:  # type: ignore[no-untyped-def]
    out = np.empty(len(hands7), dtype=np.uint16)
    benchmark(he.evaluate_batch, hands7, out=out, threads=threads)
    _rate(benchmark, len(hands7))


def test_batch_sorted_order(benchmark, hands7: np.ndarray) -> None:  # type: ignore[no-untyped-def]
    hands = np.sort(hands7, axis=1)
    hands = hands[np.lexsort(hands.T[::-1])]
    out = np.empty(len(hands), dtype=np.uint16)
    benchmark(he.evaluate_batch, hands, out=out)
    _rate(benchmark, len(hands))


def test_batch_hole_with_shared_board(benchmark, hands7: np.ndarray) -> None:  # type: ignore[no-untyped-def]
    board = np.array([51, 47, 30, 9, 2], dtype=np.uint8)
    holes = hands7[:, :2][~np.isin(hands7[:, :2], board).any(axis=1)].copy()
    out = np.empty(len(holes), dtype=np.uint16)
    benchmark(he.evaluate_batch, holes, board=board, out=out)
    _rate(benchmark, len(holes))


def test_scalar_ids(benchmark, hands7: np.ndarray) -> None:  # type: ignore[no-untyped-def]
    rows = [tuple(r) for r in hands7[:200_000].tolist()]
    ev = he.evaluate

    def run() -> None:
        for r in rows:
            ev(r)

    benchmark(run)
    _rate(benchmark, len(rows))


@pytest.mark.parametrize("threads", [1, 2])
def test_omaha_batch(benchmark, omaha9: np.ndarray, threads: int) -> None:  # type: ignore[no-untyped-def]
    holes = np.ascontiguousarray(omaha9[:, :4])
    boards = np.ascontiguousarray(omaha9[:, 4:])
    out = np.empty(len(holes), dtype=np.uint16)
    benchmark(he.evaluate_omaha_batch, holes, boards, out=out, threads=threads)
    _rate(benchmark, len(holes))


@pytest.mark.parametrize("k", [5, 6])
def test_batch_five_and_six_cards(benchmark, hands7: np.ndarray, k: int) -> None:  # type: ignore[no-untyped-def]
    hands = np.ascontiguousarray(hands7[:, :k])
    out = np.empty(len(hands), dtype=np.uint16)
    benchmark(he.evaluate_batch, hands, out=out)
    _rate(benchmark, len(hands))


def test_batch_hole_with_board_per_row(benchmark, hands7: np.ndarray) -> None:  # type: ignore[no-untyped-def]
    holes = np.ascontiguousarray(hands7[:, :2])
    boards = np.ascontiguousarray(hands7[:, 2:])
    out = np.empty(len(holes), dtype=np.uint16)
    benchmark(he.evaluate_batch, holes, board=boards, out=out)
    _rate(benchmark, len(holes))
