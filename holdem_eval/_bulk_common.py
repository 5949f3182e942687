"""What every bulk module shares: its exceptions, its limits and the import of optional
dependencies.

Kept apart from ``bulk`` so that ``matrix``, ``bulk_dask`` and the I/O helpers can use them
without importing each other.
"""

from __future__ import annotations

import importlib
from typing import Any

from .errors import HoldemEvalError

MAX_CHUNK_ROWS = 2**31 - 1  # a chunk is one Arrow batch: its offsets are int32

__all__ = [
    "MAX_CHUNK_ROWS",
    "BadRowError",
    "BulkArgumentError",
    "ClusterConnectError",
    "InputFileError",
    "MissingDependencyError",
    "OutputPathError",
    "pa_module",
    "require",
]


class MissingDependencyError(HoldemEvalError, ImportError):
    """An optional dependency is not installed; the message names the extra to install."""


class BadRowError(HoldemEvalError, ValueError):
    """A row of a hand file that cannot be ranked. ``row`` is its 0-based number (a CSV
    header is not a row; a malformed CSV line is one)."""

    def __init__(self, row: int, reason: str) -> None:
        super().__init__(f"row {row}: {reason}")
        self.row = row
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:  # so it crosses process boundaries (Dask) intact
        return (type(self), (self.row, self.reason))


class BulkArgumentError(HoldemEvalError, ValueError):
    """A bad argument to a bulk job: column names, formats, sources, chunk sizes."""


class InputFileError(HoldemEvalError, ValueError):
    """An input that cannot be read as the format it should be in (not Parquet, bytes that
    are not UTF-8 in a CSV); the message names the input."""


class OutputPathError(HoldemEvalError, ValueError):
    """An output path that would overwrite an input or another output of the same job."""


class ClusterConnectError(HoldemEvalError, ConnectionError):
    """The Dask scheduler could not be reached within the connect timeout."""


# Users meet these classes as holdem_eval.bulk.X (and bulk_dask.ClusterConnectError): say so
# in tracebacks and pickles (both modules re-export them, so unpickling finds them there).
for _cls in (MissingDependencyError, BadRowError, BulkArgumentError, InputFileError, OutputPathError):
    _cls.__module__ = "holdem_eval.bulk"
ClusterConnectError.__module__ = "holdem_eval.bulk_dask"


def require(module: str, extra: str) -> Any:
    """Import an optional dependency or raise ``MissingDependencyError`` naming its extra."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingDependencyError(
            f"{module} is needed for this and is not installed: pip install 'holdem-eval[{extra}]'"
        ) from exc


def pa_module() -> Any:
    """``pyarrow``, or ``MissingDependencyError`` naming the ``io`` extra."""
    return require("pyarrow", "io")
