"""Equity for the short-deck variants (6+ Hold'em): exact enumeration over the 36-card deck
and a seeded Monte Carlo, both ranking through the short-deck batch kernel
(csrc/eval_short.c). Private to :func:`holdem_eval.equity.equity`, which parses the players
and checks the common arguments first.

Exact: every tuple of combos (one per player, no card twice) with every board of the cards
left is a game. The boards of the remaining deck are listed once; (deal, board) pairs that
share no card are ranked in chunks of rows, each player's seven cards in one kernel call.
Monte Carlo: a NumPy ``PCG64`` stream seeded with ``seed`` draws, per trial, each range
player's combo by weight (the whole tuple again when two collide), then random players'
cards and the board from a shuffled rest of the deck; the same seed and trials repeat a run
exactly, whatever ``threads`` (which only splits the kernel calls).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from . import _bindings as nat
from ._equity_input import Player
from ._equity_stats import stderr_max
from ._variant_faces import SHORT_RULES, check_deck
from .errors import EquityArgumentError, NoValidDealError
from .variants import VARIANTS

if TYPE_CHECKING:
    from .equity import EquityResult

__all__ = ["short_equity", "short_players"]

# "auto" enumerates when (deal, board) rows x players is at most this (about a second),
# method="exact" up to EXACT_MAX_UNITS; beyond, Monte Carlo (or an error for "exact").
AUTO_UNITS = 40_000_000
EXACT_MAX_UNITS = 4_000_000_000
MAX_DEALS = 2_000_000  # tuples of combos listed at once (before checking conflicts)
CHUNK_ROWS = 1 << 18  # (deal, board) rows per kernel round
MC_BATCH = 1 << 16  # Monte Carlo trials per round
REJECT_MAX = 9  # cards dealt per trial up to which rejection beats shuffling the deck


def short_players(players: list[Player], board: NDArray[np.uint8], dead: NDArray[np.uint8],
                  variant: str) -> None:
    """Check the cards against the short deck (InvalidCardError naming the card and the
    variant) and narrow each range to its short-deck combos (NoValidDealError if none)."""
    check_deck(board.tolist(), "board", variant)
    check_deck(dead.tolist(), "dead cards", variant)
    low = VARIANTS[variant].lowest_card
    for i, p in enumerate(players):
        if p.random:
            continue
        if p.exact:
            check_deck(p.combos[0].tolist(), f"player {i} ({p.label})", variant)
            continue
        keep = (p.combos >= low).all(axis=1)
        if not keep.any():
            raise NoValidDealError(
                f"player {i}'s range {p.label!r} has no combo in the deck of variant"
                f" {variant!r} (cards 6..A)")
        p.combos, p.weights = p.combos[keep], p.weights[keep]


def _masks(rows: NDArray[np.uint8]) -> NDArray[np.uint64]:
    """The 64-bit card mask of each row."""
    bits = np.left_shift(np.uint64(1), rows.astype(np.uint64))
    return np.bitwise_or.reduce(bits, axis=1) if rows.shape[1] else np.zeros(len(rows), np.uint64)


def _deck_left(board: NDArray[np.uint8], dead: NDArray[np.uint8], low: int) -> NDArray[np.uint8]:
    out = set(board.tolist()) | set(dead.tolist())
    return np.array([c for c in range(low, 52) if c not in out], dtype=np.uint8)


def _all_pairs(cards: NDArray[np.uint8]) -> NDArray[np.uint8]:
    i, j = np.triu_indices(len(cards), 1)
    return np.ascontiguousarray(np.stack([cards[j], cards[i]], axis=1))


def _subsets(cards: NDArray[np.uint8], k: int) -> NDArray[np.uint8]:
    """Every k-subset of ``cards`` as rows (k = 0..5)."""
    rows = np.zeros((1, 0), dtype=np.int64)
    n = len(cards)
    for _ in range(k):
        last = rows[:, -1] if rows.shape[1] else np.full(len(rows), -1)
        reps = n - 1 - last
        base = np.repeat(rows, reps, axis=0)
        starts = np.repeat(np.cumsum(reps) - reps, reps)
        nxt = np.repeat(last + 1, reps) + (np.arange(base.shape[0]) - starts)
        rows = np.concatenate([base, nxt[:, None]], axis=1)
    return np.ascontiguousarray(cards[rows].reshape(len(rows), k), dtype=np.uint8)


def _rank_rows(hands: NDArray[np.uint8], rules: int, threads: int) -> NDArray[np.uint16]:
    out = np.empty(len(hands), dtype=np.uint16)
    st, _row = nat.eval_batch(np.ascontiguousarray(hands), out, threads, rules)
    if st != nat.HE_OK:  # pragma: no cover - every card was checked before
        raise EquityArgumentError(f"short-deck equity: the kernel refused a deal (status {st})")
    return out


class _Tally:
    """Outcome counters of n players, as :func:`holdem_eval.equity._result` reads them."""

    def __init__(self, n: int, variant: str, weighted: bool) -> None:
        self.n = n
        self.cat = np.asarray(_categories(variant), dtype=np.int64)
        self.weighted = weighted
        dtype = np.float64 if weighted else np.uint64
        self.wins = np.zeros(1 << n, dtype=dtype)
        self.hist = np.zeros(n * 9, dtype=dtype)
        self.games = 0

    def add(self, ranks: list[NDArray[np.uint16]], weight: NDArray[np.float64] | None) -> None:
        best = np.minimum.reduce(ranks)
        mask = np.zeros(len(best), dtype=np.int64)
        for p, r in enumerate(ranks):
            mask |= (r == best).astype(np.int64) << p
            cats = self.cat[r]
            h = np.bincount(cats - 1, weights=weight, minlength=9)
            self.hist[p * 9:(p + 1) * 9] += h.astype(self.hist.dtype)
        w = np.bincount(mask, weights=weight, minlength=1 << self.n)
        self.wins += w.astype(self.wins.dtype)
        self.games += len(best)


def _categories(variant: str) -> NDArray[np.uint8]:
    from .categories import _short_categories

    return _short_categories(variant)


def _exact(players: list[Player], board: NDArray[np.uint8], dead: NDArray[np.uint8],
           variant: str, method: str, threads: int,
           progress: Callable[[float], None] | None) -> EquityResult | None:
    from .equity import _result

    n = len(players)
    rules = SHORT_RULES[variant]
    rest = _deck_left(board, dead, VARIANTS[variant].lowest_card)
    lists = [p.combos if not p.random else _all_pairs(rest) for p in players]
    weights = [p.weights if not p.random else np.ones(len(lists[i])) for i, p in enumerate(players)]
    left = 5 - board.size
    boards_bound = math.comb(len(rest) - 2 * n, left)
    deals_bound = math.prod(len(c) for c in lists)
    units = deals_bound * boards_bound * n
    if deals_bound > MAX_DEALS or units > EXACT_MAX_UNITS or (method == "auto" and units > AUTO_UNITS):
        if method == "auto":
            return None
        raise EquityArgumentError(
            f"exact short-deck equity would rank about {units:,} hands (at most"
            f" {EXACT_MAX_UNITS:,}, {MAX_DEALS:,} deals); use method='monte_carlo'")
    # every tuple of combos that shares no card: grown one player at a time
    idx = np.zeros((1, 0), dtype=np.int64)
    dmask = np.zeros(1, dtype=np.uint64)
    for combos in lists:
        cm = _masks(combos)
        ok = (dmask[:, None] & cm[None, :]) == 0
        d, c = np.nonzero(ok)
        idx = np.concatenate([idx[d], c[:, None]], axis=1)
        dmask = dmask[d] | cm[c]
    if not len(idx):
        raise NoValidDealError("short-deck equity: no deal is possible (every combination of"
                               " the players' hands conflicts with another or with the cards out)")
    dweight = np.prod([weights[p][idx[:, p]] for p in range(n)], axis=0)
    weighted = bool((dweight != 1.0).any())
    boards = _subsets(rest, left)
    bmask = _masks(boards)
    fixed = np.broadcast_to(board, (1, board.size))
    tally = _Tally(n, variant, weighted)
    per = max(1, CHUNK_ROWS // max(len(boards), 1))
    for lo in range(0, len(idx), per):
        hi = min(len(idx), lo + per)
        d, b = np.nonzero((dmask[lo:hi, None] & bmask[None, :]) == 0)
        d += lo
        full = np.concatenate([np.broadcast_to(fixed, (len(b), board.size)), boards[b]], axis=1)
        ranks = [
            _rank_rows(np.concatenate([lists[p][idx[d, p]], full], axis=1), rules, threads)
            for p in range(n)
        ]
        tally.add(ranks, dweight[d] if weighted else None)
        if progress is not None:
            progress(hi / len(idx))
    return _result(players, tally.wins, tally.hist, tally.games, True, variant, None, not weighted)


def _draw_rejecting(rng: np.random.Generator, avail: NDArray[np.int64], t: int,
                    need: int) -> NDArray[np.uint8]:
    """For each of ``t`` trials, ``need`` distinct cards of ``avail`` in a uniformly random
    order: uniform draws, the rows with a repeat drawn again (a few rounds when ``need`` is
    small against the deck)."""
    dealt = np.empty((t, need), dtype=np.uint8)
    todo = np.arange(t)
    while len(todo):
        draw = avail[rng.integers(0, len(avail), size=(len(todo), need))]
        ordered = np.sort(draw, axis=1)
        bad = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        dealt[todo[~bad]] = draw[~bad]
        todo = todo[bad]
    return dealt


def _monte_carlo(players: list[Player], board: NDArray[np.uint8], dead: NDArray[np.uint8],
                 variant: str, trials: int, target_stderr: float | None, seed: int, threads: int,
                 progress: Callable[[float], None] | None) -> EquityResult:
    from .equity import _result

    n = len(players)
    rules = SHORT_RULES[variant]
    rng = np.random.Generator(np.random.PCG64(seed))
    low = VARIANTS[variant].lowest_card
    known = set(board.tolist()) | set(dead.tolist())
    for p in players:
        if p.exact:
            known |= set(p.combos[0].tolist())
    ranged = [i for i, p in enumerate(players) if not p.random and not p.exact]
    randoms = [i for i, p in enumerate(players) if p.random]
    cards = np.array([c for c in range(low, 52)], dtype=np.int64)
    known_col = np.array([c in known for c in range(low, 52)])
    avail = np.array([c for c in range(low, 52) if c not in known], dtype=np.int64)
    left = 5 - board.size
    tally = _Tally(n, variant, False)
    done = 0
    while done < trials:
        t = min(MC_BATCH, trials - done)
        holes: dict[int, NDArray[np.uint8]] = {
            i: np.broadcast_to(p.combos[0], (t, 2)) for i, p in enumerate(players) if p.exact
        }
        used = np.zeros(t, dtype=np.uint64)
        if ranged:
            pick = np.zeros((t, len(ranged)), dtype=np.int64)
            todo = np.arange(t)
            probs = [players[i].weights / players[i].weights.sum() for i in ranged]
            masks = [_masks(players[i].combos) for i in ranged]
            for _ in range(10_000):
                for k, prob in enumerate(probs):
                    pick[todo, k] = rng.choice(len(prob), size=len(todo), p=prob)
                m = np.zeros(len(todo), dtype=np.uint64)
                clash = np.zeros(len(todo), dtype=bool)
                for k in range(len(ranged)):
                    cm = masks[k][pick[todo, k]]
                    clash |= (m & cm) != 0
                    m |= cm
                used[todo] = m
                todo = todo[clash]
                if not len(todo):
                    break
            else:
                raise NoValidDealError("short-deck equity: the players' ranges almost never"
                                       " fit together (10,000 redraws)")
            for k, i in enumerate(ranged):
                holes[i] = players[i].combos[pick[:, k]]
        need = 2 * len(randoms) + left
        if need <= REJECT_MAX and not ranged:  # the same deck for every trial
            dealt = _draw_rejecting(rng, avail, t, need)
        else:
            keys = rng.random((t, len(cards)))
            taken = ((used[:, None] >> cards.astype(np.uint64)[None, :]) & np.uint64(1)).astype(bool)
            keys[taken | known_col[None, :]] = 2.0  # out of the deck: sorted last
            order = np.argsort(keys, axis=1)[:, :need]
            dealt = cards[order].astype(np.uint8)
        for k, i in enumerate(randoms):
            holes[i] = dealt[:, 2 * k:2 * k + 2]
        full = np.concatenate([np.broadcast_to(board, (t, board.size)), dealt[:, 2 * len(randoms):]],
                              axis=1)
        ranks = [_rank_rows(np.concatenate([holes[p], full], axis=1), rules, threads)
                 for p in range(n)]
        tally.add(ranks, None)
        done += t
        frac = done / trials
        if target_stderr is not None:
            se = stderr_max(tally.wins.astype(np.uint64), n)
            if se < target_stderr:
                break
            frac = max(frac, min(1.0, (target_stderr / se) ** 2))
        if progress is not None:
            progress(min(frac, 1.0))
    if progress is not None:
        progress(1.0)
    return _result(players, tally.wins, tally.hist, done, False, variant, seed, True)


def short_equity(players: list[Player], board: NDArray[np.uint8], dead: NDArray[np.uint8],
                 variant: str, method: str, trials: int, target_stderr: float | None,
                 seed: int, threads: int,
                 progress: Callable[[float], None] | None) -> EquityResult:
    """Equity of the short-deck players (already checked by short_players): exact when
    ``method`` is "exact", or "auto" and enumeration costs about a second or less; else
    ``trials`` Monte Carlo trials (fewer once every stderr is below ``target_stderr``)."""
    if method != "monte_carlo":
        res = _exact(players, board, dead, variant, method, threads, progress)
        if res is not None:
            return res
    return _monte_carlo(players, board, dead, variant, trials, target_stderr, seed, threads,
                        progress)

