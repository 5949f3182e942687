"""Background threads of the bulk jobs (holdem_eval/bulk/rank.py): reading the next chunk and
writing the last one while the current one is ranked, each with a bounded queue so memory
stays flat, and errors raised in the caller's thread."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .io import Sink

__all__ = ["BackgroundWriter", "prefetched"]


def prefetched(items: Iterator[Any], depth: int = 2) -> Iterator[Any]:
    """``items`` produced by a background thread, at most ``depth`` ahead (so memory stays
    bounded). pyarrow releases the GIL while it decodes, so reading the next chunk
    overlaps ranking and writing this one."""
    q: queue.Queue[tuple[str, Any]] = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def produce() -> None:
        try:
            for item in items:
                while not stop.is_set():
                    try:
                        q.put(("item", item), timeout=0.1)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
            q.put(("end", None))
        except BaseException as exc:  # handed to the consumer, raised there
            q.put(("error", exc))

    worker = threading.Thread(target=produce, name="holdem-eval-reader", daemon=True)
    worker.start()
    try:
        while True:
            kind, item = q.get()
            if kind == "end":
                return
            if kind == "error":
                raise item
            yield item
    finally:
        stop.set()
        while worker.is_alive():
            try:
                q.get_nowait()
            except queue.Empty:
                worker.join(timeout=0.05)


class BackgroundWriter:
    """Runs ``sink.write`` on a thread, at most ``depth`` batches behind the caller."""

    def __init__(self, sink: Sink, depth: int = 2) -> None:
        self.sink = sink
        self._q: queue.Queue[Any] = queue.Queue(maxsize=depth)
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="holdem-eval-writer", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            batch = self._q.get()
            if batch is None:
                return
            if self._error is None:
                try:
                    self.sink.write(batch)
                except BaseException as exc:  # raised in the caller's thread
                    self._error = exc

    def write(self, batch: Any) -> None:
        if self._error is not None:
            raise self._error
        self._q.put(batch)

    def finish(self) -> None:
        """Wait for every queued batch to be written; re-raise a write error."""
        self._q.put(None)
        self._thread.join()
        if self._error is not None:
            raise self._error
