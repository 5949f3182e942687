"""Differential test against PokerKit 0.7.7 (issue 26): the same cards, stacks and
decisions played on both engines, compared at every decision and at the end.

Random games, seeded and bounded: no-limit and fixed-limit Hold'em and pot-limit Omaha,
2 to 10 seats (6 for Omaha), antes, big-blind antes, straddles, short and deep stacks.
Seats map as PHH does: PokerKit's last player is the button (``button=n - 1``). Our game
is set to PokerKit's conventions where they are settings (fixed limit: four bets besides
the big blind, capped heads-up as in a tournament; PokerKit's payouts), so what differs is
a rule. At every decision both engines must agree on the seat to act, the amount to call,
whether a bet or raise is allowed and its bounds; at the end on every stack.

Where they differ, the disagreement must be one of :data:`KNOWN_DIVERGENCES`, each with
the rule that decides it (the hand is then left: one divergence can change the rest). A
disagreement that none of them explains fails the test.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from holdem_eval.engine import ActionKind, GameConfig, Hand, Rules

pokerkit = pytest.importorskip("pokerkit")

KNOWN_DIVERGENCES: dict[str, str] = {
    "short all-in re-opening": (
        "TDA and Robert's Rules: an all-in for less than a full raise does not re-open the"
        " betting for a seat that already acted, short all-ins that add up to a full raise"
        " do; in fixed limit an all-in of half a bet or more is a full bet or raise (it"
        " re-opens and counts toward the cap). PokerKit re-opens after any all-in raise and"
        " counts no short one."
    ),
    "straddle is the big blind for the minimum raise": (
        "A straddle is the new big blind for the minimum raise (blinds 1/2, straddle 4: the"
        " first raise is to at least 8); PokerKit takes the straddle's increment (to 6)."
    ),
    "short big blind price of entry": (
        "A short big blind does not lower the price of entry: the next player still calls"
        " the whole big blind; PokerKit asks only the all-in blind's amount."
    ),
    "big blind posted before the big-blind ante": (
        "TDA 2024: a short big blind posts the blind before the big-blind ante; PokerKit"
        " takes the ante first."
    ),
    "an all-in for less than the ante wins only what it matched": (
        "Side pots: a player wins from each opponent at most what it put in; a player all-in"
        " for less than the ante shares in the antes only up to its own. PokerKit (without"
        " ante trimming) pays it every ante."
    ),
    "no decision where there is none": (
        "A seat whose only action would be a check while nobody else can act (every"
        " opponent all-in for no more than its bet) is not asked: the hand runs on."
        " PokerKit asks it when an opponent is all-in for less than the big blind."
    ),
}

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_DEALING,
    pokerkit.Automation.BOARD_DEALING,
    pokerkit.Automation.RUNOUT_COUNT_SELECTION,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
HANDS = 2000  # about 7 s of CPU


def _game(rng: random.Random) -> tuple[str, int, GameConfig, tuple[int, ...]]:
    game = rng.choice(["NT", "FT", "PO"])
    n = rng.randint(2, 6 if game == "PO" else 10)
    bb = rng.choice([2, 10])
    forced = rng.choice(["none", "ante", "big_blind_ante", "straddle"])
    if forced == "straddle" and (n < 3 or game == "FT"):
        forced = "none"
    kwargs: dict[str, Any] = {"big_blind": bb, "small_blind": bb // 2}
    if forced == "straddle":
        kwargs["straddle"] = 2 * bb
    elif forced != "none":
        kwargs[forced] = rng.randint(1, bb)
    if game == "FT":
        kwargs.update(betting="fixed-limit", max_bets=4, blind_counts_toward_cap=False,
                      mode="tournament")
    elif game == "PO":
        kwargs.update(variant="omaha", betting="pot-limit")
    stacks = tuple(rng.randint(1, 4 * bb) if rng.random() < 0.3 else rng.randint(bb, 100 * bb)
                   for _ in range(n))
    return game, n, GameConfig(**kwargs), stacks


def _pokerkit_state(game: str, n: int, cfg: GameConfig, stacks: tuple[int, ...]) -> Any:
    if cfg.big_blind_ante:
        antes: Any = [0, cfg.big_blind_ante] + [0] * (n - 2)  # PokerKit's big blind ante
    else:
        antes = cfg.ante
    blinds = (cfg.small_blind, cfg.big_blind) + ((cfg.straddle,) if cfg.straddle else ())
    mode = pokerkit.Mode.CASH_GAME
    if game == "FT":
        return pokerkit.FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, False, antes, blinds, cfg.small_bet, cfg.big_bet, stacks, n, mode=mode)
    kind = pokerkit.NoLimitTexasHoldem if game == "NT" else pokerkit.PotLimitOmahaHoldem
    return kind.create_state(AUTOMATIONS, False, antes, blinds, cfg.min_bet, stacks, n, mode=mode)


def _text(cards: Any) -> str:
    return "".join(f"{c.rank}{c.suit}" for c in cards)


def _bounds(h: Hand) -> tuple[int, int, int | None, int | None]:
    """(actor, to call, min and max "to" of a bet or raise or None) of our hand."""
    legal = h.legal_actions()
    wager = [a for a in legal if a.kind in (ActionKind.BET, ActionKind.RAISE)]
    lo, hi = (wager[0].min_amount, wager[0].max_amount) if wager else (None, None)
    call = sum(a.min_amount for a in legal if a.kind == ActionKind.CALL)  # all-in for less
    return h.actor, call, lo, hi


def _theirs(st: Any) -> tuple[int, int, int | None, int | None]:
    if st.actor_index is None:
        return -1, 0, None, None
    lo = hi = None
    if st.can_complete_bet_or_raise_to():
        lo = st.min_completion_betting_or_raising_to_amount
        hi = st.max_completion_betting_or_raising_to_amount
    return st.actor_index, st.checking_or_calling_amount, lo, hi


def _divergence(
    h: Hand, cfg: GameConfig, stacks: tuple[int, ...], ours: Any = None, theirs: Any = None
) -> str | None:
    """The known divergence that explains a disagreement now, if any (``ours`` and
    ``theirs``: the two engines' (actor, to call, min, max) at a decision)."""
    bb_seat = h.blind_seats[1]
    if ours is not None and ours[0] == -1 and theirs[1:] == (0, None, None):
        return "no decision where there is none"
    if cfg.big_blind_ante and stacks[bb_seat] < cfg.big_blind + cfg.big_blind_ante:
        return "big blind posted before the big-blind ante"
    if cfg.ante and min(stacks) < cfg.ante:
        return "an all-in for less than the ante wins only what it matched"
    posted = sum(e.amount for e in h.events if e.kind == "big_blind")
    if h.street == "preflop" and posted < cfg.big_blind:
        return "short big blind price of entry"
    # this betting round's events: a bet or raise by a seat now all-in
    events = h.events
    start = max((k for k, e in enumerate(events) if e.kind == "board"), default=0)
    if any(e.kind in ("bet", "raise") and h.stacks[e.seat] == 0 for e in events[start:]):
        return "short all-in re-opening"
    if (cfg.straddle and h.street == "preflop" and ours is not None and ours[:2] == theirs[:2]
            and ours[2] != theirs[2] and not any(e.kind in ("bet", "raise") for e in events)):
        return "straddle is the big blind for the minimum raise"
    return None


def _sync_board(h: Hand, st: Any) -> None:
    while h.pending_board and not h.is_over:
        board = [c for street in st.board_cards for c in street]
        cards = board[len(h.board) : len(h.board) + h.pending_board]
        if len(cards) < h.pending_board:
            return  # PokerKit has not dealt them: it waits for a decision (compared next)
        h.deal_board(_text(cards))



def step_both(h: Any, st: Any, rng: random.Random, ours: tuple[Any, ...]) -> None:
    """One random decision, the same in both engines: a call or check, a fold when there is
    something to call, or a bet or raise to the minimum, the maximum or between."""
    _, to_call, lo, hi = ours
    options = ["cc"] + (["f"] if to_call else []) + (["cbr"] if lo is not None else [])
    choice = rng.choice(options)
    if choice == "f":
        h.fold()
        st.fold()
    elif choice == "cc":
        h.check_or_call()
        st.check_or_call()
    else:
        assert lo is not None and hi is not None
        to = rng.choice([lo, hi, rng.randint(lo, hi)])
        h.bet_or_raise_to(to)
        st.complete_bet_or_raise_to(to)


def _play(seed: int) -> str | None:
    """One hand on both engines: None when they agree throughout, else the known
    divergence that explains where they part (an unexplained one fails)."""
    rng = random.Random(seed)
    game, n, cfg, stacks = _game(rng)
    random.seed(seed)  # PokerKit shuffles its deck with the random module
    st = _pokerkit_state(game, n, cfg, stacks)
    holes = [_text(cards) for cards in st.hole_cards]
    if "" in holes:  # PokerKit settled it at the start and mucked a hand before we saw it
        return "not compared"
    h = Hand(cfg, list(stacks), button=n - 1, hole_cards=holes, rules=Rules.pokerkit())
    where = f"seed {seed}: {cfg!r}, stacks {stacks!r}"
    while True:
        _sync_board(h, st)
        if h.is_over or not st.status:
            break
        ours, theirs = _bounds(h), _theirs(st)
        if ours != theirs:
            why = _divergence(h, cfg, stacks, ours, theirs)
            assert why is not None, (
                f"{where}: new divergence at {h.street}: ours (actor, to call, min, max)"
                f" {ours}, PokerKit {theirs}; events {[tuple(e)[:3] for e in h.events]}"
            )
            return why
        step_both(h, st, rng, ours)
    assert h.is_over and not st.status, f"{where}: one engine finished, the other did not"
    if list(st.stacks) != h.stacks:
        why = _divergence(h, cfg, stacks)
        assert why is not None, f"{where}: final stacks ours {h.stacks}, PokerKit {list(st.stacks)}"
        return why
    return None


def test_engines_agree_but_for_the_known_divergences() -> None:
    seen: Counter[str] = Counter()
    for seed in range(HANDS):
        why = _play(seed)
        if why is not None:
            assert why in KNOWN_DIVERGENCES or why == "not compared"
            seen[why] += 1
    # the run still compares: most hands agree all the way; and every divergence listed
    # still happens (a rule that now agrees with PokerKit leaves the list)
    assert sum(seen.values()) < HANDS // 2, seen
    assert set(KNOWN_DIVERGENCES) <= set(seen), seen
