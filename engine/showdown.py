"""Settle one hand: evaluate the live hands, build the pots, award them, take the rake.

``settle`` is the single entry point; it never mutates its arguments and raises a
:class:`holdem_eval.HoldemEvalError` subclass (also a ``ValueError``/``TypeError``)
for any bad input. The rules it follows are in :mod:`holdem_eval.engine.rules`
(odd chips, rake) and :mod:`holdem_eval.engine.pots` (main and side pots).

>>> s = settle([100, 300, 300], ["AsAd", "KsKd", "QsQd"], "2c7d9hTcJh",
...            folded=[False, False, False], button=2)
>>> s.payouts, s.rake
((300, 400, 0), 0)
>>> [(p.amount, p.eligible, p.winners) for p in s.pots]
[(300, (0, 1, 2), (0,)), (400, (1, 2), (1,))]
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, NamedTuple, Union

from holdem_eval import (
    DTypeError,
    DuplicateCardError,
    HandCategory,
    HoldemEvalError,
    InvalidCardError,
    ShapeError,
    best_five,
    best_five_omaha,
    describe,
    evaluate_omaha,
    format_cards,
    hand_category,
    parse_cards,
)
from holdem_eval import _bindings as _native
from holdem_eval._bindings import eval7
from holdem_eval.cards import RANK_CHARS, SUIT_CHARS, card_text, parse_card

from .config import ConfigError
from .pots import InvalidChipsError, coerce_chips, form_pots, odd_chip_order, split_pot, uncalled_return
from .rules import Rules

__all__ = [
    "InvalidSeatError",
    "Pot",
    "SeatHand",
    "Settlement",
    "ShowdownOrder",
    "settle",
    "showdown_order",
]

CardsInput = Union[str, Sequence[Any], None]

DEFAULT_RULES = Rules()

_HOLE_COUNT = {"holdem": (2,), "omaha": (4, 5, 6)}


class InvalidSeatError(HoldemEvalError, ValueError):
    """A seat index out of range, a live seat without cards, or no live seat at all."""


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


_UNSET: Any = object()


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
            category = hand_category(rank)
            out.append(SeatHand(seat, rank, category, five, _describe(rank)))
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
    return best_five(hole + board) if variant == "holdem" else best_five_omaha(hole, board)


def _describe(rank: int) -> str:
    text = _DESCRIPTIONS.get(rank)
    if text is None:
        text = _DESCRIPTIONS[rank] = describe(rank)
    return text


_DESCRIPTIONS: dict[int, str] = {}


def _token_table() -> dict[str, int]:
    """Every two-character card token :func:`holdem_eval.parse_card` accepts ("Ah",
    "ah", "AH", "tD"), mapped to its id by that function: the fast text paths below
    look tokens up here, so card text has one meaning, the one cards.py gives it."""
    table: dict[str, int] = {}
    for rank in RANK_CHARS + RANK_CHARS.lower():
        for suit in SUIT_CHARS + SUIT_CHARS.upper():
            try:
                table[rank + suit] = parse_card(rank + suit)
            except HoldemEvalError:
                continue
    return table


_TOKENS = _token_table()


def _card_ids(value: Any, where: str) -> tuple[int, ...]:
    """Card ids of ``value`` (text or ids), with errors naming ``where``."""
    if isinstance(value, str):
        text = value.replace(" ", "") if " " in value else value
        if not len(text) & 1:
            try:
                return tuple([_TOKENS[text[i:i + 2]] for i in range(0, len(text), 2)])
            except KeyError:
                pass
    elif isinstance(value, (tuple, list)) and all(
        type(c) is int and 0 <= c < 52 for c in value
    ):
        return tuple(value)
    try:
        return tuple(parse_cards(value, allow_duplicates=True).tolist())
    except HoldemEvalError as error:
        raise type(error)(f"{where}: {error}") from None
    except TypeError as error:
        raise InvalidCardError(f"{where} must be cards as text or ids, got {value!r}") from error


def _mask_of(cards: tuple[int, ...], mask: int, where: str, owners: dict[int, str]) -> int:
    for card in cards:
        bit = 1 << card
        if mask & bit:
            other = owners.get(card, where)
            places = f"in {where}" if other == where else f"in {other} and in {where}"
            raise DuplicateCardError(
                f"card {format_cards([card])!r} appears twice: {places}"
            )
        mask |= bit
        owners[card] = where
    return mask


def _seat(value: Any, name: str, seat_count: int) -> int:
    if isinstance(value, bool):
        raise InvalidSeatError(f"{name} must be a seat index 0..{seat_count - 1}, got {value!r}")
    try:
        seat = operator.index(value)
    except TypeError:
        raise InvalidSeatError(
            f"{name} must be a seat index 0..{seat_count - 1}, got {value!r}"
        ) from None
    if not 0 <= seat < seat_count:
        raise InvalidSeatError(f"{name} must be a seat index 0..{seat_count - 1}, got {value!r}")
    return seat


def _folded_flags(folded: Sequence[Any], seat_count: int) -> list[bool]:
    try:
        count = len(folded)
    except TypeError:
        raise ShapeError(
            f"folded must be a sequence of {seat_count} bools, got {folded!r}"
        ) from None
    if count != seat_count:
        raise ShapeError(
            f"folded must have one flag per seat ({seat_count}), got {count}: {folded!r}"
        )
    flags = []
    for seat, flag in enumerate(folded):
        if flag is True or flag is False:
            flags.append(flag)
        elif type(flag).__name__ == "bool_" or flag in (0, 1):
            flags.append(bool(flag))
        else:
            raise ShapeError(f"folded[{seat}] must be a bool, got {flag!r}")
    return flags


_VARIANT_CODES = {"holdem": 0, "omaha": 1}
_INT64_LIMIT = 1 << 63
# Rules -> he_settle_rules, keyed by id() and holding the Rules so the id stays unique.
_NATIVE_RULES: dict[int, tuple[Rules, object]] = {}
# Seat bit mask -> ascending seat tuple.
_MASK_SEATS: dict[int, tuple[int, ...]] = {}


def _native_rules(rules: Rules) -> object | None:
    entry = _NATIVE_RULES.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    rate = rules.rate
    cap = -1 if rules.rake_cap is None else rules.rake_cap
    pokerkit = rules.method == "pokerkit"
    if cap >= _INT64_LIMIT or (not pokerkit and rate.denominator > 1 << 31):
        return None  # beyond the kernel's integer ranges: the Python path settles it
    native = _native.settle_rules(
        1 if pokerkit else 0,
        0 if rules.odd_chips == "clockwise" else 1,
        rules.no_flop_no_drop,
        0 if pokerkit else rate.numerator,
        1 if pokerkit else rate.denominator,
        float(rate),
        cap,
    )
    if len(_NATIVE_RULES) >= 256:
        _NATIVE_RULES.clear()
    _NATIVE_RULES[id(rules)] = (rules, native)
    return native


def _seats_of(mask: int) -> tuple[int, ...]:
    seats = _MASK_SEATS.get(mask)
    if seats is None:
        seats = tuple(s for s in range(mask.bit_length()) if mask >> s & 1)
        _MASK_SEATS[mask] = seats
    return seats


def _fast_bytes(value: Any) -> bytes | None:
    """Card ids of text (``"AhKd"``, ``"ah kd"``) or a list/tuple of ids 0..51 as
    bytes; None for anything else (the Python path then parses or rejects it)."""
    if type(value) is str:
        try:
            if len(value) == 10:  # a canonical full board, e.g. "2c7d9hTcJh"
                return _HOLE_BYTES[value[:4]] + _HOLE_BYTES[value[4:8]] + _CARD_BYTES[value[8:]]
            return _HOLE_BYTES[value]
        except KeyError:
            pass
        if " " in value:
            value = value.replace(" ", "")
        if len(value) & 1:
            return None
        parts = []
        for k in range(0, len(value), 2):
            card = _CARD_BYTES.get(value[k:k + 2])
            if card is None:
                return None
            parts.append(card)
        return b"".join(parts)
    if type(value) is tuple or type(value) is list:
        for card in value:
            if type(card) is not int or not 0 <= card < 52:
                return None
        return bytes(value)
    return None


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


def _settle_native(
    contributions: Any, hole_cards: Any, board: Any, folded: Any, button: Any,
    variant: Any, rules: Any,
) -> Settlement | None:
    """Settle through the C kernel when every input is in its plain form (lists or
    tuples of ints and bools, text or id cards); None to fall back to the Python path,
    which also produces the precise error for bad input."""
    if rules is DEFAULT_RULES:
        native_rules = _DEFAULT_NATIVE_RULES
    elif type(rules) is Rules:
        native_rules = _native_rules(rules)
        if native_rules is None:
            return None
    else:
        return None
    variant_code = _VARIANT_CODES.get(variant)
    if variant_code is None:
        return None
    if type(contributions) is not list:
        if type(contributions) is not tuple:
            return None
        contributions = list(contributions)
    seats = len(contributions)
    if not 2 <= seats <= _MAX_SEATS or type(button) is not int or not 0 <= button < seats:
        return None
    if len(hole_cards) != seats or len(folded) != seats:
        return None
    for chip in contributions:
        if type(chip) is not int or chip < 0:
            return None
    for flag in folded:
        if flag is not True and flag is not False:
            return None
    if sum(contributions) >= _INT64_LIMIT:
        return None
    if board is None:
        board_bytes = b""
    else:
        found = _fast_bytes(board)
        if found is None or len(found) > 5:
            return None
        board_bytes = found
    live = seats - sum(folded)
    if live > 1:
        parts: list[bytes | None] = []
        hole_len = 0
        allowed = _HOLE_COUNT[variant]
        for s in range(seats):
            if folded[s]:
                parts.append(None)
                continue
            hole = hole_cards[s]
            ids = _HOLE_BYTES.get(hole) if type(hole) is str else None
            if ids is None:
                ids = _fast_bytes(hole)
                if ids is None:
                    return None
            # every live hole the same allowed size, or the Python path names the bad one
            if len(ids) != hole_len and (hole_len or len(ids) not in allowed):
                return None
            hole_len = len(ids)
            parts.append(ids)
        blank = b"\xff" * hole_len
        hole_bytes = b"".join([blank if h is None else h for h in parts])
    else:
        hole_len = 2 if variant_code == 0 else 4
        hole_bytes = b"\xff" * (seats * hole_len)
    if len(hole_bytes) != seats * hole_len:  # never hand the kernel a short buffer
        return None
    detail = _native.settle_hand(contributions, bytes(folded), hole_bytes, hole_len,
                                 board_bytes, seats, button, variant_code, native_rules)
    if detail is None:
        return None
    settlement = object.__new__(Settlement)
    _init = object.__setattr__
    _init(settlement, "payouts", tuple(detail[:seats]))
    _init(settlement, "rake", detail[3 * seats])
    _init(settlement, "contributions", tuple(contributions))
    _init(settlement, "showdown", live > 1)
    _init(settlement, "_detail", detail[seats:])
    _init(settlement, "_pots", None)
    _init(settlement, "_returned", None)
    _init(settlement, "_ranks", None)
    _init(settlement, "_hands", None)
    _init(settlement, "_cards", hole_bytes)
    _init(settlement, "_hole_len", hole_len)
    _init(settlement, "_board", board_bytes)
    _init(settlement, "_variant", variant)
    return settlement


_DEFAULT_NATIVE_RULES = _native_rules(DEFAULT_RULES)
_MAX_SEATS = _native.HE_SETTLE_MAX_SEATS
_CARD_BYTES = {token: bytes([card]) for token, card in _TOKENS.items()}
_CANONICAL = [card_text(card) for card in range(52)]
_HOLE_BYTES = {a + b: bytes([_TOKENS[a], _TOKENS[b]]) for a in _CANONICAL for b in _CANONICAL}


def settle(
    contributions: Sequence[Any],
    hole_cards: Sequence[CardsInput],
    board: CardsInput,
    *,
    folded: Sequence[Any],
    button: int,
    variant: str = "holdem",
    rules: Rules = DEFAULT_RULES,
    dead: Sequence[Any] | None = None,
) -> Settlement:
    """Settle one hand: who wins what, with every decision recorded.

    ``contributions``: whole chips each seat put in this hand (blinds, antes included),
    seats ``0..n-1`` clockwise. ``hole_cards``: per seat, text (``"AhKd"``) or ids;
    ignored (may be ``None``) for folded seats and when only one seat is live.
    ``board``: the community cards (5 at a showdown; 0, 3, 4 or 5 otherwise — only
    its length matters then, for "no flop, no drop"). ``folded``: per seat, True if it
    folded. ``button``: the dealer seat. ``variant``: ``"holdem"`` or ``"omaha"``.
    ``dead``: per seat, the part of its contribution that is dead money posted as such
    (a returning player's missed small blind, a big-blind ante; ``0 <= dead[i] <=
    contributions[i]``). Dead chips are not part of the seat's bet: they set no all-in
    level, are never returned as uncalled, and join the main pot, which every live seat
    may win; the poster stays eligible for the pots his other chips reach. Chips are
    still conserved as ``sum(payouts) + rake == sum(contributions)`` (dead chips are
    counted in ``contributions``). Hands with dead money settle in Python (the C kernel
    has no dead-money input).

    Raises (changing nothing): :class:`holdem_eval.ShapeError` for lengths that
    disagree or a board of the wrong size, :class:`holdem_eval.DTypeError` for
    non-integer chips, :class:`~holdem_eval.engine.InvalidChipsError` for negative
    chips, :class:`InvalidSeatError` for a bad button, a live seat without cards or
    no live seat, :class:`holdem_eval.InvalidCardError` /
    :class:`holdem_eval.DuplicateCardError` for bad or repeated cards.
    """
    if dead is None:
        native = _settle_native(contributions, hole_cards, board, folded, button, variant, rules)
        if native is not None:
            return native
    return _settle_python(contributions, hole_cards, board, folded=folded, button=button,
                          variant=variant, rules=rules, dead=dead)


def _settle_python(
    contributions: Sequence[Any],
    hole_cards: Sequence[CardsInput],
    board: CardsInput,
    *,
    folded: Sequence[Any],
    button: int,
    variant: str = "holdem",
    rules: Rules = DEFAULT_RULES,
    dead: Sequence[Any] | None = None,
) -> Settlement:
    """The pure-Python settlement: the reference for the C kernel, the path that
    validates and explains bad input, and the one for chips beyond int64 or more than
    HE_SETTLE_MAX_SEATS seats. Same contract as :func:`settle`."""
    if not isinstance(rules, Rules):
        raise DTypeError(f"rules must be a Rules instance, got {rules!r}")
    if variant not in _HOLE_COUNT:
        raise ConfigError(f"variant must be 'holdem' or 'omaha', got {variant!r}")
    seat_count = len(contributions)
    if seat_count < 2:
        raise ShapeError(f"a hand needs at least 2 seats, got {seat_count} contributions")
    if len(hole_cards) != seat_count:
        raise ShapeError(
            f"hole_cards must have one entry per seat ({seat_count}), got {len(hole_cards)}"
        )
    chips = coerce_chips(contributions)
    dead_total = 0
    if dead is not None:
        if len(dead) != seat_count:
            raise ShapeError(
                f"dead must have one entry per seat ({seat_count}), got {len(dead)}: {dead!r}"
            )
        dead_chips = coerce_chips(dead, "dead")
        for seat, (chip, part) in enumerate(zip(chips, dead_chips)):
            if part > chip:
                raise InvalidChipsError(
                    f"dead[{seat}] is {part!r} chips, more than contributions[{seat}] "
                    f"({chip!r}): dead money is part of the seat's contribution"
                )
            chips[seat] = chip - part
        dead_total = sum(dead_chips)
    flags = _folded_flags(folded, seat_count)
    button = _seat(button, "button", seat_count)
    live = [seat for seat in range(seat_count) if not flags[seat]]
    if not live:
        raise InvalidSeatError("every seat folded: at least one seat must be live")

    board_ids = _card_ids(board, "board") if board is not None else ()
    showdown = len(live) > 1
    holes: list[tuple[int, ...] | None] = [None] * seat_count
    ranks: list[int | None] = [None] * seat_count
    if showdown:
        if len(board_ids) != 5:
            raise ShapeError(
                f"board must have 5 cards at a showdown, got {len(board_ids)}: {board!r}"
            )
        owners: dict[int, str] = {}
        mask = _mask_of(board_ids, 0, "board", owners)
        allowed = _HOLE_COUNT[variant]
        b0, b1, b2, b3, b4 = board_ids
        for seat in live:
            cards = hole_cards[seat]
            where = f"hole_cards[{seat}]"
            if cards is None:
                raise InvalidSeatError(f"live seat {seat} has no hole cards (None)")
            hole = _card_ids(cards, where)
            if len(hole) not in allowed:
                raise ShapeError(
                    f"{where} must have {' or '.join(map(str, allowed))} cards for "
                    f"{variant}, got {len(hole)}: {cards!r}"
                )
            mask = _mask_of(hole, mask, where, owners)
            holes[seat] = hole
            if variant == "holdem":
                ranks[seat] = eval7(hole[0], hole[1], b0, b1, b2, b3, b4)
            else:
                ranks[seat] = evaluate_omaha(list(hole), list(board_ids))
    elif len(board_ids) not in (0, 3, 4, 5):
        raise ShapeError(f"board must have 0, 3, 4 or 5 cards, got {len(board_ids)}: {board!r}")

    # Validation is complete; from here on nothing can fail.
    return_seat, return_amount = uncalled_return(chips)
    returned = [0] * seat_count
    if return_amount:
        returned[return_seat] = return_amount
        chips[return_seat] -= return_amount
    raw_pots = form_pots(chips, live, dead_total)
    payouts = list(returned)
    flop_dealt = len(board_ids) >= 3
    one_at_a_time = rules.odd_chips == "clockwise"

    def winners_of(eligible: tuple[int, ...]) -> tuple[tuple[int, ...], int | None]:
        if not showdown:
            return eligible, None
        best = min(ranks[s] for s in eligible)  # type: ignore[type-var]
        return tuple(s for s in eligible if ranks[s] == best), best

    pots: list[Pot] = []
    if rules.method == "pokerkit":
        # Kill hands that win nothing, merge adjacent pots whose remaining players match,
        # then rake each merged pot on its own.
        alive: set[int] = set()
        for _, eligible in raw_pots:
            alive.update(winners_of(eligible)[0])
        merged: list[list[Any]] = []
        for amount, eligible in raw_pots:
            remaining = tuple(s for s in eligible if s in alive)
            if merged and merged[-1][1] == remaining:
                merged[-1][0] += amount
            else:
                merged.append([amount, remaining])
        total_rake = 0
        for amount, eligible in merged:
            winners, best = winners_of(eligible)
            rake = rules.rake_for(amount, flop_dealt=flop_dealt)
            total_rake += rake
            order = odd_chip_order(winners, button=button, seat_count=seat_count)
            shares = split_pot(amount - rake, order, one_at_a_time=one_at_a_time)
            by_seat = dict(zip(order, shares))
            pots.append(Pot(amount, eligible, winners, tuple(by_seat[s] for s in winners),
                            best, rake))
    else:
        total_rake = rules.rake_for(sum(a for a, _ in raw_pots), flop_dealt=flop_dealt)
        to_rake = total_rake
        for amount, eligible in raw_pots:
            winners, best = winners_of(eligible)
            rake = to_rake if to_rake < amount else amount
            to_rake -= rake
            if len(winners) == 1:
                shares_t: tuple[int, ...] = (amount - rake,)
            else:
                order = odd_chip_order(winners, button=button, seat_count=seat_count)
                shares = split_pot(amount - rake, order, one_at_a_time=one_at_a_time)
                by_seat = dict(zip(order, shares))
                shares_t = tuple(by_seat[s] for s in winners)
            pots.append(Pot(amount, eligible, winners, shares_t, best, rake))
    for pot in pots:
        for seat, share in zip(pot.winners, pot.shares):
            payouts[seat] += share

    width = max((len(h) for h in holes if h is not None), default=2)
    return Settlement(
        payouts=tuple(payouts),
        rake=total_rake,
        pots=tuple(pots),
        returned=tuple(returned),
        contributions=tuple(coerce_chips(contributions)),
        ranks=tuple(ranks),
        showdown=showdown,
        cards=b"".join(b"\xff" * width if h is None else bytes(h).ljust(width, b"\xff")
                       for h in holes),
        hole_len=width,
        board=bytes(board_ids),
        variant=variant,
    )


def showdown_order(
    seats_live: Sequence[Any],
    *,
    button: int,
    last_aggressor: int | None,
    ranks: Sequence[int | None] | None = None,
    contributions: Sequence[Any] | None = None,
    dead: Sequence[Any] | None = None,
) -> ShowdownOrder:
    """Who shows first at showdown, then clockwise; and who may muck.

    ``seats_live``: either the live seat indices (``[0, 2, 5]``) or one bool per seat
    (``[True, False, True, ...]``). The last aggressor on the final street shows first;
    if everyone checked (``last_aggressor=None``), the first live seat left of the
    button does. With ``ranks`` (per seat, lower is stronger, like ``Settlement.ranks``)
    and ``contributions`` (per seat), ``muckable`` lists the seats that, when their turn
    comes, are beaten in every pot they are eligible for by a hand already shown.
    ``dead``: per seat, the dead part of ``contributions``, as in :func:`settle`.

    >>> showdown_order([1, 3, 4], button=3, last_aggressor=None).order
    (4, 1, 3)
    >>> showdown_order([1, 3, 4], button=3, last_aggressor=3).order
    (3, 4, 1)
    """
    items = list(seats_live)
    if items and all(isinstance(x, bool) or type(x).__name__ == "bool_" for x in items):
        live = [seat for seat, flag in enumerate(items) if flag]
        seat_count: int | None = len(items)
    else:
        live = []
        for k, value in enumerate(items):
            if isinstance(value, bool):
                raise InvalidSeatError(f"seats_live[{k}] mixes bools and seat indices: {items!r}")
            try:
                live.append(operator.index(value))
            except TypeError:
                raise InvalidSeatError(
                    f"seats_live[{k}] must be a seat index, got {value!r}"
                ) from None
            if live[-1] < 0:
                raise InvalidSeatError(f"seats_live[{k}] must be >= 0, got {value!r}")
        if len(set(live)) != len(live):
            raise InvalidSeatError(f"seats_live repeats a seat: {items!r}")
        seat_count = None
    if ranks is not None:
        seat_count = len(ranks)
    if contributions is not None:
        if seat_count is not None and len(contributions) != seat_count:
            raise ShapeError(
                f"contributions has {len(contributions)} seats, expected {seat_count}"
            )
        seat_count = len(contributions)
    if not live:
        raise InvalidSeatError("seats_live has no live seat")
    if isinstance(button, bool) or not isinstance(button, int) or button < 0:
        raise InvalidSeatError(f"button must be a seat index, got {button!r}")
    if seat_count is not None:
        if button >= seat_count:
            raise InvalidSeatError(
                f"button must be a seat index 0..{seat_count - 1}, got {button!r}"
            )
        if max(live) >= seat_count:
            raise InvalidSeatError(f"live seat {max(live)} is outside 0..{seat_count - 1}")
    start = button + 1
    if last_aggressor is not None:
        if last_aggressor not in live:
            raise InvalidSeatError(
                f"last_aggressor {last_aggressor!r} is not a live seat {sorted(live)}"
            )
        start = last_aggressor
    # Clockwise from `start`: seats >= start first, then the wrap-around.
    order = tuple(sorted(live, key=lambda s: (s < start, s)))
    muckable: list[int] = []
    if ranks is not None and contributions is not None:
        chips = coerce_chips(contributions)
        dead_total = 0
        if dead is not None:
            if len(dead) != len(chips):
                raise ShapeError(f"dead has {len(dead)} seats, expected {len(chips)}")
            dead_chips = coerce_chips(dead, "dead")
            for k, part in enumerate(dead_chips):
                if part > chips[k]:
                    raise InvalidChipsError(
                        f"dead[{k}] is {part!r} chips, more than contributions[{k}] ({chips[k]!r})"
                    )
                chips[k] -= part
            dead_total = sum(dead_chips)
        seat, amount = uncalled_return(chips)
        if amount:
            chips[seat] -= amount
        pots = form_pots(chips, sorted(live), dead_total)
        shown: list[int] = []
        for s in order:
            rank = ranks[s]
            if rank is None:
                raise InvalidSeatError(f"live seat {s} has no rank")
            beaten_everywhere = all(
                any(t in eligible and ranks[t] < rank for t in shown)  # type: ignore[operator]
                for _, eligible in pots
                if s in eligible
            )
            if shown and beaten_everywhere:
                muckable.append(s)
            else:
                shown.append(s)
    return ShowdownOrder(order, tuple(muckable))
