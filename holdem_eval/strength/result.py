"""The typed result of :func:`holdem_eval.hand_strength`: per-row values and standard errors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import ShapeError

__all__ = ["StrengthResult"]


@dataclass(frozen=True, eq=False)
class StrengthResult:
    """What :func:`~holdem_eval.hand_strength` measured, one value per row.

    ``values`` has shape (n,) (``kind`` ``"ehs"``, ``"ehs2"``, ``"ppot"``, ``"npot"``) or
    (n, bins) (``"histogram"``: each row's shares of river strength by bin, summing to 1);
    ``stderr`` has the same shape: the Monte Carlo standard errors, 0.0 when ``exact``. The
    arrays are read-only. ``against`` is the opponent range in standard form (``"random"``);
    ``trials`` and ``seed`` are those of a Monte Carlo run (None when exact); ``bins`` that of
    a histogram (None otherwise). Two results are equal when every field is.
    """

    kind: str
    values: NDArray[np.float64]
    stderr: NDArray[np.float64]
    exact: bool
    opponents: int
    against: str
    trials: int | None = None
    seed: int | None = None
    bins: int | None = None

    def __post_init__(self) -> None:
        if self.values.shape != self.stderr.shape:
            raise ShapeError(f"StrengthResult.stderr must have shape {self.values.shape}, "
                             f"got {self.stderr.shape}")
        want = 2 if self.kind == "histogram" else 1
        if self.values.ndim != want:
            raise ShapeError(f"StrengthResult.values of kind {self.kind!r} must have {want} "
                             f"dimension(s), got shape {self.values.shape}")
        for a in (self.values, self.stderr):
            a.flags.writeable = False

    @property
    def method(self) -> str:
        """``"exact"`` or ``"monte_carlo"``."""
        return "exact" if self.exact else "monte_carlo"

    @property
    def bin_edges(self) -> NDArray[np.float64]:
        """The ``bins + 1`` edges of a histogram's equal bins of [0, 1] (a strength of 1
        counts in the last bin)."""
        if self.bins is None:
            raise ShapeError(f"a result of kind {self.kind!r} has no bins")
        return np.arange(self.bins + 1, dtype=np.float64) / self.bins

    def __len__(self) -> int:
        return int(self.values.shape[0])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StrengthResult):
            return NotImplemented
        same = (self.kind, self.exact, self.opponents, self.against, self.trials, self.seed,
                self.bins) == (other.kind, other.exact, other.opponents, other.against,
                               other.trials, other.seed, other.bins)
        return (same and np.array_equal(self.values, other.values)
                and np.array_equal(self.stderr, other.stderr))

    __hash__ = None  # type: ignore[assignment]  # equal by value, and the arrays are not hashable

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the fields, with the arrays as nested lists."""
        return {"kind": self.kind, "method": self.method, "opponents": self.opponents,
                "against": self.against, "trials": self.trials, "seed": self.seed,
                "bins": self.bins, "values": self.values.tolist(), "stderr": self.stderr.tolist()}
