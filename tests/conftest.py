from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/reference.py, tests/helpers.py


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(20261129)
