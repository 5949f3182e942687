"""Table.views_json (the server's fan-out): at every step of random play, with and without
run it twice, each viewer's view built from the spectator's is the view Table.view builds
for that viewer alone; and views and events, as JSON text, are those of the Python path the
hand machine's view writer replaced (tests/engine/table_reference.py)."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from holdem_eval.engine import GameConfig, Table, TableError
from table_reference import reference_events, reference_view, reference_views_json
from test_table_journal import _random_step


@pytest.mark.parametrize("seed, max_runs", [(0, 1), (1, 1), (2, 2), (3, 3)])
def test_views_json_is_each_viewers_own_view(seed: int, max_runs: int) -> None:
    rng = random.Random(seed)
    t = Table(GameConfig(small_blind=1, big_blind=2), 6, seed=seed, max_history=2, min_buy_in=40,
              max_buy_in=200, max_runs=max_runs)
    for k in range(4):
        t.join(k, f"p{k}", 100)
    viewers = [None, *range(6)]
    checked = runs = 0
    for _ in range(800):
        pending = t.runs_pending
        if pending:  # run it twice: the seat asked answers (a viewer then has 'runs')
            runs += 1
            t.choose_runs(pending[0], rng.choice([None, *t.view(pending[0]).runs]))
        else:
            _random_step(t, rng)
        views = t.views_json(viewers)
        assert list(views) == viewers
        for v in viewers:
            assert views[v] == t.view(v).to_json(), (v, t.turn)
        checked += 1
    assert checked == 800 and t.hands_played > 30
    assert runs > 0 or max_runs == 1
    with pytest.raises(TableError, match="seat must be 0..5, got 6"):
        t.views_json([None, 6])


@pytest.mark.slow
@pytest.mark.parametrize("seed, variant, max_runs", [(10, "holdem", 2), (11, "omaha", 1), (12, "holdem", 1)])
def test_views_and_events_are_byte_identical_to_the_python_path(seed: int, variant: str,
                                                                 max_runs: int) -> None:
    """The views the hand machine writes (he_hand_write_view) and the table's events, as JSON
    text, against the Python path they replaced (tests/engine/table_reference.py), at every
    step of 1,000 random hands with seat changes, for every seat and a spectator."""
    rng = random.Random(seed)
    t = Table(GameConfig(variant=variant, small_blind=1, big_blind=2), 6, seed=seed, max_history=3,
              min_buy_in=40, max_buy_in=200, max_runs=max_runs)
    for k in range(5):
        t.join(k, f"p{k}", rng.randint(40, 200))
    viewers = [None, *range(6)]
    cursors = dict.fromkeys(viewers, 0)
    steps = 0
    while t.hands_played < 1000:
        pending = t.runs_pending
        if pending:
            t.choose_runs(pending[0], rng.choice([None, *t.view(pending[0]).runs]))
        else:
            _random_step(t, rng)
        if t.hand is None and rng.random() < 0.3:
            with contextlib.suppress(TableError):  # fewer than two players: the next step seats one
                t.start_hand()
        views = t.views_json(viewers)
        old_views = reference_views_json(t, viewers)
        for v in viewers:
            view, old = t.view(v), reference_view(t, v)
            assert json.dumps(view.to_json()) == json.dumps(old.to_json()), (v, t.turn)
            assert json.dumps(views[v]) == json.dumps(old_views[v]), (v, t.turn)
            assert view == old and repr(view) == repr(old)
            cursor = cursors[v] if rng.random() < 0.9 else rng.randint(max(0, t.last_seq - 40), t.last_seq)
            with contextlib.suppress(TableError):  # a cursor older than the events kept
                events = [e.to_json() for e in t.events_since(cursor, v)]
                assert json.dumps(events) == json.dumps(reference_events(t, cursor, v)), (v, cursor)
            cursors[v] = t.last_seq
        steps += 1
    assert steps > 5000
