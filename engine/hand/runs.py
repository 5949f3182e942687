"""Run it twice (or N times): the players' choice of how many times the rest of the board is
dealt, and the boards of the runs — the part of :class:`~holdem_eval.engine.Hand` that
reads and drives the machine's run state (csrc/hand_deck.c and csrc/hand_cards.c hold the rules)."""

from __future__ import annotations

from holdem_eval._bindings import HAND_CONSTANTS, HandCore

from ..errors import IllegalActionError, hand_error

__all__ = ["HandRuns"]


class HandRuns(HandCore):
    """The run-it-twice face of a hand (a base of :class:`~holdem_eval.engine.Hand`)."""

    __slots__ = ()

    @property
    def max_runs(self) -> int:
        """The most runs of the board the players may agree on (1: no choice)."""
        return int(self._max_runs)

    @property
    def runs(self) -> int:
        """The runs of the board agreed (1 until the players agree on more)."""
        return int(self._runs)

    @property
    def runs_pending(self) -> list[int]:
        """Live seats that still choose the runs (empty when no choice is open): the hand
        waits for them; :meth:`choose_runs` for each."""
        if not self._run_choosing:
            return []
        choice, folded = self._run_choice, self._folded
        return [k for k in range(self._n) if not folded[k] and not choice[k]]

    @property
    def run_choices(self) -> range:
        """The run counts a seat may choose now (``range(1, most + 1)``; empty when no
        choice is open); ``None`` (no preference) is allowed too."""
        return range(1, self._runs_most() + 1)  # the kernel's count: csrc/hand_deck.c

    def choose_runs(self, seat: int, count: int | None) -> None:
        """``seat`` chooses how many times the rest of the board is dealt: 1..max_runs,
        or ``None`` for no preference (it goes with the others). When every live seat has
        chosen, the board runs the count they all chose — once if two choices differ or
        nobody chose one (PokerKit's rule) — and the hand goes on."""
        if seat.__class__ is not int:
            raise IllegalActionError(f"seat must be a seat number (an int), got {seat!r}")
        if count is not None and (count.__class__ is not int):
            raise IllegalActionError(f"seat {seat} cannot choose {count!r} runs: choose an int"
                                     f" 1..{max(self.run_choices, default=1)} (or None: no preference)")
        # 0 means no preference to the kernel: here it is a count, and out of range
        st = self._choose_runs(seat, 0 if count is None else count if count else -1)
        if st:
            if st == HAND_CONSTANTS["STATE"]:
                raise self._state_error()
            raise hand_error(st, seat=seat, what="choose the runs", count=count,
                             most=max(self.run_choices, default=1))

    @property
    def run_boards(self) -> list[list[int]]:
        """The board of each run dealt so far: ``[board]`` with one run; with more, each
        run's board (the shared cards, then its own)."""
        boards = [self.board]
        flat = self._run_boards
        for r in range(self._runs_dealt):
            boards.append(list(flat[r * 5 : r * 5 + 5]))
        return boards
