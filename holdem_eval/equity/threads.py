"""The threads of :func:`holdem_eval.equity`: GIL-free kernel calls spread over the
caller's thread and the package's persistent pool, with progress and Ctrl-C between calls.

Private to ``equity``.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import wait
from typing import Any, TypeVar

from .. import _bindings as nat

__all__ = ["run_calls"]

T = TypeVar("T")


def run_calls(calls: Sequence[Callable[[], T]], costs: Sequence[float], threads: int,
              progress: Callable[[float], None] | None) -> list[T]:
    """Run the GIL-free calls on ``threads`` threads (the caller's and the package's
    persistent pool, ``_bindings.pool``); results in call order, whatever order they
    finish in.

    Threads take the next call from a shared counter. ``progress`` gets the finished share
    of the total cost from the calling thread. Ctrl-C (or any error) stops every thread
    from taking another call; running calls are a few ms long.
    """
    n = len(calls)
    total = float(sum(costs)) or 1.0
    results: list[Any] = [None] * n
    if threads == 1 or n == 1:
        done = 0.0
        for i, call in enumerate(calls):
            results[i] = call()
            done += costs[i]
            if progress is not None:
                progress(min(done / total, 1.0))
        return results
    counter = itertools.count()
    stop = threading.Event()
    lock = threading.Lock()
    finished = [0.0]

    def step() -> bool:
        i = next(counter)  # atomic under the GIL
        if i >= n or stop.is_set():
            return False
        results[i] = calls[i]()
        with lock:
            finished[0] += costs[i]
        return True

    def worker() -> None:
        try:
            while step():
                pass
        except BaseException:
            stop.set()
            raise

    helpers = [nat.pool().submit(worker) for _ in range(min(threads, n) - 1)]
    try:
        while step():
            if progress is not None:
                progress(min(finished[0] / total, 1.0))
    except BaseException:
        stop.set()
        wait(helpers)
        raise
    for f in helpers:
        f.result()  # re-raises a helper's error
    if progress is not None:
        progress(1.0)
    return results
