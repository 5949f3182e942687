"""Count arguments checked at the door, with one documented maximum for every kernel.

Every function and CLI command that takes ``threads`` (or another worker count) checks it
here, so a count is refused the same way everywhere: an ``int`` (not a ``bool``) from 1 to
``MAX_THREADS``. ``default_threads()`` is the one default the CLI uses: the cores this
process may run on.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from .errors import HoldemEvalError

__all__ = ["MAX_THREADS", "CountArgumentError", "check_count", "check_threads", "default_threads"]

MAX_THREADS = 256
"""The most threads (or worker processes) any call starts; larger counts are refused."""


class CountArgumentError(HoldemEvalError, ValueError):
    """A thread, worker or other count argument outside its documented range."""


def check_count(value: Any, name: str, *, low: int = 1, high: int = MAX_THREADS) -> int:
    """``value`` as an ``int`` in ``low..high``; else ``CountArgumentError`` naming ``name``.

    >>> check_count(2, "threads")
    2
    >>> check_count(0, "workers")
    Traceback (most recent call last):
    ...
    holdem_eval._limits.CountArgumentError: workers must be an int from 1 to 256, got 0
    """
    ok = isinstance(value, (int, np.integer)) and not isinstance(value, bool)
    if not ok or not low <= int(value) <= high:
        raise CountArgumentError(f"{name} must be an int from {low} to {high}, got {value!r}")
    return int(value)


def check_threads(threads: Any, name: str = "threads") -> int:
    """``threads`` checked against ``1..MAX_THREADS`` (see ``check_count``)."""
    return check_count(threads, name)


def default_threads() -> int:
    """The cores this process may run on (at most ``MAX_THREADS``): the CLI's ``--threads`` default."""
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        n = os.cpu_count() or 1
    return max(1, min(n, MAX_THREADS))

