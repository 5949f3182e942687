"""Tournament prize equity by the Independent Chip Model (Malmuth-Harville).

A player's chance to finish first is its share of the chips; given who has finished
above, the next place goes to each remaining player in proportion to its stack. Prize
equity is the matrix of finishing-place probabilities times the payouts.

    >>> icm([50, 30, 20], [70, 30]).round(4).tolist()
    [45.1786, 32.25, 22.5714]
    >>> icm_places([50, 30, 20]).round(4).tolist()
    [[0.5, 0.3393, 0.1607], [0.3, 0.375, 0.325], [0.2, 0.2857, 0.5143]]

How it is computed (csrc/icm.c):

* ``method="exact"``: dynamic programming over the subsets of players. ``P(S)``, the
  probability that the players in places ``1..|S|`` are exactly the set ``S``, is pushed
  to each superset with one more player ``j`` (weight ``stack_j / stacks left``), and that
  step is also ``j``'s chance of place ``|S| + 1``. That is ``2**n * n`` steps and one
  double per subset: 20 players take about 30 ms and 8 MiB, 24 players (the limit,
  ``EXACT_MAX_PLAYERS``) about 0.5 s and 128 MiB; each player more doubles both, which is
  why larger fields go to Monte Carlo. (Enumerating finishing orders, as PokerKit's
  ``calculate_icm`` does, costs ``n! / (n - paid)!`` steps.)
* ``method="monte_carlo"``: finishing orders of the paid places drawn from the model
  (players without replacement in proportion to their stacks, from a Fenwick tree, so a
  trial costs about ``paid * log2(n)`` steps). Trials run in blocks of 4,096, block ``b``
  from random stream ``b`` of ``seed``, shared by ``threads`` threads: a seeded run gives
  the same numbers whatever ``threads`` is. The result reports each player's standard
  error.
* ``method="auto"``: exact up to ``AUTO_EXACT_MAX_PLAYERS`` (22) players, else Monte Carlo.

Conventions: a zero stack finishes below every player with chips, and players with zero
stacks share the places below in every order alike. Players with equal stacks get equal
results (their rows are averaged, which removes rounding and Monte Carlo noise between
them). More payouts than players is allowed: only the first ``len(stacks)`` are paid (the
places below have already been paid to busted players), so the equities sum to those.
"""

from __future__ import annotations

import math
import numbers
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Union

import numpy as np
from numpy.typing import NDArray

from . import _bindings as nat
from ._limits import check_threads
from .errors import DTypeError, IcmArgumentError, InvalidPayoutError, InvalidStackError, ShapeError

__all__ = [
    "AUTO_EXACT_MAX_PLAYERS",
    "DEFAULT_TRIALS",
    "EXACT_MAX_PLAYERS",
    "IcmResult",
    "icm",
    "icm_places",
    "icm_result",
]

F64 = NDArray[np.float64]
Number = Union[int, float]
NumbersLike = Union[Sequence[Number], NDArray[Any]]

EXACT_MAX_PLAYERS: int = nat.HE_ICM_EXACT_MAX_PLAYERS
"""The most players ``method="exact"`` takes (memory and time grow as ``2**n``)."""
AUTO_EXACT_MAX_PLAYERS = 22
"""``method="auto"`` is exact up to this many players (about 0.1 s), Monte Carlo beyond."""
DEFAULT_TRIALS = 100_000
"""Monte Carlo trials when neither ``trials`` nor ``target_stderr`` is given."""
MAX_TRIALS = 1 << 40
METHODS = ("auto", "exact", "monte_carlo")
_BLOCK = 4096  # csrc/api/icm.h HE_ICM_MC_BLOCK: trials per random stream
_ROUND_SEED_STEP = 0x9E3779B97F4A7C15  # seeds of successive target_stderr rounds: seed + r * step


def _numbers(values: object, what: str, error: type[Exception]) -> F64:
    """``values`` as a C-contiguous 1-D float64 array; the checks shared by stacks and
    payouts (numbers, shape, finite, >= 0). ``what`` is "stack" or "payout"."""
    plural = f"{what}s"
    if isinstance(values, (str, bytes)):
        raise DTypeError(f"{plural} must be a sequence of numbers, got {values!r}")
    if isinstance(values, np.ndarray):
        arr = values
        if arr.dtype.kind not in "iuf":
            raise DTypeError(f"{plural} must be numbers, got an array of dtype {arr.dtype}")
    else:
        try:
            items = list(values)  # type: ignore[call-overload]  # any iterable is accepted
        except TypeError:
            raise DTypeError(f"{plural} must be a sequence of numbers, got {values!r}") from None
        for i, v in enumerate(items):
            if isinstance(v, bool) or not isinstance(v, numbers.Real):
                raise DTypeError(f"{what} {i} is not a number: {v!r} in {values!r}")
        try:
            arr = np.array([float(v) for v in items], dtype=np.float64)
        except OverflowError:
            raise error(f"{plural} must be finite numbers >= 0, got {values!r}") from None
    if arr.ndim != 1:
        raise ShapeError(f"{plural} must be a 1-D sequence of numbers, got shape {arr.shape}")
    if arr.size == 0:
        raise ShapeError(f"{plural} must have at least one value, got {values!r}")
    out = np.ascontiguousarray(arr, dtype=np.float64)
    bad = ~np.isfinite(out) | (out < 0)
    if bad.any():
        i = int(np.argmax(bad))
        shown = values.tolist() if isinstance(values, np.ndarray) else values
        raise error(f"{what} {i} is {arr[i].item()!r}: {plural} must be finite numbers >= 0, "
                    f"got {shown!r}")
    return out


def _stacks(stacks: object) -> F64:
    arr = _numbers(stacks, "stack", InvalidStackError)
    with np.errstate(over="ignore"):  # an infinite sum is reported below
        total = float(arr.sum())
    if not total > 0:
        raise InvalidStackError(f"stacks must not all be zero, got {_shown(stacks)!r}")
    if not math.isfinite(total):
        raise InvalidStackError(f"stacks must sum to a finite number, got {_shown(stacks)!r}")
    return arr


def _payouts(payouts: object) -> F64:
    arr = _numbers(payouts, "payout", InvalidPayoutError)
    rises = np.nonzero(np.diff(arr) > 0)[0]
    if rises.size:
        i = int(rises[0]) + 1
        raise InvalidPayoutError(
            f"payouts must not increase: payout {i} ({arr[i].item()!r}) is above payout "
            f"{i - 1} ({arr[i - 1].item()!r}) in {_shown(payouts)!r}")
    return arr


def _shown(values: object) -> object:
    return values.tolist() if isinstance(values, np.ndarray) else values


def _check_options(method: object, trials: object, target_stderr: object, seed: object,
                   threads: object) -> None:
    if method not in METHODS:
        raise IcmArgumentError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int)
                               or not 1 <= trials <= MAX_TRIALS):
        raise IcmArgumentError(f"trials must be an int from 1 to 2**40, got {trials!r}")
    if target_stderr is not None and (
            isinstance(target_stderr, bool) or not isinstance(target_stderr, (int, float))
            or not target_stderr > 0 or not math.isfinite(target_stderr)):
        raise IcmArgumentError(f"target_stderr must be a number > 0, got {target_stderr!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or not 0 <= seed < 1 << 64):
        raise IcmArgumentError(f"seed must be an int in 0 .. 2**64 - 1, got {seed!r}")
    check_threads(threads)


@dataclass(frozen=True)
class IcmResult:
    """Outcome of :func:`icm_result`; arrays are read-only, players in the order given.

    ``equity[i]``: player i's prize equity (``places @ payouts``); ``stderr[i]`` its
    standard error (0.0 when exact); ``places[i, k]``: the probability that player i
    finishes in place ``k + 1`` for the paid places; ``payouts``: the payouts used (at most
    one per player); ``trials``: Monte Carlo trials (0 when exact); ``seed``: the Monte
    Carlo seed (None when exact).
    """

    equity: F64
    stderr: F64
    places: F64
    payouts: tuple[float, ...]
    exact: bool
    trials: int = 0
    seed: int | None = None
    stacks: tuple[float, ...] = field(default=())

    def __post_init__(self) -> None:
        for name in ("equity", "stderr", "places"):
            getattr(self, name).flags.writeable = False


def _tie_average(stacks: F64, matrix: F64) -> F64:
    """Rows of players with equal stacks replaced by their mean (the model is symmetric)."""
    _, inverse, counts = np.unique(stacks, return_inverse=True, return_counts=True)
    if counts.max() == 1:
        return matrix
    sums = np.zeros((counts.size, matrix.shape[1]), dtype=np.float64)
    np.add.at(sums, inverse, matrix)
    out: F64 = (sums / counts[:, None])[inverse]
    return out


def _raise_status(st: int) -> None:
    if st == nat.HE_E_ICM_MEMORY:
        raise MemoryError("ICM: the kernel could not allocate its working memory")
    raise IcmArgumentError(f"ICM kernel rejected its input (status {st})")  # validated before


def _exact(stacks: F64, nplaces: int) -> F64:
    n = stacks.size
    if n > EXACT_MAX_PLAYERS:
        raise IcmArgumentError(
            f"method='exact' takes at most {EXACT_MAX_PLAYERS} players (memory and time grow as "
            f"2**n), got {n}; use method='monte_carlo'")
    st, places = nat.icm_exact(stacks, nplaces)
    if st != nat.HE_OK:
        _raise_status(st)
    return places


def _mc_counts(stacks: F64, nplaces: int, trials: int, seed: int, threads: int) -> NDArray[np.uint64]:
    threads = max(1, min(threads, -(-trials // _BLOCK)))
    st, counts = nat.icm_mc(stacks, nplaces, trials, seed, threads)
    if st != nat.HE_OK:
        _raise_status(st)
    return counts


def _mc_stats(counts: NDArray[np.uint64], trials: int, pay: F64) -> tuple[F64, F64]:
    c = counts.astype(np.float64)
    places = c / trials
    mean = places @ pay
    second = places @ (pay * pay)
    stderr = np.sqrt(np.maximum(second - mean * mean, 0.0) / trials)
    return places, stderr


def _run(stacks: F64, pay: F64, method: str, trials: int | None, target_stderr: float | None,
         seed: int | None, threads: int) -> IcmResult:
    n = stacks.size
    nplaces = pay.size
    exact = method == "exact" or (method == "auto" and n <= AUTO_EXACT_MAX_PLAYERS)
    if exact:
        places = _tie_average(stacks, _exact(stacks, nplaces))
        zero = np.zeros(n, dtype=np.float64)
        return IcmResult(places @ pay, zero, places, tuple(pay.tolist()), True,
                         stacks=tuple(stacks.tolist()))
    if seed is None:
        seed = secrets.randbits(64)
    if target_stderr is None:
        total = trials if trials is not None else DEFAULT_TRIALS
        counts = _mc_counts(stacks, nplaces, total, seed, threads)
        places, stderr = _mc_stats(counts, total, pay)
    else:
        # Rounds of doubling size, round r from seed + r * step, until every player's
        # standard error is at most target_stderr or the trials (default 2**40) run out.
        cap = trials if trials is not None else MAX_TRIALS
        counts = np.zeros((n, nplaces), dtype=np.uint64)
        total, size, r = 0, min(4 * _BLOCK, cap), 0
        while True:
            size = min(size, cap - total)
            round_seed = (seed + r * _ROUND_SEED_STEP) % (1 << 64)
            counts += _mc_counts(stacks, nplaces, size, round_seed, threads)
            total += size
            places, stderr = _mc_stats(counts, total, pay)
            if stderr.max() <= target_stderr or total >= cap:
                break
            size, r = 2 * size, r + 1
    places = _tie_average(stacks, places)
    return IcmResult(places @ pay, _tie_average(stacks, stderr[:, None])[:, 0], places,
                     tuple(pay.tolist()), False, total, seed, tuple(stacks.tolist()))


def icm_result(
    stacks: NumbersLike,
    payouts: NumbersLike,
    *,
    method: str = "auto",
    trials: int | None = None,
    target_stderr: float | None = None,
    seed: int | None = None,
    threads: int = 1,
) -> IcmResult:
    """Prize equity of each player with its standard error and place probabilities.

    ``stacks``: chips per player (numbers >= 0, not all zero). ``payouts``: prize per
    place from first down (non-increasing numbers >= 0; more than the players is allowed,
    the extra places are not paid). ``method``: ``"exact"`` (at most 24 players),
    ``"monte_carlo"`` or ``"auto"``. Monte Carlo runs ``trials`` finishing orders (default
    100,000), or, with ``target_stderr`` (in payout units), doubling rounds until every
    player's standard error is at most that (``trials`` then caps them). ``seed`` makes a
    run repeatable whatever ``threads`` (1..256); without it one is drawn and reported.

    >>> r = icm_result([50, 30, 20], [70, 30], method="monte_carlo", trials=200_000, seed=1)
    >>> bool(abs(r.equity[0] - 45.17857) < 4 * r.stderr[0]), r.trials, r.exact
    (True, 200000, False)

    Raises :class:`~holdem_eval.InvalidStackError` / :class:`~holdem_eval.InvalidPayoutError`
    for bad values, :class:`~holdem_eval.DTypeError` for non-numbers,
    :class:`~holdem_eval.ShapeError` for empty or non-1-D input and
    :class:`~holdem_eval.IcmArgumentError` for bad options.
    """
    _check_options(method, trials, target_stderr, seed, threads)
    st = _stacks(stacks)
    pay = _payouts(payouts)[: st.size]
    return _run(st, pay, method, trials, target_stderr, seed, threads)


def icm(
    stacks: NumbersLike,
    payouts: NumbersLike,
    *,
    method: str = "auto",
    trials: int | None = None,
    target_stderr: float | None = None,
    seed: int | None = None,
    threads: int = 1,
) -> F64:
    """Each player's prize equity: :func:`icm_result`'s ``equity`` (same arguments).

    >>> icm([25, 87, 88], [50, 30, 20]).round(4).tolist()
    [25.6945, 37.0893, 37.2162]
    >>> icm([10, 10, 0], [60, 40, 20]).tolist()
    [50.0, 50.0, 20.0]
    """
    return icm_result(stacks, payouts, method=method, trials=trials, target_stderr=target_stderr,
                      seed=seed, threads=threads).equity


def icm_places(
    stacks: NumbersLike,
    *,
    places: int | None = None,
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    threads: int = 1,
) -> F64:
    """Matrix of finishing-place probabilities: row i, column k is the chance that player
    i finishes in place ``k + 1``, for the first ``places`` places (default: all). Each
    column sums to 1; with every place, each row does too. Other arguments as
    :func:`icm_result`.

    >>> icm_places([3, 1], places=1).tolist()
    [[0.75], [0.25]]
    """
    _check_options(method, trials, None, seed, threads)
    st = _stacks(stacks)
    n = st.size
    if places is None:
        places = n
    if isinstance(places, bool) or not isinstance(places, int) or not 1 <= places <= n:
        raise IcmArgumentError(f"places must be an int from 1 to {n} (the players), got {places!r}")
    pay = np.zeros(places, dtype=np.float64)
    return _run(st, pay, method, trials, None, seed, threads).places
