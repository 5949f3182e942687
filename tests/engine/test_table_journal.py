"""engine.table.journal: a base document plus records is the table's document at every
step of random play (joins, leaves, rebuys, sitting out, hands of every length), and the
journal's lines refuse a changed record, a gap, and a record cut short."""

from __future__ import annotations

import contextlib
import copy
import json
import random
import re
from typing import Any

import pytest
from holdem_eval.engine import GameConfig, Table, TableError
from holdem_eval.engine.table.journal import (
    TableJournal,
    apply_record,
    journal_line,
    read_journal,
)

KEY = b"k" * 32


def _random_step(t: Table, rng: random.Random) -> None:
    """One thing a table's players may do: mostly act, sometimes a seat change."""
    seat = t.seat_to_act
    r = rng.random()
    if seat is not None and r < 0.85:
        legal = rng.choice(t.legal_actions())
        amount = rng.randint(legal.min_amount, legal.max_amount)
        t.act(seat, {"kind": str(legal.kind), "amount": amount}, expect=t.turn)
        return
    try:  # a refusal (a leaving seat rebuys, ...) changes nothing: the journal has no record of it
        free = [k for k, s in enumerate(t.seats) if s is None]
        taken = [k for k, s in enumerate(t.seats) if s is not None]
        if free and r < 0.9:
            t.join(rng.choice(free), f"p{rng.randrange(100)}", rng.randint(40, 200),
                   wait_for_big_blind=rng.random() < 0.5)
        elif taken and r < 0.93:
            t.leave(rng.choice(taken))
        elif taken and r < 0.96:
            k = rng.choice(taken)
            s = t.seats[k]
            assert s is not None
            if s.sitting_out:
                t.sit_in(k, post=rng.random() < 0.5)
            else:
                t.sit_out(k)
        elif taken:
            k = rng.choice(taken)
            s = t.seats[k]
            assert s is not None
            if s.stack + s.pending_rebuy < 150:
                t.rebuy(k, 50)
    except TableError:
        pass
    if t.hand is None:
        with contextlib.suppress(TableError):
            t.start_hand()


@pytest.mark.parametrize("seed", range(6))
def test_base_plus_records_is_the_document_at_every_step(seed: int) -> None:
    rng = random.Random(seed)
    t = Table(GameConfig(small_blind=1, big_blind=2), 6, seed=seed, max_history=2, min_buy_in=40,
              max_buy_in=200)
    for k in range(3):
        t.join(k, f"p{k}", 100)
    journal = TableJournal(t)
    base = t.to_json()
    records, bases = 0, 1
    for _ in range(1500):
        _random_step(t, rng)
        record = journal.record()
        if record is None:  # old events were dropped: a new base
            base, bases = t.to_json(), bases + 1
            journal.mark()
            continue
        records += 1
        json.loads(json.dumps(record))  # plain JSON
        apply_record(base, record, "record")
        assert base == t.to_json()
        if rng.random() < 0.02:  # now and then a base mid-journal, as a server's compaction
            base, bases = t.to_json(), bases + 1
            journal.mark()
    assert records > 1000 and bases > 5 and t.hands_played > 50
    restored = Table.from_json(base)
    assert restored.to_json() == t.to_json()


def test_a_record_that_is_not_one_is_refused_and_changes_nothing() -> None:
    t = Table(GameConfig(small_blind=1, big_blind=2), 3, seed=1)
    doc = t.to_json()
    before = copy.deepcopy(doc)
    for bad, text in [([], "not a table journal record"),
                      ({"events": [], "head": {"config": {}}}, "got ['config']"),
                      ({"events": {}, "head": {}}, "'events' must be a list")]:
        with pytest.raises(TableError, match=re.escape(text)):
            apply_record(doc, bad, "record 7")
    assert doc == before


def _journal(n: int) -> tuple[bytes, bytes, list[dict[str, Any]]]:
    """A base signature and n records after base serial 10, as lines."""
    base_mac = b"ab" * 32
    previous, lines, records = base_mac, [], []
    for serial in range(11, 11 + n):
        record = {"serial": serial, "table": {"events": [], "head": {"turn": serial}}}
        line, previous = journal_line(KEY, previous, record)
        lines.append(line)
        records.append(record)
    return base_mac, b"".join(lines), records


def test_read_journal_checks_signatures_serials_and_a_cut_short_end() -> None:
    base_mac, data, records = _journal(4)
    found = read_journal(data, KEY, base_mac, 10, "j")
    assert found.records == records and found.torn == 0
    # cut at every byte: the complete records before the cut stand, the rest is reported
    ends = [i + 1 for i, b in enumerate(data) if b == ord("\n")]
    for cut in range(len(data) + 1):
        found = read_journal(data[:cut], KEY, base_mac, 10, "j")
        complete = sum(e <= cut for e in ends)
        assert found.records == records[:complete]
        assert found.torn == cut - (ends[complete - 1] if complete else 0)
    lines = data.splitlines(keepends=True)
    # a record changed: refused, naming its line; a record moved or missing: a gap
    changed = lines[1].replace(b'"turn":12', b'"turn":99')
    with pytest.raises(TableError, match=r"j line 2 \(record 12\): the signature does not match"):
        read_journal(b"".join([lines[0], changed, *lines[2:]]), KEY, base_mac, 10, "j")
    with pytest.raises(TableError, match="j line 2 holds record 13 where record 12 was due"):
        read_journal(b"".join([lines[0], *lines[2:]]), KEY, base_mac, 10, "j")
    with pytest.raises(TableError, match="j line 1 .* signature"):  # another key
        read_journal(data, b"x" * 32, base_mac, 10, "j")
    with pytest.raises(TableError, match="j line 1 .* signature"):  # chained to another base
        read_journal(data, KEY, b"cd" * 32, 10, "j")
    with pytest.raises(TableError, match="j line 3 is not a journal record"):
        read_journal(b"".join([*lines[:2], b"garbage\n", *lines[2:]]), KEY, base_mac, 10, "j")
    # records at or below the base's serial were written before it: skipped
    found = read_journal(data, KEY, lines[1].partition(b" ")[0], 12, "j")
    assert [r["serial"] for r in found.records] == [13, 14]
