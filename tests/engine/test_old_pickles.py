"""Pickles written before the engine's modules moved into subpackages still load (issue 40).

tests/data/pickles_before_subpackages.pkl was written by the code of commit 62e830f (the
last flat tree), by building each object below and pickling it: its pickles name the old
flat modules (holdem_eval.engine.deck_hand, .decks, .settlement, .actions, .table_view,
.tournament_structure, .phh_hand, .phh_replay, .history). Each must load, as the same
value the code of today builds.
"""

from __future__ import annotations

import pickle
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from holdem_eval.engine import (
    DeckHand,
    GameConfig,
    Hand,
    Level,
    PresetDeck,
    Rules,
    Table,
    TableView,
    load_history,
    settle,
    verify_history,
)

DATA = Path(__file__).resolve().parent.parent / "data"
HISTORY = DATA / "histories" / "PokerStars" / "MultiTableTournament" / "GameTypeTests" / "NoLimitHoldem.txt"
BLOBS: dict[str, bytes] = pickle.loads((DATA / "pickles_before_subpackages.pkl").read_bytes())


def _today() -> dict[str, Any]:
    """The same objects, built by today's code (as the writing script built them)."""
    cfg = GameConfig(big_blind=2)
    h = Hand(cfg, [100, 100, 100], seed=7)
    h.call()
    h.call()
    dh = Hand(cfg, [100, 100, 100], deck=PresetDeck("AhKh QsQd 2c2d Th Jh 9c 8d 7s 6s 5s 4s"))
    dh.call()
    t = Table(cfg, seats=3, seed=3)
    for i in range(3):
        t.join(i, f"p{i}", 100)
    t.start_hand()
    text = HISTORY.read_text()
    return {
        "hand": h, "deck_hand": dh, "preset_deck": PresetDeck("AhKh QsQd"),
        "settlement": settle([100, 300, 300], ["7c7d", "KcAh", "KdQc"], "Kh5s5d7s2c",
                             folded=[False] * 3, button=0),
        "legal_actions": h.legal_actions(), "view": h.view(0), "table_view": t.view(0),
        "level": Level(5, 10, ante=1), "rules": Rules(rake_percent=5, rake_cap=3), "config": cfg,
        "phh_hand": next(iter(load_history(text))), "history_check": verify_history(text),
    }


TODAY = _today()


def test_the_fixture_names_the_old_flat_modules() -> None:
    """The fixture really is old: without the aliases these pickles would not load."""
    pattern = re.compile(rb"holdem_eval\.engine\.[a-z_]+")
    named = {m.decode() for blob in BLOBS.values() for m in pattern.findall(blob)}
    assert {"holdem_eval.engine.deck_hand", "holdem_eval.engine.decks", "holdem_eval.engine.settlement",
            "holdem_eval.engine.actions", "holdem_eval.engine.table_view", "holdem_eval.engine.phh_hand",
            "holdem_eval.engine.tournament_structure"} <= named
    assert set(BLOBS) == set(TODAY)


@pytest.mark.parametrize("name", sorted(BLOBS))
def test_an_old_pickle_loads_as_todays_value(name: str) -> None:
    old, new = pickle.loads(BLOBS[name]), TODAY[name]
    assert type(old) is type(new)
    if isinstance(new, Hand):
        assert old.snapshot() == new.snapshot()
        if isinstance(new, DeckHand):
            assert old.deck.__getstate__() == new.deck.__getstate__()
    elif isinstance(new, TableView):  # the table's and the hand's ids are random
        assert replace(old, table_id=new.table_id, hand_id=new.hand_id) == new
    elif isinstance(new, PresetDeck):
        assert old.__getstate__() == new.__getstate__()
    else:
        assert old == new
