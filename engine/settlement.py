"""What a settlement reports: the pots, the hands shown, the payouts, and their explanation.

Value types only; :func:`holdem_eval.engine.settle` fills them from the settlement kernel's
record (csrc/api/settle.h), building ``pots``, ``ranks``, ``returned`` and ``hands`` on
first access.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from holdem_eval import HandCategory, best_five, best_five_omaha, describe, hand_category
from holdem_eval._variant_faces import SHORT_RULES
from holdem_eval.variants import VARIANTS

__all__ = ["Pot", "SeatHand", "Settlement", "ShowdownOrder", "from_detail"]


class Pot(NamedTuple):
    """One pot as settled. The main pot is ``Settlement.pots[0]``."""

    amount: int
    """Chips in the pot before rake."""
    eligible: tuple[int, ...]
    """Live seats that may win it (ascending)."""
    winners: tuple[int, ...]
    """Seats that won it (ascending); a split when more than one."""
    shares: tuple[int, ...]
    """Chips each winner receives, aligned with ``winners``; sums to ``amount - rake``."""
    rank: int | None
    """The winning hand rank (Cactus Kev, lower is stronger); ``None`` without a showdown."""
    rake: int
    """Chips the house took from this pot."""


class SeatHand(NamedTuple):
    """A live seat's hand at showdown."""

    seat: int
    rank: int
    category: HandCategory
    best_five: tuple[int, ...]
    """Card ids of the best five, made part first, then kickers."""
    description: str
    """E.g. ``'Two Pair, Kings and Fives, Ace kicker'``."""


class ShowdownOrder(NamedTuple):
    """Who shows when, and who may muck instead."""

    order: tuple[int, ...]
    """Live seats in the order they show."""
    muckable: tuple[int, ...]
    """Seats (in showing order) that cannot win any pot they are eligible for once the
    hands before them are shown; empty unless ``ranks`` and ``contributions`` are given."""



class Settlement:
    """The outcome of one hand (immutable).

    Chips are conserved: ``sum(payouts) + rake == sum(contributions)``.

    ``pots``, ``ranks``, ``returned`` and ``hands`` are built on first access from the
    kernel's compact record (they are what explains the payouts; a game server applying
    chips only needs ``payouts`` and ``rake``). Two settlements are equal when payouts,
    rake, pots, returned chips, contributions, ranks and ``showdown`` are.
    """

    __slots__ = ("_board", "_cards", "_detail", "_hands", "_hole_len", "_pots", "_ranks",
                 "_returned", "_variant", "contributions", "payouts", "rake", "showdown")

    payouts: tuple[int, ...]
    """Chips each seat takes back: pot shares plus any returned uncalled chips."""
    rake: int
    """Chips the house took."""
    contributions: tuple[int, ...]
    """Per seat, the chips put in, as given."""
    showdown: bool
    """False when everyone else folded: the last live seat took the pot unseen."""
    _pots: tuple[Pot, ...] | None
    _returned: tuple[int, ...] | None
    _ranks: tuple[int | None, ...] | None
    _hands: tuple[SeatHand | None, ...] | None
    _detail: list[int]
    _cards: bytes
    _hole_len: int
    _board: bytes
    _variant: str

    def __init__(
        self,
        payouts: tuple[int, ...],
        rake: int,
        pots: tuple[Pot, ...],
        returned: tuple[int, ...],
        contributions: tuple[int, ...],
        ranks: tuple[int | None, ...],
        showdown: bool,
        cards: bytes = b"",
        hole_len: int = 2,
        board: bytes = b"",
        variant: str = "holdem",
    ) -> None:
        """``cards``: hole card ids, ``hole_len`` per seat, 255 where unknown."""
        _init = object.__setattr__
        _init(self, "payouts", payouts)
        _init(self, "rake", rake)
        _init(self, "_pots", pots)
        _init(self, "_returned", returned)
        _init(self, "contributions", contributions)
        _init(self, "_ranks", ranks)
        _init(self, "showdown", showdown)
        _init(self, "_cards", cards)
        _init(self, "_hole_len", hole_len)
        _init(self, "_board", board)
        _init(self, "_variant", variant)
        _init(self, "_detail", [])
        _init(self, "_hands", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Settlement is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Settlement is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Settlement, (self.payouts, self.rake, self.pots, self.returned,
                             self.contributions, self.ranks, self.showdown, self._cards,
                             self._hole_len, self._board, self._variant))

    def _key(self) -> tuple[Any, ...]:
        return (self.payouts, self.rake, self.pots, self.returned, self.contributions,
                self.ranks, self.showdown)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settlement):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Settlement(payouts={self.payouts!r}, rake={self.rake!r}, pots={self.pots!r}, "
                f"returned={self.returned!r}, contributions={self.contributions!r}, "
                f"ranks={self.ranks!r}, showdown={self.showdown!r})")

    @property
    def pots(self) -> tuple[Pot, ...]:
        """Main pot first, then side pots."""
        if self._pots is None:
            object.__setattr__(self, "_pots", _pots_from_detail(self._detail, len(self.payouts)))
        assert self._pots is not None
        return self._pots

    @property
    def returned(self) -> tuple[int, ...]:
        """Per seat, the unmatched part of the largest contribution given back (not a win)."""
        if self._returned is None:
            object.__setattr__(self, "_returned", tuple(self._detail[:len(self.payouts)]))
        assert self._returned is not None
        return self._returned

    @property
    def ranks(self) -> tuple[int | None, ...]:
        """Per seat, the hand rank at showdown; ``None`` for folded seats or without a
        showdown."""
        if self._ranks is None:
            seats = len(self.payouts)
            ranks = tuple([r or None for r in self._detail[seats:2 * seats]])
            object.__setattr__(self, "_ranks", ranks)
        assert self._ranks is not None
        return self._ranks

    @property
    def net(self) -> tuple[int, ...]:
        """Per seat, chips won (positive) or lost (negative) in this hand."""
        return tuple(p - c for p, c in zip(self.payouts, self.contributions))

    @property
    def hands(self) -> tuple[SeatHand | None, ...]:
        """Per seat, its hand at showdown (``None`` for folded seats or without a showdown)."""
        if self._hands is None:
            object.__setattr__(self, "_hands", self._make_hands())
        assert self._hands is not None
        return self._hands

    def _make_hands(self) -> tuple[SeatHand | None, ...]:
        out: list[SeatHand | None] = []
        width = self._hole_len
        board = tuple(self._board)
        for seat, rank in enumerate(self.ranks):
            hole = tuple(c for c in self._cards[seat * width:(seat + 1) * width] if c != 255)
            if rank is None or not hole:
                out.append(None)
                continue
            five = _best_five(hole, board, self._variant)
            scale = self._variant if self._variant in SHORT_RULES else "holdem"  # rank scale
            category = hand_category(rank, scale)
            out.append(SeatHand(seat, rank, category, five, _describe(rank, scale)))
        return tuple(out)

    def pot_name(self, index: int) -> str:
        """``'the main pot'``, ``'the side pot'`` or ``'side pot 2'``..."""
        if index == 0:
            return "the main pot"
        if len(self.pots) == 2:
            return "the side pot"
        return f"side pot {index}"

    def explain(self, names: Sequence[str] | None = None) -> list[str]:
        """One line per pot winner, e.g.
        ``'Ben wins the side pot of 400 with Two Pair, Kings and Fives, Ace kicker'``.

        When a pot was decided by a kicker against the best losing hand in it, the line
        says so.
        """
        def name(seat: int) -> str:
            return names[seat] if names is not None else f"Seat {seat}"

        lines: list[str] = []
        for seat, amount in enumerate(self.returned):
            if amount:
                lines.append(f"{name(seat)} takes back {amount} uncalled")
        for index, pot in enumerate(self.pots):
            where = self.pot_name(index)
            if not self.showdown:
                lines.append(f"{name(pot.winners[0])} wins {where} of {pot.amount} unseen")
                continue
            hands = self.hands
            winner_hand = hands[pot.winners[0]]
            assert winner_hand is not None
            what = winner_hand.description
            if len(pot.winners) > 1:
                who = ", ".join(name(s) for s in pot.winners)
                shares = ", ".join(str(x) for x in pot.shares)
                lines.append(f"{who} split {where} of {pot.amount} ({shares}) with {what}")
                continue
            line = f"{name(pot.winners[0])} wins {where} of {pot.amount} with {what}"
            decided = _decided_by(winner_hand, [hands[s] for s in pot.eligible
                                                if s not in pot.winners])
            if decided:
                line += f" ({decided})"
            lines.append(line)
        if self.rake:
            lines.append(f"Rake {self.rake}")
        return lines


# Made-part length per category: cards after it in best_five are kickers.
_MADE_LENGTH = {
    HandCategory.STRAIGHT_FLUSH: 5,
    HandCategory.FOUR_OF_A_KIND: 4,
    HandCategory.FULL_HOUSE: 5,
    HandCategory.FLUSH: 5,
    HandCategory.STRAIGHT: 5,
    HandCategory.THREE_OF_A_KIND: 3,
    HandCategory.TWO_PAIR: 4,
    HandCategory.ONE_PAIR: 2,
    HandCategory.HIGH_CARD: 1,
}
_RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
               "Jack", "Queen", "King", "Ace")


def _decided_by(winner: SeatHand, losers: Sequence[SeatHand | None]) -> str:
    """'kicker: Ace beats Queen' when the best losing hand differs only in a kicker."""
    best = min((h for h in losers if h is not None), key=lambda h: h.rank, default=None)
    if best is None or best.category != winner.category:
        return ""
    made = _MADE_LENGTH[winner.category]
    for k, (a, b) in enumerate(zip(winner.best_five, best.best_five)):
        if a >> 2 != b >> 2:
            if k < made:
                return ""
            return f"kicker: {_RANK_NAMES[a >> 2]} beats {_RANK_NAMES[b >> 2]}"
    return ""


def _best_five(hole: tuple[int, ...], board: tuple[int, ...], variant: str) -> tuple[int, ...]:
    """The five cards that make the hand, in display order (holdem_eval.best_five's choice)."""
    if VARIANTS[variant].hole_used == 0:  # Hold'em, short deck: the best five of all
        return best_five(hole + board, "holdem" if variant not in SHORT_RULES else variant)
    return best_five_omaha(hole, board)


def _describe(rank: int, scale: str = "holdem") -> str:
    text = _DESCRIPTIONS.get((rank, scale))
    if text is None:
        text = _DESCRIPTIONS[rank, scale] = describe(rank, scale)
    return text


_DESCRIPTIONS: dict[tuple[int, str], str] = {}


# Seat bit mask -> ascending seat tuple.
_MASK_SEATS: dict[int, tuple[int, ...]] = {}


def _seats_of(mask: int) -> tuple[int, ...]:
    seats = _MASK_SEATS.get(mask)
    if seats is None:
        seats = tuple(s for s in range(mask.bit_length()) if mask >> s & 1)
        _MASK_SEATS[mask] = seats
    return seats


def _pots_from_detail(detail: list[int], seats: int) -> tuple[Pot, ...]:
    """Pots from the kernel's record (layout in csrc/api/settle.h)."""
    pots = []
    stride = 5 + seats
    for offset in range(2 * seats + 2, len(detail), stride):
        amount, rake, eligible, winners_mask, rank = detail[offset:offset + 5]
        winners = _seats_of(winners_mask)
        pots.append(tuple.__new__(Pot, (
            amount, _seats_of(eligible), winners,
            tuple([detail[offset + 5 + w] for w in winners]), rank or None, rake,
        )))
    return tuple(pots)


def from_detail(
    detail: list[int], contributions: Sequence[int], showdown: bool, cards: bytes,
    hole_len: int, board: bytes, variant: str,
) -> Settlement:
    """A Settlement over the kernel's output: ``payouts`` then its ``detail`` record."""
    seats = len(contributions)
    settlement = object.__new__(Settlement)
    _init = object.__setattr__
    _init(settlement, "payouts", tuple(detail[:seats]))
    _init(settlement, "rake", detail[3 * seats])
    _init(settlement, "contributions", tuple(contributions))
    _init(settlement, "showdown", showdown)
    _init(settlement, "_detail", detail[seats:])
    _init(settlement, "_pots", None)
    _init(settlement, "_returned", None)
    _init(settlement, "_ranks", None)
    _init(settlement, "_hands", None)
    _init(settlement, "_cards", cards)
    _init(settlement, "_hole_len", hole_len)
    _init(settlement, "_board", board)
    _init(settlement, "_variant", variant)
    return settlement
