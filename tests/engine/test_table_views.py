"""Table.views_json (the server's fan-out): at every step of random play, with and without
run it twice, each viewer's view built from the spectator's is the view Table.view builds
for that viewer alone."""

from __future__ import annotations

import random

import pytest
from holdem_eval.engine import GameConfig, Table, TableError
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
