"""One table of the reference server: the engine's :class:`Table`, who holds which seat
(secret seat tokens), the decision clock and time banks, continuous dealing, the
snapshot written after every change, and the hand log.

Nothing here knows about sockets: :mod:`holdem_eval.server.app` turns messages into the
calls below and sends each connection what :meth:`Room.update` builds for it. Every
refusal is a :class:`ServerError` with a stable ``code`` and a message that names what was
wrong; a refused request changes nothing.

Persistence (``state_dir``): the room's *snapshot* is the table's :meth:`Table.to_json`
document (it holds the dealt hole cards, never an undealt card), the seat tokens' SHA-256
digests, the time banks and a serial number; its first line is the HMAC-SHA256 of the
rest. It is written whole (a *base*) over the older of two slots, ``table-<n>-a.snap`` and
``table-<n>-b.snap``, at the end of each hand (and after :data:`MAX_RECORDS` changes);
after every other change the room appends one signed record of what changed (the new
events, the changed seats and counters, tokens and banks) to ``table-<n>.journal``
(:mod:`holdem_eval.engine.table.journal`), and a new base empties the journal. A restart
takes the newest valid slot and replays the journal's records after it: a base write cut
short by a crash fails its signature and the other slot, with the journal that follows
it, holds the state just before; a record cut short is left out (the action before it
stands); a complete record with a bad signature or out of sequence refuses the start,
naming the file and line. (Two slots written in place cost a fraction of a new file
renamed over the old one each time; an appended record a fraction of either.) Every
write happens *before* the change is sent to any client, so no client has seen a state
that a restart would lose. ``hands-<n>.jsonl`` gets one line per finished hand with
every seat's hole cards: the server's own record (secret, like the snapshot).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import socket
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: no POSIX locks; a state folder is one server's there
    fcntl = None  # type: ignore[assignment]

from holdem_eval.engine import GameConfig, Table, TableError
from holdem_eval.engine.table.journal import TableJournal, apply_record, journal_line, read_journal
from holdem_eval.engine.table.view import cards_to_json, parse_action

from ..errors import HoldemEvalError, ServerError

__all__ = ["Room", "ServerSettings"]

ROOM_DOC_KIND = "holdem-eval/server-table"
ROOM_DOC_VERSION = 1
MAX_RECORDS = 512
"""Journal records after which the next change writes a new base (a table whose hand
never ends still gets a short journal)."""
_CATEGORY_WORDS = {"Cc": "a control character", "Cf": "a format character", "Cs": "a lone surrogate",
                   "Co": "a private-use character", "Cn": "an unassigned code point",
                   "Zl": "a line separator", "Zp": "a paragraph separator"}
_BAD_NAME_CATEGORIES = frozenset(_CATEGORY_WORDS)
"""Unicode categories a player name may not hold: what is not shown as itself (controls
such as NUL or a newline, format characters such as U+202E right-to-left override or
zero-width joiners), lone surrogates, private-use and unassigned code points, and line
breaks."""


@dataclass(frozen=True)
class ServerSettings:
    """The settings every table of a server shares (``holdem-eval serve``'s options).

    ``clock``: seconds a seat has for each decision; then its ``time_bank`` (seconds for
    the whole session) runs; when both are spent the table plays the default action
    (check if free, else fold) and, if the seat has no connection, sits it out.
    ``hand_delay``: seconds between hands. ``min_buy_in`` / ``max_buy_in``: in chips
    (default 20 and 200 big blinds). ``state_dir``: where snapshots and hand logs go
    (``None``: nothing is written and a restart starts empty). ``fsync``: flush each
    snapshot to the disk before it replaces the old one (survives a power cut, not only a
    crash of the process; slower). ``journal``: append what changed to the table's
    journal and write the whole snapshot only at a hand's end (False: the whole snapshot
    after every change, as before the journal; slower).
    """

    tables: int = 1
    seats: int = 6
    small_blind: int = 1
    big_blind: int = 2
    betting: str = "no-limit"
    clock: float = 15.0
    time_bank: float = 30.0
    hand_delay: float = 1.0
    min_buy_in: int | None = None
    max_buy_in: int | None = None
    state_dir: Path | None = None
    fsync: bool = False
    max_history: int = 2
    journal: bool = True

    def __post_init__(self) -> None:
        for name in ("tables", "seats", "small_blind", "big_blind", "max_history"):
            value = getattr(self, name)
            if value.__class__ is not int or value < 1:
                raise ServerError("bad_setting", f"{name} must be a positive int, got {value!r}")
        if not 2 <= self.seats <= 10:
            raise ServerError("bad_setting", f"seats must be 2..10, got {self.seats!r}")
        for name in ("clock", "time_bank", "hand_delay"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value < 1e6:
                raise ServerError("bad_setting", f"{name} must be seconds 0..1e6, got {value!r}")
        if self.clock <= 0:
            raise ServerError("bad_setting", f"clock must be more than 0 seconds, got {self.clock!r}")

    def game_config(self) -> GameConfig:
        return GameConfig(betting=self.betting, small_blind=self.small_blind, big_blind=self.big_blind)

    @property
    def buy_in_range(self) -> tuple[int, int]:
        low = 20 * self.big_blind if self.min_buy_in is None else self.min_buy_in
        high = 200 * self.big_blind if self.max_buy_in is None else self.max_buy_in
        return low, high


_VIEWER_FIELDS = frozenset({"viewer", "seats", "legal", "to_call", "runs"})
"""The fields of a view that differ between viewers (``Table.views_json``)."""


_dumps = json.JSONEncoder(separators=(",", ":")).encode
"""Compact JSON text (one encoder for every call: ``json.dumps`` with separators makes a
new one each time)."""


def _list_text(items: list[Any]) -> str:
    return _dumps(items) if items else "[]"


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _mac(key: bytes, body: bytes) -> str:
    return hmac.new(key, body, hashlib.sha256).hexdigest()


def _int(value: Any, what: str, low: int, high: int) -> int:
    if value.__class__ is not int or not low <= value <= high:
        raise ServerError("bad_message", f"{what} must be an int {low}..{high}, got {value!r}")
    return int(value)


class Room:
    """One table and its seat holders. ``now`` is the monotonic clock (seconds)."""

    def __init__(self, index: int, settings: ServerSettings, key: bytes,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.index = index
        self.settings = settings
        self.key = key
        self.now = now
        low, high = settings.buy_in_range
        self.table = Table(settings.game_config(), settings.seats, min_buy_in=low, max_buy_in=high,
                           max_history=settings.max_history, table_id=f"t{index}-{secrets.token_hex(3)}")
        self.tokens: dict[int, str] = {}  # seat -> SHA-256 of its secret token
        self.banks: dict[int, float] = {}  # seat -> seconds of time bank left
        self.online: set[int] = set()  # seats with a live connection
        self.logged = 0  # hands written to the hand log
        self._clock_turn = -1
        self._clock_start = 0.0
        self._idle_since = now()
        self._short = False  # too few players for a hand: wait for a change, not a time
        self.serial = 0  # snapshots written; slot serial % 2 holds the newest
        self._fds: list[int | None] = [None, None]
        self._jfd: int | None = None  # the journal, open for appending
        self._lock_fd: int | None = None  # table-<n>.lock, held while the room runs
        self._journal: TableJournal | None = None  # what of the table the files hold
        self._previous = b""  # the signature the next journal record chains from
        self._written: dict[str, Any] = {}  # the tokens, banks and hands logged as written
        self._records = 0  # journal records since the base
        self._base_hands = -1  # hands played when the base was written
        self.warnings: list[str] = []  # what restore() skipped
        self._version = 0  # changes made (the views below are of version _views_at)
        self._views_at = -1
        self._views: dict[int | None, dict[str, Any]] = {}
        self._common_text = ""  # the views' shared fields, encoded
        self._seat_texts: list[str] = []  # each seat as everyone sees it, encoded
        self._view_texts: dict[int | None, str] = {}  # each viewer's view, encoded
        self._event_text: dict[int, str] = {}  # seq -> an event's JSON text as all may see it

    # ---- files ---------------------------------------------------------------------
    def _path(self, stem: str) -> Path | None:
        d = self.settings.state_dir
        return None if d is None else d / f"{stem}-{self.index}.{'jsonl' if stem == 'hands' else 'json'}"

    def _slots(self) -> tuple[Path, Path] | None:
        d = self.settings.state_dir
        return None if d is None else (d / f"table-{self.index}-a.snap", d / f"table-{self.index}-b.snap")

    def snapshot(self) -> None:
        """Write what changed (see the module docstring): a record appended to the journal,
        or at a hand's end (and every :data:`MAX_RECORDS` records, and without
        ``settings.journal`` every time) the whole snapshot as a new base."""
        if self.settings.state_dir is None:
            return
        j = self._journal
        if (j is None or j.table is not self.table or not self.settings.journal
                or self.table.hands_played != self._base_hands or self._records >= MAX_RECORDS):
            self._write_base()
            return
        change = j.record()
        if change is None:  # the table dropped old events: only a base says which
            self._write_base()
            return
        self.serial += 1
        record: dict[str, Any] = {"serial": self.serial, "table": change}
        room = self._room_state()
        for k, v in room.items():
            if self._written.get(k) != v:
                record[k] = v
        self._written = room
        line, self._previous = journal_line(self.key, self._previous, record)
        fd = self._journal_fd()
        data = memoryview(line)
        while data:
            data = data[os.write(fd, data):]
        if self.settings.fsync:
            os.fsync(fd)
        self._records += 1

    def _room_state(self) -> dict[str, Any]:
        return {"tokens": {str(k): v for k, v in self.tokens.items()},
                "banks": {str(k): v for k, v in self.banks.items()}, "logged": self.logged}

    def _journal_fd(self) -> int:
        if self._jfd is None:
            d = self.settings.state_dir
            assert d is not None
            self._jfd = os.open(d / f"table-{self.index}.journal",
                                os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
        return self._jfd

    def _write_base(self) -> None:
        """Write the whole snapshot into the older of the two slots, then empty the
        journal: the newer slot (and the journal after it) stay whole whatever happens to
        this write."""
        slots = self._slots()
        assert slots is not None
        self.serial += 1
        room = self._room_state()
        doc: dict[str, Any] = {"v": ROOM_DOC_VERSION, "kind": ROOM_DOC_KIND, "serial": self.serial,
                               "table": self.table.to_json(), **room}
        body = json.dumps(doc, separators=(",", ":")).encode()  # dumps: the C encoder
        mac = _mac(self.key, body).encode()
        data = memoryview(mac + b"\n" + body)
        k = self.serial % 2
        fd = self._fds[k]
        if fd is None:
            fd = self._fds[k] = os.open(slots[k], os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
        os.lseek(fd, 0, os.SEEK_SET)
        while data:
            data = data[os.write(fd, data):]
        os.ftruncate(fd, os.lseek(fd, 0, os.SEEK_CUR))
        if self.settings.fsync:
            os.fsync(fd)
        if self.settings.journal:
            jfd = self._journal_fd()
            if self._records or os.fstat(jfd).st_size:
                os.ftruncate(jfd, 0)  # its records are in the base now
            if self._journal is None or self._journal.table is not self.table:
                self._journal = TableJournal(self.table)
            else:
                self._journal.mark()
        self._previous, self._written, self._records = mac, room, 0
        self._base_hands = self.table.hands_played

    def lock(self) -> None:
        """Take the table's lock file, ``table-<n>.lock``, for as long as the room runs: a
        second server of the same state folder (another host on a shared file system,
        another worker) cannot run the table meanwhile. The kernel lets go of it when the
        process ends, however it ends."""
        d = self.settings.state_dir
        if d is None or fcntl is None:  # no state, or no POSIX locks (Windows): nothing to guard
            return
        path = d / f"table-{self.index}.lock"
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.read(fd, 200).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            raise ServerError("bad_setting", f"table {self.index} is run by another server of {d}"
                                             f" (process {holder}); stop it there first, or run"
                                             " other tables here") from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()} on {socket.gethostname()}\n".encode())
        self._lock_fd = fd

    def close(self) -> None:
        """Close the snapshot files and let go of the table's lock (the server stops)."""
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None
        for k, fd in enumerate(self._fds):
            if fd is not None:
                os.close(fd)
                self._fds[k] = None
        if self._jfd is not None:
            os.close(self._jfd)
            self._jfd = None

    def _read_slot(self, path: Path) -> tuple[dict[str, Any], bytes]:
        try:
            mac, _, body = path.read_bytes().partition(b"\n")
        except OSError as exc:
            raise ServerError("bad_snapshot", f"{path}: cannot be read ({exc})") from None
        if not hmac.compare_digest(mac, _mac(self.key, body).encode()):
            raise ServerError("bad_snapshot", f"{path}: the signature does not match (a write cut short"
                                              " by a crash, a changed file, or another key)")
        try:
            doc = json.loads(body)
        except ValueError as exc:
            raise ServerError("bad_snapshot", f"{path}: not a JSON snapshot ({exc})") from None
        if (not isinstance(doc, dict) or doc.get("kind") != ROOM_DOC_KIND or doc.get("v") != ROOM_DOC_VERSION
                or doc.get("serial").__class__ is not int):
            raise ServerError("bad_snapshot", f"{path}: not a version-{ROOM_DOC_VERSION} server snapshot")
        return doc, mac

    def _replay_journal(self, doc: dict[str, Any], mac: bytes) -> None:
        """Apply the journal's records after the base ``doc`` (signed ``mac``) to it."""
        d = self.settings.state_dir
        assert d is not None
        path = d / f"table-{self.index}.journal"
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return
        except OSError as exc:
            raise ServerError("bad_snapshot", f"{path}: cannot be read ({exc})") from None
        try:
            found = read_journal(data, self.key, mac, doc["serial"], str(path))
            for record in found.records:
                where = f"{path} record {record['serial']}"
                apply_record(doc["table"], record.get("table"), where)
                for k in ("tokens", "banks", "logged"):
                    if k in record:
                        doc[k] = record[k]
                doc["serial"] = record["serial"]
        except TableError as exc:
            raise ServerError("bad_snapshot", str(exc)) from None
        if found.torn:
            self.warnings.append(f"{path}: the last {found.torn} bytes are a record cut short (a crash"
                                 " while it was written); the records before it were restored")

    def load(self) -> tuple[dict[str, Any], Path] | None:
        """The room's saved state — the newest valid slot with the journal's records
        applied — and the slot's path; None when nothing is saved. Changes nothing but
        :attr:`warnings` (the checks of :meth:`restore`, which builds the table from it)."""
        slots = self._slots()
        if slots is None:
            return None
        docs, problems = [], []
        for path in slots:
            if path.exists():
                try:
                    docs.append(self._read_slot(path))
                except ServerError as exc:
                    problems.append(str(exc))
        if not docs:
            if problems:
                raise ServerError("bad_snapshot", "; ".join(problems))
            return None
        self.warnings += [f"{p}; the other slot was used" for p in problems]
        doc, mac = max(docs, key=lambda d: int(d[0]["serial"]))
        path = slots[doc["serial"] % 2]
        self._replay_journal(doc, mac)
        return doc, path

    def restore(self) -> bool:
        """Load the newest valid snapshot slot and replay the journal after it, if there
        is one (True). A slot that fails its signature, and a journal record cut short at
        the end, are skipped with a note in :attr:`warnings`; if no slot is valid, a
        complete journal record is refused, or the snapshot was made for other settings,
        :class:`ServerError` names what is wrong."""
        found = self.load()
        if found is None:
            return False
        doc, path = found
        try:
            table = Table.from_json(doc["table"])
        except HoldemEvalError as exc:
            raise ServerError("bad_snapshot", f"{path}: {exc}") from None
        cfg = self.settings.game_config()
        if table.config != cfg or table.seat_count != self.settings.seats:
            raise ServerError("bad_snapshot", f"{path}: the snapshot's table ({table.seat_count} seats,"
                                              f" blinds {table.config.small_blind}/{table.config.big_blind},"
                                              f" {table.config.betting}) is not the one these settings make"
                                              f" ({self.settings.seats} seats, blinds {cfg.small_blind}/"
                                              f"{cfg.big_blind}, {cfg.betting}); start with those or"
                                              " another state folder")
        self.table = table
        self._version += 1
        self._event_text.clear()
        self.tokens = {int(k): v for k, v in doc["tokens"].items()}
        self.banks = {int(k): float(v) for k, v in doc["banks"].items()}
        self.logged = int(doc["logged"])
        self.serial = doc["serial"]
        self._clock_turn = -1
        return True

    def _log_hand(self) -> None:
        path = self._path("hands")
        t = self.table
        while self.logged < t.hands_played:
            self.logged += 1
            if path is None or not t.history:
                continue
            hand, result = t.history[-1], t.results[-1]
            record = {"hand": result.hand_id, "seats": t.hand_seats,
                      "hole": {str(k): cards_to_json(hand.hole_cards[p]) for p, k in enumerate(t.hand_seats)},
                      "board": cards_to_json(hand.board), "result": result.to_json()}
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
            with os.fdopen(fd, "ab") as f:  # secret like the snapshot: the owner's only
                f.write(json.dumps(record, separators=(",", ":")).encode() + b"\n")

    def changed(self) -> None:
        """After every change: forget the tokens of seats that left, log finished hands,
        restart the clock on a new decision, write the snapshot."""
        t = self.table
        self._short = False
        for seat in [k for k in self.tokens if t.seats[k] is None]:
            del self.tokens[seat]
            self.banks.pop(seat, None)
        self._log_hand()
        if t.turn != self._clock_turn:
            self._clock_turn = t.turn
            self._clock_start = self.now()
        if t.hand is None and self._idle_since < 0:
            self._idle_since = self.now()
        self._version += 1
        self.snapshot()

    # ---- seats ---------------------------------------------------------------------
    def claim(self, seat: Any, name: Any, buy_in: Any, wait: Any = False) -> str:
        """Seat a new player (posting a big blind in his first hand, or with ``wait``
        waiting for the big blind); returns his secret token (only its digest is kept)."""
        seat = _int(seat, "seat", 0, self.settings.seats - 1)
        if seat in self.tokens:
            raise ServerError("seat_taken", f"seat {seat} is taken")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 32:
            raise ServerError("bad_message", f"name must be a string of 1..32 characters, got {name!r}")
        for at, ch in enumerate(name):
            category = unicodedata.category(ch)
            if category in _BAD_NAME_CATEGORIES:
                raise ServerError("bad_name", f"name must be printable text: {name!r} holds"
                                              f" U+{ord(ch):04X} ({_CATEGORY_WORDS[category]}) at {at}")
        low, high = self.settings.buy_in_range
        buy_in = _int(buy_in, "buy_in", low, high)
        if not isinstance(wait, bool):
            raise ServerError("bad_message", f"'wait' must be true or false, got {wait!r}")
        try:
            self.table.join(seat, name.strip(), buy_in, wait_for_big_blind=wait)
        except TableError as exc:
            raise ServerError("refused", str(exc)) from None
        token = secrets.token_urlsafe(24)
        self.tokens[seat] = _digest(token)
        self.banks[seat] = float(self.settings.time_bank)
        self.changed()
        return token

    def seat_of(self, token: Any) -> int:
        """The seat a token holds (for a reconnect)."""
        if isinstance(token, str):
            digest = _digest(token)
            for seat, d in self.tokens.items():
                if hmac.compare_digest(d, digest):
                    return seat
        raise ServerError("bad_token", "no seat at this table holds that token")

    def act(self, seat: int, action: Any, turn: Any) -> None:
        if turn.__class__ is not int:
            raise ServerError("bad_message", f"an act message needs the view's 'turn' (an int), got {turn!r}")
        try:
            parsed = parse_action(action)
        except TableError as exc:
            raise ServerError("bad_message", str(exc)) from None
        bank = self.banks.get(seat, 0.0)
        if self.table.seat_to_act == seat:  # time past the clock comes out of the bank
            bank = max(0.0, bank - max(0.0, self.now() - self._clock_start - self.settings.clock))
        self._call(self.table.act, seat, parsed, expect=turn)
        if seat in self.banks:
            self.banks[seat] = bank

    def sit_out(self, seat: int) -> None:
        self._call(self.table.sit_out, seat)

    def sit_in(self, seat: int, post: Any = True) -> None:
        if not isinstance(post, bool):
            raise ServerError("bad_message", f"'post' must be true or false, got {post!r}")
        self._call(self.table.sit_in, seat, post=post)

    def rebuy(self, seat: int, amount: Any) -> None:
        high = self.settings.buy_in_range[1]
        self._call(self.table.rebuy, seat, _int(amount, "amount", 1, high))

    def leave(self, seat: int) -> None:
        """Leave now, or (in a hand) fold at the turn and leave after the hand."""
        self._call(self.table.leave, seat)

    def _call(self, fn: Callable[..., Any], *args: Any, **kw: Any) -> None:
        try:
            fn(*args, **kw)
        except HoldemEvalError as exc:  # the table's refusal (it changed nothing)
            raise ServerError("refused", str(exc)) from None
        self.changed()

    # ---- time ----------------------------------------------------------------------
    def deadline(self) -> float | None:
        """When the room must be looked at next (a clock runs out, the next deal), or
        None when it waits for nobody."""
        t = self.table
        seat = t.seat_to_act
        if seat is not None:
            return self._clock_start + self.settings.clock + self.banks.get(seat, 0.0)
        if t.hand is None and not self._short:
            return self._idle_since + self.settings.hand_delay
        return None

    def tick(self) -> bool:
        """Apply what time demands: a time-out, or the next hand. True if it changed."""
        now = self.now()
        t = self.table
        seat = t.seat_to_act
        if seat is not None:
            if now < self._clock_start + self.settings.clock + self.banks.get(seat, 0.0):
                return False
            self.banks[seat] = 0.0
            t.timeout(seat)
            if seat not in self.online and t.seats[seat] is not None:
                t.sit_out(seat)
            self.changed()
            return True
        if t.hand is not None or now < self._idle_since + self.settings.hand_delay:
            return False
        try:
            t.start_hand()
        except TableError:  # fewer than two players ready: wait for a join, a rebuy, ...
            self._short = True
            return False
        self._idle_since = -1.0
        self.changed()
        return True

    # ---- what a connection is sent ---------------------------------------------------
    def update(self, viewer: int | None, cursor: int) -> tuple[dict[str, Any], int]:
        """The ``update`` message for ``viewer`` (a seat or None) holding events after
        ``cursor``, and the new cursor. A cursor older than the events kept sends the
        view alone with ``"reset": true``. (:meth:`update_text` is the same message as
        the JSON text a connection is sent.)"""
        text, cursor = self.update_text(viewer, cursor)
        msg: dict[str, Any] = json.loads(text)
        return msg, cursor

    def update_text(self, viewer: int | None, cursor: int) -> tuple[str, int]:
        """:meth:`update` as compact JSON text. Every connection of the table asks for one
        after each change, so what the messages share is built and encoded once per
        change: the views of all the seats at once (:meth:`Table.views_json`), the view's
        common fields and each seat's JSON, each event's JSON."""
        t = self.table
        reset = False
        try:
            events = t.events_since(cursor, viewer)
        except TableError:
            events, reset = [], True
        if self._views_at != self._version:
            self._build_views()
        view = self._view_texts.get(viewer)
        if view is None:
            view = self._view_text(viewer)
        cache = self._event_text
        if len(cache) > 1000:
            cache.clear()
        out = []
        for e in events:
            if e.kind == "hole" and e.cards:  # the owner's own cards: his message alone
                out.append(_dumps(e.to_json()))
                continue
            j = cache.get(e.seq)
            if j is None:
                j = cache[e.seq] = _dumps(e.to_json())
            out.append(j)
        clock = "null"
        seat = t.seat_to_act
        if seat is not None:
            left = self._clock_start + self.settings.clock - self.now()
            seconds = round(max(0.0, left), 3)
            bank = round(self.banks.get(seat, 0.0) + min(0.0, left), 3)
            clock = f'{{"seat":{seat},"seconds":{seconds!r},"bank":{bank!r}}}'  # JSON writes floats so
        events_text = ",".join(out)
        tail = ',"reset":true}' if reset else "}"
        text = (f'{{"type":"update","table":{self.index},"events":[{events_text}],"view":{view},'
                f'"clock":{clock}{tail}')
        return text, t.last_seq

    def _build_views(self) -> None:
        """After a change: every seat's and the spectator's view, and the JSON text of
        what they share (the fields but the viewer's own, each seat)."""
        t = self.table
        self._views = t.views_json([None, *(k for k, s in enumerate(t.seats) if s is not None)])
        self._views_at = self._version
        base = self._views[None]
        common = {k: v for k, v in base.items() if k not in _VIEWER_FIELDS}
        self._common_text = _dumps(common)[:-1]  # '{"v":1,...': the viewer's fields follow
        self._seat_texts = [_dumps(s) for s in base["seats"]]
        self._view_texts = {}

    def _view_text(self, viewer: int | None) -> str:
        doc = self._views.get(viewer)
        if doc is None:  # not a seat now (it left since): the spectator's view, as this viewer
            doc = self.table.view(viewer).to_json()
            return _dumps(doc)
        base_seats, seats = self._views[None]["seats"], doc["seats"]
        texts = self._seat_texts if seats is base_seats else [
            self._seat_texts[k] if s is base_seats[k] else _dumps(s) for k, s in enumerate(seats)]
        seats_text = ",".join(texts)
        text = (f'{self._common_text},"viewer":{"null" if viewer is None else viewer},"seats":[{seats_text}],'
                f'"legal":{_list_text(doc["legal"])},"to_call":{doc["to_call"]},"runs":{_list_text(doc["runs"])}}}')
        self._view_texts[viewer] = text
        return text

    def summary(self) -> dict[str, Any]:
        t = self.table
        low, high = self.settings.buy_in_range
        return {"table": self.index, "seats": t.seat_count,
                "blinds": [t.config.small_blind, t.config.big_blind], "betting": t.config.betting,
                "free": [k for k in range(t.seat_count) if k not in self.tokens and t.seats[k] is None],
                "players": sum(s is not None for s in t.seats), "buy_in": [low, high]}
