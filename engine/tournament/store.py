"""A :class:`~holdem_eval.engine.Tournament` as a JSON document, and back
(``Tournament.to_json`` / ``Tournament.from_json``).

The document holds the settings (restored through the constructor, so they are checked
again), the tournament's own state (entries, places, stage, clock, pending bust-outs, the
hand-for-hand round, the seating random state of a seeded tournament), its events, and
each running table as :meth:`Table.to_json` writes it — a hand in progress included, so
the document is **secret** (it holds dealt hole cards). Restoring checks that the entries
and the tables agree seat by seat and that the chips add up to ``starting_stack`` times
the entries, or refuses the document with
:class:`~holdem_eval.engine.TournamentError`; each table is restored (and its running hand
replayed) by :meth:`Table.from_json`. ``key=`` signs the whole document (HMAC-SHA256).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from holdem_eval import HoldemEvalError

from ..errors import TournamentError
from ..table.store import open_document, sign
from ..table.table import Table
from ..table.view import JSON_VERSION, read_field
from .structure import Break, Entry, Level, Stage
from .view import TournamentEvent

if TYPE_CHECKING:
    from .tournament import Tournament

__all__ = ["tournament_from_json", "tournament_to_json"]

DOC_KIND = "holdem-eval/tournament"
_ENTRY_FIELDS = ("number", "name", "table", "seat", "out", "place", "place_to", "prize")


def tournament_to_json(t: Tournament, key: bytes | None) -> dict[str, Any]:
    rng = None
    if isinstance(t._rng, random.Random) and t.seed is not None:
        version, internal, gauss = t._rng.getstate()
        rng = [version, list(internal), gauss]
    doc: dict[str, Any] = {
        "v": JSON_VERSION, "kind": DOC_KIND,
        "settings": {
            "levels": [s.to_json() for s in t.levels], "starting_stack": t.starting_stack,
            "table_size": t.table_size, "tables": t.max_tables,
            "payouts": None if t._fixed is None else list(t._fixed),
            "percentages": None if t._percentages is None else list(t._percentages),
            "buy_in": t.buy_in, "clock": t.clock, "late_registration": t.late_registration,
            "re_entries": t.re_entries, "hand_for_hand": t.hand_for_hand, "variant": t.variant,
            "betting": t.betting, "seed": t.seed, "max_history": t.max_history,
            "tournament_id": t.tournament_id,
        },
        "rng": rng,
        "state": {
            "started": t.started, "finished": t.finished, "registration_open": t.registration_open,
            "prizes": None if t.prizes is None else list(t.prizes), "stage": t.stage,
            "elapsed": t.elapsed, "stage_end": None if math.isinf(t._stage_end) else t._stage_end,
            "level_hands": {str(no): n for no, n in t._level_hands.items()},
            "starts": {str(no): {str(k): v for k, v in s.items()} for no, s in t._starts.items()},
            "pending": [[[e.number, stack] for e, stack in group] for group in t._pending],
            "placed": t._placed, "round": None if t._round is None else sorted(t._round),
            "round_busts": [[e.number, stack] for e, stack in t._round_busts],
            "hand_for_hand_rounds": t.hand_for_hand_rounds, "last_played": t.last_played,
        },
        "entries": [{f: getattr(e, f) for f in _ENTRY_FIELDS} for e in t._entries],
        "tables": {str(no): tb.to_json() for no, tb in t.tables.items()},
        "events": [e.to_json() for e in t._events],
    }
    return sign(doc, key)


def _get(d: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str, *,
         optional: bool = False) -> Any:
    return read_field(d, key, kind, where, error=TournamentError, optional=optional)


def _stage(d: Any, k: int) -> Stage:
    if not isinstance(d, Mapping) or d.get("kind") not in ("level", "break"):
        raise TournamentError(f"tournament document level {k} must be a level or a break, got {d!r}")
    fields = {f: v for f, v in d.items() if f != "kind"}
    try:
        return Level(**fields) if d["kind"] == "level" else Break(**fields)
    except TypeError:
        raise TournamentError(f"tournament document level {k} has unknown fields: {d!r}") from None
    except TournamentError as exc:
        raise TournamentError(f"tournament document level {k}: {exc}") from None


def _int_keys(d: Any, where: str) -> dict[int, Any]:
    if not isinstance(d, Mapping):
        raise TournamentError(f"{where} must be an object, got {d!r}")
    out = {}
    for k, v in d.items():
        if not isinstance(k, str) or not k.isdigit():
            raise TournamentError(f"{where} has a key that is not a number: {k!r}")
        out[int(k)] = v
    return out


def _ints(d: dict[int, Any], where: str) -> dict[int, int]:
    if not all(v.__class__ is int and v >= 0 for v in d.values()):
        raise TournamentError(f"{where} must map numbers to ints >= 0, got {d!r}")
    return d


def tournament_from_json(cls: type[Tournament], doc: Any, key: bytes | None) -> Tournament:

    doc = open_document(doc, DOC_KIND, key, TournamentError, "tournament")
    where = "tournament document"
    s = _get(doc, "settings", dict, where)
    levels = [_stage(d, k) for k, d in enumerate(_get(s, "levels", list, f"{where}['settings']"))]
    settings = {k: v for k, v in s.items() if k not in ("levels", "starting_stack")}
    try:
        t = cls(levels, s.get("starting_stack"), **settings)
    except TournamentError as exc:
        raise TournamentError(f"{where}'s settings are invalid: {exc}") from None
    except TypeError as exc:
        raise TournamentError(f"{where}'s settings are invalid: {exc}") from None
    rng = doc.get("rng")
    if rng is not None:
        if not (isinstance(rng, list) and len(rng) == 3 and isinstance(rng[1], list)):
            raise TournamentError(f"{where}['rng'] must be a random state, got a {type(rng).__name__}")
        try:
            t._rng.setstate((rng[0], tuple(rng[1]), rng[2]))
        except (TypeError, ValueError):
            raise TournamentError(f"{where}['rng'] is not a random state") from None
    st = _get(doc, "state", dict, where)
    w = f"{where}['state']"
    t.started = _get(st, "started", bool, w)
    t.finished = _get(st, "finished", bool, w)
    t.registration_open = _get(st, "registration_open", bool, w)
    prizes = _get(st, "prizes", list, w, optional=True)
    if prizes is not None and not all(p.__class__ is int and p >= 0 for p in prizes):
        raise TournamentError(f"{w}['prizes'] must be ints >= 0, got {prizes!r}")
    t.prizes = None if prizes is None else tuple(prizes)
    t.stage = _get(st, "stage", int, w)
    if not 0 <= t.stage < len(t.levels):
        raise TournamentError(f"{w}['stage'] must be 0..{len(t.levels) - 1}, got {t.stage!r}")
    t.elapsed = float(_get(st, "elapsed", (int, float), w))
    end = _get(st, "stage_end", (int, float), w, optional=True)
    t._stage_end = math.inf if end is None else float(end)
    t._placed = _get(st, "placed", int, w)
    t.hand_for_hand_rounds = _get(st, "hand_for_hand_rounds", int, w)
    t.last_played = _get(st, "last_played", int, w)

    # entries, then the tables, then check that they agree seat by seat
    entries = []
    for k, e in enumerate(_get(doc, "entries", list, where)):
        we = f"{where}['entries'][{k}]"
        entry = Entry(_get(e, "number", int, we), _get(e, "name", str, we),
                       _get(e, "table", int, we, optional=True), _get(e, "seat", int, we, optional=True),
                       _get(e, "out", bool, we), _get(e, "place", int, we, optional=True),
                       _get(e, "place_to", int, we, optional=True), _get(e, "prize", int, we))
        if entry.number != k + 1:
            raise TournamentError(f"{we} is numbered {entry.number}, expected {k + 1}")
        entries.append(entry)
    t._entries = entries
    t._left = sum(not e.out for e in entries)
    for no, td in _int_keys(_get(doc, "tables", dict, where), f"{where}['tables']").items():
        try:
            tb = Table.from_json(td)
        except HoldemEvalError as exc:
            raise TournamentError(f"{where}: table {no}: {exc}") from None
        if tb.table_id != f"{t.tournament_id}-{no}" or tb.seat_count != t.table_size:
            raise TournamentError(f"{where}: table {no} is {tb.table_id!r} with {tb.seat_count} seats;"
                                  f" expected {t.tournament_id}-{no!r} with {t.table_size}")
        t.tables[no] = tb
    t._at = {}
    for e in entries:
        if e.out != (e.table is None) or (e.table is None) != (e.seat is None):
            raise TournamentError(f"{where}: entry {e.number} is {'out' if e.out else 'in'} but"
                                  f" sits at table {e.table!r}, seat {e.seat!r}")
        if e.table is None or e.seat is None:
            continue
        at = t.tables.get(e.table)
        seat = None if at is None or not 0 <= e.seat < at.seat_count else at.seats[e.seat]
        if seat is None or seat.name != e.name or (e.table, e.seat) in t._at:
            raise TournamentError(f"{where}: entry {e.number} ({e.name!r}) is not at table {e.table},"
                                  f" seat {e.seat}")
        t._at[(e.table, e.seat)] = e
    empty = sum(x.seats.count(None) for x in t.tables.values())
    if len(t._at) != sum(x.seat_count for x in t.tables.values()) - empty:
        raise TournamentError(f"{where}: the tables seat players that no entry in the document names")
    by_number = {e.number: e for e in entries}

    def pair(x: Any, wp: str) -> tuple[Entry, int]:
        if not (isinstance(x, list) and len(x) == 2 and x[0] in by_number and x[1].__class__ is int):
            raise TournamentError(f"{wp} must be [entry, stack], got {x!r}")
        return by_number[x[0]], x[1]

    t._pending = [[pair(x, f"{w}['pending']") for x in g] for g in _get(st, "pending", list, w)]
    t._round_busts = [pair(x, f"{w}['round_busts']") for x in _get(st, "round_busts", list, w)]
    rnd = _get(st, "round", list, w, optional=True)
    if rnd is not None and not all(x.__class__ is int for x in rnd):
        raise TournamentError(f"{w}['round'] must be table numbers, got {rnd!r}")
    t._round = None if rnd is None else set(rnd)
    t._level_hands = _ints(_int_keys(st.get("level_hands"), f"{w}['level_hands']"), f"{w}['level_hands']")
    starts = _int_keys(st.get("starts"), f"{w}['starts']")
    t._starts = {no: _ints(_int_keys(d, f"{w}['starts']"), f"{w}['starts']") for no, d in starts.items()}
    if set(t._starts) != {no for no, tb in t.tables.items() if tb.hand is not None}:
        raise TournamentError(f"{where}: the hands' starting stacks do not match the running hands")
    t._events = [TournamentEvent.from_json(e) for e in _get(doc, "events", list, where)]
    if [e.seq for e in t._events] != list(range(1, len(t._events) + 1)):
        raise TournamentError(f"{where}['events'] are not numbered one by one from 1")
    total = t.starting_stack * len(entries)
    if t.chips_in_play() != total:
        raise TournamentError(f"{where}: the tables hold {t.chips_in_play()} chips, but {len(entries)}"
                              f" entries of {t.starting_stack} make {total}")
    return t
