"""``holdem-eval matrix``: the exact 169 x 169 heads-up preflop equity matrix on Dask."""

from __future__ import annotations

import argparse
import sys

from .._progress import progress_bar
from ..matrix import MAX_UNIT_PAIRS
from .args import add_command, add_quiet_arg, count_type, parquet_to_terminal, show_progress

__all__ = ["register"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        sub, "matrix", raw=True,
        summary="exact heads-up preflop equity of every pair of starting hands (Dask)",
        description=(
            "Compute the exact heads-up preflop equity of every pair of the 169 starting "
            "hands (or of --classes) on Dask and write it as Parquet (CSV if OUTPUT ends in "
            ".csv; '-o -' writes CSV to standard output, Parquet only with --format parquet), "
            "with a heatmap PNG. Finished work units go to a checkpoint folder: run the same "
            "command again to resume a stopped job. Needs the [dask] extra (and [plot] for "
            "the PNG)."
        ),
        epilog=(
            "examples: holdem-eval matrix -o matrix.parquet --png matrix.png\n"
            "          holdem-eval matrix -o m.parquet --scheduler tcp://10.0.0.5:8786\n"
            "          holdem-eval matrix -o - --classes AA,KK,AKs,AKo,72o | head\n"
            "exit status: 0 done; 1 bad input (bad class, unreachable scheduler, checkpoint of "
            "another job; the message is on stderr); 2 usage error; 141 standard output closed early"
        ),
    )
    p.add_argument(
        "-o",
        "--output",
        default="preflop_matrix.parquet",
        metavar="PATH",
        help="file to write, '-' for standard output (default: %(default)s)",
    )
    p.add_argument(
        "--format",
        choices=("parquet", "csv", "jsonl"),
        help="output format (default: from the name; CSV for '-')",
    )
    p.add_argument("--png", metavar="PATH", help="also render the heatmap to this PNG")
    p.add_argument(
        "--classes", metavar="LIST", help="only these classes, e.g. 'AA,KK,AKs' (default: all 169)"
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="Dask scheduler, e.g. tcp://host:8786 (default: $DASK_SCHEDULER_ADDRESS, "
        "else an embedded local cluster)",
    )
    p.add_argument(
        "--connect-timeout",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds to wait for the scheduler (default: %(default)s)",
    )
    p.add_argument(
        "--workers",
        type=count_type("workers"),
        metavar="N",
        help="worker processes of the embedded cluster, 1..256 (default: one per core)",
    )
    p.add_argument("--checkpoint", metavar="DIR", help="checkpoint folder (default: OUTPUT.checkpoint)")
    p.add_argument("--keep-checkpoint", action="store_true", help="keep the checkpoint folder after success")
    p.add_argument(
        "--unit-pairs",
        type=count_type("unit_pairs", MAX_UNIT_PAIRS),
        default=64,
        metavar="N",
        help="class pairs per work unit, 1..14365 (default: %(default)s)",
    )
    add_quiet_arg(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from .._limits import check_count
    from ..matrix import MAX_UNIT_PAIRS, matrix_pairs, preflop_matrix
    from ..starting_hands import parse_classes

    # Counts are checked before anything starts (a cluster of 0 workers would wait forever).
    if args.workers is not None:
        check_count(args.workers, "workers")
    check_count(args.unit_pairs, "unit_pairs", high=MAX_UNIT_PAIRS)
    if parquet_to_terminal("matrix", args.output, args.format):
        return 1
    total = len(matrix_pairs(parse_classes(args.classes)))
    shown = show_progress(args)
    with progress_bar(total, unit="pairs", desc="matrix", enabled=shown) as tick:
        summary = preflop_matrix(
            args.output,
            classes=args.classes,
            scheduler=args.scheduler,
            workers=args.workers,
            connect_timeout=args.connect_timeout,
            output_format=args.format,
            checkpoint=args.checkpoint,
            keep_checkpoint=args.keep_checkpoint,
            unit_pairs=args.unit_pairs,
            png=args.png,
            progress=tick,
        )
    resumed = f", {summary.units_resumed} resumed from the checkpoint" if summary.units_resumed else ""
    where = "standard output" if summary.output is None else str(summary.output)
    print(
        f"{summary.classes} classes, {summary.pairs:,} pairs in {summary.units} units{resumed}: "
        f"{summary.seconds:.1f} s wall, {summary.core_seconds / 3600:.4f} core-hours on "
        f"{summary.workers} workers -> {where}" + (f", {summary.png}" if summary.png else ""),
        file=sys.stderr,
    )
    return 0
