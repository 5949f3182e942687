"""A :class:`~holdem_eval.engine.Table` as a JSON document, and back (``Table.to_json`` /
``Table.from_json``).

The document holds the table's settings, its seats and counters, the events kept for
:meth:`Table.events_since`, and the running hand as what started it (seats, stacks,
button, posts, and the hole cards — or the seed of a seeded table) plus the events it
made. Restoring replays that hand by the rules; it must reproduce every recorded event
of the hand, and the chips must add up, or the document is refused with
:class:`~holdem_eval.engine.TableError`. The document is **secret** (it holds the dealt
hole cards, never an undealt card); ``key=`` signs it with HMAC-SHA256 so a changed
document is refused even where the replay could not tell.

Not in the document: the finished hands of :attr:`Table.history` and
:attr:`Table.results` (their events are), and a ``deck`` factory (pass it again).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import fields
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from holdem_eval import HoldemEvalError

from ..config import GameConfig
from ..errors import TableError
from ..hand.actions import EVENT_KINDS, Action, ActionKind
from ..hand.deck_hand import DeckHand
from ..hand.decks import Deck, OsDeck, PresetDeck
from ..hand.hand import Hand
from ..rules import Rules
from .seat import SeatState
from .view import JSON_VERSION, TableEvent, cards_from_json, cards_to_json, read_field

if TYPE_CHECKING:
    from .table import Table

__all__ = ["HEAD_FIELDS", "open_document", "sign", "table_from_json", "table_head", "table_to_json"]

DOC_KIND = "holdem-eval/table"
_SEAT_FIELDS = ("name", "stack", "bought_in", "sitting_out", "waiting_for_big_blind",
                "post_big_blind", "missed_small_blind", "missed_big_blind", "leaving",
                "pending_rebuy")
_COUNTERS = ("hands_played", "rake_taken", "bought_in", "cashed_out", "seq", "turn")
_HAND_KINDS = frozenset(EVENT_KINDS)
_REPLAY = {"fold": ActionKind.FOLD, "check": ActionKind.CHECK, "call": ActionKind.CALL,
           "bet": ActionKind.BET, "raise": ActionKind.RAISE}


def _percent_to_json(p: Any) -> dict[str, Any]:
    if isinstance(p, Fraction):
        return {"type": "fraction", "value": str(p)}
    if isinstance(p, Decimal):
        return {"type": "decimal", "value": str(p)}
    return {"type": "float" if isinstance(p, float) else "int", "value": p}


def _percent_from_json(d: Any) -> Any:
    if not isinstance(d, Mapping) or d.get("type") not in ("fraction", "decimal", "float", "int"):
        raise TableError(f"rules' rake_percent must be a typed number, got {d!r}")
    kind, value = d["type"], d.get("value")
    if not isinstance(value, (int, float, str)):
        raise TableError(f"rules' rake_percent {d!r} is not a number of its type")
    try:
        if kind == "fraction":
            return Fraction(value)
        if kind == "decimal":
            return Decimal(value)
        if kind == "float" and isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        if kind == "int" and value.__class__ is int:
            return value
    except (TypeError, ValueError, ArithmeticError):
        pass
    raise TableError(f"rules' rake_percent {d!r} is not a number of its type")


def _mac(doc: Mapping[str, Any], key: bytes) -> str:
    body = json.dumps({k: v for k, v in doc.items() if k != "mac"}, sort_keys=True,
                      separators=(",", ":")).encode()
    return hmac.new(key, body, hashlib.sha256).hexdigest()


def sign(doc: dict[str, Any], key: bytes | None) -> dict[str, Any]:
    """Add the HMAC-SHA256 of ``doc`` (its sorted compact JSON) as ``"mac"`` when a key
    is given; returns ``doc``."""
    if key is not None:
        doc["mac"] = _mac(doc, key)
    return doc


def open_document(doc: Any, kind: str, key: bytes | None, error: type[HoldemEvalError],
                  what: str) -> Mapping[str, Any]:
    """Check the envelope of a document :func:`sign` wrote: a JSON object of ``kind`` and
    this version, and with ``key`` a matching signature; else ``error`` naming ``what``."""
    if not isinstance(doc, Mapping):
        raise error(f"a {what} document must be a JSON object, got {type(doc).__name__}")
    if doc.get("kind") != kind or doc.get("v") != JSON_VERSION:
        raise error(f"not a version-{JSON_VERSION} {what} document (kind {doc.get('kind')!r},"
                    f" v {doc.get('v')!r})")
    if key is not None:
        mac = doc.get("mac")
        if not isinstance(mac, str) or not hmac.compare_digest(mac, _mac(doc, key)):
            raise error(f"the {what} document's signature does not match: it was changed or"
                        " signed with another key")
    return doc


HEAD_FIELDS = ("button", "first_hand", "last_blinds", "last_small_blind_posted", *_COUNTERS,
               "seats", "hand_starts", "hand")
"""The fields of a table document that change as the table plays (its *head*); the others
are its settings, and ``events``. A journal record (:mod:`.journal`) holds the head
fields that changed and the new events."""


def table_head(t: Table, hand: dict[str, Any] | None = None) -> dict[str, Any]:
    """The :data:`HEAD_FIELDS` of ``t``'s document, as :func:`table_to_json` writes them.
    ``hand``: the running hand's field as written before in this hand (it does not change
    while the hand runs: what started it), to save building it again."""
    if hand is None and t.hand is not None:
        h = t.hand
        hand = {
            "id": t.hand_id, "seats": list(t.hand_seats), "button": h.button,
            "stacks": list(h.starting_stacks), "no_small_blind": h.no_small_blind,
            "posts": {str(p): list(v) for p, v in t._hand_posts.items()},
            # a seeded table's hand n is dealt from seed (s * 0x9E3779B1 + n) mod 2**64 (table.py)
            "seed": None if isinstance(h, DeckHand) or t.seed is None
            else (t.seed * 0x9E3779B1 + t.hands_played) % 2**64,
            "holes": [cards_to_json(c) for c in h.hole_cards] if isinstance(h, DeckHand) else None,
            "start": t._hand_starts[-1],
        }
    return {
        "button": t.button, "first_hand": t._first_hand,
        "last_blinds": None if t._last_blinds is None else list(t._last_blinds),
        "last_small_blind_posted": t._last_small_blind_posted,
        **{name: getattr(t, "_" + name if name in ("seq", "turn") else name) for name in _COUNTERS},
        "seats": [None if s is None else {f: getattr(s, f) for f in _SEAT_FIELDS} for s in t.seats],
        "hand_starts": list(t._hand_starts), "hand": hand,
    }


def table_to_json(t: Table, key: bytes | None) -> dict[str, Any]:
    rules = None
    if t.rules is not None:
        r = t.rules
        rules = {"odd_chips": r.odd_chips, "rake_percent": _percent_to_json(r.rake_percent),
                 "rake_cap": r.rake_cap, "no_flop_no_drop": r.no_flop_no_drop, "method": r.method}
    doc: dict[str, Any] = {
        "v": JSON_VERSION, "kind": DOC_KIND,
        "config": {f.name: getattr(t.config, f.name) for f in fields(t.config) if f.init},
        "rules": rules, "seat_count": t.seat_count, "table_id": t.table_id,
        "seed": t.seed, "min_buy_in": t.min_buy_in, "max_buy_in": t.max_buy_in,
        "max_history": t.max_history, "button_rule": t.button_rule, "max_runs": t.max_runs,
        **table_head(t), "events": [e.to_json() for e in t._events],
    }
    return sign(doc, key)


class _Reader:
    """Typed access to a document's fields; every refusal names the field."""

    def __init__(self, doc: Mapping[str, Any], where: str) -> None:
        self.doc, self.where = doc, where

    def get(self, key: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
        return read_field(self.doc, key, kind, self.where, optional=optional)


def table_from_json(cls: type[Table], doc: Any, key: bytes | None,
                    deck: Callable[[], Deck] | None) -> Table:
    r = _Reader(open_document(doc, DOC_KIND, key, TableError, "table"), "table document")
    try:
        config = GameConfig(**r.get("config", dict))
        rules = None
        rd = r.get("rules", dict, optional=True)
        if rd is not None:
            rules = Rules(**{**rd, "rake_percent": _percent_from_json(rd.get("rake_percent"))})
        t = cls(config, r.get("seat_count", int), rules=rules, seed=r.get("seed", int, optional=True),
                deck=deck, button=r.get("button", int),
                min_buy_in=r.get("min_buy_in", int, optional=True),
                max_buy_in=r.get("max_buy_in", int, optional=True),
                max_history=r.get("max_history", int), table_id=r.get("table_id", str),
                button_rule=(r.get("button_rule", str) if "button_rule" in r.doc else "moving"),
                max_runs=r.get("max_runs", int) if "max_runs" in r.doc else 1)
    except TableError:
        raise
    except (HoldemEvalError, TypeError) as exc:
        raise TableError(f"the table document's settings are invalid: {exc}") from None
    t._first_hand = r.get("first_hand", bool)
    blinds = r.get("last_blinds", list, optional=True)
    if blinds is not None:
        if len(blinds) != 2 or not all(_is_seat(b, t.seat_count) for b in blinds):
            raise TableError(f"table document['last_blinds'] must be two seats, got {blinds!r}")
        t._last_blinds = (blinds[0], blinds[1])
    if "last_small_blind_posted" in r.doc:  # documents before the button rules lack it
        t._last_small_blind_posted = r.get("last_small_blind_posted", bool)
    for name in _COUNTERS:
        value = r.get(name, int)
        if value < 0:
            raise TableError(f"table document[{name!r}] must be >= 0, got {value!r}")
        setattr(t, "_" + name if name in ("seq", "turn") else name, value)
    seats = r.get("seats", list)
    if len(seats) != t.seat_count:
        raise TableError(f"table document['seats'] must list {t.seat_count} seats, got {len(seats)}")
    t.seats = [None if s is None else _seat(SeatState, s, k) for k, s in enumerate(seats)]
    events = [TableEvent.from_json(e) for e in r.get("events", list)]
    seqs = [e.seq for e in events]
    if seqs != list(range(t._seq - len(seqs) + 1, t._seq + 1)):
        raise TableError("table document['events'] are not numbered one by one up to 'seq'")
    t._events = events
    starts = r.get("hand_starts", list)
    if not all(s.__class__ is int and 0 <= s <= len(events) for s in starts) or starts != sorted(starts):
        raise TableError(f"table document['hand_starts'] must be event indexes in order, got {starts!r}")
    t._hand_starts = deque(starts)
    hd = r.get("hand", dict, optional=True)
    if hd is not None:
        _restore_hand(t, _Reader(hd, "table document['hand']"), events)
    if t.chips_in_play() != t.bought_in:
        raise TableError(f"the table document's chips do not add up: stacks, pot, rake and cash-outs"
                         f" make {t.chips_in_play()}, the buy-ins {t.bought_in}")
    return t


def _is_seat(value: Any, n: int) -> bool:
    return value.__class__ is int and 0 <= value < n


def _seat(seat_cls: type[SeatState], d: Any, k: int) -> SeatState:
    where = f"table document['seats'][{k}]"
    if not isinstance(d, Mapping) or sorted(d) != sorted(_SEAT_FIELDS):
        raise TableError(f"{where} must be an object with {', '.join(_SEAT_FIELDS)}")
    r = _Reader(d, where)
    values = {f: r.get(f, str if f == "name" else int if f in ("stack", "bought_in", "pending_rebuy")
                       else bool) for f in _SEAT_FIELDS}
    if min(values["stack"], values["bought_in"], values["pending_rebuy"]) < 0:
        raise TableError(f"{where} has a negative amount")
    return seat_cls(**values)


def _restore_hand(t: Table, r: _Reader, events: list[TableEvent]) -> None:
    """Replay the running hand from what started it and the events it made."""
    hand_id = r.get("id", str)
    order = r.get("seats", list)
    n = len(order)
    if not (2 <= n <= t.seat_count and all(_is_seat(k, t.seat_count) for k in order)
            and order == sorted(set(order)) and all(t.seats[k] is not None for k in order)):
        raise TableError(f"table document['hand']['seats'] must be occupied seats in order, got {order!r}")
    stacks = r.get("stacks", list)
    button = r.get("button", int)
    no_sb = r.get("no_small_blind", bool) if "no_small_blind" in r.doc else False
    posts_doc = r.get("posts", dict)
    start = r.get("start", int)
    if not t._hand_starts or start != t._hand_starts[-1]:
        raise TableError("table document['hand']['start'] is not the last hand start")
    try:
        posts = {int(p): (v[0], v[1]) for p, v in posts_doc.items()}
    except (ValueError, TypeError, IndexError, KeyError):
        raise TableError(f"table document['hand']['posts'] is not a map of seat to [live, dead],"
                         f" got {posts_doc!r}") from None
    for k, stack in zip(order, stacks):
        seat = t.seats[k]
        assert seat is not None
        if seat.stack != stack:
            raise TableError(f"seat {k}'s stack {seat.stack} is not the hand's starting stack {stack!r}")
    recorded = [e for e in events[start:] if e.kind in _HAND_KINDS]
    seed = r.get("seed", int, optional=True)
    try:
        if seed is not None:
            hand: Hand = Hand(t.config, stacks, button=button, seed=seed, posts=posts or None,
                              rules=t.rules, no_small_blind=no_sb, max_runs=t.max_runs)
        else:
            holes_doc = r.get("holes", list)
            if len(holes_doc) != n:
                raise TableError(f"table document['hand']['holes'] must list {n} hands")
            holes = [cards_from_json(c, f"table document['hand']['holes'][{p}]")
                     for p, c in enumerate(holes_doc)]
            hc = t.config.hole_count
            dealt = [holes[(button + 1 + j) % n][j // n] for j in range(n * hc)] if all(
                len(h) == hc for h in holes) else []
            boards = [c for e in recorded if e.kind in ("board", "run_board") for c in e.cards]
            hand = DeckHand(t.config, stacks, button=button, posts=posts or None, rules=t.rules,
                            deck=PresetDeck([*dealt, *boards]), no_small_blind=no_sb,
                            max_runs=t.max_runs)
        for e in recorded:
            kind = _REPLAY.get(e.kind)
            if e.kind == "run_choice" and e.seat is not None:  # run it twice
                hand.choose_runs(order.index(e.seat), e.amount or None)
            if kind is not None and e.seat is not None:
                if hand.current_actor is None or order[hand.current_actor] != e.seat:
                    raise TableError(f"event {e.seq} ({e.kind} by seat {e.seat}) is not the seat to act")
                hand.act(Action(kind, e.amount if kind in (ActionKind.BET, ActionKind.RAISE) else 0))
        if isinstance(hand, DeckHand):
            hand.deck = OsDeck() if t.deck is None else t.deck()
    except TableError:
        raise
    except HoldemEvalError as exc:
        raise TableError(f"the table document's hand {hand_id!r} cannot be replayed: {exc}") from None
    replayed = [(e.kind, None if e.seat < 0 else order[e.seat], e.amount, tuple(e.cards))
                for e in hand.events]
    if replayed != [(e.kind, e.seat, e.amount, e.cards) for e in recorded]:
        raise TableError(f"the table document's hand {hand_id!r} does not replay to its recorded events")
    if hand.is_over:
        raise TableError(f"the table document's hand {hand_id!r} is over but still running")
    t.hand, t.hand_id, t.hand_seats, t._hand_posts = hand, hand_id, list(order), posts
    t._synced = len(hand.events)
