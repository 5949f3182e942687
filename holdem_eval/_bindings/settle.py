"""Showdown settlement kernels (csrc/settle.c) for engine.settle and settle_batch."""

from __future__ import annotations

from ._core import HE_OK, I64, U8, Status, ffi, lib, run_chunked

# ---------------------------------------------------------------------------------------
# Showdown settlement (csrc/settle.c; used by engine/showdown/showdown.py and engine/showdown/batch.py)
# ---------------------------------------------------------------------------------------

__all__ = [
    "HE_E_BOARD",
    "HE_E_BUTTON",
    "HE_E_CHIPS",
    "HE_E_NO_LIVE",
    "HE_NO_CARD",
    "HE_SETTLE_MAX_RUNS",
    "HE_SETTLE_MAX_SEATS",
    "settle_batch_rows",
    "settle_hand",
    "settle_rake",
    "settle_rules",
    "settle_split",
    "showdown_order",
]

HE_NO_CARD: int = lib.HE_NO_CARD
HE_SETTLE_MAX_SEATS: int = lib.HE_SETTLE_MAX_SEATS
HE_SETTLE_MAX_RUNS: int = lib.HE_SETTLE_MAX_RUNS
HE_E_CHIPS: int = lib.HE_E_CHIPS
HE_E_NO_LIVE: int = lib.HE_E_NO_LIVE
HE_E_BOARD: int = lib.HE_E_BOARD
HE_E_BUTTON: int = lib.HE_E_BUTTON


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
    # no dead chips (a table's hands, mostly): the flat call, which settles exactly as
    # he_settle_hand_dead with zeros and costs none of the table struct's cdata
    if dead is None or not any(dead):
        st = lib.he_settle_hand(contributions, folded, holes, hole_len, board, len(board),
                                seats, button, variant, rules, out, out + seats)
    else:
        c = ffi.new("int64_t[]", contributions)
        d = ffi.new("int64_t[]", dead)
        f = ffi.from_buffer("uint8_t[]", folded)
        h = ffi.from_buffer("uint8_t[]", holes)
        b = ffi.from_buffer("uint8_t[]", board) if board else ffi.NULL
        table = ffi.new("he_settle_table *", {
            "contributions": c, "dead": d, "folded": f, "holes": h, "hole_len": hole_len,
            "board": b, "board_cols": len(board), "seats": seats, "button": button,
            "variant": variant, "runs": 1,
        })
        st = lib.he_settle_hand_dead(table, rules, out, out + seats)
    if st:
        return None
    head = 3 * seats + 2
    return ffi.unpack(out, head + out[head - 1] * (5 + seats))  # type: ignore[no-any-return]


_SETTLE_SIZES: dict[int, int] = {}


def settle_split(
    contributions: list[int], folded: bytes, holes: bytes, hole_len: int, boards: bytes,
    board_cols: int, runs: int, seats: int, button: int, variant: int, rules: object,
    dead: list[int] | None = None,
) -> list[int] | None:
    """he_settle_split: one hand on ``runs`` boards (``boards``: runs * board_cols ids),
    high / low halves for a hi-lo variant. The payouts (``seats`` values) followed by the
    split record of csrc/api/settle.h, trimmed to the pots and awards made; None if the
    kernel rejects the hand."""
    if (len(contributions) != seats or len(folded) != seats or board_cols > 5
            or not 1 <= runs <= HE_SETTLE_MAX_RUNS or len(boards) != runs * board_cols
            or len(holes) != seats * hole_len or (dead is not None and len(dead) != seats)):
        return None  # the kernel reads exactly these lengths: never past a buffer
    out = ffi.new("int64_t[]", seats + lib.he_settle_split_detail_len(seats, runs))
    c = ffi.new("int64_t[]", contributions)
    d = ffi.NULL if dead is None else ffi.new("int64_t[]", dead)
    f = ffi.from_buffer("uint8_t[]", folded)
    h = ffi.from_buffer("uint8_t[]", holes)
    b = ffi.from_buffer("uint8_t[]", boards) if boards else ffi.NULL
    table = ffi.new("he_settle_table *", {
        "contributions": c, "dead": d, "folded": f, "holes": h, "hole_len": hole_len,
        "board": b, "board_cols": board_cols, "seats": seats, "button": button,
        "variant": variant, "runs": runs,
    })
    st = lib.he_settle_split(table, rules, out, out + seats)
    if st:
        return None
    head = 2 * seats + 3 + 2 * runs * seats
    pots, awards = out[2 * seats + 1], out[2 * seats + 2]
    return ffi.unpack(out, head + 3 * pots + awards * (6 + seats))  # type: ignore[no-any-return]


def settle_rake(rules: object, amount: int, flop_dealt: bool) -> int:
    """he_settle_rake: the rake of ``amount`` (0..2**63-1) chips; negative on bad input."""
    return int(lib.he_settle_rake(rules, amount, int(flop_dealt)))


def showdown_order(
    live: bytes, button: int, last_aggressor: int, contributions: list[int] | None,
    dead: list[int] | None, ranks: list[int] | None, lows: list[int] | None = None,
) -> tuple[int, list[int], list[int]]:
    """he_showdown_order_lo: ``(status, order, muck flags)``; ``len(live)`` seats; ``lows``
    the low ranks of a hi-lo game (None: high only)."""
    seats = len(live)
    if (seats > HE_SETTLE_MAX_SEATS or (contributions is not None and len(contributions) != seats)
            or (dead is not None and len(dead) != seats)
            or (ranks is not None and len(ranks) != seats)
            or (lows is not None and len(lows) != seats)):
        return lib.HE_E_ARGUMENT, [], []  # the kernel reads exactly these lengths
    order = ffi.new("uint8_t[]", max(seats, 1))
    muck = ffi.new("uint8_t[]", max(seats, 1))
    count = ffi.new("size_t *")
    st = lib.he_showdown_order_lo(
        ffi.NULL if contributions is None else contributions,
        ffi.NULL if dead is None else dead, live,
        ffi.NULL if ranks is None else ffi.new("uint16_t[]", ranks),
        ffi.NULL if lows is None else ffi.new("uint16_t[]", lows),
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
    """contributions, folded: (n, P); holes: (n, P, hole_len); boards: (n, 0..5), or
    (n, runs, 0..5) for several runs of the board; buttons: (n,) or (1,) for all rows;
    payouts: (n, P) and rakes: (n,) written."""
    n, seats = contributions.shape
    hole_len = holes.shape[2]
    runs = boards.shape[1] if boards.ndim == 3 else 1
    board_cols = boards.shape[-1]
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
            "board_cols": board_cols, "seats": seats, "variant": variant, "runs": runs,
        })
        st = lib.he_settle_batch(
            rows, ffi.from_buffer("int64_t[]", b), stride, hi - lo, rules,
            ffi.from_buffer("int64_t[]", payouts[lo:hi]),
            ffi.from_buffer("int64_t[]", rakes[lo:hi]), bad,
        )
        return int(st), int(bad[0])

    return run_chunked(call, n, threads)
