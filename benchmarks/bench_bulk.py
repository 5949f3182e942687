"""Bulk jobs (issue 6): ranking files and the preflop matrix.

pytest-benchmark suite (seeded inputs built once; rates in ``extra_info``):

    .venv/bin/python -m pytest benchmarks/bench_bulk.py --benchmark-enable --benchmark-only

The targets, as a script (the input file is generated in /tmp and deleted afterwards):

    .venv/bin/python benchmarks/bench_bulk.py rank --hands 100000000   # M hands/s, peak RSS
    .venv/bin/python benchmarks/bench_bulk.py matrix --workers 1        # full 169 x 169
    .venv/bin/python benchmarks/bench_bulk.py matrix --workers 2

``rank`` runs the real CLI (``holdem-eval rank``) in a child process under
``/usr/bin/time -v``-like accounting (``resource.getrusage`` of the child), so the
figure is end to end: Parquet decode, ranking, Parquet encode, process start included.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest

CHUNK = 1 << 20


def random_hands(rng: np.random.Generator, n: int, k: int = 7) -> np.ndarray:
    """n rows of k distinct card ids (uint8): draw, then redraw the rows with a repeat."""
    out = rng.integers(0, 52, (n, k), dtype=np.uint8)
    while True:
        s = np.sort(out, axis=1)
        bad = np.flatnonzero((s[:, 1:] == s[:, :-1]).any(axis=1))
        if bad.size == 0:
            return out
        out[bad] = rng.integers(0, 52, (bad.size, k), dtype=np.uint8)


def short_deck_hands(rng: np.random.Generator, n: int, k: int = 7) -> np.ndarray:
    """n rows of k distinct short-deck card ids (16..51, uint8)."""
    return (np.argsort(rng.random((n, 36)), axis=1)[:, :k] + 16).astype(np.uint8)


def write_hands(path: Path, n: int, seed: int = 6) -> None:
    """A Parquet file of n 7-card hands in uint8 columns c0..c6 (pyarrow's default
    encoding: dictionary + snappy), written in row groups of 2**20 rows."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(seed)
    schema = pa.schema([(f"c{j}", pa.uint8()) for j in range(7)])
    with pq.ParquetWriter(str(path), schema) as w:
        for lo in range(0, n, CHUNK):
            h = random_hands(rng, min(CHUNK, n - lo))
            w.write_table(pa.table({f"c{j}": h[:, j] for j in range(7)}, schema=schema), row_group_size=CHUNK)


# ------------------------------------------------------------------------ pytest-benchmark


@pytest.fixture(scope="module")
def hands_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    n = 4 * CHUNK
    path = tmp_path_factory.mktemp("bulk") / "hands.parquet"
    write_hands(path, n)
    return path, n


@pytest.mark.parametrize("threads", [1, 2])
def test_rank_file_parquet(benchmark, hands_file, tmp_path, threads):  # type: ignore[no-untyped-def]
    from holdem_eval.bulk import rank_file

    path, n = hands_file
    benchmark.pedantic(
        rank_file,
        args=(path, tmp_path / "out.parquet"),
        kwargs={"threads": threads},
        rounds=5,
        warmup_rounds=1,
    )
    benchmark.extra_info["hands"] = n
    benchmark.extra_info["hands_per_s"] = n / benchmark.stats.stats.median


def test_rank_file_csv_text(benchmark, tmp_path):  # type: ignore[no-untyped-def]
    import pyarrow as pa
    import pyarrow.csv as pacsv

    import holdem_eval as he
    from holdem_eval.bulk import rank_file

    n = 200_000
    hands = random_hands(np.random.default_rng(3), n)
    text = [he.format_cards(h, sep=" ") for h in hands]
    src = tmp_path / "hands.csv"
    pacsv.write_csv(pa.table({"hand": text}), src)
    benchmark.pedantic(rank_file, args=(src, tmp_path / "out.parquet"), rounds=5, warmup_rounds=1)
    benchmark.extra_info["hands"] = n
    benchmark.extra_info["hands_per_s"] = n / benchmark.stats.stats.median


def test_rank_file_csv_id_columns(benchmark, tmp_path):  # type: ignore[no-untyped-def]
    """CSV of 7 card-id columns: read as text (keys exactly as written), cast in one step."""
    import pyarrow as pa
    import pyarrow.csv as pacsv

    from holdem_eval.bulk import rank_file

    n = 400_000
    hands = random_hands(np.random.default_rng(4), n)
    src = tmp_path / "ids.csv"
    pacsv.write_csv(
        pa.table({"id": np.arange(n)} | {f"c{j}": hands[:, j].astype(np.int64) for j in range(7)}), src
    )
    benchmark.pedantic(
        rank_file, args=(src, tmp_path / "out.parquet"), kwargs={"threads": 2}, rounds=5, warmup_rounds=1
    )
    benchmark.extra_info["hands"] = n
    benchmark.extra_info["hands_per_s"] = n / benchmark.stats.stats.median


@pytest.mark.parametrize(
    ("kind", "variant"), [("arrow", "holdem"), ("pandas", "holdem"), ("arrow", "short-deck")]
)
def test_rank_table(benchmark, kind, variant):  # type: ignore[no-untyped-def]
    """rank_table on 1 M hands in 7 uint8 columns plus a text key: a pyarrow Table against
    the same data as a pandas DataFrame (the ratio of the medians is the pandas overhead:
    conversion to Arrow and back, and the index), and short deck's column kernel on 1 M
    short-deck hands (benchmarks/bench_short_deck.py measures the ratio to Hold'em in
    interleaved rounds)."""
    import pyarrow as pa

    from holdem_eval.bulk import rank_table

    n = CHUNK
    hands = random_hands(np.random.default_rng(5), n)
    if variant != "holdem":
        hands = short_deck_hands(np.random.default_rng(5), n)
    table = pa.table(
        {"who": pa.array(np.char.add("p", np.arange(n).astype(str)))}
        | {f"c{j}": hands[:, j] for j in range(7)}
    )
    data = table.to_pandas() if kind == "pandas" else table
    benchmark.group = "rank_table"
    benchmark.pedantic(
        rank_table, args=(data,), kwargs={"threads": 2, "variant": variant}, rounds=5, warmup_rounds=1
    )
    benchmark.extra_info["hands"] = n
    benchmark.extra_info["hands_per_s"] = n / benchmark.stats.stats.median


def test_matrix_unit(benchmark):  # type: ignore[no-untyped-def]
    from holdem_eval.matrix import compute_unit, matrix_pairs

    classes = tuple(range(0, 169, 8))  # 22 classes, 253 pairs: the first 64 of them
    benchmark.pedantic(compute_unit, args=(classes, 0, 64), rounds=3)
    benchmark.extra_info["pairs"] = 64
    benchmark.extra_info["pairs_per_s"] = 64 / benchmark.stats.stats.median
    assert len(matrix_pairs(classes)) == 253


# ------------------------------------------------------------------------ target scripts


def _child_rusage() -> tuple[float, int]:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime, r.ru_maxrss * 1024  # Linux: ru_maxrss in KiB


def rank_target(hands: int, keep: Path | None) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="holdem-bulk-", dir="/tmp"))
    src = keep if keep is not None and keep.exists() else tmp / "hands.parquet"
    if not src.exists():
        t = time.perf_counter()
        write_hands(src, hands)
        print(
            f"generated {hands:,} hands in {time.perf_counter() - t:.1f} s: {src} "
            f"({src.stat().st_size / 2**20:.0f} MiB)"
        )
    out = tmp / "ranks.parquet"
    cmd = [sys.executable, "-m", "holdem_eval", "rank", str(src), str(out), "--no-progress", "--threads", "2"]
    cpu0, _ = _child_rusage()
    t = time.perf_counter()
    subprocess.run(cmd, check=True)
    wall = time.perf_counter() - t
    cpu1, peak = _child_rusage()
    import pyarrow.parquet as pq

    rows = pq.ParquetFile(str(out)).metadata.num_rows
    print(
        f"rank: {rows:,} hands in {wall:.2f} s wall = {rows / wall / 1e6:.1f} M hands/s end to "
        f"end (process start included); CPU {cpu1 - cpu0:.1f} s; peak RSS "
        f"{peak / 2**20:.0f} MiB; output {out.stat().st_size / 2**20:.0f} MiB"
    )
    out.unlink()
    if keep is None:
        src.unlink(missing_ok=True)
    tmp.rmdir() if not any(tmp.iterdir()) else None


def matrix_target(workers: int, classes: str | None) -> None:
    from holdem_eval.matrix import preflop_matrix

    tmp = Path(tempfile.mkdtemp(prefix="holdem-matrix-", dir="/tmp"))
    out = tmp / "matrix.parquet"
    t = time.perf_counter()
    s = preflop_matrix(out, workers=workers, classes=classes, png=tmp / "matrix.png")
    wall = time.perf_counter() - t
    print(
        f"matrix: {s.classes} classes, {s.pairs:,} pairs, {s.units} units on {s.workers} "
        f"workers: {wall:.1f} s wall ({s.compute_seconds:.1f} s computing, the rest cluster "
        f"start and output), {s.core_seconds:.1f} core-s = "
        f"{s.core_seconds / 3600:.4f} core-hours of unit compute -> {out}"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="what", required=True)
    r = sub.add_parser("rank")
    r.add_argument("--hands", type=int, default=100_000_000)
    r.add_argument("--keep", type=Path, help="reuse / keep this generated input file")
    m = sub.add_parser("matrix")
    m.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    m.add_argument("--classes", help="a slice, e.g. 'AA,KK,AKs' (default: all 169)")
    args = p.parse_args(argv)
    if args.what == "rank":
        rank_target(args.hands, args.keep)
    else:
        matrix_target(args.workers, args.classes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
