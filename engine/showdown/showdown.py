"""Settle one hand: validate and marshal the input, then the settlement kernel decides.

``settle`` checks its arguments and converts them to the kernel's arrays (:mod:`.order`'s
``showdown_order`` does the same for who shows first); every rule (uncalled bet, main and
side pots, dead money, Omaha, odd chips, rake, showdown order and mucking) is applied by
csrc/settle.c, the one implementation also used by :func:`holdem_eval.engine.settle_batch`
and the hand state machine. It never mutates its arguments; bad input raises a
:class:`holdem_eval.HoldemEvalError` subclass (also a ``ValueError``/``TypeError``).

>>> s = settle([100, 300, 300], ["AsAd", "KsKd", "QsQd"], "2c7d9hTcJh",
...            folded=[False, False, False], button=2)
>>> s.payouts, s.rake
((300, 400, 0), 0)
>>> [(p.amount, p.eligible, p.winners) for p in s.pots]
[(300, (0, 1, 2), (0,)), (400, (1, 2), (1,))]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Union

from holdem_eval import (
    DTypeError,
    DuplicateCardError,
    HoldemEvalError,
    InvalidCardError,
    ShapeError,
    format_cards,
    parse_cards,
)
from holdem_eval import _bindings as _native
from holdem_eval._variant_faces import check_deck
from holdem_eval.cards import RANK_CHARS, SUIT_CHARS, card_text, parse_card
from holdem_eval.variants import DECK_SIZE, VARIANTS, variant_info

from ..config import ConfigError
from ..errors import InvalidSeatError
from ..rules import Rules, native_rules
from .pots import InvalidChipsError, coerce_chips, whole_number
from .settlement import Settlement, from_detail, from_split_detail

# the result types are the package's (engine/showdown/__init__.py, from .settlement)
__all__ = ["InvalidSeatError", "settle"]

CardsInput = Union[str, Sequence[Any], None]

DEFAULT_RULES = Rules()

_VARIANT_CODES = {name: row.code for name, row in VARIANTS.items()}
_INT64_LIMIT = 1 << 63
_MAX_SEATS = _native.HE_SETTLE_MAX_SEATS
_MAX_RUNS = _native.HE_SETTLE_MAX_RUNS


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
        type(c) is int and 0 <= c < DECK_SIZE for c in value
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
    seat = whole_number(value)
    if seat is None or not 0 <= seat < seat_count:
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
            if type(card) is not int or not 0 <= card < DECK_SIZE:
                return None
        return bytes(value)
    return None


def _settle_native(
    contributions: Any, hole_cards: Any, board: Any, folded: Any, button: Any,
    variant: Any, rules: Any,
) -> Settlement | None:
    """Settle through the C kernel straight away when every input is in its plain form
    (lists or tuples of ints and bools, text or id cards); None when an input needs
    :func:`_settle_checked`'s conversion or its precise error. Both paths settle in C."""
    if rules is DEFAULT_RULES:
        native = _DEFAULT_NATIVE_RULES
    elif type(rules) is Rules:
        native = native_rules(rules)
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
    if type(folded) not in (list, tuple) or type(hole_cards) not in (list, tuple):
        return None  # other forms (or None) are converted, or refused, by _checked_hand
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
        holes = _live_holes(hole_cards, folded, seats, variant, live)
        if holes is None:
            return None
        hole_bytes, hole_len = holes
    else:
        hole_len = VARIANTS[variant].hole_counts[0]
        hole_bytes = b"\xff" * (seats * hole_len)
    if len(hole_bytes) != seats * hole_len:  # never hand the kernel a short buffer
        return None
    detail = _native.settle_hand(contributions, bytes(folded), hole_bytes, hole_len,
                                 board_bytes, seats, button, variant_code, native)
    if detail is None:
        return None
    return from_detail(detail, contributions, live > 1, hole_bytes, hole_len, board_bytes,
                       variant)


def _live_holes(hole_cards: Sequence[Any], folded: Sequence[bool], seats: int, variant: str,
                live: int) -> tuple[bytes, int] | None:
    """The live seats' hole cards as ids, ``hole_len`` per seat (0xff for a folded seat),
    and ``hole_len``; None when a hole needs the checked path (its conversion or error)."""
    if live == seats and type(hole_cards[0]) is str and variant in _TWO_CARD_VARIANTS:
        try:  # every seat's two cards as canonical text ("AhKd"): one lookup each
            return b"".join(map(_HOLE_BYTES.__getitem__, hole_cards)), 2
        except (KeyError, TypeError):  # other text, or ids (a list is unhashable)
            pass  # seat by seat below
    parts: list[bytes | None] = []
    hole_len = 0
    allowed = VARIANTS[variant].hole_counts
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
    return b"".join([blank if h is None else h for h in parts]), hole_len


_DEFAULT_NATIVE_RULES = native_rules(DEFAULT_RULES)
_CARD_BYTES = {token: bytes([card]) for token, card in _TOKENS.items()}
_CANONICAL = [card_text(card) for card in range(DECK_SIZE)]
_HOLE_BYTES = {a + b: bytes([_TOKENS[a], _TOKENS[b]]) for a in _CANONICAL for b in _CANONICAL}
_TWO_CARD_VARIANTS = frozenset(name for name, row in VARIANTS.items() if 2 in row.hole_counts)


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
    boards: Sequence[CardsInput] | None = None,
) -> Settlement:
    """Settle one hand: who wins what, with every decision recorded.

    ``contributions``: whole chips each seat put in this hand (blinds, antes included),
    seats ``0..n-1`` clockwise. ``hole_cards``: per seat, text (``"AhKd"``) or ids;
    ignored (may be ``None``) for folded seats and when only one seat is live.
    ``board``: the community cards (5 at a showdown; 0, 3, 4 or 5 otherwise — only
    its length matters then, for "no flop, no drop"). ``folded``: per seat, True if it
    folded. ``button``: the dealer seat. ``variant``: a name of docs/variants.md
    (``"holdem"``, ``"omaha"``, ``"short-deck"`` ...).
    ``dead``: per seat, the part of its contribution that is dead money posted as such
    (a returning player's missed small blind, a big-blind ante; ``0 <= dead[i] <=
    contributions[i]``). Dead chips are not part of the seat's bet: they set no all-in
    level, are never returned as uncalled, and join the main pot, which every live seat
    may win; the poster stays eligible for the pots his other chips reach. Chips are
    still conserved as ``sum(payouts) + rake == sum(contributions)`` (dead chips are
    counted in ``contributions``).

    ``boards``: several runs of the board ("run it twice"): one full board per run (2..8
    runs; the cards dealt before the runs appear on each), with ``board=None``. Every pot,
    after its rake, is cut into equal run shares, the odd chips one each to the first runs
    (run 1 first); each share goes to the best hands on its run's board, split with the
    usual odd-chip rule. The rake is taken once per hand, as with one board. A one-board
    list settles exactly like ``board``. ``Settlement.awards`` lists each run's share;
    ``run_ranks`` each run's ranks.

    A hi-lo variant (``"omaha-hi-lo"``, ``"omaha5-hi-lo"``, ``"holdem-hi-lo"``) splits each
    pot (each run's share) into a high half and a low half, the odd chip to the high half;
    the low half goes to the best eight-or-better low among the pot's eligible seats
    (``Settlement.low_ranks``), or to the high hands when none qualifies.

    The kernel's limits are checked at the door: at most 32 seats
    (``HE_SETTLE_MAX_SEATS``) and contributions summing to at most 2**63 - 1 chips.

    Raises (changing nothing): :class:`holdem_eval.ShapeError` for lengths that
    disagree, more than 32 seats or a board of the wrong size, :class:`holdem_eval.DTypeError` for
    non-integer chips, :class:`~holdem_eval.engine.InvalidChipsError` for negative
    chips or a sum above 2**63 - 1, :class:`InvalidSeatError` for a bad button, a live seat without cards or
    no live seat, :class:`holdem_eval.InvalidCardError` /
    :class:`holdem_eval.DuplicateCardError` for bad or repeated cards.
    """
    if boards is not None:
        return _settle_runs(contributions, hole_cards, board, folded=folded, button=button,
                            variant=variant, rules=rules, dead=dead, boards=boards)
    if dead is None and not _HAS_LOW.get(variant, False):
        native = _settle_native(contributions, hole_cards, board, folded, button, variant, rules)
        if native is not None:
            return native
    checked = _checked_hand(contributions, hole_cards, board, folded=folded, button=button,
                            variant=variant, rules=rules, dead=dead)
    return _settle_checked(checked, variant, rules)


_HAS_LOW = {name: row.low != 0 for name, row in VARIANTS.items()}


def _run_boards(boards: Any, board: Any) -> list[Any]:
    """The runs' boards as given, checked for their count (not yet their cards)."""
    if board is not None:
        raise ShapeError(f"give board or boards (one board per run), not both: board={board!r}")
    if isinstance(boards, (str, bytes)) or not hasattr(boards, "__len__"):
        raise ShapeError(f"boards must be a sequence of boards, one per run, got {boards!r}")
    runs = list(boards)
    if not 1 <= len(runs) <= _MAX_RUNS:
        raise ShapeError(
            f"boards must hold 1..{_MAX_RUNS} runs (the settlement kernel's"
            f" HE_SETTLE_MAX_RUNS), got {len(runs)}"
        )
    return runs


def _settle_runs(
    contributions: Sequence[Any], hole_cards: Sequence[CardsInput], board: CardsInput, *,
    folded: Sequence[Any], button: int, variant: str, rules: Rules,
    dead: Sequence[Any] | None, boards: Sequence[CardsInput],
) -> Settlement:
    """:func:`settle` on several runs of the board: each run checked as ``board`` is."""
    runs = _run_boards(boards, board)
    checked = []
    for k, run in enumerate(runs):
        try:
            checked.append(_checked_hand(contributions, hole_cards, run, folded=folded,
                                         button=button, variant=variant, rules=rules, dead=dead))
        except HoldemEvalError as error:
            if k == 0:
                raise
            # the first run passed every other check: this run's board is what is wrong
            raise type(error)(f"boards[{k}]: {error}") from None
    first = checked[0]
    if len(first.live) <= 1:
        return _settle_checked(first, variant, rules, [first.board])  # the runs decide nothing
    run_boards = [hand.board for hand in checked]
    return _settle_checked(first, variant, rules, run_boards)


def _check_seat_count(seat_count: int) -> None:
    if seat_count < 2:
        raise ShapeError(f"a hand needs at least 2 seats, got {seat_count} contributions")
    if seat_count > _MAX_SEATS:
        raise ShapeError(
            f"a hand has at most {_MAX_SEATS} seats (the settlement kernel's"
            f" HE_SETTLE_MAX_SEATS), got {seat_count} contributions"
        )


def check_total(chips: Sequence[int]) -> None:
    total = sum(chips)
    if total >= _INT64_LIMIT:
        raise InvalidChipsError(
            f"contributions must sum to at most 2**63 - 1 chips (the settlement kernel's"
            f" int64), got {total!r}"
        )


def _dead_chips(dead: Sequence[Any], chips: list[int]) -> list[int]:
    """The dead parts, checked against ``chips`` (the contributions)."""
    seat_count = len(chips)
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
    return dead_chips


class _CheckedHand(NamedTuple):
    """A hand's inputs checked and converted (what the kernel and the tests' oracle read)."""

    chips: list[int]
    dead: list[int] | None
    folded: list[bool]
    button: int
    live: list[int]
    board: tuple[int, ...]
    holes: list[tuple[int, ...] | None]
    """Per seat, its hole card ids when live at a showdown, else None."""


def _checked_hand(
    contributions: Sequence[Any],
    hole_cards: Sequence[CardsInput],
    board: CardsInput,
    *,
    folded: Sequence[Any],
    button: int,
    variant: str,
    rules: Rules,
    dead: Sequence[Any] | None,
) -> _CheckedHand:
    """Every input of :func:`settle` checked and converted, with the precise error for a
    bad one (the kernel's limits included)."""
    if not isinstance(rules, Rules):
        raise DTypeError(f"rules must be a Rules instance, got {rules!r}")
    hole_counts = variant_info(variant, ConfigError).hole_counts
    try:
        seat_count = len(contributions)
    except TypeError:
        raise ShapeError(
            f"contributions must be a sequence of chips, one per seat, got {contributions!r}"
        ) from None
    _check_seat_count(seat_count)
    if isinstance(hole_cards, (str, bytes)) or not hasattr(hole_cards, "__len__"):
        raise ShapeError(
            f"hole_cards must be a sequence of {seat_count} seats' cards, got {hole_cards!r}"
        )
    if len(hole_cards) != seat_count:
        raise ShapeError(
            f"hole_cards must have one entry per seat ({seat_count}), got {len(hole_cards)}"
        )
    chips = coerce_chips(contributions)
    dead_chips = None if dead is None else _dead_chips(dead, chips)
    check_total(chips)
    flags = _folded_flags(folded, seat_count)
    button = _seat(button, "button", seat_count)
    live = [seat for seat in range(seat_count) if not flags[seat]]
    if not live:
        raise InvalidSeatError("every seat folded: at least one seat must be live")

    board_ids = _card_ids(board, "board") if board is not None else ()
    check_deck(board_ids, "board", variant)  # a short deck has no 2..5
    owners: dict[int, str] = {}
    mask = _mask_of(board_ids, 0, "board", owners)
    holes: list[tuple[int, ...] | None] = [None] * seat_count
    if len(live) > 1:
        if len(board_ids) != 5:
            raise ShapeError(
                f"board must have 5 cards at a showdown, got {len(board_ids)}: {board!r}"
            )
        allowed = hole_counts
        for seat in live:
            cards = hole_cards[seat]
            where = f"hole_cards[{seat}]"
            if cards is None:
                raise InvalidSeatError(f"live seat {seat} has no hole cards (None)")
            hole = _card_ids(cards, where)
            check_deck(hole, where, variant)
            if len(hole) not in allowed:
                raise ShapeError(
                    f"{where} must have {' or '.join(map(str, allowed))} cards for "
                    f"{variant}, got {len(hole)}: {cards!r}"
                )
            mask = _mask_of(hole, mask, where, owners)
            holes[seat] = hole
    elif len(board_ids) not in (0, 3, 4, 5):
        raise ShapeError(f"board must have 0, 3, 4 or 5 cards, got {len(board_ids)}: {board!r}")
    return _CheckedHand(chips, dead_chips, flags, button, live, board_ids, holes)


def _settle_checked(hand: _CheckedHand, variant: str, rules: Rules,
                    run_boards: list[tuple[int, ...]] | None = None) -> Settlement:
    """The kernel settles a hand :func:`_checked_hand` accepted (on ``run_boards``, each
    checked the same way, when given)."""
    holes = hand.holes
    # a narrower Omaha hole is padded with NO_CARD to the widest
    width = max((len(h) for h in holes if h is not None), default=VARIANTS[variant].hole_counts[0])
    cards = b"".join(b"\xff" * width if h is None else bytes(h).ljust(width, b"\xff")
                     for h in holes)
    board_bytes = bytes(hand.board)
    if run_boards is not None or _HAS_LOW[variant]:
        runs = run_boards if run_boards is not None else [hand.board]
        cols = max(len(b) for b in runs)
        all_boards = b"".join(bytes(b).ljust(cols, b"\xff") for b in runs)
        record = _native.settle_split(hand.chips, bytes(hand.folded), cards, width, all_boards,
                                      cols, len(runs), len(holes), hand.button,
                                      _VARIANT_CODES[variant], native_rules(rules), hand.dead)
        if record is None:  # pragma: no cover - every input the kernel refuses is refused above
            raise HoldemEvalError("the settlement kernel refused a hand its checks accepted")
        return from_split_detail(record, hand.chips, len(hand.live) > 1, cards, width,
                                 board_bytes, variant, len(runs))
    detail = _native.settle_hand(hand.chips, bytes(hand.folded), cards, width, board_bytes,
                                 len(holes), hand.button, _VARIANT_CODES[variant],
                                 native_rules(rules), hand.dead)
    if detail is None:  # pragma: no cover - every input the kernel refuses is refused above
        raise HoldemEvalError("the settlement kernel refused a hand its checks accepted")
    return from_detail(detail, hand.chips, len(hand.live) > 1, cards, width, board_bytes,
                       variant)
