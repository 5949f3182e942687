"""The core of the boundary to the C core (holdem_eval/_bindings): the one import of the
compiled ``ffi``/``lib``, status codes, the thread pool that batch kernels run on and the
evaluator's kernels. The other modules of the package wrap the other kernel families."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

from .._he_native import ffi, lib
from .._limits import MAX_THREADS, check_threads

__all__ = [
    "HE_E_ARGUMENT", "HE_E_CARD_RANGE", "HE_E_DUPLICATE", "HE_OK", "eval5", "eval7",
    "eval_batch", "eval_columns", "eval_hand", "eval_hole_board", "eval_omaha_batch", "ffi",
    "lib", "pool", "run_chunked", "run_hole_board", "run_parts",
]

HE_OK: int = lib.HE_OK
HE_E_CARD_RANGE: int = lib.HE_E_CARD_RANGE
HE_E_DUPLICATE: int = lib.HE_E_DUPLICATE
HE_E_ARGUMENT: int = lib.HE_E_ARGUMENT

# Card ids as separate C ints; a negative result is a status.
eval7: Callable[..., int] = lib.he_eval7
eval5: Callable[..., int] = lib.he_eval5


Status = tuple[int, int]  # (status, first bad row within the call)
_T = TypeVar("_T")
U8 = NDArray[np.uint8]
U16 = NDArray[np.uint16]
U32 = NDArray[np.uint32]
U64 = NDArray[np.uint64]
I64 = NDArray[np.int64]
F64 = NDArray[np.float64]

# Below this many rows per thread, extra threads cost more than they save.
_MIN_ROWS_PER_THREAD = 4096



def _new_pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=MAX_THREADS - 1, thread_name_prefix="holdem_eval")


# The worker threads of every run_chunked call, started on first use and then kept: the
# executor starts a thread only when no idle one is left, so it holds as many as the most
# chunks ever in flight at once (the calling thread runs each call's first chunk itself).
# Calls from several threads share it; a chunk never waits on another, so they cannot
# deadlock. A forked child gets a fresh pool: the parent's threads do not exist there.
_POOL = _new_pool()


def _reset_pool_after_fork() -> None:
    global _POOL
    _POOL = _new_pool()


if hasattr(os, "register_at_fork"):  # not on Windows, which cannot fork
    os.register_at_fork(after_in_child=_reset_pool_after_fork)


def pool() -> ThreadPoolExecutor:
    """The module's persistent worker pool, for callers that schedule GIL-free calls
    themselves (``equity``); a forked child gets its own."""
    return _POOL


def run_parts(call: Callable[[int, int], _T], bounds: Sequence[int]) -> list[_T]:
    """``call(lo, hi)`` for each pair of consecutive ``bounds``, GIL-free in parallel: the
    first part on the calling thread, the others on the module's persistent pool. The
    results, in order."""
    futures = [_POOL.submit(call, lo, hi) for lo, hi in zip(bounds[1:-1], bounds[2:])]
    return [call(bounds[0], bounds[1])] + [f.result() for f in futures]


def run_chunked(call: Callable[[int, int], Status], n: int, threads: int) -> Status:
    """Run ``call(start, stop)`` over ``range(n)`` in up to ``threads`` GIL-free chunks.

    ``threads`` is checked (``_limits.check_threads``). The first chunk runs on the calling
    thread, the others on the module's persistent pool. Returns ``(HE_OK, 0)`` or the
    failing status with the smallest global bad row, so the error reported does not depend
    on the number of threads.
    """
    threads = max(1, min(check_threads(threads), n // _MIN_ROWS_PER_THREAD))
    if threads == 1:
        return call(0, n)
    bounds = [n * t // threads for t in range(threads + 1)]
    results = run_parts(call, bounds)
    failures = [(lo + row, st) for lo, (st, row) in zip(bounds, results) if st != HE_OK]
    if not failures:
        return HE_OK, 0
    row, st = min(failures)
    return st, row


def eval_hand(cards: U8) -> int:
    """Rank of one hand of 5..7 cards, or a negative status."""
    return int(lib.he_eval_hand(ffi.from_buffer("uint8_t[]", cards), cards.size))


def eval_batch(hands: U8, out: U16, threads: int, rules: int | None = None) -> Status:
    """hands: C-contiguous (n, k) uint8, k in 5..7; out: (n,) uint16. ``rules``: None for
    Hold'em, else a short deck's (HE_SHORT_*: csrc/eval_short.c ranks the rows)."""
    n, k = hands.shape

    def call(lo: int, hi: int) -> Status:
        bad = ffi.new("size_t *")
        rows, res = ffi.from_buffer("uint8_t[]", hands[lo:hi]), ffi.from_buffer("uint16_t[]", out[lo:hi])
        st = (lib.he_eval_batch(rows, hi - lo, k, res, bad) if rules is None
              else lib.he_short_eval_batch(rows, hi - lo, k, rules, res, bad))
        return int(st), int(bad[0])

    return run_chunked(call, n, threads)


# A row kernel over hole cards and boards: kernel(lo, hi, holes, boards, nb, stride, bad) runs
# rows lo .. hi (the cffi buffers of their holes and boards) and returns the C status.
HoleBoardKernel = Callable[[int, int, object, object, int, int, object], int]


def run_hole_board(holes: U8, boards: U8, threads: int, kernel: HoleBoardKernel) -> Status:
    """Runs ``kernel`` over the rows of ``holes`` (n, nh) against ``boards``: (nb,) shared
    by every row (stride 0) or (n, nb) one per row, in chunks on ``threads`` threads."""
    nb = boards.shape[-1]
    stride = 0 if boards.ndim == 1 else nb

    def call(lo: int, hi: int) -> Status:
        bad = ffi.new("size_t *")
        h = ffi.from_buffer("uint8_t[]", holes[lo:hi])
        b = ffi.from_buffer("uint8_t[]", boards if stride == 0 else boards[lo:hi])
        return int(kernel(lo, hi, h, b, nb, stride, bad)), int(bad[0])

    return run_chunked(call, holes.shape[0], threads)


def eval_hole_board(holes: U8, boards: U8, out: U16, threads: int, rules: int | None = None) -> Status:
    """holes: (n, 2); boards: (nb,) shared by every row or (n, nb) one per row. ``rules``
    as :func:`eval_batch`'s."""

    def kernel(lo: int, hi: int, h: object, b: object, nb: int, stride: int, bad: object) -> int:
        res = ffi.from_buffer("uint16_t[]", out[lo:hi])
        if rules is None:
            return int(lib.he_eval_hole_board(h, hi - lo, b, nb, stride, res, bad))
        return int(lib.he_short_eval_hole_board(h, hi - lo, b, nb, stride, rules, res, bad))

    return run_hole_board(holes, boards, threads, kernel)


def eval_omaha_batch(holes: U8, boards: U8, out: U16, threads: int) -> Status:
    """holes: (n, 4..6); boards: (nb,) shared or (n, nb), nb in 3..5."""
    nh = holes.shape[1]

    def kernel(lo: int, hi: int, h: object, b: object, nb: int, stride: int, bad: object) -> int:
        return int(lib.he_eval_omaha_batch(h, hi - lo, nh, b, nb, stride,
                                           ffi.from_buffer("uint16_t[]", out[lo:hi]), bad))

    return run_hole_board(holes, boards, threads, kernel)


# ---------------------------------------------------------------------------- bulk (issue 6)
# Columnar ranking for holdem_eval.bulk: csrc/bulk.c, csrc/api/bulk.h.


def eval_columns(
    cols: list[U8], ranks: U16, categories: U8, threads: int, rules: int | None = None
) -> Status:
    """cols: k (5..7) C-contiguous uint8 arrays of n card ids each; ranks (n,) and
    categories (n,) are written. ``rules``: None for Hold'em, else a short deck's
    (HE_SHORT_*: he_short_eval_columns ranks the rows)."""
    n = ranks.shape[0]
    k = len(cols)

    def call(lo: int, hi: int) -> Status:
        bufs = [ffi.from_buffer("uint8_t[]", c[lo:hi]) for c in cols]
        ptrs = ffi.new("uint8_t *[]", bufs)
        bad = ffi.new("size_t *")
        res = ffi.from_buffer("uint16_t[]", ranks[lo:hi])
        cats = ffi.from_buffer("uint8_t[]", categories[lo:hi])
        st = (lib.he_eval_columns(ptrs, k, hi - lo, res, cats, bad) if rules is None
              else lib.he_short_eval_columns(ptrs, k, hi - lo, rules, res, cats, bad))
        return int(st), int(bad[0])

    return run_chunked(call, n, threads)
