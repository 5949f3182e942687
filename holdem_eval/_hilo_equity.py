"""Equity in hi-lo games (``equity(variant="omaha-hi-lo")`` etc.): the kernel
he_equity_hilo (csrc/eval_low_equity.c) counts, per deal, each player's share of the pot
split high / low as settlement splits it; this module checks the input, runs the exact or
Monte Carlo calls on threads and builds the :class:`~holdem_eval.EquityResult`.

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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from . import _bindings as nat
from ._equity_threads import run_calls
from .cards import format_cards, parse_cards
from .categories import HandCategory
from .errors import DuplicateCardError, ShapeError
from .ranges import Range
from .variants import DECK_SIZE, VARIANTS

if TYPE_CHECKING:
    from .equity import EquityResult

_Out = tuple[int, dict[str, Any]]

__all__ = ["HILO_AUTO_BUDGET", "HiLoShares", "hilo_equity"]

HILO_AUTO_BUDGET = 3_000_000
"""``method="auto"`` enumerates when boards x players is at most this (about a second)."""
_STREAMS = 16  # Monte Carlo streams: results depend on the seed, not on threads
_ROUND = 1 << 15  # Monte Carlo trials per stream per call


@dataclass(frozen=True)
class HiLoShares:
    """The halves of a hi-lo equity, per player in the order given."""

    high: tuple[float, ...]
    """Frequency of winning or tying the high half."""
    low: tuple[float, ...]
    """Frequency of winning or tying the low half."""
    scoop: tuple[float, ...]
    """Frequency of taking the whole pot alone (``EquityResult.win``)."""
    no_low: float
    """Frequency of deals without a qualifying low (the high hands take the pot)."""


def _player(i: int, entry: Any, variant: str, holes: tuple[int, ...]) -> tuple[str, NDArray[np.uint8] | None]:
    if isinstance(entry, str) and entry.strip().lower() == "random":
        return "random", None
    try:
        cards = parse_cards(entry)
    except TypeError as error:
        raise ShapeError(f"player {i} must be cards or 'random' for {variant}, got {entry!r}") from error
    if cards.size not in holes:
        want = " or ".join(map(str, holes))
        raise ShapeError(f"player {i} must hold {want} cards for {variant}, got {cards.size}: {entry!r}")
    return format_cards(cards), cards


def hilo_equity(
    players: Sequence[Any], board: NDArray[np.uint8], dead: NDArray[np.uint8], *, variant: str,
    method: str, trials: int | None, target_stderr: float | None, seed: int | None,
    threads: int, progress: Callable[[float], None] | None, default_trials: int,
) -> EquityResult:
    """:func:`holdem_eval.equity` for a hi-lo ``variant`` (arguments checked by it)."""
    from .equity import EquityArgumentError

    row = VARIANTS[variant]
    nh = row.hole_counts[0]
    labels: list[str] = []
    rows: list[NDArray[np.uint8] | None] = []
    for i, entry in enumerate(players):
        if isinstance(entry, Range):
            raise EquityArgumentError(f"player {i}: {variant} players are exact hands or "
                                      f"'random', got {entry!r}")
        label, cards = _player(i, entry, variant, row.hole_counts)
        labels.append(label)
        rows.append(cards)
    taken: dict[int, str] = {}
    for what, cards in [("board", board), ("dead cards", dead)] + [
            (f"player {i} ({labels[i]})", c) for i, c in enumerate(rows) if c is not None]:
        for card in cards.tolist():
            if card in taken:
                raise DuplicateCardError(f"card {format_cards([card])!r} is in both "
                                         f"{taken[card]} and {what}")
            taken[card] = what
    n = len(players)
    if n * nh + 5 + dead.size > DECK_SIZE:
        raise ShapeError(f"{n} players of {nh} cards, a board and {dead.size} dead cards need "
                         f"more than {DECK_SIZE} cards")
    holes = np.full((n, nh), 255, dtype=np.uint8)
    for i, cards in enumerate(rows):
        if cards is not None:
            holes[i] = cards
    holes = np.ascontiguousarray(holes)
    randoms = sum(c is None for c in rows)
    left = DECK_SIZE - len(taken)
    boards = math.comb(left, 5 - board.size)
    if method == "exact" and randoms:
        raise EquityArgumentError(f"exact {variant} equity needs every player's cards; "
                                  "use method='monte_carlo' for 'random' players")
    exact = method == "exact" or (method == "auto" and not randoms
                                  and boards * n <= HILO_AUTO_BUDGET)
    if exact:
        parts = max(1, min(64, boards // 2000 or 1))

        def exact_part(p: int) -> Callable[[], _Out]:
            return lambda: nat.equity_hilo(row.code, n, nh, holes, board, dead, 0, None, p, parts)

        outs = run_calls([exact_part(p) for p in range(parts)], [1.0] * parts, threads, progress)
        return _result(labels, outs, variant, True, None)
    if seed is None:
        seed = secrets.randbits(64)
    total = trials if trials is not None else default_trials
    share = [total * (t + 1) // _STREAMS - total * t // _STREAMS for t in range(_STREAMS)]
    states = [nat.rng_seed(seed, t) for t in range(_STREAMS)]
    drawn: list[_Out] = []
    done = 0

    def trials_of(t: int, k: int) -> Callable[[], _Out]:
        return lambda: nat.equity_hilo(row.code, n, nh, holes, board, dead, k, states[t], 0, 1)

    while done < total:
        ks = [min(_ROUND, s) for s in share]
        share = [s - k for s, k in zip(share, ks)]
        calls = [trials_of(t, k) for t, k in enumerate(ks) if k]
        drawn += run_calls(calls, [float(k) for k in ks if k], threads, None)
        done += sum(ks)
        if progress is not None:
            progress(done / total)
        if target_stderr is not None and max(
                _result(labels, drawn, variant, False, seed).stderr) < target_stderr:
            break
    return _result(labels, drawn, variant, False, seed)


def _result(labels: list[str], outs: list[_Out], variant: str, exact: bool,
            seed: int | None) -> EquityResult:
    from .equity import EquityResult, _check_status

    total: dict[str, NDArray[np.uint64]] = {}
    for st, counts in outs:
        _check_status(st, f"{variant} equity")
        for name, a in counts.items():
            total[name] = total[name] + a if name in total else a.copy()
    n = len(labels)
    games = int(total["deals"][0])
    if games == 0:
        from .equity import NoValidDealError

        raise NoValidDealError(f"{variant} equity: no deal is possible")
    unit = float(nat.HE_HILO_POT)
    eq = total["share"].astype(np.float64) / unit / games
    scoop = total["scoop"].astype(np.float64) / games
    part = np.zeros(n)
    for mask, count in enumerate(total["winners"].tolist()):
        for p in range(n):
            if mask >> p & 1 and mask != 1 << p:
                part[p] += count
    # a player alone in a mask took the whole pot: its scoop, not a split
    if exact:
        stderr = (0.0,) * n
    else:
        second = total["share_sq"].astype(np.float64) / unit / unit / games
        stderr = tuple(float(math.sqrt(max(0.0, s - e * e) / games)) for s, e in zip(second, eq))
    hist = total["hist"].reshape(n, 9)
    categories: tuple[dict[HandCategory, int | float], ...] = tuple(
        {HandCategory(c + 1): int(hist[p, c]) for c in range(9)} for p in range(n))
    shares = HiLoShares(
        high=tuple(float(x) / games for x in total["high"]),
        low=tuple(float(x) / games for x in total["low"]),
        scoop=tuple(float(x) for x in scoop),
        no_low=float(total["no_low"][0]) / games,
    )
    return EquityResult(
        players=tuple(labels), equity=tuple(float(x) for x in eq),
        win=shares.scoop, tie=tuple(float(x) / games for x in part),
        tie_equity=tuple(float(e - s) for e, s in zip(eq, scoop)), stderr=stderr, games=games,
        exact=exact, wins_by_mask=tuple(int(x) for x in total["winners"]),
        categories=categories, variant=variant, seed=seed, hilo=shares,
    )
