"""Equity kernels (csrc/equity*.c) for holdem_eval.equity."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._core import F64, U8, U32, U64, ffi, lib

# ---------------------------------------------------------------------------------------
# Equity kernels (csrc/equity*.c, issue 5). Callers pass C-contiguous arrays they built and
# checked; each wrapper allocates its own outputs, so calls from several threads share
# nothing. Statuses are returned, not raised: holdem_eval.equity turns them into errors.
# ---------------------------------------------------------------------------------------

HE_EQ_MAX_PLAYERS: int = lib.HE_EQ_MAX_PLAYERS
HE_E_NO_DEAL: int = lib.HE_E_NO_DEAL
HE_E_CAPACITY: int = lib.HE_E_CAPACITY
N_CATEGORIES = 9

__all__ = [
    "HE_EQ_MAX_PLAYERS", "HE_E_CAPACITY", "HE_E_NO_DEAL", "equity_classes", "equity_enum",
    "equity_enum_omaha", "equity_mc", "rng_seed",
]


def _buf(ctype: str, a: NDArray[Any] | None) -> Any:
    """A cffi pointer to a C-contiguous array, or NULL for None / an empty array."""
    if a is None or a.size == 0:
        return ffi.NULL
    return ffi.from_buffer(ctype, a)


def rng_seed(seed: int, stream: int) -> U64:
    """The xoshiro256** state of stream ``stream`` of ``seed`` (both 0 .. 2**64 - 1)."""
    state = np.zeros(4, dtype=np.uint64)
    lib.he_rng_seed(seed, stream, ffi.from_buffer("uint64_t[]", state))
    return state


def _known(board: U8, dead: U8, keep: list[Any]) -> Any:
    """A he_eq_known of the board and dead cards; their buffers go into ``keep`` (the
    struct does not own them: the caller keeps the list until the call returns)."""
    b, d = _buf("uint8_t[]", board), _buf("uint8_t[]", dead)
    keep += [b, d]
    return ffi.new("he_eq_known *", {"board": b, "nb": board.size, "dead": d, "nd": dead.size})


def _players(nplayers: int, hole_size: int, combos: U8, offsets: U32, keep: list[Any],
             weights: F64 | None = None, alias: U32 | None = None,
             thresh: U64 | None = None) -> Any:
    """A he_eq_players of the ranges (buffers into ``keep``, as for :func:`_known`)."""
    parts = {"combos": _buf("uint8_t[]", combos), "offsets": ffi.from_buffer("uint32_t[]", offsets),
             "weights": _buf("double[]", weights), "alias": _buf("uint32_t[]", alias),
             "thresh": _buf("uint64_t[]", thresh)}
    keep += parts.values()
    return ffi.new("he_eq_players *", {"np": nplayers, "nh": hole_size, **parts})


def _counts(nplayers: int, keep: list[Any], weighted: bool = False) -> tuple[Any, list[Any]]:
    """Zeroed outcome counters (wins, hist[, wwins, whist]) and the he_eq_counts of them."""
    arrays: list[Any] = [np.zeros(1 << nplayers, dtype=np.uint64),
                         np.zeros(nplayers * N_CATEGORIES, dtype=np.uint64)]
    if weighted:
        arrays += [np.zeros(1 << nplayers, dtype=np.float64),
                   np.zeros(nplayers * N_CATEGORIES, dtype=np.float64)]
    types = ("uint64_t[]", "uint64_t[]", "double[]", "double[]")
    bufs = [ffi.from_buffer(t, a) for t, a in zip(types, arrays)]
    keep += bufs
    fields = dict(zip(("wins", "hist", "wwins", "whist"), bufs))
    return ffi.new("he_eq_counts *", fields), arrays


def equity_classes(
    nplayers: int, combos: U8, offsets: U32, weights: F64 | None, board: U8, dead: U8,
    cap: int,
) -> tuple[int, U8, U64, F64, int]:
    """Distinct deals (suit isomorphism): (status or class count, reps, mult, weight, deals)."""
    reps = np.zeros((cap, nplayers, 2), dtype=np.uint8)
    mult = np.zeros(cap, dtype=np.uint64)
    weight = np.zeros(cap, dtype=np.float64)
    deals = ffi.new("uint64_t *")
    keep: list[Any] = []
    st = lib.he_equity_classes(
        _players(nplayers, 2, combos, offsets, keep, weights=weights), _known(board, dead, keep),
        cap, ffi.from_buffer("uint8_t[]", reps), ffi.from_buffer("uint64_t[]", mult),
        ffi.from_buffer("double[]", weight), deals,
    )
    n = max(int(st), 0)
    return int(st), reps[:n], mult[:n], weight[:n], int(deals[0])


def equity_enum(
    nplayers: int, reps: U8, mult: U64, weight: F64 | None, board: U8, dead: U8,
    part: int, nparts: int, rules: int | None = None,
) -> tuple[int, U64, U64, F64, F64]:
    """Exact counts of deals ``reps`` (n, nplayers, 2): (status, wins, hist, wwins, whist);
    Hold'em, or the short deck under ``rules`` (he_equity_short_enum)."""
    keep: list[Any] = []
    out, (wins, hist, wwins, whist) = _counts(nplayers, keep, weighted=True)
    args = (nplayers, _buf("uint8_t[]", reps), reps.shape[0], _buf("uint64_t[]", mult),
            _buf("double[]", weight), _known(board, dead, keep))
    if rules is None:
        st = lib.he_equity_enum(*args, part, nparts, out)
    else:
        st = lib.he_equity_short_enum(*args, rules, part, nparts, out)
    return int(st), wins, hist, wwins, whist


def equity_enum_omaha(
    nplayers: int, holes: U8, board: U8, dead: U8, part: int, nparts: int,
) -> tuple[int, U64, U64]:
    """Exact Omaha counts of fixed hands ``holes`` (nplayers, 4..6): (status, wins, hist)."""
    keep: list[Any] = []
    out, (wins, hist) = _counts(nplayers, keep)
    st = lib.he_equity_enum_omaha(
        nplayers, holes.shape[1], ffi.from_buffer("uint8_t[]", holes),
        _known(board, dead, keep), part, nparts, out,
    )
    return int(st), wins, hist


def equity_mc(
    nplayers: int, hole_size: int, combos: U8, offsets: U32, alias: U32 | None,
    thresh: U64 | None, board: U8, dead: U8, trials: int, state: U64, rules: int | None = None,
) -> tuple[int, U64, U64]:
    """Monte Carlo counts of ``trials`` deals; advances ``state`` in place: (status, wins,
    hist). Hold'em or Omaha, or the short deck under ``rules`` (he_equity_short_mc)."""
    keep: list[Any] = []
    out, (wins, hist) = _counts(nplayers, keep)
    players = _players(nplayers, hole_size, combos, offsets, keep, alias=alias, thresh=thresh)
    known, rng = _known(board, dead, keep), ffi.from_buffer("uint64_t[]", state)
    if rules is None:
        st = lib.he_equity_mc(players, known, trials, rng, out)
    else:
        st = lib.he_equity_short_mc(players, known, rules, trials, rng, out)
    return int(st), wins, hist
