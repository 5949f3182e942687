"""Writing imported hand histories as PHHS: each :class:`PhhHand`'s fields as a ``[k]`` table.

The fields are written as read (amounts as the site's decimals, names as printed), so
:func:`loads_phh` reads the text back to the same hands: the same actions, stacks, forced
bets, dead posts and settlement rules. Strings are TOML basic strings with every quote,
backslash and control character escaped, so any player or table name survives.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from ..phh.hand import PhhHand
from .record import HistoryError

__all__ = ["dumps_history", "history_table"]

# PHH's required and usual fields first, in the order of the spec; the rest as read
_FIRST = ("variant", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet",
          "starting_stacks", "actions", "finishing_stacks")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}


_NEEDS_ESCAPE = re.compile(r'[\x00-\x1f"\\\x7f]')


def _string(text: str) -> str:
    if _NEEDS_ESCAPE.search(text) is None:  # most names and every action: as they are
        return '"' + text + '"'
    out = []
    for c in text:
        if c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def _value(value: Any, where: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise HistoryError(f"{where}: cannot write {value!r} as PHH")
        return f"{value:f}"  # as read: '0.50', '25'; never an exponent
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, _dt.time):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join([_item(v, where) for v in value]) + "]"
    raise HistoryError(f"{where}: cannot write {value!r} as PHH")


def _item(value: Any, where: str) -> str:
    """An element of a list: :func:`_value`, the common types first."""
    kind = type(value)
    if kind is str:
        return _string(value)
    if kind is Decimal and value.is_finite():
        return f"{value:f}"
    if kind is int:
        return str(value)
    return _value(value, where)


def _table(fields: Mapping[str, Any], name: str) -> list[str]:
    keys = [k for k in _FIRST if k in fields] + [k for k in fields if k not in _FIRST]
    return [f"{key} = {_value(fields[key], f'{name}: {key}')}" for key in keys]


def dumps_history(hands: Iterable[PhhHand]) -> str:
    """The hands as PHHS text: ``[1]``, ``[2]``, ... tables of their fields.

    >>> from holdem_eval.engine import loads_phh
    >>> (h,) = loads_phh("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
    ...                  "min_bet = 2\\nstarting_stacks = [200, 200]\\n"
    ...                  "actions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 f']\\n"
    ...                  "players = ['a \\"b\\"', 'c']")
    >>> print(dumps_history([h]), end="")
    [1]
    variant = "NT"
    antes = [0, 0]
    blinds_or_straddles = [1, 2]
    min_bet = 2
    starting_stacks = [200, 200]
    actions = ["d dh p1 AhKh", "d dh p2 7c2d", "p2 f"]
    players = ["a \\"b\\"", "c"]
    """
    return "\n".join(f"[{k}]\n" + history_table(hand)
                     for k, hand in enumerate(hands, start=1))


def history_table(hand: PhhHand) -> str:
    """One hand's fields as PHH text: a ``.phh`` file, or the body of a ``[k]`` table."""
    return "\n".join(_table(hand.fields, hand.name)) + "\n"
