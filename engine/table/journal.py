"""A table's state as a base document plus a journal of signed records appended after it.

Rewriting a table's whole document (:meth:`Table.to_json`) after every action costs what
the document weighs: every seat, the running hand and the events of the last hands. A
journal writes only what changed: :class:`TableJournal` remembers what of a table was last
written and makes a *record* of the events since and of the *head* fields
(:data:`~.store.HEAD_FIELDS`: seats, counters, the running hand's start) that changed;
:func:`apply_record` puts a record into a document, so a base document with its records
applied in order is the table's document as :meth:`Table.to_json` would have written it
then, and :meth:`Table.from_json` restores it (replaying the running hand by the rules).

On disk a journal is lines of ``<HMAC-SHA256 hex> <record JSON>``; each line's HMAC covers
the previous line's HMAC (the base document's signature for the first) and its own JSON,
and each record carries a ``serial`` one above the one before (the base's for the
first). :func:`read_journal` checks both: a record with a bad signature or a gap in the
serials is refused with :class:`TableError` naming its line, and nothing from it on is
applied. The last line without its newline is a write cut short (a crash, ``kill -9``):
it is left out and reported, the records before it stand. Records numbered at or below
the base's serial are left over from before the base was written (a crash between
writing a new base and emptying the journal) and are skipped.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import TableError
from .store import HEAD_FIELDS, table_head

if TYPE_CHECKING:
    from .table import Table

__all__ = ["JournalRead", "TableJournal", "apply_record", "journal_line", "read_journal"]

_HEAD = frozenset(HEAD_FIELDS)


class TableJournal:
    """What of ``table`` was last written, and the record of what changed since.

    Call :meth:`mark` after writing a base document (:meth:`Table.to_json`), and
    :meth:`record` after each change to get the record to append. ``record`` returns
    ``None`` when a record cannot say what changed: the table dropped old events (at the
    end of a hand, past ``max_history``); write a base document then."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._seq = 0
        self._kept = 0
        self._head: dict[str, Any] = {}
        self._hand: object = None  # the running hand when the head was built
        self.mark()

    def _table_head(self) -> dict[str, Any]:
        t = self.table
        same = t.hand is not None and t.hand is self._hand and self._head.get("hand") is not None
        head = table_head(t, self._head["hand"] if same else None)  # a hand's start does not change
        self._hand = t.hand
        return head

    def mark(self) -> None:
        """The table as it is now has been written (a base document)."""
        t = self.table
        self._seq, self._kept, self._head = t._seq, len(t._events), self._table_head()

    def record(self) -> dict[str, Any] | None:
        """``{"events": [...], "head": {...}}``: the events after the last mark or record
        and the head fields that changed (both may be empty); None: write a base."""
        t = self.table
        new = t._seq - self._seq
        if len(t._events) != self._kept + new:  # events were dropped: a record cannot say which
            return None
        head = self._table_head()
        changed = {k: v for k, v in head.items() if self._head.get(k) != v}
        events = [e.to_json() for e in t._events[len(t._events) - new:]] if new else []
        self._seq, self._kept, self._head = t._seq, len(t._events), head
        return {"events": events, "head": changed}


def apply_record(doc: dict[str, Any], record: Any, where: str) -> None:
    """Put ``record`` (from :meth:`TableJournal.record`) into the table document ``doc``:
    its events appended, its head fields replaced. :class:`TableError` naming ``where``
    if it is not such a record (the document is then unchanged)."""
    if not isinstance(record, Mapping) or set(record) != {"events", "head"}:
        raise TableError(f"{where} is not a table journal record (an object with 'events' and 'head')")
    events, head = record["events"], record["head"]
    if not isinstance(events, list) or not isinstance(head, Mapping) or not set(head) <= _HEAD:
        extra = sorted(set(head) - _HEAD) if isinstance(head, Mapping) else head
        raise TableError(f"{where}: 'events' must be a list and 'head' an object of the fields"
                         f" {', '.join(HEAD_FIELDS)}; got {extra!r}")
    kept = doc.get("events")
    if not isinstance(kept, list):
        raise TableError(f"the document {where} applies to has no event list")
    doc["events"] = kept + events
    doc.update(head)


def _mac(key: bytes, previous: bytes, body: bytes) -> bytes:
    return hmac.new(key, previous + b"\n" + body, hashlib.sha256).hexdigest().encode()


def journal_line(key: bytes, previous: bytes, record: Mapping[str, Any]) -> tuple[bytes, bytes]:
    """The line to append for ``record`` (a JSON object with an int ``serial``) after the
    line whose HMAC is ``previous`` (the base document's signature for the first), and
    this line's HMAC (the next line's ``previous``)."""
    body = json.dumps(record, separators=(",", ":")).encode()
    mac = _mac(key, previous, body)
    return mac + b" " + body + b"\n", mac


@dataclass(frozen=True)
class JournalRead:
    """What :func:`read_journal` found: the records to apply, in order (those at or below
    the base's serial left out), the last one's HMAC, and ``torn``: the bytes of an
    unfinished last line that were left out (0: none)."""

    records: list[dict[str, Any]]
    last_mac: bytes
    torn: int


def read_journal(data: bytes, key: bytes, base_mac: bytes, base_serial: int, where: str) -> JournalRead:
    """Check and parse a journal's bytes (see the module docstring). A complete line that
    is not a record, fails its signature, or does not carry the next serial raises
    :class:`TableError` naming ``where``, the line and what was expected."""
    lines = data.split(b"\n")
    torn = len(lines[-1])  # after the last newline: a write cut short, or nothing
    records: list[dict[str, Any]] = []
    previous, serial = base_mac, base_serial
    for number, line in enumerate(lines[:-1], 1):
        mac, _, body = line.partition(b" ")
        try:
            record = json.loads(body)
        except ValueError:
            record = None
        if not isinstance(record, dict) or record.get("serial").__class__ is not int:
            raise TableError(f"{where} line {number} is not a journal record; the records from it on"
                             " were not applied")
        if record["serial"] <= base_serial and not records:
            continue  # written before the base document: the base holds it
        if record["serial"] != serial + 1:
            raise TableError(f"{where} line {number} holds record {record['serial']} where record"
                             f" {serial + 1} was due (a gap: records are missing or out of order);"
                             " the records from it on were not applied")
        if not hmac.compare_digest(mac, _mac(key, previous, body)):
            raise TableError(f"{where} line {number} (record {record['serial']}): the signature does not"
                             " match (a changed or moved record, or another key); the records from it"
                             " on were not applied")
        records.append(record)
        previous, serial = mac, record["serial"]
    return JournalRead(records, previous, torn)
