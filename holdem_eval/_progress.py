"""Progress display for long jobs: a tqdm bar when tqdm is installed, else one plain line.

tqdm is an optional dependency (in the ``io``, ``dask`` and ``all`` extras). Without it
the job still shows progress: a single line on stderr, rewritten at most twice a second.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TextIO

__all__ = ["ProgressCallback", "progress_bar"]

ProgressCallback = Callable[[int], None]  # called with the number of new items done


class _PlainLine:
    """The fallback: ``  1,234,567 / 9,000,000 hands  21.3 M hands/s`` on one line."""

    def __init__(self, total: int | None, unit: str, desc: str, stream: TextIO) -> None:
        self._total = total
        self._unit = unit
        self._desc = desc
        self._stream = stream
        self._done = 0
        self._start = time.perf_counter()
        self._shown = 0.0

    def update(self, n: int) -> None:
        self._done += n
        now = time.perf_counter()
        if now - self._shown >= 0.5:
            self._shown = now
            self._show(now)

    def _show(self, now: float) -> None:
        rate = self._done / max(now - self._start, 1e-9)
        total = f" / {self._total:,}" if self._total is not None else ""
        scaled = f"{rate / 1e6:.1f} M" if rate >= 1e5 else f"{rate:,.1f} "
        self._stream.write(
            f"\r{self._desc}: {self._done:,}{total} {self._unit}  {scaled}{self._unit}/s"
        )
        self._stream.flush()

    def close(self) -> None:
        self._show(time.perf_counter())
        self._stream.write("\n")
        self._stream.flush()


def _is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


@contextmanager
def progress_bar(
    total: int | None, *, unit: str, desc: str, enabled: bool = True, stream: TextIO | None = None
) -> Iterator[ProgressCallback]:
    """A callback to report progress with, shown as a bar (tqdm) or a plain line.

    Without ``stream`` the bar goes to stderr, and only when stderr is a terminal: a job
    whose stderr is redirected to a file or a pipe gets no bar (and no carriage returns in
    its log). An explicit ``stream`` is always drawn on. ``enabled=False`` gives a callback
    that does nothing.
    """
    if not enabled or (stream is None and not _is_terminal(sys.stderr)):
        yield lambda n: None
        return
    out = sys.stderr if stream is None else stream
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]  # optional; stubs not required
    except ImportError:
        line = _PlainLine(total, unit, desc, out)
        try:
            yield line.update
        finally:
            line.close()
        return
    # SI-scaled counts (12.3M) for big totals; small ones (pairs, classes) stay whole numbers.
    scale = total is None or total >= 100_000
    bar: Any = tqdm(
        total=total, unit=f" {unit}", unit_scale=scale, desc=desc, file=out, smoothing=0.1
    )
    try:
        yield bar.update
    finally:
        bar.close()
