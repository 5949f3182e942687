"""Hand batch kernels (csrc/hand_batch*.c) for engine.HandBatch and engine.discrete."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._core import ffi, lib

# ---------------------------------------------------------------------------------------
# Hand batch (csrc/hand_batch*.c, api/hand_batch.h; used by engine/batch.py and, for the
# observation of one engine.Hand, engine/discrete.py). The layout and the compact-or-full
# choice live in C (he_batch_spec.compact); this section only fills the structs.
# ---------------------------------------------------------------------------------------

__all__ = ["HE_E_BATCH_ILLEGAL", "HE_E_HAND_STATE", "HE_HAND_COMPACT_HOLE", "HE_HAND_COMPACT_MAX_CHIPS",
           "HE_HAND_COMPACT_SEATS",
            "OBS_OFFSETS", "BatchC", "batch_layout", "batch_next_seed", "observation_size", "observe_hand"]
HE_E_BATCH_ILLEGAL, HE_E_HAND_STATE = int(lib.HE_E_BATCH_ILLEGAL), int(lib.HE_E_HAND_STATE)
HE_HAND_COMPACT_SEATS: int = lib.HE_HAND_COMPACT_SEATS
HE_HAND_COMPACT_HOLE: int = lib.HE_HAND_COMPACT_HOLE
HE_HAND_COMPACT_MAX_CHIPS: int = lib.HE_HAND_COMPACT_MAX_CHIPS

# the observation layout of api/hand_batch.h: HE_OBS_<name> by name
OBS_OFFSETS: dict[str, int] = {name[7:]: int(getattr(lib, name)) for name in dir(lib)
                               if name.startswith("HE_OBS_")}


observation_size: Callable[[int], int] = lib.he_batch_observation_size  # D, from the seats


def observe_hand(state: bytes, events: bytes, seat: int, chip_unit: float, out: NDArray[np.float32]) -> int:
    """The observation of ``seat`` in one engine.Hand (its record and log as bytes) into
    ``out`` (C-contiguous float32 of the table's observation size); the status."""
    hand, ev = ffi.cast("he_hand *", ffi.from_buffer(state)), ffi.from_buffer("he_hand_event[]", events)
    n_ev = len(events) // ffi.sizeof("he_hand_event")
    return int(lib.he_batch_observe_hand(hand, ev, n_ev, seat, chip_unit, ffi.from_buffer("float[]", out)))


batch_next_seed: Callable[[int], int] = lib.he_batch_next_seed  # splitmix64's output


def batch_layout(compact: bool) -> tuple[int, dict[str, tuple[int, int, np.dtype[Any]]], int]:
    """The hand record the batch kernels use with ``compact``: its bytes, its fields
    (name -> byte offset, length, dtype) and the seats it holds."""
    fields, f, c = {}, 0, ffi.new("he_batch_field *")
    while lib.he_batch_hand_field(compact, f, c) == lib.HE_OK:
        fields[ffi.string(c.name).decode()] = c.offset, c.length, np.dtype(f"=i{c.width}")
        f += 1
    seats = lib.HE_HAND_COMPACT_SEATS if compact else lib.HE_HAND_MAX_SEATS
    return int(lib.he_batch_hand_size(compact)), fields, int(seats)


class BatchC:
    """The C side of one HandBatch: its spec and arrays (hands, histories, seeds, the view:
    mask, raise range, actor) as api/hand_batch.h's structs. Each method is one GIL-free
    call over all hands and returns its status (and bad hand); the caller has checked the
    inputs and holds the batch (one call at a time: the structs are shared)."""

    def __init__(self, config: Any, chip_unit: float, seats: int, fractions: Sequence[float],
                 auto_reset: bool, compact: bool, arrays: Sequence[NDArray[Any]],
                 parts: int, threads: int) -> None:
        """``config``: the game, a :func:`hand_config_struct` (kept)."""
        hands, history, seeds, mask, lo, hi, actor = arrays
        self._cfg = config
        self.spec = spec = ffi.new("he_batch_spec *")
        spec.config, spec.seats = ffi.cast("he_hand_config *", config), seats
        spec.n_fractions, spec.fractions[0:len(fractions)] = len(fractions), list(fractions)
        spec.chip_unit, spec.auto_reset, spec.compact = chip_unit, auto_reset, compact
        self._arrays = arrays  # the buffers below point into them
        self.hands = ffi.new("he_batch_hands *", (ffi.from_buffer("int64_t[]", hands),
                             ffi.from_buffer("uint8_t[]", history), ffi.from_buffer("uint64_t[]", seeds)))
        self.views = ffi.new("he_batch_views *", (
            ffi.from_buffer("uint8_t[]", mask), ffi.from_buffer("int64_t[]", lo),
            ffi.from_buffer("int64_t[]", hi), ffi.from_buffer("int64_t[]", actor), ffi.NULL))
        self.range = ffi.new("he_batch_range *", (0, len(hands), parts, threads))
        self._actions = ffi.new("he_batch_actions *")
        self._results = ffi.new("he_batch_results *")
        self._bad, self._fault = ffi.new("size_t *"), ffi.new("int *")
        self._fresh: Any = None

    pointer = staticmethod(lambda out: ffi.from_buffer("float[]", out))
    """A checked observation array as the C pointer ``view``/``step`` take (keep it)."""

    def fresh(self, fresh: NDArray[np.int64], stacks: NDArray[np.int64]) -> int:
        """Starts the hands a restart copies into ``fresh`` (kept, and set in the spec)."""
        self.spec.fresh = self._fresh = ffi.from_buffer("int64_t[]", fresh)
        return int(lib.he_batch_fresh(self.spec, self._fresh, ffi.from_buffer("int64_t[]", stacks)))

    def start(self, arrays: Sequence[NDArray[Any]], stacks: NDArray[np.int64],
              buttons: NDArray[np.int64], parts: int) -> tuple[int, int]:
        """Starts the hands of ``arrays`` (hands, histories, seeds: the batch's or rows
        of them) with ``stacks`` and ``buttons``."""
        hands, history, seeds = arrays
        b = ffi.new("he_batch_hands *", (ffi.from_buffer("int64_t[]", hands),
                    ffi.from_buffer("uint8_t[]", history), ffi.from_buffer("uint64_t[]", seeds)))
        r = ffi.new("he_batch_range *", (0, len(hands), parts, self.range.threads))
        st = lib.he_batch_start(self.spec, b, ffi.from_buffer("int64_t[]", stacks),
                                ffi.from_buffer("int64_t[]", buttons), r, self._bad)
        return int(st), int(self._bad[0])

    def view(self, obs: Any = None) -> int:
        """Writes the view (and the observations at ``obs``, a :meth:`pointer`)."""
        self.views.obs = ffi.NULL if obs is None else obs
        return int(lib.he_batch_view(self.spec, self.hands, self.views, self.range))

    def observe(self, out: NDArray[np.float32]) -> int:
        self.views.obs = ffi.from_buffer("float[]", out)
        return int(lib.he_batch_observe(self.spec, self.hands, self.views, self.range))

    def step(self, kinds: NDArray[np.int32], amounts: NDArray[np.int64] | None,
             flags: NDArray[Any], rewards: NDArray[np.int64], obs: Any,
             strict: bool) -> tuple[int, int]:
        """One step; ``flags`` (3, count): illegal, acted, done; ``obs`` a :meth:`pointer`
        or None."""
        n, a, r = len(kinds), self._actions, self._results
        a.kinds = ffi.from_buffer("int32_t[]", kinds)
        a.amounts = ffi.NULL if amounts is None else ffi.from_buffer("int64_t[]", amounts)
        p_flags = ffi.from_buffer("uint8_t[]", flags)
        r.illegal, r.acted, r.done = p_flags, p_flags + n, p_flags + 2 * n
        r.rewards = ffi.from_buffer("int64_t[]", rewards)
        self.views.obs = ffi.NULL if obs is None else obs
        st = lib.he_batch_step(self.spec, self.hands, a, r, self.views, strict, self.range, self._bad)
        return int(st), int(self._bad[0])

    def sample(self, key: int, out: NDArray[np.int32]) -> int:
        return int(lib.he_batch_sample(self.views.mask, self.spec.n_fractions + 3, key,
                                       ffi.from_buffer("int32_t[]", out), self.range))

    def check_hands(self) -> tuple[int, int, int]:
        """he_batch_check_hands over every hand: (status, bad hand, fault)."""
        st = lib.he_batch_check_hands(self.spec, self.hands.hands, 0, self.range.end, self._bad,
                                      self._fault)
        return int(st), int(self._bad[0]), int(self._fault[0])
