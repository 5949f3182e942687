"""Starting a reference hand: the cards (seeded or explicit), the hand's state, the log of
the hole cards and the forced bets (antes, blinds, straddle, extra posts).

Part of :class:`hand_reference.ReferenceHand` (see that module); the first betting round
it opens is in hand_reference_betting.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hand_reference_common import (
    _DONE,
    _INT_ONLY,
    _PREFLOP,
    _SEATS_FROM,
    _RawEvent,
    _to_cards,
)
from holdem_eval.engine.config import ConfigError
from holdem_eval.engine.dealing import UNKNOWN_CARD, SeededDeck, format_cards

from holdem_eval._bindings import deal_seeded

__all__ = ["StartMixin"]

_HOLE_KINDS, _ZEROS = ("hole",) * 10, (0,) * 10  # zipped with the dealing order into the log


class _CheckedHoles(list[tuple[int, ...]]):
    """Hole cards already checked by trusted engine code (PHH parsing): one tuple of
    ``hole_count`` ids in -1..51 per seat, no known card twice. :class:`Hand` takes them
    as they are (a copy of the list) instead of checking them again."""


class StartMixin:
    """Deals the cards and sets up the state of a :class:`~hand_reference.ReferenceHand`.

    ``self._start`` and ``self._start_seeded`` are bound to the ``*_py`` steps at the end
    of the class; ``self._start_round`` is in hand_reference_betting.py.
    """

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
            # the big blind pays everyone's ante: dead money, not part of his bet; the blind
            # is posted first (TDA), so a short stack antes what its blind leaves
            left = stacks_[bb_seat] - min(config.big_blind, stacks_[bb_seat])
            amt = min(config.big_blind_ante, left)
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
        # a short big blind does not lower the price of entry: the whole blind to call
        self.cur_bet = max(max(bets), config.big_blind)
        self.raise_size = self._street_sizes[0]
        if config.straddle and config.betting != "fixed-limit" and self.cur_bet > self.raise_size:
            self.raise_size = self.cur_bet  # the straddle is the new big blind for the min raise
        self.street_index = _PREFLOP
        self.actor = -1
        self._capped = self._capped_multiway()
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

    # The reference has no C core: the names the product's Hand serves in C (falling back
    # to its ``*_py`` methods) run the Python reference steps directly.
    _start_seeded = _start_seeded_py
    _start = _start_py
