"""Replaying PHH: a :class:`~holdem_eval.engine.PhhHand` played on
:class:`~holdem_eval.engine.Hand` through its public methods only.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, NoReturn

from holdem_eval import HoldemEvalError
from holdem_eval.cards import card_text, parse_cards
from holdem_eval.variants import VARIANTS

from ..dealing import UNKNOWN_CARD
from ..errors import (
    IncompleteHandError,
    PhhError,
    PhhHoleCardsError,
    PhhReplayError,
    UnknownHoleCardsError,
    UnsupportedPhhActionError,
)
from ..hand.hand import Hand, HandStateError, IllegalActionError
from .hand import PhhHand, ReplayResult, as_units

__all__ = ["iter_replays", "replay_phh"]

# ---- replay ----------------------------------------------------------------------
#
# One path: the action strings are parsed once (at load time) into a plan, then the
# plan is played on a Hand through its public methods only (check_or_call, fold,
# bet_or_raise_to, deal_board, show, muck), so anything a file can do a caller can do.
# A malformed action becomes a failure step in the plan and is raised only when the
# replay reaches it, so the first problem in action order is the one reported.


_PLAYER_INDEX = {f"p{k}": k - 1 for k in range(1, 100)}
_UNKNOWN_SPLIT = re.compile(r"(\?\?)")


@functools.lru_cache(maxsize=8192)
def card_ids(text: str) -> tuple[int, ...]:
    """Card ids of PHH card text, ``??`` = unknown; real cards are parsed by
    :func:`holdem_eval.cards.parse_cards` (the one card-text parser), cached because
    files repeat the same texts."""
    if "?" not in text:
        return tuple(parse_cards(text, allow_duplicates=True).tolist())
    ids: list[int] = []
    for piece in _UNKNOWN_SPLIT.split(text):
        if piece == "??":
            ids.append(UNKNOWN_CARD)
        elif piece:
            ids.extend(parse_cards(piece, allow_duplicates=True).tolist())
    return tuple(ids)


def _cards_of(text: str) -> list[int]:
    return list(card_ids(text))


# step codes of a plan: (index in phh.actions, code, seat, argument); the argument is the
# board's or the shown cards' ids (a list the replay never changes), a bet's units, a
# failure's (message, error class), else 0 or None
OP_BOARD, OP_CC, OP_FOLD, OP_CBR, OP_MUCK, OP_SHOW, OP_FAIL = range(7)
Step = tuple[int, int, int, Any]
_Step = Step
_Failure = tuple[int, str, type["PhhReplayError"]]


@dataclass(frozen=True)
class _Plan:
    """``phh.actions`` compiled once: ``k`` leading hole-card deals, the hole cards by seat
    (or the failure found while reading them), then one step per later action. The hand
    itself is started anew by every replay: a plan holds no Hand, so loading a large file
    costs no more than its actions."""

    k: int
    holes: tuple[tuple[int, ...], ...] | None
    hole_failure: _Failure | None
    steps: tuple[_Step, ...]


def _words(action: str) -> list[str]:
    return (action.split("#", 1)[0] if "#" in action else action).split()


def _amount_units(text: str, scale: int) -> int:
    if scale == 1 and text.isascii() and text.isdigit():
        return int(text)
    try:
        value = Decimal(text)
    except ArithmeticError:
        raise PhhError(f"bet amount {text!r} is not a number") from None
    if not value.is_finite():
        raise PhhError(f"bet amount {text!r} is not a finite number")
    return as_units(value, scale, "bet amount")


def _read_holes(phh: PhhHand) -> tuple[int, list[tuple[int, ...]] | None, _Failure | None]:
    """The leading ``d dh pK CARDS`` actions: (count, hole cards by seat, failure)."""
    actions = phh.actions
    n = phh.players
    hc = VARIANTS[phh.engine_game()[0]].hole_counts[0]
    holes: list[tuple[int, ...] | None] = [None] * n
    dealt: dict[int, int] = {}  # card -> the seat it was dealt to, to report a repeat here
    k = 0
    count = len(actions)
    while k < count:
        words = _words(actions[k])
        if not words:
            k += 1
            continue
        if words[0] != "d" or words[1:2] != ["dh"]:
            break
        if len(words) != 4:
            return k, None, (k, "a hole-card deal is 'd dh pK CARDS'", PhhReplayError)
        seat = _PLAYER_INDEX.get(words[2], -1)
        if not 0 <= seat < n:
            return k, None, (k, f"{words[2]!r} is not a player of this hand (p1..p{n})",
                             PhhReplayError)
        if holes[seat] is not None:
            return k, None, (k, f"p{seat + 1} was already dealt hole cards", PhhReplayError)
        try:
            cards = card_ids(words[3])
        except HoldemEvalError as exc:
            return k, None, (k, str(exc), PhhReplayError)
        if len(cards) != hc:
            return k, None, (
                k, f"p{seat + 1} needs {hc} hole cards, got {len(cards)}: {words[3]!r}",
                PhhHoleCardsError,
            )
        for j, card in enumerate(cards):
            if card == UNKNOWN_CARD:
                continue
            if card in cards[:j]:
                return k, None, (k, f"card {card_text(card)!r} is given twice: {words[3]!r}",
                                 PhhReplayError)
            owner = dealt.get(card)
            if owner is not None:
                return k, None, (
                    k, f"card {card_text(card)!r} was already dealt to p{owner + 1}: {words[3]!r}",
                    PhhReplayError,
                )
            dealt[card] = seat
        holes[seat] = cards
        k += 1
    if None in holes:
        missing = ", ".join(f"p{s + 1}" for s, h in enumerate(holes) if h is None)
        return k, None, (k, f"no hole cards were dealt to {missing}", IncompleteHandError)
    return k, [h for h in holes if h is not None], None


def _step(phh: PhhHand, index: int, words: list[str]) -> _Step:
    """One action after the hole-card deals as a plan step (a failure step if bad)."""
    action = phh.actions[index]
    n = phh.players
    size = len(words)
    head = words[0]
    try:
        if head == "d":
            if size == 3 and words[1] == "db":
                return (index, OP_BOARD, -1, _cards_of(words[2]))
            if words[1:2] == ["dh"]:
                return (index, OP_FAIL, -1,
                        ("hole cards dealt after the betting started", PhhReplayError))
            return (index, OP_FAIL, -1,
                    (f"unsupported dealer action {action!r}", UnsupportedPhhActionError))
        seat = _PLAYER_INDEX.get(head, -1)
        if not 0 <= seat < n:
            return (index, OP_FAIL, -1,
                    (f"{head!r} is not a player of this hand (p1..p{n})", PhhReplayError))
        op = words[1] if size > 1 else ""
        if op == "cc" and size == 2:
            return (index, OP_CC, seat, 0)
        if op == "f" and size == 2:
            return (index, OP_FOLD, seat, 0)
        if op == "cbr" and size == 3:
            return (index, OP_CBR, seat, _amount_units(words[2], phh.scale))
        if op == "sm" and size == 2:
            return (index, OP_MUCK, seat, None)
        if op == "sm" and size == 3:
            return (index, OP_SHOW, seat, None if words[2] == "-" else _cards_of(words[2]))
    except HoldemEvalError as exc:
        return (index, OP_FAIL, -1, (str(exc), PhhReplayError))
    return (index, OP_FAIL, -1, (f"unsupported action {action!r}", UnsupportedPhhActionError))


def _make_plan(phh: PhhHand) -> _Plan:
    k, holes, failure = _read_holes(phh)
    steps: list[_Step] = []
    if failure is not None or holes is None:
        return _Plan(k, None, failure, ())
    for index in range(k, len(phh.actions)):
        words = _words(phh.actions[index])
        if words:
            steps.append(_step(phh, index, words))
    return _Plan(k, tuple(holes), None, tuple(steps))


def _plan_key(phh: PhhHand) -> tuple[Any, ...]:
    """What a plan is compiled from (a copy made by ``dataclasses.replace`` shares the
    cache, so a changed field must not find the old plan)."""
    return (phh.actions, phh.starting_stacks, phh.antes, phh.blinds_or_straddles, phh.rules,
            phh.variant, phh.min_bet, phh.small_bet, phh.big_bet)


def set_plan(phh: PhhHand, holes: Sequence[tuple[int, ...]], steps: Sequence[Step]) -> None:
    """Give ``phh`` the plan its maker compiled while writing its actions (the site-history
    import writes each action and its step together): ``phh.actions`` start with one
    ``d dh`` deal a seat, in seat order, whose cards are ``holes`` (checked: a card once,
    as many as the game deals), and ``steps`` are the later actions' steps. They must be
    what :func:`_make_plan` compiles from ``phh.actions``; the tests compare the two."""
    plan = _Plan(len(holes), tuple(holes), None, tuple(steps))
    phh._derived["plan"] = (_plan_key(phh), plan)


def replay_plan(phh: PhhHand) -> _Plan:
    """:func:`_make_plan` of ``phh``, done once (at load time for files) and cached."""
    key = _plan_key(phh)
    cached = phh._derived.get("plan")
    if cached is None or cached[0] != key:
        cached = phh._derived["plan"] = (key, _make_plan(phh))
    plan: _Plan = cached[1]
    return plan


def replay_phh(phh: PhhHand) -> ReplayResult:
    """Replay ``phh`` strictly and return the finished hand and its finishing stacks.

    The hand is driven only through :class:`Hand`'s public methods. Raises
    :class:`PhhReplayError` (or a subclass) naming the first action that cannot be
    played, :class:`UnsupportedPhhError` for a game this engine does not play.
    """
    plan = replay_plan(phh)
    config = phh.game_config()  # raises UnsupportedPhhError itself, before any action
    if plan.hole_failure is not None or plan.holes is None:
        assert plan.hole_failure is not None
        _fail(phh, *plan.hole_failure)
    try:
        hand = Hand(config, phh.starting_stacks, button=phh.players - 1, hole_cards=plan.holes,
                    posts=phh._posts(), rules=phh.rules, manual_showdown=True,
                    max_runs=phh.runs)
    except HoldemEvalError as exc:
        _fail(phh, -1 if plan.k >= len(phh.actions) else plan.k, f"cannot start the hand: {exc}")
    # the public methods, bound once; the steps are ordered by how often they come
    fold, check_or_call, bet_or_raise_to = hand.fold, hand.check_or_call, hand.bet_or_raise_to
    index = -1
    skipped = False  # the one check a file may record that the engine does not ask for
    run_cards: list[int] = []  # a later run's cards dealt so far (street by street)
    try:
        for index, code, seat, arg in plan.steps:
            if code == OP_FOLD:
                if seat != hand.actor:
                    _check_turn(hand, seat, "fold")
                fold()
            elif code == OP_CC:
                if seat != hand.actor:
                    if not skipped and _skipped_check(hand, seat):
                        skipped = True
                        continue
                    _check_turn(hand, seat, "check or call")
                check_or_call()
            elif code == OP_CBR:
                if seat != hand.actor:
                    _check_turn(hand, seat, "bet or raise")
                bet_or_raise_to(arg)
            elif code == OP_BOARD:
                cards = _run_board(phh, hand, arg, run_cards) if phh.runs > 1 else arg
                if cards is not None:
                    hand.deal_board(cards)
            elif code == OP_MUCK:
                hand.muck(seat)
            elif code == OP_SHOW:
                _show(phh, hand, seat, arg, index)
            else:
                _fail(phh, index, *arg)
    except PhhReplayError:
        raise
    except HoldemEvalError as exc:
        _fail_from(phh, exc, index)
    if not hand.is_over:
        _finish_showdown(phh, hand)
    return _result(phh, hand)


def _run_board(phh: PhhHand, hand: Hand, cards: list[int], run_cards: list[int]) -> list[int] | None:
    """Run it twice (``_runs``): the agreed runs chosen by every live seat when the
    choice opens, and a later run's cards collected street by street until the run's own
    cards are all there: the cards to deal now, or None while they are being collected
    (``cards`` is the plan's list: never changed)."""
    for seat in hand.runs_pending:
        hand.choose_runs(seat, phh.runs)
    if hand.runs > 1 and hand.street == "river" and hand.pending_board:
        run_cards += cards
        if len(run_cards) < hand.pending_board:
            return None
        whole = list(run_cards)
        run_cards.clear()
        return whole
    return cards


def _skipped_check(hand: Hand, seat: int) -> bool:
    """Whether ``seat``'s recorded check or call is the decision the engine skips (no
    decision where there is none): the betting ended with ``seat`` the only live seat with
    chips behind, owing nothing (else it would have been asked), so its only action was a
    check and the hand ran on. Files written by engines that ask for it still replay."""
    return (hand.current_actor is None and hand.betting_done and not hand.is_over
            and hand.n_active == 1 and not hand.folded[seat] and hand.stacks[seat] > 0)


def _check_turn(hand: Hand, seat: int, what: str) -> None:
    """Refuse an action by ``seat`` out of turn (``hand.actor`` is -1 when nobody is to
    act; the public method called next then raises with the reason: hand over, cards
    pending, showdown)."""
    actor = hand.current_actor
    if actor is not None and actor != seat:
        raise IllegalActionError(
            f"seat {seat} cannot {what}: it is seat {actor}'s turn (out of turn)"
        )


def _show(phh: PhhHand, hand: Hand, seat: int, shown: list[int] | None, index: int) -> None:
    """PHH ``pK sm CARDS`` (or ``sm -``): show, with the PokerStars ``sm ????`` no-op."""
    if shown is not None and all(c == UNKNOWN_CARD for c in shown):
        # 'sm ????' reveals nothing (PokerStars files repeat it on every street of an
        # all-in runout): a no-op; if the cards are still unknown when the pot must be
        # settled, UnknownHoleCardsError
        if UNKNOWN_CARD not in hand.hole_cards[seat]:
            hand.show(seat)
        return
    if shown is not None and UNKNOWN_CARD in shown:
        _fail(phh, index, "partly unknown shown cards are not supported",
              UnsupportedPhhActionError)
    hand.show(seat, shown)


def _fail(
    phh: PhhHand, index: int, message: str, cls: type[PhhReplayError] = PhhReplayError
) -> NoReturn:
    """Raise ``cls`` naming ``phh``'s action at ``index`` (-1 or past the end: none)."""
    actions = phh.actions
    action = actions[index] if 0 <= index < len(actions) else ""
    raise cls(message, hand=phh.name, index=index, action=action)


def _fail_from(phh: PhhHand, exc: Exception, index: int) -> NoReturn:
    """Report an engine error raised while replaying action ``index``."""
    unknown = isinstance(exc, HandStateError) and "unknown" in str(exc)
    _fail(phh, index, str(exc), UnknownHoleCardsError if unknown else PhhReplayError)


def _finish_showdown(phh: PhhHand, hand: Hand) -> None:
    """After the last action of a hand not over: report it incomplete, or show the
    unmentioned hands."""
    if hand.current_actor is not None:
        _fail(phh, -1, f"p{hand.current_actor + 1} is still to act", IncompleteHandError)
    if hand.pending_board:
        _fail(phh, -1, f"{hand.pending_board} board card(s) were never dealt",
              IncompleteHandError)
    for seat in hand.showdown_pending:
        if UNKNOWN_CARD in hand.hole_cards[seat]:
            _fail(
                phh, -1,
                f"p{seat + 1}'s hole cards are unknown ('????') at showdown, so the pot"
                " cannot be settled",
                UnknownHoleCardsError,
            )
        hand.show(seat)  # PokerKit's default: an unmentioned live hand is shown
        if hand.is_over:
            break


def _result(phh: PhhHand, hand: Hand) -> ReplayResult:
    """The frozen ReplayResult, filled without the dataclass's per-field setattr calls."""
    result = object.__new__(ReplayResult)
    result.__dict__.update(phh=phh, hand=hand, finishing_stacks=phh.stacks_to_chips(hand.stacks))
    return result


def iter_replays(hands: Sequence[PhhHand]) -> Iterator[ReplayResult | PhhError]:
    """Replay each hand, yielding the result or the error it raised (for bulk checks)."""
    for phh in hands:
        try:
            yield replay_phh(phh)
        except PhhError as exc:
            yield exc
