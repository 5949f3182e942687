"""Betting in a reference hand: the legal actions, acting, betting rounds and streets.

Part of :class:`hand_reference.ReferenceHand` (see that module); the hand is started in
hand_reference_start.py and settled in hand_reference_showdown.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

from hand_reference_common import (
    _DONE,
    _RIVER,
    _SEATS_AFTER,
    _SEATS_FROM,
    _SHOWDOWN,
    _new_tuple,
    _to_cards,
)
from holdem_eval.engine.dealing import UNKNOWN_CARD, format_cards
from holdem_eval.engine.errors import HandStateError, IllegalActionError
from holdem_eval.engine.hand.hand import STREET_NAMES, Action, ActionKind, LegalAction

__all__ = ["BettingMixin"]

_FOLD, _CHECK, _CALL, _BET, _RAISE, _ALL_IN = tuple(ActionKind)

_BOARD_AFTER = (0, 3, 4, 5)  # board size once each street has been dealt
_NO_OPPONENT = "no opponent can put in more chips"
_COVERS_CALL = "its stack only covers a call"
_NOT_REOPENED = "an all-in for less than a full raise did not re-open the betting"
_KIND_BY_VALUE = frozenset(int(k) for k in ActionKind)
_LEGAL_FOLD = LegalAction(_FOLD, 0, 0)
_LEGAL_CHECK = LegalAction(_CHECK, 0, 0)


class BettingMixin:
    """The betting of a :class:`~hand_reference.ReferenceHand`, on the state that
    hand_reference_start.py sets up.

    The names the C core's Hand serves itself (``legal_actions``, ``act``,
    ``self._fold``, ``self._start_round``, ``self._end_round``, ...) are bound to the
    ``*_py`` steps at the end of the class; ``self._showdown`` and
    ``self._award_uncontested`` are in hand_reference_showdown.py.
    """

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
        elif acted >= 0 and not self._full_raise(cur - acted):
            wager = _NOT_REOPENED
        elif (code == 2 and cfg.max_bets is not None and self._level_count >= cfg.max_bets
              and (cfg.mode == "tournament" or self.n_active > 2 or self._capped)):
            # heads-up in a cash game the cap is off, unless reached before it was heads-up
            wager = f"the betting is capped at {cfg.max_bets} bets this round"
        else:
            wager = _NO_OPPONENT if self._no_opponent(i) else ""
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

    def _full_raise(self, inc: int) -> bool:
        """Raising the bet by ``inc`` is a full bet or raise (re-opens the betting, counts
        toward the cap): at least the raise size; in fixed limit at least half of it (the
        half-bet rule: an all-in of half a bet or more counts as a full one)."""
        if self.config.betting_code == 2:
            return 2 * inc >= self.raise_size
        return inc >= self.raise_size

    def _capped_multiway(self) -> bool:
        """The fixed-limit cap reached with more than two seats able to bet (it then holds
        heads-up too, even in a cash game)."""
        cap = self.config.max_bets
        return cap is not None and self._level_count >= cap and self.n_active > 2

    def _no_opponent(self, i: int) -> bool:
        """Someone else must be able to put in more chips: with no bet, anyone with chips;
        facing a bet, a live seat whose stack and bet exceed it."""
        if self.cur_bet == 0:
            return self.n_active < 2
        folded = self.folded
        return not any(self.stacks[j] + self.bets[j] > self.cur_bet and j != i and not folded[j]
                       for j in range(self.n))

    def all_in(self) -> None:
        """Put the whole stack in.

        A call (or check) when the stack does not exceed the amount to call or when no
        opponent could match more; otherwise a bet or raise to the whole stack, which
        must itself be legal (in fixed limit usually it is not).
        """
        i = self._who("go all-in")
        stack = self.stacks[i]
        to_call = self.cur_bet - self.bets[i]
        if stack <= to_call or self._no_opponent(i):
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
        below the current bet acts next; if none (or one player is left) the round ends.
        No decision where there is none: a lone seat with chips acts only when a live
        opponent's bet is above its own (as in :meth:`_start_round_py`)."""
        if self.n_live > 1:
            acted = self._acted
            cur = self.cur_bet
            top = max(self.bets) if self.n_active < 2 else 0
            for j in _SEATS_AFTER[self.n][i]:
                if acted[j] < cur and (self.n_active >= 2 or self.bets[j] < top):
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
        if self._full_raise(inc):
            if self.config.betting_code != 2:
                self.raise_size = inc
            self._level_count += 1
            self._capped = self._capped or self._capped_multiway()
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
        # a lone player with chips acts only if a live opponent's bet is above his own (the
        # price of entry above a short big blind is no such bet)
        top = max(self.bets)
        if acted[start] < cur and (self.n_active >= 2 or self.bets[start] < top):
            self.actor = start  # the common case: the first seat from start acts
            return
        for j in _SEATS_AFTER[self.n][start]:
            if acted[j] < cur and (self.n_active >= 2 or self.bets[j] < top):
                self.actor = j
                return
        self._end_round()

    def _end_round_py(self) -> None:
        """The reference for the C core's ``_end_round``: return the uncalled part of the
        largest bet, move the bets into ``committed``, then award or deal on."""
        self.actor = -1
        bets = self.bets
        # return the uncalled part of the largest bet (cur_bet, except preflop below a short
        # big blind's price of entry)
        top = max(bets)
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
        if self.n_active < 2 and not self.manual_showdown:
            self._table_hands()
        self._next_street()

    def _table_hands(self) -> None:
        """All-in hands are tabled: a player all-in and nobody left to bet, every live seat
        whose cards are known shows them (clockwise from the left of the button) before the
        rest of the board comes."""
        for k in _SEATS_FROM[self.n][(self.button + 1) % self.n]:
            if not self.folded[k] and not self._shown[k] and UNKNOWN_CARD not in self.hole_cards[k]:
                self._shown[k] = 1
                self._log.append(("show", k, 0, self.hole_cards[k]))

    def _next_street(self) -> None:
        """Deal the next street (or wait for its cards), then start betting or showdown."""
        while True:
            if self.street_index == _RIVER:
                self.street_index = _SHOWDOWN
                self._showdown()
                return
            need = _BOARD_AFTER[self.street_index + 1] - len(self.board)
            if not self._deal_board_from_plan(need):
                # it waits for the street's cards that the plan does not give
                self.pending_board = need - len(self._board_plan[len(self.board) :])
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
        self._capped = False
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
        # the street's cards: the plan's, then the new ones (not in play, not in the plan)
        street = self._board_plan[len(self.board) :] + new
        seen = set(self.board)
        seen.update(*self.hole_cards)
        if len(seen.union(street)) != len(seen) + len(street):
            c = next(c for c in new if c in seen or street.count(c) > 1)
            raise HandStateError(f"board card {format_cards([c])!r} is already dealt")
        self.board.extend(street)
        self._log.append(("board", -1, 0, tuple(street)))
        self._begin_street()
        if self.betting_done:
            self._next_street()

    # The reference has no C core: the names the product's Hand serves in C (falling back
    # to its ``*_py`` methods) run the Python reference steps directly.
    legal_actions = _legal_actions_py
    act = _act_py
    _fold = _fold_py
    _check = _check_py
    _call = _call_py
    _wager = _wager_py
    _end_round = _end_round_py
    _start_round = _start_round_py
    _begin_street = _begin_street_py
