"""What the stand-alone benchmark scripts share: seeded random deals, and timing in rounds
in which the cases take turns (so load from other processes falls on all of them alike),
reported as medians."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

import numpy as np

SLICE = 500_000  # rows dealt at a time: keeps the (rows, 52) temporary small


def deal(n: int, k: int, seed: int, low: int = 0) -> np.ndarray:
    """n rows of k distinct random cards from ids low..51 (4 * rank + suit), the same for
    one seed (whatever SLICE: the generator's draws are read in order)."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    for lo in range(0, n, SLICE):
        m = min(SLICE, n - lo)
        out[lo : lo + m] = np.argsort(rng.random((m, 52 - low)), axis=1)[:, :k] + low
    return out


def median_seconds(cases: Sequence[Callable[[], object]], rounds: int,
                   clock: Callable[[], float] = time.process_time) -> list[float]:
    """Seconds per case on ``clock`` (default CPU time), the median of ``rounds`` rounds,
    the cases taking turns within each round."""
    times: list[list[float]] = [[] for _ in cases]
    for _ in range(rounds):
        for i, fn in enumerate(cases):
            t = clock()
            fn()
            times[i].append(clock() - t)
    return [statistics.median(ts) for ts in times]
