"""Constants and helpers shared by the modules of the Python reference hand.

:class:`hand_reference.ReferenceHand` is built from mixins in hand_reference_start.py,
hand_reference_betting.py and hand_reference_showdown.py; the street indexes, seat orders,
the ``_acted`` marker and the card parsing they all use are defined once, here.
"""

from __future__ import annotations

from collections.abc import Sequence

from holdem_eval.engine.config import ConfigError
from holdem_eval.engine.dealing import parse_cards_text

_PREFLOP, _FLOP, _TURN, _RIVER, _SHOWDOWN = 0, 1, 2, 3, 4
# _SEATS_AFTER[n][i]: the other seats of an n-seat table clockwise from the one left of i
_SEATS_AFTER = [
    tuple(tuple((i + d) % n for d in range(1, n)) for i in range(n)) for n in range(11)
]
_SEATS_FROM = [tuple((i, *after) for i, after in enumerate(row)) for row in _SEATS_AFTER]

_INT_ONLY = {int}
# ``_acted[seat]`` is the current bet the seat last acted at, -1 before it acts in the
# round, and _DONE once it folded or is all-in: "must act" is then just acted < cur_bet
_DONE = 1 << 62
_new_tuple = tuple.__new__  # builds NamedTuple values without the Python-level __new__

_RawEvent = tuple[str, int, int, tuple[int, ...]]
_SHOWDOWN_MARK = "_showdown"  # expanded into show/muck events when the log is read


def _to_cards(value: str | Sequence[int], what: str) -> list[int]:
    if isinstance(value, str):
        return parse_cards_text(value)
    cards = list(value)
    if cards and set(map(type, cards)) == _INT_ONLY and min(cards) >= -1 and max(cards) <= 51:
        return cards
    for c in cards:
        if not isinstance(c, int) or isinstance(c, bool) or not -1 <= c <= 51:
            raise ConfigError(f"{what} has card {c!r}; expected card ids 0..51 (or -1 unknown)")
    return cards
