"""Rank hand files: Parquet or CSV in, Parquet (or CSV) out, streamed in chunks.

``rank_file`` reads the input a chunk of rows at a time (pyarrow's Parquet ``iter_batches``
or its streaming CSV reader, only the columns it needs), evaluates each chunk with the
threaded batch kernel and appends the chunk's ranks to the output, so memory stays flat
however large the file is. Per-row Python runs only for rows that are bad.

Where the cards are (``HandColumns``):

- ``text``: one text column of 5..7 cards per row, e.g. ``"AhKh Qd 7c 2s 9h Td"``;
- ``cards``: 5..7 columns, each holding one card as an id 0..51 or as text (``"Ah"``);
- ``hole`` and ``board``: hole cards (one text column, or two card columns) and the board
  (one text column, or 3..5 card columns; an empty/null card is a card not dealt yet).

Without a spec the columns are guessed from their names (``hand``/``cards``; ``hole`` and
``board``; ``card1..card7``, ``c0..c6``, ``hole1, hole2, board1..board5``) or, failing
that, from a single text column.

Output columns: the key columns (by default every input column that does not hold cards),
then ``row`` (with ``row_numbers=True``), ``rank`` (uint16, 1 = royal flush .. 7462),
``category`` (uint8, ``HandCategory`` value 1..9) and, with ``describe=True``,
``description`` (dictionary-encoded text). Rows are numbered from 0 in input order (a CSV
header line is not a row). A bad row stops the job with ``BadRowError`` naming its row,
unless ``skip_invalid=True``: then it goes, with all its columns plus ``row`` and
``error``, to the reject file, and is left out of the output.

pyarrow is an optional dependency: ``pip install 'holdem-eval[io]'``.
"""

from __future__ import annotations

import os
import queue
import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from . import _bindings as nat
from ._classes import LAST_RANK
from .cards import card_text, first_repeat, format_cards, parse_cards
from .categories import describe as describe_rank
from .errors import HoldemEvalError, ShapeError
from .evaluator import evaluate_batch

if TYPE_CHECKING:
    import pyarrow as pa  # type: ignore[import-untyped]  # pyarrow ships no type stubs

__all__ = [
    "BadRowError",
    "HandColumns",
    "MissingDependencyError",
    "RankSummary",
    "rank_file",
    "rank_table",
]

_PAD = 255  # an empty card slot in a parsed chunk (a null card, or past a text's last card)
_BAD = 254  # a card slot whose text did not parse; its row is already marked bad
_OUTPUT_NAMES = ("row", "rank", "category", "description")


class MissingDependencyError(HoldemEvalError, ImportError):
    """An optional dependency is not installed; the message names the extra to install."""


class BadRowError(HoldemEvalError, ValueError):
    """A row of a hand file that cannot be ranked. ``row`` is its 0-based number."""

    def __init__(self, row: int, reason: str) -> None:
        super().__init__(f"row {row}: {reason}")
        self.row = row
        self.reason = reason


def require(module: str, extra: str) -> Any:
    """Import an optional dependency or raise ``MissingDependencyError`` naming its extra."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingDependencyError(
            f"{module} is needed for this and is not installed: pip install 'holdem-eval[{extra}]'"
        ) from exc


def _pa() -> Any:
    return require("pyarrow", "io")


# ------------------------------------------------------------------------ column spec


@dataclass(frozen=True)
class HandColumns:
    """Which input columns hold the cards: ``text``, or ``cards``, or ``hole`` + ``board``."""

    text: str | None = None
    cards: tuple[str, ...] = ()
    hole: tuple[str, ...] = ()
    board: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("cards", "hole", "board"):
            value = getattr(self, name)
            if isinstance(value, str):
                raise TypeError(f"{name} must be a sequence of column names, got {value!r}")
            object.__setattr__(self, name, tuple(value))
        given = [self.text is not None, bool(self.cards), bool(self.hole or self.board)]
        if sum(given) != 1:
            raise ValueError(
                "give the card columns one way: text=COLUMN, cards=[5..7 columns] or "
                f"hole=[...] with board=[...], got {self!r}"
            )
        if self.cards and not 1 <= len(self.cards) <= 7:
            raise ValueError(f"cards takes 1 to 7 columns, got {len(self.cards)}: {self.cards!r}")
        if (self.hole or self.board) and not (self.hole and self.board):
            raise ValueError(
                f"hole and board go together, got hole={self.hole!r} board={self.board!r}"
            )
        if self.hole and len(self.hole) not in (1, 2):
            raise ValueError(f"hole takes 1 text column or 2 card columns, got {self.hole!r}")
        if self.board and not 1 <= len(self.board) <= 5:
            raise ValueError(f"board takes 1 text column or 3..5 card columns, got {self.board!r}")
        names = self.columns
        if len(set(names)) != len(names):
            raise ValueError(f"a column is named twice in {names!r}")

    @property
    def columns(self) -> tuple[str, ...]:
        """Every column that holds cards, in order."""
        return ((self.text,) if self.text is not None else ()) + self.cards + self.hole + self.board

    def parts(self) -> list[tuple[str, tuple[str, ...]]]:
        """(role, columns) pairs: role is 'text', 'cards', 'hole' or 'board'."""
        if self.text is not None:
            return [("text", (self.text,))]
        if self.cards:
            return [("cards", self.cards)]
        return [("hole", self.hole), ("board", self.board)]


_NUMBERED = re.compile(r"^(hole|board|card|c)[_ ]?(\d)$", re.IGNORECASE)
_TEXT_NAMES = ("hand", "hands", "cards", "hand_text")


def guess_columns(names: Sequence[str], string_columns: Sequence[str]) -> HandColumns:
    """The card columns of a file from its column names (see the module doc)."""
    lower = {n.lower(): n for n in names}
    if "hole" in lower and "board" in lower:
        return HandColumns(hole=(lower["hole"],), board=(lower["board"],))
    groups: dict[str, list[tuple[int, str]]] = {}
    for n in names:
        m = _NUMBERED.match(n)
        if m:
            groups.setdefault(m.group(1).lower(), []).append((int(m.group(2)), n))
    ordered = {k: tuple(n for _, n in sorted(v)) for k, v in groups.items()}
    if "hole" in ordered and "board" in ordered:
        return HandColumns(hole=ordered["hole"], board=ordered["board"])
    for prefix in ("card", "c"):
        if 5 <= len(ordered.get(prefix, ())) <= 7:
            return HandColumns(cards=ordered[prefix])
    for n in _TEXT_NAMES:
        if n in lower:
            return HandColumns(text=lower[n])
    if len(string_columns) == 1:
        return HandColumns(text=string_columns[0])
    raise ShapeError(
        f"cannot tell which columns hold the cards; columns are {list(names)!r}: name them with "
        "text=COLUMN, cards=[5..7 columns] or hole=[...] and board=[...] "
        "(CLI: --text, --cards, --hole/--board)"
    )


# ------------------------------------------------------------------------ parsing


def _lut(chars: str) -> NDArray[np.uint8]:
    lut = np.full(256, _PAD, dtype=np.uint8)
    for i, ch in enumerate(chars):
        lut[ord(ch)] = i
        lut[ord(ch.lower())] = i
    return lut


_RANK_LUT = _lut("23456789TJQKA")
_SUIT_LUT = _lut("CDHS")


@dataclass
class _Parsed:
    """Cards of a chunk from some columns: ``cards`` (n, width) padded with _PAD,
    ``count`` cards per row, ``errors`` row -> reason for rows already known to be bad."""

    cards: NDArray[np.uint8]
    count: NDArray[np.int64]
    errors: dict[int, str] = field(default_factory=dict)


def _string_buffers(arr: Any) -> tuple[NDArray[np.int64], NDArray[np.uint8]]:
    """Offsets (n + 1) and bytes of a pyarrow string array without copying the text."""
    pa = _pa()
    if pa.types.is_large_string(arr.type):
        off_dtype: Any = np.int64
    else:
        if not pa.types.is_string(arr.type):
            arr = arr.cast(pa.string())
        off_dtype = np.int32
    bufs = arr.buffers()
    offsets = np.frombuffer(bufs[1], dtype=off_dtype)[arr.offset : arr.offset + len(arr) + 1]
    data = np.frombuffer(bufs[2], dtype=np.uint8) if bufs[2] is not None else np.empty(0, np.uint8)
    return offsets.astype(np.int64), data


def _parse_text(col: Any, name: str, max_cards: int) -> _Parsed:
    """Vectorised parse of a text column: separators (space, comma, '|', '-') dropped,
    "10" read as "T", then two characters per card."""
    pa = _pa()
    pc = require("pyarrow.compute", "io")
    if pa.types.is_dictionary(col.type):
        col = col.cast(pa.string())
    if not (pa.types.is_string(col.type) or pa.types.is_large_string(col.type)):
        col = col.cast(pa.string())
    norm = pc.replace_substring(pc.replace_substring_regex(col, r"[\s,|\-]+", ""), "10", "T")
    n = len(norm)
    offsets, data = _string_buffers(norm)
    lengths = np.diff(offsets)
    valid = np.ones(n, dtype=bool) if norm.null_count == 0 else np.asarray(norm.is_valid())
    cards = np.full((n, max_cards), _PAD, dtype=np.uint8)
    count = np.zeros(n, dtype=np.int64)
    errors: dict[int, str] = {}
    for length in np.unique(lengths).tolist():
        rows = np.flatnonzero((lengths == length) & valid)
        if rows.size == 0:
            continue
        if length == 0 or length % 2 or length // 2 > max_cards:
            count[rows] = -1 if length % 2 else length // 2
            for r in rows.tolist():
                errors[r] = _text_reason(col, r, name, max_cards)
            continue
        k = length // 2
        chars = data[offsets[rows][:, None] + np.arange(length)]
        rank = _RANK_LUT[chars[:, 0::2]]
        suit = _SUIT_LUT[chars[:, 1::2]]
        ok = (rank < 13) & (suit < 4)
        parsed = np.where(ok, rank * 4 + suit, _BAD).astype(np.uint8)
        cards[rows, :k] = parsed
        count[rows] = k
        for r in rows[~ok.all(axis=1)].tolist():
            errors[r] = _text_reason(col, r, name, max_cards)
    for r in np.flatnonzero(~valid).tolist():
        errors[r] = f"column {name!r} is empty"
    return _Parsed(cards, count, errors)


def _text_reason(col: Any, row: int, name: str, max_cards: int) -> str:
    text = col[row].as_py()
    try:
        ids = parse_cards(text, allow_duplicates=True)
    except HoldemEvalError as exc:
        return f"column {name!r}: {exc}"
    if not ids.size:
        return f"column {name!r} holds no cards: {text!r}"
    return f"column {name!r} holds {ids.size} cards, expected at most {max_cards}: {text!r}"


def _parse_ids(col: Any, name: str) -> _Parsed:
    """A column of one card per row: an integer id, or text such as 'Ah'; null = no card."""
    pa = _pa()
    pc = require("pyarrow.compute", "io")
    t = col.type
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_dictionary(t):
        return _parse_text(col, name, 1)
    if not (pa.types.is_integer(t) or pa.types.is_floating(t)):
        raise ShapeError(f"column {name!r} must hold card ids 0..51 or card text, got type {t}")
    n = len(col)
    present = np.ones(n, dtype=bool) if col.null_count == 0 else np.asarray(col.is_valid())
    values = np.asarray(pc.fill_null(col, 0) if col.null_count else col)
    errors: dict[int, str] = {}
    if values.dtype.kind == "f":
        whole = np.isfinite(values) & (values == np.round(values))
        for r in np.flatnonzero(present & ~whole).tolist():
            errors[r] = f"column {name!r} holds {values[r]!r}, expected a card id 0..51"
        present &= whole
        values = np.where(whole, values, 0).astype(np.int64)
    in_range = (values >= 0) & (values <= 51)
    for r in np.flatnonzero(present & ~in_range).tolist():
        errors[r] = f"card id {int(values[r])!r} in column {name!r} is outside 0..51"
    cards = np.where(present & in_range, values, _PAD).astype(np.uint8)[:, None]
    count = present.astype(np.int64)
    return _Parsed(cards, count, errors)


def _parse_part(batch: Any, columns: tuple[str, ...], role: str) -> _Parsed:
    """role 'text': one column of whole hands; 'cards': one card per column; 'hole' and
    'board': one text column, or one card per column."""
    if role == "text" or (role in ("hole", "board") and len(columns) == 1):
        col = batch.column(columns[0])
        pa = _pa()
        t = col.type
        if (
            role == "text"
            or pa.types.is_string(t)
            or pa.types.is_large_string(t)
            or pa.types.is_dictionary(t)
        ):
            return _parse_text(col, columns[0], 7)
    parts = [_parse_ids(batch.column(c), c) for c in columns]
    errors: dict[int, str] = {}
    for p in reversed(parts):
        errors.update(p.errors)
    return _Parsed(
        np.concatenate([p.cards for p in parts], axis=1),
        np.sum([p.count for p in parts], axis=0),
        errors,
    )


def _fast_columns(batch: Any, spec: HandColumns) -> list[NDArray[np.uint8]] | None:
    """The common case without copies: 5..7 integer card columns with no nulls and every id
    in range. Returns one uint8 array per column, or None when the general path is needed.
    (uint8 ids above 51 are left to the kernel, which rejects them.)"""
    pa = _pa()
    pc = require("pyarrow.compute", "io")
    names = spec.cards or (spec.hole + spec.board)
    if not 5 <= len(names) <= 7 or (spec.hole and len(spec.hole) != 2):
        return None
    out = []
    for name in names:
        col = batch.column(name)
        if not pa.types.is_integer(col.type) or col.null_count:
            return None
        values = np.asarray(col)
        if values.dtype != np.uint8 and values.size:
            mm = pc.min_max(col).as_py()
            if mm["min"] < 0 or mm["max"] > 51:
                return None
        out.append(np.ascontiguousarray(values, dtype=np.uint8))  # in range: narrowing is exact
    return out


@dataclass
class _Ranked:
    ranks: NDArray[np.uint16]  # (n,), 0 for a bad row
    errors: dict[int, str]
    categories: NDArray[np.uint8] | None = None  # (n,) when the kernel produced them


def _rank_chunk(batch: Any, spec: HandColumns, threads: int) -> _Ranked:
    cols = _fast_columns(batch, spec)
    if cols is not None:
        n = batch.num_rows
        ranks = np.empty(n, dtype=np.uint16)
        categories = np.empty(n, dtype=np.uint8)
        status, _ = nat.eval_columns(cols, ranks, categories, threads)
        if status == nat.HE_OK:
            return _Ranked(ranks, {}, categories)
        # A bad row: the general path finds every one of them with its reason.
    return _rank_general(batch, spec, threads)


def _rank_general(batch: Any, spec: HandColumns, threads: int) -> _Ranked:
    n = batch.num_rows
    parsed = [(role, _parse_part(batch, cols, role)) for role, cols in spec.parts()]
    errors: dict[int, str] = {}
    for role, p in reversed(parsed):
        errors.update(p.errors)
        if role == "hole":
            wrong = np.flatnonzero(p.count != 2).tolist()
            for r in wrong:
                errors.setdefault(r, f"hole cards must be 2 cards, got {_count_text(p.count[r])}")
        elif role == "board":
            for r in np.flatnonzero((p.count < 3) | (p.count > 5)).tolist():
                errors.setdefault(
                    r, f"the board must be 3 to 5 cards, got {_count_text(p.count[r])}"
                )
    cards = np.concatenate([p.cards for _, p in parsed], axis=1)
    count = np.sum([p.count for _, p in parsed], axis=0)
    for r in np.flatnonzero((count < 5) | (count > 7)).tolist():
        errors.setdefault(r, f"a hand has 5, 6 or 7 cards, got {_count_text(count[r])}")
    good = np.ones(n, dtype=bool)
    if errors:
        good[np.fromiter(errors, dtype=np.int64, count=len(errors))] = False
    if ((cards == _PAD) & good[:, None]).any():
        # Move the empty slots of each row to its end; card order does not change a rank.
        order = np.argsort(cards == _PAD, axis=1, kind="stable")
        cards = np.take_along_axis(cards, order, axis=1)
    ranks = np.zeros(n, dtype=np.uint16)
    for k in (5, 6, 7):
        rows = np.flatnonzero(good & (count == k))
        if rows.size == 0:
            continue
        hands = np.ascontiguousarray(cards[rows, :k])
        ordered = np.sort(hands, axis=1)
        dup = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        for r, row in zip(rows[dup].tolist(), hands[dup]):
            errors[r] = _duplicate_reason(row)
        keep = rows[~dup]
        ranks[keep] = evaluate_batch(hands[~dup], threads=threads)
    return _Ranked(ranks, errors)


def _count_text(c: int) -> str:
    return "text that is not whole cards" if c < 0 else str(int(c))


def _duplicate_reason(hand: NDArray[np.uint8]) -> str:
    ids = hand.tolist()
    dup = first_repeat(ids)
    assert dup is not None, "only called for rows the duplicate check flagged"
    return f"repeats card {card_text(dup)!r}: {format_cards(ids, sep=' ')!r}"


# ------------------------------------------------------------------------ output


@lru_cache(maxsize=1)
def _category_lut() -> NDArray[np.uint8]:
    lut = np.zeros(7463, dtype=np.uint8)
    first = 1
    for cat, last in enumerate(LAST_RANK[1:], start=1):
        lut[first : last + 1] = cat
        first = last + 1
    return lut


@lru_cache(maxsize=1)
def _descriptions() -> Any:
    return _pa().array([describe_rank(r) for r in range(1, 7463)], type=_pa().string())


def _output_batch(
    batch: Any,
    keys: Sequence[str],
    ranked: _Ranked,
    base: int,
    *,
    row_numbers: bool,
    describe: bool,
) -> Any:
    pa = _pa()
    ranks = ranked.ranks
    arrays = [batch.column(k) for k in keys]
    rows = None
    if ranked.errors:
        good = ranks != 0
        rows = np.flatnonzero(good)
        ranks = ranks[good]
        mask = pa.array(good)
        arrays = [a.filter(mask) for a in arrays]
    names = list(keys)
    if row_numbers:
        idx = np.arange(batch.num_rows, dtype=np.int64) if rows is None else rows.astype(np.int64)
        arrays.append(pa.array(idx + base))
        names.append("row")
    arrays.append(pa.array(ranks, type=pa.uint16()))
    names.append("rank")
    categories = ranked.categories if ranked.categories is not None else _category_lut()[ranks]
    arrays.append(pa.array(categories, type=pa.uint8()))
    names.append("category")
    if describe:
        index = pa.array((ranks.astype(np.int16) - 1), type=pa.int16())
        arrays.append(pa.DictionaryArray.from_arrays(index, _descriptions()))
        names.append("description")
    return pa.RecordBatch.from_arrays(arrays, names=names)


def _reject_batch(batch: Any, errors: dict[int, str], base: int) -> Any:
    pa = _pa()
    rows = np.array(sorted(errors), dtype=np.int64)
    taken = batch.take(pa.array(rows))
    arrays = [*taken.columns, pa.array(rows + base), pa.array([errors[r] for r in rows.tolist()])]
    return pa.RecordBatch.from_arrays(arrays, names=[*batch.schema.names, "row", "error"])


class _Sink:
    """A Parquet or CSV file written batch by batch; opened at its first batch, written to a
    temporary name and moved into place by ``commit`` (so a failed job leaves no output)."""

    def __init__(self, path: Path, compression: str) -> None:
        self.path = path
        self._tmp = path.with_name(f".{path.name}.part")
        self._csv = path.suffix.lower() in (".csv", ".txt")
        self._compression = compression
        self._writer: Any = None
        self.rows = 0

    def write(self, batch: Any) -> None:
        pa = _pa()
        if self._csv:
            batch = pa.RecordBatch.from_arrays(
                [
                    c.cast(pa.string()) if pa.types.is_dictionary(c.type) else c
                    for c in batch.columns
                ],
                names=batch.schema.names,
            )
        if self._writer is None:
            if self._csv:
                self._writer = require("pyarrow.csv", "io").CSVWriter(str(self._tmp), batch.schema)
            else:
                pq = require("pyarrow.parquet", "io")
                # Dictionary pages only for text (descriptions): for the small integer columns
                # they cost more time than they save space.
                text = [
                    f.name
                    for f in batch.schema
                    if pa.types.is_dictionary(f.type) or pa.types.is_string(f.type)
                ]
                self._writer = pq.ParquetWriter(
                    str(self._tmp),
                    batch.schema,
                    compression=self._compression,
                    use_dictionary=text,
                )
        self._writer.write_batch(batch)
        self.rows += batch.num_rows

    def commit(self, empty_schema: Any) -> None:
        if self._writer is None:
            self.write(_empty_batch(empty_schema))
        self._writer.close()
        os.replace(self._tmp, self.path)

    def abort(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._tmp.unlink(missing_ok=True)


def _empty_batch(schema: Any) -> Any:
    pa = _pa()
    return pa.RecordBatch.from_arrays([pa.array([], type=f.type) for f in schema], schema=schema)


# ------------------------------------------------------------------------ input


def detect_format(source: str | os.PathLike[str], fmt: str | None = None) -> str:
    """'parquet' or 'csv': ``fmt`` if given, else from the file name, else its first bytes."""
    path = Path(source)
    if fmt is not None:
        if fmt not in ("parquet", "csv"):
            raise ValueError(f"input format must be 'parquet' or 'csv', got {fmt!r}")
        return fmt
    name = path.name.lower()
    if name.endswith((".parquet", ".pq", ".parq")):
        return "parquet"
    if name.endswith((".csv", ".csv.gz", ".csv.bz2", ".txt", ".tsv")):
        return "csv"
    with open(path, "rb") as f:
        return "parquet" if f.read(4) == b"PAR1" else "csv"


class _Source:
    """Column names, an optional row count, and chunks of the wanted columns."""

    def __init__(self, path: Path, fmt: str, chunk_rows: int) -> None:
        self.path = path
        self.fmt = fmt
        self.chunk_rows = chunk_rows
        if fmt == "parquet":
            pq = require("pyarrow.parquet", "io")
            self._pf = pq.ParquetFile(str(path), pre_buffer=False)
            schema = self._pf.schema_arrow
            self.total_rows: int | None = self._pf.metadata.num_rows
        else:
            csv = require("pyarrow.csv", "io")
            sep = "\t" if path.name.lower().endswith(".tsv") else ","
            self._parse = csv.ParseOptions(delimiter=sep)
            with csv.open_csv(str(path), parse_options=self._parse) as r:
                schema = r.schema
            self.total_rows = None
        self.names: list[str] = list(schema.names)
        pa = _pa()
        self.string_columns = [
            f.name for f in schema if pa.types.is_string(f.type) or pa.types.is_large_string(f.type)
        ]

    def batches(self, columns: list[str], text_columns: Sequence[str]) -> Iterator[Any]:
        if self.fmt == "parquet":
            # One decoding thread: _prefetched runs it beside the ranking and writing threads,
            # and on a small machine pyarrow's own column threads cost more CPU than they save.
            yield from self._pf.iter_batches(
                batch_size=self.chunk_rows, columns=columns, use_threads=False
            )
            return
        pa = _pa()
        csv = require("pyarrow.csv", "io")
        read = csv.ReadOptions(block_size=max(1 << 20, self.chunk_rows * 32))
        convert = csv.ConvertOptions(
            include_columns=columns,
            column_types={c: pa.string() for c in text_columns},
        )
        with csv.open_csv(
            str(self.path), read_options=read, parse_options=self._parse, convert_options=convert
        ) as reader:
            pending: list[Any] = []
            size = 0
            for b in reader:
                pending.append(b)
                size += b.num_rows
                while size >= self.chunk_rows:
                    table = pa.Table.from_batches(pending)
                    yield table.slice(0, self.chunk_rows).combine_chunks().to_batches()[0]
                    rest = table.slice(self.chunk_rows)
                    pending = rest.to_batches() if rest.num_rows else []
                    size = rest.num_rows
            if size:
                yield pa.Table.from_batches(pending).combine_chunks().to_batches()[0]


def _prefetched(items: Iterator[Any], depth: int = 2) -> Iterator[Any]:
    """``items`` produced by a background thread, at most ``depth`` ahead (so memory stays
    bounded). pyarrow releases the GIL while it decodes, so reading the next chunk
    overlaps ranking and writing this one."""
    q: queue.Queue[tuple[str, Any]] = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def produce() -> None:
        try:
            for item in items:
                while not stop.is_set():
                    try:
                        q.put(("item", item), timeout=0.1)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
            q.put(("end", None))
        except BaseException as exc:  # handed to the consumer, raised there
            q.put(("error", exc))

    worker = threading.Thread(target=produce, name="holdem-eval-reader", daemon=True)
    worker.start()
    try:
        while True:
            kind, item = q.get()
            if kind == "end":
                return
            if kind == "error":
                raise item
            yield item
    finally:
        stop.set()
        while worker.is_alive():
            try:
                q.get_nowait()
            except queue.Empty:
                worker.join(timeout=0.05)


class _BackgroundWriter:
    """Runs ``sink.write`` on a thread, at most ``depth`` batches behind the caller."""

    def __init__(self, sink: _Sink, depth: int = 2) -> None:
        self.sink = sink
        self._q: queue.Queue[Any] = queue.Queue(maxsize=depth)
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="holdem-eval-writer", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            batch = self._q.get()
            if batch is None:
                return
            if self._error is None:
                try:
                    self.sink.write(batch)
                except BaseException as exc:  # raised in the caller's thread
                    self._error = exc

    def write(self, batch: Any) -> None:
        if self._error is not None:
            raise self._error
        self._q.put(batch)

    def finish(self) -> None:
        """Wait for every queued batch to be written; re-raise a write error."""
        self._q.put(None)
        self._thread.join()
        if self._error is not None:
            raise self._error


# ------------------------------------------------------------------------ public API


@dataclass(frozen=True)
class RankSummary:
    """What a ``rank_file`` run did."""

    output: Path
    rows_read: int
    rows_ranked: int
    rows_rejected: int
    seconds: float
    reject_path: Path | None = None

    @property
    def hands_per_second(self) -> float:
        return self.rows_read / self.seconds if self.seconds > 0 else float("inf")


def _resolve_spec(
    source_names: Sequence[str],
    string_columns: Sequence[str],
    spec: HandColumns | None,
    keys: Sequence[str] | None,
    *,
    row_numbers: bool,
    describe: bool,
) -> tuple[HandColumns, list[str]]:
    if spec is None:
        spec = guess_columns(source_names, string_columns)
    missing = [c for c in spec.columns if c not in source_names]
    if missing:
        raise ShapeError(
            f"no column {missing[0]!r} in the input; columns are {list(source_names)!r}"
        )
    if keys is None:
        key_list = [c for c in source_names if c not in spec.columns]
    else:
        key_list = list(keys)
        missing = [c for c in key_list if c not in source_names]
        if missing:
            raise ShapeError(
                f"no key column {missing[0]!r} in the input; columns are {list(source_names)!r}"
            )
    produced = (
        {"rank", "category"}
        | ({"row"} if row_numbers else set())
        | ({"description"} if describe else set())
    )
    clash = [c for c in key_list if c in produced]
    if clash:
        raise ShapeError(
            f"key column {clash[0]!r} clashes with an output column ({', '.join(_OUTPUT_NAMES)}); "
            "choose the key columns explicitly"
        )
    return spec, key_list


def _default_threads() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def rank_file(
    source: str | os.PathLike[str],
    output: str | os.PathLike[str],
    *,
    columns: HandColumns | None = None,
    keys: Sequence[str] | None = None,
    describe: bool = False,
    row_numbers: bool = False,
    skip_invalid: bool = False,
    reject_path: str | os.PathLike[str] | None = None,
    chunk_rows: int = 1 << 20,
    threads: int | None = None,
    input_format: str | None = None,
    compression: str = "none",
    progress: Callable[[int], None] | None = None,
) -> RankSummary:
    """Rank every hand of a Parquet or CSV file and write the ranks to ``output``.

    ``output`` is Parquet unless its name ends in ``.csv``. ``columns`` says where the
    cards are (guessed from the column names when None); ``keys`` are the input columns
    copied to the output (default: every column not holding cards). ``chunk_rows`` rows
    are read, ranked and written at a time; ``threads`` (default: all cores) evaluate each
    chunk. ``compression`` is the Parquet codec of the output: "none" (the default, the
    fastest: 8 bytes a hand for rank and category), or "snappy", "lz4", "zstd" for smaller
    files at some speed. ``progress(n)`` is called after each chunk with its row count.

    A bad row raises ``BadRowError`` naming its 0-based row number and leaves no output
    file; with ``skip_invalid`` bad rows go to ``reject_path`` (default: the output's name
    with ``.rejects.parquet``) together with their ``row`` and ``error``, and the job goes
    on. Returns a ``RankSummary``.
    """
    if isinstance(chunk_rows, bool) or not isinstance(chunk_rows, int) or chunk_rows < 1:
        raise ValueError(f"chunk_rows must be a positive integer, got {chunk_rows!r}")
    n_threads = _default_threads() if threads is None else threads
    src_path, out_path = Path(source), Path(output)
    if not src_path.exists():
        raise FileNotFoundError(f"no such input file: {str(src_path)!r}")
    src = _Source(src_path, detect_format(src_path, input_format), chunk_rows)
    spec, key_list = _resolve_spec(
        src.names, src.string_columns, columns, keys, row_numbers=row_numbers, describe=describe
    )
    wanted = [c for c in src.names if c in set(spec.columns) | set(key_list)]
    text_cols = [c for c in spec.columns if c in src.string_columns or spec.text == c]
    rej_path = (
        Path(reject_path)
        if reject_path is not None
        else out_path.with_name(out_path.name.split(".")[0] + ".rejects.parquet")
    )
    sink = _Sink(out_path, compression)
    rejects = _Sink(rej_path, compression) if skip_invalid else None
    writer = _BackgroundWriter(sink)
    start = time.perf_counter()
    base = 0
    out_schema = None
    rej_schema = None
    try:
        try:
            for batch in _prefetched(src.batches(wanted, text_cols)):
                ranked = _rank_chunk(batch, spec, n_threads)
                if ranked.errors:
                    if rejects is None:
                        first = min(ranked.errors)
                        raise BadRowError(
                            base + first,
                            f"{ranked.errors[first]} (use skip_invalid / --skip-invalid to "
                            "write bad rows to a reject file and go on)",
                        )
                    rb = _reject_batch(batch, ranked.errors, base)
                    rej_schema = rb.schema
                    rejects.write(rb)
                ob = _output_batch(
                    batch, key_list, ranked, base, row_numbers=row_numbers, describe=describe
                )
                out_schema = ob.schema
                writer.write(ob)
                base += batch.num_rows
                if progress is not None:
                    progress(batch.num_rows)
        finally:
            writer.finish()
        if out_schema is None:
            empty = _empty_batch(_read_schema(src, wanted))
            no_rows = _Ranked(np.zeros(0, np.uint16), {})
            out_schema = _output_batch(
                empty, key_list, no_rows, 0, row_numbers=row_numbers, describe=describe
            ).schema
        sink.commit(out_schema)
        if rejects is not None:
            if rej_schema is None:
                pa = _pa()
                extra = [pa.field("row", pa.int64()), pa.field("error", pa.string())]
                rej_schema = pa.schema([*_read_schema(src, wanted), *extra])
            rejects.commit(rej_schema)
    except BaseException:
        sink.abort()
        if rejects is not None:
            rejects.abort()
        raise
    return RankSummary(
        output=out_path,
        rows_read=base,
        rows_ranked=sink.rows,
        rows_rejected=0 if rejects is None else rejects.rows,
        seconds=time.perf_counter() - start,
        reject_path=rej_path if skip_invalid else None,
    )


def _read_schema(src: _Source, wanted: list[str]) -> Any:
    pa = _pa()
    if src.fmt == "parquet":
        full = src._pf.schema_arrow
    else:
        csv = require("pyarrow.csv", "io")
        with csv.open_csv(str(src.path), parse_options=src._parse) as r:
            full = r.schema
    return pa.schema([full.field(n) for n in wanted])


def rank_table(
    table: pa.Table,
    *,
    columns: HandColumns | None = None,
    keys: Sequence[str] | None = None,
    describe: bool = False,
    threads: int | None = None,
) -> pa.Table:
    """Rank the hands of an in-memory pyarrow Table (e.g. ``pa.Table.from_pandas(df)``).

    Same columns and rules as ``rank_file``; a bad row raises ``BadRowError``.
    """
    pa = _pa()
    pa_types = pa.types
    strings = [
        f.name
        for f in table.schema
        if pa_types.is_string(f.type) or pa_types.is_large_string(f.type)
    ]
    spec, key_list = _resolve_spec(
        table.schema.names, strings, columns, keys, row_numbers=False, describe=describe
    )
    batch = table.combine_chunks().to_batches()
    if not batch:
        batch = [_empty_batch(table.schema)]
    ranked = _rank_chunk(batch[0], spec, _default_threads() if threads is None else threads)
    if ranked.errors:
        first = min(ranked.errors)
        raise BadRowError(first, ranked.errors[first])
    return pa.Table.from_batches(
        [_output_batch(batch[0], key_list, ranked, 0, row_numbers=False, describe=describe)]
    )
