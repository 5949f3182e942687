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

from .errors import CountArgumentError

__all__ = [
    "MAX_THREADS",
    "SEED_RANGE",
    "CountArgumentError",
    "check_count",
    "check_seed",
    "check_threads",
    "default_threads",
    "is_int",
]

MAX_THREADS = 256
"""The most threads (or worker processes) any call starts; larger counts are refused."""


def is_int(value: object) -> bool:
    """An int that is not a bool (``True`` is an ``int`` to Python, never a count to us)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_count(value: Any, name: str, *, low: int = 1, high: int = MAX_THREADS) -> int:
    """``value`` as an ``int`` in ``low..high``; else ``CountArgumentError`` naming ``name``.

    >>> check_count(2, "threads")
    2
    >>> check_count(0, "workers")
    Traceback (most recent call last):
    ...
    holdem_eval.errors.CountArgumentError: workers must be an int from 1 to 256, got 0
    """
    ok = isinstance(value, (int, np.integer)) and not isinstance(value, bool)
    if not ok or not low <= int(value) <= high:
        raise CountArgumentError(f"{name} must be an int from {low} to {high}, got {value!r}")
    return int(value)


def check_threads(threads: Any, name: str = "threads") -> int:
    """``threads`` checked against ``1..MAX_THREADS`` (see ``check_count``)."""
    return check_count(threads, name)


SEED_RANGE = "0 .. 2**64 - 1"
"""The seeds every seeded function takes: an int (a NumPy integer too) in this range."""


def check_seed(value: Any, error: type[Exception], name: str = "seed") -> int:
    """``value`` as an ``int`` in 0 .. 2**64 - 1 (a NumPy integer is an int; a bool is
    not); else ``error`` naming ``name``. The one seed rule of the package: nothing is
    reduced modulo 2**64, so two different seeds never deal the same cards.

    >>> check_seed(5, ValueError)
    5
    >>> check_seed(2**64, ValueError)
    Traceback (most recent call last):
    ...
    ValueError: seed must be an int in 0 .. 2**64 - 1, got 18446744073709551616
    """
    ok = isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
    if not ok or not 0 <= int(value) < 1 << 64:
        raise error(f"{name} must be an int in {SEED_RANGE}, got {value!r}")
    return int(value)


def default_threads() -> int:
    """The cores this process may run on (at most ``MAX_THREADS``): the CLI's ``--threads`` default."""
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        n = os.cpu_count() or 1
    return max(1, min(n, MAX_THREADS))

