"""``holdem-eval rank INPUT OUTPUT``: rank every hand of a Parquet or CSV file (or dataset)."""

from __future__ import annotations

import argparse
import glob
import os
import sys
from typing import Any

from .._progress import progress_bar
from .._variant_faces import best_five_variant
from ..bulk.common import MAX_CHUNK_ROWS
from ..variants import VARIANT_NAMES
from .args import (
    add_command,
    add_quiet_arg,
    add_threads_arg,
    column_names,
    count_type,
    parquet_to_terminal,
    show_progress,
)

__all__ = ["register"]

EXIT_CODES = (
    "exit status: 0 done; 1 bad input or data (bad row, missing file, unreachable "
    "scheduler; the message is on stderr and no output file is left); 2 usage error; "
    "141 standard output closed early (e.g. by head)"
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        sub, "rank", raw=True,
        summary="rank the hands of a Parquet or CSV file (or a Parquet dataset on Dask)",
        description=(
            "Rank every hand of INPUT (Parquet or CSV; '-' reads standard input), streaming it "
            "in chunks, and write the key columns with rank, category (and description) to "
            "OUTPUT (Parquet; CSV if it ends in .csv, .tsv or .txt, JSON lines if .jsonl or .ndjson, "
            "compressed if it adds .gz or .bz2; '-' writes CSV to standard output, "
            "Parquet only with --output-format parquet). The card columns are guessed from "
            "their names unless given. Rows are numbered from 0 (a CSV header is not a row). "
            "If INPUT is a folder or a glob of Parquet files, it is ranked on Dask, one output "
            "file per input file in the folder OUTPUT. Needs the [io] extra (and [dask])."
        ),
        epilog=(
            "examples: holdem-eval rank hands.parquet ranks.parquet --cards c0,c1,c2,c3,c4,c5,c6\n"
            "          holdem-eval rank hands.csv ranks.parquet --text hand --skip-invalid\n"
            "          zcat hands.csv.gz | holdem-eval rank - - --format csv > ranks.csv\n"
            "          holdem-eval rank 'data/part-*.parquet' ranked/ --scheduler tcp://host:8786\n"
            "          holdem-eval rank hands.parquet ranks.parquet --variant short-deck\n"
            + EXIT_CODES
        ),
    )
    p.add_argument("input", metavar="INPUT", help="Parquet or CSV file, file:// URL, '-', or a dataset")
    p.add_argument("output", metavar="OUTPUT", help="file to write ('-': standard output)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--text", metavar="COL", help='one text column of 5-7 cards ("AhKh Qd 7c 2s")')
    where.add_argument("--cards", metavar="C1,C2,..", type=column_names, help="5-7 columns, one card each")
    where.add_argument(
        "--hole", metavar="COL[,COL]", type=column_names, help="hole cards: 1 text or 2 card columns"
    )
    p.add_argument("--board", metavar="COL[,..]", type=column_names, help="board: 1 text or 3-5 card columns")
    p.add_argument(
        "--keys",
        metavar="C1,C2,..",
        type=column_names,
        help="input columns copied to the output (default: all that do not hold cards)",
    )
    p.add_argument(
        "--variant",
        choices=VARIANT_NAMES,
        default="holdem",
        metavar="NAME",
        help="the game (docs/variants.md): holdem (default), short-deck (cards 6..A, ranks "
        "1..1404, trips beat a straight) or short-deck-straights-beat-trips; a 2..5 is a bad row",
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
        help="reject file for --skip-invalid, '-' for standard output (default: OUTPUT + "
        ".rejects.parquet; for a dataset, the folder OUTPUT + .rejects)",
    )
    p.add_argument(
        "--chunk-rows",
        type=count_type("chunk_rows", MAX_CHUNK_ROWS),
        default=1 << 20,
        metavar="N",
        help="rows read, ranked and written at a time, 1..2**31-1 (default: %(default)s)",
    )
    add_threads_arg(p, "evaluation threads")
    p.add_argument("--format", choices=("parquet", "csv"), help="input format (default: from the name)")
    p.add_argument(
        "--output-format",
        choices=("parquet", "csv", "jsonl"),
        help="output format (default: from the name; CSV for '-')",
    )
    p.add_argument(
        "--compression",
        choices=("none", "snappy", "lz4", "zstd"),
        default="none",
        help="Parquet codec of OUTPUT (default: none, the fastest; zstd: the smallest)",
    )
    dask = p.add_argument_group(
        "datasets on Dask (INPUT a folder or a glob; one single-threaded task per file, "
        "so --threads, --format and --output-format do not apply)"
    )
    dask.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="Dask scheduler, e.g. tcp://host:8786 (default: $DASK_SCHEDULER_ADDRESS, else an "
        "embedded local cluster)",
    )
    dask.add_argument(
        "--workers",
        type=count_type("workers"),
        metavar="N",
        help="worker processes of the embedded cluster, 1..256 (default: one per core)",
    )
    dask.add_argument(
        "--connect-timeout",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds to wait for the scheduler (default: %(default)s)",
    )
    add_quiet_arg(p)
    p.set_defaults(handler=run)


def _is_dataset(text: str) -> bool:
    if text == "-" or "://" in text or os.path.isfile(text):  # a file named 'h[1].csv' is a file
        return False
    return os.path.isdir(text) or glob.has_magic(text)


def _columns(args: argparse.Namespace) -> Any:
    from ..bulk.rank import HandColumns

    if args.text:
        return HandColumns(text=args.text)
    if args.cards:
        return HandColumns(cards=args.cards)
    if args.hole:
        return HandColumns(hole=args.hole, board=args.board)
    return None


def run(args: argparse.Namespace) -> int:
    if args.board and not args.hole:
        print("holdem-eval rank: error: --board needs --hole", file=sys.stderr)
        return 2
    if args.hole and not args.board:
        print("holdem-eval rank: error: --hole needs --board", file=sys.stderr)
        return 2
    columns = _columns(args)
    best_five_variant(args.variant, "rank")  # an unplayed game (Omaha ...): before any output
    if _is_dataset(args.input):
        return _run_dataset(args, columns)
    from ..bulk.rank import rank_file

    if parquet_to_terminal("rank", args.output, args.output_format):
        return 1
    shown = show_progress(args)
    total = _row_count(args.input, args.format) if shown else None
    with progress_bar(total, unit="hands", desc="rank", enabled=shown) as tick:
        summary = rank_file(
            args.input, args.output, reject_path=args.rejects, threads=args.threads,
            input_format=args.format, output_format=args.output_format, progress=tick,
            **_shared(args, columns),
        )
    rate = summary.hands_per_second
    where = "standard output" if summary.output is None else str(summary.output)
    print(
        f"ranked {summary.rows_ranked:,} of {summary.rows_read:,} hands in {summary.seconds:.2f} s "
        f"({rate / 1e6:.1f} M hands/s) -> {where}",
        file=sys.stderr,
    )
    if args.skip_invalid:
        rej = "the reject stream" if summary.reject_path is None else str(summary.reject_path)
        print(f"{summary.rows_rejected:,} bad rows -> {rej}", file=sys.stderr)
    return 0


def _shared(args: argparse.Namespace, columns: Any) -> dict[str, Any]:
    """The arguments rank_file and rank_dataset take alike."""
    return {"columns": columns, "keys": args.keys, "describe": args.describe,
            "row_numbers": args.row_numbers, "skip_invalid": args.skip_invalid,
            "chunk_rows": args.chunk_rows, "compression": args.compression, "variant": args.variant}


def _run_dataset(args: argparse.Namespace, columns: Any) -> int:
    from ..bulk_dask import dataset_files, rank_dataset

    shown = show_progress(args)
    total = None
    if shown:
        files = dataset_files(args.input)
        total = sum(_row_count(str(f), "parquet") or 0 for f in files)
    with progress_bar(total, unit="hands", desc="rank", enabled=shown) as tick:
        summary = rank_dataset(
            args.input, args.output, reject_dir=args.rejects, threads=1,
            scheduler=args.scheduler, workers=args.workers, connect_timeout=args.connect_timeout,
            progress=tick, **_shared(args, columns),
        )
    print(
        f"ranked {summary.rows_ranked:,} of {summary.rows_read:,} hands in {summary.partitions} "
        f"partitions on {summary.workers} workers in {summary.seconds:.2f} s -> {summary.output}",
        file=sys.stderr,
    )
    if args.skip_invalid:
        print(f"{summary.rows_rejected:,} bad rows -> {summary.reject_dir}", file=sys.stderr)
    return 0


def _row_count(path: str, fmt: str | None) -> int | None:
    """Rows of a Parquet file from its footer; None for CSV and streams (the bar counts up)."""
    from ..bulk.rank import detect_format, require

    if path == "-":
        return None
    try:
        if detect_format(path, fmt) != "parquet":
            return None
        pq = require("pyarrow.parquet", "io")
        return int(pq.ParquetFile(path).metadata.num_rows)
    except (OSError, ValueError):
        return None
