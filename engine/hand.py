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
  first, then clockwise, and a hand beaten in every pot it could win is mucked.

Where: every rule is one C function of the hand state machine (``csrc/hand.c``);
:class:`Hand` is a thin typed face over it (``engine/_hand_glue.c`` converts, and
``engine/errors.py`` turns the kernel's status codes into exceptions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from holdem_eval._bindings import HandCore, hand_glue_setup

from .config import GameConfig
from .dealing import UNKNOWN_CARD, _check_seed, format_cards, parse_cards_text
from .errors import (
    MAX_CHIPS,
    ConfigError,
    HandStateError,
    HoleCardsShapeError,
    IllegalActionError,
    hand_error,
)

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

STREET_NAMES = ("preflop", "flop", "turn", "river", "showdown")
EVENT_KINDS = (
    *("hole", "ante", "small_blind", "big_blind", "straddle", "post", "dead", "board"),
    *("fold", "check", "call", "bet", "raise", "uncalled", "show", "muck", "win", "rake"),
)
"""Event kinds, in the kernel's HE_EV_* order."""


class ActionKind(IntEnum):
    FOLD = 0
    CHECK = 1
    CALL = 2
    BET = 3
    RAISE = 4
    ALL_IN = 5

    def __str__(self) -> str:
        return self.name.lower().replace("_", "-")


_FOLD, _CHECK, _CALL, _BET, _RAISE, _ALL_IN = tuple(ActionKind)
_KIND_BY_VALUE = frozenset(int(k) for k in ActionKind)


class Action(NamedTuple):
    """An action value: ``kind`` and, for BET/RAISE, the total ("to") amount.

    A NamedTuple rather than a frozen dataclass: it is built once per decision in
    simulation loops, and tuple construction is several times cheaper.  Validation
    happens in :meth:`Hand.act`, against the state.
    """

    kind: ActionKind
    amount: int = 0

    def __str__(self) -> str:
        if self.kind in (_BET, _RAISE):
            return f"{self.kind} {self.amount}"
        return str(self.kind)


class LegalAction(NamedTuple):
    """A legal action kind with its amount range (inclusive; "to" amounts).

    FOLD and CHECK have ``0, 0``; CALL has the chips it puts in (less than the
    amount to call when the caller is all-in); BET/RAISE the minimum and maximum
    total bet (equal in fixed limit, or when only an all-in is left).
    """

    kind: ActionKind
    min_amount: int
    max_amount: int


class Event(NamedTuple):
    """One entry of the hand's event log.

    ``kind`` is one of ``ante, small_blind, big_blind, straddle, post, dead, hole,
    board, fold, check, call, bet, raise, uncalled, show, muck, win, rake``.
    ``seat`` is -1 for table events (board, rake); ``amount`` is chips (the "to"
    amount for bet/raise, chips put in for call, chips paid for win); ``cards`` are
    card ids (-1 = unknown).
    """

    kind: str
    seat: int
    amount: int
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class PlayerView:
    """What one seat may see: its own hole cards, shown cards, and public state."""

    seat: int
    button: int
    street: str
    hole_cards: tuple[int, ...]
    board: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    folded: tuple[bool, ...]
    actor: int | None
    legal_actions: tuple[LegalAction, ...]
    events: tuple[Event, ...]
    is_over: bool


_INT_ONLY = {int}
# The kernel's state fields (csrc/hand_state.h, from its field table) and constants
_FIELDS, _K = hand_glue_setup(LegalAction, tuple(ActionKind), EVENT_KINDS)
# a snapshot has every field except what the last failed call was about
_SNAPSHOT = attrgetter(*(f"_{name}" for name in _FIELDS if not name.startswith("error_")))
_SHOW_PROBE = [UNKNOWN_CARD] * (_K["MAX_HOLE"] + 1)  # a wrong count: checks the seat only
_CHECK_OR_CALL, _BET_OR_RAISE = _K["CHECK_OR_CALL"], _K["BET_OR_RAISE"]
_WAGERS = frozenset((int(_BET), int(_RAISE), _BET_OR_RAISE))


def _to_cards(value: str | Sequence[int], what: str) -> list[int]:
    if isinstance(value, str):
        return parse_cards_text(value)
    cards = list(value)
    if cards and set(map(type, cards)) == _INT_ONLY and min(cards) >= -1 and max(cards) <= 51:
        return cards
    for c in cards:
        if not isinstance(c, int) or isinstance(c, bool) or not -1 <= c <= 51:
            raise ConfigError(f"{what} has card {c!r}; expected card ids 0..51 (or -1 unknown)")
    return cards


_CONFIGS: dict[tuple[int, int, bool], tuple[Any, Any, tuple[Any, ...]]] = {}


def _kernel_config(config: GameConfig, rules: Any, manual: bool) -> tuple[Any, ...]:
    """The kernel's he_hand_config as ``(21 ints, PokerKit rate)``, cached per game."""
    key = (id(config), id(rules), manual)
    entry = _CONFIGS.get(key)
    if entry is not None and entry[0] is config and entry[1] is rules:
        return entry[2]
    pokerkit = rules is not None and rules.method == "pokerkit"
    rate = Fraction(0) if rules is None else rules.rate
    cap = -1 if rules is None or rules.rake_cap is None else rules.rake_cap
    values = (
        *(config.hole_count, config.betting_code, config.small_blind, config.big_blind),
        *(config.ante, config.big_blind_ante, config.straddle, *config.street_sizes),
        -1 if config.max_bets is None else config.max_bets,
        *(int(config.blind_counts_toward_cap), int(config.allow_free_fold), int(manual)),
        *(int(pokerkit), int(rules is not None and rules.odd_chips == "first_winner")),
        int(rules is not None and rules.no_flop_no_drop),
        *((0, 1) if pokerkit else (rate.numerator, rate.denominator)),
        cap,
    )
    result = (values, float(rate))
    if len(_CONFIGS) >= 256:
        _CONFIGS.clear()
    _CONFIGS[key] = (config, rules, result)
    return result


def _card_text(card: int) -> str:
    """A card named in an error message (as ids outside 0..51 stay numbers)."""
    return format_cards([card]) if -1 <= card <= 51 else str(card)


def _field(name: str, doc: str) -> Any:
    return property(attrgetter(f"_{name}"), doc=doc)


class Hand(HandCore):
    """A hand in progress; see the module docstring for the rules.

    ``Hand(config, stacks, button=0, seed=7)`` deals every card from a seeded deck.
    Explicit ``hole_cards`` (one entry per seat, text or ids, ``-1``/``"??"`` =
    unknown) and a partial or full ``board`` may be given instead; cards not given
    are dealt from the seeded deck if there is a seed, otherwise the hand pauses
    until :meth:`deal_board` supplies them (replaying hand histories).
    ``posts`` maps a seat to ``(live, dead)`` extra forced chips (returning players'
    missed blinds; live chips count as that seat's bet, dead chips go to the pot).
    With ``manual_showdown=True`` every live player must :meth:`show` or
    :meth:`muck` before the pot is settled.

    >>> from holdem_eval.engine import GameConfig
    >>> h = Hand(GameConfig(big_blind=100), [10_000] * 3, button=0, seed=1)
    >>> h.actor, [str(a.kind) for a in h.legal_actions()]
    (0, ['fold', 'call', 'raise'])
    >>> h.raise_to(300); h.fold(); h.call()
    >>> h.street, h.pot, h.actor
    ('flop', 650, 2)
    """

    __slots__ = ("config", "manual_showdown", "rules")

    if TYPE_CHECKING:  # HandCore (engine/_hand_glue.c) implements these
        payouts: list[int] | None
        """Chips each seat took from the pot, once the hand is over (else None)."""

        def legal_actions(self) -> tuple[LegalAction, ...]:
            """Legal actions for the seat to act (empty when nobody is to act)."""

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
    ) -> None:
        if not isinstance(config, GameConfig):
            raise ConfigError(f"config must be a GameConfig, got {config!r}")
        stacks_ = list(stacks)
        n = len(stacks_)
        if set(map(type, stacks_)) != _INT_ONLY and not all(
            isinstance(s, int) and not isinstance(s, bool) for s in stacks_
        ):
            raise ConfigError(f"stacks must be positive ints, got {stacks_!r}")
        if button.__class__ is not int and (not isinstance(button, int) or isinstance(button, bool)):
            raise ConfigError(f"button must be a seat 0..{n - 1}, got {button!r}")
        self.config = config
        self.rules = rules
        self.manual_showdown = manual_showdown
        holes: list[int] | None = None
        if hole_cards is not None:
            holes = self._hole_ids(hole_cards, n, config.hole_count)
        plan = [] if board is None else _to_cards(board, "board")
        if seed is not None and seed.__class__ is not int:
            seed = _check_seed(seed)
        elif seed is None and hole_cards is None and board is None:
            raise ConfigError("give a seed or explicit hole_cards")
        live = dead = None
        if posts:
            live, dead = [0] * n, [0] * n
            for seat, post in sorted(posts.items()):
                if not isinstance(seat, int) or not 0 <= seat < n:
                    raise ConfigError(f"bad post for seat {seat!r}: {tuple(post)!r}")
                live[seat], dead[seat] = post
        values, rate = _kernel_config(config, rules, manual_showdown)
        st = self._start(values, rate, stacks_, button, holes, plan, seed, live, dead)
        if st:
            raise self._start_error(st, stacks_, button, hole_cards, board, posts)

    @staticmethod
    def _hole_ids(
        hole_cards: Sequence[str | Sequence[int] | None], n: int, hc: int
    ) -> list[int]:
        """Every seat's hole cards as ids, seat after seat (None: unknown)."""
        if len(hole_cards) != n:
            raise HoleCardsShapeError(
                f"hole_cards needs one entry per seat ({n}), got {len(hole_cards)}"
            )
        flat: list[int] = []
        for seat, entry in enumerate(hole_cards):
            cards = [UNKNOWN_CARD] * hc if entry is None else _to_cards(entry, f"seat {seat}")
            if len(cards) != hc:
                raise HoleCardsShapeError(
                    f"seat {seat} needs {hc} hole cards, got {len(cards)}: {entry!r}"
                )
            flat += cards
        return flat

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
            what=what, value=value, card=_card_text(self._error_card), seat=seat,
            post=post, board=board, hole_cards=hole_cards,
        )

    # ---- derived state -----------------------------------------------------------
    stacks = _field("stacks", "Chips behind, per seat.")
    bets = _field("bets", "Chips bet in this betting round, per seat.")
    committed = _field("committed", "Chips put in before this betting round, per seat.")
    pot = _field("pot", "Chips in the pot (bets of this round included).")
    n = _field("n", "Seat count.")
    button = _field("button", "The dealer seat.")
    actor = _field("actor", "The seat to act, or -1.")
    cur_bet = _field("cur_bet", "The largest bet of this round.")
    raise_size = _field("raise_size", "The minimum raise increment now.")
    street_index = _field("street", "0 preflop .. 3 river, 4 showdown.")
    pending_board = _field("pending_board", "Board cards the hand waits for.")
    n_live = _field("n_live", "Seats not folded.")
    n_active = _field("n_active", "Seats not folded with chips behind.")
    last_aggressor = _field("last_aggressor", "Last seat to bet or raise this round, or -1.")
    river_aggressor = _field("river_aggressor", "Last river bettor or raiser, or -1.")
    rake = _field("rake", "Chips raked (once the hand is over).")

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
            raise hand_error(_K["STATE"])
        flat, hc = self._holes, self._hole_count
        return [tuple(flat[k * hc : k * hc + hc]) for k in range(self._n)]

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        return tuple(self._starting_stacks)

    @property
    def blind_seats(self) -> tuple[int, int]:
        """``(small blind seat, big blind seat)``; heads-up the button is the small blind."""
        return self._small_blind_seat, self._big_blind_seat

    @property
    def street(self) -> str:
        """``preflop``, ``flop``, ``turn``, ``river`` or ``showdown`` (betting finished)."""
        if self._check():
            raise hand_error(_K["STATE"])
        return STREET_NAMES[self._street]

    @property
    def is_over(self) -> bool:
        """True once the pot has been awarded."""
        return bool(self._over)

    @property
    def events(self) -> tuple[Event, ...]:
        """The full event log (every card, every chip movement)."""
        return tuple(Event(*e) for e in self._log)

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
    def contributions(self) -> list[int]:
        """Chips each seat has put into the pot so far (including dead money)."""
        return [c + b for c, b in zip(self._committed, self._bets)]

    @property
    def showdown_pending(self) -> list[int]:
        """Live seats that still have to show or muck (manual showdown only)."""
        if not self._betting_done or self._over:
            return []
        shown, folded = self._shown, self._folded
        return [k for k in range(self._n) if not folded[k] and not shown[k]]

    # ---- actions -----------------------------------------------------------------
    def act(self, action: Action | tuple[ActionKind, int], seat: int | None = None) -> None:
        """Apply ``action`` (kind, "to" amount) for the seat to act.

        ``seat``, if given, must be the seat to act (out-of-turn actions are rejected).
        """
        kind, amount = action
        if (
            amount.__class__ is int
            and (kind.__class__ is ActionKind or kind.__class__ is int)
            and (seat is None or seat.__class__ is int)
        ):  # the common case: nothing to convert
            st = self._act(kind, amount, seat)
            if st:
                raise self._action_error(st, kind, kind, amount, seat, None)
            return
        self._do(kind, amount, seat, None)

    def _do(self, kind: Any, amount: Any, seat: Any, what: str | None) -> None:
        """Run one action in the kernel; raise its refusal with the message's context."""
        k = kind if kind.__class__ is int or kind.__class__ is ActionKind else (
            int(kind) if kind in _KIND_BY_VALUE and not isinstance(kind, bool) else (
                1 if kind is True else 0 if kind is False else -1
            )
        )
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

    def _action_error(
        self, st: int, kind: Any, k: int, amount: Any, seat: Any, what: str | None
    ) -> Exception:
        if st == _K["STATE"]:
            return hand_error(st)
        if st == _K["UNKNOWN"]:  # the action stays applied; the pot waits
            return hand_error(st, seat=self._error_seat)
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

    def fold(self) -> None:
        self._do(_FOLD, 0, None, "fold")

    def check(self) -> None:
        self._do(_CHECK, 0, None, "check")

    def call(self) -> None:
        self._do(_CALL, 0, None, "call")

    def check_or_call(self) -> None:
        """Check when nothing is owed, else call (PHH ``cc``)."""
        self._do(_CHECK_OR_CALL, 0, None, "check or call")

    def bet(self, amount: int) -> None:
        self._do(_BET, amount, None, None)

    def raise_to(self, amount: int) -> None:
        self._do(_RAISE, amount, None, None)

    def bet_or_raise_to(self, amount: int) -> None:
        """Bet when nobody has bet this round, else raise (PHH ``cbr``)."""
        self._do(_BET_OR_RAISE, amount, None, "bet or raise")

    def all_in(self) -> None:
        """Put the whole stack in.

        A call (or check) when the stack does not exceed the amount to call or when no
        opponent could match more; otherwise a bet or raise to the whole stack, which
        must itself be legal (in fixed limit usually it is not).
        """
        self._do(_ALL_IN, 0, None, "go all-in")

    # ---- cards and showdown --------------------------------------------------------
    def _check_result(self, st: int, **context: Any) -> None:
        if st == _K["UNKNOWN"]:  # the step stays applied; the pot waits
            raise hand_error(st, seat=self._error_seat)
        if st:
            raise hand_error(st, card=_card_text(self._error_card), **context)

    def deal_board(self, cards: str | Sequence[int]) -> None:
        """Supply the next street's board cards when the hand waits for them."""
        try:
            new = _to_cards(cards, "board")
        except Exception:
            if self._deal([]) != _K["NO_DEAL"]:
                raise
            new = []
        st = self._deal(new)
        if st and st != _K["STATE"]:
            self._check_result(
                st, street=self.street, pending=self._pending_board, cards=cards,
                next_street=STREET_NAMES[min(self._street + 1, 4)],
            )
        self._check_result(st)

    def show(self, seat: int, cards: str | Sequence[int] | None = None) -> None:
        """Show ``seat``'s hole cards at showdown (``cards`` reveals unknown ones)."""
        shown = None
        if cards is not None:
            try:
                shown = _to_cards(cards, f"seat {seat}'s shown cards")
            except Exception:
                st = self._show(seat, _SHOW_PROBE)
                if st != _K["SHOW_COUNT"]:
                    self._check_result(st, seat=seat, what="show")
                raise
        hole = self.hole_cards[seat] if isinstance(seat, int) and 0 <= seat < self._n else ()
        self._check_result(
            self._show(seat, shown), seat=seat, what="show", cards=cards,
            hole_count=self._hole_count, shown=format_cards(shown or []),
            hole=format_cards(list(hole)),
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
        state = (self.config, self.rules, self.manual_showdown, self._state(), self._log[:])
        return _restore_hand, (self.__class__, state)

    def snapshot(self) -> tuple[Any, ...]:
        """A comparable value of the whole state (for tests and debugging)."""
        return (*_SNAPSHOT(self), tuple(self._log), self.config, self.rules)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: other players' hole cards are hidden until shown."""
        if not isinstance(seat, int) or not 0 <= seat < self._n:
            raise ConfigError(f"seat must be 0..{self._n - 1}, got {seat!r}")
        if self._check():
            raise hand_error(_K["STATE"])
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
    h.config, h.rules, h.manual_showdown, data, log = state
    if h._set_state(data):
        raise HandStateError("the pickled hand's state is inconsistent; it cannot be restored")
    h._log = log
    return h

