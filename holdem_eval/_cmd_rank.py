"""``holdem-eval rank INPUT OUTPUT``: rank every hand of a Parquet or CSV file."""

from __future__ import annotations

import argparse
import sys

from ._progress import progress_bar
from .errors import HoldemEvalError

__all__ = ["register"]


def _names(text: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in text.split(",") if n.strip())


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "rank",
        help="rank the hands of a Parquet or CSV file",
        description=(
            "Rank every hand of INPUT (Parquet or CSV), streaming it in chunks, and write "
            "the key columns with rank, category (and description) to OUTPUT (Parquet, or "
            "CSV if it ends in .csv). The card columns are guessed from their names unless "
            "given. Rows are numbered from 0 (a CSV header is not a row). Needs the [io] "
            "extra: pip install 'holdem-eval[io]'."
        ),
        epilog=(
            "examples: holdem-eval rank hands.parquet ranks.parquet --cards c0,c1,c2,c3,c4,c5,c6\n"
            "          holdem-eval rank hands.csv ranks.parquet --text hand --skip-invalid"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("input", metavar="INPUT", help="Parquet or CSV file of hands")
    p.add_argument("output", metavar="OUTPUT", help="Parquet (or .csv) file to write")
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--text", metavar="COL", help='one text column of 5-7 cards ("AhKh Qd 7c 2s")'
    )
    where.add_argument(
        "--cards", metavar="C1,C2,..", type=_names, help="5-7 columns, one card each"
    )
    where.add_argument(
        "--hole", metavar="COL[,COL]", type=_names, help="hole cards: 1 text or 2 card columns"
    )
    p.add_argument(
        "--board", metavar="COL[,..]", type=_names, help="board: 1 text or 3-5 card columns"
    )
    p.add_argument(
        "--keys",
        metavar="C1,C2,..",
        type=_names,
        help="input columns copied to the output (default: all that do not hold cards)",
    )
    p.add_argument("--describe", action="store_true", help="add a description column")
    p.add_argument("--row-numbers", action="store_true", help="add the input row number as 'row'")
    p.add_argument(
        "--skip-invalid",
        action="store_true",
        help="write bad rows to a reject file and go on (default: stop at the first)",
    )
    p.add_argument(
        "--rejects",
        metavar="PATH",
        help="reject file for --skip-invalid (default: OUTPUT's name + .rejects.parquet)",
    )
    p.add_argument(
        "--chunk-rows",
        type=int,
        default=1 << 20,
        metavar="N",
        help="rows read, ranked and written at a time (default: %(default)s)",
    )
    p.add_argument(
        "--threads", type=int, metavar="N", help="evaluation threads (default: all cores)"
    )
    p.add_argument(
        "--format", choices=("parquet", "csv"), help="input format (default: from the name)"
    )
    p.add_argument(
        "--compression",
        choices=("none", "snappy", "lz4", "zstd"),
        default="none",
        help="Parquet codec of OUTPUT (default: none, the fastest; zstd: the smallest)",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from .bulk import HandColumns, rank_file

    if args.board and not args.hole:
        print("holdem-eval rank: error: --board needs --hole", file=sys.stderr)
        return 2
    columns = None
    if args.text:
        columns = HandColumns(text=args.text)
    elif args.cards:
        columns = HandColumns(cards=args.cards)
    elif args.hole:
        if not args.board:
            print("holdem-eval rank: error: --hole needs --board", file=sys.stderr)
            return 2
        columns = HandColumns(hole=args.hole, board=args.board)
    total = None
    if not args.no_progress:
        total = _row_count(args.input, args.format)
    try:
        with progress_bar(total, unit="hands", desc="rank", enabled=not args.no_progress) as tick:
            summary = rank_file(
                args.input,
                args.output,
                columns=columns,
                keys=args.keys,
                describe=args.describe,
                row_numbers=args.row_numbers,
                skip_invalid=args.skip_invalid,
                reject_path=args.rejects,
                chunk_rows=args.chunk_rows,
                threads=args.threads,
                input_format=args.format,
                compression=args.compression,
                progress=tick,
            )
    except (OSError, ValueError) as exc:
        if isinstance(exc, HoldemEvalError):
            raise
        print(f"holdem-eval rank: error: {exc}", file=sys.stderr)
        return 1
    rate = summary.hands_per_second
    print(
        f"ranked {summary.rows_ranked:,} of {summary.rows_read:,} hands in {summary.seconds:.2f} s "
        f"({rate / 1e6:.1f} M hands/s) -> {summary.output}",
        file=sys.stderr,
    )
    if summary.reject_path is not None:
        print(f"{summary.rows_rejected:,} bad rows -> {summary.reject_path}", file=sys.stderr)
    return 0


def _row_count(path: str, fmt: str | None) -> int | None:
    """Rows of a Parquet file from its footer; None for CSV (the bar then counts up)."""
    from .bulk import detect_format, require

    try:
        if detect_format(path, fmt) != "parquet":
            return None
        pq = require("pyarrow.parquet", "io")
        return int(pq.ParquetFile(path).metadata.num_rows)
    except (OSError, ValueError):
        return None
