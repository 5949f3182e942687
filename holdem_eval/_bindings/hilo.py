"""Hi-lo kernels (csrc/eval_low.c, csrc/eval_low_equity.c) for holdem_eval.hilo and
holdem_eval.equity.hilo."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._core import F64, U8, U16, U32, U64, Status, ffi, lib, run_hole_board
from .equity import _known, _players

__all__ = ["HE_HILO_POT", "HE_LOW_WORST", "equity_hilo", "eval_hilo_batch", "variant_low_rank"]

HE_LOW_WORST: int = lib.HE_LOW_WORST
HE_HILO_POT: int = lib.HE_HILO_POT
HILO_COUNTS = ("share", "scoop", "quarter", "high", "low", "share_sq", "winners", "hist", "no_low", "deals")
HILO_WEIGHTED = ("wshare", "wscoop", "wquarter", "whigh", "wlow", "wwinners", "whist", "wno_low", "wdeals")


def eval_hilo_batch(variant: int, holes: U8, boards: U8, high: U16, low: U16,
                    threads: int) -> Status:
    """he_eval_hilo_batch: holes (n, nh); boards (nb,) shared or (n, nb); high and low
    (n,) written."""
    nh = holes.shape[1]

    def kernel(lo: int, hi: int, h: object, b: object, nb: int, stride: int, bad: object) -> int:
        return int(lib.he_eval_hilo_batch(
            variant, h, hi - lo, nh, b, nb, stride, ffi.from_buffer("uint16_t[]", high[lo:hi]),
            ffi.from_buffer("uint16_t[]", low[lo:hi]), bad,
        ))

    return run_hole_board(holes, boards, threads, kernel)


def variant_low_rank(variant: int, hole: bytes, board: bytes) -> int:
    """he_variant_low_rank: the low rank of one hand, or a negative status."""
    out = ffi.new("uint16_t *")
    st = lib.he_variant_low_rank(variant, hole, len(hole), board, len(board), out)
    return int(st) if st else int(out[0])


def equity_hilo(variant: int, nplayers: int, hole_size: int, combos: U8, offsets: U32,
                weights: F64 | None, alias: U32 | None, thresh: U64 | None, board: U8, dead: U8,
                trials: int, state: U64 | None, part: int, nparts: int,
                ) -> tuple[int, dict[str, Any]]:
    """he_equity_hilo: (status, counters by name: numpy arrays, see api/eval_low.h; the
    weighted ``w*`` ones, float64, only with ``weights``). ``trials`` 0: exact (``part`` of
    ``nparts``, ``weights`` or None); else Monte Carlo advancing ``state`` (``alias`` /
    ``thresh`` or None)."""
    sizes = {"winners": 1 << nplayers, "hist": 9 * nplayers, "no_low": 1, "deals": 1}
    arrays: dict[str, NDArray[Any]] = {
        name: np.zeros(sizes.get(name, nplayers), dtype=np.uint64) for name in HILO_COUNTS}
    fields = {name: ffi.from_buffer("uint64_t[]", a) for name, a in arrays.items()}
    if weights is not None:
        for name in HILO_WEIGHTED:
            a = np.zeros(sizes.get(name[1:], nplayers), dtype=np.float64)
            arrays[name] = a
            fields[name] = ffi.from_buffer("double[]", a)
    keep: list[Any] = []
    out = ffi.new("he_hilo_counts *", fields)
    st = lib.he_equity_hilo(
        variant, _players(nplayers, hole_size, combos, offsets, keep, weights=weights,
                          alias=alias, thresh=thresh),
        _known(board, dead, keep), trials,
        ffi.NULL if state is None else ffi.from_buffer("uint64_t[]", state), part, nparts, out,
    )
    return int(st), arrays
