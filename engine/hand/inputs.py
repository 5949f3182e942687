"""What Hand converts before the kernel sees it: card text and ids, hole cards, extra
posts, the game's configuration as the kernel's numbers, and the kernel's blind seats.
Conversions and their errors only; every rule is in the C hand state machine (csrc/hand*.c)."""

from __future__ import annotations

import struct
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from holdem_eval._bindings import HAND_CONSTANTS, hand_blind_seats, pack_hand_config
from holdem_eval.cards import parse_cards
from holdem_eval.variants import VARIANTS

from ..config import GameConfig
from ..dealing import UNKNOWN_CARD, format_cards, parse_cards_text
from ..errors import ConfigError, HoleCardsShapeError
from ..rules import Rules

__all__ = [
    "blind_seats", "card_text", "hole_ids", "kernel_config", "kernel_settings", "post_lists", "to_cards",
]

_INT_ONLY = {int}


def to_cards(value: str | Sequence[int], what: str) -> list[int]:
    """Card text (cards.py's notation) or ids as ids; a bad id is a ConfigError naming
    ``what``. Ids may be numpy integers; anything else cards are accepted as elsewhere in
    the library (bytes, eval7 and PokerKit cards) goes through ``holdem_eval.parse_cards``."""
    if isinstance(value, str):
        return parse_cards_text(value)
    if isinstance(value, (bytes, bytearray)):  # ASCII card text, never ids
        return [int(c) for c in parse_cards(value)]
    cards = list(value)
    if cards and set(map(type, cards)) == _INT_ONLY and min(cards) >= -1 and max(cards) <= 51:
        return cards
    if not all(isinstance(c, (int, np.integer)) for c in cards):
        return [int(c) for c in parse_cards(value)]  # duck-typed cards: eval7, PokerKit
    for c in cards:
        if isinstance(c, (bool, np.bool_)) or not -1 <= c <= 51:
            raise ConfigError(f"{what} has card {c!r}; expected card ids 0..51 (or -1 unknown)")
    return [int(c) for c in cards]


_CONFIGS: dict[tuple[int, int, bool, bool, int], tuple[Any, Any, bytes]] = {}
MAX_RUNS: int = HAND_CONSTANTS["MAX_RUNS"]  # HE_HAND_MAX_RUNS (csrc/api/hand.h)
_DOUBLE, _DOUBLE_BITS = struct.Struct("=d"), struct.Struct("=q")
_NO_RAKE = Fraction(0)


def kernel_settings(
    config: GameConfig, rules: Rules | None, manual: bool, no_small_blind: bool = False,
    max_runs: int = 1,
) -> dict[str, Any]:
    """The game as the kernel's settings, by the names of csrc/hand_state.h's list
    (``no_small_blind``: the dead-button rule's hand without a small blind)."""
    pokerkit = rules is not None and rules.method == "pokerkit"
    rate = _NO_RAKE if rules is None else rules.rate
    return {
        "small_blind": config.small_blind, "big_blind": config.big_blind, "ante": config.ante,
        "big_blind_ante": config.big_blind_ante, "straddle": config.straddle,
        "street_sizes": config.street_sizes,
        "max_bets": -1 if config.max_bets is None else config.max_bets,
        "rate_num": 0 if pokerkit else rate.numerator,
        "rate_den": 1 if pokerkit else rate.denominator,
        "rate_bits": _DOUBLE_BITS.unpack(_DOUBLE.pack(float(rate)))[0],  # PokerKit's float
        "rake_cap": -1 if rules is None or rules.rake_cap is None else rules.rake_cap,
        "variant": VARIANTS[config.variant].code, "hole_count": config.hole_count,
        "betting": config.betting_code,
        "mode": int(config.mode == "tournament"),  # HE_MODE_CASH 0, HE_MODE_TOURNAMENT 1
        "blind_counts_toward_cap": int(config.blind_counts_toward_cap),
        "allow_free_fold": int(config.allow_free_fold), "manual_showdown": int(manual),
        "settle_method": int(pokerkit),  # HE_SETTLE_TDA 0, HE_SETTLE_POKERKIT 1
        "odd_chips": int(rules is not None and rules.odd_chips == "first_winner"),
        "no_flop_no_drop": int(rules is not None and rules.no_flop_no_drop),
        "button_blind": int(config.button_blind),
        "no_small_blind": int(no_small_blind),
        "max_runs": max_runs,
    }


def kernel_config(config: GameConfig, rules: Any, manual: bool, no_small_blind: bool = False,
                  max_runs: int = 1) -> bytes:
    """The kernel's he_hand_config, packed (cached per game)."""
    if no_small_blind.__class__ is not bool:
        raise ConfigError(f"no_small_blind must be a bool, got {no_small_blind!r}")
    if max_runs.__class__ is not int or not 1 <= max_runs <= MAX_RUNS:
        raise ConfigError(f"max_runs must be an int 1..{MAX_RUNS} (1: the board runs once), got"
                          f" {max_runs!r}")
    key = (id(config), id(rules), manual, no_small_blind, max_runs)
    entry = _CONFIGS.get(key)
    if entry is not None and entry[0] is config and entry[1] is rules:
        return entry[2]
    if rules is not None and not isinstance(rules, Rules):
        raise ConfigError(f"rules must be a Rules or None, got {rules!r}")
    if not isinstance(manual, bool):
        raise ConfigError(f"manual_showdown must be a bool, got {manual!r}")
    packed = pack_hand_config(kernel_settings(config, rules, manual, no_small_blind, max_runs))
    if len(_CONFIGS) >= 4096:  # games in play at once: a replay of thousands of files
        _CONFIGS.clear()
    _CONFIGS[key] = (config, rules, packed)
    return packed


kernel_config(GameConfig(), None, False)  # the two lists of settings agree, or fail at import


def hole_ids(
    hole_cards: Sequence[str | Sequence[int] | None], n: int, hc: int
) -> list[list[int]]:
    """Every seat's hole cards as ids (None: unknown), or the error saying what is wrong."""
    if len(hole_cards) != n:
        raise HoleCardsShapeError(
            f"hole_cards needs one entry per seat ({n}), got {len(hole_cards)}"
        )
    holes: list[list[int]] = []
    for seat, entry in enumerate(hole_cards):
        cards = [UNKNOWN_CARD] * hc if entry is None else to_cards(entry, f"seat {seat}")
        if len(cards) != hc:
            raise HoleCardsShapeError(
                f"seat {seat} needs {hc} hole cards, got {len(cards)}: {entry!r}"
            )
        holes.append(cards)
    return holes


def post_lists(posts: Mapping[Any, Any], n: int) -> tuple[list[int], list[int]]:
    """``Hand(posts=...)`` as the kernel's per-seat live and dead chips."""
    if not isinstance(posts, Mapping):
        raise ConfigError(
            f"posts must be a mapping of seat -> (live, dead) chips such as {{0: (2, 0)}},"
            f" got {posts!r}"
        )
    live, dead = [0] * n, [0] * n
    for seat, post in posts.items():
        pair = list(post) if isinstance(post, (tuple, list)) else []
        if (
            seat.__class__ is not int
            or not 0 <= seat < n
            or len(pair) != 2
            or {v.__class__ for v in pair} != _INT_ONLY
        ):
            raise ConfigError(
                f"bad post for seat {seat!r}: {post!r}; expected a seat 0..{n - 1}"
                " and (live, dead) whole chips"
            )
        live[seat], dead[seat] = pair
    return live, dead


def card_text(card: int) -> str:
    """A card named in an error message (as ids outside 0..51 stay numbers)."""
    return format_cards([card]) if -1 <= card <= 51 else str(card)


def blind_seats(seats: int, button: int) -> tuple[int, int]:
    """``(small blind seat, big blind seat)`` of a hand of ``seats`` with ``button``: the
    two seats left of the button; heads-up the button posts the small blind.

    >>> blind_seats(6, 5), blind_seats(2, 1)
    ((0, 1), (1, 0))
    """
    pair = hand_blind_seats(seats, button)
    if pair is None:
        raise ConfigError(f"blinds need 2..10 seats and a button seat, got {seats!r}, {button!r}")
    return pair
