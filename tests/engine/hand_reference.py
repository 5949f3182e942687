"""The Python reference of the hand's rules: the test oracle for the C state machine.

A readable, PokerKit-style implementation (the engine's former Python hand), kept in the
tests only: tests/engine/test_core_reference.py plays random hands with it and with
:class:`holdem_eval.engine.Hand` (csrc/hand.c) action by action and compares legal
actions, errors, states and event logs. Nothing in the product imports it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import add
from typing import Any

from holdem_eval.engine.config import ConfigError, GameConfig
from holdem_eval.engine.dealing import (
    _M64,
    UNKNOWN_CARD,
    SeededDeck,
    _check_seed,
    format_cards,
    parse_cards_text,
)
from holdem_eval.engine.errors import HandStateError, IllegalActionError
from holdem_eval.engine.hand import (
    STREET_NAMES,
    Action,
    ActionKind,
    Event,
    LegalAction,
    PlayerView,
)
from holdem_eval.engine.showdown import settle, showdown_order
from settle_reference import form_pots, odd_chip_order, split_pot, uncalled_return

from holdem_eval import evaluate_omaha
from holdem_eval._bindings import deal_seeded, evaluate_fast

__all__ = ["ReferenceHand"]

_FOLD, _CHECK, _CALL, _BET, _RAISE, _ALL_IN = tuple(ActionKind)

_PREFLOP, _FLOP, _TURN, _RIVER, _SHOWDOWN = 0, 1, 2, 3, 4
_BOARD_AFTER = (0, 3, 4, 5)  # board size once each street has been dealt
# _SEATS_AFTER[n][i]: the other seats of an n-seat table clockwise from the one left of i
_SEATS_AFTER = [
    tuple(tuple((i + d) % n for d in range(1, n)) for i in range(n)) for n in range(11)
]
_SEATS_FROM = [tuple((i, *after) for i, after in enumerate(row)) for row in _SEATS_AFTER]
_HOLE_KINDS, _ZEROS = ("hole",) * 10, (0,) * 10  # zipped with the dealing order into the log


_INT_ONLY = {int}
# ``_acted[seat]`` is the current bet the seat last acted at, -1 before it acts in the
# round, and _DONE once it folded or is all-in: "must act" is then just acted < cur_bet
_DONE = 1 << 62
_NO_OPPONENT = "no opponent can put in more chips"
_COVERS_CALL = "its stack only covers a call"
_NOT_REOPENED = "an all-in for less than a full raise did not re-open the betting"
_KIND_BY_VALUE = frozenset(int(k) for k in ActionKind)
_new_tuple = tuple.__new__  # builds NamedTuple values without the Python-level __new__
_LEGAL_FOLD = LegalAction(_FOLD, 0, 0)
_LEGAL_CHECK = LegalAction(_CHECK, 0, 0)


class _CheckedHoles(list[tuple[int, ...]]):
    """Hole cards already checked by trusted engine code (PHH parsing): one tuple of
    ``hole_count`` ids in -1..51 per seat, no known card twice. :class:`Hand` takes them
    as they are (a copy of the list) instead of checking them again."""


_RawEvent = tuple[str, int, int, tuple[int, ...]]
_SHOWDOWN_MARK = "_showdown"  # expanded into show/muck events when the log is read

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


class ReferenceHand:
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
    >>> h = ReferenceHand(GameConfig(big_blind=100), [10_000] * 3, button=0, seed=1)
    >>> h.actor, [str(a.kind) for a in h.legal_actions()]
    (0, ['fold', 'call', 'raise'])
    >>> h.raise_to(300); h.fold(); h.call()
    >>> h.street, h.pot, h.actor
    ('flop', 650, 2)
    """

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
        if not 2 <= n <= 10:
            raise ConfigError(f"a hand needs 2..10 seats, got {n} stacks: {stacks_!r}")
        for s in stacks_:
            if s.__class__ is not int or s <= 0:
                if not all(
                    isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in stacks_
                ):
                    raise ConfigError(f"stacks must be positive ints, got {stacks_!r}")
                stacks_ = [int(s) for s in stacks_]
                break
        if button.__class__ is not int or not 0 <= button < n:
            raise ConfigError(f"button must be a seat 0..{n - 1}, got {button!r}")
        if config.straddle and n == 2:
            raise ConfigError("a straddle needs at least 3 seats")
        hc = config.hole_count
        if n * hc + 8 > 52:
            raise ConfigError(f"{config.variant} with {n} seats needs more than 52 cards")
        self.config = config
        self.rules = rules
        self.manual_showdown = manual_showdown
        self.starting_stacks = tuple(stacks_)
        deck: SeededDeck | None = None
        if hole_cards is None and board is None:
            if seed is None:
                raise ConfigError("give a seed or explicit hole_cards")
            if seed.__class__ is not int:
                seed = _check_seed(seed)
            if not posts:
                self._start_seeded(seed & _M64, stacks_, button)  # C; see _start_seeded_py
                return
            holes, plan = self._seeded_cards(seed & _M64, n, hc, button)
        else:
            order = _SEATS_FROM[n][(button + 1) % n]
            holes, plan, deck = self._explicit_cards(hole_cards, board, seed, n, hc, order)
        self._start(stacks_, button, holes, plan, deck, posts)

    @staticmethod
    def _seeded_cards(
        seed: int, n: int, hc: int, button: int
    ) -> tuple[list[tuple[int, ...]], list[int]]:
        """The hole cards by seat and the five board cards, from one C call that deals
        every card the hand can need: hole cards one at a time clockwise from the seat
        left of the button, then burn, flop, burn, turn, burn, river (SeededDeck's order,
        see engine/dealing.py)."""
        first = (button + 1) % n
        nh = n * hc
        drawn = deal_seeded(seed, 0, nh + 8)
        # the k-th card of each round goes to the k-th seat from `first`
        dealt: list[tuple[int, ...]]
        if hc == 2:
            dealt = list(zip(drawn[:n], drawn[n:nh]))
        else:
            dealt = list(zip(*[drawn[r * n : r * n + n] for r in range(hc)]))
        holes = dealt[n - first :] + dealt[: n - first] if first else dealt
        return holes, [drawn[nh + 1], drawn[nh + 2], drawn[nh + 3], drawn[nh + 5], drawn[nh + 7]]

    def _start_seeded_py(self, seed: int, stacks: list[int], button: int) -> None:
        """The reference for the C core's ``_start_seeded``: deal from ``seed`` (already
        reduced to 64 bits) and start the hand (no extra posts)."""
        holes, plan = self._seeded_cards(seed, len(stacks), self.config.hole_count, button)
        self._start(stacks, button, holes, plan, None, None)

    def _start_py(
        self,
        stacks_: list[int],
        button: int,
        holes: list[tuple[int, ...]],
        plan: list[int],
        deck: SeededDeck | None,
        posts: Mapping[int, tuple[int, int]] | None,
    ) -> None:
        """Set up the state, log the hole cards, post the forced bets and give the first
        seat the turn (``stacks_`` becomes the hand's stack list). The reference for the
        C core's ``_start``, which calls this for extra posts and a big-blind ante."""
        config = self.config
        n = len(stacks_)
        self.n = n
        self._code = config.betting_code
        self._cap = -1 if config.max_bets is None else config.max_bets
        self._free_fold = config.allow_free_fold
        self._street_sizes = config.street_sizes
        self.button = button
        self.stacks = stacks_
        bets = self.bets = [0] * n
        committed = self.committed = [0] * n
        self.folded = [False] * n
        self._acted = [-1] * n
        self.payouts: list[int] | None = None
        self.rake = 0
        self.board = []
        self.pending_board = 0
        self.betting_done = False
        self.last_aggressor = -1
        self.river_aggressor = -1
        self._shown: list[int] = [0] * n  # 0 undecided, 1 shown, 2 mucked
        self._ranks: list[int | None] | None = None
        self._bounds = ""
        self._bounds_at = -1
        self._dead: list[int] | None = None  # per seat dead money (part of committed)
        self.n_live = n
        self.hole_cards: list[tuple[int, ...]] = holes
        self._board_plan = plan
        self._deck: SeededDeck | None = deck

        # ---- cards were dealt one at a time clockwise from the seat left of the button ----
        first = (button + 1) % n
        order = _SEATS_FROM[n][first]
        log: list[_RawEvent] = list(zip(_HOLE_KINDS, order, _ZEROS, [holes[k] for k in order]))
        self._log = log

        # ---- forced bets: antes (dead), blinds and straddle (live), extra posts ----
        sb_seat, bb_seat = (button, first) if n == 2 else (first, order[1])
        if config.ante:
            for seat in order:
                amt = min(config.ante, stacks_[seat])
                stacks_[seat] -= amt
                committed[seat] += amt
                log.append(("ante", seat, amt, ()))
        elif config.big_blind_ante:
            # the big blind pays everyone's ante: dead money, not part of his bet
            amt = min(config.big_blind_ante, stacks_[bb_seat])
            stacks_[bb_seat] -= amt
            committed[bb_seat] += amt
            if amt:
                self._dead = [0] * n
                self._dead[bb_seat] = amt
            log.append(("ante", bb_seat, amt, ()))
        amt = config.small_blind
        if amt:
            if amt > stacks_[sb_seat]:
                amt = stacks_[sb_seat]
            stacks_[sb_seat] -= amt
            bets[sb_seat] = amt
            log.append(("small_blind", sb_seat, amt, ()))
        amt = config.big_blind
        if amt > stacks_[bb_seat]:
            amt = stacks_[bb_seat]
        stacks_[bb_seat] -= amt
        bets[bb_seat] = amt
        log.append(("big_blind", bb_seat, amt, ()))
        first = (bb_seat + 1) % n
        # fixed-limit cap: the big blind (and a straddle) count as this round's bets
        self._level_count = 1 if config.blind_counts_toward_cap else 0
        if config.straddle:
            amt = min(config.straddle, stacks_[first])
            stacks_[first] -= amt
            bets[first] = amt
            log.append(("straddle", first, amt, ()))
            first = (first + 1) % n
            self._level_count *= 2
        if posts:
            self._post_extra(posts)
        self.pot = sum(committed) + sum(bets)
        self.n_active = n - stacks_.count(0)
        if self.n_active < n:
            self._acted = [_DONE if s == 0 else -1 for s in stacks_]
        self.cur_bet = max(bets)
        self.raise_size = self._street_sizes[0]
        self.street_index = _PREFLOP
        self.actor = -1
        self._start_round(first)

    def _explicit_cards(
        self,
        hole_cards: Sequence[str | Sequence[int] | None] | None,
        board: str | Sequence[int] | None,
        seed: int | None,
        n: int,
        hc: int,
        order: tuple[int, ...],
    ) -> tuple[list[tuple[int, ...]], list[int], SeededDeck | None]:
        if (
            hole_cards.__class__ is _CheckedHoles
            and board is None
            and seed is None
            and len(hole_cards) == n
        ):
            return list(hole_cards), [], None
        known: list[int] = []
        holes: list[tuple[int, ...]] | None = None
        if hole_cards is not None:
            if len(hole_cards) != n:
                raise ConfigError(
                    f"hole_cards needs one entry per seat ({n}), got {len(hole_cards)}"
                )
            flat: list[Any] = [c for entry in hole_cards if entry is not None for c in entry]
            if (
                flat
                and None not in hole_cards
                and len(flat) == n * hc
                and set(map(type, flat)) == _INT_ONLY
                and min(flat) >= -1
                and max(flat) <= 51
            ):
                # fast path: ids already (hand-history replay, tree search)
                holes = [tuple(entry) for entry in hole_cards]  # type: ignore[arg-type]
                for h in holes:
                    if len(h) != hc:
                        raise ConfigError(f"every seat needs {hc} hole cards, got {hole_cards!r}")
                known = flat
            else:
                holes = []
                for seat, entry in enumerate(hole_cards):
                    cards = (
                        [UNKNOWN_CARD] * hc if entry is None else _to_cards(entry, f"seat {seat}")
                    )
                    if len(cards) != hc:
                        raise ConfigError(
                            f"seat {seat} needs {hc} hole cards, got {len(cards)}: {entry!r}"
                        )
                    holes.append(tuple(cards))
                    known += cards
            if UNKNOWN_CARD in known:
                known = [c for c in known if c >= 0]
        plan = [] if board is None else _to_cards(board, "board")
        if len(plan) > 5 or UNKNOWN_CARD in plan:
            raise ConfigError(f"board must be 0..5 known cards, got {board!r}")
        known.extend(plan)
        if len(set(known)) != len(known):
            dup = next(c for c in known if known.count(c) > 1)
            raise ConfigError(f"card {format_cards([dup])!r} is given twice")
        deck = None if seed is None else SeededDeck(seed, known)
        if holes is None:
            if deck is None:
                raise ConfigError("give a seed or explicit hole_cards")
            drawn = deck.draw(n * hc)
            holes = [()] * n
            for k, seat in enumerate(order):
                holes[seat] = tuple(drawn[k + r * n] for r in range(hc))
        elif deck is not None and any(c < 0 for h in holes for c in h):
            raise ConfigError("with a seed, hole cards must be fully known or omitted")
        return holes, plan, deck

    def _post_extra(self, posts: Mapping[int, tuple[int, int]]) -> None:
        stacks, bets, committed, log = self.stacks, self.bets, self.committed, self._log
        for seat, (live, dead) in sorted(posts.items()):
            if not 0 <= seat < self.n or live < 0 or dead < 0:
                raise ConfigError(f"bad post for seat {seat!r}: {(live, dead)!r}")
            add_live = min(max(live - bets[seat], 0), stacks[seat])
            if add_live:
                stacks[seat] -= add_live
                bets[seat] += add_live
                log.append(("post", seat, add_live, ()))
            amt = min(dead, stacks[seat])
            if amt:
                stacks[seat] -= amt
                committed[seat] += amt
                if self._dead is None:
                    self._dead = [0] * self.n
                self._dead[seat] += amt
                log.append(("dead", seat, amt, ()))

    # ---- derived state -----------------------------------------------------------
    @property
    def blind_seats(self) -> tuple[int, int]:
        """``(small blind seat, big blind seat)``; heads-up the button is the small blind."""
        n, b = self.n, self.button
        if n == 2:
            return b, (b + 1) % 2
        return (b + 1) % n, (b + 2) % n

    @property
    def street(self) -> str:
        """``preflop``, ``flop``, ``turn``, ``river`` or ``showdown`` (betting finished)."""
        return STREET_NAMES[self.street_index]

    @property
    def is_over(self) -> bool:
        """True once the pot has been awarded."""
        return self.payouts is not None

    @property
    def events(self) -> tuple[Event, ...]:
        """The full event log (every card, every chip movement)."""
        return tuple(self._expand_log(self._log))

    def _expand_log(self, raw: list[_RawEvent], seat: int = -1) -> list[Event]:
        """The raw log as Events; with ``seat``, other seats' hole cards are hidden (-1)."""
        out: list[Event] = []
        hidden = (UNKNOWN_CARD,) * self.config.hole_count
        for e in raw:
            kind = e[0]
            if kind == "hole" and seat >= 0 and e[1] != seat:
                out.append(_new_tuple(Event, ("hole", e[1], 0, hidden)))
                continue
            if kind != _SHOWDOWN_MARK:
                out.append(_new_tuple(Event, e))
                continue
            # automatic showdown: the last river aggressor shows first, then clockwise;
            # a hand beaten in every pot it could win by a hand already shown is mucked
            _, aggressor, _, live = e
            assert self._ranks is not None
            order = showdown_order(
                list(live),
                button=self.button,
                last_aggressor=aggressor if aggressor >= 0 else None,
                ranks=self._ranks,
                contributions=self.committed,
                dead=self._dead,
            )
            muckable = set(order.muckable)
            for k in order.order:
                if k in muckable:
                    out.append(Event("muck", k, 0))
                else:
                    out.append(Event("show", k, 0, self.hole_cards[k]))
        return out

    @property
    def current_actor(self) -> int | None:
        """The seat to act, or None (hand over, or waiting for cards/showdown)."""
        return self.actor if self.actor >= 0 else None

    @property
    def to_call(self) -> int:
        """Chips the seat to act must add to call (0 when checking is possible)."""
        i = self.actor
        return 0 if i < 0 else self.cur_bet - self.bets[i]

    @property
    def net(self) -> list[int]:
        """Each seat's stack change so far (final result once the hand is over)."""
        return [s - s0 for s, s0 in zip(self.stacks, self.starting_stacks)]

    @property
    def dead_money(self) -> list[int]:
        """Per seat, the dead money posted as such (a missed small blind, a big-blind
        ante): part of :attr:`contributions`, but not of the seat's bet — it sets no
        all-in level, is never returned and goes to the main pot."""
        return [0] * self.n if self._dead is None else self._dead[:]

    @property
    def contributions(self) -> list[int]:
        """Chips each seat has put into the pot so far (including dead money)."""
        return [c + b for c, b in zip(self.committed, self.bets)]

    # ---- legal actions -----------------------------------------------------------
    def _legal_actions_py(self) -> tuple[LegalAction, ...]:
        """The reference for :meth:`legal_actions` (the C core's ``legal_actions`` runs
        the same steps, and calls this when the state holds chip counts above 2**60)."""
        i = self.actor
        if i < 0:
            return ()
        stacks = self.stacks
        bets = self.bets
        stack = stacks[i]
        bet = bets[i]
        cur = self.cur_bet
        to_call = cur - bet
        # the BET/RAISE LegalAction, or why no bet or raise is allowed; cached for
        # _wager until the next logged event (this is the one place it is computed)
        wager: LegalAction | str
        acted = self._acted[i]
        raise_size = self.raise_size
        cfg = self.config
        code = cfg.betting_code
        if stack <= to_call:
            wager = _COVERS_CALL
        elif acted >= 0 and cur - acted < raise_size:
            wager = _NOT_REOPENED
        elif code == 2 and cfg.max_bets is not None and self._level_count >= cfg.max_bets:
            wager = f"the betting is capped at {cfg.max_bets} bets this round"
        elif cur == 0:
            # someone else must be able to put in more chips: with no bet, anyone with chips
            wager = "" if self.n_active >= 2 else _NO_OPPONENT
        else:
            wager = _NO_OPPONENT
            folded = self.folded
            for j in range(self.n):
                if stacks[j] + bets[j] > cur and j != i and not folded[j]:
                    wager = ""
                    break
        if not wager:
            allin_to = stack + bet
            min_to = cur + raise_size
            if code == 0:
                max_to = allin_to
            elif code == 2:
                max_to = min_to
            else:
                max_to = 2 * cur - bet + self.pot
                if max_to < min_to:
                    max_to = min_to
            if min_to > allin_to:
                min_to = allin_to
            if max_to > allin_to:
                max_to = allin_to
            wager = _new_tuple(LegalAction, (_RAISE if cur else _BET, min_to, max_to))
        self._bounds = wager
        self._bounds_at = len(self._log)
        if to_call > 0:
            amt = stack if stack < to_call else to_call
            call = _new_tuple(LegalAction, (_CALL, amt, amt))
            if wager.__class__ is str:
                return (_LEGAL_FOLD, call)
            return (_LEGAL_FOLD, call, wager)  # type: ignore[return-value]
        if wager.__class__ is str:
            return (_LEGAL_FOLD, _LEGAL_CHECK) if cfg.allow_free_fold else (_LEGAL_CHECK,)
        if cfg.allow_free_fold:
            return (_LEGAL_FOLD, _LEGAL_CHECK, wager)  # type: ignore[return-value]
        return (_LEGAL_CHECK, wager)  # type: ignore[return-value]

    def _raise_bounds(self) -> LegalAction | str:
        """The BET/RAISE :class:`LegalAction` for the seat to act, or why it is not
        allowed (computed by :meth:`legal_actions`, reused until the next event)."""
        if self._bounds_at != len(self._log):
            self.legal_actions()
        return self._bounds

    # ---- actions -----------------------------------------------------------------
    def _who(self, what: str) -> int:
        i = self.actor
        if i < 0:
            if self.payouts is not None:
                raise IllegalActionError(f"cannot {what}: the hand is over")
            if self.pending_board:
                raise IllegalActionError(
                    f"cannot {what}: waiting for {self.pending_board} board card(s) to be dealt"
                )
            raise IllegalActionError(f"cannot {what}: the betting is finished, showdown pending")
        return i

    def _act_py(self, action: Action | tuple[ActionKind, int], seat: int | None = None) -> None:
        """The reference for :meth:`act`: the C core applies legal actions itself and
        calls this for everything else (errors, all-in, chip counts above 2**60)."""
        kind, amount = action
        i = self.actor
        if i < 0 or (seat is not None and seat != i):
            if kind not in _KIND_BY_VALUE:
                raise IllegalActionError(f"unknown action kind {kind!r}")
            i = self._who(str(ActionKind(kind)))
            raise IllegalActionError(
                f"seat {seat} cannot {ActionKind(kind)}: it is seat {i}'s turn (out of turn)"
            )
        if kind == 2:  # CALL
            self._call_py(i)
        elif kind == 0:  # FOLD
            self._fold_py(i)
        elif kind == 4:  # RAISE
            if self.cur_bet == 0:
                raise IllegalActionError(
                    f"seat {i} cannot raise to {amount!r}: nobody has bet (bet)"
                )
            self._wager_py(i, amount, _RAISE)
        elif kind == 1:  # CHECK
            self._check_py(i)
        elif kind == 3:  # BET
            if self.cur_bet > 0:
                raise IllegalActionError(
                    f"seat {i} cannot bet {amount!r}: there is already a bet of {self.cur_bet}"
                    " (raise)"
                )
            self._wager_py(i, amount, _BET)
        elif kind == _ALL_IN:
            self.all_in()
        else:
            raise IllegalActionError(f"unknown action kind {kind!r}")

    def fold(self) -> None:
        self._fold(self._who("fold"))

    def check(self) -> None:
        self._check(self._who("check"))

    def call(self) -> None:
        self._call(self._who("call"))

    def check_or_call(self) -> None:
        """Check when nothing is owed, else call (PHH ``cc``)."""
        i = self._who("check or call")
        if self.bets[i] < self.cur_bet:
            self._call(i)
        else:
            self._check(i)

    def bet(self, amount: int) -> None:
        self.act((_BET, amount))

    def raise_to(self, amount: int) -> None:
        self.act((_RAISE, amount))

    def bet_or_raise_to(self, amount: int) -> None:
        """Bet when nobody has bet this round, else raise (PHH ``cbr``)."""
        i = self._who("bet or raise")
        self._wager(i, amount, _BET if self.cur_bet == 0 else _RAISE)

    def all_in(self) -> None:
        """Put the whole stack in.

        A call (or check) when the stack does not exceed the amount to call or when no
        opponent could match more; otherwise a bet or raise to the whole stack, which
        must itself be legal (in fixed limit usually it is not).
        """
        i = self._who("go all-in")
        stack = self.stacks[i]
        to_call = self.cur_bet - self.bets[i]
        if stack <= to_call or self._raise_bounds() is _NO_OPPONENT:
            if to_call > 0:
                self._call(i)
            else:
                self._check(i)
        else:
            self._wager(i, stack + self.bets[i], _BET if self.cur_bet == 0 else _RAISE)

    # The reference implementations of the four actions (the C core, see HandCore in
    # holdem_eval/_engine_core.c, runs the same steps for legal actions and calls these
    # for the rest).
    def _pass_turn(self, i: int) -> None:
        """After seat ``i`` acted: the first seat clockwise whose ``_acted`` level is
        below the current bet acts next; if none (or one player is left) the round ends."""
        if self.n_live > 1:
            acted = self._acted
            cur = self.cur_bet
            for j in _SEATS_AFTER[self.n][i]:
                if acted[j] < cur:
                    self.actor = j
                    return
        self._end_round()

    def _fold_py(self, i: int) -> None:
        if self.bets[i] >= self.cur_bet and not self.config.allow_free_fold:
            raise IllegalActionError(f"seat {i} cannot fold when checking is free")
        self.folded[i] = True
        self.n_live -= 1
        self.n_active -= 1
        self._acted[i] = _DONE
        self._log.append(("fold", i, 0, ()))
        self._pass_turn(i)

    def _check_py(self, i: int) -> None:
        cur = self.cur_bet
        if self.bets[i] < cur:
            raise IllegalActionError(
                f"seat {i} cannot check facing a bet of {cur} (to call: {cur - self.bets[i]})"
            )
        self._acted[i] = cur
        self._log.append(("check", i, 0, ()))
        self._pass_turn(i)

    def _call_py(self, i: int) -> None:
        cur = self.cur_bet
        bets = self.bets
        to_call = cur - bets[i]
        if to_call <= 0:
            raise IllegalActionError(f"seat {i} cannot call: there is no bet to call (check)")
        stacks = self.stacks
        stack = stacks[i]
        if stack <= to_call:
            to_call = stack
            self.n_active -= 1
            self._acted[i] = _DONE
        else:
            self._acted[i] = cur
        stacks[i] = stack - to_call
        bets[i] += to_call
        self.pot += to_call
        self._log.append(("call", i, to_call, ()))
        self._pass_turn(i)

    def _wager_py(self, i: int, to: int, kind: int) -> None:
        if to.__class__ is not int:
            word = "bet" if kind == _BET else "raise to"
            if not isinstance(to, int) or isinstance(to, bool):
                raise IllegalActionError(f"seat {i} cannot {word} {to!r}: amounts are int chips")
            to = int(to)
        bounds = self._raise_bounds()
        if isinstance(bounds, str) or to < bounds[1] or to > bounds[2]:
            self._reject_wager(i, to, kind, bounds)
        bets = self.bets
        delta = to - bets[i]
        stack = self.stacks[i] - delta
        self.stacks[i] = stack
        bets[i] = to
        self.pot += delta
        if stack == 0:
            self.n_active -= 1
            self._acted[i] = _DONE
        else:
            self._acted[i] = to
        inc = to - self.cur_bet
        if inc >= self.raise_size:
            if self.config.betting_code != 2:
                self.raise_size = inc
            self._level_count += 1
        self.cur_bet = to
        self.last_aggressor = i
        self._log.append(("bet" if kind == _BET else "raise", i, to, ()))
        self._pass_turn(i)

    def _reject_wager(
        self, i: int, to: int, kind: int, bounds: LegalAction | str
    ) -> None:
        word = "bet" if kind == _BET else "raise to"
        if isinstance(bounds, str):
            raise IllegalActionError(f"seat {i} cannot {word} {to}: {bounds}")
        _, lo, hi = bounds
        allin_to = self.stacks[i] + self.bets[i]
        if to > allin_to:
            why = f"that is more than its stack (all-in is {word} {allin_to})"
        elif to < lo:
            why = f"the minimum is {word} {lo}"
        elif self.config.betting_code == 1:
            why = f"the pot-limit maximum is {word} {hi}"
        else:
            why = f"the fixed-limit amount is {word} {hi}"
        raise IllegalActionError(f"seat {i} cannot {word} {to}: {why}")

    # ---- flow --------------------------------------------------------------------
    def _start_round_py(self, start: int) -> None:
        """Give the action to the first seat from ``start`` that must act, if any (the
        reference for the C core's ``_start_round``)."""
        acted = self._acted
        cur = self.cur_bet
        if acted[start] < cur and (self.n_active >= 2 or self.bets[start] < cur):
            self.actor = start  # the common case: the first seat from start acts
            return
        for j in _SEATS_AFTER[self.n][start]:
            # a lone player with chips who has matched the bet has nobody to bet against
            if acted[j] < cur and (self.n_active >= 2 or self.bets[j] < cur):
                self.actor = j
                return
        self._end_round()

    def _end_round_py(self) -> None:
        """The reference for the C core's ``_end_round``: return the uncalled part of the
        largest bet, move the bets into ``committed``, then award or deal on."""
        self.actor = -1
        bets = self.bets
        # return the uncalled part of the largest bet (cur_bet is always max(bets))
        top = self.cur_bet
        if top and bets.count(top) == 1:
            k = bets.index(top)
            bets[k] = 0
            second = max(bets)
            bets[k] = second
            back = top - second
            if self.stacks[k] == 0 and not self.folded[k]:
                self.n_active += 1
            self.stacks[k] += back
            self.pot -= back
            self._log.append(("uncalled", k, back, ()))
        self.committed = list(map(add, self.committed, bets))
        self.bets = [0] * self.n
        if self.street_index == _RIVER:
            self.river_aggressor = self.last_aggressor
        if self.n_live == 1:
            self._award_uncontested()
            return
        self.cur_bet = 0
        if self.street_index == _RIVER or self.n_active < 2:
            self.betting_done = True
        self._next_street()

    def _next_street(self) -> None:
        """Deal the next street (or wait for its cards), then start betting or showdown."""
        while True:
            if self.street_index == _RIVER:
                self.street_index = _SHOWDOWN
                self._showdown()
                return
            need = _BOARD_AFTER[self.street_index + 1] - len(self.board)
            if not self._deal_board_from_plan(need):
                self.pending_board = need
                return
            if self.betting_done:  # an all-in runout: _begin_street's first two steps
                self.street_index += 1
                self.pending_board = 0
                continue
            self._begin_street()
            return

    def _deal_board_from_plan(self, need: int) -> bool:
        plan = self._board_plan
        board = self.board
        have = len(board)
        if len(plan) >= have + need:
            cards = plan[have : have + need]
        elif self._deck is not None:
            # a burn card, then the street's cards
            cards = plan[have:]
            cards += self._deck.draw(need - len(cards) + 1)[1:]
        else:
            return False
        board.extend(cards)
        self._log.append(("board", -1, 0, tuple(cards)))
        return True

    def _begin_street_py(self) -> None:
        """The reference for the C core's ``_begin_street``: the next betting round."""
        self.street_index += 1
        self.pending_board = 0
        if self.betting_done:
            return
        self.raise_size = self._street_sizes[self.street_index]
        self._level_count = 0
        self.last_aggressor = -1
        folded = self.folded
        self._acted = [
            _DONE if f or s == 0 else -1 for f, s in zip(folded, self.stacks)
        ]
        self._start_round((self.button + 1) % self.n)

    def deal_board(self, cards: str | Sequence[int]) -> None:
        """Supply the next street's board cards when the hand waits for them."""
        if not self.pending_board:
            raise HandStateError(f"no board cards are needed now (street: {self.street})")
        new = _to_cards(cards, "board")
        if len(new) != self.pending_board or UNKNOWN_CARD in new:
            raise HandStateError(
                f"the {STREET_NAMES[self.street_index + 1]} needs {self.pending_board} known"
                f" card(s), got {cards!r}"
            )
        seen = set(self.board)
        seen.update(*self.hole_cards)
        if len(seen.union(new)) != len(seen) + len(new):
            c = next(c for c in new if c in seen or new.count(c) > 1)
            raise HandStateError(f"board card {format_cards([c])!r} is already dealt")
        self.board.extend(new)
        self._log.append(("board", -1, 0, tuple(new)))
        self._begin_street()
        if self.betting_done:
            self._next_street()

    # ---- showdown ----------------------------------------------------------------
    def show(self, seat: int, cards: str | Sequence[int] | None = None) -> None:
        """Show ``seat``'s hole cards at showdown (``cards`` reveals unknown ones)."""
        self._check_showdown_seat(seat, "show")
        hole = self.hole_cards[seat]
        if cards is not None:
            shown = _to_cards(cards, f"seat {seat}'s shown cards")
            if len(shown) != len(hole):
                raise IllegalActionError(
                    f"seat {seat} must show {len(hole)} cards, got {cards!r}"
                )
            if UNKNOWN_CARD not in hole and sorted(shown) != sorted(hole):
                raise IllegalActionError(
                    f"seat {seat} shows {format_cards(shown)!r} but holds {format_cards(hole)!r}"
                )
            if UNKNOWN_CARD in hole:
                seen = set(self.board)
                for k, h in enumerate(self.hole_cards):
                    if k != seat:
                        seen.update(h)
                for c in shown:
                    if c in seen or shown.count(c) > 1:
                        raise IllegalActionError(
                            f"seat {seat} shows {format_cards([c])!r}, which is already dealt"
                        )
                self.hole_cards[seat] = tuple(shown)
        self._shown[seat] = 1
        self._log.append(("show", seat, 0, self.hole_cards[seat]))
        self._maybe_settle()

    def muck(self, seat: int) -> None:
        """Muck ``seat``'s hand at showdown: it gives up its claim to the pot."""
        self._check_showdown_seat(seat, "muck")
        if self.payouts is None and sum(
            1 for k in range(self.n) if not self.folded[k] and self._shown[k] != 2
        ) <= 1:
            raise IllegalActionError(f"seat {seat} cannot muck: it is the last hand in the pot")
        self._shown[seat] = 2
        self._log.append(("muck", seat, 0, ()))
        self._maybe_settle()

    def _check_showdown_seat(self, seat: int, what: str) -> None:
        if self.payouts is not None:
            # after the pot is awarded a player still in the hand may show (or muck)
            # voluntarily; it changes no chips
            if not isinstance(seat, int) or not 0 <= seat < self.n or self.folded[seat]:
                raise IllegalActionError(f"seat {seat!r} cannot {what}: it is not in the hand")
            if self._shown[seat]:
                raise IllegalActionError(f"seat {seat} cannot {what}: it already showed or mucked")
            return
        if not self.betting_done:
            raise IllegalActionError(f"seat {seat} cannot {what}: the betting is not finished")
        if not isinstance(seat, int) or not 0 <= seat < self.n or self.folded[seat]:
            raise IllegalActionError(f"seat {seat!r} cannot {what}: it is not in the hand")
        if self._shown[seat]:
            raise IllegalActionError(f"seat {seat} cannot {what}: it already showed or mucked")

    @property
    def showdown_pending(self) -> list[int]:
        """Live seats that still have to show or muck (manual showdown only)."""
        if not self.betting_done or self.payouts is not None:
            return []
        return [k for k in range(self.n) if not self.folded[k] and not self._shown[k]]

    def _maybe_settle(self) -> None:
        if self.street_index == _SHOWDOWN:
            self._showdown()

    def _showdown_py(self) -> None:
        """The reference for the C core's ``_showdown`` (which handles the automatic
        showdown without rules of one Hold'em pot every live seat matched)."""
        n = self.n
        shown = self._shown
        folded = self.folded
        live = [k for k in range(n) if not folded[k] and shown[k] != 2]
        if len(live) == 1:
            self._award(live[0])
            return
        if self.manual_showdown and any(not shown[k] for k in live):
            return
        holes = self.hole_cards
        for k in live:
            if UNKNOWN_CARD in holes[k]:
                raise HandStateError(
                    f"seat {k}'s hole cards are unknown at showdown; the pot cannot be settled"
                )
        rules = self.rules
        rake = 0
        if rules is None:
            payouts = self._settle_fast(live, True, False)
        elif rules.rake_percent == 0:
            payouts = self._settle_fast(
                live, rules.odd_chips == "clockwise", rules.method == "pokerkit"
            )
        else:
            payouts = None
        if payouts is None:
            result = settle(
                list(self.committed),
                [list(holes[k]) if k in live else None for k in range(n)],
                list(self.board),
                folded=[folded[k] or shown[k] == 2 for k in range(n)],
                button=self.button,
                variant=self.config.variant,
                rules=self.rules,
                dead=self._dead,
            )
            payouts = list(result.payouts)
            rake = result.rake
            self._ranks = list(result.ranks)
        if not self.manual_showdown:
            self._log.append((_SHOWDOWN_MARK, self.river_aggressor, 0, tuple(live)))
        self._finish(payouts, rake)

    def _settle_fast(
        self, live: list[int], one_at_a_time: bool, single_pot_only: bool
    ) -> list[int] | None:
        """:func:`settle` for rules without rake, minus its input validation (the hand's
        own state is already valid). Built from the same primitives (``uncalled_return``,
        ``form_pots``, ``odd_chip_order``, ``split_pot``); tests check it against
        ``settle``. Returns None when side pots need ``settle`` (PokerKit's pot merging,
        ``single_pot_only``)."""
        n = self.n
        holes = self.hole_cards
        board = self.board
        ranks: list[int | None] = [None] * n
        best = 7463  # one past the weakest rank; lower is stronger
        winners: list[int] = []  # the live seats holding the best hand
        holdem = self.config.variant == "holdem"
        board_t = tuple(board)
        for k in live:
            h = holes[k]
            r = evaluate_fast(h + board_t) if holdem else evaluate_omaha(list(h), board)
            ranks[k] = r
            if r < best:
                best = r
                winners = [k]
            elif r == best:
                winners.append(k)
        self._ranks = ranks
        committed = self.committed
        dead = self._dead
        dead_total = 0
        if dead is not None:
            # dead money sets no level and is never returned: pots from the live chips
            committed = [c - d for c, d in zip(committed, dead)]
            dead_total = sum(dead)
        payouts = [0] * n
        level = committed[live[0]]
        one_pot = max(committed) == level
        if one_pot:
            for k in live:
                if committed[k] != level:
                    one_pot = False
                    break
        if one_pot:
            # one pot that every live seat matched (the common case): no side pots and
            # nothing uncalled, exactly what form_pots/uncalled_return would give
            if len(winners) == 1:
                payouts[winners[0]] = self.pot
                return payouts
            order = odd_chip_order(winners, button=self.button, seat_count=n)
            shares = split_pot(self.pot, order, one_at_a_time=one_at_a_time)
            for k, share in zip(order, shares):
                payouts[k] = share
            return payouts
        if single_pot_only:
            return None
        chips = committed[:]
        seat, back = uncalled_return(chips)
        if back:
            payouts[seat] = back
            chips[seat] -= back
        for amount, eligible in form_pots(chips, live, dead_total):
            top = min(ranks[k] for k in eligible)  # type: ignore[type-var]
            pot_winners = [k for k in eligible if ranks[k] == top]
            if len(pot_winners) == 1:
                payouts[pot_winners[0]] += amount
            else:
                order = odd_chip_order(pot_winners, button=self.button, seat_count=n)
                for k, share in zip(order, split_pot(amount, order, one_at_a_time=one_at_a_time)):
                    payouts[k] += share
        return payouts

    def _award_uncontested_py(self) -> None:
        self._award(self.folded.index(False))

    def _award(self, winner: int) -> None:
        if self.rules is None or self.rules.rake_percent == 0:
            # no rake: the last live seat takes every chip (what settle() would pay)
            payouts = [0] * self.n
            payouts[winner] = self.pot
            self._finish(payouts, 0)
            return
        folded = [k != winner for k in range(self.n)]
        result = settle(
            list(self.committed),
            [None] * self.n,
            list(self.board),
            folded=folded,
            button=self.button,
            variant=self.config.variant,
            rules=self.rules,
            dead=self._dead,
        )
        self._finish([int(p) for p in result.payouts], int(result.rake))

    def _finish(self, payouts: list[int], rake: int) -> None:
        if sum(payouts) + rake != self.pot:
            raise AssertionError(f"settlement {payouts!r} + rake {rake} != pot {self.pot}")
        log = self._log
        for k, p in enumerate(payouts):
            if p:
                self.stacks[k] += p
                log.append(("win", k, p, ()))
        if rake:
            log.append(("rake", -1, rake, ()))
        self.pot = 0
        self.rake = rake
        self.payouts = payouts
        self.actor = -1
        self.pending_board = 0

    # ---- copies and views --------------------------------------------------------
    def clone(self) -> ReferenceHand:
        """An independent copy."""
        h = self.__class__.__new__(self.__class__)
        for name, value in self.__dict__.items():
            if isinstance(value, list):
                value = value[:]
            elif isinstance(value, SeededDeck):
                value = value.copy()
            setattr(h, name, value)
        return h

    def __copy__(self) -> ReferenceHand:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> ReferenceHand:
        return self.clone()  # every mutable part is copied; the rest is immutable

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: other players' hole cards are hidden until shown."""
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise ConfigError(f"seat must be 0..{self.n - 1}, got {seat!r}")
        events = tuple(self._expand_log(self._log, seat))
        return PlayerView(
            seat=seat,
            button=self.button,
            street=self.street,
            hole_cards=self.hole_cards[seat],
            board=tuple(self.board),
            stacks=tuple(self.stacks),
            bets=tuple(self.bets),
            pot=self.pot,
            folded=tuple(self.folded),
            actor=self.current_actor,
            legal_actions=self.legal_actions() if self.actor == seat else (),
            events=events,
            is_over=self.is_over,
        )

    def __repr__(self) -> str:
        return (
            f"Hand({self.config.variant}/{self.config.betting}, street={self.street},"
            f" actor={self.current_actor}, stacks={self.stacks}, pot={self.pot},"
            f" board={format_cards(self.board)!r})"
        )


    legal_actions = _legal_actions_py
    act = _act_py
    _fold = _fold_py
    _check = _check_py
    _call = _call_py
    _wager = _wager_py
    _end_round = _end_round_py
    _start_round = _start_round_py
    _showdown = _showdown_py
    _begin_street = _begin_street_py
    _award_uncontested = _award_uncontested_py
    _start_seeded = _start_seeded_py
    _start = _start_py
