"""Stateful fuzzing of the engine (Hypothesis ``RuleBasedStateMachine``) for ``Hand`` and
``Table``: random legal and illegal actions, with clones, copies and pickles taken in
between that must then evolve exactly like the original.

Invariants checked after every step:

* chips are conserved: ``sum(stacks) + pot + rake == sum(starting_stacks)`` for a hand,
  ``seat stacks + chips in the hand + rake_taken + cashed_out == bought_in`` for a table;
* an illegal action raises a ``HoldemEvalError`` subclass and changes nothing (the
  ``snapshot()`` is equal before and after);
* ``legal_actions()`` is exactly what ``act`` accepts: every legal kind is accepted, BET and
  RAISE at their minimum and maximum, and one chip outside either end is refused, as is
  every kind not listed;
* every twin (``clone``, ``copy``, ``deepcopy``, pickle) stays equal to the original;
* every state can finish: played on from a clone (check or call, then every pending seat
  shows its cards), the hand ends with every chip paid out (issue 26 item 12).

Hands are dealt from a seed, or (for unknown hole cards) from given cards: every seat's
hole cards known, unknown (``??``) or partly unknown, the board given in advance, so the
showdown waits for the unknown hands to be shown (with their cards) or mucked.

Configurations: no-limit, pot-limit, fixed-limit (capped and not), Hold'em and Omaha,
antes, big-blind antes, straddles, free folds, rake rules; 2 to 10 seats; stacks from one
chip to a tenth of ``MAX_CHIPS`` (the engine's limit on each amount and on the stacks' sum).
Misuses the fuzzing once found the engine getting wrong are regression tests at the end.
"""

from __future__ import annotations

import copy
import os
import pickle
import random
from collections.abc import Callable
from dataclasses import astuple
from fractions import Fraction
from typing import Any

import pytest
from holdem_eval.engine import (
    MAX_CHIPS,
    ActionKind,
    GameConfig,
    Hand,
    IllegalActionError,
    LegalAction,
    Rules,
    Table,
)
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from holdem_eval import HoldemEvalError

FOLD, CHECK, CALL, BET, RAISE, ALL_IN = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.BET,
    ActionKind.RAISE,
    ActionKind.ALL_IN,
)
WAGERS = (BET, RAISE)
MAX_STACK = MAX_CHIPS // 10  # largest stack the machines play: ten of them stay within the limit
POKERKIT_MAX_STACK = 2**40  # PokerKit rake is computed in double: keep pots below 2**53
MAX_TWINS = 3

# HE_STATEFUL_EXAMPLES=5000 runs the machines longer (CI: 500, about 10-20 s each)
SETTINGS = settings(
    max_examples=int(os.environ.get("HE_STATEFUL_EXAMPLES", "500")),
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ---------------------------------------------------------------------------- inputs


@st.composite
def game_configs(draw: st.DrawFn) -> tuple[GameConfig, int]:
    """A configuration and a seat count that fits it."""
    variant = draw(st.sampled_from(["holdem", "omaha"]))
    betting = draw(st.sampled_from(["no-limit", "pot-limit", "fixed-limit"]))
    bb = draw(st.sampled_from([1, 2, 10, 100]) | st.integers(1, 2**20))
    kwargs: dict[str, Any] = {"variant": variant, "betting": betting, "big_blind": bb}
    if draw(st.booleans()):
        kwargs["small_blind"] = draw(st.integers(0, bb))
    forced = draw(st.sampled_from(["none", "ante", "big_blind_ante", "straddle"]))
    if forced == "straddle":
        kwargs["straddle"] = draw(st.sampled_from([bb, 2 * bb, 3 * bb]))
    elif forced != "none":
        kwargs[forced] = draw(st.integers(1, bb))
    if betting == "fixed-limit":
        kwargs["max_bets"] = draw(st.sampled_from([4, 1, 2, None]))
        kwargs["blind_counts_toward_cap"] = draw(st.booleans())
        kwargs["mode"] = draw(st.sampled_from(["cash", "tournament"]))
    else:
        kwargs["min_bet"] = draw(st.sampled_from([bb, 1, 2 * bb]))
    kwargs["allow_free_fold"] = draw(st.booleans())
    seats = draw(st.integers(3 if forced == "straddle" else 2, 10))
    return GameConfig(**kwargs), seats


def stack_sizes(bb: int) -> st.SearchStrategy[int]:
    """Short stacks (all-ins for less), ordinary ones, and huge ones."""
    return st.one_of(
        st.integers(1, 4 * bb + 3),
        st.integers(1, 2**40),
        st.integers(2**40, MAX_STACK),
    )


def rules_for(stacks: list[int]) -> st.SearchStrategy[Rules | None]:
    choices: list[Rules | None] = [
        None,
        Rules(),
        Rules(rake_percent=5, rake_cap=3),
        Rules(rake_percent=10, no_flop_no_drop=True),
        Rules(odd_chips="first_winner", rake_percent=Fraction(1, 3)),
    ]
    if sum(stacks) <= 10 * POKERKIT_MAX_STACK:
        choices.append(Rules.pokerkit(0.05))
    return st.sampled_from(choices)


def amount_in(lo: int, hi: int) -> st.SearchStrategy[int]:
    return st.sampled_from([lo, hi]) | st.integers(lo, hi)


# ---------------------------------------------------------------------------- checks


def is_legal(legal: tuple[LegalAction, ...], kind: int, amount: int) -> bool:
    for a in legal:
        if a.kind == kind:
            return a.min_amount <= amount <= a.max_amount if kind in WAGERS else True
    return False


def refuses(h: Hand, do: Callable[[Hand], object]) -> HoldemEvalError:
    """``do(h)`` must raise a HoldemEvalError and leave ``h`` exactly as it was."""
    before = h.snapshot()
    legal = h.legal_actions()
    with pytest.raises(HoldemEvalError) as info:
        do(h)
    assert h.snapshot() == before, "an illegal action changed the hand"
    assert h.legal_actions() == legal
    return info.value


def check_legal_actions_are_exactly_accepted(h: Hand) -> None:
    """Every legal action at both ends is accepted (on a clone); one chip beyond either
    end, and every kind that is not listed, is refused without changing anything."""
    legal = h.legal_actions()
    if h.current_actor is None:
        assert legal == ()
        return
    assert legal, "a seat is to act but has no legal action"
    kinds = {a.kind for a in legal}
    for a in legal:
        for amount in {a.min_amount, a.max_amount}:
            twin = h.clone()
            twin.act((a.kind, amount))
        if a.kind in WAGERS:
            assert 0 < a.min_amount <= a.max_amount
            for amount in (a.min_amount - 1, a.max_amount + 1):
                refuses(h, lambda x, k=a.kind, m=amount: x.act((k, m)))
    for kind in (FOLD, CHECK, CALL, BET, RAISE):
        if kind not in kinds:
            refuses(h, lambda x, k=kind: x.act((k, 0 if k not in WAGERS else h.cur_bet + 1)))


def check_hand_invariants(h: Hand) -> None:
    total = sum(h.starting_stacks)
    rake = h.rake or 0
    assert min(h.stacks) >= 0
    assert sum(h.stacks) + h.pot + rake == total, "chips not conserved"
    if h.is_over:
        assert h.pot == 0 and h.current_actor is None and h.legal_actions() == ()
        assert h.payouts is not None and min(h.payouts) >= 0
        assert sum(h.payouts) + rake == sum(h.contributions) or sum(h.contributions) == 0
    else:
        # seeded hands deal every card; the pot is settled automatically unless the hand
        # waits for a manual showdown: otherwise someone is to act
        actor = h.current_actor
        if actor is None:
            # a manual showdown, or an automatic one waiting for unknown hole cards; or run
            # it twice: the choice of runs, or a later run's cards
            assert h.showdown_pending or h.runs_pending or h.pending_board, (
                "nobody to act, nothing pending")
            assert (h.manual_showdown or h.runs_pending or h.pending_board
                    or any(-1 in h.hole_cards[k] for k in h.showdown_pending))
            assert h.pot == sum(h.contributions)
            return
        assert not h.folded[actor], f"folded seat {actor} is asked to act"
        assert h.stacks[actor] > 0, f"seat {actor} with no chips is asked to act"
        assert h.pot == sum(h.contributions)


def check_every_state_can_finish(h: Hand, hidden: dict[int, list[int]]) -> None:
    """Played on from a clone (check or call at every turn, then each seat the showdown
    waits for shows its cards: ``hidden`` holds those of the seats dealt unknown), the
    hand ends with every chip paid out."""
    twin = h.clone()
    total = sum(twin.starting_stacks)
    for _ in range(4 * 10 * 4 + 10 + 10):  # a few times a street, the runs, then shows
        if twin.is_over:
            break
        if twin.current_actor is not None:
            twin.check_or_call()
            continue
        if twin.runs_pending:  # run it twice: each live seat chooses one run
            twin.choose_runs(twin.runs_pending[0], 1)
            continue
        if twin.pending_board and twin.street == "river":  # a later run's cards
            twin.deal_board(_free_cards(twin, hidden)[: twin.pending_board])
            continue
        pending = twin.showdown_pending
        assert pending, "a hand not over waits for nothing (stuck)"
        seat = pending[0]
        twin.show(seat, hidden[seat] if -1 in twin.hole_cards[seat] else None)
    assert twin.is_over, "the hand did not finish"
    assert twin.pot == 0 and sum(twin.stacks) + (twin.rake or 0) == total, "chips not paid out"


def _free_cards(h: Hand, hidden: dict[int, list[int]]) -> list[int]:
    """Cards in no hand (the hidden ones included) and on no board, in order."""
    used = {c for cs in h.hole_cards for c in cs} | {c for b in h.run_boards for c in b}
    used |= {c for cs in hidden.values() for c in cs} | set(h._plan[: h._plan_len])
    return [c for c in range(52) if c not in used]


# ---------------------------------------------------------------------------- Hand


def illegal_actions(h: Hand) -> st.SearchStrategy[tuple[Any, Any, int | None]]:
    """Illegal ``(kind, amount, seat)`` triples for the hand's current state."""
    legal = h.legal_actions()
    n = h.n
    actor = h.current_actor
    options: list[tuple[Any, Any, int | None]] = []
    for kind in (FOLD, CHECK, CALL, BET, RAISE):
        if not is_legal(legal, kind, h.cur_bet + 1):
            options.append((kind, h.cur_bet + 1, None))
    for a in legal:
        if a.kind in WAGERS:
            lo, hi = a.min_amount, a.max_amount
            options += [(a.kind, bad, None) for bad in (lo - 1, hi + 1, 0, -1, -(2**70), 2**80)]
            options += [(a.kind, bad, None) for bad in (float(lo), True, str(lo), None, [lo])]
        if actor is not None:
            # the right action for the wrong seat
            options += [(a.kind, a.min_amount, (actor + d) % n) for d in range(1, n)]
            options += [(a.kind, a.min_amount, bad) for bad in (n, -1, 99)]
    options += [(bad, 0, None) for bad in (6, 99, -1, "raise", None, 2.5)]
    return st.sampled_from(options)


class HandMachine(RuleBasedStateMachine):
    """Plays one hand after another; each step is a legal action, an illegal one, a new
    twin, an all-in, or (once a hand is over) a refused action and a new deal."""

    def __init__(self) -> None:
        super().__init__()
        self.hand: Hand
        self.twins: list[Hand] = []

    def _deal(self, data: st.DataObject) -> None:
        cfg, n = data.draw(game_configs(), label="config")
        stacks = data.draw(st.lists(stack_sizes(cfg.big_blind), min_size=n, max_size=n), label="stacks")
        button = data.draw(st.integers(0, n - 1), label="button")
        seed = data.draw(st.integers(0, 2**64 - 1), label="seed")
        rules = data.draw(rules_for(stacks), label="rules")
        manual = data.draw(st.booleans(), label="manual showdown")
        runs = data.draw(st.sampled_from([1, 1, 2, 3, 4]), label="max runs")  # run it twice
        posts = None
        if data.draw(st.booleans(), label="extra posts"):
            # returning players' missed blinds: the big blind live, the small one dead
            live = st.sampled_from([0, cfg.big_blind])
            dead = st.sampled_from([0, cfg.small_blind])
            seats = data.draw(st.sets(st.integers(0, n - 1), max_size=2), label="posting")
            posts = {k: (data.draw(live), data.draw(dead)) for k in sorted(seats)}
        # the cards each seat dealt unknown really holds, shown at its showdown
        self.hidden: dict[int, list[int]] = {}
        if data.draw(st.booleans(), label="unknown hole cards"):
            hc = cfg.hole_count
            deck = random.Random(seed).sample(range(52), n * hc + 5)
            holes: list[list[int]] = []
            for k in range(n):
                cards = deck[k * hc : k * hc + hc]
                known = data.draw(st.sampled_from(["known", "unknown", "partly"]), label="hole")
                if known != "known":
                    self.hidden[k] = cards
                    cards = [cards[0] if known == "partly" else -1] + [-1] * (hc - 1)
                holes.append(cards)
            self.hand = Hand(
                cfg, stacks, button=button, hole_cards=holes, board=deck[n * hc :],
                rules=rules, posts=posts, manual_showdown=manual, max_runs=runs,
            )
        else:
            self.hand = Hand(
                cfg, stacks, button=button, seed=seed, rules=rules, posts=posts,
                manual_showdown=manual, max_runs=runs,
            )
        self.twins = []
        self.mucked: set[int] = set()

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        self._deal(data)

    def _everyone(self, do: Callable[[Hand], object]) -> None:
        for h in (self.hand, *self.twins):
            do(h)

    @precondition(lambda self: self.hand.current_actor is not None)
    @rule(data=st.data(), by_method=st.booleans())
    def legal_action(self, data: st.DataObject, by_method: bool) -> None:
        kind, lo, hi = data.draw(st.sampled_from(self.hand.legal_actions()), label="legal")
        amount = data.draw(amount_in(lo, hi), label="amount") if kind in WAGERS else lo
        if not by_method:
            self._everyone(lambda h: h.act((kind, amount)))
            return
        methods: dict[int, Callable[[Hand], object]] = {
            FOLD: lambda h: h.fold(),
            CHECK: lambda h: h.check(),
            CALL: lambda h: h.call(),
            BET: lambda h: h.bet(amount),
            RAISE: lambda h: h.raise_to(amount),
        }
        self._everyone(methods[kind])

    @precondition(lambda self: self.hand.current_actor is not None)
    @rule()
    def all_in(self) -> None:
        # all_in() is a call (or check) when the stack does not cover more or nobody can
        # match more; otherwise a bet or raise to the whole stack, which must be legal
        h = self.hand
        actor = h.current_actor
        assert actor is not None
        allin_to = h.stacks[actor] + h.bets[actor]
        legal = h.legal_actions()
        passive = h.clone()
        passive.act((CALL, 0) if any(a.kind == CALL for a in legal) else (CHECK, 0))
        wager = next((a for a in legal if a.kind in WAGERS), None)
        if wager is not None and wager.max_amount == allin_to:
            expected = h.clone()
            expected.act((wager.kind, allin_to))
        elif h.stacks[actor] <= h.to_call:
            expected = passive
        else:
            # no legal wager to the whole stack: a call or check when no opponent can
            # match more, else refused (e.g. fixed limit, capped betting)
            try:
                h.clone().all_in()
            except HoldemEvalError:
                refuses(h, lambda x: x.all_in())
                return
            expected = passive
        self._everyone(lambda x: x.all_in())
        assert h.snapshot() == expected.snapshot()

    @precondition(lambda self: not self.hand.is_over)
    @rule(data=st.data())
    def illegal_action(self, data: st.DataObject) -> None:
        kind, amount, seat = data.draw(illegal_actions(self.hand), label="illegal")
        refuses(self.hand, lambda h: h.act((kind, amount), seat=seat))

    @precondition(lambda self: bool(self.hand.showdown_pending))
    @rule(data=st.data(), muck=st.booleans())
    def show_or_muck(self, data: st.DataObject, muck: bool) -> None:
        h = self.hand
        seat = data.draw(st.sampled_from(h.showdown_pending), label="seat")
        in_pot = [k for k in range(h.n) if not h.folded[k] and k not in self.mucked]
        if muck and len(in_pot) <= 1:
            err = refuses(h, lambda x: x.muck(seat))
            assert "it is the last hand in the pot" in str(err)
            return
        event("manual showdown: " + ("muck" if muck else "show"))
        if muck:
            self.mucked.add(seat)
            self._everyone(lambda x: x.muck(seat))
        elif seat in self.hidden and -1 in h.hole_cards[seat]:
            # an unknown hand shows by giving all its cards: without them, or with one
            # already dealt, it is refused and the showdown still waits
            event("manual showdown: unknown hand shown")
            refuses(h, lambda x: x.show(seat))
            # (a card dealt elsewhere: none yet when every hand is unknown and the board waits
            # for the choice of runs)
            taken = next((c for k, cs in enumerate(h.hole_cards) if k != seat
                          for c in (*cs, *h.board) if c >= 0), None)
            if taken is not None:
                refuses(h, lambda x: x.show(seat, [taken, *self.hidden[seat][1:]]))
            real = self.hidden[seat]
            self._everyone(lambda x: x.show(seat, real))
        else:
            cards = h.hole_cards[seat]
            shown = data.draw(st.sampled_from([None, list(cards), list(reversed(cards))]))
            self._everyone(lambda x: x.show(seat, shown))

    @precondition(lambda self: not self.hand.is_over)
    @rule(data=st.data())
    def illegal_show_or_muck(self, data: st.DataObject) -> None:
        h = self.hand
        pending = h.showdown_pending
        seats: list[Any] = [-1, h.n, 1.5, "0", None]
        # (an automatic showdown waiting for unknown cards lets a known hand show or muck)
        seats += [k for k in range(h.n)
                  if h.folded[k] or (pending and k not in pending and h.manual_showdown)]
        if not pending:  # betting not finished, or an automatic showdown: every seat
            seats += list(range(h.n))
        seat = data.draw(st.sampled_from(seats), label="seat")
        method = data.draw(st.sampled_from([Hand.show, Hand.muck]))
        refuses(h, lambda x: method(x, seat))
        if pending:
            # showing cards the seat does not hold
            k = pending[0]
            other = next(c for c in range(52) if c not in h.hole_cards[k] and c not in h.board)
            wrong = [other, *h.hole_cards[k][1:]]
            refuses(h, lambda x: x.show(k, wrong))

    @precondition(lambda self: bool(self.hand.runs_pending))
    @rule(data=st.data())
    def choose_runs(self, data: st.DataObject) -> None:
        h = self.hand
        seat = data.draw(st.sampled_from(h.runs_pending), label="chooser")
        most = max(h.run_choices)
        bad = data.draw(st.sampled_from([0, -1, most + 1, 2.0, "2"]), label="bad count")
        refuses(h, lambda x: x.choose_runs(seat, bad))
        other = next((k for k in range(h.n) if k not in h.runs_pending), None)
        if other is not None:
            refuses(h, lambda x: x.choose_runs(other, 1))
        count = data.draw(st.sampled_from([None, *h.run_choices]), label="runs")
        event(f"run it twice: choose {count}")
        self._everyone(lambda x: x.choose_runs(seat, count))
        if h.runs > 1:
            event(f"run it twice: {h.runs} runs")

    @precondition(lambda self: bool(self.hand.pending_board) and self.hand.street == "river")
    @rule()
    def deal_a_later_run(self) -> None:
        h = self.hand
        cards = _free_cards(h, self.hidden)[: h.pending_board]
        refuses(h, lambda x: x.deal_board([h.board[0], *cards[1:]]))  # a card in play
        self._everyone(lambda x: x.deal_board(cards))

    @precondition(lambda self: self.hand.is_over)
    @rule(data=st.data())
    def act_after_the_end(self, data: st.DataObject) -> None:
        kind = data.draw(st.sampled_from([FOLD, CHECK, CALL, BET, RAISE, ALL_IN]))
        err = refuses(self.hand, lambda h: h.act((kind, 10)))
        assert isinstance(err, IllegalActionError) and "the hand is over" in str(err)
        for method in (Hand.fold, Hand.check, Hand.call, Hand.all_in, Hand.check_or_call):
            err = refuses(self.hand, method)
            assert "the hand is over" in str(err)

    @precondition(lambda self: self.hand.is_over)
    @rule(data=st.data())
    def next_hand(self, data: st.DataObject) -> None:
        h = self.hand
        event(f"hand over: board {len(h.board)}, {h.folded.count(False)} live, {h.n} seats")
        self._deal(data)

    @rule(how=st.sampled_from(["clone", "copy", "deepcopy", "pickle"]))
    def take_twin(self, how: str) -> None:
        h = self.hand
        twin = {
            "clone": lambda: h.clone(),
            "copy": lambda: copy.copy(h),
            "deepcopy": lambda: copy.deepcopy(h),
            "pickle": lambda: pickle.loads(pickle.dumps(h)),
        }[how]()
        assert type(twin) is Hand
        self.twins = [*self.twins[-(MAX_TWINS - 1) :], twin]

    @invariant()
    def chips_conserved_and_state_consistent(self) -> None:
        check_hand_invariants(self.hand)

    @invariant()
    def legal_actions_are_exactly_what_act_accepts(self) -> None:
        check_legal_actions_are_exactly_accepted(self.hand)

    @invariant()
    def every_state_can_finish(self) -> None:
        check_every_state_can_finish(self.hand, self.hidden)

    @invariant()
    def twins_evolve_identically(self) -> None:
        snap = self.hand.snapshot()
        for twin in self.twins:
            assert twin is not self.hand
            assert twin.snapshot() == snap
            assert twin.legal_actions() == self.hand.legal_actions()


TestHandMachine = pytest.mark.slow(HandMachine.TestCase)
TestHandMachine.settings = SETTINGS


# ---------------------------------------------------------------------------- Table


def table_snapshot(t: Table) -> tuple[Any, ...]:
    seats = tuple(None if s is None else astuple(s) for s in t.seats)
    hand = None if t.hand is None else t.hand.snapshot()
    return (
        seats, t.button, t._first_hand, t._last_blinds, t.seed, t.hands_played,
        t.rake_taken, t.bought_in, t.cashed_out, tuple(t.hand_seats), hand,
    )


def table_chips(t: Table) -> int:
    """Every chip the table accounts for: seats not in a hand, the hand, rake, cash-outs."""
    in_hand = set(t.hand_seats) if t.hand is not None else set()
    seats = sum(s.stack for k, s in enumerate(t.seats) if s is not None and k not in in_hand)
    hand = 0 if t.hand is None else sum(t.hand.stacks) + t.hand.pot + (t.hand.rake or 0)
    return seats + hand + t.rake_taken + t.cashed_out


class TableMachine(RuleBasedStateMachine):
    """A cash-game session: joins, leaves, rebuys, sitting out and in, hands played with
    legal and illegal actions, twins taken by deepcopy or pickle."""

    def __init__(self) -> None:
        super().__init__()
        self.table: Table
        self.twins: list[Table] = []
        self.names = 0

    @initialize(data=st.data())
    def open_table(self, data: st.DataObject) -> None:
        cfg, n = data.draw(game_configs(), label="config")
        seed = data.draw(st.integers(0, 2**64 - 1), label="seed")
        button = data.draw(st.integers(0, n - 1), label="button")
        rules = data.draw(rules_for([POKERKIT_MAX_STACK]), label="rules")
        button_rule = data.draw(st.sampled_from(["moving", "dead"]), label="button rule")
        runs = data.draw(st.sampled_from([1, 1, 2, 3]), label="max runs")
        self.table = Table(cfg, seats=n, rules=rules, seed=seed, button=button,
                           button_rule=button_rule, max_runs=runs)
        players = data.draw(st.integers(2, n), label="players")
        for seat in data.draw(st.permutations(range(n)), label="seats")[:players]:
            self._join(seat, data.draw(self._buy_ins(), label="buy-in"), data.draw(st.booleans()))

    def _buy_ins(self) -> st.SearchStrategy[int]:
        # stacks at a table stay below the PokerKit-rake limit when those rules are on
        cap = POKERKIT_MAX_STACK if self.table.rules is not None else MAX_STACK // 16
        return st.one_of(st.integers(1, 4 * self.table.config.big_blind + 3), st.integers(1, cap))

    def _everyone(self, do: Callable[[Table], object]) -> None:
        for t in (self.table, *self.twins):
            do(t)

    def _join(self, seat: int, buy_in: int, wait: bool) -> None:
        self.names += 1
        name = f"p{self.names}"
        self._everyone(lambda t: t.join(seat, name, buy_in, wait_for_big_blind=wait))

    def _refused(self, do: Callable[[Table], object]) -> HoldemEvalError:
        before = table_snapshot(self.table)
        with pytest.raises(HoldemEvalError) as info:
            do(self.table)
        assert table_snapshot(self.table) == before, "a refused table operation changed it"
        return info.value

    def _empty(self) -> list[int]:
        return [k for k, s in enumerate(self.table.seats) if s is None]

    def _taken(self) -> list[int]:
        return [k for k, s in enumerate(self.table.seats) if s is not None]

    # -- between hands
    @precondition(lambda self: self.table.hand is None and any(s is None for s in self.table.seats))
    @rule(data=st.data(), wait=st.booleans())
    def join(self, data: st.DataObject, wait: bool) -> None:
        seat = data.draw(st.sampled_from(self._empty()))
        self._join(seat, data.draw(self._buy_ins()), wait)

    @precondition(lambda self: self.table.hand is None and any(self.table.seats))
    @rule(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        seat = data.draw(st.sampled_from(self._taken()))
        stack = self.table.seats[seat].stack  # type: ignore[union-attr]
        self._everyone(lambda t: t.leave(seat))
        assert self.table.seats[seat] is None and self.table.cashed_out >= stack

    @precondition(lambda self: self.table.hand is None and any(self.table.seats))
    @rule(data=st.data())
    def rebuy(self, data: st.DataObject) -> None:
        seat = data.draw(st.sampled_from(self._taken()))
        amount = data.draw(self._buy_ins())
        self._everyone(lambda t: t.rebuy(seat, amount))

    @precondition(lambda self: any(self.table.seats))
    @rule(data=st.data(), out=st.booleans(), post=st.booleans())
    def sit_out_or_in(self, data: st.DataObject, out: bool, post: bool) -> None:
        seat = data.draw(st.sampled_from(self._taken()))
        if out:
            self._everyone(lambda t: t.sit_out(seat))
        else:
            self._everyone(lambda t: t.sit_in(seat, post=post))

    @precondition(lambda self: self.table.hand is None)
    @rule()
    def start_hand(self) -> None:
        t = self.table
        ready = [
            s for s in t.seats if s is not None and not s.sitting_out and s.stack > 0
        ]
        if len(ready) < 2 or all(s.waiting_for_big_blind for s in ready):
            err = self._refused(lambda x: x.start_hand())
            assert "need at least 2 players ready to play" in str(err)
            return
        if t.config.straddle:
            # a straddle table down to two players refuses to start, changing nothing
            probe = copy.deepcopy(t)
            try:
                probe.start_hand()
            except HoldemEvalError as err:
                assert "a straddle needs at least 3 seats" in str(err)
                assert str(self._refused(lambda x: x.start_hand())) == str(err)
                return
        self._everyone(lambda x: x.start_hand())

    # -- during a hand
    @precondition(lambda self: bool(self.table.runs_pending))
    @rule(data=st.data())
    def choose_runs(self, data: st.DataObject) -> None:
        t = self.table
        seat = data.draw(st.sampled_from(t.runs_pending), label="chooser")
        count = data.draw(st.sampled_from([None, *t.view(seat).runs]), label="runs")
        other = next((k for k in self._taken() if k not in t.runs_pending), None)
        if other is not None:
            self._refused(lambda x: x.choose_runs(other, 1))
        event(f"table: choose {count} runs")
        self._everyone(lambda x: x.choose_runs(seat, count))

    @precondition(lambda self: self.table.seat_to_act is not None)
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        kind, lo, hi = data.draw(st.sampled_from(self.table.legal_actions()), label="legal")
        amount = data.draw(amount_in(lo, hi), label="amount") if kind in WAGERS else lo
        self._everyone(lambda t: t.act(t.seat_to_act, (kind, amount)))

    @precondition(lambda self: self.table.hand is not None)
    @rule(data=st.data())
    def illegal_action(self, data: st.DataObject) -> None:
        hand = self.table.hand
        assert hand is not None
        kind, amount, seat = data.draw(illegal_actions(hand), label="illegal")
        if seat is not None:
            return  # Table.act's seat is checked by illegal_table_operation
        self._refused(lambda t: t.act(t.seat_to_act, (kind, amount)))

    @rule(data=st.data())
    def illegal_table_operation(self, data: st.DataObject) -> None:
        t = self.table
        n = t.seat_count
        ops: list[Callable[[Table], object]] = [
            lambda x: x.join(n, "late", 100),
            lambda x: x.join(-1, "late", 100),
            lambda x: x.leave(n),
            lambda x: x.sit_out(n),
            lambda x: x.sit_in(-1),
            lambda x: x.rebuy(n, 10),
        ]
        for seat in self._empty():
            ops += [lambda x, s=seat: x.leave(s), lambda x, s=seat: x.rebuy(s, 5)]
            ops += [lambda x, s=seat, b=bad: x.join(s, "bad", b) for bad in (0, -5, True, 1.5, "100")]
        for seat in self._taken():
            ops += [lambda x, s=seat: x.join(s, "twice", 100)]
            ops += [lambda x, s=seat, b=bad: x.rebuy(s, b) for bad in (0, -1, False, 2.0)]
        if t.hand is None:
            ops += [lambda x: x.act(0, (CALL, 0))]
        else:
            ops += [lambda x: x.start_hand()]
            ops += [lambda x, s=seat: x.act(s, (CALL, 0)) for seat in t.hand_seats
                    if seat != t.seat_to_act]  # out of turn
            ops += [lambda x, s=seat: x.act(s, (CALL, 0), expect=t.turn - 1)
                    for seat in t.hand_seats if seat == t.seat_to_act]  # a stale turn token
        self._refused(data.draw(st.sampled_from(ops)))

    @rule(how=st.sampled_from(["deepcopy", "pickle"]))
    def take_twin(self, how: str) -> None:
        t = self.table
        twin = copy.deepcopy(t) if how == "deepcopy" else pickle.loads(pickle.dumps(t))
        self.twins = [*self.twins[-(MAX_TWINS - 1) :], twin]

    @invariant()
    def chips_conserved(self) -> None:
        t = self.table
        assert table_chips(t) == t.bought_in, "table chips not conserved"
        if t.hand is None:
            assert t.chips_in_play() == t.bought_in
        else:
            check_hand_invariants(t.hand)
            assert not t.hand.is_over, "a finished hand is still the table's current hand"

    @invariant()
    def legal_actions_are_exactly_what_act_accepts(self) -> None:
        if self.table.hand is not None:
            check_legal_actions_are_exactly_accepted(self.table.hand)

    @invariant()
    def twins_evolve_identically(self) -> None:
        snap = table_snapshot(self.table)
        for twin in self.twins:
            assert table_snapshot(twin) == snap


TestTableMachine = pytest.mark.slow(TableMachine.TestCase)
TestTableMachine.settings = SETTINGS


# ------------------------------------------------------ regressions (issue 10 items 1, 4)


def test_amounts_above_the_limit_are_refused_at_the_door_or_play_correctly() -> None:
    stacks = [2**64] * 3
    try:
        h = Hand(GameConfig(big_blind=2), stacks, button=0, seed=1)
    except HoldemEvalError as err:
        # refused at the door: a ValueError naming the stacks and the limit
        assert isinstance(err, ValueError)
        assert repr(stacks) in str(err) or str(2**64) in str(err)
        return
    h.fold()
    h.raise_to(2**63)
    h.call()
    check_hand_invariants(h)
    assert h.current_actor != 0, "the folded seat is asked to act"


@pytest.mark.parametrize(
    "action",
    [None, 5, "fold", (), (CALL,), (CALL, 0, 1)],
    ids=["None", "int", "str", "empty", "one-tuple", "three-tuple"],
)
def test_a_malformed_action_is_an_illegal_action(action: Any) -> None:
    h = Hand(GameConfig(big_blind=2), [100] * 3, button=0, seed=1)
    err = refuses(h, lambda x: x.act(action))
    assert isinstance(err, IllegalActionError)


@pytest.mark.parametrize(
    "kind, seat",
    [(True, None), (1.0, None), (CHECK, 2.0)],
    ids=["bool-kind", "float-kind", "float-seat"],
)
def test_a_bool_or_float_kind_or_seat_is_refused(kind: Any, seat: Any) -> None:
    h = Hand(GameConfig(big_blind=2), [100] * 3, button=0, seed=1)
    h.call()
    h.call()  # seat 2, the big blind, may check
    assert h.current_actor == 2 and h.legal_actions()[0].kind == CHECK
    refuses(h, lambda x: x.act((kind, 0), seat=seat))


def test_a_heads_up_straddle_table_plays_or_refuses_without_changing_anything() -> None:
    t = Table(GameConfig(big_blind=2, straddle=4), seats=3, seed=0, button=0)
    t.join(0, "ann", 100)
    t.join(1, "bob", 100)
    before = table_snapshot(t)
    try:
        t.start_hand()
    except HoldemEvalError:
        assert table_snapshot(t) == before, "a refused start_hand changed the table"
        return
    assert t.chips_in_play() == t.bought_in or table_chips(t) == t.bought_in


@pytest.mark.parametrize(
    "posts",
    [{0: (2.5, 0)}, {0: (2, 0.5)}, {0: (True, 0)}, {"0": (2, 0)}, {1.0: (2, 0)}, {0: (2,)},
     {0: None}],
    ids=["float-live", "float-dead", "bool-live", "str-seat", "float-seat", "one-value", "None"],
)
def test_bad_posts_are_refused_at_the_door(posts: Any) -> None:
    with pytest.raises(HoldemEvalError) as info:
        Hand(GameConfig(big_blind=2), [100] * 3, button=0, seed=1, posts=posts)
    assert isinstance(info.value, ValueError) and "post" in str(info.value)
