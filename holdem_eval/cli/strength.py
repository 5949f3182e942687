"""``holdem-eval strength INPUT OUTPUT``: the hand strength of every (hole, board) row of a
Parquet or CSV file, written as Parquet (or CSV / JSON lines by the output's name)."""

from __future__ import annotations

import argparse
import secrets
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._progress import progress_bar
from ..bulk.common import pa_module
from ..bulk.io import Sink, open_source, output_format
from ..cards import format_cards, parse_card, parse_cards
from ..errors import BadRowError, BulkArgumentError
from ..strength import KINDS, METHODS, PLAYS, StrengthResult, hand_strength
from .args import (
    add_command,
    add_quiet_arg,
    add_threads_arg,
    column_names,
    count_type,
    seed_type,
    show_progress,
)

__all__ = ["register"]

CHUNK_ROWS = 1 << 16  # rows read, scored and written at a time


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        sub, "strength", raw=True,
        summary="hand strength (EHS, EHS2, potentials, histograms) of each row of a file",
        description=(
            "Score every (hole, board) row of INPUT (Parquet or CSV; '-' reads standard input) "
            "with holdem_eval.hand_strength and write the row number, the hole cards and board "
            "as text and the values to OUTPUT (Parquet; CSV if it ends in .csv, JSON lines if "
            ".jsonl; '-' writes CSV to standard output). Hole cards are one text column "
            "('AhKh') or two card columns (ids 0..51 or card text); the board one text column "
            "(0, 3, 4 or 5 cards, the same count on every row) or 3..5 card columns. Monte "
            "Carlo results add a stderr column (a histogram: stderr_K per bin K). A bad row "
            "stops the job naming it, and no output file is left. Needs the [io] extra."
        ),
        epilog=(
            "examples: holdem-eval strength turns.parquet ehs.parquet --hole hole --board board\n"
            "          holdem-eval strength flops.csv pots.parquet --kind ppot --against 'QQ+, AK'\n"
            "          holdem-eval strength rows.parquet h.parquet --kind histogram --bins 20\n"
            "          holdem-eval strength pre.csv - --board '' --trials 100000 --seed 7\n"
            "exit status: 0 done; 1 bad input (the message names the row); 2 usage error"
        ),
    )
    p.add_argument("input", metavar="INPUT", help="Parquet or CSV file, or '-'")
    p.add_argument("output", metavar="OUTPUT", help="file to write ('-': standard output)")
    p.add_argument("--hole", metavar="COL[,COL]", type=column_names, default=("hole",),
                   help="hole cards: 1 text or 2 card columns (default: hole)")
    p.add_argument("--board", metavar="COL[,..]", type=column_names, default=None,
                   help="board: 1 text or 3..5 card columns; '' for preflop rows (default: "
                        "the column 'board' if INPUT has one, else preflop)")
    p.add_argument("--kind", choices=KINDS, default="ehs", help="what to compute (default: ehs)")
    p.add_argument("--against", default="random", metavar="RANGE",
                   help="the opponent's range, e.g. 'QQ+, AKs:0.5' (default: random)")
    p.add_argument("--opponents", type=count_type("opponents", 9), default=1, metavar="N",
                   help="opponents, 1..9 (default: 1; more than 1: ehs by Monte Carlo)")
    p.add_argument("--bins", type=count_type("bins", 10_000), default=10, metavar="N",
                   help="histogram bins (default: 10)")
    p.add_argument("--method", choices=METHODS, default="auto",
                   help="exact, monte_carlo or auto (default: exact where cheap)")
    p.add_argument("--trials", type=count_type("trials", 100_000_000, low=2), default=None,
                   metavar="N", help="Monte Carlo trials a row (default: 10,000)")
    p.add_argument("--seed", type=seed_type, default=None, metavar="S",
                   help="Monte Carlo seed (default: drawn and written to the output's metadata)")
    p.add_argument("--variant", choices=PLAYS, default="holdem", metavar="NAME",
                   help="holdem (default), short-deck or short-deck-straights-beat-trips")
    p.add_argument("--format", choices=("parquet", "csv"), help="input format (default: from the name)")
    p.add_argument("--output-format", choices=("parquet", "csv", "jsonl"),
                   help="output format (default: from the name; CSV for '-')")
    add_threads_arg(p, "scoring threads")
    add_quiet_arg(p)
    p.set_defaults(handler=_run)


def _cards(batch: Any, names: tuple[str, ...], base: int, what: str) -> Any:
    """One role's cards from its columns: a list of texts (one column) or an (n, k) id array
    (card columns: integer ids range-checked here so that errors name the input row)."""
    pa = pa_module()
    cols = [batch.column(n) for n in names]
    if len(cols) == 1 and (pa.types.is_string(cols[0].type) or pa.types.is_large_string(cols[0].type)):
        text = cols[0].to_pylist()
        bad = next((i for i, t in enumerate(text) if t is None), None)
        if bad is not None:
            raise BadRowError(base + bad, f"no {what} cards (null in column {names[0]!r})")
        return text
    out: list[NDArray[Any]] = []
    for name, col in zip(names, cols):
        if pa.types.is_string(col.type) or pa.types.is_large_string(col.type):
            vals = col.to_pylist()
            try:
                out.append(np.array([parse_card(v) for v in vals], dtype=np.int64))
            except Exception as exc:  # the row that does not parse, named
                bad = next(i for i, v in enumerate(vals) if not _parses(v))
                raise BadRowError(base + bad, f"column {name!r}: {exc}") from None
            continue
        if not pa.types.is_integer(col.type) or col.null_count:
            raise BulkArgumentError(f"column {name!r} must hold card ids 0..51 or card text, "
                                    f"got {col.type}{' with nulls' if col.null_count else ''}")
        a = col.to_numpy().astype(np.int64)
        outside = np.nonzero((a < 0) | (a > 51))[0]
        if outside.size:
            i = int(outside[0])
            raise BadRowError(base + i, f"card id {int(a[i])} in column {name!r} is outside 0..51")
        out.append(a)
    return np.column_stack(out) if out else np.zeros((batch.num_rows, 0), dtype=np.int64)


def _parses(value: Any) -> bool:
    try:
        parse_card(value)
    except Exception:
        return False
    return True


def _table(row_ids: NDArray[np.int64], holes: Any, boards: Any, res: StrengthResult) -> Any:
    """The output rows: number, hole cards and board as text, the values (and stderr)."""
    pa = pa_module()
    board_text = _texts(boards) if len(boards) else [""] * len(row_ids)
    cols: dict[str, Any] = {"row": pa.array(row_ids, pa.int64()),
                            "hole": pa.array(_texts(holes), pa.string()),
                            "board": pa.array(board_text, pa.string())}
    if res.kind != "histogram":
        cols[res.kind] = pa.array(res.values)
        if not res.exact:
            cols["stderr"] = pa.array(res.stderr)
    else:
        bins = res.values.shape[1]
        cols.update({f"bin_{k}": pa.array(res.values[:, k]) for k in range(bins)})
        if not res.exact:
            cols.update({f"stderr_{k}": pa.array(res.stderr[:, k]) for k in range(bins)})
    meta = {"holdem_eval.kind": res.kind, "holdem_eval.method": res.method,
            "holdem_eval.against": res.against, "holdem_eval.opponents": str(res.opponents),
            "holdem_eval.seed": "" if res.seed is None else str(res.seed),
            "holdem_eval.trials": "" if res.trials is None else str(res.trials)}
    return pa.table(cols).replace_schema_metadata(meta)


def _texts(cards: Any) -> list[str]:
    if isinstance(cards, list):  # text rows, already checked by hand_strength
        return [format_cards(parse_cards(t)) for t in cards]
    return [format_cards(r) for r in cards]


def _run(args: argparse.Namespace) -> int:
    src = open_source(args.input, args.format, CHUNK_ROWS)
    board: tuple[str, ...] = args.board if args.board is not None else (
        ("board",) if "board" in src.names else ())
    if board == ("",):
        board = ()
    missing = [n for n in (*args.hole, *board) if n not in src.names]
    if missing:
        raise BulkArgumentError(f"INPUT has no column {missing[0]!r}; its columns: {src.names}")
    if len(args.hole) not in (1, 2) or len(board) not in (0, 1, 3, 4, 5):
        raise BulkArgumentError("--hole takes 1 text or 2 card columns, --board 1 text or 3..5 "
                                f"card columns, got {len(args.hole)} and {len(board)}")
    seed = args.seed
    if seed is None and (args.method == "monte_carlo" or args.opponents > 1 or not board):
        seed = secrets.randbits(64)  # one seed for every chunk: the file scores as one call

    def score(holes: Any, boards: Any, first_row: int) -> StrengthResult:
        return hand_strength(holes, boards, args.kind, opponents=args.opponents,
                             against=args.against, bins=args.bins, method=args.method,
                             trials=args.trials, seed=seed, threads=args.threads,
                             variant=args.variant, first_row=first_row)

    sink = Sink(args.output, output_format(args.output, args.output_format), "none")
    try:
        with progress_bar(src.total_rows, unit="rows", desc="strength",
                          enabled=show_progress(args)) as advance:
            for chunk in src.batches(list(dict.fromkeys((*args.hole, *board)))):
                if chunk.bad_lines:
                    row, reason = chunk.bad_lines[0]
                    raise BadRowError(row, reason)
                if chunk.batch.num_rows == 0:
                    continue
                base = int(chunk.row_ids[0])
                holes = _cards(chunk.batch, args.hole, base, "hole")
                boards = _cards(chunk.batch, board, base, "board") if board else []
                res = score(holes, boards if board else "", base)
                for rb in _table(chunk.row_ids, holes, boards, res).to_batches():
                    sink.write(rb)
                advance(chunk.batch.num_rows)
        nb = 0 if not board else (3 if len(board) == 1 else len(board))  # schema if no rows
        none = np.zeros((0, 2), dtype=np.uint8)
        no_boards = np.zeros((0, nb), dtype=np.uint8)
        empty = _table(np.zeros(0, dtype=np.int64), none, [], score(none, no_boards, 0))
        sink.commit(pa_module().RecordBatch.from_pylist([], schema=empty.schema))
    except BaseException:
        sink.abort()
        raise
    return 0
