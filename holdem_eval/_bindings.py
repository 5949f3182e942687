"""The boundary to the C core: the only module that imports the compiled ``ffi``/``lib``.

Each wrapper takes arrays that the caller (a public module) has already coerced and
checked, passes them with ``ffi.from_buffer`` and returns the raw status, so the public
module can turn a failing row into a precise message. cffi releases the GIL around every
``lib`` call; ``run_chunked`` splits one batch over Python threads on that basis, using
one thread pool kept for the life of the process (creating threads per call cost more
than a 1 M-row chunk takes).
"""

from __future__ import annotations

import os
import struct
from array import array
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from ._he_native import ffi, lib
from ._limits import MAX_THREADS, check_threads

__all__ = [
    "DECK_SIZE",
    "HAND_CONSTANTS",
    "HAND_FIELDS",
    "HAND_SETTINGS",
    "HE_E_ARGUMENT",
    "HE_E_CARD_RANGE",
    "HE_E_DUPLICATE",
    "HE_OK",
    "VARIANT_ROWS",
    "WORST_RANK",
    "HandCore",
    "eval5",
    "eval7",
    "eval_batch",
    "eval_hand",
    "eval_hole_board",
    "eval_omaha_batch",
    "evaluate_fast",
    "ffi",
    "hand_blind_seats",
    "hand_config_struct",
    "hand_glue_setup",
    "lib",
    "pack_hand_config",
    "pool",
    "run_chunked",
    "run_parts",
]

HE_OK: int = lib.HE_OK
HE_E_CARD_RANGE: int = lib.HE_E_CARD_RANGE
HE_E_DUPLICATE: int = lib.HE_E_DUPLICATE
HE_E_ARGUMENT: int = lib.HE_E_ARGUMENT

# Card ids as separate C ints; a negative result is a status.
eval7: Callable[..., int] = lib.he_eval7
eval5: Callable[..., int] = lib.he_eval5

# The scalar fast path (holdem_eval/_fastpath.c): a builtin taking a tuple or list of
# ids, falling back to holdem_eval.evaluator._evaluate_general for everything else.
evaluate_fast: Callable[[object], int]
if lib.he_py_install() != 0:
    raise ImportError("holdem_eval: could not install the native evaluate fast path")

if TYPE_CHECKING:

    class HandCore:
        """The C base of ``holdem_eval.engine.Hand`` (engine/_hand_glue.c): the hand
        state machine's struct (csrc/hand.c), one ``_<field>`` accessor per field of
        csrc/hand_state.h, and methods that convert and return the kernel's status."""

        def __getattr__(self, name: str) -> Any: ...
        def __setattr__(self, name: str, value: Any) -> None: ...
        def legal_actions(self) -> tuple[Any, ...]: ...

    def hand_blind_seats(seats: int, button: int) -> tuple[int, int] | None: ...

    def hand_glue_setup(
        legal_action: object,
        kinds: tuple[Any, ...],
        names: tuple[str, ...],
        callbacks: dict[str, Callable[..., Any]],
    ) -> None: ...

# The variants' table (csrc/api/variant.h): one row per game, by code.
VARIANT_ROWS: tuple[dict[str, Any], ...] = tuple(
    {
        "name": ffi.string(row.name).decode(), "code": code, "deck_size": row.deck_size,
        "hole_min": row.hole_min, "hole_max": row.hole_max, "board_size": row.board_size,
        "hole_used": row.hole_used, "worst_rank": row.worst_rank,
    }
    for code, row in ((k, lib.he_variant_info(k)) for k in range(lib.he_variant_count()))
)
DECK_SIZE: int = lib.HE_DECK_SIZE
WORST_RANK: int = lib.HE_RANK_WORST

# The hand state's fields (csrc/hand_state.h, HE_HAND_FIELDS) and the constants of
# csrc/api/hand.h that engine.Hand tells its refusals apart by.
HAND_FIELDS: tuple[str, ...] = tuple(
    ffi.string(lib.he_hand_field_name(f)).decode() for f in range(lib.he_hand_field_count())
)
HAND_CONSTANTS: dict[str, int] = {
    "MAX_HOLE": lib.HE_HAND_MAX_HOLE, "CHECK_OR_CALL": lib.HE_ACT_CHECK_OR_CALL,
    "BET_OR_RAISE": lib.HE_ACT_BET_OR_RAISE, "TURN": lib.HE_E_HAND_TURN,
    "CONFIG": lib.HE_E_HAND_CONFIG, "NO_DEAL": lib.HE_E_HAND_NO_DEAL,
    "SHOW_COUNT": lib.HE_E_HAND_SHOW_COUNT, "UNKNOWN": lib.HE_E_HAND_UNKNOWN,
    "STATE": lib.HE_E_HAND_STATE,
}

# The hand machine's game settings (he_hand_config), listed once in csrc/hand_state.h
# (HE_HAND_SETTINGS): name -> (offset in int64 words, count of values).
HAND_SETTINGS: dict[str, tuple[int, int]] = {
    ffi.string(lib.he_hand_setting_name(k)).decode(): (
        int(lib.he_hand_setting_offset(k)), int(lib.he_hand_setting_length(k))
    )
    for k in range(lib.he_hand_setting_count())
}
_CONFIG_WORDS: int = lib.he_hand_config_words()


# the settings in the order of their words, and the struct of those words
_SETTING_ORDER: tuple[tuple[str, int], ...] = tuple(
    (name, length) for name, (_, length) in sorted(HAND_SETTINGS.items(), key=lambda kv: kv[1][0])
)
_CONFIG_STRUCT = struct.Struct(f"={_CONFIG_WORDS}q")


def pack_hand_config(values: Mapping[str, int | Sequence[int]]) -> bytes:
    """A he_hand_config as bytes (int64 words in native order) from every setting by name.
    A name missing or unknown to csrc/hand_state.h is a RuntimeError naming it: the C list
    and the caller's mapping (engine/_hand_input.py) disagree."""
    words: list[int] = []
    try:
        if len(values) != len(_SETTING_ORDER):
            raise KeyError  # an unknown name (or one missing): say which below
        for name, length in _SETTING_ORDER:
            value = values[name]
            if length == 1:
                words.append(value)  # type: ignore[arg-type]  # one value: an int
            else:
                words.extend(value)  # type: ignore[arg-type]  # several: a sequence
    except KeyError:
        missing = sorted(HAND_SETTINGS.keys() - values.keys())
        unknown = sorted(values.keys() - HAND_SETTINGS.keys())
        raise RuntimeError(
            f"hand settings do not match csrc/hand_state.h: missing {missing}, unknown {unknown}"
        ) from None
    return _CONFIG_STRUCT.pack(*words)


def hand_config_struct(packed: bytes) -> Any:
    """A packed he_hand_config (:func:`pack_hand_config`) as C memory: the ``int64_t[]``
    that owns it; pass ``ffi.cast("he_hand_config *", it)`` to the kernels."""
    return ffi.new("int64_t[]", array("q", packed).tolist())


Status = tuple[int, int]  # (status, first bad row within the call)
_T = TypeVar("_T")
U8 = NDArray[np.uint8]
U16 = NDArray[np.uint16]

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


def eval_batch(hands: U8, out: U16, threads: int) -> Status:
    """hands: C-contiguous (n, k) uint8, k in 5..7; out: (n,) uint16."""
    n, k = hands.shape

    def call(lo: int, hi: int) -> Status:
        bad = ffi.new("size_t *")
        st = lib.he_eval_batch(
            ffi.from_buffer("uint8_t[]", hands[lo:hi]), hi - lo, k,
            ffi.from_buffer("uint16_t[]", out[lo:hi]), bad,
        )
        return int(st), int(bad[0])

    return run_chunked(call, n, threads)


def eval_hole_board(holes: U8, boards: U8, out: U16, threads: int) -> Status:
    """holes: (n, 2); boards: (nb,) shared by every row or (n, nb) one per row."""
    n = holes.shape[0]
    nb = boards.shape[-1]
    stride = 0 if boards.ndim == 1 else nb

    def call(lo: int, hi: int) -> Status:
        bad = ffi.new("size_t *")
        b = boards if stride == 0 else boards[lo:hi]
        st = lib.he_eval_hole_board(
            ffi.from_buffer("uint8_t[]", holes[lo:hi]), hi - lo,
            ffi.from_buffer("uint8_t[]", b), nb, stride,
            ffi.from_buffer("uint16_t[]", out[lo:hi]), bad,
        )
        return int(st), int(bad[0])

    return run_chunked(call, n, threads)


def eval_omaha_batch(holes: U8, boards: U8, out: U16, threads: int) -> Status:
    """holes: (n, 4..6); boards: (nb,) shared or (n, nb), nb in 3..5."""
    n, nh = holes.shape
    nb = boards.shape[-1]
    stride = 0 if boards.ndim == 1 else nb

    def call(lo: int, hi: int) -> Status:
        bad = ffi.new("size_t *")
        b = boards if stride == 0 else boards[lo:hi]
        st = lib.he_eval_omaha_batch(
            ffi.from_buffer("uint8_t[]", holes[lo:hi]), hi - lo, nh,
            ffi.from_buffer("uint8_t[]", b), nb, stride,
            ffi.from_buffer("uint16_t[]", out[lo:hi]), bad,
        )
        return int(st), int(bad[0])

    return run_chunked(call, n, threads)


# ---------------------------------------------------------------------------------------
# Showdown settlement (csrc/settle.c; used by engine/showdown.py and engine/settle_batch.py)
# ---------------------------------------------------------------------------------------

__all__ += [
    "HE_E_BOARD",
    "HE_E_BUTTON",
    "HE_E_CHIPS",
    "HE_E_NO_LIVE",
    "HE_NO_CARD",
    "HE_SETTLE_MAX_SEATS",
    "settle_batch_rows",
    "settle_hand",
    "settle_rake",
    "settle_rules",
    "showdown_order",
]

HE_NO_CARD: int = lib.HE_NO_CARD
HE_SETTLE_MAX_SEATS: int = lib.HE_SETTLE_MAX_SEATS
HE_E_CHIPS: int = lib.HE_E_CHIPS
HE_E_NO_LIVE: int = lib.HE_E_NO_LIVE
HE_E_BOARD: int = lib.HE_E_BOARD
HE_E_BUTTON: int = lib.HE_E_BUTTON
I64 = NDArray[np.int64]


def settle_rules(
    method: int, odd_chips: int, no_flop_no_drop: bool, rate_num: int, rate_den: int,
    rate: float, cap: int,
) -> object:
    """A ``he_settle_rules *`` for the kernels; keep it referenced while it is in use."""
    return ffi.new("he_settle_rules *", {
        "method": method, "odd_chips": odd_chips, "no_flop_no_drop": int(no_flop_no_drop),
        "rate_num": rate_num, "rate_den": rate_den, "rate": rate, "cap": cap,
    })


def settle_hand(
    contributions: list[int], folded: bytes, holes: bytes, hole_len: int, board: bytes,
    seats: int, button: int, variant: int, rules: object, dead: list[int] | None = None,
) -> list[int] | None:
    """One hand: the payouts (``seats`` values) followed by the ``detail`` record of
    csrc/api/settle.h, trimmed to the pots formed; None if the kernel rejects the hand.
    ``dead``: per seat, the dead-money part of the contribution (None: no dead money)."""
    if (len(contributions) != seats or len(folded) != seats or len(board) > 5
            or len(holes) != seats * hole_len or (dead is not None and len(dead) != seats)):
        return None  # the kernel reads exactly these lengths: never past a buffer
    size = _SETTLE_SIZES.get(seats)
    if size is None:
        size = _SETTLE_SIZES[seats] = seats + lib.he_settle_detail_len(seats)
    out = ffi.new("int64_t[]", size)
    if dead is None:
        st = lib.he_settle_hand(contributions, folded, holes, hole_len, board, len(board),
                                seats, button, variant, rules, out, out + seats)
    else:
        st = lib.he_settle_hand_dead(contributions, dead, folded, holes, hole_len, board,
                                     len(board), seats, button, variant, rules, out,
                                     out + seats)
    if st:
        return None
    head = 3 * seats + 2
    return ffi.unpack(out, head + out[head - 1] * (5 + seats))  # type: ignore[no-any-return]


_SETTLE_SIZES: dict[int, int] = {}


def settle_rake(rules: object, amount: int, flop_dealt: bool) -> int:
    """he_settle_rake: the rake of ``amount`` (0..2**63-1) chips; negative on bad input."""
    return int(lib.he_settle_rake(rules, amount, int(flop_dealt)))


def showdown_order(
    live: bytes, button: int, last_aggressor: int, contributions: list[int] | None,
    dead: list[int] | None, ranks: list[int] | None,
) -> tuple[int, list[int], list[int]]:
    """he_showdown_order: ``(status, order, muck flags)``; ``len(live)`` seats."""
    seats = len(live)
    if (seats > HE_SETTLE_MAX_SEATS or (contributions is not None and len(contributions) != seats)
            or (dead is not None and len(dead) != seats)
            or (ranks is not None and len(ranks) != seats)):
        return lib.HE_E_ARGUMENT, [], []  # the kernel reads exactly these lengths
    order = ffi.new("uint8_t[]", max(seats, 1))
    muck = ffi.new("uint8_t[]", max(seats, 1))
    count = ffi.new("size_t *")
    st = lib.he_showdown_order(
        ffi.NULL if contributions is None else contributions,
        ffi.NULL if dead is None else dead, live,
        ffi.NULL if ranks is None else ffi.new("uint16_t[]", ranks),
        seats, button, last_aggressor, order, muck, count,
    )
    if st:
        return int(st), [], []
    n = int(count[0])
    return HE_OK, list(ffi.unpack(order, n)), list(ffi.unpack(muck, n))


def settle_batch_rows(
    contributions: I64, folded: U8, holes: U8, boards: U8, buttons: I64, variant: int,
    rules: object, payouts: I64, rakes: I64, threads: int,
) -> Status:
    """contributions, folded: (n, P); holes: (n, P, hole_len); boards: (n, 0..5);
    buttons: (n,) or (1,) for all rows; payouts: (n, P) and rakes: (n,) written."""
    n, seats = contributions.shape
    hole_len = holes.shape[2]
    board_cols = boards.shape[1]
    stride = 0 if buttons.shape[0] == 1 and n != 1 else 1

    def call(lo: int, hi: int) -> Status:
        bad = ffi.new("size_t *")
        b = buttons if stride == 0 else buttons[lo:hi]
        c = ffi.from_buffer("int64_t[]", contributions[lo:hi])
        f = ffi.from_buffer("uint8_t[]", folded[lo:hi])
        h = ffi.from_buffer("uint8_t[]", holes[lo:hi])
        bd = ffi.from_buffer("uint8_t[]", boards[lo:hi])
        rows = ffi.new("he_settle_table *", {
            "contributions": c, "folded": f, "holes": h, "hole_len": hole_len, "board": bd,
            "board_cols": board_cols, "seats": seats, "variant": variant,
        })
        st = lib.he_settle_batch(
            rows, ffi.from_buffer("int64_t[]", b), stride, hi - lo, rules,
            ffi.from_buffer("int64_t[]", payouts[lo:hi]),
            ffi.from_buffer("int64_t[]", rakes[lo:hi]), bad,
        )
        return int(st), int(bad[0])

    return run_chunked(call, n, threads)


# ---------------------------------------------------------------------------- bulk (issue 6)
# Columnar ranking for holdem_eval.bulk: csrc/bulk.c, csrc/api/bulk.h.


def eval_columns(cols: list[U8], ranks: U16, categories: U8, threads: int) -> Status:
    """cols: k (5..7) C-contiguous uint8 arrays of n card ids each; ranks (n,) and
    categories (n,) are written."""
    n = ranks.shape[0]
    k = len(cols)

    def call(lo: int, hi: int) -> Status:
        bufs = [ffi.from_buffer("uint8_t[]", c[lo:hi]) for c in cols]
        ptrs = ffi.new("uint8_t *[]", bufs)
        bad = ffi.new("size_t *")
        st = lib.he_eval_columns(
            ptrs, k, hi - lo,
            ffi.from_buffer("uint16_t[]", ranks[lo:hi]),
            ffi.from_buffer("uint8_t[]", categories[lo:hi]), bad,
        )
        return int(st), int(bad[0])

    return run_chunked(call, n, threads)


# ---------------------------------------------------------------------------------------
# Equity kernels (csrc/equity*.c, issue 5). Callers pass C-contiguous arrays they built and
# checked; each wrapper allocates its own outputs, so calls from several threads share
# nothing. Statuses are returned, not raised: holdem_eval.equity turns them into errors.
# ---------------------------------------------------------------------------------------

HE_EQ_MAX_PLAYERS: int = lib.HE_EQ_MAX_PLAYERS
HE_E_NO_DEAL: int = lib.HE_E_NO_DEAL
HE_E_CAPACITY: int = lib.HE_E_CAPACITY
U32 = NDArray[np.uint32]
U64 = NDArray[np.uint64]
F64 = NDArray[np.float64]
N_CATEGORIES = 9

__all__ += [
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
    part: int, nparts: int,
) -> tuple[int, U64, U64, F64, F64]:
    """Exact Hold'em counts of deals ``reps`` (n, nplayers, 2): (status, wins, hist, wwins, whist)."""
    keep: list[Any] = []
    out, (wins, hist, wwins, whist) = _counts(nplayers, keep, weighted=True)
    st = lib.he_equity_enum(
        nplayers, _buf("uint8_t[]", reps), reps.shape[0], _buf("uint64_t[]", mult),
        _buf("double[]", weight), _known(board, dead, keep), part, nparts, out,
    )
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
    thresh: U64 | None, board: U8, dead: U8, trials: int, state: U64,
) -> tuple[int, U64, U64]:
    """Monte Carlo counts of ``trials`` deals; advances ``state`` in place: (status, wins, hist)."""
    keep: list[Any] = []
    out, (wins, hist) = _counts(nplayers, keep)
    st = lib.he_equity_mc(
        _players(nplayers, hole_size, combos, offsets, keep, alias=alias, thresh=thresh),
        _known(board, dead, keep), trials, ffi.from_buffer("uint64_t[]", state), out,
    )
    return int(st), wins, hist


# ---------------------------------------------------------------------------------------
# Seeded dealing (engine issue 4): csrc/deal.c. Used by holdem_eval.engine.dealing.
# ---------------------------------------------------------------------------------------

__all__ += ["deal_seeded"]


# deal_seeded(seed, exclude_mask, count) -> bytes: the first ``count`` cards of the
# splitmix64 deal for ``seed`` from the deck without the cards in ``exclude_mask``; a
# builtin set by he_py_install (holdem_eval/_fastpath.c), ValueError when too few remain.
deal_seeded: Callable[[int, int, int], bytes]


# ---------------------------------------------------------------------------------------
# ICM (csrc/icm.c, issue 29): used by holdem_eval.icm, which validates first.
# ---------------------------------------------------------------------------------------

__all__ += ["HE_E_ICM_MEMORY", "HE_E_ICM_STACK", "HE_ICM_EXACT_MAX_PLAYERS", "icm_exact", "icm_mc"]

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


# ---------------------------------------------------------------------------------------
# Hand batch (csrc/hand_batch*.c, api/hand_batch.h; used by engine/batch.py and, for the
# observation of one engine.Hand, engine/discrete.py). The layout and the compact-or-full
# choice live in C (he_batch_spec.compact); this section only fills the structs.
# ---------------------------------------------------------------------------------------

__all__ += ["HE_E_BATCH_ILLEGAL", "HE_E_HAND_STATE", "HE_HAND_COMPACT_MAX_CHIPS", "HE_HAND_COMPACT_SEATS",
            "OBS_OFFSETS", "BatchC", "batch_layout", "batch_next_seed", "observation_size", "observe_hand"]
HE_E_BATCH_ILLEGAL, HE_E_HAND_STATE = int(lib.HE_E_BATCH_ILLEGAL), int(lib.HE_E_HAND_STATE)
HE_HAND_COMPACT_SEATS: int = lib.HE_HAND_COMPACT_SEATS
HE_HAND_COMPACT_MAX_CHIPS: int = lib.HE_HAND_COMPACT_MAX_CHIPS

# the observation layout of api/hand_batch.h: HE_OBS_<name> by name
OBS_OFFSETS: dict[str, int] = {name[7:]: int(getattr(lib, name)) for name in dir(lib)
                               if name.startswith("HE_OBS_")}


observation_size: Callable[[int], int] = lib.he_batch_observation_size  # D, from the seats


def observe_hand(state: bytes, events: bytes, seat: int, chip_unit: float, out: NDArray[np.float32]) -> int:
    """The observation of ``seat`` in one engine.Hand (its record and log as bytes) into
    ``out`` (C-contiguous float32 of the table's observation size); the status."""
    hand, ev = ffi.cast("he_hand *", ffi.from_buffer(state)), ffi.from_buffer("he_hand_event[]", events)
    n_ev = len(events) // ffi.sizeof("he_hand_event")
    return int(lib.he_batch_observe_hand(hand, ev, n_ev, seat, chip_unit, ffi.from_buffer("float[]", out)))


batch_next_seed: Callable[[int], int] = lib.he_batch_next_seed  # splitmix64's output


def batch_layout(compact: bool) -> tuple[int, dict[str, tuple[int, int, np.dtype[Any]]], int]:
    """The hand record the batch kernels use with ``compact``: its bytes, its fields
    (name -> byte offset, length, dtype) and the seats it holds."""
    fields, f, c = {}, 0, ffi.new("he_batch_field *")
    while lib.he_batch_hand_field(compact, f, c) == lib.HE_OK:
        fields[ffi.string(c.name).decode()] = c.offset, c.length, np.dtype(f"=i{c.width}")
        f += 1
    seats = lib.HE_HAND_COMPACT_SEATS if compact else lib.HE_HAND_MAX_SEATS
    return int(lib.he_batch_hand_size(compact)), fields, int(seats)


class BatchC:
    """The C side of one HandBatch: its spec and arrays (hands, histories, seeds, the view:
    mask, raise range, actor) as api/hand_batch.h's structs. Each method is one GIL-free
    call over all hands and returns its status (and bad hand); the caller has checked the
    inputs and holds the batch (one call at a time: the structs are shared)."""

    def __init__(self, config: Any, chip_unit: float, seats: int, fractions: Sequence[float],
                 auto_reset: bool, compact: bool, arrays: Sequence[NDArray[Any]],
                 parts: int, threads: int) -> None:
        """``config``: the game, a :func:`hand_config_struct` (kept)."""
        hands, history, seeds, mask, lo, hi, actor = arrays
        self._cfg = config
        self.spec = spec = ffi.new("he_batch_spec *")
        spec.config, spec.seats = ffi.cast("he_hand_config *", config), seats
        spec.n_fractions, spec.fractions[0:len(fractions)] = len(fractions), list(fractions)
        spec.chip_unit, spec.auto_reset, spec.compact = chip_unit, auto_reset, compact
        self._arrays = arrays  # the buffers below point into them
        self.hands = ffi.new("he_batch_hands *", (ffi.from_buffer("int64_t[]", hands),
                             ffi.from_buffer("uint8_t[]", history), ffi.from_buffer("uint64_t[]", seeds)))
        self.views = ffi.new("he_batch_views *", (
            ffi.from_buffer("uint8_t[]", mask), ffi.from_buffer("int64_t[]", lo),
            ffi.from_buffer("int64_t[]", hi), ffi.from_buffer("int64_t[]", actor), ffi.NULL))
        self.range = ffi.new("he_batch_range *", (0, len(hands), parts, threads))
        self._actions = ffi.new("he_batch_actions *")
        self._results = ffi.new("he_batch_results *")
        self._bad, self._fault = ffi.new("size_t *"), ffi.new("int *")
        self._fresh: Any = None

    pointer = staticmethod(lambda out: ffi.from_buffer("float[]", out))
    """A checked observation array as the C pointer ``view``/``step`` take (keep it)."""

    def fresh(self, fresh: NDArray[np.int64], stacks: NDArray[np.int64]) -> int:
        """Starts the hands a restart copies into ``fresh`` (kept, and set in the spec)."""
        self.spec.fresh = self._fresh = ffi.from_buffer("int64_t[]", fresh)
        return int(lib.he_batch_fresh(self.spec, self._fresh, ffi.from_buffer("int64_t[]", stacks)))

    def start(self, arrays: Sequence[NDArray[Any]], stacks: NDArray[np.int64],
              buttons: NDArray[np.int64], parts: int) -> tuple[int, int]:
        """Starts the hands of ``arrays`` (hands, histories, seeds: the batch's or rows
        of them) with ``stacks`` and ``buttons``."""
        hands, history, seeds = arrays
        b = ffi.new("he_batch_hands *", (ffi.from_buffer("int64_t[]", hands),
                    ffi.from_buffer("uint8_t[]", history), ffi.from_buffer("uint64_t[]", seeds)))
        r = ffi.new("he_batch_range *", (0, len(hands), parts, self.range.threads))
        st = lib.he_batch_start(self.spec, b, ffi.from_buffer("int64_t[]", stacks),
                                ffi.from_buffer("int64_t[]", buttons), r, self._bad)
        return int(st), int(self._bad[0])

    def view(self, obs: Any = None) -> int:
        """Writes the view (and the observations at ``obs``, a :meth:`pointer`)."""
        self.views.obs = ffi.NULL if obs is None else obs
        return int(lib.he_batch_view(self.spec, self.hands, self.views, self.range))

    def observe(self, out: NDArray[np.float32]) -> int:
        self.views.obs = ffi.from_buffer("float[]", out)
        return int(lib.he_batch_observe(self.spec, self.hands, self.views, self.range))

    def step(self, kinds: NDArray[np.int32], amounts: NDArray[np.int64] | None,
             flags: NDArray[Any], rewards: NDArray[np.int64], obs: Any,
             strict: bool) -> tuple[int, int]:
        """One step; ``flags`` (3, count): illegal, acted, done; ``obs`` a :meth:`pointer`
        or None."""
        n, a, r = len(kinds), self._actions, self._results
        a.kinds = ffi.from_buffer("int32_t[]", kinds)
        a.amounts = ffi.NULL if amounts is None else ffi.from_buffer("int64_t[]", amounts)
        p_flags = ffi.from_buffer("uint8_t[]", flags)
        r.illegal, r.acted, r.done = p_flags, p_flags + n, p_flags + 2 * n
        r.rewards = ffi.from_buffer("int64_t[]", rewards)
        self.views.obs = ffi.NULL if obs is None else obs
        st = lib.he_batch_step(self.spec, self.hands, a, r, self.views, strict, self.range, self._bad)
        return int(st), int(self._bad[0])

    def sample(self, key: int, out: NDArray[np.int32]) -> int:
        return int(lib.he_batch_sample(self.views.mask, self.spec.n_fractions + 3, key,
                                       ffi.from_buffer("int32_t[]", out), self.range))

    def check_hands(self) -> tuple[int, int, int]:
        """he_batch_check_hands over every hand: (status, bad hand, fault)."""
        st = lib.he_batch_check_hands(self.spec, self.hands.hands, 0, self.range.end, self._bad,
                                      self._fault)
        return int(st), int(self._bad[0]), int(self._fault[0])
