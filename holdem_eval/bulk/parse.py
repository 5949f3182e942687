"""How a chunk of rows becomes ranks: the parsing half of bulk jobs.

Given the card columns (:mod:`.columns`), ``rank_chunk``
turns one pyarrow RecordBatch into ranks and a ``row -> reason`` map of its bad rows;
``output_batch`` and ``reject_batch`` build what is written. Per-row Python runs only for
rows that are bad.

Variants: every function that ranks or labels takes the name of a best-five variant
(``"holdem"`` or a short-deck one), already checked by the caller (``best_five_variant``).
Short deck ranks on its own scale and categories; a card outside its deck (a 2..5) makes
the row bad, like any other bad card.

Empty cells: a null (Parquet null, or an empty CSV cell) in a text column, a ``cards``
column or a ``hole`` column makes the row bad. In ``board`` card columns an empty cell is a
card not dealt yet, so a board may stop after the flop or the turn; an empty cell followed
by a dealt one (a gap) makes the row bad.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .. import _bindings as nat
from .._variant_faces import deck_error, short_rules
from ..cards import (
    CARD_SEPARATORS,
    CARD_TEXT_PATTERN,
    SEPARATOR_CLASS,
    ascii_card_ids,
    card_text,
    first_repeat,
    format_cards,
    parse_cards,
)
from ..categories import describe as describe_rank
from ..categories import hand_categories
from ..errors import HoldemEvalError, ShapeError
from ..evaluator import evaluate_batch
from ..variants import VARIANTS
from .columns import OUTPUT_NAMES, HandColumns, is_list
from .common import pa_module, require

__all__ = [
    "META_LIBRARY",
    "META_RANK_WORST",
    "META_VARIANT",
    "OUTPUT_NAMES",
    "Ranked",
    "output_batch",
    "rank_chunk",
    "rank_metadata",
    "reject_batch",
]

_PAD = 255  # an empty card slot in a parsed chunk (a null card, or past a text's last card)
_BAD = 254  # a card slot whose text did not parse; its row is already marked bad

# The schema metadata of every ranked output (rank_table's Arrow results, Parquet files; CSV
# and JSON lines have no place for it): who wrote the ranks and on which scale they are.
META_LIBRARY = "holdem_eval.library"  # "holdem-eval 0.1.0": the distribution and its version
META_VARIANT = "holdem_eval.variant"  # "holdem", "short-deck", "short-deck-straights-beat-trips"
META_RANK_WORST = "holdem_eval.rank_worst"  # "7462", "1404": ranks run from 1 (the best) to it


# ------------------------------------------------------------------------ parsing


_SEPARATORS_RE = SEPARATOR_CLASS + "+"  # cards.py's separators, for pyarrow.compute (RE2)


@dataclass
class _Parsed:
    """Cards of a chunk from some columns: ``cards`` (n, width) padded with _PAD,
    ``count`` cards per row, ``errors`` row -> reason for rows already known to be bad."""

    cards: NDArray[np.uint8]
    count: NDArray[np.int64]
    errors: dict[int, str] = field(default_factory=dict)


def _is_text(t: Any) -> bool:
    pa = pa_module()
    return bool(pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_dictionary(t))


def _as_string(col: Any) -> Any:
    pa = pa_module()
    if not (pa.types.is_string(col.type) or pa.types.is_large_string(col.type)):
        col = col.cast(pa.string())
    return col


def _string_buffers(arr: Any) -> tuple[NDArray[np.int64], NDArray[np.uint8]]:
    """Offsets (n + 1) and bytes of a pyarrow string array without copying the text."""
    pa = pa_module()
    off_dtype: Any = np.int64 if pa.types.is_large_string(arr.type) else np.int32
    bufs = arr.buffers()
    offsets = np.frombuffer(bufs[1], dtype=off_dtype)[arr.offset : arr.offset + len(arr) + 1]
    data = np.frombuffer(bufs[2], dtype=np.uint8) if bufs[2] is not None else np.empty(0, np.uint8)
    return offsets.astype(np.int64), data


def _parse_text(col: Any, name: str, max_cards: int) -> _Parsed:
    """Vectorised parse of a text column: separators (space, tab, comma, '|', '-') dropped,
    "10" read as "T", then two characters per card. A null is reported as empty."""
    pc = require("pyarrow.compute", "io")
    col = _as_string(col)
    norm = pc.replace_substring(pc.replace_substring_regex(col, _SEPARATORS_RE, ""), "10", "T")
    n = len(norm)
    offsets, data = _string_buffers(norm)
    lengths = np.diff(offsets)
    valid = np.ones(n, dtype=bool) if norm.null_count == 0 else np.asarray(norm.is_valid())
    # cards.py's grammar, checked on the whole column (separators only between cards: the
    # parse below, which drops every separator, would read "A h" as Ah)
    grammar = np.asarray(pc.fill_null(pc.match_substring_regex(col, CARD_TEXT_PATTERN), True))
    cards = np.full((n, max_cards), _PAD, dtype=np.uint8)
    count = np.zeros(n, dtype=np.int64)
    errors: dict[int, str] = {}
    for r in np.flatnonzero(valid & ~grammar).tolist():
        count[r] = -1
        errors[r] = _text_reason(col, r, name, max_cards)
    for length in np.unique(lengths).tolist():
        rows = np.flatnonzero((lengths == length) & valid & grammar)
        if rows.size == 0:
            continue
        if length == 0 or length % 2 or length // 2 > max_cards:
            count[rows] = -1
            for r in rows.tolist():
                errors[r] = _text_reason(col, r, name, max_cards)
            continue
        k = length // 2
        chars = data[offsets[rows][:, None] + np.arange(length)]
        parsed = ascii_card_ids(chars, _BAD)
        cards[rows, :k] = parsed
        count[rows] = k
        for r in rows[(parsed == _BAD).any(axis=1)].tolist():
            errors[r] = _text_reason(col, r, name, max_cards)
    for r in np.flatnonzero(~valid).tolist():
        errors[r] = f"column {name!r} is empty"
    return _Parsed(cards, count, errors)


def _parse_list(col: Any, name: str, max_cards: int) -> _Parsed:
    """A list column: each cell one hand (or hole, or board) as a list of card texts
    (joined and read as text) or of card ids 0..51. A null cell is reported as empty."""
    pa = pa_module()
    pc = require("pyarrow.compute", "io")
    if not pa.types.is_integer(col.type.value_type):
        return _parse_text(pc.binary_join(col, " "), name, max_cards)
    n = len(col)
    valid = np.ones(n, dtype=bool) if col.null_count == 0 else np.asarray(col.is_valid())
    lengths = np.asarray(pc.fill_null(pc.list_value_length(col), 0), dtype=np.int64)
    flat = pc.list_flatten(col)
    parents = np.asarray(pc.list_parent_indices(col), dtype=np.int64)
    blank = 255 if pa.types.is_unsigned_integer(flat.type) else -1  # a null card: out of range
    values = np.asarray(pc.fill_null(flat, blank)).astype(np.int64)  # uint64 above 2**63: < 0
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    pos = np.arange(values.size, dtype=np.int64) - starts[parents]
    cards = np.full((n, max_cards), _PAD, dtype=np.uint8)
    count = np.where(valid, lengths, 0)
    errors: dict[int, str] = {}
    bad_value = (values < 0) | (values > 51)
    for i in np.flatnonzero(bad_value).tolist():
        r = int(parents[i])
        value = flat[i].as_py()
        what = "an empty card" if value is None else f"card id {value!r}"
        errors.setdefault(r, f"column {name!r} holds {what}, expected ids 0..51: {col[r].as_py()!r}")
    for r in np.flatnonzero(valid & ((lengths == 0) | (lengths > max_cards))).tolist():
        errors.setdefault(r, f"column {name!r} holds {int(lengths[r])} cards, expected 1 to {max_cards}: "
                             f"{col[r].as_py()!r}")
    keep = ~bad_value & (pos < max_cards)
    cards[parents[keep], pos[keep]] = values[keep].astype(np.uint8)
    for r in errors:
        count[r] = -1
    for r in np.flatnonzero(~valid).tolist():
        errors[r] = f"column {name!r} is empty"
    return _Parsed(cards, count.astype(np.int64), errors)


def _text_reason(col: Any, row: int, name: str, max_cards: int) -> str:
    """Why one text cell is bad (only called for cells the vectorised parse refused)."""
    text = col[row].as_py()
    for pos, ch in enumerate(text):
        if not (ch.isascii() and (ch.isalnum() or ch in CARD_SEPARATORS)):
            what = unicodedata.name(ch, "unnamed character").lower()
            return (
                f"column {name!r}: {ch!r} ({what}, U+{ord(ch):04X}) at position {pos} is not a "
                f"card or a separator (space, tab, ',', '|', '-'): {text!r}"
            )
    try:
        ids = parse_cards(text, allow_duplicates=True)
    except HoldemEvalError as exc:
        return f"column {name!r}: {exc}"
    if not ids.size:
        return f"column {name!r} holds no cards: {text!r}"
    if max_cards == 1:
        return f"column {name!r} holds {ids.size} cards, expected one card: {text!r}"
    return f"column {name!r} holds {ids.size} cards, expected at most {max_cards}: {text!r}"


def _integer_text(col: Any) -> Any:
    """A text column whose every cell is an integer (a CSV column of card ids), cast to
    int64; else None. One cast in C: the per-cell parse below is only for mixed columns."""
    if not _is_text(col.type):
        return None
    pa = pa_module()
    try:
        return _as_string(col).cast(pa.int64())
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        return None


def _parse_ids(col: Any, name: str) -> tuple[NDArray[np.uint8], NDArray[np.bool_], dict[int, str]]:
    """A column of one card per row: (cards (n,), present (n,), errors). A cell holds an id
    0..51 (an integer, or digits in a text column) or card text such as 'Ah'; a null or an
    empty text cell is not present."""
    pa = pa_module()
    pc = require("pyarrow.compute", "io")
    n = len(col)
    errors: dict[int, str] = {}
    ints = _integer_text(col)
    if ints is not None:
        col = ints
    if _is_text(col.type):
        text = pc.utf8_trim_whitespace(_as_string(col))
        present = np.asarray(pc.fill_null(pc.not_equal(text, ""), False))
        digits = np.asarray(pc.fill_null(pc.match_substring_regex(text, r"^-?[0-9]{1,9}$"), False))
        values = np.zeros(n, dtype=np.int64)
        if digits.any():
            values[digits] = np.asarray(pc.cast(text.filter(pa.array(digits)), pa.int64()))
        cards = np.full(n, _PAD, dtype=np.uint8)
        letters = present & ~digits
        if letters.any():
            idx = np.flatnonzero(letters)
            parsed = _parse_text(col.take(pa.array(idx)), name, 1)
            cards[idx] = parsed.cards[:, 0]
            errors.update({int(idx[r]): why for r, why in parsed.errors.items()})
        numeric = digits
    else:
        t = col.type
        if not (pa.types.is_integer(t) or pa.types.is_floating(t)):
            raise ShapeError(f"column {name!r} must hold card ids 0..51 or card text, got type {t}")
        present = np.ones(n, dtype=bool) if col.null_count == 0 else np.asarray(col.is_valid())
        raw = np.asarray(pc.fill_null(col, 0) if col.null_count else col)
        if raw.dtype.kind == "f":
            whole = np.isfinite(raw) & (raw == np.round(raw))
            for r in np.flatnonzero(present & ~whole).tolist():
                errors[r] = f"column {name!r} holds {raw[r]!r}, expected a card id 0..51"
            raw = np.where(whole, raw, 0)
        values = raw.astype(np.int64)
        cards = np.full(n, _PAD, dtype=np.uint8)
        numeric = present.copy()
    in_range = (values >= 0) & (values <= 51)
    for r in np.flatnonzero(numeric & ~in_range).tolist():
        errors.setdefault(r, f"card id {int(values[r])!r} in column {name!r} is outside 0..51")
    ok = numeric & in_range
    cards[ok] = values[ok].astype(np.uint8)
    return cards, present, errors


def _parse_part(batch: Any, columns: tuple[str, ...], role: str) -> _Parsed:
    """role 'text': one column of whole hands; 'cards': one card per column; 'hole' and
    'board': one text column, or one card per column (see the module doc for empty cells)."""
    if role == "text" or (role in ("hole", "board") and len(columns) == 1):
        col = batch.column(columns[0])
        if is_list(col.type):
            return _parse_list(col, columns[0], 7)
        if role == "text" or _is_text(col.type):
            return _parse_text(col, columns[0], 7)
    parsed = [_parse_ids(batch.column(c), c) for c in columns]
    errors: dict[int, str] = {}
    for _, _, errs in reversed(parsed):
        errors.update(errs)
    present = np.stack([p for _, p, _ in parsed], axis=1)
    if role == "board":
        # An empty cell is a card not dealt yet: allowed only when every later one is empty.
        later = np.flip(np.logical_or.accumulate(np.flip(present, axis=1), axis=1), axis=1)
        gap = ~present[:, :-1] & later[:, 1:]
        for r, j in zip(*np.nonzero(gap)):
            following = columns[int(j) + 1 + int(np.argmax(present[r, j + 1 :]))]
            errors.setdefault(
                int(r),
                f"column {columns[int(j)]!r} is empty but the later board column {following!r} holds a card",
            )
    else:
        for r, j in zip(*np.nonzero(~present)):
            errors.setdefault(int(r), f"column {columns[int(j)]!r} is empty")
    return _Parsed(
        np.stack([c for c, _, _ in parsed], axis=1),
        present.sum(axis=1).astype(np.int64),
        errors,
    )


def _fast_columns(batch: Any, spec: HandColumns) -> list[NDArray[np.uint8]] | None:
    """The common case without copies: 5..7 integer card columns with no nulls and every id
    in range. Returns one uint8 array per column, or None when the general path is needed.
    (uint8 ids above 51, and a short deck's 0..15, are left to the kernel, which rejects them.)"""
    pa = pa_module()
    pc = require("pyarrow.compute", "io")
    names = spec.cards or (spec.hole + spec.board)
    if not 5 <= len(names) <= 7 or (spec.hole and len(spec.hole) != 2):
        return None
    out = []
    for name in names:
        col = batch.column(name)
        ints = _integer_text(col)
        if ints is not None:
            col = ints
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
class Ranked:
    """The ranks of a chunk: ``ranks`` (0 for a bad row), ``errors`` row -> reason."""

    ranks: NDArray[np.uint16]
    errors: dict[int, str]
    categories: NDArray[np.uint8] | None = None  # (n,) when the kernel produced them


def rank_chunk(batch: Any, spec: HandColumns, threads: int, variant: str = "holdem") -> Ranked:
    """Rank every row of ``batch`` on ``variant``'s scale; bad rows get rank 0 and a reason
    in ``errors``."""
    cols = _fast_columns(batch, spec)
    if cols is not None:
        n = batch.num_rows
        ranks = np.empty(n, dtype=np.uint16)
        categories = np.empty(n, dtype=np.uint8)
        # The column kernel of the variant's deck refuses a card outside it as it ranks.
        status, _ = nat.eval_columns(cols, ranks, categories, threads, short_rules(variant))
        if status == nat.HE_OK:
            return Ranked(ranks, {}, categories)
        # A bad row: the general path finds every one of them with its reason.
    return _rank_general(batch, spec, threads, variant)


def _rank_general(batch: Any, spec: HandColumns, threads: int, variant: str = "holdem") -> Ranked:
    n = batch.num_rows
    parsed = [(role, _parse_part(batch, cols, role)) for role, cols in spec.parts()]
    errors: dict[int, str] = {}
    for role, p in reversed(parsed):
        errors.update(p.errors)
        if role == "hole":
            for r in np.flatnonzero(p.count != 2).tolist():
                errors.setdefault(r, f"hole cards must be 2 cards, got {_count_text(p.count[r])}")
        elif role == "board":
            for r in np.flatnonzero((p.count < 3) | (p.count > 5)).tolist():
                errors.setdefault(r, f"the board must be 3 to 5 cards, got {_count_text(p.count[r])}")
    cards = np.concatenate([p.cards for _, p in parsed], axis=1)
    count = np.sum([p.count for _, p in parsed], axis=0)
    for r in np.flatnonzero((count < 5) | (count > 7)).tolist():
        errors.setdefault(r, f"a hand has 5, 6 or 7 cards, got {_count_text(count[r])}")
    if VARIANTS[variant].lowest_card:
        _deck_errors(parsed, spec, cards, variant, errors)
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
        ranks[keep] = evaluate_batch(hands[~dup], threads=threads, variant=variant)
    return Ranked(ranks, errors)


def _deck_errors(
    parsed: list[tuple[str, _Parsed]],
    spec: HandColumns,
    cards: NDArray[np.uint8],
    variant: str,
    errors: dict[int, str],
) -> None:
    """Mark the rows holding a card outside ``variant``'s deck (a 2..5 in short deck) bad,
    naming the card, its column and the variant; rows already bad keep their reason."""
    lowest = VARIANTS[variant].lowest_card
    for (_, p), (_, names) in zip(parsed, spec.parts()):
        outside = p.cards < lowest  # _PAD and _BAD are above every deck's cards
        for r in np.flatnonzero(outside.any(axis=1)).tolist():
            if r in errors:
                continue
            j = int(np.argmax(outside[r]))
            name = names[j] if len(names) > 1 else names[0]
            err = deck_error([int(p.cards[r, j])], f"column {name!r}", variant)
            assert err is not None, "only called for cards below the deck"
            ids = [c for c in cards[r].tolist() if c < 52]
            errors[r] = f"{err}: {format_cards(ids, sep=' ')!r}"


def _count_text(c: int) -> str:
    return "text that is not whole cards" if c < 0 else str(int(c))


def _duplicate_reason(hand: NDArray[np.uint8]) -> str:
    ids = hand.tolist()
    dup = first_repeat(ids)
    assert dup is not None, "only called for rows the duplicate check flagged"
    return f"repeats card {card_text(dup)!r}: {format_cards(ids, sep=' ')!r}"


# ------------------------------------------------------------------------ output


@lru_cache(maxsize=4)
def _category_lut(variant: str = "holdem") -> NDArray[np.uint8]:
    """Category of each rank of ``variant``'s scale (index 0, a bad row's rank, is 0)."""
    worst = VARIANTS[variant].worst_rank
    lut = np.zeros(worst + 1, dtype=np.uint8)
    lut[1:] = hand_categories(np.arange(1, worst + 1), variant=variant)
    return lut


@lru_cache(maxsize=4)
def _descriptions(variant: str = "holdem") -> Any:
    pa = pa_module()
    worst = VARIANTS[variant].worst_rank
    return pa.array([describe_rank(r, variant=variant) for r in range(1, worst + 1)], type=pa.string())


def rank_metadata(variant: str) -> dict[str, str]:
    """The schema metadata of an output ranked on ``variant``'s scale (see META_VARIANT)."""
    from .. import __version__

    return {
        META_LIBRARY: f"holdem-eval {__version__}",
        META_VARIANT: variant,
        META_RANK_WORST: str(VARIANTS[variant].worst_rank),
    }


def output_batch(
    batch: Any,
    keys: Sequence[str],
    ranked: Ranked,
    row_ids: NDArray[np.int64],
    *,
    row_numbers: bool,
    describe: bool,
    variant: str = "holdem",
) -> Any:
    """The output rows of a chunk: its keys, ``row`` (the input row numbers ``row_ids``),
    ``rank``, ``category`` and ``description`` (on ``variant``'s scale); bad rows left out.
    The schema carries ``rank_metadata(variant)``."""
    pa = pa_module()
    ranks = ranked.ranks
    arrays = [batch.column(k) for k in keys]
    categories = ranked.categories
    if ranked.errors:
        good = ranks != 0
        ranks = ranks[good]
        row_ids = row_ids[good]
        if categories is not None:
            categories = categories[good]
        mask = pa.array(good)
        arrays = [a.filter(mask) for a in arrays]
    names = list(keys)
    if row_numbers:
        arrays.append(pa.array(row_ids, type=pa.int64()))
        names.append("row")
    arrays.append(pa.array(ranks, type=pa.uint16()))
    names.append("rank")
    if categories is None:
        categories = _category_lut(variant)[ranks]
    arrays.append(pa.array(categories, type=pa.uint8()))
    names.append("category")
    if describe:
        index = pa.array((ranks.astype(np.int16) - 1), type=pa.int16())
        arrays.append(pa.DictionaryArray.from_arrays(index, _descriptions(variant)))
        names.append("description")
    out = pa.RecordBatch.from_arrays(arrays, names=names)
    return out.replace_schema_metadata(rank_metadata(variant))


def reject_batch(batch: Any, errors: dict[int, str], row_ids: NDArray[np.int64]) -> Any:
    """The bad rows of a chunk as they were read, with their ``row`` and ``error``."""
    pa = pa_module()
    rows = np.array(sorted(errors), dtype=np.int64)
    taken = batch.take(pa.array(rows))
    arrays = [
        *taken.columns,
        pa.array(row_ids[rows], type=pa.int64()),
        pa.array([errors[r] for r in rows.tolist()], type=pa.string()),
    ]
    return pa.RecordBatch.from_arrays(arrays, names=[*batch.schema.names, "row", "error"])


def empty_batch(schema: Any) -> Any:
    """A batch of no rows with ``schema``."""
    pa = pa_module()
    return pa.RecordBatch.from_arrays([pa.array([], type=f.type) for f in schema], schema=schema)
