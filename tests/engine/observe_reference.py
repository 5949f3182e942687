"""The observation of one seat of an engine.Hand in Python: the oracle the C observation
(``engine.discrete.observe``, ``HandBatch.observe``; csrc/hand_batch_observe.h) is
compared with. It reads the hand through its public properties and its log, and follows
the layout table of engine/discrete.py's docstring (history counts are not capped here;
the C ones saturate at 255, which random play never reaches)."""

from __future__ import annotations

import holdem_eval.engine.discrete as d
import numpy as np
from holdem_eval.engine import Hand
from numpy.typing import NDArray

_STREET_OF_BOARD = {3: 1, 4: 2, 5: 3}


def observe_reference(hand: Hand, seat: int, out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
    """The observation of ``seat`` (see the module docstring), written into ``out`` if
    given (shape ``(D,)``, float32)."""
    n = hand.n
    obs = np.zeros(d.OFFSET_SEATS + (d.SEAT_BLOCKS + 4) * n, dtype=np.float32) if out is None else out
    obs[:] = 0.0
    scale = float(hand.config.big_blind)
    for c in hand.hole_cards[seat]:
        if c >= 0:
            obs[d.OFFSET_HOLE + c] = 1.0
    for c in hand.board:
        obs[d.OFFSET_BOARD + c] = 1.0
    street = hand.street_index
    if street < 4:
        obs[d.OFFSET_STREET + street] = 1.0
    obs[d.OFFSET_POT] = hand.pot / scale
    if hand.actor == seat:
        obs[d.OFFSET_TO_CALL] = (hand.cur_bet - hand.bets[seat]) / scale
        bounds = d.raise_bounds(hand)
        if bounds is not None:
            obs[d.OFFSET_MIN_RAISE] = bounds[0] / scale
            obs[d.OFFSET_MAX_RAISE] = bounds[1] / scale
    stacks, bets, committed, folded = hand.stacks, hand.bets, hand.committed, hand.folded
    base = d.OFFSET_SEATS
    for r in range(n):
        s = (seat + r) % n
        obs[base + r] = stacks[s] / scale
        obs[base + n + r] = bets[s] / scale
        obs[base + 2 * n + r] = (committed[s] + bets[s]) / scale
        if folded[s]:
            obs[base + 3 * n + r] = 1.0
        elif stacks[s] == 0:
            obs[base + 4 * n + r] = 1.0
    obs[base + 5 * n + (hand.button - seat) % n] = 1.0
    hist = base + d.SEAT_BLOCKS * n
    st = dealt = 0
    for kind, k, _, cards in hand._log:
        if kind == "board":
            dealt += len(cards)
            st = _STREET_OF_BOARD.get(dealt, st)
        elif kind == "bet" or kind == "raise":
            obs[hist + st * n + (k - seat) % n] += 1.0
    return obs
