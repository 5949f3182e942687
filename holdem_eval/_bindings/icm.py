"""ICM kernels (csrc/icm.c) for holdem_eval.icm."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Union

import numpy as np

from ._core import F64, U64, ffi, lib

# ---------------------------------------------------------------------------------------
# ICM (csrc/icm.c, issue 29): used by holdem_eval.icm, which maps the statuses to errors.
# ---------------------------------------------------------------------------------------

__all__ = [
    "HE_E_ICM_MEMORY", "HE_E_ICM_PAYOUT", "HE_E_ICM_PAYOUT_RISE", "HE_E_ICM_STACK",
    "HE_E_ICM_STACKS_SUM", "HE_E_ICM_STACKS_ZERO", "HE_ICM_EXACT_MAX_PLAYERS", "Doubles",
    "icm_check", "icm_exact", "icm_mc", "icm_tie_average",
]

HE_ICM_EXACT_MAX_PLAYERS: int = lib.HE_ICM_EXACT_MAX_PLAYERS
HE_E_ICM_STACK: int = lib.HE_E_ICM_STACK
HE_E_ICM_MEMORY: int = lib.HE_E_ICM_MEMORY
HE_E_ICM_STACKS_ZERO: int = lib.HE_E_ICM_STACKS_ZERO
HE_E_ICM_STACKS_SUM: int = lib.HE_E_ICM_STACKS_SUM
HE_E_ICM_PAYOUT: int = lib.HE_E_ICM_PAYOUT
HE_E_ICM_PAYOUT_RISE: int = lib.HE_E_ICM_PAYOUT_RISE

Doubles = Union[Sequence[Union[int, float]], F64]
"""A list or tuple of ints and floats (cffi converts it into a C array for the call, no NumPy
round trip; an int beyond the doubles raises OverflowError) or a C-contiguous float64 array
(passed in place)."""

Bad = tuple[int, int]  # (row, index) of what the kernel rejected


def _doubles(values: Doubles) -> Any:
    return ffi.from_buffer("double[]", values) if isinstance(values, np.ndarray) else values


def icm_check(stacks: Doubles, rows: int, n: int, payouts: Doubles) -> tuple[int, Bad]:
    """he_icm_check over ``rows`` rows of ``n`` stacks: (status, (row, index))."""
    bad = ffi.new("size_t[2]")
    st = lib.he_icm_check(rows, n, _doubles(stacks), len(payouts), _doubles(payouts), bad)
    return int(st), (bad[0], bad[1])


def icm_exact(stacks: Doubles, shape: tuple[int, ...], payouts: Doubles,
              places: bool) -> tuple[int, Bad, F64, F64 | None]:
    """he_icm_exact on stacks of ``shape`` (``(n,)``, one row, or ``(rows, n)``): (status,
    (row, index), equity of that shape, places of shape + (nplaces,) or None)."""
    n = shape[-1]
    rows = shape[0] if len(shape) == 2 else 1
    equity = np.empty(shape, dtype=np.float64)
    matrix = np.empty((*shape, min(len(payouts), n)), dtype=np.float64) if places else None
    bad = ffi.new("size_t[2]")
    st = lib.he_icm_exact(rows, n, _doubles(stacks), len(payouts), _doubles(payouts),
                          ffi.from_buffer("double[]", equity),
                          ffi.NULL if matrix is None else ffi.from_buffer("double[]", matrix), bad)
    return st, (bad[0], bad[1]), equity, matrix


def icm_tie_average(stacks: F64, matrix: F64) -> int:
    """he_icm_tie_average on a C-contiguous (n, ncols) float64 matrix, in place: status."""
    return int(lib.he_icm_tie_average(stacks.shape[0], ffi.from_buffer("double[]", stacks),
                                      matrix.shape[1], ffi.from_buffer("double[]", matrix)))


def icm_mc(stacks: F64, nplaces: int, trials: int, seed: int, threads: int) -> tuple[int, U64]:
    """Monte Carlo place counts, summed over the parts: (status, counts (n, nplaces))."""
    n = stacks.shape[0]
    counts = np.zeros((threads, n, nplaces), dtype=np.uint64)
    st = lib.he_icm_mc(n, ffi.from_buffer("double[]", stacks), nplaces, trials, seed, threads,
                       ffi.from_buffer("uint64_t[]", counts))
    return int(st), counts.sum(axis=0, dtype=np.uint64)
