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
from typing import Any, NoReturn, Union, cast

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
    "icm_batch",
    "icm_places",
    "icm_result",
]

F64 = NDArray[np.float64]
Doubles = nat.Doubles
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
_PLAIN = frozenset((int, float))  # element types taken without NumPy (not bool, a subclass)


def _non_number(items: Sequence[object]) -> int | None:
    """The index of the first item that is not a real number (a bool is not), or None."""
    if _PLAIN.issuperset(map(type, items)):
        return None
    for i, v in enumerate(items):
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            return i
    return None


def _numbers(values: object, what: str, error: type[Exception]) -> Doubles:
    """``values`` as doubles for the kernels, their type and shape checked (1-D, at least
    one number); their values (finite, >= 0, ...) are checked by the kernels
    (he_icm_check), one rule for every path. A list or tuple of plain ints and floats, the
    common case, becomes a list of floats without a NumPy round trip; anything else a
    C-contiguous float64 array. ``what`` is "stack" or "payout"."""
    if (type(values) is list or type(values) is tuple) and values \
            and _PLAIN.issuperset(map(type, values)):
        # as they are: cffi or NumPy converts them for the kernel, and an int beyond the
        # doubles is an OverflowError there (_raise_overflow)
        return values
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
        i = _non_number(items)
        if i is not None:
            raise DTypeError(f"{what} {i} is not a number: {items[i]!r} in {values!r}")
        try:
            arr = np.array([float(v) for v in items], dtype=np.float64)
        except OverflowError:
            raise error(f"{plural} must be finite numbers >= 0, got {values!r}") from None
    if arr.ndim != 1:
        raise ShapeError(f"{plural} must be a 1-D sequence of numbers, got shape {arr.shape}")
    if arr.size == 0:
        raise ShapeError(f"{plural} must have at least one value, got {values!r}")
    return np.ascontiguousarray(arr, dtype=np.float64)


def _raise_overflow(stacks_shown: object, payouts_shown: object, where: str = "") -> None:
    """After an OverflowError converting plain lists: the error naming the list with an int
    beyond the doubles, if one has (``where``: " in row r" for a row of icm_batch)."""
    for shown, what, error in ((stacks_shown, "stack", InvalidStackError),
                               (payouts_shown, "payout", InvalidPayoutError)):
        if type(shown) is list or type(shown) is tuple:
            try:
                [float(v) for v in shown]
            except OverflowError:
                raise error(f"{what}s{where} must be finite numbers >= 0, got {shown!r}") from None


def _shown(values: object) -> object:
    return values.tolist() if isinstance(values, np.ndarray) else values


# The kernels' statuses for bad input (he_icm_check), the one table from status to error:
# the class and the message, whose fields are {i} the index of the bad value, {value} its
# value, {prev} the value before it, {where} " in row r" for icm_batch, {got} what the
# caller gave (for icm_batch, the row).
_INPUT_ERRORS: dict[int, tuple[type[Exception], str]] = {
    nat.HE_E_ICM_STACK: (InvalidStackError,
                         "stack {i}{where} is {value!r}: stacks must be finite numbers >= 0, "
                         "got {got!r}"),
    nat.HE_E_ICM_STACKS_ZERO: (InvalidStackError, "stacks{where} must not all be zero, got {got!r}"),
    nat.HE_E_ICM_STACKS_SUM: (InvalidStackError,
                              "stacks{where} must sum to a finite number, got {got!r}"),
    nat.HE_E_ICM_PAYOUT: (InvalidPayoutError,
                          "payout {i} is {value!r}: payouts must be finite numbers >= 0, got {got!r}"),
    nat.HE_E_ICM_PAYOUT_RISE: (InvalidPayoutError,
                               "payouts must not increase: payout {i} ({value!r}) is above payout "
                               "{before} ({prev!r}) in {got!r}"),
    nat.HE_E_ICM_MEMORY: (MemoryError, "ICM: the kernel could not allocate its working memory"),
}


def _raise_status(st: int, bad: tuple[int, int], stacks: Doubles, stacks_shown: object, payouts: Doubles,
                  payouts_shown: object, where: str = "") -> NoReturn:
    """Raises the error of a kernel's status: ``stacks`` the row's doubles (bad[0] is its
    row), ``payouts`` the payouts' doubles, ``*_shown`` as the caller gave them."""
    cls, template = _INPUT_ERRORS.get(st, (IcmArgumentError, f"ICM kernel rejected its input "
                                                              f"(status {st})"))
    i = bad[1]
    values, got = (payouts, payouts_shown) if cls is InvalidPayoutError else (stacks, stacks_shown)
    raise cls(template.format(i=i, before=i - 1, value=float(values[i]), prev=float(values[i - 1]),
                              where=where, got=got))


def _check_options(method: object, trials: object, target_stderr: object, seed: object,
                   threads: object) -> None:
    if method not in METHODS:
        raise IcmArgumentError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    if trials is None and target_stderr is None and seed is None and type(threads) is int \
            and threads == 1:
        return  # the defaults
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


def _inputs(stacks: object, payouts: object, method: object, trials: object,
            target_stderr: object, seed: object, threads: object) -> tuple[Doubles, Doubles]:
    """The options checked, then stacks and payouts as doubles (:func:`_numbers`)."""
    _check_options(method, trials, target_stderr, seed, threads)
    return (_numbers(stacks, "stack", InvalidStackError),
            _numbers(payouts, "payout", InvalidPayoutError))


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


def _check_status(st: int) -> None:
    """A status of a kernel whose input was checked first: only allocation can fail."""
    if st != nat.HE_OK:
        _raise_status(st, (0, 0), [], None, [], None)


def _is_exact(method: str, n: int) -> bool:
    return method == "exact" or (method == "auto" and n <= AUTO_EXACT_MAX_PLAYERS)


def _exact(stacks: Doubles, payouts: Doubles, stacks_shown: object, payouts_shown: object,
           places: bool) -> tuple[F64, F64 | None]:
    """he_icm_exact on one row: (equity (n,), places (n, nplaces) or None)."""
    n = len(stacks)
    if n > EXACT_MAX_PLAYERS:
        raise IcmArgumentError(
            f"method='exact' takes at most {EXACT_MAX_PLAYERS} players (memory and time grow as "
            f"2**n), got {n}; use method='monte_carlo'")
    try:
        st, bad, equity, matrix = nat.icm_exact(stacks, (n,), payouts, places)
    except OverflowError:
        _raise_overflow(stacks_shown, payouts_shown)
        raise
    if st != nat.HE_OK:
        _raise_status(st, bad, stacks, stacks_shown, payouts, payouts_shown)
    return equity, matrix


def _tie_average(stacks: F64, matrix: F64) -> F64:
    """he_icm_tie_average on a copy: rows of players with equal stacks replaced by their
    mean (the model is symmetric)."""
    out = np.array(matrix, dtype=np.float64, order="C")
    _check_status(nat.icm_tie_average(stacks, out))
    return out


def _mc_counts(stacks: F64, nplaces: int, trials: int, seed: int, threads: int) -> NDArray[np.uint64]:
    threads = max(1, min(threads, -(-trials // _BLOCK)))
    st, counts = nat.icm_mc(stacks, nplaces, trials, seed, threads)
    _check_status(st)
    return counts


def _mc_stats(counts: NDArray[np.uint64], trials: int, pay: F64) -> tuple[F64, F64]:
    c = counts.astype(np.float64)
    places = c / trials
    mean = places @ pay
    second = places @ (pay * pay)
    stderr = np.sqrt(np.maximum(second - mean * mean, 0.0) / trials)
    return places, stderr


def _run(stacks: Doubles, payouts: Doubles, stacks_shown: object, payouts_shown: object,
         method: str, trials: int | None, target_stderr: float | None, seed: int | None,
         threads: int) -> IcmResult:
    n = len(stacks)
    paid = tuple(float(p) for p in payouts[:n])
    if _is_exact(method, n):
        equity, places = _exact(stacks, payouts, stacks_shown, payouts_shown, True)
        assert places is not None  # asked for
        return IcmResult(equity, np.zeros(n, dtype=np.float64), places, paid, True,
                         stacks=tuple(float(s) for s in stacks))
    try:
        st_arr = np.ascontiguousarray(stacks, dtype=np.float64)
        status, bad = nat.icm_check(st_arr, 1, n, payouts)
    except OverflowError:
        _raise_overflow(stacks_shown, payouts_shown)
        raise
    if status != nat.HE_OK:
        _raise_status(status, bad, stacks, stacks_shown, payouts, payouts_shown)
    pay = np.array(paid, dtype=np.float64)
    if seed is None:
        seed = secrets.randbits(64)
    if target_stderr is None:
        total = trials if trials is not None else DEFAULT_TRIALS
        counts = _mc_counts(st_arr, pay.size, total, seed, threads)
        places, stderr = _mc_stats(counts, total, pay)
    else:
        # Rounds of doubling size, round r from seed + r * step, until every player's
        # standard error is at most target_stderr or the trials (default 2**40) run out.
        cap = trials if trials is not None else MAX_TRIALS
        counts = np.zeros((n, pay.size), dtype=np.uint64)
        total, size, r = 0, min(4 * _BLOCK, cap), 0
        while True:
            size = min(size, cap - total)
            round_seed = (seed + r * _ROUND_SEED_STEP) % (1 << 64)
            counts += _mc_counts(st_arr, pay.size, size, round_seed, threads)
            total += size
            places, stderr = _mc_stats(counts, total, pay)
            if stderr.max() <= target_stderr or total >= cap:
                break
            size, r = 2 * size, r + 1
    places = _tie_average(st_arr, places)
    return IcmResult(places @ pay, _tie_average(st_arr, stderr[:, None])[:, 0], places, paid,
                     False, total, seed, tuple(st_arr.tolist()))


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
    st, pay = _inputs(stacks, payouts, method, trials, target_stderr, seed, threads)
    return _run(st, pay, stacks, payouts, method, trials, target_stderr, seed, threads)


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
    st, pay = _inputs(stacks, payouts, method, trials, target_stderr, seed, threads)
    if _is_exact(method, len(st)):  # equity straight from the kernel: no place matrix, no result
        return _exact(st, pay, stacks, payouts, False)[0]
    return _run(st, pay, stacks, payouts, method, trials, target_stderr, seed, threads).equity


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
    st = _numbers(stacks, "stack", InvalidStackError)
    n = len(st)
    if places is None:
        places = n
    if isinstance(places, bool) or not isinstance(places, int) or not 1 <= places <= n:
        raise IcmArgumentError(f"places must be an int from 1 to {n} (the players), got {places!r}")
    return _run(st, [0.0] * places, stacks, None, method, trials, None, seed, threads).places


def _rows(stacks: object) -> F64:
    """icm_batch's stacks as a C-contiguous (rows, n) float64 array: numbers, 2-D, at
    least one player a row (no copy of a float64 C-contiguous array: the kernel only reads
    it)."""
    if isinstance(stacks, (str, bytes)):
        raise DTypeError(f"stacks must be rows of numbers, got {stacks!r}")
    if isinstance(stacks, np.ndarray):
        arr = stacks
    else:
        try:
            arr = np.asarray(stacks)
        except ValueError:  # rows of different lengths
            raise ShapeError("stacks must be rows of equal length (one row of stacks per "
                             f"table), got {stacks!r}") from None
        if arr.ndim == 2:  # rows of equal length: each value a number (not a bool)?
            rows = cast("Sequence[Sequence[object]]", stacks)  # as NumPy just read it
            for r, row in enumerate(rows):
                i = _non_number(row)
                if i is not None:
                    raise DTypeError(f"stack {i} in row {r} is not a number: {row[i]!r} in {row!r}")
            try:
                arr = np.array(stacks, dtype=np.float64)
            except OverflowError:  # an int beyond the doubles
                for r, row in enumerate(rows):
                    _raise_overflow(row, None, f" in row {r}")
                raise
    if arr.dtype.kind not in "iuf":
        raise DTypeError(f"stacks must be numbers, got an array of dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] == 0:
        raise ShapeError("stacks must have shape (rows, players) with at least one player, "
                         f"got shape {arr.shape}")
    return np.ascontiguousarray(arr, dtype=np.float64)


def icm_batch(stacks: NDArray[Any] | Sequence[Sequence[Number]], payouts: NumbersLike) -> F64:
    """Exact prize equity of many stack vectors in one C call: row ``r`` of the result is
    ``icm(stacks[r], payouts, method="exact")`` (the same kernel, the same numbers).

    ``stacks``: shape (rows, players), numbers >= 0, no row all zero, at most
    ``EXACT_MAX_PLAYERS`` players (each row costs about ``2**players`` steps with every
    place paid, far fewer with few paid; zero rows give an empty result). ``payouts`` as
    :func:`icm`. The caller's arrays are only read. Errors name the row:

    >>> icm_batch([[50, 30, 20], [10, 10, 0]], [60, 40, 20]).round(4).tolist()
    [[46.7857, 39.5, 33.7143], [50.0, 50.0, 20.0]]
    >>> icm_batch([[50, 30, 20], [0, 0, 0]], [60, 40])
    Traceback (most recent call last):
    ...
    holdem_eval.errors.InvalidStackError: stacks in row 1 must not all be zero, got [0, 0, 0]

    Raises :class:`~holdem_eval.InvalidStackError` / :class:`~holdem_eval.InvalidPayoutError`
    for bad values, :class:`~holdem_eval.DTypeError` for non-numbers,
    :class:`~holdem_eval.ShapeError` for a shape other than (rows, players) and
    :class:`~holdem_eval.IcmArgumentError` for more than ``EXACT_MAX_PLAYERS`` players.
    """
    arr = _rows(stacks)
    pay = _numbers(payouts, "payout", InvalidPayoutError)
    rows, n = arr.shape
    if n > EXACT_MAX_PLAYERS:
        raise IcmArgumentError(
            f"icm_batch takes at most {EXACT_MAX_PLAYERS} players a row (it is exact: memory "
            f"and time grow as 2**n), got {n}")
    try:
        st, bad, equity, _ = nat.icm_exact(arr, (rows, n), pay, False)
    except OverflowError:
        _raise_overflow(None, payouts)
        raise
    if st != nat.HE_OK:
        r = bad[0]
        row = stacks[r].tolist() if isinstance(stacks, np.ndarray) else stacks[r]
        _raise_status(st, bad, arr[r], row, pay, payouts, f" in row {r}")
    return equity
