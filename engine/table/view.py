"""What a :class:`~holdem_eval.engine.Table` shows: events, views, hand results, and their
JSON forms.

Every seat here is a **table seat** (0 .. seats-1), never a position in the hand. Every
value has ``to_json()`` (plain dicts and lists, cards as text such as ``"Ah"``, a ``"v"``
version field) and a ``from_json`` that refuses a document of another version or shape
with :class:`~holdem_eval.engine.TableError`. A view or an event made for a viewer holds
that viewer's own hole cards and the cards shown to everyone, never another hidden card.

>>> ev = TableEvent(seq=3, kind="raise", hand_id="t1-1", seat=2, amount=6)
>>> ev.to_json()
{'v': 1, 'seq': 3, 'kind': 'raise', 'hand': 't1-1', 'seat': 2, 'amount': 6, 'cards': [], 'info': {}}
>>> TableEvent.from_json(ev.to_json()) == ev
True
>>> parse_action({"kind": "raise", "amount": 8})
Action(kind=<ActionKind.RAISE: 4>, amount=8)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from holdem_eval import describe
from holdem_eval.cards import parse_cards

from ..dealing import format_card
from ..errors import TableError
from ..hand.actions import Action, ActionKind, LegalAction

if TYPE_CHECKING:
    from ..hand.hand import Hand

__all__ = [
    "JSON_VERSION",
    "SEAT_STATES",
    "TABLE_EVENT_KINDS",
    "HandResult",
    "PotResult",
    "SeatView",
    "ShownHand",
    "TableEvent",
    "TableView",
    "action_to_json",
    "cards_from_json",
    "cards_to_json",
    "checked_action",
    "hand_result",
    "legal_from_json",
    "legal_to_json",
    "parse_action",
    "read_field",
]

JSON_VERSION = 1
"""The ``"v"`` of every JSON form written here; a parser refuses any other."""

TABLE_EVENT_KINDS = (
    # the table's own
    "join", "leave", "sit_out", "sit_in", "rebuy", "missed_blind", "hand_start", "hand_end",
    "timeout",
    # the hand's (Hand.events), in table seats
    "hole", "ante", "small_blind", "big_blind", "straddle", "post", "dead", "board", "fold",
    "check", "call", "bet", "raise", "uncalled", "show", "muck", "win", "rake", "win_low",
    # run it twice / N times
    "run_choice", "runs", "run_board", "run", "run_win",
)
SEAT_STATES = ("ready", "playing", "folded", "all-in", "sitting-out", "waiting", "busted", "leaving")
"""A seat's state in a view: in the hand ``playing``, ``folded``, ``all-in`` or
``leaving`` (it folds at its turn and leaves after the hand); between hands or not dealt
in ``ready``, ``sitting-out``, ``busted`` (no chips) or ``waiting`` (for the big blind)."""

_KIND_NAMES = {str(k): k for k in ActionKind}  # "fold", "check", ..., "all-in"
_KIND_NAMES["all_in"] = ActionKind.ALL_IN


def read_field(doc: Any, key: str, kind: type | tuple[type, ...], where: str, *,
               error: type[Exception] = TableError, optional: bool = False) -> Any:
    """``doc[key]`` of type ``kind`` (an ``int`` is exactly an int, never a bool; another
    kind admits a bool only when it is ``bool``), or ``None`` when ``optional``; else
    ``error`` naming ``where[key]``, the value and the type expected. The one field reader
    of the JSON documents (tables, tournaments and their views)."""
    if not isinstance(doc, Mapping) or key not in doc:
        raise error(f"{where} lacks {key!r}")
    value = doc[key]
    if value is None and optional:
        return None
    ok = (value.__class__ is int) if kind is int else (
        isinstance(value, kind) and not (isinstance(value, bool) and kind is not bool))
    if not ok:
        name = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        nullable = " or null" if optional else ""
        raise error(f"{where}[{key!r}] must be {name}{nullable}, got {value!r}")
    return value


def _fail(what: str, got: Any, expected: str) -> TableError:
    return TableError(f"{what} must be {expected}, got {got!r}")


def _int(doc: Mapping[str, Any], key: str, where: str, *, optional: bool = False) -> Any:
    value = doc.get(key)
    if value is None and optional:
        return None
    if value.__class__ is not int:
        raise _fail(f"{where}[{key!r}]", value, "an int" + (" or null" if optional else ""))
    return value


def _check_doc(doc: Any, where: str, keys: Sequence[str]) -> Mapping[str, Any]:
    if not isinstance(doc, Mapping):
        raise _fail(where, doc, "a JSON object")
    if doc.get("v") != JSON_VERSION:
        raise TableError(f"{where} has version {doc.get('v')!r}; this library reads version {JSON_VERSION}")
    missing = [k for k in keys if k not in doc]
    if missing:
        raise TableError(f"{where} lacks {', '.join(map(repr, missing))}")
    return doc


_CARD_TEXT = tuple(format_card(c) for c in range(52))


def cards_to_json(cards: Sequence[int]) -> list[str]:
    """Card ids as text (``[50, 45] -> ["Ah", "Kd"]``); unknown cards are never written."""
    return [_CARD_TEXT[c] for c in cards if c >= 0]


def cards_from_json(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise _fail(where, value, "a list of card texts such as 'Ah'")
    try:
        return tuple(parse_cards("".join(value), allow_duplicates=True).tolist()) if value else ()
    except ValueError as exc:
        raise TableError(f"{where}: {exc}") from None


def legal_to_json(actions: Sequence[LegalAction]) -> list[dict[str, Any]]:
    return [{"kind": str(a.kind), "min": a.min_amount, "max": a.max_amount} for a in actions]


def legal_from_json(value: Any, where: str = "legal") -> tuple[LegalAction, ...]:
    if not isinstance(value, list):
        raise _fail(where, value, "a list")
    out = []
    for k, d in enumerate(value):
        if not isinstance(d, Mapping) or d.get("kind") not in _KIND_NAMES:
            raise _fail(f"{where}[{k}]", d, "an object with a 'kind' of " + ", ".join(_KIND_NAMES))
        out.append(LegalAction(_KIND_NAMES[d["kind"]], _int(d, "min", f"{where}[{k}]"),
                               _int(d, "max", f"{where}[{k}]")))
    return tuple(out)


def action_to_json(action: Action) -> dict[str, Any]:
    return {"kind": str(action.kind), "amount": action.amount}


def parse_action(value: Any) -> Action:
    """An action from its JSON form ``{"kind": "raise", "amount": 8}`` (``amount`` is the
    "to" amount of a bet or raise, an int; other kinds need none), or from an
    :class:`Action`, a ``(kind, amount)`` pair or a :class:`LegalAction` (its minimum).
    Raises :class:`TableError` naming what is wrong: an unknown kind, an amount that is
    a string, float or bool."""
    if isinstance(value, LegalAction):
        return Action(value.kind, value.min_amount if value.kind in (ActionKind.BET, ActionKind.RAISE) else 0)
    if isinstance(value, Mapping):
        kind = value.get("kind")
        if kind not in _KIND_NAMES:
            raise _fail("action kind", kind, "one of " + ", ".join(repr(k) for k in _KIND_NAMES))
        amount = value.get("amount", 0)
        unknown = sorted(set(value) - {"kind", "amount"})
        if unknown:
            raise TableError(f"action has unknown field(s) {', '.join(map(repr, unknown))}")
        kind_ = _KIND_NAMES[kind]
    elif isinstance(value, tuple) and len(value) == 2:
        kind_, amount = value
        if kind_.__class__ is not ActionKind:
            if not isinstance(kind_, int) or isinstance(kind_, bool) or kind_ not in tuple(ActionKind):
                raise _fail("action kind", kind_, "an ActionKind")
            kind_ = ActionKind(kind_)
    else:
        raise _fail("an action", value, 'an Action, a (kind, amount) pair or {"kind": ..., "amount": ...}')
    if amount.__class__ is not int:
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise _fail("action amount", amount, "an int number of chips")
        amount = int(amount)
    if kind_ in (ActionKind.BET, ActionKind.RAISE):
        return Action(kind_, amount)
    return Action(kind_, 0)


def checked_action(seat: int, kind: ActionKind, amount: int, legal: Sequence[LegalAction], stack: int,
                   bet: int) -> tuple[ActionKind, int]:
    """The action ``kind``/``amount`` of ``seat`` (with ``stack`` behind and ``bet`` in
    this round) as the hand plays it — an all-in as the largest bet or raise, or a call
    for all its chips — or :class:`TableError` saying what the rules (``legal``) allow."""
    by_kind = {a.kind: a for a in legal}
    if kind is ActionKind.ALL_IN:  # all chips in: the largest bet or raise, or a call for all
        wager = by_kind.get(ActionKind.BET) or by_kind.get(ActionKind.RAISE)
        call = by_kind.get(ActionKind.CALL)
        if wager is not None and wager.max_amount == stack + bet:
            kind, amount = wager.kind, stack + bet
        elif call is not None and call.min_amount == stack:
            kind, amount = ActionKind.CALL, 0
        else:
            raise TableError(f"seat {seat} cannot go all-in now: the rules allow "
                             + ", ".join(map(_describe, legal)))
    option = by_kind.get(kind)
    if option is None:
        raise TableError(f"seat {seat} cannot {kind} now: the rules allow "
                         + ", ".join(map(_describe, legal)))
    if kind in (ActionKind.BET, ActionKind.RAISE) and not option.min_amount <= amount <= option.max_amount:
        word = "bet" if kind is ActionKind.BET else "raise to"
        raise TableError(f"seat {seat} cannot {word} {amount}: the amount must be within"
                         f" {option.min_amount}..{option.max_amount}")
    return kind, amount


def _describe(a: LegalAction) -> str:
    if a.kind in (ActionKind.BET, ActionKind.RAISE):
        word = "bet" if a.kind is ActionKind.BET else "raise to"
        return f"{word} {a.min_amount}" + (f"..{a.max_amount}" if a.max_amount != a.min_amount else "")
    return f"call {a.min_amount}" if a.kind is ActionKind.CALL else str(a.kind)


@dataclass(frozen=True)
class TableEvent:
    """One entry of a table's event stream.

    ``seq`` numbers every event of the table from 1; ``hand_id`` is the hand it belongs
    to (``None`` for table events between hands); ``seat`` is a table seat or ``None``;
    ``amount`` is chips (the "to" amount of a bet or raise, chips put in for a call,
    chips won); ``cards`` are card ids; ``info`` holds what else a kind carries (a join's
    name and buy-in, a hand start's button and blinds, a hand end's result).
    """

    seq: int
    kind: str
    hand_id: str | None = None
    seat: int | None = None
    amount: int = 0
    cards: tuple[int, ...] = ()
    info: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"v": JSON_VERSION, "seq": self.seq, "kind": self.kind, "hand": self.hand_id,
                "seat": self.seat, "amount": self.amount, "cards": cards_to_json(self.cards),
                "info": dict(self.info)}

    @classmethod
    def from_json(cls, doc: Any) -> TableEvent:
        d = _check_doc(doc, "event", ("seq", "kind", "hand", "seat", "amount", "cards", "info"))
        if d["kind"] not in TABLE_EVENT_KINDS:
            raise _fail("event kind", d["kind"], "one of " + ", ".join(TABLE_EVENT_KINDS))
        hand = d["hand"]
        if hand is not None and not isinstance(hand, str):
            raise _fail("event['hand']", hand, "a string or null")
        if not isinstance(d["info"], Mapping):
            raise _fail("event['info']", d["info"], "an object")
        return cls(_int(d, "seq", "event"), d["kind"], hand, _int(d, "seat", "event", optional=True),
                   _int(d, "amount", "event"), cards_from_json(d["cards"], "event['cards']"),
                   dict(d["info"]))


@dataclass(frozen=True)
class ShownHand:
    """A hand shown at showdown: its cards and what it makes."""

    seat: int
    cards: tuple[int, ...]
    rank: int
    description: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "cards": cards_to_json(self.cards), "rank": self.rank,
                "description": self.description}


@dataclass(frozen=True)
class PotResult:
    """One pot as awarded: main pot first. ``shares`` align with ``winners``."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    rake: int

    def to_json(self) -> dict[str, Any]:
        return {"amount": self.amount, "eligible": list(self.eligible), "winners": list(self.winners),
                "shares": list(self.shares), "rake": self.rake}


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: per pot the amount, the eligible seats, the winners and their
    shares; each seat's net chips; the rake; the hands shown (mucked hands are not). A hand
    run twice or more (run it twice) gives every run's board in ``boards`` (``board`` is the
    first run's) and, in ``runs``, each run's chips per seat; both are empty otherwise."""

    hand_id: str
    pots: tuple[PotResult, ...]
    net: Mapping[int, int]
    rake: int
    shown: tuple[ShownHand, ...]
    board: tuple[int, ...]
    boards: tuple[tuple[int, ...], ...] = ()
    runs: tuple[Mapping[int, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        doc = {"v": JSON_VERSION, "hand": self.hand_id, "pots": [p.to_json() for p in self.pots],
               "net": {str(k): v for k, v in self.net.items()}, "rake": self.rake,
               "shown": [s.to_json() for s in self.shown], "board": cards_to_json(self.board)}
        if self.boards:  # run it twice: each run's board and chips per seat
            doc["boards"] = [cards_to_json(b) for b in self.boards]
            doc["runs"] = [{str(k): v for k, v in r.items()} for r in self.runs]
        return doc


@dataclass(frozen=True)
class SeatView:
    """One occupied seat as a viewer sees it; ``cards`` only when the viewer may see
    them (his own, or shown to everyone), else ``None``."""

    seat: int
    name: str
    stack: int
    bet: int
    state: str
    in_hand: bool
    owes_small_blind: bool
    owes_big_blind: bool
    cards: tuple[int, ...] | None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "stack": self.stack, "bet": self.bet,
                "state": self.state, "in_hand": self.in_hand,
                "owes": {"small_blind": self.owes_small_blind, "big_blind": self.owes_big_blind},
                "cards": None if self.cards is None else cards_to_json(self.cards)}

    @classmethod
    def from_json(cls, d: Any, where: str) -> SeatView:
        if not isinstance(d, Mapping):
            raise _fail(where, d, "an object or null")
        owes = d.get("owes")
        if not isinstance(owes, Mapping) or not all(isinstance(owes.get(k), bool) for k in
                                                    ("small_blind", "big_blind")):
            raise _fail(f"{where}['owes']", owes, "an object of two bools")
        if d.get("state") not in SEAT_STATES or not isinstance(d.get("name"), str) or not isinstance(
                d.get("in_hand"), bool):
            raise _fail(where, d, "a seat with a name, a state of " + ", ".join(SEAT_STATES) + " and in_hand")
        cards = d.get("cards")
        return cls(_int(d, "seat", where), d["name"], _int(d, "stack", where), _int(d, "bet", where),
                   d["state"], d["in_hand"], owes["small_blind"], owes["big_blind"],
                   None if cards is None else cards_from_json(cards, f"{where}['cards']"))


@dataclass(frozen=True)
class TableView:
    """The table as one viewer (a seat, or ``None`` for a spectator) may see it, at any
    moment: during a hand, between hands, sitting out.

    ``legal`` lists the viewer's legal actions when it is his turn (else empty), with
    their min/max "to" amounts; ``turn`` is the token to send back with an action
    (:meth:`Table.act`'s ``expect``); ``seq`` is the last event's number (the cursor for
    :meth:`Table.events_since`). ``runs``: the run counts the viewer may choose now (run it
    twice: :meth:`Table.choose_runs`; None, no preference, too), else empty.
    """

    table_id: str
    hand_id: str | None
    viewer: int | None
    street: str | None
    button: int | None
    board: tuple[int, ...]
    pot: int
    actor: int | None
    turn: int
    seq: int
    blinds: tuple[int, int]
    seats: tuple[SeatView | None, ...]
    legal: tuple[LegalAction, ...]
    to_call: int
    runs: tuple[int, ...] = ()

    if not TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            # a view the table built keeps its seats as the hand machine wrote them until
            # they are read (table_view): then they are made once, and kept
            d = self.__dict__
            if name == "seats" and "_seats" in d:
                seats = d["seats"] = d["_seats"].views()
                return seats
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def to_json(self) -> dict[str, Any]:
        d = self.__dict__
        seats = d.get("seats")  # a view the table built and nobody read the seats of: its rows
        seats_json = (d["_seats"].json() if seats is None
                      else [None if s is None else s.to_json() for s in seats])
        return {
            "v": JSON_VERSION, "table": self.table_id, "hand": self.hand_id, "viewer": self.viewer,
            "street": self.street, "button": self.button, "board": cards_to_json(self.board),
            "pot": self.pot, "actor": self.actor, "turn": self.turn, "seq": self.seq,
            "blinds": list(self.blinds),
            "seats": seats_json,
            "legal": legal_to_json(self.legal), "to_call": self.to_call, "runs": list(self.runs),
        }

    @classmethod
    def from_json(cls, doc: Any) -> TableView:
        keys = ("table", "hand", "viewer", "street", "button", "board", "pot", "actor", "turn", "seq",
                "blinds", "seats", "legal", "to_call")
        d = _check_doc(doc, "view", keys)
        blinds = d["blinds"]
        if not (isinstance(blinds, list) and len(blinds) == 2 and all(b.__class__ is int for b in blinds)):
            raise _fail("view['blinds']", blinds, "a list of two ints")
        if not isinstance(d["seats"], list):
            raise _fail("view['seats']", d["seats"], "a list")
        if not isinstance(d["table"], str) or not (d["hand"] is None or isinstance(d["hand"], str)):
            raise _fail("view's table and hand ids", (d["table"], d["hand"]), "strings")
        if d["street"] is not None and not isinstance(d["street"], str):
            raise _fail("view['street']", d["street"], "a string or null")
        seats = tuple(None if s is None else SeatView.from_json(s, f"view['seats'][{k}]")
                      for k, s in enumerate(d["seats"]))
        return cls(d["table"], d["hand"], _int(d, "viewer", "view", optional=True), d["street"],
                   _int(d, "button", "view", optional=True), cards_from_json(d["board"], "view['board']"),
                   _int(d, "pot", "view"), _int(d, "actor", "view", optional=True), _int(d, "turn", "view"),
                   _int(d, "seq", "view"), (blinds[0], blinds[1]), seats, legal_from_json(d["legal"]),
                   _int(d, "to_call", "view"), _runs_from_json(d.get("runs", [])))


def _runs_from_json(runs: Any) -> tuple[int, ...]:
    if not (isinstance(runs, list) and all(r.__class__ is int and 1 <= r <= 4 for r in runs)):
        raise _fail("view['runs']", runs, "a list of run counts 1..4")
    return tuple(runs)


# ---- a table's view and a hand's result (engine/table/table.py) ---------------------------


def hand_result(hand: Hand, hand_id: str, hand_seats: list[int], rules: Any) -> HandResult:
    """A finished hand's result in table seats: its pots settled again by ``settle`` (the
    same kernel) for the detail, checked against the hand's own payouts."""
    from ..showdown.showdown import settle

    n = hand.n
    shown_cards = {e.seat: e.cards for e in hand.events if e.kind == "show"}
    # a hand mucked at the automatic showdown stays live for the pots (its all-in level
    # still splits them; it wins none of them), it is only not described
    folded = hand.folded
    holes = [None if folded[p] else hand.hole_cards[p] for p in range(n)]
    kw = {} if rules is None else {"rules": rules}
    runs = hand.run_boards if hand.runs > 1 and hand.n_live > 1 else None  # run it twice
    s = settle(hand.contributions, holes, None if runs else hand.board, folded=folded,
               button=hand.button, variant=hand.config.variant, dead=hand.dead_money,
               boards=runs, **kw)
    payouts = hand.payouts or [0] * n
    if list(s.payouts) != list(payouts) or s.rake != hand.rake:  # pragma: no cover - a bug
        raise AssertionError(f"hand {hand_id}: settle() pays {s.payouts}, the hand paid {payouts}")
    seat = hand_seats.__getitem__
    pots = tuple(PotResult(p.amount, tuple(map(seat, p.eligible)), tuple(map(seat, p.winners)),
                           p.shares, p.rake) for p in s.pots)
    ranks = s.ranks if s.showdown else ()
    shown = tuple(ShownHand(seat(p), shown_cards[p], rank, describe(rank))
                  for p, rank in enumerate(ranks) if rank is not None and p in shown_cards)
    net = {seat(p): hand.stacks[p] - hand.starting_stacks[p] for p in range(n)}
    boards: tuple[tuple[int, ...], ...] = ()
    by_run: list[dict[int, int]] = []
    if runs:  # each run's board, and its chips per table seat from the run_win events
        boards = tuple(tuple(b) for b in runs)
        for e in hand.events:
            if e.kind == "run":
                by_run.append({})
            elif e.kind == "run_win":
                by_run[-1][seat(e.seat)] = by_run[-1].get(seat(e.seat), 0) + e.amount
    return HandResult(hand_id, pots, net, hand.rake, shown, tuple(hand.board), boards,
                      tuple(by_run))
