"""What a :class:`~holdem_eval.engine.Tournament` shows: its events, its standings and a
view of the whole tournament, each with a JSON form (plain dicts and lists, a ``"v"``
version field, like :mod:`holdem_eval.engine.table.view`; each table's own events and
views are the :class:`~holdem_eval.engine.Table`'s).

>>> ev = TournamentEvent(seq=4, kind="bust", table=2, seat=5, entry=17, info={"name": "p17"})
>>> ev.to_json()
{'v': 1, 'seq': 4, 'kind': 'bust', 'table': 2, 'seat': 5, 'entry': 17, 'amount': 0, 'info': {'name': 'p17'}}
>>> TournamentEvent.from_json(ev.to_json()) == ev
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import TournamentError
from ..table.view import JSON_VERSION, read_field

__all__ = [
    "TOURNAMENT_EVENT_KINDS", "Standing", "TableSummary", "TournamentEvent", "TournamentView",
    "standings_order",
]

TOURNAMENT_EVENT_KINDS = (
    "register", "seat", "start", "registration_closed", "level", "break", "hand_for_hand",
    "bust", "place", "payout", "move", "table_break", "final_table", "finish",
)
"""What each kind means (``amount`` in brackets): ``register`` an entry (``info``: name,
re-entry number); ``seat`` its first seat (its chips); ``start`` (the entries);
``registration_closed`` (the prize pool; ``info``: entries, prizes); ``level`` / ``break``
a new stage (the level number; ``info``: the stage); ``hand_for_hand`` a round starts (the
round number); ``bust`` an entry's last chip lost (its stack at the start of that hand);
``place`` its finishing place (the place; ``info``: ``place``, and ``place_to`` when tied);
``payout`` its prize (the prize); ``move`` a player moved by balancing or a table break (his
chips; ``table``/``seat``: where to; ``info``: ``from_table``, ``from_seat``, ``reason``);
``table_break`` (the players it had); ``final_table``; ``finish`` (``entry``: the winner)."""


def _get(d: Mapping[str, Any], key: str, kind: type, where: str, *, null: bool = False) -> Any:
    return read_field(d, key, kind, where, error=TournamentError, optional=null)


def _object(doc: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(doc, Mapping):
        raise TournamentError(f"{where} must be a JSON object, got {doc!r}")
    return doc


@dataclass(frozen=True)
class TournamentEvent:
    """One entry of the tournament's event stream: ``seq`` numbers them from 1; ``table``
    is a table number (from 1) or ``None``; ``seat`` a table seat or ``None``; ``entry``
    an entry number (from 1) or ``None``; ``amount`` chips or prize units by kind."""

    seq: int
    kind: str
    table: int | None = None
    seat: int | None = None
    entry: int | None = None
    amount: int = 0
    info: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"v": JSON_VERSION, "seq": self.seq, "kind": self.kind, "table": self.table,
                "seat": self.seat, "entry": self.entry, "amount": self.amount, "info": dict(self.info)}

    @classmethod
    def from_json(cls, doc: Any) -> TournamentEvent:
        keys = ("seq", "kind", "table", "seat", "entry", "amount", "info")
        if not isinstance(doc, Mapping) or doc.get("v") != JSON_VERSION:
            raise TournamentError(f"tournament event must be a JSON object of version {JSON_VERSION},"
                                  f" got {doc!r}")
        missing = [k for k in keys if k not in doc]
        if missing:
            raise TournamentError(f"tournament event lacks {', '.join(map(repr, missing))}: {doc!r}")
        if doc["kind"] not in TOURNAMENT_EVENT_KINDS:
            raise TournamentError(f"tournament event kind must be one of "
                                  f"{', '.join(TOURNAMENT_EVENT_KINDS)}, got {doc['kind']!r}")
        for k in ("seq", "amount"):
            if doc[k].__class__ is not int:
                raise TournamentError(f"tournament event[{k!r}] must be an int, got {doc[k]!r}")
        for k in ("table", "seat", "entry"):
            if doc[k] is not None and doc[k].__class__ is not int:
                raise TournamentError(f"tournament event[{k!r}] must be an int or null, got {doc[k]!r}")
        if not isinstance(doc["info"], Mapping):
            raise TournamentError(f"tournament event['info'] must be an object, got {doc['info']!r}")
        return cls(doc["seq"], doc["kind"], doc["table"], doc["seat"], doc["entry"], doc["amount"],
                   dict(doc["info"]))


@dataclass(frozen=True)
class Standing:
    """One entry: its chips (0 once out), where it sits, and once out its finishing place
    (``place_to`` is the last place of a tie, else equal to ``place``; both ``None`` until
    the place is known) and prize."""

    entry: int
    name: str
    chips: int
    table: int | None
    seat: int | None
    place: int | None
    place_to: int | None
    prize: int

    def to_json(self) -> dict[str, Any]:
        return {"entry": self.entry, "name": self.name, "chips": self.chips, "table": self.table,
                "seat": self.seat, "place": self.place, "place_to": self.place_to, "prize": self.prize}

    @classmethod
    def from_json(cls, doc: Any, where: str = "standing") -> Standing:
        d = _object(doc, where)
        return cls(**{k: _get(d, k, str if k == "name" else int, where,
                              null=k in ("table", "seat", "place", "place_to"))
                      for k in ("entry", "name", "chips", "table", "seat", "place", "place_to", "prize")})


@dataclass(frozen=True)
class TableSummary:
    """A running table: its number, its :class:`Table`'s id, its players, its hand."""

    table: int
    table_id: str
    players: int
    hand_id: str | None

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "table_id": self.table_id, "players": self.players,
                "hand": self.hand_id}

    @classmethod
    def from_json(cls, doc: Any, where: str = "table summary") -> TableSummary:
        d = _object(doc, where)
        return cls(_get(d, "table", int, where), _get(d, "table_id", str, where),
                   _get(d, "players", int, where), _get(d, "hand", str, where, null=True))


@dataclass(frozen=True)
class TournamentView:
    """The whole tournament at a moment: the stage (a level's blinds, or a break), the
    field, the prizes, the running tables and every entry's standing."""

    tournament_id: str
    stage: int
    level: Mapping[str, Any]
    on_break: bool
    hand_for_hand: bool
    registration_open: bool
    started: bool
    finished: bool
    entries: int
    players_left: int
    prize_pool: int | None
    prizes: tuple[int, ...] | None
    tables: tuple[TableSummary, ...]
    standings: tuple[Standing, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "v": JSON_VERSION, "tournament": self.tournament_id, "stage": self.stage,
            "level": dict(self.level), "on_break": self.on_break, "hand_for_hand": self.hand_for_hand,
            "registration_open": self.registration_open, "started": self.started,
            "finished": self.finished, "entries": self.entries, "players_left": self.players_left,
            "prize_pool": self.prize_pool, "prizes": None if self.prizes is None else list(self.prizes),
            "tables": [t.to_json() for t in self.tables],
            "standings": [s.to_json() for s in self.standings],
        }

    @classmethod
    def from_json(cls, doc: Any) -> TournamentView:
        """The view back from :meth:`to_json`; a document of another version or shape is
        refused with :class:`TournamentError` naming the field."""
        where = "tournament view"
        d = _object(doc, where)
        if d.get("v") != JSON_VERSION:
            raise TournamentError(f"{where} has version {d.get('v')!r}; this library reads version"
                                  f" {JSON_VERSION}")
        prizes = _get(d, "prizes", list, where, null=True)
        if prizes is not None and not all(p.__class__ is int for p in prizes):
            raise TournamentError(f"{where}['prizes'] must be a list of ints, got {prizes!r}")
        tables = _get(d, "tables", list, where)
        standings = _get(d, "standings", list, where)
        flags = {k: _get(d, k, bool, where)
                 for k in ("on_break", "hand_for_hand", "registration_open", "started", "finished")}
        return cls(
            tournament_id=_get(d, "tournament", str, where), stage=_get(d, "stage", int, where),
            level=dict(_get(d, "level", dict, where)), **flags,
            entries=_get(d, "entries", int, where), players_left=_get(d, "players_left", int, where),
            prize_pool=_get(d, "prize_pool", int, where, null=True),
            prizes=None if prizes is None else tuple(prizes),
            tables=tuple(TableSummary.from_json(t, f"{where}['tables'][{k}]") for k, t in enumerate(tables)),
            standings=tuple(Standing.from_json(s, f"{where}['standings'][{k}]")
                            for k, s in enumerate(standings)),
        )


def standings_order(rows: Sequence[Standing], finished: bool) -> tuple[Standing, ...]:
    """:meth:`Tournament.standings`' order: players still in by chips (most first), then
    those out by place (best first; out before registration closed and not yet placed:
    last, latest entry first)."""

    def key(s: Standing) -> tuple[int, int, int]:
        if s.place is not None and (s.table is None or finished):
            return (1, s.place, s.entry)
        if s.table is None:
            return (2, 0, -s.entry)
        return (0, -s.chips, s.entry)

    return tuple(sorted(rows, key=key))
