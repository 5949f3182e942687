"""Run it twice / N times in the hand machine (issue 26 item 10): Hand(max_runs=...),
choose_runs, the runs dealt from one deck, each run's share of every pot (the settlement
is he_settle_split, csrc/settle.c), the events, Table and its restore."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from history_texts import DATA, refused_edit
from holdem_eval.engine import (
    GameConfig,
    Hand,
    HandStateError,
    IllegalActionError,
    PresetDeck,
    Settlement,
    Table,
)
from holdem_eval.engine.dealing import parse_cards_text
from holdem_eval.engine.showdown.showdown import settle

from holdem_eval.evaluator import evaluate

CFG = GameConfig(small_blind=1, big_blind=2)


def _all_in_preflop(stacks: list[int], **kw: object) -> Hand:
    h = Hand(CFG, stacks, button=0, **kw)  # type: ignore[arg-type]
    h.all_in()
    while h.current_actor is not None:
        h.call()
    return h


def test_the_choice_opens_only_when_everyone_but_one_is_all_in_with_cards_to_come() -> None:
    h = _all_in_preflop([100, 100], hole_cards=["AhAd", "KsKc"], max_runs=2)
    assert h.runs_pending == [0, 1] and list(h.run_choices) == [1, 2] and h.pending_board == 0
    assert h.current_actor is None and h.legal_actions() == () and not h.is_over
    # max_runs=1 (the default): no choice, the hand runs on as before
    one = _all_in_preflop([100, 100], hole_cards=["AhAd", "KsKc"], board="2c3c4d5h9s")
    assert one.is_over and one.runs_pending == [] and one.runs == 1
    # the betting reaching the river: nothing left to run
    r = Hand(CFG, [100, 100], button=0, hole_cards=["AhAd", "KsKc"], board="2c3c4d5h9s", max_runs=3)
    r.call()
    r.check()
    for _ in range(3):
        r.check()
        r.check()
    assert r.is_over and r.runs == 1


@pytest.mark.parametrize(("choices", "runs"), [
    ((2, 2), 2), ((3, 3), 3), ((2, 3), 1), ((None, 2), 2), ((2, None), 2), ((None, None), 1),
    ((1, 2), 1), ((4, 4), 4),
])
def test_the_runs_are_what_everyone_chose(choices: tuple[int | None, int | None], runs: int) -> None:
    h = _all_in_preflop([100, 100], seed=11, max_runs=4)
    for seat, count in enumerate(choices):
        h.choose_runs(seat, count)
    assert h.runs == runs and h.is_over and len(h.run_boards) == runs
    kinds = [(e.kind, e.seat, e.amount) for e in h.events if e.kind in ("run_choice", "runs")]
    assert kinds == [("run_choice", 0, choices[0] or 0), ("run_choice", 1, choices[1] or 0),
                     ("runs", -1, runs)]


def test_runs_share_the_cards_dealt_before_and_never_reuse_one() -> None:
    rng = random.Random(5)
    for trial in range(300):
        n = rng.randint(2, 6)
        stacks = [rng.randint(3, 60) for _ in range(n)]
        runs = rng.randint(2, 4)
        h = Hand(CFG, stacks, button=rng.randrange(n), seed=trial, max_runs=4)
        while not h.is_over:
            if h.runs_pending:
                h.choose_runs(h.runs_pending[0], runs)
                continue
            legal = h.legal_actions()
            a = rng.choice(legal)
            h.act((a.kind, a.max_amount if rng.random() < 0.4 else a.min_amount))
        assert sum(h.stacks) + h.rake == sum(stacks)
        if h.runs == 1:
            continue
        boards = h.run_boards
        assert len(boards) == h.runs == runs
        shared = h._run_from
        cards = [c for hole in h.hole_cards for c in hole] + boards[0]
        for b in boards[1:]:
            assert b[:shared] == boards[0][:shared]
            cards += b[shared:]
        assert len(cards) == len(set(cards)) and all(0 <= c < 52 for c in cards)


def _by_run(h: Hand) -> dict[int, Counter[int]]:
    out: dict[int, Counter[int]] = {}
    run = 0
    for e in h.events:
        if e.kind == "run":
            run = e.amount
            out[run] = Counter()
        elif e.kind == "run_win":
            out[run][e.seat] += e.amount
    return out


def test_each_run_wins_its_half() -> None:
    """Aces against kings all in preflop, twice: the aces win the first run (a wheel), the
    kings the second (four kings): each takes one half of the 200-chip pot."""
    h = _all_in_preflop([100, 100], hole_cards=["AhAd", "KsKc"], max_runs=2)
    h.choose_runs(1, 2)
    h.choose_runs(0, 2)
    h.deal_board("2c3c4d")
    h.deal_board("5h")
    h.deal_board("9s")
    assert h.pending_board == 5 and h.street == "river"
    with pytest.raises(HandStateError, match="already dealt"):
        h.deal_board("KdKh7c8d2c")
    with pytest.raises(HandStateError, match=r"the board of run 2 needs 5 known card\(s\), got 'KdKh7c'"):
        h.deal_board("KdKh7c")
    h.deal_board("KdKh7c8d2d")
    assert h.is_over and h.payouts == [100, 100] and h.stacks == [100, 100]
    assert h.run_boards == [parse_cards_text("2c3c4d5h9s"), parse_cards_text("KdKh7c8d2d")]
    assert _by_run(h) == {1: Counter({0: 100}), 2: Counter({1: 100})}
    runs = [(e.kind, e.amount, e.cards) for e in h.events if e.kind in ("run_board", "run")]
    assert runs == [("run_board", 2, tuple(parse_cards_text("KdKh7c8d2d"))),
                    ("run", 1, tuple(parse_cards_text("2c3c4d5h9s"))),
                    ("run", 2, tuple(parse_cards_text("KdKh7c8d2d")))]


def test_side_pots_and_odd_chips_on_three_runs() -> None:
    """Three seats (60, 101, 100) all in preflop, three runs on known boards. Main pot 180
    (60 each), side pot 80 (40 from seats 1 and 2; seat 1's extra chip comes back). Each
    pot splits in three run shares (180: 60/60/60; 80: 27/27/26, the odd chips to the first
    runs); each share goes to the best hand on its run, computed here with the evaluator."""
    holes = ["AsAd", "KsKd", "QsQd"]
    boards = ["2c7h9dJc3h", "Kc7d4h2h8s", "QcQh5c6d2s"]
    h = Hand(CFG, [60, 101, 100], button=0, hole_cards=holes, max_runs=3)
    h.all_in()
    h.all_in()
    h.call()
    for seat in h.runs_pending:
        h.choose_runs(seat, 3)
    h.deal_board(boards[0][:6])
    h.deal_board(boards[0][6:8])
    h.deal_board(boards[0][8:])
    h.deal_board(boards[1])
    h.deal_board(boards[2])
    assert h.is_over
    expected: Counter[int] = Counter()
    per_run: dict[int, Counter[int]] = {}
    for r, board in enumerate(boards, 1):
        ranks = [evaluate(parse_cards_text(hole + board)) for hole in holes]
        main = min(range(3), key=lambda s: ranks[s])
        side = min((1, 2), key=lambda s: ranks[s])
        per_run[r] = Counter({main: 60})
        per_run[r][side] += 27 if r < 3 else 26
        expected += per_run[r]
    assert _by_run(h) == per_run
    assert h.payouts == [expected[0], expected[1], expected[2]] and sum(h.payouts) == 260
    assert h.stacks == [expected[0], expected[1] + 1, expected[2]]  # seat 1's uncalled chip


def _random_hands(
    config: GameConfig, rng: random.Random, *, seeds: range, most_seats: int, max_runs: int,
    choose: Callable[[Hand, int, random.Random], int | None],
) -> Iterator[Hand]:
    """One hand a seed, played to the end: 2..most_seats seats of 3..40 chips, random legal
    actions at their largest or smallest amount, and the runs the pending seat asks for
    `choose(hand, trial, rng)` (trial counts from 0)."""
    for trial, seed in enumerate(seeds):
        n = rng.randint(2, most_seats)
        stacks = [rng.randint(3, 40) for _ in range(n)]
        h = Hand(config, stacks, button=rng.randrange(n), seed=seed, max_runs=max_runs)
        while not h.is_over:
            if h.runs_pending:
                h.choose_runs(h.runs_pending[0], choose(h, trial, rng))
                continue
            a = rng.choice(h.legal_actions())
            h.act((a.kind, a.max_amount if rng.random() < 0.5 else a.min_amount))
        yield h


def _settles_as_settle_does(h: Hand) -> Settlement:
    """settle(boards=...) of the finished hand `h`, which must pay what the hand paid."""
    holes = [None if f else c for f, c in zip(h.folded, h.hole_cards)]
    s = settle(h.contributions, holes, None, folded=h.folded, button=h.button,
               variant=h.config.variant, dead=h.dead_money, boards=h.run_boards)
    assert list(s.payouts) == h.payouts and s.rake == h.rake
    return s


def test_the_payouts_are_the_settlement_of_the_runs() -> None:
    """Random multi-way hands against settle(boards=...) (the settlement's own face)."""
    checked = 0
    hands = _random_hands(CFG, random.Random(9), seeds=range(1000, 1400), most_seats=5, max_runs=3,
                          choose=lambda h, trial, rng: 3 if trial % 4 else None)
    for h in hands:
        if h.runs == 1 or h.n_live < 2:
            continue
        checked += 1
        _settles_as_settle_does(h)
        wins = Counter({e.seat: e.amount for e in h.events if e.kind == "win"})
        runs = sum(_by_run(h).values(), Counter())
        assert wins == runs + Counter()  # every chip won is some run's share
    assert checked > 50


def test_refusals_change_nothing() -> None:
    h = Hand(CFG, [100, 100, 100], button=0, seed=3, max_runs=2)
    with pytest.raises(HandStateError, match="seat 0 cannot choose the runs: no choice of runs is open"):
        h.choose_runs(0, 2)
    h.fold()
    h.all_in()
    h.call()
    assert h.runs_pending == [1, 2]
    before = h.snapshot()
    with pytest.raises(IllegalActionError, match=r"seat 1 cannot choose 3 runs: choose 1\.\.2"):
        h.choose_runs(1, 3)
    with pytest.raises(IllegalActionError, match="seat 0 cannot choose the runs: it is not in the hand"):
        h.choose_runs(0, 2)
    with pytest.raises(IllegalActionError, match="choose an int"):
        h.choose_runs(1, 2.0)  # type: ignore[arg-type]
    assert h.snapshot() == before
    h.choose_runs(1, 2)
    with pytest.raises(IllegalActionError, match="seat 1 cannot choose the runs: it already"):
        h.choose_runs(1, 2)
    c = pickle.loads(pickle.dumps(h))
    assert c.runs_pending == [2] and c.snapshot() == h.snapshot()
    h.choose_runs(2, 2)
    c.clone().choose_runs(2, 2)
    assert h.is_over and h.runs == 2
    with pytest.raises(Exception, match="max_runs must be an int 1..4"):
        Hand(CFG, [100, 100], seed=1, max_runs=5)


def test_a_tampered_run_board_is_refused() -> None:
    h = _all_in_preflop([100, 100], seed=4, max_runs=2)
    h.choose_runs(0, 2)
    h.choose_runs(1, 2)
    assert h._fault() == 0
    flat = list(h._run_boards)
    flat[4] = h.board[0]  # a card twice
    h._run_boards = flat
    with pytest.raises(HandStateError, match="a card is out of range or in play twice"):
        h.hole_cards  # noqa: B018 - the state check runs on access


def test_deck_hands_deal_every_run() -> None:
    order = parse_cards_text("AhAdKsKc" + "2c3c4d5h9s" + "KdKh7c8d2d")
    # PresetDeck deals in order: the hole cards one at a time from the seat left of the button
    deck = PresetDeck([order[0], order[2], order[1], order[3], *order[4:]])
    h = Hand(CFG, [100, 100], button=1, deck=deck, max_runs=2)
    h.all_in()
    h.call()
    h.choose_runs(0, 2)
    h.choose_runs(1, 2)
    assert h.is_over and len(h.run_boards) == 2 and sum(h.payouts) == 200


def test_table_runs_it_twice_and_restores_mid_choice() -> None:
    t = Table(CFG, 3, seed=21, max_runs=2, table_id="rit")
    for k in range(3):
        t.join(k, f"p{k}", 50, wait_for_big_blind=False)
    t.start_hand()
    while t.seat_to_act is not None:
        t.act(t.seat_to_act, {"kind": "all-in"} if t.legal_actions()[-1].kind.name in ("BET", "RAISE")
              else {"kind": "call"})
    assert t.runs_pending
    seat = t.runs_pending[0]
    assert t.view(seat).runs == (1, 2) and t.view(None).runs == ()
    assert t.view(seat).to_json()["runs"] == [1, 2]
    t.choose_runs(seat, 2)
    doc = t.to_json()
    r = Table.from_json(doc)
    assert r.runs_pending == t.runs_pending and r.to_json() == doc
    with pytest.raises(Exception, match="cannot choose the runs now"):
        t.choose_runs(seat, 2)
    for s in list(t.runs_pending):
        t.choose_runs(s, 2)
        r.choose_runs(s, 2)
    assert t.hand is None and r.hand is None
    assert t.stacks == r.stacks and t.chips_in_play() == t.bought_in
    ends = [e for e in t.events_since(0) if e.kind in ("runs", "run", "run_win")]
    assert ends[0].kind == "runs" and ends[0].amount == 2
    result = t.last_result
    assert result is not None and len(result.boards) == 2 and len(result.runs) == 2
    assert result.boards[0] == result.board and len(result.to_json()["boards"]) == 2
    won = sum((Counter(r) for r in result.runs), Counter())
    wins = {t.hand_seats[e.seat]: e.amount for e in t.history[-1].events if e.kind == "win"}
    assert dict(won) == wins
    # a timed-out choice is one run
    t2 = Table(CFG, 2, seed=3, max_runs=3)
    t2.join(0, "a", 40, wait_for_big_blind=False)
    t2.join(1, "b", 40, wait_for_big_blind=False)
    t2.start_hand()
    t2.act(t2.seat_to_act, {"kind": "all-in"})
    t2.act(t2.seat_to_act, {"kind": "call"})
    assert t2.timeout(t2.runs_pending[0]) is None
    t2.choose_runs(t2.runs_pending[0], 3)
    assert t2.history[-1].runs == 1


# ---- site histories with several runs (PokerStars, GGPoker: FIRST / SECOND sections) ----

_RUN_SAMPLES = {
    "PokerStars/CashGame/RunItTwiceTests/RunItTwice1.txt": ("3dKd9h8h4s", "3dKd9h8hKc"),
    "PokerStars/CashGame/PlayerTests/RunItTwice.txt": None,
    "GGPoker/CashGame/GeneralHands/RunTwice.txt": ("2d3c8sJh3d", "6d4s4h3hTs"),
}


@pytest.mark.parametrize("sample", sorted(_RUN_SAMPLES))
def test_site_hands_run_twice_import_and_replay_exactly(sample: str) -> None:
    from holdem_eval.engine.history.load import verify_history
    from holdem_eval.engine.phh.replay import replay_phh

    (check,) = verify_history(DATA / sample)
    assert check.problem is None and check.method == "exact"
    assert check.hand is not None and check.hand.runs == 2
    hand = replay_phh(check.hand).hand
    assert hand.runs == 2 and len(hand.run_boards) == 2
    boards = _RUN_SAMPLES[sample]
    if boards is not None:
        assert hand.run_boards == [parse_cards_text(b) for b in boards]


def test_a_site_run_reusing_a_card_is_refused() -> None:
    refused_edit("GGPoker/CashGame/GeneralHands/RunTwice.txt",
                 "*** SECOND RIVER *** [6d 4s 4h 3h] [Ts]", "*** SECOND RIVER *** [6d 4s 4h 3h] [Jh]",
                 r"card 'Jh' appears twice: in the board \(line 23\) and in run 2's board \(line 27\)")


def test_phh_writes_and_replays_several_runs() -> None:
    from holdem_eval.engine import PhhError, dumps_phh, loads_phh, replay_phh

    rng = random.Random(3)
    written = 0
    for trial in range(200):
        n = rng.randint(2, 5)
        h = Hand(CFG, [rng.randint(3, 50) for _ in range(n)], button=n - 1, seed=trial, max_runs=3)
        while not h.is_over:
            if h.runs_pending:
                h.choose_runs(h.runs_pending[0], 2 + trial % 2)
                continue
            a = rng.choice(h.legal_actions())
            h.act((a.kind, a.max_amount if rng.random() < 0.5 else a.min_amount))
        if h.runs == 1:
            continue
        text = dumps_phh(h)
        assert f"_runs = {h.runs}" in text
        (back,) = loads_phh(text)
        again = replay_phh(back)
        assert again.matches_file is True
        assert again.hand.run_boards == h.run_boards and again.hand.stacks == h.stacks
        written += 1
    assert written > 50
    with pytest.raises(PhhError, match=r"_runs must be an int 1..4 \(the runs of the board\), got 7"):
        loads_phh(text.replace(f"_runs = {h.runs}", "_runs = 7"))
    # the last run's last card missing: the hand never finishes
    last = text.rindex(", 'd db")
    (short,) = loads_phh(text[:last] + text[text.index("'", last + 3) + 1:])
    with pytest.raises(PhhError, match="never dealt"):
        replay_phh(short)


@pytest.mark.parametrize("variant", ["omaha-hi-lo", "holdem-hi-lo", "short-deck", "omaha5"])
def test_runs_of_the_other_variants_settle_as_settle_does(variant: str) -> None:
    """Runs in hi-lo games (each run's pot share split high / low: the win_low events are
    the low awards of every run) and in a short deck (run choices count its 36 cards)."""
    config = GameConfig(small_blind=1, big_blind=2, variant=variant)
    checked = 0

    def choose(h: Hand, trial: int, rng: random.Random) -> int:
        most = max(h.run_choices)
        return rng.randint(2, 4) if most >= 4 else most

    for h in _random_hands(config, random.Random(17), seeds=range(500, 800), most_seats=4,
                           max_runs=4, choose=choose):
        if h.runs < 2:
            continue
        checked += 1
        first, *later = h.run_boards
        shared = next(k for k in range(6) if k == 5 or any(b[k] != first[k] for b in later))
        cards = first + [c for b in later for c in b[shared:]] + [c for hole in h.hole_cards
                                                                   for c in hole]
        assert len(set(cards)) == len(cards) and min(cards) >= (16 if variant == "short-deck" else 0)
        s = _settles_as_settle_does(h)
        low = Counter({e.seat: e.amount for e in h.events if e.kind == "win_low"})
        expected = Counter()
        for award in s.awards:
            if award.half == "low":
                expected.update(dict(zip(award.winners, award.shares)))
        assert low == +expected and sum(h.payouts) == sum(h.contributions) - h.rake
    assert checked >= 25


def test_run_choices_count_the_variants_deck() -> None:
    # 9 seats all-in preflop: 18 hole cards, a board and its burns (8) leave 26 cards of 52
    # (4 more runs fit, max_runs caps at 4) but 10 of the short deck's 36 (one more run)
    for variant, most in (("holdem", 4), ("short-deck", 2)):
        config = GameConfig(small_blind=1, big_blind=2, ante=1, variant=variant)
        h = Hand(config, [50] * 9, button=0, seed=1, max_runs=4)
        h.all_in()
        while h.current_actor is not None:
            h.call()
        assert list(h.run_choices) == list(range(1, most + 1)), variant
        with pytest.raises(IllegalActionError):
            h.choose_runs(h.runs_pending[0], most + 1)
