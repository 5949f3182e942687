"""Hand strength kernels (csrc/strength.c, csrc/api/strength.h) for holdem_eval.strength.

Callers pass C-contiguous arrays they built and checked; outputs are allocated here, one per
quantity asked for. Statuses are returned, not raised: holdem_eval.strength turns them into
errors naming the row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._core import F64, U8, U32, U64, ffi, lib

__all__ = [
    "HE_STRENGTH_COMBOS", "HE_STRENGTH_HOLDEM", "HE_STRENGTH_MAX_OPPONENTS", "StrengthArrays",
    "strength_exact", "strength_mc",
]

HE_STRENGTH_COMBOS: int = lib.HE_STRENGTH_COMBOS
HE_STRENGTH_MAX_OPPONENTS: int = lib.HE_STRENGTH_MAX_OPPONENTS
HE_STRENGTH_HOLDEM: int = lib.HE_STRENGTH_HOLDEM
_FIELDS = ("ehs", "ehs2", "ppot", "npot", "hist")


@dataclass
class StrengthArrays:
    """The kernels' outputs for one call: the values asked for (``None`` when not), and
    their standard errors after Monte Carlo."""

    values: dict[str, NDArray[np.float64]]
    errors: dict[str, NDArray[np.float64]]


def _ptr(a: NDArray[Any] | None, ctype: str) -> Any:
    return ffi.NULL if a is None or a.size == 0 else ffi.from_buffer(ctype, a)


def _out(kinds: tuple[str, ...], n: int, bins: int, keep: list[Any]) -> tuple[Any, dict[str, F64]]:
    arrays = {k: np.zeros((n, bins) if k == "hist" else n, dtype=np.float64) for k in kinds}
    ptrs = {k: _ptr(arrays.get(k), "double[]") for k in _FIELDS}
    keep += ptrs.values()
    return ffi.new("he_strength_out *", {**ptrs, "bins": bins}), arrays


def _range(weights: F64 | None, combos: U8 | None, alias: U32 | None, thresh: U64 | None,
           keep: list[Any]) -> Any:
    parts = {"weights": _ptr(weights, "double[]"), "combos": _ptr(combos, "uint8_t[]"),
             "alias": _ptr(alias, "uint32_t[]"), "thresh": _ptr(thresh, "uint64_t[]")}
    keep += parts.values()
    ncombos = 0 if combos is None else combos.shape[0]
    return ffi.new("he_strength_range *", {**parts, "ncombos": ncombos})


def strength_exact(holes: U8, boards: U8, rules: int, weights: F64 | None, kinds: tuple[str, ...],
                   bins: int, threads: int) -> tuple[int, int, StrengthArrays]:
    """Exact strengths of rows ``holes`` (n, 2) with ``boards`` (n, nb) in the deck of
    ``rules`` (HE_STRENGTH_HOLDEM or a short-deck rule set): (status, first bad row, arrays of
    ``kinds`` among ehs, ehs2, ppot, npot, hist)."""
    n, nb = holes.shape[0], boards.shape[1]
    keep: list[Any] = []
    out, arrays = _out(kinds, n, bins, keep)
    bad = ffi.new("size_t *")
    st = lib.he_strength_exact(_ptr(holes, "uint8_t[]"), _ptr(boards, "uint8_t[]"), n, nb, rules,
                               _range(weights, None, None, None, keep), out, threads, bad)
    return int(st), int(bad[0]), StrengthArrays(arrays, {})


def strength_mc(holes: U8, boards: U8, rules: int, weights: F64 | None, combos: U8 | None,
                alias: U32 | None, thresh: U64 | None, opponents: int, kinds: tuple[str, ...],
                bins: int, trials: int, seed: int, first_row: int,
                threads: int) -> tuple[int, int, StrengthArrays]:
    """Monte Carlo strengths (see :func:`strength_exact`), with standard errors; row ``i``
    draws from stream ``first_row + i`` of ``seed``."""
    n, nb = holes.shape[0], boards.shape[1]
    keep: list[Any] = []
    out, arrays = _out(kinds, n, bins, keep)
    err, errors = _out(kinds, n, bins, keep)
    bad = ffi.new("size_t *")
    draws = ffi.new("he_strength_draws *", {
        "opponents": opponents, "trials": trials, "seed": seed, "first_row": first_row,
    })
    st = lib.he_strength_mc(_ptr(holes, "uint8_t[]"), _ptr(boards, "uint8_t[]"), n, nb, rules,
                            _range(weights, combos, alias, thresh, keep), draws, out, err,
                            threads, bad)
    return int(st), int(bad[0]), StrengthArrays(arrays, errors)
