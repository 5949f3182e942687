"""The exact heads-up preflop equity of every pair of the 169 starting hands, on Dask.

``preflop_matrix`` splits the unordered class pairs (hero index <= villain index, in
``STARTING_HANDS`` order) into work units: a unit is just ``(classes, lo, hi)``, a range of
indices into that pair list, so what travels to a worker is a few bytes. A worker computes
each pair of its unit with :func:`holdem_eval.equity` (``method="exact"``: every combo
pair that does not share a card, every board, suit-isomorphic deals counted once) and
returns integer counts. The client writes each finished unit as a small file in the
checkpoint folder, so a job that is stopped (Ctrl-C, a kill, a lost client) starts again
where it stopped: units already on disk are not computed again, and the output is the same
to the bit. Dask reschedules the tasks of a worker that dies (and ``retries`` covers
errors), so losing a worker costs time, not the job.

The cluster: an existing ``dask.distributed.Client`` (``client=``), else
``scheduler="tcp://host:8786"`` or the ``DASK_SCHEDULER_ADDRESS`` environment variable (a
real cluster, whose workers need holdem-eval installed; an unreachable scheduler raises
``ClusterConnectError`` after ``connect_timeout`` seconds), else an embedded
``LocalCluster`` of ``workers`` processes, one thread each.

Output (Parquet), one row per ordered pair of the chosen classes: ``hero``, ``villain``
(class names), ``hero_index``, ``villain_index`` (0..168), ``win``, ``tie``, ``lose``
(games, i.e. (combo pair, board) deals, that hero wins, splits, loses), ``games`` and
``equity`` = (win + tie / 2) / games. Dask and pyarrow are optional:
``pip install 'holdem-eval[dask]'``; the heatmap needs ``[plot]``.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._limits import check_count
from .bulk.common import BulkArgumentError, OutputPathError, require
from .bulk.io import Sink, check_distinct, local_path
from .bulk.io import output_format as format_of
from .errors import MatrixCheckpointError, MatrixInterruptedError
from .starting_hands import STARTING_HANDS, parse_classes

__all__ = [
    "MatrixCheckpointError",
    "MatrixInterruptedError",
    "MatrixSummary",
    "compute_unit",
    "matrix_pairs",
    "preflop_matrix",
    "read_matrix",
    "render_matrix_png",
]

DEFAULT_UNIT_PAIRS = 64  # class pairs per work unit: ~0.2 s of one core, 225 units in all
MAX_UNIT_PAIRS = 169 * 170 // 2  # every unordered pair of the 169 classes in one unit
_UNIT_ARRAYS = ("hero", "villain", "win", "tie", "lose", "games")
_FORMAT = 1  # checkpoint layout version, stored in the folder's job.json
_COLUMNS = ("hero", "villain", "hero_index", "villain_index", "win", "tie", "lose", "games", "equity")


def _is_stdout(target: Any) -> bool:
    return isinstance(target, str) and target == "-"


def matrix_pairs(classes: Sequence[int]) -> list[tuple[int, int]]:
    """The unordered pairs (a, b), a <= b, of the given class indices, in a fixed order."""
    cs = sorted(classes)
    return [(a, b) for i, a in enumerate(cs) for b in cs[i:]]


def compute_unit(classes: tuple[int, ...], lo: int, hi: int) -> dict[str, NDArray[np.int64]]:
    """Exact counts of pairs ``lo .. hi - 1`` of ``matrix_pairs(classes)``: arrays ``hero``,
    ``villain`` (indices), ``win``, ``tie``, ``lose``, ``games``. Runs on a worker."""
    from .equity import equity

    pairs = matrix_pairs(classes)[lo:hi]
    out = {k: np.zeros(len(pairs), dtype=np.int64) for k in _UNIT_ARRAYS}
    for i, (a, b) in enumerate(pairs):
        r = equity([STARTING_HANDS[a], STARTING_HANDS[b]], method="exact", threads=1)
        # wins_by_mask[m]: games whose winners are the players in bitmask m.
        out["hero"][i], out["villain"][i] = a, b
        out["win"][i] = int(r.wins_by_mask[1])
        out["lose"][i] = int(r.wins_by_mask[2])
        out["tie"][i] = int(r.wins_by_mask[3])
        out["games"][i] = int(r.games)
    return out


# ------------------------------------------------------------------------ checkpoint


class _Checkpoint:
    """A folder of finished units (``unit-LO-HI.npz``) and the job they belong to."""

    def __init__(self, folder: Path, job: dict[str, Any]) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        manifest = folder / "job.json"
        if manifest.exists():
            try:
                stored = json.loads(manifest.read_text())
            except (OSError, ValueError) as exc:
                raise MatrixCheckpointError(f"cannot read {str(manifest)!r}: {exc}") from exc
            if stored != job:
                raise MatrixCheckpointError(
                    f"checkpoint folder {str(folder)!r} holds a different job ({_job_text(stored)}"
                    f", this one is {_job_text(job)}): use another folder or delete it"
                )
        else:
            _atomic_write(manifest, json.dumps(job, indent=1).encode())

    def path(self, lo: int, hi: int) -> Path:
        return self.folder / f"unit-{lo:05d}-{hi:05d}.npz"

    def done(self, lo: int, hi: int) -> bool:
        return self.path(lo, hi).exists()

    def save(self, lo: int, hi: int, result: dict[str, NDArray[np.int64]]) -> None:
        tmp = self.folder / f".unit-{lo:05d}-{hi:05d}.tmp.npz"
        r = result
        np.savez(
            tmp,
            hero=r["hero"],
            villain=r["villain"],
            win=r["win"],
            tie=r["tie"],
            lose=r["lose"],
            games=r["games"],
        )
        os.replace(tmp, self.path(lo, hi))  # atomic: a unit file is whole or absent

    def load(self, lo: int, hi: int) -> dict[str, NDArray[np.int64]]:
        try:
            with np.load(self.path(lo, hi)) as z:
                return {k: z[k] for k in z.files}
        except (OSError, ValueError) as exc:
            raise MatrixCheckpointError(
                f"cannot read checkpoint unit {str(self.path(lo, hi))!r}: {exc}; delete it to "
                "compute that unit again"
            ) from exc


def _job_text(job: dict[str, Any]) -> str:
    n = len(job.get("classes", ()))
    return f"{n} classes, {job.get('unit_pairs')} pairs a unit"


def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


# ------------------------------------------------------------------------ cluster


@dataclass(frozen=True)
class MatrixSummary:
    """What a ``preflop_matrix`` run did. ``seconds`` is the whole run's wall time (cluster
    start included), ``compute_seconds`` the wall time from the first unit submitted to the
    last one saved, ``core_seconds`` the workers' summed CPU time for the units computed in
    this run (not those loaded from the checkpoint)."""

    output: Path | None
    classes: int
    pairs: int
    units: int
    units_resumed: int
    seconds: float
    compute_seconds: float
    core_seconds: float
    workers: int
    png: Path | None = None


def _timed_unit(classes: tuple[int, ...], lo: int, hi: int) -> tuple[dict[str, Any], float]:
    start = time.process_time()
    result = compute_unit(classes, lo, hi)
    return result, time.process_time() - start


def preflop_matrix(
    output: Any,
    *,
    classes: str | Iterable[str] | None = None,
    scheduler: str | None = None,
    client: Any = None,
    workers: int | None = None,
    connect_timeout: float = 10.0,
    output_format: str | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    keep_checkpoint: bool = False,
    unit_pairs: int = DEFAULT_UNIT_PAIRS,
    retries: int = 3,
    png: Any = None,
    progress: Callable[[int], None] | None = None,
    stop_after: int | None = None,
) -> MatrixSummary:
    """Compute the exact heads-up preflop matrix of ``classes`` (default: all 169) on Dask
    and write it to ``output`` (see the module doc for its columns): a path, ``"-"``
    (standard output) or a binary file object; in the format ``rank_file`` writes for the
    same name and ``output_format`` (Parquet; CSV for .csv and for ``"-"``; JSON lines for
    .jsonl).

    The cluster: ``client`` (an existing ``dask.distributed.Client``, left open), else
    ``scheduler`` (an address; else ``DASK_SCHEDULER_ADDRESS``), connected within
    ``connect_timeout`` seconds, else an embedded cluster of ``workers`` processes (1..256,
    default one per core). ``unit_pairs``: class pairs per task (1..14365). ``checkpoint``:
    the folder of finished units (default: ``OUTPUT.checkpoint``, or
    ``preflop_matrix.checkpoint`` for a stream); an existing folder of the same job is
    resumed. It is removed after success unless ``keep_checkpoint``.
    ``png``: also render the heatmap there. ``progress(n)`` is called with the number of
    pairs of each finished unit. ``stop_after=k`` (a test hook) raises
    ``MatrixInterruptedError`` once k units have been computed and checkpointed in this run.
    """
    from .bulk_dask import connect

    unit_pairs = check_count(unit_pairs, "unit_pairs", high=MAX_UNIT_PAIRS)
    retries = check_count(retries, "retries", low=0, high=100)
    if workers is not None:
        workers = check_count(workers, "workers")
    if client is not None and scheduler is not None:
        raise BulkArgumentError("give a scheduler address or a client, not both")
    fmt = format_of(output, output_format)
    out_path = local_path(output, "output")
    png_path_in = local_path(png, "png") if png is not None else None
    check_distinct([], [("output", out_path), ("png", png_path_in)])
    if _is_stdout(output) and _is_stdout(png):
        raise OutputPathError("output and png are both standard output ('-'): give one of them a file")
    chosen = parse_classes(classes)
    pairs = matrix_pairs(chosen)
    units = [(lo, min(lo + unit_pairs, len(pairs))) for lo in range(0, len(pairs), unit_pairs)]
    if checkpoint is not None:
        folder = Path(checkpoint)
    elif out_path is not None:
        folder = out_path.with_name(out_path.name + ".checkpoint")
    else:
        folder = Path("preflop_matrix.checkpoint")
    for what, path in (("output", out_path), ("png", png_path_in)):
        if path is not None and os.path.realpath(path) == os.path.realpath(folder):
            raise OutputPathError(
                f"checkpoint folder {str(folder)!r} is the {what} {str(path)!r}: choose another folder"
            )
    job = {"format": _FORMAT, "classes": list(chosen), "unit_pairs": unit_pairs}
    ckpt = _Checkpoint(folder, job)
    todo = [u for u in units if not ckpt.done(*u)]
    start = time.perf_counter()
    core_seconds = 0.0
    compute_seconds = 0.0
    n_workers = 0
    if todo:
        distributed = require("distributed", "dask")
        client, cluster, owned = connect(scheduler, client, workers, connect_timeout)
        try:
            n_workers = len(client.scheduler_info().get("workers", {}))
            submitted = time.perf_counter()
            futures = client.map(
                _timed_unit,
                [chosen] * len(todo),
                [lo for lo, _ in todo],
                [hi for _, hi in todo],
                key=[f"holdem-eval-matrix-{lo}-{hi}-{abs(hash(tuple(chosen)))}" for lo, hi in todo],
                retries=retries,
                pure=False,
            )
            by_key = {f.key: u for f, u in zip(futures, todo)}
            for finished, fut in enumerate(distributed.as_completed(futures), start=1):
                lo, hi = by_key[fut.key]
                result, cpu = fut.result()
                ckpt.save(lo, hi, result)
                core_seconds += cpu
                compute_seconds = time.perf_counter() - submitted
                if progress is not None:
                    progress(hi - lo)
                if stop_after is not None and finished >= stop_after:
                    for f in futures:
                        f.cancel()
                    raise MatrixInterruptedError(
                        f"stopped after {finished} of {len(todo)} units (stop_after hook); "
                        f"run again with the same checkpoint folder {str(folder)!r} to finish"
                    )
        finally:
            if owned:
                client.close()
                if cluster is not None:
                    cluster.close()
    table = _assemble(chosen, [ckpt.load(lo, hi) for lo, hi in units])
    sink = Sink(output, fmt, "snappy")
    try:
        for batch in table.to_batches():
            sink.write(batch)
        sink.commit(None)  # the table has a row for every class pair: never empty
    except BaseException:
        sink.abort()
        raise
    png_path = None
    if png is not None:
        png_path = render_matrix_png(table, png)
    if not keep_checkpoint:
        shutil.rmtree(folder, ignore_errors=True)
    return MatrixSummary(
        output=out_path,
        classes=len(chosen),
        pairs=len(pairs),
        units=len(units),
        units_resumed=len(units) - len(todo),
        seconds=time.perf_counter() - start,
        compute_seconds=compute_seconds,
        core_seconds=core_seconds,
        workers=n_workers,
        png=png_path,
    )


def _assemble(classes: Sequence[int], results: list[dict[str, NDArray[np.int64]]]) -> Any:
    """The long table of every ordered pair, from the unordered pairs' counts."""
    pa = require("pyarrow", "io")
    cat = {k: np.concatenate([r[k] for r in results]) for k in results[0]}
    mirror = cat["hero"] != cat["villain"]
    hero = np.concatenate([cat["hero"], cat["villain"][mirror]])
    villain = np.concatenate([cat["villain"], cat["hero"][mirror]])
    win = np.concatenate([cat["win"], cat["lose"][mirror]])
    lose = np.concatenate([cat["lose"], cat["win"][mirror]])
    tie = np.concatenate([cat["tie"], cat["tie"][mirror]])
    games = np.concatenate([cat["games"], cat["games"][mirror]])
    order = np.lexsort((villain, hero))
    hero, villain, win, tie, lose, games = (a[order] for a in (hero, villain, win, tie, lose, games))
    names = np.array(STARTING_HANDS)
    return pa.table(
        {
            "hero": pa.array(names[hero]),
            "villain": pa.array(names[villain]),
            "hero_index": pa.array(hero.astype(np.int16)),
            "villain_index": pa.array(villain.astype(np.int16)),
            "win": pa.array(win),
            "tie": pa.array(tie),
            "lose": pa.array(lose),
            "games": pa.array(games),
            "equity": pa.array((win + tie / 2) / games),
        }
    )


def read_matrix(path: str | os.PathLike[str]) -> tuple[list[str], NDArray[np.float64]]:
    """(class names, square equity array [hero, villain]) from a matrix Parquet file."""
    pq = require("pyarrow.parquet", "io")
    t = pq.read_table(str(path), columns=["hero_index", "villain_index", "equity"])
    return _square(t)


def _square(table: Any) -> tuple[list[str], NDArray[np.float64]]:
    hero = table["hero_index"].to_numpy().astype(np.int64)
    villain = table["villain_index"].to_numpy().astype(np.int64)
    idx = np.unique(hero)
    pos = np.full(169, -1, dtype=np.int64)
    pos[idx] = np.arange(idx.size)
    square = np.full((idx.size, idx.size), np.nan)
    square[pos[hero], pos[villain]] = table["equity"].to_numpy()
    return [STARTING_HANDS[i] for i in idx], square


def render_matrix_png(table: Any, path: Any) -> Path | None:
    """A heatmap of hero equity (rows) against villain (columns), saved as PNG to ``path``
    (a file name, ``"-"`` for standard output, or a binary file object); returns the path
    written, None for a stream."""
    from .grid import equity_colormap, pyplot

    names, square = _square(table)
    plt = pyplot()
    n = len(names)
    size = 4 + n * 0.07
    fig, ax = plt.subplots(figsize=(size + 1.5, size), dpi=150)
    im = ax.imshow(square, cmap=equity_colormap(), vmin=0.0, vmax=1.0, interpolation="nearest")
    fontsize = 7 if n <= 40 else 5 if n <= 80 else 3.5
    ax.set_xticks(range(n), names, rotation=90, fontsize=fontsize)
    ax.set_yticks(range(n), names, fontsize=fontsize)
    if n == 169:  # thin lines between the grid rows (AA..A2s, AKo..K2s, ...)
        for k in range(13, 169, 13):
            ax.axhline(k - 0.5, color="white", linewidth=0.4)
            ax.axvline(k - 0.5, color="white", linewidth=0.4)
    ax.set_xlabel("villain")
    ax.set_ylabel("hero")
    ax.set_title(f"Heads-up preflop equity of hero vs villain, exact ({n} classes)")
    fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04, label="hero equity")
    fig.tight_layout()
    target = local_path(path, "png")
    try:
        if target is None:
            stream = sys.stdout.buffer if isinstance(path, str) else path
            fig.savefig(stream, format="png")
            stream.flush()
        else:
            fig.savefig(target, format="png")
    finally:
        plt.close(fig)
    return target
