"""Rank hand files and data frames: Parquet or CSV in, Parquet or CSV out, streamed in chunks.

``rank_file`` reads its input a chunk of rows at a time (only the columns it needs),
evaluates each chunk with the threaded batch kernel and appends the chunk's ranks to the
output, so memory stays flat however large the file is. ``rank_table`` does the same for a
table in memory: a pyarrow ``Table`` or ``RecordBatch``, or a pandas ``DataFrame`` or
``Series``, and returns the same kind it was given. A partitioned Parquet dataset ranks on
Dask with ``holdem_eval.bulk_dask.rank_dataset``.

Where the cards are (``HandColumns``):

- ``text``: one text column of 5..7 cards per row, e.g. ``"AhKh Qd 7c 2s 9h Td"`` (or a
  list column of 5..7 card ids or texts, e.g. ``[50, 46, 42, 38, 34]``);
- ``cards``: 5..7 columns, each holding one card as an id 0..51 or as text (``"Ah"``);
- ``hole`` and ``board``: hole cards (one text column, or two card columns) and the board
  (one text column, or 3..5 card columns; an empty board cell is a card not dealt yet,
  so a board may stop after the flop or the turn, but may not have a gap).

Without a spec the columns are guessed from their names (``hand``/``cards``; ``hole`` and
``board``; ``card1..card7``, ``c0..c6``, ``hole1, hole2, board1..board5``) or, failing
that, from a single text column. Every other empty cell (a Parquet null, an empty CSV cell)
in a card column makes its row bad: it is never ranked as a shorter hand.

Output columns: the key columns (by default every input column that does not hold cards,
copied as read: CSV cells stay text, ``00123`` stays ``00123``), then ``row`` (with
``row_numbers=True``), ``rank`` (uint16, 1 = royal flush .. 7462), ``category`` (uint8,
``HandCategory`` value 1..9) and, with ``describe=True``, ``description``
(dictionary-encoded text). Rows are numbered from 0 in input order; in a CSV the header is
not a row and a malformed line (wrong number of fields) is one, so row ``r`` starts on line
``r + 2`` when no quoted field spans lines. A bad row stops the job with ``BadRowError``
naming its row, unless ``skip_invalid=True``: then it goes, with all its columns plus
``row`` and ``error``, to the reject file, and is left out of the output.

``variant`` (default ``"holdem"``) is a game whose hand is the best five of its cards:
``"holdem"``, ``"short-deck"`` or ``"short-deck-straights-beat-trips"``, as in
``evaluate_batch(variant=...)``. Short deck ranks on its own scale (1 .. 1404) with its own
categories and descriptions, and a card outside its 36-card deck (a 2..5) makes the row bad
like any other bad card, its reason naming the card and the variant. Any other variant is
an ``InvalidVariantError`` naming the function, raised before anything is read or written.

Every ranked output says which scale it is on, in its schema metadata: the Arrow results of
``rank_table`` and every Parquet output carry ``holdem_eval.library`` (``"holdem-eval
VERSION"``), ``holdem_eval.variant`` and ``holdem_eval.rank_worst`` (``"7462"``,
``"1404"``). CSV and JSON lines have no place for it (docs/bulk.md).

pyarrow is an optional dependency: ``pip install 'holdem-eval[io]'``; pandas only when you
pass pandas objects (``[pandas]``).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .._limits import check_count, check_threads, default_threads
from .._variant_faces import best_five_variant
from ..errors import DTypeError, ShapeError
from .columns import HandColumns, check_card_types, guess_columns, resolve_spec
from .common import (
    MAX_CHUNK_ROWS,
    BadRowError,
    BulkArgumentError,
    InputFileError,
    MissingDependencyError,
    OutputPathError,
    pa_module,
    require,
)
from .io import (
    Sink,
    check_distinct,
    detect_format,
    local_path,
    open_source,
    output_format,
)
from .parse import Ranked, empty_batch, output_batch, rank_chunk, reject_batch
from .threads import BackgroundWriter, prefetched

__all__ = [
    "BadRowError",
    "BulkArgumentError",
    "HandColumns",
    "InputFileError",
    "MissingDependencyError",
    "OutputPathError",
    "RankSummary",
    "detect_format",
    "guess_columns",
    "rank_file",
    "rank_table",
    "require",
]

_CODECS = ("none", "snappy", "lz4", "zstd", "gzip", "brotli")


@dataclass(frozen=True)
class RankSummary:
    """What a ``rank_file`` run did. ``output``/``reject_path`` are None for streams."""

    output: Path | None
    rows_read: int
    rows_ranked: int
    rows_rejected: int
    seconds: float
    reject_path: Path | None = None

    @property
    def hands_per_second(self) -> float:
        return self.rows_read / self.seconds if self.seconds > 0 else float("inf")


def default_reject_path(output: Any) -> Path:
    """``OUTPUT + ".rejects.parquet"``, for an output that is a file name."""
    path = local_path(output, "output")
    if path is None or (path.exists() and not path.is_file()):
        raise BulkArgumentError(
            f"skip_invalid with output {output!r} needs a reject_path (CLI: --rejects PATH): "
            "the default OUTPUT.rejects.parquet needs OUTPUT to be a file name"
        )
    return path.with_name(path.name + ".rejects.parquet")


def rank_file(
    source: Any,
    output: Any,
    *,
    columns: HandColumns | None = None,
    keys: Sequence[str] | None = None,
    describe: bool = False,
    row_numbers: bool = False,
    skip_invalid: bool = False,
    reject_path: Any = None,
    chunk_rows: int = 1 << 20,
    threads: int | None = None,
    input_format: str | None = None,
    output_format: str | None = None,
    compression: str = "none",
    progress: Callable[[int], None] | None = None,
    first_row: int = 0,
    variant: str = "holdem",
) -> RankSummary:
    """Rank every hand of a Parquet or CSV input and write the ranks to ``output``.

    ``source``: a path, a ``file://`` URL, ``"-"`` (standard input) or a binary file object;
    its format is ``input_format`` ("parquet"/"csv"), else told from the name, else from the
    first bytes. ``output``: the same kinds ("-": standard output); its format is
    ``output_format`` ("parquet", "csv", "jsonl"), else CSV for a name ending in
    .csv/.txt/.tsv and for "-", JSON lines for .jsonl/.ndjson (either gzip- or
    bzip2-compressed when the name adds .gz or .bz2, e.g. ``ranks.csv.gz``), else Parquet
    (a name that says another format, such as .json or .xlsx, is refused).
    ``columns`` says where the cards are (guessed from the column names when None);
    ``keys`` are the input columns copied to the output (default: every column not
    holding cards). ``chunk_rows`` rows (1 .. 2**31 - 1) are read, ranked and written at a
    time; ``threads`` (1..256, default: all cores) evaluate each chunk. ``compression`` is
    the Parquet codec of the output: "none" (the default, the fastest), or "snappy",
    "lz4", "zstd" for smaller files. ``progress(n)`` is called after each chunk with its row
    count. ``first_row`` is the number of the first row (a partition of a dataset).
    ``variant``: ``"holdem"`` or a short-deck variant, whose scale the ranks are on (see the
    module doc).

    An output is never an input or the other output (``OutputPathError``, checked before
    anything is written); a file output appears only when the job succeeds. A bad row raises
    ``BadRowError`` naming its row; with ``skip_invalid`` bad rows go to ``reject_path``
    (default: ``OUTPUT + ".rejects.parquet"``) with their ``row`` and ``error``, and the job
    goes on. Returns a ``RankSummary``.
    """
    variant = best_five_variant(variant, "rank_file").name
    chunk_rows = check_count(chunk_rows, "chunk_rows", high=MAX_CHUNK_ROWS)
    n_threads = default_threads() if threads is None else check_threads(threads)
    if compression not in _CODECS:
        raise BulkArgumentError(f"compression must be one of {', '.join(_CODECS)}, got {compression!r}")
    out_fmt = output_format_of(output, output_format)
    rej_target = None
    if skip_invalid:
        rej_target = reject_path if reject_path is not None else default_reject_path(output)
    if rej_target is not None and all(isinstance(t, str) and t == "-" for t in (output, rej_target)):
        raise OutputPathError(
            "output and reject file are both standard output ('-'): give one of them a file"
        )
    check_distinct(
        [("input", local_path(source))],
        [("output", local_path(output, "output"))]
        + ([("reject file", local_path(rej_target, "reject file"))] if rej_target is not None else []),
    )
    src = open_source(source, input_format, chunk_rows)
    spec, key_list = resolve_spec(
        src.names, src.string_columns, columns, keys, row_numbers=row_numbers, describe=describe
    )
    check_card_types(src.schema, spec)
    wanted = [c for c in src.names if c in set(spec.columns) | set(key_list)]
    sink = Sink(output, out_fmt, compression)
    rejects = (
        Sink(rej_target, output_format_of(rej_target, None, "reject file"), compression, "reject file")
        if rej_target is not None
        else None
    )
    writer = BackgroundWriter(sink)
    start = time.perf_counter()
    rows_read = 0
    try:
        try:
            for chunk in prefetched(src.batches(wanted)):
                batch, row_ids = chunk.batch, chunk.row_ids + first_row
                ranked = rank_chunk(batch, spec, n_threads, variant)
                bad_lines = [(r + first_row, why) for r, why in chunk.bad_lines]
                if (ranked.errors or bad_lines) and rejects is None:
                    found = [(int(row_ids[r]), why) for r, why in ranked.errors.items()] + bad_lines
                    row, why = min(found)
                    raise BadRowError(
                        row,
                        f"{why} (use skip_invalid / --skip-invalid to write bad rows to a reject "
                        "file and go on)",
                    )
                if rejects is not None:
                    if ranked.errors:
                        rejects.write(reject_batch(batch, ranked.errors, row_ids))
                    if bad_lines:
                        rejects.write(_bad_line_batch(src.schema_of(wanted), bad_lines))
                writer.write(
                    output_batch(
                        batch, key_list, ranked, row_ids, row_numbers=row_numbers, describe=describe,
                        variant=variant,
                    )
                )
                rows_read += batch.num_rows + len(bad_lines)
                if progress is not None:
                    progress(batch.num_rows + len(bad_lines))
        finally:
            writer.finish()
        empty_in = empty_batch(src.schema_of(wanted))
        no_rows = Ranked(np.zeros(0, np.uint16), {})
        sink.commit(
            output_batch(
                empty_in, key_list, no_rows, np.zeros(0, np.int64),
                row_numbers=row_numbers, describe=describe, variant=variant,
            )
        )
        if rejects is not None:
            rejects.commit(_bad_line_batch(src.schema_of(wanted), []))
    except BaseException:
        sink.abort()
        if rejects is not None:
            rejects.abort()
        raise
    return RankSummary(
        output=sink.path,
        rows_read=rows_read,
        rows_ranked=sink.rows,
        rows_rejected=0 if rejects is None else rejects.rows,
        seconds=time.perf_counter() - start,
        reject_path=None if rejects is None else rejects.path,
    )


def output_format_of(target: Any, fmt: str | None, what: str = "output") -> str:
    """The format an output is written in (see ``rank_file``)."""
    return output_format(target, fmt, what)


def _bad_line_batch(schema: Any, bad_lines: list[tuple[int, str]]) -> Any:
    """Reject rows for malformed CSV lines: every input column null, then row and error."""
    pa = pa_module()
    n = len(bad_lines)
    arrays = [pa.nulls(n, type=f.type) for f in schema]
    arrays.append(pa.array([r for r, _ in bad_lines], type=pa.int64()))
    arrays.append(pa.array([why for _, why in bad_lines], type=pa.string()))
    return pa.RecordBatch.from_arrays(arrays, names=[*schema.names, "row", "error"])


# ------------------------------------------------------------------------ in memory


def _pandas_kind(obj: Any) -> str | None:
    """'DataFrame' or 'Series' for a pandas object, without importing pandas."""
    pd = sys.modules.get("pandas")
    if pd is None:
        return None
    if isinstance(obj, pd.DataFrame):
        return "DataFrame"
    if isinstance(obj, pd.Series):
        return "Series"
    return None


def rank_table(
    table: Any,
    *,
    columns: HandColumns | None = None,
    keys: Sequence[str] | None = None,
    describe: bool = False,
    threads: int | None = None,
    variant: str = "holdem",
) -> Any:
    """Rank the hands of a table in memory and return the same kind of object.

    ``table`` may be a pyarrow ``Table`` or ``RecordBatch`` (returned as a ``Table`` or
    ``RecordBatch``), a pandas ``DataFrame`` (returned as a ``DataFrame`` with the same
    index) or a pandas ``Series`` of hand text (returned as a ``Series`` of ranks named
    ``rank`` with the same index). Same columns, rules and ``variant`` as ``rank_file``; a
    bad row raises ``BadRowError`` naming its 0-based position.

    >>> import pyarrow as pa
    >>> hands = pa.table({"hand": ["6c 6d 6h 7s 8s 9c Tc"]})  # three sixes and a straight
    >>> rank_table(hands, variant="short-deck").to_pylist()
    [{'rank': 517, 'category': 6}]
    >>> rank_table(hands, variant="short-deck-straights-beat-trips").to_pylist()
    [{'rank': 275, 'category': 5}]
    """
    variant = best_five_variant(variant, "rank_table").name
    pa = pa_module()
    n_threads = default_threads() if threads is None else check_threads(threads)
    kind = _pandas_kind(table)
    index = None
    if kind == "Series":
        if columns is not None or keys:
            raise BulkArgumentError("a Series is one text column of hands: give no columns or keys")
        index = table.index
        name = "hand" if table.name is None else str(table.name)
        cells = table.astype(object).where(table.notna(), None).tolist()
        odd = next((c for c in cells if c is not None and not isinstance(c, str)), None)
        if odd is not None:
            raise DTypeError(f"a Series of hands must hold card text, got {odd!r} (dtype {table.dtype})")
        table = pa.table({name: pa.array(cells, type=pa.string())})
        columns, keys = HandColumns(text=name), []
    elif kind == "DataFrame":
        index = table.index
        names = [str(c) for c in table.columns]
        if len(set(names)) != len(names):
            twice = next(n for n in names if names.count(n) > 1)
            raise ShapeError(f"the DataFrame has two columns named {twice!r}; columns are {names!r}")
        try:
            table = pa.Table.from_pandas(table, preserve_index=False)
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as exc:
            raise DTypeError(f"cannot convert the DataFrame to Arrow: {exc}") from None
    elif isinstance(table, pa.RecordBatch):
        kind = "RecordBatch"
        table = pa.Table.from_batches([table])
    elif not isinstance(table, pa.Table):
        raise BulkArgumentError(
            "rank_table takes a pyarrow Table or RecordBatch or a pandas DataFrame or Series, "
            f"got {type(table).__name__}"
        )
    strings = [f.name for f in table.schema if pa.types.is_string(f.type) or pa.types.is_large_string(f.type)]
    spec, key_list = resolve_spec(
        table.schema.names, strings, columns, keys, row_numbers=False, describe=describe
    )
    check_card_types(table.schema, spec)
    batches = table.combine_chunks().to_batches()
    batch = batches[0] if batches else empty_batch(table.schema)
    ranked = rank_chunk(batch, spec, n_threads, variant)
    if ranked.errors:
        first = min(ranked.errors)
        raise BadRowError(first, ranked.errors[first])
    row_ids = np.arange(batch.num_rows, dtype=np.int64)
    result = output_batch(
        batch, key_list, ranked, row_ids, row_numbers=False, describe=describe, variant=variant
    )
    if kind == "RecordBatch":
        return result
    out = pa.Table.from_batches([result])
    if kind is None:
        return out
    frame = out.to_pandas()
    frame.index = index
    if kind == "Series":
        return frame["rank"]
    return frame
