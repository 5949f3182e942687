"""Equity in hi-lo games (``equity(variant="omaha-hi-lo")`` etc.): the kernel
he_equity_hilo (csrc/eval_low_equity.c) counts, per deal, each player's share of the pot
split high / low as settlement splits it; this module checks the input, runs the exact or
Monte Carlo calls on threads and builds the :class:`~holdem_eval.EquityResult`.

Players are parsed as for Hold'em equity (:func:`holdem_eval.equity.players.parse_player`):
in ``holdem-hi-lo`` a range (text or :class:`~holdem_eval.Range`, with weights), exact hole
cards or ``"random"``; in the Omaha hi-lo games exact hands or ``"random"``. Exact equity
enumerates, in C, every tuple of combos with no card twice and every completion of the
board, each deal weighted by the product of its combos' weights (a random Hold'em player
is every combo left); Monte Carlo draws the range players' combos together by weight and
redraws the whole tuple on any conflict, then deals the random players and the board.

A player's ``equity`` is the expected fraction of the pot it takes (odd chips aside);
``win`` is its scoop frequency (the whole pot alone), ``tie`` the frequency of deals where
it takes part of the pot but not all, ``tie_equity`` the equity from those deals, and
``hilo`` (:class:`HiLoShares`) the high and low win-or-tie frequencies and how often no
low qualifies.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .. import _bindings as nat
from ..categories import HandCategory
from ..errors import EquityArgumentError, NoValidDealError, ShapeError
from ..ranges import Range
from ..variants import DECK_SIZE, VARIANTS
from .players import (
    Player,
    alias_tables,
    all_combos,
    card_mask,
    claim_cards,
    narrow_ranges,
    parse_player,
)
from .result import EquityResult, HiLoShares, check_status
from .threads import run_calls

_Out = tuple[int, dict[str, Any]]

__all__ = ["HILO_AUTO_BUDGET", "HILO_EXACT_MAX", "HiLoShares", "hilo_equity"]

HILO_AUTO_BUDGET = 1.0
"""``method="auto"`` enumerates when that is estimated to take at most this many seconds
of one core (:func:`_exact_seconds`), else samples."""
HILO_EXACT_MAX = 600.0
"""``method="exact"`` refuses work estimated above this many seconds of one core."""
# Showdowns x players a second on one core, exact enumeration (measured, CPU time of
# equity(..., method="exact") on the shared 2-core machine: holdem-hi-lo AsKd vs 2c3c
# preflop 86 M, ranges AA, KK vs A2s+, 33 on 4c5d8h 72 M; omaha-hi-lo As2d3h4c vs KsKdQhJh
# 26 M x 6 hole pairs, omaha5-hi-lo 20 M x 10; rounded down).
_RATE_HOLDEM = 60e6
_RATE_OMAHA_PAIR = 120e6  # (showdowns x players x hole pairs) a second
_CHUNK_SECONDS = 0.01  # exact work per call: Ctrl-C and progress between calls
_MAX_PARTS = 256
_STREAMS = 16  # Monte Carlo streams: results depend on the seed, not on threads
_ROUND = 1 << 15  # Monte Carlo trials per stream per call


def _parse(i: int, entry: Any, variant: str) -> Player:
    if VARIANTS[variant].hole_used and isinstance(entry, Range):
        raise EquityArgumentError(f"player {i}: {variant} players are exact hands or "
                                  f"'random' (ranges are for Hold'em games), got {entry!r}")
    return parse_player(i, entry, variant)


def _exact_seconds(variant: str, deals: int, boards: int, n: int) -> float:
    """Estimated seconds of one core to enumerate ``deals`` tuples x ``boards`` boards."""
    row = VARIANTS[variant]
    if row.hole_used:
        return deals * boards * n * math.comb(row.hole_counts[0], 2) / _RATE_OMAHA_PAIR
    return deals * boards * n / _RATE_HOLDEM


def hilo_equity(
    players: Sequence[Any], board: NDArray[np.uint8], dead: NDArray[np.uint8], *, variant: str,
    method: str, trials: int | None, target_stderr: float | None, seed: int | None,
    threads: int, progress: Callable[[float], None] | None, default_trials: int,
) -> EquityResult:
    """:func:`holdem_eval.equity` for a hi-lo ``variant`` (arguments checked by it)."""
    row = VARIANTS[variant]
    nh = row.hole_counts[0]
    parsed = [_parse(i, entry, variant) for i, entry in enumerate(players)]
    out = claim_cards(parsed, board, dead)
    n = len(parsed)
    if n * nh + 5 + dead.size > DECK_SIZE:
        raise ShapeError(f"{n} players of {nh} cards, a board and {dead.size} dead cards need "
                         f"more than {DECK_SIZE} cards")
    narrow_ranges(parsed, out)
    randoms = any(p.random for p in parsed)
    omaha = bool(row.hole_used)
    if method == "exact" and randoms and omaha:
        raise EquityArgumentError(f"exact {variant} equity needs every player's cards; "
                                  "use method='monte_carlo' for 'random' players")
    if method != "monte_carlo" and not (randoms and omaha):
        res = _exact(parsed, board, dead, variant, method, out, threads, progress)
        if res is not None:
            return res
    return _monte_carlo(parsed, board, dead, variant, trials, target_stderr, seed, threads,
                        progress, default_trials)


def _exact(players: list[Player], board: NDArray[np.uint8], dead: NDArray[np.uint8],
           variant: str, method: str, out: int, threads: int,
           progress: Callable[[float], None] | None) -> EquityResult | None:
    """Exact equity, or None when method is "auto" and enumeration costs too much."""
    row = VARIANTS[variant]
    n = len(players)
    nh = row.hole_counts[0]
    every = None
    if any(p.random for p in players):  # Hold'em only: a random player holds any combo left
        every = all_combos(board, dead)
        every = every[[card_mask(c) & out == 0 for c in every]]
    lists = [every if p.random and every is not None else p.combos for p in players]
    weights = [np.ones(len(c)) if p.random else p.weights for p, c in zip(players, lists)]
    boards = math.comb(DECK_SIZE - board.size - dead.size - n * nh, 5 - board.size)
    seconds = _exact_seconds(variant, math.prod(len(c) for c in lists), boards, n)
    if method == "auto" and seconds > HILO_AUTO_BUDGET:
        return None
    if seconds > HILO_EXACT_MAX:
        raise EquityArgumentError(
            f"exact {variant} equity would take about {seconds:,.0f} s (more than "
            f"{HILO_EXACT_MAX:,.0f}); use method='monte_carlo'")
    combos = np.ascontiguousarray(np.concatenate(lists).reshape(-1, nh), dtype=np.uint8)
    offsets = np.zeros(n + 1, dtype=np.uint32)
    offsets[1:] = np.cumsum([len(c) for c in lists])
    w = np.concatenate(weights)
    w_arg = np.ascontiguousarray(w, dtype=np.float64) if (w != 1.0).any() else None
    nparts = min(_MAX_PARTS, max(math.ceil(seconds / _CHUNK_SECONDS),
                                 threads if seconds > _CHUNK_SECONDS else 1))
    if board.size == 5:  # one deal per tuple: the calls split the largest range's rows
        nparts = min(nparts, max(len(c) for c in lists))

    def part_call(part: int) -> Callable[[], _Out]:
        return lambda: nat.equity_hilo(row.code, n, nh, combos, offsets, w_arg, None, None,
                                       board, dead, 0, None, part, nparts)

    outs = run_calls([part_call(p) for p in range(nparts)], [1.0] * nparts, threads, progress)
    return _result([p.label for p in players], outs, variant, True, None)


def _monte_carlo(players: list[Player], board: NDArray[np.uint8], dead: NDArray[np.uint8],
                 variant: str, trials: int | None, target_stderr: float | None,
                 seed: int | None, threads: int, progress: Callable[[float], None] | None,
                 default_trials: int) -> EquityResult:
    row = VARIANTS[variant]
    n = len(players)
    nh = row.hole_counts[0]
    labels = [p.label for p in players]
    combos = np.ascontiguousarray(
        np.concatenate([p.combos.reshape(-1, nh) for p in players]), dtype=np.uint8)
    offsets = np.zeros(n + 1, dtype=np.uint32)
    offsets[1:] = np.cumsum([len(p.combos) for p in players])
    alias, thresh = alias_tables(players, offsets)
    if seed is None:
        seed = secrets.randbits(64)
    total = trials if trials is not None else default_trials
    share = [total * (t + 1) // _STREAMS - total * t // _STREAMS for t in range(_STREAMS)]
    states = [nat.rng_seed(seed, t) for t in range(_STREAMS)]
    drawn: list[_Out] = []
    done = 0

    def trials_of(t: int, k: int) -> Callable[[], _Out]:
        return lambda: nat.equity_hilo(row.code, n, nh, combos, offsets, None, alias, thresh,
                                       board, dead, k, states[t], 0, 1)

    while done < total:
        ks = [min(_ROUND, s) for s in share]
        share = [s - k for s, k in zip(share, ks)]
        calls = [trials_of(t, k) for t, k in enumerate(ks) if k]
        drawn += run_calls(calls, [float(k) for k in ks if k], threads, None)
        done += sum(ks)
        frac = done / total
        if target_stderr is not None:
            se = max(_result(labels, drawn, variant, False, seed).stderr)
            if se < target_stderr:
                break
            frac = max(frac, min(1.0, (target_stderr / se) ** 2))
        if progress is not None:
            progress(frac)
    if progress is not None:
        progress(1.0)
    return _result(labels, drawn, variant, False, seed)


def _result(labels: list[str], outs: list[_Out], variant: str, exact: bool,
            seed: int | None) -> EquityResult:

    total: dict[str, NDArray[Any]] = {}
    for st, counts in outs:
        check_status(st, f"{variant} equity")
        for name, a in counts.items():
            total[name] = total[name] + a if name in total else a.copy()
    n = len(labels)
    games = int(total["deals"][0])
    if games == 0:
        raise NoValidDealError(f"{variant} equity: no deal is possible (every combination of "
                               "the players' hands conflicts with another)")
    weighted = "wdeals" in total  # exact with weights: each deal counts its weight product

    def count(name: str) -> NDArray[Any]:
        return total["w" + name] if weighted else total[name]

    mass = float(count("deals")[0])
    if not mass > 0.0:
        raise NoValidDealError(
            f"{variant} equity: every possible deal has weight 0 (the product of the "
            "players' weights underflows)")
    unit = float(nat.HE_HILO_POT)
    eq = count("share").astype(np.float64) / unit / mass
    scoop = count("scoop").astype(np.float64) / mass
    winners = count("winners")
    part = np.zeros(n)
    for mask, c in enumerate(winners.tolist()):
        for p in range(n):
            if mask >> p & 1 and mask != 1 << p:
                part[p] += c
    # a player alone in a mask took the whole pot: its scoop, not a split
    if exact:
        stderr = (0.0,) * n
    else:
        second = total["share_sq"].astype(np.float64) / unit / unit / games
        stderr = tuple(float(math.sqrt(max(0.0, s - e * e) / games)) for s, e in zip(second, eq))
    hist = count("hist").reshape(n, 9)
    categories: tuple[dict[HandCategory, int | float], ...] = tuple(
        {HandCategory(c + 1): (float if weighted else int)(hist[p, c]) for c in range(9)}
        for p in range(n))
    shares = HiLoShares(
        high=tuple(float(x) / mass for x in count("high")),
        low=tuple(float(x) / mass for x in count("low")),
        scoop=tuple(float(x) for x in scoop),
        quarter=tuple(float(x) / mass for x in count("quarter")),
        no_low=float(count("no_low")[0]) / mass,
    )
    return EquityResult(
        players=tuple(labels), equity=tuple(float(x) for x in eq),
        win=shares.scoop, tie=tuple(float(x) / mass for x in part),
        tie_equity=tuple(float(e - s) for e, s in zip(eq, scoop)), stderr=stderr, games=games,
        exact=exact, wins_by_mask=tuple((float if weighted else int)(x) for x in winners),
        categories=categories, variant=variant, seed=seed, hilo=shares,
    )
