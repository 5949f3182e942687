"""A discrete action set and a fixed-size observation tensor, for agents that learn.

Learning code wants a small, fixed set of actions with a legality mask, and a flat
numeric observation; a :class:`~holdem_eval.engine.Hand` offers exact amounts and
Python objects. This module maps one onto the other, once, and is what every face of
the engine for learning agents uses (``HandBatch``, the PettingZoo and Gymnasium
environments in :mod:`holdem_eval.engine.rl`).

Discrete actions (:class:`ActionSet`, ``K = len(raise_fractions) + 3`` of them)
--------------------------------------------------------------------------------
======================  ==========================================================
index                   action
======================  ==========================================================
``0`` FOLD              fold; legal when the hand allows it (facing a bet, or a
                        free fold with ``GameConfig.allow_free_fold``)
``1`` CHECK_CALL        check, or call (all-in for less when the stack is short);
                        legal whenever the seat is to act
``2 .. K-2`` fractions  bet or raise *to* ``cur_bet + floor(f * (pot + to_call))``
                        for ``f = raise_fractions[j]``: ``f = 1`` is a pot-sized
                        raise (the pot after calling), ``f = 0.5`` half of it.
                        Legal when a bet or raise is legal and the amount lies in
                        ``[min_raise, max_raise)``; amounts outside are *masked*,
                        never rounded to a legal size
``K-1`` ALL_IN          bet or raise to ``max_raise``: all-in in no-limit, the
                        pot-limit maximum, the fixed-limit bet; legal when a bet
                        or raise is legal
======================  ==========================================================

``pot`` is every chip in the middle (earlier streets and this round's bets), ``to_call``
what the acting seat must add to call, ``min_raise`` / ``max_raise`` the "to" range of
:meth:`Hand.legal_actions`. The floor is taken in IEEE double arithmetic
(``math.floor(f * float(pot + to_call))``), the same in C and Python. No two legal
indices ever give the same action, so a uniform random policy over the mask is uniform
over distinct actions. Exact-amount play (any legal "to" amount) goes through
``HandBatch.step`` with :data:`RAISE_TO`; :data:`SKIP` leaves a hand untouched for a step.

Observation (``float32``, ``D = observation_size(n) = 112 + 10 n`` values)
-------------------------------------------------------------------------
Seats are *relative* to the observer: ``r = (seat - observer) % n``, so ``r = 0`` is the
observer and ``r = 1`` the next seat clockwise. Chip amounts are in big blinds
(``chips / GameConfig.big_blind``).

================  ======  ==========================================================
offset            size    content
================  ======  ==========================================================
``0``             52      own hole cards, multi-hot by card id (``rank * 4 + suit``):
                          2 to 6 ones, as the variant deals (short deck: ids 16..51)
``52``            52      board cards, multi-hot by card id
``104``           4       street one-hot: preflop, flop, turn, river (all 0 at a
                          showdown; a hand won by folds keeps its street)
``108``           1       pot: every chip in the middle
``109``           1       to call for the observer (0 when it is not its turn)
``110``           1       min_raise ("to"), 0 when the observer cannot bet or raise
``111``           1       max_raise ("to"), 0 when the observer cannot bet or raise
``112 + 0 n``     n       stack behind, by relative seat
``112 + 1 n``     n       bet this round, by relative seat
``112 + 2 n``     n       chips put in this hand (including this round's bet)
``112 + 3 n``     n       folded (0/1)
``112 + 4 n``     n       all-in (0/1: not folded, no chips behind)
``112 + 5 n``     n       button one-hot (position)
``112 + 6 n``     4 n     history: bets and raises made, per street (preflop, flop,
                          turn, river) then per relative seat (blinds not counted)
================  ======  ==========================================================

>>> from holdem_eval.engine import GameConfig, Hand
>>> h = Hand(GameConfig(big_blind=2), [200] * 3, button=0, seed=1)
>>> acts = ActionSet()
>>> acts.size, observation_size(3)
(5, 142)
>>> legal_mask(h, acts).tolist()
[True, True, True, True, True]
>>> amount, (lo, hi) = raise_amount(h, 0.5), raise_bounds(h)
>>> amount, lo, hi
(4, 4, 200)
>>> obs = observe(h, h.actor)
>>> float(obs[OFFSET_POT]), float(obs[OFFSET_TO_CALL])
(1.5, 1.0)
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from holdem_eval._bindings import OBS_OFFSETS, observe_hand
from holdem_eval._bindings import observation_size as _observation_size

from .errors import ConfigError
from .hand.hand import Action, ActionKind

if TYPE_CHECKING:
    from .hand.hand import Hand

__all__ = [
    "ALL_IN_NAME",
    "CHECK_CALL",
    "FOLD",
    "OFFSET_BOARD",
    "OFFSET_HOLE",
    "OFFSET_MAX_RAISE",
    "OFFSET_MIN_RAISE",
    "OFFSET_POT",
    "OFFSET_SEATS",
    "OFFSET_STREET",
    "OFFSET_TO_CALL",
    "RAISE_TO",
    "SKIP",
    "ActionSet",
    "discrete_action",
    "legal_indices",
    "legal_mask",
    "observation_size",
    "observe",
    "raise_amount",
    "raise_bounds",
]

FOLD = 0
CHECK_CALL = 1
RAISE_TO = -1
"""The kind ``HandBatch.step`` takes for an exact bet/raise "to" amount (its ``amounts``)."""
SKIP = -2
"""The kind ``HandBatch.step`` takes to leave a hand as it is for this step."""
ALL_IN_NAME = "all-in"

# the observation layout, defined once in C (api/hand_batch.h, HE_OBS_*)
OFFSET_HOLE = OBS_OFFSETS["HOLE"]
OFFSET_BOARD = OBS_OFFSETS["BOARD"]
OFFSET_STREET = OBS_OFFSETS["STREET"]
OFFSET_POT = OBS_OFFSETS["POT"]
OFFSET_TO_CALL = OBS_OFFSETS["TO_CALL"]
OFFSET_MIN_RAISE = OBS_OFFSETS["MIN_RAISE"]
OFFSET_MAX_RAISE = OBS_OFFSETS["MAX_RAISE"]
OFFSET_SEATS = OBS_OFFSETS["SEATS"]
SEAT_BLOCKS = OBS_OFFSETS["SEAT_BLOCKS"]  # stack, bet, put in, folded, all-in, button: n values each

_BET_KINDS = frozenset((ActionKind.BET, ActionKind.RAISE))


@dataclass(frozen=True)
class ActionSet:
    """The discrete actions: fold, check/call, one bet/raise per pot fraction, all-in.

    ``raise_fractions``: strictly increasing positive finite floats (at most 16); the
    default ``(0.5, 1.0)`` gives RLCard's and PettingZoo's five no-limit actions.

    >>> ActionSet((0.33, 0.75, 1.5)).names
    ('fold', 'check/call', 'raise 0.33 pot', 'raise 0.75 pot', 'raise 1.5 pot', 'all-in')
    >>> ActionSet(()).size
    3
    """

    raise_fractions: tuple[float, ...] = (0.5, 1.0)

    def __post_init__(self) -> None:
        fr = self.raise_fractions
        if isinstance(fr, (str, bytes)) or not isinstance(fr, Sequence):
            raise ConfigError(f"raise_fractions must be a sequence of floats, got {fr!r}")
        values: list[float] = []
        for f in fr:
            ok = isinstance(f, (int, float, np.floating, np.integer)) and not isinstance(f, bool)
            if not ok or not math.isfinite(float(f)) or float(f) <= 0:
                raise ConfigError(
                    f"raise_fractions must be positive finite numbers, got {f!r} in {fr!r}"
                )
            values.append(float(f))
        if len(values) > 16:
            raise ConfigError(f"raise_fractions holds at most 16 sizes, got {len(values)}: {fr!r}")
        if any(b <= a for a, b in zip(values, values[1:])):
            raise ConfigError(f"raise_fractions must be strictly increasing, got {fr!r}")
        object.__setattr__(self, "raise_fractions", tuple(values))

    @property
    def size(self) -> int:
        """``K``: the number of discrete actions."""
        return len(self.raise_fractions) + 3

    @property
    def all_in(self) -> int:
        """The index of ALL_IN (``K - 1``)."""
        return len(self.raise_fractions) + 2

    @property
    def names(self) -> tuple[str, ...]:
        """One name per index."""
        return (
            "fold",
            "check/call",
            *(f"raise {f:g} pot" for f in self.raise_fractions),
            ALL_IN_NAME,
        )


def observation_size(seats: int) -> int:
    """``D``, the length of one observation for a table of ``seats`` seats."""
    return int(_observation_size(seats))


def raise_bounds(hand: Hand) -> tuple[int, int] | None:
    """``(min_raise, max_raise)``: the legal "to" range of a bet or raise for the seat to
    act, or None when it may not bet or raise (or nobody is to act)."""
    for kind, lo, hi in hand.legal_actions():
        if kind in _BET_KINDS:
            return lo, hi
    return None


def raise_amount(hand: Hand, fraction: float) -> int:
    """The "to" amount of a raise of ``fraction`` of the pot for the seat to act (see the
    module docstring; legal or not)."""
    i = hand.actor
    to_call = hand.cur_bet - hand.bets[i] if i >= 0 else 0
    return int(hand.cur_bet + math.floor(fraction * float(hand.pot + to_call)))


def legal_indices(hand: Hand, actions: ActionSet) -> list[int]:
    """The legal discrete indices of the seat to act, ascending (empty when nobody is to
    act); :func:`legal_mask` as a list, without NumPy, for per-decision Python loops."""
    legal = hand.legal_actions()
    if not legal:
        return []
    out = [CHECK_CALL]
    for kind, lo, hi in legal:
        if kind == ActionKind.FOLD:
            out.insert(0, FOLD)
        elif kind in _BET_KINDS:
            i = hand.actor
            base = float(hand.pot + hand.cur_bet - hand.bets[i])
            cur = hand.cur_bet
            for j, f in enumerate(actions.raise_fractions):
                if lo <= cur + math.floor(f * base) < hi:
                    out.append(2 + j)
            out.append(actions.all_in)
    return out


def legal_mask(hand: Hand, actions: ActionSet, out: NDArray[np.bool_] | None = None) -> NDArray[np.bool_]:
    """The ``(K,)`` legality mask of the seat to act (all False when nobody is to act)."""
    mask = np.zeros(actions.size, dtype=np.bool_) if out is None else out
    mask[:] = False
    mask[legal_indices(hand, actions)] = True
    return mask


def discrete_action(hand: Hand, index: int, actions: ActionSet) -> Action:
    """The engine :class:`Action` for discrete ``index`` (legal per :func:`legal_mask`;
    otherwise the hand rejects it when it is applied)."""
    legal = hand.legal_actions()
    if index == FOLD:
        return Action(ActionKind.FOLD)
    if index == CHECK_CALL:
        for kind, _, _ in legal:
            if kind in (ActionKind.CHECK, ActionKind.CALL):
                return Action(kind)
        return Action(ActionKind.CHECK)
    kind_ = ActionKind.RAISE if hand.cur_bet > 0 else ActionKind.BET
    hi = -1
    for kind, _, top in legal:
        if kind in _BET_KINDS:
            kind_, hi = kind, top
    if index == actions.all_in:
        return Action(kind_, hi)
    return Action(kind_, raise_amount(hand, actions.raise_fractions[index - 2]))


def observe(hand: Hand, seat: int, out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
    """The observation of ``seat`` (see the module docstring), written into ``out`` if
    given (shape ``(D,)``, float32); computed by the C code that observes a
    :class:`~holdem_eval.engine.HandBatch`'s hands (``he_batch_observe_hand``)."""
    n, k = hand.n, operator.index(seat)
    if not 0 <= k < n:
        raise IndexError(f"seat {seat!r} is outside 0..{n - 1}")
    shape = (observation_size(n),)
    direct = (isinstance(out, np.ndarray) and out.dtype == np.float32 and out.shape == shape
              and out.flags.c_contiguous and out.flags.writeable)
    obs = out if out is not None and direct else np.empty(shape, dtype=np.float32)
    if observe_hand(hand._state(), hand._events(), k, float(hand.config.big_blind), obs) != 0:
        raise hand._state_error()  # the only refusal of a seat in range: a broken state
    if out is None or out is obs:
        return obs
    out[:] = obs  # another array: filled as numpy assigns
    return out
