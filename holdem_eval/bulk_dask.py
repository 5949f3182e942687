"""Rank a partitioned Parquet dataset on Dask, and connect to the cluster that runs it.

``rank_dataset("data/", "ranked/")`` ranks every Parquet file of a folder (or of a glob such
as ``"data/part-*.parquet"``), one Dask task per file, and writes one output file per input
file, ``ranked/part-00000.parquet`` ..., numbered in input order (files sorted by path).
Each task is the single-machine ``rank_file`` on one partition, with the partition's first
row number, so the output (and every ``row`` and error) is the same as ranking the files
one after another on one machine. The output folder appears only when the job succeeds.

The cluster (``connect``): an existing ``dask.distributed.Client`` (``client=``), a scheduler
address (``scheduler="tcp://host:8786"``, else the ``DASK_SCHEDULER_ADDRESS`` environment
variable), or an embedded ``LocalCluster`` of ``workers`` processes with one thread each.
Workers read the input and write the output themselves, so on a real cluster both paths
must be on storage every worker sees, and holdem-eval must be installed on the workers.
An unreachable scheduler raises ``ClusterConnectError`` after ``connect_timeout`` seconds.
"""

from __future__ import annotations

import glob
import logging
import os
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._limits import check_count, check_threads, default_threads
from ._variant_faces import best_five_variant
from .bulk.columns import HandColumns
from .bulk.common import (
    MAX_CHUNK_ROWS,
    BadRowError,
    BulkArgumentError,
    ClusterConnectError,
    InputFileError,
    OutputPathError,
    pa_module,
    require,
)

__all__ = ["ClusterConnectError", "DatasetSummary", "connect", "dataset_files", "rank_dataset"]

_PARQUET = (".parquet", ".pq", ".parq")


def dataset_files(source: str | os.PathLike[str]) -> list[Path]:
    """The Parquet files of a dataset, sorted by path: every ``*.parquet`` (``.pq``,
    ``.parq``) file under a folder, or the files a glob matches; names starting with '.' or
    '_' (``_SUCCESS``, ``.crc`` files, temporary parts) are skipped."""
    text = os.fspath(source)
    if os.path.isdir(text):
        found = [
            Path(root) / name
            for root, dirs, names in os.walk(text)
            for name in names
            if name.lower().endswith(_PARQUET)
            and not name.startswith((".", "_"))
            and not any(part.startswith((".", "_")) for part in Path(root).relative_to(text).parts)
        ]
    else:
        found = [
            Path(p)
            for p in glob.glob(text, recursive=True)
            if os.path.isfile(p) and not os.path.basename(p).startswith((".", "_"))
        ]
    if not found:
        raise BulkArgumentError(f"no Parquet files in the dataset {text!r} (a folder or a glob)")
    return sorted(found, key=str)


def connect(
    scheduler: str | None = None,
    client: Any = None,
    workers: int | None = None,
    connect_timeout: float = 10.0,
) -> tuple[Any, Any, bool]:
    """(client, embedded cluster or None, whether the caller must close them).

    ``client``: used as given (never closed here). Else ``scheduler`` or
    ``DASK_SCHEDULER_ADDRESS``: connected within ``connect_timeout`` seconds or
    ``ClusterConnectError``. Else an embedded ``LocalCluster`` of ``workers`` processes
    (1..256, default one per core), one thread each.
    """
    distributed = require("distributed", "dask")
    if client is not None:
        if scheduler is not None:
            raise BulkArgumentError("give a scheduler address or a client, not both")
        if not isinstance(client, distributed.Client):
            raise BulkArgumentError(f"client must be a dask.distributed.Client, got {type(client).__name__}")
        return client, None, False
    if (
        isinstance(connect_timeout, bool)
        or not isinstance(connect_timeout, (int, float))
        or not (0 < connect_timeout <= 3600)
    ):
        raise BulkArgumentError(f"connect_timeout must be seconds in (0, 3600], got {connect_timeout!r}")
    address = scheduler or os.environ.get("DASK_SCHEDULER_ADDRESS") or None
    if address:
        if not isinstance(address, str):
            raise BulkArgumentError(
                f"scheduler must be an address such as 'tcp://host:8786', got {address!r}"
            )
        try:
            require("distributed.comm", "dask").get_address_host_port(address)
        except ValueError as exc:
            raise ClusterConnectError(
                f"{address!r} is not a Dask scheduler address ({exc}): expected e.g. 'tcp://host:8786'"
            ) from None
        try:
            return distributed.Client(address, timeout=f"{connect_timeout}s"), None, True
        except (OSError, TimeoutError) as exc:
            why = (
                f"cannot reach the Dask scheduler {address!r} within {connect_timeout:g} s "
                f"({type(exc).__name__}: {exc}): check the address and that the scheduler runs"
            )
        except Exception as exc:  # something answered, but not a Dask scheduler
            why = (
                f"{address!r} did not answer as a Dask scheduler ({type(exc).__name__}: {exc}): "
                "check the address (the scheduler's port, often 8786, not its dashboard's)"
            )
        raise ClusterConnectError(why)
    n = default_threads() if workers is None else check_count(workers, "workers")
    cluster = distributed.LocalCluster(
        n_workers=n,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    return distributed.Client(cluster), cluster, True


@dataclass(frozen=True)
class DatasetSummary:
    """What a ``rank_dataset`` run did."""

    output: Path
    partitions: int
    rows_read: int
    rows_ranked: int
    rows_rejected: int
    seconds: float
    workers: int
    reject_dir: Path | None = None


def _rank_partition(
    source: str, output: str, rejects: str | None, first_row: int, options: dict[str, Any]
) -> tuple[int, int, int, tuple[int, str] | None]:
    """Runs on a worker: (rows read, ranked, rejected, first bad row as (row, reason) or None)."""
    from .bulk.rank import rank_file

    try:
        s = rank_file(
            source,
            output,
            skip_invalid=rejects is not None,
            reject_path=rejects,
            first_row=first_row,
            input_format="parquet",
            output_format="parquet",
            **options,
        )
    except BadRowError as exc:
        return 0, 0, 0, (exc.row, exc.reason)
    return s.rows_read, s.rows_ranked, s.rows_rejected, None


def _row_count(path: Path) -> int:
    """Rows of one dataset file from its Parquet footer; ``InputFileError`` naming the file
    when it is not Parquet (the same message as ``rank_file`` on that file)."""
    pa = pa_module()
    pq = require("pyarrow.parquet", "io")
    try:
        return int(pq.ParquetFile(str(path)).metadata.num_rows)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, OSError) as exc:
        raise InputFileError(f"cannot read the input {str(path)!r} as Parquet: {exc}") from None


def _new_folder(path: Path, what: str) -> None:
    if path.exists() and not (path.is_dir() and not any(path.iterdir())):
        raise OutputPathError(
            f"{what} {str(path)!r} exists and is not an empty folder: choose a new folder name"
        )


def rank_dataset(
    source: str | os.PathLike[str],
    output: str | os.PathLike[str],
    *,
    columns: HandColumns | None = None,
    keys: Sequence[str] | None = None,
    describe: bool = False,
    row_numbers: bool = False,
    skip_invalid: bool = False,
    reject_dir: str | os.PathLike[str] | None = None,
    chunk_rows: int = 1 << 20,
    threads: int = 1,
    compression: str = "none",
    scheduler: str | None = None,
    client: Any = None,
    workers: int | None = None,
    connect_timeout: float = 10.0,
    progress: Callable[[int], None] | None = None,
    variant: str = "holdem",
) -> DatasetSummary:
    """Rank every Parquet file of ``source`` (a folder or a glob) on Dask into the folder
    ``output`` (new or empty): ``part-00000.parquet`` ... in input order.

    The columns, keys, row numbers and errors are those of ``rank_file`` on the files one
    after another (``row`` counts across the whole dataset). A bad row raises
    ``BadRowError`` for the first bad row of the dataset and leaves no output; with
    ``skip_invalid`` bad rows go to ``reject_dir`` (default: ``OUTPUT + ".rejects"``), one
    file per partition. ``threads`` evaluation threads per task (default 1: Dask runs the
    partitions in parallel). The cluster is ``client``, else ``scheduler``, else an
    embedded one of ``workers`` processes (see ``connect``). ``progress(n)`` is called with
    the rows of each finished partition. ``variant``: ``"holdem"`` or a short-deck variant,
    as in ``rank_file`` (checked before anything is written or any task runs).
    """
    variant = best_five_variant(variant, "rank_dataset").name
    check_threads(threads)
    check_count(chunk_rows, "chunk_rows", high=MAX_CHUNK_ROWS)
    if workers is not None:
        check_count(workers, "workers")
    files = dataset_files(source)
    out = Path(output)
    rej = None
    if skip_invalid:
        rej = Path(reject_dir) if reject_dir is not None else out.with_name(out.name + ".rejects")
    for target in [out] + ([rej] if rej is not None else []):
        real = os.path.realpath(target)
        inside = [f for f in files if os.path.realpath(f).startswith(real + os.sep)]
        if inside:
            raise OutputPathError(
                f"output folder {str(target)!r} holds the input file {str(inside[0])!r}: "
                "writing there would mix outputs with inputs; choose another folder"
            )
    _new_folder(out, "output folder")
    if rej is not None:
        _new_folder(rej, "reject folder")
        if os.path.realpath(rej) == os.path.realpath(out):
            raise OutputPathError(f"reject folder {str(rej)!r} is the output folder: choose another")
    counts = [_row_count(f) for f in files]
    starts = [sum(counts[:i]) for i in range(len(counts))]
    options = {
        "columns": columns,
        "keys": keys,
        "describe": describe,
        "row_numbers": row_numbers,
        "chunk_rows": chunk_rows,
        "threads": threads,
        "compression": compression,
        "variant": variant,
    }
    start = time.perf_counter()
    tmp_out = out.with_name(f".{out.name}.part")
    tmp_rej = rej.with_name(f".{rej.name}.part") if rej is not None else None
    for tmp, final in ((tmp_out, out), (tmp_rej, rej)):
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
            try:
                tmp.mkdir(parents=True)
            except OSError as exc:  # named by the folder asked for, not the temporary one
                why = os.strerror(exc.errno) if exc.errno else str(exc)
                raise type(exc)(exc.errno, f"cannot write the output folder {str(final)!r}: {why}") from None
    names = [f"part-{i:05d}.parquet" for i in range(len(files))]
    dask_client, cluster, owned = connect(scheduler, client, workers, connect_timeout)
    distributed = require("distributed", "dask")
    try:
        n_workers = len(dask_client.scheduler_info().get("workers", {}))
        futures = dask_client.map(
            _rank_partition,
            [str(f) for f in files],
            [str(tmp_out / n) for n in names],
            [str(tmp_rej / n) if tmp_rej is not None else None for n in names],
            starts,
            [options] * len(files),
            pure=False,
        )
        results: list[Any] = [None] * len(files)
        index = {f.key: i for i, f in enumerate(futures)}
        for fut in distributed.as_completed(futures):
            i = index[fut.key]
            results[i] = fut.result()
            if progress is not None:
                progress(counts[i])
        bad = [r[3] for r in results if r[3] is not None]
        if bad:
            row, reason = min(bad)
            raise BadRowError(row, reason)
    except BaseException:
        for tmp in (tmp_out, tmp_rej):
            if tmp is not None:
                shutil.rmtree(tmp, ignore_errors=True)
        raise
    finally:
        if owned:
            dask_client.close()
            if cluster is not None:
                cluster.close()
    for tmp, final in ((tmp_out, out), (tmp_rej, rej)):
        if tmp is not None and final is not None:
            if final.exists():
                final.rmdir()  # checked empty above
            os.replace(tmp, final)
    return DatasetSummary(
        output=out,
        partitions=len(files),
        rows_read=sum(r[0] for r in results),
        rows_ranked=sum(r[1] for r in results),
        rows_rejected=sum(r[2] for r in results),
        seconds=time.perf_counter() - start,
        workers=n_workers,
        reject_dir=rej,
    )
