"""Player statistics of site hand histories (issue 28 item 4): the columns on hand-checked
hands, all-in EV against a brute-force enumeration of the remaining boards, the
synthetic PokerStars generator read back and verified."""

from __future__ import annotations

import functools
import itertools
import math
from decimal import Decimal

import numpy as np
import pytest
from history_synth import stars_hands
from history_texts import DATA, written
from holdem_eval.engine import (
    STAT_COLUMNS,
    HistoryStatsError,
    PhhHand,
    allin_pots,
    history_stats,
    load_history,
    replay_phh,
    verify_history,
)

from holdem_eval import HoldemEvalError, evaluate_batch, evaluate_omaha_batch, parse_cards

# Alice opens, Bob folds his small blind, Carol calls: she wins at showdown, 1$ rake
OPEN_CALL = written("stars-open-call")

# Dan opens, Eve 3-bets, Dan folds: Eve wins without showdown, no rake (no flop)
THREE_BET = written("stars-three-bet")


def _rows(text: str) -> dict[str, dict[str, object]]:
    frame = history_stats(text)
    assert tuple(frame.columns) == STAT_COLUMNS
    return {r["player"]: r for r in frame.to_dict("records")}


def test_columns_of_an_open_and_a_call() -> None:
    rows = _rows(OPEN_CALL)
    alice, bob, carol = rows["Alice"], rows["Bob"], rows["Carol"]
    assert (alice["net_won"], bob["net_won"], carol["net_won"]) == (-17.0, -0.5, 16.5)
    assert carol["net_won_showdown"] == 16.5 and carol["net_won_no_showdown"] == 0.0
    assert bob["net_won_no_showdown"] == -0.5 and bob["net_won_showdown"] == 0.0
    # the $1 rake shared by what each put in: 17, 0.50 and 17 of 34.50
    assert carol["rake_paid"] == pytest.approx(17 / 34.5)
    assert bob["rake_paid"] == pytest.approx(0.5 / 34.5)
    assert [(r["vpip"], r["pfr"]) for r in (alice, bob, carol)] == [
        (True, True), (False, False), (True, False)]
    # Bob and Carol faced the open raise with chips to re-raise; nobody 3-bet
    assert [r["three_bet_opportunity"] for r in (alice, bob, carol)] == [False, True, True]
    assert not any(r["three_bet"] for r in rows.values())
    assert [r["saw_flop"] for r in (alice, bob, carol)] == [True, False, True]
    assert [r["went_to_showdown"] for r in (alice, bob, carol)] == [True, False, True]
    assert [r["won_at_showdown"] for r in (alice, bob, carol)] == [False, False, True]
    assert not any(r["allin"] for r in rows.values())
    assert all(r["ev_diff"] == 0.0 and r["allin_ev"] == r["net_won"] for r in rows.values())
    assert (carol["site"], carol["hand_id"], carol["big_blind"], carol["seat"]) == (
        "pokerstars", "1", 1.0, 3)


def test_three_bet_and_a_walk_of_the_blinds() -> None:
    rows = _rows(THREE_BET)
    dan, eve, fay = rows["Dan"], rows["Eve"], rows["Fay"]
    assert (eve["three_bet"], eve["three_bet_opportunity"], eve["pfr"]) == (True, True, True)
    assert (dan["three_bet"], dan["three_bet_opportunity"], dan["pfr"]) == (False, False, True)
    # Fay acts after the 3-bet: facing two raises is no 3-bet opportunity
    assert (fay["three_bet_opportunity"], fay["vpip"], fay["preflop_decision"]) == (
        False, False, True)
    assert (eve["net_won"], dan["net_won"], fay["net_won"]) == (4.0, -3.0, -1.0)
    assert eve["net_won_no_showdown"] == 4.0 and not eve["went_to_showdown"]
    assert all(r["rake_paid"] == 0.0 and not r["saw_flop"] for r in rows.values())


def test_totals_and_one_player() -> None:
    both = OPEN_CALL + "\n\n" + THREE_BET.replace("Dan", "Alice")
    totals = history_stats(both, totals=True).set_index("player")
    alice = totals.loc["Alice"]
    assert (alice["hands"], alice["net_won"], alice["vpip"], alice["pfr"]) == (2, -20.0, 2, 2)
    assert alice["vpip_pct"] == 100.0 and alice["wtsd_pct"] == 100.0 and alice["wsd_pct"] == 0.0
    assert math.isnan(totals.loc["Eve", "wtsd_pct"])  # never saw a flop
    only = history_stats(both, player="Alice")
    assert list(only["player"]) == ["Alice", "Alice"]
    table = history_stats(both, player="Alice", arrow=True)
    assert table.num_rows == 2 and table.column_names == list(STAT_COLUMNS)


def test_a_hand_that_does_not_verify_is_named() -> None:
    bad = OPEN_CALL.replace("Carol collected $33.50", "Carol collected $30.50")
    with pytest.raises(HistoryStatsError,
                       match=r"<text>:28: the players collected 30.50 .*do not add up .*skip_inv"):
        history_stats(bad)
    frame = history_stats([bad, THREE_BET], skip_invalid=True)
    assert set(frame["hand_id"]) == {"2"}


def test_a_hand_the_statistics_cannot_handle_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from holdem_eval.engine.history import analysis as history_analysis

    def refuse(replay: object) -> None:
        raise HoldemEvalError("no equity for this")

    monkeypatch.setattr(history_analysis, "hand_stats", refuse)
    with pytest.raises(HistoryStatsError, match=r"^<text>:1: no statistics for this hand: no"
                                                r" equity for this \(skip_invalid"):
        history_stats(OPEN_CALL)
    assert history_stats(OPEN_CALL, skip_invalid=True).empty


# ------------------------------------------------------------------ all-in EV, brute force


@functools.lru_cache(maxsize=8)
def _combinations(m: int, k: int) -> np.ndarray:
    """Every k-subset of range(m), one a row (itertools' order)."""
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(m), k)),
                       dtype=np.uint8, count=math.comb(m, k) * k)
    return flat.reshape(-1, k)


def _oracle(phh: PhhHand) -> dict[int, float] | None:
    """Each player's EV won, computed from the site's figures alone: what each put in
    (starting stack - finishing stack + collected), the pots cut at the live players'
    levels, every remaining board enumerated and ranked by the 7-card evaluator."""
    f = phh.fields
    n = phh.players
    actions = phh.actions
    last = max(k for k, a in enumerate(actions) if a.split()[1] in ("f", "cc", "cbr"))
    board = [c for a in actions[:last] if a.startswith("d db") for c in parse_cards(a[5:])]
    folded = {int(a.split()[0][1:]) - 1 for a in actions if a.split()[1] == "f"}
    live = [k for k in range(n) if k not in folded]
    if len(board) == 5 or len(live) < 2:
        return None
    scale = phh.scale
    collected = [int(Decimal(c) * scale) for c in f["_collected"]]
    put = [s - e + c for s, e, c in zip(phh.starting_stacks, phh.finishing_stacks or (), collected)]
    holes = {int(a.split()[2][1:]) - 1: a.split()[3] for a in actions if a.startswith("d dh")}
    holes.update({int(a.split()[0][1:]) - 1: a.split()[2] for a in actions if " sm " in a})
    cards = {k: list(parse_cards(h)) for k, h in holes.items() if "?" not in h}
    if any(k not in cards for k in live):
        return None
    levels = sorted({put[k] for k in live})
    used = set(board) | {c for h in cards.values() for c in h}
    rest = [c for c in range(52) if c not in used]
    combos = _combinations(len(rest), 5 - len(board))
    boards = np.hstack([np.tile(np.array(board, dtype=np.uint8), (len(combos), 1)),
                        np.array(rest, dtype=np.uint8)[combos]])
    if phh.variant == "PO":  # exactly two hole cards and three board cards
        ranks = {k: evaluate_omaha_batch(np.tile(cards[k], (len(boards), 1)), boards)
                 for k in live}
    else:
        ranks = {k: evaluate_batch(np.hstack([np.tile(cards[k], (len(boards), 1)), boards]))
                 for k in live}
    total = sum(put)
    keep = 1 - float(f["_rake"]) * scale / total
    ev = {k: -put[k] / scale for k in range(n)}
    low = 0
    for level in levels:
        pot = sum(min(p, level) - min(p, low) for p in put)
        if level == levels[-1]:
            pot += sum(max(0, p - level) for p in put)  # folded chips above every level
        who = [k for k in live if put[k] >= level]
        best = np.min(np.stack([ranks[k] for k in who]), axis=0)
        winners = sum((ranks[k] == best).astype(np.float64) for k in who)
        for k in who:
            share = np.mean((ranks[k] == best) / winners)
            ev[k] += share * pot * keep / scale
        low = level
    return ev


@pytest.fixture(scope="module")
def synthetic() -> list[tuple[str, PhhHand]]:
    """600 generated hands: each one's text and the hand read from it."""
    return [(text, h) for text in stars_hands(600, seed=28) for h in load_history(text)]


def test_generated_hands_read_back_and_verify(synthetic: list[tuple[str, PhhHand]]) -> None:
    text = "\n\n".join(stars_hands(200, seed=3))
    checks = verify_history(text)
    assert len(checks) == 200
    assert {c.method for c in checks} == {"exact"}, [c.problem for c in checks if not c.ok][:3]
    assert len({h.fields["hand"] for _, h in synthetic}) == 600


def test_allin_ev_matches_brute_force(synthetic: list[tuple[str, PhhHand]]) -> None:
    checked = multiway = side_pots = 0
    for text, phh in synthetic:
        want = _oracle(phh)
        pots = allin_pots(replay_phh(phh))
        assert (want is None) == (pots is None), phh.fields["hand"]
        if want is None:
            continue
        rows = history_stats(text)
        got = dict(zip(range(phh.players), rows["allin_ev"]))
        for k, ev in want.items():
            assert got[k] == pytest.approx(ev, abs=1e-9), (phh.fields["hand"], k)
        assert rows["ev_diff"].sum() == pytest.approx(0.0, abs=1e-9)
        checked += 1
        multiway += len(pots[0].eligible) > 2
        side_pots += len(pots) > 1
    # the sample holds enough all-in hands, multiway pots and side pots to mean something
    assert checked >= 40 and multiway >= 10 and side_pots >= 10, (checked, multiway, side_pots)





@pytest.mark.parametrize("path", [
    "PokerStars/CashGame/HandActionTests/AllInHandWithShowdown.txt",  # heads-up, turn
    "PokerStars/MultiTableTournament/GameTypeTests/NoLimitHoldem.txt",  # 3-way, a side pot
    "Pacific/CashGame/Limits/Limit3.txt",  # 888poker
    "Winamax/CashGame/GameTypeTests/PotLimitOmaha.txt",  # Omaha
])
def test_allin_ev_of_real_hands_matches_brute_force(path: str) -> None:
    (phh,) = load_history(DATA / path)
    want = _oracle(phh)
    assert want is not None
    rows = history_stats(DATA / path)
    assert list(rows["allin_ev"]) == pytest.approx([want[k] for k in range(phh.players)],
                                                   abs=1e-9)
    pots = allin_pots(replay_phh(phh))
    assert pots is not None and rows["allin"].sum() == len(pots[0].eligible)


@pytest.mark.parametrize("source", ["real", "synthetic"])
def test_every_hand_adds_up(source: str, synthetic: list[tuple[str, PhhHand]]) -> None:
    """In every hand: the nets add up to minus the fees, so do the all-in EVs, the rake
    shares add up to the fees, and the showdown split adds up to the net."""
    if source == "real":
        frame = history_stats(DATA, skip_invalid=True)  # every site's samples
        hands = [c.hand for c in verify_history(DATA) if c.ok and c.hand is not None]
    else:
        frame = history_stats([text for text, _ in synthetic[:300]])
        hands = [h for _, h in synthetic[:300]]
    key = ["file", "line", "hand_id"]  # a sample file repeats its hands
    fees = {(h.fields["_file"], h.fields["_line"], h.fields["hand"]): float(h.fields["_rake"])
            for h in hands}
    assert len(frame) > 700 and frame["allin"].sum() >= 8
    assert len(fees) == frame.groupby(key).ngroups
    for where, rows in frame.groupby(key, sort=False):
        fee = fees[where]
        assert rows["net_won"].sum() == pytest.approx(-fee, abs=1e-9), where
        assert rows["allin_ev"].sum() == pytest.approx(-fee, abs=1e-9)
        assert rows["rake_paid"].sum() == pytest.approx(fee, abs=1e-9)
    assert (frame["net_won_showdown"] + frame["net_won_no_showdown"]).tolist() == pytest.approx(
        frame["net_won"].tolist())
    assert not (frame["won_at_showdown"] & ~frame["went_to_showdown"]).any()
    assert not (frame["pfr"] & ~frame["vpip"]).any()
    assert not (frame["three_bet"] & ~frame["three_bet_opportunity"]).any()
