"""Equity of 2..10 Hold'em or Omaha players: exact enumeration or a seeded Monte Carlo.

    >>> r = equity(["AsAc", "7d8d"], method="exact")
    >>> r.wins_by_mask[1], r.wins_by_mask[2], r.wins_by_mask[3], r.games
    (1315602, 391672, 5030, 1712304)

Building blocks for bulk jobs (e.g. a 169 x 169 preflop matrix): exact heads-up equity of
class vs class is ``equity(["AKs", "QQ"], method="exact")`` (a few ms), or in C a single
``he_equity_exact`` call with the two classes' combos (csrc/api/equity.h). Both fold
suit-isomorphic deals together and enumerate boards with dead suits collapsed.

How it works:

* Exact Hold'em: every tuple of combos (one per player, no card twice) is a deal. Deals
  that a permutation of suits maps onto each other (keeping board and dead cards in place)
  have equal outcome counts, so ``he_equity_classes`` keeps one per class with its
  multiplicity, and ``he_equity_enum`` enumerates the boards of each class. Boards are
  enumerated in nested loops over a rank-ordered deck with pre-summed keys; cards of a rank
  whose suits can no longer make a flush for anyone are taken as one, with a multiplicity.
  Every board counts once; weighted ranges multiply each deal by its weights' product.
* Monte Carlo: xoshiro256** seeded through splitmix64 (``he_rng_seed``). The trials are
  split over a fixed number of streams (``MC_STREAMS``); stream ``s`` of the seed draws a
  fixed share of them, in rounds of a fixed schedule of sizes, and threads only decide
  which stream runs where. So a seeded run repeats exactly for the same ``(seed, trials, target_stderr)``,
  whatever ``threads`` is.
  Range players' combos are drawn together (by weight, Walker's alias method) and the whole
  tuple is redrawn on any conflict, so no combo is favoured for conflicting less; random
  players and the board are then dealt from the remaining deck.
* Weights are relative within each player's range: each player's weights are divided by
  that player's largest (after removing combos the board, dead cards and exact hands
  block), so ``KK:1e-300`` against ``QQ:1e-300`` is KK against QQ, not 0 / 0.
* Work runs in chunks of a few milliseconds: ``threads`` Python threads (the caller's and
  a persistent pool) call the GIL-free kernels; one deal's boards can be split too, so
  even a single heads-up matchup uses every thread. ``progress(fraction)`` is called
  between chunks and Ctrl-C stops at the next one.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .. import _bindings as nat
from .._limits import check_seed, check_threads
from .._variant_faces import SHORT_RULES, check_deck
from ..cards import CardsLike
from ..categories import HandCategory
from ..errors import (
    EquityArgumentError,
    NoValidDealError,
    ShapeError,
)
from ..ranges import Range
from ..variants import DECK_SIZE, VARIANT_NAMES
from ..variants import VARIANTS as VARIANT_ROWS
from .hilo import hilo_equity
from .players import (
    Player,
    PlayerLike,
    alias_tables,
    all_combos,
    cards_text,
    claim_cards,
    narrow_ranges,
    parse_player,
)
from .result import EXACT_MAX_CLASSES, Count, EquityResult, check_status
from .stats import stderr_max, summarize
from .threads import run_calls

__all__ = [
    "EquityArgumentError",
    "EquityResult",
    "NoValidDealError",
    "PlayerLike",
    "equity",
]

MAX_PLAYERS = 10
METHODS = ("auto", "exact", "monte_carlo")
VARIANTS = VARIANT_NAMES
DEFAULT_TRIALS = 1_000_000  # Monte Carlo trials when neither trials nor target_stderr is given
MAX_TRIALS = 1_000_000_000  # the most trials (and the cap when only target_stderr is given)
# "auto" enumerates when (distinct deals x boards x players) is at most this: about a
# second on one core (measured: about 1e10 of these units a second; AK vs random is 3.9e9,
# 0.33 s). Omaha counts (boards x players x hole pairs x 10 board triples).
AUTO_EXACT_BUDGET = 10_000_000_000
# Short deck ranks every board (no grouping by ranks): about 3e8 of these units a second
# (AsKs vs random: 6.6e7 units, 0.24 s); method="exact" refuses more than about half a minute.
AUTO_SHORT_BUDGET = 300_000_000
SHORT_EXACT_MAX_UNITS = 10_000_000_000
AUTO_OMAHA_BUDGET = 150_000_000
AUTO_MAX_DEALS = 1_000_000  # above this many combo tuples "auto" does not even try exact
CHUNK_UNITS = 20_000_000  # exact work per chunk (showdowns x players), a few ms
MC_STREAMS = 16  # Monte Carlo random streams: results depend on the seed, not on threads
# Monte Carlo trials per stream per round: the first round is small (a stderr target can stop
# early), each next one twice as large up to MC_ROUND_MAX (fewer calls on long runs).
MC_ROUND_MIN = 1 << 12
MC_ROUND_MAX = 1 << 16


# ------------------------------------------------------------------------ checks


def _check_args(method: str, variant: str, trials: int | None, target_stderr: float | None,
                threads: int, seed: int | None, progress: Any) -> None:
    if method not in METHODS:
        raise EquityArgumentError(f"method must be one of {METHODS}, got {method!r}")
    if variant not in VARIANTS:
        raise EquityArgumentError(f"variant must be one of {VARIANTS}, got {variant!r}")
    if trials is not None and (isinstance(trials, (bool, np.bool_))
                               or not isinstance(trials, (int, np.integer))
                               or not 1 <= trials <= MAX_TRIALS):
        raise EquityArgumentError(
            f"trials must be an int from 1 to {MAX_TRIALS:,}, got {trials!r}")
    if target_stderr is not None and not (isinstance(target_stderr, (int, float))
                                          and 0 < target_stderr < 1):
        raise EquityArgumentError(f"target_stderr must be in (0, 1), got {target_stderr!r}")
    check_threads(threads)
    if seed is not None:
        check_seed(seed, EquityArgumentError)
    if progress is not None and not callable(progress):
        raise EquityArgumentError(
            f"progress must be a callable taking the fraction done, or None, got {progress!r}")
    if method == "exact" and (trials is not None or target_stderr is not None):
        raise EquityArgumentError("trials and target_stderr apply to Monte Carlo only, "
                                  "not to method='exact'")


# ------------------------------------------------------------------------ results


def _result(players: list[Player], wins: NDArray[Any], hist: NDArray[Any], games: int,
            exact: bool, variant: str, seed: int | None, integral: bool) -> EquityResult:
    n = len(players)
    w = wins.astype(np.float64)
    if not float(w.sum()) > 0.0:
        raise NoValidDealError(
            "every possible deal has weight 0: the product of the players' weights underflows "
            "(weights differ by more than about 1e-300 within the deals that remain)")
    stats = summarize(w, n, exact)

    def count(x: Any) -> Count:
        return int(x) if integral else float(x)

    cats = tuple(
        {HandCategory(c + 1): count(hist[p * 9 + c]) for c in range(9)} for p in range(n)
    )
    return EquityResult(
        players=tuple(p.label for p in players),
        equity=tuple(float(x) for x in stats.equity),
        win=tuple(float(x) for x in stats.win),
        tie=tuple(float(x) for x in stats.tie),
        tie_equity=tuple(float(x) for x in stats.tie_equity),
        stderr=tuple(float(x) for x in stats.stderr),
        games=games,
        exact=exact,
        wins_by_mask=tuple(count(x) for x in wins),
        categories=cats,
        variant=variant,
        seed=seed,
    )


# ------------------------------------------------------------------------ exact


def _exact_holdem(players: list[Player], board: NDArray[np.uint8], dead: NDArray[np.uint8],
                  method: str, threads: int,
                  progress: Callable[[float], None] | None, variant: str) -> EquityResult | None:
    """Exact Hold'em or short deck, or None when method is "auto" and enumeration is too
    costly."""
    n = len(players)
    rules = SHORT_RULES.get(variant)
    row = VARIANT_ROWS[variant]
    lists = [p.combos if not p.random else all_combos(board, dead, row.lowest_card)
             for p in players]
    weights_l = [p.weights if not p.random else np.ones(len(lists[i]))
                 for i, p in enumerate(players)]
    deals_bound = math.prod(len(c) for c in lists)
    if method == "auto" and deals_bound > AUTO_MAX_DEALS:
        return None
    if method == "exact" and _valid_deals_floor(lists) > 24 * EXACT_MAX_CLASSES:
        # a class stands for at most 24 deals (the suit permutations): too many classes
        # for sure, refused before the (long, uninterruptible) count
        check_status(nat.HE_E_CAPACITY, "exact equity")
    combos = np.ascontiguousarray(np.concatenate(lists), dtype=np.uint8)
    offsets = np.zeros(n + 1, dtype=np.uint32)
    offsets[1:] = np.cumsum([len(c) for c in lists])
    weights = np.concatenate(weights_l)
    weighted = bool((weights != 1.0).any())
    cap = int(min(deals_bound, EXACT_MAX_CLASSES))
    st, reps, mult, wsum, _deals = nat.equity_classes(
        n, combos, offsets, weights if weighted else None, board, dead, max(cap, 1))
    check_status(st, "exact equity")
    left = 5 - board.size
    deck = row.deck_size - board.size - dead.size - 2 * n
    boards = math.comb(deck, left)
    nreps = reps.shape[0]
    units = nreps * boards * n
    if method == "auto" and units > (AUTO_EXACT_BUDGET if rules is None else AUTO_SHORT_BUDGET):
        return None
    if rules is not None and units > SHORT_EXACT_MAX_UNITS:
        raise EquityArgumentError(
            f"exact short-deck equity would rank about {units:,} hands (at most "
            f"{SHORT_EXACT_MAX_UNITS:,}, about half a minute); use method='monte_carlo'")
    per_rep = boards * n
    step = max(1, CHUNK_UNITS // per_rep)
    nparts = 1
    if threads > 1 and nreps < 2 * threads:
        nparts = threads
    elif nreps == 1 and per_rep > 4 * CHUNK_UNITS and progress is not None:
        nparts = 8  # progress steps within one big deal
    calls: list[Callable[[], tuple[int, Any, Any, Any, Any]]] = []
    costs: list[float] = []
    for lo in range(0, nreps, step):
        hi = min(nreps, lo + step)
        for part in range(nparts):
            calls.append(_enum_call(n, reps[lo:hi], mult[lo:hi],
                                    wsum[lo:hi] if weighted else None, board, dead,
                                    part, nparts, rules))
            costs.append(float(per_rep * (hi - lo)) / nparts)
    outs = run_calls(calls, costs, threads, progress)
    wins = np.zeros(1 << n, dtype=np.uint64)
    hist = np.zeros(n * 9, dtype=np.uint64)
    wwins = np.zeros(1 << n)
    whist = np.zeros(n * 9)
    for st_i, w_i, h_i, ww_i, wh_i in outs:
        check_status(st_i, "exact equity")
        wins += w_i
        hist += h_i
        wwins += ww_i
        whist += wh_i
    games = int(wins.sum())
    if weighted:
        return _result(players, wwins, whist, games, True, variant, None, False)
    return _result(players, wins, hist, games, True, variant, None, True)


def _short_players(players: list[Player], board: NDArray[np.uint8], dead: NDArray[np.uint8],
                   variant: str) -> None:
    """Check the cards against the short deck (InvalidCardError naming the card and the
    variant) and narrow each range to its short-deck combos (NoValidDealError if none)."""
    check_deck(board.tolist(), "board", variant)
    check_deck(dead.tolist(), "dead cards", variant)
    low = VARIANT_ROWS[variant].lowest_card
    for i, p in enumerate(players):
        if p.exact:
            check_deck(p.combos[0].tolist(), f"player {i} ({p.label})", variant)
        elif not p.random:
            keep = (p.combos >= low).all(axis=1)
            if not keep.any():
                raise NoValidDealError(f"player {i}'s range {p.label!r} has no combo in the "
                                       f"deck of variant {variant!r} (cards 6..A)")
            p.combos, p.weights = p.combos[keep], p.weights[keep]


def _valid_deals_floor(lists: list[NDArray[np.uint8]]) -> int:
    """A lower bound on the tuples of combos (one per player) that share no card: the k-th
    player keeps at least its combos minus, for each of the 2k cards the players before it
    hold, the most combos of its list that contain one card."""
    floor = 1
    for k, combos in enumerate(sorted(lists, key=len)):  # short lists first: a higher floor
        most = int(np.bincount(combos.ravel(), minlength=DECK_SIZE).max()) if len(combos) else 0
        floor *= max(0, len(combos) - 2 * k * most)
        if floor == 0:
            return 0
    return floor


def _enum_call(n: int, reps: NDArray[np.uint8], mult: NDArray[np.uint64],
               weight: NDArray[np.float64] | None, board: NDArray[np.uint8],
               dead: NDArray[np.uint8], part: int, nparts: int,
               rules: int | None) -> Callable[[], tuple[int, Any, Any, Any, Any]]:
    reps = np.ascontiguousarray(reps)
    mult = np.ascontiguousarray(mult)
    weight = None if weight is None else np.ascontiguousarray(weight)
    return lambda: nat.equity_enum(n, reps, mult, weight, board, dead, part, nparts, rules)


def _exact_omaha(players: list[Player], board: NDArray[np.uint8], dead: NDArray[np.uint8],
                 method: str, threads: int,
                 progress: Callable[[float], None] | None, variant: str) -> EquityResult | None:
    n = len(players)
    if any(not p.exact for p in players):
        if method == "exact":
            raise EquityArgumentError("exact Omaha needs every player's exact hand; use "
                                      "method='monte_carlo' with 'random' players")
        return None
    holes = np.ascontiguousarray(np.concatenate([p.combos for p in players]), dtype=np.uint8)
    nh = holes.shape[1]
    deck = DECK_SIZE - board.size - dead.size - holes.size
    boards = math.comb(deck, 5 - board.size)
    cost = boards * n * math.comb(nh, 2) * 10
    if method == "auto" and cost > AUTO_OMAHA_BUDGET:
        return None
    nparts = max(threads, 1 if cost < CHUNK_UNITS else 16)
    calls = [
        (lambda part=part: nat.equity_enum_omaha(n, holes, board, dead, part, nparts))
        for part in range(nparts)
    ]
    outs = run_calls(calls, [1.0] * nparts, threads, progress)
    wins = np.zeros(1 << n, dtype=np.uint64)
    hist = np.zeros(n * 9, dtype=np.uint64)
    for st, w, h in outs:
        check_status(st, "exact Omaha equity")
        wins += w
        hist += h
    return _result(players, wins, hist, int(wins.sum()), True, variant, None, True)


# ------------------------------------------------------------------------ Monte Carlo


def _monte_carlo(players: list[Player], board: NDArray[np.uint8], dead: NDArray[np.uint8],
                 variant: str, trials: int | None, target_stderr: float | None, seed: int,
                 threads: int, progress: Callable[[float], None] | None) -> EquityResult:
    n = len(players)
    rules = SHORT_RULES.get(variant)  # None: Hold'em or Omaha
    nh = max(p.combos.shape[1] for p in players)  # a random player's combos: (0, hole)
    lists = [p.combos.reshape(-1, nh) for p in players]
    offsets = np.zeros(n + 1, dtype=np.uint32)
    offsets[1:] = np.cumsum([len(c) for c in lists])
    combos = np.ascontiguousarray(np.concatenate(lists), dtype=np.uint8)
    alias, thresh = alias_tables(players, offsets)
    total = trials if trials is not None else (
        MAX_TRIALS if target_stderr is not None else DEFAULT_TRIALS)
    share = [total * (t + 1) // MC_STREAMS - total * t // MC_STREAMS for t in range(MC_STREAMS)]
    states = [nat.rng_seed(seed, t) for t in range(MC_STREAMS)]
    wins = np.zeros(1 << n, dtype=np.uint64)
    hist = np.zeros(n * 9, dtype=np.uint64)
    done = 0

    def call(t: int, k: int) -> Callable[[], tuple[int, Any, Any]]:
        return lambda: nat.equity_mc(n, nh, combos, offsets, alias, thresh, board, dead, k,
                                     states[t], rules)

    size = MC_ROUND_MIN
    while done < total:
        ks = [min(size, s) for s in share]
        size = min(2 * size, MC_ROUND_MAX)
        share = [s - k for s, k in zip(share, ks)]
        calls = [call(t, k) for t, k in enumerate(ks) if k]
        for st, w, h in run_calls(calls, [float(k) for k in ks if k], threads, None):
            check_status(st, "Monte Carlo equity")
            wins += w
            hist += h
        done += sum(ks)
        frac = done / total
        if target_stderr is not None:
            se = stderr_max(wins, n)
            if se < target_stderr:
                break
            frac = max(frac, min(1.0, (target_stderr / se) ** 2))
        if progress is not None:
            progress(min(frac, 1.0))
    if progress is not None:
        progress(1.0)
    return _result(players, wins, hist, done, False, variant, seed, True)


# ------------------------------------------------------------------------ public


def equity(
    players: Sequence[PlayerLike],
    *,
    board: CardsLike = "",
    dead: CardsLike = "",
    method: str = "auto",
    trials: int | None = None,
    target_stderr: float | None = None,
    seed: int | None = None,
    threads: int = 1,
    progress: Callable[[float], None] | None = None,
    variant: str = "holdem",
) -> EquityResult:
    """Equity of each of 2..10 players.

    ``players``: per player exact hole cards (``"AhAs"``), a range (text or
    :class:`Range`: ``"QQ+, AKs:0.5"``) or ``"random"``; for ``variant="omaha"`` exact
    4-card hands (5 or 6 for big-O) or ``"random"``, for ``"omaha5"`` / ``"omaha6"`` 5 / 6
    cards (a random player is dealt that many). Hi-lo games: ``"holdem-hi-lo"`` takes what
    Hold'em takes (ranges and weights too), ``"omaha-hi-lo"`` / ``"omaha5-hi-lo"`` exact 4 /
    5-card hands or ``"random"``; ``equity`` is then the expected fraction of a pot split
    high / low, ``win`` the scoop frequency and ``EquityResult.hilo`` the halves.
    ``variant="short-deck"`` (or ``"short-deck-straights-beat-trips"``) plays the 36-card
    deck 6..A: a range keeps its short-deck combos, a 2..5 elsewhere is an InvalidCardError
    naming the card and the variant; categories are counted on short deck's scale.
    ``board``: 0..5 cards; ``dead``: cards out of the deck. ``method``: ``"exact"``
    enumerates every board and every tuple of combos (Omaha games: exact hands only);
    ``"monte_carlo"`` samples ``trials`` deals (1..1,000,000,000, default 1,000,000) or until every
    player's standard error is below ``target_stderr``; ``"auto"`` enumerates when that
    costs about a second or less, else samples. ``seed`` (Monte Carlo) makes a run
    repeatable, whatever ``threads``; without it a random seed is drawn and reported in
    the result. Range weights are relative within each player's range. ``threads``:
    1..``MAX_THREADS`` (256). ``progress(fraction)`` is called as work completes.

    Raises :class:`~holdem_eval.InvalidCardError` / :class:`~holdem_eval.DuplicateCardError`
    for bad or repeated cards, :class:`~holdem_eval.RangeSyntaxError` for a bad range,
    :class:`NoValidDealError` when no deal is possible, ``CountArgumentError`` for a bad
    ``threads``, :class:`EquityArgumentError` (and :class:`~holdem_eval.ShapeError` for
    counts) for other bad arguments.
    """
    _check_args(method, variant, trials, target_stderr, threads, seed, progress)
    if trials is not None:
        trials = int(trials)
    if seed is not None:
        seed = int(seed)
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise ShapeError(f"players must be a list of 2..{MAX_PLAYERS} hands or ranges, "
                         f"got {players!r}")
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ShapeError(f"players must have 2..{MAX_PLAYERS} entries, got {len(players)}")
    if VARIANT_ROWS[variant].low:  # hi-lo games: pot shares high / low (_hilo_equity.py)
        board_h, dead_h = cards_text(board), cards_text(dead)
        if board_h.size > 5:
            raise ShapeError(f"board has at most 5 cards, got {board_h.size}: {board!r}")
        return hilo_equity(players, np.ascontiguousarray(board_h, dtype=np.uint8),
                           np.ascontiguousarray(dead_h, dtype=np.uint8), variant=variant,
                           method=method, trials=trials, target_stderr=target_stderr,
                           seed=seed, threads=threads, progress=progress,
                           default_trials=MAX_TRIALS if target_stderr is not None
                           else DEFAULT_TRIALS)
    omaha = VARIANT_ROWS[variant].hole_used == 2  # "omaha", or "omaha5" / "omaha6" (one count)
    parsed = []
    for i, entry in enumerate(players):
        if omaha and isinstance(entry, Range):
            raise EquityArgumentError(
                f"player {i}: Omaha players are exact hands or 'random', got {entry!r}")
        # a short-deck player holds two cards, as in Hold'em
        parsed.append(parse_player(i, entry, "holdem" if variant in SHORT_RULES else variant))
    if omaha:
        sizes = {p.combos.shape[1] for p in parsed if not p.random}
        if len(sizes) > 1:
            raise ShapeError(f"Omaha players must all hold the same number of cards, got "
                             f"{sorted(sizes)}")
    board_a = cards_text(board)
    dead_a = cards_text(dead)
    if board_a.size > 5:
        raise ShapeError(f"board has at most 5 cards, got {board_a.size}: {board!r}")
    out = claim_cards(parsed, board_a, dead_a)
    hole = max(p.combos.shape[1] for p in parsed)  # a random player's combos: (0, hole)
    deck = VARIANT_ROWS[variant].deck_size
    if len(players) * hole + 5 + dead_a.size > deck:
        raise ShapeError(f"{len(players)} players of {hole} cards, a board and "
                         f"{dead_a.size} dead cards need more than {deck} cards")
    if variant in SHORT_RULES:
        _short_players(parsed, board_a, dead_a, variant)
    narrow_ranges(parsed, out)
    board_a = np.ascontiguousarray(board_a, dtype=np.uint8)
    dead_a = np.ascontiguousarray(dead_a, dtype=np.uint8)
    if method != "monte_carlo":
        exact_fn = _exact_omaha if omaha else _exact_holdem
        res = exact_fn(parsed, board_a, dead_a, method, threads, progress, variant)
        if res is not None:
            return res
    if seed is None:
        seed = secrets.randbits(64)
    return _monte_carlo(parsed, board_a, dead_a, variant, trials, target_stderr, seed,
                        threads, progress)
