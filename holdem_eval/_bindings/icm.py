"""ICM kernels (csrc/icm.c) for holdem_eval.icm."""

from __future__ import annotations

import numpy as np

from ._core import F64, U64, ffi, lib

# ---------------------------------------------------------------------------------------
# ICM (csrc/icm.c, issue 29): used by holdem_eval.icm, which validates first.
# ---------------------------------------------------------------------------------------

__all__ = ["HE_E_ICM_MEMORY", "HE_E_ICM_STACK", "HE_ICM_EXACT_MAX_PLAYERS", "icm_exact", "icm_mc"]

HE_ICM_EXACT_MAX_PLAYERS: int = lib.HE_ICM_EXACT_MAX_PLAYERS
HE_E_ICM_STACK: int = lib.HE_E_ICM_STACK
HE_E_ICM_MEMORY: int = lib.HE_E_ICM_MEMORY


def icm_exact(stacks: F64, nplaces: int) -> tuple[int, F64]:
    """stacks: C-contiguous (n,) float64: (status, places (n, nplaces))."""
    n = stacks.shape[0]
    places = np.zeros((n, nplaces), dtype=np.float64)
    st = lib.he_icm_exact(n, ffi.from_buffer("double[]", stacks), nplaces,
                          ffi.from_buffer("double[]", places))
    return int(st), places


def icm_mc(stacks: F64, nplaces: int, trials: int, seed: int, threads: int) -> tuple[int, U64]:
    """Monte Carlo place counts, summed over the parts: (status, counts (n, nplaces))."""
    n = stacks.shape[0]
    counts = np.zeros((threads, n, nplaces), dtype=np.uint64)
    st = lib.he_icm_mc(n, ffi.from_buffer("double[]", stacks), nplaces, trials, seed, threads,
                       ffi.from_buffer("uint64_t[]", counts))
    return int(st), counts.sum(axis=0, dtype=np.uint64)
