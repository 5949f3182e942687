"""Thousands of independent hands stepped per call in C: the engine for simulators and
learning agents (a loop over the hand state machine of ``csrc/hand.c``, in
``csrc/hand_batch.c``).

A :class:`HandBatch` holds ``count`` hands of one :class:`GameConfig` and one seat count,
each with its own stacks, button and seed. Every call works on all of them at once:

* :meth:`HandBatch.legal_mask` — ``(count, K)`` bool over the discrete actions of
  :mod:`holdem_eval.engine.discrete` for the seat to act (all False where nobody is), with
  :attr:`~HandBatch.min_raise` / :attr:`~HandBatch.max_raise` (the "to" range of a bet or
  raise, -1 when none) for exact-amount play;
* :meth:`HandBatch.observe` — ``(count, D)`` float32 observations of the seat to act
  (the layout of :mod:`holdem_eval.engine.discrete`);
* :meth:`HandBatch.step` — one action per hand (discrete index, :data:`RAISE_TO` with
  an amount, or :data:`SKIP`); returns each ended hand's net result per seat and a ``done`` mask.
  An illegal entry raises :class:`IllegalActionError` naming the hand before anything
  changes (``strict=True``, the default), or is left unapplied and reported in
  ``illegal`` (``strict=False``); it is never changed into another action.

With ``auto_reset=True`` a hand that ends restarts in the same step: the next seed
(:func:`next_seed`), the button one seat clockwise, the same starting stacks. The rules are
``Hand``'s: tests play thousands of random hands in both and compare every action, stack,
observation and result. Steps release the GIL and split over ``threads``. A hand's state
takes 456 bytes at 6 seats (:attr:`HandBatch.state_bytes_per_hand`): up to
:data:`COMPACT_SEATS` seats and :data:`COMPACT_MAX_CHIPS` chips the hands are held in the
compact layout of the hand machine (int32 chips), beyond that in the full one.

>>> import numpy as np
>>> from holdem_eval.engine import GameConfig
>>> batch = HandBatch(GameConfig(big_blind=2), 1000, 6, stacks=200, seed=1)
>>> batch.legal_mask().shape, batch.observe().shape
((1000, 5), (1000, 172))
>>> total = np.zeros(6, dtype=np.int64)
>>> for _ in range(200):
...     result = batch.step(batch.sample_legal(seed=_))
...     total += result.rewards.sum(axis=0)
>>> int(total.sum())  # chips are conserved: what one seat wins, others lose
0
"""

from __future__ import annotations

import sys
import threading
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from holdem_eval._bindings import (
    HE_E_BATCH_ILLEGAL,
    HE_E_HAND_STATE,
    HE_HAND_COMPACT_HOLE,
    HE_HAND_COMPACT_MAX_CHIPS,
    HE_HAND_COMPACT_SEATS,
    HE_OK,
    BatchC,
    batch_layout,
    hand_config_struct,
)
from holdem_eval._limits import MAX_THREADS, check_count, check_threads
from holdem_eval.errors import DTypeError, OutArrayError, ShapeError

from .config import GameConfig
from .dealing import _check_seed, next_seed, seed_array
from .discrete import RAISE_TO, SKIP, ActionSet, observation_size
from .errors import (
    HAND_FAULTS,
    MAX_CHIPS,
    BatchInUseError,
    ConfigError,
    HandStateError,
    IllegalActionError,
)
from .hand.inputs import kernel_config
from .rules import Rules

__all__ = [
    "COMPACT_MAX_CHIPS", "COMPACT_SEATS", "RAISE_TO", "SKIP", "HandBatch", "StepResult", "next_seed",
]

_M64 = (1 << 64) - 1
_INT32 = np.dtype(np.int32)  # the int32 dtype numpy gives arrays made as int32 (a fast check)
_MAX_HANDS = 1 << 31
# How a threaded call is cut (csrc/pool.c runs the parts): each thread owns a run of
# parts, the same hands every call (they stay in its core's cache), and steals the others'
# unclaimed parts when its run is done, so a few parts per thread balance the load when a
# thread starts late or loses its core for a while (a shared machine); a part is at least
# _MIN_HANDS_PER_PART hands (~10 us at ~0.15 us a hand, against ~0.1 us to claim it and
# ~1 us to hand a call to awake threads).
_PARTS_PER_THREAD = 4
_MIN_HANDS_PER_PART = 64
COMPACT_SEATS = HE_HAND_COMPACT_SEATS
"""The most seats the compact hand layout holds (6)."""
COMPACT_MAX_CHIPS = HE_HAND_COMPACT_MAX_CHIPS
"""The compact layout's chip limit (2**29): for every amount of the game, ``max_bets``,
the rake cap and the sum of a hand's stacks."""


class _Layout(NamedTuple):
    """A layout of the hand machine's record (csrc/hand_state.h) as the batch uses it."""

    hand_bytes: int
    fields: dict[str, tuple[int, int, np.dtype[Any]]]  # name -> (byte offset, length, dtype)
    capacity: int  # seats a record has room for


_FULL = _Layout(*batch_layout(False))
_COMPACT = _Layout(*batch_layout(True))


def _field(
    layout: _Layout, hands: NDArray[np.int64], name: str, length: int
) -> NDArray[np.int64]:
    """``(rows, length)`` int64 copy of a field of hand records held as int64 rows."""
    off, _, dtype = layout.fields[name]
    raw = hands.view(np.uint8)[:, off : off + length * dtype.itemsize]
    return np.ascontiguousarray(raw).view(dtype).astype(np.int64)


def _compact_misfit(config: GameConfig, rules: Rules, seats: int, stacks: NDArray[np.int64]) -> str:
    """Why hands of ``config`` with these stacks do not fit the compact layout ("" when
    they do)."""
    if seats > COMPACT_SEATS:
        return f"{seats} seats (it holds at most {COMPACT_SEATS})"
    if config.hole_count > HE_HAND_COMPACT_HOLE:  # 5- and 6-card Omaha
        return f"{config.hole_count} hole cards a seat (it holds at most {HE_HAND_COMPACT_HOLE})"
    limit = f"(it holds at most {COMPACT_MAX_CHIPS} chips)"
    amounts = [
        ("small_blind", config.small_blind), ("big_blind", config.big_blind),
        ("ante", config.ante), ("big_blind_ante", config.big_blind_ante),
        ("straddle", config.straddle), ("max_bets", config.max_bets or 0),
        ("rake_cap", rules.rake_cap or 0),
        *((f"street_sizes[{k}]", size) for k, size in enumerate(config.street_sizes)),
    ]
    for name, value in amounts:
        if value > COMPACT_MAX_CHIPS:
            return f"{name} {value!r} {limit}"
    totals = stacks.sum(axis=1)  # exact: each hand's total was checked to be <= 2**60
    over = np.flatnonzero(totals > COMPACT_MAX_CHIPS)
    if over.size:
        i = int(over[0])
        return f"the stacks of hand {i} add up to {int(totals[i])} chips {limit}"
    return ""


class StepResult(NamedTuple):
    """What one :meth:`HandBatch.step` did, per hand (fresh arrays every step)."""

    rewards: NDArray[np.int64]
    """``(count, seats)``: each seat's net chips in hands that ended in this step, else 0."""
    done: NDArray[np.bool_]
    """``(count,)``: the hand ended in this step."""
    acted: NDArray[np.bool_]
    """``(count,)``: an action was applied (False: nobody to act, or illegal)."""
    illegal: NDArray[np.bool_]
    """``(count,)``: the action was not legal and was not applied (``strict=False``)."""


def _int_array(
    value: Any, name: str, shape: tuple[int, ...], low: int, high: int, why: str = ""
) -> NDArray[np.int64]:
    """``value`` as int64 of ``shape`` with every entry in ``low..high``, checked on the
    caller's dtype before any narrowing; the caller's array is never changed."""
    a = np.asarray(value)
    if a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.integer):
        raise DTypeError(f"{name} must hold ints, got dtype {a.dtype}")
    if a.shape != shape:
        want = "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"
        raise ShapeError(f"{name} must have shape {want}, got {a.shape}")
    if a.size:
        bad = np.flatnonzero((a < low) | (a > high))
        if bad.size:
            where = np.unravel_index(int(bad[0]), shape)
            at = ", ".join(str(int(w)) for w in where)
            raise ConfigError(f"{name}[{at}] must be in {low}..{high}{why}, got {a[where].item()!r}")
    return np.ascontiguousarray(a, dtype=np.int64)


def _c_config(config: GameConfig, rules: Rules) -> Any:
    return hand_config_struct(kernel_config(config, rules, False))


def _copied(name: str, doc: str) -> Any:
    # A read-only property: a copy of the batch's array ``name``, so a caller's writes never
    # reach the batch's state; typed as Any, so each use carries its type in an annotation.
    return property(lambda self: getattr(self, name).copy(), doc=doc)


class HandBatch:
    """``count`` independent hands of ``config`` with ``seats`` seats each, held in C.

    ``stacks``: one int for every seat of every hand, or ``(count, seats)`` ints; each
    must exceed the most a seat can be forced to post (ante + the larger of big blind
    and straddle + big-blind ante), so every hand starts with a seat to act.
    ``buttons``: ``(count,)`` seats (default: hand ``i`` has its button at ``i % seats``).
    ``seed``: hand ``i`` is dealt from ``seed + i`` (mod 2**64), or give ``seeds`` as
    ``(count,)`` ints. ``actions``: the discrete action set (default
    :class:`ActionSet()`: fold, check/call, half pot, pot, all-in). ``rules``: settlement
    rules (rake), default :class:`Rules()`. ``threads``: run each call on up to that
    many threads (1..256) of the library's C worker pool, in parts of at least 64 hands
    (a few per thread, each claimed by the next free thread); the results do not depend
    on it. ``compact``: the layout of the hands' state (see
    :attr:`state_bytes_per_hand`): ``None`` (default) the compact one (456 bytes a hand:
    int32 chips, room for 6 seats) when the hands fit it — at most
    :data:`COMPACT_SEATS` seats of at most 4 hole cards (not 5- and 6-card Omaha), every
    amount of the game, ``max_bets``, the rake cap and each hand's total of stacks at most
    :data:`COMPACT_MAX_CHIPS` — else the full one (976 bytes: int64 chips, 10 seats);
    ``True`` insists on the compact one (a :class:`ConfigError` says why the hands do not
    fit), ``False`` takes the full one.
    Both run the same hand machine and give the same results. See the module docstring
    for the rest.
    """

    def __init__(
        self,
        config: GameConfig,
        count: int,
        seats: int,
        *,
        stacks: Any = 200,
        buttons: Any = None,
        seed: int = 0,
        seeds: Any = None,
        actions: ActionSet | None = None,
        rules: Rules | None = None,
        auto_reset: bool = True,
        strict: bool = True,
        threads: int = 1,
        compact: bool | None = None,
    ) -> None:
        if not isinstance(config, GameConfig):
            raise ConfigError(f"config must be a GameConfig, got {config!r}")
        self.config = config
        self.count = check_count(count, "count", high=_MAX_HANDS)
        self.seats = check_count(seats, "seats", low=2, high=_FULL.capacity)
        if config.straddle and self.seats == 2:
            raise ConfigError("a straddle needs at least 3 seats")
        self.actions = ActionSet() if actions is None else actions
        if not isinstance(self.actions, ActionSet):
            raise ConfigError(f"actions must be an ActionSet, got {actions!r}")
        self.rules = Rules() if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise ConfigError(f"rules must be a Rules, got {rules!r}")
        for flag, value in (("auto_reset", auto_reset), ("strict", strict)):
            if not isinstance(value, bool):
                raise ConfigError(f"{flag} must be a bool, got {value!r}")
        self.auto_reset = auto_reset
        self.strict = strict
        self.threads = check_threads(threads)
        n, shape = self.count, (self.count, self.seats)

        forced = config.ante + max(config.big_blind, config.straddle) + config.big_blind_ante
        why = f" (above the {forced} chips a seat may be forced to post)"
        if isinstance(stacks, (int, np.integer)) and not isinstance(stacks, bool):
            if not forced < stacks <= MAX_CHIPS:
                raise ConfigError(f"stacks must be in {forced + 1}..{MAX_CHIPS}{why}, got {stacks!r}")
            stacks = np.full(shape, int(stacks), dtype=np.int64)
        stacks_ = _int_array(stacks, "stacks", shape, forced + 1, MAX_CHIPS, why)
        if (stacks_.sum(axis=1, dtype=np.float64) > MAX_CHIPS).any():
            i = int(np.flatnonzero(stacks_.sum(axis=1, dtype=np.float64) > MAX_CHIPS)[0])
            raise ConfigError(f"the stacks of hand {i} add up to more than 2**60 chips")
        if compact is not None and not isinstance(compact, bool):
            raise ConfigError(f"compact must be a bool or None, got {compact!r}")
        misfit = _compact_misfit(config, self.rules, self.seats, stacks_)
        if compact and misfit:
            raise ConfigError(
                f"compact=True: these hands do not fit the compact layout: {misfit};"
                " pass compact=None to use the full layout"
            )
        self.compact = not misfit if compact is None else compact
        """Whether the hands use the compact layout (int32 chips, at most 6 seats)."""
        buttons_ = (
            np.arange(n, dtype=np.int64) % self.seats
            if buttons is None
            else _int_array(buttons, "buttons", (n,), 0, self.seats - 1)
        )
        if seeds is None:
            # hand i is dealt from seed + i (mod 2**64: consecutive seeds, none repeated)
            seeds_ = np.arange(n, dtype=np.uint64) + np.uint64(_check_seed(seed))
        else:
            seeds_ = seed_array(seeds, n)
        self._derive()
        self._hands = np.zeros((n, self._layout.hand_bytes // 8), dtype=np.int64)
        self._history = np.zeros((n, 4, self.seats), dtype=np.uint8)
        self._seeds = seeds_
        self._bind()
        st, bad = self._c.start((self._hands, self._history, self._seeds), stacks_, buttons_, self._parts)
        if st != HE_OK:  # every input was checked above; a refusal is a bug to report
            raise ConfigError(f"hand {bad}: the hand machine refused to start it (status {st})")
        self._start_fresh(stacks_)
        self._c.view()

    # ---- set-up shared with copies -------------------------------------------------------
    def _derive(self) -> None:
        """The attributes that follow from the settings (config, count, seats, actions,
        rules, auto_reset, strict, threads, compact)."""
        self._layout = _COMPACT if self.compact else _FULL
        self._k = self.actions.size
        self.observation_size = observation_size(self.seats)
        """``D``: the length of one observation."""
        self._obs_shape = (self.count, self.observation_size)
        self._shape = (self.count,)
        self._parts = self._parts_for(self.count)
        self._threads = min(self.threads, self._parts)  # threads that may work on a call

    def _bind(self) -> None:
        """The C side over the hands, history and seeds arrays: the spec and the view arrays
        (written by the next view)."""
        n, k = self.count, self._k
        self._mask = np.zeros((n, k), dtype=np.uint8)
        self._min = np.zeros(n, dtype=np.int64)
        self._max = np.zeros(n, dtype=np.int64)
        self._actor = np.zeros(n, dtype=np.int64)
        arrays = (self._hands, self._history, self._seeds, self._mask, self._min, self._max, self._actor)
        self._c = BatchC(
            _c_config(self.config, self.rules), float(self.config.big_blind), self.seats,
            self.actions.raise_fractions, self.auto_reset, self.compact, arrays, self._parts, self._threads,
        )
        self._busy = threading.Lock()  # held by the call that runs on the hands (_enter)
        self._last_out: Any = None  # the last `out` array of step() and its C pointer
        self._p_last_out: Any = None

    def _start_fresh(self, stacks: NDArray[np.int64]) -> None:
        """Starts the hands a restart copies (one per button; he_hand_start's result without
        its work) with ``stacks`` (the first hand's)."""
        self._fresh = np.zeros((self.seats, self._layout.hand_bytes // 8), dtype=np.int64)
        st = self._c.fresh(self._fresh, np.ascontiguousarray(stacks[0], dtype=np.int64))
        if st != HE_OK:
            raise ConfigError(f"hand 0: the hand machine refused to start it (status {st})")

    # ---- threads -----------------------------------------------------------------------
    def _parts_for(self, hands: int) -> int:
        """How many parts a call over ``hands`` hands is split into: one without threads,
        else ``_PARTS_PER_THREAD`` per thread (at most 256), none smaller than
        ``_MIN_HANDS_PER_PART``. The C calls (``he_batch_*``, their he_batch_range) cut the parts and run
        them on up to ``threads`` threads of their worker pool, in one GIL-free call."""
        if self.threads == 1:
            return 1
        return max(1, min(MAX_THREADS, self.threads * _PARTS_PER_THREAD, hands // _MIN_HANDS_PER_PART))

    # ---- reading -----------------------------------------------------------------------
    def legal_mask(self) -> NDArray[np.bool_]:
        """``(count, K)``: the legal discrete actions of each hand's seat to act."""
        return self._mask.astype(np.bool_)

    min_raise: NDArray[np.int64] = _copied(
        "_min", '``(count,)``: the smallest legal bet/raise "to" amount, -1 when none.')
    max_raise: NDArray[np.int64] = _copied(
        "_max", '``(count,)``: the largest legal bet/raise "to" amount (all-in), -1 when none.')
    actor: NDArray[np.int64] = _copied(
        "_actor", "``(count,)``: the seat to act in each hand, -1 when nobody is (hand over).")
    seeds: NDArray[np.uint64] = _copied(
        "_seeds", "``(count,)``: the seed each current hand was dealt from.")

    @property
    def state_bytes_per_hand(self) -> int:
        """Bytes of state per hand: the hand machine's record (compact or full layout),
        the bet history and the seed."""
        return int(self._layout.hand_bytes + self._history[0].nbytes + self._seeds[0].nbytes)

    def state(self, name: str) -> NDArray[np.int64]:
        """``(count, length)`` copy of one field of the hand machine's state
        (``csrc/hand_state.h``: ``stacks``, ``bets``, ``pot``, ``button``, ``board``, ...);
        per-seat fields are cut to ``seats`` columns, ``holes`` to ``seats`` times the hole
        count (seat by seat), so both layouts give the same arrays; only ``acted`` holds
        the layout's level for a folded or all-in seat: 2**62, or 2**30 in the compact
        layout."""
        fields = self._layout.fields
        if name not in fields:
            raise ConfigError(f"state has no field {name!r}; fields: {', '.join(fields)}")
        length = fields[name][1]
        if length == self._layout.capacity:
            length = self.seats
        elif name == "holes":
            length = self.seats * self.config.hole_count
        return _field(self._layout, self._hands, name, length)

    def _out(self, out: Any) -> NDArray[np.float32]:
        shape = self._obs_shape
        if out is None:
            return np.empty(shape, dtype=np.float32)
        if not isinstance(out, np.ndarray):
            raise OutArrayError(f"out must be a numpy array, got {type(out).__name__}")
        if out.dtype != np.float32 or out.shape != shape:
            raise OutArrayError(
                f"out must be float32 with shape {shape}, got {out.dtype} {out.shape}"
            )
        if not out.flags.c_contiguous or not out.flags.writeable:
            raise OutArrayError("out must be C-contiguous and writable")
        return out

    def _out_pointer(self, out: Any) -> Any:
        """The C pointer to a checked ``out``. The last one is kept: a loop passing the same
        array every step has it checked and converted once (the pointer holds its buffer,
        so numpy refuses to resize it; its shape and flags are looked at again)."""
        flags = out.flags if out is self._last_out else None
        if flags is None or not (flags.writeable and flags.c_contiguous) or out.shape != self._obs_shape:
            self._p_last_out = BatchC.pointer(self._out(out))
            self._last_out = out
        return self._p_last_out

    def observe(self, out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
        """``(count, D)`` float32: each hand's observation of its seat to act (zeros where
        nobody is), written into ``out`` when given (C-contiguous, writable float32)."""
        out = self._out(out)
        self._enter()
        try:
            self._c.observe(out)
        finally:
            self._busy.release()
        return out

    def _enter(self) -> None:
        """Takes the batch for a call on its hands, or raises :class:`BatchInUseError`
        when another thread's call holds it (the C calls run without the GIL: two at once
        on the same hands would tear their states). Release ``self._busy`` after."""
        if not self._busy.acquire(blocking=False):
            raise BatchInUseError(
                "this HandBatch is in use: a call on it from another thread is running"
                " (one thread at a time; give each thread its own batch)"
            )

    # ---- acting --------------------------------------------------------------------------
    def sample_legal(self, seed: int = 0) -> NDArray[np.int32]:
        """``(count,)`` int32: a uniformly random legal discrete action per hand (-1 where
        nobody is to act), a function of ``seed`` and the hand's index only."""
        seed = _check_seed(seed)
        out = np.empty(self.count, dtype=np.int32)
        self._enter()
        try:
            self._c.sample(seed, out)
        finally:
            self._busy.release()
        return out

    def step(
        self, kinds: Any, amounts: Any = None, *, out: NDArray[np.float32] | None = None
    ) -> StepResult:
        """Apply one action per hand: ``kinds[i]`` a discrete index ``0..K-1``, or
        :data:`RAISE_TO` to bet or raise to ``amounts[i]``, or :data:`SKIP` to leave the
        hand as it is. Hands where nobody is to act ignore their entry. See the module
        docstring for illegal entries and resets.

        ``out``: also write the observations after the step there, in the same pass over
        the hands (what :meth:`observe` would write next; faster than calling it)."""
        n, k = self.count, self._k
        p_obs = None if out is None else self._out_pointer(out)
        a = kinds if isinstance(kinds, np.ndarray) else np.asarray(kinds)
        if a.dtype is _INT32 and a.shape == self._shape and a.flags.c_contiguous:
            kinds32 = a  # read only; out-of-range values are illegal in C
        else:
            kinds_ = _int_array(a, "kinds", (n,), -(1 << 63), (1 << 63) - 1)
            out_of_range = (kinds_ < SKIP) | (kinds_ >= k)
            kinds32 = np.where(out_of_range, k, kinds_).astype(np.int32)  # k: never legal
        amounts_: NDArray[np.int64] | None = None
        if amounts is not None:
            amounts_ = _int_array(amounts, "amounts", (n,), -(1 << 63), (1 << 63) - 1)
        flags = np.empty((3, n), dtype=np.bool_)  # illegal, acted, done
        rewards = np.empty((n, self.seats), dtype=np.int64)
        # strict: the kinds are checked first in the same call, and no hand steps if one is
        # illegal (on the calling thread: the scan is ~1 ns a hand, less than a handoff)
        self._enter()
        try:
            st, i = self._c.step(kinds32, amounts_, flags, rewards, p_obs, self.strict)
        finally:
            self._busy.release()
        if st != HE_OK:
            if st == HE_E_BATCH_ILLEGAL and self.strict:  # nothing was changed
                self._raise_illegal(i, int(a[i]), amounts_)
            # legal actions never fail in the hand machine: a bug
            raise IllegalActionError(f"hand {i}: the hand machine refused the action (status {st})")
        return StepResult(rewards, flags[2], flags[1], flags[0])  # illegal, acted, done

    def _raise_illegal(self, i: int, kind: int, amounts: NDArray[np.int64] | None) -> None:
        legal = np.flatnonzero(self._mask[i]).tolist()
        names = ", ".join(self.actions.names[j] for j in legal)
        lo, hi = int(self._min[i]), int(self._max[i])
        if kind == RAISE_TO:
            if amounts is None:
                raise IllegalActionError(f"hand {i}: RAISE_TO needs amounts, got amounts=None")
            if lo < 0:
                raise IllegalActionError(
                    f"hand {i}: raise to {int(amounts[i])!r} is not legal now: the seat to act"
                    f" may not bet or raise; legal actions: {legal} ({names})"
                )
            raise IllegalActionError(
                f"hand {i}: raise to {int(amounts[i])!r} is not legal now; bets and raises go"
                f" to {lo}..{hi}"
            )
        raise IllegalActionError(
            f"hand {i}: action {kind!r} is not legal now; legal actions: {legal} ({names})"
        )

    def reset(self, which: Any = None) -> None:
        """Restart the hands where ``which`` (``(count,)`` bool; default all) is True, as
        ``auto_reset`` does: the next seed, the button one seat clockwise, the same
        starting stacks."""
        n = self.count
        if which is None:
            rows = np.arange(n)
        else:
            w = np.asarray(which)
            if w.dtype != np.bool_:
                raise DTypeError(f"which must be a bool mask, got dtype {w.dtype}")
            if w.shape != (n,):
                raise ShapeError(f"which must have shape ({n},), got {w.shape}")
            rows = np.flatnonzero(w)
        if rows.size == 0:
            return
        self._enter()
        try:
            self._restart(rows)
        finally:
            self._busy.release()

    def _restart(self, rows: NDArray[np.intp]) -> None:
        """reset() of hands ``rows`` (the batch taken)."""
        layout = self._layout
        stacks = _field(layout, self._hands[rows], "starting_stacks", self.seats)
        button = _field(layout, self._hands[rows], "button", 1)[:, 0]
        buttons = np.ascontiguousarray((button + 1) % self.seats)
        seeds = np.array([next_seed(int(s)) for s in self._seeds[rows]], dtype=np.uint64)
        hands = np.ascontiguousarray(self._hands[rows])
        history = np.ascontiguousarray(self._history[rows])
        st, bad = self._c.start((hands, history, seeds), stacks, buttons, self._parts_for(rows.size))
        if st != HE_OK:
            raise ConfigError(f"hand {int(rows[bad])}: the hand machine refused to start it (status {st})")
        self._hands[rows] = hands
        self._history[rows] = history
        self._seeds[rows] = seeds
        self._c.view()

    # ---- copies --------------------------------------------------------------------------
    def clone(self) -> HandBatch:
        """An independent copy: every hand in the same state, so it plays on exactly as
        this batch would (for search, planning or a checkpoint). Pickling keeps the same."""
        return _restore_batch(type(self), self._portable())

    def __copy__(self) -> HandBatch:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> HandBatch:
        return self.clone()  # every array is copied; the settings are immutable

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore_batch, (type(self), self._portable())

    def _portable(self) -> tuple[Any, ...]:
        """What a copy is made from: the format, the machine's byte order, the settings and
        copies of the hands, histories and seeds (the view and the fresh hands are
        recomputed)."""
        settings = (self.config, self.count, self.seats, self.actions, self.rules,
                    self.auto_reset, self.strict, self.threads, self.compact)
        self._enter()
        try:
            arrays = self._hands.copy(), self._history.copy(), self._seeds.copy()
        finally:
            self._busy.release()
        return (_FORMAT, sys.byteorder, settings, *arrays)


# the format of HandBatch._portable (a pickle of another format is refused), and the
# types of its settings
_FORMAT = 1
_SETTINGS = (GameConfig, int, int, ActionSet, Rules, bool, bool, int, bool)


def _restore_batch(cls: type[HandBatch], state: tuple[Any, ...]) -> HandBatch:
    """A :class:`HandBatch` from ``HandBatch._portable()`` (unpickling, clone): its arrays
    copied, every hand checked by the hand machine (:class:`HandStateError` names the first
    it refuses), then its view computed."""
    what = "the pickled HandBatch"
    form = state[0] if isinstance(state, tuple) and len(state) == 6 else None
    if form != _FORMAT:
        raise HandStateError(f"{what} has format {form!r}; this version reads format {_FORMAT}")
    _, byteorder, settings, hands, history, seeds = state
    if not (isinstance(settings, tuple) and len(settings) == len(_SETTINGS)
            and all(isinstance(v, t) for v, t in zip(settings, _SETTINGS))
            and 1 <= settings[1] <= _MAX_HANDS and 2 <= settings[2] <= _FULL.capacity
            and 1 <= settings[7] <= MAX_THREADS
            and (settings[2] <= COMPACT_SEATS or not settings[8])):
        raise HandStateError(f"{what}: its settings are not a HandBatch's: {settings!r}")
    b = cls.__new__(cls)
    (b.config, b.count, b.seats, b.actions, b.rules, b.auto_reset, b.strict, b.threads,
     b.compact) = settings
    b._derive()
    n, layout = b.count, b._layout
    if byteorder != sys.byteorder:
        raise HandStateError(f"{what} was saved on a {byteorder}-endian machine; its hand"
                             f" records cannot be read on this {sys.byteorder}-endian one")
    for name, array, shape, dtype in (
        ("hands", hands, (n, layout.hand_bytes // 8), np.int64),
        ("history", history, (n, 4, b.seats), np.uint8),
        ("seeds", seeds, (n,), np.uint64),
    ):
        if not isinstance(array, np.ndarray) or array.dtype != dtype or array.shape != shape:
            got = (f"{array.dtype} {array.shape}" if isinstance(array, np.ndarray)
                   else repr(type(array)))
            raise HandStateError(
                f"{what}: {name} must be {np.dtype(dtype)} with shape {shape} (this build's"
                f" {'compact' if b.compact else 'full'} layout), got {got}"
            )
    # copies: C-contiguous and writable for the C side, whatever the pickle held
    b._hands, b._history, b._seeds = hands.copy(), history.copy(), seeds.copy()
    b._bind()
    stacks = _field(layout, b._hands[:1], "starting_stacks", b.seats)
    try:
        b._start_fresh(stacks)
    except ConfigError:
        raise HandStateError(f"{what}: hand 0 is not a hand of its game: its starting"
                             f" stacks {stacks[0].tolist()} cannot start one") from None
    st, bad, fault = b._c.check_hands()
    if st != HE_OK:
        why = (f"is not a state a batch can play: {HAND_FAULTS[fault]}"
               if st == HE_E_HAND_STATE else f"is not a hand of its game with {b.seats} seats")
        raise HandStateError(f"{what}: hand {bad} {why} (status {st})")
    b._c.view()
    return b
