"""Player statistics of one verified hand: one row per player, all-in EV included.

:func:`hand_stats` reads a hand from its site's figures (:class:`PhhHand`, what each
player won) and from the engine's replay of it (:class:`ReplayResult`: the event log,
the pots); the definitions are in docs/histories.md ("Stats"). Amounts are in the hand's
own money (currency or tournament chips), as floats.

All-in EV: when the betting ends before the river with two or more players left, every
pot (main pot and each side pot, as the engine's settlement forms them, with its own
eligible players) is shared by the exact equity of its eligible players on the board
dealt at that moment (:func:`holdem_eval.equity`, method ``"exact"``), every other
known hole card dead. A player's EV won is his expected share of the pots, less the
site's fees in proportion, less what he put in; ``ev_diff`` is the net won minus it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from holdem_eval import equity

from ..hand.actions import Event
from ..hand.hand import Hand
from ..phh.hand import PHH_VARIANTS, ReplayResult
from ..showdown.showdown import settle

__all__ = ["STAT_COLUMNS", "AllInPot", "allin_pots", "hand_stats"]

STAT_COLUMNS = (
    "file", "line", "site", "hand_id", "table", "game", "currency", "small_blind", "big_blind",
    "player", "seat", "net_won", "net_won_showdown", "net_won_no_showdown", "rake_paid",
    "preflop_decision", "vpip", "pfr", "three_bet_opportunity", "three_bet", "saw_flop",
    "went_to_showdown", "won_at_showdown", "allin", "allin_equity", "allin_ev", "ev_diff",
)
"""The columns of :func:`hand_stats`' rows, in order."""

_ACTIONS = frozenset(("fold", "check", "call", "bet", "raise"))
_FORCED = frozenset(("ante", "small_blind", "big_blind", "straddle", "post", "dead"))
_NAN = float("nan")


@dataclass(frozen=True)
class AllInPot:
    """One pot of an all-in hand: its chips (engine units, before fees), the seats that
    may win it and each one's exact equity in it (aligned with ``eligible``)."""

    amount: int
    eligible: tuple[int, ...]
    equity: tuple[float, ...]


@dataclass
class _Preflop:
    """What each seat did before the flop, walked from the event log."""

    decision: list[bool]
    vpip: list[bool]
    pfr: list[bool]
    three_bet_opportunity: list[bool]
    three_bet: list[bool]


def _preflop(events: Sequence[Event], start: Sequence[int]) -> _Preflop:
    n = len(start)
    p = _Preflop(*([False] * n for _ in range(5)))
    stacks = list(start)
    street_bet = [0] * n
    current = 0  # the bet to match
    raises = 0  # voluntary bets and raises so far (the open raise is the first)
    for e in events:
        kind, seat, amount = e.kind, e.seat, e.amount
        if kind == "board":
            break
        if kind in _FORCED:
            stacks[seat] -= amount
            if kind != "ante" and kind != "dead":
                street_bet[seat] += amount
                current = max(current, street_bet[seat])
            continue
        if kind not in _ACTIONS:
            continue
        p.decision[seat] = True
        if raises == 1 and stacks[seat] > current - street_bet[seat]:
            p.three_bet_opportunity[seat] = True  # facing the open raise, with chips to raise
        if kind == "call":
            p.vpip[seat] = True
            stacks[seat] -= amount
            street_bet[seat] += amount
        elif kind in ("bet", "raise"):
            p.vpip[seat] = p.pfr[seat] = True
            p.three_bet[seat] = p.three_bet[seat] or raises == 1
            raises += 1
            stacks[seat] -= amount - street_bet[seat]
            street_bet[seat] = current = amount
    return p


def _allin_moment(events: Sequence[Event], folded: Sequence[bool]) -> tuple[int, ...] | None:
    """The board when the betting ended, if it ended before the river with two or more
    players left (None otherwise)."""
    board: list[int] = []
    at_end: tuple[int, ...] = ()
    for e in events:
        if e.kind == "board":
            board.extend(e.cards)
        elif e.kind in _ACTIONS:
            at_end = tuple(board)
    if len(at_end) >= 5 or sum(not f for f in folded) < 2:
        return None
    return at_end


def allin_pots(replay: ReplayResult) -> list[AllInPot] | None:
    """The pots of an all-in hand with each eligible seat's exact equity when the betting
    ended; None when the betting did not end before the river with two or more players
    left, or when a hand that could win a pot is unknown (a player who mucked unseen)."""
    hand = replay.hand
    return _allin_pots(replay, hand.events, hand.folded, _put_in(hand, hand.events))


def _allin_pots(replay: ReplayResult, events: Sequence[Event], folded: Sequence[bool],
                contributions: Sequence[int]) -> list[AllInPot] | None:
    hand = replay.hand
    board = _allin_moment(events, folded)
    if board is None:
        return None
    holes = hand.hole_cards
    if any(-1 in holes[k] for k in range(len(holes)) if not folded[k]):
        return None
    variant = PHH_VARIANTS[replay.phh.variant][0]
    settlement = settle(contributions, [h if not f else None for h, f in zip(holes, folded)],
                        hand.board, folded=folded, button=len(holes) - 1, variant=variant,
                        dead=hand.dead_money)
    known = {k: h for k, h in enumerate(holes) if -1 not in h}
    pots = []
    for pot in settlement.pots:
        if len(pot.eligible) == 1:
            pots.append(AllInPot(pot.amount, pot.eligible, (1.0,)))
            continue
        dead = [c for k, h in known.items() if k not in pot.eligible for c in h]
        result = equity([list(holes[k]) for k in pot.eligible], board=list(board), dead=dead,
                        method="exact", variant=variant)
        pots.append(AllInPot(pot.amount, pot.eligible, tuple(result.equity)))
    return pots


def _wins(events: Sequence[Event], n: int) -> list[int]:
    won = [0] * n
    for e in events:
        if e.kind == "win":
            won[e.seat] += e.amount
    return won


def _put_in(hand: Hand, events: Sequence[Event]) -> list[int]:
    """What each seat put in the pots: its bets less the uncalled part returned."""
    won = _wins(events, len(hand.stacks))
    return [s0 + w - s for s0, w, s in zip(hand.starting_stacks, won, hand.stacks)]


def hand_stats(replay: ReplayResult) -> list[dict[str, Any]]:
    """One row per player of a replayed site hand (columns :data:`STAT_COLUMNS`).

    ``replay`` must be the replay of a hand read by :func:`load_history` that verified
    (:func:`verify_history`): the net won is the site's (its finishing stacks), the fees
    its recorded ``_rake``."""
    phh, hand = replay.phh, replay.hand
    f = phh.fields
    n = phh.players
    events = hand.events
    finish = phh.finishing_stacks
    if not finish or any(phh.infinite_stacks):
        finish = tuple(hand.stacks)  # no site figures: the engine's
    net = [phh.to_chips(b - a) for a, b in zip(hand.starting_stacks, finish)]
    put_in = _put_in(hand, events)
    total = sum(put_in)
    fees = float(f.get("_rake", 0))
    folded = hand.folded
    showdown = sum(not x for x in folded) >= 2
    flop = any(e.kind == "board" for e in events)
    collected = f.get("_collected") or _wins(events, n)
    pre = _preflop(events, hand.starting_stacks)
    preflop_folds = _preflop_folds(events, n)
    pots = _allin_pots(replay, events, folded, put_in)
    expected = [0.0] * n
    equity_main = [_NAN] * n
    if pots is not None:
        keep = 1.0 - fees / float(phh.to_chips(total)) if total else 1.0
        for k, pot in enumerate(pots):
            for seat, share in zip(pot.eligible, pot.equity):
                expected[seat] += share * float(phh.to_chips(pot.amount)) * keep
                if k == 0:
                    equity_main[seat] = share
    blinds = [b for b in phh.blinds_or_straddles if b > 0]
    common = {
        "file": f.get("_file", ""), "line": int(f.get("_line", 0)), "site": f.get("_site", ""),
        "hand_id": str(f.get("hand", "")), "table": str(f.get("table", "")),
        "game": phh.variant, "currency": str(f.get("currency", "")),
        "small_blind": float(phh.to_chips(blinds[0] if len(blinds) > 1 else 0)),
        "big_blind": float(phh.to_chips(blinds[1] if len(blinds) > 1 else blinds[0])),
    }
    names: Sequence[Any] = f.get("players") or [f"p{k + 1}" for k in range(n)]
    seats: Sequence[Any] = f.get("seats") or list(range(1, n + 1))
    rows = []
    for k in range(n):
        sd = showdown and not folded[k]
        net_k = float(net[k])
        ev = expected[k] - float(phh.to_chips(put_in[k])) if pots is not None else net_k
        rows.append({
            **common,
            "player": str(names[k]), "seat": int(seats[k]), "net_won": net_k,
            "net_won_showdown": net_k if sd else 0.0,
            "net_won_no_showdown": 0.0 if sd else net_k,
            "rake_paid": fees * put_in[k] / total if total else 0.0,
            "preflop_decision": pre.decision[k], "vpip": pre.vpip[k], "pfr": pre.pfr[k],
            "three_bet_opportunity": pre.three_bet_opportunity[k], "three_bet": pre.three_bet[k],
            "saw_flop": flop and not preflop_folds[k],
            "went_to_showdown": sd, "won_at_showdown": sd and collected[k] > 0,
            "allin": pots is not None and not folded[k], "allin_equity": equity_main[k],
            "allin_ev": ev, "ev_diff": net_k - ev,
        })
    return rows


def _preflop_folds(events: Sequence[Event], n: int) -> list[bool]:
    folds = [False] * n
    for e in events:
        if e.kind == "board":
            break
        if e.kind == "fold":
            folds[e.seat] = True
    return folds
