""":func:`hand_strength`: argument checks, the choice of method, chunks with progress."""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .. import _bindings as nat
from .._limits import check_seed, check_threads
from .._variant_faces import SHORT_RULES
from ..errors import InvalidVariantError, StrengthArgumentError
from ..variants import VARIANTS as VARIANT_ROWS
from ._rows import OpponentRange, RangeLike, check_rows, opponent_range, raise_row
from .result import StrengthResult

__all__ = ["DEFAULT_TRIALS", "KINDS", "MAX_BINS", "MAX_TRIALS", "METHODS", "hand_strength"]

KINDS = ("ehs", "ehs2", "ppot", "npot", "histogram")
METHODS = ("auto", "exact", "monte_carlo")
DEFAULT_TRIALS = 10_000  # Monte Carlo trials a row when none are given
MAX_TRIALS = 100_000_000  # the most trials a row
MAX_BINS = 10_000
# Work per kernel call between two progress reports (and chances to stop on Ctrl-C): board
# scorings or trials, each about half a microsecond on one core, so a chunk is ~50 ms.
CHUNK_UNITS = 100_000
PLAYS = ("holdem", *SHORT_RULES)  # the variants: Hold'em and the short decks (two cards a row)
_FIELD = {"ehs": "ehs", "ehs2": "ehs2", "ppot": "ppot", "npot": "npot", "histogram": "hist"}


def _check_args(kind: str, method: str, opponents: Any, bins: Any, trials: Any, seed: Any,
                threads: Any, progress: Any, variant: str) -> None:
    if kind not in KINDS:
        raise StrengthArgumentError(f"kind must be one of {KINDS}, got {kind!r}")
    if method not in METHODS:
        raise StrengthArgumentError(f"method must be one of {METHODS}, got {method!r}")
    if variant not in PLAYS:
        raise InvalidVariantError(f"hand_strength plays variant {' or '.join(map(repr, PLAYS))}, "
                                  f"got {variant!r}")
    ok = isinstance(opponents, (int, np.integer)) and not isinstance(opponents, (bool, np.bool_))
    if not ok or not 1 <= int(opponents) <= nat.HE_STRENGTH_MAX_OPPONENTS:
        raise StrengthArgumentError(f"opponents must be an int from 1 to "
                                    f"{nat.HE_STRENGTH_MAX_OPPONENTS}, got {opponents!r}")
    ok = isinstance(bins, (int, np.integer)) and not isinstance(bins, (bool, np.bool_))
    if not ok or not 1 <= int(bins) <= MAX_BINS:
        raise StrengthArgumentError(f"bins must be an int from 1 to {MAX_BINS:,}, got {bins!r}")
    if trials is not None:
        ok = isinstance(trials, (int, np.integer)) and not isinstance(trials, (bool, np.bool_))
        if not ok or not 2 <= int(trials) <= MAX_TRIALS:
            raise StrengthArgumentError(f"trials must be an int from 2 to {MAX_TRIALS:,}, "
                                        f"got {trials!r}")
        if method == "exact":
            raise StrengthArgumentError("trials applies to Monte Carlo only, not to method='exact'")
    if seed is not None:
        check_seed(seed, StrengthArgumentError)
    check_threads(threads)
    if progress is not None and not callable(progress):
        raise StrengthArgumentError(
            f"progress must be a callable taking the fraction done, or None, got {progress!r}")


def _choose(kind: str, method: str, nb: int, opponents: int) -> bool:
    """True for exact enumeration, False for Monte Carlo; refuses what neither gives."""
    if kind in ("ppot", "npot"):
        if nb not in (3, 4):
            raise StrengthArgumentError(
                f"kind {kind!r} needs a board of 3 (flop) or 4 (turn) cards: the potential is "
                f"the chance the river changes who is ahead, got {nb} board cards")
        if opponents != 1 or method == "monte_carlo":
            raise StrengthArgumentError(f"kind {kind!r} is computed exactly against one "
                                        f"opponent (opponents=1, method 'auto' or 'exact')")
        return True
    if opponents > 1:
        if kind != "ehs":
            raise StrengthArgumentError(f"kind {kind!r} is for one opponent; against "
                                        f"{opponents} opponents only 'ehs' (Monte Carlo)")
        if method == "exact":
            raise StrengthArgumentError(f"method 'exact' is for one opponent, got "
                                        f"opponents={opponents}; use 'auto' or 'monte_carlo'")
        return False
    if method == "auto":
        return nb >= 3  # preflop enumerates 1,712,304 boards a row: Monte Carlo
    return method == "exact"


def _boards_per_row(nb: int, deck: int) -> int:
    return math.comb(deck - 2 - nb, 5 - nb)


def hand_strength(
    holes: ArrayLike,
    boards: ArrayLike,
    kind: str = "ehs",
    *,
    opponents: int = 1,
    against: RangeLike = "random",
    bins: int = 10,
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    threads: int = 1,
    progress: Callable[[float], None] | None = None,
    variant: str = "holdem",
    first_row: int = 0,
) -> StrengthResult:
    """Strength of each row's hole cards on its board against ``opponents`` hands from
    ``against`` (docs/strength.md).

    ``holes``: (n, 2) card ids or text rows (``["AhKh", ...]``); ``boards``: (n, nb) or one
    board (nb,) for every row, nb = 0 (preflop), 3, 4 or 5. ``kind``:

    * ``"ehs"``: expected hand strength, win + half the ties over every remaining board and
      opponent hand (the expected pot share against several opponents);
    * ``"ehs2"``: the mean over river boards of the squared river strength;
    * ``"ppot"`` / ``"npot"``: Billings et al.'s positive / negative potential (flop or turn,
      one opponent);
    * ``"histogram"``: each row's distribution of river strength over ``bins`` equal bins.

    ``against``: ``"random"``, range text or a :class:`~holdem_eval.Range` (weights count).
    ``variant``: ``"holdem"``, or ``"short-deck"`` / ``"short-deck-straights-beat-trips"``
    (the 36-card deck 6..A on its own scale: a range keeps its short-deck combos, a 2..5 in a
    row is an InvalidCardError naming the row and the variant).
    ``method``: ``"auto"`` enumerates exactly with one opponent on the flop, turn and river and
    samples otherwise; ``"exact"``; ``"monte_carlo"``: ``trials`` a row (default 10,000) with
    standard errors, each row drawn from its own stream of ``seed``, so a seeded result
    repeats whatever ``threads`` and however the rows are split. ``threads`` runs the rows
    in parallel (the library's pool); ``progress(fraction)`` is called between chunks of
    about 50 ms, and Ctrl-C stops at the next. ``first_row`` numbers the rows (errors name
    row ``first_row + i``; Monte Carlo draws row i from stream ``first_row + i``), so a file
    scored in chunks gives what one call on all its rows gives. Nothing is returned for a
    batch with a bad row, and the caller's arrays are never written.

    >>> r = hand_strength(["AdQc"], "3h4cJh", "ppot")
    >>> round(float(r.values[0]), 3), r.exact
    (0.208, True)
    """
    _check_args(kind, method, opponents, bins, trials, seed, threads, progress, variant)
    ok = isinstance(first_row, (int, np.integer)) and not isinstance(first_row, (bool, np.bool_))
    if not ok or not 0 <= int(first_row) < 1 << 63:
        raise StrengthArgumentError(f"first_row must be an int from 0 to 2**63 - 1, got {first_row!r}")
    first_row = int(first_row)
    opponents, bins, threads = int(opponents), int(bins), int(threads)
    rules = SHORT_RULES.get(variant, nat.HE_STRENGTH_HOLDEM)
    deck = VARIANT_ROWS[variant].deck_size
    rng = opponent_range(against, StrengthArgumentError, VARIANT_ROWS[variant].lowest_card)
    h, b = check_rows(holes, boards, first_row)
    n, nb = h.shape[0], b.shape[1]
    exact = _choose(kind, method, nb, opponents)
    field = _FIELD[kind]
    shape = (n, bins) if kind == "histogram" else (n,)
    values = np.zeros(shape, dtype=np.float64)
    stderr = np.zeros(shape, dtype=np.float64)
    if exact:
        cost = _boards_per_row(nb, deck)
        ntrials, seed_used = None, None
    else:
        ntrials = DEFAULT_TRIALS if trials is None else int(trials)
        seed_used = secrets.randbits(64) if seed is None else int(seed)
        cost = ntrials * opponents
    step = max(1, CHUNK_UNITS * threads // cost)  # about 50 ms of each thread's time
    for lo in range(0, n, step):
        hi = min(n, lo + step)
        if exact:
            st, bad, out = nat.strength_exact(h[lo:hi], b[lo:hi], rules, rng.weights, (field,),
                                              bins, threads)
        else:
            st, bad, out = _mc(h[lo:hi], b[lo:hi], rules, rng, opponents, field, bins,
                               ntrials or 0, seed_used or 0, first_row + lo, threads)
        if st != nat.HE_OK:
            if st == nat.HE_E_ARGUMENT:
                raise StrengthArgumentError(f"the kernel refused its arguments (status {st})")
            raise_row(st, lo + bad, h, b, rng.text, first_row, variant)
        values[lo:hi] = out.values[field]
        if not exact:
            stderr[lo:hi] = out.errors[field]
        if progress is not None:
            progress(hi / n)
    return StrengthResult(kind=kind, values=values, stderr=stderr, exact=exact,
                          opponents=opponents, against=rng.text, trials=ntrials,
                          seed=seed_used, bins=bins if kind == "histogram" else None)


def _mc(h: NDArray[np.uint8], b: NDArray[np.uint8], rules: int, rng: OpponentRange,
        opponents: int, field: str, bins: int, trials: int, seed: int, first_row: int,
        threads: int) -> tuple[int, int, nat.StrengthArrays]:
    return nat.strength_mc(h, b, rules, rng.weights, rng.combos, rng.alias, rng.thresh, opponents,
                           (field,), bins, trials, seed, first_row, threads)
