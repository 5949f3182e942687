"""Reading and writing hand files for bulk jobs: where bytes come from and go to.

Inputs (``open_source``): a path, a ``file://`` URL, ``"-"`` (standard input) or a binary
file object; Parquet or CSV (also ``.csv.gz``/``.csv.bz2`` by name). CSV cells are read as
text, exactly as written (keys are copied as read; card cells are parsed by
``_bulk_parse``), and a line with the wrong number of fields is handed back as a bad row
with its line number instead of stopping the job. Parquet from a stream that cannot seek is
read into memory first (its footer is at the end).

Outputs (``Sink``): a new or regular file is written under a temporary name beside it and
moved into place at the end, so a failed job leaves no output and never a half file. A path
that exists and is not a regular file (``/dev/stdout``, a FIFO) is written in place and
never replaced; ``"-"`` and file objects are written directly and left open.
"""

from __future__ import annotations

import csv as py_csv
import io
import json
import os
import stat
import sys
import urllib.parse
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Union

import numpy as np
from numpy.typing import NDArray

from .common import BulkArgumentError, InputFileError, OutputPathError, pa_module, require

__all__ = [
    "Chunk",
    "Sink",
    "SourceLike",
    "check_distinct",
    "detect_format",
    "local_path",
    "open_source",
]

SourceLike = Union[str, "os.PathLike[str]", BinaryIO]
_PARQUET_NAMES = (".parquet", ".pq", ".parq")
_CSV_NAMES = (".csv", ".csv.gz", ".csv.bz2", ".txt", ".tsv")
_PEEK = 1 << 16


def local_path(source: Any, what: str = "input") -> Path | None:
    """The local path named by ``source`` (a path or a ``file://`` URL); None for ``"-"``
    and file objects. Other URL schemes are refused."""
    if hasattr(source, "read") or hasattr(source, "write"):
        return None
    if isinstance(source, bytes) or not isinstance(source, (str, os.PathLike)):
        raise BulkArgumentError(
            f"{what} must be a path, a file:// URL, '-' or a binary file object, got {source!r}"
        )
    text = os.fspath(source)
    if text == "-":
        return None
    if "://" in text:
        url = urllib.parse.urlparse(text)
        if url.scheme != "file":
            raise BulkArgumentError(
                f"{what} URL scheme {url.scheme!r} is not supported, got {text!r}: give a path, "
                "a file:// URL, '-' or an open binary file"
            )
        if url.netloc not in ("", "localhost"):
            raise BulkArgumentError(f"{what} file:// URL names another host {url.netloc!r}: {text!r}")
        return Path(urllib.request.url2pathname(url.path))
    return Path(text)


def _check_binary(obj: Any, what: str) -> None:
    if isinstance(obj, io.TextIOBase):
        raise BulkArgumentError(
            f"{what} is a text-mode file object ({obj!r}): open it in binary mode ('rb'/'wb')"
        )


def _output_key(path: Path) -> tuple[str, tuple[int, int] | None] | None:
    """How to recognise a file: its resolved path and (device, inode) if it exists; None for
    a path that exists and is not a regular file (a device such as /dev/null may be named twice)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return os.path.realpath(path), None
    if not stat.S_ISREG(st.st_mode):
        return None
    return os.path.realpath(path), (st.st_dev, st.st_ino)


def check_distinct(
    inputs: Sequence[tuple[str, Path | None]], outputs: Sequence[tuple[str, Path | None]]
) -> None:
    """Refuse (``OutputPathError``) an output that is an input or another output, before
    anything is written. Names are (what, path) pairs; a None path (a stream) never clashes."""
    seen: list[tuple[str, Path, tuple[str, tuple[int, int] | None]]] = []
    for what, path in inputs:
        if path is not None:
            key = _output_key(path)
            if key is not None:
                seen.append((what, path, key))
    for what, path in outputs:
        if path is None:
            continue
        key = _output_key(path)
        if key is None:
            continue
        for other, other_path, other_key in seen:
            if key[0] == other_key[0] or (key[1] is not None and key[1] == other_key[1]):
                raise OutputPathError(
                    f"{what} {str(path)!r} is the same file as the {other} {str(other_path)!r}: "
                    "writing it would destroy that file; choose another path"
                )
        seen.append((what, path, key))


def detect_format(source: Any, fmt: str | None = None) -> str:
    """'parquet' or 'csv': ``fmt`` if given, else from the file name, else its first bytes."""
    if fmt is not None:
        if fmt not in ("parquet", "csv"):
            raise BulkArgumentError(f"input format must be 'parquet' or 'csv', got {fmt!r}")
        return fmt
    path = local_path(source)
    if path is None:
        raise BulkArgumentError("the format of a stream cannot be told from a name: give it")
    name = path.name.lower()
    if name.endswith(_PARQUET_NAMES):
        return "parquet"
    if name.endswith(_CSV_NAMES):
        return "csv"
    with open(path, "rb") as f:
        return "parquet" if f.read(4) == b"PAR1" else "csv"


class _Chain(io.RawIOBase):
    """Bytes already read (``head``) followed by the rest of ``stream``."""

    def __init__(self, head: bytes, stream: Any) -> None:
        super().__init__()
        self._head = memoryview(head)
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        if self._head.nbytes:
            n = min(len(b), self._head.nbytes)
            b[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._stream.read(len(b))
        n = len(data)
        b[:n] = data
        return n


def _header_end(data: bytes) -> int:
    """Index just past the first CSV record's line end (quotes respected), or -1."""
    quoted = False
    for i, byte in enumerate(data):
        if byte == 0x22:  # '"'
            quoted = not quoted
        elif byte == 0x0A and not quoted:  # '\n'
            return i + 1
    return -1


@dataclass
class Chunk:
    """A batch of rows, their input row numbers, and the malformed lines that fall before its
    end as (row, reason) pairs (a batch of no rows may carry only those)."""

    batch: Any
    row_ids: NDArray[np.int64]
    bad_lines: list[tuple[int, str]]


class Source:
    """One input: its column names, text columns, a row count when known, and its chunks."""

    def __init__(self, source: Any, fmt: str | None, chunk_rows: int) -> None:
        self.chunk_rows = chunk_rows
        self.path = local_path(source)
        if self.path is not None:
            self.label = repr(str(self.path))
        else:
            self.label = "standard input" if isinstance(source, str) else "file object"
        stream: Any = None
        head = b""
        if self.path is None:
            stream = sys.stdin.buffer if isinstance(source, str) else source
            _check_binary(stream, "input")
            self._start = stream.tell() if _seekable(stream) else None
            head = stream.read(_PEEK) or b""
            if fmt is None:
                fmt = "parquet" if head[:4] == b"PAR1" else "csv"
        elif not self.path.exists():
            raise FileNotFoundError(f"no such input file: {str(self.path)!r}")
        elif self.path.is_dir():
            raise BulkArgumentError(
                f"input {str(self.path)!r} is a folder: rank a partitioned dataset with "
                "holdem_eval.bulk_dask.rank_dataset (CLI: INPUT a folder ranks it on Dask)"
            )
        self.fmt = detect_format(source, fmt) if stream is None else detect_format("x", fmt)
        pa = pa_module()
        if self.fmt == "parquet":
            pq = require("pyarrow.parquet", "io")
            if stream is None:
                where: Any = str(self.path)
            elif self._start is not None and stream is not sys.stdin.buffer:
                stream.seek(self._start)
                where = stream
            else:
                where = pa.BufferReader(head + stream.read())
            try:
                self._pf = pq.ParquetFile(where, pre_buffer=False)
            except pa.ArrowInvalid as exc:
                raise InputFileError(f"cannot read the input {self.label} as Parquet: {exc}") from None
            schema = self._pf.schema_arrow
            self.total_rows: int | None = self._pf.metadata.num_rows
            self.names: list[str] = list(schema.names)
            self.schema = schema
            self.string_columns = [
                f.name for f in schema if pa.types.is_string(f.type) or pa.types.is_large_string(f.type)
            ]
            return
        if stream is None:
            require("pyarrow.csv", "io")
            stream = pa.input_stream(str(self.path), compression="detect")
        self._sep = "\t" if self.path is not None and self.path.name.lower().endswith(".tsv") else ","
        try:
            while True:
                end = _header_end(head)
                more = stream.read(_PEEK) if end < 0 else b""
                if not more:
                    break
                head += more
            if end < 0:
                end = len(head)
            rest = head[end:] or stream.read(_PEEK) or b""
        except (pa.ArrowInvalid, OSError) as exc:  # a corrupt .csv.gz: zlib fails here
            raise InputFileError(f"cannot read the input {self.label} as CSV: {exc}") from None
        header = head[:end].decode("utf-8-sig", errors="replace")
        rows = list(py_csv.reader(io.StringIO(header), delimiter=self._sep))
        if not rows or not any(cell.strip() for cell in rows[0]):
            raise BulkArgumentError(f"the CSV input {self.label} has no header line naming its columns")
        self.names = rows[0]
        self._header_lines = header.count("\n") or 1
        self._no_rows = not rest  # a header and nothing else (pyarrow calls that an empty file)
        self._rest: Any = _Chain(rest, stream)
        self.total_rows = None
        self.string_columns = list(self.names)
        self.schema = pa.schema([(n, pa.string()) for n in dict.fromkeys(self.names)])
        self._opened = False

    def batches(self, columns: list[str]) -> Iterator[Chunk]:
        """The chunks of ``columns`` (``chunk_rows`` rows each, the last maybe fewer); a file
        that cannot be decoded raises ``InputFileError`` naming it."""
        pa = pa_module()
        try:
            yield from self._batches(columns)
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as exc:
            raise InputFileError(f"cannot read the input {self.label} as {self.fmt.upper()}: {exc}") from None

    def _batches(self, columns: list[str]) -> Iterator[Chunk]:
        if self.fmt == "parquet":
            base = 0
            # One decoding thread: prefetched() runs it beside the ranking and writing threads,
            # and on a small machine pyarrow's own column threads cost more CPU than they save.
            for b in self._pf.iter_batches(batch_size=self.chunk_rows, columns=columns, use_threads=False):
                yield Chunk(b, np.arange(base, base + b.num_rows, dtype=np.int64), [])
                base += b.num_rows
            return
        if not self._no_rows:
            yield from self._csv_batches(columns)

    def _csv_batches(self, columns: list[str]) -> Iterator[Chunk]:
        if self._opened:
            raise BulkArgumentError(f"the CSV input {self.label} can be read only once")
        self._opened = True
        pa = pa_module()
        csv = require("pyarrow.csv", "io")
        bad: list[tuple[int, str]] = []
        header_lines = self._header_lines

        def on_bad_line(row: Any) -> str:
            # row.number counts records from 1 after the header; the record's row is number - 1.
            line = row.number + header_lines
            bad.append(
                (
                    row.number - 1,
                    f"line {line} has {row.actual_columns} fields, expected "
                    f"{row.expected_columns}: {row.text!r}",
                )
            )
            return "skip"

        reader = csv.open_csv(
            self._rest,
            read_options=csv.ReadOptions(
                column_names=self.names,
                use_threads=False,
                block_size=max(1 << 20, min(self.chunk_rows * 32, 1 << 26)),
            ),
            parse_options=csv.ParseOptions(
                delimiter=self._sep,
                invalid_row_handler=on_bad_line,
                ignore_empty_lines=False,
                newlines_in_values=True,
            ),
            convert_options=csv.ConvertOptions(
                include_columns=columns,
                column_types={c: pa.string() for c in columns},
                strings_can_be_null=False,
            ),
        )
        next_row = 0
        done_bad = 0
        pending: list[Any] = []
        pending_ids: list[NDArray[np.int64]] = []
        size = 0
        with reader:
            for b in reader:
                n = b.num_rows
                skip = np.array([r for r, _ in bad[done_bad:]], dtype=np.int64)
                ids = np.arange(next_row, next_row + n + skip.size, dtype=np.int64)
                if skip.size:
                    ids = ids[~np.isin(ids, skip)]
                ids = ids[:n]
                if n:
                    next_row = int(ids[-1]) + 1
                pending.append(b)
                pending_ids.append(ids)
                size += n
                while size >= self.chunk_rows:
                    table = pa.Table.from_batches(pending, schema=b.schema)
                    all_ids = np.concatenate(pending_ids)
                    chunk_ids = all_ids[: self.chunk_rows]
                    due = [x for x in bad[done_bad:] if x[0] < chunk_ids[-1]]
                    done_bad += len(due)
                    yield Chunk(
                        table.slice(0, self.chunk_rows).combine_chunks().to_batches()[0], chunk_ids, due
                    )
                    rest = table.slice(self.chunk_rows)
                    pending = rest.to_batches() if rest.num_rows else []
                    pending_ids = [all_ids[self.chunk_rows :]] if rest.num_rows else []
                    size = rest.num_rows
            schema = pa.schema([(c, pa.string()) for c in columns])
            if size:
                table = pa.Table.from_batches(pending, schema=schema)
                batch = table.combine_chunks().to_batches()[0]
                yield Chunk(batch, np.concatenate(pending_ids), bad[done_bad:])
            elif len(bad) > done_bad:
                empty = pa.RecordBatch.from_arrays(
                    [pa.array([], pa.string()) for _ in columns], schema=schema
                )
                yield Chunk(empty, np.zeros(0, dtype=np.int64), bad[done_bad:])

    def schema_of(self, columns: Sequence[str]) -> Any:
        """The schema of ``columns`` as ``batches`` yields them."""
        pa = pa_module()
        return pa.schema([self.schema.field(c) for c in columns])


def _seekable(stream: Any) -> bool:
    try:
        return bool(stream.seekable())
    except (AttributeError, OSError, ValueError):
        return False


def open_source(source: Any, fmt: str | None, chunk_rows: int) -> Source:
    """A ``Source`` for a path, a file:// URL, '-' (stdin) or a binary file object."""
    return Source(source, fmt, chunk_rows)


# ------------------------------------------------------------------------ output


class _NoClose(io.RawIOBase):
    """A stream we were given (stdout, a caller's file): written and flushed, never closed."""

    def __init__(self, stream: Any) -> None:
        super().__init__()
        self._stream = stream

    def writable(self) -> bool:
        return True

    def write(self, b: Any) -> int:
        self._stream.write(bytes(b))
        return len(b)

    def flush(self) -> None:
        self._stream.flush()

    def close(self) -> None:
        if not self.closed:
            self._stream.flush()
        super().close()


_CSV_OUT = (".csv", ".txt", ".tsv")
_JSONL_OUT = (".jsonl", ".ndjson")
OUTPUT_FORMATS = ("parquet", "csv", "jsonl")
_CSV_CODECS = {".gz": "gzip", ".bz2": "bz2"}  # text outputs compressed by name (.csv.gz)
# Names that say a format we do not write: refused rather than filled with Parquet bytes.
_OTHER_FORMATS = (
    ".json", ".jsonl", ".ndjson", ".xlsx", ".xls", ".feather", ".arrow", ".ipc", ".orc",
    ".avro", ".gz", ".bz2", ".zst", ".xz", ".zip", ".lz4", ".7z", ".tar", ".png",
)


def _base_name(path: Path) -> str:
    """The lower-case file name without a .gz/.bz2 suffix."""
    name = path.name.lower()
    return next((name[: -len(ext)] for ext in _CSV_CODECS if name.endswith(ext)), name)


def _text_codec(path: Path | None) -> str | None:
    """'gzip' or 'bz2' for a text output named ``*.csv.gz`` / ``*.jsonl.bz2`` ..."""
    if path is None:
        return None
    name = path.name.lower()
    for ext, codec in _CSV_CODECS.items():
        if name.endswith(ext):
            return codec
    return None


def output_format(target: Any, fmt: str | None, what: str = "output") -> str:
    """'parquet', 'csv' or 'jsonl' for an output: ``fmt``, else by name (.csv/.txt/.tsv:
    CSV, .jsonl/.ndjson: JSON lines, each maybe with .gz or .bz2; .parquet/.pq/.parq or no
    known suffix: Parquet; a name that says another format, such as .json or .xlsx:
    ``BulkArgumentError``); standard output ('-') is CSV unless another format is asked for."""
    if fmt is not None:
        if fmt not in OUTPUT_FORMATS:
            raise BulkArgumentError(
                f"{what} format must be one of {', '.join(map(repr, OUTPUT_FORMATS))}, got {fmt!r}"
            )
        return fmt
    if isinstance(target, str) and target == "-":
        return "csv"
    path = local_path(target, what)
    if path is None:
        return "parquet"
    name = path.name.lower()
    if _base_name(path).endswith(_CSV_OUT):
        return "csv"
    if _base_name(path).endswith(_JSONL_OUT):
        return "jsonl"
    if name.endswith(_PARQUET_NAMES):
        return "parquet"
    other = next((ext for ext in _OTHER_FORMATS if name.endswith(ext)), None)
    if other is not None:
        raise BulkArgumentError(
            f"{what} {str(path)!r} names a {other!r} file, a format this does not write: name it "
            ".parquet, .csv/.tsv/.txt or .jsonl/.ndjson (JSON lines), optionally + .gz or .bz2"
            + (", or give the output format" if what == "output" else "")
        )
    return "parquet"


class _JsonLines:
    """JSON lines: one object per row, keyed by the column names, UTF-8 (values that JSON
    has no type for, such as dates, written as their text)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write_batch(self, batch: Any) -> None:
        lines = [json.dumps(row, ensure_ascii=False, default=str) + "\n" for row in batch.to_pylist()]
        self._stream.write("".join(lines).encode("utf-8"))

    def close(self) -> None:
        """The stream is the sink's to close."""


class Sink:
    """A Parquet, CSV or JSON lines output written batch by batch (see the module doc for
    where)."""

    def __init__(self, target: Any, fmt: str, compression: str, what: str = "output") -> None:
        self.path = local_path(target, what)
        self._what = what
        self.fmt = fmt
        self._compression = compression
        self._writer: Any = None
        self._tmp: Path | None = None
        self._final: Path | None = None
        self._file: Any = None
        self._stream: Any = None  # a compressing stream (.csv.gz) the writer writes into
        self.rows = 0
        if self.path is None:
            stream = sys.stdout.buffer if isinstance(target, str) else target
            _check_binary(stream, what)
            self._file = _NoClose(stream)
            return
        try:
            st: os.stat_result | None = os.stat(self.path)
        except FileNotFoundError:
            st = None
        if st is None and not self.path.absolute().parent.is_dir():
            raise FileNotFoundError(
                f"no folder {str(self.path.absolute().parent)!r} for the {what} {str(self.path)!r}"
            )
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise BulkArgumentError(f"{what} {str(self.path)!r} is a folder, expected a file name")
        if st is not None and not stat.S_ISREG(st.st_mode):
            self._direct = True  # a device or a FIFO: written in place, never replaced
        else:
            self._direct = False
            final = Path(os.path.realpath(self.path)) if st is not None else self.path
            self._final = final
            self._tmp = final.with_name(f".{final.name}.part")

    def _open(self, schema: Any) -> None:
        pa = pa_module()
        if self._file is not None:
            where: Any = pa.PythonFile(self._file, mode="w")
        elif self._tmp is None:
            assert self.path is not None, "a sink without a stream has a path"
            self._file = open(self.path, "wb")  # noqa: SIM115  # closed in commit/abort
            where = pa.PythonFile(self._file, mode="w")
        else:
            where = str(self._tmp)
        if self.fmt == "jsonl":
            codec = _text_codec(self.path)
            if isinstance(where, str):
                where = self._stream = pa.output_stream(where, compression=codec)
            elif codec is not None:
                where = self._stream = pa.CompressedOutputStream(where, codec)
            self._writer = _JsonLines(where)
        elif self.fmt == "csv":
            codec = _text_codec(self.path)
            if codec is not None:
                where = self._stream = pa.CompressedOutputStream(where, codec)
            csv = require("pyarrow.csv", "io")
            tsv = self.path is not None and _base_name(self.path).endswith(".tsv")
            options = csv.WriteOptions(delimiter="\t" if tsv else ",")
            self._writer = csv.CSVWriter(where, schema, write_options=options)
        else:
            pq = require("pyarrow.parquet", "io")
            # Dictionary pages only for text (descriptions): for the small integer columns
            # they cost more time than they save space.
            text = [f.name for f in schema if pa.types.is_dictionary(f.type) or pa.types.is_string(f.type)]
            self._writer = pq.ParquetWriter(where, schema, compression=self._compression, use_dictionary=text)

    def write(self, batch: Any) -> None:
        pa = pa_module()
        if self.fmt == "csv":
            batch = pa.RecordBatch.from_arrays(
                [c.cast(pa.string()) if pa.types.is_dictionary(c.type) else c for c in batch.columns],
                names=batch.schema.names,
            )
        try:
            if self._writer is None:
                try:
                    self._open(batch.schema)
                except OSError as exc:  # named by the final name, not the temporary one
                    why = os.strerror(exc.errno) if exc.errno else str(exc)
                    where = repr(str(self.path))
                    raise type(exc)(exc.errno, f"cannot write the {self._what} {where}: {why}") from None
            self._writer.write_batch(batch)
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as exc:
            where = "standard output" if self.path is None else repr(str(self.path))
            raise BulkArgumentError(
                f"cannot write the {self._what} {where} as {self.fmt.upper()}: {exc}"
            ) from None
        self.rows += batch.num_rows

    def commit(self, empty: Any) -> None:
        """Finish the output (``empty``: a batch of no rows, written if nothing was)."""
        if self._writer is None:
            self.write(empty)
        self._writer.close()
        if self._stream is not None:
            self._stream.close()
        if self._file is not None:
            self._file.close()
        if self._tmp is not None and self._final is not None:
            os.replace(self._tmp, self._final)

    def abort(self) -> None:
        """Drop a file output that is not finished (a stream keeps what was written)."""
        try:
            if self._writer is not None:
                self._writer.close()
            if self._stream is not None and not self._stream.closed:
                self._stream.close()
            if self._file is not None:
                self._file.close()
        finally:
            if self._tmp is not None:
                self._tmp.unlink(missing_ok=True)
