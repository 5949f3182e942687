"""Hand histories in parts, on one process or on Dask, results in input order.

A job over many history files (statistics, conversion) cuts its inputs into parts of whole
files, or of whole hands of one large file (:func:`history_parts`), runs one task per part
(:func:`run_parts`) — here, or on a Dask cluster: an embedded ``LocalCluster`` of
``workers`` processes, a ``scheduler`` address or a ``client``
(:func:`holdem_eval.bulk_dask.connect`) — and gets the results back in input order, with at
most two parts per worker in flight, so the memory a job needs grows neither with the
number of files nor with their size. Its output is written whole or not at all
(:class:`AtomicTableFile`), never over one of the inputs (:func:`check_output`).
"""

from __future__ import annotations

import os
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from holdem_eval.bulk import require

from .record import HistoryError
from .source import FileSlice, HistorySource, file_slices, is_text_source, source_files

__all__ = ["PART_BYTES", "AtomicTableFile", "check_output", "history_parts", "run_parts"]

PART_BYTES = 2 << 20
"""Text per part (one task): whole files are grouped up to about this many bytes."""

_T = TypeVar("_T")


def history_parts(sources: Iterable[HistorySource]) -> list[list[Any]]:
    """The inputs cut into parts, in input order: each path, folder or glob gives its files
    (sorted), grouped up to :data:`PART_BYTES`, and a file larger than that is cut into
    :class:`~.source.FileSlice` parts that start at a hand; a text, bytes or stream is a
    part of its own (a stream is read here)."""
    parts: list[list[Any]] = []
    group: list[Any] = []
    size = 0
    for source in sources:
        if isinstance(source, FileSlice):  # a slice already: a part of its own
            if group:
                parts.append(group)
                group, size = [], 0
            parts.append([source])
            continue
        if isinstance(source, (str, os.PathLike)) and not is_text_source(source):
            for path in source_files(os.fspath(source)):
                slices = file_slices(str(path), PART_BYTES)
                if slices is not None:
                    if group:
                        parts.append(group)
                        group, size = [], 0
                    parts.extend([piece] for piece in slices)
                    continue
                group.append(str(path))
                size += path.stat().st_size
                if size >= PART_BYTES:
                    parts.append(group)
                    group, size = [], 0
            continue
        if group:
            parts.append(group)
            group, size = [], 0
        read = getattr(source, "read", None)
        parts.append([read() if read is not None else source])
    if group:
        parts.append(group)
    return parts


def run_parts(task: Callable[..., _T], parts: Sequence[Sequence[Any]], args: tuple[Any, ...],
              *, client: Any = None, scheduler: str | None = None, workers: int | None = None,
              on_workers: Callable[[int], None] | None = None) -> Iterator[_T]:
    """``task(part, *args)`` of each part, in input order: in this process when no cluster
    is asked for (no ``client``, ``scheduler`` or ``workers``), else one Dask task per
    part. ``on_workers(n)`` is told how many workers run the job. ``task`` must be a
    module-level function (Dask pickles it by name)."""
    if client is None and scheduler is None and workers is None:
        if on_workers is not None:
            on_workers(1)
        for part in parts:
            yield task(part, *args)
        return
    from holdem_eval.bulk_dask import connect

    dask_client, cluster, owned = connect(scheduler, client, workers)
    pending: deque[Any] = deque()
    try:
        n_workers = max(1, len(dask_client.scheduler_info().get("workers", {})))
        if on_workers is not None:
            on_workers(n_workers)
        todo = iter(parts)
        while True:
            for part in todo:
                pending.append(dask_client.submit(task, part, *args, pure=False))
                if len(pending) >= 2 * n_workers:
                    break
            if not pending:
                return
            yield pending.popleft().result()
    finally:
        for fut in pending:
            fut.cancel()
        if owned:
            dask_client.close()
            if cluster is not None:
                cluster.close()


def check_output(output: Path, parts: Sequence[Sequence[Any]]) -> None:
    """Refuse an output that is one of the inputs, or in a folder that does not exist."""
    real = os.path.realpath(output)
    for part in parts:
        for item in part:
            path = item.path if isinstance(item, FileSlice) else item
            if isinstance(path, str) and not is_text_source(path) and os.path.realpath(path) == real:
                raise HistoryError(f"the output {str(output)!r} is one of the inputs:"
                                   " choose another name", file=str(output))
    if not output.parent.is_dir():
        raise HistoryError(f"{str(output)!r}: the folder {str(output.parent)!r} does not"
                           " exist", file=str(output))


class AtomicTableFile:
    """A Parquet or CSV file (by its suffix) written table by table to a temporary file
    beside it, and moved into place only by ``close(ok=True)``."""

    def __init__(self, output: Path) -> None:
        suffix = output.suffix.lower()
        if suffix not in (".parquet", ".pq", ".csv"):
            raise HistoryError(f"{str(output)!r}: the output must be a .parquet or .csv"
                               f" file, got the suffix {suffix!r}", file=str(output))
        self.output = output
        self.csv = suffix == ".csv"
        fd, tmp = tempfile.mkstemp(prefix=f".{output.name}.", dir=output.parent)
        os.close(fd)
        self.tmp = Path(tmp)
        self._writer: Any = None

    @property
    def written(self) -> bool:
        return self._writer is not None

    def write(self, table: Any) -> None:
        if self._writer is None:
            if self.csv:
                self._writer = require("pyarrow.csv", "io").CSVWriter(str(self.tmp), table.schema)
            else:
                pq = require("pyarrow.parquet", "io")
                self._writer = pq.ParquetWriter(str(self.tmp), table.schema)
        self._writer.write_table(table)

    def close(self, ok: bool) -> None:
        if self._writer is not None:
            self._writer.close()
        if ok:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(self.tmp, 0o666 & ~umask)  # a new file's usual mode, not mkstemp's 0600
            os.replace(self.tmp, self.output)
        else:
            self.tmp.unlink(missing_ok=True)
