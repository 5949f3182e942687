from __future__ import annotations

import numpy as np
import pytest


def deal(n: int, k: int, seed: int = 7) -> np.ndarray:
    """n seeded rows of k distinct card ids (uint8), uniformly random."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.fixture(scope="session")
def hands7() -> np.ndarray:
    return deal(2_000_000, 7)


@pytest.fixture(scope="session")
def omaha9() -> np.ndarray:
    return deal(500_000, 9, seed=11)
