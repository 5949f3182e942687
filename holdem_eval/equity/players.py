"""The players and cards of :func:`holdem_eval.equity`, as the equity kernels take them.

Private to ``equity``: one player's text, :class:`~holdem_eval.Range` or cards becomes a
:class:`Player` (combo rows and weights), and ranges become the arrays the kernels read
(every combo of a random player, Walker alias tables). Card text is parsed by
:mod:`holdem_eval.cards` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Union

import numpy as np
from numpy.typing import NDArray

from ..cards import CardsLike, format_cards, parse_cards
from ..errors import DuplicateCardError, InvalidCardError, NoValidDealError, ShapeError
from ..ranges import Range
from ..variants import DECK_SIZE, VARIANTS

__all__ = [
    "Player",
    "PlayerLike",
    "alias_table",
    "alias_tables",
    "all_combos",
    "card_mask",
    "cards_text",
    "claim_cards",
    "narrow_ranges",
    "parse_player",
]

PlayerLike = Union[str, Range, Sequence[int], Sequence[str]]


@dataclass
class Player:
    """One player as the kernels see it (``equity`` narrows ``combos`` and ``weights`` to
    the combos the board, dead cards and exact hands leave)."""

    label: str
    combos: NDArray[np.uint8]  # (k, hole size); empty for "random"
    weights: NDArray[np.float64]  # (k,)
    random: bool
    exact: bool  # one fixed hand


def _is_random_text(entry: object) -> bool:
    return isinstance(entry, str) and entry.strip().lower() in ("random", "any")


def cards_text(cards: CardsLike) -> NDArray[np.uint8]:
    """Card ids of a board or dead-card argument; blank text is no cards."""
    if isinstance(cards, str) and not cards.strip():
        return np.zeros(0, dtype=np.uint8)
    return parse_cards(cards)  # rejects repeated cards


def parse_player(i: int, entry: PlayerLike, variant: str) -> Player:
    """Player ``i``: exact hole cards, a range (Hold'em) or ``"random"``. The caller has
    refused a :class:`~holdem_eval.Range` for Omaha."""
    sizes = VARIANTS[variant].hole_counts  # Hold'em 2; Omaha 4..6, or the one of omaha5 ...
    empty = np.zeros((0, sizes[0]), dtype=np.uint8)
    none = np.zeros(0, dtype=np.float64)
    if _is_random_text(entry):
        return Player("random", empty, none, True, False)
    if isinstance(entry, Range):
        return _range_player(entry, entry.text)
    if VARIANTS[variant].hole_used or not isinstance(entry, str):
        cards = parse_cards(entry)
        if cards.size not in sizes:
            want = ("4 cards (5 or 6 for big-O)" if variant == "omaha"
                    else f"{sizes[0]} cards" + ("" if variant == "holdem" else f" for {variant}"))
            raise ShapeError(f"player {i} must hold {want}, got {cards.size}: {entry!r}")
        return Player(format_cards(cards), cards.reshape(1, -1), np.ones(1), False, True)
    try:
        two = parse_cards(entry)
    except (InvalidCardError, DuplicateCardError):
        two = np.zeros(0, dtype=np.uint8)
    if two.size == 2:
        return Player(format_cards(two), two.reshape(1, 2), np.ones(1), False, True)
    return _range_player(Range(entry), entry)  # "AsKs, AhKh", "QQ+": ranges


def _range_player(r: Range, label: str) -> Player:
    if r.is_random:
        return Player(label.strip(), np.zeros((0, 2), dtype=np.uint8), np.zeros(0), True, False)
    wc = r.weighted_combos()
    combos = np.array([c for c, _ in wc], dtype=np.uint8).reshape(-1, 2)
    weights = np.array([w for _, w in wc], dtype=np.float64)
    return Player(label.strip(), combos, weights, False, len(wc) == 1 and weights[0] == 1.0)


def claim_cards(players: Sequence[Player], board: NDArray[np.uint8],
                dead: NDArray[np.uint8]) -> int:
    """The mask of the cards out: board, dead cards and exact hands; DuplicateCardError
    naming both places when a card is in two."""
    taken: dict[int, str] = {}
    for what, cards in [("board", board), ("dead cards", dead)] + [
        (f"player {i} ({p.label})", p.combos[0]) for i, p in enumerate(players) if p.exact
    ]:
        for c in cards.tolist():
            if c in taken:
                raise DuplicateCardError(
                    f"card {format_cards([c])!r} is in both {taken[c]} and {what}")
            taken[c] = what
    return sum(1 << c for c in taken)


def narrow_ranges(players: Sequence[Player], out: int) -> None:
    """Each range keeps the combos that avoid the cards ``out`` (a mask), its weights made
    relative to its largest (so no product of weights underflows); NoValidDealError naming
    the player when none is left."""
    for i, p in enumerate(players):
        if p.random or p.exact:
            continue
        keep = np.array([(card_mask(row) & out) == 0 for row in p.combos], dtype=bool)
        p.combos, p.weights = p.combos[keep], p.weights[keep]
        if not keep.any():
            raise NoValidDealError(
                f"player {i}'s range {p.label!r} has no combo left once the board, dead "
                "cards and other players' hands are removed")
        p.weights = p.weights / p.weights.max()


def card_mask(cards: NDArray[np.uint8]) -> int:
    """The 52-bit mask of card ids."""
    m = 0
    for c in cards.tolist():
        m |= 1 << c
    return m


def all_combos(board: NDArray[np.uint8], dead: NDArray[np.uint8], low: int = 0) -> NDArray[np.uint8]:
    """Every two-card combo of cards low..51 left once the board and dead cards are out: a
    random player's range for exact enumeration."""
    out = card_mask(board) | card_mask(dead)
    rows = [(a, b) for a in range(low, DECK_SIZE) for b in range(low, a)
            if not (out >> a & 1 or out >> b & 1)]
    return np.array(rows, dtype=np.uint8).reshape(-1, 2)


def alias_tables(players: Sequence[Player], offsets: NDArray[np.uint32],
                 ) -> tuple[NDArray[np.uint32] | None, NDArray[np.uint64] | None]:
    """The Monte Carlo kernels' alias / thresh arrays of all the players' rows (player p's
    rows start at ``offsets[p]``), or (None, None) when every weight is 1."""
    if all((p.weights == 1.0).all() for p in players):
        return None, None
    al, th = [], []
    for i, p in enumerate(players):
        a, t = alias_table(p.weights) if len(p.combos) else (
            np.zeros(0, dtype=np.uint32), np.zeros(0, dtype=np.uint64))
        al.append(a + offsets[i])
        th.append(t)
    return (np.ascontiguousarray(np.concatenate(al), dtype=np.uint32),
            np.ascontiguousarray(np.concatenate(th), dtype=np.uint64))


def alias_table(weights: NDArray[np.float64]) -> tuple[NDArray[np.uint32], NDArray[np.uint64]]:
    """Walker/Vose alias table: (alias index, keep threshold out of 2**32) per row."""
    k = len(weights)
    prob = weights * (k / weights.sum())
    alias = np.arange(k, dtype=np.uint32)
    thresh = np.full(k, 1 << 32, dtype=np.uint64)
    small = [i for i in range(k) if prob[i] < 1.0]
    large = [i for i in range(k) if prob[i] >= 1.0]
    while small and large:
        s, g = small.pop(), large.pop()
        thresh[s] = int(prob[s] * (1 << 32))
        alias[s] = g
        prob[g] -= 1.0 - prob[s]
        (small if prob[g] < 1.0 else large).append(g)
    return alias, thresh
