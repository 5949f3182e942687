"""Where the cards are: ``HandColumns`` names the card columns of a table or file,
``guess_columns`` finds them from the column names, ``resolve_spec`` checks a spec against
a schema and ``check_card_types`` the columns' types (text, lists or integer ids)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import DTypeError, ShapeError
from .common import BulkArgumentError, pa_module

__all__ = ["OUTPUT_NAMES", "HandColumns", "check_card_types", "guess_columns", "is_list", "resolve_spec"]

OUTPUT_NAMES = ("row", "rank", "category", "description")


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
                raise DTypeError(f"{name} must be a sequence of column names, got {value!r}")
            object.__setattr__(self, name, tuple(value))
        given = [self.text is not None, bool(self.cards), bool(self.hole or self.board)]
        if sum(given) != 1:
            raise BulkArgumentError(
                "give the card columns one way: text=COLUMN, cards=[5..7 columns] or "
                f"hole=[...] with board=[...], got {self!r}"
            )
        if self.cards and not 5 <= len(self.cards) <= 7:
            raise BulkArgumentError(
                f"cards takes 5 to 7 columns (one card each), got {len(self.cards)}: {self.cards!r}"
            )
        if (self.hole or self.board) and not (self.hole and self.board):
            raise BulkArgumentError(
                f"hole and board go together, got hole={self.hole!r} board={self.board!r}"
            )
        if self.hole and len(self.hole) not in (1, 2):
            raise BulkArgumentError(f"hole takes 1 text column or 2 card columns, got {self.hole!r}")
        if self.board and not (len(self.board) == 1 or 3 <= len(self.board) <= 5):
            raise BulkArgumentError(f"board takes 1 text column or 3..5 card columns, got {self.board!r}")
        names = self.columns
        if len(set(names)) != len(names):
            twice = next(n for n in names if names.count(n) > 1)
            raise BulkArgumentError(f"column {twice!r} is named twice in {names!r}")

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
    """The card columns of a file from its column names (see ``holdem_eval.bulk``)."""
    lower = {n.lower(): n for n in names}
    if "hole" in lower and "board" in lower:
        return HandColumns(hole=(lower["hole"],), board=(lower["board"],))
    groups: dict[str, list[tuple[int, str]]] = {}
    for n in names:
        m = _NUMBERED.match(n)
        if m:
            groups.setdefault(m.group(1).lower(), []).append((int(m.group(2)), n))
    ordered = {k: tuple(n for _, n in sorted(v)) for k, v in groups.items()}
    hole, board = ordered.get("hole", ()), ordered.get("board", ())
    if len(hole) == 2 and 3 <= len(board) <= 5:
        return HandColumns(hole=hole, board=board)
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


def resolve_spec(
    source_names: Sequence[str],
    string_columns: Sequence[str],
    spec: HandColumns | None,
    keys: Sequence[str] | None,
    *,
    row_numbers: bool,
    describe: bool,
) -> tuple[HandColumns, list[str]]:
    """The card columns and the key columns of a job, checked against the input's names."""
    seen: set[str] = set()
    for name in source_names:
        if name in seen:
            raise ShapeError(
                f"the input has two columns named {name!r}; columns are {list(source_names)!r}: "
                "every column name must be unique"
            )
        seen.add(name)
    if spec is None:
        spec = guess_columns(source_names, string_columns)
    elif not isinstance(spec, HandColumns):
        raise DTypeError(
            f"columns must be a HandColumns (e.g. HandColumns(text='hand')) or None, got {spec!r}"
        )
    missing = [c for c in spec.columns if c not in seen]
    if missing:
        raise ShapeError(f"no column {missing[0]!r} in the input; columns are {list(source_names)!r}")
    if keys is None:
        key_list = [c for c in source_names if c not in spec.columns]
    else:
        if isinstance(keys, str):
            raise DTypeError(f"keys must be a sequence of column names, got {keys!r}")
        key_list = list(keys)
        twice = [c for c in key_list if key_list.count(c) > 1]
        if twice:
            raise BulkArgumentError(f"key column {twice[0]!r} is named twice in {key_list!r}")
        missing = [c for c in key_list if c not in seen]
        if missing:
            raise ShapeError(f"no key column {missing[0]!r} in the input; columns are {list(source_names)!r}")
    produced = (
        {"rank", "category"} | ({"row"} if row_numbers else set()) | ({"description"} if describe else set())
    )
    clash = [c for c in key_list if c in produced]
    if clash:
        raise ShapeError(
            f"key column {clash[0]!r} clashes with an output column ({', '.join(OUTPUT_NAMES)}); "
            "choose the key columns explicitly"
        )
    return spec, key_list


def is_list(t: Any) -> bool:
    pa = pa_module()
    return bool(pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t))


def _card_list(t: Any) -> bool:
    """A list of card texts or of card ids (one hand, hole or board per cell)."""
    pa = pa_module()
    v = t.value_type if is_list(t) else None
    if v is None:
        return False
    return bool(pa.types.is_string(v) or pa.types.is_large_string(v) or pa.types.is_integer(v))


def check_card_types(schema: Any, spec: HandColumns) -> None:
    """Refuse (``DTypeError``) a card column whose type holds neither card text nor card
    ids (a struct, binary, a date, a list of floats ...), before any row is read. A list of
    card texts or ids is a whole hand (``text``), hole or board in one column."""
    pa = pa_module()
    whole = {c for role, cols in spec.parts() if role != "cards" and len(cols) == 1 for c in cols}
    for name in spec.columns:
        t = schema.field(name).type
        if pa.types.is_dictionary(t):
            t = t.value_type
        if name in whole and _card_list(t):
            continue
        if not (
            pa.types.is_string(t)
            or pa.types.is_large_string(t)
            or pa.types.is_integer(t)
            or pa.types.is_floating(t)
            or pa.types.is_null(t)
        ):
            lists = (
                ", or a list of card texts or ids holding a whole hand, hole or board"
                if name in whole
                else ""
            )
            raise DTypeError(
                f"card column {name!r} has type {t}, expected card text (a string column such as "
                "'AhKh Qd 7c 2s') or card ids 0..51 (an integer column, one card per column)"
                + lists
            )


