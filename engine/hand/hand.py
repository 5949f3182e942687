"""One hand of fixed-limit, pot-limit or no-limit Hold'em or Omaha, played by the rules.

Seats are numbered ``0 .. n-1`` clockwise; ``button`` is the dealer seat.  The small
blind sits left of the button and the big blind left of that; heads-up the button
posts the small blind, acts first before the flop and last after it.  Bets are
"to" amounts: ``raise_to(600)`` makes the seat's total bet in this round 600.

Every action is validated before anything changes, so an illegal action raises
:class:`IllegalActionError` and leaves the hand exactly as it was.  Chips are
conserved at every step: ``sum(stacks) + pot == sum(starting_stacks)``, and after the
hand ``sum(stacks) + rake == sum(starting_stacks)``.  Amounts are limited to
:data:`MAX_CHIPS` (2**60): each stack, forced bet and bet size, and the sum of the
stacks; a larger amount is a :class:`ConfigError` when the hand starts.

Rules that are choices, stated once:

* Re-opening: a player who already acted in the round may raise again only when
  facing at least a full raise since his last action (``current bet - bet level he
  last acted at >= largest raise this round``), so an all-in for less than a full
  raise does not re-open the betting; several short all-ins that add up to a full
  raise do.
* A bet or raise needs an opponent who can still put in more chips (PokerKit's
  rule), and a player whose stack does not exceed the amount to call may only call.
* Fixed limit: a bet or raise is exactly one unit (small bet before the flop and on
  the flop, big bet on turn and river) or all-in for less; only full bets and raises
  count towards ``GameConfig.max_bets``.
* An uncalled bet (the part of the largest bet nobody matched) goes back to its
  owner at the end of each betting round, before any pot is settled.
* Showdown and pot award follow :func:`holdem_eval.engine.settle`'s rules (side pots,
  dead money, odd chips, rake); at an automatic showdown the last river aggressor shows
  first, then clockwise, and a hand beaten in every pot it could win is mucked. In a hi-lo
  game (a variant with a low half) every pot splits high / low as ``settle`` splits it,
  a hand is mucked only when it can win neither half of any pot, and after the ``win`` events
  a ``win_low`` event gives each seat's part won in low halves (:attr:`Hand.low_payouts`).

Where: every rule is one C function of the hand state machine (``csrc/hand.c``);
:class:`Hand` is a thin typed face over it (``engine/hand/_hand_glue.c`` converts, and
``engine/errors.py`` turns the kernel's status codes into exceptions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from holdem_eval._bindings import HAND_CONSTANTS, HAND_FIELDS, HandCore, hand_glue_setup
from holdem_eval.variants import VARIANTS

from ..config import GameConfig
from ..dealing import UNKNOWN_CARD, _check_seed, format_cards
from ..errors import (
    HAND_FAULTS,
    MAX_CHIPS,
    ConfigError,
    HandStateError,
    IllegalActionError,
    hand_error,
)
from .actions import (
    EVENT_KINDS,
    STREET_NAMES,
    Action,
    ActionKind,
    Event,
    LegalAction,
    PlayerView,
)
from .inputs import card_text, hole_ids, kernel_config, post_lists, to_cards
from .runs import HandRuns

__all__ = [
    "MAX_CHIPS",
    "STREET_NAMES",
    "Action",
    "ActionKind",
    "Event",
    "Hand",
    "HandStateError",
    "IllegalActionError",
    "LegalAction",
    "PlayerView",
]

_FOLD, _CHECK, _CALL, _BET, _RAISE, _ALL_IN = tuple(ActionKind)
_KIND_BY_VALUE = frozenset(int(k) for k in ActionKind)
_INT_ONLY = {int}
# The kernel's state fields (csrc/hand_state.h, from its field table) and constants
_FIELDS, _K = HAND_FIELDS, HAND_CONSTANTS
# a snapshot has every field except what the last failed call was about
_SNAPSHOT = attrgetter(*(f"_{name}" for name in _FIELDS if not name.startswith("error_")))
_SHOW_PROBE = [UNKNOWN_CARD] * (_K["MAX_HOLE"] + 1)  # a wrong count: checks the seat only
_CHECK_OR_CALL, _BET_OR_RAISE = _K["CHECK_OR_CALL"], _K["BET_OR_RAISE"]
# the kernel's kind codes of the action methods, and what their error messages call them
_KIND: dict[int, Any] = {**{int(k): k for k in ActionKind}, _CHECK_OR_CALL: _CHECK_OR_CALL,
                         _BET_OR_RAISE: _BET_OR_RAISE}
_WHAT = {int(_FOLD): "fold", int(_CHECK): "check", int(_CALL): "call",
         _CHECK_OR_CALL: "check or call", int(_ALL_IN): "go all-in", _BET_OR_RAISE: "bet or raise"}
_WAGERS = frozenset((int(_BET), int(_RAISE), _BET_OR_RAISE))


def _field(name: str, doc: str) -> Any:
    # A read-only property over the C accessor (attrgetter keeps it in C); typed as Any,
    # so each field below carries its type in an annotation that type checkers read.
    return property(attrgetter(f"_{name}"), doc=doc)


class Hand(HandRuns):
    """A hand in progress; see the module docstring for the rules.

    ``Hand(config, stacks)`` deals from the operating system's CSPRNG (:class:`OsDeck`),
    drawing each street's cards only when they are dealt; ``deck=`` takes another
    :class:`~holdem_eval.engine.Deck` (a certified shuffle, a preset order). Such a hand
    deals its own board: :meth:`deal_board` is refused.
    ``Hand(config, stacks, button=0, seed=7)`` deals every card from a seeded deck, for
    reproducible simulations — not for real play (the seed tells every card, and the
    run-out is drawn at the start). Explicit ``hole_cards`` (one entry per seat, text or
    ids, ``-1``/``"??"`` = unknown) and a partial or full ``board`` may be given instead; cards not given
    are dealt from the seeded deck if there is a seed, otherwise the hand pauses
    until :meth:`deal_board` supplies them (replaying hand histories).
    ``posts`` maps a seat to ``(live, dead)`` extra forced chips (returning players'
    missed blinds; live chips count as that seat's bet, dead chips go to the pot).
    With ``manual_showdown=True`` every live player must :meth:`show` or
    :meth:`muck` before the pot is settled. ``no_small_blind=True`` deals a hand without a
    small blind (the dead-button rule, :class:`~holdem_eval.engine.Table`'s
    ``button_rule="dead"``): the seat after the button posts the big blind, heads-up too,
    and :attr:`blind_seats` is ``(None, big blind seat)``.
    ``max_runs=2..4`` lets the players run it twice (or N times): once the betting is over
    with every live player all-in but at most one and board cards to come, the hand waits
    while each live seat (:attr:`runs_pending`) calls :meth:`choose_runs`; the board then
    runs the count they all chose (1 when two differ), each run from the same deck without
    reusing a card, and each run settles its share of every pot.

    >>> from holdem_eval.engine import GameConfig
    >>> h = Hand(GameConfig(big_blind=100), [10_000] * 3, button=0, seed=1)
    >>> h.actor, [str(a.kind) for a in h.legal_actions()]
    (0, ['fold', 'call', 'raise'])
    >>> h.raise_to(300); h.fold(); h.call()
    >>> h.street, h.pot, h.actor
    ('flop', 650, 2)
    """

    __slots__ = ("config", "manual_showdown", "rules")

    if TYPE_CHECKING:  # HandCore (engine/hand/_hand_glue.c) implements these
        payouts: list[int] | None
        """Chips each seat took from the pot, once the hand is over (else None)."""

        def legal_actions(self) -> tuple[LegalAction, ...]:
            """Legal actions for the seat to act (empty when nobody is to act)."""

        def fold(self, *, seat: int | None = None) -> None: ...
        def check(self, *, seat: int | None = None) -> None: ...
        def call(self, *, seat: int | None = None) -> None: ...
        def check_or_call(self, *, seat: int | None = None) -> None: ...
        def all_in(self, *, seat: int | None = None) -> None: ...
        def bet(self, amount: int, *, seat: int | None = None) -> None: ...
        def raise_to(self, amount: int, *, seat: int | None = None) -> None: ...
        def bet_or_raise_to(self, amount: int, *, seat: int | None = None) -> None: ...
        def deal_board(self, cards: str | Sequence[int]) -> None: ...
        def show(self, seat: int, cards: str | Sequence[int] | None = None) -> None: ...

    _deck_class: ClassVar[type[Hand]]
    """The subclass that deals from a deck (DeckHand, engine/hand/deck_hand.py): it names
    itself with ``class DeckHand(Hand, deals_from_deck=True)``, so this module need not
    import it (the hand package imports both)."""

    def __init_subclass__(cls, deals_from_deck: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if deals_from_deck:
            Hand._deck_class = cls

    def __new__(cls, *args: Any, **kwargs: Any) -> Hand:
        # without a seed or cards (or with a deck) the hand deals from a deck: DeckHand
        # (a bare __new__, as clone and unpickling call it, keeps the class)
        if cls is Hand and (args or kwargs) and (kwargs.get("deck") is not None or all(
            kwargs.get(k) is None for k in ("seed", "hole_cards", "board")
        )):
            cls = Hand._deck_class
        hand: Hand = HandCore.__new__(cls)
        return hand

    def __init__(
        self,
        config: GameConfig,
        stacks: Sequence[int],
        *,
        button: int = 0,
        seed: int | None = None,
        hole_cards: Sequence[str | Sequence[int] | None] | None = None,
        board: str | Sequence[int] | None = None,
        posts: Mapping[int, tuple[int, int]] | None = None,
        rules: Any = None,
        manual_showdown: bool = False,
        deck: Any = None,
        no_small_blind: bool = False,
        max_runs: int = 1,
    ) -> None:
        if deck is not None:
            raise ConfigError("deck= deals every card itself: give it without seed, hole_cards"
                              " or board")
        if config.__class__ is not GameConfig and not isinstance(config, GameConfig):
            raise ConfigError(f"config must be a GameConfig, got {config!r}")
        self.config = config
        self.rules = rules
        self.manual_showdown = manual_showdown
        stacks_ = stacks if stacks.__class__ is list else list(stacks)
        packed = kernel_config(config, rules, manual_showdown, no_small_blind, max_runs)
        live = dead = None
        st = None
        # the common case goes straight to the kernel, which answers None unless the
        # stacks, button and hole cards are exact ints already; _inputs converts the rest
        # (or says what is wrong) in the documented order
        if board is None and (
            (seed.__class__ is int and 0 <= seed < 1 << 64) or (seed is None and hole_cards is not None)
        ):
            try:
                live, dead = post_lists(posts, len(stacks_)) if posts else (None, None)
            except ConfigError:
                pass  # _inputs reports it after anything wrong before it
            else:
                st = self._start(packed, stacks_, button, hole_cards, (), seed, live, dead)
        if st is None:
            stacks_, button, holes, plan, seed = self._inputs(stacks_, button, seed, hole_cards, board)
            live, dead = post_lists(posts, len(stacks_)) if posts else (None, None)
            st = self._start(packed, stacks_, button, holes, plan, seed, live, dead)
        if st:
            raise self._start_error(st, stacks_, button, hole_cards, board, posts)

    def _inputs(
        self, stacks: list[Any], button: Any, seed: Any, hole_cards: Any, board: Any
    ) -> tuple[list[int], int, list[list[int]] | None, list[int], int | None]:
        """Hand()'s arguments as the kernel's exact ints, or the error saying which is bad."""
        n = len(stacks)
        if set(map(type, stacks)) != _INT_ONLY and not all(
            isinstance(s, (int, np.integer)) and not isinstance(s, bool) for s in stacks
        ):
            raise ConfigError(f"stacks must be positive ints, got {stacks!r}")
        if button.__class__ is not int and (
            not isinstance(button, (int, np.integer)) or isinstance(button, bool)
        ):
            raise ConfigError(f"button must be a seat 0..{n - 1}, got {button!r}")
        holes = None if hole_cards is None else hole_ids(hole_cards, n, self.config.hole_count)
        plan = [] if board is None else to_cards(board, "board")
        if seed is not None:
            seed = _check_seed(seed)
        elif seed is None and hole_cards is None and board is None:
            raise ConfigError("give a seed or explicit hole_cards")
        return [int(s) for s in stacks], int(button), holes, plan, seed

    def _start_error(
        self, st: int, stacks: list[int], button: int, hole_cards: Any, board: Any, posts: Any
    ) -> Exception:
        n = len(stacks)
        what: str = "stacks"
        value: Any = stacks
        cfg = self.config
        for name in ("small_blind", "big_blind", "ante", "big_blind_ante", "straddle", "min_bet"):
            if getattr(cfg, name) > MAX_CHIPS:
                what, value = f"config {name}", getattr(cfg, name)
                break
        if posts and all(0 <= s <= MAX_CHIPS for s in stacks) and sum(stacks) <= MAX_CHIPS:
            what, value = "posts", dict(posts)
        if st == _K["CONFIG"]:
            what, value = "rules", self.rules
        seat = self._error_seat
        post = tuple(posts.get(seat, (0, 0))) if posts else (0, 0)
        return hand_error(
            st, n=n, stacks=stacks, last=n - 1, button=button, variant=cfg.variant,
            what=what, value=value, card=card_text(self._error_card), seat=seat,
            post=post, board=board, hole_cards=hole_cards,
        )

    # ---- derived state -----------------------------------------------------------
    stacks: list[int] = _field("stacks", "Chips behind, per seat.")
    bets: list[int] = _field("bets", "Chips bet in this betting round, per seat.")
    committed: list[int] = _field("committed", "Chips put in before this betting round, per seat.")
    pot: int = _field("pot", "Chips in the pot (bets of this round included).")
    n: int = _field("n", "Seat count.")
    button: int = _field("button", "The dealer seat.")
    actor: int = _field("actor", "The seat to act, or -1.")
    cur_bet: int = _field("cur_bet", "The largest bet of this round.")
    raise_size: int = _field("raise_size", "The minimum raise increment now.")
    street_index: int = _field("street", "0 preflop .. 3 river, 4 showdown.")
    pending_board: int = _field("pending_board", "Board cards the hand waits for.")
    n_live: int = _field("n_live", "Seats not folded.")
    n_active: int = _field("n_active", "Seats not folded with chips behind.")
    last_aggressor: int = _field("last_aggressor", "Last seat to bet or raise this round, or -1.")
    river_aggressor: int = _field("river_aggressor", "Last river bettor or raiser, or -1.")
    rake: int = _field("rake", "Chips raked (once the hand is over).")

    @property
    def folded(self) -> list[bool]:
        return [bool(f) for f in self._folded]

    @property
    def betting_done(self) -> bool:
        """True once no more betting can happen (the rest is cards and showdown)."""
        return bool(self._betting_done)

    @property
    def board(self) -> list[int]:
        board: list[int] = self._board[: self._board_len]
        return board

    @property
    def hole_cards(self) -> list[tuple[int, ...]]:
        """Each seat's hole cards (ids, -1 unknown)."""
        if self._check():
            raise self._state_error()
        flat, hc = self._holes, self._hole_count
        return [tuple(flat[k * hc : k * hc + hc]) for k in range(self._n)]

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        return tuple(self._starting_stacks)

    @property
    def blind_seats(self) -> tuple[int | None, int]:
        """``(small blind seat, big blind seat)``; heads-up the button is the small blind.
        The small blind seat is None in a hand without one (``no_small_blind``)."""
        sb: int = self._small_blind_seat
        return (None if sb < 0 else sb), self._big_blind_seat

    @property
    def no_small_blind(self) -> bool:
        """True for a hand dealt without a small blind (the dead-button rule)."""
        return bool(self._no_small_blind)

    @property
    def street(self) -> str:
        """``preflop``, ``flop``, ``turn``, ``river`` or ``showdown`` (betting finished)."""
        if self._check():
            raise self._state_error()
        return STREET_NAMES[self._street]

    @property
    def is_over(self) -> bool:
        """True once the pot has been awarded."""
        return bool(self._over)

    @property
    def events(self) -> tuple[Event, ...]:
        """The full event log (every card, every chip movement)."""
        return tuple(Event(*e) for e in self._log)

    def events_after(self, count: int) -> tuple[Event, ...]:
        """``events[count:]`` without building the first ``count`` events: what a caller
        that has seen ``count`` events (a table's event stream) has not seen yet."""
        return tuple(Event(*e) for e in self._log[count:])

    @property
    def current_actor(self) -> int | None:
        """The seat to act, or None (hand over, or waiting for cards/showdown)."""
        i: int = self._actor
        return i if i >= 0 else None

    @property
    def to_call(self) -> int:
        """Chips the seat to act must add to call (0 when checking is possible)."""
        i = self._actor
        return 0 if i < 0 else self._cur_bet - self._bets[i]

    @property
    def net(self) -> list[int]:
        """Each seat's stack change so far (final result once the hand is over)."""
        return [s - s0 for s, s0 in zip(self.stacks, self.starting_stacks)]

    @property
    def dead_money(self) -> list[int]:
        """Per seat, the dead money posted as such (a missed small blind, a big-blind
        ante): part of :attr:`contributions`, but not of the seat's bet — it sets no
        all-in level, is never returned and goes to the main pot."""
        dead: list[int] = self._dead
        return dead

    @property
    def low_payouts(self) -> list[int] | None:
        """A hi-lo game's result by halves, once the hand is over: each seat's chips from
        the low halves (its ``win_low`` events; the rest of its payout won high halves).
        None before the end, and for a game without a low half."""
        if not self._over or not VARIANTS[self.config.variant].low:
            return None
        low = [0] * self._n
        for e in self._log:
            if e[0] == "win_low":
                low[e[1]] += e[2]
        return low

    @property
    def contributions(self) -> list[int]:
        """Chips each seat has put into the pot so far (including dead money)."""
        return [c + b for c, b in zip(self._committed, self._bets)]

    @property
    def showdown_pending(self) -> list[int]:
        """Live seats the showdown waits for, once the betting is finished: with a manual
        showdown every seat that has not shown or mucked; with the automatic one each seat
        whose hole cards are unknown (it must :meth:`show` them, or :meth:`muck`)."""
        if not self._betting_done or self._over:
            return []
        shown, folded = self._shown, self._folded
        pending = [k for k in range(self._n) if not folded[k] and not shown[k]]
        if self._manual_showdown:
            return pending
        holes, hc = self._holes, self._hole_count
        return [k for k in pending if min(holes[k * hc : k * hc + hc]) < 0]

    # ---- actions -----------------------------------------------------------------
    def act(self, action: Action | tuple[ActionKind, int], seat: int | None = None) -> None:
        """Apply ``action`` (kind, "to" amount) for the seat to act.

        ``seat``, if given, must be the seat to act (out-of-turn actions are rejected).
        """
        try:
            kind, amount = action
        except (TypeError, ValueError):
            raise IllegalActionError(
                f"an action is a (kind, amount) pair, got {action!r}"
            ) from None
        if (
            amount.__class__ is int
            and (kind.__class__ is ActionKind or (kind.__class__ is int and kind in _KIND_BY_VALUE))
            and (seat is None or seat.__class__ is int)
        ):  # the common case: nothing to convert
            st = self._act(kind, amount, seat)
            if st:
                raise self._action_error(st, kind, kind, amount, seat, None)
            return
        self._do(kind, amount, seat, None)

    def _do(self, kind: Any, amount: Any, seat: Any, what: str | None) -> None:
        """Run one action in the kernel; raise its refusal with the message's context."""
        if seat is not None and seat.__class__ is not int:
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise IllegalActionError(f"seat must be a seat number (an int) or None, got {seat!r}")
            seat = int(seat)
        if kind.__class__ is int or kind.__class__ is ActionKind:
            k = kind
        else:  # an int subclass counts as its value; bools, floats and the rest are unknown
            k = int(kind) if isinstance(kind, int) and not isinstance(kind, bool) else -1
        if what is None and k not in _KIND_BY_VALUE:
            k = -1  # act() takes ActionKind values only (the kernel's combined kinds are not)
        a = amount
        if amount.__class__ is not int and k in _WAGERS:
            if not isinstance(amount, int) or isinstance(amount, bool):
                a = 0
                i = self._actor
                bet = k == _BET_OR_RAISE or (k == _BET) == (self._cur_bet == 0)
                if i >= 0 and (seat is None or seat == i) and bet:
                    word = "bet" if (k == _BET or self._cur_bet == 0) else "raise to"
                    raise IllegalActionError(
                        f"seat {i} cannot {word} {amount!r}: amounts are int chips"
                    )
        elif amount.__class__ is not int:
            a = amount if isinstance(amount, int) else 0
        s = seat if seat is None or seat.__class__ is int else (
            seat if isinstance(seat, int) else -2
        )
        st = self._act(k, a, s)
        if st:
            raise self._action_error(st, kind, k, amount, seat, what)

    def _state_error(self) -> Exception:
        """The error for a state that he_hand_check refuses (set from outside), naming
        the first group of invariants it breaks."""
        return hand_error(_K["STATE"], why=HAND_FAULTS[self._fault()])

    def _action_error(
        self, st: int, kind: Any, k: int, amount: Any, seat: Any, what: str | None
    ) -> Exception:
        if st == _K["STATE"]:
            return self._state_error()
        i = self._actor
        if what is None:
            what = str(ActionKind(k)) if k in _KIND_BY_VALUE else ""
        cur = self._cur_bet
        allin = self._stacks[i] + self._bets[i] if i >= 0 else 0
        bet = k == _BET or (k in (_ALL_IN, _BET_OR_RAISE) and cur == 0)
        wager = [a for a in self.legal_actions() if a.kind in (_BET, _RAISE)]
        lo, hi = (wager[0].min_amount, wager[0].max_amount) if wager else (0, 0)
        return hand_error(
            st, kind=kind, what=what, pending=self._pending_board, actor=i,
            seat=i if st != _K["TURN"] else seat, amount=allin if k == _ALL_IN else amount,
            cur=cur, to_call=cur - self._bets[i] if i >= 0 else 0, allin=allin, lo=lo, hi=hi,
            word="bet" if bet else "raise to", max_bets=self.config.max_bets,
        )

    # fold() .. bet_or_raise_to() are HandCore's (engine/hand/_hand_glue.c): one kernel step
    # each with no Python frame (replays and simulations call them millions of times); a
    # refusal comes back here to become its exception, an amount that is not an int to
    # be converted
    def _refused(self, st: int, k: int, amount: Any) -> None:
        kind = _KIND[k]
        raise self._action_error(st, kind, kind, 0 if amount is None else amount, None,
                                 _WHAT.get(k))

    def _convert_step(self, k: int, amount: Any) -> None:
        self._do(_KIND[k], amount, None, _WHAT.get(k))

    def _step_for(self, k: int, amount: Any, seat: Any) -> None:
        """An action method given ``seat=``: the step for that seat only, as act() runs it."""
        self._do(_KIND[k], 0 if amount is None else amount, seat, _WHAT.get(k))

    # ---- cards and showdown --------------------------------------------------------
    def _check_result(self, st: int, **context: Any) -> None:
        if st == _K["STATE"]:
            raise self._state_error()
        if st:
            raise hand_error(st, card=card_text(self._error_card), variant=self.config.variant,
                             **context)

    def _deal_board(self, cards: Any) -> None:
        """deal_board() of card text and anything but exact ids: convert, then deal."""
        try:
            new = to_cards(cards, "board")
        except Exception:
            if self._deal([]) != _K["NO_DEAL"]:
                raise
            new = []
        self._deal_refused(self._deal(new), cards)

    def _deal_refused(self, st: int, cards: Any) -> None:
        if st and st != _K["STATE"]:
            self._check_result(
                st, street=self.street, pending=self._pending_board, cards=cards,
                next_street=f"board of run {self._runs_dealt + 2}" if self._street == 3 and self._runs > 1
                else STREET_NAMES[min(self._street + 1, 4)],
            )
        self._check_result(st)

    def _show_convert(self, seat: Any, cards: Any) -> None:
        """show() of card text, a seat that is not an int, anything but exact ids."""
        shown = None
        if cards is not None:
            try:
                shown = to_cards(cards, f"seat {seat}'s shown cards")
            except Exception:
                st = self._show(seat, _SHOW_PROBE)
                if st != _K["SHOW_COUNT"]:
                    self._check_result(st, seat=seat, what="show")
                raise
        self._show_refused(self._show(seat, shown), seat, cards, shown)

    def _show_refused(self, st: int, seat: Any, cards: Any, shown: Sequence[int] | None) -> None:
        if st:
            # never the seat's real hole cards: the message may reach other players
            self._check_result(
                st, seat=seat, what="show", cards=cards, hole_count=self._hole_count,
                shown=format_cards(list(shown or [])),
            )

    def muck(self, seat: int) -> None:
        """Muck ``seat``'s hand at showdown: it gives up its claim to the pot."""
        self._check_result(self._muck(seat), seat=seat, what="muck")

    # ---- copies and views --------------------------------------------------------
    def clone(self) -> Hand:
        """An independent copy."""
        h = self.__class__.__new__(self.__class__)
        self._copy_core(h)
        h.config = self.config
        h.rules = self.rules
        h.manual_showdown = self.manual_showdown
        return h

    def __copy__(self) -> Hand:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        return self.clone()  # every mutable part is copied; the rest is immutable

    def __reduce__(self) -> tuple[Any, ...]:
        state = (self.config, self.rules, self.manual_showdown, self._state(), self._events())
        return _restore_hand, (self.__class__, state)

    def snapshot(self) -> tuple[Any, ...]:
        """A comparable value of the whole state (for tests and debugging)."""
        return (*_SNAPSHOT(self), tuple(self._log), self.config, self.rules)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: other players' hole cards are hidden until shown."""
        if not isinstance(seat, int) or not 0 <= seat < self._n:
            raise ConfigError(f"seat must be 0..{self._n - 1}, got {seat!r}")
        if self._check():
            raise self._state_error()
        hidden = (UNKNOWN_CARD,) * self._hole_count
        events = tuple(
            Event("hole", e[1], 0, hidden) if e[0] == "hole" and e[1] != seat else Event(*e)
            for e in self._log
        )
        return PlayerView(
            seat=seat,
            button=self._button,
            street=self.street,
            hole_cards=self.hole_cards[seat],
            board=tuple(self.board),
            stacks=tuple(self._stacks),
            bets=tuple(self._bets),
            pot=self._pot,
            folded=tuple(self.folded),
            actor=self.current_actor,
            legal_actions=self.legal_actions() if self._actor == seat else (),
            events=events,
            is_over=self.is_over,
        )

    def __repr__(self) -> str:
        if self._check():
            return f"Hand({self.config.variant}/{self.config.betting}, inconsistent state)"
        return (
            f"Hand({self.config.variant}/{self.config.betting}, street={self.street},"
            f" actor={self.current_actor}, stacks={self.stacks}, pot={self.pot},"
            f" board={format_cards(self.board)!r})"
        )


def _restore_hand(cls: type[Hand], state: tuple[Any, ...]) -> Hand:
    """Unpickle a :class:`Hand` (see ``Hand.__reduce__``); the kernel checks the state."""
    h = cls.__new__(cls)
    h.config, h.rules, h.manual_showdown, data, events = state
    size = len(h._state())
    if not isinstance(data, bytes) or len(data) != size:
        raise HandStateError(f"the pickled hand's state is not a {size}-byte hand record of"
                             " this version; it cannot be restored")
    if h._set_state(data):
        raise HandStateError(f"the pickled hand's state is inconsistent: {HAND_FAULTS[h._fault()]};"
                             " it cannot be restored")
    if h._set_events(events):
        raise HandStateError("the pickled hand's event log is inconsistent; it cannot be restored")
    return h



# The Python functions the C steps hand conversions and refusals to (engine/hand/_hand_glue.h),
# registered once: a missing one fails here, at import, not in a step.
hand_glue_setup(LegalAction, tuple(ActionKind), EVENT_KINDS, {
    "convert_step": Hand._convert_step, "refused": Hand._refused, "step_for": Hand._step_for,
    "deal_board": Hand._deal_board, "deal_refused": Hand._deal_refused,
    "show_convert": Hand._show_convert, "show_refused": Hand._show_refused,
})
