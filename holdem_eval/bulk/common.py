"""What every bulk module shares: its exceptions, its limits and the import of optional
dependencies.

Kept apart from ``bulk`` so that ``matrix``, ``bulk_dask`` and the I/O helpers can use them
without importing each other.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..errors import (
    BadRowError,
    BulkArgumentError,
    ClusterConnectError,
    InputFileError,
    MissingDependencyError,
    OutputPathError,
)

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
