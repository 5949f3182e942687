"""The showdown of a reference hand: showing and mucking, settling the pots (with
:func:`holdem_eval.engine.showdown.showdown.settle` or its no-rake fast path) and awarding them.

Part of :class:`hand_reference.ReferenceHand` (see that module).
"""

from __future__ import annotations

from collections.abc import Sequence

from hand_reference_common import _SHOWDOWN, _SHOWDOWN_MARK, _to_cards
from holdem_eval.engine.dealing import UNKNOWN_CARD, format_cards
from holdem_eval.engine.errors import IllegalActionError
from holdem_eval.engine.showdown.showdown import settle
from settle_reference import form_pots, odd_chip_order, split_pot, uncalled_return

from holdem_eval import evaluate_omaha
from holdem_eval._bindings import evaluate_fast

__all__ = ["ShowdownMixin"]


class ShowdownMixin:
    """Shows, mucks and settles a :class:`~hand_reference.ReferenceHand` once its betting
    is finished (hand_reference_betting.py).

    ``self._showdown`` and ``self._award_uncontested`` are bound to the ``*_py`` steps
    at the end of the class.
    """

    # ---- showdown ----------------------------------------------------------------
    def show(self, seat: int, cards: str | Sequence[int] | None = None) -> None:
        """Show ``seat``'s hole cards at showdown (``cards`` reveals unknown ones)."""
        self._check_showdown_seat(seat, "show")
        hole = self.hole_cards[seat]
        unknown = (
            f"seat {seat} cannot show: its hole cards are unknown; show them by giving all"
            f" {len(hole)}"
        )
        if cards is None and UNKNOWN_CARD in hole:
            raise IllegalActionError(unknown)
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
            if UNKNOWN_CARD in hole and UNKNOWN_CARD in shown:
                raise IllegalActionError(unknown)
            if UNKNOWN_CARD in hole and not {c for c in hole if c >= 0} <= set(shown):
                raise IllegalActionError(
                    f"seat {seat} shows {format_cards(shown)!r} but holds {format_cards(hole)!r}"
                )
            if UNKNOWN_CARD in hole:
                seen = set(self._board_plan) | set(self.board)
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
        """Live seats the showdown waits for: (manual) every one not shown or mucked;
        (automatic) those whose hole cards are unknown."""
        if not self.betting_done or self.payouts is not None:
            return []
        pending = [k for k in range(self.n) if not self.folded[k] and not self._shown[k]]
        if self.manual_showdown:
            return pending
        return [k for k in pending if UNKNOWN_CARD in self.hole_cards[k]]

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
                return  # it waits for seat k to show its cards (or muck)
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
            shown_before = tuple(k for k in live if shown[k] == 1)
            self._log.append((_SHOWDOWN_MARK, self.river_aggressor, shown_before, tuple(live)))
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

    # The reference has no C core: the names the product's Hand serves in C (falling back
    # to its ``*_py`` methods) run the Python reference steps directly.
    _showdown = _showdown_py
    _award_uncontested = _award_uncontested_py
