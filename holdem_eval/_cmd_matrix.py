"""``holdem-eval matrix``: the exact 169 x 169 heads-up preflop equity matrix on Dask."""

from __future__ import annotations

import argparse
import sys

from ._progress import progress_bar

__all__ = ["register"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "matrix",
        help="exact heads-up preflop equity of every pair of starting hands (Dask)",
        description=(
            "Compute the exact heads-up preflop equity of every pair of the 169 starting "
            "hands (or of --classes) on Dask and write it as Parquet, with a heatmap PNG. "
            "Finished work units go to a checkpoint folder: run the same command again to "
            "resume a stopped job. Needs the [dask] extra (and [plot] for the PNG)."
        ),
        epilog=(
            "examples: holdem-eval matrix -o matrix.parquet --png matrix.png\n"
            "          holdem-eval matrix -o m.parquet --scheduler tcp://10.0.0.5:8786\n"
            "          holdem-eval matrix -o small.parquet --classes AA,KK,AKs,AKo,72o"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "-o",
        "--output",
        default="preflop_matrix.parquet",
        metavar="PATH",
        help="Parquet file to write (default: %(default)s)",
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
        "--workers", type=int, metavar="N", help="workers of the embedded cluster (default: one per core)"
    )
    p.add_argument("--checkpoint", metavar="DIR", help="checkpoint folder (default: OUTPUT.checkpoint)")
    p.add_argument("--keep-checkpoint", action="store_true", help="keep the checkpoint folder after success")
    p.add_argument(
        "--unit-pairs",
        type=int,
        default=64,
        metavar="N",
        help="class pairs per work unit (default: %(default)s)",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from .matrix import matrix_pairs, preflop_matrix
    from .starting_hands import parse_classes

    total = len(matrix_pairs(parse_classes(args.classes)))
    with progress_bar(total, unit="pairs", desc="matrix", enabled=not args.no_progress) as tick:
        summary = preflop_matrix(
            args.output,
            classes=args.classes,
            scheduler=args.scheduler,
            workers=args.workers,
            checkpoint=args.checkpoint,
            keep_checkpoint=args.keep_checkpoint,
            unit_pairs=args.unit_pairs,
            png=args.png,
            progress=tick,
        )
    resumed = f", {summary.units_resumed} resumed from the checkpoint" if summary.units_resumed else ""
    print(
        f"{summary.classes} classes, {summary.pairs:,} pairs in {summary.units} units{resumed}: "
        f"{summary.seconds:.1f} s wall, {summary.core_seconds / 3600:.4f} core-hours on "
        f"{summary.workers} workers -> {summary.output}" + (f", {summary.png}" if summary.png else ""),
        file=sys.stderr,
    )
    return 0
