"""Small shared test utilities."""

from __future__ import annotations

import numpy as np


def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """n rows of k distinct card ids (uint8), uniformly random."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)
